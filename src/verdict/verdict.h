/* verdict.h -- the page's "how to tell you were not caught" checks, applied to
 * every group of a summary, each verdict citing the figures it rests on.
 *
 * The checks are one table, verdictChecks (verdict.c): id, level, function and
 * thresholds; summarize's options, --help, --list-checks, verdicts.txt's
 * header and the report's threshold line are made from it.
 *
 * Verdict ids (stable: tests and the report key on them):
 *   first-run          WARN  first/min >= first_min in a group that is not loaded: the first
 *                            run must not go into an average
 *   first-run-notable  NOTE  first/min >= first_min_notable (and below first_min), not loaded
 *   loaded-first       NOTE  a loaded group's first/min >= first_min_notable: the slow first
 *                            call under load, with its ratio to the idle first call and the
 *                            CPUs the first calls ran on
 *   spread             WARN  width > 1 and max/median >= max_median: check the load
 *   loaded-slow        WARN  loaded median >= loaded_idle x its idle median (x the fair share
 *                            under pinned load): check the load
 *                            (not repeated for a width a contention verdict explains)
 *   contention         WARN  under pinned load (or a load of unknown kind: files from before
 *                            the kinds) width 1 slowed less than contention_narrow x its fair
 *                            share (verdictFairShare) while width > 1 slowed at least
 *                            contention_wide x both its own fair share and width 1's
 *                            slowdown: core contention; fastest width named, with
 *                            slow_procs of procs and the ratio's interval
 *   bimodal            WARN  a loaded group (not free load: placement's) whose process medians split into two groups
 *                            >= bimodal x apart (the widest gap between sorted medians), or,
 *                            failing that, one process's steady calls do (at least two calls
 *                            on each side: one slow call is `spread`'s): k of K processes
 *                            slow, the rest not, so where the scheduler puts the threads
 *                            decides; names the placement difference when `cpus` shows one
 *                            (and loaded-slow is not repeated for it)
 *   placement          WARN  every free-load group with an idle twin: slow_procs of procs,
 *                            the share and its Wilson interval, the two sides' medians and
 *                            where they ran; NOTE when no process was slow. One id per
 *                            free-load cell whatever the share (bimodal and loaded-slow are
 *                            not given for it)
 *   bitwise-same       OK    one checksum idle and loaded at one width: numbers unaffected;
 *                            for a program's cells (harness/threads.sh), one output hash over
 *                            every run of every cell, not the empty output's
 *   output-differs     ERROR a program's output hashes (stdout's, or its file's) differ
 *                            between its cells or runs, or some runs left no file
 *                            (threads.sh; every cell named with its hashes)
 *   output-unchecked   NOTE  a program's output was empty in every run, or no run left the
 *                            file checked: a hash that cannot differ, so no bitwise-same
 *   checksum-differs   ERROR different checksums idle vs loaded at one width, or within a group
 *   idle-busy          WARN  an idle group's samples saw other runnable tasks than its
 *                            own: the caller, width-1 engine workers, OpenBLAS's pool-1
 *   cold-start         NOTE  per workload with whole-process runs of the copy kinds `same` and
 *                            fresh/evicted/dropcache: each kind's median, its extra ms over
 *                            same, the page faults, and what they mean (disk reads or not)
 *                      WARN  the same, when a kind's median >= cold_same x same's
 *   warmup             WARN  an idle cell (its copy kinds together) where a process's calls,
 *                            classed by changepoints (verdict/warmup.h: flat, warmup,
 *                            slowdown, no steady state), reach no steady state or reach it
 *                            after call 2 (coldload's steady figures start there); NOTE
 *                            with the classes' counts otherwise, and for a loaded cell
 *                            where some process is not steady by call 2
 *   no-wait            WARN  a group with "no wait" rows (steady_nowait: submit timed, the
 *                            result not waited for) whose median is below its waited steady
 *                            median by >= no_wait x: timing without waiting measures the
 *                            dispatch, not the work; both medians cited
 */
#ifndef COLDLOAD_VERDICT_H
#define COLDLOAD_VERDICT_H

#include <stdio.h>

#include "model/meta.h"
#include "model/summary.h"

typedef enum { VERDICT_OK, VERDICT_NOTE, VERDICT_WARN, VERDICT_ERROR } verdictLevel;

typedef struct verdictThresholds {
    double first_min, first_min_notable; /* ratios first/min */
    double max_median;                   /* ratio max/median, width > 1 */
    double loaded_idle;                  /* ratio loaded/idle median */
    /* contention: the wide width's slowdown / its fair share and / width 1's
     * (wide), width 1's slowdown / its fair share (narrow) */
    double contention_wide, contention_narrow;
    /* the CPUs the load workers were spread over (N of the fair share);
     * 0 = unknown: one worker per CPU assumed (verdictLoadCpus sets it) */
    double load_cpus;
    double idle_excess; /* median procs_running above the run's own threads by this: busy */
    double idle_others; /* CPUs other tasks kept busy while an idle harness ran: busy */
    /* OpenBLAS's thread pool as the binaries started it (its size is fixed at
     * library load: nproc, or OPENBLAS_NUM_THREADS); its idle workers spin
     * with sched_yield, so they count as runnable. 0 = unknown (width). */
    double blas_pool;
    double cold_same; /* ratio fresh/evicted/dropcache whole-process median / same's: WARN */
    double bimodal;   /* gap ratio between two groups of process medians (or calls) */
    double no_wait;   /* waited steady median / no-wait median: WARN no-wait */
    double why_share; /* a share of a slow run's wall time at or above: why it was slow */
    /* warm-up classes (verdict/warmup.h): the changepoint penalty per
     * changepoint in units of log(calls), the share of a process's calls
     * at its end where a steady state is expected, and how far (a share of
     * the fastest segment's mean) two segments' means may lie apart and
     * still be one regime */
    double warmup_penalty, warmup_steady, warmup_delta;
    /* Not a threshold: what a program's output check hashed, from meta
     * (verdictCheckedOutput): "stdout", "{out}" (a fresh file per run) or the
     * --check-file path; NULL: stdout. The output checks cite it, and runs
     * without a hash count as runs that left no file only when it is one. */
    const char *output_what;
} verdictThresholds;

/* A figure a verdict rests on, by name: a summary.csv column's name where it
 * is one ("first_ms", "min_ms"), else what it is ("ratio", "threshold").
 * NAN when the group has none. A figure of one of several widths or copy
 * kinds carries it in its name: a suffix "_w<width>" for a width
 * ("loaded_over_idle_w2", contention), a prefix of the copy kind for a kind
 * ("evicted_majflt", cold-start); where the order matters a figure says it
 * ("wide_1" = 2: the first wide width). */
typedef struct verdictFigure {
    const char *name;
    double value;
} verdictFigure;

/* A text a verdict cites that is not a number, by name: a checksum or a
 * stdout hash in hex ("checksum", "idle_checksums": "00000000000000aa,
 * 00000000000000bb"), a copy kind ("slowest"), a run id, a cell's
 * description with its hashes ("cell_1", "hashes_1"). Said as it is, never
 * read back. */
typedef struct verdictNote {
    const char *name;
    const char *text;
} verdictNote;

typedef struct verdictCheck verdictCheck;

/* A verdict is data first: its kind (the check that found it), what it is on
 * (group, parts), the figures and notes it cites, and its sentence. A check
 * records the data; the sentence is said from them when the run is over, by
 * its kind's say function (verdictCheck.say), so that the words never decide
 * anything and the data are all a sentence can cite. The sentence opens with
 * its subject -- the group or cell it is on, as text: the parts of the
 * group's key it is on described -- then ": " and the finding; the subject
 * and the finding are kept apart so that no reader splits the sentence. */
typedef struct verdict {
    verdictLevel level;
    const char *id;
    char *text;          /* "<subject>: <finding>" (verdicts.txt's line past the id) */
    char *subject;       /* "grad n=1000, width 2, ...", or NULL when it is on nothing */
    const char *finding; /* text past the subject and its ": " (into text) */
    /* The group the subject names and the parts of its key it is on
     * (SUMMARY_K_*): SUMMARY_K_ALL for one group; fewer for a cell of several
     * groups (contention: every width, bitwise-same: workload, params and
     * width, output-differs: workload and params, cold-start: every copy), of
     * which `group` is one. NULL and 0 when it is on no group. Points into the
     * summary the verdicts were run on. */
    const summaryGroup *group;
    unsigned parts;
    /* Its figures and notes, in the order recorded (names unique): the
     * verdict owns the arrays and their strings (verdictFree). */
    verdictFigure *fig;
    size_t nfig;
    verdictNote *note;
    size_t nnote;
    const verdictCheck *kind; /* its row of verdictChecks */
} verdict;

/* v's figure of that name, NAN when it has none. */
double verdictFig(const verdict *v, const char *name);
/* v's figure of the name fmt makes ("median_ms_w%d", 2), NAN when none. */
__attribute__((format(printf, 2, 3))) double verdictFigf(const verdict *v, const char *fmt, ...);
/* v's note of that name, NULL when it has none. */
const char *verdictNoteOf(const verdict *v, const char *name);

typedef struct verdictList {
    verdict *v;
    size_t n, cap;
} verdictList;

/* One threshold of a check: the option that sets it, the field it sets, its
 * default and its help. summarize's options and --help, verdicts.txt's header
 * and the report's threshold line are all made from these. */
typedef struct verdictParam {
    const char *name;     /* the option without "--": "first-min" */
    const char *arg;      /* its value in --help: "R" a ratio, "N" a count */
    size_t off;           /* offsetof(verdictThresholds, the field) */
    double def;           /* the default */
    const char *def_text; /* the default as --help says it when it is not a number, or NULL */
    const char *help;     /* what it decides ("first/min at or above: ...") */
} verdictParam;

#define VERDICT_PARAMS_MAX 3
#define VERDICT_AFTER_MAX 4

typedef struct verdictCtx verdictCtx; /* a run of the checks (verdict.c) */

/* One check: the verdict id it gives, at which level, the function that
 * looks for it, how its finding is said, and the thresholds it introduces (a
 * threshold another check also reads is listed once, with the first).
 *
 * Adding a check is one entry of verdictChecks plus its function (and a field
 * for each new threshold): the function records each verdict's data
 * (verdictFound: group, parts, figures and notes), and the entry says it --
 * with `say`, a function that writes the finding from the verdict's figures,
 * notes, group and the thresholds, or, without one, `sentence` followed by
 * the figures as "(name value, ...)". No check writes text while judging.
 *
 * A check that reads what others decided names them in `after`: it runs
 * after them wherever the table puts it. What passes between checks is the
 * groups they explain (a check with `explains` marks the groups its verdict
 * accounts for; a check that marks one without it fails the run). */
struct verdictCheck {
    const char *id;
    verdictLevel level; /* the level it gives (cold-start: NOTE, WARN from --cold-same) */
    int (*fn)(verdictCtx *x);
    /* writes v's finding (past "<subject>: ") to f; -1 on a write error */
    int (*say)(const verdict *v, const verdictThresholds *t, FILE *f);
    const char *what;                        /* one line: what fires it */
    verdictParam params[VERDICT_PARAMS_MAX]; /* unused slots have name NULL */
    const char *sentence;                    /* the finding when say is NULL */
    const char *after[VERDICT_AFTER_MAX];    /* ids of the checks it reads; unused: NULL */
    int explains;                            /* 1: marks the groups its verdicts explain */
};

/* The checks, in the order they run (the order of verdicts within a level),
 * but for a check that names others in `after`: it waits for them. */
extern const verdictCheck verdictChecks[];
extern const size_t verdictNChecks;

/* The i-th threshold over every check (table order), NULL past the last. */
const verdictParam *verdictParamAt(size_t i);
/* The field of t that p sets. */
double *verdictParamValue(verdictThresholds *t, const verdictParam *p);
double verdictParamGet(const verdictThresholds *t, const verdictParam *p);

/* Every threshold at its default. */
void verdictDefaults(verdictThresholds *t);

/* --load-cpus left at 0: the run's own count from its meta.txt, the words of
 * loaded_cpus_usable, else scan_cpus, else its nproc; 0 (one worker per CPU)
 * without any.
 * coldload-summarize and coldload-compare call it after reading meta. */
void verdictLoadCpus(verdictThresholds *t, const metaTable *m);

/* The slowdown a serial (width 1) or w-thread CPU-bound call is predicted
 * under g's pinned load by the scheduler's fair share: S workers over N CPUs
 * put k = ceil(S/N) workers on the busiest CPU, and a thread there gets
 * 1/(k+1) of it; w > N threads already share the CPUs w/N to one, so they
 * lose less: 1 + k * min(1, N/w). S from g's `stressors`, N = load_cpus
 * (0: N = S). NAN when g's stressors is not a count >= 1. */
/* Where loaded-slow fires for g: --loaded-idle times, under pinned load, the
 * fair share E(w) (a slowdown at the fair share is the load, not the code:
 * with one worker pinned per CPU a serial call runs ~2x, every time, and a
 * fixed 2x sat on it and flipped run to run); --loaded-idle alone otherwise. */
double verdictLoadedSlowAt(const summaryGroup *g, const verdictThresholds *t);
double verdictFairShare(const summaryGroup *g, int width, double load_cpus);

/* The thresholds' part of --help: one "--name R  help [default]" entry each,
 * wrapped to `width` columns. */
void verdictUsage(FILE *f, int width);

/* "--first-min 100 --first-min-notable 10 ...": every threshold as set. */
void verdictThresholdLine(const verdictThresholds *t, FILE *f);

/* What a program's output check (harness/threads.sh) hashed, from its
 * meta: threads_check_what ("stdout", "{out}" or a path; "stdout" when
 * absent), or NULL when the check was off (threads_check_output=0). */
const char *verdictCheckedOutput(const metaTable *m);

/* A program's output check over its cells: the groups of harness/threads.sh
 * with g's workload and params, whose checksums are the hashes of each
 * run's output (`what`: verdictCheckedOutput's). output-differs,
 * bitwise-same and output-unchecked are said from it, and so is the threads
 * report's line on the output. */
typedef enum {
    VERDICT_OUT_NOT_CHECKED, /* no run hashed, none missing its file: the check was off */
    VERDICT_OUT_SAME,        /* one hash, not the empty output's, in every run */
    VERDICT_OUT_EMPTY,       /* every run's output empty (the FNV offset basis): nothing to
                                compare */
    VERDICT_OUT_MISSING,     /* a file was checked and no run left it */
    VERDICT_OUT_DIFFERS,     /* two or more hashes (an empty output is one), or some runs
                                left the file and some did not */
} verdictOutputState;

#define VERDICT_OUTPUT_CAP 8

typedef struct verdictOutput {
    verdictOutputState state;
    uint64_t hashes[VERDICT_OUTPUT_CAP]; /* the distinct hashes (the first CAP) */
    size_t n;                            /* how many of them */
    size_t cells;                        /* groups with a hash, or with runs that left no file */
    size_t runs;                         /* runs hashed */
    size_t missing; /* runs without a hash when `what` is a file: they left none */
    size_t default_cells, idle_cells, loaded_cells; /* of cells: width 0, idle, loaded */
} verdictOutput;

void verdictOutputOf(const summary *s, const summaryGroup *g, const char *what, verdictOutput *o);

/* Runs every check over s (after summaryFinish), then says every verdict's
 * sentence from its data. Returns 0, or -1 when out of memory (the verdicts
 * found so far stay in out for verdictFree; their text may be NULL). */
int verdictRun(const summary *s, const verdictThresholds *t, verdictList *out);
/* verdictRun over checks[0..n) (verdictRun: verdictChecks) -- the same run
 * with the table in another order. -1 also when a check's `after` names no
 * check of the table or the `after`s make a loop, and when a check without
 * `explains` marked a group explained. */
int verdictRunTable(const summary *s, const verdictThresholds *t, const verdictCheck *checks,
                    size_t n, verdictList *out);
void verdictFree(verdictList *l);

const char *verdictLevelName(verdictLevel l);

/* verdicts.txt: one "LEVEL id: text" line per verdict, worst first. */
int verdictWrite(const verdictList *l, const verdictThresholds *t, FILE *f);

/* Where a run of anyone's program spent its wall time (verdictwhy.c), from
 * its group's run figures: the share waiting for a CPU (its cgroup's CPU
 * pressure full over the median run; without a cgroup, its threads'
 * run-queue wait over their runnable time), running (CPU time over threads
 * x wall) and blocked (the rest). */
typedef struct verdictWhy {
    int cgroup; /* the waiting share is the cgroup's (PSI), else schedstat's */
    double wall, wait_share, run_share, blocked_share;
    double cpu, threads; /* CPU time (its cgroup's, else rusage's), ms; threads spread over */
} verdictWhy;

/* g's split into w; 0 when g has not the figures (results from before
 * them, or without the sampler). */
int verdictWhyOf(const summary *s, const summaryGroup *g, verdictWhy *w);

#endif
