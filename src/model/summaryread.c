/* summaryread.c -- samples.csv, whole.csv and runs.csv read by column name
 * into the summary's groups (see summary.h): every field checked before it is
 * used, every defect "file:line: what"; each file's columns are one list
 * (model/summaryreadcols.h) and each is asked for by its identifier. Apart
 * from the groups and their statistics (summary.c) because reading is where
 * a hand-edited or truncated file is met, and it is the larger half. */
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
#include "common/safefile.h"
#include "common/num.h"
#include "common/ranges.h"
#include "common/runfigs.h"
#include "common/stats.h"
#include "model/csvread.h"
#include "model/summaryint.h"
#include "model/summaryreadcols.h"

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

/* --- samples.csv ----------------------------------------------------------------- */

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

static int summaryBad(char *err, size_t errlen, const char *where, const csvCol *c, const char *v,
                      const char *want) {
    snprintf(err, errlen, "%s: column '%s': '%.40s' is not %s", where, c->name, v, want);
    return -1;
}

/* One samples.csv row's figures, each checked against its column's
 * contract (summarySampleParse) before any is added to a cell. */
typedef struct summarySample {
    long width, trunc, procs;
    long cens;   /* 1: a lower bound (the run was stopped) */
    long proc;   /* the process tag; 0: none */
    long cnt[4]; /* minflt, majflt, nvcsw, nivcsw; 0 where the column is absent */
    double ms, load1;
    uint64_t checksum;
    int has_sum; /* 0: the output was not checked */
    int span;    /* the CPUs the call ran on; 0: unknown */
} summarySample;

/* The row's figures into *x; -1 and err naming the column of the first
 * that breaks its contract. */
static int summarySampleParse(char **f, const csvCol *cols, const char *where, summarySample *x,
                              char *err, size_t errlen) {
    memset(x, 0, sizeof *x);
    long iter;
    const char *v;
    /* width 0: a program's `default` cell (harness/threads.sh), which sets
     * no width and records width_requested=default */
    if (summaryParseLong(v = csvColField(f, &cols[SUMMARY_SAMPLES_WIDTH]), 0, RANGE_WIDTH_MAX,
                         &x->width) ||
        (x->width == 0 &&
         strcmp(csvColField(f, &cols[SUMMARY_SAMPLES_WIDTH_REQUESTED]), "default") != 0))
        return summaryBad(
            err, errlen, where, &cols[SUMMARY_SAMPLES_WIDTH], v,
            "a width in " RANGE_TEXT(RANGE_WIDTH) " (0 only with width_requested=default)");
    if (summaryParseDouble(v = csvColField(f, &cols[SUMMARY_SAMPLES_MS]), &x->ms) || x->ms < 0)
        return summaryBad(err, errlen, where, &cols[SUMMARY_SAMPLES_MS], v, "a time >= 0 in ms");
    if (summaryParseDouble(v = csvColField(f, &cols[SUMMARY_SAMPLES_LOAD1]), &x->load1) ||
        x->load1 < -1)
        return summaryBad(err, errlen, where, &cols[SUMMARY_SAMPLES_LOAD1], v,
                          "a load average (or -1)");
    if (summaryParseLong(v = csvColField(f, &cols[SUMMARY_SAMPLES_PROCS_RUNNING]), -1, 1000000,
                         &x->procs))
        return summaryBad(err, errlen, where, &cols[SUMMARY_SAMPLES_PROCS_RUNNING], v,
                          "a task count (or -1)");
    /* empty: the output was not checked (threads.sh --no-check-output) */
    x->has_sum = *(v = csvColField(f, &cols[SUMMARY_SAMPLES_CHECKSUM])) != '\0';
    if (x->has_sum && summaryParseHex64(v, &x->checksum))
        return summaryBad(err, errlen, where, &cols[SUMMARY_SAMPLES_CHECKSUM], v, "a hex checksum");
    if (summaryParseLong(v = csvColField(f, &cols[SUMMARY_SAMPLES_TRUNCATED]), 0, 1, &x->trunc))
        return summaryBad(err, errlen, where, &cols[SUMMARY_SAMPLES_TRUNCATED], v, "0 or 1");
    /* censored: a lower bound (a run stopped before it ended); absent or
     * empty in files from before it: 0 */
    if (*(v = csvColField(f, &cols[SUMMARY_SAMPLES_CENSORED])) &&
        summaryParseLong(v, 0, 1, &x->cens))
        return summaryBad(err, errlen, where, &cols[SUMMARY_SAMPLES_CENSORED], v, "0 or 1");
    /* Placement and the process tag: empty is allowed (unknown, or a file
     * from before them); anything else must be what the contract says. */
    long cpu, migr;
    x->span = summaryCpuSpan(v = csvColField(f, &cols[SUMMARY_SAMPLES_CPUS]));
    if (x->span < 0)
        return summaryBad(err, errlen, where, &cols[SUMMARY_SAMPLES_CPUS], v,
                          "a ;-separated CPU list");
    if (*(v = csvColField(f, &cols[SUMMARY_SAMPLES_CPU])) && summaryParseLong(v, -1, 1000000, &cpu))
        return summaryBad(err, errlen, where, &cols[SUMMARY_SAMPLES_CPU], v, "a CPU number");
    if (*(v = csvColField(f, &cols[SUMMARY_SAMPLES_MIGRATIONS])) &&
        summaryParseLong(v, -1, 1L << 40, &migr))
        return summaryBad(err, errlen, where, &cols[SUMMARY_SAMPLES_MIGRATIONS], v, "a count >= 0");
    if (*(v = csvColField(f, &cols[SUMMARY_SAMPLES_PROC])) &&
        summaryParseLong(v, 1, 1000000, &x->proc))
        return summaryBad(err, errlen, where, &cols[SUMMARY_SAMPLES_PROC], v,
                          "a process number >= 1");
    if (cols[SUMMARY_SAMPLES_ITER].idx >= 0 &&
        summaryParseLong(v = csvColField(f, &cols[SUMMARY_SAMPLES_ITER]), 0, 1000000000L, &iter))
        return summaryBad(err, errlen, where, &cols[SUMMARY_SAMPLES_ITER], v, "an iteration >= 0");
    for (int i = 0; i < 4; i++) {
        const csvCol *c = &cols[SUMMARY_SAMPLES_MINFLT + i];
        if (c->idx >= 0 && summaryParseLong(v = csvColField(f, c), 0, 1L << 40, &x->cnt[i]))
            return summaryBad(err, errlen, where, c, v, "a count >= 0");
    }
    return 0;
}

/* A checked row added to its cell g and its process pr by its phase:
 * the phase's times, the checksums, the counters, the placement. Returns
 * nonzero when out of memory. */
static int summarySampleAdd(summary *s, summaryGroup *g, summaryProc *pr, const csvCol *cols,
                            const char *phase, const summarySample *x) {
    int ok = 0;
    if (strcmp(phase, "prepare") == 0) {
        ok = summaryVecPush(&g->v_prepare, x->ms);
    } else if (strcmp(phase, "first") == 0) {
        ok = summaryVecPush(&g->v_first, x->ms) |
             (x->has_sum ? summaryAddChecksum(g, x->checksum) : 0);
        if (cols[SUMMARY_SAMPLES_MINFLT].idx >= 0)
            ok |= summaryVecPush(&g->v_minflt, (double)x->cnt[0]);
        if (cols[SUMMARY_SAMPLES_MAJFLT].idx >= 0)
            ok |= summaryVecPush(&g->v_majflt, (double)x->cnt[1]);
        pr->first_ms = x->ms;
        pr->first_span = x->span;
    } else if (strcmp(phase, "steady") == 0) {
        ok = summaryVecPush(&g->v_steady, x->ms) |
             (x->has_sum ? summaryAddChecksum(g, x->checksum) : 0);
        if (cols[SUMMARY_SAMPLES_NIVCSW].idx >= 0)
            ok |= summaryVecPush(&g->v_nivcsw, (double)x->cnt[3]);
        ok |= summaryVecPush(&pr->steady, x->ms) | summaryVecPush(&pr->span, x->span) |
              summaryVecPush(&pr->cens, (double)x->cens);
        if (x->cens && (!pr->ncensored || x->ms < pr->censored_min_ms)) pr->censored_min_ms = x->ms;
        pr->ncensored += (size_t)x->cens;
        if (x->span == 1) ok |= summaryVecPush(&g->v_ms_1cpu, x->ms);
        else if (x->span > 1) ok |= summaryVecPush(&g->v_ms_multi_cpu, x->ms);
    } else if (strcmp(phase, "call") == 0) {
        /* a call of a whole-run process (coldload-run --series-regex): its
         * series for the warm-up classes, none of the cell's figures */
        return summaryVecPush(&pr->calls, x->ms);
    } else if (strcmp(phase, "steady_nowait") == 0) {
        /* the same computation as steady (its bits count), its time not: a
         * call timed without waiting for its result is a different figure */
        ok = summaryVecPush(&g->v_nowait, x->ms) |
             (x->has_sum ? summaryAddChecksum(g, x->checksum) : 0);
    } else {
        s->ignored_rows++; /* a later phase: not summarised here */
        return 0;
    }
    if (strcmp(phase, "prepare") != 0) *(x->has_sum ? &g->hashed : &g->unhashed) += 1;
    if (x->load1 >= 0) ok |= summaryVecPush(&g->v_load1, x->load1);
    if (x->procs >= 0) ok |= summaryVecPush(&g->v_procs, (double)x->procs);
    if (x->trunc) g->truncated++;
    return ok;
}

static int summarySampleRow(void *ctx, char **f, const csvCol *cols, const char *where, char *err,
                            size_t errlen) {
    summary *s = ctx;
    summarySample x;
    if (summarySampleParse(f, cols, where, &x, err, errlen) != 0) return -1;
    const char *phase = csvColField(f, &cols[SUMMARY_SAMPLES_PHASE]);
    summaryKey k = {
        .workload = (char *)csvColField(f, &cols[SUMMARY_SAMPLES_WORKLOAD]),
        .params = (char *)csvColField(f, &cols[SUMMARY_SAMPLES_PARAMS]),
        .wait = (char *)csvColField(f, &cols[SUMMARY_SAMPLES_WAIT]),
        .condition = (char *)csvColField(f, &cols[SUMMARY_SAMPLES_CONDITION]),
        .stressors = (char *)csvColField(f, &cols[SUMMARY_SAMPLES_STRESSORS]),
        .copy = (char *)summaryCopyOf(csvColField(f, &cols[SUMMARY_SAMPLES_COPY])),
        .load = (char *)summaryLoadOf(csvColField(f, &cols[SUMMARY_SAMPLES_LOAD]),
                                      csvColField(f, &cols[SUMMARY_SAMPLES_CONDITION])),
        .width = (int)x.width,
    };
    if (!k.workload[0]) {
        snprintf(err, errlen, "%s: column '%s' is empty", where,
                 cols[SUMMARY_SAMPLES_WORKLOAD].name);
        return -1;
    }
    if (!phase[0]) {
        snprintf(err, errlen, "%s: column '%s' is empty", where, cols[SUMMARY_SAMPLES_PHASE].name);
        return -1;
    }
    summaryGroup *g = summaryGroupFor(s, &k, csvColField(f, &cols[SUMMARY_SAMPLES_HARNESS]), where);
    if (!g) goto oom;
    summaryProc *pr = summaryProcFor(g, csvColField(f, &cols[SUMMARY_SAMPLES_RUN_ID]));
    if (!pr) goto oom;
    if (x.proc) pr->proc = x.proc;
    if (summarySampleAdd(s, g, pr, cols, phase, &x) == 0) return 0;
oom:
    snprintf(err, errlen, "%s: out of memory", where);
    return -1;
}

int summaryReadSamples(summary *s, const char *path, char *err, size_t errlen) {
    csvCol cols[SUMMARY_SAMPLES_N] = {SUMMARY_SAMPLES_COLUMNS(SUMMARY_READ_COL)};
    return csvReadByName(s, path, cols, SUMMARY_SAMPLES_N, summarySampleRow, err, errlen);
}

/* --- whole.csv ------------------------------------------------------------------- */

static int summaryWholeRow(void *ctx, char **f, const csvCol *cols, const char *where, char *err,
                           size_t errlen) {
    summary *s = ctx;
    double wall, x;
    long width = 0, majflt = -1, minflt = -1, n;
    const char *v;
    if (summaryParseDouble(v = csvColField(f, &cols[SUMMARY_WHOLE_WALL_MS]), &wall) || wall < 0)
        return summaryBad(err, errlen, where, &cols[SUMMARY_WHOLE_WALL_MS], v, "a time >= 0 in ms");
    /* Empty where the contract allows it: width for --binary runs, CPU times
     * and faults where the tool gives none. */
    if (*(v = csvColField(f, &cols[SUMMARY_WHOLE_WIDTH])) &&
        summaryParseLong(v, RANGE_WIDTH_MIN, RANGE_WIDTH_MAX, &width))
        return summaryBad(err, errlen, where, &cols[SUMMARY_WHOLE_WIDTH], v,
                          "a width in " RANGE_TEXT(RANGE_WIDTH));
    double cpu[2] = {NAN, NAN}; /* user, sys */
    for (int c = SUMMARY_WHOLE_USER_MS; c <= SUMMARY_WHOLE_SYS_MS; c++)
        if (*(v = csvColField(f, &cols[c]))) {
            if (summaryParseDouble(v, &x) || x < 0)
                return summaryBad(err, errlen, where, &cols[c], v, "a time >= 0 in ms");
            cpu[c - SUMMARY_WHOLE_USER_MS] = x;
        }
    if (*(v = csvColField(f, &cols[SUMMARY_WHOLE_MINFLT])) &&
        summaryParseLong(v, 0, 1L << 40, &minflt))
        return summaryBad(err, errlen, where, &cols[SUMMARY_WHOLE_MINFLT], v, "a count >= 0");
    if (*(v = csvColField(f, &cols[SUMMARY_WHOLE_MAJFLT])) &&
        summaryParseLong(v, 0, 1L << 40, &majflt))
        return summaryBad(err, errlen, where, &cols[SUMMARY_WHOLE_MAJFLT], v, "a count >= 0");
    if (*(v = csvColField(f, &cols[SUMMARY_WHOLE_RUN])) && summaryParseLong(v, 0, 1000000000L, &n))
        return summaryBad(err, errlen, where, &cols[SUMMARY_WHOLE_RUN], v, "a run number >= 0");
    long code = 0;
    if (*(v = csvColField(f, &cols[SUMMARY_WHOLE_EXIT_CODE])) &&
        summaryParseLong(v, -1000, 1000, &code))
        return summaryBad(err, errlen, where, &cols[SUMMARY_WHOLE_EXIT_CODE], v, "an exit status");
    const char *copy = csvColField(f, &cols[SUMMARY_WHOLE_COPY]);
    summaryKey k = {
        .workload = (char *)csvColField(f, &cols[SUMMARY_WHOLE_WORKLOAD]),
        .params = (char *)csvColField(f, &cols[SUMMARY_WHOLE_PARAMS]),
        .wait = (char *)csvColField(f, &cols[SUMMARY_WHOLE_WAIT]),
        .condition = (char *)csvColField(f, &cols[SUMMARY_WHOLE_CONDITION]),
        .stressors = (char *)csvColField(f, &cols[SUMMARY_WHOLE_STRESSORS]),
        .copy = (char *)summaryCopyOf(*copy ? copy : csvColField(f, &cols[SUMMARY_WHOLE_LABEL])),
        .load = (char *)summaryLoadOf(csvColField(f, &cols[SUMMARY_WHOLE_LOAD]),
                                      csvColField(f, &cols[SUMMARY_WHOLE_CONDITION])),
        .width = (int)width,
    };
    summaryGroup *g = summaryGroupFor(s, &k, csvColField(f, &cols[SUMMARY_WHOLE_HARNESS]), where);
    if (!g) goto oom;
    /* threads.sh's labels cut and slow: a run coldload-run stopped (its cap,
     * or known slow), its time a lower bound (samples.csv's censored row):
     * not a failure, and not a time either */
    const char *label = csvColField(f, &cols[SUMMARY_WHOLE_LABEL]);
    int cut = strcmp(label, "cut") == 0, slow = strcmp(label, "slow") == 0;
    if (cut || slow) {
        g->whole_censored++;
        g->whole_slow += (size_t)slow;
        return 0;
    }
    if (code != 0) { /* a failed run's time is not a measurement */
        g->whole_failed++;
        return 0;
    }
    int hf = strcmp(csvColField(f, &cols[SUMMARY_WHOLE_TOOL]), "hyperfine") == 0;
    if (summaryVecPush(hf ? &g->v_whole_hf : &g->v_whole_time, wall) != 0) goto oom;
    if (!isnan(cpu[0]) && summaryVecPush(&g->v_whole_user[hf], cpu[0]) != 0) goto oom;
    if (!isnan(cpu[1]) && summaryVecPush(&g->v_whole_sys[hf], cpu[1]) != 0) goto oom;
    if (majflt >= 0 && summaryVecPush(&g->v_whole_majflt, (double)majflt) != 0) goto oom;
    if (minflt >= 0 && summaryVecPush(&g->v_whole_minflt, (double)minflt) != 0) goto oom;
    return 0;
oom:
    snprintf(err, errlen, "%s: out of memory", where);
    return -1;
}

int summaryReadWhole(summary *s, const char *path, char *err, size_t errlen) {
    csvCol cols[SUMMARY_WHOLE_N] = {SUMMARY_WHOLE_COLUMNS(SUMMARY_READ_COL)};
    return csvReadByName(s, path, cols, SUMMARY_WHOLE_N, summaryWholeRow, err, errlen);
}

/* --- runs.csv: a run's figures, by the names of runs-columns.tsv ----------------------------- */

/* A field of runs-columns.tsv: at most max bytes of printable ASCII (the
 * launcher's own words: anything else is not its table); names only
 * [a-z0-9_] (they become JSON keys and table heads). */
static int summaryTsvField(const char *v, size_t max, int name) {
    size_t n = strlen(v);
    if (n > max || (name && n == 0)) return -1;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)v[i];
        if (c < 0x20 || c >= 0x7f) return -1;
        if (name && !((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return -1;
    }
    return 0;
}

/* The figures runs-columns.tsv names into s->run_fig (already read: kept). */
static int summaryRunFigs(summary *s, const char *path, char *err, size_t errlen) {
    char why[SAFEFILE_WHY_MAX];
    FILE *f = safefileFopenRead(path, why, sizeof why);
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, why);
        return -1;
    }
    char line[1024];
    int rc = 0;
    for (size_t ln = 1; rc == 0 && fgets(line, sizeof line, f); ln++) {
        size_t len = strlen(line);
        if (len && line[len - 1] == '\n') line[--len] = '\0';
        else if (!feof(f)) {
            snprintf(err, errlen, "%s:%zu: a line longer than %zu bytes", path, ln,
                     sizeof line - 2);
            rc = -1;
            break;
        }
        char *fld[5];
        size_t nf = 0;
        for (char *p = line, *t; nf < 5; p = t + 1) {
            fld[nf++] = p;
            if (!(t = strchr(p, '\t'))) break;
            *t = '\0';
        }
        if (nf != 5 || strchr(fld[4], '\t')) {
            snprintf(err, errlen, "%s:%zu: expected 5 tab-separated fields", path, ln);
            rc = -1;
        } else if (ln == 1) {
            if (strcmp(fld[0], "name") || strcmp(fld[1], "role") || strcmp(fld[2], "unit") ||
                strcmp(fld[3], "cell") || strcmp(fld[4], "what")) {
                snprintf(err, errlen, "%s:1: not the header 'name role unit cell what'", path);
                rc = -1;
            }
        } else if (summaryTsvField(fld[0], 48, 1) || summaryTsvField(fld[2], 16, 0) ||
                   summaryTsvField(fld[4], 200, 0) ||
                   (strcmp(fld[3], "0") && strcmp(fld[3], "1"))) {
            snprintf(err, errlen,
                     "%s:%zu: a name of [a-z0-9_], a unit, a cell 0 or 1 and a text "
                     "of printable ASCII expected",
                     path, ln);
            rc = -1;
        } else {
            /* a figure, or a text the cell shows (its items gathered) */
            int fig = !strcmp(fld[1], "figure"), text = !strcmp(fld[1], "text") && fld[3][0] == '1';
            summaryRunFig *defs = fig ? s->run_fig : s->run_text;
            size_t *n = fig ? &s->nrun_fig : &s->nrun_text;
            if ((!fig && !text) || *n == (fig ? SUMMARY_RUN_FIGS : SUMMARY_RUN_TEXTS)) continue;
            int seen = 0;
            for (size_t k = 0; k < *n && !seen; k++) seen = !strcmp(defs[k].name, fld[0]);
            if (seen) continue;
            summaryRunFig *r = &defs[*n];
            r->name = strdup(fld[0]);
            r->unit = strdup(fld[2]);
            r->what = strdup(fld[4]);
            r->cell = fld[3][0] == '1';
            (*n)++;
            /* the list's identifier for it (common/runfigs.h), when it has one */
            int id = fig ? runfigFigureOf(fld[0]) : runfigTextOf(fld[0]);
            if (id >= 0) (fig ? s->run_fig_at : s->run_text_at)[id] = *n;
            if (!r->name || !r->unit || !r->what) {
                snprintf(err, errlen, "%s:%zu: out of memory", path, ln);
                rc = -1;
            }
        }
    }
    if (rc == 0 && ferror(f)) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        rc = -1;
    }
    fclose(f);
    return rc;
}

/* An item of a run text the report may show: 1..64 bytes of letters,
 * digits and " _().:+-" (a launcher's words: anything else is dropped,
 * never shown). */
static int summaryWordOk(const char *w, size_t n) {
    if (n == 0 || n > 64) return 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)w[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              strchr(" _().:+-", c)))
            return 0;
    }
    return 1;
}

/* Adds the ;-separated items of v not in *set yet (bounded). -1 out of memory. */
static int summaryAddWords(char **set, const char *v) {
    for (const char *p = v; *p;) {
        size_t n = strcspn(p, ";");
        size_t have = *set ? strlen(*set) : 0;
        int dup = 0;
        for (const char *q = *set; q && *q && !dup;) {
            size_t m = strcspn(q, ";");
            dup = m == n && !strncmp(q, p, n);
            q += m + (q[m] == ';');
        }
        if (!dup && summaryWordOk(p, n) && have + n + 1 < SUMMARY_RUN_WORDS_MAX) {
            char *g = realloc(*set, have + n + 2);
            if (!g) return -1;
            if (have) g[have++] = ';';
            memcpy(g + have, p, n);
            g[have + n] = '\0';
            *set = g;
        }
        p += n + (p[n] == ';');
    }
    return 0;
}

/* The cell a run of runs.csv belongs to: the group of its key, read from
 * samples.csv and whole.csv before it; NULL when there is none (a run that
 * is no cell's). The launcher does not know the wait policy a program chose
 * (the page's binaries say it in their own rows: wait=block), so a run
 * without one joins the group of its key whatever its wait. */
static summaryGroup *summaryRunGroupOf(summary *s, const summaryKey *k) {
    summaryGroup *any = NULL;
    for (size_t i = 0; i < s->n; i++) {
        summaryGroup *g = &s->g[i];
        if (summaryKeySame(&g->key, k, SUMMARY_K_ALL)) return g;
        if (!any && !k->wait[0] && summaryKeySame(&g->key, k, SUMMARY_K_ALL & ~SUMMARY_K_WAIT))
            any = g;
    }
    return any;
}

/* Every row's status, output hash and figures as docs/csv-columns.md says
 * them (a status of the launcher's list, a hash of hex digits, each figure
 * by its unit: common/runfigs.h's runfigValue), whatever the row's status or
 * cell: a hand-edited or corrupt row is refused, never skipped or averaged.
 * A figure this build's list has is checked by its own unit, not the one
 * the directory's runs-columns.tsv claims. The values land in x (NAN:
 * empty or absent). */
static int summaryRunCheck(const summary *s, char **f, const csvCol *cols, const char *where,
                           double *x, char *err, size_t errlen) {
    const char *v;
    uint64_t h;
    if (runfigStatusOf(v = csvColField(f, &cols[SUMMARY_RUNS_STATUS])) < 0)
        return summaryBad(err, errlen, where, &cols[SUMMARY_RUNS_STATUS], v,
                          "a run's status (" RUNFIG_STATUSES_TEXT ")");
    if (*(v = csvColField(f, &cols[SUMMARY_RUNS_OUT_HASH])) && summaryParseHex64(v, &h))
        return summaryBad(err, errlen, where, &cols[SUMMARY_RUNS_OUT_HASH], v,
                          "a hex hash (or empty)");
    for (size_t i = 0; i < s->nrun_fig; i++) {
        const csvCol *c = &cols[SUMMARY_RUNS_N + i];
        int id = runfigFigureOf(s->run_fig[i].name);
        const char *unit = id >= 0 ? runfigFigureUnit((runfigFigure)id) : s->run_fig[i].unit;
        const char *want;
        x[i] = NAN;
        if (c->idx < 0 || !*(v = csvColField(f, c))) continue; /* absent, or unknown */
        if (runfigValue(unit, v, &x[i], &want)) return summaryBad(err, errlen, where, c, v, want);
    }
    return 0;
}

static int summaryRunRow(void *ctx, char **f, const csvCol *cols, const char *where, char *err,
                         size_t errlen) {
    summary *s = ctx;
    double x[SUMMARY_RUN_FIGS];
    if (summaryRunCheck(s, f, cols, where, x, err, errlen) != 0) return -1;
    const char *st = csvColField(f, &cols[SUMMARY_RUNS_STATUS]), *v;
    /* a run with a time (ok) or a bound (cut, slow): a failed run has no figures of its cell */
    if (strcmp(st, "ok") && strcmp(st, "cut") && strcmp(st, "slow")) return 0;
    long width = 0;
    if (*(v = csvColField(f, &cols[SUMMARY_RUNS_WIDTH]))
            ? summaryParseLong(v, RANGE_WIDTH_MIN, RANGE_WIDTH_MAX, &width)
            : strcmp(csvColField(f, &cols[SUMMARY_RUNS_WIDTH_REQUESTED]), "default") != 0)
        return summaryBad(
            err, errlen, where, &cols[SUMMARY_RUNS_WIDTH], v,
            "a width in " RANGE_TEXT(RANGE_WIDTH) " (empty only with width_requested=default)");
    summaryKey k = {
        .workload = (char *)csvColField(f, &cols[SUMMARY_RUNS_WORKLOAD]),
        .params = (char *)csvColField(f, &cols[SUMMARY_RUNS_PARAMS]),
        .wait = "",
        .condition = (char *)csvColField(f, &cols[SUMMARY_RUNS_CONDITION]),
        .stressors = (char *)csvColField(f, &cols[SUMMARY_RUNS_STRESSORS]),
        .copy = (char *)summaryCopyOf(csvColField(f, &cols[SUMMARY_RUNS_COPY])),
        .load = (char *)summaryLoadOf(csvColField(f, &cols[SUMMARY_RUNS_LOAD]),
                                      csvColField(f, &cols[SUMMARY_RUNS_CONDITION])),
        .width = (int)width,
    };
    if (!k.workload[0]) {
        snprintf(err, errlen, "%s: column '%s' is empty", where, cols[SUMMARY_RUNS_WORKLOAD].name);
        return -1;
    }
    summaryGroup *g = summaryRunGroupOf(s, &k);
    if (!g) return 0; /* a run of no cell: a first-run part's, a --binary cold start's */
    for (size_t i = 0; i < s->nrun_fig; i++)
        if (!isnan(x[i]) && summaryVecPush(&g->v_run[i], x[i])) goto oom;
    for (size_t i = 0; i < s->nrun_text; i++) {
        const csvCol *c = &cols[SUMMARY_RUNS_N + s->nrun_fig + i];
        if (c->idx >= 0 && summaryAddWords(&g->run_words[i], csvColField(f, c)) != 0) goto oom;
    }
    return 0;
oom:
    snprintf(err, errlen, "%s: out of memory", where);
    return -1;
}

int summaryReadRuns(summary *s, const char *runs_csv, const char *columns_tsv, char *err,
                    size_t errlen) {
    if (summaryRunFigs(s, columns_tsv, err, errlen) != 0) return -1;
    csvCol *cols = calloc(SUMMARY_RUNS_N + s->nrun_fig + s->nrun_text, sizeof *cols);
    if (!cols) {
        snprintf(err, errlen, "%s: out of memory", runs_csv);
        return -1;
    }
    static const csvCol keys[SUMMARY_RUNS_N] = {SUMMARY_RUNS_KEYS(SUMMARY_READ_COL)};
    memcpy(cols, keys, sizeof keys);
    for (size_t i = 0; i < s->nrun_fig; i++)
        cols[SUMMARY_RUNS_N + i] = (csvCol){s->run_fig[i].name, 0, -1};
    for (size_t i = 0; i < s->nrun_text; i++)
        cols[SUMMARY_RUNS_N + s->nrun_fig + i] = (csvCol){s->run_text[i].name, 0, -1};
    int rc = csvReadByName(s, runs_csv, cols, SUMMARY_RUNS_N + s->nrun_fig + s->nrun_text,
                           summaryRunRow, err, errlen);
    free(cols);
    return rc;
}
