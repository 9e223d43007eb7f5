/* test_remedy.c -- what fixes it here (verdict/remedy): the settings table
 * and which rows apply to a run's runtimes, the names a remedies/ directory
 * may have, the plan at a level of the OpenMP fixture (a real run: width 2
 * 4.7x width 1 under pinned load) and the rule judged on both sides. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "common/stats.h"
#include "results/results.h"
#include "verdict/remedy.h"

#define FIXTURE "tests/fixtures/results-threads-remedies"

static void aRowAppliesToItsRuntimeOnly(void **state) {
    (void)state;
    size_t gomp = 0, blas = 0;
    while (strcmp(remedies[gomp].runtime, "libgomp")) gomp++;
    while (strcmp(remedies[blas].runtime, "libopenblas (pthread)")) blas++;
    assert_true(remedyApplies(gomp, "libgomp:OMP_NUM_THREADS"));
    assert_true(
        remedyApplies(gomp, "libopenblas (pthread):OPENBLAS_NUM_THREADS;libgomp:OMP_NUM_THREADS"));
    assert_false(remedyApplies(gomp, "libgomp2:X")); /* a name, not a prefix */
    assert_false(remedyApplies(gomp, ""));
    assert_false(remedyApplies(gomp, NULL));
    assert_true(remedyApplies(blas, "libopenblas (pthread):OPENBLAS_NUM_THREADS"));
    assert_false(remedyApplies(blas, "libopenblas (openmp):OMP_NUM_THREADS"));
    assert_false(remedyApplies(remediesN, "libgomp:OMP_NUM_THREADS"));
    for (size_t i = 0; i < remediesN; i++) { /* every setting VARIABLE=value, documented */
        assert_non_null(strchr(remedies[i].setting, '='));
        assert_true(strlen(remedies[i].without) > 0 && strlen(remedies[i].source) > 0);
    }
}

static void onlyRemedyNamesAreRemedies(void **state) {
    (void)state;
    remedyItem it;
    assert_int_equal(remedyItemOfId("r0", &it), 0);
    assert_false(it.is_width);
    assert_int_equal(it.row, 0);
    assert_int_equal(remedyItemOfId("w12", &it), 0);
    assert_true(it.is_width);
    assert_int_equal(it.width, 12);
    const char *bad[] = {"r", "w", "x1", "r-1", "r1;rm", "r 1", "..", "r99999", "w1000001", ""};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(remedyItemOfId(bad[i], &it), -1);
    assert_int_equal(remedyItemOfId(NULL, &it), -1);
    int mode;
    assert_int_equal(remedyModeParse("all", &mode), 0);
    assert_int_equal(mode, REMEDY_ALL);
    assert_int_equal(remedyModeParse("ALL", &mode), -1);
    assert_int_equal(remedyModeParse(NULL, &mode), -1);
}

static void loadFixture(results *r) {
    verdictThresholds t;
    verdictDefaults(&t);
    char err[512];
    const resultsOptions o = {NULL, NULL, 0};
    if (resultsLoad(r, FIXTURE, &t, &o, err, sizeof err) != RESULTS_OK) fail_msg("%s", err);
}

static void thePlanTriesTheLoadedRuntimesSettingsWhereThreadsHurt(void **state) {
    (void)state;
    results r;
    loadFixture(&r);
    assert_int_equal(r.nremedies, 2); /* r0, r1: w1 is a cell */
    remedyPlanOf p;
    assert_int_equal(remedyPlan(&r.s, &r.meta, "pinned", "2", REMEDY_AUTO, &p), 0);
    assert_true(p.hurts);
    assert_int_equal(p.n, 3);
    assert_string_equal(remedies[p.it[0].row].setting, "OMP_WAIT_POLICY=passive");
    assert_string_equal(remedies[p.it[1].row].setting, "GOMP_SPINCOUNT=1000");
    /* the default cell used 2 threads in every run, as width 2: one
     * configuration, so the settings go on width 2, the widest */
    assert_int_equal(p.it[0].width, 2);
    assert_true(p.it[2].is_width && p.it[2].measured);
    assert_int_equal(p.it[2].width, 1); /* 2 CPUs, 2 load workers: none left, so 1 */
    /* idle: nothing; off: nothing; a level never measured: nothing */
    assert_int_equal(remedyPlan(&r.s, &r.meta, "none", "0", REMEDY_ALL, &p), 0);
    assert_int_equal(p.n, 0);
    assert_non_null(p.why);
    assert_int_equal(remedyPlan(&r.s, &r.meta, "pinned", "2", REMEDY_OFF, &p), 0);
    assert_int_equal(p.n, 0);
    assert_int_equal(remedyPlan(&r.s, &r.meta, "free", "2", REMEDY_AUTO, &p), 0);
    assert_int_equal(p.n, 0);
    /* all: every distinct setting of the table, and the width */
    assert_int_equal(remedyPlan(&r.s, &r.meta, "pinned", "2", REMEDY_ALL, &p), 0);
    assert_int_equal(p.n, 5);
    assert_int_equal(remedyFreeWidth(&r.meta, SUMMARY_LOAD_QUOTA, "1.5"), 1);
    assert_int_equal(remedyFreeWidth(&r.meta, SUMMARY_LOAD_PINNED, "1"), 1);
    assert_int_equal(remedyFreeWidth(&r.meta, SUMMARY_LOAD_PINNED, "junk"), 1);
    resultsFree(&r);
}

static void eachRemedyAtTheDecidingLevelJudged(void **state) {
    (void)state;
    results r;
    loadFixture(&r);
    answerThreadsCells *t = malloc(sizeof *t);
    assert_non_null(t);
    answerThreadsCollect(&r.s, t);
    answerThreadsLevel L;
    assert_true(answerThreadsDeciding(t, &L));
    remedyResult out[REMEDY_MAX];
    remedyItem w;
    size_t n = remedyResultsAt(r.remedies, r.nremedies, &r.meta, t, &L, &w, out, REMEDY_MAX);
    assert_int_equal(n, 3);
    assert_true(out[0].fixes); /* 0.41x the best width */
    assert_true(out[0].over_best < 0.5);
    assert_true(out[2].item->is_width && out[2].fixes);
    assert_float_equal(out[2].over_best, 1.0, 1e-12);
    free(t);
    resultsFree(&r);
}

/* A cell of runs with these medians (a bound where bound[i]). */
typedef struct fakeCell {
    summaryGroup g;
    summaryProc p[8];
    answerThreadsCell c;
} fakeCell;

static void fakeCellOf(fakeCell *f, const double *ms, const int *bound, size_t n) {
    memset(f, 0, sizeof *f);
    for (size_t i = 0; i < n; i++) {
        f->p[i].median_ms = ms[i];
        f->p[i].median_bound = bound ? bound[i] : 0;
    }
    f->g.proc = f->p;
    f->g.nproc = n;
    double v[8];
    memcpy(v, ms, n * sizeof *v);
    qsort(v, n, sizeof *v, statsCmpDouble);
    f->c = (answerThreadsCell){
        .g = &f->g, .median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2, .bound_ms = NAN};
}

static void theRuleOnBothSides(void **state) {
    (void)state;
    fakeCell *b = malloc(sizeof *b), *c = malloc(sizeof *c);
    assert_non_null(b);
    assert_non_null(c);
    const double best[] = {98, 100, 102};
    fakeCellOf(b, best, NULL, 3);
    const double within[] = {122, 124, 126};
    fakeCellOf(c, within, NULL, 3);
    assert_true(remedyFixes(&c->c, &b->c)); /* 1.24x: within */
    const double above[] = {124, 126, 128};
    fakeCellOf(c, above, NULL, 3);
    assert_false(remedyFixes(&c->c, &b->c));              /* 1.26x: not within 1.25x ... */
    assert_false(remedyFailsAgainst(NULL, &c->c, &b->c)); /* ... nor resolved beyond it */
    const double far[] = {130, 135, 140};
    fakeCellOf(c, far, NULL, 3);
    assert_true(remedyFailsAgainst(NULL, &c->c, &b->c)); /* every run above 1.25x every best run */
    const double mixed[] = {99, 126, 300};
    fakeCellOf(c, mixed, NULL, 3);
    assert_false(remedyFixes(&c->c, &b->c)); /* 1.26x: not within, though not resolved */
    assert_false(remedyFailsAgainst(NULL, &c->c, &b->c)); /* one run below the best's */
    const double noisy[] = {99, 120, 300};
    fakeCellOf(c, noisy, NULL, 3);
    assert_true(remedyFixes(&c->c, &b->c)); /* 1.20x */
    const double low[] = {40, 50, 60};
    const int bounds[] = {1, 1, 1};
    fakeCellOf(c, low, bounds, 3);
    c->c.median_bound = 1;
    assert_false(remedyFixes(&c->c, &b->c)); /* a lower bound fixes nothing */
    c->c.median_bound = 0, c->c.median = NAN;
    assert_false(remedyFixes(&c->c, &b->c));
    free(b);
    free(c);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(aRowAppliesToItsRuntimeOnly),
        cmocka_unit_test(onlyRemedyNamesAreRemedies),
        cmocka_unit_test(thePlanTriesTheLoadedRuntimesSettingsWhereThreadsHurt),
        cmocka_unit_test(eachRemedyAtTheDecidingLevelJudged),
        cmocka_unit_test(theRuleOnBothSides),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
