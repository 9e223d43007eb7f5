/* workloads.c -- see workloads.h. */
#include "report/workloads.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/slurp.h"

#define WORKLOADS_FILE_MAX (1 << 20) /* a table of a few lines; more is not ours */

static const char *const workloadsBuiltin[] = {"width ", "beta="};

static int workloadsAdd(workloadsTable *t, const char *p, size_t len) {
    if (len == 0) return 0;
    for (size_t i = 0; i < t->n; i++)
        if (strlen(t->prefixes[i]) == len && memcmp(t->prefixes[i], p, len) == 0) return 0;
    char **np = realloc(t->prefixes, (t->n + 1) * sizeof *np);
    if (!np) return -1;
    t->prefixes = np;
    if (!(t->prefixes[t->n] = strndup(p, len))) return -1;
    t->n++;
    return 0;
}

/* Field col (0-based) of the TAB-separated line [p, p+len): *f and *flen,
 * or -1 when the line has fewer fields. */
static int workloadsField(const char *p, size_t len, int col, const char **f, size_t *flen) {
    const char *end = p + len;
    for (int c = 0; c < col; c++) {
        const char *tab = memchr(p, '\t', (size_t)(end - p));
        if (!tab) return -1;
        p = tab + 1;
    }
    const char *tab = memchr(p, '\t', (size_t)(end - p));
    *f = p;
    *flen = (size_t)((tab ? tab : end) - p);
    return 0;
}

/* The line_prefix column of every line after the header; -1 when the file
 * has no such column, a short line, or no workload at all. */
static int workloadsParse(workloadsTable *t, const char *text) {
    const char *p = text, *f;
    size_t len = strcspn(p, "\n"), flen;
    int col = -1;
    for (int c = 0; workloadsField(p, len, c, &f, &flen) == 0; c++)
        if (flen == 11 && memcmp(f, "line_prefix", 11) == 0) col = c;
    if (col < 0) return -1;
    for (p += len + (p[len] == '\n'); *p; p += len + (p[len] == '\n')) {
        len = strcspn(p, "\n");
        if (len == 0) continue;
        if (workloadsField(p, len, col, &f, &flen) != 0 || flen == 0) return -1;
        if (workloadsAdd(t, f, flen) != 0) return -1;
    }
    return t->n > 0 ? 0 : -1;
}

static void workloadsClear(workloadsTable *t) {
    for (size_t i = 0; i < t->n; i++) free(t->prefixes[i]);
    free(t->prefixes);
    t->prefixes = NULL;
    t->n = 0;
}

workloadsTable *workloadsRead(const char *results_dir) {
    workloadsTable *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    char *text = NULL;
    if (results_dir) {
        char path[4096];
        int trunc = 0;
        if ((size_t)snprintf(path, sizeof path, "%s/workloads.tsv", results_dir) < sizeof path)
            text = slurpText(path, WORKLOADS_FILE_MAX, &trunc);
        if (text && trunc) {
            free(text);
            text = NULL;
        }
    }
    if (!text || workloadsParse(t, text) != 0) {
        workloadsClear(t);
        t->builtin = 1;
        for (size_t i = 0; i < sizeof workloadsBuiltin / sizeof workloadsBuiltin[0]; i++)
            if (workloadsAdd(t, workloadsBuiltin[i], strlen(workloadsBuiltin[i])) != 0) {
                free(text);
                workloadsDelete(t);
                return NULL;
            }
    }
    free(text);
    return t;
}

void workloadsDelete(workloadsTable *t) {
    if (!t) return;
    workloadsClear(t);
    free(t);
}

int workloadsIsResultLine(const workloadsTable *t, const char *line, size_t len) {
    for (size_t i = 0; i < t->n; i++) {
        size_t pl = strlen(t->prefixes[i]);
        if (pl <= len && memcmp(line, t->prefixes[i], pl) == 0) return 1;
    }
    return 0;
}
