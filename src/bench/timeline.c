/* timeline.c -- exec -> main and main -> first result (see timeline.h). */
#include "bench/timeline.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double timelineMain = -1;       /* measureNowMs() at the stamp */
static double timelineMainBootMs = -1; /* CLOCK_BOOTTIME at the stamp, ms */
static measureUsage timelineMainUsage;

/* As early as the program's own code can run: before main, after every
 * library's constructors (theirs run first: they are dependencies). */
__attribute__((constructor)) static void timelineStamp(void) {
    struct timespec ts;
    timelineMain = measureNowMs();
    if (clock_gettime(CLOCK_BOOTTIME, &ts) == 0)
        timelineMainBootMs = (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
    measureUsageNow(&timelineMainUsage);
}

/* An environment variable that is a whole non-negative decimal, else -1. */
static long long timelineEnvNum(const char *name) {
    const char *v = getenv(name);
    char *end;
    if (!v || !*v) return -1;
    errno = 0;
    long long x = strtoll(v, &end, 10);
    return *end || errno || x < 0 ? -1 : x;
}

/* /proc/self/stat field 22 (starttime, ticks since boot), -1 when unreadable.
 * The fields are counted after the last ')': comm may hold spaces. */
static long long timelineStartTicks(void) {
    char buf[1024];
    FILE *f = fopen("/proc/self/stat", "r");
    if (!f) return -1;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    char *p = strrchr(buf, ')');
    if (!p) return -1;
    p++;
    /* after ')': field 3 (state) is the first; starttime is field 22 */
    for (int field = 3; field < 22; field++) {
        p += strspn(p, " ");
        p += strcspn(p, " ");
        if (!*p) return -1;
    }
    char *end;
    long long t = strtoll(p, &end, 10);
    return end == p ? -1 : t;
}

void timelineStartOf(timelineStart *t) {
    long long exec_ns = timelineEnvNum("COLDLOAD_EXEC_NS");
    t->usage = timelineMainUsage;
    if (exec_ns >= 0) {
        t->phase = "exec_to_main";
        t->how = "from the launcher's clock just before execve";
        t->ms = timelineMain - (double)exec_ns * 1e-6;
        long long mf = timelineEnvNum("COLDLOAD_EXEC_MINFLT"),
                  jf = timelineEnvNum("COLDLOAD_EXEC_MAJFLT");
        if (mf >= 0 && mf <= t->usage.minflt) t->usage.minflt -= (long)mf;
        if (jf >= 0 && jf <= t->usage.majflt) t->usage.majflt -= (long)jf;
        return;
    }
    t->phase = "start_to_main";
    t->how = "from /proc/self/stat starttime: the fork, in 10 ms ticks";
    long long ticks = timelineStartTicks();
    long hz = sysconf(_SC_CLK_TCK);
    if (ticks < 0 || hz <= 0 || timelineMainBootMs < 0) {
        t->ms = NAN;
        return;
    }
    t->ms = timelineMainBootMs - (double)ticks * 1e3 / (double)hz;
    if (t->ms < 0) t->ms = 0; /* the tick was rounded past the stamp */
}

static int timelineRow(const benchSeries *s, const char *phase, double ms, measureUsage u) {
    if (!s->csv) return 0;
    measureLoad load;
    measureLoadNow(&load);
    csvRow row = {
        .workload = s->workload,
        .params = s->params,
        .wait = s->wait,
        .phase = phase,
        .width = s->width,
        .iter = 0,
        .truncated = 0,
        .ms = ms,
        .usage = u,
        .load1 = load.load1,
        .procs_running = load.procs_running,
        .checksum = 0,
        .cpu = -1,
        .cpus = NULL,
        .migrations = -1,
        .width_requested = s->req ? s->req->text : NULL,
    };
    return csvWriterRow(s->csv, &row);
}

int timelineReport(const benchSeries *s, const benchResult *r) {
    static int done;
    if (done) return 0;
    done = 1;
    timelineStart st;
    timelineStartOf(&st);
    double to_first = r->first_end_ms - timelineMain;
    measureUsage u = measureUsageDelta(&timelineMainUsage, &r->first_end_usage);
    if (isnan(st.ms))
        printf("startup: start -> main unknown (no launcher stamp, /proc/self/stat unreadable)");
    else
        printf("startup: %s %.3f ms (%s), %ld minflt %ld majflt", st.phase, st.ms, st.how,
               st.usage.minflt, st.usage.majflt);
    printf(" | main_to_first %.3f ms, %ld minflt %ld majflt\n", to_first, u.minflt, u.majflt);
    fflush(stdout);
    if (!isnan(st.ms) && timelineRow(s, st.phase, st.ms, st.usage) != 0) return -1;
    return timelineRow(s, "main_to_first", to_first, u);
}
