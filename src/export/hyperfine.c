/* hyperfine.c -- hyperfine.json: a results directory's cells as hyperfine's
 * JSON export (see hyperfine.h and docs/json.md#hyperfinejson). Built with
 * jansson through export/json's helpers, written as results.json is. */
#include "export/hyperfine.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/stats.h"
#include "export/export.h"
#include "export/jobs.h"
#include "export/json.h"

/* Where a cell's times come from (hyperfine.h). */
typedef enum {
    HYPERFINE_NONE,
    HYPERFINE_WHOLE_HF,   /* whole.csv's hyperfine rows */
    HYPERFINE_PROCS,      /* each process's median steady call */
    HYPERFINE_WHOLE_TIME, /* whole.csv's other rows (GNU time, coldload-run) */
} hyperfineSource;

static hyperfineSource hyperfineSourceOf(const summaryGroup *g) {
    if (g->v_whole_hf.n) return HYPERFINE_WHOLE_HF;
    for (size_t i = 0; i < g->nproc; i++)
        if (!isnan(g->proc[i].median_ms)) return HYPERFINE_PROCS;
    return g->v_whole_time.n ? HYPERFINE_WHOLE_TIME : HYPERFINE_NONE;
}

static int hyperfineIsThreads(const summaryGroup *g) {
    return g->harness && strcmp(g->harness, "threads") == 0;
}

/* Which parts of the key differ between the cells written: a command names
 * its cell by those (the workload and params are in it already). */
typedef struct hyperfineVary {
    int width, wait, load, stressors, copy;
} hyperfineVary;

static void hyperfineVaryOf(const hyperfineInput *in, size_t n, hyperfineVary *v) {
    const summaryGroup *first = NULL, *loaded = NULL;
    *v = (hyperfineVary){0};
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < in[i].s->n; j++) {
            const summaryGroup *g = &in[i].s->g[j];
            if (hyperfineSourceOf(g) == HYPERFINE_NONE) continue;
            if (!first) first = g;
            v->width |= g->key.width != first->key.width;
            v->wait |= strcmp(g->key.wait, first->key.wait) != 0;
            v->load |= !summaryKeySame(&g->key, &first->key, SUMMARY_K_CONDITION | SUMMARY_K_LOAD);
            v->copy |= strcmp(g->key.copy, first->key.copy) != 0;
            if (summaryIsIdle(g)) continue;
            if (!loaded) loaded = g;
            v->stressors |= strcmp(g->key.stressors, loaded->key.stressors) != 0;
        }
}

/* A cell of cold.sh --binary's program: named by its file's name (an older
 * directory: no name at all), never one of coldload's workloads. */
static int hyperfineIsColdBinary(const metaTable *m, const char *workload) {
    const char *bin = metaGet(m, "cold_binary");
    if (!workload[0]) return 1;
    if (!bin || !*bin) return 0;
    const char *base = strrchr(bin, '/');
    return !strcmp(workload, base ? base + 1 : bin);
}

/* "PROG ARGS [label, width 2, pinned]": the program and its arguments as
 * the cell ran them, and what names the cell. NULL when out of memory. */
static char *hyperfineCommand(const hyperfineInput *in, const summaryGroup *g,
                              const hyperfineVary *v) {
    const summaryKey *k = &g->key;
    const char *prog = k->workload, *args = k->params, *bin = NULL;
    if (hyperfineIsThreads(g)) bin = in->meta ? metaGet(in->meta, "threads_binary") : NULL;
    else if (in->meta && hyperfineIsColdBinary(in->meta, k->workload)) {
        bin = metaGet(in->meta, "cold_binary"); /* a cold job's program */
        args = metaGet(in->meta, "cold_args");
    }
    if (bin && *bin) prog = bin;
    if (!prog[0]) prog = "program";
    char *out = NULL;
    size_t len = 0, parts = 0;
    FILE *f = open_memstream(&out, &len);
    if (!f) return NULL;
    fputs(prog, f);
    if (args && *args) fputc(' ', f);
    /* ARGS with {width}: each cell's width in its place, as it ran */
    const char *w = strstr(args ? args : "", "{width}");
    for (const char *a = args ? args : ""; *a;) {
        const char *at = strstr(a, "{width}");
        if (!at || k->width <= 0) {
            fputs(a, f);
            break;
        }
        fprintf(f, "%.*s%d", (int)(at - a), a, k->width);
        a = at + strlen("{width}");
    }
#define PART(...) (fputs(parts++ ? ", " : " [", f), fprintf(f, __VA_ARGS__))
    if (in->label) PART("%s", in->label);
    if (v->width && !w) {
        if (k->width > 0) PART("width %d", k->width);
        else if (summaryIsDefaultWidth(g)) PART("default width");
    }
    if (v->wait && k->wait[0]) PART("wait %s", k->wait);
    if (v->load) PART("%s", summaryIsIdle(g) ? "idle" : k->load[0] ? k->load : "loaded");
    if (v->stressors && !summaryIsIdle(g)) PART("S=%s", k->stressors);
    if (v->copy) PART("%s", k->copy);
#undef PART
    if (parts) fputc(']', f);
    if (fclose(f) != 0) {
        free(out);
        return NULL;
    }
    return out;
}

/* The mean of v's values / 1000 (ms to s), null without one. */
static json_t *hyperfineMeanS(const summaryVec *v) {
    double sum = 0;
    for (size_t i = 0; i < v->n; i++) sum += v->x[i];
    return v->n ? json_real(sum / (double)v->n / 1000) : json_null();
}

/* user and system: the mean CPU time of the runs timed, when they have one. */
static void hyperfineCpu(const summary *s, const summaryGroup *g, hyperfineSource src, json_t *o,
                         int *bad) {
    const summaryVec *user = NULL, *sys = NULL;
    if (src != HYPERFINE_PROCS) {
        int hf = src == HYPERFINE_WHOLE_HF;
        user = &g->v_whole_user[hf], sys = &g->v_whole_sys[hf];
    } else { /* a run's figures (coldload-run's runs.csv): a threads job's runs */
        user = summaryRunFigValues(s, g, RUNFIG_USER_MS);
        sys = summaryRunFigValues(s, g, RUNFIG_SYS_MS);
    }
    jsonSet(o, "user", user ? hyperfineMeanS(user) : json_null(), bad);
    jsonSet(o, "system", sys ? hyperfineMeanS(sys) : json_null(), bad);
}

/* mean, stddev (n - 1; null for one run, as hyperfine's), median, then
 * user and system (hyperfineCpu), then min and max of t[0..n) seconds: in
 * the order of hyperfine's own export. */
static void hyperfineStats(const summary *s, const summaryGroup *g, hyperfineSource src,
                           const double *t, size_t n, json_t *o, int *bad) {
    statsSummary st;
    double mean = 0, ss = 0;
    for (size_t i = 0; i < n; i++) mean += t[i];
    mean /= (double)n;
    for (size_t i = 0; i < n; i++) ss += (t[i] - mean) * (t[i] - mean);
    statsOf(t, n, &st);
    jsonSet(o, "mean", jsonNum(mean), bad);
    jsonSet(o, "stddev", n > 1 ? jsonNum(sqrt(ss / (double)(n - 1))) : json_null(), bad);
    jsonSet(o, "median", jsonNum(st.median), bad);
    hyperfineCpu(s, g, src, o, bad);
    jsonSet(o, "min", jsonNum(st.min), bad);
    jsonSet(o, "max", jsonNum(st.max), bad);
}

/* One cell's result; NULL when it has no time (nothing is added). */
static json_t *hyperfineResult(const hyperfineInput *in, const summaryGroup *g,
                               const hyperfineVary *v, int *bad) {
    hyperfineSource src = hyperfineSourceOf(g);
    if (src == HYPERFINE_NONE) return NULL;
    const summaryVec *whole = src == HYPERFINE_WHOLE_HF ? &g->v_whole_hf : &g->v_whole_time;
    size_t cap = src == HYPERFINE_PROCS ? g->nproc : whole->n, n = 0;
    double *t = malloc(cap * sizeof *t);
    int *cens = calloc(cap, sizeof *cens);
    json_t *o = json_object(), *times = json_array(), *codes = json_array(),
           *censored = json_array(), *params = json_object();
    char *cmd = hyperfineCommand(in, g, v);
    if (!t || !cens || !o || !times || !codes || !censored || !params || !cmd) {
        *bad = 1;
        goto out;
    }
    if (src == HYPERFINE_PROCS) {
        for (size_t i = 0; i < g->nproc; i++)
            if (!isnan(g->proc[i].median_ms)) {
                cens[n] = g->proc[i].median_bound;
                t[n++] = g->proc[i].median_ms / 1000;
            }
    } else
        for (size_t i = 0; i < whole->n; i++) t[n++] = whole->x[i] / 1000;
    jsonSet(o, "command", jsonText(cmd), bad);
    hyperfineStats(in->s, g, src, t, n, o, bad);
    for (size_t i = 0; i < n; i++) {
        /* a run stopped before it ended was ended by a signal: no exit code */
        if (json_array_append_new(times, json_real(t[i])) ||
            json_array_append_new(codes, cens[i] ? json_null() : json_integer(0)) ||
            json_array_append_new(censored, json_integer(cens[i])))
            *bad = 1;
    }
    jsonSet(o, "times", times, bad);
    jsonSet(o, "exit_codes", codes, bad);
    /* hyperfine's parameter, as --parameter-scan writes one: its readers
     * (plot_parametrized.py) take exactly one, a number, the same name in
     * every result -- the width. A cell where none was set (a threads job's
     * default cell, a program that takes no width, an A/B job's commands)
     * has no parameter at all, as hyperfine writes a command it did not
     * scan: a width of 0 would read as zero threads. The cell's parts in
     * words are coldload_parameters. */
    char width[24];
    snprintf(width, sizeof width, "%d", g->key.width > 0 ? g->key.width : 0);
    if (g->key.width > 0) {
        jsonSet(params, "width", jsonText(width), bad);
        jsonSet(o, "parameters", params, bad);
    } else json_decref(params);
    json_t *cell = json_object();
    if (!cell) *bad = 1;
    if (g->key.width > 0 || summaryIsDefaultWidth(g))
        jsonSet(cell, "width", jsonText(g->key.width > 0 ? width : "default"), bad);
    jsonSet(cell, "load", jsonText(g->key.load[0] ? g->key.load : "loaded"), bad);
    jsonSet(cell, "copy", jsonText(g->key.copy), bad);
    static const char *const what[] = {
        [HYPERFINE_WHOLE_HF] = "whole process (hyperfine)",
        [HYPERFINE_PROCS] = "median steady call of each process",
        [HYPERFINE_WHOLE_TIME] = "whole process",
    };
    jsonSet(o, "coldload_time",
            jsonText(src == HYPERFINE_PROCS && hyperfineIsThreads(g) ? "whole run (coldload-run)"
                                                                     : what[src]),
            bad);
    jsonSet(o, "coldload_censored", censored, bad);
    jsonSet(o, "coldload_failed",
            json_integer((json_int_t)(src == HYPERFINE_PROCS ? 0 : g->whole_failed)), bad);
    jsonSet(o, "coldload_parameters", cell, bad);
    jsonSet(o, "coldload_key", jsonKey(g, SUMMARY_K_ALL, bad), bad);
    if (in->label) jsonSet(o, "coldload_input", jsonText(in->label), bad);
    times = codes = censored = params = NULL; /* o holds them */
out:
    json_decref(times);
    json_decref(codes);
    json_decref(censored);
    json_decref(params);
    free(t);
    free(cens);
    free(cmd);
    if (*bad) {
        json_decref(o);
        return NULL;
    }
    return o;
}

/* 1 for a cell the job leaves out of hyperfine.json (its row of
 * export/jobs.h: an A/B job's A/A arm). */
static int hyperfineLeftOut(const hyperfineInput *in, const summaryGroup *g) {
    const jobRow *job = jobOf(in->meta);
    return job->hyperfineLeavesOut && job->hyperfineLeavesOut(g);
}

int hyperfineWrite(const char *path, const hyperfineInput *in, size_t n, char *err, size_t errlen) {
    int bad = 0;
    json_t *doc = json_object(), *results = json_array();
    hyperfineVary v;
    hyperfineVaryOf(in, n, &v);
    for (size_t i = 0; results && i < n && !bad; i++)
        for (size_t j = 0; j < in[i].s->n && !bad; j++) {
            if (hyperfineLeftOut(&in[i], &in[i].s->g[j])) continue;
            json_t *r = hyperfineResult(&in[i], &in[i].s->g[j], &v, &bad);
            if (r && json_array_append_new(results, r) != 0) bad = 1;
        }
    jsonSet(doc, "results", results, &bad);
    int rc = -1;
    if (bad) snprintf(err, errlen, "%s: out of memory", path);
    else rc = jsonWriteDoc(path, doc, JSON_INDENT(2) | JSON_REAL_PRECISION(12), err, errlen);
    json_decref(doc);
    return rc;
}

/* hyperfine.json's exportFn: in->hf's directories, in order. */
int exportHyperfine(const exportInput *in, const char *path, char *err, size_t errlen) {
    return hyperfineWrite(path, in->hf, in->nhf, err, errlen);
}
