/* num.h -- the one number parser of coldload: a whole string as a decimal
 * number in a range, or a refusal. Option values (opts.c), CSV fields
 * (summary.c, coldread.c) and meta.txt values all go through it, so "what
 * counts as a number" is decided once: no blanks before it, nothing after
 * it, no overflow, within [lo, hi] (NaN and infinities never are). */
#ifndef COLDLOAD_NUM_H
#define COLDLOAD_NUM_H

/* Return 0 with *out set, or -1 (out untouched) when s is not such a number. */
int numDouble(const char *s, double lo, double hi, double *out);
int numLong(const char *s, long lo, long hi, long *out);

#endif
