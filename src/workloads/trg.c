/* trg.c -- Levin-Nave TRG of the 2D Ising model with forward-mode AD (see trg.h).
 *
 * Tensors are row-major T[u,l,d,r] of bond dimension D. Each step splits T
 * along both diagonals by full SVDs, keeps k = D' columns, and contracts the
 * four halves back into one tensor of dimension k:
 *   A[w,u,y,l] = sum_x S2[x,w,u] S3[y,x,l]         (GEMM over x)
 *   B[y,d,w,r] = sum_z S4[y,z,d] S1[w,z,r]         (GEMM over z)
 *   T'[u,l,d,r] = sum_{w,y} A[w,u,y,l] B[y,d,w,r]  (GEMM over (w,y))
 * with the permutes between them run on the engine. Every buffer is sized
 * for D = chi at creation, so a run allocates nothing itself. Each tensor X
 * has a tangent dX (d/dbeta); a NULL tangent pointer means value only. */
#include "workloads/trg.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/linalg.h"
#include "bench/measure.h"
#include "common/prefault.h"

enum { TRG_BIG, TRG_MID }; /* buffer sizes: chi^4 and chi^3 doubles */

struct trg {
    pool *pool;
    int chi, steps;
    double eps;
    trgStats stats;
    /* chi^4: the tensor, the SVD inputs, the SVD factors, the contraction. */
    double *t, *dt, *ma, *mb, *dmb, *ua, *vta, *ub, *vtb;
    double *a, *da, *b, *db, *ap, *dap, *bp, *dbp;
    /* chi^3: the halves S1..S4, their permutes, the SVD-tangent work. */
    double *s1, *ds1, *s2, *ds2, *s3, *ds3, *s4, *ds4;
    double *p1, *dp1, *p3, *dp3, *p4, *dp4;
    double *w1, *w2, *pc, *pr, *g, *h, *duk, *dvk;
    /* chi^2: singular values. */
    double *sa, *sb;
    /* max|T| per chunk, combined in chunk order. */
    double partMax[POOL_MAX_WIDTH];
    size_t partArg[POOL_MAX_WIDTH];
};

/* ---- elementwise work on the engine -------------------------------------- */

/* dst[i0,i1,i2,i3] = src[...] with dst axis a = src axis perm[a], for one or
 * two (value, tangent) pairs. Chunks split the dst rows (i0,i1). */
typedef struct trgPermuteArg {
    const double *src[2];
    double *dst[2];
    int npairs;
    size_t dd[4], ss[4]; /* dst dims; src stride of each dst axis */
} trgPermuteArg;

static void trgPermuteTask(void *arg, int chunk, size_t begin, size_t end) {
    const trgPermuteArg *p = arg;
    (void)chunk;
    for (int q = 0; q < p->npairs; q++) {
        const double *src = p->src[q];
        double *dst = p->dst[q] + begin * p->dd[2] * p->dd[3];
        for (size_t row = begin; row < end; row++) {
            size_t base = (row / p->dd[1]) * p->ss[0] + (row % p->dd[1]) * p->ss[1];
            for (size_t i2 = 0; i2 < p->dd[2]; i2++)
                for (size_t i3 = 0; i3 < p->dd[3]; i3++)
                    *dst++ = src[base + i2 * p->ss[2] + i3 * p->ss[3]];
        }
    }
}

/* Permutes src (dims sd, row-major) into dst and, when dsrc is set, dsrc
 * into ddst the same way. */
static void trgPermute(pool *pl, const int sd[4], const int perm[4], const double *src, double *dst,
                       const double *dsrc, double *ddst) {
    size_t st[4];
    st[3] = 1;
    for (int i = 2; i >= 0; i--) st[i] = st[i + 1] * (size_t)sd[i + 1];
    trgPermuteArg p = {.src = {src, dsrc}, .dst = {dst, ddst}, .npairs = dsrc ? 2 : 1};
    for (int i = 0; i < 4; i++) {
        p.dd[i] = (size_t)sd[perm[i]];
        p.ss[i] = st[perm[i]];
    }
    poolFor(pl, p.dd[0] * p.dd[1], trgPermuteTask, &p);
}

typedef struct trgCopyArg {
    const double *src;
    double *dst;
} trgCopyArg;

static void trgCopyTask(void *arg, int chunk, size_t begin, size_t end) {
    const trgCopyArg *c = arg;
    (void)chunk;
    memcpy(c->dst + begin, c->src + begin, (end - begin) * sizeof(double));
}

typedef struct trgMaxArg {
    trg *t;
    const double *x;
} trgMaxArg;

static void trgMaxTask(void *arg, int chunk, size_t begin, size_t end) {
    const trgMaxArg *m = arg;
    double best = -1.0;
    size_t at = begin;
    for (size_t i = begin; i < end; i++)
        if (fabs(m->x[i]) > best) {
            best = fabs(m->x[i]);
            at = i;
        }
    m->t->partMax[chunk] = best;
    m->t->partArg[chunk] = at;
}

typedef struct trgScaleArg {
    double *x, *dx;
    double inv, dm; /* x <- x/m;  dx <- (dx - x_new dm)/m */
} trgScaleArg;

static void trgScaleTask(void *arg, int chunk, size_t begin, size_t end) {
    const trgScaleArg *s = arg;
    (void)chunk;
    for (size_t i = begin; i < end; i++) {
        s->x[i] *= s->inv;
        if (s->dx) s->dx[i] = (s->dx[i] - s->x[i] * s->dm) * s->inv;
    }
}

/* T <- T / max|T| (and its tangent). Returns m; *dm its tangent (the tangent
 * of the first entry of largest magnitude, so the same for every width). */
static double trgNormalise(trg *t, size_t len, int grad, double *dm) {
    pool *pl = t->pool;
    int w = poolWidth(pl);
    trgMaxArg ma = {t, t->t};
    poolFor(pl, len, trgMaxTask, &ma);
    double m = -1.0;
    size_t at = 0;
    for (int c = 0; c < w; c++)
        if (t->partMax[c] > m) {
            m = t->partMax[c];
            at = t->partArg[c];
        }
    *dm = grad ? copysign(1.0, t->t[at]) * t->dt[at] : 0.0;
    trgScaleArg sa = {t->t, grad ? t->dt : NULL, 1.0 / m, *dm};
    poolFor(pl, len, trgScaleTask, &sa);
    return m;
}

/* ---- the SVD and its tangent --------------------------------------------- */

/* One diagonal split of the n x n matrix M = U S V^T into kept halves
 * Left = U_k sqrt(S_k) and Right = V_k sqrt(S_k) (n x k each), and their
 * tangents from dM (NULL: value only). */
typedef struct trgHalvesArg {
    const double *u, *vt, *s, *pc, *pr, *duk, *dvk;
    double *left, *right, *dleft, *dright, *g, *h;
    double eps;
    int n, k;
} trgHalvesArg;

/* Regularised F_ij = 1/(s_j^2 - s_i^2): Lorentzian on s_j - s_i (trg.h). */
static double trgF(double si, double sj, double eps) {
    double sum = si + sj, x = sj - si;
    if (!(sum > 0.0)) return 0.0;
    return x / (x * x + eps) / sum;
}

/* G = F o (dP S + S dP^T) and H = F o (S dP + dP^T S), kept columns only:
 * rows i split over the chunks. pc holds dP[:, :k], pr holds dP[:k, :]. */
static void trgGhTask(void *arg, int chunk, size_t begin, size_t end) {
    const trgHalvesArg *a = arg;
    (void)chunk;
    for (size_t i = begin; i < end; i++)
        for (int j = 0; j < a->k; j++) {
            size_t o = i * (size_t)a->k + (size_t)j;
            if (i == (size_t)j) {
                a->g[o] = a->h[o] = 0.0;
                continue;
            }
            double si = a->s[i], sj = a->s[j];
            double f = trgF(si, sj, a->eps);
            double pij = a->pc[o], pji = a->pr[(size_t)j * (size_t)a->n + i];
            a->g[o] = f * (pij * sj + si * pji);
            a->h[o] = f * (si * pij + pji * sj);
        }
}

static void trgHalvesTask(void *arg, int chunk, size_t begin, size_t end) {
    const trgHalvesArg *a = arg;
    (void)chunk;
    size_t n = (size_t)a->n, k = (size_t)a->k;
    for (size_t r = begin; r < end; r++)
        for (size_t j = 0; j < k; j++) {
            double q = sqrt(a->s[j]);
            double uv = a->u[r * n + j], vv = a->vt[j * n + r];
            a->left[r * k + j] = uv * q;
            a->right[r * k + j] = vv * q;
            if (a->dleft) {
                double dq = a->pc[j * k + j] / (2.0 * q); /* ds_j = dP_jj */
                a->dleft[r * k + j] = a->duk[r * k + j] * q + uv * dq;
                a->dright[r * k + j] = a->dvk[r * k + j] * q + vv * dq;
            }
        }
}

static void trgHalves(trg *t, int n, int k, const double *u, const double *vt, const double *s,
                      const double *dm, double *left, double *right, double *dleft,
                      double *dright) {
    trgHalvesArg a = {
        .u = u, .vt = vt, .s = s, .left = left, .right = right, .eps = t->eps, .n = n, .k = k};
    if (dm) {
        /* dP[:, :k] = U^T (dM V_k);  dP[:k, :] = (U_k^T dM) V */
        linalgGemm(0, 1, n, k, n, 1.0, dm, n, vt, n, 0.0, t->w1, k);
        linalgGemm(1, 0, n, k, n, 1.0, u, n, t->w1, k, 0.0, t->pc, k);
        linalgGemm(1, 0, k, n, n, 1.0, u, n, dm, n, 0.0, t->w2, n);
        linalgGemm(0, 1, k, n, n, 1.0, t->w2, n, vt, n, 0.0, t->pr, n);
        a.pc = t->pc;
        a.pr = t->pr;
        a.g = t->g;
        a.h = t->h;
        poolFor(t->pool, (size_t)n, trgGhTask, &a);
        /* dU_k = U G,  dV_k = V H */
        linalgGemm(0, 0, n, k, n, 1.0, u, n, t->g, k, 0.0, t->duk, k);
        linalgGemm(1, 0, n, k, n, 1.0, vt, n, t->h, k, 0.0, t->dvk, k);
        a.duk = t->duk;
        a.dvk = t->dvk;
        a.dleft = dleft;
        a.dright = dright;
    }
    poolFor(t->pool, (size_t)n, trgHalvesTask, &a);
}

static int trgSvd(trg *t, double *m, int n, double *u, double *s, double *vt) {
    double t0 = measureNowMs();
    int info = linalgSvd(m, n, u, s, vt);
    t->stats.svd_ms += measureNowMs() - t0;
    t->stats.svd_calls++;
    return info;
}

static int trgKept(const double *s, int n) {
    int c = 0;
    while (c < n && s[c] > TRG_SV_CUTOFF) c++;
    return c;
}

/* c = op(a) op(b) and, when dc is set, dc = op(da) op(b) + op(a) op(db). */
static void trgGemm2(int ta, int tb, int m, int n, int k, const double *a, const double *da,
                     int lda, const double *b, const double *db, int ldb, double *c, double *dc,
                     int ldc) {
    linalgGemm(ta, tb, m, n, k, 1.0, a, lda, b, ldb, 0.0, c, ldc);
    if (!dc) return;
    linalgGemm(ta, tb, m, n, k, 1.0, da, lda, b, ldb, 0.0, dc, ldc);
    linalgGemm(ta, tb, m, n, k, 1.0, a, lda, db, ldb, 1.0, dc, ldc);
}

/* ---- one step and the whole run ------------------------------------------ */

/* T (dimension D) -> T' (dimension *kout). Returns 0 or -1 (dgesdd failed or
 * nothing to keep). */
static int trgStep(trg *t, int D, int *kout, int grad) {
#define TRG_D(x) (grad ? t->x : NULL) /* a tangent buffer, or NULL for value only */
    pool *pl = t->pool;
    int n = D * D;
    size_t len = (size_t)n * (size_t)n;
    const int dims4[4] = {D, D, D, D};
    static const int permMb[4] = {1, 2, 0, 3}; /* Mb[l,d,u,r] = T[u,l,d,r] */

    trgCopyArg cp = {t->t, t->ma};
    poolFor(pl, len, trgCopyTask, &cp);
    trgPermute(pl, dims4, permMb, t->t, t->mb, TRG_D(dt), TRG_D(dmb));
    if (trgSvd(t, t->ma, n, t->ua, t->sa, t->vta) != 0) return -1;
    if (trgSvd(t, t->mb, n, t->ub, t->sb, t->vtb) != 0) return -1;

    int k = n < t->chi ? n : t->chi;
    int ka = trgKept(t->sa, n), kb = trgKept(t->sb, n);
    if (ka < k) k = ka;
    if (kb < k) k = kb;
    if (k < 1) return -1;

    /* S1[u,l,k] S3[d,r,k] from Ma = T;  S2[l,d,k] S4[u,r,k] from Mb. */
    trgHalves(t, n, k, t->ua, t->vta, t->sa, TRG_D(dt), t->s1, t->s3, t->ds1, t->ds3);
    trgHalves(t, n, k, t->ub, t->vtb, t->sb, TRG_D(dmb), t->s2, t->s4, t->ds2, t->ds4);

    const int dims3[4] = {D, D, k, 1}, dimsAB[4] = {D, k, D, k};
    static const int swap01[4] = {1, 0, 2, 3}, swap12[4] = {0, 2, 1, 3};
    static const int permA[4] = {1, 3, 0, 2}; /* Ap[u,l,w,y] = A[w,u,y,l] */
    static const int permB[4] = {2, 0, 1, 3}; /* Bp[w,y,d,r] = B[y,d,w,r] */
    trgPermute(pl, dims3, swap01, t->s3, t->p3, TRG_D(ds3), TRG_D(dp3)); /* P3[x,y,l] */
    trgPermute(pl, dims3, swap12, t->s4, t->p4, TRG_D(ds4), TRG_D(dp4)); /* P4[y,d,z] */
    trgPermute(pl, dims3, swap01, t->s1, t->p1, TRG_D(ds1), TRG_D(dp1)); /* P1[z,w,r] */
    int dk = D * k;
    trgGemm2(1, 0, dk, dk, D, t->s2, TRG_D(ds2), dk, t->p3, TRG_D(dp3), dk, t->a, TRG_D(da), dk);
    trgGemm2(0, 0, dk, dk, D, t->p4, TRG_D(dp4), D, t->p1, TRG_D(dp1), dk, t->b, TRG_D(db), dk);
    trgPermute(pl, dimsAB, permA, t->a, t->ap, TRG_D(da), TRG_D(dap));
    trgPermute(pl, dimsAB, permB, t->b, t->bp, TRG_D(db), TRG_D(dbp));
    trgGemm2(0, 0, k * k, k * k, n, t->ap, TRG_D(dap), n, t->bp, TRG_D(dbp), k * k, t->t, TRG_D(dt),
             k * k);
#undef TRG_D
    *kout = k;
    return 0;
}

/* T[i,j,k,l] = sqrt(lam_i lam_j lam_k lam_l)/2 on even parity, lam = (2cosh b, 2sinh b). */
static void trgInit(trg *t, double beta, int grad) {
    double lam[2] = {2.0 * cosh(beta), 2.0 * sinh(beta)};
    double dlam[2] = {2.0 * sinh(beta), 2.0 * cosh(beta)};
    for (int i = 0; i < 16; i++) {
        int b[4] = {(i >> 3) & 1, (i >> 2) & 1, (i >> 1) & 1, i & 1};
        int even = ((b[0] + b[1] + b[2] + b[3]) & 1) == 0;
        double v = 0.5, dlog = 0.0;
        for (int q = 0; q < 4; q++) {
            v *= sqrt(lam[b[q]]);
            dlog += 0.5 * dlam[b[q]] / lam[b[q]];
        }
        t->t[i] = even ? v : 0.0;
        if (grad) t->dt[i] = even ? v * dlog : 0.0;
    }
}

int trgRun(trg *t, double beta, double *value, double *deriv) {
    int grad = deriv != NULL;
    t->stats = (trgStats){0};
    if (!(beta > 0.0) || !isfinite(beta)) return -1;
    trgInit(t, beta, grad);
    int D = 2, rc = 0;
    double acc = 0.0, dacc = 0.0;
    for (int step = 0; step < t->steps && rc == 0; step++) {
        size_t len = (size_t)D * D * D * D;
        double dm, m = trgNormalise(t, len, grad, &dm);
        double weight = ldexp(1.0, t->steps - step); /* tensors on the lattice */
        acc += weight * log(m);
        dacc += weight * dm / m;
        rc = trgStep(t, D, &D, grad);
    }
    if (rc != 0) return -1;
    double tr = 0.0, dtr = 0.0;
    for (int x = 0; x < D; x++)
        for (int y = 0; y < D; y++) {
            size_t o = (((size_t)x * D + y) * D + x) * D + y;
            tr += t->t[o];
            if (grad) dtr += t->dt[o];
        }
    double sites = ldexp(1.0, t->steps);
    double v = (acc + log(tr)) / sites;
    double dv = (dacc + dtr / tr) / sites;
    if (!isfinite(v) || (grad && !isfinite(dv))) return -1;
    *value = v;
    if (grad) *deriv = dv;
    return 0;
}

trgStats trgLastStats(const trg *t) { return t->stats; }

void trgSetEps(trg *t, double eps) {
    if (eps > 0.0) t->eps = eps;
}

/* ---- lifetime ------------------------------------------------------------ */

/* Every buffer, by size class, for allocation and release in one place. */
/* A table, laid out by hand: clang-format's layout of this X-macro is not stable. */
/* clang-format off */
#define TRG_BUFFERS(X)                                                                   \
    X(t, TRG_BIG) X(dt, TRG_BIG) X(ma, TRG_BIG) X(mb, TRG_BIG) X(dmb, TRG_BIG)            \
    X(ua, TRG_BIG) X(vta, TRG_BIG) X(ub, TRG_BIG) X(vtb, TRG_BIG) X(a, TRG_BIG)           \
    X(da, TRG_BIG) X(b, TRG_BIG) X(db, TRG_BIG) X(ap, TRG_BIG) X(dap, TRG_BIG)            \
    X(bp, TRG_BIG) X(dbp, TRG_BIG) X(s1, TRG_MID) X(ds1, TRG_MID) X(s2, TRG_MID)          \
    X(ds2, TRG_MID) X(s3, TRG_MID) X(ds3, TRG_MID) X(s4, TRG_MID) X(ds4, TRG_MID)         \
    X(p1, TRG_MID) X(dp1, TRG_MID) X(p3, TRG_MID) X(dp3, TRG_MID) X(p4, TRG_MID)          \
    X(dp4, TRG_MID) X(w1, TRG_MID) X(w2, TRG_MID) X(pc, TRG_MID) X(pr, TRG_MID)           \
    X(g, TRG_MID) X(h, TRG_MID) X(duk, TRG_MID) X(dvk, TRG_MID)
/* clang-format on */

trg *trgCreate(pool *p, int chi, int steps) {
    if (!p || chi < TRG_CHI_MIN || chi > TRG_CHI_MAX || steps < TRG_STEPS_MIN ||
        steps > TRG_STEPS_MAX) {
        errno = EINVAL;
        return NULL;
    }
    trg *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    t->pool = p;
    t->chi = chi;
    t->steps = steps;
    t->eps = TRG_EPS;
    size_t c = (size_t)chi, size[2] = {c * c * c * c, c * c * c};
    int ok = 1;
#define TRG_ALLOC(name, cls) \
    t->name = malloc(size[cls] * sizeof(double)); \
    ok = ok && t->name;
    TRG_BUFFERS(TRG_ALLOC)
#undef TRG_ALLOC
    /* Singular values: n = D^2 <= chi^2 of them. */
    t->sa = malloc(c * c * sizeof(double));
    t->sb = malloc(c * c * sizeof(double));
    if (!ok || !t->sa || !t->sb) {
        trgDelete(t);
        errno = ENOMEM;
        return NULL;
    }
    return t;
}

void trgPrefault(trg *t) {
    size_t c = (size_t)t->chi, size[2] = {c * c * c * c, c * c * c};
#define TRG_TOUCH(name, cls) prefaultPages(t->name, size[cls] * sizeof(double));
    TRG_BUFFERS(TRG_TOUCH)
#undef TRG_TOUCH
    prefaultPages(t->sa, c * c * sizeof(double));
    prefaultPages(t->sb, c * c * sizeof(double));
}

void trgDelete(trg *t) {
    if (!t) return;
#define TRG_FREE(name, cls) free(t->name);
    TRG_BUFFERS(TRG_FREE)
#undef TRG_FREE
    free(t->sa);
    free(t->sb);
    free(t);
}
