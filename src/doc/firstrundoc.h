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

/* Writes fr's cells to plots_dir/firstrun.dat (removed when there are
 * none). 0; -1 with err set. */
int firstrundocChart(const firstrun *fr, const char *plots_dir, char *err, size_t errlen);

/* The report's section "Where the first run's milliseconds go": the chart
 * (plots/firstrun.svg or .png) and one table per cell of fr (firstrun.csv's,
 * results/results loads it); nothing when fr is NULL or has no cells, err as
 * its text when firstrun.csv was malformed (err non-NULL); written through
 * fmt (HTML or Markdown). */
void firstrundocSection(const firstrun *fr, const char *err, const docFmt *fmt, FILE *f);

#endif
