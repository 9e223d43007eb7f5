/* scanrec.h -- the scan's findings as data: what coldload-scan writes into
 * scan/counts.tsv and scan/recommendation.tsv beside verdict.txt, read back
 * by the loader (results/) for the report's scan section (doc/scandoc), and
 * the sentences both verdict.txt and that section render from them.
 * verdict.txt is for people; nothing parses it back.
 *
 *   counts.tsv          one row: cells cpus cut_cells cut_budget cut_watchdog skipped
 *   recommendation.tsv  one row per (workload, load level): workload
 *                       load_workers best_width (empty: no width has data)
 *
 * Tab-separated, one header line naming the columns (docs/scan.md). */
#ifndef COLDLOAD_SCANREC_H
#define COLDLOAD_SCANREC_H

#include <stddef.h>
#include <stdio.h>

#define SCANREC_COUNTS_FILE "counts.tsv"
#define SCANREC_FILE "recommendation.tsv"

typedef struct scanCounts {
    long cells, cpus;
    long cut_cells;    /* cells with any process cut */
    long cut_budget;   /* processes whose budget stopped their runs */
    long cut_watchdog; /* processes stopped inside a call */
    long skipped;      /* processes never started */
} scanCounts;

typedef struct scanRec {
    char workload[16];
    long load_workers; /* pinned load workers of the level */
    char width[16];    /* the best fixed width; "" when none has data */
} scanRec;

/* The files' contents: 0, or -1 when f fails. */
int scanrecWriteCounts(const scanCounts *c, FILE *f);
int scanrecWrite(const scanRec *r, size_t n, FILE *f);

/* Read one back: 0; 1 when the file is absent; -1 when it cannot be read,
 * its header is not the one written above or a row is malformed, err =
 * "file:line: what". *r is malloc'd (n may be 0; none unless 0). */
int scanrecReadCounts(const char *path, scanCounts *c, char *err, size_t errlen);
int scanrecRead(const char *path, scanRec **r, size_t *n, char *err, size_t errlen);

/* "C cells on N CPUs; K cells cut (processes: B by their budget, W stopped
 * inside a call, S never started)". */
void scanrecCountsText(const scanCounts *c, FILE *f);
/* The recommendation of workload w from r's rows for it, "w: width 1 with 0
 * load workers, width 2 with 1 load worker"; nothing when r has none.
 * Returns how many rows it used. */
size_t scanrecLine(const scanRec *r, size_t n, const char *w, FILE *f);

#endif
