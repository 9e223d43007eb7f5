/* firstrun.h -- where a first run's milliseconds go: the attribution table
 * from <results>/firstrun.csv (harness/firstrun.sh); its chart data and the
 * report's section are in doc/firstrundoc.h.
 *
 * Each process of firstrun.csv is tagged variant (base, bindnow, static,
 * prefault, pool1), copy (same, fresh, evicted, dropcache) and proc (its
 * round); its rows give exec -> main (exec_to_main, or start_to_main from
 * /proc's 10 ms ticks), main -> first result (main_to_first), the first call
 * and the steady calls. A process's total is exec -> main + main -> first
 * result: from the exec to the first result in hand.
 *
 * Per workload and copy kind K, from the base processes of K:
 *   total   median over the processes; steady: median of their steady medians
 *   extra   total - steady: what the first result cost beyond the work itself
 * and the parts, each the median of paired differences (the processes of
 * one round, equal proc, are a pair), spread min..max over the pairs:
 *   copy kind        total(base, K) - total(base, same)   (K other than same)
 *   dynamic linking  total(base, same) - total(static, same)
 *   OpenBLAS pool    total(base, same) - total(pool1, same)
 *   first touch      first call(base, same) - first call(prefault, same)
 *   (lazy binding    total(base, same) - total(bindnow, same): shown, not
 *                    added -- it is a share of dynamic linking)
 * and the remainder = extra - the parts measured: what none of them explains.
 * A part whose pair is missing is not measured (NAN) and not subtracted. */
#ifndef COLDLOAD_FIRSTRUN_H
#define COLDLOAD_FIRSTRUN_H

#include <stddef.h>
#include <stdio.h>

typedef enum {
    FIRSTRUN_COPY,                  /* the copy kind against the warm binary */
    FIRSTRUN_DYNLINK,               /* dynamic against static */
    FIRSTRUN_POOL,                  /* OpenBLAS pool of W against 1 */
    FIRSTRUN_TOUCH,                 /* no prefault against prefault, on the first call */
    FIRSTRUN_PARTS,                 /* the parts that add up (above) */
    FIRSTRUN_LAZY = FIRSTRUN_PARTS, /* lazy against LD_BIND_NOW: shown only */
    FIRSTRUN_ALL
} firstrunPartId;

typedef struct firstrunSpread {
    double median, min, max; /* NAN when n == 0 */
    size_t n;
} firstrunSpread;

typedef struct firstrunCell {
    char *workload, *kind;
    const char *start_phase; /* exec_to_main, start_to_main, or mixed */
    firstrunSpread exec_main, main_first, first, steady, total; /* base processes of kind */
    double extra;                                               /* total.median - steady.median */
    firstrunSpread part[FIRSTRUN_ALL];
    double remainder; /* extra - the measured parts < FIRSTRUN_PARTS */
} firstrunCell;

typedef struct firstrun {
    firstrunCell *c;
    size_t n;
    size_t procs; /* processes read */
} firstrun;

/* Reads path (absent: no cells, returns 0). -1 on a malformed file or no
 * memory, err = "file:line: what" (nothing left allocated). */
int firstrunLoad(firstrun *fr, const char *path, char *err, size_t errlen);
void firstrunFree(firstrun *fr);

/* A part's name and what was measured for it ("total(base, same) - total(static, same)"). */
const char *firstrunPartName(firstrunPartId p);
const char *firstrunPartHow(firstrunPartId p);
/* The run a part sets against base, same (harness/firstrun.sh's variant):
 * base (of the cell's kind) for the copy kind, else static, pool1, prefault
 * or bindnow. */
const char *firstrunPartVariant(firstrunPartId p);

#endif
