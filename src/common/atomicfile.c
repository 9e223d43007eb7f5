/* atomicfile.c -- whole files through mkstemp and rename (see atomicfile.h). */
#include "common/atomicfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void atomicFree(atomicFile *a) {
    free(a->path);
    free(a->tmp);
    a->path = a->tmp = NULL;
    a->f = NULL;
}

/* a->why from errno, kept. */
static int atomicWhy(atomicFile *a) {
    int e = errno;
    snprintf(a->why, sizeof a->why, "%s", strerror(e));
    errno = e;
    return -1;
}

int atomicOpen(atomicFile *a, const char *path) {
    a->f = NULL;
    a->tmp = NULL;
    a->path = NULL;
    a->why[0] = '\0';
    if (safefileReplaceable(path, a->why, sizeof a->why) != 0) return -1;
    if (!(a->path = strdup(path))) return atomicWhy(a);
    const char *slash = strrchr(path, '/');
    int dirlen = slash ? (int)(slash - path + 1) : 0;
    if (asprintf(&a->tmp, "%.*s.%s.XXXXXX", dirlen, path, path + dirlen) < 0) {
        a->tmp = NULL;
        atomicFree(a);
        errno = ENOMEM;
        return atomicWhy(a);
    }
    int fd = mkstemp(a->tmp);
    if (fd < 0) {
        int e = errno;
        atomicFree(a);
        errno = e;
        return atomicWhy(a);
    }
    /* mkstemp makes it 0600; the file it replaces was made as fopen would */
    mode_t mask = umask(0);
    umask(mask);
    if (fchmod(fd, 0666 & ~mask) != 0 || !(a->f = fdopen(fd, "w"))) {
        int e = errno;
        close(fd);
        unlink(a->tmp);
        atomicFree(a);
        errno = e;
        return atomicWhy(a);
    }
    return 0;
}

int atomicCommit(atomicFile *a) {
    if (!a->f) return -1;
    int rc = fclose(a->f) == 0 && rename(a->tmp, a->path) == 0 ? 0 : -1;
    int e = errno;
    if (rc != 0) unlink(a->tmp);
    atomicFree(a);
    errno = e;
    return rc;
}

void atomicAbort(atomicFile *a) {
    if (!a->f) return;
    fclose(a->f);
    unlink(a->tmp);
    atomicFree(a);
}
