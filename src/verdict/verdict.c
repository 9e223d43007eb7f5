/* verdict.c -- the page's checks over a finished summary (see verdict.h).
 *
 * Each check looks at statistics only (never at raw rows), so a verdict can
 * always be re-derived by hand from summary.csv: every text cites the figures
 * and the threshold it compared them with. */
#include "verdict/verdict.h"

#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "common/num.h"
#include "common/stats.h"

const char *verdictLevelName(verdictLevel l) {
    switch (l) {
    case VERDICT_OK: return "OK";
    case VERDICT_NOTE: return "NOTE";
    case VERDICT_WARN: return "WARN";
    case VERDICT_ERROR: return "ERROR";
    }
    return "?";
}

/* A run of the checks: what every check function gets. */
struct verdictCtx {
    const summary *s;
    const verdictThresholds *t;
    verdictList *out;
    unsigned char *explained; /* per group: a contention or bimodal verdict explains it */
    const verdictCheck *ck;   /* the check running (its id names the verdicts) */
};

/* A verdict's text is written into a memory stream: no length limit, so a
 * long params string or many widths never cut a citation short. What the
 * verdict is on and its figures ride along until verdictEnd. */
typedef struct verdictText {
    char *buf;
    size_t len;
    FILE *f;
    long at; /* where the finding starts (past "<subject>: "), 0 when no subject */
    const summaryGroup *g;
    unsigned parts;
    verdictFigure fig[VERDICT_FIGURES_MAX];
    size_t nfig;
} verdictText;

static FILE *verdictBegin(verdictText *v) {
    memset(v, 0, sizeof *v);
    v->f = open_memstream(&v->buf, &v->len);
    return v->f;
}

/* Writes the subject (label, or g described when label is NULL) and ": ",
 * and records what it names: the parts of g's key. */
static void verdictSubject(verdictText *v, const summaryGroup *g, unsigned parts,
                           const char *label) {
    if (label) fputs(label, v->f);
    else summaryDescribe(g, v->f);
    fputs(": ", v->f);
    v->at = ftell(v->f);
    v->g = g;
    v->parts = parts;
}

/* Records the figures (at most VERDICT_FIGURES_MAX are kept). */
static void verdictFigures(verdictText *v, const verdictFigure *fig, size_t n) {
    for (size_t i = 0; i < n && v->nfig < VERDICT_FIGURES_MAX; i++) v->fig[v->nfig++] = fig[i];
}

/* Closes v and adds its text as a verdict of x's check. -1 when out of memory. */
static int verdictEnd(verdictCtx *x, verdictLevel lv, verdictText *v) {
    verdictList *l = x->out;
    int bad = !v->f || ferror(v->f) || v->at < 0;
    if (v->f && fclose(v->f) != 0) bad = 1;
    if (!bad && l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 16;
        verdict *p = realloc(l->v, cap * sizeof(*p));
        if (p) l->v = p, l->cap = cap;
        else bad = 1;
    }
    size_t at = (size_t)(v->at > 0 ? v->at : 0);
    char *subject = !bad && v->buf && at >= 2 ? strndup(v->buf, at - 2) : NULL;
    if (bad || !v->buf || (at >= 2 && !subject)) {
        free(v->buf);
        free(subject);
        return -1;
    }
    verdict *n = &l->v[l->n++];
    *n = (verdict){lv, x->ck->id, v->buf, subject, v->buf + at, v->g, v->parts, {{0}}, v->nfig};
    memcpy(n->fig, v->fig, v->nfig * sizeof *v->fig);
    return 0;
}

/* The figures of a verdict: FIGS({"first_ms", g->first_ms}, {"ratio", r}). */
#define FIGS(...) \
    (const verdictFigure[]){__VA_ARGS__}, \
        sizeof((const verdictFigure[]){__VA_ARGS__}) / sizeof(verdictFigure)

static int verdictAddV(verdictCtx *x, verdictLevel lv, const summaryGroup *g, unsigned parts,
                       const char *label, const verdictFigure *fig, size_t nfig, const char *fmt,
                       va_list ap) {
    verdictText v;
    FILE *f = verdictBegin(&v);
    if (f) {
        if (g) verdictSubject(&v, g, parts, label);
        verdictFigures(&v, fig, nfig);
        vfprintf(f, fmt, ap);
    }
    return verdictEnd(x, lv, &v);
}

/* A verdict of x's check on group g: "<g described>: <fmt...>" (g NULL: fmt
 * alone), citing the figures fig[0..nfig). */
__attribute__((format(printf, 6, 7))) static int verdictAdd(verdictCtx *x, verdictLevel lv,
                                                            const summaryGroup *g,
                                                            const verdictFigure *fig, size_t nfig,
                                                            const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int rc = verdictAddV(x, lv, g, SUMMARY_K_ALL, NULL, fig, nfig, fmt, ap);
    va_end(ap);
    return rc;
}

/* A verdict on a cell of several groups: the parts of g's key, named by label. */
__attribute__((format(printf, 8, 9))) static int
verdictAddOn(verdictCtx *x, verdictLevel lv, const summaryGroup *g, unsigned parts,
             const char *label, const verdictFigure *fig, size_t nfig, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int rc = verdictAddV(x, lv, g, parts, label, fig, nfig, fmt, ap);
    va_end(ap);
    return rc;
}

void verdictFree(verdictList *l) {
    for (size_t i = 0; i < l->n; i++) {
        free(l->v[i].text);
        free(l->v[i].subject);
    }
    free(l->v);
    memset(l, 0, sizeof(*l));
}

/* Short aliases for the figures every text prints. */
#define MS(x) summaryFmtMs((x), (char[32]){0}, 32)

/* Load seen during a group's samples, as a citation: " (procs_running median
 * 3, load1 median 2.1)", or "" when the rows had none. */
static const char *verdictLoad(const summaryGroup *g, char *buf, size_t len) {
    size_t o = 0;
    buf[0] = '\0';
    if (!isnan(g->procs_median))
        o += (size_t)snprintf(buf, len, "; procs_running median %g", g->procs_median);
    if (!isnan(g->load1_median) && o < len)
        o += (size_t)snprintf(buf + o, len - o, "%s load1 median %.2f", o ? "," : ";",
                              g->load1_median);
    if (!isnan(g->psi_some_pct) && o < len)
        snprintf(buf + o, len - o, "%s CPU pressure (PSI some) %.0f%% while it ran", o ? "," : ";",
                 g->psi_some_pct);
    return buf;
}
#define LOAD(g) verdictLoad((g), (char[192]){0}, 192)

/* first-run (first/min >= first_min) or, notable, first-run-notable (between
 * the two thresholds). A loaded group's first call is loaded-first's: the
 * load's part in it is not the cold start's. */
static int verdictFirstRunAt(verdictCtx *x, int notable) {
    const verdictThresholds *t = x->t;
    for (size_t i = 0; i < x->s->n; i++) {
        const summaryGroup *g = &x->s->g[i];
        double r = g->first_over_min;
        if (summaryIsLoaded(g) || isnan(r) || r < t->first_min_notable ||
            (r >= t->first_min) == notable)
            continue;
        char faults[96] = "";
        if (g->first_majflt > 0)
            snprintf(faults, sizeof faults,
                     "; the first run took %g major and %g minor page faults", g->first_majflt,
                     g->first_minflt);
        const verdictFigure fig[] = {{"first_ms", g->first_ms},
                                     {"min_ms", g->min_ms},
                                     {"first_over_min", r},
                                     {"threshold", notable ? t->first_min_notable : t->first_min},
                                     {"first_majflt", g->first_majflt},
                                     {"first_minflt", g->first_minflt}};
        size_t nfig = sizeof fig / sizeof fig[0];
        int rc = notable ? verdictAdd(x, VERDICT_NOTE, g, fig, nfig,
                                      "first %s ms vs steady min %s ms = %.1fx (>= %g, < %g)%s: "
                                      "notable; keep it out of averages too",
                                      MS(g->first_ms), MS(g->min_ms), r, t->first_min_notable,
                                      t->first_min, faults)
                         : verdictAdd(x, VERDICT_WARN, g, fig, nfig,
                                      "first %s ms vs steady min %s ms = %.0fx (>= %g)%s: the "
                                      "first run must not go into an average; time it apart, "
                                      "report min and median of the rest",
                                      MS(g->first_ms), MS(g->min_ms), r, t->first_min, faults);
        if (rc) return -1;
    }
    return 0;
}

static int verdictFirstRun(verdictCtx *x) { return verdictFirstRunAt(x, 0); }
static int verdictFirstRunNotable(verdictCtx *x) { return verdictFirstRunAt(x, 1); }

static int verdictSpread(verdictCtx *x) {
    const verdictThresholds *t = x->t;
    for (size_t i = 0; i < x->s->n; i++) {
        const summaryGroup *g = &x->s->g[i];
        if (g->key.width < 2 || g->n < 2 || isnan(g->max_over_median) ||
            g->max_over_median < t->max_median)
            continue;
        if (verdictAdd(x, VERDICT_WARN, g,
                       FIGS({"max_ms", g->max_ms}, {"median_ms", g->median_ms},
                            {"max_over_median", g->max_over_median}, {"threshold", t->max_median},
                            {"n", (double)g->n}, {"procs_median", g->procs_median},
                            {"load1_median", g->load1_median}, {"psi_some_pct", g->psi_some_pct}),
                       "max %s ms vs median %s ms = %.1fx (>= %g) over %zu runs%s: a "
                       "multi-threaded max this far above the median means check the load "
                       "before suspecting the code",
                       MS(g->max_ms), MS(g->median_ms), g->max_over_median, t->max_median, g->n,
                       LOAD(g)))
            return -1;
    }
    return 0;
}

/* Everything but the width: the groups a width comparison under one load
 * puts side by side. */
static int verdictSameLoad(const summaryGroup *a, const summaryGroup *b) {
    return summaryKeySame(&a->key, &b->key, SUMMARY_K_ALL & ~SUMMARY_K_WIDTH);
}

/* "; width 2: 5 of 5 processes >= 5x idle, loaded/idle of the process medians
 * 384.6x (95% interval 350.1-410.2x)" -- the spread over processes behind a
 * width's median, when there were several processes. */
static void verdictProcClause(const summaryGroup *g, double wide, FILE *f) {
    if (g->procs < 2 || g->slow_procs == SIZE_MAX) return;
    fprintf(f,
            "; width %d: %zu of %zu processes >= %gx idle, loaded/idle of the process "
            "medians %.1fx (95%% interval %.1f-%.1fx)",
            g->key.width, g->slow_procs, g->procs, wide, g->proc_ratio, g->ratio_lo, g->ratio_hi);
}

double verdictFairShare(const summaryGroup *g, int width, double load_cpus) {
    double stressors;
    if (numDouble(g->key.stressors, 1, 1e6, &stressors) != 0) return NAN;
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
    double stressors;
    if (numDouble(g->key.stressors, 1, 1e6, &stressors) != 0)
        snprintf(buf, len, "a load of unknown size, one worker per CPU assumed");
    else {
        double cpus = t->load_cpus >= 1 ? t->load_cpus : stressors;
        snprintf(buf, len, "%g load worker%s over %g CPU%s%s", stressors, stressors == 1 ? "" : "s",
                 cpus, cpus == 1 ? "" : "s", t->load_cpus >= 1 ? "" : " (assumed)");
    }
    return buf;
}
#define LOADSAY(g) verdictLoadSay((g), x->t, (char[96]){0}, 96)

/* Contention first: the wide groups it explains get no separate loaded-slow
 * verdict (explained[i] = 1), since the page's serial re-run is the answer to
 * "check the load". The rule is against what the load predicts (verdicts.md):
 * a serial call longer than a time slice gets its fair share of a loaded CPU,
 * so width 1 at that share (2x with one worker per CPU) is not hurt; the wide
 * width is contention when it is far beyond both its own share and width 1.
 * Width 1 at or near the share decides nothing by itself, so the verdict does
 * not flip with it. The text is the cell, the wide widths, width 1, then the
 * per-process clauses: the widths and the clauses are gathered in one pass,
 * in two streams, and joined. */
static int verdictContention(verdictCtx *x) {
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
        verdictText wide, procs;
        FILE *fw = verdictBegin(&wide), *fp = verdictBegin(&procs);
        size_t nwide = 0;
        const summaryGroup *fastest = one;
        for (size_t j = 0; fw && fp && j < s->n; j++) {
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
            nwide++;
            verdictProcClause(g, t->contention_wide, fp);
            fprintf(fw,
                    "%swidth %d is %.1fx slower than idle (median %s vs %s ms), %.0fx its fair "
                    "share %.1fx and %.0fx width 1's",
                    nwide > 1 ? ", " : "", g->key.width, g->loaded_over_idle, MS(g->median_ms),
                    MS(g->idle_median_ms), g->loaded_over_idle / share, share,
                    g->loaded_over_idle / one->loaded_over_idle);
        }
        int bad = !fw || !fp;
        if (fw && fclose(fw) != 0) bad = 1;
        if (fp && fclose(fp) != 0) bad = 1;
        char *on = NULL; /* the cell: every width of one's key */
        if (!bad && nwide &&
            asprintf(&on, "%s%s%s%s%s, %s%s%s (stressors %s), copy %s", one->key.workload,
                     one->key.params[0] ? " " : "", one->key.params,
                     one->key.wait[0] ? ", wait " : "", one->key.wait, one->key.condition,
                     one->key.load[0] ? " " : "", one->key.load,
                     one->key.stressors[0] ? one->key.stressors : "?",
                     one->key.copy[0] ? one->key.copy : "-") < 0)
            on = NULL, bad = 1;
        int rc =
            bad ? -1
            : nwide == 0
                ? 0
                : verdictAddOn(
                      x, VERDICT_WARN, one, SUMMARY_K_ALL & ~SUMMARY_K_WIDTH, on,
                      FIGS({"wide_widths", (double)nwide}, {"contention_wide", t->contention_wide},
                           {"narrow_loaded_over_idle", one->loaded_over_idle},
                           {"narrow_median_ms", one->median_ms},
                           {"narrow_idle_median_ms", one->idle_median_ms},
                           {"contention_narrow", t->contention_narrow},
                           {"narrow_fair_share", share1},
                           {"fastest_width", (double)fastest->key.width},
                           {"fastest_median_ms", fastest->median_ms}),
                      "under load %s (each at least %gx), while width 1 is %.1fx "
                      "(median %s vs %s ms), below %gx its fair share %.1fx (%s: a "
                      "serial call gets 1/%.0f of its CPU): core contention, not the "
                      "code; keep the width at or below the idle cores. Fastest under "
                      "load: width %d (median %s ms)%s",
                      wide.buf, t->contention_wide, one->loaded_over_idle, MS(one->median_ms),
                      MS(one->idle_median_ms), t->contention_narrow, share1, LOADSAY(one), share1,
                      fastest->key.width, MS(fastest->median_ms), procs.buf);
        free(on);
        free(wide.buf);
        free(procs.buf);
        if (rc) return -1;
    }
    return 0;
}

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
    char place[256];
    verdictPlacement(&fast, &slow, place, sizeof place);
    return verdictAdd(x, VERDICT_WARN, g,
                      FIGS({"slow_procs", (double)(n - k)}, {"procs", (double)n},
                           {"slow_median_ms", slow_ms}, {"fast_median_ms", fast_ms},
                           {"idle_median_ms", idle}, {"gap", gap}, {"threshold", t->bimodal}),
                      "%zu of %zu processes%s, the rest%s; the medians split %.0fx apart "
                      "(>= %g): %s%s",
                      n - k, n, SIDE(slow_ms, idle), SIDE(fast_ms, idle), gap, t->bimodal,
                      verdictBimodalWhy, place)
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
    char place[256], proc[32] = "";
    verdictPlacement(&fs, &ss, place, sizeof place);
    if (worst->proc) snprintf(proc, sizeof proc, "%ld (run ", worst->proc);
    return verdictAdd(x, VERDICT_WARN, g,
                      FIGS({"split_procs", (double)nsplit}, {"procs", (double)g->procs},
                           {"slow_calls", (double)slow.n}, {"calls", (double)worst->steady.n},
                           {"slow_median_ms", b.median}, {"fast_median_ms", a.median},
                           {"idle_median_ms", idle}, {"gap", best}),
                      "%zu of %zu processes split within; the widest, process %s%s%s: %zu of %zu "
                      "steady calls%s, the other %zu%s; %.0fx apart (>= %g): %s%s",
                      nsplit, g->procs, proc, worst->run_id, worst->proc ? ")" : "", slow.n,
                      worst->steady.n, SIDE(b.median, idle), fast.n, SIDE(a.median, idle), best,
                      t->bimodal, verdictBimodalWhy, place)
               ? -2
               : 0;
}

static int verdictIsFree(const summaryGroup *g) {
    return summaryIsLoaded(g) &&
           summaryWordOf(summaryLoads, SUMMARY_LOAD_N, g->key.load) == SUMMARY_LOAD_FREE;
}

/* placement: every free-load group with an idle twin, one verdict each, the
 * same id whether none, some or all of its processes were slow (issue 21:
 * 4 of 5 slow was `bimodal` in one run, 5 of 5 `loaded-slow` in the next,
 * for one answer). The answer is the share of slow processes with its
 * Wilson interval; the two sides' medians and where their calls ran follow.
 * A NOTE when no process was slow, a WARN otherwise. */
static int verdictFreeLoad(verdictCtx *x) {
    const summary *s = x->s;
    const verdictThresholds *t = x->t;
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *g = &s->g[i];
        const summaryGroup *idle = verdictIsFree(g) ? summaryIdleOf(s, g) : NULL;
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
        char sides[256] = "", place[256] = "";
        size_t o = 0;
        for (int k = 1; k >= 0 && !bad; k--) {
            if (statsOf(side[k].x, side[k].n, &st[k]) != 0) continue;
            summaryCat(sides, sizeof sides, &o, "%s%s%s", o ? ", " : "; ",
                       !side[!k].n ? "every process"
                       : k         ? "the slow ones"
                                   : "the rest",
                       SIDE(st[k].median, base));
        }
        if (side[0].n && side[1].n) verdictPlacement(&span[0], &span[1], place, sizeof place);
        free(side[0].x);
        free(side[1].x);
        if (bad) return -1;
        if (verdictAdd(x, g->slow_procs ? VERDICT_WARN : VERDICT_NOTE, g,
                       FIGS({"slow_procs", (double)g->slow_procs}, {"procs", (double)g->procs},
                            {"share", (double)g->slow_procs / (double)g->procs}, {"share_lo", lo},
                            {"share_hi", hi}, {"slow_ratio", t->contention_wide},
                            {"idle_median_ms", base}),
                       "%zu of %zu processes slow (>= %gx the idle median %s ms), share %.2f "
                       "(95%% Wilson interval %.2f-%.2f)%s%s: %s; the share, not one process, "
                       "is the answer under free load",
                       g->slow_procs, g->procs, t->contention_wide, MS(base),
                       (double)g->slow_procs / (double)g->procs, lo, hi, sides, place,
                       verdictBimodalWhy))
            return -1;
    }
    return 0;
}

/* bimodal: per loaded group, its processes first, then the calls within one. */
static int verdictBimodal(verdictCtx *x) {
    const summary *s = x->s;
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *g = &s->g[i];
        /* A free-load cell is placement's, whatever its split: one id per
         * question, however many processes the scheduler slowed this time. */
        if (!summaryIsLoaded(g) || g->procs == 0 || verdictIsFree(g)) continue;
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
static int verdictLoadedFirst(verdictCtx *x) {
    const summary *s = x->s;
    const verdictThresholds *t = x->t;
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *g = &s->g[i];
        double r = g->first_over_min;
        if (!summaryIsLoaded(g) || isnan(r) || r < t->first_min_notable) continue;
        const summaryGroup *idle = summaryIdleOf(s, g);
        char vs_idle[96] = "", place[160] = "";
        if (idle && idle->first_ms > 0)
            snprintf(vs_idle, sizeof vs_idle, ", %.1fx the idle first call (%s ms)",
                     g->first_ms / idle->first_ms, MS(idle->first_ms));
        verdictSpan p = {0};
        for (size_t j = 0; j < g->nproc; j++) verdictSpanAdd(&p, g->proc[j].first_span);
        if (p.known)
            snprintf(place, sizeof place,
                     "; the first calls ran on one CPU in %zu and on several in %zu of %zu "
                     "processes",
                     p.one, p.multi, p.known);
        if (verdictAdd(x, VERDICT_NOTE, g,
                       FIGS({"first_ms", g->first_ms}, {"nfirst", (double)g->nfirst},
                            {"min_ms", g->min_ms}, {"first_over_min", r},
                            {"threshold", t->first_min_notable},
                            {"idle_first_ms", idle ? idle->first_ms : NAN},
                            {"first_1cpu_procs", p.known ? (double)p.one : NAN},
                            {"first_multi_cpu_procs", p.known ? (double)p.multi : NAN}),
                       "first call under load %s ms (median over %zu processes) = %.0fx the "
                       "steady min %s ms (>= %g)%s%s: under load the first call waits for the "
                       "CPUs as well as for the cold start; time it apart from the idle first "
                       "run",
                       MS(g->first_ms), g->nfirst, r, MS(g->min_ms), t->first_min_notable, vs_idle,
                       place))
            return -1;
    }
    return 0;
}

static int verdictLoadedSlow(verdictCtx *x) {
    const verdictThresholds *t = x->t;
    for (size_t i = 0; i < x->s->n; i++) {
        const summaryGroup *g = &x->s->g[i];
        if (x->explained[i] || isnan(g->loaded_over_idle) || g->loaded_over_idle < t->loaded_idle)
            continue;
        /* What the load alone predicts, when its size is known: a slowdown
         * at the fair share is the load, not the code. */
        double share = verdictFairShare(g, g->key.width, t->load_cpus);
        char fair[160] = "";
        if (!isnan(share))
            snprintf(fair, sizeof fair, "; the fair share of %s predicts %.1fx, this is %.1fx that",
                     LOADSAY(g), share, g->loaded_over_idle / share);
        if (verdictAdd(x, VERDICT_WARN, g,
                       FIGS({"median_ms", g->median_ms}, {"idle_median_ms", g->idle_median_ms},
                            {"loaded_over_idle", g->loaded_over_idle},
                            {"threshold", t->loaded_idle}, {"procs_median", g->procs_median},
                            {"load1_median", g->load1_median}, {"psi_some_pct", g->psi_some_pct},
                            {"fair_share", share}),
                       "median %s ms vs idle median %s ms = %.1fx (>= %g)%s%s: check the load "
                       "before suspecting the code",
                       MS(g->median_ms), MS(g->idle_median_ms), g->loaded_over_idle, t->loaded_idle,
                       fair, LOAD(g)))
            return -1;
    }
    return 0;
}

static int verdictHasSum(const uint64_t *set, size_t n, uint64_t c) {
    for (size_t i = 0; i < n; i++)
        if (set[i] == c) return 1;
    return 0;
}

/* Adds g's checksums to set (distinct, at most cap). */
static void verdictCollect(uint64_t *set, size_t *n, size_t cap, const summaryGroup *g) {
    for (size_t k = 0; k < g->nchecksums; k++)
        if (!verdictHasSum(set, *n, g->checksums[k]) && *n < cap) set[(*n)++] = g->checksums[k];
}

static void verdictFmtSums(const uint64_t *set, size_t n, char *buf, size_t len) {
    size_t o = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n && o < len; i++)
        o += (size_t)snprintf(buf + o, len - o, "%s%016llx", i ? ", " : "",
                              (unsigned long long)set[i]);
}

/* A group of harness/threads.sh: anyone's program, whose output check is
 * across every cell (output-differs), not the engine's per-width one. */
static int verdictIsThreads(const summaryGroup *g) {
    return g->harness && strcmp(g->harness, "threads") == 0;
}

/* Idle against loaded, per (workload, params, width): the engine is
 * deterministic at a fixed width, whatever the wait policy or the copy.
 * same: the cells with one checksum both idle and loaded (bitwise-same),
 * else those whose idle and loaded checksums differ (checksum-differs). */
static int verdictChecksumCells(verdictCtx *x, int same) {
    enum { CAP = 8 };
    const summary *s = x->s;
    char a[CAP * 20], b[CAP * 20];
    for (size_t i = 0; i < s->n; i++) {
        const summaryKey *k = &s->g[i].key;
        const unsigned cell = SUMMARY_K_WORKLOAD | SUMMARY_K_PARAMS | SUMMARY_K_WIDTH;
        if (verdictIsThreads(&s->g[i])) continue;
        int seen = 0;
        for (size_t j = 0; j < i && !seen; j++) seen = summaryKeySame(&s->g[j].key, k, cell);
        if (seen) continue;
        uint64_t idle[CAP], loaded[CAP];
        size_t ni = 0, nl = 0;
        for (size_t j = i; j < s->n; j++) {
            const summaryGroup *g = &s->g[j];
            if (!summaryKeySame(&g->key, k, cell) || verdictIsThreads(g)) continue;
            if (summaryIsIdle(g)) verdictCollect(idle, &ni, CAP, g);
            else if (summaryIsLoaded(g)) verdictCollect(loaded, &nl, CAP, g);
        }
        if (ni == 0 || nl == 0) continue;
        int same_sets = ni == nl;
        for (size_t j = 0; j < nl && same_sets; j++) same_sets = verdictHasSum(idle, ni, loaded[j]);
        int rc = 0;
        char on[512]; /* the cell: workload, params, width */
        snprintf(on, sizeof on, "%s%s%s, width %d", k->workload, k->params[0] ? " " : "", k->params,
                 k->width);
        if (same && same_sets && ni == 1)
            rc =
                verdictAddOn(x, VERDICT_OK, &s->g[i], cell, on,
                             FIGS({"idle_checksums", (double)ni}, {"loaded_checksums", (double)nl}),
                             "checksum %016llx idle and loaded: numbers unaffected (bitwise)",
                             (unsigned long long)idle[0]);
        else if (!same && !same_sets) {
            verdictFmtSums(idle, ni, a, sizeof a);
            verdictFmtSums(loaded, nl, b, sizeof b);
            rc =
                verdictAddOn(x, VERDICT_ERROR, &s->g[i], cell, on,
                             FIGS({"idle_checksums", (double)ni}, {"loaded_checksums", (double)nl}),
                             "checksum idle %s, loaded %s: the numbers changed under load; this "
                             "must never happen",
                             a, b);
        }
        if (rc) return -1;
    }
    return 0;
}

/* checksum-differs: within one group first, then idle against loaded. */
static int verdictChecksumDiffers(verdictCtx *x) {
    enum { CAP = 8 };
    char a[CAP * 20];
    for (size_t i = 0; i < x->s->n; i++) {
        const summaryGroup *g = &x->s->g[i];
        if (g->nchecksums < 2 || verdictIsThreads(g)) continue;
        verdictFmtSums(g->checksums, g->nchecksums < CAP ? g->nchecksums : CAP, a, sizeof a);
        if (verdictAdd(x, VERDICT_ERROR, g, FIGS({"nchecksums", (double)g->nchecksums}),
                       "%zu different checksums within one group (%s): the same computation "
                       "gave different bits; this must never happen",
                       g->nchecksums, a))
            return -1;
    }
    return verdictChecksumCells(x, 0);
}

/* A program's output over all its cells (harness/threads.sh: stdout's hash
 * is each run's checksum). same: one hash in every cell, bitwise-same;
 * else output-differs, naming each cell with its hashes. A cell whose runs
 * were not hashed (--no-check-output) has none and is left out. */
static int verdictOutputCells(verdictCtx *x, int same) {
    enum { CAP = 8 };
    const summary *s = x->s;
    const unsigned prog = SUMMARY_K_WORKLOAD | SUMMARY_K_PARAMS;
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *gi = &s->g[i];
        if (!verdictIsThreads(gi)) continue;
        int seen = 0;
        for (size_t j = 0; j < i && !seen; j++)
            seen = verdictIsThreads(&s->g[j]) && summaryKeySame(&s->g[j].key, &gi->key, prog);
        if (seen) continue;
        uint64_t all[CAP];
        size_t n = 0, cells = 0;
        for (size_t j = i; j < s->n; j++) {
            const summaryGroup *g = &s->g[j];
            if (!verdictIsThreads(g) || !summaryKeySame(&g->key, &gi->key, prog)) continue;
            if (g->nchecksums) cells++;
            verdictCollect(all, &n, CAP, g);
        }
        if (n == 0) continue;
        int rc = 0;
        char on[512]; /* the program: workload (its name) and params (its arguments) */
        snprintf(on, sizeof on, "%s%s%s", gi->key.workload, gi->key.params[0] ? " " : "",
                 gi->key.params);
        if (same && n == 1)
            rc = verdictAddOn(x, VERDICT_OK, gi, prog, on,
                              FIGS({"hashes", 1}, {"cells", (double)cells}),
                              "stdout hash %016llx in every run of all %zu cells (each width and "
                              "the default, idle and loaded): its output does not change",
                              (unsigned long long)all[0], cells);
        else if (!same && n > 1) {
            char *list = NULL;
            size_t len = 0;
            FILE *f = open_memstream(&list, &len);
            for (size_t j = i; f && j < s->n; j++) {
                const summaryGroup *g = &s->g[j];
                if (!verdictIsThreads(g) || !summaryKeySame(&g->key, &gi->key, prog) ||
                    !g->nchecksums)
                    continue;
                char sums[CAP * 20];
                verdictFmtSums(g->checksums, g->nchecksums < CAP ? g->nchecksums : CAP, sums,
                               sizeof sums);
                fputs("; ", f);
                summaryDescribe(g, f);
                fprintf(f, ": %s", sums);
            }
            if (f && fclose(f) != 0) f = NULL;
            rc = !f ? -1
                    : verdictAddOn(x, VERDICT_ERROR, gi, prog, on,
                                   FIGS({"hashes", (double)n}, {"cells", (double)cells}),
                                   "%zu different stdout hashes over its cells: its output "
                                   "depends on the width, the load or the run (if it prints "
                                   "times or is meant to, run with --no-check-output)%s",
                                   n, list ? list : "");
            free(list);
        }
        if (rc) return -1;
    }
    return 0;
}

static int verdictBitwiseSame(verdictCtx *x) {
    return verdictChecksumCells(x, 1) || verdictOutputCells(x, 1) ? -1 : 0;
}

static int verdictOutputDiffers(verdictCtx *x) { return verdictOutputCells(x, 0); }

static int verdictIdleBusy(verdictCtx *x) {
    const verdictThresholds *t = x->t;
    for (size_t i = 0; i < x->s->n; i++) {
        const summaryGroup *g = &x->s->g[i];
        if (!summaryIsIdle(g) || isnan(g->procs_median) || g->key.width < 1) continue;
        /* A sample's own runnable threads: the caller, the engine's width-1
         * workers and OpenBLAS's pool-1 workers (at least width-1: setting
         * the width grows the pool), which may spin between calls. Measured
         * here: width 1 on an idle 2-CPU machine shows procs_running 2. */
        double w = g->key.width, pool = t->blas_pool > w ? t->blas_pool : w;
        double own = w + pool - 1, excess = g->procs_median - own;
        if (excess < t->idle_excess) continue;
        char load[128] = "";
        if (!isnan(g->load1_median))
            snprintf(load, sizeof load, ", load1 median %.2f (max %.2f)", g->load1_median,
                     g->load1_max);
        if (!isnan(g->psi_some_pct))
            snprintf(load + strlen(load), sizeof load - strlen(load),
                     ", CPU pressure (PSI some) %.0f%% while its harness ran", g->psi_some_pct);
        if (verdictAdd(x, VERDICT_WARN, g,
                       FIGS({"procs_median", g->procs_median}, {"procs_max", g->procs_max},
                            {"own_threads", own}, {"excess", excess}, {"threshold", t->idle_excess},
                            {"load1_median", g->load1_median}, {"load1_max", g->load1_max},
                            {"psi_some_pct", g->psi_some_pct}),
                       "an idle measurement saw load: procs_running median %g (max %g) "
                       "where its own threads (width %d, OpenBLAS pool %g) account for at "
                       "most %g, %g more (>= %g)%s: its figures are not idle figures; re-run "
                       "on a quiet machine",
                       g->procs_median, g->procs_max, g->key.width, pool, own, excess,
                       t->idle_excess, load))
            return -1;
    }
    return 0;
}

/* --- cold-start: why a copy's whole process is slower than the same copy again --- */

/* "+6.000 ms" or "-0.950 ms": a difference of medians. */
static const char *verdictDelta(double d, char *buf, size_t len) {
    char m[32];
    snprintf(buf, len, "%s%s ms", d < 0 ? "-" : "+", summaryFmtMs(fabs(d), m, sizeof m));
    return buf;
}
#define DELTA(d) verdictDelta((d), (char[40]){0}, 40)

/* Everything but the copy: the copy kinds of one cold measurement. */
static int verdictSameButCopy(const summaryGroup *a, const summaryGroup *b) {
    return summaryKeySame(&a->key, &b->key, SUMMARY_K_ALL & ~SUMMARY_K_COPY);
}

/* A group's major faults for the comparison with the same copy: the whole
 * process's (GNU time: the loader and the libraries included) when known,
 * else the first run's in the process; NAN when neither was recorded. */
static double verdictMajflt(const summaryGroup *g) {
    return !isnan(g->whole_majflt) ? g->whole_majflt : g->first_majflt;
}

enum { COLD_SAME, COLD_FRESH, COLD_EVICTED, COLD_DROPCACHE, COLD_N };
/* The check's order of the copy kinds (same first: the baseline). */
static const int verdictColdCopy[COLD_N] = {SUMMARY_COPY_SAME, SUMMARY_COPY_FRESH,
                                            SUMMARY_COPY_EVICTED, SUMMARY_COPY_DROPCACHE};
#define verdictColdName(k) summaryCopies[verdictColdCopy[k]].name

/* What one kind's figures say against the same copy's. */
typedef struct verdictColdCase {
    const summaryGroup *g;
    double extra, maj, same_maj;
    int slow;     /* median above every whole run of the same copy */
    int more_maj; /* more major faults than the same copy (-1: not recorded) */
} verdictColdCase;

/* "29.340 ms (evicted) and 26.184 ms (dropcache)", "13 (evicted) and 57 (dropcache)" over
 * the kinds in mask; kinds named only when there is more than one. Faults equal in every
 * kind are printed once: returns " each" then (for after the noun), else "". */
static const char *verdictColdList(FILE *f, const verdictColdCase *c, unsigned mask, int faults) {
    size_t n = 0, total = 0;
    int all_equal = 1, k0 = -1;
    for (int k = 0; k < COLD_N; k++) {
        if (!(mask >> k & 1)) continue;
        total++;
        if (k0 < 0) k0 = k;
        else if (c[k].maj != c[k0].maj) all_equal = 0;
    }
    if (faults && all_equal) {
        fprintf(f, "%g", c[k0].maj);
        return total > 1 ? " each" : "";
    }
    for (int k = 0; k < COLD_N; k++) {
        if (!(mask >> k & 1)) continue;
        n++;
        fprintf(f, "%s", n == 1 ? "" : n == total ? " and " : ", ");
        if (faults) fprintf(f, "%g", c[k].maj);
        else fprintf(f, "%s ms", MS(c[k].extra));
        if (total > 1) fprintf(f, " (%s)", verdictColdName(k));
    }
    return "";
}

/* " of the evicted copy" for one kind; nothing for several (the list names them). */
static const char *verdictColdOf(unsigned mask) {
    return mask == (1u << COLD_EVICTED)     ? " of the evicted copy"
           : mask == (1u << COLD_DROPCACHE) ? " of the run after dropping the page cache"
                                            : "";
}

static const char *verdictColdWho(unsigned mask) {
    return mask == (1u << COLD_EVICTED)     ? "the evicted copy"
           : mask == (1u << COLD_DROPCACHE) ? "the run after dropping the page cache"
                                            : "the evicted and dropped-cache runs";
}

/* The explanation: one clause per kind of evidence among evicted/dropcache,
 * then what a fresh copy costs. Each clause only where the figures show it. */
static void verdictColdWhy(FILE *f, const verdictColdCase *c, const summaryGroup *same) {
    unsigned disk = 0, slow_nomaj = 0, maj_fast = 0, none = 0;
    for (int k = COLD_EVICTED; k <= COLD_DROPCACHE; k++) {
        if (!c[k].g) continue;
        unsigned bit = 1u << k;
        if (c[k].slow && c[k].more_maj == 1) disk |= bit;
        else if (c[k].slow) slow_nomaj |= bit;
        else if (c[k].more_maj == 1) maj_fast |= bit;
        else none |= bit;
    }
    const char *sep = ": ";
    if (disk) {
        fprintf(f, "%sthe extra ", sep);
        verdictColdList(f, c, disk, 0);
        fprintf(f, "%s come with ", verdictColdOf(disk));
        const char *each = verdictColdList(f, c, disk, 1);
        fprintf(f,
                " major page faults%s (same copy: %g): the binary and its shared libraries "
                "are read from disk because they were not in the page cache",
                each, isnan(c[COLD_SAME].maj) ? 0 : c[COLD_SAME].maj);
        sep = "; ";
    }
    if (slow_nomaj) {
        fprintf(f, "%sthe extra ", sep);
        verdictColdList(f, c, slow_nomaj, 0);
        fprintf(f, "%s come %s", verdictColdOf(slow_nomaj),
                c[__builtin_ctz(slow_nomaj)].more_maj < 0
                    ? "with no major page faults recorded: they cannot be attributed here"
                    : "without more major page faults than the same copy: not reads from "
                      "disk");
        sep = "; ";
    }
    if (maj_fast) {
        fprintf(f, "%s%s took ", sep, verdictColdWho(maj_fast));
        const char *each = verdictColdList(f, c, maj_fast, 1);
        fprintf(f,
                " major page faults%s but no time above the same copy's slowest run (%s ms): "
                "reading them from disk cost nothing measurable here",
                each, MS(same->whole_max_ms));
        sep = "; ";
    }
    if (none) {
        fprintf(f,
                "%sthe cold-start cost was not observed for %s: no time above the same "
                "copy's slowest run (%s ms) and %s",
                sep, verdictColdWho(none), MS(same->whole_max_ms),
                c[__builtin_ctz(none)].more_maj < 0
                    ? "no major page faults recorded"
                    : "no more major page faults, so the pages were probably still cached");
        sep = "; ";
    }
    const verdictColdCase *fr = &c[COLD_FRESH];
    if (!fr->g) return;
    if (!fr->slow && fr->more_maj != 1) {
        if (fr->extra > 0)
            fprintf(f, "%sa fresh copy costs only %s ms more than the same copy", sep,
                    MS(fr->extra));
        else
            fprintf(f, "%sa fresh copy is no slower than the same copy (%s)", sep,
                    DELTA(fr->extra));
        if (fr->more_maj == 0) fprintf(f, " because copying leaves it in the page cache");
    } else if (fr->slow && fr->more_maj == 1) {
        fprintf(f,
                "%sa fresh copy costs %s ms more than the same copy, with %g major page "
                "faults: the new file was read from disk, copying did not leave it cached",
                sep, MS(fr->extra), fr->maj);
    } else if (fr->slow) {
        fprintf(f, "%sa fresh copy costs %s ms more than the same copy %s", sep, MS(fr->extra),
                fr->more_maj < 0 ? "(no major page faults recorded)"
                                 : "without more major page faults: a cost of running a new "
                                   "file, not of reading it from disk");
    } else {
        fprintf(f,
                "%sa fresh copy took %g major page faults but no time above the same "
                "copy's slowest run",
                sep, fr->maj);
    }
}

static int verdictColdStart(verdictCtx *x) {
    const summary *s = x->s;
    const verdictThresholds *t = x->t;
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *same = &s->g[i];
        if (!summaryIsCopy(same, SUMMARY_COPY_SAME) || isnan(same->whole_median_ms) ||
            same->whole_median_ms <= 0)
            continue;
        verdictColdCase c[COLD_N] = {{0}};
        c[COLD_SAME].g = same;
        c[COLD_SAME].maj = verdictMajflt(same);
        size_t nkinds = 0;
        for (size_t j = 0; j < s->n; j++) {
            const summaryGroup *g = &s->g[j];
            if (j == i || !verdictSameButCopy(same, g) || isnan(g->whole_median_ms)) continue;
            for (int k = COLD_FRESH; k < COLD_N; k++)
                if (summaryIsCopy(g, verdictColdCopy[k]) && !c[k].g) {
                    c[k].g = g;
                    nkinds++;
                }
        }
        if (nkinds == 0) continue;
        double same_maj = isnan(c[COLD_SAME].maj) ? 0 : c[COLD_SAME].maj, worst = 0;
        int worst_k = -1;
        for (int k = COLD_FRESH; k < COLD_N; k++) {
            verdictColdCase *x = &c[k];
            if (!x->g) continue;
            x->extra = x->g->whole_median_ms - same->whole_median_ms;
            x->slow = x->g->whole_median_ms > same->whole_max_ms;
            x->maj = verdictMajflt(x->g);
            x->more_maj = isnan(x->maj) ? -1 : x->maj > same_maj;
            double r = x->g->whole_median_ms / same->whole_median_ms;
            if (worst_k < 0 || r > worst) worst = r, worst_k = k;
        }
        /* The group without its copy: "grad n=1000, width 1, wait block, idle". */
        summaryGroup base = *same;
        base.key.copy = "";
        verdictText text;
        FILE *f = verdictBegin(&text);
        if (!f) return -1;
        /* on every copy of same's key; described without its copy */
        verdictSubject(&text, &base, SUMMARY_K_ALL & ~SUMMARY_K_COPY, NULL);
        text.g = same;
        {
            const verdictFigure fig[] = {
                {"same_ms", same->whole_median_ms},
                {"fresh_ms", c[COLD_FRESH].g ? c[COLD_FRESH].g->whole_median_ms : NAN},
                {"evicted_ms", c[COLD_EVICTED].g ? c[COLD_EVICTED].g->whole_median_ms : NAN},
                {"dropcache_ms", c[COLD_DROPCACHE].g ? c[COLD_DROPCACHE].g->whole_median_ms : NAN},
                {"slowest_over_same", worst},
                {"threshold", t->cold_same}};
            verdictFigures(&text, fig, sizeof fig / sizeof fig[0]);
        }
        fprintf(f, "whole process median (%s) same %s ms", same->whole_tool,
                MS(same->whole_median_ms));
        for (int k = COLD_FRESH; k < COLD_N; k++)
            if (c[k].g)
                fprintf(f, ", %s %s ms (%s, %.1fx)", verdictColdName(k),
                        MS(c[k].g->whole_median_ms), DELTA(c[k].extra),
                        c[k].g->whole_median_ms / same->whole_median_ms);
        fprintf(f, "; slowest %s = %.1fx same (%s %g)", verdictColdName(worst_k), worst,
                worst >= t->cold_same ? ">=" : "<", t->cold_same);
        /* Page faults: the whole process (GNU time), then the first run in it. */
        static const char *const head[2] = {
            "; page faults major/minor of the whole process (GNU time): ",
            "; first run in the process (ms, faults major/minor): "};
        for (int pass = 0; pass < 2; pass++) {
            const char *sep = head[pass];
            for (int k = 0; k < COLD_N; k++) {
                const summaryGroup *g = c[k].g;
                if (!g) continue;
                double maj = pass ? g->first_majflt : g->whole_majflt,
                       min = pass ? g->first_minflt : g->whole_minflt;
                if (pass ? isnan(g->first_ms) : isnan(maj)) continue;
                fprintf(f, "%s%s", sep, verdictColdName(k));
                sep = ", ";
                if (pass) fprintf(f, " %s", MS(g->first_ms));
                if (isnan(maj)) continue;
                fprintf(f, " %g/", maj);
                if (isnan(min)) fprintf(f, "-");
                else fprintf(f, "%g", min);
            }
        }
        verdictColdWhy(f, c, same);
        int warn = worst >= t->cold_same;
        if (warn)
            fprintf(f, ". A whole-process time is a cold or a warm start: time them apart and "
                       "say which");
        if (verdictEnd(x, warn ? VERDICT_WARN : VERDICT_NOTE, &text)) return -1;
    }
    return 0;
}

/* The page's JAX trap: timing a call that returns before its work is done. */
static int verdictNoWait(verdictCtx *x) {
    const verdictThresholds *t = x->t;
    for (size_t i = 0; i < x->s->n; i++) {
        const summaryGroup *g = &x->s->g[i];
        double nw = g->nowait_median_ms, w = g->median_ms;
        if (g->nowait_n == 0 || isnan(nw) || isnan(w) || nw * t->no_wait > w) continue;
        double r = nw > 0 ? w / nw : INFINITY;
        if (verdictAdd(x, VERDICT_WARN, g,
                       FIGS({"median_ms", w}, {"nowait_median_ms", nw},
                            {"nowait_n", (double)g->nowait_n}, {"ratio", r},
                            {"threshold", t->no_wait}),
                       "steady median %s ms when the result is waited for, %s ms without "
                       "waiting (submit only, %zu calls) = %.1fx below (>= %g): timing without "
                       "waiting measures the dispatch, not the work; wait for the result "
                       "(block_until_ready) inside the timed region",
                       MS(w), MS(nw), g->nowait_n, r, t->no_wait))
            return -1;
    }
    return 0;
}

/* --- the table ------------------------------------------------------------------- */

#define VT(field) offsetof(verdictThresholds, field)

const verdictCheck verdictChecks[] = {
    {"first-run",
     VERDICT_WARN,
     verdictFirstRun,
     "first/min >= --first-min in a group that is not loaded",
     {{"first-min", "R", VT(first_min), 100, NULL,
       "first/min at or above: the first run must not go into an average"}}},
    {"first-run-notable",
     VERDICT_NOTE,
     verdictFirstRunNotable,
     "first/min >= --first-min-notable (below --first-min), not loaded",
     {{"first-min-notable", "R", VT(first_min_notable), 10, NULL,
       "first/min at or above: notable (and a loaded group's first call: loaded-first)"}}},
    {"loaded-first",
     VERDICT_NOTE,
     verdictLoadedFirst,
     "a loaded group's first/min >= --first-min-notable, against the idle first call",
     {{0}}},
    {"spread",
     VERDICT_WARN,
     verdictSpread,
     "width > 1 and max/median >= --max-median",
     {{"max-median", "R", VT(max_median), 3, NULL,
       "multi-threaded max/median at or above: check the load"}}},
    {"contention",
     VERDICT_WARN,
     verdictContention,
     "under pinned load width 1 slowed < --contention-narrow x its fair share while width > 1 "
     "slowed >= --contention-wide x its fair share and x width 1's slowdown",
     {{"contention-wide", "R", VT(contention_wide), 5, NULL,
       "under pinned load, width > 1 slowed at least R x its fair share and R x width 1's "
       "slowdown ... (and a loaded process R x slower than idle counts as slow)"},
      {"contention-narrow", "R", VT(contention_narrow), 1.5, NULL,
       "... while width 1 slowed less than R x its fair share (1 + ceil(S/N): 2x with one load "
       "worker per CPU): contention"},
      {"load-cpus", "N", VT(load_cpus), 0,
       "the words of loaded_cpus_usable in RESULTS_DIR/meta.txt, else its scan_cpus, else its "
       "nproc, else N = S",
       "the CPUs the S load workers were spread over: the N of the fair share"}}},
    {"bimodal",
     VERDICT_WARN,
     verdictBimodal,
     "a loaded group's process medians (or one process's steady calls) split >= --bimodal apart",
     {{"bimodal", "R", VT(bimodal), 5, NULL,
       "a loaded group whose process medians (or one process's steady calls) split into two "
       "groups R x apart: bimodal"}}},
    {"placement",
     VERDICT_WARN,
     verdictFreeLoad,
     "every free-load group with an idle twin: k of K processes >= --contention-wide x idle, "
     "the share and its Wilson interval (a NOTE when none was)",
     {{0}}},
    {"loaded-slow",
     VERDICT_WARN,
     verdictLoadedSlow,
     "loaded median >= --loaded-idle x its idle median (not where contention, bimodal or "
     "placement explains it)",
     {{"loaded-idle", "R", VT(loaded_idle), 2, NULL,
       "loaded median / idle median at or above: check the load"}}},
    {"checksum-differs",
     VERDICT_ERROR,
     verdictChecksumDiffers,
     "different checksums within a group, or idle vs loaded at one width",
     {{0}}},
    {"output-differs",
     VERDICT_ERROR,
     verdictOutputDiffers,
     "a program's stdout hash differs between its runs (threads.sh, across widths and loads)",
     {{0}}},
    {"bitwise-same",
     VERDICT_OK,
     verdictBitwiseSame,
     "one checksum idle and loaded at one width (a program: one stdout hash over every cell)",
     {{0}}},
    {"idle-busy",
     VERDICT_WARN,
     verdictIdleBusy,
     "an idle group's procs_running median exceeds its own threads by >= --idle-excess",
     {{"idle-excess", "N", VT(idle_excess), 1, NULL,
       "idle samples whose median procs_running exceeds the run's own threads by N or more: "
       "busy; own threads: width + OpenBLAS pool - 1 (OpenBLAS workers spin)"},
      {"blas-pool", "N", VT(blas_pool), 0,
       "the width when meta.txt has openblas_num_threads, else nproc from RESULTS_DIR/meta.txt, "
       "else this machine's",
       "OpenBLAS's thread pool size in the runs"}}},
    {"cold-start",
     VERDICT_WARN,
     verdictColdStart,
     "per workload, each cold copy kind against the same copy (a NOTE below --cold-same)",
     {{"cold-same", "R", VT(cold_same), 2, NULL,
       "a cold start (fresh, evicted or dropcache copy) whose whole-process median is at or "
       "above R x the same copy's: a warning, not a note"}}},
    {"no-wait",
     VERDICT_WARN,
     verdictNoWait,
     "a \"no wait\" median (submit only) >= --no-wait x below the waited steady median",
     {{"no-wait", "R", VT(no_wait), 2, NULL,
       "a group whose \"no wait\" median (submit only) is R x below its waited steady median: "
       "no-wait"}}},
};
const size_t verdictNChecks = sizeof verdictChecks / sizeof verdictChecks[0];

const verdictParam *verdictParamAt(size_t i) {
    for (size_t c = 0; c < verdictNChecks; c++)
        for (size_t k = 0; k < VERDICT_PARAMS_MAX && verdictChecks[c].params[k].name; k++)
            if (i-- == 0) return &verdictChecks[c].params[k];
    return NULL;
}

double *verdictParamValue(verdictThresholds *t, const verdictParam *p) {
    return (double *)((char *)t + p->off);
}

double verdictParamGet(const verdictThresholds *t, const verdictParam *p) {
    return *(const double *)((const char *)t + p->off);
}

void verdictDefaults(verdictThresholds *t) {
    memset(t, 0, sizeof *t);
    const verdictParam *p;
    for (size_t i = 0; (p = verdictParamAt(i)); i++) *verdictParamValue(t, p) = p->def;
}

/* Writes text from column `col` on, words wrapped before `width` onto lines
 * indented to `indent`. */
static void verdictWrap(FILE *f, const char *text, int col, int indent, int width) {
    for (int first = 1; *text; first = 0) {
        int n = (int)strcspn(text, " ");
        if (!first && col + 1 + n > width) {
            fprintf(f, "\n%*s", indent, "");
            col = indent;
        } else if (!first) {
            fputc(' ', f);
            col++;
        }
        fprintf(f, "%.*s", n, text);
        col += n;
        text += n;
        text += strspn(text, " ");
    }
    fputc('\n', f);
}

void verdictUsage(FILE *f, int width) {
    enum { INDENT = 28 };
    const verdictParam *p;
    for (size_t i = 0; (p = verdictParamAt(i)); i++) {
        char *text = NULL, opt[64], def[32];
        snprintf(opt, sizeof opt, "  --%s %s", p->name, p->arg);
        snprintf(def, sizeof def, "%g", p->def);
        fprintf(f, "%-*s", INDENT, opt);
        if (asprintf(&text, "%s [%s]", p->help, p->def_text ? p->def_text : def) < 0) return;
        verdictWrap(f, text, INDENT, INDENT, width);
        free(text);
    }
}

void verdictThresholdLine(const verdictThresholds *t, FILE *f) {
    const verdictParam *p;
    for (size_t i = 0; (p = verdictParamAt(i)); i++)
        fprintf(f, "%s--%s %g", i ? " " : "", p->name, verdictParamGet(t, p));
}

int verdictRun(const summary *s, const verdictThresholds *t, verdictList *out) {
    verdictCtx x = {s, t, out, calloc(s->n ? s->n : 1, 1), NULL};
    int rc = x.explained ? 0 : -1;
    for (size_t c = 0; c < verdictNChecks && rc == 0; c++) {
        x.ck = &verdictChecks[c];
        rc = x.ck->fn(&x);
    }
    free(x.explained);
    /* Worst first, in the order found within a level (insertion sort: stable,
     * and lists are short). */
    for (size_t i = 1; i < out->n; i++) {
        verdict v = out->v[i];
        size_t j = i;
        for (; j > 0 && out->v[j - 1].level < v.level; j--) out->v[j] = out->v[j - 1];
        out->v[j] = v;
    }
    return rc ? -1 : 0;
}

int verdictWrite(const verdictList *l, const verdictThresholds *t, FILE *f) {
    fputs("# coldload verdicts: LEVEL id: text. Thresholds: ", f);
    verdictThresholdLine(t, f);
    fputc('\n', f);
    if (l->n == 0) fputs("# no check fired\n", f);
    for (size_t i = 0; i < l->n; i++)
        fprintf(f, "%s %s: %s\n", verdictLevelName(l->v[i].level), l->v[i].id, l->v[i].text);
    return ferror(f) ? -1 : 0;
}
