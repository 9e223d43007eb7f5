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

#endif
