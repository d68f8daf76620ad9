/* test-cli-mechanisms.c — dpviz-cli survey, utility, exponential, --group and the classic
 * calibration, end to end
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every key of every answer is checked (cli_assert_keys: no undocumented key, none missing)
 * against values derived here: the book's numbers (p = 2/3 at ε = ln 2, π̂ = 3λ̂ − 1, Example 3.1),
 * Bayes' rule, binomial tails summed here, the Laplace and Gaussian interval probabilities,
 * the Balle–Wang δ(ε) written out here, direct normalisation of the exponential mechanism, and
 * the identity that the group of G under ε is the pair of the mechanism at Gε. Every error
 * path exits 2 with one line.
 */
#include "config.h"

#include <float.h>
#include <locale.h>

#include <gsl/gsl_rng.h>

#include "cli-ref.h"
#include "cli-run.h"

/* Pr[K ≥ k] and Pr[K ≤ k] for K ~ Binomial(n, λ), summed term by term in long double. */
static double
binom_tail (unsigned long n, unsigned long k, long double lam, gboolean upper)
{
  long double s = 0.0L;

  for (unsigned long j = upper ? k : 0; j <= (upper ? n : k); j++)
    s += expl (lgammal (n + 1.0L) - lgammal (j + 1.0L) - lgammal (n - j + 1.0L)
               + j * logl (lam) + (n - j) * log1pl (-lam));
  return (double) s;
}

/* ---------------------------------------------------------------------------------------- */
/* survey                                                                                    */

static void
test_survey_design (void)
{
  /* The book's coin (ε = ln 2, p = 2/3): λ = (1 + π)/3, sd = 3√(λ(1 − λ)/n); the posteriors by
   * Bayes' rule: Pr[X = 1 | Y = 1] = πp/(πp + (1 − π)(1 − p)). */
  g_autofree char *ln2 = cli_fmt (log (2.0));
  g_autoptr(JsonObject) j = CLI_RUN_JSON ("survey", "--epsilon", ln2, "--n", "100",
                                          "--true-rate", "0.3");
  double lam = 1.3 / 3.0;

  cli_assert_keys (j, "epsilon", "rr_p", "n", "true_rate", "observed_rate", "estimator_sd",
                   "posterior_yes_if_reported_yes", "posterior_yes_if_reported_no", NULL);
  cli_assert_rel (cli_get_double (j, "epsilon"), log (2.0), 0);
  cli_assert_rel (cli_get_double (j, "rr_p"), 2.0 / 3.0, 1e-15);
  g_assert_cmpint (cli_get_int (j, "n"), ==, 100);
  cli_assert_rel (cli_get_double (j, "true_rate"), 0.3, 0);
  cli_assert_rel (cli_get_double (j, "observed_rate"), lam, 1e-15);
  cli_assert_rel (cli_get_double (j, "estimator_sd"), 3 * sqrt (lam * (1 - lam) / 100), 1e-14);
  cli_assert_rel (cli_get_double (j, "posterior_yes_if_reported_yes"),
                  0.3 * 2 / 3 / (0.3 * 2 / 3 + 0.7 / 3), 1e-14);
  cli_assert_rel (cli_get_double (j, "posterior_yes_if_reported_no"),
                  0.3 / 3 / (0.3 / 3 + 0.7 * 2 / 3), 1e-14);

  /* ε = 700, π = 1: p rounds to 1 but 1 − p = e^{−700}/(1 + e^{−700}) does not, so
   * λ(1 − λ) = p(1 − p) and sd = √((1 − p)/10) = e^{−350}/√10, not 0 */
  g_autoptr(JsonObject) k = CLI_RUN_JSON ("survey", "--epsilon", "700", "--n", "10",
                                          "--true-rate", "1");
  cli_assert_rel (cli_get_double (k, "estimator_sd"), exp (-350.0) / sqrt (10.0), 1e-13);
  cli_assert_rel (cli_get_double (k, "posterior_yes_if_reported_yes"), 1.0, 0);
}

static void
test_survey_estimate (void)
{
  g_autofree char *ln2 = cli_fmt (log (2.0));

  /* without --n: the estimate 3R − 1 only, not clamped to [0, 1] */
  const double rates[] = { 0.0, 0.1, 0.4, 0.9, 1.0 };
  for (guint i = 0; i < G_N_ELEMENTS (rates); i++)
    {
      g_autofree char *r = cli_fmt (rates[i]);
      g_autoptr(JsonObject) j = CLI_RUN_JSON ("survey", "--epsilon", ln2, "--observed-rate", r);

      cli_assert_keys (j, "epsilon", "rr_p", "observed_rate", "estimate", NULL);
      g_assert_cmpfloat (fabs (cli_get_double (j, "estimate") - (3 * rates[i] - 1)), <=, 1e-14);
      cli_assert_rel (cli_get_double (j, "observed_rate"), rates[i], 0);
    }

  /* with --n (or --observed-count): the count and the Clopper–Pearson interval, whose ends
   * λ = (1 + π)/3 solve Pr[K ≥ 12 | λ_lo] = 0.025 and Pr[K ≤ 12 | λ_hi] = 0.025 */
  const char *const *variants[] = {
    (const char *const[]) { "survey", "--epsilon", ln2, "--observed-rate", "0.4", "--n", "30",
                            NULL },
    (const char *const[]) { "survey", "--epsilon", ln2, "--observed-count", "12", "--n", "30",
                            NULL },
  };
  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    {
      g_autoptr(JsonObject) j = cli_run_json_argv (variants[v]);
      JsonArray *ci;

      cli_assert_keys (j, "epsilon", "rr_p", "n", "observed_rate", "observed_count", "estimate",
                       "ci95", NULL);
      g_assert_cmpint (cli_get_int (j, "observed_count"), ==, 12);
      g_assert_cmpint (cli_get_int (j, "n"), ==, 30);
      cli_assert_rel (cli_get_double (j, "observed_rate"), 0.4, 1e-15);
      cli_assert_rel (cli_get_double (j, "estimate"), 0.2, 1e-14);
      ci = cli_get_array (j, "ci95");
      g_assert_cmpuint (json_array_get_length (ci), ==, 2);
      double lo = json_array_get_double_element (ci, 0), hi = json_array_get_double_element (ci, 1);
      cli_assert_rel (binom_tail (30, 12, (1.0L + lo) / 3.0L, TRUE), 0.025, 1e-9);
      cli_assert_rel (binom_tail (30, 12, (1.0L + hi) / 3.0L, FALSE), 0.025, 1e-9);
    }

  /* a count of 0: the interval's upper end λ_hi = 1 − 0.025^{1/n}, the lower end λ = 0, i.e.
   * π = −1 — not clipped */
  g_autoptr(JsonObject) z = CLI_RUN_JSON ("survey", "--epsilon", ln2, "--observed-count", "0",
                                          "--n", "20");
  JsonArray *ci = cli_get_array (z, "ci95");
  cli_assert_rel (json_array_get_double_element (ci, 0), -1.0, 1e-14);
  cli_assert_rel ((1 + json_array_get_double_element (ci, 1)) / 3, 1 - pow (0.025, 1.0 / 20),
                  1e-12);
  cli_assert_rel (cli_get_double (z, "estimate"), -1.0, 1e-14);
}

static void
test_survey_simulate (void)
{
  const char *const args[] = { "survey", "--epsilon", "1", "--n", "1000", "--true-rate", "0.3",
                               "--seed", "5", "--simulate", NULL };
  g_autoptr(JsonObject) a = cli_run_json_argv (args);
  g_autoptr(JsonObject) b = cli_run_json_argv (args);
  double q = 1 / (1 + exp (1.0)), gain = tanh (0.5);

  cli_assert_keys (a, "epsilon", "rr_p", "n", "true_rate", "observed_rate", "estimator_sd",
                   "posterior_yes_if_reported_yes", "posterior_yes_if_reported_no", "seed",
                   "true_count", "observed_count", "estimate", "ci95", NULL);
  gint64 count = cli_get_int (a, "observed_count"), truth = cli_get_int (a, "true_count");
  g_assert_cmpint (count, ==, cli_get_int (b, "observed_count"));   /* the same seed, the same class */
  g_assert_cmpint (truth, ==, cli_get_int (b, "true_count"));
  g_assert_cmpint (cli_get_int (a, "seed"), ==, 5);
  /* both counts within 5 sd of their binomial means (Bin(1000, λ), Bin(1000, 0.3)) */
  double lam = q + gain * 0.3;
  g_assert_cmpfloat (fabs (count - 1000 * lam), <=, 5 * sqrt (1000 * lam * (1 - lam)));
  g_assert_cmpfloat (fabs (truth - 300.0), <=, 5 * sqrt (1000 * 0.3 * 0.7));
  cli_assert_rel (cli_get_double (a, "estimate"), (count / 1000.0 - q) / gain, 1e-12);
  JsonArray *ci = cli_get_array (a, "ci95");
  g_assert_cmpfloat (json_array_get_double_element (ci, 0), <, cli_get_double (a, "estimate"));
  g_assert_cmpfloat (json_array_get_double_element (ci, 1), >, cli_get_double (a, "estimate"));

  /* ten seeds do not all draw the same class */
  gint64 first = -1;
  gboolean differ = FALSE;
  for (int s = 0; s < 10; s++)
    {
      g_autofree char *seed = g_strdup_printf ("%d", s);
      g_autoptr(JsonObject) j = CLI_RUN_JSON ("survey", "--epsilon", "1", "--n", "1000",
                                              "--true-rate", "0.3", "--seed", seed, "--simulate");
      gint64 c = cli_get_int (j, "observed_count");
      differ |= first >= 0 && c != first;
      first = c;
    }
  g_assert_true (differ);
}

static void
test_survey_errors (void)
{
  CLI_ASSERT_USAGE_ERROR ("survey", "--n", "10", "--true-rate", "0.3");
  CLI_ASSERT_USAGE_ERROR ("survey", "--epsilon", "1");
  CLI_ASSERT_USAGE_ERROR ("survey", "--epsilon", "1", "--n", "10", "--true-rate", "0.3",
                          "--observed-rate", "0.4");
  CLI_ASSERT_USAGE_ERROR ("survey", "--epsilon", "1", "--observed-rate", "0.4",
                          "--observed-count", "4", "--n", "10");
  CLI_ASSERT_USAGE_ERROR ("survey", "--epsilon", "1", "--true-rate", "0.3");
  CLI_ASSERT_USAGE_ERROR ("survey", "--epsilon", "1", "--observed-count", "3");
  CLI_ASSERT_USAGE_ERROR ("survey", "--epsilon", "1", "--observed-count", "11", "--n", "10");
  CLI_ASSERT_USAGE_ERROR ("survey", "--epsilon", "1", "--observed-rate", "0.123", "--n", "10");
  CLI_ASSERT_USAGE_ERROR ("survey", "--epsilon", "1", "--n", "10", "--true-rate", "0.3",
                          "--simulate");
  CLI_ASSERT_USAGE_ERROR ("survey", "--epsilon", "1", "--observed-rate", "0.3", "--seed", "1",
                          "--simulate");
  CLI_ASSERT_USAGE_ERROR ("survey", "--epsilon", "1", "--n", "10", "--true-rate", "0.3",
                          "--seed", "1");
  CLI_ASSERT_USAGE_ERROR ("survey", "--epsilon", "0", "--observed-rate", "0.3");
  CLI_ASSERT_USAGE_ERROR ("survey", "--epsilon", "701", "--observed-rate", "0.3");
  CLI_ASSERT_USAGE_ERROR ("survey", "--epsilon", "nan", "--observed-rate", "0.3");
  CLI_ASSERT_USAGE_ERROR ("survey", "--epsilon", "inf", "--observed-rate", "0.3");
  CLI_ASSERT_USAGE_ERROR ("survey", "--epsilon", "1,5", "--observed-rate", "0.3");
  CLI_ASSERT_USAGE_ERROR ("survey", "--epsilon", "1", "--n", "0", "--true-rate", "0.3");
  CLI_ASSERT_USAGE_ERROR ("survey", "--epsilon", "1", "--n", "10000001", "--true-rate", "0.3");
  CLI_ASSERT_USAGE_ERROR ("survey", "--epsilon", "1", "--n", "2.5", "--true-rate", "0.3");
  CLI_ASSERT_USAGE_ERROR ("survey", "--epsilon", "1", "--n", "10", "--true-rate", "1.5");
  CLI_ASSERT_USAGE_ERROR ("survey", "--epsilon", "1", "--n", "10", "--true-rate", "-0.1");
  CLI_ASSERT_USAGE_ERROR ("survey", "--epsilon", "1", "--observed-rate", "1.01");
  CLI_ASSERT_USAGE_ERROR ("survey", "--epsilon", "1", "--n", "10", "--true-rate", "0.3",
                          "--seed", "-1", "--simulate");
  CLI_ASSERT_USAGE_ERROR ("survey", "--epsilon", "1", "--n", "10", "--true-rate", "0.3",
                          "--seed", "2147483648", "--simulate");
  CLI_ASSERT_USAGE_ERROR ("survey", "--epsilon", "1", "--observed-rate", "0.3", "extra");
  CLI_ASSERT_USAGE_ERROR ("survey", "--epsilon", "1", "--observed-rate", "0.3", "--bogus");
}

/* ---------------------------------------------------------------------------------------- */
/* utility                                                                                   */

static void
test_utility_forward (void)
{
  /* Book Example 3.1: the mean of 100 values in [0, 1], Δ = 1/100; Laplace at ε = 1 has
   * b = 0.01 and Pr[|Z| ≤ x] = 1 − e^{−x/b} = 0.95 at x = 0.01·ln 20. */
  g_autoptr(JsonObject) j = CLI_RUN_JSON ("utility", "--mechanism", "laplace", "--epsilon", "1",
                                          "--query", "mean", "--n", "100", "--confidence",
                                          "0.95");
  JsonObject *params = json_object_get_object_member (j, "parameters");

  cli_assert_keys (j, "mechanism", "parameters", "query", "n", "confidence", "half_width", NULL);
  cli_assert_keys (params, "epsilon", "delta", "sensitivity", "laplace_scale", NULL);
  g_assert_cmpstr (json_object_get_string_member (j, "mechanism"), ==, "laplace");
  g_assert_cmpstr (json_object_get_string_member (j, "query"), ==, "mean");
  g_assert_cmpint (cli_get_int (j, "n"), ==, 100);
  cli_assert_rel (cli_get_double (params, "sensitivity"), 0.01, 0);
  cli_assert_rel (cli_get_double (params, "laplace_scale"), 0.01, 1e-15);
  cli_assert_rel (cli_get_double (j, "confidence"), 0.95, 0);
  cli_assert_rel (cli_get_double (j, "half_width"), 0.01 * log (20.0), 1e-15);

  /* counting query: Δ = 1 */
  g_autoptr(JsonObject) c = CLI_RUN_JSON ("utility", "--mechanism", "laplace", "--epsilon",
                                          "0.5", "--query", "count", "--confidence", "0.9");
  cli_assert_keys (c, "mechanism", "parameters", "query", "confidence", "half_width", NULL);
  cli_assert_rel (cli_get_double (c, "half_width"), 2 * log (10.0), 1e-15);
  g_assert_cmpstr (json_object_get_string_member (c, "query"), ==, "count");

  /* any Δ: query "custom" */
  g_autoptr(JsonObject) s = CLI_RUN_JSON ("utility", "--mechanism", "laplace", "--epsilon", "2",
                                          "--sensitivity", "3", "--confidence", "0.5");
  g_assert_cmpstr (json_object_get_string_member (s, "query"), ==, "custom");
  cli_assert_rel (cli_get_double (s, "half_width"), 1.5 * log (2.0), 1e-15);

  /* Gaussian given σ: x = σ·Φ⁻¹(0.975) = 1.959963984540054 σ */
  g_autoptr(JsonObject) g = CLI_RUN_JSON ("utility", "--mechanism", "gaussian", "--sigma", "2",
                                          "--confidence", "0.95");
  cli_assert_rel (cli_get_double (g, "half_width"), 2 * 1.959963984540054, 1e-15);
  cli_assert_rel (2 * Phi (cli_get_double (g, "half_width") / 2) - 1, 0.95, 1e-14);

  /* Gaussian calibrated at (ε, δ): σ on the profile, x = σ·Φ⁻¹(0.95) */
  g_autoptr(JsonObject) a = CLI_RUN_JSON ("utility", "--mechanism", "gaussian", "--epsilon",
                                          "1", "--delta", "1e-5", "--confidence", "0.9");
  double sigma = cli_get_double (json_object_get_object_member (a, "parameters"), "sigma");
  cli_assert_rel (gauss_delta (1 / sigma, 1), 1e-5, 1e-6);
  cli_assert_rel (cli_get_double (a, "half_width"), sigma * 1.6448536269514722, 1e-14);
}

static void
test_utility_inverse (void)
{
  /* Laplace: ε = Δ ln(1/(1 − C))/x, and it gives ±x back */
  g_autoptr(JsonObject) j = CLI_RUN_JSON ("utility", "--mechanism", "laplace", "--half-width",
                                          "0.03", "--confidence", "0.95", "--query", "mean",
                                          "--n", "100");
  cli_assert_keys (j, "mechanism", "sensitivity", "query", "n", "confidence", "half_width",
                   "epsilon", NULL);
  double eps = cli_get_double (j, "epsilon");
  cli_assert_rel (eps, 0.01 * log (20.0) / 0.03, 1e-15);
  cli_assert_rel (cli_get_double (j, "half_width"), 0.03, 0);
  {
    g_autofree char *e = cli_fmt (eps);
    g_autoptr(JsonObject) back = CLI_RUN_JSON ("utility", "--mechanism", "laplace", "--epsilon",
                                               e, "--query", "mean", "--n", "100",
                                               "--confidence", "0.95");
    cli_assert_rel (cli_get_double (back, "half_width"), 0.03, 1e-14);
  }

  /* Gaussian: σ = x/Φ⁻¹(0.975) */
  g_autoptr(JsonObject) g = CLI_RUN_JSON ("utility", "--mechanism", "gaussian", "--half-width",
                                          "2", "--confidence", "0.95");
  cli_assert_keys (g, "mechanism", "sensitivity", "query", "confidence", "half_width", "sigma",
                   NULL);
  cli_assert_rel (cli_get_double (g, "sigma"), 2 / 1.959963984540054, 1e-15);

  /* Gaussian at δ: the ε of that σ on the profile; calibrating at (ε, δ) gives ±x back */
  g_autoptr(JsonObject) d = CLI_RUN_JSON ("utility", "--mechanism", "gaussian", "--half-width",
                                          "2", "--confidence", "0.95", "--delta", "1e-5",
                                          "--sensitivity", "0.5");
  cli_assert_keys (d, "mechanism", "sensitivity", "delta", "query", "confidence", "half_width",
                   "sigma", "epsilon", NULL);
  double sigma = cli_get_double (d, "sigma"), e2 = cli_get_double (d, "epsilon");
  cli_assert_rel (sigma, 2 / 1.959963984540054, 1e-15);
  cli_assert_rel (gauss_delta (0.5 / sigma, e2), 1e-5, 1e-7);
  {
    g_autofree char *e = cli_fmt (e2);
    g_autoptr(JsonObject) back = CLI_RUN_JSON ("utility", "--mechanism", "gaussian", "--epsilon",
                                               e, "--delta", "1e-5", "--sensitivity", "0.5",
                                               "--confidence", "0.95");
    cli_assert_rel (cli_get_double (back, "half_width"), 2.0, 1e-9);
  }
}

static void
test_utility_errors (void)
{
  CLI_ASSERT_USAGE_ERROR ("utility", "--mechanism", "laplace", "--epsilon", "1");
  CLI_ASSERT_USAGE_ERROR ("utility", "--epsilon", "1", "--confidence", "0.95");
  CLI_ASSERT_USAGE_ERROR ("utility", "--mechanism", "rr", "--epsilon", "1", "--confidence",
                          "0.95");
  CLI_ASSERT_USAGE_ERROR ("utility", "--mechanism", "cauchy", "--epsilon", "1", "--confidence",
                          "0.95");
  CLI_ASSERT_USAGE_ERROR ("utility", "--mechanism", "laplace", "--epsilon", "1", "--confidence",
                          "0.95", "--query", "count", "--sensitivity", "2");
  CLI_ASSERT_USAGE_ERROR ("utility", "--mechanism", "laplace", "--epsilon", "1", "--confidence",
                          "0.95", "--query", "count", "--n", "10");
  CLI_ASSERT_USAGE_ERROR ("utility", "--mechanism", "laplace", "--epsilon", "1", "--confidence",
                          "0.95", "--query", "mean");
  CLI_ASSERT_USAGE_ERROR ("utility", "--mechanism", "laplace", "--epsilon", "1", "--confidence",
                          "0.95", "--n", "10");
  CLI_ASSERT_USAGE_ERROR ("utility", "--mechanism", "laplace", "--epsilon", "1", "--confidence",
                          "0.95", "--query", "median", "--n", "10");
  CLI_ASSERT_USAGE_ERROR ("utility", "--mechanism", "laplace", "--epsilon", "1", "--confidence",
                          "0.95", "--query", "mean", "--n", "0");
  CLI_ASSERT_USAGE_ERROR ("utility", "--mechanism", "laplace", "--epsilon", "1", "--confidence",
                          "1");
  CLI_ASSERT_USAGE_ERROR ("utility", "--mechanism", "laplace", "--epsilon", "1", "--confidence",
                          "0");
  CLI_ASSERT_USAGE_ERROR ("utility", "--mechanism", "laplace", "--epsilon", "1", "--confidence",
                          "95%");
  CLI_ASSERT_USAGE_ERROR ("utility", "--mechanism", "laplace", "--confidence", "0.95");
  CLI_ASSERT_USAGE_ERROR ("utility", "--mechanism", "gaussian", "--confidence", "0.95");
  CLI_ASSERT_USAGE_ERROR ("utility", "--mechanism", "laplace", "--epsilon", "1", "--half-width",
                          "0.1", "--confidence", "0.95");
  CLI_ASSERT_USAGE_ERROR ("utility", "--mechanism", "gaussian", "--sigma", "1", "--half-width",
                          "0.1", "--confidence", "0.95");
  CLI_ASSERT_USAGE_ERROR ("utility", "--mechanism", "laplace", "--delta", "1e-5",
                          "--half-width", "0.1", "--confidence", "0.95");
  CLI_ASSERT_USAGE_ERROR ("utility", "--mechanism", "laplace", "--half-width", "0",
                          "--confidence", "0.95");
  CLI_ASSERT_USAGE_ERROR ("utility", "--mechanism", "laplace", "--half-width", "-1",
                          "--confidence", "0.95");
  CLI_ASSERT_USAGE_ERROR ("utility", "--mechanism", "gaussian", "--half-width", "1",
                          "--confidence", "0.95", "--delta", "1");
}

/* ---------------------------------------------------------------------------------------- */
/* exponential                                                                               */

static void
test_exponential (void)
{
  const double u[] = { 3, 2, 2, 0 };
  long double w[4], sum = 0, eu = 0;
  g_autoptr(JsonObject) j = CLI_RUN_JSON ("exponential", "--epsilon", "1", "--utilities",
                                          "3,2,2,0");
  JsonArray *p, *best, *echo;

  cli_assert_keys (j, "epsilon", "utility_sensitivity", "utilities", "probabilities",
                   "expected_utility", "best", "best_probability", NULL);
  for (int k = 0; k < 4; k++)
    sum += (w[k] = expl (u[k] / 2.0L));   /* ε u/(2Δu) with ε = Δu = 1 */
  p = cli_get_array (j, "probabilities");
  echo = cli_get_array (j, "utilities");
  g_assert_cmpuint (json_array_get_length (p), ==, 4);
  for (int k = 0; k < 4; k++)
    {
      cli_assert_rel (json_array_get_double_element (p, k), (double) (w[k] / sum), 1e-15);
      cli_assert_rel (json_array_get_double_element (echo, k), u[k], 0);
      eu += w[k] / sum * u[k];
    }
  cli_assert_rel (cli_get_double (j, "expected_utility"), (double) eu, 1e-15);
  cli_assert_rel (cli_get_double (j, "utility_sensitivity"), 1.0, 0);
  best = cli_get_array (j, "best");
  g_assert_cmpuint (json_array_get_length (best), ==, 1);
  g_assert_cmpint (json_array_get_int_element (best, 0), ==, 0);
  cli_assert_rel (cli_get_double (j, "best_probability"), (double) (w[0] / sum), 1e-15);

  /* ties share the top; negative utilities; Δu */
  g_autoptr(JsonObject) t = CLI_RUN_JSON ("exponential", "--epsilon", "0.8",
                                          "--utility-sensitivity", "2", "--utilities",
                                          "-1,5,5,4.5");
  best = cli_get_array (t, "best");
  g_assert_cmpuint (json_array_get_length (best), ==, 2);
  g_assert_cmpint (json_array_get_int_element (best, 0), ==, 1);
  g_assert_cmpint (json_array_get_int_element (best, 1), ==, 2);
  double a = exp (0.2 * -6), c = exp (0.2 * -0.5);
  cli_assert_rel (cli_get_double (t, "best_probability"), 2 / (2 + a + c), 1e-14);

  /* |u| = 10⁶ at ε = 10: no overflow, the limit (1, 0) */
  g_autoptr(JsonObject) h = CLI_RUN_JSON ("exponential", "--epsilon", "10", "--utilities",
                                          "1e6,-1e6");
  p = cli_get_array (h, "probabilities");
  cli_assert_rel (json_array_get_double_element (p, 0), 1.0, 0);
  cli_assert_rel (json_array_get_double_element (p, 1), 0.0, 0);
  cli_assert_rel (cli_get_double (h, "expected_utility"), 1e6, 0);

  /* a seeded draw: the documented one (dp-exponential.h) — MT19937 seeded with seed + 1 (see
   * dp-random.c), one uniform U, the first r with U < Pr[0] + … + Pr[r] — redone here with
   * GSL's generator and the probabilities normalised above */
  gsl_rng *rng = gsl_rng_alloc (gsl_rng_mt19937);
  for (int s = 0; s < 20; s++)
    {
      g_autofree char *seed = g_strdup_printf ("%d", s);
      g_autoptr(JsonObject) d = CLI_RUN_JSON ("exponential", "--epsilon", "1", "--utilities",
                                              "3,2,2,0", "--seed", seed);
      long double target, acc = 0.0L;
      gint64 want = 3;

      gsl_rng_set (rng, (unsigned long) s + 1);
      target = gsl_rng_uniform (rng);
      for (int k = 0; k < 4; k++)
        if (target < (acc += w[k] / sum))
          {
            want = k;
            break;
          }
      if (s == 0)
        cli_assert_keys (d, "epsilon", "utility_sensitivity", "utilities", "probabilities",
                         "expected_utility", "best", "best_probability", "seed", "draw", NULL);
      g_assert_cmpint (cli_get_int (d, "seed"), ==, s);
      g_assert_cmpint (cli_get_int (d, "draw"), ==, want);
    }
  gsl_rng_free (rng);
  {
    g_autoptr(JsonObject) d1 = CLI_RUN_JSON ("exponential", "--epsilon", "1", "--utilities",
                                             "3,2,2,0", "--seed", "77");
    g_autoptr(JsonObject) d2 = CLI_RUN_JSON ("exponential", "--epsilon", "1", "--utilities",
                                             "3,2,2,0", "--seed", "77");
    g_assert_cmpint (cli_get_int (d1, "draw"), ==, cli_get_int (d2, "draw"));
  }
}

static void
test_exponential_errors (void)
{
  CLI_ASSERT_USAGE_ERROR ("exponential", "--utilities", "1,2");
  CLI_ASSERT_USAGE_ERROR ("exponential", "--epsilon", "1");
  CLI_ASSERT_USAGE_ERROR ("exponential", "--epsilon", "1", "--utilities", "");
  CLI_ASSERT_USAGE_ERROR ("exponential", "--epsilon", "1", "--utilities", "1,,2");
  CLI_ASSERT_USAGE_ERROR ("exponential", "--epsilon", "1", "--utilities", "1,2,");
  CLI_ASSERT_USAGE_ERROR ("exponential", "--epsilon", "1", "--utilities", "1,abc");
  CLI_ASSERT_USAGE_ERROR ("exponential", "--epsilon", "1", "--utilities", "1,nan");
  CLI_ASSERT_USAGE_ERROR ("exponential", "--epsilon", "1", "--utilities", "1,inf");
  CLI_ASSERT_USAGE_ERROR ("exponential", "--epsilon", "1", "--utilities", "1,1e999");
  CLI_ASSERT_USAGE_ERROR ("exponential", "--epsilon", "1e-320", "--utilities", "1,2");
  CLI_ASSERT_USAGE_ERROR ("exponential", "--epsilon", "701", "--utilities", "1,2");
  CLI_ASSERT_USAGE_ERROR ("exponential", "--epsilon", "1", "--utility-sensitivity", "0",
                          "--utilities", "1,2");
  CLI_ASSERT_USAGE_ERROR ("exponential", "--epsilon", "1", "--utility-sensitivity", "1e10",
                          "--utilities", "1,2");
  CLI_ASSERT_USAGE_ERROR ("exponential", "--epsilon", "1", "--utilities", "1,2", "--seed",
                          "2147483648");
  CLI_ASSERT_USAGE_ERROR ("exponential", "--epsilon", "1", "--utilities", "1,2", "--seed", "x");
}

/* ---------------------------------------------------------------------------------------- */
/* --group and --calibration classic                                                         */

static void
test_group_divergence (void)
{
  /* Book Prop. 3.6 is tight for Laplace: a group of 10 under ε = 0.5 is the Laplace pair at
   * ε = 5 — KL 5 + e^{−5} − 1, TV 1 − e^{−5/2}, D∞ = 5; the bounds at Gε₀ = 5. */
  g_autoptr(JsonObject) j = CLI_RUN_JSON ("divergence", "--mechanism", "laplace", "--epsilon",
                                          "0.5", "--group", "10");
  cli_assert_keys (j, "mechanism", "parameters", "group", "group_sensitivity",
                   "group_epsilon_bound", "group_delta_bound", "kl", "max_divergence",
                   "total_variation", "kl_bound_lemma_3_18", "kl_bound_tight", "kl_bound_zcdp",
                   "loss_variance", NULL);
  JsonObject *params = json_object_get_object_member (j, "parameters");
  cli_assert_rel (cli_get_double (params, "epsilon"), 0.5, 0);   /* one person's mechanism */
  cli_assert_rel (cli_get_double (params, "laplace_scale"), 2.0, 0);
  g_assert_cmpint (cli_get_int (j, "group"), ==, 10);
  cli_assert_rel (cli_get_double (j, "group_sensitivity"), 10.0, 0);
  cli_assert_rel (cli_get_double (j, "group_epsilon_bound"), 5.0, 1e-15);
  cli_assert_rel (cli_get_double (j, "group_delta_bound"), 0.0, 0);
  cli_assert_rel (cli_get_double (j, "max_divergence"), 5.0, 1e-15);
  cli_assert_rel (cli_get_double (j, "kl"), 4.0 + exp (-5.0), 1e-14);
  cli_assert_rel (cli_get_double (j, "total_variation"), 1 - exp (-2.5), 1e-14);
  cli_assert_rel (cli_get_double (j, "kl_bound_lemma_3_18"), 5 * expm1 (5.0), 1e-14);
  /* the group pair's own loss: Laplace at ε = 5, Var = 3 − 2e^{−5} − 20e^{−5} − e^{−10} */
  cli_assert_rel (cli_get_double (j, "loss_variance"),
                  3 - 22 * exp (-5.0) - exp (-10.0), 1e-13);

  /* Gaussian given σ = 3: μ = 1/3 becomes 4/3 for 4 people; KL (4/3)²/2, TV 2Φ(2/3) − 1,
   * D∞ = +∞ (null); no ε₀, so no bound */
  g_autoptr(JsonObject) g = CLI_RUN_JSON ("divergence", "--mechanism", "gaussian", "--sigma",
                                          "3", "--group", "4");
  cli_assert_keys (g, "mechanism", "parameters", "group", "group_sensitivity", "kl",
                   "max_divergence", "total_variation", "kl_bound_lemma_3_18", "kl_bound_tight",
                   "kl_bound_zcdp", "loss_variance", NULL);
  cli_assert_rel (cli_get_double (g, "kl"), 8.0 / 9.0, 1e-14);
  /* L ~ N(μ²/2, μ²) under P, μ = 4/3 */
  cli_assert_rel (cli_get_double (g, "loss_variance"), 16.0 / 9.0, 1e-14);
  cli_assert_rel (cli_get_double (g, "total_variation"), 2 * Phi (2.0 / 3.0) - 1, 1e-12);
  g_assert_true (JSON_NODE_HOLDS_NULL (json_object_get_member (g, "max_divergence")));

  /* Gaussian at (ε₀, δ₀): the chain bound δ₀(e^{Gε₀} − 1)/(e^{ε₀} − 1) */
  g_autoptr(JsonObject) b = CLI_RUN_JSON ("divergence", "--mechanism", "gaussian", "--epsilon",
                                          "0.5", "--delta", "1e-5", "--group", "3");
  cli_assert_rel (cli_get_double (b, "group_epsilon_bound"), 1.5, 1e-15);
  cli_assert_rel (cli_get_double (b, "group_delta_bound"), 1e-5 * (1 + exp (0.5) + exp (1.0)),
                  1e-14);

  /* G·ε₀ = 1000 > 700: no bound, the KL bounds null; the pair itself is still computed
   * (KL = (Gμ)²/2 with μ = 1/σ) */
  g_autoptr(JsonObject) far = CLI_RUN_JSON ("divergence", "--mechanism", "gaussian", "--epsilon",
                                            "0.5", "--delta", "1e-5", "--group", "2000");
  double sigma = cli_get_double (json_object_get_object_member (far, "parameters"), "sigma");
  cli_assert_keys (far, "mechanism", "parameters", "group", "group_sensitivity", "kl",
                   "max_divergence", "total_variation", "kl_bound_lemma_3_18", "kl_bound_tight",
                   "kl_bound_zcdp", "loss_variance", NULL);
  cli_assert_rel (cli_get_double (far, "kl"), 0.5 * (2000 / sigma) * (2000 / sigma), 1e-13);
  g_assert_true (JSON_NODE_HOLDS_NULL (json_object_get_member (far, "kl_bound_tight")));

  /* --group 1 is the neighbouring pair itself (allowed for randomized response too) */
  g_autoptr(JsonObject) one = CLI_RUN_JSON ("divergence", "--mechanism", "rr", "--epsilon", "1",
                                            "--group", "1");
  cli_assert_rel (cli_get_double (one, "max_divergence"), 1.0, 0);
  g_assert_cmpint (cli_get_int (one, "group"), ==, 1);
}

static void
test_group_delta (void)
{
  /* Laplace ε = 0.5, 4 people: the pair at ε = 2, δ(ε′) = 1 − e^{(ε′ − 2)/2} */
  g_autoptr(JsonObject) a = CLI_RUN_JSON ("delta", "--mechanism", "laplace", "--epsilon", "0.5",
                                          "--group", "4", "--at", "1");
  cli_assert_keys (a, "mechanism", "parameters", "group", "group_sensitivity",
                   "group_epsilon_bound", "group_delta_bound", "k", "method", "at", "delta",
                   NULL);
  cli_assert_rel (cli_get_double (a, "delta"), -expm1 (-0.5), 1e-14);
  g_autoptr(JsonObject) t = CLI_RUN_JSON ("delta", "--mechanism", "laplace", "--epsilon", "0.5",
                                          "--group", "4", "--target-delta", "0.1");
  cli_assert_rel (cli_get_double (t, "epsilon"), 2 + 2 * log (0.9), 1e-12);

  /* Gaussian σ = 2, 2 people: μ = 1, δ(0.5) on the Balle–Wang profile */
  g_autoptr(JsonObject) g = CLI_RUN_JSON ("delta", "--mechanism", "gaussian", "--sigma", "2",
                                          "--group", "2", "--at", "0.5");
  cli_assert_rel (cli_get_double (g, "delta"), gauss_delta (1.0, 0.5), 1e-10);

  /* with --k: a group of 3 under ε = 0.1 composed 10 times is the ε = 0.3 mechanism composed
   * 10 times (the same pair up to a change of scale) */
  g_autoptr(JsonObject) k1 = CLI_RUN_JSON ("delta", "--mechanism", "laplace", "--epsilon", "0.1",
                                           "--group", "3", "--k", "10", "--target-delta", "1e-5");
  g_autoptr(JsonObject) k2 = CLI_RUN_JSON ("delta", "--mechanism", "laplace", "--epsilon", "0.3",
                                           "--k", "10", "--target-delta", "1e-5");
  cli_assert_rel (cli_get_double (k1, "epsilon"), cli_get_double (k2, "epsilon"), 1e-12);
}

static void
test_group_errors (void)
{
  CLI_ASSERT_USAGE_ERROR ("divergence", "--mechanism", "laplace", "--epsilon", "1", "--group",
                          "0");
  CLI_ASSERT_USAGE_ERROR ("divergence", "--mechanism", "laplace", "--epsilon", "1", "--group",
                          "10001");
  CLI_ASSERT_USAGE_ERROR ("divergence", "--mechanism", "laplace", "--epsilon", "1", "--group",
                          "2.5");
  CLI_ASSERT_USAGE_ERROR ("divergence", "--mechanism", "rr", "--epsilon", "1", "--group", "2");
  CLI_ASSERT_USAGE_ERROR ("delta", "--mechanism", "rr", "--epsilon", "1", "--group", "2",
                          "--at", "0");
  CLI_ASSERT_USAGE_ERROR ("divergence", "--mechanism", "laplace", "--epsilon", "100",
                          "--group", "8");
  CLI_ASSERT_USAGE_ERROR ("divergence", "--mechanism", "gaussian", "--sigma", "1",
                          "--sensitivity", "1e9", "--group", "2");
}

static void
test_calibration_classic (void)
{
  /* Dwork & Roth Thm A.1: σ = Δ√(2 ln(1.25/δ))/ε */
  g_autoptr(JsonObject) j = CLI_RUN_JSON ("divergence", "--mechanism", "gaussian", "--epsilon",
                                          "0.5", "--delta", "1e-5", "--sensitivity", "2",
                                          "--calibration", "classic");
  JsonObject *params = json_object_get_object_member (j, "parameters");
  double sigma = 2 * sqrt (2 * log (1.25e5)) / 0.5;

  cli_assert_keys (params, "epsilon", "delta", "sensitivity", "sigma", "sigma_source", NULL);
  g_assert_cmpstr (json_object_get_string_member (params, "sigma_source"), ==, "classic");
  cli_assert_rel (cli_get_double (params, "sigma"), sigma, 1e-14);
  cli_assert_rel (cli_get_double (params, "epsilon"), 0.5, 0);
  cli_assert_rel (cli_get_double (params, "delta"), 1e-5, 0);
  cli_assert_rel (cli_get_double (j, "kl"), 4 / (2 * sigma * sigma), 1e-14);
  /* more conservative than the analytic σ: its δ at ε is below the target */
  g_assert_cmpfloat (gauss_delta (2 / sigma, 0.5), <, 1e-5);

  g_autoptr(JsonObject) a = CLI_RUN_JSON ("divergence", "--mechanism", "gaussian", "--epsilon",
                                          "0.5", "--delta", "1e-5", "--calibration", "analytic");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (a, "parameters"),
                                                  "sigma_source"), ==, "analytic");
  g_autoptr(JsonObject) d = CLI_RUN_JSON ("delta", "--mechanism", "gaussian", "--epsilon", "0.5",
                                          "--delta", "1e-5", "--calibration", "classic", "--at",
                                          "0.5");
  cli_assert_rel (cli_get_double (d, "delta"), gauss_delta (1 / (sqrt (2 * log (1.25e5)) / 0.5),
                                                            0.5), 1e-10);

  CLI_ASSERT_USAGE_ERROR ("divergence", "--mechanism", "gaussian", "--epsilon", "1", "--delta",
                          "1e-5", "--calibration", "classic");
  CLI_ASSERT_USAGE_ERROR ("divergence", "--mechanism", "gaussian", "--sigma", "2", "--epsilon",
                          "0.5", "--calibration", "classic");
  CLI_ASSERT_USAGE_ERROR ("divergence", "--mechanism", "gaussian", "--epsilon", "0.5",
                          "--calibration", "classic");
  CLI_ASSERT_USAGE_ERROR ("divergence", "--mechanism", "laplace", "--epsilon", "0.5",
                          "--calibration", "classic");
  CLI_ASSERT_USAGE_ERROR ("divergence", "--mechanism", "gaussian", "--epsilon", "0.5", "--delta",
                          "1e-5", "--calibration", "optimal");
}

/* The human-readable forms print the same numbers (shortest %.6g) and never JSON. */
static void
test_text_output (void)
{
  g_auto(CliRun) run = { 0 };

  CLI_RUN (&run, "survey", "--epsilon", "0.6931471805599453", "--observed-count", "12", "--n",
           "30");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "0.2"));
  g_assert_nonnull (strstr (run.out, "12 / 30"));
  g_assert_null (strchr (run.out, '{'));
  cli_run_clear (&run);
  CLI_RUN (&run, "utility", "--mechanism", "laplace", "--epsilon", "1", "--confidence", "0.95");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "2.99573"));   /* ln 20 */
  cli_run_clear (&run);
  CLI_RUN (&run, "exponential", "--epsilon", "2", "--utilities", "1,0");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "0.731059"));  /* e/(1 + e) */
  cli_run_clear (&run);
  CLI_RUN (&run, "divergence", "--mechanism", "laplace", "--epsilon", "0.5", "--group", "10");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "10"));
  g_assert_null (strchr (run.out, '{'));
  cli_run_clear (&run);
  const char *const commands[] = { "survey", "utility", "exponential" };
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      CLI_RUN (&run, commands[i], "--help");
      g_assert_cmpint (run.status, ==, 0);
      g_assert_nonnull (strstr (run.out, "--json"));
      cli_run_clear (&run);
    }
  CLI_RUN (&run, "--help");
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    g_assert_nonnull (strstr (run.out, commands[i]));
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/survey/design", test_survey_design);
  g_test_add_func ("/cli/survey/estimate", test_survey_estimate);
  g_test_add_func ("/cli/survey/simulate", test_survey_simulate);
  g_test_add_func ("/cli/survey/errors", test_survey_errors);
  g_test_add_func ("/cli/utility/forward", test_utility_forward);
  g_test_add_func ("/cli/utility/inverse", test_utility_inverse);
  g_test_add_func ("/cli/utility/errors", test_utility_errors);
  g_test_add_func ("/cli/exponential/values", test_exponential);
  g_test_add_func ("/cli/exponential/errors", test_exponential_errors);
  g_test_add_func ("/cli/group/divergence", test_group_divergence);
  g_test_add_func ("/cli/group/delta", test_group_delta);
  g_test_add_func ("/cli/group/errors", test_group_errors);
  g_test_add_func ("/cli/calibration-classic", test_calibration_classic);
  g_test_add_func ("/cli/mechanisms-text-output", test_text_output);
  return g_test_run ();
}
