/* test_pool.c -- the engine: correct and bitwise-deterministic at every width
 * and wait policy, no lost wake-up over many tiny operations, clean
 * create/delete, the asynchronous submit/wait path, and a pool narrowed or widened between operations
 * (poolSetActive) bitwise-equal to a fresh pool of that width. Also built
 * under TSan by `make check`. */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <sched.h>
#include <setjmp.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "engine/pool.h"

#if defined(__SANITIZE_THREAD__)
#define TINY_OPS 20000 /* TSan makes each operation ~50x dearer */
#else
#define TINY_OPS 100000
#endif

static const poolWait policies[] = {POOL_WAIT_SPIN, POOL_WAIT_YIELD, POOL_WAIT_BLOCK};

static void squareChunk(void *arg, int chunk, size_t lo, size_t hi) {
    double *x = arg;
    (void)chunk;
    for (size_t i = lo; i < hi; i++) x[i] = (double)i * (double)i;
}

static void widthsAndPoliciesComputeEveryElement(void **state) {
    (void)state;
    enum { N = 1001 }; /* not a multiple of any width: uneven chunks */
    static double x[N];
    for (int w = 1; w <= 8; w++) {
        for (int k = 0; k < 3; k++) {
            pool *p = poolCreate(w, policies[k]);
            assert_non_null(p);
            assert_int_equal(poolWidth(p), w);
            memset(x, 0, sizeof x);
            poolFor(p, N, squareChunk, x);
            for (size_t i = 0; i < N; i++) assert_true(x[i] == (double)i * (double)i);
            poolDelete(p);
        }
    }
}

/* The sum must equal, bit for bit, the documented order: each chunk left to
 * right, partials in chunk order. */
static double referenceSum(const double *x, size_t n, int w) {
    double s = 0.0;
    for (int c = 0; c < w; c++) {
        double part = 0.0;
        for (size_t i = n * (size_t)c / (size_t)w; i < n * ((size_t)c + 1) / (size_t)w; i++)
            part += x[i];
        s += part;
    }
    return s;
}

static void sumIsBitwiseDeterministicPerWidth(void **state) {
    (void)state;
    enum { N = 10007 };
    static double x[N];
    for (size_t i = 0; i < N; i++) x[i] = sin((double)i) * 1e3 + 1.0 / (double)(i + 1);
    for (int w = 1; w <= 8; w++) {
        double want = referenceSum(x, N, w);
        for (int k = 0; k < 3; k++) {
            pool *p = poolCreate(w, policies[k]);
            assert_non_null(p);
            /* Spinning threads wider than the 2 cores of CI take a scheduler
             * slice per operation: fewer repeats there, same check. */
            int reps = policies[k] == POOL_WAIT_SPIN && w > 2 ? 2 : 20;
            for (int rep = 0; rep < reps; rep++) {
                double got = poolSum(p, x, N);
                assert_memory_equal(&got, &want, sizeof got);
            }
            poolDelete(p);
        }
    }
}

static void sumOfFewerElementsThanWidth(void **state) {
    (void)state;
    double x[3] = {1.5, 2.5, 4.0};
    pool *p = poolCreate(8, POOL_WAIT_BLOCK);
    assert_non_null(p);
    assert_true(poolSum(p, x, 3) == 8.0);
    assert_true(poolSum(p, x, 0) == 0.0);
    poolDelete(p);
}

static void countChunk(void *arg, int chunk, size_t lo, size_t hi) {
    long *counts = arg;
    counts[chunk] += (long)(hi - lo);
}

static void manyTinyOperationsFinish(void **state) {
    (void)state;
    struct {
        int width, ops;
        poolWait wait;
    } cases[] = {
        {2, TINY_OPS, POOL_WAIT_BLOCK}, /* sleeps and wakes: lost wake-ups show here */
        {4, TINY_OPS / 4, POOL_WAIT_BLOCK},
        {2, TINY_OPS, POOL_WAIT_YIELD},
        {2, TINY_OPS / 5, POOL_WAIT_SPIN}, /* spinning on 2 shared cores is slow by design */
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        long counts[8] = {0};
        pool *p = poolCreate(cases[c].width, cases[c].wait);
        assert_non_null(p);
        for (int i = 0; i < cases[c].ops; i++)
            poolFor(p, (size_t)cases[c].width, countChunk, counts);
        for (int k = 0; k < cases[c].width; k++) assert_int_equal(counts[k], cases[c].ops);
        poolDelete(p);
    }
}

static void createDeleteRepeated(void **state) {
    (void)state;
    for (int i = 0; i < 200; i++) {
        pool *p = poolCreate(1 + i % 8, policies[i % 3]);
        assert_non_null(p);
        if (i % 2) { /* odd i run one operation; even i are deleted unused */
            int w = 1 + i % 8;
            long counts[8] = {0};
            poolFor(p, 64, countChunk, counts);
            /* chunk k is [64k/w, 64(k+1)/w): every element once, in its chunk */
            for (int k = 0; k < 8; k++)
                assert_int_equal(counts[k], k < w ? 64 * (k + 1) / w - 64 * k / w : 0);
        }
        poolDelete(p);
    }
    poolDelete(NULL);
}

/* A pool created at cap and set to w gives the bits of a fresh pool of width
 * w, for every w below the cap, in a sequence that narrows and widens, at
 * every policy; and every element is computed (no stale operation runs). */
static void activeWidthMatchesAFreshPool(void **state) {
    (void)state;
    enum { N = 10007, CAP = 6 };
    static double x[N], y[N];
    for (size_t i = 0; i < N; i++) x[i] = sin((double)i) * 1e3 + 1.0 / (double)(i + 1);
    double fresh[CAP + 1];
    for (int w = 1; w <= CAP; w++) {
        pool *f = poolCreate(w, POOL_WAIT_BLOCK);
        assert_non_null(f);
        fresh[w] = poolSum(f, x, N);
        poolDelete(f);
    }
    static const int seq[] = {1, 3, 2, 6, 1, 6, 4, 4, 5, 2, 1, 3};
    for (int k = 0; k < 3; k++) {
        pool *p = poolCreate(CAP, policies[k]);
        assert_non_null(p);
        assert_int_equal(poolCap(p), CAP);
        for (size_t i = 0; i < sizeof seq / sizeof seq[0]; i++) {
            int w = seq[i];
            assert_int_equal(poolSetActive(p, w), 0);
            assert_int_equal(poolWidth(p), w);
            assert_int_equal(poolCap(p), CAP);
            double got = poolSum(p, x, N);
            assert_memory_equal(&got, &fresh[w], sizeof got);
            memset(y, 0, sizeof y);
            poolFor(p, N, squareChunk, y);
            for (size_t j = 0; j < N; j++) assert_true(y[j] == (double)j * (double)j);
        }
        poolDelete(p);
    }
}

/* Narrowing and at once widening again (no operation between) is the case a
 * worker could miss; every chunk still runs exactly once per operation. */
static void activeWidthTogglesQuickly(void **state) {
    (void)state;
    for (int k = 0; k < 3; k++) {
        long counts[4] = {0};
        pool *p = poolCreate(4, policies[k]);
        assert_non_null(p);
        /* spinning 4 wide on 2 shared CPUs: a scheduler slice per operation */
        int ops = policies[k] == POOL_WAIT_SPIN ? 40 : 2000;
        for (int i = 0; i < ops; i++) {
            assert_int_equal(poolSetActive(p, 1 + i % 3), 0);
            assert_int_equal(poolSetActive(p, 4), 0);
            poolFor(p, 4, countChunk, counts);
        }
        for (int c = 0; c < 4; c++) assert_int_equal(counts[c], ops);
        poolDelete(p); /* with workers parked, too */
        p = poolCreate(3, policies[k]);
        assert_non_null(p);
        assert_int_equal(poolSetActive(p, 1), 0);
        poolDelete(p);
    }
}

static void activeWidthOutOfRangeIsRefused(void **state) {
    (void)state;
    pool *p = poolCreate(3, POOL_WAIT_BLOCK);
    assert_non_null(p);
    assert_int_equal(poolSetActive(p, 0), -1);
    assert_int_equal(poolSetActive(p, 4), -1);
    assert_int_equal(poolWidth(p), 3);
    poolDelete(p);
}

static void invalidWidthIsRefused(void **state) {
    (void)state;
    assert_null(poolCreate(0, POOL_WAIT_BLOCK));
    assert_null(poolCreate(-3, POOL_WAIT_BLOCK));
    assert_null(poolCreate(POOL_MAX_WIDTH + 1, POOL_WAIT_BLOCK));
    assert_null(poolCreate(2, (poolWait)7));
}

static void waitNamesRoundTrip(void **state) {
    (void)state;
    poolWait w;
    for (int k = 0; k < 3; k++) {
        assert_int_equal(poolWaitParse(poolWaitName(policies[k]), &w), 0);
        assert_int_equal(w, policies[k]);
    }
    assert_int_equal(poolWaitParse("busy", &w), -1);
    assert_int_equal(poolWaitParse("", &w), -1);
}

/* The asynchronous path: a job of many poolFor operations, submitted; the
 * submitter sees its results only after poolWaitJob. */
typedef struct asyncJob {
    pool *p;
    int ops;
    long counts[8];
    _Atomic int started; /* the job has begun (so submit returned before it ended) */
    _Atomic int release; /* the test lets the job finish */
} asyncJob;

static void asyncJobRun(void *arg) {
    asyncJob *j = arg;
    atomic_store(&j->started, 1);
    while (!atomic_load(&j->release)) sched_yield();
    for (int i = 0; i < j->ops; i++) poolFor(j->p, (size_t)poolWidth(j->p), countChunk, j->counts);
}

static void submitReturnsBeforeTheWorkAndWaitSeesIt(void **state) {
    (void)state;
    for (int w = 2; w <= 4; w++) {
        for (int k = 0; k < 3; k++) {
            /* (spinning wider than 2 CPUs: a scheduler slice per operation) */
            asyncJob j = {.ops = policies[k] == POOL_WAIT_SPIN && w > 2 ? 10 : 100};
            j.p = poolCreate(w, policies[k]);
            assert_non_null(j.p);
            /* the job cannot end before release: submit has to return first */
            assert_int_equal(poolSubmit(j.p, asyncJobRun, &j), 0);
            atomic_store(&j.release, 1);
            poolWaitJob(j.p);
            assert_int_equal(atomic_load(&j.started), 1);
            for (int c = 0; c < w; c++) assert_int_equal(j.counts[c], j.ops);
            poolWaitJob(j.p); /* again: returns at once */
            /* the synchronous path still works between jobs */
            long counts[8] = {0};
            poolFor(j.p, (size_t)w, countChunk, counts);
            for (int c = 0; c < w; c++) assert_int_equal(counts[c], 1);
            poolDelete(j.p);
        }
    }
}

/* Width 1: no worker can run ahead, so submit runs the job before returning. */
static void submitAtWidthOneIsSynchronous(void **state) {
    (void)state;
    asyncJob j = {.ops = 3, .release = 1};
    j.p = poolCreate(1, POOL_WAIT_BLOCK);
    assert_non_null(j.p);
    assert_int_equal(poolSubmit(j.p, asyncJobRun, &j), 0);
    assert_int_equal(j.counts[0], 3); /* done before poolWaitJob */
    poolWaitJob(j.p);
    poolDelete(j.p);
}

static void manySubmitsAndDeleteWithAJobPending(void **state) {
    (void)state;
    for (int k = 0; k < 3; k++) {
        asyncJob j = {.ops = 1, .release = 1};
        j.p = poolCreate(2, policies[k]);
        assert_non_null(j.p);
        /* a spinning worker on 2 shared cores takes a scheduler slice per
         * job (8 ms here): fewer jobs there, same check */
        int jobs = policies[k] == POOL_WAIT_SPIN ? 100 : TINY_OPS / 20;
        /* a submit while one is pending waits for it first */
        for (int i = 0; i < jobs; i++) assert_int_equal(poolSubmit(j.p, asyncJobRun, &j), 0);
        poolWaitJob(j.p);
        assert_int_equal(j.counts[0], jobs);
        assert_int_equal(j.counts[1], jobs);
        assert_int_equal(poolSubmit(j.p, asyncJobRun, &j), 0);
        poolDelete(j.p); /* waits for the pending job */
        assert_int_equal(j.counts[0], jobs + 1);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(widthsAndPoliciesComputeEveryElement),
        cmocka_unit_test(sumIsBitwiseDeterministicPerWidth),
        cmocka_unit_test(sumOfFewerElementsThanWidth),
        cmocka_unit_test(manyTinyOperationsFinish),
        cmocka_unit_test(createDeleteRepeated),
        cmocka_unit_test(activeWidthMatchesAFreshPool),
        cmocka_unit_test(activeWidthTogglesQuickly),
        cmocka_unit_test(activeWidthOutOfRangeIsRefused),
        cmocka_unit_test(invalidWidthIsRefused),
        cmocka_unit_test(waitNamesRoundTrip),
        cmocka_unit_test(submitReturnsBeforeTheWorkAndWaitSeesIt),
        cmocka_unit_test(submitAtWidthOneIsSynchronous),
        cmocka_unit_test(manySubmitsAndDeleteWithAJobPending),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
