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

#include "model/summary.h"

/* How a chart's x labels are made (bits). */
enum {
    CHARTDATA_L_CELLS = 1u << 0, /* one cell per load kind: its kind, stressors, copy if varying */
    CHARTDATA_L_WIDTH_VARIES = 1u << 1 /* the width only when it varies */
};

/* One chart: everything the summarizer, the report and harness/plots.sh know
 * about it. Adding a chart is one entry of chartdataCharts, its pick and emit
 * functions, and plots/<name>.gp (which reads <name>.dat and labels.gp). */
typedef struct chartdataChart {
    const char *name;  /* file stem: <name>.dat, plots/<name>.gp, <name>.png/.svg */
    const char *title; /* one-line title part saying what the chart shows */
    /* 1 when the chart shows g */
    int (*pick)(const summary *s, const struct chartdataChart *c, const summaryGroup *g);
    /* writes the rows; returns the x positions (cells; series for trg), -1 on a write error */
    long (*emit)(const summary *s, const struct chartdataChart *c, FILE *f);
    unsigned label; /* CHARTDATA_L_* */
    /* the workload this chart is dedicated to (its groups then stay out of
     * the cell charts), or NULL */
    const char *workload;
    const char *howto; /* the report's "how to read it" under the chart */
} chartdataChart;

/* The charts, in the report's order. */
extern const chartdataChart chartdataCharts[];
extern const size_t chartdataNCharts;

/* Chart i's rows to f (see chartdataChart.emit); -1 for an i out of range.
 *
 * idle_vs_loaded and placement hold two gnuplot data blocks (index 0 and 1,
 * two blank lines apart): the dots -- one per process (its steady median),
 * or one per steady call by the CPUs its threads spanned -- then one row per
 * cell (the x tick, the median line, the figures printed over it). A dot's
 * last column, bound, is 1 when its time is only a lower bound (a run
 * stopped before it ended: summaryProc.median_bound, or the call's censored
 * flag), and idle_vs_loaded's cell row ends with median_bound (its median
 * of medians, and so loaded/idle, only a lower bound): the chart picks the
 * "at least" marker and the ">=" from the data, never from a code path. */
long chartdataEmit(const summary *s, size_t i, FILE *f);

/* Writes dir/<name>.dat for every chart that has rows (removing a stale one
 * that has none) and dir/labels.gp, each through a temporary file renamed
 * into place. *made gets bit (1 << i) for each chart i written. Returns 0,
 * or -1 with a one-line reason in err. */
int chartdataWrite(const summary *s, const char *machine, const char *dir, unsigned *made,
                   char *err, size_t errlen);

/* " %.6g" of x to f, " NaN" for NAN (plots/style.gp's missing value). */
void chartdataNum(FILE *f, double x);

#endif
