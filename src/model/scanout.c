/* scanout.c -- what coldload-scan writes from the scan's cells (see
 * scan.h): the heatmap and wait-policy tables and chart data, the counts,
 * the recommendation and verdict.txt. Apart from scan.c, which reads the
 * cells, because these only lay out figures already checked. */
#include "model/scan.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/stats.h"

static int scanIsAuto(const char *w) { return strncmp(w, "auto", 4) == 0; }

/* Width labels in heatmap order: numbers ascending, auto forms last. */
static int scanWidthCmp(const void *a, const void *b) {
    const char *x = *(const char *const *)a, *y = *(const char *const *)b;
    int ax = scanIsAuto(x), ay = scanIsAuto(y);
    if (ax != ay) return ax - ay;
    if (ax) return strcmp(x, y);
    long lx = strtol(x, NULL, 10), ly = strtol(y, NULL, 10);
    return (lx > ly) - (lx < ly);
}

static int scanIntCmp(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The distinct widths and load levels of scan `scan`, workload w (NULL: any),
 * sorted. Pointers into d; free *widths and *levels. -1: out of memory. */
static int scanAxes(const scanData *d, const char *scan, const char *w, const char ***widths,
                    size_t *nw, int **levels, size_t *nl) {
    *widths = malloc((d->n + 1) * sizeof **widths);
    *levels = malloc((d->n + 1) * sizeof **levels);
    *nw = *nl = 0;
    if (!*widths || !*levels) {
        free(*widths);
        free(*levels);
        return -1;
    }
    for (size_t i = 0; i < d->n; i++) {
        const scanCell *c = &d->cells[i];
        if (strcmp(c->scan, scan) || (w && strcmp(c->workload, w))) continue;
        size_t k;
        for (k = 0; k < *nw && strcmp((*widths)[k], c->width); k++) {}
        if (k == *nw) (*widths)[(*nw)++] = c->width;
        for (k = 0; k < *nl && (*levels)[k] != c->stressors; k++) {}
        if (k == *nl) (*levels)[(*nl)++] = c->stressors;
    }
    qsort(*widths, *nw, sizeof **widths, scanWidthCmp);
    qsort(*levels, *nl, sizeof **levels, scanIntCmp);
    return 0;
}

/* The distinct workloads of a scan, in first-seen order (pointers into d). */
static size_t scanWorkloads(const scanData *d, const char *scan, const char **out, size_t max) {
    size_t n = 0;
    for (size_t i = 0; i < d->n; i++) {
        if (strcmp(d->cells[i].scan, scan)) continue;
        size_t k;
        for (k = 0; k < n && strcmp(out[k], d->cells[i].workload); k++) {}
        if (k == n && n < max) out[n++] = d->cells[i].workload;
    }
    return n;
}

static int scanCut(const scanCell *c) { return c->cut_budget + c->cut_watchdog + c->skipped; }

int scanWriteHeatmapCsv(const scanData *d, FILE *f) {
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

static void scanRatioText(char *buf, size_t n, double r, int bound) {
    const char *pre = bound ? ">" : "";
    if (r != r) snprintf(buf, n, "no data");
    else if (r >= 10) snprintf(buf, n, "%s%.0fx", pre, r);
    else snprintf(buf, n, "%s%.2gx", pre, r);
}

int scanWriteHeatmapDat(const scanData *d, const char *w, FILE *f) {
    const char **widths;
    int *levels;
    size_t nw, nl;
    if (scanAxes(d, "load", w, &widths, &nw, &levels, &nl) != 0) return -1;
    double ref = scanHeatRef(d, w);
    fprintf(f, "# heatmap of %s: slowdown = cell median / idle width 1 (%.6g ms)\n", w, ref);
    fprintf(f, "# x y slowdown \"ratio label\" \"procs label\" \"xtic\"\n");
    for (size_t y = 0; y < nl; y++) {
        for (size_t x = 0; x < nw; x++) {
            const scanCell *c = scanFind(d, "load", w, levels[y] ? "pinned" : "none", levels[y],
                                         "block", widths[x]);
            int bound = 0;
            double s = c ? scanSlowdown(c, ref, &bound) : NAN;
            char ratio[32], procs[48];
            scanRatioText(ratio, sizeof ratio, s, bound);
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

/* The wait scan's idle twin of a cell: same policy, same width. */
static double scanWaitRef(const scanData *d, const scanCell *c) {
    const scanCell *i = scanFind(d, "wait", c->workload, "none", 0, c->wait, c->width);
    return i ? i->median : NAN;
}

int scanWriteWaitCsv(const scanData *d, FILE *f) {
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

static const char *const scanLoads[] = {"none", "pinned", "free"};
static const char *const scanPolicies[] = {"spin", "yield", "block"};

int scanWriteWaitDat(const scanData *d, const char *w, FILE *f) {
    const char **widths;
    int *levels;
    size_t nw, nl;
    if (scanAxes(d, "wait", w, &widths, &nw, &levels, &nl) != 0) return -1;
    fprintf(f,
            "# wait policy of %s: one block per (load, policy): width median_ms (NaN: no data)\n",
            w);
    int block = 0;
    for (size_t l = 0; l < 3; l++)
        for (size_t p = 0; p < 3; p++) {
            if (block++) fprintf(f, "\n\n");
            fprintf(f, "\"%s %s\"\n", scanLoads[l][0] == 'n' ? "idle" : scanLoads[l],
                    scanPolicies[p]);
            for (size_t x = 0; x < nw; x++) {
                const scanCell *c = NULL;
                for (size_t i = 0; i < d->n && !c; i++) {
                    const scanCell *k = &d->cells[i];
                    if (!strcmp(k->scan, "wait") && !strcmp(k->workload, w) &&
                        !strcmp(k->load, scanLoads[l]) && !strcmp(k->wait, scanPolicies[p]) &&
                        !strcmp(k->width, widths[x]))
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

/* loaded / idle of the wait cell (w, load, stressors, policy, width); NaN
 * unless both have a median. */
static double scanWaitRatio(const scanData *d, const scanCell *like, const char *policy) {
    const scanCell *c =
        scanFind(d, "wait", like->workload, like->load, like->stressors, policy, like->width);
    if (!c || !c->nmeds) return NAN;
    double ref = scanWaitRef(d, c);
    return ref > 0 ? c->median / ref : NAN;
}

/* Geometric mean of loaded / idle (same policy and width) for `policy` over
 * the loaded (load, width) settings of workload w where all three policies
 * have data on both sides: a paired comparison, so a policy is not judged
 * on cells the others lack. n gets their count. */
static double scanDegrade(const scanData *d, const char *w, const char *policy, int *n) {
    double logsum = 0;
    *n = 0;
    for (size_t i = 0; i < d->n; i++) {
        const scanCell *c = &d->cells[i];
        if (strcmp(c->scan, "wait") || strcmp(c->workload, w) || strcmp(c->wait, policy) ||
            !strcmp(c->load, "none"))
            continue;
        int all = 1;
        for (size_t p = 0; p < 3; p++) all = all && scanWaitRatio(d, c, scanPolicies[p]) > 0;
        if (!all) continue;
        logsum += log(scanWaitRatio(d, c, policy));
        (*n)++;
    }
    return *n ? exp(logsum / *n) : NAN;
}

/* The fastest fixed width of a load level (NULL: none has data) and its
 * auto cell (NULL: none). */
static const scanCell *scanBest(const scanData *d, const char *w, int level, const char **widths,
                                size_t nw, const scanCell **aut) {
    const scanCell *best = NULL;
    *aut = NULL;
    for (size_t x = 0; x < nw; x++) {
        const scanCell *c =
            scanFind(d, "load", w, level ? "pinned" : "none", level, "block", widths[x]);
        if (!c || !c->nmeds) continue;
        if (scanIsAuto(c->width)) *aut = c;
        else if (!best || c->median < best->median) best = c;
    }
    return best;
}

int scanRecommend(const scanData *d, scanRec **rec, size_t *n) {
    const char *wls[8];
    size_t nwl = scanWorkloads(d, "load", wls, 8);
    *rec = NULL;
    *n = 0;
    for (size_t k = 0; k < nwl; k++) {
        const char **widths;
        int *levels;
        size_t nw, nl;
        if (scanAxes(d, "load", wls[k], &widths, &nw, &levels, &nl) != 0) return -1;
        scanRec *nr = realloc(*rec, (*n + nl + 1) * sizeof *nr);
        if (nr) *rec = nr;
        for (size_t y = 0; nr && y < nl; y++) {
            const scanCell *aut, *best = scanBest(d, wls[k], levels[y], widths, nw, &aut);
            scanRec *r = &(*rec)[(*n)++];
            snprintf(r->workload, sizeof r->workload, "%s", wls[k]);
            snprintf(r->width, sizeof r->width, "%s", best ? best->width : "");
            r->load_workers = levels[y];
        }
        free(widths);
        free(levels);
        if (!nr) return -1;
    }
    return 0;
}

scanCounts scanCount(const scanData *d) {
    scanCounts c = {.cells = (long)d->n, .cpus = d->cpus};
    for (size_t i = 0; i < d->n; i++) {
        c.cut_budget += d->cells[i].cut_budget;
        c.cut_watchdog += d->cells[i].cut_watchdog;
        c.skipped += d->cells[i].skipped;
        c.cut_cells += scanCut(&d->cells[i]) > 0;
    }
    return c;
}

static void scanVerdictHeat(const scanData *d, FILE *f) {
    const char *wls[8];
    size_t nwl = scanWorkloads(d, "load", wls, 8), nrec;
    scanRec *rec;
    if (!nwl) {
        fprintf(f, "load x width: not scanned\n");
        return;
    }
    if (scanRecommend(d, &rec, &nrec) != 0) return;
    fprintf(
        f, "load x width (pinned load workers; block policy; slowdown = median / idle width 1):\n");
    for (size_t k = 0; k < nwl; k++) {
        const char **widths;
        int *levels;
        size_t nw, nl;
        if (scanAxes(d, "load", wls[k], &widths, &nw, &levels, &nl) != 0) break;
        double ref = scanHeatRef(d, wls[k]);
        for (size_t y = 0; y < nl; y++) {
            const scanCell *aut, *best = scanBest(d, wls[k], levels[y], widths, nw, &aut);
            fprintf(f, "  %s, %d load worker%s: ", wls[k], levels[y], levels[y] == 1 ? "" : "s");
            if (!best) {
                fprintf(f, "no width has data\n");
                continue;
            }
            fprintf(f, "best width %s (%.4g ms", best->width, best->median);
            if (ref > 0) fprintf(f, ", %.3gx idle width 1", best->median / ref);
            fprintf(f, "; %zu procs%s)", best->nmeds, scanCut(best) ? ", cut" : "");
            if (aut) {
                char chose[32];
                if (aut->wmin == aut->wmax) snprintf(chose, sizeof chose, "%d", aut->wmin);
                else snprintf(chose, sizeof chose, "%d..%d", aut->wmin, aut->wmax);
                fprintf(f, "; %s chose %s: %.4g ms, %.3gx the best", aut->width, chose, aut->median,
                        aut->median / best->median);
            }
            fprintf(f, "\n");
        }
        /* The width to use at each load level (recommendation.tsv as data). */
        fputs("  recommendation, ", f);
        scanrecLine(rec, nrec, wls[k], f);
        fputc('\n', f);
        free(widths);
        free(levels);
    }
    free(rec);
}

static void scanVerdictWait(const scanData *d, FILE *f) {
    const char *wls[8];
    size_t nwl = scanWorkloads(d, "wait", wls, 8);
    if (!nwl) {
        fprintf(f, "wait policy: not scanned\n");
        return;
    }
    fprintf(
        f,
        "wait policy (loaded / idle, same policy and width; geometric mean over loaded cells):\n");
    for (size_t k = 0; k < nwl; k++) {
        const char *bestp = NULL;
        double bestg = INFINITY;
        fprintf(f, "  %s:", wls[k]);
        for (size_t p = 0; p < 3; p++) {
            int n;
            double g = scanDegrade(d, wls[k], scanPolicies[p], &n);
            if (g == g) fprintf(f, " %s %.3gx (%d cells)", scanPolicies[p], g, n);
            else fprintf(f, " %s no data", scanPolicies[p]);
            if (g == g && g < bestg) bestg = g, bestp = scanPolicies[p];
        }
        fprintf(f, "; degrades least: %s\n", bestp ? bestp : "none");
        /* Spin past the free CPUs: width >= 2 and above cpus - stressors. */
        double worst = -INFINITY, sum = 0;
        int n = 0;
        const scanCell *wc = NULL;
        for (size_t i = 0; i < d->n; i++) {
            const scanCell *s = &d->cells[i];
            if (strcmp(s->scan, "wait") || strcmp(s->workload, wls[k]) || strcmp(s->wait, "spin") ||
                !s->nmeds)
                continue;
            long width = strtol(s->width, NULL, 10);
            if (width < 2 || width <= d->cpus - s->stressors) continue;
            const scanCell *b =
                scanFind(d, "wait", s->workload, s->load, s->stressors, "block", s->width);
            if (!b || !b->nmeds) continue;
            double extra = s->median - b->median;
            sum += extra;
            n++;
            if (extra > worst) worst = extra, wc = s;
        }
        if (n)
            fprintf(f,
                    "  %s: spin where the width exceeds the free CPUs costs %+.4g ms a call over "
                    "block (mean of %d cells; worst %s load, width %s: %.4g ms vs %.4g)\n",
                    wls[k], sum / n, n, wc->load[0] == 'n' ? "no" : wc->load, wc->width, wc->median,
                    scanFind(d, "wait", wc->workload, wc->load, wc->stressors, "block", wc->width)
                        ->median);
        else fprintf(f, "  %s: spin past the free CPUs: no cell with data on both sides\n", wls[k]);
    }
}

int scanWriteVerdict(const scanData *d, FILE *f) {
    scanCounts c = scanCount(d);
    fputs("scan: ", f);
    scanrecCountsText(&c, f);
    fputc('\n', f);
    scanVerdictHeat(d, f);
    scanVerdictWait(d, f);
    return ferror(f) ? -1 : 0;
}
