/* test_results.c -- the loader (results/results): a fixture directory read
 * and judged once, with the figures coldload-summarize writes for it, and
 * the defects it refuses, each with its code and message. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "results/results.h"

#define FIXTURE "tests/fixtures/results-small"

static void theFixtureLoadsWithTheSummarizersFigures(void **state) {
    (void)state;
    verdictThresholds t;
    verdictDefaults(&t);
    results r;
    char err[512] = "";
    assert_int_equal(resultsLoad(&r, FIXTURE, &t, NULL, err, sizeof err), RESULTS_OK);
    assert_int_equal(r.s.n, 28); /* summary.csv's rows for it */
    assert_int_equal(r.v.n, 18); /* verdicts.txt's lines past its header */
    assert_string_equal(r.machine, "vm: AMD EPYC 7B13 (synthetic fixture), 2 CPUs");
    assert_true(r.t.blas_pool == 2); /* nproc=2, no openblas_num_threads */
    assert_true(r.t.load_cpus == 2); /* its nproc: no loaded_cpus_usable, no scan_cpus */
    /* the first group (cold, idle): 275370 us of pressure over 27.537 s */
    assert_true(fabs(r.s.g[0].psi_some_pct - 1.0) < 0.001);
    assert_null(r.fr_err);
    assert_int_equal(r.fr.n, 0); /* no firstrun.csv */
    resultsFree(&r);
}

static void notJudgedGivesTheFiguresAndNoVerdicts(void **state) {
    (void)state;
    verdictThresholds t;
    verdictDefaults(&t);
    results r;
    char err[512];
    const resultsOptions o = {NULL, NULL, 0};
    assert_int_equal(resultsLoad(&r, FIXTURE, &t, &o, err, sizeof err), RESULTS_OK);
    assert_int_equal(r.s.n, 28);
    assert_int_equal(r.v.n, 0);
    resultsFree(&r);
}

static void aDirectoryWithoutRowsIsBadInput(void **state) {
    (void)state;
    char dir[] = "/tmp/test_results.XXXXXX", err[512] = "";
    assert_non_null(mkdtemp(dir));
    verdictThresholds t;
    verdictDefaults(&t);
    results r;
    assert_int_equal(resultsLoad(&r, dir, &t, NULL, err, sizeof err), RESULTS_BAD_INPUT);
    assert_non_null(strstr(err, "neither samples.csv nor whole.csv"));
    resultsFree(&r);
    assert_int_equal(rmdir(dir), 0);
}

static void aNamedFileThatIsMissingIsBadInput(void **state) {
    (void)state;
    verdictThresholds t;
    verdictDefaults(&t);
    results r;
    char err[512] = "";
    const resultsOptions o = {"/nonexistent/samples.csv", NULL, 1};
    assert_int_equal(resultsLoad(&r, FIXTURE, &t, &o, err, sizeof err), RESULTS_BAD_INPUT);
    assert_string_equal(err, "/nonexistent/samples.csv: No such file or directory");
    resultsFree(&r);
    assert_int_equal(resultsLoad(&r, FIXTURE "/meta.txt", &t, NULL, err, sizeof err),
                     RESULTS_BAD_INPUT);
    assert_string_equal(err, FIXTURE "/meta.txt: not a directory");
    resultsFree(&r);
}

static void theBlasPoolIsTheWidthWhenTheHarnessSetIt(void **state) {
    (void)state;
    metaTable m = {0};
    char *keys[] = {"openblas_num_threads", "nproc"}, *vals[] = {"width", "8"};
    m.keys = keys, m.vals = vals, m.n = 2;
    assert_true(resultsBlasPool(&m) == 1);
    m.keys = keys + 1, m.vals = vals + 1, m.n = 1;
    assert_true(resultsBlasPool(&m) == 8);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(theFixtureLoadsWithTheSummarizersFigures),
        cmocka_unit_test(notJudgedGivesTheFiguresAndNoVerdicts),
        cmocka_unit_test(aDirectoryWithoutRowsIsBadInput),
        cmocka_unit_test(aNamedFileThatIsMissingIsBadInput),
        cmocka_unit_test(theBlasPoolIsTheWidthWhenTheHarnessSetIt),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
