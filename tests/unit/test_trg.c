/* test_trg.c -- the TRG workload: ln Z/N and its AD derivative against the
 * exact solution (chi 16, 20 steps), the AD derivative against a central
 * finite difference of the program's own ln Z/N, bitwise determinism over
 * repeats and wait policies, agreement across widths, a pool narrowed and
 * widened between calls (--width auto) bitwise-equal to a fresh pool of each
 * width, and bad arguments. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "engine/linalg.h"
#include "workloads/onsager.h"
#include "engine/pool.h"
#include "workloads/trg.h"

static void assertRel(double got, double want, double tol, const char *what, double beta) {
    double rel = fabs(got - want) / fabs(want);
    if (!(rel <= tol))
        fail_msg("%s at beta=%g: got %.15g, want %.15g (rel %.3g > %.3g)", what, beta, got, want,
                 rel, tol);
}

/* A TRG context on a fresh engine of width w (OpenBLAS at the same width). */
typedef struct fixture {
    pool *p;
    trg *t;
} fixture;

static fixture fixtureOpen(int width, poolWait wait, int chi, int steps) {
    fixture f;
    linalgSetThreads(width);
    f.p = poolCreate(width, wait);
    assert_non_null(f.p);
    f.t = trgCreate(f.p, chi, steps);
    assert_non_null(f.t);
    return f;
}

static void fixtureClose(fixture *f) {
    trgDelete(f->t);
    poolDelete(f->p);
    linalgSetThreads(1);
}

static void valueAndGrad(trg *t, double beta, double *v, double *d) {
    assert_int_equal(trgRun(t, beta, v, d), 0);
    assert_true(isfinite(*v) && isfinite(*d));
}

/* The default size against Onsager's exact answer: chi 16, 20 steps (2^20 sites) at the page's four betas. */
static void matchesOnsagerAtDefaultSize(void **state) {
    (void)state;
    static const double betas[] = {0.3, 0.4, 0.5, 0.6};
    fixture f = fixtureOpen(1, POOL_WAIT_BLOCK, 16, 20);
    for (size_t i = 0; i < 4; i++) {
        double v, d, b = betas[i];
        valueAndGrad(f.t, b, &v, &d);
        assertRel(v, onsagerLnZ(b), 1e-6, "ln Z/N", b);
        assertRel(d, -onsagerEnergy(b), 2e-4, "d(ln Z/N)/d(beta) vs -u", b);
        trgStats s = trgLastStats(f.t);
        assert_int_equal(s.svd_calls, 2 * 20);
        assert_true(s.svd_ms > 0.0);
    }
    fixtureClose(&f);
}

static double centralDifference(trg *t, double beta, double h) {
    double vp, vm;
    assert_int_equal(trgRun(t, beta + h, &vp, NULL), 0);
    assert_int_equal(trgRun(t, beta - h, &vm, NULL), 0);
    return (vp - vm) / (2.0 * h);
}

/* At chi 4 the truncation cuts through (near-)degenerate singular values,
 * so this checks the broadened SVD derivative, the coupling to the dropped
 * columns included, below and above beta_c. */
static void adMatchesFiniteDifference(void **state) {
    (void)state;
    static const double betas[] = {0.35, 0.55};
    static const int chis[] = {4, 16};
    for (size_t c = 0; c < 2; c++) {
        fixture f = fixtureOpen(1, POOL_WAIT_BLOCK, chis[c], 6);
        for (size_t i = 0; i < 2; i++) {
            double v, d, b = betas[i];
            valueAndGrad(f.t, b, &v, &d);
            assertRel(d, centralDifference(f.t, b, 1e-5), 1e-6, "AD vs finite difference", b);
        }
        fixtureClose(&f);
    }
}

/* The comparison above can fail: over-broadening (eps 1e-2 zeroes the terms
 * of every pair closer than ~0.1) gives a derivative off by more than 1e-6. */
static void finiteDifferenceCatchesAWrongDerivative(void **state) {
    (void)state;
    fixture f = fixtureOpen(1, POOL_WAIT_BLOCK, 4, 6);
    trgSetEps(f.t, 1e-2);
    double v, d, b = 0.35;
    valueAndGrad(f.t, b, &v, &d);
    double fd = centralDifference(f.t, b, 1e-5);
    assert_true(fabs(d - fd) / fabs(fd) > 1e-6);
    fixtureClose(&f);
}

/* The value path must not depend on whether tangents are carried. */
static void valueOnlyGivesTheSameValue(void **state) {
    (void)state;
    fixture f = fixtureOpen(1, POOL_WAIT_BLOCK, 8, 10);
    double v, d, v0;
    valueAndGrad(f.t, 0.45, &v, &d);
    assert_int_equal(trgRun(f.t, 0.45, &v0, NULL), 0);
    assert_memory_equal(&v, &v0, sizeof v);
    fixtureClose(&f);
}

/* Width 2: repeats and all three wait policies give the same bits. */
static void bitwiseDeterministicOverRepeatsAndPolicies(void **state) {
    (void)state;
    static const poolWait policies[] = {POOL_WAIT_SPIN, POOL_WAIT_YIELD, POOL_WAIT_BLOCK};
    double ref[2] = {0, 0};
    for (size_t k = 0; k < 3; k++) {
        fixture f = fixtureOpen(2, policies[k], 16, 8);
        for (int rep = 0; rep < 2; rep++) {
            double got[2];
            valueAndGrad(f.t, 0.42, &got[0], &got[1]);
            if (k == 0 && rep == 0) memcpy(ref, got, sizeof ref);
            if (memcmp(ref, got, sizeof ref) != 0)
                fail_msg("wait %s, repeat %d: %.17g %.17g differs from %.17g %.17g",
                         poolWaitName(policies[k]), rep, got[0], got[1], ref[0], ref[1]);
        }
        fixtureClose(&f);
    }
}

static void widthsOneAndTwoAgree(void **state) {
    (void)state;
    static const double betas[] = {0.4, 0.5};
    double r[2][2][2]; /* width, beta, value/deriv */
    for (int w = 1; w <= 2; w++) {
        fixture f = fixtureOpen(w, POOL_WAIT_BLOCK, 16, 12);
        for (int i = 0; i < 2; i++) valueAndGrad(f.t, betas[i], &r[w - 1][i][0], &r[w - 1][i][1]);
        fixtureClose(&f);
    }
    for (int i = 0; i < 2; i++) {
        assertRel(r[1][i][0], r[0][i][0], 1e-10, "width 2 vs 1 value", betas[i]);
        assertRel(r[1][i][1], r[0][i][1], 1e-10, "width 2 vs 1 derivative", betas[i]);
    }
}

/* --width auto: one TRG context on a pool of cap 3 whose active width (and
 * OpenBLAS's) changes between calls gives, per call, the bits of a fresh
 * pool of that width. */
static void activeWidthChangeMatchesAFreshPool(void **state) {
    (void)state;
    double fresh[4][2];
    for (int w = 1; w <= 3; w++) {
        fixture f = fixtureOpen(w, POOL_WAIT_BLOCK, 8, 8);
        valueAndGrad(f.t, 0.44, &fresh[w][0], &fresh[w][1]);
        fixtureClose(&f);
    }
    fixture f = fixtureOpen(3, POOL_WAIT_BLOCK, 8, 8);
    static const int seq[] = {1, 3, 2, 1, 3, 3, 2};
    for (size_t i = 0; i < sizeof seq / sizeof seq[0]; i++) {
        int w = seq[i];
        assert_int_equal(poolSetActive(f.p, w), 0);
        linalgSetThreads(w);
        double got[2];
        valueAndGrad(f.t, 0.44, &got[0], &got[1]);
        if (memcmp(got, fresh[w], sizeof got) != 0)
            fail_msg("call %zu at width %d: %.17g %.17g, a fresh pool gives %.17g %.17g", i, w,
                     got[0], got[1], fresh[w][0], fresh[w][1]);
    }
    fixtureClose(&f);
}

static void badArgumentsAreRefused(void **state) {
    (void)state;
    pool *p = poolCreate(1, POOL_WAIT_BLOCK);
    assert_non_null(p);
    static const int bad[][2] = {{1, 20}, {65, 20}, {16, 0}, {16, 41}, {-3, 5}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        errno = 0;
        assert_null(trgCreate(p, bad[i][0], bad[i][1]));
        assert_int_equal(errno, EINVAL);
    }
    assert_null(trgCreate(NULL, 16, 20));
    trg *t = trgCreate(p, 2, 1);
    assert_non_null(t);
    double v = 42.0, d = 42.0;
    assert_int_equal(trgRun(t, 0.0, &v, &d), -1);
    assert_int_equal(trgRun(t, -0.3, &v, &d), -1);
    assert_int_equal(trgRun(t, NAN, &v, &d), -1);
    assert_int_equal(trgRun(t, INFINITY, &v, NULL), -1);
    assert_true(v == 42.0 && d == 42.0); /* outputs untouched on failure */
    /* The smallest sizes still work: chi 2, one step. */
    assert_int_equal(trgRun(t, 0.3, &v, &d), 0);
    assert_true(isfinite(v) && isfinite(d) && v > log(2.0));
    trgDelete(t);
    poolDelete(p);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(badArgumentsAreRefused),
        cmocka_unit_test(valueOnlyGivesTheSameValue),
        cmocka_unit_test(adMatchesFiniteDifference),
        cmocka_unit_test(finiteDifferenceCatchesAWrongDerivative),
        cmocka_unit_test(bitwiseDeterministicOverRepeatsAndPolicies),
        cmocka_unit_test(widthsOneAndTwoAgree),
        cmocka_unit_test(activeWidthChangeMatchesAFreshPool),
        cmocka_unit_test(matchesOnsagerAtDefaultSize),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
