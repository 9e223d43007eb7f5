/* test_measure.c -- sample statistics (odd, even, single, empty), the FNV-1a
 * checksum against a value computed independently, the clock, the load
 * probe, and the getrusage deltas (exact, and against pages touched). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>
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
    assert_true(checksumMore(checksumOf(&two[0], 1), &two[1], 1) == checksumOf(two, 2));
}

static void clockAdvancesAndLoadIsRead(void **state) {
    (void)state;
    double t0 = measureNowMs(), t1 = measureNowMs();
    assert_true(t1 >= t0);
    double ns = measureClockOverheadNs(101);
    /* its cost is a speed, tests/bench/bench.sh's "clock" (make bench) */
    assert_true(ns >= 0.0);
    assert_true(ns < 60e9);
    measureLoad l;
    measureLoadNow(&l);
    assert_true(l.load1 >= 0.0);       /* -1 when /proc/loadavg was not read */
    assert_true(l.procs_running >= 1); /* this process is running */
}

/* The delta is after minus before, field by field (no field swapped). */
static void usageDeltaIsAfterMinusBefore(void **state) {
    (void)state;
    measureUsage a = {10, 2, 30, 4}, b = {15, 3, 37, 9};
    measureUsage d = measureUsageDelta(&a, &b);
    assert_int_equal(d.minflt, 5);
    assert_int_equal(d.majflt, 1);
    assert_int_equal(d.nvcsw, 7);
    assert_int_equal(d.nivcsw, 5);
}

/* First touches of fresh anonymous pages are minor faults, one per page
 * once huge pages are refused for the mapping: the counter must see them. */
static void usageCountsThePagesTouched(void **state) {
    (void)state;
    enum { PAGES = 64 };
    long page = sysconf(_SC_PAGESIZE);
    size_t len = (size_t)PAGES * (size_t)page;
    volatile char *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    assert_true(p != MAP_FAILED);
    madvise((void *)p, len, MADV_NOHUGEPAGE);
    measureUsage a, b;
    measureUsageNow(&a);
    for (size_t i = 0; i < len; i += (size_t)page) p[i] = 1;
    measureUsageNow(&b);
    measureUsage d = measureUsageDelta(&a, &b);
    assert_true(d.minflt >= PAGES);
    assert_int_equal(d.majflt, 0); /* anonymous memory is never read from disk */
    munmap((void *)p, len);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(statsOfAnOddCount),
        cmocka_unit_test(statsOfAnEvenCountTakeTheMeanOfTheMiddleTwo),
        cmocka_unit_test(statsOfOneSample),
        cmocka_unit_test(statsOfNothingIsAnError),
        cmocka_unit_test(statsOfManySamples),
        cmocka_unit_test(checksumIsFnv1aOverTheBits),
        cmocka_unit_test(clockAdvancesAndLoadIsRead),
        cmocka_unit_test(usageDeltaIsAfterMinusBefore),
        cmocka_unit_test(usageCountsThePagesTouched),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
