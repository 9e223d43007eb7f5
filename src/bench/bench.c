/* bench.c -- the timing loop every workload binary shares: time one call,
 * read its resource deltas and load around it (outside the timed region),
 * write its row; a series is a first call and budget-bounded steady calls. */
#include "bench/bench.h"

#include <stdlib.h>

#include "engine/autotune.h"
#include "engine/linalg.h"
#include "bench/placement.h"

/* One timed call, without its row: rows are written by the caller once it
 * knows whether this call ends a truncated series. */
typedef struct benchSample {
    double ms, load1;
    int width;
    int decided;      /* auto: a new decision was made before this call */
    double decide_ms; /* its cost (0 when the last one was reused) */
    double waited_ms; /* benchCallSplit: submit + wait */
    double end_ms;    /* measureNowMs() when the call (and its wait) returned */
    measureUsage end; /* getrusage then */
    int procs_running;
    measureUsage usage;
    uint64_t checksum;
    placeCall place;
} benchSample;

/* The previous call's time in this series, -1 at a series' start: it picks
 * how the next call's placement is read (placement.h: a call shorter than
 * PLACE_FAST_MS is read from the engine's workers, without /proc). One
 * thread times calls, so a file-scope value is enough. */
static double benchPrevMs = -1;

/* The decision a series without a memo of its own keeps: one per process,
 * so a second series (svdvals after grad) reuses a fresh decision too. */
static autowMemo benchMemo = {.keep_ms = AUTOW_KEEP_MS, .made_ms = -1};
/* The width OpenBLAS was last given: set again only when it changes (a
 * call to openblas_set_num_threads between calls is a gap as any other). */
static int benchBlasWidth = -1;

static autowMemo *benchMemoOf(const benchSeries *s) { return s->memo ? s->memo : &benchMemo; }

/* Decisions made by benchOnce calls (grad's prepare) since the last
 * benchRun: the series that follows counts them, so its line shows what
 * the decision serving it cost. */
static int benchOnceDecisions;
static double benchOnceDecideMs;

/* Times fn; with `wait` (untimed in s->ms), also fn + wait in s->waited_ms.
 * tune (auto only; NULL: the rule's width): the measured choice below the
 * rule's width, and this call's time recorded into it. */
static int benchCallSplit(const benchSeries *series, benchFn *fn, benchFn *wait, void *arg, int sum,
                          autotTable *tune, benchSample *s) {
    measureUsage u0, u1;
    placeSnap p0, p1;
    s->width = series->width;
    s->decide_ms = 0;
    s->decided = 0;
    if (series->req && series->req->automatic) {
        /* Before the call and never inside it: one width per call, so the
         * call's bits are those of that width (pool.h). */
        autowMemo *memo = benchMemoOf(series);
        int w;
        s->decided = autowMemoWidth(memo, series->req->cap, series->width_limit, &w);
        if (tune) w = autotPick(tune, w, measureNowMs());
        if (series->engine && poolWidth(series->engine) != w) poolSetActive(series->engine, w);
        if (w != benchBlasWidth) {
            linalgSetThreads(w);
            benchBlasWidth = w;
        }
        s->width = w;
        if (s->decided) s->decide_ms = memo->cost_ms;
    }
    if (series->setup) series->setup(arg);
    measureLoad load;
    measureLoadNow(&load);
    s->load1 = load.load1;
    s->procs_running = load.procs_running;
    s->checksum = 0;
    int place = placeEnabled();
    int fast = place && benchPrevMs >= 0 && benchPrevMs < PLACE_FAST_MS;
    if (place && !fast) placeSnapTake(&p0);
    measureUsageNow(&u0);
    double t0 = measureNowMs();
    int rc = fn(arg);
    double t1 = measureNowMs();
    if (rc == 0 && wait) rc = wait(arg);
    s->end_ms = measureNowMs();
    s->waited_ms = s->end_ms - t0;
    measureUsageNow(&u1);
    s->end = u1;
    if (fast) {
        int cpus[POOL_MAX_WIDTH], n = 0;
        for (int k = 1; series->engine && k < poolWidth(series->engine); k++)
            cpus[n++] = poolWorkerCpu(series->engine, k);
        placeCallFromCpus(cpus, n, &s->place);
    } else if (place) {
        placeSnapAgain(&p0, &p1);
        placeCallOf(&p0, &p1, &s->place);
    } else {
        placeCallUnknown(&s->place);
    }
    if (rc == 0 && sum && series->checksum) s->checksum = series->checksum(arg);
    s->ms = t1 - t0;
    s->usage = measureUsageDelta(&u0, &u1);
    benchPrevMs = s->ms;
    if (tune && rc == 0) autotRecord(tune, s->width, s->ms, s->end_ms);
    return rc;
}

static int benchCall(const benchSeries *series, benchFn *fn, void *arg, int sum, autotTable *tune,
                     benchSample *s) {
    return benchCallSplit(series, fn, NULL, arg, sum, tune, s);
}

static int benchIsAuto(const benchSeries *s) { return s->req && s->req->automatic; }

static int benchEmit(const benchSeries *s, const char *phase, int iter, const benchSample *x,
                     int truncated) {
    if (!s->csv) return 0;
    csvRow row = {
        .workload = s->workload,
        .params = s->params,
        .wait = s->wait,
        .phase = phase,
        .width = x->width,
        .iter = iter,
        .truncated = truncated,
        .ms = x->ms,
        .usage = x->usage,
        .load1 = x->load1,
        .procs_running = x->procs_running,
        .checksum = x->checksum,
        .cpu = x->place.cpu,
        .cpus = x->place.cpus,
        .migrations = x->place.migrations,
        .width_requested = s->req ? s->req->text : NULL,
    };
    return csvWriterRow(s->csv, &row);
}

int benchOnce(const benchSeries *s, const char *phase, int iter, benchFn *fn, void *arg,
              double *ms) {
    benchSample x;
    benchPrevMs = -1; /* prepare and first calls: the full placement */
    if (benchCall(s, fn, arg, 0, NULL, &x) != 0) return -1;
    benchOnceDecisions += x.decided;
    benchOnceDecideMs += x.decide_ms;
    if (ms) *ms = x.ms;
    return benchEmit(s, phase, iter, &x, 0);
}

/* One more call of the series: its decision, when it made one. */
static void benchCount(benchResult *r, const benchSample *x) {
    r->calls++;
    r->decisions += x->decided;
    r->decide_ms += x->decide_ms;
}

int benchRun(const benchSeries *s, benchFn *fn, void *arg, int runs, benchResult *r) {
    double *steady = malloc((size_t)(runs > 0 ? runs : 1) * sizeof(double));
    /* the steady calls' measured choice: one table per series, since what
     * pays for svdvals says nothing of grad */
    int tuned = benchIsAuto(s) && s->req->tune;
    autotTable *tune = tuned ? malloc(sizeof *tune) : NULL;
    double start = measureNowMs();
    benchSample x;
    int rc = -1;
    r->explored = 0;
    if (!steady || (tuned && !tune)) goto out;
    if (tune) autotInit(tune);
    r->runs_asked = runs;
    r->runs_taken = 0;
    r->truncated = 0;
    r->known = 0;
    r->decide_ms = benchOnceDecideMs;
    r->decisions = benchOnceDecisions;
    r->calls = 0;
    benchOnceDecisions = 0;
    benchOnceDecideMs = 0;

    benchPrevMs = -1; /* the first call: the full placement */
    /* The first call at the rule's width, its time kept out of the table:
     * it pays for first touches that no steady call will. */
    if (benchCall(s, fn, arg, 1, NULL, &x) != 0) goto out;
    r->width_min = r->width_max = x.width;
    benchCount(r, &x);
    r->first_ms = x.ms;
    r->first_end_ms = x.end_ms;
    r->first_end_usage = x.end;
    r->checksum = x.checksum;
    /* No steady call at all would leave the series without statistics, so
     * the first row is never the truncated one. */
    if (benchEmit(s, "first", 0, &x, 0) != 0) goto out;

    for (int i = 1; i <= runs; i++) {
        if (benchCall(s, fn, arg, 1, tune, &x) != 0) goto out;
        if (x.width < r->width_min) r->width_min = x.width;
        if (x.width > r->width_max) r->width_max = x.width;
        benchCount(r, &x);
        steady[r->runs_taken++] = x.ms;
        r->checksum = x.checksum;
        int spent = s->budget_ms > 0 && measureNowMs() - start >= s->budget_ms;
        int cut = spent && i < runs;
        if (benchEmit(s, "steady", i, &x, cut) != 0) goto out;
        if (cut) {
            r->truncated = 1;
            break;
        }
        if (i < runs && statsMedianKnown(steady, (size_t)r->runs_taken, s->precision)) {
            r->known = 1;
            break;
        }
    }
    statsOf(steady, (size_t)r->runs_taken, &r->steady);
    /* none made: the series ran on the one kept from before, at its cost */
    r->decide_ms = r->decisions > 0 ? r->decide_ms / r->decisions : benchMemoOf(s)->cost_ms;
    r->explored = tune ? tune->explored : 0;
    rc = 0;
out:
    free(tune);
    free(steady);
    return rc;
}

void benchWidthLabel(const benchSeries *s, const benchResult *r, char *buf, size_t n) {
    if (!benchIsAuto(s)) snprintf(buf, n, "%d", s->width);
    else if (r->width_min == r->width_max)
        snprintf(buf, n, "%s\u2192%d", s->req->text, r->width_min);
    else snprintf(buf, n, "%s\u2192%d..%d", s->req->text, r->width_min, r->width_max);
}

void benchAutoTail(FILE *f, const benchSeries *s, const benchResult *r) {
    if (!benchIsAuto(s)) return;
    if (r->width_min != r->width_max)
        fprintf(f, "  [width changed between calls: %d..%d]", r->width_min, r->width_max);
    fprintf(f, "  [auto: %d decision%s for %d calls, %.3f ms a decision]", r->decisions,
            r->decisions == 1 ? "" : "s", r->calls, r->decide_ms);
    if (s->req->tune)
        fprintf(f, "  [tuned: %ld of %d steady calls explored widths]", r->explored, r->runs_taken);
}

void benchStopTail(FILE *f, const benchSeries *s, const benchResult *r) {
    if (r->truncated) fprintf(f, "  [budget: %d of %d runs]", r->runs_taken, r->runs_asked);
    else if (r->known)
        fprintf(f, "  [median known to +-%g%%: %d of %d runs]", s->precision * 100, r->runs_taken,
                r->runs_asked);
}

int benchRunNoWait(const benchSeries *s, benchFn *submit, benchFn *wait, void *arg, int runs,
                   benchResult *r, statsSummary *waited) {
    size_t cap = (size_t)(runs > 0 ? runs : 1);
    double *only = malloc(cap * sizeof(double)), *both = malloc(cap * sizeof(double));
    double start = measureNowMs();
    benchSample x;
    int rc = -1;
    if (!only || !both) goto out;
    r->runs_asked = runs;
    r->runs_taken = 0;
    r->truncated = 0;
    r->known = 0;
    r->first_ms = 0;
    for (int i = 1; i <= runs; i++) {
        if (benchCallSplit(s, submit, wait, arg, 1, NULL, &x) != 0) goto out;
        only[r->runs_taken] = x.ms;
        both[r->runs_taken++] = x.waited_ms;
        r->checksum = x.checksum;
        int cut = s->budget_ms > 0 && measureNowMs() - start >= s->budget_ms && i < runs;
        if (benchEmit(s, "steady_nowait", i, &x, cut) != 0) goto out;
        if (cut) {
            r->truncated = 1;
            break;
        }
        if (i < runs && statsMedianKnown(both, (size_t)r->runs_taken, s->precision)) {
            r->known = 1;
            break;
        }
    }
    statsOf(only, (size_t)r->runs_taken, &r->steady);
    statsOf(both, (size_t)r->runs_taken, waited);
    rc = 0;
out:
    free(only);
    free(both);
    return rc;
}
