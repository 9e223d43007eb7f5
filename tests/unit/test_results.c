/* test_results.c -- the loader (results/results): a fixture directory read
 * and judged once, with the figures coldload-summarize writes for it, the
 * files only the report shows (run lines, cold reads, the scan), a scan's
 * own directory for coldload-scan, and the defects it refuses or records,
 * each with its code and message. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <limits.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "common/slurp.h"
#include "results/results.h"

#define FIXTURE "tests/fixtures/results-small"
#define SCANNED "tests/fixtures/results-small-scan"
#define COLD "tests/fixtures/results-cold"

/* A scratch results directory whose rows are the cold fixture's whole.csv
 * (named, so the directory needs none of its own). */
typedef struct scratch {
    char dir[64];
    char made[32][256]; /* what put made, removed in reverse */
    size_t n;
} scratch;

static const resultsOptions scratchRows = {NULL, COLD "/whole.csv", 0};

static void scratchOpen(scratch *x) {
    snprintf(x->dir, sizeof x->dir, "/tmp/test_results.XXXXXX");
    assert_non_null(mkdtemp(x->dir));
    x->n = 0;
}

/* dir/rel with text; rel's directories made (one level each, in order). */
static void put(scratch *x, const char *rel, const char *text) {
    char path[256];
    for (const char *s = strchr(rel, '/'); s; s = strchr(s + 1, '/')) {
        snprintf(path, sizeof path, "%s/%.*s", x->dir, (int)(s - rel), rel);
        if (mkdir(path, 0777) == 0) snprintf(x->made[x->n++], sizeof x->made[0], "%s", path);
    }
    snprintf(path, sizeof path, "%s/%s", x->dir, rel);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
    snprintf(x->made[x->n++], sizeof x->made[0], "%s", path);
}

/* dir loaded with the page's thresholds; anything but RESULTS_OK fails
 * the test with the loader's message. */
static void loadOk(results *r, const char *dir, const resultsOptions *o) {
    verdictThresholds t;
    verdictDefaults(&t);
    char err[512] = "";
    int rc = resultsLoad(r, dir, &t, o, err, sizeof err);
    if (rc != RESULTS_OK) fail_msg("resultsLoad(%s) = %d: %s", dir, rc, err);
}

static void scratchClose(scratch *x) {
    while (x->n) assert_int_equal(remove(x->made[--x->n]), 0);
    assert_int_equal(rmdir(x->dir), 0);
}

static void theFixtureLoadsWithTheSummarizersFigures(void **state) {
    (void)state;
    verdictThresholds t;
    verdictDefaults(&t);
    results r;
    char err[512] = "";
    assert_int_equal(resultsLoad(&r, FIXTURE, &t, NULL, err, sizeof err), RESULTS_OK);
    assert_int_equal(r.s.n, 28); /* summary.csv's rows for it */
    assert_int_equal(r.v.n, 22); /* verdicts.txt's lines past its header */
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

/* The files only the report shows, each as its file holds it: the run
 * lines in file order, the scan's counts, recommendation, ledger, settings
 * and charts, logs/. */
static void theRunLinesAndTheScanAreLoadedOnce(void **state) {
    (void)state;
    results r;
    loadOk(&r, SCANNED, NULL);
    assert_null(r.runs_err);
    assert_true(r.runs.present);
    assert_false(r.runs.cut);
    assert_int_equal(r.runs.n, 5); /* the lines after the header */
    assert_string_equal(r.runs.rows[0].log, "cold-fresh-grad-k1");
    assert_string_equal(r.runs.rows[0].line,
                        "width 1: grad n=1000  prepare 1.800 ms | run+readback first 6.120 | min "
                        "0.015 median 0.017 max 0.028 ms");
    assert_true(r.logs);
    const resultsScan *sc = &r.scan;
    assert_null(sc->err);
    assert_true(sc->present);
    assert_non_null(sc->verdict);
    assert_int_equal(strncmp(sc->verdict, "scan: 84 cells", 14), 0);
    assert_true(sc->have_counts);
    assert_int_equal(sc->counts.cells, 84);
    assert_int_equal(sc->counts.cut_watchdog, 4);
    assert_true(sc->have_recs);
    assert_int_equal(sc->nrecs, 6);
    assert_string_equal(sc->recs[3].workload, "svdvals");
    assert_int_equal(sc->recs[3].load_workers, 0);
    assert_string_equal(sc->recs[3].width, "4");
    assert_int_equal(sc->procs, 252); /* scan-cells.csv's lines past its header */
    assert_string_equal(metaGet(&sc->meta, "scan_total_s"), "240");
    assert_int_equal(sc->ncharts, 4);
    assert_string_equal(sc->charts[0], "heatmap-grad");
    assert_string_equal(sc->charts[3], "wait-svdvals");
    /* no cold-pages.tsv, no firstrun.csv: none, and no defect */
    assert_int_equal(r.cold.n, 0);
    assert_null(r.cold_err);
    resultsFree(&r);
}

/* cold-pages.tsv's tables, apportioned with the loaded summary's medians. */
static void theColdReadsAreTheTablesOfColdPages(void **state) {
    (void)state;
    results r;
    loadOk(&r, COLD, NULL);
    assert_null(r.cold_err);
    assert_int_equal(r.cold.n, 4); /* fresh, same, evicted, dropcache */
    const coldreadTable *ev = NULL;
    for (size_t i = 0; i < r.cold.n; i++)
        if (!strcmp(r.cold.t[i].kind, "evicted")) ev = &r.cold.t[i];
    assert_non_null(ev);
    assert_string_equal(ev->workload, "binary");
    assert_int_equal(ev->copies, 2);
    assert_true(ev->total_pages == 9);
    assert_true(fabs(ev->extra_ms - 1.478) < 0.0005); /* as the report says */
    /* no runs-lines.tsv, no logs/, no scan-run/: none, and no defect */
    assert_false(r.runs.present);
    assert_null(r.runs_err);
    assert_false(r.logs);
    assert_false(r.scan.present);
    assert_null(r.scan.verdict);
    assert_int_equal(r.scan.procs, -1);
    resultsFree(&r);
}

/* A defect in runs-lines.tsv is recorded, "file:line: what", not fatal:
 * the sound rows are kept; a first line that is not the header is as if
 * the file were absent. */
static void aMalformedRunLinesFileIsRecordedWithItsLine(void **state) {
    (void)state;
    scratch x;
    scratchOpen(&x);
    put(&x, "runs-lines.tsv", "log\tline\na\tfirst\nno tab here\nb\tsecond\tand a tab\n");
    results r;
    char want[256];
    loadOk(&r, x.dir, &scratchRows);
    snprintf(want, sizeof want, "%s/runs-lines.tsv:3: no tab between log and line", x.dir);
    assert_non_null(r.runs_err);
    assert_string_equal(r.runs_err, want);
    assert_true(r.runs.present);
    assert_int_equal(r.runs.n, 2);
    assert_string_equal(r.runs.rows[1].log, "b");
    assert_string_equal(r.runs.rows[1].line, "second\tand a tab");
    resultsFree(&r);
    scratchClose(&x);

    scratchOpen(&x);
    put(&x, "runs-lines.tsv", "logs\tlines\na\tfirst\n");
    loadOk(&r, x.dir, &scratchRows);
    snprintf(want, sizeof want, "%s/runs-lines.tsv:1: not the header log<TAB>line", x.dir);
    assert_string_equal(r.runs_err, want);
    assert_false(r.runs.present);
    assert_int_equal(r.runs.n, 0);
    resultsFree(&r);
    scratchClose(&x);
}

/* A defect in the scan's findings is recorded with its file and line; the
 * file is then as if absent (the section says the findings are not
 * recorded), and the sound files are still read. */
static void aMalformedScanFileIsRecordedWithItsLine(void **state) {
    (void)state;
    scratch x;
    scratchOpen(&x);
    put(&x, "scan-run/scan/verdict.txt", "scan: 2 cells\n  recommendation\n");
    put(&x, "scan-run/scan/counts.tsv",
        "cells\tcpus\tcut_cells\tcut_budget\tcut_watchdog\tskipped\n2\t2\t0\t0\t0\t0\n");
    put(&x, "scan-run/scan/recommendation.tsv",
        "workload\tload_workers\tbest_width\ngrad\t0\t1\ngrad\tmany\t2\n");
    results r;
    char want[256];
    loadOk(&r, x.dir, &scratchRows);
    snprintf(want, sizeof want,
             "%s/scan-run/scan/recommendation.tsv:3: load_workers 'many' is not a count", x.dir);
    assert_non_null(r.scan.err);
    assert_string_equal(r.scan.err, want);
    assert_false(r.scan.have_recs);
    assert_int_equal(r.scan.nrecs, 0);
    assert_true(r.scan.have_counts);
    assert_int_equal(r.scan.counts.cells, 2);
    assert_int_equal(r.scan.procs, -1); /* no ledger */
    resultsFree(&r);
    scratchClose(&x);

    scratchOpen(&x);
    put(&x, "scan-run/scan/counts.tsv", "cells\tcpus\n2\t2\n");
    loadOk(&r, x.dir, &scratchRows);
    snprintf(want, sizeof want,
             "%s/scan-run/scan/counts.tsv:1: not the header "
             "cells\tcpus\tcut_cells\tcut_budget\tcut_watchdog\tskipped",
             x.dir);
    assert_string_equal(r.scan.err, want);
    assert_false(r.scan.have_counts);
    assert_true(r.scan.present);
    assert_null(r.scan.verdict); /* an unfinished scan */
    resultsFree(&r);
    scratchClose(&x);
}

/* coldload-scan's input: a scan's own directory, its CPUs from meta.txt. */
static void aScanDirectoryLoadsItsCells(void **state) {
    (void)state;
    resultsScanRows x;
    char err[512] = "";
    assert_int_equal(resultsLoadScanRows(&x, "tests/fixtures/results-scan", 0, err, sizeof err),
                     RESULTS_OK);
    assert_int_equal(x.cpus, 2); /* scan_cpus */
    assert_true(x.ledger);
    assert_int_equal(x.d.n, 84);
    assert_string_equal(x.samples, "tests/fixtures/results-scan/samples.csv");
    const scanCell *c = scanFind(&x.d, "load", "grad", "none", 0, "block", "1");
    assert_non_null(c);
    assert_int_equal(c->nmeds, 3);
    resultsScanRowsFree(&x);
}

/* Its defects are bad input: a ledger that is not one (file:line), no
 * scan_cpus and no --cpus. */
static void aMalformedScanDirectoryIsBadInput(void **state) {
    (void)state;
    scratch s;
    scratchOpen(&s);
    put(&s, "scan-cells.csv", "a,b\n");
    put(&s, "meta.txt", "host=vm\n");
    resultsScanRows x;
    char err[512] = "", want[256];
    assert_int_equal(resultsLoadScanRows(&x, s.dir, 0, err, sizeof err), RESULTS_BAD_INPUT);
    snprintf(want, sizeof want, "%s/meta.txt: no scan_cpus; pass --cpus N", s.dir);
    assert_string_equal(err, want);
    resultsScanRowsFree(&x);
    /* the scan fixture's rows (a copy: a link is not read) beside a ledger
     * that is not one */
    int cut = 0;
    char *rows = slurpText("tests/fixtures/results-scan/samples.csv", 1 << 24, &cut, NULL, 0);
    assert_non_null(rows);
    assert_false(cut);
    put(&s, "samples.csv", rows);
    free(rows);
    assert_int_equal(resultsLoadScanRows(&x, s.dir, 2, err, sizeof err), RESULTS_BAD_INPUT);
    snprintf(want, sizeof want, "%s/scan-cells.csv:1: not a scan-cells.csv header", s.dir);
    assert_non_null(strstr(err, want));
    resultsScanRowsFree(&x);
    scratchClose(&s);
}

/* dir/rel a copy of the file fixture/rel (put: its directories made). */
static void copyIn(scratch *x, const char *fixture, const char *rel) {
    char from[256];
    int cut = 0;
    snprintf(from, sizeof from, "%s/%s", fixture, rel);
    char *text = slurpText(from, 1 << 24, &cut, NULL, 0);
    assert_non_null(text);
    assert_false(cut);
    put(x, rel, text);
    free(text);
}

/* dir/rel made a FIFO (or, target set, a symbolic link to target). */
static void plant(scratch *x, const char *rel, const char *target) {
    char path[256];
    snprintf(path, sizeof path, "%s/%s", x->dir, rel);
    assert_int_equal(target ? symlink(target, path) : mkfifo(path, 0600), 0);
    snprintf(x->made[x->n++], sizeof x->made[0], "%s", path);
}

/* resultsLoad of dir: its code, its message in err. A FIFO would block
 * open() for ever: the alarm ends a regression as a failure, not a hang. */
static int loadCode(const char *dir, char *err, size_t errlen) {
    verdictThresholds t;
    verdictDefaults(&t);
    results r;
    alarm(10);
    int rc = resultsLoad(&r, dir, &t, NULL, err, errlen);
    alarm(0);
    resultsFree(&r);
    return rc;
}

/* A FIFO as samples.csv or meta.txt is bad input, said with its kind, and
 * never opened in a way that waits for a writer. */
static void aFifoAsSamplesOrMetaIsRefusedNotWaitedFor(void **state) {
    (void)state;
    scratch s;
    char err[512] = "", want[256];
    scratchOpen(&s);
    plant(&s, "samples.csv", NULL);
    assert_int_equal(loadCode(s.dir, err, sizeof err), RESULTS_BAD_INPUT);
    snprintf(want, sizeof want, "%s/samples.csv: a FIFO, not a regular file: not read", s.dir);
    assert_string_equal(err, want);
    scratchClose(&s);

    scratchOpen(&s);
    copyIn(&s, FIXTURE, "samples.csv");
    plant(&s, "meta.txt", NULL);
    assert_int_equal(loadCode(s.dir, err, sizeof err), RESULTS_BAD_INPUT);
    snprintf(want, sizeof want, "%s/meta.txt: a FIFO, not a regular file: not read", s.dir);
    assert_string_equal(err, want);
    scratchClose(&s);
}

/* A symbolic link as samples.csv is not followed: bad input, said. */
static void aSymlinkAsSamplesIsNotFollowed(void **state) {
    (void)state;
    scratch s;
    char err[512] = "", want[256], rows[PATH_MAX];
    assert_non_null(realpath(FIXTURE "/samples.csv", rows));
    scratchOpen(&s);
    plant(&s, "samples.csv", rows);
    assert_int_equal(loadCode(s.dir, err, sizeof err), RESULTS_BAD_INPUT);
    snprintf(want, sizeof want, "%s/samples.csv: a symbolic link: not followed", s.dir);
    assert_string_equal(err, want);
    scratchClose(&s);
}

#define REMEDIES "tests/fixtures/results-threads-remedies"

/* A remedy whose samples.csv is a FIFO, or whose directory is a link to
 * rows elsewhere, is left out with its defect kept (the summary warns and
 * goes on); the other remedy is read. */
static void aRemedyWithAFifoOrALinkIsLeftOutAndSaid(void **state) {
    (void)state;
    static const char *top[] = {"meta.txt", "runs-columns.tsv", "runs.csv", "samples.csv",
                                "whole.csv"};
    for (int link = 0; link < 2; link++) {
        scratch s;
        char err[512] = "", want[256], r1[PATH_MAX];
        scratchOpen(&s);
        for (size_t i = 0; i < sizeof top / sizeof top[0]; i++) copyIn(&s, REMEDIES, top[i]);
        for (size_t i = 0; i < sizeof top / sizeof top[0]; i++) {
            char rel[64];
            snprintf(rel, sizeof rel, "remedies/r1/%s", top[i]);
            if (i) copyIn(&s, REMEDIES, rel);
            snprintf(rel, sizeof rel, "remedies/r0/%s", top[i]);
            if (i && (link || i != 3)) copyIn(&s, REMEDIES, rel);
        }
        if (link) { /* r2: a link to r0, which is sound */
            snprintf(r1, sizeof r1, "%s/remedies/r0", s.dir);
            plant(&s, "remedies/r2", r1);
        } else plant(&s, "remedies/r0/samples.csv", NULL);
        verdictThresholds t;
        verdictDefaults(&t);
        results r;
        alarm(10);
        assert_int_equal(resultsLoad(&r, s.dir, &t, NULL, err, sizeof err), RESULTS_OK);
        alarm(0);
        assert_int_equal(r.nremedies, link ? 2 : 1);
        assert_non_null(r.remedies_err);
        if (link)
            snprintf(want, sizeof want, "%s/remedies/r2: a symbolic link: not followed", s.dir);
        else
            snprintf(want, sizeof want,
                     "%s/remedies/r0/samples.csv: a FIFO, not a regular file: not read", s.dir);
        assert_string_equal(r.remedies_err, want);
        resultsFree(&r);
        scratchClose(&s);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(theFixtureLoadsWithTheSummarizersFigures),
        cmocka_unit_test(notJudgedGivesTheFiguresAndNoVerdicts),
        cmocka_unit_test(aDirectoryWithoutRowsIsBadInput),
        cmocka_unit_test(aNamedFileThatIsMissingIsBadInput),
        cmocka_unit_test(theBlasPoolIsTheWidthWhenTheHarnessSetIt),
        cmocka_unit_test(theRunLinesAndTheScanAreLoadedOnce),
        cmocka_unit_test(theColdReadsAreTheTablesOfColdPages),
        cmocka_unit_test(aMalformedRunLinesFileIsRecordedWithItsLine),
        cmocka_unit_test(aMalformedScanFileIsRecordedWithItsLine),
        cmocka_unit_test(aScanDirectoryLoadsItsCells),
        cmocka_unit_test(aMalformedScanDirectoryIsBadInput),
        cmocka_unit_test(aFifoAsSamplesOrMetaIsRefusedNotWaitedFor),
        cmocka_unit_test(aSymlinkAsSamplesIsNotFollowed),
        cmocka_unit_test(aRemedyWithAFifoOrALinkIsLeftOutAndSaid),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
