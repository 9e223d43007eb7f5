/* checksum.c -- FNV-1a over result bytes (see checksum.h). */
#include "common/checksum.h"

uint64_t checksumBytes(uint64_t h, const void *p, size_t n) {
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

uint64_t checksumMore(uint64_t h, const double *x, size_t n) {
    return checksumBytes(h, x, n * sizeof(double));
}

uint64_t checksumOf(const double *x, size_t n) { return checksumMore(CHECKSUM_FNV_OFFSET, x, n); }
