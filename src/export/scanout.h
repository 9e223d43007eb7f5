/* scanout.h -- the scan's tables and chart data (docs/scan.md documents
 * each file): written by coldload-scan into a scan's scan/ directory. Each
 * returns 0, or -1 when f fails (or memory runs out). */
#ifndef COLDLOAD_SCANOUT_H
#define COLDLOAD_SCANOUT_H

#include <stdio.h>

#include "model/scan.h"

/* heatmap.csv: scan-load cells, one line each. */
int scanoutHeatmapCsv(const scanData *d, FILE *f);
/* heatmap-W.dat for gnuplot: "x y z label xtic" per cell of workload w. */
int scanoutHeatmapDat(const scanData *d, const char *w, FILE *f);
/* wait.csv: scan-wait cells, one line each. */
int scanoutWaitCsv(const scanData *d, FILE *f);
/* wait-W.dat: one block per (load, policy), "width median_ms" lines. */
int scanoutWaitDat(const scanData *d, const char *w, FILE *f);

#endif
