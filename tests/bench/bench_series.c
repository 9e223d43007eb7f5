/* bench_series.c -- how soon matching a program's output stops (`make
 * bench`): a line that '(a{1,100}){1,100}b' takes seconds on, fed to a
 * series whose budget is 200 ms, one whose deadline is 150 ms away, and one
 * whose stop flag is set. Each stops within a slice or two of SERIES_WAIT_MS
 * past its bound (target: bound + 3 slices + 100 ms; a stop flag: 2 slices +
 * 100 ms) on an idle machine. tests/unit/test_series.c checks that it stops
 * at all (within a minute, a busy machine's bound); the speed is here. The
 * median of 5 rounds each. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "launch/series.h"

static const char slowRe[] = "^t=([0-9]+)$|(a{1,100}){1,100}b";
static char slowLine[4002];

static double nowMs(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* kind 0: budget, 1: deadline, 2: stop flag. The ms from the first line
 * fed to seriesEnd's return; the series is static (its thread may still
 * be matching when it gives up) and never freed, as in the unit test. */
static double once(int kind) {
    static series s[3 * 5];
    static int used;
    static volatile sig_atomic_t stop;
    series *x = &s[used++];
    char err[256];
    if (seriesInit(x, slowRe, err, sizeof err) != 0) {
        fprintf(stderr, "bench_series: %s\n", err);
        exit(1);
    }
    if (kind == 0) x->budget_ms = 200;
    if (kind == 1) seriesLimit(x, nowMs() + 150, "the run's cap", NULL);
    if (kind == 2) {
        stop = 0;
        seriesLimit(x, 0, NULL, &stop);
    }
    double t0 = nowMs();
    seriesFeed(x, "t=7\n", 4);
    if (kind == 2) stop = 1;
    seriesFeed(x, slowLine, strlen(slowLine));
    seriesFeed(x, "t=8\n", 4);
    seriesEnd(x);
    return nowMs() - t0;
}

int main(void) {
    memset(slowLine, 'a', sizeof slowLine - 1);
    slowLine[sizeof slowLine - 2] = '\n';
    const char *name[3] = {"budget 200 ms", "deadline 150 ms", "stop flag"};
    const double target[3] = {200 + 3 * SERIES_WAIT_MS + 100, 150 + 3 * SERIES_WAIT_MS + 100,
                              2 * SERIES_WAIT_MS + 100};
    printf("series give-up (median of 5; target on an idle machine)\n");
    for (int k = 0; k < 3; k++) {
        double t[5];
        for (int i = 0; i < 5; i++) t[i] = once(k);
        qsort(t, 5, sizeof t[0], cmp);
        printf("  %-16s %7.1f ms  (target <= %.0f ms)%s\n", name[k], t[2], target[k],
               t[2] <= target[k] ? "" : "  OVER");
    }
    return 0;
}
