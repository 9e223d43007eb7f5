/* series.h -- a program's per-call times picked out of its output: the
 * series of --series-regex (coldload-run, coldload-series).
 *
 * A program that prints one time per call ("time: 12.5 ms") has an
 * in-process series as coldload's own binaries do; a POSIX extended
 * regular expression with a capture group picks the time out of each line:
 * the first group's text, a plain decimal number (12, 12.5, 1.25e1) of
 * milliseconds. Lines that do not match, and matches whose group is not
 * such a number, are counted and skipped.
 *
 * The output is hostile data: it is never evaluated, only matched, line by
 * line, each line held at most SERIES_LINE_MAX bytes (a longer one is
 * skipped whole, counted), and at most SERIES_CALLS_MAX times are kept (the
 * rest counted, not kept): a program printing without end costs bounded
 * memory. A NUL byte ends what is matched of its line. */
#ifndef COLDLOAD_SERIES_H
#define COLDLOAD_SERIES_H

#include <regex.h>
#include <stddef.h>

#include "bench/csvwrite.h"

#define SERIES_LINE_MAX 4096
#define SERIES_CALLS_MAX 100000

typedef struct series {
    regex_t re;
    int compiled;
    char line[SERIES_LINE_MAX + 1];
    size_t len;      /* bytes of the current line held */
    int overlong;    /* the current line passed SERIES_LINE_MAX: skipped to its end */
    double *x;       /* the times, in call order (ms) */
    size_t n, cap;   /* kept, room */
    long lines;      /* lines seen */
    long skipped;    /* lines too long to match */
    long not_number; /* matches whose group is not a time */
    long dropped;    /* matches past SERIES_CALLS_MAX */
} series;

/* Compiles re (REG_EXTENDED); it must have a capture group. 0, or -1 with
 * one line in err (regerror's words, or "no capture group"). */
int seriesInit(series *s, const char *re, char *err, size_t errlen);
/* Takes n more bytes of the output. */
void seriesFeed(series *s, const char *p, size_t n);
/* The output ended: its last line, if it had no newline, is matched. */
void seriesEnd(series *s);
void seriesFree(series *s);

/* The text of a time: a plain decimal number (digits, one point, an
 * exponent), finite, 0 or more; no sign, no hex, no inf/nan, no blanks.
 * 0, or -1 when it is not one. */
int seriesNumber(const char *p, size_t n, double *out);

/* Appends the series to samples.csv at path (tags as every row there),
 * each row a copy of tmpl but for phase, iter and ms: page = 1 as
 * coldload's binaries write their calls (call 1 phase first iter 0, call
 * k phase steady iter k - 1), page = 0 as phase call, iter k (a process
 * whose steady row is something else: coldload-run's whole-run time).
 * 0, or -1 with err. */
int seriesWrite(const series *s, const char *path, const csvTag *tags, size_t ntags,
                const csvRow *tmpl, int page, char *err, size_t errlen);

#endif
