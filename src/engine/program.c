/* program.c -- trace, reverse-mode grad, prepare and run (see program.h). */
#include "engine/program.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/prefault.h"

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
int progScale(prog *p, int a, double c) {
    return progAppend(p, PROG_SCALE, a, -1, c, progLen(p, a));
}
int progSum(prog *p, int a) { return progAppend(p, PROG_SUM, a, -1, 0, 1); }
int progBroadcast(prog *p, int a, size_t len) {
    return progAppend(p, PROG_BROADCAST, a, -1, 0, len);
}

int progSetOutput(prog *p, int node) {
    if (p->failed || !progValid(p, node)) return -1;
    p->output = node;
    return 0;
}

/* --- reverse mode ------------------------------------------------------------- */

/* Adjoints that are known to be all ones (the seed, and its broadcast) are
 * flagged, so that `ones * y` costs nothing: without this, the gradient of a
 * sum would multiply by a vector of ones at every use. */
typedef struct progAdj {
    int *bar;   /* node -> its adjoint's node in g, -1 while zero */
    char *ones; /* g node -> known to be all ones */
} progAdj;

static int progOnes(const progAdj *adj, int node) { return node >= 0 && adj->ones[node]; }

static int progTimes(prog *g, const progAdj *adj, int b, int y) {
    return progOnes(adj, b) ? y : progMul(g, b, y);
}

/* bar[a] += contribution, creating the sum node only when a already has one. */
static void progAccumulate(prog *g, progAdj *adj, int a, int contrib) {
    adj->bar[a] = adj->bar[a] < 0 ? contrib : progAdd(g, adj->bar[a], contrib);
}

prog *progGrad(const prog *f) {
    if (f->failed || f->input < 0 || f->output < 0 || f->nodes[f->output].len != 1) return NULL;
    prog *g = progCreate();
    /* g gets at most a handful of nodes per node of f: size `ones` for that. */
    size_t gmax = (size_t)f->n * 8 + 8;
    progAdj adj = {malloc((size_t)f->n * sizeof(int)), calloc(gmax, 1)};
    if (!g || !adj.bar || !adj.ones) goto err;
    /* The forward nodes first, with the same ids: the backward pass reads them. */
    for (int i = 0; i < f->n; i++) {
        const progNode *nd = &f->nodes[i];
        progAppend(g, nd->op, nd->a, nd->b, nd->c, nd->len);
        adj.bar[i] = -1;
    }
    int seed = progFill(g, 1.0, 1);
    if (seed < 0) goto err;
    adj.ones[seed] = 1;
    adj.bar[f->output] = seed;
    for (int i = f->n - 1; i >= 0 && !g->failed; i--) {
        const progNode *nd = &f->nodes[i];
        int b = adj.bar[i], c;
        if (b < 0) continue; /* i does not reach the output */
        switch (nd->op) {
        case PROG_INPUT:
        case PROG_FILL: break;
        case PROG_SIN:
            progAccumulate(g, &adj, nd->a, progTimes(g, &adj, b, progCos(g, nd->a)));
            break;
        case PROG_COS:
            c = progScale(g, progTimes(g, &adj, b, progSin(g, nd->a)), -1.0);
            progAccumulate(g, &adj, nd->a, c);
            break;
        case PROG_MUL:
            if (nd->a == nd->b) { /* a*a: one 2*b*a, not b*a + b*a */
                progAccumulate(g, &adj, nd->a, progScale(g, progTimes(g, &adj, b, nd->a), 2.0));
                break;
            }
            progAccumulate(g, &adj, nd->a, progTimes(g, &adj, b, nd->b));
            progAccumulate(g, &adj, nd->b, progTimes(g, &adj, b, nd->a));
            break;
        case PROG_ADD:
            progAccumulate(g, &adj, nd->a, b);
            progAccumulate(g, &adj, nd->b, b);
            break;
        case PROG_SCALE: progAccumulate(g, &adj, nd->a, progScale(g, b, nd->c)); break;
        case PROG_SUM:
            c = progBroadcast(g, b, f->nodes[nd->a].len);
            if (c >= 0 && (size_t)c < gmax) adj.ones[c] = progOnes(&adj, b);
            progAccumulate(g, &adj, nd->a, c);
            break;
        case PROG_BROADCAST: progAccumulate(g, &adj, nd->a, progSum(g, b)); break;
        }
        if ((size_t)g->n >= gmax) goto err; /* cannot happen: <= 4 nodes per step */
    }
    int out = adj.bar[f->input] >= 0 ? adj.bar[f->input] : progFill(g, 0.0, f->nodes[f->input].len);
    if (progSetOutput(g, out) != 0) goto err;
    free(adj.bar);
    free(adj.ones);
    return g;
err:
    free(adj.bar);
    free(adj.ones);
    progDelete(g);
    return NULL;
}

/* --- prepare ------------------------------------------------------------------ */

typedef struct progStep {
    progOp op;
    double *dst, *dst2; /* dst2: a SIN step that also writes cos (sincos) */
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
    const double *job_in; /* progSubmit's arguments, for the driver */
    double *job_out;
};

/* Buffer allocation state: node -> arena offset, and the dead nodes whose
 * buffers may be taken by a later node of the same length. */
typedef struct progAlloc {
    const prog *p;
    size_t *off;
    int *freelist;
    int nfree;
    size_t arena_len;
} progAlloc;

static void progAllocNode(progAlloc *al, int i) {
    size_t len = al->p->nodes[i].len;
    for (int k = 0; k < al->nfree; k++) {
        if (al->p->nodes[al->freelist[k]].len == len) {
            al->off[i] = al->off[al->freelist[k]];
            al->freelist[k] = al->freelist[--al->nfree];
            return;
        }
    }
    al->off[i] = al->arena_len;
    al->arena_len += len;
}

/* sin(a) and cos(a) both live: computed in one pass (sincos), the fusion a
 * hand-written loop gets from the compiler. partner[i] is the other of the
 * pair, -1 for unpaired nodes. */
static void progPairSinCos(const prog *p, const char *live, int *partner) {
    for (int i = 0; i < p->n; i++) partner[i] = -1;
    for (int i = 0; i < p->n; i++) {
        if (!live[i] || p->nodes[i].op != PROG_SIN) continue;
        for (int j = 0; j < p->n; j++) {
            if (live[j] && partner[j] < 0 && p->nodes[j].op == PROG_COS &&
                p->nodes[j].a == p->nodes[i].a) {
                partner[i] = j;
                partner[j] = i;
                break;
            }
        }
    }
}

progExec *progPrepare(const prog *p, pool *engine) {
    if (p->failed || p->input < 0 || p->output < 0) return NULL;
    int n = p->n;
    progExec *e = calloc(1, sizeof(*e));
    char *live = calloc((size_t)n, 1);
    int *last = malloc((size_t)n * sizeof(int));    /* last step reading a node */
    int *partner = malloc((size_t)n * sizeof(int)); /* sin/cos pairs */
    progAlloc al = {p, malloc((size_t)n * sizeof(size_t)), malloc((size_t)n * sizeof(int)), 0, 0};
    if (!e || !live || !last || !partner || !al.off || !al.freelist) goto err;

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
    progPairSinCos(p, live, partner);

    /* Buffers: a node takes a free buffer of its length or a new one, when its
     * step runs (a fused pair: both at the first one's step). Operands are
     * released only after their last reader has its own buffer, so no step
     * writes where it reads (the chunks of one step run concurrently). */
    for (int i = 0; i < n; i++) {
        if (!live[i]) continue;
        if (partner[i] < 0 || partner[i] > i) {
            progAllocNode(&al, i);
            if (partner[i] > i) progAllocNode(&al, partner[i]);
            if (p->nodes[i].op != PROG_INPUT) e->nsteps++;
        }
        int ops[2] = {p->nodes[i].a, p->nodes[i].b};
        for (int k = 0; k < 2; k++)
            if (ops[k] >= 0 && last[ops[k]] == i && (k == 0 || ops[1] != ops[0]))
                al.freelist[al.nfree++] = ops[k];
        if (last[i] < 0 && i != p->output) al.freelist[al.nfree++] = i; /* the input, unused */
    }

    e->arena_len = al.arena_len;
    e->arena = calloc(e->arena_len, sizeof(double));
    e->steps = malloc((size_t)(e->nsteps ? e->nsteps : 1) * sizeof(progStep));
    if (!e->arena || !e->steps) goto err;
    int s = 0;
    for (int i = 0; i < n; i++) {
        if (!live[i] || p->nodes[i].op == PROG_INPUT || (partner[i] >= 0 && partner[i] < i))
            continue;
        const progNode *nd = &p->nodes[i];
        progStep *st = &e->steps[s++];
        *st = (progStep){nd->op,
                         e->arena + al.off[i],
                         NULL,
                         nd->a >= 0 ? e->arena + al.off[nd->a] : NULL,
                         nd->b >= 0 ? e->arena + al.off[nd->b] : NULL,
                         nd->c,
                         nd->len,
                         nd->a >= 0 ? p->nodes[nd->a].len : 0};
        if (partner[i] > i) { /* sin and cos of one operand, whichever came first */
            double *other = e->arena + al.off[partner[i]];
            st->op = PROG_SIN;
            if (nd->op == PROG_COS) st->dst2 = st->dst, st->dst = other;
            else st->dst2 = other;
        }
    }
    e->engine = engine;
    e->in = e->arena + al.off[p->input];
    e->in_len = p->nodes[p->input].len;
    e->out = e->arena + al.off[p->output];
    e->out_len = p->nodes[p->output].len;
out:
    free(live);
    free(last);
    free(partner);
    free(al.off);
    free(al.freelist);
    return e;
err:
    progExecDelete(e);
    e = NULL;
    goto out;
}

void progExecDelete(progExec *e) {
    if (!e) return;
    poolWaitJob(e->engine); /* a submitted run still uses the buffers */
    free(e->steps);
    free(e->arena);
    free(e);
}

size_t progInputLen(const progExec *e) { return e->in_len; }
size_t progOutputLen(const progExec *e) { return e->out_len; }
int progExecSteps(const progExec *e) { return e->nsteps; }
size_t progExecDoubles(const progExec *e) { return e->arena_len; }

int progUsefulWidth(const progExec *e) {
    size_t most = 0;
    for (int s = 0; s < e->nsteps; s++) {
        /* a sum is chunked over its operand, not its one-element result */
        size_t len = e->steps[s].op == PROG_SUM ? e->steps[s].alen : e->steps[s].len;
        if (len > most) most = len;
    }
    size_t w = most / PROG_MIN_PER_THREAD;
    return w < 1 ? 1 : w > POOL_MAX_WIDTH ? POOL_MAX_WIDTH : (int)w;
}

void progExecPrefault(progExec *e) {
    prefaultPages(e->arena, e->arena_len * sizeof(double));
    prefaultPages(e->steps, (size_t)(e->nsteps ? e->nsteps : 1) * sizeof(progStep));
}

/* --- run ---------------------------------------------------------------------- */

/* One chunk of one step. The switch is outside the loops: each loop is a
 * plain pass the compiler can vectorise. */
static void progChunk(void *arg, int chunk, size_t lo, size_t hi) {
    const progStep *st = arg;
    double *d = st->dst;
    const double *a = st->a, *b = st->b;
    (void)chunk;
    switch (st->op) {
    case PROG_FILL:
        for (size_t i = lo; i < hi; i++) d[i] = st->c;
        break;
    case PROG_SIN:
        if (st->dst2)
            for (size_t i = lo; i < hi; i++) sincos(a[i], &d[i], &st->dst2[i]);
        else
            for (size_t i = lo; i < hi; i++) d[i] = sin(a[i]);
        break;
    case PROG_COS:
        for (size_t i = lo; i < hi; i++) d[i] = cos(a[i]);
        break;
    case PROG_MUL:
        for (size_t i = lo; i < hi; i++) d[i] = a[i] * b[i];
        break;
    case PROG_ADD:
        for (size_t i = lo; i < hi; i++) d[i] = a[i] + b[i];
        break;
    case PROG_SCALE:
        for (size_t i = lo; i < hi; i++) d[i] = st->c * a[i];
        break;
    case PROG_BROADCAST:
        for (size_t i = lo; i < hi; i++) d[i] = a[0];
        break;
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

static void progRunJob(void *arg) {
    progExec *e = arg;
    progRun(e, e->job_in, e->job_out);
}

int progSubmit(progExec *e, const double *in, double *out) {
    poolWaitJob(e->engine); /* a pending run still reads job_in/job_out */
    e->job_in = in;
    e->job_out = out;
    return poolSubmit(e->engine, progRunJob, e);
}

void progWait(progExec *e) { poolWaitJob(e->engine); }
