/* comparecsv.h -- compare.csv: one row per shared cell, metric and compared
 * input of a comparison (results/compare.h).
 *
 * Columns: workload, params, width, wait, condition, load, stressors, copy
 * (the cell, as summary.csv names it), metric (steady, first or whole),
 * baseline and input (1-based input numbers), baseline_label, label,
 * baseline_ms and ms (the median of the process medians), baseline_procs and
 * procs (processes, or whole runs), baseline_n and n (calls), ratio (ms /
 * baseline_ms), ratio_lo and ratio_hi (the bootstrap 95% interval),
 * significant (yes when the rule of common/differ, two-sided on the process
 * figures, resolves the two beyond the separate runs' drift floor; no
 * otherwise; empty when there is no interval), checksum_same (yes, no, or
 * empty when either side has none), seed and reps (of the bootstrap). */
#ifndef COLDLOAD_COMPARECSV_H
#define COLDLOAD_COMPARECSV_H

#include <stdio.h>

#include "results/compare.h"

/* Writes r as compare.csv to f. 0, -1 on a write error. */
int comparecsvWrite(const compareResult *r, FILE *f);

#endif
