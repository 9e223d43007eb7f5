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

#include "model/scanrec.h"

typedef struct scanCell {
    char scan[8]; /* wait, load */
    char workload[16];
    char load[8]; /* none, pinned, free */
    int stressors;
    char wait[8];   /* spin, yield, block */
    char width[16]; /* "2", "auto", "auto:4" (width_requested) */
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

/* heatmap.csv: scan-load cells, one line each (documented in docs/scan.md). */
int scanWriteHeatmapCsv(const scanData *d, FILE *f);
/* heatmap-W.dat for gnuplot: "x y z label xtic" per cell of workload w. */
int scanWriteHeatmapDat(const scanData *d, const char *w, FILE *f);
/* wait.csv: scan-wait cells, one line each. */
int scanWriteWaitCsv(const scanData *d, FILE *f);
/* wait-W.dat: one block per (load, policy), "width median_ms" lines. */
int scanWriteWaitDat(const scanData *d, const char *w, FILE *f);
/* The findings as data (model/scanrec.h): the counts of cells and cut
 * processes, and the best fixed width of each (workload, load level) of the
 * load scan. scanRecommend: 0, or -1 out of memory; free *rec. */
scanCounts scanCount(const scanData *d);
int scanRecommend(const scanData *d, scanRec **rec, size_t *n);

/* verdict.txt: best width per load level, auto against it, the policy that
 * degrades least, what spin costs past the free CPUs, what was cut. */
int scanWriteVerdict(const scanData *d, FILE *f);

#endif
