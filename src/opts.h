/* opts.h -- option values shared by every coldload binary.
 *
 * Each parser checks one value against its accepted range and, when it is
 * bad, prints one line on stderr naming the option and the range and returns
 * -1; the mains then exit with OPTS_EXIT_USAGE before doing any work. */
#ifndef COLDLOAD_OPTS_H
#define COLDLOAD_OPTS_H

#include "csv.h"

#define OPTS_EXIT_USAGE 2

/* Program name used in messages (set once from argv[0] by each main). */
extern const char *optsProg;

int optsLong(const char *opt, const char *s, long lo, long hi, long *out);
int optsDouble(const char *opt, const char *s, double lo, double hi, double *out);
/* KEY=VALUE, KEY of [A-Za-z_][A-Za-z0-9_]*, not a fixed column name. The
 * strings point into s. */
int optsTag(const char *s, csvTag *out);
/* Prints "prog: msg" on stderr and returns -1 (for one-line usage errors). */
int optsError(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
