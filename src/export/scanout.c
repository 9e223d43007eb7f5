/* scanout.c -- the scan's tables and chart data that coldload-scan writes
 * into scan/ from the cells (model/scan.h): heatmap.csv and heatmap-W.dat
 * (the load scan), wait.csv and wait-W.dat (the wait scan). They lay out
 * figures already read and checked; the judging (recommendation, verdict.txt)
 * is verdict/scanverdict's. */
#include "export/scanout.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int scanoutHeatmapCsv(const scanData *d, FILE *f) {
    fprintf(f, "workload,stressors,width_requested,widths_chosen,procs,cut_budget,cut_watchdog,"
               "skipped,median_ms,slowdown_vs_idle_width1,slowdown_is_lower_bound\n");
    for (size_t i = 0; i < d->n; i++) {
        const scanCell *c = &d->cells[i];
        if (strcmp(c->scan, "load")) continue;
        int bound;
        double s = scanSlowdown(c, scanHeatRef(d, c->workload), &bound);
        fprintf(f, "%s,%d,%s,", c->workload, c->stressors, c->width);
        if (c->wmin) fprintf(f, c->wmin == c->wmax ? "%d" : "%d..%d", c->wmin, c->wmax);
        fprintf(f, ",%zu,%d,%d,%d,", c->nmeds, c->cut_budget, c->cut_watchdog, c->skipped);
        if (c->nmeds) fprintf(f, "%.6f", c->median);
        fprintf(f, ",");
        if (s == s) fprintf(f, "%.4f", s);
        fprintf(f, ",%d\n", bound);
    }
    return ferror(f) ? -1 : 0;
}

static void scanoutRatioText(char *buf, size_t n, double r, int bound) {
    const char *pre = bound ? ">" : "";
    if (r != r) snprintf(buf, n, "no data");
    else if (r >= 10) snprintf(buf, n, "%s%.0fx", pre, r);
    else snprintf(buf, n, "%s%.2gx", pre, r);
}

int scanoutHeatmapDat(const scanData *d, const char *w, FILE *f) {
    const char **widths;
    int *levels;
    size_t nw, nl;
    if (scanAxes(d, "load", w, &widths, &nw, &levels, &nl) != 0) return -1;
    double ref = scanHeatRef(d, w);
    fprintf(f, "# heatmap of %s: slowdown = cell median / idle width 1 (%.6g ms)\n", w, ref);
    /* the column names, read by plots/scan_heatmap.gp (no '#'): the cell's
     * place (x: the width's rank, workers: pinned load workers), its
     * slowdown, its two labels and the width it ran at (the x tick) */
    fprintf(f, "x workers slowdown slowdown_label procs_label width\n");
    for (size_t y = 0; y < nl; y++) {
        for (size_t x = 0; x < nw; x++) {
            const scanCell *c = scanFind(d, "load", w, levels[y] ? "pinned" : "none", levels[y],
                                         "block", widths[x]);
            int bound = 0;
            double s = c ? scanSlowdown(c, ref, &bound) : NAN;
            char ratio[32], procs[48];
            scanoutRatioText(ratio, sizeof ratio, s, bound);
            if (!c) snprintf(procs, sizeof procs, "not run");
            else if (scanCut(c))
                snprintf(procs, sizeof procs, "%zup, %d cut", c->nmeds, scanCut(c));
            else snprintf(procs, sizeof procs, "%zup", c->nmeds);
            if (s == s)
                fprintf(f, "%zu %d %.6g \"%s\" \"%s\" \"%s\"\n", x, levels[y], s, ratio, procs,
                        widths[x]);
            else
                fprintf(f, "%zu %d NaN \"%s\" \"%s\" \"%s\"\n", x, levels[y], ratio, procs,
                        widths[x]);
        }
    }
    free(widths);
    free(levels);
    return ferror(f) ? -1 : 0;
}

int scanoutWaitCsv(const scanData *d, FILE *f) {
    fprintf(f, "workload,load,stressors,wait,width,procs,cut_budget,cut_watchdog,skipped,"
               "median_ms,vs_idle_same_setting,vs_is_lower_bound\n");
    for (size_t i = 0; i < d->n; i++) {
        const scanCell *c = &d->cells[i];
        if (strcmp(c->scan, "wait")) continue;
        int bound;
        double s = scanSlowdown(c, scanWaitRef(d, c), &bound);
        fprintf(f, "%s,%s,%d,%s,%s,%zu,%d,%d,%d,", c->workload, c->load, c->stressors, c->wait,
                c->width, c->nmeds, c->cut_budget, c->cut_watchdog, c->skipped);
        if (c->nmeds) fprintf(f, "%.6f", c->median);
        fprintf(f, ",");
        if (s == s) fprintf(f, "%.4f", s);
        fprintf(f, ",%d\n", bound);
    }
    return ferror(f) ? -1 : 0;
}

int scanoutWaitDat(const scanData *d, const char *w, FILE *f) {
    const char **widths;
    int *levels;
    size_t nw, nl;
    if (scanAxes(d, "wait", w, &widths, &nw, &levels, &nl) != 0) return -1;
    fprintf(f,
            "# wait policy of %s: one block per (load, policy), idle pinned free x spin "
            "yield block, each its (load, policy) as a comment, then its column names "
            "(read by plots/scan_wait.gp) and a width a line (NaN: no data)\n",
            w);
    int block = 0;
    for (size_t l = 0; l < 3; l++)
        for (size_t p = 0; p < 3; p++) {
            if (block++) fprintf(f, "\n\n");
            fprintf(f, "# %s %s\nwidth median_ms\n",
                    scanLoadKinds[l][0] == 'n' ? "idle" : scanLoadKinds[l], scanWaitPolicies[p]);
            for (size_t x = 0; x < nw; x++) {
                const scanCell *c = NULL;
                for (size_t i = 0; i < d->n && !c; i++) {
                    const scanCell *k = &d->cells[i];
                    if (!strcmp(k->scan, "wait") && !strcmp(k->workload, w) &&
                        !strcmp(k->load, scanLoadKinds[l]) &&
                        !strcmp(k->wait, scanWaitPolicies[p]) && !strcmp(k->width, widths[x]))
                        c = k;
                }
                if (c && c->nmeds) fprintf(f, "%s %.6g\n", widths[x], c->median);
                else fprintf(f, "%s NaN\n", widths[x]);
            }
        }
    free(widths);
    free(levels);
    return ferror(f) ? -1 : 0;
}
