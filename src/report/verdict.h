/* verdict.h -- the page's "how to tell you were not caught" checks, applied to
 * every group of a summary, each verdict citing the figures it rests on.
 *
 * Verdict ids (stable: tests and the report key on them):
 *   first-run          WARN  first/min >= first_min in a group that is not loaded: the first
 *                            run must not go into an average
 *   first-run-notable  NOTE  first/min >= first_min_notable (and below first_min), not loaded
 *   loaded-first       NOTE  a loaded group's first/min >= first_min_notable: the slow first
 *                            call under load, with its ratio to the idle first call and the
 *                            CPUs the first calls ran on
 *   spread             WARN  width > 1 and max/median >= max_median: check the load
 *   loaded-slow        WARN  loaded median >= loaded_idle x its idle median: check the load
 *                            (not repeated for a width a contention verdict explains)
 *   contention         WARN  under pinned load (or a load of unknown kind: files from before
 *                            the kinds) width > 1 slowed >= contention_wide x while width 1
 *                            slowed < contention_narrow x: core contention; fastest width
 *                            named, with slow_procs of procs and the ratio's interval
 *   bimodal            WARN  a loaded group whose process medians split into two groups
 *                            >= bimodal x apart (the widest gap between sorted medians), or,
 *                            failing that, one process's steady calls do (at least two calls
 *                            on each side: one slow call is `spread`'s): k of K processes
 *                            slow, the rest not, so where the scheduler puts the threads
 *                            decides; names the placement difference when `cpus` shows one
 *                            (and loaded-slow is not repeated for it)
 *   bitwise-same       OK    one checksum idle and loaded at one width: numbers unaffected
 *   checksum-differs   ERROR different checksums idle vs loaded at one width, or within a group
 *   idle-busy          WARN  an idle group's samples saw other runnable tasks than its
 *                            own: the caller, width-1 engine workers, OpenBLAS's pool-1
 *   cold-start         NOTE  per workload with whole-process runs of the copy kinds `same` and
 *                            fresh/evicted/dropcache: each kind's median, its extra ms over
 *                            same, the page faults, and what they mean (disk reads or not)
 *                      WARN  the same, when a kind's median >= cold_same x same's
 *   no-wait            WARN  a group with "no wait" rows (steady_nowait: submit timed, the
 *                            result not waited for) whose median is below its waited steady
 *                            median by >= no_wait x: timing without waiting measures the
 *                            dispatch, not the work; both medians cited
 */
#ifndef COLDLOAD_VERDICT_H
#define COLDLOAD_VERDICT_H

#include <stdio.h>

#include "report/summary.h"

typedef enum { VERDICT_OK, VERDICT_NOTE, VERDICT_WARN, VERDICT_ERROR } verdictLevel;

typedef struct verdictThresholds {
    double first_min, first_min_notable;           /* ratios first/min */
    double max_median;                             /* ratio max/median, width > 1 */
    double loaded_idle;                            /* ratio loaded/idle median */
    double contention_wide, contention_narrow;     /* slowdowns under load */
    double idle_excess; /* median procs_running above the run's own threads by this: busy */
    /* OpenBLAS's thread pool as the binaries started it (its size is fixed at
     * library load: nproc, or OPENBLAS_NUM_THREADS); its idle workers spin
     * with sched_yield, so they count as runnable. 0 = unknown (width). */
    double blas_pool;
    double cold_same; /* ratio fresh/evicted/dropcache whole-process median / same's: WARN */
    double bimodal;   /* gap ratio between two groups of process medians (or calls) */
    double no_wait;   /* waited steady median / no-wait median: WARN no-wait */
} verdictThresholds;

typedef struct verdict {
    verdictLevel level;
    const char *id;
    char *text;
} verdict;

typedef struct verdictList {
    verdict *v;
    size_t n, cap;
} verdictList;

void verdictDefaults(verdictThresholds *t);

/* Runs every check over s (after summaryFinish). Returns 0, or -1 when out of
 * memory (the verdicts found so far stay in out). */
int verdictRun(const summary *s, const verdictThresholds *t, verdictList *out);
void verdictFree(verdictList *l);

const char *verdictLevelName(verdictLevel l);

/* verdicts.txt: one "LEVEL id: text" line per verdict, worst first. */
int verdictWrite(const verdictList *l, const verdictThresholds *t, FILE *f);

#endif
