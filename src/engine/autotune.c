/* autotune.c -- the measured choice among the widths the rule allows (see
 * autotune.h for the why and the trade-off). */
#include "engine/autotune.h"

#include <math.h>
#include <string.h>

#include "common/stats.h"

void autotInit(autotTable *t) {
    memset(t, 0, sizeof *t);
    for (int w = 0; w <= POOL_MAX_WIDTH; w++) t->w[w].last_ms = -1;
}

double autotMedian(const autotTable *t, int width) {
    if (width < RANGE_ENGINE_WIDTH_MIN || width > POOL_MAX_WIDTH || t->w[width].n == 0) return NAN;
    statsSummary s;
    statsOf(t->w[width].ms, (size_t)t->w[width].n, &s);
    return s.median;
}

/* The candidates below and at bound: 1, 2, 4, ... (< bound), bound.
 * Powers of two keep the exploration short on a wide machine (12 CPUs: 5
 * candidates, not 12) at the price of never trying, say, 6 of 12. */
static int autotCandidates(int bound, int *c) {
    int n = 0;
    for (int w = 1; w < bound; w *= 2) c[n++] = w;
    c[n++] = bound;
    return n;
}

/* The known candidate with the least median; a wider one only when it is
 * more than AUTOT_TIE faster than the narrower best so far. */
static int autotBest(const autotTable *t, const int *c, int n) {
    int best = c[0];
    double bm = autotMedian(t, best);
    for (int i = 1; i < n; i++) {
        double m = autotMedian(t, c[i]);
        if (m < bm * (1.0 - AUTOT_TIE)) {
            best = c[i];
            bm = m;
        }
    }
    return best;
}

int autotPick(autotTable *t, int bound, double now_ms) {
    int c[32], n;
    if (bound < 1) bound = 1;
    if (bound > POOL_MAX_WIDTH) bound = POOL_MAX_WIDTH;
    t->revisit = 0;
    if (bound == 1) return 1; /* nothing to choose: no exploring */
    n = autotCandidates(bound, c);

    /* Explore: the candidate with the fewest times, the widest of those. */
    int fewest = 0;
    for (int i = 1; i < n; i++)
        if (t->w[c[i]].n <= t->w[c[fewest]].n) fewest = i;
    if (t->w[c[fewest]].n < AUTOT_SAMPLES) {
        t->explored++;
        return c[fewest];
    }

    int best = autotBest(t, c, n);
    /* Revisit the stalest candidate whose times are older than its due. */
    int stale = 0;
    double most = 0;
    for (int i = 0; i < n; i++) {
        if (c[i] == best) continue;
        double due = AUTOT_REVISIT_CALLS * autotMedian(t, c[i]);
        if (due < AUTOT_REVISIT_MS) due = AUTOT_REVISIT_MS;
        double over = now_ms - t->w[c[i]].last_ms - due;
        if (over > most) {
            most = over;
            stale = c[i];
        }
    }
    if (stale) {
        t->revisit = stale;
        t->revisit_beat = autotMedian(t, best);
        t->explored++;
        return stale;
    }
    return best;
}

void autotRecord(autotTable *t, int width, double ms, double now_ms) {
    if (width < RANGE_ENGINE_WIDTH_MIN || width > POOL_MAX_WIDTH || !(ms >= 0)) return;
    autotWidth *x = &t->w[width];
    if (t->revisit == width) {
        /* A revisit faster than the choice it was made against: the
         * machine changed, the old times of this width no longer hold. */
        if (ms < t->revisit_beat) x->n = x->next = 0;
        t->revisit = 0;
    }
    x->ms[x->next] = ms;
    x->next = (x->next + 1) % AUTOT_SAMPLES;
    if (x->n < AUTOT_SAMPLES) x->n++;
    x->last_ms = now_ms;
}
