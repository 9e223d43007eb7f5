/* answerthreads.h -- a threads job's answer (harness/threads.sh, meta
 * job=threads): "Do threads hurt PROG under full load here?", decided from
 * the threads harness's cells (width x load, K runs each).
 *
 * Per cell the median run (the median of its processes' medians; one run is
 * one process) with a bootstrap 95% interval and its runs: timed, censored
 * (stopped at the cap or once known slow: the run took at least its bound)
 * and failed. A censored run stays in the statistics as its bound, so a
 * median, an interval end or a ratio is exact while every bound lies above
 * it, and a lower bound ("at least") otherwise (summaryBound).
 *
 * Per load level the width with the lowest median is the best; threads hurt
 * when the widest width's median is at least ANSWER_TD_HURT x the best one's
 * and its interval lies wholly above the best one's -- a difference the runs
 * resolve, not one median against another: a ratio beyond ANSWER_TD_HURT
 * whose intervals overlap is noise, and the answer no (a level whose answer
 * flipped between "no" and "not resolved" from run to run was noise either
 * way). Bounds only ever make the widest slower, so "yes" holds on them;
 * "no" needs the widest exact, and any answer needs the best one exact
 * (else: not resolved). The widths whose
 * intervals reach the best one's are within noise of it: the recommended
 * width is the smallest of them (fewer threads for the same time). Pinned
 * load decides the answer when it was measured (it is the reproducible
 * one), then free load; the other level and the default cell may still say
 * otherwise (answerTdOther). doc/threadsdoc says these cells and levels;
 * answer.c turns the deciding level into the answer's data. */
#ifndef COLDLOAD_ANSWERTHREADS_H
#define COLDLOAD_ANSWERTHREADS_H

#include <stddef.h>

#include "model/meta.h"
#include "model/summary.h"
#include "verdict/answer.h"

#define ANSWER_TD_HURT 1.25 /* widest / best median at or above: threads hurt */
#define ANSWER_TD_CELLS 256

typedef struct answerTdCell {
    const summaryGroup *g;
    size_t ok;             /* runs with a time (their process median exact) */
    size_t censored;       /* runs with a lower bound (stopped: the cap, or known slow) */
    size_t slow;           /* of those, stopped once known slow (the rest: the cap) */
    size_t failed;         /* runs that failed (exit status, signal): no time */
    double median, lo, hi; /* ms: the median run and its bootstrap 95% interval */
    int median_bound, lo_bound, hi_bound; /* each: only a lower bound */
    double bound_ms;                      /* the smallest bound, NAN without one */
} answerTdCell;

/* Runs with a time or a bound. */
size_t answerTdRuns(const answerTdCell *c);

typedef struct answerTdCells {
    answerTdCell c[ANSWER_TD_CELLS];
    size_t n;
    const char *prog;
} answerTdCells;

/* Whether threads hurt at a level: the widest width is the fastest (no),
 * within ANSWER_TD_HURT of the fastest (within), beyond it but with
 * overlapping intervals (noise: no harm the runs resolve, so no), beyond it
 * and resolved (yes), or not known from bounds (unresolved: the best width
 * a bound, or the widest a bound that does not reach yes). */
enum {
    ANSWER_TD_NO,
    ANSWER_TD_WITHIN,
    ANSWER_TD_UNRESOLVED,
    ANSWER_TD_YES,
    ANSWER_TD_NOISE,
    ANSWER_TD_N
};

/* A level's first cell, its best numeric width, its widest, and its default
 * cell (any NULL), whether threads hurt there, the widths within noise of
 * the best (near[0..nnear), ascending: their intervals reach the best one's)
 * and the recommended one (the smallest of them). */
typedef struct answerTdLevel {
    const answerTdCell *first, *best, *widest, *def, *rec;
    int hurt;
    const answerTdCell *near[ANSWER_TD_CELLS];
    size_t nnear;
} answerTdLevel;

/* 1 when the level's answer is known: threads hurt or not (not unresolved),
 * one width within noise of the best, and every cell with at least
 * DECIDE_MIN_PROCS runs with a time or a bound (harness/threads.sh takes
 * another round while it is 0, up to --max-procs). */
int answerTdDecided(const answerTdLevel *L);

/* 1 when g is a cell of the threads harness. */
int answerTdIsThreads(const summaryGroup *g);

/* The cells of the threads harness, each with its median run's interval. */
void answerTdCollect(const summary *s, answerTdCells *t);
int answerTdSameLevel(const answerTdCell *a, const answerTdCell *b);
answerTdLevel answerTdLevelOf(const answerTdCells *t, const answerTdCell *first);
/* The first cell with this load kind ("none", "pinned", "free"), or NULL. */
const answerTdCell *answerTdFirstOf(const answerTdCells *t, const char *load);
/* The level that decides the answer: pinned load when it was measured, else
 * free load; 0 when neither has a successful run. */
int answerTdDeciding(const answerTdCells *t, answerTdLevel *L);

/* What the deciding level does not say (the lead's second sentence): another
 * loaded level where threads hurt while the deciding one says they do not
 * (*hurt: that level's widest cell, else NULL), and the loaded default cell
 * furthest above its level's best width when at least ANSWER_TD_HURT x it
 * (*def, its level's best *def_best; else NULL). */
void answerTdOther(const answerTdCells *t, const answerTdLevel *deciding, answerTdLevel *hurt,
                   int *has_hurt, answerTdLevel *def, int *has_def);

/* The threads job's verdict, basis, cell and figures into a. 0, or -1 when
 * out of memory. */
int answerThreadsJob(const summary *s, answer *a);

#endif
