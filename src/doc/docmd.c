/* docmd.c -- docFmt's Markdown (docfmt.h): the same blocks as the HTML in
 * the same order; where Markdown has no markup for something (a class, a
 * tooltip, a section's id) it writes the text alone. */
#include "doc/docfmt.h"

#include <stdlib.h>
#include <string.h>

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
    char *own = docOneLine(text, 0); /* one line: control characters escaped */
    if (own) text = own;
    size_t len = strlen(text);
    int pad = len && (text[0] == '`' || text[len - 1] == '`');
    for (size_t i = 0; i <= longest; i++) fputc('`', f);
    if (pad) fputc(' ', f);
    fputs(text, f);
    if (pad) fputc(' ', f);
    for (size_t i = 0; i <= longest; i++) fputc('`', f);
    free(own);
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
static void docMdPre(FILE *f, const char *text) {
    char *own = docOneLine(text, 1); /* its lines kept, every other control character escaped */
    const char *s = own ? own : text;
    fputs("````text\n", f);
    for (const char *p = s; *p;) {
        size_t len = strcspn(p, "\n");
        if (len >= 4 && strncmp(p, "````", 4) == 0) fputc(' ', f);
        fwrite(p, 1, len, f);
        fputc('\n', f);
        p += len + (p[len] == '\n');
    }
    fputs("````\n\n", f);
    free(own);
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
