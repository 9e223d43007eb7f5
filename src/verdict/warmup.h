/* warmup.h -- each process's calls classed the way Barrett et al. class a
 * process execution ("Virtual Machine Warmup Blows Hot and Cold", OOPSLA
 * 2017; warmup_stats): flat, warmup, slowdown or no steady state, with the
 * call its steady state starts at.
 *
 * The series is the process's calls in order: the first call (call 1,
 * samples.csv's phase first) and its steady calls (call i + 1 for steady
 * iter i). The steady calls are segmented by changepoints
 * (model/changepoint: PELT on mean and variance, the penalty
 * warmup_penalty x log(steady calls), Barrett's 15 log n); the first call
 * is a segment of its own before them -- the page times it apart, and a
 * changepoint method cannot estimate a variance from one call. Then, with
 * the last segment as the process's final regime (Barrett's rules):
 *
 *   - two segments are one regime (equivalent) when their bands overlap:
 *     an earlier segment's mean +- its standard deviation against the
 *     last's mean +- max(its standard deviation, delta), delta =
 *     warmup_delta x the fastest segment's mean (warmup_stats's --delta
 *     as a percentage; 1%). warmup_stats adds the variance in seconds to a
 *     mean in seconds; coldload's times are in ms, and a variance is not in
 *     the unit of a mean, so the standard deviation stands in for it;
 *   - every segment equivalent to the last: flat;
 *   - else, from the last but one back to the first, the first segment
 *     unlike the last decides: ending within the last warmup_steady of the
 *     calls (at least one call; Barrett: the last 500 of 2000) -- no steady
 *     state; below the last's band -- slowdown (the process got slower);
 *     above it -- warmup, and the segments before it are looked at in turn
 *     (a slowdown or no steady state before a warm-up still decides);
 *   - the steady state starts at the first call of the earliest segment
 *     from which every segment is equivalent to the last (flat: call 1);
 *     no steady state has none.
 *
 * A process with fewer than WARMUP_MIN_STEADY steady calls (no changepoint
 * can be placed among them: two segments of two calls at least), or one
 * whose calls include a lower bound (a run stopped before it ended), is
 * not classified. Barrett's outlier removal (Tukey fences over a window of
 * 200 calls) is not done: coldload's processes stop after 20 steady calls
 * or fewer by default, too few for such a window.
 *
 * It sits in verdict/ because it judges (the thresholds are the warmup
 * check's); the segmentation it rests on is model/'s figure. */
#ifndef COLDLOAD_WARMUP_H
#define COLDLOAD_WARMUP_H

#include <stddef.h>

#include "model/changepoint.h"
#include "model/summary.h"
#include "verdict/verdict.h"

#define WARMUP_MIN_STEADY (2 * CHANGEPOINT_MIN_SEG)

typedef enum {
    WARMUP_FLAT,
    WARMUP_WARMUP,
    WARMUP_SLOWDOWN,
    WARMUP_NO_STEADY,
    WARMUP_UNCLASSIFIED,
    WARMUP_CLASSES
} warmupClass;

/* "flat", "warmup", "slowdown", "no steady state", "not classified"; and
 * the same as a JSON key or figure name ("no_steady_state",
 * "unclassified"). */
const char *warmupClassName(warmupClass c);
const char *warmupClassKey(warmupClass c);

/* One process classed. */
typedef struct warmupProc {
    warmupClass cls;
    long steady_from; /* the call its steady state starts at (1: the first call); 0: none */
    size_t calls;     /* its calls: the first (when recorded) and the steady ones */
    size_t segments;  /* the segments found, the first call's own included; 0 unclassified */
} warmupProc;

/* Classes process p with t's warmup_penalty, warmup_steady and
 * warmup_delta. 0, or -1 when out of memory. */
int warmupClassify(const summaryProc *p, const verdictThresholds *t, warmupProc *w);

/* The rules alone, on segments in call positions: seg[0..nseg) cover calls
 * [seg[0].start, L) in order, position 0 the first call (1-based call
 * numbers are positions + 1); L the series' length. *steady_from as in
 * warmupProc. */
warmupClass warmupOfSegments(const changepointSeg *seg, size_t nseg, size_t L, double delta,
                             double steady, long *steady_from);

/* A cell's processes tallied: how many in each class, and per class the
 * call the steady state starts at (lowest, median, highest; 0 without
 * one); late: classified processes not steady by call 2 (no steady state,
 * or a steady state from call 3 on). */
typedef struct warmupTally {
    size_t procs;
    size_t n[WARMUP_CLASSES];
    long from_lo[WARMUP_CLASSES], from_hi[WARMUP_CLASSES];
    double from_median[WARMUP_CLASSES];
    size_t late;
} warmupTally;

/* Tallies the processes of g[0..ng). 0, or -1 when out of memory. */
int warmupTallyOf(const summaryGroup *const *g, size_t ng, const verdictThresholds *t,
                  warmupTally *out);

#endif
