/* verdictwhy.c -- the checks that ask "why was a slow run slow?", on the
 * loaded cells of anyone's program (harness/threads.sh) and of the page's
 * own (harness/loaded.sh): each run's wall time split into waiting for a
 * CPU, running and the rest (blocked: asleep, waiting for a wake-up or
 * I/O), from the run figures the launcher recorded (runs.csv's figures, by
 * their identifiers: common/runfigs.h). The shares are of the run's own
 * wall time (runs.csv's wall_ms): a threads run is one timed call, a
 * page's run many, each timed in the process (its cell's median is a
 * call's), and the figures of the whole run (its cgroup's, wait4's) are
 * set against the whole run.
 *
 * Waiting is the run's own cgroup's CPU pressure "full" (for that long no
 * task of it could run: every runnable one waited for a CPU), or, without
 * a cgroup, its threads' run-queue wait as a share of their runnable time
 * (schedstat: run-queue wait / (on-CPU + run-queue wait)) -- the page's
 * "one thread is swapped out and all the others wait for it". Running is
 * its CPU time spread over its threads. The three findings:
 *   waits-for-cpu  waiting >= --why-share, and its CPU time as idle (below
 *                  WHY_MORE_CPU x): the threads did not spin, the load took
 *                  their CPUs
 *   spins          CPU time >= --why-share of wall x threads and >=
 *                  WHY_MORE_CPU x idle: threads burn CPU while they wait (a
 *                  spin-wait policy)
 *   wake-ups       blocked >= --why-share: each fork-join waits for a
 *                  sleeping worker to be woken and get a CPU
 * Only on cells at least --loaded-idle x their idle twin: a run as fast as
 * idle needs no why. */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "verdict/checks.h"

/* CPU time at or above this x idle's: the run burned more than its work. The
 * OpenMP test program at width 2 under pinned load took 1.7x its idle CPU
 * time (libgomp spins before it sleeps), at width 1 1.0x. */
#define WHY_MORE_CPU 1.5

/* One slow loaded cell's split (verdictWhy) and what it is against. */
typedef struct whySplit {
    const summaryGroup *g, *idle;
    verdictWhy w;
    double idle_wall, idle_cpu;
} whySplit;

static double whyCpu(const summary *s, const summaryGroup *g, int cgroup) {
    return summaryRunFigOf(s, g, cgroup ? RUNFIG_CG_CPU_MS : RUNFIG_CPU_MS);
}

int verdictWhyOf(const summary *s, const summaryGroup *g, verdictWhy *w) {
    memset(w, 0, sizeof *w);
    w->wall = summaryRunFigOf(s, g, RUNFIG_WALL_MS);
    if (isnan(w->wall)) w->wall = g->proc_median_median_ms; /* a launcher without wall_ms */
    double full = summaryRunFigOf(s, g, RUNFIG_WAIT_FULL_MS);
    w->cgroup = !isnan(full);
    if (w->cgroup) w->wait_share = full / w->wall;
    else {
        double q = summaryRunFigOf(s, g, RUNFIG_RUNQ_WAIT_MS),
               on = summaryRunFigOf(s, g, RUNFIG_ONCPU_MS);
        w->wait_share = q + on > 0 ? q / (q + on) : NAN;
    }
    w->cpu = whyCpu(s, g, w->cgroup);
    w->threads = g->key.width > 0 ? g->key.width : summaryRunFigOf(s, g, RUNFIG_THREADS_MAX);
    if (!(w->threads >= 1)) w->threads = 1;
    if (isnan(w->wait_share) || isnan(w->cpu) || !(w->wall > 0)) return 0;
    if (w->wait_share > 1) w->wait_share = 1;
    w->run_share = fmin(1, w->cpu / w->threads / w->wall);
    w->blocked_share = fmax(0, 1 - w->wait_share - w->run_share);
    return 1;
}

/* The split of group i, or 0 when it is not a slow loaded cell of a
 * program with the figures to tell. */
static int whySplitOf(const verdictCtx *x, size_t i, whySplit *w) {
    const summaryGroup *g = &x->s->g[i];
    memset(w, 0, sizeof *w);
    if (!g->harness || (strcmp(g->harness, "threads") && strcmp(g->harness, "loaded")) ||
        !summaryIsLoaded(g))
        return 0;
    const summaryGroup *idle = summaryIdleOf(x->s, g);
    if (!idle || isnan(g->proc_ratio) || g->proc_ratio < x->t->loaded_idle) return 0;
    if (!verdictWhyOf(x->s, g, &w->w)) return 0;
    w->g = g, w->idle = idle;
    verdictWhy wi;
    w->idle_wall = verdictWhyOf(x->s, idle, &wi) ? wi.wall : idle->proc_median_median_ms;
    w->idle_cpu = whyCpu(x->s, idle, w->w.cgroup);
    return 1;
}

static int whyFound(verdictCtx *x, verdictLevel lv, const whySplit *w) {
    return verdictFound(x, lv, w->g,
                        FIGS({"median_ms", w->w.wall}, {"idle_median_ms", w->idle_wall},
                             {"median_bound", w->g->median_bound}, {"cgroup", w->w.cgroup},
                             {"wait_share", w->w.wait_share}, {"run_share", w->w.run_share},
                             {"blocked_share", w->w.blocked_share}, {"cpu_ms", w->w.cpu},
                             {"idle_cpu_ms", w->idle_cpu}, {"threads", w->w.threads},
                             {"threshold", x->t->why_share}));
}

/* Each slow loaded cell whose split `fires`: a verdict at level lv. */
static int whyEach(verdictCtx *x, verdictLevel lv,
                   int (*fires)(const verdictThresholds *t, const whySplit *w)) {
    for (size_t i = 0; i < x->s->n; i++) {
        whySplit w;
        if (whySplitOf(x, i, &w) && fires(x->t, &w) && whyFound(x, lv, &w)) return -1;
    }
    return 0;
}

/* waiting, with its CPU time as idle's (more: it burned CPU, spins) */
static int whyWaits(const verdictThresholds *t, const whySplit *w) {
    return w->w.wait_share >= t->why_share && w->w.cpu < WHY_MORE_CPU * w->idle_cpu;
}

static int whySpins(const verdictThresholds *t, const whySplit *w) {
    return w->w.run_share >= t->why_share && w->w.cpu >= WHY_MORE_CPU * w->idle_cpu;
}

static int whyBlocked(const verdictThresholds *t, const whySplit *w) {
    return w->w.blocked_share >= t->why_share;
}

int verdictWaitsForCpu(verdictCtx *x) { return whyEach(x, VERDICT_WARN, whyWaits); }
int verdictSpins(verdictCtx *x) { return whyEach(x, VERDICT_WARN, whySpins); }
int verdictWakeUps(verdictCtx *x) { return whyEach(x, VERDICT_NOTE, whyBlocked); }

/* "at least" when the median run is a bound (runs stopped before they ended). */
static const char *whyGe(const verdict *v) {
    return verdictFig(v, "median_bound") > 0 ? ">= " : "";
}

int verdictWaitsSay(const verdict *v, const verdictThresholds *t, FILE *f) {
    (void)t;
    double sh = verdictFig(v, "wait_share") * 100;
    if (verdictFig(v, "cgroup") > 0)
        fprintf(f,
                "for %.0f%% of its %s%s ms run no thread of it could run (CPU pressure full, "
                "its own cgroup)",
                sh, whyGe(v), MS(verdictFig(v, "median_ms")));
    else
        fprintf(f,
                "its threads spent %.0f%% of their runnable time waiting on a run queue "
                "(schedstat) in its %s%s ms run",
                sh, whyGe(v), MS(verdictFig(v, "median_ms")));
    fprintf(f,
            " against %s ms idle; its CPU time was as idle (%s ms against %s ms): its threads did "
            "not spin, they waited for a CPU the load held",
            MS(verdictFig(v, "idle_median_ms")), MS(verdictFig(v, "cpu_ms")),
            MS(verdictFig(v, "idle_cpu_ms")));
    return ferror(f) ? -1 : 0;
}

int verdictSpinsSay(const verdict *v, const verdictThresholds *t, FILE *f) {
    (void)t;
    fprintf(f,
            "its threads burned %s ms of CPU in a %s%s ms run (%.0f%% of %.0f thread%s time; idle "
            "%s ms of CPU): they spin while they wait -- a passive wait policy "
            "(OMP_WAIT_POLICY=passive, a shorter GOMP_SPINCOUNT or KMP_BLOCKTIME, "
            "OPENBLAS_THREAD_TIMEOUT) gives the CPU back",
            MS(verdictFig(v, "cpu_ms")), whyGe(v), MS(verdictFig(v, "median_ms")),
            verdictFig(v, "run_share") * 100, verdictFig(v, "threads"),
            verdictFig(v, "threads") == 1 ? "'s" : "s'", MS(verdictFig(v, "idle_cpu_ms")));
    return ferror(f) ? -1 : 0;
}

int verdictWakeUpsSay(const verdict *v, const verdictThresholds *t, FILE *f) {
    (void)t;
    fprintf(f,
            "%.0f%% of its %s%s ms run it neither ran nor waited for a CPU (idle %s ms): blocked, "
            "each fork-join waiting for a sleeping worker to be woken and get a CPU",
            verdictFig(v, "blocked_share") * 100, whyGe(v), MS(verdictFig(v, "median_ms")),
            MS(verdictFig(v, "idle_median_ms")));
    return ferror(f) ? -1 : 0;
}
