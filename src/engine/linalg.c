/* linalg.c -- OpenBLAS/LAPACKE behind coldload's names (see linalg.h). */
#include "engine/linalg.h"

#include <cblas.h>
#include <lapacke.h>
#include <stdlib.h>

#include "common/stats.h"

void linalgSetThreads(int n) { openblas_set_num_threads(n); }
int linalgThreads(void) { return openblas_get_num_threads(); }

const char *linalgConfig(void) { return openblas_get_config(); }
const char *linalgCorename(void) { return openblas_get_corename(); }

const char *linalgParallel(void) {
    switch (openblas_get_parallel()) {
    case 0: return "sequential";
    case 1: return "pthread";
    case 2: return "openmp";
    default: return "unknown";
    }
}

void linalgSeededMatrix(double *a, size_t rows, size_t cols, uint64_t seed) {
    uint64_t st = seed;
    for (size_t i = 0; i < rows * cols; i++) /* 53 random bits -> [0,1) -> [-1,1) */
        a[i] = statsUnit(&st) * 2.0 - 1.0;
}

/* A row-major m x n buffer is, to LAPACK, the column-major n x m matrix A^T
 * with leading dimension n, and A^T has A's singular values. Calling the
 * column-major interface on the buffer as it lies avoids the transposed copies
 * LAPACKE's row-major path makes on every call. */
int linalgSvdvals(double *a, int m, int n, double *s) {
    /* u and vt are not referenced with jobz='N'; their leading dimensions
     * must still pass LAPACKE's checks. */
    return (int)LAPACKE_dgesdd(LAPACK_COL_MAJOR, 'N', n, m, a, n, s, NULL, n, NULL, m);
}

/* Same trick with vectors: LAPACK factors A^T = U' S V'^T, so A = V' S U'^T.
 * Column-major U' read row-major is U'^T = Vt of A, and column-major V'^T read
 * row-major is V' = U of A: the two output buffers simply trade places. */
int linalgSvd(double *a, int n, double *u, double *s, double *vt) {
    return (int)LAPACKE_dgesdd(LAPACK_COL_MAJOR, 'A', n, n, a, n, s, vt, n, u, n);
}

void linalgGemm(int transa, int transb, int m, int n, int k, double alpha, const double *a, int lda,
                const double *b, int ldb, double beta, double *c, int ldc) {
    cblas_dgemm(CblasRowMajor, transa ? CblasTrans : CblasNoTrans,
                transb ? CblasTrans : CblasNoTrans, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}
