/* timeline.h -- a process's own start, seen from inside it: exec -> main
 * and main -> first result (--startup), the first two of the parts a first
 * run's milliseconds are split into (harness/firstrun.sh).
 *
 * "main" is a constructor's stamp: the program's own code runs only after
 * the loader has mapped and relocated every library and run their
 * constructors -- OpenBLAS starts its thread pool in its own -- so exec ->
 * main holds the kernel's exec, dynamic loading and linking, and every
 * library's initialisation.
 *
 * Where the process started is known two ways, and the row's phase says
 * which one was used:
 *   exec_to_main   COLDLOAD_EXEC_NS in the environment: CLOCK_MONOTONIC in ns
 *                  read by the parent just before its execve (coldload-exec).
 *                  The same clock as the stamp: microsecond figures.
 *   start_to_main  otherwise: the process's start time in /proc/self/stat
 *                  (field 22, clock ticks since boot) against CLOCK_BOOTTIME.
 *                  The kernel sets it at fork, not at exec, so it also holds
 *                  whatever the parent did between the two; and it counts in
 *                  ticks of 1/CLK_TCK s (10 ms at USER_HZ 100): a process
 *                  whose main comes 3 ms after its start reads 0..10 ms.
 * coldload-exec also passes its own page-fault counts (COLDLOAD_EXEC_MINFLT,
 * COLDLOAD_EXEC_MAJFLT): getrusage's counters survive exec, so the
 * launcher's faults are subtracted from the exec -> main row's. */
#ifndef COLDLOAD_TIMELINE_H
#define COLDLOAD_TIMELINE_H

#include "bench/bench.h"

typedef struct timelineStart {
    const char *phase;  /* "exec_to_main" or "start_to_main" */
    const char *how;    /* what the start was, for the printed line */
    double ms;          /* start -> main; NAN when unknown */
    measureUsage usage; /* page faults and switches before main */
} timelineStart;

/* The start as described above (computed from the constructor's stamp). */
void timelineStartOf(timelineStart *t);

/* Once per process, after the process's first series (r its result): the
 * start_to_main|exec_to_main and main_to_first rows (workload, params, width
 * and wait of s; iter 0) and the line "startup: ..." on stdout. Later calls
 * do nothing. Returns 0, or -1 when a row could not be written. */
int timelineReport(const benchSeries *s, const benchResult *r);

#endif
