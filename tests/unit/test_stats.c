/* test_stats.c -- common/stats.h: the order statistics and the Wilson
 * interval that placement's "k of K processes slow" share carries, checked
 * against values worked by hand (z = 1.96). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "common/stats.h"

static void medianOfOddAndEvenCounts(void **state) {
    (void)state;
    statsSummary s;
    const double odd[] = {3, 1, 2}, even[] = {4, 1, 3, 2};
    assert_int_equal(statsOf(odd, 3, &s), 0);
    assert_true(s.min == 1 && s.median == 2 && s.max == 3);
    assert_int_equal(statsOf(even, 4, &s), 0);
    assert_true(s.median == 2.5);
    assert_int_equal(statsOf(odd, 0, &s), -1);
}

/* Three calls are the fewest: [min, max] of 3 covers the median with
 * probability 1 - 2/8 = 0.75. */
static void medianKnownNeedsThreeCallsWithinPrecision(void **state) {
    (void)state;
    const double two[] = {10, 10}, three[] = {9.5, 10, 10.9}, wide[] = {9, 10, 11.2};
    assert_false(statsMedianKnown(two, 2, 0.1));
    assert_true(statsMedianKnown(three, 3, 0.1));
    assert_false(statsMedianKnown(wide, 3, 0.1)); /* 11.2 > 10 * 1.1 */
    assert_false(statsMedianKnown(three, 3, 0));  /* 0: the rule is off */
}

/* From 6 calls on, the outermost ones may lie outside: n = 6 takes
 * [x(2), x(5)] (1 - 2 * 7/64 = 0.78 >= 0.75; [x(3), x(4)] only 0.31), n = 5
 * still [min, max] ([x(2), x(4)] covers 1 - 2 * 6/32 = 0.625). */
static void medianKnownLetsOutliersOutAsCountsGrow(void **state) {
    (void)state;
    const double five[] = {30, 10, 10.2, 9.9, 10.1}, six[] = {30, 10, 10.2, 9.9, 10.1, 2},
                 sixhi[] = {30, 10, 10.2, 9.9, 10.1, 12};
    assert_false(statsMedianKnown(five, 5, 0.1));
    assert_true(statsMedianKnown(six, 6, 0.1));
    assert_false(statsMedianKnown(sixhi, 6, 0.1)); /* x(5) = 12 > 10.05 * 1.1 */
}

/* 4 of 5: centre (0.8 + 1.9208/5) / (1 + 3.8416/5) = 0.66965, half-width
 * 1.1084 * sqrt(0.032 + 0.038416) = 0.29413. */
static void wilsonMatchesHandWorkedValues(void **state) {
    (void)state;
    double lo = -1, hi = -1;
    assert_int_equal(statsWilson(4, 5, 1.96, &lo, &hi), 0);
    assert_float_equal(lo, 0.37553, 1e-4);
    assert_float_equal(hi, 0.96378, 1e-4);
    /* all or none: the far bound is 1 or 0 exactly, the near one is not */
    assert_int_equal(statsWilson(5, 5, 1.96, &lo, &hi), 0);
    assert_float_equal(lo, 0.56551, 1e-4);
    assert_true(hi == 1);
    assert_int_equal(statsWilson(0, 5, 1.96, &lo, &hi), 0);
    assert_true(lo == 0);
    assert_float_equal(hi, 0.43449, 1e-4);
    /* symmetric: k of n and n-k of n mirror each other */
    double lo2, hi2;
    assert_int_equal(statsWilson(1, 5, 1.96, &lo2, &hi2), 0);
    assert_int_equal(statsWilson(4, 5, 1.96, &lo, &hi), 0);
    assert_float_equal(lo2, 1 - hi, 1e-12);
    assert_float_equal(hi2, 1 - lo, 1e-12);
    /* more processes, a narrower interval around the same share */
    assert_int_equal(statsWilson(40, 50, 1.96, &lo2, &hi2), 0);
    assert_true(lo2 > lo && hi2 < hi && lo2 < 0.8 && 0.8 < hi2);
}

static void wilsonRefusesNoProcesses(void **state) {
    (void)state;
    double lo = 7, hi = 7;
    assert_int_equal(statsWilson(0, 0, 1.96, &lo, &hi), -1);
    assert_int_equal(statsWilson(6, 5, 1.96, &lo, &hi), -1);
    assert_true(lo == 7 && hi == 7);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(medianOfOddAndEvenCounts),
        cmocka_unit_test(wilsonMatchesHandWorkedValues),
        cmocka_unit_test(wilsonRefusesNoProcesses),
        cmocka_unit_test(medianKnownNeedsThreeCallsWithinPrecision),
        cmocka_unit_test(medianKnownLetsOutliersOutAsCountsGrow),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
