/* chartdata.h -- the .dat files the gnuplot charts read, derived from a
 * finished summary, plus labels.gp (titles: machine, widths, stressors).
 *
 * The charts never see samples.csv: each plots/<name>.gp reads only
 * <name>.dat and labels.gp from the directory it runs in, so `make plots` can
 * re-render any old results directory without measuring anything. A chart
 * with no rows gets no .dat file (and plots.sh skips it). */
#ifndef COLDLOAD_CHARTDATA_H
#define COLDLOAD_CHARTDATA_H

#include <stdio.h>

#include "report/summary.h"

typedef enum {
    CHART_FIRST_VS_STEADY,
    CHART_IDLE_VS_LOADED,
    CHART_COLD_START,
    CHART_TRG,
    CHART_PLACEMENT,
    CHART_N
} chartdataChart;

/* File stem: "first_vs_steady", "idle_vs_loaded", "cold_start", "trg", "placement". */
const char *chartdataName(chartdataChart c);
/* One-line title part saying what the chart shows. */
const char *chartdataTitle(chartdataChart c);

/* Writes chart c's rows to f; returns the number of x positions the chart
 * has (cells; series for CHART_TRG), or -1 on a write error.
 *
 * idle_vs_loaded and placement hold two gnuplot data blocks (index 0 and 1,
 * two blank lines apart): the dots -- one per process (its steady median),
 * or one per steady call by the CPUs its threads spanned -- then one row per
 * cell (the x tick, the median line, the figures printed over it). */
long chartdataEmit(const summary *s, chartdataChart c, FILE *f);

/* Writes dir/<name>.dat for every chart that has rows (removing a stale one
 * that has none) and dir/labels.gp. *made gets bit (1 << c) for each chart
 * written. Returns 0, or -1 with a one-line reason in err. */
int chartdataWrite(const summary *s, const char *machine, const char *dir, unsigned *made,
                   char *err, size_t errlen);

/* Writes s into a gnuplot double-quoted string literal, quotes included. */
void chartdataGpString(FILE *f, const char *s);

#endif
