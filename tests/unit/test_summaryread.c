/* test_summaryread.c -- the columns model/summaryread reads, as the lists of
 * model/summaryreadcols.h make them: each identifier names its own column
 * (and the binaries write every samples.csv column the list reads), a
 * results directory from before the later columns reads with their fields
 * empty, and a file without a required column is refused naming it. The
 * files are written by the test into a temporary directory. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench/csvwrite.h"
#include "model/csvread.h"
#include "model/summary.h"
#include "model/summaryreadcols.h"

static char dir[] = "/tmp/coldload-test-summaryread-XXXXXX";

static int setup(void **state) {
    (void)state;
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state) {
    (void)state;
    static const char *const names[] = {"samples.csv", "old.csv",          "noms.csv",
                                        "runs.csv",    "runs-columns.tsv", "whole.csv"};
    char p[sizeof dir + 32];
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        snprintf(p, sizeof p, "%s/%s", dir, names[i]);
        unlink(p);
    }
    return rmdir(dir);
}

/* dir/name holding text; its path in out. */
static void put(const char *name, const char *text, char *out, size_t len) {
    snprintf(out, len, "%s/%s", dir, name);
    FILE *f = fopen(out, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

/* 1 when name is one of the comma-separated words of list. */
static int inList(const char *list, const char *name) {
    size_t n = strlen(name);
    for (const char *p = list; *p;) {
        size_t m = strcspn(p, ",");
        if (m == n && strncmp(p, name, n) == 0) return 1;
        p += m + (p[m] == ',');
    }
    return 0;
}

static void eachIdentifierNamesItsOwnColumn(void **state) {
    (void)state;
    csvCol s[SUMMARY_SAMPLES_N] = {SUMMARY_SAMPLES_COLUMNS(SUMMARY_READ_COL)};
    csvCol w[SUMMARY_WHOLE_N] = {SUMMARY_WHOLE_COLUMNS(SUMMARY_READ_COL)};
    csvCol r[SUMMARY_RUNS_N] = {SUMMARY_RUNS_KEYS(SUMMARY_READ_COL)};
    assert_string_equal(s[SUMMARY_SAMPLES_WORKLOAD].name, "workload");
    assert_string_equal(s[SUMMARY_SAMPLES_PROCS_RUNNING].name, "procs_running");
    assert_string_equal(s[SUMMARY_SAMPLES_WIDTH_REQUESTED].name, "width_requested");
    assert_string_equal(s[SUMMARY_SAMPLES_CONDITION].name, "condition");
    assert_string_equal(s[SUMMARY_SAMPLES_LOAD].name, "load");
    assert_string_equal(s[SUMMARY_SAMPLES_CENSORED].name, "censored");
    /* the counters the reader walks as a run, in their order */
    assert_string_equal(s[SUMMARY_SAMPLES_MINFLT + 3].name, "nivcsw");
    assert_string_equal(w[SUMMARY_WHOLE_WALL_MS].name, "wall_ms");
    assert_string_equal(w[SUMMARY_WHOLE_USER_MS + 1].name, "sys_ms");
    assert_string_equal(w[SUMMARY_WHOLE_EXIT_CODE].name, "exit_code");
    assert_string_equal(w[SUMMARY_WHOLE_LOAD].name, "load");
    assert_string_equal(r[SUMMARY_RUNS_STATUS].name, "status");
    assert_string_equal(r[SUMMARY_RUNS_WIDTH].name, "width");
    assert_string_equal(r[SUMMARY_RUNS_CONDITION].name, "condition");
    /* required: what every file had from the start; the rest may be absent */
    assert_int_equal(s[SUMMARY_SAMPLES_MS].required, 1);
    assert_int_equal(s[SUMMARY_SAMPLES_CENSORED].required, 0);
    assert_int_equal(s[SUMMARY_SAMPLES_LOAD].required, 0);
    assert_int_equal(w[SUMMARY_WHOLE_WALL_MS].required, 1);
    assert_int_equal(r[SUMMARY_RUNS_STATUS].required, 1);
    assert_int_equal(r[SUMMARY_RUNS_LOAD].required, 0);
    /* every samples.csv column read is written: by the binaries, or as a
     * harness's --tag (harness/lib/all.sh's CL_SAMPLES_TAGS) */
    for (size_t i = 0; i < SUMMARY_SAMPLES_N; i++) {
        assert_int_equal(s[i].idx, -1);
        if (!inList(CSV_FIXED_COLUMNS, s[i].name) &&
            !inList(CSVCOLS_HEADER(SAMPLES_CSV_TAGS), s[i].name))
            fail_msg("samples.csv column '%s' is read but nobody writes it", s[i].name);
        for (size_t j = 0; j < i; j++) assert_string_not_equal(s[i].name, s[j].name);
    }
}

/* The writers' headers come from common/csvcols.h's lists, the readers'
 * tables too: a file's layout is one list, its older columns in their
 * places (readers by position of older files find them there). */
static void theHeadersAreTheLists(void **state) {
    (void)state;
    assert_string_equal(CSV_FIXED_COLUMNS,
                        "timestamp,host,run_id,workload,params,width,wait,phase,iter,ms,minflt,"
                        "majflt,nvcsw,nivcsw,load1,procs_running,checksum,truncated,cpu,cpus,"
                        "migrations,width_requested,censored");
    assert_string_equal(CSVCOLS_HEADER(WHOLE_CSV_COLUMNS),
                        "timestamp,host,harness,condition,stressors,copy,workload,params,width,"
                        "wait,tool,label,run,wall_ms,user_ms,sys_ms,minflt,majflt,exit_code,load,"
                        "proc");
    /* the harness's tags, in CL_SAMPLES_TAGS's order */
    assert_string_equal(CSVCOLS_HEADER(SAMPLES_CSV_TAGS),
                        "harness,condition,stressors,copy,load,proc");
    /* the readers read the files by those lists */
    assert_string_equal(CSVCOLS_HEADER(SUMMARY_WHOLE_COLUMNS), CSVCOLS_HEADER(WHOLE_CSV_COLUMNS));
    assert_int_equal(SUMMARY_SAMPLES_CENSORED + 1, SUMMARY_SAMPLES_HARNESS);
}

/* A row as the reader hands it over: the mapping's fields of an older file. */
static int oldRow(void *ctx, char **f, const csvCol *cols, const char *where, char *err,
                  size_t errlen) {
    (void)where, (void)err, (void)errlen;
    int *rows = ctx;
    assert_string_equal(csvColField(f, &cols[SUMMARY_SAMPLES_WORKLOAD]), "grad");
    assert_string_equal(csvColField(f, &cols[SUMMARY_SAMPLES_CONDITION]), "idle");
    assert_string_equal(csvColField(f, &cols[SUMMARY_SAMPLES_STRESSORS]), "0");
    /* the columns that came later: absent, their fields empty */
    assert_int_equal(cols[SUMMARY_SAMPLES_CENSORED].idx, -1);
    assert_int_equal(cols[SUMMARY_SAMPLES_LOAD].idx, -1);
    assert_string_equal(csvColField(f, &cols[SUMMARY_SAMPLES_CENSORED]), "");
    assert_string_equal(csvColField(f, &cols[SUMMARY_SAMPLES_WIDTH_REQUESTED]), "");
    (*rows)++;
    return 0;
}

/* samples.csv as coldload wrote it before placement, width_requested,
 * censored and the copy, load and proc tags */
static const char oldSamples[] =
    "timestamp,host,run_id,workload,params,width,wait,phase,iter,ms,minflt,majflt,nvcsw,nivcsw,"
    "load1,procs_running,checksum,truncated,harness,condition,stressors\n"
    "2026-01-01T00:00:00Z,vm,a1,grad,n=1000,1,block,first,0,5,10,0,0,0,0.1,1,aa,0,warm,idle,0\n"
    "2026-01-01T00:00:00Z,vm,a1,grad,n=1000,1,block,steady,1,2,0,0,0,0,0.1,1,aa,0,warm,idle,0\n"
    "2026-01-01T00:00:00Z,vm,a1,grad,n=1000,1,block,steady,2,4,0,0,0,0,0.1,1,aa,0,warm,idle,0\n";

static void anOlderSamplesFileReadsWithoutItsLaterColumns(void **state) {
    (void)state;
    char path[sizeof dir + 32], err[SUMMARY_ERR_MAX];
    put("old.csv", oldSamples, path, sizeof path);
    csvCol cols[SUMMARY_SAMPLES_N] = {SUMMARY_SAMPLES_COLUMNS(SUMMARY_READ_COL)};
    int rows = 0;
    assert_int_equal(csvReadByName(&rows, path, cols, SUMMARY_SAMPLES_N, oldRow, err, sizeof err),
                     0);
    assert_int_equal(rows, 3);
    /* and the summary of it: one idle group, its load kind "none" though the
     * file has no load column, no call a lower bound */
    summary s;
    summaryInit(&s);
    assert_int_equal(summaryReadSamples(&s, path, err, sizeof err), 0);
    summaryFinish(&s, 3);
    assert_int_equal(s.n, 1);
    assert_string_equal(s.g[0].key.load, "none");
    assert_string_equal(s.g[0].key.copy, "");
    assert_int_equal(s.g[0].n, 2);
    assert_int_equal(s.g[0].proc[0].ncensored, 0);
    summaryFree(&s);
}

static void aFileWithoutARequiredColumnIsRefusedNamingIt(void **state) {
    (void)state;
    char path[sizeof dir + 32], err[SUMMARY_ERR_MAX];
    put("noms.csv",
        "timestamp,host,run_id,workload,params,width,wait,phase,iter,minflt,majflt,nvcsw,nivcsw,"
        "load1,procs_running,checksum,truncated\n",
        path, sizeof path);
    summary s;
    summaryInit(&s);
    assert_int_equal(summaryReadSamples(&s, path, err, sizeof err), -1);
    assert_non_null(strstr(err, "noms.csv:1: the header has no column 'ms'"));
    summaryFree(&s);
}

/* runs.csv of a threads job from before the load and copy tags: its runs
 * join their cell (whole.csv's row, read first) by the keys they have, the
 * figure read by runs-columns.tsv's name. */
static void anOlderRunsFileReadsWithoutTheLoadTag(void **state) {
    (void)state;
    char runs[sizeof dir + 32], tsv[sizeof dir + 32], whole[sizeof dir + 32], err[SUMMARY_ERR_MAX];
    put("whole.csv",
        "workload,params,width,wait,condition,stressors,harness,tool,label,wall_ms,exit_code\n"
        "prog,,2,block,idle,0,threads,coldload-run,,10,0\n",
        whole, sizeof whole);
    put("runs-columns.tsv",
        "name\trole\tunit\tcell\twhat\n"
        "workload\tkey\t\t0\tthe program\n"
        "wall_ms\tfigure\tms\t0\twall time\n",
        tsv, sizeof tsv);
    put("runs.csv",
        "workload,params,width,width_requested,status,harness,condition,stressors,wall_ms\n"
        "prog,,2,2,ok,threads,idle,0,10\n"
        "prog,,2,2,failed,threads,idle,0,99\n"
        "prog,,2,2,ok,threads,idle,0,30\n",
        runs, sizeof runs);
    summary s;
    summaryInit(&s);
    assert_int_equal(summaryReadWhole(&s, whole, err, sizeof err), 0);
    assert_int_equal(summaryReadRuns(&s, runs, tsv, err, sizeof err), 0);
    assert_int_equal(s.n, 1);
    assert_string_equal(s.g[0].key.workload, "prog");
    assert_int_equal(s.g[0].key.width, 2);
    assert_string_equal(s.g[0].key.load, "none");
    assert_int_equal(s.nrun_fig, 1);
    /* the failed run (status) has no figures of its cell */
    assert_int_equal(s.g[0].v_run[0].n, 2);
    summaryFree(&s);
}

/* Every runs.csv value docs/csv-columns.md says is refused is refused, on a
 * row of any status and any cell, naming its line and column: a status of
 * none of the launcher's words, a hash not hex, each figure out of its
 * unit's range (a figure this build knows by its own unit, whatever unit
 * runs-columns.tsv claims: wall_ms "foo" below). */
static void aRunsValueOutOfItsUnitIsRefused(void **state) {
    (void)state;
    static const struct {
        const char *col, *value, *why;
    } bad[] = {
        {"wall_ms", "-5", "a time in ms"},
        {"wall_ms", "1e308", "a time in ms"},
        {"status", "weird", "a run's status"},
        {"censored", "7", "0 or 1"},
        {"out_hash", "zz", "a hex hash"},
        {"cpu_ms", "-7", "a time in ms"},
        {"runq_wait_ms", "1e300", "a time in ms"},
        {"minflt", "1.5", "a whole number"},
        {"exit_code", "nan", "a status or signal number"},
    };
    static const char *const header =
        "workload,params,width,width_requested,status,wall_ms,censored,out_hash,cpu_ms,"
        "runq_wait_ms,minflt,exit_code\n";
    static const char *const good = "prog,,2,2,ok,10,0,cbf29ce484222325,12,0.5,3,0\n";
    char runs[sizeof dir + 32], tsv[sizeof dir + 32], whole[sizeof dir + 32], err[SUMMARY_ERR_MAX];
    put("whole.csv",
        "workload,params,width,wait,label,wall_ms,exit_code\n"
        "prog,,2,block,,10,0\n",
        whole, sizeof whole);
    put("runs-columns.tsv",
        "name\trole\tunit\tcell\twhat\n"
        "status\ttext\t\t0\tits status\n"
        "wall_ms\tfigure\tfoo\t0\twall time\n"
        "censored\tfigure\tflag\t0\tstopped\n"
        "cpu_ms\tfigure\tms\t1\tCPU time\n"
        "runq_wait_ms\tfigure\tms\t1\twaited\n"
        "minflt\tfigure\tcount\t0\tfaults\n"
        "exit_code\tfigure\tcode\t0\tits exit\n",
        tsv, sizeof tsv);
    char text[1024];
    snprintf(text, sizeof text, "%s%s", header, good);
    put("runs.csv", text, runs, sizeof runs);
    summary s;
    summaryInit(&s);
    assert_int_equal(summaryReadWhole(&s, whole, err, sizeof err), 0);
    assert_int_equal(summaryReadRuns(&s, runs, tsv, err, sizeof err), 0);
    assert_int_equal(s.g[0].v_run[0].n, 1);
    summaryFree(&s);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        /* the bad value in a failed run's row after the good one: checked all the same */
        char row[256] = "", *o = row;
        const char *cols = header, *vals = "prog,,2,2,failed,10,0,,12,0.5,3,1\n";
        while (*cols != '\n') {
            size_t nc = strcspn(cols, ",\n"), nv = strcspn(vals, ",\n");
            int it = nc == strlen(bad[i].col) && !strncmp(cols, bad[i].col, nc);
            o += sprintf(o, "%s%.*s", o == row ? "" : ",", it ? (int)strlen(bad[i].value) : (int)nv,
                         it ? bad[i].value : vals);
            cols += nc + (cols[nc] == ',');
            vals += nv + (vals[nv] == ',');
        }
        snprintf(text, sizeof text, "%s%s%s\n", header, good, row);
        put("runs.csv", text, runs, sizeof runs);
        summaryInit(&s);
        assert_int_equal(summaryReadWhole(&s, whole, err, sizeof err), 0);
        assert_int_equal(summaryReadRuns(&s, runs, tsv, err, sizeof err), -1);
        char want[128];
        snprintf(want, sizeof want, "runs.csv:3: column '%s': '%s' is not %s", bad[i].col,
                 bad[i].value, bad[i].why);
        if (!strstr(err, want)) fail_msg("%s: %s", want, err);
        summaryFree(&s);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(eachIdentifierNamesItsOwnColumn),
        cmocka_unit_test(theHeadersAreTheLists),
        cmocka_unit_test(anOlderSamplesFileReadsWithoutItsLaterColumns),
        cmocka_unit_test(aFileWithoutARequiredColumnIsRefusedNamingIt),
        cmocka_unit_test(anOlderRunsFileReadsWithoutTheLoadTag),
        cmocka_unit_test(aRunsValueOutOfItsUnitIsRefused),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
