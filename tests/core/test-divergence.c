/* test-divergence.c — divergences of the neighbouring pair and the KL bounds
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected values: GSL integrals of the pairs' densities (written out in test-util.h) with
 * integrands arranged to be non-negative (no cancellation inside the integral), the original
 * (unstabilised) closed forms evaluated in long double, exact sums for randomized response,
 * identities (δ(0) = TV, region masses) and limits (α → 1, α → ∞).
 */
#include <float.h>

#include "test-util.h"

static const double lap_eps[] = { 1e-3, 0.05, 0.5, 1.0, 3.0, 10.0, 50.0 };
static const double sens[] = { 1e-3, 1.0, 1e3 };
static const double gauss_mu[] = { 1e-3, 0.05, 0.5, 1.0, 3.0, 8.0 };

static int
continuous_pairs (DpMechanism *out)
{
  int n = 0;
  for (guint i = 0; i < G_N_ELEMENTS (lap_eps); i++)
    for (guint j = 0; j < G_N_ELEMENTS (sens); j++)
      assert_ok (dp_mechanism_laplace (lap_eps[i], sens[j], &out[n++]));
  for (guint i = 0; i < G_N_ELEMENTS (gauss_mu); i++)
    for (guint j = 0; j < G_N_ELEMENTS (sens); j++)
      assert_ok (dp_mechanism_gaussian (sens[j] / gauss_mu[i], sens[j], &out[n++]));
  return n;
}

/* ---- the Rényi integrand (≥ 0); KL, TV and δ(ε′) are in test-util.h ---- */

/* Rényi: e^{(α−1)D_α} − 1 = ∫ p (e^{aL} − 1) = ∫ p·[e^{aL} − 1 + a(e^{−L} − 1)] (a = α − 1,
 * the added term integrates to 0); the bracket is ≥ 0 (its derivative in L is
 * a(e^{aL} − e^{−L})). */
static double
renyi_integrand (double y, void *data)
{
  TestPair *t = data;
  long double l = test_loss (t, y), a = t->alpha - 1.0;
  return exp (test_log_p (t, y, 0.0)) * (double) (expm1l (a * l) + a * expm1l (-l));
}

/* ---- randomized response, exact sums in long double ---- */

static void
rr_probs (double eps, long double *p, long double *q)
{
  *q = 1.0L / (1.0L + expl (eps));
  *p = 1.0L / (1.0L + expl (-eps));
}

static void
test_kl (void)
{
  DpMechanism ms[64];
  int n = continuous_pairs (ms);
  for (int i = 0; i < n; i++)
    {
      TestPair t;
      test_pair_init (&t, &ms[i]);
      double kl;
      assert_ok (dp_kl (&ms[i], &kl));
      double want = test_pair_integral (test_kl_integrand, &t, HUGE_VAL);
      assert_rel ("KL vs ∫ p(e^{−L}−1+L)", kl, want, 1e-11);
    }
  /* Laplace over the whole ε range against ε + e^{−ε} − 1 in long double (Dwork & Roth). */
  const double eps[] = { 1e-6, 1e-5, 1e-3, 0.01, 0.3, 1.0, 5.0, 50.0, 700.0 };
  for (guint i = 0; i < G_N_ELEMENTS (eps); i++)
    {
      DpMechanism m;
      double kl;
      assert_ok (dp_mechanism_laplace (eps[i], 1.0, &m));
      assert_ok (dp_kl (&m, &kl));
      long double e = eps[i];
      assert_rel ("KL laplace vs long double", kl, (double) (e + expm1l (-e)), 1e-12);
      assert_ok (dp_mechanism_rr (eps[i], &m));
      assert_ok (dp_kl (&m, &kl));
      long double p, q;
      rr_probs (eps[i], &p, &q);
      long double want = p * (logl (p) - logl (q)) + q * (logl (q) - logl (p));
      assert_rel ("KL rr vs Σ p ln(p/q)", kl, (double) want, 1e-12);
    }
  /* Dwork & Roth's example (VIEWS.md): at ε = 5 the true KL is 4.0067… */
  DpMechanism m;
  double kl;
  assert_ok (dp_mechanism_laplace (5.0, 1.0, &m));
  assert_ok (dp_kl (&m, &kl));
  g_assert_cmpfloat (fabs (kl - 4.0067), <, 1e-4);
}

static void
test_total_variation (void)
{
  DpMechanism ms[64];
  int n = continuous_pairs (ms);
  for (int i = 0; i < n; i++)
    {
      TestPair t;
      test_pair_init (&t, &ms[i]);
      double tv, d0;
      assert_ok (dp_total_variation (&ms[i], &tv));
      assert_ok (dp_hockey_stick (&ms[i], 0.0, &d0));
      double want = test_pair_integral (test_tv_integrand, &t, 0.0);
      assert_rel ("TV vs ½∫|p−q|", tv, want, 1e-11);
      assert_rel ("δ(0) = TV", d0, tv, 1e-13);
    }
  const double eps[] = { 1e-6, 1e-3, 0.5, 2.0, 50.0, 700.0 };
  for (guint i = 0; i < G_N_ELEMENTS (eps); i++)
    {
      DpMechanism m;
      double tv, d0;
      long double p, q;
      assert_ok (dp_mechanism_rr (eps[i], &m));
      assert_ok (dp_total_variation (&m, &tv));
      assert_ok (dp_hockey_stick (&m, 0.0, &d0));
      rr_probs (eps[i], &p, &q);
      assert_rel ("TV rr = p − q", tv, (double) (p - q), 1e-13);
      assert_rel ("δ(0) = TV rr", d0, tv, 1e-13);
      assert_ok (dp_mechanism_laplace (eps[i], 3.0, &m));
      assert_ok (dp_total_variation (&m, &tv));
      assert_rel ("TV laplace vs 1 − e^{−ε/2}", tv, (double) -expm1l (-0.5L * eps[i]), 1e-13);
    }
}

static void
test_hockey_stick (void)
{
  DpMechanism ms[64];
  int n = continuous_pairs (ms);
  const double factors[] = { -3.0, -1.0, -0.999, -0.5, 0.0, 0.1, 0.5, 0.9, 0.999, 1.0, 1.5 };
  for (int i = 0; i < n; i++)
    {
      TestPair t;
      test_pair_init (&t, &ms[i]);
      /* ε′ runs over multiples of ε (Laplace) or of the loss mean μ²/2 (+1) (Gaussian) */
      double mu = t.delta_sens / t.scale;
      double scale = t.kind == DP_MECHANISM_LAPLACE ? t.eps : 0.5 * mu * mu + 1.0;
      for (guint f = 0; f < G_N_ELEMENTS (factors); f++)
        {
          double ep = factors[f] * scale, got;
          t.eps_prime = ep;
          assert_ok (dp_hockey_stick (&ms[i], ep, &got));
          double want = test_pair_integral (test_hockey_integrand, &t, ep);
          if (want < 1e-250)
            g_assert_cmpfloat (got, <=, 1e-250);
          else
            assert_rel ("δ(ε′) vs ∫max(0, p − e^{ε′}q)", got, want, 1e-11);
        }
    }
  /* RR against the exact two-point sum, ε′ on both sides of ±ε. */
  const double eps[] = { 1e-3, 0.7, 3.0, 40.0 };
  for (guint i = 0; i < G_N_ELEMENTS (eps); i++)
    for (guint f = 0; f < G_N_ELEMENTS (factors); f++)
      {
        DpMechanism m;
        double ep = factors[f] * eps[i], got;
        long double p, q;
        assert_ok (dp_mechanism_rr (eps[i], &m));
        assert_ok (dp_hockey_stick (&m, ep, &got));
        rr_probs (eps[i], &p, &q);
        long double e = expl (ep);
        long double want = fmaxl (0.0L, p - e * q) + fmaxl (0.0L, q - e * p);
        if (want == 0.0L)
          g_assert_cmpfloat (got, ==, 0.0);
        else
          assert_rel ("δ(ε′) rr vs Σ max(0, p − e^{ε′}q)", got, (double) want, 1e-12);
      }
}

/* The inverse ε′(δ) = D∞^δ: δ(ε′(δ)) = δ and it is the smallest such ε′ ≥ 0. */
static void
test_hockey_stick_inverse (void)
{
  DpMechanism ms[80];
  int n = continuous_pairs (ms);
  for (guint i = 0; i < G_N_ELEMENTS (lap_eps); i++)
    assert_ok (dp_mechanism_rr (lap_eps[i], &ms[n++]));
  const double deltas[] = { 1e-15, 1e-10, 1e-6, 1e-3, 0.05, 0.3, 0.6, 0.99 };
  for (int i = 0; i < n; i++)
    for (guint k = 0; k < G_N_ELEMENTS (deltas); k++)
      {
        double tv, ep, back;
        assert_ok (dp_total_variation (&ms[i], &tv));
        assert_ok (dp_hockey_stick_inverse (&ms[i], deltas[k], &ep));
        g_assert_true (isfinite (ep));
        g_assert_cmpfloat (ep, >=, 0.0);
        if (deltas[k] >= tv)
          {
            g_assert_cmpfloat (ep, ==, 0.0);
            continue;
          }
        /* δ(ε′) ≤ δ at the returned point, and ε′ is the smallest such point to 1e-13
         * relative: just below it δ is exceeded. */
        assert_ok (dp_hockey_stick (&ms[i], ep, &back));
        g_assert_cmpfloat (back, <=, deltas[k]);
        /* |dδ/dε′| = e^{ε′}Q(S) ≤ 1, so the rounding of ε′ moves δ by at most a few ulp(ε′) */
        g_assert_cmpfloat (deltas[k] - back, <=, 1e-12 * deltas[k] + 8 * DBL_EPSILON * ep);
        if (8 * DBL_EPSILON * ep <= 1e-12 * deltas[k])
          assert_rel ("δ(ε′(δ)) = δ (well conditioned)", back, deltas[k], 2e-12);
        double before;
        assert_ok (dp_hockey_stick (&ms[i], ep * (1.0 - 1e-13), &before));
        g_assert_cmpfloat (before, >=, deltas[k] * (1.0 - 1e-13));
      }
}

static void
test_renyi (void)
{
  DpMechanism ms[64];
  int n = continuous_pairs (ms);
  const double alphas[] = { 1.0 + 1e-6, 1.01, 1.5, 2.0, 4.0, 16.0, 64.0 };
  for (int i = 0; i < n; i++)
    {
      TestPair t;
      test_pair_init (&t, &ms[i]);
      double kl, dinf;
      assert_ok (dp_kl (&ms[i], &kl));
      assert_ok (dp_max_divergence (&ms[i], &dinf));
      double prev = kl;
      for (guint k = 0; k < G_N_ELEMENTS (alphas); k++)
        {
          double d;
          t.alpha = alphas[k];
          assert_ok (dp_renyi (&ms[i], alphas[k], &d));
          /* D_α is non-decreasing in α, between KL and D∞ */
          g_assert_cmpfloat (d, >=, prev * (1 - 1e-13));
          g_assert_cmpfloat (d, <=, dinf * (1 + 1e-13));
          prev = d;
          /* integrate where e^{(α−1)D_α} stays modest */
          if ((alphas[k] - 1.0) * d < 30.0)
            {
              double integral = test_pair_integral (renyi_integrand, &t, HUGE_VAL);
              assert_rel ("Rényi vs ln ∫p^α q^{1−α}", d,
                          log1p (integral) / (alphas[k] - 1.0), 1e-10);
            }
        }
      /* α → 1: D_α → KL, α → ∞: D_α → D∞ (seed 001); α = ∞ is D∞ itself */
      double d;
      assert_ok (dp_renyi (&ms[i], 1.0 + 1e-10, &d));
      assert_rel ("Rényi α→1 = KL", d, kl, 1e-8);
      assert_ok (dp_renyi (&ms[i], HUGE_VAL, &d));
      g_assert_cmpfloat (d, ==, dinf);
      if (t.kind == DP_MECHANISM_LAPLACE)
        {
          assert_ok (dp_renyi (&ms[i], 1e13, &d));
          g_assert_cmpfloat (fabs (d - t.eps), <=, 1e-12 + 1e-14 * t.eps);
        }
    }

  /* Mironov's closed forms in long double (the unstabilised original), tiny to huge ε. */
  const double eps[] = { 1e-6, 1e-4, 1e-2, 0.5, 2.0, 20.0, 300.0, 700.0 };
  const double alps[] = { 1.0 + 1e-9, 1.0 + 1e-4, 1.1, 2.0, 7.5, 1e3, 1e8 };
  for (guint i = 0; i < G_N_ELEMENTS (eps); i++)
    for (guint k = 0; k < G_N_ELEMENTS (alps); k++)
      {
        long double e = eps[i], al = alps[k], a = al - 1.0L;
        DpMechanism m;
        double d;
        /* Laplace: ln[α/(2α−1)·e^{(α−1)ε} + (α−1)/(2α−1)·e^{−αε}]/(α−1), as
         * log1p(α/(2α−1)·expm1((α−1)ε) + (α−1)/(2α−1)·expm1(−αε))/(α−1). */
        if (a * e < 11000.0L)
          {
            long double s = al / (2 * al - 1) * expm1l (a * e)
                            + a / (2 * al - 1) * expm1l (-al * e);
            assert_ok (dp_mechanism_laplace (eps[i], 1.0, &m));
            assert_ok (dp_renyi (&m, alps[k], &d));
            double tol = e < 1e-5L ? 1e-11 : 1e-12;
            assert_rel ("Rényi laplace vs long double", d, (double) (log1pl (s) / a), tol);
          }
        /* RR: ln(p^α q^{1−α} + q^α p^{1−α})/(α−1) with p/q = e^ε is ln S/(α−1),
         * S = q e^{αε} + p e^{−αε}; S − 1 = q·expm1(αε) + p·expm1(−αε) cancels only by a
         * factor ≈ α/((α−1)ε) for small ε: used where that stays below 1e6 (long double has
         * 64 bits). */
        long double p, q;
        rr_probs (eps[i], &p, &q);
        long double s1 = q * expm1l (al * e) + p * expm1l (-al * e);
        long double cancel = (q * fabsl (expm1l (al * e)) + p * fabsl (expm1l (-al * e))) / s1;
        if (a * e < 11000.0L && cancel < 1e6L)
          {
            assert_ok (dp_mechanism_rr (eps[i], &m));
            assert_ok (dp_renyi (&m, alps[k], &d));
            assert_rel ("Rényi rr vs long double", d, (double) (log1pl (s1) / a), 1e-12);
          }
      }
  /* RR: non-decreasing in α from KL (α → 1) to D∞ = ε (α → ∞). */
  for (guint i = 0; i < G_N_ELEMENTS (eps); i++)
    {
      DpMechanism m;
      double kl, prev = 0.0;
      assert_ok (dp_mechanism_rr (eps[i], &m));
      assert_ok (dp_kl (&m, &kl));
      for (int k = 0; k <= 60; k++)
        {
          double alpha = 1.0 + 1e-12 * pow (1e24, k / 60.0), d;
          assert_ok (dp_renyi (&m, alpha, &d));
          g_assert_cmpfloat (d, >=, prev * (1 - 1e-13));
          g_assert_cmpfloat (d, <=, eps[i] * (1 + 1e-13));
          prev = d;
          if (k == 0)
            assert_rel ("Rényi rr α→1 = KL", d, kl, 1e-9);
        }
      /* α = 1e12: ε − D_α = −ln(1 − q + q e^{−2(α−1)ε})/(α−1) ≤ ln(1/p)/(α−1) */
      g_assert_cmpfloat (eps[i] - prev, <=, log1p (exp (-eps[i])) / 1e12 * (1 + 1e-9) + 1e-15);
    }

  /* Gaussian: αΔ²/(2σ²) (Mironov 2017, Table II). */
  DpMechanism g;
  double d;
  assert_ok (dp_mechanism_gaussian (2.0, 1.0, &g));
  assert_ok (dp_renyi (&g, 3.0, &d));
  assert_rel ("Rényi gaussian", d, 3.0 / 8.0, 1e-15);
}

/* KL ≤ ε·tanh(ε/2) ≤ ε²/2 ≤ ε(e^ε − 1) for Laplace (VIEWS.md, View 3), bound values against
 * long double, and equality of the tight bound with RR's KL. */
static void
test_bounds (void)
{
  for (int k = 0; k <= 400; k++)
    {
      double eps = 1e-3 * pow (7e5, k / 400.0); /* 1e-3 … 700 */
      double kl, tight, zcdp, lemma, rr_kl;
      DpMechanism m, rr;
      assert_ok (dp_mechanism_laplace (eps, 1.0, &m));
      assert_ok (dp_mechanism_rr (eps, &rr));
      assert_ok (dp_kl (&m, &kl));
      assert_ok (dp_kl (&rr, &rr_kl));
      assert_ok (dp_kl_bound_tight (eps, &tight));
      assert_ok (dp_kl_bound_zcdp (eps, &zcdp));
      assert_ok (dp_kl_bound_lemma_3_18 (eps, &lemma));
      g_assert_true (isfinite (kl) && isfinite (tight) && isfinite (zcdp) && isfinite (lemma));
      g_assert_cmpfloat (kl, <=, tight);
      g_assert_cmpfloat (tight, <=, zcdp);
      g_assert_cmpfloat (zcdp, <=, lemma);
      long double e = eps;
      assert_rel ("bound lemma 3.18", lemma, (double) (e * (expl (e) - 1.0L)), 1e-13);
      assert_rel ("bound tight", tight, (double) (e * tanhl (e / 2)), 1e-14);
      assert_rel ("bound zcdp", zcdp, (double) (e * e / 2), 1e-15);
      assert_rel ("tight = KL(rr)", rr_kl, tight, 1e-14);
    }
  double v;
  assert_ok (dp_kl_bound_lemma_3_18 (5.0, &v));
  g_assert_cmpfloat (fabs (v - 737.07), <, 0.01); /* VIEWS.md: "737" */
  assert_ok (dp_kl_bound_lemma_3_18 (0.0, &v));
  g_assert_cmpfloat (v, ==, 0.0);
  /* Beyond ε₀ = 700 (a Gaussian's ε₀ at a small δ₀): Lemma 3.18's bound is finite while
   * ε(e^ε − 1) ≤ DBL_MAX (ε + ln ε ≤ ln DBL_MAX, ε ≤ 703.2), +∞ after; the others stay finite. */
  for (guint i = 0; i < 5; i++)
    {
      const double eps = (double[]) { 700.5, 703.1, 703.3, 5e5, 1e150 }[i];
      double lemma, tight, zcdp;
      long double e = eps;

      assert_ok (dp_kl_bound_lemma_3_18 (eps, &lemma));
      assert_ok (dp_kl_bound_tight (eps, &tight));
      assert_ok (dp_kl_bound_zcdp (eps, &zcdp));
      if (e * (expl (e) - 1.0L) <= (long double) DBL_MAX)
        assert_rel ("bound lemma 3.18", lemma, (double) (e * (expl (e) - 1.0L)), 1e-13);
      else
        g_assert_cmpfloat (lemma, ==, HUGE_VAL);
      assert_rel ("bound tight", tight, (double) (e * tanhl (e / 2)), 1e-14);
      assert_rel ("bound zcdp", zcdp, (double) (e * e / 2), 1e-15);
    }
  const double bad[] = { NAN, -1e-9, -HUGE_VAL, HUGE_VAL };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      assert_domain (dp_kl_bound_lemma_3_18 (bad[i], &v));
      assert_domain (dp_kl_bound_tight (bad[i], &v));
      assert_domain (dp_kl_bound_zcdp (bad[i], &v));
    }
  assert_domain (dp_kl_bound_zcdp (1.0, NULL));
}

/* Over the whole documented domain: finite results, δ(ε′) non-increasing in ε′, the inverse
 * non-increasing in δ. */
static void
test_sweep (void)
{
  DpMechanism ms[3];
  for (int ie = 0; ie <= 24; ie++)
    for (int is = 0; is <= 6; is++)
      for (int id = 0; id <= 5; id++)
        {
          double eps = 1e-3 * pow (5e4, ie / 24.0);
          double sens_ = 1e-3 * pow (1e6, is / 6.0);
          double delta = 1e-15 * pow (5e14, id / 5.0);
          assert_ok (dp_mechanism_laplace (eps, sens_, &ms[0]));
          assert_ok (dp_mechanism_gaussian_calibrated (eps, delta, sens_, &ms[1]));
          assert_ok (dp_mechanism_rr (eps, &ms[2]));
          for (int k = 0; k < 3; k++)
            {
              double v, prev = 1.0;
              assert_ok (dp_kl (&ms[k], &v));
              g_assert_true (isfinite (v) && v >= 0);
              assert_ok (dp_total_variation (&ms[k], &v));
              g_assert_true (isfinite (v) && v >= 0 && v <= 1);
              assert_ok (dp_renyi (&ms[k], 1.0 + 1e-12, &v));
              g_assert_true (isfinite (v) && v >= 0);
              assert_ok (dp_renyi (&ms[k], 1e12, &v));
              g_assert_true (isfinite (v) && v >= 0);
              for (int j = -40; j <= 40; j++)
                {
                  double ep = j * eps / 20.0;
                  assert_ok (dp_hockey_stick (&ms[k], ep, &v));
                  g_assert_true (isfinite (v) && v >= 0 && v <= 1);
                  g_assert_cmpfloat (v, <=, prev);
                  prev = v;
                }
              double inv_prev = HUGE_VAL;
              for (int j = 0; j <= 14; j++)
                {
                  double d = 1e-15 * pow (10.0, j);
                  assert_ok (dp_hockey_stick_inverse (&ms[k], d, &v));
                  g_assert_true (isfinite (v) && v >= 0);
                  g_assert_cmpfloat (v, <=, inv_prev);
                  inv_prev = v;
                }
            }
          /* the calibrated Gaussian meets its own (ε, δ) */
          double hs;
          assert_ok (dp_hockey_stick (&ms[1], eps, &hs));
          g_assert_cmpfloat (hs, <=, delta);
        }
}

static void
test_domain (void)
{
  DpMechanism m, bad;
  double v;
  assert_ok (dp_mechanism_laplace (1.0, 1.0, &m));
  assert_domain (dp_kl (NULL, &v));
  assert_domain (dp_kl (&m, NULL));
  assert_domain (dp_max_divergence (NULL, &v));
  assert_domain (dp_total_variation (NULL, &v));
  assert_domain (dp_renyi (&m, 1.0, &v));
  assert_domain (dp_renyi (&m, 0.5, &v));
  assert_domain (dp_renyi (&m, NAN, &v));
  assert_domain (dp_renyi (&m, -HUGE_VAL, &v));
  assert_domain (dp_renyi (NULL, 2.0, &v));
  assert_domain (dp_hockey_stick (&m, NAN, &v));
  assert_domain (dp_hockey_stick (NULL, 0.0, &v));
  assert_domain (dp_hockey_stick (&m, 0.0, NULL));
  const double bad_delta[] = { NAN, 0.0, -1e-3, 1.0, 1.5, HUGE_VAL };
  for (guint i = 0; i < G_N_ELEMENTS (bad_delta); i++)
    assert_domain (dp_hockey_stick_inverse (&m, bad_delta[i], &v));
  bad = m;
  bad.epsilon = -1.0;
  assert_domain (dp_kl (&bad, &v));
  bad.kind = (DpMechanismKind) 42;
  assert_domain (dp_hockey_stick (&bad, 0.0, &v));
  /* infinite ε′ is a limit, not an error */
  assert_ok (dp_hockey_stick (&m, HUGE_VAL, &v));
  g_assert_cmpfloat (v, ==, 0.0);
  assert_ok (dp_hockey_stick (&m, -HUGE_VAL, &v));
  g_assert_cmpfloat (v, ==, 1.0);
  assert_ok (dp_mechanism_gaussian (1.0, 1.0, &m));
  assert_ok (dp_hockey_stick (&m, -HUGE_VAL, &v));
  g_assert_cmpfloat (v, ==, 1.0);
  assert_ok (dp_hockey_stick (&m, HUGE_VAL, &v));
  g_assert_cmpfloat (v, ==, 0.0);
  assert_ok (dp_max_divergence (&m, &v));
  g_assert_cmpfloat (v, ==, HUGE_VAL);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/divergence/kl", test_kl);
  g_test_add_func ("/divergence/total-variation", test_total_variation);
  g_test_add_func ("/divergence/hockey-stick", test_hockey_stick);
  g_test_add_func ("/divergence/hockey-stick-inverse", test_hockey_stick_inverse);
  g_test_add_func ("/divergence/renyi", test_renyi);
  g_test_add_func ("/divergence/bounds", test_bounds);
  g_test_add_func ("/divergence/sweep", test_sweep);
  g_test_add_func ("/divergence/domain", test_domain);
  int status = g_test_run ();
  test_print_errors ();
  return status;
}
