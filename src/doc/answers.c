/* answers.c -- the report's opening answers (see answers.h): the lead
 * sentences, the at-a-glance tables and the rest of each answer, written
 * once through a docFmt.
 *
 * The first answer reads its judgement from the verdicts (cold-start and
 * first-run: level, group, named figures); the figures it cites come from
 * those verdicts and their groups. The second reads the loaded groups'
 * per-process figures; its table says per cell how many processes the
 * stopping rule took and why it stopped (meta's stop keys, model/meta). */
#include "doc/answers.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "doc/scandoc.h"
#include "doc/threadsdoc.h"

#define RMS(x) summaryFmtMs((x), (char[32]){0}, 32)
#define RX(x) reportRatio((x), (char[32]){0}, 32)

const char *answersQuestion(int k) {
    static const char *const q[ANSWERS_QUESTIONS] = {"Is the first run slow here, and why?",
                                                     "Do threads hurt under full load here?"};
    return k >= 0 && k < ANSWERS_QUESTIONS ? q[k] : "";
}

/* --- the first answer: from the cold-start and first-run verdicts ----------------------- */

static double answersFig(const verdict *v, const char *name) {
    for (size_t i = 0; i < v->nfig; i++)
        if (!strcmp(v->fig[i].name, name)) return v->fig[i].value;
    return NAN;
}

/* The copy kinds a cold-start verdict names, in its order (fresh, then the
 * cold page cache's two), with their figure. */
static const struct {
    int copy;
    const char *fig;
} answersKinds[] = {{SUMMARY_COPY_FRESH, "fresh_ms"},
                    {SUMMARY_COPY_EVICTED, "evicted_ms"},
                    {SUMMARY_COPY_DROPCACHE, "dropcache_ms"}};

/* What the first answer rests on: the cold-start verdict it cites (a WARN
 * before a NOTE, then the slowest), its `same` group, the cold kind of it
 * cited (the slower of evicted and dropcache; fresh when only it was run)
 * and that kind's group, the fresh copy's group; the first-run verdict on the
 * idle group whose first call is furthest above its steady minimum (or that
 * group alone, when no verdict fired on it). */
typedef struct answersFirst {
    const verdict *cv;
    const summaryGroup *same, *cold, *fresh;
    double ratio, threshold;
    const summaryGroup *first;
    int first_warn, first_notable; /* first-run, first-run-notable on `first` */
    int cold_warn, slow;
} answersFirst;

/* The group of same's key with copy kind `copy`, or NULL. */
static const summaryGroup *answersCopyOf(const summary *s, const summaryGroup *same, int copy) {
    for (size_t j = 0; j < s->n; j++)
        if (summaryKeySame(&same->key, &s->g[j].key, SUMMARY_K_ALL & ~SUMMARY_K_COPY) &&
            summaryIsCopy(&s->g[j], copy) && !isnan(s->g[j].whole_median_ms))
            return &s->g[j];
    return NULL;
}

static void answersFirstPick(const reportInput *in, answersFirst *x) {
    memset(x, 0, sizeof *x);
    const verdictList *vl = in->verdicts;
    for (size_t i = 0; vl && i < vl->n; i++) {
        const verdict *v = &vl->v[i];
        if (strcmp(v->id, "cold-start") != 0 || !v->group) continue;
        double worst = answersFig(v, "slowest_over_same");
        int warn = v->level >= VERDICT_WARN;
        if (x->cv && (x->cold_warn > warn ||
                      (x->cold_warn == warn && !(worst > answersFig(x->cv, "slowest_over_same")))))
            continue;
        x->cv = v;
        x->cold_warn = warn;
    }
    if (x->cv) {
        const verdict *v = x->cv;
        double same_ms = answersFig(v, "same_ms");
        x->same = v->group;
        x->threshold = answersFig(v, "threshold");
        int pick = -1;
        for (int k = 1; k < 3; k++) {
            double r = answersFig(v, answersKinds[k].fig) / same_ms;
            if (!isnan(r) && (pick < 0 || r > x->ratio)) pick = k, x->ratio = r;
        }
        if (pick < 0 && !isnan(answersFig(v, "fresh_ms")))
            pick = 0, x->ratio = answersFig(v, "fresh_ms") / same_ms;
        if (pick >= 0) x->cold = answersCopyOf(in->s, x->same, answersKinds[pick].copy);
        if (pick > 0) x->fresh = answersCopyOf(in->s, x->same, SUMMARY_COPY_FRESH);
        if (!x->cold) x->cv = NULL, x->same = NULL, x->cold_warn = 0;
    }
    /* The first call in a process against its steady min, idle groups only. */
    const summary *s = in->s;
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *g = &s->g[i];
        if (!summaryIsLoaded(g) && !isnan(g->first_over_min) &&
            (!x->first || g->first_over_min > x->first->first_over_min))
            x->first = g;
    }
    for (size_t i = 0; vl && x->first && i < vl->n; i++) {
        if (vl->v[i].group != x->first) continue;
        if (!strcmp(vl->v[i].id, "first-run")) x->first_warn = x->first_notable = 1;
        if (!strcmp(vl->v[i].id, "first-run-notable")) x->first_notable = 1;
    }
    x->slow = x->cold_warn || x->first_warn;
}

/* The cold kind's clause: what its figures against the same copy's mean,
 * in the words of the cold-start verdict's explanation. */
static const char *answersColdWhy(const answersFirst *x) {
    const summaryGroup *same = x->same, *cold = x->cold;
    int above = x->ratio >= x->threshold, beyond = cold->whole_median_ms > same->whole_max_ms;
    if (above && beyond && cold->whole_majflt > same->whole_majflt)
        return "the OS reads them from disk, and that is the slow first run";
    if (above && beyond) return "slower, without more page faults to explain why";
    if (above)
        return "within the same copy's own spread (its slowest run was as slow), so no clear "
               "cost of a cold page cache here";
    return "a cold page cache costs little here";
}

/* "Is the first run slow here, and why?"; opening: with its first word (yes
 * or no), which the report's lead sentence says instead. */
static void answersFirstText(const reportInput *in, FILE *f, int opening) {
    answersFirst x;
    answersFirstPick(in, &x);
    const summaryGroup *same = x.same, *cold = x.cold, *fresh = x.fresh, *first = x.first;
    if (!cold && !first) {
        fprintf(f, "Not measured here: this run has no cold starts and no first calls.");
        return;
    }
    if (opening) fprintf(f, "%s", x.slow ? "Yes. " : "Not much. ");
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
                RMS(cold->whole_median_ms), RMS(same->whole_median_ms), RX(x.ratio), maj,
                answersColdWhy(&x));
        if (fresh)
            fprintf(f, "A freshly copied binary takes %s ms (%s the cached one)%s. ",
                    RMS(fresh->whole_median_ms), RX(fresh->whole_median_ms / same->whole_median_ms),
                    fresh->whole_median_ms < x.threshold * same->whole_median_ms
                        ? ": copying leaves it in the page cache"
                        : "");
    }
    if (first) {
        fprintf(f, "Inside a process the first call is up to %s the steady minimum (",
                RX(first->first_over_min));
        summaryDescribe(first, f);
        fprintf(f, ": first %s ms, min %s ms)%s.", RMS(first->first_ms), RMS(first->min_ms),
                x.first_notable ? ": time it apart and keep it out of averages" : "");
    }
}

static void answersFirstLead(const reportInput *in, FILE *f) {
    answersFirst x;
    answersFirstPick(in, &x);
    const char *yes = x.slow ? "Yes" : "Not much";
    /* the cold start decides unless only the first call is slow */
    if (x.cold && (x.cold_warn || !x.first_warn))
        fprintf(f, "%s: a cold start of %s takes %s the cached one (%s vs %s ms).", yes,
                x.same->key.workload[0] ? x.same->key.workload : "the program", RX(x.ratio),
                RMS(x.cold->whole_median_ms), RMS(x.same->whole_median_ms));
    else if (x.first)
        fprintf(f, "%s: the first call in a process is %s the steady minimum (%s %s).", yes,
                RX(x.first->first_over_min), x.first->key.workload, x.first->key.params);
}

/* --- the second answer: the loaded groups' per-process figures --------------------------- */

/* One load kind's figures: processes slow at width > 1 (slow of procs), the
 * cell with the slowest process (worst), width 1's range of loaded/idle
 * (lo1-hi1 over n1 cells). */
typedef struct answersLoad {
    size_t slow, procs, n1;
    double lo1, hi1;
    const summaryGroup *worst;
} answersLoad;

static void answersLoadPick(const reportInput *in, const char *load, answersLoad *x) {
    const summary *s = in->s;
    *x = (answersLoad){0, 0, 0, INFINITY, 0, NULL};
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *g = &s->g[i];
        if (!summaryIsLoaded(g) || strcmp(g->key.load, load) != 0 || g->slow_procs == SIZE_MAX ||
            isnan(g->proc_ratio))
            continue;
        if (g->key.width == 1) {
            x->n1++;
            x->lo1 = fmin(x->lo1, g->proc_ratio);
            x->hi1 = fmax(x->hi1, g->proc_ratio);
            continue;
        }
        x->slow += g->slow_procs;
        x->procs += g->procs;
        /* the cell with the slowest process: a bimodal cell's median hides it */
        const summaryGroup *w = x->worst;
        if (!w || g->proc_median_max_ms / g->proc_median_median_ms * g->proc_ratio >
                      w->proc_median_max_ms / w->proc_median_median_ms * w->proc_ratio)
            x->worst = g;
    }
}

/* One load kind's sentence: processes slow at width > 1, the worst cell with
 * its interval, width 1's range. 0 when the kind has no loaded cell with an
 * idle one. */
static int answersLoadSentence(const reportInput *in, const char *load, FILE *f, int *all_slow) {
    answersLoad x;
    answersLoadPick(in, load, &x);
    const summaryGroup *worst = x.worst;
    if (!worst && !x.n1) return 0;
    const char *stress = worst ? worst->key.stressors : "";
    int kind = summaryWordOf(summaryLoads, SUMMARY_LOAD_N, load);
    if (kind == SUMMARY_LOAD_PINNED)
        fprintf(f, "Pinned load (one stress-ng worker bound to each CPU)");
    else if (kind == SUMMARY_LOAD_FREE)
        fprintf(f, "Free load (stress-ng --cpu %s, unbound)", stress[0] ? stress : "?");
    else fprintf(f, "Under load (stress-ng --cpu %s)", stress[0] ? stress : "?");
    if (worst) {
        summaryKey k = worst->key;
        double top = worst->proc_median_max_ms / worst->proc_median_median_ms * worst->proc_ratio;
        fprintf(f,
                ": at width > 1, %zu of %zu processes were at least %gx slower than idle; in "
                "the worst cell, %s%s%s width %d, the median process %s (95%% interval %s-%s) "
                "and the slowest %s",
                x.slow, x.procs, in->thresholds->contention_wide, k.workload,
                k.params[0] ? " " : "", k.params, k.width, RX(worst->proc_ratio),
                RX(worst->ratio_lo), RX(worst->ratio_hi), RX(top));
    }
    if (x.n1) {
        char a[32], b[32];
        reportRatio(x.lo1, a, sizeof a);
        reportRatio(x.hi1, b, sizeof b);
        fprintf(f, "%s width 1 %s%s%s", worst ? ";" : ":", a, strcmp(a, b) ? "-" : "",
                strcmp(a, b) ? b : "");
    }
    if (worst && x.slow > 0 && x.slow < x.procs)
        fprintf(f, ": the rest ran near idle, so whether threads hurt depends on "
                   "where the scheduler puts them");
    fprintf(f, ". ");
    *all_slow = worst && x.slow == x.procs;
    return 1;
}

/* The scan's recommendation, when the results hold one: the width to use
 * at each load level, which the two points of the loaded runs cannot give. */
static void answersScan(const reportInput *in, FILE *f) {
    char *rec = scandocRecommendation(in->scan);
    if (!rec) return;
    fprintf(f, " The scan (" SCANDOC_DIR "/) recommends, per pinned load workers: %s.", rec);
    free(rec);
}

/* "Do threads hurt under full load here?" from each kind of load. */
static void answersThreadsText(const reportInput *in, FILE *f, int opening) {
    int pinned_all = 0, free_all = 0, legacy_all = 0;
    /* The sentences first, into their own stream: the opening word depends
     * on what they found. */
    char *body = NULL;
    size_t blen = 0;
    FILE *b = open_memstream(&body, &blen);
    if (!b) return;
    int any = answersLoadSentence(in, summaryLoads[SUMMARY_LOAD_PINNED].name, b, &pinned_all);
    any |= answersLoadSentence(in, summaryLoads[SUMMARY_LOAD_FREE].name, b, &free_all);
    any |= answersLoadSentence(in, "", b, &legacy_all);
    int bad = fclose(b) != 0;
    if (!any || bad) {
        free(body);
        fprintf(f, "Not measured here: this run has no loaded measurements with "
                   "idle ones to compare them with.");
        answersScan(in, f);
        return;
    }
    fprintf(f, "%s%s",
            !opening                   ? ""
            : pinned_all || legacy_all ? "Yes, when every core is taken. "
            : free_all                 ? "Yes. "
                                       : "Not reproducibly. ",
            body);
    free(body);
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
    answersScan(in, f);
}

static void answersThreadsLead(const reportInput *in, FILE *f) {
    answersLoad p, fr, lg;
    answersLoadPick(in, summaryLoads[SUMMARY_LOAD_PINNED].name, &p);
    answersLoadPick(in, summaryLoads[SUMMARY_LOAD_FREE].name, &fr);
    answersLoadPick(in, "", &lg);
    /* pinned load decides (it reproduces); free load only without it */
    const answersLoad *d = p.worst ? &p : lg.worst ? &lg : fr.worst ? &fr : NULL;
    if (!d) return;
    int all = d->slow == d->procs;
    const summaryGroup *w = d->worst;
    if (d != &fr)
        fprintf(f,
                "%s: under %s load %s width %d is %s idle (95%% interval %s-%s), %zu of %zu "
                "processes at width > 1 at least %gx.",
                all ? "Yes, when every core is taken" : "Not reproducibly",
                d == &p ? "pinned" : "full", w->key.workload, w->key.width, RX(w->proc_ratio),
                RX(w->ratio_lo), RX(w->ratio_hi), d->slow, d->procs,
                in->thresholds->contention_wide);
    else
        fprintf(f, "%s: under free load %zu of %zu processes at width > 1 were at least %gx idle.",
                all ? "Yes" : "Not reproducibly", d->slow, d->procs,
                in->thresholds->contention_wide);
}

/* --- each answer at a glance: a small table ---------------------------------------------- */

const char *answersStopText(const metaStops *stops, const summaryGroup *g, char *buf, size_t len) {
    static const char *const how[] = {"decided", "undecided at the most", "fixed"};
    long s = strtol(g->key.stressors, NULL, 10);
    const char *h = g->harness ? g->harness : "";
    const metaStop *x = metaStopFind(stops, h, g->key.load, s, g->key.workload, g->key.width);
    /* the loaded runs' TRG is the harness's cell "trgload" (its own size) */
    char alt[160];
    snprintf(alt, sizeof alt, "%sload", g->key.workload);
    if (!x) x = metaStopFind(stops, h, g->key.load, s, alt, g->key.width);
    if (!x) snprintf(buf, len, "-");
    else snprintf(buf, len, "%ld, %s", x->procs, how[x->how]);
    return buf;
}

#define ANSWERS_GLANCE_ROWS 12 /* a small table: the rest is in the summary */
#define ANSWERS_GLANCE_COLS 6
#define ANSWERS_STOP_COL 4 /* the second table's processes taken, and why they stopped */

static const char *const answersHead[2][ANSWERS_GLANCE_COLS] = {
    {"cell, cold copy", "same copy (ms)", "cold copy (ms)", "cold / same", "major faults", NULL},
    {"cell", "idle (ms)", "loaded (ms)", "slow processes", "processes taken, stopped",
     "loaded / idle (95% interval)"}};

/* The rows of question k's table, allocated cells (NULL: out of memory);
 * returns how many rows there were in all (more than the max: cut). */
static size_t answersGlanceRows(const reportDoc *d, int k,
                                char *rows[ANSWERS_GLANCE_ROWS][ANSWERS_GLANCE_COLS]) {
    const summary *s = d->in->s;
    size_t n = 0;
    if (k == 0) {
        /* every cold kind against the same copy of its cell */
        for (size_t i = 0; i < s->n; i++) {
            const summaryGroup *same = &s->g[i];
            if (!summaryIsCopy(same, SUMMARY_COPY_SAME) || !(same->whole_median_ms > 0)) continue;
            for (size_t j = 0; j < s->n; j++) {
                const summaryGroup *g = &s->g[j];
                int kind = summaryWordOf(summaryCopies, SUMMARY_COPY_N, g->key.copy);
                if (j == i || kind < 0 || !summaryCopies[kind].cold ||
                    !summaryKeySame(&same->key, &g->key, SUMMARY_K_ALL & ~SUMMARY_K_COPY) ||
                    isnan(g->whole_median_ms))
                    continue;
                if (n < ANSWERS_GLANCE_ROWS) {
                    char **c = rows[n];
                    c[0] = docStr("%s%s%s, %s", same->key.workload, same->key.params[0] ? " " : "",
                                  same->key.params, g->key.copy);
                    c[1] = docStr("%s", RMS(same->whole_median_ms));
                    c[2] = docStr("%s", RMS(g->whole_median_ms));
                    c[3] = docStr("%s", RX(g->whole_median_ms / same->whole_median_ms));
                    c[4] = isnan(g->whole_majflt)
                               ? docStr("-")
                               : docStr("%g (same: %g)", g->whole_majflt,
                                        isnan(same->whole_majflt) ? 0 : same->whole_majflt);
                }
                n++;
            }
        }
        return n;
    }
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *g = &s->g[i];
        const summaryGroup *idle = summaryIsLoaded(g) ? summaryIdleOf(s, g) : NULL;
        if (!idle || g->slow_procs == SIZE_MAX || isnan(g->proc_ratio)) continue;
        if (n < ANSWERS_GLANCE_ROWS) {
            char **c = rows[n];
            char w[16], stop[64];
            if (summaryIsDefaultWidth(g)) snprintf(w, sizeof w, "default");
            else snprintf(w, sizeof w, "%d", g->key.width);
            c[0] = docStr("%s%s%s w%s%s%s, %s S=%s", g->key.workload, g->key.params[0] ? " " : "",
                          g->key.params, w, g->key.wait[0] ? " " : "", g->key.wait,
                          g->key.load[0] ? g->key.load : "loaded",
                          g->key.stressors[0] ? g->key.stressors : "?");
            c[1] = docStr("%s", RMS(idle->proc_median_median_ms));
            c[2] = docStr("%s", RMS(g->proc_median_median_ms));
            c[3] = docStr("%zu of %zu", g->slow_procs, g->procs);
            c[4] = docStr("%s", answersStopText(d->stops, g, stop, sizeof stop));
            c[5] = docStr("%s (%s-%s)", RX(g->proc_ratio), RX(g->ratio_lo), RX(g->ratio_hi));
        }
        n++;
    }
    return n;
}

/* Question k's table; nothing when it has no row. The processes-taken
 * column only when meta records the stopping rule's stops: results from
 * before it would show a column of dashes. */
static void answersGlance(const reportDoc *d, int k) {
    const docFmt *fmt = d->fmt;
    char *rows[ANSWERS_GLANCE_ROWS][ANSWERS_GLANCE_COLS] = {{0}};
    size_t n = answersGlanceRows(d, k, rows),
           shown = n < ANSWERS_GLANCE_ROWS ? n : ANSWERS_GLANCE_ROWS;
    int stops = k != 0 && d->stops && d->stops->n > 0;
    /* the columns shown, as indices into a row */
    size_t col[ANSWERS_GLANCE_COLS], nc = 0;
    for (size_t c = 0; c < ANSWERS_GLANCE_COLS; c++)
        if (answersHead[k != 0][c] && (c != ANSWERS_STOP_COL || stops || k == 0)) col[nc++] = c;
    const char *head[ANSWERS_GLANCE_COLS];
    for (size_t c = 0; c < nc; c++) head[c] = answersHead[k != 0][col[c]];
    const docTable t = {"glance", head, nc, NULL};
    if (n > 0) fmt->table(d->f, &t);
    for (size_t r = 0; r < shown; r++) {
        const char *cells[ANSWERS_GLANCE_COLS];
        for (size_t c = 0; c < nc; c++) cells[c] = rows[r][col[c]] ? rows[r][col[c]] : "?";
        fmt->row(d->f, &t, cells);
        for (size_t c = 0; c < ANSWERS_GLANCE_COLS; c++) free(rows[r][c]);
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

/* Question k's lead (threads: the threads job's own) and rest, into two
 * allocated strings; without a lead the rest keeps its opening yes or no. */
static void answersParts(const reportInput *in, int k, int threads, char **lead, char **rest) {
    size_t ll = 0, rl = 0;
    *lead = *rest = NULL;
    FILE *a = open_memstream(lead, &ll);
    if (a) {
        if (threads) threadsdocLead(in->s, a);
        else if (k == 0) answersFirstLead(in, a);
        else answersThreadsLead(in, a);
        if (fclose(a) != 0) free(*lead), *lead = NULL;
    }
    FILE *b = open_memstream(rest, &rl);
    if (b) {
        int opening = !*lead || !**lead;
        if (threads) threadsdocAnswer(in->s, in->meta, b);
        else if (k == 0) answersFirstText(in, b, opening);
        else answersThreadsText(in, b, opening);
        if (fclose(b) != 0) free(*rest), *rest = NULL;
    }
}

void answersSection(const reportDoc *d) {
    const reportInput *in = d->in;
    const docFmt *fmt = d->fmt;
    fmt->section(d->f, "answers", NULL);
    /* a threads job asks one program's threads question alone (threadsdoc) */
    int threads = threadsdocIsJob(in->meta);
    int asked = reportColdOnly(in->meta) || threads ? 1 : ANSWERS_QUESTIONS;
    for (int k = threads; k < threads + asked; k++) {
        char *q = threads ? threadsdocQuestion(in->meta) : NULL;
        fmt->heading(d->f, 2, q ? q : answersQuestion(k));
        free(q);
        char *lead, *rest;
        answersParts(in, k, threads, &lead, &rest);
        if (lead && *lead) {
            fmt->para_begin(d->f, "lead");
            fmt->strong(d->f, lead);
            fmt->para_end(d->f);
            answersGlance(d, k);
        }
        fmt->para(d->f, rest ? rest : "");
        free(lead);
        free(rest);
    }
    fmt->section_end(d->f);
}

char *answersText(const reportInput *in, int k) {
    if (threadsdocIsJob(in->meta) && k == 0)
        return strdup("Not asked: a threads job (harness/threads.sh) asks the threads question "
                      "alone.");
    char *lead, *rest, *out = NULL;
    int threads = threadsdocIsJob(in->meta);
    /* the report's answer with its opening word, or a threads job's lead and rest */
    if (threads) {
        answersParts(in, k, 1, &lead, &rest);
        if (lead && rest) out = docStr("%s %s", lead, rest);
        free(lead);
        free(rest);
        return out;
    }
    size_t len = 0;
    FILE *a = open_memstream(&out, &len);
    if (!a) return NULL;
    if (k == 0) answersFirstText(in, a, 1);
    else answersThreadsText(in, a, 1);
    if (fclose(a) != 0) {
        free(out);
        return NULL;
    }
    return out;
}
