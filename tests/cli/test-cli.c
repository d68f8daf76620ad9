/* test-cli.c — dpviz-cli end to end: spawns the built binary, parses its JSON, and checks the
 * numbers against values derived here independently (closed forms, numerical integration,
 * exact binomial sums), the errors, and the exported files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "cli-ref.h"
#include "cli-run.h"

/* ---------------------------------------------------------------------------------------- */
/* Reading the JSON                                                                          */

static JsonObject *
get_object (JsonObject *obj, const char *member)
{
  if (!json_object_has_member (obj, member))
    g_error ("missing JSON member “%s”", member);
  return json_object_get_object_member (obj, member);
}

static void
assert_null_member (JsonObject *obj, const char *member)
{
  g_assert_true (json_object_has_member (obj, member));
  g_assert_true (JSON_NODE_HOLDS_NULL (json_object_get_member (obj, member)));
}

/* ---------------------------------------------------------------------------------------- */
/* Independent reference values                                                              */

/* Smallest ε with δ(ε) ≤ target for a decreasing δ(·), by bisection. */
static double
invert_decreasing (double (*delta) (double eps, const void *data), const void *data,
                   double target, double hi)
{
  double lo = 0;

  if (delta (0, data) <= target)
    return 0;
  while (delta (hi, data) > target)
    hi *= 2;
  for (int i = 0; i < 200; i++)
    {
      double mid = 0.5 * (lo + hi);

      if (delta (mid, data) > target)
        lo = mid;
      else
        hi = mid;
    }
  return hi;
}

static double
gauss_delta_cb (double eps, const void *data)
{
  return gauss_delta (*(const double *) data, eps);
}

/* Optimal composition of k (ε₀, δ₀)-DP mechanisms (Kairouz, Oh & Viswanath 2015, Thm 3.3):
 * δ(ε) = 1 − (1−δ₀)^k (1 − H), H = Σ_l C(k,l) max(0, e^{(k−l)ε₀} − e^{ε + lε₀})/(1+e^{ε₀})^k,
 * summed term by term in log space. */
typedef struct {
  double eps0, delta0;
  unsigned long k;
} Kov;

static double
kov_delta (double eps, const void *data)
{
  const Kov *kov = data;
  double h = 0;

  for (unsigned long l = 0; l <= kov->k; l++)
    {
      double loss = ((double) kov->k - 2.0 * l) * kov->eps0;   /* privacy loss of l flips */
      double log_w;

      if (loss <= eps)
        break;
      log_w = lgamma (kov->k + 1.0) - lgamma (l + 1.0) - lgamma (kov->k - l + 1.0)
              + (kov->k - l) * kov->eps0 - kov->k * log1p (exp (kov->eps0));
      h += exp (log_w) * -expm1 (eps - loss);
    }
  return 1 - pow (1 - kov->delta0, (double) kov->k) * (1 - h);
}

/* Randomized response composed k times: the loss is (k − 2l)ε with probability
 * C(k,l) p^{k−l} q^l under P, and δ(ε′) = E_P[max(0, 1 − e^{ε′ − L})]. */
static double
rr_k_delta (double eps, unsigned long k, double eps_prime)
{
  double p = 1 / (1 + exp (-eps)), q = 1 - p, sum = 0;

  for (unsigned long l = 0; l <= k; l++)
    {
      double loss = ((double) k - 2.0 * l) * eps;

      if (loss > eps_prime)
        sum += exp (lgamma (k + 1.0) - lgamma (l + 1.0) - lgamma (k - l + 1.0)
                    + (k - l) * log (p) + l * log (q)) * -expm1 (eps_prime - loss);
    }
  return sum;
}

/* Laplace privacy loss under P (b = Δ/ε): atom ½ at +ε, atom ½e^{−ε} at −ε, density
 * ¼e^{(t−ε)/2} on (−ε, ε) (derived from L(y) = (|y−Δ| − |y|)/b). G(a) = ∫ f(u) g(a + u) du with
 * g(s) = max(0, 1 − e^{ε′−s}), in closed form. */
static double
laplace_G (double eps, double eps_prime, double a)
{
  double lo = MAX (-eps, eps_prime - a);

  if (lo >= eps)
    return 0;
  return 0.5 * -expm1 ((lo - eps) / 2)
         + 0.5 * exp (eps_prime - a - eps / 2) * (exp (-eps / 2) - exp (-lo / 2));
}

static double
g_loss (double eps_prime, double s)
{
  return s > eps_prime ? -expm1 (eps_prime - s) : 0;
}

/* Composite Simpson of t ↦ f(t) G(t) over [a, b]. */
static double
simpson_fG (double eps, double eps_prime, double a, double b)
{
  const int n = 4000;
  double h = (b - a) / n, sum = 0;

  if (b <= a)
    return 0;
  for (int i = 0; i <= n; i++)
    {
      double t = a + i * h;
      double w = (i == 0 || i == n) ? 1 : (i % 2 ? 4 : 2);

      sum += w * 0.25 * exp ((t - eps) / 2) * laplace_G (eps, eps_prime, t);
    }
  return sum * h / 3;
}

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* Exact δ(ε′) of the 2-fold Laplace composition: atoms × atoms, 2 × atoms × density (closed
 * form) and density × density (outer integral by Simpson, split where G has kinks). */
static double
laplace2_delta (double eps, double eps_prime)
{
  const double atom_at[2] = { eps, -eps };
  const double atom_w[2] = { 0.5, 0.5 * exp (-eps) };
  double sum = 0, cuts[4] = { -eps, eps_prime - eps, eps_prime + eps, eps };

  for (int i = 0; i < 2; i++)
    {
      for (int j = 0; j < 2; j++)
        sum += atom_w[i] * atom_w[j] * g_loss (eps_prime, atom_at[i] + atom_at[j]);
      sum += 2 * atom_w[i] * laplace_G (eps, eps_prime, atom_at[i]);
    }
  for (int i = 0; i < 4; i++)
    cuts[i] = CLAMP (cuts[i], -eps, eps);
  qsort (cuts, 4, sizeof cuts[0], compare_doubles);
  for (int i = 0; i < 3; i++)
    sum += simpson_fG (eps, eps_prime, cuts[i], cuts[i + 1]);
  return sum;
}

/* ---------------------------------------------------------------------------------------- */
/* divergence                                                                                */

static void
test_divergence_laplace (void)
{
  const double epsilons[] = { 0.01, 0.5, 1.0, 5.0, 20.0 };

  for (size_t i = 0; i < G_N_ELEMENTS (epsilons); i++)
    {
      double e = epsilons[i];
      g_autofree char *es = fmt (e);
      g_autoptr(JsonObject) j = RUN_JSON ("divergence", "--mechanism", "laplace",
                                          "--epsilon", es, "--sensitivity", "2",
                                          "--alpha", "2");
      JsonObject *params = get_object (j, "parameters");
      double a = 2;

      g_assert_cmpstr (json_object_get_string_member (j, "mechanism"), ==, "laplace");
      assert_rel (get_double (params, "epsilon"), e, 1e-15);
      assert_rel (get_double (params, "sensitivity"), 2, 1e-15);
      assert_rel (get_double (params, "laplace_scale"), 2 / e, 1e-14);
      /* KL ε + e^{−ε} − 1; TV 1 − e^{−ε/2}; D∞ = ε (Dwork & Roth §3.5, VIEWS.md). */
      assert_rel (get_double (j, "kl"), e + expm1 (-e), 1e-12);
      assert_rel (get_double (j, "total_variation"), -expm1 (-e / 2), 1e-12);
      assert_rel (get_double (j, "max_divergence"), e, 1e-12);
      assert_rel (get_double (j, "kl_bound_lemma_3_18"), e * expm1 (e), 1e-12);
      assert_rel (get_double (j, "kl_bound_tight"), e * tanh (e / 2), 1e-12);
      assert_rel (get_double (j, "kl_bound_zcdp"), e * e / 2, 1e-12);
      /* KL ≤ ε·tanh(ε/2) ≤ ε²/2 ≤ ε(e^ε − 1). */
      g_assert_cmpfloat (get_double (j, "kl"), <=, get_double (j, "kl_bound_tight"));
      g_assert_cmpfloat (get_double (j, "kl_bound_tight"), <=, get_double (j, "kl_bound_zcdp"));
      g_assert_cmpfloat (get_double (j, "kl_bound_zcdp"), <=,
                         get_double (j, "kl_bound_lemma_3_18"));
      /* Rényi of order α (Mironov 2017, Table II), direct form (fine for these ε). */
      if (e <= 5)
        assert_rel (get_double (j, "renyi"),
                    log (a / (2 * a - 1) * exp ((a - 1) * e)
                         + (a - 1) / (2 * a - 1) * exp (-a * e)) / (a - 1),
                    1e-10);
      assert_rel (get_double (j, "alpha"), 2, 0);
    }
}

/* KL of the Laplace pair by numerical integration of p ln(p/q), independent of the closed
 * form: ∫ p(y)(|y−Δ| − |y|)/b dy, Simpson on [−60b, 0], [0, Δ], [Δ, Δ + 60b]. */
static double
laplace_kl_numeric (double eps, double sens)
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

          sum += w * exp (-fabs (y) / b) / (2 * b) * (fabs (y - sens) - fabs (y)) / b;
        }
      total += sum * h / 3;
    }
  return total;
}

static void
test_divergence_laplace_numeric (void)
{
  g_autoptr(JsonObject) j = RUN_JSON ("divergence", "--mechanism", "laplace", "--epsilon",
                                      "1.3", "--sensitivity", "0.7");

  assert_rel (get_double (j, "kl"), laplace_kl_numeric (1.3, 0.7), 1e-9);
}

static void
test_divergence_gaussian (void)
{
  /* σ given: KL = Δ²/(2σ²), D_α = αΔ²/(2σ²), TV = 2Φ(μ/2) − 1, D∞ = +∞ (null); no ε₀, so the
   * bounds are null. */
  {
    g_autoptr(JsonObject) j = RUN_JSON ("divergence", "--mechanism", "gaussian", "--sigma", "2",
                                        "--sensitivity", "1", "--alpha", "3");
    JsonObject *params = get_object (j, "parameters");

    g_assert_cmpstr (json_object_get_string_member (j, "mechanism"), ==, "gaussian");
    assert_rel (get_double (params, "sigma"), 2, 0);
    g_assert_cmpstr (json_object_get_string_member (params, "sigma_source"), ==, "given");
    assert_rel (get_double (j, "kl"), 1.0 / 8, 1e-12);
    assert_rel (get_double (j, "renyi"), 3.0 / 8, 1e-12);
    assert_rel (get_double (j, "total_variation"), 2 * Phi (0.25) - 1, 1e-10);
    assert_null_member (j, "max_divergence");
    assert_null_member (j, "kl_bound_lemma_3_18");
    assert_null_member (j, "kl_bound_tight");
    assert_null_member (j, "kl_bound_zcdp");
  }
  /* ε and δ given: σ is calibrated so that δ_G(ε) = δ; check it on the profile. */
  {
    g_autoptr(JsonObject) j = RUN_JSON ("divergence", "--mechanism", "gaussian", "--epsilon",
                                        "1", "--delta", "1e-5", "--sensitivity", "3");
    JsonObject *params = get_object (j, "parameters");
    double sigma = get_double (params, "sigma");

    g_assert_cmpstr (json_object_get_string_member (params, "sigma_source"), ==, "analytic");
    assert_rel (gauss_delta (3 / sigma, 1), 1e-5, 1e-6);
    assert_rel (get_double (j, "kl"), 9 / (2 * sigma * sigma), 1e-12);
    assert_rel (get_double (j, "kl_bound_lemma_3_18"), expm1 (1), 1e-12);
    assert_null_member (j, "max_divergence");
  }
  /* σ and ε given: δ₀ is read off the profile; σ and δ given: ε₀ is. */
  {
    g_autoptr(JsonObject) j = RUN_JSON ("divergence", "--mechanism", "gaussian", "--sigma", "2",
                                        "--epsilon", "0.5");
    JsonObject *params = get_object (j, "parameters");

    assert_rel (get_double (params, "delta"), gauss_delta (0.5, 0.5), 1e-10);
    assert_rel (get_double (j, "kl_bound_tight"), 0.5 * tanh (0.25), 1e-12);
  }
  {
    g_autoptr(JsonObject) j = RUN_JSON ("divergence", "--mechanism", "gaussian", "--sigma", "2",
                                        "--delta", "1e-3");
    double eps = get_double (get_object (j, "parameters"), "epsilon");

    assert_rel (gauss_delta (0.5, eps), 1e-3, 1e-8);
  }
}

/* σ = 10⁻³ with δ₀ = 10⁻⁶ puts ε₀ near 5·10⁵: the bounds at ε₀ are answered, Lemma 3.18's
 * ε₀(e^ε₀ − 1) as null (it exceeds the double range, +∞). */
static void
test_divergence_gaussian_huge_epsilon (void)
{
  g_autoptr(JsonObject) j = RUN_JSON ("divergence", "--mechanism", "gaussian", "--sigma", "1e-3",
                                      "--delta", "1e-6");
  JsonObject *params = json_object_get_object_member (j, "parameters");
  double eps = json_object_get_double_member (params, "epsilon");

  g_assert_cmpfloat (eps, >, 4e5);
  assert_rel (get_double (j, "kl"), 1.0 / (2 * 1e-6), 1e-12);
  g_assert_true (JSON_NODE_HOLDS_NULL (json_object_get_member (j, "kl_bound_lemma_3_18")));
  assert_rel (get_double (j, "kl_bound_tight"), eps * tanh (eps / 2), 1e-14);
  assert_rel (get_double (j, "kl_bound_zcdp"), eps * eps / 2, 1e-14);
}

/* σ = 10⁻⁹ (Δ = 1) is μ = 10⁹, within the options' ranges. For μ that large the second term
 * of δ(ε) = Φ(μ/2 − ε/μ) − e^ε Φ(−μ/2 − ε/μ) is below 10⁻⁸ of the first, so ε₀ at δ₀ is
 * μ(μ/2 + z) with Φ(−z) = δ₀, to far better than 1e-12 relative. The exact composition of
 * k = 10⁷ such mechanisms (μ√k ≈ 3.2·10¹²) is beyond libdpcore's Gaussian: refused, named. */
static void
test_gaussian_huge_mu (void)
{
  g_autoptr(JsonObject) j = RUN_JSON ("divergence", "--mechanism", "gaussian", "--sigma", "1e-9",
                                      "--delta", "1e-6");
  JsonObject *params = json_object_get_object_member (j, "parameters");
  double lo = 0, hi = 40, mu = 1e9;
  g_autoptr(JsonObject) c = NULL;
  JsonObject *not_applicable;
  g_auto(Run) run;

  for (int i = 0; i < 200; i++)
    {
      double mid = 0.5 * (lo + hi);

      if (Phi (-mid) > 1e-6)
        lo = mid;
      else
        hi = mid;
    }
  assert_rel (json_object_get_double_member (params, "epsilon"), mu * (mu / 2 + hi), 1e-12);

  RUN (&run, "delta", "--mechanism", "gaussian", "--sigma", "1e-9", "--k", "10000000", "--at",
       "1");
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "--k 10000000"));
  g_assert_nonnull (strstr (run.err, "μ√k"));
  g_assert_nonnull (strstr (run.err, "3.16228e+12"));

  c = RUN_JSON ("compose", "--mechanism", "gaussian", "--sigma", "1e-9", "--k", "10000000",
                "--target-delta", "1e-6");
  not_applicable = json_object_get_object_member (c, "not_applicable");
  g_assert_nonnull (strstr (json_object_get_string_member (not_applicable, "exact"), "μ√k"));
}

static void
test_divergence_rr (void)
{
  /* ε = ln 2: the seed's 2/3 vs 1/3 coin. KL = (2/3 − 1/3) ln 2, TV = 1/3. */
  g_autofree char *es = fmt (log (2));
  g_autoptr(JsonObject) j = RUN_JSON ("divergence", "--mechanism", "rr", "--epsilon", es);

  assert_rel (get_double (get_object (j, "parameters"), "rr_p"), 2.0 / 3, 1e-14);
  assert_rel (get_double (j, "kl"), log (2) / 3, 1e-12);
  assert_rel (get_double (j, "total_variation"), 1.0 / 3, 1e-12);
  assert_rel (get_double (j, "max_divergence"), log (2), 1e-12);
}

/* ---------------------------------------------------------------------------------------- */
/* delta                                                                                     */

static void
test_delta_closed_forms (void)
{
  /* Laplace δ(ε′) = 1 − e^{(ε′−ε)/2} on [0, ε], 0 beyond; δ(0) = TV. */
  const double at[] = { 0.0, 0.3, 0.99, 1.5 };

  for (size_t i = 0; i < G_N_ELEMENTS (at); i++)
    {
      g_autofree char *as = fmt (at[i]);
      g_autoptr(JsonObject) j = RUN_JSON ("delta", "--mechanism", "laplace", "--epsilon", "1",
                                          "--at", as);
      double expected = at[i] < 1 ? -expm1 ((at[i] - 1) / 2) : 0;

      if (expected > 0)
        assert_rel (get_double (j, "delta"), expected, 1e-12);
      else
        g_assert_cmpfloat (fabs (get_double (j, "delta")), <=, 1e-15);
      assert_rel (get_double (j, "at"), at[i], 0);
    }
  /* RR: (e^ε − e^{ε′})/(1 + e^ε). */
  {
    g_autoptr(JsonObject) j = RUN_JSON ("delta", "--mechanism", "rr", "--epsilon", "2",
                                        "--at", "0.5");

    assert_rel (get_double (j, "delta"), (exp (2) - exp (0.5)) / (1 + exp (2)), 1e-12);
  }
  /* Gaussian (Balle & Wang Thm 8). */
  {
    g_autoptr(JsonObject) j = RUN_JSON ("delta", "--mechanism", "gaussian", "--sigma", "0.8",
                                        "--at", "1.2");

    assert_rel (get_double (j, "delta"), gauss_delta (1 / 0.8, 1.2), 1e-10);
  }
}

static void
test_delta_round_trip (void)
{
  const char *mechanisms[][4] = {
    { "laplace", "--epsilon", "1.5", NULL },
    { "rr", "--epsilon", "1.5", NULL },
    { "gaussian", "--sigma", "1.1", NULL },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (mechanisms); i++)
    {
      g_autoptr(JsonObject) forward = RUN_JSON ("delta", "--mechanism", mechanisms[i][0],
                                                mechanisms[i][1], mechanisms[i][2],
                                                "--at", "0.4");
      double delta = get_double (forward, "delta");
      g_autofree char *ds = fmt (delta);
      g_autoptr(JsonObject) back = RUN_JSON ("delta", "--mechanism", mechanisms[i][0],
                                             mechanisms[i][1], mechanisms[i][2],
                                             "--target-delta", ds);

      assert_rel (get_double (back, "epsilon"), 0.4, 1e-8);
      assert_rel (get_double (back, "target_delta"), delta, 0);
    }
}

static void
test_delta_composed (void)
{
  /* Randomized response, k = 10: exact binomial sum. */
  {
    g_autoptr(JsonObject) j = RUN_JSON ("delta", "--mechanism", "rr", "--epsilon", "0.5",
                                        "--k", "10", "--at", "1");

    g_assert_cmpint (json_object_get_int_member (j, "k"), ==, 10);
    g_assert_cmpstr (json_object_get_string_member (j, "method"), ==, "exact");
    assert_rel (get_double (j, "delta"), rr_k_delta (0.5, 10, 1), 1e-8);
  }
  /* Gaussian, k = 25: the pair with μ√k. */
  {
    g_autoptr(JsonObject) j = RUN_JSON ("delta", "--mechanism", "gaussian", "--sigma", "4",
                                        "--k", "25", "--at", "1");

    assert_rel (get_double (j, "delta"), gauss_delta (5.0 / 4, 1), 1e-8);
  }
  /* Laplace, k = 2: numerical integration over the privacy-loss distribution. The exact
   * method is an upper bound within 1e-4 relative. */
  {
    const double at[] = { 0.2, 0.9, 1.7 };

    for (size_t i = 0; i < G_N_ELEMENTS (at); i++)
      {
        g_autofree char *as = fmt (at[i]);
        g_autoptr(JsonObject) j = RUN_JSON ("delta", "--mechanism", "laplace", "--epsilon", "1",
                                            "--k", "2", "--at", as);
        double truth = laplace2_delta (1, at[i]);
        double got = get_double (j, "delta");

        assert_rel (got, truth, 1e-4);
        g_assert_cmpfloat (got, >=, truth * (1 - 1e-9));
      }
  }
  /* Negative ε′ (the documented range of --at is ±10⁶): RR from its binomial sum, the
   * Gaussian from its closed form, Laplace by integration; below −kε every output has
   * L ≥ ε′ and δ = 1 − e^{ε′}, so ε′ = −10⁶ gives δ = 1. */
  {
    const double at[] = { -0.3, -1.3, -4.2 };

    for (size_t i = 0; i < G_N_ELEMENTS (at); i++)
      {
        g_autofree char *as = fmt (at[i]);
        g_autoptr(JsonObject) rr = RUN_JSON ("delta", "--mechanism", "rr", "--epsilon", "0.5",
                                             "--k", "10", "--at", as);
        g_autoptr(JsonObject) gauss = RUN_JSON ("delta", "--mechanism", "gaussian", "--sigma",
                                                "4", "--k", "25", "--at", as);
        g_autoptr(JsonObject) lap = RUN_JSON ("delta", "--mechanism", "laplace", "--epsilon",
                                              "1", "--k", "2", "--at", as);
        double truth = laplace2_delta (1, at[i]);

        assert_rel (get_double (rr, "delta"), rr_k_delta (0.5, 10, at[i]), 1e-8);
        assert_rel (get_double (gauss, "delta"), gauss_delta (5.0 / 4, at[i]), 1e-8);
        assert_rel (get_double (lap, "delta"), truth, 1e-4);
        g_assert_cmpfloat (get_double (lap, "delta"), >=, truth * (1 - 1e-9));
      }
  }
  {
    g_autoptr(JsonObject) j = RUN_JSON ("delta", "--mechanism", "laplace", "--epsilon", "1",
                                        "--k", "2", "--at", "-1000000");

    g_assert_cmpfloat (get_double (j, "delta"), ==, 1.0);
  }
  /* … and the inverse: ε with δ(ε) ≤ target, within 1e-4 relative of the smallest one. */
  {
    double target = 0.05;
    g_autoptr(JsonObject) j = RUN_JSON ("delta", "--mechanism", "laplace", "--epsilon", "1",
                                        "--k", "2", "--target-delta", "0.05");
    double eps = get_double (j, "epsilon");

    g_assert_cmpfloat (laplace2_delta (1, eps), <=, target * (1 + 1e-9));
    g_assert_cmpfloat (laplace2_delta (1, eps / (1 + 1e-4)), >=, target);
  }
}

/* ---------------------------------------------------------------------------------------- */
/* compose                                                                                   */

static void
test_compose_laplace (void)
{
  /* The brief's question: 300 Laplace queries at ε = 0.1, total δ = 10⁻⁶. */
  g_autoptr(JsonObject) j = RUN_JSON ("compose", "--mechanism", "laplace", "--epsilon", "0.1",
                                      "--k", "300", "--target-delta", "1e-6", "--method", "all");
  JsonObject *eps = get_object (j, "epsilon_total");
  JsonObject *delta = get_object (j, "delta_total");
  Kov kov = { 0.1, 0, 300 };
  double e = 0.1, k = 300, d = 1e-6;
  double basic = get_double (eps, "basic"), optimal = get_double (eps, "optimal");
  double exact = get_double (eps, "exact"), advanced = get_double (eps, "advanced");

  g_assert_cmpint (json_object_get_int_member (j, "k"), ==, 300);
  assert_rel (get_double (j, "target_delta"), 1e-6, 0);
  /* Basic (Thm 3.16) kε; advanced (Thm 3.20) √(2k ln(1/δ′))ε + kε(e^ε − 1). */
  assert_rel (basic, k * e, 1e-12);
  g_assert_cmpfloat (get_double (delta, "basic"), ==, 0);
  assert_rel (advanced, sqrt (2 * k * log (1 / d)) * e + k * e * expm1 (e), 1e-12);
  assert_rel (get_double (delta, "advanced"), d, 1e-12);
  assert_rel (get_double (get_object (j, "advanced_terms"), "azuma"),
              sqrt (2 * k * log (1 / d)) * e, 1e-12);
  /* Optimal (KOV) recomputed here. */
  assert_rel (optimal, invert_decreasing (kov_delta, &kov, d, 1), 1e-8);
  assert_rel (get_double (delta, "optimal"), d, 0);
  assert_rel (get_double (delta, "exact"), d, 0);
  /* exact ≤ optimal ≤ basic; RDP is a valid (looser) bound too. */
  g_assert_cmpfloat (exact, <=, optimal);
  g_assert_cmpfloat (optimal, <=, basic);
  g_assert_cmpfloat (exact, >, 0);
  g_assert_cmpfloat (get_double (eps, "rdp"), >=, exact);
  g_assert_false (json_object_has_member (eps, "zcdp"));
  g_assert_true (json_object_has_member (get_object (j, "not_applicable"), "zcdp"));
}

static void
test_compose_reference_point (void)
{
  /* VIEWS.md reference point (δ = 1e-5, ε₀ = 0.1, k = 100): exact 4.2203, a value published
   * with the design (not produced by this code). */
  g_autoptr(JsonObject) j = RUN_JSON ("compose", "--mechanism", "laplace", "--epsilon", "0.1",
                                      "--k", "100", "--target-delta", "1e-5", "--method",
                                      "exact");
  JsonObject *eps = get_object (j, "epsilon_total");

  g_assert_cmpfloat (fabs (get_double (eps, "exact") - 4.2203), <, 6e-4);
  g_assert_cmpuint (json_object_get_size (eps), ==, 1);
}

/* The Gaussian's budget per step comes from its privacy profile (dp-compose.h): basic
 * composes (ε_G(D/k), D/k); advanced (ε_G(D/2k), D/2k) with δ′ = D/2; optimal KOV of
 * (ε_G(D/2k), D/2k) at total D. ε_G is inverted here from Balle & Wang's formula. */
static void
test_compose_gaussian (void)
{
  g_autoptr(JsonObject) j = RUN_JSON ("compose", "--mechanism", "gaussian", "--sigma", "5",
                                      "--sensitivity", "1", "--k", "100", "--target-delta",
                                      "1e-5");
  JsonObject *eps = get_object (j, "epsilon_total");
  JsonObject *delta = get_object (j, "delta_total");
  JsonObject *per_step = get_object (j, "per_step");
  double mu = 0.2, rho = 100.0 / 50, k = 100, d = 1e-5;
  double e_basic = invert_decreasing (gauss_delta_cb, &mu, d / k, 1);
  double e_half = invert_decreasing (gauss_delta_cb, &mu, d / (2 * k), 1);
  Kov kov = { e_half, d / (2 * k), 100 };

  assert_rel (get_double (eps, "exact"), invert_decreasing (gauss_delta_cb, &(double) { 2.0 },
                                                            d, 1), 1e-6);
  assert_rel (get_double (eps, "zcdp"), rho + 2 * sqrt (rho * log (1e5)), 1e-10);
  g_assert_cmpfloat (get_double (eps, "rdp"), >=, get_double (eps, "exact"));
  g_assert_cmpfloat (get_double (eps, "rdp"), <=, get_double (eps, "zcdp") * (1 + 1e-9));

  assert_rel (get_double (eps, "basic"), k * e_basic, 1e-6);
  assert_rel (get_double (get_object (per_step, "basic"), "epsilon"), e_basic, 1e-6);
  assert_rel (get_double (get_object (per_step, "basic"), "delta"), d / k, 1e-12);
  assert_rel (get_double (eps, "advanced"),
              sqrt (2 * k * log (2 / d)) * e_half + k * e_half * expm1 (e_half), 1e-6);
  assert_rel (get_double (get_object (j, "advanced_terms"), "delta_prime"), d / 2, 1e-12);
  assert_rel (get_double (get_object (per_step, "advanced"), "delta"), d / (2 * k), 1e-12);
  assert_rel (get_double (eps, "optimal"), invert_decreasing (kov_delta, &kov, d, 1), 1e-6);
  for (int i = 0; i < 3; i++)
    assert_rel (get_double (delta, (const char *[]) { "basic", "advanced", "optimal" }[i]), d,
                1e-12);
}

/* The same σ gives the same answers however it was chosen: calibrated from (ε, δ) = (1, 1e-5)
 * or given. At ε = 1, k = 100, D = 1e-5 basic is 100·ε_G(1e-7) = 127.3, not 100: (1, 1e-5)
 * composed 100 times holds at total δ 1e-3, not 1e-5. */
static void
test_compose_gaussian_calibration_irrelevant (void)
{
  g_autoptr(JsonObject) a = RUN_JSON ("compose", "--mechanism", "gaussian", "--epsilon", "1",
                                      "--delta", "1e-5", "--k", "100", "--target-delta", "1e-5");
  double sigma = get_double (get_object (a, "parameters"), "sigma");
  g_autofree char *sigma_text = fmt (sigma);
  g_autoptr(JsonObject) b = RUN_JSON ("compose", "--mechanism", "gaussian", "--sigma",
                                      sigma_text, "--k", "100", "--target-delta", "1e-5");
  const char *const methods[] = { "basic", "advanced", "optimal", "exact", "rdp", "zcdp" };
  double mu = 1 / sigma;

  /* σ is the analytic calibration: δ(1) = 1e-5 for μ = 1/σ */
  assert_rel (gauss_delta (mu, 1.0), 1e-5, 1e-6);
  for (size_t i = 0; i < G_N_ELEMENTS (methods); i++)
    assert_rel (get_double (get_object (a, "epsilon_total"), methods[i]),
                get_double (get_object (b, "epsilon_total"), methods[i]), 1e-15);
  assert_rel (get_double (get_object (a, "epsilon_total"), "basic"),
              100 * invert_decreasing (gauss_delta_cb, &mu, 1e-7, 1), 1e-6);
  g_assert_cmpfloat (fabs (get_double (get_object (a, "epsilon_total"), "basic") - 127.3), <,
                     0.05);
}

static void
test_compose_generic (void)
{
  /* Generic (0.5, 1e-7)-DP, k = 50, total δ 1e-5: basic (25, 5e-6); advanced with
   * δ′ = 1e-5 − 50·1e-7; optimal by KOV with δ₀ > 0. */
  g_autoptr(JsonObject) j = RUN_JSON ("compose", "--mechanism", "generic", "--epsilon", "0.5",
                                      "--delta", "1e-7", "--k", "50", "--target-delta", "1e-5");
  JsonObject *eps = get_object (j, "epsilon_total");
  JsonObject *delta = get_object (j, "delta_total");
  Kov kov = { 0.5, 1e-7, 50 };
  double dp = 1e-5 - 50 * 1e-7;

  assert_rel (get_double (eps, "basic"), 25, 1e-12);
  assert_rel (get_double (delta, "basic"), 5e-6, 1e-12);
  assert_rel (get_double (eps, "advanced"), sqrt (2 * 50 * log (1 / dp)) * 0.5 + 25 * expm1 (0.5),
              1e-10);
  assert_rel (get_double (delta, "advanced"), 1e-5, 1e-10);
  assert_rel (get_double (eps, "optimal"), invert_decreasing (kov_delta, &kov, 1e-5, 1), 1e-8);
  g_assert_false (json_object_has_member (eps, "exact"));
  g_assert_false (json_object_has_member (eps, "rdp"));
}

static void
test_compose_rr (void)
{
  /* Binary randomized response composed exactly equals KOV with δ₀ = 0. */
  g_autoptr(JsonObject) j = RUN_JSON ("compose", "--mechanism", "rr", "--epsilon", "0.3", "--k",
                                      "40", "--target-delta", "1e-4");
  JsonObject *eps = get_object (j, "epsilon_total");
  Kov kov = { 0.3, 0, 40 };
  double expected = invert_decreasing (kov_delta, &kov, 1e-4, 1);

  assert_rel (get_double (eps, "optimal"), expected, 1e-8);
  assert_rel (get_double (eps, "exact"), expected, 1e-4);
}

/* The number printed after @key on the line that starts (after spaces) with @label, in the
 * human-readable output; fails when there is none. */
static double
text_value (const char *out, const char *label, const char *key)
{
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);

  for (char **l = lines; *l != NULL; l++)
    {
      const char *line = *l + strspn (*l, " ");
      const char *at;
      char *end;
      double value;

      if (!g_str_has_prefix (line, label) || (at = strstr (line, key)) == NULL)
        continue;
      value = g_ascii_strtod (at + strlen (key), &end);
      if (end == at + strlen (key))
        break; /* no number there */
      return value;
    }
  g_error ("no “%s … %s” number in:\n%s", label, key, out);
  return NAN;
}

/* Without --json the same numbers are printed (6 significant digits), checked against the
 * closed forms here. */
static void
test_text_output (void)
{
  const char *const divergence[] = { "divergence", "--mechanism", "gaussian", "--sigma", "1",
                                     NULL };
  const char *const delta[] = { "delta", "--mechanism", "laplace", "--epsilon", "1", "--at",
                                "0.5", NULL };
  const char *const compose[] = { "compose", "--mechanism", "gaussian", "--sigma", "2", "--k",
                                  "10", "--target-delta", "1e-6", NULL };
  const double tol = 6e-6; /* %.6g */
  double mu = 0.5, mu10 = 0.5 * sqrt (10.0), rho = 10 * 0.25 / 2;
  g_auto(Run) r1 = { 0 };
  g_auto(Run) r2 = { 0 };
  g_auto(Run) r3 = { 0 };

  run_argv (&r1, divergence);
  run_argv (&r2, delta);
  run_argv (&r3, compose);
  for (int i = 0; i < 3; i++)
    {
      const Run *r = (const Run *[]) { &r1, &r2, &r3 }[i];

      g_assert_cmpint (r->status, ==, 0);
      g_assert_cmpstr (r->err, ==, "");
      g_assert_false (g_str_has_prefix (r->out, "{"));
    }
  /* Gaussian σ = 1, Δ = 1: KL μ²/2 = 0.5, TV = 2Φ(μ/2) − 1, D∞ = ∞ */
  assert_rel (text_value (r1.out, "KL divergence", "D_KL(P‖Q)"), 0.5, tol);
  assert_rel (text_value (r1.out, "total variation", "distance)"), 2 * Phi (0.5) - 1, tol);
  g_assert_nonnull (strstr (r1.out, "∞"));
  /* Laplace ε = 1: δ(ε′) = 1 − e^{(ε′ − ε)/2} */
  assert_rel (text_value (r2.out, "δ(ε′ = 0.5)", ") = "), -expm1 (-0.25), tol);
  /* Gaussian σ = 2, k = 10, D = 1e-6 */
  assert_rel (text_value (r3.out, "basic", "ε = "),
              10 * invert_decreasing (gauss_delta_cb, &mu, 1e-7, 1), tol);
  assert_rel (text_value (r3.out, "basic", "ε₀ = "),
              invert_decreasing (gauss_delta_cb, &mu, 1e-7, 1), tol);
  assert_rel (text_value (r3.out, "exact", "ε = "),
              invert_decreasing (gauss_delta_cb, &mu10, 1e-6, 1), tol);
  assert_rel (text_value (r3.out, "zcdp", "ε = "), rho + 2 * sqrt (rho * log (1e6)), tol);
  assert_rel (text_value (r3.out, "zcdp", "δ = "), 1e-6, tol);

  /* Median of {1, 5, 9} in [0, 10], records replaced: GS = U − L = 10 (n odd); LS = 4 (5 → 1
   * or 9); A(1) = 8 ({1, 9, 9}: LS 8), so with β = ε/6 the smooth bound is
   * max (4, 8e^{−β}, 9e^{−2β}, 10e^{−3β}) = 8e^{−1/6} (Nissim, Raskhodnikova & Smith 2007). */
  {
    const char *const sensitivity[] = { "sensitivity", "--query", "median", "--data", "1,5,9",
                                        "--lower", "0", "--upper", "10", "--epsilon", "1",
                                        NULL };
    const char *const kmeans[] = { "kmeans", "--points", "200", NULL };
    g_auto(Run) r4 = { 0 };
    g_auto(Run) r5 = { 0 };

    run_argv (&r4, sensitivity);
    g_assert_cmpint (r4.status, ==, 0);
    g_assert_cmpstr (r4.err, ==, "");
    assert_rel (text_value (r4.out, "global sensitivity", "GS"), 10, tol);
    assert_rel (text_value (r4.out, "local sensitivity", "LS(x)"), 4, tol);
    assert_rel (text_value (r4.out, "smooth sensitivity", "β = 0.166667"), 8 * exp (-1.0 / 6),
                tol);
    run_argv (&r5, kmeans);
    g_assert_cmpint (r5.status, ==, 0);
    g_assert_cmpstr (r5.err, ==, "");
    /* ε′ = ε/(2T) with the defaults ε = 1, T = 10 (book §3.3.3) */
    assert_rel (text_value (r5.out, "each count and sum", "ε′ = ε/(2T) = "), 0.05, tol);
  }
}

/* ---------------------------------------------------------------------------------------- */
/* bad input                                                                                 */

static void
test_bad_arguments (void)
{
  /* no command, unknown command */
  assert_usage_error_argv ((const char *const[]) { NULL });
  ASSERT_USAGE_ERROR ("");
  ASSERT_USAGE_ERROR ("frobnicate");
  /* unknown option, stray argument */
  ASSERT_USAGE_ERROR ("divergence", "--mechanism", "laplace", "--epsilon", "1", "--bogus");
  ASSERT_USAGE_ERROR ("divergence", "--mechanism", "laplace", "--epsilon", "1", "extra");
  /* non-numeric (also a locale decimal comma, NaN, infinity, trailing junk, empty) */
  ASSERT_USAGE_ERROR ("divergence", "--mechanism", "laplace", "--epsilon", "abc");
  ASSERT_USAGE_ERROR ("divergence", "--mechanism", "laplace", "--epsilon", "0,5");
  ASSERT_USAGE_ERROR ("divergence", "--mechanism", "laplace", "--epsilon", "nan");
  ASSERT_USAGE_ERROR ("divergence", "--mechanism", "laplace", "--epsilon", "inf");
  ASSERT_USAGE_ERROR ("divergence", "--mechanism", "laplace", "--epsilon", "1.5x");
  ASSERT_USAGE_ERROR ("divergence", "--mechanism", "laplace", "--epsilon", "");
  ASSERT_USAGE_ERROR ("divergence", "--mechanism", "laplace", "--epsilon", "1e999");
  ASSERT_USAGE_ERROR ("compose", "--mechanism", "laplace", "--epsilon", "1", "--k", "1.5",
                      "--target-delta", "1e-6");
  /* out of range */
  ASSERT_USAGE_ERROR ("divergence", "--mechanism", "laplace", "--epsilon", "0");
  ASSERT_USAGE_ERROR ("divergence", "--mechanism", "laplace", "--epsilon", "-1");
  ASSERT_USAGE_ERROR ("divergence", "--mechanism", "laplace", "--epsilon", "1000");
  ASSERT_USAGE_ERROR ("divergence", "--mechanism", "laplace", "--epsilon", "1", "--alpha", "1");
  ASSERT_USAGE_ERROR ("compose", "--mechanism", "laplace", "--epsilon", "1", "--k", "0",
                      "--target-delta", "1e-6");
  ASSERT_USAGE_ERROR ("compose", "--mechanism", "laplace", "--epsilon", "1", "--k", "-3",
                      "--target-delta", "1e-6");
  ASSERT_USAGE_ERROR ("compose", "--mechanism", "laplace", "--epsilon", "1", "--k", "10",
                      "--target-delta", "1");
  ASSERT_USAGE_ERROR ("delta", "--mechanism", "laplace", "--epsilon", "1", "--target-delta",
                      "0");
  /* missing required */
  ASSERT_USAGE_ERROR ("divergence", "--epsilon", "1");
  ASSERT_USAGE_ERROR ("divergence", "--mechanism", "laplace");
  ASSERT_USAGE_ERROR ("divergence", "--mechanism", "laplace", "--epsilon");
  ASSERT_USAGE_ERROR ("compose", "--mechanism", "laplace", "--epsilon", "1", "--target-delta",
                      "1e-6");
  ASSERT_USAGE_ERROR ("compose", "--mechanism", "laplace", "--epsilon", "1", "--k", "3");
  ASSERT_USAGE_ERROR ("delta", "--mechanism", "laplace", "--epsilon", "1");
  ASSERT_USAGE_ERROR ("delta", "--mechanism", "laplace", "--epsilon", "1", "--at", "1",
                      "--target-delta", "0.1");
  ASSERT_USAGE_ERROR ("divergence", "--mechanism", "gaussian", "--epsilon", "1");
  /* unknown mechanism / method, inapplicable or contradictory options */
  ASSERT_USAGE_ERROR ("divergence", "--mechanism", "cauchy", "--epsilon", "1");
  ASSERT_USAGE_ERROR ("divergence", "--mechanism", "generic", "--epsilon", "1");
  ASSERT_USAGE_ERROR ("compose", "--mechanism", "laplace", "--epsilon", "1", "--k", "3",
                      "--target-delta", "1e-6", "--method", "magic");
  ASSERT_USAGE_ERROR ("compose", "--mechanism", "generic", "--epsilon", "1", "--k", "3",
                      "--target-delta", "1e-6", "--method", "exact");
  ASSERT_USAGE_ERROR ("divergence", "--mechanism", "laplace", "--epsilon", "1", "--sigma", "2");
  ASSERT_USAGE_ERROR ("divergence", "--mechanism", "gaussian", "--sigma", "1", "--epsilon", "1",
                      "--delta", "1e-5");
}

static void
test_help (void)
{
  const char *const commands[] = { "divergence", "delta", "compose", "sensitivity", "kmeans",
                                   "export", "bench" };

  for (size_t i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto(Run) run;

      RUN (&run, commands[i], "--help");
      g_assert_cmpint (run.status, ==, 0);
      g_assert_nonnull (strstr (run.out, commands[i]));
      g_assert_nonnull (strstr (run.out, "--json"));
    }
  {
    g_auto(Run) run;

    RUN (&run, "--help");
    g_assert_cmpint (run.status, ==, 0);
    for (size_t i = 0; i < G_N_ELEMENTS (commands); i++)
      g_assert_nonnull (strstr (run.out, commands[i]));
  }
  /* “help COMMAND” prints what “COMMAND --help” prints; any other word after help is refused,
   * --json among them, since the usage is text. */
  for (size_t i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto(Run) direct;
      g_auto(Run) via_help;

      RUN (&direct, commands[i], "--help");
      RUN (&via_help, "help", commands[i]);
      g_assert_cmpint (via_help.status, ==, 0);
      g_assert_cmpstr (via_help.out, ==, direct.out);
      g_assert_cmpstr (via_help.err, ==, "");
    }
  ASSERT_USAGE_ERROR ("help", "--json");
  ASSERT_USAGE_ERROR ("--help", "no-such-command");
  ASSERT_USAGE_ERROR ("help", "export", "--json");
}

/* --version prints the project's version, as text or, with --json, as one JSON object; every
 * other argument after it is refused (the fuzzer found --version --json printing text). */
static void
test_version (void)
{
  g_auto(Run) text;
  g_autoptr(JsonObject) obj = RUN_JSON ("--version");
  g_autofree char *expected = g_strdup_printf ("dpviz-cli %s\n", PACKAGE_VERSION);

  RUN (&text, "--version");
  g_assert_cmpint (text.status, ==, 0);
  g_assert_cmpstr (text.out, ==, expected);
  g_assert_cmpstr (text.err, ==, "");
  g_assert_cmpstr (json_object_get_string_member (obj, "name"), ==, "dpviz-cli");
  g_assert_cmpstr (json_object_get_string_member (obj, "version"), ==, PACKAGE_VERSION);
  ASSERT_USAGE_ERROR ("--version", "extra");
  ASSERT_USAGE_ERROR ("--version", "--json", "--json");
  ASSERT_USAGE_ERROR ("--version", "--help");
}

/* ---------------------------------------------------------------------------------------- */
/* sensitivity and kmeans                                                                    */

/* The most values `sensitivity --data` takes (DP_SENSITIVITY_N_MAX in libdpcore). */
#define DATA_N_MAX 1000

static char *
cli_json_text (JsonObject *obj)
{
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  g_autoptr(JsonGenerator) gen = json_generator_new ();

  json_node_set_object (node, obj);
  json_generator_set_root (gen, node);
  return json_generator_to_data (gen, NULL);
}

static JsonArray *
get_array (JsonObject *obj, const char *member)
{
  if (!json_object_has_member (obj, member))
    g_error ("missing JSON member “%s”", member);
  return json_object_get_array_member (obj, member);
}

/* 41 ages in [0, 100], sorted; the median's neighbours in sorted order equal it. */
static const double seminar[] = {
  19, 19, 19, 20, 20, 20, 20, 20, 20, 20, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21,
  21, 22, 22, 22, 22, 22, 22, 22, 23, 23, 23, 23, 23, 23, 24, 24, 24, 24, 25, 25,
};

static char *
join_values (const double *v, size_t n)
{
  GString *s = g_string_new (NULL);

  for (size_t i = 0; i < n; i++)
    {
      g_autofree char *f = fmt (v[i]);

      g_string_append_printf (s, "%s%s", i ? "," : "", f);
    }
  return g_string_free (s, FALSE);
}

/* The median's A^(k) of sorted x in [lo, hi] (Nissim, Raskhodnikova & Smith 2007):
 * max_{0≤t≤k+1} (x_(m+t) − x_(m+t−k−1)), x_(i) = lo for i ≤ 0 and hi for i > n, n odd. */
static double
median_a (const double *x, size_t n, double lo, double hi, long k)
{
  long m = ((long) n + 1) / 2;
  double best = 0;

  for (long t = 0; t <= k + 1; t++)
    {
      long a = m + t, b = m + t - k - 1;
      double va = a > (long) n ? hi : x[a - 1], vb = b <= 0 ? lo : x[b - 1];

      best = fmax (best, va - vb);
    }
  return best;
}

static void
test_sensitivity_median (void)
{
  g_autofree char *data = join_values (seminar, G_N_ELEMENTS (seminar));
  g_autoptr(JsonObject) o = RUN_JSON ("sensitivity", "--query", "median", "--data", data,
                                      "--lower", "0", "--upper", "100", "--epsilon", "1");
  JsonArray *a = get_array (o, "local_at_distance"), *echo = get_array (o, "data");
  JsonObject *noise = get_object (o, "noise"), *nb = get_object (o, "neighbour");
  size_t n = G_N_ELEMENTS (seminar);
  double smooth = 0;
  long smooth_t = 0;

  g_assert_cmpstr (json_object_get_string_member (o, "query"), ==, "median");
  g_assert_cmpstr (json_object_get_string_member (o, "neighbours"), ==, "replace");
  g_assert_cmpint (json_object_get_int_member (o, "n"), ==, (gint64) n);
  g_assert_cmpfloat (get_double (o, "lower"), ==, 0);
  g_assert_cmpfloat (get_double (o, "upper"), ==, 100);
  g_assert_cmpuint (json_array_get_length (echo), ==, n);
  for (size_t i = 0; i < n; i++)
    g_assert_cmpfloat (json_array_get_double_element (echo, (guint) i), ==, seminar[i]);
  g_assert_cmpfloat (get_double (o, "value"), ==, 21);
  g_assert_cmpfloat (get_double (o, "global"), ==, 100);   /* U − L, n odd */
  g_assert_cmpfloat (get_double (o, "local"), ==, 0);
  g_assert_cmpuint (json_array_get_length (a), ==, n + 1);
  for (size_t k = 0; k <= n; k++)
    {
      double want = median_a (seminar, n, 0, 100, (long) k);
      double v = exp (-(double) k / 6.0) * want;

      g_assert_cmpfloat (json_array_get_double_element (a, (guint) k), ==, want);
      if (v > smooth)
        {
          smooth = v;
          smooth_t = (long) k;
        }
    }
  /* ε = 1, δ = 0: Cauchy noise, β = ε/6, scale 6 S* / ε */
  assert_rel (get_double (o, "beta"), 1.0 / 6.0, 1e-15);
  assert_rel (get_double (o, "smooth"), smooth, 1e-14);
  g_assert_cmpint (json_object_get_int_member (o, "smooth_t"), ==, smooth_t);
  g_assert_cmpfloat (get_double (o, "delta"), ==, 0);
  {
    JsonObject *g = get_object (noise, "global"), *sm = get_object (noise, "smooth");
    JsonObject *lo = get_object (noise, "local_only");

    g_assert_cmpstr (json_object_get_string_member (g, "distribution"), ==, "laplace");
    g_assert_cmpfloat (get_double (g, "scale"), ==, 100);
    assert_rel (get_double (g, "median_abs_error"), 100 * log (2.0), 1e-14);
    assert_rel (get_double (g, "abs_error_95"), 100 * log (20.0), 1e-14);
    g_assert_true (json_object_get_boolean_member (g, "private"));
    g_assert_cmpstr (json_object_get_string_member (sm, "distribution"), ==, "cauchy");
    assert_rel (get_double (sm, "scale"), 6 * smooth, 1e-14);
    /* the standard Cauchy's |Z| has median 1 and 95 % quantile tan(0.475π) */
    assert_rel (get_double (sm, "median_abs_error"), 6 * smooth, 1e-14);
    assert_rel (get_double (sm, "abs_error_95"), 6 * smooth * tan (0.475 * G_PI), 1e-13);
    g_assert_cmpfloat (get_double (lo, "scale"), ==, 0);
    g_assert_false (json_object_get_boolean_member (lo, "private"));
  }
  /* a neighbour has another LS: replacing a 19 by 100 gives the median's neighbours 21, 22 */
  g_assert_cmpfloat (get_double (nb, "local"), >, 0);
  g_assert_cmpint (json_object_get_int_member (nb, "index"), <, (gint64) n);
}

static void
test_sensitivity_other_queries (void)
{
  g_autoptr(JsonObject) sum = RUN_JSON ("sensitivity", "--query", "sum", "--data",
                                        "3,7.5,2,9", "--lower", "-1", "--upper", "10",
                                        "--beta", "0.5");
  g_autoptr(JsonObject) mean = RUN_JSON ("sensitivity", "--query", "mean", "--data",
                                         "3,7.5,2,9", "--lower", "-1", "--upper", "10");
  g_autoptr(JsonObject) max = RUN_JSON ("sensitivity", "--query", "max", "--data",
                                        "3,7.5,2,9", "--lower", "-1", "--upper", "10");
  g_autoptr(JsonObject) count = RUN_JSON ("sensitivity", "--query", "count", "--data",
                                          "3,7.5,2,9", "--lower", "-1", "--upper", "10",
                                          "--epsilon", "0.5", "--delta", "1e-6");
  JsonArray *a;

  /* sum: GS = U − L; LS = max(U − min, max − L); every A^(t≥1) = GS */
  g_assert_cmpfloat (get_double (sum, "value"), ==, 21.5);
  g_assert_cmpfloat (get_double (sum, "global"), ==, 11);
  g_assert_cmpfloat (get_double (sum, "local"), ==, 10);
  a = get_array (sum, "local_at_distance");
  g_assert_cmpuint (json_array_get_length (a), ==, 5);
  g_assert_cmpfloat (json_array_get_double_element (a, 0), ==, 10);
  for (guint t = 1; t < 5; t++)
    g_assert_cmpfloat (json_array_get_double_element (a, t), ==, 11);
  /* S* = max(10, e^{−0.5}·11) */
  assert_rel (get_double (sum, "smooth"), fmax (10, exp (-0.5) * 11), 1e-15);
  /* mean: the same over n = 4 */
  assert_rel (get_double (mean, "global"), 11.0 / 4, 1e-15);
  assert_rel (get_double (mean, "local"), 10.0 / 4, 1e-15);
  g_assert_false (json_object_has_member (mean, "smooth"));
  g_assert_false (json_object_has_member (mean, "noise"));
  /* max: LS = max(U − x_(n), x_(n) − x_(n−1)) = max(1, 1.5) */
  g_assert_cmpfloat (get_double (max, "local"), ==, 1.5);
  g_assert_cmpfloat (get_double (max, "global"), ==, 11);
  /* count: add/remove, everything 1; (ε, δ): Laplace with β = ε/(2 ln(2/δ)), scale 2 S* / ε */
  g_assert_cmpstr (json_object_get_string_member (count, "neighbours"), ==, "add_remove");
  g_assert_cmpfloat (get_double (count, "global"), ==, 1);
  g_assert_cmpfloat (get_double (count, "local"), ==, 1);
  assert_null_member (count, "neighbour");
  a = get_array (count, "local_at_distance");
  for (guint t = 0; t < json_array_get_length (a); t++)
    g_assert_cmpfloat (json_array_get_double_element (a, t), ==, 1);
  assert_rel (get_double (count, "beta"), 0.5 / (2 * log (2e6)), 1e-15);
  g_assert_cmpfloat (get_double (count, "smooth"), ==, 1);
  {
    JsonObject *sm = get_object (get_object (count, "noise"), "smooth");

    g_assert_cmpstr (json_object_get_string_member (sm, "distribution"), ==, "laplace");
    assert_rel (get_double (sm, "scale"), 4, 1e-15);
  }
}

static void
test_sensitivity_errors (void)
{
  g_autofree char *many = NULL;
  GString *s = g_string_new ("1");

  for (int i = 0; i < DATA_N_MAX; i++)
    g_string_append (s, ",1");
  many = g_string_free (s, FALSE);

  ASSERT_USAGE_ERROR ("sensitivity", "--query", "median", "--data", "1,120,3", "--lower", "0",
                      "--upper", "100");
  ASSERT_USAGE_ERROR ("sensitivity", "--query", "median", "--data", "1,2,3", "--lower", "5",
                      "--upper", "5");
  ASSERT_USAGE_ERROR ("sensitivity", "--query", "median", "--data", "1,2,3", "--lower", "10",
                      "--upper", "0");
  ASSERT_USAGE_ERROR ("sensitivity", "--query", "variance", "--data", "1,2,3", "--lower", "0",
                      "--upper", "10");
  ASSERT_USAGE_ERROR ("sensitivity", "--query", "sum", "--data", "1,,3", "--lower", "0",
                      "--upper", "10");
  ASSERT_USAGE_ERROR ("sensitivity", "--query", "sum", "--data", "1,abc", "--lower", "0",
                      "--upper", "10");
  ASSERT_USAGE_ERROR ("sensitivity", "--query", "sum", "--data", "1,nan", "--lower", "0",
                      "--upper", "10");
  ASSERT_USAGE_ERROR ("sensitivity", "--query", "sum", "--data", "", "--lower", "0",
                      "--upper", "10");
  ASSERT_USAGE_ERROR ("sensitivity", "--query", "sum", "--data", many, "--lower", "0",
                      "--upper", "10");
  ASSERT_USAGE_ERROR ("sensitivity", "--query", "sum", "--lower", "0", "--upper", "10");
  ASSERT_USAGE_ERROR ("sensitivity", "--query", "sum", "--data", "1", "--upper", "10");
  ASSERT_USAGE_ERROR ("sensitivity", "--query", "sum", "--data", "1", "--lower", "0",
                      "--upper", "inf");
  ASSERT_USAGE_ERROR ("sensitivity", "--query", "sum", "--data", "1", "--lower", "0",
                      "--upper", "10", "--beta", "0");
  ASSERT_USAGE_ERROR ("sensitivity", "--query", "sum", "--data", "1", "--lower", "0",
                      "--upper", "10", "--beta", "1", "--epsilon", "1");
  ASSERT_USAGE_ERROR ("sensitivity", "--query", "sum", "--data", "1", "--lower", "0",
                      "--upper", "10", "--delta", "1e-6");
  ASSERT_USAGE_ERROR ("sensitivity", "--query", "sum", "--data", "1", "--lower", "0",
                      "--upper", "10", "--epsilon", "1", "--delta", "1");
}

static void
test_kmeans (void)
{
  g_autoptr(JsonObject) a = RUN_JSON ("kmeans", "--clusters", "3", "--points", "600",
                                      "--iterations", "7", "--epsilon", "2", "--seed", "5");
  g_autoptr(JsonObject) b = RUN_JSON ("kmeans", "--clusters", "3", "--points", "600",
                                      "--iterations", "7", "--epsilon", "2", "--seed", "5");
  g_autoptr(JsonObject) c = RUN_JSON ("kmeans", "--clusters", "3", "--points", "600",
                                      "--iterations", "7", "--epsilon", "2", "--seed", "6");
  g_autoptr(JsonObject) d = RUN_JSON ("kmeans");
  JsonObject *centres = get_object (a, "centres");
  JsonArray *cp = get_array (a, "cost_private_by_iteration");
  JsonArray *cn = get_array (a, "cost_nonprivate_by_iteration");
  g_autofree char *ta = cli_json_text (a), *tb = cli_json_text (b), *tc = cli_json_text (c);

  g_assert_cmpint (json_object_get_int_member (a, "clusters"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (a, "points"), ==, 600);
  g_assert_cmpint (json_object_get_int_member (a, "iterations"), ==, 7);
  g_assert_cmpint (json_object_get_int_member (a, "seed"), ==, 5);
  g_assert_cmpfloat (get_double (a, "epsilon"), ==, 2);
  /* ε′ = ε/(2T), Lap(2/ε′) */
  assert_rel (get_double (a, "epsilon_step"), 2.0 / 14.0, 1e-15);
  assert_rel (get_double (a, "laplace_scale"), 14.0, 1e-15);
  for (int p = 0; p < 2; p++)
    {
      JsonArray *list = get_array (centres, p ? "private" : "nonprivate");

      g_assert_cmpuint (json_array_get_length (list), ==, 3);
      for (guint j = 0; j < 3; j++)
        g_assert_cmpuint (json_array_get_length (json_array_get_array_element (list, j)), ==, 2);
    }
  g_assert_cmpuint (json_array_get_length (cp), ==, 8);
  g_assert_cmpuint (json_array_get_length (cn), ==, 8);
  g_assert_cmpfloat (json_array_get_double_element (cp, 7), ==, get_double (a, "cost_private"));
  g_assert_cmpfloat (json_array_get_double_element (cn, 7), ==,
                     get_double (a, "cost_nonprivate"));
  /* Lloyd never increases the cost; both paths start from the same centres */
  for (guint t = 1; t < 8; t++)
    g_assert_cmpfloat (json_array_get_double_element (cn, t), <=,
                       json_array_get_double_element (cn, t - 1));
  g_assert_cmpfloat (json_array_get_double_element (cn, 0), ==,
                     json_array_get_double_element (cp, 0));
  g_assert_cmpint (json_object_get_int_member (a, "redrawn"), >=, 0);
  /* the seed decides everything */
  g_assert_cmpstr (ta, ==, tb);
  g_assert_cmpstr (ta, !=, tc);
  /* defaults: k = 4, n = 1000, T = 10, ε = 1, seed 1 */
  g_assert_cmpint (json_object_get_int_member (d, "clusters"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (d, "points"), ==, 1000);
  g_assert_cmpint (json_object_get_int_member (d, "iterations"), ==, 10);
  g_assert_cmpfloat (get_double (d, "epsilon"), ==, 1);

  ASSERT_USAGE_ERROR ("kmeans", "--clusters", "1");
  ASSERT_USAGE_ERROR ("kmeans", "--clusters", "7");
  ASSERT_USAGE_ERROR ("kmeans", "--points", "99");
  ASSERT_USAGE_ERROR ("kmeans", "--points", "10001");
  ASSERT_USAGE_ERROR ("kmeans", "--iterations", "0");
  ASSERT_USAGE_ERROR ("kmeans", "--iterations", "51");
  ASSERT_USAGE_ERROR ("kmeans", "--epsilon", "0");
  ASSERT_USAGE_ERROR ("kmeans", "--epsilon", "1e4");
  ASSERT_USAGE_ERROR ("kmeans", "--seed", "-1");
  ASSERT_USAGE_ERROR ("kmeans", "--seed", "4294967296");
  ASSERT_USAGE_ERROR ("kmeans", "--seed", "1.5");
}

/* ---------------------------------------------------------------------------------------- */
/* export                                                                                    */

static guint32
be32 (const guint8 *p)
{
  return (guint32) p[0] << 24 | (guint32) p[1] << 16 | (guint32) p[2] << 8 | p[3];
}

/* strstr for binary data (PDF streams hold NUL bytes). */
static gboolean
contains_bytes (const char *data, gsize len, const char *needle)
{
  gsize n = strlen (needle);

  for (gsize i = 0; i + n <= len; i++)
    if (memcmp (data + i, needle, n) == 0)
      return TRUE;
  return FALSE;
}

static void
test_export_formats (void)
{
  g_autofree char *dir = g_dir_make_tmp ("dpviz-cli-XXXXXX", NULL);
  const char *const views[] = { "densities", "regions", "kl", "composition" };

  g_assert_nonnull (dir);
  for (size_t v = 0; v < G_N_ELEMENTS (views); v++)
    {
      g_autofree char *png = g_build_filename (dir, "f.png", NULL);
      g_autofree char *svg = g_build_filename (dir, "f.svg", NULL);
      g_autofree char *pdf = g_build_filename (dir, "f.pdf", NULL);
      g_autofree char *data = NULL;
      gsize len = 0;

      {
        g_auto(Run) run;

        RUN (&run, "export", "--view", views[v], "--output", png, "--width", "320", "--height",
             "200", "--scale", "2", "--theme", "dark");
        g_assert_cmpint (run.status, ==, 0);
        g_assert_true (g_file_get_contents (png, &data, &len, NULL));
        /* PNG signature, then the IHDR chunk with width and height. */
        g_assert_cmpuint (len, >, 33);
        g_assert_cmpmem (data, 8, "\x89PNG\r\n\x1a\n", 8);
        g_assert_cmpmem (data + 12, 4, "IHDR", 4);
        g_assert_cmpuint (be32 ((const guint8 *) data + 16), ==, 640);
        g_assert_cmpuint (be32 ((const guint8 *) data + 20), ==, 400);
        g_clear_pointer (&data, g_free);
      }
      {
        g_auto(Run) run;

        RUN (&run, "export", "--view", views[v], "--output", svg, "--width", "400", "--height",
             "250", "--mechanism", "gaussian", "--epsilon", "0.5", "--delta", "1e-6");
        g_assert_cmpint (run.status, ==, 0);
        g_assert_true (g_file_get_contents (svg, &data, &len, NULL));
        g_assert_nonnull (strstr (data, "<svg"));
        g_clear_pointer (&data, g_free);
      }
      {
        g_auto(Run) run;

        RUN (&run, "export", "--view", views[v], "--output", pdf, "--width", "300", "--height",
             "180", "--no-caption", "--mechanism", "rr", "--k", "50");
        g_assert_cmpint (run.status, ==, 0);
        g_assert_true (g_file_get_contents (pdf, &data, &len, NULL));
        g_assert_true (len > 4 && memcmp (data, "%PDF", 4) == 0);
        g_assert_true (contains_bytes (data, len, "/MediaBox [ 0 0 300 180 ]"));
        g_clear_pointer (&data, g_free);
      }
      g_unlink (png);
      g_unlink (svg);
      g_unlink (pdf);
    }
  g_rmdir (dir);
}

static void
test_export_failures (void)
{
  g_autofree char *dir = g_dir_make_tmp ("dpviz-cli-XXXXXX", NULL);
  g_autofree char *gif = g_build_filename (dir, "f.gif", NULL);
  g_autofree char *png = g_build_filename (dir, "f.png", NULL);
  g_autofree char *kept = g_build_filename (dir, "kept.png", NULL);
  g_autofree char *missing = g_build_filename (dir, "no-such-dir", "f.png", NULL);
  g_autofree char *data = NULL;

  ASSERT_USAGE_ERROR ("export", "--view", "densities", "--output", gif);
  g_assert_false (g_file_test (gif, G_FILE_TEST_EXISTS));
  ASSERT_USAGE_ERROR ("export", "--view", "densities", "--output", missing);
  g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));
  ASSERT_USAGE_ERROR ("export", "--view", "histogram", "--output", png);
  ASSERT_USAGE_ERROR ("export", "--view", "kl", "--output", png, "--epsilon", "20");
  ASSERT_USAGE_ERROR ("export", "--view", "kl", "--output", png, "--k", "20000");
  ASSERT_USAGE_ERROR ("export", "--view", "kl", "--output", png, "--delta", "0.9");
  ASSERT_USAGE_ERROR ("export", "--view", "kl", "--output", png, "--width", "5");
  ASSERT_USAGE_ERROR ("export", "--view", "kl", "--output", png, "--scale", "abc");
  ASSERT_USAGE_ERROR ("export", "--view", "kl", "--output", png, "--theme", "sepia");
  ASSERT_USAGE_ERROR ("export", "--view", "kl", "--output", png, "--width", "20000",
                      "--scale", "8");
  ASSERT_USAGE_ERROR ("export", "--view", "kl");
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));

  /* A failing export leaves an existing file as it was. */
  g_assert_true (g_file_set_contents (kept, "keep", -1, NULL));
  ASSERT_USAGE_ERROR ("export", "--view", "kl", "--output", kept, "--epsilon", "0");
  g_assert_true (g_file_get_contents (kept, &data, NULL, NULL));
  g_assert_cmpstr (data, ==, "keep");
  g_unlink (kept);

  /* Nothing else (no temporary file) was left in the directory. */
  {
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);

    g_assert_nonnull (d);
    g_assert_null (g_dir_read_name (d));
  }
  g_rmdir (dir);
}

/* views --json names each view's chapter of the course (the syllabus, written out here). */
static void
test_views_chapters (void)
{
  g_autoptr(JsonObject) j = RUN_JSON ("views");
  JsonArray *views = json_object_get_array_member (j, "views");
  const struct { const char *name, *chapter; } known[] = {
    { "densities", "Basics" }, { "composition", "Basics" },
    { "survey", "Mechanisms at work" }, { "group", "Mechanisms at work" },
  };
  guint found = 0;

  g_assert_nonnull (views);
  for (guint i = 0; i < json_array_get_length (views); i++)
    {
      JsonObject *v = json_array_get_object_element (views, i);
      const char *name = json_object_get_string_member (v, "name");

      g_assert_true (json_object_has_member (v, "chapter"));
      g_assert_nonnull (json_object_get_string_member (v, "chapter"));
      for (gsize k = 0; k < G_N_ELEMENTS (known); k++)
        if (g_str_equal (name, known[k].name))
          {
            g_assert_cmpstr (json_object_get_string_member (v, "chapter"), ==, known[k].chapter);
            found++;
          }
    }
  g_assert_cmpuint (found, ==, G_N_ELEMENTS (known));
}

/* A PNG that could only be too slow and too large to be of use is refused before drawing. */
static void
test_export_size_cap (void)
{
  g_autofree char *dir = g_dir_make_tmp ("dpviz-cli-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "huge.png", NULL);
  g_auto(Run) run;

  RUN (&run, "export", "--view", "kl", "--width", "16000", "--height", "16000", "--output", png);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "16000 × 16000 pixels is too large"));
  g_assert_nonnull (strstr (run.err, "67 million pixels"));
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
  g_rmdir (dir);
}

static void
test_export_odd_names (void)
{
  g_autofree char *dir = g_dir_make_tmp ("dpviz-cli-XXXXXX", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad\xff\xfe.png", NULL);
  g_autofree char *nl = g_build_filename (dir, "new\nline.svg", NULL);
  g_auto(Run) run;
  g_auto(Run) run_nl;
  const char *start, *end;

  /* JSON: the output is valid UTF-8 (U+FFFD for the stray bytes), and the URI names the
   * file exactly. */
  RUN (&run, "export", "--view", "kl", "--width", "200", "--height", "120", "--output", bad,
       "--json");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_utf8_validate (run.out, -1, NULL));
  g_assert_nonnull (strstr (run.out, "bad\xef\xbf\xbd\xef\xbf\xbd.png\""));
  start = strstr (run.out, "\"output_uri\": \"");
  g_assert_nonnull (start);
  start += strlen ("\"output_uri\": \"");
  end = strchr (start, '"');
  g_assert_nonnull (end);
  {
    g_autofree char *uri = g_strndup (start, end - start);
    g_autofree char *from_uri = g_filename_from_uri (uri, NULL, NULL);

    g_assert_true (g_str_has_suffix (uri, "/bad%FF%FE.png"));
    g_assert_cmpstr (from_uri, ==, bad);
  }
  g_assert_true (g_file_test (bad, G_FILE_TEST_IS_REGULAR));

  /* A newline in the name: the JSON escapes it, the text output shows it escaped. */
  RUN (&run_nl, "export", "--view", "kl", "--width", "200", "--height", "120", "--output", nl);
  g_assert_cmpint (run_nl.status, ==, 0);
  g_assert_nonnull (strstr (run_nl.out, "new\\nline.svg"));
  g_assert_null (strchr (run_nl.out, '\n') == run_nl.out + strlen (run_nl.out) - 1
                 ? NULL : "more than one line");
  g_assert_true (g_file_test (nl, G_FILE_TEST_IS_REGULAR));
  g_unlink (bad);
  g_unlink (nl);
  g_rmdir (dir);
}

/* Arguments quoted in error messages show control characters and non-UTF-8 bytes escaped:
 * one line of valid UTF-8 with no byte that drives the terminal. */
static void
assert_escaped_error_argv (const char *expected, const char *const *args)
{
  g_auto(Run) run;
  size_t len;

  run_argv (&run, args);
  g_assert_cmpint (run.status, ==, 2);
  len = strlen (run.err);
  g_assert_cmpuint (len, >, 1);
  g_assert_true (g_utf8_validate (run.err, -1, NULL));
  for (size_t i = 0; i + 1 < len; i++)
    if ((guchar) run.err[i] < 0x20 || run.err[i] == 0x7f)
      g_error ("control character 0x%02x in “%s”", (guchar) run.err[i], run.err);
  if (strstr (run.err, expected) == NULL)
    g_error ("“%s” does not show “%s”", run.err, expected);
}

#define ASSERT_ESCAPED_ERROR(expected, ...) \
  assert_escaped_error_argv ((expected), (const char *const[]) { __VA_ARGS__, NULL })

static void
test_error_escapes (void)
{
  ASSERT_ESCAPED_ERROR ("“his\\e[31mtogram”", "export", "--view", "his\033[31mtogram",
                        "--output", "x.png");
  ASSERT_ESCAPED_ERROR ("“1\\v”", "divergence", "--mechanism", "laplace", "--epsilon", "1\v");
  ASSERT_ESCAPED_ERROR ("“a\\fb”", "export", "--view", "kl", "--theme", "a\fb", "--output",
                        "x.png");
  ASSERT_ESCAPED_ERROR ("“foo\\nbar”", "foo\nbar");
  ASSERT_ESCAPED_ERROR ("“\\xffx”", "\xffx");
  /* GOption refuses a value that is not UTF-8 itself, without quoting it. */
  ASSERT_ESCAPED_ERROR ("Invalid byte sequence", "compose", "--mechanism", "\xff");
  ASSERT_ESCAPED_ERROR ("\\u202e", "delta", "--bogus\xe2\x80\xae");
  ASSERT_ESCAPED_ERROR ("“x.\\e”", "export", "--view", "kl", "--output", "x.\033");
}

/* ---------------------------------------------------------------------------------------- */
/* bench (structure only: speed is read by people, never asserted)                          */

static void
test_bench_json (void)
{
  g_autoptr(JsonObject) j = RUN_JSON ("bench", "--iterations", "10", "--width", "320",
                                      "--height", "200");
  JsonObject *views = get_object (j, "views");
  const char *const names[] = { "densities", "regions", "kl", "composition" };

  for (size_t i = 0; i < G_N_ELEMENTS (names); i++)
    {
      JsonObject *v = get_object (views, names[i]);

      g_assert_cmpfloat (get_double (v, "median_ms"), >, 0);
      g_assert_cmpfloat (get_double (v, "p99_ms"), >=, get_double (v, "median_ms"));
      /* the one-core figures sit beside the banded ones */
      g_assert_cmpfloat (get_double (v, "serial_median_ms"), >, 0);
      g_assert_cmpfloat (get_double (v, "serial_p99_ms"), >=, get_double (v, "serial_median_ms"));
      g_assert_cmpfloat (get_double (v, "serial_cpu_median_ms"), >=, 0);
      /* compute and draw apart: together they are the whole change */
      g_assert_cmpfloat (get_double (v, "compute_median_ms"), >=, 0);
      g_assert_cmpfloat (get_double (v, "draw_median_ms"), >, 0);
      g_assert_cmpfloat (get_double (v, "compute_median_ms") + get_double (v, "draw_median_ms"),
                         <=, 2.0 * get_double (v, "median_ms") + 0.01);
    }
  /* the composition curves, computed once before the k sweep */
  g_assert_cmpfloat (get_double (get_object (views, "composition"), "data_cold_ms"), >, 0);
  g_assert_cmpint (json_object_get_int_member (j, "width"), ==, 320);
  g_assert_cmpint (json_object_get_int_member (j, "cores"), ==, (gint64) g_get_num_processors ());
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/divergence/laplace", test_divergence_laplace);
  g_test_add_func ("/cli/divergence/laplace-numeric", test_divergence_laplace_numeric);
  g_test_add_func ("/cli/divergence/gaussian", test_divergence_gaussian);
  g_test_add_func ("/cli/divergence/gaussian-huge-epsilon",
                   test_divergence_gaussian_huge_epsilon);
  g_test_add_func ("/cli/divergence/gaussian-huge-mu", test_gaussian_huge_mu);
  g_test_add_func ("/cli/divergence/rr", test_divergence_rr);
  g_test_add_func ("/cli/delta/closed-forms", test_delta_closed_forms);
  g_test_add_func ("/cli/delta/round-trip", test_delta_round_trip);
  g_test_add_func ("/cli/delta/composed", test_delta_composed);
  g_test_add_func ("/cli/compose/laplace-300", test_compose_laplace);
  g_test_add_func ("/cli/compose/reference-point", test_compose_reference_point);
  g_test_add_func ("/cli/compose/gaussian", test_compose_gaussian);
  g_test_add_func ("/cli/compose/gaussian-calibration-irrelevant",
                   test_compose_gaussian_calibration_irrelevant);
  g_test_add_func ("/cli/compose/generic", test_compose_generic);
  g_test_add_func ("/cli/compose/rr", test_compose_rr);
  g_test_add_func ("/cli/sensitivity/median", test_sensitivity_median);
  g_test_add_func ("/cli/sensitivity/other-queries", test_sensitivity_other_queries);
  g_test_add_func ("/cli/sensitivity/errors", test_sensitivity_errors);
  g_test_add_func ("/cli/kmeans", test_kmeans);
  g_test_add_func ("/cli/text-output", test_text_output);
  g_test_add_func ("/cli/bad-arguments", test_bad_arguments);
  g_test_add_func ("/cli/help", test_help);
  g_test_add_func ("/cli/version", test_version);
  g_test_add_func ("/cli/export/formats", test_export_formats);
  g_test_add_func ("/cli/export/failures", test_export_failures);
  g_test_add_func ("/cli/views-chapters", test_views_chapters);
  g_test_add_func ("/cli/export/size-cap", test_export_size_cap);
  g_test_add_func ("/cli/export/odd-names", test_export_odd_names);
  g_test_add_func ("/cli/error-escapes", test_error_escapes);
  g_test_add_func ("/cli/bench", test_bench_json);

  return g_test_run ();
}
