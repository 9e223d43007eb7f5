/* results.h -- one results directory loaded: its rows summarised, meta.txt,
 * the verdicts, the first run's parts and the machine it ran on, each file
 * parsed once, in one place. coldload-summarize and coldload-compare read a
 * directory through it, so both take the same figures from the same files
 * with the same rules (the OpenBLAS pool, the load's CPUs, the CPU pressure
 * of each group) and a defect is the same "file:line: what" in both.
 *
 * It sits above verdict/ because loading a directory includes judging it;
 * what the directory's files hold on their own is model/'s. */
#ifndef COLDLOAD_RESULTS_H
#define COLDLOAD_RESULTS_H

#include <stddef.h>

#include "model/firstrun.h"
#include "model/meta.h"
#include "model/summary.h"
#include "verdict/verdict.h"

/* What to load. samples, whole: the CSVs (NULL: the directory's
 * samples.csv and whole.csv, either of which may be absent, not both; a file
 * named here must exist). judge 0: no verdicts (the harness's --decided
 * question needs the figures only). */
typedef struct resultsOptions {
    const char *samples, *whole;
    int judge;
} resultsOptions;

typedef struct results {
    char *dir;
    summary s;           /* finished, each group's psi_some_pct set from meta */
    metaTable meta;      /* meta.txt (empty when absent) */
    verdictThresholds t; /* as given, blas_pool and load_cpus from meta where left at 0 */
    verdictList v;       /* empty unless judged */
    char *machine;       /* metaMachine */
    firstrun fr;         /* firstrun.csv's parts (none when absent) */
    char *fr_err;        /* why firstrun.csv could not be read, or NULL: not fatal */
} results;

/* Result codes of resultsLoad. */
enum {
    RESULTS_OK = 0,
    RESULTS_BAD_INPUT = -1, /* err = "file:line: what", or a missing file */
    RESULTS_NO_MEMORY = -2,
    RESULTS_READ_ERROR = -3 /* a file that exists could not be read (err says which) */
};

/* Loads dir with the thresholds t (verdictDefaults for the page's). Returns
 * RESULTS_OK or one of the codes above, err set; *r must be freed with
 * resultsFree either way. */
int resultsLoad(results *r, const char *dir, const verdictThresholds *t, const resultsOptions *o,
                char *err, size_t errlen);
void resultsFree(results *r);

/* OpenBLAS's pool as the runs started it, for --blas-pool left at 0: the
 * width when the harness set OPENBLAS_NUM_THREADS (1: the check takes the
 * larger), else the runs' nproc, else this machine's. */
double resultsBlasPool(const metaTable *m);

#endif
