/* test-accuracy.c — what ε costs in accuracy (book §3.3.2, Example 3.1)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected values: the probability of the interval ±x integrated from the noise densities
 * written out here (GSL quadrature) and from GSL's Laplace and Gaussian CDFs, the book's
 * Example 3.1 (mean of n values in [0, 1]: Δ = 1/n), the Balle–Wang δ(ε) written out here with
 * erfc, series and limits of Φ⁻¹, round trips of the inverse question, and simulated answers
 * against their exact interval probability.
 */
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_sf_erf.h>

#include "test-util.h"

typedef struct {
  int kind;
  double scale;
} Noise;

static double
noise_density (double z, void *data)
{
  const Noise *n = data;
  if (n->kind == DP_MECHANISM_LAPLACE)
    return exp (-fabs (z) / n->scale) / (2.0 * n->scale);
  return TEST_INV_SQRT_2PI / n->scale * exp (-0.5 * (z / n->scale) * (z / n->scale));
}

/* Pr[|Z| ≤ x] by quadrature of the density over [−x, x] (split at the Laplace kink 0). */
static double
interval_probability (int kind, double scale, double x)
{
  Noise n = { kind, scale };
  return 2.0 * test_integrate (noise_density, &n, 0.0, x, 1e-13);
}

/* Balle & Wang 2018, Thm 8, written out with GSL's erfc and log erfc (no libdpcore):
 * δ = Φ(μ/2 − ε/μ) − e^ε Φ(−μ/2 − ε/μ), the second term as exp(ε + ln Φ(·)) so that e^ε
 * cannot overflow against a vanishing Φ. */
static double
bw_delta (double mu, double eps)
{
  double first = 0.5 * gsl_sf_erfc (-(mu / 2 - eps / mu) / M_SQRT2);
  double log_second = eps + log (0.5) + gsl_sf_log_erfc ((mu / 2 + eps / mu) / M_SQRT2);
  return first - exp (log_second);
}

static void
test_half_width (void)
{
  const double conf[] = { 1e-6, 0.1, 0.5, 0.9, 0.95, 0.99, 0.999999 };
  const double eps[] = { 0.01, 0.5, 1.0, 10.0 };
  for (guint i = 0; i < G_N_ELEMENTS (conf); i++)
    for (guint j = 0; j < G_N_ELEMENTS (eps); j++)
      {
        DpMechanism lap, gau;
        double x;
        assert_ok (dp_mechanism_laplace (eps[j], 1.0, &lap));
        assert_ok (dp_accuracy_half_width (&lap, conf[i], &x));
        assert_rel ("Laplace half-width: ∫ density", interval_probability (0, lap.scale, x),
                    conf[i], 1e-10);
        assert_rel ("Laplace half-width: GSL CDF",
                    gsl_cdf_laplace_P (x, lap.scale) - gsl_cdf_laplace_P (-x, lap.scale),
                    conf[i], conf[i] < 1e-3 ? 1e-9 : 1e-13);

        assert_ok (dp_mechanism_gaussian_calibrated (eps[j], 1e-5, 1.0, &gau));
        assert_ok (dp_accuracy_half_width (&gau, conf[i], &x));
        assert_rel ("Gaussian half-width: ∫ density",
                    interval_probability (DP_MECHANISM_GAUSSIAN, gau.scale, x), conf[i], 1e-10);
        assert_rel ("Gaussian half-width: erf", gsl_sf_erf (x / gau.scale / M_SQRT2), conf[i],
                    1e-14);
      }

  /* Book Example 3.1: the mean of n = 100 values in [0, 1] has Δ = 1/100; at ε = 1 the Laplace
   * scale is b = 0.01 and the 95 % half-width b·ln 20 = 0.0299573… */
  double delta_mean, x;
  DpMechanism lap;
  assert_ok (dp_accuracy_mean_sensitivity (100, &delta_mean));
  g_assert_cmpfloat (delta_mean, ==, 0.01);
  assert_ok (dp_mechanism_laplace (1.0, delta_mean, &lap));
  assert_ok (dp_accuracy_half_width (&lap, 0.95, &x));
  assert_rel ("Example 3.1 half-width", x, 0.01 * log (20.0), 1e-15);
  /* counting query: Δ = 1, same ε → 100 times wider */
  DpMechanism count;
  double xc;
  assert_ok (dp_mechanism_laplace (1.0, 1.0, &count));
  assert_ok (dp_accuracy_half_width (&count, 0.95, &xc));
  assert_rel ("counting vs mean of 100", xc / x, 100.0, 1e-14);
  /* Gaussian 95 %: the textbook 1.959963984540054 σ */
  DpMechanism g;
  assert_ok (dp_mechanism_gaussian (2.0, 1.0, &g));
  assert_ok (dp_accuracy_half_width (&g, 0.95, &x));
  assert_rel ("Gaussian 1.96 σ", x, 2.0 * 1.959963984540054, 1e-15);
}

/* Φ⁻¹((1 + C)/2) = √2 erf⁻¹(C): erf of the answer gives C back (GSL's erf, relative for small
 * arguments); the series √(π/2)·C·(1 + πC²/12) for tiny C; the known 97.5 % point. */
static void
test_gaussian_quantile (void)
{
  for (int i = 1; i < 400; i++)
    {
      double c = i / 400.0, z;
      assert_ok (dp_accuracy_gaussian_quantile (c, &z));
      assert_rel ("erf(z/√2) = C", gsl_sf_erf (z / M_SQRT2), c, 3e-15);
    }
  const double tiny[] = { 1e-300, 1e-100, 1e-12, 1e-6, 1e-4 };
  for (guint i = 0; i < G_N_ELEMENTS (tiny); i++)
    {
      double z, c = tiny[i];
      assert_ok (dp_accuracy_gaussian_quantile (c, &z));
      assert_rel ("Φ⁻¹ series for tiny C", z, sqrt (M_PI / 2) * c * (1 + M_PI * c * c / 12),
                  1e-14);
    }
  const double near_one[] = { 1 - 1e-15, 1 - 1e-10, 0.999 };
  for (guint i = 0; i < G_N_ELEMENTS (near_one); i++)
    {
      double z;
      assert_ok (dp_accuracy_gaussian_quantile (near_one[i], &z));
      /* the upper tail 2Φ(−z) = 1 − C with relative accuracy */
      assert_rel ("erfc(z/√2) = 1 − C", erfc (z / M_SQRT2), 1.0 - near_one[i], 1e-13);
    }
  double z;
  assert_ok (dp_accuracy_gaussian_quantile (0.95, &z));
  assert_rel ("z_0.975", z, 1.959963984540054, 1e-15);
}

/* The inverse question round-trips: the ε (or σ) found gives back ±x at C, and the ε at δ
 * of the Gaussian is the one the analytic calibration maps to that σ. */
static void
test_inverse_round_trip (void)
{
  const double conf[] = { 0.5, 0.9, 0.95, 0.99 };
  const double widths[] = { 1e-3, 0.05, 1.0, 30.0 };
  const double sens[] = { 1e-3, 0.01, 1.0, 50.0 };
  for (guint i = 0; i < G_N_ELEMENTS (conf); i++)
    for (guint j = 0; j < G_N_ELEMENTS (widths); j++)
      for (guint k = 0; k < G_N_ELEMENTS (sens); k++)
        {
          double eps, x, sigma, eps_g;
          DpMechanism m;
          assert_ok (dp_accuracy_laplace_epsilon (sens[k], widths[j], conf[i], &eps));
          /* closed form, written here: ε = Δ ln(1/(1 − C))/x */
          assert_rel ("Laplace ε closed form", eps, sens[k] * log (1.0 / (1.0 - conf[i])) / widths[j],
                      1e-14);
          if (eps >= DP_EPSILON_MIN && eps <= DP_EPSILON_MAX)
            {
              assert_ok (dp_mechanism_laplace (eps, sens[k], &m));
              assert_ok (dp_accuracy_half_width (&m, conf[i], &x));
              assert_rel ("Laplace round trip", x, widths[j], 1e-14);
            }

          assert_ok (dp_accuracy_gaussian_sigma (widths[j], conf[i], &sigma));
          assert_ok (dp_mechanism_gaussian (sigma, sens[k], &m));
          assert_ok (dp_accuracy_half_width (&m, conf[i], &x));
          assert_rel ("Gaussian σ round trip", x, widths[j], 1e-14);
          assert_rel ("Gaussian σ: Pr[|Z| ≤ x] by quadrature",
                      interval_probability (DP_MECHANISM_GAUSSIAN, sigma, widths[j]), conf[i],
                      1e-10);

          const double deltas[] = { 1e-9, 1e-5, 1e-2 };
          for (guint d = 0; d < G_N_ELEMENTS (deltas); d++)
            {
              DpStatus st = dp_accuracy_gaussian_epsilon (sens[k], widths[j], conf[i], deltas[d],
                                                          &sigma, &eps_g);
              double mu = sens[k] / sigma;
              if (mu > 1e6)
                {
                  g_assert_cmpint (st, ==, DP_ERR_DOMAIN);
                  continue;
                }
              assert_ok (st);
              if (eps_g == 0.0)
                {
                  /* δ ≥ TV = δ(0) */
                  g_assert_cmpfloat (bw_delta (mu, 0.0), <=, deltas[d] * (1 + 1e-9));
                  continue;
                }
              /* δ(ε) = δ at the answer (it is the smallest such ε: δ is decreasing) */
              assert_rel ("Gaussian ε at δ: δ_G(ε) = δ", bw_delta (mu, eps_g), deltas[d], 1e-7);
              if (eps_g >= 1e-3 && eps_g <= 10 && sens[k] >= 1e-3)
                {
                  DpMechanism cal;
                  assert_ok (dp_mechanism_gaussian_calibrated (eps_g, deltas[d], sens[k], &cal));
                  assert_rel ("analytic calibration gives σ back", cal.scale, sigma, 1e-8);
                }
            }
        }
}

static void
test_confidence (void)
{
  DpMechanism lap, gau;
  assert_ok (dp_mechanism_laplace (0.7, 2.0, &lap));
  assert_ok (dp_mechanism_gaussian (1.5, 1.0, &gau));
  const double xs[] = { 0.0, 1e-9, 0.1, 1.0, 5.0, 40.0 };
  for (guint i = 0; i < G_N_ELEMENTS (xs); i++)
    {
      double c;
      assert_ok (dp_accuracy_confidence (&lap, xs[i], &c));
      /* 1 − e^{−u}, u = x/b; its Taylor series where the difference would cancel */
      double u = xs[i] / lap.scale;
      assert_rel ("Laplace Pr[|Z| ≤ x]", c, u < 1e-4 ? u * (1 - u / 2 + u * u / 6) : 1 - exp (-u),
                  1e-14);
      if (xs[i] > 0)
        assert_rel ("Laplace Pr[|Z| ≤ x] by quadrature", c, interval_probability (0, lap.scale, xs[i]),
                    1e-10);
      assert_ok (dp_accuracy_confidence (&gau, xs[i], &c));
      if (xs[i] > 0)
        assert_rel ("Gaussian Pr[|Z| ≤ x] by quadrature", c,
                    interval_probability (DP_MECHANISM_GAUSSIAN, gau.scale, xs[i]), 1e-10);
      else
        g_assert_cmpfloat (c, ==, 0.0);
    }
}

/* The curve against ε: Laplace Δ ln(1/(1 − C))/ε written here; Gaussian: at each point the
 * σ = x/z has δ_G(ε) = δ (written here), i.e. it is the analytic calibration. */
static void
test_curve (void)
{
  double eps[40], xl[40], xg[40], z;
  for (int i = 0; i < 40; i++)
    eps[i] = 0.01 * pow (1000.0, i / 39.0);
  assert_ok (dp_accuracy_half_width_curve (DP_MECHANISM_LAPLACE, 0.5, 0.0, 0.95, eps, 40, xl));
  assert_ok (dp_accuracy_half_width_curve (DP_MECHANISM_GAUSSIAN, 0.5, 1e-6, 0.95, eps, 40, xg));
  z = gsl_cdf_ugaussian_Pinv (0.975);
  for (int i = 0; i < 40; i++)
    {
      assert_rel ("Laplace width curve", xl[i], 0.5 * log (20.0) / eps[i], 1e-14);
      double sigma = xg[i] / z, mu = 0.5 / sigma;
      assert_rel ("Gaussian width curve: δ_G(ε) = δ at σ", bw_delta (mu, eps[i]), 1e-6, 1e-6);
      if (i > 0)
        {
          g_assert_cmpfloat (xl[i], <, xl[i - 1]);
          g_assert_cmpfloat (xg[i], <, xg[i - 1]);
        }
    }
  /* refused points leave the curve untouched */
  double bad[2] = { 1.0, 1e-9 }, out[2] = { -7, -7 };
  assert_domain (dp_accuracy_half_width_curve (DP_MECHANISM_GAUSSIAN, 0.5, 1e-6, 0.95, bad, 2, out));
  g_assert_cmpfloat (out[0], ==, -7);
  assert_domain (dp_accuracy_half_width_curve (DP_MECHANISM_RR, 1.0, 0.0, 0.95, eps, 2, out));
  assert_domain (dp_accuracy_half_width_curve (DP_MECHANISM_GAUSSIAN, 1.0, 0.0, 0.95, eps, 2, out));
}

/* Seeded noisy answers: the same seed gives the same answers; over many draws the share
 * inside ±x_C is C within 4.5 binomial standard deviations, and the mean is the true
 * answer within 4.5 standard errors, for several seeds. */
static void
test_noisy_answers (void)
{
  const size_t count = 20000;
  double *a = g_new (double, count), *b = g_new (double, count);
  DpMechanism mechs[2];
  assert_ok (dp_mechanism_laplace (0.5, 1.0, &mechs[0]));
  assert_ok (dp_mechanism_gaussian (3.0, 1.0, &mechs[1]));
  for (int m = 0; m < 2; m++)
    for (unsigned long seed = 0; seed < 4; seed++)
      {
        double x, sd = mechs[m].kind == DP_MECHANISM_LAPLACE ? M_SQRT2 * mechs[m].scale
                                                              : mechs[m].scale;
        assert_ok (dp_accuracy_noisy_answers (&mechs[m], 42.0, seed, count, a));
        assert_ok (dp_accuracy_noisy_answers (&mechs[m], 42.0, seed, count, b));
        g_assert_true (memcmp (a, b, count * sizeof (double)) == 0);
        assert_ok (dp_accuracy_half_width (&mechs[m], 0.9, &x));
        size_t inside = 0;
        double sum = 0;
        for (size_t i = 0; i < count; i++)
          {
            g_assert_true (isfinite (a[i]));
            inside += fabs (a[i] - 42.0) <= x;
            sum += a[i];
          }
        g_assert_cmpfloat (fabs ((double) inside / count - 0.9), <=, 4.5 * sqrt (0.09 / count));
        g_assert_cmpfloat (fabs (sum / count - 42.0), <=, 4.5 * sd / sqrt (count));
      }
  assert_ok (dp_accuracy_noisy_answers (&mechs[0], 0.0, 1, 16, a));
  assert_ok (dp_accuracy_noisy_answers (&mechs[0], 0.0, 2, 16, b));
  g_assert_true (memcmp (a, b, 16 * sizeof (double)) != 0);
  g_free (a);
  g_free (b);
}

static void
test_domain (void)
{
  DpMechanism lap, rr;
  double v = -7, w = -7;
  assert_ok (dp_mechanism_laplace (1.0, 1.0, &lap));
  assert_ok (dp_mechanism_rr (1.0, &rr));
  const double bad_c[] = { 0.0, 1.0, -0.1, 1.5, NAN };
  for (guint i = 0; i < G_N_ELEMENTS (bad_c); i++)
    {
      assert_domain (dp_accuracy_half_width (&lap, bad_c[i], &v));
      assert_domain (dp_accuracy_gaussian_quantile (bad_c[i], &v));
      assert_domain (dp_accuracy_laplace_epsilon (1.0, 1.0, bad_c[i], &v));
      assert_domain (dp_accuracy_gaussian_sigma (1.0, bad_c[i], &v));
    }
  const double bad_x[] = { 0.0, -1.0, NAN, HUGE_VAL };
  for (guint i = 0; i < G_N_ELEMENTS (bad_x); i++)
    {
      assert_domain (dp_accuracy_laplace_epsilon (1.0, bad_x[i], 0.95, &v));
      assert_domain (dp_accuracy_gaussian_sigma (bad_x[i], 0.95, &v));
      assert_domain (dp_accuracy_gaussian_epsilon (1.0, bad_x[i], 0.95, 1e-5, &v, &w));
    }
  assert_domain (dp_accuracy_confidence (&lap, -1.0, &v));
  assert_domain (dp_accuracy_confidence (&lap, NAN, &v));
  assert_domain (dp_accuracy_half_width (&rr, 0.95, &v));
  assert_domain (dp_accuracy_noisy_answers (&rr, 0.0, 1, 1, &v));
  assert_domain (dp_accuracy_noisy_answers (&lap, 0.0, DP_SEED_MAX + 1, 1, &v));
  assert_domain (dp_accuracy_noisy_answers (&lap, NAN, 1, 1, &v));
  assert_domain (dp_accuracy_laplace_epsilon (0.0, 1.0, 0.95, &v));
  assert_domain (dp_accuracy_gaussian_epsilon (1.0, 1.0, 0.95, 0.0, &v, &w));
  assert_domain (dp_accuracy_gaussian_epsilon (1.0, 1.0, 0.95, 1.0, &v, &w));
  assert_domain (dp_accuracy_mean_sensitivity (0, &v));
  assert_domain (dp_accuracy_mean_sensitivity (2000000000UL, &v));
  g_assert_cmpfloat (v, ==, -7);
  g_assert_cmpfloat (w, ==, -7);
  /* an answer that is not a double is an error, not ∞ */
  g_assert_cmpint (dp_accuracy_laplace_epsilon (1e9, 1e-300, 0.999999, &v), ==, DP_ERR_NUMERIC);
  g_assert_cmpint (dp_accuracy_gaussian_sigma (1e300, 1e-300, &v), ==, DP_ERR_NUMERIC);
  g_assert_cmpfloat (v, ==, -7);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/accuracy/half-width", test_half_width);
  g_test_add_func ("/accuracy/gaussian-quantile", test_gaussian_quantile);
  g_test_add_func ("/accuracy/inverse-round-trip", test_inverse_round_trip);
  g_test_add_func ("/accuracy/confidence", test_confidence);
  g_test_add_func ("/accuracy/curve", test_curve);
  g_test_add_func ("/accuracy/noisy-answers", test_noisy_answers);
  g_test_add_func ("/accuracy/domain", test_domain);
  int status = g_test_run ();
  test_print_errors ();
  return status;
}
