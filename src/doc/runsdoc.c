/* runsdoc.c -- the report's Runs and Metadata sections (see runsdoc.h).
 * The report never reads the logs: the harness recorded each binary's
 * page-format lines in runs-lines.tsv (harness/lib/workloads.sh
 * cl_run_lines), and this file lays them out. */
#include "doc/runsdoc.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "common/slurp.h"
#include "doc/threadsdoc.h"

#define RUNSDOC_FILE_MAX (64 * 1024) /* runs-lines.tsv: more is cut */

/* One row of runs-lines.tsv: its log's name and its line, and where it came
 * in the file (the sort is stable by it). */
typedef struct runsdocLine {
    const char *log, *line;
    size_t at;
} runsdocLine;

static int runsdocCmp(const void *a, const void *b) {
    const runsdocLine *x = a, *y = b;
    int c = strcmp(x->log, y->log);
    return c ? c : (x->at > y->at) - (x->at < y->at);
}

char *runsdocLines(const char *results_dir, int *missing) {
    static const char head[] = "log\tline\n";
    *missing = 1;
    if (!results_dir) return NULL;
    char path[4096];
    snprintf(path, sizeof path, "%s/runs-lines.tsv", results_dir);
    int trunc = 0;
    char *text = slurpText(path, RUNSDOC_FILE_MAX, &trunc);
    if (!text || strncmp(text, head, sizeof head - 1) != 0) {
        free(text);
        return NULL;
    }
    *missing = 0;
    runsdocLine *rows = NULL;
    size_t n = 0, cap = 0, width = 0;
    for (char *p = text + sizeof head - 1; *p;) {
        size_t len = strcspn(p, "\n");
        char *next = p + len + (p[len] == '\n'), *tab = memchr(p, '\t', len);
        p[len] = '\0';
        if (tab && (!trunc || *next)) { /* a cut file's last row may be partial */
            *tab = '\0';
            if (n == cap) {
                size_t nc = cap ? 2 * cap : 64;
                runsdocLine *nr = realloc(rows, nc * sizeof *nr);
                if (!nr) break;
                rows = nr, cap = nc;
            }
            rows[n] = (runsdocLine){p, tab + 1, n};
            if ((size_t)(tab - p) > width) width = (size_t)(tab - p);
            n++;
        }
        p = next;
    }
    if (n > 1) qsort(rows, n, sizeof *rows, runsdocCmp);
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

/* The Runs section's text when no run line was recorded: expected of
 * another program's runs, which print none of coldload's lines; said so when
 * runs-lines.tsv is missing beside a logs/ (results written before the
 * harness recorded the lines: the report does not read the logs). */
static const char *runsdocNone(const reportInput *in, int missing) {
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

void runsdocRuns(const reportDoc *d) {
    const docFmt *fmt = d->fmt;
    fmt->section(d->f, "runs", "Runs");
    fmt->para(d->f, "The page-format lines of every run, by its log file in logs/ (the full "
                    "output is there).");
    int missing;
    char *runs = runsdocLines(d->in->results_dir, &missing);
    fmt->pre(d->f, runs ? runs : runsdocNone(d->in, missing));
    free(runs);
    fmt->section_end(d->f);
}

void runsdocMeta(const reportDoc *d) {
    d->fmt->section(d->f, "meta", "Metadata");
    d->fmt->pre(d->f, d->in->meta->text);
    d->fmt->section_end(d->f);
}
