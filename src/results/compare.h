/* compare.h -- two or more results directories side by side: the cells they
 * share, each input's median against the first input's with a bootstrap 95%
 * interval, and what differs between them (verdicts, checksums, cells, the
 * options and versions the runs were made with).
 *
 * An input is read exactly as coldload-summarize reads a results directory
 * (summaryRead*, summaryFinish, verdictRun with the default thresholds), so
 * a defect in one is the same "file:line: what" error. Each input's answers
 * to the report's two questions are computed from it (verdict/answer), and
 * two inputs answering one yes and the other no is a finding. A cell is one summary
 * group key; a cell is compared on up to three figures (compareMetric), each
 * only where both inputs have it.
 *
 * The interval resamples at two levels, as the measurement was made: the
 * processes of a cell (with replacement), then, inside each chosen process,
 * its steady calls (with replacement); the statistic is the median of the
 * process medians -- the figure the report prints -- in the input over the
 * same in the baseline, resampled independently: the interval shown.
 *
 * Significant is the one rule for a difference (common/differ), two-sided:
 * the exact rank test on the two inputs' process figures (a process is one
 * observation; its calls share its placement) AND a ratio beyond the drift
 * floor. Two directories measured at different times carry the machine's
 * drift between them, which nothing inside either can see; it is estimated
 * from the rows they share (compareDrift: a robust spread of their log
 * ratios about zero, so a shift of every cell counts as drift too) and no
 * difference below it is called one. A real change smaller than the drift,
 * or of every cell alike, needs both sides in one interleaved job.
 * One splitmix64 stream per cell and metric, seeded by the seed
 * and a hash of the cell's name and the metric (not its position): a row's
 * interval depends on its data and the seed only, whatever else the inputs
 * hold, and the seed is written with every row. */
#ifndef COLDLOAD_COMPARE_H
#define COLDLOAD_COMPARE_H

#include <stddef.h>
#include <stdint.h>

#include "results/comparemodel.h"

/* Reads dir (samples.csv and/or whole.csv, meta.txt). label NULL: from meta.
 * Returns 0; -1 with err = "file:line: what" for bad input (exit 2), -2 when
 * out of memory. *in must be freed with compareInputFree either way. */
int compareInputRead(compareInput *in, const char *dir, const char *label, char *err,
                     size_t errlen);
void compareInputFree(compareInput *in);

/* Matches the cells, computes every row and finding. Returns 0, -1 when out
 * of memory. */
int compareRun(const compareInput *in, size_t nin, uint64_t seed, compareResult *r);
void compareFree(compareResult *r);

#endif
