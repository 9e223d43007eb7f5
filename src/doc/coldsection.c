/* coldsection.c -- the report's "What the cold start read" (see
 * coldsection.h), written once through a docFmt. The figures are
 * model/coldread's; this file only lays them out: one table per cold copy
 * kind, the largest reads first, the rest summed in one row. */
#include "doc/coldsection.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>


#define COLDSECTION_ROWS 15 /* per table; the rest summed in one line */

static const char coldsectionWhy[] =
    "Per workload and cold copy kind, the files the run brought into the page cache: pages "
    "resident after the run minus before (mincore, coldload-evict --query; median over the "
    "copies), largest first, from cold-pages.tsv. The share of the extra ms (the kind's "
    "whole-process median minus the same copy's) is apportioned by pages read -- every page "
    "counted as costing the same -- not measured per file.";

/* One table's caption: "grad, evicted: +37.1 ms over same, 1234 pages read
 * (2 copies)", allocated (NULL when out of memory). */
static char *coldsectionCaption(const coldreadTable *t) {
    char ms[32];
    const char *what = strcmp(t->workload, "binary") ? t->workload : "the program";
    if (isnan(t->extra_ms))
        return docStr("%s, %s: extra ms unknown (no whole-process runs of it and of same), "
                      "%.0f pages read from disk (%zu cop%s)",
                      what, t->kind, t->total_pages, t->copies, t->copies == 1 ? "y" : "ies");
    return docStr("%s, %s: %s%s ms over same, %.0f pages read from disk (%zu cop%s)", what, t->kind,
                  t->extra_ms >= 0 ? "+" : "-", summaryFmtMs(fabs(t->extra_ms), ms, sizeof ms),
                  t->total_pages, t->copies, t->copies == 1 ? "y" : "ies");
}

/* Cells of row i of t, allocated: file, size, pages read, share of the extra ms. */
static void coldsectionCells(const coldreadTable *t, size_t i, char *cells[4]) {
    const coldreadFile *x = &t->f[i];
    char ms[32];
    cells[0] = docStr("%s", x->path);
    if (x->size_bytes >= 1048576) cells[1] = docStr("%.1f MiB", x->size_bytes / 1048576);
    else cells[1] = docStr("%.1f KiB", x->size_bytes / 1024);
    cells[2] = docStr("%.0f", x->pages_read);
    if (isnan(x->share_ms)) cells[3] = docStr("-");
    else
        cells[3] = docStr("%s ms (%.0f%%)", summaryFmtMs(x->share_ms, ms, sizeof ms),
                          t->total_pages > 0 ? 100 * x->pages_read / t->total_pages : 0);
}

/* cold.sh as a user who may not write some files (root's libraries under
 * docker --user): the kernel hides their page cache, so their pages read are
 * unknown, not 0. The note, allocated, or NULL when every file was seen. */
static char *coldsectionUnknown(const metaTable *m) {
    const char *n = metaGet(m, "cold_pages_unknown_files"),
               *uid = metaGet(m, "cold_pages_unknown_uid"),
               *pages = metaGet(m, "cold_pages_unknown_pages");
    if (!n || !strcmp(n, "0")) return NULL;
    return docStr("pages unknown as uid %s: %s file(s), %s pages, that this user may not "
                  "write -- the kernel hides their page cache (mincore reports every page "
                  "resident), so they are not in the table; they were evicted all the same, "
                  "and the runs' major page faults are real",
                  uid ? uid : "?", n, pages ? pages : "?");
}

/* One kind's table: its caption, its files, the rest summed, the note. */
static void coldsectionTable(const reportDoc *d, const coldreadTable *t, const char *unknown) {
    static const char *const head[4] = {"file", "size", "pages read",
                                        "share of the extra ms (by pages read)"};
    static const docTable dt = {"coldread", head, 4, NULL};
    const docFmt *fmt = d->fmt;
    char *cap = coldsectionCaption(t);
    fmt->para_begin(d->f, NULL);
    fmt->strong(d->f, cap ? cap : "?");
    fmt->para_end(d->f);
    free(cap);
    fmt->table(d->f, &dt);
    size_t shown = 0, rest_n = 0;
    double rest_pages = 0;
    for (size_t i = 0; i < t->n; i++) {
        if (t->f[i].pages_read <= 0) continue;
        if (shown == COLDSECTION_ROWS) {
            rest_pages += t->f[i].pages_read;
            rest_n++;
            continue;
        }
        shown++;
        char *cells[4];
        coldsectionCells(t, i, cells);
        const char *row[4];
        for (int j = 0; j < 4; j++) row[j] = cells[j] ? cells[j] : "?";
        fmt->row(d->f, &dt, row);
        for (int j = 0; j < 4; j++) free(cells[j]);
    }
    if (shown == 0) {
        const docCell c = {"no file was read from disk", 4, NULL, 0};
        fmt->row_cells(d->f, &dt, &c, 1, NULL, NULL);
    }
    if (rest_pages > 0) {
        char more[64], pages[32];
        snprintf(more, sizeof more, "%zu more files", rest_n);
        snprintf(pages, sizeof pages, "%.0f", rest_pages);
        const docCell c[3] = {{more, 2, NULL, 0}, {pages, 1, NULL, 0}, {"", 1, NULL, 0}};
        fmt->row_cells(d->f, &dt, c, 3, NULL, NULL);
    }
    if (unknown) {
        const docCell c = {unknown, 4, NULL, 0};
        fmt->row_cells(d->f, &dt, &c, 1, NULL, NULL);
    }
    fmt->table_end(d->f, &dt);
}

void coldsectionWrite(const reportDoc *d) {
    const reportInput *in = d->in;
    const docFmt *fmt = d->fmt;
    if (in->cold_err) {
        fmt->section(d->f, "coldread", "What the cold start read");
        fmt->para(d->f, in->cold_err);
        fmt->section_end(d->f);
        return;
    }
    const coldread *c = in->cold;
    if (!c || c->n == 0) return;
    const char *method = metaGet(in->meta, "cold_files_method");
    fmt->section(d->f, "coldread", "What the cold start read");
    fmt->para_begin(d->f, NULL);
    fmt->text(d->f, coldsectionWhy);
    if (method) {
        fmt->text(d->f, " Files found by: ");
        fmt->text(d->f, method);
        fmt->text(d->f, ".");
    }
    fmt->para_end(d->f);
    char *unknown = coldsectionUnknown(in->meta);
    for (size_t k = 0; k < c->n; k++) /* same: the baseline the others are measured from */
        if (strcmp(c->t[k].kind, summaryCopies[SUMMARY_COPY_SAME].name) != 0)
            coldsectionTable(d, &c->t[k], unknown);
    free(unknown);
    fmt->section_end(d->f);
}
