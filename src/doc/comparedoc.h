/* comparedoc.h -- the documents of a comparison: compare.md and compare.html
 * (the inputs, the report's two questions answered per input side by side,
 * the findings worst first, every compared figure). Its machine formats are
 * export/comparecsv (compare.csv) and export/comparechart (the chart's
 * data). */
#ifndef COLDLOAD_COMPAREDOC_H
#define COLDLOAD_COMPAREDOC_H

#include <stdio.h>

#include "doc/docfmt.h"
#include "results/compare.h"

/* The comparison's page in one format (docFormats); chart: 1 when
 * plots/compare.svg is (to be) rendered and is linked. */
int comparedocWrite(const compareResult *r, int chart, const docFmt *fmt, FILE *f);


#endif
