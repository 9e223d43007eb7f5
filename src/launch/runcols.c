/* runcols.c -- runs.csv's columns, one row each (see runcols.h). */
#include "launch/runcols.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* --- how a value is written: one small function per kind of field -------------------------- */

#define RUNCOL_LONG(field) \
    static void runPut_##field(const runRecord *x, char *b, size_t n) { \
        snprintf(b, n, "%ld", (long)x->r->field); \
    }
#define RUNCOL_MS(field) \
    static void runPut_##field(const runRecord *x, char *b, size_t n) { \
        if (isnan(x->r->field)) b[0] = '\0'; \
        else snprintf(b, n, "%.3f", x->r->field); \
    }
/* a counter that may be unknown (-1): empty then, never a made-up 0 */
#define RUNCOL_KNOWN(field) \
    static void runPut_##field(const runRecord *x, char *b, size_t n) { \
        if (x->r->field < 0) b[0] = '\0'; \
        else snprintf(b, n, "%lld", (long long)x->r->field); \
    }
#define RUNCOL_STR(name, expr) \
    static void runPut_##name(const runRecord *x, char *b, size_t n) { snprintf(b, n, "%s", expr); }

RUNCOL_STR(timestamp, x->stamp)
RUNCOL_STR(host, x->host)
RUNCOL_STR(run_id, x->run_id)
RUNCOL_STR(workload, x->workload)
RUNCOL_STR(params, x->params)
static void runPut_width(const runRecord *x, char *b, size_t n) {
    if (x->width > 0) snprintf(b, n, "%d", x->width);
    else b[0] = '\0';
}
RUNCOL_STR(width_requested, x->width_requested)
RUNCOL_STR(status, launchStatusName(x->r->status))
RUNCOL_LONG(exit_code)
RUNCOL_MS(wall_ms)
RUNCOL_MS(user_ms)
RUNCOL_MS(sys_ms)
RUNCOL_LONG(maxrss_kb)
RUNCOL_LONG(minflt)
RUNCOL_LONG(majflt)
RUNCOL_LONG(nvcsw)
RUNCOL_LONG(nivcsw)
RUNCOL_STR(cpus, x->r->cpus)
RUNCOL_LONG(ncpus)
RUNCOL_LONG(threads_max)
RUNCOL_KNOWN(migrations)
RUNCOL_KNOWN(ctxsw)
RUNCOL_STR(perf_why, x->r->perf_why)
RUNCOL_LONG(left)
RUNCOL_LONG(samples)
RUNCOL_MS(sampler_ms)
RUNCOL_STR(out_source, launchOutSourceName(x->r->out_source))

static void runPut_out_hash(const runRecord *x, char *b, size_t n) {
    if (launchHashed(x->r)) snprintf(b, n, "%016llx", (unsigned long long)x->r->out_hash);
    else b[0] = '\0';
}

static void runPut_out_bytes(const runRecord *x, char *b, size_t n) {
    if (launchHashed(x->r)) snprintf(b, n, "%lld", x->r->out_bytes);
    else b[0] = '\0';
}

static void runPut_signal(const runRecord *x, char *b, size_t n) {
    snprintf(b, n, "%d", x->r->signo);
}

static void runPut_censored(const runRecord *x, char *b, size_t n) {
    snprintf(b, n, "%d", launchCensored(x->r->status));
}

static void runPut_bound_ms(const runRecord *x, char *b, size_t n) {
    if (launchCensored(x->r->status)) snprintf(b, n, "%.3f", x->r->bound_ms);
    else b[0] = '\0';
}

RUNCOL_STR(method, x->r->method)
RUNCOL_STR(runtimes, x->r->runtimes)
RUNCOL_KNOWN(nr_throttled)
RUNCOL_MS(throttled_ms)

static void runPut_cg_mem_peak_kb(const runRecord *x, char *b, size_t n) {
    if (isnan(x->r->cg_mem_peak_kb)) b[0] = '\0';
    else snprintf(b, n, "%.0f", x->r->cg_mem_peak_kb);
}
RUNCOL_STR(cg_why, x->r->method[0] && strcmp(x->r->method, "cgroup") ? x->r->cg_why : "")
RUNCOL_MS(cg_cpu_ms)
RUNCOL_MS(wait_some_ms)
RUNCOL_MS(wait_full_ms)
RUNCOL_MS(oncpu_ms)
RUNCOL_MS(runq_wait_ms)
RUNCOL_KNOWN(series_calls)

static void runPut_cpu_ms(const runRecord *x, char *b, size_t n) {
    snprintf(b, n, "%.3f", x->r->user_ms + x->r->sys_ms);
}

/* --- the table ------------------------------------------------------------------------------ */

#define K(n, what) \
    { #n, RUNCOL_KEY, "", 0, what, runPut_##n }
#define T(n, what) \
    { #n, RUNCOL_TEXT, "", 0, what, runPut_##n }
#define F(n, unit, cell, what) \
    { #n, RUNCOL_FIGURE, unit, cell, what, runPut_##n }

/* Older columns keep their place (readers by position of older files find
 * them where they were); new ones go at the end. */
const runColumn runColumns[] = {
    K(timestamp, "UTC time the row was written (after the run)"),
    K(host, "the machine"),
    K(run_id, "this run's id (one process of the program)"),
    K(workload, "the program's name"),
    K(params, "its ARGS as given ({width} unreplaced)"),
    K(width, "the width set, empty for the default cell"),
    K(width_requested, "the width set, or default"),
    T(status, "ok, failed, signal, cut (its cap), slow (stopped once known slow), noexec"),
    F(exit_code, "code", 0, "its exit status as a shell says it (128 + n for signal n)"),
    F(signal, "code", 0, "the signal that ended it, 0 when it exited"),
    F(wall_ms, "ms", 0, "wall time from just before the exec to its exit (CLOCK_MONOTONIC)"),
    F(user_ms, "ms", 0, "user CPU time of it and its children (wait4)"),
    F(sys_ms, "ms", 0, "system CPU time of it and its children (wait4)"),
    F(maxrss_kb, "kB", 0, "largest resident set (wait4)"),
    F(minflt, "count", 0, "minor page faults"),
    F(majflt, "count", 0, "major page faults (read from disk)"),
    F(nvcsw, "count", 0, "voluntary context switches (it waited)"),
    F(nivcsw, "count", 0, "involuntary context switches (it was preempted)"),
    T(cpus, "the CPUs its threads were seen running on (the sampler), ;-separated"),
    F(ncpus, "count", 0, "how many CPUs that is"),
    F(threads_max, "count", 0, "the most threads seen at one sampler pass"),
    F(migrations, "count", 0, "cpu-migrations (perf, with inherit); empty when refused"),
    F(ctxsw, "count", 0, "context-switches (perf, with inherit); empty when refused"),
    T(perf_why, "why the perf counters are empty, else empty"),
    F(left, "count", 0, "processes it left behind, killed after the run"),
    T(out_hash, "FNV-1a 64 of its output (out_source), empty when not hashed"),
    F(out_bytes, "count", 0, "the bytes hashed"),
    F(samples, "count", 0, "sampler passes"),
    F(sampler_ms, "ms", 0, "wall time the sampler took"),
    T(out_source, "what out_hash hashes: stdout, file, file-missing, or empty"),
    F(censored, "flag", 0, "1: stopped before it ended (cut, slow), it took at least bound_ms"),
    F(bound_ms, "ms", 0, "a censored run's lower bound: when it was stopped"),
    F(cpu_ms, "ms", 1, "CPU time, user + sys: against wall x width, did its threads spin?"),
    T(method, "what gave the wait figures: cgroup (its own, PSI) or schedstat (threads only)"),
    T(cg_why, "why the run had no cgroup of its own (method schedstat), else empty"),
    F(cg_cpu_ms, "ms", 0, "CPU time of its whole process tree (its cgroup's cpu.stat)"),
    F(wait_some_ms, "ms", 0, "time in which some of its runnable tasks waited for a CPU (PSI)"),
    F(wait_full_ms, "ms", 1, "time in which all of its runnable tasks waited for a CPU (PSI)"),
    F(oncpu_ms, "ms", 0, "time its threads ran, summed over them (schedstat, sampled)"),
    F(runq_wait_ms, "ms", 1, "time its threads waited on a run queue, summed (schedstat)"),
    {"runtimes", RUNCOL_TEXT, "", 1,
     "threading runtimes it mapped, runtime:variable;... (the variable that sets its threads)",
     runPut_runtimes},
    F(nr_throttled, "count", 0, "under a CPU quota: periods it was throttled in; else empty"),
    F(throttled_ms, "ms", 1, "under a CPU quota: time it was throttled; else empty"),
    F(cg_mem_peak_kb, "kB", 0,
      "the most memory its whole tree had at once (its cgroup's memory.peak); empty where "
      "the memory controller is not cgroup v2's"),
    F(series_calls, "count", 0,
      "with --series-regex: the per-call times its stdout gave (0: no line matched); else empty"),
};
#undef K
#undef T
#undef F
const size_t runNColumns = sizeof runColumns / sizeof runColumns[0];

char *runColumnsHeader(void) {
    size_t len = 1;
    for (size_t i = 0; i < runNColumns; i++) len += strlen(runColumns[i].name) + 1;
    char *h = malloc(len), *p = h;
    for (size_t i = 0; h && i < runNColumns; i++)
        p += sprintf(p, "%s%s", i ? "," : "", runColumns[i].name);
    return h;
}

void runColumnValue(size_t i, const runRecord *x, char *buf, size_t len) {
    buf[0] = '\0';
    if (i < runNColumns) runColumns[i].put(x, buf, len);
}

int runColumnsList(FILE *f) {
    static const char *const role[] = {"key", "text", "figure"};
    fputs("name\trole\tunit\tcell\twhat\n", f);
    for (size_t i = 0; i < runNColumns; i++) {
        const runColumn *c = &runColumns[i];
        fprintf(f, "%s\t%s\t%s\t%d\t%s\n", c->name, role[c->role], c->unit, c->cell, c->what);
    }
    return ferror(f) ? -1 : 0;
}
