/* coldread.c -- the "what the cold start read" tables from cold-pages.tsv
 * and the summary (see coldread.h). */
#include "model/coldread.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/num.h"
#include "common/safefile.h"
#include "common/stats.h"

#define COLDREAD_FIELDS 9 /* workload kind copy file size pages before after read */

/* One file of one table while reading: its pages_read per copy. */
typedef summaryVec coldreadAcc;

static coldreadTable *coldreadTableFor(coldread *c, const char *w, const char *k) {
    for (size_t i = 0; i < c->n; i++)
        if (!strcmp(c->t[i].workload, w) && !strcmp(c->t[i].kind, k)) return &c->t[i];
    coldreadTable *t = realloc(c->t, (c->n + 1) * sizeof(*t));
    if (!t) return NULL;
    c->t = t;
    t = &c->t[c->n];
    memset(t, 0, sizeof(*t));
    t->workload = strdup(w);
    t->kind = strdup(k);
    if (!t->workload || !t->kind) {
        free(t->workload);
        free(t->kind);
        return NULL;
    }
    c->n++;
    return t;
}

/* The file's slot in t (appended when new); accs runs parallel to t->f. */
static coldreadFile *coldreadFileFor(coldreadTable *t, coldreadAcc **accs, const char *path,
                                     double size, coldreadAcc **acc) {
    for (size_t i = 0; i < t->n; i++)
        if (!strcmp(t->f[i].path, path)) {
            *acc = &(*accs)[i];
            return &t->f[i];
        }
    coldreadFile *f = realloc(t->f, (t->n + 1) * sizeof(*f));
    if (!f) return NULL;
    t->f = f;
    coldreadAcc *a = realloc(*accs, (t->n + 1) * sizeof(*a));
    if (!a) return NULL;
    *accs = a;
    char *p = strdup(path);
    if (!p) return NULL;
    t->f[t->n] = (coldreadFile){p, size, 0, NAN};
    a[t->n] = (coldreadAcc){NULL, 0, 0};
    *acc = &a[t->n];
    return &t->f[t->n++];
}

/* A non-negative number, the whole field. */
static int coldreadNum(const char *s, double *out) { return numDouble(s, 0, DBL_MAX, out); }

/* The whole-process median of the copy kind's group: summary groups of
 * whole.csv keep the workload -- a --binary's name, as in cold-pages.tsv;
 * older directories wrote "binary" there and an empty workload in whole.csv. */
static double coldreadWhole(const summary *s, const char *workload, const char *kind) {
    for (int older = 0; older < 2; older++) {
        const char *w = older ? "" : workload;
        if (older && strcmp(workload, "binary")) break;
        for (size_t i = 0; i < s->n; i++) {
            const summaryGroup *g = &s->g[i];
            if (!strcmp(g->key.workload, w) && !strcmp(g->key.copy, kind) && g->whole_n > 0)
                return g->whole_median_ms;
        }
    }
    return NAN;
}

static int coldreadCmp(const void *a, const void *b) {
    const coldreadFile *x = a, *y = b;
    if (x->pages_read != y->pages_read) return x->pages_read < y->pages_read ? 1 : -1;
    return strcmp(x->path, y->path);
}

/* Medians, totals, shares, order: once every row is in. */
static void coldreadFinish(coldreadTable *t, coldreadAcc *accs, const summary *s) {
    size_t copies = 0;
    t->total_pages = 0;
    for (size_t i = 0; i < t->n; i++) {
        statsSummary st = {0};
        if (accs[i].n) statsOf(accs[i].x, accs[i].n, &st);
        t->f[i].pages_read = accs[i].n ? st.median : 0;
        t->total_pages += t->f[i].pages_read;
        if (accs[i].n > copies) copies = accs[i].n;
        free(accs[i].x);
    }
    t->copies = copies;
    double same = coldreadWhole(s, t->workload, summaryCopies[SUMMARY_COPY_SAME].name);
    double kind = coldreadWhole(s, t->workload, t->kind);
    t->extra_ms = isnan(same) || isnan(kind) ? NAN : kind - same;
    for (size_t i = 0; i < t->n; i++)
        t->f[i].share_ms = isnan(t->extra_ms) || t->total_pages <= 0
                               ? NAN
                               : t->extra_ms * t->f[i].pages_read / t->total_pages;
    if (t->n > 1) qsort(t->f, t->n, sizeof(*t->f), coldreadCmp);
}

int coldreadLoad(coldread *c, const char *path, const summary *s, char *err, size_t errlen) {
    memset(c, 0, sizeof(*c));
    char why[SAFEFILE_WHY_MAX];
    FILE *in = safefileFopenRead(path, why, sizeof why);
    if (!in) {
        if (errno == ENOENT) return 0;
        snprintf(err, errlen, "%s: %s", path, why);
        return -1;
    }
    /* per table, the accumulators parallel to its files */
    coldreadAcc **accs = NULL;
    size_t naccs = 0, lineno = 0;
    char *line = NULL;
    size_t cap = 0;
    int rc = -1;
    while (getline(&line, &cap, in) > 0) {
        lineno++;
        line[strcspn(line, "\n")] = 0;
        if (lineno == 1 || !line[0]) continue; /* the header */
        char *fld[COLDREAD_FIELDS], *p = line;
        int nf = 0;
        while (nf < COLDREAD_FIELDS) {
            fld[nf++] = p;
            char *tab = strchr(p, '\t');
            if (!tab) break;
            *tab = 0;
            p = tab + 1;
        }
        double size, pages_read;
        if (nf != COLDREAD_FIELDS || strchr(fld[COLDREAD_FIELDS - 1], '\t') ||
            coldreadNum(fld[4], &size) || coldreadNum(fld[8], &pages_read) || !fld[3][0]) {
            snprintf(err, errlen,
                     "%s:%zu: expected %d tab-separated fields (workload kind copy "
                     "file size_bytes pages resident_before resident_after pages_read)",
                     path, lineno, COLDREAD_FIELDS);
            goto out;
        }
        size_t before = c->n;
        coldreadTable *t = coldreadTableFor(c, fld[0], fld[1]);
        if (!t) goto oom;
        if (c->n > before) {
            coldreadAcc **a = realloc(accs, c->n * sizeof(*a));
            if (!a) goto oom;
            accs = a;
            accs[naccs++] = NULL;
        }
        coldreadAcc *acc;
        if (!coldreadFileFor(t, &accs[t - c->t], fld[3], size, &acc) ||
            summaryVecPush(acc, pages_read))
            goto oom;
    }
    for (size_t i = 0; i < c->n; i++) {
        coldreadFinish(&c->t[i], accs[i], s);
        free(accs[i]);
        accs[i] = NULL;
    }
    rc = 0;
    goto out;
oom:
    snprintf(err, errlen, "%s:%zu: out of memory", path, lineno);
out:
    if (rc != 0) {
        for (size_t i = 0; i < naccs; i++) {
            for (size_t j = 0; accs[i] && j < c->t[i].n; j++) free(accs[i][j].x);
            free(accs[i]);
        }
        coldreadFree(c);
    }
    free(accs);
    free(line);
    fclose(in);
    return rc;
}

void coldreadFree(coldread *c) {
    for (size_t i = 0; i < c->n; i++) {
        for (size_t j = 0; j < c->t[i].n; j++) free(c->t[i].f[j].path);
        free(c->t[i].f);
        free(c->t[i].workload);
        free(c->t[i].kind);
    }
    free(c->t);
    memset(c, 0, sizeof(*c));
}
