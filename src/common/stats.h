/* stats.h -- order statistics of a sample (min, median, max), shared by the
 * timing loop and by everything that reads its rows back; and the one
 * random stream (splitmix64) and the one bootstrap of a ratio that the
 * seeded matrices, the summary's interval and the comparison's use. */
#ifndef COLDLOAD_STATS_H
#define COLDLOAD_STATS_H

#include <stddef.h>
#include <stdint.h>

typedef struct statsSummary {
    size_t n;
    double min, median, max; /* median of an even count: mean of the middle two */
} statsSummary;

/* Returns -1 when n == 0 (s untouched), 0 otherwise. x is not modified. */
int statsOf(const double *x, size_t n, statsSummary *s);

/* Whether the median of x[0..n) is known to within +-precision of itself:
 * the narrowest order-statistic interval [x(l), x(n+1-l)] that holds the
 * true median with probability >= STATS_MEDIAN_COVERAGE, whatever the
 * distribution (binomial, n and 1/2), lies inside median * [1 - precision,
 * 1 + precision]. Below STATS_MEDIAN_MIN samples, or with no such
 * interval, it is not known. Used by the timing loop to stop a process
 * whose median is known (bench.h: --precision). */
#define STATS_MEDIAN_COVERAGE 0.75
#define STATS_MEDIAN_MIN 3
int statsMedianKnown(const double *x, size_t n, double precision);

/* The qsort comparator of doubles, ascending (NaNs compare equal to all). */
int statsCmpDouble(const void *a, const void *b);

/* splitmix64 (Steele, Lea, Flood 2014): small, fast, and the same stream on
 * every platform, which is what a reproducible figure needs. Advances
 * *state. */
uint64_t statsSplitmix(uint64_t *state);
/* The next draw as a double in [0, 1): its top 53 bits. */
double statsUnit(uint64_t *state);
/* The next draw as an index in [0, n). */
size_t statsPick(uint64_t *state, size_t n);

/* One resample of one side of a ratio: its statistic, drawing from *state
 * (side: the caller's data and scratch). */
typedef double (*statsDraw)(const void *side, uint64_t *state);

/* The bootstrap 95% interval of draw(a) / draw(b): reps resamples from one
 * splitmix64 stream seeded with seed, a drawn before b each time; lo and hi
 * the sorted ratios at ranks floor(0.025 reps) and ceil(0.975 reps) - 1.
 * NAN, NAN when any resample makes no ratio (b not > 0, a NaN) or out of
 * memory. */
void statsBootRatio(statsDraw draw, const void *a, const void *b, size_t reps, uint64_t seed,
                    double *lo, double *hi);
/* The Wilson score interval of a share k of n at z (1.96: 95%): the interval
 * for a binomial proportion that stays inside [0, 1] and does not collapse
 * to a point at k = 0 or k = n, as the plain k/n +- z sqrt(p(1-p)/n) does
 * (a cell of 5 processes, all slow, still has a lower bound of 0.57).
 * Returns -1 when n == 0 (lo, hi untouched). */
int statsWilson(size_t k, size_t n, double z, double *lo, double *hi);

#endif
