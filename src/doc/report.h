/* report.h -- report.html and report.md from a results directory as
 * results/results loaded it: the summary, its verdicts, meta.txt, the first
 * run's parts, what the cold start read, the page-format output lines
 * (runs-lines.tsv) and the scan. No section opens a file of the directory.
 *
 * Both documents are one walk over the job's sections (its row of
 * export/jobs.h names them in order; report.c has a function for each), each
 * section one function writing through a docFmt (doc/docfmt.h): the two
 * answers first (doc/answerdoc: each a lead sentence -- yes or no and the
 * figure that decides it -- then a small table of the cells it rests on,
 * then the rest of the answer), then the charts with how to read them, what
 * the cold start read (doc/coldsection), the first run's parts
 * (doc/firstrundoc), the map of when threads hurt (doc/scandoc), the
 * verdicts and the summary table (doc/verdictsdoc), every run's
 * page-format lines and the metadata (doc/runlinesdoc). Charts are linked
 * relatively (plots/<name>.svg, .png), so the results directory can be
 * moved whole. */
#ifndef COLDLOAD_REPORT_H
#define COLDLOAD_REPORT_H

#include <stdio.h>

#include "doc/docfmt.h"
#include "doc/section.h"

/* The report in one format (docHtml, docMd). 0, or -1 on a write error. */
int reportWrite(const reportInput *in, const docFmt *fmt, FILE *f);

#endif
