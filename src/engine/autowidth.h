/* autowidth.h -- --width auto: the engine's width chosen from the machine's
 * state between calls (never inside one).
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
 *   busy       the CPUs other tasks keep runnable: one reading of the
 *              runnable count, no window slept through (see autowBusy)
 *   cap        auto: `available` when the binary starts; auto:N: N
 *
 * A decision is kept for AUTOW_KEEP_MS (autowMemo): a call that starts
 * within that time of the last decision reuses it, and only a call's own
 * size lowers it further (the limit the workload passes: a call never gets
 * more threads than its size can use).
 *
 * Every file is read under $COLDLOAD_SYSROOT when it is set (a directory
 * standing in for / : proc/loadavg, proc/self/status, proc/self/cgroup,
 * proc/self/task/TID/stat, sys/devices/system/cpu/online, sys/fs/cgroup/...),
 * so tests can give the decision idle, half-busy or busy snapshots and any
 * quota. */
#ifndef COLDLOAD_AUTOWIDTH_H
#define COLDLOAD_AUTOWIDTH_H

/* How long a decision serves. Why not decide before every call: any work
 * between two calls slows the next fork-join call (the workers have gone to
 * sleep meanwhile: a 10 us spin between width-2 grad calls made them 17 %
 * slower), and the decision reads /proc. 100 ms follows a load that starts
 * or stops within a tenth of a second, and costs a 12 us grad call one
 * decision in ~8000 calls, a 5 ms svdvals call one in 20; a call longer than
 * this (a loaded TRG: seconds) gets a fresh decision every time, at a cost
 * far below its own. */
#define AUTOW_KEEP_MS 100.0

/* What --width asked for. */
typedef struct autowReq {
    int automatic; /* 0: a fixed width */
    int cap;       /* the fixed width; auto:N's N; auto's, once resolved (autowResolve) */
    int given;     /* auto:N: 1 (cap fixed by the user); auto: 0 */
    int tune;      /* auto: 1, the measured choice below the rule's width
                      (autotune.h); 0 (--no-tune): the rule's width itself */
    char text[16]; /* "auto", "auto:4", "2": the CSV column width_requested */
} autowReq;

/* One decision and what it was made from. */
typedef struct autowDecision {
    int width;     /* the chosen width, 1..cap */
    int available; /* affinity ∩ online, capped by the cgroup (>= 1) */
    int cgroup;    /* the cgroup's whole CPUs, 0 when unlimited */
    int busy;      /* other tasks' runnable count at the reading */
} autowDecision;

/* The last decision and how long it serves (autowMemoWidth). */
typedef struct autowMemo {
    double keep_ms; /* a decision serves calls starting within this; 0: none is reused */
    double made_ms; /* when the last was made (CLOCK_MONOTONIC ms); < 0: none yet */
    int cap;        /* the cap it was made for */
    autowDecision last;
    double cost_ms; /* what the last decision took */
    long decisions; /* made so far */
} autowMemo;

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

/* Other tasks' runnable count now: one reading of procs_running minus this
 * process's threads runnable just before or just after it. Never sleeps. */
int autowBusy(void);

/* available, busy, and the width for cap; fills d. */
void autowDecide(int cap, autowDecision *d);

/* An empty memo whose decisions serve keep_ms (AUTOW_KEEP_MS; 0: decide
 * before every call, as the tests that flip snapshots between calls need). */
void autowMemoInit(autowMemo *m, double keep_ms);
/* The width of the call about to start: the last decision while it is
 * younger than keep_ms and was made for this cap, else a new one
 * (autowDecide); then at most `limit` when limit > 0 (the most threads the
 * call's size can use, e.g. progUsefulWidth). The first call always
 * decides. Returns 1 when it decided now, 0 when it reused. */
int autowMemoWidth(autowMemo *m, int cap, int limit, int *width);

/* The rule with a size limit: min(w, limit) for limit > 0, never below 1. */
int autowLimit(int w, int limit);

#endif
