/* banner.c -- see banner.h. */
#include "bench/banner.h"

#include "engine/linalg.h"
#include "bench/measure.h"
#include "bench/placement.h"

void bannerPrint(FILE *f, const char *prog, const autowReq *width, poolWait wait) {
    char cap[32] = "";
    if (width->automatic) snprintf(cap, sizeof cap, " (cap %d)", width->cap);
    fprintf(f, "# %s: width %s%s, wait %s; OpenBLAS %s threads %d, core %s, %s\n", prog,
            width->text, cap, poolWaitName(wait), linalgParallel(), linalgThreads(),
            linalgCorename(), linalgConfig());
    measureLoad load;
    measureLoadNow(&load);
    fprintf(f, "# clock CLOCK_MONOTONIC, %.0f ns per reading; load1 %.2f, procs_running %d\n",
            measureClockOverheadNs(1001), load.load1, load.procs_running);
    if (!placeEnabled())
        fprintf(f, "# placement off (COLDLOAD_NO_PLACEMENT=1): cpu, cpus, migrations empty\n");
    else
        fprintf(
            f,
            "# placement per call: cpu (sched_getcpu), cpus (/proc/self/task/*), migrations %s\n",
            placeHasMigrations() ? "(se.nr_migrations)"
                                 : "unknown: this kernel has no /proc/self/sched (left empty)");
}
