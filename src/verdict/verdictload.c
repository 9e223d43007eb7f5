/* verdictload.c -- the checks that ask "did the load, not the code, slow
 * this?": spread, contention (against the fair share the load predicts),
 * loaded-slow and idle-busy, with the fair-share arithmetic they share.
 * Apart from verdict.c so that each question's rules read in one place. */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/num.h"
#include "common/stats.h"
#include "verdict/checks.h"

/* Load seen during a group's samples, as a citation: " (procs_running median
 * 3, load1 median 2.1)", or "" when the rows had none. */
const char *verdictLoadSeen(const verdict *v, char *buf, size_t len) {
    double procs = verdictFig(v, "procs_median"), load1 = verdictFig(v, "load1_median"),
           psi = verdictFig(v, "psi_some_pct");
    size_t o = 0;
    buf[0] = '\0';
    if (!isnan(procs)) o += (size_t)snprintf(buf, len, "; procs_running median %g", procs);
    if (!isnan(load1) && o < len)
        o += (size_t)snprintf(buf + o, len - o, "%s load1 median %.2f", o ? "," : ";", load1);
    if (!isnan(psi) && o < len)
        snprintf(buf + o, len - o, "%s CPU pressure (PSI some) %.0f%% while it ran", o ? "," : ";",
                 psi);
    return buf;
}
#define LOAD(v) verdictLoadSeen((v), (char[192]){0}, 192)

int verdictSpread(verdictCtx *x) {
    const verdictThresholds *t = x->t;
    for (size_t i = 0; i < x->s->n; i++) {
        const summaryGroup *g = &x->s->g[i];
        if (g->key.width < 2 || g->n < 2 || isnan(g->max_over_median) ||
            g->max_over_median < t->max_median)
            continue;
        if (verdictFound(x, VERDICT_WARN, g,
                         FIGS({"max_ms", g->max_ms}, {"median_ms", g->median_ms},
                              {"max_over_median", g->max_over_median}, {"threshold", t->max_median},
                              {"n", (double)g->n}, {"procs_median", g->procs_median},
                              {"load1_median", g->load1_median},
                              {"psi_some_pct", g->psi_some_pct})))
            return -1;
    }
    return 0;
}

int verdictSpreadSay(const verdict *v, const verdictThresholds *t, FILE *f) {
    (void)t;
    fprintf(f,
            "max %s ms vs median %s ms = %.1fx (>= %g) over %.0f runs%s: a multi-threaded max "
            "this far above the median means check the load before suspecting the code",
            MS(verdictFig(v, "max_ms")), MS(verdictFig(v, "median_ms")),
            verdictFig(v, "max_over_median"), verdictFig(v, "threshold"), verdictFig(v, "n"),
            LOAD(v));
    return ferror(f) ? -1 : 0;
}

/* Everything but the width: the groups a width comparison under one load
 * puts side by side. */
static int verdictSameLoad(const summaryGroup *a, const summaryGroup *b) {
    return summaryKeySame(&a->key, &b->key, SUMMARY_K_ALL & ~SUMMARY_K_WIDTH);
}

double verdictFairShare(const summaryGroup *g, int width, double load_cpus) {
    if (g->key.nstressors < 1) return NAN;
    double stressors = g->key.nstressors;
    double cpus = load_cpus >= 1 ? load_cpus : stressors, w = width >= 1 ? width : 1;
    return 1 + ceil(stressors / cpus) * fmin(1, cpus / w);
}

void verdictLoadCpus(verdictThresholds *t, const metaTable *m) {
    if (t->load_cpus >= 1) return; /* --load-cpus given */
    const char *usable = metaGet(m, "loaded_cpus_usable");
    double n = 0;
    if (usable) /* "0 1": the CPUs the harness spread the pinned workers over */
        for (const char *c = usable; *c;) {
            c += strspn(c, " ");
            if (!*c) break;
            n++;
            c += strcspn(c, " ");
        }
    /* scan.sh's run has the count alone; any other run the CPUs it could use */
    if (n < 1 && numDouble(metaGet(m, "scan_cpus"), 1, 4096, &n) != 0 &&
        numDouble(metaGet(m, "nproc"), 1, 4096, &n) != 0)
        n = 0;
    t->load_cpus = n;
}

/* "2 load workers over 2 CPUs": the load the fair share is taken from. */
static const char *verdictLoadSay(const summaryGroup *g, const verdictThresholds *t, char *buf,
                                  size_t len) {
    double stressors = g->key.nstressors;
    if (stressors < 1) snprintf(buf, len, "a load of unknown size, one worker per CPU assumed");
    else {
        double cpus = t->load_cpus >= 1 ? t->load_cpus : stressors;
        snprintf(buf, len, "%g load worker%s over %g CPU%s%s", stressors, stressors == 1 ? "" : "s",
                 cpus, cpus == 1 ? "" : "s", t->load_cpus >= 1 ? "" : " (assumed)");
    }
    return buf;
}

/* The wide groups contention explains get no separate loaded-slow verdict
 * (explained[i] = 1; loaded-slow's row names contention in its `after`, so
 * it runs after it), since the page's serial re-run is the answer to "check
 * the load". The rule is against what the load predicts (verdicts.md):
 * a serial call longer than a time slice gets its fair share of a loaded CPU,
 * so width 1 at that share (2x with one worker per CPU) is not hurt; the wide
 * width is contention when it is far beyond both its own share and width 1.
 * Width 1 at or near the share decides nothing by itself, so the verdict does
 * not flip with it. The verdict is on the cell (every width of width 1's
 * key); its figures are width 1's, then per wide width W, in the order found,
 * wide_<i> = W and W's figures suffixed _w<W> (with its processes' spread,
 * when it had several). */
int verdictContention(verdictCtx *x) {
    const summary *s = x->s;
    const verdictThresholds *t = x->t;
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *one = &s->g[i];
        /* Decided on pinned load only: under free load the answer depends on
         * where the scheduler put the threads (placement says so). */
        if (!summaryIsPinned(one) || one->key.width != 1 || isnan(one->loaded_over_idle)) continue;
        /* A load of no known size (a file from before the stressors column):
         * one worker per CPU, the harness's default, predicts 2x. */
        double share1 = verdictFairShare(one, 1, t->load_cpus);
        if (isnan(share1)) share1 = 2;
        if (one->loaded_over_idle >= t->contention_narrow * share1) continue;
        verdict *v = NULL;
        size_t nwide = 0;
        const summaryGroup *fastest = one;
        for (size_t j = 0; j < s->n; j++) {
            const summaryGroup *g = &s->g[j];
            if (j == i || !verdictSameLoad(one, g) || g->n == 0) continue;
            if (g->median_ms < fastest->median_ms) fastest = g;
            double share = verdictFairShare(g, g->key.width, t->load_cpus);
            if (isnan(share)) share = share1;
            if (g->key.width < 2 || isnan(g->loaded_over_idle) ||
                g->loaded_over_idle < t->contention_wide * share ||
                g->loaded_over_idle < t->contention_wide * one->loaded_over_idle)
                continue;
            x->explained[j] = 1;
            int w = g->key.width;
            if (!v && !(v = verdictFoundOn(x, VERDICT_WARN, one, SUMMARY_K_ALL & ~SUMMARY_K_WIDTH)))
                return -1;
            if (verdictAddFig(v, w, "wide_%zu", ++nwide) ||
                verdictAddFig(v, g->loaded_over_idle, "loaded_over_idle_w%d", w) ||
                verdictAddFig(v, g->median_ms, "median_ms_w%d", w) ||
                verdictAddFig(v, g->idle_median_ms, "idle_median_ms_w%d", w) ||
                verdictAddFig(v, g->median_bound, "median_bound_w%d", w) ||
                verdictAddFig(v, share, "fair_share_w%d", w))
                return -1;
            if (g->procs < 2 || g->slow_procs == SIZE_MAX) continue;
            if (verdictAddFig(v, (double)g->slow_procs, "slow_procs_w%d", w) ||
                verdictAddFig(v, (double)g->procs, "procs_w%d", w) ||
                verdictAddFig(v, g->proc_ratio, "proc_ratio_w%d", w) ||
                verdictAddFig(v, g->ratio_lo, "ratio_lo_w%d", w) ||
                verdictAddFig(v, g->ratio_hi, "ratio_hi_w%d", w))
                return -1;
        }
        if (v &&
            verdictAddFigs(
                v, FIGS({"wide_widths", (double)nwide}, {"contention_wide", t->contention_wide},
                        {"narrow_loaded_over_idle", one->loaded_over_idle},
                        {"narrow_median_ms", one->median_ms},
                        {"narrow_idle_median_ms", one->idle_median_ms},
                        {"contention_narrow", t->contention_narrow}, {"narrow_fair_share", share1},
                        {"fastest_width", (double)fastest->key.width},
                        {"fastest_median_ms", fastest->median_ms})))
            return -1;
    }
    return 0;
}

/* The wide widths (wide_1, wide_2, ...), width 1, then each wide width's
 * processes: "; width 2: 5 of 5 processes >= 5x idle, loaded/idle of the
 * process medians 384.6x (95% interval 350.1-410.2x)". */
int verdictContentionSay(const verdict *v, const verdictThresholds *t, FILE *f) {
    double wide = verdictFig(v, "contention_wide"), r1 = verdictFig(v, "narrow_loaded_over_idle"),
           share1 = verdictFig(v, "narrow_fair_share");
    fputs("under load ", f);
    double w;
    for (size_t i = 1; !isnan(w = verdictFigf(v, "wide_%zu", i)); i++) {
        double r = verdictFigf(v, "loaded_over_idle_w%.0f", w),
               share = verdictFigf(v, "fair_share_w%.0f", w);
        /* a median of runs stopped before they ended: only a lower bound */
        const char *ge = verdictFigf(v, "median_bound_w%.0f", w) > 0 ? "at least " : "";
        fprintf(f,
                "%swidth %.0f is %s%.1fx slower than idle (median %s%s vs %s ms), %s%.0fx its "
                "fair share %.1fx and %.0fx width 1's",
                i > 1 ? ", " : "", w, ge, r, *ge ? ">= " : "",
                MS(verdictFigf(v, "median_ms_w%.0f", w)),
                MS(verdictFigf(v, "idle_median_ms_w%.0f", w)), ge, r / share, share, r / r1);
    }
    fprintf(f,
            " (each at least %gx), while width 1 is %.1fx (median %s vs %s ms), below %gx its "
            "fair share %.1fx (%s: a serial call gets 1/%.0f of its CPU): core contention, not "
            "the code; keep the width at or below the idle cores. Fastest under load: width "
            "%.0f (median %s ms)",
            wide, r1, MS(verdictFig(v, "narrow_median_ms")),
            MS(verdictFig(v, "narrow_idle_median_ms")), verdictFig(v, "contention_narrow"), share1,
            verdictLoadSay(v->group, t, (char[96]){0}, 96), share1, verdictFig(v, "fastest_width"),
            MS(verdictFig(v, "fastest_median_ms")));
    for (size_t i = 1; !isnan(w = verdictFigf(v, "wide_%zu", i)); i++) {
        double slow = verdictFigf(v, "slow_procs_w%.0f", w);
        if (isnan(slow)) continue;
        fprintf(f,
                "; width %.0f: %.0f of %.0f processes >= %gx idle, loaded/idle of the process "
                "medians %.1fx (95%% interval %.1f-%.1fx)",
                w, slow, verdictFigf(v, "procs_w%.0f", w), wide,
                verdictFigf(v, "proc_ratio_w%.0f", w), verdictFigf(v, "ratio_lo_w%.0f", w),
                verdictFigf(v, "ratio_hi_w%.0f", w));
    }
    return ferror(f) ? -1 : 0;
}

double verdictLoadedSlowAt(const summaryGroup *g, const verdictThresholds *t) {
    double e = summaryIsPinned(g) ? verdictFairShare(g, g->key.width, t->load_cpus) : NAN;
    return t->loaded_idle * (isnan(e) ? 1 : e);
}

int verdictLoadedSlow(verdictCtx *x) {
    const verdictThresholds *t = x->t;
    for (size_t i = 0; i < x->s->n; i++) {
        const summaryGroup *g = &x->s->g[i];
        double at = verdictLoadedSlowAt(g, t);
        if (x->explained[i] || isnan(g->loaded_over_idle) || g->loaded_over_idle < at) continue;
        /* What the load alone predicts, when its size is known: a slowdown
         * at the fair share is the load, not the code. */
        double share = verdictFairShare(g, g->key.width, t->load_cpus);
        if (verdictFound(x, VERDICT_WARN, g,
                         FIGS({"median_ms", g->median_ms}, {"idle_median_ms", g->idle_median_ms},
                              {"loaded_over_idle", g->loaded_over_idle}, {"threshold", at},
                              {"procs_median", g->procs_median}, {"load1_median", g->load1_median},
                              {"psi_some_pct", g->psi_some_pct}, {"fair_share", share},
                              {"median_bound", g->median_bound})))
            return -1;
    }
    return 0;
}

int verdictLoadedSlowSay(const verdict *v, const verdictThresholds *t, FILE *f) {
    double share = verdictFig(v, "fair_share"), r = verdictFig(v, "loaded_over_idle");
    int bound = verdictFig(v, "median_bound") > 0; /* runs stopped before they ended */
    fprintf(f, "median %s%s ms vs idle median %s ms = %s%.1fx (>= %g)", bound ? ">= " : "",
            MS(verdictFig(v, "median_ms")), MS(verdictFig(v, "idle_median_ms")),
            bound ? "at least " : "", r, verdictFig(v, "threshold"));
    if (!isnan(share))
        fprintf(f, "; the fair share of %s predicts %.1fx, this is %.1fx that",
                verdictLoadSay(v->group, t, (char[96]){0}, 96), share, r / share);
    fprintf(f, "%s: check the load before suspecting the code", LOAD(v));
    return ferror(f) ? -1 : 0;
}

/* Busy by what other tasks took: the CPUs they kept busy while the group's
 * harness ran (model/pressure's pressureOthersCpus, from meta's probes).
 * The runnable count it replaces counts the reader itself and the kernel
 * threads that wake for a moment: 1-3 with only a shell running, so it
 * warned on a quiet machine, in 6 of 8 QUICK jobs. */
static int verdictIdleOthers(verdictCtx *x, const summaryGroup *g) {
    const verdictThresholds *t = x->t;
    if (g->others_cpus < t->idle_others) return 0;
    return verdictFound(x, VERDICT_WARN, g,
                        FIGS({"others_cpus", g->others_cpus}, {"threshold", t->idle_others},
                             {"psi_some_pct", g->psi_some_pct}))
               ? -1
               : 0;
}

int verdictIdleBusy(verdictCtx *x) {
    const verdictThresholds *t = x->t;
    for (size_t i = 0; i < x->s->n; i++) {
        const summaryGroup *g = &x->s->g[i];
        if (!summaryIsIdle(g)) continue;
        if (g->others_probed) { /* NAN: a level too short to tell, nothing said */
            if (!isnan(g->others_cpus) && verdictIdleOthers(x, g) != 0) return -1;
            continue;
        }
        /* results from before that figure: the runnable count */
        if (isnan(g->procs_median) || g->key.width < 1) continue;
        /* A sample's own runnable threads: the caller, the engine's width-1
         * workers and OpenBLAS's pool-1 workers (at least width-1: setting
         * the width grows the pool), which may spin between calls. Measured
         * here: width 1 on an idle 2-CPU machine shows procs_running 2. */
        double w = g->key.width, pool = t->blas_pool > w ? t->blas_pool : w;
        double own = w + pool - 1, excess = g->procs_median - own;
        if (excess < t->idle_excess) continue;
        if (verdictFound(x, VERDICT_WARN, g,
                         FIGS({"procs_median", g->procs_median}, {"procs_max", g->procs_max},
                              {"own_threads", own}, {"excess", excess},
                              {"threshold", t->idle_excess}, {"load1_median", g->load1_median},
                              {"load1_max", g->load1_max}, {"psi_some_pct", g->psi_some_pct})))
            return -1;
    }
    return 0;
}

int verdictIdleBusySay(const verdict *v, const verdictThresholds *t, FILE *f) {
    (void)t;
    double others = verdictFig(v, "others_cpus");
    if (!isnan(others)) {
        double psi = verdictFig(v, "psi_some_pct");
        fprintf(f,
                "while this idle measurement's harness ran, other tasks kept %.2f CPUs busy on "
                "average (>= %g: the machine's busy CPU time less the harness's own and its "
                "runs')",
                others, verdictFig(v, "threshold"));
        if (!isnan(psi)) fprintf(f, ", CPU pressure (PSI some) %.0f%%", psi);
        fputs(": its figures are not idle figures; re-run on a quiet machine", f);
        return ferror(f) ? -1 : 0;
    }
    /* own threads = width + pool - 1 (verdictIdleBusy): the pool back from them */
    double own = verdictFig(v, "own_threads"), load1 = verdictFig(v, "load1_median"),
           psi = verdictFig(v, "psi_some_pct");
    int width = v->group->key.width;
    fprintf(f,
            "an idle measurement saw load: procs_running median %g (max %g) where its own "
            "threads (width %d, OpenBLAS pool %g) account for at most %g, %g more (>= %g)",
            verdictFig(v, "procs_median"), verdictFig(v, "procs_max"), width, own - width + 1, own,
            verdictFig(v, "excess"), verdictFig(v, "threshold"));
    if (!isnan(load1))
        fprintf(f, ", load1 median %.2f (max %.2f)", load1, verdictFig(v, "load1_max"));
    if (!isnan(psi)) fprintf(f, ", CPU pressure (PSI some) %.0f%% while its harness ran", psi);
    fputs(": its figures are not idle figures; re-run on a quiet machine", f);
    return ferror(f) ? -1 : 0;
}
