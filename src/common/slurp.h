/* slurp.h -- a text file read whole into one NUL-terminated buffer. */
#ifndef COLDLOAD_SLURP_H
#define COLDLOAD_SLURP_H

#include <stddef.h>

/* At most max bytes of path (NUL bytes in it become spaces, so the text ends
 * where the file does); *truncated = 1 when the file is longer. Only a
 * regular file is read, never through a symbolic link (common/safefile.h):
 * NULL with errno set when it cannot be read (ENOENT: absent), why (whylen
 * bytes, may be NULL) saying why. The caller frees. */
char *slurpText(const char *path, size_t max, int *truncated, char *why, size_t whylen);

#endif
