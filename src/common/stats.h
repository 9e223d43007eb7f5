/* stats.h -- order statistics of a sample (min, median, max), shared by the
 * timing loop and by everything that reads its rows back. */
#ifndef COLDLOAD_STATS_H
#define COLDLOAD_STATS_H

#include <stddef.h>

typedef struct statsSummary {
    size_t n;
    double min, median, max; /* median of an even count: mean of the middle two */
} statsSummary;

/* Returns -1 when n == 0 (s untouched), 0 otherwise. x is not modified. */
int statsOf(const double *x, size_t n, statsSummary *s);

/* The Wilson score interval of a share k of n at z (1.96: 95%): the interval
 * for a binomial proportion that stays inside [0, 1] and does not collapse
 * to a point at k = 0 or k = n, as the plain k/n +- z sqrt(p(1-p)/n) does
 * (a cell of 5 processes, all slow, still has a lower bound of 0.57).
 * Returns -1 when n == 0 (lo, hi untouched). */
int statsWilson(size_t k, size_t n, double z, double *lo, double *hi);

#endif
