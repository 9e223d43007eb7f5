/* safefile.h -- files opened only when they are what coldload expects: a
 * results directory (and any path a user names) is hostile data, whoever
 * else can write there may have planted a FIFO, a device node or a
 * symbolic link where a file of ours should be.
 *
 * Reading: regular files only, never through a symbolic link (a FIFO would
 * block open() and read() forever, a link would show another file's text in
 * a report). Writing: a file is made or replaced only when it is absent or
 * a regular file (a rename over /dev/null replaces the system's device
 * node), and a directory written into is a directory, not a link to one.
 *
 * Each function says why it refused in why (the reason alone, e.g. "a FIFO,
 * not a regular file"; the caller names the path) and leaves errno set:
 * ENOENT when the path is absent, ELOOP for a symbolic link, EINVAL for
 * another kind of file, else the system's. */
#ifndef COLDLOAD_SAFEFILE_H
#define COLDLOAD_SAFEFILE_H

#include <stddef.h>
#include <stdio.h>

/* room for any reason these functions give */
#define SAFEFILE_WHY_MAX 160

/* The kind of file st_mode is, for messages: "a FIFO", "a character
 * device", "a directory" ... */
const char *safefileKindName(unsigned mode);

/* Opens path read-only when it is a regular file and not a symbolic link:
 * O_NONBLOCK for the open (a FIFO never blocks it), fstat, then blocking
 * again. The descriptor (close-on-exec), or -1 with why and errno set. */
int safefileOpenRead(const char *path, char *why, size_t whylen);

/* The same as a stdio stream ("r"); NULL with why and errno set. */
FILE *safefileFopenRead(const char *path, char *why, size_t whylen);

/* 0 when path is absent or a regular file (lstat: a link is neither),
 * else -1 with why and errno set: what may be replaced. */
int safefileReplaceable(const char *path, char *why, size_t whylen);

/* Whether a file can be written at path before anything is measured or
 * written: it is replaceable (above), its directory exists and a file can
 * be made in it (a temporary one, removed at once: a read-only mount, /proc
 * or a missing directory fails here). 0, or -1 with why and errno set. */
int safefileWritable(const char *path, char *why, size_t whylen);

/* path as a directory to write into: one that is a directory itself (not
 * a link to one), or made (mode 0777 less the umask) when absent and make
 * is set. 0, or -1 with why and errno set. */
int safefileDir(const char *path, int make, char *why, size_t whylen);

#endif
