/* test_linalg.c -- svdvals gives back a known spectrum; the full SVD
 * reconstructs its input; seeded matrices are reproducible; OpenBLAS reports
 * its build. */
#include <lapacke.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "engine/linalg.h"

/* An n x n orthogonal Q from the QR factorisation of a seeded matrix. */
static void orthogonal(double *q, int n, uint64_t seed) {
    double *tau = malloc((size_t)n * sizeof(double));
    linalgSeededMatrix(q, (size_t)n, (size_t)n, seed);
    assert_int_equal(LAPACKE_dgeqrf(LAPACK_ROW_MAJOR, n, n, q, n, tau), 0);
    assert_int_equal(LAPACKE_dorgqr(LAPACK_ROW_MAJOR, n, n, n, q, n, tau), 0);
    free(tau);
}

static void svdvalsReturnsAKnownSpectrum(void **state) {
    (void)state;
    const int n = 256; /* the size p28_timing times */
    size_t nn = (size_t)n * n;
    double *q1 = malloc(nn * sizeof(double)), *q2 = malloc(nn * sizeof(double));
    double *t = calloc(nn, sizeof(double)), *a = calloc(nn, sizeof(double));
    double *sigma = malloc((size_t)n * sizeof(double)), *s = malloc((size_t)n * sizeof(double));
    orthogonal(q1, n, 1);
    orthogonal(q2, n, 2);
    /* Descending, 10 .. ~0.8: a spread within which 1e-12 relative is what
     * a backward-stable SVD can promise for every value. */
    for (int i = 0; i < n; i++) sigma[i] = 10.0 * pow(0.99, i);
    /* a = Q1 diag(sigma) Q2^T */
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) t[(size_t)i * n + j] = q1[(size_t)i * n + j] * sigma[j];
    linalgGemm(0, 1, n, n, n, 1.0, t, n, q2, n, 0.0, a, n);
    for (int th = 1; th <= 2; th++) {
        double *work = malloc(nn * sizeof(double));
        memcpy(work, a, nn * sizeof(double));
        linalgSetThreads(th);
        assert_int_equal(linalgSvdvals(work, n, n, s), 0);
        for (int i = 0; i < n; i++) {
            if (fabs(s[i] - sigma[i]) > 1e-12 * sigma[i])
                fail_msg("s[%d] = %.17g, want %.17g", i, s[i], sigma[i]);
        }
        free(work);
    }
    linalgSetThreads(1);
    free(q1);
    free(q2);
    free(t);
    free(a);
    free(sigma);
    free(s);
}

static void fullSvdReconstructsItsInput(void **state) {
    (void)state;
    const int n = 16;
    double a[16 * 16], orig[16 * 16], u[16 * 16], vt[16 * 16], us[16 * 16], back[16 * 16], s[16];
    linalgSeededMatrix(orig, n, n, 7);
    memcpy(a, orig, sizeof a);
    assert_int_equal(linalgSvd(a, n, u, s, vt), 0);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) us[i * n + j] = u[i * n + j] * s[j];
    linalgGemm(0, 0, n, n, n, 1.0, us, n, vt, n, 0.0, back, n);
    for (int i = 0; i < n * n; i++) assert_true(fabs(back[i] - orig[i]) < 1e-13);
    for (int i = 1; i < n; i++) assert_true(s[i] <= s[i - 1]);
}

static void seededMatrixIsReproducibleAndInRange(void **state) {
    (void)state;
    double a[1000], b[1000];
    linalgSeededMatrix(a, 10, 100, 256);
    linalgSeededMatrix(b, 10, 100, 256);
    assert_memory_equal(a, b, sizeof a);
    for (int i = 0; i < 1000; i++) assert_true(a[i] >= -1.0 && a[i] < 1.0);
    linalgSeededMatrix(b, 10, 100, 257);
    assert_memory_not_equal(a, b, sizeof a);
}

static void openblasReportsItsBuild(void **state) {
    (void)state;
    assert_non_null(strstr(linalgConfig(), "OpenBLAS"));
    assert_true(strlen(linalgCorename()) > 0);
    assert_string_not_equal(linalgParallel(), "unknown");
    linalgSetThreads(2);
    assert_int_equal(linalgThreads(), 2);
    linalgSetThreads(1);
    assert_int_equal(linalgThreads(), 1);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(svdvalsReturnsAKnownSpectrum),
        cmocka_unit_test(fullSvdReconstructsItsInput),
        cmocka_unit_test(seededMatrixIsReproducibleAndInRange),
        cmocka_unit_test(openblasReportsItsBuild),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
