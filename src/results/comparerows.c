/* comparerows.c -- the comparison's rows (see compare.h): for every cell,
 * figure (compareMetric) and input that has it, the median of its process
 * medians against the baseline's, the two-level bootstrap interval of that
 * ratio, and the per-figure rule (common/differ) at the drift floor
 * estimated from the rows the two inputs share. */
#include "results/comparerows.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/stats.h"
#include "results/comparefind.h"

/* --- the bootstrap ------------------------------------------------------------------- */

static double compareMedian(double *x, size_t n) {
    statsSummary st;
    return statsOf(x, n, &st) == 0 ? st.median : NAN;
}

/* One side of a row's bootstrap: p processes, process i's calls x[i] (n[i]
 * of them); scratch tmp (the most calls) and meds (p slots). */
typedef struct compareSide {
    const double *const *x;
    const size_t *n;
    size_t p;
    double *tmp, *meds;
} compareSide;

/* One resample of a side: p processes drawn, each one's calls drawn; the
 * median of their medians. */
static double compareResample(const void *side, uint64_t *s) {
    const compareSide *d = side;
    for (size_t i = 0; i < d->p; i++) {
        size_t k = statsPick(s, d->p);
        for (size_t j = 0; j < d->n[k]; j++) d->tmp[j] = d->x[k][statsPick(s, d->n[k])];
        d->meds[i] = compareMedian(d->tmp, d->n[k]);
    }
    return compareMedian(d->meds, d->p);
}

static size_t compareMaxN(const size_t *n, size_t p) {
    size_t m = 1;
    for (size_t i = 0; i < p; i++) m = n[i] > m ? n[i] : m;
    return m;
}

void compareBoot(const double *const *xa, const size_t *na, size_t pa, const double *const *xb,
                 const size_t *nb, size_t pb, uint64_t seed, double *lo, double *hi) {
    *lo = *hi = NAN;
    if (pa == 0 || pb == 0) return;
    size_t m = compareMaxN(na, pa), mb = compareMaxN(nb, pb);
    m = mb > m ? mb : m;
    double *tmp = malloc(m * sizeof(double));
    double *meds = malloc((pa > pb ? pa : pb) * sizeof(double));
    compareSide a = {xa, na, pa, tmp, meds}, b = {xb, nb, pb, tmp, meds};
    if (tmp && meds) statsBootRatio(compareResample, &a, &b, COMPARE_REPS, seed, lo, hi);
    free(tmp);
    free(meds);
}

/* --- a cell's data for one metric ------------------------------------------------------ */

typedef struct compareData {
    const double **x;
    size_t *n;
    size_t p, calls;
    double stat;
} compareData;

static void compareDataFree(compareData *d) {
    free(d->x);
    free(d->n);
    memset(d, 0, sizeof *d);
}

/* The per-process arrays of g for metric m (pointing into g). Returns 0 (p
 * may be 0: g has no such figure) or -1 when out of memory. */
static int compareDataOf(const summaryGroup *g, compareMetric m, compareData *d) {
    memset(d, 0, sizeof *d);
    d->stat = NAN;
    const summaryVec *w = g->v_whole_hf.n ? &g->v_whole_hf : &g->v_whole_time;
    size_t cap = m == COMPARE_WHOLE ? w->n : g->nproc;
    if (cap == 0) return 0;
    d->x = malloc(cap * sizeof *d->x);
    d->n = malloc(cap * sizeof *d->n);
    double *meds = malloc(cap * sizeof(double));
    if (!d->x || !d->n || !meds) {
        free(meds);
        compareDataFree(d);
        return -1;
    }
    for (size_t i = 0; i < cap; i++) {
        const double *x = NULL;
        size_t n = 0;
        if (m == COMPARE_WHOLE) x = &w->x[i], n = 1;
        else if (m == COMPARE_FIRST && !isnan(g->proc[i].first_ms)) x = &g->proc[i].first_ms, n = 1;
        else if (m == COMPARE_STEADY) x = g->proc[i].steady.x, n = g->proc[i].steady.n;
        if (n == 0) continue;
        d->x[d->p] = x;
        d->n[d->p] = n;
        meds[d->p++] = compareMedian((double *)x, n);
        d->calls += n;
    }
    d->stat = compareMedian(meds, d->p);
    free(meds);
    return 0;
}

/* FNV-1a over the cell's name and the metric: the row's own stream. */
static uint64_t compareRowSeed(uint64_t seed, const char *name, compareMetric m) {
    uint64_t h = 0xcbf29ce484222325u;
    for (const char *p = name; *p; p++) h = (h ^ (unsigned char)*p) * 0x100000001b3u;
    h = (h ^ (unsigned)m) * 0x100000001b3u;
    return seed ^ h;
}

/* --- the rows, the drift floor and the rule ------------------------------------------------ */

/* The process figures of d (each process's median call) into out (d->p
 * slots). */
static void compareProcFigures(const compareData *d, double *out) {
    for (size_t j = 0; j < d->p; j++) {
        statsSummary st;
        out[j] = statsOf(d->x[j], d->n[j], &st) == 0 ? st.median : NAN;
    }
}

/* Row w's process figures, kept for the rule, which waits for the drift
 * floor (compareDrift). 0, -1 out of memory. */
static int compareKeepFigures(const compareData *in, const compareData *base, compareRow *w) {
    w->fig = malloc((in->p ? in->p : 1) * sizeof *w->fig);
    w->base_fig = malloc((base->p ? base->p : 1) * sizeof *w->base_fig);
    if (!w->fig || !w->base_fig) return -1;
    compareProcFigures(in, w->fig);
    compareProcFigures(base, w->base_fig);
    w->nfig = in->p, w->nbase_fig = base->p;
    return 0;
}

/* The drift floor of input i against base: the log ratios of the rows they
 * share, |median| + COMPARE_DRIFT_Z x 1.4826 x MAD, as a ratio less 1;
 * COMPARE_DRIFT_DEFAULT with fewer than COMPARE_DRIFT_MIN_ROWS rows. */
static double compareDriftOf(const compareResult *r, size_t base, size_t i, size_t *nrows) {
    double *d = malloc((r->nrows ? r->nrows : 1) * sizeof *d);
    size_t n = 0;
    for (size_t k = 0; d && k < r->nrows; k++) {
        const compareRow *w = &r->rows[k];
        if (w->base == base && w->input == i && w->ratio > 0 && isfinite(w->ratio))
            d[n++] = log(w->ratio);
    }
    *nrows = n;
    double floor = COMPARE_DRIFT_DEFAULT;
    statsSummary st;
    if (n >= COMPARE_DRIFT_MIN_ROWS && statsOf(d, n, &st) == 0) {
        double m = st.median;
        for (size_t k = 0; k < n; k++) d[k] = fabs(d[k] - m);
        statsOf(d, n, &st);
        floor = exp(fabs(m) + COMPARE_DRIFT_Z * 1.4826 * st.median) - 1;
        if (floor < COMPARE_DRIFT_MIN) floor = COMPARE_DRIFT_MIN;
    }
    free(d);
    return floor;
}

/* Every row's floor and verdict: the rule at its pair's drift. */
void compareDrift(compareResult *r) {
    for (size_t i = 0; i < COMPARE_MAX_INPUTS; i++) r->drift[i] = NAN;
    for (size_t k = 0; k < r->nrows; k++) {
        compareRow *w = &r->rows[k];
        size_t n;
        w->floor = compareDriftOf(r, w->base, w->input, &n);
        if (w->base == 0 && w->input < COMPARE_MAX_INPUTS)
            r->drift[w->input] = w->floor, r->drift_rows[w->input] = n;
        differJudge((differSample){w->fig, NULL, w->nfig},
                    (differSample){w->base_fig, NULL, w->nbase_fig}, DIFFER_TWO_SIDED, DIFFER_ALPHA,
                    w->floor, &w->test);
        w->significant = w->test.verdict == DIFFER_SLOWER || w->test.verdict == DIFFER_FASTER;
    }
}

int compareRows(compareResult *r) {
    size_t cap = r->ncells * COMPARE_METRIC_N * r->nin;
    r->rows = calloc(cap ? cap : 1, sizeof *r->rows);
    compareData *d = calloc(r->nin, sizeof *d);
    int rc = r->rows && d ? 0 : -1;
    for (size_t c = 0; c < r->ncells && rc == 0; c++)
        for (int m = 0; m < COMPARE_METRIC_N && rc == 0; m++) {
            size_t base = SIZE_MAX;
            for (size_t i = 0; i < r->nin && rc == 0; i++) {
                if (r->cells[c].group[i]) rc = compareDataOf(r->cells[c].group[i], m, &d[i]);
                if (d[i].p && base == SIZE_MAX) base = i;
            }
            for (size_t i = base == SIZE_MAX ? r->nin : base + 1; i < r->nin && rc == 0; i++) {
                if (!d[i].p) continue;
                compareRow *w = &r->rows[r->nrows++];
                *w = (compareRow){
                    c,
                    m,
                    base,
                    i,
                    d[base].stat,
                    d[i].stat,
                    d[base].p,
                    d[i].p,
                    d[base].calls,
                    d[i].calls,
                    NAN,
                    NAN,
                    NAN,
                    0,
                    compareSameChecksums(r->cells[c].group[base], r->cells[c].group[i]),
                    {0},
                    NAN,
                    NULL,
                    NULL,
                    0,
                    0};
                if (d[base].stat > 0) w->ratio = d[i].stat / d[base].stat;
                compareBoot(d[i].x, d[i].n, d[i].p, d[base].x, d[base].n, d[base].p,
                            compareRowSeed(r->seed, r->cells[c].name, m), &w->lo, &w->hi);
                if (compareKeepFigures(&d[i], &d[base], w) != 0) rc = -1;
            }
            for (size_t i = 0; i < r->nin; i++) compareDataFree(&d[i]);
        }
    free(d);
    return rc;
}
