/* cpus.h -- the machine's CPUs as its files say them, the one reader of
 * each: a CPU list ("0-3,5", as in /sys/devices/system/cpu/online and
 * /proc/self/status's Cpus_allowed_list) and the cgroup's CPU quota (v2
 * cpu.max, v1 cpu.cfs_quota_us / cpu.cfs_period_us, every level of the
 * process's cgroup path). Files are read under $COLDLOAD_SYSROOT when it is
 * set, so a test can stand in a machine of its own (tests/fixtures/sysroot). */
#ifndef COLDLOAD_CPUS_H
#define COLDLOAD_CPUS_H

#include <sched.h>
#include <stddef.h>

#define CPUS_PATH_MAX 4096

/* The root the files are read under: $COLDLOAD_SYSROOT, or "". */
const char *cpusRoot(void);

/* out = a + b (+ c when not NULL), or -1 when it would not fit: a path cut
 * short would name another file. */
int cpusJoin(char *out, size_t n, const char *a, const char *b, const char *c);

/* Reads root + rel into buf (NUL-terminated, cut to fit). Returns the
 * length, or -1 when the file cannot be read. */
long cpusRead(const char *rel, char *buf, size_t n);

/* "0-3,5" (ending at a blank, a newline or the end) -> the set; -1 on
 * anything else, or a CPU past CPU_SETSIZE. */
int cpusListParse(const char *s, cpu_set_t *set);
/* The CPUs of such a list; -1 when it is none. */
int cpusListCount(const char *s);

/* The cgroup's CPU limit in CPUs (fractional), 0 when unlimited: the least
 * quota on the process's cgroup path. Reads /proc/self/cgroup: "0::/path"
 * (v2, under /sys/fs/cgroup) and, for v1, the line whose controllers
 * include cpu (under /sys/fs/cgroup/<controllers>, else /sys/fs/cgroup/cpu);
 * without it, the mount's own quota. */
double cpusQuota(void);

#endif
