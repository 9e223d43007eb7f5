/* decide.c -- the stopping rule (decide.h): a cell's bootstrap interval
 * against the thresholds its verdicts use, or its own tolerance. One code
 * path for coldload-summarize --decided (export/plan: the harness asks it
 * after each round) and for the simulation in tests/unit/test_decide.c that measures
 * the rule's error rate. */
#include "verdict/decide.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <string.h>

#include "common/stats.h"

int decideInterval(double lo, double hi, const double *thr, size_t n) {
    if (isnan(lo) || isnan(hi)) return 0;
    for (size_t i = 0; i < n; i++)
        if (!(hi < thr[i] || lo >= thr[i])) return 0;
    return 1;
}

int decideRatio(const double *loaded, size_t nl, const double *idle, size_t ni, const double *thr,
                size_t nthr, double *lo, double *hi) {
    *lo = *hi = NAN;
    if (nl == 0 || ni == 0) return 0;
    summaryBootRatio(loaded, nl, idle, ni, lo, hi);
    return nl >= DECIDE_MIN_PROCS && decideInterval(*lo, *hi, thr, nthr);
}

int decideWithinTolerance(const double *m, size_t n, double tolerance, double *lo, double *hi) {
    *lo = *hi = NAN;
    statsSummary st;
    if (statsOf(m, n, &st) != 0 || !(st.median > 0)) return 0;
    /* the median as a side of one value: every resample of it is itself */
    summaryBootRatio(m, n, &st.median, 1, lo, hi);
    return n >= DECIDE_MIN_PROCS && !isnan(*lo) && *lo >= 1 - tolerance && *hi <= 1 + tolerance;
}

size_t decideThresholds(const summaryGroup *g, const verdictThresholds *t, double *thr,
                        const char **name) {
    if (!summaryIsLoaded(g)) return 0;
    size_t n = 0;
    thr[n] = verdictLoadedSlowAt(g, t),
    name[n++] = summaryIsPinned(g) ? "loaded-idle x fair share" : "loaded-idle";
    if (summaryIsFree(g)) {
        thr[n] = t->contention_wide, name[n++] = "contention-wide";
    } else if (summaryIsPinned(g)) {
        double e = verdictFairShare(g, g->key.width, t->load_cpus);
        if (isnan(e)) e = 2;
        if (g->key.width <= 1)
            thr[n] = t->contention_narrow * e, name[n++] = "contention-narrow x fair share";
        else thr[n] = t->contention_wide * e, name[n++] = "contention-wide x fair share";
    }
    return n;
}

/* The process medians of g (NAN ones left out) in a new array; *n of them. */
static double *decideMedians(const summaryGroup *g, size_t *n) {
    double *m = malloc((g->nproc ? g->nproc : 1) * sizeof *m);
    *n = 0;
    if (m)
        for (size_t i = 0; i < g->nproc; i++)
            if (!isnan(g->proc[i].median_ms)) m[(*n)++] = g->proc[i].median_ms;
    return m;
}

int decideGroup(const summary *s, const summaryGroup *g, const verdictThresholds *t,
                decideResult *r) {
    *r = (decideResult){0};
    r->lo = r->hi = NAN;
    const summaryGroup *idle = summaryIsLoaded(g) ? summaryIdleOf(s, g) : NULL;
    size_t nl, ni = 0;
    double *a = decideMedians(g, &nl), *b = idle ? decideMedians(idle, &ni) : NULL;
    if (!a || (idle && !b)) {
        free(a);
        free(b);
        return -1;
    }
    if (idle && ni > 0) {
        r->by_ratio = 1;
        r->nthr = decideThresholds(g, t, r->thr, r->thr_name);
        r->decided = decideRatio(a, nl, b, ni, r->thr, r->nthr, &r->lo, &r->hi);
        /* Under free load the question is placement's "k of K slow": its
         * WARN holds once k >= 1, so more processes only narrow the share
         * (a coin flip's cell would otherwise always take the most). */
        if (!r->decided && summaryIsFree(g) && nl >= DECIDE_MIN_PROCS && g->slow_procs >= 1 &&
            g->slow_procs != SIZE_MAX)
            r->decided = r->by_slow = 1;
    } else {
        r->decided = decideWithinTolerance(a, nl, DECIDE_IDLE_TOLERANCE, &r->lo, &r->hi);
    }
    free(a);
    free(b);
    return 0;
}

int decideFirstrunOwns(const firstrunCell *c, firstrunPartId p) {
    return (p == FIRSTRUN_COPY) == (strcmp(c->kind, "same") != 0);
}

int decideFirstrunPart(const firstrunCell *c, firstrunPartId p, double share_margin) {
    const firstrunSpread *s = &c->part[p];
    if (s->n < DECIDE_MIN_PROCS || isnan(c->extra) || isnan(s->min) || isnan(s->max)) return 0;
    return s->max - s->min <= 2 * share_margin * fabs(c->extra);
}
