/* answerdoc.h -- the report's two opening questions and their answers: "Is the
 * first run slow here, and why?" and "Do threads hurt under full load
 * here?" (a cold-only job asks the first alone, a threads job its own
 * threads question through doc/threadsdoc).
 *
 * Each answer is a lead sentence (yes or no and the figure that decides it),
 * a small table of the cells it rests on, and the rest of the answer. What
 * each answer says -- which cell decides, yes or no, the figures -- is
 * verdict/answer's data (answerdocOf); this module only writes it. */
#ifndef COLDLOAD_ANSWERDOC_H
#define COLDLOAD_ANSWERDOC_H

#include "doc/section.h"
#include "verdict/answer.h"

/* Question k's answer as data (verdict/answer) from in. 0, or -1 when out
 * of memory; *a must be freed with answerFree either way. */
int answerdocOf(const reportInput *in, int k, answer *a);

/* Answer a's lead as one plain text, malloc'd (NULL: out of memory): its
 * verdict and the figure that decides it, from its data alone
 * (coldload-compare puts the inputs' side by side). */
char *answerdocLead(const answer *a);

/* What a threads job says of the first question. */
extern const char answerdocNotAsked[];

/* Question k's answer as one plain text, lead and rest, malloc'd; NULL when
 * out of memory. */
char *answerdocText(const reportInput *in, int k);

/* The section: per question asked its heading, lead, table and the rest. */
void answerdocSection(const reportDoc *d);

/* "3, decided", "7, undecided at the most", "5, fixed": how many processes
 * a loaded cell took and why it stopped (meta's stop keys); "-" when meta
 * has no stop for it (results from before the stopping rule). */
const char *answerdocStopText(const metaStops *stops, const summaryGroup *g, char *buf, size_t len);

#endif
