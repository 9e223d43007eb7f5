/* placement.h -- where this process's threads ran during one timed call.
 *
 * A loaded measurement's answer depends on where the scheduler puts the
 * engine's and OpenBLAS's threads (all on one CPU, or spread over the CPUs a
 * load worker also wants), so every sample records it:
 *
 *   cpu         the CPU the calling thread finished the call on (sched_getcpu)
 *   cpus        the CPUs on which the threads that ran during the call were last
 *               seen: a thread counts when its run time (its CPU-time clock,
 *               sum_exec_runtime) grew over the call; its CPU is field 39 of
 *               /proc/self/task/T/stat read after the call (the caller's:
 *               sched_getcpu)
 *   migrations  the growth of se.nr_migrations summed over the threads that ran
 *               (since the previous read of each: placement.c says why), or -1
 *               when the kernel has no /proc/<pid>/sched (CONFIG_SCHED_DEBUG):
 *               unknown, never a made-up zero
 *
 * Snapshots are taken outside the timed region (before the clock starts and
 * after it stops). Calls shorter than PLACE_FAST_MS (the previous call's
 * time decides) take no snapshot: their cpus come from the engine's own
 * workers and their migrations are unknown (placeCallFromCpus says why). The trade-off: a thread that ran on two CPUs during the
 * call shows only the last one; its migration shows in `migrations`. */
#ifndef COLDLOAD_PLACEMENT_H
#define COLDLOAD_PLACEMENT_H

#include <stddef.h>
#include <stdint.h>

#define PLACE_MAX_TASKS 128
#define PLACE_CPUS_MAX 256 /* "0;1;2..." text of a call's CPU set */

typedef struct placeTask {
    int tid;
    int cpu;                /* last CPU, -1 unknown */
    unsigned long long run; /* run time in ns (monotonic per thread) */
    long migrations;        /* -1 unknown */
} placeTask;

typedef struct placeSnap {
    size_t n;
    placeTask t[PLACE_MAX_TASKS];
} placeSnap;

typedef struct placeCall {
    int cpu;         /* -1 unknown */
    long migrations; /* -1 unknown */
    int ncpus;       /* distinct CPUs in cpus */
    char cpus[PLACE_CPUS_MAX];
} placeCall;

/* Reads every thread of this process. Never fails: unreadable threads are
 * left out (a thread that exits between the listing and the read). */
void placeSnapTake(placeSnap *s);

/* The snapshot after the call, of the threads the one before it listed (their
 * clocks only: listing /proc/self/task again would cost ~6 us in the gap
 * between calls). The trade-off: a thread born during the call is missed --
 * the engine's and OpenBLAS's threads exist before the first call; the
 * no-wait driver appears at the first submit and is seen from the next. */
void placeSnapAgain(const placeSnap *before, placeSnap *after);

/* A short call's placement without /proc: the caller's CPU (read now) and
 * the CPUs the engine's workers report for their last chunk (n of them, -1
 * entries skipped); migrations unknown (-1). Why: any work between two
 * calls slows the next one at width 2 -- 10 us of spinning raised the grad
 * median from 0.023 to 0.027 ms, and the /proc path's ~40 us to 0.033 --
 * so calls shorter than PLACE_FAST_MS get only what costs nothing. */
#define PLACE_FAST_MS 1.0
void placeCallFromCpus(const int *cpus, int n, placeCall *out);

/* The call between two snapshots, the caller's CPU read now. */
void placeCallOf(const placeSnap *before, const placeSnap *after, placeCall *out);

/* 1 when this kernel exposes per-thread migration counts. */
int placeHasMigrations(void);

/* 0 when COLDLOAD_NO_PLACEMENT=1 (read once): the benchmark's other side,
 * which measures what the snapshots cost. Off, a call's placement is unknown. */
int placeEnabled(void);

/* A call whose placement is unknown: cpu -1, no cpus, migrations -1. */
void placeCallUnknown(placeCall *out);

#endif
