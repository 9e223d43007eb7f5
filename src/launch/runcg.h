/* runcg.h -- a run's own cgroup (cgroup v2): made before the program
 * starts, the program put in it before its exec, read after it, killed
 * and removed.
 *
 * Why a cgroup of its own: the kernel then keeps, for the run's whole
 * process tree and for nothing else, its CPU time (cpu.stat usage_usec)
 * and the time in which some or all of its runnable tasks waited for a CPU
 * (cpu.pressure, PSI "some" and "full" totals) -- the page's "one thread is
 * swapped out and all the others wait for it", measured without root-only
 * tracing. And cgroup.kill ends every process of the run, a daemon that
 * left its process group included, even when the launcher itself is gone.
 *
 * Where: under a cgroup2 hierarchy the launcher may write to -- /sys/fs/cgroup
 * when it is cgroup2 (a unified host), else /sys/fs/cgroup/unified (the v2
 * half of a hybrid host), or the parent given. Non-root without a delegated
 * subtree, or a container with a read-only /sys/fs/cgroup, cannot: the caller
 * then measures with per-thread schedstat (launch/launch.c) and says which
 * method gave the figures. The cgroup is named coldload-run-<pid>, so one
 * left by a launcher that was SIGKILLed is found and removed by its name
 * (runcgSweep). */
#ifndef COLDLOAD_RUNCG_H
#define COLDLOAD_RUNCG_H

#include <stddef.h>
#include <sys/types.h>

#define RUNCG_PREFIX "coldload-run-"

typedef struct runcg {
    char path[512]; /* the cgroup's directory; "" when none was made */
} runcg;

/* What the kernel kept for the cgroup. NAN where a file was not there. */
typedef struct runcgStat {
    double cpu_ms;      /* cpu.stat usage_usec: CPU time of every task that was in it */
    double some_ms;     /* cpu.pressure some total: some runnable task of it waited for a CPU */
    double full_ms;     /* cpu.pressure full total: all of its runnable tasks waited */
    double mem_peak_kb; /* memory.peak: the most memory its tree had at once; NAN where
                           the memory controller is not v2's (a hybrid host's is v1) */
} runcgStat;

/* The hierarchy to make cgroups in: parent when given (it must be a
 * cgroup2 directory), else the first of /sys/fs/cgroup and
 * /sys/fs/cgroup/unified that is cgroup2. 0 with its path in out, or -1 with
 * why in why. */
int runcgParent(const char *parent, char *out, size_t len, char *why, size_t whylen);

/* Makes the run's cgroup under parent (runcgParent's). 0, or -1 with why. */
int runcgCreate(runcg *c, const char *parent, char *why, size_t whylen);

/* Puts process pid in it (before its exec: its children follow it). */
int runcgJoin(const runcg *c, pid_t pid, char *why, size_t whylen);

/* Reads its figures into st. */
void runcgRead(const runcg *c, runcgStat *st);

/* Kills every process still in it (cgroup.kill; where the kernel has none,
 * SIGKILL to each of cgroup.procs) and waits, at most 3 s, until it is
 * empty. Returns how many processes it had. */
long runcgKill(const runcg *c);

/* Removes it (rmdir, after runcgKill), and forgets it. */
void runcgDelete(runcg *c);

/* A CPU quota for the run: what a container or a Kubernetes pod limited to
 * N CPUs gets on a host whose nproc is larger. cgroup v2's cpu.max where
 * the run's own cgroup has the cpu controller, else a cgroup of the v1 cpu
 * controller (/sys/fs/cgroup/cpu: a hybrid host) of the same name, with
 * cpu.cfs_quota_us = cpus x its period. */
typedef struct runcgQuota {
    char path[512]; /* the cgroup that holds the quota; "" when none */
    int v1;         /* 1: the v1 cpu controller's */
} runcgQuota;

/* Makes the quota (cpus > 0) for a run of this process. 0, or -1 with why. */
int runcgQuotaCreate(runcgQuota *q, const runcg *c, double cpus, char *why, size_t whylen);
/* Puts pid under it. */
int runcgQuotaJoin(const runcgQuota *q, pid_t pid, char *why, size_t whylen);
/* The quota's periods that elapsed while it ran, those it was throttled in
 * and the time throttled (ms), -1 / NAN unknown. */
void runcgQuotaRead(const runcgQuota *q, long *nr_periods, long *nr_throttled,
                    double *throttled_ms);
/* Kills what is left in it and removes it. */
void runcgQuotaDelete(runcgQuota *q);

/* Under parent (NULL: none), and in the v1 cpu controller's hierarchy
 * where a quota may have been set: every coldload-run-<pid> cgroup whose
 * launcher <pid> is no longer running -- killed, emptied and removed.
 * Returns how many processes were still in them (one in both, once). */
long runcgSweep(const char *parent);

#endif
