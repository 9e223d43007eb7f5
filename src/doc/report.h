/* report.h -- report.html and report.md from a results directory as
 * results/results loaded it: the summary, its verdicts, meta.txt, the first
 * run's parts, what the cold start read, the page-format output lines
 * (runs-lines.tsv) and the scan. No section opens a file of the directory.
 *
 * Both documents are one walk over one table of sections (report.c), each
 * section one function writing through a docFmt (doc/docfmt.h): the two
 * answers first (doc/answerdoc: each a lead sentence -- yes or no and the
 * figure that decides it -- then a small table of the cells it rests on,
 * then the rest of the answer), then the charts with how to read them, what
 * the cold start read (doc/coldsection), the first run's parts
 * (doc/firstrundoc), the map of when threads hurt (doc/scandoc), the
 * verdicts and the summary table (doc/verdictsdoc), every run's
 * page-format lines and the metadata (doc/runsdoc). Charts are linked
 * relatively (plots/<name>.svg, .png), so the results directory can be
 * moved whole. */
#ifndef COLDLOAD_REPORT_H
#define COLDLOAD_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "doc/docfmt.h"
#include "model/meta.h"
#include "model/summary.h"
#include "results/results.h"
#include "verdict/verdict.h"

typedef struct reportInput {
    const summary *s;
    const verdictList *verdicts;
    const verdictThresholds *thresholds;
    const metaTable *meta;
    const char *machine;
    const char *name; /* the results directory's name, for the title */
    unsigned charts;  /* bit (1 << i) per chart chartdataCharts[i] rendered */
    /* The directory's other files, as results/results loaded them. NULL:
     * no directory behind the report (a unit test's): no first-run,
     * cold-read or scan section and no run lines -- a directory without a
     * scan gets the scan section's "no scan" from a scan not present. */
    const firstrun *fr;         /* no section when it has no cells and fr_err is NULL */
    const char *fr_err;         /* firstrun.csv's defect, the section's text */
    const coldread *cold;       /* no section when it has no tables and cold_err is NULL */
    const char *cold_err;       /* cold-pages.tsv's defect, the section's text */
    const runlines *runs;       /* runs-lines.tsv */
    int logs;                   /* the directory has logs/ */
    const resultsScan *scan;    /* scan-run/ */
    const remedyRuns *remedies; /* remedies/: what a threads job tried where threads hurt */
    size_t nremedies;
    const char *remedies_err; /* the first defect there, or NULL */
} reportInput;

/* One document being written: its inputs, its format and file, and what is
 * read from the inputs once for every section (the stopping rule's stops). */
typedef struct reportDoc {
    const reportInput *in;
    const docFmt *fmt;
    FILE *f;
    const metaStops *stops;
} reportDoc;

/* The report in one format (docHtml, docMd). 0, or -1 on a write error. */
int reportWrite(const reportInput *in, const docFmt *fmt, FILE *f);

/* "2.6x", "0.35x", "-" for NAN, into buf. */
const char *reportRatio(double r, char *buf, size_t len);

#endif
