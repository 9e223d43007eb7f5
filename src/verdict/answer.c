/* answer.c -- the report's two opening answers as data (see answer.h): which
 * cell decides, yes or no, and the figures, decided once here; doc/answerdoc
 * says them, export/json writes them, coldload-compare compares them. */
#include "verdict/answer.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "verdict/answerthreads.h"

const char *answerVerdictName(answerVerdict v) {
    static const char *const n[ANSWER_VERDICT_N] = {"not measured", "no", "yes", "unclear",
                                                    "not asked"};
    return v < ANSWER_VERDICT_N ? n[v] : "?";
}

const char *answerId(int k) {
    static const char *const id[ANSWER_QUESTIONS] = {"first-run", "threads"};
    return k >= 0 && k < ANSWER_QUESTIONS ? id[k] : "";
}

const char *answerQuestion(int k) {
    static const char *const q[ANSWER_QUESTIONS] = {"Is the first run slow here, and why?",
                                                    "Do threads hurt under full load here?"};
    return k >= 0 && k < ANSWER_QUESTIONS ? q[k] : "";
}

double answerFig(const answer *a, const char *name) {
    for (size_t i = 0; i < a->nfig; i++)
        if (!strcmp(a->fig[i].name, name)) return a->fig[i].value;
    return NAN;
}

static void answerAddFig(answer *a, const char *name, double value) {
    if (a->nfig < ANSWER_FIGURES_MAX) a->fig[a->nfig++] = (answerFigure){name, value};
}

/* A row more; NULL when out of memory. */
static answerRow *answerAddRow(answer *a) {
    answerRow *r = realloc(a->rows, (a->nrows + 1) * sizeof *r);
    if (!r) return NULL;
    a->rows = r;
    memset(&r[a->nrows], 0, sizeof *r);
    r[a->nrows].taken = -1;
    return &r[a->nrows++];
}

/* --- the first answer: from the cold-start and first-run verdicts ----------------------- */

/* The copy kinds a cold-start verdict names, in its order (fresh, then the
 * cold page cache's two), with their figure. */
static const struct {
    int copy;
    const char *fig;
} answerKinds[] = {{SUMMARY_COPY_FRESH, "fresh_ms"},
                   {SUMMARY_COPY_EVICTED, "evicted_ms"},
                   {SUMMARY_COPY_DROPCACHE, "dropcache_ms"}};

/* The group of same's key with copy kind `copy`, or NULL. */
static const summaryGroup *answerCopyOf(const summary *s, const summaryGroup *same, int copy) {
    for (size_t j = 0; j < s->n; j++)
        if (summaryKeySame(&same->key, &s->g[j].key, SUMMARY_K_ALL & ~SUMMARY_K_COPY) &&
            summaryIsCopy(&s->g[j], copy) && !isnan(s->g[j].whole_median_ms))
            return &s->g[j];
    return NULL;
}

/* The cold-start verdict cited and the cold kind of it (answer.h). */
static void answerColdPick(const answerInput *in, answer *a) {
    const verdictList *vl = in->verdicts;
    for (size_t i = 0; vl && i < vl->n; i++) {
        const verdict *v = &vl->v[i];
        if (strcmp(v->id, "cold-start") != 0 || !v->group) continue;
        double worst = verdictFig(v, "slowest_over_same");
        int warn = v->level >= VERDICT_WARN;
        if (a->fr.cv &&
            (a->fr.cold_warn > warn ||
             (a->fr.cold_warn == warn && !(worst > verdictFig(a->fr.cv, "slowest_over_same")))))
            continue;
        a->fr.cv = v;
        a->fr.cold_warn = warn;
    }
    const verdict *v = a->fr.cv;
    if (!v) return;
    double same_ms = verdictFig(v, "same_ms");
    a->fr.same = v->group;
    a->fr.threshold = verdictFig(v, "threshold");
    int pick = -1;
    for (int k = 1; k < 3; k++) {
        double r = verdictFig(v, answerKinds[k].fig) / same_ms;
        if (!isnan(r) && (pick < 0 || r > a->fr.ratio)) pick = k, a->fr.ratio = r;
    }
    if (pick < 0 && !isnan(verdictFig(v, "fresh_ms")))
        pick = 0, a->fr.ratio = verdictFig(v, "fresh_ms") / same_ms;
    if (pick >= 0) a->fr.cold = answerCopyOf(in->s, a->fr.same, answerKinds[pick].copy);
    if (pick > 0) a->fr.fresh = answerCopyOf(in->s, a->fr.same, SUMMARY_COPY_FRESH);
    if (!a->fr.cold) {
        a->fr.cv = NULL, a->fr.same = NULL, a->fr.cold_warn = 0;
        return;
    }
    const summaryGroup *same = a->fr.same, *cold = a->fr.cold, *fresh = a->fr.fresh;
    int above = a->fr.ratio >= a->fr.threshold, beyond = cold->whole_median_ms > same->whole_max_ms;
    a->fr.cold_why = !above                                    ? ANSWER_COLD_CHEAP
                     : !beyond                                 ? ANSWER_COLD_SPREAD
                     : cold->whole_majflt > same->whole_majflt ? ANSWER_COLD_DISK
                                                               : ANSWER_COLD_NO_FAULTS;
    a->fr.fresh_cached = fresh && fresh->whole_median_ms < a->fr.threshold * same->whole_median_ms;
}

/* The table: every cold kind against the same copy of its cell. */
static int answerColdRows(const summary *s, answer *a) {
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *same = &s->g[i];
        if (!summaryIsCopy(same, SUMMARY_COPY_SAME) || !(same->whole_median_ms > 0)) continue;
        for (size_t j = 0; j < s->n; j++) {
            const summaryGroup *g = &s->g[j];
            int kind = summaryWordOf(summaryCopies, SUMMARY_COPY_N, g->key.copy);
            if (j == i || kind < 0 || !summaryCopies[kind].cold ||
                !summaryKeySame(&same->key, &g->key, SUMMARY_K_ALL & ~SUMMARY_K_COPY) ||
                isnan(g->whole_median_ms))
                continue;
            answerRow *r = answerAddRow(a);
            if (!r) return -1;
            r->g = g, r->base = same;
            r->base_ms = same->whole_median_ms, r->ms = g->whole_median_ms;
            r->ratio = g->whole_median_ms / same->whole_median_ms;
            r->lo = r->hi = NAN;
            r->majflt = g->whole_majflt;
            r->base_majflt = isnan(same->whole_majflt) ? 0 : same->whole_majflt;
            r->slow = r->procs = SIZE_MAX;
        }
    }
    return 0;
}

static int answerFirstRun(const answerInput *in, answer *a) {
    answerColdPick(in, a);
    /* the first call in a process against its steady min, idle groups only */
    const summary *s = in->s;
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *g = &s->g[i];
        if (!summaryIsLoaded(g) && !isnan(g->first_over_min) &&
            (!a->fr.first || g->first_over_min > a->fr.first->first_over_min))
            a->fr.first = g;
    }
    const verdictList *vl = in->verdicts;
    for (size_t i = 0; vl && a->fr.first && i < vl->n; i++) {
        const verdict *v = &vl->v[i];
        if (!strcmp(v->id, "warmup") && summaryKeySame(&v->group->key, &a->fr.first->key, v->parts))
            a->fr.wv = v;
        if (vl->v[i].group != a->fr.first) continue;
        if (!strcmp(vl->v[i].id, "first-run")) a->fr.first_warn = a->fr.first_notable = 1;
        if (!strcmp(vl->v[i].id, "first-run-notable")) a->fr.first_notable = 1;
    }
    if (a->fr.cold || a->fr.first)
        a->verdict = a->fr.cold_warn || a->fr.first_warn ? ANSWER_YES : ANSWER_NO;
    /* the cold start decides unless only the first call is slow */
    if (a->fr.cold && (a->fr.cold_warn || !a->fr.first_warn)) {
        a->basis = "cold-start";
        a->cell = a->fr.cold;
        answerAddFig(a, "cold_over_same", a->fr.ratio);
        answerAddFig(a, "cold_ms", a->fr.cold->whole_median_ms);
        answerAddFig(a, "same_ms", a->fr.same->whole_median_ms);
        answerAddFig(a, "cold_majflt", a->fr.cold->whole_majflt);
        answerAddFig(a, "threshold", a->fr.threshold);
    } else if (a->fr.first) {
        a->basis = "first-call";
        a->cell = a->fr.first;
        answerAddFig(a, "first_over_min", a->fr.first->first_over_min);
        answerAddFig(a, "first_ms", a->fr.first->first_ms);
        answerAddFig(a, "min_ms", a->fr.first->min_ms);
        answerAddFig(a, "threshold", in->thresholds->first_min);
    }
    /* the first call's cell, its processes classed: is call 2 steady? (the
     * warmup verdict's figures, named for the answer) */
    static const struct {
        const char *fig, *name;
    } warm[] = {{"classified", "warmup_classified"},
                {"flat", "warmup_flat"},
                {"warmup", "warmup_warmup"},
                {"slowdown", "warmup_slowdown"},
                {"no_steady_state", "warmup_no_steady_state"},
                {"late", "warmup_late"},
                {"warmup_from_lo", "warmup_from_lo"},
                {"warmup_from_hi", "warmup_from_hi"}};
    for (size_t i = 0; a->fr.wv && i < sizeof warm / sizeof warm[0]; i++)
        answerAddFig(a, warm[i].name, verdictFig(a->fr.wv, warm[i].fig));
    return answerColdRows(s, a);
}

/* --- the second answer: the loaded groups' per-process figures --------------------------- */

long answerStopOf(const metaStops *stops, const summaryGroup *g, int *how) {
    long s = g->key.nstressors > 0 ? g->key.nstressors : 0;
    const char *h = g->harness ? g->harness : "";
    const metaStop *x =
        stops ? metaStopFind(stops, h, g->key.load, s, g->key.workload, g->key.width) : NULL;
    /* the loaded runs' TRG is the harness's cell "trgload" (its own size) */
    char alt[160];
    snprintf(alt, sizeof alt, "%sload", g->key.workload);
    if (stops && !x) x = metaStopFind(stops, h, g->key.load, s, alt, g->key.width);
    *how = x ? (int)x->how : 0;
    return x ? x->procs : -1;
}

static void answerLoadPick(const summary *s, const char *load, answerLoad *x) {
    *x = (answerLoad){0, 0, 0, INFINITY, 0, NULL};
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *g = &s->g[i];
        if (!summaryIsLoaded(g) || strcmp(g->key.load, load) != 0 || g->slow_procs == SIZE_MAX ||
            isnan(g->proc_ratio))
            continue;
        if (g->key.width == 1) {
            x->n1++;
            x->lo1 = fmin(x->lo1, g->proc_ratio);
            x->hi1 = fmax(x->hi1, g->proc_ratio);
            continue;
        }
        x->slow += g->slow_procs;
        x->procs += g->procs;
        /* the cell with the slowest process: a bimodal cell's median hides it */
        const summaryGroup *w = x->worst;
        if (!w || g->proc_median_max_ms / g->proc_median_median_ms * g->proc_ratio >
                      w->proc_median_max_ms / w->proc_median_median_ms * w->proc_ratio)
            x->worst = g;
    }
}

/* The table: every loaded group with an idle twin, with its stop. */
static int answerLoadRows(const answerInput *in, answer *a) {
    const summary *s = in->s;
    int rc = 0;
    for (size_t i = 0; i < s->n && rc == 0; i++) {
        const summaryGroup *g = &s->g[i];
        const summaryGroup *idle = summaryIsLoaded(g) ? summaryIdleOf(s, g) : NULL;
        if (!idle || g->slow_procs == SIZE_MAX || isnan(g->proc_ratio)) continue;
        answerRow *r = answerAddRow(a);
        if (!r) {
            rc = -1;
            break;
        }
        r->g = g, r->base = idle;
        r->base_ms = idle->proc_median_median_ms, r->ms = g->proc_median_median_ms;
        r->ratio = g->proc_ratio, r->lo = g->ratio_lo, r->hi = g->ratio_hi;
        r->majflt = r->base_majflt = NAN;
        r->slow = g->slow_procs, r->procs = g->procs;
        r->taken = answerStopOf(in->stops, g, &r->how);
    }
    return rc;
}

static int answerThreads(const answerInput *in, answer *a) {
    static const char *const basis[ANSWER_LOADS] = {"pinned", "loaded", "free"};
    const char *load[ANSWER_LOADS] = {summaryLoads[SUMMARY_LOAD_PINNED].name, "",
                                      summaryLoads[SUMMARY_LOAD_FREE].name};
    int any = 0, d = -1;
    for (int i = 0; i < ANSWER_LOADS; i++) {
        answerLoad *x = &a->load[i];
        answerLoadPick(in->s, load[i], x);
        any |= x->worst || x->n1;
        a->all_slow[i] = x->worst && x->slow == x->procs;
        /* pinned load decides (it reproduces); free load only without it */
        if (d < 0 && x->worst) d = i;
    }
    if (any) a->verdict = ANSWER_NO;
    a->decides = d;
    if (d >= 0) {
        const answerLoad *x = &a->load[d];
        a->verdict = a->all_slow[d] ? ANSWER_YES : ANSWER_NO;
        a->basis = basis[d];
        a->cell = x->worst;
        if (d != ANSWER_LOAD_FREE) {
            answerAddFig(a, "loaded_over_idle", x->worst->proc_ratio);
            answerAddFig(a, "ratio_lo", x->worst->ratio_lo);
            answerAddFig(a, "ratio_hi", x->worst->ratio_hi);
        } else a->cell = NULL; /* free load's answer is its count, over every cell */
        answerAddFig(a, "slow_procs", (double)x->slow);
        answerAddFig(a, "procs", (double)x->procs);
        answerAddFig(a, "threshold", in->thresholds->contention_wide);
    }
    return answerLoadRows(in, a);
}

/* --- the answer ------------------------------------------------------------------------------ */

int answerCompute(const answerInput *in, int k, answer *a) {
    memset(a, 0, sizeof *a);
    a->k = k;
    a->verdict = ANSWER_NOT_MEASURED;
    a->fr.ratio = NAN;
    a->fr.threshold = NAN;
    a->decides = -1;
    if (in->asks == ANSWER_ASKS_OWN_THREADS) {
        a->threads_job = 1;
        if (k == ANSWER_FIRST_RUN) {
            a->verdict = ANSWER_NOT_ASKED;
            return 0;
        }
        if (answerThreadsJob(in->s, a) != 0) return -1;
        return answerLoadRows(in, a);
    }
    if (k == ANSWER_THREADS && in->asks == ANSWER_ASKS_FIRST_RUN) {
        /* a cold-only job (`make cold BINARY=`, the container's `cold`)
         * investigates cold starts, often of someone else's program, under
         * no load: whether threads hurt is not its question, and "not
         * measured" would read as a failure */
        a->verdict = ANSWER_NOT_ASKED;
        return 0;
    }
    return k == ANSWER_FIRST_RUN ? answerFirstRun(in, a) : answerThreads(in, a);
}

void answerFree(answer *a) {
    free(a->rows);
    a->rows = NULL;
    a->nrows = 0;
}
