/* comparerows.h -- a comparison's rows (comparerows.c): every shared cell's
 * ratio to the baseline with its bootstrap interval, the drift floor
 * between separate runs, and the per-figure rule at it. compare.c calls
 * them; test_compare the bootstrap. */
#ifndef COLDLOAD_COMPAREROWS_H
#define COLDLOAD_COMPAREROWS_H

#include <stddef.h>
#include <stdint.h>

#include "results/comparemodel.h"

/* r->rows: a row per cell, metric and input after the first one with that
 * figure (the row's baseline), its ratio, interval and process figures.
 * 0, -1 out of memory. */
int compareRows(compareResult *r);

/* Every row's drift floor and verdict: the rule at its pair's drift
 * (r->drift and r->drift_rows for the pairs against input 0). */
void compareDrift(compareResult *r);

/* The bootstrap of one row: procs are arrays of per-process calls (x[i] with
 * n[i] values; a process with one value is one whole run or one first call).
 * Statistic: median over processes of the median of their calls. NAN
 * interval when either side has nothing or a baseline resample is 0. */
void compareBoot(const double *const *xa, const size_t *na, size_t pa, const double *const *xb,
                 const size_t *nb, size_t pb, uint64_t seed, double *lo, double *hi);

#endif
