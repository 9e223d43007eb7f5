/* answerab.h -- an A/B job's answer (harness/ab.sh, meta job=ab): is B
 * faster than A, on this machine, now?
 *
 * The job runs A, B and A again (the A/A arm, side A2) in blocks of one run
 * each, in a fresh random order per block (the harness's `proc` tag is the
 * block). A pair is A and B of one block: they ran side by side in time,
 * so whatever the machine did then lands on both and cancels in their
 * ratio. The answer is the one rule of common/differ in its paired form
 * (differPaired): the exact signed-rank test of "B slower (or faster) than
 * A beyond the noise floor", and the estimate and 95% interval that invert
 * it (differPairedInterval: Hodges-Lehmann on the pairs' log ratios), so
 * the interval clears the floor exactly when the test says slower.
 *
 * The A/A arm is this run's own control: its pairs (A2/A of a block) are
 * two runs of one command, so its interval is the noise this run can see
 * (aa_noise, said beside the answer), and the rule run on it is its
 * observed false positive: by chance it calls the arm different 1 time in
 * 20; more often, the machine drifted within blocks. Where it does, the
 * arm's distance from 1 is the floor B/A's test must clear (no difference
 * smaller than the one between A and itself is a finding). A "same" is said with the
 * smallest difference the run could see (the interval's and the floor's
 * farther end), and only up to ANSWER_AB_SAME_MAX.
 *
 * Like with like: a program whose threads sometimes each get a CPU and
 * sometimes not runs in two modes (22 ms and 36 ms, say). When A's runs (A
 * and A again: one command, so the modes are the machine's, not B's
 * difference) split in two by their log times (Otsu's threshold: each mode
 * at least ANSWER_AB_MODE_MIN of the runs, their medians ANSWER_AB_GAP apart
 * and ANSWER_AB_SEPARATION robust standard deviations -- one lognormal mode
 * gave 1.9 to 3.8 in simulations of 60 and 120 runs, two real ones 4.8 to
 * 6.7), only the pairs whose two runs were in one mode are compared: the
 * A/A arm's at A's threshold, B's at the threshold of every run pooled (one
 * cut for both runs of a pair, so the test stays exact; the modes'
 * existence is A's to decide, as the machine makes them), and how many
 * runs of each side were in the slow mode is said beside the answer (where
 * the counts differ, the sides met the machine differently). Where A has
 * one mode, or the pooled cut leaves fewer than ANSWER_AB_MIN_PAIRS (B so
 * far from A that it falls between the sides), every pair is compared. */
#ifndef COLDLOAD_ANSWERAB_H
#define COLDLOAD_ANSWERAB_H

#include <stddef.h>

#include "common/differ.h"
#include "model/summary.h"

#define ANSWER_AB_MIN_PAIRS 6    /* the paired rule's smallest sample */
#define ANSWER_AB_SAME_MAX 0.10  /* "no difference larger than" at most 10 % */
#define ANSWER_AB_WAITED 0.10    /* a run waited for a CPU: PSI full >= 10 % of its wall */
#define ANSWER_AB_PRECISION 0.03 /* the stopping rule's default (--precision) */
#define ANSWER_AB_GAP 1.20       /* two modes: their medians at least this ratio apart */
#define ANSWER_AB_SEPARATION 4.0 /* and this many robust standard deviations (1.4826 MAD) */
#define ANSWER_AB_MODE_MIN 0.15  /* and each mode at least this share of the runs */

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
    size_t slow;           /* runs in the slow mode (above split_ms) */
} answerAbSide;

typedef struct answerAb {
    answerAbSide side[ANSWER_AB_SIDES];
    size_t pairs, aa_pairs;        /* the pairs compared: one mode each */
    size_t mixed, aa_mixed;        /* pairs left out: one run in each mode */
    double split_ms;               /* between the two modes of A's runs; NAN: one mode */
    double split_b_ms;             /* the cut of B's pairs: every run pooled (NAN: every pair) */
    double ratio, lo, hi;          /* B/A: the median pair ratio and its interval */
    double aa_ratio, aa_lo, aa_hi; /* A2/A, the same */
    double aa_noise;               /* the A/A interval's farther end from 1: this run's noise */
    double floor;                  /* the A/A arm's resolved distance from 1 (0: none) */
    double smallest;               /* the smallest difference this run could see */
    double cpu_ratio;              /* B's median CPU time over A's */
    differResult test, aa_test;    /* the paired rule on B/A (at the floor), on A2/A */
    int outputs_differ;            /* 1: B printed something else; 0 the same; -1 unknown */
    answerAbVerdict verdict;
    const char *why; /* why not resolved (NULL otherwise) */
    int decided;     /* the interval as narrow as the precision asked */
} answerAb;

/* The answer from an A/B job's summary; precision: the interval's relative
 * half-width at which it is decided (harness/ab.sh stops there). 0, -1 out
 * of memory. */
int answerAbCompute(const summary *s, double precision, answerAb *r);

/* The pair ratios B/A (or A2/A with aa) of s by block whose two runs are
 * on one side of split (NAN: every pair), into out (its capacity max); how
 * many; *mixed the pairs left out. */
size_t answerAbPairs(const summary *s, int aa, double split, double *out, size_t max,
                     size_t *mixed);

/* The time between the two modes of the runs x[0..n) (see above; their
 * medians separation robust standard deviations apart at least), NAN when
 * they are one mode. */
double answerAbSplit(const double *x, size_t n, double separation);

#endif
