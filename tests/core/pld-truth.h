/* pld-truth.h — independent reference values for the composed Laplace mechanism (tests only)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Nothing here shares code with libdpcore's PLD: two unrelated methods compute δ(ε) of the
 * k-fold composition of the Laplace pair with ε₀ = Δ/b.
 *
 * Notation: L ~ PLD of one Laplace pair under P: atom ½ at +ε₀, atom ½e^{−ε₀} at −ε₀,
 * density ¼e^{(t−ε₀)/2} on (−ε₀, ε₀) (VIEWS.md, View 2). δ_k(ε) = E[(1 − e^{ε−S})₊] with
 * S the sum of k independent copies.
 *
 * (1) Small k by direct quadrature: δ_1 in closed form, δ_{j+1}(ε) = E_L[δ_j(ε − L)] with the
 *     two atoms and a GSL QAGP integral over the density (nested for k = 3).
 * (2) Any k by the inversion integral along a vertical line (Laplace/Fourier inversion):
 *     for a > 0, g(s) = (1 − e^{ε−s})₊ has ∫ g(s)e^{−zs} ds = e^{−zε}/(z(z+1)), z = a + it, so
 *     δ_k(ε) = (1/π) ∫₀^∞ Re[e^{−zε} M(z)^k/(z(z+1))] dt, M(z) = E[e^{zL}] (entire: L is bounded).
 *     M = A + C with A(z) = ½e^{zε₀} + ½e^{−ε₀}e^{−zε₀} (atoms) and
 *     C(z) = ¼e^{−ε₀/2}·2 sinh((z+½)ε₀)/(z+½) (density). The terms of M^k with no or one
 *     density factor do not decay in t; they are summed exactly (binomial sums over the atoms,
 *     closed-form integrals) and only R = M^k − A^k − kCA^{k−1} (decaying like t^{−2}) is
 *     integrated, with an explicit bound on the truncated tail.
 */
#pragma once

#include <complex.h>
#include <math.h>

#include <gsl/gsl_integration.h>
#include <gsl/gsl_sf_gamma.h>

/* δ of one Laplace pair, written from VIEWS.md (and the identity
 * δ(ε) = 1 − e^ε + e^ε δ(−ε) of a symmetric pair for ε < 0). */
static double
truth_delta1 (double e0, double eps)
{
  if (eps >= e0)
    return 0.0;
  if (eps <= -e0)
    return -expm1 (eps);
  return -expm1 ((eps - e0) / 2.0);
}

typedef struct {
  double e0;
  double eps;
  int k; /* 1 or 2: inner order */
} TruthSmall;

static double truth_delta_small (double e0, int k, double eps);

static double
truth_small_integrand (double u, void *data)
{
  TruthSmall *t = data;
  return 0.25 * exp ((u - t->e0) / 2.0) * truth_delta_small (t->e0, t->k, t->eps - u);
}

/* δ_k for k = 1, 2, 3 by nested quadrature. */
static double
truth_delta_small (double e0, int k, double eps)
{
  if (k == 1)
    return truth_delta1 (e0, eps);
  TruthSmall t = { e0, eps, k - 1 };
  double atoms = 0.5 * truth_delta_small (e0, k - 1, eps - e0)
                 + 0.5 * exp (-e0) * truth_delta_small (e0, k - 1, eps + e0);
  /* Breakpoints where the inner function has kinks: ε − u = j·ε₀. */
  double pts[16];
  size_t np = 0;
  pts[np++] = -e0;
  for (int j = -k; j <= k; j++)
    {
      double u = eps - j * e0;
      if (u > -e0 && u < e0)
        pts[np++] = u;
    }
  pts[np++] = e0;
  for (size_t i = 1; i < np; i++) /* insertion sort */
    for (size_t j = i; j > 0 && pts[j - 1] > pts[j]; j--)
      {
        double x = pts[j];
        pts[j] = pts[j - 1];
        pts[j - 1] = x;
      }
  gsl_integration_workspace *w = gsl_integration_workspace_alloc (1000);
  gsl_function f = { truth_small_integrand, &t };
  double r = 0, err = 0;
  gsl_integration_qagp (&f, pts, np, 1e-15, 1e-12, 1000, w, &r, &err);
  gsl_integration_workspace_free (w);
  return atoms + r;
}

typedef struct {
  double e0, eps, a;
  int k;
} TruthInv;

static double complex
truth_a (double e0, double complex z)
{
  return 0.5 * cexp (z * e0) + 0.5 * exp (-e0) * cexp (-z * e0);
}

static double complex
truth_c (double e0, double complex z)
{
  return 0.25 * exp (-e0 / 2.0) * 2.0 * csinh ((z + 0.5) * e0) / (z + 0.5);
}

static double
truth_inv_integrand (double t, void *data)
{
  TruthInv *p = data;
  double complex z = p->a + I * t;
  double complex a = truth_a (p->e0, z), c = truth_c (p->e0, z);
  double complex m = a + c;
  double complex la = clog (a), lm = clog (m);
  double complex r = cexp (p->k * lm - z * p->eps) - cexp (p->k * la - z * p->eps)
                     - p->k * c * cexp ((p->k - 1) * la - z * p->eps);
  return creal (r / (z * (z + 1.0)));
}

static double
truth_log_binom (int n, int j)
{
  return gsl_sf_lnchoose ((unsigned) n, (unsigned) j);
}

/* Real M(a), for the saddle point. */
static double
truth_log_mgf (double e0, double a)
{
  double aa = 0.5 * exp (a * e0) + 0.5 * exp (-e0 - a * e0);
  double cc = 0.25 * exp (-e0 / 2.0) * 2.0 * sinh ((a + 0.5) * e0) / (a + 0.5);
  return log (aa + cc);
}

/* δ_k(ε) by the inversion integral. Pieces are integrated to 1e-11 relative and the tail is
 * cut below 1e-10 of the saddle-point scale e^{−aε}M(a)^k, which exceeds δ_k(ε) by a factor
 * of order a(a+1)·√(2πk·Var L); for the cases tested the result is accurate to ~1e-8
 * relative (and it agrees with the nested quadrature to ~1e-13 for k ≤ 3). */
static double
truth_delta_inversion (double e0, int k, double eps)
{
  /* Exact part 1: all k losses on atoms. j atoms at −ε₀: loss (k − 2j)ε₀, weight
   * C(k,j) 2^{−k} e^{−jε₀}. */
  double d0 = 0.0;
  for (int j = 0; j <= k; j++)
    {
      double s = (k - 2.0 * j) * e0;
      if (s > eps)
        d0 += exp (truth_log_binom (k, j) - k * M_LN2 - j * e0) * -expm1 (eps - s);
    }
  /* Exact part 2: k − 1 atoms and one density term u:
   * k Σ_j C(k−1,j) 2^{−(k−1)} e^{−jε₀} ∫ ¼e^{(u−ε₀)/2} (1 − e^{y−u})₊ du, y = ε − (k−1−2j)ε₀. */
  double d1 = 0.0;
  for (int j = 0; j <= k - 1; j++)
    {
      double y = eps - (k - 1.0 - 2.0 * j) * e0;
      double lo = fmax (y, -e0);
      if (lo >= e0)
        continue;
      double i1 = 0.5 * -expm1 ((lo - e0) / 2.0);
      double i2 = exp (y) * 0.5 * (exp ((-lo - e0) / 2.0) - exp (-e0));
      d1 += k * exp (truth_log_binom (k - 1, j) - (k - 1) * M_LN2 - j * e0) * (i1 - i2);
    }
  if (k == 1)
    return d0 + d1;

  /* Saddle point a > 0 minimising k log M(a) − aε − log(a(a+1)) (golden section). */
  double lo = 1e-6, hi = 60.0 / e0;
  const double g = (sqrt (5.0) - 1.0) / 2.0;
#define TRUTH_PHI(a) (k * truth_log_mgf (e0, a) - (a) * eps - log ((a) * ((a) + 1.0)))
  double x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
  double f1 = TRUTH_PHI (x1), f2 = TRUTH_PHI (x2);
  for (int it = 0; it < 200 && hi - lo > 1e-9 * hi; it++)
    {
      if (f1 < f2)
        {
          hi = x2; x2 = x1; f2 = f1;
          x1 = hi - g * (hi - lo); f1 = TRUTH_PHI (x1);
        }
      else
        {
          lo = x1; x1 = x2; f1 = f2;
          x2 = lo + g * (hi - lo); f2 = TRUTH_PHI (x2);
        }
    }
  double a = 0.5 * (lo + hi);
  double scale = exp (k * truth_log_mgf (e0, a) - a * eps);
#undef TRUTH_PHI

  TruthInv p = { e0, eps, a, k };
  gsl_function f = { truth_inv_integrand, &p };
  gsl_integration_workspace *w = gsl_integration_workspace_alloc (200);
  double omega = k * e0 + fabs (eps) + 1.0;
  double step = 4.0 * 2.0 * M_PI / omega;
  double total = 0.0, t0 = 0.0;
  double aa = 0.5 * exp (a * e0) + 0.5 * exp (-e0 - a * e0);
  double tol = 1e-10 * scale;
  for (int it = 0; it < 2000000; it++)
    {
      double r = 0, err = 0;
      gsl_integration_qag (&f, t0, t0 + step, tol * 1e-3, 1e-11, 200, GSL_INTEG_GAUSS41, w,
                           &r, &err);
      total += r;
      t0 += step;
      /* Tail bound: |R| ≤ A(a)^k [(1+x)^k − 1 − kx], x = Cb/A(a), Cb ≥ |C(z)|, and the
       * integrand decays at least like t^{−4} beyond t0, so ∫_{t0}^∞ ≤ F(t0)·t0. */
      double cb = 0.25 * exp (-e0 / 2.0) * 2.0 * cosh ((a + 0.5) * e0) / hypot (a + 0.5, t0);
      double x = cb / aa;
      double br = (k * x < 1e-3) ? 0.5 * k * (k - 1.0) * x * x * (1.0 + (k - 2.0) * x / 3.0)
                                 : expm1 (k * log1p (x)) - k * x;
      double fb = exp (k * log (aa) - a * eps) * br / (t0 * t0);
      if (fb * t0 < tol)
        break;
    }
  gsl_integration_workspace_free (w);
  return d0 + d1 + total / M_PI;
}
