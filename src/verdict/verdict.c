/* verdict.c -- the page's checks over a finished summary (see verdict.h):
 * the verdict list, the helpers every check adds through, the table of checks
 * (verdictChecks) and their thresholds, the run and verdicts.txt. The checks
 * themselves are one file per question (checks.h lists them).
 *
 * Each check looks at statistics only (never at raw rows), so a verdict can
 * always be re-derived by hand from summary.csv: every verdict records the
 * figures and the threshold it compared them with, and its text is said from
 * them once every check has run. */
#include "verdict/verdict.h"

#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "common/num.h"
#include "common/stats.h"
#include "common/text.h"
#include "verdict/checks.h"

const char *verdictLevelName(verdictLevel l) {
    switch (l) {
    case VERDICT_OK: return "OK";
    case VERDICT_NOTE: return "NOTE";
    case VERDICT_WARN: return "WARN";
    case VERDICT_ERROR: return "ERROR";
    }
    return "?";
}

/* Room for one more verdict in l: 0, or -1 when out of memory. */
static int verdictGrow(verdictList *l) {
    if (l->n < l->cap) return 0;
    size_t cap = l->cap ? l->cap * 2 : 16;
    verdict *p = realloc(l->v, cap * sizeof(*p));
    if (!p) return -1;
    l->v = p, l->cap = cap;
    return 0;
}

verdict *verdictFoundOn(verdictCtx *x, verdictLevel lv, const summaryGroup *g, unsigned parts) {
    if (verdictGrow(x->out) != 0) return NULL;
    verdict *n = &x->out->v[x->out->n++];
    *n = (verdict){.level = lv, .id = x->ck->id, .group = g, .parts = g ? parts : 0, .kind = x->ck};
    return n;
}

/* Room for one more entry of size `size` in *arr (n of them): 0, or -1. */
static int verdictRoom(void **arr, size_t n, size_t size) {
    if (n && (n & (n - 1)) != 0) return 0; /* grown in powers of two: room below the next */
    void *p = realloc(*arr, (n ? 2 * n : 1) * size);
    if (!p) return -1;
    *arr = p;
    return 0;
}

/* Appends one figure, its name fmt's (copied). */
static int verdictAddFigV(verdict *v, double value, const char *fmt, va_list ap) {
    char *name = NULL;
    if (verdictRoom((void **)&v->fig, v->nfig, sizeof *v->fig) != 0 ||
        vasprintf(&name, fmt, ap) < 0)
        return -1;
    v->fig[v->nfig++] = (verdictFigure){name, value};
    return 0;
}

int verdictAddFig(verdict *v, double value, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int rc = verdictAddFigV(v, value, fmt, ap);
    va_end(ap);
    return rc;
}

int verdictAddFigs(verdict *v, const verdictFigure *fig, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (verdictAddFig(v, fig[i].value, "%s", fig[i].name) != 0) return -1;
    return 0;
}

int verdictAddNote(verdict *v, const char *name, const char *fmt, ...) {
    char *n = strdup(name), *text = NULL;
    va_list ap;
    va_start(ap, fmt);
    int rc = n ? vasprintf(&text, fmt, ap) : -1;
    va_end(ap);
    if (rc < 0 || verdictRoom((void **)&v->note, v->nnote, sizeof *v->note) != 0) {
        free(n);
        if (rc >= 0) free(text);
        return -1;
    }
    v->note[v->nnote++] = (verdictNote){n, text};
    return 0;
}

int verdictFound(verdictCtx *x, verdictLevel lv, const summaryGroup *g, const verdictFigure *fig,
                 size_t nfig) {
    verdict *v = verdictFoundOn(x, lv, g, SUMMARY_K_ALL);
    return v ? verdictAddFigs(v, fig, nfig) : -1;
}

double verdictFig(const verdict *v, const char *name) {
    for (size_t i = 0; i < v->nfig; i++)
        if (strcmp(v->fig[i].name, name) == 0) return v->fig[i].value;
    return NAN;
}

double verdictFigf(const verdict *v, const char *fmt, ...) {
    char name[128];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(name, sizeof name, fmt, ap);
    va_end(ap);
    return verdictFig(v, name);
}

const char *verdictNoteOf(const verdict *v, const char *name) {
    for (size_t i = 0; i < v->nnote; i++)
        if (strcmp(v->note[i].name, name) == 0) return v->note[i].text;
    return NULL;
}

/* A row without a say function: its sentence, then the figures it cites. */
static int verdictSaySentence(const verdict *v, FILE *f) {
    fputs(v->kind->sentence ? v->kind->sentence : v->kind->what, f);
    for (size_t i = 0; i < v->nfig; i++)
        fprintf(f, "%s%s %g", i ? ", " : " (", v->fig[i].name, v->fig[i].value);
    if (v->nfig) fputc(')', f);
    return ferror(f) ? -1 : 0;
}

/* The subject: the parts of v's group's key it is on, described as
 * summaryDescribe describes a group (the other parts left out). */
static void verdictDescribe(const verdict *v, FILE *f) {
    summaryGroup g = *v->group;
    summaryKey *k = &g.key;
    if (!(v->parts & SUMMARY_K_WIDTH)) k->width = 0, g.harness = NULL; /* no "width default" */
    if (!(v->parts & SUMMARY_K_WAIT)) k->wait = "";
    if (!(v->parts & SUMMARY_K_CONDITION)) k->condition = "";
    if (!(v->parts & SUMMARY_K_LOAD)) summaryKeySetLoad(k, "");
    if (!(v->parts & SUMMARY_K_STRESSORS)) k->stressors = "", k->nstressors = -1;
    if (!(v->parts & SUMMARY_K_COPY)) k->copy = "";
    summaryDescribe(&g, f);
}

/* Says v's sentence from its data: "<subject>: <finding>", the subject its
 * group described, the finding its kind's. -1 when out of memory. */
static int verdictSay(verdict *v, const verdictThresholds *t) {
    char *buf = NULL;
    size_t len = 0;
    long at = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) return -1;
    if (v->group) {
        verdictDescribe(v, f);
        fputs(": ", f);
        at = ftell(f);
    }
    int bad = (v->kind->say ? v->kind->say(v, t, f) : verdictSaySentence(v, f)) != 0 || at < 0;
    if (fclose(f) != 0) bad = 1;
    char *subject = !bad && at >= 2 ? strndup(buf, (size_t)at - 2) : NULL;
    if (bad || !buf || (at >= 2 && !subject)) {
        free(buf);
        free(subject);
        return -1;
    }
    v->text = buf;
    v->subject = subject;
    v->finding = buf + at;
    return 0;
}

void verdictFree(verdictList *l) {
    for (size_t i = 0; i < l->n; i++) {
        verdict *v = &l->v[i];
        free(v->text);
        free(v->subject);
        for (size_t j = 0; j < v->nfig; j++) free((char *)v->fig[j].name);
        for (size_t j = 0; j < v->nnote; j++) {
            free((char *)v->note[j].name);
            free((char *)v->note[j].text);
        }
        free(v->fig);
        free(v->note);
    }
    free(l->v);
    memset(l, 0, sizeof(*l));
}

/* --- the table ------------------------------------------------------------------- */

#define VT(field) offsetof(verdictThresholds, field)

const verdictCheck verdictChecks[] = {
    {"first-run",
     VERDICT_WARN,
     verdictFirstRun,
     verdictFirstRunSay,
     "first/min >= --first-min in a group that is not loaded",
     {{"first-min", "R", VT(first_min), 100, NULL,
       "first/min at or above: the first run must not go into an average"}},
     NULL,
     {NULL},
     0},
    {"first-run-notable",
     VERDICT_NOTE,
     verdictFirstRunNotable,
     verdictNotableSay,
     "first/min >= --first-min-notable (below --first-min), not loaded",
     {{"first-min-notable", "R", VT(first_min_notable), 10, NULL,
       "first/min at or above: notable (and a loaded group's first call: loaded-first)"}},
     NULL,
     {NULL},
     0},
    {"loaded-first",
     VERDICT_NOTE,
     verdictLoadedFirst,
     verdictLoadedFirstSay,
     "a loaded group's first/min >= --first-min-notable, against the idle first call",
     {{0}},
     NULL,
     {NULL},
     0},
    {"spread",
     VERDICT_WARN,
     verdictSpread,
     verdictSpreadSay,
     "width > 1 and max/median >= --max-median",
     {{"max-median", "R", VT(max_median), 3, NULL,
       "multi-threaded max/median at or above: check the load"}},
     NULL,
     {NULL},
     0},
    {"contention",
     VERDICT_WARN,
     verdictContention,
     verdictContentionSay,
     "under pinned load width 1 slowed < --contention-narrow x its fair share while width > 1 "
     "slowed >= --contention-wide x its fair share and x width 1's slowdown",
     {{"contention-wide", "R", VT(contention_wide), 5, NULL,
       "under pinned load, width > 1 slowed at least R x its fair share and R x width 1's "
       "slowdown ... (and a loaded process R x slower than idle counts as slow)"},
      {"contention-narrow", "R", VT(contention_narrow), 1.5, NULL,
       "... while width 1 slowed less than R x its fair share (1 + ceil(S/N): 2x with one load "
       "worker per CPU): contention"},
      {"load-cpus", "N", VT(load_cpus), 0,
       "the words of loaded_cpus_usable in RESULTS_DIR/meta.txt, else its scan_cpus, else its "
       "nproc, else N = S",
       "the CPUs the S load workers were spread over: the N of the fair share"}},
     NULL,
     .explains = 1},
    {"bimodal",
     VERDICT_WARN,
     verdictBimodal,
     verdictBimodalSay,
     "a loaded group's process medians (or one process's steady calls) split >= --bimodal apart",
     {{"bimodal", "R", VT(bimodal), 5, NULL,
       "a loaded group whose process medians (or one process's steady calls) split into two "
       "groups R x apart: bimodal"}},
     NULL,
     .explains = 1},
    {"placement",
     VERDICT_WARN,
     verdictFreeLoad,
     verdictPlacementSay,
     "every free-load group with an idle twin: k of K processes >= --contention-wide x idle, "
     "the share and its Wilson interval (a NOTE when none was)",
     {{0}},
     NULL,
     .explains = 1},
    {"loaded-slow",
     VERDICT_WARN,
     verdictLoadedSlow,
     verdictLoadedSlowSay,
     "loaded median >= --loaded-idle x its idle median (x the fair share under pinned load; not "
     "where contention, bimodal or "
     "placement explains it)",
     {{"loaded-idle", "R", VT(loaded_idle), 2, NULL,
       "loaded median / idle median at or above: check the load"}},
     NULL,
     .after = {"contention", "bimodal", "placement"}},
    {"checksum-differs",
     VERDICT_ERROR,
     verdictChecksumDiffers,
     verdictChecksumSay,
     "different checksums within a group, or idle vs loaded at one width",
     {{0}},
     NULL,
     {NULL},
     0},
    {"output-differs",
     VERDICT_ERROR,
     verdictOutputDiffers,
     verdictOutputSay,
     "a program's output hash (stdout's or its file's) differs between its runs, or some runs "
     "left no file (threads.sh, across widths and loads)",
     {{0}},
     NULL,
     {NULL},
     0},
    {"output-unchecked",
     VERDICT_NOTE,
     verdictOutputUnchecked,
     verdictUncheckedSay,
     "a program's output was empty in every run, or no run left the file checked (threads.sh): "
     "nothing to compare",
     {{0}},
     NULL,
     {NULL},
     0},
    {"bitwise-same",
     VERDICT_OK,
     verdictBitwiseSame,
     verdictSameSay,
     "one checksum idle and loaded at one width (a program: one output hash over every cell, "
     "not the empty output's)",
     {{0}},
     NULL,
     {NULL},
     0},
    {"idle-busy",
     VERDICT_WARN,
     verdictIdleBusy,
     verdictIdleBusySay,
     "other tasks kept >= --idle-others CPUs busy while an idle group's harness ran (results "
     "from before that figure: its procs_running median exceeds its own threads by >= "
     "--idle-excess)",
     {{"idle-others", "R", VT(idle_others), 0.5, NULL,
       "CPUs other tasks kept busy on average while an idle harness ran (the machine's busy "
       "CPU time less the harness's own, over its wall time; measured on a 2-CPU VM: -0.08 to "
       "0.18 idle, 0.99 to 1.01 beside one stress-ng --cpu 1): busy at R CPUs or more"},
      {"idle-excess", "N", VT(idle_excess), 1, NULL,
       "results without that figure: idle samples whose median procs_running exceeds the run's "
       "own threads by N or more: busy; own threads: width + OpenBLAS pool - 1 (OpenBLAS "
       "workers spin)"},
      {"blas-pool", "N", VT(blas_pool), 0,
       "the width when meta.txt has openblas_num_threads, else nproc from RESULTS_DIR/meta.txt, "
       "else this machine's",
       "OpenBLAS's thread pool size in the runs"}},
     NULL,
     {NULL},
     0},
    {"cold-start",
     VERDICT_WARN,
     verdictColdStart,
     verdictColdStartSay,
     "per workload, each cold copy kind against the same copy (a NOTE below --cold-same)",
     {{"cold-same", "R", VT(cold_same), 2, NULL,
       "a cold start (fresh, evicted or dropcache copy) whose whole-process median is at or "
       "above R x the same copy's: a warning, not a note"}},
     NULL,
     {NULL},
     0},
    {"no-wait",
     VERDICT_WARN,
     verdictNoWait,
     verdictNoWaitSay,
     "a \"no wait\" median (submit only) >= --no-wait x below the waited steady median",
     {{"no-wait", "R", VT(no_wait), 2, NULL,
       "a group whose \"no wait\" median (submit only) is R x below its waited steady median: "
       "no-wait"}},
     NULL,
     {NULL},
     0},
    {"waits-for-cpu",
     VERDICT_WARN,
     verdictWaitsForCpu,
     verdictWaitsSay,
     "a program's loaded cell >= --loaded-idle x idle that waited for a CPU >= --why-share of its "
     "run (its cgroup's CPU pressure full, else its threads' run-queue wait) with its CPU time "
     "as idle (<= 1.5x)",
     {{"why-share", "R", VT(why_share), 0.4, NULL,
       "a share of a slow run (waiting for a CPU, spinning, blocked) at or above: why it was "
       "slow (waits-for-cpu, spins, wake-ups)"}},
     NULL,
     {NULL},
     0},
    {"spins",
     VERDICT_WARN,
     verdictSpins,
     verdictSpinsSay,
     "a program's loaded cell >= --loaded-idle x idle whose CPU time is >= --why-share of its "
     "wall x its threads and >= 1.5x idle: its threads spin while they wait",
     {{0}},
     NULL,
     {NULL},
     0},
    {"wake-ups",
     VERDICT_NOTE,
     verdictWakeUps,
     verdictWakeUpsSay,
     "a program's loaded cell >= --loaded-idle x idle blocked (neither running nor waiting for a "
     "CPU) >= --why-share of its run: each fork-join waits for a sleeping worker to get a CPU",
     {{0}},
     NULL,
     {NULL},
     0},
    {"warmup",
     VERDICT_WARN,
     verdictWarmup,
     verdictWarmupSay,
     "per cell, each process's calls classed by changepoints (flat, warmup, slowdown, no steady "
     "state): a WARN when an idle process is not steady by call 2",
     {{"warmup-penalty", "R", VT(warmup_penalty), 15, NULL,
       "the changepoints' penalty, R x log(steady calls) per changepoint (Barrett et al.: 15)"},
      {"warmup-steady", "R", VT(warmup_steady), 0.25, NULL,
       "a segment unlike the last ending within the last R of a process's calls: no steady "
       "state"},
      {"warmup-delta", "R", VT(warmup_delta), 0.01, NULL,
       "segments whose means lie within R x the fastest segment's mean (or within their "
       "standard deviations) are one regime"}},
     NULL,
     {NULL},
     0},
};
const size_t verdictNChecks = sizeof verdictChecks / sizeof verdictChecks[0];

const verdictParam *verdictParamAt(size_t i) {
    for (size_t c = 0; c < verdictNChecks; c++)
        for (size_t k = 0; k < VERDICT_PARAMS_MAX && verdictChecks[c].params[k].name; k++)
            if (i-- == 0) return &verdictChecks[c].params[k];
    return NULL;
}

double *verdictParamValue(verdictThresholds *t, const verdictParam *p) {
    return (double *)((char *)t + p->off);
}

double verdictParamGet(const verdictThresholds *t, const verdictParam *p) {
    return *(const double *)((const char *)t + p->off);
}

void verdictDefaults(verdictThresholds *t) {
    memset(t, 0, sizeof *t);
    const verdictParam *p;
    for (size_t i = 0; (p = verdictParamAt(i)); i++) *verdictParamValue(t, p) = p->def;
}

/* Writes text from column `col` on, words wrapped before `width` onto lines
 * indented to `indent`. */
static void verdictWrap(FILE *f, const char *text, int col, int indent, int width) {
    for (int first = 1; *text; first = 0) {
        int n = (int)strcspn(text, " ");
        if (!first && col + 1 + n > width) {
            fprintf(f, "\n%*s", indent, "");
            col = indent;
        } else if (!first) {
            fputc(' ', f);
            col++;
        }
        fprintf(f, "%.*s", n, text);
        col += n;
        text += n;
        text += strspn(text, " ");
    }
    fputc('\n', f);
}

void verdictUsage(FILE *f, int width) {
    enum { INDENT = 28 };
    const verdictParam *p;
    for (size_t i = 0; (p = verdictParamAt(i)); i++) {
        char *text = NULL, opt[64], def[32];
        snprintf(opt, sizeof opt, "  --%s %s", p->name, p->arg);
        snprintf(def, sizeof def, "%g", p->def);
        fprintf(f, "%-*s", INDENT, opt);
        if (asprintf(&text, "%s [%s]", p->help, p->def_text ? p->def_text : def) < 0) return;
        verdictWrap(f, text, INDENT, INDENT, width);
        free(text);
    }
}

void verdictThresholdLine(const verdictThresholds *t, FILE *f) {
    const verdictParam *p;
    for (size_t i = 0; (p = verdictParamAt(i)); i++)
        fprintf(f, "%s--%s %g", i ? " " : "", p->name, verdictParamGet(t, p));
}

/* Whether every check checks[c] names in `after` has run (done); a name of
 * no check of the table never has. */
static int verdictAfterDone(const verdictCheck *checks, size_t n, const unsigned char *done,
                            size_t c) {
    for (size_t k = 0; k < VERDICT_AFTER_MAX && checks[c].after[k]; k++) {
        size_t a = 0;
        while (a < n && strcmp(checks[a].id, checks[c].after[k]) != 0) a++;
        if (a == n || !done[a]) return 0;
    }
    return 1;
}

int verdictRunTable(const summary *s, const verdictThresholds *t, const verdictCheck *checks,
                    size_t n, verdictList *out) {
    size_t ng = s->n ? s->n : 1;
    verdictCtx x = {s, t, out, calloc(ng, 1), NULL};
    unsigned char *done = calloc(n ? n : 1, 1), *before = malloc(ng);
    int rc = x.explained && done && before ? 0 : -1;
    /* In the table's order, a check waiting for those it names in `after`:
     * each pass runs the first check not run whose `after`s all have. */
    for (size_t ran = 0; ran < n && rc == 0; ran++) {
        size_t c = 0;
        while (c < n && (done[c] || !verdictAfterDone(checks, n, done, c))) c++;
        if (c == n) {
            rc = -1; /* an `after` of no check, or a loop of them */
            break;
        }
        x.ck = &checks[c];
        memcpy(before, x.explained, ng);
        rc = x.ck->fn(&x);
        /* what a check explains is read by those naming it: it says so */
        if (rc == 0 && !x.ck->explains && memcmp(before, x.explained, ng) != 0) rc = -1;
        done[c] = 1;
    }
    free(done);
    free(before);
    free(x.explained);
    /* The sentences, from the data the checks recorded: judging is over. */
    for (size_t i = 0; i < out->n && rc == 0; i++)
        if (!out->v[i].text) rc = verdictSay(&out->v[i], t);
    /* Worst first, in the order found within a level (insertion sort: stable,
     * and lists are short). */
    for (size_t i = 1; i < out->n; i++) {
        verdict v = out->v[i];
        size_t j = i;
        for (; j > 0 && out->v[j - 1].level < v.level; j--) out->v[j] = out->v[j - 1];
        out->v[j] = v;
    }
    return rc ? -1 : 0;
}

int verdictRun(const summary *s, const verdictThresholds *t, verdictList *out) {
    return verdictRunTable(s, t, verdictChecks, verdictNChecks, out);
}

int verdictWrite(const verdictList *l, const verdictThresholds *t, FILE *f) {
    fputs("# coldload verdicts: LEVEL id: text. Thresholds: ", f);
    verdictThresholdLine(t, f);
    fputc('\n', f);
    if (l->n == 0) fputs("# no check fired\n", f);
    /* one line a verdict, whatever its text names (common/text.h) */
    for (size_t i = 0; i < l->n; i++) {
        fprintf(f, "%s %s: ", verdictLevelName(l->v[i].level), l->v[i].id);
        textWrite(f, l->v[i].text, 0);
        fputc('\n', f);
    }
    return ferror(f) ? -1 : 0;
}
