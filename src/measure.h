/* measure.h -- clocks, per-sample resource deltas, load probes, statistics.
 *
 * Measuring only: nothing here formats output (csv.c and the mains do). */
#ifndef COLDLOAD_MEASURE_H
#define COLDLOAD_MEASURE_H

#include <stddef.h>
#include <stdint.h>

/* Milliseconds on CLOCK_MONOTONIC (immune to wall-clock steps; NTP slewing
 * still applies, which is fine at millisecond scale). */
double measureNowMs(void);

/* Median cost of one measureNowMs() call, in nanoseconds, from `reps` pairs. */
double measureClockOverheadNs(int reps);

/* getrusage(RUSAGE_SELF) counters whose per-sample deltas go into each row. */
typedef struct measureUsage {
    long minflt, majflt, nvcsw, nivcsw;
} measureUsage;

void measureUsageNow(measureUsage *u);
measureUsage measureUsageDelta(const measureUsage *before, const measureUsage *after);

/* The 1-minute load average and the runnable tasks right now, this one
 * included (procs_running, read from /proc/loadavg); -1 where unreadable. */
double measureLoad1(void);
int measureProcsRunning(void);

typedef struct measureStats {
    size_t n;
    double min, median, max; /* median of an even count: mean of the middle two */
} measureStats;

/* Returns -1 when n == 0 (s untouched), 0 otherwise. x is not modified. */
int measureStatsOf(const double *x, size_t n, measureStats *s);

/* FNV-1a (64-bit) over the bytes of x[0..n): equal bits, equal checksum. */
uint64_t measureChecksum(const double *x, size_t n);
/* Continue a checksum over more doubles (start with MEASURE_FNV_OFFSET). */
#define MEASURE_FNV_OFFSET 0xcbf29ce484222325ULL
uint64_t measureChecksumMore(uint64_t h, const double *x, size_t n);

#endif
