/* docfmt.c -- what every format of docFmt (docfmt.h) shares: the escapers
 * every string from a results directory goes through, docStr, and the table
 * of formats each document is written in. A format is one file (dochtml.c,
 * docmd.c) ending in its docFmt, plus its row in docFormats: summarize
 * writes report.<name> and compare compare.<name> for every row. */
#include "doc/docfmt.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "common/text.h"

char *docStr(const char *fmt, ...) {
    char *out = NULL;
    va_list ap;
    va_start(ap, fmt);
    int n = vasprintf(&out, fmt, ap);
    va_end(ap);
    return n < 0 ? NULL : out;
}

char *docOneLine(const char *s, int keep_newlines) {
    if (!s || textIsOneLine(s)) return NULL;
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m) return NULL;
    textWrite(m, s, keep_newlines);
    if (fclose(m) != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* HTML text of s, its control characters escaped first (text.h); a pre
 * block keeps its newlines. */
static void docEscapeHtmlText(FILE *f, const char *s, int keep_newlines) {
    char *own = docOneLine(s, keep_newlines);
    for (const char *p = own ? own : s; *p; p++) {
        switch (*p) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*p, f);
        }
    }
    free(own);
}

void docEscapeHtml(FILE *f, const char *s) { docEscapeHtmlText(f, s, 0); }
void docEscapeHtmlPre(FILE *f, const char *s) { docEscapeHtmlText(f, s, 1); }

/* Markdown inline text: one line (a line break would end a table row or a
 * list item: it is written \n, as every control character is escaped: see
 * text.h), and the characters that would start markup escaped (& too:
 * "&lt;" from a results directory is four characters, not an entity). */
void docEscapeMd(FILE *f, const char *s) {
    char *own = docOneLine(s, 0);
    for (const char *p = own ? own : s; *p; p++) {
        if (strchr("\\`*_[]<>|#&", *p)) fputc('\\', f);
        fputc(*p, f);
    }
    free(own);
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
