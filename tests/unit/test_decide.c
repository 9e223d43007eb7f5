/* test_decide.c -- the stopping rule (verdict/decide): its interval test on
 * both sides of a threshold, the thresholds a loaded group is judged
 * against, the precision rule of an idle group; and a simulation of its
 * error rate against today's fixed K = 5 processes.
 *
 * The simulation (docs/verdicts.md, "When a cell stops"): an idle cell of
 * process medians lognormal(0, SIG_IDLE) and a loaded cell of lognormal(log
 * T(1+d), SIG_LOADED), T = 2 (--loaded-idle), d the true ratio's distance
 * from the threshold. The stopping arm takes 3 processes of each, then one
 * more of every undecided side (idle: decideWithinTolerance; loaded: decideRatio
 * against T) up to 7; the fixed arm takes 5 of each. Both answer with the
 * point estimate (median of loaded medians / median of idle medians >= T, as
 * loaded-slow fires), and an answer is wrong when it differs from the true
 * ratio's side of T. Optional stopping would show as the stopping arm being
 * wrong more often; the test asserts it is not, within TOL. The trials
 * default to SIM_TRIALS; COLDLOAD_SIM_TRIALS=N sets them, and the rates are
 * printed on stdout (build/unit/test_decide). */
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
#include "verdict/decide.h"

#define SIM_TRIALS \
    300 /* seeded: the same rates every run; COLDLOAD_SIM_TRIALS=20000 for tighter ones */
#define SIG_IDLE 0.03
#define SIG_LOADED 0.30
#define TOL 0.03

static void interval_sides(void **state) {
    (void)state;
    double t[2] = {2, 10};
    assert_int_equal(decideInterval(1.2, 1.9, t, 2), 1);  /* below both */
    assert_int_equal(decideInterval(2.0, 9.0, t, 2), 1);  /* at 2 fires (>=), below 10 */
    assert_int_equal(decideInterval(1.9, 2.1, t, 2), 0);  /* straddles 2 */
    assert_int_equal(decideInterval(9.0, 10.5, t, 2), 0); /* straddles 10 */
    assert_int_equal(decideInterval(12, 400, t, 2), 1);   /* above both */
    assert_int_equal(decideInterval(NAN, 400, t, 2), 0);
    assert_int_equal(decideInterval(1.2, 1.9, t, 0), 1); /* nothing to decide */
}

static void ratio_rule(void **state) {
    (void)state;
    double idle[3] = {1.0, 1.01, 0.99}, lo, hi, t = 2;
    double far[3] = {5, 5.2, 4.9}, near[3] = {1.7, 2.3, 2.0};
    assert_int_equal(decideRatio(far, 3, idle, 3, &t, 1, &lo, &hi), 1);
    assert_true(lo >= 2);
    assert_int_equal(decideRatio(near, 3, idle, 3, &t, 1, &lo, &hi), 0);
    assert_true(lo < 2 && hi >= 2);
    /* two processes never decide, however clear */
    assert_int_equal(decideRatio(far, 2, idle, 3, &t, 1, &lo, &hi), 0);
}

static void precision_rule(void **state) {
    (void)state;
    double tight[3] = {1.0, 1.02, 0.99}, loose[3] = {1.0, 1.3, 0.95}, lo, hi;
    assert_int_equal(decideWithinTolerance(tight, 3, DECIDE_IDLE_TOLERANCE, &lo, &hi), 1);
    assert_int_equal(decideWithinTolerance(loose, 3, DECIDE_IDLE_TOLERANCE, &lo, &hi), 0);
    assert_true(hi > 1.1);
    assert_int_equal(decideWithinTolerance(tight, 2, DECIDE_IDLE_TOLERANCE, &lo, &hi), 0);
}

static void thresholds_of_a_group(void **state) {
    (void)state;
    summaryGroup g;
    memset(&g, 0, sizeof g);
    g.key = (summaryKey){"grad",    "n=1000", "block", "loaded", "2",
                         "inplace", "pinned", 1,       2,        SUMMARY_LOAD_PINNED};
    verdictThresholds t;
    verdictDefaults(&t);
    t.load_cpus = 2;
    double thr[DECIDE_THR_MAX];
    const char *name[DECIDE_THR_MAX];
    /* pinned width 1: loaded-idle 2 x E(1) = 4 (2x is the fair share, the
     * load's) and narrow 1.5 x E(1) = 3 */
    assert_int_equal(decideThresholds(&g, &t, thr, name), 2);
    assert_float_equal(thr[0], 4, 1e-12);
    assert_float_equal(thr[1], 3, 1e-12);
    /* pinned width 2: loaded-idle 2 x E(2) = 4, wide 5 x E(2) = 10 */
    g.key.width = 2;
    assert_int_equal(decideThresholds(&g, &t, thr, name), 2);
    assert_float_equal(thr[0], 4, 1e-12);
    assert_float_equal(thr[1], 10, 1e-12);
    /* free: loaded-idle 2 as given, the slow-process line 5 x idle */
    summaryKeySetLoad(&g.key, "free");
    assert_int_equal(decideThresholds(&g, &t, thr, name), 2);
    assert_float_equal(thr[0], 2, 1e-12);
    assert_float_equal(thr[1], 5, 1e-12);
    g.key.condition = "idle";
    summaryKeySetLoad(&g.key, "none");
    assert_int_equal(decideThresholds(&g, &t, thr, name), 0);
}

/* Groups with process medians only: what decideGroup reads. */
static void groupOf(summaryGroup *g, summaryProc *p, const double *med, size_t n, summaryKey key) {
    memset(g, 0, sizeof *g);
    memset(p, 0, n * sizeof *p);
    g->key = key;
    for (size_t i = 0; i < n; i++) p[i].median_ms = med[i];
    g->proc = p;
    g->nproc = g->procs = n;
    g->n = n;
}

/* s->g[1] as a loaded svdvals width-2 cell of those process medians under
 * load `load`, slow_procs of them slow; then the rule on it. */
static int decideLoaded(summary *s, summaryProc *p, const double *med, char *load,
                        size_t slow_procs, const verdictThresholds *t, decideResult *r) {
    groupOf(&s->g[1], p, med, 3,
            (summaryKey){"svdvals", "size=256", "block", "loaded", "2", "inplace", load, 2, 2,
                         summaryWordOf(summaryLoads, SUMMARY_LOAD_N, load)});
    s->g[1].slow_procs = slow_procs;
    return decideGroup(s, &s->g[1], t, r);
}

/* Under free load a cell with one slow process of three is decided (its one
 * verdict, placement, is a WARN that more processes cannot take back); one
 * with none slow and a straddling interval is not; and a pinned cell is not
 * decided by a slow process alone (its ratio must clear the thresholds). */
static void free_cell_decided_once_a_process_is_slow(void **state) {
    (void)state;
    summaryGroup g[2];
    summaryProc pi[3], pl[3];
    const double idle[3] = {5, 5.1, 4.9}, mixed[3] = {5.2, 2000, 6}, edge[3] = {5, 9, 20};
    summary s = {.g = g, .n = 2};
    verdictThresholds t;
    verdictDefaults(&t);
    t.load_cpus = 2;
    groupOf(&g[0], pi, idle, 3,
            (summaryKey){"svdvals", "size=256", "block", "idle", "0", "inplace", "none", 2, 0,
                         SUMMARY_LOAD_NONE});
    decideResult r;
    /* free, 1 of 3 slow */
    assert_int_equal(decideLoaded(&s, pl, mixed, "free", 1, &t, &r), 0);
    assert_int_equal(r.decided, 1);
    assert_int_equal(r.by_slow, 1);
    /* free, none slow, 1.0x .. 4x: straddles --loaded-idle 2 */
    assert_int_equal(decideLoaded(&s, pl, edge, "free", 0, &t, &r), 0);
    assert_int_equal(r.decided, 0);
    /* pinned, width 2: one slow of three straddles 10 x idle */
    assert_int_equal(decideLoaded(&s, pl, mixed, "pinned", 1, &t, &r), 0);
    assert_int_equal(r.decided, 0);
    assert_int_equal(r.by_slow, 0);
}

/* A first-run part is decided with >= 3 pairs whose spread is within
 * 2 x precision x the cell's extra; a cell of kind same owns the variant
 * parts, another kind only its copy part. */
static void firstrun_part_known_to_a_share_of_the_extra(void **state) {
    (void)state;
    firstrunCell c;
    memset(&c, 0, sizeof c);
    c.kind = "same";
    c.extra = 5;
    c.part[FIRSTRUN_DYNLINK] = (firstrunSpread){3.8, 3.5, 4.4, 3}; /* spread 0.9 <= 1 */
    assert_true(decideFirstrunPart(&c, FIRSTRUN_DYNLINK, 0.1));
    c.part[FIRSTRUN_DYNLINK].max = 4.6; /* spread 1.1 > 1 */
    assert_false(decideFirstrunPart(&c, FIRSTRUN_DYNLINK, 0.1));
    c.part[FIRSTRUN_POOL] = (firstrunSpread){1.2, 1.2, 1.2, 2}; /* 2 pairs */
    assert_false(decideFirstrunPart(&c, FIRSTRUN_POOL, 0.1));
    assert_true(decideFirstrunOwns(&c, FIRSTRUN_POOL));
    assert_false(decideFirstrunOwns(&c, FIRSTRUN_COPY));
    c.kind = "evicted";
    assert_true(decideFirstrunOwns(&c, FIRSTRUN_COPY));
    assert_false(decideFirstrunOwns(&c, FIRSTRUN_DYNLINK));
}

/* A standard normal draw (Box-Muller) from the one splitmix64 stream. */
static double simNormal(uint64_t *st) {
    double u = statsUnit(st), v = statsUnit(st);
    return sqrt(-2 * log(u > 0 ? u : 1e-300)) * cos(2 * M_PI * v);
}

static double simMedian(const double *x, size_t n) {
    statsSummary s;
    statsOf(x, n, &s);
    return s.median;
}

typedef struct simRates {
    double wrong_stop, wrong_fixed, procs_stop; /* shares, mean loaded processes */
} simRates;

static simRates simulate(double d, size_t trials, uint64_t seed) {
    const double T = 2;
    uint64_t st = seed;
    size_t wrong_stop = 0, wrong_fixed = 0, procs = 0;
    int truth = T * (1 + d) >= T;
    for (size_t k = 0; k < trials; k++) {
        double idle[7], loaded[7], lo, hi;
        for (int i = 0; i < 7; i++) {
            idle[i] = exp(SIG_IDLE * simNormal(&st));
            loaded[i] = T * (1 + d) * exp(SIG_LOADED * simNormal(&st));
        }
        /* fixed K = 5: the first 5 of each */
        wrong_fixed += (simMedian(loaded, 5) / simMedian(idle, 5) >= T) != truth;
        /* the rule: 3, then one more of each undecided side, up to 7 */
        size_t ni = 3, nl = 3;
        while (ni < 7 && !decideWithinTolerance(idle, ni, DECIDE_IDLE_TOLERANCE, &lo, &hi)) ni++;
        while (nl < 7 && !decideRatio(loaded, nl, idle, ni, &T, 1, &lo, &hi)) nl++;
        procs += nl;
        wrong_stop += (simMedian(loaded, nl) / simMedian(idle, ni) >= T) != truth;
    }
    return (simRates){(double)wrong_stop / trials, (double)wrong_fixed / trials,
                      (double)procs / trials};
}

static void stopping_is_no_worse_than_fixed_k5(void **state) {
    (void)state;
    const char *env = getenv("COLDLOAD_SIM_TRIALS");
    size_t trials = env && atol(env) > 0 ? (size_t)atol(env) : SIM_TRIALS;
    const double ds[] = {-0.20, -0.05, 0.0, 0.05, 0.20, 1.0};
    printf("# true ratio / threshold, wrong: stopping rule, fixed K=5; loaded processes taken "
           "(%zu trials, sigma loaded %.2f, idle %.2f)\n",
           trials, SIG_LOADED, SIG_IDLE);
    for (size_t i = 0; i < sizeof ds / sizeof ds[0]; i++) {
        simRates r = simulate(ds[i], trials, 20261203u + i);
        printf("%.2f\t%.4f\t%.4f\t%.2f\n", 1 + ds[i], r.wrong_stop, r.wrong_fixed, r.procs_stop);
        assert_true(r.wrong_stop <= r.wrong_fixed + TOL);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(interval_sides),
        cmocka_unit_test(ratio_rule),
        cmocka_unit_test(precision_rule),
        cmocka_unit_test(thresholds_of_a_group),
        cmocka_unit_test(free_cell_decided_once_a_process_is_slow),
        cmocka_unit_test(firstrun_part_known_to_a_share_of_the_extra),
        cmocka_unit_test(stopping_is_no_worse_than_fixed_k5),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
