/* differ.c -- the one rule for "different" (see differ.h): Gehan's scores,
 * their exact permutation distribution counted by dynamic programming over
 * subset sizes and score sums, and the size a difference must have. */
#include "common/differ.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/stats.h"

/* A p-value computed as a sum of counts over a total may land a rounding
 * error above the level it equals exactly (1/20 against 0.05). */
#define DIFFER_P_EPS 1e-9

static int differIsBound(differSample s, size_t i) { return s.bound && s.bound[i]; }

/* Whether run x (bound bx) is certainly slower (+1), certainly faster (-1)
 * or neither (0) than run y (bound by): a bound took at least its value. */
static int differCmp(double x, int bx, double y, int by) {
    if (bx && by) return 0;
    if (bx) return x > y ? 1 : 0;
    if (by) return y > x ? -1 : 0;
    return (x > y) - (x < y);
}

/* C(n, k) as a double (exact well past any sample here). */
static double differChoose(size_t n, size_t k) {
    double c = 1;
    if (k > n - k) k = n - k;
    for (size_t i = 1; i <= k; i++) c = c * (double)(n - k + i) / (double)i;
    return c;
}

/* The pooled runs without NaNs: values, bounds and which side (1: a). */
typedef struct differPool {
    double *v;
    unsigned char *bound, *is_a;
    long *score;
    size_t n, na;
} differPool;

static void differPoolFree(differPool *p) {
    free(p->v);
    free(p->bound);
    free(p->is_a);
    free(p->score);
}

static int differPoolOf(differSample a, differSample b, differPool *p) {
    memset(p, 0, sizeof *p);
    size_t cap = a.n + b.n ? a.n + b.n : 1;
    p->v = malloc(cap * sizeof *p->v);
    p->bound = malloc(cap);
    p->is_a = malloc(cap);
    p->score = calloc(cap, sizeof *p->score);
    if (!p->v || !p->bound || !p->is_a || !p->score) return -1;
    const differSample side[2] = {a, b};
    for (int s = 0; s < 2; s++)
        for (size_t i = 0; i < side[s].n; i++) {
            if (isnan(side[s].v[i])) continue;
            p->v[p->n] = side[s].v[i];
            p->bound[p->n] = (unsigned char)differIsBound(side[s], i);
            p->is_a[p->n] = s == 0;
            p->na += s == 0;
            p->n++;
        }
    for (size_t i = 0; i < p->n; i++)
        for (size_t j = 0; j < p->n; j++)
            if (i != j) p->score[i] += differCmp(p->v[i], p->bound[i], p->v[j], p->bound[j]);
    return 0;
}

/* The exact tail of the score sum over all subsets of size na: counts of
 * each shifted sum (score + n - 1 >= 0) by dynamic programming, size first,
 * so each run is used at most once. */
static int differExactP(const differPool *p, long s_obs, differSides sides, double *pv) {
    size_t n = p->n, na = p->na, shift = n - 1, width = na * 2 * shift + 1;
    double *cnt = calloc((na + 1) * width, sizeof *cnt);
    if (!cnt) return -1;
    cnt[0] = 1;
    for (size_t i = 0; i < n; i++) {
        size_t w = (size_t)(p->score[i] + (long)shift);
        for (size_t k = (i + 1 < na ? i + 1 : na); k >= 1; k--) {
            double *to = cnt + k * width, *from = cnt + (k - 1) * width;
            for (size_t t = width; t-- > w;) to[t] += from[t - w];
        }
    }
    const double *last = cnt + na * width;
    double total = 0, tail = 0;
    long centre = (long)(na * shift);
    for (size_t t = 0; t < width; t++) {
        if (last[t] == 0) continue;
        long s = (long)t - centre;
        total += last[t];
        if (sides == DIFFER_GREATER ? s >= s_obs : labs(s) >= labs(s_obs)) tail += last[t];
    }
    free(cnt);
    *pv = total > 0 ? tail / total : NAN;
    return 0;
}

int differRankTest(differSample a, differSample b, differSides sides, double *p, double *p_min,
                   double *score) {
    differPool pool;
    if (p) *p = NAN;
    if (p_min) *p_min = NAN;
    if (score) *score = NAN;
    if (differPoolOf(a, b, &pool) != 0) {
        differPoolFree(&pool);
        return -1;
    }
    int rc = 0;
    size_t n = pool.n, na = pool.na;
    if (na == 0 || na == n) {
        rc = -1;
        goto out;
    }
    long s_obs = 0;
    double sq = 0;
    for (size_t i = 0; i < n; i++) {
        if (pool.is_a[i]) s_obs += pool.score[i];
        sq += (double)pool.score[i] * (double)pool.score[i];
    }
    if (score) *score = (double)s_obs;
    if (p_min) *p_min = (sides == DIFFER_GREATER ? 1.0 : 2.0) / differChoose(n, na);
    if (!p) goto out;
    if (n <= DIFFER_EXACT_MAX) {
        rc = differExactP(&pool, s_obs, sides, p);
    } else {
        /* the permutation variance of a sample of na scores of mean 0 */
        double var = (double)na * (double)(n - na) / ((double)n * (double)(n - 1)) * sq;
        double z = var > 0 ? (double)s_obs / sqrt(var) : 0;
        *p = sides == DIFFER_GREATER ? 0.5 * erfc(z / sqrt(2.0)) : erfc(fabs(z) / sqrt(2.0));
    }
out:
    differPoolFree(&pool);
    return rc;
}

double differMedian(differSample s, int *is_bound) {
    if (is_bound) *is_bound = 0;
    double *v = calloc(s.n ? s.n : 1, sizeof *v);
    size_t m = 0;
    if (!v) return NAN;
    for (size_t i = 0; i < s.n; i++)
        if (!isnan(s.v[i])) v[m++] = s.v[i];
    statsSummary st;
    double med = statsOf(v, m, &st) == 0 ? st.median : NAN;
    free(v);
    for (size_t i = 0; is_bound && !isnan(med) && i < s.n; i++)
        if (differIsBound(s, i) && s.v[i] <= med) *is_bound = 1;
    return med;
}

/* The one-sided p of "a slower than b x scale": b's runs (bounds too)
 * scaled, then the rank test. 0, -1 out of memory or a side empty. */
static int differShifted(differSample a, differSample b, double scale, double *p) {
    double *v = malloc((b.n ? b.n : 1) * sizeof *v);
    if (!v) return -1;
    for (size_t i = 0; i < b.n; i++) v[i] = b.v[i] * scale;
    int rc = differRankTest(a, (differSample){v, b.bound, b.n}, DIFFER_GREATER, p, NULL, NULL);
    free(v);
    return rc;
}

int differJudge(differSample a, differSample b, differSides sides, double alpha, double floor,
                differResult *r) {
    memset(r, 0, sizeof *r);
    r->verdict = DIFFER_UNRESOLVED;
    r->p = r->p_min = r->score = NAN;
    double ma = differMedian(a, &r->a_bound), mb = differMedian(b, &r->b_bound);
    r->ratio = ma > 0 && mb > 0 ? ma / mb : NAN;
    if (differRankTest(a, b, sides, NULL, &r->p_min, &r->score) != 0) return 0;
    if (r->p_min > alpha * (1 + DIFFER_P_EPS)) return 0;
    /* the size is part of the test: a slower than b by more than the floor
     * is a against b's runs x (1 + floor); two-sided, each way at alpha / 2 */
    double s = 1 + (floor > 0 ? floor : 0), p_up, p_down = NAN;
    if (differShifted(a, b, s, &p_up) != 0 ||
        (sides == DIFFER_TWO_SIDED && differShifted(b, a, s, &p_down) != 0))
        return -1;
    double level = sides == DIFFER_TWO_SIDED ? alpha / 2 : alpha;
    r->verdict = DIFFER_WITHIN;
    r->p = sides == DIFFER_TWO_SIDED ? fmin(1, 2 * fmin(p_up, p_down)) : p_up;
    if (p_up <= level * (1 + DIFFER_P_EPS)) r->verdict = DIFFER_SLOWER;
    else if (sides == DIFFER_TWO_SIDED && p_down <= level * (1 + DIFFER_P_EPS))
        r->verdict = DIFFER_FASTER;
    return 0;
}

/* The exact upper tail P(W+ >= w) of the signed-rank statistic of n pairs
 * with no zero and no tie (the ranks 1..n, each signed + with 1/2):
 * counted over the 2^n signs. */
static double differSignedRankTail(size_t n, double w) {
    size_t max = n * (n + 1) / 2;
    double *c = calloc(max + 1, sizeof *c);
    if (!c) return NAN;
    c[0] = 1;
    for (size_t k = 1; k <= n; k++)
        for (size_t t = max; t >= k; t--) c[t] += c[t - k];
    double tail = 0, total = 0;
    for (size_t t = 0; t <= max; t++) {
        total += c[t];
        if ((double)t >= w - 1e-9) tail += c[t];
    }
    free(c);
    return tail / total;
}

/* W+ of d[0..n): the sum of the ranks of |d| (mid-ranks for ties) whose d
 * is > 0; a d of 0 counts half. */
static double differSignedRankSum(const double *d, size_t n) {
    double w = 0;
    for (size_t i = 0; i < n; i++) {
        double below = 0, same = 0;
        for (size_t j = 0; j < n; j++) {
            if (fabs(d[j]) < fabs(d[i])) below++;
            else if (fabs(d[j]) == fabs(d[i])) same++;
        }
        double rank = below + (same + 1) / 2;
        w += d[i] > 0 ? rank : d[i] == 0 ? rank / 2 : 0;
    }
    return w;
}

int differPaired(const double *ratio, size_t n, double alpha, double floor, differResult *r) {
    memset(r, 0, sizeof *r);
    r->verdict = DIFFER_UNRESOLVED;
    r->p = r->p_min = r->score = r->ratio = NAN;
    double *d = calloc(n ? n : 1, sizeof *d), *v = calloc(n ? n : 1, sizeof *v);
    size_t m = 0;
    if (!d || !v) {
        free(d);
        free(v);
        return -1;
    }
    for (size_t i = 0; i < n; i++)
        if (ratio[i] > 0 && isfinite(ratio[i])) v[m++] = ratio[i];
    statsSummary st;
    if (statsOf(v, m, &st) == 0) r->ratio = st.median;
    r->p_min = m ? 2 * ldexp(1.0, -(int)(m < 1000 ? m : 1000)) : NAN;
    if (m == 0 || r->p_min > alpha * (1 + DIFFER_P_EPS)) goto out;
    double shift = log(1 + (floor > 0 ? floor : 0)), p_way[2];
    for (int way = 0; way < 2; way++) {
        for (size_t i = 0; i < m; i++) d[i] = (way ? -log(v[i]) : log(v[i])) - shift;
        double w = differSignedRankSum(d, m);
        double mean = (double)(m * (m + 1)) / 4;
        if (way == 0) r->score = w - mean;
        if (m <= DIFFER_EXACT_MAX) {
            p_way[way] = differSignedRankTail(m, w);
        } else { /* the normal approximation, with its continuity half */
            double sd = sqrt((double)m * (m + 1) * (2 * m + 1) / 24);
            p_way[way] = 0.5 * erfc((w - 0.5 - mean) / sd / sqrt(2.0));
        }
    }
    r->p = fmin(1, 2 * fmin(p_way[0], p_way[1]));
    r->verdict = DIFFER_WITHIN;
    if (p_way[0] <= alpha / 2 * (1 + DIFFER_P_EPS)) r->verdict = DIFFER_SLOWER;
    else if (p_way[1] <= alpha / 2 * (1 + DIFFER_P_EPS)) r->verdict = DIFFER_FASTER;
out:
    free(d);
    free(v);
    return 0;
}

int differPairedInterval(const double *ratio, size_t n, double alpha, double *est, double *lo,
                         double *hi) {
    *est = *lo = *hi = NAN;
    size_t m = 0;
    for (size_t i = 0; i < n; i++) m += ratio[i] > 0 && isfinite(ratio[i]);
    if (m < 6) return -1;
    double *d = malloc(m * sizeof *d);
    size_t nw = m * (m + 1) / 2;
    double *w = malloc(nw * sizeof *w);
    if (!d || !w) {
        free(d);
        free(w);
        return -1;
    }
    m = 0;
    for (size_t i = 0; i < n; i++)
        if (ratio[i] > 0 && isfinite(ratio[i])) d[m++] = log(ratio[i]);
    size_t k = 0;
    for (size_t i = 0; i < m; i++)
        for (size_t j = i; j < m; j++) w[k++] = (d[i] + d[j]) / 2;
    qsort(w, nw, sizeof *w, statsCmpDouble);
    *est = exp(nw % 2 ? w[nw / 2] : (w[nw / 2 - 1] + w[nw / 2]) / 2);
    /* the interval [w(c), w(nw - 1 - c)]: c the Walsh averages left out a side */
    size_t c = 0;
    if (m <= DIFFER_EXACT_MAX) {
        /* the counts of W+ = 0, 1, ... once: P(W+ <= c) by summing up */
        double *cnt = calloc(nw + 1, sizeof *cnt), total = ldexp(1.0, (int)m), below = 0;
        if (cnt) {
            cnt[0] = 1;
            for (size_t r = 1; r <= m; r++)
                for (size_t t = nw; t >= r; t--) cnt[t] += cnt[t - r];
            /* T, the largest t with P(W+ <= t) <= alpha / 2: the test rejects
             * at W+ <= T, so the interval leaves out T averages a side */
            while (c + 1 < nw / 2 && (below + cnt[c]) / total <= alpha / 2 * (1 + DIFFER_P_EPS))
                below += cnt[c++];
            c = c ? c - 1 : 0;
        }
        free(cnt);
    } else { /* the normal approximation: z by bisection on erfc */
        double zlo = 0, zhi = 10, sd = sqrt((double)m * (m + 1) * (2 * m + 1) / 24);
        for (int it = 0; it < 60; it++) {
            double z = (zlo + zhi) / 2;
            if (0.5 * erfc(z / sqrt(2.0)) > alpha / 2) zlo = z;
            else zhi = z;
        }
        double cc = (double)nw / 2 - zhi * sd - 0.5;
        c = cc > 0 ? (size_t)cc : 0;
    }
    *lo = exp(w[c]);
    *hi = exp(w[nw - 1 - c]);
    free(d);
    free(w);
    return 0;
}

/* The log ratios of every a[i] / b[j] with both values, sorted, into a
 * fresh array (*n of them; NULL out of memory or none), and each side's
 * count of values into *na, *nb. */
static double *differPairRatios(differSample a, differSample b, size_t *n, size_t *na, size_t *nb) {
    *n = *na = *nb = 0;
    for (size_t i = 0; i < a.n; i++) *na += !isnan(a.v[i]) && a.v[i] > 0;
    for (size_t j = 0; j < b.n; j++) *nb += !isnan(b.v[j]) && b.v[j] > 0;
    double *r = *na && *nb ? malloc(*na * *nb * sizeof *r) : NULL;
    if (!r) return NULL;
    for (size_t i = 0; i < a.n; i++)
        for (size_t j = 0; j < b.n; j++)
            if (!isnan(a.v[i]) && !isnan(b.v[j]) && a.v[i] > 0 && b.v[j] > 0)
                r[(*n)++] = log(a.v[i] / b.v[j]);
    qsort(r, *n, sizeof *r, statsCmpDouble);
    return r;
}

/* The largest k with P(U <= k - 1) <= alpha / 2 for the Mann-Whitney count U
 * of na against nb values (no ties): the interval of the shift is the k-th
 * smallest ratio to the k-th largest (0: no interval of that coverage, every
 * ratio's range). Exact by counting up to DIFFER_EXACT_MAX values in all,
 * the normal approximation above. */
static size_t differShiftCut(size_t na, size_t nb, double alpha) {
    size_t N = na * nb;
    if (na + nb > DIFFER_EXACT_MAX) {
        double sd = sqrt((double)N * (double)(na + nb + 1) / 12), z = 0, lo = 0, hi = 10;
        for (int it = 0; it < 60; it++) { /* z with erfc(z / sqrt 2) / 2 = alpha / 2 */
            z = (lo + hi) / 2;
            if (0.5 * erfc(z / sqrt(2.0)) > alpha / 2) lo = z;
            else hi = z;
        }
        double c = floor((double)N / 2 - z * sd);
        return c > 0 ? (size_t)c : 0;
    }
    /* f[k][u]: labellings of k values of a among the first m values with
     * U = u, built a value at a time (the textbook recurrence, in counts) */
    size_t w = N + 1;
    double *f = calloc((na + 1) * w, sizeof *f);
    if (!f) return 0;
    f[0] = 1;
    for (size_t m = 1; m <= na + nb; m++)
        for (size_t k = m < na ? m : na; k >= 1; k--) {
            size_t below = m - k; /* b's values below the k-th of a's */
            if (below > nb) continue;
            for (size_t u = N; u + 1 > below; u--) f[k * w + u] += f[(k - 1) * w + u - below];
        }
    double total = 0, cum = 0;
    for (size_t u = 0; u <= N; u++) total += f[na * w + u];
    size_t c = 0;
    while (c < N / 2 && (cum + f[na * w + c]) / total <= alpha / 2 * (1 + DIFFER_P_EPS))
        cum += f[na * w + c++];
    free(f);
    return c;
}

int differShiftInterval(differSample a, differSample b, double alpha, double *lo, double *hi) {
    *lo = *hi = NAN;
    size_t n, na, nb;
    double *r = differPairRatios(a, b, &n, &na, &nb);
    if (!r) return -1;
    size_t k = differShiftCut(na, nb, alpha), c = k ? k - 1 : 0;
    *lo = exp(r[c]);
    *hi = exp(r[n - 1 - c]);
    free(r);
    return 0;
}
