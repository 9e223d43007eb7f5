/* test_export.c -- the one interface of the machine formats
 * (src/export/export.c): every row of the table is whole and its own,
 * --help's list of a row's files, the atomic file every format is written
 * through (a failed writer leaves the old file), a plan only to stdout;
 * each job's usage line (export/jobs.c) is its mk/ file's synopsis; the
 * directory of a job whose report is its harness's own is refused. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <unistd.h>

#include "export/export.h"
#include "export/jobs.h"

static void everyRowIsWholeAndItsOwn(void **state) {
    (void)state;
    for (size_t i = 0; i < EXPORT_N; i++) {
        const exporter *e = &exporters[i];
        assert_non_null(e->name);
        assert_non_null(e->files[0]);
        assert_non_null(e->what);
        assert_non_null(e->write);
        assert_true(e->tools & (EXPORT_SUMMARIZE | EXPORT_COMPARE));
        for (size_t j = 0; j < i; j++) {
            assert_string_not_equal(e->name, exporters[j].name);
            assert_ptr_not_equal(e->write, exporters[j].write);
        }
    }
    /* the ids name their own rows */
    assert_string_equal(exporters[EXPORT_RESULTS_JSON].files[0], "results.json");
    assert_string_equal(exporters[EXPORT_HYPERFINE].files[0], "hyperfine.json");
    assert_string_equal(exporters[EXPORT_COMPARE_CSV].files[0], "compare.csv");
    assert_string_equal(exporters[EXPORT_PLAN].files[0], "-");
}

static char *filesOf(exportId id, const char *last) {
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    exportFiles(f, &exporters[id], last);
    assert_int_equal(fclose(f), 0);
    return buf;
}

static void helpListsARowsFiles(void **state) {
    (void)state;
    char *s = filesOf(EXPORT_CHARTS, ", ");
    assert_string_equal(s, "plots/*.dat, plots/labels.gp");
    free(s);
    s = filesOf(EXPORT_COMPARE_CHART, " and ");
    assert_string_equal(s, "plots/compare.dat and plots/compare_labels.gp");
    free(s);
    s = filesOf(EXPORT_RESULTS_JSON, " and ");
    assert_string_equal(s, "results.json");
    free(s);
}

static int writesText(const void *ctx, FILE *f) { return fputs(ctx, f) < 0; }
static int fails(const void *ctx, FILE *f) {
    fputs(ctx, f);
    return 1;
}

static char *slurp(const char *path) {
    static char buf[256];
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static void aFileIsWholeOrAsItWas(void **state) {
    (void)state;
    char dir[] = "/tmp/test_export.XXXXXX", path[64], err[256];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/out.csv", dir);
    assert_int_equal(exportFile(path, writesText, "old\n", err, sizeof err), 0);
    assert_string_equal(slurp(path), "old\n");
    /* a writer that fails: said, the old file kept */
    assert_int_equal(exportFile(path, fails, "half", err, sizeof err), -1);
    char want[128];
    snprintf(want, sizeof want, "%s: write failed", path);
    assert_string_equal(err, want);
    assert_string_equal(slurp(path), "old\n");
    /* a directory that is not there: the path and why */
    char none[96];
    snprintf(none, sizeof none, "%s/none/out.csv", dir);
    assert_int_equal(exportFile(none, writesText, "x", err, sizeof err), -1);
    assert_int_equal(strncmp(err, none, strlen(none)), 0);
    assert_string_equal(err + strlen(none), ": No such file or directory");
    unlink(path);
    assert_int_equal(rmdir(dir), 0);
}

static void aPlanGoesToStdoutOnly(void **state) {
    (void)state;
    char err[128];
    const exportInput in = {.plan = jobPlans[PLAN_DECIDED].write};
    assert_int_equal(exporters[EXPORT_PLAN].write(&in, "plan.tsv", err, sizeof err), -1);
    assert_string_equal(err, "plan.tsv: a plan is written to stdout ('-') only");
}

/* The synopses of a mk/ file's header: each "#   make ..." line with its
 * continuation lines ("#        [...]") joined by a space, into out[0..n). */
static size_t synopses(const char *path, char out[][512], size_t max) {
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[512];
    size_t n = 0;
    int open = 0;
    while (fgets(line, sizeof line, f) && line[0] == '#') {
        line[strcspn(line, "\n")] = '\0';
        const char *t = line + 1 + strspn(line + 1, " ");
        if (strncmp(t, "make ", 5) == 0 && n < max) {
            snprintf(out[n++], sizeof out[0], "%s", t);
            open = 1;
        } else if (open && t[0] == '[') {
            size_t l = strlen(out[n - 1]);
            snprintf(out[n - 1] + l, sizeof out[0] - l, " %s", t);
        } else open = 0;
    }
    fclose(f);
    return n;
}

/* Each job's usage line is its make target's synopsis in its mk/ file. */
static void aJobsUsageIsItsMakeTargetsSynopsis(void **state) {
    (void)state;
    const char *mk[META_NJOBS] = {
        [META_JOB_REPORT] = "mk/report.mk",   [META_JOB_COLD] = "mk/harness.mk",
        [META_JOB_THREADS] = "mk/threads.mk", [META_JOB_AB] = "mk/ab.mk",
        [META_JOB_BISECT] = "mk/bisect.mk",   [META_JOB_HISTORY] = "mk/history.mk"};
    for (size_t j = 0; j < META_NJOBS; j++) {
        static char syn[16][512];
        assert_non_null(mk[j]);
        assert_non_null(jobRows[j].usage);
        size_t n = synopses(mk[j], syn, 16), found = 0;
        for (size_t i = 0; i < n; i++) found += strcmp(syn[i], jobRows[j].usage) == 0;
        if (found != 1) fail_msg("%s: no synopsis '%s'", mk[j], jobRows[j].usage);
    }
}

/* A directory whose meta.txt says job=J: jobRefusesDir's answer and message. */
static int refusesWithJob(const char *job, char *err, size_t errlen) {
    char dir[] = "/tmp/coldload-test-jobs-XXXXXX", path[64];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/meta.txt", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    if (job) fprintf(f, "host=vm\njob=%s\n", job);
    fclose(f);
    int rc = jobRefusesDir(dir, err, errlen);
    unlink(path);
    rmdir(dir);
    return rc;
}

/* bisect.sh's and history.sh's directories are theirs (their reports are
 * written in bash): refused, naming the job; every other job's read. */
static void aJobWithItsOwnReportIsRefused(void **state) {
    (void)state;
    char err[512];
    assert_int_equal(refusesWithJob("bisect", err, sizeof err), 1);
    assert_non_null(strstr(err, ": a bisect job's directory (meta.txt job=bisect): "));
    assert_non_null(strstr(err, "harness/bisect.sh's"));
    assert_int_equal(refusesWithJob("history", err, sizeof err), 1);
    assert_non_null(strstr(err, "(meta.txt job=history)"));
    const char *read[] = {"report", "cold",        "threads",
                          "ab",     "no-such-job", NULL}; /* NULL: no key */
    for (size_t i = 0; i < sizeof read / sizeof read[0]; i++)
        assert_int_equal(refusesWithJob(read[i], err, sizeof err), 0);
    assert_int_equal(jobRefusesDir("/nonexistent/coldload", err, sizeof err), 0);
    for (size_t j = 0; j < META_NJOBS; j++) /* only the bash-reported jobs */
        assert_int_equal(jobRows[j].ownReport != NULL,
                         j == META_JOB_BISECT || j == META_JOB_HISTORY);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(everyRowIsWholeAndItsOwn),
        cmocka_unit_test(helpListsARowsFiles),
        cmocka_unit_test(aFileIsWholeOrAsItWas),
        cmocka_unit_test(aPlanGoesToStdoutOnly),
        cmocka_unit_test(aJobsUsageIsItsMakeTargetsSynopsis),
        cmocka_unit_test(aJobWithItsOwnReportIsRefused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
