/* answers.h -- the report's two opening questions and their answers: "Is the
 * first run slow here, and why?" and "Do threads hurt under full load
 * here?" (a cold-only job asks the first alone, a threads job its own
 * threads question through doc/threadsdoc).
 *
 * Each answer is a lead sentence (yes or no and the figure that decides it),
 * a small table of the cells it rests on, and the rest of the answer. The
 * first answer's judgement is the verdicts': it reads the cold-start and
 * first-run verdicts (their level, group and figures) and never judges the
 * figures again, so the answer cannot say "not much" over a WARN. */
#ifndef COLDLOAD_ANSWERS_H
#define COLDLOAD_ANSWERS_H

#include "doc/report.h"

#define ANSWERS_QUESTIONS 2
const char *answersQuestion(int k);

/* Question k's answer as one plain text, lead and rest (coldload-compare puts
 * them side by side), malloc'd; NULL when out of memory. */
char *answersText(const reportInput *in, int k);

/* The section: per question asked its heading, lead, table and the rest. */
void answersSection(const reportDoc *d);

/* "3, decided", "7, undecided at the most", "5, fixed": how many processes
 * a loaded cell took and why it stopped (meta's stop keys); "-" when meta
 * has no stop for it (results from before the stopping rule). */
const char *answersStopText(const metaStops *stops, const summaryGroup *g, char *buf, size_t len);

#endif
