/* json.h -- results.json: the summary's groups, the verdicts and meta.txt of
 * one results directory as one JSON document, for the scripts people feed
 * with hyperfine's --export-json (the schema is docs/json.md).
 *
 * Written with jansson, never by printf: every string is escaped by the
 * library, and a figure the run has none of (NAN, or an infinite ratio) is
 * null rather than a number JSON cannot spell. */
#ifndef COLDLOAD_JSON_H
#define COLDLOAD_JSON_H

#include <jansson.h>
#include <stddef.h>

#include "model/meta.h"
#include "model/summary.h"
#include "verdict/answer.h"
#include "verdict/remedy.h"
#include "verdict/verdict.h"

/* The document's schema_version: raised when a field changes meaning or
 * goes away (adding a field does not raise it). */
#define JSON_SCHEMA_VERSION 1

/* What results.json and hyperfine.json (export/hyperfine) build with. */

/* s as a JSON string. s comes from a results directory and may be any
 * bytes: each byte that does not start a valid UTF-8 sequence (RFC 3629)
 * is replaced by U+FFFD, since jansson refuses invalid UTF-8 and one bad
 * byte must not cost the whole document. NULL when s is NULL or out of
 * memory. jsonUtf8: the same replacement, as a malloc'd string (NULL:
 * out of memory). */
json_t *jsonText(const char *s);
char *jsonUtf8(const char *s);

/* json_object_set_new that remembers a failure in *bad (building stops
 * being checked call by call, and the document is refused at the end); v
 * NULL is a failure. A key that is not UTF-8 is set as jsonUtf8 makes it. */
void jsonSet(json_t *o, const char *k, json_t *v, int *bad);

/* A figure: a number, null when the run has none (NAN or infinite: JSON
 * has neither). */
json_t *jsonNum(double x);

/* The parts of g's key in mask (SUMMARY_K_*) as an object named by
 * summary.csv's columns: strings, but width a number (null when unknown). */
json_t *jsonKey(const summaryGroup *g, unsigned mask, int *bad);

/* Writes doc to path with jansson's dump flags and a newline, through a
 * temporary file in path's directory renamed over it (common/atomicfile):
 * a reader sees the old document or the new one. 0, or -1 with err. */
int jsonWriteDoc(const char *path, json_t *doc, size_t flags, char *err, size_t errlen);

/* results.json's answers, one writer a kind of job (its row of
 * export/jobs.h names it): each appends the job's answers to answers, *bad
 * set when out of memory. The two questions (the report's, a cold-only
 * job's: docs/json.md); the two with the threads question asked of the
 * job's own program (a threads job); one per width of an A/B job, each
 * with its `width` (a job without widths has its one answer, without the
 * key). */
typedef void (*jsonAnswersFn)(const answerInput *in, json_t *answers, int *bad);
void jsonAnswersQuestions(const answerInput *in, json_t *answers, int *bad);
void jsonAnswersThreadsJob(const answerInput *in, json_t *answers, int *bad);
void jsonAnswersAb(const answerInput *in, json_t *answers, int *bad);

/* results.json itself is written by its exportFn (export/export.h's
 * exportResultsJson, at the end of json.c). */

#endif
