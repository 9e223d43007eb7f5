/* prefault.c -- write-touch every page of a buffer (see prefault.h). */
#include "common/prefault.h"

#include <stdint.h>
#include <unistd.h>

size_t prefaultPages(void *p, size_t bytes) {
    if (!p || bytes == 0) return 0;
    static size_t page;
    if (!page) {
        long ps = sysconf(_SC_PAGESIZE);
        page = ps > 0 ? (size_t)ps : 4096;
    }
    /* volatile: the store of the byte's own value must happen -- it is the
     * point -- though it changes nothing the compiler can see. */
    volatile unsigned char *b = p;
    uintptr_t start = (uintptr_t)p, end = start + bytes;
    size_t n = 0;
    /* the first byte, then the first byte of each following page */
    for (uintptr_t a = start; a < end; a = (a / page + 1) * page, n++) b[a - start] = b[a - start];
    return n;
}
