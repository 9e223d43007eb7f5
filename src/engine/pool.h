/* pool.h -- the fork-join engine (coldload's own, the thing under test).
 *
 * The width is fixed when the pool is created, as on the page ("the width is
 * written when the Pool is built"): nothing here narrows it by itself when
 * the machine is busy, which is exactly the trap coldload measures. The
 * caller may narrow it between operations (poolSetActive, for --width auto):
 * the pool keeps its cap's threads, and those beyond the active width sleep
 * on a futex until they are wanted again, whatever the wait policy.
 *
 *   width 1  serial: the caller runs everything, no worker thread runs.
 *   width w  w-1 worker threads plus the caller.
 *
 * Every operation splits [0, n) statically into `width` (the active width)
 * chunks, chunk c being [n*c/w, n*(c+1)/w), and returns only when every
 * chunk is done: the barrier that makes each operation wait for its slowest
 * worker. Chunking and the combine order of reductions depend on the active
 * width alone, so for a given width the result bits never depend on timing,
 * load, or the cap the pool was created with. */
#ifndef COLDLOAD_POOL_H
#define COLDLOAD_POOL_H

#include <stddef.h>

#include "common/ranges.h"

#define POOL_MAX_WIDTH RANGE_ENGINE_WIDTH_MAX /* common/ranges.h: the engine width's one range */

/* How an idle thread waits for the next operation (and the caller for the
 * barrier). */
typedef enum {
    POOL_WAIT_SPIN,  /* busy-wait with the CPU pause instruction */
    POOL_WAIT_YIELD, /* sched_yield() loop, as OpenBLAS 0.3.21's idle threads */
    POOL_WAIT_BLOCK  /* yield for up to 50 us, then sleep on a futex */
} poolWait;

#define POOL_WAIT_DEFAULT POOL_WAIT_BLOCK

typedef struct pool pool;

/* One chunk of an operation: run fn over [begin, end). `chunk` is 0..width-1. */
typedef void poolTask(void *arg, int chunk, size_t begin, size_t end);

/* Returns NULL (errno set) when width is outside 1..POOL_MAX_WIDTH or a
 * thread or allocation fails. */
pool *poolCreate(int width, poolWait wait);
void poolDelete(pool *p);

/* The active width (what operations are split into), 1..poolCap. */
int poolWidth(const pool *p);
/* The width the pool was created with: its threads, the most it can use. */
int poolCap(const pool *p);
/* Sets the active width to w (1..poolCap) for the operations that follow:
 * workers w..cap-1 go to sleep, sleeping ones below w are woken. Returns
 * when every worker has seen the change, so the next operation is exactly
 * that of a fresh pool of width w. Between operations only, from the
 * creating thread. Returns 0, or -1 (errno EINVAL) for w out of range. */
int poolSetActive(pool *p, int w);

/* The CPU worker k (1..cap-1; the caller does chunk 0) ran its last chunk
 * on, or -1 (no such worker, or none run yet). Read after an operation: the
 * placement of a short call without reading /proc (placement.h). */
int poolWorkerCpu(const pool *p, int k);

/* Runs fn on every chunk of [0, n) and returns when all are done. Not
 * re-entrant: one operation at a time, from the thread that created the pool. */
void poolFor(pool *p, size_t n, poolTask *fn, void *arg);

/* Sum of x[0..n): each chunk sums its part left to right, the partials are
 * added in chunk order. Deterministic for a given width. */
double poolSum(pool *p, const double *x, size_t n);

/* --- the asynchronous path (the page's "no wait" trap) ----------
 *
 * poolSubmit hands a whole job -- typically a program of many poolFor
 * operations -- to a driver thread and returns before the job has run;
 * poolWaitJob blocks, by the pool's wait policy, until it has finished. Timing
 * only poolSubmit therefore times the dispatch, not the work, which is what a
 * benchmark that forgets JAX's block_until_ready measures. The driver takes
 * the caller's part in the job's poolFor operations (chunk 0), so the job
 * runs at the pool's width while the submitting thread is free.
 *
 * At width 1 there is no worker that could run ahead: poolSubmit runs the job
 * itself and returns when it is done (poolWaitJob then returns at once).
 * The driver thread is created by the first poolSubmit at width > 1, so a
 * pool that is never used asynchronously has exactly its width in threads.
 * One job at a time: a poolSubmit while a job is pending waits for it first;
 * between poolSubmit and poolWaitJob the submitter must not call poolFor or
 * poolSum itself. poolDelete waits for a pending job. */
typedef void poolJob(void *arg);

/* 0, or -1 (errno set, nothing submitted) when the driver thread cannot be
 * started. */
int poolSubmit(pool *p, poolJob *job, void *arg);
void poolWaitJob(pool *p);

const char *poolWaitName(poolWait w);
/* 0 and *out set when s names a policy, -1 otherwise. */
int poolWaitParse(const char *s, poolWait *out);

#endif
