/* test_onsager.c -- Onsager's exact solution against the table of
 * docs/onsager.md (1e-9), the beta_c guard, the limits, and the
 * two formulas against each other (-u must be the beta-derivative of ln Z/N). */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "workloads/onsager.h"

static void assertNear(double got, double want, double tol) {
    if (!(fabs(got - want) <= tol))
        fail_msg("got %.15g, want %.15g (|diff| %.3g > %.3g)", got, want, fabs(got - want), tol);
}

static void tableValues(void **state) {
    (void)state;
    static const struct {
        double beta, lnz, u;
    } table[] = {
        {0.3, 0.790559070951, -0.7044990708},
        {0.4, 0.879363820775, -1.1060792037},
        {ONSAGER_BETA_C, 0.929695398342, -1.4142135623730951},
        {0.5, 1.025792812695, -1.7455645753},
        {0.6, 1.210132388288, -1.9090861777},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        assertNear(onsagerLnZ(table[i].beta), table[i].lnz, 1e-9);
        assertNear(onsagerEnergy(table[i].beta), table[i].u, 1e-9);
    }
}

static void criticalPointIsGuardedAndContinuous(void **state) {
    (void)state;
    assertNear(log(1.0 + sqrt(2.0)) / 2.0, ONSAGER_BETA_C, 1e-16);
    double uc = onsagerEnergy(ONSAGER_BETA_C);
    assert_true(isfinite(uc));
    assertNear(uc, -sqrt(2.0), 1e-12);
    /* K diverges only logarithmically against a linearly vanishing prefactor. */
    assertNear(onsagerEnergy(ONSAGER_BETA_C - 1e-9), -sqrt(2.0), 1e-6);
    assertNear(onsagerEnergy(ONSAGER_BETA_C + 1e-9), -sqrt(2.0), 1e-6);
    assert_true(isfinite(onsagerLnZ(ONSAGER_BETA_C + 1e-12)));
}

static void limits(void **state) {
    (void)state;
    /* High temperature: free spins, ln 2 per site, no energy. */
    assertNear(onsagerLnZ(1e-6), log(2.0), 1e-10);
    /* -u = 2 tanh(beta) + O(beta^3): kept to full relative precision. */
    assertNear(onsagerEnergy(1e-6) / -2e-6, 1.0, 1e-9);
    assertNear(onsagerEnergy(1e-9) / -2e-9, 1.0, 1e-9);
    /* Low temperature: all aligned, two bonds per site of energy -1 each. */
    assertNear(onsagerLnZ(20.0), 40.0, 1e-12);
    assertNear(onsagerEnergy(20.0), -2.0, 1e-12);
}

/* Independent formulas (an integral vs the AGM): -u = d(ln Z/N)/d(beta). */
static void energyIsTheDerivative(void **state) {
    (void)state;
    static const double betas[] = {0.1, 0.25, 0.38, 0.5, 0.7, 1.2};
    const double h = 1e-4;
    for (size_t i = 0; i < sizeof betas / sizeof betas[0]; i++) {
        double b = betas[i];
        double fd = (onsagerLnZ(b - 2 * h) - 8 * onsagerLnZ(b - h) + 8 * onsagerLnZ(b + h) -
                     onsagerLnZ(b + 2 * h)) /
                    (12 * h);
        assertNear(-onsagerEnergy(b), fd, 1e-8);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tableValues),
        cmocka_unit_test(criticalPointIsGuardedAndContinuous),
        cmocka_unit_test(limits),
        cmocka_unit_test(energyIsTheDerivative),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
