/* differ.h -- the one rule for "different": do two samples of runs differ
 * beyond noise, at a false-positive rate known in advance?
 *
 * Every claim coldload makes that two cells, two runs or two directories
 * differ goes through differJudge: threads hurt (the widest width slower
 * than the best), the best width's within-noise set, the default cell's
 * cost, a remedy that fixes it, compare's `significant`. One run (one
 * process) is one observation: the calls inside a process share its
 * placement, so they are not independent of each other.
 *
 * The test is exact and distribution-free: the two-sample rank test with
 * Gehan's scores (a censoring-aware Wilcoxon-Mann-Whitney). Each run scores
 * the runs it is certainly slower than minus those it is certainly faster
 * than -- a run stopped at a bound B (it took at least B) is certainly
 * slower than an exact time below B and tied with everything else -- and the
 * statistic is one side's score sum, referred to its exact permutation
 * distribution (all C(n_a + n_b, n_a) labellings, counted, not sampled;
 * the normal approximation above DIFFER_EXACT_MAX runs). Under "no
 * difference" every labelling is equally likely when runs are exchangeable;
 * the harnesses make them so by running the cells of a round in a fresh
 * random order, and a machine state shared by the runs of one round (drift)
 * then lands on both sides and only makes the test conservative. Bimodal and
 * heavy-tailed times do not matter to it: it reads ranks only.
 *
 * Its price is the smallest sample that can say anything: with n_a and n_b
 * runs no p-value is below 1 / C(n_a + n_b, n_a) (one-sided) or twice that
 * (two-sided). At DIFFER_ALPHA 0.05 a one-sided claim needs 3 runs a side
 * (p 0.05), a two-sided one 4 a side (p 0.029) or 3 against 5. Below that the
 * answer is DIFFER_UNRESOLVED, never "same".
 *
 * A difference is also a size, and the size is tested too: "a slower than b
 * by more than the floor" is the rank test of a against b's runs times
 * (1 + floor) -- floor is the caller's noise floor (an A/A control's spread,
 * the separate-run drift, the practical threshold of a claim) -- so a ratio
 * near the floor is not called beyond it on a lucky median, and no
 * difference smaller than the noise measured beside it is a finding.
 * Two-sided, each direction is tested at alpha / 2. tests/unit/test_differ.c simulates the rule on bimodal,
 * drifting, heavy-tailed and censored runs and holds its false-positive rate
 * to DIFFER_ALPHA; `make bench` prints the rates and the power. */
#ifndef COLDLOAD_DIFFER_H
#define COLDLOAD_DIFFER_H

#include <stddef.h>

#define DIFFER_ALPHA 0.05
/* Above this many runs in all, the score sum's normal approximation (its
 * exact variance under permutation) instead of the count. */
#define DIFFER_EXACT_MAX 60

/* Which way the question points. GREATER: is a slower than b (a claim
 * fixed before the data, as "do threads hurt: is the widest slower?");
 * TWO_SIDED: do they differ either way. */
typedef enum { DIFFER_TWO_SIDED, DIFFER_GREATER } differSides;

typedef enum {
    DIFFER_UNRESOLVED, /* too few runs for any p <= alpha, or a side empty */
    DIFFER_WITHIN,     /* no difference beyond noise: the test or the size says no */
    DIFFER_SLOWER,     /* a is slower than b x (1 + floor): the test rejects */
    DIFFER_FASTER,     /* a is faster than b (two-sided only) */
} differVerdict;

/* One sample: n runs, v[i] its time (any unit, > 0), bound[i] non-zero when
 * run i was stopped and took at least v[i] (bound NULL: none was). */
typedef struct differSample {
    const double *v;
    const unsigned char *bound;
    size_t n;
} differSample;

typedef struct differResult {
    differVerdict verdict;
    double p;             /* the p-value of the test at the floor (two-sided: twice the
                             smaller direction's) */
    double p_min;         /* the smallest p these sample sizes can give */
    double ratio;         /* median a / median b (NAN without both) */
    int a_bound, b_bound; /* the median is only a lower bound on that side */
    double score;         /* a's Gehan score sum: > 0 a slower */
} differResult;

/* The rule: a against b, one- or two-sided at level alpha, with the noise
 * floor floor (>= 0; 0.05 is 5 %). Returns 0; -1 out of memory (r holds
 * DIFFER_UNRESOLVED). NaN values are left out. */
int differJudge(differSample a, differSample b, differSides sides, double alpha, double floor,
                differResult *r);

/* The exact permutation p-value of the Gehan score sum of a against b
 * (two-sided or a greater), into *p; the smallest attainable p into *p_min
 * (either may be NULL). 0, or -1 out of memory or a side empty. */
int differRankTest(differSample a, differSample b, differSides sides, double *p, double *p_min,
                   double *score);

/* The paired form of the rule, for runs made in pairs (an interleaved A/B
 * job: one run of each side a block, in a random order, so the machine's
 * drift cancels in each pair's ratio). ratio[0..n) are B/A per pair; the
 * test is the exact Wilcoxon signed-rank test on log ratio - log(1 +
 * floor) (B slower than A beyond the floor) and on -log ratio - log(1 +
 * floor) (faster), each way at alpha / 2 -- valid when a pair's two runs
 * are exchangeable under "no difference", which the random order in a
 * block makes them. Its smallest sample: 6 pairs (p = 1/64 a way). r's
 * ratio is the median pair ratio, p twice the smaller way's. 0, -1 out of
 * memory. */
int differPaired(const double *ratio, size_t n, double alpha, double floor, differResult *r);

/* The estimate and interval that go with the paired test: the
 * Hodges-Lehmann estimate of the pairs' ratio (the median of the Walsh
 * averages of their log ratios, back to a ratio) and its 1 - alpha
 * interval, the signed-rank test inverted -- so the interval excludes
 * 1 + floor exactly when the test calls the pairs slower beyond it. It is
 * as efficient as a mean on normal pairs (0.95) and as robust as a median.
 * 0, or -1 with fewer than 6 pairs (every output NAN) or out of memory. */
int differPairedInterval(const double *ratio, size_t n, double alpha, double *est, double *lo,
                         double *hi);

/* The median of s (bounds as their values), and whether it is only a lower
 * bound (a bounded run at or below it). NAN for an empty sample. */
double differMedian(differSample s, int *is_bound);


/* The interval that goes with the two-sample test: of the shift of a
 * against b on the log scale (the Hodges-Lehmann shift, whose estimate is
 * the median of every a[i] / b[j]), at coverage 1 - alpha -- the
 * Mann-Whitney test inverted: the ratios a[i] / b[j] sorted, c of them left
 * out a side (c from the exact distribution of the count; bounds as their
 * values), into *lo, *hi. With 3 values a side it is every ratio's range.
 * 0, or -1 with a side empty or out of memory (NAN). */
int differShiftInterval(differSample a, differSample b, double alpha, double *lo, double *hi);

#endif
