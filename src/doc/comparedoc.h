/* comparedoc.h -- the documents of a comparison: compare.csv (one row per
 * shared cell, metric and compared input), compare.md and compare.html (the
 * inputs, the report's two questions answered per input side by side, the
 * findings worst first, every compared figure), and the chart's data
 * (plots/compare.dat and plots/compare_labels.gp, read by plots/compare.gp).
 *
 * compare.csv columns: workload, params, width, wait, condition, load,
 * stressors, copy (the cell, as summary.csv names it), metric (steady, first
 * or whole), baseline and input (1-based input numbers), baseline_label,
 * label, baseline_ms and ms (the median of the process medians), baseline_procs
 * and procs (processes, or whole runs), baseline_n and n (calls), ratio
 * (ms / baseline_ms), ratio_lo and ratio_hi (the bootstrap 95% interval),
 * significant (yes when the interval excludes 1, no otherwise, empty when
 * there is no interval), checksum_same (yes, no, or empty when either side
 * has none), seed and reps (of the bootstrap). */
#ifndef COLDLOAD_COMPAREDOC_H
#define COLDLOAD_COMPAREDOC_H

#include <stdio.h>

#include "doc/docfmt.h"
#include "results/compare.h"

int comparedocCsv(const compareResult *r, FILE *f);
/* The comparison's page in one format (docFormats); chart: 1 when
 * plots/compare.svg is (to be) rendered and is linked. */
int comparedocWrite(const compareResult *r, int chart, const docFmt *fmt, FILE *f);

/* Writes dir/compare.dat and dir/compare_labels.gp. Returns the number of
 * cells the chart shows (0: no file written, nothing to draw), -1 with err. */
long comparedocChart(const compareResult *r, const char *dir, char *err, size_t errlen);

#endif
