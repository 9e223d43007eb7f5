/* coldload-scan.c -- a results directory's scan rows
 * (samples.csv rows of harness scan-wait / scan-load, scan-cells.csv) ->
 * DIR/scan/: heatmap.csv, heatmap-W.dat, wait.csv, wait-W.dat per workload,
 * counts.tsv and recommendation.tsv (the findings as data, model/scanrec.h),
 * verdict.txt (export/scanout.h and verdict/scanverdict.h say what each holds). The directory is read
 * by results/results (resultsLoadScanRows), the one place that knows which file
 * holds what. Measures nothing: it can be re-run on any old scan. Exit: 0 done, 1 an output could not be
 * written, 2 bad flags or bad input (one line naming file and line). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/atomicfile.h"
#include "common/opts.h"
#include "common/safefile.h"
#include "export/scanout.h"
#include "model/scan.h"
#include "results/results.h"
#include "verdict/scanverdict.h"

static const char scanUsage[] =
    "usage: coldload-scan [--cpus N] RESULTS_DIR\n"
    "Reads RESULTS_DIR/samples.csv and scan-cells.csv (harness/scan.sh) and writes\n"
    "RESULTS_DIR/scan/: heatmap.csv, heatmap-W.dat, wait.csv, wait-W.dat, counts.tsv,\n"
    "recommendation.tsv, verdict.txt.\n"
    "  --cpus N   the scan's usable CPUs (default: scan_cpus of RESULTS_DIR/meta.txt)\n";

/* dir/name into buf; -1 when it does not fit. */
static int scanPath(char *buf, size_t n, const char *dir, const char *name) {
    return (size_t)snprintf(buf, n, "%s/%s", dir, name) < n ? 0 : -1;
}

typedef int scanWriter(const scanData *d, const char *w, FILE *f);

/* Writes out/name through a temporary file renamed into place
 * (atomicfile.h): a failed run leaves no half-written file. */
static int scanEmit(const scanData *d, const char *out, const char *name, const char *w,
                    scanWriter *fn) {
    char path[4096];
    atomicFile a;
    if (scanPath(path, sizeof path, out, name) != 0)
        return optsError("%s/%s: path too long", out, name), -1;
    if (atomicOpen(&a, path) != 0) return optsError("%s: %s", path, a.why), -1;
    if (fn(d, w, a.f) != 0) {
        atomicAbort(&a);
        return optsError("%s: cannot be written", path), -1;
    }
    if (atomicCommit(&a) != 0)
        return optsError("%s: cannot be written: %s", path, strerror(errno)), -1;
    return 0;
}

static int scanHeatCsv(const scanData *d, const char *w, FILE *f) {
    (void)w;
    return scanoutHeatmapCsv(d, f);
}
static int scanWaitCsv(const scanData *d, const char *w, FILE *f) {
    (void)w;
    return scanoutWaitCsv(d, f);
}
static int scanVerdict(const scanData *d, const char *w, FILE *f) {
    (void)w;
    return scanverdictWrite(d, f);
}

static int scanCountsTsv(const scanData *d, const char *w, FILE *f) {
    (void)w;
    scanCounts c = scanCount(d);
    return scanrecWriteCounts(&c, f);
}
static int scanRecTsv(const scanData *d, const char *w, FILE *f) {
    (void)w;
    scanRec *r;
    size_t n;
    if (scanverdictRecommend(d, &r, &n) != 0) return -1;
    int rc = scanrecWrite(r, n, f);
    free(r);
    return rc;
}

int main(int argc, char **argv) {
    const char *dir = NULL, *v;
    long cpus = 0;
    int m;
    optsProg = "coldload-scan";
    for (int i = 1; i < argc;) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(scanUsage, stdout);
            return 0;
        }
        if ((m = optsMatch(argc, argv, &i, "--cpus", &v)) != 0) {
            if (m < 0 || optsLong("--cpus", v, 1, 4096, &cpus)) return OPTS_EXIT_USAGE;
        } else if (argv[i][0] == '-' || dir) {
            optsError("unexpected argument '%s' (see --help)", argv[i]);
            return OPTS_EXIT_USAGE;
        } else {
            dir = argv[i++];
        }
    }
    if (!dir) {
        fputs(scanUsage, stderr);
        return OPTS_EXIT_USAGE;
    }
    char out[4096], err[512];
    if (scanPath(out, sizeof out, dir, "scan")) {
        optsError("%s: path too long", dir);
        return OPTS_EXIT_USAGE;
    }
    resultsScanRows x;
    int lrc = resultsLoadScanRows(&x, dir, cpus, err, sizeof err);
    if (lrc != RESULTS_OK) {
        optsError("%s", lrc == RESULTS_NO_MEMORY ? "out of memory" : err);
        resultsScanRowsFree(&x);
        return lrc == RESULTS_BAD_INPUT ? OPTS_EXIT_USAGE : 1;
    }
    const scanData *d = &x.d;
    int rc = 0;
    /* A results directory without scan rows (make report's, a typo) is no
     * scan: "0 cells" and exit 0 would pass it off as an empty one. */
    if (d->n == 0) {
        optsError("%s: no scan rows (harness scan-wait or scan-load): %s is not a scan's results "
                  "directory (harness/scan.sh)",
                  x.samples, dir);
        rc = 1;
        goto done;
    }
    char why[SAFEFILE_WHY_MAX];
    if (safefileDir(out, 1, why, sizeof why) != 0) { /* scan/ itself, not a link */
        optsError("%s: %s", out, why);
        rc = errno == ELOOP || errno == ENOTDIR ? OPTS_EXIT_USAGE : 1;
        goto done;
    }
    if (scanEmit(d, out, "heatmap.csv", NULL, scanHeatCsv) ||
        scanEmit(d, out, "wait.csv", NULL, scanWaitCsv) ||
        scanEmit(d, out, SCANREC_COUNTS_FILE, NULL, scanCountsTsv) ||
        scanEmit(d, out, SCANREC_FILE, NULL, scanRecTsv) ||
        scanEmit(d, out, "verdict.txt", NULL, scanVerdict)) {
        rc = 1;
        goto done;
    }
    /* one .dat per workload and chart */
    for (size_t i = 0; i < d->n && rc == 0; i++) {
        const scanCell *c = &d->cells[i];
        const scanCell *first = NULL;
        for (size_t k = 0; k < i && !first; k++)
            if (!strcmp(d->cells[k].scan, c->scan) && !strcmp(d->cells[k].workload, c->workload))
                first = &d->cells[k];
        if (first) continue;
        char name[64];
        int wait = !strcmp(c->scan, "wait");
        snprintf(name, sizeof name, "%s-%s.dat", wait ? "wait" : "heatmap", c->workload);
        rc = scanEmit(d, out, name, c->workload, wait ? scanoutWaitDat : scanoutHeatmapDat) ? 1 : 0;
    }
    if (rc == 0)
        fprintf(stderr, "coldload-scan: %zu cells from %s%s -> %s/\n", d->n, x.samples,
                x.ledger ? " and scan-cells.csv" : "", out);
done:
    resultsScanRowsFree(&x);
    return rc;
}
