/* remedy.h -- what fixes it here: at a load level where threads hurt, the
 * settings of the table below that apply to the runtimes the program
 * loaded, tried on the default cell when it costs (what users get) and else
 * on the widest width (where threads hurt), and the width of the CPUs the
 * load leaves free, each judged against the level's best width.
 *
 * The plan (remedyPlan) is what harness/threads.sh runs after a level's
 * rounds, under the same load: each remedy's runs are a results directory
 * of their own, remedies/<id>/ (r<row> for a table row, w<width> for a
 * width no cell measured), so their rows never join the cells'. A remedy
 * fixes it when its median run is within ANSWER_THREADS_HURT of the best
 * width's and the rule for a difference does not resolve it slower -- the
 * rule that says threads do not hurt, applied to one cell -- and its median
 * is exact (a lower bound fixes nothing). The default cell's own median is
 * said beside it: a setting may help without fixing. */
#ifndef COLDLOAD_REMEDY_H
#define COLDLOAD_REMEDY_H

#include <stddef.h>
#include <stdio.h>

#include "model/meta.h"
#include "model/summary.h"
#include "verdict/answerthreads.h"

/* The table: one row per runtime and setting, with what the runtime does
 * without it and where that default is documented (docs/threads.md prints
 * it: `coldload-summarize --list-remedies`). Which setting helps which
 * program under which load is measured nowhere; the runtimes a run loaded
 * (launch/runtimes.h, runs.csv's runtimes column) say which can reach it. */
typedef struct remedy {
    const char *runtime; /* a runtimes[].name (launch/runtimes.h) it applies to */
    const char *setting; /* VARIABLE=value, put in the program's environment */
    const char *without; /* what the runtime does without it */
    const char *source;  /* where that default is documented */
} remedy;

extern const remedy remedies[];
extern const size_t remediesN;

/* 1 when remedies[i] applies to a run whose runtimes column (launch/runtimes.h's
 * "name:variable;name:variable" list) is list: its runtime is in it. */
int remedyApplies(size_t i, const char *list);

/* The table as TSV (runtime, setting, without, source) with a header. 0, or
 * -1 when f could not be written. */
int remediesList(FILE *f);

#define REMEDY_MAX 16 /* remedies at one level: the table's rows and one width */

enum { REMEDY_OFF, REMEDY_AUTO, REMEDY_ALL };

/* "off", "auto", "all" into *mode: 0, or -1 for any other word. */
int remedyModeParse(const char *word, int *mode);

typedef struct remedyItem {
    char id[24];  /* its directory under remedies/: r<row> or w<width> */
    long width;   /* the width its runs are at: 0 the default cell (a setting is tried
                     there, else at the widest width) */
    size_t row;   /* remedies[row] for an r item */
    int is_width; /* a w item: the width of the CPUs the load leaves free */
    int measured; /* a w item whose width is a cell already: no runs of its own */
} remedyItem;

typedef struct remedyPlanOf {
    remedyItem it[REMEDY_MAX];
    size_t n;
    int hurts;       /* threads hurt at the level, or its default cell costs */
    const char *why; /* when there is nothing to try: why, else NULL */
} remedyPlanOf;

/* The remedies to try at the level of load/stressors in s (meta m gives the
 * usable CPUs and the quota): mode REMEDY_AUTO where threads hurt there (its
 * answer yes, or its default cell ANSWER_THREADS_HURT x the best width) and for
 * the runtimes its runs loaded; REMEDY_ALL every setting of the table at
 * any loaded level. 0, or -1 out of memory. */
int remedyPlan(const summary *s, const metaTable *m, const char *load, const char *stressors,
               int mode, remedyPlanOf *p);

/* One remedy judged at one level. */
typedef struct remedyResult {
    const remedyItem *item;
    answerThreadsCell cell; /* its runs at the level (the width cell's own, for a measured w) */
    int have;               /* cell has a median */
    double over_best;       /* its median / the best width's */
    double over_default;    /* its median / the default cell's (NAN without one) */
    int fixes;              /* see the rule above */
    int does_not;           /* the rule resolves it ANSWER_THREADS_HURT x slower than the best
                            (neither: not resolved) */
} remedyResult;

/* One remedy's runs: its item (from its directory's name) and its rows
 * summarised (results/results loads them from remedies/). */
typedef struct remedyRuns {
    remedyItem item;
    summary s;
} remedyRuns;

/* The CPUs the load of this level leaves free: the usable CPUs (meta
 * threads_cpus_usable) less one per load worker, or the quota's whole CPUs;
 * at least 1. */
long remedyFreeWidth(const metaTable *m, int load_kind, const char *stressors);

/* The remedies tried at level L of the cells t: each of runs[0..n) with a
 * cell at L, in order, then the width of the CPUs the load leaves free when
 * a cell of L has that width (*w holds its item) and something was tried.
 * Their results into out[0..max); the count. */
size_t remedyResultsAt(const remedyRuns *runs, size_t n, const metaTable *m,
                       const answerThreadsCells *t, const answerThreadsLevel *L, remedyItem *w,
                       remedyResult *out, size_t max);

/* The rule: a cell r fixes it against the level's best width b when its
 * median is exact and within ANSWER_THREADS_HURT of b's; it does not when the one
 * rule for a difference (common/differ) resolves it ANSWER_THREADS_HURT x slower
 * than b (remedyFailsAgainst: at level L, b's runs with those of its one
 * configuration, answerThreadsDiffer); else it is not resolved. */
int remedyFixes(const answerThreadsCell *r, const answerThreadsCell *b);
int remedyFailsAgainst(const answerThreadsLevel *L, const answerThreadsCell *r,
                       const answerThreadsCell *b);

/* Judges item at level L of the cells t, its runs in rs (its own directory's
 * summary; NULL for a measured w item, whose cell is in t). */
void remedyJudge(const remedyItem *item, const answerThreadsLevel *L, const answerThreadsCells *t,
                 const summary *rs, remedyResult *out);

/* The item an id names (r<row> of the table, w<width>), for a directory
 * found under remedies/: 0, or -1 when the name is none of these. */
int remedyItemOfId(const char *id, remedyItem *it);

#endif
