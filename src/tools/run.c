/* run.c -- coldload-run: one run of anyone's program, measured and recorded.
 *
 *   coldload-run [OPTIONS] -- PROG [ARGS...]
 *
 * The launcher of harness/threads.sh (bench/launch.h does the run). It
 * writes what the run was into up to three places, each row with one write:
 *   --runs-csv FILE  every run, whatever its status: the full record
 *                    (RUN_COLUMNS below, docs/csv-columns.md#runscsv)
 *   --csv FILE       samples.csv, for a run that exited 0 within its cap:
 *                    one `steady` row whose ms is the run's wall time, so
 *                    the summary, the verdicts and the charts take it as one
 *                    process of its cell; its checksum is the output's hash:
 *                    stdout's, or with --hash-file that file's content
 *                    after the run (empty when it was not there).
 *                    A run stopped at its cap or by --slow-after gets a
 *                    row too, censored=1, its ms the time it was stopped:
 *                    a lower bound of its time, not a failure (no
 *                    checksum: its output is unfinished)
 *   --result FILE    one tab-separated line for the harness: status,
 *                    exit code, wall, user and sys ms, minor and major faults,
 *                    processes left behind, the bound in ms (censored runs,
 *                    else empty); whole.csv's row comes from it
 * Exit: 0 when the program ran (its own status is in those files), 1 when
 * the launcher could not run it or write a row, 2 usage, 128+n when
 * interrupted by signal n (the program then ended, no row written). */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench/csvwrite.h"
#include "bench/launch.h"
#include "bench/measure.h"
#include "bench/optscommon.h"
#include "common/num.h"

#define RUN_COLUMNS \
    "timestamp,host,run_id,workload,params,width,width_requested,status,exit_code,signal," \
    "wall_ms,user_ms,sys_ms,maxrss_kb,minflt,majflt,nvcsw,nivcsw,cpus,ncpus,threads_max," \
    "migrations,ctxsw,perf_why,left,out_hash,out_bytes,samples,sampler_ms,out_source,censored," \
    "bound_ms"

static const char runUsage[] =
    "usage: coldload-run [OPTIONS] -- PROG [ARGS...]\n"
    "Runs PROG once (its own process group; PROG looked up on PATH) and records it.\n"
    "  --cap SECONDS        end the run (TERM, then KILL after --grace) past this; 0 none [0]\n"
    "  --slow-after SECONDS end the run as known slow (TERM, KILL after --grace) past this;\n"
    "                       status slow, its time a lower bound (censored); 0 none [0]\n"
    "  --grace SECONDS      between the cap's TERM and KILL [2]\n"
    "  --sample-ms MS       interval of the CPU sampler (/proc/PID/task/*/stat); 0 off [10]\n"
    "  --no-hash            do not hash stdout (it goes to the launcher's stdout unread)\n"
    "  --stdout FILE        where the hashed stdout is copied (default: this stdout)\n"
    "  --hash-file PATH     hash PATH's content after the run instead of stdout (which\n"
    "                       passes through unread, as with --no-hash); no hash when missing\n"
    "  --remove-hash-file   remove --hash-file's PATH once hashed\n"
    "  --result FILE        one tab-separated line: status exit_code wall_ms user_ms sys_ms\n"
    "                       minflt majflt left bound_ms\n"
    "  --runs-csv FILE      append the run's full record (runs.csv)\n"
    "  --csv FILE           append a samples.csv row when the run succeeded, or a\n"
    "                       censored one (ms: when it was stopped) when cut or slow\n"
    "  --workload NAME --params TEXT --width N|default   the rows' cell\n"
    "  --tag KEY=VALUE      a tag column of both CSVs (repeatable)\n"
    "Exit: 0 ran (PROG's status is in the files), 1 could not run or record, 2 usage,\n"
    "128+n interrupted by signal n.\n";

typedef struct runArgs {
    launchOpts lo;
    const char *stdout_path, *result_path, *runs_csv, *csv;
    const char *workload, *params, *width;
    csvTag tags[OPTS_MAX_TAGS];
    size_t ntags;
} runArgs;

static int runBad(const char *msg, const char *v) {
    fprintf(stderr, "coldload-run: %s%s%s\n", msg, v ? ": " : "", v ? v : "");
    return 2;
}

static int runSeconds(const char *v, double *out) { return numDouble(v, 0, 86400 * 7, out); }

static int runParse(int argc, char **argv, runArgs *a) {
    a->lo.sample_ms = 10; /* make bench-run: ~1 % of a 50 ms run; 5 ms took ~1.7-1.9 % */
    a->lo.grace_s = 2;
    a->lo.hash_stdout = 1;
    a->lo.stdout_fd = STDOUT_FILENO; /* the hashed output goes on to ours (a log) */
    a->workload = "program";
    a->params = "";
    a->width = "default";
    int i = 1;
    for (; i < argc; i++) {
        const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(o, "--")) {
            i++;
            break;
        }
        if (!strcmp(o, "-h") || !strcmp(o, "--help")) {
            fputs(runUsage, stdout);
            exit(0);
        }
        if (!strcmp(o, "--no-hash")) {
            a->lo.hash_stdout = 0;
            continue;
        }
        if (!strcmp(o, "--remove-hash-file")) {
            a->lo.remove_hash_file = 1;
            continue;
        }
        if (!v) return runBad("needs a value", o);
        i++;
        long n;
        if (!strcmp(o, "--cap")) {
            if (runSeconds(v, &a->lo.cap_s)) return runBad("--cap: expected seconds", v);
        } else if (!strcmp(o, "--slow-after")) {
            if (runSeconds(v, &a->lo.slow_s)) return runBad("--slow-after: expected seconds", v);
        } else if (!strcmp(o, "--grace")) {
            if (runSeconds(v, &a->lo.grace_s)) return runBad("--grace: expected seconds", v);
        } else if (!strcmp(o, "--sample-ms")) {
            if (numLong(v, 0, 60000, &n)) return runBad("--sample-ms: expected 0..60000", v);
            a->lo.sample_ms = (int)n;
        } else if (!strcmp(o, "--hash-file")) {
            if (!*v) return runBad("--hash-file: expected a path, got ''", NULL);
            a->lo.hash_file = v;
        } else if (!strcmp(o, "--stdout")) a->stdout_path = v;
        else if (!strcmp(o, "--result")) a->result_path = v;
        else if (!strcmp(o, "--runs-csv")) a->runs_csv = v;
        else if (!strcmp(o, "--csv")) a->csv = v;
        else if (!strcmp(o, "--workload")) a->workload = v;
        else if (!strcmp(o, "--params")) a->params = v;
        else if (!strcmp(o, "--width")) {
            if (strcmp(v, "default") && numLong(v, 1, 100000, &n))
                return runBad("--width: expected 1..100000 or default", v);
            a->width = v;
        } else if (!strcmp(o, "--tag")) {
            if (optsTagAdd(a->tags, &a->ntags, OPTS_MAX_TAGS, v)) return 2;
        } else return runBad("unknown option", o);
    }
    if (i >= argc)
        return runBad("no program given (coldload-run [OPTIONS] -- PROG [ARGS...])", NULL);
    if (a->lo.remove_hash_file && !a->lo.hash_file)
        return runBad("--remove-hash-file needs --hash-file PATH", NULL);
    if (a->lo.hash_file) a->lo.hash_stdout = 0; /* the file is the output checked */
    a->lo.argv = argv + i;
    return 0;
}

static int runWriteResult(const char *path, const launchResult *r) {
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0) return -1;
    char line[256], bound[32] = "";
    if (launchCensored(r->status)) snprintf(bound, sizeof bound, "%.3f", r->bound_ms);
    int n = snprintf(line, sizeof line, "%s\t%d\t%.3f\t%.3f\t%.3f\t%ld\t%ld\t%ld\t%s\n",
                     launchStatusName(r->status), r->exit_code, r->wall_ms, r->user_ms, r->sys_ms,
                     r->minflt, r->majflt, r->left, bound);
    int ok = write(fd, line, (size_t)n) == n;
    return close(fd) == 0 && ok ? 0 : -1;
}

static int runWriteRuns(const runArgs *a, const launchResult *r, char *err, size_t errlen) {
    csvWriter *w = csvWriterOpenColumns(a->runs_csv, RUN_COLUMNS, a->tags, a->ntags, err, errlen);
    if (!w) return -1;
    char stamp[40], f[24][48];
    int censored = launchCensored(r->status);
    measureUtc(stamp, sizeof stamp);
    int width_n = strcmp(a->width, "default") != 0;
#define RUN_F(k, ...) snprintf(f[k], sizeof f[k], __VA_ARGS__)
    RUN_F(0, "%d", r->exit_code);
    RUN_F(1, "%d", r->signo);
    RUN_F(2, "%.3f", r->wall_ms);
    RUN_F(3, "%.3f", r->user_ms);
    RUN_F(4, "%.3f", r->sys_ms);
    RUN_F(5, "%ld", r->maxrss_kb);
    RUN_F(6, "%ld", r->minflt);
    RUN_F(7, "%ld", r->majflt);
    RUN_F(8, "%ld", r->nvcsw);
    RUN_F(9, "%ld", r->nivcsw);
    RUN_F(10, "%d", r->ncpus);
    RUN_F(11, "%ld", r->threads_max);
    /* unknown counters stay empty: never a made-up 0 */
    if (r->migrations >= 0) RUN_F(12, "%lld", r->migrations);
    else f[12][0] = '\0';
    if (r->ctxsw >= 0) RUN_F(13, "%lld", r->ctxsw);
    else f[13][0] = '\0';
    RUN_F(14, "%ld", r->left);
    if (launchHashed(r)) {
        RUN_F(15, "%016llx", (unsigned long long)r->out_hash);
        RUN_F(16, "%lld", r->out_bytes);
    } else f[15][0] = f[16][0] = '\0';
    RUN_F(17, "%ld", r->samples);
    RUN_F(18, "%.3f", r->sampler_ms);
    RUN_F(19, "%d", censored);
    if (censored) RUN_F(20, "%.3f", r->bound_ms);
    else f[20][0] = '\0';
#undef RUN_F
    const char *row[] = {stamp,      csvHost(),
                         csvRunId(), a->workload,
                         a->params,  width_n ? a->width : "",
                         a->width,   launchStatusName(r->status),
                         f[0],       f[1],
                         f[2],       f[3],
                         f[4],       f[5],
                         f[6],       f[7],
                         f[8],       f[9],
                         r->cpus,    f[10],
                         f[11],      f[12],
                         f[13],      r->perf_why,
                         f[14],      f[15],
                         f[16],      f[17],
                         f[18],      launchOutSourceName(r->out_source),
                         f[19],      f[20]};
    int rc = csvWriterFields(w, row, sizeof row / sizeof row[0]);
    if (rc) snprintf(err, errlen, "%s", csvWriterError(w));
    csvWriterClose(w);
    return rc;
}

static int runWriteSample(const runArgs *a, const launchResult *r, const measureLoad *load,
                          char *err, size_t errlen) {
    csvWriter *w = csvWriterOpen(a->csv, a->tags, a->ntags, err, errlen);
    if (!w) return -1;
    int width_n = strcmp(a->width, "default") != 0;
    int censored = launchCensored(r->status);
    csvRow row = {
        .workload = a->workload,
        .params = a->params,
        .wait = "",
        .phase = "steady",
        .width = width_n ? atoi(a->width) : 0,
        .iter = 1,
        .ms = censored ? r->bound_ms : r->wall_ms,
        .censored = censored,
        .usage = {r->minflt, r->majflt, r->nvcsw, r->nivcsw},
        .load1 = load->load1,
        .procs_running = load->procs_running,
        .checksum = r->out_hash,
        .no_checksum = !launchHashed(r) || censored,
        .cpu = -1,
        .cpus = r->cpus,
        .migrations = r->migrations,
        .width_requested = a->width,
    };
    int rc = csvWriterRow(w, &row);
    if (rc) snprintf(err, errlen, "%s", csvWriterError(w));
    csvWriterClose(w);
    return rc;
}

int main(int argc, char **argv) {
    runArgs a;
    memset(&a, 0, sizeof a);
    int rc = runParse(argc, argv, &a);
    if (rc) {
        if (rc == 2) fputs(runUsage, stderr);
        return rc;
    }
    char err[512] = "";
    if (a.stdout_path) {
        a.lo.stdout_fd =
            open(a.stdout_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0644);
        if (a.lo.stdout_fd < 0) {
            fprintf(stderr, "coldload-run: --stdout %s: %s\n", a.stdout_path, strerror(errno));
            return 1;
        }
    }
    if (launchSetup(err, sizeof err) != 0) {
        fprintf(stderr, "coldload-run: %s\n", err);
        return 1;
    }
    measureLoad load;
    measureLoadNow(&load);
    launchResult r;
    if (launchRun(&a.lo, &r, err, sizeof err) != 0) {
        fprintf(stderr, "coldload-run: %s: %s\n", a.lo.argv[0], err);
        return 1;
    }
    if (r.status == LAUNCH_STOPPED) return 128 + r.interrupted;
    if (r.status == LAUNCH_NOEXEC)
        fprintf(stderr, "coldload-run: %s: %s\n", a.lo.argv[0], strerror(r.exec_errno));
    if (r.out_source == LAUNCH_OUT_FILE_MISSING)
        fprintf(stderr, "coldload-run: --hash-file %s: %s after the run: no hash\n", a.lo.hash_file,
                r.out_errno == EINVAL ? "not a regular file" : strerror(r.out_errno));
    if (a.runs_csv && runWriteRuns(&a, &r, err, sizeof err) != 0) {
        fprintf(stderr, "coldload-run: %s\n", err);
        return 1;
    }
    if (a.csv && (r.status == LAUNCH_OK || launchCensored(r.status)) &&
        runWriteSample(&a, &r, &load, err, sizeof err) != 0) {
        fprintf(stderr, "coldload-run: %s\n", err);
        return 1;
    }
    if (a.result_path && runWriteResult(a.result_path, &r) != 0) {
        fprintf(stderr, "coldload-run: --result %s: %s\n", a.result_path, strerror(errno));
        return 1;
    }
    return 0;
}
