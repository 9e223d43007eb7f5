/* banner.h -- the "# ..." lines every workload binary prints before its
 * results: engine settings, how OpenBLAS was built, the clock and its cost,
 * and the load at start. They start with '#' so the page-format result
 * lines stay easy to pick out. */
#ifndef COLDLOAD_BANNER_H
#define COLDLOAD_BANNER_H

#include <stdio.h>

#include "engine/autowidth.h"
#include "engine/pool.h"

/* "width 2", or for --width auto "width auto (cap 2)". */
void bannerPrint(FILE *f, const char *prog, const autowReq *width, poolWait wait);

#endif
