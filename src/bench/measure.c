/* measure.c -- clocks, getrusage deltas and load probes. */
#include "bench/measure.h"

#include "common/stats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

void measureUtc(char *buf, size_t len) {
    struct timespec ts;
    struct tm tm;
    clock_gettime(CLOCK_REALTIME, &ts);
    gmtime_r(&ts.tv_sec, &tm);
    size_t k = strftime(buf, len, "%Y-%m-%dT%H:%M:%S", &tm);
    snprintf(buf + k, len - k, ".%03ldZ", ts.tv_nsec / 1000000L);
}

double measureNowMs(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

double measureClockOverheadNs(int reps) {
    if (reps < 1) reps = 1;
    double *d = malloc((size_t)reps * sizeof(double));
    if (!d) return -1.0;
    for (int i = 0; i < reps; i++) {
        double t0 = measureNowMs();
        double t1 = measureNowMs();
        d[i] = (t1 - t0) * 1e6;
    }
    statsSummary s;
    statsOf(d, (size_t)reps, &s);
    free(d);
    return s.median;
}

void measureUsageNow(measureUsage *u) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    u->minflt = ru.ru_minflt;
    u->majflt = ru.ru_majflt;
    u->nvcsw = ru.ru_nvcsw;
    u->nivcsw = ru.ru_nivcsw;
}

measureUsage measureUsageDelta(const measureUsage *a, const measureUsage *b) {
    measureUsage d = {b->minflt - a->minflt, b->majflt - a->majflt, b->nvcsw - a->nvcsw,
                      b->nivcsw - a->nivcsw};
    return d;
}

/* /proc/loadavg ("0.84 2.04 3.36 2/345 12345"): its fourth field's
 * numerator is nr_running(), the same count /proc/stat calls procs_running,
 * and the file is far cheaper to generate than /proc/stat, whose per-IRQ
 * counters would churn the caches before every sample. */
void measureLoadNow(measureLoad *l) {
    FILE *f = fopen("/proc/loadavg", "r");
    int ok = f && fscanf(f, "%lf %*f %*f %d/", &l->load1, &l->procs_running) == 2;
    if (f) fclose(f);
    if (!ok) {
        l->load1 = -1.0;
        l->procs_running = -1;
    }
}
