/* stats.c -- order statistics of a sample (see stats.h). */
#include "common/stats.h"

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
