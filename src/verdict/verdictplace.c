/* verdictplace.c -- the checks that ask "where did the scheduler put the
 * threads?": bimodal (K processes that split in two), placement (free load:
 * k of K slow, with its interval) and loaded-first (the first call under
 * load). They share the span and gap arithmetic of process medians. */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/num.h"
#include "common/stats.h"
#include "verdict/checks.h"

/* --- bimodal and loaded-first: what K processes under load show ------------------- */

/* The widest gap in sorted x (n values): the index k of the first value above
 * it and the ratio x[k] / x[k-1], over the k with at least `side` values on
 * each side. 0 when there is none (too few values, or zeros). */
static double verdictWidestGap(const double *x, size_t n, size_t side, size_t *k) {
    double best = 0;
    *k = 0;
    for (size_t i = side; i + side <= n; i++)
        if (x[i - 1] > 0 && x[i] / x[i - 1] > best) {
            best = x[i] / x[i - 1];
            *k = i;
        }
    return best;
}

/* Where one side's calls ran: calls whose `cpus` named one CPU, more than
 * one (the fewest and most), and none (unknown). */
typedef struct verdictSpan {
    size_t one, multi, known;
    int lo, hi; /* CPUs of the multi calls */
} verdictSpan;

static void verdictSpanAdd(verdictSpan *p, double span) {
    if (span < 1) return;
    p->known++;
    if (span < 2) {
        p->one++;
        return;
    }
    int c = (int)span;
    if (p->multi++ == 0 || c < p->lo) p->lo = c;
    if (c > p->hi) p->hi = c;
}

/* 1 one CPU, 2 several, 0 no majority or nothing known. */
static int verdictSpanMode(const verdictSpan *p) {
    return p->one * 2 > p->known ? 1 : p->multi * 2 > p->known ? 2 : 0;
}

static void verdictSpanSay(const verdictSpan *p, const char *who, char *buf, size_t len,
                           size_t *o) {
    if (verdictSpanMode(p) == 1)
        summaryCat(buf, len, o, "the %s calls ran with all engine threads on one CPU (%zu of %zu)",
                   who, p->one, p->known);
    else if (p->lo == p->hi)
        summaryCat(buf, len, o, "the %s ones on %d CPUs (%zu of %zu)", who, p->lo, p->multi,
                   p->known);
    else
        summaryCat(buf, len, o, "the %s ones on %d-%d CPUs (%zu of %zu)", who, p->lo, p->hi,
                   p->multi, p->known);
}

/* "; the fast calls ran with all engine threads on one CPU (38 of 40), the
 * slow ones on 2 CPUs (9 of 10)" -- only when the majorities differ. */
static void verdictPlacement(const verdictSpan *fast, const verdictSpan *slow, char *buf,
                             size_t len) {
    size_t o = 0;
    buf[0] = '\0';
    int a = verdictSpanMode(fast), b = verdictSpanMode(slow);
    if (!a || !b || a == b) return;
    summaryCat(buf, len, &o, "; ");
    verdictSpanSay(fast, "fast", buf, len, &o);
    summaryCat(buf, len, &o, ", ");
    if (b == 1)
        summaryCat(buf, len, &o, "the slow ones with all on one CPU (%zu of %zu)", slow->one,
                   slow->known);
    else verdictSpanSay(slow, "slow", buf, len, &o);
}

/* A side's span as figures: <side>_1cpu_calls, <side>_multi_cpu_calls,
 * <side>_known_calls, <side>_cpus_lo, <side>_cpus_hi. */
static int verdictSpanFigs(verdict *v, const char *side, const verdictSpan *p) {
    return verdictAddFig(v, (double)p->one, "%s_1cpu_calls", side) ||
                   verdictAddFig(v, (double)p->multi, "%s_multi_cpu_calls", side) ||
                   verdictAddFig(v, (double)p->known, "%s_known_calls", side) ||
                   verdictAddFig(v, p->lo, "%s_cpus_lo", side) ||
                   verdictAddFig(v, p->hi, "%s_cpus_hi", side)
               ? -1
               : 0;
}

/* A side's span back from v's figures (verdictSpanFigs); none when absent. */
static verdictSpan verdictSpanOf(const verdict *v, const char *side) {
    double one = verdictFigf(v, "%s_1cpu_calls", side),
           multi = verdictFigf(v, "%s_multi_cpu_calls", side),
           known = verdictFigf(v, "%s_known_calls", side), lo = verdictFigf(v, "%s_cpus_lo", side),
           hi = verdictFigf(v, "%s_cpus_hi", side);
    verdictSpan p = {0};
    if (isnan(one) || isnan(multi) || isnan(known) || isnan(lo) || isnan(hi)) return p;
    p.one = (size_t)one, p.multi = (size_t)multi, p.known = (size_t)known;
    p.lo = (int)lo, p.hi = (int)hi;
    return p;
}

/* The placement clause of v's fast and slow spans. */
static const char *verdictPlacementOf(const verdict *v, char *buf, size_t len) {
    verdictSpan fast = verdictSpanOf(v, "fast"), slow = verdictSpanOf(v, "slow");
    verdictPlacement(&fast, &slow, buf, len);
    return buf;
}
#define PLACE(v) verdictPlacementOf((v), (char[256]){0}, 256)

/* " 340.1x slower than idle (median 2064 ms)" or " median 2064 ms" without an
 * idle group: one side of a split. */
static const char *verdictSide(double ms, double idle, char *buf, size_t len) {
    char m[32];
    if (isnan(idle) || idle <= 0) snprintf(buf, len, " median %s ms", summaryFmtMs(ms, m, 32));
    else
        snprintf(buf, len, " %.1fx %s idle (median %s ms)", ms / idle,
                 ms >= idle ? "slower than" : "of", summaryFmtMs(ms, m, 32));
    return buf;
}
#define SIDE(ms, idle) verdictSide((ms), (idle), (char[96]){0}, 96)

static const char verdictBimodalWhy[] =
    "under this load, whether threads hurt depends on where the scheduler puts them";

/* The split of g's process medians, or -1 when it has none >= t->bimodal. */
static int verdictBimodalProcs(verdictCtx *x, const summaryGroup *g, double idle) {
    const verdictThresholds *t = x->t;
    double *m = malloc(g->nproc * sizeof(double));
    size_t n = 0, k;
    if (!m) return -2;
    for (size_t i = 0; i < g->nproc; i++)
        if (!isnan(g->proc[i].median_ms)) m[n++] = g->proc[i].median_ms;
    qsort(m, n, sizeof(double), statsCmpDouble);
    double gap = verdictWidestGap(m, n, 1, &k);
    if (gap < t->bimodal) {
        free(m);
        return -1;
    }
    double cut = m[k], fast_ms, slow_ms;
    statsSummary st;
    statsOf(m, k, &st);
    fast_ms = st.median;
    statsOf(m + k, n - k, &st);
    slow_ms = st.median;
    free(m);
    verdictSpan fast = {0}, slow = {0};
    for (size_t i = 0; i < g->nproc; i++) {
        const summaryProc *p = &g->proc[i];
        if (isnan(p->median_ms)) continue;
        for (size_t j = 0; j < p->span.n; j++)
            verdictSpanAdd(p->median_ms >= cut ? &slow : &fast, p->span.x[j]);
    }
    verdict *v = verdictFoundOn(x, VERDICT_WARN, g, SUMMARY_K_ALL);
    return !v ||
                   verdictAddFigs(v, FIGS({"slow_procs", (double)(n - k)}, {"procs", (double)n},
                                          {"slow_median_ms", slow_ms}, {"fast_median_ms", fast_ms},
                                          {"idle_median_ms", idle}, {"gap", gap},
                                          {"threshold", t->bimodal})) ||
                   verdictSpanFigs(v, "fast", &fast) || verdictSpanFigs(v, "slow", &slow)
               ? -2
               : 0;
}

/* The widest split within one process's steady calls (at least two on each
 * side), over g's processes; -1 when none reaches t->bimodal. */
static int verdictBimodalCalls(verdictCtx *x, const summaryGroup *g, double idle) {
    const verdictThresholds *t = x->t;
    const summaryProc *worst = NULL;
    double best = 0, cut = 0;
    size_t nsplit = 0;
    for (size_t i = 0; i < g->nproc; i++) {
        const summaryProc *p = &g->proc[i];
        if (p->steady.n < 4) continue; /* two calls on each side at least */
        double *x = malloc(p->steady.n * sizeof(double));
        if (!x) return -2;
        memcpy(x, p->steady.x, p->steady.n * sizeof(double));
        qsort(x, p->steady.n, sizeof(double), statsCmpDouble);
        size_t k;
        double gap = verdictWidestGap(x, p->steady.n, 2, &k);
        if (gap >= t->bimodal) {
            nsplit++;
            if (gap > best) best = gap, worst = p, cut = x[k];
        }
        free(x);
    }
    if (!worst) return -1;
    summaryVec fast = {0}, slow = {0};
    verdictSpan fs = {0}, ss = {0};
    fast.x = malloc(worst->steady.n * sizeof(double));
    slow.x = malloc(worst->steady.n * sizeof(double));
    if (!fast.x || !slow.x) {
        free(fast.x);
        free(slow.x);
        return -2;
    }
    for (size_t j = 0; j < worst->steady.n; j++) {
        int hi = worst->steady.x[j] >= cut;
        summaryVec *v = hi ? &slow : &fast;
        v->x[v->n++] = worst->steady.x[j];
        if (j < worst->span.n) verdictSpanAdd(hi ? &ss : &fs, worst->span.x[j]);
    }
    statsSummary a, b;
    statsOf(fast.x, fast.n, &a);
    statsOf(slow.x, slow.n, &b);
    free(fast.x);
    free(slow.x);
    verdict *v = verdictFoundOn(x, VERDICT_WARN, g, SUMMARY_K_ALL);
    return !v ||
                   verdictAddFigs(
                       v, FIGS({"split_procs", (double)nsplit}, {"procs", (double)g->procs},
                               {"slow_calls", (double)slow.n}, {"calls", (double)worst->steady.n},
                               {"fast_calls", (double)fast.n}, {"slow_median_ms", b.median},
                               {"fast_median_ms", a.median}, {"idle_median_ms", idle},
                               {"gap", best}, {"threshold", t->bimodal})) ||
                   (worst->proc && verdictAddFig(v, (double)worst->proc, "proc")) ||
                   verdictAddNote(v, "run_id", "%s", worst->run_id ? worst->run_id : "") ||
                   verdictSpanFigs(v, "fast", &fs) || verdictSpanFigs(v, "slow", &ss)
               ? -2
               : 0;
}

/* The processes' split (slow_procs of procs), or the calls within the
 * widest-split process (split_procs, its proc and run_id). */
int verdictBimodalSay(const verdict *v, const verdictThresholds *t, FILE *f) {
    (void)t;
    double idle = verdictFig(v, "idle_median_ms"), split = verdictFig(v, "split_procs"),
           proc = verdictFig(v, "proc");
    const char *run = verdictNoteOf(v, "run_id");
    if (isnan(split))
        fprintf(f, "%.0f of %.0f processes%s, the rest%s; the medians split ",
                verdictFig(v, "slow_procs"), verdictFig(v, "procs"),
                SIDE(verdictFig(v, "slow_median_ms"), idle),
                SIDE(verdictFig(v, "fast_median_ms"), idle));
    else {
        fprintf(f, "%.0f of %.0f processes split within; the widest, process ", split,
                verdictFig(v, "procs"));
        if (!isnan(proc)) fprintf(f, "%.0f (run ", proc);
        fprintf(f, "%s%s: %.0f of %.0f steady calls%s, the other %.0f%s; ", run ? run : "",
                isnan(proc) ? "" : ")", verdictFig(v, "slow_calls"), verdictFig(v, "calls"),
                SIDE(verdictFig(v, "slow_median_ms"), idle), verdictFig(v, "fast_calls"),
                SIDE(verdictFig(v, "fast_median_ms"), idle));
    }
    fprintf(f, "%.0fx apart (>= %g): %s%s", verdictFig(v, "gap"), verdictFig(v, "threshold"),
            verdictBimodalWhy, PLACE(v));
    return ferror(f) ? -1 : 0;
}


/* placement: every free-load group with an idle twin, one verdict each, the
 * same id whether none, some or all of its processes were slow (otherwise
 * 4 of 5 slow would be `bimodal` in one run and 5 of 5 `loaded-slow` in the
 * next, for one answer). The answer is the share of slow processes with its
 * Wilson interval; the two sides' medians and where their calls ran follow.
 * A NOTE when no process was slow, a WARN otherwise. */
int verdictFreeLoad(verdictCtx *x) {
    const summary *s = x->s;
    const verdictThresholds *t = x->t;
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *g = &s->g[i];
        const summaryGroup *idle = summaryIsFree(g) ? summaryIdleOf(s, g) : NULL;
        double lo, hi;
        if (!idle || g->slow_procs == SIZE_MAX ||
            statsWilson(g->slow_procs, g->procs, 1.96, &lo, &hi) != 0)
            continue;
        x->explained[i] = 1;
        /* The same cut as slow_procs (summaryFinish): --contention-wide x the
         * idle twin's median of process medians. */
        double base = idle->proc_median_median_ms, cut = t->contention_wide * base;
        summaryVec side[2] = {{0}}; /* process medians: [0] the rest, [1] slow */
        verdictSpan span[2] = {{0}};
        int bad = 0;
        for (size_t j = 0; j < g->nproc && !bad; j++) {
            const summaryProc *p = &g->proc[j];
            if (isnan(p->median_ms)) continue;
            int slow = p->median_ms >= cut;
            bad = summaryVecPush(&side[slow], p->median_ms) != 0;
            for (size_t c = 0; c < p->span.n; c++) verdictSpanAdd(&span[slow], p->span.x[c]);
        }
        statsSummary st[2];
        for (int k = 0; k < 2 && !bad; k++)
            if (statsOf(side[k].x, side[k].n, &st[k]) != 0) st[k].median = NAN;
        free(side[0].x);
        free(side[1].x);
        verdict *v =
            bad ? NULL
                : verdictFoundOn(x, g->slow_procs ? VERDICT_WARN : VERDICT_NOTE, g, SUMMARY_K_ALL);
        if (!v ||
            verdictAddFigs(
                v,
                FIGS({"slow_procs", (double)g->slow_procs}, {"procs", (double)g->procs},
                     {"share", (double)g->slow_procs / (double)g->procs}, {"share_lo", lo},
                     {"share_hi", hi}, {"slow_ratio", t->contention_wide}, {"idle_median_ms", base},
                     {"slow_median_ms", st[1].median}, {"rest_median_ms", st[0].median})) ||
            verdictSpanFigs(v, "fast", &span[0]) || verdictSpanFigs(v, "slow", &span[1]))
            return -1;
    }
    return 0;
}

/* The share with its interval, the two sides' medians (slow_median_ms and
 * rest_median_ms, NAN for a side with no process) and where they ran. */
int verdictPlacementSay(const verdict *v, const verdictThresholds *t, FILE *f) {
    (void)t;
    double base = verdictFig(v, "idle_median_ms"),
           med[2] = {verdictFig(v, "rest_median_ms"), verdictFig(v, "slow_median_ms")};
    fprintf(f,
            "%.0f of %.0f processes slow (>= %gx the idle median %s ms), share %.2f (95%% "
            "Wilson interval %.2f-%.2f)",
            verdictFig(v, "slow_procs"), verdictFig(v, "procs"), verdictFig(v, "slow_ratio"),
            MS(base), verdictFig(v, "share"), verdictFig(v, "share_lo"), verdictFig(v, "share_hi"));
    for (int k = 1, first = 1; k >= 0; k--) {
        if (isnan(med[k])) continue;
        fprintf(f, "%s%s%s", first ? "; " : ", ",
                isnan(med[!k]) ? "every process"
                : k            ? "the slow ones"
                               : "the rest",
                SIDE(med[k], base));
        first = 0;
    }
    fprintf(f, "%s: %s; the share, not one process, is the answer under free load", PLACE(v),
            verdictBimodalWhy);
    return ferror(f) ? -1 : 0;
}

/* bimodal: per loaded group, its processes first, then the calls within one. */
int verdictBimodal(verdictCtx *x) {
    const summary *s = x->s;
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *g = &s->g[i];
        /* A free-load cell is placement's, whatever its split: one id per
         * question, however many processes the scheduler slowed this time. */
        if (!summaryIsLoaded(g) || g->procs == 0 || summaryIsFree(g)) continue;
        const summaryGroup *idle = summaryIdleOf(s, g);
        double base = idle ? idle->proc_median_median_ms : NAN;
        int rc = verdictBimodalProcs(x, g, base);
        if (rc == -1) rc = verdictBimodalCalls(x, g, base);
        if (rc == -2) return -1;
        if (rc == 0) x->explained[i] = 1;
    }
    return 0;
}

/* loaded-first: the first call of a loaded group, apart from the idle
 * first-run verdicts, against the idle first call, with its placement. */
int verdictLoadedFirst(verdictCtx *x) {
    const summary *s = x->s;
    const verdictThresholds *t = x->t;
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *g = &s->g[i];
        double r = g->first_over_min;
        if (!summaryIsLoaded(g) || isnan(r) || r < t->first_min_notable) continue;
        const summaryGroup *idle = summaryIdleOf(s, g);
        verdictSpan p = {0};
        for (size_t j = 0; j < g->nproc; j++) verdictSpanAdd(&p, g->proc[j].first_span);
        if (verdictFound(x, VERDICT_NOTE, g,
                         FIGS({"first_ms", g->first_ms}, {"nfirst", (double)g->nfirst},
                              {"min_ms", g->min_ms}, {"first_over_min", r},
                              {"threshold", t->first_min_notable},
                              {"idle_first_ms", idle ? idle->first_ms : NAN},
                              {"first_1cpu_procs", p.known ? (double)p.one : NAN},
                              {"first_multi_cpu_procs", p.known ? (double)p.multi : NAN})))
            return -1;
    }
    return 0;
}

int verdictLoadedFirstSay(const verdict *v, const verdictThresholds *t, FILE *f) {
    (void)t;
    double first = verdictFig(v, "first_ms"), idle = verdictFig(v, "idle_first_ms"),
           one = verdictFig(v, "first_1cpu_procs"), multi = verdictFig(v, "first_multi_cpu_procs");
    fprintf(f,
            "first call under load %s ms (median over %.0f processes) = %.0fx the steady min %s ms "
            "(>= %g)",
            MS(first), verdictFig(v, "nfirst"), verdictFig(v, "first_over_min"),
            MS(verdictFig(v, "min_ms")), verdictFig(v, "threshold"));
    if (idle > 0) fprintf(f, ", %.1fx the idle first call (%s ms)", first / idle, MS(idle));
    /* every process whose first-call placement is known ran on one CPU or several */
    if (!isnan(one))
        fprintf(f,
                "; the first calls ran on one CPU in %.0f and on several in %.0f of %.0f "
                "processes",
                one, multi, one + multi);
    fputs(": under load the first call waits for the CPUs as well as for the cold start; time it "
          "apart from the idle first run",
          f);
    return ferror(f) ? -1 : 0;
}
