/* results.c -- a results directory loaded and judged (see results.h): the
 * one place that knows which file holds what, so that the tools above it
 * read a directory the same way. */
#include "results/results.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/num.h"
#include "common/safefile.h"
#include "model/pressure.h"

static int resultsErr(char *err, size_t len, int rc, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int resultsErr(char *err, size_t len, int rc, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, len, fmt, ap);
    va_end(ap);
    return rc;
}

double resultsBlasPool(const metaTable *m) {
    double v;
    if (metaGet(m, "openblas_num_threads")) return 1;
    if (numDouble(metaGet(m, "nproc"), 1, 4096, &v) != 0) v = (double)sysconf(_SC_NPROCESSORS_ONLN);
    return v >= 1 ? v : 1;
}

/* Whether a file is there, whatever it is: a link or a FIFO is present, and
 * refused by its reader (common/safefile.h), not taken for an absent file. */
static int resultsPresent(const char *path) {
    struct stat st;
    return lstat(path, &st) == 0;
}

/* Whether path is a regular file of no bytes: a table whose header was never
 * written (the disk was full when its first run ended) holds no rows. */
static int resultsNoBytes(const char *path) {
    struct stat st;
    return lstat(path, &st) == 0 && S_ISREG(st.st_mode) && st.st_size == 0;
}

/* The CSVs of dir into s: the ones named, else the directory's that exist. */
static int resultsReadRowsOf(summary *s, const char *dir, const resultsOptions *o, double wide,
                             char *err, size_t errlen) {
    char sp[4096], wp[4096];
    const char *samples = o->samples, *whole = o->whole;
    if ((size_t)snprintf(sp, sizeof sp, "%s/samples.csv", dir) >= sizeof sp ||
        (size_t)snprintf(wp, sizeof wp, "%s/whole.csv", dir) >= sizeof wp)
        return resultsErr(err, errlen, RESULTS_BAD_INPUT, "%s: path too long", dir);
    if (!samples) samples = sp;
    if (!whole) whole = wp;
    /* A default file may be absent (a --binary cold run has no samples); a
     * file named by the caller must exist. */
    int have_s = resultsPresent(samples), have_w = resultsPresent(whole);
    if ((samples != sp && !have_s) || (whole != wp && !have_w))
        return resultsErr(err, errlen, RESULTS_BAD_INPUT, "%s: %s",
                          samples != sp && !have_s ? samples : whole, strerror(ENOENT));
    if (!have_s && !have_w)
        return resultsErr(err, errlen, RESULTS_BAD_INPUT,
                          "%s: neither samples.csv nor whole.csv: no rows to read", dir);
    if ((have_s && summaryReadSamples(s, samples, err, errlen) != 0) ||
        (have_w && summaryReadWhole(s, whole, err, errlen) != 0))
        return RESULTS_BAD_INPUT;
    /* a threads job's runs.csv, its figures named by runs-columns.tsv (both
     * or neither: results from before the column table have no TSV; none
     * written when the disk filled before its header) */
    char rp[4096], tp[4096];
    snprintf(rp, sizeof rp, "%s/runs.csv", dir);
    snprintf(tp, sizeof tp, "%s/runs-columns.tsv", dir);
    if (resultsPresent(rp) && !resultsNoBytes(rp) && resultsPresent(tp) &&
        summaryReadRuns(s, rp, tp, err, errlen) != 0)
        return RESULTS_BAD_INPUT;
    summaryFinish(s, wide);
    return RESULTS_OK;
}

static int resultsReadRows(results *r, const resultsOptions *o, char *err, size_t errlen) {
    return resultsReadRowsOf(&r->s, r->dir, o, r->t.contention_wide, err, errlen);
}

static int resultsNameCmp(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* remedies/: each directory an id names (verdict/remedy.h), its rows
 * summarised; anything else there is not ours and left alone. A directory
 * whose rows cannot be read, or that is a symbolic link (to rows elsewhere),
 * is left out, its defect kept (remedies_err). */
static int resultsReadRemedies(results *r) {
    static const resultsOptions none = {NULL, NULL, 0};
    char path[4096], e[512], why[SAFEFILE_WHY_MAX];
    snprintf(path, sizeof path, "%s/" RESULTS_REMEDIES_DIR, r->dir);
    if (safefileDir(path, 0, why, sizeof why) != 0) {
        if (errno == ENOENT) return RESULTS_OK;
        snprintf(e, sizeof e, "%.300s: %s", path, why);
        return (r->remedies_err = strdup(e)) ? RESULTS_OK : RESULTS_NO_MEMORY;
    }
    DIR *d = opendir(path);
    if (!d) return RESULTS_OK;
    char **names = NULL;
    size_t n = 0, cap = 0;
    int rc = RESULTS_OK;
    struct dirent *de;
    remedyItem it;
    while ((de = readdir(d))) {
        if (remedyItemOfId(de->d_name, &it) != 0) continue;
        if (n == cap) {
            char **nn = realloc(names, (cap = cap ? 2 * cap : 8) * sizeof *nn);
            if (!nn) goto nomem;
            names = nn;
        }
        if (!(names[n] = strdup(de->d_name))) goto nomem;
        n++;
    }
    qsort(names, n, sizeof *names, resultsNameCmp);
    if (n && !(r->remedies = calloc(n, sizeof *r->remedies))) goto nomem;
    for (size_t i = 0; i < n; i++) {
        remedyRuns *x = &r->remedies[r->nremedies];
        e[0] = '\0';
        remedyItemOfId(names[i], &x->item);
        summaryInit(&x->s);
        snprintf(path, sizeof path, "%s/" RESULTS_REMEDIES_DIR "/%s", r->dir, names[i]);
        if (safefileDir(path, 0, why, sizeof why) != 0) /* a link to a directory elsewhere */
            snprintf(e, sizeof e, "%.300s: %s", path, why);
        if (e[0] || resultsReadRowsOf(&x->s, path, &none, r->t.contention_wide, e, sizeof e) != 0) {
            summaryFree(&x->s);
            if (!r->remedies_err && !(r->remedies_err = strdup(e))) goto nomem;
            continue;
        }
        r->nremedies++;
    }
    goto out;
nomem:
    rc = RESULTS_NO_MEMORY;
out:
    for (size_t i = 0; i < n; i++) free(names[i]);
    free(names);
    closedir(d);
    return rc;
}

/* The files only the report shows: each has its own rows, so a defect in
 * one is kept (*_err) to be said where it is shown, and costs the rest
 * nothing. */
static int resultsReadShown(results *r, char *err, size_t errlen) {
    char path[4096], e[512];
    struct stat st;
    if (resultsLoadFirstrun(&r->fr, r->dir, e, sizeof e) != 0 && !(r->fr_err = strdup(e)))
        return RESULTS_NO_MEMORY;
    snprintf(path, sizeof path, "%s/cold-pages.tsv", r->dir);
    if (coldreadLoad(&r->cold, path, &r->s, e, sizeof e) != 0 && !(r->cold_err = strdup(e)))
        return RESULTS_NO_MEMORY;
    snprintf(path, sizeof path, "%s/" RUNLINES_FILE, r->dir);
    int rl = runlinesRead(&r->runs, path, e, sizeof e);
    if (rl == -2 || (rl == -1 && !(r->runs_err = strdup(e)))) return RESULTS_NO_MEMORY;
    snprintf(path, sizeof path, "%s/logs", r->dir);
    r->logs = lstat(path, &st) == 0 && S_ISDIR(st.st_mode);
    return resultsLoadScanFindings(&r->scan, r->dir, err, errlen);
}

int resultsLoadFirstrun(firstrun *fr, const char *dir, char *err, size_t errlen) {
    char path[4096];
    memset(fr, 0, sizeof *fr);
    if ((size_t)snprintf(path, sizeof path, "%s/firstrun.csv", dir) >= sizeof path)
        return resultsErr(err, errlen, -1, "%s: path too long", dir);
    return firstrunLoad(fr, path, err, errlen);
}

int resultsLoad(results *r, const char *dir, const verdictThresholds *t, const resultsOptions *o,
                char *err, size_t errlen) {
    static const resultsOptions none = {NULL, NULL, 1};
    char path[4096];
    struct stat st;
    memset(r, 0, sizeof *r);
    summaryInit(&r->s);
    r->t = *t;
    if (!o) o = &none;
    if (!(r->dir = strdup(dir))) return RESULTS_NO_MEMORY;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return resultsErr(err, errlen, RESULTS_BAD_INPUT, "%s: not a directory", dir);
    int rc = resultsReadRows(r, o, err, errlen);
    if (rc != RESULTS_OK) return rc;
    snprintf(path, sizeof path, "%s/meta.txt", dir);
    if (metaRead(&r->meta, path, err, errlen) != 0) /* a link or a FIFO: bad input */
        return errno == ELOOP || errno == EINVAL ? RESULTS_BAD_INPUT : RESULTS_READ_ERROR;
    int sr = stopsRead(&r->stops, dir, &r->meta, err, errlen);
    if (sr != 0) return sr == -2 ? RESULTS_NO_MEMORY : RESULTS_BAD_INPUT;
    const char *we = metaGet(&r->meta, "threads_width_env");
    if (we) snprintf(r->s.width_env, sizeof r->s.width_env, "%s", we);
    for (size_t i = 0; i < r->s.n; i++) {
        r->s.g[i].psi_some_pct = pressureDuring(&r->meta, &r->s.g[i]);
        r->s.g[i].others_cpus = pressureOthersCpus(&r->meta, &r->s.g[i], &r->s.g[i].others_probed);
    }
    if (r->t.blas_pool == 0) r->t.blas_pool = resultsBlasPool(&r->meta);
    verdictLoadCpus(&r->t, &r->meta);
    r->t.output_what = verdictCheckedOutput(&r->meta);
    if (!(r->machine = metaMachine(&r->meta))) return RESULTS_NO_MEMORY;
    if ((rc = resultsReadShown(r, err, errlen)) != RESULTS_OK) return rc;
    if ((rc = resultsReadRemedies(r)) != RESULTS_OK) return rc;
    if (o->judge && verdictRun(&r->s, &r->t, &r->v) != 0) return RESULTS_NO_MEMORY;
    return RESULTS_OK;
}

void resultsFree(results *r) {
    free(r->dir);
    free(r->machine);
    free(r->fr_err);
    firstrunFree(&r->fr);
    free(r->cold_err);
    coldreadFree(&r->cold);
    free(r->runs_err);
    runlinesFree(&r->runs);
    resultsScanFree(&r->scan);
    for (size_t i = 0; i < r->nremedies; i++) summaryFree(&r->remedies[i].s);
    free(r->remedies);
    free(r->remedies_err);
    verdictFree(&r->v);
    metaStopsFree(&r->stops);
    metaFree(&r->meta);
    summaryFree(&r->s);
    memset(r, 0, sizeof *r);
}
