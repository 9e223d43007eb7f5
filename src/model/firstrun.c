/* firstrun.c -- the first run's parts from firstrun.csv: per process its
 * timeline, per workload and copy kind the parts as paired differences (see
 * firstrun.h). Their chart data and the report's section are documents, in
 * doc/firstrundoc.c. */
#include "model/firstrun.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/stats.h"
#include "model/csvread.h"
#include "model/summary.h"

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

static const char *const firstrunVariants[FIRSTRUN_ALL] = {"base", "static", "pool1", "prefault",
                                                           "bindnow"};

const char *firstrunPartVariant(firstrunPartId p) {
    return p < FIRSTRUN_ALL ? firstrunVariants[p] : "?";
}

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
    struct stat st; /* lstat: a link is present (and refused by the reader) */
    if (lstat(path, &st) != 0 && errno == ENOENT) return 0;
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
