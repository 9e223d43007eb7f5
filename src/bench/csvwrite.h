/* csvwrite.h -- tidy CSV rows out, as the workload binaries write them.
 *
 * One row per sample, appended with one write as it completes, so an
 * interrupted run leaves only complete rows, and a row that did not fit is
 * removed again. The header is written only when the file is new
 * (or empty); appending to a file whose header differs is refused, so one
 * file never mixes two column layouts. Columns, in order (common/csvcols.h's
 * SAMPLES_CSV_COLUMNS, the one list of them):
 *
 *   timestamp,host,run_id,workload,params,width,wait,phase,iter,ms,
 *   minflt,majflt,nvcsw,nivcsw,load1,procs_running,checksum,truncated,
 *   cpu,cpus,migrations,width_requested,censored
 *
 * (width_requested and censored last of the fixed columns: a reader that
 * counts columns finds every other one where a file without them has it).
 * censored=1: the sample is a lower bound -- a run stopped before it ended
 * (coldload-run: its cap, or known slow), its ms the time it was stopped.
 * followed by one column per --tag KEY, in the order given. Fields are quoted
 * (RFC 4180) when they hold a comma, a quote, CR or LF.
 * (Reading them back: model/csvread.h.) */
#ifndef COLDLOAD_CSVWRITE_H
#define COLDLOAD_CSVWRITE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "bench/measure.h"
#include "common/csvcols.h"
#include "common/csvfield.h"

/* The fixed columns' header, from common/csvcols.h's one list. */
#define CSV_FIXED_COLUMNS CSVCOLS_HEADER(SAMPLES_CSV_COLUMNS)

#define CSV_TAG_KEY_MAX 64

typedef struct csvTag {
    char key[CSV_TAG_KEY_MAX];
    const char *value;
} csvTag;

/* One sample as the binaries see it. */
typedef struct csvRow {
    const char *workload, *params, *wait, *phase;
    int width, iter, truncated;
    int censored; /* 1: ms is a lower bound (the run was stopped at ms) */
    double ms;
    measureUsage usage; /* this sample's getrusage deltas */
    double load1;       /* sampled at the start of the sample */
    int procs_running;
    uint64_t checksum;           /* FNV-1a over the result bits */
    int no_checksum;             /* 1: the checksum field is empty (not checked) */
    int cpu;                     /* placement.h; -1: empty field */
    const char *cpus;            /* "0;1"; NULL: empty */
    long migrations;             /* -1: empty field (unknown) */
    const char *width_requested; /* "auto", "auto:4", "2"; NULL: empty */
} csvRow;

typedef struct csvWriter csvWriter;

/* The header rows with these tags have (fixed columns, then the tag keys),
 * allocated with room for one more byte; NULL when out of memory. */
char *csvHeaderFor(const csvTag *tags, size_t ntags);

/* Opens path for appending and writes the header when the file is new.
 * On failure returns NULL with a one-line reason in err. */
csvWriter *csvWriterOpen(const char *path, const csvTag *tags, size_t ntags, char *err,
                         size_t errlen);
/* The same over another column list (a launcher's runs.csv): `columns` is
 * the header's fixed part, the tags follow it. */
csvWriter *csvWriterOpenColumns(const char *path, const char *columns, const csvTag *tags,
                                size_t ntags, char *err, size_t errlen);
/* Appends one row of n fields (quoted as needed) and the tags, one write. */
int csvWriterFields(csvWriter *w, const char *const *fields, size_t n);
/* Appends one row (one write). Returns 0, or -1 on a write error, the file
 * then as it was before the row; csvWriterError says why. */
int csvWriterRow(csvWriter *w, const csvRow *row);
/* "FILE: a row could not be written: <strerror>", or "" when no row failed. */
const char *csvWriterError(const csvWriter *w);
void csvWriterClose(csvWriter *w);

/* The run id every row of this process carries: host-independent, unique
 * enough per process (start time and pid). */
const char *csvRunId(void);
/* gethostname(), or "unknown". */
const char *csvHost(void);

/* Appends the times ms[0..n) (a program's calls, as launch/series found
 * them) to samples.csv at path (tags as every row there), each row a copy
 * of tmpl but for phase, iter, ms and censored: page = 1 as coldload's
 * binaries write their calls (call 1 phase first iter 0, call k phase
 * steady iter k - 1), page = 0 as phase call, iter k (a process whose
 * steady row is something else: coldload-run's whole-run time). Nothing
 * when n is 0. 0, or -1 with err. */
int csvWriteTimes(const char *path, const csvTag *tags, size_t ntags, const csvRow *tmpl,
                  const double *ms, size_t n, int page, char *err, size_t errlen);

#endif
