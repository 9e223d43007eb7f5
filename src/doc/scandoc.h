/* scandoc.h -- the report's section "The map of when threads hurt": the
 * scan that harness/report.sh runs as its last step into
 * <results>/scan-run/ (a whole harness/scan.sh results directory, its
 * analysis by coldload-scan in scan-run/scan/).
 *
 * The scan lives in a directory of its own, not in the report's samples.csv:
 * its rows (harness scan-wait, scan-load) share workload, width and load with
 * the loaded runs' cells, and the summary would fold them into those cells
 * and their verdicts. The section lays out what coldload-scan wrote, as
 * results/results loaded it (resultsScan) -- the verdict and its
 * recommendation lines, the chart data -- and never re-analyses: the report
 * says what the scan said. */
#ifndef COLDLOAD_SCANDOC_H
#define COLDLOAD_SCANDOC_H

#include <stdio.h>

#include "doc/docfmt.h"
#include "results/results.h"

/* Where the scan is, under the results directory. */
#define SCANDOC_DIR RESULTS_SCAN_DIR

/* The section: counts of cells, processes and cut cells, the
 * recommendation (best width per load level, one line per workload), the
 * heatmap and wait-policy charts (scan-run/scan/<chart>-<workload>.png for
 * each .dat there), the verdict lines. Without a scan (sc->present 0) one
 * line saying so and how to get one; nothing when sc is NULL. Written
 * through fmt (HTML or Markdown). */
void scandocSection(const resultsScan *sc, const docFmt *fmt, FILE *f);

/* The recommendation lines joined, "grad: width 1 with 0 load workers, ...;
 * svdvals: ..." (malloc'd), or NULL when there is no scan (sc NULL or
 * without recommendation.tsv) or no memory. */
char *scandocRecommendation(const resultsScan *sc);

#endif
