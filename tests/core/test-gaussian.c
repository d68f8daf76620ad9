/* test-gaussian.c — the Gaussian mechanism's privacy profile and calibration
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected δ(ε) values come from a GSL integral that has no cancellation at all: with
 * A = μ/2 − ε/μ, substituting y = A − t in ∫_{y<A} φ(y)(1 − e^{ε+μy−μ²/2}) dy (which is
 * Φ(A) − e^εΦ(A − μ), Balle & Wang 2018, Thm 8) gives
 *   δ(ε) = ∫_0^∞ φ(A − t)·(1 − e^{−μt}) dt,
 * a positive integrand evaluated with expm1. Where the two terms of Thm 8 do not cancel, the
 * formula itself is evaluated in long double (erfcl) as a second, independent check.
 */
#include <float.h>

#include <gsl/gsl_cdf.h>

#include "test-util.h"
#include "dp-private.h"

typedef struct {
  double a_rest; /* A − shift */
  double shift;  /* max(A, 0): the integration variable is s = t − shift */
  double mu;
} DeltaIntegrand;

static double
delta_integrand (double s, void *data)
{
  DeltaIntegrand *d = data;
  double z = d->a_rest - s;
  return TEST_INV_SQRT_2PI * exp (-0.5 * z * z) * -expm1 (-d->mu * (d->shift + s));
}

/* ∫_0^∞ φ(A − t)(1 − e^{−μt}) dt in the shifted variable s = t − max(A, 0) (so that a peak far
 * out at t = A ≫ 1 is still resolved finely), split where the integrand has its bulk: around
 * s = 0 within a few units, or within 1/|A| of 0 when A ≪ 0. */
static double
delta_by_integration_a (double mu, double a)
{
  double shift = fmax (a, 0.0);
  DeltaIntegrand d = { a - shift, shift, mu };
  double width = a < -1.0 ? 1.0 / -a : 1.0;
  double cuts[] = { -shift, fmax (-10 * width, -shift), fmax (-width, -shift), 0.0, width,
                    10 * width, 40.0 };
  double sum = 0.0, err = 0.0, e;
  for (guint i = 0; i + 1 < G_N_ELEMENTS (cuts); i++)
    if (cuts[i + 1] > cuts[i])
      {
        sum += test_integrate_raw (delta_integrand, &d, cuts[i], cuts[i + 1], 2e-14, &e);
        err += e;
      }
  test_check_integral (sum, err, 0.0, HUGE_VAL, 2e-14);
  return sum;
}

static double
delta_by_integration (double mu, double eps)
{
  return delta_by_integration_a (mu, 0.5 * mu - eps / mu);
}

/* Φ(A) − e^ε Φ(B) in long double, for checks where the terms do not cancel badly. */
static long double
delta_long_double (double mu, double eps)
{
  long double m = mu, e = eps;
  long double a = m / 2 - e / m, b = -m / 2 - e / m;
  return 0.5L * erfcl (-a / sqrtl (2.0L)) - expl (e) * 0.5L * erfcl (-b / sqrtl (2.0L));
}

static const double mus[] = { 1e-9, 1e-6, 1e-4, 1e-2, 0.1, 0.3, 0.49, 0.5, 0.51, 0.9, 1.0,
                              1.7, 3.0, 6.0, 10.0, 30.0, 100.0 };
static const double epss[] = { 0.0, 1e-6, 1e-3, 0.02, 0.1, 0.5, 1.0, 2.0, 5.0, 10.0, 50.0,
                               200.0 };

/* The Mills ratio R(s) = Φ(−s)/φ(s) above 3, where the core cuts Laplace's continued fraction
 * at a depth that depends on s: against the same fraction at depth 400 (converged everywhere
 * here, a bound on the depth's error) within 4 ulp, and against erfc in long double (A&S
 * 26.2.14's definition, no continued fraction) within 2e-15 while that is representable. */
static void
test_mills_ratio (void)
{
  for (int i = 0; i <= 4000; i++)
    {
      double s = 3.0 * pow (1e6 / 3.0, i / 4000.0);
      double t = s, deep, got = dp_mills_ratio (s);

      for (int k = 400; k >= 1; k--)
        t = s + k / t;
      deep = 1.0 / t;
      assert_rel ("Mills ratio vs its continued fraction at depth 400", got, deep,
                  4 * DBL_EPSILON);
      if (s < 100.0)
        {
          long double z = s;
          long double erfc_form = sqrtl (M_PI / 2.0L) * expl (0.5L * z * z)
                                  * erfcl (z / sqrtl (2.0L));

          assert_rel ("Mills ratio vs √(π/2)·e^{s²/2}·erfc(s/√2)", got, (double) erfc_form,
                      2e-15);
        }
    }
}

static void
test_delta_vs_integral (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (mus); i++)
    for (guint j = 0; j < G_N_ELEMENTS (epss); j++)
      {
        double got;
        assert_ok (dp_gaussian_delta (mus[i], epss[j], &got));
        g_assert_true (isfinite (got) && got >= 0.0 && got <= 1.0);
        double want = delta_by_integration (mus[i], epss[j]);
        if (want < 1e-280)
          {
            g_assert_cmpfloat (got, <=, 1e-270);
            continue;
          }
        /* the value is conditioned like A²·DBL_EPSILON in its inputs */
        double a = 0.5 * mus[i] - epss[j] / mus[i];
        double tol = 1e-12 + 4 * DBL_EPSILON * a * a;
        assert_rel ("gaussian δ(ε) vs ∫φ(A−t)(1−e^{−μt})", got, want, tol);

        long double ld = delta_long_double (mus[i], epss[j]);
        long double first = 0.5L * erfcl (-(0.5L * mus[i] - (long double) epss[j] / mus[i])
                                          / sqrtl (2.0L));
        if (ld > 1e-4L * first && ld > 1e-300L)
          assert_rel ("gaussian δ(ε) vs Thm 8 in long double", got, (double) ld,
                      1e-12 + 4 * DBL_EPSILON * a * a);
      }
}

static void
test_delta_identities (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (mus); i++)
    {
      double mu = mus[i], d0, tv, prev = 1.0;
      DpMechanism m;
      /* δ(0) = TV = 2Φ(μ/2) − 1 = erf(μ/(2√2)) */
      assert_ok (dp_gaussian_delta (mu, 0.0, &d0));
      assert_rel ("gaussian δ(0) = erf(μ/2√2)", d0, erf (mu / (2 * M_SQRT2)), 1e-13);
      if (1.0 / mu >= 1e-9 && 1.0 / mu <= 1e12) /* σ = 1/μ inside its domain */
        {
          assert_ok (dp_mechanism_gaussian (1.0 / mu, 1.0, &m));
          assert_ok (dp_total_variation (&m, &tv));
          assert_rel ("gaussian TV = δ(0)", tv, d0, 1e-13);
          /* negative ε′: δ(ε′) = 1 − e^{ε′} + e^{ε′}δ(−ε′) for the symmetric pair, checked
           * against the direct integral ∫_{L>ε′} p(1 − e^{ε′−L}) = ∫_0^∞ φ(A−t)(1−e^{−μt}) */
          for (int k = 1; k <= 3; k++)
            {
              double ep = -0.7 * k * (mu + 0.1), got, mum = m.sensitivity / m.scale;
              assert_ok (dp_hockey_stick (&m, ep, &got));
              double want = delta_by_integration_a (mum, 0.5 * mum - ep / mum);
              assert_rel ("gaussian δ(ε′ < 0)", got, want, 1e-12);
            }
        }
      /* δ is decreasing in ε, increasing in μ */
      for (int k = 0; k <= 200; k++)
        {
          double eps = k * 0.05 * (1 + mu), d, d_more;
          assert_ok (dp_gaussian_delta (mu, eps, &d));
          g_assert_cmpfloat (d, <=, prev);
          prev = d;
          assert_ok (dp_gaussian_delta (mu * 1.01, eps, &d_more));
          g_assert_cmpfloat (d_more, >=, d);
        }
    }
}

/* dp_gaussian_epsilon: δ(ε*) ≤ δ and ε* is the smallest such ε to 1e-13 relative. */
static void
test_epsilon_inverse (void)
{
  const double deltas[] = { 1e-15, 1e-12, 1e-8, 1e-5, 1e-3, 0.1, 0.5 };
  for (guint i = 0; i < G_N_ELEMENTS (mus); i++)
    for (guint k = 0; k < G_N_ELEMENTS (deltas); k++)
      {
        double mu = mus[i], eps, d, d_below, d0;
        assert_ok (dp_gaussian_epsilon (mu, deltas[k], &eps));
        g_assert_true (isfinite (eps) && eps >= 0);
        assert_ok (dp_gaussian_delta (mu, 0.0, &d0));
        if (deltas[k] >= d0)
          {
            g_assert_cmpfloat (eps, ==, 0.0);
            continue;
          }
        assert_ok (dp_gaussian_delta (mu, eps, &d));
        assert_ok (dp_gaussian_delta (mu, eps * (1 - 1e-13), &d_below));
        g_assert_cmpfloat (d, <=, deltas[k]);
        g_assert_cmpfloat (d_below, >=, deltas[k] * (1 - 1e-13));
        double a = 0.5 * mu - eps / mu;
        if (8 * DBL_EPSILON * eps * (1 + a * a) <= 1e-12 * deltas[k])
          assert_rel ("gaussian δ(ε(δ)) = δ", d, deltas[k], 2e-12);
      }
}

/* dp_gaussian_epsilon_hint: the answer of dp_gaussian_epsilon whatever the hint — one that is
 * private enough (the answer for a smaller δ, or far right), one that is not (left of the
 * root), and none (NaN, ∞, 0, negative). */
static void
test_epsilon_hint (void)
{
  const double deltas[] = { 1e-15, 1e-12, 1e-8, 1e-5, 1e-3, 0.1 };
  for (guint i = 0; i < G_N_ELEMENTS (mus); i++)
    for (guint k = 0; k < G_N_ELEMENTS (deltas); k++)
      {
        double mu = mus[i], eps, smaller, d0;
        assert_ok (dp_gaussian_epsilon (mu, deltas[k], &eps));
        assert_ok (dp_gaussian_epsilon (mu, deltas[k] * 0.8, &smaller));
        assert_ok (dp_gaussian_delta (mu, 0.0, &d0));
        const double hints[] = { smaller, 3 * eps + 1, 0.5 * eps, 0.999999 * eps, NAN, INFINITY,
                                 0.0, -1.0 };
        for (guint h = 0; h < G_N_ELEMENTS (hints); h++)
          {
            double e, d, d_below;
            assert_ok (dp_gaussian_epsilon_hint (mu, deltas[k], hints[h], &e));
            if (deltas[k] >= d0)
              {
                g_assert_cmpfloat (e, ==, 0.0);
                continue;
              }
            /* the same properties as test_epsilon_inverse: private enough, and minimal */
            assert_ok (dp_gaussian_delta (mu, e, &d));
            assert_ok (dp_gaussian_delta (mu, e * (1 - 1e-13), &d_below));
            g_assert_cmpfloat (d, <=, deltas[k]);
            g_assert_cmpfloat (d_below, >=, deltas[k] * (1 - 1e-13));
            g_assert_cmpfloat (fabs (e - eps), <=, 4e-15 * eps);
          }
      }
  {
    double v;
    assert_domain (dp_gaussian_epsilon_hint (0.0, 1e-5, 1.0, &v));
    assert_domain (dp_gaussian_epsilon_hint (1.0, 0.0, 1.0, &v));
    assert_domain (dp_gaussian_epsilon_hint (1.0, 1e-5, 1.0, NULL));
  }
}

/* Analytic Gaussian mechanism (Balle & Wang 2018, Alg. 1): δ(ε) at σ* meets the target to
 * ~1e-12, σ*(1 − 1e-9) violates it; the classic σ is larger for ε < 1 (Dwork & Roth Thm A.1
 * is a sufficient condition there). */
static void
test_sigma_analytic (void)
{
  const double eps[] = { 1e-3, 0.01, 0.1, 0.5, 0.9, 1.0, 2.0, 5.0, 10.0, 50.0, 200.0, 700.0 };
  const double deltas[] = { 1e-15, 1e-12, 1e-9, 1e-6, 1e-5, 1e-3, 0.05, 0.5 };
  const double sens[] = { 1e-3, 1.0, 1e3 };
  for (guint i = 0; i < G_N_ELEMENTS (eps); i++)
    for (guint k = 0; k < G_N_ELEMENTS (deltas); k++)
      for (guint s = 0; s < G_N_ELEMENTS (sens); s++)
        {
          double sigma, classic, d, d_smaller;
          assert_ok (dp_gaussian_sigma_analytic (eps[i], deltas[k], sens[s], &sigma));
          assert_ok (dp_gaussian_sigma_classic (eps[i], deltas[k], sens[s], &classic));
          g_assert_true (isfinite (sigma) && sigma > 0);
          /* the mechanism at σ* (through the public δ of the pair, μ = Δ/σ*) */
          assert_ok (dp_gaussian_delta (sens[s] / sigma, eps[i], &d));
          assert_ok (dp_gaussian_delta (sens[s] / (sigma * (1 - 1e-9)), eps[i], &d_smaller));
          g_assert_cmpfloat (d, <=, deltas[k]);
          g_assert_cmpfloat (d_smaller, >, deltas[k]);
          /* δ varies like A² relative per relative change of σ; σ* is within 1e-15 of the
           * root, so δ(σ*) is within (1 + A²)·1e-14 of the target */
          double mu = sens[s] / sigma, a = 0.5 * mu - eps[i] / mu;
          assert_rel ("analytic σ: δ(ε) at σ* = target", d, deltas[k], 1e-12 * (1 + a * a / 10));
          /* the classic formula with its δ' as in Thm A.1 */
          long double want_classic = sens[s] * sqrtl (2 * logl (1.25L / deltas[k])) / eps[i];
          assert_rel ("classic σ", classic, (double) want_classic, 1e-15);
          if (eps[i] < 1.0)
            g_assert_cmpfloat (classic, >=, sigma);
          /* σ scales with Δ */
          if (s > 0)
            {
              double unit;
              assert_ok (dp_gaussian_sigma_analytic (eps[i], deltas[k], 1.0, &unit));
              assert_rel ("analytic σ ∝ Δ", sigma, unit * sens[s], 1e-12);
            }
        }
  /* Balle & Wang 2018, Fig. 2 / common reference point: ε = 1, δ = 1e-5 gives σ ≈ 3.73 */
  double sigma;
  assert_ok (dp_gaussian_sigma_analytic (1.0, 1e-5, 1.0, &sigma));
  g_assert_cmpfloat (fabs (sigma - 3.73), <, 0.01);
  /* monotone: more privacy (smaller ε or δ) needs more noise */
  double prev = HUGE_VAL;
  for (int k = 0; k <= 100; k++)
    {
      double e = 1e-3 * pow (5e4, k / 100.0), s;
      assert_ok (dp_gaussian_sigma_analytic (e, 1e-6, 1.0, &s));
      g_assert_cmpfloat (s, <, prev);
      prev = s;
    }
}

static void
test_domain (void)
{
  double v;
  const double bad_mu[] = { NAN, -1.0, 0.0, 2e6, HUGE_VAL };
  for (guint i = 0; i < G_N_ELEMENTS (bad_mu); i++)
    {
      assert_domain (dp_gaussian_delta (bad_mu[i], 1.0, &v));
      assert_domain (dp_gaussian_epsilon (bad_mu[i], 1e-5, &v));
    }
  const double bad_eps[] = { NAN, -1e-9, 2e6, HUGE_VAL };
  for (guint i = 0; i < G_N_ELEMENTS (bad_eps); i++)
    assert_domain (dp_gaussian_delta (1.0, bad_eps[i], &v));
  const double bad_delta[] = { NAN, -1.0, 0.0, 1.0, 3.0 };
  for (guint i = 0; i < G_N_ELEMENTS (bad_delta); i++)
    {
      assert_domain (dp_gaussian_epsilon (1.0, bad_delta[i], &v));
      assert_domain (dp_gaussian_sigma_analytic (1.0, bad_delta[i], 1.0, &v));
      assert_domain (dp_gaussian_sigma_classic (1.0, bad_delta[i], 1.0, &v));
    }
  assert_domain (dp_gaussian_sigma_analytic (0.0, 1e-5, 1.0, &v));
  assert_domain (dp_gaussian_sigma_analytic (701.0, 1e-5, 1.0, &v));
  assert_domain (dp_gaussian_sigma_analytic (1.0, 1e-5, 0.0, &v));
  assert_domain (dp_gaussian_sigma_analytic (1.0, 1e-5, NAN, &v));
  assert_domain (dp_gaussian_sigma_classic (-1.0, 1e-5, 1.0, &v));
  assert_domain (dp_gaussian_delta (1.0, 1.0, NULL));
  assert_domain (dp_gaussian_epsilon (1.0, 1e-5, NULL));
  assert_domain (dp_gaussian_sigma_analytic (1.0, 1e-5, 1.0, NULL));
  assert_domain (dp_gaussian_sigma_classic (1.0, 1e-5, 1.0, NULL));
}

/* Targets down to the smallest subnormal are valid δ ∈ (0, 1). δ/target overflows there; an
 * infinite value handed to Brent's method (GSL) makes GSL's error handler, on in this binary
 * and in dpviz-cli, abort the program (e.g. μ = 0.001, δ = 1e-320). The answers are checked
 * against Thm 8 in long double, to the precision a subnormal δ has (1e-320 carries about 11
 * bits). */
static void
test_subnormal_targets (void)
{
  const double targets[] = { 1e-300, 1e-310, 1e-320, DBL_TRUE_MIN };
  const double mus_small[] = { 1e-3, 0.1, 1.0, 10.0 };
  for (guint i = 0; i < G_N_ELEMENTS (mus_small); i++)
    for (guint j = 0; j < G_N_ELEMENTS (targets); j++)
      {
        double mu = mus_small[i], d = targets[j], eps, sigma;
        assert_ok (dp_gaussian_epsilon (mu, d, &eps));
        g_assert_true (isfinite (eps) && eps > 0);
        g_assert_cmpfloat ((double) delta_long_double (mu, eps), <=, d * 1.01);
        g_assert_cmpfloat ((double) delta_long_double (mu, eps * (1 - 1e-3)), >, d);
        assert_ok (dp_gaussian_sigma_analytic (eps, d, 1.0, &sigma));
        g_assert_cmpfloat (fabs (1.0 / sigma - mu), <=, 1e-3 * mu);
      }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/gaussian/mills-ratio", test_mills_ratio);
  g_test_add_func ("/gaussian/delta-vs-integral", test_delta_vs_integral);
  g_test_add_func ("/gaussian/delta-identities", test_delta_identities);
  g_test_add_func ("/gaussian/epsilon-inverse", test_epsilon_inverse);
  g_test_add_func ("/gaussian/subnormal-targets", test_subnormal_targets);
  g_test_add_func ("/gaussian/epsilon-hint", test_epsilon_hint);
  g_test_add_func ("/gaussian/sigma-analytic", test_sigma_analytic);
  g_test_add_func ("/gaussian/domain", test_domain);
  int status = g_test_run ();
  test_print_errors ();
  return status;
}
