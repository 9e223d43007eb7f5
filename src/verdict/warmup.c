/* warmup.c -- a process's calls classed flat, warmup, slowdown or no steady
 * state (see warmup.h), and a cell's processes tallied. */
#include "verdict/warmup.h"

#include <math.h>
#include <stdlib.h>

#include "common/stats.h"

const char *warmupClassName(warmupClass c) {
    static const char *const n[WARMUP_CLASSES] = {"flat", "warmup", "slowdown", "no steady state",
                                                  "not classified"};
    return c < WARMUP_CLASSES ? n[c] : "?";
}

const char *warmupClassKey(warmupClass c) {
    static const char *const n[WARMUP_CLASSES] = {"flat", "warmup", "slowdown", "no_steady_state",
                                                  "unclassified"};
    return c < WARMUP_CLASSES ? n[c] : "?";
}

/* Segment a's band (mean +- sd) overlaps [lo, hi]: one regime. */
static int warmupSame(const changepointSeg *a, double lo, double hi) {
    return a->mean + a->sd >= lo && a->mean - a->sd <= hi;
}

warmupClass warmupOfSegments(const changepointSeg *seg, size_t nseg, size_t L, double delta,
                             double steady, long *steady_from) {
    *steady_from = 0;
    if (nseg == 0) return WARMUP_UNCLASSIFIED;
    const changepointSeg *last = &seg[nseg - 1];
    double fastest = last->mean;
    for (size_t i = 0; i < nseg; i++) fastest = fmin(fastest, seg[i].mean);
    double band = fmax(last->sd, delta * fastest);
    double lo = last->mean - band, hi = last->mean + band;
    /* the steady window: the last ceil(steady x L) calls, one at least */
    double w = ceil(steady * (double)L);
    size_t window = w < 1 ? 1 : w > (double)L ? L : (size_t)w;
    warmupClass c = WARMUP_FLAT;
    for (size_t i = nseg - 1; i-- > 0;) {
        const changepointSeg *s = &seg[i];
        if (warmupSame(s, lo, hi)) continue;
        if (s->end > L - window) return WARMUP_NO_STEADY;
        if (s->mean + s->sd < lo) {
            c = WARMUP_SLOWDOWN;
            break;
        }
        c = WARMUP_WARMUP;
    }
    size_t j = nseg - 1;
    while (j > 0 && warmupSame(&seg[j - 1], lo, hi)) j--;
    *steady_from = (long)seg[j].start + 1;
    return c;
}

int warmupClassify(const summaryProc *p, const verdictThresholds *t, warmupProc *w) {
    /* a whole-run process with per-call times (phase call): those calls,
     * the first apart as a first call is; its whole-run row, censored or
     * not, is another figure */
    int calls = p->calls.n > 0;
    const double *steady = calls ? p->calls.x + 1 : p->steady.x;
    size_t n = calls ? p->calls.n - 1 : p->steady.n;
    double first_ms = calls ? p->calls.x[0] : p->first_ms;
    int first = !isnan(first_ms);
    *w = (warmupProc){WARMUP_UNCLASSIFIED, 0, n + (size_t)first, 0};
    if (n < WARMUP_MIN_STEADY || (!calls && p->ncensored > 0)) return 0;
    changepointSeg *seg;
    size_t ns;
    if (changepointPelt(steady, n, t->warmup_penalty * log((double)n), &seg, &ns) != 0) return -1;
    changepointSeg *all = malloc((ns + 1) * sizeof *all);
    if (!all) {
        free(seg);
        return -1;
    }
    /* call positions: 0 the first call, i the steady call of iter i */
    size_t k = 0;
    if (first) all[k++] = (changepointSeg){0, 1, first_ms, 0};
    for (size_t i = 0; i < ns; i++)
        all[k++] = (changepointSeg){seg[i].start + 1, seg[i].end + 1, seg[i].mean, seg[i].sd};
    w->segments = k;
    w->cls = warmupOfSegments(all, k, n + 1, t->warmup_delta, t->warmup_steady, &w->steady_from);
    free(seg);
    free(all);
    return 0;
}

int warmupTallyOf(const summaryGroup *const *g, size_t ng, const verdictThresholds *t,
                  warmupTally *out) {
    *out = (warmupTally){0};
    size_t total = 0;
    for (size_t i = 0; i < ng; i++) total += g[i]->nproc;
    double *from = malloc((total ? total : 1) * WARMUP_CLASSES * sizeof *from);
    if (!from) return -1;
    for (size_t i = 0; i < ng; i++)
        for (size_t j = 0; j < g[i]->nproc; j++) {
            warmupProc w;
            if (warmupClassify(&g[i]->proc[j], t, &w) != 0) {
                free(from);
                return -1;
            }
            out->procs++;
            size_t k = out->n[w.cls]++;
            if (w.cls != WARMUP_UNCLASSIFIED && (w.steady_from == 0 || w.steady_from > 2))
                out->late++;
            if (w.steady_from > 0) from[w.cls * (total ? total : 1) + k] = (double)w.steady_from;
        }
    for (int c = 0; c < WARMUP_CLASSES; c++) {
        statsSummary st;
        out->from_median[c] = NAN;
        if (c == WARMUP_NO_STEADY || c == WARMUP_UNCLASSIFIED || out->n[c] == 0 ||
            statsOf(&from[c * (total ? total : 1)], out->n[c], &st) != 0)
            continue;
        out->from_lo[c] = (long)st.min;
        out->from_hi[c] = (long)st.max;
        out->from_median[c] = st.median;
    }
    free(from);
    return 0;
}
