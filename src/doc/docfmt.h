/* docfmt.h -- one interface over the two formats a document is written in:
 * report.html and report.md. A section written against a docFmt is written
 * once and comes out in both (src/doc/threadsdoc.c is; the older
 * sections of report.c still pass an `html` flag, issue 22 moves them here).
 *
 * Every text given to these functions is plain text: the format escapes it
 * (results directories are shared, so a string from one is never markup). */
#ifndef COLDLOAD_DOCFMT_H
#define COLDLOAD_DOCFMT_H

#include <stddef.h>
#include <stdio.h>

typedef struct docFmt {
    const char *name; /* "html", "md" */
    /* a section heading (level 2) opening a section with this id; docEnd closes it */
    void (*section)(FILE *f, const char *id, const char *title);
    void (*section_end)(FILE *f);
    void (*para)(FILE *f, const char *text);
    /* a table: the header cells, then rows of n cells, then its end */
    void (*table)(FILE *f, const char *const *head, size_t n);
    void (*row)(FILE *f, const char *const *cells, size_t n);
    void (*table_end)(FILE *f);
    void (*escape)(FILE *f, const char *text); /* inline text */
} docFmt;

extern const docFmt docHtml, docMd;

/* The escaping of each format's inline text. */
void docEscapeHtml(FILE *f, const char *s);
void docEscapeMd(FILE *f, const char *s);

#endif
