/* csvread.h -- an RFC 4180 reader for the rows the binaries and harnesses
 * wrote, reporting every defect as "file:line: what" (a last row without its
 * newline is one: it was cut short). */
#ifndef COLDLOAD_CSVREAD_H
#define COLDLOAD_CSVREAD_H

#include <stddef.h>

typedef struct csvReader csvReader;

csvReader *csvReaderOpen(const char *path, char *err, size_t errlen);
/* Reads the next record. Returns 1 with *fields (nfields of them, valid until
 * the next call) set, 0 at end of file, -1 on a defect (err = "file:line: what"). */
int csvReaderNext(csvReader *r, char ***fields, size_t *nfields, char *err, size_t errlen);
/* Line on which the last record returned started (1-based). */
size_t csvReaderLine(const csvReader *r);
void csvReaderClose(csvReader *r);

/* --- a file read by column name: the checked reader every CSV of a results
 * directory goes through (samples.csv, whole.csv, runs.csv, the scan's rows) */

#define CSVREAD_ERR_MAX 512

typedef struct csvCol {
    const char *name;
    int required; /* its absence from the header is a defect */
    long idx;     /* set by csvReadByName: -1 when absent */
} csvCol;

/* A row's field of column c; "" when the header has no such column. */
const char *csvColField(char **f, const csvCol *c);

/* Called once per row after the header with its fields (exactly the header's
 * count) and where = "file:line"; 0 to go on, -1 with err set to stop. */
typedef int (*csvRowFn)(void *ctx, char **f, const csvCol *cols, const char *where, char *err,
                        size_t errlen);

/* Reads path: a header naming each column once (none empty), every required
 * column of cols present, then each row handed to row. 0, or -1 with err =
 * "file:line: what". */
int csvReadByName(void *ctx, const char *path, csvCol *cols, size_t ncols, csvRowFn row, char *err,
                  size_t errlen);

#endif
