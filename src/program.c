/* program.c -- trace, reverse-mode grad, prepare and run (see program.h). */
#include "program.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct progNode {
    progOp op;
    int a, b;   /* operands (-1: none) */
    double c;   /* FILL value, SCALE factor */
    size_t len; /* result length */
} progNode;

struct prog {
    progNode *nodes;
    int n, cap;
    int input, output;
    int failed;
};

/* --- tracing ---------------------------------------------------------------- */

prog *progCreate(void) {
    prog *p = calloc(1, sizeof(*p));
    if (p) p->input = p->output = -1;
    return p;
}

void progDelete(prog *p) {
    if (!p) return;
    free(p->nodes);
    free(p);
}

int progSize(const prog *p) { return p->failed ? -1 : p->n; }

static int progValid(const prog *p, int a) { return a >= 0 && a < p->n; }

/* Appends a node after checking its operands; any failure poisons p. */
static int progAppend(prog *p, progOp op, int a, int b, double c, size_t len) {
    if (p->failed) return -1;
    int ok = len > 0;
    switch (op) {
    case PROG_INPUT: ok = ok && p->input < 0; break;
    case PROG_FILL: break;
    case PROG_MUL:
    case PROG_ADD: ok = ok && progValid(p, b) && p->nodes[b].len == len; /* fall through */
    case PROG_SIN:
    case PROG_COS:
    case PROG_SCALE: ok = ok && progValid(p, a) && p->nodes[a].len == len; break;
    case PROG_SUM: ok = ok && progValid(p, a) && len == 1; break;
    case PROG_BROADCAST: ok = ok && progValid(p, a) && p->nodes[a].len == 1; break;
    }
    if (!ok) goto err;
    if (p->n == p->cap) {
        int cap = p->cap ? p->cap * 2 : 16;
        progNode *nodes = realloc(p->nodes, (size_t)cap * sizeof(progNode));
        if (!nodes) goto err;
        p->nodes = nodes;
        p->cap = cap;
    }
    p->nodes[p->n] = (progNode){op, a, b, c, len};
    if (op == PROG_INPUT) p->input = p->n;
    return p->n++;
err:
    p->failed = 1;
    return -1;
}

static size_t progLen(const prog *p, int a) { return progValid(p, a) ? p->nodes[a].len : 0; }

int progInput(prog *p, size_t len) { return progAppend(p, PROG_INPUT, -1, -1, 0, len); }
int progFill(prog *p, double c, size_t len) { return progAppend(p, PROG_FILL, -1, -1, c, len); }
int progSin(prog *p, int a) { return progAppend(p, PROG_SIN, a, -1, 0, progLen(p, a)); }
int progCos(prog *p, int a) { return progAppend(p, PROG_COS, a, -1, 0, progLen(p, a)); }
int progMul(prog *p, int a, int b) { return progAppend(p, PROG_MUL, a, b, 0, progLen(p, a)); }
int progAdd(prog *p, int a, int b) { return progAppend(p, PROG_ADD, a, b, 0, progLen(p, a)); }
int progScale(prog *p, int a, double c) { return progAppend(p, PROG_SCALE, a, -1, c, progLen(p, a)); }
int progSum(prog *p, int a) { return progAppend(p, PROG_SUM, a, -1, 0, 1); }
int progBroadcast(prog *p, int a, size_t len) { return progAppend(p, PROG_BROADCAST, a, -1, 0, len); }

int progSetOutput(prog *p, int node) {
    if (p->failed || !progValid(p, node)) return -1;
    p->output = node;
    return 0;
}

/* --- reverse mode ------------------------------------------------------------- */

/* bar[a] += contribution, creating the sum node only when a already has one. */
static void progAccumulate(prog *g, int *bar, int a, int contrib) {
    bar[a] = bar[a] < 0 ? contrib : progAdd(g, bar[a], contrib);
}

prog *progGrad(const prog *f) {
    if (f->failed || f->input < 0 || f->output < 0 || f->nodes[f->output].len != 1) return NULL;
    prog *g = progCreate();
    int *bar = malloc((size_t)f->n * sizeof(int));
    if (!g || !bar) goto err;
    /* The forward nodes first, with the same ids: the backward pass reads them. */
    for (int i = 0; i < f->n; i++) {
        const progNode *nd = &f->nodes[i];
        progAppend(g, nd->op, nd->a, nd->b, nd->c, nd->len);
        bar[i] = -1;
    }
    bar[f->output] = progFill(g, 1.0, 1);
    for (int i = f->n - 1; i >= 0 && !g->failed; i--) {
        const progNode *nd = &f->nodes[i];
        int b = bar[i];
        if (b < 0) continue; /* i does not reach the output */
        switch (nd->op) {
        case PROG_INPUT:
        case PROG_FILL: break;
        case PROG_SIN: progAccumulate(g, bar, nd->a, progMul(g, b, progCos(g, nd->a))); break;
        case PROG_COS:
            progAccumulate(g, bar, nd->a, progScale(g, progMul(g, b, progSin(g, nd->a)), -1.0));
            break;
        case PROG_MUL:
            progAccumulate(g, bar, nd->a, progMul(g, b, nd->b));
            progAccumulate(g, bar, nd->b, progMul(g, b, nd->a));
            break;
        case PROG_ADD:
            progAccumulate(g, bar, nd->a, b);
            progAccumulate(g, bar, nd->b, b);
            break;
        case PROG_SCALE: progAccumulate(g, bar, nd->a, progScale(g, b, nd->c)); break;
        case PROG_SUM: progAccumulate(g, bar, nd->a, progBroadcast(g, b, f->nodes[nd->a].len)); break;
        case PROG_BROADCAST: progAccumulate(g, bar, nd->a, progSum(g, b)); break;
        }
    }
    int out = bar[f->input] >= 0 ? bar[f->input] : progFill(g, 0.0, f->nodes[f->input].len);
    if (progSetOutput(g, out) != 0) goto err;
    free(bar);
    return g;
err:
    free(bar);
    progDelete(g);
    return NULL;
}

/* --- prepare ------------------------------------------------------------------ */

typedef struct progStep {
    progOp op;
    double *dst;
    const double *a, *b;
    double c;
    size_t len, alen; /* result length, operand a's length */
} progStep;

struct progExec {
    pool *engine;
    progStep *steps;
    int nsteps;
    double *arena;
    size_t arena_len;
    double *in, *out;
    size_t in_len, out_len;
};

progExec *progPrepare(const prog *p, pool *engine) {
    if (p->failed || p->input < 0 || p->output < 0) return NULL;
    int n = p->n;
    progExec *e = calloc(1, sizeof(*e));
    char *live = calloc((size_t)n, 1);
    int *last = malloc((size_t)n * sizeof(int));     /* last step reading a node */
    size_t *off = malloc((size_t)n * sizeof(size_t)); /* node -> arena offset */
    int *freelist = malloc((size_t)n * sizeof(int));  /* dead nodes whose buffer is free */
    int nfree = 0;
    if (!e || !live || !last || !off || !freelist) goto err;

    /* Liveness: what the output needs, walking back (operands precede users).
     * The input is always live: run() writes it. */
    live[p->output] = live[p->input] = 1;
    for (int i = n - 1; i >= 0; i--) {
        if (!live[i]) continue;
        if (p->nodes[i].a >= 0) live[p->nodes[i].a] = 1;
        if (p->nodes[i].b >= 0) live[p->nodes[i].b] = 1;
    }
    for (int i = 0; i < n; i++) last[i] = -1;
    for (int i = 0; i < n; i++) {
        if (!live[i]) continue;
        if (p->nodes[i].a >= 0) last[p->nodes[i].a] = i;
        if (p->nodes[i].b >= 0) last[p->nodes[i].b] = i;
    }
    last[p->output] = n; /* read by the copy-out after the last step */

    /* Buffers: node i takes a free buffer of its length or a new one. Operands
     * are released only after their last reader has its own buffer, so no
     * step ever writes where it reads (chunks of one step run concurrently). */
    for (int i = 0; i < n; i++) {
        if (!live[i]) continue;
        size_t len = p->nodes[i].len;
        int reused = -1;
        for (int k = 0; k < nfree; k++) {
            if (p->nodes[freelist[k]].len == len) {
                reused = k;
                break;
            }
        }
        if (reused >= 0) {
            off[i] = off[freelist[reused]];
            freelist[reused] = freelist[--nfree];
        } else {
            off[i] = e->arena_len;
            e->arena_len += len;
        }
        if (p->nodes[i].op != PROG_INPUT) e->nsteps++;
        int ops[2] = {p->nodes[i].a, p->nodes[i].b};
        for (int k = 0; k < 2; k++)
            if (ops[k] >= 0 && last[ops[k]] == i && (k == 0 || ops[1] != ops[0]))
                freelist[nfree++] = ops[k];
        if (last[i] < 0 && i != p->output) freelist[nfree++] = i; /* the input, unused */
    }

    e->arena = calloc(e->arena_len, sizeof(double));
    e->steps = malloc((size_t)(e->nsteps ? e->nsteps : 1) * sizeof(progStep));
    if (!e->arena || !e->steps) goto err;
    int s = 0;
    for (int i = 0; i < n; i++) {
        if (!live[i] || p->nodes[i].op == PROG_INPUT) continue;
        const progNode *nd = &p->nodes[i];
        e->steps[s++] = (progStep){nd->op, e->arena + off[i],
                                   nd->a >= 0 ? e->arena + off[nd->a] : NULL,
                                   nd->b >= 0 ? e->arena + off[nd->b] : NULL, nd->c, nd->len,
                                   nd->a >= 0 ? p->nodes[nd->a].len : 0};
    }
    e->engine = engine;
    e->in = e->arena + off[p->input];
    e->in_len = p->nodes[p->input].len;
    e->out = e->arena + off[p->output];
    e->out_len = p->nodes[p->output].len;
    free(live);
    free(last);
    free(off);
    free(freelist);
    return e;
err:
    free(live);
    free(last);
    free(off);
    free(freelist);
    progExecDelete(e);
    return NULL;
}

void progExecDelete(progExec *e) {
    if (!e) return;
    free(e->steps);
    free(e->arena);
    free(e);
}

size_t progInputLen(const progExec *e) { return e->in_len; }
size_t progOutputLen(const progExec *e) { return e->out_len; }
int progExecSteps(const progExec *e) { return e->nsteps; }
size_t progExecDoubles(const progExec *e) { return e->arena_len; }

/* --- run ---------------------------------------------------------------------- */

/* One chunk of one step. The switch is outside the loops: each loop is a
 * plain pass the compiler can vectorise. */
static void progChunk(void *arg, int chunk, size_t lo, size_t hi) {
    const progStep *st = arg;
    double *d = st->dst;
    const double *a = st->a, *b = st->b;
    (void)chunk;
    switch (st->op) {
    case PROG_FILL: for (size_t i = lo; i < hi; i++) d[i] = st->c; break;
    case PROG_SIN: for (size_t i = lo; i < hi; i++) d[i] = sin(a[i]); break;
    case PROG_COS: for (size_t i = lo; i < hi; i++) d[i] = cos(a[i]); break;
    case PROG_MUL: for (size_t i = lo; i < hi; i++) d[i] = a[i] * b[i]; break;
    case PROG_ADD: for (size_t i = lo; i < hi; i++) d[i] = a[i] + b[i]; break;
    case PROG_SCALE: for (size_t i = lo; i < hi; i++) d[i] = st->c * a[i]; break;
    case PROG_BROADCAST: for (size_t i = lo; i < hi; i++) d[i] = a[0]; break;
    case PROG_INPUT:
    case PROG_SUM: break; /* not chunked: see progRun */
    }
}

void progRun(progExec *e, const double *in, double *out) {
    memcpy(e->in, in, e->in_len * sizeof(double));
    for (int s = 0; s < e->nsteps; s++) {
        progStep *st = &e->steps[s];
        if (st->op == PROG_SUM) {
            st->dst[0] = poolSum(e->engine, st->a, st->alen);
        } else {
            poolFor(e->engine, st->len, progChunk, st);
        }
    }
    memcpy(out, e->out, e->out_len * sizeof(double));
}
