/* summaryreadcols.h -- the columns model/summaryread reads, one X-macro list
 * per file, in the style of common/runfigs.h's RUNFIG_COLUMNS: samples.csv
 * (SUMMARY_SAMPLES_COLUMNS) and whole.csv (SUMMARY_WHOLE_COLUMNS) are the
 * writers' own lists (common/csvcols.h: every column of the file, the ones
 * the summary does not read not required), and the key
 * columns of runs.csv (SUMMARY_RUNS_KEYS, and out_hash: checked on every
 * row, never summarised; its figures are the names its directory's
 * runs-columns.tsv gives).
 *
 * X(ID, name, required) once per column:
 *   ID        the column's name in capitals: its identifier is
 *             SUMMARY_SAMPLES_<ID>, SUMMARY_WHOLE_<ID> or SUMMARY_RUNS_<ID>
 *   name      its name in the file's header, a bare word (#name is the string)
 *   required  1: a file without it is refused ("file:1: ... 'ms'"); 0: a file
 *             from before it (an older results directory) may lack it, and
 *             its field then reads as "" (csvColField)
 *
 * The enum of a file and its reader's table (csvCol, SUMMARY_READ_COL) are
 * both made from its list, so the reader asks for a field as
 * cols[SUMMARY_SAMPLES_WIDTH]: a misspelt column is a compile error, and an
 * identifier cannot name another column than its own. Columns the code walks
 * as a run (MINFLT..NIVCSW of samples.csv, USER_MS..SYS_MS of whole.csv)
 * stay side by side. */
#ifndef COLDLOAD_SUMMARYREADCOLS_H
#define COLDLOAD_SUMMARYREADCOLS_H

#include "common/csvcols.h"

/* samples.csv and whole.csv: common/csvcols.h's lists, as the writers'
 * headers are made from them (samples.csv's tags the harnesses give). */
#define SUMMARY_SAMPLES_COLUMNS(X) SAMPLES_CSV_COLUMNS(X) SAMPLES_CSV_TAGS(X)
#define SUMMARY_WHOLE_COLUMNS(X) WHOLE_CSV_COLUMNS(X)

/* clang-format off */
#define SUMMARY_RUNS_KEYS(X) \
    X(WORKLOAD, workload, 1) \
    X(PARAMS, params, 1) \
    X(WIDTH, width, 1) \
    X(WIDTH_REQUESTED, width_requested, 1) \
    X(STATUS, status, 1) \
    X(HARNESS, harness, 0) \
    X(CONDITION, condition, 0) \
    X(STRESSORS, stressors, 0) \
    X(COPY, copy, 0) \
    X(LOAD, load, 0) \
    X(OUT_HASH, out_hash, 0)
/* clang-format on */

/* One enumerator per column, in file order; SUMMARY_<FILE>_N counts them. */
#define SUMMARY_SAMPLES_ENUM(ID, name, required) SUMMARY_SAMPLES_##ID,
#define SUMMARY_WHOLE_ENUM(ID, name, required) SUMMARY_WHOLE_##ID,
#define SUMMARY_RUNS_ENUM(ID, name, required) SUMMARY_RUNS_##ID,
typedef enum { SUMMARY_SAMPLES_COLUMNS(SUMMARY_SAMPLES_ENUM) SUMMARY_SAMPLES_N } summarySamplesCol;
typedef enum { SUMMARY_WHOLE_COLUMNS(SUMMARY_WHOLE_ENUM) SUMMARY_WHOLE_N } summaryWholeCol;
typedef enum { SUMMARY_RUNS_KEYS(SUMMARY_RUNS_ENUM) SUMMARY_RUNS_N } summaryRunsKey;
#undef SUMMARY_SAMPLES_ENUM
#undef SUMMARY_WHOLE_ENUM
#undef SUMMARY_RUNS_ENUM

/* A column's entry of its reader's table (model/csvread's csvCol, not found
 * yet): csvCol cols[SUMMARY_SAMPLES_N] = {SUMMARY_SAMPLES_COLUMNS(SUMMARY_READ_COL)}.
 * The name is quoted as given, never expanded as a macro. */
#define SUMMARY_READ_COL(ID, name, required) {#name, required, -1},

#endif
