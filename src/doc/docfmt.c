/* docfmt.c -- the HTML and Markdown implementations of docFmt (docfmt.h),
 * the one stylesheet, and the escapers every string from a results
 * directory goes through. Both formats write the same blocks in the same
 * order; where Markdown has no markup for something (a class, a tooltip, a
 * section's id) it writes the text alone. */
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

const char docCss[] =
    "body{font-family:'DejaVu Sans',sans-serif;margin:2em auto;max-width:1200px;padding:0 1em;"
    "color:#222;background:#fff}\n"
    "h1{font-size:1.6em}h2{border-bottom:1px solid #ccc;padding-bottom:.2em}\n"
    "p.missing{border-left:6px solid #b00020;background:#fde7ea;padding:.4em .6em}\n"
    "table.verdicts td{text-align:left;vertical-align:top}table.verdicts td.text{font-size:.95em}\n"
    "tr.ERROR td.lvl{border-left:6px solid #b00020;background:#fde7ea}"
    "tr.WARN td.lvl{border-left:6px solid #d98200;background:#fff4e0}\n"
    "tr.NOTE td.lvl{border-left:6px solid #2a6fb0}tr.OK td.lvl{border-left:6px solid #2e7d32}\n"
    ".lvl{font-weight:bold;white-space:nowrap}tr.sig td{font-weight:bold}\n"
    "figure{margin:1em 0}figure img{max-width:100%;border:1px solid #ddd}\n"
    "figcaption{color:#444;font-size:.95em}\n"
    "table{border-collapse:collapse;font-size:.85em}td,th{border:1px solid #ccc;"
    "padding:.2em .4em;text-align:right}td:first-child,th:first-child{text-align:left}\n"
    "div.wide{overflow-x:auto}\n"
    "pre{background:#f6f6f6;padding:.6em;overflow-x:auto;font-size:.85em}\n";

/* --- HTML ------------------------------------------------------------------------------ */

static void docHtmlBegin(FILE *f, const char *title, const char *h1) {
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>", f);
    docEscapeHtml(f, title);
    fprintf(f, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>", docCss);
    docEscapeHtml(f, h1);
    fputs("</h1>\n", f);
}

static void docHtmlEnd(FILE *f) { fputs("</body>\n</html>\n", f); }

static void docHtmlHeading(FILE *f, int level, const char *text) {
    fprintf(f, "<h%d>", level);
    docEscapeHtml(f, text);
    fprintf(f, "</h%d>\n", level);
}

static void docHtmlSection(FILE *f, const char *id, const char *title) {
    fputs("<section id=\"", f);
    docEscapeHtml(f, id);
    fputs("\">\n", f);
    if (title) docHtmlHeading(f, 2, title);
}

static void docHtmlSectionEnd(FILE *f) { fputs("</section>\n", f); }

static void docHtmlParaBegin(FILE *f, const char *cls) {
    if (!cls) {
        fputs("<p>", f);
        return;
    }
    fputs("<p class=\"", f);
    docEscapeHtml(f, cls);
    fputs("\">", f);
}

static void docHtmlParaEnd(FILE *f) { fputs("</p>\n", f); }

static void docHtmlPara(FILE *f, const char *text) {
    docHtmlParaBegin(f, NULL);
    docEscapeHtml(f, text);
    docHtmlParaEnd(f);
}

static void docHtmlStrong(FILE *f, const char *text) {
    fputs("<b>", f);
    docEscapeHtml(f, text);
    fputs("</b>", f);
}

static void docHtmlCode(FILE *f, const char *text, const char *title) {
    fputs("<code", f);
    if (title) {
        fputs(" title=\"", f);
        docEscapeHtml(f, title);
        fputc('"', f);
    }
    fputc('>', f);
    docEscapeHtml(f, text);
    fputs("</code>", f);
}

static void docHtmlLink(FILE *f, const char *href, const char *text) {
    fputs("<a href=\"", f);
    docEscapeUrl(f, href);
    fputs("\">", f);
    docEscapeHtml(f, text);
    fputs("</a>", f);
}

static void docHtmlTable(FILE *f, const docTable *t) {
    if (t->cls) {
        fputs("<table class=\"", f);
        docEscapeHtml(f, t->cls);
        fputs("\">\n", f);
    } else fputs("<div class=\"wide\"><table>\n", f);
    fputs("<tr>", f);
    for (size_t i = 0; i < t->n; i++) {
        fputs("<th>", f);
        docEscapeHtml(f, t->head[i] ? t->head[i] : "");
        fputs("</th>", f);
    }
    fputs("</tr>\n", f);
}

static void docHtmlRowCells(FILE *f, const docTable *t, const docCell *c, size_t n, const char *cls,
                            const char *id) {
    (void)t;
    fputs("<tr", f);
    if (cls) {
        fputs(" class=\"", f);
        docEscapeHtml(f, cls);
        fputc('"', f);
    }
    if (id) {
        fputs(" data-id=\"", f);
        docEscapeHtml(f, id);
        fputc('"', f);
    }
    fputc('>', f);
    for (size_t i = 0; i < n; i++) {
        fputs("<td", f);
        if (c[i].span > 1) fprintf(f, " colspan=\"%d\"", c[i].span);
        if (c[i].cls) {
            fputs(" class=\"", f);
            docEscapeHtml(f, c[i].cls);
            fputc('"', f);
        }
        fputc('>', f);
        if (c[i].strong) docHtmlStrong(f, c[i].text ? c[i].text : "");
        else docEscapeHtml(f, c[i].text ? c[i].text : "");
        fputs("</td>", f);
    }
    fputs("</tr>\n", f);
}

static void docHtmlRow(FILE *f, const docTable *t, const char *const *cells) {
    fputs("<tr>", f);
    for (size_t i = 0; i < t->n; i++) {
        fputs("<td>", f);
        docEscapeHtml(f, cells[i] ? cells[i] : "");
        fputs("</td>", f);
    }
    fputs("</tr>\n", f);
}

static void docHtmlTableEnd(FILE *f, const docTable *t) {
    fputs(t->cls ? "</table>\n" : "</table></div>\n", f);
}

static void docHtmlListBegin(FILE *f, const char *cls) {
    if (!cls) {
        fputs("<ul>\n", f);
        return;
    }
    fputs("<ul class=\"", f);
    docEscapeHtml(f, cls);
    fputs("\">\n", f);
}

static void docHtmlItem(FILE *f, const char *text) {
    fputs("<li>", f);
    docEscapeHtml(f, text);
    fputs("</li>\n", f);
}

static void docHtmlListEnd(FILE *f) { fputs("</ul>\n", f); }

static void docHtmlFigure(FILE *f, const docFigure *g) {
    fputs("<figure id=\"", f);
    docEscapeHtml(f, g->id);
    fputs("\">\n<img src=\"", f);
    docEscapeUrl(f, g->src);
    fputs("\" alt=\"", f);
    docEscapeHtml(f, g->title);
    fputs("\">\n<figcaption>", f);
    if (g->title[0]) {
        fputs("<b>", f);
        docEscapeHtml(f, g->title);
        fputs(".</b>", f);
    }
    if (g->caption) {
        fputc(' ', f);
        docEscapeHtml(f, g->caption);
    }
    for (int i = 0; i < DOC_FIGURE_LINKS && g->links[i].text; i++) {
        fputs(i ? ", " : " ", f);
        docHtmlLink(f, g->links[i].href, g->links[i].text);
    }
    fputs(g->links[0].text ? ".</figcaption>\n</figure>\n" : "</figcaption>\n</figure>\n", f);
}

static void docHtmlPre(FILE *f, const char *text) {
    fputs("<pre>", f);
    docEscapeHtml(f, text);
    fputs("</pre>\n", f);
}

const docFmt docHtml = {
    .name = "html",
    .begin = docHtmlBegin,
    .end = docHtmlEnd,
    .section = docHtmlSection,
    .section_end = docHtmlSectionEnd,
    .heading = docHtmlHeading,
    .para = docHtmlPara,
    .para_begin = docHtmlParaBegin,
    .text = docEscapeHtml,
    .strong = docHtmlStrong,
    .code = docHtmlCode,
    .link = docHtmlLink,
    .para_end = docHtmlParaEnd,
    .table = docHtmlTable,
    .row = docHtmlRow,
    .row_cells = docHtmlRowCells,
    .table_end = docHtmlTableEnd,
    .list_begin = docHtmlListBegin,
    .item = docHtmlItem,
    .list_end = docHtmlListEnd,
    .figure = docHtmlFigure,
    .pre = docHtmlPre,
};

/* --- Markdown --------------------------------------------------------------------------- */

static void docMdHeading(FILE *f, int level, const char *text) {
    for (int i = 0; i < level; i++) fputc('#', f);
    fputc(' ', f);
    docEscapeMd(f, text);
    fputs("\n\n", f);
}

static void docMdBegin(FILE *f, const char *title, const char *h1) {
    (void)title; /* a Markdown file has no head */
    docMdHeading(f, 1, h1);
}

static void docMdNothing(FILE *f) { (void)f; }

static void docMdSection(FILE *f, const char *id, const char *title) {
    (void)id; /* Markdown headings make their own anchors */
    if (title) docMdHeading(f, 2, title);
}

static void docMdParaBegin(FILE *f, const char *cls) { (void)f, (void)cls; }

static void docMdParaEnd(FILE *f) { fputs("\n\n", f); }

static void docMdPara(FILE *f, const char *text) {
    docEscapeMd(f, text);
    fputs("\n\n", f);
}

static void docMdStrong(FILE *f, const char *text) {
    fputs("**", f);
    docEscapeMd(f, text);
    fputs("**", f);
}

/* A code span: its fence one backtick longer than the longest run inside,
 * padded when the text starts or ends with one (CommonMark). */
static void docMdCode(FILE *f, const char *text, const char *title) {
    (void)title;
    size_t run = 0, longest = 0;
    for (const char *p = text; *p; p++) {
        run = *p == '`' ? run + 1 : 0;
        if (run > longest) longest = run;
    }
    size_t len = strlen(text);
    int pad = len && (text[0] == '`' || text[len - 1] == '`');
    for (size_t i = 0; i <= longest; i++) fputc('`', f);
    if (pad) fputc(' ', f);
    for (const char *p = text; *p; p++) fputc(*p == '\n' || *p == '\r' ? ' ' : *p, f);
    if (pad) fputc(' ', f);
    for (size_t i = 0; i <= longest; i++) fputc('`', f);
}

static void docMdLink(FILE *f, const char *href, const char *text) {
    fputc('[', f);
    docEscapeMd(f, text);
    fputs("](", f);
    docEscapeUrl(f, href);
    fputc(')', f);
}

static void docMdCell(FILE *f, const char *text, int strong) {
    if (!text || !*text) { /* an empty cell is one space wide */
        fputs(" |", f);
        return;
    }
    fputc(' ', f);
    if (strong) docMdStrong(f, text);
    else docEscapeMd(f, text);
    fputs(" |", f);
}

static void docMdRow(FILE *f, const docTable *t, const char *const *cells) {
    fputc('|', f);
    for (size_t i = 0; i < t->n; i++) {
        fputc(' ', f);
        docEscapeMd(f, cells[i] ? cells[i] : "");
        fputs(" |", f);
    }
    fputc('\n', f);
}

static void docMdTable(FILE *f, const docTable *t) {
    docMdRow(f, t, t->head);
    fputc('|', f);
    for (size_t i = 0; i < t->n; i++) {
        char a = t->align && t->align[i] ? t->align[i] : i ? 'r' : 'l';
        fputs(a == 'r' ? "---:|" : "---|", f);
    }
    fputc('\n', f);
}

static void docMdRowCells(FILE *f, const docTable *t, const docCell *c, size_t n, const char *cls,
                          const char *id) {
    (void)t, (void)cls, (void)id;
    fputc('|', f);
    for (size_t i = 0; i < n; i++) {
        docMdCell(f, c[i].text, c[i].strong);
        for (int k = 1; k < c[i].span; k++) fputs(" |", f);
    }
    fputc('\n', f);
}

static void docMdTableEnd(FILE *f, const docTable *t) {
    (void)t;
    fputc('\n', f);
}

static void docMdListBegin(FILE *f, const char *cls) { (void)f, (void)cls; }

static void docMdItem(FILE *f, const char *text) {
    fputs("- ", f);
    docEscapeMd(f, text);
    fputc('\n', f);
}

static void docMdListEnd(FILE *f) { fputc('\n', f); }

static void docMdFigure(FILE *f, const docFigure *g) {
    fputs("![", f);
    docEscapeMd(f, g->title);
    fputs("](", f);
    docEscapeUrl(f, g->md_src);
    fputs(")\n\n", f);
    if (g->title[0]) {
        fputs("**", f);
        docEscapeMd(f, g->title);
        fputs(".**", f);
    }
    if (g->caption) {
        fputs(g->title[0] ? " " : "", f);
        docEscapeMd(f, g->caption);
    }
    if (g->title[0] || g->caption) fputs("\n\n", f);
}

/* A fenced block must not contain its own fence: a line that would close it
 * is indented by one space. */
static void docMdPre(FILE *f, const char *s) {
    fputs("````text\n", f);
    for (const char *p = s; *p;) {
        size_t len = strcspn(p, "\n");
        if (len >= 4 && strncmp(p, "````", 4) == 0) fputc(' ', f);
        fwrite(p, 1, len, f);
        fputc('\n', f);
        p += len + (p[len] == '\n');
    }
    fputs("````\n\n", f);
}

const docFmt docMd = {
    .name = "md",
    .begin = docMdBegin,
    .end = docMdNothing,
    .section = docMdSection,
    .section_end = docMdNothing,
    .heading = docMdHeading,
    .para = docMdPara,
    .para_begin = docMdParaBegin,
    .text = docEscapeMd,
    .strong = docMdStrong,
    .code = docMdCode,
    .link = docMdLink,
    .para_end = docMdParaEnd,
    .table = docMdTable,
    .row = docMdRow,
    .row_cells = docMdRowCells,
    .table_end = docMdTableEnd,
    .list_begin = docMdListBegin,
    .item = docMdItem,
    .list_end = docMdListEnd,
    .figure = docMdFigure,
    .pre = docMdPre,
};
