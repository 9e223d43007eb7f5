/* report.c -- writes report.html and report.md (see report.h).
 *
 * Everything printed comes from files a user may have edited, so every
 * string goes through an escaper for its format; nothing here trusts a
 * label to be plain text. */
#include "doc/report.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/slurp.h"
#include "doc/chartdata.h"
#include "doc/docfmt.h"
#include "doc/firstrundoc.h"
#include "doc/scandoc.h"
#include "doc/threadsdoc.h"
#include "model/coldread.h"

#define REPORT_FILE_MAX (256 * 1024) /* the .out files: more is cut */

/* --- escaping ----------------------------------------------------------------------- */

static void reportHtml(FILE *f, const char *s) { docEscapeHtml(f, s); }

/* Markdown inline text: the characters that would start markup are escaped. */
static void reportMdText(FILE *f, const char *s) { docEscapeMd(f, s); }

/* A fenced block must not contain its own fence. */
static void reportMdBlock(FILE *f, const char *s) {
    fputs("````text\n", f);
    for (const char *p = s; *p;) {
        size_t len = strcspn(p, "\n");
        if (len >= 4 && strncmp(p, "````", 4) == 0) fputc(' ', f);
        fwrite(p, 1, len, f);
        fputc('\n', f);
        p += len + (p[len] == '\n');
    }
    fputs("````\n\n", f);
}

/* --- shared pieces ------------------------------------------------------------------ */

/* One row of runs-lines.tsv: its log's name and its line, and where it came
 * in the file (the sort is stable by it). */
typedef struct reportRunLine {
    const char *log, *line;
    size_t at;
} reportRunLine;

static int reportRunLineCmp(const void *a, const void *b) {
    const reportRunLine *x = a, *y = b;
    int c = strcmp(x->log, y->log);
    return c ? c : (x->at > y->at) - (x->at < y->at);
}

/* The run lines the harness recorded in runs-lines.tsv (harness/lib/
 * workloads.sh cl_run_lines: "log<TAB>line" under a header, each binary's
 * page-format lines as its --describe line_prefix says), in log name order
 * and in run order within a log, each prefixed with its log's name padded to
 * a column: one block a reader scans top to bottom. NULL when there are
 * none; *missing = 1 when the file is absent or not that table. */
static char *reportRunLines(const char *results_dir, int *missing) {
    static const char head[] = "log\tline\n";
    *missing = 1;
    if (!results_dir) return NULL;
    char path[4096];
    snprintf(path, sizeof path, "%s/runs-lines.tsv", results_dir);
    int trunc = 0;
    char *text = slurpText(path, REPORT_FILE_MAX / 4, &trunc);
    if (!text || strncmp(text, head, sizeof head - 1) != 0) {
        free(text);
        return NULL;
    }
    *missing = 0;
    reportRunLine *rows = NULL;
    size_t n = 0, cap = 0, width = 0;
    for (char *p = text + sizeof head - 1; *p;) {
        size_t len = strcspn(p, "\n");
        char *next = p + len + (p[len] == '\n'), *tab = memchr(p, '\t', len);
        p[len] = '\0';
        if (tab && (!trunc || *next)) { /* a cut file's last row may be partial */
            *tab = '\0';
            if (n == cap) {
                size_t nc = cap ? 2 * cap : 64;
                reportRunLine *nr = realloc(rows, nc * sizeof *nr);
                if (!nr) break;
                rows = nr, cap = nc;
            }
            rows[n] = (reportRunLine){p, tab + 1, n};
            if ((size_t)(tab - p) > width) width = (size_t)(tab - p);
            n++;
        }
        p = next;
    }
    if (n > 1) qsort(rows, n, sizeof *rows, reportRunLineCmp);
    char *out = NULL;
    size_t outlen = 0;
    FILE *f = open_memstream(&out, &outlen);
    for (size_t i = 0; f && i < n; i++)
        fprintf(f, "%-*s  %s\n", (int)width, rows[i].log, rows[i].line);
    if (f && trunc && n) fprintf(f, "%-*s  [... cut]\n", (int)width, "runs-lines.tsv");
    free(rows);
    free(text);
    if (!f) return NULL;
    fclose(f);
    if (out && !out[0]) {
        free(out);
        out = NULL;
    }
    return out;
}

static const char *reportRatio(double r, char *buf, size_t len) {
    if (isnan(r)) snprintf(buf, len, "-");
    else snprintf(buf, len, r >= 100 ? "%.0fx" : r >= 0.1 ? "%.1fx" : "%.2gx", r);
    return buf;
}

static const char *reportNum(double x, char *buf, size_t len) {
    if (isnan(x)) snprintf(buf, len, "-");
    else snprintf(buf, len, "%g", x);
    return buf;
}

/* The summary table's cells for one group (shared by HTML and Markdown). */
enum { REPORT_COLS = 18 };
static const char *const reportHead[REPORT_COLS] = {
    "group",         "runs",   "n",          "prepare ms", "first ms", "min ms",
    "median ms",     "max ms", "first/min",  "max/median", "vs idle",  "truncated",
    "procs_running", "load1",  "PSI some %", "checksums",  "whole ms", "whole majflt"};

/* One cell's text, allocated (the group's description has no length limit);
 * NULL when out of memory. */
__attribute__((format(printf, 1, 2))) static char *reportCell(const char *fmt, ...) {
    char *out = NULL;
    va_list ap;
    va_start(ap, fmt);
    int n = vasprintf(&out, fmt, ap);
    va_end(ap);
    return n < 0 ? NULL : out;
}

static void reportCells(const summaryGroup *g, char *cells[REPORT_COLS]) {
    char a[32]; /* a number: reportCell copies it at once */
    size_t len = 0;
    FILE *f = open_memstream(&cells[0], &len);
    if (f) {
        summaryDescribe(g, f);
        if (fclose(f) != 0) free(cells[0]), cells[0] = NULL;
    }
    cells[1] = reportCell("%zu", g->runs);
    cells[2] = reportCell("%zu", g->n);
    cells[3] = reportCell("%s", summaryFmtMs(g->prepare_ms, a, sizeof a));
    cells[4] = reportCell("%s", summaryFmtMs(g->first_ms, a, sizeof a));
    cells[5] = reportCell("%s", summaryFmtMs(g->min_ms, a, sizeof a));
    cells[6] = reportCell("%s", summaryFmtMs(g->median_ms, a, sizeof a));
    cells[7] = reportCell("%s", summaryFmtMs(g->max_ms, a, sizeof a));
    cells[8] = reportCell("%s", reportRatio(g->first_over_min, a, sizeof a));
    cells[9] = reportCell("%s", reportRatio(g->max_over_median, a, sizeof a));
    cells[10] = reportCell("%s", reportRatio(g->loaded_over_idle, a, sizeof a));
    cells[11] = reportCell("%zu", g->truncated);
    cells[12] = reportCell("%s", reportNum(g->procs_median, a, sizeof a));
    if (isnan(g->load1_median)) cells[13] = reportCell("-");
    else cells[13] = reportCell("%.2f", g->load1_median);
    if (isnan(g->psi_some_pct)) cells[14] = reportCell("-");
    else cells[14] = reportCell("%.0f", g->psi_some_pct);
    cells[15] = reportCell("%zu", g->nchecksums);
    cells[16] = reportCell("%s", summaryFmtMs(g->whole_median_ms, a, sizeof a));
    cells[17] = reportCell("%s", reportNum(g->whole_majflt, a, sizeof a));
}

/* The summary table's body in either format: the markup around rows and
 * cells, and the escaper for cell text. */
typedef struct reportTableFmt {
    const char *row, *cell, *cell_end, *row_end;
    void (*escape)(FILE *f, const char *s);
} reportTableFmt;

static void reportRows(const summary *s, const reportTableFmt *t, FILE *f) {
    for (size_t i = 0; i < s->n; i++) {
        char *cells[REPORT_COLS] = {0};
        reportCells(&s->g[i], cells);
        fputs(t->row, f);
        for (int k = 0; k < REPORT_COLS; k++) {
            fputs(t->cell, f);
            t->escape(f, cells[k] ? cells[k] : "?");
            fputs(t->cell_end, f);
            free(cells[k]);
        }
        fputs(t->row_end, f);
    }
}

/* meta.txt "missing=<half>: <reason>" lines (report.sh writes one when a
 * harness failed), each as row + half + cell + reason + row_end: the very
 * first thing either document says, since every answer after it lacks that
 * half. */
static void reportMissing(const metaTable *m, const reportTableFmt *t, FILE *f) {
    for (size_t i = 0; i < m->n; i++) {
        if (strcmp(m->keys[i], "missing") != 0) continue;
        const char *v = m->vals[i], *c = strstr(v, ": ");
        char *half = strndup(v, c ? (size_t)(c - v) : strlen(v));
        fputs(t->row, f);
        t->escape(f, half ? half : v);
        free(half);
        fputs(t->cell, f);
        t->escape(f, c ? c + 2 : "");
        fputs(t->row_end, f);
    }
}

static size_t reportCount(const verdictList *l, verdictLevel lv) {
    size_t n = 0;
    for (size_t i = 0; i < l->n; i++) n += l->v[i].level == lv;
    return n;
}

/* --- the two answers the report opens with --------------------------------------------- */

#define RMS(x) summaryFmtMs((x), (char[32]){0}, 32)
#define RX(x) reportRatio((x), (char[32]){0}, 32)

/* What the first answer rests on: the cold kind furthest above the same
 * copy (cold against same, worst = their ratio, fresh the same cell's fresh
 * copy), the idle first call furthest above its steady min, and whether
 * either is slow as the verdicts count it. */
typedef struct reportFirstFacts {
    const summaryGroup *same, *cold, *fresh, *first;
    double worst;
    int cold_slow, slow;
} reportFirstFacts;

static void reportFirstPick(const reportInput *in, reportFirstFacts *x) {
    const summary *s = in->s;
    const verdictThresholds *t = in->thresholds;
    /* The cold kind furthest above the same copy, over the workloads. */
    const summaryGroup *same = NULL, *cold = NULL, *fresh = NULL;
    double worst = 0;
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *a = &s->g[i];
        if (!summaryIsCopy(a, SUMMARY_COPY_SAME) || !(a->whole_median_ms > 0)) continue;
        for (size_t j = 0; j < s->n; j++) {
            const summaryGroup *b = &s->g[j];
            if (!summaryKeySame(&a->key, &b->key, SUMMARY_K_ALL & ~SUMMARY_K_COPY) ||
                isnan(b->whole_median_ms))
                continue;
            /* evicted first: the per-file cause, and it runs without root;
             * dropcache only where no copy was evicted */
            int ev = summaryIsCopy(b, SUMMARY_COPY_EVICTED),
                dc = summaryIsCopy(b, SUMMARY_COPY_DROPCACHE);
            int better = cold && summaryIsCopy(cold, SUMMARY_COPY_EVICTED) && !ev ? 0
                         : ev && cold && !summaryIsCopy(cold, SUMMARY_COPY_EVICTED)
                             ? 1
                             : b->whole_median_ms / a->whole_median_ms > worst;
            if ((ev || dc) && better) {
                worst = b->whole_median_ms / a->whole_median_ms;
                same = a, cold = b, fresh = NULL;
            }
        }
    }
    for (size_t j = 0; same && j < s->n; j++)
        if (summaryKeySame(&same->key, &s->g[j].key, SUMMARY_K_ALL & ~SUMMARY_K_COPY) &&
            summaryIsCopy(&s->g[j], SUMMARY_COPY_FRESH) && !isnan(s->g[j].whole_median_ms))
            fresh = &s->g[j];
    /* The first call in a process against its steady min, idle groups only. */
    const summaryGroup *first = NULL;
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *g = &s->g[i];
        if (!summaryIsLoaded(g) && !isnan(g->first_over_min) &&
            (!first || g->first_over_min > first->first_over_min))
            first = g;
    }
    /* Slow only as the cold-start verdict counts it: above the threshold by
     * the medians *and* above the same copy's slowest run, so the answer and
     * the verdict under it never disagree (a 2.6x median within the same
     * copy's spread is noise, not a first-run cost). */
    int beyond = cold && cold->whole_median_ms > same->whole_max_ms;
    int cold_slow = cold && worst >= t->cold_same && beyond;
    int slow = cold_slow || (first && first->first_over_min >= t->first_min);
    *x = (reportFirstFacts){same, cold, fresh, first, worst, cold_slow, slow};
}

/* "Is the first run slow here, and why?" from the cold-start figures (the
 * copy kinds' whole-process medians and major faults) and the first calls;
 * opening: with its first word (yes or no), which the report's lead
 * sentence says instead. */
static void reportAnswerFirst(const reportInput *in, FILE *f, int opening) {
    const verdictThresholds *t = in->thresholds;
    reportFirstFacts x;
    reportFirstPick(in, &x);
    const summaryGroup *same = x.same, *cold = x.cold, *fresh = x.fresh, *first = x.first;
    double worst = x.worst;
    int cold_slow = x.cold_slow;
    if (!cold && !first) {
        fprintf(f, "Not measured here: this run has no cold starts and no first calls.");
        return;
    }
    if (opening) fprintf(f, "%s", x.slow ? "Yes. " : "Not much. ");
    if (cold) {
        char maj[96] = "";
        if (!isnan(cold->whole_majflt))
            snprintf(maj, sizeof maj, ", with %g major page fault%s against %g", cold->whole_majflt,
                     cold->whole_majflt == 1 ? "" : "s",
                     isnan(same->whole_majflt) ? 0 : same->whole_majflt);
        fprintf(f,
                "A new process of %s whose binary and libraries were %s takes %s ms instead "
                "of %s ms (%s)%s: %s. ",
                same->key.workload[0] ? same->key.workload : "the program",
                summaryIsCopy(cold, SUMMARY_COPY_EVICTED) ? "evicted from the page cache"
                                                          : "dropped with the whole page cache",
                RMS(cold->whole_median_ms), RMS(same->whole_median_ms), RX(worst), maj,
                cold_slow && cold->whole_majflt > same->whole_majflt
                    ? "the OS reads them from disk, and that is the slow first run"
                : cold_slow ? "slower, without more page faults to explain why"
                : worst >= t->cold_same
                    ? "within the same copy's own spread (its slowest run was as slow), so "
                      "no clear cost of a cold page cache here"
                    : "a cold page cache costs little here");
        if (fresh)
            fprintf(f, "A freshly copied binary takes %s ms (%s the cached one)%s. ",
                    RMS(fresh->whole_median_ms), RX(fresh->whole_median_ms / same->whole_median_ms),
                    fresh->whole_median_ms < t->cold_same * same->whole_median_ms
                        ? ": copying leaves it in the page cache"
                        : "");
    }
    if (first) {
        fprintf(f, "Inside a process the first call is up to %s the steady minimum (",
                RX(first->first_over_min));
        summaryDescribe(first, f);
        fprintf(f, ": first %s ms, min %s ms)%s.", RMS(first->first_ms), RMS(first->min_ms),
                first->first_over_min >= t->first_min_notable
                    ? ": time it apart and keep it out of averages"
                    : "");
    }
}

/* One load kind's figures for the second answer: processes slow at width
 * > 1 (slow of procs), the cell with the slowest process (worst), width 1's
 * range of loaded/idle (lo1-hi1 over n1 cells). */
typedef struct reportLoadFacts {
    size_t slow, procs, n1;
    double lo1, hi1;
    const summaryGroup *worst;
} reportLoadFacts;

static void reportLoadPick(const reportInput *in, const char *load, reportLoadFacts *x) {
    const summary *s = in->s;
    *x = (reportLoadFacts){0, 0, 0, INFINITY, 0, NULL};
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *g = &s->g[i];
        if (!summaryIsLoaded(g) || strcmp(g->key.load, load) != 0 || g->slow_procs == SIZE_MAX ||
            isnan(g->proc_ratio))
            continue;
        if (g->key.width == 1) {
            x->n1++;
            x->lo1 = fmin(x->lo1, g->proc_ratio);
            x->hi1 = fmax(x->hi1, g->proc_ratio);
            continue;
        }
        x->slow += g->slow_procs;
        x->procs += g->procs;
        /* the cell with the slowest process: a bimodal cell's median hides it */
        const summaryGroup *w = x->worst;
        if (!w || g->proc_median_max_ms / g->proc_median_median_ms * g->proc_ratio >
                      w->proc_median_max_ms / w->proc_median_median_ms * w->proc_ratio)
            x->worst = g;
    }
}

/* One load kind's sentence for the second answer: processes slow at width >
 * 1, the worst cell with its interval, width 1's range. 0 when the kind has
 * no loaded cell with an idle one. */
static int reportLoadSentence(const reportInput *in, const char *load, FILE *f, int *all_slow) {
    reportLoadFacts x;
    reportLoadPick(in, load, &x);
    size_t slow = x.slow, procs = x.procs, n1 = x.n1;
    double lo1 = x.lo1, hi1 = x.hi1;
    const summaryGroup *worst = x.worst;
    if (!worst && !n1) return 0;
    const char *stress = worst ? worst->key.stressors : "";
    int kind = summaryWordOf(summaryLoads, SUMMARY_LOAD_N, load);
    if (kind == SUMMARY_LOAD_PINNED)
        fprintf(f, "Pinned load (one stress-ng worker bound to each CPU)");
    else if (kind == SUMMARY_LOAD_FREE)
        fprintf(f, "Free load (stress-ng --cpu %s, unbound)", stress[0] ? stress : "?");
    else fprintf(f, "Under load (stress-ng --cpu %s)", stress[0] ? stress : "?");
    if (worst) {
        summaryKey k = worst->key;
        double top = worst->proc_median_max_ms / worst->proc_median_median_ms * worst->proc_ratio;
        fprintf(f,
                ": at width > 1, %zu of %zu processes were at least %gx slower than idle; in "
                "the worst cell, %s%s%s width %d, the median process %s (95%% interval %s-%s) "
                "and the slowest %s",
                slow, procs, in->thresholds->contention_wide, k.workload, k.params[0] ? " " : "",
                k.params, k.width, RX(worst->proc_ratio), RX(worst->ratio_lo), RX(worst->ratio_hi),
                RX(top));
    }
    if (n1) {
        char a[32], b[32];
        reportRatio(lo1, a, sizeof a);
        reportRatio(hi1, b, sizeof b);
        fprintf(f, "%s width 1 %s%s%s", worst ? ";" : ":", a, strcmp(a, b) ? "-" : "",
                strcmp(a, b) ? b : "");
    }
    if (worst && slow > 0 && slow < procs)
        fprintf(f, ": the rest ran near idle, so whether threads hurt depends on "
                   "where the scheduler puts them");
    fprintf(f, ". ");
    *all_slow = worst && slow == procs;
    return 1;
}

/* The scan's recommendation, when the results hold one: the width to use
 * at each load level, which the two points of the loaded runs cannot give. */
static void reportAnswerScan(const reportInput *in, FILE *f) {
    char *rec = scandocRecommendation(in->results_dir);
    if (!rec) return;
    fprintf(f, " The scan (" SCANDOC_DIR "/) recommends, per pinned load workers: %s.", rec);
    free(rec);
}

/* "Do threads hurt under full load here?" from the per-process figures of
 * each kind of load. */
static void reportAnswerThreads(const reportInput *in, FILE *f, int opening) {
    int pinned_all = 0, free_all = 0, legacy_all = 0;
    /* The sentences first, into their own stream: the opening word depends
     * on what they found. */
    char *body = NULL;
    size_t blen = 0;
    FILE *b = open_memstream(&body, &blen);
    if (!b) return;
    int any = reportLoadSentence(in, summaryLoads[SUMMARY_LOAD_PINNED].name, b, &pinned_all);
    any |= reportLoadSentence(in, summaryLoads[SUMMARY_LOAD_FREE].name, b, &free_all);
    any |= reportLoadSentence(in, "", b, &legacy_all);
    int bad = fclose(b) != 0;
    if (!any || bad) {
        free(body);
        fprintf(f, "Not measured here: this run has no loaded measurements with "
                   "idle ones to compare them with.");
        reportAnswerScan(in, f);
        return;
    }
    fprintf(f, "%s%s",
            !opening                   ? ""
            : pinned_all || legacy_all ? "Yes, when every core is taken. "
            : free_all                 ? "Yes. "
                                       : "Not reproducibly. ",
            body);
    free(body);
    if (pinned_all || legacy_all || free_all)
        fprintf(f, "Keep the width at or below the idle cores.");
    /* What was cut to keep the loaded half bounded: the TRG's size, and the
     * cells whose budget stopped their series early. */
    size_t cut = 0, loaded = 0;
    for (size_t i = 0; i < in->s->n; i++) {
        const summaryGroup *g = &in->s->g[i];
        if (!summaryIsLoaded(g) || g->n == 0) continue;
        loaded++;
        if (g->truncated > 0) cut++;
    }
    const char *trg = in->meta ? metaGet(in->meta, "loaded_trg_params") : NULL;
    if (trg && *trg)
        fprintf(f,
                " Under load the TRG ran at %s only (a smaller size than idle: "
                "one 2-thread call takes seconds there).",
                trg);
    if (cut)
        fprintf(f,
                " %zu of %zu loaded cells were cut short by the budget "
                "(column truncated): their processes took fewer steady calls.",
                cut, loaded);
    reportAnswerScan(in, f);
}


/* A cold-only report (harness/coldreport.sh: `make cold BINARY=`, the
 * container's `cold`): meta's last `job` is "cold"; in results from before
 * that key, a coldreport run and no report.sh run. It investigates cold
 * starts, often of someone else's program: whether threads hurt under load
 * is not its question, and answering "not measured" would read as a failure. */
static int reportColdOnly(const metaTable *m) {
    if (!m) return 0;
    const char *job = metaGet(m, "job");
    if (job) return strcmp(job, "cold") == 0;
    return metaGet(m, "coldreport_command") && !metaGet(m, "report_command");
}

/* --- each answer at a glance: a lead sentence and a small table ------------------------- */

/* The lead of question k: yes or no and the one figure that decides it, one
 * sentence (nothing when nothing was measured: the rest says so). */
static void reportLead(const reportInput *in, int k, FILE *f) {
    if (k == 0) {
        reportFirstFacts x;
        reportFirstPick(in, &x);
        const char *yes = x.slow ? "Yes" : "Not much";
        /* the cold start decides unless only the first call is slow */
        if (x.cold &&
            (x.cold_slow || !x.first || x.first->first_over_min < in->thresholds->first_min))
            fprintf(f, "%s: a cold start of %s takes %s the cached one (%s vs %s ms).", yes,
                    x.same->key.workload[0] ? x.same->key.workload : "the program", RX(x.worst),
                    RMS(x.cold->whole_median_ms), RMS(x.same->whole_median_ms));
        else if (x.first)
            fprintf(f, "%s: the first call in a process is %s the steady minimum (%s %s).", yes,
                    RX(x.first->first_over_min), x.first->key.workload, x.first->key.params);
        return;
    }
    reportLoadFacts p, fr, lg;
    reportLoadPick(in, summaryLoads[SUMMARY_LOAD_PINNED].name, &p);
    reportLoadPick(in, summaryLoads[SUMMARY_LOAD_FREE].name, &fr);
    reportLoadPick(in, "", &lg);
    /* pinned load decides (it reproduces); free load only without it */
    const reportLoadFacts *d = p.worst ? &p : lg.worst ? &lg : fr.worst ? &fr : NULL;
    if (!d) return;
    int all = d->slow == d->procs;
    const summaryGroup *w = d->worst;
    if (d != &fr)
        fprintf(f,
                "%s: under %s load %s width %d is %s idle (95%% interval %s-%s), %zu of %zu "
                "processes at width > 1 at least %gx.",
                all ? "Yes, when every core is taken" : "Not reproducibly",
                d == &p ? "pinned" : "full", w->key.workload, w->key.width, RX(w->proc_ratio),
                RX(w->ratio_lo), RX(w->ratio_hi), d->slow, d->procs,
                in->thresholds->contention_wide);
    else
        fprintf(f, "%s: under free load %zu of %zu processes at width > 1 were at least %gx idle.",
                all ? "Yes" : "Not reproducibly", d->slow, d->procs,
                in->thresholds->contention_wide);
}

#define REPORT_GLANCE_ROWS 12 /* a small table: the rest is in the summary */
#define REPORT_GLANCE_COLS 5

/* The rows of question k's table, allocated cells (NULL: out of memory);
 * returns how many rows there were in all (more than max: cut). */
static size_t reportGlanceRows(const reportInput *in, int k,
                               char *rows[REPORT_GLANCE_ROWS][REPORT_GLANCE_COLS]) {
    const summary *s = in->s;
    size_t n = 0;
    if (k == 0) {
        /* every cold kind against the same copy of its cell */
        for (size_t i = 0; i < s->n; i++) {
            const summaryGroup *same = &s->g[i];
            if (!summaryIsCopy(same, SUMMARY_COPY_SAME) || !(same->whole_median_ms > 0)) continue;
            for (size_t j = 0; j < s->n; j++) {
                const summaryGroup *g = &s->g[j];
                int kind = summaryWordOf(summaryCopies, SUMMARY_COPY_N, g->key.copy);
                if (j == i || kind < 0 || !summaryCopies[kind].cold ||
                    !summaryKeySame(&same->key, &g->key, SUMMARY_K_ALL & ~SUMMARY_K_COPY) ||
                    isnan(g->whole_median_ms))
                    continue;
                if (n < REPORT_GLANCE_ROWS) {
                    char **c = rows[n];
                    c[0] =
                        reportCell("%s%s%s, %s", same->key.workload, same->key.params[0] ? " " : "",
                                   same->key.params, g->key.copy);
                    c[1] = reportCell("%s", RMS(same->whole_median_ms));
                    c[2] = reportCell("%s", RMS(g->whole_median_ms));
                    c[3] = reportCell("%s", RX(g->whole_median_ms / same->whole_median_ms));
                    c[4] = isnan(g->whole_majflt)
                               ? reportCell("-")
                               : reportCell("%g (same: %g)", g->whole_majflt,
                                            isnan(same->whole_majflt) ? 0 : same->whole_majflt);
                }
                n++;
            }
        }
        return n;
    }
    for (size_t i = 0; i < s->n; i++) {
        const summaryGroup *g = &s->g[i];
        const summaryGroup *idle = summaryIsLoaded(g) ? summaryIdleOf(s, g) : NULL;
        if (!idle || g->slow_procs == SIZE_MAX || isnan(g->proc_ratio)) continue;
        if (n < REPORT_GLANCE_ROWS) {
            char **c = rows[n];
            char w[16];
            if (summaryIsDefaultWidth(g)) snprintf(w, sizeof w, "default");
            else snprintf(w, sizeof w, "%d", g->key.width);
            c[0] =
                reportCell("%s%s%s w%s%s%s, %s S=%s", g->key.workload, g->key.params[0] ? " " : "",
                           g->key.params, w, g->key.wait[0] ? " " : "", g->key.wait,
                           g->key.load[0] ? g->key.load : "loaded",
                           g->key.stressors[0] ? g->key.stressors : "?");
            c[1] = reportCell("%s", RMS(idle->proc_median_median_ms));
            c[2] = reportCell("%s", RMS(g->proc_median_median_ms));
            c[3] = reportCell("%zu of %zu", g->slow_procs, g->procs);
            c[4] = reportCell("%s (%s-%s)", RX(g->proc_ratio), RX(g->ratio_lo), RX(g->ratio_hi));
        }
        n++;
    }
    return n;
}

/* Question k's table in HTML or Markdown; nothing when it has no row. */
static void reportGlance(const reportInput *in, int k, int html, FILE *f) {
    static const char *const head[2][REPORT_GLANCE_COLS] = {
        {"cell, cold copy", "same copy (ms)", "cold copy (ms)", "cold / same", "major faults"},
        {"cell", "idle (ms)", "loaded (ms)", "slow processes", "loaded / idle (95% interval)"}};
    char *rows[REPORT_GLANCE_ROWS][REPORT_GLANCE_COLS] = {{0}};
    size_t n = reportGlanceRows(in, k, rows),
           shown = n < REPORT_GLANCE_ROWS ? n : REPORT_GLANCE_ROWS;
    void (*esc)(FILE *, const char *) = html ? reportHtml : reportMdText;
    if (n == 0) return;
    fputs(html ? "<table class=\"glance\">\n<tr>" : "|", f);
    for (int c = 0; c < REPORT_GLANCE_COLS; c++)
        fprintf(f, html ? "<th>%s</th>" : " %s |", head[k != 0][c]);
    fputs(html ? "</tr>\n" : "\n|---|---:|---:|---:|---:|\n", f);
    for (size_t r = 0; r < shown; r++) {
        fputs(html ? "<tr>" : "|", f);
        for (int c = 0; c < REPORT_GLANCE_COLS; c++) {
            fputs(html ? "<td>" : " ", f);
            esc(f, rows[r][c] ? rows[r][c] : "?");
            fputs(html ? "</td>" : " |", f);
            free(rows[r][c]);
        }
        fputs(html ? "</tr>\n" : "\n", f);
    }
    if (n > shown)
        fprintf(f,
                html ? "<tr><td colspan=\"5\">%zu more cells: see the summary</td></tr>\n"
                     : "| %zu more cells: see the summary | | | | |\n",
                n - shown);
    fputs(html ? "</table>\n" : "\n", f);
}

/* The answers: per question asked its heading, the lead sentence, the table
 * and the rest of the answer (a cold-only report asks the first alone). */
static void reportAnswers(const reportInput *in, int html, FILE *f) {
    void (*esc)(FILE *, const char *) = html ? reportHtml : reportMdText;
    fputs(html ? "<section id=\"answers\">\n" : "\n\n", f);
    /* a threads job asks one program's threads question alone (threadsdoc) */
    int threads = threadsdocIsJob(in->meta);
    int asked = reportColdOnly(in->meta) || threads ? 1 : REPORT_QUESTIONS;
    for (int k = threads; k < threads + asked; k++) {
        char *q = threads ? threadsdocQuestion(in->meta) : NULL;
        fputs(html ? "<h2>" : "## ", f);
        esc(f, q ? q : reportQuestion(k));
        fputs(html ? "</h2>\n" : "\n\n", f);
        free(q);
        char *lead = NULL, *rest = NULL;
        size_t ll = 0, rl = 0;
        FILE *a = open_memstream(&lead, &ll);
        if (a) {
            if (threads) threadsdocLead(in->s, a);
            else reportLead(in, k, a);
            fclose(a); /* ll is the lead's length from here on */
        }
        /* without a lead the rest keeps its opening yes or no */
        FILE *b = open_memstream(&rest, &rl);
        if (b) {
            if (threads) threadsdocAnswer(in->s, in->meta, b);
            else if (k == 0) reportAnswerFirst(in, b, !lead || ll == 0);
            else reportAnswerThreads(in, b, !lead || ll == 0);
            fclose(b);
        }
        if (lead && *lead) {
            fputs(html ? "<p class=\"lead\"><b>" : "**", f);
            esc(f, lead);
            fputs(html ? "</b></p>\n" : "**\n\n", f);
            reportGlance(in, k, html, f);
        }
        fputs(html ? "<p>" : "", f);
        esc(f, rest ? rest : "");
        fputs(html ? "</p>\n" : "\n\n", f);
        free(lead);
        free(rest);
    }
    if (html) fputs("</section>\n", f);
}

/* The Runs section's text when no run line was recorded: expected of
 * another program's cold starts, which print none of coldload's lines; said
 * so when runs-lines.tsv is missing beside a logs/ (results written before
 * the harness recorded the lines: the report does not read the logs). */
static const char *reportNoRunLines(const reportInput *in, int missing) {
    if (reportColdOnly(in->meta) || threadsdocIsJob(in->meta))
        return "(the program printed no page-format lines; its own output is in logs/)\n";
    char path[4096];
    DIR *d = NULL;
    if (missing && in->results_dir &&
        (size_t)snprintf(path, sizeof path, "%s/logs", in->results_dir) < sizeof path)
        d = opendir(path);
    if (d) {
        closedir(d);
        return "(no runs-lines.tsv: these results are from before the harness recorded the run "
               "lines; the binaries' output is in logs/)\n";
    }
    return "(no page-format lines in logs/)\n";
}

/* "Thresholds (coldload-summarize options): --first-min 100, ...": every
 * threshold of the check table as set for this run; in HTML each carries its
 * help as a tooltip. */
static void reportThresholds(const verdictThresholds *t, int html, FILE *f) {
    const verdictParam *p;
    fputs("Thresholds (coldload-summarize options): ", f);
    for (size_t i = 0; (p = verdictParamAt(i)); i++) {
        fputs(i ? ", " : "", f);
        if (html) {
            fputs("<code title=\"", f);
            reportHtml(f, p->help);
            fprintf(f, "\">--%s %g</code>", p->name, verdictParamGet(t, p));
        } else {
            fprintf(f, "`--%s %g`", p->name, verdictParamGet(t, p));
        }
    }
    fputc('.', f);
}

/* --- HTML ------------------------------------------------------------------------------ */

static const char reportCss[] =
    "body{font-family:'DejaVu Sans',sans-serif;margin:2em auto;max-width:1200px;padding:0 1em;"
    "color:#222;background:#fff}\n"
    "h1{font-size:1.6em}h2{border-bottom:1px solid #ccc;padding-bottom:.2em}\n"
    "p.missing{border-left:6px solid #b00020;background:#fde7ea;padding:.4em .6em}\n"
    "table.verdicts td{text-align:left;vertical-align:top}table.verdicts td.text{font-size:.95em}\n"
    "tr.ERROR td.lvl{border-left:6px solid #b00020;background:#fde7ea}"
    "tr.WARN td.lvl{border-left:6px solid #d98200;background:#fff4e0}\n"
    "tr.NOTE td.lvl{border-left:6px solid #2a6fb0}tr.OK td.lvl{border-left:6px solid #2e7d32}\n"
    ".lvl{font-weight:bold;white-space:nowrap}\n"
    "figure{margin:1em 0}figure img{max-width:100%;border:1px solid #ddd}\n"
    "figcaption{color:#444;font-size:.95em}\n"
    "table{border-collapse:collapse;font-size:.85em}td,th{border:1px solid #ccc;"
    "padding:.2em .4em;text-align:right}td:first-child,th:first-child{text-align:left}\n"
    "div.wide{overflow-x:auto}\n"
    "pre{background:#f6f6f6;padding:.6em;overflow-x:auto;font-size:.85em}\n";

/* The harnesses' warnings (meta.txt "warning=" lines): a busy machine before
 * an idle run, a width above the CPUs, a failed measurement. */
static void reportHtmlWarnings(FILE *f, const metaTable *m) {
    size_t n = 0;
    for (size_t i = 0; i < m->n; i++) {
        if (strcmp(m->keys[i], "warning") != 0) continue;
        if (n++ == 0) fputs("<h3>Harness warnings</h3>\n<ul class=\"warnings\">\n", f);
        fputs("<li>", f);
        reportHtml(f, m->vals[i]);
        fputs("</li>\n", f);
    }
    if (n) fputs("</ul>\n", f);
}

static void reportHtmlCharts(const reportInput *in, FILE *f) {
    fputs("<section id=\"charts\">\n<h2>Charts</h2>\n", f);
    if (!in->charts) fputs("<p>No chart: the results hold no rows any chart shows.</p>\n", f);
    for (size_t c = 0; c < chartdataNCharts; c++) {
        if (!(in->charts & (1u << c))) continue;
        const chartdataChart *k = &chartdataCharts[c];
        fprintf(f,
                "<figure id=\"chart-%s\">\n<img src=\"plots/%s.svg\" alt=\"%s\">\n"
                "<figcaption><b>%s.</b> %s <a href=\"plots/%s.png\">PNG</a>, "
                "<a href=\"plots/%s.dat\">data</a>.</figcaption>\n</figure>\n",
                k->name, k->name, k->title, k->title, k->howto, k->name, k->name);
    }
    fputs("</section>\n", f);
}

/* --- what the cold start read ------------------------------------------------------------ */

#define REPORT_COLDREAD_ROWS 15 /* per table; the rest summed in one line */

static const char reportColdReadWhy[] =
    "Per workload and cold copy kind, the files the run brought into the page cache: pages "
    "resident after the run minus before (mincore, coldload-evict --query; median over the "
    "copies), largest first, from cold-pages.tsv. The share of the extra ms (the kind's "
    "whole-process median minus the same copy's) is apportioned by pages read -- every page "
    "counted as costing the same -- not measured per file.";

/* One table's caption: "grad, evicted: +37.1 ms over same, 1234 pages read
 * (2 copies)", allocated (NULL when out of memory). */
static char *reportColdCaption(const coldreadTable *t) {
    char ms[32];
    const char *what = strcmp(t->workload, "binary") ? t->workload : "the program";
    if (isnan(t->extra_ms))
        return reportCell("%s, %s: extra ms unknown (no whole-process runs of it and of same), "
                          "%.0f pages read from disk (%zu cop%s)",
                          what, t->kind, t->total_pages, t->copies, t->copies == 1 ? "y" : "ies");
    return reportCell("%s, %s: %s%s ms over same, %.0f pages read from disk (%zu cop%s)", what,
                      t->kind, t->extra_ms >= 0 ? "+" : "-",
                      summaryFmtMs(fabs(t->extra_ms), ms, sizeof ms), t->total_pages, t->copies,
                      t->copies == 1 ? "y" : "ies");
}

/* Cells of row i of t, allocated: file, size, pages read, share of the extra ms. */
static void reportColdCells(const coldreadTable *t, size_t i, char *cells[4]) {
    const coldreadFile *x = &t->f[i];
    char ms[32];
    cells[0] = reportCell("%s", x->path);
    if (x->size_bytes >= 1048576) cells[1] = reportCell("%.1f MiB", x->size_bytes / 1048576);
    else cells[1] = reportCell("%.1f KiB", x->size_bytes / 1024);
    cells[2] = reportCell("%.0f", x->pages_read);
    if (isnan(x->share_ms)) cells[3] = reportCell("-");
    else
        cells[3] = reportCell("%s ms (%.0f%%)", summaryFmtMs(x->share_ms, ms, sizeof ms),
                              t->total_pages > 0 ? 100 * x->pages_read / t->total_pages : 0);
}

/* cold.sh as a user who may not write some files (root's libraries under
 * docker --user): the kernel hides their page cache, so their pages read are
 * unknown, not 0. The note, allocated, or NULL when every file was seen. */
static char *reportColdUnknown(const metaTable *m) {
    const char *n = metaGet(m, "cold_pages_unknown_files"),
               *uid = metaGet(m, "cold_pages_unknown_uid"),
               *pages = metaGet(m, "cold_pages_unknown_pages");
    if (!n || !strcmp(n, "0")) return NULL;
    return reportCell("pages unknown as uid %s: %s file(s), %s pages, that this user may not "
                      "write -- the kernel hides their page cache (mincore reports every page "
                      "resident), so they are not in the table; they were evicted all the same, "
                      "and the runs' major page faults are real",
                      uid ? uid : "?", n, pages ? pages : "?");
}

static void reportColdRead(const reportInput *in, int html, FILE *f) {
    if (!in->results_dir) return;
    char path[4096], err[512];
    snprintf(path, sizeof path, "%s/cold-pages.tsv", in->results_dir);
    coldread c;
    if (coldreadLoad(&c, path, in->s, err, sizeof err) != 0) {
        if (html) fputs("<section id=\"coldread\">\n<h2>What the cold start read</h2>\n<p>", f);
        else fputs("## What the cold start read\n\n", f);
        (html ? reportHtml : reportMdText)(f, err);
        fputs(html ? "</p>\n</section>\n" : "\n\n", f);
        return;
    }
    if (c.n == 0) return;
    const char *method = metaGet(in->meta, "cold_files_method");
    if (html) {
        fputs("<section id=\"coldread\">\n<h2>What the cold start read</h2>\n<p>", f);
        reportHtml(f, reportColdReadWhy);
        if (method) {
            fputs(" Files found by: ", f);
            reportHtml(f, method);
            fputc('.', f);
        }
        fputs("</p>\n", f);
    } else {
        fputs("## What the cold start read\n\n", f);
        reportMdText(f, reportColdReadWhy);
        if (method) {
            fputs(" Files found by: ", f);
            reportMdText(f, method);
            fputc('.', f);
        }
        fputs("\n\n", f);
    }
    char *unknown = reportColdUnknown(in->meta);
    static const char *const head[4] = {"file", "size", "pages read",
                                        "share of the extra ms (by pages read)"};
    for (size_t k = 0; k < c.n; k++) {
        const coldreadTable *t = &c.t[k];
        /* same: the baseline the others are measured from */
        if (!strcmp(t->kind, summaryCopies[SUMMARY_COPY_SAME].name)) continue;
        char *cap = reportColdCaption(t), *cells[4];
        size_t shown = 0;
        double rest_pages = 0;
        size_t rest_n = 0;
        if (html) {
            fputs("<p><b>", f);
            reportHtml(f, cap ? cap : "?");
            fputs("</b></p>\n<table class=\"coldread\">\n<tr>", f);
            for (int j = 0; j < 4; j++) fprintf(f, "<th>%s</th>", head[j]);
            fputs("</tr>\n", f);
        } else {
            fputs("**", f);
            reportMdText(f, cap ? cap : "?");
            fputs("**\n\n| file | size | pages read | share of the extra ms (by pages read) |\n"
                  "|---|---:|---:|---:|\n",
                  f);
        }
        for (size_t i = 0; i < t->n; i++) {
            if (t->f[i].pages_read <= 0) continue;
            if (shown == REPORT_COLDREAD_ROWS) {
                rest_pages += t->f[i].pages_read;
                rest_n++;
                continue;
            }
            shown++;
            reportColdCells(t, i, cells);
            fputs(html ? "<tr>" : "|", f);
            for (int j = 0; j < 4; j++) {
                fputs(html ? "<td>" : " ", f);
                (html ? reportHtml : reportMdText)(f, cells[j] ? cells[j] : "?");
                fputs(html ? "</td>" : " |", f);
                free(cells[j]);
            }
            fputs(html ? "</tr>\n" : "\n", f);
        }
        if (shown == 0)
            fputs(html ? "<tr><td colspan=\"4\">no file was read from disk</td></tr>\n"
                       : "| no file was read from disk | | | |\n",
                  f);
        if (rest_pages > 0)
            fprintf(f,
                    html ? "<tr><td colspan=\"2\">%zu more files</td><td>%.0f</td><td></td></tr>\n"
                         : "| %zu more files | | %.0f | |\n",
                    rest_n, rest_pages);
        if (unknown) {
            fputs(html ? "<tr><td colspan=\"4\">" : "| ", f);
            (html ? reportHtml : reportMdText)(f, unknown);
            fputs(html ? "</td></tr>\n" : " | | | |\n", f);
        }
        fputs(html ? "</table>\n" : "\n", f);
        free(cap);
    }
    free(unknown);
    if (html) fputs("</section>\n", f);
    coldreadFree(&c);
}

int reportWriteHtml(const reportInput *in, FILE *f) {
    const verdictList *vl = in->verdicts;
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>"
          "coldload report: ",
          f);
    reportHtml(f, in->machine);
    fprintf(f, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>coldload report</h1>\n",
            reportCss);
    /* A half that is missing comes first: every answer below lacks it. */
    static const reportTableFmt missing_html = {"<p class=\"missing\"><b>Missing: ", "</b> — ", "",
                                                "</p>\n", reportHtml};
    reportMissing(in->meta, &missing_html, f);
    fputs("<p class=\"machine\">", f);
    reportHtml(f, in->machine);
    if (in->name && *in->name) {
        fputs(" &middot; results <code>", f);
        reportHtml(f, in->name);
        fputs("</code>", f);
    }
    fputs("</p>\n", f);

    reportAnswers(in, 1, f);
    reportHtmlCharts(in, f);
    if (threadsdocIsJob(in->meta)) {
        threadsdocSection(in->s, in->meta, &docHtml, f);
    } else {
        reportColdRead(in, 1, f);
        firstrundocSection(in->results_dir, 1, f, reportHtml);
        /* the scan maps when threads hurt: the main report's question, not a
         * cold-only job's (whose "no scan" line would read as a failure) */
        if (!reportColdOnly(in->meta)) scandocSection(in->results_dir, 1, f, reportHtml);
    }

    fprintf(f,
            "<section id=\"verdicts\">\n<h2>Verdicts</h2>\n<p>%zu error(s), %zu warning(s), "
            "%zu note(s), %zu ok. ",
            reportCount(vl, VERDICT_ERROR), reportCount(vl, VERDICT_WARN),
            reportCount(vl, VERDICT_NOTE), reportCount(vl, VERDICT_OK));
    reportThresholds(in->thresholds, 1, f);
    fputs("</p>\n", f);
    if (vl->n == 0) fputs("<p class=\"none\">No check fired.</p>\n", f);
    else {
        /* One row per verdict: what fired, on which group, its figures. */
        fputs("<table class=\"verdicts\">\n<tr><th>verdict</th><th>group</th>"
              "<th>figures, and what they mean</th></tr>\n",
              f);
        for (size_t i = 0; i < vl->n; i++) {
            const verdict *v = &vl->v[i];
            const char *lv = verdictLevelName(v->level);
            fprintf(f, "<tr class=\"%s\" data-id=\"%s\"><td class=\"lvl\">%s %s</td><td>", lv,
                    v->id, lv, v->id);
            reportHtml(f, v->subject ? v->subject : "");
            fputs("</td><td class=\"text\">", f);
            reportHtml(f, v->finding);
            fputs("</td></tr>\n", f);
        }
        fputs("</table>\n", f);
    }
    reportHtmlWarnings(f, in->meta);
    fputs("</section>\n", f);

    fputs("<section id=\"summary\">\n<h2>Summary</h2>\n<p>One row per group; times in ms "
          "(first: median over the processes; min/median/max: over the steady runs). Every "
          "column: <a href=\"summary.csv\">summary.csv</a>.</p>\n<div class=\"wide\"><table>\n<tr>",
          f);
    for (int k = 0; k < REPORT_COLS; k++) fprintf(f, "<th>%s</th>", reportHead[k]);
    fputs("</tr>\n", f);
    static const reportTableFmt html = {"<tr>", "<td>", "</td>", "</tr>\n", reportHtml};
    reportRows(in->s, &html, f);
    fputs("</table></div>\n</section>\n", f);

    fputs("<section id=\"runs\">\n<h2>Runs</h2>\n<p>The page-format lines of every run, by "
          "its log file in logs/ (the full output is there).</p>\n",
          f);
    int missing;
    char *runs = reportRunLines(in->results_dir, &missing);
    fputs("<pre>", f);
    reportHtml(f, runs ? runs : reportNoRunLines(in, missing));
    fputs("</pre>\n", f);
    free(runs);
    fputs("</section>\n<section id=\"meta\">\n<h2>Metadata</h2>\n<pre>", f);
    reportHtml(f, in->meta->text);
    fputs("</pre>\n</section>\n</body>\n</html>\n", f);
    return ferror(f) ? -1 : 0;
}

/* --- Markdown --------------------------------------------------------------------------- */

int reportWriteMd(const reportInput *in, FILE *f) {
    const verdictList *vl = in->verdicts;
    fputs("# coldload report\n\n", f);
    static const reportTableFmt missing_md = {"**Missing: ", "** — ", "", "\n\n", reportMdText};
    reportMissing(in->meta, &missing_md, f);
    reportMdText(f, in->machine);
    if (in->name && *in->name) {
        fputs(", results ", f);
        reportMdText(f, in->name);
    }
    reportAnswers(in, 0, f);
    fputs("## Charts\n\n", f);
    for (size_t c = 0; c < chartdataNCharts; c++) {
        if (!(in->charts & (1u << c))) continue;
        const chartdataChart *k = &chartdataCharts[c];
        fprintf(f, "![%s](plots/%s.png)\n\n**%s.** %s\n\n", k->title, k->name, k->title, k->howto);
    }
    if (threadsdocIsJob(in->meta)) {
        threadsdocSection(in->s, in->meta, &docMd, f);
    } else {
        reportColdRead(in, 0, f);
        firstrundocSection(in->results_dir, 0, f, reportMdText);
        if (!reportColdOnly(in->meta)) scandocSection(in->results_dir, 0, f, reportMdText);
    }
    fputs("## Verdicts\n\n", f);
    fprintf(f, "%zu error(s), %zu warning(s), %zu note(s), %zu ok. ",
            reportCount(vl, VERDICT_ERROR), reportCount(vl, VERDICT_WARN),
            reportCount(vl, VERDICT_NOTE), reportCount(vl, VERDICT_OK));
    reportThresholds(in->thresholds, 0, f);
    fputs("\n\n", f);
    if (vl->n == 0) fputs("No check fired.\n\n", f);
    else fputs("| verdict | group | figures, and what they mean |\n|---|---|---|\n", f);
    for (size_t i = 0; i < vl->n; i++) {
        const verdict *v = &vl->v[i];
        fprintf(f, "| **%s %s** | ", verdictLevelName(v->level), v->id);
        reportMdText(f, v->subject ? v->subject : "");
        fputs(" | ", f);
        reportMdText(f, v->finding);
        fputs(" |\n", f);
    }
    size_t nw = 0;
    for (size_t i = 0; i < in->meta->n; i++) {
        if (strcmp(in->meta->keys[i], "warning") != 0) continue;
        fputs(nw++ ? "- " : "\nHarness warnings:\n\n- ", f);
        reportMdText(f, in->meta->vals[i]);
        fputc('\n', f);
    }
    fputs("\n## Summary\n\nTimes in ms; every column in summary.csv.\n\n|", f);
    for (int k = 0; k < REPORT_COLS; k++) fprintf(f, " %s |", reportHead[k]);
    fputs("\n|", f);
    for (int k = 0; k < REPORT_COLS; k++) fputs(k ? "---:|" : "---|", f);
    fputc('\n', f);
    static const reportTableFmt md = {"|", " ", " |", "\n", reportMdText};
    reportRows(in->s, &md, f);
    fputs("\n## Runs\n\n", f);
    int missing;
    char *runs = reportRunLines(in->results_dir, &missing);
    reportMdBlock(f, runs ? runs : reportNoRunLines(in, missing));
    free(runs);
    fputs("## Metadata\n\n", f);
    reportMdBlock(f, in->meta->text);
    return ferror(f) ? -1 : 0;
}

/* --- for other documents over the same inputs (coldload-compare) ------------------------ */

const char *reportQuestion(int k) {
    static const char *const q[REPORT_QUESTIONS] = {"Is the first run slow here, and why?",
                                                    "Do threads hurt under full load here?"};
    return k >= 0 && k < REPORT_QUESTIONS ? q[k] : "";
}

char *reportAnswer(const reportInput *in, int k) {
    char *answer = NULL;
    size_t len = 0;
    FILE *a = open_memstream(&answer, &len);
    if (!a) return NULL;
    if (threadsdocIsJob(in->meta)) { /* one program's threads question, lead and rest */
        if (k == 0)
            fputs("Not asked: a threads job (harness/threads.sh) asks the threads question alone.",
                  a);
        else {
            threadsdocLead(in->s, a);
            fputc(' ', a);
            threadsdocAnswer(in->s, in->meta, a);
        }
    } else if (k == 0) reportAnswerFirst(in, a, 1);
    else reportAnswerThreads(in, a, 1);
    if (fclose(a) != 0) {
        free(answer);
        return NULL;
    }
    return answer;
}

void reportEscapeHtml(FILE *f, const char *s) { reportHtml(f, s); }
void reportEscapeMd(FILE *f, const char *s) { reportMdText(f, s); }
