/* pool.c -- the fixed-width fork-join engine.
 *
 * One operation at a time: the caller publishes (fn, arg, n) and bumps a
 * generation counter; each worker k (1..w-1) sees the new generation, runs
 * chunk k, and bumps `done`; the caller runs chunk 0 itself and then waits
 * until `done` reaches w-1. Both waits use the pool's policy:
 *
 *   spin   the pause instruction in a loop: lowest latency, burns a core
 *          even when idle -- catastrophic when cores are taken;
 *   yield  sched_yield() in a loop (OpenBLAS 0.3.21's idle threads): gives
 *          the core away only if someone else is runnable;
 *   block  yield for up to 50 us (work usually follows work within
 *          microseconds), then sleep on a futex. Default: an idle pool
 *          costs nothing.
 *
 * Publication is by a release store of the generation and an acquire load by
 * the workers; completion by seq_cst increments of `done`. The futex word is
 * the 32-bit generation (or done) counter itself, so a wake can never be lost:
 * FUTEX_WAIT sleeps only if the word still has the value the waiter saw.
 *
 * The active width (poolSetActive). Workers at or beyond it park: a futex
 * sleep on `parkGen`, whatever the policy -- a parked spinner would burn the
 * very CPU that --width auto gave up because another task wants it. Narrowing
 * is an operation of its own with no chunk (fn NULL) that every worker still
 * awake answers, so each one sees the new width before the next operation
 * and the ones beyond it park; widening bumps `parkGen` and waits until each
 * woken worker has taken the current generation as seen (`acks`), so none
 * mistakes an old operation for a new one. Both cost a round trip through
 * the workers, paid only when the width changes. */
#include "engine/pool.h"

#include <errno.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/* How long a `block` waiter keeps yielding before it sleeps. 50 us is longer
 * than the gap between two operations of a running program, so a busy pool
 * never sleeps (a futex wake-up costs ~100 us in a VM, per operation), and
 * short enough that an idle pool stops taking turns on its core almost at
 * once. Yield, not pause: if the thread this one waits for shares its core
 * (2 cores, 3+ runnable threads), pausing would hold that core for the whole
 * spin and every operation would pay the spin plus a wake-up (measured with
 * pauses: 0.55 ms instead of 0.017 ms per grad run, in one run out of three). */
#define POOL_BLOCK_SPIN_NS 50000L

typedef struct poolWorker {
    pool *p;
    int index;
    pthread_t thread;
    _Atomic int cpu; /* where its last chunk ran (poolWorkerCpu), -1 before any */
} poolWorker;

struct pool {
    int width;  /* the cap: width-1 worker threads exist */
    int active; /* the caller's active width, 1..width */
    poolWait wait;
    /* The current operation: written by the caller before it bumps
     * `generation`, read by the workers until `done` reaches `workers`. */
    poolTask *fn; /* NULL: no chunk (narrowing, poolSetActive) */
    void *arg;
    size_t n;
    int chunks;                  /* the width the operation is split into */
    uint32_t nworkers;           /* workers that answer it */
    _Atomic uint32_t generation; /* bumped once per operation; futex word */
    _Atomic uint32_t done;       /* workers finished with it; futex word */
    _Atomic uint32_t sleepers;   /* threads inside FUTEX_WAIT (block only) */
    _Atomic uint32_t awake;      /* workers 1..awake-1 may run; the rest park */
    _Atomic uint32_t parkGen;    /* bumped to wake parked workers; futex word */
    _Atomic uint32_t acks;       /* woken workers ready for the next operation */
    _Atomic int stop;
    poolWorker *workers; /* width-1 of them */
    double *partial;     /* poolSum: one slot per chunk (cap of them) */
    /* The asynchronous path (poolSubmit/poolWaitJob): the job is written by the
     * submitter before it bumps `submitted`, run by the driver, which bumps
     * `completed` when it is done; both counters are futex words. */
    poolJob *job;
    void *job_arg;
    _Atomic uint32_t submitted, completed;
    pthread_t driver;
    int has_driver;
};

static void poolPause(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

static void poolFutexWait(_Atomic uint32_t *word, uint32_t seen) {
    syscall(SYS_futex, (uint32_t *)word, FUTEX_WAIT_PRIVATE, seen, NULL, NULL, 0);
}

static void poolFutexWakeAll(_Atomic uint32_t *word) {
    syscall(SYS_futex, (uint32_t *)word, FUTEX_WAKE_PRIVATE, INT32_MAX, NULL, NULL, 0);
}

/* Waits, by the pool's policy, until *word != seen (or, with `equal`, until
 * *word == seen), or until the pool stops. Returns the last value read. */
static long poolNowNs(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

static uint32_t poolAwait(pool *p, _Atomic uint32_t *word, uint32_t seen, int equal) {
    long spin_until = 0;
    for (;;) {
        uint32_t v = atomic_load_explicit(word, memory_order_acquire);
        if (equal ? v == seen : v != seen) return v;
        if (atomic_load_explicit(&p->stop, memory_order_acquire)) return v;
        switch (p->wait) {
        case POOL_WAIT_SPIN: poolPause(); break;
        case POOL_WAIT_YIELD: sched_yield(); break;
        case POOL_WAIT_BLOCK:
            if (spin_until == 0) spin_until = poolNowNs() + POOL_BLOCK_SPIN_NS;
            if (poolNowNs() < spin_until) {
                sched_yield();
                break;
            }
            spin_until = 0; /* after a wake-up, yield afresh */
            atomic_fetch_add_explicit(&p->sleepers, 1, memory_order_seq_cst);
            /* Re-check after announcing ourselves: a waker that stored the
             * new value before seeing sleepers==0 must not be missed. */
            v = atomic_load_explicit(word, memory_order_seq_cst);
            if (!(equal ? v == seen : v != seen) &&
                !atomic_load_explicit(&p->stop, memory_order_acquire))
                poolFutexWait(word, v);
            atomic_fetch_sub_explicit(&p->sleepers, 1, memory_order_seq_cst);
            break;
        }
    }
}

static void poolWake(pool *p, _Atomic uint32_t *word) {
    if (p->wait == POOL_WAIT_BLOCK && atomic_load_explicit(&p->sleepers, memory_order_seq_cst) > 0)
        poolFutexWakeAll(word);
}

static void poolChunk(pool *p, int c) {
    size_t w = (size_t)p->chunks;
    size_t begin = p->n * (size_t)c / w, end = p->n * ((size_t)c + 1) / w;
    if (begin < end) p->fn(p->arg, c, begin, end);
}

/* Sleeps until worker `index` is within the active width or the pool stops.
 * The generation is read before the conditions, so a change made after the
 * read makes FUTEX_WAIT return at once rather than sleep through it. */
static void poolPark(pool *p, int index) {
    for (;;) {
        uint32_t g = atomic_load_explicit(&p->parkGen, memory_order_seq_cst);
        if (atomic_load_explicit(&p->stop, memory_order_seq_cst) ||
            (uint32_t)index < atomic_load_explicit(&p->awake, memory_order_seq_cst))
            return;
        poolFutexWait(&p->parkGen, g);
    }
}

static void *poolWorkerMain(void *arg) {
    poolWorker *wk = arg;
    pool *p = wk->p;
    uint32_t seen = 0;
    int park = 0; /* all are awake at creation */
    for (;;) {
        if (park) {
            poolPark(p, wk->index);
            if (atomic_load_explicit(&p->stop, memory_order_acquire)) break;
            /* The caller waits in poolSetActive for this ack: no operation
             * can start between this read and it. */
            seen = atomic_load_explicit(&p->generation, memory_order_acquire);
            atomic_fetch_add_explicit(&p->acks, 1, memory_order_seq_cst);
            poolWake(p, &p->acks);
        }
        seen = poolAwait(p, &p->generation, seen, 0);
        if (atomic_load_explicit(&p->stop, memory_order_acquire)) break;
        /* Read before `done` is bumped: after it, the caller may already be
         * writing the next operation. */
        uint32_t want = p->nworkers;
        if (p->fn) {
            poolChunk(p, wk->index);
            /* rseq makes this a few ns; published by the `done` bump below */
            atomic_store_explicit(&wk->cpu, sched_getcpu(), memory_order_relaxed);
        }
        /* Decided now, while the caller waits for `done` and `awake` is this
         * operation's: read after it, a caller that narrows and at once
         * widens again could find this worker neither awake nor parked, and
         * wait for an ack that never comes. */
        park = (uint32_t)wk->index >= atomic_load_explicit(&p->awake, memory_order_acquire);
        /* seq_cst, like the waiter's sleepers increment: either it sees this
         * count or this thread sees it asleep (Dekker), never neither. */
        uint32_t d = atomic_fetch_add_explicit(&p->done, 1, memory_order_seq_cst) + 1;
        if (d == want) poolWake(p, &p->done);
    }
    return NULL;
}

pool *poolCreate(int width, poolWait wait) {
    if (width < RANGE_ENGINE_WIDTH_MIN || width > POOL_MAX_WIDTH ||
        (wait != POOL_WAIT_SPIN && wait != POOL_WAIT_YIELD && wait != POOL_WAIT_BLOCK)) {
        errno = EINVAL;
        return NULL;
    }
    pool *p = calloc(1, sizeof(*p));
    if (!p) return NULL;
    p->width = width;
    p->active = width;
    p->chunks = width;
    p->wait = wait;
    atomic_init(&p->awake, (uint32_t)width);
    p->partial = calloc((size_t)width, sizeof(double));
    if (!p->partial) goto err;
    if (width == 1) return p; /* serial: no thread at all */
    p->workers = calloc((size_t)width - 1, sizeof(poolWorker));
    if (!p->workers) goto err;
    for (int k = 1; k < width; k++) {
        poolWorker *wk = &p->workers[k - 1];
        wk->p = p;
        wk->index = k;
        atomic_init(&wk->cpu, -1);
        int rc = pthread_create(&wk->thread, NULL, poolWorkerMain, wk);
        if (rc != 0) {
            p->width = k; /* only workers 1..k-1 exist: join just those */
            poolDelete(p);
            errno = rc;
            return NULL;
        }
    }
    return p;
err:
    free(p->partial);
    free(p);
    errno = ENOMEM;
    return NULL;
}

void poolDelete(pool *p) {
    if (!p) return;
    poolWaitJob(p); /* a pending job still uses the workers */
    if (p->workers) {
        atomic_store_explicit(&p->stop, 1, memory_order_seq_cst);
        atomic_fetch_add_explicit(&p->generation, 1, memory_order_seq_cst);
        poolFutexWakeAll(&p->generation);
        atomic_fetch_add_explicit(&p->parkGen, 1, memory_order_seq_cst);
        poolFutexWakeAll(&p->parkGen);
        if (p->has_driver) {
            atomic_fetch_add_explicit(&p->submitted, 1, memory_order_release);
            poolFutexWakeAll(&p->submitted);
            pthread_join(p->driver, NULL);
        }
        for (int k = 1; k < p->width; k++) pthread_join(p->workers[k - 1].thread, NULL);
    }
    free(p->workers);
    free(p->partial);
    free(p);
}

int poolWidth(const pool *p) { return p->active; }
int poolCap(const pool *p) { return p->width; }

/* Publishes one operation to workers 1..nworkers, runs chunk 0 (when there
 * is a task) and waits for them all. */
static void poolDispatch(pool *p, poolTask *fn, void *arg, size_t n, int nworkers) {
    p->fn = fn;
    p->arg = arg;
    p->n = n;
    p->chunks = p->active;
    p->nworkers = (uint32_t)nworkers;
    atomic_store_explicit(&p->done, 0, memory_order_relaxed);
    atomic_fetch_add_explicit(&p->generation, 1, memory_order_seq_cst);
    poolWake(p, &p->generation);
    if (fn) poolChunk(p, 0);
    poolAwait(p, &p->done, (uint32_t)nworkers, 1);
}

void poolFor(pool *p, size_t n, poolTask *fn, void *arg) {
    if (p->active == 1) {
        if (n) fn(arg, 0, 0, n);
        return;
    }
    poolDispatch(p, fn, arg, n, p->active - 1);
}

int poolSetActive(pool *p, int w) {
    if (w < 1 || w > p->width) {
        errno = EINVAL;
        return -1;
    }
    int old = p->active;
    if (w == old) return 0;
    p->active = w;
    if (w < old) {
        /* Every worker now awake (1..old-1) answers one empty operation,
         * then finds itself beyond `awake` (if it is) and parks. */
        atomic_store_explicit(&p->awake, (uint32_t)w, memory_order_seq_cst);
        poolDispatch(p, NULL, NULL, 0, old - 1);
        return 0;
    }
    atomic_store_explicit(&p->acks, 0, memory_order_seq_cst);
    atomic_store_explicit(&p->awake, (uint32_t)w, memory_order_seq_cst);
    atomic_fetch_add_explicit(&p->parkGen, 1, memory_order_seq_cst);
    poolFutexWakeAll(&p->parkGen);
    poolAwait(p, &p->acks, (uint32_t)(w - old), 1);
    return 0;
}

typedef struct poolSumArg {
    const double *x;
    double *partial;
} poolSumArg;

static void poolSumChunk(void *arg, int chunk, size_t begin, size_t end) {
    poolSumArg *a = arg;
    double s = 0.0;
    for (size_t i = begin; i < end; i++) s += a->x[i];
    a->partial[chunk] = s;
}

double poolSum(pool *p, const double *x, size_t n) {
    poolSumArg a = {x, p->partial};
    for (int c = 0; c < p->active; c++) p->partial[c] = 0.0;
    poolFor(p, n, poolSumChunk, &a);
    double s = 0.0;
    for (int c = 0; c < p->active; c++) s += p->partial[c];
    return s;
}

/* --- the asynchronous path ------------------------------------------------ */

static void *poolDriverMain(void *arg) {
    pool *p = arg;
    uint32_t seen = 0;
    for (;;) {
        seen = poolAwait(p, &p->submitted, seen, 0);
        if (atomic_load_explicit(&p->stop, memory_order_acquire)) break;
        p->job(p->job_arg);
        /* seq_cst for the same Dekker pairing as the workers' `done` */
        atomic_fetch_add_explicit(&p->completed, 1, memory_order_seq_cst);
        poolWake(p, &p->completed);
    }
    return NULL;
}

int poolSubmit(pool *p, poolJob *job, void *arg) {
    if (p->width == 1) { /* serial: nobody to hand it to */
        job(arg);
        return 0;
    }
    if (!p->has_driver) {
        int rc = pthread_create(&p->driver, NULL, poolDriverMain, p);
        if (rc != 0) {
            errno = rc;
            return -1;
        }
        p->has_driver = 1;
    }
    poolWaitJob(p);
    p->job = job;
    p->job_arg = arg;
    atomic_fetch_add_explicit(&p->submitted, 1, memory_order_seq_cst);
    poolWake(p, &p->submitted);
    return 0;
}

void poolWaitJob(pool *p) {
    if (!p->has_driver) return;
    /* only the submitter writes `submitted`: its own last value */
    uint32_t want = atomic_load_explicit(&p->submitted, memory_order_relaxed);
    poolAwait(p, &p->completed, want, 1);
}

static const char *const poolWaitNames[] = {"spin", "yield", "block"};

const char *poolWaitName(poolWait w) { return (unsigned)w < 3 ? poolWaitNames[w] : "?"; }

int poolWaitParse(const char *s, poolWait *out) {
    for (int i = 0; i < 3; i++) {
        if (s && strcmp(s, poolWaitNames[i]) == 0) {
            *out = (poolWait)i;
            return 0;
        }
    }
    return -1;
}

int poolWorkerCpu(const pool *p, int k) {
    if (!p || k < 1 || k >= p->width || !p->workers) return -1;
    return atomic_load_explicit(&p->workers[k - 1].cpu, memory_order_relaxed);
}
