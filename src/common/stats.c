/* stats.c -- order statistics, splitmix64 and the bootstrap (see stats.h). */
#include "common/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int statsCmpDouble(const void *a, const void *b) {
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

/* The largest l (1-based) whose [x(l), x(n+1-l)] covers the median with
 * probability 1 - 2 P(Bin(n, 1/2) <= l - 1) >= STATS_MEDIAN_COVERAGE; 0
 * when even [min, max] does not (n < 3). */
static size_t statsMedianRank(size_t n) {
    double tail = 0, term = pow(0.5, (double)n); /* P(B = 0) */
    size_t l = 0;
    for (size_t k = 0; 2 * (k + 1) <= n; k++) {
        tail += term; /* P(B <= k) */
        if (1 - 2 * tail < STATS_MEDIAN_COVERAGE) break;
        l = k + 1;
        term *= (double)(n - k) / (double)(k + 1); /* P(B = k + 1) */
    }
    return l;
}

int statsMedianKnown(const double *x, size_t n, double precision) {
    if (n < STATS_MEDIAN_MIN || !(precision > 0)) return 0;
    size_t l = statsMedianRank(n);
    if (l == 0) return 0;
    double small[64], *y = n <= 64 ? small : malloc(n * sizeof(double));
    if (!y) return 0;
    memcpy(y, x, n * sizeof(double));
    qsort(y, n, sizeof(double), statsCmpDouble);
    double med = n % 2 ? y[n / 2] : (y[n / 2 - 1] + y[n / 2]) / 2.0;
    int known = med > 0 && y[l - 1] >= med * (1 - precision) && y[n - l] <= med * (1 + precision);
    if (y != small) free(y);
    return known;
}

uint64_t statsSplitmix(uint64_t *state) {
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

double statsUnit(uint64_t *state) { return (double)(statsSplitmix(state) >> 11) * 0x1.0p-53; }

size_t statsPick(uint64_t *state, size_t n) { return (size_t)(statsUnit(state) * (double)n); }

void statsBootRatio(statsDraw draw, const void *a, const void *b, size_t reps, uint64_t seed,
                    double *lo, double *hi) {
    *lo = *hi = NAN;
    double *r = reps ? malloc(reps * sizeof(double)) : NULL;
    if (!r) return;
    uint64_t state = seed;
    size_t k = 0;
    for (; k < reps; k++) {
        double x = draw(a, &state), y = draw(b, &state);
        if (!(y > 0) || isnan(x)) break; /* e.g. an idle median of 0: no ratio */
        r[k] = x / y;
    }
    if (k == reps) {
        qsort(r, k, sizeof(double), statsCmpDouble);
        *lo = r[(size_t)floor(0.025 * (double)k)];
        *hi = r[(size_t)ceil(0.975 * (double)k) - 1];
    }
    free(r);
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
