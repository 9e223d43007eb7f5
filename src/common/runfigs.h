/* runfigs.h -- runs.csv's columns as one list: the launcher writes them, the
 * summary reads them, and both name a column by an identifier the compiler
 * checks.
 *
 * RUNFIG_COLUMNS(X) calls X(ID, name, role, unit, cell, what) once per column,
 * in file order:
 *   ID    the column's name in capitals, for the identifiers below
 *   name  the column's name in runs.csv, as a bare word (#name is the string)
 *   role  KEY (what run it was and its cell), TEXT (a word or text of the
 *         run) or FIGURE (a number of the run: the summary's median per cell)
 *   unit  of a figure: "ms", "kB", "count", "flag", "code"; "" otherwise
 *   cell  1: the threads report's per-cell table shows it (its median, or
 *         a text's items)
 *   what  one line: coldload-run --list-columns, docs/csv-columns.md
 *
 * launch/runcols.c makes the launcher's table (runColumns) from it, each row
 * with its writer runPut_<name>; model/summary looks a figure up as
 * summaryRunFigOf(s, g, RUNFIG_WAIT_FULL_MS) and a text as
 * summaryRunTextOf(s, g, RUNFIG_RUNTIMES). So a new per-run figure is one
 * row here, its writer there and its line in docs/csv-columns.md; a name
 * misspelt is a compile error, not a NAN. It lives in common/ because both
 * the launcher (launch/) and the summary (model/) include it and neither may
 * include the other.
 *
 * A results directory keeps the table it was written with (runs-columns.tsv)
 * and the summary reads runs.csv by that: a column this list has and an
 * older directory lacks is NAN (a figure) or NULL (a text) there.
 *
 * Older columns keep their place (readers by position of older files find
 * them where they were); new ones go at the end. */
#ifndef COLDLOAD_RUNFIGS_H
#define COLDLOAD_RUNFIGS_H

/* clang-format off */
#define RUNFIG_COLUMNS(X) \
    X(TIMESTAMP, timestamp, KEY, "", 0, "UTC time the row was written (after the run)") \
    X(HOST, host, KEY, "", 0, "the machine") \
    X(RUN_ID, run_id, KEY, "", 0, "this run's id (one process of the program)") \
    X(WORKLOAD, workload, KEY, "", 0, "the program's name") \
    X(PARAMS, params, KEY, "", 0, "its ARGS as given ({width} unreplaced)") \
    X(WIDTH, width, KEY, "", 0, "the width set, empty for the default cell") \
    X(WIDTH_REQUESTED, width_requested, KEY, "", 0, "the width set, or default") \
    X(STATUS, status, TEXT, "", 0, \
      "ok, failed, signal, cut (its cap), slow (stopped once known slow), noexec") \
    X(EXIT_CODE, exit_code, FIGURE, "code", 0, \
      "its exit status as a shell says it (128 + n for signal n)") \
    X(SIGNAL, signal, FIGURE, "code", 0, "the signal that ended it, 0 when it exited") \
    X(WALL_MS, wall_ms, FIGURE, "ms", 0, \
      "wall time from just before the exec to its exit (CLOCK_MONOTONIC)") \
    X(USER_MS, user_ms, FIGURE, "ms", 0, "user CPU time of it and its children (wait4)") \
    X(SYS_MS, sys_ms, FIGURE, "ms", 0, "system CPU time of it and its children (wait4)") \
    X(MAXRSS_KB, maxrss_kb, FIGURE, "kB", 0, "largest resident set (wait4)") \
    X(MINFLT, minflt, FIGURE, "count", 0, "minor page faults") \
    X(MAJFLT, majflt, FIGURE, "count", 0, "major page faults (read from disk)") \
    X(NVCSW, nvcsw, FIGURE, "count", 0, "voluntary context switches (it waited)") \
    X(NIVCSW, nivcsw, FIGURE, "count", 0, "involuntary context switches (it was preempted)") \
    X(CPUS, cpus, TEXT, "", 0, \
      "the CPUs its threads were seen running on (the sampler), ;-separated") \
    X(NCPUS, ncpus, FIGURE, "count", 0, "how many CPUs that is") \
    X(THREADS_MAX, threads_max, FIGURE, "count", 0, "the most threads seen at one sampler pass") \
    X(MIGRATIONS, migrations, FIGURE, "count", 0, \
      "cpu-migrations (perf, with inherit); empty when refused") \
    X(CTXSW, ctxsw, FIGURE, "count", 0, \
      "context-switches (perf, with inherit); empty when refused") \
    X(PERF_WHY, perf_why, TEXT, "", 0, "why the perf counters are empty, else empty") \
    X(LEFT, left, FIGURE, "count", 0, "processes it left behind, killed after the run") \
    X(OUT_HASH, out_hash, TEXT, "", 0, \
      "FNV-1a 64 of its output (out_source), empty when not hashed") \
    X(OUT_BYTES, out_bytes, FIGURE, "count", 0, "the bytes hashed") \
    X(SAMPLES, samples, FIGURE, "count", 0, "sampler passes") \
    X(SAMPLER_MS, sampler_ms, FIGURE, "ms", 0, "wall time the sampler took") \
    X(OUT_SOURCE, out_source, TEXT, "", 0, \
      "what out_hash hashes: stdout, file, file-missing, or empty") \
    X(CENSORED, censored, FIGURE, "flag", 0, \
      "1: stopped before it ended (cut, slow), it took at least bound_ms") \
    X(BOUND_MS, bound_ms, FIGURE, "ms", 0, "a censored run's lower bound: when it was stopped") \
    X(CPU_MS, cpu_ms, FIGURE, "ms", 1, \
      "CPU time, user + sys: against wall x width, did its threads spin?") \
    X(METHOD, method, TEXT, "", 0, \
      "what gave the wait figures: cgroup (its own, PSI) or schedstat (threads only)") \
    X(CG_WHY, cg_why, TEXT, "", 0, \
      "why the run had no cgroup of its own (method schedstat), else empty") \
    X(CG_CPU_MS, cg_cpu_ms, FIGURE, "ms", 0, \
      "CPU time of its whole process tree (its cgroup's cpu.stat)") \
    X(WAIT_SOME_MS, wait_some_ms, FIGURE, "ms", 0, \
      "time in which some of its runnable tasks waited for a CPU (PSI)") \
    X(WAIT_FULL_MS, wait_full_ms, FIGURE, "ms", 1, \
      "time in which all of its runnable tasks waited for a CPU (PSI)") \
    X(ONCPU_MS, oncpu_ms, FIGURE, "ms", 0, \
      "time its threads ran, summed over them (schedstat, sampled)") \
    X(RUNQ_WAIT_MS, runq_wait_ms, FIGURE, "ms", 1, \
      "time its threads waited on a run queue, summed (schedstat)") \
    X(RUNTIMES, runtimes, TEXT, "", 1, \
      "threading runtimes it mapped, runtime:variable;... (the variable that sets its threads)") \
    X(NR_THROTTLED, nr_throttled, FIGURE, "count", 0, \
      "under a CPU quota: periods it was throttled in; else empty") \
    X(THROTTLED_MS, throttled_ms, FIGURE, "ms", 1, \
      "under a CPU quota: time it was throttled; else empty") \
    X(CG_MEM_PEAK_KB, cg_mem_peak_kb, FIGURE, "kB", 0, \
      "the most memory its whole tree had at once (its cgroup's memory.peak); empty where " \
      "the memory controller is not cgroup v2's") \
    X(SERIES_CALLS, series_calls, FIGURE, "count", 0, \
      "with --series-regex: the per-call times its stdout gave (0: no line matched); else empty") \
    X(NR_PERIODS, nr_periods, FIGURE, "count", 0, \
      "under a CPU quota: the quota's periods that elapsed while it ran; else empty")
/* clang-format on */

/* One enumerator per column of a role: RUNFIG_<ID>, the figures' and the
 * texts' in two types, so a text where a figure is wanted is a warning
 * (-Wenum-conversion, on with -Wextra in C). RUNFIG_KEEP_<role>(x) is x
 * for the role wanted and nothing for the others; what it is given is
 * pasted or quoted first, so no column's name is ever expanded as a macro. */
#define RUNFIG_KEEP_KEY(x)
#define RUNFIG_KEEP_TEXT(x)
#define RUNFIG_KEEP_FIGURE(x) x,
#define RUNFIG_ENUM(ID, name, role, unit, cell, what) RUNFIG_KEEP_##role(RUNFIG_##ID)
typedef enum { RUNFIG_COLUMNS(RUNFIG_ENUM) RUNFIG_NFIGURES } runfigFigure;
#undef RUNFIG_KEEP_FIGURE
#undef RUNFIG_KEEP_TEXT
#define RUNFIG_KEEP_FIGURE(x)
#define RUNFIG_KEEP_TEXT(x) x,
typedef enum { RUNFIG_COLUMNS(RUNFIG_ENUM) RUNFIG_NTEXTS } runfigText;
#undef RUNFIG_KEEP_KEY
#undef RUNFIG_KEEP_TEXT
#undef RUNFIG_KEEP_FIGURE
#undef RUNFIG_ENUM

/* The statuses a run ends with (runs.csv's status), in the order of the
 * launcher's launchStatus (launch/launch.h): it names them from here and
 * the summary refuses any other word. */
#define RUNFIG_STATUSES "ok", "failed", "signal", "cut", "slow", "noexec", "stopped"
#define RUNFIG_STATUSES_TEXT "ok, failed, signal, cut, slow, noexec or stopped"

/* The name of status s (launchStatus's order), "?" out of range; the status
 * of a name, -1 when it is none of them. */
const char *runfigStatusName(int s);
int runfigStatusOf(const char *name);

/* A figure's field checked by its unit, the one rule every reader of
 * runs.csv applies: "ms" a time >= 0 up to RANGE_RUN_MS_MAX, "count" and
 * "kB" a whole number >= 0 up to 2^53, "flag" 0 or 1, "code" a whole number
 * in -1000..1000 (an exit status as a shell says it, a signal); any other
 * unit (a newer launcher's) a finite number. 0 with *out set; -1 with *want
 * saying what the field should be. */
int runfigValue(const char *unit, const char *s, double *out, const char **want);

/* A figure's unit in this list ("ms"), NULL out of range: a column this list
 * has is checked by its own unit, never by the one a results directory's
 * runs-columns.tsv claims for it. */
const char *runfigFigureUnit(runfigFigure f);

/* The runs.csv name of a figure or a text ("wait_full_ms"); NULL out of range. */
const char *runfigFigureName(runfigFigure f);
const char *runfigTextName(runfigText t);

/* The figure or text of that name, or -1 when the list has none (a column
 * of a newer launcher, or one of another role). */
int runfigFigureOf(const char *name);
int runfigTextOf(const char *name);

#endif
