/* launch.c -- one run of anyone's program, recorded (see launch.h).
 *
 * The order of a run: fork; the child joins a process group of its own and
 * waits on a pipe; the parent opens the perf counters on it (they start at
 * the exec: enable_on_exec), reads the clock and lets it go; the child
 * execs. While it runs, one poll loop serves its stdout, our signals (a
 * self-pipe: SIGCHLD, INT, TERM, HUP), the sampler's ticks and the cap.
 * When it has exited: the clock, wait4's rusage, then what it left behind
 * is killed and reaped, and its stdout drained to EOF; last, the file it
 * was to write, when that is the output to check, is hashed: nothing of the
 * run is left to write it. */
#include "launch/launch.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <linux/perf_event.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "launch/launchsample.h"
#include "launch/runcg.h"
#include "launch/runtimes.h"
#include "launch/series.h"
#include "common/checksum.h"
#include "common/runfigs.h"

static volatile sig_atomic_t launchSignal; /* INT, TERM or HUP received */
static int launchWake[2] = {-1, -1};       /* the self-pipe: any signal wakes the poll */

static void launchOnSignal(int sig) {
    int e = errno;
    if (sig != SIGCHLD && !launchSignal) launchSignal = sig;
    if (launchWake[1] >= 0) (void)!write(launchWake[1], "x", 1);
    errno = e;
}

int launchSetup(char *err, size_t errlen) {
    if (pipe2(launchWake, O_CLOEXEC | O_NONBLOCK) != 0) {
        snprintf(err, errlen, "pipe: %s", strerror(errno));
        return -1;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = launchOnSignal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGCHLD};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) sigaction(sigs[i], &sa, NULL);
    /* a write to a pipe whose reader is gone (the child died before its
     * go, a closed stdout) is an error to handle, not a death */
    signal(SIGPIPE, SIG_IGN);
    /* Orphans of the program (a daemon it forked, even one that left its
     * process group) become our children, so we can find and end them. */
    if (prctl(PR_SET_CHILD_SUBREAPER, 1) != 0) {
        snprintf(err, errlen, "prctl(PR_SET_CHILD_SUBREAPER): %s", strerror(errno));
        return -1;
    }
    /* The harness dying (even SIGKILLed) stops us, and so the run. */
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() == 1) launchSignal = SIGTERM;
    return 0;
}

/* the names the summary reads back (common/runfigs.h: one list) */
const char *launchStatusName(launchStatus s) { return runfigStatusName((int)s); }

int launchCensored(launchStatus s) { return s == LAUNCH_CUT || s == LAUNCH_SLOW; }

const char *launchOutSourceName(launchOutSource s) {
    static const char *const n[] = {"", "stdout", "file", "file-missing"};
    return (unsigned)s < sizeof n / sizeof n[0] ? n[s] : "?";
}

int launchHashed(const launchResult *r) {
    return r->out_source == LAUNCH_OUT_STDOUT || r->out_source == LAUNCH_OUT_FILE;
}

static double launchNowMs(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* --- the perf counters ------------------------------------------------------------------- */

static int launchPerfOpen(pid_t pid, unsigned long long config, char *why, size_t len) {
    struct perf_event_attr a;
    memset(&a, 0, sizeof a);
    a.size = sizeof a;
    a.type = PERF_TYPE_SOFTWARE;
    a.config = config;
    a.disabled = 1;
    a.enable_on_exec = 1;
    a.inherit = 1;
    /* Kernel-side counting stays on: software events are counted in the
     * kernel, and with exclude_kernel they may read 0 -- a made-up figure.
     * Where that is refused the column stays empty. */
    int fd = (int)syscall(SYS_perf_event_open, &a, pid, -1, -1, PERF_FLAG_FD_CLOEXEC);
    if (fd < 0 && !why[0]) {
        int e = errno;
        char par[16] = "?";
        FILE *f = fopen("/proc/sys/kernel/perf_event_paranoid", "r");
        if (f) {
            if (!fgets(par, sizeof par, f)) strcpy(par, "?");
            par[strcspn(par, "\n")] = '\0';
            fclose(f);
        }
        snprintf(why, len, "perf_event_open: %s (perf_event_paranoid %s%s)", strerror(e), par,
                 e == ENOSYS || e == EPERM ? "; a container's seccomp filter refuses it" : "");
    }
    return fd;
}

static long long launchPerfRead(int fd) {
    long long v;
    if (fd < 0 || read(fd, &v, sizeof v) != (ssize_t)sizeof v) return -1;
    return v;
}

/* --- leftovers ------------------------------------------------------------------------------ */

/* Our children now (the program's orphans come to us: launchSetup). */
static int launchChildren(pid_t *out, int cap) {
    char path[64], buf[8192];
    snprintf(path, sizeof path, "/proc/self/task/%ld/children", (long)syscall(SYS_gettid));
    int fd = open(path, O_RDONLY | O_CLOEXEC), n = 0;
    if (fd < 0) return 0;
    ssize_t len = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (len <= 0) return 0;
    buf[len] = '\0';
    for (char *t = strtok(buf, " \n"); t && n < cap; t = strtok(NULL, " \n")) out[n++] = atoi(t);
    return n;
}

/* Kills what the run left: its process group, and any process reparented
 * to us; reaps them (at most 3 s). Returns how many were reaped. */
static long launchReapLeft(pid_t pgid) {
    long left = 0;
    double until = launchNowMs() + 3000;
    for (;;) {
        kill(-pgid, SIGKILL);
        pid_t kids[256];
        int n = launchChildren(kids, 256);
        for (int i = 0; i < n; i++) kill(kids[i], SIGKILL);
        pid_t p;
        int st;
        while ((p = waitpid(-1, &st, WNOHANG)) > 0) left++;
        if (p < 0 && errno == ECHILD) break;
        if (launchNowMs() > until) break;
        usleep(2000);
    }
    return left;
}

/* --- the run --------------------------------------------------------------------------------- */

/* The child's side, between fork and exec: never returns. */
static void launchChild(const launchOpts *o, int go, int out_w, int err_w, int errpipe) {
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGCHLD, SIGPIPE};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) signal(sigs[i], SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    setpgid(0, 0);
    /* should the launcher be SIGKILLed, the program does not run on */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (out_w >= 0 && dup2(out_w, STDOUT_FILENO) < 0) _exit(127);
    if (err_w >= 0 && dup2(err_w, STDERR_FILENO) < 0) _exit(127);
    char c;
    if (read(go, &c, 1) != 1) _exit(127); /* the parent gave up */
    execvp(o->argv[0], o->argv);
    int e = errno;
    (void)!write(errpipe, &e, sizeof e);
    _exit(127);
}

/* --- the program's output: read, hashed, copied on within its bound ---------------------- */

/* One of the program's streams as the launcher reads it. Bounded (keep > 0),
 * its first keep/2 bytes are copied on as they come, the bytes after them
 * go round a ring of the other half, and at the end a line says how much
 * was dropped and the ring -- the stream's tail -- follows it. */
typedef struct launchStream {
    const char *name; /* "stdout", "stderr" */
    int fd;           /* the read end; -1 at EOF (or never opened) */
    int to;           /* where it is copied; -1: dropped */
    int hash;         /* 1: hashed into r->out_hash */
    long long keep;   /* the bound; 0: everything copied */
    long long seen;   /* bytes read */
    long long head;   /* bytes copied as they came */
    char last;        /* the last byte of the head */
    char *ring;       /* the tail: ring_cap bytes, ring_len of them used, the oldest at ring_at */
    size_t ring_cap, ring_len, ring_at;
    struct series *series; /* fed every byte read (launch/series.h); NULL: none */
} launchStream;

/* Reads per pass of the poll loop: a program that writes without a pause
 * must not keep the loop from its signals, its cap and its sampler. */
enum { LAUNCH_DRAIN_READS = 16 };

static void launchCopy(int to, const char *p, size_t n) {
    for (size_t w = 0; to >= 0 && w < n;) {
        ssize_t k = write(to, p + w, n - w);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return; /* a full disk, a closed reader: the copy is lost, the run goes on */
        w += (size_t)k;
    }
}

static void launchStreamTake(launchStream *s, const char *p, size_t n) {
    s->seen += (long long)n;
    if (!s->keep) {
        launchCopy(s->to, p, n);
        return;
    }
    long long room = s->keep / 2 - s->head;
    if (room > 0) {
        size_t k = (size_t)room < n ? (size_t)room : n;
        launchCopy(s->to, p, k);
        s->head += (long long)k;
        s->last = p[k - 1];
        p += k, n -= k;
    }
    if (n == 0) return;
    if (!s->ring) {
        s->ring_cap = (size_t)(s->keep - s->keep / 2);
        if (!(s->ring = malloc(s->ring_cap))) s->ring_cap = 0; /* no tail, then */
    }
    if (s->ring_cap == 0) return;
    if (n > s->ring_cap) p += n - s->ring_cap, n = s->ring_cap; /* older bytes: dropped */
    for (size_t k; n; p += k, n -= k) {
        size_t at = (s->ring_at + s->ring_len) % s->ring_cap;
        k = s->ring_cap - at < n ? s->ring_cap - at : n;
        memcpy(s->ring + at, p, k);
        size_t over = s->ring_len + k > s->ring_cap ? s->ring_len + k - s->ring_cap : 0;
        s->ring_len += k - over;
        s->ring_at = (s->ring_at + over) % s->ring_cap;
    }
}

/* The end of a bounded stream: the line saying what was dropped, then the
 * tail. Returns the bytes dropped. */
static long long launchStreamEnd(launchStream *s) {
    if (!s->keep) return 0; /* unbounded: every byte was copied as it came */
    long long dropped = s->seen - s->head - (long long)s->ring_len;
    if (dropped > 0) {
        char line[256];
        int n = snprintf(line, sizeof line,
                         "%s[coldload-run: %s was %lld bytes; %lld dropped here, the first %lld "
                         "and the last %lld kept (--keep-output %lld)]\n",
                         s->head && s->last != '\n' ? "\n" : "", s->name, s->seen, dropped, s->head,
                         (long long)s->ring_len, s->keep);
        launchCopy(s->to, line, (size_t)n);
    }
    if (s->ring_len) {
        size_t first =
            s->ring_cap - s->ring_at < s->ring_len ? s->ring_cap - s->ring_at : s->ring_len;
        launchCopy(s->to, s->ring + s->ring_at, first);
        launchCopy(s->to, s->ring, s->ring_len - first);
    }
    free(s->ring);
    s->ring = NULL;
    s->ring_len = 0;
    return dropped > 0 ? dropped : 0;
}

/* Reads what s has: until block_ms have passed or its EOF; block_ms 0: what
 * is there now, at most LAUNCH_DRAIN_READS reads. */
static void launchDrain(launchStream *s, launchResult *r, int block_ms) {
    char buf[65536];
    double until = launchNowMs() + block_ms;
    for (int reads = 0; s->fd >= 0; reads++) {
        if (block_ms == 0 && reads >= LAUNCH_DRAIN_READS) return;
        struct pollfd p = {s->fd, POLLIN, 0};
        int left = (int)(until - launchNowMs());
        if (poll(&p, 1, left > 0 ? left : 0) <= 0) return;
        ssize_t n = read(s->fd, buf, sizeof buf);
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (n <= 0) {
            close(s->fd);
            s->fd = -1;
            return;
        }
        if (s->hash) {
            r->out_hash = checksumBytes(r->out_hash, buf, (size_t)n);
            r->out_bytes += n;
        }
        if (s->series) seriesFeed(s->series, buf, (size_t)n);
        launchStreamTake(s, buf, (size_t)n);
    }
}

/* The run's output file (o->hash_file): its whole content hashed, block by
 * block. Opened without blocking and refused unless a regular file, so a
 * FIFO or a device there cannot hang or never end the read. */
static void launchHashFile(const launchOpts *o, launchResult *r) {
    r->out_hash = CHECKSUM_FNV_OFFSET;
    r->out_bytes = 0;
    r->out_source = LAUNCH_OUT_FILE;
    struct stat st;
    int fd = open(o->hash_file, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd >= 0 && fstat(fd, &st) != 0) st.st_mode = 0;
    if (fd >= 0 && !S_ISREG(st.st_mode)) errno = S_ISDIR(st.st_mode) ? EISDIR : EINVAL;
    if (fd < 0 || !S_ISREG(st.st_mode) || checksumFd(fd, &r->out_hash, &r->out_bytes) != 0) {
        r->out_errno = errno;
        r->out_source = LAUNCH_OUT_FILE_MISSING;
        r->out_hash = 0;
        r->out_bytes = 0;
    }
    if (fd >= 0) close(fd);
    /* what cannot be unlinked (a directory the program made there) stays */
    if (o->remove_hash_file) (void)unlink(o->hash_file);
}

/* What a run holds while it lasts: its pipes (go: the child's start; ep:
 * its exec's errno; op, xp: its stdout and stderr), the streams read off
 * them, its cgroups, its perf counters and its sampler. */
typedef struct launchRunState {
    int go[2], ep[2], op[2], xp[2];
    int pm, pc; /* perf: migrations, context switches; -1: none */
    launchStream so, se;
    runcg cg;
    runcgQuota quota;
    launchsampleState *smp;
    pid_t pid;
} launchRunState;

/* A result before the run: every figure not measured yet (-1 or NaN). */
static void launchResultInit(launchResult *r) {
    memset(r, 0, sizeof *r);
    r->out_hash = CHECKSUM_FNV_OFFSET;
    r->migrations = r->ctxsw = -1;
    r->series_calls = -1;
    r->cg_cpu_ms = r->wait_some_ms = r->wait_full_ms = r->oncpu_ms = r->runq_wait_ms = NAN;
    r->cg_mem_peak_kb = NAN;
    r->nr_periods = r->nr_throttled = -1;
    r->throttled_ms = NAN;
}

/* The state of a run before its fork: no pipe, no cgroup, the streams. */
static void launchStateInit(const launchOpts *o, launchRunState *st) {
    memset(st, 0, sizeof *st);
    for (int i = 0; i < 2; i++) st->go[i] = st->ep[i] = st->op[i] = st->xp[i] = -1;
    st->pm = st->pc = -1;
    /* stdout is read when hashed, bounded or matched (series), stderr when bounded */
    st->so = (launchStream){.name = "stdout",
                            .fd = -1,
                            .to = o->stdout_fd,
                            .hash = o->hash_stdout,
                            .keep = o->keep_bytes,
                            .series = o->series};
    st->se = (launchStream){.name = "stderr", .fd = -1, .to = o->stderr_fd, .keep = o->keep_bytes};
}

/* The sampler's state and the pipes the run needs. */
static int launchOpen(const launchOpts *o, launchRunState *st, char *err, size_t errlen) {
    st->smp = calloc(1, sizeof *st->smp);
    if (!st->smp || pipe2(st->go, O_CLOEXEC) || pipe2(st->ep, O_CLOEXEC) ||
        ((o->hash_stdout || o->keep_bytes > 0 || o->series) && pipe2(st->op, O_CLOEXEC)) ||
        (o->keep_bytes > 0 && pipe2(st->xp, O_CLOEXEC))) {
        snprintf(err, errlen, "%s: %s", st->smp ? "pipe" : "calloc", strerror(errno));
        return -1;
    }
    return 0;
}

/* The run's own cgroup, made before the fork and joined before the exec:
 * every process of the run is in it from its first instruction. */
static void launchCgroupMake(const launchOpts *o, launchRunState *st, launchResult *r) {
    char cgparent[512];
    int swept = 0;
    if (o->no_cgroup) snprintf(r->cg_why, sizeof r->cg_why, "off (--no-cgroup)");
    else if (runcgParent(o->cgroup_parent, cgparent, sizeof cgparent, r->cg_why,
                         sizeof r->cg_why) == 0) {
        runcgSweep(cgparent); /* left by a launcher that was killed */
        swept = 1;
        runcgCreate(&st->cg, cgparent, r->cg_why, sizeof r->cg_why);
    }
    if (!swept && o->quota_cpus > 0) runcgSweep(NULL); /* a quota's v1 cgroups alone */
}

/* The fork; the child into the cgroup and under the quota, waiting on its
 * go. */
static int launchFork(const launchOpts *o, launchRunState *st, launchResult *r, char *err,
                      size_t errlen) {
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, errlen, "fork: %s", strerror(errno));
        return -1;
    }
    if (pid == 0) launchChild(o, st->go[0], st->op[1], st->xp[1], st->ep[1]);
    st->pid = pid;
    if (st->cg.path[0] && runcgJoin(&st->cg, pid, r->cg_why, sizeof r->cg_why) != 0)
        runcgDelete(&st->cg);
    /* a CPU quota asked for and not set: the run is not what was asked,
     * so it does not run (the caller says why) */
    if (o->quota_cpus > 0 &&
        (runcgQuotaCreate(&st->quota, &st->cg, o->quota_cpus, r->quota_why, sizeof r->quota_why) !=
             0 ||
         runcgQuotaJoin(&st->quota, pid, r->quota_why, sizeof r->quota_why) != 0)) {
        snprintf(err, errlen, "--quota %g: %s", o->quota_cpus, r->quota_why);
        kill(pid, SIGKILL);
        waitpid(pid, NULL, 0);
        return -1;
    }
    snprintf(r->method, sizeof r->method, "%s", st->cg.path[0] ? "cgroup" : "schedstat");
    setpgid(pid, pid); /* both sides: whichever runs first, the group exists */
    return 0;
}

/* The parent's ends of the pipes kept, the perf counters opened, the clock
 * read and the child let go. Returns the clock at the go; NAN: the child did
 * not start. */
static double launchGo(const launchOpts *o, launchRunState *st, launchResult *r, char *err,
                       size_t errlen) {
    close(st->go[0]), st->go[0] = -1;
    close(st->ep[1]), st->ep[1] = -1;
    if (st->op[1] >= 0) close(st->op[1]), st->op[1] = -1;
    if (st->xp[1] >= 0) close(st->xp[1]), st->xp[1] = -1;
    if (st->op[0] >= 0)
        fcntl(st->op[0], F_SETFL, O_NONBLOCK), st->so.fd = st->op[0], st->op[0] = -1;
    if (st->xp[0] >= 0)
        fcntl(st->xp[0], F_SETFL, O_NONBLOCK), st->se.fd = st->xp[0], st->xp[0] = -1;

    if (o->no_perf) snprintf(r->perf_why, sizeof r->perf_why, "off (--no-perf)");
    else {
        st->pm =
            launchPerfOpen(st->pid, PERF_COUNT_SW_CPU_MIGRATIONS, r->perf_why, sizeof r->perf_why);
        st->pc = launchPerfOpen(st->pid, PERF_COUNT_SW_CONTEXT_SWITCHES, r->perf_why,
                                sizeof r->perf_why);
    }
    double t0 = launchNowMs();
    if (write(st->go[1], "g", 1) != 1) {
        snprintf(err, errlen, "the child did not start: %s", strerror(errno));
        kill(st->pid, SIGKILL);
        waitpid(st->pid, NULL, 0);
        return NAN;
    }
    close(st->go[1]), st->go[1] = -1;
    int e = 0;
    if (read(st->ep[0], &e, sizeof e) == (ssize_t)sizeof e) r->exec_errno = e;
    return t0;
}

/* The poll loop, from the go until the program has exited: its stdout and
 * stderr read, our signals, the sampler's ticks, the cap and the slow limit.
 * Leaves the program's wait status and rusage in *status and *ru. */
static void launchWatch(const launchOpts *o, launchRunState *st, launchResult *r, double t0,
                        int *status, struct rusage *ru) {
    pid_t pid = st->pid;
    double next_sample = t0 + (o->sample_ms > 0 ? 1 : 1e18);
    /* The earlier of the cap and the slow limit ends the run; which one
     * is its status. Its bound is that instant, not its exit: after the
     * TERM the program is ending, not computing. */
    double deadline = o->cap_s > 0 ? t0 + o->cap_s * 1e3 : 1e18, kill_at = 1e18;
    launchStatus stop_as = LAUNCH_CUT;
    if (o->slow_s > 0 && t0 + o->slow_s * 1e3 < deadline) {
        deadline = t0 + o->slow_s * 1e3;
        stop_as = LAUNCH_SLOW;
    }
    r->bound_ms = NAN;
    /* matching stdout's times stops at the same instant, and at a signal:
     * however slow the pattern, the loop gets back to both (launch/series.h) */
    if (o->series)
        seriesLimit(o->series, deadline < 1e17 ? deadline : 0,
                    stop_as == LAUNCH_SLOW ? "the run's --slow-after" : "the run's cap",
                    &launchSignal);
    int stopping = 0;
    *status = 0;
    memset(ru, 0, sizeof *ru);
    for (;;) {
        pid_t w = wait4(pid, status, WNOHANG, ru);
        if (w == pid) break;
        double now = launchNowMs();
        if (launchSignal && !stopping) {
            stopping = 1;
            r->interrupted = launchSignal;
            kill(-pid, SIGTERM);
            kill_at = now + 1000;
        }
        if (now >= deadline && !stopping) {
            stopping = 1;
            r->bound_ms = deadline - t0;
            deadline = 1e18;
            r->status = stop_as;
            kill(-pid, SIGTERM);
            kill_at = now + (o->grace_s > 0 ? o->grace_s * 1e3 : 0);
        }
        if (now >= kill_at) {
            kill(-pid, SIGKILL);
            kill_at = 1e18;
        }
        if (now >= next_sample) {
            launchsamplePass(st->smp, pid);
            r->samples++;
            double t = launchNowMs();
            r->sampler_ms += t - now;
            next_sample = t + o->sample_ms;
            now = t;
        }
        double next = next_sample < deadline ? next_sample : deadline;
        if (kill_at < next) next = kill_at;
        int timeout = next > 1e17 ? -1 : next <= now ? 0 : (int)(next - now) + 1;
        /* a stream at EOF has fd -1, which poll skips */
        struct pollfd p[3] = {
            {launchWake[0], POLLIN, 0}, {st->so.fd, POLLIN, 0}, {st->se.fd, POLLIN, 0}};
        if (poll(p, 3, timeout) > 0) {
            char junk[64];
            if (p[0].revents)
                while (read(launchWake[0], junk, sizeof junk) > 0) {}
            if (p[1].revents) launchDrain(&st->so, r, 0);
            if (p[2].revents) launchDrain(&st->se, r, 0);
        }
    }
}

/* After the exit: the clock, the rusage, the counters, the cgroup's
 * figures, what was left behind ended, the streams read to EOF and the
 * output hashed. */
static void launchCollect(const launchOpts *o, launchRunState *st, launchResult *r, double t0,
                          int status, const struct rusage *ru) {
    double t1 = launchNowMs();
    r->wall_ms = t1 - t0;
    r->user_ms = (double)ru->ru_utime.tv_sec * 1e3 + (double)ru->ru_utime.tv_usec / 1e3;
    r->sys_ms = (double)ru->ru_stime.tv_sec * 1e3 + (double)ru->ru_stime.tv_usec / 1e3;
    r->maxrss_kb = ru->ru_maxrss;
    r->minflt = ru->ru_minflt, r->majflt = ru->ru_majflt;
    r->nvcsw = ru->ru_nvcsw, r->nivcsw = ru->ru_nivcsw;
    r->migrations = launchPerfRead(st->pm);
    r->ctxsw = launchPerfRead(st->pc);
    if (WIFEXITED(status)) r->exit_code = WEXITSTATUS(status);
    else if (WIFSIGNALED(status)) r->signo = WTERMSIG(status), r->exit_code = 128 + r->signo;
    launchDrain(&st->so, r, 0);
    launchDrain(&st->se, r, 0);
    runcgStat cs;
    runcgRead(&st->cg, &cs);
    r->cg_cpu_ms = cs.cpu_ms, r->wait_some_ms = cs.some_ms, r->wait_full_ms = cs.full_ms;
    r->cg_mem_peak_kb = cs.mem_peak_kb;
    runcgQuotaRead(&st->quota, &r->nr_periods, &r->nr_throttled, &r->throttled_ms);
    r->left = launchReapLeft(st->pid);
    /* what escaped the process group and the subreaper (it cannot escape
     * the cgroup) */
    r->left += runcgKill(&st->cg);
    /* EOF now that nothing holds the pipes */
    launchDrain(&st->so, r, 2000);
    launchDrain(&st->se, r, 2000);
    if (o->series) seriesEnd(o->series);
    r->stdout_bytes = st->so.seen, r->stderr_bytes = st->se.seen;
    r->stdout_dropped = launchStreamEnd(&st->so);
    r->stderr_dropped = launchStreamEnd(&st->se);
    if (o->hash_stdout) r->out_source = LAUNCH_OUT_STDOUT;
    if (o->hash_file) launchHashFile(o, r);
    launchsampleResult(st->smp, r);
}

/* The run's status: stopped by a signal; else the cut or slow limit it
 * already carries; else how the program ended. */
static void launchSetStatus(launchResult *r) {
    /* a signal after the program ended (while its output was matched) stops
     * the launcher all the same */
    if (!r->interrupted && launchSignal) r->interrupted = launchSignal;
    if (r->interrupted) r->status = LAUNCH_STOPPED;
    else if (launchCensored(r->status)) return;
    else if (r->exec_errno) r->status = LAUNCH_NOEXEC;
    else if (r->signo) r->status = LAUNCH_SIGNAL;
    else r->status = r->exit_code ? LAUNCH_FAILED : LAUNCH_OK;
}

/* Everything the run held, released: its cgroups, its descriptors, its
 * buffers. */
static void launchRelease(launchRunState *st) {
    runcgQuotaDelete(&st->quota);
    runcgKill(&st->cg);
    runcgDelete(&st->cg);
    int fds[] = {st->go[0], st->go[1], st->ep[0], st->ep[1], st->op[0], st->op[1],
                 st->xp[0], st->xp[1], st->so.fd, st->se.fd, st->pm,    st->pc};
    for (size_t i = 0; i < sizeof fds / sizeof fds[0]; i++)
        if (fds[i] >= 0) close(fds[i]);
    free(st->so.ring);
    free(st->se.ring);
    free(st->smp);
}

int launchRun(const launchOpts *o, launchResult *r, char *err, size_t errlen) {
    launchResultInit(r);
    launchRunState st;
    launchStateInit(o, &st);
    int rc = -1;
    if (launchOpen(o, &st, err, errlen) == 0) {
        launchCgroupMake(o, &st, r);
        double t0 = NAN;
        if (launchFork(o, &st, r, err, errlen) == 0) t0 = launchGo(o, &st, r, err, errlen);
        if (!isnan(t0)) {
            int status;
            struct rusage ru;
            launchWatch(o, &st, r, t0, &status, &ru);
            launchCollect(o, &st, r, t0, status, &ru);
            launchSetStatus(r);
            rc = 0;
        }
    }
    launchRelease(&st);
    return rc;
}
