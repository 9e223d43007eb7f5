/* firstrundoc.h -- the first run's parts (model/firstrun.h) as documents:
 * the stacked chart's data and the report's section. */
#ifndef COLDLOAD_FIRSTRUNDOC_H
#define COLDLOAD_FIRSTRUNDOC_H

#include <stddef.h>
#include <stdio.h>

#include "doc/docfmt.h"
#include "model/firstrun.h"

/* firstrun.dat for plots/firstrun.gp: one line per cell, "idx label" and a
 * lo/hi pair per segment (steady, the parts, remainder) stacked from 0:
 * positive segments upwards, negative ones downwards. Returns 0, -1 on a
 * write error. */
int firstrundocWriteDat(const firstrun *fr, FILE *f);

/* Loads results_dir/firstrun.csv and writes plots_dir/firstrun.dat (removed
 * when there are no cells). 0 with *cells set; -1 with err set. */
int firstrundocChart(const char *results_dir, const char *plots_dir, size_t *cells, char *err,
                     size_t errlen);

/* The report's section "Where the first run's milliseconds go": the chart
 * (plots/firstrun.svg or .png) and one table per cell, from
 * results_dir/firstrun.csv; nothing when it is absent, its error when it is
 * malformed; written through fmt (HTML or Markdown). */
void firstrundocSection(const char *results_dir, const docFmt *fmt, FILE *f);

#endif
