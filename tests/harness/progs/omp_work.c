/* omp_work.c -- a threaded program for tests/harness/threads.bats and the
 * README's example: REPS (argv[1], default 50: ~50 ms at width 1 on a 2-vCPU
 * machine here) passes of a static OpenMP reduction. It prints the sum
 * rounded to 6 digits, which does not depend on the thread count, so its
 * output is the same at every width. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 50;
    double s = 0;
    for (int rep = 0; rep < reps; rep++) {
#pragma omp parallel for reduction(+ : s) schedule(static)
        for (long i = 0; i < 1000000; i++) s += (double)(i % 7) * 1e-6;
    }
    printf("%.6f\n", s);
    return 0;
}
