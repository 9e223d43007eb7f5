/* banner.c -- see banner.h. */
#include "banner.h"

#include "linalg.h"
#include "measure.h"

void bannerPrint(FILE *f, const char *prog, int width, poolWait wait) {
    fprintf(f, "# %s: width %d, wait %s; OpenBLAS %s threads %d, core %s, %s\n", prog, width,
            poolWaitName(wait), linalgParallel(), linalgThreads(), linalgCorename(),
            linalgConfig());
    fprintf(f, "# clock CLOCK_MONOTONIC, %.0f ns per reading; load1 %.2f, procs_running %d\n",
            measureClockOverheadNs(1001), measureLoad1(), measureProcsRunning());
}
