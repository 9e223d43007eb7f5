/* abchart.h -- an A/B job's blocks (verdict/answerab.h's answerAbBlocks) as
 * the chart's data, plots/ab.dat for plots/ab.gp: one of chartdataCharts. */
#ifndef COLDLOAD_ABCHART_H
#define COLDLOAD_ABCHART_H

#include <stdio.h>

#include "export/chartdata.h"

/* 1 when g is a side of an A/B job (A, B or A2): the chart shows it. */
int abchartPick(const summary *s, const chartdataChart *c, const summaryGroup *g);

/* ab.dat: a gnuplot block per width the job asked (answerAbWidths order,
 * two blank lines apart), each opened by its column names, then one row per
 * block in block order:
 *   block width ba aa ba_in aa_in ratio lo hi floor_lo floor_hi aa_lo aa_hi
 * block the block (runs.csv's proc), width the width (0: the commands as
 * given), ba and aa the block's B/A and A2/A (NaN: no pair), ba_in and
 * aa_in 1 when the answer compared that pair (like with like), then the
 * width's answer, the same on every row: ratio, lo, hi B/A's estimate and
 * 99% interval (NaN where a bound has no end), floor_lo and floor_hi the
 * A/A floor's two sides, 1 / (1 + floor) and 1 + floor (NaN when the A/A arm
 * was not called different: no floor), aa_lo and aa_hi the A/A arm's 99%
 * interval. A width without a B/A pair (B failed in every run) has no
 * rows. Returns the rows written (0: no chart), -1 on a write error or out
 * of memory. */
long abchartEmit(const summary *s, const chartdataChart *c, FILE *f);

#endif
