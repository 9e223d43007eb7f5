/* test_compare.c -- the comparison's bootstrap (compareBoot) against answers
 * known without resampling: a side compared with itself, a side scaled by
 * two, one process or many, the seed's role, and the empty cases. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <cmocka.h>

#include "results/comparerows.h"

/* Three processes of five calls; scaled by f. */
static double calls[3][5];
static const double *procs[3] = {calls[0], calls[1], calls[2]};
static const size_t ncalls[3] = {5, 5, 5};
static double scaled[3][5];
static const double *sprocs[3] = {scaled[0], scaled[1], scaled[2]};

static void fill(double f) {
    for (int p = 0; p < 3; p++)
        for (int i = 0; i < 5; i++) {
            calls[p][i] = 5.6 + 0.05 * i + 0.02 * p;
            scaled[p][i] = f * calls[p][i];
        }
}

static void aSideAgainstItselfContainsOne(void **state) {
    (void)state;
    fill(1);
    double lo, hi;
    compareBoot(procs, ncalls, 3, procs, ncalls, 3, COMPARE_SEED, &lo, &hi);
    assert_true(lo <= 1 && hi >= 1);
    /* the medians of 5.6..5.84: no resample is off by more than the range */
    assert_true(lo > 5.6 / 5.84 - 1e-12 && hi < 5.84 / 5.6 + 1e-12);
}

static void twiceAsSlowExcludesOneAndHoldsTwo(void **state) {
    (void)state;
    fill(2);
    double lo, hi;
    compareBoot(sprocs, ncalls, 3, procs, ncalls, 3, COMPARE_SEED, &lo, &hi);
    assert_true(lo > 1 && lo <= 2 && hi >= 2);
    assert_true(lo > 2 * 5.6 / 5.84 - 1e-12 && hi < 2 * 5.84 / 5.6 + 1e-12);
    /* the other way round: the reciprocal interval */
    double lo2, hi2;
    compareBoot(procs, ncalls, 3, sprocs, ncalls, 3, COMPARE_SEED, &lo2, &hi2);
    assert_true(hi2 < 1 && lo2 <= 0.5 && hi2 >= 0.5);
}

static void constantCallsGiveAnExactRatio(void **state) {
    (void)state;
    double a[4] = {3, 3, 3, 3}, b[4] = {1.5, 1.5, 1.5, 1.5};
    const double *pa[1] = {a}, *pb[1] = {b};
    size_t n[1] = {4};
    double lo, hi;
    compareBoot(pa, n, 1, pb, n, 1, 7, &lo, &hi);
    assert_float_equal(lo, 2.0, 0);
    assert_float_equal(hi, 2.0, 0);
}

static void theSeedDecidesTheStream(void **state) {
    (void)state;
    fill(1.3);
    double l1, h1, l2, h2, l3, h3;
    compareBoot(sprocs, ncalls, 3, procs, ncalls, 3, 11, &l1, &h1);
    compareBoot(sprocs, ncalls, 3, procs, ncalls, 3, 11, &l2, &h2);
    compareBoot(sprocs, ncalls, 3, procs, ncalls, 3, 12, &l3, &h3);
    assert_true(l1 == l2 && h1 == h2);
    assert_true(l1 != l3 || h1 != h3);
}

static void nothingOrAZeroBaselineGivesNoInterval(void **state) {
    (void)state;
    fill(1);
    double lo = 0, hi = 0;
    compareBoot(procs, ncalls, 0, procs, ncalls, 3, 1, &lo, &hi);
    assert_true(isnan(lo) && isnan(hi));
    compareBoot(procs, ncalls, 3, procs, ncalls, 0, 1, &lo, &hi);
    assert_true(isnan(lo) && isnan(hi));
    double z[2] = {0, 0};
    const double *pz[1] = {z};
    size_t n[1] = {2};
    compareBoot(procs, ncalls, 3, pz, n, 1, 1, &lo, &hi);
    assert_true(isnan(lo) && isnan(hi));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(aSideAgainstItselfContainsOne),
        cmocka_unit_test(twiceAsSlowExcludesOneAndHoldsTwo),
        cmocka_unit_test(constantCallsGiveAnExactRatio),
        cmocka_unit_test(theSeedDecidesTheStream),
        cmocka_unit_test(nothingOrAZeroBaselineGivesNoInterval),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
