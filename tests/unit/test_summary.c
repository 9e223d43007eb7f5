/* test_summary.c -- the summary (model/summary) on a tiny samples.csv the
 * test writes: the groups it makes, their medians over calls and over
 * processes, the loaded group's link to its idle twin and its slow_procs,
 * each figure worked out by hand below. */
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

#include "model/summary.h"

static const char header[] =
    "timestamp,host,run_id,workload,params,width,wait,phase,iter,ms,minflt,majflt,nvcsw,nivcsw,"
    "load1,procs_running,checksum,truncated,harness,condition,stressors,copy,load\n";

/* One process: a first row (first_ms; < 0: none) and its steady rows; their
 * checksum aa, or none for run b3 (an output not hashed). */
static void proc(FILE *f, const char *run, const char *cond, double first, const double *steady,
                 size_t n) {
    const char *sum = strcmp(run, "b3") ? "00000000000000aa" : "";
    const char *stressors = strcmp(cond, "idle") ? "2" : "0";
    const char *load = strcmp(cond, "idle") ? "pinned" : "none";
    const char *harness = strcmp(cond, "idle") ? "loaded" : "warm";
    if (first >= 0)
        fprintf(f,
                "2026-12-02T10:00:00.000Z,vm,%s,grad,n=1000,1,block,first,0,%g,10,0,0,0,0.10,1,"
                "%s,0,%s,%s,%s,inplace,%s\n",
                run, first, sum, harness, cond, stressors, load);
    for (size_t i = 0; i < n; i++)
        fprintf(f,
                "2026-12-02T10:00:00.000Z,vm,%s,grad,n=1000,1,block,steady,%zu,%g,0,0,0,0,0.10,1,"
                "%s,0,%s,%s,%s,inplace,%s\n",
                run, i + 1, steady[i], sum, harness, cond, stressors, load);
}

static char dir[] = "/tmp/coldload-test-summary-XXXXXX";
static char path[sizeof dir + 16];

/* Idle: a1 first 5, steady 1 2 3 (median 2); a2 first 7, steady 2 4 (median
 * 3). Loaded (pinned, 2 stressors): b1 5 5 5, b2 10 10 10, b3 6 6 (medians
 * 5, 10, 6), no first rows. */
static int setup(void **state) {
    (void)state;
    if (!mkdtemp(dir)) return -1;
    snprintf(path, sizeof path, "%s/samples.csv", dir);
    FILE *f = fopen(path, "w");
    if (!f) return -1;
    fputs(header, f);
    proc(f, "a1", "idle", 5, (double[]){1, 2, 3}, 3);
    proc(f, "b1", "loaded", -1, (double[]){5, 5, 5}, 3);
    proc(f, "a2", "idle", 7, (double[]){2, 4}, 2);
    proc(f, "b2", "loaded", -1, (double[]){10, 10, 10}, 3);
    proc(f, "b3", "loaded", -1, (double[]){6, 6}, 2);
    return fclose(f);
}

static int teardown(void **state) {
    (void)state;
    unlink(path);
    return rmdir(dir);
}

static void readSummary(summary *s, double slow_ratio) {
    char err[SUMMARY_ERR_MAX];
    summaryInit(s);
    assert_int_equal(summaryReadSamples(s, path, err, sizeof err), 0);
    summaryFinish(s, slow_ratio);
}

static void twoGroupsIdleFirst(void **state) {
    (void)state;
    summary s;
    readSummary(&s, 3);
    assert_int_equal(s.n, 2);
    assert_true(summaryIsIdle(&s.g[0]));
    assert_true(summaryIsLoaded(&s.g[1]));
    assert_string_equal(s.g[1].key.load, "pinned");
    assert_string_equal(s.g[1].key.stressors, "2");
    assert_int_equal(s.g[0].runs, 2);
    assert_int_equal(s.g[1].runs, 3);
    assert_int_equal(s.g[0].n, 5);
    assert_int_equal(s.g[1].n, 8);
    assert_int_equal(s.g[0].nchecksums, 1);
    assert_true(s.g[0].checksums[0] == 0xaa);
    /* the rows with a checksum and without: 2 first and 5 steady; b3's 2 have none */
    assert_int_equal(s.g[0].hashed, 7);
    assert_int_equal(s.g[0].unhashed, 0);
    assert_int_equal(s.g[1].hashed, 6);
    assert_int_equal(s.g[1].unhashed, 2);
    assert_int_equal(s.g[1].nchecksums, 1);
    summaryFree(&s);
}

static void mediansOverCallsAndOverProcesses(void **state) {
    (void)state;
    summary s;
    readSummary(&s, 3);
    const summaryGroup *idle = &s.g[0], *loaded = &s.g[1];
    /* idle calls 1 2 3 2 4 */
    assert_float_equal(idle->min_ms, 1, 0);
    assert_float_equal(idle->median_ms, 2, 0);
    assert_float_equal(idle->max_ms, 4, 0);
    assert_float_equal(idle->first_ms, 6, 0); /* median of 5 and 7 */
    assert_float_equal(idle->first_over_min, 6, 0);
    assert_int_equal(idle->procs, 2);
    assert_float_equal(idle->proc_median_median_ms, 2.5, 0); /* of 2 and 3 */
    assert_float_equal(idle->proc_median_min_ms, 2, 0);
    assert_float_equal(idle->proc_median_max_ms, 3, 0);
    assert_true(isnan(idle->loaded_over_idle));
    assert_true(idle->slow_procs == SIZE_MAX); /* an idle group has none */
    /* loaded calls 5 5 5 10 10 10 6 6: median (6 + 6) / 2 */
    assert_float_equal(loaded->median_ms, 6, 0);
    assert_true(isnan(loaded->first_ms));
    assert_float_equal(loaded->idle_median_ms, 2, 0);
    assert_float_equal(loaded->loaded_over_idle, 3, 0);
    assert_int_equal(loaded->procs, 3);
    assert_float_equal(loaded->proc_median_median_ms, 6, 0); /* of 5, 10, 6 */
    assert_float_equal(loaded->proc_ratio, 6 / 2.5, 1e-12);
    assert_true(loaded->ratio_lo <= loaded->proc_ratio && loaded->proc_ratio <= loaded->ratio_hi);
    summaryFree(&s);
}

static void slowProcsCountAtTheRatio(void **state) {
    (void)state;
    summary s;
    /* slow: median >= ratio x 2.5 (the idle median of medians) */
    readSummary(&s, 3); /* 7.5: b2 (10) alone */
    assert_int_equal(s.g[1].slow_procs, 1);
    summaryFree(&s);
    readSummary(&s, 2); /* 5: all three, 5 counts at the threshold */
    assert_int_equal(s.g[1].slow_procs, 3);
    summaryFree(&s);
    readSummary(&s, 2.01); /* 5.025: 6 and 10 */
    assert_int_equal(s.g[1].slow_procs, 2);
    summaryFree(&s);
    readSummary(&s, 5); /* 12.5: none */
    assert_int_equal(s.g[1].slow_procs, 0);
    summaryFree(&s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(twoGroupsIdleFirst),
        cmocka_unit_test(mediansOverCallsAndOverProcesses),
        cmocka_unit_test(slowProcsCountAtTheRatio),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
