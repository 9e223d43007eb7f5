/* compare.c -- the model of coldload-compare: reads each results directory
 * as coldload-summarize does, matches their cells, bootstraps every shared
 * cell's ratio to the baseline, and lists what differs (see compare.h).
 * The documents (CSV, Markdown, HTML, chart data) are in comparedoc.c. */
#include "results/compare.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "common/stats.h"
#include "results/results.h"

const char *compareMetricName(compareMetric m) {
    static const char *const n[COMPARE_METRIC_N] = {"steady", "first", "whole"};
    return m < COMPARE_METRIC_N ? n[m] : "?";
}

/* --- reading one input -------------------------------------------------------------- */

/* "host 2026-12-03 08:14" from meta's host and first date_utc; NULL when
 * meta has no host. */
static char *compareLabelOf(const metaTable *m) {
    const char *host = metaGet(m, "host"), *date = NULL;
    if (!host || !*host) return NULL;
    /* the first date_utc: when the directory's first harness started */
    for (size_t i = 0; i < m->n && !date; i++)
        if (strcmp(m->keys[i], "date_utc") == 0) date = m->vals[i];
    char buf[256];
    if (date && strlen(date) >= 16)
        snprintf(buf, sizeof buf, "%s %.10s %.5s", host, date, date + 11);
    else snprintf(buf, sizeof buf, "%s", host);
    return strdup(buf);
}

int compareInputRead(compareInput *in, const char *dir, const char *label, char *err,
                     size_t errlen) {
    memset(in, 0, sizeof *in);
    summaryInit(&in->s);
    if (!(in->dir = strdup(dir))) return -2;
    /* Read and judged as coldload-summarize does: the same loader, the
     * page's thresholds. What the comparison keeps is moved out of it. */
    verdictThresholds t;
    verdictDefaults(&t);
    results r;
    int rc = resultsLoad(&r, dir, &t, NULL, err, errlen);
    if (rc == RESULTS_OK) {
        in->s = r.s, in->v = r.v, in->t = r.t, in->meta = r.meta, in->machine = r.machine;
        in->stops = r.stops;
        summaryInit(&r.s);
        memset(&r.v, 0, sizeof r.v);
        memset(&r.meta, 0, sizeof r.meta);
        memset(&r.stops, 0, sizeof r.stops);
        r.machine = NULL;
    }
    resultsFree(&r);
    if (rc != RESULTS_OK) return rc == RESULTS_NO_MEMORY ? -2 : -1;
    in->label = label ? strdup(label) : compareLabelOf(&in->meta);
    if (!in->label) in->label = strdup(dir);
    return in->label ? 0 : -2;
}

void compareInputFree(compareInput *in) {
    free(in->machine);
    free(in->dir);
    free(in->label);
    verdictFree(&in->v);
    summaryFree(&in->s);
    metaStopsFree(&in->stops);
    metaFree(&in->meta);
    memset(in, 0, sizeof *in);
}

/* --- the bootstrap ------------------------------------------------------------------- */

static double compareMedian(double *x, size_t n) {
    statsSummary st;
    return statsOf(x, n, &st) == 0 ? st.median : NAN;
}

/* One side of a row's bootstrap: p processes, process i's calls x[i] (n[i]
 * of them); scratch tmp (the most calls) and meds (p slots). */
typedef struct compareSide {
    const double *const *x;
    const size_t *n;
    size_t p;
    double *tmp, *meds;
} compareSide;

/* One resample of a side: p processes drawn, each one's calls drawn; the
 * median of their medians. */
static double compareResample(const void *side, uint64_t *s) {
    const compareSide *d = side;
    for (size_t i = 0; i < d->p; i++) {
        size_t k = statsPick(s, d->p);
        for (size_t j = 0; j < d->n[k]; j++) d->tmp[j] = d->x[k][statsPick(s, d->n[k])];
        d->meds[i] = compareMedian(d->tmp, d->n[k]);
    }
    return compareMedian(d->meds, d->p);
}

static size_t compareMaxN(const size_t *n, size_t p) {
    size_t m = 1;
    for (size_t i = 0; i < p; i++) m = n[i] > m ? n[i] : m;
    return m;
}

void compareBoot(const double *const *xa, const size_t *na, size_t pa, const double *const *xb,
                 const size_t *nb, size_t pb, uint64_t seed, double *lo, double *hi) {
    *lo = *hi = NAN;
    if (pa == 0 || pb == 0) return;
    size_t m = compareMaxN(na, pa), mb = compareMaxN(nb, pb);
    m = mb > m ? mb : m;
    double *tmp = malloc(m * sizeof(double));
    double *meds = malloc((pa > pb ? pa : pb) * sizeof(double));
    compareSide a = {xa, na, pa, tmp, meds}, b = {xb, nb, pb, tmp, meds};
    if (tmp && meds) statsBootRatio(compareResample, &a, &b, COMPARE_REPS, seed, lo, hi);
    free(tmp);
    free(meds);
}

/* --- a cell's data for one metric ------------------------------------------------------ */

typedef struct compareData {
    const double **x;
    size_t *n;
    size_t p, calls;
    double stat;
} compareData;

static void compareDataFree(compareData *d) {
    free(d->x);
    free(d->n);
    memset(d, 0, sizeof *d);
}

/* The per-process arrays of g for metric m (pointing into g). Returns 0 (p
 * may be 0: g has no such figure) or -1 when out of memory. */
static int compareDataOf(const summaryGroup *g, compareMetric m, compareData *d) {
    memset(d, 0, sizeof *d);
    d->stat = NAN;
    const summaryVec *w = g->v_whole_hf.n ? &g->v_whole_hf : &g->v_whole_time;
    size_t cap = m == COMPARE_WHOLE ? w->n : g->nproc;
    if (cap == 0) return 0;
    d->x = malloc(cap * sizeof *d->x);
    d->n = malloc(cap * sizeof *d->n);
    double *meds = malloc(cap * sizeof(double));
    if (!d->x || !d->n || !meds) {
        free(meds);
        compareDataFree(d);
        return -1;
    }
    for (size_t i = 0; i < cap; i++) {
        const double *x = NULL;
        size_t n = 0;
        if (m == COMPARE_WHOLE) x = &w->x[i], n = 1;
        else if (m == COMPARE_FIRST && !isnan(g->proc[i].first_ms)) x = &g->proc[i].first_ms, n = 1;
        else if (m == COMPARE_STEADY) x = g->proc[i].steady.x, n = g->proc[i].steady.n;
        if (n == 0) continue;
        d->x[d->p] = x;
        d->n[d->p] = n;
        meds[d->p++] = compareMedian((double *)x, n);
        d->calls += n;
    }
    d->stat = compareMedian(meds, d->p);
    free(meds);
    return 0;
}

/* FNV-1a over the cell's name and the metric: the row's own stream. */
static uint64_t compareRowSeed(uint64_t seed, const char *name, compareMetric m) {
    uint64_t h = 0xcbf29ce484222325u;
    for (const char *p = name; *p; p++) h = (h ^ (unsigned char)*p) * 0x100000001b3u;
    h = (h ^ (unsigned)m) * 0x100000001b3u;
    return seed ^ h;
}

/* --- findings ---------------------------------------------------------------------------- */

/* A finding on subject: text "<subject>: <fmt...>". */
static int compareAdd(compareResult *r, verdictLevel lv, const char *id, const char *subject,
                      const char *fmt, ...) __attribute__((format(printf, 5, 6)));
static int compareAdd(compareResult *r, verdictLevel lv, const char *id, const char *subject,
                      const char *fmt, ...) {
    compareFinding *f = realloc(r->f, (r->nf + 1) * sizeof *f);
    if (!f) return -1;
    r->f = f;
    char *what = NULL, *text = NULL, *subj = strdup(subject);
    va_list ap;
    va_start(ap, fmt);
    int n = vasprintf(&what, fmt, ap);
    va_end(ap);
    if (n < 0) what = NULL;
    if (!subj || !what || asprintf(&text, "%s: %s", subject, what) < 0) {
        free(subj);
        free(what);
        return -1;
    }
    free(what);
    f[r->nf++] = (compareFinding){lv, id, text, subj, text + strlen(subject) + 2};
    return 0;
}

/* A cell's checksums as text: "2e2ac0ea00009e3d" or "a;b" for several. */
static void compareSums(const summaryGroup *g, char *buf, size_t len) {
    size_t o = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < g->nchecksums; i++)
        summaryCat(buf, len, &o, "%s%016llx", i ? ";" : "", (unsigned long long)g->checksums[i]);
    if (!g->nchecksums) summaryCat(buf, len, &o, "none");
}

int compareSameChecksums(const summaryGroup *a, const summaryGroup *b) {
    if (!a->nchecksums || !b->nchecksums) return -1;
    if (a->nchecksums != b->nchecksums) return 0;
    for (size_t i = 0; i < a->nchecksums; i++) {
        size_t j = 0;
        while (j < b->nchecksums && b->checksums[j] != a->checksums[i]) j++;
        if (j == b->nchecksums) return 0;
    }
    return 1;
}

static int compareChecksums(compareResult *r) {
    for (size_t c = 0; c < r->ncells; c++) {
        const compareCell *cell = &r->cells[c];
        size_t b = 0;
        while (b < r->nin && (!cell->group[b] || !cell->group[b]->nchecksums)) b++;
        for (size_t i = b + 1; i < r->nin; i++) {
            const summaryGroup *gb = cell->group[b], *gi = cell->group[i];
            if (!gi || compareSameChecksums(gb, gi) != 0) continue;
            char sb[256], si[256], why[256] = "";
            compareSums(gb, sb, sizeof sb);
            compareSums(gi, si, sizeof si);
            const char *cb = metaGet(&r->in[b].meta, "openblas_corename");
            const char *ci = metaGet(&r->in[i].meta, "openblas_corename");
            if (cb && ci && strcmp(cb, ci) != 0)
                snprintf(why, sizeof why,
                         " (OpenBLAS core %s vs %s: other kernels may round "
                         "differently)",
                         cb, ci);
            if (compareAdd(r, VERDICT_ERROR, "checksum-changed", cell->name,
                           "checksum %s in %s, %s in %s: the same computation gave other "
                           "bits%s",
                           sb, r->in[b].label, si, r->in[i].label, why) != 0)
                return -1;
        }
    }
    return 0;
}

/* The inputs (by label) whose bit in mask is set, comma-separated. */
static void compareNames(const compareResult *r, unsigned mask, char *buf, size_t len) {
    size_t o = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < r->nin; i++)
        if (mask & (1u << i)) summaryCat(buf, len, &o, "%s%s", o ? ", " : "", r->in[i].label);
}

static int compareMissing(compareResult *r) {
    unsigned all = (1u << r->nin) - 1;
    for (size_t c = 0; c < r->ncells; c++) {
        unsigned has = 0;
        for (size_t i = 0; i < r->nin; i++) has |= r->cells[c].group[i] ? 1u << i : 0;
        if (has == all) continue;
        char yes[1024], no[1024];
        compareNames(r, has, yes, sizeof yes);
        compareNames(r, all & ~has, no, sizeof no);
        if (compareAdd(r, VERDICT_NOTE, "cell-missing", r->cells[c].name,
                       "only in %s (not in %s): not compared", yes, no) != 0)
            return -1;
    }
    return 0;
}

/* A cell's key: its first input's group (every input's has the same key). */
static const summaryGroup *compareCellKey(const compareCell *c, size_t nin) {
    const summaryGroup *h = NULL;
    for (size_t j = 0; j < nin && !h; j++) h = c->group[j];
    return h;
}

/* The same verdict in two inputs: the same check on the same parts of the
 * same key (groups of two summaries, so compared by key, not by pointer). */
static int compareSameVerdict(const verdict *a, const verdict *b) {
    if (strcmp(a->id, b->id) != 0 || a->parts != b->parts || !a->group != !b->group) return 0;
    return a->group ? summaryKeySame(&a->group->key, &b->group->key, a->parts)
                    : strcmp(a->text, b->text) == 0;
}

/* A verdict (id and subject) that fires in some inputs and not in others:
 * e.g. contention on one machine only. Listed once, at its first input. */
static int compareVerdicts(compareResult *r) {
    unsigned all = (1u << r->nin) - 1;
    for (size_t i = 0; i < r->nin; i++)
        for (size_t k = 0; k < r->in[i].v.n; k++) {
            const verdict *v = &r->in[i].v.v[k];
            unsigned has = 1u << i, seen = 0;
            for (size_t j = 0; j < r->nin; j++)
                for (size_t q = 0; q < r->in[j].v.n; q++) {
                    if (!compareSameVerdict(v, &r->in[j].v.v[q])) continue;
                    has |= 1u << j;
                    if (j < i || (j == i && q < k)) seen = 1;
                }
            if (seen) continue;
            /* An input without the verdict's cell is cell-missing's, not this. */
            unsigned lack = all & ~has;
            for (size_t c = 0; c < r->ncells && v->group && v->parts == SUMMARY_K_ALL; c++)
                if (summaryKeySame(&compareCellKey(&r->cells[c], r->nin)->key, &v->group->key,
                                   SUMMARY_K_ALL))
                    for (size_t j = 0; j < r->nin; j++)
                        if (!r->cells[c].group[j]) lack &= ~(1u << j);
            if (!lack) continue;
            char yes[1024], no[1024];
            compareNames(r, has, yes, sizeof yes);
            compareNames(r, lack, no, sizeof no);
            if (compareAdd(r, v->level >= VERDICT_WARN ? VERDICT_WARN : VERDICT_NOTE,
                           "verdict-differs", v->subject ? v->subject : v->text,
                           "%s %s in %s, not in %s", verdictLevelName(v->level), v->id, yes,
                           no) != 0)
                return -1;
        }
    return 0;
}

/* meta.txt keys whose differences qualify a comparison, by kind. */
static const struct {
    const char *id, *what, *keys[12];
} compareMetaKinds[] = {
    {"versions-differ",
     "coldload versions differ",
     {"git_rev", "git_describe", "git_dirty", "compiler", "build_flags", NULL}},
    {"options-differ",
     "the runs' options differ",
     {"report_quick", "report_budget_s", "report_runs", "procs", "load", "report_strict", NULL}},
    {"machines-differ",
     "the machines differ",
     {"cpu_model", "nproc", "cpu_limit", "container", "kernel", "openblas_corename", NULL}},
};

static int compareMeta(compareResult *r) {
    for (size_t k = 0; k < sizeof compareMetaKinds / sizeof compareMetaKinds[0]; k++) {
        char buf[4096];
        size_t o = 0;
        for (const char *const *key = compareMetaKinds[k].keys; *key; key++) {
            const char *v0 = metaGet(&r->in[0].meta, *key);
            int differs = 0;
            for (size_t i = 1; i < r->nin && !differs; i++) {
                const char *v = metaGet(&r->in[i].meta, *key);
                differs = (v == NULL) != (v0 == NULL) || (v && strcmp(v, v0) != 0);
            }
            if (!differs) continue;
            summaryCat(buf, sizeof buf, &o, "%s%s (", o ? "; " : "", *key);
            for (size_t i = 0; i < r->nin; i++) {
                const char *v = metaGet(&r->in[i].meta, *key);
                summaryCat(buf, sizeof buf, &o, "%s%s: %s", i ? ", " : "", r->in[i].label,
                           v ? v : "absent");
            }
            summaryCat(buf, sizeof buf, &o, ")");
        }
        if (o && compareAdd(r, VERDICT_NOTE, compareMetaKinds[k].id, compareMetaKinds[k].what, "%s",
                            buf) != 0)
            return -1;
    }
    return 0;
}

static int compareChanges(compareResult *r) {
    size_t noise = 0, tested = 0;
    for (size_t k = 0; k < r->nrows; k++) {
        const compareRow *w = &r->rows[k];
        if (isnan(w->lo)) continue;
        tested++;
        if (!w->significant) {
            noise++;
            continue;
        }
        char a[32], b[32], *on = NULL;
        if (asprintf(&on, "%s (%s)", r->cells[w->cell].name, compareMetricName(w->metric)) < 0)
            return -1;
        int rc = compareAdd(r, VERDICT_NOTE, w->ratio > 1 ? "slower" : "faster", on,
                            "%s ms in %s against %s ms in %s: %.3gx [%.3g, %.3g], the "
                            "interval excludes 1",
                            summaryFmtMs(w->ms, a, sizeof a), r->in[w->input].label,
                            summaryFmtMs(w->base_ms, b, sizeof b), r->in[w->base].label, w->ratio,
                            w->lo, w->hi);
        free(on);
        if (rc != 0) return -1;
    }
    char on[64];
    snprintf(on, sizeof on, "%zu of %zu compared figures", noise, tested);
    if (tested && compareAdd(r, VERDICT_OK, "within-noise", on,
                             "their 95%% interval contains 1 (no change the resampling can tell "
                             "from noise)") != 0)
        return -1;
    return 0;
}

/* Each input's answers; a question answered yes by some inputs and no by
 * others is a finding (answer-differs), with each side's deciding figure. */
static int compareAnswers(compareResult *r) {
    r->answers = calloc(r->nin * ANSWER_QUESTIONS, sizeof *r->answers);
    if (!r->answers) return -1;
    for (int k = 0; k < ANSWER_QUESTIONS; k++) {
        unsigned yes = 0, no = 0;
        for (size_t i = 0; i < r->nin; i++) {
            const compareInput *in = &r->in[i];
            const answerInput ai = {&in->s, &in->v, &in->t, &in->meta, &in->stops};
            answer *a = &r->answers[i * ANSWER_QUESTIONS + k];
            if (answerCompute(&ai, k, a) != 0) return -1;
            yes |= a->verdict == ANSWER_YES ? 1u << i : 0;
            no |= a->verdict == ANSWER_NO ? 1u << i : 0;
        }
        if (!yes || !no) continue;
        char buf[2048];
        size_t o = 0;
        for (size_t i = 0; i < r->nin; i++) {
            const answer *a = &r->answers[i * ANSWER_QUESTIONS + k];
            if (!((yes | no) & (1u << i))) continue;
            summaryCat(buf, sizeof buf, &o, "%s%s in %s", o ? ", " : "",
                       answerVerdictName(a->verdict), r->in[i].label);
            if (a->nfig)
                summaryCat(buf, sizeof buf, &o, " (%s %.3g)", a->fig[0].name, a->fig[0].value);
        }
        if (compareAdd(r, VERDICT_WARN, "answer-differs", answerQuestion(k), "%s", buf) != 0)
            return -1;
    }
    return 0;
}

/* Worst first, in the order found within a level (a stable sort by level). */
static void compareSortFindings(compareResult *r) {
    compareFinding *out = malloc((r->nf ? r->nf : 1) * sizeof *out);
    if (!out) return; /* unsorted is still correct */
    size_t o = 0;
    for (int lv = VERDICT_ERROR; lv >= VERDICT_OK; lv--)
        for (size_t i = 0; i < r->nf; i++)
            if ((int)r->f[i].level == lv) out[o++] = r->f[i];
    free(r->f);
    r->f = out;
}

/* --- the run -------------------------------------------------------------------------------- */

/* summaryDescribe of g as a string (malloc'd; NULL: out of memory). */
static char *compareDescribe(const summaryGroup *g) {
    char *name = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&name, &len);
    if (!f) return NULL;
    summaryDescribe(g, f);
    if (fclose(f) != 0) {
        free(name);
        return NULL;
    }
    return name;
}

static int compareCells(compareResult *r) {
    size_t cap = 0;
    for (size_t i = 0; i < r->nin; i++) cap += r->in[i].s.n;
    r->cells = calloc(cap ? cap : 1, sizeof *r->cells);
    if (!r->cells) return -1;
    for (size_t i = 0; i < r->nin; i++)
        for (size_t k = 0; k < r->in[i].s.n; k++) {
            const summaryGroup *g = &r->in[i].s.g[k];
            size_t c = 0;
            while (c < r->ncells && !summaryKeySame(&compareCellKey(&r->cells[c], r->nin)->key,
                                                    &g->key, SUMMARY_K_ALL))
                c++;
            if (c == r->ncells && !(r->cells[r->ncells++].name = compareDescribe(g))) return -1;
            if (!r->cells[c].group[i]) r->cells[c].present++;
            r->cells[c].group[i] = g;
        }
    return 0;
}

/* The process figures of d (each process's median call) into out (d->p
 * slots). */
static void compareProcFigures(const compareData *d, double *out) {
    for (size_t j = 0; j < d->p; j++) {
        statsSummary st;
        out[j] = statsOf(d->x[j], d->n[j], &st) == 0 ? st.median : NAN;
    }
}

/* Row w's process figures, kept for the rule, which waits for the drift
 * floor (compareDrift). 0, -1 out of memory. */
static int compareKeepFigures(const compareData *in, const compareData *base, compareRow *w) {
    w->fig = malloc((in->p ? in->p : 1) * sizeof *w->fig);
    w->base_fig = malloc((base->p ? base->p : 1) * sizeof *w->base_fig);
    if (!w->fig || !w->base_fig) return -1;
    compareProcFigures(in, w->fig);
    compareProcFigures(base, w->base_fig);
    w->nfig = in->p, w->nbase_fig = base->p;
    return 0;
}

/* The drift floor of input i against base: the log ratios of the rows they
 * share, |median| + COMPARE_DRIFT_Z x 1.4826 x MAD, as a ratio less 1;
 * COMPARE_DRIFT_DEFAULT with fewer than COMPARE_DRIFT_MIN_ROWS rows. */
static double compareDriftOf(const compareResult *r, size_t base, size_t i, size_t *nrows) {
    double *d = malloc((r->nrows ? r->nrows : 1) * sizeof *d);
    size_t n = 0;
    for (size_t k = 0; d && k < r->nrows; k++) {
        const compareRow *w = &r->rows[k];
        if (w->base == base && w->input == i && w->ratio > 0 && isfinite(w->ratio))
            d[n++] = log(w->ratio);
    }
    *nrows = n;
    double floor = COMPARE_DRIFT_DEFAULT;
    statsSummary st;
    if (n >= COMPARE_DRIFT_MIN_ROWS && statsOf(d, n, &st) == 0) {
        double m = st.median;
        for (size_t k = 0; k < n; k++) d[k] = fabs(d[k] - m);
        statsOf(d, n, &st);
        floor = exp(fabs(m) + COMPARE_DRIFT_Z * 1.4826 * st.median) - 1;
        if (floor < COMPARE_DRIFT_MIN) floor = COMPARE_DRIFT_MIN;
    }
    free(d);
    return floor;
}

/* Every row's floor and verdict: the rule at its pair's drift. */
static void compareDrift(compareResult *r) {
    for (size_t i = 0; i < COMPARE_MAX_INPUTS; i++) r->drift[i] = NAN;
    for (size_t k = 0; k < r->nrows; k++) {
        compareRow *w = &r->rows[k];
        size_t n;
        w->floor = compareDriftOf(r, w->base, w->input, &n);
        if (w->base == 0 && w->input < COMPARE_MAX_INPUTS)
            r->drift[w->input] = w->floor, r->drift_rows[w->input] = n;
        differJudge((differSample){w->fig, NULL, w->nfig},
                    (differSample){w->base_fig, NULL, w->nbase_fig}, DIFFER_TWO_SIDED, DIFFER_ALPHA,
                    w->floor, &w->test);
        w->significant = w->test.verdict == DIFFER_SLOWER || w->test.verdict == DIFFER_FASTER;
    }
}

static int compareRows(compareResult *r) {
    size_t cap = r->ncells * COMPARE_METRIC_N * r->nin;
    r->rows = calloc(cap ? cap : 1, sizeof *r->rows);
    compareData *d = calloc(r->nin, sizeof *d);
    int rc = r->rows && d ? 0 : -1;
    for (size_t c = 0; c < r->ncells && rc == 0; c++)
        for (int m = 0; m < COMPARE_METRIC_N && rc == 0; m++) {
            size_t base = SIZE_MAX;
            for (size_t i = 0; i < r->nin && rc == 0; i++) {
                if (r->cells[c].group[i]) rc = compareDataOf(r->cells[c].group[i], m, &d[i]);
                if (d[i].p && base == SIZE_MAX) base = i;
            }
            for (size_t i = base == SIZE_MAX ? r->nin : base + 1; i < r->nin && rc == 0; i++) {
                if (!d[i].p) continue;
                compareRow *w = &r->rows[r->nrows++];
                *w = (compareRow){
                    c,
                    m,
                    base,
                    i,
                    d[base].stat,
                    d[i].stat,
                    d[base].p,
                    d[i].p,
                    d[base].calls,
                    d[i].calls,
                    NAN,
                    NAN,
                    NAN,
                    0,
                    compareSameChecksums(r->cells[c].group[base], r->cells[c].group[i]),
                    {0},
                    NAN,
                    NULL,
                    NULL,
                    0,
                    0};
                if (d[base].stat > 0) w->ratio = d[i].stat / d[base].stat;
                compareBoot(d[i].x, d[i].n, d[i].p, d[base].x, d[base].n, d[base].p,
                            compareRowSeed(r->seed, r->cells[c].name, m), &w->lo, &w->hi);
                if (compareKeepFigures(&d[i], &d[base], w) != 0) rc = -1;
            }
            for (size_t i = 0; i < r->nin; i++) compareDataFree(&d[i]);
        }
    free(d);
    return rc;
}

int compareRun(const compareInput *in, size_t nin, uint64_t seed, compareResult *r) {
    memset(r, 0, sizeof *r);
    r->in = in;
    r->nin = nin;
    r->seed = seed;
    if (nin > COMPARE_MAX_INPUTS || compareCells(r) != 0 || compareRows(r) != 0) return -1;
    compareDrift(r);
    if (compareChecksums(r) != 0 || compareVerdicts(r) != 0 || compareChanges(r) != 0 ||
        compareMissing(r) != 0 || compareMeta(r) != 0 || compareAnswers(r) != 0)
        return -1;
    compareSortFindings(r);
    return 0;
}

void compareFree(compareResult *r) {
    for (size_t i = 0; i < r->nf; i++) {
        free(r->f[i].text);
        free(r->f[i].subject);
    }
    for (size_t c = 0; c < r->ncells; c++) free(r->cells[c].name);
    for (size_t k = 0; r->rows && k < r->nrows; k++) {
        free(r->rows[k].fig);
        free(r->rows[k].base_fig);
    }
    for (size_t i = 0; r->answers && i < r->nin * ANSWER_QUESTIONS; i++) answerFree(&r->answers[i]);
    free(r->answers);
    free(r->f);
    free(r->cells);
    free(r->rows);
    memset(r, 0, sizeof *r);
}
