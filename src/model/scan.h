/* scan.h -- the analysis of `make scan` (harness/scan.sh): samples.csv rows
 * tagged harness=scan-wait / scan-load and the cell ledger scan-cells.csv ->
 * one cell per (scan, workload, load, stressors, wait, width) with its
 * process count, the median of its processes' steady medians, how many of
 * its processes were cut short, and the figures the verdict needs.
 *
 *   heatmap   the load scan: slowdown = a cell's median / the same
 *             workload's idle (0 load workers) width-1 median. Against
 *             width 1, not against the same width idle: the question is
 *             "what does this width cost compared with not threading at
 *             all", so the best width per load level is the smallest
 *             slowdown in its row.
 *   wait      the wait scan: a cell's median / the same policy's and
 *             width's idle median (what load does to that setting).
 *
 * A cell whose processes were all stopped inside a call (the watchdog: no
 * steady row) has no median; its slowdown is then a lower bound, the
 * longest such process's wall time over the reference, and it is marked. */
#ifndef COLDLOAD_SCAN_H
#define COLDLOAD_SCAN_H

#include <stddef.h>
#include <stdio.h>

#include "common/ranges.h"
#include "model/scanrec.h"

/* The ranges the scan's rows are read in (common/ranges.h). */
#define SCAN_WIDTH_MIN RANGE_WIDTH_MIN
#define SCAN_WIDTH_MAX RANGE_WIDTH_MAX
#define SCAN_STRESSORS_MAX RANGE_STRESSORS_MAX

typedef struct scanCell {
    char scan[8]; /* wait, load */
    char workload[16];
    char load[8]; /* none, pinned, free */
    int stressors;
    char wait[8];   /* spin, yield, block */
    char width[16]; /* "2", "auto", "auto:4" (width_requested) */
    int width_n;    /* that width parsed: the fixed width, 0 for an auto form */
    double *meds;   /* one steady median per process with steady rows */
    size_t nmeds, capmeds;
    int wmin, wmax;     /* widths its calls ran at (auto: as chosen) */
    int cut_budget;     /* processes whose budget stopped their runs */
    int cut_watchdog;   /* processes stopped inside a call (ledger) */
    int skipped;        /* processes never started: no time left (ledger) */
    double cut_wall_ms; /* the longest watchdog-stopped process's wall time */
    double median;      /* of meds; NaN when none */
} scanCell;

typedef struct scanData {
    scanCell *cells;
    size_t n, cap;
    int cpus; /* usable CPUs of the scan (free CPUs = cpus - stressors) */
} scanData;

/* Reads samples (required) and cells (NULL or a missing file: no ledger).
 * 0, or -1 with err = "file:line: what". */
int scanLoad(scanData *d, const char *samples, const char *cells, int cpus, char *err,
             size_t errlen);
void scanFree(scanData *d);

/* The cell, or NULL. */
const scanCell *scanFind(const scanData *d, const char *scan, const char *workload,
                         const char *load, int stressors, const char *wait, const char *width);

/* The heatmap's reference (idle width 1) of a workload: NaN when absent. */
double scanHeatRef(const scanData *d, const char *workload);
/* A cell's slowdown against ref; a lower bound (*bound = 1) when the cell
 * has no median but watchdog-stopped processes; NaN when neither. */
double scanSlowdown(const scanCell *c, double ref, int *bound);

/* The load kinds and wait policies of the scan's cells, in the order the
 * wait chart's blocks come in. */
extern const char *const scanLoadKinds[3];
extern const char *const scanWaitPolicies[3];

/* The distinct widths (labels, fixed widths ascending then the auto forms)
 * and load levels (ascending) of scan `scan`, workload w (NULL: any).
 * Pointers into d; free *widths and *levels. -1: out of memory. */
int scanAxes(const scanData *d, const char *scan, const char *w, const char ***widths, size_t *nw,
             int **levels, size_t *nl);
/* The distinct workloads of a scan, in first-seen order (pointers into d);
 * at most max. */
size_t scanWorkloads(const scanData *d, const char *scan, const char **out, size_t max);
/* A cell's processes cut short: by their budget, the watchdog, or skipped. */
int scanCut(const scanCell *c);
/* The wait scan's idle twin of cell c (same policy, same width): its
 * median, NaN when absent. */
double scanWaitRef(const scanData *d, const scanCell *c);
/* The counts of cells and cut processes (counts.tsv, model/scanrec.h). */
scanCounts scanCount(const scanData *d);

#endif
