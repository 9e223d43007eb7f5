/* autowidth.h -- --width auto: the engine's width chosen from the machine's
 * state before each call (never inside one).
 *
 *   width = max(1, min(cap, available - busy))
 *
 *   available  the CPUs this process may run on (its affinity list, from
 *              /proc/self/status Cpus_allowed_list) that are online
 *              (/sys/devices/system/cpu/online), capped by the cgroup's CPU
 *              quota: v2 cpu.max, v1 cpu.cfs_quota_us / cpu.cfs_period_us,
 *              the least over the process's cgroup and its ancestors,
 *              rounded down (1.5 CPUs is 1: a second thread would exhaust
 *              the quota and be throttled for the rest of the period, and a
 *              fork-join operation waits for it)
 *   busy       the CPUs other tasks keep runnable, from the runnable count
 *              over a short window (AUTOW_WINDOW_MS): see autowBusy
 *   cap        auto: `available` when the binary starts; auto:N: N
 *
 * Every file is read under $COLDLOAD_SYSROOT when it is set (a directory
 * standing in for / : proc/loadavg, proc/self/status, proc/self/cgroup,
 * proc/self/task/TID/stat, sys/devices/system/cpu/online, sys/fs/cgroup/...),
 * so tests can give the decision idle, half-busy or busy snapshots and any
 * quota. */
#ifndef COLDLOAD_AUTOWIDTH_H
#define COLDLOAD_AUTOWIDTH_H

/* The busy window: at most 2 ms, the bound. */
#define AUTOW_WINDOW_MS 2.0
/* Runnable-count samples over the window (the first at its start, the last
 * at its end). */
#define AUTOW_SAMPLES 5

/* What --width asked for. */
typedef struct autowReq {
    int automatic; /* 0: a fixed width */
    int cap;       /* the fixed width; auto:N's N; auto's, once resolved (autowResolve) */
    int given;     /* auto:N: 1 (cap fixed by the user); auto: 0 */
    char text[16]; /* "auto", "auto:4", "2": the CSV column width_requested */
} autowReq;

/* One decision and what it was made from. */
typedef struct autowDecision {
    int width;      /* the chosen width, 1..cap */
    int available;  /* affinity ∩ online, capped by the cgroup (>= 1) */
    int cgroup;     /* the cgroup's whole CPUs, 0 when unlimited */
    int busy;       /* other tasks' runnable count over the window */
} autowDecision;

/* Parses "auto", "auto:N" (N in 1..max) or "N" (1..max). 0, or -1 with a
 * one-line message naming --width on stderr. */
int autowParse(const char *s, int max, autowReq *out);

/* auto without :N: the cap becomes the available CPUs now. */
void autowResolve(autowReq *r);

/* The rule itself: max(1, min(cap, available - busy)). */
int autowChoose(int cap, int available, int busy);

/* CPUs available now (affinity ∩ online, capped by the cgroup); *cgroup
 * (when not NULL) gets the cgroup's whole CPUs, 0 for no limit. >= 1. */
int autowAvailable(int *cgroup);

/* Other tasks' runnable count over the window: the upper median of
 * AUTOW_SAMPLES readings of procs_running minus this process's own runnable
 * threads. */
int autowBusy(void);

/* available, busy, and the width for cap; fills d. */
void autowDecide(int cap, autowDecision *d);

/* The root the files are read under: $COLDLOAD_SYSROOT, or "". */
const char *autowRoot(void);

#endif
