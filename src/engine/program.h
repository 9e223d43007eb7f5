/* program.h -- small traced programs of elementwise operations, their
 * reverse-mode gradient, and their execution on the engine.
 *
 * The life of a program, as on the page (build, prepare, run):
 *
 *   prog *f = progCreate();             trace: each call appends one node
 *   int x = progInput(f, n);            and returns its id (-1 after any
 *   int y = progSum(f, progMul(f, progSin(f, x), progMul(f, x, x)));
 *   progSetOutput(f, y);                error; errors are sticky)
 *   prog *g = progGrad(f);              reverse mode: g(x) = df/dx
 *   progExec *e = progPrepare(g, pool); order, buffers, bound to an engine
 *   progRun(e, x_in, grad_out);         execute + copy out: complete on return
 *
 * `prepare` and `run` are separate calls so they are timed separately; `run`
 * never allocates. prepare fuses sin(a) and cos(a) into one sincos pass;
 * grad skips multiplications by its all-ones seed. Every operation is one engine operation (poolFor or
 * poolSum), so a program of k nodes pays k fork-join barriers per run. */
#ifndef COLDLOAD_PROGRAM_H
#define COLDLOAD_PROGRAM_H

#include <stddef.h>

#include "engine/pool.h"

typedef enum {
    PROG_INPUT, /* the program's one input vector */
    PROG_FILL,  /* constant vector: c everywhere */
    PROG_SIN,
    PROG_COS,
    PROG_MUL,
    PROG_ADD,      /* elementwise, equal lengths */
    PROG_SCALE,    /* c * a */
    PROG_SUM,      /* vector -> length-1 */
    PROG_BROADCAST /* length-1 -> vector */
} progOp;

typedef struct prog prog;
typedef struct progExec progExec;

prog *progCreate(void);
void progDelete(prog *p);

int progInput(prog *p, size_t len);
int progFill(prog *p, double c, size_t len);
int progSin(prog *p, int a);
int progCos(prog *p, int a);
int progMul(prog *p, int a, int b);
int progAdd(prog *p, int a, int b);
int progScale(prog *p, int a, double c);
int progSum(prog *p, int a);
int progBroadcast(prog *p, int a, size_t len);
/* Returns 0, or -1 when node is not a node of p. */
int progSetOutput(prog *p, int node);

/* Nodes traced so far; -1 once any trace call has failed. */
int progSize(const prog *p);

/* The gradient program of f (whose output must have length 1) with respect
 * to f's input: same input, output of the input's length. NULL when f is
 * invalid or memory runs out. */
prog *progGrad(const prog *f);

/* Orders the nodes the output needs (the rest is dropped), gives each a
 * buffer (buffers are reused once their value is dead) and binds the
 * program to the engine. NULL when p is invalid or memory runs out. */
progExec *progPrepare(const prog *p, pool *engine);
/* Waits for a submitted run first (progSubmit). */
void progExecDelete(progExec *e);

size_t progInputLen(const progExec *e);
size_t progOutputLen(const progExec *e);
/* Operations the prepared program runs (its live nodes). */
int progExecSteps(const progExec *e);
/* Buffers (of doubles) the prepared program allocated, all told. */
size_t progExecDoubles(const progExec *e);
/* Touches every page of those buffers (common/prefault.h), so a first run
 * takes no first-touch faults in them. Changes no value. */
void progExecPrefault(progExec *e);

/* Elements of an operation's chunk below which one more thread costs more
 * than it gives. Every operation is a fork-join with a barrier: grad at
 * n=1000 is 6 operations, 12 us a call at width 1 and 3.3x that at width 2,
 * so the second thread adds ~5.5 us per operation and saves half of ~2 us.
 * At ~12 ns per element and call, width 2 breaks even at n ~ 5500 and gains
 * 1.2x at n ~ 8000: one thread per 8192 elements. (The figure is derived
 * from those two medians, not scanned: `make scan` shows where the crossing
 * lies on a machine.) */
#define PROG_MIN_PER_THREAD 8192
/* The most threads the program's largest operation can use: one per
 * PROG_MIN_PER_THREAD elements, at least 1 (--width auto's limit). */
int progUsefulWidth(const progExec *e);

/* Runs the program on `in` (progInputLen doubles) and copies the result into
 * `out` (progOutputLen doubles). Complete on return. */
void progRun(progExec *e, const double *in, double *out);

/* The asynchronous run (poolSubmit): progSubmit returns before the program
 * has run at width > 1 (at width 1 it runs it first); progWait blocks until
 * `out` holds the result. `in` and `out` must stay valid until progWait
 * returns. Returns 0, or -1 (errno set) when the engine cannot start its
 * driver thread. */
int progSubmit(progExec *e, const double *in, double *out);
void progWait(progExec *e);

#endif
