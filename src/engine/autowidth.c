/* autowidth.c -- the --width auto decision (see autowidth.h): CPUs available
 * from the affinity list, the online list and the cgroup quota; CPUs busy
 * from one reading of the runnable count.
 *
 * Why the runnable count and not /proc/stat's per-CPU busy share: /proc/stat
 * counts in USER_HZ ticks (100 per second here, `getconf CLK_TCK`), 10 ms
 * each, so over a 2 ms window a CPU's counters move by one tick or by none.
 * Measured here, 300 windows of 2 ms x 2 CPUs: 468 of 600 CPU-windows saw no
 * tick at all (busy share 0/0, undefined), the other 132 saw exactly one (0 %
 * or 100 %). A share needs several hundred ms between two readings, and the
 * first call of a process has no earlier reading at all: a delta since the
 * previous decision would have nothing to say exactly when the width is set
 * first. procs_running (/proc/loadavg's nr_running) is exact at every
 * instant, so one reading needs no window: the same 300 windows of 5
 * readings 0.4 ms apart gave one value in all 5 readings in 271 of them, so
 * the 2 ms of sleep that took the median of 5 bought a different answer in
 * at most 1 window in 10 -- and cost 2.3 ms before every call. The trade-
 * offs: it counts runnable tasks on every CPU, not just the ones this process
 * may use (an affinity narrower than the machine sees the others' load too:
 * the width errs low, never high); and a task caught in a short burst (a
 * shell, a kworker) counts as busy. That error lasts one decision
 * (AUTOW_KEEP_MS) and errs towards a lower width, the safe side under load. */
#include "engine/autowidth.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/cpus.h"
#include "common/num.h"
#include "common/ranges.h"
#include "common/opts.h"


/* The affinity list of this process (its main thread: the caller of every
 * operation), from /proc/self/status so the fixture can stand in for it. */
static int autowAffinity(cpu_set_t *set) {
    char buf[8192];
    if (cpusRead("/proc/self/status", buf, sizeof buf) < 0) return -1;
    const char *p = strstr(buf, "Cpus_allowed_list:");
    if (!p) return -1;
    p += strlen("Cpus_allowed_list:");
    while (*p == ' ' || *p == '\t') p++;
    return cpusListParse(p, set);
}

int autowAvailable(int *cgroup) {
    cpu_set_t allowed, online;
    int n;
    if (autowAffinity(&allowed) != 0 && sched_getaffinity(0, sizeof allowed, &allowed) != 0)
        CPU_ZERO(&allowed);
    char buf[1024];
    if (cpusRead("/sys/devices/system/cpu/online", buf, sizeof buf) > 0 &&
        cpusListParse(buf, &online) == 0)
        CPU_AND(&allowed, &allowed, &online);
    n = CPU_COUNT(&allowed);
    double q = cpusQuota();
    /* Whole CPUs, rounded down (autowidth.h says why), and at least one. */
    int limit = q > 0 ? (q < 1 ? 1 : (int)q) : 0;
    if (cgroup) *cgroup = limit;
    if (limit > 0 && limit < n) n = limit;
    return n < 1 ? 1 : n;
}

/* The most own threads one reading can name (POOL_MAX_WIDTH workers, the
 * caller, a driver, OpenBLAS's pool: far below this). */
#define AUTOW_OWN_MAX 1024

/* Adds to tids (n of them) this process's threads in state R now that are
 * not in it yet: the caller (reading), and any engine worker or OpenBLAS
 * thread that is spinning or yielding. Returns the new n. */
static int autowOwnRunnable(long *tids, int n) {
    char dirpath[CPUS_PATH_MAX];
    if (cpusJoin(dirpath, sizeof dirpath, cpusRoot(), "/proc/self/task", NULL) != 0) return n;
    DIR *d = opendir(dirpath);
    if (!d) return n;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && n < AUTOW_OWN_MAX) {
        if (!isdigit((unsigned char)e->d_name[0])) continue;
        char rel[CPUS_PATH_MAX], buf[1024];
        if (cpusJoin(rel, sizeof rel, "/proc/self/task/", e->d_name, "/stat") != 0 ||
            cpusRead(rel, buf, sizeof buf) <= 0)
            continue; /* exited meanwhile */
        /* comm may hold spaces and parentheses: the state follows the last ") ". */
        const char *p = strrchr(buf, ')');
        if (!p || p[1] != ' ' || p[2] != 'R') continue;
        long tid = strtol(e->d_name, NULL, 10);
        int seen = 0;
        for (int i = 0; i < n && !seen; i++) seen = tids[i] == tid;
        if (!seen) tids[n++] = tid;
    }
    closedir(d);
    return n;
}

/* procs_running now (the reader included), or -1. */
static int autowRunning(void) {
    char buf[256];
    int running;
    if (cpusRead("/proc/loadavg", buf, sizeof buf) <= 0 ||
        sscanf(buf, "%*f %*f %*f %d/", &running) != 1)
        return -1;
    return running;
}

int autowBusy(void) {
    /* Our threads' states are read just before and just after the count,
     * and a thread runnable at either counts as ours: right after a call the
     * engine's workers yield for up to 50 us before they sleep, so a single
     * look after the count would miss a worker the count saw and take it for
     * another task (width too low on an idle machine). The error left is the
     * other way, a worker that fell asleep just before the count: busy one
     * lower for one decision. */
    long tids[AUTOW_OWN_MAX];
    int own = autowOwnRunnable(tids, 0);
    int running = autowRunning();
    own = autowOwnRunnable(tids, own);
    if (running < 0) return 0; /* no /proc/loadavg: nothing known to be busy */
    if (own == 0) own = 1;     /* no task list: the reader itself */
    int o = running - own;
    return o > 0 ? o : 0;
}

int autowChoose(int cap, int available, int busy) {
    int w = available - busy;
    if (w > cap) w = cap;
    return w < 1 ? 1 : w;
}

void autowDecide(int cap, autowDecision *d) {
    d->available = autowAvailable(&d->cgroup);
    d->busy = autowBusy();
    d->width = autowChoose(cap, d->available, d->busy);
}

int autowLimit(int w, int limit) {
    if (limit > 0 && w > limit) w = limit;
    return w < 1 ? 1 : w;
}

static double autowNowMs(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

void autowMemoInit(autowMemo *m, double keep_ms) {
    memset(m, 0, sizeof *m);
    m->keep_ms = keep_ms;
    m->made_ms = -1;
}

int autowMemoWidth(autowMemo *m, int cap, int limit, int *width) {
    double now = autowNowMs();
    int fresh = m->made_ms < 0 || m->cap != cap || now - m->made_ms >= m->keep_ms;
    if (fresh) {
        autowDecide(cap, &m->last);
        m->cap = cap;
        m->made_ms = now;
        m->cost_ms = autowNowMs() - now;
        m->decisions++;
    }
    *width = autowLimit(m->last.width, limit);
    return fresh;
}

int autowParse(const char *s, int max, autowReq *out) {
    memset(out, 0, sizeof *out);
    if (s && strcmp(s, "auto") == 0) {
        out->automatic = out->tune = 1;
        snprintf(out->text, sizeof out->text, "auto");
        return 0;
    }
    /* auto:N and N share one number check: only the cap's meaning differs. */
    const char *num = s;
    if (s && strncmp(s, "auto:", 5) == 0) {
        out->automatic = out->given = out->tune = 1;
        num = s + 5;
    }
    long n;
    if (!num || !isdigit((unsigned char)*num) || numLong(num, RANGE_ENGINE_WIDTH_MIN, max, &n) != 0)
        return optsError("--width: expected an integer in 1..%d, auto or auto:N "
                         "(N in 1..%d), got '%s'",
                         max, max, s ? s : "");
    out->cap = (int)n;
    snprintf(out->text, sizeof out->text, "%s%ld", out->automatic ? "auto:" : "", n);
    return 0;
}

void autowResolve(autowReq *r) {
    if (r->automatic && !r->given) r->cap = autowAvailable(NULL);
}
