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
const char *compareMetricName(compareMetric m);

/* One results directory, read and judged as coldload-summarize does. */
typedef struct compareInput {
    char *dir, *label; /* label: --label, else "host date" from meta, else dir */
    summary s;
    verdictList v;
    verdictThresholds t;
    metaTable meta;
    metaStops stops; /* the stopping rule's stops (model/stops.h) */
    char *machine;   /* metaMachine: malloc'd */
} compareInput;

/* Reads dir (samples.csv and/or whole.csv, meta.txt). label NULL: from meta.
 * Returns 0; -1 with err = "file:line: what" for bad input (exit 2), -2 when
 * out of memory. *in must be freed with compareInputFree either way. */
int compareInputRead(compareInput *in, const char *dir, const char *label, char *err,
                     size_t errlen);
void compareInputFree(compareInput *in);

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

/* 1 when a and b hold the same set of checksums, 0 when not, -1 when
 * either has none. */
int compareSameChecksums(const summaryGroup *a, const summaryGroup *b);

/* Matches the cells, computes every row and finding. Returns 0, -1 when out
 * of memory. */
int compareRun(const compareInput *in, size_t nin, uint64_t seed, compareResult *r);
void compareFree(compareResult *r);

/* The bootstrap of one row: procs are arrays of per-process calls (x[i] with
 * n[i] values; a process with one value is one whole run or one first call).
 * Statistic: median over processes of the median of their calls. NAN
 * interval when either side has nothing or a baseline resample is 0. */
void compareBoot(const double *const *xa, const size_t *na, size_t pa, const double *const *xb,
                 const size_t *nb, size_t pb, uint64_t seed, double *lo, double *hi);

#endif
