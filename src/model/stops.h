/* stops.h -- the stopping rule's stops, read as data: how many processes
 * (or rounds) each cell took and why it stopped.
 *
 * The harness records each stop as a row of the results directory's
 * stops.csv (harness/lib/rounds.sh, cl_stop_row), read here by column name
 * (model/csvread):
 *
 *   harness,load,stressors,cell,width,procs,how
 *   loaded,pinned,2,grad,2,5,decided
 *   threads,none,0,,,3,fixed
 *
 * how is decided, max (still undecided at the most), fixed (--procs K) or
 * time (ab.sh's: still undecided when the job's time budget, --total, left
 * no room for another block);
 * a row with an empty cell and width is a whole level's (threads.sh's
 * rounds), not a cell's, and is left out of the cells' stops -- but
 * firstrun.sh's (harness firstrun, load none), the rounds of its whole job,
 * is kept as the stop of cell "" at width 0:
 *
 *   firstrun,none,0,,,4,decided A later row
 * of a cell replaces an earlier one (a second run into the directory).
 *
 * LEGACY: results from before stops.csv encode each stop in meta.txt's key
 * names, <harness>_stop_<load>_s<S>_<cell>_w<W>=P how (firstrun.sh's in
 * firstrun_stop=P how); metaStopsRead
 * (model/meta.h) still reads them, and their stops are added after the
 * table's, so a cell's row wins over its key. */
#ifndef COLDLOAD_STOPS_H
#define COLDLOAD_STOPS_H

#include <stddef.h>

#include "model/meta.h"

#define STOPS_FILE "stops.csv"

/* dir/STOPS_FILE (absent: none) and m's legacy stop keys into out. 0; -1
 * a defect of the table (err = "file:line: what", out empty); -2 out of
 * memory. Free out with metaStopsFree either way. */
int stopsRead(metaStops *out, const char *dir, const metaTable *m, char *err, size_t errlen);

#endif
