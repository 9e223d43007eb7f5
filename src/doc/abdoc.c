/* abdoc.c -- an A/B job's answer and section (see abdoc.h). */
#include "doc/abdoc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/num.h"

#define PCT(x) (100 * (x))

double abdocPrecision(const metaTable *m) {
    const char *p = m ? metaGet(m, "ab_precision") : NULL;
    double v;
    return p && numDouble(p, 0, 1, &v) == 0 ? v : ANSWER_AB_PRECISION;
}

/* ", and A against itself came out 1.030x apart: B/A must clear that" where
 * the A/A arm set a floor, else "". */
static const char *abdocFloorNote(const answerAb *r) {
    static char buf[160];
    if (!(r->floor > 0)) return "";
    snprintf(buf, sizeof buf, "; A against itself came out %.3fx apart, so B/A had to clear that",
             1 + r->floor);
    return buf;
}

/* " Only 37 of the 100 pairs compared like with like: ..." where runs that
 * waited for a CPU left too few pairs of two runs that did not -- under
 * the 8 like with like needs (every pair was compared, the machine's luck
 * in it), or too few to resolve the answer -- with what would give more;
 * "" otherwise. */
static char *abdocWaitNote(const answerAb *r) {
    size_t waited = 0, runs = 0;
    for (int k = 0; k < ANSWER_AB_SIDES; k++) waited += r->side[k].waited, runs += r->side[k].nwait;
    int short_of_pairs = r->verdict == ANSWER_AB_NOT_RESOLVED && r->all_failed < 0 && !r->cut_a &&
                         !r->cut_b && !r->cut_both;
    if (!waited || r->like_pairs >= r->like_of) return NULL;
    if (r->like && !short_of_pairs) return NULL;
    char runsays[160];
    snprintf(runsays, sizeof runsays,
             "%zu of the %zu runs waited for a CPU (their threads runnable, not running, for "
             "%.0f%% of the run or more)",
             waited, runs, PCT(ANSWER_AB_WAITED));
    const char *help = r->width == 1 ? "A quieter machine would give more."
                                     : "A smaller width (--widths 1, make ab WIDTHS=1: fewer "
                                       "threads than CPUs) or a quieter machine would give more.";
    if (!r->like)
        return docStr(" Only %zu of the %zu pairs had two runs that did not wait -- fewer than "
                      "the %d like with like needs, so every pair was compared, the machine's "
                      "luck in it: %s. %s",
                      r->like_pairs, r->like_of, ANSWER_AB_MIN_PAIRS, runsays, help);
    return docStr(" Only %zu of the %zu pairs compared like with like: %s. %s", r->like_pairs,
                  r->like_of, runsays, help);
}

/* "B is 1.10x slower than A ..." and its parts: what stops any answer (a
 * side that failed in every run) or qualifies it (the output check) first,
 * then the answer -- "at least" where stopped runs make B/A a bound --
 * then, where runs that waited for a CPU left too few like pairs, so. */
char *abdocLead(const answerAb *r, const metaTable *m) {
    (void)m;
    if (r->all_failed == ANSWER_AB_A || r->all_failed == ANSWER_AB_B) {
        const char *k = answerAbSideName[r->all_failed];
        const answerAbSide *d = &r->side[r->all_failed];
        return docStr("%s failed in every run (%zu of %zu: a non-zero exit, runs.csv's status): "
                      "there is no time of %s, so no answer.",
                      k, d->failed, d->failed + d->runs, k);
    }
    char *out = NULL, *first = NULL, *main = NULL;
    if (r->a_output_varies)
        first = docStr("A's output varies from run to run (its runs and A again's printed %zu "
                       "different outputs): there is no one output of A to check B's against. ",
                       r->a_outputs);
    else if (r->outputs_differ == 1)
        first = docStr("B printed something else than A (their outputs' hashes differ): whatever "
                       "its time, B does not do what A does. ");
    double x = r->ratio;
    switch (r->verdict) {
    case ANSWER_AB_SLOWER:
        if (r->bound > 0)
            main = docStr("B is at least %.2fx slower than A (B/A of %zu pairs; B's run in %zu of "
                          "them was stopped at the cap before it ended and counts as at least "
                          "that long; 99%% interval from %.3f up, no upper end), beyond this "
                          "run's A/A noise (+-%.1f%%%s).",
                          x, r->pairs, r->cut_b, r->lo, PCT(r->aa_noise), abdocFloorNote(r));
        else
            main = docStr("B is %.2fx slower than A (B/A of %zu pairs; 99%% interval %.3f-%.3f), "
                          "beyond this run's A/A noise (+-%.1f%%%s).",
                          x, r->pairs, r->lo, r->hi, PCT(r->aa_noise), abdocFloorNote(r));
        break;
    case ANSWER_AB_FASTER:
        if (r->bound < 0)
            main = docStr("B is at least %.2fx faster than A (B/A at most %.3f of %zu pairs; A's "
                          "run in %zu of them was stopped at the cap before it ended and counts "
                          "as at least that long; 99%% interval up to %.3f, no lower end), beyond "
                          "this run's A/A noise (+-%.1f%%%s).",
                          1 / x, x, r->pairs, r->cut_a, r->hi, PCT(r->aa_noise), abdocFloorNote(r));
        else
            main = docStr("B is %.2fx faster than A (B/A %.3f of %zu pairs; 99%% interval "
                          "%.3f-%.3f), beyond this run's A/A noise (+-%.1f%%%s).",
                          1 / x, x, r->pairs, r->lo, r->hi, PCT(r->aa_noise), abdocFloorNote(r));
        break;
    case ANSWER_AB_SAME:
        main = docStr("No difference larger than %.1f%% -- the smallest this run could see (B/A "
                      "%.3f of %zu pairs; 99%% interval %.3f-%.3f; A/A noise +-%.1f%%%s).",
                      PCT(r->smallest), x, r->pairs, r->lo, r->hi, PCT(r->aa_noise),
                      abdocFloorNote(r));
        break;
    default:
        if (isnan(x)) main = docStr("Not resolved: %s.", r->why ? r->why : "no pair measured");
        else
            main = docStr("Not resolved: %s (B/A %s%.3f, the median of %zu pairs).",
                          r->why ? r->why : "the rule does not say",
                          r->bound > 0   ? "at least "
                          : r->bound < 0 ? "at most "
                                         : "",
                          x, r->pairs);
    }
    char *waits = abdocWaitNote(r);
    out = docStr("%s%s%s", first ? first : "", main ? main : "", waits ? waits : "");
    free(first);
    free(main);
    free(waits);
    return out;
}

/* One side's row: its name, command, runs, median run, CPU, waited. */
static void abdocSideRow(const answerAb *r, int k, const docFmt *fmt, const docTable *t, FILE *f) {
    const answerAbSide *d = &r->side[k];
    char runs[32], med[48], cpu[48], waited[48];
    snprintf(runs, sizeof runs, "%zu", d->runs);
    summaryFmtMs(d->median_ms, med, sizeof med);
    summaryFmtMs(d->cpu_ms, cpu, sizeof cpu);
    if (d->nwait) snprintf(waited, sizeof waited, "%zu of %zu", d->waited, d->nwait);
    else snprintf(waited, sizeof waited, "-");
    static const char *const label[ANSWER_AB_SIDES] = {"A", "B", "A again (A/A arm)"};
    const char *cells[] = {
        label[k], d->g && d->g->key.params ? d->g->key.params : "-", runs, med, cpu, waited};
    fmt->row(f, t, cells);
}

/* "At width 2" (or "With no width set": the commands as given) into buf. */
static const char *abdocAt(const answerAb *r, char *buf, size_t len) {
    if (r->width > 0) snprintf(buf, len, "At width %d", r->width);
    else snprintf(buf, len, "With no width set");
    return buf;
}

/* One answer's lead as the report's strong paragraph, "At width W: "
 * before it when the job asked several widths (at). */
static void abdocLeadPara(const answerAb *r, int at, const metaTable *m, const docFmt *fmt,
                          FILE *f) {
    char *lead = abdocLead(r, m), *said = NULL, h[48];
    if (lead && at) said = docStr("%s: %s", abdocAt(r, h, sizeof h), lead);
    if (lead && (said || !at)) {
        fmt->para_begin(f, "lead");
        fmt->strong(f, said ? said : lead);
        fmt->para_end(f);
    }
    free(lead);
    free(said);
}

/* How the answers were asked: the blocks, the rule, the A/A arm. */
#define ABDOC_HOW \
    "A, B and A again ran in blocks of one run each, in a fresh random order per block (meta " \
    "ab_seed; samples.csv's proc is the block), so whatever the machine did during a block " \
    "lands on both sides of its pair and cancels in the ratio. The answer is coldload's one " \
    "rule for a difference, paired: the exact signed-rank test of the pairs' B/A, each way at " \
    "0.5%, and the estimate and 99% interval that invert it (Hodges-Lehmann on the log ratios; " \
    "at least 8 pairs). The A/A arm is A against itself: its interval is the noise this run " \
    "can see, and where the rule calls it different its distance from 1 is a floor B/A must " \
    "clear"

/* One answer's figures: its A/A arm and CPU time (after ABDOC_HOW in one
 * paragraph with how, else a paragraph of their own), the sides' table,
 * the runs that waited, the output check. */
static void abdocFigures(const answerAb *pr, int how, const docFmt *fmt, FILE *f) {
    const answerAb r = *pr;
    char *more = docStr(
        "%s (estimate %.3f, 99%% interval %.3f-%.3f over %zu pairs%s). CPU time B/A: %.3f "
        "(wall-clock B/A %.3f): a difference in CPU time and not in wall time is work the "
        "threads did in parallel, or waited out.",
        how ? ABDOC_HOW : "The A/A arm", r.aa_ratio, r.aa_lo, r.aa_hi, r.aa_pairs,
        r.aa_test.verdict == DIFFER_SLOWER || r.aa_test.verdict == DIFFER_FASTER
            ? "; the rule calls even this arm different, which it does by chance 1 time in 100: "
              "if it does so again, the machine drifts within a block"
            : "; the rule calls it the same, as it should",
        r.cpu_ratio, r.ratio);
    if (more) fmt->para(f, more);
    free(more);
    static const char *const head[] = {"side",           "command", "runs",
                                       "median run, ms", "CPU, ms", "runs that waited for a CPU"};
    static const docTable t = {NULL, head, 6, "llrrrr"};
    fmt->table(f, &t);
    for (int k = 0; k < ANSWER_AB_SIDES; k++) abdocSideRow(&r, k, fmt, &t, f);
    fmt->table_end(f, &t);
    if (r.side[ANSWER_AB_A].nwait && r.side[ANSWER_AB_B].nwait) {
        char *w = docStr(
            "Runs that waited for a CPU (their threads runnable but waiting for at least %.0f%% "
            "of the run, the launcher's run-queue wait): %zu of %zu in A, %zu of %zu in B, %zu of "
            "%zu in A again; where those shares differ, the sides met the machine differently. "
            "%s",
            PCT(ANSWER_AB_WAITED), r.side[ANSWER_AB_A].waited, r.side[ANSWER_AB_A].nwait,
            r.side[ANSWER_AB_B].waited, r.side[ANSWER_AB_B].nwait, r.side[ANSWER_AB_A2].waited,
            r.side[ANSWER_AB_A2].nwait,
            r.like ? "Like with like: only the pairs whose two runs both did not wait are "
                     "compared, B/A and the A/A arm alike (a run that waited is the machine's "
                     "luck, not A against B)."
                   : "Every pair is compared: too few pairs had two runs that did not wait.");
        if (w) {
            char *t = docStr("%s%s", w, "");
            if (t && r.like) {
                free(t);
                t = docStr("%s Left out: %zu pairs of B/A, %zu of the A/A arm.", w, r.mixed,
                           r.aa_mixed);
            }
            if (t) fmt->para(f, t);
            free(t);
        }
        free(w);
    }
    if (r.outputs_differ == 0)
        fmt->para(f, "Output check: A and B printed the same (their outputs' hashes agree).");
    else if (r.a_output_varies)
        fmt->para(f, "Output check: A printed different outputs from run to run (A against A "
                     "again), so B's were not checked against them.");
}

/* "Blocks at width 2: 14, stopped once ..." (or "Blocks: 14, ..." without
 * widths) of r's stop (stops.csv), when it has one. */
static void abdocStop(const answerAb *r, const metaStops *stops, const metaTable *m,
                      const docFmt *fmt, FILE *f) {
    int how;
    long blocks = answerAbStopOf(stops, r, &how);
    if (blocks < 0) return;
    const char *total = m ? metaGet(m, "ab_total_s") : NULL;
    char timeout[200];
    snprintf(timeout, sizeof timeout,
             "as many as the job's time budget (--total %s s) held, its B/A interval still wider "
             "than the precision asked: a longer --total would give more",
             total && *total ? total : "?");
    const char *why[META_STOP_N] = {
        [META_STOP_DECIDED] = "stopped once its B/A interval was within the precision asked",
        [META_STOP_MAX] = "the most (--max-procs), its B/A interval still wider than the "
                          "precision asked",
        [META_STOP_FIXED] = "as many as --max-procs 8 fixes",
        [META_STOP_TIME] = timeout,
        [META_STOP_SETTLED] = "stopped once its verdict was settled (--settle: the whole B/A "
                              "interval beyond 10 % either way, so more blocks would narrow "
                              "the ratio, not change the verdict)"};
    char at[32] = "";
    if (r->width > 0) snprintf(at, sizeof at, " at width %d", r->width);
    char *t = docStr("Blocks%s: %ld, %s.", at, blocks,
                     how >= 0 && how < META_STOP_N ? why[how] : "its stop unknown");
    if (t) fmt->para(f, t);
    free(t);
}

void abdocSection(const summary *s, const metaTable *m, const metaStops *stops, const docFmt *fmt,
                  FILE *f) {
    answerAb *r;
    size_t n;
    if (answerAbAll(s, abdocPrecision(m), &r, &n) != 0) return;
    int at = n > 1 || (n == 1 && r[0].width > 0); /* asked at each width */
    fmt->section(f, "answers", NULL);
    fmt->heading(f, 2, "Is B faster than A?");
    for (size_t i = 0; i < n; i++) abdocLeadPara(&r[i], at, m, fmt, f);
    if (at) {
        const char *env = m ? metaGet(m, "ab_width_env") : NULL;
        char *how = docStr("Each width is a question of its own, asked in the same blocks: every "
                           "run of A, B and A again at a width had it set as make threads sets "
                           "a cell's, in %s and for {width} in the commands; its pairs, its A/A "
                           "arm and its answer are its own.",
                           env && *env ? env : "the variables threaded runtimes read");
        if (how) fmt->para(f, how);
        free(how);
        fmt->para(f, ABDOC_HOW ".");
    }
    for (size_t i = 0; i < n; i++) {
        if (at) {
            char h[48];
            fmt->heading(f, 3, abdocAt(&r[i], h, sizeof h));
        }
        abdocStop(&r[i], stops, m, fmt, f);
        abdocFigures(&r[i], !at, fmt, f);
    }
    free(r);
    fmt->section_end(f);
}
