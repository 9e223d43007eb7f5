/* abdoc.h -- an A/B job's answer and section (harness/ab.sh, meta job=ab):
 * "Is B faster than A?" said from verdict/answerab's data, the answer
 * first, then both sides' runs, the A/A arm and the pairs.
 *
 * Its functions take what they say (the summary, meta) and a docFmt, not
 * the report's whole state: the section is one of report.c's, and needs
 * nothing else of it. */
#ifndef COLDLOAD_ABDOC_H
#define COLDLOAD_ABDOC_H

#include <stdio.h>

#include "doc/docfmt.h"
#include "model/meta.h"
#include "model/summary.h"
#include "verdict/answerab.h"

/* The answer's one sentence (the lead) into a malloc'd string; NULL out of
 * memory. */
char *abdocLead(const answerAb *r, const metaTable *m);

/* The precision the job stopped at (meta ab_precision), ANSWER_AB_PRECISION
 * without one. */
double abdocPrecision(const metaTable *m);

/* The section: the question, the lead, the sides' table, the A/A arm and
 * the pairs. A job that asked at several widths (ab.sh --widths): every
 * width's lead first ("At width 2: ..."), then each width's figures under
 * a heading of its own. */
void abdocSection(const summary *s, const metaTable *m, const metaStops *stops, const docFmt *fmt,
                  FILE *f);

#endif
