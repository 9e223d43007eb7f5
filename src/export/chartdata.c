/* chartdata.c -- summary groups -> the whitespace-separated .dat files of the
 * charts, and labels.gp (see chartdata.h).
 *
 * Labels on the x axis carry only what varies among a chart's bars (params
 * only when a workload ran with several, wait only when several policies
 * ran...), so a quick run's chart stays readable and a big one stays exact. */
#include "export/chartdata.h"

#include "common/atomicfile.h"
#include "export/abchart.h"
#include "common/text.h"
#include "export/export.h"
#include "verdict/answerthreads.h"
#include "verdict/verdict.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int chartdataIsColdCopy(const char *copy) {
    int k = summaryWordOf(summaryCopies, SUMMARY_COPY_N, copy);
    return k >= 0 && summaryCopies[k].cold;
}

static int chartdataOwned(const summaryGroup *g);

/* Which groups each chart shows: one function per chart. */
static int chartdataPickFirst(const summary *s, const chartdataChart *c, const summaryGroup *g) {
    (void)s, (void)c;
    return g->n > 0 && g->nfirst > 0 && !summaryIsLoaded(g);
}

static int chartdataPickIdleLoaded(const summary *s, const chartdataChart *c,
                                   const summaryGroup *g) {
    if (summaryIsIdle(g)) { /* an idle cell that some loaded cell is compared with */
        for (size_t i = 0; i < s->n; i++)
            if (!summaryIsIdle(&s->g[i]) && chartdataPickIdleLoaded(s, c, &s->g[i]) &&
                summaryIdleOf(s, &s->g[i]) == g)
                return 1;
        return 0;
    }
    return g->n > 0 && g->key.condition[0] && !chartdataOwned(g) && summaryIdleOf(s, g) != NULL;
}

static int chartdataPickPlacement(const summary *s, const chartdataChart *c,
                                  const summaryGroup *g) {
    (void)s, (void)c;
    return summaryIsLoaded(g) && g->calls_1cpu + g->calls_multi_cpu > 0;
}

/* A threads job's cells whose runs give the split of their time (verdictWhyOf). */
static int chartdataPickWhy(const summary *s, const chartdataChart *c, const summaryGroup *g) {
    verdictWhy w;
    (void)c;
    return answerThreadsIsThreads(g) && verdictWhyOf(s, g, &w);
}

static int chartdataPickCold(const summary *s, const chartdataChart *c, const summaryGroup *g) {
    (void)s, (void)c;
    return chartdataIsColdCopy(g->key.copy) && !summaryIsLoaded(g) &&
           (g->nfirst > 0 || g->whole_n > 0);
}

/* The TRG chart is its workload's own (c->workload): its groups, by beta. */
static int chartdataPickTrg(const summary *s, const chartdataChart *c, const summaryGroup *g) {
    (void)s;
    return g->n > 0 && strcmp(g->key.workload, c->workload) == 0 && strstr(g->key.params, "beta=");
}

enum { F_PARAMS, F_WIDTH, F_WAIT, F_COPY, F_STRESSORS };

static const char *chartdataField(const summaryGroup *g, int field, char *buf, size_t len) {
    switch (field) {
    case F_PARAMS: return g->key.params;
    case F_WIDTH: snprintf(buf, len, "%d", g->key.width); return buf;
    case F_WAIT: return g->key.wait;
    case F_COPY: return g->key.copy;
    default: return g->key.stressors;
    }
}

/* Does `field` take more than one value among the chart's groups of g's
 * workload? */
static int chartdataVaries(const summary *s, const chartdataChart *c, const summaryGroup *g,
                           int field) {
    char a[24], b[24];
    const char *mine = chartdataField(g, field, a, sizeof a);
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *h = &s->g[i];
        if (strcmp(h->key.workload, g->key.workload) != 0 || !c->pick(s, c, h)) continue;
        if (field == F_STRESSORS && summaryIsIdle(h)) continue; /* idle has no stressors */
        if (strcmp(chartdataField(h, field, b, sizeof b), mine) != 0) return 1;
    }
    return 0;
}

/* The beta of a TRG params string, or NAN. */
static double chartdataBeta(const char *params) {
    const char *p = strstr(params, "beta=");
    if (!p) return NAN;
    char *end;
    double b = strtod(p + 5, &end);
    return end == p + 5 || !isfinite(b) ? NAN : b;
}

/* A label or series title being built in a memory stream (no length limit:
 * a long params string is never cut). */
typedef struct chartdataText {
    char *buf;
    size_t len;
    FILE *f;
    int any; /* something written: the next part is preceded by a blank */
} chartdataText;

static void chartdataTextOpen(chartdataText *t) {
    t->buf = NULL;
    t->any = 0;
    t->f = open_memstream(&t->buf, &t->len);
}

/* The finished text (the caller frees it); "?" when out of memory. */
static char *chartdataTextClose(chartdataText *t) {
    if (!t->f || fclose(t->f) != 0 || !t->buf) {
        free(t->buf);
        return strdup("?");
    }
    return t->buf;
}

/* Appends " <prefix><text>" (no blank first), keeping it a valid gnuplot
 * quoted string: no quote, no backslash, no control character. Nothing
 * when both are empty. */
static void chartdataCat(chartdataText *t, const char *prefix, const char *text) {
    if (!t->f || (!*prefix && !*text)) return;
    if (t->any) fputc(' ', t->f);
    t->any = 1;
    fputs(prefix, t->f);
    for (; *text; text++) {
        unsigned char ch = (unsigned char)*text;
        fputc(ch == '"' || ch == '\\' ? '\'' : ch < 0x20 || ch == 0x7f ? ' ' : (char)ch, t->f);
    }
}

/* The dot chart's kinds of cell, in plots/idle_vs_loaded.gp's colours. */
enum { KIND_IDLE, KIND_PINNED, KIND_FREE, KIND_LOADED };
static int chartdataKind(const summaryGroup *g) {
    if (summaryIsIdle(g)) return KIND_IDLE;
    if (g->key.load_kind == SUMMARY_LOAD_PINNED) return KIND_PINNED;
    if (g->key.load_kind == SUMMARY_LOAD_FREE) return KIND_FREE;
    return KIND_LOADED; /* a load of unknown kind (legacy) or another one */
}
static const char *chartdataKindName(const summaryGroup *g) {
    return summaryIsIdle(g) ? summaryConditions[SUMMARY_COND_IDLE].name
           : g->key.load[0] ? g->key.load
                            : g->key.condition;
}

/* g's x label on chart c, allocated (the caller frees it). */
static char *chartdataLabel(const summary *s, const chartdataChart *c, const summaryGroup *g) {
    char part[48]; /* a number */
    chartdataText t;
    chartdataTextOpen(&t);
    chartdataCat(&t, "", g->key.workload[0] ? g->key.workload : "program");
    if (chartdataVaries(s, c, g, F_PARAMS)) {
        double beta = chartdataBeta(g->key.params);
        snprintf(part, sizeof part, "%g", beta);
        if (!isnan(beta)) chartdataCat(&t, "beta=", part);
        else chartdataCat(&t, "", g->key.params);
    }
    if (!(c->label & CHARTDATA_L_WIDTH_VARIES) || chartdataVaries(s, c, g, F_WIDTH)) {
        if (summaryIsDefaultWidth(g)) snprintf(part, sizeof part, "default");
        else snprintf(part, sizeof part, "%d", g->key.width);
        chartdataCat(&t, "w", part);
    }
    int cells = (c->label & CHARTDATA_L_CELLS) != 0;
    if (!cells || chartdataVaries(s, c, g, F_COPY)) chartdataCat(&t, "", g->key.copy);
    if (cells) chartdataCat(&t, "", chartdataKindName(g));
    if (cells && !summaryIsIdle(g) && chartdataVaries(s, c, g, F_STRESSORS))
        chartdataCat(&t, "S=", g->key.stressors);
    if (chartdataVaries(s, c, g, F_WAIT)) chartdataCat(&t, "", g->key.wait);
    return chartdataTextClose(&t);
}

void chartdataNum(FILE *f, double x) {
    if (isnan(x)) fputs(" NaN", f);
    else fprintf(f, " %.6g", x);
}

/* TRG series: one per everything but the workload and params (the betas). */
static int chartdataSameSeries(const summaryGroup *a, const summaryGroup *b) {
    return summaryKeySame(&a->key, &b->key,
                          SUMMARY_K_ALL & ~(SUMMARY_K_WORKLOAD | SUMMARY_K_PARAMS));
}

static int chartdataCmpBeta(const void *a, const void *b) {
    double x = chartdataBeta((*(const summaryGroup *const *)a)->key.params);
    double y = chartdataBeta((*(const summaryGroup *const *)b)->key.params);
    return (x > y) - (x < y);
}

/* The first group of each TRG series, in group order (width before
 * condition, so the series come out in width order). reps has s->n slots. */
static size_t chartdataTrgSeries(const summary *s, const chartdataChart *c,
                                 const summaryGroup **reps) {
    size_t n = 0;
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *g = &s->g[i];
        if (!c->pick(s, c, g)) continue;
        int seen = 0;
        for (size_t k = 0; k < n && !seen; k++) seen = chartdataSameSeries(reps[k], g);
        if (!seen) reps[n++] = g;
    }
    return n;
}

static long chartdataEmitTrg(const summary *s, const chartdataChart *c, FILE *f) {
    const summaryGroup **reps = malloc((s->n ? s->n : 1) * sizeof(*reps));
    const summaryGroup **rows = malloc((s->n ? s->n : 1) * sizeof(*rows));
    if (!reps || !rows) {
        free(reps);
        free(rows);
        return -1;
    }
    size_t nseries = chartdataTrgSeries(s, c, reps);
    for (size_t k = 0; k < nseries; k++) {
        const summaryGroup *g = reps[k];
        size_t nr = 0;
        for (size_t j = 0; j < s->n; j++)
            if (c->pick(s, c, &s->g[j]) && chartdataSameSeries(&s->g[j], g)) rows[nr++] = &s->g[j];
        qsort(rows, nr, sizeof(*rows), chartdataCmpBeta);
        char part[32];
        chartdataText t;
        chartdataTextOpen(&t);
        snprintf(part, sizeof part, "%d", g->key.width);
        chartdataCat(&t, "width ", part);
        chartdataCat(&t, "", g->key.condition[0] ? g->key.condition : "-");
        if (!summaryIsIdle(g) && g->key.stressors[0]) chartdataCat(&t, "S=", g->key.stressors);
        if (chartdataVaries(s, c, g, F_WAIT)) chartdataCat(&t, "", g->key.wait);
        if (chartdataVaries(s, c, g, F_COPY)) chartdataCat(&t, "", g->key.copy);
        char *title = chartdataTextClose(&t);
        fprintf(f, "%s\"%s\" min_ms median_ms first_ms runs\n", k ? "\n\n" : "", title);
        free(title);
        for (size_t r = 0; r < nr; r++) {
            fprintf(f, "%.6g", chartdataBeta(rows[r]->key.params));
            chartdataNum(f, rows[r]->min_ms);
            chartdataNum(f, rows[r]->median_ms);
            chartdataNum(f, rows[r]->first_ms);
            fprintf(f, " %zu\n", rows[r]->n);
        }
    }
    free(reps);
    free(rows);
    return ferror(f) ? -1 : (long)nseries;
}

/* labels.gp arrays that style the TRG lines: colour by width (its rank among
 * the series' widths), dashes and squares for loaded series. */
static int chartdataTrgStyle(const summary *s, const chartdataChart *c, FILE *f) {
    const summaryGroup **reps = malloc((s->n ? s->n : 1) * sizeof(*reps));
    if (!reps) return -1;
    size_t n = chartdataTrgSeries(s, c, reps);
    if (n > 0) {
        fprintf(f, "array trg_colour[%zu]\narray trg_loaded[%zu]\n", n, n);
        int rank = 1; /* series come in width order: a new width, a new colour */
        for (size_t k = 0; k < n; k++) {
            rank += k > 0 && reps[k]->key.width != reps[k - 1]->key.width;
            fprintf(f, "trg_colour[%zu] = %d\ntrg_loaded[%zu] = %d\n", k + 1, rank, k + 1,
                    !summaryIsIdle(reps[k]));
        }
    }
    free(reps);
    return 0;
}

/* Index 0 of the dot chart: one dot per process with a steady median, spread
 * evenly across its cell (a fixed jitter: the same picture every time);
 * bound 1 when that median is only a lower bound (the process was stopped
 * before it ended: the chart draws it as "at least"). */
static void chartdataDots(const summaryGroup *g, long x, const char *label, FILE *f) {
    size_t k = 0;
    for (size_t i = 0; i < g->nproc; i++) {
        const summaryProc *p = &g->proc[i];
        if (isnan(p->median_ms)) continue;
        double dx = g->procs > 1 ? ((double)k / (double)(g->procs - 1) - 0.5) * 0.44 : 0;
        fprintf(f, "%.4f \"%s\" %d", (double)x + dx, label, chartdataKind(g));
        chartdataNum(f, p->median_ms);
        fprintf(f, " %ld %d\n", p->proc ? p->proc : (long)k + 1, p->median_bound ? 1 : 0);
        k++;
    }
}

/* Index 0 of the placement chart: one dot per steady call whose CPUs are
 * known, left of the cell for one CPU, right for several; bound 1 when the
 * call's time is only a lower bound (censored). */
static void chartdataCalls(const summaryGroup *g, long x, const char *label, FILE *f) {
    size_t k = 0;
    for (size_t i = 0; i < g->nproc; i++) {
        const summaryProc *p = &g->proc[i];
        for (size_t j = 0; j < p->steady.n && j < p->span.n; j++) {
            double span = p->span.x[j];
            if (span < 1) continue;
            double dx = (span < 2 ? -0.2 : 0.2) + ((double)(k++ % 9) - 4) * 0.02;
            fprintf(f, "%.4f \"%s\" %g", (double)x + dx, label, span);
            chartdataNum(f, p->steady.x[j]);
            fprintf(f, " %d\n", j < p->cens.n && p->cens.x[j] > 0 ? 1 : 0);
        }
    }
}

/* The dot and placement charts: dots (index 0), then one row per cell; ivl:
 * idle_vs_loaded's columns, else placement's. Each block's first line names
 * its columns (no '#'): the charts read them by name. */
static long chartdataEmitCells(const summary *s, const chartdataChart *c, FILE *f, int ivl) {
    long cells = 0;
    fputs(ivl ? "x label kind proc_median_ms proc bound\n" : "x label cpus call_ms bound\n", f);
    for (int pass = 0; pass < 2; pass++) {
        if (pass) {
            fputs(ivl ? "\n\nidx label kind median_of_medians ratio procs slow_procs "
                        "median_bound\n"
                      : "\n\nidx label calls_1cpu share_1cpu median_ms_1cpu "
                        "calls_multi_cpu share_multi_cpu median_ms_multi_cpu\n",
                  f);
        }
        long x = 0;
        for (size_t i = 0; i < s->n; i++) {
            const summaryGroup *g = &s->g[i];
            if (!c->pick(s, c, g)) continue;
            char *label = chartdataLabel(s, c, g);
            if (!label) return -1;
            if (!pass && ivl) chartdataDots(g, x, label, f);
            else if (!pass) chartdataCalls(g, x, label, f);
            else if (ivl) {
                /* median_bound: the median of medians, and so loaded/idle,
                 * only a lower bound; over an idle median that is itself a
                 * bound the ratio is no figure at all (none) */
                const summaryGroup *idle = summaryIsIdle(g) ? NULL : summaryIdleOf(s, g);
                fprintf(f, "%ld \"%s\" %d", x, label, chartdataKind(g));
                chartdataNum(f, g->proc_median_median_ms);
                chartdataNum(f, idle && idle->median_bound ? NAN : g->proc_ratio);
                fprintf(f, " %zu", g->procs);
                chartdataNum(f, g->slow_procs == SIZE_MAX ? NAN : (double)g->slow_procs);
                fprintf(f, " %d\n", g->median_bound ? 1 : 0);
            } else {
                double known = (double)(g->calls_1cpu + g->calls_multi_cpu);
                fprintf(f, "%ld \"%s\" %zu %.4f", x, label, g->calls_1cpu,
                        (double)g->calls_1cpu / known);
                chartdataNum(f, g->median_ms_1cpu);
                fprintf(f, " %zu %.4f", g->calls_multi_cpu, (double)g->calls_multi_cpu / known);
                chartdataNum(f, g->median_ms_multi_cpu);
                fputc('\n', f);
            }
            free(label);
            x++;
        }
        cells = x;
    }
    return ferror(f) ? -1 : cells;
}

static long chartdataEmitIdleLoaded(const summary *s, const chartdataChart *c, FILE *f) {
    return chartdataEmitCells(s, c, f, 1);
}

static long chartdataEmitPlacement(const summary *s, const chartdataChart *c, FILE *f) {
    return chartdataEmitCells(s, c, f, 0);
}

/* One row per group: idx, label, then first_vs_steady's (first) or
 * cold_start's columns. The first line names the columns (no '#'): the
 * charts read them by name. */
static long chartdataEmitRows(const summary *s, const chartdataChart *c, FILE *f, int first) {
    fputs(first ? "idx label first_ms min_ms median_ms max_ms n\n"
                : "idx label first_ms whole_median_ms first_majflt whole_majflt\n",
          f);
    long rows = 0;
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *g = &s->g[i];
        if (!c->pick(s, c, g)) continue;
        char *label = chartdataLabel(s, c, g);
        if (!label) return -1;
        fprintf(f, "%ld \"%s\"", rows, label);
        free(label);
        if (first) {
            double v[] = {g->first_ms, g->min_ms, g->median_ms, g->max_ms};
            for (size_t k = 0; k < 4; k++) chartdataNum(f, v[k]);
            fprintf(f, " %zu", g->n);
        } else {
            double v[] = {g->first_ms, g->whole_median_ms, g->first_majflt, g->whole_majflt};
            for (size_t k = 0; k < 4; k++) chartdataNum(f, v[k]);
        }
        fputc('\n', f);
        rows++;
    }
    return ferror(f) ? -1 : rows;
}

static long chartdataEmitFirst(const summary *s, const chartdataChart *c, FILE *f) {
    return chartdataEmitRows(s, c, f, 1);
}

static long chartdataEmitCold(const summary *s, const chartdataChart *c, FILE *f) {
    return chartdataEmitRows(s, c, f, 0);
}

/* One row per cell: idx, label, its median run's shares in percent --
 * waiting for a CPU, running, blocked (verdictWhyOf) -- stacked. The first
 * line names the columns (no '#'): plots/why.gp reads them by name. */
static long chartdataEmitWhy(const summary *s, const chartdataChart *c, FILE *f) {
    fputs("idx label wait_pct run_pct blocked_pct\n", f);
    long rows = 0;
    verdictWhy w;
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *g = &s->g[i];
        if (!c->pick(s, c, g) || !verdictWhyOf(s, g, &w)) continue;
        char *label = chartdataLabel(s, c, g);
        if (!label) return -1;
        fprintf(f, "%ld \"%s\"", rows++, label);
        free(label);
        double v[] = {100 * w.wait_share, 100 * w.run_share, 100 * w.blocked_share};
        for (size_t k = 0; k < 3; k++) chartdataNum(f, v[k]);
        fputc('\n', f);
    }
    return ferror(f) ? -1 : rows;
}

/* --- the table ------------------------------------------------------------------- */

const chartdataChart chartdataCharts[] = {
    {"first_vs_steady", "First run vs steady state", chartdataPickFirst, chartdataEmitFirst, 0,
     NULL,
     "Per workload, width and copy: the first run in the process (diamond) next to the steady "
     "runs' median with a bar from min to max, log scale. A diamond two decades above its bar is "
     "a first run that must not go into an average."},
    {"idle_vs_loaded", "Idle vs loaded, one dot per process", chartdataPickIdleLoaded,
     chartdataEmitIdleLoaded, CHARTDATA_L_CELLS, NULL,
     "One dot per process (its median steady call) for each workload, width and load: idle, "
     "pinned (one stress-ng worker bound to each CPU), free (unbound workers); the short line is "
     "the median of the process medians, log scale; over each loaded cell loaded/idle and how "
     "many processes were at least --contention-wide x idle. Width 1 near 1x while the wider "
     "widths are far above it is core contention; dots of one cell decades apart are a bimodal "
     "cell: the scheduler's placement decided. An open triangle is a process stopped before it "
     "ended (at its cap, or once known slow): it took at least that long, and a loaded/idle "
     "marked >= is a lower bound."},
    {"cold_start", "Cold start", chartdataPickCold, chartdataEmitCold, CHARTDATA_L_WIDTH_VARIES,
     NULL,
     "The first run in the process (in-process clock) and the whole process (wall time) for a "
     "fresh copy, the same copy again, a copy whose pages were evicted and after dropping the "
     "page cache, log scale; the numbers over the bars are major page faults. Fresh and evicted "
     "far above same: the time is the OS loading the executable, not the program."},
    {"trg", "TRG value_and_grad per beta", chartdataPickTrg, chartdataEmitTrg, 0, "trg",
     "value_and_grad (min of the runs) per beta, one line per width and condition, log scale. "
     "Lines close together: the load does not matter at that width; far apart: it does."},
    {"placement", "Placement: where the threads ran, against the time", chartdataPickPlacement,
     chartdataEmitPlacement, CHARTDATA_L_CELLS, NULL,
     "Per loaded cell, every steady call whose CPUs are known: left the calls whose engine and "
     "OpenBLAS threads all ran on one CPU (green), right those spread over two or more (red), "
     "log scale; over each side its count and share of the cell's calls, the line its median. "
     "Spread calls far above one-CPU calls: where the threads ran decided the time. An open "
     "triangle is a call whose run was stopped before it ended: it took at least that long."},
    {"why", "Why: where each cell's median run went", chartdataPickWhy, chartdataEmitWhy,
     CHARTDATA_L_CELLS, NULL,
     "A threads job's cells, one bar each: the share of the median run spent waiting for a CPU "
     "(its cgroup's CPU pressure, all tasks waiting; else its threads' run-queue wait), running "
     "(CPU time over threads x wall) and blocked (the rest: sleeping, waiting for a wake-up or "
     "I/O). A loaded bar mostly red while its idle twin is green: the load held the CPUs its "
     "threads waited for (waits-for-cpu); mostly blue: each fork-join waited for a sleeping "
     "worker (wake-ups)."},
    {"ab", "B/A and A/A, block by block", abchartPick, abchartEmit, 0, NULL,
     "An A/B job's blocks in their order: each block's B/A (filled dot) and A/A -- A again over "
     "A, one command against itself (open circle); a dot left out of the answer (a run of its "
     "pair waited for a CPU: like with like) is grey. The band is B/A's 99% interval, its line "
     "the estimate; dashed, the A/A floor B/A must clear (drawn only when the A/A arm was "
     "called different), dotted, the A/A arm's 99% interval. Dots of one block far from the "
     "band in turn: the machine changed during the job; B/A dots drifting with the blocks: "
     "B's runs met a different machine than A's."},
};
const size_t chartdataNCharts = sizeof chartdataCharts / sizeof chartdataCharts[0];

/* 1 when a chart is dedicated to g's workload. */
static int chartdataOwned(const summaryGroup *g) {
    for (size_t c = 0; c < chartdataNCharts; c++)
        if (chartdataCharts[c].workload &&
            strcmp(chartdataCharts[c].workload, g->key.workload) == 0)
            return 1;
    return 0;
}

long chartdataEmit(const summary *s, size_t i, FILE *f) {
    if (i >= chartdataNCharts) return -1;
    return chartdataCharts[i].emit(s, &chartdataCharts[i], f);
}

/* The distinct widths (all groups) or stressors (loaded groups), in group
 * order (ascending), space-separated; allocated ("?" when out of memory). */
static char *chartdataDistinct(const summary *s, int stressors) {
    chartdataText t;
    chartdataTextOpen(&t);
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *g = &s->g[i];
        char v[32];
        if (stressors ? summaryIsIdle(g) || !g->key.stressors[0] : g->key.width < 1) continue;
        snprintf(v, sizeof v, "%d", g->key.width);
        int seen = 0;
        for (size_t j = 0; j < i && !seen; j++) {
            const summaryGroup *h = &s->g[j];
            seen = stressors ? !summaryIsIdle(h) && strcmp(h->key.stressors, g->key.stressors) == 0
                             : h->key.width == g->key.width;
        }
        if (!seen) chartdataCat(&t, "", stressors ? g->key.stressors : v);
    }
    return chartdataTextClose(&t);
}

/* A file written through a temporary file (atomicfile.h), renamed into place
 * once complete: a failed run never leaves a half-written .dat or labels.gp
 * for gnuplot, and a planted "<file>.tmp" symlink is never written through. */
typedef struct chartdataOut {
    atomicFile a;
    FILE *f;
} chartdataOut;

static int chartdataOpen(chartdataOut *o, const char *dir, const char *name, const char *ext,
                         char *err, size_t errlen) {
    char *path;
    o->f = NULL;
    if (asprintf(&path, "%s/%s%s", dir, name, ext) < 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int rc = atomicOpen(&o->a, path);
    if (rc != 0) snprintf(err, errlen, "%s: %s", path, o->a.why);
    else o->f = o->a.f;
    free(path);
    return rc;
}

/* Closes o; keep: rename it into place, else remove it and the old file
 * (no rows: no chart, and no stale one). ok 0: the write failed. */
static int chartdataClose(chartdataOut *o, int ok, int keep, char *err, size_t errlen) {
    if (!o->f) return -1; /* chartdataOpen said why */
    char *path = strdup(o->a.path);
    if (ok && keep) ok = atomicCommit(&o->a) == 0;
    else {
        atomicAbort(&o->a);
        if (ok && path) unlink(path);
    }
    int rc = 0;
    if (!ok) {
        snprintf(err, errlen, "%s: write failed", path ? path : "?");
        rc = -1;
    }
    free(path);
    return rc;
}

int chartdataWrite(const summary *s, const char *machine, const char *dir, unsigned *made,
                   char *err, size_t errlen) {
    long counts[sizeof chartdataCharts / sizeof chartdataCharts[0]];
    chartdataOut o;
    *made = 0;
    for (size_t c = 0; c < chartdataNCharts; c++) {
        if (chartdataOpen(&o, dir, chartdataCharts[c].name, ".dat", err, errlen) != 0)
            return chartdataClose(&o, 0, 0, err, errlen), -1;
        counts[c] = chartdataEmit(s, c, o.f);
        if (chartdataClose(&o, counts[c] >= 0, counts[c] > 0, err, errlen) != 0) return -1;
        if (counts[c] > 0) *made |= 1u << c;
    }
    if (chartdataOpen(&o, dir, "labels", ".gp", err, errlen) != 0)
        return chartdataClose(&o, 0, 0, err, errlen), -1;
    FILE *f = o.f;
    char *widths = chartdataDistinct(s, 0), *stressors = chartdataDistinct(s, 1);
    fputs("# labels.gp -- written by coldload-summarize: chart titles and sizes\nmachine = ", f);
    textGnuplotString(f, machine);
    fputs("\nwidths = ", f);
    textGnuplotString(f, widths ? widths : "?");
    fputs("\nstressors = ", f);
    textGnuplotString(f, stressors && stressors[0] ? stressors : "none");
    free(widths);
    free(stressors);
    fputc('\n', f);
    for (size_t c = 0; c < chartdataNCharts; c++)
        fprintf(f, "n_%s = %ld\n", chartdataCharts[c].name, counts[c]);
    int ok = 1;
    for (size_t c = 0; c < chartdataNCharts; c++)
        if (chartdataCharts[c].emit == chartdataEmitTrg)
            ok = chartdataTrgStyle(s, &chartdataCharts[c], f) == 0;
    return chartdataClose(&o, ok, 1, err, errlen);
}

/* The charts' exportFn: summarize's summary and machine into the directory
 * path (plots/), the charts written into *in->charts. */
int exportCharts(const exportInput *in, const char *path, char *err, size_t errlen) {
    unsigned made = 0;
    int rc = chartdataWrite(&in->r->s, in->r->machine, path, &made, err, errlen);
    if (in->charts) *in->charts = made;
    return rc;
}
