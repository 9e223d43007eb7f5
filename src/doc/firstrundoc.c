/* firstrundoc.c -- the first run's parts in the report's section "Where the
 * first run's milliseconds go" (see firstrundoc.h; the chart's data:
 * export/firstrunchart). The parts themselves are computed in
 * model/firstrun.c; this file only lays them out. */
#include "doc/firstrundoc.h"

#include <math.h>
#include <string.h>


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

/* How many rounds the stopping rule took and why it stopped: firstrun.sh's
 * stop (stops.csv's row of harness firstrun, or meta's firstrun_stop). */
static void frStop(const metaStops *stops, const docFmt *fmt, FILE *f) {
    static const char *const why[] = {"every part known (decided)",
                                      "a part still undecided at the most rounds",
                                      "the rounds fixed by --procs"};
    const metaStop *x = metaStopFind(stops, "firstrun", "none", 0, "", 0);
    if (!x) return;
    char line[160];
    snprintf(line, sizeof line, "The stopping rule took %ld round%s: %s.", x->procs,
             x->procs == 1 ? "" : "s",
             why[(unsigned)x->how < sizeof why / sizeof why[0] ? x->how : 0]);
    fmt->para(f, line);
}

void firstrundocSection(const firstrun *fr, const char *err, const metaStops *stops,
                        const docFmt *fmt, FILE *f) {
    if (!fr || (!err && fr->n == 0)) return;
    fmt->section(f, "firstrun", "Where the first run's milliseconds go");
    if (err) {
        fmt->para(f, err);
        fmt->section_end(f);
        return;
    }
    fmt->para(f, frWhy);
    frStop(stops, fmt, f);
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
