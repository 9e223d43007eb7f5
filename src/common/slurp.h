/* slurp.h -- a text file read whole into one NUL-terminated buffer. */
#ifndef COLDLOAD_SLURP_H
#define COLDLOAD_SLURP_H

#include <stddef.h>

/* At most max bytes of path (NUL bytes in it become spaces, so the text ends
 * where the file does); *truncated = 1 when the file is longer. NULL (errno
 * set) when it cannot be read. The caller frees. */
char *slurpText(const char *path, size_t max, int *truncated);

#endif
