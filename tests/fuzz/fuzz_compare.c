/* tests/fuzz/fuzz_compare.c -- libFuzzer target for coldload-compare's model
 * and documents: two results directories read as summarize reads them,
 * matched, bootstrapped, and written as CSV, Markdown, HTML and chart data.
 * Run by `make fuzz-compare` (clang, ASan + UBSan).
 *
 * The input is two samples.csv files split at the first "\n--\n" (the
 * second is empty without one): a defect in either must be reported as
 * "file:line: what"; two good ones must compare without a crash. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "doc/comparedoc.h"
#include "results/compare.h"
#include "export/comparechart.h"
#include "export/comparecsv.h"
#include "export/jobs.h"

static char fuzzDirs[3][64]; /* input a, input b, the chart's directory */

/* The directories go with the process (libFuzzer exits through exit()). */
static void fuzzCleanup(void) {
    for (int k = 0; k < 3; k++) {
        char cmd[128];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", fuzzDirs[k]);
        if (fuzzDirs[k][0] && system(cmd) != 0) fprintf(stderr, "fuzz_compare: %s failed\n", cmd);
    }
}

static void fuzzPut(int k, const uint8_t *p, size_t n) {
    char path[128];
    snprintf(path, sizeof path, "%s/samples.csv", fuzzDirs[k]);
    FILE *f = fopen(path, "w");
    if (!f || fwrite(p, 1, n, f) != n || fclose(f) != 0) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static FILE *null;
    if (!null) {
        for (int k = 0; k < 3; k++) {
            snprintf(fuzzDirs[k], sizeof fuzzDirs[k], "/tmp/coldload-fuzz-compare-XXXXXX");
            if (!mkdtemp(fuzzDirs[k])) abort();
        }
        if (!(null = fopen("/dev/null", "w"))) abort();
        atexit(fuzzCleanup);
    }
    const uint8_t *cut = size >= 4 ? memmem(data, size, "\n--\n", 4) : NULL;
    size_t na = cut ? (size_t)(cut - data) + 1 : size;
    fuzzPut(0, data, na);
    fuzzPut(1, cut ? cut + 4 : data, cut ? size - na - 3 : 0);
    compareInput in[2];
    char err[SUMMARY_ERR_MAX];
    int ok = 1;
    for (int k = 0; k < 2; k++) {
        int rc = compareInputRead(&in[k], fuzzDirs[k], k ? "b" : "a", err, sizeof err);
        size_t dl = strlen(fuzzDirs[k]);
        /* "<dir>/samples.csv:<line>: what" */
        if (rc == -1 &&
            (strncmp(err, fuzzDirs[k], dl) != 0 || strncmp(err + dl, "/samples.csv:", 13) != 0 ||
             err[dl + 13] < '1' || err[dl + 13] > '9'))
            abort();
        if (rc == 0) in[k].asks = jobOf(&in[k].meta)->report.asks; /* as coldload-compare */
        ok &= rc == 0;
    }
    compareResult r;
    if (ok && compareRun(in, 2, 1, &r) == 0) {
        comparecsvWrite(&r, null);
        for (size_t i = 0; i < docNFormats; i++) comparedocWrite(&r, 1, docFormats[i], null);
        comparechartWrite(&r, fuzzDirs[2], err, sizeof err);
        compareFree(&r);
    }
    for (int k = 0; k < 2; k++) compareInputFree(&in[k]);
    return 0;
}
