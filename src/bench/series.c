/* series.c -- per-call times out of a program's output (see series.h). */
#include "bench/series.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int seriesInit(series *s, const char *re, char *err, size_t errlen) {
    memset(s, 0, sizeof *s);
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

static void seriesLine(series *s) {
    s->lines++;
    if (s->overlong) {
        s->skipped++;
        return;
    }
    size_t n = s->len;
    if (n && s->line[n - 1] == '\r') n--;
    s->line[n] = '\0';
    regmatch_t m[2];
    if (regexec(&s->re, s->line, 2, m, 0) != 0) return;
    double v;
    if (m[1].rm_so < 0 ||
        seriesNumber(s->line + m[1].rm_so, (size_t)(m[1].rm_eo - m[1].rm_so), &v) != 0) {
        s->not_number++;
        return;
    }
    if (s->n == SERIES_CALLS_MAX) {
        s->dropped++;
        return;
    }
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 64;
        double *x = realloc(s->x, cap * sizeof *x);
        if (!x) {
            s->dropped++; /* no room: counted as not kept */
            return;
        }
        s->x = x, s->cap = cap;
    }
    s->x[s->n++] = v;
}

void seriesFeed(series *s, const char *p, size_t n) {
    if (!s->compiled) return;
    for (size_t i = 0; i < n; i++) {
        if (p[i] == '\n') {
            seriesLine(s);
            s->len = 0, s->overlong = 0;
        } else if (s->len < SERIES_LINE_MAX) s->line[s->len++] = p[i];
        else s->overlong = 1;
    }
}

void seriesEnd(series *s) {
    if (s->compiled && (s->len || s->overlong)) seriesLine(s);
    s->len = 0, s->overlong = 0;
}

void seriesFree(series *s) {
    if (s->compiled) regfree(&s->re);
    s->compiled = 0;
    free(s->x);
    s->x = NULL;
    s->n = s->cap = 0;
}

int seriesWrite(const series *s, const char *path, const csvTag *tags, size_t ntags,
                const csvRow *tmpl, int page, char *err, size_t errlen) {
    if (s->n == 0) return 0;
    csvWriter *w = csvWriterOpen(path, tags, ntags, err, errlen);
    if (!w) return -1;
    int rc = 0;
    for (size_t i = 0; i < s->n && rc == 0; i++) {
        csvRow row = *tmpl;
        row.phase = page ? (i ? "steady" : "first") : "call";
        row.iter = page ? (int)i : (int)i + 1;
        row.ms = s->x[i];
        row.censored = 0;
        if ((rc = csvWriterRow(w, &row)) != 0) snprintf(err, errlen, "%s", csvWriterError(w));
    }
    csvWriterClose(w);
    return rc;
}
