/* scanverdict.h -- the scan's findings: the recommendation (the best fixed
 * width of each (workload, load level) of the load scan, as data:
 * model/scanrec.h) and verdict.txt, which coldload-scan writes into scan/. */
#ifndef COLDLOAD_SCANVERDICT_H
#define COLDLOAD_SCANVERDICT_H

#include <stddef.h>
#include <stdio.h>

#include "model/scan.h"
#include "model/scanrec.h"

/* 0, or -1 out of memory; free *rec. */
int scanverdictRecommend(const scanData *d, scanRec **rec, size_t *n);

/* verdict.txt: best width per load level, auto against it, the policy that
 * degrades least, what spin costs past the free CPUs, what was cut. 0, or
 * -1 when f fails. */
int scanverdictWrite(const scanData *d, FILE *f);

#endif
