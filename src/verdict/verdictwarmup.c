/* verdictwarmup.c -- the check that asks "does the steady state start where
 * coldload's steady figures do?": warmup, the cell's processes classed by
 * changepoints (verdict/warmup.h) and counted. coldload keeps the first
 * call apart and takes every later one as steady; a process that warms up
 * over its steady calls, slows down or reaches no steady state puts calls
 * of another regime into the steady figures. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "verdict/checks.h"
#include "verdict/warmup.h"

/* The figures of a tally: each class's count and where its steady state
 * starts, the processes not steady by call 2, and the thresholds. */
static int verdictWarmupFigs(verdict *v, const warmupTally *w, const verdictThresholds *t) {
    size_t classified = w->procs - w->n[WARMUP_UNCLASSIFIED];
    if (verdictAddFigs(v, FIGS({"procs", (double)w->procs}, {"classified", (double)classified})))
        return -1;
    for (int c = 0; c < WARMUP_CLASSES; c++)
        if (verdictAddFig(v, (double)w->n[c], "%s", warmupClassKey(c))) return -1;
    for (int c = WARMUP_WARMUP; c <= WARMUP_SLOWDOWN; c++) {
        int none = w->n[c] == 0;
        if (verdictAddFig(v, none ? NAN : (double)w->from_lo[c], "%s_from_lo", warmupClassKey(c)) ||
            verdictAddFig(v, w->from_median[c], "%s_from_median", warmupClassKey(c)) ||
            verdictAddFig(v, none ? NAN : (double)w->from_hi[c], "%s_from_hi", warmupClassKey(c)))
            return -1;
    }
    return verdictAddFigs(v, FIGS({"late", (double)w->late}, {"penalty", t->warmup_penalty},
                                  {"steady", t->warmup_steady}, {"delta", t->warmup_delta}));
}

/* 1 when the cell's processes are whole runs with the calls they printed
 * (phase call rows: coldload-run --series-regex). */
static int verdictWarmupOfRuns(const summaryGroup *const *g, size_t ng) {
    for (size_t i = 0; i < ng; i++)
        for (size_t j = 0; j < g[i]->nproc; j++)
            if (g[i]->proc[j].calls.n) return 1;
    return 0;
}

/* One cell: the groups of one key but for the copy kind (the cold copies of
 * one program and width run the same calls once started). */
int verdictWarmup(verdictCtx *x) {
    const summary *s = x->s;
    const unsigned cell = SUMMARY_K_ALL & ~SUMMARY_K_COPY;
    const summaryGroup **in = malloc((s->n ? s->n : 1) * sizeof *in);
    if (!in) return -1;
    int rc = 0;
    for (size_t i = 0; i < s->n && rc == 0;) {
        size_t ng = 0, j = i;
        /* groups are sorted with the copy last: a cell's groups are adjacent */
        for (; j < s->n && summaryKeySame(&s->g[j].key, &s->g[i].key, cell); j++)
            in[ng++] = &s->g[j];
        const summaryGroup *g = &s->g[i];
        i = j;
        warmupTally w;
        if (warmupTallyOf(in, ng, x->t, &w) != 0) {
            rc = -1;
            break;
        }
        if (w.procs == w.n[WARMUP_UNCLASSIFIED]) continue;
        int loaded = summaryIsLoaded(g);
        if (loaded && w.late == 0) continue; /* the load's verdicts judge its times */
        verdict *v = verdictFoundOn(x, !loaded && w.late ? VERDICT_WARN : VERDICT_NOTE, g, cell);
        if (!v || verdictWarmupFigs(v, &w, x->t) != 0) rc = -1;
        /* the calls a whole run printed (--series-regex): its steady
         * figure is the run, not its calls */
        else if (verdictWarmupOfRuns(in, ng) && verdictAddFig(v, 1, "series")) rc = -1;
    }
    free(in);
    return rc;
}

/* "steady from call 2" or "steady from call 2-4 (median 3)". */
static void verdictWarmupFrom(const verdict *v, const char *cls, FILE *f) {
    double lo = verdictFigf(v, "%s_from_lo", cls), hi = verdictFigf(v, "%s_from_hi", cls);
    if (isnan(lo)) return;
    if (lo == hi) fprintf(f, ": steady from call %g", lo);
    else
        fprintf(f, ": steady from call %g-%g (median %g)", lo, hi,
                verdictFigf(v, "%s_from_median", cls));
}

int verdictWarmupSay(const verdict *v, const verdictThresholds *t, FILE *f) {
    (void)t;
    /* the classes, warmup first: the page's expectation */
    static const warmupClass order[] = {WARMUP_WARMUP, WARMUP_FLAT, WARMUP_SLOWDOWN,
                                        WARMUP_NO_STEADY};
    double classified = verdictFig(v, "classified");
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
        const char *k = warmupClassKey(order[i]);
        fprintf(f, "%s%s in %g", i ? "; " : "", warmupClassName(order[i]), verdictFig(v, k));
        if (i == 0) fprintf(f, " of %g", classified);
        if (verdictFig(v, k) > 0 && order[i] != WARMUP_FLAT) verdictWarmupFrom(v, k, f);
    }
    double un = verdictFig(v, "unclassified");
    fprintf(f, " (each process's calls by changepoints, PELT at %g log n)",
            verdictFig(v, "penalty"));
    if (un > 0)
        fprintf(f, "; %g of %g processes not classified (fewer than %d steady calls, or stopped)",
                un, verdictFig(v, "procs"), WARMUP_MIN_STEADY);
    double late = verdictFig(v, "late");
    if (late > 0 && verdictFig(v, "series") == 1)
        fprintf(f,
                ": %g of %g runs were not steady by call 2 (the calls their output timed): "
                "each run's time includes its warm-up",
                late, classified);
    else if (late > 0)
        fprintf(f,
                ": %g of %g processes were not steady by call 2, where the steady figures "
                "start: their steady median mixes regimes",
                late, classified);
    return ferror(f) ? -1 : 0;
}
