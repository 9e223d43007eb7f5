/* json.c -- results.json (see json.h and docs/json.md). */
#include "export/json.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/num.h"
#include "common/text.h"
#include "doc/abdoc.h"
#include "doc/remedydoc.h"
#include "doc/threadsdoc.h"
#include "export/export.h"
#include "verdict/answer.h"
#include "verdict/warmup.h"

static int jsonErr(char *err, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int jsonErr(char *err, size_t len, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, len, fmt, ap);
    va_end(ap);
    return -1;
}

/* The length of the valid UTF-8 sequence at p (RFC 3629: no overlong form,
 * no surrogate, nothing above U+10FFFF), or 0 when p starts none. */
static size_t jsonUtf8Len(const unsigned char *p) {
    unsigned c = p[0];
    size_t n = c < 0x80                 ? 1
               : c >= 0xc2 && c <= 0xdf ? 2
               : c >= 0xe0 && c <= 0xef ? 3
               : c >= 0xf0 && c <= 0xf4 ? 4
                                        : 0;
    for (size_t i = 1; i < n; i++)
        if ((p[i] & 0xc0) != 0x80) return 0;
    if (n == 3 && ((c == 0xe0 && p[1] < 0xa0) || (c == 0xed && p[1] > 0x9f))) return 0;
    if (n == 4 && ((c == 0xf0 && p[1] < 0x90) || (c == 0xf4 && p[1] > 0x8f))) return 0;
    return n;
}

char *jsonUtf8(const char *s) {
    size_t len = strlen(s);
    char *out = malloc(3 * len + 1), *o = out; /* each byte at most U+FFFD's three */
    if (!out) return NULL;
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        size_t n = jsonUtf8Len(p);
        if (n) {
            memcpy(o, p, n);
            o += n, p += n;
        } else {
            memcpy(o, "\xef\xbf\xbd", 3);
            o += 3, p++;
        }
    }
    *o = '\0';
    return out;
}

/* 1 when s is valid UTF-8 throughout. */
static int jsonIsUtf8(const char *s) {
    const unsigned char *p = (const unsigned char *)s;
    for (size_t n; *p; p += n)
        if (!(n = jsonUtf8Len(p))) return 0;
    return 1;
}

/* A text as a JSON string: one line of valid UTF-8 (common/text.h), the
 * same escapes as verdicts.txt and the reports (a newline from a results
 * directory is the two characters \n, not a JSON "\n"; an invalid byte
 * \xHH). */
json_t *jsonText(const char *s) {
    if (!s) return NULL;
    if (textIsOneLine(s) && jsonIsUtf8(s)) return json_string_nocheck(s);
    char *t = textOneLine(s, 0);
    char *u = t && !jsonIsUtf8(t) ? jsonUtf8(t) : NULL; /* never needed: \xHH is ASCII */
    json_t *j = t && (u || jsonIsUtf8(t)) ? json_string_nocheck(u ? u : t) : NULL;
    free(u);
    free(t);
    return j;
}

void jsonSet(json_t *o, const char *k, json_t *v, int *bad) {
    if (!o || !v) {
        json_decref(v);
        *bad = 1;
        return;
    }
    char *clean = jsonIsUtf8(k) ? NULL : jsonUtf8(k); /* a key from meta.txt */
    if (clean || jsonIsUtf8(k)) {
        if (json_object_set_new_nocheck(o, clean ? clean : k, v) != 0) *bad = 1;
    } else {
        json_decref(v); /* out of memory */
        *bad = 1;
    }
    free(clean);
}

json_t *jsonNum(double x) { return isfinite(x) ? json_real(x) : json_null(); }

/* 1 when column c is part of the group key (model/summary's summaryKey). */
static int jsonIsKey(const summaryColumn *c) {
    size_t k = offsetof(summaryGroup, key);
    return c->off >= k && c->off < k + sizeof(summaryKey);
}

/* Which SUMMARY_K_* bit a key column is. */
static unsigned jsonKeyPart(const summaryColumn *c) {
    static const struct {
        size_t off;
        unsigned part;
    } parts[] = {
        {offsetof(summaryGroup, key.workload), SUMMARY_K_WORKLOAD},
        {offsetof(summaryGroup, key.params), SUMMARY_K_PARAMS},
        {offsetof(summaryGroup, key.width), SUMMARY_K_WIDTH},
        {offsetof(summaryGroup, key.wait), SUMMARY_K_WAIT},
        {offsetof(summaryGroup, key.condition), SUMMARY_K_CONDITION},
        {offsetof(summaryGroup, key.stressors), SUMMARY_K_STRESSORS},
        {offsetof(summaryGroup, key.copy), SUMMARY_K_COPY},
        {offsetof(summaryGroup, key.load), SUMMARY_K_LOAD},
    };
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
        if (parts[i].off == c->off) return parts[i].part;
    return 0;
}

/* The parts of g's key in mask: {"workload": "grad", "width": 2, ...}, each
 * named as its summary.csv column; width null when unknown. */
json_t *jsonKey(const summaryGroup *g, unsigned mask, int *bad) {
    json_t *o = json_object();
    if (!o) *bad = 1;
    for (size_t i = 0; o && i < summaryNColumns; i++) {
        const summaryColumn *c = &summaryColumns[i];
        if (!jsonIsKey(c) || !(jsonKeyPart(c) & mask)) continue;
        const char *t = summaryColText(g, c);
        jsonSet(o, c->name, t ? jsonText(t) : jsonNum(summaryColNum(g, c)), bad);
    }
    return o;
}

/* One group: its key, its strings (harness, source, whole_tool), its
 * checksums as hex strings, and every numeric column as a figure. */
/* A group's run figures (runs.csv by the names of runs-columns.tsv): each
 * one's median, null without a value; an empty object without them. */
static json_t *jsonRunFigures(const summary *s, const summaryGroup *g, int *bad) {
    json_t *o = json_object();
    if (!o) *bad = 1;
    for (size_t k = 0; o && k < s->nrun_fig; k++)
        jsonSet(o, s->run_fig[k].name, jsonNum(g->run_median[k]), bad);
    /* the texts the cell shows: their items (checked words: valid UTF-8) */
    for (size_t k = 0; o && k < s->nrun_text; k++)
        jsonSet(o, s->run_text[k].name,
                g->run_words[k] ? json_string(g->run_words[k]) : json_null(), bad);
    return o;
}

/* What each run figure is: [{"name", "unit", "cell", "what"}], the column
 * table of the launcher that recorded them (runs-columns.tsv). */
static json_t *jsonRunFigureTable(const summary *s, int *bad) {
    json_t *a = json_array();
    if (!a) *bad = 1;
    for (size_t k = 0; a && k < s->nrun_fig; k++) {
        const summaryRunFig *r = &s->run_fig[k];
        json_t *o = json_object();
        if (!o) *bad = 1;
        jsonSet(o, "name", jsonText(r->name), bad);
        jsonSet(o, "unit", jsonText(r->unit), bad);
        jsonSet(o, "cell", json_boolean(r->cell), bad);
        jsonSet(o, "what", jsonText(r->what), bad);
        if (json_array_append_new(a, o) != 0) *bad = 1;
    }
    return a;
}

/* A group's processes classed by their calls (verdict/warmup.h): how many
 * in each class, and each process's class, the call its steady state
 * starts at (null: none), its calls and segments. */
static json_t *jsonWarmup(const summaryGroup *g, const verdictThresholds *t, int *bad) {
    json_t *o = json_object(), *procs = json_array();
    size_t n[WARMUP_CLASSES] = {0};
    for (size_t i = 0; o && procs && i < g->nproc; i++) {
        const summaryProc *p = &g->proc[i];
        warmupProc w;
        json_t *x = json_object();
        if (warmupClassify(p, t, &w) != 0 || !x) {
            json_decref(x);
            *bad = 1;
            break;
        }
        n[w.cls]++;
        jsonSet(x, "run_id", jsonText(p->run_id), bad);
        jsonSet(x, "proc", p->proc > 0 ? json_integer(p->proc) : json_null(), bad);
        jsonSet(x, "class", jsonText(warmupClassKey(w.cls)), bad);
        jsonSet(x, "steady_from", w.steady_from ? json_integer(w.steady_from) : json_null(), bad);
        jsonSet(x, "calls", json_integer((json_int_t)w.calls), bad);
        jsonSet(x, "segments", json_integer((json_int_t)w.segments), bad);
        if (json_array_append_new(procs, x) != 0) *bad = 1;
    }
    for (int c = 0; c < WARMUP_CLASSES; c++)
        jsonSet(o, warmupClassKey(c), json_integer((json_int_t)n[c]), bad);
    jsonSet(o, "procs", procs, bad);
    return o;
}

static json_t *jsonGroup(const summary *s, const summaryGroup *g, const verdictThresholds *t,
                         int *bad) {
    json_t *o = json_object(), *fig = json_object(), *sums = json_array();
    if (!o || !fig || !sums) {
        json_decref(o);
        json_decref(fig);
        json_decref(sums);
        *bad = 1;
        return NULL;
    }
    jsonSet(o, "key", jsonKey(g, SUMMARY_K_ALL, bad), bad);
    for (size_t i = 0; i < summaryNColumns; i++) {
        const summaryColumn *c = &summaryColumns[i];
        if (jsonIsKey(c) || c->kind == SUMMARY_COL_CHECKSUMS) continue;
        const char *t = summaryColText(g, c);
        if (t) jsonSet(o, c->name, jsonText(t), bad);
        else if (c->kind == SUMMARY_COL_NUM)
            jsonSet(fig, c->name, jsonNum(summaryColNum(g, c)), bad);
        else {
            double n = summaryColNum(g, c); /* a count: exact as an integer */
            jsonSet(fig, c->name, isnan(n) ? json_null() : json_integer((json_int_t)n), bad);
        }
    }
    for (size_t j = 0; j < g->nchecksums; j++) {
        char hex[17];
        snprintf(hex, sizeof hex, "%016llx", (unsigned long long)g->checksums[j]);
        if (json_array_append_new(sums, jsonText(hex)) != 0) *bad = 1;
    }
    jsonSet(o, "checksum", sums, bad);
    jsonSet(o, "figures", fig, bad);
    jsonSet(o, "run_figures", jsonRunFigures(s, g, bad), bad);
    jsonSet(o, "warmup", jsonWarmup(g, t, bad), bad);
    return o;
}

static json_t *jsonVerdict(const verdict *v, int *bad) {
    json_t *o = json_object(), *fig = json_object(), *notes = json_object();
    if (!o || !fig || !notes) {
        json_decref(o);
        json_decref(fig);
        json_decref(notes);
        *bad = 1;
        return NULL;
    }
    jsonSet(o, "level", jsonText(verdictLevelName(v->level)), bad);
    jsonSet(o, "id", jsonText(v->id), bad);
    jsonSet(o, "group", v->group ? jsonKey(v->group, v->parts, bad) : json_null(), bad);
    jsonSet(o, "subject", v->subject ? jsonText(v->subject) : json_null(), bad);
    for (size_t i = 0; i < v->nfig; i++)
        jsonSet(fig, v->fig[i].name, jsonNum(v->fig[i].value), bad);
    jsonSet(o, "figures", fig, bad);
    for (size_t i = 0; i < v->nnote; i++)
        jsonSet(notes, v->note[i].name, jsonText(v->note[i].text), bad);
    jsonSet(o, "notes", notes, bad);
    jsonSet(o, "text", jsonText(v->text), bad);
    return o;
}

/* A count: an integer, null when there is none (SIZE_MAX, or a negative stop). */
static json_t *jsonCount(double n) {
    return n >= 0 && n < (double)SIZE_MAX ? json_integer((json_int_t)n) : json_null();
}


/* One row of an answer's table: its cell and what it is set against (the
 * same copy, or the idle twin), with the figures of its question's table. */
static json_t *jsonAnswerRow(const answer *a, const answerRow *r, int *bad) {
    json_t *o = json_object();
    if (!o) {
        *bad = 1;
        return NULL;
    }
    jsonSet(o, "cell", jsonKey(r->g, SUMMARY_K_ALL, bad), bad);
    jsonSet(o, "base", jsonKey(r->base, SUMMARY_K_ALL, bad), bad);
    jsonSet(o, "base_ms", jsonNum(r->base_ms), bad);
    jsonSet(o, "ms", jsonNum(r->ms), bad);
    jsonSet(o, "ratio", jsonNum(r->ratio), bad);
    if (a->k == ANSWER_FIRST_RUN) {
        jsonSet(o, "majflt", jsonNum(r->majflt), bad);
        jsonSet(o, "base_majflt", jsonNum(r->base_majflt), bad);
        return o;
    }
    jsonSet(o, "ratio_lo", jsonNum(r->lo), bad);
    jsonSet(o, "ratio_hi", jsonNum(r->hi), bad);
    jsonSet(o, "slow_procs", jsonCount((double)r->slow), bad);
    jsonSet(o, "procs", jsonCount((double)r->procs), bad);
    jsonSet(o, "procs_taken", jsonCount((double)r->taken), bad);
    jsonSet(o, "stopped",
            r->taken >= 0 && r->how >= 0 && r->how < META_STOP_N ? jsonText(metaStopHowName[r->how])
                                                                 : json_null(),
            bad);
    return o;
}

/* Question k's answer (docs/json.md): id, question, verdict, basis, the
 * deciding cell and figures, the table's rows. */
static json_t *jsonAnswer(const answerInput *in, int k, int own_question, int *bad) {
    answer a;
    json_t *o = json_object(), *fig = json_object(), *rows = json_array();
    /* a threads job asks its program's own threads question (threadsdoc) */
    char *q = k == ANSWER_THREADS && own_question ? threadsdocQuestion(in->meta) : NULL;
    if (answerCompute(in, k, &a) != 0 || !o || !fig || !rows) {
        answerFree(&a);
        json_decref(o);
        json_decref(fig);
        json_decref(rows);
        free(q);
        *bad = 1;
        return NULL;
    }
    jsonSet(o, "id", jsonText(answerId(k)), bad);
    jsonSet(o, "question", jsonText(q ? q : answerQuestion(k)), bad);
    jsonSet(o, "verdict", jsonText(answerVerdictName(a.verdict)), bad);
    jsonSet(o, "basis", a.basis ? jsonText(a.basis) : json_null(), bad);
    jsonSet(o, "cell", a.cell ? jsonKey(a.cell, SUMMARY_K_ALL, bad) : json_null(), bad);
    for (size_t i = 0; i < a.nfig; i++) jsonSet(fig, a.fig[i].name, jsonNum(a.fig[i].value), bad);
    jsonSet(o, "figures", fig, bad);
    for (size_t i = 0; i < a.nrows; i++)
        if (json_array_append_new(rows, jsonAnswerRow(&a, &a.rows[i], bad)) != 0) *bad = 1;
    jsonSet(o, "rows", rows, bad);
    answerFree(&a);
    free(q);
    return o;
}

/* An A/B job's answer at one width (docs/json.md, id ab): its verdict,
 * the ratio and interval, the A/A arm and floor, the sides' figures; the
 * width (`width`) when the job asked several (with_width). */
static json_t *jsonAnswerAb(const answerAb *a, int with_width, const metaTable *meta,
                            const metaStops *stops, int *bad) {
    const answerAb r = *a;
    json_t *o = json_object(), *fig = json_object(), *sides = json_object();
    if (!o || !fig || !sides) {
        json_decref(o);
        json_decref(fig);
        json_decref(sides);
        *bad = 1;
        return NULL;
    }
    char *lead = abdocLead(&r, meta);
    jsonSet(o, "id", jsonText("ab"), bad);
    jsonSet(o, "question", jsonText("Is B faster than A?"), bad);
    /* the width asked (with_width), and where its blocks stopped (stops.csv) */
    int how;
    long blocks = answerAbStopOf(stops, &r, &how);
    if (with_width) jsonSet(o, "width", json_integer(r.width), bad);
    jsonSet(o, "blocks", jsonCount((double)blocks), bad);
    jsonSet(o, "stopped",
            blocks >= 0 && how >= 0 && how < META_STOP_N ? jsonText(metaStopHowName[how])
                                                         : json_null(),
            bad);
    jsonSet(o, "verdict", jsonText(answerAbVerdictName(r.verdict)), bad);
    jsonSet(o, "text", lead ? jsonText(lead) : json_null(), bad);
    jsonSet(o, "why", r.why ? jsonText(r.why) : json_null(), bad);
    const answerFigure f[] = {
        {"ratio", r.ratio},
        {"ratio_lo", r.lo},
        {"ratio_hi", r.hi},
        {"noise_floor", r.floor},
        {"aa_noise", r.aa_noise},
        {"smallest", r.smallest},
        {"p", r.test.p},
        {"pairs", (double)r.pairs},
        {"aa_ratio", r.aa_ratio},
        {"aa_lo", r.aa_lo},
        {"aa_hi", r.aa_hi},
        {"aa_p", r.aa_test.p},
        {"aa_pairs", (double)r.aa_pairs},
        {"cpu_ratio", r.cpu_ratio},
        {"ratio_bound", r.bound},
        {"cut_pairs_a", (double)r.cut_a},
        {"cut_pairs_b", (double)r.cut_b},
        {"cut_pairs_both", (double)r.cut_both},
        {"outputs_differ", r.outputs_differ},
        {"a_output_varies", r.a_output_varies},
        {"a_outputs", (double)r.a_outputs},
        {"like_with_like", r.like},
        {"mixed_pairs", (double)r.mixed},
    };
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
        jsonSet(fig, f[i].name, jsonNum(f[i].value), bad);
    jsonSet(o, "figures", fig, bad);
    for (int k = 0; k < ANSWER_AB_SIDES; k++) {
        const answerAbSide *d = &r.side[k];
        json_t *j = json_object();
        if (!j) {
            *bad = 1;
            continue;
        }
        jsonSet(j, "command", d->g && d->g->key.params ? jsonText(d->g->key.params) : json_null(),
                bad);
        jsonSet(j, "runs", json_integer((json_int_t)d->runs), bad);
        jsonSet(j, "median_ms", jsonNum(d->median_ms), bad);
        jsonSet(j, "cpu_ms", jsonNum(d->cpu_ms), bad);
        jsonSet(j, "waited", json_integer((json_int_t)d->waited), bad);
        jsonSet(j, "with_wait_figure", json_integer((json_int_t)d->nwait), bad);
        jsonSet(j, "failed", json_integer((json_int_t)d->failed), bad);
        jsonSet(sides, answerAbSideName[k], j, bad);
    }
    jsonSet(o, "sides", sides, bad);
    free(lead);
    return o;
}

void jsonAnswersAb(const answerInput *in, json_t *answers, int *bad) {
    const summary *s = in->s;
    const metaTable *meta = in->meta;
    const metaStops *stops = in->stops;
    answerAb *r;
    size_t n;
    if (answerAbAll(s, abdocPrecision(meta), &r, &n) != 0) {
        *bad = 1;
        return;
    }
    int with_width = n > 1 || (n == 1 && r[0].width > 0);
    for (size_t i = 0; i < n; i++)
        if (json_array_append_new(answers, jsonAnswerAb(&r[i], with_width, meta, stops, bad)) != 0)
            *bad = 1;
    free(r);
}

static void jsonAnswersEach(const answerInput *in, json_t *answers, int own_question, int *bad) {
    for (int k = 0; k < ANSWER_QUESTIONS; k++)
        if (json_array_append_new(answers, jsonAnswer(in, k, own_question, bad)) != 0) *bad = 1;
}

void jsonAnswersQuestions(const answerInput *in, json_t *answers, int *bad) {
    jsonAnswersEach(in, answers, 0, bad);
}

void jsonAnswersThreadsJob(const answerInput *in, json_t *answers, int *bad) {
    jsonAnswersEach(in, answers, 1, bad);
}

/* meta.txt: every key with its value as a string, the last of a key winning
 * (as metaGet reads it); the warning= lines, which repeat, also as a list. */
static json_t *jsonMeta(const metaTable *m, json_t **warnings, int *bad) {
    json_t *o = json_object();
    *warnings = json_array();
    if (!o || !*warnings) *bad = 1;
    for (size_t i = 0; o && *warnings && i < m->n; i++) {
        jsonSet(o, m->keys[i], jsonText(m->vals[i]), bad);
        if (strcmp(m->keys[i], "warning") == 0 &&
            json_array_append_new(*warnings, jsonText(m->vals[i])) != 0)
            *bad = 1;
    }
    return o;
}

/* What fixes it here (doc/remedydoc): per level, each remedy tried with its
 * median run and interval, against the best width and the default cell. */
static json_t *jsonRemedies(const remedydocInput *in, int *bad) {
    json_t *a = json_array();
    answerThreadsCells *t = malloc(sizeof *t);
    remedydocLevel *lv = malloc(sizeof *lv);
    if (!a || !t || !lv) {
        *bad = 1;
        goto out;
    }
    answerThreadsCollect(in->s, t);
    for (size_t i = 0; remedydocNextLevel(in, t, &i, lv);)
        for (size_t k = 0; k < lv->n; k++) {
            const remedyResult *r = &lv->r[k];
            const summaryKey *key = &lv->L.first->g->key;
            json_t *o = json_object();
            if (!o || json_array_append_new(a, o) != 0) {
                *bad = 1;
                break;
            }
            jsonSet(o, "load", jsonText(key->load), bad);
            jsonSet(o, "stressors", jsonText(key->stressors), bad);
            jsonSet(o, "id", jsonText(r->item->id), bad);
            jsonSet(o, "setting",
                    r->item->is_width ? json_null() : jsonText(remedies[r->item->row].setting),
                    bad);
            jsonSet(o, "width",
                    r->cell.g->key.width ? json_integer(r->cell.g->key.width) : json_null(), bad);
            jsonSet(o, "runs", json_integer((json_int_t)answerThreadsRuns(&r->cell)), bad);
            jsonSet(o, "median_ms", jsonNum(r->cell.median), bad);
            jsonSet(o, "lo_ms", jsonNum(r->cell.lo), bad);
            jsonSet(o, "hi_ms", jsonNum(r->cell.hi), bad);
            jsonSet(o, "median_bound", json_boolean(r->cell.median_bound), bad);
            jsonSet(o, "over_best", jsonNum(r->over_best), bad);
            jsonSet(o, "over_default", jsonNum(r->over_default), bad);
            jsonSet(o, "fixes", json_boolean(r->fixes), bad);
            jsonSet(o, "does_not", json_boolean(r->does_not), bad);
        }
out:
    free(t);
    free(lv);
    return a;
}

static json_t *jsonDocument(const summary *s, const verdictList *v, const verdictThresholds *t,
                            const metaTable *meta, const metaStops *stops, const remedyRuns *runs,
                            size_t nruns, jsonAnswersFn answersOf, answerAsks asks) {
    int bad = 0;
    json_t *doc = json_object(), *groups = json_array(), *verdicts = json_array(),
           *answers = json_array(), *warnings;
    if (!doc || !groups || !verdicts || !answers) bad = 1;
    const answerInput in = {s, v, t, meta, stops, asks};
    if (answers) answersOf(&in, answers, &bad);
    jsonSet(doc, "schema_version", json_integer(JSON_SCHEMA_VERSION), &bad);
    jsonSet(doc, "meta", jsonMeta(meta, &warnings, &bad), &bad);
    jsonSet(doc, "warnings", warnings, &bad);
    for (size_t i = 0; groups && i < s->n; i++)
        if (json_array_append_new(groups, jsonGroup(s, &s->g[i], t, &bad)) != 0) bad = 1;
    for (size_t i = 0; verdicts && i < v->n; i++)
        if (json_array_append_new(verdicts, jsonVerdict(&v->v[i], &bad)) != 0) bad = 1;
    jsonSet(doc, "groups", groups, &bad);
    jsonSet(doc, "run_figures", jsonRunFigureTable(s, &bad), &bad);
    jsonSet(doc, "verdicts", verdicts, &bad);
    jsonSet(doc, "answers", answers, &bad);
    const remedydocInput ri = {s, meta, runs, nruns, NULL};
    jsonSet(doc, "remedies", jsonRemedies(&ri, &bad), &bad);
    if (bad) {
        json_decref(doc);
        return NULL;
    }
    return doc;
}

/* jsonWriteDoc's writer: the document and a newline. */
typedef struct jsonDump {
    json_t *doc;
    size_t flags;
} jsonDump;

static int jsonDumpTo(const void *ctx, FILE *f) {
    const jsonDump *d = ctx;
    return json_dumpf(d->doc, f, d->flags) != 0 || fputc('\n', f) == EOF;
}

int jsonWriteDoc(const char *path, json_t *doc, size_t flags, char *err, size_t errlen) {
    const jsonDump d = {doc, flags};
    return exportFile(path, jsonDumpTo, &d, err, errlen);
}

/* results.json's exportFn: summarize's directory, its job's answers
 * (in->answers, asking in->asks). */
int exportResultsJson(const exportInput *in, const char *path, char *err, size_t errlen) {
    const results *r = in->r;
    json_t *doc = jsonDocument(&r->s, &r->v, &r->t, &r->meta, &r->stops, r->remedies, r->nremedies,
                               in->answers, in->asks);
    if (!doc) return jsonErr(err, errlen, "%s: out of memory", path);
    int rc = jsonWriteDoc(path, doc, JSON_INDENT(1), err, errlen);
    json_decref(doc);
    return rc;
}
