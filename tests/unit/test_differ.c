/* test_differ.c -- the one rule for "different" (common/differ): exact
 * p-values of the Gehan rank test against their counts by hand, bounds
 * ranked as lower bounds, the smallest sample that can resolve anything,
 * the noise floor, and the simulated false-positive rate on bimodal,
 * drifting, heavy-tailed and censored runs held to DIFFER_ALPHA
 * (tests/unit/differsim.h; `make bench` prints the same table with more
 * trials and the power). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>

#include "common/differ.h"
#include "differsim.h"

#define SIM_TRIALS 400 /* seeded: the same rates every run */
/* 3 binomial standard deviations of a 5 % rate over SIM_TRIALS trials */
#define SIM_TOL 0.033

static differSample S(const double *v, size_t n) { return (differSample){v, NULL, n}; }

static void three_apart_is_one_in_twenty_one_sided(void **state) {
    (void)state;
    double a[] = {10, 11, 12}, b[] = {1, 2, 3}, p, pmin, sc;
    assert_int_equal(differRankTest(S(a, 3), S(b, 3), DIFFER_GREATER, &p, &pmin, &sc), 0);
    assert_true(fabs(p - 1.0 / 20) < 1e-12); /* one labelling of C(6,3) = 20 */
    assert_true(fabs(pmin - 1.0 / 20) < 1e-12);
    assert_true(sc > 0);
    assert_int_equal(differRankTest(S(a, 3), S(b, 3), DIFFER_TWO_SIDED, &p, &pmin, NULL), 0);
    assert_true(fabs(p - 2.0 / 20) < 1e-12);
    /* the other way round: a faster, so one-sided "a slower" is p = 1 */
    assert_int_equal(differRankTest(S(b, 3), S(a, 3), DIFFER_GREATER, &p, NULL, NULL), 0);
    assert_true(fabs(p - 1.0) < 1e-12);
}

static void two_sided_needs_four_a_side(void **state) {
    (void)state;
    double a[] = {10, 11, 12}, b[] = {1, 2, 3};
    differResult r;
    assert_int_equal(differJudge(S(a, 3), S(b, 3), DIFFER_TWO_SIDED, 0.05, 0, &r), 0);
    assert_int_equal(r.verdict, DIFFER_UNRESOLVED); /* 10x apart, yet 3 a side can't say */
    double a4[] = {10, 11, 12, 13}, b4[] = {1, 2, 3, 4};
    assert_int_equal(differJudge(S(a4, 4), S(b4, 4), DIFFER_TWO_SIDED, 0.05, 0, &r), 0);
    assert_int_equal(r.verdict, DIFFER_SLOWER);
    assert_true(fabs(r.p - 2.0 / 70) < 1e-12);
    assert_int_equal(differJudge(S(b4, 4), S(a4, 4), DIFFER_TWO_SIDED, 0.05, 0, &r), 0);
    assert_int_equal(r.verdict, DIFFER_FASTER);
}

static void one_overlap_is_counted_exactly(void **state) {
    (void)state;
    /* a = {3, 5, 6}, b = {1, 2, 4}: Mann-Whitney U of a = 8 of 9; labellings
     * of C(6,3) = 20 with U >= 8: U = 9 (1) and U = 8 (1), so p = 2/20 */
    double a[] = {3, 5, 6}, b[] = {1, 2, 4}, p;
    assert_int_equal(differRankTest(S(a, 3), S(b, 3), DIFFER_GREATER, &p, NULL, NULL), 0);
    assert_true(fabs(p - 2.0 / 20) < 1e-12);
}

static void ties_are_neither_side(void **state) {
    (void)state;
    double a[] = {5, 5, 5, 5}, b[] = {5, 5, 5, 5}, p;
    differResult r;
    assert_int_equal(differRankTest(S(a, 4), S(b, 4), DIFFER_TWO_SIDED, &p, NULL, NULL), 0);
    assert_true(fabs(p - 1.0) < 1e-12);
    assert_int_equal(differJudge(S(a, 4), S(b, 4), DIFFER_TWO_SIDED, 0.05, 0, &r), 0);
    assert_int_equal(r.verdict, DIFFER_WITHIN);
}

static void a_bound_above_every_time_ranks_as_slower(void **state) {
    (void)state;
    /* three runs stopped at 9 s against three of 1 s: as apart as exact times */
    double a[] = {9000, 9000, 9000}, b[] = {1000, 1100, 1050}, p;
    unsigned char ab[] = {1, 1, 1};
    differSample sa = {a, ab, 3};
    assert_int_equal(differRankTest(sa, S(b, 3), DIFFER_GREATER, &p, NULL, NULL), 0);
    assert_true(fabs(p - 1.0 / 20) < 1e-12);
    /* a bound below an exact time says nothing about their order */
    double c[] = {500, 9000, 9000}, d[] = {1000, 1100, 1050};
    unsigned char cb[] = {1, 1, 1};
    differSample sc = {c, cb, 3};
    assert_int_equal(differRankTest(sc, S(d, 3), DIFFER_GREATER, &p, NULL, NULL), 0);
    assert_true(p > 0.05);
    int bound;
    assert_true(differMedian(sa, &bound) == 9000 && bound == 1);
}

static void a_difference_below_the_floor_is_within_noise(void **state) {
    (void)state;
    double a[] = {104, 105, 106, 107}, b[] = {100, 101, 102, 103};
    differResult r;
    assert_int_equal(differJudge(S(a, 4), S(b, 4), DIFFER_TWO_SIDED, 0.05, 0, &r), 0);
    assert_int_equal(r.verdict, DIFFER_SLOWER);
    assert_int_equal(differJudge(S(a, 4), S(b, 4), DIFFER_TWO_SIDED, 0.05, 0.10, &r), 0);
    assert_int_equal(r.verdict, DIFFER_WITHIN); /* 4 % apart, the floor 10 % */
}

static void normal_tail_agrees_with_the_count(void **state) {
    (void)state;
    /* 30 a side: the exact count (60 runs) and the approximation (61) */
    double a[31], b[30], pe, pn;
    for (int i = 0; i < 30; i++) a[i] = 1 + 0.1 * i + 0.4, b[i] = 1 + 0.1 * i;
    a[30] = 2.2;
    assert_int_equal(differRankTest(S(a, 30), S(b, 30), DIFFER_TWO_SIDED, &pe, NULL, NULL), 0);
    assert_int_equal(differRankTest(S(a, 31), S(b, 30), DIFFER_TWO_SIDED, &pn, NULL, NULL), 0);
    assert_true(pe > 0 && pe < 1 && pn > 0 && pn < 1);
    assert_true(fabs(log(pe) - log(pn)) < 0.5);
}

static void empty_or_nan_is_not_resolved(void **state) {
    (void)state;
    double a[] = {NAN, NAN}, b[] = {1, 2, 3};
    differResult r;
    assert_int_equal(differJudge(S(a, 2), S(b, 3), DIFFER_TWO_SIDED, 0.05, 0, &r), 0);
    assert_int_equal(r.verdict, DIFFER_UNRESOLVED);
}

/* Its interval: the Mann-Whitney test inverted. 5 against 5 at 5 %: the
 * count's exact P(U <= 2) = 4/252 <= 0.025 < P(U <= 3) = 7/252, so the
 * 3rd smallest ratio to the 3rd largest; 3 against 3 can leave none out
 * (P(U = 0) = 1/20 > 0.025): every ratio's range. */
static void the_shift_interval_inverts_the_rank_test(void **state) {
    (void)state;
    double a[] = {10, 20, 30, 40, 50}, lo, hi;
    assert_int_equal(differShiftInterval(S(a, 5), S(a, 5), 0.05, &lo, &hi), 0);
    assert_float_equal(lo, 1.0 / 3, 1e-12);
    assert_float_equal(hi, 3.0, 1e-12);
    double b[] = {10, 20, 40}, c[] = {10, 20, 40};
    assert_int_equal(differShiftInterval(S(b, 3), S(c, 3), 0.05, &lo, &hi), 0);
    assert_float_equal(lo, 0.25, 1e-12);
    assert_float_equal(hi, 4.0, 1e-12);
    assert_int_equal(differShiftInterval(S(b, 0), S(c, 3), 0.05, &lo, &hi), -1);
    assert_true(isnan(lo) && isnan(hi));
}

/* The false-positive rate: A against A in every kind of run, at every size
 * the harnesses use, both questions. */
static void aa_false_positives_at_most_alpha(void **state) {
    (void)state;
    for (int k = 0; k < SIM_KINDS; k++)
        for (int n = 3; n <= 7; n++)
            for (int s = 0; s < 2; s++) {
                double fp =
                    simRate(k, n, 1.0, (differSides)s, SIM_TRIALS, 0x5eed0000u + 97 * k + n);
                printf("# A/A %-8s %d a side %-9s false positives %.3f\n", simKindName[k], n,
                       s ? "one-sided" : "two-sided", fp);
                assert_true(fp <= DIFFER_ALPHA + SIM_TOL);
            }
}

/* The size is tested, not read off the medians: a true ratio of exactly
 * the floor (1.25 against a floor of 0.25) is called beyond it at most
 * alpha of the time, at every size and kind. */
static void a_ratio_at_the_floor_is_not_beyond_it(void **state) {
    (void)state;
    for (int k = 0; k < SIM_KINDS; k++)
        for (int n = 3; n <= 7; n++) {
            double fp =
                simRateAt(k, n, 1.25, DIFFER_GREATER, 0.25, SIM_TRIALS, 0xf1000u + 31 * k + n);
            printf("# at the floor %-8s %d a side: called beyond it %.3f\n", simKindName[k], n, fp);
            assert_true(fp <= DIFFER_ALPHA + SIM_TOL);
        }
}

/* Power where it must be there: a 2x difference, 5 runs a side, steady
 * runs (drift) found nearly always, heavy-tailed and bimodal ones too. */
static void twice_as_slow_is_found(void **state) {
    (void)state;
    assert_true(simRate(SIM_DRIFT, 5, 2.0, DIFFER_TWO_SIDED, SIM_TRIALS, 11) >= 0.9);
    assert_true(simRate(SIM_HEAVY, 5, 2.0, DIFFER_TWO_SIDED, SIM_TRIALS, 12) >= 0.8);
    assert_true(simRate(SIM_BIMODAL, 5, 2.0, DIFFER_GREATER, SIM_TRIALS, 13) >= 0.9);
}

static void six_pairs_all_slower_is_one_in_sixty_four_a_way(void **state) {
    (void)state;
    double r6[] = {1.3, 1.4, 1.5, 1.6, 1.7, 1.8};
    differResult r;
    assert_int_equal(differPaired(r6, 6, 0.05, 0, &r), 0);
    assert_int_equal(r.verdict, DIFFER_SLOWER);
    assert_true(fabs(r.p - 2.0 / 64) < 1e-12);
    assert_true(fabs(r.ratio - 1.55) < 1e-12);
    /* five pairs cannot: 2/32 > 0.05 */
    assert_int_equal(differPaired(r6, 5, 0.05, 0, &r), 0);
    assert_int_equal(r.verdict, DIFFER_UNRESOLVED);
    /* the floor: every pair 1.3x-1.8x, but not all beyond 1.5x */
    assert_int_equal(differPaired(r6, 6, 0.05, 0.5, &r), 0);
    assert_int_equal(r.verdict, DIFFER_WITHIN);
    double f6[] = {0.7, 0.75, 0.8, 0.6, 0.65, 0.72};
    assert_int_equal(differPaired(f6, 6, 0.05, 0, &r), 0);
    assert_int_equal(r.verdict, DIFFER_FASTER);
    double m6[] = {0.9, 1.1, 0.95, 1.05, 1.0, 1.02};
    assert_int_equal(differPaired(m6, 6, 0.05, 0, &r), 0);
    assert_int_equal(r.verdict, DIFFER_WITHIN);
}

/* ab's level, 1 % (verdict/answerab.h ANSWER_AB_ALPHA): every pair slower
 * needs 8 pairs (2/256 = 0.0078; 7 give 2/128 = 0.016), and 8 pairs with
 * one below 1 of the 3rd size (two-sided p 10/256 = 0.039) are slower at 5 %
 * but not at 1 %. */
static void at_one_percent_eight_pairs_and_a_smaller_p(void **state) {
    (void)state;
    double all[8] = {1.1, 1.2, 1.3, 1.4, 1.5, 1.6, 1.7, 1.8};
    differResult r;
    assert_int_equal(differPaired(all, 8, 0.01, 0, &r), 0);
    assert_int_equal(r.verdict, DIFFER_SLOWER);
    assert_true(fabs(r.p - 2.0 / 256) < 1e-12);
    assert_int_equal(differPaired(all, 7, 0.01, 0, &r), 0);
    assert_int_equal(r.verdict, DIFFER_UNRESOLVED);
    double one[8] = {0.97, 1.01, 1.02, 1.04, 1.05, 1.06, 1.07, 1.08};
    assert_int_equal(differPaired(one, 8, 0.05, 0, &r), 0);
    assert_int_equal(r.verdict, DIFFER_SLOWER);
    assert_int_equal(differPaired(one, 8, 0.01, 0, &r), 0);
    assert_int_equal(r.verdict, DIFFER_WITHIN);
    assert_true(fabs(r.p - 10.0 / 256) < 1e-12);
    /* its interval at 1 % is wider than at 5 %, and holds 1 */
    double est, lo1, hi1, lo5, hi5;
    assert_int_equal(differPairedInterval(one, 8, 0.01, &est, &lo1, &hi1), 0);
    assert_int_equal(differPairedInterval(one, 8, 0.05, &est, &lo5, &hi5), 0);
    assert_true(lo1 < lo5);
    assert_true(hi1 > hi5);
    assert_true(lo1 < 1);
    assert_true(lo5 > 1);
}

static void the_paired_interval_inverts_the_test(void **state) {
    (void)state;
    /* six pairs: T = 0 (P(W+ <= 0) = 1/64 <= 0.025 < 2/64), so the interval
     * is the smallest and the largest of the 21 Walsh averages */
    double r[] = {1.1, 1.2, 1.3, 1.4, 1.5, 1.6}, est, lo, hi;
    assert_int_equal(differPairedInterval(r, 6, 0.05, &est, &lo, &hi), 0);
    assert_true(fabs(lo - 1.1) < 1e-12 && fabs(hi - 1.6) < 1e-12);
    assert_true(est > 1.3 && est < 1.4);
    assert_int_equal(differPairedInterval(r, 5, 0.05, &est, &lo, &hi), -1);
    /* and where the interval clears 1 + floor, the test says slower */
    double many[40];
    for (int i = 0; i < 40; i++) many[i] = 1.08 * exp(0.03 * sin(i * 1.7));
    differResult t;
    assert_int_equal(differPairedInterval(many, 40, 0.05, &est, &lo, &hi), 0);
    assert_int_equal(differPaired(many, 40, 0.05, 0.02, &t), 0);
    assert_true(lo > 1.02);
    assert_int_equal(t.verdict, DIFFER_SLOWER);
    assert_int_equal(differPaired(many, 40, 0.05, hi - 1 + 0.01, &t), 0);
    assert_int_equal(t.verdict, DIFFER_WITHIN);
}

/* The paired rule's A/A rate: pairs whose two runs share the machine's
 * state (bimodal, drift, heavy), in a random order each. */
static void paired_aa_false_positives_at_most_alpha(void **state) {
    (void)state;
    for (int k = 0; k < SIM_KINDS; k++)
        for (int n = 6; n <= 12; n += 3) {
            double fp =
                simPairedRate(k, n, 1.0, DIFFER_ALPHA, SIM_TRIALS, 0xabab0000u + 17 * k + n);
            printf("# paired A/A %-8s %2d pairs: false positives %.3f\n", simKindName[k], n, fp);
            assert_true(fp <= DIFFER_ALPHA + SIM_TOL);
        }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(three_apart_is_one_in_twenty_one_sided),
        cmocka_unit_test(two_sided_needs_four_a_side),
        cmocka_unit_test(one_overlap_is_counted_exactly),
        cmocka_unit_test(ties_are_neither_side),
        cmocka_unit_test(a_bound_above_every_time_ranks_as_slower),
        cmocka_unit_test(a_difference_below_the_floor_is_within_noise),
        cmocka_unit_test(normal_tail_agrees_with_the_count),
        cmocka_unit_test(empty_or_nan_is_not_resolved),
        cmocka_unit_test(the_shift_interval_inverts_the_rank_test),
        cmocka_unit_test(aa_false_positives_at_most_alpha),
        cmocka_unit_test(a_ratio_at_the_floor_is_not_beyond_it),
        cmocka_unit_test(twice_as_slow_is_found),
        cmocka_unit_test(six_pairs_all_slower_is_one_in_sixty_four_a_way),
        cmocka_unit_test(at_one_percent_eight_pairs_and_a_smaller_p),
        cmocka_unit_test(the_paired_interval_inverts_the_test),
        cmocka_unit_test(paired_aa_false_positives_at_most_alpha),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
