/* startup.h -- from parsed common options (optscommon.h) to a running
 * workload binary: the CSV opened, the engine started, OpenBLAS at the same
 * width, the banner printed; and stopping all of it again. */
#ifndef COLDLOAD_STARTUP_H
#define COLDLOAD_STARTUP_H

#include "bench/csvwrite.h"
#include "bench/optscommon.h"
#include "engine/pool.h"

/* Opens --csv (when given), resolves --width auto's cap (the CPUs available
 * now), starts the engine at the cap and --wait, gives OpenBLAS the same
 * width and prints the banner. Returns 0, or the exit status (message
 * printed, nothing left open): OPTS_EXIT_USAGE for a CSV that cannot be
 * appended to (nothing has run yet), 1 for an engine that cannot start. */
int startupBegin(optsCommon *c, csvWriter **csv, pool **engine);
/* Stops what startupBegin started. */
void startupEnd(csvWriter *csv, pool *engine);

#endif
