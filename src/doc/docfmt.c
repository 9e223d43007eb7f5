/* docfmt.c -- what every format of docFmt (docfmt.h) shares: the escapers
 * every string from a results directory goes through, docStr, and the table
 * of formats each document is written in. A format is one file (dochtml.c,
 * docmd.c) ending in its docFmt, plus its row in docFormats: summarize
 * writes report.<name> and compare compare.<name> for every row. */
#include "doc/docfmt.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

char *docStr(const char *fmt, ...) {
    char *out = NULL;
    va_list ap;
    va_start(ap, fmt);
    int n = vasprintf(&out, fmt, ap);
    va_end(ap);
    return n < 0 ? NULL : out;
}

void docEscapeHtml(FILE *f, const char *s) {
    for (; *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*s, f);
        }
    }
}

/* Markdown inline text: the characters that would start markup are escaped
 * (& too: "&lt;" from a results directory is four characters, not an entity);
 * a line break would end a table row or a list item, so it is a space. */
void docEscapeMd(FILE *f, const char *s) {
    for (; *s; s++) {
        if (strchr("\\`*_[]<>|#&", *s)) fputc('\\', f);
        fputc(*s == '\n' || *s == '\r' ? ' ' : *s, f);
    }
}

void docEscapeUrl(FILE *f, const char *s) {
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
            strchr("/._~-", *p))
            fputc(*p, f);
        else fprintf(f, "%%%02X", *p);
    }
}

/* The formats every document is written in, in this order. */
const docFmt *const docFormats[] = {&docHtml, &docMd};
const size_t docNFormats = sizeof docFormats / sizeof docFormats[0];
