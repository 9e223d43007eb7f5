/* section.h -- what every section of the report is given: the report's
 * inputs (reportInput), the document being written (reportDoc), the charts
 * it shows (reportChart), and the one ratio format the sections share.
 * Below report.h and every section's header: report.c walks the sections,
 * the sections include only this, so nothing in doc/ includes upward. */
#ifndef COLDLOAD_SECTION_H
#define COLDLOAD_SECTION_H

#include <stddef.h>
#include <stdio.h>

#include "doc/docfmt.h"
#include "model/meta.h"
#include "model/summary.h"
#include "results/results.h"
#include "verdict/verdict.h"

/* A chart as the report shows it: its file stem (plots/<name>.svg, .png,
 * .dat), its title and how to read it (export/chartdata's charts give them:
 * chartdataShown). */
typedef struct reportChart {
    const char *name, *title, *howto;
} reportChart;

typedef struct reportInput {
    const summary *s;
    const verdictList *verdicts;
    const verdictThresholds *thresholds;
    const metaTable *meta;
    const metaStops *stops; /* the stopping rule's stops (model/stops.h); NULL: none */
    const char *machine;
    const char *name;          /* the results directory's name, for the title */
    const reportChart *charts; /* the charts rendered, in the report's order */
    size_t ncharts;
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

/* "2.6x", "0.35x", "-" for NAN, into buf. */
const char *reportRatio(double r, char *buf, size_t len);

#endif
