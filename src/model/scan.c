/* scan.c -- the scan's cells from samples.csv and scan-cells.csv, and the
 * heatmap, wait-policy and verdict outputs (see scan.h). */
#include "model/scan.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/stats.h"
#include "model/csvread.h"

/* One process's steady calls (rows are grouped by run_id). */
typedef struct scanProc {
    size_t cell;
    char run_id[48];
    double *ms;
    size_t n, cap;
    int truncated;
} scanProc;

typedef struct scanProcs {
    scanProc *p;
    size_t n, cap;
} scanProcs;

static int scanGrow(void **buf, size_t *cap, size_t need, size_t size) {
    if (need <= *cap) return 0;
    size_t c = *cap ? *cap * 2 : 16;
    while (c < need) c *= 2;
    void *b = realloc(*buf, c * size);
    if (!b) return -1;
    *buf = b;
    *cap = c;
    return 0;
}

static void scanCopy(char *dst, size_t n, const char *src) {
    snprintf(dst, n, "%s", src ? src : "");
}

const scanCell *scanFind(const scanData *d, const char *scan, const char *workload,
                         const char *load, int stressors, const char *wait, const char *width) {
    for (size_t i = 0; i < d->n; i++) {
        const scanCell *c = &d->cells[i];
        if (c->stressors == stressors && !strcmp(c->scan, scan) && !strcmp(c->workload, workload) &&
            !strcmp(c->load, load) && !strcmp(c->wait, wait) && !strcmp(c->width, width))
            return c;
    }
    return NULL;
}

/* The cell's index, created when new; (size_t)-1 when memory runs out. */
static size_t scanCellOf(scanData *d, const char *scan, const char *workload, const char *load,
                         int stressors, const char *wait, const char *width) {
    const scanCell *f = scanFind(d, scan, workload, load, stressors, wait, width);
    if (f) return (size_t)(f - d->cells);
    if (scanGrow((void **)&d->cells, &d->cap, d->n + 1, sizeof *d->cells) != 0) return (size_t)-1;
    scanCell *c = &d->cells[d->n];
    memset(c, 0, sizeof *c);
    scanCopy(c->scan, sizeof c->scan, scan);
    scanCopy(c->workload, sizeof c->workload, workload);
    scanCopy(c->load, sizeof c->load, load);
    scanCopy(c->wait, sizeof c->wait, wait);
    scanCopy(c->width, sizeof c->width, width);
    c->stressors = stressors;
    c->wmin = c->wmax = 0;
    c->median = NAN;
    return d->n++;
}

/* Column indexes by name; -1 when absent. */
static int scanCol(char **h, size_t n, const char *name) {
    for (size_t i = 0; i < n; i++)
        if (!strcmp(h[i], name)) return (int)i;
    return -1;
}

static const char *scanField(char **f, size_t n, int col) {
    return col >= 0 && (size_t)col < n ? f[col] : "";
}

static int scanAddMs(scanProc *p, double ms) {
    if (scanGrow((void **)&p->ms, &p->cap, p->n + 1, sizeof *p->ms) != 0) return -1;
    p->ms[p->n++] = ms;
    return 0;
}

/* The process of run_id in cell, created when new. NULL: out of memory. */
static scanProc *scanProcOf(scanProcs *ps, size_t cell, const char *run_id) {
    for (size_t i = ps->n; i-- > 0;) /* rows of one process come together: last first */
        if (ps->p[i].cell == cell && !strcmp(ps->p[i].run_id, run_id)) return &ps->p[i];
    if (scanGrow((void **)&ps->p, &ps->cap, ps->n + 1, sizeof *ps->p) != 0) return NULL;
    scanProc *p = &ps->p[ps->n++];
    memset(p, 0, sizeof *p);
    p->cell = cell;
    scanCopy(p->run_id, sizeof p->run_id, run_id);
    return p;
}

static int scanReadSamples(scanData *d, scanProcs *ps, const char *path, char *err, size_t errlen) {
    csvReader *r = csvReaderOpen(path, err, errlen);
    if (!r) return -1;
    char **f;
    size_t nf, nh = 0;
    char **h = NULL;
    int rc = -1, got;
    enum { RUN, HARN, WL, WAIT, PHASE, MS, TRUNC, WIDTH, WREQ, LOAD, STRESS, NCOL };
    static const char *names[NCOL] = {"run_id",          "harness", "workload",  "wait",
                                      "phase",           "ms",      "truncated", "width",
                                      "width_requested", "load",    "stressors"};
    int col[NCOL];
    if ((got = csvReaderNext(r, &f, &nf, err, errlen)) <= 0) {
        if (got == 0) snprintf(err, errlen, "%s: empty (no header)", path);
        goto out;
    }
    if (!(h = malloc(nf * sizeof *h))) goto oom;
    for (nh = 0; nh < nf; nh++)
        if (!(h[nh] = strdup(f[nh]))) goto oom;
    for (int i = 0; i < NCOL; i++) col[i] = scanCol(h, nh, names[i]);
    for (int i = 0; i < NCOL; i++)
        if (col[i] < 0 && i != WREQ && i != LOAD) {
            snprintf(err, errlen, "%s:1: no column '%s'", path, names[i]);
            goto out;
        }
    while ((got = csvReaderNext(r, &f, &nf, err, errlen)) > 0) {
        if (nf != nh) {
            snprintf(err, errlen, "%s:%zu: %zu fields, the header has %zu", path, csvReaderLine(r),
                     nf, nh);
            got = -1;
            break;
        }
        const char *harness = scanField(f, nf, col[HARN]);
        if (strncmp(harness, "scan-", 5) != 0) continue;
        if (strcmp(scanField(f, nf, col[PHASE]), "steady") != 0) continue;
        char *end;
        const char *mss = scanField(f, nf, col[MS]);
        double ms = strtod(mss, &end);
        long stress = strtol(scanField(f, nf, col[STRESS]), NULL, 10);
        long width = strtol(scanField(f, nf, col[WIDTH]), NULL, 10);
        if (end == mss || *end || !(ms >= 0) || width < 1) {
            snprintf(err, errlen, "%s:%zu: bad ms '%s' or width", path, csvReaderLine(r), mss);
            goto out;
        }
        const char *wreq = scanField(f, nf, col[WREQ]);
        if (!*wreq) wreq = scanField(f, nf, col[WIDTH]);
        const char *load =
            col[LOAD] >= 0 ? scanField(f, nf, col[LOAD]) : (stress ? "pinned" : "none");
        size_t ci = scanCellOf(d, harness + 5, scanField(f, nf, col[WL]), load, (int)stress,
                               scanField(f, nf, col[WAIT]), wreq);
        if (ci == (size_t)-1) goto oom;
        scanCell *c = &d->cells[ci];
        if (c->wmin == 0 || width < c->wmin) c->wmin = (int)width;
        if (width > c->wmax) c->wmax = (int)width;
        scanProc *p = scanProcOf(ps, ci, scanField(f, nf, col[RUN]));
        if (!p || scanAddMs(p, ms) != 0) goto oom;
        if (!strcmp(scanField(f, nf, col[TRUNC]), "1")) p->truncated = 1;
    }
    rc = got < 0 ? -1 : 0;
    goto out;
oom:
    snprintf(err, errlen, "%s: out of memory", path);
    rc = -1;
out:
    for (size_t i = 0; i < nh; i++) free(h[i]);
    free(h);
    csvReaderClose(r);
    return rc;
}

/* The ledger: watchdog-stopped and skipped processes, which may have left no
 * steady row at all. */
static int scanReadCells(scanData *d, const char *path, char *err, size_t errlen) {
    FILE *probe = fopen(path, "r");
    if (!probe) return 0; /* no ledger: the samples alone */
    fclose(probe);
    csvReader *r = csvReaderOpen(path, err, errlen);
    if (!r) return -1;
    char **f;
    size_t nf;
    int got = csvReaderNext(r, &f, &nf, err, errlen);
    if (got > 0 && (nf != 12 || strcmp(f[0], "scan") || strcmp(f[11], "cut"))) {
        snprintf(err, errlen, "%s:1: not a scan-cells.csv header", path);
        got = -1;
    }
    while (got > 0 && (got = csvReaderNext(r, &f, &nf, err, errlen)) > 0) {
        if (nf != 12) {
            snprintf(err, errlen, "%s:%zu: %zu fields, want 12", path, csvReaderLine(r), nf);
            got = -1;
            break;
        }
        int watchdog = !strcmp(f[11], "watchdog"), skipped = !strcmp(f[11], "skipped");
        if (!watchdog && !skipped) continue;
        size_t ci = scanCellOf(d, f[0], f[1], f[5], (int)strtol(f[6], NULL, 10), f[2], f[3]);
        if (ci == (size_t)-1) {
            snprintf(err, errlen, "%s: out of memory", path);
            got = -1;
            break;
        }
        scanCell *c = &d->cells[ci];
        c->cut_watchdog += watchdog;
        c->skipped += skipped;
        double wall = strtod(f[9], NULL);
        if (watchdog && wall > c->cut_wall_ms) c->cut_wall_ms = wall;
    }
    csvReaderClose(r);
    return got < 0 ? -1 : 0;
}

int scanLoad(scanData *d, const char *samples, const char *cells, int cpus, char *err,
             size_t errlen) {
    memset(d, 0, sizeof *d);
    d->cpus = cpus;
    scanProcs ps = {0};
    int rc = scanReadSamples(d, &ps, samples, err, errlen);
    if (rc == 0 && cells) rc = scanReadCells(d, cells, err, errlen);
    for (size_t i = 0; rc == 0 && i < ps.n; i++) {
        scanProc *p = &ps.p[i];
        scanCell *c = &d->cells[p->cell];
        statsSummary s;
        if (statsOf(p->ms, p->n, &s) != 0) continue;
        if (scanGrow((void **)&c->meds, &c->capmeds, c->nmeds + 1, sizeof *c->meds) != 0) {
            snprintf(err, errlen, "%s: out of memory", samples);
            rc = -1;
            break;
        }
        c->meds[c->nmeds++] = s.median;
        c->cut_budget += p->truncated;
    }
    for (size_t i = 0; i < ps.n; i++) free(ps.p[i].ms);
    free(ps.p);
    for (size_t i = 0; rc == 0 && i < d->n; i++) {
        statsSummary s;
        if (statsOf(d->cells[i].meds, d->cells[i].nmeds, &s) == 0) d->cells[i].median = s.median;
    }
    if (rc != 0) scanFree(d);
    return rc;
}

void scanFree(scanData *d) {
    for (size_t i = 0; i < d->n; i++) free(d->cells[i].meds);
    free(d->cells);
    memset(d, 0, sizeof *d);
}

double scanHeatRef(const scanData *d, const char *workload) {
    const scanCell *c = scanFind(d, "load", workload, "none", 0, "block", "1");
    return c ? c->median : NAN;
}

double scanSlowdown(const scanCell *c, double ref, int *bound) {
    *bound = 0;
    if (!(ref > 0)) return NAN;
    if (c->nmeds > 0) return c->median / ref;
    if (c->cut_watchdog > 0) {
        *bound = 1;
        return c->cut_wall_ms / ref;
    }
    return NAN;
}

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
