/* checksum.h -- FNV-1a (64-bit) over the bytes of results: equal bits, equal
 * checksum. The workloads print it, the rows carry it, the summary compares it. */
#ifndef COLDLOAD_CHECKSUM_H
#define COLDLOAD_CHECKSUM_H

#include <stddef.h>
#include <stdint.h>

#define CHECKSUM_FNV_OFFSET 0xcbf29ce484222325ULL

uint64_t checksumOf(const double *x, size_t n);
/* Continue a checksum over more doubles (start with CHECKSUM_FNV_OFFSET). */
uint64_t checksumMore(uint64_t h, const double *x, size_t n);

/* Continue a checksum over n bytes (a program's stdout: launch/launch.h). */
uint64_t checksumBytes(uint64_t h, const void *p, size_t n);

/* Continue *h over everything read from fd up to its end, one block at a
 * time (a file of any size, never held whole), adding the bytes read to
 * *bytes. 0, or -1 with errno set when a read failed. */
int checksumFd(int fd, uint64_t *h, long long *bytes);

#endif
