/* threadsdoc.c -- the threads job's answer and section (see threadsdoc.h).
 *
 * "Do threads hurt" is decided in verdict/answerthreads (per load level on
 * the numeric widths: the widest width against the fastest, ANSWER_TD_HURT
 * and the two intervals); this file says its cells and levels. */
#include "doc/threadsdoc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "verdict/answerthreads.h"
#include "verdict/verdict.h"

#define THREADSDOC_SAME 1.10 /* default / best median below: as fast as the best */

int threadsdocIsJob(const metaTable *m) { return answerIsThreadsJob(m); }

/* "idle", "pinned load (2 workers)", "free load (2 workers)". */
static const char *tdLevelName(const answerTdCell *c, char *buf, size_t len) {
    if (summaryIsIdle(c->g)) snprintf(buf, len, "idle");
    else
        snprintf(buf, len, "%s load (%s worker%s)", c->g->key.load, c->g->key.stressors,
                 strcmp(c->g->key.stressors, "1") ? "s" : "");
    return buf;
}

static const char *tdWidthName(const answerTdCell *c, char *buf, size_t len) {
    if (c->g->key.width > 0) snprintf(buf, len, "%d", c->g->key.width);
    else snprintf(buf, len, "default");
    return buf;
}

static const char *const tdHurtWord[] = {"no", "no (within 1.25x)", "not resolved", "yes"};

#define MS(x) summaryFmtMs((x), (char[32]){0}, 32)

static void tdSayLevel(const answerTdLevel *L, FILE *f) {
    char lv[96], bw[16], ww[16];
    tdLevelName(L->first, lv, sizeof lv);
    tdWidthName(L->best, bw, sizeof bw);
    tdWidthName(L->widest, ww, sizeof ww);
    double r = L->widest->median / L->best->median;
    if (L->hurt == ANSWER_TD_YES)
        fprintf(f,
                "Yes: under %s it takes %.1fx as long at width %s as at width %s (median run "
                "%s ms, 95%% interval %s-%s, against %s ms, %s-%s).",
                lv, r, ww, bw, MS(L->widest->median), MS(L->widest->lo), MS(L->widest->hi),
                MS(L->best->median), MS(L->best->lo), MS(L->best->hi));
    else if (L->widest == L->best)
        fprintf(f, "No: under %s the widest width, %s, is the fastest (median run %s ms).", lv, ww,
                MS(L->widest->median));
    else if (L->hurt == ANSWER_TD_WITHIN)
        fprintf(f,
                "No: under %s width %s takes %.2fx as long as width %s, the fastest (median run "
                "%s ms against %s ms), within %.2fx.",
                lv, ww, r, bw, MS(L->widest->median), MS(L->best->median), ANSWER_TD_HURT);
    else
        fprintf(f,
                "Not clearly: under %s width %s is the fastest (median run %s ms) and width %s "
                "takes %.2fx as long (%s ms), but the two cells' intervals overlap: more runs "
                "(--procs) would decide it.",
                lv, bw, MS(L->best->median), ww, r, MS(L->widest->median));
}

static void tdSayDefault(const answerTdLevel *L, FILE *f) {
    if (!L->def || !L->best) return;
    char lv[96], bw[16];
    tdLevelName(L->first, lv, sizeof lv);
    tdWidthName(L->best, bw, sizeof bw);
    double r = L->def->median / L->best->median;
    if (r < THREADSDOC_SAME)
        fprintf(f,
                "Left to itself (no width variable set) it runs as fast as its best width under "
                "%s (median run %s ms against %s ms at width %s).",
                lv, MS(L->def->median), MS(L->best->median), bw);
    else
        fprintf(f,
                "Left to itself (no width variable set) it takes %.1fx as long under %s as at "
                "width %s (median run %s ms against %s ms).",
                r, lv, bw, MS(L->def->median), MS(L->best->median));
}

/* "2 of 5 runs failed at width 8 under pinned load (1 cut at the cap)." per cell. */
static void tdSayFailures(const answerTdCells *t, FILE *f) {
    for (size_t i = 0; i < t->n; i++) {
        const answerTdCell *c = &t->c[i];
        if (!c->failed) continue;
        char lv[96], w[16];
        tdLevelName(c, lv, sizeof lv);
        tdWidthName(c, w, sizeof w);
        if (c->ok == 0)
            fprintf(f, " Every run (%zu) failed at width %s %s%s: that cell has no time.",
                    c->failed, w, summaryIsIdle(c->g) ? "" : "under ", lv);
        else
            fprintf(f, " %zu of %zu runs failed at width %s %s%s (left out of its times).",
                    c->failed, c->failed + c->ok, w, summaryIsIdle(c->g) ? "" : "under ", lv);
        if (c->cut)
            fprintf(f, " %zu of them %s cut at the cap.", c->cut, c->cut == 1 ? "was" : "were");
    }
}

/* What the output check compared (verdictOutputOf, as the verdicts), and
 * what was hashed: stdout, the file written to {out}, or --check-file's. */
static void tdSayOutput(const summary *s, const metaTable *m, FILE *f) {
    const char *what = verdictCheckedOutput(m);
    if (!what) {
        fputs(" Its output was not checked (--no-check-output).", f);
        return;
    }
    const summaryGroup *g = NULL;
    for (size_t i = 0; i < s->n && !g; i++)
        if (answerTdIsThreads(&s->g[i])) g = &s->g[i];
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

void threadsdocLead(const summary *s, FILE *f) {
    answerTdCells *t = malloc(sizeof *t);
    if (!t) return;
    answerTdCollect(s, t);
    answerTdLevel L;
    if (answerTdDeciding(t, &L)) tdSayLevel(&L, f);
    free(t);
}

void threadsdocAnswer(const summary *s, const metaTable *m, FILE *f) {
    answerTdCells *t = malloc(sizeof *t);
    if (!t) return;
    answerTdCollect(s, t);
    answerTdLevel L;
    if (answerTdDeciding(t, &L)) tdSayDefault(&L, f);
    else
        fputs("Not measured: no loaded cell has a successful run to compare with the idle ones.",
              f);
    /* the best width at every level, in one line */
    int any = 0;
    for (size_t i = 0; i < t->n; i++) {
        const answerTdCell *c = &t->c[i];
        if (answerTdFirstOf(t, c->g->key.load) != c) continue; /* one line per load kind */
        answerTdLevel B = answerTdLevelOf(t, c);
        if (!B.best) continue;
        char lv[96], bw[16];
        fprintf(f, "%s%s %s", any++ ? ", " : " Best width: ", tdWidthName(B.best, bw, sizeof bw),
                tdLevelName(c, lv, sizeof lv));
    }
    if (any) fputc('.', f);
    tdSayFailures(t, f);
    tdSayOutput(s, m, f);
    free(t);
}

/* Cell text, allocated into buf. */
static const char *tdInterval(double x, double lo, double hi, char *buf, size_t len) {
    if (isnan(x)) snprintf(buf, len, "-");
    else if (isnan(lo)) snprintf(buf, len, "%s", MS(x));
    else snprintf(buf, len, "%s (%s-%s)", MS(x), MS(lo), MS(hi));
    return buf;
}

void threadsdocSection(const summary *s, const metaTable *m, const docFmt *fmt, FILE *f) {
    answerTdCells *t = malloc(sizeof *t);
    if (!t) return;
    answerTdCollect(s, t);
    (void)m;
    fmt->section(f, "threads", "Which width to use");
    fmt->para(f, "Per load level, the width whose median run was the fastest, and what the "
                 "default cell (none of the width variables set: what the program does on its "
                 "own) costs against it. A run is one process of the program; its time is its "
                 "wall time from exec to exit (coldload-run). Intervals are bootstrap 95% "
                 "intervals of the median run. Threads hurt at a level when its widest width's "
                 "median is at least 1.25x the best one's and the two intervals do not overlap.");
    static const char *const rh[] = {"load",           "best width",
                                     "median run, ms", "default cell, ms",
                                     "default / best", "threads hurt"};
    static const docTable rt = {NULL, rh, 6, NULL};
    fmt->table(f, &rt);
    for (size_t i = 0; i < t->n; i++) {
        const answerTdCell *c = &t->c[i];
        int first = 1;
        for (size_t j = 0; j < i && first; j++) first = !answerTdSameLevel(&t->c[j], c);
        if (!first) continue;
        answerTdLevel L = answerTdLevelOf(t, c);
        char lv[96], bw[16] = "-", med[96], def[96], ratio[32] = "-";
        tdLevelName(c, lv, sizeof lv);
        if (L.best) tdWidthName(L.best, bw, sizeof bw);
        tdInterval(L.best ? L.best->median : NAN, L.best ? L.best->lo : NAN,
                   L.best ? L.best->hi : NAN, med, sizeof med);
        tdInterval(L.def ? L.def->median : NAN, L.def ? L.def->lo : NAN, L.def ? L.def->hi : NAN,
                   def, sizeof def);
        if (L.def && L.best) snprintf(ratio, sizeof ratio, "%.2fx", L.def->median / L.best->median);
        const char *hurt = L.best ? tdHurtWord[L.hurt] : "-";
        const char *row[] = {lv, bw, med, def, ratio, hurt};
        fmt->row(f, &rt, row);
    }
    fmt->table_end(f, &rt);
    fmt->para(f, "Every cell: its runs (ok, failed, of which cut at the cap), the median run, "
                 "its slowdown against the idle cell of the same width (median of the loaded "
                 "runs over the idle ones, with its interval), how many runs were at least "
                 "--contention-wide x idle, and the runs whose threads were seen on one CPU or on "
                 "more (the launcher's sampler).");
    static const char *const ch[] = {"width",          "load",   "runs ok",   "failed",      "cut",
                                     "median run, ms", "x idle", "slow runs", "1 CPU / more"};
    static const docTable ct = {NULL, ch, 9, NULL};
    fmt->table(f, &ct);
    for (size_t i = 0; i < t->n; i++) {
        const answerTdCell *c = &t->c[i];
        const summaryGroup *g = c->g;
        char w[16], lv[96], ok[16], fl[16], cut[16], med[96], x[96], slow[32], span[48];
        tdWidthName(c, w, sizeof w);
        tdLevelName(c, lv, sizeof lv);
        snprintf(ok, sizeof ok, "%zu", c->ok);
        snprintf(fl, sizeof fl, "%zu", c->failed);
        snprintf(cut, sizeof cut, "%zu", c->cut);
        tdInterval(c->median, c->lo, c->hi, med, sizeof med);
        if (summaryIsIdle(g) || isnan(g->proc_ratio)) snprintf(x, sizeof x, "-");
        else if (isnan(g->ratio_lo)) snprintf(x, sizeof x, "%.2fx", g->proc_ratio);
        else snprintf(x, sizeof x, "%.2fx (%.2f-%.2f)", g->proc_ratio, g->ratio_lo, g->ratio_hi);
        if (g->slow_procs == SIZE_MAX) snprintf(slow, sizeof slow, "-");
        else snprintf(slow, sizeof slow, "%zu of %zu", g->slow_procs, g->procs);
        snprintf(span, sizeof span, "%zu / %zu", g->calls_1cpu, g->calls_multi_cpu);
        const char *row[] = {w, lv, ok, fl, cut, med, x, slow, span};
        fmt->row(f, &ct, row);
    }
    fmt->table_end(f, &ct);
    fmt->section_end(f);
    free(t);
}
