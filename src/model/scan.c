/* scan.c -- the scan's cells from samples.csv and scan-cells.csv, and the
 * slowdown of a cell against its reference (see scan.h). What is written
 * from them (heatmap, wait policy, recommendation, verdict) is in
 * scanout.c: reading is where bad input is met, writing never is. */
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
