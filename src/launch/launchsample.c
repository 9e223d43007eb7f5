/* launchsample.c -- the sampler of a launched run (see launchsample.h):
 * each pass reads /proc for the threads of the program and every process
 * below it, which CPUs they ran on, their on-CPU and run-queue time, and
 * the threading runtimes they mapped. Apart from launch.c, whose poll loop
 * calls a pass at each tick: the run is one concern, what /proc says of it
 * another. */
#include "launch/launchsample.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>


/* The slot of thread tid (taken when new: *fresh), or -1 when full (more
 * threads than any program here has). */
static int launchsampleSlotOf(launchsampleState *s, int tid, int *fresh) {
    unsigned h = (unsigned)tid * 2654435761u % SAMPLE_SLOTS;
    for (int i = 0; i < SAMPLE_SLOTS; i++, h = (h + 1) % SAMPLE_SLOTS) {
        if (s->tid[h] == tid) return *fresh = 0, (int)h;
        if (s->tid[h] == 0) {
            s->tid[h] = tid;
            return *fresh = 1, (int)h;
        }
    }
    return -1;
}

/* /proc/PID/task/TID/<name> into buf, NUL-terminated; 0, or -1 when it
 * cannot be read (the thread ended). */
static int launchsampleTaskFile(int pid, int tid, const char *name, char *buf, size_t len) {
    char path[80];
    snprintf(path, sizeof path, "/proc/%d/task/%d/%s", pid, tid, name);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t n = read(fd, buf, len - 1);
    close(fd);
    if (n <= 0) return -1;
    buf[n] = '\0';
    return 0;
}

/* One thread's schedstat ("on-CPU ns, run-queue wait ns, timeslices")
 * into its slot; readable by the process's owner, no root. */
static void launchsampleSchedstat(launchsampleState *s, int slot, int pid, int tid) {
    char buf[128];
    if (launchsampleTaskFile(pid, tid, "schedstat", buf, sizeof buf) != 0) return;
    unsigned long long on, wait;
    if (sscanf(buf, "%llu %llu", &on, &wait) != 2) return;
    s->oncpu_ns[slot] = on;
    s->runq_ns[slot] = wait;
}

/* One thread's stat: counts its CPU when it is running or its CPU time grew. */
static void launchsampleThread(launchsampleState *s, int pid, int tid) {
    char buf[1024];
    if (launchsampleTaskFile(pid, tid, "stat", buf, sizeof buf) != 0) return;
    char *p = strrchr(buf, ')');
    if (!p) return;
    /* fields from 3 (state) on; utime is 14, stime 15, processor 39 */
    char state = 0;
    unsigned long long ut = 0, st = 0;
    long cpu = -1;
    int field = 3;
    for (char *t = strtok(p + 1, " "); t; t = strtok(NULL, " "), field++) {
        if (field == 3) state = t[0];
        else if (field == 14) ut = strtoull(t, NULL, 10);
        else if (field == 15) st = strtoull(t, NULL, 10);
        else if (field == 39) {
            cpu = strtol(t, NULL, 10);
            break;
        }
    }
    int fresh = 0, slot = launchsampleSlotOf(s, tid, &fresh);
    unsigned long long *prev = slot >= 0 ? &s->ticks[slot] : NULL;
    int grew = prev && (fresh ? ut + st > 0 : ut + st > *prev);
    if (prev) *prev = ut + st;
    if (cpu >= 0 && cpu < LAUNCH_CPUS_MAX && (state == 'R' || grew))
        s->cpu[cpu / 8] |= (unsigned char)(1u << (cpu % 8));
    if (slot >= 0) launchsampleSchedstat(s, slot, pid, tid);
}

void launchsamplePass(launchsampleState *s, int root) {
    int procs[SAMPLE_PROCS], np = 0, threads = 0;
    procs[np++] = root;
    /* the runtimes it mapped: a library may come late (dlopen, a Python
     * import), the maps are long: at passes 1, 2, 4, 8 ... */
    s->passes++;
    int maps = (s->passes & (s->passes - 1)) == 0;
    if (s->passes == 1) { /* its file, read once it has ended (runtimesOfElf) */
        char exe[64];
        snprintf(exe, sizeof exe, "/proc/%d/exe", root);
        int fd = open(exe, O_RDONLY | O_CLOEXEC);
        if (fd >= 0) s->exe_fd1 = fd + 1;
    }
    for (int i = 0; i < np; i++) {
        char path[64];
        if (maps) runtimesOf(procs[i], s->runtime);
        snprintf(path, sizeof path, "/proc/%d/task", procs[i]);
        DIR *d = opendir(path);
        if (!d) continue;
        struct dirent *e;
        while ((e = readdir(d))) {
            if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
            int tid = atoi(e->d_name);
            threads++;
            launchsampleThread(s, procs[i], tid);
            char buf[4096];
            if (launchsampleTaskFile(procs[i], tid, "children", buf, sizeof buf) != 0) continue;
            for (char *t = strtok(buf, " \n"); t && np < SAMPLE_PROCS; t = strtok(NULL, " \n"))
                procs[np++] = atoi(t);
        }
        closedir(d);
    }
    if (threads > s->threads_max) s->threads_max = threads;
}

static void launchsampleCpuList(const launchsampleState *s, launchResult *r) {
    size_t o = 0;
    r->cpus[0] = '\0';
    r->ncpus = 0;
    for (int c = 0; c < LAUNCH_CPUS_MAX; c++) {
        if (!(s->cpu[c / 8] & (1u << (c % 8)))) continue;
        o += (size_t)snprintf(r->cpus + o, sizeof r->cpus - o, "%s%d", r->ncpus ? ";" : "", c);
        r->ncpus++;
    }
}

void launchsampleResult(launchsampleState *s, launchResult *r) {
    launchsampleCpuList(s, r);
    r->threads_max = s->threads_max;
    if (s->exe_fd1 > 0) {
        runtimesOfElf(s->exe_fd1 - 1, s->runtime);
        close(s->exe_fd1 - 1);
        s->exe_fd1 = 0;
    }
    runtimesList(s->runtime, r->runtimes, sizeof r->runtimes);
    if (r->samples > 0) {
        unsigned long long on = 0, wait = 0;
        for (int i = 0; i < SAMPLE_SLOTS; i++) on += s->oncpu_ns[i], wait += s->runq_ns[i];
        r->oncpu_ms = (double)on / 1e6;
        r->runq_wait_ms = (double)wait / 1e6;
    }
}
