/* tests/fuzz/fuzz_summary.c -- libFuzzer target for everything that reads a
 * results directory: the CSV reader, samples.csv / whole.csv by column name,
 * the statistics, the verdicts, the chart data, the report writers, and
 * meta.txt. Run by `make fuzz` (clang, ASan + UBSan).
 *
 * The first input byte picks what the rest is: 0 samples.csv, 1 whole.csv,
 * 2 meta.txt, 3 cold-pages.tsv (coldread), 4 firstrun.csv (firstrun), 5
 * runs.csv (threads.sh's launcher rows, read by a column table, then
 * everything after as a threads job whose meta quotes hostile text). The
 * bytes go into a regular file of the fuzzer's own (fuzzFile): the readers
 * open with O_NOFOLLOW, so a memfd's /proc/self/fd/N -- a symbolic link --
 * would be refused before a byte is read. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "export/chartdata.h"
#include "export/jobs.h"
#include "doc/firstrundoc.h"
#include "doc/report.h"
#include "model/coldread.h"
#include "model/pressure.h"
#include "model/summary.h"
#include "verdict/verdict.h"
#include "export/firstrunchart.h"

static FILE *fuzzNull(void) {
    static FILE *devnull;
    if (!devnull) devnull = fopen("/dev/null", "w");
    return devnull;
}

/* The fuzzer's files (fuzzFile), removed when it exits. */
static const char *const fuzzTags[] = {"input", "cols", "meta", "samples"};

static void fuzzFilePath(const char *tag, char *path) {
    snprintf(path, 64, "/tmp/coldload-fuzz.%ld.%s", (long)getpid(), tag);
}

static void fuzzFilesRemove(void) {
    char path[64];
    for (size_t i = 0; i < sizeof fuzzTags / sizeof *fuzzTags; i++) {
        fuzzFilePath(fuzzTags[i], path);
        unlink(path);
    }
}

/* fuzzFile: BYTES (N of them) as the whole of a regular file of this
 * process (one a TAG of fuzzTags), its path in path (64 bytes); aborts
 * when it cannot. */
static void fuzzFile(const void *bytes, size_t n, const char *tag, char *path) {
    static int registered;
    if (!registered && atexit(fuzzFilesRemove) == 0) registered = 1;
    fuzzFilePath(tag, path);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(bytes, 1, n, f) != n || fclose(f) != 0) abort();
}

/* Everything after reading: statistics, verdicts, charts and both reports. */
static void fuzzDownstream(summary *s, const metaTable *meta) {
    verdictThresholds t;
    verdictList v = {0};
    FILE *out = fuzzNull();
    summaryFinish(s, 5);
    for (size_t i = 0; i < s->n; i++) s->g[i].psi_some_pct = pressureDuring(meta, &s->g[i]);
    verdictDefaults(&t);
    verdictRun(s, &t, &v);
    summaryWriteCsv(s, out);
    verdictWrite(&v, &t, out);
    for (size_t c = 0; c < chartdataNCharts; c++) chartdataEmit(s, c, out);
    reportChart shown[4];
    size_t nshown = jobChartsShown(0xf, shown, 4);
    metaStops stops; /* meta's legacy stop keys (model/stops.h) */
    if (metaStopsRead(meta, &stops) != 0) stops = (metaStops){NULL, 0};
    reportInput in = {.job = &jobOf(meta)->report, /* the job meta names, as summarize */
                      .s = s,
                      .verdicts = &v,
                      .thresholds = &t,
                      .meta = meta,
                      .stops = &stops,
                      .machine = "fuzz",
                      .name = "fuzz",
                      .charts = shown,
                      .ncharts = nshown};
    for (size_t i = 0; i < docNFormats; i++) reportWrite(&in, docFormats[i], out);
    metaStopsFree(&stops);
    verdictFree(&v);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    char path[64], err[SUMMARY_ERR_MAX];
    fuzzFile(data + 1, size - 1, "input", path);
    summary s;
    summaryInit(&s);
    metaTable meta;
    memset(&meta, 0, sizeof meta);
    switch (data[0] % 6) {
    case 0:
    case 1: {
        int rc = data[0] % 5 ? summaryReadWhole(&s, path, err, sizeof err)
                             : summaryReadSamples(&s, path, err, sizeof err);
        /* A defect must be reported as "file:line: what". */
        size_t pl = strlen(path);
        if (rc != 0 && (strncmp(err, path, pl) != 0 || err[pl] != ':' || err[pl + 1] < '1' ||
                        err[pl + 1] > '9'))
            abort();
        meta.text = strdup("");
        fuzzDownstream(&s, &meta);
        break;
    }
    case 3: {
        /* the cold-read tables: against an empty summary (no extra ms known) */
        coldread c;
        summaryFinish(&s, 5);
        if (coldreadLoad(&c, path, &s, err, sizeof err) == 0) coldreadFree(&c);
        break;
    }
    case 5: {
        /* a few of coldload-run's columns (runs-columns.tsv), and a meta of a
         * threads job whose texts are hostile: an ESC, a newline escape, a tab */
        static const char cols[] = "name\trole\tunit\tcell\twhat\n"
                                   "status\ttext\t\t0\tok, failed\n"
                                   "wall_ms\tfigure\tms\t0\twall time\n"
                                   "cpu_ms\tfigure\tms\t1\tCPU time\n"
                                   "nivcsw\tfigure\tcount\t1\tinvoluntary context switches\n";
        static const char job[] =
            "job=threads\nthreads_binary=/x/a\\nb/prog\n"
            "threads_check_what=stdout\nthreads_default_cell=yes\n"
            "threads_first_failure=s (failed, exit 3; logs/s.err): \x1b[31m\tno\n";
        char cpath[64], mpath[64];
        fuzzFile(cols, sizeof cols - 1, "cols", cpath);
        fuzzFile(job, sizeof job - 1, "meta", mpath);
        (void)summaryReadRuns(&s, path, cpath, err, sizeof err);
        if (metaRead(&meta, mpath, err, sizeof err) != 0) abort();
        fuzzDownstream(&s, &meta);
        break;
    }
    case 4: {
        firstrun fr;
        if (firstrunLoad(&fr, path, err, sizeof err) == 0) {
            firstrunchartWriteDat(&fr, fuzzNull());
            firstrunFree(&fr);
        }
        break;
    }
    default: {
        if (metaRead(&meta, path, err, sizeof err) == 0) {
            free(metaMachine(&meta));
            /* A loaded group and an idle one look their PSI up in this meta. */
            static const char rows[] =
                "run_id,workload,params,width,wait,phase,ms,load1,procs_running,checksum,"
                "truncated,harness,condition,stressors,copy\n"
                "1,grad,n=1,1,block,first,1,0.1,1,aa,0,loaded,loaded,2,warm\n"
                "1,grad,n=1,1,block,steady,1,0.1,1,aa,0,warm,idle,0,warm\n";
            fuzzFile(rows, sizeof rows - 1, "samples", path);
            if (summaryReadSamples(&s, path, err, sizeof err) != 0) abort();
            fuzzDownstream(&s, &meta);
        }
        break;
    }
    }
    metaFree(&meta);
    summaryFree(&s);
    return 0;
}
