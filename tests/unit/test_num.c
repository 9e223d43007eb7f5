/* test_num.c -- the one number parser (common/num.h): what counts as a
 * number, checked against exact values, and what is refused (out untouched);
 * and the ranges it is called with (common/ranges.h), the same in the
 * harness's option table (harness/lib/opttable.sh), whose numbers of seconds
 * coldload-run takes. */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "common/num.h"
#include "common/ranges.h"

static void wholeNumbersInRangeAreRead(void **state) {
    (void)state;
    double d = 0;
    long l = 0;
    assert_int_equal(numDouble("2.5", 0, 10, &d), 0);
    assert_true(d == 2.5);
    assert_int_equal(numDouble("-1e3", -DBL_MAX, DBL_MAX, &d), 0);
    assert_true(d == -1000);
    assert_int_equal(numDouble("10", 0, 10, &d), 0); /* the bounds are inside */
    assert_true(d == 10);
    assert_int_equal(numLong("-42", -100, 100, &l), 0);
    assert_int_equal(l, -42);
}

static void anythingElseIsRefusedAndOutIsUntouched(void **state) {
    (void)state;
    static const char *const bad[] = {"",    " 1",    "1 ",     "1x", "x",   "nan",
                                      "inf", "1e999", "1e-999", "11", "-0.5"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        double d = 7;
        assert_int_equal(numDouble(bad[i], 0, 10, &d), -1);
        assert_true(d == 7);
    }
    assert_int_equal(numDouble(NULL, 0, 10, &(double){0}), -1);
    static const char *const badl[] = {"", " 1", "1.5", "0x10", "101", "99999999999999999999"};
    for (size_t i = 0; i < sizeof badl / sizeof badl[0]; i++) {
        long l = 7;
        assert_int_equal(numLong(badl[i], -100, 100, &l), -1);
        assert_int_equal(l, 7);
    }
}

/* Every row of option `opt` in the option table checks `want` (its
 * value type and range, the eighth field); returns the rows seen. */
static int numTableRows(const char *opt, const char *want) {
    FILE *f = fopen("harness/lib/opttable.sh", "r");
    assert_non_null(f);
    char line[4096];
    int rows = 0;
    size_t n = strlen(opt);
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, opt, n) != 0 || line[n] != '|') continue;
        char *field = line;
        for (int i = 0; i < 7 && field; i++)
            field = strchr(field, '|'), field = field ? field + 1 : NULL;
        assert_non_null(field);
        assert_int_equal(strncmp(field, want, strlen(want)), 0);
        assert_int_equal(field[strlen(want)], '|');
        rows++;
    }
    fclose(f);
    return rows;
}

static void theOptionTableStatesTheSameRanges(void **state) {
    (void)state;
    assert_true(numTableRows("--widths", "ints:" RANGE_STR(RANGE_ENGINE_WIDTH_MIN) ":" RANGE_STR(
                                             RANGE_ENGINE_WIDTH_MAX)) > 0);
    /* the table's load levels are those besides idle (0) */
    assert_true(numTableRows("--stressors", "ints:1:" RANGE_STR(RANGE_STRESSORS_MAX)) > 0);
    /* what threads.sh hands to coldload-run: the launcher's own ranges */
    assert_true(numTableRows("--quota", "cpus:" RANGE_STR(RANGE_QUOTA_MIN) ":" RANGE_STR(
                                            RANGE_QUOTA_MAX)) > 0);
    assert_true(numTableRows("--sample-ms", "int:" RANGE_STR(RANGE_SAMPLE_MS_MIN) ":" RANGE_STR(
                                                RANGE_SAMPLE_MS_MAX)) > 0);
    assert_true(numTableRows("--keep-output", "int:" RANGE_STR(RANGE_KEEP_OUTPUT_MIN) ":" RANGE_STR(
                                                  RANGE_KEEP_OUTPUT_MAX)) > 0);
}

/* Every number of seconds of the option table (num:LO:HI) is one
 * coldload-run takes: --budget is its --cap, --grace its --grace. */
static void theTablesSecondsAreTheLaunchers(void **state) {
    (void)state;
    FILE *f = fopen("harness/lib/opttable.sh", "r");
    assert_non_null(f);
    char line[4096];
    int rows = 0;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "--", 2) != 0) continue;
        char *field = line;
        for (int i = 0; i < 7 && field; i++)
            field = strchr(field, '|'), field = field ? field + 1 : NULL;
        if (!field || strncmp(field, "num:", 4) != 0) continue;
        double lo = strtod(field + 4, &field);
        assert_int_equal(*field, ':');
        double hi = strtod(field + 1, NULL);
        assert_true(lo >= RANGE_SECONDS_MIN && hi <= RANGE_SECONDS_MAX);
        rows++;
    }
    fclose(f);
    assert_true(rows > 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(wholeNumbersInRangeAreRead),
        cmocka_unit_test(anythingElseIsRefusedAndOutIsUntouched),
        cmocka_unit_test(theOptionTableStatesTheSameRanges),
        cmocka_unit_test(theTablesSecondsAreTheLaunchers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
