/* test_measure.c -- sample statistics (odd, even, single, empty), the FNV-1a
 * checksum against a value computed independently, the clock and probes. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "bench/measure.h"
#include "common/checksum.h"
#include "common/stats.h"

static void statsOfAnOddCount(void **state) {
    (void)state;
    double x[] = {5.0, 1.0, 3.0, 9.0, 2.0};
    statsSummary s;
    assert_int_equal(statsOf(x, 5, &s), 0);
    assert_int_equal(s.n, 5);
    assert_true(s.min == 1.0 && s.median == 3.0 && s.max == 9.0);
    assert_true(x[0] == 5.0 && x[4] == 2.0); /* the caller's order is kept */
}

static void statsOfAnEvenCountTakeTheMeanOfTheMiddleTwo(void **state) {
    (void)state;
    double x[] = {4.0, 1.0, 10.0, 2.0};
    statsSummary s;
    assert_int_equal(statsOf(x, 4, &s), 0);
    assert_true(s.min == 1.0 && s.median == 3.0 && s.max == 10.0);
}

static void statsOfOneSample(void **state) {
    (void)state;
    double x[] = {0.017};
    statsSummary s;
    assert_int_equal(statsOf(x, 1, &s), 0);
    assert_true(s.min == 0.017 && s.median == 0.017 && s.max == 0.017);
}

static void statsOfNothingIsAnError(void **state) {
    (void)state;
    statsSummary s = {0};
    assert_int_equal(statsOf(NULL, 0, &s), -1);
}

static void statsOfManySamples(void **state) {
    (void)state;
    static double x[1001];
    for (int i = 0; i < 1001; i++) x[i] = (double)((i * 37) % 1001); /* a permutation of 0..1000 */
    statsSummary s;
    assert_int_equal(statsOf(x, 1001, &s), 0);
    assert_true(s.min == 0.0 && s.median == 500.0 && s.max == 1000.0);
}

static void checksumIsFnv1aOverTheBits(void **state) {
    (void)state;
    double one = 1.0, zero = 0.0, negzero = -0.0;
    /* FNV-1a 64 of the 8 little-endian bytes of 1.0, computed apart. */
    assert_true(checksumOf(&one, 1) == 0xaab1693229ba1db8ULL);
    assert_true(checksumOf(NULL, 0) == CHECKSUM_FNV_OFFSET);
    /* equal values, different bits: different checksums */
    assert_true(checksumOf(&zero, 1) != checksumOf(&negzero, 1));
    double two[2] = {1.0, 2.0};
    assert_true(checksumMore(checksumOf(&two[0], 1), &two[1], 1) ==
                checksumOf(two, 2));
}

static void clockAdvancesAndProbesRead(void **state) {
    (void)state;
    double t0 = measureNowMs(), t1 = measureNowMs();
    assert_true(t1 >= t0);
    double ns = measureClockOverheadNs(101);
    assert_true(ns >= 0.0 && ns < 1e5);
    assert_true(measureLoad1() >= 0.0);
    assert_true(measureProcsRunning() >= 1); /* this process is running */
    measureUsage a, b;
    measureUsageNow(&a);
    volatile char *p = (volatile char *)__builtin_alloca(1 << 16);
    for (int i = 0; i < (1 << 16); i += 4096) p[i] = 1;
    measureUsageNow(&b);
    measureUsage d = measureUsageDelta(&a, &b);
    assert_true(d.minflt >= 0 && d.majflt >= 0 && d.nvcsw >= 0 && d.nivcsw >= 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(statsOfAnOddCount),
        cmocka_unit_test(statsOfAnEvenCountTakeTheMeanOfTheMiddleTwo),
        cmocka_unit_test(statsOfOneSample),
        cmocka_unit_test(statsOfNothingIsAnError),
        cmocka_unit_test(statsOfManySamples),
        cmocka_unit_test(checksumIsFnv1aOverTheBits),
        cmocka_unit_test(clockAdvancesAndProbesRead),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
