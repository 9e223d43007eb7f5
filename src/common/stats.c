/* stats.c -- order statistics of a sample (see stats.h). */
#include "common/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int statsCmpDouble(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Statistics sort a copy: the caller's order is the sample order, which the
 * CSV rows keep. Below 64 samples the copy lives on the stack. */
int statsOf(const double *x, size_t n, statsSummary *s) {
    if (n == 0) return -1;
    double small[64], *y = n <= 64 ? small : malloc(n * sizeof(double));
    if (!y) return -1;
    memcpy(y, x, n * sizeof(double));
    qsort(y, n, sizeof(double), statsCmpDouble);
    s->n = n;
    s->min = y[0];
    s->max = y[n - 1];
    s->median = n % 2 ? y[n / 2] : (y[n / 2 - 1] + y[n / 2]) / 2.0;
    if (y != small) free(y);
    return 0;
}

int statsWilson(size_t k, size_t n, double z, double *lo, double *hi) {
    if (n == 0 || k > n) return -1;
    double nn = (double)n, p = (double)k / nn, z2 = z * z, d = 1 + z2 / nn;
    double centre = (p + z2 / (2 * nn)) / d;
    double half = z / d * sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn));
    *lo = fmax(0, centre - half);
    *hi = fmin(1, centre + half);
    /* at the ends the bound is exact: no rounding just inside 0 or 1 */
    if (k == 0) *lo = 0;
    if (k == n) *hi = 1;
    return 0;
}
