/* coldload-run.c -- one run of anyone's program, measured and recorded.
 *
 *   coldload-run [OPTIONS] -- PROG [ARGS...]
 *
 * The launcher every program the harness runs goes through (harness/lib/
 * run.sh's cl_exec; launch/launch.h does the run). It writes what the run
 * was into up to four places, each row with one write:
 *   --runs-csv FILE  every run, whatever its status: the full record, its
 *                    columns launch/runcols.c's table (the list of
 *                    common/runfigs.h with a writer each; --list-columns
 *                    prints it, docs/csv-columns.md#runscsv)
 *   --whole-csv FILE every run as whole.csv's row (tool coldload-run, label
 *                    its status), the harness's tags in their columns
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
 *                    With --series-regex RE, the per-call times RE picks
 *                    out of stdout (launch/series.h) follow as rows of phase
 *                    `call`, iter the call's number: the process's
 *                    in-process series, beside its whole-run row
 *   --result FILE    a tab-separated table for the harness, a header line
 *                    naming the columns and one row: status,
 *                    exit code, wall, user and sys ms, minor and major faults,
 *                    processes left behind, the bound in ms (censored runs,
 *                    else empty): what the harness counts (failures, stops,
 *                    idle medians) from; the rows are written here
 * The program's stdout (hashed) and stderr come through pipes and are
 * copied on -- to --stdout or this stdout, and to this stderr: the
 * harness's logs -- at most --keep-output bytes of each, the head and the
 * tail, so a program printing without end leaves a bounded log.
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
#include "launch/launch.h"
#include "bench/measure.h"
#include "launch/runcg.h"
#include "launch/runcols.h"
#include "launch/series.h"
#include "bench/optscommon.h"
#include "common/csvcols.h"
#include "common/num.h"
#include "common/ranges.h"
#include "common/text.h"

/* whole.csv's layout (the harness's, harness/lib/csv.sh; common/csvcols.h's
 * one list): a run as one whole-process row; harness, condition, stressors,
 * copy, load and proc are the --tag values of those names. */
#define WHOLE_COLUMNS CSVCOLS_HEADER(WHOLE_CSV_COLUMNS)

static const char runUsage[] =
    "usage: coldload-run [OPTIONS] -- PROG [ARGS...]\n"
    "Runs PROG once (its own process group; PROG looked up on PATH) and records it.\n"
    "  --cap SECONDS        end the run (TERM, then KILL after --grace) past this; 0 none [0]\n"
    "  --slow-after SECONDS end the run as known slow (TERM, KILL after --grace) past this;\n"
    "                       status slow, its time a lower bound (censored); 0 none [0]\n"
    "  --grace SECONDS      between the cap's TERM and KILL [2]\n"
    "  --sample-ms MS       interval of the CPU sampler (/proc/PID/task/*/stat); 0 off [10]\n"
    "  --no-hash            do not hash stdout (it is still copied on, within --keep-output)\n"
    "  --stdout FILE        where stdout is copied (default: this stdout)\n"
    "  --keep-output BYTES  copy at most BYTES of each of stdout and stderr (to --stdout and\n"
    "                       this stderr): the first and the last BYTES/2, and a line saying\n"
    "                       how much was dropped between; the hash covers all of stdout.\n"
    "                       A K, M or G suffix (KiB, MiB, GiB); 0: no bound [2M]\n"
    "  --hash-file PATH     hash PATH's content after the run instead of stdout (copied on\n"
    "                       unhashed, as with --no-hash); no hash when missing\n"
    "  --remove-hash-file   remove --hash-file's PATH once hashed\n"
    "  --result FILE        a tab-separated header line and one row: status exit_code wall_ms\n"
    "                       user_ms sys_ms minflt majflt left bound_ms\n"
    "  --runs-csv FILE      append the run's full record (runs.csv: launch/runcols.c)\n"
    "  --whole-csv FILE     append its whole-process row (whole.csv; the --tag values\n"
    "                       harness, condition, stressors, copy, load, proc fill those columns)\n"
    "  --list-columns       print runs.csv's column table (runs-columns.tsv) and exit\n"
    "  --cgroup-parent DIR  make the run's own cgroup under this cgroup2 directory\n"
    "                       [/sys/fs/cgroup or /sys/fs/cgroup/unified, where cgroup2]\n"
    "  --no-cgroup          no cgroup of its own (the wait figures from schedstat alone)\n"
    "  --no-perf            no perf counters (migrations, ctxsw empty): each of the program's\n"
    "                       context switches as without the launcher\n"
    "  --quota CPUS         run it under a CPU quota of CPUS (cgroup cpu.max, or the v1 cpu\n"
    "                       controller's cfs_quota_us); exit 1 when none can be set\n"
    "  --sweep              kill and remove the cgroups of launchers no longer running (the\n"
    "                       cgroup2 ones and a quota's of the v1 cpu controller), exit\n"
    "  --csv FILE           append a samples.csv row when the run succeeded, or a\n"
    "                       censored one (ms: when it was stopped) when cut or slow\n"
    "  --series-regex RE    a time per call out of stdout: each line RE (POSIX extended)\n"
    "                       matches gives its first group's number (ms) as a samples.csv\n"
    "                       row of phase call (--csv, the run succeeded); runs.csv's\n"
    "                       series_calls counts them. A RE that does not compile, or has\n"
    "                       a back-reference (\\1-\\9): exit 2. Matching stops at the\n"
    "                       cap, a signal or 5 s of it (a note; the times found are kept)\n"
    "  --workload NAME --params TEXT --width N|default   the rows' cell\n"
    "  --tag KEY=VALUE      a tag column of both CSVs (repeatable)\n"
    "Exit: 0 ran (PROG's status is in the files), 1 could not run or record, 2 usage,\n"
    "128+n interrupted by signal n.\n";

typedef struct runArgs {
    launchOpts launch; /* what launchRun runs: PROG, its limits, its output */
    const char *stdout_path, *result_path, *runs_csv, *csv, *whole_csv;
    const char *workload, *params;
    int width;           /* --width, parsed once; 0: default (the program's own) */
    char width_text[16]; /* "N" or "default": the rows' width_requested */
    const char *series_regex;
    csvTag tags[OPTS_MAX_TAGS];
    size_t ntags;
} runArgs;

static int runBad(const char *msg, const char *v) {
    fprintf(stderr, "coldload-run: %s%s%s\n", msg, v ? ": " : "", v ? v : "");
    return 2;
}

static int runSeconds(const char *v, double *out) {
    return numDouble(v, RANGE_SECONDS_MIN, RANGE_SECONDS_MAX, out);
}

/* The default of --keep-output: 2 MiB of each stream, its first and last
 * MiB. A numerical program prints its result, a table at most: kilobytes,
 * kept whole; one that prints more leaves its beginning and its end -- what
 * says how it started and how it ended -- and a run costs at most 4 MiB of
 * log whatever it prints (a default `make threads`, 66 runs: 264 MiB at
 * worst, where one program of 500 MB a run left gigabytes). */
#define RUN_KEEP_DEFAULT (2LL * 1024 * 1024)
#define RUN_KEEP_MAX ((long long)RANGE_KEEP_OUTPUT_MAX)

/* BYTES: digits, then K, M or G (KiB, MiB, GiB) or nothing. */
static int runBytes(const char *v, long long *out) {
    char num[32];
    size_t n = strlen(v);
    long long unit = 1;
    if (n == 0 || n >= sizeof num) return -1;
    memcpy(num, v, n + 1);
    switch (num[n - 1]) {
    case 'K': unit = 1LL << 10; break;
    case 'M': unit = 1LL << 20; break;
    case 'G': unit = 1LL << 30; break;
    default: break;
    }
    if (unit > 1) num[n - 1] = '\0';
    long x;
    if (numLong(num, 0, RUN_KEEP_MAX, &x) || (long long)x * unit > RUN_KEEP_MAX) return -1;
    *out = (long long)x * unit;
    return 0;
}

static int runParse(int argc, char **argv, runArgs *a) {
    a->launch.sample_ms = 10; /* make bench-run: ~1 % of a 50 ms run; 5 ms took ~1.7-1.9 % */
    a->launch.grace_s = 2;
    a->launch.hash_stdout = 1;
    a->launch.stdout_fd = STDOUT_FILENO; /* the output goes on to ours (a log) */
    a->launch.stderr_fd = STDERR_FILENO; /* and its stderr to ours */
    a->launch.keep_bytes = RUN_KEEP_DEFAULT;
    a->workload = "program";
    a->params = "";
    snprintf(a->width_text, sizeof a->width_text, "default");
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
        if (!strcmp(o, "--list-columns")) exit(runColumnsList(stdout) || fflush(stdout) ? 1 : 0);
        if (!strcmp(o, "--sweep")) {
            char parent[512], why[200];
            int v2 =
                runcgParent(a->launch.cgroup_parent, parent, sizeof parent, why, sizeof why) == 0;
            long left = runcgSweep(v2 ? parent : NULL);
            if (left) printf("%ld\n", left);
            exit(0);
        }
        if (!strcmp(o, "--no-cgroup")) {
            a->launch.no_cgroup = 1;
            continue;
        }
        if (!strcmp(o, "--no-perf")) {
            a->launch.no_perf = 1;
            continue;
        }
        if (!strcmp(o, "--no-hash")) {
            a->launch.hash_stdout = 0;
            continue;
        }
        if (!strcmp(o, "--remove-hash-file")) {
            a->launch.remove_hash_file = 1;
            continue;
        }
        if (!v) return runBad("needs a value", o);
        i++;
        long n;
        if (!strcmp(o, "--cap")) {
            if (runSeconds(v, &a->launch.cap_s))
                return runBad("--cap: expected a number of seconds, " RANGE_TEXT(RANGE_SECONDS), v);
        } else if (!strcmp(o, "--slow-after")) {
            if (runSeconds(v, &a->launch.slow_s))
                return runBad(
                    "--slow-after: expected a number of seconds, " RANGE_TEXT(RANGE_SECONDS), v);
        } else if (!strcmp(o, "--grace")) {
            if (runSeconds(v, &a->launch.grace_s))
                return runBad("--grace: expected a number of seconds, " RANGE_TEXT(RANGE_SECONDS),
                              v);
        } else if (!strcmp(o, "--sample-ms")) {
            if (numLong(v, RANGE_SAMPLE_MS_MIN, RANGE_SAMPLE_MS_MAX, &n))
                return runBad("--sample-ms: expected ms, " RANGE_TEXT(RANGE_SAMPLE_MS), v);
            a->launch.sample_ms = (int)n;
        } else if (!strcmp(o, "--keep-output")) {
            if (runBytes(v, &a->launch.keep_bytes))
                return runBad("--keep-output: expected bytes 0..1G (a K, M or G suffix)", v);
        } else if (!strcmp(o, "--hash-file")) {
            if (!*v) return runBad("--hash-file: expected a path, got ''", NULL);
            a->launch.hash_file = v;
        } else if (!strcmp(o, "--stdout")) a->stdout_path = v;
        else if (!strcmp(o, "--result")) a->result_path = v;
        else if (!strcmp(o, "--runs-csv")) a->runs_csv = v;
        else if (!strcmp(o, "--csv")) a->csv = v;
        else if (!strcmp(o, "--whole-csv")) a->whole_csv = v;
        else if (!strcmp(o, "--series-regex")) a->series_regex = v;
        else if (!strcmp(o, "--cgroup-parent")) a->launch.cgroup_parent = v;
        else if (!strcmp(o, "--quota")) {
            if (numDouble(v, RANGE_QUOTA_MIN, RANGE_QUOTA_MAX, &a->launch.quota_cpus))
                return runBad("--quota: expected a number of CPUs, " RANGE_TEXT(RANGE_QUOTA), v);
        } else if (!strcmp(o, "--workload")) a->workload = v;
        else if (!strcmp(o, "--params")) a->params = v;
        else if (!strcmp(o, "--width")) {
            if (!strcmp(v, "default")) n = 0;
            else if (numLong(v, RANGE_WIDTH_MIN, RANGE_WIDTH_MAX, &n))
                return runBad("--width: expected " RANGE_TEXT(RANGE_WIDTH) " or default", v);
            a->width = (int)n;
            snprintf(a->width_text, sizeof a->width_text, n ? "%ld" : "default", n);
        } else if (!strcmp(o, "--tag")) {
            if (optsTagAdd(a->tags, &a->ntags, OPTS_MAX_TAGS, v)) return 2;
        } else return runBad("unknown option", o);
    }
    if (i >= argc)
        return runBad("no program given (coldload-run [OPTIONS] -- PROG [ARGS...])", NULL);
    if (a->launch.remove_hash_file && !a->launch.hash_file)
        return runBad("--remove-hash-file needs --hash-file PATH", NULL);
    if (a->launch.hash_file) a->launch.hash_stdout = 0; /* the file is the output checked */
    a->launch.argv = argv + i;
    return 0;
}

static int runWriteResult(const char *path, const launchResult *r) {
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0) return -1;
    char line[512], bound[32] = "";
    if (launchCensored(r->status)) snprintf(bound, sizeof bound, "%.3f", r->bound_ms);
    /* a header naming the columns, as plans have: the harness reads the
     * line by column name (harness/lib/launch.sh's cl_run_result) */
    int n = snprintf(line, sizeof line,
                     "status\texit_code\twall_ms\tuser_ms\tsys_ms\tminflt\tmajflt\tleft\tbound_ms\n"
                     "%s\t%d\t%.3f\t%.3f\t%.3f\t%ld\t%ld\t%ld\t%s\n",
                     launchStatusName(r->status), r->exit_code, r->wall_ms, r->user_ms, r->sys_ms,
                     r->minflt, r->majflt, r->left, bound);
    int ok = write(fd, line, (size_t)n) == n;
    return close(fd) == 0 && ok ? 0 : -1;
}

/* Why PROG could not be executed, in one line on stderr (the harness
 * quotes it). A script whose interpreter is missing fails with ENOENT,
 * which alone would say the script itself is missing: its #! line is
 * named. */
static void runSayNoexec(const char *prog, int e) {
    char line[256] = "";
    FILE *f = e == ENOENT && strchr(prog, '/') ? fopen(prog, "r") : NULL;
    if (f) {
        if (!fgets(line, sizeof line, f) || strncmp(line, "#!", 2) != 0) line[0] = '\0';
        fclose(f);
    }
    line[strcspn(line, "\r\n")] = '\0';
    char *shown = textOneLine(line, 160);
    if (line[0] && shown)
        fprintf(stderr, "coldload-run: %s: cannot execute: its interpreter (%s) was not found\n",
                prog, shown);
    else fprintf(stderr, "coldload-run: %s: %s\n", prog, strerror(e));
    free(shown);
}

/* The run's row of runs.csv, from the column table (launch/runcols.h). */
static int runWriteRuns(const runArgs *a, const runRecord *x, char *err, size_t errlen) {
    enum { VALUE_MAX = LAUNCH_CPUS_MAX * 5 + 2 }; /* the longest: the cpus list */
    char *hdr = runColumnsHeader();
    char(*val)[VALUE_MAX] = malloc(runNColumns * sizeof *val);
    const char **row = malloc(runNColumns * sizeof *row);
    csvWriter *w = NULL;
    int rc = -1;
    if (!hdr || !val || !row) {
        snprintf(err, errlen, "%s: out of memory", a->runs_csv);
        goto out;
    }
    if (!(w = csvWriterOpenColumns(a->runs_csv, hdr, a->tags, a->ntags, err, errlen))) goto out;
    for (size_t i = 0; i < runNColumns; i++) {
        runColumnValue(i, x, val[i], VALUE_MAX);
        row[i] = val[i];
    }
    if ((rc = csvWriterFields(w, row, runNColumns)) != 0)
        snprintf(err, errlen, "%s", csvWriterError(w));
out:
    if (w) csvWriterClose(w);
    free(hdr);
    free(val);
    free(row);
    return rc;
}

/* The --tag value of key, "" when none. */
static const char *runTag(const runArgs *a, const char *key) {
    for (size_t i = 0; i < a->ntags; i++)
        if (!strcmp(a->tags[i].key, key)) return a->tags[i].value;
    return "";
}

/* The run's whole.csv row: what the harness's time and hyperfine rows are
 * for the engine's runs. A run that did not succeed never has exit code 0
 * there (a stopped run that handled the TERM gets timeout's 124): whole.csv's
 * readers take 0 for a time. */
static int runWriteWhole(const runArgs *a, const runRecord *x, char *err, size_t errlen) {
    csvWriter *w = csvWriterOpenColumns(a->whole_csv, WHOLE_COLUMNS, NULL, 0, err, errlen);
    if (!w) return -1;
    const launchResult *r = x->r;
    char f[7][32];
    snprintf(f[6], sizeof f[6], x->width ? "%d" : "", x->width);
    snprintf(f[0], sizeof f[0], "%.3f", r->wall_ms);
    snprintf(f[1], sizeof f[1], "%.3f", r->user_ms);
    snprintf(f[2], sizeof f[2], "%.3f", r->sys_ms);
    snprintf(f[3], sizeof f[3], "%ld", r->minflt);
    snprintf(f[4], sizeof f[4], "%ld", r->majflt);
    snprintf(f[5], sizeof f[5], "%d", r->status != LAUNCH_OK && !r->exit_code ? 124 : r->exit_code);
    const char *row[] = {x->stamp,
                         x->host,
                         runTag(a, "harness"),
                         runTag(a, "condition"),
                         runTag(a, "stressors"),
                         runTag(a, "copy"),
                         x->workload,
                         x->params,
                         f[6],
                         "",
                         "coldload-run",
                         launchStatusName(r->status),
                         "1",
                         f[0],
                         f[1],
                         f[2],
                         f[3],
                         f[4],
                         f[5],
                         runTag(a, "load"),
                         runTag(a, "proc")};
    int rc = csvWriterFields(w, row, sizeof row / sizeof row[0]);
    if (rc) snprintf(err, errlen, "%s", csvWriterError(w));
    csvWriterClose(w);
    return rc;
}

static int runWriteSample(const runArgs *a, const launchResult *r, const measureLoad *load,
                          const series *calls, char *err, size_t errlen) {
    csvWriter *w = csvWriterOpen(a->csv, a->tags, a->ntags, err, errlen);
    if (!w) return -1;
    int censored = launchCensored(r->status);
    csvRow row = {
        .workload = a->workload,
        .params = a->params,
        .wait = "",
        .phase = "steady",
        .width = a->width,
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
        .width_requested = a->width_text,
    };
    int rc = csvWriterRow(w, &row);
    if (rc) snprintf(err, errlen, "%s", csvWriterError(w));
    csvWriterClose(w);
    if (rc || !calls || censored) return rc;
    /* the calls: the run's cell and load, nothing of a call's own measured */
    row.checksum = 0, row.no_checksum = 1;
    row.usage = (measureUsage){0, 0, 0, 0};
    row.cpus = NULL, row.migrations = -1;
    return csvWriteTimes(a->csv, a->tags, a->ntags, &row, calls->x, calls->n, 0, err, errlen);
}

/* --series-regex's times: static, so they stay reachable to the end */
static series calls;

int main(int argc, char **argv) {
    runArgs a;
    memset(&a, 0, sizeof a);
    int rc = runParse(argc, argv, &a);
    if (rc) {
        if (rc == 2) fputs(runUsage, stderr);
        return rc;
    }
    char err[512] = "";
    if (a.series_regex) {
        if (seriesInit(&calls, a.series_regex, err, sizeof err) != 0) {
            fprintf(stderr, "coldload-run: --series-regex: %s\n", err);
            return 2;
        }
        a.launch.series = &calls;
    }
    if (a.stdout_path) {
        a.launch.stdout_fd =
            open(a.stdout_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0644);
        if (a.launch.stdout_fd < 0) {
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
    if (launchRun(&a.launch, &r, err, sizeof err) != 0) {
        fprintf(stderr, "coldload-run: %s: %s\n", a.launch.argv[0], err);
        return 1;
    }
    if (r.status == LAUNCH_STOPPED) return 128 + r.interrupted;
    r.series_calls = a.series_regex ? (long)calls.n : -1;
    if (a.series_regex && calls.gave_up)
        fprintf(stderr,
                "coldload-run: note: --series-regex: matching stopped at %s after %.0f ms and "
                "%ld line(s): the %zu time(s) found before are kept, the rest of stdout is not "
                "matched\n",
                calls.gave_up, calls.spent_ms, calls.lines, calls.n);
    if (a.series_regex && calls.n == 0 && r.status == LAUNCH_OK)
        fprintf(stderr,
                "coldload-run: note: --series-regex matched no time in %ld line(s) of stdout "
                "(%ld too long, %ld not a number): no calls recorded\n",
                calls.lines, calls.skipped, calls.not_number);
    if (r.status == LAUNCH_NOEXEC) runSayNoexec(a.launch.argv[0], r.exec_errno);
    if (r.out_source == LAUNCH_OUT_FILE_MISSING)
        fprintf(stderr, "coldload-run: --hash-file %s: %s after the run: no hash\n",
                a.launch.hash_file,
                r.out_errno == EINVAL ? "not a regular file" : strerror(r.out_errno));
    char stamp[40];
    measureUtc(stamp, sizeof stamp);
    const runRecord x = {&r,         stamp,    csvHost(), csvRunId(),
                         a.workload, a.params, a.width,   a.width_text};
    if ((a.runs_csv && runWriteRuns(&a, &x, err, sizeof err) != 0) ||
        (a.whole_csv && runWriteWhole(&a, &x, err, sizeof err) != 0)) {
        fprintf(stderr, "coldload-run: %s\n", err);
        return 1;
    }
    if (a.csv && (r.status == LAUNCH_OK || launchCensored(r.status)) &&
        runWriteSample(&a, &r, &load, a.series_regex ? &calls : NULL, err, sizeof err) != 0) {
        fprintf(stderr, "coldload-run: %s\n", err);
        return 1;
    }
    if (a.result_path && runWriteResult(a.result_path, &r) != 0) {
        fprintf(stderr, "coldload-run: --result %s: %s\n", a.result_path, strerror(errno));
        return 1;
    }
    return 0;
}
