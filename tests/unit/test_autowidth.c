/* test_autowidth.c -- --width auto's decision (src/autowidth.c): the rule
 * never leaves 1..min(cap, available), the snapshots in
 * tests/fixtures/sysroot (COLDLOAD_SYSROOT) give the expected widths (idle,
 * half-busy, fully busy, a cpu.max of 1 CPU, v1 and nested quotas, affinity
 * and online lists), --width parses auto, auto:N and N, a series whose
 * machine state changes between calls changes its width, row by row, and
 * says so; a decision serves the calls of its keep time, and a call's size
 * limits its width. Run from the repository root (make unit does). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "engine/autowidth.h"
#include "bench/bench.h"
#include "engine/pool.h"
#include "engine/program.h"

#define FIXTURES "tests/fixtures/sysroot/"

static void useFixture(const char *name) {
    if (!name) {
        unsetenv("COLDLOAD_SYSROOT");
        return;
    }
    char dir[256];
    snprintf(dir, sizeof dir, FIXTURES "%s", name);
    setenv("COLDLOAD_SYSROOT", dir, 1);
}

static void ruleStaysWithinBounds(void **state) {
    (void)state;
    for (int cap = 1; cap <= 9; cap++)
        for (int avail = 1; avail <= 9; avail++)
            for (int busy = 0; busy <= 12; busy++) {
                int w = autowChoose(cap, avail, busy);
                assert_true(w >= 1);
                assert_true(w <= cap);
                assert_true(w <= avail);
                if (busy < avail && avail - busy <= cap) assert_int_equal(w, avail - busy);
            }
}

typedef struct fixtureCase {
    const char *name;
    int available, cgroup, busy, width_cap8, width_cap2;
} fixtureCase;

static const fixtureCase cases[] = {
    {"idle", 4, 0, 0, 4, 2},      {"half", 4, 0, 2, 2, 2},   {"full", 4, 0, 4, 1, 1},
    {"overfull", 4, 0, 8, 1, 1},  {"quota1", 1, 1, 0, 1, 1}, {"spinning", 4, 0, 0, 4, 2},
    {"narrow", 2, 0, 0, 2, 2},    {"nested", 3, 3, 0, 3, 2}, {"v1", 1, 1, 0, 1, 1},
    {"container", 2, 2, 0, 2, 2},
};

static void fixturesGiveTheExpectedWidths(void **state) {
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const fixtureCase *c = &cases[i];
        useFixture(c->name);
        autowDecision d;
        autowDecide(8, &d);
        print_message("%-10s available %d cgroup %d busy %d -> width %d\n", c->name, d.available,
                      d.cgroup, d.busy, d.width);
        assert_int_equal(d.available, c->available);
        assert_int_equal(d.cgroup, c->cgroup);
        assert_int_equal(d.busy, c->busy);
        assert_int_equal(d.width, c->width_cap8);
        autowDecide(2, &d);
        assert_int_equal(d.width, c->width_cap2);
        /* Never above the cgroup's CPUs, the affinity list or the cap; never 0. */
        for (int cap = 1; cap <= 8; cap++) {
            autowDecide(cap, &d);
            assert_true(d.width >= 1 && d.width <= cap && d.width <= d.available);
            if (d.cgroup > 0) assert_true(d.width <= d.cgroup);
        }
    }
    useFixture(NULL);
}

/* auto's cap is the available CPUs when the binary starts. */
static void autoResolvesItsCapFromTheMachine(void **state) {
    (void)state;
    autowReq r;
    useFixture("idle");
    assert_int_equal(autowParse("auto", POOL_MAX_WIDTH, &r), 0);
    autowResolve(&r);
    assert_int_equal(r.cap, 4);
    useFixture("quota1");
    assert_int_equal(autowParse("auto", POOL_MAX_WIDTH, &r), 0);
    autowResolve(&r);
    assert_int_equal(r.cap, 1);
    assert_int_equal(autowParse("auto:6", POOL_MAX_WIDTH, &r), 0);
    autowResolve(&r); /* auto:N keeps N, even above the machine */
    assert_int_equal(r.cap, 6);
    useFixture(NULL);
}

/* A missing root reads nothing: at least one CPU, nothing busy. */
static void missingFilesStillGiveOne(void **state) {
    (void)state;
    setenv("COLDLOAD_SYSROOT", FIXTURES "no-such-dir", 1);
    autowDecision d;
    autowDecide(4, &d);
    assert_true(d.available >= 1);
    assert_true(d.width >= 1 && d.width <= 4);
    useFixture(NULL);
}

/* The real machine: within bounds, and the window is short. */
static void realMachineWithinBounds(void **state) {
    (void)state;
    useFixture(NULL);
    autowDecision d;
    autowDecide(POOL_MAX_WIDTH, &d);
    assert_true(d.width >= 1 && d.width <= d.available);
}

static void parseAcceptsAutoAutoNAndN(void **state) {
    (void)state;
    autowReq r;
    assert_int_equal(autowParse("auto", 256, &r), 0);
    assert_true(r.automatic && !r.given && r.tune);
    assert_string_equal(r.text, "auto");
    assert_int_equal(autowParse("auto:3", 256, &r), 0);
    assert_true(r.automatic && r.given);
    assert_int_equal(r.cap, 3);
    assert_string_equal(r.text, "auto:3");
    assert_int_equal(autowParse("7", 256, &r), 0);
    assert_false(r.automatic || r.tune);
    assert_int_equal(r.cap, 7);
    assert_string_equal(r.text, "7");
    const char *bad[] = {"",      "0",    "257", "auto:", "auto:0", "auto:257", "auto:x",
                         "autox", "Auto", "-1",  "2x",    " 2",     "auto:+2",  "auto: 2"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(autowParse(bad[i], 256, &r), -1);
    assert_int_equal(autowParse(NULL, 256, &r), -1);
}

/* Each call flips the snapshot the next decision reads: idle (4) and full (1). */
typedef struct flipArg {
    pool *engine;
    int calls, widths[8];
} flipArg;

static int flipCall(void *arg) {
    flipArg *a = arg;
    if (a->calls < 8) a->widths[a->calls] = poolWidth(a->engine);
    a->calls++;
    useFixture(a->calls % 2 ? "full" : "idle");
    return 0;
}

/* An auto:4 series of flipCall on a width-4 pool, its decisions kept
 * keep_ms: the rule alone (--no-tune), since these cases are about it;
 * test_autotune.c has the measured choice. */
typedef struct flipRig {
    autowReq req;
    autowMemo memo;
    flipArg a;
    benchSeries s;
} flipRig;

static void flipRigInit(flipRig *g, double keep_ms) {
    memset(g, 0, sizeof *g);
    assert_int_equal(autowParse("auto:4", POOL_MAX_WIDTH, &g->req), 0);
    g->req.tune = 0;
    g->a.engine = poolCreate(4, POOL_WAIT_BLOCK);
    assert_non_null(g->a.engine);
    autowMemoInit(&g->memo, keep_ms);
    g->s = (benchSeries){.workload = "t",
                         .params = "",
                         .wait = "block",
                         .width = 4,
                         .req = &g->req,
                         .engine = g->a.engine,
                         .memo = &g->memo};
    useFixture("idle");
}

/* benchAutoTail's text into buf. */
static void tailOf(const flipRig *g, const benchResult *r, char *buf, size_t n) {
    FILE *f = fmemopen(buf, n, "w");
    assert_non_null(f);
    benchAutoTail(f, &g->s, r);
    fclose(f);
}

static void widthChangesBetweenCallsAndSaysSo(void **state) {
    (void)state;
    flipRig g;
    flipRigInit(&g, 0); /* decide before every call */
    flipArg a = g.a;
    benchResult r;
    assert_int_equal(benchRun(&g.s, flipCall, &a, 3, &r), 0);
    /* first (idle: 4), steady 1 (full: 1), steady 2 (idle: 4), steady 3 (full: 1) */
    int want[4] = {4, 1, 4, 1};
    for (int i = 0; i < 4; i++) assert_int_equal(a.widths[i], want[i]);
    assert_int_equal(r.width_min, 1);
    assert_int_equal(r.width_max, 4);
    /* a decision's cost is a speed (make bench); here only that it was timed */
    assert_true(r.decide_ms > 0);
    assert_true(r.decide_ms < 60e3);
    assert_int_equal(r.decisions, 4);
    assert_int_equal(r.calls, 4);
    char label[64], tail[256];
    benchWidthLabel(&g.s, &r, label, sizeof label);
    assert_string_equal(label, "auto:4\u21921..4");
    tailOf(&g, &r, tail, sizeof tail);
    assert_non_null(strstr(tail, "[width changed between calls: 1..4]"));
    assert_non_null(strstr(tail, "[auto: 4 decisions for 4 calls, "));
    assert_non_null(strstr(tail, " ms a decision]"));
    poolDelete(g.a.engine);
    useFixture(NULL);
}

/* Within its keep time a decision serves every call, whatever the machine
 * does meanwhile: the flipping snapshot is not read again. */
static void decisionServesItsKeepTime(void **state) {
    (void)state;
    flipRig g;
    flipRigInit(&g, 60e3); /* a minute: no test call outlives it */
    flipArg a = g.a;
    benchResult r;
    assert_int_equal(benchRun(&g.s, flipCall, &a, 3, &r), 0);
    for (int i = 0; i < 4; i++) assert_int_equal(a.widths[i], 4);
    assert_int_equal(r.decisions, 1);
    assert_int_equal(r.calls, 4);
    assert_int_equal(g.memo.decisions, 1);
    /* A second series on the same memo makes none, and says so. */
    a.calls = 0;
    assert_int_equal(benchRun(&g.s, flipCall, &a, 1, &r), 0);
    assert_int_equal(r.decisions, 0);
    assert_int_equal(g.memo.decisions, 1);
    char tail[256];
    tailOf(&g, &r, tail, sizeof tail);
    assert_non_null(strstr(tail, "[auto: 0 decisions for 2 calls, "));
    /* Another cap is another decision. */
    int w;
    assert_int_equal(autowMemoWidth(&g.memo, 2, 0, &w), 1);
    assert_int_equal(w, 2);
    assert_int_equal(autowMemoWidth(&g.memo, 2, 0, &w), 0);
    poolDelete(g.a.engine);
    useFixture(NULL);
}

/* A decision made before a benchOnce call (grad's prepare) serves the series
 * after it, and that series' line counts it. */
static void onceDecisionCountsForTheNextSeries(void **state) {
    (void)state;
    flipRig g;
    flipRigInit(&g, 60e3);
    flipArg a = g.a;
    double ms;
    assert_int_equal(benchOnce(&g.s, "prepare", 0, flipCall, &a, &ms), 0);
    assert_int_equal(g.memo.decisions, 1);
    benchResult r;
    assert_int_equal(benchRun(&g.s, flipCall, &a, 1, &r), 0);
    assert_int_equal(g.memo.decisions, 1);
    assert_int_equal(r.decisions, 1);
    assert_int_equal(r.calls, 2);
    assert_true(r.decide_ms > 0);
    /* counted once: the next series starts from none */
    assert_int_equal(benchRun(&g.s, flipCall, &a, 1, &r), 0);
    assert_int_equal(r.decisions, 0);
    poolDelete(g.a.engine);
    useFixture(NULL);
}

/* A call that spins 1 ms at width 2 and 6 ms at any other: a tuned series
 * explores 4, 2 and 1 (the rule allows 4 idle) and then keeps to 2. */
typedef struct spinArg {
    pool *engine;
    int calls, widths[16];
} spinArg;

static int spinCall(void *arg) {
    spinArg *a = arg;
    int w = poolWidth(a->engine);
    if (a->calls < 16) a->widths[a->calls] = w;
    a->calls++;
    /* width 2 the fastest by 30x in this one run: a busy machine that stalls
     * a call for a slice or two does not turn the tuner's choice */
    double until = measureNowMs() + (w == 2 ? 1.0 : 30.0);
    while (measureNowMs() < until) {}
    return 0;
}

static void tunedSeriesKeepsItsFastestWidth(void **state) {
    (void)state;
    flipRig g;
    flipRigInit(&g, 60e3);
    g.req.tune = 1;
    spinArg a = {.engine = g.a.engine};
    benchResult r;
    assert_int_equal(benchRun(&g.s, spinCall, &a, 15, &r), 0);
    /* first: the rule's 4; then 4 2 1 three times; then 2 */
    int want[16] = {4, 4, 2, 1, 4, 2, 1, 4, 2, 1, 2, 2, 2, 2, 2, 2};
    for (int i = 0; i < 16; i++) assert_int_equal(a.widths[i], want[i]);
    assert_int_equal(r.explored, 9);
    char tail[256];
    tailOf(&g, &r, tail, sizeof tail);
    assert_non_null(strstr(tail, "[tuned: 9 of 15 steady calls explored widths]"));
    /* --no-tune: the rule's width for every call, and no tuned bracket */
    g.req.tune = 0;
    a.calls = 0;
    assert_int_equal(benchRun(&g.s, spinCall, &a, 3, &r), 0);
    for (int i = 0; i < 4; i++) assert_int_equal(a.widths[i], 4);
    tailOf(&g, &r, tail, sizeof tail);
    assert_null(strstr(tail, "[tuned"));
    poolDelete(g.a.engine);
    useFixture(NULL);
}

/* The call's limit lowers the machine's width, never raises it, never below 1. */
static void sizeLimitsTheWidth(void **state) {
    (void)state;
    assert_int_equal(autowLimit(4, 0), 4);
    assert_int_equal(autowLimit(4, 1), 1);
    assert_int_equal(autowLimit(2, 3), 2);
    assert_int_equal(autowLimit(0, 0), 1);
    useFixture("idle");
    autowMemo memo;
    autowMemoInit(&memo, 60e3);
    int w;
    autowMemoWidth(&memo, 8, 1, &w);
    assert_int_equal(w, 1);
    autowMemoWidth(&memo, 8, 3, &w); /* the kept decision (4), then the limit */
    assert_int_equal(w, 3);
    autowMemoWidth(&memo, 8, 0, &w);
    assert_int_equal(w, 4);
    useFixture(NULL);
    /* grad's program: n=1000 can use one thread, n=4*8192 four, 10^7 (1220
     * by its size) the engine's most. */
    size_t ns[] = {1000, PROG_MIN_PER_THREAD - 1, 4 * PROG_MIN_PER_THREAD, 10000000};
    int want[] = {1, 1, 4, POOL_MAX_WIDTH};
    for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
        pool *p = poolCreate(1, POOL_WAIT_BLOCK);
        prog *f = progCreate();
        assert_non_null(p);
        assert_non_null(f);
        int x = progInput(f, ns[i]);
        progSetOutput(f, progSum(f, progMul(f, progSin(f, x), progMul(f, x, x))));
        prog *g = progGrad(f);
        assert_non_null(g);
        progExec *e = progPrepare(g, p);
        assert_non_null(e);
        assert_int_equal(progUsefulWidth(e), want[i]);
        progExecDelete(e);
        progDelete(g);
        progDelete(f);
        poolDelete(p);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ruleStaysWithinBounds),
        cmocka_unit_test(fixturesGiveTheExpectedWidths),
        cmocka_unit_test(autoResolvesItsCapFromTheMachine),
        cmocka_unit_test(missingFilesStillGiveOne),
        cmocka_unit_test(realMachineWithinBounds),
        cmocka_unit_test(parseAcceptsAutoAutoNAndN),
        cmocka_unit_test(widthChangesBetweenCallsAndSaysSo),
        cmocka_unit_test(decisionServesItsKeepTime),
        cmocka_unit_test(onceDecisionCountsForTheNextSeries),
        cmocka_unit_test(sizeLimitsTheWidth),
        cmocka_unit_test(tunedSeriesKeepsItsFastestWidth),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
