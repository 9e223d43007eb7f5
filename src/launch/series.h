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
 * memory. A NUL byte ends what is matched of its line.
 *
 * A match is bounded in time whatever the pattern: a back-reference
 * (\1 to \9), whose match glibc makes exponential in the line, is refused
 * at seriesInit; what is left is polynomial but not small (a counted
 * repetition inside another, '(a{1,100}){1,100}b', takes seconds on one
 * line), so the lines are matched on a thread of the series' own, a batch
 * (SERIES_BATCH bytes, or the end) at a time, while the caller fills the
 * next one; it waits for the thread only when that one is full, and at the
 * end, in slices of SERIES_WAIT_MS. Past the series' budget
 * (SERIES_BUDGET_MS of matching in all), past a deadline or once a stop
 * flag is set (seriesLimit: coldload-run's cap and its INT/TERM/HUP) the
 * thread stops before its next line, and the caller stops waiting for it
 * (gave_up says why), leaving it in the line it may be stuck in: the times
 * found before are kept, the rest of the output is not matched. The times
 * and counts are read after seriesEnd. */
#ifndef COLDLOAD_SERIES_H
#define COLDLOAD_SERIES_H

#include <pthread.h>
#include <regex.h>
#include <signal.h>
#include <stddef.h>

#define SERIES_LINE_MAX 4096
#define SERIES_CALLS_MAX 100000
#define SERIES_BATCH 65536
#define SERIES_BUDGET_MS 5000.0
#define SERIES_BUDGET_TEXT "5 s"
#define SERIES_WAIT_MS 50

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
    /* two batches: buf[fill] filled by the caller (npend bytes), buf[work]
     * matched by the thread (nwork bytes) while busy; the thread is started
     * at the first batch (a process that forks before it forks with one
     * thread) */
    char buf[2][SERIES_BATCH];
    int fill, work;
    size_t npend, nwork;
    pthread_t th;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int started, busy, end, quit;
    /* the bounds: matching time spent (batches done) and allowed (ms), when
     * the batch under way started, the deadline (CLOCK_MONOTONIC ms; 0
     * none), the stop flag (NULL none) */
    double spent_ms, budget_ms, batch_t0, deadline_ms;
    const char *deadline_why;
    const volatile sig_atomic_t *stop;
    const char *gave_up; /* why matching stopped early ("the run's cap" ...); NULL: it did not */
} series;

/* Compiles re (REG_EXTENDED); it must have a capture group. 0, or -1 with
 * one line in err (regerror's words, or "no capture group"). */
int seriesInit(series *s, const char *re, char *err, size_t errlen);
/* Bounds the matching besides the budget: it gives up at deadline_ms
 * (CLOCK_MONOTONIC, in ms; 0: none), said as deadline_why, and as soon as
 * *stop is non-zero (NULL: never). Before the first seriesFeed. */
void seriesLimit(series *s, double deadline_ms, const char *deadline_why,
                 const volatile sig_atomic_t *stop);
/* The back-reference RE holds (the text of its first, "\\1" ...), NULL
 * when none: a backslash and a digit 1-9 outside a bracket expression. */
const char *seriesBackref(const char *re);
/* Takes n more bytes of the output. */
void seriesFeed(series *s, const char *p, size_t n);
/* The output ended: its last line, if it had no newline, is matched. */
void seriesEnd(series *s);
/* Frees the series; a thread left matching (gave_up) keeps the regex. */
void seriesFree(series *s);

/* The text of a time: a plain decimal number (digits, one point, an
 * exponent), finite, 0 or more; no sign, no hex, no inf/nan, no blanks.
 * 0, or -1 when it is not one. */
int seriesNumber(const char *p, size_t n, double *out);

#endif
