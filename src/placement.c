/* placement.c -- per-call thread placement from /proc/self/task (see
 * placement.h). Files are read with open/read into a stack buffer: no stdio,
 * no allocation, since this runs twice around every timed call. */
#include "placement.h"

#include <dirent.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

static int placeTaskRead(int tid, placeTask *t) {
    char path[64], buf[4096];
    double v;
    t->tid = tid;
    t->cpu = -1;
    t->migrations = -1;
    snprintf(path, sizeof path, "/proc/self/task/%d/stat", tid);
    if (placeRead(path, buf, sizeof buf) < 0) return -1;
    t->cpu = placeStatCpu(buf);
    snprintf(path, sizeof path, "/proc/self/task/%d/sched", tid);
    if (placeRead(path, buf, sizeof buf) > 0 &&
        placeSchedField(buf, "se.sum_exec_runtime", &v) == 0) {
        t->run = (unsigned long long)(v * 1e6); /* printed in ms */
        if (placeSchedField(buf, "se.nr_migrations", &v) == 0) t->migrations = (long)v;
        return 0;
    }
    snprintf(path, sizeof path, "/proc/self/task/%d/schedstat", tid);
    if (placeRead(path, buf, sizeof buf) < 0) return -1;
    t->run = strtoull(buf, NULL, 10);
    return 0;
}

void placeSnapTake(placeSnap *s) {
    s->n = 0;
    DIR *d = opendir("/proc/self/task");
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && s->n < PLACE_MAX_TASKS) {
        int tid = atoi(e->d_name);
        if (tid > 0 && placeTaskRead(tid, &s->t[s->n]) == 0) s->n++;
    }
    closedir(d);
}

static const placeTask *placeFind(const placeSnap *s, int tid) {
    for (size_t i = 0; i < s->n; i++)
        if (s->t[i].tid == tid) return &s->t[i];
    return NULL;
}

void placeCallOf(const placeSnap *before, const placeSnap *after, placeCall *out) {
    unsigned char seen[PLACE_CPUS_MAX] = {0};
    out->cpu = sched_getcpu();
    out->migrations = 0;
    out->ncpus = 0;
    out->cpus[0] = '\0';
    if (out->cpu >= 0 && out->cpu < PLACE_CPUS_MAX) seen[out->cpu] = 1;
    for (size_t i = 0; i < after->n; i++) {
        const placeTask *a = &after->t[i], *b = placeFind(before, a->tid);
        /* A thread born during the call ran in it. */
        int ran = !b || a->run > b->run;
        if (ran && a->cpu >= 0 && a->cpu < PLACE_CPUS_MAX) seen[a->cpu] = 1;
        if (out->migrations < 0) continue;
        if (a->migrations < 0 || (b && b->migrations < 0)) out->migrations = -1;
        else out->migrations += a->migrations - (b ? b->migrations : 0);
    }
    if (after->n == 0) out->migrations = -1;
    size_t o = 0;
    for (int c = 0; c < PLACE_CPUS_MAX; c++) {
        if (!seen[c]) continue;
        int n = snprintf(out->cpus + o, sizeof out->cpus - o, "%s%d", o ? ";" : "", c);
        if (n < 0 || (size_t)n >= sizeof out->cpus - o) break;
        o += (size_t)n;
        out->ncpus++;
    }
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
