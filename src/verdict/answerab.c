/* answerab.c -- an A/B job's answer (see answerab.h). */
#include "verdict/answerab.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/stats.h"

const char *const answerAbSideName[ANSWER_AB_SIDES] = {"A", "B", "A2"};

const char *answerAbVerdictName(answerAbVerdict v) {
    static const char *const names[] = {"not resolved", "same", "slower", "faster"};
    return (unsigned)v < sizeof names / sizeof names[0] ? names[v] : "?";
}

/* The side g's runs are (ANSWER_AB_A ...), -1 for none. */
static int answerAbSideOfGroup(const summaryGroup *g) {
    for (int k = 0; g->key.workload && k < ANSWER_AB_SIDES; k++)
        if (strcmp(g->key.workload, answerAbSideName[k]) == 0) return k;
    return -1;
}

/* The group of side k at width: the first whose workload is its name. */
static const summaryGroup *answerAbGroup(const summary *s, int k, int width) {
    for (size_t i = 0; i < s->n; i++)
        if (s->g[i].key.width == width && answerAbSideOfGroup(&s->g[i]) == k) return &s->g[i];
    return NULL;
}

size_t answerAbWidths(const summary *s, int *out, size_t max) {
    size_t n = 0;
    for (size_t i = 0; i < s->n; i++) {
        if (answerAbSideOfGroup(&s->g[i]) < 0) continue;
        int w = s->g[i].key.width, at = 0;
        while ((size_t)at < n && out[at] < w) at++;
        if ((size_t)at < n && out[at] == w) continue;
        if (n == max) continue;
        memmove(out + at + 1, out + at, (n - (size_t)at) * sizeof *out);
        out[at] = w;
        n++;
    }
    return n;
}

/* The index of block p's run in g (its process with proc tag p), -1 when none. */
static long answerAbRunOf(const summaryGroup *g, long p) {
    for (size_t i = 0; i < g->nproc; i++)
        if (g->proc[i].proc == p) return (long)i;
    return -1;
}

/* Per process of g, whether its run waited for a CPU (1), did not (0) or
 * is unknown (-1), into w (g->nproc slots). The run figures come one per
 * run in the runs' order; they are matched to the processes only when
 * every wall time agrees with that process's time, else every run is
 * unknown. */
static void answerAbWaits(const summary *s, const summaryGroup *g, signed char *w) {
    const summaryVec *q = summaryRunFigValues(s, g, RUNFIG_RUNQ_WAIT_MS);
    const summaryVec *t = summaryRunFigValues(s, g, RUNFIG_WALL_MS);
    int match = q && t && q->n == t->n && t->n == g->nproc;
    for (size_t i = 0; match && i < g->nproc; i++)
        match = fabs(t->x[i] - g->proc[i].median_ms) <= 1e-3 * fmax(1, t->x[i]);
    for (size_t i = 0; i < g->nproc; i++)
        w[i] = !match || isnan(q->x[i]) || !(t->x[i] > 0)
                   ? -1
                   : (signed char)(q->x[i] >= ANSWER_AB_WAITED * t->x[i]);
}

/* answerAbPairs's walk: with in (max slots) a pair left out by like is
 * kept too, in[n] 0 (1: compared), and blocks (max slots, or NULL) gets
 * each pair's block. */
static size_t answerAbPairsAt(const summary *s, int width, int aa, int like, double *out,
                              unsigned char *cut, long *blocks, unsigned char *in, size_t max,
                              size_t *mixed) {
    const summaryGroup *a = answerAbGroup(s, ANSWER_AB_A, width);
    const summaryGroup *b = answerAbGroup(s, aa ? ANSWER_AB_A2 : ANSWER_AB_B, width);
    size_t n = 0;
    *mixed = 0;
    if (!a || !b) return 0;
    signed char *wa = malloc(a->nproc + 1), *wb = malloc(b->nproc + 1);
    if (!wa || !wb) goto out;
    answerAbWaits(s, a, wa);
    answerAbWaits(s, b, wb);
    for (size_t i = 0; i < b->nproc && n < max; i++) {
        long j = answerAbRunOf(a, b->proc[i].proc);
        if (b->proc[i].proc <= 0 || j < 0) continue;
        double x = a->proc[j].median_ms, y = b->proc[i].median_ms;
        if (!(x > 0) || !(y > 0)) continue;
        int left_out = like && (wa[j] != 0 || wb[i] != 0);
        if (left_out) (*mixed)++;
        if (left_out && !in) continue;
        if (in) in[n] = !left_out;
        if (blocks) blocks[n] = b->proc[i].proc;
        if (cut)
            cut[n] = (unsigned char)((b->proc[i].median_bound ? 1 : 0) |
                                     (a->proc[j].median_bound ? 2 : 0));
        out[n++] = y / x;
    }
out:
    free(wa);
    free(wb);
    return n;
}

size_t answerAbPairs(const summary *s, int width, int aa, int like, double *out, unsigned char *cut,
                     size_t max, size_t *mixed) {
    return answerAbPairsAt(s, width, aa, like, out, cut, NULL, NULL, max, mixed);
}

/* qsort: blocks ascending */
static int answerAbBlockCmp(const void *x, const void *y) {
    long a = ((const answerAbBlock *)x)->block, b = ((const answerAbBlock *)y)->block;
    return (a > b) - (a < b);
}

int answerAbBlocks(const summary *s, const answerAb *r, answerAbBlock **out, size_t *n) {
    const summaryGroup *a = r->side[ANSWER_AB_A].g;
    size_t max = a ? a->nproc : 0, mixed, nb, na;
    *out = NULL;
    *n = 0;
    if (!max) return 0;
    double *x = malloc(2 * max * sizeof *x);
    long *blk = malloc(2 * max * sizeof *blk);
    unsigned char *in = malloc(2 * max);
    answerAbBlock *o = calloc(2 * max, sizeof *o);
    int rc = -1;
    if (!x || !blk || !in || !o) goto out;
    nb = answerAbPairsAt(s, r->width, 0, r->like, x, NULL, blk, in, max, &mixed);
    na = answerAbPairsAt(s, r->width, 1, r->like, x + max, NULL, blk + max, in + max, max, &mixed);
    /* B/A's blocks, then the A/A arm's: into one row a block */
    size_t k = 0;
    for (size_t i = 0; i < nb + na; i++) {
        size_t at = i < nb ? i : max + (i - nb);
        size_t j = 0;
        while (j < k && o[j].block != blk[at]) j++;
        if (j == k) o[k++] = (answerAbBlock){blk[at], NAN, NAN, 0, 0};
        if (i < nb) o[j].ba = x[at], o[j].ba_in = in[at];
        else o[j].aa = x[at], o[j].aa_in = in[at];
    }
    qsort(o, k, sizeof *o, answerAbBlockCmp);
    *out = o, *n = k, o = NULL, rc = 0;
out:
    free(x);
    free(blk);
    free(in);
    free(o);
    return rc;
}

/* Side k's figures at width: runs, median run, CPU time, runs that waited. */
static void answerAbSideOf(const summary *s, int k, int width, answerAbSide *d) {
    memset(d, 0, sizeof *d);
    d->median_ms = d->cpu_ms = NAN;
    d->g = answerAbGroup(s, k, width);
    if (!d->g) return;
    double *m = malloc((d->g->nproc ? d->g->nproc : 1) * sizeof *m);
    signed char *w = malloc(d->g->nproc + 1);
    for (size_t i = 0; m && i < d->g->nproc; i++)
        if (!isnan(d->g->proc[i].median_ms)) m[d->runs++] = d->g->proc[i].median_ms;
    statsSummary st;
    if (m && statsOf(m, d->runs, &st) == 0) d->median_ms = st.median;
    free(m);
    d->cpu_ms = summaryRunFigOf(s, d->g, RUNFIG_CPU_MS);
    d->failed = d->g->whole_failed;
    if (w) answerAbWaits(s, d->g, w);
    for (size_t i = 0; w && i < d->g->nproc; i++)
        if (w[i] >= 0) d->nwait++, d->waited += (size_t)w[i];
    free(w);
}

/* 1 when every checksum of a is one of b's, 0 when not. */
static int answerAbSumsWithin(const summaryGroup *a, const summaryGroup *b) {
    for (size_t i = 0; i < a->nchecksums; i++) {
        int found = 0;
        for (size_t j = 0; j < b->nchecksums && !found; j++)
            found = a->checksums[i] == b->checksums[j];
        if (!found) return 0;
    }
    return 1;
}

/* How many different outputs A's runs printed, A and A again together (0:
 * no checksum). */
static size_t answerAbOutputsOfA(const summaryGroup *a, const summaryGroup *a2) {
    size_t n = a ? a->nchecksums : 0;
    for (size_t i = 0; a2 && i < a2->nchecksums; i++) {
        int found = 0;
        for (size_t j = 0; a && j < a->nchecksums && !found; j++)
            found = a2->checksums[i] == a->checksums[j];
        n += !found;
    }
    return n;
}

/* The output check (r's sides): A's own outputs first -- A against A again
 * -- then, when A printed one output, whether B printed another (1), the
 * same (0); -1 when either has none, or A's varies: nothing fixed to check
 * B against. */
static void answerAbOutputs(answerAb *r) {
    const summaryGroup *a = r->side[ANSWER_AB_A].g, *b = r->side[ANSWER_AB_B].g;
    r->a_outputs = answerAbOutputsOfA(a, r->side[ANSWER_AB_A2].g);
    r->a_output_varies = r->a_outputs > 1;
    if (!a || !b || !a->nchecksums || !b->nchecksums || r->a_output_varies) r->outputs_differ = -1;
    else r->outputs_differ = !(answerAbSumsWithin(a, b) && answerAbSumsWithin(b, a));
}

int answerAbCompute(const summary *s, int width, double precision, answerAb *r) {
    memset(r, 0, sizeof *r);
    r->width = width;
    r->ratio = r->lo = r->hi = r->aa_ratio = r->aa_lo = r->aa_hi = r->cpu_ratio = NAN;
    r->smallest = NAN;
    r->verdict = ANSWER_AB_NOT_RESOLVED;
    r->all_failed = -1;
    for (int k = 0; k < ANSWER_AB_SIDES; k++) answerAbSideOf(s, k, width, &r->side[k]);
    const answerAbSide *a = &r->side[ANSWER_AB_A], *b = &r->side[ANSWER_AB_B];
    if (a->cpu_ms > 0 && b->cpu_ms > 0) r->cpu_ratio = b->cpu_ms / a->cpu_ms;
    answerAbOutputs(r);
    for (int k = ANSWER_AB_A; k <= ANSWER_AB_B && r->all_failed < 0; k++)
        if (r->side[k].failed && !r->side[k].runs) r->all_failed = k;
    size_t max = a->g ? a->g->nproc : 0;
    double *pr = malloc((max ? max : 1) * sizeof *pr), *aa = malloc((max ? max : 1) * sizeof *aa);
    unsigned char *cut = malloc(max ? max : 1);
    if (!pr || !aa || !cut) {
        free(pr);
        free(aa);
        free(cut);
        return -1;
    }
    /* like with like where there are enough such pairs: the B/A pairs and
     * the A/A arm's by the same rule */
    r->like = 1;
    r->pairs = answerAbPairs(s, width, 0, 1, pr, cut, max, &r->mixed);
    r->aa_pairs = answerAbPairs(s, width, 1, 1, aa, NULL, max, &r->aa_mixed);
    r->like_pairs = r->pairs;
    r->like_of = r->pairs + r->mixed;
    if (r->pairs < ANSWER_AB_MIN_PAIRS || r->aa_pairs < ANSWER_AB_MIN_PAIRS) {
        r->like = 0;
        r->pairs = answerAbPairs(s, width, 0, 0, pr, cut, max, &r->mixed);
        r->aa_pairs = answerAbPairs(s, width, 1, 0, aa, NULL, max, &r->aa_mixed);
    }
    for (size_t i = 0; i < r->pairs; i++) {
        r->cut_b += cut[i] == 1;
        r->cut_a += cut[i] == 2;
        r->cut_both += cut[i] == 3;
    }
    int both_cut = r->cut_both || (r->cut_a && r->cut_b);
    if (!both_cut) r->bound = r->cut_b ? 1 : r->cut_a ? -1 : 0;
    int rc = 0;
    /* the A/A arm first: its interval is the noise this run can see, and
     * where the rule calls the arm different -- one command apart from
     * itself -- that distance is the floor B must clear */
    if (differPaired(aa, r->aa_pairs, ANSWER_AB_ALPHA, 0, &r->aa_test) != 0) rc = -1;
    differPairedInterval(aa, r->aa_pairs, ANSWER_AB_ALPHA, &r->aa_ratio, &r->aa_lo, &r->aa_hi);
    r->aa_noise = r->aa_lo > 0 ? fmax(r->aa_hi - 1, 1 - r->aa_lo) : NAN;
    if ((r->aa_test.verdict == DIFFER_SLOWER || r->aa_test.verdict == DIFFER_FASTER) &&
        r->aa_ratio > 0)
        r->floor = fmax(r->aa_ratio, 1 / r->aa_ratio) - 1;
    /* B/A: the estimate and interval that invert the test (Hodges-Lehmann),
     * so the two cannot disagree. A stopped run's time is a bound: the test
     * and the end of the interval on the bound's side hold on it (a larger
     * B/A only raises both), the other end and direction do not. */
    if (differPaired(pr, r->pairs, ANSWER_AB_ALPHA, r->floor, &r->test) != 0) rc = -1;
    int have = differPairedInterval(pr, r->pairs, ANSWER_AB_ALPHA, &r->ratio, &r->lo, &r->hi) == 0;
    if (r->bound > 0) r->hi = NAN;
    if (r->bound < 0) r->lo = NAN;
    if (both_cut) r->ratio = r->lo = r->hi = NAN;
    if (have && !r->bound && !both_cut) r->smallest = fmax(r->floor, fmax(r->hi - 1, 1 - r->lo));
    int enough = have && r->pairs >= ANSWER_AB_MIN_PAIRS;
    if (r->all_failed == ANSWER_AB_A) r->why = "A failed in every run: there is no time of A";
    else if (r->all_failed == ANSWER_AB_B) r->why = "B failed in every run: there is no time of B";
    else if (both_cut)
        r->why = "runs of both A and B were stopped at the cap (--budget) before they ended, so "
                 "B/A has no bound either way: a longer --budget would tell";
    else if (!enough) r->why = "too few pairs: the rule needs 8 to say anything at 1 %";
    else if (r->bound > 0 && r->test.verdict != DIFFER_SLOWER)
        r->why = "B's runs were stopped at the cap (--budget) before they ended, so B/A is only "
                 "a lower bound, with no upper end: a longer --budget would tell";
    else if (r->bound < 0 && r->test.verdict != DIFFER_FASTER)
        r->why = "A's runs were stopped at the cap (--budget) before they ended, so B/A is only "
                 "an upper bound, with no lower end: a longer --budget would tell";
    else if (r->test.verdict == DIFFER_SLOWER) r->verdict = ANSWER_AB_SLOWER;
    else if (r->test.verdict == DIFFER_FASTER) r->verdict = ANSWER_AB_FASTER;
    else if (r->smallest <= ANSWER_AB_SAME_MAX) r->verdict = ANSWER_AB_SAME;
    else
        r->why = "no difference resolved, but the interval is wider than 10 %: more pairs "
                 "would tell";
    /* decided: never on fewer pairs than the rule needs. A bound is decided
     * once the rule holds on it -- more blocks cannot give it its other end,
     * only a longer --budget -- and an exact ratio once its interval is as
     * narrow as asked. */
    if (!enough || both_cut || r->all_failed >= 0) r->decided = 0;
    else if (r->bound)
        r->decided = r->verdict == (r->bound > 0 ? ANSWER_AB_SLOWER : ANSWER_AB_FASTER);
    else r->decided = r->ratio > 0 && fmax(r->hi / r->ratio - 1, 1 - r->lo / r->ratio) <= precision;
    r->settled = enough && !r->bound && !both_cut && r->all_failed < 0 &&
                 ((r->verdict == ANSWER_AB_SLOWER && r->lo > 1 + ANSWER_AB_SAME_MAX) ||
                  (r->verdict == ANSWER_AB_FASTER && r->hi < 1 / (1 + ANSWER_AB_SAME_MAX)));
    free(pr);
    free(aa);
    free(cut);
    return rc;
}

int answerAbAll(const summary *s, double precision, answerAb **out, size_t *n) {
    int w[ANSWER_AB_WIDTHS_MAX] = {0};
    size_t nw = answerAbWidths(s, w, ANSWER_AB_WIDTHS_MAX);
    if (!nw) nw = 1; /* no runs: the one question, unanswered */
    *n = 0;
    *out = calloc(nw, sizeof **out);
    if (!*out) return -1;
    for (size_t i = 0; i < nw; i++)
        if (answerAbCompute(s, w[i], precision, &(*out)[i]) != 0) {
            free(*out);
            *out = NULL;
            return -1;
        }
    *n = nw;
    return 0;
}

int answerAbAllFailed(const summary *s, int *width) {
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *g = &s->g[i];
        int k = answerAbSideOfGroup(g);
        if (k != ANSWER_AB_A && k != ANSWER_AB_B) continue;
        answerAbSide d;
        answerAbSideOf(s, k, g->key.width, &d);
        if (d.g == g && d.failed && !d.runs) {
            if (width) *width = g->key.width;
            return k;
        }
    }
    return -1;
}

long answerAbStopOf(const metaStops *stops, const answerAb *r, int *how) {
    const summaryGroup *g = r->side[ANSWER_AB_A].g;
    const metaStop *x =
        stops && g ? metaStopFind(stops, "ab", g->key.load,
                                  g->key.nstressors > 0 ? g->key.nstressors : 0, "ab", r->width)
                   : NULL;
    *how = x ? (int)x->how : 0;
    return x ? x->procs : -1;
}
