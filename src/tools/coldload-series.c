/* coldload-series.c -- a program's per-call times out of its saved
 * stdout, as samples.csv rows (the --series-regex of harness/cold.sh, whose
 * runs go through GNU time, not coldload-run).
 *
 *   coldload-series --regex RE [--check] [--csv FILE --workload NAME
 *                   [--params TEXT] [--width N] [--tag KEY=VALUE]...] < OUTPUT
 *
 * Each line of OUTPUT that RE (POSIX extended) matches gives its first
 * group's number, in ms (launch/series.h: bounded, never evaluated); the
 * times become the process's calls as coldload's own binaries write them:
 * call 1 phase first, call k phase steady iter k - 1. Prints how many
 * times it found; none is a note on stderr, not an error. A RE with a
 * back-reference is refused (exit 2); matching stops after
 * SERIES_BUDGET_MS of it, with a note, keeping the times found before.
 * Exit: 0 done (or --check: RE compiles, with a group), 1 a row could not
 * be written, 2 usage or a RE that does not compile. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench/csvwrite.h"
#include "bench/optscommon.h"
#include "launch/series.h"
#include "common/num.h"
#include "common/ranges.h"

static const char seriesUsage[] =
    "usage: coldload-series --regex RE [--check] [--csv FILE --workload NAME [--params TEXT]\n"
    "                       [--width N] [--tag KEY=VALUE]...] < OUTPUT\n"
    "The per-call times of a program's output: each line RE (POSIX extended, with a capture\n"
    "group) matches gives the group's number in ms. Prints how many; with --csv, appends\n"
    "them as samples.csv rows (call 1 phase first, call k phase steady iter k-1).\n"
    "  --check   only check RE (exit 0 good, 2 with one line saying why)\n"
    "RE may not hold a back-reference (\\1-\\9). Matching stops after 5 s of it, with a note;\n"
    "the times found before are kept.\n"
    "Exit: 0 done, 1 a row could not be written, 2 usage or a bad RE.\n";

static series calls; /* static: reachable to the end */

static int seriesBad(const char *msg, const char *v) {
    fprintf(stderr, "coldload-series: %s%s%s\n", msg, v ? ": " : "", v ? v : "");
    return 2;
}

int main(int argc, char **argv) {
    const char *re = NULL, *csv = NULL, *workload = NULL, *params = "", *width = "1";
    csvTag tags[OPTS_MAX_TAGS];
    size_t ntags = 0;
    int check = 0;
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(o, "-h") || !strcmp(o, "--help")) {
            fputs(seriesUsage, stdout);
            return 0;
        }
        if (!strcmp(o, "--check")) {
            check = 1;
            continue;
        }
        if (!v) return seriesBad("needs a value", o);
        i++;
        long n;
        if (!strcmp(o, "--regex")) re = v;
        else if (!strcmp(o, "--csv")) csv = v;
        else if (!strcmp(o, "--workload")) workload = v;
        else if (!strcmp(o, "--params")) params = v;
        else if (!strcmp(o, "--width")) {
            if (numLong(v, RANGE_WIDTH_MIN, RANGE_WIDTH_MAX, &n))
                return seriesBad("--width: expected " RANGE_TEXT(RANGE_WIDTH), v);
            width = v;
        } else if (!strcmp(o, "--tag")) {
            if (optsTagAdd(tags, &ntags, OPTS_MAX_TAGS, v)) return 2;
        } else return seriesBad("unknown option", o);
    }
    if (!re) return seriesBad("--regex RE is required", NULL);
    if (csv && (!workload || !*workload)) return seriesBad("--csv needs --workload NAME", NULL);
    char err[512];
    if (seriesInit(&calls, re, err, sizeof err) != 0) {
        fprintf(stderr, "coldload-series: --regex: %s\n", err);
        return 2;
    }
    if (check) return 0;
    char buf[65536];
    ssize_t k;
    while ((k = read(STDIN_FILENO, buf, sizeof buf)) > 0) seriesFeed(&calls, buf, (size_t)k);
    seriesEnd(&calls);
    if (calls.gave_up)
        fprintf(stderr,
                "coldload-series: note: matching stopped at %s after %.0f ms and %ld line(s): "
                "the %zu time(s) found before are kept, the rest is not matched\n",
                calls.gave_up, calls.spent_ms, calls.lines, calls.n);
    if (calls.n == 0)
        fprintf(stderr,
                "coldload-series: note: the regex matched no time in %ld line(s) "
                "(%ld too long, %ld not a number): no calls recorded\n",
                calls.lines, calls.skipped, calls.not_number);
    if (csv) {
        csvRow row = {
            .workload = workload,
            .params = params,
            .wait = "",
            .width = atoi(width),
            .load1 = -1,
            .procs_running = -1,
            .no_checksum = 1,
            .cpu = -1,
            .migrations = -1,
            .width_requested = width,
        };
        if (csvWriteTimes(csv, tags, ntags, &row, calls.x, calls.n, 1, err, sizeof err) != 0) {
            fprintf(stderr, "coldload-series: %s\n", err);
            return 1;
        }
    }
    printf("%zu\n", calls.n);
    return fflush(stdout) ? 1 : 0;
}
