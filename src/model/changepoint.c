/* changepoint.c -- PELT on the normal likelihood of mean and variance (see
 * changepoint.h). */
#include "model/changepoint.h"

#include <math.h>
#include <stdlib.h>

#include "common/stats.h"

/* Prefix sums of the series about its mean (the centring keeps the
 * variance's difference of sums exact enough at any scale), and the floor. */
typedef struct changepointSums {
    const double *s1, *s2;
    double floor;
} changepointSums;

/* The variance (maximum likelihood) of [s, e), unfloored. */
static double changepointVar(const changepointSums *c, size_t s, size_t e) {
    double n = (double)(e - s), m = (c->s1[e] - c->s1[s]) / n;
    double v = (c->s2[e] - c->s2[s]) / n - m * m;
    return v > 0 ? v : 0;
}

static double changepointCost(const changepointSums *c, size_t s, size_t e) {
    double v = changepointVar(c, s, e);
    return (double)(e - s) * log(v > c->floor ? v : c->floor);
}

int changepointPelt(const double *x, size_t n, double penalty, changepointSeg **seg, size_t *nseg) {
    *seg = NULL;
    *nseg = 0;
    if (n == 0) return 0;
    const size_t m = CHANGEPOINT_MIN_SEG;
    double *s1 = malloc((n + 1) * sizeof *s1), *s2 = malloc((n + 1) * sizeof *s2);
    double *F = malloc((n + 1) * sizeof *F);
    size_t *last = malloc((n + 1) * sizeof *last), *cand = malloc((n + 1) * sizeof *cand);
    int rc = -1;
    if (!s1 || !s2 || !F || !last || !cand) goto out;
    double mean = 0;
    for (size_t i = 0; i < n; i++) mean += x[i];
    mean /= (double)n;
    s1[0] = s2[0] = 0;
    for (size_t i = 0; i < n; i++) {
        double d = x[i] - mean;
        s1[i + 1] = s1[i] + d;
        s2[i + 1] = s2[i] + d * d;
    }
    statsSummary st;
    statsOf(x, n, &st);
    double fl = fmax(CHANGEPOINT_FLOOR * fabs(st.median), CHANGEPOINT_FLOOR_ABS);
    const changepointSums c = {s1, s2, fl * fl};
    /* F[t]: the least cost of x[0..t) segmented, a changepoint's penalty
     * each (F[0] = -penalty: the first segment pays none); last[t]: where
     * its last segment starts. Only t = 0 and t >= m can end a segment. */
    F[0] = -penalty;
    last[0] = 0;
    size_t ncand = 1;
    cand[0] = 0;
    for (size_t t = m; t <= n; t++) {
        double best = INFINITY;
        size_t arg = 0;
        for (size_t k = 0; k < ncand; k++) {
            size_t s = cand[k];
            if (t - s < m) continue;
            double v = F[s] + changepointCost(&c, s, t) + penalty;
            if (v < best) best = v, arg = s;
        }
        F[t] = best;
        last[t] = arg;
        /* prune: a start whose cost to t already exceeds F[t] can never
         * begin the last segment of a longer series */
        size_t keep = 0;
        for (size_t k = 0; k < ncand; k++) {
            size_t s = cand[k];
            if (t - s < m || F[s] + changepointCost(&c, s, t) <= F[t]) cand[keep++] = s;
        }
        ncand = keep;
        cand[ncand++] = t;
    }
    /* the segments, back from the end (n < 2m: one) */
    size_t k = 0;
    for (size_t t = n; t > 0; t = n < m ? 0 : last[t]) k++;
    changepointSeg *out = malloc(k * sizeof *out);
    if (!out) goto out;
    size_t i = k;
    for (size_t t = n; t > 0;) {
        size_t s = n < m ? 0 : last[t];
        double len = (double)(t - s);
        out[--i] =
            (changepointSeg){s, t, mean + (s1[t] - s1[s]) / len, sqrt(changepointVar(&c, s, t))};
        t = s;
    }
    *seg = out;
    *nseg = k;
    rc = 0;
out:
    free(s1);
    free(s2);
    free(F);
    free(last);
    free(cand);
    return rc;
}
