/* runcg.c -- a run's own cgroup (see runcg.h). */
#include "launch/runcg.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <time.h>
#include <unistd.h>

#define RUNCG_CGROUP2_MAGIC 0x63677270 /* CGROUP2_SUPER_MAGIC */

static int runcgIsV2(const char *dir) {
    struct statfs fs;
    return statfs(dir, &fs) == 0 && (unsigned long)fs.f_type == RUNCG_CGROUP2_MAGIC;
}

int runcgParent(const char *parent, char *out, size_t len, char *why, size_t whylen) {
    static const char *const tries[] = {"/sys/fs/cgroup", "/sys/fs/cgroup/unified"};
    if (parent) {
        if (!runcgIsV2(parent)) {
            snprintf(why, whylen, "%s: not a cgroup2 directory", parent);
            return -1;
        }
        snprintf(out, len, "%s", parent);
        return 0;
    }
    for (size_t i = 0; i < sizeof tries / sizeof tries[0]; i++)
        if (runcgIsV2(tries[i])) {
            snprintf(out, len, "%s", tries[i]);
            return 0;
        }
    snprintf(why, whylen, "no cgroup2 hierarchy (/sys/fs/cgroup, /sys/fs/cgroup/unified)");
    return -1;
}

/* Writes s to dir/file. 0, or -1 (errno set). */
static int runcgWrite(const char *dir, const char *file, const char *s) {
    char p[600];
    snprintf(p, sizeof p, "%s/%s", dir, file);
    int fd = open(p, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t n = write(fd, s, strlen(s));
    int e = errno;
    close(fd);
    errno = e;
    return n == (ssize_t)strlen(s) ? 0 : -1;
}

/* dir/file's first bytes, NUL-terminated; -1 when it cannot be read. */
static int runcgSlurp(const char *dir, const char *file, char *buf, size_t len) {
    char p[600];
    snprintf(p, sizeof p, "%s/%s", dir, file);
    int fd = open(p, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t n = read(fd, buf, len - 1);
    close(fd);
    if (n < 0) return -1;
    buf[n] = '\0';
    return 0;
}

int runcgCreate(runcg *c, const char *parent, char *why, size_t whylen) {
    c->path[0] = '\0';
    char dir[512];
    if ((size_t)snprintf(dir, sizeof dir, "%s/" RUNCG_PREFIX "%ld", parent, (long)getpid()) >=
        sizeof dir) {
        snprintf(why, whylen, "%s: path too long", parent);
        return -1;
    }
    if (mkdir(dir, 0755) != 0 && errno != EEXIST) {
        snprintf(why, whylen, "mkdir %s: %s", dir, strerror(errno));
        return -1;
    }
    snprintf(c->path, sizeof c->path, "%s", dir);
    return 0;
}

int runcgJoin(const runcg *c, pid_t pid, char *why, size_t whylen) {
    char s[32];
    snprintf(s, sizeof s, "%ld\n", (long)pid);
    if (runcgWrite(c->path, "cgroup.procs", s) == 0) return 0;
    snprintf(why, whylen, "%s/cgroup.procs: %s", c->path, strerror(errno));
    return -1;
}

/* The total= of a cpu.pressure line ("some ... total=N", N in us), in ms. */
static double runcgTotal(const char *text, const char *line) {
    const char *p = strstr(text, line);
    const char *t = p ? strstr(p, "total=") : NULL;
    return t ? strtod(t + 6, NULL) / 1000.0 : NAN;
}

void runcgRead(const runcg *c, runcgStat *st) {
    char buf[1024];
    st->cpu_ms = st->some_ms = st->full_ms = st->mem_peak_kb = NAN;
    if (!c->path[0]) return;
    if (runcgSlurp(c->path, "cpu.stat", buf, sizeof buf) == 0) {
        const char *u = strstr(buf, "usage_usec ");
        if (u) st->cpu_ms = strtod(u + 11, NULL) / 1000.0;
    }
    if (runcgSlurp(c->path, "cpu.pressure", buf, sizeof buf) == 0) {
        st->some_ms = runcgTotal(buf, "some ");
        st->full_ms = runcgTotal(buf, "full ");
    }
    if (runcgSlurp(c->path, "memory.peak", buf, sizeof buf) == 0)
        st->mem_peak_kb = strtod(buf, NULL) / 1024.0;
}

static void runcgNap(void) { nanosleep(&(struct timespec){0, 2000000}, NULL); }

/* The processes in dir (cgroup.procs), at most cap; how many. */
static int runcgProcs(const char *dir, pid_t *out, int cap) {
    char buf[8192];
    if (runcgSlurp(dir, "cgroup.procs", buf, sizeof buf) != 0) return 0;
    int n = 0;
    for (char *t = strtok(buf, "\n"); t && n < cap; t = strtok(NULL, "\n")) out[n++] = atoi(t);
    return n;
}

static long runcgKillDir(const char *dir) {
    pid_t p[512];
    long had = runcgProcs(dir, p, 512);
    if (had == 0) return 0;
    int cgkill = runcgWrite(dir, "cgroup.kill", "1") == 0;
    for (int tries = 0; tries < 1500; tries++) { /* 3 s */
        int n = runcgProcs(dir, p, 512);
        if (n == 0) break;
        if (!cgkill)
            for (int i = 0; i < n; i++) kill(p[i], SIGKILL);
        runcgNap();
    }
    return had;
}

long runcgKill(const runcg *c) { return c->path[0] ? runcgKillDir(c->path) : 0; }

void runcgDelete(runcg *c) {
    if (!c->path[0]) return;
    /* a task that just left may keep it busy for a moment */
    for (int tries = 0; tries < 500 && rmdir(c->path) != 0 && errno == EBUSY; tries++) runcgNap();
    c->path[0] = '\0';
}

/* The v1 cpu controller's hierarchy (a hybrid host): where a quota is set
 * when the run's own cgroup has no cpu controller (runcgQuotaCreate). */
#define RUNCG_V1_CPU "/sys/fs/cgroup/cpu"

/* Under dir: the coldload-run-<pid> cgroups of launchers gone, killed and removed. */
static long runcgSweepDir(const char *dir) {
    DIR *d = opendir(dir);
    if (!d) return 0;
    long left = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (strncmp(e->d_name, RUNCG_PREFIX, strlen(RUNCG_PREFIX)) != 0) continue;
        char *end;
        long pid = strtol(e->d_name + strlen(RUNCG_PREFIX), &end, 10);
        if (*end || pid <= 0 || (kill((pid_t)pid, 0) == 0 || errno == EPERM)) continue;
        runcg c;
        if ((size_t)snprintf(c.path, sizeof c.path, "%s/%s", dir, e->d_name) >= sizeof c.path)
            continue;
        left += runcgKill(&c);
        runcgDelete(&c);
    }
    closedir(d);
    return left;
}

long runcgSweep(const char *parent) {
    long left = parent ? runcgSweepDir(parent) : 0;
    /* a quota's cgroup there has the run's name too; its processes, in the
     * run's own cgroup as well, were killed with it: counted once */
    long v1 = runcgSweepDir(RUNCG_V1_CPU);
    return left ? left : v1;
}

/* --- a CPU quota ---------------------------------------------------------------------------- */

#define RUNCG_PERIOD_US 100000

int runcgQuotaCreate(runcgQuota *q, const runcg *c, double cpus, char *why, size_t whylen) {
    char v[64];
    q->path[0] = '\0';
    q->v1 = 0;
    long quota = (long)(cpus * RUNCG_PERIOD_US + 0.5);
    /* v2 first: the run's own cgroup, when its parent gives it the cpu controller */
    if (c->path[0]) {
        snprintf(v, sizeof v, "%ld %d\n", quota, RUNCG_PERIOD_US);
        if (runcgWrite(c->path, "cpu.max", v) == 0) {
            snprintf(q->path, sizeof q->path, "%s", c->path);
            return 0;
        }
    }
    char dir[512];
    snprintf(dir, sizeof dir, RUNCG_V1_CPU "/" RUNCG_PREFIX "%ld", (long)getpid());
    if (mkdir(dir, 0755) != 0 && errno != EEXIST) {
        snprintf(why, whylen, "no cpu controller to set a quota in (cpu.max; mkdir %s: %s)", dir,
                 strerror(errno));
        return -1;
    }
    snprintf(v, sizeof v, "%d\n", RUNCG_PERIOD_US);
    int ok = runcgWrite(dir, "cpu.cfs_period_us", v) == 0;
    snprintf(v, sizeof v, "%ld\n", quota);
    if (!ok || runcgWrite(dir, "cpu.cfs_quota_us", v) != 0) {
        snprintf(why, whylen, "%s/cpu.cfs_quota_us: %s", dir, strerror(errno));
        rmdir(dir);
        return -1;
    }
    snprintf(q->path, sizeof q->path, "%s", dir);
    q->v1 = 1;
    return 0;
}

int runcgQuotaJoin(const runcgQuota *q, pid_t pid, char *why, size_t whylen) {
    if (!q->v1) return 0; /* v2: the run's own cgroup, joined already */
    char s[32];
    snprintf(s, sizeof s, "%ld\n", (long)pid);
    if (runcgWrite(q->path, "cgroup.procs", s) == 0) return 0;
    snprintf(why, whylen, "%s/cgroup.procs: %s", q->path, strerror(errno));
    return -1;
}

void runcgQuotaRead(const runcgQuota *q, long *nr_periods, long *nr_throttled,
                    double *throttled_ms) {
    char buf[1024];
    *nr_periods = *nr_throttled = -1;
    *throttled_ms = NAN;
    if (!q->path[0] || runcgSlurp(q->path, "cpu.stat", buf, sizeof buf) != 0) return;
    const char *n = strstr(buf, "nr_periods ");
    if (n) *nr_periods = strtol(n + 11, NULL, 10);
    if ((n = strstr(buf, "nr_throttled "))) *nr_throttled = strtol(n + 13, NULL, 10);
    /* v1: throttled_time in ns; v2: throttled_usec */
    const char *t = strstr(buf, "throttled_time ");
    if (t) *throttled_ms = strtod(t + 15, NULL) / 1e6;
    else if ((t = strstr(buf, "throttled_usec "))) *throttled_ms = strtod(t + 15, NULL) / 1e3;
}

void runcgQuotaDelete(runcgQuota *q) {
    if (q->v1 && q->path[0]) {
        runcgKillDir(q->path);
        for (int tries = 0; tries < 500 && rmdir(q->path) != 0 && errno == EBUSY; tries++)
            runcgNap();
    }
    q->path[0] = '\0';
}
