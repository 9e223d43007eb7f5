/* hyperfine.h -- a results directory in hyperfine's JSON export format
 * (hyperfine --export-json), so that what reads hyperfine's results --
 * its scripts plot_whisker.py, plot_histogram.py, plot_progression.py,
 * welch_ttest.py, advanced_statistics.py, and continuous-benchmarking
 * services -- reads coldload's: {"results": [...]}, one result per cell
 * (summary group), times in seconds (docs/json.md#hyperfinejson).
 *
 * A result's `times` are one per run, a run being one process:
 *   - a cell hyperfine timed (cold.sh's whole-process runs of each copy
 *     kind): hyperfine's own times;
 *   - else a cell whose processes timed their calls (samples.csv): each
 *     process's median steady call -- the page's binaries, whose process
 *     is a series of calls, and a threads job's runs, whose one steady row
 *     is the run's wall time. The median, not every call: coldload's unit
 *     of replication is the process (its intervals resample processes),
 *     and a hyperfine reader takes times as independent runs;
 *   - else the whole-process runs GNU time (or coldload-run) timed.
 * A process whose median is only a lower bound (a run stopped before it
 * ended: its cap, or known slow) has that bound as its time, 1 in
 * coldload_censored and a null exit code (it was ended by a signal);
 * coldload's own keys start with coldload_, which hyperfine's readers
 * ignore. */
#ifndef COLDLOAD_HYPERFINE_H
#define COLDLOAD_HYPERFINE_H

#include <stddef.h>

#include "model/meta.h"
#include "model/summary.h"

/* One results directory: its summary and meta.txt (the program's path and
 * arguments of a threads or cold job). label: coldload-compare's name of
 * the input, said in each command and as coldload_input; NULL for one
 * directory. */
typedef struct hyperfineInput {
    const summary *s;
    const metaTable *meta;
    const char *label;
} hyperfineInput;

/* Writes in[0..n)'s cells to path (atomically, as results.json), in
 * order. A command names its cell by the parts of the key that differ
 * between the cells written ("xz -T2 [pinned]", "grad n=1000 [width 2,
 * idle, fresh]"). 0, or -1 with err. */
int hyperfineWrite(const char *path, const hyperfineInput *in, size_t n, char *err, size_t errlen);

#endif
