/* compareint.h -- what the comparison's files share and nothing else uses:
 * the seam between compare.c (inputs read, cells matched, the run),
 * comparerows.c (the rows: ratios, intervals, the drift floor, the rule) and
 * comparefind.c (the findings). compare.h is the API. */
#ifndef COLDLOAD_COMPAREINT_H
#define COLDLOAD_COMPAREINT_H

#include <stddef.h>

#include "results/compare.h"

/* A cell's key: its first input's group (every input's has the same key). */
const summaryGroup *compareCellKey(const compareCell *c, size_t nin);

/* r->rows: a row per cell, metric and input after the first one with that
 * figure (the row's baseline), its ratio, interval and process figures.
 * 0, -1 out of memory. */
int compareRows(compareResult *r);

/* Every row's drift floor and verdict: the rule at its pair's drift
 * (r->drift and r->drift_rows for the pairs against input 0). */
void compareDrift(compareResult *r);

/* r->f: the findings, worst first. 0, -1 out of memory. */
int compareFindings(compareResult *r);

#endif
