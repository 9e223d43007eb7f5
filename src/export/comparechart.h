/* comparechart.h -- a comparison's chart data (plots/compare.dat and
 * plots/compare_labels.gp, read by plots/compare.gp). */
#ifndef COLDLOAD_COMPARECHART_H
#define COLDLOAD_COMPARECHART_H

#include <stddef.h>

#include "results/compare.h"

/* Writes dir/compare.dat and dir/compare_labels.gp. Returns the number of
 * cells the chart shows (0: no file written, nothing to draw), -1 with err. */
long comparechartWrite(const compareResult *r, const char *dir, char *err, size_t errlen);

#endif
