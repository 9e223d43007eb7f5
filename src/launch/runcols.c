/* runcols.c -- runs.csv's columns: a writer each, and the table made from
 * common/runfigs.h's list (see runcols.h). */
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
RUNCOL_KNOWN(nr_periods)

static void runPut_cpu_ms(const runRecord *x, char *b, size_t n) {
    snprintf(b, n, "%.3f", x->r->user_ms + x->r->sys_ms);
}

/* --- the table ------------------------------------------------------------------------------ */

/* One row per column of the list (common/runfigs.h), in its order, each
 * with its writer above: a column without one does not compile. */
#define RUNCOL_ROW(ID, name, role, unit, cell, what) \
    {#name, RUNCOL_##role, unit, cell, what, runPut_##name},
const runColumn runColumns[] = {RUNFIG_COLUMNS(RUNCOL_ROW)};
#undef RUNCOL_ROW
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
