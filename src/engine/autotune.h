/* autotune.h -- --width auto's measured choice: of the widths the rule
 * allows (autowidth.h: at most the CPUs free now, at most what the call's
 * size can use), the one this kind of call has run fastest at.
 *
 * Why measure at all: the rule says how many threads *can* run, not whether
 * they pay. On a 2-vCPU VM an idle width-2 svdvals 256x256 or a chi-8 TRG
 * is 1.2-1.4x slower than width 1 (the fork-join and OpenBLAS's hand-offs
 * cost more than the second CPU gives), so the rule alone misses "within
 * 10% of the best fixed width" there, and no size threshold fixed once
 * would be right on every machine.
 *
 * How. Each candidate width (1, the powers of two below the bound, the
 * bound) keeps its last AUTOT_SAMPLES call times. A candidate with fewer is
 * explored first (the widest such one first, so a series of a single call
 * runs at the rule's width); once all are known, the call runs at the one
 * with the least median, a wider one only when it is more than AUTOT_TIE
 * faster (fewer threads leave CPUs to others). A candidate not run for a
 * while is revisited once (times go stale when the load changes): after
 * max(AUTOT_REVISIT_MS, AUTOT_REVISIT_CALLS x its own median), so revisiting
 * a slow width costs at most ~1/AUTOT_REVISIT_CALLS of the time; a revisit
 * that beats the current choice forgets the candidate's older times, so it
 * is explored afresh.
 *
 * The trade-off: exploring runs a few calls at widths that may be slow
 * (under load, only widths the rule allows, so never worse than the rule's
 * own choice). A call still has one width from its start to its end, so
 * its bits are those of that width, and its row says which.
 *
 * Pure bookkeeping: no clock, no /proc (the caller passes the time), so the
 * tests can drive it with any sequence of times. */
#ifndef COLDLOAD_AUTOTUNE_H
#define COLDLOAD_AUTOTUNE_H

#include "engine/pool.h"

#define AUTOT_SAMPLES 3
#define AUTOT_TIE 0.03
#define AUTOT_REVISIT_MS 1000.0
#define AUTOT_REVISIT_CALLS 32.0

/* What the table knows of one width. */
typedef struct autotWidth {
    double ms[AUTOT_SAMPLES]; /* the last n call times, a ring */
    int n, next;
    double last_ms; /* when it last ran (the caller's clock), < 0: never */
} autotWidth;

typedef struct autotTable {
    autotWidth w[POOL_MAX_WIDTH + 1]; /* indexed by width; [0] unused */
    int revisit;                      /* the width being revisited, 0: none */
    double revisit_beat;              /* the chosen width's median it is up against */
    long explored;                    /* calls picked to explore or revisit */
} autotTable;

void autotInit(autotTable *t);

/* The width of the next call, 1..bound (bound < 1 is 1, > POOL_MAX_WIDTH is
 * POOL_MAX_WIDTH); now_ms is the caller's clock. */
int autotPick(autotTable *t, int bound, double now_ms);

/* The call just run at `width` took ms; it ended at now_ms. */
void autotRecord(autotTable *t, int width, double ms, double now_ms);

/* A width's median of its last times; NaN when it has none. */
double autotMedian(const autotTable *t, int width);

#endif
