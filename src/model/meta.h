/* meta.h -- a results directory's meta.txt: key=value lines, the last of a
 * key winning (as in a shell env file); other lines kept in the text. Keys
 * and values are read as one line of text each (common/text.h: control
 * characters and invalid UTF-8 escaped), a key at most META_KEY_MAX bytes,
 * a value META_VALUE_MAX (a longer one cut, with text.h's mark). */
#ifndef COLDLOAD_META_H
#define COLDLOAD_META_H

#include <stddef.h>

#define META_KEY_MAX 256
#define META_VALUE_MAX 16384

typedef struct metaTable {
    char *text; /* the file, NUL-terminated ("" when absent) */
    char **keys, **vals;
    size_t n;
} metaTable;

/* Reads path; a missing file gives an empty table and 0. -1 on other errors
 * (err says why). */
int metaRead(metaTable *m, const char *path, char *err, size_t errlen);
const char *metaGet(const metaTable *m, const char *key); /* NULL when absent */
void metaFree(metaTable *m);

/* What job made the results directory, meta's last `job` decoded once:
 * the report (report.sh and any run without a job of its own), a cold-only
 * job (coldreport.sh: job=cold; before the key, a coldreport_command without
 * a report_command), a threads job (threads.sh: job=threads), an A/B job
 * (ab.sh: job=ab), a bisect job (bisect.sh: job=bisect), a history job
 * (history.sh: job=history). Only the job's identity lives here: what each
 * job writes and asks is its row of export/jobs.h's table. */
typedef enum {
    META_JOB_REPORT,
    META_JOB_COLD,
    META_JOB_THREADS,
    META_JOB_AB,
    META_JOB_BISECT,
    META_JOB_HISTORY,
    META_NJOBS
} metaJob;
/* meta.txt's job= value of each job, indexed by metaJob; an unknown value
 * is the report's. */
extern const char *const metaJobNames[META_NJOBS];
metaJob metaJobOf(const metaTable *m); /* m may be NULL: the report */

/* "vm: AMD EPYC 7B13, 2 CPUs" from meta (whichever keys it has), allocated;
 * NULL when out of memory. */
char *metaMachine(const metaTable *m);

/* The stopping rule's stops of warm and loaded cells, as data. cell is the
 * harness's workload name (grad, svdvals, trgload). Today's results have
 * them as rows of stops.csv, read by model/stops.h (which calls the reader
 * below for older ones). */
/* how a stop came: decided (its answer known), max (undecided at the most),
 * fixed (--procs K), time (undecided when the job's time budget, ab.sh's
 * --total, left no room for another block), settled (ab.sh --settle: the
 * verdict slower or faster beyond the same zone, the interval still wider
 * than the precision); META_STOP_N of them, named in metaStopHowName */
typedef enum {
    META_STOP_DECIDED,
    META_STOP_MAX,
    META_STOP_FIXED,
    META_STOP_TIME,
    META_STOP_SETTLED,
    META_STOP_N
} metaStopHow;
extern const char *const metaStopHowName[META_STOP_N];

typedef struct metaStop {
    char *harness, *load, *cell;
    long stressors, width;
    long procs;
    metaStopHow how;
} metaStop;

typedef struct metaStops {
    metaStop *v;
    size_t n;
} metaStops;

/* LEGACY: results from before stops.csv encode each stop in meta's key
 * names, <harness>_stop_<load>_s<S>_<cell>_w<W>=P decided|max|fixed, and
 * firstrun.sh's rounds in firstrun_stop=P decided|max|fixed (the stop of
 * harness firstrun, load none, cell "", width 0). Every
 * well-formed stop key of m (the last of a key wins, as metaGet's); others
 * are left out. 0, or -1 when out of memory (out is then empty). Read
 * through stopsRead (model/stops.h), after the table's rows. */
int metaStopsRead(const metaTable *m, metaStops *out);
/* The stop of one cell, NULL when meta has none. */
const metaStop *metaStopFind(const metaStops *s, const char *harness, const char *load,
                             long stressors, const char *cell, long width);
void metaStopsFree(metaStops *s);

#endif
