/* runlinesdoc.h -- the report's last two sections: "Runs" (every run's
 * page-format lines, from runs-lines.tsv, by log file) and "Metadata"
 * (meta.txt as it is). Both are preformatted blocks: the lines' columns are
 * their structure. */
#ifndef COLDLOAD_RUNLINESDOC_H
#define COLDLOAD_RUNLINESDOC_H

#include "doc/section.h"

void runlinesdocRuns(const reportDoc *d);
void runlinesdocMeta(const reportDoc *d);

/* The run lines of runs-lines.tsv (rl, as results/results loaded it) as
 * one block: by log name, in run order within a log, each prefixed with its
 * log's name padded to a column, a cut file's last line saying so
 * (malloc'd). NULL when there are none (or no memory). */
char *runlinesdocLines(const runlines *rl);

#endif
