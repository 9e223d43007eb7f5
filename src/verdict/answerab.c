/* answerab.c -- an A/B job's answer (see answerab.h). */
#include "verdict/answerab.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/stats.h"

const char *const answerAbSideName[ANSWER_AB_SIDES] = {"A", "B", "A2"};

const char *answerAbVerdictName(answerAbVerdict v) {
    static const char *const names[] = {"not resolved", "same", "slower", "faster"};
    return (unsigned)v < sizeof names / sizeof names[0] ? names[v] : "?";
}

/* The group of side k: the first whose workload is its name. */
static const summaryGroup *answerAbGroup(const summary *s, int k) {
    for (size_t i = 0; i < s->n; i++)
        if (s->g[i].key.workload && strcmp(s->g[i].key.workload, answerAbSideName[k]) == 0)
            return &s->g[i];
    return NULL;
}

/* The run of block p in g (its process with proc tag p), NAN when none. */
static double answerAbRunOf(const summaryGroup *g, long p) {
    for (size_t i = 0; i < g->nproc; i++)
        if (g->proc[i].proc == p) return g->proc[i].median_ms;
    return NAN;
}

size_t answerAbPairs(const summary *s, int aa, double split, double *out, size_t max,
                     size_t *mixed) {
    const summaryGroup *a = answerAbGroup(s, ANSWER_AB_A);
    const summaryGroup *b = answerAbGroup(s, aa ? ANSWER_AB_A2 : ANSWER_AB_B);
    size_t n = 0;
    *mixed = 0;
    if (!a || !b) return 0;
    for (size_t i = 0; i < b->nproc && n < max; i++) {
        double x = answerAbRunOf(a, b->proc[i].proc), y = b->proc[i].median_ms;
        if (b->proc[i].proc <= 0 || !(x > 0) || !(y > 0)) continue;
        if (!isnan(split) && (x < split) != (y < split)) (*mixed)++;
        else out[n++] = y / x;
    }
    return n;
}

/* The median of the sorted v[0..n). */
static double answerAbMid(const double *v, size_t n) {
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double answerAbSplit(const double *x, size_t n, double separation) {
    double *v = malloc((n ? n : 1) * sizeof *v), *dev = malloc((n ? n : 1) * sizeof *dev);
    double split = NAN;
    size_t m = 0;
    if (!v || !dev) goto out;
    for (size_t i = 0; i < n; i++)
        if (x[i] > 0) v[m++] = log(x[i]);
    qsort(v, m, sizeof *v, statsCmpDouble);
    /* Otsu's threshold on the log times: the cut with the largest
     * between-class variance, from prefix sums */
    double tot = 0, best = -1, sum = 0;
    for (size_t i = 0; i < m; i++) tot += v[i];
    size_t lo = (size_t)ceil(ANSWER_AB_MODE_MIN * (double)m), cut = 0;
    for (size_t i = 0; i + 1 < m; i++) {
        sum += v[i];
        size_t na = i + 1, nb = m - na;
        if (na < lo || nb < lo || v[i + 1] == v[i]) continue;
        double d = (tot - sum) / (double)nb - sum / (double)na;
        if ((double)na * (double)nb * d * d > best)
            best = (double)na * (double)nb * d * d, cut = na;
    }
    if (!cut) goto out;
    /* two modes when their medians are far apart against the spread inside
     * them: medians and MAD, so that one slow outlier does not hide them */
    double ma = answerAbMid(v, cut), mb = answerAbMid(v + cut, m - cut);
    for (size_t i = 0; i < m; i++) dev[i] = fabs(v[i] - (i < cut ? ma : mb));
    statsSummary st;
    if (statsOf(dev, m, &st) != 0) goto out;
    double mad = 1.4826 * st.median;
    if (mb - ma >= log(ANSWER_AB_GAP) && (mad == 0 || (mb - ma) / mad >= separation))
        split = exp((v[cut - 1] + v[cut]) / 2);
out:
    free(v);
    free(dev);
    return split;
}

/* Side k's figures: runs, median run, CPU time, runs that waited. */
static void answerAbSideOf(const summary *s, int k, answerAbSide *d) {
    memset(d, 0, sizeof *d);
    d->median_ms = d->cpu_ms = NAN;
    d->g = answerAbGroup(s, k);
    if (!d->g) return;
    double *m = malloc((d->g->nproc ? d->g->nproc : 1) * sizeof *m);
    for (size_t i = 0; m && i < d->g->nproc; i++)
        if (!isnan(d->g->proc[i].median_ms)) m[d->runs++] = d->g->proc[i].median_ms;
    statsSummary st;
    if (m && statsOf(m, d->runs, &st) == 0) d->median_ms = st.median;
    free(m);
    d->cpu_ms = summaryRunFigOf(s, d->g, "cpu_ms");
    /* a run that waited: its cgroup's PSI full against its wall time, run by
     * run (the two figures' values come in the runs' order when every run
     * has both) */
    const summaryVec *w = summaryRunFigValues(s, d->g, "wait_full_ms");
    const summaryVec *t = summaryRunFigValues(s, d->g, "wall_ms");
    if (w && t && w->n == t->n)
        for (size_t i = 0; i < w->n; i++) {
            d->nwait++;
            d->waited += t->x[i] > 0 && w->x[i] >= ANSWER_AB_WAITED * t->x[i];
        }
}

/* 1 when a and b each have a checksum and their sets differ, 0 when the
 * same, -1 when either has none. */
static int answerAbOutputsDiffer(const summaryGroup *a, const summaryGroup *b) {
    if (!a || !b || !a->nchecksums || !b->nchecksums) return -1;
    if (a->nchecksums != b->nchecksums) return 1;
    for (size_t i = 0; i < a->nchecksums; i++) {
        int found = 0;
        for (size_t j = 0; j < b->nchecksums && !found; j++)
            found = a->checksums[i] == b->checksums[j];
        if (!found) return 1;
    }
    return 0;
}

int answerAbCompute(const summary *s, double precision, answerAb *r) {
    memset(r, 0, sizeof *r);
    r->ratio = r->lo = r->hi = r->aa_ratio = r->aa_lo = r->aa_hi = r->cpu_ratio = NAN;
    r->smallest = NAN;
    r->verdict = ANSWER_AB_NOT_RESOLVED;
    for (int k = 0; k < ANSWER_AB_SIDES; k++) answerAbSideOf(s, k, &r->side[k]);
    const answerAbSide *a = &r->side[ANSWER_AB_A], *b = &r->side[ANSWER_AB_B];
    if (a->cpu_ms > 0 && b->cpu_ms > 0) r->cpu_ratio = b->cpu_ms / a->cpu_ms;
    r->outputs_differ = answerAbOutputsDiffer(a->g, b->g);
    size_t max = a->g ? a->g->nproc : 0, all = 0;
    for (int k = 0; k < ANSWER_AB_SIDES; k++) all += r->side[k].g ? r->side[k].g->nproc : 0;
    double *pr = malloc((max ? max : 1) * sizeof *pr), *aa = malloc((max ? max : 1) * sizeof *aa);
    double *pool = malloc((all ? all : 1) * sizeof *pool);
    if (!pr || !aa || !pool) {
        free(pr);
        free(aa);
        free(pool);
        return -1;
    }
    /* the modes, from A's runs (A and A again: one command, so a split
     * there is the machine's, never B's difference) */
    size_t np = 0;
    for (int k = 0; k < ANSWER_AB_SIDES; k++)
        for (size_t i = 0; k != ANSWER_AB_B && r->side[k].g && i < r->side[k].g->nproc; i++)
            if (r->side[k].g->proc[i].median_ms > 0) pool[np++] = r->side[k].g->proc[i].median_ms;
    r->split_ms = answerAbSplit(pool, np, ANSWER_AB_SEPARATION);
    for (int k = 0; k < ANSWER_AB_SIDES && !isnan(r->split_ms); k++)
        for (size_t i = 0; r->side[k].g && i < r->side[k].g->nproc; i++)
            r->side[k].slow += r->side[k].g->proc[i].median_ms >= r->split_ms;
    /* B's pairs, where A's runs have modes (the machine makes them): cut at
     * one threshold of every run pooled, B's too -- the same for both runs
     * of a pair whichever side each is, so swapping them inside a pair
     * changes nothing and the test stays exact (a threshold of each side's
     * own would pick B's pairs by another rule than A's: a bias). When that
     * leaves fewer than ANSWER_AB_MIN_PAIRS -- B so far from A that the cut
     * falls between the sides, not the modes -- every pair. */
    for (size_t i = 0; b->g && !isnan(r->split_ms) && i < b->g->nproc; i++)
        if (b->g->proc[i].median_ms > 0) pool[np++] = b->g->proc[i].median_ms;
    r->split_b_ms = isnan(r->split_ms) ? NAN : answerAbSplit(pool, np, 0);
    free(pool);
    r->pairs = answerAbPairs(s, 0, r->split_b_ms, pr, max, &r->mixed);
    if (r->pairs < ANSWER_AB_MIN_PAIRS) {
        r->split_b_ms = NAN;
        r->pairs = answerAbPairs(s, 0, NAN, pr, max, &r->mixed);
    }
    r->aa_pairs = answerAbPairs(s, 1, r->split_ms, aa, max, &r->aa_mixed);
    int rc = 0;
    /* the A/A arm first: its interval is the noise this run can see, and
     * where the rule calls the arm different -- one command apart from
     * itself -- that distance is the floor B must clear */
    if (differPaired(aa, r->aa_pairs, DIFFER_ALPHA, 0, &r->aa_test) != 0) rc = -1;
    differPairedInterval(aa, r->aa_pairs, DIFFER_ALPHA, &r->aa_ratio, &r->aa_lo, &r->aa_hi);
    r->aa_noise = r->aa_lo > 0 ? fmax(r->aa_hi - 1, 1 - r->aa_lo) : NAN;
    if ((r->aa_test.verdict == DIFFER_SLOWER || r->aa_test.verdict == DIFFER_FASTER) &&
        r->aa_ratio > 0)
        r->floor = fmax(r->aa_ratio, 1 / r->aa_ratio) - 1;
    /* B/A: the estimate and interval that invert the test (Hodges-Lehmann),
     * so the two cannot disagree */
    if (differPaired(pr, r->pairs, DIFFER_ALPHA, r->floor, &r->test) != 0) rc = -1;
    int have = differPairedInterval(pr, r->pairs, DIFFER_ALPHA, &r->ratio, &r->lo, &r->hi) == 0;
    if (have) r->smallest = fmax(r->floor, fmax(r->hi - 1, 1 - r->lo));
    if (r->pairs < ANSWER_AB_MIN_PAIRS || !have)
        r->why = "too few pairs: the rule needs 6 to say anything at 5 %";
    else if (r->test.verdict == DIFFER_SLOWER) r->verdict = ANSWER_AB_SLOWER;
    else if (r->test.verdict == DIFFER_FASTER) r->verdict = ANSWER_AB_FASTER;
    else if (r->smallest <= ANSWER_AB_SAME_MAX) r->verdict = ANSWER_AB_SAME;
    else
        r->why = "no difference resolved, but the interval is wider than 10 %: more pairs "
                 "would tell";
    r->decided =
        have && r->ratio > 0 && fmax(r->hi / r->ratio - 1, 1 - r->lo / r->ratio) <= precision;
    free(pr);
    free(aa);
    return rc;
}
