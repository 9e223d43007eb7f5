/* firstrun.c -- the first run's parts from firstrun.csv: per process its
 * timeline, per workload and copy kind the parts as paired differences, the
 * chart's data and the report's section (see firstrun.h). */
#include "report/firstrun.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/stats.h"
#include "report/csvread.h"
#include "report/summary.h"

/* One process of firstrun.csv. */
typedef struct frProc {
    char *workload, *variant, *copy, *proc, *params;
    const char *start_phase;        /* static string, NULL when no such row */
    double exec, main_first, first; /* NAN until their row is read */
    summaryVec steady;              /* the first series' steady calls */
} frProc;

typedef struct frProcs {
    frProc *p;
    size_t n;
} frProcs;

static const char *const firstrunNames[FIRSTRUN_ALL] = {
    "copy kind (page cache, new file)", "dynamic linking", "OpenBLAS thread pool",
    "first touch of the work buffers", "of dynamic linking: lazy binding"};
static const char *const firstrunHows[FIRSTRUN_ALL] = {
    "total(base, kind) - total(base, same)", "total(base) - total(static)",
    "total(pool of W) - total(pool of 1)", "first call(base) - first call(--prefault)",
    "total(lazy) - total(LD_BIND_NOW=1); not added: within dynamic linking"};

const char *firstrunPartName(firstrunPartId p) { return p < FIRSTRUN_ALL ? firstrunNames[p] : "?"; }
const char *firstrunPartHow(firstrunPartId p) { return p < FIRSTRUN_ALL ? firstrunHows[p] : "?"; }

static void frProcsFree(frProcs *ps) {
    for (size_t i = 0; i < ps->n; i++) {
        frProc *p = &ps->p[i];
        free(p->workload), free(p->variant), free(p->copy), free(p->proc), free(p->params);
        free(p->steady.x);
    }
    free(ps->p);
    memset(ps, 0, sizeof(*ps));
}

static frProc *frProcFind(const frProcs *ps, const char *w, const char *v, const char *c,
                          const char *proc) {
    for (size_t i = 0; i < ps->n; i++) {
        const frProc *p = &ps->p[i];
        if (!strcmp(p->workload, w) && !strcmp(p->variant, v) && !strcmp(p->copy, c) &&
            (!proc || !strcmp(p->proc, proc)))
            return &ps->p[i];
    }
    return NULL;
}

static frProc *frProcFor(frProcs *ps, const char *w, const char *v, const char *c,
                         const char *proc) {
    frProc *p = frProcFind(ps, w, v, c, proc);
    if (p) return p;
    frProc *np = realloc(ps->p, (ps->n + 1) * sizeof(*np));
    if (!np) return NULL;
    ps->p = np;
    p = &ps->p[ps->n];
    *p = (frProc){strdup(w), strdup(v), strdup(c), strdup(proc), NULL,
                  NULL,      NAN,       NAN,       NAN,          {NULL, 0, 0}};
    if (!p->workload || !p->variant || !p->copy || !p->proc) {
        free(p->workload), free(p->variant), free(p->copy), free(p->proc);
        return NULL;
    }
    ps->n++;
    return p;
}

enum { COL_WORKLOAD, COL_PARAMS, COL_PHASE, COL_MS, COL_VARIANT, COL_COPY, COL_PROC, COL_N };
static const char *const frCols[COL_N] = {"workload", "params", "phase", "ms",
                                          "variant",  "copy",   "proc"};

/* One data row into its process. 0, -1 with err set. */
static int frRow(frProcs *ps, char **f, const size_t *col, const char *path, size_t line, char *err,
                 size_t errlen) {
    char *end;
    errno = 0;
    double ms = strtod(f[col[COL_MS]], &end);
    if (!f[col[COL_MS]][0] || *end || errno || !isfinite(ms)) {
        snprintf(err, errlen, "%s:%zu: ms '%.40s' is not a number", path, line, f[col[COL_MS]]);
        return -1;
    }
    frProc *p = frProcFor(ps, f[col[COL_WORKLOAD]], f[col[COL_VARIANT]], f[col[COL_COPY]],
                          f[col[COL_PROC]]);
    if (!p) goto oom;
    const char *phase = f[col[COL_PHASE]], *params = f[col[COL_PARAMS]];
    if (!strcmp(phase, "exec_to_main") || !strcmp(phase, "start_to_main")) {
        p->exec = ms;
        p->start_phase = phase[0] == 'e' ? "exec_to_main" : "start_to_main";
    } else if (!strcmp(phase, "main_to_first")) {
        p->main_first = ms;
    } else if (!strcmp(phase, "first") && !p->params) {
        /* the process's first series (ising_trg: its first beta) */
        p->first = ms;
        if (!(p->params = strdup(params))) goto oom;
    } else if (!strcmp(phase, "steady") && p->params && !strcmp(p->params, params)) {
        if (summaryVecPush(&p->steady, ms) != 0) goto oom;
    }
    return 0;
oom:
    snprintf(err, errlen, "%s:%zu: out of memory", path, line);
    return -1;
}

static int frRead(frProcs *ps, const char *path, char *err, size_t errlen) {
    csvReader *r = csvReaderOpen(path, err, errlen);
    if (!r) return -1;
    char **f;
    size_t nf, ncols = 0, col[COL_N];
    int rc, header = 1;
    while ((rc = csvReaderNext(r, &f, &nf, err, errlen)) > 0) {
        size_t line = csvReaderLine(r);
        if (header) {
            for (int k = 0; k < COL_N; k++) {
                col[k] = nf;
                for (size_t i = 0; i < nf; i++)
                    if (!strcmp(f[i], frCols[k])) col[k] = i;
                if (col[k] == nf) {
                    snprintf(err, errlen,
                             "%s:%zu: no column '%s' (firstrun.csv is written by "
                             "harness/firstrun.sh)",
                             path, line, frCols[k]);
                    rc = -1;
                    goto out;
                }
            }
            ncols = nf;
            header = 0;
            continue;
        }
        if (nf != ncols) {
            snprintf(err, errlen, "%s:%zu: %zu fields, the header has %zu", path, line, nf, ncols);
            rc = -1;
            goto out;
        }
        if ((rc = frRow(ps, f, col, path, line, err, errlen)) != 0) goto out;
    }
out:
    csvReaderClose(r);
    return rc < 0 ? -1 : 0;
}

static double frTotal(const frProc *p) { return p->exec + p->main_first; }

static double frSteady(const frProc *p) {
    statsSummary s;
    return statsOf(p->steady.x, p->steady.n, &s) == 0 ? s.median : NAN;
}

static double frFirst(const frProc *p) { return p->first; }
static double frExec(const frProc *p) { return p->exec; }
static double frMainFirst(const frProc *p) { return p->main_first; }

static void frSpreadOf(double *x, size_t n, firstrunSpread *s) {
    statsSummary st;
    if (statsOf(x, n, &st) != 0) {
        *s = (firstrunSpread){NAN, NAN, NAN, 0};
        return;
    }
    *s = (firstrunSpread){st.median, st.min, st.max, n};
}

/* Over the processes of (w, variant, copy): metric's median and spread. */
static int frOver(const frProcs *ps, const char *w, const char *v, const char *c,
                  double (*metric)(const frProc *), firstrunSpread *out) {
    double *x = malloc((ps->n ? ps->n : 1) * sizeof(double));
    size_t n = 0;
    if (!x) return -1;
    for (size_t i = 0; i < ps->n; i++) {
        const frProc *p = &ps->p[i];
        if (strcmp(p->workload, w) || strcmp(p->variant, v) || strcmp(p->copy, c)) continue;
        double m = metric(p);
        if (!isnan(m)) x[n++] = m;
    }
    frSpreadOf(x, n, out);
    free(x);
    return 0;
}

/* Paired differences metric(a) - metric(b), a = (w, va, ca, proc), b = (w, vb,
 * cb, the same proc), over every proc of a that b has too. */
static int frPairs(const frProcs *ps, const char *w, const char *va, const char *ca, const char *vb,
                   const char *cb, double (*metric)(const frProc *), firstrunSpread *out) {
    double *x = malloc((ps->n ? ps->n : 1) * sizeof(double));
    size_t n = 0;
    if (!x) return -1;
    for (size_t i = 0; i < ps->n; i++) {
        const frProc *a = &ps->p[i];
        if (strcmp(a->workload, w) || strcmp(a->variant, va) || strcmp(a->copy, ca)) continue;
        const frProc *b = frProcFind(ps, w, vb, cb, a->proc);
        if (!b) continue;
        double d = metric(a) - metric(b);
        if (!isnan(d)) x[n++] = d;
    }
    frSpreadOf(x, n, out);
    free(x);
    return 0;
}

static int frCellCompute(const frProcs *ps, firstrunCell *c) {
    const char *w = c->workload, *k = c->kind;
    int rc = frOver(ps, w, "base", k, frExec, &c->exec_main) |
             frOver(ps, w, "base", k, frMainFirst, &c->main_first) |
             frOver(ps, w, "base", k, frFirst, &c->first) |
             frOver(ps, w, "base", k, frSteady, &c->steady) |
             frOver(ps, w, "base", k, frTotal, &c->total);
    c->start_phase = NULL;
    for (size_t i = 0; i < ps->n; i++) {
        const frProc *p = &ps->p[i];
        if (strcmp(p->workload, w) || strcmp(p->variant, "base") || strcmp(p->copy, k) ||
            !p->start_phase)
            continue;
        if (!c->start_phase) c->start_phase = p->start_phase;
        else if (strcmp(c->start_phase, p->start_phase)) c->start_phase = "mixed";
    }
    if (strcmp(k, "same"))
        rc |= frPairs(ps, w, "base", k, "base", "same", frTotal, &c->part[FIRSTRUN_COPY]);
    else c->part[FIRSTRUN_COPY] = (firstrunSpread){NAN, NAN, NAN, 0};
    rc |= frPairs(ps, w, "base", "same", "static", "same", frTotal, &c->part[FIRSTRUN_DYNLINK]);
    rc |= frPairs(ps, w, "base", "same", "pool1", "same", frTotal, &c->part[FIRSTRUN_POOL]);
    rc |= frPairs(ps, w, "base", "same", "prefault", "same", frFirst, &c->part[FIRSTRUN_TOUCH]);
    rc |= frPairs(ps, w, "base", "same", "bindnow", "same", frTotal, &c->part[FIRSTRUN_LAZY]);
    c->extra = c->total.median - c->steady.median;
    c->remainder = c->extra;
    for (int p = 0; p < FIRSTRUN_PARTS; p++)
        if (c->part[p].n) c->remainder -= c->part[p].median;
    return rc ? -1 : 0;
}

/* Copy kinds in the order the page shows them; others after, as found. */
static int frKindRank(const char *k) {
    static const char *const order[] = {"same", "fresh", "evicted", "dropcache"};
    for (int i = 0; i < 4; i++)
        if (!strcmp(k, order[i])) return i;
    return 4;
}

static int frCellCmp(const void *a, const void *b) {
    const firstrunCell *x = a, *y = b;
    int d = strcmp(x->workload, y->workload);
    if (d) return d;
    d = frKindRank(x->kind) - frKindRank(y->kind);
    return d ? d : strcmp(x->kind, y->kind);
}

void firstrunFree(firstrun *fr) {
    for (size_t i = 0; i < fr->n; i++) free(fr->c[i].workload), free(fr->c[i].kind);
    free(fr->c);
    memset(fr, 0, sizeof(*fr));
}

int firstrunLoad(firstrun *fr, const char *path, char *err, size_t errlen) {
    memset(fr, 0, sizeof(*fr));
    if (access(path, F_OK) != 0 && errno == ENOENT) return 0;
    frProcs ps = {0};
    if (frRead(&ps, path, err, errlen) != 0) goto err;
    fr->procs = ps.n;
    /* a cell per (workload, kind) that has base processes */
    for (size_t i = 0; i < ps.n; i++) {
        const frProc *p = &ps.p[i];
        if (strcmp(p->variant, "base")) continue;
        size_t j = 0;
        while (j < fr->n &&
               (strcmp(fr->c[j].workload, p->workload) || strcmp(fr->c[j].kind, p->copy)))
            j++;
        if (j < fr->n) continue;
        firstrunCell *c = realloc(fr->c, (fr->n + 1) * sizeof(*c));
        if (!c) goto oom;
        fr->c = c;
        c = &fr->c[fr->n];
        memset(c, 0, sizeof(*c));
        c->workload = strdup(p->workload);
        c->kind = strdup(p->copy);
        fr->n++;
        if (!c->workload || !c->kind || frCellCompute(&ps, c) != 0) goto oom;
    }
    if (fr->n > 1) qsort(fr->c, fr->n, sizeof(*fr->c), frCellCmp);
    frProcsFree(&ps);
    return 0;
oom:
    snprintf(err, errlen, "%s: out of memory", path);
err:
    frProcsFree(&ps);
    firstrunFree(fr);
    return -1;
}

/* --- the chart's data -------------------------------------------------------------------- */

/* Segments bottom up: the work itself, the parts that add up, the remainder. */
#define FR_SEGMENTS (FIRSTRUN_PARTS + 2)

static double frSegment(const firstrunCell *c, int s) {
    if (s == 0) return c->steady.median;
    if (s <= FIRSTRUN_PARTS) return c->part[s - 1].n ? c->part[s - 1].median : 0;
    return c->remainder;
}

int firstrunWriteDat(const firstrun *fr, FILE *f) {
    fprintf(f, "# firstrun.dat -- written by coldload-summarize from firstrun.csv\n"
               "# idx label total_ms, then lo hi (ms) of each segment stacked from 0 (negative "
               "ones below it):\n# steady");
    for (int p = 0; p < FIRSTRUN_PARTS; p++) fprintf(f, " part%d", p);
    fputs(" remainder\n", f);
    for (size_t i = 0; i < fr->n; i++) {
        const firstrunCell *c = &fr->c[i];
        double up = 0, down = 0;
        char label[160];
        snprintf(label, sizeof label, "%s/%s", c->workload, c->kind);
        for (char *q = label; *q; q++)
            if (*q == '"' || *q == ' ' || *q == '\t') *q = '_';
        fprintf(f, "%zu \"%s\" %.6g", i, label, c->total.median);
        for (int s = 0; s < FR_SEGMENTS; s++) {
            double v = frSegment(c, s);
            if (isnan(v)) v = 0;
            double *at = v >= 0 ? &up : &down;
            fprintf(f, " %.6g %.6g", *at, *at + v);
            *at += v;
        }
        fputc('\n', f);
    }
    return ferror(f) ? -1 : 0;
}

int firstrunChart(const char *results_dir, const char *plots_dir, size_t *cells, char *err,
                  size_t errlen) {
    char path[4096];
    firstrun fr;
    *cells = 0;
    snprintf(path, sizeof path, "%s/firstrun.csv", results_dir);
    if (firstrunLoad(&fr, path, err, errlen) != 0) return -1;
    snprintf(path, sizeof path, "%s/firstrun.dat", plots_dir);
    int rc = 0;
    if (fr.n == 0) {
        unlink(path); /* a stale chart of rows that are gone would mislead */
    } else {
        FILE *f = fopen(path, "w");
        if (!f || firstrunWriteDat(&fr, f) != 0) rc = -1;
        if (f && fclose(f) != 0) rc = -1;
        if (rc) snprintf(err, errlen, "%s: write failed", path);
    }
    *cells = fr.n;
    firstrunFree(&fr);
    return rc;
}

/* --- the report's section ---------------------------------------------------------------- */

static const char frWhy[] =
    "Each part is the measured difference between processes that differ in one thing (pairs: "
    "the processes of one round), its median and its spread (min..max) over the pairs; the "
    "copy kind's own part against the warm binary, the other parts on the warm binary. A "
    "process's total runs from the exec (coldload-exec's clock just before execve) to its "
    "first result; the extra is the total minus the steady call. The remainder is the extra "
    "minus the parts measured: what none of them explains, not a measurement of its own.";

static void frMs(char *buf, size_t len, double v) {
    if (isnan(v)) snprintf(buf, len, "-");
    else snprintf(buf, len, "%.3f", v);
}

static void frRange(char *buf, size_t len, const firstrunSpread *s, const char *what) {
    if (!s->n) snprintf(buf, len, "not measured");
    else snprintf(buf, len, "%.3f .. %.3f (%zu %s)", s->min, s->max, s->n, what);
}

/* One table row: cells name, how, median, spread. */
static void frTableRow(FILE *f, int html, void (*text)(FILE *, const char *), const char *name,
                       const char *how, const char *med, const char *spread) {
    const char *cells[4] = {name, how, med, spread};
    fputs(html ? "<tr>" : "|", f);
    for (int j = 0; j < 4; j++) {
        fputs(html ? "<td>" : " ", f);
        text(f, cells[j]);
        fputs(html ? "</td>" : " |", f);
    }
    fputs(html ? "</tr>\n" : "\n", f);
}

static void frSpreadRow(FILE *f, int html, void (*text)(FILE *, const char *), const char *name,
                        const char *how, const firstrunSpread *s, const char *what) {
    char med[32], spread[96];
    frMs(med, sizeof med, s->n ? s->median : NAN);
    frRange(spread, sizeof spread, s, what);
    frTableRow(f, html, text, name, how, med, spread);
}

static void frCellTable(const firstrunCell *c, int html, FILE *f,
                        void (*text)(FILE *, const char *)) {
    char cap[256], med[32];
    snprintf(cap, sizeof cap,
             "%s, %s: %.3f ms from exec to the first result, %.3f ms of it "
             "beyond the steady call (%zu processes)",
             c->workload, c->kind, c->total.median, c->extra, c->total.n);
    if (html) {
        fputs("<p><b>", f);
        text(f, cap);
        fputs("</b></p>\n<table class=\"firstrun\">\n<tr><th>part</th><th>measured as</th>"
              "<th>median ms</th><th>spread ms</th></tr>\n",
              f);
    } else {
        fputs("**", f);
        text(f, cap);
        fputs("**\n\n| part | measured as | median ms | spread ms |\n|---|---|---:|---:|\n", f);
    }
    const char *start = c->start_phase && !strcmp(c->start_phase, "start_to_main")
                            ? "/proc/self/stat starttime (the fork, 10 ms ticks) to the constructor"
                            : "coldload-exec's clock before execve to the constructor";
    frSpreadRow(f, html, text, "total: exec -> first result", "exec -> main + main -> first result",
                &c->total, "processes");
    frSpreadRow(f, html, text, "of the total: exec -> main", start, &c->exec_main, "processes");
    frSpreadRow(f, html, text, "of the total: main -> first result",
                "constructor to the first call's end", &c->main_first, "processes");
    frSpreadRow(f, html, text, "of main -> first result: the first call", "its own clock",
                &c->first, "processes");
    frSpreadRow(f, html, text, "the steady call (the work itself)",
                "median of each process's steady calls", &c->steady, "processes");
    frMs(med, sizeof med, c->extra);
    frTableRow(f, html, text, "extra: total - steady", "the first run's extra milliseconds", med,
               "");
    for (int p = 0; p < FIRSTRUN_ALL; p++) {
        if (p == FIRSTRUN_COPY && !strcmp(c->kind, "same")) continue;
        frSpreadRow(f, html, text, firstrunPartName(p), firstrunPartHow(p), &c->part[p], "pairs");
    }
    frMs(med, sizeof med, c->remainder);
    frTableRow(f, html, text, "remainder",
               "extra - the parts measured above (lazy binding not "
               "counted twice)",
               med, "");
    fputs(html ? "</table>\n" : "\n", f);
}

void firstrunSection(const char *results_dir, int html, FILE *f,
                     void (*text)(FILE *f, const char *s)) {
    if (!results_dir) return;
    char path[4096], err[512];
    firstrun fr;
    snprintf(path, sizeof path, "%s/firstrun.csv", results_dir);
    int rc = firstrunLoad(&fr, path, err, sizeof err);
    if (rc == 0 && fr.n == 0) return;
    fputs(html ? "<section id=\"firstrun\">\n<h2>Where the first run's milliseconds go</h2>\n<p>"
               : "## Where the first run's milliseconds go\n\n",
          f);
    if (rc != 0) {
        text(f, err);
        fputs(html ? "</p>\n</section>\n" : "\n\n", f);
        return;
    }
    text(f, frWhy);
    fputs(html ? "</p>\n" : "\n\n", f);
    if (html)
        fputs("<figure id=\"chart-firstrun\">\n<img src=\"plots/firstrun.svg\" alt=\"Where the "
              "first run's milliseconds go\">\n<figcaption><b>Where the first run's milliseconds "
              "go.</b> One bar per workload and copy kind, from exec to the first result: the "
              "steady call at the bottom, each part above it, the remainder on top (a negative "
              "part or remainder below zero). <a href=\"plots/firstrun.png\">PNG</a>, "
              "<a href=\"plots/firstrun.dat\">data</a>.</figcaption>\n</figure>\n",
              f);
    else fputs("![Where the first run's milliseconds go](plots/firstrun.png)\n\n", f);
    for (size_t i = 0; i < fr.n; i++) frCellTable(&fr.c[i], html, f, text);
    if (html) fputs("</section>\n", f);
    firstrunFree(&fr);
}
