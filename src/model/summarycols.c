/* summarycols.c -- summary.csv's columns, one table (summaryColumns), and
 * the text the summary gives others: summary.csv itself, a group described,
 * milliseconds formatted. Its own file so that a new column is one row of
 * the table and nothing else (see summary.h). */
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
#include "model/summaryint.h"

/* --- output ------------------------------------------------------------------------- */

/* summary.csv's columns, in file order: one table, so the header and the
 * values cannot drift apart, and results.json (export/json) names the same
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
    /* censoring: runs stopped before they ended (lower bounds), after those */
    SC("censored_procs", COUNT, censored_procs),
    SC("censored_min_ms", NUM, censored_min_ms),
    SC("median_bound", FLAG, median_bound),
    SC("ratio_bound", FLAG, ratio_bound),
    SC("ratio_lo_bound", FLAG, ratio_lo_bound),
    SC("ratio_hi_bound", FLAG, ratio_hi_bound),
    SC("whole_censored", COUNT, whole_censored),
    SC("whole_slow", COUNT, whole_slow),
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
    case SUMMARY_COL_FLAG: return *(const int *)p ? 1 : 0;
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
