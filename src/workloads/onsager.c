/* onsager.c -- Onsager's exact solution of the 2D Ising model (see onsager.h).
 *
 * ln Z/N = ln(2 cosh 2b) + (1/pi) int_0^{pi/2} ln[(1 + sqrt(1 - k^2 sin^2 t))/2] dt,
 * k = 2 sinh 2b / cosh^2 2b. The integrand is smooth but, as beta nears
 * beta_c (k -> 1), bends sharply near t = pi/2 on a scale sqrt(1 - k^2):
 * hence adaptive Simpson rather than a fixed rule. */
#include "workloads/onsager.h"

#include <math.h>

/* 1 - AGM(1, 1 - delta), 0 <= delta < 1, carried as deficits from 1 so that
 * it stays accurate when delta is tiny (high temperature, where u ~ -2 beta
 * comes out of a difference of two O(beta^2) terms). With a = 1 - x and
 * b = 1 - y: 1 - (a+b)/2 = (x+y)/2 and 1 - sqrt(ab) = (x+y-xy)/(1+sqrt(ab)).
 * Quadratic convergence: a handful of iterations. */
static double onsagerAgmDeficit(double delta) {
    double x = 0.0, y = delta;
    for (int i = 0; i < 64 && fabs(x - y) > 1e-16 * (x + y); i++) {
        double nx = 0.5 * (x + y);
        y = (x + y - x * y) / (1.0 + sqrt((1.0 - x) * (1.0 - y)));
        x = nx;
    }
    return 0.5 * (x + y);
}

/* 1 - k^2 sin^2 t written as cos^2 t + k'^2 sin^2 t: no cancellation near
 * t = pi/2 when k is close to 1. kp2 = k'^2. */
static double onsagerIntegrand(double kp2, double t) {
    double s = sin(t), c = cos(t);
    return log(0.5 * (1.0 + sqrt(c * c + kp2 * s * s)));
}

/* Adaptive Simpson on [a, b] with midpoint m and f at a, m, b known. */
static double onsagerSimpson(double kp2, double a, double b, double fa, double fm, double fb,
                             double whole, double tol, int depth) {
    double m = 0.5 * (a + b), lm = 0.5 * (a + m), rm = 0.5 * (m + b);
    double flm = onsagerIntegrand(kp2, lm), frm = onsagerIntegrand(kp2, rm);
    double left = (m - a) / 6.0 * (fa + 4.0 * flm + fm);
    double right = (b - m) / 6.0 * (fm + 4.0 * frm + fb);
    double diff = left + right - whole;
    if (depth <= 0 || fabs(diff) <= 15.0 * tol) return left + right + diff / 15.0; /* Richardson */
    return onsagerSimpson(kp2, a, m, fa, flm, fm, left, 0.5 * tol, depth - 1) +
           onsagerSimpson(kp2, m, b, fm, frm, fb, right, 0.5 * tol, depth - 1);
}

double onsagerLnZ(double beta) {
    double c = cosh(2.0 * beta), sh = sinh(2.0 * beta);
    double kp = (1.0 - sh) * (1.0 + sh) / (c * c), kp2 = kp * kp; /* k'^2 = 1 - k^2 */
    double a = 0.0, b = 0.5 * M_PI, fa = onsagerIntegrand(kp2, a), fb = onsagerIntegrand(kp2, b);
    double fm = onsagerIntegrand(kp2, 0.5 * b);
    double whole = b / 6.0 * (fa + 4.0 * fm + fb);
    double integral = onsagerSimpson(kp2, a, b, fa, fm, fb, whole, 1e-15, 40);
    return log(2.0 * c) + integral / M_PI;
}

double onsagerEnergy(double beta) {
    double sh = sinh(2.0 * beta), ch = cosh(2.0 * beta), t2 = (sh / ch) * (sh / ch);
    /* k' = |1 - sh^2| / ch^2, and 1 - k' = 2 min(sh^2, 1) / ch^2 without cancellation. */
    double delta = 2.0 * fmin(sh * sh, 1.0) / (ch * ch);
    /* (2/pi) K(k) = 1 / AGM(1, k') = 1 / (1 - d), so
     * 1 + (2 tanh^2 - 1)(2/pi) K = (2 tanh^2 - d) / (1 - d). At beta_c, k' = 0:
     * K = inf but its prefactor 2 tanh^2 - 1 is 0, and the bracket is 1. */
    double bracket = 1.0;
    if (delta < 1.0) {
        double d = onsagerAgmDeficit(delta);
        bracket = (2.0 * t2 - d) / (1.0 - d);
    }
    return -(ch / sh) * bracket;
}
