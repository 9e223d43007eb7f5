/* p28_timing.c -- the page's two timed programs on coldload's engine:
 *
 *   grad     the reverse-mode gradient of f(x) = sum(sin(x) * x^2), n = 1000,
 *            traced, differentiated and prepared once (timed as `prepare`),
 *            then run: `first`, then --runs `steady` runs;
 *   svdvals  singular values of a seeded size x size matrix (dgesdd, jobz=N).
 *
 * One line per workload in the page's format on stdout; one CSV row per
 * sample with --csv. Exit: 0 ok, 1 runtime failure, 2 usage. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench.h"
#include "bench/describe.h"
#include "engine/linalg.h"
#include "bench/measure.h"
#include "common/checksum.h"
#include "common/stats.h"
#include "bench/optscommon.h"
#include "bench/startup.h"
#include "bench/timeline.h"
#include "common/prefault.h"
#include "engine/pool.h"
#include "engine/program.h"

#define P28_SEED_X 28  /* grad input: x_i uniform in [-2, 2) from this seed */
#define P28_SEED_A 256 /* svdvals matrix: entries uniform in [-1, 1) */
#define P28_STR_(x) #x
#define P28_STR(x) P28_STR_(x)
#define P28_N 1000       /* default grad vector length */
#define P28_SIZE 256     /* default svdvals matrix size */
#define P28_RUNS 20      /* default steady runs */
#define P28_QUICK_RUNS 5 /* QUICK mode's */

/* What the harness runs (describe.h): a loaded call of either workload is
 * still short, so loaded runs take the full arguments. */
#define P28_ROW(w, p) \
    { \
        .workload = w, .params = p, .quick_params = p, .loaded_params = p, \
        .args = "--workload " w " --runs " P28_STR(P28_RUNS), \
        .quick_args = "--workload " w " --runs " P28_STR(P28_QUICK_RUNS), \
        .loaded_args = "--workload " w " --runs " P28_STR(P28_RUNS), .series = 1, \
        .quick_series = 1 \
    }
static const describeRow p28Describe[] = {
    P28_ROW("grad", "n=" P28_STR(P28_N)),
    P28_ROW("svdvals", "size=" P28_STR(P28_SIZE)),
};

static const char p28Usage[] =
    "usage: p28_timing [--workload grad|svdvals|all] [--n N] [--size N] [options]\n"
    "  --workload W       grad, svdvals or all (default all)\n"
    "  --n N              grad vector length, 1..10000000 (default 1000)\n"
    "  --size N           svdvals matrix size N x N, 1..4096 (default 256)\n";

static const describeBinary p28Binary =
    DESCRIBE_BINARY("p28_timing", p28Usage, "width ", p28Describe);

/* --startup and --prefault, as parsed: read by both workloads. */
static int p28Startup, p28Prefault;

/* After a workload's first series: the process's start (once, --startup). */
static int p28Timeline(const benchSeries *s, const benchResult *r) {
    if (!p28Startup || timelineReport(s, r) == 0) return 0;
    optsError("%s: %s", s->workload, csvWriterError(s->csv));
    return -1;
}

/* --- grad ------------------------------------------------------------------- */

typedef struct p28Grad {
    pool *engine;
    size_t n;
    double *x, *g;
    progExec *exec;
} p28Grad;

/* f(x) = sum(sin(x) * x * x), traced, then its gradient prepared. */
static int p28GradPrepare(void *arg) {
    p28Grad *w = arg;
    prog *f = progCreate(), *g = NULL;
    int rc = -1;
    if (!f) return -1;
    int x = progInput(f, w->n);
    progSetOutput(f, progSum(f, progMul(f, progSin(f, x), progMul(f, x, x))));
    if (progSize(f) < 0 || !(g = progGrad(f))) goto out;
    w->exec = progPrepare(g, w->engine);
    rc = w->exec ? 0 : -1;
out:
    progDelete(g);
    progDelete(f);
    return rc;
}

static int p28GradRun(void *arg) {
    p28Grad *w = arg;
    progRun(w->exec, w->x, w->g);
    return 0;
}

/* The "no wait" row: submit returns before the engine has run the program. */
static int p28GradSubmit(void *arg) {
    p28Grad *w = arg;
    return progSubmit(w->exec, w->x, w->g);
}

static int p28GradWait(void *arg) {
    progWait(((p28Grad *)arg)->exec);
    return 0;
}

static uint64_t p28GradSum(void *arg) {
    p28Grad *w = arg;
    return checksumOf(w->g, w->n);
}

/* --- svdvals ---------------------------------------------------------------- */

typedef struct p28Svd {
    int size;
    double *pristine, *a, *s;
} p28Svd;

/* dgesdd overwrites its input: put the matrix back, outside the timed call. */
static void p28SvdRestore(void *arg) {
    p28Svd *w = arg;
    memcpy(w->a, w->pristine, (size_t)w->size * (size_t)w->size * sizeof(double));
}

static int p28SvdRun(void *arg) {
    p28Svd *w = arg;
    return linalgSvdvals(w->a, w->size, w->size, w->s) == 0 ? 0 : -1;
}

static uint64_t p28SvdSum(void *arg) {
    p28Svd *w = arg;
    return checksumOf(w->s, (size_t)w->size);
}

/* --- main ------------------------------------------------------------------- */

/* The page pads svdvals figures to 8 columns and grad's not at all. */
static void p28PrintTail(const benchSeries *s, const benchResult *r, int pad) {
    printf(" | min %*.3f median %*.3f max %*.3f ms", pad, r->steady.min, pad, r->steady.median, pad,
           r->steady.max);
    benchStopTail(stdout, s, r);
    benchAutoTail(stdout, s, r);
    printf("\n");
    fflush(stdout);
}

/* Under the steady line, as the page's JAX table: the same program timed
 * without waiting for its result (submit only), next to submit + wait of
 * the same calls. At width 1 the submit does the work, so there is nothing
 * to show. */
static int p28DoGradNoWait(benchSeries *s, p28Grad *w, int runs) {
    benchResult r;
    statsSummary waited;
    if (s->req && s->req->automatic) {
        /* the width may change between calls: no fixed width runs ahead */
        printf("width %s: grad n=%zu  steady, no wait: not measured under --width auto\n",
               s->req->text, w->n);
        fflush(stdout);
        return 0;
    }
    if (s->width == 1) {
        printf("width 1: grad n=%zu  steady, no wait: none -- at width 1 no worker runs ahead "
               "(submit does the work before it returns)\n",
               w->n);
        fflush(stdout);
        return 0;
    }
    if (benchRunNoWait(s, p28GradSubmit, p28GradWait, w, runs, &r, &waited) != 0) {
        if (*csvWriterError(s->csv)) optsError("grad: %s", csvWriterError(s->csv));
        else optsError("grad: cannot start the engine's driver thread");
        return -1;
    }
    printf("width %d: grad n=%zu  steady, no wait (submit only)", s->width, w->n);
    printf(" | min %.3f median %.3f max %.3f ms | submit+wait median %.3f", r.steady.min,
           r.steady.median, r.steady.max, waited.median);
    benchStopTail(stdout, s, &r);
    printf("\n");
    fflush(stdout);
    return 0;
}

static int p28DoGrad(benchSeries *s, pool *engine, size_t n, int runs) {
    p28Grad w = {engine, n, malloc(n * sizeof(double)), malloc(n * sizeof(double)), NULL};
    double prep_ms;
    benchResult r;
    int rc = 1;
    char params[64];
    snprintf(params, sizeof params, "n=%zu", n);
    s->workload = "grad";
    s->params = params;
    s->checksum = p28GradSum;
    if (!w.x || !w.g) {
        optsError("grad: cannot allocate two vectors of %zu doubles", n);
        goto out;
    }
    linalgSeededMatrix(w.x, 1, n, P28_SEED_X);
    for (size_t i = 0; i < n; i++) w.x[i] *= 2.0;
    if (benchOnce(s, "prepare", 0, p28GradPrepare, &w, &prep_ms) != 0) {
        if (*csvWriterError(s->csv)) optsError("grad: %s", csvWriterError(s->csv));
        else optsError("grad: prepare failed (out of memory)");
        goto out;
    }
    /* x is written above; the output and the program's buffers are not yet */
    if (p28Prefault) {
        prefaultPages(w.g, n * sizeof(double));
        progExecPrefault(w.exec);
    }
    /* auto: no more threads than the program's operations can use (n=1000:
     * one; program.h says why) */
    s->width_limit = progUsefulWidth(w.exec);
    int brc = benchRun(s, p28GradRun, &w, runs, &r);
    s->width_limit = 0;
    if (brc != 0) {
        optsError("grad: %s", csvWriterError(s->csv));
        goto out;
    }
    char wl[64];
    benchWidthLabel(s, &r, wl, sizeof wl);
    printf("width %s: grad n=%zu  prepare %.3f ms | run+readback first %.3f", wl, n, prep_ms,
           r.first_ms);
    p28PrintTail(s, &r, 0);
    if (p28Timeline(s, &r) != 0) goto out;
    if (p28DoGradNoWait(s, &w, runs) != 0) goto out;
    rc = 0;
out:
    progExecDelete(w.exec);
    free(w.x);
    free(w.g);
    return rc;
}

static int p28DoSvd(benchSeries *s, int size, int runs) {
    size_t nn = (size_t)size * (size_t)size;
    p28Svd w = {size, malloc(nn * sizeof(double)), malloc(nn * sizeof(double)),
                malloc((size_t)size * sizeof(double))};
    benchResult r;
    int rc = 1;
    char params[64];
    snprintf(params, sizeof params, "size=%d", size);
    s->workload = "svdvals";
    s->params = params;
    s->setup = p28SvdRestore;
    s->checksum = p28SvdSum;
    if (!w.pristine || !w.a || !w.s) {
        optsError("svdvals: cannot allocate a %dx%d matrix", size, size);
        goto out;
    }
    linalgSeededMatrix(w.pristine, (size_t)size, (size_t)size, P28_SEED_A);
    /* the matrix is copied into `a` before every call (setup); s is output */
    if (p28Prefault) {
        prefaultPages(w.a, nn * sizeof(double));
        prefaultPages(w.s, (size_t)size * sizeof(double));
    }
    if (benchRun(s, p28SvdRun, &w, runs, &r) != 0) {
        if (*csvWriterError(s->csv)) optsError("svdvals: %s", csvWriterError(s->csv));
        else optsError("svdvals: dgesdd failed");
        goto out;
    }
    char dims[32], wl[64];
    snprintf(dims, sizeof dims, "%dx%d", size, size);
    benchWidthLabel(s, &r, wl, sizeof wl);
    printf("width %s: svdvals %-13s| first %8.3f", wl, dims, r.first_ms);
    p28PrintTail(s, &r, 8);
    if (p28Timeline(s, &r) != 0) goto out;
    rc = 0;
out:
    s->setup = NULL;
    free(w.pristine);
    free(w.a);
    free(w.s);
    return rc;
}

int main(int argc, char **argv) {
    optsCommon c;
    const char *workload = "all", *v;
    long n = P28_N, size = P28_SIZE;
    int m;
    optsProg = "p28_timing";
    optsCommonInit(&c, P28_RUNS);
    for (int i = 1; i < argc;) {
        if ((m = describeInfoFlag(argv[i], &p28Binary)) >= 0) return m;
        if ((m = optsCommonParse(&c, argc, argv, &i)) != 0) {
            if (m < 0) return OPTS_EXIT_USAGE;
        } else if ((m = optsMatch(argc, argv, &i, "--workload", &v)) != 0) {
            if (m < 0) return OPTS_EXIT_USAGE;
            if (strcmp(v, "grad") && strcmp(v, "svdvals") && strcmp(v, "all")) {
                optsError("--workload: expected grad, svdvals or all, got '%s'", v);
                return OPTS_EXIT_USAGE;
            }
            workload = v;
        } else if ((m = optsMatch(argc, argv, &i, "--n", &v)) != 0) {
            if (m < 0 || optsLong("--n", v, 1, 10000000, &n)) return OPTS_EXIT_USAGE;
        } else if ((m = optsMatch(argc, argv, &i, "--size", &v)) != 0) {
            if (m < 0 || optsLong("--size", v, 1, 4096, &size)) return OPTS_EXIT_USAGE;
        } else {
            optsError("unknown option '%s' (see --help)", argv[i]);
            return OPTS_EXIT_USAGE;
        }
    }

    /* Everything is valid: only now touch the CSV and start the engine. */
    p28Startup = c.startup;
    p28Prefault = c.prefault;
    csvWriter *csv;
    pool *engine;
    int rc = startupBegin(&c, &csv, &engine);
    if (rc != 0) return rc;

    benchSeries s = {.csv = csv,
                     .wait = poolWaitName(c.wait),
                     .width = c.width.cap,
                     .req = &c.width,
                     .engine = engine,
                     .budget_ms = c.budget_s * 1e3,
                     .precision = c.precision};
    if (!strcmp(workload, "grad") || !strcmp(workload, "all"))
        rc = p28DoGrad(&s, engine, (size_t)n, (int)c.runs);
    if (rc == 0 && (!strcmp(workload, "svdvals") || !strcmp(workload, "all")))
        rc = p28DoSvd(&s, (int)size, (int)c.runs);
    startupEnd(csv, engine);
    return rc;
}
