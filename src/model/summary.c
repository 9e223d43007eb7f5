/* summary.c -- a summary's groups and each group's statistics (see
 * summary.h): the groups the readers (summaryread.c) fill, the vocabulary of
 * the harness's tags, the order of the groups, the process medians and the
 * bootstrap against the idle twin. summary.csv's columns are in
 * summarycols.c.
 *
 * Everything that comes from a file is checked before it is used (by the
 * readers): the statistics here trust the groups they are given. */
#include "model/summary.h"

#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/csvfield.h"
#include "common/num.h"
#include "common/ranges.h"
#include "common/stats.h"
#include "common/text.h"
#include "model/csvread.h"
#include "model/summaryint.h"

/* --- small helpers ----------------------------------------------------------- */

int summaryVecPush(summaryVec *v, double x) {
    if (v->n == v->cap) {
        size_t cap = v->cap ? v->cap * 2 : 16;
        double *p = realloc(v->x, cap * sizeof(double));
        if (!p) return -1;
        v->x = p;
        v->cap = cap;
    }
    v->x[v->n++] = x;
    return 0;
}

static statsSummary summaryStatsOf(const summaryVec *v) {
    statsSummary st = {0, NAN, NAN, NAN};
    if (statsOf(v->x, v->n, &st) != 0) st = (statsSummary){0, NAN, NAN, NAN};
    return st;
}

/* A whole decimal number, finite (common/num.h decides what is one). */
int summaryParseDouble(const char *s, double *out) { return numDouble(s, -DBL_MAX, DBL_MAX, out); }

/* --- groups ----------------------------------------------------------------------- */

void summaryInit(summary *s) { memset(s, 0, sizeof(*s)); }

int summaryKeySame(const summaryKey *a, const summaryKey *b, unsigned mask) {
    const char *const x[] = {a->workload,  a->params, a->wait, a->condition,
                             a->stressors, a->copy,   a->load};
    const char *const y[] = {b->workload,  b->params, b->wait, b->condition,
                             b->stressors, b->copy,   b->load};
    static const unsigned bit[] = {SUMMARY_K_WORKLOAD,  SUMMARY_K_PARAMS,    SUMMARY_K_WAIT,
                                   SUMMARY_K_CONDITION, SUMMARY_K_STRESSORS, SUMMARY_K_COPY,
                                   SUMMARY_K_LOAD};
    if (mask & SUMMARY_K_WIDTH && a->width != b->width) return 0;
    for (size_t i = 0; i < sizeof bit / sizeof bit[0]; i++)
        if (mask & bit[i] && strcmp(x[i], y[i]) != 0) return 0;
    return 1;
}

static void summaryGroupFree(summaryGroup *g) {
    free(g->key.workload);
    free(g->key.params);
    free(g->key.wait);
    free(g->key.condition);
    free(g->key.stressors);
    free(g->key.copy);
    free(g->key.load);
    free(g->harness);
    free(g->source);
    free(g->checksums);
    summaryVec *vs[] = {&g->v_prepare,  &g->v_first,        &g->v_steady,       &g->v_load1,
                        &g->v_procs,    &g->v_minflt,       &g->v_majflt,       &g->v_nivcsw,
                        &g->v_whole_hf, &g->v_whole_time,   &g->v_whole_majflt, &g->v_whole_minflt,
                        &g->v_ms_1cpu,  &g->v_ms_multi_cpu, &g->v_nowait};
    for (size_t i = 0; i < sizeof vs / sizeof vs[0]; i++) free(vs[i]->x);
    for (size_t k = 0; k < SUMMARY_RUN_FIGS; k++) free(g->v_run[k].x);
    for (size_t k = 0; k < SUMMARY_RUN_TEXTS; k++) free(g->run_words[k]);
    for (size_t k = 0; k < 2; k++) free(g->v_whole_user[k].x), free(g->v_whole_sys[k].x);
    for (size_t i = 0; i < g->nproc; i++) {
        free(g->proc[i].run_id);
        free(g->proc[i].steady.x);
        free(g->proc[i].span.x);
        free(g->proc[i].cens.x);
        free(g->proc[i].calls.x);
    }
    free(g->proc);
}

void summaryFree(summary *s) {
    for (size_t i = 0; i < s->n; i++) summaryGroupFree(&s->g[i]);
    summaryRunFig *defs[] = {s->run_fig, s->run_text};
    size_t ndefs[] = {s->nrun_fig, s->nrun_text};
    for (size_t d = 0; d < 2; d++)
        for (size_t k = 0; k < ndefs[d]; k++) {
            free(defs[d][k].name);
            free(defs[d][k].unit);
            free(defs[d][k].what);
        }
    free(s->g);
    summaryInit(s);
}

/* Finds the group of key k, creating it (copying k's strings) when new. */
/* The key's text as the summary keeps it: each field one line and at most
 * TEXT_FIELD_MAX bytes (common/text.h) -- a 10 MB params field from a
 * results directory is not copied into every document that names its
 * group; texts that differ past the cut stay apart (the cut's mark holds
 * the whole field's hash). Fields that need neither are used as they are:
 * *own (freed by the caller) holds those that were rewritten. */
enum { SUMMARY_KEY_TEXTS = 8 };
static int summaryKeyText(const char *in, const char **out, char **own) {
    *own = NULL;
    *out = in;
    if (textIsOneLine(in) && strlen(in) <= TEXT_FIELD_MAX) return 0;
    if (!(*own = textOneLine(in, TEXT_FIELD_MAX))) return -1;
    *out = *own;
    return 0;
}

summaryGroup *summaryGroupFor(summary *s, const summaryKey *raw, const char *harness,
                              const char *where) {
    summaryKey key = *raw, *k = &key;
    char *own[SUMMARY_KEY_TEXTS];
    const char *in[SUMMARY_KEY_TEXTS] = {raw->workload,  raw->params, raw->wait, raw->condition,
                                         raw->stressors, raw->copy,   raw->load, harness};
    const char *t[SUMMARY_KEY_TEXTS];
    summaryGroup *g = NULL;
    int bad = 0;
    for (int i = 0; i < SUMMARY_KEY_TEXTS; i++) bad |= summaryKeyText(in[i], &t[i], &own[i]);
    if (bad) goto out;
    key.workload = (char *)t[0], key.params = (char *)t[1], key.wait = (char *)t[2];
    key.condition = (char *)t[3], key.stressors = (char *)t[4], key.copy = (char *)t[5];
    key.load = (char *)t[6], harness = t[7];
    if (s->last < s->n && summaryKeySame(&s->g[s->last].key, k, SUMMARY_K_ALL)) {
        g = &s->g[s->last];
        goto out;
    }
    for (size_t i = 0; i < s->n; i++)
        if (summaryKeySame(&s->g[i].key, k, SUMMARY_K_ALL)) {
            s->last = i;
            g = &s->g[i];
            goto out;
        }
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 16;
        summaryGroup *p = realloc(s->g, cap * sizeof(*p));
        if (!p) goto out;
        s->g = p;
        s->cap = cap;
    }
    g = &s->g[s->n];
    memset(g, 0, sizeof(*g));
    g->key.width = k->width;
    long ns;
    g->key.nstressors =
        numLong(k->stressors, RANGE_STRESSORS_MIN, RANGE_STRESSORS_MAX, &ns) == 0 ? (int)ns : -1;
    g->key.workload = strdup(k->workload);
    g->key.params = strdup(k->params);
    g->key.wait = strdup(k->wait);
    g->key.condition = strdup(k->condition);
    g->key.stressors = strdup(k->stressors);
    g->key.copy = strdup(k->copy);
    summaryKeySetLoad(&g->key, strdup(k->load));
    g->harness = strdup(harness);
    g->source = strdup(where);
    if (!g->key.workload || !g->key.params || !g->key.wait || !g->key.condition ||
        !g->key.stressors || !g->key.copy || !g->key.load || !g->harness || !g->source) {
        summaryGroupFree(g);
        g = NULL;
        goto out;
    }
    s->last = s->n++;
out:
    for (int i = 0; i < SUMMARY_KEY_TEXTS; i++) free(own[i]);
    return g;
}

/* The process of run id `id` in g, added when new; NULL when out of memory. */
summaryProc *summaryProcFor(summaryGroup *g, const char *id) {
    /* Rows of one process arrive together: the newest id is the likely match. */
    for (size_t i = g->nproc; i-- > 0;)
        if (strcmp(g->proc[i].run_id, id) == 0) return &g->proc[i];
    summaryProc *p = realloc(g->proc, (g->nproc + 1) * sizeof(*p));
    if (!p) return NULL;
    g->proc = p;
    p = &g->proc[g->nproc];
    memset(p, 0, sizeof(*p));
    p->first_ms = p->median_ms = NAN;
    if (!(p->run_id = strdup(id))) return NULL;
    g->nproc++;
    return p;
}

int summaryCpuSpan(const char *cpus) {
    /* Distinct values: a thread's CPU may repeat in the set's text. CPUs
     * above 1023 are counted apart by value (a bit set cannot hold them). */
    unsigned char seen[128] = {0};
    long big[16];
    size_t nbig = 0;
    int n = 0;
    const char *p = cpus;
    if (!*p) return 0;
    for (;;) {
        char *end;
        if (*p < '0' || *p > '9') return -1;
        errno = 0;
        long c = strtol(p, &end, 10);
        if (errno || c > 1000000) return -1;
        if (c < 1024) {
            if (!(seen[c >> 3] >> (c & 7) & 1)) n++;
            seen[c >> 3] |= (unsigned char)(1u << (c & 7));
        } else {
            int dup = 0;
            for (size_t i = 0; i < nbig && !dup; i++) dup = big[i] == c;
            if (!dup) {
                if (nbig == sizeof big / sizeof big[0]) return -1;
                big[nbig++] = c;
                n++;
            }
        }
        if (!*end) return n;
        if (*end != ';') return -1;
        p = end + 1;
    }
}

int summaryAddChecksum(summaryGroup *g, uint64_t c) {
    for (size_t i = 0; i < g->nchecksums; i++)
        if (g->checksums[i] == c) return 0;
    uint64_t *p = realloc(g->checksums, (g->nchecksums + 1) * sizeof(uint64_t));
    if (!p) return -1;
    g->checksums = p;
    g->checksums[g->nchecksums++] = c;
    return 0;
}

/* --- statistics -------------------------------------------------------------------- */

const summaryWord summaryCopies[SUMMARY_COPY_N] = {
    [SUMMARY_COPY_FRESH] = {"fresh", NULL, 1, "a fresh copy of the binary"},
    [SUMMARY_COPY_SAME] = {"same", NULL, 1, "the same copy again"},
    [SUMMARY_COPY_EVICTED] = {"evicted", NULL, 1, "a copy whose pages were evicted"},
    [SUMMARY_COPY_DROPCACHE] = {"dropcache", NULL, 1, "after dropping the page cache"},
    [SUMMARY_COPY_INPLACE] = {"inplace", "warm", 0, "the built binary, run in place"},
};
const summaryWord summaryConditions[SUMMARY_COND_N] = {
    [SUMMARY_COND_IDLE] = {"idle", NULL, 0, "no load started"},
    [SUMMARY_COND_LOADED] = {"loaded", NULL, 0, "under stress-ng load"},
};
const summaryWord summaryLoads[SUMMARY_LOAD_N] = {
    [SUMMARY_LOAD_NONE] = {"none", NULL, 0, "no load"},
    [SUMMARY_LOAD_PINNED] = {"pinned", NULL, 0, "one stress-ng worker bound to each CPU"},
    [SUMMARY_LOAD_FREE] = {"free", NULL, 0, "unbound stress-ng workers"},
    [SUMMARY_LOAD_QUOTA] = {"quota", NULL, 0, "each run under a CPU quota, no load program"},
};

int summaryWordOf(const summaryWord *words, size_t n, const char *v) {
    for (size_t i = 0; i < n; i++)
        if (strcmp(v, words[i].name) == 0 || (words[i].alias && strcmp(v, words[i].alias) == 0))
            return (int)i;
    return -1;
}

int summaryIsCopy(const summaryGroup *g, int kind) {
    return summaryWordOf(summaryCopies, SUMMARY_COPY_N, g->key.copy) == kind;
}

int summaryIsIdle(const summaryGroup *g) {
    return summaryWordOf(summaryConditions, SUMMARY_COND_N, g->key.condition) == SUMMARY_COND_IDLE;
}
int summaryIsLoaded(const summaryGroup *g) {
    return summaryWordOf(summaryConditions, SUMMARY_COND_N, g->key.condition) ==
           SUMMARY_COND_LOADED;
}
/* (a loaded group without a load column is from before free load: pinned) */
int summaryIsPinned(const summaryGroup *g) {
    return summaryIsLoaded(g) && (!g->key.load[0] || g->key.load_kind == SUMMARY_LOAD_PINNED);
}
int summaryIsFree(const summaryGroup *g) {
    return summaryIsLoaded(g) && g->key.load_kind == SUMMARY_LOAD_FREE;
}
int summaryIsQuota(const summaryGroup *g) {
    return summaryIsLoaded(g) && g->key.load_kind == SUMMARY_LOAD_QUOTA;
}

void summaryKeySetLoad(summaryKey *k, char *load) {
    k->load = load;
    k->load_kind = load ? summaryWordOf(summaryLoads, SUMMARY_LOAD_N, load) : -1;
}

/* A tag's place in its table's order; unknown values after every known one. */
static int summaryRank(const char *v, const summaryWord *words, size_t n) {
    int k = summaryWordOf(words, n, v);
    return k < 0 ? 99 : k;
}

/* Numbers compare as numbers ("8" < "16"), everything else as text. */
static int summaryCmpText(const char *a, const char *b) {
    double x, y;
    if (summaryParseDouble(a, &x) == 0 && summaryParseDouble(b, &y) == 0 && x != y)
        return x < y ? -1 : 1;
    return strcmp(a, b);
}

static int summaryCmpGroup(const void *pa, const void *pb) {
    const summaryKey *a = &((const summaryGroup *)pa)->key, *b = &((const summaryGroup *)pb)->key;
    int c;
    if ((c = strcmp(a->workload, b->workload))) return c;
    if ((c = strcmp(a->params, b->params))) return c;
    if (a->width != b->width) return a->width < b->width ? -1 : 1;
    if ((c = strcmp(a->wait, b->wait))) return c;
    if ((c = summaryRank(a->condition, summaryConditions, SUMMARY_COND_N) -
             summaryRank(b->condition, summaryConditions, SUMMARY_COND_N)))
        return c;
    if ((c = strcmp(a->condition, b->condition))) return c;
    if ((c = summaryRank(a->load, summaryLoads, SUMMARY_LOAD_N) -
             summaryRank(b->load, summaryLoads, SUMMARY_LOAD_N)))
        return c;
    if ((c = strcmp(a->load, b->load))) return c;
    if ((c = summaryCmpText(a->stressors, b->stressors))) return c;
    if ((c = summaryRank(a->copy, summaryCopies, SUMMARY_COPY_N) -
             summaryRank(b->copy, summaryCopies, SUMMARY_COPY_N)))
        return c;
    return strcmp(a->copy, b->copy);
}

const summaryGroup *summaryIdleOf(const summary *s, const summaryGroup *g) {
    const unsigned cell =
        SUMMARY_K_WORKLOAD | SUMMARY_K_PARAMS | SUMMARY_K_WIDTH | SUMMARY_K_WAIT | SUMMARY_K_COPY;
    for (size_t i = 0; i < s->n; i++)
        if (summaryIsIdle(&s->g[i]) && summaryKeySame(&s->g[i].key, &g->key, cell) && s->g[i].n > 0)
            return &s->g[i];
    return NULL;
}

static double summaryRatio(double a, double b) { return b > 0 ? a / b : NAN; }

/* One side of the summary's interval: its process medians, resampled with
 * replacement; the statistic is their median (tmp: n slots). */
typedef struct summaryBootSide {
    const double *x;
    size_t n;
    double *tmp;
} summaryBootSide;

static double summaryResampleMedian(const void *side, uint64_t *state) {
    const summaryBootSide *d = side;
    for (size_t i = 0; i < d->n; i++) d->tmp[i] = d->x[statsPick(state, d->n)];
    statsSummary st;
    return statsOf(d->tmp, d->n, &st) == 0 ? st.median : NAN;
}

void summaryBootRatio(const double *loaded, size_t nl, const double *idle, size_t ni, double *lo,
                      double *hi) {
    *lo = *hi = NAN;
    if (nl == 0 || ni == 0) return;
    double *tmp = malloc((nl > ni ? nl : ni) * sizeof(double));
    summaryBootSide a = {loaded, nl, tmp}, b = {idle, ni, tmp};
    if (tmp)
        statsBootRatio(summaryResampleMedian, &a, &b, SUMMARY_BOOT_REPS, SUMMARY_BOOT_SEED, lo, hi);
    free(tmp);
}

/* The medians of g's processes that have steady samples, into out (nproc
 * slots); returns how many. */
static size_t summaryProcMedians(const summaryGroup *g, double *out) {
    size_t n = 0;
    for (size_t i = 0; i < g->nproc; i++)
        if (!isnan(g->proc[i].median_ms)) out[n++] = g->proc[i].median_ms;
    return n;
}

/* 1 + where figure f is in s->run_fig, 0 when the results lack it. */
static size_t summaryRunFigAt(const summary *s, runfigFigure f) {
    return (unsigned)f < RUNFIG_NFIGURES ? s->run_fig_at[f] : 0;
}

const char *summaryRunTextOf(const summary *s, const summaryGroup *g, runfigText t) {
    size_t at = (unsigned)t < RUNFIG_NTEXTS ? s->run_text_at[t] : 0;
    return at ? g->run_words[at - 1] : NULL;
}

double summaryRunFigOf(const summary *s, const summaryGroup *g, runfigFigure f) {
    size_t at = summaryRunFigAt(s, f);
    return at ? g->run_median[at - 1] : NAN;
}

const summaryVec *summaryRunFigValues(const summary *s, const summaryGroup *g, runfigFigure f) {
    size_t at = summaryRunFigAt(s, f);
    return at ? &g->v_run[at - 1] : NULL;
}

int summaryBound(double q, const double *bounds, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (bounds[i] <= q) return 1;
    return 0;
}

/* The bounded process medians of g into out (nproc slots); returns how many. */
static size_t summaryProcBounds(const summaryGroup *g, double *out) {
    size_t n = 0;
    for (size_t i = 0; i < g->nproc; i++)
        if (g->proc[i].median_bound) out[n++] = g->proc[i].median_ms;
    return n;
}

/* Per-process medians, their spread and the placement shares of g. */
static void summaryProcStats(summaryGroup *g) {
    g->proc_median_min_ms = g->proc_median_median_ms = g->proc_median_max_ms = NAN;
    g->censored_procs = 0;
    g->censored_min_ms = NAN;
    g->median_bound = 0;
    for (size_t i = 0; i < g->nproc; i++) {
        summaryProc *p = &g->proc[i];
        p->median_ms = summaryStatsOf(&p->steady).median;
        p->median_bound = p->ncensored && p->censored_min_ms <= p->median_ms;
        if (!p->median_bound) continue;
        g->censored_procs++;
        if (!(g->censored_min_ms <= p->median_ms)) g->censored_min_ms = p->median_ms;
    }
    double *m = malloc((g->nproc ? g->nproc : 1) * sizeof(double));
    g->procs = m ? summaryProcMedians(g, m) : 0;
    statsSummary st;
    if (g->procs && statsOf(m, g->procs, &st) == 0) {
        g->proc_median_min_ms = st.min;
        g->proc_median_median_ms = st.median;
        g->proc_median_max_ms = st.max;
        g->median_bound = summaryBound(st.median, m, summaryProcBounds(g, m));
    }
    free(m);
    g->calls_1cpu = g->v_ms_1cpu.n;
    g->calls_multi_cpu = g->v_ms_multi_cpu.n;
    g->median_ms_1cpu = summaryStatsOf(&g->v_ms_1cpu).median;
    g->median_ms_multi_cpu = summaryStatsOf(&g->v_ms_multi_cpu).median;
}

/* A loaded group against its idle one, process by process. */
static void summaryAgainstIdle(summaryGroup *g, const summaryGroup *idle, double slow_ratio) {
    g->slow_procs = SIZE_MAX;
    g->proc_ratio = g->ratio_lo = g->ratio_hi = NAN;
    g->ratio_bound = g->ratio_lo_bound = g->ratio_hi_bound = 0;
    if (!idle || isnan(idle->proc_median_median_ms)) return;
    g->ratio_bound = g->median_bound;
    double limit = slow_ratio * idle->proc_median_median_ms;
    g->slow_procs = 0;
    for (size_t i = 0; i < g->nproc; i++)
        if (!isnan(g->proc[i].median_ms) && g->proc[i].median_ms >= limit) g->slow_procs++;
    g->proc_ratio = summaryRatio(g->proc_median_median_ms, idle->proc_median_median_ms);
    double *a = malloc((g->nproc ? g->nproc : 1) * sizeof(double));
    double *b = malloc((idle->nproc ? idle->nproc : 1) * sizeof(double));
    if (a && b) {
        summaryBootRatio(a, summaryProcMedians(g, a), b, summaryProcMedians(idle, b), &g->ratio_lo,
                         &g->ratio_hi);
        /* an end of the interval is a bound when a bounded process median
         * lies at or below the loaded median that end can stand for (the
         * end x the largest idle median a resample can draw) */
        size_t nb = summaryProcBounds(g, a);
        double im = idle->proc_median_max_ms;
        g->ratio_lo_bound = summaryBound(g->ratio_lo * im, a, nb);
        g->ratio_hi_bound = summaryBound(g->ratio_hi * im, a, nb);
    }
    free(a);
    free(b);
}

void summaryFinish(summary *s, double slow_ratio) {
    for (size_t i = 0; i < s->n; i++) {
        summaryGroup *g = &s->g[i];
        statsSummary st;
        g->runs = g->nproc;
        summaryProcStats(g);
        g->n = g->v_steady.n;
        g->nfirst = g->v_first.n;
        g->prepare_ms = summaryStatsOf(&g->v_prepare).median;
        st = summaryStatsOf(&g->v_first);
        g->first_ms = st.median;
        g->first_max_ms = st.max;
        st = summaryStatsOf(&g->v_steady);
        g->min_ms = st.min;
        g->median_ms = st.median;
        g->max_ms = st.max;
        g->first_over_min = summaryRatio(g->first_ms, g->min_ms);
        g->max_over_median = summaryRatio(g->max_ms, g->median_ms);
        st = summaryStatsOf(&g->v_load1);
        g->load1_median = st.median;
        g->load1_max = st.max;
        st = summaryStatsOf(&g->v_procs);
        g->procs_median = st.median;
        g->procs_max = st.max;
        g->first_minflt = summaryStatsOf(&g->v_minflt).median;
        g->first_majflt = summaryStatsOf(&g->v_majflt).median;
        g->nivcsw_median = summaryStatsOf(&g->v_nivcsw).median;
        const summaryVec *w = g->v_whole_hf.n ? &g->v_whole_hf : &g->v_whole_time;
        g->whole_tool = g->v_whole_hf.n ? "hyperfine" : g->v_whole_time.n ? "time" : "";
        g->psi_some_pct = g->others_cpus = NAN;
        g->others_probed = 0;
        st = summaryStatsOf(w);
        g->whole_n = st.n;
        g->whole_min_ms = st.min;
        g->whole_median_ms = st.median;
        g->whole_max_ms = st.max;
        g->whole_majflt = summaryStatsOf(&g->v_whole_majflt).median;
        g->whole_minflt = summaryStatsOf(&g->v_whole_minflt).median;
        st = summaryStatsOf(&g->v_nowait);
        g->nowait_n = g->v_nowait.n;
        g->nowait_min_ms = st.min;
        g->nowait_median_ms = st.median;
        g->nowait_max_ms = st.max;
        for (size_t k = 0; k < SUMMARY_RUN_FIGS; k++)
            g->run_median[k] = summaryStatsOf(&g->v_run[k]).median;
    }
    if (s->n > 1) qsort(s->g, s->n, sizeof(summaryGroup), summaryCmpGroup);
    s->last = 0;
    for (size_t i = 0; i < s->n; i++) {
        summaryGroup *g = &s->g[i];
        const summaryGroup *idle = summaryIsIdle(g) ? NULL : summaryIdleOf(s, g);
        g->idle_median_ms = idle ? idle->median_ms : NAN;
        g->loaded_over_idle = idle ? summaryRatio(g->median_ms, idle->median_ms) : NAN;
        summaryAgainstIdle(g, idle, slow_ratio);
    }
}
