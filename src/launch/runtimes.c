/* runtimes.c -- the threading runtimes a run loaded (see runtimes.h). */
#include "launch/runtimes.h"

#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Debian's OpenBLAS variants live in directories of their names
 * (/usr/lib/x86_64-linux-gnu/openblas-pthread/libopenblas.so.0). */
const runtime runtimes[] = {
    {"libgomp", "/libgomp.so", "OMP_NUM_THREADS", NULL, NULL},
    {"libomp", "/libomp.so", "OMP_NUM_THREADS", NULL, NULL},
    {"libiomp5", "/libiomp5.so", "OMP_NUM_THREADS", NULL, NULL},
    {"libopenblas (pthread)", "openblas-pthread/", "OPENBLAS_NUM_THREADS", NULL, NULL},
    {"libopenblas (openmp)", "openblas-openmp/", "OMP_NUM_THREADS", NULL, NULL},
    {"libopenblas (serial)", "openblas-serial/", "", NULL, NULL},
    {"libopenblas", "/libopenblas", "OPENBLAS_NUM_THREADS", NULL, NULL},
    {"libmkl", "/libmkl_", "MKL_NUM_THREADS", NULL, NULL},
    {"libtbb", "/libtbb", "", NULL, NULL},
    {"libblis", "/libblis", "BLIS_NUM_THREADS", NULL, NULL},
    /* linked into the program: https://pkg.go.dev/runtime (GOMAXPROCS),
     * https://docs.rs/rayon (RAYON_NUM_THREADS) */
    {"Go runtime", NULL, "GOMAXPROCS", ".go.buildinfo", NULL},
    {"rayon (Rust)", NULL, "RAYON_NUM_THREADS", NULL, "rayon_core"},
};
const size_t runtimesN = sizeof runtimes / sizeof runtimes[0];
_Static_assert(sizeof runtimes / sizeof runtimes[0] <= RUNTIMES_MAX, "runtimes: RUNTIMES_MAX");

int runtimesOf(int pid, unsigned char *found) {
    char path[64], line[4096];
    snprintf(path, sizeof path, "/proc/%d/maps", pid);
    FILE *f = fopen(path, "re");
    if (!f) return -1;
    while (fgets(line, sizeof line, f)) {
        const char *file = strchr(line, '/');
        if (!file) continue;
        for (size_t i = 0; i < runtimesN; i++)
            if (runtimes[i].pattern && strstr(file, runtimes[i].pattern)) {
                found[i] = 1;
                break;
            }
    }
    fclose(f);
    return 0;
}

void runtimesList(const unsigned char *found, char *buf, size_t len) {
    size_t o = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < runtimesN && o < len; i++)
        if (found[i])
            o += (size_t)snprintf(buf + o, len - o, "%s%s:%s", o ? ";" : "", runtimes[i].name,
                                  runtimes[i].variable);
}

/* n bytes at offset off of fd into buf: 0, or -1 short. */
static int runtimesRead(int fd, void *buf, size_t n, off_t off) {
    size_t got = 0;
    while (got < n) {
        ssize_t r = pread(fd, (char *)buf + got, n - got, off + (off_t)got);
        if (r <= 0) return -1;
        got += (size_t)r;
    }
    return 0;
}

/* Whether the string table [off, off + size) of fd holds needle, read in
 * blocks that overlap by the needle's length. */
static int runtimesTableHas(int fd, off_t off, size_t size, const char *needle) {
    enum { BLOCK = 1 << 16 };
    size_t nl = strlen(needle);
    char *buf = malloc(BLOCK + 1);
    int hit = 0;
    if (size > RUNTIMES_STRTAB_MAX) size = RUNTIMES_STRTAB_MAX;
    for (size_t at = 0; buf && !hit && at < size;) {
        size_t n = size - at < BLOCK ? size - at : BLOCK;
        if (runtimesRead(fd, buf, n, off + (off_t)at) != 0) break;
        buf[n] = '\0';
        for (size_t k = 0; k + nl <= n && !hit; k++) hit = memcmp(buf + k, needle, nl) == 0;
        if (n < BLOCK) break;
        at += n - nl;
    }
    free(buf);
    return hit;
}

int runtimesOfElf(int fd, unsigned char *found) {
    Elf64_Ehdr eh;
    if (runtimesRead(fd, &eh, sizeof eh, 0) != 0 || memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 ||
        eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_ident[EI_DATA] != ELFDATA2LSB ||
        eh.e_shentsize != sizeof(Elf64_Shdr) || eh.e_shnum == 0 || eh.e_shnum > 4096 ||
        eh.e_shstrndx >= eh.e_shnum)
        return -1;
    Elf64_Shdr *sh = calloc(eh.e_shnum, sizeof *sh);
    char *names = NULL;
    int rc = -1;
    if (!sh || runtimesRead(fd, sh, eh.e_shnum * sizeof *sh, (off_t)eh.e_shoff) != 0) goto out;
    const Elf64_Shdr *ns = &sh[eh.e_shstrndx];
    if (ns->sh_size == 0 || ns->sh_size > (1u << 20) || !(names = malloc(ns->sh_size + 1)) ||
        runtimesRead(fd, names, ns->sh_size, (off_t)ns->sh_offset) != 0)
        goto out;
    names[ns->sh_size] = '\0';
    for (size_t s = 0; s < eh.e_shnum; s++) {
        const char *name = sh[s].sh_name < ns->sh_size ? names + sh[s].sh_name : "";
        for (size_t i = 0; i < runtimesN; i++) {
            if (runtimes[i].section && strcmp(name, runtimes[i].section) == 0) found[i] = 1;
            /* symbol names: the symbol table's own string table */
            if (runtimes[i].symbol && !found[i] && sh[s].sh_type == SHT_SYMTAB &&
                sh[s].sh_link < eh.e_shnum && sh[sh[s].sh_link].sh_type == SHT_STRTAB &&
                runtimesTableHas(fd, (off_t)sh[sh[s].sh_link].sh_offset, sh[sh[s].sh_link].sh_size,
                                 runtimes[i].symbol))
                found[i] = 1;
        }
    }
    rc = 0;
out:
    free(sh);
    free(names);
    return rc;
}
