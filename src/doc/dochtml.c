/* dochtml.c -- docFmt's HTML (docfmt.h): the report and compare's page as a
 * standalone page with the one stylesheet, docCss. Every string goes through
 * docEscapeHtml; classes, tooltips and section ids are HTML's alone. */
#include "doc/docfmt.h"

#include <stdlib.h>
#include <string.h>

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
    docEscapeHtmlPre(f, text);
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
