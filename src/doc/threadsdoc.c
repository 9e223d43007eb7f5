/* threadsdoc.c -- the threads job's answer and section (see threadsdoc.h).
 *
 * "Do threads hurt" is decided in verdict/answerthreads (per load level on
 * the numeric widths: the widest width against the fastest, ANSWER_THREADS_HURT
 * and the one rule for a difference, common/differ); this file says its
 * cells and levels. */
#include "doc/threadsdoc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/num.h"
#include "verdict/answerthreads.h"
#include "verdict/verdict.h"

#define THREADSDOC_SAME 1.10 /* default / best median below: as fast as the best */

/* "idle", "pinned load (2 workers)", "free load (2 workers)", "a CPU quota of 1 CPU". */
const char *threadsdocLevelName(const answerThreadsCell *c, char *buf, size_t len) {
    if (summaryIsIdle(c->g)) snprintf(buf, len, "idle");
    else if (summaryIsQuota(c->g)) /* its stressors: the quota's CPUs */
        snprintf(buf, len, "a CPU quota of %s CPU%s", c->g->key.stressors,
                 strcmp(c->g->key.stressors, "1") ? "s" : "");
    else
        snprintf(buf, len, "%s load (%s worker%s)", c->g->key.load, c->g->key.stressors,
                 strcmp(c->g->key.stressors, "1") ? "s" : "");
    return buf;
}

const char *threadsdocWidthName(const answerThreadsCell *c, char *buf, size_t len) {
    if (answerThreadsIsAgain(c)) snprintf(buf, len, "%d again", c->g->key.width);
    else if (c->g->key.width > 0) snprintf(buf, len, "%d", c->g->key.width);
    else snprintf(buf, len, "default");
    return buf;
}

/* One word per answer, the same whichever way "no" was reached (the
 * widest the fastest, within 1.25x, or beyond it but not resolved): the
 * figures beside it say how far. */
static const char *const threadsdocHurtWord[ANSWER_THREADS_N] = {"no", "no", "not resolved", "yes",
                                                                 "no"};

#define MS(x) summaryFmtMs((x), (char[32]){0}, 32)

/* A cell's median run in ms, ">= X" when it is only a lower bound. */
static const char *threadsdocMedian(const answerThreadsCell *c, char *buf, size_t len) {
    snprintf(buf, len, "%s%s", c->median_bound ? ">= " : "", MS(c->median));
    return buf;
}

/* Seconds for a bound ("9.4 s"), ms below one second. */
static const char *threadsdocBound(double ms, char *buf, size_t len) {
    if (ms >= 1000) snprintf(buf, len, "%.1f s", ms / 1000);
    else snprintf(buf, len, "%s ms", MS(ms));
    return buf;
}

/* The widths within noise of the best: "2", "1 or 2 (within noise)"; under
 * free load "1 or 2 (placement decides)": there a width is near also when
 * it was not slow in most runs (answerthreads.h). */
static const char *threadsdocNear(const answerThreadsLevel *L, char *buf, size_t len) {
    size_t o = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < L->nnear; i++)
        summaryCat(buf, len, &o, "%s%d",
                   i == 0              ? ""
                   : i + 1 == L->nnear ? " or "
                                       : ", ",
                   L->near[i]->g->key.width);
    if (L->nnear > 1)
        summaryCat(buf, len, &o,
                   summaryIsFree(L->first->g) ? " (placement decides)" : " (within noise)");
    return buf;
}

static void threadsdocSayLevel(const answerThreadsLevel *L, FILE *f) {
    char lv[96], bw[16], ww[16], wm[48], bm[48], bd[32];
    const answerThreadsCell *w = L->widest, *b = L->best;
    threadsdocLevelName(L->first, lv, sizeof lv);
    threadsdocWidthName(b, bw, sizeof bw);
    threadsdocWidthName(w, ww, sizeof ww);
    threadsdocMedian(w, wm, sizeof wm);
    threadsdocMedian(b, bm, sizeof bm);
    double r = w->median / b->median;
    if (L->hurt == ANSWER_THREADS_YES && w->median_bound) {
        fprintf(f, "Yes: under %s width %s never finished within %s", lv, ww,
                threadsdocBound(w->bound_ms, bd, sizeof bd));
        if (!isnan(w->g->proc_ratio))
            fprintf(f, " -- at least %.0fx its idle median --", w->g->proc_ratio);
        fprintf(f, " in %zu of %zu runs; width %s took %s ms (median run, 95%% interval %s-%s).",
                w->censored, answerThreadsRuns(w), bw, bm, MS(b->lo), MS(b->hi));
    } else if (L->hurt == ANSWER_THREADS_YES)
        fprintf(f,
                "Yes: under %s it takes %.1fx as long at width %s as at width %s (median run "
                "%s ms, 95%% interval %s-%s, against %s ms, %s-%s).",
                lv, r, ww, bw, wm, MS(w->lo), MS(w->hi), bm, MS(b->lo), MS(b->hi));
    else if (L->hurt == ANSWER_THREADS_NO || L->hurt == ANSWER_THREADS_WITHIN ||
             L->hurt == ANSWER_THREADS_NOISE) {
        /* one sentence for every "no", whatever the figures: the widest the
         * fastest, within 1.25x, or beyond it but not resolved by the rule */
        const answerThreadsCell *n = w == b ? L->narrowest : b;
        char nw[16], nm[48];
        threadsdocWidthName(n, nw, sizeof nw);
        threadsdocMedian(n, nm, sizeof nm);
        /* the floor where the level has one: a ratio under it is what two
         * cells of one configuration showed here */
        char aa[96] = "";
        if (L->twin || L->again)
            snprintf(aa, sizeof aa, "this level's A/A noise floor %s%.2fx; ",
                     L->floor_bound ? ">= " : "", 1 + L->floor);
        fprintf(f,
                "No: under %s width %s is not slower than width %s by %.2fx or more beyond the "
                "noise (%smedian run %s ms against %s ms, %.2fx; %zu and %zu runs).",
                lv, ww, nw, ANSWER_THREADS_HURT, aa, wm, nm, w->median / n->median,
                answerThreadsRuns(w), answerThreadsRuns(n));
    } else if (b->median_bound || b->hi_bound)
        fprintf(f,
                "Not clearly: under %s no width finished often enough to time it (width %s: "
                "median run %s ms); a longer --budget would decide it.",
                lv, bw, bm);
    else
        fprintf(f,
                "Not clearly: under %s width %s is the fastest (median run %s ms) and width %s "
                "takes at least %.2fx as long (%s ms): a bound below %.2fx, so more runs or a "
                "longer --budget would decide it.",
                lv, bw, bm, ww, r, wm, ANSWER_THREADS_HURT);
}

/* "Left to itself ... under LEVEL" for level L's default cell; lead: said as
 * the lead's second sentence (only when it costs). */
static void threadsdocSayDefault(const answerThreadsLevel *L, FILE *f) {
    if (!L->def || !L->best) return;
    char lv[96], bw[16], tw[16], dm[48];
    threadsdocLevelName(L->first, lv, sizeof lv);
    threadsdocWidthName(L->best, bw, sizeof bw);
    threadsdocMedian(L->def, dm, sizeof dm);
    double r = L->def->median / L->best->median;
    if (L->twin)
        fprintf(f,
                "Left to itself (no width variable set) it runs as width %s here: %.0f threads in "
                "every run of both under %s, one configuration (median run %s ms against %s ms; "
                "the 95%% interval of their shift reaches %s%.2fx: this level's A/A noise "
                "floor).",
                threadsdocWidthName(L->twin, tw, sizeof tw), L->twin->threads_hi, lv, dm,
                threadsdocMedian(L->twin, (char[48]){0}, 48), L->floor_bound ? "at least " : "",
                1 + L->floor);
    else if (answerThreadsDefaultCosts(L))
        fprintf(f,
                "Left to itself (no width variable set) it takes %s%.1fx as long under %s as at "
                "width %s (median run %s ms against %s ms).",
                L->def->median_bound ? "at least " : "", r, lv, bw, dm, MS(L->best->median));
    else if (r < THREADSDOC_SAME && !L->def->median_bound)
        fprintf(f,
                "Left to itself (no width variable set) it runs as fast as its best width under "
                "%s (median run %s ms against %s ms at width %s).",
                lv, dm, MS(L->best->median), bw);
    else
        fprintf(f,
                "Left to itself (no width variable set) it is not resolved slower than its best "
                "width under %s (median run %s ms against %s ms at width %s: within noise).",
                lv, dm, MS(L->best->median), bw);
}

/* Per cell, its failed runs ("2 of 5 runs failed at width 8 under pinned
 * load") and its stopped ones ("5 of 5 runs at width 2 under pinned load
 * were stopped once known slow, at 9.4 s"): which runs are bounds, and at
 * what. */
static void threadsdocSayFailures(const answerThreadsCells *t, FILE *f) {
    for (size_t i = 0; i < t->n; i++) {
        const answerThreadsCell *c = &t->c[i];
        char lv[96], w[16], bd[32];
        threadsdocLevelName(c, lv, sizeof lv);
        threadsdocWidthName(c, w, sizeof w);
        const char *under = summaryIsIdle(c->g) ? "" : "under ";
        size_t all = c->failed + answerThreadsRuns(c);
        if (c->failed && answerThreadsRuns(c) == 0)
            fprintf(f, " Every run (%zu) failed at width %s %s%s: that cell has no time.",
                    c->failed, w, under, lv);
        else if (c->failed)
            fprintf(f, " %zu of %zu runs failed at width %s %s%s (left out of its times).",
                    c->failed, all, w, under, lv);
        if (!c->censored) continue;
        size_t cap = c->censored > c->slow ? c->censored - c->slow : 0;
        char why[96];
        if (c->slow && cap)
            snprintf(why, sizeof why, "%zu once known slow, %zu at the cap", c->slow, cap);
        else snprintf(why, sizeof why, "%s", c->slow ? "once known slow" : "at the cap");
        fprintf(f,
                " %zu of %zu runs at width %s %s%s were stopped before they ended (%s), the first "
                "at %s: each counts as at least that long.",
                c->censored, all, w, under, lv, why, threadsdocBound(c->bound_ms, bd, sizeof bd));
    }
}

/* What the output check compared (verdictOutputOf, as the verdicts), and
 * what was hashed: stdout, the file written to {out}, or --check-file's. */
static void threadsdocSayOutput(const summary *s, const metaTable *m, FILE *f) {
    const char *what = verdictCheckedOutput(m);
    if (!what) {
        fputs(" Its output was not checked (--no-check-output).", f);
        return;
    }
    const summaryGroup *g = NULL;
    for (size_t i = 0; i < s->n && !g; i++)
        if (answerThreadsIsThreads(&s->g[i])) g = &s->g[i];
    if (!g) return;
    verdictOutput o;
    verdictOutputOf(s, g, what, &o);
    char said[4200];
    if (strcmp(what, "stdout") == 0) snprintf(said, sizeof said, "Its output (stdout)");
    else if (strcmp(what, "{out}") == 0)
        snprintf(said, sizeof said, "The file it wrote to {out} (a fresh path in every run)");
    else snprintf(said, sizeof said, "The file it wrote, %s (--check-file),", what);
    switch (o.state) {
    case VERDICT_OUT_SAME:
        fprintf(f, " %s was the same in every run, at every width and load (bitwise).", said);
        break;
    case VERDICT_OUT_DIFFERS:
        fprintf(f, " %s differed between runs: see the output-differs verdict.", said);
        break;
    case VERDICT_OUT_EMPTY:
        fprintf(f, " %s was empty in every run: nothing to compare, so not checked.", said);
        break;
    case VERDICT_OUT_MISSING:
        fprintf(f, " No run left a file at %s: its output was not checked.", what);
        break;
    case VERDICT_OUT_NOT_CHECKED: break;
    }
}

char *threadsdocQuestion(const metaTable *m) {
    const char *bin = m ? metaGet(m, "threads_binary") : NULL;
    const char *name = bin ? strrchr(bin, '/') : NULL;
    name = name ? name + 1 : bin ? bin : "the program";
    char *q = NULL;
    if (asprintf(&q, "Do threads hurt %s under full load here?", name) < 0) return NULL;
    return q;
}

/* Runs of c at least --contention-wide x idle ("slow processes"), 0 unknown. */
static size_t threadsdocSlowRuns(const answerThreadsCell *c) {
    return c->g->slow_procs == SIZE_MAX ? 0 : c->g->slow_procs;
}

/* Under free load the time is where the scheduler put the threads, a coin
 * flip per run (placement): what the lead says of that level is its count
 * of slow runs at the widest width and at the narrowest -- the same
 * sentence whatever the flips, where a difference between the two cells
 * would come and go from run to run. Said whenever free load was measured
 * and another level decides. */
static void threadsdocSayPlacement(const answerThreadsCells *t, const answerThreadsLevel *deciding,
                                   FILE *f) {
    const answerThreadsCell *first = answerThreadsFirstOf(t, "free");
    if (!first || first == deciding->first) return;
    answerThreadsLevel L = answerThreadsLevelOf(t, first);
    if (!L.widest || !L.narrowest || L.widest == L.narrowest) return;
    char lv[96], ww[16], nw[16];
    fprintf(f,
            " Under %s, where the scheduler puts the threads, %zu of %zu runs at width %s and %zu "
            "of %zu at width %s took at least --contention-wide x their idle median.",
            threadsdocLevelName(first, lv, sizeof lv), threadsdocSlowRuns(L.widest),
            L.widest->g->procs, threadsdocWidthName(L.widest, ww, sizeof ww),
            threadsdocSlowRuns(L.narrowest), L.narrowest->g->procs,
            threadsdocWidthName(L.narrowest, nw, sizeof nw));
}

/* The lead's second sentence: where the deciding level's answer is not the
 * whole story (answerThreadsOther), and free load's placement. */
static void threadsdocSayOther(const answerThreadsCells *t, const answerThreadsLevel *L, FILE *f) {
    answerThreadsLevel *o = malloc(2 * sizeof *o);
    if (!o) return;
    int has_hurt, has_def;
    answerThreadsOther(t, L, &o[0], &has_hurt, &o[1], &has_def);
    if (has_hurt) {
        char lv[96], bw[16], ww[16], wm[48];
        const answerThreadsCell *w = o[0].widest, *b = o[0].best;
        fprintf(f,
                " But under %s width %s took %s%.1fx as long as width %s (median run %s ms "
                "against %s ms; %zu of %zu runs at least --contention-wide x idle).",
                threadsdocLevelName(o[0].first, lv, sizeof lv),
                threadsdocWidthName(w, ww, sizeof ww), w->median_bound ? "at least " : "",
                w->median / b->median, threadsdocWidthName(b, bw, sizeof bw),
                threadsdocMedian(w, wm, sizeof wm), MS(b->median),
                w->g->slow_procs == SIZE_MAX ? 0 : w->g->slow_procs, w->g->procs);
    }
    if (has_def) {
        fputc(' ', f);
        threadsdocSayDefault(&o[1], f);
    }
    threadsdocSayPlacement(t, L, f);
    free(o);
}

int threadsdocWhySplit(const summary *s, const summaryGroup *g, FILE *f) {
    verdictWhy w, wi;
    const summaryGroup *idle = summaryIdleOf(s, g);
    if (!verdictWhyOf(s, g, &w)) return 0;
    fprintf(f,
            "waiting for a CPU %.0f%% of its median run, running %.0f%%, blocked %.0f%% (%s); its "
            "CPU time %s ms",
            w.wait_share * 100, w.run_share * 100, w.blocked_share * 100,
            w.cgroup ? "its own cgroup's CPU pressure" : "its threads' schedstat", MS(w.cpu));
    if (idle && verdictWhyOf(s, idle, &wi) && wi.cgroup == w.cgroup)
        fprintf(f, " against %s ms idle", MS(wi.cpu));
    fputs(" (see the waits-for-cpu, spins and wake-ups verdicts)", f);
    return 1;
}

/* Why: where the deciding level's widest cell spent its runs (verdictWhyOf),
 * against the idle cell of its width. */
static void threadsdocSayWhy(const summary *s, const answerThreadsLevel *L, FILE *f) {
    verdictWhy w;
    if (!verdictWhyOf(s, L->widest->g, &w)) return;
    char lv[96], ww[16];
    fprintf(f, " Why, at width %s under %s: ", threadsdocWidthName(L->widest, ww, sizeof ww),
            threadsdocLevelName(L->first, lv, sizeof lv));
    threadsdocWhySplit(s, L->widest->g, f);
    fputc('.', f);
}

/* Which threading runtimes the deciding cell loaded and through which
 * variable each got the width; a runtime none of them sets, said apart. */
static void threadsdocSayRuntimes(const summary *s, const metaTable *m, const answerThreadsLevel *L,
                                  FILE *f) {
    const char *items = summaryRunTextOf(s, L->widest->g, RUNFIG_RUNTIMES);
    if (!items) return;
    const char *env = metaGet(m, "threads_width_env");
    char set[512] = "", via[512] = "", none[512] = "";
    size_t os = 0, ov = 0, on = 0;
    for (const char *p = items; *p;) {
        size_t n = strcspn(p, ";"), k = strcspn(p, ":");
        if (k > n) k = n;
        const char *var = p + k + (k < n), *end = p + n;
        size_t vn = (size_t)(end - var);
        int sets = vn > 0;
        if (sets && env) { /* one of the variables the cells set */
            sets = 0;
            for (const char *e = env; *e && !sets;) {
                size_t en = strcspn(e, " ");
                sets = en == vn && !strncmp(e, var, vn);
                e += en + (e[en] == ' ');
            }
        }
        summaryCat(set, sizeof set, &os, "%s%.*s", os ? ", " : "", (int)k, p);
        char v[96];
        snprintf(v, sizeof v, "%.*s", (int)vn, var);
        if (sets && !strstr(via, v)) /* once: libgomp and OpenBLAS (openmp) share one */
            summaryCat(via, sizeof via, &ov, "%s%s", ov ? ", " : "", v);
        else if (!sets) summaryCat(none, sizeof none, &on, "%s%.*s", on ? ", " : "", (int)k, p);
        p = end + (*end == ';');
    }
    fprintf(f, " It loaded %s", set);
    if (ov) fprintf(f, ": the width reached it through %s", via);
    fputc('.', f);
    if (on)
        fprintf(f,
                " None of the width variables sets the threads of %s: they ran at their own "
                "count in every cell.",
                none);
}

/* A CPU quota the whole job ran under (meta threads_inherited_quota: the
 * machine's own cgroup, docker --cpus): the idle cells are quota cells too. */
static void threadsdocSayInherited(const metaTable *m, FILE *f) {
    double q;
    if (numDouble(metaGet(m, "threads_inherited_quota"), 0.01, 4096, &q) != 0) return;
    fprintf(f,
            " Every run here, the idle ones too, ran under an inherited CPU quota of %.2f CPUs "
            "(this machine's own cgroup: docker --cpus, a pod's limit): what the program meets "
            "in such a container.",
            q);
}

/* How to set the threads of a runtime that reads none of the width
 * variables (runtimes.c's rows with no variable). */
static const char *threadsdocOwnControl(const char *silent) {
    if (strstr(silent, "libtbb"))
        return "libtbb's own control (tbb::global_control's max_allowed_parallelism, or a "
               "tbb::task_arena of that many threads, in the program)";
    if (strstr(silent, "libopenblas (serial)"))
        return "a threaded OpenBLAS (openblas-pthread or openblas-openmp: the widths set "
               "OPENBLAS_NUM_THREADS and OMP_NUM_THREADS)";
    return "the runtime's own control";
}

/* The lead where the width never reached the program's threads
 * (answerThreadsCells.one), in one sentence: what it did at every width, what
 * the job can still say -- the load's cost at that one configuration, the
 * deciding level's runs pooled against the idle ones -- and how to ask
 * which width. No width is named better than another. */
static void threadsdocSayOne(const answerThreadsCells *t, const answerThreadsLevel *L, FILE *f) {
    char lv[96];
    threadsdocLevelName(L->first, lv, sizeof lv);
    if (t->one == ANSWER_THREADS_ONE_THREAD)
        fputs("One thread in every run at every width: no threads to hurt, and every width one "
              "configuration",
              f);
    else if (t->one == ANSWER_THREADS_SILENT)
        fprintf(f,
                "It ran %.0f threads at every width: %s read%s none of the width variables, so "
                "every width was one configuration",
                t->one_threads, t->silent, strchr(t->silent, ',') ? "" : "s");
    else if (isnan(t->one_threads))
        fputs("No width reached it: no runtime it loaded reads a width variable, ARGS hold no "
              "{width}, and the sampler saw none of its threads (every run ended before its "
              "first pass), so every width was one configuration",
              f);
    else
        fprintf(f,
                "It ran %.0f threads at every width: its threads are its own (no runtime it "
                "loaded reads a width variable), so every width was one configuration",
                t->one_threads);
    const answerThreadsCell *idle = answerThreadsFirstOf(t, "none");
    size_t nl = 0, ni = 0;
    int bl = 0, bi = 0;
    double ml = answerThreadsPooled(t, L->first, &nl, &bl);
    double mi = idle && idle != L->first ? answerThreadsPooled(t, idle, &ni, &bi) : NAN;
    if (!isnan(ml) && !isnan(mi) && mi > 0 && !bi)
        fprintf(f,
                "; under %s it took %s%.1fx its idle time (median run %s%s ms against %s ms, the "
                "runs of every width pooled: %zu and %zu)%s",
                lv, bl ? "at least " : "", ml / mi, bl ? ">= " : "", MS(ml), MS(mi), nl, ni,
                t->one == ANSWER_THREADS_ONE_THREAD ? ", its share of a CPU beside the load" : "");
    else if (!isnan(ml))
        fprintf(f, "; under %s its median run took %s%s ms (the runs of every width pooled: %zu)",
                lv, bl ? ">= " : "", MS(ml), nl);
    if (t->one == ANSWER_THREADS_SILENT)
        fprintf(f,
                "; to ask which width, put {width} in ARGS for an option of its own that sets "
                "its threads, or use %s.",
                threadsdocOwnControl(t->silent));
    else
        fputs("; to ask which width, put {width} in ARGS for an option of its own that sets its "
              "threads (-- PROG -t {width} ...).",
              f);
}

/* The deciding level, or 0 (t and *L filled). */
static int threadsdocDeciding(const summary *s, answerThreadsCells *t, answerThreadsLevel *L) {
    answerThreadsCollect(s, t);
    return answerThreadsDeciding(t, L);
}

void threadsdocLead(const summary *s, FILE *f) {
    answerThreadsCells *t = malloc(sizeof *t);
    answerThreadsLevel *L = malloc(sizeof *L);
    if (t && L && threadsdocDeciding(s, t, L) && L->one) threadsdocSayOne(t, L, f);
    else if (t && L && answerThreadsDeciding(t, L)) {
        threadsdocSayLevel(L, f);
        threadsdocSayOther(t, L, f);
    }
    free(t);
    free(L);
}

/* 1 when a CPU-quota level has a best width though no full-load level
 * answers (a --load quota job): its cells ran, the question was not asked. */
static int threadsdocQuotaOnly(const answerThreadsCells *t) {
    const answerThreadsCell *q = answerThreadsFirstOf(t, "quota");
    return q && answerThreadsLevelOf(t, q).best != NULL;
}

void threadsdocAnswer(const summary *s, const metaTable *m, FILE *f) {
    answerThreadsCells *t = malloc(sizeof *t);
    answerThreadsLevel *L = malloc(3 * sizeof *L);
    if (!t || !L) {
        free(t);
        free(L);
        return;
    }
    if (threadsdocDeciding(s, t, L)) {
        /* the lead said the deciding level's default cell when it costs */
        int has_hurt, has_def;
        answerThreadsOther(t, L, &L[1], &has_hurt, &L[2], &has_def);
        if (!L->one && (!has_def || L[2].first != L->first)) threadsdocSayDefault(L, f);
        threadsdocSayRuntimes(s, m, L, f);
        threadsdocSayWhy(s, L, f);
        threadsdocSayInherited(m, f);
    } else if (threadsdocQuotaOnly(t))
        fputs("Not asked here: whether threads hurt is asked under full load (--load pinned "
              "or free), and this job's only loaded level is its CPU quota, whose best width "
              "follows.",
              f);
    else
        fputs("Not measured: no loaded cell has a run with a time or a bound to compare with "
              "the idle ones.",
              f);
    /* the width to use at every level, in one line: the smallest of those
     * within noise of the best */
    int any = 0, noise = 0;
    for (size_t i = 0; i < t->n && !t->one; i++) {
        const answerThreadsCell *c = &t->c[i];
        if (answerThreadsFirstOf(t, c->g->key.load) != c) continue; /* one line per load kind */
        L[1] = answerThreadsLevelOf(t, c);
        if (!L[1].best) continue;
        char lv[96], near[128];
        noise |= L[1].nnear > 1;
        fprintf(f, "%s%s %s%s",
                any++ ? ", " : " Best width: ", threadsdocNear(&L[1], near, sizeof near),
                summaryIsQuota(c->g) ? "under " : "", threadsdocLevelName(c, lv, sizeof lv));
    }
    /* one configuration: no best width; each level's floor instead */
    for (size_t i = 0; i < t->n && t->one; i++) {
        const answerThreadsCell *c = &t->c[i];
        if (answerThreadsFirstOf(t, c->g->key.load) != c) continue;
        L[1] = answerThreadsLevelOf(t, c);
        if (!L[1].best) continue;
        char lv[96];
        fprintf(
            f, "%s%s%s %s%.2fx",
            any++ ? ", "
                  : " No best width: one configuration at every "
                    "width, none better or worse than another; their spread (this job's A/A noise "
                    "floor): ",
            summaryIsQuota(c->g) ? "under " : "", threadsdocLevelName(c, lv, sizeof lv),
            L[1].floor_bound ? ">= " : "", 1 + L[1].floor);
    }
    if (any && t->one) fputc('.', f);
    else if (any)
        fputs(noise ? "; of widths within noise of each other, use the smallest (fewer threads "
                      "for the same time)."
                    : ".",
              f);
    threadsdocSayFailures(t, f);
    /* why runs failed, in the program's words: the harness quoted the
     * first one's stderr line (meta.txt, one line and bounded) */
    const char *first = m ? metaGet(m, "threads_first_failure") : NULL;
    if (first && *first) fprintf(f, " The first failed run: %s.", first);
    threadsdocSayOutput(s, m, f);
    free(t);
    free(L);
}

/* A cell's median run and its interval, each end marked ">=" when only a
 * lower bound; "-" without one. */
const char *threadsdocInterval(const answerThreadsCell *c, char *buf, size_t len) {
    const char *ge = ">= ";
    if (!c || isnan(c->median)) snprintf(buf, len, "-");
    else if (isnan(c->lo)) snprintf(buf, len, "%s%s", c->median_bound ? ge : "", MS(c->median));
    else
        snprintf(buf, len, "%s%s (%s%s-%s%s)", c->median_bound ? ge : "", MS(c->median),
                 c->lo_bound ? ge : "", MS(c->lo), c->hi_bound ? ge : "", MS(c->hi));
    return buf;
}

/* One load level's row of the first table: its best width, those within
 * noise of it, the default cell against it, its A/A floor, whether threads
 * hurt (or, under free load beside a deciding level, placement's count). */
static void threadsdocLevelRow(const answerThreadsCells *t, const answerThreadsCell *c,
                               const answerThreadsLevel *deciding, int have_deciding,
                               const docFmt *fmt, const docTable *rt, FILE *f) {
    answerThreadsLevel L = answerThreadsLevelOf(t, c);
    char lv[96], bw[16] = "-", near[128] = "-", med[96], def[96], ratio[32] = "-", aa[48] = "-";
    threadsdocLevelName(c, lv, sizeof lv);
    if (L.best && !L.one) threadsdocWidthName(L.best, bw, sizeof bw);
    if (L.best && !L.one) threadsdocNear(&L, near, sizeof near);
    /* one configuration: every width, none best */
    if (L.best && L.one) snprintf(near, sizeof near, "every width (one configuration)");
    threadsdocInterval(L.best, med, sizeof med);
    if (L.one) { /* no best: every width's runs pooled */
        size_t np;
        int bp;
        double mp = answerThreadsPooled(t, c, &np, &bp);
        snprintf(med, sizeof med, "%s%s (every width)", bp ? ">= " : "", MS(mp));
    }
    threadsdocInterval(L.def, def, sizeof def);
    if (L.def && L.best && !L.one)
        snprintf(ratio, sizeof ratio, "%s%.2fx", L.def->median_bound ? ">= " : "",
                 L.def->median / L.best->median);
    if (L.one)
        snprintf(aa, sizeof aa, "%s%.2fx (every cell)", L.floor_bound ? ">= " : "", 1 + L.floor);
    else if (L.twin) {
        char tw[16];
        snprintf(aa, sizeof aa, "%s%.2fx (default = width %s)", L.floor_bound ? ">= " : "",
                 1 + L.floor, threadsdocWidthName(L.twin, tw, sizeof tw));
    } else if (L.again)
        snprintf(aa, sizeof aa, "%s%.2fx (width %d run again)", L.floor_bound ? ">= " : "",
                 1 + L.floor, L.again->g->key.width);
    const char *hurt =
        !L.best ? "-"
        : L.one ? (t->one == ANSWER_THREADS_ONE_THREAD ? "no threads" : "no width reached them")
                : threadsdocHurtWord[L.hurt];
    char placed[96];
    /* free load beside a level that decides: placement's count, as the
     * lead says it (threadsdocSayPlacement) */
    if (L.best && !L.one && summaryIsFree(c->g) && have_deciding && deciding->first != L.first &&
        L.widest != L.narrowest) {
        char ww[16];
        snprintf(placed, sizeof placed, "placement: %zu of %zu runs at width %s slow",
                 threadsdocSlowRuns(L.widest), L.widest->g->procs,
                 threadsdocWidthName(L.widest, ww, sizeof ww));
        hurt = placed;
    }
    const char *row[] = {lv, bw, near, med, def, ratio, aa, hurt};
    fmt->row(f, rt, row);
}

/* The first table: one row a load level. */
static void threadsdocLevelsTable(const answerThreadsCells *t, const docFmt *fmt, FILE *f) {
    static const char *const rh[] = {
        "load",           "best width",      "within noise", "median run, ms", "default cell, ms",
        "default / best", "A/A noise floor", "threads hurt"};
    static const docTable rt = {NULL, rh, 8, NULL};
    fmt->table(f, &rt);
    answerThreadsLevel D;
    int have_deciding = answerThreadsDeciding(t, &D);
    for (size_t i = 0; i < t->n; i++) {
        const answerThreadsCell *c = &t->c[i];
        int first = 1;
        for (size_t j = 0; j < i && first; j++) first = !answerThreadsSameLevel(&t->c[j], c);
        if (first) threadsdocLevelRow(t, c, &D, have_deciding, fmt, &rt, f);
    }
    fmt->table_end(f, &rt);
}

/* The second table: one row a cell, the fixed columns and each run figure
 * the column table marks for cells. */
static void threadsdocCellsTable(const summary *s, const answerThreadsCells *t, const docFmt *fmt,
                                 FILE *f) {
    fmt->para(f, "Every cell: its runs (with a time, failed, and stopped: at the cap or once "
                 "known slow, each a lower bound), the median run, "
                 "its slowdown against the idle cell of the same width (median of the loaded "
                 "runs over the idle ones, with its interval), how many runs were at least "
                 "--contention-wide x idle, the runs whose threads were seen on one CPU or on "
                 "more (the launcher's sampler), then the median of each run figure the "
                 "launcher's column table shows per cell (runs.csv, runs-columns.tsv: "
                 "docs/csv-columns.md).");
    /* the fixed columns, then each run figure the column table marks for
     * the cell (runs.csv by name: the median of its runs with a time or a
     * bound) */
    enum { FIXED = 9 };
    static const char *const fixed[FIXED] = {"width",  "load",      "runs ok",
                                             "failed", "stopped",   "median run, ms",
                                             "x idle", "slow runs", "1 CPU / more"};
    const char *ch[FIXED + SUMMARY_RUN_FIGS];
    char heads[SUMMARY_RUN_FIGS][96];
    size_t fig[SUMMARY_RUN_FIGS], nfig = 0;
    memcpy(ch, fixed, sizeof fixed);
    for (size_t k = 0; k < s->nrun_fig; k++) {
        if (!s->run_fig[k].cell) continue;
        snprintf(heads[nfig], sizeof heads[nfig], "%s, median", s->run_fig[k].name);
        ch[FIXED + nfig] = heads[nfig];
        fig[nfig++] = k;
    }
    const docTable ct = {NULL, ch, FIXED + nfig, NULL};
    fmt->table(f, &ct);
    for (size_t i = 0; i < t->n; i++) {
        const answerThreadsCell *c = &t->c[i];
        const summaryGroup *g = c->g;
        char w[16], lv[96], ok[16], fl[16], cut[16], med[96], x[96], slow[32], span[48];
        char figs[SUMMARY_RUN_FIGS][32];
        threadsdocWidthName(c, w, sizeof w);
        threadsdocLevelName(c, lv, sizeof lv);
        snprintf(ok, sizeof ok, "%zu", c->ok);
        snprintf(fl, sizeof fl, "%zu", c->failed);
        snprintf(cut, sizeof cut, "%zu", c->censored);
        threadsdocInterval(c, med, sizeof med);
        const char *ge = ">= ", *rb = g->ratio_bound ? ge : "", *lb = g->ratio_lo_bound ? ge : "",
                   *hb = g->ratio_hi_bound ? ge : "";
        if (summaryIsIdle(g) || isnan(g->proc_ratio)) snprintf(x, sizeof x, "-");
        else if (isnan(g->ratio_lo)) snprintf(x, sizeof x, "%s%.2fx", rb, g->proc_ratio);
        else
            snprintf(x, sizeof x, "%s%.2fx (%s%.2f-%s%.2f)", rb, g->proc_ratio, lb, g->ratio_lo, hb,
                     g->ratio_hi);
        if (g->slow_procs == SIZE_MAX) snprintf(slow, sizeof slow, "-");
        else snprintf(slow, sizeof slow, "%zu of %zu", g->slow_procs, g->procs);
        snprintf(span, sizeof span, "%zu / %zu", g->calls_1cpu, g->calls_multi_cpu);
        const char *row[FIXED + SUMMARY_RUN_FIGS] = {w, lv, ok, fl, cut, med, x, slow, span};
        for (size_t k = 0; k < nfig; k++) {
            double m = g->run_median[fig[k]];
            if (isnan(m)) snprintf(figs[k], sizeof figs[k], "-");
            else snprintf(figs[k], sizeof figs[k], "%.4g", m);
            row[FIXED + k] = figs[k];
        }
        fmt->row(f, &ct, row);
    }
    fmt->table_end(f, &ct);
}

void threadsdocSection(const summary *s, const metaTable *m, const docFmt *fmt, FILE *f) {
    answerThreadsCells *t = malloc(sizeof *t);
    if (!t) return;
    answerThreadsCollect(s, t);
    (void)m;
    fmt->section(f, "threads", "Which width to use");
    fmt->para(f,
              "Per load level, the width whose median run was the fastest, and what the "
              "default cell (none of the width variables set: what the program does on its "
              "own) costs against it. A run is one process of the program; its time is its "
              "wall time from exec to exit (coldload-run). Intervals are bootstrap 95% "
              "intervals of the median run. Two cells differ only when an exact rank test "
              "on their runs says so at 5% and the ratio of their medians is beyond the "
              "level's noise floor (docs/threads.md, the rule): threads hurt at a level when "
              "its widest width is so resolved slower than the best by at least 1.25x. "
              "Where the default cell used as many threads as a width in every run, the two "
              "are one configuration: their spread is the level's A/A control, and no "
              "difference between them is reported; the noise floor is the farther end of the "
              "95% interval of their shift (the ratio of a run of one to a run of the other), "
              "what two cells of one configuration can show here. "
              "Every comparison with that width takes the runs of both cells (one "
              "configuration measured twice). Under free load, beside a level that decides, "
              "the last column is placement's count: the widest width's runs at least "
              "--contention-wide x idle (where the scheduler puts the threads decides). "
              "A run stopped at its cap or once known slow counts as at least the time it was "
              "stopped: a figure marked >= is a lower bound. Widths the rule does not resolve "
              "slower than the best by at least 1.10x beyond the floor are within noise of "
              "it; use the smallest. Where no cell is a twin, the narrowest width is run again in "
              "the same shuffled rounds (\"1 again\"): its spread against its own cell is the "
              "level's A/A floor. Where the width reached nothing in the program (ARGS "
              "without {width}, no runtime it loaded reads a width variable, the same number "
              "of threads in every cell) every cell is one configuration: no width is best, "
              "and the spread of every pair of cells is the level's floor.");
    threadsdocLevelsTable(t, fmt, f);
    threadsdocCellsTable(s, t, fmt, f);
    fmt->section_end(f);
    free(t);
}
