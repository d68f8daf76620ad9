/* test-cli-bounds.c — dpviz-cli `renyi`, `walk`, `divergence --alpha inf` with loss_variance,
 * and `compose`'s advanced_tail_exact, end to end
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Spawns the built binary and checks its JSON against values derived here: Mironov's closed
 * forms, the RDP conversion formula, Thm 3.20's threshold, binomial sums for randomized
 * response, the Laplace loss variance by Simpson's rule over the output density, the 2-fold
 * Laplace tail by Simpson's rule over the loss density, and statistical tolerances for the
 * simulated walk. Bad input: exit status 2, one line on stderr, nothing on stdout.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include <glib.h>
#include <json-glib/json-glib.h>

#include "cli-run.h"

static gboolean
is_null (JsonObject *obj, const char *member)
{
  if (!json_object_has_member (obj, member))
    g_error ("missing JSON member “%s”", member);
  return JSON_NODE_HOLDS_NULL (json_object_get_member (obj, member));
}

/* ---------------------------------------------------------------------------------------- */
/* Independent references                                                                    */

/* Var_P(L) of the Laplace pair by Simpson's rule over y: ∫ p(y)(L(y) − m)² with
 * m = ∫ p(y)L(y), L(y) = (|y − Δ| − |y|)/b, on [−60b, 0], [0, Δ], [Δ, Δ + 60b]. */
static double
laplace_loss_moment (double eps, double sens, double centre, int power)
{
  double b = sens / eps, total = 0;
  const double pieces[4] = { -60 * b, 0, sens, sens + 60 * b };

  for (int piece = 0; piece < 3; piece++)
    {
      const int n = 20000;
      double lo = pieces[piece], hi = pieces[piece + 1], h = (hi - lo) / n, sum = 0;

      for (int i = 0; i <= n; i++)
        {
          double y = lo + i * h;
          double w = (i == 0 || i == n) ? 1 : (i % 2 ? 4 : 2);
          double l = (fabs (y - sens) - fabs (y)) / b - centre;

          sum += w * exp (-fabs (y) / b) / (2 * b) * (power == 1 ? l : l * l);
        }
      total += sum * h / 3;
    }
  return total;
}

/* Randomized response composed k times: the loss is (2a − k)ε with probability
 * C(k, a) p^a q^{k−a}; the tail beyond t. */
static double
rr_tail (double eps, unsigned long k, double t)
{
  long double p = 1 / (1 + expl (-eps)), sum = 0;

  for (unsigned long a = 0; a <= k; a++)
    if ((2.0 * a - k) * eps > t)
      sum += expl (lgammal (k + 1.0L) - lgammal (a + 1.0L) - lgammal (k - a + 1.0L)
                   + a * logl (p) + (k - a) * log1pl (-p));
  return (double) sum;
}

/* The 2-fold Laplace tail P[L_1 + L_2 > t]: one loss has atoms ½ at ε and ½e^{−ε} at −ε and
 * density ¼e^{(s−ε)/2} on (−ε, ε); G(x) is the continuous mass above x; the
 * continuous × continuous part by Simpson's rule. */
static double
cont_above (double eps, double x)
{
  if (x >= eps)
    return 0;
  if (x < -eps)
    x = -eps;
  return 0.5 * -expm1 ((x - eps) / 2);
}

static double
laplace2_tail (double eps, double t)
{
  const double ax[2] = { eps, -eps }, aw[2] = { 0.5, 0.5 * exp (-eps) };
  double p = 0;
  const double cuts[4] = { -eps, fmax (-eps, fmin (eps, t - eps)), fmax (-eps, fmin (eps, t + eps)),
                           eps };

  for (int i = 0; i < 2; i++)
    {
      for (int j = 0; j < 2; j++)
        if (ax[i] + ax[j] > t)
          p += aw[i] * aw[j];
      p += 2 * aw[i] * cont_above (eps, t - ax[i]);
    }
  for (int piece = 0; piece < 3; piece++)
    {
      const int n = 4000;
      double lo = cuts[piece], hi = cuts[piece + 1], h = (hi - lo) / n, sum = 0;

      if (hi <= lo)
        continue;
      for (int i = 0; i <= n; i++)
        {
          double s = lo + i * h, w = (i == 0 || i == n) ? 1 : (i % 2 ? 4 : 2);

          sum += w * 0.25 * exp ((s - eps) / 2) * cont_above (eps, t - s);
        }
      p += sum * h / 3;
    }
  return p;
}

/* Laplace D_α (Mironov 2017, Table II) in long double. */
static double
laplace_renyi (double eps, double alpha)
{
  long double e = eps, al = alpha, a = al - 1;

  return (double) (log1pl (al / (2 * al - 1) * expm1l (a * e) + a / (2 * al - 1) * expm1l (-al * e))
                   / a);
}

/* ---------------------------------------------------------------------------------------- */
/* divergence                                                                                */

static void
test_divergence_alpha (void)
{
  const double epsilons[] = { 0.01, 0.7, 5.0 };

  for (size_t i = 0; i < G_N_ELEMENTS (epsilons); i++)
    {
      double e = epsilons[i];
      g_autofree char *es = fmt (e);
      const char *const mechs[] = { "laplace", "rr" };

      for (size_t m = 0; m < 2; m++)
        {
          /* α = ∞ is the max divergence ε, echoed as null */
          g_autoptr(JsonObject) j = RUN_JSON ("divergence", "--mechanism", mechs[m], "--epsilon",
                                              es, "--alpha", "inf");
          g_assert_true (is_null (j, "alpha"));
          assert_rel (get_double (j, "renyi"), e, 1e-15);
          /* beyond the old limit of 1e9: ε − D_α ≤ ln 2/(α − 1) */
          const char *const big[] = { "1e9", "1e12", "1e300" };
          for (size_t b = 0; b < G_N_ELEMENTS (big); b++)
            {
              g_autoptr(JsonObject) jb = RUN_JSON ("divergence", "--mechanism", mechs[m],
                                                   "--epsilon", es, "--alpha", big[b]);
              double a = g_ascii_strtod (big[b], NULL), d = get_double (jb, "renyi");

              g_assert_cmpfloat (d, <=, e);
              g_assert_cmpfloat (e - d, <=, M_LN2 / (a - 1) + 1e-15 * e);
            }
        }
      /* the variance of the loss: Laplace by Simpson's rule, RR 4pqε² */
      {
        g_autoptr(JsonObject) j = RUN_JSON ("divergence", "--mechanism", "laplace", "--epsilon", es,
                                            "--sensitivity", "3");
        double mean = laplace_loss_moment (e, 3, 0, 1);
        double var = laplace_loss_moment (e, 3, mean, 2);

        assert_rel (get_double (j, "loss_variance"), var, 1e-7);
      }
      {
        g_autoptr(JsonObject) j = RUN_JSON ("divergence", "--mechanism", "rr", "--epsilon", es);
        double p = 1 / (1 + exp (-e)), q = 1 / (1 + exp (e));

        assert_rel (get_double (j, "loss_variance"), 4 * p * q * e * e, 1e-13);
      }
    }
  /* the Gaussian: D∞ = +∞ (null) and Var L = μ² */
  {
    g_autoptr(JsonObject) j = RUN_JSON ("divergence", "--mechanism", "gaussian", "--sigma", "2",
                                        "--sensitivity", "3", "--alpha", "inf");

    g_assert_true (is_null (j, "renyi"));
    g_assert_true (is_null (j, "max_divergence"));
    assert_rel (get_double (j, "loss_variance"), 9.0 / 4.0, 1e-15);
  }
  ASSERT_USAGE_ERROR ("divergence", "--mechanism", "laplace", "--epsilon", "1", "--alpha", "1");
  ASSERT_USAGE_ERROR ("divergence", "--mechanism", "laplace", "--epsilon", "1", "--alpha", "0.5");
  ASSERT_USAGE_ERROR ("divergence", "--mechanism", "laplace", "--epsilon", "1", "--alpha", "-inf");
  ASSERT_USAGE_ERROR ("divergence", "--mechanism", "laplace", "--epsilon", "1", "--alpha", "nan");
  ASSERT_USAGE_ERROR ("divergence", "--mechanism", "laplace", "--epsilon", "1", "--alpha", "1e999");
  ASSERT_USAGE_ERROR ("divergence", "--mechanism", "laplace", "--epsilon", "1", "--alpha", "two");
}

/* ---------------------------------------------------------------------------------------- */
/* compose: advanced_tail_exact                                                              */

static void
test_compose_tail (void)
{
  /* RR, k = 300: against the binomial sum beyond the Thm 3.20 value */
  {
    g_autoptr(JsonObject) j = RUN_JSON ("compose", "--mechanism", "rr", "--epsilon", "0.1", "--k",
                                        "300", "--target-delta", "1e-3");
    double t = 300 * 0.1 * expm1 (0.1) + sqrt (2 * 300 * log (1e3)) * 0.1;
    double want = rr_tail (0.1, 300, t), got = get_double (j, "advanced_tail_exact");

    assert_rel (get_double (json_object_get_object_member (j, "epsilon_total"), "advanced"), t, 1e-13);
    assert_rel (got, want, 1e-9);
    assert_rel (get_double (j, "advanced_tail_exact_log"), log (want), 1e-9);
    g_assert_cmpfloat (got, <=, 1e-3);
  }
  /* Laplace, k = 2: against the closed form with Simpson's rule */
  {
    g_autoptr(JsonObject) j = RUN_JSON ("compose", "--mechanism", "laplace", "--epsilon", "0.01",
                                        "--k", "2", "--target-delta", "0.5", "--method",
                                        "advanced");
    double t = 2 * 0.01 * expm1 (0.01) + sqrt (2 * 2 * log (2.0)) * 0.01;

    g_assert_cmpfloat (t, <, 0.02);
    assert_rel (get_double (j, "advanced_tail_exact"), laplace2_tail (0.01, t), 1e-8);
  }
  /* beyond kε the tail is 0 (ln: null) */
  {
    g_autoptr(JsonObject) j = RUN_JSON ("compose", "--mechanism", "laplace", "--epsilon", "1",
                                        "--k", "10", "--target-delta", "1e-5");

    g_assert_cmpfloat (get_double (j, "advanced_tail_exact"), ==, 0.0);
    g_assert_true (is_null (j, "advanced_tail_exact_log"));
  }
  /* not for the Gaussian or a generic mechanism */
  {
    g_autoptr(JsonObject) g = RUN_JSON ("compose", "--mechanism", "gaussian", "--epsilon", "1",
                                        "--delta", "1e-7", "--k", "10", "--target-delta", "1e-5");
    g_autoptr(JsonObject) x = RUN_JSON ("compose", "--mechanism", "generic", "--epsilon", "0.1",
                                        "--k", "10", "--target-delta", "1e-5");

    g_assert_false (json_object_has_member (g, "advanced_tail_exact"));
    g_assert_false (json_object_has_member (x, "advanced_tail_exact"));
  }
}

/* ---------------------------------------------------------------------------------------- */
/* renyi                                                                                     */

static void
test_renyi (void)
{
  g_autoptr(JsonObject) j = RUN_JSON ("renyi", "--mechanism", "laplace", "--epsilon", "0.5",
                                      "--alphas", "1.001,2, 32,inf", "--k", "100",
                                      "--target-delta", "1e-5");
  JsonArray *alphas = json_object_get_array_member (j, "alphas");
  JsonArray *renyi = json_object_get_array_member (j, "renyi");
  JsonArray *conv = json_object_get_array_member (j, "conversion");
  const double a[3] = { 1.001, 2, 32 };

  g_assert_cmpuint (json_array_get_length (alphas), ==, 4);
  g_assert_cmpuint (json_array_get_length (renyi), ==, 4);
  for (int i = 0; i < 3; i++)
    {
      double want = 100 * laplace_renyi (0.5, a[i]);

      assert_rel (json_array_get_double_element (alphas, i), a[i], 0);
      assert_rel (json_array_get_double_element (renyi, i), want, 1e-12);
      /* ε(α) = k·D_α + ln((α−1)/α) − (ln δ + ln α)/(α−1) */
      assert_rel (json_array_get_double_element (conv, i),
                  want + log ((a[i] - 1) / a[i]) - (log (1e-5) + log (a[i])) / (a[i] - 1), 1e-12);
    }
  g_assert_true (JSON_NODE_HOLDS_NULL (json_array_get_element (alphas, 3)));
  assert_rel (json_array_get_double_element (renyi, 3), 50, 1e-15);
  assert_rel (get_double (j, "kl"), 100 * (0.5 + expm1 (-0.5)), 1e-13);
  assert_rel (get_double (j, "max_divergence"), 50, 0);

  /* the minimum: no listed order does better, the reported order gives it */
  double eps = get_double (j, "epsilon"), best = get_double (j, "best_alpha");
  for (int i = 0; i < 4; i++)
    g_assert_cmpfloat (eps, <=, json_array_get_double_element (conv, i) + 1e-12);
  double at_best = 100 * laplace_renyi (0.5, best) + log ((best - 1) / best)
                   - (log (1e-5) + log (best)) / (best - 1);
  assert_rel (eps, at_best, 1e-10);
  /* …and is what `compose --method rdp` answers; the exact ε is smaller */
  {
    g_autoptr(JsonObject) c = RUN_JSON ("compose", "--mechanism", "laplace", "--epsilon", "0.5",
                                        "--k", "100", "--target-delta", "1e-5", "--method", "rdp");
    g_autoptr(JsonObject) x = RUN_JSON ("compose", "--mechanism", "laplace", "--epsilon", "0.5",
                                        "--k", "100", "--target-delta", "1e-5", "--method",
                                        "exact");

    assert_rel (get_double (json_object_get_object_member (c, "epsilon_total"), "rdp"), eps, 0);
    assert_rel (get_double (j, "exact_epsilon"),
                get_double (json_object_get_object_member (x, "epsilon_total"), "exact"), 0);
    g_assert_cmpfloat (get_double (j, "exact_epsilon"), <, eps);
  }

  /* Gaussian: k·αμ²/2, +∞ at α = ∞; RR few steps: the α → ∞ limit kε wins (best_alpha null) */
  {
    g_autoptr(JsonObject) g = RUN_JSON ("renyi", "--mechanism", "gaussian", "--sigma", "2",
                                        "--alphas", "3,inf", "--k", "7");
    JsonArray *r = json_object_get_array_member (g, "renyi");

    assert_rel (json_array_get_double_element (r, 0), 7 * 3 / 8.0, 1e-15);
    g_assert_true (JSON_NODE_HOLDS_NULL (json_array_get_element (r, 1)));
    g_assert_true (is_null (g, "max_divergence"));
    g_assert_false (json_object_has_member (g, "epsilon"));
  }
  {
    g_autoptr(JsonObject) r = RUN_JSON ("renyi", "--mechanism", "rr", "--epsilon", "0.01",
                                        "--target-delta", "1e-10");

    g_assert_true (is_null (r, "best_alpha"));
    assert_rel (get_double (r, "epsilon"), 0.01, 1e-15);
    g_assert_false (json_object_has_member (r, "renyi"));
  }
  ASSERT_USAGE_ERROR ("renyi", "--mechanism", "laplace", "--epsilon", "1");
  ASSERT_USAGE_ERROR ("renyi", "--mechanism", "laplace", "--epsilon", "1", "--alphas", "2,1");
  ASSERT_USAGE_ERROR ("renyi", "--mechanism", "laplace", "--epsilon", "1", "--alphas", "2,,3");
  ASSERT_USAGE_ERROR ("renyi", "--mechanism", "laplace", "--epsilon", "1", "--alphas", "");
  ASSERT_USAGE_ERROR ("renyi", "--mechanism", "laplace", "--epsilon", "1", "--alphas", "2",
                      "--k", "0");
  ASSERT_USAGE_ERROR ("renyi", "--mechanism", "laplace", "--epsilon", "1", "--target-delta", "1");
}

/* ---------------------------------------------------------------------------------------- */
/* walk                                                                                      */

static void
test_walk (void)
{
  /* Laplace: Thm 3.20's threshold; the sample mean within 5 standard errors of k·KL; the
   * fraction above within a binomial interval of the exact tail */
  {
    g_autoptr(JsonObject) j = RUN_JSON ("walk", "--mechanism", "laplace", "--epsilon", "0.3",
                                        "--k", "50", "--paths", "10000", "--seed", "3",
                                        "--target-delta", "0.9");
    double e = 0.3, kl = e + expm1 (-e);
    double var = 3 - 2 * exp (-e) - 4 * e * exp (-e) - exp (-2 * e);
    double t = 50 * e * expm1 (e) + sqrt (2 * 50 * log (1 / 0.9)) * e;
    double p = get_double (j, "exact_tail");
    double n_above = get_double (j, "paths_above_threshold");

    g_assert_true (json_object_get_boolean_member (j, "bounded"));
    g_assert_cmpstr (json_object_get_string_member (j, "threshold_rule"), ==, "theorem_3_20");
    assert_rel (get_double (j, "threshold"), t, 1e-14);
    assert_rel (get_double (j, "exact_mean_final"), 50 * kl, 1e-13);
    assert_rel (get_double (j, "exact_var_final"), 50 * var, 1e-12);
    g_assert_cmpfloat (fabs (get_double (j, "mean_final") - 50 * kl), <=, 5 * sqrt (50 * var / 1e4));
    g_assert_cmpfloat (fabs (n_above - 1e4 * p), <=, 4 * sqrt (1e4 * p * (1 - p)) + 1);
    assert_rel (get_double (j, "fraction_above_threshold"), n_above / 1e4, 1e-15);
    assert_rel (get_double (j, "log_exact_tail"), log (p), 1e-12);
    g_assert_cmpfloat (p, <=, 0.9);
    g_assert_cmpint (json_object_get_int_member (j, "k"), ==, 50);
    g_assert_cmpint (json_object_get_int_member (j, "paths"), ==, 10000);
    g_assert_cmpint (json_object_get_int_member (j, "seed"), ==, 3);
    /* the histogram covers every path */
    JsonObject *h = json_object_get_object_member (j, "histogram");
    JsonArray *counts = json_object_get_array_member (h, "counts");
    gint64 total = 0;
    for (guint i = 0; i < json_array_get_length (counts); i++)
      total += json_array_get_int_element (counts, i);
    g_assert_cmpint (total, ==, 10000);
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (h, "edges")), ==,
                      json_array_get_length (counts) + 1);
  }
  /* RR: the exact tail is a binomial sum */
  {
    g_autoptr(JsonObject) j = RUN_JSON ("walk", "--mechanism", "rr", "--epsilon", "0.2", "--k",
                                        "100", "--paths", "200", "--target-delta", "0.9");
    double t = 100 * 0.2 * expm1 (0.2) + sqrt (2 * 100 * log (1 / 0.9)) * 0.2;

    assert_rel (get_double (j, "exact_tail"), rr_tail (0.2, 100, t), 1e-10);
  }
  /* Gaussian: no Azuma; the threshold is the exact (1 − δ′)-quantile, exceeded with
   * probability δ′ exactly */
  {
    g_autoptr(JsonObject) j = RUN_JSON ("walk", "--mechanism", "gaussian", "--sigma", "3", "--k",
                                        "100", "--paths", "500", "--target-delta", "0.01");

    g_assert_false (json_object_get_boolean_member (j, "bounded"));
    g_assert_cmpstr (json_object_get_string_member (j, "threshold_rule"), ==, "normal_quantile");
    assert_rel (get_double (j, "exact_tail"), 0.01, 1e-9);
    assert_rel (get_double (j, "exact_mean_final"), 100.0 / 18, 1e-14);
    /* Φ(z) = 0.99 at z = 2.3263478740408408 */
    assert_rel (get_double (j, "threshold"), 100.0 / 18 + 2.3263478740408408 * 10.0 / 3, 1e-12);
  }
  /* the same seed gives the same answer, another seed another */
  {
    g_auto(Run) a, b, c;

    run_argv (&a, (const char *const[]) { "walk", "--mechanism", "rr", "--epsilon", "0.5", "--k",
                                          "30", "--paths", "100", "--seed", "7",
                                          "--target-delta", "0.5", "--json", NULL });
    run_argv (&b, (const char *const[]) { "walk", "--mechanism", "rr", "--epsilon", "0.5", "--k",
                                          "30", "--paths", "100", "--seed", "7",
                                          "--target-delta", "0.5", "--json", NULL });
    run_argv (&c, (const char *const[]) { "walk", "--mechanism", "rr", "--epsilon", "0.5", "--k",
                                          "30", "--paths", "100", "--seed", "8",
                                          "--target-delta", "0.5", "--json", NULL });
    g_assert_cmpstr (a.out, ==, b.out);
    g_assert_cmpstr (a.out, !=, c.out);
  }
  /* the text form */
  {
    g_auto(Run) run;

    run_argv (&run, (const char *const[]) { "walk", "--mechanism", "gaussian", "--sigma", "2",
                                            "--k", "10", "--target-delta", "0.1", NULL });
    g_assert_cmpint (run.status, ==, 0);
    g_assert_nonnull (strstr (run.out, "Lemma 3.19"));
  }
  ASSERT_USAGE_ERROR ("walk", "--mechanism", "laplace", "--epsilon", "1", "--target-delta", "0.1");
  ASSERT_USAGE_ERROR ("walk", "--mechanism", "laplace", "--epsilon", "1", "--k", "10");
  ASSERT_USAGE_ERROR ("walk", "--mechanism", "laplace", "--epsilon", "1", "--k", "10",
                      "--target-delta", "1");
  ASSERT_USAGE_ERROR ("walk", "--mechanism", "laplace", "--epsilon", "1", "--k", "10",
                      "--target-delta", "0.1", "--paths", "0");
  ASSERT_USAGE_ERROR ("walk", "--mechanism", "laplace", "--epsilon", "1", "--k", "100000",
                      "--target-delta", "0.1", "--paths", "100000");
  ASSERT_USAGE_ERROR ("walk", "--mechanism", "laplace", "--epsilon", "1", "--k", "10",
                      "--target-delta", "0.1", "--seed", "-1");
  ASSERT_USAGE_ERROR ("walk", "--mechanism", "laplace", "--epsilon", "1", "--k", "10",
                      "--target-delta", "0.1", "--bins", "0");
}

static void
test_help (void)
{
  const char *const commands[] = { "renyi", "walk" };
  g_auto(Run) run;

  for (size_t i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto(Run) r;

      run_argv (&r, (const char *const[]) { commands[i], "--help", NULL });
      g_assert_cmpint (r.status, ==, 0);
      g_assert_nonnull (strstr (r.out, "--json"));
      g_assert_nonnull (strstr (r.out, "--target-delta"));
    }
  run_argv (&run, (const char *const[]) { "--help", NULL });
  for (size_t i = 0; i < G_N_ELEMENTS (commands); i++)
    g_assert_nonnull (strstr (run.out, commands[i]));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli-bounds/divergence-alpha", test_divergence_alpha);
  g_test_add_func ("/cli-bounds/compose-tail", test_compose_tail);
  g_test_add_func ("/cli-bounds/renyi", test_renyi);
  g_test_add_func ("/cli-bounds/walk", test_walk);
  g_test_add_func ("/cli-bounds/help", test_help);
  return g_test_run ();
}
