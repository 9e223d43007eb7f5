/* atomicfile.h -- a file written whole or not at all, safely in a directory
 * others may write: the text goes to a temporary file that mkstemp makes in
 * the target's directory (O_CREAT | O_EXCL: a name nobody could plant, and
 * never through a symlink), renamed over the target once complete. A fixed
 * "<file>.tmp" could be a planted symlink that root's run would write
 * through. Only a regular file is replaced (common/safefile.h): a rename
 * over a device node, a FIFO or a link would replace that instead -- the
 * system's /dev/null, for a root run told to write there. */
#ifndef COLDLOAD_ATOMICFILE_H
#define COLDLOAD_ATOMICFILE_H

#include <stdio.h>

#include "common/safefile.h"

typedef struct atomicFile {
    FILE *f;                    /* write here */
    char *path;                 /* the target */
    char *tmp;                  /* "<dir>/.<name>.XXXXXX" */
    char why[SAFEFILE_WHY_MAX]; /* why atomicOpen failed */
} atomicFile;

/* Opens a temporary file for path, mode 0666 less the umask (as fopen's
 * would be), when path is absent or a regular file. 0, or -1 with errno set
 * and a->why saying why (a->f NULL; atomicAbort is then a no-op). */
int atomicOpen(atomicFile *a, const char *path);

/* Closes a->f and renames the file over the target: 0, or -1 with errno set
 * (the temporary file removed). */
int atomicCommit(atomicFile *a);

/* Closes a->f and removes the temporary file; the target is untouched. */
void atomicAbort(atomicFile *a);

#endif
