/* runcols.h -- one run of anyone's program as columns: the launcher's table
 * of runs.csv.
 *
 * coldload-run (src/tools/coldload-run.c) writes runs.csv's header and rows from this
 * table, and `coldload-run --list-columns` writes the table itself as data
 * (runs-columns.tsv in a results directory, harness/threads.sh): which
 * columns are figures of a run, their units, and which the report shows per
 * cell. The columns themselves -- name, role, unit, cell, what -- are the
 * one list in common/runfigs.h, which the summary includes too and reads
 * runs.csv by (model/summary.h: summaryRunFigOf(s, g, RUNFIG_WALL_MS)); this
 * table adds to each its writer, runPut_<name> in runcols.c. So a new
 * per-run metric is a field the launcher fills (launch/launch.h), one row of
 * that list, its writer here and its line in docs/csv-columns.md -- nothing
 * in bash, nothing in the report's code.
 *
 * The rows are in file order; a column's value is "" when it is unknown (a
 * counter the kernel refused: never a made-up 0). */
#ifndef COLDLOAD_RUNCOLS_H
#define COLDLOAD_RUNCOLS_H

#include <stddef.h>
#include <stdio.h>

#include "common/runfigs.h"
#include "launch/launch.h"

/* A run and the cell it belongs to. */
typedef struct runRecord {
    const launchResult *r;
    const char *stamp, *host, *run_id;
    const char *workload, *params;
    int width;                   /* the width it was given; 0: its own (no width variable set) */
    const char *width_requested; /* that width as written: "N", or "default" */
} runRecord;

/* A column's role: RUNCOL_<role> of the list's KEY, TEXT, FIGURE. */
typedef enum {
    RUNCOL_KEY,    /* what run it was and its cell: not a figure */
    RUNCOL_TEXT,   /* a word or text of the run (its status, where it ran) */
    RUNCOL_FIGURE, /* a number of the run: the summary takes its median per cell */
} runColRole;

typedef struct runColumn {
    const char *name;
    runColRole role;
    const char *unit; /* of a figure: "ms", "kB", "count", "flag" */
    int cell;         /* a figure the report's per-cell table shows (its median) */
    const char *what; /* one line: --list-columns, docs/csv-columns.md */
    void (*put)(const runRecord *x, char *buf, size_t len);
} runColumn;

extern const runColumn runColumns[];
extern const size_t runNColumns;

/* The header, "timestamp,host,...": allocated, NULL when out of memory. */
char *runColumnsHeader(void);

/* Column i's value for x into buf ("" when unknown). */
void runColumnValue(size_t i, const runRecord *x, char *buf, size_t len);

/* The table as TSV (--list-columns): a header line "name role unit cell
 * what", then one line per column. Returns 0, or -1 on a write error. */
int runColumnsList(FILE *f);

#endif
