/* coldload-probe.c -- the machine facts and the machine's state a
 * harness records in meta.txt, as key=value lines on stdout.
 *
 *   coldload-probe            machine facts, once per results directory: CPU
 *                             model, CPUs (nproc, online, affinity), cgroup
 *                             quota, memory, OpenBLAS's build and threads, the
 *                             engine's default wait, the clock and its cost,
 *                             how placement is read
 *   coldload-probe --state [--prefix P]
 *                             the state now: utc, load1, loadavg,
 *                             procs_running, PSI cpu some/full, steal ticks,
 *                             the machine's busy CPU time in ms
 *                             (keys P_<key> with --prefix)
 *
 * Why C: the same library calls the workload binaries make (linalg.h,
 * measure.h, placement.h) give the same answers, so nothing has to be
 * printed as a banner and parsed back. Files are read under
 * $COLDLOAD_SYSROOT when it is set (common/cpus.h), so a test can give a
 * machine of its own. Exit: 0, 2 usage. */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench/measure.h"
#include "bench/placement.h"
#include "common/cpus.h"
#include "common/opts.h"
#include "common/slurp.h"
#include "engine/linalg.h"
#include "engine/pool.h"

#define PROBE_FILE_MAX (1 << 20)

static const char probeUsage[] =
    "usage: coldload-probe [--state [--prefix P]]\n"
    "  (no option)   machine facts as key=value lines: cpu_model nproc cpus_online\n"
    "                cpus_online_count cgroup_cpu_max cgroup_v1_cfs_quota_period cpus_allowed\n"
    "                cpu_limit sched_autogroup_enabled mem_total_kb clk_tck openblas_parallel\n"
    "                openblas_corename openblas_config openblas_threads_at_load "
    "binary_default_wait\n"
    "                clock clock_overhead_ns placement (openblas_threads_at_load: the threads\n"
    "                OpenBLAS starts with in this environment; the binaries get\n"
    "                OPENBLAS_NUM_THREADS=<width>)\n"
    "  --state       the state now: utc load1 loadavg procs_running psi_cpu_some psi_cpu_full\n"
    "                steal_ticks cpu_busy_ms\n"
    "  --prefix P    with --state: keys P_<key> (P: letters, digits, _)\n"
    "Files are read under $COLDLOAD_SYSROOT when it is set.\n";

/* The file at rel under the sysroot, whole, NULL when unreadable. */
static char *probeSlurp(const char *rel) {
    char path[4096];
    int trunc = 0;
    if ((size_t)snprintf(path, sizeof path, "%s%s", cpusRoot(), rel) >= sizeof path) return NULL;
    return slurpText(path, PROBE_FILE_MAX, &trunc, NULL, 0);
}

/* Prints text cut at its first newline (a value stays on its line). */
static void probeKey(const char *prefix, const char *key, const char *text) {
    printf("%s%s%s=%.*s\n", prefix, *prefix ? "_" : "", key, (int)strcspn(text, "\n"), text);
}

/* key=<the file's first line>, or key=missing when it cannot be read. */
static void probeFileKey(const char *prefix, const char *key, const char *rel,
                         const char *missing) {
    char *t = probeSlurp(rel);
    probeKey(prefix, key, t ? t : missing);
    free(t);
}

/* The value after "name" and the separator chars in sep, on the line that
 * starts with name; "" when there is none. Points into text. */
static const char *probeField(const char *text, const char *name, const char *sep, size_t *len) {
    size_t nl = strlen(name);
    for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
        if (strncmp(p, name, nl) != 0 || !strchr(sep, p[nl])) continue;
        p += nl;
        p += strspn(p, sep);
        *len = strcspn(p, "\n");
        return p;
    }
    *len = 0;
    return "";
}

static void probeFieldKey(const char *key, const char *rel, const char *name, const char *sep) {
    char *t = probeSlurp(rel);
    size_t len;
    const char *v = probeField(t ? t : "", name, sep, &len);
    printf("%s=%.*s\n", key, (int)len, v);
    free(t);
}

/* CPUs the cgroup grants (common/cpus.h, the reader --width auto uses);
 * "none" when unlimited. */
static void probeCpuLimit(void) {
    double q = cpusQuota();
    if (q > 0) printf("cpu_limit=%.2f\n", q);
    else printf("cpu_limit=none\n");
}

static void probeMachine(void) {
    probeFieldKey("cpu_model", "/proc/cpuinfo", "model name", " \t:");
    cpu_set_t set;
    CPU_ZERO(&set);
    printf("nproc=%d\n", sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : -1);
    char *online = probeSlurp("/sys/devices/system/cpu/online");
    probeKey("", "cpus_online", online ? online : "unreadable");
    printf("cpus_online_count=%d\n", online ? cpusListCount(online) : -1);
    free(online);
    probeFileKey("", "cgroup_cpu_max", "/sys/fs/cgroup/cpu.max", "absent");
    char *qs = probeSlurp("/sys/fs/cgroup/cpu/cpu.cfs_quota_us");
    char *ps = probeSlurp("/sys/fs/cgroup/cpu/cpu.cfs_period_us");
    printf("cgroup_v1_cfs_quota_period=");
    if (qs && ps) printf("%.*s %.*s", (int)strcspn(qs, "\n"), qs, (int)strcspn(ps, "\n"), ps);
    printf("\n");
    free(qs);
    free(ps);
    probeFieldKey("cpus_allowed", "/proc/self/status", "Cpus_allowed_list", " \t:");
    probeCpuLimit();
    probeFileKey("", "sched_autogroup_enabled", "/proc/sys/kernel/sched_autogroup_enabled",
                 "absent");
    char *mem = probeSlurp("/proc/meminfo");
    size_t len;
    const char *kb = probeField(mem ? mem : "", "MemTotal", " \t:", &len);
    printf("mem_total_kb=%.*s\n", (int)strspn(kb, "0123456789"), kb);
    free(mem);
    printf("clk_tck=%ld\n", sysconf(_SC_CLK_TCK));
    printf("openblas_parallel=%s\n", linalgParallel());
    printf("openblas_corename=%s\n", linalgCorename());
    printf("openblas_config=%s\n", linalgConfig());
    printf("openblas_threads_at_load=%d\n", linalgThreads());
    printf("binary_default_wait=%s\n", poolWaitName(POOL_WAIT_DEFAULT));
    printf("clock=CLOCK_MONOTONIC\n");
    printf("clock_overhead_ns=%.0f\n", measureClockOverheadNs(1001));
    if (!placeEnabled())
        printf("placement=off (COLDLOAD_NO_PLACEMENT=1): cpu, cpus, migrations empty\n");
    else
        printf("placement=per call: cpu (sched_getcpu), cpus (/proc/self/task/*), migrations %s\n",
               placeHasMigrations() ? "(se.nr_migrations)"
                                    : "unknown: this kernel has no /proc/self/sched (left empty)");
}

/* A PSI line's values ("avg10=... total=..."), or "unavailable". */
static void probePsi(const char *prefix, const char *key, const char *psi, const char *which) {
    size_t len;
    const char *v = probeField(psi ? psi : "", which, " ", &len);
    if (len) printf("%s%s%s=%.*s\n", prefix, *prefix ? "_" : "", key, (int)len, v);
    else probeKey(prefix, key, "unavailable");
}

static void probeState(const char *p) {
    char utc[40];
    measureUtc(utc, sizeof utc);
    probeKey(p, "utc", utc);
    char *la = probeSlurp("/proc/loadavg");
    char one[32] = "";
    if (la) sscanf(la, "%31s", one);
    probeKey(p, "load1", one);
    probeKey(p, "loadavg", la ? la : "");
    free(la);
    char *st = probeSlurp("/proc/stat");
    size_t len;
    const char *v = probeField(st ? st : "", "procs_running", " ", &len);
    if (len) printf("%s%sprocs_running=%.*s\n", p, *p ? "_" : "", (int)len, v);
    else probeKey(p, "procs_running", "-1");
    /* "cpu  user nice system idle iowait irq softirq steal ...": the 8th value */
    unsigned long long f[8] = {0};
    if (st && strncmp(st, "cpu ", 4) == 0)
        sscanf(st + 4, "%llu %llu %llu %llu %llu %llu %llu %llu", &f[0], &f[1], &f[2], &f[3], &f[4],
               &f[5], &f[6], &f[7]);
    free(st);
    char *psi = probeSlurp("/proc/pressure/cpu");
    probePsi(p, "psi_cpu_some", psi, "some");
    probePsi(p, "psi_cpu_full", psi, "full");
    free(psi);
    printf("%s%ssteal_ticks=%llu\n", p, *p ? "_" : "", f[7]);
    /* the machine's busy CPU time so far, every CPU summed: user, nice,
     * system, irq, softirq (not idle, iowait or the hypervisor's steal;
     * guest time is in user). Between two probes, less the harness's own
     * (its _own_cpu_ms), what other tasks took: the idle-busy check. */
    long hz = sysconf(_SC_CLK_TCK);
    if (hz > 0 && f[0] + f[2] + f[3] > 0)
        printf("%s%scpu_busy_ms=%.0f\n", p, *p ? "_" : "",
               (double)(f[0] + f[1] + f[2] + f[5] + f[6]) * 1e3 / (double)hz);
}

int main(int argc, char **argv) {
    int state = 0;
    const char *prefix = "", *v;
    optsProg = "coldload-probe";
    for (int i = 1; i < argc;) {
        int m;
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(probeUsage, stdout);
            return 0;
        }
        if (strcmp(argv[i], "--state") == 0) {
            state = 1;
            i++;
        } else if ((m = optsMatch(argc, argv, &i, "--prefix", &v)) != 0) {
            if (m < 0) return OPTS_EXIT_USAGE;
            if (!*v ||
                strspn(v, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") !=
                    strlen(v)) {
                char b[64];
                optsError("--prefix: expected letters, digits and _, got '%s'",
                          optsPrintable(v, b, sizeof b));
                return OPTS_EXIT_USAGE;
            }
            prefix = v;
        } else {
            char b[64];
            optsError("unknown option '%s' (see --help)", optsPrintable(argv[i], b, sizeof b));
            return OPTS_EXIT_USAGE;
        }
    }
    if (*prefix && !state) {
        optsError("--prefix: only with --state");
        return OPTS_EXIT_USAGE;
    }
    if (state) probeState(prefix);
    else probeMachine();
    if (fflush(stdout) != 0 || ferror(stdout)) return 1;
    return 0;
}
