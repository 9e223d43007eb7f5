/* export.h -- one interface over the machine formats: the files a script
 * or a chart reads (results.json, hyperfine.json, the charts' data,
 * compare.csv and compare's chart data) and the plans a harness reads
 * between rounds, as doc/docfmt.h is one over the documents' formats.
 *
 * Every format is written by one function of one signature, exportFn,
 * given everything a tool has (exportInput: each format takes its part) and
 * where to write; the function ends its format's own file (json.c,
 * hyperfine.c, chartdata.c, comparecsv.c, comparechart.c, plan.c). The
 * table exporters (export.c) names each one: its name, the files it writes,
 * what they hold, the tools that write it and its function. The tools call a
 * format through its row, and their --help lists the files from it, so a new
 * machine format is its file ending in its exportFn and one row here
 * (docs/architecture.md, "Adding a machine format"). */
#ifndef COLDLOAD_EXPORT_H
#define COLDLOAD_EXPORT_H

#include <stddef.h>
#include <stdio.h>

#include "export/hyperfine.h"
#include "export/json.h"
#include "export/plan.h"
#include "results/compare.h"
#include "results/results.h"


/* What a tool hands a format: each format reads its part and ignores the
 * rest. */
typedef struct exportInput {
    /* coldload-summarize's directory as results/results.h loaded it
     * (results.json, the charts, a plan), and from its job's row
     * (export/jobs.h) results.json's answers and what they ask */
    const results *r;
    jsonAnswersFn answers;
    answerAsks asks;
    /* hyperfine.json's directories: summarize's one, compare's inputs */
    const hyperfineInput *hf;
    size_t nhf;
    /* coldload-compare's comparison: compare.csv, its chart */
    const compareResult *cmp;
    /* a plan: its kind's writer and what its flag was given (export/jobs.h's
     * jobPlans and jobPlanAsk) */
    planWriter plan;
    const struct jobPlanAsk *ask;
    /* set by the charts' formats (NULL: not wanted): the charts written, bit
     * (1 << i) for chartdataCharts[i]; the cells compare's chart shows */
    unsigned *charts;
    long *cells;
} exportInput;

/* Writes in's format to path: a file (a temporary file renamed into
 * place), the directory of a chart's files, or "-" for stdout (a plan).
 * 0; -1 with err (one line) when it could not be written; EXPORT_BAD_INPUT
 * with err when the input is refused (the tool's exit 2). */
typedef int (*exportFn)(const exportInput *in, const char *path, char *err, size_t errlen);

#define EXPORT_BAD_INPUT (-2)

/* The tools that write a format (bits). */
enum { EXPORT_SUMMARIZE = 1u << 0, EXPORT_COMPARE = 1u << 1 };

typedef enum {
    EXPORT_RESULTS_JSON,  /* results.json (json.c) */
    EXPORT_HYPERFINE,     /* hyperfine.json (hyperfine.c) */
    EXPORT_CHARTS,        /* plots/NAME.dat, plots/labels.gp (chartdata.c) */
    EXPORT_COMPARE_CSV,   /* compare.csv (comparecsv.c) */
    EXPORT_COMPARE_CHART, /* plots/compare.dat, compare_labels.gp (comparechart.c) */
    EXPORT_PLAN,          /* a plan on stdout (plan.c) */
    EXPORT_N
} exportId;

#define EXPORT_FILES_MAX 2

typedef struct exporter {
    const char *name; /* "results", "hyperfine", "charts", ... */
    /* the files it writes, under the tool's output directory ("-": stdout);
     * unused ones NULL */
    const char *files[EXPORT_FILES_MAX];
    const char *what; /* one line: what they hold */
    unsigned tools;   /* EXPORT_SUMMARIZE, EXPORT_COMPARE */
    exportFn write;
} exporter;

/* By id, in the order a tool's --help lists them. */
extern const exporter exporters[EXPORT_N];

/* The exporters' functions, one in each format's file. */
int exportResultsJson(const exportInput *in, const char *path, char *err, size_t errlen);
int exportHyperfine(const exportInput *in, const char *path, char *err, size_t errlen);
int exportCharts(const exportInput *in, const char *path, char *err, size_t errlen);
int exportCompareCsv(const exportInput *in, const char *path, char *err, size_t errlen);
int exportCompareChart(const exportInput *in, const char *path, char *err, size_t errlen);
int exportPlan(const exportInput *in, const char *path, char *err, size_t errlen);

/* --help's list of the files e writes: ", " between them, last before the
 * last one ("plots/compare.dat and plots/compare_labels.gp"). */
void exportFiles(FILE *f, const exporter *e, const char *last);

/* What fn writes to f into path through a temporary file renamed into place
 * (common/atomicfile): a reader sees the old file or the new one. fn
 * returns 0, or nonzero when f failed. 0, or -1 with err "path: why". */
typedef int (*exportWriter)(const void *ctx, FILE *f);
int exportFile(const char *path, exportWriter fn, const void *ctx, char *err, size_t errlen);

#endif
