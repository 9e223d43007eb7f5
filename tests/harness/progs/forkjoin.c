/* forkjoin.c -- a pthreads fork-join program whose workers wait between
 * rounds in one of three ways, for the tests of what coldload-run's figures
 * say about a run (tests/harness/waits.bats): `sleep` (a condition
 * variable: each round wakes a sleeping worker), `yield` (sched_yield in a
 * loop), `spin` (a busy loop on an atomic). Between rounds the main thread
 * sleeps 1 ms, as a program does that waits for its next input: the workers
 * sleep through it, or burn a CPU each. Usage: forkjoin MODE THREADS ROUNDS
 * WORK (WORK: inner iterations per thread per round). It prints the sum, the
 * same whatever the mode or thread count. */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int mode; /* 0 sleep, 1 yield, 2 spin */
static long nthreads, rounds, work;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t go = PTHREAD_COND_INITIALIZER, done = PTHREAD_COND_INITIALIZER;
static atomic_long generation, finished;
static double *part;

static void forkjoinWait(long gen) {
    if (mode == 0) {
        pthread_mutex_lock(&mu);
        while (atomic_load(&generation) == gen) pthread_cond_wait(&go, &mu);
        pthread_mutex_unlock(&mu);
    } else
        while (atomic_load(&generation) == gen)
            if (mode == 1) sched_yield();
}

static void *forkjoinWorker(void *arg) {
    long id = (long)arg, gen = 0;
    for (long r = 0; r < rounds; r++) {
        forkjoinWait(gen);
        gen++;
        double s = 0;
        for (long i = id; i < work * nthreads; i += nthreads) s += (double)(i % 7) * 1e-6;
        part[id] += s;
        pthread_mutex_lock(&mu);
        atomic_fetch_add(&finished, 1);
        pthread_cond_signal(&done);
        pthread_mutex_unlock(&mu);
    }
    return NULL;
}

int main(int argc, char **argv) {
    static const char *const modes[] = {"sleep", "yield", "spin"};
    mode = -1;
    for (int i = 0; argc == 5 && i < 3; i++)
        if (!strcmp(argv[1], modes[i])) mode = i;
    if (mode < 0 || (nthreads = atol(argv[2])) < 1 || (rounds = atol(argv[3])) < 1 ||
        (work = atol(argv[4])) < 1) {
        fputs("usage: forkjoin sleep|yield|spin THREADS ROUNDS WORK\n", stderr);
        return 2;
    }
    pthread_t *t = calloc((size_t)nthreads, sizeof *t);
    part = calloc((size_t)nthreads, sizeof *part);
    if (!t || !part) return 1;
    for (long i = 0; i < nthreads; i++) pthread_create(&t[i], NULL, forkjoinWorker, (void *)i);
    const struct timespec gap = {0, 1000000};
    for (long r = 1; r <= rounds; r++) {
        nanosleep(&gap, NULL);
        pthread_mutex_lock(&mu);
        atomic_fetch_add(&generation, 1);
        pthread_cond_broadcast(&go);
        while (atomic_load(&finished) < r * nthreads) pthread_cond_wait(&done, &mu);
        pthread_mutex_unlock(&mu);
    }
    double s = 0;
    for (long i = 0; i < nthreads; i++) {
        pthread_join(t[i], NULL);
        s += part[i];
    }
    printf("%.6f\n", s);
    free(t);
    free(part);
    return 0;
}
