/* verdict.c -- the page's checks over a finished summary (see verdict.h).
 *
 * Each check looks at statistics only (never at raw rows), so a verdict can
 * always be re-derived by hand from summary.csv: every text cites the figures
 * and the threshold it compared them with. */
#include "report/verdict.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "common/stats.h"

void verdictDefaults(verdictThresholds *t) {
    t->first_min = 100;
    t->first_min_notable = 10;
    t->max_median = 3;
    t->loaded_idle = 2;
    t->contention_wide = 5;
    t->contention_narrow = 2;
    t->idle_excess = 1;
    t->blas_pool = 0;
    t->cold_same = 2;
    t->bimodal = 5;
    t->no_wait = 2;
}

const char *verdictLevelName(verdictLevel l) {
    switch (l) {
    case VERDICT_OK: return "OK";
    case VERDICT_NOTE: return "NOTE";
    case VERDICT_WARN: return "WARN";
    case VERDICT_ERROR: return "ERROR";
    }
    return "?";
}

__attribute__((format(printf, 4, 5))) static int verdictAdd(verdictList *l, verdictLevel lv,
                                                            const char *id, const char *fmt, ...) {
    char buf[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 16;
        verdict *p = realloc(l->v, cap * sizeof(*p));
        if (!p) return -1;
        l->v = p;
        l->cap = cap;
    }
    char *text = strdup(buf);
    if (!text) return -1;
    l->v[l->n++] = (verdict){lv, id, text};
    return 0;
}

void verdictFree(verdictList *l) {
    for (size_t i = 0; i < l->n; i++) free(l->v[i].text);
    free(l->v);
    memset(l, 0, sizeof(*l));
}

/* Short aliases for the figures every text prints. */
#define MS(x) summaryFmtMs((x), (char[32]){0}, 32)
#define DESC(g) verdictDesc((g), (char[256]){0}, 256)

static const char *verdictDesc(const summaryGroup *g, char *buf, size_t len) {
    summaryDescribe(g, buf, len);
    return buf;
}

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
        snprintf(buf + o, len - o, "%s CPU pressure (PSI some) %.0f%% while it ran",
                 o ? "," : ";", g->psi_some_pct);
    return buf;
}
#define LOAD(g) verdictLoad((g), (char[192]){0}, 192)

static int verdictFirstRun(const summary *s, const verdictThresholds *t, verdictList *out) {
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *g = &s->g[i];
        double r = g->first_over_min;
        /* A loaded group's first call is loaded-first's: the load's part in
         * it is not the cold start's. */
        if (summaryIsLoaded(g) || isnan(r) || r < t->first_min_notable) continue;
        char faults[96] = "";
        if (g->first_majflt > 0)
            snprintf(faults, sizeof faults, "; the first run took %g major and %g minor page faults",
                     g->first_majflt, g->first_minflt);
        int rc;
        if (r >= t->first_min)
            rc = verdictAdd(out, VERDICT_WARN, "first-run",
                            "%s: first %s ms vs steady min %s ms = %.0fx (>= %g)%s: the first "
                            "run must not go into an average; time it apart, report min and "
                            "median of the rest",
                            DESC(g), MS(g->first_ms), MS(g->min_ms), r, t->first_min, faults);
        else
            rc = verdictAdd(out, VERDICT_NOTE, "first-run-notable",
                            "%s: first %s ms vs steady min %s ms = %.1fx (>= %g, < %g)%s: "
                            "notable; keep it out of averages too",
                            DESC(g), MS(g->first_ms), MS(g->min_ms), r, t->first_min_notable,
                            t->first_min, faults);
        if (rc) return -1;
    }
    return 0;
}

static int verdictSpread(const summary *s, const verdictThresholds *t, verdictList *out) {
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *g = &s->g[i];
        if (g->key.width < 2 || g->n < 2 || isnan(g->max_over_median) ||
            g->max_over_median < t->max_median)
            continue;
        if (verdictAdd(out, VERDICT_WARN, "spread",
                       "%s: max %s ms vs median %s ms = %.1fx (>= %g) over %zu runs%s: a "
                       "multi-threaded max this far above the median means check the load "
                       "before suspecting the code",
                       DESC(g), MS(g->max_ms), MS(g->median_ms), g->max_over_median,
                       t->max_median, g->n, LOAD(g)))
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
static void verdictProcClause(const summaryGroup *g, double wide, char *buf, size_t len) {
    buf[0] = '\0';
    if (g->procs < 2 || g->slow_procs == SIZE_MAX) return;
    snprintf(buf, len,
             "; width %d: %zu of %zu processes >= %gx idle, loaded/idle of the process "
             "medians %.1fx (95%% interval %.1f-%.1fx)",
             g->key.width, g->slow_procs, g->procs, wide, g->proc_ratio, g->ratio_lo,
             g->ratio_hi);
}

/* Contention first: the wide groups it explains get no separate loaded-slow
 * verdict (explained[i] = 1), since the page's serial re-run is the answer to
 * "check the load". */
static int verdictContention(const summary *s, const verdictThresholds *t, verdictList *out,
                             unsigned char *explained) {
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *one = &s->g[i];
        /* Decided on pinned load only: under free load the answer depends on
         * where the scheduler put the threads (bimodal says so). */
        if (!summaryIsPinned(one) || one->key.width != 1 || isnan(one->loaded_over_idle) ||
            one->loaded_over_idle >= t->contention_narrow)
            continue;
        char wide[512] = "", procs[768] = "";
        size_t o = 0, nwide = 0;
        const summaryGroup *fastest = one;
        for (size_t j = 0; j < s->n; j++) {
            const summaryGroup *g = &s->g[j];
            if (j == i || !verdictSameLoad(one, g) || g->n == 0) continue;
            if (g->median_ms < fastest->median_ms) fastest = g;
            if (g->key.width < 2 || isnan(g->loaded_over_idle) ||
                g->loaded_over_idle < t->contention_wide)
                continue;
            explained[j] = 1;
            nwide++;
            size_t po = strlen(procs);
            verdictProcClause(g, t->contention_wide, procs + po, sizeof procs - po);
            if (o < sizeof wide)
                o += (size_t)snprintf(wide + o, sizeof wide - o,
                                      "%swidth %d is %.1fx slower than idle (median %s vs %s ms)",
                                      nwide > 1 ? ", " : "", g->key.width, g->loaded_over_idle,
                                      MS(g->median_ms), MS(g->idle_median_ms));
        }
        if (nwide == 0) continue;
        char cond[160];
        snprintf(cond, sizeof cond, "%s%s%s%s%s", one->key.workload,
                 one->key.params[0] ? " " : "", one->key.params,
                 one->key.wait[0] ? ", wait " : "", one->key.wait);
        if (verdictAdd(out, VERDICT_WARN, "contention",
                       "%s, %s%s%s (stressors %s), copy %s: under load %s, at least %gx, while "
                       "width 1 is %.1fx (median %s vs %s ms), below %gx: core contention, not "
                       "the code; keep the width at or below the idle cores. Fastest under "
                       "load: width %d (median %s ms)%s",
                       cond, one->key.condition, one->key.load[0] ? " " : "", one->key.load,
                       one->key.stressors[0] ? one->key.stressors : "?",
                       one->key.copy[0] ? one->key.copy : "-", wide, t->contention_wide,
                       one->loaded_over_idle, MS(one->median_ms), MS(one->idle_median_ms),
                       t->contention_narrow, fastest->key.width, MS(fastest->median_ms), procs))
            return -1;
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

static int verdictCmpDouble(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
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
    if (b == 1) summaryCat(buf, len, &o, "the slow ones with all on one CPU (%zu of %zu)",
                           slow->one, slow->known);
    else verdictSpanSay(slow, "slow", buf, len, &o);
}

/* " 340.1x slower than idle (median 2064 ms)" or " median 2064 ms" without an
 * idle group: one side of a split. */
static const char *verdictSide(double ms, double idle, char *buf, size_t len) {
    char m[32];
    if (isnan(idle) || idle <= 0) snprintf(buf, len, " median %s ms", summaryFmtMs(ms, m, 32));
    else snprintf(buf, len, " %.1fx %s idle (median %s ms)", ms / idle,
                  ms >= idle ? "slower than" : "of", summaryFmtMs(ms, m, 32));
    return buf;
}
#define SIDE(ms, idle) verdictSide((ms), (idle), (char[96]){0}, 96)

static const char verdictBimodalWhy[] =
    "under this load, whether threads hurt depends on where the scheduler puts them";

/* The split of g's process medians, or -1 when it has none >= t->bimodal. */
static int verdictBimodalProcs(const summaryGroup *g, const verdictThresholds *t, double idle,
                               verdictList *out) {
    double *m = malloc(g->nproc * sizeof(double));
    size_t n = 0, k;
    if (!m) return -2;
    for (size_t i = 0; i < g->nproc; i++)
        if (!isnan(g->proc[i].median_ms)) m[n++] = g->proc[i].median_ms;
    qsort(m, n, sizeof(double), verdictCmpDouble);
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
    return verdictAdd(out, VERDICT_WARN, "bimodal",
                      "%s: %zu of %zu processes%s, the rest%s; the medians split %.0fx apart "
                      "(>= %g): %s%s",
                      DESC(g), n - k, n, SIDE(slow_ms, idle), SIDE(fast_ms, idle), gap,
                      t->bimodal, verdictBimodalWhy, place)
               ? -2
               : 0;
}

/* The widest split within one process's steady calls (at least two on each
 * side), over g's processes; -1 when none reaches t->bimodal. */
static int verdictBimodalCalls(const summaryGroup *g, const verdictThresholds *t, double idle,
                               verdictList *out) {
    const summaryProc *worst = NULL;
    double best = 0, cut = 0;
    size_t nsplit = 0;
    for (size_t i = 0; i < g->nproc; i++) {
        const summaryProc *p = &g->proc[i];
        if (p->steady.n < 4) continue; /* two calls on each side at least */
        double *x = malloc(p->steady.n * sizeof(double));
        if (!x) return -2;
        memcpy(x, p->steady.x, p->steady.n * sizeof(double));
        qsort(x, p->steady.n, sizeof(double), verdictCmpDouble);
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
    char place[256], who[96];
    verdictPlacement(&fs, &ss, place, sizeof place);
    if (worst->proc) snprintf(who, sizeof who, "process %ld (run %s)", worst->proc, worst->run_id);
    else snprintf(who, sizeof who, "process %s", worst->run_id);
    return verdictAdd(out, VERDICT_WARN, "bimodal",
                      "%s: %zu of %zu processes split within; the widest, %s: %zu of %zu steady "
                      "calls%s, the other %zu%s; %.0fx apart (>= %g): %s%s",
                      DESC(g), nsplit, g->procs, who, slow.n, worst->steady.n, SIDE(b.median, idle),
                      fast.n, SIDE(a.median, idle), best, t->bimodal, verdictBimodalWhy, place)
               ? -2
               : 0;
}

/* bimodal: per loaded group, its processes first, then the calls within one. */
static int verdictBimodal(const summary *s, const verdictThresholds *t, verdictList *out,
                          unsigned char *explained) {
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *g = &s->g[i];
        if (!summaryIsLoaded(g) || g->procs == 0) continue;
        const summaryGroup *idle = summaryIdleOf(s, g);
        double base = idle ? idle->proc_median_median_ms : NAN;
        int rc = verdictBimodalProcs(g, t, base, out);
        if (rc == -1) rc = verdictBimodalCalls(g, t, base, out);
        if (rc == -2) return -1;
        if (rc == 0) explained[i] = 1;
    }
    return 0;
}

/* loaded-first: the first call of a loaded group, apart from the idle
 * first-run verdicts, against the idle first call, with its placement. */
static int verdictLoadedFirst(const summary *s, const verdictThresholds *t, verdictList *out) {
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
        if (verdictAdd(out, VERDICT_NOTE, "loaded-first",
                       "%s: first call under load %s ms (median over %zu processes) = %.0fx the "
                       "steady min %s ms (>= %g)%s%s: under load the first call waits for the "
                       "CPUs as well as for the cold start; time it apart from the idle first "
                       "run",
                       DESC(g), MS(g->first_ms), g->nfirst, r, MS(g->min_ms),
                       t->first_min_notable, vs_idle, place))
            return -1;
    }
    return 0;
}

static int verdictLoadedSlow(const summary *s, const verdictThresholds *t, verdictList *out,
                             const unsigned char *explained) {
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *g = &s->g[i];
        if (explained[i] || isnan(g->loaded_over_idle) || g->loaded_over_idle < t->loaded_idle)
            continue;
        if (verdictAdd(out, VERDICT_WARN, "loaded-slow",
                       "%s: median %s ms vs idle median %s ms = %.1fx (>= %g)%s: check the load "
                       "before suspecting the code",
                       DESC(g), MS(g->median_ms), MS(g->idle_median_ms), g->loaded_over_idle,
                       t->loaded_idle, LOAD(g)))
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

static int verdictChecksums(const summary *s, verdictList *out) {
    enum { CAP = 8 };
    char a[CAP * 20], b[CAP * 20];
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *g = &s->g[i];
        if (g->nchecksums < 2) continue;
        verdictFmtSums(g->checksums, g->nchecksums < CAP ? g->nchecksums : CAP, a, sizeof a);
        if (verdictAdd(out, VERDICT_ERROR, "checksum-differs",
                       "%s: %zu different checksums within one group (%s): the same "
                       "computation gave different bits; this must never happen",
                       DESC(g), g->nchecksums, a))
            return -1;
    }
    /* Idle against loaded, per (workload, params, width): the engine is
     * deterministic at a fixed width, whatever the wait policy or the copy. */
    for (size_t i = 0; i < s->n; i++) {
        const summaryKey *k = &s->g[i].key;
        const unsigned cell = SUMMARY_K_WORKLOAD | SUMMARY_K_PARAMS | SUMMARY_K_WIDTH;
        int seen = 0;
        for (size_t j = 0; j < i && !seen; j++) seen = summaryKeySame(&s->g[j].key, k, cell);
        if (seen) continue;
        uint64_t idle[CAP], loaded[CAP];
        size_t ni = 0, nl = 0;
        for (size_t j = i; j < s->n; j++) {
            const summaryGroup *g = &s->g[j];
            if (!summaryKeySame(&g->key, k, cell)) continue;
            if (summaryIsIdle(g)) verdictCollect(idle, &ni, CAP, g);
            else if (summaryIsLoaded(g)) verdictCollect(loaded, &nl, CAP, g);
        }
        if (ni == 0 || nl == 0) continue;
        int same_sets = ni == nl;
        for (size_t j = 0; j < nl && same_sets; j++) same_sets = verdictHasSum(idle, ni, loaded[j]);
        char what[200];
        snprintf(what, sizeof what, "%s%s%s, width %d", k->workload, k->params[0] ? " " : "",
                 k->params, k->width);
        int rc = 0;
        if (same_sets && ni == 1)
            rc = verdictAdd(out, VERDICT_OK, "bitwise-same",
                            "%s: checksum %016llx idle and loaded: numbers unaffected (bitwise)",
                            what, (unsigned long long)idle[0]);
        else if (!same_sets) {
            verdictFmtSums(idle, ni, a, sizeof a);
            verdictFmtSums(loaded, nl, b, sizeof b);
            rc = verdictAdd(out, VERDICT_ERROR, "checksum-differs",
                            "%s: checksum idle %s, loaded %s: the numbers changed under load; "
                            "this must never happen",
                            what, a, b);
        }
        if (rc) return -1;
    }
    return 0;
}

static int verdictIdleBusy(const summary *s, const verdictThresholds *t, verdictList *out) {
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *g = &s->g[i];
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
        if (verdictAdd(out, VERDICT_WARN, "idle-busy",
                       "%s: an idle measurement saw load: procs_running median %g (max %g) "
                       "where its own threads (width %d, OpenBLAS pool %g) account for at "
                       "most %g, %g more (>= %g)%s: its figures are not idle figures; re-run "
                       "on a quiet machine",
                       DESC(g), g->procs_median, g->procs_max, g->key.width, pool, own, excess,
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
static const char *const verdictColdKinds[COLD_N] = {"same", "fresh", "evicted", "dropcache"};

/* What one kind's figures say against the same copy's. */
typedef struct verdictColdCase {
    const summaryGroup *g;
    double extra, maj, same_maj;
    int slow;      /* median above every whole run of the same copy */
    int more_maj;  /* more major faults than the same copy (-1: not recorded) */
} verdictColdCase;

/* "29.340 ms (evicted) and 26.184 ms (dropcache)", "13 (evicted) and 57 (dropcache)" over
 * the kinds in mask; kinds named only when there is more than one. Faults equal in every
 * kind are printed once: returns " each" then (for after the noun), else "". */
static const char *verdictColdList(char *buf, size_t len, size_t *o, const verdictColdCase *c,
                            unsigned mask, int faults) {
    size_t n = 0, total = 0;
    int all_equal = 1, k0 = -1;
    for (int k = 0; k < COLD_N; k++) {
        if (!(mask >> k & 1)) continue;
        total++;
        if (k0 < 0) k0 = k;
        else if (c[k].maj != c[k0].maj) all_equal = 0;
    }
    if (faults && all_equal) {
        summaryCat(buf, len, o, "%g", c[k0].maj);
        return total > 1 ? " each" : "";
    }
    for (int k = 0; k < COLD_N; k++) {
        if (!(mask >> k & 1)) continue;
        n++;
        summaryCat(buf, len, o, "%s", n == 1 ? "" : n == total ? " and " : ", ");
        if (faults) summaryCat(buf, len, o, "%g", c[k].maj);
        else summaryCat(buf, len, o, "%s ms", MS(c[k].extra));
        if (total > 1) summaryCat(buf, len, o, " (%s)", verdictColdKinds[k]);
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
static void verdictColdWhy(char *buf, size_t len, size_t *o, const verdictColdCase *c,
                           const summaryGroup *same) {
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
        summaryCat(buf, len, o, "%sthe extra ", sep);
        verdictColdList(buf, len, o, c, disk, 0);
        summaryCat(buf, len, o, "%s come with ", verdictColdOf(disk));
        const char *each = verdictColdList(buf, len, o, c, disk, 1);
        summaryCat(buf, len, o,
                   " major page faults%s (same copy: %g): the binary and its shared libraries "
                   "are read from disk because they were not in the page cache",
                   each, isnan(c[COLD_SAME].maj) ? 0 : c[COLD_SAME].maj);
        sep = "; ";
    }
    if (slow_nomaj) {
        summaryCat(buf, len, o, "%sthe extra ", sep);
        verdictColdList(buf, len, o, c, slow_nomaj, 0);
        summaryCat(buf, len, o, "%s come %s", verdictColdOf(slow_nomaj),
                   c[__builtin_ctz(slow_nomaj)].more_maj < 0
                       ? "with no major page faults recorded: they cannot be attributed here"
                       : "without more major page faults than the same copy: not reads from "
                         "disk");
        sep = "; ";
    }
    if (maj_fast) {
        summaryCat(buf, len, o, "%s%s took ", sep, verdictColdWho(maj_fast));
        const char *each = verdictColdList(buf, len, o, c, maj_fast, 1);
        summaryCat(buf, len, o,
                   " major page faults%s but no time above the same copy's slowest run (%s ms): "
                   "reading them from disk cost nothing measurable here",
                   each, MS(same->whole_max_ms));
        sep = "; ";
    }
    if (none) {
        summaryCat(buf, len, o,
                   "%sthe cold-start cost was not observed for %s: no time above the same "
                   "copy's slowest run (%s ms) and %s",
                   sep, verdictColdWho(none), MS(same->whole_max_ms),
                   c[__builtin_ctz(none)].more_maj < 0
                       ? "no major page faults recorded"
                       : "no more major page faults, so the pages were probably still cached");
        sep = "; ";
    }
    const verdictColdCase *f = &c[COLD_FRESH];
    if (!f->g) return;
    if (!f->slow && f->more_maj != 1) {
        if (f->extra > 0)
            summaryCat(buf, len, o, "%sa fresh copy costs only %s ms more than the same copy",
                       sep, MS(f->extra));
        else
            summaryCat(buf, len, o, "%sa fresh copy is no slower than the same copy (%s)", sep,
                       DELTA(f->extra));
        if (f->more_maj == 0)
            summaryCat(buf, len, o, " because copying leaves it in the page cache");
    } else if (f->slow && f->more_maj == 1) {
        summaryCat(buf, len, o,
                   "%sa fresh copy costs %s ms more than the same copy, with %g major page "
                   "faults: the new file was read from disk, copying did not leave it cached",
                   sep, MS(f->extra), f->maj);
    } else if (f->slow) {
        summaryCat(buf, len, o, "%sa fresh copy costs %s ms more than the same copy %s", sep,
                   MS(f->extra),
                   f->more_maj < 0 ? "(no major page faults recorded)"
                                   : "without more major page faults: a cost of running a new "
                                     "file, not of reading it from disk");
    } else {
        summaryCat(buf, len, o,
                   "%sa fresh copy took %g major page faults but no time above the same "
                   "copy's slowest run",
                   sep, f->maj);
    }
}

static int verdictColdStart(const summary *s, const verdictThresholds *t, verdictList *out) {
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *same = &s->g[i];
        if (strcmp(same->key.copy, "same") != 0 || isnan(same->whole_median_ms) ||
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
                if (strcmp(g->key.copy, verdictColdKinds[k]) == 0 && !c[k].g) {
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
        char text[2048];
        size_t o = 0;
        summaryCat(text, sizeof text, &o, "%s: whole process median (%s) same %s ms", DESC(&base),
                   same->whole_tool, MS(same->whole_median_ms));
        for (int k = COLD_FRESH; k < COLD_N; k++)
            if (c[k].g)
                summaryCat(text, sizeof text, &o, ", %s %s ms (%s, %.1fx)", verdictColdKinds[k],
                           MS(c[k].g->whole_median_ms), DELTA(c[k].extra),
                           c[k].g->whole_median_ms / same->whole_median_ms);
        summaryCat(text, sizeof text, &o, "; slowest %s = %.1fx same (%s %g)",
                   verdictColdKinds[worst_k], worst, worst >= t->cold_same ? ">=" : "<",
                   t->cold_same);
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
                summaryCat(text, sizeof text, &o, "%s%s", sep, verdictColdKinds[k]);
                sep = ", ";
                if (pass) summaryCat(text, sizeof text, &o, " %s", MS(g->first_ms));
                if (isnan(maj)) continue;
                summaryCat(text, sizeof text, &o, " %g/", maj);
                if (isnan(min)) summaryCat(text, sizeof text, &o, "-");
                else summaryCat(text, sizeof text, &o, "%g", min);
            }
        }
        verdictColdWhy(text, sizeof text, &o, c, same);
        int warn = worst >= t->cold_same;
        if (warn)
            summaryCat(text, sizeof text, &o,
                       ". A whole-process time is a cold or a warm start: time them apart and "
                       "say which");
        if (verdictAdd(out, warn ? VERDICT_WARN : VERDICT_NOTE, "cold-start", "%s", text))
            return -1;
    }
    return 0;
}

/* The page's JAX trap: timing a call that returns before its work is done. */
static int verdictNoWait(const summary *s, const verdictThresholds *t, verdictList *out) {
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *g = &s->g[i];
        double nw = g->nowait_median_ms, w = g->median_ms;
        if (g->nowait_n == 0 || isnan(nw) || isnan(w) || nw * t->no_wait > w) continue;
        double r = nw > 0 ? w / nw : INFINITY;
        if (verdictAdd(out, VERDICT_WARN, "no-wait",
                       "%s: steady median %s ms when the result is waited for, %s ms without "
                       "waiting (submit only, %zu calls) = %.1fx below (>= %g): timing without "
                       "waiting measures the dispatch, not the work; wait for the result "
                       "(block_until_ready) inside the timed region",
                       DESC(g), MS(w), MS(nw), g->nowait_n, r, t->no_wait))
            return -1;
    }
    return 0;
}

int verdictRun(const summary *s, const verdictThresholds *t, verdictList *out) {
    unsigned char *explained = calloc(s->n ? s->n : 1, 1);
    int rc = -1;
    if (!explained) return -1;
    if (verdictFirstRun(s, t, out) || verdictLoadedFirst(s, t, out) ||
        verdictSpread(s, t, out) || verdictContention(s, t, out, explained) ||
        verdictBimodal(s, t, out, explained) || verdictLoadedSlow(s, t, out, explained) ||
        verdictChecksums(s, out) || verdictIdleBusy(s, t, out) || verdictColdStart(s, t, out) ||
        verdictNoWait(s, t, out))
        goto done;
    rc = 0;
done:
    free(explained);
    /* Worst first, in the order found within a level (insertion sort: stable,
     * and lists are short). */
    for (size_t i = 1; i < out->n; i++) {
        verdict v = out->v[i];
        size_t j = i;
        for (; j > 0 && out->v[j - 1].level < v.level; j--) out->v[j] = out->v[j - 1];
        out->v[j] = v;
    }
    return rc;
}

int verdictWrite(const verdictList *l, const verdictThresholds *t, FILE *f) {
    fprintf(f,
            "# coldload verdicts: LEVEL id: text. Thresholds: --first-min %g "
            "--first-min-notable %g --max-median %g --loaded-idle %g --contention-wide %g "
            "--contention-narrow %g --idle-excess %g --cold-same %g --blas-pool %g "
            "--bimodal %g --no-wait %g\n",
            t->first_min, t->first_min_notable, t->max_median, t->loaded_idle,
            t->contention_wide, t->contention_narrow, t->idle_excess, t->cold_same,
            t->blas_pool, t->bimodal, t->no_wait);
    if (l->n == 0) fputs("# no check fired\n", f);
    for (size_t i = 0; i < l->n; i++)
        fprintf(f, "%s %s: %s\n", verdictLevelName(l->v[i].level), l->v[i].id, l->v[i].text);
    return ferror(f) ? -1 : 0;
}
