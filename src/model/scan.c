/* scan.c -- the scan's cells from samples.csv and scan-cells.csv, and the
 * figures read off them: a cell's slowdown against its reference, the axes
 * of a workload's cells, the counts (see scan.h). Judging them (the
 * recommendation, verdict.txt) is verdict/scanverdict's, laying them out
 * (heatmap and wait-policy tables and chart data) export/scanout's: reading is
 * where bad input is met, judging and writing never are. */
#include "model/scan.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/num.h"
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
                         int stressors, const char *wait, const char *width, int width_n) {
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
    c->width_n = width_n;
    c->stressors = stressors;
    c->wmin = c->wmax = 0;
    c->median = NAN;
    return d->n++;
}

/* A width as requested, parsed once: "auto" and its forms (auto:N) -> 0,
 * a fixed width -> itself; -1 when it is neither. */
static int scanWidthOf(const char *label, int *n) {
    long v;
    if (!strncmp(label, "auto", 4)) v = 0;
    else if (numLong(label, SCAN_WIDTH_MIN, SCAN_WIDTH_MAX, &v) != 0) return -1;
    *n = (int)v;
    return 0;
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

enum {
    SS_RUN,
    SS_HARN,
    SS_WL,
    SS_WAIT,
    SS_PHASE,
    SS_MS,
    SS_TRUNC,
    SS_WIDTH,
    SS_WREQ,
    SS_LOAD,
    SS_STRESS,
    SS_N
};

typedef struct scanReading {
    scanData *d;
    scanProcs *ps;
} scanReading;

static int scanBad(char *err, size_t errlen, const char *where, const csvCol *c, const char *v,
                   const char *want) {
    snprintf(err, errlen, "%s: column '%s': '%.40s' is not %s", where, c->name, v, want);
    return -1;
}

/* One samples.csv row: a steady call of a scan cell's process; any other
 * row is not the scan's. */
static int scanSampleRow(void *ctx, char **f, const csvCol *cols, const char *where, char *err,
                         size_t errlen) {
    scanReading *rd = ctx;
    const char *harness = csvColField(f, &cols[SS_HARN]), *v;
    if (strncmp(harness, "scan-", 5) != 0) return 0;
    if (strcmp(csvColField(f, &cols[SS_PHASE]), "steady") != 0) return 0;
    double ms;
    long stress, width;
    int width_n;
    if (numDouble(v = csvColField(f, &cols[SS_MS]), 0, HUGE_VAL, &ms) != 0)
        return scanBad(err, errlen, where, &cols[SS_MS], v, "a time >= 0 in ms");
    if (numLong(v = csvColField(f, &cols[SS_STRESS]), 0, SCAN_STRESSORS_MAX, &stress) != 0)
        return scanBad(err, errlen, where, &cols[SS_STRESS], v, "a count of load workers");
    if (numLong(v = csvColField(f, &cols[SS_WIDTH]), SCAN_WIDTH_MIN, SCAN_WIDTH_MAX, &width) != 0)
        return scanBad(err, errlen, where, &cols[SS_WIDTH], v, "a width");
    const char *wreq = csvColField(f, &cols[SS_WREQ]);
    if (!*wreq) wreq = csvColField(f, &cols[SS_WIDTH]);
    if (scanWidthOf(wreq, &width_n) != 0)
        return scanBad(err, errlen, where, &cols[SS_WREQ], wreq, "a width or auto");
    const char *load =
        cols[SS_LOAD].idx >= 0 ? csvColField(f, &cols[SS_LOAD]) : (stress ? "pinned" : "none");
    size_t ci = scanCellOf(rd->d, harness + 5, csvColField(f, &cols[SS_WL]), load, (int)stress,
                           csvColField(f, &cols[SS_WAIT]), wreq, width_n);
    if (ci == (size_t)-1) goto oom;
    scanCell *c = &rd->d->cells[ci];
    if (c->wmin == 0 || width < c->wmin) c->wmin = (int)width;
    if (width > c->wmax) c->wmax = (int)width;
    scanProc *p = scanProcOf(rd->ps, ci, csvColField(f, &cols[SS_RUN]));
    if (!p || scanAddMs(p, ms) != 0) goto oom;
    if (!strcmp(csvColField(f, &cols[SS_TRUNC]), "1")) p->truncated = 1;
    return 0;
oom:
    snprintf(err, errlen, "%s: out of memory", where);
    return -1;
}

static int scanReadSamples(scanData *d, scanProcs *ps, const char *path, char *err, size_t errlen) {
    csvCol cols[SS_N] = {
        [SS_RUN] = {"run_id", 1, -1},           [SS_HARN] = {"harness", 1, -1},
        [SS_WL] = {"workload", 1, -1},          [SS_WAIT] = {"wait", 1, -1},
        [SS_PHASE] = {"phase", 1, -1},          [SS_MS] = {"ms", 1, -1},
        [SS_TRUNC] = {"truncated", 1, -1},      [SS_WIDTH] = {"width", 1, -1},
        [SS_WREQ] = {"width_requested", 0, -1}, [SS_LOAD] = {"load", 0, -1},
        [SS_STRESS] = {"stressors", 1, -1},
    };
    scanReading rd = {d, ps};
    return csvReadByName(&rd, path, cols, SS_N, scanSampleRow, err, errlen);
}

/* The ledger: watchdog-stopped and skipped processes, which may have left no
 * steady row at all. */
static int scanReadCells(scanData *d, const char *path, char *err, size_t errlen) {
    struct stat st;
    if (lstat(path, &st) != 0) return 0; /* no ledger: the samples alone */
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
        long stress;
        int width_n;
        if (numLong(f[6], 0, SCAN_STRESSORS_MAX, &stress) != 0 ||
            scanWidthOf(f[3], &width_n) != 0) {
            snprintf(err, errlen, "%s:%zu: bad stressors '%.40s' or width '%.40s'", path,
                     csvReaderLine(r), f[6], f[3]);
            got = -1;
            break;
        }
        size_t ci = scanCellOf(d, f[0], f[1], f[5], (int)stress, f[2], f[3], width_n);
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

const char *const scanLoadKinds[3] = {"none", "pinned", "free"};
const char *const scanWaitPolicies[3] = {"spin", "yield", "block"};

/* Cells in heatmap order of their widths: fixed widths ascending, auto
 * forms last. */
static int scanWidthCmp(const void *a, const void *b) {
    const scanCell *x = *(const scanCell *const *)a, *y = *(const scanCell *const *)b;
    int ax = x->width_n == 0, ay = y->width_n == 0;
    if (ax != ay) return ax - ay;
    if (ax) return strcmp(x->width, y->width);
    return (x->width_n > y->width_n) - (x->width_n < y->width_n);
}

static int scanIntCmp(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

int scanAxes(const scanData *d, const char *scan, const char *w, const char ***widths, size_t *nw,
             int **levels, size_t *nl) {
    const scanCell **by = malloc((d->n + 1) * sizeof *by); /* a cell of each width */
    *widths = malloc((d->n + 1) * sizeof **widths);
    *levels = malloc((d->n + 1) * sizeof **levels);
    *nw = *nl = 0;
    if (!by || !*widths || !*levels) {
        free(by);
        free(*widths);
        free(*levels);
        return -1;
    }
    for (size_t i = 0; i < d->n; i++) {
        const scanCell *c = &d->cells[i];
        if (strcmp(c->scan, scan) || (w && strcmp(c->workload, w))) continue;
        size_t k;
        for (k = 0; k < *nw && strcmp(by[k]->width, c->width); k++) {}
        if (k == *nw) by[(*nw)++] = c;
        for (k = 0; k < *nl && (*levels)[k] != c->stressors; k++) {}
        if (k == *nl) (*levels)[(*nl)++] = c->stressors;
    }
    qsort(by, *nw, sizeof *by, scanWidthCmp);
    for (size_t k = 0; k < *nw; k++) (*widths)[k] = by[k]->width;
    free(by);
    qsort(*levels, *nl, sizeof **levels, scanIntCmp);
    return 0;
}

size_t scanWorkloads(const scanData *d, const char *scan, const char **out, size_t max) {
    size_t n = 0;
    for (size_t i = 0; i < d->n; i++) {
        if (strcmp(d->cells[i].scan, scan)) continue;
        size_t k;
        for (k = 0; k < n && strcmp(out[k], d->cells[i].workload); k++) {}
        if (k == n && n < max) out[n++] = d->cells[i].workload;
    }
    return n;
}

int scanCut(const scanCell *c) { return c->cut_budget + c->cut_watchdog + c->skipped; }

/* The wait scan's idle twin of a cell: same policy, same width. */
double scanWaitRef(const scanData *d, const scanCell *c) {
    const scanCell *i = scanFind(d, "wait", c->workload, "none", 0, c->wait, c->width);
    return i ? i->median : NAN;
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
