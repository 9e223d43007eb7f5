/* firstrunchart.h -- the first run's parts (model/firstrun.h) as the stacked
 * chart's data. */
#ifndef COLDLOAD_FIRSTRUNCHART_H
#define COLDLOAD_FIRSTRUNCHART_H

#include <stdio.h>

#include "model/firstrun.h"

/* firstrun.dat for plots/firstrun.gp: one line per cell, "idx label" and a
 * lo/hi pair per segment (steady, the parts, remainder) stacked from 0:
 * positive segments upwards, negative ones downwards. Returns 0, -1 on a
 * write error. */
int firstrunchartWriteDat(const firstrun *fr, FILE *f);

/* Writes fr's cells to plots_dir/firstrun.dat (removed when there are
 * none). 0; -1 with err set. */
int firstrunchartWrite(const firstrun *fr, const char *plots_dir, char *err, size_t errlen);

#endif
