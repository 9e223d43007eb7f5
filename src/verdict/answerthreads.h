/* answerthreads.h -- a threads job's answer (harness/threads.sh, meta
 * job=threads): "Do threads hurt PROG under full load here?", decided from
 * the threads harness's cells (width x load, K runs each).
 *
 * Per cell the median run (the median of its processes' medians; one run is
 * one process) with a bootstrap 95% interval and its runs: timed, censored
 * (stopped at the cap or once known slow: the run took at least its bound)
 * and failed. A censored run stays in the statistics as its bound, so a
 * median, an interval end or a ratio is exact while every bound lies above
 * it, and a lower bound ("at least") otherwise (summaryBound).
 *
 * Per load level the width with the lowest median is the best. Every claim
 * that two cells differ is the one rule of common/differ (an exact rank test
 * on the runs, a run stopped at a bound ranked as at least its bound, and a
 * size beyond the level's noise floor): threads hurt when the widest width
 * is resolved slower than the best (one-sided, at DIFFER_ALPHA / (widths -
 * 1): the direction is the question's, the best one of the other widths)
 * by at least ANSWER_THREADS_HURT; a ratio beyond ANSWER_THREADS_HURT the rule does
 * not resolve is noise, and the answer no. Bounds only ever make the widest
 * slower, so "yes" holds on them; "no" needs the widest exact, and any
 * answer needs the best one exact (else: not resolved). The widths the rule
 * does not resolve slower than the best are within noise of it -- and under
 * free load, where placement decides each run, so is a width not slow (at
 * least --contention-wide x idle) in most of its runs, the share resolved
 * above one half: a median slower by the toss is not a worse width -- and
 * a width leaves the set only by a difference a user would act on, at
 * least ANSWER_THREADS_ACT beyond the floor. The recommended width is the
 * smallest of them (fewer threads for the same time).
 *
 * Where no width reached the program (answerThreadsCells.one: no {width} in
 * ARGS, no loaded runtime that reads a width variable, the sampler's
 * threads the same in every cell) every cell is every other's twin: no
 * best, no recommendation, no "threads hurt" from widths, the spread of
 * every pair of a level its floor; the lead says what the program ran.
 *
 * The default cell (no width variable set) is one configuration with a
 * width when every run of both used the same number of threads (the
 * sampler's threads_max): its twin. Then no difference between them is ever
 * reported -- their spread is an A/A control, and the level's noise floor
 * (the farther end of the 95% interval of their shift, differShiftInterval,
 * folded above 1, less 1: what two cells of one configuration can show
 * here) is a floor under every other claim at that level; every comparison with the
 * twin takes the runs of both (answerThreadsDiffer). Otherwise the default cell costs when the rule
 * resolves it slower than the best width by ANSWER_THREADS_HURT. Pinned load
 * decides the answer when it was measured (it is the reproducible one),
 * then free load; the other level and the default cell may still say
 * otherwise (answerThreadsOther). doc/threadsdoc says these cells and levels;
 * answer.c turns the deciding level into the answer's data. */
#ifndef COLDLOAD_ANSWERTHREADS_H
#define COLDLOAD_ANSWERTHREADS_H

#include <stddef.h>

#include "common/differ.h"
#include "model/meta.h"
#include "model/summary.h"
#include "verdict/answer.h"

#define ANSWER_THREADS_HURT 1.25 /* widest / best median at or above: threads hurt */
#define ANSWER_THREADS_CELLS 256
/* best / a width's median at or above, resolved beyond the level's floor: a
 * difference a user would act on, the least that leaves a width out of the
 * best-width set (a tenth of the time) */
#define ANSWER_THREADS_ACT 1.10
/* the copy tag of the cell a threads job runs again (the narrowest width,
 * in the same shuffled rounds) where no cell is a twin: the A/A control */
#define ANSWER_THREADS_AGAIN "again"

typedef struct answerThreadsCell {
    const summaryGroup *g;
    size_t ok;             /* runs with a time (their process median exact) */
    size_t censored;       /* runs with a lower bound (stopped: the cap, or known slow) */
    size_t slow;           /* of those, stopped once known slow (the rest: the cap) */
    size_t failed;         /* runs that failed (exit status, signal): no time */
    double median, lo, hi; /* ms: the median run and its bootstrap 95% interval */
    int median_bound, lo_bound, hi_bound; /* each: only a lower bound */
    double bound_ms;                      /* the smallest bound, NAN without one */
    double threads_lo, threads_hi;        /* the fewest and most threads a run used
                                             (runs.csv threads_max), NAN unknown */
} answerThreadsCell;

/* Runs with a time or a bound. */
size_t answerThreadsRuns(const answerThreadsCell *c);

/* Why every cell of a job is one configuration (answerThreadsCells.one): what
 * the program did at every width. */
enum {
    ANSWER_THREADS_WIDTHS = 0, /* a width reached it, or may have: cells differ */
    ANSWER_THREADS_ONE_THREAD, /* one thread in every run: no threads to hurt */
    ANSWER_THREADS_SILENT,     /* threads of a runtime that reads no width variable */
    ANSWER_THREADS_OWN_THREADS /* threads of its own: no runtime it loaded reads one */
};

typedef struct answerThreadsCells {
    answerThreadsCell c[ANSWER_THREADS_CELLS];
    size_t n;
    const char *prog;
    const summary *s; /* what they were collected from */
    /* One configuration, found from what ran: nothing that differs between
     * the cells reached the program -- ARGS hold no {width}, no runtime any
     * run loaded (runs.csv runtimes, known for every cell) reads a width
     * variable, and the sampler's thread count (threads_max) corroborates:
     * the same most in every cell whose runs it saw (never alone: it can
     * miss a short-lived thread, and sees nothing of a run shorter than its
     * first pass). Then every cell is every other's twin
     * (answerThreadsLevel.one). ANSWER_THREADS_WIDTHS otherwise. */
    int one;
    double one_threads; /* the threads of every cell then, NAN none seen */
    char silent[128];   /* the loaded runtimes that read no width variable ("" none) */
} answerThreadsCells;

/* Whether threads hurt at a level: the widest width is the fastest (no),
 * within ANSWER_THREADS_HURT of the fastest (within), beyond it but with
 * overlapping intervals (noise: no harm the runs resolve, so no), beyond it
 * and resolved (yes), or not known from bounds (unresolved: the best width
 * a bound, or the widest a bound that does not reach yes). */
enum {
    ANSWER_THREADS_NO,
    ANSWER_THREADS_WITHIN,
    ANSWER_THREADS_UNRESOLVED,
    ANSWER_THREADS_YES,
    ANSWER_THREADS_NOISE,
    ANSWER_THREADS_N
};

/* A level's first cell, its best numeric width, its widest, and its default
 * cell (any NULL), whether threads hurt there, the widths within noise of
 * the best (near[0..nnear), ascending: their intervals reach the best one's)
 * and the recommended one (the smallest of them). */
typedef struct answerThreadsLevel {
    const answerThreadsCell *first, *best, *widest, *def, *rec;
    const answerThreadsCell *narrowest; /* the narrowest numeric width */
    const answerThreadsCell *twin;      /* the width the default cell is one configuration with */
    const answerThreadsCell *again; /* the cell run again (copy ANSWER_THREADS_AGAIN), NULL none */
    const answerThreadsCell *again_of; /* the width's own cell it was run again of */
    double
        floor; /* the A/A controls' noise floor (default vs twin, again vs its width), 0 without */
    int floor_bound; /* the floor only a lower bound (a twin's median is a bound) */
    size_t nwidths;  /* numeric widths with a median */
    int hurt;
    /* every cell of the level one configuration (answerThreadsCells.one): none
     * best or worse than another, hurt ANSWER_THREADS_NO, near[] every width, rec
     * NULL, and floor the farthest end of the 95% interval of the shift of
     * any two cells of the level */
    int one;
    const answerThreadsCell *near[ANSWER_THREADS_CELLS];
    size_t nnear;
} answerThreadsLevel;

/* The rule (common/differ) on cell a against cell b: their runs, a bound
 * as its bound -- and at level L (NULL: none) the default cell's runs with
 * its twin's and the twin's with the default cell's, one configuration
 * measured twice (never when a and b are that pair). 0, -1 out of memory. */
int answerThreadsDiffer(const answerThreadsLevel *L, const answerThreadsCell *a,
                        const answerThreadsCell *b, differSides sides, double alpha, double floor,
                        differResult *r);

/* 1 when g is the cell run again (copy ANSWER_THREADS_AGAIN): the A/A control of
 * a job where no cell is a twin. Never a width of its own: its shift
 * against its width's cell is a floor of the level (as the twin's), it is
 * never best, widest or within noise. */
int answerThreadsIsAgain(const answerThreadsCell *c);

/* 1 when level L has no A/A control yet -- no twin, not one configuration,
 * no cell run again: the harness then runs one (coldload-summarize
 * --threads-decided's again column). */
int answerThreadsNeedsAgain(const answerThreadsLevel *L);

/* 1 when the default cell of L costs: resolved slower than the best width
 * by ANSWER_THREADS_HURT (and never when it is the twin of a width). */
int answerThreadsDefaultCosts(const answerThreadsLevel *L);

/* 1 when the default cell of loaded level L needs no more runs: it is a
 * width's twin (one configuration) and that width already had a run
 * stopped once known slow -- another set of slow runs of the same thing
 * would only cost (harness/threads.sh leaves the default cell out of the
 * level's further rounds). */
int answerThreadsDefaultRedundant(const answerThreadsLevel *L);

/* 1 when the level's answer is known: threads hurt or not (not unresolved),
 * one width within noise of the best, and every cell with at least
 * DECIDE_MIN_PROCS runs with a time or a bound; under free load also once
 * a run of the widest width was slow, at least --contention-wide x idle
 * (placement's count then holds whatever more runs say) (harness/threads.sh takes
 * another round while it is 0, up to --max-procs). */
int answerThreadsDecided(const answerThreadsLevel *L);

/* 1 when g is a cell of the threads harness. */
int answerThreadsIsThreads(const summaryGroup *g);

/* The cells of the threads harness, each with its median run's interval,
 * and whether they are one configuration (answerThreadsCells.one). */
void answerThreadsCollect(const summary *s, answerThreadsCells *t);

/* The median of every run of every cell at the level of first (a bound as
 * its bound; *bound 1 when it is only a lower bound) and how many runs:
 * one configuration's runs pooled. NAN without runs. */
double answerThreadsPooled(const answerThreadsCells *t, const answerThreadsCell *first, size_t *n,
                           int *bound);
int answerThreadsSameLevel(const answerThreadsCell *a, const answerThreadsCell *b);
answerThreadsLevel answerThreadsLevelOf(const answerThreadsCells *t,
                                        const answerThreadsCell *first);
/* The first cell with this load kind ("none", "pinned", "free"), or NULL. */
const answerThreadsCell *answerThreadsFirstOf(const answerThreadsCells *t, const char *load);
/* The level that decides the answer: pinned load when it was measured, else
 * free load; 0 when neither has a successful run. */
int answerThreadsDeciding(const answerThreadsCells *t, answerThreadsLevel *L);

/* What the deciding level does not say (the lead's second sentence): another
 * loaded level, not free load (placement's: a count of slow runs, said by
 * doc/threadsdoc), where threads hurt while the deciding one says they do
 * not (*hurt: that level's widest cell, else NULL), and the loaded default
 * cell the rule resolves furthest above its level's best width
 * (answerThreadsDefaultCosts; *def, else NULL). */
void answerThreadsOther(const answerThreadsCells *t, const answerThreadsLevel *deciding,
                        answerThreadsLevel *hurt, int *has_hurt, answerThreadsLevel *def,
                        int *has_def);

/* The threads job's verdict, basis, cell and figures into a. 0, or -1 when
 * out of memory. */
int answerThreadsJob(const summary *s, answer *a);

#endif
