/* results.h -- one results directory loaded: its rows summarised, meta.txt,
 * the verdicts, the first run's parts, what the cold start read, the run
 * lines, the scan in scan-run/ and the machine it ran on, each file parsed
 * once, in one place. coldload-summarize and coldload-compare read a
 * directory through it, so both take the same figures from the same files
 * with the same rules (the OpenBLAS pool, the load's CPUs, the CPU pressure
 * of each group) and a defect is the same "file:line: what" in both; the
 * documents (doc/) lay out what it loaded and open no file of it.
 * coldload-scan reads a scan's directory through it too (resultsLoadScanRows).
 *
 * It sits above verdict/ because loading a directory includes judging it;
 * what the directory's files hold on their own is model/'s. */
#ifndef COLDLOAD_RESULTS_H
#define COLDLOAD_RESULTS_H

#include <stddef.h>

#include "model/coldread.h"
#include "model/firstrun.h"
#include "model/meta.h"
#include "model/runlines.h"
#include "model/scan.h"
#include "model/scanrec.h"
#include "model/stops.h"
#include "model/summary.h"
#include "verdict/remedy.h"
#include "verdict/verdict.h"

/* What to load. samples, whole: the CSVs (NULL: the directory's
 * samples.csv and whole.csv, either of which may be absent, not both; a file
 * named here must exist). judge 0: no verdicts (the harness's --decided
 * question needs the figures only). */
typedef struct resultsOptions {
    const char *samples, *whole;
    int judge;
} resultsOptions;

/* Where report.sh puts the scan, under the results directory: a scan's
 * results directory of its own (its rows would join the loaded cells). */
#define RESULTS_SCAN_DIR "scan-run"

/* The scan in scan-run/ as coldload-scan analysed it (its scan/ files), the
 * report's to lay out, never to re-analyse. Every part is optional: a scan
 * analysed by an older coldload-scan has no counts or recommendation. */
typedef struct resultsScan {
    int present;       /* scan-run/ is there */
    char *verdict;     /* scan/verdict.txt, quoted whole, never parsed; NULL when absent */
    int have_counts;   /* scan/counts.tsv read */
    scanCounts counts; /* (when have_counts) */
    int have_recs;     /* scan/recommendation.tsv read (nrecs may be 0) */
    scanRec *recs;
    size_t nrecs;
    long procs;     /* the ledger's (scan-cells.csv) processes; -1 without one */
    metaTable meta; /* scan-run/meta.txt: the scan's own settings (empty when absent) */
    char **charts;  /* scan/'s chart data: heatmap-W, wait-W (each a .dat), sorted */
    size_t ncharts;
    /* The first defect of these files, "file:line: what", or NULL: not
     * fatal, the file is shown as absent. */
    char *err;
} resultsScan;

/* Where threads.sh puts the runs of each remedy it tried (verdict/remedy.h):
 * remedies/<id>/, a results directory of its own (samples.csv, whole.csv,
 * runs.csv, runs-columns.tsv). */
#define RESULTS_REMEDIES_DIR "remedies"

typedef struct results {
    char *dir;
    summary s;            /* finished, each group's psi_some_pct set from meta */
    metaTable meta;       /* meta.txt (empty when absent) */
    metaStops stops;      /* the stopping rule's stops: stops.csv, then meta's legacy keys */
    verdictThresholds t;  /* as given, blas_pool and load_cpus from meta where left at 0 */
    verdictList v;        /* empty unless judged */
    char *machine;        /* metaMachine */
    firstrun fr;          /* firstrun.csv's parts (none when absent) */
    char *fr_err;         /* why firstrun.csv could not be read, or NULL: not fatal */
    coldread cold;        /* cold-pages.tsv's tables, apportioned with s (none when absent) */
    char *cold_err;       /* why cold-pages.tsv could not be read, or NULL: not fatal */
    runlines runs;        /* runs-lines.tsv (none, present 0, when absent) */
    char *runs_err;       /* its first defect, or NULL: not fatal, runs holds the sound rows */
    int logs;             /* the directory has logs/ (the run lines' source) */
    resultsScan scan;     /* scan-run/ */
    remedyRuns *remedies; /* remedies/'s directories, by name (none when absent) */
    size_t nremedies;
    char *remedies_err; /* the first defect there, or NULL: not fatal, that one is left out */
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

/* firstrun.csv alone, for the first-run pairs' stopping rule (firstrun.sh
 * asks between rounds, maybe before any other rows exist): 0, or -1 with
 * err = "file:line: what". fr must be freed with firstrunFree after 0. */
int resultsLoadFirstrun(firstrun *fr, const char *dir, char *err, size_t errlen);

/* The scan in dir/scan-run/ into sc (resultsLoad's part). RESULTS_OK (a
 * defect of its files is sc->err), RESULTS_NO_MEMORY, or RESULTS_BAD_INPUT
 * for a path too long; free sc with resultsScanFree either way. */
int resultsLoadScanFindings(resultsScan *sc, const char *dir, char *err, size_t errlen);
void resultsScanFree(resultsScan *sc);

/* A scan's results directory (harness/scan.sh) as coldload-scan analyses
 * it: samples.csv's scan rows with the ledger scan-cells.csv. */
typedef struct resultsScanRows {
    scanData d;
    long cpus;     /* as given, else meta.txt's scan_cpus */
    int ledger;    /* scan-cells.csv was there */
    char *samples; /* the rows' path, for messages */
} resultsScanRows;

/* Loads dir's scan rows; cpus 0: meta.txt's scan_cpus (its absence is bad
 * input). RESULTS_OK, RESULTS_BAD_INPUT (err = "file:line: what") or
 * RESULTS_NO_MEMORY; free x with resultsScanRowsFree either way. */
int resultsLoadScanRows(resultsScanRows *x, const char *dir, long cpus, char *err, size_t errlen);
void resultsScanRowsFree(resultsScanRows *x);

/* OpenBLAS's pool as the runs started it, for --blas-pool left at 0: the
 * width when the harness set OPENBLAS_NUM_THREADS (1: the check takes the
 * larger), else the runs' nproc, else this machine's. */
double resultsBlasPool(const metaTable *m);

#endif
