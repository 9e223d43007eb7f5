/* answerdoc.c -- the report's opening answers (see answerdoc.h): the lead
 * sentences, the at-a-glance tables and the rest of each answer, written
 * once through a docFmt.
 *
 * Every judgement is verdict/answer's: which cell decides, yes or no, and
 * the figures come from the answer's data (answerCompute), and this file
 * only says them. The first answer's sentences cite the cold-start verdict's
 * groups and the first call's group the data name; the second's, each load
 * kind's figures; its table says per cell how many processes the stopping
 * rule took and why it stopped (meta's stop keys, model/meta). */
#include "doc/answerdoc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "doc/scandoc.h"
#include "doc/remedydoc.h"
#include "doc/threadsdoc.h"
#include "verdict/verdict.h"

#define RMS(x) summaryFmtMs((x), (char[32]){0}, 32)
#define RX(x) reportRatio((x), (char[32]){0}, 32)

int answerdocOf(const reportInput *in, int k, answer *a) {
    const answerInput ai = {in->s,    in->verdicts, in->thresholds,
                            in->meta, in->stops,    in->job ? in->job->asks : ANSWER_ASKS_BOTH};
    return answerCompute(&ai, k, a);
}

/* --- the first answer ---------------------------------------------------------------------- */

/* The cold kind's clause: what its figures against the same copy's mean
 * (answer's cold_why), in the words of the cold-start verdict's explanation. */
static const char *answerdocColdWhy(const answer *a) {
    static const char *const why[] = {
        [ANSWER_COLD_DISK] = "the OS reads them from disk, and that is the slow first run",
        [ANSWER_COLD_NO_FAULTS] = "slower, without more page faults to explain why",
        [ANSWER_COLD_SPREAD] = "within the same copy's own spread (its slowest run was as slow), "
                               "so no clear cost of a cold page cache here",
        [ANSWER_COLD_CHEAP] = "a cold page cache costs little here"};
    return why[a->fr.cold_why];
}

/* Whether the first call's cell is steady from call 2 (the warmup
 * verdict's figures in the answer): its processes' classes. */
static void answerdocWarmup(const answer *a, FILE *f) {
    double n = answerFig(a, "warmup_classified"), lo = answerFig(a, "warmup_from_lo"),
           hi = answerFig(a, "warmup_from_hi"), late = answerFig(a, "warmup_late");
    if (!(n > 0)) return;
    fprintf(f,
            " Its cell's processes, each one's calls classed by changepoints: warmup in %g of %g",
            answerFig(a, "warmup_warmup"), n);
    if (!isnan(lo) && lo == hi) fprintf(f, " (steady from call %g)", lo);
    else if (!isnan(lo)) fprintf(f, " (steady from call %g-%g)", lo, hi);
    fprintf(f, ", flat in %g, slowdown in %g, no steady state in %g%s", answerFig(a, "warmup_flat"),
            answerFig(a, "warmup_slowdown"), answerFig(a, "warmup_no_steady_state"),
            late > 0 ? "" : ": every one steady by call 2.");
    if (late > 0)
        fprintf(f, ": %g of them not steady by call 2, so their steady figures mix regimes.", late);
}

/* "Is the first run slow here, and why?"; opening: with its first word (yes
 * or no), which the report's lead sentence says instead. fr: the first-run
 * parts the directory holds (NULL: none). */
static void answerdocFirstText(const answer *a, const firstrun *fr, FILE *f, int opening) {
    const summaryGroup *same = a->fr.same, *cold = a->fr.cold, *fresh = a->fr.fresh,
                       *first = a->fr.first;
    if (a->verdict == ANSWER_NOT_MEASURED && fr && fr->n > 0) {
        /* make firstrun: its parts answer "why", not "whether" */
        fprintf(f, "Not answered here: this run has no cold starts and no first calls of warm "
                   "runs, which the answer compares; it holds the first-run parts (below: Where "
                   "the first run's milliseconds go).");
        return;
    }
    if (a->verdict == ANSWER_NOT_MEASURED) {
        fprintf(f, "Not measured here: this run has no cold starts and no first calls.");
        return;
    }
    if (opening) fprintf(f, "%s", a->verdict == ANSWER_YES ? "Yes. " : "Not much. ");
    if (cold) {
        char maj[96] = "";
        if (!isnan(cold->whole_majflt))
            snprintf(maj, sizeof maj, ", with %g major page fault%s against %g", cold->whole_majflt,
                     cold->whole_majflt == 1 ? "" : "s",
                     isnan(same->whole_majflt) ? 0 : same->whole_majflt);
        fprintf(f,
                "A new process of %s whose binary and libraries were %s takes %s ms instead "
                "of %s ms (%s)%s: %s. ",
                same->key.workload[0] ? same->key.workload : "the program",
                summaryIsCopy(cold, SUMMARY_COPY_EVICTED)     ? "evicted from the page cache"
                : summaryIsCopy(cold, SUMMARY_COPY_DROPCACHE) ? "dropped with the whole page cache"
                                                              : "freshly copied",
                RMS(cold->whole_median_ms), RMS(same->whole_median_ms), RX(a->fr.ratio), maj,
                answerdocColdWhy(a));
        if (fresh)
            fprintf(f, "A freshly copied binary takes %s ms (%s the cached one)%s. ",
                    RMS(fresh->whole_median_ms), RX(fresh->whole_median_ms / same->whole_median_ms),
                    a->fr.fresh_cached ? ": copying leaves it in the page cache" : "");
    }
    if (first) {
        fprintf(f, "Inside a process the first call is up to %s the steady minimum (",
                RX(first->first_over_min));
        summaryDescribe(first, f);
        fprintf(f, ": first %s ms, min %s ms)%s.", RMS(first->first_ms), RMS(first->min_ms),
                a->fr.first_notable ? ": time it apart and keep it out of averages" : "");
        answerdocWarmup(a, f);
    }
}

/* The lead: the figure the answer's basis names. */
static void answerdocFirstLead(const answer *a, FILE *f) {
    const char *yes = a->verdict == ANSWER_YES ? "Yes" : "Not much";
    if (!a->basis) return;
    if (!strcmp(a->basis, "cold-start"))
        fprintf(f, "%s: a cold start of %s takes %s the cached one (%s vs %s ms).", yes,
                a->fr.same->key.workload[0] ? a->fr.same->key.workload : "the program",
                RX(answerFig(a, "cold_over_same")), RMS(answerFig(a, "cold_ms")),
                RMS(answerFig(a, "same_ms")));
    else
        fprintf(f, "%s: the first call in a process is %s the steady minimum (%s %s).", yes,
                RX(answerFig(a, "first_over_min")), a->cell->key.workload, a->cell->key.params);
}

const char answerdocNotAsked[] =
    "Not asked: a threads job (harness/threads.sh) asks the threads question alone.";

/* --- the second answer: the loaded groups' per-process figures --------------------------- */

/* One load kind's sentence (kind: an ANSWER_LOAD_*): processes slow at
 * width > 1, the worst cell with its interval, width 1's range. 0 when the
 * kind has no loaded cell with an idle one. */
static int answerdocLoadSentence(const reportInput *in, const answer *a, int kind, FILE *f) {
    const answerLoad *x = &a->load[kind];
    const summaryGroup *worst = x->worst;
    if (!worst && !x->n1) return 0;
    const char *stress = worst ? worst->key.stressors : "";
    if (kind == ANSWER_LOAD_PINNED)
        fprintf(f, "Pinned load (one stress-ng worker bound to each CPU)");
    else if (kind == ANSWER_LOAD_FREE)
        fprintf(f, "Free load (stress-ng --cpu %s, unbound)", stress[0] ? stress : "?");
    else fprintf(f, "Under load (stress-ng --cpu %s)", stress[0] ? stress : "?");
    if (worst) {
        summaryKey k = worst->key;
        double top = worst->proc_median_max_ms / worst->proc_median_median_ms * worst->proc_ratio;
        fprintf(f,
                ": at width > 1, %zu of %zu processes were at least %gx slower than idle; in "
                "the worst cell, %s%s%s width %d, the median process %s (95%% interval %s-%s) "
                "and the slowest %s",
                x->slow, x->procs, in->thresholds->contention_wide, k.workload,
                k.params[0] ? " " : "", k.params, k.width, RX(worst->proc_ratio),
                RX(worst->ratio_lo), RX(worst->ratio_hi), RX(top));
    }
    if (x->n1) {
        char lo[32], hi[32];
        reportRatio(x->lo1, lo, sizeof lo);
        reportRatio(x->hi1, hi, sizeof hi);
        fprintf(f, "%s width 1 %s%s%s", worst ? ";" : ":", lo, strcmp(lo, hi) ? "-" : "",
                strcmp(lo, hi) ? hi : "");
    }
    if (worst && x->slow > 0 && x->slow < x->procs)
        fprintf(f, ": the rest ran near idle, so whether threads hurt depends on "
                   "where the scheduler puts them");
    fprintf(f, ". ");
    /* the worst cell's runs as the launcher saw them (runs.csv; results
     * from before the page's runs went through it have none) */
    verdictWhy w;
    if (worst && verdictWhyOf(in->s, worst, &w)) {
        fprintf(f, "Why, in %s width %d: ", worst->key.workload, worst->key.width);
        threadsdocWhySplit(in->s, worst, f);
        fprintf(f, ". ");
    }
    return 1;
}

/* The scan's recommendation, when the results hold one: the width to use
 * at each load level, which the two points of the loaded runs cannot give. */
static void answerdocScan(const reportInput *in, FILE *f) {
    char *rec = scandocRecommendation(in->scan);
    if (!rec) return;
    fprintf(f, " The scan (" SCANDOC_DIR "/) recommends, per pinned load workers: %s.", rec);
    free(rec);
}

/* "Do threads hurt under full load here?" from each kind of load. */
static void answerdocThreadsText(const reportInput *in, const answer *a, FILE *f, int opening) {
    if (a->verdict == ANSWER_NOT_MEASURED) {
        fprintf(f, "Not measured here: this run has no loaded measurements with "
                   "idle ones to compare them with.");
        answerdocScan(in, f);
        return;
    }
    int pinned_all = a->all_slow[ANSWER_LOAD_PINNED], free_all = a->all_slow[ANSWER_LOAD_FREE],
        legacy_all = a->all_slow[ANSWER_LOAD_LEGACY];
    fprintf(f, "%s",
            !opening                   ? ""
            : pinned_all || legacy_all ? "Yes, when every core is taken. "
            : free_all                 ? "Yes. "
                                       : "Not reproducibly. ");
    static const int order[] = {ANSWER_LOAD_PINNED, ANSWER_LOAD_FREE, ANSWER_LOAD_LEGACY};
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
        answerdocLoadSentence(in, a, order[i], f);
    if (pinned_all || legacy_all || free_all)
        fprintf(f, "Keep the width at or below the idle cores.");
    /* What was cut to keep the loaded half bounded: the TRG's size, and the
     * cells whose budget stopped their series early. */
    size_t cut = 0, loaded = 0;
    for (size_t i = 0; i < in->s->n; i++) {
        const summaryGroup *g = &in->s->g[i];
        if (!summaryIsLoaded(g) || g->n == 0) continue;
        loaded++;
        if (g->truncated > 0) cut++;
    }
    const char *trg = in->meta ? metaGet(in->meta, "loaded_trg_params") : NULL;
    if (trg && *trg)
        fprintf(f,
                " Under load the TRG ran at %s only (a smaller size than idle: "
                "one 2-thread call takes seconds there).",
                trg);
    if (cut)
        fprintf(f,
                " %zu of %zu loaded cells were cut short by the budget "
                "(column truncated): their processes took fewer steady calls.",
                cut, loaded);
    answerdocScan(in, f);
}

/* The lead: the deciding load kind's figures. */
static void answerdocThreadsLead(const answer *a, FILE *f) {
    if (a->decides < 0) return;
    int all = a->verdict == ANSWER_YES;
    const answerLoad *d = &a->load[a->decides];
    if (a->decides != ANSWER_LOAD_FREE)
        fprintf(f,
                "%s: under %s load %s width %d is %s idle (95%% interval %s-%s), %zu of %zu "
                "processes at width > 1 at least %gx.",
                all ? "Yes, when every core is taken" : "Not reproducibly",
                a->decides == ANSWER_LOAD_PINNED ? "pinned" : "full", a->cell->key.workload,
                a->cell->key.width, RX(answerFig(a, "loaded_over_idle")),
                RX(answerFig(a, "ratio_lo")), RX(answerFig(a, "ratio_hi")), d->slow, d->procs,
                answerFig(a, "threshold"));
    else
        fprintf(f, "%s: under free load %zu of %zu processes at width > 1 were at least %gx idle.",
                all ? "Yes" : "Not reproducibly", d->slow, d->procs, answerFig(a, "threshold"));
}

/* A threads job's lead from its figures (the report's own is threadsdoc's,
 * which names the level's workers). */
static void answerdocJobLead(const answer *a, FILE *f) {
    static const char *const word[ANSWER_VERDICT_N] = {"", "No", "Yes", "Not clearly", ""};
    if (!a->basis) return;
    /* one configuration at every width (answerthreads.h): no width to compare */
    double one = answerFig(a, "one_configuration_threads");
    if (answerFig(a, "one_configuration") == 1) {
        if (isnan(one))
            fprintf(f, "%s: under %s load the width never reached it, one configuration.",
                    word[a->verdict], a->basis);
        else
            fprintf(f,
                    "%s: %g thread%s in every run at every width under %s load: the width never "
                    "reached its threads, one configuration.",
                    word[a->verdict], one, one == 1 ? "" : "s", a->basis);
        return;
    }
    /* the widest width's runs stopped before they ended: its figures are bounds */
    int bound = answerFig(a, "widest_bound") > 0;
    fprintf(f,
            "%s: under %s load width %g takes %s%.2fx as long as width %g, the fastest (median "
            "run %s%s ms against %s ms; threads hurt at %gx).",
            word[a->verdict], a->basis, answerFig(a, "widest_width"), bound ? "at least " : "",
            answerFig(a, "widest_over_best"), answerFig(a, "best_width"), bound ? ">= " : "",
            RMS(answerFig(a, "widest_median_ms")), RMS(answerFig(a, "best_median_ms")),
            answerFig(a, "threshold"));
}

char *answerdocLead(const answer *a) {
    if (a->verdict == ANSWER_NOT_ASKED) return strdup(answerdocNotAsked);
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    if (!f) return NULL;
    if (a->threads_job) answerdocJobLead(a, f);
    else if (a->k == ANSWER_FIRST_RUN) answerdocFirstLead(a, f);
    else answerdocThreadsLead(a, f);
    if (!a->basis)
        fputs(a->verdict == ANSWER_NOT_MEASURED
                  ? "Not measured here."
                  : "Not reproducibly: no loaded cell at width > 1 to tell.",
              f);
    if (fclose(f) != 0) {
        free(out);
        return NULL;
    }
    return out;
}

/* --- each answer at a glance: a small table ---------------------------------------------- */

/* "3, decided": a stop's processes taken and why they stopped; "-" without one. */
static const char *answerdocStopSay(long taken, int how, char *buf, size_t len) {
    static const char *const hows[META_STOP_N] = {"decided", "undecided at the most", "fixed",
                                                  "undecided when the time ran out", "settled"};
    if (taken < 0) snprintf(buf, len, "-");
    else snprintf(buf, len, "%ld, %s", taken, hows[how >= 0 && how < META_STOP_N ? how : 0]);
    return buf;
}

const char *answerdocStopText(const metaStops *stops, const summaryGroup *g, char *buf,
                              size_t len) {
    int how;
    long taken = answerStopOf(stops, g, &how);
    return answerdocStopSay(taken, how, buf, len);
}

#define ANSWERS_GLANCE_ROWS 12 /* a small table: the rest is in the summary */
#define ANSWERS_GLANCE_COLS 6
#define ANSWERS_STOP_COL 4 /* the second table's processes taken, and why they stopped */

static const char *const answerdocHead[2][ANSWERS_GLANCE_COLS] = {
    {"cell, cold copy", "same copy (ms)", "cold copy (ms)", "cold / same", "major faults", NULL},
    {"cell", "idle (ms)", "loaded (ms)", "slow processes", "processes taken, stopped",
     "loaded / idle (95% interval)"}};

/* Row r of question k's table as allocated cells (NULL: out of memory). */
static void answerdocGlanceRow(int k, const answerRow *r, char *c[ANSWERS_GLANCE_COLS]) {
    const summaryGroup *g = r->g;
    if (k == ANSWER_FIRST_RUN) {
        const summaryKey *same = &r->base->key;
        c[0] = docStr("%s%s%s, %s", same->workload, same->params[0] ? " " : "", same->params,
                      g->key.copy);
        c[1] = docStr("%s", RMS(r->base_ms));
        c[2] = docStr("%s", RMS(r->ms));
        c[3] = docStr("%s", RX(r->ratio));
        c[4] = isnan(r->majflt) ? docStr("-") : docStr("%g (same: %g)", r->majflt, r->base_majflt);
        return;
    }
    char w[16], stop[64];
    if (summaryIsDefaultWidth(g)) snprintf(w, sizeof w, "default");
    else snprintf(w, sizeof w, "%d", g->key.width);
    c[0] = docStr("%s%s%s w%s%s%s, %s S=%s", g->key.workload, g->key.params[0] ? " " : "",
                  g->key.params, w, g->key.wait[0] ? " " : "", g->key.wait,
                  g->key.load[0] ? g->key.load : "loaded",
                  g->key.stressors[0] ? g->key.stressors : "?");
    /* ">= ": only a lower bound, some of its runs stopped before they ended
     * (the medians: median_bound; the ratio and its interval's ends:
     * ratio_bound, ratio_lo_bound, ratio_hi_bound) */
    const char *ge = ">= ", *ib = r->base->median_bound ? ge : "", *mb = g->median_bound ? ge : "",
               *rb = g->ratio_bound ? ge : "", *lb = g->ratio_lo_bound ? ge : "",
               *hb = g->ratio_hi_bound ? ge : "";
    c[1] = docStr("%s%s", ib, RMS(r->base_ms));
    c[2] = docStr("%s%s", mb, RMS(r->ms));
    c[3] = docStr("%zu of %zu", r->slow, r->procs);
    c[4] = docStr("%s", answerdocStopSay(r->taken, r->how, stop, sizeof stop));
    c[5] = docStr("%s%s (%s%s-%s%s)", rb, RX(r->ratio), lb, RX(r->lo), hb, RX(r->hi));
}

/* Question k's table; nothing when it has no row. The processes-taken
 * column only when meta records the stopping rule's stops: results from
 * before it would show a column of dashes. */
static void answerdocGlance(const reportDoc *d, const answer *a) {
    const docFmt *fmt = d->fmt;
    int k = a->k;
    size_t n = a->nrows, shown = n < ANSWERS_GLANCE_ROWS ? n : ANSWERS_GLANCE_ROWS;
    int stops = k != 0 && d->stops && d->stops->n > 0;
    /* the columns shown, as indices into a row */
    size_t col[ANSWERS_GLANCE_COLS], nc = 0;
    for (size_t c = 0; c < ANSWERS_GLANCE_COLS; c++)
        if (answerdocHead[k != 0][c] && (c != ANSWERS_STOP_COL || stops || k == 0)) col[nc++] = c;
    const char *head[ANSWERS_GLANCE_COLS];
    for (size_t c = 0; c < nc; c++) head[c] = answerdocHead[k != 0][col[c]];
    const docTable t = {"glance", head, nc, NULL};
    if (n > 0) fmt->table(d->f, &t);
    for (size_t r = 0; r < shown; r++) {
        char *row[ANSWERS_GLANCE_COLS] = {0};
        answerdocGlanceRow(k, &a->rows[r], row);
        const char *cells[ANSWERS_GLANCE_COLS];
        for (size_t c = 0; c < nc; c++) cells[c] = row[col[c]] ? row[col[c]] : "?";
        fmt->row(d->f, &t, cells);
        for (size_t c = 0; c < ANSWERS_GLANCE_COLS; c++) free(row[c]);
    }
    if (n > shown) {
        char more[96];
        snprintf(more, sizeof more, "%zu more cells: see the summary", n - shown);
        docCell c = {more, (int)t.n, NULL, 0};
        fmt->row_cells(d->f, &t, &c, 1, NULL, NULL);
    }
    if (n > 0) fmt->table_end(d->f, &t);
}

/* --- the section, and the answers as text -------------------------------------------------- */

/* The rest of answer a; opening: with its first word (yes or no). */
static void answerdocRest(const reportInput *in, const answer *a, FILE *f, int opening) {
    if (a->threads_job) {
        threadsdocAnswer(in->s, in->meta, f);
        const remedydocInput r = {in->s, in->meta, in->remedies, in->nremedies, in->remedies_err};
        remedydocSay(&r, f);
    } else if (a->k == ANSWER_FIRST_RUN) answerdocFirstText(a, in->fr, f, opening);
    else answerdocThreadsText(in, a, f, opening);
}

/* Answer a's lead (threads: the threads job's own) and rest, into two
 * allocated strings; without a lead the rest keeps its opening yes or no. */
static void answerdocParts(const reportInput *in, const answer *a, char **lead, char **rest) {
    size_t ll = 0, rl = 0;
    *lead = *rest = NULL;
    FILE *l = open_memstream(lead, &ll);
    if (l) {
        if (a->threads_job) threadsdocLead(in->s, l);
        else if (a->k == ANSWER_FIRST_RUN) answerdocFirstLead(a, l);
        else answerdocThreadsLead(a, l);
        if (fclose(l) != 0) free(*lead), *lead = NULL;
    }
    FILE *r = open_memstream(rest, &rl);
    if (r) {
        answerdocRest(in, a, r, !*lead || !**lead);
        if (fclose(r) != 0) free(*rest), *rest = NULL;
    }
}

void answerdocSection(const reportDoc *d) {
    const reportInput *in = d->in;
    const docFmt *fmt = d->fmt;
    fmt->section(d->f, "answers", NULL);
    /* a threads job asks one program's threads question alone (threadsdoc) */
    const reportJob *job = in->job;
    for (int k = job->answer_first; k < job->answer_first + job->nanswers; k++) {
        char *q = job->own_question ? threadsdocQuestion(in->meta) : NULL;
        fmt->heading(d->f, 2, q ? q : answerQuestion(k));
        free(q);
        answer a;
        char *lead = NULL, *rest = NULL;
        if (answerdocOf(in, k, &a) == 0) answerdocParts(in, &a, &lead, &rest);
        if (lead && *lead) {
            fmt->para_begin(d->f, "lead");
            fmt->strong(d->f, lead);
            fmt->para_end(d->f);
            answerdocGlance(d, &a);
        }
        fmt->para(d->f, rest ? rest : "");
        free(lead);
        free(rest);
        answerFree(&a);
    }
    fmt->section_end(d->f);
}

char *answerdocText(const reportInput *in, int k) {
    answer a;
    char *lead, *rest, *out = NULL;
    if (answerdocOf(in, k, &a) != 0) {
        answerFree(&a);
        return NULL;
    }
    if (a.verdict == ANSWER_NOT_ASKED) out = strdup(answerdocNotAsked);
    else if (a.threads_job) {
        /* a threads job's lead and rest */
        answerdocParts(in, &a, &lead, &rest);
        if (lead && rest) out = docStr("%s %s", lead, rest);
        free(lead);
        free(rest);
    } else {
        /* the report's answer with its opening word */
        size_t len = 0;
        FILE *f = open_memstream(&out, &len);
        if (f) {
            answerdocRest(in, &a, f, 1);
            if (fclose(f) != 0) free(out), out = NULL;
        }
    }
    answerFree(&a);
    return out;
}
