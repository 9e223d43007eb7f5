/* firstrundoc.h -- the first run's parts (model/firstrun.h) in the report's
 * section (the stacked chart's data: export/firstrunchart.h). */
#ifndef COLDLOAD_FIRSTRUNDOC_H
#define COLDLOAD_FIRSTRUNDOC_H

#include <stddef.h>
#include <stdio.h>

#include "doc/docfmt.h"
#include "model/firstrun.h"
#include "model/meta.h"


/* The report's section "Where the first run's milliseconds go": the rounds
 * the stopping rule took (stops: firstrun.sh's stop, when there is one),
 * the chart (plots/firstrun.svg or .png) and one table per cell of fr
 * (firstrun.csv's, results/results loads it); nothing when fr is NULL or
 * has no cells, err as its text when firstrun.csv was malformed (err
 * non-NULL); written through fmt (HTML or Markdown). */
void firstrundocSection(const firstrun *fr, const char *err, const metaStops *stops,
                        const docFmt *fmt, FILE *f);

#endif
