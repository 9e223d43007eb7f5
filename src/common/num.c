/* num.c -- whole-string numbers in a range (see num.h). */
#include "common/num.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>

int numDouble(const char *s, double lo, double hi, double *out) {
    char *end;
    if (!s || !*s || isspace((unsigned char)*s)) return -1;
    errno = 0;
    double v = strtod(s, &end);
    if (*end || errno || !(v >= lo && v <= hi)) return -1;
    *out = v;
    return 0;
}

int numLong(const char *s, long lo, long hi, long *out) {
    char *end;
    if (!s || !*s || isspace((unsigned char)*s)) return -1;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (*end || errno || v < lo || v > hi) return -1;
    *out = v;
    return 0;
}
