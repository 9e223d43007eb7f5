/* opts.h -- option values shared by every coldload binary.
 *
 * Each parser checks one value against its accepted range and, when it is
 * bad, prints one line on stderr naming the option and the range and returns
 * -1; the mains then exit with OPTS_EXIT_USAGE before doing any work. */
#ifndef COLDLOAD_OPTS_H
#define COLDLOAD_OPTS_H

#include "autowidth.h"
#include "csv.h"
#include "pool.h"

#define OPTS_EXIT_USAGE 2

/* Program name used in messages (set once from argv[0] by each main). */
extern const char *optsProg;

int optsLong(const char *opt, const char *s, long lo, long hi, long *out);
int optsDouble(const char *opt, const char *s, double lo, double hi, double *out);
/* Parses --tag KEY=VALUE into tags[*ntags] and increments *ntags. KEY is
 * [A-Za-z_][A-Za-z0-9_]*, shorter than CSV_TAG_KEY_MAX, neither a fixed
 * column nor a key already given; at most max tags. value points into s. */
int optsTagAdd(csvTag *tags, size_t *ntags, size_t max, const char *s);
/* 1 when the comma-separated list holds key[0..klen) as one of its items. */
int optsKeyIn(const char *list, const char *key, size_t klen);
/* Prints "prog: msg" on stderr and returns -1 (for one-line usage errors). */
int optsError(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* --- the options every workload binary shares ------------------------------ */

#define OPTS_MAX_TAGS 32

typedef struct optsCommon {
    autowReq width;    /* --width N|auto|auto:N  N in 1..POOL_MAX_WIDTH, default 1;
                          the engine is created at width.cap */
    poolWait wait;     /* --wait POLICY  default POOL_WAIT_DEFAULT */
    long runs;         /* --runs N       steady calls, 1..1000000 */
    double budget_s;   /* --budget S     0 (none) .. 1e6 */
    const char *csv;   /* --csv FILE     NULL: no rows */
    csvTag tags[OPTS_MAX_TAGS]; /* --tag KEY=VALUE, repeatable */
    size_t ntags;
} optsCommon;

void optsCommonInit(optsCommon *c, long default_runs);

/* If argv[*i] names `name`, as "--name VALUE" or "--name=VALUE", sets *value,
 * advances *i past what it used and returns 1; returns 0 when argv[*i] is
 * another option, -1 (message printed) when the value is missing. */
int optsMatch(int argc, char **argv, int *i, const char *name, const char **value);

/* Parses argv[*i] if it is a common option: 1 = consumed, 0 = not a common
 * option, -1 = bad value (message printed). */
int optsCommonParse(optsCommon *c, int argc, char **argv, int *i);

/* After parsing: opens --csv (when given), resolves --width auto's cap (the
 * CPUs available now), starts the engine at the cap and --wait, gives
 * OpenBLAS the same width and prints the banner. Returns 0, or
 * the exit status (message printed, nothing left open): OPTS_EXIT_USAGE for
 * a CSV that cannot be appended to (nothing has run yet), 1 for an engine
 * that cannot start. */
int optsCommonStart(optsCommon *c, csvWriter **csv, pool **engine);
/* Stops what optsCommonStart started. */
void optsCommonStop(csvWriter *csv, pool *engine);

/* The usage lines of the common options, for each binary's --help. */
extern const char optsCommonUsage[];

#endif
