/* prefault.h -- touch a buffer's pages before it is timed, so that the
 * kernel's first-touch page faults fall outside the call that uses it
 * (--prefault: the "first touch" part of a first run). */
#ifndef COLDLOAD_PREFAULT_H
#define COLDLOAD_PREFAULT_H

#include <stddef.h>

/* Writes one byte of every page of p[0..bytes) with the value it holds, so
 * the contents are unchanged and every page is mapped writable (a read alone
 * would map the shared zero page and leave the write fault for later).
 * Returns the pages touched. p may be NULL when bytes is 0. */
size_t prefaultPages(void *p, size_t bytes);

#endif
