/* bench_direct.c -- the baselines p28_timing is compared with in `make bench`:
 *
 *   bench_direct svdvals SIZE RUNS   a plain loop calling LAPACKE_dgesdd on the
 *                                    same seeded matrix (restored untimed)
 *   bench_direct grad N RUNS         a hand-fused loop computing the same
 *                                    gradient, 2x sin x + x^2 cos x
 *
 * Prints "median_ms <value>" of RUNS timed calls after one untimed warm-up,
 * the same statistics p28_timing prints. */
#include <lapacke.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/linalg.h"
#include "bench/measure.h"
#include "common/stats.h"

static volatile double bdSink; /* keeps the fused loop from being elided */

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: bench_direct svdvals|grad SIZE RUNS\n");
        return 2;
    }
    long size = atol(argv[2]), runs = atol(argv[3]);
    if (size < 1 || runs < 1 || size > 4096) {
        fprintf(stderr, "bench_direct: SIZE 1..4096 and RUNS >= 1\n");
        return 2;
    }
    double *t = malloc((size_t)runs * sizeof(double));
    if (!t) return 1;
    linalgSetThreads(1);
    if (strcmp(argv[1], "svdvals") == 0) {
        size_t nn = (size_t)size * (size_t)size;
        double *pristine = malloc(nn * sizeof(double)), *a = malloc(nn * sizeof(double));
        double *s = malloc((size_t)size * sizeof(double));
        linalgSeededMatrix(pristine, (size_t)size, (size_t)size, 256); /* p28_timing's seed */
        for (long i = -1; i < runs; i++) {
            memcpy(a, pristine, nn * sizeof(double));
            double t0 = measureNowMs();
            /* The same layout linalgSvdvals uses (column-major on the buffer
             * as it lies), so the ratio measures coldload's overhead only. */
            LAPACKE_dgesdd(LAPACK_COL_MAJOR, 'N', (int)size, (int)size, a, (int)size, s, NULL,
                           (int)size, NULL, (int)size);
            if (i >= 0) t[i] = measureNowMs() - t0;
        }
        free(pristine);
        free(a);
        free(s);
    } else if (strcmp(argv[1], "grad") == 0) {
        double *x = malloc((size_t)size * sizeof(double)),
               *g = malloc((size_t)size * sizeof(double));
        linalgSeededMatrix(x, 1, (size_t)size, 28);
        for (long i = 0; i < size; i++) x[i] *= 2.0;
        for (long r = -1; r < runs; r++) {
            double t0 = measureNowMs();
            for (long i = 0; i < size; i++) g[i] = 2.0 * x[i] * sin(x[i]) + x[i] * x[i] * cos(x[i]);
            if (r >= 0) t[r] = measureNowMs() - t0;
            bdSink = g[size / 2];
        }
        free(x);
        free(g);
    } else {
        fprintf(stderr, "bench_direct: unknown workload '%s'\n", argv[1]);
        return 2;
    }
    statsSummary st;
    statsOf(t, (size_t)runs, &st);
    printf("median_ms %.6f\n", st.median);
    free(t);
    return 0;
}
