/* summary.h -- a results directory's samples and whole-process runs, grouped
 * and reduced to the figures the verdicts, charts and report rest on.
 *
 * Inputs are read by column NAME (the contract is docs/csv-columns.md):
 * columns may come in any order, unknown columns are ignored, and
 * every defect -- a missing column, a row with the wrong field count, a
 * number that is not one -- is reported as "file:line: what" and stops the
 * read. A group is one (workload, params, width, wait, condition, load,
 * stressors, copy); in-process samples and whole-process runs with the same
 * key land in the same group. `load` is the harness's kind of load: "none" for
 * idle rows (also when the column is absent), "pinned" (one stress-ng worker
 * bound to each CPU), "free" (unbound workers), or "" for loaded rows of a
 * file without the column (a results directory from before the load kinds:
 * such groups behave as loaded groups always did).
 *
 * A group holds K processes (run_id); each one's steady samples give it a
 * median, and the spread of those medians -- not one pooled median -- says
 * whether a loaded measurement reproduces. */
#ifndef COLDLOAD_SUMMARY_H
#define COLDLOAD_SUMMARY_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "common/runfigs.h"

#define SUMMARY_ERR_MAX 512

typedef struct summaryKey {
    char *workload, *params, *wait, *condition, *stressors, *copy, *load;
    int width; /* 0 when unknown (whole-process runs of other programs) */
    /* stressors as a number, parsed once when the group is made
     * (summaryGroupFor, in common/ranges.h's range): -1 when the text is
     * empty or no count (a file from before the column) */
    int nstressors;
    /* load as its summaryLoads index, parsed once with it (summaryKeySetLoad):
     * -1 when empty (a file from before the column) or unknown */
    int load_kind;
} summaryKey;

/* k's load: the text, and its kind parsed from it. */
void summaryKeySetLoad(summaryKey *k, char *load);

/* The parts of a key summaryKeySame compares (bits of a mask). */
enum {
    SUMMARY_K_WORKLOAD = 1u << 0,
    SUMMARY_K_PARAMS = 1u << 1,
    SUMMARY_K_WIDTH = 1u << 2,
    SUMMARY_K_WAIT = 1u << 3,
    SUMMARY_K_CONDITION = 1u << 4,
    SUMMARY_K_STRESSORS = 1u << 5,
    SUMMARY_K_COPY = 1u << 6,
    SUMMARY_K_LOAD = 1u << 7,
    SUMMARY_K_ALL = (1u << 8) - 1
};

/* 1 when a and b agree on every part in mask: the one "same group" test the
 * grouping, the idle link, the verdicts and the charts share, each with the
 * parts it compares ("the same cell but another width": ALL & ~WIDTH). */
int summaryKeySame(const summaryKey *a, const summaryKey *b, unsigned mask);

/* The vocabulary of the harness's tags, one table each: the copy kinds (which
 * binary a run executed), the conditions and the kinds of load. Every C
 * comparison with a tag value goes through these; each table's order is
 * the order groups sort in. `alias`: an older name the reader maps to this
 * one (results written before the rename keep working). */
typedef struct summaryWord {
    const char *name;
    const char *alias; /* or NULL */
    int cold;          /* copy kinds: a cold start the cold-start check compares with same */
    const char *what;
} summaryWord;

enum {
    SUMMARY_COPY_FRESH,     /* a fresh copy of the binary */
    SUMMARY_COPY_SAME,      /* the same copy again (page cache warm) */
    SUMMARY_COPY_EVICTED,   /* a copy whose pages were evicted */
    SUMMARY_COPY_DROPCACHE, /* after dropping the whole page cache */
    SUMMARY_COPY_INPLACE,   /* the built binary run where it is, no copy */
    SUMMARY_COPY_N
};
extern const summaryWord summaryCopies[SUMMARY_COPY_N];

enum { SUMMARY_COND_IDLE, SUMMARY_COND_LOADED, SUMMARY_COND_N };
extern const summaryWord summaryConditions[SUMMARY_COND_N];

enum {
    SUMMARY_LOAD_NONE,
    SUMMARY_LOAD_PINNED,
    SUMMARY_LOAD_FREE,
    SUMMARY_LOAD_QUOTA,
    SUMMARY_LOAD_N
};
extern const summaryWord summaryLoads[SUMMARY_LOAD_N];

/* The index of v (its name or alias) in words[0..n), or -1. */
int summaryWordOf(const summaryWord *words, size_t n, const char *v);

/* A growable array of doubles (the samples of one kind in one group). */
typedef struct summaryVec {
    double *x;
    size_t n, cap;
} summaryVec;

/* Appends x. Returns 0, or -1 when out of memory (v unchanged). */
int summaryVecPush(summaryVec *v, double x);

/* One process (run_id) of a group: its steady calls and where they ran. */
typedef struct summaryProc {
    char *run_id;
    long proc;         /* the harness's `proc` tag (1..K), 0 when absent */
    summaryVec steady; /* steady call times, ms, in row order */
    summaryVec span;   /* per steady call: CPUs in its `cpus` set, 0 when empty */
    summaryVec cens;   /* per steady call: 1 when it is a lower bound (censored), else 0 */
    double first_ms;   /* NAN when the process had no first row */
    double first_span; /* CPUs of the first call, 0 unknown */
    double median_ms;  /* median of steady, NAN when none (set by summaryFinish) */
    /* censored steady samples (lower bounds: a run stopped before it ended)
     * and the smallest of them; median_bound: median_ms is only a lower
     * bound (a censored sample at or below it) */
    size_t ncensored;
    double censored_min_ms;
    int median_bound;
    /* per-call times of a process whose own steady row is its whole run
     * (phase call, iter k: coldload-run --series-regex); the warm-up
     * classes take these, call 1 first, when there are any */
    summaryVec calls;
} summaryProc;

/* A run's figures of anyone's program (runs.csv, coldload-run): the columns
 * its runs-columns.tsv names as figures, each a median per group over the
 * runs with a time or a bound (status ok, cut, slow). */
#define SUMMARY_RUN_FIGS 48
/* room for every figure of this launcher's list, and then some */
_Static_assert(RUNFIG_NFIGURES <= SUMMARY_RUN_FIGS, "runs.csv has more figures than the summary");
#define SUMMARY_RUN_TEXTS 4
#define SUMMARY_RUN_WORDS_MAX 512 /* a group's items of one text, at most */
typedef struct summaryRunFig {
    char *name; /* the runs.csv column */
    char *unit; /* "ms", "kB", "count", "flag", "code" */
    char *what; /* one line saying what it is */
    int cell;   /* 1: the report's per-cell table shows it */
} summaryRunFig;

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
    /* idle groups: CPUs other tasks kept busy while the group's harness ran
     * (from meta: pressureOthersCpus; set by the caller), NAN unknown */
    double others_cpus;
    int others_probed;                 /* 1: meta has the probes others_cpus is read from */
    double procs_median, procs_max;    /* procs_running >= 0 */
    double first_minflt, first_majflt; /* medians over the first runs */
    double nivcsw_median;              /* over the steady samples */
    size_t nchecksums;                 /* distinct checksums (first+steady) */
    uint64_t *checksums;
    /* the rows those come from (first, steady, no wait): with a checksum,
     * and without one (a program's output not checked, or its file missing) */
    size_t hashed, unhashed;
    /* whole-process runs (whole.csv): hyperfine's rows when there are any
     * (processes timed alone, --runs 1), else GNU time's (the measurement
     * runs themselves); page faults come from GNU time's rows only. */
    size_t whole_n, whole_failed;
    /* runs stopped before they ended, not failed (threads.sh's labels cut:
     * the cap, and slow: known slow), their times lower bounds */
    size_t whole_censored, whole_slow;
    const char *whole_tool; /* "hyperfine", "time" or "" */
    double whole_min_ms, whole_median_ms, whole_max_ms, whole_majflt, whole_minflt;
    /* over processes (summaryFinish): procs with a steady median, the min,
     * median and max of those medians, how many are >= slow_ratio x the idle
     * group's median of medians (SIZE_MAX for idle groups or without one),
     * loaded/idle median of medians and its bootstrap 95% interval. */
    size_t procs, slow_procs;
    double proc_median_min_ms, proc_median_median_ms, proc_median_max_ms;
    double proc_ratio, ratio_lo, ratio_hi;
    /* Censoring (summaryBound): processes whose median is a lower bound, the
     * smallest such bound, and whether the median of medians is a lower
     * bound (a bounded process median at or below it). A loaded group's
     * proc_ratio is a lower bound with its median (ratio_bound), each end of
     * its interval when a bounded process median lies at or below that
     * end's loaded median (ratio_lo_bound, ratio_hi_bound). */
    size_t censored_procs;
    double censored_min_ms;
    int median_bound, ratio_bound, ratio_lo_bound, ratio_hi_bound;
    /* placement: steady calls whose `cpus` named one CPU vs two or more
     * (calls with an empty `cpus` are in neither), and their median ms */
    size_t calls_1cpu, calls_multi_cpu;
    double median_ms_1cpu, median_ms_multi_cpu;
    /* the "no wait" rows (phase steady_nowait): calls timed without
     * waiting for their result; kept apart from the steady statistics */
    size_t nowait_n;
    double nowait_min_ms, nowait_median_ms, nowait_max_ms;
    /* accumulators, freed by summaryFree */
    summaryVec v_prepare, v_first, v_steady, v_load1, v_procs, v_minflt, v_majflt, v_nivcsw,
        v_whole_hf, v_whole_time, v_whole_majflt, v_whole_minflt, v_ms_1cpu, v_ms_multi_cpu,
        v_nowait;
    /* the whole runs' user and system CPU ms, where a row has them: [1]
     * hyperfine's rows, [0] the others' (what hyperfine.json's user and
     * system are the mean of) */
    summaryVec v_whole_user[2], v_whole_sys[2];
    summaryProc *proc;
    size_t nproc;
    /* the run figures (summary.run_fig[k]): their values, their medians
     * (NAN without a value) */
    summaryVec v_run[SUMMARY_RUN_FIGS];
    double run_median[SUMMARY_RUN_FIGS];
    /* the run texts (summary.run_text[k]): the distinct ;-separated items
     * of its runs' values, ";"-joined (NULL: none) */
    char *run_words[SUMMARY_RUN_TEXTS];
} summaryGroup;

typedef struct summary {
    summaryGroup *g;
    size_t n, cap;
    summaryRunFig run_fig[SUMMARY_RUN_FIGS]; /* runs.csv's figures (summaryReadRuns) */
    size_t nrun_fig;
    summaryRunFig run_text[SUMMARY_RUN_TEXTS]; /* its texts marked for the cell */
    size_t nrun_text;
    /* where each figure and text of the list (common/runfigs.h) is among
     * those: 1 + its index in run_fig / run_text, 0 when the results lack it */
    size_t run_fig_at[RUNFIG_NFIGURES];
    size_t run_text_at[RUNFIG_NTEXTS];
    size_t ignored_rows; /* rows of a phase this version does not know */
    size_t last;         /* index of the group the previous row went to */
    /* the width variables the job set at each width, space-separated (meta
     * threads_width_env; set by the caller), "" unknown: every one counts */
    char width_env[512];
} summary;

void summaryInit(summary *s);
void summaryFree(summary *s);

/* Read samples.csv / whole.csv rows into groups. Return 0, or -1 with
 * err = "file:line: what" (the rows read before the defect stay in s). */
int summaryReadSamples(summary *s, const char *path, char *err, size_t errlen);
int summaryReadWhole(summary *s, const char *path, char *err, size_t errlen);

/* Reads runs.csv (coldload-run's record of every run) by the names its
 * runs-columns.tsv gives: each column of role `figure` (at most
 * SUMMARY_RUN_FIGS) becomes a run figure of the summary, and every run with
 * a time or a bound adds its value to its group's. Both files come from a
 * results directory: a name that is not [a-z0-9_], a unit or a text that is not
 * printable ASCII, or a row that is not a number where the figure is
 * expected, is a defect "file:line: what" (-1); a column the TSV names and
 * runs.csv lacks is skipped. A figure or text the list of common/runfigs.h
 * has is found by its identifier (run_fig_at, run_text_at: summaryRunFigOf);
 * one it lacks (a newer launcher's) is still read, by its name alone. 0 when
 * read. */
int summaryReadRuns(summary *s, const char *runs_csv, const char *columns_tsv, char *err,
                    size_t errlen);

/* Computes every statistic, links loaded groups to their idle group and
 * sorts the groups (workload, params, width, wait, condition, load, stressors,
 * copy). slow_ratio: a loaded process whose median is at least this many
 * times the idle median of medians counts in slow_procs (summarize passes its
 * --contention-wide). */
void summaryFinish(summary *s, double slow_ratio);

/* The bootstrap behind ratio_lo/ratio_hi: SUMMARY_BOOT_REPS resamples (with
 * replacement) of the loaded and of the idle processes, the ratio of their
 * medians of process medians each time; the interval is the 2.5th and 97.5th
 * percentile of the sorted ratios (ranks floor(0.025 R) and
 * ceil(0.975 R) - 1). A splitmix64 stream seeded with SUMMARY_BOOT_SEED,
 * restarted for every group: a group's interval depends on its data only. */
#define SUMMARY_BOOT_REPS 2000
#define SUMMARY_BOOT_SEED 20261203u
void summaryBootRatio(const double *loaded, size_t nl, const double *idle, size_t ni, double *lo,
                      double *hi);

/* g's median of run figure f (summaryRunFigOf(s, g, RUNFIG_WAIT_FULL_MS):
 * common/runfigs.h), NAN when the results have no such figure (a results
 * directory from before it) or g no value of it. */
double summaryRunFigOf(const summary *s, const summaryGroup *g, runfigFigure f);
/* g's values of run figure f, one per run with a time or a bound (NULL when
 * the results have no such figure). */
const summaryVec *summaryRunFigValues(const summary *s, const summaryGroup *g, runfigFigure f);
/* g's items of run text t (summary.run_text: the texts the cell shows),
 * NULL when none. */
const char *summaryRunTextOf(const summary *s, const summaryGroup *g, runfigText t);

/* Whether a statistic q of values some of which are lower bounds is itself
 * only a lower bound: 1 when a bound (bounds[0..n)) lies at or below q. A
 * quantile of the observed values stays exact while every bound lies above
 * it (those values are above it whatever they really are), and becomes a
 * lower bound otherwise (a value could have been larger). */
int summaryBound(double q, const double *bounds, size_t n);

/* Distinct CPUs in a `cpus` field ("0;1" -> 2, "" -> 0), or -1 when it is
 * not a ;-separated list of CPU numbers. */
int summaryCpuSpan(const char *cpus);

/* The idle group with the same workload, params, width, wait and copy. */
const summaryGroup *summaryIdleOf(const summary *s, const summaryGroup *g);

/* summary.csv's columns (docs/csv-columns.md), in file order: its header and
 * its rows are written from this table, and results.json's group figures
 * carry the same names. */
typedef enum {
    SUMMARY_COL_TEXT,          /* a string, CSV-quoted when it needs it */
    SUMMARY_COL_WORD,          /* a string of the program's own words (never quoted) */
    SUMMARY_COL_WIDTH,         /* an int, none when <= 0 */
    SUMMARY_COL_COUNT,         /* a size_t */
    SUMMARY_COL_COUNT_OR_NONE, /* a size_t, none when SIZE_MAX */
    SUMMARY_COL_FLAG,          /* an int, 0 or 1 */
    SUMMARY_COL_NUM,           /* a double, none when NAN */
    SUMMARY_COL_CHECKSUMS      /* the group's distinct checksums, ";"-separated hex */
} summaryColKind;

typedef struct summaryColumn {
    const char *name;
    summaryColKind kind;
    size_t off; /* offsetof(summaryGroup, the field) */
} summaryColumn;

extern const summaryColumn summaryColumns[];
extern const size_t summaryNColumns;

/* A TEXT or WORD column's value ("" when unset), NULL for other kinds. */
const char *summaryColText(const summaryGroup *g, const summaryColumn *c);
/* A numeric column's value as a double, NAN when it has none (and for the
 * TEXT, WORD and CHECKSUMS kinds). */
double summaryColNum(const summaryGroup *g, const summaryColumn *c);

/* Writes summary.csv (header and one row per group). Returns 0 or -1. */
int summaryWriteCsv(const summary *s, FILE *f);

/* Writes "grad n=1000, width 2, wait spin, loaded (stressors 2), copy same" to f. */
void summaryDescribe(const summaryGroup *g, FILE *f);

/* Appends printf output to buf at *o, never past len (*o may pass len: the
 * text was cut, and later calls append nothing). */
__attribute__((format(printf, 4, 5))) void summaryCat(char *buf, size_t len, size_t *o,
                                                      const char *fmt, ...);

/* Formats a time in ms with about four significant figures ("0.0153",
 * "6.62", "1520"), or "-" for NAN. */
const char *summaryFmtMs(double ms, char *buf, size_t len);

/* 1 when g's copy is kind (a SUMMARY_COPY_*, its alias included). */
int summaryIsCopy(const summaryGroup *g, int kind);
int summaryIsIdle(const summaryGroup *g);
int summaryIsLoaded(const summaryGroup *g);
/* A program's `default` cell (harness/threads.sh): width 0, none set. */
int summaryIsDefaultWidth(const summaryGroup *g);
/* A loaded group whose load is pinned, or of a file without load kinds (the
 * measurements the contention verdict is decided on). */
int summaryIsPinned(const summaryGroup *g);
int summaryIsFree(const summaryGroup *g);  /* loaded, by unbound workers */
int summaryIsQuota(const summaryGroup *g); /* loaded, by a CPU quota */

#endif
