/* coldtrace_prog.c -- the test program of tests/harness/coldtrace.bats: a
 * cold start that reads more than its DT_NEEDED libraries. It opens and reads
 * a data file (argv[1]) and dlopens a library (argv[2]), as python3 reads its
 * .pyc files and numpy its BLAS kernel; with argv[3] it first creates that
 * file, so a test can tell whether the program ran at all. */
#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: coldtrace_prog DATA LIBRARY [RAN-MARKER]\n");
        return 2;
    }
    if (argc > 3) {
        FILE *m = fopen(argv[3], "w");
        if (m) fclose(m);
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) return 1;
    char buf[65536];
    size_t n = 0, r;
    while ((r = fread(buf, 1, sizeof buf, f)) > 0) n += r;
    fclose(f);
    void *h = dlopen(argv[2], RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        fprintf(stderr, "dlopen: %s\n", dlerror());
        return 1;
    }
    dlclose(h);
    printf("read %zu bytes, loaded %s\n", n, argv[2]);
    return 0;
}
