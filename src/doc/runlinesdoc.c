/* runlinesdoc.c -- the report's Runs and Metadata sections (see runlinesdoc.h).
 * The report never reads the logs: the harness recorded each binary's
 * page-format lines in runs-lines.tsv (harness/lib/workloads.sh
 * cl_run_lines), results/results loaded them (model/runlines), and this
 * file lays them out. */
#include "doc/runlinesdoc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc/threadsdoc.h"
#include "verdict/answer.h"

/* A row of runs-lines.tsv and where it came in the file (the sort is
 * stable by it). */
typedef struct runlinesdocLine {
    const runlinesRow *row;
    size_t at;
} runlinesdocLine;

static int runlinesdocCmp(const void *a, const void *b) {
    const runlinesdocLine *x = a, *y = b;
    int c = strcmp(x->row->log, y->row->log);
    return c ? c : (x->at > y->at) - (x->at < y->at);
}

char *runlinesdocLines(const runlines *rl) {
    if (!rl || rl->n == 0) return NULL;
    runlinesdocLine *rows = malloc(rl->n * sizeof *rows);
    if (!rows) return NULL;
    size_t width = 0;
    for (size_t i = 0; i < rl->n; i++) {
        rows[i] = (runlinesdocLine){&rl->rows[i], i};
        size_t w = strlen(rl->rows[i].log);
        if (w > width) width = w;
    }
    if (rl->n > 1) qsort(rows, rl->n, sizeof *rows, runlinesdocCmp);
    char *out = NULL;
    size_t outlen = 0;
    FILE *f = open_memstream(&out, &outlen);
    for (size_t i = 0; f && i < rl->n; i++)
        fprintf(f, "%-*s  %s\n", (int)width, rows[i].row->log, rows[i].row->line);
    if (f && rl->cut) fprintf(f, "%-*s  [... cut]\n", (int)width, RUNLINES_FILE);
    free(rows);
    if (!f) return NULL;
    fclose(f);
    return out;
}

/* The Runs section's text when no run line was recorded: expected of
 * another program's runs, which print none of coldload's lines; said so when
 * runs-lines.tsv is missing beside a logs/ (results written before the
 * harness recorded the lines: the report does not read the logs). */
static const char *runlinesdocNone(const reportInput *in) {
    if (in->job && in->job->own_program) /* a cold-only or a threads job */
        return "(the program printed no page-format lines; its own output is in logs/)\n";
    if (in->runs && !in->runs->present && in->logs)
        return "(no runs-lines.tsv: these results are from before the harness recorded the run "
               "lines; the binaries' output is in logs/)\n";
    return "(no page-format lines in logs/)\n";
}

void runlinesdocRuns(const reportDoc *d) {
    const docFmt *fmt = d->fmt;
    fmt->section(d->f, "runs", "Runs");
    fmt->para(d->f, "The page-format lines of every run, by its log file in logs/ (the full "
                    "output is there).");
    char *runs = runlinesdocLines(d->in->runs);
    fmt->pre(d->f, runs ? runs : runlinesdocNone(d->in));
    free(runs);
    fmt->section_end(d->f);
}

void runlinesdocMeta(const reportDoc *d) {
    d->fmt->section(d->f, "meta", "Metadata");
    d->fmt->pre(d->f, d->in->meta->text);
    d->fmt->section_end(d->f);
}
