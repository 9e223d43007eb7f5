/* test_docfmt.c -- the one document interface (src/doc/docfmt.c) and the
 * report sections written through it: a hostile string from a results
 * directory is escaped in both formats, a table carries the same cells in
 * both, links and images cannot be broken out of, a preformatted block
 * cannot be closed from inside; meta's stop keys parse once into data and
 * the answers' table says them; the verdicts section escapes a subject. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <math.h>

#include "doc/answerdoc.h"
#include "doc/docfmt.h"
#include "doc/verdictsdoc.h"

#define HOSTILE "<script>alert(1)</script> a|b *c* _d_ [e](f) `g` # & \"q\"\nnext"

/* What one writer wrote to a memory stream, as a string (free it). */
typedef struct out {
    char *buf;
    size_t len;
    FILE *f;
} out;

static void outOpen(out *o) {
    o->buf = NULL;
    o->len = 0;
    o->f = open_memstream(&o->buf, &o->len);
    assert_non_null(o->f);
}

static char *outClose(out *o) {
    assert_int_equal(fclose(o->f), 0);
    return o->buf;
}

/* Every string of want (NULL-terminated) is in doc. */
static void assertHasAll(const char *doc, const char *const *want) {
    for (; *want; want++) assert_non_null(strstr(doc, *want));
}

/* One writer's output in each format: the same calls, both documents. */
typedef void (*writer)(const docFmt *fmt, FILE *f, const void *arg);

static void render(writer w, const void *arg, char **html, char **md) {
    out o;
    outOpen(&o);
    w(&docHtml, o.f, arg);
    *html = outClose(&o);
    outOpen(&o);
    w(&docMd, o.f, arg);
    *md = outClose(&o);
}

static void writePara(const docFmt *fmt, FILE *f, const void *arg) { fmt->para(f, arg); }

static void writeTable(const docFmt *fmt, FILE *f, const void *arg) {
    static const char *const head[] = {"cell", "ms"};
    const docTable t = {NULL, head, 2, NULL};
    fmt->table(f, &t);
    fmt->row(f, &t, arg);
    fmt->table_end(f, &t);
}

static void writeVerdicts(const docFmt *fmt, FILE *f, const void *arg) {
    verdictsdocVerdicts(&(reportDoc){arg, fmt, f, NULL});
}

static void aHostileParagraphIsEscapedInBothFormats(void **state) {
    (void)state;
    char *html, *md;
    render(writePara, HOSTILE, &html, &md);
    assert_null(strstr(html, "<script>"));
    assert_non_null(strstr(html, "<p>&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert_non_null(strstr(html, "&amp; &quot;q&quot;"));
    /* one line: the newline written \n (its backslash escaped for Markdown) */
    assert_string_equal(md, "\\<script\\>alert(1)\\</script\\> a\\|b \\*c\\* \\_d\\_ \\[e\\](f) "
                            "\\`g\\` \\# \\& \"q\"\\\\nnext\n\n");
    assert_non_null(strstr(html, "&quot;q&quot;\\nnext</p>"));
    free(html);
    free(md);
    /* ESC, CR and the rest: escaped in both, never written raw */
    render(writePara, "red \x1b[31m\r\tend \xff", &html, &md);
    assert_non_null(strstr(html, "red \\x1b[31m\\r\\tend \\xff</p>"));
    assert_string_equal(md, "red \\\\x1b\\[31m\\\\r\\\\tend \\\\xff\n\n");
    free(html);
    free(md);
}

static void aTableCarriesTheSameCellsInBothFormats(void **state) {
    (void)state;
    const char *row[] = {"x|y <z>", "1.5"};
    char *html, *md;
    render(writeTable, row, &html, &md);
    assert_string_equal(html, "<div class=\"wide\"><table>\n<tr><th>cell</th><th>ms</th></tr>\n"
                              "<tr><td>x|y &lt;z&gt;</td><td>1.5</td></tr>\n</table></div>\n");
    assert_string_equal(md, "| cell | ms |\n|---|---:|\n| x\\|y \\<z\\> | 1.5 |\n\n");
    free(html);
    free(md);
}

static void spanningCellsAndRowClassesInBothFormats(void **state) {
    (void)state;
    static const char *const head[] = {"a", "b", "c"};
    const docTable t = {"glance", head, 3, "lll"};
    const docCell c[2] = {{"2 more", 2, NULL, 0}, {"<WARN>", 1, "lvl", 1}};
    out h, m;
    outOpen(&h);
    docHtml.row_cells(h.f, &t, c, 2, "WARN\"x", "id<");
    char *html = outClose(&h);
    outOpen(&m);
    docMd.table(m.f, &t);
    docMd.row_cells(m.f, &t, c, 2, "WARN", "id");
    char *md = outClose(&m);
    assert_string_equal(html, "<tr class=\"WARN&quot;x\" data-id=\"id&lt;\"><td colspan=\"2\">2 "
                              "more</td><td class=\"lvl\"><b>&lt;WARN&gt;</b></td></tr>\n");
    assert_string_equal(md, "| a | b | c |\n|---|---|---|\n| 2 more | | **\\<WARN\\>** |\n");
    free(html);
    free(md);
}

/* A file name from scan-run/scan/ becomes a link and an image source. */
static void linksAndImagesCannotBeBrokenOutOf(void **state) {
    (void)state;
    const docFigure g = {"chart-x\"",     "t",  "scan/a b\".png",
                         "scan/a)(b.png", NULL, {{"SVG", "x y.svg"}, {NULL, NULL}}};
    out h, m;
    outOpen(&h);
    docHtml.figure(h.f, &g);
    docHtml.link(h.f, "a\"><script>", "x");
    char *html = outClose(&h);
    outOpen(&m);
    docMd.figure(m.f, &g);
    docMd.link(m.f, "a) [b](c", "x]");
    char *md = outClose(&m);
    assertHasAll(html, (const char *const[]){"<img src=\"scan/a%20b%22.png\" alt=\"t\">",
                                             "<a href=\"x%20y.svg\">SVG</a>.</figcaption>",
                                             "<a href=\"a%22%3E%3Cscript%3E\">x</a>", NULL});
    assert_null(strstr(html, "<script>"));
    assertHasAll(md, (const char *const[]){"![t](scan/a%29%28b.png)\n\n**t.**\n\n",
                                           "[x\\]](a%29%20%5Bb%5D%28c)", NULL});
    free(html);
    free(md);
}

static void aBlockCannotBeClosedFromInside(void **state) {
    (void)state;
    out h, m;
    outOpen(&h);
    docHtml.pre(h.f, "a\n</pre><b>x\n");
    char *html = outClose(&h);
    outOpen(&m);
    docMd.pre(m.f, "a\n````\nb\n");
    docMd.code(m.f, "x`y", NULL);
    docMd.text(m.f, " ");
    docMd.code(m.f, "`z", NULL);
    char *md = outClose(&m);
    assert_string_equal(html, "<pre>a\n&lt;/pre&gt;&lt;b&gt;x\n</pre>\n");
    assert_string_equal(md, "````text\na\n ````\nb\n````\n\n``x`y`` `` `z ``");
    free(html);
    free(md);
}

/* meta's stop keys: parsed once, malformed ones left out, the last wins. */
static void stopKeysParseOnceIntoData(void **state) {
    (void)state;
    char *keys[] = {"loaded_stop_pinned_s2_grad_w2", "loaded_stop_free_s2_trgload_w1",
                    "warm_stop_none_s0_svdvals_w1",  "loaded_stop_pinned_s2_grad_w2",
                    "loaded_stop_pinned_sX_grad_w2", "loaded_stop_pinned_s2_grad_w",
                    "loaded_s2_before_stop_utc"};
    char *vals[] = {"3 decided", "7 max", "5 fixed", "4 decided", "3 decided", "3 decided", "2026"};
    metaTable m = {"", keys, vals, 7};
    metaStops s;
    assert_int_equal(metaStopsRead(&m, &s), 0);
    assert_int_equal(s.n, 3);
    const metaStop *x = metaStopFind(&s, "loaded", "pinned", 2, "grad", 2);
    assert_non_null(x);
    assert_int_equal(x->procs, 4); /* the last of the key */
    assert_int_equal(x->how, META_STOP_DECIDED);
    x = metaStopFind(&s, "warm", "none", 0, "svdvals", 1);
    assert_non_null(x);
    assert_int_equal(x->how, META_STOP_FIXED);
    assert_null(metaStopFind(&s, "loaded", "free", 2, "grad", 1));
    /* the answers' table: the loaded TRG is the harness's cell trgload */
    summaryGroup g;
    memset(&g, 0, sizeof g);
    g.harness = "loaded";
    g.key.workload = "trg";
    summaryKeySetLoad(&g.key, "free");
    g.key.stressors = "2";
    g.key.nstressors = 2;
    g.key.width = 1;
    char buf[64];
    assert_string_equal(answerdocStopText(&s, &g, buf, sizeof buf), "7, undecided at the most");
    g.key.workload = "grad";
    summaryKeySetLoad(&g.key, "pinned");
    g.key.width = 2;
    assert_string_equal(answerdocStopText(&s, &g, buf, sizeof buf), "4, decided");
    g.key.width = 1;
    assert_string_equal(answerdocStopText(&s, &g, buf, sizeof buf), "-");
    metaStopsFree(&s);
}

/* A report's input with no results directory behind it. */
static reportInput inputOf(const summary *s, const verdictList *vl, const verdictThresholds *t,
                           const metaTable *m) {
    return (reportInput){
        .s = s, .verdicts = vl, .thresholds = t, .meta = m, .machine = "machine", .name = "name"};
}

/* The verdicts section through both formats: the counts, the row, a hostile
 * subject and finding escaped; the same cells in both. */
static void theVerdictsSectionEscapesInBothFormats(void **state) {
    (void)state;
    verdictThresholds t;
    verdictDefaults(&t);
    char text[] = "<img src=x>|bad: it *fired*";
    verdict v = {.level = VERDICT_WARN,
                 .id = "spread",
                 .text = text,
                 .subject = "<img src=x>|bad",
                 .finding = text + 17};
    verdictList vl = {&v, 1, 1};
    metaTable m = {"", NULL, NULL, 0};
    summary s;
    memset(&s, 0, sizeof s);
    reportInput in = inputOf(&s, &vl, &t, &m);
    char *html, *mdt;
    render(writeVerdicts, &in, &html, &mdt);
    /* the same counts and cells in both; the thresholds a tooltip in HTML, a
     * code span in Markdown */
    assertHasAll(html, (const char *const[]){
                           "0 error(s), 1 warning(s), 0 note(s), 0 ok. ",
                           "<tr class=\"WARN\" data-id=\"spread\"><td class=\"lvl\"><b>WARN "
                           "spread</b></td><td>&lt;img src=x&gt;|bad</td><td "
                           "class=\"text\">it *fired*</td></tr>",
                           "<code title=\"", NULL});
    assert_null(strstr(html, "<img"));
    assertHasAll(
        mdt, (const char *const[]){"0 error(s), 1 warning(s), 0 note(s), 0 ok. ",
                                   "| **WARN spread** | \\<img src=x\\>\\|bad | it \\*fired\\* |\n",
                                   "`--first-min 100`", NULL});
    free(html);
    free(mdt);
}

/* The first answer's yes or no is the cold-start verdict's level, read, not
 * judged again: the same figures under a NOTE give "Not much". */
static void theFirstAnswerIsTheVerdicts(void **state) {
    (void)state;
    static const char *const copies[3] = {"same", "evicted", "dropcache"};
    const double med[3] = {1.0, 1.1, 3.0}, maj[3] = {0, 1, 5};
    summaryGroup g[3];
    memset(g, 0, sizeof g);
    for (int i = 0; i < 3; i++) {
        g[i].key = (summaryKey){"grad", "n=1", "block", "idle",           "0", (char *)copies[i],
                                "none", 1,     0,       SUMMARY_LOAD_NONE};
        g[i].whole_median_ms = med[i];
        g[i].whole_max_ms = med[i] * 1.2;
        g[i].whole_majflt = maj[i];
        g[i].first_over_min = NAN;
    }
    summary s;
    memset(&s, 0, sizeof s);
    s.g = g;
    s.n = 3;
    verdictThresholds t;
    verdictDefaults(&t);
    verdictFigure fig[6] = {{"same_ms", 1.0},      {"fresh_ms", NAN},          {"evicted_ms", 1.1},
                            {"dropcache_ms", 3.0}, {"slowest_over_same", 3.0}, {"threshold", 2}};
    verdict v = {.level = VERDICT_WARN,
                 .id = "cold-start",
                 .finding = "",
                 .group = &g[0],
                 .fig = fig,
                 .nfig = 6};
    verdictList vl = {&v, 1, 1};
    metaTable m = {"", NULL, NULL, 0};
    reportInput in = inputOf(&s, &vl, &t, &m);
    char *a = answerdocText(&in, 0);
    assert_non_null(a);
    assert_non_null(strstr(a, "Yes. A new process of grad whose binary and libraries were "
                              "dropped with the whole page cache takes 3"));
    assert_non_null(strstr(a, "(3.0x), with 5 major page faults against 0: the OS reads them "
                              "from disk, and that is the slow first run."));
    free(a);
    v.level = VERDICT_NOTE;
    a = answerdocText(&in, 0);
    assert_non_null(a);
    assert_non_null(strstr(a, "Not much. A new process of grad"));
    free(a);
    /* no cold-start verdict: no cold start to cite, whatever the groups hold */
    vl.n = 0;
    a = answerdocText(&in, 0);
    assert_string_equal(a, "Not measured here: this run has no cold starts and no first calls.");
    free(a);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(aHostileParagraphIsEscapedInBothFormats),
        cmocka_unit_test(aTableCarriesTheSameCellsInBothFormats),
        cmocka_unit_test(spanningCellsAndRowClassesInBothFormats),
        cmocka_unit_test(linksAndImagesCannotBeBrokenOutOf),
        cmocka_unit_test(aBlockCannotBeClosedFromInside),
        cmocka_unit_test(stopKeysParseOnceIntoData),
        cmocka_unit_test(theVerdictsSectionEscapesInBothFormats),
        cmocka_unit_test(theFirstAnswerIsTheVerdicts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
