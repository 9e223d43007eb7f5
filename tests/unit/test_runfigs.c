/* test_runfigs.c -- runs.csv's columns as one list (common/runfigs.h): each
 * identifier is its column's name in capitals, the launcher's table
 * (launch/runcols) is the list row for row, a name finds its identifier in
 * its role only, and the summary reads a results directory's runs.csv by
 * them -- a column the directory lacks (an older launcher's) is NAN or NULL,
 * one the list lacks (a newer launcher's) is still read by its name. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <cmocka.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/runfigs.h"
#include "launch/runcols.h"
#include "model/summary.h"

#define ROW(ID, name, role, unit, cell, what) {#ID, #name, #role, unit, cell, what},
static const struct {
    const char *id, *name, *role, *unit;
    int cell;
    const char *what;
} rows[] = {RUNFIG_COLUMNS(ROW)};
#undef ROW
#define NROWS (sizeof rows / sizeof rows[0])

static void identifiersAreTheNamesInCapitals(void **state) {
    (void)state;
    for (size_t i = 0; i < NROWS; i++) {
        size_t n = strlen(rows[i].name);
        assert_int_equal(strlen(rows[i].id), n);
        for (size_t k = 0; k < n; k++)
            assert_int_equal(rows[i].id[k], toupper((unsigned char)rows[i].name[k]));
    }
}

static void theLaunchersTableIsTheList(void **state) {
    (void)state;
    static const char *const role[] = {"KEY", "TEXT", "FIGURE"};
    assert_int_equal(runNColumns, NROWS);
    size_t nfig = 0, ntext = 0;
    for (size_t i = 0; i < NROWS; i++) {
        const runColumn *c = &runColumns[i];
        assert_string_equal(c->name, rows[i].name);
        assert_string_equal(role[c->role], rows[i].role);
        assert_string_equal(c->unit, rows[i].unit);
        assert_int_equal(c->cell, rows[i].cell);
        assert_string_equal(c->what, rows[i].what);
        assert_non_null(c->put);
        /* its identifier in its own role, and in no other */
        int f = runfigFigureOf(c->name), t = runfigTextOf(c->name);
        if (c->role == RUNCOL_FIGURE) {
            assert_int_equal(f, (int)nfig);
            assert_string_equal(runfigFigureName((runfigFigure)nfig++), c->name);
            assert_int_equal(t, -1);
        } else if (c->role == RUNCOL_TEXT) {
            assert_int_equal(t, (int)ntext);
            assert_string_equal(runfigTextName((runfigText)ntext++), c->name);
            assert_int_equal(f, -1);
        } else {
            assert_int_equal(f, -1);
            assert_int_equal(t, -1);
        }
    }
    assert_int_equal(nfig, RUNFIG_NFIGURES);
    assert_int_equal(ntext, RUNFIG_NTEXTS);
    assert_true(nfig <= SUMMARY_RUN_FIGS);
    assert_null(runfigFigureName(RUNFIG_NFIGURES));
    assert_int_equal(runfigFigureOf("wait_full_ms"), RUNFIG_WAIT_FULL_MS);
    assert_int_equal(runfigTextOf("runtimes"), RUNFIG_RUNTIMES);
    assert_int_equal(runfigFigureOf("no_such_ms"), -1);
}

static char dir[] = "/tmp/coldload-test-runfigs-XXXXXX";
static char runs[sizeof dir + 16], cols[sizeof dir + 24], whole[sizeof dir + 16];

static int put(const char *path, const char *text) {
    FILE *f = fopen(path, "w");
    if (!f) return -1;
    fputs(text, f);
    return fclose(f);
}

/* A results directory of an older launcher and a newer one at once: its
 * table names wall_ms, cpu_ms (that runs.csv lacks), queue_wait_ms (a figure
 * this list does not have) and runtimes; no wait_full_ms at all. Its one
 * cell (whole.csv's row) has the runs of p; q's run is of no cell. */
static int setup(void **state) {
    (void)state;
    if (!mkdtemp(dir)) return -1;
    snprintf(runs, sizeof runs, "%s/runs.csv", dir);
    snprintf(cols, sizeof cols, "%s/runs-columns.tsv", dir);
    snprintf(whole, sizeof whole, "%s/whole.csv", dir);
    return put(cols, "name\trole\tunit\tcell\twhat\n"
                     "workload\tkey\t\t0\tthe program\n"
                     "wall_ms\tfigure\tms\t0\twall time\n"
                     "queue_wait_ms\tfigure\tms\t1\ta newer figure\n"
                     "cpu_ms\tfigure\tms\t1\tCPU time\n"
                     "runtimes\ttext\t\t1\tthreading runtimes\n") ||
           put(runs, "workload,params,width,width_requested,status,wall_ms,queue_wait_ms,runtimes,"
                     "harness,condition,stressors,copy,load\n"
                     "p,a,1,1,ok,10,1,libgomp:OMP_NUM_THREADS,threads,idle,0,inplace,none\n"
                     "p,a,1,1,ok,30,2,,threads,idle,0,inplace,none\n"
                     "p,a,1,1,cut,20,3,,threads,idle,0,inplace,none\n"
                     "p,a,1,1,failed,99,9,,threads,idle,0,inplace,none\n"
                     "q,a,1,1,ok,5,1,,firstrun,idle,0,inplace,none\n") ||
           put(whole, "workload,params,width,wait,condition,stressors,copy,harness,load,tool,label,"
                      "wall_ms,exit_code\n"
                      "p,a,1,block,idle,0,inplace,threads,none,coldload-run,ok,10,0\n");
}

static int teardown(void **state) {
    (void)state;
    unlink(runs);
    unlink(cols);
    unlink(whole);
    return rmdir(dir);
}

static void theSummaryReadsByIdentifier(void **state) {
    (void)state;
    summary s;
    char err[SUMMARY_ERR_MAX] = "";
    summaryInit(&s);
    assert_int_equal(summaryReadWhole(&s, whole, err, sizeof err), 0);
    assert_int_equal(summaryReadRuns(&s, runs, cols, err, sizeof err), 0);
    summaryFinish(&s, 5);
    /* p's runs joined its cell (wait block: the launcher knows no wait); q's
     * run, of no cell, made none */
    assert_int_equal(s.n, 1);
    const summaryGroup *g = &s.g[0];
    /* the runs with a time or a bound: 10, 30, 20 */
    assert_float_equal(summaryRunFigOf(&s, g, RUNFIG_WALL_MS), 20, 0);
    assert_int_equal(summaryRunFigValues(&s, g, RUNFIG_WALL_MS)->n, 3);
    /* named by the table, absent from runs.csv: no value */
    assert_true(isnan(summaryRunFigOf(&s, g, RUNFIG_CPU_MS)));
    assert_int_equal(summaryRunFigValues(&s, g, RUNFIG_CPU_MS)->n, 0);
    /* not in this directory's table at all */
    assert_true(isnan(summaryRunFigOf(&s, g, RUNFIG_WAIT_FULL_MS)));
    assert_null(summaryRunFigValues(&s, g, RUNFIG_WAIT_FULL_MS));
    assert_true(isnan(summaryRunFigOf(&s, g, RUNFIG_NFIGURES)));
    assert_null(summaryRunTextOf(&s, g, RUNFIG_STATUS));
    assert_string_equal(summaryRunTextOf(&s, g, RUNFIG_RUNTIMES), "libgomp:OMP_NUM_THREADS");
    /* a figure of a newer launcher: read by its name, in the table's order */
    assert_int_equal(s.nrun_fig, 3);
    assert_string_equal(s.run_fig[1].name, "queue_wait_ms");
    assert_float_equal(g->run_median[1], 2, 0);
    summaryFree(&s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(identifiersAreTheNamesInCapitals),
        cmocka_unit_test(theLaunchersTableIsTheList),
        cmocka_unit_test(theSummaryReadsByIdentifier),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
