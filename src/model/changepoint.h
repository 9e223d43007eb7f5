/* changepoint.h -- where a series of call times changes regime: PELT
 * (Killick, Fearnhead and Eckley, "Optimal detection of changepoints with a
 * linear computational cost", JASA 2012) on the normal likelihood of mean
 * and variance, the method and cost of R's changepoint::cpt.meanvar that
 * Barrett et al. ("Virtual Machine Warmup Blows Hot and Cold", OOPSLA 2017)
 * segment each process's in-process series with. Debian packages no C
 * changepoint library, so this is a small implementation of its own.
 *
 * A segment [s, e) of n values costs n log(var), var its maximum-likelihood
 * variance (the sum of squares about its mean over n); a segmentation costs
 * the sum of its segments' costs plus `penalty` per changepoint, and PELT
 * finds the segmentation of least cost exactly, pruning the starts that can
 * no longer begin the last segment (cost additivity with K = 0, as R's).
 * A segment holds at least CHANGEPOINT_MIN_SEG values (R's minseglen for
 * meanvar: one value has no variance). The constant n (log 2 pi + 1) of the
 * likelihood is the same for every segmentation and is left out.
 *
 * A segment of equal values would have variance 0 and cost -infinity (R
 * floors it at 1e-11, in the data's unit). The floor here is relative: the
 * variance is at least (CHANGEPOINT_FLOOR x the series' median)^2 and at
 * least CHANGEPOINT_FLOOR_ABS^2 -- a spread below 0.1% of the call is below
 * what a clock read around a call resolves, and no regime of its own.
 *
 * It is a figure of the data (model/): which calls belong together. What a
 * segmentation means -- warm-up, slowdown, no steady state -- is judged in
 * verdict/warmup. */
#ifndef COLDLOAD_CHANGEPOINT_H
#define COLDLOAD_CHANGEPOINT_H

#include <stddef.h>

#define CHANGEPOINT_MIN_SEG 2
#define CHANGEPOINT_FLOOR 1e-3
#define CHANGEPOINT_FLOOR_ABS 1e-6 /* ms: samples.csv's resolution */

/* One segment: calls [start, end) of the series, their mean and standard
 * deviation (maximum likelihood: over n). */
typedef struct changepointSeg {
    size_t start, end;
    double mean, sd;
} changepointSeg;

/* Segments x[0..n) by PELT with `penalty` per changepoint. *seg is
 * malloc'd (free it), *nseg >= 1 for n >= 1 (one segment when no change
 * pays its penalty, and always below 2 x CHANGEPOINT_MIN_SEG values);
 * nothing for n == 0. 0, or -1 when out of memory (*seg NULL). */
int changepointPelt(const double *x, size_t n, double penalty, changepointSeg **seg, size_t *nseg);

#endif
