/* firstrundoc.c -- the first run's parts as documents: the chart's data
 * (plots/firstrun.dat) and the report's section "Where the first run's
 * milliseconds go" (see firstrundoc.h). The parts themselves are computed in
 * model/firstrun.c; this file only lays them out. */
#include "doc/firstrundoc.h"

#include <math.h>
#include <string.h>
#include <unistd.h>

#include "common/atomicfile.h"

/* --- the chart's data -------------------------------------------------------------------- */

/* Segments bottom up: the work itself, the parts that add up, the remainder. */
#define FR_SEGMENTS (FIRSTRUN_PARTS + 2)

static double frSegment(const firstrunCell *c, int s) {
    if (s == 0) return c->steady.median;
    if (s <= FIRSTRUN_PARTS) return c->part[s - 1].n ? c->part[s - 1].median : 0;
    return c->remainder;
}

int firstrundocWriteDat(const firstrun *fr, FILE *f) {
    fprintf(f, "# firstrun.dat -- written by coldload-summarize from firstrun.csv\n"
               "# idx label total_ms, then lo hi (ms) of each segment stacked from 0 (negative "
               "ones below it):\n# steady");
    for (int p = 0; p < FIRSTRUN_PARTS; p++) fprintf(f, " part%d", p);
    fputs(" remainder\n", f);
    /* the column names, read by plots/firstrun.gp (no '#') */
    fputs("idx label total_ms steady_lo steady_hi", f);
    for (int p = 0; p < FIRSTRUN_PARTS; p++) fprintf(f, " part%d_lo part%d_hi", p, p);
    fputs(" remainder_lo remainder_hi\n", f);
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

int firstrundocChart(const firstrun *fr, const char *plots_dir, char *err, size_t errlen) {
    char path[4096];
    snprintf(path, sizeof path, "%s/firstrun.dat", plots_dir);
    int rc = 0;
    if (fr->n == 0) {
        unlink(path); /* a stale chart of rows that are gone would mislead */
    } else {
        atomicFile a; /* renamed into place: never written through a planted link */
        if (atomicOpen(&a, path) != 0) {
            snprintf(err, errlen, "%s: %s", path, a.why);
            return -1;
        }
        if (firstrundocWriteDat(fr, a.f) != 0) {
            atomicAbort(&a);
            rc = -1;
        } else if (atomicCommit(&a) != 0) rc = -1;
        if (rc) snprintf(err, errlen, "%s: write failed", path);
    }
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
static const char *const frHead[4] = {"part", "measured as", "median ms", "spread ms"};
static const docTable frTable = {"firstrun", frHead, 4, "llrr"};

static void frTableRow(const docFmt *fmt, FILE *f, const char *name, const char *how,
                       const char *med, const char *spread) {
    const char *cells[4] = {name, how, med, spread};
    fmt->row(f, &frTable, cells);
}

static void frSpreadRow(const docFmt *fmt, FILE *f, const char *name, const char *how,
                        const firstrunSpread *s, const char *what) {
    char med[32], spread[96];
    frMs(med, sizeof med, s->n ? s->median : NAN);
    frRange(spread, sizeof spread, s, what);
    frTableRow(fmt, f, name, how, med, spread);
}

static void frCellTable(const firstrunCell *c, const docFmt *fmt, FILE *f) {
    char cap[256], med[32];
    snprintf(cap, sizeof cap,
             "%s, %s: %.3f ms from exec to the first result, %.3f ms of it "
             "beyond the steady call (%zu processes)",
             c->workload, c->kind, c->total.median, c->extra, c->total.n);
    fmt->para_begin(f, NULL);
    fmt->strong(f, cap);
    fmt->para_end(f);
    fmt->table(f, &frTable);
    const char *start = c->start_phase && !strcmp(c->start_phase, "start_to_main")
                            ? "/proc/self/stat starttime (the fork, 10 ms ticks) to the constructor"
                            : "coldload-exec's clock before execve to the constructor";
    frSpreadRow(fmt, f, "total: exec -> first result", "exec -> main + main -> first result",
                &c->total, "processes");
    frSpreadRow(fmt, f, "of the total: exec -> main", start, &c->exec_main, "processes");
    frSpreadRow(fmt, f, "of the total: main -> first result", "constructor to the first call's end",
                &c->main_first, "processes");
    frSpreadRow(fmt, f, "of main -> first result: the first call", "its own clock", &c->first,
                "processes");
    frSpreadRow(fmt, f, "the steady call (the work itself)",
                "median of each process's steady calls", &c->steady, "processes");
    frMs(med, sizeof med, c->extra);
    frTableRow(fmt, f, "extra: total - steady", "the first run's extra milliseconds", med, "");
    for (int p = 0; p < FIRSTRUN_ALL; p++) {
        if (p == FIRSTRUN_COPY && !strcmp(c->kind, "same")) continue;
        frSpreadRow(fmt, f, firstrunPartName(p), firstrunPartHow(p), &c->part[p], "pairs");
    }
    frMs(med, sizeof med, c->remainder);
    frTableRow(fmt, f, "remainder",
               "extra - the parts measured above (lazy binding not "
               "counted twice)",
               med, "");
    fmt->table_end(f, &frTable);
}

void firstrundocSection(const firstrun *fr, const char *err, const docFmt *fmt, FILE *f) {
    if (!fr || (!err && fr->n == 0)) return;
    fmt->section(f, "firstrun", "Where the first run's milliseconds go");
    if (err) {
        fmt->para(f, err);
        fmt->section_end(f);
        return;
    }
    fmt->para(f, frWhy);
    static const docFigure chart = {
        "chart-firstrun",
        "Where the first run's milliseconds go",
        "plots/firstrun.svg",
        "plots/firstrun.png",
        "One bar per workload and copy kind, from exec to the first result: the steady call at "
        "the bottom, each part above it, the remainder on top (a negative part or remainder "
        "below zero).",
        {{"PNG", "plots/firstrun.png"}, {"data", "plots/firstrun.dat"}}};
    fmt->figure(f, &chart);
    for (size_t i = 0; i < fr->n; i++) frCellTable(&fr->c[i], fmt, f);
    fmt->section_end(f);
}
