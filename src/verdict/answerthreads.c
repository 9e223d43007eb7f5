/* answerthreads.c -- a threads job's cells, levels and answer (see
 * answerthreads.h). */
#include "verdict/answerthreads.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/stats.h"
#include "verdict/decide.h"

int answerThreadsIsThreads(const summaryGroup *g) {
    return g->harness && strcmp(g->harness, "threads") == 0;
}

size_t answerThreadsRuns(const answerThreadsCell *c) { return c->ok + c->censored; }

/* One cell's figures from its group: the median run and its interval over
 * every process median (a bound counts as its bound), and which of the
 * three are only lower bounds. */
static void answerThreadsCellOf(const summary *s, const summaryGroup *g, answerThreadsCell *c) {
    const double one = 1.0;
    memset(c, 0, sizeof *c);
    c->g = g;
    c->threads_lo = c->threads_hi = NAN;
    const summaryVec *th = summaryRunFigValues(s, g, RUNFIG_THREADS_MAX);
    for (size_t k = 0; th && k < th->n; k++) {
        if (isnan(th->x[k])) continue;
        if (isnan(c->threads_lo) || th->x[k] < c->threads_lo) c->threads_lo = th->x[k];
        if (isnan(c->threads_hi) || th->x[k] > c->threads_hi) c->threads_hi = th->x[k];
    }
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

/* 1 when the job set the variable VAR (LEN bytes) at each width: it is in
 * s->width_env, or that is unknown (results without threads_width_env). */
static int answerThreadsSet(const summary *s, const char *var, size_t len) {
    if (!*s->width_env) return 1;
    for (const char *q = s->width_env; *q;) {
        size_t m = strcspn(q, " ");
        if (m == len && !strncmp(q, var, len)) return 1;
        q += m + (q[m] == ' ');
    }
    return 0;
}

/* Whether the cells of t are one configuration (answerthreads.h,
 * answerThreadsCells.one), into t->one, one_threads and silent. A width reaches
 * the program through {width} in ARGS or through a variable a runtime it
 * loaded reads (runs.csv runtimes: "name:VARIABLE;...", the variable empty
 * for a runtime that reads none: oneTBB, serial OpenBLAS) and the job set
 * (--width-env-only: libgomp's OMP_NUM_THREADS does not reach it when only
 * MKL_NUM_THREADS was set); without that column nothing is known, and
 * nothing is one configuration. */
static void answerThreadsFindOne(answerThreadsCells *t) {
    t->one = ANSWER_THREADS_WIDTHS;
    t->one_threads = NAN;
    t->silent[0] = '\0';
    size_t o = 0;
    int widths = 0;
    if (!t->s || !t->s->run_text_at[RUNFIG_RUNTIMES]) return;
    for (size_t i = 0; i < t->n; i++) {
        const answerThreadsCell *c = &t->c[i];
        if (c->g->key.params && strstr(c->g->key.params, "{width}")) goto reached;
        widths |= c->g->key.width != t->c[0].g->key.width;
        /* the sampler corroborates: one count, the most of every cell whose
         * runs it saw (0: every run ended before its first pass, unknown) */
        int seen = !isnan(c->threads_hi) && c->threads_hi >= 1;
        if (seen && isnan(t->one_threads)) t->one_threads = c->threads_hi;
        else if (seen && c->threads_hi != t->one_threads) goto reached;
        const char *p = summaryRunTextOf(t->s, c->g, RUNFIG_RUNTIMES);
        while (p && *p) {
            size_t len = strcspn(p, ";"), name = strcspn(p, ":");
            /* no ':' at all: not the launcher's words */
            if (name >= len) goto reached;
            /* a variable the job set at each width */
            if (name + 1 != len && answerThreadsSet(t->s, p + name + 1, len - name - 1))
                goto reached;
            char n[64];
            snprintf(n, sizeof n, "%.*s", (int)(name < sizeof n ? name : sizeof n - 1), p);
            int have = 0;
            for (const char *q = t->silent; *q && !have;) {
                size_t m = strcspn(q, ",");
                have = m == strlen(n) && !strncmp(q, n, m);
                q += m + (q[m] == ',') + (q[m] == ',' && q[m + 1] == ' ');
            }
            if (!have) summaryCat(t->silent, sizeof t->silent, &o, "%s%s", o ? ", " : "", n);
            p += len + (p[len] == ';');
        }
    }
    if (!widths) goto reached;
    t->one = t->one_threads == 1 ? ANSWER_THREADS_ONE_THREAD
             : *t->silent        ? ANSWER_THREADS_SILENT
                                 : ANSWER_THREADS_OWN_THREADS;
    return;
reached:
    t->one = ANSWER_THREADS_WIDTHS;
    t->silent[0] = '\0';
}

void answerThreadsCollect(const summary *s, answerThreadsCells *t) {
    t->n = 0;
    t->prog = NULL;
    t->s = s;
    for (size_t i = 0; i < s->n && t->n < ANSWER_THREADS_CELLS; i++) {
        const summaryGroup *g = &s->g[i];
        if (!answerThreadsIsThreads(g)) continue;
        answerThreadsCellOf(s, g, &t->c[t->n++]);
        if (!t->prog) t->prog = g->key.workload;
    }
    answerThreadsFindOne(t);
}

double answerThreadsPooled(const answerThreadsCells *t, const answerThreadsCell *first, size_t *n,
                           int *bound) {
    size_t all = 0, m = 0, nb = 0;
    *n = 0;
    *bound = 0;
    for (size_t i = 0; i < t->n; i++)
        if (answerThreadsSameLevel(&t->c[i], first)) all += t->c[i].g->nproc;
    double *v = malloc((all + 1) * sizeof *v), *b = malloc((all + 1) * sizeof *b);
    double med = NAN;
    for (size_t i = 0; v && b && i < t->n; i++) {
        if (!answerThreadsSameLevel(&t->c[i], first)) continue;
        for (size_t k = 0; k < t->c[i].g->nproc; k++) {
            const summaryProc *p = &t->c[i].g->proc[k];
            if (isnan(p->median_ms)) continue;
            v[m++] = p->median_ms;
            if (p->median_bound) b[nb++] = p->median_ms;
        }
    }
    statsSummary st;
    if (v && b && statsOf(v, m, &st) == 0) {
        med = st.median;
        *bound = summaryBound(med, b, nb);
        *n = m;
    }
    free(v);
    free(b);
    return med;
}

int answerThreadsIsAgain(const answerThreadsCell *c) {
    return c->g->key.copy && strcmp(c->g->key.copy, ANSWER_THREADS_AGAIN) == 0;
}

int answerThreadsSameLevel(const answerThreadsCell *a, const answerThreadsCell *b) {
    return summaryKeySame(&a->g->key, &b->g->key, SUMMARY_K_LOAD | SUMMARY_K_STRESSORS);
}

/* The cell whose runs are c's configuration too at level L: the default
 * cell for its twin and the twin for it; NULL for every other cell. */
static const answerThreadsCell *answerThreadsOneConfig(const answerThreadsLevel *L,
                                                       const answerThreadsCell *c) {
    if (!L || !L->twin || !L->def) return NULL;
    return c == L->twin ? L->def : c == L->def ? L->twin : NULL;
}

/* Slots for the runs of c and of also (NULL: none). */
static size_t answerThreadsSlots(const answerThreadsCell *c, const answerThreadsCell *also) {
    return c->g->nproc + (also ? also->g->nproc : 0) + 1;
}

/* The runs of c, then of also (NULL: none), a bound as its bound, into v
 * and b (answerThreadsSlots slots). */
static size_t answerThreadsRunsOf(const answerThreadsCell *c, const answerThreadsCell *also,
                                  double *v, unsigned char *b) {
    size_t n = 0;
    for (const answerThreadsCell *x = c; x; x = x == c ? also : NULL)
        for (size_t k = 0; k < x->g->nproc; k++) {
            const summaryProc *p = &x->g->proc[k];
            if (isnan(p->median_ms)) continue;
            v[n] = p->median_ms;
            b[n++] = (unsigned char)(p->median_bound != 0);
        }
    return n;
}

/* The two cells' runs as samples for common/differ -- each with the runs of
 * its one configuration at L (L NULL: none) -- judged (r) or, with r NULL,
 * the 1 - alpha interval of a's shift against b into shift[0..2). 0, -1 out
 * of memory. */
static int answerThreadsSamples(const answerThreadsLevel *L, const answerThreadsCell *a,
                                const answerThreadsCell *b, differSides sides, double alpha,
                                double floor, differResult *r, double *shift) {
    const answerThreadsCell *xa = answerThreadsOneConfig(L, a), *xb = answerThreadsOneConfig(L, b);
    if (xa == b) xa = xb = NULL; /* the A/A pair itself: each side its own runs */
    size_t na = answerThreadsSlots(a, xa), nb = answerThreadsSlots(b, xb);
    double *va = malloc(na * sizeof *va), *vb = malloc(nb * sizeof *vb);
    unsigned char *ba = malloc(na), *bb = malloc(nb);
    int rc = -1;
    if (va && vb && ba && bb) {
        differSample sa = {va, ba, answerThreadsRunsOf(a, xa, va, ba)};
        differSample sb = {vb, bb, answerThreadsRunsOf(b, xb, vb, bb)};
        if (r) rc = differJudge(sa, sb, sides, alpha, floor, r);
        else rc = differShiftInterval(sa, sb, alpha, &shift[0], &shift[1]);
    } else if (r) {
        memset(r, 0, sizeof *r);
        r->verdict = DIFFER_UNRESOLVED;
    }
    free(va);
    free(vb);
    free(ba);
    free(bb);
    return rc;
}

int answerThreadsDiffer(const answerThreadsLevel *L, const answerThreadsCell *a,
                        const answerThreadsCell *b, differSides sides, double alpha, double floor,
                        differResult *r) {
    return answerThreadsSamples(L, a, b, sides, alpha, floor, r, NULL);
}

/* 1 when every run of a and of b used one and the same number of threads. */
static int answerThreadsSameThreads(const answerThreadsCell *a, const answerThreadsCell *b) {
    return !isnan(a->threads_lo) && !isnan(b->threads_lo) && a->threads_lo == a->threads_hi &&
           b->threads_lo == b->threads_hi && a->threads_lo == b->threads_lo;
}

/* 1 when the runtimes the default cell's runs loaded (runs.csv runtimes:
 * "name:VARIABLE;...") are all ones documented to start one thread per CPU
 * the process may use when their variable is unset -- so that leaving it
 * unset is a width, not another setting (MKL takes the physical cores,
 * BLIS and Julia one thread: never a twin). A program whose threads are its
 * own (none of these) has no documented default: no twin either. */
static int answerThreadsDefaultIsAWidth(const summary *s, const summaryGroup *g) {
    static const char *const per_cpu[] = {
        "libgomp",     "libomp",     "libopenblas (pthread)", "libopenblas (openmp)",
        "libopenblas", "Go runtime", "rayon (Rust)"};
    const char *words = summaryRunTextOf(s, g, RUNFIG_RUNTIMES);
    if (!words || !*words) return 0;
    const char *p = words;
    while (*p) {
        size_t len = strcspn(p, ";"), name = strcspn(p, ":");
        if (name > len) name = len;
        int known = 0;
        for (size_t i = 0; i < sizeof per_cpu / sizeof per_cpu[0] && !known; i++)
            known = strlen(per_cpu[i]) == name && strncmp(p, per_cpu[i], name) == 0;
        if (!known) return 0;
        p += len + (p[len] == ';');
    }
    return 1;
}

/* c resolved slower than the best of L by the rule, one-sided at alpha, the
 * size at least 1 + floor. */
static int answerThreadsSlowerThanBest(const answerThreadsLevel *L, const answerThreadsCell *c,
                                       double alpha, double floor) {
    differResult r;
    return answerThreadsDiffer(L, c, L->best, DIFFER_GREATER, alpha, floor, &r) == 0 &&
           r.verdict == DIFFER_SLOWER;
}

/* 1 when most runs of c are slow (at least --contention-wide x idle), the
 * share resolved above one half: the exact binomial tail P(X >= k | n, 1/2)
 * at DIFFER_ALPHA -- 5 of 5 runs, 7 of 8; never from 3 of 3 (1 in 8 of a
 * coin's). Under free load a run is slow or not by where the scheduler put
 * its threads, so a cell slower in its median can still be the other's
 * equal by the toss; only one slow in most runs is worse. */
static int answerThreadsMostlySlow(const answerThreadsCell *c) {
    size_t n = c->g->procs, k = c->g->slow_procs == SIZE_MAX ? 0 : c->g->slow_procs;
    if (!n || k > n) return 0;
    double p = 0, term = ldexp(1.0, -(int)n); /* C(n, n) / 2^n, then down to C(n, k) */
    for (size_t j = n;; j--) {
        p += term;
        if (j == k) break;
        term = term * (double)j / (double)(n - j + 1);
    }
    return p <= DIFFER_ALPHA * (1 + 1e-9);
}

/* The floor of a claim of ANSWER_THREADS_HURT at L: the larger of the two. */
static double answerThreadsHurtFloor(const answerThreadsLevel *L) {
    return L->floor > ANSWER_THREADS_HURT - 1 ? L->floor : ANSWER_THREADS_HURT - 1;
}

/* Whether threads hurt at level L (its best and widest set): see the rule in
 * answerthreads.h. */
static int answerThreadsHurt(const answerThreadsLevel *L) {
    const answerThreadsCell *b = L->best, *w = L->widest;
    if (!b || b->median_bound || b->hi_bound) return ANSWER_THREADS_UNRESOLVED;
    if (w == b) return ANSWER_THREADS_NO;
    double alpha = DIFFER_ALPHA / (double)(L->nwidths > 1 ? L->nwidths - 1 : 1);
    differResult r;
    if (answerThreadsDiffer(L, w, b, DIFFER_GREATER, alpha, answerThreadsHurtFloor(L), &r) != 0)
        return ANSWER_THREADS_UNRESOLVED;
    if (r.verdict == DIFFER_SLOWER) return ANSWER_THREADS_YES;
    if (w->median_bound) return ANSWER_THREADS_UNRESOLVED; /* no "no" from a bound */
    if (w->median < ANSWER_THREADS_HURT * b->median) return ANSWER_THREADS_WITHIN;
    return r.verdict == DIFFER_UNRESOLVED ? ANSWER_THREADS_UNRESOLVED : ANSWER_THREADS_NOISE;
}

answerThreadsLevel answerThreadsLevelOf(const answerThreadsCells *t,
                                        const answerThreadsCell *first) {
    answerThreadsLevel L;
    memset(&L, 0, sizeof L);
    L.first = first;
    for (size_t i = 0; i < t->n; i++) {
        const answerThreadsCell *c = &t->c[i];
        if (!answerThreadsSameLevel(c, first) || isnan(c->median)) continue;
        if (answerThreadsIsAgain(c)) { /* a width's A/A control, never a width of its own */
            L.again = c;
            continue;
        }
        if (c->g->key.width == 0) {
            L.def = c;
            continue;
        }
        L.nwidths++;
        if (!L.best || c->median < L.best->median) L.best = c;
        if (!L.widest || c->g->key.width > L.widest->g->key.width) L.widest = c;
        if (!L.narrowest || c->g->key.width < L.narrowest->g->key.width) L.narrowest = c;
    }
    if (!L.best) return L;
    if (t->one) { /* every cell every other's twin: their spread the floor */
        L.one = 1;
        L.hurt = ANSWER_THREADS_NO;
        for (size_t i = 0; i < t->n; i++)
            for (size_t j = i + 1; j < t->n; j++) {
                const answerThreadsCell *a = &t->c[i], *b = &t->c[j];
                double r[2] = {NAN, NAN};
                if (!answerThreadsSameLevel(a, first) || !answerThreadsSameLevel(b, first) ||
                    isnan(a->median) || isnan(b->median))
                    continue;
                if (answerThreadsSamples(NULL, a, b, DIFFER_TWO_SIDED, DIFFER_ALPHA, 0, NULL, r) ==
                        0 &&
                    r[0] > 0 && r[1] > 0)
                    L.floor = fmax(L.floor, fmax(r[1], 1 / r[0]) - 1);
                L.floor_bound |= a->median_bound || b->median_bound;
            }
        for (size_t i = 0; i < t->n; i++) {
            const answerThreadsCell *c = &t->c[i];
            if (answerThreadsSameLevel(c, first) && !isnan(c->median) && c->g->key.width != 0 &&
                !answerThreadsIsAgain(c))
                L.near[L.nnear++] = c;
        }
        return L; /* no recommendation from identical cells: rec NULL */
    }
    /* the default cell's twin: the A/A control of the level */
    for (size_t i = 0; L.def && i < t->n && !L.twin; i++) {
        const answerThreadsCell *c = &t->c[i];
        if (answerThreadsSameLevel(c, first) && c->g->key.width != 0 && !isnan(c->median) &&
            answerThreadsSameThreads(L.def, c) && t->s &&
            answerThreadsDefaultIsAWidth(t->s, L.def->g))
            L.twin = c;
    }
    /* with a bound on either side the spread is at least that: still a floor */
    if (L.twin) {
        double r[2] = {NAN, NAN};
        if (answerThreadsSamples(&L, L.def, L.twin, DIFFER_TWO_SIDED, DIFFER_ALPHA, 0, NULL, r) ==
                0 &&
            r[0] > 0 && r[1] > 0)
            L.floor = fmax(fmax(r[1], 1 / r[0]) - 1, 0);
        L.floor_bound = L.def->median_bound || L.twin->median_bound;
    }
    /* the cell run again: its shift against its width's cell, a floor too */
    for (size_t i = 0; L.again && i < t->n && !L.again_of; i++) {
        const answerThreadsCell *c = &t->c[i];
        if (answerThreadsSameLevel(c, first) && !answerThreadsIsAgain(c) && !isnan(c->median) &&
            c->g->key.width == L.again->g->key.width)
            L.again_of = c;
    }
    if (L.again_of && !isnan(L.again->median)) {
        double r[2] = {NAN, NAN};
        if (answerThreadsSamples(NULL, L.again, L.again_of, DIFFER_TWO_SIDED, DIFFER_ALPHA, 0, NULL,
                                 r) == 0 &&
            r[0] > 0 && r[1] > 0)
            L.floor = fmax(L.floor, fmax(r[1], 1 / r[0]) - 1);
        L.floor_bound |= L.again->median_bound || L.again_of->median_bound;
    }
    L.hurt = answerThreadsHurt(&L);
    /* within noise: the best and the numeric widths the rule does not
     * resolve slower than it beyond the level's A/A floor -- and under free
     * load, where placement decides each run, also those not slow in most
     * runs (cells come sorted by width, so near[] ascends) */
    int free = summaryIsFree(first->g);
    for (size_t i = 0; i < t->n; i++) {
        const answerThreadsCell *c = &t->c[i];
        if (!answerThreadsSameLevel(c, first) || isnan(c->median) || c->g->key.width == 0 ||
            answerThreadsIsAgain(c))
            continue;
        if (c == L.best ||
            !answerThreadsSlowerThanBest(&L, c, DIFFER_ALPHA,
                                         fmax(L.floor, ANSWER_THREADS_ACT - 1)) ||
            (free && !answerThreadsMostlySlow(c)))
            L.near[L.nnear++] = c;
    }
    L.rec = L.near[0];
    return L;
}

int answerThreadsNeedsAgain(const answerThreadsLevel *L) {
    return L->best && !L->twin && !L->one && !L->again;
}

int answerThreadsDefaultRedundant(const answerThreadsLevel *L) {
    return L->def && L->twin && L->twin->slow >= 1 && !summaryIsIdle(L->first->g);
}

int answerThreadsDefaultCosts(const answerThreadsLevel *L) {
    if (!L->def || !L->best || L->twin || L->one || L->best->median_bound) return 0;
    return answerThreadsSlowerThanBest(L, L->def, DIFFER_ALPHA, answerThreadsHurtFloor(L));
}

int answerThreadsDecided(const answerThreadsLevel *L) {
    if (!L->best) return 0;
    /* a default cell that is a width's twin needs no runs of its own */
    const answerThreadsCell *cells[] = {L->best, L->widest, L->twin ? NULL : L->def};
    for (size_t i = 0; i < sizeof cells / sizeof cells[0]; i++)
        if (cells[i] && answerThreadsRuns(cells[i]) < DECIDE_MIN_PROCS) return 0;
    /* the A/A control's runs: its floor needs them as the cells do */
    if (L->again && answerThreadsRuns(L->again) < DECIDE_MIN_PROCS) return 0;
    /* one configuration: no width to choose, every cell's runs its floor */
    if (L->one) {
        for (size_t i = 0; i < L->nnear; i++)
            if (answerThreadsRuns(L->near[i]) < DECIDE_MIN_PROCS) return 0;
        return 1;
    }
    /* Under free load a run of the widest slow (at least --contention-wide
     * x idle, stopped or not: what placement's "k of K slow" counts) settles
     * the level's question (as decide.c's rule for the report's free
     * cells): more runs of a coin flip only narrow the share, at a slow
     * run's price each. */
    if (summaryIsFree(L->first->g) && L->widest &&
        (L->widest->slow >= 1 ||
         (L->widest->g->slow_procs != SIZE_MAX && L->widest->g->slow_procs >= 1)))
        return 1;
    return L->hurt != ANSWER_THREADS_UNRESOLVED && L->hurt != ANSWER_THREADS_NOISE && L->nnear == 1;
}

const answerThreadsCell *answerThreadsFirstOf(const answerThreadsCells *t, const char *load) {
    for (size_t i = 0; i < t->n; i++)
        if (strcmp(t->c[i].g->key.load, load) == 0) return &t->c[i];
    return NULL;
}

int answerThreadsDeciding(const answerThreadsCells *t, answerThreadsLevel *L) {
    static const char *const order[] = {"pinned", "free"};
    for (size_t k = 0; k < 2; k++) {
        const answerThreadsCell *first = answerThreadsFirstOf(t, order[k]);
        if (!first) continue;
        *L = answerThreadsLevelOf(t, first);
        if (L->best) return 1;
    }
    return 0;
}

void answerThreadsOther(const answerThreadsCells *t, const answerThreadsLevel *deciding,
                        answerThreadsLevel *hurt, int *has_hurt, answerThreadsLevel *def,
                        int *has_def) {
    *has_hurt = *has_def = 0;
    double worst = 0;
    for (size_t i = 0; i < t->n; i++) {
        const answerThreadsCell *c = &t->c[i];
        int first = 1;
        for (size_t j = 0; j < i && first; j++) first = !answerThreadsSameLevel(&t->c[j], c);
        if (!first || summaryIsIdle(c->g)) continue;
        answerThreadsLevel L = answerThreadsLevelOf(t, c);
        if (!L.best) continue;
        /* free load is placement's (its count of slow runs: threadsdoc), not
         * a difference that comes and goes with where the threads landed */
        if (L.first != deciding->first && L.hurt == ANSWER_THREADS_YES && !summaryIsFree(c->g) &&
            deciding->hurt != ANSWER_THREADS_YES && !*has_hurt) {
            *hurt = L;
            *has_hurt = 1;
        }
        if (!answerThreadsDefaultCosts(&L)) continue;
        double r = L.def->median / L.best->median;
        if (r > worst) {
            worst = r;
            *def = L;
            *has_def = 1;
        }
    }
}

int answerThreadsJob(const summary *s, answer *a) {
    answerThreadsCells *t = malloc(sizeof *t);
    answerThreadsLevel *L = malloc(sizeof *L);
    if (!t || !L) {
        free(t);
        free(L);
        return -1;
    }
    answerThreadsCollect(s, t);
    if (answerThreadsDeciding(t, L)) {
        static const answerVerdict by[ANSWER_THREADS_N] = {ANSWER_NO, ANSWER_NO, ANSWER_UNCLEAR,
                                                           ANSWER_YES, ANSWER_NO};
        const answerThreadsCell *w = L->widest, *b = L->best;
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
            {"threshold", ANSWER_THREADS_HURT},
            /* 1: widest_median_ms (and the ratio) only a lower bound */
            {"widest_bound", w->median_bound},
            {"widest_censored", (double)w->censored},
            {"widest_runs", (double)answerThreadsRuns(w)},
            {"recommended_width", L->rec ? L->rec->g->key.width : NAN},
        };
        memcpy(a->fig, fig, sizeof fig);
        a->nfig = sizeof fig / sizeof fig[0];
        if (L->one) {
            /* one configuration: no best and no recommended width -- the
             * threads it ran at every width instead; single-threaded has
             * no threads to hurt, otherwise the width never asked */
            a->verdict = t->one == ANSWER_THREADS_ONE_THREAD ? ANSWER_NO : ANSWER_UNCLEAR;
            size_t k = 0;
            for (size_t i = 0; i < a->nfig; i++)
                if (strcmp(a->fig[i].name, "best_width") &&
                    strcmp(a->fig[i].name, "recommended_width"))
                    a->fig[k++] = a->fig[i];
            a->fig[k++] = (answerFigure){"one_configuration", 1};
            a->fig[k++] = (answerFigure){"one_configuration_threads", t->one_threads};
            a->nfig = k;
        }
    }
    free(t);
    free(L);
    return 0;
}
