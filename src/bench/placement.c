/* placement.c -- per-call thread placement from /proc/self/task (see
 * placement.h). Files are read with open/read into a stack buffer: no stdio,
 * no allocation, since this runs twice around every timed call. */
#include "bench/placement.h"

#include <dirent.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Reads a small /proc file into buf (NUL-terminated); returns its length or -1. */
static ssize_t placeRead(const char *path, char *buf, size_t len) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t n = read(fd, buf, len - 1);
    close(fd);
    if (n < 0) return -1;
    buf[n] = '\0';
    return n;
}

/* The number after "key ... :" in a /proc/<pid>/sched text, as a double. */
static int placeSchedField(const char *text, const char *key, double *out) {
    const char *p = strstr(text, key);
    if (!p) return -1;
    p = strchr(p, ':');
    if (!p) return -1;
    char *end;
    *out = strtod(p + 1, &end);
    return end == p + 1 ? -1 : 0;
}

/* Field 39 (processor) of a stat line: counted after the last ')', since the
 * command name may hold spaces and parentheses. */
static int placeStatCpu(const char *text) {
    const char *p = strrchr(text, ')');
    if (!p) return -1;
    int field = 2;
    for (p++; *p; p++)
        if (*p == ' ' && ++field == 39) return atoi(p + 1);
    return -1;
}

/* A thread's CPU-time clock (Linux's MAKE_THREAD_CPUCLOCK(tid, CPUCLOCK_SCHED)):
 * its sum_exec_runtime in ns for one clock_gettime, where /proc/.../sched
 * costs ~10 us a read. Valid for any thread of this process. */
static clockid_t placeTidClock(int tid) { return (clockid_t)((~(unsigned)tid << 3) | 6u); }

/* The last se.nr_migrations read per thread: a call's migrations are the
 * growth since the previous read, so the "before" side costs no read. The
 * trade-off: a migration of an idle thread between two calls (rare: a
 * sleeping thread does not move) is counted in the next call it runs in. */
static struct {
    int tid;
    long migrations;
} placeMigr[PLACE_MAX_TASKS];
static size_t placeNMigr;

static long placeMigrationsRead(int tid) {
    char path[64], buf[4096];
    double v;
    snprintf(path, sizeof path, "/proc/self/task/%d/sched", tid);
    if (placeRead(path, buf, sizeof buf) <= 0 || placeSchedField(buf, "se.nr_migrations", &v) != 0)
        return -1;
    return (long)v;
}

static long *placeMigrSlot(int tid) {
    for (size_t i = 0; i < placeNMigr; i++)
        if (placeMigr[i].tid == tid) return &placeMigr[i].migrations;
    if (placeNMigr == PLACE_MAX_TASKS) return NULL;
    placeMigr[placeNMigr].tid = tid;
    placeMigr[placeNMigr].migrations = placeMigrationsRead(tid);
    return &placeMigr[placeNMigr++].migrations;
}

/* Fills out->cpus / ncpus from seen[]. */
static void placeCpusText(const unsigned char *seen, placeCall *out) {
    size_t o = 0;
    out->ncpus = 0;
    out->cpus[0] = '\0';
    for (int c = 0; c < PLACE_CPUS_MAX; c++) {
        if (!seen[c]) continue;
        int n = snprintf(out->cpus + o, sizeof out->cpus - o, "%s%d", o ? ";" : "", c);
        if (n < 0 || (size_t)n >= sizeof out->cpus - o) break;
        o += (size_t)n;
        out->ncpus++;
    }
}

/* Why this shape: reading stat and sched of every thread twice per call cost
 * ~450 us a call at width 2, long enough for the block policy's workers to go
 * to sleep between calls -- and the grad steady median doubled (0.052 vs
 * 0.027 ms). Snapshots now read only each thread's CPU clock; /proc is read
 * after the call, for the threads that ran. */
void placeSnapTake(placeSnap *s) {
    s->n = 0;
    DIR *d = opendir("/proc/self/task");
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && s->n < PLACE_MAX_TASKS) {
        int tid = atoi(e->d_name);
        struct timespec ts;
        if (tid <= 0 || clock_gettime(placeTidClock(tid), &ts) != 0) continue;
        placeTask *t = &s->t[s->n++];
        t->tid = tid;
        t->cpu = -1;
        t->run = (unsigned long long)ts.tv_sec * 1000000000ull + (unsigned long long)ts.tv_nsec;
        long *m = placeMigrSlot(tid);
        t->migrations = m ? *m : -1;
    }
    closedir(d);
}

void placeSnapAgain(const placeSnap *before, placeSnap *after) {
    after->n = 0;
    for (size_t i = 0; i < before->n; i++) {
        struct timespec ts;
        if (clock_gettime(placeTidClock(before->t[i].tid), &ts) != 0) continue; /* exited */
        placeTask *t = &after->t[after->n++];
        *t = before->t[i];
        t->run = (unsigned long long)ts.tv_sec * 1000000000ull + (unsigned long long)ts.tv_nsec;
    }
}

static const placeTask *placeFind(const placeSnap *s, int tid) {
    for (size_t i = 0; i < s->n; i++)
        if (s->t[i].tid == tid) return &s->t[i];
    return NULL;
}

void placeCallOf(const placeSnap *before, const placeSnap *after, placeCall *out) {
    unsigned char seen[PLACE_CPUS_MAX] = {0};
    int self = (int)gettid();
    out->cpu = sched_getcpu();
    out->migrations = 0;
    out->ncpus = 0;
    out->cpus[0] = '\0';
    if (out->cpu >= 0 && out->cpu < PLACE_CPUS_MAX) seen[out->cpu] = 1;
    for (size_t i = 0; i < after->n; i++) {
        const placeTask *a = &after->t[i], *b = placeFind(before, a->tid);
        /* A thread born during the call ran in it. */
        if (b && a->run <= b->run) continue;
        int cpu = out->cpu;
        if (a->tid != self) {
            char path[64], buf[1024];
            snprintf(path, sizeof path, "/proc/self/task/%d/stat", a->tid);
            cpu = placeRead(path, buf, sizeof buf) > 0 ? placeStatCpu(buf) : -1;
        }
        if (cpu >= 0 && cpu < PLACE_CPUS_MAX) seen[cpu] = 1;
        long *slot = placeMigrSlot(a->tid), now = placeMigrationsRead(a->tid);
        long was = b ? b->migrations : 0;
        if (out->migrations >= 0) {
            if (now < 0 || was < 0) out->migrations = -1;
            else out->migrations += now - was;
        }
        if (slot) *slot = now;
    }
    if (after->n == 0) out->migrations = -1;
    placeCpusText(seen, out);
}

void placeCallFromCpus(const int *cpus, int n, placeCall *out) {
    unsigned char seen[PLACE_CPUS_MAX] = {0};
    out->cpu = sched_getcpu();
    out->migrations = -1;
    if (out->cpu >= 0 && out->cpu < PLACE_CPUS_MAX) seen[out->cpu] = 1;
    for (int i = 0; i < n; i++)
        if (cpus[i] >= 0 && cpus[i] < PLACE_CPUS_MAX) seen[cpus[i]] = 1;
    placeCpusText(seen, out);
}

int placeHasMigrations(void) { return access("/proc/self/sched", R_OK) == 0; }

int placeEnabled(void) {
    static int on = -1;
    if (on < 0) {
        const char *e = getenv("COLDLOAD_NO_PLACEMENT");
        on = !(e && strcmp(e, "1") == 0);
    }
    return on;
}

void placeCallUnknown(placeCall *out) {
    out->cpu = -1;
    out->migrations = -1;
    out->ncpus = 0;
    out->cpus[0] = '\0';
}
