/* summary.c -- reads samples.csv and whole.csv by column name into groups and
 * computes each group's statistics (see summary.h).
 *
 * Everything that comes from a file is checked before it is used: a results
 * directory may be hand-edited, truncated by a killed run, or simply wrong,
 * and the summary must then say where, not crash or average garbage. */
#include "model/summary.h"

#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/csvfield.h"
#include "common/num.h"
#include "common/stats.h"
#include "model/csvread.h"

/* --- small helpers ----------------------------------------------------------- */

int summaryVecPush(summaryVec *v, double x) {
    if (v->n == v->cap) {
        size_t cap = v->cap ? v->cap * 2 : 16;
        double *p = realloc(v->x, cap * sizeof(double));
        if (!p) return -1;
        v->x = p;
        v->cap = cap;
    }
    v->x[v->n++] = x;
    return 0;
}

static statsSummary summaryStatsOf(const summaryVec *v) {
    statsSummary st = {0, NAN, NAN, NAN};
    if (statsOf(v->x, v->n, &st) != 0) st = (statsSummary){0, NAN, NAN, NAN};
    return st;
}

/* A whole decimal number, finite (common/num.h decides what is one). */
static int summaryParseDouble(const char *s, double *out) {
    return numDouble(s, -DBL_MAX, DBL_MAX, out);
}

static int summaryParseLong(const char *s, long lo, long hi, long *out) {
    return numLong(s, lo, hi, out);
}

static int summaryParseHex64(const char *s, uint64_t *out) {
    size_t n = strlen(s);
    if (n == 0 || n > 16) return -1;
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        int c = (unsigned char)s[i], d;
        if (c >= '0' && c <= '9') d = c - '0';
        else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
        else return -1;
        v = v << 4 | (uint64_t)d;
    }
    *out = v;
    return 0;
}

/* --- columns by name ------------------------------------------------------------ */

typedef struct summaryCol {
    const char *name;
    int required;
    long idx; /* -1 when absent */
} summaryCol;

/* Maps each wanted column to its index in the header; rejects a header with an
 * empty or repeated name (a column read by name must be unambiguous). */
static int summaryMapHeader(char **f, size_t nf, summaryCol *cols, size_t ncols, const char *path,
                            char *err, size_t errlen) {
    for (size_t i = 0; i < nf; i++) {
        if (!f[i][0]) {
            snprintf(err, errlen, "%s:1: column %zu of the header has no name", path, i + 1);
            return -1;
        }
        for (size_t j = 0; j < i; j++)
            if (strcmp(f[i], f[j]) == 0) {
                snprintf(err, errlen, "%s:1: column '%.64s' appears twice in the header", path,
                         f[i]);
                return -1;
            }
    }
    for (size_t c = 0; c < ncols; c++) {
        cols[c].idx = -1;
        for (size_t i = 0; i < nf; i++)
            if (strcmp(f[i], cols[c].name) == 0) cols[c].idx = (long)i;
        if (cols[c].idx < 0 && cols[c].required) {
            snprintf(err, errlen, "%s:1: the header has no column '%s'", path, cols[c].name);
            return -1;
        }
    }
    return 0;
}

static const char *summaryField(char **f, const summaryCol *c) {
    return c->idx >= 0 ? f[c->idx] : "";
}

/* The reader both files share: the header, then rows with exactly its field
 * count, each handed to `row`. */
typedef int (*summaryRowFn)(summary *s, char **f, const summaryCol *cols, const char *where,
                            char *err, size_t errlen);

static int summaryReadFile(summary *s, const char *path, summaryCol *cols, size_t ncols,
                           summaryRowFn row, char *err, size_t errlen) {
    char rerr[SUMMARY_ERR_MAX];
    csvReader *r = csvReaderOpen(path, rerr, sizeof rerr);
    if (!r) {
        snprintf(err, errlen, "%s", rerr);
        return -1;
    }
    char **f;
    size_t nf, header_nf = 0;
    int rc = csvReaderNext(r, &f, &nf, rerr, sizeof rerr), ret = -1;
    if (rc == 0) {
        snprintf(err, errlen, "%s:1: empty file (no header)", path);
        goto out;
    }
    if (rc < 0) {
        snprintf(err, errlen, "%s", rerr);
        goto out;
    }
    if (summaryMapHeader(f, nf, cols, ncols, path, err, errlen) != 0) goto out;
    header_nf = nf;
    while ((rc = csvReaderNext(r, &f, &nf, rerr, sizeof rerr)) > 0) {
        char where[SUMMARY_ERR_MAX / 2];
        snprintf(where, sizeof where, "%s:%zu", path, csvReaderLine(r));
        if (nf != header_nf) {
            snprintf(err, errlen, "%s: %zu fields, the header has %zu", where, nf, header_nf);
            goto out;
        }
        if (row(s, f, cols, where, err, errlen) != 0) goto out;
    }
    if (rc < 0) {
        snprintf(err, errlen, "%s", rerr);
        goto out;
    }
    ret = 0;
out:
    csvReaderClose(r);
    return ret;
}

/* --- groups ----------------------------------------------------------------------- */

void summaryInit(summary *s) { memset(s, 0, sizeof(*s)); }

int summaryKeySame(const summaryKey *a, const summaryKey *b, unsigned mask) {
    const char *const x[] = {a->workload,  a->params, a->wait, a->condition,
                             a->stressors, a->copy,   a->load};
    const char *const y[] = {b->workload,  b->params, b->wait, b->condition,
                             b->stressors, b->copy,   b->load};
    static const unsigned bit[] = {SUMMARY_K_WORKLOAD,  SUMMARY_K_PARAMS,    SUMMARY_K_WAIT,
                                   SUMMARY_K_CONDITION, SUMMARY_K_STRESSORS, SUMMARY_K_COPY,
                                   SUMMARY_K_LOAD};
    if (mask & SUMMARY_K_WIDTH && a->width != b->width) return 0;
    for (size_t i = 0; i < sizeof bit / sizeof bit[0]; i++)
        if (mask & bit[i] && strcmp(x[i], y[i]) != 0) return 0;
    return 1;
}

static void summaryGroupFree(summaryGroup *g) {
    free(g->key.workload);
    free(g->key.params);
    free(g->key.wait);
    free(g->key.condition);
    free(g->key.stressors);
    free(g->key.copy);
    free(g->key.load);
    free(g->harness);
    free(g->source);
    free(g->checksums);
    summaryVec *vs[] = {&g->v_prepare,  &g->v_first,        &g->v_steady,       &g->v_load1,
                        &g->v_procs,    &g->v_minflt,       &g->v_majflt,       &g->v_nivcsw,
                        &g->v_whole_hf, &g->v_whole_time,   &g->v_whole_majflt, &g->v_whole_minflt,
                        &g->v_ms_1cpu,  &g->v_ms_multi_cpu, &g->v_nowait};
    for (size_t i = 0; i < sizeof vs / sizeof vs[0]; i++) free(vs[i]->x);
    for (size_t i = 0; i < g->nproc; i++) {
        free(g->proc[i].run_id);
        free(g->proc[i].steady.x);
        free(g->proc[i].span.x);
    }
    free(g->proc);
}

void summaryFree(summary *s) {
    for (size_t i = 0; i < s->n; i++) summaryGroupFree(&s->g[i]);
    free(s->g);
    summaryInit(s);
}

/* Finds the group of key k, creating it (copying k's strings) when new. */
static summaryGroup *summaryGroupFor(summary *s, const summaryKey *k, const char *harness,
                                     const char *where) {
    if (s->last < s->n && summaryKeySame(&s->g[s->last].key, k, SUMMARY_K_ALL))
        return &s->g[s->last];
    for (size_t i = 0; i < s->n; i++)
        if (summaryKeySame(&s->g[i].key, k, SUMMARY_K_ALL)) {
            s->last = i;
            return &s->g[i];
        }
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 16;
        summaryGroup *p = realloc(s->g, cap * sizeof(*p));
        if (!p) return NULL;
        s->g = p;
        s->cap = cap;
    }
    summaryGroup *g = &s->g[s->n];
    memset(g, 0, sizeof(*g));
    g->key.width = k->width;
    g->key.workload = strdup(k->workload);
    g->key.params = strdup(k->params);
    g->key.wait = strdup(k->wait);
    g->key.condition = strdup(k->condition);
    g->key.stressors = strdup(k->stressors);
    g->key.copy = strdup(k->copy);
    g->key.load = strdup(k->load);
    g->harness = strdup(harness);
    g->source = strdup(where);
    if (!g->key.workload || !g->key.params || !g->key.wait || !g->key.condition ||
        !g->key.stressors || !g->key.copy || !g->key.load || !g->harness || !g->source) {
        summaryGroupFree(g);
        return NULL;
    }
    s->last = s->n++;
    return g;
}

/* The process of run id `id` in g, added when new; NULL when out of memory. */
static summaryProc *summaryProcFor(summaryGroup *g, const char *id) {
    /* Rows of one process arrive together: the newest id is the likely match. */
    for (size_t i = g->nproc; i-- > 0;)
        if (strcmp(g->proc[i].run_id, id) == 0) return &g->proc[i];
    summaryProc *p = realloc(g->proc, (g->nproc + 1) * sizeof(*p));
    if (!p) return NULL;
    g->proc = p;
    p = &g->proc[g->nproc];
    memset(p, 0, sizeof(*p));
    p->first_ms = p->median_ms = NAN;
    if (!(p->run_id = strdup(id))) return NULL;
    g->nproc++;
    return p;
}

int summaryCpuSpan(const char *cpus) {
    /* Distinct values: a thread's CPU may repeat in the set's text. CPUs
     * above 1023 are counted apart by value (a bit set cannot hold them). */
    unsigned char seen[128] = {0};
    long big[16];
    size_t nbig = 0;
    int n = 0;
    const char *p = cpus;
    if (!*p) return 0;
    for (;;) {
        char *end;
        if (*p < '0' || *p > '9') return -1;
        errno = 0;
        long c = strtol(p, &end, 10);
        if (errno || c > 1000000) return -1;
        if (c < 1024) {
            if (!(seen[c >> 3] >> (c & 7) & 1)) n++;
            seen[c >> 3] |= (unsigned char)(1u << (c & 7));
        } else {
            int dup = 0;
            for (size_t i = 0; i < nbig && !dup; i++) dup = big[i] == c;
            if (!dup) {
                if (nbig == sizeof big / sizeof big[0]) return -1;
                big[nbig++] = c;
                n++;
            }
        }
        if (!*end) return n;
        if (*end != ';') return -1;
        p = end + 1;
    }
}

static int summaryAddChecksum(summaryGroup *g, uint64_t c) {
    for (size_t i = 0; i < g->nchecksums; i++)
        if (g->checksums[i] == c) return 0;
    uint64_t *p = realloc(g->checksums, (g->nchecksums + 1) * sizeof(uint64_t));
    if (!p) return -1;
    g->checksums = p;
    g->checksums[g->nchecksums++] = c;
    return 0;
}

/* --- samples.csv ----------------------------------------------------------------- */

enum {
    SC_RUN_ID,
    SC_WORKLOAD,
    SC_PARAMS,
    SC_WIDTH,
    SC_WAIT,
    SC_PHASE,
    SC_ITER,
    SC_MS,
    SC_MINFLT,
    SC_MAJFLT,
    SC_NVCSW,
    SC_NIVCSW,
    SC_LOAD1,
    SC_PROCS,
    SC_CHECKSUM,
    SC_TRUNCATED,
    SC_HARNESS,
    SC_CONDITION,
    SC_STRESSORS,
    SC_COPY,
    SC_CPU,
    SC_CPUS,
    SC_MIGRATIONS,
    SC_LOAD,
    SC_PROC,
    SC_WIDTH_REQUESTED,
    SC_N
};

/* The load kind of a row: the `load` tag, "none" for an idle row without
 * one (idle files from before the tag, whole.csv), "" for a loaded row
 * without one (legacy). */
static const char *summaryLoadOf(const char *load, const char *condition) {
    return *load ? load
           : summaryWordOf(summaryConditions, SUMMARY_COND_N, condition) == SUMMARY_COND_IDLE
               ? summaryLoads[SUMMARY_LOAD_NONE].name
               : "";
}

/* A copy tag as the summary names it: an alias becomes its kind's name. */
static const char *summaryCopyOf(const char *copy) {
    int k = summaryWordOf(summaryCopies, SUMMARY_COPY_N, copy);
    return k < 0 ? copy : summaryCopies[k].name;
}

static int summaryBad(char *err, size_t errlen, const char *where, const summaryCol *c,
                      const char *v, const char *want) {
    snprintf(err, errlen, "%s: column '%s': '%.40s' is not %s", where, c->name, v, want);
    return -1;
}

static int summarySampleRow(summary *s, char **f, const summaryCol *cols, const char *where,
                            char *err, size_t errlen) {
    long width, iter, trunc, procs, cnt[4] = {0, 0, 0, 0};
    double ms, load1;
    uint64_t checksum = 0;
    const char *v;
    /* width 0: a program's `default` cell (harness/threads.sh), which sets
     * no width and records width_requested=default */
    if (summaryParseLong(v = summaryField(f, &cols[SC_WIDTH]), 0, 100000, &width) ||
        (width == 0 && strcmp(summaryField(f, &cols[SC_WIDTH_REQUESTED]), "default") != 0))
        return summaryBad(err, errlen, where, &cols[SC_WIDTH], v,
                          "a width in 1..100000 (0 only with width_requested=default)");
    if (summaryParseDouble(v = summaryField(f, &cols[SC_MS]), &ms) || ms < 0)
        return summaryBad(err, errlen, where, &cols[SC_MS], v, "a time >= 0 in ms");
    if (summaryParseDouble(v = summaryField(f, &cols[SC_LOAD1]), &load1) || load1 < -1)
        return summaryBad(err, errlen, where, &cols[SC_LOAD1], v, "a load average (or -1)");
    if (summaryParseLong(v = summaryField(f, &cols[SC_PROCS]), -1, 1000000, &procs))
        return summaryBad(err, errlen, where, &cols[SC_PROCS], v, "a task count (or -1)");
    /* empty: the output was not checked (threads.sh --no-check-output) */
    int has_sum = *(v = summaryField(f, &cols[SC_CHECKSUM])) != '\0';
    if (has_sum && summaryParseHex64(v, &checksum))
        return summaryBad(err, errlen, where, &cols[SC_CHECKSUM], v, "a hex checksum");
    if (summaryParseLong(v = summaryField(f, &cols[SC_TRUNCATED]), 0, 1, &trunc))
        return summaryBad(err, errlen, where, &cols[SC_TRUNCATED], v, "0 or 1");
    /* Placement and the process tag: empty is allowed (unknown, or a file
     * from before them); anything else must be what the contract says. */
    long cpu, migr, proc = 0;
    int span = summaryCpuSpan(v = summaryField(f, &cols[SC_CPUS]));
    if (span < 0)
        return summaryBad(err, errlen, where, &cols[SC_CPUS], v, "a ;-separated CPU list");
    if (*(v = summaryField(f, &cols[SC_CPU])) && summaryParseLong(v, -1, 1000000, &cpu))
        return summaryBad(err, errlen, where, &cols[SC_CPU], v, "a CPU number");
    if (*(v = summaryField(f, &cols[SC_MIGRATIONS])) && summaryParseLong(v, -1, 1L << 40, &migr))
        return summaryBad(err, errlen, where, &cols[SC_MIGRATIONS], v, "a count >= 0");
    if (*(v = summaryField(f, &cols[SC_PROC])) && summaryParseLong(v, 1, 1000000, &proc))
        return summaryBad(err, errlen, where, &cols[SC_PROC], v, "a process number >= 1");
    if (cols[SC_ITER].idx >= 0 &&
        summaryParseLong(v = summaryField(f, &cols[SC_ITER]), 0, 1000000000L, &iter))
        return summaryBad(err, errlen, where, &cols[SC_ITER], v, "an iteration >= 0");
    for (int i = 0; i < 4; i++) {
        const summaryCol *c = &cols[SC_MINFLT + i];
        if (c->idx >= 0 && summaryParseLong(v = summaryField(f, c), 0, 1L << 40, &cnt[i]))
            return summaryBad(err, errlen, where, c, v, "a count >= 0");
    }
    const char *phase = summaryField(f, &cols[SC_PHASE]);
    summaryKey k = {
        .workload = (char *)summaryField(f, &cols[SC_WORKLOAD]),
        .params = (char *)summaryField(f, &cols[SC_PARAMS]),
        .wait = (char *)summaryField(f, &cols[SC_WAIT]),
        .condition = (char *)summaryField(f, &cols[SC_CONDITION]),
        .stressors = (char *)summaryField(f, &cols[SC_STRESSORS]),
        .copy = (char *)summaryCopyOf(summaryField(f, &cols[SC_COPY])),
        .load = (char *)summaryLoadOf(summaryField(f, &cols[SC_LOAD]),
                                      summaryField(f, &cols[SC_CONDITION])),
        .width = (int)width,
    };
    if (!k.workload[0]) {
        snprintf(err, errlen, "%s: column 'workload' is empty", where);
        return -1;
    }
    if (!phase[0]) {
        snprintf(err, errlen, "%s: column 'phase' is empty", where);
        return -1;
    }
    summaryGroup *g = summaryGroupFor(s, &k, summaryField(f, &cols[SC_HARNESS]), where);
    if (!g) goto oom;
    summaryProc *pr = summaryProcFor(g, summaryField(f, &cols[SC_RUN_ID]));
    if (!pr) goto oom;
    if (proc) pr->proc = proc;
    int ok = 0;
    if (strcmp(phase, "prepare") == 0) {
        ok = summaryVecPush(&g->v_prepare, ms);
    } else if (strcmp(phase, "first") == 0) {
        ok = summaryVecPush(&g->v_first, ms) | (has_sum ? summaryAddChecksum(g, checksum) : 0);
        if (cols[SC_MINFLT].idx >= 0) ok |= summaryVecPush(&g->v_minflt, (double)cnt[0]);
        if (cols[SC_MAJFLT].idx >= 0) ok |= summaryVecPush(&g->v_majflt, (double)cnt[1]);
        pr->first_ms = ms;
        pr->first_span = span;
    } else if (strcmp(phase, "steady") == 0) {
        ok = summaryVecPush(&g->v_steady, ms) | (has_sum ? summaryAddChecksum(g, checksum) : 0);
        if (cols[SC_NIVCSW].idx >= 0) ok |= summaryVecPush(&g->v_nivcsw, (double)cnt[3]);
        ok |= summaryVecPush(&pr->steady, ms) | summaryVecPush(&pr->span, span);
        if (span == 1) ok |= summaryVecPush(&g->v_ms_1cpu, ms);
        else if (span > 1) ok |= summaryVecPush(&g->v_ms_multi_cpu, ms);
    } else if (strcmp(phase, "steady_nowait") == 0) {
        /* the same computation as steady (its bits count), its time not: a
         * call timed without waiting for its result is a different figure */
        ok = summaryVecPush(&g->v_nowait, ms) | (has_sum ? summaryAddChecksum(g, checksum) : 0);
    } else {
        s->ignored_rows++; /* a later phase: not summarised here */
        return 0;
    }
    if (load1 >= 0) ok |= summaryVecPush(&g->v_load1, load1);
    if (procs >= 0) ok |= summaryVecPush(&g->v_procs, (double)procs);
    if (trunc) g->truncated++;
    if (ok == 0) return 0;
oom:
    snprintf(err, errlen, "%s: out of memory", where);
    return -1;
}

int summaryReadSamples(summary *s, const char *path, char *err, size_t errlen) {
    summaryCol cols[SC_N] = {
        [SC_RUN_ID] = {"run_id", 1, -1},
        [SC_WORKLOAD] = {"workload", 1, -1},
        [SC_PARAMS] = {"params", 1, -1},
        [SC_WIDTH] = {"width", 1, -1},
        [SC_WAIT] = {"wait", 1, -1},
        [SC_PHASE] = {"phase", 1, -1},
        [SC_ITER] = {"iter", 0, -1},
        [SC_MS] = {"ms", 1, -1},
        [SC_MINFLT] = {"minflt", 0, -1},
        [SC_MAJFLT] = {"majflt", 0, -1},
        [SC_NVCSW] = {"nvcsw", 0, -1},
        [SC_NIVCSW] = {"nivcsw", 0, -1},
        [SC_LOAD1] = {"load1", 1, -1},
        [SC_PROCS] = {"procs_running", 1, -1},
        [SC_CHECKSUM] = {"checksum", 1, -1},
        [SC_TRUNCATED] = {"truncated", 1, -1},
        [SC_HARNESS] = {"harness", 0, -1},
        [SC_CONDITION] = {"condition", 0, -1},
        [SC_STRESSORS] = {"stressors", 0, -1},
        [SC_COPY] = {"copy", 0, -1},
        [SC_CPU] = {"cpu", 0, -1},
        [SC_CPUS] = {"cpus", 0, -1},
        [SC_MIGRATIONS] = {"migrations", 0, -1},
        [SC_LOAD] = {"load", 0, -1},
        [SC_WIDTH_REQUESTED] = {"width_requested", 0, -1},
        [SC_PROC] = {"proc", 0, -1},
    };
    return summaryReadFile(s, path, cols, SC_N, summarySampleRow, err, errlen);
}

/* --- whole.csv ------------------------------------------------------------------- */

enum {
    WC_WALL,
    WC_WORKLOAD,
    WC_PARAMS,
    WC_WIDTH,
    WC_WAIT,
    WC_CONDITION,
    WC_STRESSORS,
    WC_COPY,
    WC_LABEL,
    WC_HARNESS,
    WC_RUN,
    WC_USER,
    WC_SYS,
    WC_MINFLT,
    WC_MAJFLT,
    WC_EXIT,
    WC_TOOL,
    WC_LOAD,
    WC_N
};

static int summaryWholeRow(summary *s, char **f, const summaryCol *cols, const char *where,
                           char *err, size_t errlen) {
    double wall, x;
    long width = 0, majflt = -1, minflt = -1, n;
    const char *v;
    if (summaryParseDouble(v = summaryField(f, &cols[WC_WALL]), &wall) || wall < 0)
        return summaryBad(err, errlen, where, &cols[WC_WALL], v, "a time >= 0 in ms");
    /* Empty where the contract allows it: width for --binary runs, CPU times
     * and faults where the tool gives none. */
    if (*(v = summaryField(f, &cols[WC_WIDTH])) && summaryParseLong(v, 1, 100000, &width))
        return summaryBad(err, errlen, where, &cols[WC_WIDTH], v, "a width in 1..100000");
    for (int c = WC_USER; c <= WC_SYS; c++)
        if (*(v = summaryField(f, &cols[c])) && (summaryParseDouble(v, &x) || x < 0))
            return summaryBad(err, errlen, where, &cols[c], v, "a time >= 0 in ms");
    if (*(v = summaryField(f, &cols[WC_MINFLT])) && summaryParseLong(v, 0, 1L << 40, &minflt))
        return summaryBad(err, errlen, where, &cols[WC_MINFLT], v, "a count >= 0");
    if (*(v = summaryField(f, &cols[WC_MAJFLT])) && summaryParseLong(v, 0, 1L << 40, &majflt))
        return summaryBad(err, errlen, where, &cols[WC_MAJFLT], v, "a count >= 0");
    if (*(v = summaryField(f, &cols[WC_RUN])) && summaryParseLong(v, 0, 1000000000L, &n))
        return summaryBad(err, errlen, where, &cols[WC_RUN], v, "a run number >= 0");
    long code = 0;
    if (*(v = summaryField(f, &cols[WC_EXIT])) && summaryParseLong(v, -1000, 1000, &code))
        return summaryBad(err, errlen, where, &cols[WC_EXIT], v, "an exit status");
    const char *copy = summaryField(f, &cols[WC_COPY]);
    summaryKey k = {
        .workload = (char *)summaryField(f, &cols[WC_WORKLOAD]),
        .params = (char *)summaryField(f, &cols[WC_PARAMS]),
        .wait = (char *)summaryField(f, &cols[WC_WAIT]),
        .condition = (char *)summaryField(f, &cols[WC_CONDITION]),
        .stressors = (char *)summaryField(f, &cols[WC_STRESSORS]),
        .copy = (char *)summaryCopyOf(*copy ? copy : summaryField(f, &cols[WC_LABEL])),
        .load = (char *)summaryLoadOf(summaryField(f, &cols[WC_LOAD]),
                                      summaryField(f, &cols[WC_CONDITION])),
        .width = (int)width,
    };
    summaryGroup *g = summaryGroupFor(s, &k, summaryField(f, &cols[WC_HARNESS]), where);
    if (!g) goto oom;
    if (code != 0) { /* a failed run's time is not a measurement */
        g->whole_failed++;
        /* threads.sh's label: a run its cap ended (coldload-run status cut) */
        if (strcmp(summaryField(f, &cols[WC_LABEL]), "cut") == 0) g->whole_cut++;
        return 0;
    }
    int hf = strcmp(summaryField(f, &cols[WC_TOOL]), "hyperfine") == 0;
    if (summaryVecPush(hf ? &g->v_whole_hf : &g->v_whole_time, wall) != 0) goto oom;
    if (majflt >= 0 && summaryVecPush(&g->v_whole_majflt, (double)majflt) != 0) goto oom;
    if (minflt >= 0 && summaryVecPush(&g->v_whole_minflt, (double)minflt) != 0) goto oom;
    return 0;
oom:
    snprintf(err, errlen, "%s: out of memory", where);
    return -1;
}

int summaryReadWhole(summary *s, const char *path, char *err, size_t errlen) {
    summaryCol cols[WC_N] = {
        [WC_WALL] = {"wall_ms", 1, -1},
        [WC_WORKLOAD] = {"workload", 0, -1},
        [WC_PARAMS] = {"params", 0, -1},
        [WC_WIDTH] = {"width", 0, -1},
        [WC_WAIT] = {"wait", 0, -1},
        [WC_CONDITION] = {"condition", 0, -1},
        [WC_STRESSORS] = {"stressors", 0, -1},
        [WC_COPY] = {"copy", 0, -1},
        [WC_LABEL] = {"label", 0, -1},
        [WC_HARNESS] = {"harness", 0, -1},
        [WC_RUN] = {"run", 0, -1},
        [WC_USER] = {"user_ms", 0, -1},
        [WC_SYS] = {"sys_ms", 0, -1},
        [WC_MINFLT] = {"minflt", 0, -1},
        [WC_MAJFLT] = {"majflt", 0, -1},
        [WC_EXIT] = {"exit_code", 0, -1},
        [WC_TOOL] = {"tool", 0, -1},
        [WC_LOAD] = {"load", 0, -1},
    };
    return summaryReadFile(s, path, cols, WC_N, summaryWholeRow, err, errlen);
}

/* --- statistics -------------------------------------------------------------------- */

const summaryWord summaryCopies[SUMMARY_COPY_N] = {
    [SUMMARY_COPY_FRESH] = {"fresh", NULL, 1, "a fresh copy of the binary"},
    [SUMMARY_COPY_SAME] = {"same", NULL, 1, "the same copy again"},
    [SUMMARY_COPY_EVICTED] = {"evicted", NULL, 1, "a copy whose pages were evicted"},
    [SUMMARY_COPY_DROPCACHE] = {"dropcache", NULL, 1, "after dropping the page cache"},
    [SUMMARY_COPY_INPLACE] = {"inplace", "warm", 0, "the built binary, run in place"},
};
const summaryWord summaryConditions[SUMMARY_COND_N] = {
    [SUMMARY_COND_IDLE] = {"idle", NULL, 0, "no load started"},
    [SUMMARY_COND_LOADED] = {"loaded", NULL, 0, "under stress-ng load"},
};
const summaryWord summaryLoads[SUMMARY_LOAD_N] = {
    [SUMMARY_LOAD_NONE] = {"none", NULL, 0, "no load"},
    [SUMMARY_LOAD_PINNED] = {"pinned", NULL, 0, "one stress-ng worker bound to each CPU"},
    [SUMMARY_LOAD_FREE] = {"free", NULL, 0, "unbound stress-ng workers"},
};

int summaryWordOf(const summaryWord *words, size_t n, const char *v) {
    for (size_t i = 0; i < n; i++)
        if (strcmp(v, words[i].name) == 0 || (words[i].alias && strcmp(v, words[i].alias) == 0))
            return (int)i;
    return -1;
}

int summaryIsCopy(const summaryGroup *g, int kind) {
    return summaryWordOf(summaryCopies, SUMMARY_COPY_N, g->key.copy) == kind;
}

int summaryIsIdle(const summaryGroup *g) {
    return summaryWordOf(summaryConditions, SUMMARY_COND_N, g->key.condition) == SUMMARY_COND_IDLE;
}
int summaryIsLoaded(const summaryGroup *g) {
    return summaryWordOf(summaryConditions, SUMMARY_COND_N, g->key.condition) ==
           SUMMARY_COND_LOADED;
}
int summaryIsPinned(const summaryGroup *g) {
    return summaryIsLoaded(g) &&
           (!g->key.load[0] ||
            summaryWordOf(summaryLoads, SUMMARY_LOAD_N, g->key.load) == SUMMARY_LOAD_PINNED);
}

/* A tag's place in its table's order; unknown values after every known one. */
static int summaryRank(const char *v, const summaryWord *words, size_t n) {
    int k = summaryWordOf(words, n, v);
    return k < 0 ? 99 : k;
}

/* Numbers compare as numbers ("8" < "16"), everything else as text. */
static int summaryCmpText(const char *a, const char *b) {
    double x, y;
    if (summaryParseDouble(a, &x) == 0 && summaryParseDouble(b, &y) == 0 && x != y)
        return x < y ? -1 : 1;
    return strcmp(a, b);
}

static int summaryCmpGroup(const void *pa, const void *pb) {
    const summaryKey *a = &((const summaryGroup *)pa)->key, *b = &((const summaryGroup *)pb)->key;
    int c;
    if ((c = strcmp(a->workload, b->workload))) return c;
    if ((c = strcmp(a->params, b->params))) return c;
    if (a->width != b->width) return a->width < b->width ? -1 : 1;
    if ((c = strcmp(a->wait, b->wait))) return c;
    if ((c = summaryRank(a->condition, summaryConditions, SUMMARY_COND_N) -
             summaryRank(b->condition, summaryConditions, SUMMARY_COND_N)))
        return c;
    if ((c = strcmp(a->condition, b->condition))) return c;
    if ((c = summaryRank(a->load, summaryLoads, SUMMARY_LOAD_N) -
             summaryRank(b->load, summaryLoads, SUMMARY_LOAD_N)))
        return c;
    if ((c = strcmp(a->load, b->load))) return c;
    if ((c = summaryCmpText(a->stressors, b->stressors))) return c;
    if ((c = summaryRank(a->copy, summaryCopies, SUMMARY_COPY_N) -
             summaryRank(b->copy, summaryCopies, SUMMARY_COPY_N)))
        return c;
    return strcmp(a->copy, b->copy);
}

const summaryGroup *summaryIdleOf(const summary *s, const summaryGroup *g) {
    const unsigned cell =
        SUMMARY_K_WORKLOAD | SUMMARY_K_PARAMS | SUMMARY_K_WIDTH | SUMMARY_K_WAIT | SUMMARY_K_COPY;
    for (size_t i = 0; i < s->n; i++)
        if (summaryIsIdle(&s->g[i]) && summaryKeySame(&s->g[i].key, &g->key, cell) && s->g[i].n > 0)
            return &s->g[i];
    return NULL;
}

static double summaryRatio(double a, double b) { return b > 0 ? a / b : NAN; }

/* One side of the summary's interval: its process medians, resampled with
 * replacement; the statistic is their median (tmp: n slots). */
typedef struct summaryBootSide {
    const double *x;
    size_t n;
    double *tmp;
} summaryBootSide;

static double summaryResampleMedian(const void *side, uint64_t *state) {
    const summaryBootSide *d = side;
    for (size_t i = 0; i < d->n; i++) d->tmp[i] = d->x[statsPick(state, d->n)];
    statsSummary st;
    return statsOf(d->tmp, d->n, &st) == 0 ? st.median : NAN;
}

void summaryBootRatio(const double *loaded, size_t nl, const double *idle, size_t ni, double *lo,
                      double *hi) {
    *lo = *hi = NAN;
    if (nl == 0 || ni == 0) return;
    double *tmp = malloc((nl > ni ? nl : ni) * sizeof(double));
    summaryBootSide a = {loaded, nl, tmp}, b = {idle, ni, tmp};
    if (tmp)
        statsBootRatio(summaryResampleMedian, &a, &b, SUMMARY_BOOT_REPS, SUMMARY_BOOT_SEED, lo, hi);
    free(tmp);
}

/* The medians of g's processes that have steady samples, into out (nproc
 * slots); returns how many. */
static size_t summaryProcMedians(const summaryGroup *g, double *out) {
    size_t n = 0;
    for (size_t i = 0; i < g->nproc; i++)
        if (!isnan(g->proc[i].median_ms)) out[n++] = g->proc[i].median_ms;
    return n;
}

/* Per-process medians, their spread and the placement shares of g. */
static void summaryProcStats(summaryGroup *g) {
    g->proc_median_min_ms = g->proc_median_median_ms = g->proc_median_max_ms = NAN;
    for (size_t i = 0; i < g->nproc; i++)
        g->proc[i].median_ms = summaryStatsOf(&g->proc[i].steady).median;
    double *m = malloc((g->nproc ? g->nproc : 1) * sizeof(double));
    g->procs = m ? summaryProcMedians(g, m) : 0;
    statsSummary st;
    if (g->procs && statsOf(m, g->procs, &st) == 0) {
        g->proc_median_min_ms = st.min;
        g->proc_median_median_ms = st.median;
        g->proc_median_max_ms = st.max;
    }
    free(m);
    g->calls_1cpu = g->v_ms_1cpu.n;
    g->calls_multi_cpu = g->v_ms_multi_cpu.n;
    g->median_ms_1cpu = summaryStatsOf(&g->v_ms_1cpu).median;
    g->median_ms_multi_cpu = summaryStatsOf(&g->v_ms_multi_cpu).median;
}

/* A loaded group against its idle one, process by process. */
static void summaryAgainstIdle(summaryGroup *g, const summaryGroup *idle, double slow_ratio) {
    g->slow_procs = SIZE_MAX;
    g->proc_ratio = g->ratio_lo = g->ratio_hi = NAN;
    if (!idle || isnan(idle->proc_median_median_ms)) return;
    double limit = slow_ratio * idle->proc_median_median_ms;
    g->slow_procs = 0;
    for (size_t i = 0; i < g->nproc; i++)
        if (!isnan(g->proc[i].median_ms) && g->proc[i].median_ms >= limit) g->slow_procs++;
    g->proc_ratio = summaryRatio(g->proc_median_median_ms, idle->proc_median_median_ms);
    double *a = malloc((g->nproc ? g->nproc : 1) * sizeof(double));
    double *b = malloc((idle->nproc ? idle->nproc : 1) * sizeof(double));
    if (a && b)
        summaryBootRatio(a, summaryProcMedians(g, a), b, summaryProcMedians(idle, b), &g->ratio_lo,
                         &g->ratio_hi);
    free(a);
    free(b);
}

void summaryFinish(summary *s, double slow_ratio) {
    for (size_t i = 0; i < s->n; i++) {
        summaryGroup *g = &s->g[i];
        statsSummary st;
        g->runs = g->nproc;
        summaryProcStats(g);
        g->n = g->v_steady.n;
        g->nfirst = g->v_first.n;
        g->prepare_ms = summaryStatsOf(&g->v_prepare).median;
        st = summaryStatsOf(&g->v_first);
        g->first_ms = st.median;
        g->first_max_ms = st.max;
        st = summaryStatsOf(&g->v_steady);
        g->min_ms = st.min;
        g->median_ms = st.median;
        g->max_ms = st.max;
        g->first_over_min = summaryRatio(g->first_ms, g->min_ms);
        g->max_over_median = summaryRatio(g->max_ms, g->median_ms);
        st = summaryStatsOf(&g->v_load1);
        g->load1_median = st.median;
        g->load1_max = st.max;
        st = summaryStatsOf(&g->v_procs);
        g->procs_median = st.median;
        g->procs_max = st.max;
        g->first_minflt = summaryStatsOf(&g->v_minflt).median;
        g->first_majflt = summaryStatsOf(&g->v_majflt).median;
        g->nivcsw_median = summaryStatsOf(&g->v_nivcsw).median;
        const summaryVec *w = g->v_whole_hf.n ? &g->v_whole_hf : &g->v_whole_time;
        g->whole_tool = g->v_whole_hf.n ? "hyperfine" : g->v_whole_time.n ? "time" : "";
        g->psi_some_pct = NAN;
        st = summaryStatsOf(w);
        g->whole_n = st.n;
        g->whole_min_ms = st.min;
        g->whole_median_ms = st.median;
        g->whole_max_ms = st.max;
        g->whole_majflt = summaryStatsOf(&g->v_whole_majflt).median;
        g->whole_minflt = summaryStatsOf(&g->v_whole_minflt).median;
        st = summaryStatsOf(&g->v_nowait);
        g->nowait_n = g->v_nowait.n;
        g->nowait_min_ms = st.min;
        g->nowait_median_ms = st.median;
        g->nowait_max_ms = st.max;
    }
    if (s->n > 1) qsort(s->g, s->n, sizeof(summaryGroup), summaryCmpGroup);
    s->last = 0;
    for (size_t i = 0; i < s->n; i++) {
        summaryGroup *g = &s->g[i];
        const summaryGroup *idle = summaryIsIdle(g) ? NULL : summaryIdleOf(s, g);
        g->idle_median_ms = idle ? idle->median_ms : NAN;
        g->loaded_over_idle = idle ? summaryRatio(g->median_ms, idle->median_ms) : NAN;
        summaryAgainstIdle(g, idle, slow_ratio);
    }
}

/* --- output ------------------------------------------------------------------------- */

/* summary.csv's columns, in file order: one table, so the header and the
 * values cannot drift apart, and results.json (doc/json) names the same
 * figures. New columns go at the end (readers by position). */
#define SC(name, kind, field) \
    { name, SUMMARY_COL_##kind, offsetof(summaryGroup, field) }
const summaryColumn summaryColumns[] = {
    SC("workload", TEXT, key.workload),
    SC("params", TEXT, key.params),
    SC("width", WIDTH, key.width),
    SC("wait", TEXT, key.wait),
    SC("condition", TEXT, key.condition),
    SC("stressors", TEXT, key.stressors),
    SC("copy", TEXT, key.copy),
    SC("harness", TEXT, harness),
    SC("runs", COUNT, runs),
    SC("n", COUNT, n),
    SC("prepare_ms", NUM, prepare_ms),
    SC("first_ms", NUM, first_ms),
    SC("first_max_ms", NUM, first_max_ms),
    SC("min_ms", NUM, min_ms),
    SC("median_ms", NUM, median_ms),
    SC("max_ms", NUM, max_ms),
    SC("first_over_min", NUM, first_over_min),
    SC("max_over_median", NUM, max_over_median),
    SC("idle_median_ms", NUM, idle_median_ms),
    SC("loaded_over_idle", NUM, loaded_over_idle),
    SC("truncated", COUNT, truncated),
    SC("load1_median", NUM, load1_median),
    SC("load1_max", NUM, load1_max),
    SC("procs_running_median", NUM, procs_median),
    SC("procs_running_max", NUM, procs_max),
    SC("first_minflt", NUM, first_minflt),
    SC("first_majflt", NUM, first_majflt),
    SC("steady_nivcsw_median", NUM, nivcsw_median),
    SC("psi_cpu_some_pct", NUM, psi_some_pct),
    SC("checksums", COUNT, nchecksums),
    SC("checksum", CHECKSUMS, checksums),
    SC("whole_tool", WORD, whole_tool),
    SC("whole_n", COUNT, whole_n),
    SC("whole_min_ms", NUM, whole_min_ms),
    SC("whole_median_ms", NUM, whole_median_ms),
    SC("whole_max_ms", NUM, whole_max_ms),
    SC("whole_majflt", NUM, whole_majflt),
    SC("whole_minflt", NUM, whole_minflt),
    SC("whole_failed", COUNT, whole_failed),
    SC("source", TEXT, source),
    /* the load kind, per-process and placement columns, after every older one */
    SC("load", TEXT, key.load),
    SC("procs", COUNT, procs),
    SC("proc_median_min_ms", NUM, proc_median_min_ms),
    SC("proc_median_median_ms", NUM, proc_median_median_ms),
    SC("proc_median_max_ms", NUM, proc_median_max_ms),
    SC("slow_procs", COUNT_OR_NONE, slow_procs),
    SC("ratio_lo", NUM, ratio_lo),
    SC("ratio_hi", NUM, ratio_hi),
    SC("calls_1cpu", COUNT, calls_1cpu),
    SC("calls_multi_cpu", COUNT, calls_multi_cpu),
    SC("median_ms_1cpu", NUM, median_ms_1cpu),
    SC("median_ms_multi_cpu", NUM, median_ms_multi_cpu),
    SC("proc_ratio", NUM, proc_ratio),
    /* the no-wait columns, after those */
    SC("nowait_n", COUNT, nowait_n),
    SC("nowait_min_ms", NUM, nowait_min_ms),
    SC("nowait_median_ms", NUM, nowait_median_ms),
    SC("nowait_max_ms", NUM, nowait_max_ms),
};
#undef SC
const size_t summaryNColumns = sizeof summaryColumns / sizeof summaryColumns[0];

const char *summaryColText(const summaryGroup *g, const summaryColumn *c) {
    if (c->kind != SUMMARY_COL_TEXT && c->kind != SUMMARY_COL_WORD) return NULL;
    const char *v = *(const char *const *)((const char *)g + c->off);
    return v ? v : "";
}

double summaryColNum(const summaryGroup *g, const summaryColumn *c) {
    const char *p = (const char *)g + c->off;
    switch (c->kind) {
    case SUMMARY_COL_WIDTH: {
        int w = *(const int *)p;
        return w > 0 ? w : NAN;
    }
    case SUMMARY_COL_COUNT: return (double)*(const size_t *)p;
    case SUMMARY_COL_COUNT_OR_NONE: {
        size_t n = *(const size_t *)p;
        return n == SIZE_MAX ? NAN : (double)n;
    }
    case SUMMARY_COL_NUM: return *(const double *)p;
    default: return NAN;
    }
}

/* One field of a row: as CSV wants it (the counts exact, other numbers %.6g,
 * nothing for NAN). */
static void summaryPutCol(FILE *f, const summaryGroup *g, const summaryColumn *c) {
    double x = summaryColNum(g, c);
    switch (c->kind) {
    case SUMMARY_COL_TEXT: csvWriteField(f, summaryColText(g, c)); break;
    case SUMMARY_COL_WORD: fputs(summaryColText(g, c), f); break;
    case SUMMARY_COL_CHECKSUMS:
        for (size_t j = 0; j < g->nchecksums; j++)
            fprintf(f, "%s%016llx", j ? ";" : "", (unsigned long long)g->checksums[j]);
        break;
    case SUMMARY_COL_NUM:
        if (!isnan(x)) fprintf(f, "%.6g", x);
        break;
    default:
        if (!isnan(x)) fprintf(f, "%.0f", x);
        break;
    }
}

int summaryWriteCsv(const summary *s, FILE *f) {
    for (size_t c = 0; c < summaryNColumns; c++)
        fprintf(f, "%s%s", c ? "," : "", summaryColumns[c].name);
    fputc('\n', f);
    for (size_t i = 0; i < s->n; i++) {
        for (size_t c = 0; c < summaryNColumns; c++) {
            if (c) fputc(',', f);
            summaryPutCol(f, &s->g[i], &summaryColumns[c]);
        }
        fputc('\n', f);
    }
    return ferror(f) ? -1 : 0;
}

int summaryIsDefaultWidth(const summaryGroup *g) {
    return g->key.width == 0 && g->harness && strcmp(g->harness, "threads") == 0;
}

void summaryDescribe(const summaryGroup *g, FILE *f) {
    const summaryKey *k = &g->key;
    fputs(k->workload[0] ? k->workload : "program", f);
    if (k->params[0]) fprintf(f, " %s", k->params);
    if (k->width > 0) fprintf(f, ", width %d", k->width);
    else if (summaryIsDefaultWidth(g)) fputs(", width default", f);
    if (k->wait[0]) fprintf(f, ", wait %s", k->wait);
    if (k->condition[0]) fprintf(f, ", %s", k->condition);
    if (k->load[0] && !summaryIsIdle(g)) fprintf(f, " %s", k->load);
    if (k->stressors[0] && !summaryIsIdle(g)) fprintf(f, " (stressors %s)", k->stressors);
    if (k->copy[0]) fprintf(f, ", copy %s", k->copy);
}

void summaryCat(char *buf, size_t len, size_t *o, const char *fmt, ...) {
    if (*o >= len) return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + *o, len - *o, fmt, ap);
    va_end(ap);
    if (n > 0) *o += (size_t)n;
}

const char *summaryFmtMs(double ms, char *buf, size_t len) {
    if (isnan(ms)) snprintf(buf, len, "-");
    else if (ms >= 1000) snprintf(buf, len, "%.0f", ms);
    else if (ms >= 100) snprintf(buf, len, "%.1f", ms);
    else if (ms >= 0.1) snprintf(buf, len, "%.3f", ms);
    else snprintf(buf, len, "%.4f", ms);
    return buf;
}
