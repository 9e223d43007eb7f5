/* comparedoc.c -- compare.csv, compare.md, compare.html and the chart data of
 * a comparison (see comparedoc.h).
 *
 * The two documents are one walk over the page's sections, each written once
 * through a docFmt (doc/docfmt.h, the report's interface and stylesheet):
 * they cannot drift apart in content, at the price of Markdown's tables
 * being as wide as the HTML ones. */
#include "doc/comparedoc.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/atomicfile.h"
#include "common/csvfield.h"
#include "doc/answerdoc.h"

/* --- compare.csv --------------------------------------------------------------------- */

static const char *const comparedocSums[3] = {"", "no", "yes"}; /* by sums_same + 1 */

static void comparedocNum(FILE *f, double x) {
    if (isnan(x)) fputs(",", f);
    else fprintf(f, ",%.6g", x);
}

int comparedocCsv(const compareResult *r, FILE *f) {
    fputs("workload,params,width,wait,condition,load,stressors,copy,metric,baseline,input,"
          "baseline_label,label,baseline_ms,ms,baseline_procs,procs,baseline_n,n,ratio,ratio_lo,"
          "ratio_hi,significant,checksum_same,seed,reps\n",
          f);
    for (size_t k = 0; k < r->nrows; k++) {
        const compareRow *w = &r->rows[k];
        const summaryKey *key = &r->cells[w->cell].group[w->base]->key;
        const char *strs[] = {key->workload, key->params};
        for (size_t j = 0; j < 2; j++) {
            if (j) fputc(',', f);
            csvWriteField(f, strs[j]);
        }
        if (key->width > 0) fprintf(f, ",%d", key->width);
        else fputc(',', f);
        const char *more[] = {key->wait,      key->condition, key->load,
                              key->stressors, key->copy,      compareMetricName(w->metric)};
        for (size_t j = 0; j < 6; j++) {
            fputc(',', f);
            csvWriteField(f, more[j]);
        }
        fprintf(f, ",%zu,%zu,", w->base + 1, w->input + 1);
        csvWriteField(f, r->in[w->base].label);
        fputc(',', f);
        csvWriteField(f, r->in[w->input].label);
        comparedocNum(f, w->base_ms);
        comparedocNum(f, w->ms);
        fprintf(f, ",%zu,%zu,%zu,%zu", w->base_procs, w->procs, w->base_n, w->n);
        comparedocNum(f, w->ratio);
        comparedocNum(f, w->lo);
        comparedocNum(f, w->hi);
        fprintf(f, ",%s,%s,%llu,%d\n",
                isnan(w->lo)     ? ""
                : w->significant ? "yes"
                                 : "no",
                comparedocSums[w->sums_same + 1], (unsigned long long)r->seed, COMPARE_REPS);
    }
    return ferror(f) ? -1 : 0;
}

/* --- the documents ------------------------------------------------------------------- */

static void comparedocInputs(const compareResult *r, const docFmt *fmt, FILE *f) {
    fmt->section(f, "inputs", "Inputs");
    static const char *const head[] = {"input", "label", "results directory", "machine",
                                       "coldload version"};
    static const docTable t = {NULL, head, 5, "lllll"};
    fmt->table(f, &t);
    for (size_t i = 0; i < r->nin; i++) {
        const compareInput *in = &r->in[i];
        const char *rev = metaGet(&in->meta, "git_describe");
        if (!rev) rev = metaGet(&in->meta, "git_rev");
        char num[24];
        snprintf(num, sizeof num, "%zu", i + 1);
        const char *cells[] = {num, in->label, in->dir, in->machine, rev ? rev : "unknown"};
        fmt->row(f, &t, cells);
    }
    fmt->table_end(f, &t);
    fmt->section_end(f);
}

/* The report's two questions, one column per input: each input's verdict
 * and the figure that decides it, from its answer's data (compareRun). */
static void comparedocAnswers(const compareResult *r, const docFmt *fmt, FILE *f) {
    const char *cells[COMPARE_MAX_INPUTS + 1];
    char **ans = calloc(r->nin, sizeof *ans);
    if (!ans) return;
    fmt->section(f, "answers", "The report's questions, input by input");
    cells[0] = "question";
    for (size_t i = 0; i < r->nin; i++) cells[i + 1] = r->in[i].label;
    const docTable t = {NULL, cells, r->nin + 1, "lllllllll"};
    fmt->table(f, &t);
    for (int q = 0; q < ANSWER_QUESTIONS && r->answers; q++) {
        const char *row[COMPARE_MAX_INPUTS + 1];
        row[0] = answerQuestion(q);
        for (size_t i = 0; i < r->nin; i++) {
            free(ans[i]);
            ans[i] = answerdocLead(&r->answers[i * ANSWER_QUESTIONS + q]);
            row[i + 1] = ans[i] ? ans[i] : "";
        }
        fmt->row(f, &t, row);
    }
    for (size_t i = 0; i < r->nin; i++) free(ans[i]);
    fmt->table_end(f, &t);
    free(ans);
    fmt->section_end(f);
}

static void comparedocFindings(const compareResult *r, const docFmt *fmt, FILE *f) {
    fmt->section(f, "findings", "Findings");
    size_t count[VERDICT_ERROR + 1] = {0};
    for (size_t i = 0; i < r->nf; i++) count[r->f[i].level]++;
    char buf[512];
    snprintf(buf, sizeof buf, "%zu error(s), %zu warning(s), %zu note(s), %zu ok; worst first.",
             count[VERDICT_ERROR], count[VERDICT_WARN], count[VERDICT_NOTE], count[VERDICT_OK]);
    fmt->para(f, buf);
    static const char *const head[] = {"finding", "subject", "figures"};
    static const docTable t = {"verdicts", head, 3, "lll"};
    fmt->table(f, &t);
    for (size_t i = 0; i < r->nf; i++) {
        const char *lv = verdictLevelName(r->f[i].level);
        char what[128];
        snprintf(what, sizeof what, "%s %s", lv, r->f[i].id);
        const docCell c[3] = {
            {what, 1, "lvl", 1}, {r->f[i].subject, 1, NULL, 0}, {r->f[i].finding, 1, "text", 0}};
        fmt->row_cells(f, &t, c, 3, lv, r->f[i].id);
    }
    fmt->table_end(f, &t);
    fmt->section_end(f);
}

static void comparedocRows(const compareResult *r, const docFmt *fmt, FILE *f) {
    fmt->section(f, "cells", "Every compared figure");
    if (r->nrows == 0) {
        fmt->para(f, "None: no cell is in two inputs with the same figure measured (the findings "
                     "name the cells only one input has), so there is no figure to compare and "
                     "no chart.");
        fmt->section_end(f);
        return;
    }
    char buf[1024];
    snprintf(buf, sizeof buf,
             "Per cell both inputs have, and figure: steady (the median of the process medians "
             "of the steady calls), first (the median first call over the processes), whole "
             "(the median whole-process wall time). Ratio: input over baseline (the first input "
             "that has the figure). Interval: bootstrap, %d resamples of the processes and, "
             "inside each, of its calls; seed %llu. Significant: the one rule of every "
             "difference coldload reports -- an exact rank test on the processes (one process, "
             "one observation) at 5%%, two-sided, which needs at least 4 processes a side (or 3 "
             "against 5), and a ratio beyond the drift floor below. "
             "Every column: compare.csv.",
             COMPARE_REPS, (unsigned long long)r->seed);
    fmt->para(f, buf);
    /* what separate runs can resolve: the drift each input carries */
    for (size_t i = 1; i < r->nin && i < COMPARE_MAX_INPUTS; i++) {
        if (isnan(r->drift[i])) continue;
        snprintf(buf, sizeof buf,
                 "%s against %s were measured at different times: the machine's drift between "
                 "them lands on every cell of one side, and nothing inside either run can see it. "
                 "%s: no difference below %.1f%% is called one here (the spread of the %zu "
                 "ratios they share, median and 3 robust standard deviations%s). A smaller "
                 "change, or one of every cell alike, needs both sides measured in one job, "
                 "their runs interleaved.",
                 r->in[i].label, r->in[0].label,
                 r->drift_rows[i] >= COMPARE_DRIFT_MIN_ROWS ? "Estimated from their rows"
                                                            : "Too few rows to estimate it",
                 100 * r->drift[i], r->drift_rows[i],
                 r->drift_rows[i] >= COMPARE_DRIFT_MIN_ROWS ? "" : "; the default floor");
        fmt->para(f, buf);
    }
    static const char *const head[] = {"cell", "figure", "baseline",     "ms",          "input",
                                       "ms",   "ratio",  "95% interval", "significant", "checksum"};
    static const docTable t = {NULL, head, 10, "lllrlrrrll"};
    fmt->table(f, &t);
    for (size_t k = 0; k < r->nrows; k++) {
        const compareRow *w = &r->rows[k];
        char bms[32], ms[32], ratio[32] = "-", ivl[64] = "-";
        summaryFmtMs(w->base_ms, bms, sizeof bms);
        summaryFmtMs(w->ms, ms, sizeof ms);
        if (!isnan(w->ratio)) snprintf(ratio, sizeof ratio, "%.3gx", w->ratio);
        if (!isnan(w->lo)) snprintf(ivl, sizeof ivl, "[%.3g, %.3g]", w->lo, w->hi);
        const char *text[] = {r->cells[w->cell].name,
                              compareMetricName(w->metric),
                              r->in[w->base].label,
                              bms,
                              r->in[w->input].label,
                              ms,
                              ratio,
                              ivl,
                              isnan(w->lo)     ? "-"
                              : w->significant ? "yes"
                                               : "no",
                              w->sums_same < 0 ? "-"
                              : w->sums_same   ? "same"
                                               : "CHANGED"};
        docCell c[10];
        for (int j = 0; j < 10; j++) c[j] = (docCell){text[j], 1, NULL, 0};
        fmt->row_cells(f, &t, c, 10, w->significant ? "sig" : NULL, NULL);
    }
    fmt->table_end(f, &t);
    fmt->section_end(f);
}

static const char comparedocChartWhy[] =
    "Per compared cell, one dot per process of each input (its median steady call; one dot "
    "per run for whole-process cold starts), the input's median as a short line; log scale: "
    "a 2x change is the same height everywhere.";

/* The sections of the page, in order, each written once through a format. */
static void comparedocChartSection(const compareResult *r, const docFmt *fmt, FILE *f) {
    (void)r;
    static const docFigure g = {
        "chart-compare",     "One dot per process and input",
        "plots/compare.svg", "plots/compare.png",
        comparedocChartWhy,  {{"PNG", "plots/compare.png"}, {"data", "plots/compare.dat"}}};
    fmt->section(f, "charts", "Chart");
    fmt->figure(f, &g);
    fmt->section_end(f);
}

int comparedocWrite(const compareResult *r, int chart, const docFmt *fmt, FILE *f) {
    static void (*const sections[])(const compareResult *, const docFmt *, FILE *) = {
        comparedocAnswers, comparedocFindings, comparedocChartSection, comparedocInputs,
        comparedocRows};
    fmt->begin(f, "coldload comparison", "coldload comparison");
    for (size_t i = 0; i < sizeof sections / sizeof sections[0]; i++)
        if (chart || sections[i] != comparedocChartSection) sections[i](r, fmt, f);
    fmt->end(f);
    return ferror(f) ? -1 : 0;
}


/* --- the chart's data ------------------------------------------------------------------- */

/* A data-file string: double-quoted, no quote or control character inside. */
static void comparedocDatString(FILE *f, const char *s) {
    fputc('"', f);
    for (; *s; s++) fputc(*s == '"' || (unsigned char)*s < 0x20 ? '\'' : *s, f);
    fputc('"', f);
}

/* The x tick of a cell: workload, width, condition and load, and the copy
 * when it is not the ordinary one. */
static void comparedocTick(const summaryGroup *g, char *buf, size_t len) {
    const summaryKey *k = &g->key;
    size_t o = 0;
    buf[0] = '\0';
    summaryCat(buf, len, &o, "%s", k->workload[0] ? k->workload : "program");
    if (strcmp(k->workload, "trg") == 0 && k->params[0])
        summaryCat(buf, len, &o, " %.8s", k->params);
    if (k->width > 0) summaryCat(buf, len, &o, " w%d", k->width);
    if (!summaryIsIdle(g)) summaryCat(buf, len, &o, " %s", k->load[0] ? k->load : k->condition);
    if (k->copy[0] && strcmp(k->copy, "inplace") != 0) summaryCat(buf, len, &o, " %s", k->copy);
}

/* The row drawn for a cell: steady where there is one, else whole, else
 * first -- but a cold start is about the new process: whole first there. */
static const compareRow *comparedocPrimary(const compareResult *r, size_t cell) {
    static const compareMetric warm[] = {COMPARE_STEADY, COMPARE_WHOLE, COMPARE_FIRST};
    static const compareMetric cold[] = {COMPARE_WHOLE, COMPARE_FIRST, COMPARE_STEADY};
    const summaryGroup *g = NULL;
    for (size_t i = 0; i < r->nin && !g; i++) g = r->cells[cell].group[i];
    const compareMetric *order = g && g->harness && strcmp(g->harness, "cold") == 0 ? cold : warm;
    for (size_t m = 0; m < 3; m++)
        for (size_t k = 0; k < r->nrows; k++)
            if (r->rows[k].cell == cell && r->rows[k].metric == order[m]) return &r->rows[k];
    return NULL;
}

/* Dots of input i in cell c for metric m at x: one per process median (or
 * run); bound 1 when a process's steady median is only a lower bound (it
 * was stopped before it ended: the chart draws it as "at least"). */
static void comparedocDots(const summaryGroup *g, compareMetric m, double x, size_t i, FILE *f) {
    const summaryVec *w = g->v_whole_hf.n ? &g->v_whole_hf : &g->v_whole_time;
    if (m == COMPARE_WHOLE)
        for (size_t k = 0; k < w->n; k++) fprintf(f, "%.4f %zu %.6g 0\n", x, i + 1, w->x[k]);
    for (size_t k = 0; m != COMPARE_WHOLE && k < g->nproc; k++) {
        const summaryProc *p = &g->proc[k];
        double v = m == COMPARE_STEADY ? p->median_ms : p->first_ms;
        int bound = m == COMPARE_STEADY && p->median_bound;
        if (!isnan(v)) fprintf(f, "%.4f %zu %.6g %d\n", x, i + 1, v, bound);
    }
}

long comparedocChart(const compareResult *r, const char *dir, char *err, size_t errlen) {
    char path[4200];
    atomicFile a; /* a temporary file renamed into place: never through a planted link */
    snprintf(path, sizeof path, "%s/compare.dat", dir);
    if (atomicOpen(&a, path) != 0) {
        snprintf(err, errlen, "%s: %s", path, a.why);
        return -1;
    }
    FILE *f = a.f;
    /* each block's first line names its columns (no '#'): compare.gp reads
     * them by name; dots: one per process or run, bound 1 a lower bound */
    fputs("x input ms bound\n", f);
    long n = 0;
    double step = 0.7 / (double)r->nin;
    for (size_t c = 0; c < r->ncells; c++) {
        const compareRow *w = comparedocPrimary(r, c);
        if (!w) continue;
        for (size_t i = 0; i < r->nin; i++)
            if (r->cells[c].group[i])
                comparedocDots(r->cells[c].group[i], w->metric,
                               (double)n + ((double)i - (double)(r->nin - 1) / 2) * step, i, f);
        n++;
    }
    fputs("\n\nx tick\n", f);
    n = 0;
    for (size_t c = 0; c < r->ncells; c++) {
        const compareRow *w = comparedocPrimary(r, c);
        if (!w) continue;
        char tick[256];
        comparedocTick(r->cells[c].group[w->base], tick, sizeof tick);
        fprintf(f, "%ld ", n++);
        comparedocDatString(f, tick);
        fputc('\n', f);
    }
    fputs("\n\nx input ms\n", f);
    n = 0;
    for (size_t c = 0; c < r->ncells; c++) {
        const compareRow *w = comparedocPrimary(r, c);
        if (!w) continue;
        for (size_t k = 0; k < r->nrows; k++) {
            const compareRow *v = &r->rows[k];
            if (v->cell != c || v->metric != w->metric) continue;
            size_t side[2] = {v->base, v->input};
            double ms[2] = {v->base_ms, v->ms};
            for (int s = v->input == w->input ? 0 : 1; s < 2; s++)
                fprintf(f, "%.4f %zu %.6g\n",
                        (double)n + ((double)side[s] - (double)(r->nin - 1) / 2) * step,
                        side[s] + 1, ms[s]);
        }
        n++;
    }
    int rc = ferror(f) ? (atomicAbort(&a), -1) : atomicCommit(&a);
    if (rc != 0) {
        snprintf(err, errlen, "%s: write failed", path);
        return -1;
    }
    snprintf(path, sizeof path, "%s/compare_labels.gp", dir);
    if (atomicOpen(&a, path) != 0) {
        snprintf(err, errlen, "%s: %s", path, a.why);
        return -1;
    }
    f = a.f;
    fprintf(f,
            "# compare_labels.gp -- written by coldload-compare\nn_cells = %ld\n"
            "n_inputs = %zu\nbar_width = %.4f\narray input_name[%zu]\n",
            n, r->nin, step, r->nin);
    for (size_t i = 0; i < r->nin; i++) {
        fprintf(f, "input_name[%zu] = ", i + 1);
        docGnuplotString(f, r->in[i].label);
        fputc('\n', f);
    }
    if (ferror(f) ? (atomicAbort(&a), -1) : atomicCommit(&a)) {
        snprintf(err, errlen, "%s: write failed", path);
        return -1;
    }
    return n;
}
