/* ising_trg.c -- the page's hands-on workload: 20-step TRG of the 2D Ising
 * model, value_and_grad (ln Z/N and its beta-derivative by forward-mode AD
 * through the SVDs, trg.h), checked against Onsager's exact answer.
 *
 * For each beta: one `first` call, then --runs `steady` calls (bench.h), one
 * line in the page's spirit on stdout, one CSV row per call with --csv.
 * The common options are p28_timing's (opts.h). Exit: 0 ok, 1 runtime
 * failure, 2 usage (nothing run, nothing written). */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench.h"
#include "bench/describe.h"
#include "bench/measure.h"
#include "common/checksum.h"
#include "workloads/onsager.h"
#include "bench/optscommon.h"
#include "bench/startup.h"
#include "bench/timeline.h"
#include "engine/pool.h"
#include "workloads/trg.h"

#define ITRG_MAX_BETAS 64
#define ITRG_BETA_MAX 100.0

/* What the harness runs (describe.h). QUICK trims the TRG to one beta, chi
 * 8, 10 steps. Under load a 2-thread call at the full size is ~400x slower
 * than idle (chi 16, 20 steps: ~2 min a call), so loaded runs take one beta
 * at chi 8, 10 steps (~4 s a call under pinned load), and warm.sh measures
 * that cell idle too, for the ratio. */
static const describeRow itrgDescribe[] = {
    {.workload = "trg",
     .params = "betas=0.3,0.4,0.5,0.6;chi=16;steps=20",
     .args = "--beta 0.3,0.4,0.5,0.6 --chi 16 --steps 20 --runs 3",
     .quick_params = "betas=0.3;chi=8;steps=10",
     .quick_args = "--beta 0.3 --chi 8 --steps 10 --runs 2",
     .loaded_params = "betas=0.4;chi=8;steps=10",
     .loaded_args = "--beta 0.4 --chi 8 --steps 10 --runs 3",
     .series = 4,
     .quick_series = 1},
};

static const char itrgUsage[] =
    "usage: ising_trg [--beta LIST] [--chi N] [--steps N] [--value-only] [options]\n"
    "  --beta LIST        comma-separated betas, each in (0, 100] (default 0.3,0.4,0.5,0.6)\n"
    "  --chi N            bond dimension cap, 2..64 (default 16)\n"
    "  --steps N          TRG steps (2^N sites), 1..40 (default 20)\n"
    "  --value-only       ln Z/N only, no derivative (the AD-overhead baseline)\n"
    "  --svd-time         also print the least time one steady call spent in dgesdd\n";

static const describeBinary itrgBinary =
    DESCRIBE_BINARY("ising_trg", itrgUsage, "beta=", itrgDescribe);

typedef struct itrgWork {
    trg *t;
    double beta, value, deriv;
    int grad;
    int calls;         /* calls so far in this series; 0 is `first` */
    double svd_min_ms; /* least dgesdd time of a steady call */
} itrgWork;

static int itrgCall(void *arg) {
    itrgWork *w = arg;
    if (trgRun(w->t, w->beta, &w->value, w->grad ? &w->deriv : NULL) != 0) return -1;
    double svd = trgLastStats(w->t).svd_ms;
    if (w->calls > 0 && (w->calls == 1 || svd < w->svd_min_ms)) w->svd_min_ms = svd;
    w->calls++;
    return 0;
}

/* Over the bits of the value and, with the derivative, of the derivative. */
static uint64_t itrgSum(void *arg) {
    itrgWork *w = arg;
    double bits[2] = {w->value, w->deriv};
    return checksumOf(bits, w->grad ? 2 : 1);
}

/* Parses "0.3,0.4,..." into b[]; one-line error and -1 on any bad item. */
static int itrgParseBetas(const char *s, double *b, int *nb) {
    const char *p = s;
    *nb = 0;
    for (;;) {
        size_t len = strcspn(p, ",");
        char item[64];
        char *end;
        double v = 0.0;
        if (len > 0 && len < sizeof item) {
            memcpy(item, p, len);
            item[len] = '\0';
            v = strtod(item, &end);
        }
        if (len == 0 || len >= sizeof item || *end || isspace((unsigned char)item[0]) ||
            !(v > 0.0) || !(v <= ITRG_BETA_MAX))
            return optsError("--beta: expected a comma-separated list of numbers in "
                             "(0, %g], got '%s'",
                             ITRG_BETA_MAX, s);
        if (*nb >= ITRG_MAX_BETAS)
            return optsError("--beta: at most %d values, got '%s'", ITRG_MAX_BETAS, s);
        b[(*nb)++] = v;
        if (p[len] == '\0') return 0;
        p += len + 1;
    }
}

/* The shortest decimal that reads back as the same double (0.3, not 0.29999...). */
static void itrgShortest(char *buf, size_t n, double v) {
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(buf, n, "%.*g", prec, v);
        if (strtod(buf, NULL) == v) return;
    }
}

static int itrgSeries(benchSeries *s, trg *t, double beta, int chi, int steps, int grad, int runs,
                      int svd_time, int startup) {
    char b[32], params[96];
    itrgShortest(b, sizeof b, beta);
    snprintf(params, sizeof params, "beta=%s;chi=%d;steps=%d%s", b, chi, steps,
             grad ? "" : ";value_only=1");
    s->params = params;
    itrgWork w = {.t = t, .beta = beta, .grad = grad};
    benchResult r;
    if (benchRun(s, itrgCall, &w, runs, &r) != 0) {
        if (*csvWriterError(s->csv)) optsError("beta=%s: %s", b, csvWriterError(s->csv));
        else optsError("beta=%s: the TRG failed (dgesdd error or a non-finite result)", b);
        return 1;
    }
    printf("beta=%.4f lnZ/N=%.12f", beta, w.value);
    if (grad) printf(" dlnZ/dbeta=%.12f", w.deriv);
    printf(" exact=%.12f", onsagerLnZ(beta));
    if (grad) printf(" %.12f", -onsagerEnergy(beta));
    printf(" | first %.1f | %s %.1f ms", r.first_ms, grad ? "value_and_grad" : "value",
           r.steady.min);
    if (svd_time) printf(" | dgesdd %.1f ms", w.svd_min_ms);
    /* The page's TRG line names no width; an auto run says what it chose. */
    if (s->req && s->req->automatic) {
        char wl[64];
        benchWidthLabel(s, &r, wl, sizeof wl);
        printf(" | width %s", wl);
    }
    benchStopTail(stdout, s, &r);
    benchAutoTail(stdout, s, &r);
    printf("\n");
    fflush(stdout);
    /* the first beta's first result is the process's (once: timeline.h) */
    if (startup && timelineReport(s, &r) != 0) {
        optsError("beta=%s: %s", b, csvWriterError(s->csv));
        return 1;
    }
    return 0;
}

int main(int argc, char **argv) {
    optsCommon c;
    const char *v;
    double betas[ITRG_MAX_BETAS] = {0.3, 0.4, 0.5, 0.6};
    int nbetas = 4, grad = 1, svd_time = 0, m;
    long chi = 16, steps = 20;
    optsProg = "ising_trg";
    optsCommonInit(&c, 3);
    for (int i = 1; i < argc;) {
        if ((m = describeInfoFlag(argv[i], &itrgBinary)) >= 0) return m;
        if (strcmp(argv[i], "--value-only") == 0) {
            grad = 0;
            i++;
        } else if (strcmp(argv[i], "--svd-time") == 0) {
            svd_time = 1;
            i++;
        } else if ((m = optsCommonParse(&c, argc, argv, &i)) != 0) {
            if (m < 0) return OPTS_EXIT_USAGE;
        } else if ((m = optsMatch(argc, argv, &i, "--beta", &v)) != 0) {
            if (m < 0 || itrgParseBetas(v, betas, &nbetas)) return OPTS_EXIT_USAGE;
        } else if ((m = optsMatch(argc, argv, &i, "--chi", &v)) != 0) {
            if (m < 0 || optsLong("--chi", v, TRG_CHI_MIN, TRG_CHI_MAX, &chi))
                return OPTS_EXIT_USAGE;
        } else if ((m = optsMatch(argc, argv, &i, "--steps", &v)) != 0) {
            if (m < 0 || optsLong("--steps", v, TRG_STEPS_MIN, TRG_STEPS_MAX, &steps))
                return OPTS_EXIT_USAGE;
        } else {
            optsError("unknown option '%s' (see --help)", argv[i]);
            return OPTS_EXIT_USAGE;
        }
    }

    /* Everything is valid: only now touch the CSV and start the engine. */
    csvWriter *csv;
    pool *engine;
    int rc = startupBegin(&c, &csv, &engine);
    if (rc != 0) return rc;
    trg *t = trgCreate(engine, (int)chi, (int)steps);
    rc = 1;
    if (!t) {
        optsError("cannot allocate the TRG buffers for chi=%ld", chi);
        goto out;
    }
    if (c.prefault) trgPrefault(t);
    benchSeries s = {.csv = csv,
                     .workload = "trg",
                     .checksum = itrgSum,
                     .wait = poolWaitName(c.wait),
                     .width = c.width.cap,
                     .req = &c.width,
                     .engine = engine,
                     .budget_ms = c.budget_s * 1e3,
                     .precision = c.precision};
    /* --budget bounds the whole invocation, not each beta: under load one
     * 2-thread TRG call took 55 s here, so four betas of a first and a steady
     * call each would take minutes whatever a per-beta budget said. A beta
     * that would start after the budget is spent is skipped, and says so. */
    double deadline = c.budget_s > 0 ? measureNowMs() + c.budget_s * 1e3 : 0.0;
    rc = 0;
    for (int i = 0; i < nbetas && rc == 0; i++) {
        if (deadline > 0) {
            s.budget_ms = deadline - measureNowMs();
            if (s.budget_ms <= 0) {
                printf("beta=%.4f skipped: the --budget of %g s is spent\n", betas[i], c.budget_s);
                continue;
            }
        }
        rc = itrgSeries(&s, t, betas[i], (int)chi, (int)steps, grad, (int)c.runs, svd_time,
                        c.startup);
    }
    fflush(stdout);
out:
    trgDelete(t);
    startupEnd(csv, engine);
    return rc;
}
