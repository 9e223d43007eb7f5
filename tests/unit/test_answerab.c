/* test_answerab.c -- ab's answer (verdict/answerab) on results directories
 * written here run by run, each with the figures one rule reads: like with
 * like (a run waited when its run-queue wait is 10 % of its wall time or
 * more; only pairs of two runs that did not wait, where there are 8 such
 * pairs, else every pair), the A/A arm's floor when A differs from itself,
 * the rule's 1 % level, the precision at which the job is decided, and the
 * answer's sentence (doc/abdoc) where waits left too few like pairs; and
 * the chart's data (export/abchart: plots/ab.dat), block by block. */
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

#include "doc/abdoc.h"
#include "export/abchart.h"
#include "results/results.h"
#include "verdict/answerab.h"

/* the layout of a real results directory: tests/fixtures/results-threads */
#define FX "tests/fixtures/results-threads"

static char dir[64];
static FILE *runs, *samples, *whole;

/* first line of FX/name, newline stripped, into buf */
static void headerOf(const char *name, char *buf, size_t n) {
    char p[256];
    snprintf(p, sizeof p, FX "/%s", name);
    FILE *f = fopen(p, "r");
    assert_non_null(f);
    assert_non_null(fgets(buf, (int)n, f));
    buf[strcspn(buf, "\n")] = 0;
    fclose(f);
}

static FILE *create(const char *name) {
    char p[128];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    FILE *f = fopen(p, "w");
    assert_non_null(f);
    return f;
}

/* A fresh directory: meta.txt of an ab job, the columns table, the three
 * CSV headers (runs.csv with runq_wait_ms, the launcher's schedstat figure). */
static int setup(void **state) {
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/coldload-test-answerab-XXXXXX");
    if (!mkdtemp(dir)) return -1;
    char line[4096];
    FILE *in = fopen(FX "/meta.txt", "r"), *out = create("meta.txt");
    while (fgets(line, sizeof line, in))
        if (strncmp(line, "job=", 4) != 0 && strncmp(line, "threads_", 8) != 0) fputs(line, out);
    fputs("job=ab\nab_a=/opt/progs/omp 50\nab_b=/opt/progs/omp 55\nab_precision=0.03\n", out);
    fclose(in);
    fclose(out);
    in = fopen(FX "/runs-columns.tsv", "r");
    out = create("runs-columns.tsv");
    size_t k;
    while ((k = fread(line, 1, sizeof line, in)) > 0) fwrite(line, 1, k, out);
    fclose(in);
    fclose(out);
    runs = create("runs.csv");
    headerOf("runs.csv", line, sizeof line);
    fprintf(runs, "%s,runq_wait_ms\n", line);
    samples = create("samples.csv");
    headerOf("samples.csv", line, sizeof line);
    fprintf(samples, "%s\n", line);
    whole = create("whole.csv");
    headerOf("whole.csv", line, sizeof line);
    fprintf(whole, "%s\n", line);
    return 0;
}

static int teardown(void **state) {
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    return system(cmd) == 0 ? 0 : -1;
}

/* One run of side (A, B or A2) in block p: ms its time, runq its threads'
 * run-queue wait (ms; < 0: not measured), as ab.sh writes it without --widths. */
static void abrun(const char *side, int p, double ms, double runq) {
    static int id;
    const char *cmd = strcmp(side, "B") == 0 ? "/opt/progs/omp 55" : "/opt/progs/omp 50";
    char q[32] = "";
    if (runq >= 0) snprintf(q, sizeof q, "%.3f", runq);
    id++;
    fprintf(runs,
            "2026-12-03T16:56:39.743Z,vm,1796316999%d-%d,%s,%s,,default,ok,0,0,%.3f,%.3f,0.000,"
            "1788,102,0,1,7,0;1,2,2,0,7,,0,f6c74cffb262ad73,11,6,0.490,ab,idle,0,inplace,none,%d,"
            "%s\n",
            id, p, side, cmd, ms, ms, p, q);
    fprintf(samples,
            "2026-12-03T16:56:39.743Z,vm,1796316999%d-%d,%s,%s,0,,steady,1,%.3f,102,0,1,7,0.79,1,"
            "f6c74cffb262ad73,0,,0;1,0,default,ab,idle,0,inplace,none,%d\n",
            id, p, side, cmd, ms, p);
    fprintf(whole,
            "2026-12-03T16:56:39.746Z,vm,ab,idle,0,inplace,%s,%s,,,coldload-run,ok,%d,%.3f,%.3f,"
            "0.000,102,0,0,none,%d\n",
            side, cmd, p, ms, ms, p);
}

/* The directory written so far, loaded into x (resultsFree it). */
static void loadDir(results *x) {
    fclose(runs);
    fclose(samples);
    fclose(whole);
    verdictThresholds t;
    verdictDefaults(&t);
    const resultsOptions o = {NULL, NULL, 0};
    char err[512] = "";
    int rc = resultsLoad(x, dir, &t, &o, err, sizeof err);
    if (rc != RESULTS_OK) fail_msg("resultsLoad: %s", err);
}

/* The directory's one answer (no widths), at precision. */
static void answerOf(double precision, answerAb *r) {
    results x;
    loadDir(&x);
    assert_int_equal(answerAbCompute(&x.s, 0, precision, r), 0);
    resultsFree(&x);
}

/* block p's A time: 30-34 ms, a spread the pairs' ratio does not see */
static double aOf(int p) { return 30 + p % 5; }
/* a ratio's jitter in block p: +-0.2 %, either way in turn */
static double jit(int p) { return p % 2 ? 1.002 : 0.998; }

/* 12 blocks, B 1.10x A. In blocks 1-3 B's run waited for a CPU (8 ms of
 * run-queue wait in 80 ms: 10 % of its wall time, the rule's bound exactly)
 * and took over twice as long; in blocks 4-6 B waited 9 % of its wall
 * (under the bound: it did not wait). Like with like: the 9 pairs of runs
 * that did not wait. */
static void onlyPairsOfRunsThatDidNotWaitAreCompared(void **state) {
    (void)state;
    for (int p = 1; p <= 12; p++) {
        double a = aOf(p), b = a * 1.10 * jit(p);
        if (p <= 3) b = 80;
        abrun("A", p, a, 0);
        abrun("B", p, b, p <= 3 ? 8 : p <= 6 ? 0.09 * b : 0);
        abrun("A2", p, a * jit(p + 1), 0);
    }
    answerAb r;
    answerOf(0.03, &r);
    assert_int_equal(r.like, 1);
    assert_int_equal(r.pairs, 9);
    assert_int_equal(r.mixed, 3);
    assert_int_equal(r.aa_pairs, 12);
    assert_int_equal(r.side[ANSWER_AB_B].waited, 3);
    assert_int_equal(r.side[ANSWER_AB_B].nwait, 12);
    assert_true(fabs(r.ratio - 1.10) < 0.005);
    assert_int_equal(r.verdict, ANSWER_AB_SLOWER);
    /* resolved on enough like pairs: the answer says nothing of the waits */
    char *lead = abdocLead(&r, NULL);
    assert_non_null(lead);
    assert_null(strstr(lead, "waited"));
    free(lead);
}

/* 12 blocks, 5 of which have a run that waited: 7 like pairs, fewer than
 * the 8 the rule needs, so every pair is compared, none left out. */
static void underEightLikePairsEveryPairIsCompared(void **state) {
    (void)state;
    for (int p = 1; p <= 12; p++) {
        double a = aOf(p);
        abrun("A", p, a, p <= 5 ? 0.5 * a : 0);
        abrun("B", p, a * 1.10 * jit(p), 0);
        abrun("A2", p, a * jit(p + 1), 0);
    }
    answerAb r;
    answerOf(0.03, &r);
    assert_int_equal(r.like, 0);
    assert_int_equal(r.pairs, 12);
    assert_int_equal(r.mixed, 0);
    assert_int_equal(r.side[ANSWER_AB_A].waited, 5);
    assert_int_equal(r.verdict, ANSWER_AB_SLOWER);
    assert_int_equal(r.like_pairs, 7);
    assert_int_equal(r.like_of, 12);
    /* the answer says how few, that every pair was compared, and what helps */
    char *lead = abdocLead(&r, NULL);
    assert_non_null(lead);
    assert_non_null(strstr(lead, " Only 7 of the 12 pairs had two runs that did not wait -- fewer "
                                 "than the 8 like with like needs, so every pair was compared"));
    assert_non_null(strstr(lead, "5 of the 36 runs waited for a CPU"));
    assert_non_null(strstr(lead, "A smaller width (--widths 1, make ab WIDTHS=1"));
    free(lead);
}

/* 20 blocks, B's run waited in the even ones: 10 like pairs, whose B/A
 * swings 0.85-1.25 -- not resolved, the interval wider than 10 %. The
 * answer says only 10 of the 20 pairs were like with like, the runs that
 * waited, and what would give more; at width 1, a quieter machine only. */
static void tooFewLikePairsAreSaidWithWhatHelps(void **state) {
    (void)state;
    for (int p = 1; p <= 20; p++) {
        double a = aOf(p), b = a * (p % 4 == 1 ? 1.25 : 0.85);
        if (p % 2 == 0) b = 2 * a;
        abrun("A", p, a, 0);
        abrun("B", p, b, p % 2 == 0 ? 0.5 * b : 0);
        abrun("A2", p, a * jit(p + 1), 0);
    }
    answerAb r;
    answerOf(0.03, &r);
    assert_int_equal(r.like, 1);
    assert_int_equal(r.verdict, ANSWER_AB_NOT_RESOLVED);
    assert_int_equal(r.pairs, 10);
    assert_int_equal(r.mixed, 10);
    char *lead = abdocLead(&r, NULL);
    assert_non_null(lead);
    assert_non_null(strstr(lead, "Not resolved: "));
    assert_non_null(strstr(lead, " Only 10 of the 20 pairs compared like with like: 10 of the 60 "
                                 "runs waited for a CPU"));
    assert_non_null(strstr(lead, "A smaller width (--widths 1, make ab WIDTHS=1: fewer threads "
                                 "than CPUs) or a quieter machine would give more."));
    free(lead);
    r.width = 1;
    lead = abdocLead(&r, NULL);
    assert_non_null(lead);
    assert_non_null(strstr(lead, "A quieter machine would give more."));
    assert_null(strstr(lead, "smaller width"));
    free(lead);
}

/* A again 1.05x A in every block: the A/A arm differs, its 5 % the floor
 * B must clear. B 1.04x A clears 1 but not the floor: not slower. */
static void anAaArmThatDiffersIsTheFloor(void **state) {
    (void)state;
    for (int p = 1; p <= 12; p++) {
        double a = aOf(p);
        abrun("A", p, a, 0);
        abrun("B", p, a * 1.04 * jit(p), 0);
        abrun("A2", p, a * 1.05 * jit(p + 1), 0);
    }
    answerAb r;
    answerOf(0.03, &r);
    assert_int_equal(r.aa_test.verdict, DIFFER_SLOWER);
    assert_true(fabs(r.floor - 0.05) < 0.005);
    assert_int_equal(r.test.verdict, DIFFER_WITHIN);
    assert_true(r.verdict != ANSWER_AB_SLOWER);
}

/* 8 pairs, one below 1 whose size ranks 3rd: the signed-rank test's
 * two-sided p is 10/256 = 0.039 -- slower at 5 %, not at ab's 1 %. */
static const double p039[8] = {0.97, 1.01, 1.02, 1.04, 1.05, 1.06, 1.07, 1.08};

static void theRuleIsAtOnePercent(void **state) {
    (void)state;
    for (int p = 1; p <= 8; p++) {
        double a = aOf(p);
        abrun("A", p, a, 0);
        abrun("B", p, a * p039[p - 1], 0);
        abrun("A2", p, a * jit(p), 0);
    }
    answerAb r;
    answerOf(0.03, &r);
    assert_int_equal(r.pairs, 8);
    assert_true(fabs(r.test.p - 10.0 / 256) < 1e-9);
    assert_true(r.verdict != ANSWER_AB_SLOWER);
}

/* The stopping rule: decided once the interval's relative half-width is
 * within the precision asked, not before. */
static void decidedAtItsPrecision(void **state) {
    (void)state;
    for (int p = 1; p <= 8; p++) {
        double a = aOf(p);
        abrun("A", p, a, 0);
        abrun("B", p, a * 1.10 * jit(p), 0);
        abrun("A2", p, a * jit(p + 1), 0);
    }
    answerAb r;
    answerOf(0.03, &r);
    double half = fmax(r.hi / r.ratio - 1, 1 - r.lo / r.ratio);
    assert_true(half > 0);
    assert_int_equal(r.decided, 1);
    /* the same pairs asked for half that width: not decided */
    answerAb tight;
    results x;
    verdictThresholds t;
    verdictDefaults(&t);
    const resultsOptions o = {NULL, NULL, 0};
    char err[512] = "";
    assert_int_equal(resultsLoad(&x, dir, &t, &o, err, sizeof err), RESULTS_OK);
    assert_int_equal(answerAbCompute(&x.s, 0, half / 2, &tight), 0);
    assert_int_equal(tight.decided, 0);
    assert_int_equal(answerAbCompute(&x.s, 0, half, &tight), 0);
    assert_int_equal(tight.decided, 1);
    resultsFree(&x);
}

/* The chart's rows (plots/ab.dat) of blocks written last to first: in
 * block order, each block's B/A and A/A the runs' own ratios, the pairs
 * like with like left out marked, the answer's estimate, interval and A/A
 * floor on every row. B 1.10x A, A again 1.05x A (+-0.2 % in turn: the
 * arm differs, its 5 % the floor); in blocks 1-3 B's run waited for a CPU
 * (80 ms, 8 ms of it in the run queue). */
static void theChartHoldsEachBlocksRatiosInBlockOrder(void **state) {
    (void)state;
    for (int p = 12; p >= 1; p--) {
        double a = aOf(p);
        abrun("A", p, a, 0);
        abrun("B", p, p <= 3 ? 80 : a * 1.10 * jit(p), p <= 3 ? 8 : 0);
        abrun("A2", p, a * 1.05 * jit(p + 1), 0);
    }
    results x;
    loadDir(&x);
    char *text = NULL;
    size_t len = 0;
    answerAb r;
    assert_int_equal(answerAbCompute(&x.s, 0, 0.03, &r), 0);
    FILE *f = open_memstream(&text, &len);
    assert_int_equal(abchartEmit(&x.s, NULL, f), 12);
    fclose(f);
    char *line = strchr(text, '\n'); /* past the comment line */
    assert_non_null(line);
    line++;
    const char *head = "block width ba aa ba_in aa_in ratio lo hi floor_lo floor_hi aa_lo aa_hi\n";
    assert_memory_equal(line, head, strlen(head));
    line += strlen(head);
    for (int p = 1; p <= 12; p++) {
        long block;
        int width, ba_in, aa_in;
        double ba, aa, ratio, lo, hi, flo, fhi, alo, ahi;
        assert_int_equal(sscanf(line, "%ld %d %lf %lf %d %d %lf %lf %lf %lf %lf %lf %lf", &block,
                                &width, &ba, &aa, &ba_in, &aa_in, &ratio, &lo, &hi, &flo, &fhi,
                                &alo, &ahi),
                         13);
        double a = aOf(p);
        assert_int_equal(block, p);
        assert_int_equal(width, 0);
        assert_true(fabs(ba - (p <= 3 ? 80 / a : 1.10 * jit(p))) < 1e-4);
        assert_true(fabs(aa - 1.05 * jit(p + 1)) < 1e-4);
        assert_int_equal(ba_in, p > 3);
        assert_int_equal(aa_in, 1);
        assert_true(fabs(ratio - r.ratio) < 1e-5 * r.ratio);
        assert_true(fabs(lo - r.lo) < 1e-5 && fabs(hi - r.hi) < 1e-5);
        assert_true(r.floor > 0.04);
        assert_true(fabs(fhi - (1 + r.floor)) < 1e-5 && fabs(flo - 1 / (1 + r.floor)) < 1e-5);
        assert_true(fabs(alo - r.aa_lo) < 1e-5 && fabs(ahi - r.aa_hi) < 1e-5);
        line = strchr(line, '\n');
        assert_non_null(line);
        line++;
    }
    assert_string_equal(line, "");
    free(text);
    resultsFree(&x);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(onlyPairsOfRunsThatDidNotWaitAreCompared, setup, teardown),
        cmocka_unit_test_setup_teardown(underEightLikePairsEveryPairIsCompared, setup, teardown),
        cmocka_unit_test_setup_teardown(tooFewLikePairsAreSaidWithWhatHelps, setup, teardown),
        cmocka_unit_test_setup_teardown(anAaArmThatDiffersIsTheFloor, setup, teardown),
        cmocka_unit_test_setup_teardown(theRuleIsAtOnePercent, setup, teardown),
        cmocka_unit_test_setup_teardown(decidedAtItsPrecision, setup, teardown),
        cmocka_unit_test_setup_teardown(theChartHoldsEachBlocksRatiosInBlockOrder, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
