/* answer.h -- the report's two opening questions answered as data: "Is the
 * first run slow here, and why?" (id first-run) and "Do threads hurt under
 * full load here?" (id threads), each with its verdict (yes, no, not
 * measured), the figures that decide it by name, the cell they are on, and
 * the rows of the cells it rests on.
 *
 * It sits in verdict/ because it judges: the report (doc/answerdoc) only says
 * these data, results.json writes them (export/json) and coldload-compare
 * (results/compare, doc/comparedoc) sets two inputs' answers side by side
 * and notes where they differ, so the three can never disagree.
 *
 * The first answer's judgement is the verdicts': it reads the cold-start and
 * first-run verdicts (their level, group and figures) and never judges the
 * figures again, so it cannot say no over a WARN. The second reads the
 * loaded groups' per-process figures (slow_procs of procs, proc_ratio and
 * its interval); pinned load decides it when it was measured (it
 * reproduces), then a load of unknown kind, then free load. A threads job
 * (harness/threads.sh) asks the threads question alone and decides it from
 * its own cells (answerthreads.h). */
#ifndef COLDLOAD_ANSWER_H
#define COLDLOAD_ANSWER_H

#include <stddef.h>

#include "model/meta.h"
#include "model/summary.h"
#include "verdict/verdict.h"

#define ANSWER_QUESTIONS 2
enum { ANSWER_FIRST_RUN, ANSWER_THREADS };

typedef enum {
    ANSWER_NOT_MEASURED, /* the run has nothing to answer it from */
    ANSWER_NO,
    ANSWER_YES,
    ANSWER_UNCLEAR,   /* a threads job whose two cells' intervals overlap */
    ANSWER_NOT_ASKED, /* a threads job's first question, a cold-only job's threads question */
    ANSWER_VERDICT_N
} answerVerdict;

/* "not measured", "no", "yes", "unclear", "not asked". */
const char *answerVerdictName(answerVerdict v);

/* "first-run", "threads"; the question's text. */
const char *answerId(int k);
const char *answerQuestion(int k);

/* A figure the answer rests on, by name (as the verdicts': a summary.csv
 * column's name where it is one). NAN when the run has none. */
typedef struct answerFigure {
    const char *name;
    double value;
} answerFigure;

#define ANSWER_FIGURES_MAX 20

/* One row of an answer's table. first-run: a cold copy kind (g) against the
 * same copy of its cell (base), ms their whole-process medians, majflt
 * their major faults. threads: a loaded group (g) against its idle twin
 * (base), ms their medians of process medians, slow of procs processes at
 * least contention_wide x idle, ratio loaded/idle with its interval, and how
 * many processes the stopping rule took (taken, -1: meta has no stop for it)
 * and why it stopped (a metaStopHow). */
typedef struct answerRow {
    const summaryGroup *g, *base;
    double base_ms, ms, ratio, lo, hi;
    double majflt, base_majflt;
    size_t slow, procs;
    long taken;
    int how;
} answerRow;

/* One load kind's figures (threads): processes slow at width > 1 (slow of
 * procs), the cell with the slowest process (worst: a bimodal cell's median
 * hides it), width 1's range of loaded/idle (lo1-hi1 over n1 cells). */
typedef struct answerLoad {
    size_t slow, procs, n1;
    double lo1, hi1;
    const summaryGroup *worst;
} answerLoad;

/* What a cold kind's figures against the same copy's mean (the cold-start
 * verdict's explanation): at or above the threshold and beyond same's
 * slowest run with more major faults (the OS reads the files from disk),
 * without more faults, within same's spread, or below the threshold. */
enum { ANSWER_COLD_DISK, ANSWER_COLD_NO_FAULTS, ANSWER_COLD_SPREAD, ANSWER_COLD_CHEAP };

/* The load kinds the threads answer reads, in the order they decide it. */
enum { ANSWER_LOAD_PINNED, ANSWER_LOAD_LEGACY, ANSWER_LOAD_FREE, ANSWER_LOADS };

typedef struct answer {
    int k; /* ANSWER_FIRST_RUN or ANSWER_THREADS */
    answerVerdict verdict;
    /* what decides it: first-run "cold-start" or "first-call"; threads
     * "pinned", "loaded" (a load of unknown kind) or "free"; NULL when
     * nothing does */
    const char *basis;
    const summaryGroup *cell; /* the cell the deciding figures are on, or NULL */
    answerFigure fig[ANSWER_FIGURES_MAX];
    size_t nfig;
    answerRow *rows; /* malloc'd */
    size_t nrows;
    /* first-run: the cold-start verdict it cites (a WARN before a NOTE, then
     * the slowest), its same group, the cold kind cited (the slower of
     * evicted and dropcache; fresh when only it was run) and its group, the
     * fresh copy's group; the idle group whose first call is furthest above
     * its steady minimum, and the first-run verdicts on it; the warmup
     * verdict of that group's cell (its processes classed by their calls). */
    struct {
        const verdict *cv, *wv;
        const summaryGroup *same, *cold, *fresh, *first;
        double ratio, threshold;
        int first_warn, first_notable, cold_warn;
        int cold_why;     /* what the cold kind's figures mean (ANSWER_COLD_*) */
        int fresh_cached; /* the fresh copy below the threshold: copying caches it */
    } fr;
    /* threads: each load kind's figures, and whether its processes at width
     * > 1 were all slow */
    answerLoad load[ANSWER_LOADS];
    int all_slow[ANSWER_LOADS];
    int decides;     /* the ANSWER_LOAD_* that decides it, -1: none */
    int threads_job; /* decided from a threads job's cells (answerthreads.h) */
} answer;

/* What an answer is computed from. */
/* What the job that made the directory asks of its answers: data its row
 * says (export/jobs.c's reportJob.asks), handed down by the layers above,
 * so nothing here tests which job it was. */
typedef enum {
    ANSWER_ASKS_BOTH,       /* the report's two questions (0: what a bare input asks) */
    ANSWER_ASKS_FIRST_RUN,  /* a cold-only job: the first run only, threads not asked */
    ANSWER_ASKS_OWN_THREADS /* a threads job: its own program's threads, the first run not asked */
} answerAsks;

typedef struct answerInput {
    const summary *s;
    const verdictList *verdicts;
    const verdictThresholds *thresholds;
    const metaTable *meta;  /* NULL: none */
    const metaStops *stops; /* the stopping rule's stops (model/stops.h); NULL: none */
    answerAsks asks;
} answerInput;

/* Question k's answer. 0, or -1 when out of memory (a is then empty but
 * freeable). */
int answerCompute(const answerInput *in, int k, answer *a);

void answerFree(answer *a);

/* a's figure of that name, NAN when it has none. */
double answerFig(const answer *a, const char *name);

/* The stopping rule's stop of loaded group g (meta's stop keys): processes
 * taken, or -1 when meta has none; *how its metaStopHow. */
long answerStopOf(const metaStops *stops, const summaryGroup *g, int *how);

#endif
