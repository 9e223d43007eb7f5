/* decide.h -- the stopping rule of warm and loaded runs:
 * is a cell's answer known, or does it need another process?
 *
 * A cell (one summary group) is **decided** when the bootstrap 95% interval
 * the verdicts read lies wholly on one side of every threshold the cell is
 * judged against: for each threshold T, hi < T or lo >= T (the verdicts fire
 * at >=). The interval and the thresholds, in multiples of the idle twin's
 * median of process medians (docs/verdicts.md, "When a cell stops"):
 *
 *   loaded, with an idle twin   [ratio_lo, ratio_hi] of loaded/idle
 *                               (summaryBootRatio), against
 *                               --loaded-idle (loaded-slow), and
 *     pinned, width 1           --contention-narrow x E(1) (is width 1 hurt?)
 *     pinned, width w >= 2      --contention-wide x E(w)   (is width w contention?)
 *     free                      --contention-wide          (the slow-process line of placement);
 *                               or, whatever the interval, once one process
 *                               is slow (>= --contention-wide x idle): the
 *                               cell's one verdict, placement, is then a WARN
 *                               that no further process can take back
 *   idle, or loaded without     no threshold is a ratio of its own: decided when
 *   an idle twin                the bootstrap interval of its median of process
 *                               medians over itself lies within 1 +- DECIDE_IDLE_TOLERANCE
 *                               (the denominator every loaded ratio divides by)
 *
 * E(w) is verdictFairShare (2 when the load's size is unknown). What the rule
 * does not look at: contention's second condition (the wide width >=
 * --contention-wide x width 1's slowdown: a ratio of two cells), bimodal's gap
 * and placement's share of slow processes; a cell decided on its ratio may
 * still flip those. Fewer than DECIDE_MIN_PROCS processes never decide. */
#ifndef COLDLOAD_DECIDE_H
#define COLDLOAD_DECIDE_H

#include <stddef.h>

#include "model/firstrun.h"
#include "model/summary.h"
#include "verdict/verdict.h"

#define DECIDE_MIN_PROCS 3
/* An idle cell's denominator known to +-20 %: a tenth of the factor 2
 * between what a load predicts and where its verdicts fire (--loaded-idle x
 * E, --contention-narrow 1.5 x E(1): a ratio at E stays below 1.5 E with its
 * idle median 20 % off). 10 % kept every idle cell of a 2-CPU machine to the
 * most, 7 processes (grad's 12 us calls vary 12 % process to process). */
#define DECIDE_IDLE_TOLERANCE 0.20
#define DECIDE_THR_MAX 2

/* 1 when [lo, hi] is on one side of each of thr[0..n): hi < thr or lo >= thr;
 * 0 when it straddles one, or lo or hi is NAN. */
int decideInterval(double lo, double hi, const double *thr, size_t n);

/* The rule on process medians: loaded/idle's bootstrap interval (summaryBootRatio,
 * into *lo, *hi) against thr[0..nthr). 1 decided, 0 not (also with fewer than
 * DECIDE_MIN_PROCS loaded medians). */
int decideRatio(const double *loaded, size_t nl, const double *idle, size_t ni, const double *thr,
                size_t nthr, double *lo, double *hi);
/* The rule of a cell without a ratio: median/itself's bootstrap interval
 * within 1 +- tolerance (DECIDE_IDLE_TOLERANCE; not a binary's --precision,
 * which stops one process's calls). */
int decideWithinTolerance(const double *m, size_t n, double tolerance, double *lo, double *hi);

/* The thresholds a loaded group is judged against (the table above), into
 * thr (DECIDE_THR_MAX slots), each with its option name; returns how many
 * (0 for an idle group). */
size_t decideThresholds(const summaryGroup *g, const verdictThresholds *t, double *thr,
                        const char **name);

typedef struct decideResult {
    int decided;
    int by_ratio;  /* 1: loaded/idle against thresholds; 0: the tolerance rule (idle) */
    int by_slow;   /* free load: decided because a process was slow (slow_procs) */
    double lo, hi; /* the interval the rule read (NAN without one) */
    double thr[DECIDE_THR_MAX];
    const char *thr_name[DECIDE_THR_MAX];
    size_t nthr;
} decideResult;

/* The rule on group g of s (after summaryFinish). Returns 0, -1 out of memory. */
int decideGroup(const summary *s, const summaryGroup *g, const verdictThresholds *t,
                decideResult *r);

/* The first-run pairs (harness/firstrun.sh takes 3 rounds, then more while a
 * part is undecided, up to --procs): part p of cell c is decided when it has
 * at least DECIDE_MIN_PROCS pairs and their spread (min..max: for 3 to 5
 * pairs the narrowest interval of >= 75 % coverage of the median, as
 * statsMedianKnown) is at most 2 x share_margin x the cell's extra -- the
 * part's share of the first run's extra milliseconds known to +-share_margin. A part
 * not measured (no pair) is neither: 0. A cell of kind same owns the variant
 * parts; another kind only its copy part (its others are same's). */
int decideFirstrunPart(const firstrunCell *c, firstrunPartId p, double share_margin);
int decideFirstrunOwns(const firstrunCell *c, firstrunPartId p);

#endif
