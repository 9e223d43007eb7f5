/* plan.c -- the plans coldload-summarize writes for the harness (plan.h):
 * one table of their columns, one writer of a header and a row, and the
 * five plans written through them. */
#include "export/plan.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "export/export.h"
#include "verdict/answerthreads.h"
#include "verdict/decide.h"

const planKind planKinds[PLAN_NKINDS] = {
    [PLAN_DECIDED] = {"--decided",
                      {"state", "workload", "width", "params", "procs", "lo", "hi", "why", NULL},
                      "a group under the stopping rule (verdict/decide.h)"},
    [PLAN_THREADS_DECIDED] = {"--threads-decided",
                              {"state", "load", "stressors", "runs", "skip", "again", NULL},
                              "a load level of a threads job (verdict/answerthreads.h)"},
    [PLAN_FIRSTRUN_DECIDED] = {"--firstrun-decided",
                               {"state", "workload", "kind", "variant", "pairs", "median", "min",
                                "max", "extra", NULL},
                               "a first-run part, to +-P of the first run's extra (decide.h)"},
    [PLAN_THREADS_REMEDIES] = {"--threads-remedies",
                               {"id", "width", "setting", NULL},
                               "a remedy to run (verdict/remedy.h): width 0 the default cell"},
    [PLAN_AB_DECIDED] = {"--ab-decided",
                         {"state", "width", "pairs", "ratio", "lo", "hi", "verdict", "settled",
                          NULL},
                         "a width of an A/B job (default: none set): its B/A interval within "
                         "+-P; settled 1 when its verdict is slower or faster beyond 10 % "
                         "(verdict/answerab.h)"},
};

static size_t planNCols(planKindId k) {
    size_t n = 0;
    while (n < PLAN_COLS_MAX && planKinds[k].cols[n]) n++;
    return n;
}

/* One field: a tab, CR or LF would split the row, so each is a space. */
static void planField(FILE *f, const char *s) {
    for (; s && *s; s++) fputc(*s == '\t' || *s == '\n' || *s == '\r' ? ' ' : *s, f);
}

int planHead(FILE *f, planKindId k) {
    size_t n = planNCols(k);
    for (size_t i = 0; i < n; i++) {
        if (i) fputc('\t', f);
        fputs(planKinds[k].cols[i], f);
    }
    fputc('\n', f);
    return ferror(f) ? -1 : 0;
}

int planRow(FILE *f, planKindId k, const char *const *fields) {
    size_t n = planNCols(k);
    for (size_t i = 0; i < n; i++) {
        if (i) fputc('\t', f);
        planField(f, fields[i]);
    }
    fputc('\n', f);
    return ferror(f) ? -1 : 0;
}

void planUsage(FILE *f) {
    fputs("plans (the --*-decided and --threads-remedies output, for the harness: TSV, a header\n"
          "line naming the columns, then one row each; read by column name):\n",
          f);
    for (size_t k = 0; k < PLAN_NKINDS; k++) {
        fprintf(f, "  %-24s  %s\n", planKinds[k].flag, planKinds[k].what);
        fputs("                            columns:", f);
        for (size_t i = 0; i < planNCols((planKindId)k); i++)
            fprintf(f, " %s", planKinds[k].cols[i]);
        fputc('\n', f);
    }
}

/* A number as "%.4g" into buf. */
static const char *planNum(char *buf, size_t len, double v) {
    snprintf(buf, len, "%.4g", v);
    return buf;
}

static const char *planCount(char *buf, size_t len, size_t v) {
    snprintf(buf, len, "%zu", v);
    return buf;
}

/* --decided's why: the thresholds the interval straddles or clears, or
 * the tolerance, or the processes still missing. */
static void planDecidedWhy(const summaryGroup *g, const decideResult *r, char *buf, size_t len) {
    if (g->procs < DECIDE_MIN_PROCS) {
        snprintf(buf, len, "%zu of at least %d processes", g->procs, DECIDE_MIN_PROCS);
        return;
    }
    if (!r->by_ratio) {
        snprintf(buf, len, "median known to %.4g-%.4g of itself (within 1 +- %g: %s)", r->lo, r->hi,
                 DECIDE_IDLE_TOLERANCE, r->decided ? "yes" : "no");
        return;
    }
    if (r->by_slow) {
        snprintf(buf, len, "%zu of %zu processes slow: placement's warning holds", g->slow_procs,
                 g->procs);
        return;
    }
    size_t at = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < r->nthr && at < len; i++) {
        int w = snprintf(buf + at, len - at, "%s%s %.4g (--%s)", i ? "; " : "",
                         r->hi < r->thr[i]    ? "below"
                         : r->lo >= r->thr[i] ? "at or above"
                                              : "straddles",
                         r->thr[i], r->thr_name[i]);
        if (w < 0) break;
        at += (size_t)w;
    }
}

int planWriteDecided(const summary *s, const verdictThresholds *t, const char *const want[4],
                     FILE *f) {
    if (planHead(f, PLAN_DECIDED) != 0) return -2;
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *g = &s->g[i];
        const char *tag[4] = {g->key.condition, g->key.load, g->key.stressors, g->key.copy};
        int skip = g->n == 0 && g->nproc == 0; /* whole.csv-only groups: no process median */
        for (size_t k = 0; k < 4; k++)
            if (want[k] && strcmp(want[k], tag[k] ? tag[k] : "") != 0) skip = 1;
        if (skip) continue;
        decideResult r;
        if (decideGroup(s, g, t, &r) != 0) return -1;
        char width[24], procs[24], lo[32], hi[32], why[512];
        snprintf(width, sizeof width, "%d", g->key.width);
        planDecidedWhy(g, &r, why, sizeof why);
        const char *row[] = {r.decided ? "decided" : "undecided",
                             g->key.workload,
                             width,
                             g->key.params,
                             planCount(procs, sizeof procs, g->procs),
                             planNum(lo, sizeof lo, r.lo),
                             planNum(hi, sizeof hi, r.hi),
                             why};
        if (planRow(f, PLAN_DECIDED, row) != 0) return -2;
    }
    return 0;
}

int planWriteThreadsDecided(const summary *s, const char *load, const char *stressors, FILE *f) {
    answerThreadsCells *t = malloc(sizeof *t);
    answerThreadsLevel *L = malloc(sizeof *L);
    int rc = t && L ? 0 : -1;
    if (rc == 0 && planHead(f, PLAN_THREADS_DECIDED) != 0) rc = -2;
    if (rc == 0) answerThreadsCollect(s, t);
    for (size_t i = 0; rc == 0 && i < t->n; i++) {
        const answerThreadsCell *c = &t->c[i];
        int first = 1;
        for (size_t j = 0; j < i && first; j++) first = !answerThreadsSameLevel(&t->c[j], c);
        if (!first || (load && strcmp(load, c->g->key.load)) ||
            (stressors && strcmp(stressors, c->g->key.stressors)))
            continue;
        *L = answerThreadsLevelOf(t, c);
        size_t fewest = SIZE_MAX;
        for (size_t j = 0; j < t->n; j++)
            if (answerThreadsSameLevel(&t->c[j], c) && answerThreadsRuns(&t->c[j]) < fewest)
                fewest = answerThreadsRuns(&t->c[j]);
        char runs[24];
        const char *row[] = {answerThreadsDecided(L) ? "decided" : "undecided",
                             c->g->key.load,
                             c->g->key.stressors,
                             planCount(runs, sizeof runs, fewest),
                             answerThreadsDefaultRedundant(L) ? "skip-default" : "-",
                             answerThreadsNeedsAgain(L) ? "again" : "-"};
        if (planRow(f, PLAN_THREADS_DECIDED, row) != 0) rc = -2;
    }
    free(t);
    free(L);
    return rc;
}

int planWriteFirstrunDecided(const firstrun *fr, double share_margin, FILE *f) {
    if (planHead(f, PLAN_FIRSTRUN_DECIDED) != 0) return -2;
    for (size_t i = 0; i < fr->n; i++) {
        const firstrunCell *c = &fr->c[i];
        for (int p = 0; p < FIRSTRUN_ALL; p++) {
            if (!decideFirstrunOwns(c, (firstrunPartId)p) || c->part[p].n == 0) continue;
            const firstrunSpread *sp = &c->part[p];
            char n[24], med[32], min[32], max[32], extra[32];
            const char *row[] = {
                decideFirstrunPart(c, (firstrunPartId)p, share_margin) ? "decided" : "undecided",
                c->workload,
                c->kind,
                firstrunPartVariant((firstrunPartId)p),
                planCount(n, sizeof n, sp->n),
                planNum(med, sizeof med, sp->median),
                planNum(min, sizeof min, sp->min),
                planNum(max, sizeof max, sp->max),
                planNum(extra, sizeof extra, c->extra)};
            if (planRow(f, PLAN_FIRSTRUN_DECIDED, row) != 0) return -2;
        }
    }
    return 0;
}

int planWriteRemedies(const remedyPlanOf *p, FILE *f) {
    if (planHead(f, PLAN_THREADS_REMEDIES) != 0) return -2;
    for (size_t i = 0; i < p->n; i++) {
        if (p->it[i].measured) continue;
        char width[24];
        snprintf(width, sizeof width, "%ld", p->it[i].width);
        const char *row[] = {p->it[i].id, width,
                             p->it[i].is_width ? "" : remedies[p->it[i].row].setting};
        if (planRow(f, PLAN_THREADS_REMEDIES, row) != 0) return -2;
    }
    return 0;
}

int planWriteAb(const answerAb *r, size_t n, FILE *f) {
    if (planHead(f, PLAN_AB_DECIDED) != 0) return -2;
    for (size_t i = 0; i < n; i++) {
        char width[24], pairs[24], ratio[32], lo[32], hi[32];
        if (r[i].width > 0) snprintf(width, sizeof width, "%d", r[i].width);
        else snprintf(width, sizeof width, "default");
        const char *row[] = {r[i].decided ? "decided" : "undecided",
                             width,
                             planCount(pairs, sizeof pairs, r[i].pairs),
                             planNum(ratio, sizeof ratio, r[i].ratio),
                             planNum(lo, sizeof lo, r[i].lo),
                             planNum(hi, sizeof hi, r[i].hi),
                             answerAbVerdictName(r[i].verdict),
                             r[i].settled ? "1" : "0"};
        if (planRow(f, PLAN_AB_DECIDED, row) != 0) return -2;
    }
    return 0;
}

/* A plan's exportFn: in->plan's rows (its kind's writer, export/jobs.c's
 * jobPlans) as in->ask asks them, to stdout: path "-", where the harness
 * reads it. */
int exportPlan(const exportInput *in, const char *path, char *err, size_t errlen) {
    if (strcmp(path, "-") != 0) {
        snprintf(err, errlen, "%s: a plan is written to stdout ('-') only", path);
        return -1;
    }
    int rc = in->plan(in->r, in->ask, stdout, err, errlen);
    if (rc == PLAN_BAD_INPUT) return EXPORT_BAD_INPUT;
    if (rc) snprintf(err, errlen, "%s", rc == -2 ? "stdout: write failed" : "out of memory");
    return rc ? -1 : 0;
}
