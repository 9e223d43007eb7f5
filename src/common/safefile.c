/* safefile.c -- regular files read, regular files replaced, real directories
 * written into (see safefile.h). */
#include "common/safefile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *safefileKindName(unsigned mode) {
    switch (mode & S_IFMT) {
    case S_IFREG: return "a regular file";
    case S_IFDIR: return "a directory";
    case S_IFLNK: return "a symbolic link";
    case S_IFIFO: return "a FIFO";
    case S_IFCHR: return "a character device";
    case S_IFBLK: return "a block device";
    case S_IFSOCK: return "a socket";
    default: return "not a file";
    }
}

/* why = the system's reason, errno kept. */
static int safefileSys(char *why, size_t whylen) {
    int e = errno;
    snprintf(why, whylen, "%s", strerror(e));
    errno = e;
    return -1;
}

/* why = what path is instead of a regular file; errno ELOOP or EINVAL. */
static int safefileNotRegular(unsigned mode, const char *what, char *why, size_t whylen) {
    if (S_ISLNK(mode)) {
        snprintf(why, whylen, "a symbolic link: not followed");
        errno = ELOOP;
    } else {
        snprintf(why, whylen, "%s, not a regular file: not %s", safefileKindName(mode), what);
        errno = EINVAL;
    }
    return -1;
}

int safefileOpenRead(const char *path, char *why, size_t whylen) {
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
    struct stat st;
    if (fd < 0) {
        /* O_NOFOLLOW's ELOOP: say it is a link (lstat tells it from a loop) */
        if (errno == ELOOP && lstat(path, &st) == 0 && S_ISLNK(st.st_mode))
            return safefileNotRegular(st.st_mode, "read", why, whylen);
        return safefileSys(why, whylen);
    }
    if (fstat(fd, &st) != 0) {
        safefileSys(why, whylen);
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    int fl = S_ISREG(st.st_mode) ? fcntl(fd, F_GETFL) : -1;
    if (!S_ISREG(st.st_mode) || fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) != 0) {
        if (S_ISREG(st.st_mode)) safefileSys(why, whylen);
        else safefileNotRegular(st.st_mode, "read", why, whylen);
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    return fd;
}

FILE *safefileFopenRead(const char *path, char *why, size_t whylen) {
    int fd = safefileOpenRead(path, why, whylen);
    if (fd < 0) return NULL;
    FILE *f = fdopen(fd, "r");
    if (!f) {
        safefileSys(why, whylen);
        int e = errno;
        close(fd);
        errno = e;
    }
    return f;
}

int safefileReplaceable(const char *path, char *why, size_t whylen) {
    struct stat st;
    if (lstat(path, &st) != 0) {
        if (errno == ENOENT) return 0;
        return safefileSys(why, whylen);
    }
    if (S_ISREG(st.st_mode)) return 0;
    return safefileNotRegular(st.st_mode, "replaced", why, whylen);
}

int safefileWritable(const char *path, char *why, size_t whylen) {
    if (safefileReplaceable(path, why, whylen) != 0) return -1;
    const char *slash = strrchr(path, '/'), *name = slash ? slash + 1 : path;
    char *dir = slash == path ? strdup("/")
                : slash       ? strndup(path, (size_t)(slash - path))
                              : strdup(".");
    char *probe = NULL;
    struct stat st;
    int rc = -1, sr = dir ? stat(dir, &st) : -1, e = sr != 0 ? errno : ENOTDIR;
    if (!dir || asprintf(&probe, "%s/.%s.XXXXXX", dir, name) < 0) {
        probe = NULL;
        errno = ENOMEM;
        safefileSys(why, whylen);
    } else if (sr != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(why, whylen, "no directory %s to write it in", dir);
        errno = e;
    } else {
        int fd = mkstemp(probe);
        if (fd < 0) {
            e = errno;
            snprintf(why, whylen, "no file can be made in %s: %s", dir, strerror(e));
            errno = e;
        } else {
            close(fd);
            unlink(probe);
            rc = 0;
        }
    }
    free(dir);
    free(probe);
    return rc;
}

int safefileDir(const char *path, int make, char *why, size_t whylen) {
    struct stat st;
    if (lstat(path, &st) != 0) {
        if (errno != ENOENT || !make) return safefileSys(why, whylen);
        if (mkdir(path, 0777) == 0) return 0;
        if (errno != EEXIST || lstat(path, &st) != 0) return safefileSys(why, whylen);
    }
    if (S_ISDIR(st.st_mode)) return 0;
    if (S_ISLNK(st.st_mode)) {
        snprintf(why, whylen, "a symbolic link: not followed");
        errno = ELOOP;
    } else {
        snprintf(why, whylen, "%s, not a directory", safefileKindName(st.st_mode));
        errno = ENOTDIR;
    }
    return -1;
}
