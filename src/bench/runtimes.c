/* runtimes.c -- the threading runtimes a run loaded (see runtimes.h). */
#include "bench/runtimes.h"

#include <stdio.h>
#include <string.h>

/* Debian's OpenBLAS variants live in directories of their names
 * (/usr/lib/x86_64-linux-gnu/openblas-pthread/libopenblas.so.0). */
const runtime runtimes[] = {
    {"libgomp", "/libgomp.so", "OMP_NUM_THREADS"},
    {"libomp", "/libomp.so", "OMP_NUM_THREADS"},
    {"libiomp5", "/libiomp5.so", "OMP_NUM_THREADS"},
    {"libopenblas (pthread)", "openblas-pthread/", "OPENBLAS_NUM_THREADS"},
    {"libopenblas (openmp)", "openblas-openmp/", "OMP_NUM_THREADS"},
    {"libopenblas (serial)", "openblas-serial/", ""},
    {"libopenblas", "/libopenblas", "OPENBLAS_NUM_THREADS"},
    {"libmkl", "/libmkl_", "MKL_NUM_THREADS"},
    {"libtbb", "/libtbb", ""},
    {"libblis", "/libblis", "BLIS_NUM_THREADS"},
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
            if (strstr(file, runtimes[i].pattern)) {
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
