/* bench_warmup.c -- what classifying every process's series costs
 * (verdict/warmup: PELT on mean and variance, then the rules), on a results
 * directory: `make bench-warmup DIR=results/latest`.
 *
 * Loads the directory once (no verdicts), then classifies every process of
 * every group REPS times (default 20) and prints the processes, their calls
 * and the milliseconds one whole pass took: the median over the reps, and
 * the lowest and highest. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "common/stats.h"
#include "results/results.h"
#include "verdict/warmup.h"

static double bwNowMs(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
    if (argc < 2 || argc > 3) {
        fputs("usage: bench_warmup RESULTS_DIR [REPS]\n", stderr);
        return 2;
    }
    long reps = argc == 3 ? atol(argv[2]) : 20;
    if (reps < 1 || reps > 100000) return fputs("bench_warmup: REPS 1..100000\n", stderr), 2;
    verdictThresholds t;
    verdictDefaults(&t);
    results r;
    char err[512];
    const resultsOptions o = {NULL, NULL, 0};
    if (resultsLoad(&r, argv[1], &t, &o, err, sizeof err) != 0) {
        fprintf(stderr, "bench_warmup: %s\n", err);
        resultsFree(&r);
        return 2;
    }
    double *ms = malloc((size_t)reps * sizeof *ms);
    if (!ms) return 1;
    size_t procs = 0, calls = 0;
    for (long k = 0; k < reps; k++) {
        double t0 = bwNowMs();
        for (size_t i = 0; i < r.s.n; i++)
            for (size_t j = 0; j < r.s.g[i].nproc; j++) {
                warmupProc w;
                if (warmupClassify(&r.s.g[i].proc[j], &r.t, &w) != 0) return 1;
                if (k == 0) procs++, calls += w.calls;
            }
        ms[k] = bwNowMs() - t0;
    }
    qsort(ms, (size_t)reps, sizeof *ms, statsCmpDouble);
    printf("bench-warmup: %s: %zu processes, %zu calls; one pass over all: median %.3f ms "
           "(%.3f-%.3f) over %ld reps\n",
           argv[1], procs, calls, ms[reps / 2], ms[0], ms[reps - 1], reps);
    free(ms);
    resultsFree(&r);
    return 0;
}
