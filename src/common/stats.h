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

#endif
