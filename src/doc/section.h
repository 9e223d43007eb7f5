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
#include "verdict/answer.h"
#include "verdict/verdict.h"

/* A chart as the report shows it: its file stem (plots/<name>.svg, .png,
 * .dat), its title and how to read it (export/chartdata's charts give them:
 * export/jobs.h's jobChartsShown: the tool maps the charts written here). */
typedef struct reportChart {
    const char *name, *title, *howto;
} reportChart;

/* The report's sections (report.c's table, one function each); a job's
 * report is a list of them in order (reportJob.sections). */
typedef enum {
    REPORT_HEAD,     /* the title, a missing half, the machine */
    REPORT_ANSWERS,  /* the questions' answers (doc/answerdoc) */
    REPORT_AB,       /* an A/B job's answer (doc/abdoc) */
    REPORT_CHARTS,   /* the charts and how to read them */
    REPORT_THREADS,  /* a threads job's levels (doc/threadsdoc) */
    REPORT_COLD,     /* what the cold start read (doc/coldsection) */
    REPORT_FIRSTRUN, /* the first run's parts (doc/firstrundoc) */
    REPORT_SCAN,     /* the map of when threads hurt (doc/scandoc) */
    REPORT_VERDICTS, /* the verdicts (doc/verdictsdoc) */
    REPORT_SUMMARY,  /* the summary table (doc/verdictsdoc) */
    REPORT_RUNS,     /* every run's page-format lines (doc/runlinesdoc) */
    REPORT_META,     /* meta.txt (doc/runlinesdoc) */
    REPORT_END,      /* the document's end */
    REPORT_NSECTIONS
} reportSectionId;

#define REPORT_SECTIONS_MAX REPORT_NSECTIONS

/* What the report of one job is (the job's row of export/jobs.h holds
 * it): its sections in order, the questions its answers section asks, and
 * whose runs it reports. */
typedef struct reportJob {
    int nsections;
    reportSectionId sections[REPORT_SECTIONS_MAX];
    int answer_first, nanswers; /* the answers section: questions answer_first.. (ANSWER_*) */
    int own_question;           /* those answers ask the program's own threads question */
    int own_program;            /* its runs are another program's: no page-format lines */
    answerAsks asks;            /* what its answers ask (verdict/answer.h) */
} reportJob;

typedef struct reportInput {
    const reportJob *job; /* the job's report (export/jobs.h); reportWrite needs it */
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
