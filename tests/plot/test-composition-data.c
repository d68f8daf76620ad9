/* test-composition-data.c — the composition view's curves
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected values come from closed forms written out here: basic kε (Dwork & Roth
 * Thm 3.16), the advanced formula (Thm 3.20), the k = 1 hockey-stick inverses of Laplace
 * (ε + 2 ln(1 − δ)) and randomized response (ln(e^ε − δ(1 + e^ε))), the Gaussian's exact
 * profile δ(ε) = Φ(μ/2 − ε/μ) − e^ε Φ(−μ/2 − ε/μ) with μ√k (Balle & Wang 2018, solved here
 * by bisection), the zCDP conversion (Bun & Steinke 2016) and the k-fold randomized response
 * pair summed over its binomial outcomes; and orderings that must hold for valid bounds:
 * exact ≤ optimal ≤ advanced (KOV is optimal for the pairs advanced composes), and, for pure
 * mechanisms, optimal ≤ basic.
 */
#include "config.h"

#include <math.h>

#include "dpv-composition.h"
#include "dpv-kl.h"
#include "dpv-view-util.h"
#include "test-view-index.h"

static void
params_for (DpvParams *p, DpMechanismKind mech, double eps, double delta)
{
  dpv_params_init (p);
  p->mechanism = mech;
  p->epsilon = eps;
  p->delta = delta;
}

static void
check_grid (const DpvCompositionData *d)
{
  g_assert_cmpuint (d->n, >=, 40);
  g_assert_cmpuint (d->k[0], ==, 1);
  g_assert_cmpuint (d->k[d->n - 1], ==, DPV_PARAM_MAX (K));
  for (gsize i = 1; i < d->n; i++)
    g_assert_cmpuint (d->k[i], >, d->k[i - 1]);
}

/* Orderings of valid bounds. KOV (optimal for k (ε₀, δ₀) pairs at total δ) is never above
 * advanced composition of the same pairs at the same total; for pure mechanisms basic
 * composes the same pairs too, but the Gaussian's basic takes twice the δ₀ (δ/k against
 * δ/(2k)) and may be lower than KOV (k = 1 … 16 at ε = 1, δ = 1e-5). */
static void
check_order (const DpvCompositionData *d, double exact_tol)
{
  for (gsize i = 0; i < d->n; i++)
    {
      g_assert_true (isfinite (d->basic[i]));
      g_assert_true (isfinite (d->optimal[i]));
      g_assert_true (isfinite (d->exact[i]));
      if (!(d->exact[i] <= d->optimal[i] * (1 + exact_tol)))
        g_error ("k = %lu: exact %.9g > optimal %.9g", d->k[i], d->exact[i], d->optimal[i]);
      if (!(d->optimal[i] <= d->advanced[i] * (1 + 1e-9)))
        g_error ("k = %lu: optimal %.9g > advanced %.9g", d->k[i], d->optimal[i],
                 d->advanced[i]);
      if (d->mechanism != DP_MECHANISM_GAUSSIAN && !(d->optimal[i] <= d->basic[i] * (1 + 1e-9)))
        g_error ("k = %lu: optimal %.9g > basic %.9g", d->k[i], d->optimal[i], d->basic[i]);
      if (i > 0)
        {
          g_assert_cmpfloat (d->basic[i], >, d->basic[i - 1]);
          g_assert_cmpfloat (d->exact[i], >=, d->exact[i - 1] * (1 - exact_tol));
        }
    }
}

static void
test_laplace (void)
{
  g_autoptr(DpvCompositionData) d = NULL;
  DpvParams p;
  double eps = 0.1, delta = 1e-5;

  params_for (&p, DP_MECHANISM_LAPLACE, eps, delta);
  d = dpv_composition_data_compute (&p, NULL);
  g_assert_nonnull (d);
  g_assert_true (d->complete);
  check_grid (d);
  /* The exact curve is an upper bound within rel_tol 1e-3 (curves) of the truth. */
  check_order (d, 2e-3);
  for (gsize i = 0; i < d->n; i++)
    {
      double k = d->k[i];
      double adv = sqrt (2 * k * log (1 / delta)) * eps + k * eps * expm1 (eps);

      g_assert_cmpfloat_with_epsilon (d->basic[i] / (k * eps), 1.0, 1e-12);
      g_assert_cmpfloat_with_epsilon (d->advanced[i] / adv, 1.0, 1e-9);
    }
  /* k = 1: the exact ε solves 1 − e^{(ε′−ε)/2} = δ (VIEWS.md, View 2), i.e. ε′ = ε + 2 ln(1−δ). */
  {
    double truth = eps + 2 * log1p (-delta);

    g_assert_cmpfloat (d->exact[0], >=, truth * (1 - 1e-9));
    g_assert_cmpfloat (d->exact[0], <=, truth * (1 + 1e-3));
  }
  /* KOV at k = 1 with δ₀ = 0 is the randomized-response pair: ln(e^ε − δ(1+e^ε)). */
  g_assert_cmpfloat_with_epsilon (d->optimal[0], log (exp (eps) - delta * (1 + exp (eps))), 1e-8);

  /* The value at p.k = 100, to 1e-4. */
  g_assert_cmpuint (d->at.k, ==, 100);
  g_assert_cmpfloat_with_epsilon (d->at.basic, 10.0, 1e-12);
  g_assert_cmpfloat (d->at.exact, <=, d->at.optimal);
  g_assert_cmpfloat (d->at.optimal, <, d->at.basic);
  g_assert_cmpfloat_with_epsilon (d->at.azuma + d->at.drift, d->at.advanced, 1e-9);
  /* The advanced crossover: k > 2 ln(1/δ)/(2 − e^ε)² (Thm 3.20 against kε). */
  {
    double bound = 2 * log (1 / delta) / pow (2 - exp (eps), 2);

    g_assert_cmpuint (d->k_cross, ==, (unsigned long) floor (bound) + 1);
  }
}

static double
phi (double x)
{
  return 0.5 * erfc (-x / M_SQRT2);
}

/* Balle & Wang 2018, Thm 8. */
static double
gauss_delta (double mu, double e)
{
  return phi (mu / 2 - e / mu) - exp (e) * phi (-mu / 2 - e / mu);
}

static double
gauss_eps (double mu, double delta)
{
  double lo = 0, hi = 1;

  while (gauss_delta (mu, hi) > delta)
    hi *= 2;
  for (int i = 0; i < 200; i++)
    {
      double mid = 0.5 * (lo + hi);

      if (gauss_delta (mu, mid) > delta)
        lo = mid;
      else
        hi = mid;
    }
  return hi;
}

static void
test_gaussian (void)
{
  g_autoptr(DpvCompositionData) d = NULL;
  DpvParams p;
  DpMechanism m;
  double mu, delta = 1e-5;

  params_for (&p, DP_MECHANISM_GAUSSIAN, 1.0, delta);
  g_assert_cmpint (dpv_params_mechanism (&p, &m), ==, DP_OK);
  mu = m.sensitivity / m.scale;
  d = dpv_composition_data_compute (&p, NULL);
  g_assert_nonnull (d);
  check_grid (d);
  check_order (d, 2e-3);
  for (gsize i = 0; i < d->n; i += 7)
    {
      double k = d->k[i];
      double truth = gauss_eps (mu * sqrt (k), delta);
      double rho = k * mu * mu / 2;
      double zcdp = rho + 2 * sqrt (rho * log (1 / delta));

      g_assert_cmpfloat (fabs (d->exact[i] - truth), <=, 1.5e-3 * truth + 1e-9);
      g_assert_cmpfloat_with_epsilon (d->zcdp[i] / zcdp, 1.0, 1e-9);
      /* zCDP and RDP are valid bounds, so never below the exact value. */
      g_assert_cmpfloat (d->zcdp[i], >=, truth * (1 - 1e-9));
      g_assert_cmpfloat (d->rdp[i], >=, truth * (1 - 1e-6));
    }
  /* σ was calibrated so that one mechanism is exactly (ε, δ)-DP. */
  g_assert_cmpfloat_with_epsilon (d->exact[0], 1.0, 2e-3);
  g_assert_cmpfloat_with_epsilon (d->basic[0], 1.0, 1e-6);
}

/* Advanced composition, Dwork & Roth Thm 3.20, of k Gaussian mechanisms each (ε₀, δ/(2k))-DP
 * at δ′ = δ/2, with ε₀ from the independent bisection above. */
static double
gauss_advanced (double mu, double delta, double k)
{
  double e0 = gauss_eps (mu, delta / (2 * k));

  return sqrt (2 * k * log (2 / delta)) * e0 + k * e0 * expm1 (e0);
}

/* The Gaussian's basic and advanced curves and their crossover (computed from the largest k
 * down, each inversion of δ(ε) started from the last one's answer), against ε₀ found here
 * independently, by plain bisection on Balle & Wang's δ(ε), for each k. */
static void
test_gaussian_cheap_curves (void)
{
  const double epsilons[] = { 0.05, 0.5, 1.0, 4.0 };
  const double deltas[] = { 1e-5, 1e-9 };

  for (gsize a = 0; a < G_N_ELEMENTS (epsilons); a++)
    for (gsize b = 0; b < G_N_ELEMENTS (deltas); b++)
      {
        g_autoptr(DpvCompositionData) d = NULL;
        DpvParams p;
        DpMechanism m;
        double mu, delta = deltas[b];
        unsigned long kc;

        params_for (&p, DP_MECHANISM_GAUSSIAN, epsilons[a], delta);
        p.epsilon += 1e-7 * (a + 1) * (b + 1);   /* not the memo of another test */
        g_assert_cmpint (dpv_params_mechanism (&p, &m), ==, DP_OK);
        mu = m.sensitivity / m.scale;
        d = dpv_composition_data_compute_cheap (&p);
        g_assert_nonnull (d);
        for (gsize i = 0; i < d->n; i++)
          {
            double k = d->k[i];

            g_assert_cmpfloat (fabs (d->basic[i] - k * gauss_eps (mu, delta / k)), <=,
                               1e-9 * d->basic[i]);
            g_assert_cmpfloat (fabs (d->advanced[i] - gauss_advanced (mu, delta, k)), <=,
                               1e-9 * d->advanced[i]);
          }
        /* the crossover: the first k where advanced beats basic */
        kc = d->k_cross;
        if (kc == 0)
          {
            double kmax = d->k[d->n - 1];
            g_assert_cmpfloat (gauss_advanced (mu, delta, kmax), >=,
                               kmax * gauss_eps (mu, delta / kmax) * (1 - 1e-9));
            continue;
          }
        g_assert_cmpfloat (gauss_advanced (mu, delta, kc), <,
                           kc * gauss_eps (mu, delta / kc) * (1 + 1e-9));
        if (kc > 1)
          g_assert_cmpfloat (gauss_advanced (mu, delta, kc - 1), >=,
                             (kc - 1) * gauss_eps (mu, delta / (kc - 1)) * (1 - 1e-9));
      }
}

/* δ(E) of k-fold randomized response at total ε E, summed over the number j of reports that
 * favour D: Pr_D[j] = C(k, j) p^j (1−p)^{k−j}, Pr_D′[j] = C(k, j) (1−p)^j p^{k−j},
 * p = 1/(1 + e^{−ε}), and δ(E) = Σ_j max(0, Pr_D[j] − e^E Pr_D′[j]) (the hockey stick of the
 * k-fold pair). Log space with lgamma binomials. */
static double
rr_delta (double eps, unsigned long k, double e_total)
{
  double lp = -log1p (exp (-eps)), lq = -log1p (exp (eps)), sum = 0;

  for (unsigned long j = 0; j <= k; j++)
    {
      double lc = lgamma (k + 1.0) - lgamma (j + 1.0) - lgamma (k - j + 1.0);
      double a = lc + j * lp + (k - j) * lq, b = lc + j * lq + (k - j) * lp + e_total;

      if (a > b)
        sum += exp (a) * -expm1 (b - a);
    }
  return sum;
}

static void
test_rr (void)
{
  g_autoptr(DpvCompositionData) d = NULL;
  DpvParams p;
  double eps = 0.5, delta = 1e-6;

  params_for (&p, DP_MECHANISM_RR, eps, delta);
  p.k = 30;
  d = dpv_composition_data_compute (&p, NULL);
  g_assert_nonnull (d);
  check_grid (d);
  check_order (d, 2e-3);
  /* The exact curve against the binomial sum: its δ is at most the target, and a value
   * 2·10⁻³ smaller (the curve's tolerance, doubled) would not reach it. Every 5th point:
   * the sum has k + 1 terms. */
  for (gsize i = 0; i < d->n; i += 5)
    {
      unsigned long k = d->k[i];

      g_assert_cmpfloat (rr_delta (eps, k, d->exact[i]), <=, delta * (1 + 1e-9));
      g_assert_cmpfloat (rr_delta (eps, k, d->exact[i] * (1 - 2e-3)), >, delta);
    }
  /* k = 1 in closed form: ln(e^ε − δ(1 + e^ε)) */
  g_assert_cmpfloat_with_epsilon (d->exact[0], log (exp (eps) - delta * (1 + exp (eps))), 1e-3);
  /* the value at k = 30, to 1e-4 */
  g_assert_cmpfloat (rr_delta (eps, 30, d->at.exact), <=, delta * (1 + 1e-9));
  g_assert_cmpfloat (rr_delta (eps, 30, d->at.exact * (1 - 2e-4)), >, delta);
}

static void
test_cancel (void)
{
  DpCancel cancel;
  dp_cancel_init (&cancel);
  dp_cancel_set (&cancel);

  for (int mech = 0; mech < DP_N_MECHANISMS; mech++)
    {
      DpvParams p;

      params_for (&p, mech, 1.0, 1e-5);
      g_assert_null (dpv_composition_data_compute (&p, &cancel));
    }
}

/* The reason matches() ignores Δ: for every mechanism, the curves computed at Δ = 1 and at
 * Δ = 7.5 are the same (Laplace at scale Δ/ε and the Gaussian at σ ∝ Δ are Δ-free in privacy
 * terms). Compared with the cheap curves at every grid point and with all curves at one small
 * grid for Laplace and Gaussian, where the exact PLD route is also checked. */
static void
test_independent_of_sensitivity (void)
{
  const DpMechanismKind kinds[] = { DP_MECHANISM_LAPLACE, DP_MECHANISM_GAUSSIAN,
                                    DP_MECHANISM_RR };

  for (gsize m = 0; m < G_N_ELEMENTS (kinds); m++)
    {
      g_autoptr(DpvCompositionData) a = NULL;
      g_autoptr(DpvCompositionData) b = NULL;
      DpvParams p, q;

      params_for (&p, kinds[m], 0.5, 1e-6);
      p.sensitivity = 1.0;
      q = p;
      q.sensitivity = 7.5;
      a = dpv_composition_data_compute (&p, NULL);
      b = dpv_composition_data_compute (&q, NULL);
      g_assert_nonnull (a);
      g_assert_nonnull (b);
      g_assert_cmpuint (a->n, ==, b->n);
      g_assert_cmpuint (a->k_cross, ==, b->k_cross);
      for (gsize i = 0; i < a->n; i++)
        {
          const double *ca[] = { a->basic, a->advanced, a->optimal, a->exact, a->zcdp, a->rdp };
          const double *cb[] = { b->basic, b->advanced, b->optimal, b->exact, b->zcdp, b->rdp };

          g_assert_cmpuint (a->k[i], ==, b->k[i]);
          for (gsize c = 0; c < G_N_ELEMENTS (ca); c++)
            {
              if (isnan (ca[c][i]))
                {
                  g_assert_true (isnan (cb[c][i]));
                  continue;
                }
              g_assert_cmpfloat_with_epsilon (ca[c][i], cb[c][i], 1e-9 * MAX (1.0, ca[c][i]));
            }
        }
      /* the cache answers for both */
      g_assert_true (dpv_composition_data_matches (a, &q));
    }
}

static void
test_matches (void)
{
  g_autoptr(DpvCompositionData) d = NULL;
  DpvParams p, q;

  params_for (&p, DP_MECHANISM_RR, 1.0, 1e-5);
  d = dpv_composition_data_compute (&p, NULL);
  g_assert_nonnull (d);
  q = p;
  g_assert_true (dpv_composition_data_matches (d, &q));
  q.k = 7;
  g_assert_true (dpv_composition_data_matches (d, &q));      /* k does not matter */
  q.show_caption = FALSE;
  q.eps_prime = 0.3;
  g_assert_true (dpv_composition_data_matches (d, &q));
  q = p;
  q.epsilon = 1.01;
  g_assert_false (dpv_composition_data_matches (d, &q));
  q = p;
  q.delta = 1e-6;
  g_assert_false (dpv_composition_data_matches (d, &q));
  q = p;
  q.sensitivity = 2;
  g_assert_true (dpv_composition_data_matches (d, &q));      /* Δ does not matter */
  q = p;
  q.mechanism = DP_MECHANISM_LAPLACE;
  g_assert_false (dpv_composition_data_matches (d, &q));
  g_assert_false (dpv_composition_data_matches (NULL, &p));

  /* At another k the closed forms are exact and the rest is read off the curve. */
  {
    DpvCompositionPoint pt;

    q = p;
    q.k = 150;
    dpv_composition_data_point (d, &q, &pt);
    g_assert_cmpuint (pt.k, ==, 150);
    g_assert_true (pt.approximate);
    g_assert_cmpfloat_with_epsilon (pt.basic, 150.0, 1e-9);
    g_assert_cmpfloat (pt.exact, >, 0);
    g_assert_cmpfloat (pt.exact, <, pt.basic);
  }
}

/* The cheap curves are remembered per (mechanism, ε, δ): switching between parameter sets and
 * back, and moving k, must give exactly what the closed forms give for each set, never the
 * previous set's values. Expected: basic composition kε₀ (Dwork & Roth Thm 3.16) and the zCDP
 * route ρ = kμ²/2, ε = ρ + 2√(ρ ln(1/δ)) (Bun & Steinke 2016), recomputed here. */
static void
test_cheap_memo (void)
{
  const DpMechanismKind mechs[] = { DP_MECHANISM_LAPLACE, DP_MECHANISM_GAUSSIAN };
  const double eps[] = { 0.5, 2.0, 0.5 };

  for (guint r = 0; r < G_N_ELEMENTS (mechs); r++)
    for (guint j = 0; j < G_N_ELEMENTS (eps); j++)
      for (unsigned long k = 3; k <= 3000; k *= 10)
        {
          g_autoptr(DpvCompositionData) d = NULL;
          DpvParams p;
          DpMechanism m;
          double mu, rho;

          params_for (&p, mechs[r], eps[j], 1e-6);
          p.k = k;
          p.sensitivity = 0.5 + j;
          d = dpv_composition_data_compute_cheap (&p);
          g_assert_nonnull (d);
          g_assert_cmpfloat (d->epsilon, ==, eps[j]);
          g_assert_cmpfloat (d->sensitivity, ==, p.sensitivity);
          g_assert_cmpuint (d->k[0], ==, 1);
          if (mechs[r] == DP_MECHANISM_LAPLACE)
            {
              for (gsize i = 0; i < d->n; i++)
                g_assert_cmpfloat_with_epsilon (d->basic[i] / (d->k[i] * eps[j]), 1.0, 1e-12);
              g_assert_cmpfloat_with_epsilon (d->at.basic / (k * eps[j]), 1.0, 1e-12);
              continue;
            }
          g_assert_cmpint (dpv_params_mechanism (&p, &m), ==, DP_OK);
          mu = m.sensitivity / m.scale;
          for (gsize i = 0; i < d->n; i++)
            {
              rho = d->k[i] * mu * mu / 2;
              g_assert_cmpfloat_with_epsilon (d->zcdp[i] / (rho + 2 * sqrt (rho * log (1e6))),
                                              1.0, 1e-9);
            }
          rho = k * mu * mu / 2;
          g_assert_cmpfloat_with_epsilon (d->at.zcdp / (rho + 2 * sqrt (rho * log (1e6))), 1.0,
                                          1e-9);
        }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/composition-data/laplace", test_laplace);
  g_test_add_func ("/composition-data/gaussian", test_gaussian);
  g_test_add_func ("/composition-data/gaussian-cheap-curves", test_gaussian_cheap_curves);
  g_test_add_func ("/composition-data/rr", test_rr);
  g_test_add_func ("/composition-data/cancel", test_cancel);
  g_test_add_func ("/composition-data/cheap-memo", test_cheap_memo);
  g_test_add_func ("/composition-data/matches", test_matches);
  g_test_add_func ("/composition-data/independent-of-sensitivity",
                   test_independent_of_sensitivity);

  return g_test_run ();
}
