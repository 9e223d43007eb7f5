/* describe.h -- the workload descriptor a workload binary prints for
 * `--describe`: one TAB-separated line per workload it runs, so that the
 * harness and the report learn the workloads from the binaries instead of
 * keeping their own copy of names, arguments and output formats.
 *
 * The table (a header line, then one line per workload):
 *
 *   workload     the samples.csv `workload` value (grad, svdvals, trg)
 *   binary       the binary's file name in build/
 *   params       the whole.csv `params` value one process of `args` gives
 *   args         the binary's arguments for a full (non-QUICK) measurement
 *   quick_args   the same in QUICK mode (idle and loaded alike)
 *   loaded_args  the same under load, full mode (smaller where a loaded
 *                call would take minutes)
 *   line_prefix  how the binary's result lines start ("width ", "beta=")
 *   quick_params, loaded_params   `params` of quick_args and loaded_args
 *   series       timed series one process of `args` runs (one per beta):
 *                the harness's watchdog allows time for each
 *   quick_series the same for quick_args
 *
 * Arguments are words separated by single spaces (no quoting: no value
 * holds a space); no field holds a TAB or a newline. The harness appends
 * --width, --budget, --csv and --tag to them, and --runs when given one. */
#ifndef COLDLOAD_DESCRIBE_H
#define COLDLOAD_DESCRIBE_H

#include <stdio.h>

typedef struct describeRow {
    const char *workload;
    const char *params, *args;
    const char *quick_params, *quick_args;
    const char *loaded_params, *loaded_args;
    int series, quick_series;
} describeRow;

/* Prints the header and one line per row of rows[0..n) for binary, whose
 * result lines start with line_prefix. Returns 0, or -1 when stdout fails
 * (message printed) or a field holds a TAB or newline (a table defect). */
int describePrint(FILE *f, const char *binary, const char *line_prefix, const describeRow *rows,
                  size_t n);

/* The --describe line of each binary's --help, and what the columns are. */
extern const char describeUsage[];

/* What a workload binary says of itself: its name (the table's binary
 * column), its own options' usage (before the common ones), how its result
 * lines start, and its descriptor rows[0..n). */
typedef struct describeBinary {
    const char *name, *usage, *line_prefix;
    const describeRow *rows;
    size_t n;
} describeBinary;

/* The flags every workload binary answers and exits on, wherever they stand
 * among its options: --help or -h prints b's usage, the common options' and
 * --describe's on stdout; --describe prints the table (describePrint).
 * Returns main's exit status for them (0, or 1 when the table failed), -1
 * for any other argument (parsing goes on). */
int describeInfoFlag(const char *arg, const describeBinary *b);

/* A describeBinary of a static rows array (its length counted here). */
#define DESCRIBE_BINARY(name, usage, line_prefix, rows) \
    { (name), (usage), (line_prefix), (rows), sizeof(rows) / sizeof(rows)[0] }

#endif
