/* docfmt.h -- one interface over the two formats a document is written in:
 * HTML and Markdown (report.html and report.md, compare.html and
 * compare.md). Every section is written once, against a docFmt, and comes
 * out in both: there is no "html" flag anywhere in src/doc/, so the two
 * documents cannot say different things.
 *
 * Every text given to these functions is plain text: the format escapes it
 * (results directories are shared, so a string from one is never markup).
 * Links and image sources are escaped too (percent-encoded where they are
 * not a path's plain characters), so a file name cannot close an attribute
 * or a Markdown link.
 *
 * The functions are stateless: a document is a FILE and calls in order,
 * block by block (begin, sections of paragraphs, tables, lists, figures and
 * preformatted blocks, end). A paragraph is either one call (para) or
 * pieces between para_begin and para_end (text, strong, code, link). */
#ifndef COLDLOAD_DOCFMT_H
#define COLDLOAD_DOCFMT_H

#include <stddef.h>
#include <stdio.h>

/* A table: its HTML class (NULL: a plain table in a scrolling <div
 * class="wide">), its header cells, and each column's alignment in
 * Markdown ('l' or 'r'; NULL: the first left, the others right). */
typedef struct docTable {
    const char *cls;
    const char *const *head;
    size_t n;
    const char *align;
} docTable;

/* A cell of a row written with row_cells: its text, the columns it spans
 * (0 or 1: one; Markdown fills the others with empty cells), its HTML class
 * (NULL: none) and whether it is strong (bold in both formats). */
typedef struct docCell {
    const char *text;
    int span;
    const char *cls;
    int strong;
} docCell;

/* A link of a figure's caption. */
typedef struct docLink {
    const char *text, *href;
} docLink;

#define DOC_FIGURE_LINKS 2

/* A chart: HTML shows src and links the others in its caption; Markdown
 * shows md_src (a PNG: Markdown viewers do not all show SVG). The caption
 * is "<b>title.</b> caption links." (caption NULL: none). */
typedef struct docFigure {
    const char *id, *title, *src, *md_src, *caption;
    docLink links[DOC_FIGURE_LINKS]; /* unused ones have text NULL */
} docFigure;

typedef struct docFmt {
    const char *name; /* "html", "md" */
    /* the document's head (HTML: <title>title</title>, the stylesheet
     * docCss) and its level-1 heading h1; end closes the document */
    void (*begin)(FILE *f, const char *title, const char *h1);
    void (*end)(FILE *f);
    /* a section (level 2 heading, none when title is NULL) with this id;
     * section_end closes it */
    void (*section)(FILE *f, const char *id, const char *title);
    void (*section_end)(FILE *f);
    void (*heading)(FILE *f, int level, const char *text); /* 2 or 3 */
    void (*para)(FILE *f, const char *text);
    /* a paragraph in pieces (cls: its HTML class, or NULL) */
    void (*para_begin)(FILE *f, const char *cls);
    void (*text)(FILE *f, const char *text); /* inline text, escaped */
    void (*strong)(FILE *f, const char *text);
    void (*code)(FILE *f, const char *text, const char *title); /* title: HTML tooltip */
    void (*link)(FILE *f, const char *href, const char *text);
    void (*para_end)(FILE *f);
    /* a table: its head, rows of t->n cells, its end */
    void (*table)(FILE *f, const docTable *t);
    void (*row)(FILE *f, const docTable *t, const char *const *cells);
    /* a row of cells with spans, classes, strong text; cls and id: the
     * HTML row's class and data-id (NULL: none) */
    void (*row_cells)(FILE *f, const docTable *t, const docCell *c, size_t n, const char *cls,
                      const char *id);
    void (*table_end)(FILE *f, const docTable *t);
    void (*list_begin)(FILE *f, const char *cls);
    void (*item)(FILE *f, const char *text);
    void (*list_end)(FILE *f);
    void (*figure)(FILE *f, const docFigure *fig);
    void (*pre)(FILE *f, const char *text); /* a preformatted block, as it is */
} docFmt;

extern const docFmt docHtml, docMd;

/* Every format, in the order the documents are written: a new format is a
 * file ending in its docFmt and a row here (docfmt.c). */
extern const docFmt *const docFormats[];
extern const size_t docNFormats;

/* The one stylesheet of every HTML document (report and comparison). */
extern const char docCss[];

/* The escaping of each format's inline text: one line (common/text.h:
 * every control character written as an escape, \n, \t, \x1b ...), then
 * the format's own escapes. docEscapeHtmlPre keeps the newlines (a
 * preformatted block), escaping the rest. */
void docEscapeHtml(FILE *f, const char *s);
void docEscapeHtmlPre(FILE *f, const char *s);
void docEscapeMd(FILE *f, const char *s);

/* s escaped as text.h says (keep_newlines: a newline stays one), in a new
 * string the caller frees; NULL when s needs no escape (or no memory: then
 * s as it is). */
char *docOneLine(const char *s, int keep_newlines);

/* A link target or image source: the characters of a plain relative path
 * as they are, every other byte percent-encoded (in HTML it is then also
 * attribute-safe; in Markdown no parenthesis or space can end the link). */
void docEscapeUrl(FILE *f, const char *s);

/* printf into a new string (the caller frees it); NULL when out of memory. */
__attribute__((format(printf, 1, 2))) char *docStr(const char *fmt, ...);

#endif
