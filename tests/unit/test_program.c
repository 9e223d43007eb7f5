/* test_program.c -- the traced grad program: exact against the analytic
 * gradient at every width and policy, prepare/run separation, repeatability,
 * a prepared program on a pool whose active width changes (--width auto)
 * bitwise-equal to a fresh pool of each width, and the tracing errors. */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "engine/linalg.h"
#include "engine/pool.h"
#include "engine/program.h"

enum { N = 1000 };

/* f(x) = sum(sin(x) * x^2), as p28_timing traces it. */
static prog *traceF(size_t n) {
    prog *f = progCreate();
    int x = progInput(f, n);
    progSetOutput(f, progSum(f, progMul(f, progSin(f, x), progMul(f, x, x))));
    return f;
}

static void seededX(double *x, size_t n) {
    linalgSeededMatrix(x, 1, n, 28);
    for (size_t i = 0; i < n; i++) x[i] *= 2.0;
}

/* |g - (2x sin x + x^2 cos x)| within 1e-13 of the terms' magnitude. */
static void assertAnalyticGradient(const double *x, const double *g, size_t n) {
    for (size_t i = 0; i < n; i++) {
        double a = 2.0 * x[i] * sin(x[i]), b = x[i] * x[i] * cos(x[i]);
        double scale = fabs(a) + fabs(b) + 1e-300;
        if (fabs(g[i] - (a + b)) > 1e-13 * scale)
            fail_msg("g[%zu] = %.17g, want %.17g (x = %.17g)", i, g[i], a + b, x[i]);
    }
}

static void gradMatchesAnalyticAtEveryWidthAndPolicy(void **state) {
    (void)state;
    static double x[N], g[N], first[N];
    seededX(x, N);
    prog *f = traceF(N), *gp = progGrad(f);
    assert_non_null(gp);
    const poolWait ws[] = {POOL_WAIT_SPIN, POOL_WAIT_YIELD, POOL_WAIT_BLOCK};
    for (int w = 1; w <= 4; w++) {
        for (int k = 0; k < 3; k++) {
            pool *p = poolCreate(w, ws[k]);
            progExec *e = progPrepare(gp, p);
            assert_non_null(e);
            assert_int_equal(progInputLen(e), N);
            assert_int_equal(progOutputLen(e), N);
            progRun(e, x, g);
            assertAnalyticGradient(x, g, N);
            /* Elementwise ops only: every width gives the same bits here. */
            if (w == 1 && k == 0) memcpy(first, g, sizeof g);
            else assert_memory_equal(first, g, sizeof g);
            progExecDelete(e);
            poolDelete(p);
        }
    }
    progDelete(gp);
    progDelete(f);
}

static void repeatedRunsGiveIdenticalBits(void **state) {
    (void)state;
    static double x[N], g1[N], g2[N];
    seededX(x, N);
    prog *f = traceF(N), *gp = progGrad(f);
    pool *p = poolCreate(2, POOL_WAIT_BLOCK);
    progExec *e = progPrepare(gp, p);
    progRun(e, x, g1);
    for (int i = 0; i < 50; i++) {
        progRun(e, x, g2);
        assert_memory_equal(g1, g2, sizeof g1);
    }
    progExecDelete(e);
    poolDelete(p);
    progDelete(gp);
    progDelete(f);
}

/* The program is prepared once on a pool of cap 4 and run at active widths
 * 4, 1, 3, 2, 1...: each run's gradient (its sum reduces by chunks, so the
 * width shows in the bits of sum-dependent programs) equals a fresh pool's. */
static void activeWidthChangeMatchesAFreshPool(void **state) {
    (void)state;
    static double x[N], g[N], fresh[5][N];
    seededX(x, N);
    /* d/dx of sum(x)^2 is 2 sum(x) everywhere: the reduction's bits show. */
    prog *f = progCreate();
    int in = progInput(f, N), s = progSum(f, in);
    progSetOutput(f, progMul(f, s, s));
    prog *gp = progGrad(f);
    assert_non_null(gp);
    for (int w = 1; w <= 4; w++) {
        pool *p = poolCreate(w, POOL_WAIT_BLOCK);
        progExec *e = progPrepare(gp, p);
        assert_non_null(e);
        progRun(e, x, fresh[w]);
        progExecDelete(e);
        poolDelete(p);
    }
    pool *p = poolCreate(4, POOL_WAIT_YIELD);
    progExec *e = progPrepare(gp, p);
    assert_non_null(e);
    static const int seq[] = {4, 1, 3, 2, 1, 4, 2};
    for (size_t i = 0; i < sizeof seq / sizeof seq[0]; i++) {
        assert_int_equal(poolSetActive(p, seq[i]), 0);
        progRun(e, x, g);
        assert_memory_equal(g, fresh[seq[i]], sizeof g);
    }
    progExecDelete(e);
    poolDelete(p);
    progDelete(gp);
    progDelete(f);
}

/* The asynchronous run gives the synchronous run's bits, at every width. */
static void submitThenWaitEqualsRun(void **state) {
    (void)state;
    static double x[N], g1[N], g2[N];
    seededX(x, N);
    prog *f = traceF(N), *gp = progGrad(f);
    for (int w = 1; w <= 4; w++) {
        pool *p = poolCreate(w, POOL_WAIT_BLOCK);
        progExec *e = progPrepare(gp, p);
        progRun(e, x, g1);
        for (int i = 0; i < 20; i++) {
            memset(g2, 0, sizeof g2);
            assert_int_equal(progSubmit(e, x, g2), 0);
            progWait(e);
            assert_memory_equal(g1, g2, sizeof g1);
        }
        assert_int_equal(progSubmit(e, x, g2), 0);
        progExecDelete(e); /* with a run pending: waits for it */
        poolDelete(p);
    }
    progDelete(gp);
    progDelete(f);
}

/* One prepared program serves new inputs: run reads its input each time,
 * and deleting the traced programs after prepare leaves it working. */
static void preparedProgramOutlivesTraceAndTakesNewInputs(void **state) {
    (void)state;
    double x[5] = {0.0, 1.0, -1.5, 2.0, 3.0}, g[5];
    prog *f = traceF(5), *gp = progGrad(f);
    pool *p = poolCreate(1, POOL_WAIT_BLOCK);
    progExec *e = progPrepare(gp, p);
    progDelete(gp);
    progDelete(f);
    progRun(e, x, g);
    assertAnalyticGradient(x, g, 5);
    for (int i = 0; i < 5; i++) x[i] = -x[i] + 0.25;
    progRun(e, x, g);
    assertAnalyticGradient(x, g, 5);
    progExecDelete(e);
    poolDelete(p);
}

/* Dead nodes are dropped and dead buffers reused: the prepared gradient
 * program runs fewer steps than it has nodes and needs fewer buffers. */
static void prepareDropsDeadNodesAndReusesBuffers(void **state) {
    (void)state;
    prog *f = traceF(N), *gp = progGrad(f);
    pool *p = poolCreate(1, POOL_WAIT_BLOCK);
    progExec *e = progPrepare(gp, p);
    int nodes = progSize(gp);
    assert_true(progExecSteps(e) < nodes - 1);
    assert_true(progExecDoubles(e) < (size_t)(nodes - 1) * N);
    progExecDelete(e);
    poolDelete(p);
    progDelete(gp);
    progDelete(f);
}

static void everyOpDifferentiatesCorrectly(void **state) {
    (void)state;
    /* f(x) = sum(cos(2.5 x) + broadcast(S) * x) with S = sum(x), i.e.
     * sum(cos(2.5 x)) + S^2, so df/dx_i = -2.5 sin(2.5 x_i) + 2 S. Uses every
     * op: input, scale, cos, sum, broadcast, mul, add (and fill as seed). */
    double x[4] = {0.1, -0.7, 1.3, 2.2}, g[4], s = 0.0;
    for (int i = 0; i < 4; i++) s += x[i];
    prog *f = progCreate();
    int in = progInput(f, 4);
    int c = progCos(f, progScale(f, in, 2.5));
    int b = progMul(f, progBroadcast(f, progSum(f, in), 4), in);
    progSetOutput(f, progSum(f, progAdd(f, c, b)));
    prog *gp = progGrad(f);
    assert_non_null(gp);
    pool *p = poolCreate(3, POOL_WAIT_YIELD);
    progExec *e = progPrepare(gp, p);
    progRun(e, x, g);
    for (int i = 0; i < 4; i++)
        assert_true(fabs(g[i] - (-2.5 * sin(2.5 * x[i]) + 2.0 * s)) < 1e-14);
    progExecDelete(e);
    poolDelete(p);
    progDelete(gp);
    progDelete(f);
}

static void tracingErrorsAreSticky(void **state) {
    (void)state;
    prog *f = progCreate();
    int x = progInput(f, 3);
    assert_int_equal(progInput(f, 3), -1); /* a second input */
    assert_int_equal(progSize(f), -1);
    assert_int_equal(progSin(f, x), -1); /* poisoned from now on */
    progDelete(f);

    f = progCreate();
    x = progInput(f, 3);
    int y = progFill(f, 1.0, 4);
    assert_int_equal(progMul(f, x, y), -1); /* lengths differ */
    progDelete(f);

    f = progCreate();
    x = progInput(f, 3);
    assert_int_equal(progSin(f, 42), -1); /* no such node */
    progDelete(f);

    f = progCreate();
    x = progInput(f, 3);
    progSetOutput(f, progSin(f, x));
    assert_null(progGrad(f)); /* output is not a scalar */
    progDelete(f);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(gradMatchesAnalyticAtEveryWidthAndPolicy),
        cmocka_unit_test(repeatedRunsGiveIdenticalBits),
        cmocka_unit_test(activeWidthChangeMatchesAFreshPool),
        cmocka_unit_test(submitThenWaitEqualsRun),
        cmocka_unit_test(preparedProgramOutlivesTraceAndTakesNewInputs),
        cmocka_unit_test(prepareDropsDeadNodesAndReusesBuffers),
        cmocka_unit_test(everyOpDifferentiatesCorrectly),
        cmocka_unit_test(tracingErrorsAreSticky),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
