/* verdictsdoc.c -- the report's Verdicts and Summary sections (see
 * verdictsdoc.h), written once through a docFmt. The verdicts are laid out
 * as data (level, id, subject, finding), never re-judged; the summary's
 * cells are summary.csv's figures in the report's units. */
#include "doc/verdictsdoc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static size_t verdictsdocCount(const verdictList *l, verdictLevel lv) {
    size_t n = 0;
    for (size_t i = 0; i < l->n; i++) n += l->v[i].level == lv;
    return n;
}

/* "Thresholds (coldload-summarize options): --first-min 100, ...": every
 * threshold of the check table as set for this run, each with its help (a
 * tooltip in HTML). */
static void verdictsdocThresholds(const reportDoc *d) {
    const docFmt *fmt = d->fmt;
    const verdictParam *p;
    fmt->text(d->f, "Thresholds (coldload-summarize options): ");
    for (size_t i = 0; (p = verdictParamAt(i)); i++) {
        char opt[96];
        snprintf(opt, sizeof opt, "--%s %g", p->name, verdictParamGet(d->in->thresholds, p));
        if (i) fmt->text(d->f, ", ");
        fmt->code(d->f, opt, p->help);
    }
    fmt->text(d->f, ".");
}

void verdictsdocVerdicts(const reportDoc *d) {
    const docFmt *fmt = d->fmt;
    const verdictList *vl = d->in->verdicts;
    const metaTable *m = d->in->meta;
    fmt->section(d->f, "verdicts", "Verdicts");
    char counts[160];
    snprintf(counts, sizeof counts, "%zu error(s), %zu warning(s), %zu note(s), %zu ok. ",
             verdictsdocCount(vl, VERDICT_ERROR), verdictsdocCount(vl, VERDICT_WARN),
             verdictsdocCount(vl, VERDICT_NOTE), verdictsdocCount(vl, VERDICT_OK));
    fmt->para_begin(d->f, NULL);
    fmt->text(d->f, counts);
    verdictsdocThresholds(d);
    fmt->para_end(d->f);
    if (vl->n == 0) {
        fmt->para_begin(d->f, "none");
        fmt->text(d->f, "No check fired.");
        fmt->para_end(d->f);
    } else {
        /* One row per verdict: what fired, on which group, its figures. */
        static const char *const head[3] = {"verdict", "group", "figures, and what they mean"};
        static const docTable t = {"verdicts", head, 3, "lll"};
        fmt->table(d->f, &t);
        for (size_t i = 0; i < vl->n; i++) {
            const verdict *v = &vl->v[i];
            const char *lv = verdictLevelName(v->level);
            char what[160];
            snprintf(what, sizeof what, "%s %s", lv, v->id);
            const docCell c[3] = {{what, 1, "lvl", 1},
                                  {v->subject ? v->subject : "", 1, NULL, 0},
                                  {v->finding, 1, "text", 0}};
            fmt->row_cells(d->f, &t, c, 3, lv, v->id);
        }
        fmt->table_end(d->f, &t);
    }
    /* The harnesses' warnings (meta.txt "warning=" lines): a busy machine
     * before an idle run, a width above the CPUs, a failed measurement. */
    size_t n = 0;
    for (size_t i = 0; i < m->n; i++) {
        if (strcmp(m->keys[i], "warning") != 0) continue;
        if (n++ == 0) {
            fmt->heading(d->f, 3, "Harness warnings");
            fmt->list_begin(d->f, "warnings");
        }
        fmt->item(d->f, m->vals[i]);
    }
    if (n) fmt->list_end(d->f);
    fmt->section_end(d->f);
}

/* --- the summary table --------------------------------------------------------------------- */

enum { VERDICTSDOC_COLS = 18 };
static const char *const verdictsdocHead[VERDICTSDOC_COLS] = {
    "group",         "runs",   "n",          "prepare ms", "first ms", "min ms",
    "median ms",     "max ms", "first/min",  "max/median", "vs idle",  "truncated",
    "procs_running", "load1",  "PSI some %", "checksums",  "whole ms", "whole majflt"};

static const char *verdictsdocNum(double x, char *buf, size_t len) {
    if (isnan(x)) snprintf(buf, len, "-");
    else snprintf(buf, len, "%g", x);
    return buf;
}

/* One group's cells, allocated (NULL: out of memory). */
static void verdictsdocCells(const summaryGroup *g, char *cells[VERDICTSDOC_COLS]) {
    char a[32]; /* a number: docStr copies it at once */
    size_t len = 0;
    FILE *f = open_memstream(&cells[0], &len);
    if (f) {
        summaryDescribe(g, f);
        if (fclose(f) != 0) free(cells[0]), cells[0] = NULL;
    }
    cells[1] = docStr("%zu", g->runs);
    cells[2] = docStr("%zu", g->n);
    cells[3] = docStr("%s", summaryFmtMs(g->prepare_ms, a, sizeof a));
    cells[4] = docStr("%s", summaryFmtMs(g->first_ms, a, sizeof a));
    cells[5] = docStr("%s", summaryFmtMs(g->min_ms, a, sizeof a));
    cells[6] = docStr("%s", summaryFmtMs(g->median_ms, a, sizeof a));
    cells[7] = docStr("%s", summaryFmtMs(g->max_ms, a, sizeof a));
    cells[8] = docStr("%s", reportRatio(g->first_over_min, a, sizeof a));
    cells[9] = docStr("%s", reportRatio(g->max_over_median, a, sizeof a));
    cells[10] = docStr("%s", reportRatio(g->loaded_over_idle, a, sizeof a));
    cells[11] = docStr("%zu", g->truncated);
    cells[12] = docStr("%s", verdictsdocNum(g->procs_median, a, sizeof a));
    if (isnan(g->load1_median)) cells[13] = docStr("-");
    else cells[13] = docStr("%.2f", g->load1_median);
    if (isnan(g->psi_some_pct)) cells[14] = docStr("-");
    else cells[14] = docStr("%.0f", g->psi_some_pct);
    cells[15] = docStr("%zu", g->nchecksums);
    cells[16] = docStr("%s", summaryFmtMs(g->whole_median_ms, a, sizeof a));
    cells[17] = docStr("%s", verdictsdocNum(g->whole_majflt, a, sizeof a));
}

void verdictsdocSummary(const reportDoc *d) {
    const docFmt *fmt = d->fmt;
    const summary *s = d->in->s;
    static const docTable t = {NULL, verdictsdocHead, VERDICTSDOC_COLS, NULL};
    fmt->section(d->f, "summary", "Summary");
    fmt->para_begin(d->f, NULL);
    fmt->text(d->f, "One row per group; times in ms (first: median over the processes; "
                    "min/median/max: over the steady runs). Every column: ");
    fmt->link(d->f, "summary.csv", "summary.csv");
    fmt->text(d->f, ".");
    fmt->para_end(d->f);
    fmt->table(d->f, &t);
    for (size_t i = 0; i < s->n; i++) {
        char *cells[VERDICTSDOC_COLS] = {0};
        const char *row[VERDICTSDOC_COLS];
        verdictsdocCells(&s->g[i], cells);
        for (int k = 0; k < VERDICTSDOC_COLS; k++) row[k] = cells[k] ? cells[k] : "?";
        fmt->row(d->f, &t, row);
        for (int k = 0; k < VERDICTSDOC_COLS; k++) free(cells[k]);
    }
    fmt->table_end(d->f, &t);
    fmt->section_end(d->f);
}
