/* verdict.c -- the page's checks over a finished summary (see verdict.h).
 *
 * Each check looks at statistics only (never at raw rows), so a verdict can
 * always be re-derived by hand from summary.csv: every text cites the figures
 * and the threshold it compared them with. */
#include "verdict.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void verdictDefaults(verdictThresholds *t) {
    t->first_min = 100;
    t->first_min_notable = 10;
    t->max_median = 3;
    t->loaded_idle = 2;
    t->contention_wide = 5;
    t->contention_narrow = 2;
    t->idle_excess = 1;
    t->blas_pool = 0;
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
    char buf[1024];
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
        if (isnan(r) || r < t->first_min_notable) continue;
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

/* Same workload, params, wait, copy, condition and stressors: the groups a
 * width comparison under one load puts side by side. */
static int verdictSameLoad(const summaryGroup *a, const summaryGroup *b) {
    const summaryKey *x = &a->key, *y = &b->key;
    return strcmp(x->workload, y->workload) == 0 && strcmp(x->params, y->params) == 0 &&
           strcmp(x->wait, y->wait) == 0 && strcmp(x->copy, y->copy) == 0 &&
           strcmp(x->condition, y->condition) == 0 && strcmp(x->stressors, y->stressors) == 0;
}

/* Contention first: the wide groups it explains get no separate loaded-slow
 * verdict (explained[i] = 1), since the page's serial re-run is the answer to
 * "check the load". */
static int verdictContention(const summary *s, const verdictThresholds *t, verdictList *out,
                             unsigned char *explained) {
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *one = &s->g[i];
        if (summaryIsIdle(one) || one->key.width != 1 || isnan(one->loaded_over_idle) ||
            one->loaded_over_idle >= t->contention_narrow)
            continue;
        char wide[512] = "";
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
                       "%s, %s (stressors %s), copy %s: under load %s, at least %gx, while "
                       "width 1 is %.1fx (median %s vs %s ms), below %gx: core contention, not "
                       "the code; keep the width at or below the idle cores. Fastest under "
                       "load: width %d (median %s ms)",
                       cond, one->key.condition, one->key.stressors[0] ? one->key.stressors : "?",
                       one->key.copy[0] ? one->key.copy : "-", wide, t->contention_wide,
                       one->loaded_over_idle, MS(one->median_ms), MS(one->idle_median_ms),
                       t->contention_narrow, fastest->key.width, MS(fastest->median_ms)))
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
        int seen = 0;
        for (size_t j = 0; j < i && !seen; j++)
            seen = s->g[j].key.width == k->width && strcmp(s->g[j].key.workload, k->workload) == 0 &&
                   strcmp(s->g[j].key.params, k->params) == 0;
        if (seen) continue;
        uint64_t idle[CAP], loaded[CAP];
        size_t ni = 0, nl = 0;
        for (size_t j = i; j < s->n; j++) {
            const summaryGroup *g = &s->g[j];
            if (g->key.width != k->width || strcmp(g->key.workload, k->workload) != 0 ||
                strcmp(g->key.params, k->params) != 0)
                continue;
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

int verdictRun(const summary *s, const verdictThresholds *t, verdictList *out) {
    unsigned char *explained = calloc(s->n ? s->n : 1, 1);
    int rc = -1;
    if (!explained) return -1;
    if (verdictFirstRun(s, t, out) || verdictSpread(s, t, out) ||
        verdictContention(s, t, out, explained) || verdictLoadedSlow(s, t, out, explained) ||
        verdictChecksums(s, out) || verdictIdleBusy(s, t, out))
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
            "--contention-narrow %g --idle-excess %g --blas-pool %g\n",
            t->first_min, t->first_min_notable, t->max_median, t->loaded_idle,
            t->contention_wide, t->contention_narrow, t->idle_excess, t->blas_pool);
    if (l->n == 0) fputs("# no check fired\n", f);
    for (size_t i = 0; i < l->n; i++)
        fprintf(f, "%s %s: %s\n", verdictLevelName(l->v[i].level), l->v[i].id, l->v[i].text);
    return ferror(f) ? -1 : 0;
}
