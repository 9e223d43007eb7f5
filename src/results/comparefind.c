/* comparefind.c -- the comparison's findings (see compare.h): what differs
 * between the inputs, each a line with its level -- checksums, verdicts,
 * cells one input lacks, the figures the rule calls changed (or the count
 * within noise), meta.txt's versions, options and machines, and the two
 * answers -- sorted worst first. */
#include "results/comparefind.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


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
            const answerInput ai = {&in->s, &in->v, &in->t, &in->meta, &in->stops, in->asks};
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

int compareFindings(compareResult *r) {
    if (compareChecksums(r) != 0 || compareVerdicts(r) != 0 || compareChanges(r) != 0 ||
        compareMissing(r) != 0 || compareMeta(r) != 0 || compareAnswers(r) != 0)
        return -1;
    compareSortFindings(r);
    return 0;
}
