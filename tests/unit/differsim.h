/* differsim.h -- a simulation of the difference rule (common/differ) on the
 * kinds of runs a shared machine gives: its false-positive rate (two
 * samples of one configuration called different) and its power (a real
 * ratio found). Shared, as one piece of code, by the unit test that holds
 * the rate to DIFFER_ALPHA (tests/unit/test_differ.c) and by `make bench`,
 * which prints the table (tests/bench/bench_differ.c).
 *
 * A trial is an interleaved job: R rounds, each one run of A and one of B in
 * a random order, one time slot after another; a run's time is the
 * machine's state at its slot times its side's true factor (1 for A; the
 * effect for B). The machine, by kind:
 *   bimodal   fast or slow (x1.65: threads that did or did not each get a
 *             CPU), the state kept from slot to slot with probability 0.7
 *   drift     1 + 3 % per slot, x lognormal(0, 0.05)
 *   heavy     1 + 0.1 x (Pareto(1.5) - 1): an infinite variance
 *   censored  bimodal with the slow state x30 and every run stopped at 20x
 *             (a lower bound), as threads.sh stops a known-slow run */
#ifndef COLDLOAD_DIFFERSIM_H
#define COLDLOAD_DIFFERSIM_H

#include <math.h>
#include <stdint.h>

#include "common/differ.h"
#include "common/stats.h"

enum { SIM_BIMODAL, SIM_DRIFT, SIM_HEAVY, SIM_CENSORED, SIM_KINDS };
static const char *const simKindName[SIM_KINDS] = {"bimodal", "drift", "heavy", "censored"};
#define SIM_ROUNDS_MAX 16

static double simNormal(uint64_t *st) {
    double u = statsUnit(st), v = statsUnit(st);
    return sqrt(-2 * log(u > 0 ? u : 1e-300)) * cos(2 * M_PI * v);
}

/* The machine at the next slot of kind k (*state: bimodal's fast/slow). */
static double simMachine(int k, int slot, int *state, uint64_t *st) {
    if (k == SIM_BIMODAL || k == SIM_CENSORED) {
        if (statsUnit(st) >= 0.7) *state = statsUnit(st) < 0.5;
        double slow = k == SIM_CENSORED ? 30 : 1.65;
        return (*state ? slow : 1) * exp(0.03 * simNormal(st));
    }
    if (k == SIM_DRIFT) return (1 + 0.03 * slot) * exp(0.05 * simNormal(st));
    double u = statsUnit(st);
    return 1 + 0.1 * (pow(u > 0 ? u : 1e-300, -1 / 1.5) - 1);
}

/* One trial of `rounds` rounds: the rule's verdict on B against A, at the
 * noise floor floor. */
static differVerdict simTrial(int k, int rounds, double effect, differSides sides, double floor,
                              uint64_t *st) {
    double a[SIM_ROUNDS_MAX], b[SIM_ROUNDS_MAX];
    unsigned char ab[SIM_ROUNDS_MAX] = {0}, bb[SIM_ROUNDS_MAX] = {0};
    int state = statsUnit(st) < 0.5, slot = 0;
    for (int r = 0; r < rounds; r++) {
        int b_first = statsUnit(st) < 0.5;
        for (int pos = 0; pos < 2; pos++) {
            int is_b = b_first ? pos == 0 : pos == 1;
            double v = simMachine(k, slot++, &state, st) * (is_b ? effect : 1);
            int cut = k == SIM_CENSORED && v > 20;
            if (cut) v = 20;
            if (is_b) b[r] = v, bb[r] = (unsigned char)cut;
            else a[r] = v, ab[r] = (unsigned char)cut;
        }
    }
    differResult res;
    differSample sb = {b, bb, (size_t)rounds}, sa = {a, ab, (size_t)rounds};
    if (differJudge(sb, sa, sides, DIFFER_ALPHA, floor, &res) != 0) return DIFFER_UNRESOLVED;
    return res.verdict;
}

/* The share of `trials` trials whose verdict is a difference (slower or
 * faster) beyond the floor: at effect 1 + floor or below every one is
 * false. */
static double simRateAt(int k, int rounds, double effect, differSides sides, double floor,
                        int trials, uint64_t seed) {
    uint64_t st = seed;
    int hits = 0;
    for (int t = 0; t < trials; t++) {
        differVerdict v = simTrial(k, rounds, effect, sides, floor, &st);
        hits += v == DIFFER_SLOWER || v == DIFFER_FASTER;
    }
    return (double)hits / trials;
}

static double simRate(int k, int rounds, double effect, differSides sides, int trials,
                      uint64_t seed) {
    return simRateAt(k, rounds, effect, sides, 0, trials, seed);
}

#define SIM_PAIRS_MAX 64

/* The paired form (an A/B job's blocks): the share of `trials` jobs of n
 * pairs -- a run of A and one of B side by side in time, in a random order
 * -- that the paired rule at alpha calls different, B's true factor
 * effect. */
static double simPairedRate(int k, int n, double effect, double alpha, int trials, uint64_t seed) {
    uint64_t st = seed;
    int hits = 0;
    for (int t = 0; t < trials; t++) {
        double ratio[SIM_PAIRS_MAX];
        int machine = statsUnit(&st) < 0.5;
        for (int i = 0; i < n && i < SIM_PAIRS_MAX; i++) {
            int b_first = statsUnit(&st) < 0.5;
            double x = simMachine(k, 2 * i, &machine, &st);
            double y = simMachine(k, 2 * i + 1, &machine, &st);
            double a = b_first ? y : x, b = (b_first ? x : y) * effect;
            ratio[i] = b / a;
        }
        differResult r;
        differPaired(ratio, (size_t)(n < SIM_PAIRS_MAX ? n : SIM_PAIRS_MAX), alpha, 0, &r);
        hits += r.verdict == DIFFER_SLOWER || r.verdict == DIFFER_FASTER;
    }
    return (double)hits / trials;
}

#endif
