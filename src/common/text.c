/* text.c -- a text field as one line (see text.h). */
#include "common/text.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/checksum.h"

/* The length of the valid UTF-8 character at p that is not a control
 * character (1 to 4), or 0: p[0] is then to be escaped, byte by byte. */
static size_t textCharLen(const unsigned char *p) {
    unsigned c = p[0];
    if (c < 0x20 || c == 0x7f) return 0;
    if (c < 0x80) return 1;
    unsigned lo = 0x80, hi = 0xbf;
    size_t n;
    if (c >= 0xc2 && c <= 0xdf) n = 2;
    else if (c >= 0xe0 && c <= 0xef)
        n = 3, lo = c == 0xe0 ? 0xa0 : 0x80, hi = c == 0xed ? 0x9f : 0xbf;
    else if (c >= 0xf0 && c <= 0xf4)
        n = 4, lo = c == 0xf0 ? 0x90 : 0x80, hi = c == 0xf4 ? 0x8f : 0xbf;
    else return 0;
    if (p[1] < lo || p[1] > hi) return 0;
    for (size_t i = 2; i < n; i++)
        if (p[i] < 0x80 || p[i] > 0xbf) return 0;
    if (c == 0xc2 && p[1] <= 0x9f) return 0; /* a C1 control, U+0080..U+009F */
    return n;
}

/* One unit of output at p: *len bytes of the input, written as out (its
 * length returned): the character itself, or one byte's escape. */
static size_t textUnit(const unsigned char *p, size_t *len, char out[5]) {
    size_t n = textCharLen(p);
    if (n) {
        memcpy(out, p, n);
        *len = n;
        return n;
    }
    *len = 1;
    switch (p[0]) {
    case '\n': memcpy(out, "\\n", 2); return 2;
    case '\r': memcpy(out, "\\r", 2); return 2;
    case '\t': memcpy(out, "\\t", 2); return 2;
    default: {
        static const char hex[] = "0123456789abcdef";
        out[0] = '\\', out[1] = 'x', out[2] = hex[p[0] >> 4], out[3] = hex[p[0] & 15];
        return 4;
    }
    }
}

int textIsOneLine(const char *s) {
    if (!s) return 1;
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        size_t n = textCharLen(p);
        if (!n) return 0;
        p += n;
    }
    return 1;
}

char *textOneLine(const char *s, size_t max) {
    if (!s) s = "";
    if (max && max < TEXT_MIN_MAX) max = TEXT_MIN_MAX;
    const unsigned char *p = (const unsigned char *)s;
    size_t len = strlen(s), need = 0, used;
    char u[5];
    for (size_t i = 0; i < len; i += used) need += textUnit(p + i, &used, u);
    char mark[80] = "";
    size_t room = need;
    if (max && need > max) {
        uint64_t h = checksumBytes(CHECKSUM_FNV_OFFSET, s, len);
        snprintf(mark, sizeof mark, "\xe2\x80\xa6(%zu bytes, FNV-1a %016" PRIx64 ")", len, h);
        room = max - strlen(mark);
    }
    char *out = malloc((room < need ? room : need) + strlen(mark) + 1);
    if (!out) return NULL;
    size_t o = 0;
    for (size_t i = 0; i < len; i += used) {
        size_t k = textUnit(p + i, &used, u);
        if (o + k > room) break;
        memcpy(out + o, u, k);
        o += k;
    }
    strcpy(out + o, mark);
    return out;
}

void textWrite(FILE *f, const char *s, int keep_newlines) {
    if (!s) return;
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        /* a run that needs no escape goes out in one write */
        const unsigned char *q = p;
        size_t n;
        while (*q && (n = textCharLen(q))) q += n;
        if (q > p) fwrite(p, 1, (size_t)(q - p), f);
        if (!*q) return;
        char u[5];
        size_t used, k = textUnit(q, &used, u);
        if (keep_newlines && *q == '\n') fputc('\n', f);
        else fwrite(u, 1, k, f);
        p = q + used;
    }
}

/* Single quotes: gnuplot runs a backtick command inside a double-quoted
 * string (and reads \ escapes there), while in a single-quoted one only ''
 * is special. The strings come from results directories, which are shared:
 * a host name `touch x` must stay text. */
void textGnuplotString(FILE *f, const char *s) {
    fputc('\'', f);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '\'') fputs("''", f);
        else fputc(ch < 0x20 || ch == 0x7f ? ' ' : ch, f);
    }
    fputc('\'', f);
}
