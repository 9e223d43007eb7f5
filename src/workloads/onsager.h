/* onsager.h -- the exact free energy and energy of the 2D Ising model (Onsager 1944).
 *
 * Square lattice, J = 1, zero field, infinite volume: the answer the TRG
 * workload is checked against. d(ln Z/N)/d(beta) = -u, so onsagerEnergy also
 * gives the exact derivative. Formulas: docs/onsager.md. */
#ifndef COLDLOAD_ONSAGER_H
#define COLDLOAD_ONSAGER_H

/* beta_c = ln(1 + sqrt 2) / 2 */
#define ONSAGER_BETA_C 0.44068679350977147

/* ln Z / N at beta > 0 (an integral over theta, adaptive Simpson to ~1e-14). */
double onsagerLnZ(double beta);

/* Energy per site u(beta) (< 0), via the complete elliptic integral K by the
 * AGM; at beta_c, where K diverges and its prefactor vanishes, -sqrt 2. */
double onsagerEnergy(double beta);

#endif
