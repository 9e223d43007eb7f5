/* summaryint.h -- what the summary module's files share and nothing else
 * uses: the seam between summary.c (groups, statistics), summaryread.c (the
 * readers) and summarycols.c (summary.csv's columns). summary.h is the API. */
#ifndef COLDLOAD_SUMMARYINT_H
#define COLDLOAD_SUMMARYINT_H

#include <stdint.h>

#include "model/summary.h"

/* A whole decimal number, finite (common/num.h decides what is one). */
int summaryParseDouble(const char *s, double *out);

/* Finds the group of key k, creating it (copying k's strings, each one line
 * of at most TEXT_FIELD_MAX bytes: common/text.h) when new; NULL when out of
 * memory. */
summaryGroup *summaryGroupFor(summary *s, const summaryKey *k, const char *harness,
                              const char *where);
/* The process of run id `id` in g, added when new; NULL when out of memory. */
summaryProc *summaryProcFor(summaryGroup *g, const char *id);
/* Adds checksum c to g's set (once); -1 when out of memory. */
int summaryAddChecksum(summaryGroup *g, uint64_t c);

#endif
