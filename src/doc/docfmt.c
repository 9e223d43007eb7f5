/* docfmt.c -- the HTML and Markdown implementations of docFmt (docfmt.h). */
#include "doc/docfmt.h"

#include <string.h>

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

/* Markdown inline text: the characters that would start markup are escaped. */
void docEscapeMd(FILE *f, const char *s) {
    for (; *s; s++) {
        if (strchr("\\`*_[]<>|#", *s)) fputc('\\', f);
        fputc(*s == '\n' || *s == '\r' ? ' ' : *s, f);
    }
}

/* --- HTML ------------------------------------------------------------------------------ */

static void docHtmlSection(FILE *f, const char *id, const char *title) {
    fputs("<section id=\"", f);
    docEscapeHtml(f, id);
    fputs("\">\n<h2>", f);
    docEscapeHtml(f, title);
    fputs("</h2>\n", f);
}

static void docHtmlSectionEnd(FILE *f) { fputs("</section>\n", f); }

static void docHtmlPara(FILE *f, const char *text) {
    fputs("<p>", f);
    docEscapeHtml(f, text);
    fputs("</p>\n", f);
}

static void docHtmlCells(FILE *f, const char *tag, const char *const *c, size_t n) {
    fputs("<tr>", f);
    for (size_t i = 0; i < n; i++) {
        fprintf(f, "<%s>", tag);
        docEscapeHtml(f, c[i] ? c[i] : "");
        fprintf(f, "</%s>", tag);
    }
    fputs("</tr>\n", f);
}

static void docHtmlTable(FILE *f, const char *const *head, size_t n) {
    fputs("<div class=\"wide\"><table>\n", f);
    docHtmlCells(f, "th", head, n);
}

static void docHtmlRow(FILE *f, const char *const *c, size_t n) { docHtmlCells(f, "td", c, n); }
static void docHtmlTableEnd(FILE *f) { fputs("</table></div>\n", f); }

const docFmt docHtml = {"html",       docHtmlSection, docHtmlSectionEnd, docHtmlPara,
                        docHtmlTable, docHtmlRow,     docHtmlTableEnd,   docEscapeHtml};

/* --- Markdown --------------------------------------------------------------------------- */

static void docMdSection(FILE *f, const char *id, const char *title) {
    (void)id; /* Markdown headings make their own anchors */
    fputs("## ", f);
    docEscapeMd(f, title);
    fputs("\n\n", f);
}

static void docMdSectionEnd(FILE *f) { (void)f; }

static void docMdPara(FILE *f, const char *text) {
    docEscapeMd(f, text);
    fputs("\n\n", f);
}

static void docMdRow(FILE *f, const char *const *c, size_t n) {
    fputc('|', f);
    for (size_t i = 0; i < n; i++) {
        fputc(' ', f);
        docEscapeMd(f, c[i] ? c[i] : "");
        fputs(" |", f);
    }
    fputc('\n', f);
}

static void docMdTable(FILE *f, const char *const *head, size_t n) {
    docMdRow(f, head, n);
    fputc('|', f);
    for (size_t i = 0; i < n; i++) fputs(i ? "---:|" : "---|", f);
    fputc('\n', f);
}

static void docMdTableEnd(FILE *f) { fputc('\n', f); }

const docFmt docMd = {"md",       docMdSection, docMdSectionEnd, docMdPara,
                      docMdTable, docMdRow,     docMdTableEnd,   docEscapeMd};
