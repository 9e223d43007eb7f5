/* test_warmup.c -- the changepoints (model/changepoint) and the warm-up
 * classes (verdict/warmup) on series built here: PELT against an exhaustive
 * search for the least-cost segmentation (the same cost, no pruning) on
 * random series, and on steps of mean and of variance whose changepoint is
 * known; each class on both sides of each threshold (the penalty, the
 * steady window, delta and the segments' bands); a process classed from its
 * calls (a first call apart, too few calls, a bound); and the warmup
 * verdict of a cell, its level and figures. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/stats.h"
#include "model/changepoint.h"
#include "verdict/verdict.h"
#include "verdict/warmup.h"

/* Noise of standard deviation about sd around 0 (a sum of 12 uniforms). */
static double noise(uint64_t *st, double sd) {
    double s = 0;
    for (int i = 0; i < 12; i++) s += statsUnit(st);
    return (s - 6) * sd;
}

/* x[0..n) = mean + noise */
static void fill(double *x, size_t n, double mean, double sd, uint64_t *st) {
    for (size_t i = 0; i < n; i++) x[i] = mean + noise(st, sd);
}

/* --- the changepoints ------------------------------------------------------------------------- */

/* The cost of x[s, e) as changepoint.h defines it, computed directly. */
static double cost(const double *x, size_t s, size_t e, double floor2) {
    double m = 0, v = 0;
    for (size_t i = s; i < e; i++) m += x[i];
    m /= (double)(e - s);
    for (size_t i = s; i < e; i++) v += (x[i] - m) * (x[i] - m);
    v /= (double)(e - s);
    return (double)(e - s) * log(v > floor2 ? v : floor2);
}

/* The least cost of any segmentation of x[0..n) (segments of >= 2), by
 * optimal partitioning without pruning: what PELT must find. */
static double bestCost(const double *x, size_t n, double pen) {
    double *F = malloc((n + 1) * sizeof *F);
    statsSummary st;
    statsOf(x, n, &st);
    double fl = fmax(CHANGEPOINT_FLOOR * fabs(st.median), CHANGEPOINT_FLOOR_ABS);
    F[0] = -pen;
    for (size_t t = 1; t <= n; t++) {
        F[t] = INFINITY;
        for (size_t s = 0; s + CHANGEPOINT_MIN_SEG <= t; s++)
            if (s == 0 || s >= CHANGEPOINT_MIN_SEG)
                F[t] = fmin(F[t], F[s] + cost(x, s, t, fl * fl) + pen);
    }
    double r = F[n];
    free(F);
    return r;
}

static double segCost(const double *x, size_t n, const changepointSeg *seg, size_t ns, double pen) {
    statsSummary st;
    statsOf(x, n, &st);
    double fl = fmax(CHANGEPOINT_FLOOR * fabs(st.median), CHANGEPOINT_FLOOR_ABS);
    double c = pen * (double)(ns - 1);
    for (size_t i = 0; i < ns; i++) c += cost(x, seg[i].start, seg[i].end, fl * fl);
    return c;
}

static void peltIsOptimal(void **state) {
    (void)state;
    uint64_t st = 7;
    double x[60];
    for (int rep = 0; rep < 40; rep++) {
        size_t n = 4 + (size_t)rep % 50;
        /* a few regimes of random means and spreads */
        for (size_t i = 0; i < n;) {
            size_t len = 2 + statsPick(&st, 12);
            double m = 1 + 9 * statsUnit(&st), sd = 0.01 + statsUnit(&st);
            for (size_t k = 0; k < len && i < n; k++, i++) x[i] = m + noise(&st, sd);
        }
        double pen = rep % 3 == 0 ? 15 * log((double)n) : 3 * log((double)n);
        changepointSeg *seg;
        size_t ns;
        assert_int_equal(changepointPelt(x, n, pen, &seg, &ns), 0);
        assert_true(ns >= 1);
        assert_int_equal(seg[0].start, 0);
        assert_int_equal(seg[ns - 1].end, n);
        for (size_t i = 0; i < ns; i++) {
            assert_true(seg[i].end - seg[i].start >= CHANGEPOINT_MIN_SEG);
            if (i) assert_int_equal(seg[i].start, seg[i - 1].end);
        }
        assert_float_equal(segCost(x, n, seg, ns, pen), bestCost(x, n, pen), 1e-9);
        free(seg);
    }
}

static void peltFindsAStepOfMeanAndOfVariance(void **state) {
    (void)state;
    uint64_t st = 11;
    double x[60];
    changepointSeg *seg;
    size_t ns;
    /* mean 10 then 5, each sd 0.1: one changepoint, at 20 */
    fill(x, 20, 10, 0.1, &st);
    fill(x + 20, 20, 5, 0.1, &st);
    assert_int_equal(changepointPelt(x, 40, 15 * log(40.0), &seg, &ns), 0);
    assert_int_equal(ns, 2);
    assert_int_equal(seg[0].end, 20);
    assert_float_equal(seg[0].mean, 10, 0.1);
    assert_float_equal(seg[1].mean, 5, 0.1);
    assert_float_equal(seg[1].sd, 0.1, 0.05);
    free(seg);
    /* the same mean, sd 0.01 then 1: a change of variance alone, at 30 */
    fill(x, 30, 10, 0.01, &st);
    fill(x + 30, 30, 10, 1, &st);
    assert_int_equal(changepointPelt(x, 60, 15 * log(60.0), &seg, &ns), 0);
    assert_int_equal(ns, 2);
    assert_int_equal(seg[0].end, 30);
    free(seg);
    /* noise alone: no changepoint */
    fill(x, 60, 10, 0.5, &st);
    assert_int_equal(changepointPelt(x, 60, 15 * log(60.0), &seg, &ns), 0);
    assert_int_equal(ns, 1);
    free(seg);
    /* too short for two segments, and empty */
    double y[3] = {1, 100, 1};
    assert_int_equal(changepointPelt(y, 3, 0, &seg, &ns), 0);
    assert_int_equal(ns, 1);
    assert_float_equal(seg[0].mean, 34, 1e-12);
    free(seg);
    assert_int_equal(changepointPelt(y, 0, 0, &seg, &ns), 0);
    assert_int_equal(ns, 0);
    assert_null(seg);
    /* equal values: the floor keeps them finite */
    double z[8] = {2, 2, 2, 2, 2, 2, 2, 2};
    assert_int_equal(changepointPelt(z, 8, 15 * log(8.0), &seg, &ns), 0);
    assert_int_equal(ns, 1);
    assert_float_equal(seg[0].sd, 0, 0);
    free(seg);
}

/* --- the rules, on segments --------------------------------------------------------------------- */

/* Segments at call positions: {start, end, mean, sd} each. */
#define SEGS(...) \
    (changepointSeg[]){__VA_ARGS__}, \
        sizeof((changepointSeg[]){__VA_ARGS__}) / sizeof(changepointSeg)

static warmupClass classOf(const changepointSeg *seg, size_t n, size_t L, long *from) {
    return warmupOfSegments(seg, n, L, 0.01, 0.25, from);
}

static void flatAndWarmupEitherSideOfDelta(void **state) {
    (void)state;
    long from;
    /* delta = 1% of the fastest mean (100): 1; the last's band [99, 101] */
    assert_int_equal(classOf(SEGS({0, 10, 100.9, 0}, {10, 40, 100, 0}), 40, &from), WARMUP_FLAT);
    assert_int_equal(from, 1);
    assert_int_equal(classOf(SEGS({0, 10, 101.1, 0}, {10, 40, 100, 0}), 40, &from), WARMUP_WARMUP);
    assert_int_equal(from, 11);
    /* one segment: flat from its first call; a series without its first call */
    assert_int_equal(classOf(SEGS({1, 40, 100, 3}), 40, &from), WARMUP_FLAT);
    assert_int_equal(from, 2);
}

static void slowdownEitherSideOfDelta(void **state) {
    (void)state;
    long from;
    /* fastest 99.05: delta 0.9905, the band [99.0095, 100.9905] */
    assert_int_equal(classOf(SEGS({0, 10, 99.05, 0}, {10, 40, 100, 0}), 40, &from), WARMUP_FLAT);
    /* fastest 98.9: delta 0.989, 98.9 below 99.011 */
    assert_int_equal(classOf(SEGS({0, 10, 98.9, 0}, {10, 40, 100, 0}), 40, &from), WARMUP_SLOWDOWN);
    assert_int_equal(from, 11);
}

static void theBandsAreTheStandardDeviations(void **state) {
    (void)state;
    long from;
    /* last: 100 sd 0, delta 1: [99, 101]; 110 - 9 = 101 touches it, 110 - 8.9 does not */
    assert_int_equal(classOf(SEGS({0, 10, 110, 9}, {10, 40, 100, 0}), 40, &from), WARMUP_FLAT);
    assert_int_equal(classOf(SEGS({0, 10, 110, 8.9}, {10, 40, 100, 0}), 40, &from), WARMUP_WARMUP);
    /* the last's own sd widens its band past delta: 110 sd 0 within 100 +- 10 */
    assert_int_equal(classOf(SEGS({0, 10, 110, 0}, {10, 40, 100, 10}), 40, &from), WARMUP_FLAT);
    assert_int_equal(classOf(SEGS({0, 10, 110, 0}, {10, 40, 100, 9.9}), 40, &from), WARMUP_WARMUP);
}

static void noSteadyStateEitherSideOfTheWindow(void **state) {
    (void)state;
    long from;
    /* 40 calls, the window the last ceil(0.25 x 40) = 10: a segment unlike the
     * last that ends at position 30 ends before it, at 31 within it */
    assert_int_equal(classOf(SEGS({0, 30, 200, 0}, {30, 40, 100, 0}), 40, &from), WARMUP_WARMUP);
    assert_int_equal(from, 31);
    assert_int_equal(classOf(SEGS({0, 31, 200, 0}, {31, 40, 100, 0}), 40, &from), WARMUP_NO_STEADY);
    assert_int_equal(from, 0);
    /* faster before the window: slowdown; within it: no steady state */
    assert_int_equal(classOf(SEGS({0, 30, 50, 0}, {30, 40, 100, 0}), 40, &from), WARMUP_SLOWDOWN);
    assert_int_equal(classOf(SEGS({0, 31, 50, 0}, {31, 40, 100, 0}), 40, &from), WARMUP_NO_STEADY);
    /* a wider window (steady 0.5: 20 calls) takes in the change at 30 */
    assert_int_equal(
        warmupOfSegments(SEGS({0, 30, 200, 0}, {30, 40, 100, 0}), 40, 0.01, 0.5, &from),
        WARMUP_NO_STEADY);
}

static void aSlowdownBeforeAWarmupDecides(void **state) {
    (void)state;
    long from;
    /* fast, slow, then the last regime: the earliest unlike segment that is
     * faster makes it a slowdown, the steady state from the last's start */
    assert_int_equal(classOf(SEGS({0, 5, 50, 0}, {5, 15, 200, 0}, {15, 40, 100, 0}), 40, &from),
                     WARMUP_SLOWDOWN);
    assert_int_equal(from, 16);
    /* slow, like the last, then the last: warmup, steady from the run of
     * segments like the last */
    assert_int_equal(classOf(SEGS({0, 1, 500, 0}, {1, 15, 100.5, 0}, {15, 40, 100, 0}), 40, &from),
                     WARMUP_WARMUP);
    assert_int_equal(from, 2);
}

/* --- a process classed from its calls ------------------------------------------------------------ */

static summaryProc proc(double first, const double *steady, size_t n) {
    summaryProc p;
    memset(&p, 0, sizeof p);
    p.first_ms = first;
    p.median_ms = NAN;
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(summaryVecPush(&p.steady, steady[i]), 0);
        assert_int_equal(summaryVecPush(&p.cens, 0), 0);
    }
    return p;
}

static warmupProc classify(double first, const double *steady, size_t n,
                           const verdictThresholds *t) {
    summaryProc p = proc(first, steady, n);
    warmupProc w;
    assert_int_equal(warmupClassify(&p, t, &w), 0);
    free(p.steady.x);
    free(p.cens.x);
    return w;
}

static void aProcessOfEachClass(void **state) {
    (void)state;
    verdictThresholds t;
    verdictDefaults(&t);
    uint64_t st = 3;
    double x[40];
    /* flat: a first call like the rest */
    fill(x, 20, 1.0, 0.01, &st);
    warmupProc w = classify(1.0, x, 20, &t);
    assert_int_equal(w.cls, WARMUP_FLAT);
    assert_int_equal(w.steady_from, 1);
    assert_int_equal(w.calls, 21);
    /* warmup: the page's slow first call, steady from call 2 */
    w = classify(100.0, x, 20, &t);
    assert_int_equal(w.cls, WARMUP_WARMUP);
    assert_int_equal(w.steady_from, 2);
    /* warmup over the steady calls: 10 at 2 ms, 30 at 1 ms: steady from call 12 */
    fill(x, 10, 2.0, 0.01, &st);
    fill(x + 10, 30, 1.0, 0.01, &st);
    w = classify(50.0, x, 40, &t);
    assert_int_equal(w.cls, WARMUP_WARMUP);
    assert_int_equal(w.steady_from, 12);
    assert_int_equal(w.segments, 3);
    /* slowdown: 20 at 1 ms then 20 at 2 ms */
    fill(x, 20, 1.0, 0.01, &st);
    fill(x + 20, 20, 2.0, 0.01, &st);
    w = classify(50.0, x, 40, &t);
    assert_int_equal(w.cls, WARMUP_SLOWDOWN);
    assert_int_equal(w.steady_from, 22);
    /* no steady state: 31 at 1 ms then 9 at 3 ms -- the change at call 33,
     * within the last ceil(0.25 x 41) = 11 calls; 29 then 11 is before them */
    fill(x, 31, 1.0, 0.01, &st);
    fill(x + 31, 9, 3.0, 0.01, &st);
    w = classify(50.0, x, 40, &t);
    assert_int_equal(w.cls, WARMUP_NO_STEADY);
    assert_int_equal(w.steady_from, 0);
    fill(x, 29, 1.0, 0.01, &st);
    fill(x + 29, 11, 3.0, 0.01, &st);
    w = classify(50.0, x, 40, &t);
    assert_int_equal(w.cls, WARMUP_SLOWDOWN);
    assert_int_equal(w.steady_from, 31);
}

static void thePenaltyEitherSide(void **state) {
    (void)state;
    verdictThresholds t;
    verdictDefaults(&t);
    /* 6 calls at 1.00 +- 0.01, 6 at 1.05 +- 0.01 (alternating): a changepoint
     * at 6 gains C(all) - C(first 6) - C(last 6); a penalty just above that
     * finds none, just below it finds that one */
    double x[12];
    for (size_t i = 0; i < 12; i++) x[i] = (i < 6 ? 1.00 : 1.05) + (i % 2 ? 0.01 : -0.01);
    double fl = CHANGEPOINT_FLOOR * 1.0; /* the median is about 1 */
    double gain = cost(x, 0, 12, fl * fl) - cost(x, 0, 6, fl * fl) - cost(x, 6, 12, fl * fl);
    assert_true(gain > 0 && gain < 15 * log(12.0)); /* too small for the default */
    warmupProc w = classify(1.0, x, 12, &t);
    assert_int_equal(w.segments, 2); /* the first call's and one more */
    assert_int_equal(w.cls, WARMUP_FLAT);
    t.warmup_penalty = gain / log(12.0) * 1.001;
    w = classify(1.0, x, 12, &t);
    assert_int_equal(w.segments, 2);
    t.warmup_penalty = gain / log(12.0) * 0.999;
    w = classify(1.0, x, 12, &t);
    assert_int_equal(w.segments, 3);
    assert_int_equal(w.cls, WARMUP_SLOWDOWN);
    assert_int_equal(w.steady_from, 8);
}

static void tooFewCallsOrABoundAreNotClassified(void **state) {
    (void)state;
    verdictThresholds t;
    verdictDefaults(&t);
    double x[4] = {1, 1, 1, 1};
    warmupProc w = classify(100, x, WARMUP_MIN_STEADY - 1, &t);
    assert_int_equal(w.cls, WARMUP_UNCLASSIFIED);
    assert_int_equal(w.steady_from, 0);
    assert_int_equal(w.calls, WARMUP_MIN_STEADY);
    w = classify(100, x, WARMUP_MIN_STEADY, &t);
    assert_int_equal(w.cls, WARMUP_WARMUP);
    summaryProc p = proc(100, x, 4);
    p.ncensored = 1;
    assert_int_equal(warmupClassify(&p, &t, &w), 0);
    assert_int_equal(w.cls, WARMUP_UNCLASSIFIED);
    free(p.steady.x);
    free(p.cens.x);
}

/* A whole-run process (coldload-run: one steady row, its run's wall time,
 * censored or not) with per-call times: the calls are classed, call 1 as
 * the first call. */
static void aWholeRunIsClassedByItsCalls(void **state) {
    (void)state;
    verdictThresholds t;
    verdictDefaults(&t);
    uint64_t st = 5;
    double wall = 400;
    summaryProc p = proc(NAN, &wall, 1);
    warmupProc w;
    assert_int_equal(warmupClassify(&p, &t, &w), 0);
    assert_int_equal(w.cls, WARMUP_UNCLASSIFIED); /* one steady row: too few */
    double x[32];
    fill(x, 8, 50.0, 0.2, &st);
    fill(x + 8, 24, 10.0, 0.2, &st);
    for (size_t i = 0; i < 32; i++) assert_int_equal(summaryVecPush(&p.calls, x[i]), 0);
    assert_int_equal(warmupClassify(&p, &t, &w), 0);
    assert_int_equal(w.cls, WARMUP_WARMUP);
    assert_int_equal(w.steady_from, 9);
    assert_int_equal(w.calls, 32);
    /* the whole run stopped at its cap does not bound its calls */
    p.ncensored = 1;
    assert_int_equal(warmupClassify(&p, &t, &w), 0);
    assert_int_equal(w.cls, WARMUP_WARMUP);
    /* too few calls: not classified */
    p.calls.n = WARMUP_MIN_STEADY;
    assert_int_equal(warmupClassify(&p, &t, &w), 0);
    assert_int_equal(w.cls, WARMUP_UNCLASSIFIED);
    free(p.steady.x);
    free(p.cens.x);
    free(p.calls.x);
}

/* --- the verdict of a cell ----------------------------------------------------------------------- */

static summaryGroup groups[3];

static summaryGroup *group(size_t i, const char *condition, const char *copy, size_t nproc) {
    summaryGroup *g = &groups[i];
    memset(g, 0, sizeof *g);
    for (size_t c = 0; c < summaryNColumns; c++)
        if (summaryColumns[c].kind == SUMMARY_COL_NUM)
            *(double *)((char *)g + summaryColumns[c].off) = NAN;
    int idle = strcmp(condition, "idle") == 0;
    g->key = (summaryKey){"grad",
                          "n=1000",
                          "block",
                          (char *)condition,
                          idle ? "0" : "2",
                          (char *)copy,
                          idle ? "none" : "pinned",
                          1,
                          idle ? 0 : 2,
                          idle ? SUMMARY_LOAD_NONE : SUMMARY_LOAD_PINNED};
    g->harness = idle ? "warm" : "loaded";
    g->source = "samples.csv:2";
    g->whole_tool = "";
    g->slow_procs = SIZE_MAX;
    g->proc = calloc(nproc, sizeof *g->proc);
    g->nproc = nproc;
    return g;
}

static void setProc(summaryGroup *g, size_t i, double first, const double *x, size_t n) {
    g->proc[i] = proc(first, x, n);
}

static void freeGroups(size_t n) {
    for (size_t i = 0; i < n; i++) {
        for (size_t j = 0; j < groups[i].nproc; j++) {
            free(groups[i].proc[j].steady.x);
            free(groups[i].proc[j].cens.x);
        }
        free(groups[i].proc);
    }
}

static const verdict *findWarmup(const verdictList *l) {
    for (size_t i = 0; i < l->n; i++)
        if (!strcmp(l->v[i].id, "warmup")) return &l->v[i];
    return NULL;
}

static void theCellsVerdict(void **state) {
    (void)state;
    uint64_t st = 9;
    double flat[20], late[40];
    fill(flat, 20, 1.0, 0.01, &st);
    fill(late, 10, 2.0, 0.01, &st);
    fill(late + 10, 30, 1.0, 0.01, &st);
    /* two copy kinds of one idle cell: 3 processes warm by call 2, one
     * with 2 steady calls (not classified) */
    summaryGroup *a = group(0, "idle", "fresh", 2), *b = group(1, "idle", "same", 2);
    setProc(a, 0, 100, flat, 20);
    setProc(a, 1, 100, flat, 20);
    setProc(b, 0, 100, flat, 20);
    setProc(b, 1, 100, flat, 2);
    summary s = {.g = groups, .n = 2, .cap = 2};
    verdictThresholds t;
    verdictDefaults(&t);
    verdictList l = {0};
    assert_int_equal(verdictRun(&s, &t, &l), 0);
    const verdict *v = findWarmup(&l);
    assert_non_null(v);
    assert_int_equal(v->level, VERDICT_NOTE);
    assert_int_equal(v->parts, SUMMARY_K_ALL & ~SUMMARY_K_COPY);
    assert_float_equal(verdictFig(v, "procs"), 4, 0);
    assert_float_equal(verdictFig(v, "classified"), 3, 0);
    assert_float_equal(verdictFig(v, "warmup"), 3, 0);
    assert_float_equal(verdictFig(v, "unclassified"), 1, 0);
    assert_float_equal(verdictFig(v, "warmup_from_median"), 2, 0);
    assert_float_equal(verdictFig(v, "late"), 0, 0);
    assert_non_null(strstr(v->finding, "warmup in 3 of 3: steady from call 2; flat in 0; "
                                       "slowdown in 0; no steady state in 0"));
    assert_non_null(strstr(v->finding, "1 of 4 processes not classified"));
    verdictFree(&l);
    /* one process steady from call 12: a WARN that names it */
    free(b->proc[1].steady.x);
    free(b->proc[1].cens.x);
    setProc(b, 1, 100, late, 40);
    assert_int_equal(verdictRun(&s, &t, &l), 0);
    v = findWarmup(&l);
    assert_int_equal(v->level, VERDICT_WARN);
    assert_float_equal(verdictFig(v, "late"), 1, 0);
    assert_float_equal(verdictFig(v, "warmup_from_hi"), 12, 0);
    assert_non_null(strstr(v->finding, "warmup in 4 of 4: steady from call 2-12 (median 2)"));
    assert_non_null(strstr(v->finding, "1 of 4 processes were not steady by call 2"));
    verdictFree(&l);
    freeGroups(2);
    /* a loaded cell: nothing when every process is warm by call 2, a NOTE otherwise */
    a = group(0, "loaded", "inplace", 1);
    setProc(a, 0, 100, flat, 20);
    s.n = 1;
    assert_int_equal(verdictRun(&s, &t, &l), 0);
    assert_null(findWarmup(&l));
    verdictFree(&l);
    free(a->proc[0].steady.x);
    free(a->proc[0].cens.x);
    setProc(a, 0, 100, late, 40);
    assert_int_equal(verdictRun(&s, &t, &l), 0);
    assert_int_equal(findWarmup(&l)->level, VERDICT_NOTE);
    verdictFree(&l);
    freeGroups(1);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(peltIsOptimal),
        cmocka_unit_test(peltFindsAStepOfMeanAndOfVariance),
        cmocka_unit_test(flatAndWarmupEitherSideOfDelta),
        cmocka_unit_test(slowdownEitherSideOfDelta),
        cmocka_unit_test(theBandsAreTheStandardDeviations),
        cmocka_unit_test(noSteadyStateEitherSideOfTheWindow),
        cmocka_unit_test(aSlowdownBeforeAWarmupDecides),
        cmocka_unit_test(aProcessOfEachClass),
        cmocka_unit_test(thePenaltyEitherSide),
        cmocka_unit_test(tooFewCallsOrABoundAreNotClassified),
        cmocka_unit_test(aWholeRunIsClassedByItsCalls),
        cmocka_unit_test(theCellsVerdict),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
