/* coldread.h -- "what the cold start read": per workload and cold copy kind,
 * the files a run read from disk and the share of the extra milliseconds
 * each one accounts for.
 *
 * cold.sh writes <out>/cold-pages.tsv: per run (workload, copy kind, copy k)
 * and per file it evicted or queried, the file's pages resident before and
 * after the run (mincore, coldload-evict --query), so pages_read = after -
 * before is what that run brought into the page cache: read from disk.
 *
 * The table takes, per file, the median over the copies of pages_read, and
 * apportions the kind's extra whole-process ms (its median minus the `same`
 * copy's, from the summary) by pages read: share = extra x pages / all
 * pages. That is an apportionment, not a measurement of each file -- it
 * assumes every page costs the same -- and the report says so. */
#ifndef COLDLOAD_COLDREAD_H
#define COLDLOAD_COLDREAD_H

#include <stddef.h>

#include "model/summary.h"

typedef struct coldreadFile {
    char *path;
    double size_bytes;
    double pages_read; /* median over the copies */
    double share_ms;   /* NAN when the extra ms are unknown */
} coldreadFile;

typedef struct coldreadTable {
    char *workload;     /* as in cold-pages.tsv: grad, svdvals, binary */
    char *kind;         /* fresh, same, evicted, dropcache */
    size_t copies;      /* runs (copies) behind the medians */
    double extra_ms;    /* whole-process median minus same's; NAN when unknown */
    double total_pages; /* sum of the files' pages_read */
    coldreadFile *f;    /* largest pages_read first */
    size_t n;
} coldreadTable;

typedef struct coldread {
    coldreadTable *t;
    size_t n;
} coldread;

/* Reads path (a missing file gives no tables and 0) and apportions with the
 * whole-process medians of s (after summaryFinish). -1 on a malformed line
 * or no memory, err = "file:line: what". */
int coldreadLoad(coldread *c, const char *path, const summary *s, char *err, size_t errlen);
void coldreadFree(coldread *c);

#endif
