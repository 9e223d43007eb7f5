/* report.c -- report.html and report.md (see report.h): one walk over one
 * table of sections, each a function writing through the format it is
 * given, so the HTML and the Markdown are the same document.
 *
 * Everything printed comes from files a user may have edited, so every
 * string goes through the format's escaper (doc/docfmt); nothing here
 * trusts a label to be plain text. This file holds the walk and the
 * sections too small for a file of their own: the head (the title, a missing
 * half, the machine) and the charts. */
#include "doc/report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "doc/answerdoc.h"
#include "doc/coldsection.h"
#include "doc/firstrundoc.h"
#include "doc/runlinesdoc.h"
#include "doc/scandoc.h"
#include "doc/remedydoc.h"
#include "doc/abdoc.h"
#include "doc/threadsdoc.h"
#include "doc/verdictsdoc.h"

/* --- the head and the charts ----------------------------------------------------------- */

/* One "Missing:" paragraph: bold, then sep and why when there is a why. */
static void reportMissing(const reportDoc *d, const char *bold, const char *sep, const char *why) {
    const docFmt *fmt = d->fmt;
    fmt->para_begin(d->f, "missing");
    fmt->strong(d->f, bold);
    if (why) {
        fmt->text(d->f, sep);
        fmt->text(d->f, why);
    }
    fmt->para_end(d->f);
}

/* A failed step's name (missing_step), bold, and its why when one follows. */
static void reportMissingStep(const reportDoc *d, const char *step, const char *why) {
    char *bold = docStr("Missing: %s", step);
    reportMissing(d, bold ? bold : step, " — ", why);
    free(bold);
}

/* The title; the failed steps (report.sh writes missing_step=NAME then
 * missing_why=WHY for each, docs/meta-keys.md), the very first thing the
 * document says, since every answer after them lacks that half; the machine
 * and the results. The keys are paired by order, nothing is split: a
 * missing_step without its missing_why (an edited file) is said alone,
 * a missing_why without a step after "Missing", and a results directory's
 * older missing=TEXT line whole, as written. */
static void reportHead(const reportDoc *d) {
    const docFmt *fmt = d->fmt;
    const reportInput *in = d->in;
    char *title = docStr("coldload report: %s", in->machine);
    fmt->begin(d->f, title ? title : "coldload report", "coldload report");
    free(title);
    const metaTable *m = in->meta;
    const char *step = NULL; /* a missing_step waiting for its why */
    for (size_t i = 0; i < m->n; i++) {
        const char *k = m->keys[i], *v = m->vals[i];
        int is_step = strcmp(k, "missing_step") == 0, is_why = strcmp(k, "missing_why") == 0;
        int is_old = strcmp(k, "missing") == 0;
        if (!is_step && !is_why && !is_old) continue;
        if (step && !is_why) reportMissingStep(d, step, NULL);
        if (is_old) reportMissing(d, "Missing:", " ", v);
        else if (is_why && step) reportMissingStep(d, step, v);
        else if (is_why) reportMissing(d, "Missing", " — ", v);
        step = is_step ? v : NULL;
    }
    if (step) reportMissingStep(d, step, NULL);
    fmt->para_begin(d->f, "machine");
    fmt->text(d->f, in->machine);
    if (in->name && *in->name) {
        fmt->text(d->f, ", results ");
        fmt->code(d->f, in->name, NULL);
    }
    fmt->para_end(d->f);
}

static void reportCharts(const reportDoc *d) {
    const docFmt *fmt = d->fmt;
    fmt->section(d->f, "charts", "Charts");
    /* the first-run parts' chart is drawn in their own section */
    if (!d->in->ncharts && d->in->fr && d->in->fr->n > 0)
        fmt->para(d->f, "No chart of these: the results hold no rows they show; the first-run "
                        "parts' chart is in their section, below.");
    else if (!d->in->ncharts)
        fmt->para(d->f, "No chart: the results hold no rows any chart shows.");
    for (size_t c = 0; c < d->in->ncharts; c++) {
        const reportChart *k = &d->in->charts[c];
        char id[96], svg[96], png[96], dat[96];
        snprintf(id, sizeof id, "chart-%s", k->name);
        snprintf(svg, sizeof svg, "plots/%s.svg", k->name);
        snprintf(png, sizeof png, "plots/%s.png", k->name);
        snprintf(dat, sizeof dat, "plots/%s.dat", k->name);
        const docFigure g = {id, k->title, svg, png, k->howto, {{"PNG", png}, {"data", dat}}};
        fmt->figure(d->f, &g);
    }
    fmt->section_end(d->f);
}

static void reportThreads(const reportDoc *d) {
    threadsdocSection(d->in->s, d->in->meta, d->fmt, d->f);
    const remedydocInput r = {d->in->s, d->in->meta, d->in->remedies, d->in->nremedies,
                              d->in->remedies_err};
    remedydocTable(&r, d->fmt, d->f);
}

static void reportAb(const reportDoc *d) {
    abdocSection(d->in->s, d->in->meta, d->stops, d->fmt, d->f);
}

static void reportFirstrun(const reportDoc *d) {
    firstrundocSection(d->in->fr, d->in->fr_err, d->stops, d->fmt, d->f);
}

static void reportScan(const reportDoc *d) { scandocSection(d->in->scan, d->fmt, d->f); }

static void reportEnd(const reportDoc *d) { d->fmt->end(d->f); }

/* --- the walk ------------------------------------------------------------------------------ */

/* The sections by id (section.h); which of them a job's report has, and
 * in what order, is its row's (export/jobs.h). */
static void (*const reportSections[REPORT_NSECTIONS])(const reportDoc *d) = {
    [REPORT_HEAD] = reportHead,
    [REPORT_ANSWERS] = answerdocSection,
    [REPORT_AB] = reportAb,
    [REPORT_CHARTS] = reportCharts,
    [REPORT_THREADS] = reportThreads,
    [REPORT_COLD] = coldsectionWrite,
    [REPORT_FIRSTRUN] = reportFirstrun,
    [REPORT_SCAN] = reportScan,
    [REPORT_VERDICTS] = verdictsdocVerdicts,
    [REPORT_SUMMARY] = verdictsdocSummary,
    [REPORT_RUNS] = runlinesdocRuns,
    [REPORT_META] = runlinesdocMeta,
    [REPORT_END] = reportEnd,
};

int reportWrite(const reportInput *in, const docFmt *fmt, FILE *f) {
    const reportDoc d = {in, fmt, f, in->stops};
    for (int i = 0; i < in->job->nsections; i++) reportSections[in->job->sections[i]](&d);
    return ferror(f) ? -1 : 0;
}
