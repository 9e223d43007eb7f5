/* launch.h -- run one process of anyone's program and record what it did:
 * the launcher behind coldload-run (src/tools/coldload-run.c) and harness/threads.sh.
 *
 * One launchRun is one run of the program: fork, its own process group,
 * exec (the argument list as given, argv[0] looked up on PATH), then, while
 * it runs, its stdout hashed (FNV-1a 64, common/checksum.h's offset) and
 * copied on, bounded (keep_bytes: its head and its tail, and so its
 * stderr), so that a program printing gigabytes leaves megabytes of log
 * -- or, when the output to check is a file it writes
 * (launchOpts.hash_file), that file hashed once the run and whatever it left
 * behind have ended -- and the CPUs its threads run on sampled from
 * /proc/PID/task/TID/stat (field 39, the CPU each thread last ran on) --
 * the program's own threads and those of the processes it started. After
 * it: wall time on CLOCK_MONOTONIC from just before the exec to the child's
 * exit, wait4's rusage, the perf_event_open software counters
 * (cpu-migrations, context-switches, with `inherit`) where the kernel
 * allows them, and whatever the program left behind in its process group
 * or reparented to us (the launcher is a child subreaper): killed, and
 * counted.
 *
 * Why in C and not GNU time: GNU time's text gives 10 ms CPU times, no
 * placement, no leftovers, and a run cut by `timeout` loses its rusage.
 * Why a sampler and not only perf: perf counts migrations but not where the
 * threads were; the sampler costs CPU time the program could have used,
 * which is why its interval is an option (launchOpts.sample_ms) and its
 * cost is measured (make bench, tests/bench/bench_run.sh). */
#ifndef COLDLOAD_LAUNCH_H
#define COLDLOAD_LAUNCH_H

#include <stddef.h>
#include <stdint.h>

typedef struct launchOpts {
    char *const *argv; /* the program and its arguments (argv[0] looked up on PATH) */
    double cap_s;      /* the run's cap: past it the group gets TERM; 0: no cap */
    double slow_s;     /* known slow past this (< cap_s): TERM too, status SLOW; 0: none */
    double grace_s;    /* after TERM, KILL this much later (a program that ignores TERM) */
    int sample_ms;     /* sampler interval; 0: no sampling (cpus empty) */
    int hash_stdout;   /* 1: hash stdout (else, with keep_bytes 0, it is passed through unread) */
    int stdout_fd;     /* where stdout is copied when read; -1: dropped */
    /* The most bytes of each of stdout and stderr copied on (stdout_fd,
     * stderr_fd): the first half and the last half, with a line between
     * saying how much was dropped; the hash covers the whole stream all the
     * same. Both streams then come through pipes. 0: no bound (stdout read
     * only when hashed, stderr not at all: they are the launcher's own). */
    long long keep_bytes;
    int stderr_fd; /* where stderr is copied when keep_bytes bounds it; -1: dropped */
    /* the run's own cgroup (launch/runcg.h): the cgroup2 directory to make it
     * in (NULL: found), or no cgroup at all (no_cgroup: schedstat alone) */
    const char *cgroup_parent;
    int no_cgroup;
    /* 1: no perf counters (migrations, ctxsw empty): a per-task counter
     * makes each of the program's context switches dearer, which a program
     * timing microsecond calls in itself would see */
    int no_perf;
    double quota_cpus; /* > 0: the run under a CPU quota of this many CPUs (runcg.h) */
    /* The file whose content is the run's output (hash_stdout then 0): read
     * whole, in blocks, after the run; a path that is not a regular file
     * then (missing, a directory, a FIFO) gives no hash. NULL: none. */
    const char *hash_file;
    int remove_hash_file; /* 1: unlink hash_file once hashed (or found missing) */
    /* stdout's per-call times (launch/series.h): every byte of stdout is fed
     * to it, whatever keep_bytes keeps; NULL: none */
    struct series *series;
} launchOpts;

/* What out_hash is the hash of (runs.csv's out_source). */
typedef enum {
    LAUNCH_OUT_NONE,         /* nothing hashed */
    LAUNCH_OUT_STDOUT,       /* the program's stdout */
    LAUNCH_OUT_FILE,         /* hash_file's content */
    LAUNCH_OUT_FILE_MISSING, /* hash_file was not a readable regular file: no hash (out_errno) */
} launchOutSource;

#define LAUNCH_CPUS_MAX 1024

typedef enum {
    LAUNCH_OK,      /* exited 0 */
    LAUNCH_FAILED,  /* exited non-zero */
    LAUNCH_SIGNAL,  /* killed by a signal it did not get from us */
    LAUNCH_CUT,     /* over its cap: ended by us */
    LAUNCH_SLOW,    /* past slow_s, known slow: ended by us */
    LAUNCH_NOEXEC,  /* could not be executed (exec_errno) */
    LAUNCH_STOPPED, /* the launcher itself was interrupted (interrupted = the signal) */
} launchStatus;

typedef struct launchResult {
    launchStatus status;
    int exit_code;  /* as a shell says it: the code, or 128 + the signal */
    int signo;      /* the signal that ended it, 0 when it exited */
    int exec_errno; /* LAUNCH_NOEXEC: why */
    int interrupted;
    double wall_ms, user_ms, sys_ms;
    double bound_ms; /* CUT, SLOW: when it was stopped (it took at least this); else NAN */
    long maxrss_kb, minflt, majflt, nvcsw, nivcsw;
    long left;                                /* processes found after the run and killed */
    launchOutSource out_source;               /* what out_hash is the hash of */
    uint64_t out_hash;                        /* FNV-1a 64 of stdout or of hash_file (out_source) */
    long long out_bytes;                      /* the bytes hashed */
    long long stdout_bytes, stderr_bytes;     /* the bytes read of each (0 when not read) */
    long long stdout_dropped, stderr_dropped; /* of those, not copied on (keep_bytes) */
    int out_errno; /* LAUNCH_OUT_FILE_MISSING: why (EINVAL: not a regular file) */
    int ncpus;     /* distinct CPUs the threads were seen on; 0: none */
    char cpus[LAUNCH_CPUS_MAX * 5 + 1]; /* "0;1", "" when none was seen */
    long samples;                       /* sampler passes */
    long threads_max;                   /* most threads seen at one pass */
    double sampler_ms;                  /* wall time spent in the sampler */
    long long migrations, ctxsw;        /* perf counters; -1: unknown (perf_why) */
    /* Where its wall time went. The cgroup's (method "cgroup"): CPU time
     * of the whole tree, and the time some / all of its runnable tasks
     * waited for a CPU (PSI); NAN without a cgroup (cg_why says why). The
     * sampler's (schedstat, any method): on-CPU and run-queue wait summed
     * over its threads up to each one's last pass; NAN without sampling. */
    char runtimes[512]; /* the threading runtimes it mapped (launch/runtimes.h) */
    char method[16];    /* "cgroup" or "schedstat" */
    char cg_why[200];
    double cg_cpu_ms, wait_some_ms, wait_full_ms, cg_mem_peak_kb;
    double oncpu_ms, runq_wait_ms;
    /* under a CPU quota: its periods, those throttled and the time throttled
     * (ms); -1, NAN without one (quota_why says why when one was asked for) */
    long nr_periods, nr_throttled;
    double throttled_ms;
    char quota_why[200];
    char perf_why[160]; /* "" when the counters worked */
    long series_calls;  /* the times launchOpts.series kept; -1 without one (the caller's) */
} launchResult;

/* Runs the program once. Returns 0 (r describes the run, whatever its
 * status), or -1 when the launcher itself could not work (no fork, no
 * pipe): err says why and nothing was run. */
int launchRun(const launchOpts *o, launchResult *r, char *err, size_t errlen);

/* Installs the launcher's INT/TERM/HUP handling (a signal stops the run in
 * progress, whose status is then LAUNCH_STOPPED) and makes this process a
 * child subreaper. Call once, before launchRun. */
int launchSetup(char *err, size_t errlen);

const char *launchStatusName(launchStatus s);
/* 1 for the statuses whose time is a lower bound (CUT, SLOW): the run did
 * not fail, it was stopped before it ended. */
int launchCensored(launchStatus s);
/* "stdout", "file", "file-missing", or "" when nothing was hashed. */
const char *launchOutSourceName(launchOutSource s);
/* 1 when out_hash is a hash (stdout, or a file that was there). */
int launchHashed(const launchResult *r);

#endif
