/* csvread.c -- a strict RFC 4180 reader (see csvread.h).
 *
 * Every defect it meets is reported with the file and line, never skipped --
 * a last row without its newline included, since every writer ends its rows
 * with one: such a row was cut short. */
#include "model/csvread.h"

#include "common/safefile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct csvReader {
    FILE *f;
    char *path;
    size_t line;       /* current physical line (1-based) */
    size_t start_line; /* line where the last record started */
    char *buf;         /* field bytes, NUL-separated */
    size_t len, cap;
    size_t *offs; /* start of each field in buf */
    char **fields;
    size_t nf, fcap;
};

csvReader *csvReaderOpen(const char *path, char *err, size_t errlen) {
    csvReader *r = calloc(1, sizeof(*r));
    if (!r || !(r->path = strdup(path))) {
        snprintf(err, errlen, "%s: out of memory", path);
        free(r);
        return NULL;
    }
    char why[SAFEFILE_WHY_MAX];
    r->f = safefileFopenRead(path, why, sizeof why); /* a regular file, not a link */
    if (!r->f) {
        int e = errno;
        snprintf(err, errlen, "%s: %s", path, why);
        errno = e;
        free(r->path);
        free(r);
        return NULL;
    }
    r->line = 1;
    return r;
}

static int csvPutc(csvReader *r, int c) {
    if (r->len + 1 >= r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 256;
        char *b = realloc(r->buf, cap);
        if (!b) return -1;
        r->buf = b;
        r->cap = cap;
    }
    r->buf[r->len++] = (char)c;
    return 0;
}

/* Ends the field being read: NUL-terminates it and records where the next
 * one starts. offs has one slot more than the fields read so far. */
static int csvEndField(csvReader *r) {
    if (r->nf + 2 > r->fcap) {
        size_t cap = r->fcap ? r->fcap * 2 : 32;
        size_t *o = realloc(r->offs, cap * sizeof(size_t));
        if (!o) return -1;
        if (r->fcap == 0) o[0] = 0; /* the first field starts at 0, always */
        r->offs = o;
        char **fs = realloc(r->fields, cap * sizeof(char *));
        if (!fs) return -1;
        r->fields = fs;
        r->fcap = cap;
    }
    if (csvPutc(r, '\0') != 0) return -1;
    r->nf++;
    r->offs[r->nf] = r->len;
    return 0;
}

int csvReaderNext(csvReader *r, char ***fields, size_t *nfields, char *err, size_t errlen) {
    enum { FIELD_START, UNQUOTED, QUOTED, QUOTE_IN_QUOTED } st = FIELD_START;
    int c, any = 0;
    r->len = 0;
    r->nf = 0;
    r->start_line = r->line;
    for (;;) {
        c = getc(r->f);
        if (c == '\0') {
            snprintf(err, errlen, "%s:%zu: NUL byte", r->path, r->line);
            return -1;
        }
        if (c == EOF) {
            if (ferror(r->f)) {
                snprintf(err, errlen, "%s:%zu: read error", r->path, r->line);
                return -1;
            }
            if (st == QUOTED) {
                snprintf(err, errlen, "%s:%zu: unterminated quoted field", r->path, r->start_line);
                return -1;
            }
            if (!any) return 0;
            /* Every writer ends a row with a newline: a last row without
             * one was cut short (a full disk, a killed writer), and its
             * last field may be cut too ("copy=wa"). */
            snprintf(err, errlen, "%s:%zu: last row has no newline (cut short)", r->path,
                     r->start_line);
            return -1;
        }
        any = 1;
        if (st == QUOTED) {
            if (c == '"') st = QUOTE_IN_QUOTED;
            else {
                if (c == '\n') r->line++;
                if (csvPutc(r, c) != 0) goto oom;
            }
            continue;
        }
        if (st == QUOTE_IN_QUOTED && c == '"') { /* "" inside quotes */
            if (csvPutc(r, '"') != 0) goto oom;
            st = QUOTED;
            continue;
        }
        if (c == '\r') {
            if (getc(r->f) != '\n') {
                snprintf(err, errlen, "%s:%zu: carriage return not followed by a newline", r->path,
                         r->line);
                return -1;
            }
            c = '\n';
        }
        if (c == ',' || c == '\n') {
            if (csvEndField(r) != 0) goto oom;
            if (c == '\n') {
                r->line++;
                break;
            }
            st = FIELD_START;
            continue;
        }
        if (st == QUOTE_IN_QUOTED) {
            snprintf(err, errlen, "%s:%zu: text after a closing quote", r->path, r->line);
            return -1;
        }
        if (c == '"') {
            if (st == FIELD_START) {
                st = QUOTED;
                continue;
            }
            snprintf(err, errlen, "%s:%zu: quote inside an unquoted field", r->path, r->line);
            return -1;
        }
        st = UNQUOTED;
        if (csvPutc(r, c) != 0) goto oom;
    }
    /* Field pointers only now: buf may have moved while growing. */
    for (size_t i = 0; i < r->nf; i++) r->fields[i] = r->buf + r->offs[i];
    *fields = r->fields;
    *nfields = r->nf;
    return 1;
oom:
    snprintf(err, errlen, "%s:%zu: out of memory", r->path, r->line);
    return -1;
}

size_t csvReaderLine(const csvReader *r) { return r->start_line; }

void csvReaderClose(csvReader *r) {
    if (!r) return;
    fclose(r->f);
    free(r->path);
    free(r->buf);
    free(r->offs);
    free(r->fields);
    free(r);
}

/* --- by column name ------------------------------------------------------------ */

/* Maps each wanted column to its index in the header; rejects a header with an
 * empty or repeated name (a column read by name must be unambiguous). */
static int csvMapHeader(char **f, size_t nf, csvCol *cols, size_t ncols, const char *path,
                        char *err, size_t errlen) {
    for (size_t i = 0; i < nf; i++) {
        if (!f[i][0]) {
            snprintf(err, errlen, "%s:1: column %zu of the header has no name", path, i + 1);
            return -1;
        }
        for (size_t j = 0; j < i; j++)
            if (strcmp(f[i], f[j]) == 0) {
                snprintf(err, errlen, "%s:1: column '%.64s' appears twice in the header", path,
                         f[i]);
                return -1;
            }
    }
    for (size_t c = 0; c < ncols; c++) {
        cols[c].idx = -1;
        for (size_t i = 0; i < nf; i++)
            if (strcmp(f[i], cols[c].name) == 0) cols[c].idx = (long)i;
        if (cols[c].idx < 0 && cols[c].required) {
            snprintf(err, errlen, "%s:1: the header has no column '%s'", path, cols[c].name);
            return -1;
        }
    }
    return 0;
}

const char *csvColField(char **f, const csvCol *c) { return c->idx >= 0 ? f[c->idx] : ""; }

int csvReadByName(void *ctx, const char *path, csvCol *cols, size_t ncols, csvRowFn row, char *err,
                  size_t errlen) {
    char rerr[CSVREAD_ERR_MAX];
    csvReader *r = csvReaderOpen(path, rerr, sizeof rerr);
    if (!r) {
        snprintf(err, errlen, "%s", rerr);
        return -1;
    }
    char **f;
    size_t nf, header_nf = 0;
    int rc = csvReaderNext(r, &f, &nf, rerr, sizeof rerr), ret = -1;
    if (rc == 0) {
        snprintf(err, errlen, "%s:1: empty file (no header)", path);
        goto out;
    }
    if (rc < 0) {
        snprintf(err, errlen, "%s", rerr);
        goto out;
    }
    if (csvMapHeader(f, nf, cols, ncols, path, err, errlen) != 0) goto out;
    header_nf = nf;
    while ((rc = csvReaderNext(r, &f, &nf, rerr, sizeof rerr)) > 0) {
        char where[CSVREAD_ERR_MAX / 2];
        snprintf(where, sizeof where, "%s:%zu", path, csvReaderLine(r));
        if (nf != header_nf) {
            snprintf(err, errlen, "%s: %zu fields, the header has %zu", where, nf, header_nf);
            goto out;
        }
        if (row(ctx, f, cols, where, err, errlen) != 0) goto out;
    }
    if (rc < 0) {
        snprintf(err, errlen, "%s", rerr);
        goto out;
    }
    ret = 0;
out:
    csvReaderClose(r);
    return ret;
}
