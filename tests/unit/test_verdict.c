/* test_verdict.c -- verdict rules (verdict/verdict) on both sides of their
 * thresholds, on groups built here with exactly the figures a rule reads:
 * first-run (and first-run-notable below it), spread, no-wait, and
 * bitwise-same against checksum-differs. Also what a verdict carries as
 * data: the group and key parts it is on, its subject and its figures. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verdict/verdict.h"

#define MAXG 4
static summaryGroup groups[MAXG];
static uint64_t sums[MAXG];

/* A group with no figures (every numeric summary.csv column NAN) but its key. */
static summaryGroup *group(size_t i, const char *condition, int width) {
    summaryGroup *g = &groups[i];
    memset(g, 0, sizeof *g);
    for (size_t c = 0; c < summaryNColumns; c++)
        if (summaryColumns[c].kind == SUMMARY_COL_NUM)
            *(double *)((char *)g + summaryColumns[c].off) = NAN;
    int idle = strcmp(condition, "idle") == 0;
    g->key = (summaryKey){"grad",
                          "n=1000",
                          "block",
                          (char *)condition,
                          idle ? "0" : "2",
                          "inplace",
                          idle ? "none" : "pinned",
                          width};
    g->harness = idle ? "warm" : "loaded";
    g->source = "samples.csv:2";
    g->whole_tool = "";
    g->slow_procs = SIZE_MAX;
    return g;
}

/* Runs every check over groups[0..n) with the default thresholds. */
static void run(size_t n, verdictList *out) {
    summary s = {groups, n, n, 0, 0};
    verdictThresholds t;
    verdictDefaults(&t);
    memset(out, 0, sizeof *out);
    assert_int_equal(verdictRun(&s, &t, out), 0);
}

static const verdict *find(const verdictList *l, const char *id) {
    for (size_t i = 0; i < l->n; i++)
        if (strcmp(l->v[i].id, id) == 0) return &l->v[i];
    return NULL;
}

static double figure(const verdict *v, const char *name) {
    for (size_t i = 0; i < v->nfig; i++)
        if (strcmp(v->fig[i].name, name) == 0) return v->fig[i].value;
    fail_msg("verdict %s has no figure %s", v->id, name);
    return NAN;
}

static void firstRunAtAndBelowItsThreshold(void **state) {
    (void)state;
    verdictList l;
    summaryGroup *g = group(0, "idle", 1);
    g->first_ms = 1.5, g->min_ms = 0.015, g->first_over_min = 100; /* --first-min 100 */
    run(1, &l);
    const verdict *v = find(&l, "first-run");
    assert_non_null(v);
    assert_int_equal(v->level, VERDICT_WARN);
    assert_null(find(&l, "first-run-notable"));
    /* the data: one group, all of its key, its figures */
    assert_ptr_equal(v->group, g);
    assert_int_equal(v->parts, SUMMARY_K_ALL);
    assert_string_equal(v->subject, "grad n=1000, width 1, wait block, idle, copy inplace");
    assert_ptr_equal(v->finding, v->text + strlen(v->subject) + 2);
    assert_float_equal(figure(v, "first_over_min"), 100, 0);
    assert_float_equal(figure(v, "threshold"), 100, 0);
    assert_float_equal(figure(v, "first_ms"), 1.5, 0);
    verdictFree(&l);

    g->first_over_min = 99.9; /* below: notable, not first-run */
    run(1, &l);
    assert_null(find(&l, "first-run"));
    assert_non_null(find(&l, "first-run-notable"));
    verdictFree(&l);

    g->first_over_min = 9.9; /* below --first-min-notable 10: neither */
    run(1, &l);
    assert_null(find(&l, "first-run"));
    assert_null(find(&l, "first-run-notable"));
    verdictFree(&l);
}

/* The sentence is said from the verdict's data alone: its row's say function,
 * given the verdict and the thresholds and nothing of the summary, writes
 * exactly its finding -- and other figures give another sentence. */
static void aSentenceIsSaidFromTheVerdictsFiguresAlone(void **state) {
    (void)state;
    verdictList l;
    summaryGroup *g = group(0, "idle", 1);
    g->first_ms = 1.5, g->min_ms = 0.015, g->first_over_min = 100;
    run(1, &l);
    verdict *v = (verdict *)find(&l, "first-run");
    assert_non_null(v);
    assert_ptr_equal(v->kind, &verdictChecks[0]);
    assert_non_null(v->kind->say);
    verdictThresholds t;
    verdictDefaults(&t);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_int_equal(v->kind->say(v, &t, f), 0);
    assert_int_equal(fclose(f), 0);
    assert_string_equal(buf, v->finding);
    assert_string_equal(buf, "first 1.500 ms vs steady min 0.0150 ms = 100x (>= 100): the first "
                             "run must not go into an average; time it apart, report min and "
                             "median of the rest");
    free(buf);
    for (size_t i = 0; i < v->nfig; i++)
        if (strcmp(v->fig[i].name, "first_over_min") == 0) v->fig[i].value = 250;
    f = open_memstream(&buf, &len);
    assert_int_equal(v->kind->say(v, &t, f), 0);
    assert_int_equal(fclose(f), 0);
    assert_non_null(strstr(buf, " = 250x (>= 100)"));
    assert_true(isnan(verdictFig(v, "no_such_figure")));
    free(buf);
    verdictFree(&l);
}

static void spreadAtAndBelowItsThreshold(void **state) {
    (void)state;
    verdictList l;
    summaryGroup *g = group(0, "idle", 2);
    g->n = 20, g->max_ms = 3, g->median_ms = 1, g->max_over_median = 3; /* --max-median 3 */
    run(1, &l);
    const verdict *v = find(&l, "spread");
    assert_non_null(v);
    assert_float_equal(figure(v, "max_over_median"), 3, 0);
    verdictFree(&l);
    g->max_over_median = 2.99;
    run(1, &l);
    assert_null(find(&l, "spread"));
    verdictFree(&l);
    /* width 1: a serial max far above its median is not this check's */
    group(0, "idle", 1)->n = 20;
    groups[0].max_over_median = 50;
    run(1, &l);
    assert_null(find(&l, "spread"));
    verdictFree(&l);
}

static void noWaitAtAndBelowItsThreshold(void **state) {
    (void)state;
    verdictList l;
    summaryGroup *g = group(0, "idle", 2);
    g->median_ms = 10, g->nowait_n = 5, g->nowait_median_ms = 5; /* 2x below: --no-wait 2 */
    run(1, &l);
    const verdict *v = find(&l, "no-wait");
    assert_non_null(v);
    assert_float_equal(figure(v, "ratio"), 2, 0);
    assert_float_equal(figure(v, "nowait_median_ms"), 5, 0);
    verdictFree(&l);
    g->nowait_median_ms = 5.01; /* 1.996x: not */
    run(1, &l);
    assert_null(find(&l, "no-wait"));
    verdictFree(&l);
    g->nowait_median_ms = 1, g->nowait_n = 0; /* no rows of the kind: nothing to judge */
    run(1, &l);
    assert_null(find(&l, "no-wait"));
    verdictFree(&l);
}

/* The cell grad n=1000 width 1, idle and loaded, with checksums a and b. */
static void cell(uint64_t a, uint64_t b) {
    summaryGroup *idle = group(0, "idle", 1), *loaded = group(1, "loaded", 1);
    sums[0] = a, sums[1] = b;
    idle->checksums = &sums[0], idle->nchecksums = 1;
    loaded->checksums = &sums[1], loaded->nchecksums = 1;
}

static void bitwiseSameOrChecksumDiffers(void **state) {
    (void)state;
    verdictList l;
    cell(0xaa, 0xaa);
    run(2, &l);
    const verdict *v = find(&l, "bitwise-same");
    assert_non_null(v);
    assert_int_equal(v->level, VERDICT_OK);
    assert_null(find(&l, "checksum-differs"));
    /* on the cell: workload, params and width, not one group's every part */
    assert_int_equal(v->parts, SUMMARY_K_WORKLOAD | SUMMARY_K_PARAMS | SUMMARY_K_WIDTH);
    assert_string_equal(v->subject, "grad n=1000, width 1");
    assert_string_equal(v->finding,
                        "checksum 00000000000000aa idle and loaded: numbers unaffected (bitwise)");
    verdictFree(&l);

    cell(0xaa, 0xbb);
    run(2, &l);
    v = find(&l, "checksum-differs");
    assert_non_null(v);
    assert_int_equal(v->level, VERDICT_ERROR);
    assert_null(find(&l, "bitwise-same"));
    assert_int_equal(l.v[0].level, VERDICT_ERROR); /* worst first */
    verdictFree(&l);

    /* another width is another cell: no comparison across widths */
    cell(0xaa, 0xbb);
    groups[1].key.width = 2;
    run(2, &l);
    assert_null(find(&l, "checksum-differs"));
    assert_null(find(&l, "bitwise-same"));
    verdictFree(&l);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(firstRunAtAndBelowItsThreshold),
        cmocka_unit_test(aSentenceIsSaidFromTheVerdictsFiguresAlone),
        cmocka_unit_test(spreadAtAndBelowItsThreshold),
        cmocka_unit_test(noWaitAtAndBelowItsThreshold),
        cmocka_unit_test(bitwiseSameOrChecksumDiffers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
