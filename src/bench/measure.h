/* measure.h -- clocks, per-sample resource deltas, load probes.
 * (Statistics: common/stats.h; checksums: common/checksum.h.)
 *
 * Measuring only: nothing here formats output (csvwrite.c and the mains do). */
#ifndef COLDLOAD_MEASURE_H
#define COLDLOAD_MEASURE_H

#include <stddef.h>
#include <stdint.h>

/* Milliseconds on CLOCK_MONOTONIC (immune to wall-clock steps; NTP slewing
 * still applies, which is fine at millisecond scale). */
double measureNowMs(void);

/* The wall clock now as UTC, "2026-01-31T12:00:00.123Z", into buf (>= 25 bytes). */
void measureUtc(char *buf, size_t len);

/* Median cost of one measureNowMs() call, in nanoseconds, from `reps` pairs. */
double measureClockOverheadNs(int reps);

/* getrusage(RUSAGE_SELF) counters whose per-sample deltas go into each row. */
typedef struct measureUsage {
    long minflt, majflt, nvcsw, nivcsw;
} measureUsage;

void measureUsageNow(measureUsage *u);
measureUsage measureUsageDelta(const measureUsage *before, const measureUsage *after);

/* The 1-minute load average and the runnable tasks right now, this one
 * included (procs_running), from one read of /proc/loadavg: a sample costs
 * one open and read, and both figures come from the same instant. Both are
 * -1 where the file is unreadable. */
typedef struct measureLoad {
    double load1;
    int procs_running;
} measureLoad;

void measureLoadNow(measureLoad *l);

#endif
