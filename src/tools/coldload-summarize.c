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

#include "common/atomicfile.h"
#include "common/num.h"
#include "common/opts.h"
#include "common/safefile.h"
#include "common/text.h"
#include "export/chartdata.h"
#include "doc/firstrundoc.h"
#include "export/hyperfine.h"
#include "export/json.h"
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

/* --help: the fixed part, then the thresholds from the check table. */
static void summarizeUsage(FILE *f) {
    fputs("usage: coldload-summarize [options] RESULTS_DIR\n"
          "Reads RESULTS_DIR/samples.csv and whole.csv (either may be absent, not both) and "
          "writes\n"
          "summary.csv, verdicts.txt, results.json, hyperfine.json, plots/*.dat, plots/labels.gp,\n"
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
          "                            its B/A interval is within +-P of the ratio\n"
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

typedef int (*summarizeWriter)(void *ctx, FILE *f);

/* Writes path through a temporary file renamed into place (atomicfile.h).
 * Returns 0, or -1 after printing why. */
static int summarizeWrite(const char *path, summarizeWriter fn, void *ctx) {
    atomicFile a;
    if (atomicOpen(&a, path) != 0) return optsError("%s: %s", path, a.why);
    if (fn(ctx, a.f) != 0) {
        atomicAbort(&a);
        return optsError("%s: write failed", path);
    }
    if (atomicCommit(&a) != 0) return optsError("%s: write failed", path);
    return 0;
}

typedef struct summarizeCtx {
    verdictThresholds t; /* as the options set them */
    results r;           /* the directory loaded with them */
    reportInput in;
    const docFmt *fmt; /* the format summarizeDoc writes */
} summarizeCtx;

static int summarizeCsv(void *c, FILE *f) { return summaryWriteCsv(&((summarizeCtx *)c)->r.s, f); }
static int summarizeVerdicts(void *c, FILE *f) {
    summarizeCtx *x = c;
    return verdictWrite(&x->r.v, &x->r.t, f);
}
static int summarizeDoc(void *c, FILE *f) {
    summarizeCtx *x = c;
    return reportWrite(&x->in, x->fmt, f);
}

/* --firstrun-decided: the first-run pairs' stopping rule, for firstrun.sh. */
static int summarizeFirstrunDecided(const char *dir, double share_margin) {
    char err[SUMMARY_ERR_MAX];
    firstrun fr;
    if (resultsLoadFirstrun(&fr, dir, err, sizeof err) != 0) {
        optsError("%s", err);
        return OPTS_EXIT_USAGE;
    }
    int rc = planWriteFirstrunDecided(&fr, share_margin, stdout);
    firstrunFree(&fr);
    return rc ? optsError("stdout: write failed"), 1 : 0;
}

/* A plan's writer's code (export/plan.h) as the exit status: 0, or 1
 * after saying why (out of memory, stdout failed). */
static int summarizePlanDone(int rc) {
    if (rc == -1) optsError("out of memory");
    if (rc == -2) optsError("stdout: write failed");
    return rc ? 1 : 0;
}

int main(int argc, char **argv) {
    optsProg = "coldload-summarize";
    static summarizeCtx x;
    const char *samples = NULL, *whole = NULL, *out = NULL, *dir = NULL, *export_hf = NULL;
    const char *want[4] = {NULL, NULL, NULL,
                           NULL}; /* --decided's condition, load, stressors, copy */
    int no_report = 0, decided = 0, td_decided = 0, remedy_mode = REMEDY_OFF;
    double ab_precision = NAN;   /* --ab-decided P */
    double fr_share_margin = -1; /* --firstrun-decided */
    verdictDefaults(&x.t);
    for (int i = 1; i < argc;) {
        const char *v;
        int m = 0;
        if (strcmp(argv[i], "--help") == 0) {
            summarizeUsage(stdout);
            return 0;
        }
        if (strcmp(argv[i], "--list-remedies") == 0) return remediesList(stdout) ? 1 : 0;
        int checks = strcmp(argv[i], "--list-checks") == 0;
        if (checks || strcmp(argv[i], "--list-charts") == 0) {
            (checks ? summarizeListChecks : summarizeListCharts)(stdout);
            return 0;
        }
        if (strcmp(argv[i], "--no-report") == 0 || strcmp(argv[i], "--decided") == 0) {
            *(argv[i][2] == 'n' ? &no_report : &decided) = 1;
            i++;
            continue;
        }
        if (strcmp(argv[i], "--threads-decided") == 0) {
            decided = td_decided = 1;
            i++;
            continue;
        }
        const verdictParam *p;
        for (size_t k = 0; !m && (p = verdictParamAt(k)); k++) {
            char opt[64];
            snprintf(opt, sizeof opt, "--%s", p->name);
            if ((m = optsMatch(argc, argv, &i, opt, &v)) > 0 &&
                optsDouble(opt, v, 0, 1e9, verdictParamValue(&x.t, p)) != 0)
                return OPTS_EXIT_USAGE;
        }
        if (m < 0) return OPTS_EXIT_USAGE;
        if (m) continue;
        if ((m = optsMatch(argc, argv, &i, "--ab-decided", &v)) != 0) {
            if (m < 0 || optsDouble("--ab-decided", v, 0, 1, &ab_precision) != 0)
                return OPTS_EXIT_USAGE;
            decided = 1;
            continue;
        }
        if ((m = optsMatch(argc, argv, &i, "--threads-remedies", &v)) != 0) {
            if (m < 0 || remedyModeParse(v, &remedy_mode) != 0 || remedy_mode == REMEDY_OFF) {
                if (m > 0) optsError("--threads-remedies: expected auto or all, got '%s'", v);
                return OPTS_EXIT_USAGE;
            }
            decided = 1;
            continue;
        }
        if ((m = optsMatch(argc, argv, &i, "--firstrun-decided", &v)) != 0) {
            if (m < 0 || optsDouble("--firstrun-decided", v, 0, 1, &fr_share_margin) != 0)
                return OPTS_EXIT_USAGE;
            continue;
        }
        const char **files[] = {&samples, &whole,   &out,     &want[0],
                                &want[1], &want[2], &want[3], &export_hf};
        const char *names[] = {"--samples", "--whole",     "--out",  "--condition",
                               "--load",    "--stressors", "--copy", "--export-hyperfine"};
        for (size_t k = 0; k < sizeof names / sizeof names[0] && !m; k++)
            if ((m = optsMatch(argc, argv, &i, names[k], &v)) > 0) {
                if (!*v) return optsError("%s: expected a value, got ''", names[k]), 2;
                *files[k] = v;
            }
        if (m < 0) return OPTS_EXIT_USAGE;
        if (m) continue;
        if (argv[i][0] == '-' && argv[i][1]) {
            optsError("unknown option '%s' (see --help)", argv[i]);
            return OPTS_EXIT_USAGE;
        }
        if (dir) {
            optsError("one RESULTS_DIR expected, got '%s' and '%s'", dir, argv[i]);
            return OPTS_EXIT_USAGE;
        }
        dir = argv[i++];
    }
    if (!dir) {
        optsError("missing RESULTS_DIR (see --help)");
        return OPTS_EXIT_USAGE;
    }
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        optsError("%s: not a directory", dir);
        return OPTS_EXIT_USAGE;
    }
    /* an export that could not be written is said now, before anything is
     * read or written; a device node or a link there is never replaced */
    char why[SAFEFILE_WHY_MAX];
    if (export_hf && !decided && fr_share_margin < 0 &&
        safefileWritable(export_hf, why, sizeof why) != 0) {
        optsError("--export-hyperfine %s: %s", export_hf, why);
        return OPTS_EXIT_USAGE;
    }
    if (!out) out = dir;
    if (fr_share_margin >= 0) return summarizeFirstrunDecided(dir, fr_share_margin);

    char path[4096], err[SUMMARY_ERR_MAX];
    const resultsOptions ro = {samples, whole, !decided};
    int lrc = resultsLoad(&x.r, dir, &x.t, &ro, err, sizeof err);
    if (lrc != RESULTS_OK) {
        optsError("%s", lrc == RESULTS_NO_MEMORY ? "out of memory" : err);
        resultsFree(&x.r);
        return lrc == RESULTS_BAD_INPUT ? OPTS_EXIT_USAGE : 1;
    }
    if (x.r.s.ignored_rows)
        fprintf(stderr, "coldload-summarize: %zu rows of other phases not summarised\n",
                x.r.s.ignored_rows);
    if (remedy_mode != REMEDY_OFF) { /* threads.sh's question after a level's rounds */
        if (!want[1] || !want[2]) {
            resultsFree(&x.r);
            return optsError("--threads-remedies needs --load and --stressors"), OPTS_EXIT_USAGE;
        }
        remedyPlanOf plan;
        int rc = remedyPlan(&x.r.s, &x.r.meta, want[1], want[2], remedy_mode, &plan) != 0
                     ? -1
                     : planWriteRemedies(&plan, stdout);
        resultsFree(&x.r);
        return summarizePlanDone(rc);
    }
    if (!isnan(ab_precision)) { /* ab.sh's question after a block */
        answerAb *r;
        size_t n;
        int rc = answerAbAll(&x.r.s, ab_precision, &r, &n);
        if (rc == 0) rc = planWriteAb(r, n, stdout);
        free(r);
        resultsFree(&x.r);
        return summarizePlanDone(rc);
    }
    if (td_decided) { /* threads.sh's question after a round */
        int rc = planWriteThreadsDecided(&x.r.s, want[1], want[2], stdout);
        resultsFree(&x.r);
        return summarizePlanDone(rc);
    }
    if (decided) { /* the harness's question after a round: nothing is written */
        int rc = planWriteDecided(&x.r.s, &x.r.t, want, stdout);
        resultsFree(&x.r);
        return summarizePlanDone(rc);
    }
    char plots[4096];
    summarizePath(plots, sizeof plots, out, "plots");
    if (safefileDir(plots, 1, why, sizeof why) != 0) { /* plots/ itself, not a link */
        optsError("%s: %s", plots, why);
        return errno == ELOOP || errno == ENOTDIR ? OPTS_EXIT_USAGE : 1;
    }
    unsigned charts = 0;
    if (chartdataWrite(&x.r.s, x.r.machine, plots, &charts, err, sizeof err) != 0) {
        optsError("%s", err);
        return 1;
    }
    reportChart shown[sizeof charts * 8];
    size_t nshown = chartdataShown(charts, shown, sizeof shown / sizeof shown[0]);
    /* The files with rows of their own (the first run's, the cold reads,
     * the run lines, the scan's findings): a defect there is said here and
     * in its section, and costs the rest of the report nothing. */
    const char *defects[] = {x.r.fr_err, x.r.cold_err, x.r.runs_err, x.r.scan.err,
                             x.r.remedies_err};
    for (size_t i = 0; i < sizeof defects / sizeof defects[0]; i++)
        if (defects[i]) fprintf(stderr, "coldload-summarize: warning: %s\n", defects[i]);
    if (!x.r.fr_err && firstrunchartWrite(&x.r.fr, plots, err, sizeof err) != 0)
        fprintf(stderr, "coldload-summarize: warning: %s\n", err);
    /* The directory's own name (results/latest is a link to it). */
    char *real = realpath(dir, NULL);
    const char *base = strrchr(real ? real : dir, '/');
    x.in = (reportInput){.s = &x.r.s,
                         .verdicts = &x.r.v,
                         .thresholds = &x.r.t,
                         .meta = &x.r.meta,
                         .stops = &x.r.stops,
                         .machine = x.r.machine,
                         .name = base && base[1] ? base + 1 : (real ? real : dir),
                         .charts = shown,
                         .ncharts = nshown,
                         .fr = &x.r.fr,
                         .fr_err = x.r.fr_err,
                         .cold = &x.r.cold,
                         .cold_err = x.r.cold_err,
                         .runs = &x.r.runs,
                         .logs = x.r.logs,
                         .scan = &x.r.scan,
                         .remedies = x.r.remedies,
                         .nremedies = x.r.nremedies,
                         .remedies_err = x.r.remedies_err};

    int rc = 0;
    summarizePath(path, sizeof path, out, "summary.csv");
    rc |= summarizeWrite(path, summarizeCsv, &x);
    summarizePath(path, sizeof path, out, "verdicts.txt");
    rc |= summarizeWrite(path, summarizeVerdicts, &x);
    summarizePath(path, sizeof path, out, "results.json");
    if (jsonWriteResults(path, &x.r.s, &x.r.v, &x.r.t, &x.r.meta, &x.r.stops, x.r.remedies,
                         x.r.nremedies, err, sizeof err) != 0)
        rc |= optsError("%s", err);
    /* the cells in hyperfine's format, for the tools that read its exports;
     * not an A/B job's whose side failed in every run: hyperfine stops at a
     * command that fails, and a file of the other side alone would read as
     * a benchmark of it (an older one is removed, never left to say so) */
    const hyperfineInput hf = {&x.r.s, &x.r.meta, NULL};
    summarizePath(path, sizeof path, out, "hyperfine.json");
    const char *job = metaGet(&x.r.meta, "job");
    int fw = 0, failed = job && strcmp(job, "ab") == 0 ? answerAbAllFailed(&x.r.s, &fw) : -1;
    if (failed >= 0) {
        char at[32] = "";
        if (fw > 0) snprintf(at, sizeof at, " at width %d", fw);
        fprintf(stderr,
                "coldload-summarize: hyperfine.json%s%s not written: %s failed in every run%s "
                "(hyperfine stops at a command that fails)\n",
                export_hf ? " and " : "", export_hf ? export_hf : "", answerAbSideName[failed], at);
        if (unlink(path) != 0 && errno != ENOENT) rc |= optsError("%s: %s", path, strerror(errno));
    } else if (hyperfineWrite(path, &hf, 1, err, sizeof err) != 0 ||
               (export_hf && hyperfineWrite(export_hf, &hf, 1, err, sizeof err) != 0))
        rc |= optsError("%s", err);
    if (!no_report) {
        for (size_t i = 0; i < docNFormats; i++) { /* report.html, report.md */
            char name[64];
            snprintf(name, sizeof name, "report.%s", docFormats[i]->name);
            summarizePath(path, sizeof path, out, name);
            x.fmt = docFormats[i];
            rc |= summarizeWrite(path, summarizeDoc, &x);
        }
    }
    for (size_t i = 0; i < x.r.v.n; i++) { /* one line each, as in verdicts.txt */
        printf("%s %s: ", verdictLevelName(x.r.v.v[i].level), x.r.v.v[i].id);
        textWrite(stdout, x.r.v.v[i].text, 0);
        putchar('\n');
    }
    fprintf(stderr,
            "coldload-summarize: %zu groups, %zu verdicts -> %s/summary.csv, verdicts.txt\n",
            x.r.s.n, x.r.v.n, out);
    free(real);
    resultsFree(&x.r);
    return rc ? 1 : 0;
}
