/* linalg.h -- coldload's thin layer over OpenBLAS and LAPACKE.
 *
 * One place sets the BLAS thread count (so "width N" means N threads in the
 * engine and in OpenBLAS alike), reports how OpenBLAS was built, makes the
 * seeded test matrices, and wraps the three calls the workloads time:
 * singular values only, a full SVD with vectors, and GEMM. Matrices are
 * row-major doubles throughout. */
#ifndef COLDLOAD_LINALG_H
#define COLDLOAD_LINALG_H

#include <stddef.h>
#include <stdint.h>

/* openblas_set_num_threads(n). */
void linalgSetThreads(int n);
int linalgThreads(void);

/* openblas_get_config(), openblas_get_corename(), and the threading model
 * ("sequential", "pthread" or "openmp") from openblas_get_parallel(). */
const char *linalgConfig(void);
const char *linalgCorename(void);
const char *linalgParallel(void);

/* Fills a (rows x cols) with values uniform in [-1, 1) from a splitmix64
 * stream (common/stats) started at seed. The same seed always gives the same bits. */
void linalgSeededMatrix(double *a, size_t rows, size_t cols, uint64_t seed);

/* Singular values of the m x n matrix a (LAPACKE_dgesdd, jobz='N'), written
 * in descending order to s (min(m,n) entries). a is overwritten (LAPACK uses
 * it as workspace). Returns LAPACK's info: 0 on success. */
int linalgSvdvals(double *a, int m, int n, double *s);

/* Full SVD of the square n x n matrix a = U diag(s) Vt (dgesdd, jobz='A').
 * a is overwritten. u and vt are n x n, s has n entries. Returns info. */
int linalgSvd(double *a, int n, double *u, double *s, double *vt);

/* c = alpha * op(a) * op(b) + beta * c, row-major, op = transpose when the
 * flag is set. Sizes as in cblas_dgemm: op(a) is m x k, op(b) k x n. */
void linalgGemm(int transa, int transb, int m, int n, int k, double alpha, const double *a, int lda,
                const double *b, int ldb, double beta, double *c, int ldc);

#endif
