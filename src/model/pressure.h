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
 * average -- the machine's busy CPU time between its start and end probes
 * (<harness>_start_cpu_busy_ms, _end_cpu_busy_ms: /proc/stat) less the
 * harness's own and its reaped children's (<harness>_own_cpu_ms), over the
 * wall time between the probes. NAN for a loaded group, or when meta lacks
 * a key (a results directory from before them). */
double pressureOthersCpus(const metaTable *m, const summaryGroup *g);

#endif
