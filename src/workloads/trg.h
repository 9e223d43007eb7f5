/* trg.h -- Levin-Nave TRG of the 2D Ising model and its exact derivative in beta.
 *
 * The ising_trg workload: ln Z per site of the square-lattice Ising model
 * (J = 1, zero field, periodic, N = 2^steps sites) by `steps` TRG steps with
 * bond dimension capped at chi, and d(ln Z/N)/d(beta) (= -u) by automatic
 * differentiation through every step, the SVDs included. The recipe is
 * docs/trg.md: normalise by max|T|, split T along both
 * diagonals with full SVDs (dgesdd, jobz='A'), truncate to chi, contract the
 * four halves with permutes + GEMMs, close the last tensor periodically.
 *
 * AD mode: forward. beta is one scalar, so one tangent tensor carried beside
 * every tensor gives the derivative in the same pass, with no tape to store
 * (reverse mode would keep every step's U, S, V alive: 20 steps x 2 SVDs).
 * Every linear op (permute, GEMM, scaling) is applied to the tangent as well;
 * through A = U S V^T (square, full) the tangent is
 *     dP = U^T dA V,  dS = diag(dP),
 *     dU = U [F o (dP S + S dP^T)],  dV = V [F o (S dP + dP^T S)],
 *     F_ij = 1/(s_j^2 - s_i^2) (i != j),  F_ii = 0,
 * evaluated only for the kept columns (F still couples them to the dropped
 * ones, which is what makes the truncated derivative exact).
 *
 * Degenerate singular values (the Ising tensor has them by symmetry) make
 * 1/(s_j^2 - s_i^2) blow up on rounding noise. It is regularised by
 * Lorentzian broadening of the difference of the values,
 *     F_ij = L(s_j - s_i) / (s_j + s_i),  L(x) = x / (x^2 + eps),
 * with eps = TRG_EPS (1e-12 by default, set per context): pairs closer than
 * ~sqrt(eps) = 1e-6 are treated as degenerate and contribute 0, pairs well
 * apart get the exact 1/(s_j^2 - s_i^2). T is normalised to max|T| = 1 before
 * every split, so the singular values are O(1) and an absolute eps is fair.
 *
 * Threads: elementwise work and permutes run on the caller's engine (pool.h);
 * SVDs and GEMMs go to OpenBLAS, whose thread count the caller sets to the
 * same width (linalgSetThreads). For a given width the result bits do not
 * depend on timing or the wait policy. */
#ifndef COLDLOAD_TRG_H
#define COLDLOAD_TRG_H

#include "engine/pool.h"

#define TRG_CHI_MIN 2
#define TRG_CHI_MAX 64
#define TRG_STEPS_MIN 1
#define TRG_STEPS_MAX 40
#define TRG_EPS 1e-12
/* Singular values at or below this are dropped (T is normalised, so absolute). */
#define TRG_SV_CUTOFF 1e-15

typedef struct trg trg;

/* Where the time of the last trgRun went (measured, not formatted). */
typedef struct trgStats {
    double svd_ms; /* wall time inside linalgSvd (dgesdd), summed */
    int svd_calls;
} trgStats;

/* A context for chi and steps on engine p: every buffer a run needs is
 * allocated here, so runs allocate nothing themselves (dgesdd's own
 * workspace aside). Returns NULL (errno set) when chi or steps are out of
 * range or an allocation fails. */
trg *trgCreate(pool *p, int chi, int steps);
void trgDelete(trg *t);
/* Touches every page of those buffers (common/prefault.h): a first run then
 * takes no first-touch faults in them. Changes no value. */
void trgPrefault(trg *t);

/* Broadening eps of the SVD derivative (default TRG_EPS); eps > 0. */
void trgSetEps(trg *t, double eps);

/* ln Z/N at beta (> 0) into *value and, when deriv is not NULL, its derivative
 * in beta into *deriv (deriv == NULL skips every tangent: value only).
 * Returns 0, or -1 when beta is not a finite positive number, dgesdd fails or
 * the result is not finite. */
int trgRun(trg *t, double beta, double *value, double *deriv);

/* Timing of the last trgRun. */
trgStats trgLastStats(const trg *t);

#endif
