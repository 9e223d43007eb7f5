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

#include "common/opts.h"

#define AUTOW_PATH_MAX 4096

const char *autowRoot(void) {
    const char *r = getenv("COLDLOAD_SYSROOT");
    return r ? r : "";
}

/* out = a + b (+ c), or -1 when it would not fit: a path cut short would
 * name another file. */
static int autowJoin(char *out, size_t n, const char *a, const char *b, const char *c) {
    size_t la = strlen(a), lb = strlen(b), lc = c ? strlen(c) : 0;
    if (la + lb + lc + 1 > n) return -1;
    memcpy(out, a, la);
    memcpy(out + la, b, lb);
    memcpy(out + la + lb, c ? c : "", lc + 1);
    return 0;
}

/* Reads root + rel into buf (NUL-terminated, cut to fit). Returns the length,
 * or -1 when the file cannot be read. */
static long autowRead(const char *rel, char *buf, size_t n) {
    char path[AUTOW_PATH_MAX];
    if (autowJoin(path, sizeof path, autowRoot(), rel, NULL) != 0) return -1;
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    size_t k = fread(buf, 1, n - 1, f);
    fclose(f);
    buf[k] = '\0';
    return (long)k;
}

/* "0-3,5\n" -> the set. -1 on anything else. */
static int autowListParse(const char *s, cpu_set_t *set) {
    CPU_ZERO(set);
    while (*s && !isspace((unsigned char)*s)) {
        char *end;
        long a = strtol(s, &end, 10), b = a;
        if (end == s || a < 0) return -1;
        if (*end == '-') {
            const char *t = end + 1;
            b = strtol(t, &end, 10);
            if (end == t || b < a) return -1;
        }
        if (b >= CPU_SETSIZE) return -1;
        for (long c = a; c <= b; c++) CPU_SET((int)c, set);
        s = end;
        if (*s == ',') s++;
        else if (*s && !isspace((unsigned char)*s)) return -1;
    }
    return 0;
}

/* The affinity list of this process (its main thread: the caller of every
 * operation), from /proc/self/status so the fixture can stand in for it. */
static int autowAffinity(cpu_set_t *set) {
    char buf[8192];
    if (autowRead("/proc/self/status", buf, sizeof buf) < 0) return -1;
    const char *p = strstr(buf, "Cpus_allowed_list:");
    if (!p) return -1;
    p += strlen("Cpus_allowed_list:");
    while (*p == ' ' || *p == '\t') p++;
    return autowListParse(p, set);
}

/* CPUs granted by one cgroup directory (rel, under the root): v2 cpu.max
 * "QUOTA PERIOD" or "max PERIOD"; v1 cfs_quota_us (-1: none) and
 * cfs_period_us. 0 when it sets no limit (or has no such file). */
static double autowQuotaAt(const char *dir) {
    char rel[AUTOW_PATH_MAX], buf[128];
    double quota, period;
    if (autowJoin(rel, sizeof rel, dir, "/cpu.max", NULL) == 0 &&
        autowRead(rel, buf, sizeof buf) > 0) {
        if (strncmp(buf, "max", 3) == 0) return 0;
        return sscanf(buf, "%lf %lf", &quota, &period) == 2 && quota > 0 && period > 0
                   ? quota / period
                   : 0;
    }
    if (autowJoin(rel, sizeof rel, dir, "/cpu.cfs_quota_us", NULL) != 0 ||
        autowRead(rel, buf, sizeof buf) <= 0 || sscanf(buf, "%lf", &quota) != 1 || quota <= 0)
        return 0;
    if (autowJoin(rel, sizeof rel, dir, "/cpu.cfs_period_us", NULL) != 0 ||
        autowRead(rel, buf, sizeof buf) <= 0 || sscanf(buf, "%lf", &period) != 1 || period <= 0)
        return 0;
    return quota / period;
}

/* The least quota from mount/path up to mount itself. Every level counts (a
 * parent's limit binds its children), and a path that does not exist under
 * the mount (a container without a cgroup namespace sees its host path in
 * /proc/self/cgroup, while /sys/fs/cgroup is its own cgroup) is walked up to
 * the mount, which is then the right directory. */
static double autowQuotaWalk(const char *mount, const char *path, double least) {
    char dir[AUTOW_PATH_MAX];
    if (autowJoin(dir, sizeof dir, mount, path, NULL) != 0) return least;
    size_t base = strlen(mount);
    for (;;) {
        size_t len = strlen(dir);
        while (len > base && dir[len - 1] == '/') dir[--len] = '\0';
        double q = autowQuotaAt(dir);
        if (q > 0 && (least <= 0 || q < least)) least = q;
        char *slash = strrchr(dir, '/');
        if (len <= base || !slash || (size_t)(slash - dir) < base) break;
        *slash = '\0';
    }
    return least;
}

/* The cgroup's CPU limit in CPUs (fractional), 0 when unlimited. Reads
 * /proc/self/cgroup: "0::/path" (v2, under /sys/fs/cgroup) and, for v1, the
 * line whose controllers include cpu (under /sys/fs/cgroup/<controllers>,
 * else /sys/fs/cgroup/cpu). */
static double autowQuota(void) {
    char buf[4096];
    double least = 0;
    if (autowRead("/proc/self/cgroup", buf, sizeof buf) < 0)
        return autowQuotaWalk("/sys/fs/cgroup", "", 0);
    for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
        char *c1 = strchr(line, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
        if (!c2) continue;
        *c1 = *c2 = '\0';
        const char *ctrls = c1 + 1, *path = c2 + 1;
        if (!*ctrls) {
            least = autowQuotaWalk("/sys/fs/cgroup", path, least);
            continue;
        }
        if (!optsKeyIn(ctrls, "cpu", 3)) continue;
        char mount[AUTOW_PATH_MAX];
        if (autowJoin(mount, sizeof mount, "/sys/fs/cgroup/", ctrls, NULL) == 0)
            least = autowQuotaWalk(mount, path, least);
        if (strcmp(ctrls, "cpu") != 0) least = autowQuotaWalk("/sys/fs/cgroup/cpu", path, least);
    }
    return least;
}

int autowAvailable(int *cgroup) {
    cpu_set_t allowed, online;
    int n;
    if (autowAffinity(&allowed) != 0 && sched_getaffinity(0, sizeof allowed, &allowed) != 0)
        CPU_ZERO(&allowed);
    char buf[1024];
    if (autowRead("/sys/devices/system/cpu/online", buf, sizeof buf) > 0 &&
        autowListParse(buf, &online) == 0)
        CPU_AND(&allowed, &allowed, &online);
    n = CPU_COUNT(&allowed);
    double q = autowQuota();
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
    char dirpath[AUTOW_PATH_MAX];
    if (autowJoin(dirpath, sizeof dirpath, autowRoot(), "/proc/self/task", NULL) != 0) return n;
    DIR *d = opendir(dirpath);
    if (!d) return n;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && n < AUTOW_OWN_MAX) {
        if (!isdigit((unsigned char)e->d_name[0])) continue;
        char rel[AUTOW_PATH_MAX], buf[1024];
        if (autowJoin(rel, sizeof rel, "/proc/self/task/", e->d_name, "/stat") != 0 ||
            autowRead(rel, buf, sizeof buf) <= 0)
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
    if (autowRead("/proc/loadavg", buf, sizeof buf) <= 0 ||
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
    char *end = NULL;
    errno = 0;
    long n = num ? strtol(num, &end, 10) : 0;
    if (!num || !isdigit((unsigned char)*num) || *end || errno || n < 1 || n > max)
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
