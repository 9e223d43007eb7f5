/* runtimes.h -- which threading runtimes a run loaded, from the files
 * mapped into its processes (/proc/PID/maps), and the variable that sets
 * each one's thread count.
 *
 * Why: a width reaches a program only through the runtime that sizes its
 * pool. "It loaded libopenblas (pthread) and libgomp: the width reached it
 * through OPENBLAS_NUM_THREADS and OMP_NUM_THREADS" tells a user the cells
 * measured what they think; a runtime none of the width variables controls
 * (oneTBB has no such variable) means its threads ran at their own count.
 * One table row per runtime; the first row whose pattern a mapped path
 * holds names it (the OpenBLAS variants before plain libopenblas).
 *
 * A runtime linked into the program maps no library of its own: Go's (every
 * Go binary carries a .go.buildinfo section) and Rust's rayon (its symbols,
 * rayon_core::..., where the binary is not stripped). Those rows name what
 * the program's own ELF file holds instead (runtimesOfElf), read once the
 * run is over, so none of it costs the run any time. */
#ifndef COLDLOAD_RUNTIMES_H
#define COLDLOAD_RUNTIMES_H

#include <stddef.h>

typedef struct runtime {
    const char *name;     /* "libopenblas (pthread)" */
    const char *pattern;  /* a part of the mapped file's path */
    const char *variable; /* the variable that sets its threads, "" when none */
    const char *section;  /* linked in: an ELF section every such binary has (NULL: none) */
    const char *symbol;   /* linked in: a part of a symbol's name, in .strtab (NULL: none) */
} runtime;

#define RUNTIMES_MAX 32 /* rows the table may grow to (a found[] of this size) */

extern const runtime runtimes[];
extern const size_t runtimesN;

/* Marks in found[0..RUNTIMES_MAX) the runtimes process pid has mapped. 0, or -1
 * when its maps could not be read (it ended). */
int runtimesOf(int pid, unsigned char *found);

/* Marks in found[] the linked-in runtimes the ELF file open at fd holds (a
 * 64-bit little-endian ELF; anything else marks nothing). Reads its section
 * headers and at most RUNTIMES_STRTAB_MAX bytes of its symbol names. 0, or
 * -1 when fd is not such a file. */
#define RUNTIMES_STRTAB_MAX (64u << 20)
int runtimesOfElf(int fd, unsigned char *found);

/* "libgomp:OMP_NUM_THREADS;libopenblas (pthread):OPENBLAS_NUM_THREADS" for
 * the found ones, in table order ("" when none). */
void runtimesList(const unsigned char *found, char *buf, size_t len);

#endif
