/* answerthreads.h -- a threads job's answer (harness/threads.sh, meta
 * job=threads): "Do threads hurt PROG under full load here?", decided from
 * the threads harness's cells (width x load, K runs each).
 *
 * Per cell the median run (the median of its processes' medians; one run is
 * one process) with a bootstrap 95% interval and its runs taken, failed and
 * cut. Per load level the width with the lowest median is the best; threads
 * hurt when the widest width's median is at least ANSWER_TD_HURT x the best
 * one's and its interval lies wholly above the best one's -- a difference
 * the runs resolve, not one median against another. Pinned load decides the
 * answer when it was measured (it is the reproducible one), then free load.
 * doc/threadsdoc says these cells and levels; answer.c turns the deciding
 * level into the answer's data. */
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
    size_t ok, failed, cut;
    double median, lo, hi; /* ms: the median run and its bootstrap 95% interval */
} answerTdCell;

typedef struct answerTdCells {
    answerTdCell c[ANSWER_TD_CELLS];
    size_t n;
    const char *prog;
} answerTdCells;

/* Whether threads hurt at a level: the widest width is the fastest (no),
 * within ANSWER_TD_HURT of the fastest (within), beyond it but with
 * overlapping intervals (unresolved), or beyond it and resolved (yes). */
enum { ANSWER_TD_NO, ANSWER_TD_WITHIN, ANSWER_TD_UNRESOLVED, ANSWER_TD_YES };

/* A level's first cell, its best numeric width, its widest, and its default
 * cell (any NULL), and whether threads hurt there. */
typedef struct answerTdLevel {
    const answerTdCell *first, *best, *widest, *def;
    int hurt;
} answerTdLevel;

/* 1 when the results are a threads job's (meta's last `job` is "threads"). */
int answerIsThreadsJob(const metaTable *m);
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

/* The threads job's verdict, basis, cell and figures into a. 0, or -1 when
 * out of memory. */
int answerThreadsJob(const summary *s, answer *a);

#endif
