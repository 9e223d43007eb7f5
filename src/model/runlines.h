/* runlines.h -- runs-lines.tsv: every run's page-format lines as the
 * harness recorded them (harness/lib/workloads.sh cl_run_lines), read back
 * as data for the report's Runs section, which never reads the logs.
 *
 *   log<TAB>line           the header, once
 *   <log name><TAB><line>  one row per line, in run order (the line itself
 *                          may hold tabs: the first one splits)
 *
 * The file grows with every command of every harness; past RUNLINES_MAX
 * bytes the rest is not read and the report says it was cut. */
#ifndef COLDLOAD_RUNLINES_H
#define COLDLOAD_RUNLINES_H

#include <stddef.h>

#define RUNLINES_FILE "runs-lines.tsv"
#define RUNLINES_MAX (64 * 1024)

typedef struct runlinesRow {
    const char *log, *line; /* into the file's text */
} runlinesRow;

typedef struct runlines {
    char *text;        /* the file's text, split in place */
    runlinesRow *rows; /* in file order */
    size_t n;
    int present; /* the file is there and starts with its header */
    int cut;     /* longer than RUNLINES_MAX: rows past it (and a partial last one) not read */
} runlines;

/* Reads path into rl. 0: read (a missing file: no rows, present 0).
 * -1: a defect, err = "file:line: what" for the first one, and rl holds
 * what is sound -- a file that cannot be read or does not start with the
 * header is as if absent, a row without a tab is left out; the report shows
 * the rest, as it did before the defect was said. -2: out of memory (rl
 * empty). Free rl with runlinesFree either way. */
int runlinesRead(runlines *rl, const char *path, char *err, size_t errlen);
void runlinesFree(runlines *rl);

#endif
