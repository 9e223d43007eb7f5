/* test_workloads.c -- the workload descriptor: describePrint's table
 * (header, columns, refusing a TAB inside a field) and the binaries' --help
 * and --describe (describeInfoFlag). The report no longer reads
 * workloads.tsv: the harness records the run lines (runs-lines.tsv). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "bench/describe.h"
#include "bench/optscommon.h"

static const char header[] = "workload\tbinary\tparams\targs\tquick_args\tloaded_args\tline_prefix"
                             "\tquick_params\tloaded_params\tseries\tquick_series\n";

static void testDescribeTable(void **state) {
    (void)state;
    describeRow rows[] = {{"toy", "k=1", "--a 1", "k=2", "--a 2", "k=3", "--a 3", 2, 1}};
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_int_equal(describePrint(f, "toybin", "toy ", rows, 1), 0);
    fclose(f);
    char want[512];
    snprintf(want, sizeof want, "%stoy\ttoybin\tk=1\t--a 1\t--a 2\t--a 3\ttoy \tk=2\tk=3\t2\t1\n",
             header);
    assert_string_equal(buf, want);
    free(buf);
}

static void testDescribeRefusesTab(void **state) {
    (void)state;
    describeRow rows[] = {{"toy", "k=1", "--a\t1", "k=2", "--a 2", "k=3", "--a 3", 1, 1}};
    FILE *f = fopen("/dev/null", "w");
    assert_int_equal(describePrint(f, "toybin", "toy ", rows, 1), -1);
    fclose(f);
}

/* describeInfoFlag(arg) with stdout captured: its return in *rc, what it
 * printed (allocated). */
static char *infoFlagOutput(const char *arg, const describeBinary *b, int *rc) {
    FILE *tmp = tmpfile();
    assert_non_null(tmp);
    fflush(stdout);
    int saved = dup(STDOUT_FILENO);
    assert_true(saved >= 0);
    assert_true(dup2(fileno(tmp), STDOUT_FILENO) >= 0);
    *rc = describeInfoFlag(arg, b);
    fflush(stdout);
    assert_true(dup2(saved, STDOUT_FILENO) >= 0);
    close(saved);
    assert_int_equal(fseek(tmp, 0, SEEK_END), 0);
    long n = ftell(tmp);
    assert_true(n >= 0);
    char *out = calloc((size_t)n + 1, 1);
    assert_non_null(out);
    rewind(tmp);
    assert_int_equal(fread(out, 1, (size_t)n, tmp), (size_t)n);
    fclose(tmp);
    return out;
}

/* --help and -h print the binary's usage, the common options' and
 * --describe's; --describe the table; anything else (a longer flag, a value
 * spelled in) is not theirs: -1, nothing printed, the parser goes on. */
static void testInfoFlag(void **state) {
    (void)state;
    describeRow rows[] = {{"toy", "k=1", "--a 1", "k=2", "--a 2", "k=3", "--a 3", 2, 1}};
    describeBinary b = {"toybin", "usage: toybin\n", "toy ", rows, 1};
    char want[4096];
    int rc;
    snprintf(want, sizeof want, "usage: toybin\n%s%s", optsCommonUsage, describeUsage);
    for (int h = 0; h < 2; h++) {
        char *out = infoFlagOutput(h ? "-h" : "--help", &b, &rc);
        assert_int_equal(rc, 0);
        assert_string_equal(out, want);
        free(out);
    }
    char *out = infoFlagOutput("--describe", &b, &rc);
    assert_int_equal(rc, 0);
    snprintf(want, sizeof want, "%stoy\ttoybin\tk=1\t--a 1\t--a 2\t--a 3\ttoy \tk=2\tk=3\t2\t1\n",
             header);
    assert_string_equal(out, want);
    free(out);
    const char *others[] = {"--width", "--helpx", "-hh", "--describe=1", "-describe", "", "help"};
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
        out = infoFlagOutput(others[i], &b, &rc);
        assert_int_equal(rc, -1);
        assert_string_equal(out, "");
        free(out);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(testDescribeTable),
        cmocka_unit_test(testDescribeRefusesTab),
        cmocka_unit_test(testInfoFlag),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
