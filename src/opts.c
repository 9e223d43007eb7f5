/* opts.c -- range-checked option values with one-line errors. */
#include "opts.h"

#include "banner.h"
#include "linalg.h"

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
    char *end;
    errno = 0;
    long v = s ? strtol(s, &end, 10) : 0;
    if (!s || !*s || *end || errno || v < lo || v > hi || isspace((unsigned char)*s))
        return optsError("%s: expected an integer in %ld..%ld, got '%s'", opt, lo, hi,
                         s ? s : "");
    *out = v;
    return 0;
}

int optsDouble(const char *opt, const char *s, double lo, double hi, double *out) {
    char *end;
    errno = 0;
    double v = s ? strtod(s, &end) : 0.0;
    if (!s || !*s || *end || errno || !(v >= lo && v <= hi) || isspace((unsigned char)*s))
        return optsError("%s: expected a number in %g..%g, got '%s'", opt, lo, hi, s ? s : "");
    *out = v;
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

/* s with control characters as \n, \t or \xHH, cut to fit out: a value in an
 * error message must keep it on one line. */
static const char *optsPrintable(const char *s, char *out, size_t outlen) {
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

int optsTagAdd(csvTag *tags, size_t *ntags, size_t max, const char *s) {
    const char *eq = strchr(s, '=');
    size_t klen = eq ? (size_t)(eq - s) : 0;
    int ok = klen > 0 && klen < CSV_TAG_KEY_MAX && (isalpha((unsigned char)s[0]) || s[0] == '_');
    for (size_t i = 1; ok && i < klen; i++)
        ok = isalnum((unsigned char)s[i]) || s[i] == '_';
    char shown[256];
    if (!ok)
        return optsError("--tag: expected KEY=VALUE, KEY of letters, digits and _ "
                         "(1..%d chars, not starting with a digit), got '%s'",
                         CSV_TAG_KEY_MAX - 1, optsPrintable(s, shown, sizeof shown));
    /* A tag may not shadow a column: the CSV would have two of that name. */
    if (optsKeyIn(CSV_FIXED_COLUMNS, s, klen))
        return optsError("--tag: key '%.*s' is a fixed CSV column", (int)klen, s);
    for (size_t i = 0; i < *ntags; i++)
        if (strlen(tags[i].key) == klen && strncmp(tags[i].key, s, klen) == 0)
            return optsError("--tag: key '%.*s' given twice", (int)klen, s);
    if (*ntags >= max) return optsError("--tag: at most %zu tags", max);
    memcpy(tags[*ntags].key, s, klen);
    tags[*ntags].key[klen] = '\0';
    tags[*ntags].value = eq + 1;
    (*ntags)++;
    return 0;
}

/* --- common options ------------------------------------------------------------ */

const char optsCommonUsage[] =
    "  --width N          engine and OpenBLAS threads, 1..256 (default 1); auto: before\n"
    "                     each call, the CPUs available minus those busy; auto:N: at most N\n"
    "  --wait POLICY      idle wait: spin, yield or block (default block)\n"
    "  --runs N           steady runs after the first, 1..1000000\n"
    "  --budget SECONDS   stop taking steady runs once this much time is spent\n"
    "                     (0 = no budget, the default; at least one steady run)\n"
    "  --csv FILE         append one row per sample to FILE (header when new)\n"
    "  --tag KEY=VALUE    add a column KEY with VALUE to every row (repeatable)\n"
    "  --help             this text\n";

void optsCommonInit(optsCommon *c, long default_runs) {
    memset(c, 0, sizeof(*c));
    autowParse("1", POOL_MAX_WIDTH, &c->width);
    c->wait = POOL_WAIT_DEFAULT;
    c->runs = default_runs;
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

int optsCommonParse(optsCommon *c, int argc, char **argv, int *i) {
    const char *v;
    int m;
    if ((m = optsMatch(argc, argv, i, "--width", &v)) != 0)
        return m < 0 ? -1 : autowParse(v, POOL_MAX_WIDTH, &c->width) ? -1 : 1;
    if ((m = optsMatch(argc, argv, i, "--wait", &v)) != 0) {
        if (m < 0) return -1;
        if (poolWaitParse(v, &c->wait) != 0)
            return optsError("--wait: expected spin, yield or block, got '%s'", v);
        return 1;
    }
    if ((m = optsMatch(argc, argv, i, "--runs", &v)) != 0)
        return m < 0 ? -1 : optsLong("--runs", v, 1, 1000000, &c->runs) ? -1 : 1;
    if ((m = optsMatch(argc, argv, i, "--budget", &v)) != 0)
        return m < 0 ? -1 : optsDouble("--budget", v, 0, 1e6, &c->budget_s) ? -1 : 1;
    if ((m = optsMatch(argc, argv, i, "--csv", &v)) != 0) {
        if (m < 0) return -1;
        if (!*v) return optsError("--csv: expected a file name, got ''");
        c->csv = v;
        return 1;
    }
    if ((m = optsMatch(argc, argv, i, "--tag", &v)) != 0)
        return m < 0 ? -1 : optsTagAdd(c->tags, &c->ntags, OPTS_MAX_TAGS, v) ? -1 : 1;
    return 0;
}

int optsCommonStart(optsCommon *c, csvWriter **csv, pool **engine) {
    char err[512];
    *csv = NULL;
    *engine = NULL;
    if (c->csv && !(*csv = csvWriterOpen(c->csv, c->tags, c->ntags, err, sizeof err))) {
        optsError("%s", err);
        return OPTS_EXIT_USAGE;
    }
    autowResolve(&c->width);
    if (!(*engine = poolCreate(c->width.cap, c->wait))) {
        optsError("cannot start an engine of width %d", c->width.cap);
        csvWriterClose(*csv);
        *csv = NULL;
        return 1;
    }
    linalgSetThreads(c->width.cap);
    bannerPrint(stdout, optsProg, &c->width, c->wait);
    return 0;
}

void optsCommonStop(csvWriter *csv, pool *engine) {
    poolDelete(engine);
    csvWriterClose(csv);
}
