/* json.h -- results.json: the summary's groups, the verdicts and meta.txt of
 * one results directory as one JSON document, for the scripts people feed
 * with hyperfine's --export-json (the schema is docs/json.md).
 *
 * Written with jansson, never by printf: every string is escaped by the
 * library, and a figure the run has none of (NAN, or an infinite ratio) is
 * null rather than a number JSON cannot spell. */
#ifndef COLDLOAD_JSON_H
#define COLDLOAD_JSON_H

#include <stddef.h>

#include "model/meta.h"
#include "model/summary.h"
#include "verdict/verdict.h"

/* The document's schema_version: raised when a field changes meaning or
 * goes away (adding a field does not raise it). */
#define JSON_SCHEMA_VERSION 1

/* Writes the document to path atomically: a temporary file made in path's
 * directory (mkostemp, O_NOFOLLOW), then renamed over path, so a reader sees
 * the old document or the new one, never half of one. 0, or -1 with err. */
int jsonWriteResults(const char *path, const summary *s, const verdictList *v,
                     const verdictThresholds *t, const metaTable *meta, char *err, size_t errlen);

#endif
