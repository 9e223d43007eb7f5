/* opts.h -- range-checked option values with one-line errors, for every
 * coldload binary (the workloads and the tools alike).
 *
 * Each parser checks one value against its accepted range and, when it is
 * bad, prints one line on stderr naming the option and the range and returns
 * -1; the mains then exit with OPTS_EXIT_USAGE before doing any work. */
#ifndef COLDLOAD_OPTS_H
#define COLDLOAD_OPTS_H

#include <stddef.h>

#define OPTS_EXIT_USAGE 2

/* Program name used in messages (set once from argv[0] by each main). */
extern const char *optsProg;

int optsLong(const char *opt, const char *s, long lo, long hi, long *out);
int optsDouble(const char *opt, const char *s, double lo, double hi, double *out);
/* 1 when the comma-separated list holds key[0..klen) as one of its items. */
int optsKeyIn(const char *list, const char *key, size_t klen);
/* Prints "prog: msg" on stderr and returns -1 (for one-line usage errors). */
int optsError(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* s with control characters as \n, \t or \xHH, cut to fit out: a value in an
 * error message must keep it on one line. Returns out. */
const char *optsPrintable(const char *s, char *out, size_t outlen);

/* If argv[*i] names `name`, as "--name VALUE" or "--name=VALUE", sets *value,
 * advances *i past what it used and returns 1; returns 0 when argv[*i] is
 * another option, -1 (message printed) when the value is missing. */
int optsMatch(int argc, char **argv, int *i, const char *name, const char **value);

#endif
