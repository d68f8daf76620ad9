/* test-mechanism.c — Laplace, Gaussian and randomized-response mechanisms
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gsl/gsl_rng.h>

#include "test-util.h"

static const double test_eps[] = { 1e-3, 0.1, 1.0, 5.0, 50.0 };
static const double test_sens[] = { 1e-3, 1.0, 1e3 };
static const double test_sigma[] = { 1e-3, 0.5, 3.0, 1e3 };

/* Builds the list of continuous mechanisms the tests sweep over. */
static int
continuous_mechanisms (DpMechanism *out)
{
  int n = 0;
  for (guint i = 0; i < G_N_ELEMENTS (test_eps); i++)
    for (guint j = 0; j < G_N_ELEMENTS (test_sens); j++)
      assert_ok (dp_mechanism_laplace (test_eps[i], test_sens[j], &out[n++]));
  for (guint i = 0; i < G_N_ELEMENTS (test_sigma); i++)
    for (guint j = 0; j < G_N_ELEMENTS (test_sens); j++)
      assert_ok (dp_mechanism_gaussian (test_sigma[i], test_sens[j], &out[n++]));
  return n;
}

static void
test_constructors (void)
{
  DpMechanism m;

  assert_ok (dp_mechanism_laplace (0.5, 2.0, &m));
  g_assert_cmpint (m.kind, ==, DP_MECHANISM_LAPLACE);
  assert_rel ("laplace b = Δ/ε", m.scale, 4.0, 0.0);
  g_assert_cmpfloat (m.epsilon, ==, 0.5);
  g_assert_cmpfloat (m.sensitivity, ==, 2.0);
  g_assert_cmpfloat (m.delta, ==, 0.0);

  assert_ok (dp_mechanism_gaussian (1.5, 2.0, &m));
  g_assert_cmpint (m.kind, ==, DP_MECHANISM_GAUSSIAN);
  g_assert_cmpfloat (m.scale, ==, 1.5);
  g_assert_cmpfloat (m.epsilon, ==, 0.0);

  assert_ok (dp_mechanism_gaussian_calibrated (1.0, 1e-5, 1.0, &m));
  g_assert_cmpint (m.kind, ==, DP_MECHANISM_GAUSSIAN);
  g_assert_cmpfloat (m.epsilon, ==, 1.0);
  g_assert_cmpfloat (m.delta, ==, 1e-5);
  g_assert_cmpfloat (m.scale, >, 3.0); /* Balle & Wang Table: σ ≈ 3.73 for (1, 1e-5) */
  g_assert_cmpfloat (m.scale, <, 4.0);

  assert_ok (dp_mechanism_rr (M_LN2, &m));
  g_assert_cmpint (m.kind, ==, DP_MECHANISM_RR);
  g_assert_cmpfloat (m.sensitivity, ==, 1.0);

  /* Out of domain: never a garbage mechanism. */
  const double bad_eps[] = { NAN, -1.0, 0.0, 1e-7, 701.0, HUGE_VAL };
  for (guint i = 0; i < G_N_ELEMENTS (bad_eps); i++)
    {
      assert_domain (dp_mechanism_laplace (bad_eps[i], 1.0, &m));
      assert_domain (dp_mechanism_rr (bad_eps[i], &m));
      assert_domain (dp_mechanism_gaussian_calibrated (bad_eps[i], 1e-5, 1.0, &m));
    }
  const double bad_sens[] = { NAN, -1.0, 0.0, 1e-10, 2e9, HUGE_VAL };
  for (guint i = 0; i < G_N_ELEMENTS (bad_sens); i++)
    {
      assert_domain (dp_mechanism_laplace (1.0, bad_sens[i], &m));
      assert_domain (dp_mechanism_gaussian (1.0, bad_sens[i], &m));
    }
  const double bad_sigma[] = { NAN, -1.0, 0.0, 1e-10, 2e12, HUGE_VAL };
  for (guint i = 0; i < G_N_ELEMENTS (bad_sigma); i++)
    assert_domain (dp_mechanism_gaussian (bad_sigma[i], 1.0, &m));
  const double bad_delta[] = { NAN, -1.0, 0.0, 1.0, 2.0 };
  for (guint i = 0; i < G_N_ELEMENTS (bad_delta); i++)
    assert_domain (dp_mechanism_gaussian_calibrated (1.0, bad_delta[i], 1.0, &m));
  assert_domain (dp_mechanism_laplace (1.0, 1.0, NULL));
  assert_domain (dp_mechanism_gaussian (1.0, 1.0, NULL));
  assert_domain (dp_mechanism_gaussian_calibrated (1.0, 1e-5, 1.0, NULL));
  assert_domain (dp_mechanism_rr (1.0, NULL));
}

/* Densities, log densities and CDFs against the closed forms written out here. */
static void
test_densities_closed_form (void)
{
  DpMechanism ms[64];
  int n = continuous_mechanisms (ms);
  for (int i = 0; i < n; i++)
    {
      TestPair t;
      test_pair_init (&t, &ms[i]);
      for (int which = 0; which < 2; which++)
        {
          double c = which == 0 ? 0.0 : t.delta_sens;
          for (int k = -12; k <= 12; k++)
            {
              double y = c + k * 0.75 * t.scale;
              double d, ld, cdf;
              assert_ok (dp_mechanism_density (&ms[i], which, y, &d));
              assert_ok (dp_mechanism_log_density (&ms[i], which, y, &ld));
              assert_ok (dp_mechanism_cdf (&ms[i], which, y, &cdf));
              double want_ld = test_log_p (&t, y, c);
              assert_rel ("log density", ld, want_ld, 1e-13);
              assert_rel ("density", d, exp (want_ld), 1e-12);
              double z = (y - c) / t.scale, want_cdf;
              if (t.kind == DP_MECHANISM_LAPLACE)
                want_cdf = z < 0 ? 0.5 * exp (z) : 1.0 - 0.5 * exp (-z);
              else
                want_cdf = 0.5 * erfc (-z / sqrt (2.0));
              assert_rel ("cdf", cdf, want_cdf, 1e-13);
            }
          /* Limits at ±∞: density 0, CDF 0 and 1, nothing NaN. */
          double v;
          assert_ok (dp_mechanism_density (&ms[i], which, HUGE_VAL, &v));
          g_assert_cmpfloat (v, ==, 0.0);
          assert_ok (dp_mechanism_cdf (&ms[i], which, -HUGE_VAL, &v));
          g_assert_cmpfloat (v, ==, 0.0);
          assert_ok (dp_mechanism_cdf (&ms[i], which, HUGE_VAL, &v));
          g_assert_cmpfloat (v, ==, 1.0);
        }
    }
}

/* The library's own density, to be integrated. */
typedef struct {
  const DpMechanism *m;
  DpNeighbour which;
} LibDensity;

static double
density_integrand (double y, void *data)
{
  LibDensity *ld = data;
  double d = NAN;
  assert_ok (dp_mechanism_density (ld->m, ld->which, y, &d));
  return d;
}

/* Every density integrates to 1 (GSL QAGI/QAG), the CDF is the integral of the density
 * from −∞ and its numerical derivative is the density. */
static void
test_densities_integrate (void)
{
  DpMechanism ms[64];
  int n = continuous_mechanisms (ms);
  for (int i = 0; i < n; i++)
    {
      TestPair t;
      double cuts[10];
      test_pair_init (&t, &ms[i]);
      int n_cuts = test_pair_cuts (&t, cuts);
      for (int which = 0; which < 2; which++)
        {
          t.centre = which == 0 ? 0.0 : t.delta_sens;
          LibDensity ld = { &ms[i], which };
          double total = test_integrate_split (density_integrand, &ld, -HUGE_VAL, HUGE_VAL,
                                               cuts, n_cuts, 1e-13);
          /* y near Δ is resolved to ulp(Δ) only, i.e. 1e-16·Δ/scale relative to the scale */
          double resolution = 1e-16 * t.delta_sens / t.scale;
          assert_rel ("∫ density = 1", total, 1.0, 1e-12 + 100 * resolution);

          for (int k = -4; k <= 4; k++)
            {
              double y = t.centre + k * 0.9 * t.scale;
              double cdf, dens, up, down;
              assert_ok (dp_mechanism_cdf (&ms[i], which, y, &cdf));
              double want = test_integrate_split (density_integrand, &ld, -HUGE_VAL, y, cuts,
                                                  n_cuts, 1e-13);
              assert_rel ("cdf vs ∫ density", cdf, want, 1e-11 + 100 * resolution);

              /* derivative (central difference, away from the Laplace kink) */
              if (k == 0)
                continue;
              double h = 1e-5 * t.scale;
              assert_ok (dp_mechanism_cdf (&ms[i], which, y + h, &up));
              assert_ok (dp_mechanism_cdf (&ms[i], which, y - h, &down));
              assert_ok (dp_mechanism_density (&ms[i], which, y, &dens));
              assert_rel ("cdf′ = density", (up - down) / (2 * h), dens, 1e-6);
            }
        }
    }
}

static void
test_rr (void)
{
  const double eps[] = { 1e-6, 1e-3, M_LN2, 1.0, 10.0, 50.0, 700.0 };
  for (guint i = 0; i < G_N_ELEMENTS (eps); i++)
    {
      DpMechanism m;
      assert_ok (dp_mechanism_rr (eps[i], &m));
      double p0, p1, q0, q1, lp0, lq0, lp1, lq1;
      assert_ok (dp_mechanism_density (&m, DP_NEIGHBOUR_D, 0.0, &p0));
      assert_ok (dp_mechanism_density (&m, DP_NEIGHBOUR_D, 1.0, &p1));
      assert_ok (dp_mechanism_density (&m, DP_NEIGHBOUR_D_PRIME, 0.0, &q0));
      assert_ok (dp_mechanism_density (&m, DP_NEIGHBOUR_D_PRIME, 1.0, &q1));
      assert_ok (dp_mechanism_log_density (&m, DP_NEIGHBOUR_D, 0.0, &lp0));
      assert_ok (dp_mechanism_log_density (&m, DP_NEIGHBOUR_D_PRIME, 0.0, &lq0));
      assert_ok (dp_mechanism_log_density (&m, DP_NEIGHBOUR_D, 1.0, &lp1));
      assert_ok (dp_mechanism_log_density (&m, DP_NEIGHBOUR_D_PRIME, 1.0, &lq1));
      assert_rel ("rr p(0)+p(1) = 1", p0 + p1, 1.0, 1e-15);
      assert_rel ("rr q(0)+q(1) = 1", q0 + q1, 1.0, 1e-15);
      g_assert_cmpfloat (p0, ==, q1);
      g_assert_cmpfloat (p1, ==, q0);
      /* the odds ratio is exactly e^ε (Dwork & Roth §3.2) */
      /* (the subtraction itself rounds at the scale of |ln p| + |ln q|) */
      double slack = 4e-16 * (fabs (lp0) + fabs (lq0)) + 1e-14 * eps[i];
      g_assert_cmpfloat (fabs ((lp0 - lq0) - eps[i]), <=, slack);
      g_assert_cmpfloat (fabs ((lp1 - lq1) + eps[i]), <=, slack);
      if (eps[i] < 30.0)
        assert_rel ("rr p = e^ε/(1+e^ε)", p0, exp (eps[i]) / (1.0 + exp (eps[i])), 1e-15);
      else
        assert_rel ("rr 1−p = 1/(1+e^ε)", p1, 1.0 / (1.0 + exp (eps[i])), 1e-13);
      double v;
      assert_ok (dp_mechanism_density (&m, DP_NEIGHBOUR_D, 0.5, &v));
      g_assert_cmpfloat (v, ==, 0.0);
      assert_ok (dp_mechanism_cdf (&m, DP_NEIGHBOUR_D, -0.1, &v));
      g_assert_cmpfloat (v, ==, 0.0);
      assert_ok (dp_mechanism_cdf (&m, DP_NEIGHBOUR_D, 0.5, &v));
      g_assert_cmpfloat (v, ==, p0);
      assert_ok (dp_mechanism_cdf (&m, DP_NEIGHBOUR_D_PRIME, 0.0, &v));
      g_assert_cmpfloat (v, ==, q0);
      assert_ok (dp_mechanism_cdf (&m, DP_NEIGHBOUR_D, 1.0, &v));
      g_assert_cmpfloat (v, ==, 1.0);
      assert_ok (dp_mechanism_privacy_loss (&m, 0.0, &v));
      g_assert_cmpfloat (v, ==, eps[i]);
      assert_ok (dp_mechanism_privacy_loss (&m, 1.0, &v));
      g_assert_cmpfloat (v, ==, -eps[i]);
      assert_domain (dp_mechanism_privacy_loss (&m, 0.5, &v));
    }
  /* The seed's coin: report the truth with probability 2/3 is ε = ln 2. */
  DpMechanism coin;
  double p;
  assert_ok (dp_mechanism_rr (M_LN2, &coin));
  assert_ok (dp_mechanism_density (&coin, DP_NEIGHBOUR_D, 0.0, &p));
  assert_rel ("rr ln 2 coin", p, 2.0 / 3.0, 1e-15);
}

static void
test_privacy_loss (void)
{
  DpMechanism ms[64];
  int n = continuous_mechanisms (ms);
  for (int i = 0; i < n; i++)
    {
      TestPair t;
      test_pair_init (&t, &ms[i]);
      for (int k = -20; k <= 20; k++)
        {
          double y = t.delta_sens * (0.5 + k * 0.1) + k * 0.3 * t.scale;
          double loss, lp, lq;
          assert_ok (dp_mechanism_privacy_loss (&ms[i], y, &loss));
          double want = test_loss (&t, y);
          /* absolute scale of the loss: |ln p| + |ln q| at y */
          double mag = fabs (test_log_p (&t, y, 0.0)) + fabs (test_log_p (&t, y, t.delta_sens));
          g_assert_cmpfloat (fabs (loss - want), <=, 1e-13 * fmax (mag, fabs (want)));
          assert_ok (dp_mechanism_log_density (&ms[i], DP_NEIGHBOUR_D, y, &lp));
          assert_ok (dp_mechanism_log_density (&ms[i], DP_NEIGHBOUR_D_PRIME, y, &lq));
          g_assert_cmpfloat (fabs (loss - (lp - lq)), <=, 1e-13 * fmax (mag, 1.0));
          if (t.kind == DP_MECHANISM_LAPLACE)
            {
              /* |L| ≤ ε (Dwork & Roth Thm 3.6) */
              g_assert_cmpfloat (fabs (loss), <=, t.eps * (1 + 1e-15));
            }
        }
      double v;
      /* Far out the Laplace loss is ε; a Gaussian loss beyond the double range is reported as
       * not representable rather than as ±inf. */
      DpStatus st = dp_mechanism_privacy_loss (&ms[i], -1e300, &v);
      if (t.kind == DP_MECHANISM_LAPLACE)
        {
          assert_ok (st);
          g_assert_cmpfloat (v, ==, t.eps);
        }
      else if (t.delta_sens / (t.scale * t.scale) > 1e9)
        g_assert_cmpint (st, ==, DP_ERR_NUMERIC);
    }
}

static double
region_mass_integrand (double y, void *data)
{
  TestPair *t = data;
  return exp (test_log_p (t, y, t->centre));
}

/* S(ε′) = {L > ε′}: the threshold separates L > ε′ from L ≤ ε′; P(S), Q(S) are the integrals of
 * the densities over S, and P(S) − e^{ε′}Q(S) is ∫ max(0, p − e^{ε′}q). */
static void
test_region (void)
{
  DpMechanism ms[64];
  int n = continuous_mechanisms (ms);
  for (int i = 0; i < n; i++)
    {
      TestPair t;
      double cuts[10];
      test_pair_init (&t, &ms[i]);
      int n_cuts = test_pair_cuts (&t, cuts);
      double eps = t.kind == DP_MECHANISM_LAPLACE ? t.eps : 0.5 * pow (t.delta_sens / t.scale, 2);
      if (eps > 30.0)
        continue; /* masses below 1e-13: nothing left to integrate */
      const double factors[] = { -1.5, -1.0, -0.6, 0.0, 0.25, 0.9, 0.999 };
      for (guint f = 0; f < G_N_ELEMENTS (factors); f++)
        {
          double ep = factors[f] * eps;
          DpRegion r;
          assert_ok (dp_mechanism_region (&ms[i], ep, &r));
          g_assert_false (r.empty);
          if (isfinite (r.threshold))
            {
              double h = 1e-6 * t.scale;
              g_assert_cmpfloat (test_loss (&t, r.threshold - h), >, ep);
              g_assert_cmpfloat (test_loss (&t, r.threshold + h), <=, ep + 1e-9 * fabs (ep));
            }
          t.centre = 0.0;
          double pm = test_integrate_split (region_mass_integrand, &t, -HUGE_VAL, r.threshold,
                                            cuts, n_cuts, 1e-13);
          t.centre = t.delta_sens;
          double qm = test_integrate_split (region_mass_integrand, &t, -HUGE_VAL, r.threshold,
                                            cuts, n_cuts, 1e-13);
          assert_rel ("region P(S) vs ∫p", r.p_mass, pm, 1e-11);
          assert_rel ("region Q(S) vs ∫q", r.q_mass, qm, 1e-10);
          double cp, cq;
          if (isfinite (r.threshold))
            {
              assert_ok (dp_mechanism_cdf (&ms[i], DP_NEIGHBOUR_D, r.threshold, &cp));
              assert_ok (dp_mechanism_cdf (&ms[i], DP_NEIGHBOUR_D_PRIME, r.threshold, &cq));
              assert_rel ("region P(S) = F_P(t)", r.p_mass, cp, 1e-13);
              assert_rel ("region Q(S) = F_Q(t)", r.q_mass, cq, 1e-13);
            }
          double hs;
          assert_ok (dp_hockey_stick (&ms[i], ep, &hs));
          double gap = r.p_mass - exp (ep) * r.q_mass;
          g_assert_cmpfloat (fabs (hs - gap), <=, 1e-13 + 1e-11 * hs);
        }
      /* Beyond the maximal loss the region is empty (Laplace) or negligible (Gaussian). */
      DpRegion r;
      assert_ok (dp_mechanism_region (&ms[i], 2.0 * eps + 1.0, &r));
      if (t.kind == DP_MECHANISM_LAPLACE)
        {
          g_assert_true (r.empty);
          g_assert_cmpfloat (r.p_mass, ==, 0.0);
          g_assert_cmpfloat (r.q_mass, ==, 0.0);
        }
    }
  /* RR: S = {0} between −ε and ε. */
  DpMechanism m;
  DpRegion r;
  assert_ok (dp_mechanism_rr (1.0, &m));
  assert_ok (dp_mechanism_region (&m, 0.3, &r));
  g_assert_false (r.empty);
  assert_rel ("rr P(S)", r.p_mass, exp (1.0) / (1.0 + exp (1.0)), 1e-15);
  assert_rel ("rr Q(S)", r.q_mass, 1.0 / (1.0 + exp (1.0)), 1e-15);
  g_assert_cmpfloat (r.threshold, >, 0.0);
  g_assert_cmpfloat (r.threshold, <, 1.0);
  assert_ok (dp_mechanism_region (&m, 1.0, &r));
  g_assert_true (r.empty);
  assert_ok (dp_mechanism_region (&m, -1.5, &r));
  g_assert_cmpfloat (r.p_mass, ==, 1.0);
  g_assert_cmpfloat (r.q_mass, ==, 1.0);
}

/* Pr_P[L ≤ t] = ∫ p over {y : L(y) ≤ t} = ∫_{y_t}^∞ p, y_t found by bisection on the loss
 * written out here (L is non-increasing). */
static void
test_loss_cdf (void)
{
  DpMechanism ms[64];
  int n = continuous_mechanisms (ms);
  for (int i = 0; i < n; i++)
    {
      TestPair t;
      double cuts[10];
      test_pair_init (&t, &ms[i]);
      int n_cuts = test_pair_cuts (&t, cuts);
      double mu = t.delta_sens / t.scale;
      double lmax = t.kind == DP_MECHANISM_LAPLACE ? t.eps : 0.5 * mu * mu + 4.0 * mu;
      double lmin = t.kind == DP_MECHANISM_LAPLACE ? -t.eps : 0.5 * mu * mu - 4.0 * mu;
      if (t.kind == DP_MECHANISM_GAUSSIAN && mu > 20.0)
        continue;
      for (int k = 0; k <= 10; k++)
        {
          double tt = lmin + (lmax - lmin) * (k + 0.01) / 10.3;
          double lo = -1e3 * t.scale - 10 * t.delta_sens, hi = 1e3 * t.scale + 10 * t.delta_sens;
          for (int it = 0; it < 200; it++)
            {
              double mid = 0.5 * (lo + hi);
              if (test_loss (&t, mid) <= tt)
                hi = mid;
              else
                lo = mid;
            }
          t.centre = 0.0;
          double want = test_integrate_split (region_mass_integrand, &t, hi, HUGE_VAL, cuts,
                                              n_cuts, 1e-13);
          double got;
          assert_ok (dp_mechanism_loss_cdf (&ms[i], tt, &got));
          assert_rel ("loss cdf vs ∫p", got, want, 1e-9);
        }
      double v;
      assert_ok (dp_mechanism_loss_cdf (&ms[i], -HUGE_VAL, &v));
      g_assert_cmpfloat (v, ==, 0.0);
      assert_ok (dp_mechanism_loss_cdf (&ms[i], HUGE_VAL, &v));
      g_assert_cmpfloat (v, ==, 1.0);
      if (t.kind == DP_MECHANISM_LAPLACE)
        {
          /* atoms: ½e^{−ε} at −ε and ½ at +ε (VIEWS.md) */
          assert_ok (dp_mechanism_loss_cdf (&ms[i], -t.eps, &v));
          assert_rel ("laplace atom at −ε", v, 0.5 * exp (-t.eps), 1e-14);
          double below;
          assert_ok (dp_mechanism_loss_cdf (&ms[i], nextafter (t.eps, 0.0), &below));
          assert_rel ("laplace atom at +ε", 1.0 - below, 0.5, 1e-12);
        }
    }
}

/* Sampling with a seeded RNG: mean, variance, empirical CDF and (for RR) frequencies within
 * ≥ 6 standard errors (the seed is fixed, so the test is deterministic; the margin keeps it
 * valid for any seed). The empirical CDF of L(Y) is checked against dp_mechanism_loss_cdf. */
static void
test_sampling (void)
{
  const int n = 200000;
  gsl_rng *rng = gsl_rng_alloc (gsl_rng_mt19937);
  gsl_rng_set (rng, 20261121);
  DpMechanism ms[3];
  assert_ok (dp_mechanism_laplace (0.7, 2.0, &ms[0]));
  assert_ok (dp_mechanism_gaussian (1.3, 2.0, &ms[1]));
  assert_ok (dp_mechanism_gaussian_calibrated (1.0, 1e-5, 1.0, &ms[2]));
  double *ys = g_new (double, n);
  for (int i = 0; i < 3; i++)
    for (int which = 0; which < 2; which++)
      {
        double c = which == 0 ? 0.0 : ms[i].sensitivity, s = ms[i].scale;
        double var = ms[i].kind == DP_MECHANISM_LAPLACE ? 2 * s * s : s * s;
        /* 4th central moment: Laplace 24b⁴, Gaussian 3σ⁴ */
        double m4 = ms[i].kind == DP_MECHANISM_LAPLACE ? 24 * pow (s, 4) : 3 * pow (s, 4);
        double sum = 0, sum2 = 0;
        for (int k = 0; k < n; k++)
          {
            assert_ok (dp_mechanism_sample (&ms[i], which, rng, &ys[k]));
            sum += ys[k] - c;
            sum2 += (ys[k] - c) * (ys[k] - c);
          }
        double mean = sum / n, var_hat = sum2 / n - mean * mean;
        g_assert_cmpfloat (fabs (mean), <=, 6.0 * sqrt (var / n));
        g_assert_cmpfloat (fabs (var_hat - var), <=, 6.0 * sqrt ((m4 - var * var) / n));
        for (int k = -3; k <= 3; k++)
          {
            double y = c + k * 0.8 * s, f, count = 0;
            for (int j = 0; j < n; j++)
              count += ys[j] <= y;
            assert_ok (dp_mechanism_cdf (&ms[i], which, y, &f));
            g_assert_cmpfloat (fabs (count / n - f), <=, 6.0 * sqrt (f * (1 - f) / n) + 1e-12);
          }
        if (which == 0)
          for (int k = -3; k <= 3; k++)
            {
              /* empirical CDF of the loss under P */
              double tt = ms[i].kind == DP_MECHANISM_LAPLACE
                            ? k * 0.3 * ms[i].epsilon
                            : 0.5 * pow (ms[i].sensitivity / s, 2)
                                + k * 0.7 * ms[i].sensitivity / s;
              double count = 0, f, loss;
              for (int j = 0; j < n; j++)
                {
                  assert_ok (dp_mechanism_privacy_loss (&ms[i], ys[j], &loss));
                  count += loss <= tt;
                }
              assert_ok (dp_mechanism_loss_cdf (&ms[i], tt, &f));
              g_assert_cmpfloat (fabs (count / n - f), <=, 6.0 * sqrt (f * (1 - f) / n) + 1e-12);
            }
      }
  /* randomized response: frequency of the true bit */
  DpMechanism rr;
  assert_ok (dp_mechanism_rr (1.2, &rr));
  double p = exp (1.2) / (1 + exp (1.2));
  for (int which = 0; which < 2; which++)
    {
      double count = 0, y;
      for (int k = 0; k < n; k++)
        {
          assert_ok (dp_mechanism_sample (&rr, which, rng, &y));
          g_assert_true (y == 0.0 || y == 1.0);
          count += y == (which == 0 ? 0.0 : 1.0);
        }
      g_assert_cmpfloat (fabs (count / n - p), <=, 6.0 * sqrt (p * (1 - p) / n));
    }
  /* Same seed, same stream. */
  double a, b;
  gsl_rng_set (rng, 7);
  assert_ok (dp_mechanism_sample (&ms[0], DP_NEIGHBOUR_D, rng, &a));
  gsl_rng_set (rng, 7);
  assert_ok (dp_mechanism_sample (&ms[0], DP_NEIGHBOUR_D, rng, &b));
  g_assert_cmpfloat (a, ==, b);
  assert_domain (dp_mechanism_sample (&ms[0], DP_NEIGHBOUR_D, NULL, &a));
  g_free (ys);
  gsl_rng_free (rng);
}

/* At the corners of the documented domain (ε ∈ [1e-6, 700], Δ ∈ [1e-9, 1e9],
 * σ ∈ [1e-9, 1e12]) and for wild arguments, every function answers DP_OK with a value that is
 * not NaN (±∞ only where it is the exact answer: D∞ of a Gaussian, log density at ±∞), or the
 * documented DP_ERR_NUMERIC for a Gaussian loss beyond the double range. */
static void
test_extremes (void)
{
  DpMechanism ms[64];
  int n = 0;
  const double eps[] = { 1e-6, 1e-3, 1.0, 50.0, 700.0 };
  const double sens[] = { 1e-9, 1e-3, 1.0, 1e3, 1e9 };
  const double sigmas[] = { 1e-9, 1e-3, 1.0, 1e3, 1e12 };
  for (int i = 0; i < 5; i++)
    {
      assert_ok (dp_mechanism_rr (eps[i], &ms[n++]));
      for (int j = 0; j < 5; j++)
        {
          assert_ok (dp_mechanism_laplace (eps[i], sens[j], &ms[n++]));
          assert_ok (dp_mechanism_gaussian (sigmas[i], sens[j], &ms[n++]));
        }
    }
  const double args[] = { -HUGE_VAL, -1e300, -1e9, -700.0, -1.0, -1e-9, 0.0, 1e-9, 0.5, 1.0,
                          700.0, 1e9, 1e300, HUGE_VAL };
  const double alphas[] = { 1.0 + 1e-15, 1.0 + 1e-9, 2.0, 1e6, 1e300, HUGE_VAL };
  const double deltas[] = { 1e-300, 1e-15, 1e-5, 0.5, 0.999999 };
  gsl_rng *rng = gsl_rng_alloc (gsl_rng_mt19937);
  for (int i = 0; i < n; i++)
    {
      const DpMechanism *m = &ms[i];
      double v;
      DpRegion r;
      assert_ok (dp_kl (m, &v));
      g_assert_true (isfinite (v) && v >= 0);
      assert_ok (dp_total_variation (m, &v));
      g_assert_true (v >= 0 && v <= 1);
      assert_ok (dp_max_divergence (m, &v));
      g_assert_false (isnan (v));
      for (guint k = 0; k < G_N_ELEMENTS (alphas); k++)
        {
          assert_ok (dp_renyi (m, alphas[k], &v));
          g_assert_true (!isnan (v) && v >= 0);
        }
      for (guint k = 0; k < G_N_ELEMENTS (deltas); k++)
        {
          assert_ok (dp_hockey_stick_inverse (m, deltas[k], &v));
          g_assert_true (isfinite (v) && v >= 0);
        }
      assert_ok (dp_mechanism_sample (m, DP_NEIGHBOUR_D_PRIME, rng, &v));
      g_assert_true (isfinite (v));
      for (guint k = 0; k < G_N_ELEMENTS (args); k++)
        {
          double a = args[k];
          assert_ok (dp_hockey_stick (m, a, &v));
          g_assert_true (v >= 0 && v <= 1);
          assert_ok (dp_mechanism_region (m, a, &r));
          g_assert_true (r.p_mass >= 0 && r.p_mass <= 1 && r.q_mass >= 0 && r.q_mass <= 1);
          g_assert_false (isnan (r.threshold));
          assert_ok (dp_mechanism_loss_cdf (m, a, &v));
          g_assert_true (v >= 0 && v <= 1);
          for (int which = 0; which < 2; which++)
            {
              assert_ok (dp_mechanism_density (m, which, a, &v));
              g_assert_true (isfinite (v) && v >= 0);
              assert_ok (dp_mechanism_log_density (m, which, a, &v));
              g_assert_false (isnan (v));
              if (isfinite (a) && m->kind != DP_MECHANISM_RR && fabs (a) < 1e3 * m->scale)
                g_assert_true (isfinite (v));
              assert_ok (dp_mechanism_cdf (m, which, a, &v));
              g_assert_true (v >= 0 && v <= 1);
            }
          DpStatus st = dp_mechanism_privacy_loss (m, a, &v);
          if (m->kind == DP_MECHANISM_RR)
            g_assert_cmpint (st, ==, a == 0.0 || a == 1.0 ? DP_OK : DP_ERR_DOMAIN);
          else if (st == DP_OK)
            g_assert_false (isnan (v));
          else
            g_assert_true (st == DP_ERR_NUMERIC && m->kind == DP_MECHANISM_GAUSSIAN);
        }
    }
  gsl_rng_free (rng);
}

static void
test_domain (void)
{
  DpMechanism m, bad;
  double v;
  DpRegion r;
  gsl_rng *rng = gsl_rng_alloc (gsl_rng_mt19937);
  assert_ok (dp_mechanism_laplace (1.0, 1.0, &m));
  assert_domain (dp_mechanism_density (NULL, DP_NEIGHBOUR_D, 0.0, &v));
  assert_domain (dp_mechanism_density (&m, DP_NEIGHBOUR_D, NAN, &v));
  assert_domain (dp_mechanism_density (&m, DP_NEIGHBOUR_D, 0.0, NULL));
  assert_domain (dp_mechanism_density (&m, (DpNeighbour) 7, 0.0, &v));
  assert_domain (dp_mechanism_log_density (&m, DP_NEIGHBOUR_D, NAN, &v));
  assert_domain (dp_mechanism_cdf (&m, DP_NEIGHBOUR_D, NAN, &v));
  assert_domain (dp_mechanism_cdf (NULL, DP_NEIGHBOUR_D, 0.0, &v));
  assert_domain (dp_mechanism_sample (&m, DP_NEIGHBOUR_D, rng, NULL));
  assert_domain (dp_mechanism_sample (NULL, DP_NEIGHBOUR_D, rng, &v));
  assert_domain (dp_mechanism_privacy_loss (&m, NAN, &v));
  assert_domain (dp_mechanism_privacy_loss (NULL, 0.0, &v));
  assert_domain (dp_mechanism_region (&m, NAN, &r));
  assert_domain (dp_mechanism_region (&m, 0.0, NULL));
  assert_domain (dp_mechanism_loss_cdf (&m, NAN, &v));
  assert_domain (dp_mechanism_loss_cdf (NULL, 0.0, &v));
  /* A corrupted mechanism is refused, not computed with. */
  bad = m;
  bad.kind = DP_N_MECHANISMS;
  assert_domain (dp_mechanism_density (&bad, DP_NEIGHBOUR_D, 0.0, &v));
  bad = m;
  bad.epsilon = NAN;
  assert_domain (dp_mechanism_privacy_loss (&bad, 0.0, &v));
  bad = m;
  bad.scale = -1.0;
  assert_domain (dp_mechanism_cdf (&bad, DP_NEIGHBOUR_D, 0.0, &v));
  bad = m;
  bad.epsilon = 2.0; /* b no longer Δ/ε */
  assert_domain (dp_kl (&bad, &v));
  assert_domain (dp_mechanism_density (&bad, DP_NEIGHBOUR_D, 0.0, &v));
  assert_ok (dp_mechanism_gaussian (1.0, 1.0, &m));
  bad = m;
  bad.scale = 0.0;
  assert_domain (dp_mechanism_loss_cdf (&bad, 0.0, &v));
  gsl_rng_free (rng);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/mechanism/constructors", test_constructors);
  g_test_add_func ("/mechanism/densities-closed-form", test_densities_closed_form);
  g_test_add_func ("/mechanism/densities-integrate", test_densities_integrate);
  g_test_add_func ("/mechanism/rr", test_rr);
  g_test_add_func ("/mechanism/privacy-loss", test_privacy_loss);
  g_test_add_func ("/mechanism/region", test_region);
  g_test_add_func ("/mechanism/loss-cdf", test_loss_cdf);
  g_test_add_func ("/mechanism/sampling", test_sampling);
  g_test_add_func ("/mechanism/extremes", test_extremes);
  g_test_add_func ("/mechanism/domain", test_domain);
  int status = g_test_run ();
  test_print_errors ();
  return status;
}
