/* optscommon.h -- the options every workload binary shares (--width, --wait,
 * --runs, --budget, --csv, --tag, --startup, --prefault, --no-tune): their values, parser and usage text.
 * Starting what they describe is startup.h's job, not the parser's. */
#ifndef COLDLOAD_OPTSCOMMON_H
#define COLDLOAD_OPTSCOMMON_H

#include "bench/csvwrite.h"
#include "common/opts.h"
#include "engine/autowidth.h"
#include "engine/pool.h"

#define OPTS_MAX_TAGS 32

typedef struct optsCommon {
    autowReq width;             /* --width N|auto|auto:N  N in 1..POOL_MAX_WIDTH, default 1;
                          the engine is created at width.cap */
    poolWait wait;              /* --wait POLICY  default POOL_WAIT_DEFAULT */
    long runs;                  /* --runs N       steady calls, 1..1000000 */
    double budget_s;            /* --budget S     0 (none) .. 1e6 */
    double precision;           /* --precision P  0 (off) .. 1: stop when the median is known */
    const char *csv;            /* --csv FILE     NULL: no rows */
    csvTag tags[OPTS_MAX_TAGS]; /* --tag KEY=VALUE, repeatable */
    size_t ntags;
    int startup;    /* --startup   exec -> main, main -> first result (timeline.h) */
    int prefault;   /* --prefault  touch the work buffers before the first call */
    int no_tune;    /* --no-tune   auto without the measured choice (autotune.h) */
    int csv_header; /* --csv-header  print the CSV header of these tags, and exit */
} optsCommon;

void optsCommonInit(optsCommon *c, long default_runs);

/* Parses argv[*i] if it is a common option: 1 = consumed, 0 = not a common
 * option, -1 = bad value (message printed). */
int optsCommonParse(optsCommon *c, int argc, char **argv, int *i);

/* Parses --tag KEY=VALUE into tags[*ntags] and increments *ntags. KEY is
 * [A-Za-z_][A-Za-z0-9_]*, shorter than CSV_TAG_KEY_MAX, neither a fixed
 * column nor a key already given; at most max tags. value points into s. */
int optsTagAdd(csvTag *tags, size_t *ntags, size_t max, const char *s);

/* The usage lines of the common options, for each binary's --help. */
extern const char optsCommonUsage[];

#endif
