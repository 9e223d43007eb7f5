/* bench.h -- the timing loop shared by every workload binary.
 *
 * A series is one workload at one setting: a `first` call, then up to `runs`
 * `steady` calls. Each call is timed alone on the monotonic clock; the load
 * probes and getrusage are read around it, outside the timed region, and one
 * CSV row is written (and flushed) per call. A time budget bounds the series:
 * once it is spent no further steady call starts, and the last row written
 * says truncated=1. At least one steady call is always made, so a series has
 * statistics. With a precision, the steady calls also stop once their median
 * is known to it (statsMedianKnown: at least 3 calls): a process whose
 * calls agree need not take all `runs` (the stopping rule's per-process
 * half; the harness decides how many processes a cell takes).
 *
 * With --width auto the width is taken before each call (autowidth.h),
 * outside the timed region: a decision serves AUTOW_KEEP_MS of calls (the
 * series' memo), the call's size limits it further (width_limit), the
 * engine's active width and OpenBLAS's thread count are set to it when it
 * changes, and the row carries it; the decisions' count and cost are kept
 * per series so the line can say what auto costs. Unless --no-tune, the
 * steady calls then run at the width below the rule's that this series has
 * measured fastest (autotune.h; one table per series, the first call kept
 * out of it). */
#ifndef COLDLOAD_BENCH_H
#define COLDLOAD_BENCH_H

#include <stdint.h>
#include <stdio.h>

#include "engine/autowidth.h"
#include "bench/csvwrite.h"
#include "bench/measure.h"
#include "common/stats.h"
#include "engine/pool.h"

/* One timed call: does the work. Returns 0, or -1 on failure (the series
 * stops, the error propagates). */
typedef int benchFn(void *arg);
/* The checksum of the last call's result bits, computed after the clock has
 * stopped: hashing is bookkeeping, not the work being timed. */
typedef uint64_t benchSumFn(void *arg);

typedef struct benchSeries {
    csvWriter *csv;           /* NULL: no rows */
    void (*setup)(void *arg); /* NULL, or run before every call, untimed
                                  (e.g. restoring an input LAPACK overwrote) */
    benchSumFn *checksum;     /* NULL: rows carry checksum 0 */
    const char *workload, *params, *wait;
    int width;           /* a fixed width (when req is not automatic) */
    const autowReq *req; /* NULL or fixed: `width`; auto: decided per call */
    pool *engine;        /* narrowed to each decided width (auto only) */
    autowMemo *memo;     /* auto: the decision kept between calls; NULL: one
                                  per process, kept AUTOW_KEEP_MS */
    int width_limit;     /* auto: the most threads a call can use (0: no limit) */
    double budget_ms;    /* <= 0: no budget */
    double precision;    /* > 0: stop once the steady median is known to +-it */
} benchSeries;

typedef struct benchResult {
    double first_ms;
    statsSummary steady; /* over the steady calls taken */
    int runs_asked, runs_taken;
    int truncated;
    int known;                    /* stopped before `runs`: the median was known */
    uint64_t checksum;            /* of the last call */
    int width_min, width_max;     /* over the series' calls (fixed: both the width) */
    double decide_ms;             /* auto: mean cost of the decisions made (none: of the one
                                  kept from before); fixed: 0 */
    int decisions, calls;         /* auto: decisions made for the series (during it, or
                                  by the benchOnce calls just before it), its calls */
    long explored;                /* auto, tuned: steady calls run to explore or revisit a
                                  width (autotune.h); else 0 */
    double first_end_ms;          /* measureNowMs() when the first call's result was ready */
    measureUsage first_end_usage; /* getrusage then (timeline.h: main -> first result) */
} benchResult;

/* Times fn once as `phase`/`iter` (e.g. `prepare`, which has no result:
 * checksum 0) and writes its row. Returns 0 or -1. */
int benchOnce(const benchSeries *s, const char *phase, int iter, benchFn *fn, void *arg,
              double *ms);

/* first + steady calls as described above. Returns 0, or -1 when fn or a
 * row write fails. */
int benchRun(const benchSeries *s, benchFn *fn, void *arg, int runs, benchResult *r);

/* The width as a line shows it: "2", "auto→1", "auto:4→1..2" when it changed. */
void benchWidthLabel(const benchSeries *s, const benchResult *r, char *buf, size_t n);
/* For auto: "  [width changed between calls: 1..2]" when it did, then
 * "  [auto: D decisions for C calls, X ms a decision]" (D may be 0: every
 * call kept an earlier decision, whose cost X is), then, tuned,
 * "  [tuned: E of S steady calls explored widths]"; nothing for a fixed
 * width. */
void benchAutoTail(FILE *f, const benchSeries *s, const benchResult *r);
/* Why the steady calls stopped before `runs`, for the page line: "  [budget: 7
 * of 20 runs]" or "  [median known to +-10%: 3 of 20 runs]"; nothing when
 * all were taken. */
void benchStopTail(FILE *f, const benchSeries *s, const benchResult *r);
/* The "no wait" series: up to `runs` calls of `submit` (an
 * asynchronous start that returns before the work is done), each timed
 * alone, then `wait` (untimed) before the next. Rows have phase
 * `steady_nowait`, iter 1..; the checksum is read after the wait, and the
 * row's faults, switches and CPUs cover submit and wait (the whole call).
 * r->steady: submit only; *waited: submit + wait of the same calls. No
 * `first` call (the series follows benchRun's on the same work). The budget
 * bounds it as benchRun's. Returns 0, or -1 when a call or a row fails. */
int benchRunNoWait(const benchSeries *s, benchFn *submit, benchFn *wait, void *arg, int runs,
                   benchResult *r, statsSummary *waited);

#endif
