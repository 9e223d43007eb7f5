/* test_verdict.c -- verdict rules (verdict/verdict) on both sides of their
 * thresholds, on groups built here with exactly the figures a rule reads:
 * first-run (and first-run-notable below it), spread, no-wait, bitwise-same
 * against checksum-differs, output-differs and output-unchecked (an empty
 * output, a missing file), contention, bimodal,
 * placement and cold-start. Also what a verdict carries as data: the group
 * and key parts it is on, its subject, its figures and notes -- and that its
 * sentence cites them. */
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

#define MAXG 6
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
                          width,
                          idle ? 0 : 2,
                          idle ? SUMMARY_LOAD_NONE : SUMMARY_LOAD_PINNED};
    g->harness = idle ? "warm" : "loaded";
    g->source = "samples.csv:2";
    g->whole_tool = "";
    g->slow_procs = SIZE_MAX;
    return g;
}

/* Runs every check over groups[0..n) with the default thresholds, a
 * program's output check having hashed `what` (NULL: stdout). */
static void runChecked(size_t n, verdictList *out, const char *what) {
    summary s = {.g = groups, .n = n, .cap = n};
    verdictThresholds t;
    verdictDefaults(&t);
    t.output_what = what;
    memset(out, 0, sizeof *out);
    assert_int_equal(verdictRun(&s, &t, out), 0);
}

static void run(size_t n, verdictList *out) { runChecked(n, out, NULL); }

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

/* v has each figure of want, at its value. */
static void hasFigures(const verdict *v, const verdictFigure *want, size_t n) {
    for (size_t i = 0; i < n; i++)
        assert_float_equal(figure(v, want[i].name), want[i].value, 1e-12);
}
#define HAS(v, ...) \
    hasFigures((v), (const verdictFigure[]){__VA_ARGS__}, \
               sizeof((const verdictFigure[]){__VA_ARGS__}) / sizeof(verdictFigure))

/* Runs the checks over groups[0..n): no verdict `id`. */
static void absent(size_t n, const char *id) {
    verdictList l;
    run(n, &l);
    assert_null(find(&l, id));
    verdictFree(&l);
}

/* Runs the checks over groups[0..n) into l: its verdict `id`, at level lv. */
static const verdict *found(size_t n, verdictList *l, const char *id, verdictLevel lv) {
    run(n, l);
    const verdict *v = find(l, id);
    assert_non_null(v);
    assert_int_equal(v->level, lv);
    return v;
}

static const char *note(const verdict *v, const char *name) {
    const char *t = verdictNoteOf(v, name);
    if (!t) fail_msg("verdict %s has no note %s", v->id, name);
    return t;
}

/* The finding contains text, printf'd. */
static void says(const verdict *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void says(const verdict *v, const char *fmt, ...) {
    char want[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(want, sizeof want, fmt, ap);
    va_end(ap);
    if (!strstr(v->finding, want)) fail_msg("%s: \"%s\" not in \"%s\"", v->id, want, v->finding);
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
    assert_string_equal(note(v, "checksum"), "00000000000000aa");
    HAS(v, {"idle_checksums", 1}, {"loaded_checksums", 1});
    verdictFree(&l);

    cell(0xaa, 0xbb);
    run(2, &l);
    v = find(&l, "checksum-differs");
    assert_non_null(v);
    assert_int_equal(v->level, VERDICT_ERROR);
    assert_null(find(&l, "bitwise-same"));
    assert_int_equal(l.v[0].level, VERDICT_ERROR); /* worst first */
    assert_string_equal(note(v, "idle_checksums"), "00000000000000aa");
    assert_string_equal(note(v, "loaded_checksums"), "00000000000000bb");
    says(v, "checksum idle %s, loaded %s: the numbers changed under load",
         note(v, "idle_checksums"), note(v, "loaded_checksums"));
    verdictFree(&l);

    /* another width is another cell: no comparison across widths */
    cell(0xaa, 0xbb);
    groups[1].key.width = 2;
    run(2, &l);
    assert_null(find(&l, "checksum-differs"));
    assert_null(find(&l, "bitwise-same"));
    verdictFree(&l);
}

/* Process medians for g: its K processes, one steady call each (none, so
 * that no process splits within). */
static summaryProc procs[MAXG][8];
static void procMedians(size_t i, const double *ms, size_t k) {
    summaryGroup *g = &groups[i];
    memset(procs[i], 0, sizeof procs[i]);
    for (size_t j = 0; j < k; j++) {
        procs[i][j].run_id = "r";
        procs[i][j].proc = (long)j + 1;
        procs[i][j].median_ms = ms[j];
        procs[i][j].first_ms = NAN;
    }
    g->proc = procs[i], g->nproc = k, g->procs = k;
}

/* grad width 2 under `load` (groups[0]) with its 5 processes' medians ms,
 * and its idle twin (groups[1]) whose median of process medians is 4 ms. */
static void twinCell(const char *load, const double *ms) {
    group(1, "idle", 2)->n = 5;
    groups[1].proc_median_median_ms = 4;
    summaryKeySetLoad(&group(0, "loaded", 2)->key, (char *)load);
    procMedians(0, ms, 5);
}

/* grad under pinned load (2 workers over 2 CPUs: both widths' fair share
 * 2x): width 1 at 1.1x, width 2 at r2 x idle over 5 processes. */
static void pinnedCell(double r2) {
    summaryGroup *one = group(0, "loaded", 1), *two = group(1, "loaded", 2);
    one->n = 5, one->median_ms = 1.1, one->idle_median_ms = 1, one->loaded_over_idle = 1.1;
    two->n = 5, two->median_ms = r2, two->idle_median_ms = 1, two->loaded_over_idle = r2;
    two->procs = 5, two->slow_procs = 5, two->proc_ratio = r2, two->ratio_lo = r2 - 10,
    two->ratio_hi = r2 + 10;
}

/* contention: width 2 at >= --contention-wide 5 x both its fair share (2x)
 * and width 1's slowdown, width 1 below --contention-narrow 1.5 x its share. */
static void contentionAtAndBelowItsThreshold(void **state) {
    (void)state;
    verdictList l;
    pinnedCell(100);
    const verdict *v = found(2, &l, "contention", VERDICT_WARN);
    assert_ptr_equal(v->group, &groups[0]);
    assert_int_equal(v->parts, SUMMARY_K_ALL & ~SUMMARY_K_WIDTH);
    assert_string_equal(v->subject, "grad n=1000, wait block, loaded pinned (stressors 2), copy "
                                    "inplace");
    assert_float_equal(figure(v, "wide_1"), 2, 0);
    assert_true(isnan(verdictFig(v, "wide_2")));
    HAS(v, {"loaded_over_idle_w2", 100}, {"fair_share_w2", 2}, {"slow_procs_w2", 5},
        {"ratio_lo_w2", 90}, {"narrow_loaded_over_idle", 1.1}, {"narrow_fair_share", 2},
        {"fastest_width", 1});
    says(v,
         "width %g is %.1fx slower than idle (median %.1f vs %.3f ms), %.0fx its fair share "
         "%.1fx and %.0fx width 1's (each at least %gx)",
         figure(v, "wide_1"), figure(v, "loaded_over_idle_w2"), figure(v, "median_ms_w2"),
         figure(v, "idle_median_ms_w2"), 100 / figure(v, "fair_share_w2"),
         figure(v, "fair_share_w2"), 100 / 1.1, figure(v, "contention_wide"));
    says(v, "while width 1 is %.1fx (median %.3f vs %.3f ms), below %gx its fair share %.1fx",
         figure(v, "narrow_loaded_over_idle"), figure(v, "narrow_median_ms"),
         figure(v, "narrow_idle_median_ms"), figure(v, "contention_narrow"),
         figure(v, "narrow_fair_share"));
    says(v,
         "Fastest under load: width 1 (median 1.100 ms); width 2: %.0f of %.0f processes >= 5x "
         "idle, loaded/idle of the process medians 100.0x (95%% interval 90.0-110.0x)",
         figure(v, "slow_procs_w2"), figure(v, "procs_w2"));
    assert_null(find(&l, "loaded-slow")); /* contention explains width 2 */
    verdictFree(&l);

    pinnedCell(9.9); /* below 5 x its fair share 2x: not contention */
    run(2, &l);
    assert_null(find(&l, "contention"));
    assert_non_null(find(&l, "loaded-slow")); /* 9.9x >= --loaded-idle 2 x the share 2x */
    verdictFree(&l);
}

static int cmpStr(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The verdicts of a run over checks[0..n) on groups[0..ng): "id subject"
 * lines, sorted (the order found follows the table's; the set must not). */
static void verdictSet(const verdictCheck *checks, size_t n, size_t ng, char *buf, size_t len) {
    summary s = {.g = groups, .n = ng, .cap = ng};
    verdictThresholds t;
    verdictDefaults(&t);
    verdictList l = {0};
    assert_int_equal(verdictRunTable(&s, &t, checks, n, &l), 0);
    char *lines[64];
    assert_true(l.n <= 64);
    for (size_t i = 0; i < l.n; i++)
        assert_true(
            asprintf(&lines[i], "%s %s\n", l.v[i].id, l.v[i].subject ? l.v[i].subject : "") > 0);
    qsort(lines, l.n, sizeof lines[0], cmpStr);
    buf[0] = '\0';
    for (size_t i = 0; i < l.n; i++) {
        strncat(buf, lines[i], len - strlen(buf) - 1);
        free(lines[i]);
    }
    verdictFree(&l);
}

/* The checks' table in another order: reversed, then rotated by k. */
static void reordered(verdictCheck *to, size_t k) {
    size_t n = verdictNChecks;
    for (size_t i = 0; i < n; i++) to[(i + k) % n] = verdictChecks[n - 1 - i];
}

/* A reordered table gives the same verdicts: loaded-slow reads the groups
 * contention, bimodal and placement explain, and its row names them (it
 * waits for them wherever it stands). Each cell below is loaded-slow too
 * (100x idle), explained by one of the three. */
static void reorderingTheChecksChangesNoVerdict(void **state) {
    (void)state;
    static const double split[5] = {5, 5, 5, 5, 1600}, some[5] = {5, 5, 5, 100, 120};
    verdictCheck table[64];
    assert_true(verdictNChecks <= 64);
    for (int cell = 0; cell < 3; cell++) {
        if (cell == 0) pinnedCell(100);                                  /* contention */
        if (cell == 1) twinCell("pinned", split);                        /* bimodal */
        if (cell == 2) twinCell("free", some), groups[0].slow_procs = 2; /* placement */
        if (cell > 0) groups[0].idle_median_ms = 1, groups[0].loaded_over_idle = 100;
        char want[4096], got[4096];
        verdictSet(verdictChecks, verdictNChecks, 2, want, sizeof want);
        assert_null(strstr(want, "loaded-slow"));
        for (size_t k = 0; k < verdictNChecks; k++) {
            reordered(table, k);
            verdictSet(table, verdictNChecks, 2, got, sizeof got);
            assert_string_equal(got, want);
        }
    }
}

/* Which check reads which is in the rows: every check that explains groups
 * is named in loaded-slow's `after`; a run refuses an `after` of no check,
 * and a check that marks a group explained without saying so. */
static void aCheckNamesTheChecksItReads(void **state) {
    (void)state;
    const verdictCheck *slow = NULL;
    for (size_t c = 0; c < verdictNChecks; c++)
        if (strcmp(verdictChecks[c].id, "loaded-slow") == 0) slow = &verdictChecks[c];
    assert_non_null(slow);
    for (size_t c = 0; c < verdictNChecks; c++) {
        if (!verdictChecks[c].explains) continue;
        int named = 0;
        for (size_t k = 0; k < VERDICT_AFTER_MAX && slow->after[k]; k++)
            named |= strcmp(slow->after[k], verdictChecks[c].id) == 0;
        if (!named)
            fail_msg("loaded-slow reads %s's groups, not in its after", verdictChecks[c].id);
    }
    verdictCheck table[64];
    summary s = {.g = groups, .n = 2, .cap = 2};
    verdictThresholds t;
    verdictDefaults(&t);
    verdictList l = {0};
    pinnedCell(100);
    memcpy(table, verdictChecks, verdictNChecks * sizeof table[0]);
    for (size_t c = 0; c < verdictNChecks; c++)
        if (table[c].after[0]) table[c].after[0] = "no-such-check";
    assert_int_equal(verdictRunTable(&s, &t, table, verdictNChecks, &l), -1);
    verdictFree(&l);
    memcpy(table, verdictChecks, verdictNChecks * sizeof table[0]);
    for (size_t c = 0; c < verdictNChecks; c++) table[c].explains = 0;
    assert_int_equal(verdictRunTable(&s, &t, table, verdictNChecks, &l), -1);
    verdictFree(&l);
}

/* bimodal: a pinned cell whose process medians split >= --bimodal 5 apart. */
static void bimodalAtAndBelowItsThreshold(void **state) {
    (void)state;
    verdictList l;
    static const double split[5] = {5, 5, 5, 5, 1600}, near[5] = {5, 5, 5, 5, 24.9};
    twinCell("pinned", split);
    run(2, &l);
    const verdict *v = find(&l, "bimodal");
    assert_non_null(v);
    assert_ptr_equal(v->group, &groups[0]);
    HAS(v, {"slow_procs", 1}, {"procs", 5}, {"slow_median_ms", 1600}, {"fast_median_ms", 5},
        {"idle_median_ms", 4}, {"gap", 320}, {"fast_known_calls", 0});
    says(v,
         "%.0f of %.0f processes %.1fx slower than idle (median %.0f ms), the rest %.1fx "
         "slower than idle (median %.3f ms); the medians split %.0fx apart (>= %g): under "
         "this load",
         figure(v, "slow_procs"), figure(v, "procs"), 1600 / 4.0, figure(v, "slow_median_ms"),
         5 / 4.0, figure(v, "fast_median_ms"), figure(v, "gap"), figure(v, "threshold"));
    verdictFree(&l);

    procMedians(0, near, 5); /* 24.9 / 5 = 4.98x: below --bimodal 5 */
    absent(2, "bimodal");
}

/* placement: a free-load cell with its idle twin; WARN when a process was
 * --contention-wide 5 x the idle median or more, a NOTE when none was. */
static void placementWarnsOnASlowProcessAndNotesNone(void **state) {
    (void)state;
    verdictList l;
    static const double some[5] = {5, 5, 5, 100, 120}, none[5] = {5, 5, 5, 19.9, 6};
    twinCell("free", some);
    groups[0].slow_procs = 2; /* as summaryFinish counts them: >= 5 x 4 ms */
    const verdict *v = found(2, &l, "placement", VERDICT_WARN);
    assert_null(find(&l, "bimodal")); /* a free-load cell is placement's */
    HAS(v, {"slow_procs", 2}, {"share", 0.4}, {"slow_median_ms", 110}, {"rest_median_ms", 5},
        {"idle_median_ms", 4});
    assert_true(figure(v, "share_lo") < 0.4 && figure(v, "share_hi") > 0.4);
    says(v,
         "%.0f of %.0f processes slow (>= %gx the idle median 4.000 ms), share %.2f (95%% "
         "Wilson interval %.2f-%.2f); the slow ones 27.5x slower than idle (median %.1f ms), "
         "the rest 1.2x slower than idle (median %.3f ms)",
         figure(v, "slow_procs"), figure(v, "procs"), figure(v, "slow_ratio"), figure(v, "share"),
         figure(v, "share_lo"), figure(v, "share_hi"), figure(v, "slow_median_ms"),
         figure(v, "rest_median_ms"));
    verdictFree(&l);

    procMedians(0, none, 5); /* 19.9 < 5 x 4: no process slow */
    groups[0].slow_procs = 0;
    v = found(2, &l, "placement", VERDICT_NOTE);
    assert_float_equal(figure(v, "slow_procs"), 0, 0);
    assert_true(isnan(figure(v, "slow_median_ms")));
    says(v, "0 of 5 processes slow (>= 5x the idle median 4.000 ms), share 0.00");
    says(v, "; every process %.1fx slower than idle (median %.3f ms)",
         figure(v, "rest_median_ms") / figure(v, "idle_median_ms"), figure(v, "rest_median_ms"));
    verdictFree(&l);
}

/* checksum-differs within one group, and its notes: the checksums in hex. */
static void checksumDiffersWithinAGroup(void **state) {
    (void)state;
    verdictList l;
    static uint64_t two[2] = {0xaa, 0xbb};
    summaryGroup *g = group(0, "idle", 1);
    g->checksums = two, g->nchecksums = 2;
    run(1, &l);
    const verdict *v = find(&l, "checksum-differs");
    assert_non_null(v);
    assert_int_equal(v->parts, SUMMARY_K_ALL);
    assert_float_equal(figure(v, "nchecksums"), 2, 0);
    assert_string_equal(note(v, "checksums"), "00000000000000aa, 00000000000000bb");
    says(v, "%.0f different checksums within one group (%s)", figure(v, "nchecksums"),
         note(v, "checksums"));
    verdictFree(&l);
    g->nchecksums = 1; /* one checksum: nothing to compare */
    absent(1, "checksum-differs");
}

/* A program's cells (threads.sh): one stdout hash over all of them, or not. */
static void outputDiffersOrBitwiseSame(void **state) {
    (void)state;
    verdictList l;
    for (size_t i = 0; i < 2; i++) {
        group(i, "idle", (int)i + 1)->harness = "threads";
        groups[i].checksums = &sums[i], groups[i].nchecksums = 1;
    }
    sums[0] = 0xaa, sums[1] = 0xbb;
    const verdict *v = found(2, &l, "output-differs", VERDICT_ERROR);
    assert_null(find(&l, "bitwise-same"));
    assert_int_equal(v->parts, SUMMARY_K_WORKLOAD | SUMMARY_K_PARAMS);
    assert_string_equal(v->subject, "grad n=1000");
    HAS(v, {"hashes", 2}, {"cells", 2});
    assert_string_equal(note(v, "cell_2"), "grad n=1000, width 2, wait block, idle, copy inplace");
    assert_string_equal(note(v, "hashes_2"), "00000000000000bb");
    says(v, "%.0f different stdout hashes over its cells", figure(v, "hashes"));
    says(v, "; %s: %s; %s: %s", note(v, "cell_1"), note(v, "hashes_1"), note(v, "cell_2"),
         note(v, "hashes_2"));
    verdictFree(&l);

    sums[1] = 0xaa; /* one hash everywhere */
    run(2, &l);
    assert_null(find(&l, "output-differs"));
    assert_null(find(&l, "output-unchecked"));
    v = find(&l, "bitwise-same");
    assert_non_null(v);
    assert_string_equal(note(v, "hash"), "00000000000000aa");
    assert_float_equal(figure(v, "hashes"), 1, 0);
    says(v, "stdout hash %s in every run of all %.0f cells", note(v, "hash"), figure(v, "cells"));
    verdictFree(&l);
}

/* threads.sh's cells of one program, groups[0..n): width i + 1 (0 for the
 * default cell when dflt), idle, pinned from the third on; each with
 * `runs` runs hashed to sums[i] and `missing` runs without a hash. */
static void programCells(size_t n, int dflt, size_t runs, size_t missing) {
    for (size_t i = 0; i < n; i++) {
        summaryGroup *g =
            group(i, i < 2 ? "idle" : "loaded", dflt && i == 1 ? 0 : (int)(i % 2) + 1);
        g->harness = "threads";
        g->checksums = &sums[i], g->nchecksums = runs ? 1 : 0;
        g->hashed = runs, g->unhashed = missing;
    }
}

/* bitwise-same says the cells there were: the default only when there is a
 * width-0 group (ARGS with {width} have none), loaded only when loaded. */
static void bitwiseSameSaysOnlyTheCellsThatExist(void **state) {
    (void)state;
    verdictList l;
    sums[0] = sums[1] = sums[2] = 0xaa;
    programCells(2, 0, 2, 0); /* widths 1 and 2, idle */
    const verdict *v = found(2, &l, "bitwise-same", VERDICT_OK);
    HAS(v, {"cells", 2}, {"default_cells", 0}, {"idle_cells", 2}, {"loaded_cells", 0});
    says(v, "stdout hash 00000000000000aa in every run of all 2 cells (each width, idle): its "
            "output does not change");
    assert_null(strstr(v->finding, "default"));
    verdictFree(&l);

    programCells(3, 0, 2, 0); /* and width 1 loaded: still no default cell */
    v = found(3, &l, "bitwise-same", VERDICT_OK);
    says(v, "all 3 cells (each width, idle and loaded)");
    assert_null(strstr(v->finding, "default"));
    verdictFree(&l);

    programCells(3, 1, 2, 0); /* width 1, the default cell, width 1 loaded */
    v = found(3, &l, "bitwise-same", VERDICT_OK);
    HAS(v, {"default_cells", 1});
    says(v, "all 3 cells (each width and the default, idle and loaded)");
    verdictFree(&l);
}

/* A program that printed nothing in every run: its one hash is the empty
 * output's (the FNV offset basis), which cannot differ -- a NOTE that says
 * it was not checked, never bitwise-same. Empty in some runs only: differs. */
static void emptyOutputIsNotCheckedNotBitwiseSame(void **state) {
    (void)state;
    verdictList l;
    sums[0] = sums[1] = sums[2] = 0xcbf29ce484222325ULL; /* FNV-1a 64 of no bytes */
    programCells(3, 0, 2, 0);
    const verdict *v = found(3, &l, "output-unchecked", VERDICT_NOTE);
    assert_null(find(&l, "bitwise-same"));
    assert_null(find(&l, "output-differs"));
    assert_int_equal(v->parts, SUMMARY_K_WORKLOAD | SUMMARY_K_PARAMS);
    HAS(v, {"hashes", 1}, {"cells", 3}, {"runs", 6}, {"missing", 0});
    assert_string_equal(note(v, "output"), "stdout");
    says(v, "not checked: the program printed nothing, in every run of all 3 cells (each width, "
            "idle and loaded)");
    verdictFree(&l);

    /* the same for the file of {out}, or of --check-file */
    runChecked(3, &l, "{out}");
    v = find(&l, "output-unchecked");
    assert_non_null(v);
    assert_null(find(&l, "bitwise-same"));
    says(v, "not checked: the program wrote nothing to {out}, in every run of all 3 cells");
    verdictFree(&l);
    runChecked(3, &l, "/tmp/result.dat");
    says(find(&l, "output-unchecked"), "the program wrote nothing to /tmp/result.dat");
    verdictFree(&l);

    sums[2] = 0xaa; /* empty in some runs, not in others: the output differs */
    v = found(3, &l, "output-differs", VERDICT_ERROR);
    assert_null(find(&l, "output-unchecked"));
    assert_null(find(&l, "bitwise-same"));
    HAS(v, {"hashes", 2});
    verdictFree(&l);
}

/* A file checked (--check-file, {out}) that a run did not leave: that run
 * has no hash. None left it: not checked; some did: the output differs;
 * with stdout checked, runs without a hash (--no-check-output) are no
 * missing file. */
static void aMissingFileIsNoHash(void **state) {
    (void)state;
    verdictList l;
    sums[0] = sums[1] = 0xaa;
    programCells(2, 0, 0, 3); /* no run left the file */
    runChecked(2, &l, "/tmp/result.dat");
    const verdict *v = find(&l, "output-unchecked");
    assert_non_null(v);
    assert_int_equal(v->level, VERDICT_NOTE);
    HAS(v, {"hashes", 0}, {"missing", 6}, {"cells", 2});
    says(v, "not checked: no run left a file at /tmp/result.dat, in any of the 6 runs of all 2 "
            "cells");
    says(v, ": there is nothing to compare");
    assert_null(strstr(v->finding, "empty"));
    assert_null(find(&l, "bitwise-same"));
    verdictFree(&l);
    absent(2, "output-unchecked"); /* stdout unhashed: the check was off, nothing to say */

    programCells(2, 0, 2, 0);
    groups[1].unhashed = 1; /* one hash, but one run left no file */
    runChecked(2, &l, "{out}");
    v = find(&l, "output-differs");
    assert_non_null(v);
    assert_null(find(&l, "bitwise-same"));
    HAS(v, {"hashes", 1}, {"missing", 1}, {"runs", 4});
    says(v, "one hash of the file written to {out} over its cells, and 1 of 5 runs left no file "
            "at {out}: its output depends on");
    verdictFree(&l);
}

/* grad's same copy (10 ms, slowest run 12 ms, no major faults) and its
 * evicted copy at evicted_ms with 50 major faults. */
static void coldCell(double evicted_ms) {
    summaryGroup *same = group(0, "idle", 1), *ev = group(1, "idle", 1);
    same->key.copy = "same", ev->key.copy = "evicted";
    same->whole_tool = ev->whole_tool = "hyperfine";
    same->whole_median_ms = 10, same->whole_max_ms = 12;
    same->whole_majflt = 0, same->whole_minflt = 100;
    ev->whole_median_ms = evicted_ms, ev->whole_max_ms = evicted_ms;
    ev->whole_majflt = 50, ev->whole_minflt = 120;
}

/* cold-start: a WARN at or above --cold-same 2 x the same copy, a NOTE below. */
static void coldStartAtAndBelowItsThreshold(void **state) {
    (void)state;
    verdictList l;
    coldCell(20);
    const verdict *v = found(2, &l, "cold-start", VERDICT_WARN);
    assert_int_equal(v->parts, SUMMARY_K_ALL & ~SUMMARY_K_COPY);
    assert_string_equal(v->subject, "grad n=1000, width 1, wait block, idle");
    HAS(v, {"same_ms", 10}, {"evicted_ms", 20});
    assert_true(isnan(figure(v, "fresh_ms")));
    HAS(v, {"slowest_over_same", 2}, {"evicted_majflt", 50}, {"evicted_slow", 1},
        {"evicted_more_majflt", 1}, {"same_max_ms", 12});
    assert_string_equal(note(v, "slowest"), "evicted");
    assert_string_equal(note(v, "whole_tool"), "hyperfine");
    says(v,
         "whole process median (%s) same %.3f ms, evicted %.3f ms (+10.000 ms, 2.0x); slowest "
         "%s = %.1fx same (>= %g)",
         note(v, "whole_tool"), figure(v, "same_ms"), figure(v, "evicted_ms"), note(v, "slowest"),
         figure(v, "slowest_over_same"), figure(v, "threshold"));
    says(v, "page faults major/minor of the whole process (GNU time): same %g/%g, evicted %g/%g",
         figure(v, "same_whole_majflt"), figure(v, "same_whole_minflt"),
         figure(v, "evicted_whole_majflt"), figure(v, "evicted_whole_minflt"));
    says(v,
         "the extra 10.000 ms of the evicted copy come with %g major page faults (same copy: "
         "0): the binary",
         figure(v, "evicted_majflt"));
    says(v, ". A whole-process time is a cold or a warm start");
    verdictFree(&l);

    coldCell(19.9); /* 1.99x: a NOTE */
    v = found(2, &l, "cold-start", VERDICT_NOTE);
    assert_float_equal(figure(v, "slowest_over_same"), 1.99, 1e-12);
    says(v, "slowest evicted = 2.0x same (< 2)");
    assert_null(strstr(v->finding, "A whole-process time"));
    verdictFree(&l);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(firstRunAtAndBelowItsThreshold),
        cmocka_unit_test(aSentenceIsSaidFromTheVerdictsFiguresAlone),
        cmocka_unit_test(spreadAtAndBelowItsThreshold),
        cmocka_unit_test(noWaitAtAndBelowItsThreshold),
        cmocka_unit_test(bitwiseSameOrChecksumDiffers),
        cmocka_unit_test(contentionAtAndBelowItsThreshold),
        cmocka_unit_test(reorderingTheChecksChangesNoVerdict),
        cmocka_unit_test(aCheckNamesTheChecksItReads),
        cmocka_unit_test(bimodalAtAndBelowItsThreshold),
        cmocka_unit_test(placementWarnsOnASlowProcessAndNotesNone),
        cmocka_unit_test(checksumDiffersWithinAGroup),
        cmocka_unit_test(outputDiffersOrBitwiseSame),
        cmocka_unit_test(bitwiseSameSaysOnlyTheCellsThatExist),
        cmocka_unit_test(emptyOutputIsNotCheckedNotBitwiseSame),
        cmocka_unit_test(aMissingFileIsNoHash),
        cmocka_unit_test(coldStartAtAndBelowItsThreshold),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
