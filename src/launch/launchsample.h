/* launchsample.h -- what a launched run's threads did, sampled from /proc
 * while it runs (launch/launch's poll loop calls a pass at each tick): the
 * CPUs they ran on, their on-CPU and run-queue time, the most threads seen,
 * the threading runtimes mapped (launch/runtimes.h). Readable by the
 * process's owner; no root, no perf. */
#ifndef COLDLOAD_LAUNCHSAMPLE_H
#define COLDLOAD_LAUNCHSAMPLE_H

#include "launch/launch.h"
#include "launch/runtimes.h"

/* Per thread: its CPU time (utime + stime ticks) at the previous pass, so a
 * thread that only sleeps on a CPU it once ran on is not counted there; and
 * its schedstat at the latest pass (ns on a CPU, ns waiting on a run
 * queue), summed over every thread at the end: a thread that exited between
 * passes counts up to its last pass. */
enum { SAMPLE_SLOTS = 8192, SAMPLE_PROCS = 256 };
typedef struct launchsampleState {
    int tid[SAMPLE_SLOTS];
    unsigned long long ticks[SAMPLE_SLOTS];
    unsigned long long oncpu_ns[SAMPLE_SLOTS], runq_ns[SAMPLE_SLOTS];
    unsigned char cpu[LAUNCH_CPUS_MAX / 8];
    long threads_max;
    long passes;
    unsigned char runtime[RUNTIMES_MAX]; /* runtimes[i] found mapped (launch/runtimes.h) */
    int exe_fd1; /* the program's file (/proc/PID/exe at the first pass) + 1; 0: none */
} launchsampleState;

/* One pass: the threads of root and of every process below it (each task's
 * `children` list), at most SAMPLE_PROCS processes. s starts zeroed. */
void launchsamplePass(launchsampleState *s, int root);

/* The passes' findings into r: cpus and ncpus, threads_max, runtimes (the
 * program's ELF read for the linked-in ones now, after the run, and
 * closed), and (when r->samples > 0) oncpu_ms and runq_wait_ms. */
void launchsampleResult(launchsampleState *s, launchResult *r);

#endif
