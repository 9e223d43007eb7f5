/* cpus.c -- the machine's CPU files read once, for every layer (see
 * cpus.h): a CPU list parsed into a set, the cgroup's CPU quota. The engine's
 * --width auto (engine/autowidth) and coldload-probe (tools/coldload-probe) both read
 * them here, so they cannot disagree. */
#include "common/cpus.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/opts.h"

const char *cpusRoot(void) {
    const char *r = getenv("COLDLOAD_SYSROOT");
    return r ? r : "";
}

int cpusJoin(char *out, size_t n, const char *a, const char *b, const char *c) {
    size_t la = strlen(a), lb = strlen(b), lc = c ? strlen(c) : 0;
    if (la + lb + lc + 1 > n) return -1;
    memcpy(out, a, la);
    memcpy(out + la, b, lb);
    memcpy(out + la + lb, c ? c : "", lc + 1);
    return 0;
}

long cpusRead(const char *rel, char *buf, size_t n) {
    char path[CPUS_PATH_MAX];
    if (cpusJoin(path, sizeof path, cpusRoot(), rel, NULL) != 0) return -1;
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    size_t k = fread(buf, 1, n - 1, f);
    fclose(f);
    buf[k] = '\0';
    return (long)k;
}

int cpusListParse(const char *s, cpu_set_t *set) {
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

/* CPUs granted by one cgroup directory (rel, under the root): v2 cpu.max
 * "QUOTA PERIOD" or "max PERIOD"; v1 cfs_quota_us (-1: none) and
 * cfs_period_us. 0 when it sets no limit (or has no such file). */
static double cpusQuotaAt(const char *dir) {
    char rel[CPUS_PATH_MAX], buf[128];
    double quota, period;
    if (cpusJoin(rel, sizeof rel, dir, "/cpu.max", NULL) == 0 &&
        cpusRead(rel, buf, sizeof buf) > 0) {
        if (strncmp(buf, "max", 3) == 0) return 0;
        return sscanf(buf, "%lf %lf", &quota, &period) == 2 && quota > 0 && period > 0
                   ? quota / period
                   : 0;
    }
    if (cpusJoin(rel, sizeof rel, dir, "/cpu.cfs_quota_us", NULL) != 0 ||
        cpusRead(rel, buf, sizeof buf) <= 0 || sscanf(buf, "%lf", &quota) != 1 || quota <= 0)
        return 0;
    if (cpusJoin(rel, sizeof rel, dir, "/cpu.cfs_period_us", NULL) != 0 ||
        cpusRead(rel, buf, sizeof buf) <= 0 || sscanf(buf, "%lf", &period) != 1 || period <= 0)
        return 0;
    return quota / period;
}

/* The least quota from mount/path up to mount itself. Every level counts (a
 * parent's limit binds its children), and a path that does not exist under
 * the mount (a container without a cgroup namespace sees its host path in
 * /proc/self/cgroup, while /sys/fs/cgroup is its own cgroup) is walked up to
 * the mount, which is then the right directory. */
static double cpusQuotaWalk(const char *mount, const char *path, double least) {
    char dir[CPUS_PATH_MAX];
    if (cpusJoin(dir, sizeof dir, mount, path, NULL) != 0) return least;
    size_t base = strlen(mount);
    for (;;) {
        size_t len = strlen(dir);
        while (len > base && dir[len - 1] == '/') dir[--len] = '\0';
        double q = cpusQuotaAt(dir);
        if (q > 0 && (least <= 0 || q < least)) least = q;
        char *slash = strrchr(dir, '/');
        if (len <= base || !slash || (size_t)(slash - dir) < base) break;
        *slash = '\0';
    }
    return least;
}

double cpusQuota(void) {
    char buf[4096];
    double least = 0;
    if (cpusRead("/proc/self/cgroup", buf, sizeof buf) < 0)
        return cpusQuotaWalk("/sys/fs/cgroup", "", 0);
    for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
        char *c1 = strchr(line, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
        if (!c2) continue;
        *c1 = *c2 = '\0';
        const char *ctrls = c1 + 1, *path = c2 + 1;
        if (!*ctrls) {
            least = cpusQuotaWalk("/sys/fs/cgroup", path, least);
            continue;
        }
        if (!optsKeyIn(ctrls, "cpu", 3)) continue;
        char mount[CPUS_PATH_MAX];
        if (cpusJoin(mount, sizeof mount, "/sys/fs/cgroup/", ctrls, NULL) == 0)
            least = cpusQuotaWalk(mount, path, least);
        if (strcmp(ctrls, "cpu") != 0) least = cpusQuotaWalk("/sys/fs/cgroup/cpu", path, least);
    }
    return least;
}

int cpusListCount(const char *s) {
    cpu_set_t set;
    return cpusListParse(s, &set) == 0 ? CPU_COUNT(&set) : -1;
}
