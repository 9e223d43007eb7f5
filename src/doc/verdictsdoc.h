/* verdictsdoc.h -- the report's "Verdicts" section (the counts, the
 * thresholds as set, one row per verdict, the harnesses' warnings) and its
 * "Summary" section (one row per group of summary.csv's figures). */
#ifndef COLDLOAD_VERDICTSDOC_H
#define COLDLOAD_VERDICTSDOC_H

#include "doc/section.h"

void verdictsdocVerdicts(const reportDoc *d);
void verdictsdocSummary(const reportDoc *d);

#endif
