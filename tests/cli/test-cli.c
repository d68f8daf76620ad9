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

/* ---------------------------------------------------------------------------------------- */
/* Running the binary                                                                        */

static const char *
cli_path (void)
{
  const char *path = g_getenv ("DPVIZ_CLI");

  return path != NULL ? path : DPVIZ_CLI_PATH;
}

typedef struct {
  char *out;
  char *err;
  int status;   /* exit status */
} Run;

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

/* Output must never show NaN or infinity spelled out (JSON null and "∞" are the documented
 * forms). */
static void
assert_no_nan_inf (const char *text)
{
  static GRegex *regex = NULL;

  if (regex == NULL)
    regex = g_regex_new ("\\b-?(nan|inf|infinity)\\b", G_REGEX_CASELESS, 0, NULL);
  if (g_regex_match (regex, text, 0, NULL))
    g_error ("output contains NaN or Inf:\n%s", text);
}

static void
run_argv (Run *run, const char *const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int wait_status = 0;

  g_ptr_array_add (argv, (char *) cli_path ());
  for (size_t i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);

  memset (run, 0, sizeof *run);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &run->out,
                &run->err, &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));   /* never a crash */
  run->status = WEXITSTATUS (wait_status);
  assert_no_nan_inf (run->out);
  assert_no_nan_inf (run->err);
}

#define RUN(run, ...) run_argv ((run), (const char *const[]) { __VA_ARGS__, NULL })

/* Runs, expects success and one JSON object on stdout, nothing on stderr. */
static JsonObject *
run_json_argv (const char *const *args)
{
  g_auto(Run) run;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonNode *root;

  run_argv (&run, args);
  if (run.status != 0)
    g_error ("dpviz-cli exited with %d: %s", run.status, run.err);
  g_assert_cmpstr (run.err, ==, "");
  json_parser_load_from_data (parser, run.out, -1, &error);
  g_assert_no_error (error);
  root = json_parser_get_root (parser);
  g_assert_nonnull (root);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (root));
  return json_object_ref (json_node_get_object (root));
}

#define RUN_JSON(...) run_json_argv ((const char *const[]) { __VA_ARGS__, "--json", NULL })

/* Expects exit status 2, exactly one line on stderr, nothing on stdout. */
static void
assert_usage_error_argv (const char *const *args)
{
  g_auto(Run) run;
  size_t len;

  run_argv (&run, args);
  if (run.status != 2)
    g_error ("expected exit status 2, got %d (stdout “%s”, stderr “%s”)", run.status, run.out,
             run.err);
  len = strlen (run.err);
  g_assert_cmpuint (len, >, 1);
  g_assert_cmpint (run.err[len - 1], ==, '\n');
  g_assert_null (memchr (run.err, '\n', len - 1));   /* one line */
  g_assert_cmpstr (run.out, ==, "");
}

#define ASSERT_USAGE_ERROR(...) assert_usage_error_argv ((const char *const[]) { __VA_ARGS__, NULL })

static double
get_double (JsonObject *obj, const char *member)
{
  JsonNode *node;

  if (!json_object_has_member (obj, member))
    g_error ("missing JSON member “%s”", member);
  node = json_object_get_member (obj, member);
  g_assert_true (JSON_NODE_HOLDS_VALUE (node));
  return json_node_get_double (node);
}

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

#define assert_rel(a, b, tol) \
  G_STMT_START { \
    double a_ = (a), b_ = (b); \
    if (!(fabs (a_ - b_) <= (tol) * fabs (b_))) \
      g_error ("%s = %.17g, expected %.17g (rel. tol. %g)", #a, a_, b_, (double) (tol)); \
  } G_STMT_END

static char *
fmt (double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_dtostr (buf, sizeof buf, value));
}

/* ---------------------------------------------------------------------------------------- */
/* Independent reference values                                                              */

/* Standard normal CDF from libm's erfc. */
static double
Phi (double x)
{
  return 0.5 * erfc (-x / M_SQRT2);
}

/* Gaussian pair with μ = Δ/σ: δ(ε) = Φ(μ/2 − ε/μ) − e^ε Φ(−μ/2 − ε/μ) (Balle & Wang 2018,
 * Thm 8). */
static double
gauss_delta (double mu, double eps)
{
  return Phi (mu / 2 - eps / mu) - exp (eps) * Phi (-mu / 2 - eps / mu);
}

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

static void
test_compose_gaussian (void)
{
  /* σ alone: exact is the Gaussian with μ√k; zCDP ρ + 2√(ρ ln(1/δ)), ρ = kΔ²/(2σ²);
   * basic/advanced/optimal need (ε₀, δ₀) and are omitted. */
  g_autoptr(JsonObject) j = RUN_JSON ("compose", "--mechanism", "gaussian", "--sigma", "5",
                                      "--sensitivity", "1", "--k", "100", "--target-delta",
                                      "1e-5");
  JsonObject *eps = get_object (j, "epsilon_total");
  double mu = 2.0, rho = 100.0 / 50;

  assert_rel (get_double (eps, "exact"), invert_decreasing (gauss_delta_cb, &mu, 1e-5, 1),
              1e-6);
  assert_rel (get_double (eps, "zcdp"), rho + 2 * sqrt (rho * log (1e5)), 1e-10);
  g_assert_cmpfloat (get_double (eps, "rdp"), >=, get_double (eps, "exact"));
  g_assert_cmpfloat (get_double (eps, "rdp"), <=, get_double (eps, "zcdp") * (1 + 1e-9));
  g_assert_false (json_object_has_member (eps, "basic"));
  g_assert_false (json_object_has_member (eps, "optimal"));
  g_assert_true (json_object_has_member (get_object (j, "not_applicable"), "basic"));
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

static void
test_text_output (void)
{
  const char *const commands[][12] = {
    { "divergence", "--mechanism", "gaussian", "--sigma", "1", NULL },
    { "delta", "--mechanism", "laplace", "--epsilon", "1", "--at", "0.5", NULL },
    { "compose", "--mechanism", "gaussian", "--sigma", "2", "--k", "10", "--target-delta",
      "1e-6", NULL },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto(Run) run;

      run_argv (&run, commands[i]);
      g_assert_cmpint (run.status, ==, 0);
      g_assert_cmpstr (run.err, ==, "");
      g_assert_cmpuint (strlen (run.out), >, 20);
      g_assert_false (g_str_has_prefix (run.out, "{"));
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
  const char *const commands[] = { "divergence", "delta", "compose", "export", "bench" };

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
  g_test_add_func ("/cli/compose/generic", test_compose_generic);
  g_test_add_func ("/cli/compose/rr", test_compose_rr);
  g_test_add_func ("/cli/text-output", test_text_output);
  g_test_add_func ("/cli/bad-arguments", test_bad_arguments);
  g_test_add_func ("/cli/help", test_help);
  g_test_add_func ("/cli/export/formats", test_export_formats);
  g_test_add_func ("/cli/export/failures", test_export_failures);
  g_test_add_func ("/cli/export/size-cap", test_export_size_cap);
  g_test_add_func ("/cli/export/odd-names", test_export_odd_names);
  g_test_add_func ("/cli/error-escapes", test_error_escapes);
  g_test_add_func ("/cli/bench", test_bench_json);

  return g_test_run ();
}
