/* compare.c -- the comparison's run (see compare.h): each results directory
 * read as coldload-summarize reads it, their cells matched by key, then the
 * rows -- every shared cell's ratio to the baseline, its interval and the
 * per-figure rule at the pair's drift (comparerows.c) -- and what differs
 * between the inputs (comparefind.c). The documents are export/comparecsv,
 * export/comparechart and doc/comparedoc. */
#include "results/compare.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/comparefind.h"
#include "results/comparerows.h"
#include "results/results.h"

/* --- reading one input -------------------------------------------------------------- */

/* "host 2026-12-03 08:14" from meta's host and first date_utc; NULL when
 * meta has no host. */
static char *compareLabelOf(const metaTable *m) {
    const char *host = metaGet(m, "host"), *date = NULL;
    if (!host || !*host) return NULL;
    /* the first date_utc: when the directory's first harness started */
    for (size_t i = 0; i < m->n && !date; i++)
        if (strcmp(m->keys[i], "date_utc") == 0) date = m->vals[i];
    char buf[256];
    if (date && strlen(date) >= 16)
        snprintf(buf, sizeof buf, "%s %.10s %.5s", host, date, date + 11);
    else snprintf(buf, sizeof buf, "%s", host);
    return strdup(buf);
}

int compareInputRead(compareInput *in, const char *dir, const char *label, char *err,
                     size_t errlen) {
    memset(in, 0, sizeof *in);
    summaryInit(&in->s);
    if (!(in->dir = strdup(dir))) return -2;
    /* Read and judged as coldload-summarize does: the same loader, the
     * page's thresholds. What the comparison keeps is moved out of it. */
    verdictThresholds t;
    verdictDefaults(&t);
    results r;
    int rc = resultsLoad(&r, dir, &t, NULL, err, errlen);
    if (rc == RESULTS_OK) {
        in->s = r.s, in->v = r.v, in->t = r.t, in->meta = r.meta, in->machine = r.machine;
        in->stops = r.stops;
        summaryInit(&r.s);
        memset(&r.v, 0, sizeof r.v);
        memset(&r.meta, 0, sizeof r.meta);
        memset(&r.stops, 0, sizeof r.stops);
        r.machine = NULL;
    }
    resultsFree(&r);
    if (rc != RESULTS_OK) return rc == RESULTS_NO_MEMORY ? -2 : -1;
    in->label = label ? strdup(label) : compareLabelOf(&in->meta);
    if (!in->label) in->label = strdup(dir);
    return in->label ? 0 : -2;
}

void compareInputFree(compareInput *in) {
    free(in->machine);
    free(in->dir);
    free(in->label);
    verdictFree(&in->v);
    summaryFree(&in->s);
    metaStopsFree(&in->stops);
    metaFree(&in->meta);
    memset(in, 0, sizeof *in);
}

/* --- cells matched ------------------------------------------------------------------ */

/* summaryDescribe of g as a string (malloc'd; NULL: out of memory). */
static char *compareDescribe(const summaryGroup *g) {
    char *name = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&name, &len);
    if (!f) return NULL;
    summaryDescribe(g, f);
    if (fclose(f) != 0) {
        free(name);
        return NULL;
    }
    return name;
}

static int compareCells(compareResult *r) {
    size_t cap = 0;
    for (size_t i = 0; i < r->nin; i++) cap += r->in[i].s.n;
    r->cells = calloc(cap ? cap : 1, sizeof *r->cells);
    if (!r->cells) return -1;
    for (size_t i = 0; i < r->nin; i++)
        for (size_t k = 0; k < r->in[i].s.n; k++) {
            const summaryGroup *g = &r->in[i].s.g[k];
            size_t c = 0;
            while (c < r->ncells && !summaryKeySame(&compareCellKey(&r->cells[c], r->nin)->key,
                                                    &g->key, SUMMARY_K_ALL))
                c++;
            if (c == r->ncells && !(r->cells[r->ncells++].name = compareDescribe(g))) return -1;
            if (!r->cells[c].group[i]) r->cells[c].present++;
            r->cells[c].group[i] = g;
        }
    return 0;
}

/* --- the run -------------------------------------------------------------------------------- */

int compareRun(const compareInput *in, size_t nin, uint64_t seed, compareResult *r) {
    memset(r, 0, sizeof *r);
    r->in = in;
    r->nin = nin;
    r->seed = seed;
    if (nin > COMPARE_MAX_INPUTS || compareCells(r) != 0 || compareRows(r) != 0) return -1;
    compareDrift(r);
    return compareFindings(r);
}

void compareFree(compareResult *r) {
    for (size_t i = 0; i < r->nf; i++) {
        free(r->f[i].text);
        free(r->f[i].subject);
    }
    for (size_t c = 0; c < r->ncells; c++) free(r->cells[c].name);
    for (size_t k = 0; r->rows && k < r->nrows; k++) {
        free(r->rows[k].fig);
        free(r->rows[k].base_fig);
    }
    for (size_t i = 0; r->answers && i < r->nin * ANSWER_QUESTIONS; i++) answerFree(&r->answers[i]);
    free(r->answers);
    free(r->f);
    free(r->cells);
    free(r->rows);
    memset(r, 0, sizeof *r);
}
