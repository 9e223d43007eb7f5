/* resultsscan.c -- the scan's files, for the loader (see results.h): the
 * scan a report holds in scan-run/, as coldload-scan analysed it, and a
 * scan's own results directory, the rows coldload-scan analyses. Apart from
 * results.c so that coldload-scan links it without the verdicts. */
#include "results/results.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/num.h"
#include "common/safefile.h"
#include "common/slurp.h"

/* verdict.txt is a few lines per load level; anything past this is not a
 * verdict coldload-scan wrote. */
#define RESULTS_SCAN_TEXT_MAX (1u << 20)

/* dir/rel into buf; -1 when it does not fit. */
static int resultsScanPath(char *buf, size_t n, const char *dir, const char *rel) {
    return (size_t)snprintf(buf, n, "%s/%s", dir, rel) < n ? 0 : -1;
}

/* Keeps the first defect of the scan's files: one is enough to say. */
static int resultsScanDefect(resultsScan *sc, const char *err) {
    if (sc->err) return 0;
    return (sc->err = strdup(err)) ? 0 : -1;
}

/* The ledger's processes (its lines after the header); -1 without one. */
static long resultsScanProcs(const char *path) {
    char why[SAFEFILE_WHY_MAX];
    FILE *f = safefileFopenRead(path, why, sizeof why);
    if (!f) return -1;
    long lines = 0;
    int c, last = '\n';
    while ((c = getc(f)) != EOF) {
        if (c == '\n') lines++;
        last = c;
    }
    if (last != '\n') lines++;
    fclose(f);
    return lines > 0 ? lines - 1 : 0;
}

static int resultsScanCmp(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The chart data of scan/ (heatmap-W.dat, wait-W.dat), their names
 * without .dat, sorted: the heatmaps before the wait charts. 0, or -1 when
 * out of memory. */
static int resultsScanCharts(resultsScan *sc, const char *path) {
    DIR *d = opendir(path);
    if (!d) return 0;
    size_t cap = 0;
    int rc = 0;
    struct dirent *e;
    while (rc == 0 && (e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".dat") != 0) continue;
        if (strncmp(e->d_name, "heatmap-", 8) != 0 && strncmp(e->d_name, "wait-", 5) != 0) continue;
        if (sc->ncharts == cap) {
            size_t nc = cap ? 2 * cap : 8;
            char **nv = realloc(sc->charts, nc * sizeof *nv);
            if (!nv) {
                rc = -1;
                break;
            }
            sc->charts = nv, cap = nc;
        }
        if (!(sc->charts[sc->ncharts] = strndup(e->d_name, len - 4))) rc = -1;
        else sc->ncharts++;
    }
    closedir(d);
    if (sc->ncharts > 1) qsort(sc->charts, sc->ncharts, sizeof *sc->charts, resultsScanCmp);
    return rc;
}

int resultsLoadScanFindings(resultsScan *sc, const char *dir, char *err, size_t errlen) {
    char base[4064], path[4096], e[512]; /* base: room for the longest file name below */
    memset(sc, 0, sizeof *sc);
    sc->procs = -1;
    if (resultsScanPath(base, sizeof base, dir, RESULTS_SCAN_DIR) != 0 ||
        (size_t)snprintf(path, sizeof path, "%s/scan/verdict.txt", base) >= sizeof path)
        return snprintf(err, errlen, "%s: path too long", dir), RESULTS_BAD_INPUT;
    /* scan-run/ itself, not a link to a directory elsewhere: one that is
     * not a directory is said, and shown as no scan */
    char why[SAFEFILE_WHY_MAX];
    if (safefileDir(base, 0, why, sizeof why) != 0) {
        if (errno == ENOENT) return RESULTS_OK; /* no scan */
        snprintf(e, sizeof e, "%.300s: %s", base, why);
        return resultsScanDefect(sc, e) ? RESULTS_NO_MEMORY : RESULTS_OK;
    }
    sc->present = 1;
    int trunc, rc = 0;
    errno = 0;
    sc->verdict = slurpText(path, RESULTS_SCAN_TEXT_MAX, &trunc, why, sizeof why);
    if (!sc->verdict && errno != ENOENT) {
        snprintf(e, sizeof e, "%.300s: %s", path, why);
        rc |= resultsScanDefect(sc, e);
    }
    /* The findings as data; an absent file is a scan analysed before they
     * were written, a bad one is said and shown as absent. */
    snprintf(path, sizeof path, "%s/scan/" SCANREC_COUNTS_FILE, base);
    int c = scanrecReadCounts(path, &sc->counts, e, sizeof e);
    sc->have_counts = c == 0;
    if (c < 0) rc |= resultsScanDefect(sc, e);
    snprintf(path, sizeof path, "%s/scan/" SCANREC_FILE, base);
    c = scanrecRead(path, &sc->recs, &sc->nrecs, e, sizeof e);
    sc->have_recs = c == 0;
    if (c < 0) rc |= resultsScanDefect(sc, e);
    snprintf(path, sizeof path, "%s/scan-cells.csv", base);
    sc->procs = resultsScanProcs(path);
    snprintf(path, sizeof path, "%s/meta.txt", base);
    if (metaRead(&sc->meta, path, e, sizeof e) != 0) {
        metaFree(&sc->meta);
        rc |= resultsScanDefect(sc, e);
    }
    snprintf(path, sizeof path, "%s/scan", base);
    rc |= resultsScanCharts(sc, path);
    return rc ? RESULTS_NO_MEMORY : RESULTS_OK;
}

void resultsScanFree(resultsScan *sc) {
    free(sc->verdict);
    free(sc->recs);
    metaFree(&sc->meta);
    for (size_t i = 0; i < sc->ncharts; i++) free(sc->charts[i]);
    free(sc->charts);
    free(sc->err);
    memset(sc, 0, sizeof *sc);
}

/* --- a scan's own results directory, for coldload-scan ------------------------------------ */

/* The scan's usable CPUs from dir/meta.txt's scan_cpus. */
static int resultsScanCpus(const char *dir, long *cpus, char *err, size_t errlen) {
    char path[4096];
    metaTable mt;
    if (resultsScanPath(path, sizeof path, dir, "meta.txt") != 0)
        return snprintf(err, errlen, "%s: path too long", dir), RESULTS_BAD_INPUT;
    if (metaRead(&mt, path, err, errlen) != 0) {
        metaFree(&mt);
        return RESULTS_BAD_INPUT;
    }
    const char *c = metaGet(&mt, "scan_cpus");
    int rc = RESULTS_OK;
    if (!c) rc = RESULTS_BAD_INPUT, snprintf(err, errlen, "%s: no scan_cpus; pass --cpus N", path);
    else if (numLong(c, 1, 4096, cpus) != 0)
        rc = RESULTS_BAD_INPUT, snprintf(err, errlen,
                                         "%s: scan_cpus=%.40s is not a CPU count 1..4096; "
                                         "pass --cpus N",
                                         path, c);
    metaFree(&mt);
    return rc;
}

int resultsLoadScanRows(resultsScanRows *x, const char *dir, long cpus, char *err, size_t errlen) {
    char cells[4096];
    memset(x, 0, sizeof *x);
    x->cpus = cpus;
    if (!(x->samples = malloc(4096))) return RESULTS_NO_MEMORY;
    if (resultsScanPath(x->samples, 4096, dir, "samples.csv") != 0 ||
        resultsScanPath(cells, sizeof cells, dir, "scan-cells.csv") != 0)
        return snprintf(err, errlen, "%s: path too long", dir), RESULTS_BAD_INPUT;
    if (x->cpus == 0) {
        int rc = resultsScanCpus(dir, &x->cpus, err, errlen);
        if (rc != RESULTS_OK) return rc;
    }
    struct stat st;
    x->ledger = lstat(cells, &st) == 0; /* present: read, or refused when not a regular file */
    if (scanLoad(&x->d, x->samples, cells, (int)x->cpus, err, errlen) != 0)
        return RESULTS_BAD_INPUT;
    return RESULTS_OK;
}

void resultsScanRowsFree(resultsScanRows *x) {
    scanFree(&x->d);
    free(x->samples);
    memset(x, 0, sizeof *x);
}
