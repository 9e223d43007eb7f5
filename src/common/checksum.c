/* checksum.c -- FNV-1a over result bytes (see checksum.h). */
#include "common/checksum.h"

#include <errno.h>
#include <unistd.h>

uint64_t checksumBytes(uint64_t h, const void *p, size_t n) {
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

int checksumFd(int fd, uint64_t *h, long long *bytes) {
    unsigned char buf[65536];
    for (;;) {
        ssize_t n = read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return -1;
        if (n == 0) return 0;
        *h = checksumBytes(*h, buf, (size_t)n);
        *bytes += n;
    }
}

uint64_t checksumMore(uint64_t h, const double *x, size_t n) {
    return checksumBytes(h, x, n * sizeof(double));
}

uint64_t checksumOf(const double *x, size_t n) { return checksumMore(CHECKSUM_FNV_OFFSET, x, n); }
