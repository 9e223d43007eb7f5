/* scanrec.c -- the scan's counts and recommendation as TSV, and their
 * sentences (see scanrec.h). */
#include "model/scanrec.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "common/num.h"
#include "common/safefile.h"
#include "common/slurp.h"

static const char scanrecCountsHead[] = "cells\tcpus\tcut_cells\tcut_budget\tcut_watchdog\tskipped";
static const char scanrecHead[] = "workload\tload_workers\tbest_width";

/* Both files are a header and a few short rows. */
#define SCANREC_MAX_TEXT (1u << 20)

int scanrecWriteCounts(const scanCounts *c, FILE *f) {
    fprintf(f, "%s\n%ld\t%ld\t%ld\t%ld\t%ld\t%ld\n", scanrecCountsHead, c->cells, c->cpus,
            c->cut_cells, c->cut_budget, c->cut_watchdog, c->skipped);
    return ferror(f) ? -1 : 0;
}

int scanrecWrite(const scanRec *r, size_t n, FILE *f) {
    fprintf(f, "%s\n", scanrecHead);
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%s\t%ld\t%s\n", r[i].workload, r[i].load_workers, r[i].width);
    return ferror(f) ? -1 : 0;
}

/* The file's text with its header checked; the rows follow *rows. NULL
 * with *rc = 1 when the file is absent, -1 (err said) when it cannot be
 * read, is longer than any written or does not start with head. */
static char *scanrecSlurp(const char *path, const char *head, char **rows, int *rc, char *err,
                          size_t errlen) {
    int trunc = 0;
    char why[SAFEFILE_WHY_MAX] = "";
    errno = 0;
    char *text = slurpText(path, SCANREC_MAX_TEXT, &trunc, why, sizeof why);
    size_t hl = strlen(head);
    *rc = -1;
    if (!text) {
        if (errno == ENOENT) *rc = 1;
        else snprintf(err, errlen, "%s: %s", path, why[0] ? why : strerror(ENOMEM));
        return NULL;
    }
    if (trunc) snprintf(err, errlen, "%s: longer than %u bytes", path, SCANREC_MAX_TEXT);
    else if (strncmp(text, head, hl) != 0 || text[hl] != '\n')
        snprintf(err, errlen, "%s:1: not the header %s", path, head);
    else {
        *rows = text + hl + 1;
        *rc = 0;
        return text;
    }
    free(text);
    return NULL;
}

/* Splits line (in place) at tabs into exactly n fields. */
static int scanrecFields(char *line, char **field, int n) {
    for (int i = 0; i < n; i++) {
        field[i] = line;
        char *tab = strchr(line, '\t');
        if ((tab != NULL) != (i < n - 1)) return -1;
        if (tab) *tab = '\0', line = tab + 1;
    }
    return 0;
}

int scanrecReadCounts(const char *path, scanCounts *c, char *err, size_t errlen) {
    int rc;
    char *rows, *text = scanrecSlurp(path, scanrecCountsHead, &rows, &rc, err, errlen), *f[6];
    if (!text) return rc;
    rows[strcspn(rows, "\n")] = '\0';
    long *v[6] = {&c->cells,      &c->cpus,         &c->cut_cells,
                  &c->cut_budget, &c->cut_watchdog, &c->skipped};
    rc = scanrecFields(rows, f, 6);
    for (int i = 0; i < 6 && rc == 0; i++) rc = numLong(f[i], 0, 1L << 40, v[i]);
    if (rc != 0)
        snprintf(err, errlen, "%s:2: expected 6 tab-separated counts (%s)", path,
                 "cells cpus cut_cells cut_budget cut_watchdog skipped");
    free(text);
    return rc;
}

int scanrecRead(const char *path, scanRec **r, size_t *n, char *err, size_t errlen) {
    int rc;
    char *rows, *text = scanrecSlurp(path, scanrecHead, &rows, &rc, err, errlen);
    *r = NULL;
    *n = 0;
    if (!text) return rc;
    size_t cap = 0, lineno = 1;
    for (char *line = rows; *line && rc == 0;) {
        size_t len = strcspn(line, "\n");
        char *next = line + len + (line[len] == '\n'), *f[3];
        line[len] = '\0';
        lineno++;
        if (scanrecFields(line, f, 3) != 0 || strlen(f[0]) == 0 ||
            strlen(f[0]) >= sizeof(*r)->workload || strlen(f[2]) >= sizeof(*r)->width) {
            snprintf(err, errlen, "%s:%zu: expected workload<TAB>load_workers<TAB>best_width", path,
                     lineno);
            rc = -1;
            break;
        }
        if (*n == cap) {
            size_t nc = cap ? 2 * cap : 8;
            scanRec *nr = realloc(*r, nc * sizeof *nr);
            if (!nr) {
                snprintf(err, errlen, "%s:%zu: out of memory", path, lineno);
                rc = -1;
                break;
            }
            *r = nr, cap = nc;
        }
        scanRec *x = &(*r)[*n];
        strcpy(x->workload, f[0]);
        strcpy(x->width, f[2]);
        if ((rc = numLong(f[1], 0, 1L << 20, &x->load_workers)) != 0)
            snprintf(err, errlen, "%s:%zu: load_workers '%.40s' is not a count", path, lineno,
                     f[1]);
        (*n)++;
        line = next;
    }
    free(text);
    if (rc != 0) {
        free(*r);
        *r = NULL;
        *n = 0;
    }
    return rc;
}

void scanrecCountsText(const scanCounts *c, FILE *f) {
    fprintf(f,
            "%ld cells on %ld CPUs; %ld cells cut (processes: %ld by their budget, %ld "
            "stopped inside a call, %ld never started)",
            c->cells, c->cpus, c->cut_cells, c->cut_budget, c->cut_watchdog, c->skipped);
}

size_t scanrecLine(const scanRec *r, size_t n, const char *w, FILE *f) {
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (strcmp(r[i].workload, w) != 0) continue;
        if (!k) fprintf(f, "%s:", w);
        fprintf(f, "%s width %s with %ld load worker%s", k ? "," : "",
                r[i].width[0] ? r[i].width : "?", r[i].load_workers,
                r[i].load_workers == 1 ? "" : "s");
        k++;
    }
    return k;
}
