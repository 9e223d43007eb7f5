/* comparefind.h -- what differs between a comparison's inputs
 * (comparefind.c): verdicts, answers, checksums, cells, options and
 * versions, as findings worst first. */
#ifndef COLDLOAD_COMPAREFIND_H
#define COLDLOAD_COMPAREFIND_H

#include "results/comparemodel.h"

/* r->f: the findings, worst first. 0, -1 out of memory. */
int compareFindings(compareResult *r);

/* 1 when a and b hold the same set of checksums, 0 when not, -1 when
 * either has none. */
int compareSameChecksums(const summaryGroup *a, const summaryGroup *b);

#endif
