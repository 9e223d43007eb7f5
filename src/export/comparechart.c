/* comparechart.c -- a comparison's chart data: plots/compare.dat and
 * plots/compare_labels.gp, read by plots/compare.gp (see comparechart.h). */
#include "export/comparechart.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "common/atomicfile.h"
#include "common/text.h"
#include "export/export.h"

/* A data-file string: double-quoted, no quote or control character inside. */
static void comparechartString(FILE *f, const char *s) {
    fputc('"', f);
    for (; *s; s++) fputc(*s == '"' || (unsigned char)*s < 0x20 ? '\'' : *s, f);
    fputc('"', f);
}

/* The x tick of a cell: workload, width, condition and load, and the copy
 * when it is not the ordinary one. */
static void comparechartTick(const summaryGroup *g, char *buf, size_t len) {
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
static const compareRow *comparechartPrimary(const compareResult *r, size_t cell) {
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
static void comparechartDots(const summaryGroup *g, compareMetric m, double x, size_t i, FILE *f) {
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

long comparechartWrite(const compareResult *r, const char *dir, char *err, size_t errlen) {
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
        const compareRow *w = comparechartPrimary(r, c);
        if (!w) continue;
        for (size_t i = 0; i < r->nin; i++)
            if (r->cells[c].group[i])
                comparechartDots(r->cells[c].group[i], w->metric,
                                 (double)n + ((double)i - (double)(r->nin - 1) / 2) * step, i, f);
        n++;
    }
    fputs("\n\nx tick\n", f);
    n = 0;
    for (size_t c = 0; c < r->ncells; c++) {
        const compareRow *w = comparechartPrimary(r, c);
        if (!w) continue;
        char tick[256];
        comparechartTick(r->cells[c].group[w->base], tick, sizeof tick);
        fprintf(f, "%ld ", n++);
        comparechartString(f, tick);
        fputc('\n', f);
    }
    fputs("\n\nx input ms\n", f);
    n = 0;
    for (size_t c = 0; c < r->ncells; c++) {
        const compareRow *w = comparechartPrimary(r, c);
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
        textGnuplotString(f, r->in[i].label);
        fputc('\n', f);
    }
    if (ferror(f) ? (atomicAbort(&a), -1) : atomicCommit(&a)) {
        snprintf(err, errlen, "%s: write failed", path);
        return -1;
    }
    return n;
}

/* Compare's chart's exportFn: into the directory path (plots/); nothing to
 * draw leaves no chart data either (an older one removed: compare.sh draws
 * what there is). The cells it shows into *in->cells. */
int exportCompareChart(const exportInput *in, const char *path, char *err, size_t errlen) {
    long cells = comparechartWrite(in->cmp, path, err, errlen);
    if (cells < 0) return -1;
    if (cells == 0) {
        char p[4300];
        snprintf(p, sizeof p, "%s/compare.dat", path);
        unlink(p);
        snprintf(p, sizeof p, "%s/compare_labels.gp", path);
        unlink(p);
    }
    if (in->cells) *in->cells = cells;
    return 0;
}
