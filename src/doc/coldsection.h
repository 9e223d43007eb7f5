/* coldsection.h -- the report's section "What the cold start read": per
 * workload and cold copy kind, the files the run brought into the page cache
 * (cold-pages.tsv, read by model/coldread) and the share of the extra
 * milliseconds each one's pages stand for. */
#ifndef COLDLOAD_COLDSECTION_H
#define COLDLOAD_COLDSECTION_H

#include "doc/section.h"

/* From the report's input (cold, cold_err): nothing without
 * cold-pages.tsv rows; the reading's error as the section's text when the
 * file was bad. */
void coldsectionWrite(const reportDoc *d);

#endif
