/* answerthreads.c -- a threads job's cells, levels and answer (see
 * answerthreads.h). */
#include "verdict/answerthreads.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int answerIsThreadsJob(const metaTable *m) {
    const char *job = m ? metaGet(m, "job") : NULL;
    return job && strcmp(job, "threads") == 0;
}

int answerTdIsThreads(const summaryGroup *g) {
    return g->harness && strcmp(g->harness, "threads") == 0;
}

void answerTdCollect(const summary *s, answerTdCells *t) {
    t->n = 0;
    t->prog = NULL;
    const double one = 1.0;
    for (size_t i = 0; i < s->n && t->n < ANSWER_TD_CELLS; i++) {
        const summaryGroup *g = &s->g[i];
        if (!answerTdIsThreads(g)) continue;
        answerTdCell *c = &t->c[t->n++];
        memset(c, 0, sizeof *c);
        c->g = g;
        if (!t->prog) t->prog = g->key.workload;
        double *med = malloc((g->nproc ? g->nproc : 1) * sizeof *med);
        for (size_t k = 0; med && k < g->nproc; k++)
            if (!isnan(g->proc[k].median_ms)) med[c->ok++] = g->proc[k].median_ms;
        c->failed = g->whole_failed;
        c->cut = g->whole_cut;
        c->median = c->ok ? g->proc_median_median_ms : NAN;
        /* the interval of the median alone: the bootstrap of a ratio to 1 */
        summaryBootRatio(med, c->ok, &one, 1, &c->lo, &c->hi);
        free(med);
    }
}

int answerTdSameLevel(const answerTdCell *a, const answerTdCell *b) {
    return summaryKeySame(&a->g->key, &b->g->key, SUMMARY_K_LOAD | SUMMARY_K_STRESSORS);
}

answerTdLevel answerTdLevelOf(const answerTdCells *t, const answerTdCell *first) {
    answerTdLevel L = {first, NULL, NULL, NULL, ANSWER_TD_NO};
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
    if (!L.best || L.widest == L.best) L.hurt = ANSWER_TD_NO;
    else if (L.widest->median < ANSWER_TD_HURT * L.best->median) L.hurt = ANSWER_TD_WITHIN;
    else L.hurt = L.widest->lo > L.best->hi ? ANSWER_TD_YES : ANSWER_TD_UNRESOLVED;
    return L;
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

int answerThreadsJob(const summary *s, answer *a) {
    answerTdCells *t = malloc(sizeof *t);
    if (!t) return -1;
    answerTdCollect(s, t);
    answerTdLevel L;
    if (answerTdDeciding(t, &L)) {
        static const answerVerdict by[] = {ANSWER_NO, ANSWER_NO, ANSWER_UNCLEAR, ANSWER_YES};
        a->verdict = by[L.hurt];
        a->basis = L.first->g->key.load;
        a->cell = L.widest->g;
        const answerFigure fig[] = {{"widest_over_best", L.widest->median / L.best->median},
                                    {"widest_width", L.widest->g->key.width},
                                    {"best_width", L.best->g->key.width},
                                    {"widest_median_ms", L.widest->median},
                                    {"best_median_ms", L.best->median},
                                    {"widest_lo_ms", L.widest->lo},
                                    {"best_hi_ms", L.best->hi},
                                    {"threshold", ANSWER_TD_HURT}};
        memcpy(a->fig, fig, sizeof fig);
        a->nfig = sizeof fig / sizeof fig[0];
    }
    free(t);
    return 0;
}
