/* coldload-compare.c -- two or more results directories -> one
 * comparison directory (compare.csv, compare.md, compare.html and the chart's
 * data in plots/; harness/compare.sh draws the chart).
 *
 * Every input is read as coldload-summarize reads it, with the same errors:
 * a malformed CSV is "file:line: what" on stderr and exit 2, before anything
 * is written. Inputs with no cell in common are compared all the same
 * (their answers, their findings): a note says so, and the page has no
 * chart and no row. Outputs go to temporary names renamed into place. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/opts.h"
#include "common/safefile.h"
#include "doc/comparedoc.h"
#include "doc/docfmt.h"
#include "export/export.h"
#include "export/jobs.h"
#include "results/compare.h"

/* --help: the machine formats' files from export.h's table. */
static void compareUsage(FILE *f) {
    fputs("usage: coldload-compare --out DIR [--label TEXT]... [--seed N] RESULTS_DIR "
          "RESULTS_DIR...\n"
          "Compares two or more results directories (each as coldload-summarize reads it): the "
          "cells\n"
          "they share, each input's medians against the first input's with a bootstrap 95% "
          "interval,\n"
          "and what differs (verdicts, checksums, cells, versions, options). Writes DIR/",
          f);
    exportFiles(f, &exporters[EXPORT_COMPARE_CSV], " and ");
    fputs(",\ncompare.md, compare.html, ", f);
    exportFiles(f, &exporters[EXPORT_COMPARE_CHART], " and ");
    fputs(".\n"
          "  --out DIR       the comparison directory (created)\n"
          "  --label TEXT    a name per input, in order (default: host and date from meta.txt)\n"
          "  --seed N        the bootstrap's seed (default 20261203; written in compare.csv)\n"
          "  --export-hyperfine FILE\n"
          "                  also write every input's cells in hyperfine's JSON format to FILE,\n"
          "                  each command naming its input's label (docs/json.md)\n"
          "  --help          this text\n"
          "Inputs with no cell in common: a note, and a page without a chart or a row.\n"
          "Exit: 0 done, 1 an output could not be written, 2 bad flags or bad input.\n",
          f);
}

/* The room for an error naming an output's path (compareOutputs' paths). */
#define COMPARE_ERR_MAX (4300 + SUMMARY_ERR_MAX)

/* A document of the comparison: its format, whether it has a chart. */
typedef struct compareDoc {
    const compareResult *r;
    int chart;
    const docFmt *fmt;
} compareDoc;

static int compareDocWriter(const void *ctx, FILE *f) {
    const compareDoc *d = ctx;
    return comparedocWrite(d->r, d->chart, d->fmt, f);
}

/* Inputs that share no figure (no cell in common, or none measured the
 * same way in two of them): one line saying so. The page is still written
 * -- the answers and the findings compare -- without a chart or a row. */
static void compareNothing(const compareResult *r) {
    size_t common = 0, each[COMPARE_MAX_INPUTS] = {0};
    for (size_t c = 0; c < r->ncells; c++) {
        common += r->cells[c].present >= 2;
        for (size_t i = 0; i < r->nin; i++) each[i] += r->cells[c].group[i] != NULL;
    }
    char counts[1024];
    size_t o = 0;
    counts[0] = '\0';
    for (size_t i = 0; i < r->nin && o < sizeof counts; i++) {
        int n = snprintf(counts + o, sizeof counts - o, "%s%s: %zu cell%s", i ? ", " : "",
                         r->in[i].label, each[i], each[i] == 1 ? "" : "s");
        if (n < 0) break;
        o += (size_t)n;
    }
    if (common == 0)
        fprintf(stderr,
                "coldload-compare: note: the inputs have no cell in common (%s): no figure "
                "compared, no chart\n",
                counts);
    else
        fprintf(stderr,
                "coldload-compare: note: the %zu cell%s the inputs have in common %s no figure "
                "measured in two of them (%s): no figure compared, no chart\n",
                common, common == 1 ? "" : "s", common == 1 ? "has" : "have", counts);
}

/* --out DIR, made when absent: the directory named (a link to one is the
 * user's word); plots/ below it is coldload's, a directory itself, never a
 * link (common/safefile.h). */
static int compareMkdir(const char *path, int top) {
    char why[SAFEFILE_WHY_MAX];
    struct stat st;
    if (top && stat(path, &st) == 0 && S_ISDIR(st.st_mode)) return 0;
    if (safefileDir(path, 1, why, sizeof why) == 0) return 0;
    return optsError("%s: %s", path, why);
}

/* The command line: the inputs, their labels, the output directory, the
 * seed and the hyperfine export. */
typedef struct compareArgs {
    const char *out, *dirs[COMPARE_MAX_INPUTS], *labels[COMPARE_MAX_INPUTS], *export_hf;
    size_t ndirs, nlabels;
    long seed;
} compareArgs;

/* The options into *a. Returns -1 to go on, else the exit status (0 after
 * --help, 2 after saying what is wrong). */
static int compareParse(int argc, char **argv, compareArgs *a) {
    *a = (compareArgs){.seed = COMPARE_SEED};
    for (int i = 1; i < argc;) {
        const char *v;
        int m;
        if (strcmp(argv[i], "--help") == 0) {
            compareUsage(stdout);
            return 0;
        }
        if ((m = optsMatch(argc, argv, &i, "--out", &v)) != 0) {
            if (m < 0) return OPTS_EXIT_USAGE;
            if (!*v) return optsError("--out: expected a path, got ''"), OPTS_EXIT_USAGE;
            a->out = v;
        } else if ((m = optsMatch(argc, argv, &i, "--label", &v)) != 0) {
            if (m < 0) return OPTS_EXIT_USAGE;
            if (!*v) return optsError("--label: expected a name, got ''"), OPTS_EXIT_USAGE;
            if (a->nlabels == COMPARE_MAX_INPUTS)
                return optsError("--label: at most %d", COMPARE_MAX_INPUTS), OPTS_EXIT_USAGE;
            a->labels[a->nlabels++] = v;
        } else if ((m = optsMatch(argc, argv, &i, "--export-hyperfine", &v)) != 0) {
            if (m < 0) return OPTS_EXIT_USAGE;
            if (!*v) return optsError("--export-hyperfine: expected a path, got ''"), 2;
            a->export_hf = v;
        } else if ((m = optsMatch(argc, argv, &i, "--seed", &v)) != 0) {
            if (m < 0 || optsLong("--seed", v, 0, 4294967295L, &a->seed) != 0)
                return OPTS_EXIT_USAGE;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            optsError("unknown option '%s' (see --help)", argv[i]);
            return OPTS_EXIT_USAGE;
        } else {
            if (a->ndirs == COMPARE_MAX_INPUTS)
                return optsError("at most %d results directories", COMPARE_MAX_INPUTS),
                       OPTS_EXIT_USAGE;
            a->dirs[a->ndirs++] = argv[i++];
        }
    }
    if (a->ndirs < 2) return optsError("two or more RESULTS_DIRs expected (see --help)"), 2;
    if (!a->out) return optsError("missing --out DIR (see --help)"), OPTS_EXIT_USAGE;
    if (a->nlabels && a->nlabels != a->ndirs)
        return optsError("%zu --label for %zu results directories: one each, or none", a->nlabels,
                         a->ndirs),
               OPTS_EXIT_USAGE;
    /* an export that could not be written is said now, before anything is
     * read or written; a device node or a link there is never replaced */
    char why[SAFEFILE_WHY_MAX];
    if (a->export_hf && safefileWritable(a->export_hf, why, sizeof why) != 0)
        return optsError("--export-hyperfine %s: %s", a->export_hf, why), OPTS_EXIT_USAGE;
    return -1;
}

/* The same directory twice (a typo, or a link to it) compares a run with
 * itself: allowed, every figure is then within noise, but said. */
static void compareSameDirs(const compareArgs *a) {
    for (size_t i = 1; i < a->ndirs; i++)
        for (size_t j = 0; j < i; j++) {
            struct stat x, y;
            if (stat(a->dirs[i], &x) == 0 && stat(a->dirs[j], &y) == 0 && x.st_dev == y.st_dev &&
                x.st_ino == y.st_ino)
                fprintf(stderr,
                        "coldload-compare: warning: %s and %s are the same directory: it is "
                        "compared with itself\n",
                        a->dirs[j], a->dirs[i]);
        }
}

/* Two inputs of one name (two runs of a host without meta dates) would
 * make every table ambiguous: the later ones get their number. Returns -1
 * when out of memory. */
static int compareRelabel(compareInput *in, size_t nread) {
    for (size_t i = 1; i < nread; i++)
        for (size_t j = 0; j < i; j++)
            if (strcmp(in[i].label, in[j].label) == 0) {
                char *l = NULL;
                if (asprintf(&l, "%s #%zu", in[i].label, i + 1) < 0) return -1;
                free(in[i].label);
                in[i].label = l;
                break;
            }
    return 0;
}

/* The chart's data, compare.csv, compare.html, compare.md and the hyperfine
 * export into the output directory (the machine formats through export.h's
 * table). 0, or -2 after saying why. */
static int compareOutputs(const compareArgs *a, compareInput *in, const compareResult *r) {
    char err[COMPARE_ERR_MAX];
    char plots[4200], path[4300];
    snprintf(plots, sizeof plots, "%s/plots", a->out);
    long cells = 0;
    if (compareMkdir(a->out, 1) != 0 || compareMkdir(plots, 0) != 0) return -2;
    exportInput ex = {.cmp = r, .cells = &cells};
    /* (the chart's and hyperfine's errors as long as the loader's) */
    if (exporters[EXPORT_COMPARE_CHART].write(&ex, plots, err, SUMMARY_ERR_MAX) != 0) {
        optsError("%s", err);
        return -2;
    }
    int rc = 0, chart = cells > 0;
    snprintf(path, sizeof path, "%s/%s", a->out, exporters[EXPORT_COMPARE_CSV].files[0]);
    if (exporters[EXPORT_COMPARE_CSV].write(&ex, path, err, sizeof err) != 0)
        rc |= optsError("%s", err);
    for (size_t i = 0; i < docNFormats; i++) { /* compare.html, compare.md */
        const compareDoc d = {r, chart, docFormats[i]};
        snprintf(path, sizeof path, "%s/compare.%s", a->out, docFormats[i]->name);
        if (exportFile(path, compareDocWriter, &d, err, sizeof err) != 0)
            rc |= optsError("%s", err);
    }
    if (a->export_hf) { /* every input's cells, each command naming its input */
        hyperfineInput hf[COMPARE_MAX_INPUTS];
        for (size_t i = 0; i < a->ndirs; i++)
            hf[i] = (hyperfineInput){&in[i].s, &in[i].meta, in[i].label};
        ex.hf = hf;
        ex.nhf = a->ndirs;
        if (exporters[EXPORT_HYPERFINE].write(&ex, a->export_hf, err, SUMMARY_ERR_MAX) != 0)
            rc |= optsError("%s", err);
    }
    return rc ? -2 : 0;
}

/* The findings on stdout, then the closing line on stderr. */
static void compareSay(const compareArgs *a, const compareResult *r) {
    if (r->nrows == 0) compareNothing(r);
    for (size_t i = 0; i < r->nf; i++)
        printf("%s %s: %s\n", verdictLevelName(r->f[i].level), r->f[i].id, r->f[i].text);
    fflush(stdout); /* the findings before the closing line, in a pipe too */
    fprintf(stderr,
            "coldload-compare: %zu inputs, %zu cells, %zu compared figures -> %s/"
            "compare.html\n",
            a->ndirs, r->ncells, r->nrows, a->out);
}

int main(int argc, char **argv) {
    optsProg = "coldload-compare";
    compareArgs a;
    int done = compareParse(argc, argv, &a);
    if (done >= 0) return done;
    compareSameDirs(&a);

    static compareInput in[COMPARE_MAX_INPUTS];
    char err[SUMMARY_ERR_MAX];
    for (size_t i = 0; i < a.ndirs; i++) /* bisect's, history's: no cells of their own */
        if (jobRefusesDir(a.dirs[i], err, sizeof err)) return optsError("%s", err), OPTS_EXIT_USAGE;
    int rc = 0;
    size_t nread = 0;
    for (; nread < a.ndirs && rc == 0; nread++) {
        rc = compareInputRead(&in[nread], a.dirs[nread], a.nlabels ? a.labels[nread] : NULL, err,
                              sizeof err);
        if (rc == 0) in[nread].asks = jobOf(&in[nread].meta)->report.asks; /* its job's row */
        if (rc == -1) optsError("%s", err);
        else if (rc) optsError("out of memory");
    }
    if (rc == 0 && compareRelabel(in, nread) != 0) return 1;
    compareResult r = {0};
    if (rc == 0 && compareRun(in, a.ndirs, (uint64_t)a.seed, &r) != 0) {
        optsError("out of memory");
        rc = -2;
    }
    if (rc == 0) rc = compareOutputs(&a, in, &r);
    if (rc == 0) compareSay(&a, &r);
    compareFree(&r);
    for (size_t i = 0; i < nread; i++) compareInputFree(&in[i]);
    return rc == -1 ? OPTS_EXIT_USAGE : rc ? 1 : 0;
}
