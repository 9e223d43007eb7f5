/* summary.h -- a results directory's samples and whole-process runs, grouped
 * and reduced to the figures the verdicts, charts and report rest on.
 *
 * Inputs are read by column NAME (the contract in README "Files a run
 * writes"): columns may come in any order, unknown columns are ignored, and
 * every defect -- a missing column, a row with the wrong field count, a
 * number that is not one -- is reported as "file:line: what" and stops the
 * read. A group is one (workload, params, width, wait, condition, stressors,
 * copy); in-process samples and whole-process runs with the same key land in
 * the same group. */
#ifndef COLDLOAD_SUMMARY_H
#define COLDLOAD_SUMMARY_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define SUMMARY_ERR_MAX 512

typedef struct summaryKey {
    char *workload, *params, *wait, *condition, *stressors, *copy;
    int width; /* 0 when unknown (whole-process runs of other programs) */
} summaryKey;

/* A growable array of doubles (the samples of one kind in one group). */
typedef struct summaryVec {
    double *x;
    size_t n, cap;
} summaryVec;

/* Statistics are NAN when there was nothing to compute them from. */
typedef struct summaryGroup {
    summaryKey key;
    char *harness; /* the harness tag of the group's first row */
    char *source;  /* "file:line" of the group's first row, for citing */
    size_t runs;   /* distinct run ids (processes) */
    size_t n;      /* steady samples */
    size_t nfirst; /* first-run samples (one per process) */
    double prepare_ms, first_ms, first_max_ms; /* medians (and max) over processes */
    double min_ms, median_ms, max_ms;          /* over the steady samples */
    double first_over_min, max_over_median;
    double idle_median_ms, loaded_over_idle; /* only for non-idle groups */
    size_t truncated;                        /* rows with truncated=1 */
    double load1_median, load1_max;          /* over every row's load1 >= 0 */
    double psi_some_pct; /* CPU pressure during the harness (from meta; set by the caller) */
    double procs_median, procs_max;          /* procs_running >= 0 */
    double first_minflt, first_majflt;       /* medians over the first runs */
    double nivcsw_median;                    /* over the steady samples */
    size_t nchecksums;                       /* distinct checksums (first+steady) */
    uint64_t *checksums;
    /* whole-process runs (whole.csv): hyperfine's rows when there are any
     * (processes timed alone, --runs 1), else GNU time's (the measurement
     * runs themselves); page faults come from GNU time's rows only. */
    size_t whole_n, whole_failed;
    const char *whole_tool; /* "hyperfine", "time" or "" */
    double whole_min_ms, whole_median_ms, whole_max_ms, whole_majflt, whole_minflt;
    /* accumulators, freed by summaryFree */
    summaryVec v_prepare, v_first, v_steady, v_load1, v_procs, v_minflt, v_majflt,
        v_nivcsw, v_whole_hf, v_whole_time, v_whole_majflt, v_whole_minflt;
    char **run_ids;
    size_t nrun_ids;
} summaryGroup;

typedef struct summary {
    summaryGroup *g;
    size_t n, cap;
    size_t ignored_rows; /* rows of a phase this version does not know */
    size_t last;         /* index of the group the previous row went to */
} summary;

void summaryInit(summary *s);
void summaryFree(summary *s);

/* Read samples.csv / whole.csv rows into groups. Return 0, or -1 with
 * err = "file:line: what" (the rows read before the defect stay in s). */
int summaryReadSamples(summary *s, const char *path, char *err, size_t errlen);
int summaryReadWhole(summary *s, const char *path, char *err, size_t errlen);

/* Computes every statistic, links loaded groups to their idle group and
 * sorts the groups (workload, params, width, wait, condition, copy). */
void summaryFinish(summary *s);

/* The idle group with the same workload, params, width, wait and copy. */
const summaryGroup *summaryIdleOf(const summary *s, const summaryGroup *g);

/* Writes summary.csv (header and one row per group). Returns 0 or -1. */
int summaryWriteCsv(const summary *s, FILE *f);

/* "grad n=1000, width 2, wait spin, loaded (stressors 2), copy warm" */
void summaryDescribe(const summaryGroup *g, char *buf, size_t len);

/* Formats a time in ms with about four significant figures ("0.0153",
 * "6.62", "1520"), or "-" for NAN. */
const char *summaryFmtMs(double ms, char *buf, size_t len);

int summaryIsIdle(const summaryGroup *g);
int summaryIsLoaded(const summaryGroup *g);

#endif
