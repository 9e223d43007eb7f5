/* coldload-summarize.c -- a results directory's samples.csv and
 * whole.csv -> summary.csv, verdicts.txt, results.json, hyperfine.json, the
 * charts' .dat files, report.html and report.md.
 *
 * It measures nothing, so it can be re-run on any old results directory.
 * Bad input (a malformed CSV, a bad flag) is one line on stderr naming the
 * file and line, exit 2; outputs are written to temporary names and renamed
 * into place, so a failed run never leaves a half-written summary behind. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/num.h"
#include "common/opts.h"
#include "common/safefile.h"
#include "common/text.h"
#include "export/chartdata.h"
#include "doc/firstrundoc.h"
#include "export/export.h"
#include "export/jobs.h"
#include "export/plan.h"
#include "doc/report.h"
#include "model/summary.h"
#include "results/results.h"
#include "verdict/answerab.h"
#include "verdict/answerthreads.h"
#include "verdict/decide.h"
#include "verdict/remedy.h"
#include "verdict/verdict.h"
#include "export/firstrunchart.h"

/* --help: the fixed part with the machine formats' files (export.h's
 * table), then the thresholds from the check table and the plans. */
static void summarizeUsage(FILE *f) {
    fputs("usage: coldload-summarize [options] RESULTS_DIR\n"
          "Reads RESULTS_DIR/samples.csv and whole.csv (either may be absent, not both) and "
          "writes\n"
          "summary.csv, verdicts.txt, ",
          f);
    const char *sep = "";
    for (size_t e = 0; e < EXPORT_N; e++)
        if (exporters[e].tools & EXPORT_SUMMARIZE && strcmp(exporters[e].files[0], "-") != 0) {
            fputs(sep, f);
            exportFiles(f, &exporters[e], ", ");
            sep = ", ";
        }
    fputs(",\n"
          "report.html and report.md.\n"
          "  --samples FILE            samples CSV (default RESULTS_DIR/samples.csv)\n"
          "  --whole FILE              whole-process CSV (default RESULTS_DIR/whole.csv)\n"
          "  --out DIR                 write the outputs here (default RESULTS_DIR)\n"
          "  --no-report               skip report.html and report.md\n"
          "  --export-hyperfine FILE   also write the cells in hyperfine's JSON format to FILE\n"
          "                            (as OUT/hyperfine.json: docs/json.md)\n"
          "  --list-checks             the checks: id, level, thresholds, what fires it\n"
          "  --list-remedies           the settings threads.sh tries where threads hurt (TSV)\n"
          "  --list-charts             the charts: name (plots/NAME.gp, NAME.dat), title\n"
          "  --decided                 write nothing: the plan of the groups, decided or\n"
          "                            undecided by the stopping rule, for the harness\n"
          "  --threads-decided         write nothing: the plan of a threads job's load levels\n"
          "  --ab-decided P            write nothing: an A/B job's plan, a width decided when\n"
          "                            its B/A interval is within +-P of the ratio (settled:\n"
          "                            its verdict slower or faster beyond 10 %)\n"
          "  --threads-remedies MODE   write nothing: the remedies to try at the level of --load\n"
          "                            and --stressors (MODE auto or all)\n"
          "  --condition C, --load L, --stressors S, --copy K\n"
          "                            --decided, --threads-decided, --threads-remedies: only the\n"
          "                            groups with these\n"
          "                            tags\n"
          "  --firstrun-decided P      write nothing: the plan of the first-run parts, decided\n"
          "                            to +-P of the first run's extra\n"
          "thresholds of the verdicts (defaults in brackets):\n",
          f);
    verdictUsage(f, 88);
    planUsage(f);
    fputs("  --help                    this text\n"
          "Exit: 0 done, 1 an output could not be written, 2 bad flags or bad input.\n",
          f);
}

/* --list-checks: one tab-separated line per check: id, level, its
 * thresholds ("--first-min=100", comma-separated, "-" for none), what fires it. */
static void summarizeListChecks(FILE *f) {
    for (size_t c = 0; c < verdictNChecks; c++) {
        const verdictCheck *k = &verdictChecks[c];
        fprintf(f, "%s\t%s\t", k->id, verdictLevelName(k->level));
        for (size_t i = 0; i < VERDICT_PARAMS_MAX && k->params[i].name; i++)
            fprintf(f, "%s--%s=%g", i ? "," : "", k->params[i].name, k->params[i].def);
        fprintf(f, "%s\t%s\n", k->params[0].name ? "" : "-", k->what);
    }
}

/* --list-charts: "name<TAB>title" per chart, in the report's order (what
 * harness/plots.sh renders). */
static void summarizeListCharts(FILE *f) {
    for (size_t c = 0; c < chartdataNCharts; c++)
        fprintf(f, "%s\t%s\n", chartdataCharts[c].name, chartdataCharts[c].title);
}

/* A path under dir; exits on overflow (only absurd paths get there). */
static void summarizePath(char *buf, size_t len, const char *dir, const char *name) {
    if ((size_t)snprintf(buf, len, "%s/%s", dir, name) >= len) {
        optsError("%s/%s: path too long", dir, name);
        exit(OPTS_EXIT_USAGE);
    }
}

/* The room for an error naming an output's path (a path up to 4096 bytes). */
#define SUMMARIZE_ERR_MAX (4096 + SUMMARY_ERR_MAX)

/* Writes path through a temporary file renamed into place (export.h's
 * exportFile). Returns 0, or -1 after printing why. */
static int summarizeWrite(const char *path, exportWriter fn, const void *ctx) {
    char err[SUMMARIZE_ERR_MAX];
    return exportFile(path, fn, ctx, err, sizeof err) != 0 ? optsError("%s", err) : 0;
}

typedef struct summarizeCtx {
    verdictThresholds t; /* as the options set them */
    results r;           /* the directory loaded with them */
    reportInput in;
    const docFmt *fmt; /* the format summarizeDoc writes */
} summarizeCtx;

static int summarizeCsv(const void *c, FILE *f) {
    return summaryWriteCsv(&((const summarizeCtx *)c)->r.s, f);
}
static int summarizeVerdicts(const void *c, FILE *f) {
    const summarizeCtx *x = c;
    return verdictWrite(&x->r.v, &x->r.t, f);
}
static int summarizeDoc(const void *c, FILE *f) {
    const summarizeCtx *x = c;
    return reportWrite(&x->in, x->fmt, f);
}

/* An exporter's code (export.h) as the exit status: 0, or 1 after saying
 * why, 2 for bad input (said). */
static int summarizeExportDone(int rc, const char *err) {
    if (rc) optsError("%s", err);
    return rc == EXPORT_BAD_INPUT ? OPTS_EXIT_USAGE : rc ? 1 : 0;
}

/* What the command line asked for. */
typedef struct summarizeArgs {
    const char *samples, *whole, *out, *dir, *export_hf;
    const char *want[4]; /* --decided's condition, load, stressors, copy */
    int no_report;
    unsigned plans;            /* bit k: plan kind k's flag was given */
    double value[PLAN_NKINDS]; /* the value each plan's flag was given */
    int remedy_mode;           /* --threads-remedies MODE */
} summarizeArgs;

/* When more than one plan's flag is given, the first of these is written. */
static const planKindId summarizePlanOrder[] = {PLAN_FIRSTRUN_DECIDED, PLAN_THREADS_REMEDIES,
                                                PLAN_AB_DECIDED, PLAN_THREADS_DECIDED,
                                                PLAN_DECIDED};

/* Parsing: SUMMARIZE_NEXT to go on, else the exit status. */
#define SUMMARIZE_NEXT (-1)

/* A plan's flag at argv[*i] (planKinds names them, jobPlans says what
 * value each takes): *matched 1 when it was one. */
static int summarizePlanFlag(int argc, char **argv, int *i, summarizeArgs *a, int *matched) {
    for (int k = 0; k < PLAN_NKINDS; k++) {
        const char *flag = planKinds[k].flag, *v;
        if (jobPlans[k].value == JOB_PLAN_NO_VALUE) {
            if (strcmp(argv[*i], flag) != 0) continue;
            (*i)++;
        } else {
            int m = optsMatch(argc, argv, i, flag, &v);
            if (m == 0) continue;
            if (m < 0) return OPTS_EXIT_USAGE;
            if (jobPlans[k].value == JOB_PLAN_FRACTION) {
                if (optsDouble(flag, v, 0, 1, &a->value[k]) != 0) return OPTS_EXIT_USAGE;
            } else if (remedyModeParse(v, &a->remedy_mode) != 0 || a->remedy_mode == REMEDY_OFF) {
                optsError("%s: expected auto or all, got '%s'", flag, v);
                return OPTS_EXIT_USAGE;
            }
        }
        a->plans |= 1u << k;
        *matched = 1;
        return SUMMARIZE_NEXT;
    }
    return SUMMARIZE_NEXT;
}

/* A flag of the files, the tags or a threshold at argv[*i]: *matched 1 when it was one. */
static int summarizeValueFlag(int argc, char **argv, int *i, summarizeArgs *a, verdictThresholds *t,
                              int *matched) {
    const char *v;
    int m = 0;
    const verdictParam *p;
    for (size_t k = 0; !m && (p = verdictParamAt(k)); k++) {
        char opt[64];
        snprintf(opt, sizeof opt, "--%s", p->name);
        if ((m = optsMatch(argc, argv, i, opt, &v)) > 0 &&
            optsDouble(opt, v, 0, 1e9, verdictParamValue(t, p)) != 0)
            return OPTS_EXIT_USAGE;
    }
    const char **files[] = {&a->samples, &a->whole,   &a->out,     &a->want[0],
                            &a->want[1], &a->want[2], &a->want[3], &a->export_hf};
    const char *names[] = {"--samples", "--whole",     "--out",  "--condition",
                           "--load",    "--stressors", "--copy", "--export-hyperfine"};
    for (size_t k = 0; k < sizeof names / sizeof names[0] && !m; k++)
        if ((m = optsMatch(argc, argv, i, names[k], &v)) > 0) {
            if (!*v) return optsError("%s: expected a value, got ''", names[k]), 2;
            *files[k] = v;
        }
    if (m < 0) return OPTS_EXIT_USAGE;
    *matched = m;
    return SUMMARIZE_NEXT;
}

/* One argument at argv[*i]: a flag that writes a list and exits, a flag,
 * or RESULTS_DIR. */
static int summarizeArg(int argc, char **argv, int *i, summarizeArgs *a, verdictThresholds *t) {
    const char *arg = argv[*i];
    if (strcmp(arg, "--help") == 0) {
        summarizeUsage(stdout);
        return 0;
    }
    if (strcmp(arg, "--list-remedies") == 0) return remediesList(stdout) ? 1 : 0;
    int checks = strcmp(arg, "--list-checks") == 0;
    if (checks || strcmp(arg, "--list-charts") == 0) {
        (checks ? summarizeListChecks : summarizeListCharts)(stdout);
        return 0;
    }
    if (strcmp(arg, "--no-report") == 0) {
        a->no_report = 1;
        (*i)++;
        return SUMMARIZE_NEXT;
    }
    int m = 0, rc = summarizePlanFlag(argc, argv, i, a, &m);
    if (rc != SUMMARIZE_NEXT || m) return rc;
    if ((rc = summarizeValueFlag(argc, argv, i, a, t, &m)) != SUMMARIZE_NEXT || m) return rc;
    if (arg[0] == '-' && arg[1]) {
        optsError("unknown option '%s' (see --help)", arg);
        return OPTS_EXIT_USAGE;
    }
    if (a->dir) {
        optsError("one RESULTS_DIR expected, got '%s' and '%s'", a->dir, arg);
        return OPTS_EXIT_USAGE;
    }
    a->dir = argv[(*i)++];
    return SUMMARIZE_NEXT;
}

/* The command line into a, checked: SUMMARIZE_NEXT, or the exit status. */
static int summarizeArgsRead(int argc, char **argv, summarizeArgs *a, verdictThresholds *t) {
    for (int i = 1; i < argc;) {
        int rc = summarizeArg(argc, argv, &i, a, t);
        if (rc != SUMMARIZE_NEXT) return rc;
    }
    if (!a->dir) {
        optsError("missing RESULTS_DIR (see --help)");
        return OPTS_EXIT_USAGE;
    }
    struct stat st;
    if (stat(a->dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        optsError("%s: not a directory", a->dir);
        return OPTS_EXIT_USAGE;
    }
    /* an export that could not be written is said now, before anything is
     * read or written; a device node or a link there is never replaced */
    char why[SAFEFILE_WHY_MAX];
    if (a->export_hf && !a->plans && safefileWritable(a->export_hf, why, sizeof why) != 0) {
        optsError("--export-hyperfine %s: %s", a->export_hf, why);
        return OPTS_EXIT_USAGE;
    }
    if (!a->out) a->out = a->dir;
    return SUMMARIZE_NEXT;
}

/* The plan asked for (the first of summarizePlanOrder given), written to stdout. */
static int summarizePlan(summarizeCtx *x, const summarizeArgs *a) {
    planKindId k = PLAN_NKINDS;
    for (size_t i = 0; k == PLAN_NKINDS; i++)
        if (a->plans & 1u << summarizePlanOrder[i]) k = summarizePlanOrder[i];
    const jobPlanAsk ask = {
        a->value[k], a->remedy_mode, {a->want[0], a->want[1], a->want[2], a->want[3]}, a->dir};
    const exportInput in = {.r = &x->r, .plan = jobPlans[k].write, .ask = &ask};
    char err[SUMMARY_ERR_MAX];
    return summarizeExportDone(exporters[EXPORT_PLAN].write(&in, "-", err, sizeof err), err);
}

/* The directory loaded into x->r (with its verdicts unless a plan is
 * asked for): SUMMARIZE_NEXT, or the exit status after saying why. */
static int summarizeLoad(summarizeCtx *x, const summarizeArgs *a) {
    char err[SUMMARY_ERR_MAX];
    const resultsOptions ro = {a->samples, a->whole, !a->plans};
    int lrc = resultsLoad(&x->r, a->dir, &x->t, &ro, err, sizeof err);
    if (lrc != RESULTS_OK) {
        optsError("%s", lrc == RESULTS_NO_MEMORY ? "out of memory" : err);
        resultsFree(&x->r);
        return lrc == RESULTS_BAD_INPUT ? OPTS_EXIT_USAGE : 1;
    }
    if (x->r.s.ignored_rows)
        fprintf(stderr, "coldload-summarize: %zu rows of other phases not summarised\n",
                x->r.s.ignored_rows);
    return SUMMARIZE_NEXT;
}

/* plots/: the charts' .dat files and labels.gp, the charts shown into shown[0..*nshown);
 * the defects of the files with rows of their own said. 0, or the exit status. */
static int summarizeCharts(summarizeCtx *x, const char *out, reportChart *shown, size_t max,
                           size_t *nshown) {
    char plots[4096], why[SAFEFILE_WHY_MAX], err[SUMMARY_ERR_MAX];
    summarizePath(plots, sizeof plots, out, "plots");
    if (safefileDir(plots, 1, why, sizeof why) != 0) { /* plots/ itself, not a link */
        optsError("%s: %s", plots, why);
        return errno == ELOOP || errno == ENOTDIR ? OPTS_EXIT_USAGE : 1;
    }
    unsigned charts = 0;
    const exportInput in = {.r = &x->r, .charts = &charts};
    if (exporters[EXPORT_CHARTS].write(&in, plots, err, sizeof err) != 0) {
        optsError("%s", err);
        return 1;
    }
    *nshown = jobChartsShown(charts, shown, max);
    /* The files with rows of their own (the first run's, the cold reads,
     * the run lines, the scan's findings): a defect there is said here and
     * in its section, and costs the rest of the report nothing. */
    const char *defects[] = {x->r.fr_err, x->r.cold_err, x->r.runs_err, x->r.scan.err,
                             x->r.remedies_err};
    for (size_t i = 0; i < sizeof defects / sizeof defects[0]; i++)
        if (defects[i]) fprintf(stderr, "coldload-summarize: warning: %s\n", defects[i]);
    if (!x->r.fr_err && firstrunchartWrite(&x->r.fr, plots, err, sizeof err) != 0)
        fprintf(stderr, "coldload-summarize: warning: %s\n", err);
    return 0;
}

/* The report's inputs: the results loaded, the job's report, the charts
 * shown, the directory's own name (results/latest is a link to it). */
static void summarizeReportInput(summarizeCtx *x, const char *dir, const char *real,
                                 const reportChart *shown, size_t nshown) {
    const char *base = strrchr(real ? real : dir, '/');
    x->in = (reportInput){.job = &jobOf(&x->r.meta)->report,
                          .s = &x->r.s,
                          .verdicts = &x->r.v,
                          .thresholds = &x->r.t,
                          .meta = &x->r.meta,
                          .stops = &x->r.stops,
                          .machine = x->r.machine,
                          .name = base && base[1] ? base + 1 : (real ? real : dir),
                          .charts = shown,
                          .ncharts = nshown,
                          .fr = &x->r.fr,
                          .fr_err = x->r.fr_err,
                          .cold = &x->r.cold,
                          .cold_err = x->r.cold_err,
                          .runs = &x->r.runs,
                          .logs = x->r.logs,
                          .scan = &x->r.scan,
                          .remedies = x->r.remedies,
                          .nremedies = x->r.nremedies,
                          .remedies_err = x->r.remedies_err};
}

/* hyperfine.json (and --export-hyperfine's copy): the cells in hyperfine's
 * format, for the tools that read its exports; not when the job withholds
 * it (an A/B job whose side failed in every run: hyperfine stops at a
 * command that fails, and a file of the other side alone would read as a
 * benchmark of it; an older one is removed, never left to say so). 0, or
 * 1 after saying why. */
static int summarizeHyperfine(summarizeCtx *x, const summarizeArgs *a) {
    char path[4096], err[SUMMARY_ERR_MAX];
    const hyperfineInput hf = {&x->r.s, &x->r.meta, NULL};
    const exportInput in = {.hf = &hf, .nhf = 1};
    const exporter *e = &exporters[EXPORT_HYPERFINE];
    summarizePath(path, sizeof path, a->out, e->files[0]);
    const jobRow *job = jobOf(&x->r.meta);
    int fw = 0, failed = job->hyperfineWithheld ? job->hyperfineWithheld(&x->r.s, &fw) : -1;
    if (failed >= 0) {
        char at[32] = "";
        if (fw > 0) snprintf(at, sizeof at, " at width %d", fw);
        fprintf(stderr,
                "coldload-summarize: hyperfine.json%s%s not written: %s failed in every run%s "
                "(hyperfine stops at a command that fails)\n",
                a->export_hf ? " and " : "", a->export_hf ? a->export_hf : "",
                answerAbSideName[failed], at);
        if (unlink(path) != 0 && errno != ENOENT)
            return optsError("%s: %s", path, strerror(errno)), 1;
    } else if (e->write(&in, path, err, sizeof err) != 0 ||
               (a->export_hf && e->write(&in, a->export_hf, err, sizeof err) != 0))
        return optsError("%s", err), 1;
    return 0;
}

/* summary.csv, verdicts.txt, results.json, hyperfine.json, the reports.
 * 0, or 1 when one could not be written (each said). */
static int summarizeOutputs(summarizeCtx *x, const summarizeArgs *a) {
    char path[4096], err[SUMMARY_ERR_MAX];
    int rc = 0;
    summarizePath(path, sizeof path, a->out, "summary.csv");
    rc |= summarizeWrite(path, summarizeCsv, x);
    summarizePath(path, sizeof path, a->out, "verdicts.txt");
    rc |= summarizeWrite(path, summarizeVerdicts, x);
    const jobRow *job = jobOf(&x->r.meta);
    const exportInput in = {.r = &x->r, .answers = job->answers, .asks = job->report.asks};
    summarizePath(path, sizeof path, a->out, exporters[EXPORT_RESULTS_JSON].files[0]);
    if (exporters[EXPORT_RESULTS_JSON].write(&in, path, err, sizeof err) != 0)
        rc |= optsError("%s", err);
    rc |= summarizeHyperfine(x, a);
    if (!a->no_report) {
        for (size_t i = 0; i < docNFormats; i++) { /* report.html, report.md */
            char name[64];
            snprintf(name, sizeof name, "report.%s", docFormats[i]->name);
            summarizePath(path, sizeof path, a->out, name);
            x->fmt = docFormats[i];
            rc |= summarizeWrite(path, summarizeDoc, x);
        }
    }
    return rc;
}

int main(int argc, char **argv) {
    optsProg = "coldload-summarize";
    static summarizeCtx x;
    static summarizeArgs a;
    verdictDefaults(&x.t);
    int rc = summarizeArgsRead(argc, argv, &a, &x.t);
    if (rc != SUMMARIZE_NEXT) return rc;
    char err[SUMMARY_ERR_MAX];
    if (jobRefusesDir(a.dir, err, sizeof err)) /* bisect's, history's: their harness's report */
        return optsError("%s", err), OPTS_EXIT_USAGE;
    if (a.plans & 1u << PLAN_FIRSTRUN_DECIDED) return summarizePlan(&x, &a);
    if ((rc = summarizeLoad(&x, &a)) != SUMMARIZE_NEXT) return rc;
    if (a.plans) { /* the harness's question after a round: nothing is written */
        rc = summarizePlan(&x, &a);
        resultsFree(&x.r);
        return rc;
    }
    reportChart shown[sizeof(unsigned) * 8];
    size_t nshown = 0;
    if ((rc = summarizeCharts(&x, a.out, shown, sizeof shown / sizeof shown[0], &nshown)) != 0)
        return rc;
    char *real = realpath(a.dir, NULL);
    summarizeReportInput(&x, a.dir, real, shown, nshown);
    rc = summarizeOutputs(&x, &a);
    for (size_t i = 0; i < x.r.v.n; i++) { /* one line each, as in verdicts.txt */
        printf("%s %s: ", verdictLevelName(x.r.v.v[i].level), x.r.v.v[i].id);
        textWrite(stdout, x.r.v.v[i].text, 0);
        putchar('\n');
    }
    fprintf(stderr,
            "coldload-summarize: %zu groups, %zu verdicts -> %s/summary.csv, verdicts.txt\n",
            x.r.s.n, x.r.v.n, a.out);
    free(real);
    resultsFree(&x.r);
    return rc ? 1 : 0;
}
