/* comparemodel.h -- what a comparison is made of (compare.h runs it): its
 * constants, the inputs, cells, rows and findings, and the result that
 * holds them; the names of its figures and a cell's key. Every file of the
 * comparison and its documents (export/comparecsv, doc/comparedoc) read
 * these; nothing here computes. */
#ifndef COLDLOAD_COMPAREMODEL_H
#define COLDLOAD_COMPAREMODEL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "common/differ.h"
#include "model/meta.h"
#include "model/summary.h"
#include "verdict/answer.h"
#include "verdict/verdict.h"

#define COMPARE_MAX_INPUTS 16
#define COMPARE_REPS 2000
#define COMPARE_SEED 20261203u
/* Separate runs: the drift between them is estimated from the rows they
 * share (log ratios: |median| + COMPARE_DRIFT_Z robust SDs, MAD x 1.4826),
 * with at least this many rows; else the floor is COMPARE_DRIFT_DEFAULT. */
#define COMPARE_DRIFT_MIN_ROWS 4
#define COMPARE_DRIFT_Z 3.0
#define COMPARE_DRIFT_DEFAULT 0.10
#define COMPARE_DRIFT_MIN 0.02 /* rows that agree to the digit still drift this much */

/* The figures a cell is compared on. steady: the median of the process
 * medians of the steady calls; first: the median over processes of the
 * first call; whole: the median whole-process wall time (cold starts). */
typedef enum { COMPARE_STEADY, COMPARE_FIRST, COMPARE_WHOLE, COMPARE_METRIC_N } compareMetric;

/* One results directory, read and judged as coldload-summarize does. */
typedef struct compareInput {
    char *dir, *label; /* label: --label, else "host date" from meta, else dir */
    summary s;
    verdictList v;
    verdictThresholds t;
    metaTable meta;
    metaStops stops; /* the stopping rule's stops (model/stops.h) */
    char *machine;   /* metaMachine: malloc'd */
    answerAsks asks; /* what its job asks: the tool sets it from the job's row */
} compareInput;


/* A cell and metric measured by the baseline (the first input that has it)
 * and by input `input`. */
typedef struct compareRow {
    size_t cell; /* index into compareResult.cells */
    compareMetric metric;
    size_t base, input;       /* input indices */
    double base_ms, ms;       /* the statistic in each */
    size_t base_procs, procs; /* processes (or whole runs) each */
    size_t base_n, n;         /* calls each */
    double ratio, lo, hi;     /* ms / base_ms and its interval */
    int significant;          /* the rule says different (test.verdict slower or faster) */
    int sums_same;            /* checksums: 1 same set, 0 other, -1 either has none */
    differResult test;        /* the rule on the process figures, two-sided, at the floor */
    double floor;             /* the separate-run drift floor of its pair of inputs */
    double *fig, *base_fig;   /* each process's figure (its median call), malloc'd */
    size_t nfig, nbase_fig;
} compareRow;

/* A distinct key over the inputs; group[i] is input i's group or NULL. */
typedef struct compareCell {
    const summaryGroup *group[COMPARE_MAX_INPUTS];
    char *name;     /* summaryDescribe of the first group, malloc'd */
    size_t present; /* inputs that have it */
} compareCell;

/* A finding of the comparison, kept as a verdict is: the subject it is on
 * (a cell, "cell (figure)", a kind of meta difference) apart from what was
 * found, and text = "<subject>: <finding>" as coldload-compare prints it. */
typedef struct compareFinding {
    verdictLevel level;
    const char *id;
    char *text;
    char *subject;       /* malloc'd */
    const char *finding; /* into text, past the subject's ": " */
} compareFinding;

typedef struct compareResult {
    const compareInput *in;
    size_t nin;
    uint64_t seed;
    compareCell *cells;
    size_t ncells;
    compareRow *rows;
    size_t nrows;
    compareFinding *f; /* worst first */
    /* input i's drift floor against input 0 (NAN: no row in common) and the
     * rows it was estimated from (COMPARE_DRIFT_MIN_ROWS or more, else the
     * floor is COMPARE_DRIFT_DEFAULT) */
    double drift[COMPARE_MAX_INPUTS];
    size_t drift_rows[COMPARE_MAX_INPUTS];
    size_t nf;
    /* each input's answers to the report's questions (verdict/answer):
     * input i's answer k at answers[i * ANSWER_QUESTIONS + k] */
    answer *answers;
} compareResult;

const char *compareMetricName(compareMetric m);

/* A cell's key: its first input's group (every input's has the same key). */
const summaryGroup *compareCellKey(const compareCell *c, size_t nin);

#endif
