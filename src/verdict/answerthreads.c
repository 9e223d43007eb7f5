/* answerthreads.c -- a threads job's cells, levels and answer (see
 * answerthreads.h). */
#include "verdict/answerthreads.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "verdict/decide.h"

int answerTdIsThreads(const summaryGroup *g) {
    return g->harness && strcmp(g->harness, "threads") == 0;
}

size_t answerTdRuns(const answerTdCell *c) { return c->ok + c->censored; }

/* One cell's figures from its group: the median run and its interval over
 * every process median (a bound counts as its bound), and which of the
 * three are only lower bounds. */
static void answerTdCellOf(const summaryGroup *g, answerTdCell *c) {
    const double one = 1.0;
    memset(c, 0, sizeof *c);
    c->g = g;
    c->failed = g->whole_failed;
    c->slow = g->whole_slow;
    c->median = c->lo = c->hi = c->bound_ms = NAN;
    size_t n = g->nproc ? g->nproc : 1, nm = 0, nb = 0;
    double *med = malloc(n * sizeof *med), *bounds = malloc(n * sizeof *bounds);
    for (size_t k = 0; med && bounds && k < g->nproc; k++) {
        const summaryProc *p = &g->proc[k];
        if (isnan(p->median_ms)) continue;
        med[nm++] = p->median_ms;
        if (p->median_bound) bounds[nb++] = p->median_ms;
    }
    c->censored = nb;
    c->ok = nm - nb;
    if (nm) {
        c->median = g->proc_median_median_ms;
        c->median_bound = g->median_bound;
        c->bound_ms = g->censored_min_ms;
        /* the interval of the median alone: the bootstrap of a ratio to 1 */
        summaryBootRatio(med, nm, &one, 1, &c->lo, &c->hi);
        c->lo_bound = summaryBound(c->lo, bounds, nb);
        c->hi_bound = summaryBound(c->hi, bounds, nb);
    }
    free(med);
    free(bounds);
}

void answerTdCollect(const summary *s, answerTdCells *t) {
    t->n = 0;
    t->prog = NULL;
    for (size_t i = 0; i < s->n && t->n < ANSWER_TD_CELLS; i++) {
        const summaryGroup *g = &s->g[i];
        if (!answerTdIsThreads(g)) continue;
        answerTdCellOf(g, &t->c[t->n++]);
        if (!t->prog) t->prog = g->key.workload;
    }
}

int answerTdSameLevel(const answerTdCell *a, const answerTdCell *b) {
    return summaryKeySame(&a->g->key, &b->g->key, SUMMARY_K_LOAD | SUMMARY_K_STRESSORS);
}

/* Whether threads hurt at level L (its best and widest set): see the rule in
 * answerthreads.h. */
static int answerTdHurt(const answerTdLevel *L) {
    const answerTdCell *b = L->best, *w = L->widest;
    if (!b || b->median_bound || b->hi_bound) return ANSWER_TD_UNRESOLVED;
    if (w == b) return ANSWER_TD_NO;
    if (w->median >= ANSWER_TD_HURT * b->median && w->lo > b->hi) return ANSWER_TD_YES;
    if (w->median_bound) return ANSWER_TD_UNRESOLVED; /* no "no" from a bound */
    return w->median < ANSWER_TD_HURT * b->median ? ANSWER_TD_WITHIN : ANSWER_TD_NOISE;
}

answerTdLevel answerTdLevelOf(const answerTdCells *t, const answerTdCell *first) {
    answerTdLevel L;
    memset(&L, 0, sizeof L);
    L.first = first;
    for (size_t i = 0; i < t->n; i++) {
        const answerTdCell *c = &t->c[i];
        if (!answerTdSameLevel(c, first) || isnan(c->median)) continue;
        if (c->g->key.width == 0) {
            L.def = c;
            continue;
        }
        if (!L.best || c->median < L.best->median) L.best = c;
        if (!L.widest || c->g->key.width > L.widest->g->key.width) L.widest = c;
    }
    if (!L.best) return L;
    L.hurt = answerTdHurt(&L);
    /* within noise: the numeric widths whose interval reaches the best's
     * (cells come sorted by width, so near[] ascends); without intervals
     * (one run a cell) only the best itself */
    for (size_t i = 0; i < t->n; i++) {
        const answerTdCell *c = &t->c[i];
        if (!answerTdSameLevel(c, first) || isnan(c->median) || c->g->key.width == 0) continue;
        if (c == L.best || (!isnan(c->lo) && !isnan(L.best->hi) && c->lo <= L.best->hi))
            L.near[L.nnear++] = c;
    }
    L.rec = L.near[0];
    return L;
}

int answerTdDecided(const answerTdLevel *L) {
    if (!L->best || L->hurt == ANSWER_TD_UNRESOLVED || L->hurt == ANSWER_TD_NOISE || L->nnear != 1)
        return 0;
    const answerTdCell *cells[] = {L->best, L->widest, L->def};
    for (size_t i = 0; i < sizeof cells / sizeof cells[0]; i++)
        if (cells[i] && answerTdRuns(cells[i]) < DECIDE_MIN_PROCS) return 0;
    return 1;
}

const answerTdCell *answerTdFirstOf(const answerTdCells *t, const char *load) {
    for (size_t i = 0; i < t->n; i++)
        if (strcmp(t->c[i].g->key.load, load) == 0) return &t->c[i];
    return NULL;
}

int answerTdDeciding(const answerTdCells *t, answerTdLevel *L) {
    static const char *const order[] = {"pinned", "free"};
    for (size_t k = 0; k < 2; k++) {
        const answerTdCell *first = answerTdFirstOf(t, order[k]);
        if (!first) continue;
        *L = answerTdLevelOf(t, first);
        if (L->best) return 1;
    }
    return 0;
}

void answerTdOther(const answerTdCells *t, const answerTdLevel *deciding, answerTdLevel *hurt,
                   int *has_hurt, answerTdLevel *def, int *has_def) {
    *has_hurt = *has_def = 0;
    double worst = 0;
    for (size_t i = 0; i < t->n; i++) {
        const answerTdCell *c = &t->c[i];
        int first = 1;
        for (size_t j = 0; j < i && first; j++) first = !answerTdSameLevel(&t->c[j], c);
        if (!first || summaryIsIdle(c->g)) continue;
        answerTdLevel L = answerTdLevelOf(t, c);
        if (!L.best) continue;
        if (L.first != deciding->first && L.hurt == ANSWER_TD_YES &&
            deciding->hurt != ANSWER_TD_YES && !*has_hurt) {
            *hurt = L;
            *has_hurt = 1;
        }
        if (!L.def || L.best->median_bound) continue;
        double r = L.def->median / L.best->median;
        if (r >= ANSWER_TD_HURT && r > worst) {
            worst = r;
            *def = L;
            *has_def = 1;
        }
    }
}

int answerThreadsJob(const summary *s, answer *a) {
    answerTdCells *t = malloc(sizeof *t);
    answerTdLevel *L = malloc(sizeof *L);
    if (!t || !L) {
        free(t);
        free(L);
        return -1;
    }
    answerTdCollect(s, t);
    if (answerTdDeciding(t, L)) {
        static const answerVerdict by[ANSWER_TD_N] = {ANSWER_NO, ANSWER_NO, ANSWER_UNCLEAR,
                                                      ANSWER_YES, ANSWER_NO};
        const answerTdCell *w = L->widest, *b = L->best;
        a->verdict = by[L->hurt];
        a->basis = L->first->g->key.load;
        a->cell = w->g;
        const answerFigure fig[] = {
            {"widest_over_best", w->median / b->median},
            {"widest_width", w->g->key.width},
            {"best_width", b->g->key.width},
            {"widest_median_ms", w->median},
            {"best_median_ms", b->median},
            {"widest_lo_ms", w->lo},
            {"best_hi_ms", b->hi},
            {"threshold", ANSWER_TD_HURT},
            /* 1: widest_median_ms (and the ratio) only a lower bound */
            {"widest_bound", w->median_bound},
            {"widest_censored", (double)w->censored},
            {"widest_runs", (double)answerTdRuns(w)},
            {"recommended_width", L->rec->g->key.width},
        };
        memcpy(a->fig, fig, sizeof fig);
        a->nfig = sizeof fig / sizeof fig[0];
    }
    free(t);
    free(L);
    return 0;
}
