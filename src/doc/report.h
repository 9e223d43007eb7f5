/* report.h -- report.html and report.md from a summary, its verdicts, the
 * run's meta.txt and its page-format output lines (the .out files in logs/).
 *
 * Both documents have the same order: the two answers first (each a lead
 * sentence -- yes or no and the figure that decides it -- then a small table
 * of the cells it rests on, then the rest of the answer), then the charts
 * with how to read them, what the cold start read, the first run's parts,
 * the map of when threads hurt (doc/scandoc: the scan in scan-run/, or a
 * line saying there is none), the verdicts (what to believe), the summary
 * table, every run's page-format lines, and the metadata. Charts are linked relatively
 * (plots/<name>.svg, .png), so the results directory can be moved whole. */
#ifndef COLDLOAD_REPORT_H
#define COLDLOAD_REPORT_H

#include <stdio.h>

#include "model/meta.h"
#include "model/summary.h"
#include "verdict/verdict.h"

typedef struct reportInput {
    const summary *s;
    const verdictList *verdicts;
    const verdictThresholds *thresholds;
    const metaTable *meta;
    const char *machine;
    const char *name;        /* the results directory's name, for the title */
    const char *results_dir; /* where logs/ is; NULL: no run lines */
    unsigned charts;         /* bit (1 << i) per chart chartdataCharts[i] rendered */
} reportInput;

int reportWriteHtml(const reportInput *in, FILE *f);
int reportWriteMd(const reportInput *in, FILE *f);

/* The report's opening questions and their answers, for other documents over
 * the same inputs (coldload-compare puts them side by side). */
#define REPORT_QUESTIONS 2
const char *reportQuestion(int k);
char *reportAnswer(const reportInput *in, int k); /* malloc'd (free it); NULL: out of memory */

/* The escaping of report.html's text and report.md's inline text. */
void reportEscapeHtml(FILE *f, const char *s);
void reportEscapeMd(FILE *f, const char *s);

#endif
