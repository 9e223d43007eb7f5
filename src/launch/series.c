/* series.c -- per-call times out of a program's output (see series.h). */
#include "launch/series.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double seriesNowMs(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

const char *seriesBackref(const char *re) {
    static const char refs[9][3] = {"\\1", "\\2", "\\3", "\\4", "\\5", "\\6", "\\7", "\\8", "\\9"};
    for (const char *p = re; *p; p++) {
        if (*p == '\\') {
            if (p[1] >= '1' && p[1] <= '9') return refs[p[1] - '1'];
            if (p[1]) p++;
        } else if (*p == '[') {
            /* a bracket expression: a backslash in it is itself; a ']' first
             * (after '^') is a member; [:class:], [=e=], [.e.] are skipped whole */
            const char *q = p + 1;
            if (*q == '^') q++;
            if (*q == ']') q++;
            while (*q && *q != ']') {
                if (*q == '[' && (q[1] == ':' || q[1] == '=' || q[1] == '.')) {
                    const char *e = strchr(q + 2, q[1]);
                    while (e && e[1] != ']') e = strchr(e + 1, q[1]);
                    if (!e) break;
                    q = e + 2;
                } else q++;
            }
            if (!*q) break; /* unterminated: regcomp says so */
            p = q;
        }
    }
    return NULL;
}

int seriesInit(series *s, const char *re, char *err, size_t errlen) {
    memset(s, 0, sizeof *s);
    s->budget_ms = SERIES_BUDGET_MS;
    const char *ref = seriesBackref(re);
    if (ref) {
        snprintf(err, errlen,
                 "'%.200s' has a back-reference (%s): refused, its match can take time "
                 "exponential in the line; a time needs none",
                 re, ref);
        return -1;
    }
    int rc = regcomp(&s->re, re, REG_EXTENDED);
    if (rc != 0) {
        char why[200];
        regerror(rc, &s->re, why, sizeof why);
        snprintf(err, errlen, "'%.200s' is not an extended regular expression: %s", re, why);
        return -1;
    }
    s->compiled = 1;
    if (s->re.re_nsub < 1) {
        snprintf(
            err, errlen,
            "'%.200s' has no capture group: put ( ) around the time, e.g. 'time: ([0-9.]+) ms'",
            re);
        seriesFree(s);
        return -1;
    }
    return 0;
}

int seriesNumber(const char *p, size_t n, double *out) {
    char buf[64];
    size_t i = 0, digits = 0;
    if (n == 0 || n >= sizeof buf) return -1;
    while (i < n && isdigit((unsigned char)p[i])) i++, digits++;
    if (i < n && p[i] == '.')
        for (i++; i < n && isdigit((unsigned char)p[i]); i++) digits++;
    if (digits == 0) return -1;
    if (i < n && (p[i] == 'e' || p[i] == 'E')) {
        size_t e = ++i;
        if (i < n && (p[i] == '+' || p[i] == '-')) e = ++i;
        while (i < n && isdigit((unsigned char)p[i])) i++;
        if (i == e) return -1;
    }
    if (i != n) return -1;
    memcpy(buf, p, n);
    buf[n] = '\0';
    double v = strtod(buf, NULL);
    if (!isfinite(v)) return -1;
    *out = v;
    return 0;
}

void seriesLimit(series *s, double deadline_ms, const char *deadline_why,
                 const volatile sig_atomic_t *stop) {
    s->deadline_ms = deadline_ms;
    s->deadline_why = deadline_why;
    s->stop = stop;
}

/* Matching time spent: the batches done and the one under way (s->mu held). */
static double seriesSpent(const series *s) {
    return s->spent_ms + (s->busy ? seriesNowMs() - s->batch_t0 : 0);
}

/* Why matching is to stop now (s->mu held); NULL: it may go on. */
static const char *seriesOver(const series *s) {
    if (s->stop && *s->stop) return "a signal";
    if (s->deadline_ms > 0 && seriesNowMs() >= s->deadline_ms)
        return s->deadline_why ? s->deadline_why : "its deadline";
    if (seriesSpent(s) >= s->budget_ms) return "its budget (" SERIES_BUDGET_TEXT " of matching)";
    return NULL;
}

/* Stops matching for why (s->mu held): nothing of the series changes after. */
static void seriesGiveUp(series *s, const char *why) {
    s->spent_ms = seriesSpent(s);
    s->gave_up = why;
    pthread_cond_broadcast(&s->cv);
}

/* One line, on the matching thread, s->mu held but around regexec. -1:
 * matching stopped (by the thread before the line, or by the caller while
 * it was matched): nothing of s is to be touched again. */
static int seriesLine(series *s) {
    const char *why = s->gave_up ? NULL : seriesOver(s);
    if (why) seriesGiveUp(s, why);
    if (s->gave_up) return -1;
    s->lines++;
    if (s->overlong) {
        s->skipped++;
        return 0;
    }
    size_t n = s->len;
    if (n && s->line[n - 1] == '\r') n--;
    s->line[n] = '\0';
    regmatch_t m[2];
    pthread_mutex_unlock(&s->mu);
    int rc = regexec(&s->re, s->line, 2, m, 0);
    pthread_mutex_lock(&s->mu);
    if (s->gave_up) return -1;
    if (rc != 0) return 0;
    double v;
    if (m[1].rm_so < 0 ||
        seriesNumber(s->line + m[1].rm_so, (size_t)(m[1].rm_eo - m[1].rm_so), &v) != 0) {
        s->not_number++;
        return 0;
    }
    if (s->n == SERIES_CALLS_MAX) {
        s->dropped++;
        return 0;
    }
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 64;
        double *x = realloc(s->x, cap * sizeof *x);
        if (!x) {
            s->dropped++; /* no room: counted as not kept */
            return 0;
        }
        s->x = x, s->cap = cap;
    }
    s->x[s->n++] = v;
    return 0;
}

/* The batch buf[work] (and, at the end, the last line), on the thread. */
static int seriesBatch(series *s) {
    const char *p = s->buf[s->work];
    for (size_t i = 0; i < s->nwork; i++) {
        if (p[i] == '\n') {
            if (seriesLine(s) != 0) return -1;
            s->len = 0, s->overlong = 0;
        } else if (s->len < SERIES_LINE_MAX) s->line[s->len++] = p[i];
        else s->overlong = 1;
    }
    if (s->end && (s->len || s->overlong)) {
        if (seriesLine(s) != 0) return -1;
        s->len = 0, s->overlong = 0;
    }
    return 0;
}

static void *seriesThread(void *arg) {
    series *s = arg;
    pthread_mutex_lock(&s->mu);
    for (;;) {
        while (!s->busy && !s->quit) pthread_cond_wait(&s->cv, &s->mu);
        if (s->quit || seriesBatch(s) != 0) break;
        s->spent_ms += seriesNowMs() - s->batch_t0;
        s->busy = 0;
        pthread_cond_broadcast(&s->cv);
    }
    pthread_mutex_unlock(&s->mu);
    return NULL;
}

/* Waits (s->mu held) until the thread is done with its batch or matching
 * has stopped, looking at the bounds every SERIES_WAIT_MS. */
static void seriesWait(series *s) {
    while (s->busy && !s->gave_up) {
        const char *why = seriesOver(s);
        if (why) {
            seriesGiveUp(s, why);
            break;
        }
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        ts.tv_nsec += SERIES_WAIT_MS * 1000000L;
        if (ts.tv_nsec >= 1000000000L) ts.tv_sec++, ts.tv_nsec -= 1000000000L;
        pthread_cond_timedwait(&s->cv, &s->mu, &ts);
    }
}

/* Hands the batch filled to the thread once it is done with the last one;
 * at the end, waits for it too. */
static void seriesSubmit(series *s, int end) {
    if (!s->started && !s->gave_up) {
        pthread_condattr_t ca;
        pthread_condattr_init(&ca);
        pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
        pthread_mutex_init(&s->mu, NULL);
        pthread_cond_init(&s->cv, &ca);
        pthread_condattr_destroy(&ca);
        if (pthread_create(&s->th, NULL, seriesThread, s) != 0) {
            pthread_cond_destroy(&s->cv);
            pthread_mutex_destroy(&s->mu);
            s->gave_up = "no thread to match on";
        } else s->started = 1;
    }
    if (s->started) {
        pthread_mutex_lock(&s->mu);
        seriesWait(s);
        if (!s->gave_up) {
            s->work = s->fill, s->nwork = s->npend, s->fill ^= 1;
            s->end = end;
            s->batch_t0 = seriesNowMs();
            s->busy = 1;
            pthread_cond_broadcast(&s->cv);
            if (end) seriesWait(s);
        }
        pthread_mutex_unlock(&s->mu);
    }
    s->npend = 0;
}

void seriesFeed(series *s, const char *p, size_t n) {
    if (!s->compiled) return;
    while (n) {
        char *b = s->buf[s->fill];
        size_t k = SERIES_BATCH - s->npend < n ? SERIES_BATCH - s->npend : n;
        memcpy(b + s->npend, p, k);
        s->npend += k, p += k, n -= k;
        if (s->npend == SERIES_BATCH) seriesSubmit(s, 0);
    }
}

void seriesEnd(series *s) {
    /* nothing fed yet: no thread to start */
    if (s->compiled && (s->started || s->npend)) seriesSubmit(s, 1);
}

void seriesFree(series *s) {
    int keep = 0; /* the thread is still in regexec: the regex stays its */
    if (s->started) {
        pthread_mutex_lock(&s->mu);
        keep = s->gave_up && s->busy;
        s->quit = 1;
        pthread_cond_broadcast(&s->cv);
        pthread_mutex_unlock(&s->mu);
        if (keep) pthread_detach(s->th);
        else {
            pthread_join(s->th, NULL);
            pthread_cond_destroy(&s->cv);
            pthread_mutex_destroy(&s->mu);
        }
        s->started = 0;
    }
    if (s->compiled && !keep) regfree(&s->re);
    s->compiled = 0;
    free(s->x);
    s->x = NULL;
    s->n = s->cap = 0;
}
