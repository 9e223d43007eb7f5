/* pressure.h -- CPU pressure (PSI "some", percent of wall time) while a
 * summary group's harness ran, from the /proc/pressure/cpu probes meta.txt
 * holds. One module because coldload-summarize and coldload-compare both set
 * summaryGroup.psi_some_pct from it. */
#ifndef COLDLOAD_PRESSURE_H
#define COLDLOAD_PRESSURE_H

#include "model/meta.h"
#include "model/summary.h"

/* The growth of /proc/pressure/cpu's total between the start and end probes
 * meta.txt holds for g (loaded: the probes of its kind of load and stress-ng
 * level, loaded_<load>_s<S>_*, or the older loaded_s<S>_*). NAN when meta
 * lacks them. */
double pressureDuring(const metaTable *m, const summaryGroup *g);

/* An idle group's harness run: the CPUs other tasks kept busy in it, on
 * average -- the machine's busy CPU time between its idle level's probes
 * (<harness>_idle_start_cpu_busy_ms, _idle_end_cpu_busy_ms: /proc/stat;
 * else, a harness idle throughout, its start and end probes'
 * <harness>_start_*, _end_*) less the harness's own and its reaped
 * children's between them (<harness>_idle_own_cpu_ms, <harness>_own_cpu_ms),
 * over the wall time between the probes. NAN for a loaded group, when
 * meta lacks a key (a results directory from before them: *probed 0), or
 * when the probes lie less than a second apart (too few ticks to tell:
 * *probed 1). */
double pressureOthersCpus(const metaTable *m, const summaryGroup *g, int *probed);

#endif
