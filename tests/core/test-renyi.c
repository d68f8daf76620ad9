/* test-renyi.c — Rényi divergence curves, the RDP conversion with its minimising order, and
 * Rényi entropy
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected values: Mironov's closed forms (2017, Table II) evaluated here in long double, GSL
 * quadrature of ∫ p^α q^{1−α} over the output densities (test-util.h), the limits of the seed
 * (001_…: KL as α → 1, D∞ as α → ∞; Hartley, Shannon and min-entropy), a brute-force
 * minimisation of the conversion on a fine grid, and entropies summed term by term in long
 * double. (dp_renyi's single values are also checked in test-divergence.c.)
 */
#include <float.h>

#include "test-util.h"

/* Laplace D_α in long double: ln[α/(2α−1)·e^{(α−1)ε} + (α−1)/(2α−1)·e^{−αε}]/(α−1), as
 * log1p(α/(2α−1)·expm1((α−1)ε) + (α−1)/(2α−1)·expm1(−αε))/(α−1). */
static long double
laplace_renyi_ld (long double e, long double al)
{
  long double a = al - 1.0L;
  long double s = al / (2 * al - 1) * expm1l (a * e) + a / (2 * al - 1) * expm1l (-al * e);
  return log1pl (s) / a;
}

/* ∫ p^α q^{1−α} = ∫ p·e^{(α−1)L}, integrated as ∫ p·[e^{(α−1)L} − 1 + (α−1)(e^{−L} − 1)] + 1 (the
 * added term integrates to 0 and makes the integrand ≥ 0). */
static double
renyi_integrand (double y, void *data)
{
  TestPair *t = data;
  long double l = test_loss (t, y), a = t->alpha - 1.0;
  return exp (test_log_p (t, y, 0.0)) * (double) (expm1l (a * l) + a * expm1l (-l));
}

static void
test_curve (void)
{
  const double eps[] = { 1e-4, 0.1, 1.0, 5.0, 50.0 };
  double alpha[121];
  /* α − 1 from 1e-9 to 1e12: the whole way from KL to D∞ */
  double am1[121];
  assert_ok (dp_log_grid (1e-9, 1e12, 121, am1));
  for (int i = 0; i < 121; i++)
    alpha[i] = 1.0 + am1[i];
  for (guint i = 0; i < G_N_ELEMENTS (eps); i++)
    for (int kind = 0; kind < 3; kind++)
      {
        DpMechanism m;
        if (kind == 0)
          assert_ok (dp_mechanism_laplace (eps[i], 1.0, &m));
        else if (kind == 1)
          assert_ok (dp_mechanism_rr (eps[i], &m));
        else
          assert_ok (dp_mechanism_gaussian (1.0 / fmin (eps[i], 10.0), 1.0, &m)); /* μ = ε */
        double kl, dinf, curve[121], curve7[121];
        assert_ok (dp_kl (&m, &kl));
        assert_ok (dp_max_divergence (&m, &dinf));
        assert_ok (dp_renyi_curve (&m, 1, alpha, 121, curve));
        assert_ok (dp_renyi_curve (&m, 7, alpha, 121, curve7));
        for (int j = 0; j < 121; j++)
          {
            /* non-decreasing in α, between KL and D∞ */
            if (j > 0)
              g_assert_cmpfloat (curve[j], >=, curve[j - 1] * (1 - 1e-13));
            g_assert_cmpfloat (curve[j], >=, kl * (1 - 1e-9));
            g_assert_cmpfloat (curve[j], <=, dinf * (1 + 1e-13));
            /* RDP composes additively (Mironov 2017, Prop. 1) */
            if (isfinite (curve[j]))
              assert_rel ("7·D_α", curve7[j], 7 * curve[j], 1e-15);
            if (kind == 0 && am1[j] * eps[i] < 11000.0)
              assert_rel ("curve laplace vs long double", curve[j],
                          (double) laplace_renyi_ld (eps[i], alpha[j]), eps[i] < 1e-3 ? 1e-9 : 1e-11);
            if (kind == 2)
              assert_rel ("curve gaussian αμ²/2", curve[j], alpha[j] * m.sensitivity * m.sensitivity
                                                            / (2 * m.scale * m.scale), 1e-14);
          }
        /* the two ends: KL at α = 1 + 1e-9, D∞ at α = 1 + 1e12 (Laplace and RR) */
        assert_rel ("curve left end = KL", curve[0], kl, 1e-7);
        /* ε − D_α ≤ ln 2/(α − 1) for Laplace (u ≤ ½ in −ln(1 − u(1 − e^{−v}))/(α − 1)) and
         * ln(1 + e^{−ε})/(α − 1) ≤ ln 2/(α − 1) for RR */
        if (kind != 2)
          g_assert_cmpfloat (dinf - curve[120], <=, M_LN2 / am1[120] * (1 + 1e-9) + 1e-15 * dinf);
        /* α = ∞ */
        double inf_alpha = HUGE_VAL, v;
        assert_ok (dp_renyi_curve (&m, 3, &inf_alpha, 1, &v));
        if (kind == 2)
          g_assert_cmpfloat (v, ==, HUGE_VAL);
        else
          assert_rel ("3·D∞", v, 3 * eps[i], 1e-15);
      }

  /* α up to 1e4 and far beyond stays finite and tends to ε (Laplace, RR) */
  const double big[] = { 1e4, 1e9, 1e15, 1e300, DBL_MAX };
  for (guint i = 0; i < G_N_ELEMENTS (big); i++)
    {
      DpMechanism m;
      double d;
      assert_ok (dp_mechanism_laplace (0.7, 1.0, &m));
      assert_ok (dp_renyi (&m, big[i], &d));
      g_assert_true (isfinite (d) && d <= 0.7);
      /* ε − D_α = −ln(1 − u(1 − e^{−v}))/(α−1) ≤ ln 2/(α−1) (u ≤ ½) */
      g_assert_cmpfloat (0.7 - d, <=, M_LN2 / (big[i] - 1) + 1e-16);
      assert_ok (dp_mechanism_rr (0.7, &m));
      assert_ok (dp_renyi (&m, big[i], &d));
      g_assert_true (isfinite (d) && d <= 0.7);
      g_assert_cmpfloat (0.7 - d, <=, log1p (exp (-0.7)) / (big[i] - 1) + 1e-16);
    }

  /* against quadrature for moderate α (an independent route to the same values) */
  const double mod[] = { 1.05, 1.5, 3.0, 10.0 };
  for (int kind = 0; kind < 2; kind++)
    for (guint j = 0; j < G_N_ELEMENTS (mod); j++)
      {
        DpMechanism m;
        if (kind == 0)
          assert_ok (dp_mechanism_laplace (0.8, 2.0, &m));
        else
          assert_ok (dp_mechanism_gaussian (2.5, 2.0, &m));
        TestPair t;
        test_pair_init (&t, &m);
        t.alpha = mod[j];
        double cuts[10], d;
        int n = test_pair_cuts (&t, cuts);
        double integral = test_integrate_split (renyi_integrand, &t, -HUGE_VAL, HUGE_VAL, cuts, n,
                                                1e-13);
        assert_ok (dp_renyi_curve (&m, 1, &mod[j], 1, &d));
        assert_rel ("D_α vs ln ∫p^α q^{1−α}/(α−1)", d, log1p (integral) / (mod[j] - 1), 1e-10);
      }

  /* the grid */
  double g[5];
  assert_ok (dp_log_grid (1.0, 1e4, 5, g));
  for (int i = 0; i < 5; i++)
    assert_rel ("log grid", g[i], pow (10.0, i), 1e-14);
  assert_domain (dp_log_grid (0.0, 1.0, 5, g));
  assert_domain (dp_log_grid (2.0, 1.0, 5, g));
  assert_domain (dp_log_grid (1.0, 2.0, 1, g));
  DpMechanism m;
  assert_ok (dp_mechanism_laplace (1.0, 1.0, &m));
  double one = 1.0, nan_alpha = NAN, out;
  assert_domain (dp_renyi_curve (&m, 1, &one, 1, &out));
  assert_domain (dp_renyi_curve (&m, 1, &nan_alpha, 1, &out));
  assert_domain (dp_renyi_curve (&m, 0, g, 5, g));
}

/* The conversion: ε(α) = k·D_α + ln((α−1)/α) − (ln δ + ln α)/(α−1) in long double. */
static long double
conversion_ld (int kind, long double e, unsigned long k, long double delta, long double al)
{
  long double d;
  if (kind == 0)
    d = laplace_renyi_ld (e, al);
  else
    d = al * e * e / 2; /* Gaussian with μ = e */
  return k * d + logl ((al - 1) / al) - (logl (delta) + logl (al)) / (al - 1);
}

static void
test_conversion (void)
{
  const struct {
    int kind; /* 0 Laplace, 1 Gaussian */
    double e;
    unsigned long k;
    double delta;
  } cases[] = {
    { 0, 0.1, 100, 1e-5 }, { 0, 0.5, 200, 1e-6 }, { 0, 1.0, 10, 1e-3 }, { 0, 0.01, 1, 1e-10 },
    { 1, 0.3, 100, 1e-5 }, { 1, 1.0, 1, 1e-6 },   { 1, 0.01, 10000, 1e-8 },
  };
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      DpMechanism m;
      if (cases[c].kind == 0)
        assert_ok (dp_mechanism_laplace (cases[c].e, 1.0, &m));
      else
        assert_ok (dp_mechanism_gaussian (1.0 / cases[c].e, 1.0, &m));
      /* single orders and the curve against the formula */
      const double al[] = { 1.5, 2.0, 8.0, 64.0 };
      double curve[4];
      assert_ok (dp_rdp_conversion_curve (&m, cases[c].k, cases[c].delta, al, 4, curve));
      for (guint i = 0; i < G_N_ELEMENTS (al); i++)
        {
          double v;
          assert_ok (dp_rdp_conversion (&m, cases[c].k, cases[c].delta, al[i], &v));
          assert_rel ("conversion at α", v,
                      (double) conversion_ld (cases[c].kind, cases[c].e, cases[c].k,
                                              cases[c].delta, al[i]), 1e-12);
          g_assert_cmpfloat (curve[i], ==, v);
        }
      /* the minimum against a brute-force grid of α − 1 ∈ [1e-4, 1e6] and, for pure ε-DP, the
       * limit kε */
      long double best = HUGE_VALL, best_al = 0;
      for (int i = 0; i <= 40000; i++)
        {
          long double a = 1 + powl (10.0L, -4.0L + 10.0L * i / 40000.0L);
          long double v = conversion_ld (cases[c].kind, cases[c].e, cases[c].k, cases[c].delta, a);
          if (v < best)
            {
              best = v;
              best_al = a;
            }
        }
      if (cases[c].kind == 0 && cases[c].k * cases[c].e <= best)
        {
          best = cases[c].k * cases[c].e;
          best_al = HUGE_VALL;
        }
      double eps, alpha, again, via_compose;
      assert_ok (dp_rdp_epsilon (&m, cases[c].k, cases[c].delta, &eps, &alpha));
      g_assert_cmpfloat (eps, <=, (double) best + 1e-9 * fabs ((double) best));
      g_assert_cmpfloat (eps, >=, (double) best - 1e-6 * fabs ((double) best));
      /* the reported order gives the reported ε, and lies near the grid's minimiser */
      assert_ok (dp_rdp_conversion (&m, cases[c].k, cases[c].delta, alpha, &again));
      assert_rel ("ε at the reported α", again, eps, 1e-12);
      if (isinf (best_al))
        g_assert_cmpfloat (alpha, ==, HUGE_VAL);
      else
        g_assert_cmpfloat (fabs (log ((alpha - 1) / (double) (best_al - 1))), <, 0.05);
      /* the accountant is this minimum */
      assert_ok (dp_compose_rdp (&m, cases[c].k, cases[c].delta, &via_compose));
      g_assert_cmpfloat (via_compose, ==, eps);
    }
  /* Few, very private steps: the α → ∞ limit kε₀ wins and is reported as α = ∞ */
  DpMechanism m;
  double eps, alpha;
  assert_ok (dp_mechanism_rr (0.01, &m));
  assert_ok (dp_rdp_epsilon (&m, 1, 1e-10, &eps, &alpha));
  g_assert_cmpfloat (alpha, ==, HUGE_VAL);
  assert_rel ("k·D∞ wins", eps, 0.01, 1e-15);
  assert_domain (dp_rdp_epsilon (&m, 1, 0.0, &eps, &alpha));
  assert_domain (dp_rdp_epsilon (&m, 0, 1e-5, &eps, &alpha));
  assert_domain (dp_rdp_conversion (&m, 1, 1e-5, 1.0, &eps));
}

/* ---- Rényi entropy ---- */

static long double
entropy_ld (const long double *p, int n, long double alpha)
{
  long double s = 0;
  if (alpha == 1)
    {
      for (int i = 0; i < n; i++)
        if (p[i] > 0)
          s -= p[i] * logl (p[i]);
      return s;
    }
  for (int i = 0; i < n; i++)
    if (p[i] > 0)
      s += powl (p[i], alpha);
  return logl (s) / (1 - alpha);
}

static void
test_entropy (void)
{
  const double eps[] = { 1e-6, 0.01, 0.5, M_LN2, 3.0, 30.0, 700.0 };
  for (guint i = 0; i < G_N_ELEMENTS (eps); i++)
    {
      long double e = eps[i];
      /* the report given the true bit: (p, q), p = e^ε/(1+e^ε) (book §3.3.1) */
      long double lp = -log1pl (expl (-e)), lq = -e + lp, p = expl (lp), q = expl (lq);
      double h0, h1, h2, hinf, hhalf;
      assert_ok (dp_rr_renyi_entropy (eps[i], 0.0, 0.0, &h0));
      assert_ok (dp_rr_renyi_entropy (eps[i], 0.0, 1.0, &h1));
      assert_ok (dp_rr_renyi_entropy (eps[i], 0.0, 2.0, &h2));
      assert_ok (dp_rr_renyi_entropy (eps[i], 0.0, HUGE_VAL, &hinf));
      assert_ok (dp_rr_renyi_entropy (eps[i], 0.0, 0.5, &hhalf));
      assert_rel ("Hartley = ln 2", h0, M_LN2, 1e-15);
      assert_rel ("Shannon −p ln p − q ln q", h1, (double) -(p * lp + q * lq), 1e-12);
      /* p² + q² = 1 − 2pq; (√p + √q)² = 1 + 2√(pq) */
      assert_rel ("collision entropy −ln(p² + q²)", h2, (double) -log1pl (-2 * p * q), 1e-12);
      assert_rel ("min-entropy −ln p", hinf, (double) -lp, 1e-12);
      assert_rel ("H_½ = 2 ln(√p + √q)", hhalf, (double) log1pl (2 * sqrtl (p * q)), 1e-12);
      /* non-increasing in α, from Hartley through Shannon (continuous at α = 1) to min-entropy */
      double prev = h0;
      for (int j = 0; j <= 200; j++)
        {
          double alpha = j < 100 ? j / 100.0 : pow (10.0, (j - 100) / 20.0), h;
          assert_ok (dp_rr_renyi_entropy (eps[i], 0.0, alpha, &h));
          g_assert_cmpfloat (h, <=, prev * (1 + 1e-12) + 1e-300);
          g_assert_cmpfloat (h, >=, hinf * (1 - 1e-12));
          prev = h;
        }
      double below, above;
      /* |H_α − H_1|/H_1 ≈ |α − 1|·ε²/2 when q is tiny (second order of q^α = q·e^{(1−α)ε}) */
      assert_ok (dp_rr_renyi_entropy (eps[i], 0.0, 1.0 - 1e-12, &below));
      assert_ok (dp_rr_renyi_entropy (eps[i], 0.0, 1.0 + 1e-12, &above));
      assert_rel ("H_α → Shannon from below", below, h1, 1e-9 + 1e-12 * e * e);
      assert_rel ("H_α → Shannon from above", above, h1, 1e-9 + 1e-12 * e * e);
      /* general α against Σ p^α in long double where that does not cancel (moderate ε) */
      if (e <= 3)
        {
          const double alphas[] = { 0.1, 0.9, 1.3, 7.0, 100.0 };
          for (guint a = 0; a < G_N_ELEMENTS (alphas); a++)
            {
              long double pq[2] = { p, q };
              double h;
              assert_ok (dp_rr_renyi_entropy (eps[i], 0.0, alphas[a], &h));
              if (e > 1e-3)
                assert_rel ("H_α rr vs Σ p^α", h, (double) entropy_ld (pq, 2, alphas[a]), 1e-10);
              else
                assert_rel ("H_α rr, ε → 0: ln 2", h, M_LN2, 1e-9);
            }
        }
      /* a uniform true bit makes the report uniform: ln 2 for every α */
      double hu;
      assert_ok (dp_rr_renyi_entropy (eps[i], 0.5, 3.0, &hu));
      assert_rel ("uniform prior: ln 2", hu, M_LN2, 1e-12);
      /* a prior of 1 is the mirror image of 0 */
      double h1b;
      assert_ok (dp_rr_renyi_entropy (eps[i], 1.0, 1.0, &h1b));
      assert_rel ("prior 1 = prior 0", h1b, h1, 1e-15);
      /* another prior: the report is 1 with probability πp + (1 − π)q */
      if (e <= 3)
        {
          long double pi = 0.2L, r1 = pi * p + (1 - pi) * q;
          long double dist[2] = { 1 - r1, r1 };
          double h;
          assert_ok (dp_rr_renyi_entropy (eps[i], 0.2, 2.0, &h));
          assert_rel ("H_2 with prior 0.2", h, (double) entropy_ld (dist, 2, 2.0L), 1e-12);
        }
    }

  /* any finite distribution */
  const double d1[] = { 0.5, 0.25, 0.125, 0.125 };
  const double d2[] = { 0.7, 0.0, 0.3 };
  const double d3[] = { 0.2, 0.2, 0.2, 0.2, 0.2 };
  const struct {
    const double *p;
    int n;
  } dists[] = { { d1, 4 }, { d2, 3 }, { d3, 5 } };
  const double alphas[] = { 0.0, 0.3, 1.0, 2.0, 5.0, HUGE_VAL };
  for (guint d = 0; d < G_N_ELEMENTS (dists); d++)
    for (guint a = 0; a < G_N_ELEMENTS (alphas); a++)
      {
        long double pl[8];
        int support = 0;
        long double pmax = 0;
        for (int i = 0; i < dists[d].n; i++)
          {
            pl[i] = dists[d].p[i];
            support += pl[i] > 0;
            pmax = fmaxl (pmax, pl[i]);
          }
        long double want = alphas[a] == 0 ? logl (support)
                           : isinf (alphas[a]) ? -logl (pmax)
                                               : entropy_ld (pl, dists[d].n, alphas[a]);
        double got;
        assert_ok (dp_renyi_entropy (dists[d].p, dists[d].n, alphas[a], &got));
        assert_rel ("H_α of a distribution", got, (double) want, 1e-13);
        if (d == 2)
          assert_rel ("uniform on 5: ln 5", got, log (5.0), 1e-14);
      }
  double x;
  const double bad1[] = { 0.5, 0.6 }, bad2[] = { 1.5, -0.5 };
  assert_domain (dp_renyi_entropy (bad1, 2, 2.0, &x));
  assert_domain (dp_renyi_entropy (bad2, 2, 2.0, &x));
  assert_domain (dp_renyi_entropy (d1, 4, -1.0, &x));
  assert_domain (dp_renyi_entropy (d1, 4, NAN, &x));
  assert_domain (dp_rr_renyi_entropy (1.0, 1.5, 2.0, &x));
  assert_domain (dp_rr_renyi_entropy (0.0, 0.0, 2.0, &x));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/renyi/curve", test_curve);
  g_test_add_func ("/renyi/conversion", test_conversion);
  g_test_add_func ("/renyi/entropy", test_entropy);
  int status = g_test_run ();
  test_print_errors ();
  return status;
}
