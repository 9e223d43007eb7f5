/* onsager.c -- Onsager's exact solution of the 2D Ising model (see onsager.h).
 *
 * ln Z/N = ln(2 cosh 2b) + (1/pi) int_0^{pi/2} ln[(1 + sqrt(1 - k^2 sin^2 t))/2] dt,
 * k = 2 sinh 2b / cosh^2 2b. The integrand is smooth but, as beta nears
 * beta_c (k -> 1), bends sharply near t = pi/2 on a scale sqrt(1 - k^2):
 * hence adaptive Simpson rather than a fixed rule. */
#include "onsager.h"

#include <math.h>

/* AGM(a, b): quadratic convergence, a handful of iterations. */
static double onsagerAgm(double a, double b) {
    for (int i = 0; i < 64 && fabs(a - b) > 1e-16 * a; i++) {
        double m = 0.5 * (a + b);
        b = sqrt(a * b);
        a = m;
    }
    return 0.5 * (a + b);
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
    if (depth <= 0 || fabs(diff) <= 15.0 * tol)
        return left + right + diff / 15.0; /* Richardson */
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
    double sh = sinh(2.0 * beta), ch = cosh(2.0 * beta), th = tanh(2.0 * beta);
    double pre = 2.0 * th * th - 1.0;
    double kp = fabs(1.0 - sh * sh) / (ch * ch); /* k' = sqrt(1 - k^2) */
    double term = 0.0;
    /* At beta_c, k' = 0 and K = inf but its prefactor is 0: the product is 0. */
    if (kp > 0.0 && pre != 0.0) term = pre / onsagerAgm(1.0, kp); /* (2/pi) K = 1/AGM */
    return -(ch / sh) * (1.0 + term);
}
