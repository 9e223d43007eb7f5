/* opts.c -- range-checked option values with one-line errors. */
#include "common/opts.h"

#include "common/num.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *optsProg = "coldload";

int optsError(const char *fmt, ...) {
    va_list ap;
    fprintf(stderr, "%s: ", optsProg);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return -1;
}

int optsLong(const char *opt, const char *s, long lo, long hi, long *out) {
    if (numLong(s, lo, hi, out) != 0)
        return optsError("%s: expected an integer in %ld..%ld, got '%s'", opt, lo, hi, s ? s : "");
    return 0;
}

int optsDouble(const char *opt, const char *s, double lo, double hi, double *out) {
    if (numDouble(s, lo, hi, out) != 0)
        return optsError("%s: expected a number in %g..%g, got '%s'", opt, lo, hi, s ? s : "");
    return 0;
}

int optsKeyIn(const char *list, const char *key, size_t klen) {
    for (const char *p = list; *p;) {
        size_t n = strcspn(p, ",");
        if (n == klen && strncmp(p, key, klen) == 0) return 1;
        p += n + (p[n] == ',');
    }
    return 0;
}

const char *optsPrintable(const char *s, char *out, size_t outlen) {
    size_t k = 0;
    for (; *s && k + 5 < outlen; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '\n') k += (size_t)snprintf(out + k, outlen - k, "\\n");
        else if (c == '\t') k += (size_t)snprintf(out + k, outlen - k, "\\t");
        else if (c < 0x20 || c == 0x7f) k += (size_t)snprintf(out + k, outlen - k, "\\x%02x", c);
        else out[k++] = (char)c;
    }
    out[k] = '\0';
    return out;
}

int optsMatch(int argc, char **argv, int *i, const char *name, const char **value) {
    const char *a = argv[*i];
    size_t n = strlen(name);
    if (strncmp(a, name, n) != 0) return 0;
    if (a[n] == '=') {
        *value = a + n + 1;
        (*i)++;
        return 1;
    }
    if (a[n] != '\0') return 0;
    if (*i + 1 >= argc) return optsError("%s: missing value", name);
    *value = argv[*i + 1];
    *i += 2;
    return 1;
}
