/* bench_differ.c -- the difference rule's rates (`make bench`): for each
 * kind of run a shared machine gives (tests/unit/differsim.h), each number
 * of runs a side and both questions, how often two samples of one
 * configuration are called different (the false-positive rate; goal <=
 * DIFFER_ALPHA), how often a real ratio of 1.10, 1.25 and 2 is found (the
 * power), and, at a noise floor of 0.25, how often a true ratio of 1.25 is
 * called beyond it (the size test's false positives, "1.25@f"; goal <=
 * DIFFER_ALPHA) and a true 2 is (its power, "2@f"); then the paired form at
 * an A/B job's level (1 %): A/A, a true 1.05 and 1.10 over 10 to 40 pairs.
 * Seeded: the same table every run; TRIALS=N sets the trials. */
#include <stdio.h>
#include <stdlib.h>

#include "../unit/differsim.h"
#include "verdict/answerab.h" /* ANSWER_AB_ALPHA: a macro, nothing linked */

int main(void) {
    const char *e = getenv("TRIALS");
    int trials = e && atoi(e) > 0 ? atoi(e) : 4000;
    const double effect[] = {1.0, 1.10, 1.25, 2.0};
    int over = 0;
    printf("# the difference rule (common/differ): %d interleaved trials a row, alpha %.2f\n",
           trials, DIFFER_ALPHA);
    printf("%-9s %-9s %5s %9s %9s %9s %9s %9s %9s\n", "kind", "question", "runs", "A/A", "x1.10",
           "x1.25", "x2", "1.25@f", "2@f");
    for (int k = 0; k < SIM_KINDS; k++)
        for (int s = 0; s < 2; s++)
            for (int n = 3; n <= 7; n++) {
                printf("%-9s %-9s %5d", simKindName[k], s ? "one-sided" : "two-sided", n);
                for (size_t i = 0; i < sizeof effect / sizeof effect[0]; i++) {
                    double r = simRate(k, n, effect[i], (differSides)s, trials,
                                       0xbe4c0000u + 131 * k + 7 * n + s);
                    printf(" %9.3f", r);
                    if (i == 0 && r > DIFFER_ALPHA + 0.01) over = 1;
                }
                uint64_t seed = 0xf1000000u + 131 * k + 7 * n + s;
                double at = simRateAt(k, n, 1.25, (differSides)s, 0.25, trials, seed);
                printf(" %9.3f %9.3f\n", at,
                       simRateAt(k, n, 2.0, (differSides)s, 0.25, trials, seed + 1));
                if (at > DIFFER_ALPHA + 0.01) over = 1;
            }
    printf("false positives %s %.2f (+0.01 for %d trials' sampling) in every row\n",
           over ? "ABOVE" : "within", DIFFER_ALPHA, trials);
    /* the paired form at an A/B job's level (verdict/answerab.h) */
    const double pe[] = {1.0, 1.05, 1.10};
    int pover = 0;
    printf("\n# the paired rule (an A/B job's pairs): %d trials a row, alpha %.2f\n", trials,
           ANSWER_AB_ALPHA);
    printf("%-9s %5s %9s %9s %9s\n", "kind", "pairs", "A/A", "x1.05", "x1.10");
    for (int k = 0; k < SIM_KINDS; k++)
        for (int n = 10; n <= 40; n += 10) {
            printf("%-9s %5d", simKindName[k], n);
            for (size_t i = 0; i < sizeof pe / sizeof pe[0]; i++) {
                double r = simPairedRate(k, n, pe[i], ANSWER_AB_ALPHA, trials,
                                         0xab0b0000u + 131 * k + 7 * n + i);
                printf(" %9.3f", r);
                if (i == 0 && r > ANSWER_AB_ALPHA + 0.005) pover = 1;
            }
            printf("\n");
        }
    printf("false positives %s %.2f (+0.005 for %d trials' sampling) in every row\n",
           pover ? "ABOVE" : "within", ANSWER_AB_ALPHA, trials);
    return 0;
}
