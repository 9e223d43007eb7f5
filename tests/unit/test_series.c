/* test_series.c -- per-call times out of a program's output (launch/series.h):
 * the number form a time must have, lines split across reads, CR-LF and a
 * last line without a newline, a line too long skipped whole, a match whose
 * group is not a number counted, the bound on the times kept, a regex that
 * does not compile or has no group, a back-reference refused, a slow
 * match given up at its budget, its deadline or a stop flag, and the rows
 * written. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "bench/csvwrite.h"
#include "launch/series.h"

static int num(const char *t, double *v) { return seriesNumber(t, strlen(t), v); }

static void aTimeIsAPlainDecimalNumber(void **state) {
    (void)state;
    double v;
    assert_int_equal(num("12", &v), 0);
    assert_true(v == 12);
    assert_int_equal(num("12.5", &v), 0);
    assert_true(v == 12.5);
    assert_int_equal(num(".5", &v), 0);
    assert_int_equal(num("5.", &v), 0);
    assert_int_equal(num("1.25e1", &v), 0);
    assert_true(v == 12.5);
    assert_int_equal(num("1E-3", &v), 0);
    const char *bad[] = {"",    ".",   "-1", "+1", "1e",    "1e+",   "0x10",
                         "inf", "nan", " 1", "1 ", "1.2.3", "1e999", "12ms"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) assert_int_equal(num(bad[i], &v), -1);
}

static void linesAcrossReads(void **state) {
    (void)state;
    series s;
    char err[256];
    assert_int_equal(seriesInit(&s, "time: ([0-9.]+) ms", err, sizeof err), 0);
    const char *parts[] = {"head\ntime: 1", "2.5 ms\r\nti", "me: x ms\ntime: 3 ms\n", "time: 4 ms"};
    for (size_t i = 0; i < 4; i++) seriesFeed(&s, parts[i], strlen(parts[i]));
    seriesEnd(&s);
    assert_int_equal(s.n, 3);
    assert_true(s.x[0] == 12.5 && s.x[1] == 3 && s.x[2] == 4);
    assert_int_equal(s.lines, 5);
    assert_int_equal(s.not_number, 0); /* "x" does not match [0-9.]+ */
    seriesFree(&s);
    /* a group that matches what is not a number: counted */
    assert_int_equal(seriesInit(&s, "time: (.*) ms", err, sizeof err), 0);
    seriesFeed(&s, "time: x ms\ntime: 1 ms\n", 22);
    seriesEnd(&s);
    assert_int_equal(s.n, 1);
    assert_int_equal(s.not_number, 1);
    seriesFree(&s);
}

static void hostileOutputIsBounded(void **state) {
    (void)state;
    series s;
    char err[256];
    assert_int_equal(seriesInit(&s, "^([0-9]+)$", err, sizeof err), 0);
    /* a line longer than the bound, which would match: skipped whole */
    char *big = malloc(3 * SERIES_LINE_MAX);
    memset(big, '7', 3 * SERIES_LINE_MAX);
    seriesFeed(&s, big, 3 * SERIES_LINE_MAX);
    seriesFeed(&s, "\n1\n", 3);
    /* a NUL ends what is matched of its line */
    seriesFeed(&s, "2\0junk\n", 7);
    seriesEnd(&s);
    assert_int_equal(s.skipped, 1);
    assert_int_equal(s.n, 2);
    assert_true(s.x[0] == 1 && s.x[1] == 2);
    /* at most SERIES_CALLS_MAX times kept, the rest counted */
    for (long i = 0; i < SERIES_CALLS_MAX + 5; i++) seriesFeed(&s, "3\n", 2);
    seriesEnd(&s);
    assert_int_equal(s.n, SERIES_CALLS_MAX);
    assert_int_equal(s.dropped, 7);
    free(big);
    seriesFree(&s);
}

static void aBadRegexIsOneLine(void **state) {
    (void)state;
    series s;
    char err[256];
    assert_int_equal(seriesInit(&s, "time: ([0-9.]+ ms", err, sizeof err), -1);
    assert_non_null(strstr(err, "is not an extended regular expression"));
    assert_null(strchr(err, '\n'));
    assert_int_equal(seriesInit(&s, "time: [0-9.]+ ms", err, sizeof err), -1);
    assert_non_null(strstr(err, "no capture group"));
    /* a regex is matched, never run: $(...) is text to it */
    assert_int_equal(seriesInit(&s, "$(touch /tmp/x) ([0-9]+)", err, sizeof err), 0);
    seriesFree(&s);
}

static void aBackReferenceIsRefused(void **state) {
    (void)state;
    series s;
    char err[256];
    assert_int_equal(seriesInit(&s, "^(a*)\\1*$", err, sizeof err), -1);
    assert_non_null(strstr(err, "has a back-reference (\\1): refused"));
    assert_null(strchr(err, '\n'));
    assert_string_equal(seriesBackref("t=([0-9]+) (x)\\2"), "\\2");
    assert_string_equal(seriesBackref("[[:digit:]](x)\\9"), "\\9");
    /* a backslash in a bracket expression, or an escaped backslash, is none */
    assert_null(seriesBackref("[\\1]([0-9]+)"));
    assert_null(seriesBackref("[]\\1]([0-9]+)"));
    assert_null(seriesBackref("\\\\1 ([0-9]+)"));
    assert_null(seriesBackref("time: ([0-9.]+) ms"));
    assert_int_equal(seriesInit(&s, "[\\1]([0-9]+)", err, sizeof err), 0);
    seriesFree(&s);
}

/* A line of a's that '(a{1,100}){1,100}b' takes seconds on (no
 * back-reference: polynomial, but 10000 states a position). */
static const char slowRe[] = "^t=([0-9]+)$|(a{1,100}){1,100}b";
static char slowLine[4002];

static double nowMs(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* feeds t=7, the slow line, t=8: the time before is kept, matching stops
 * within its bound; the series is static, its thread left matching */
static double slowFeed(series *s) {
    memset(slowLine, 'a', sizeof slowLine - 1);
    slowLine[sizeof slowLine - 2] = '\n';
    double t0 = nowMs();
    seriesFeed(s, "t=7\n", 4);
    seriesFeed(s, slowLine, strlen(slowLine));
    seriesFeed(s, "t=8\n", 4);
    seriesEnd(s);
    return nowMs() - t0;
}

/* Whether matching stops is what these cases check; how soon (within a
 * slice or two of SERIES_WAIT_MS) is a speed, a busy machine's to stretch:
 * tests/bench/bench_series.c measures it (make bench). The bound here is a
 * minute, the slow line alone takes seconds: what passes it stopped. */
#define STOPPED_WITHIN_MS 60e3

static void aSlowMatchStopsWithinItsBounds(void **state) {
    (void)state;
    static series budget, deadline, stopped;
    char err[256];
    /* its budget of matching */
    assert_int_equal(seriesInit(&budget, slowRe, err, sizeof err), 0);
    assert_true(budget.budget_ms == SERIES_BUDGET_MS);
    budget.budget_ms = 200;
    assert_true(slowFeed(&budget) < STOPPED_WITHIN_MS);
    assert_non_null(budget.gave_up);
    assert_non_null(strstr(budget.gave_up, "budget"));
    assert_int_equal(budget.n, 1);
    assert_true(budget.x[0] == 7);
    /* a deadline */
    assert_int_equal(seriesInit(&deadline, slowRe, err, sizeof err), 0);
    seriesLimit(&deadline, nowMs() + 150, "the run's cap", NULL);
    assert_true(slowFeed(&deadline) < STOPPED_WITHIN_MS);
    assert_string_equal(deadline.gave_up, "the run's cap");
    assert_int_equal(deadline.n, 1);
    /* a stop flag already set: nothing more is waited for */
    static volatile sig_atomic_t stop;
    assert_int_equal(seriesInit(&stopped, slowRe, err, sizeof err), 0);
    seriesLimit(&stopped, 0, NULL, &stop);
    seriesFeed(&stopped, "t=7\n", 4);
    stop = 1;
    assert_true(slowFeed(&stopped) < STOPPED_WITHIN_MS);
    assert_string_equal(stopped.gave_up, "a signal");
    /* given up, the rest is not matched and freeing keeps the thread's regex */
    seriesFeed(&budget, "t=9\n", 4);
    seriesEnd(&budget);
    assert_int_equal(budget.n, 1);
    seriesFree(&budget);
    seriesFree(&deadline);
    seriesFree(&stopped);
}

static void theRowsAreThePagesCalls(void **state) {
    (void)state;
    series s;
    char err[256], path[] = "/tmp/test_series_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    unlink(path);
    assert_int_equal(seriesInit(&s, "t=([0-9.]+)", err, sizeof err), 0);
    seriesFeed(&s, "t=5\nt=1\nt=2\n", 12);
    seriesEnd(&s);
    csvRow row = {.workload = "w",
                  .params = "",
                  .wait = "",
                  .width = 1,
                  .cpu = -1,
                  .migrations = -1,
                  .no_checksum = 1,
                  .load1 = -1,
                  .procs_running = -1};
    assert_int_equal(csvWriteTimes(path, NULL, 0, &row, s.x, s.n, 1, err, sizeof err), 0);
    assert_int_equal(csvWriteTimes(path, NULL, 0, &row, s.x, s.n, 0, err, sizeof err), 0);
    FILE *f = fopen(path, "r");
    char line[1024];
    const char *want[] = {",first,0,5.000000,", ",steady,1,1.000000,", ",steady,2,2.000000,",
                          ",call,1,5.000000,",  ",call,2,1.000000,",   ",call,3,2.000000,"};
    assert_non_null(fgets(line, sizeof line, f)); /* the header */
    for (size_t i = 0; i < 6; i++) {
        assert_non_null(fgets(line, sizeof line, f));
        assert_non_null(strstr(line, want[i]));
    }
    assert_null(fgets(line, sizeof line, f));
    fclose(f);
    unlink(path);
    seriesFree(&s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(aTimeIsAPlainDecimalNumber),
        cmocka_unit_test(linesAcrossReads),
        cmocka_unit_test(hostileOutputIsBounded),
        cmocka_unit_test(aBadRegexIsOneLine),
        cmocka_unit_test(aBackReferenceIsRefused),
        cmocka_unit_test(aSlowMatchStopsWithinItsBounds),
        cmocka_unit_test(theRowsAreThePagesCalls),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
