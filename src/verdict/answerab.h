/* answerab.h -- an A/B job's answer (harness/ab.sh, meta job=ab): is B
 * faster than A, on this machine, now?
 *
 * The job runs A, B and A again (the A/A arm, side A2) in blocks of one run
 * each, in a fresh random order per block (the harness's `proc` tag is the
 * block). A pair is A and B of one block: they ran side by side in time,
 * so whatever the machine did then lands on both and cancels in their
 * ratio. The answer is the one rule of common/differ in its paired form
 * (differPaired): the exact signed-rank test of "B slower (or faster) than
 * A beyond the noise floor", and the estimate and 99% interval that invert
 * it (differPairedInterval: Hodges-Lehmann on the pairs' log ratios), so
 * the interval clears the floor exactly when the test says slower.
 *
 * The A/A arm is this run's own control: its pairs (A2/A of a block) are
 * two runs of one command, so its interval is the noise this run can see
 * (aa_noise, said beside the answer), and the rule run on it is its
 * observed false positive: by chance it calls the arm different 1 time in
 * 100 (ANSWER_AB_ALPHA); more often, the machine drifted within blocks. Where it does, the
 * arm's distance from 1 is the floor B/A's test must clear (no difference
 * smaller than the one between A and itself is a finding). A "same" is said with the
 * smallest difference the run could see (the interval's and the floor's
 * farther end), and only up to ANSWER_AB_SAME_MAX.
 *
 * Like with like: a threaded program's run either had a CPU for each of
 * its threads or waited for one (22 ms and 36 ms, say, and every time
 * between), and a ratio over both kinds mixes the machine's luck into B's
 * difference. The launcher measures it per run: runs.csv runq_wait_ms, the
 * time its threads spent runnable but waiting for a CPU (schedstat). A run
 * waited when that is at least ANSWER_AB_WAITED of its wall time. Only the
 * pairs whose two runs both did not wait are compared -- one rule read
 * alike off both runs of a pair, so swapping them inside a pair changes
 * nothing and the test stays exact -- where there are ANSWER_AB_MIN_PAIRS
 * such pairs; else (a loaded machine: every run waits) every pair. How many
 * runs of each side waited is said beside the answer.
 *
 * Widths (ab.sh --widths): a job may ask its question at each of several
 * widths, each run of a width with the width set as make threads sets a
 * cell's. Each width is a question of its own: its A, B and A2 runs are
 * the groups of that width (summaryKey.width; 0 the commands as given), its
 * pairs are the blocks' at that width, and its answer, A/A arm and floor
 * are its own. answerAbWidths lists them.
 *
 * Runs stopped at the cap (--budget: runs.csv status cut) took at least
 * their time: a pair whose B run was stopped has a B/A that is only a lower
 * bound. The signed-rank test of "slower" and the interval's lower end stay
 * valid on such pairs (a larger B/A only raises them); the upper end and
 * "faster" or "same" do not. So with B's runs stopped the answer is "at
 * least" slower or not resolved, the interval with no upper end (A's
 * stopped: at least faster, no lower end), as the threads job words its
 * bounds; with both sides' runs stopped nothing bounds B/A either way.
 *
 * The output check compares B's outputs with A's -- and A's with A again's:
 * a program whose output varies from run to run (a time, a pid) gives no
 * fixed answer to check B against, and is said as that, never as "B does
 * not do what A does".
 *
 * The level: ANSWER_AB_ALPHA, 1 %, where the threads and compare rules use
 * 5 %. A user asks "did my change make it faster?" after every change; at
 * 5 % one A/A job in 20 would say yes, and on this machine 2 of 20 did. */
#ifndef COLDLOAD_ANSWERAB_H
#define COLDLOAD_ANSWERAB_H

#include <stddef.h>

#include "common/differ.h"
#include "model/meta.h"
#include "model/summary.h"

#define ANSWER_AB_MIN_PAIRS 8    /* the paired rule's smallest sample at ANSWER_AB_ALPHA */
#define ANSWER_AB_ALPHA 0.01     /* the level of every ab claim: 99 % intervals */
#define ANSWER_AB_SAME_MAX 0.10  /* "no difference larger than" at most 10 % */
#define ANSWER_AB_WAITED 0.10    /* a run waited for a CPU: run-queue wait >= 10 % of its wall */
#define ANSWER_AB_PRECISION 0.03 /* the stopping rule's default (--precision) */
#define ANSWER_AB_WIDTHS_MAX 257 /* widths 1-256 (--widths) and the commands as given */

enum { ANSWER_AB_A, ANSWER_AB_B, ANSWER_AB_A2, ANSWER_AB_SIDES };
/* The workload names the harness gives each side's runs. */
extern const char *const answerAbSideName[ANSWER_AB_SIDES];

typedef enum {
    ANSWER_AB_NOT_RESOLVED,
    ANSWER_AB_SAME,
    ANSWER_AB_SLOWER,
    ANSWER_AB_FASTER,
} answerAbVerdict;

/* "not resolved", "same", "slower", "faster": results.json's words. */
const char *answerAbVerdictName(answerAbVerdict v);

typedef struct answerAbSide {
    const summaryGroup *g; /* its runs (NULL: none) */
    size_t runs;           /* with a time */
    double median_ms;      /* its median run */
    double cpu_ms;         /* its median CPU time (runs.csv cpu_ms), NAN without */
    size_t waited, nwait;  /* runs that waited for a CPU, of those with the figure */
    size_t failed;         /* runs that failed (whole.csv: a non-zero exit), no time */
} answerAbSide;

typedef struct answerAb {
    int width; /* the width asked (0: the commands as given, no width set) */
    answerAbSide side[ANSWER_AB_SIDES];
    size_t pairs, aa_pairs; /* the pairs compared */
    size_t mixed, aa_mixed; /* pairs left out: a run of them waited for a CPU */
    int like;               /* 1: only pairs of runs that did not wait compared */
    /* B/A pairs whose two runs both did not wait, of like_of (every pair
     * with a time): counted before like falls back to every pair, so the
     * answer can say how few there were */
    size_t like_pairs, like_of;
    double ratio, lo, hi;          /* B/A: the median pair ratio and its interval */
    double aa_ratio, aa_lo, aa_hi; /* A2/A, the same */
    double aa_noise;               /* the A/A interval's farther end from 1: this run's noise */
    double floor;                  /* the A/A arm's resolved distance from 1 (0: none) */
    double smallest;               /* the smallest difference this run could see */
    double cpu_ratio;              /* B's median CPU time over A's */
    differResult test, aa_test;    /* the paired rule on B/A (at the floor), on A2/A */
    int outputs_differ;            /* 1: B printed something else; 0 the same; -1 unknown
                                      (a side unhashed, or A's own output varies) */
    int a_output_varies;           /* 1: A's runs (A and A again) printed different outputs */
    size_t a_outputs;              /* how many different outputs A's runs printed */
    /* pairs compared whose B run (cut_b), A run (cut_a) or both (cut_both)
     * was stopped at the cap before it ended: its time only a lower bound */
    size_t cut_a, cut_b, cut_both;
    /* 1: ratio and lo only lower bounds (B's runs cut), hi unknown; -1:
     * ratio and hi upper bounds (A's), lo unknown; 0 exact */
    int bound;
    answerAbVerdict verdict;
    const char *why; /* why not resolved (NULL otherwise) */
    int all_failed;  /* the side (ANSWER_AB_A, ANSWER_AB_B) that failed in every run, -1 none */
    int decided;     /* the interval as narrow as the precision asked */
    /* slower or faster with the whole interval beyond the same zone (1 +-
     * ANSWER_AB_SAME_MAX): more pairs narrow the ratio, they do not change
     * the verdict -- what a search asks (ab.sh --settle) */
    int settled;
} answerAb;

/* The widths an A/B job asked, ascending, into out (its capacity max): each
 * width a side's runs have (0: the commands as given). How many (0: no
 * side's runs at all). */
size_t answerAbWidths(const summary *s, int *out, size_t max);

/* The answer at width (answerAbWidths) from an A/B job's summary;
 * precision: the interval's relative half-width at which it is decided
 * (harness/ab.sh stops there). 0, -1 out of memory. */
int answerAbCompute(const summary *s, int width, double precision, answerAb *r);

/* The answer at each width of s (answerAbWidths, ascending; width 0 alone
 * when s has no side's runs) into *out, a malloc'd array of *n (free it).
 * 0, -1 out of memory (*out NULL, *n 0). */
int answerAbAll(const summary *s, double precision, answerAb **out, size_t *n);

/* The side (ANSWER_AB_A or ANSWER_AB_B) that failed in every run at some
 * width (*width, when not NULL), -1 when none did: the job has no time of
 * it there. */
int answerAbAllFailed(const summary *s, int *width);

/* The blocks r's width took (its row of stops.csv: harness and cell ab,
 * ab.sh's), *how why it stopped (metaStopHow); -1 without one. */
long answerAbStopOf(const metaStops *stops, const answerAb *r, int *how);

/* The pair ratios B/A (or A2/A with aa) of s at width by block, into out
 * (its capacity max); with like, only the pairs neither of whose runs
 * waited for a CPU (*mixed: the pairs left out); cut (NULL, or max slots)
 * per pair: 1 when the second run's time (B's) is only a lower bound, 2
 * the first's (A's), 3 both. How many. */
size_t answerAbPairs(const summary *s, int width, int aa, int like, double *out, unsigned char *cut,
                     size_t max, size_t *mixed);

/* One block of an A/B job at a width, for the chart of its pairs. */
typedef struct answerAbBlock {
    long block;       /* the block (the runs' proc tag) */
    double ba, aa;    /* its B/A and A2/A (NAN: no pair in this block) */
    int ba_in, aa_in; /* 1: the pair is one the answer compared (like with like
                         leaves out a pair one of whose runs waited) */
} answerAbBlock;

/* r's blocks (r from answerAbCompute on s), ascending, into *out, a
 * malloc'd array of *n (free it; NULL when none): each block with a pair
 * of B/A or of the A/A arm, by r's rule of which pairs are compared. 0,
 * -1 out of memory. */
int answerAbBlocks(const summary *s, const answerAb *r, answerAbBlock **out, size_t *n);

#endif
