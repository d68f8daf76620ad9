/* test-cli-tradeoff.c — `dpviz-cli tradeoff` and `dpviz-cli audit` end to end: spawns the built
 * binary, parses its JSON, and checks the numbers against values derived here independently
 * (closed forms, enumeration of all outputs, numerical convolution, binomial sums), the
 * errors and the echo of the inputs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include <glib.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <json-glib/json-glib.h>

#include "cli-ref.h"
#include "cli-run.h"

/* ---- reading the JSON -------------------------------------------------------------------- */

static double
get_pair (JsonObject *obj, const char *member, int i)
{
  if (!json_object_has_member (obj, member))
    g_error ("missing JSON member “%s”", member);
  JsonArray *a = json_object_get_array_member (obj, member);
  g_assert_cmpuint (json_array_get_length (a), ==, 2);
  return json_array_get_double_element (a, (guint) i);
}

/* ---- references ---------------------------------------------------------------------------- */

/* Neyman–Pearson polygon of a finite pair (outcomes sorted by decreasing q/p) at α. */
typedef struct {
  double p, q;
} Outcome;

static int
outcome_cmp (const void *x, const void *y)
{
  const Outcome *a = x, *b = y;
  /* q_a/p_a > q_b/p_b first, without dividing by zero */
  double l = a->q * b->p, r = b->q * a->p;
  return (l < r) - (l > r);
}

static double
np_beta (Outcome *o, int n, double alpha)
{
  /* outcomes impossible under both hypotheses would compare equal to everything */
  int m = 0;
  for (int i = 0; i < n; i++)
    if (o[i].p > 0.0 || o[i].q > 0.0)
      o[m++] = o[i];
  n = m;
  qsort (o, (size_t) n, sizeof *o, outcome_cmp);
  double a = 0.0, qa = 0.0;
  for (int i = 0; i < n; i++)
    {
      if (a + o[i].p >= alpha && o[i].p > 0.0)
        return 1.0 - qa - o[i].q * (alpha - a) / o[i].p; /* randomise on this outcome */
      a += o[i].p;
      qa += o[i].q;
    }
  return 1.0 - qa;
}

/* The composed Laplace loss (ε each), k = 2: P(L₁ + L₂ ≤ τ) by one quadrature. One loss has
 * atoms ½ at ε, ½e^{−ε} at −ε and density ¼e^{(u−ε)/2} on (−ε, ε). */
static double
loss1_cdf (double eps, double t)
{
  return t < -eps ? 0.0 : t >= eps ? 1.0 : 0.5 * exp ((t - eps) / 2.0);
}

typedef struct {
  double eps, tau;
} Loss2;

static double
loss2_integrand (double u, void *data)
{
  const Loss2 *l = data;
  return 0.25 * exp ((u - l->eps) / 2.0) * loss1_cdf (l->eps, l->tau - u);
}

static double
loss2_cdf (double eps, double tau)
{
  Loss2 l = { eps, tau };
  gsl_function f = { loss2_integrand, &l };
  double cuts[4] = { -eps, 0, 0, eps }, r, err, sum = 0.0;
  int n = 1;
  double c1 = tau - eps, c2 = tau + eps;
  if (c1 > -eps && c1 < eps)
    cuts[n++] = c1;
  if (c2 > -eps && c2 < eps)
    cuts[n++] = c2;
  cuts[n++] = eps;
  gsl_integration_workspace *w = gsl_integration_workspace_alloc (1000);
  gsl_error_handler_t *old = gsl_set_error_handler_off ();
  for (int i = 0; i + 1 < n; i++)
    {
      gsl_integration_qags (&f, cuts[i], cuts[i + 1], 1e-14, 1e-12, 1000, w, &r, &err);
      sum += r;
    }
  gsl_set_error_handler (old);
  gsl_integration_workspace_free (w);
  return 0.5 * loss1_cdf (eps, tau - eps) + 0.5 * exp (-eps) * loss1_cdf (eps, tau + eps) + sum;
}

/* P(Bin(n, p) ≤ x) term by term. */
static double
binom_cdf (unsigned long x, unsigned long n, double p)
{
  double s = 0.0;
  for (unsigned long j = 0; j <= x && j <= n; j++)
    s += exp (lgamma (n + 1.0) - lgamma (j + 1.0) - lgamma ((double) (n - j) + 1.0)
              + j * log (p) + (double) (n - j) * log1p (-p));
  return s;
}

/* ---- tradeoff ------------------------------------------------------------------------------ */

static void
test_tradeoff_closed_forms (void)
{
  /* Gaussian σ = 0.8 (μ = 1.25), k = 4 → G_{2.5}: Φ(Φ⁻¹(1 − α) − 2.5) */
  {
    g_autoptr(JsonObject) j = RUN_JSON ("tradeoff", "--mechanism", "gaussian", "--sigma", "0.8",
                                        "--k", "4", "--type1", "0.05");
    double want = Phi (gsl_cdf_ugaussian_Pinv (0.95) - 2.5);
    assert_rel (get_double (j, "beta"), want, 1e-10);
    assert_rel (get_double (j, "power"), 1.0 - want, 1e-10);
    g_assert_cmpstr (json_object_get_string_member (j, "method"), ==, "closed_form");
    g_assert_cmpint (json_object_get_int_member (j, "k"), ==, 4);
    assert_rel (get_double (j, "type1"), 0.05, 0);
    g_assert_cmpstr (json_object_get_string_member (j, "mechanism"), ==, "gaussian");
    /* no ε₀: the (kε₀, kδ₀) region is not defined */
    g_assert_true (JSON_NODE_HOLDS_NULL (json_object_get_member (j, "region_basic")));
    assert_rel (get_double (j, "min_error_sum"), 2.0 * Phi (-1.25), 1e-12);
    assert_rel (get_double (j, "equal_error"), Phi (-1.25), 1e-12);
  }
  /* Laplace ε = 1, k = 1, on each of the three pieces */
  {
    const double alphas[] = { 0.1, 0.3, 0.8 };
    for (size_t i = 0; i < G_N_ELEMENTS (alphas); i++)
      {
        double a = alphas[i], e = 1.0;
        double want = a <= 0.5 * exp (-e) ? 1 - exp (e) * a
                      : a <= 0.5          ? exp (-e) / (4 * a)
                                          : exp (-e) * (1 - a);
        g_autofree char *as = fmt (a);
        g_autoptr(JsonObject) j = RUN_JSON ("tradeoff", "--mechanism", "laplace", "--epsilon", "1",
                                            "--type1", as);
        assert_rel (get_double (j, "beta"), want, 1e-13);
        /* inside its ε-DP region, which is echoed */
        double region = MAX (0, MAX (1 - exp (e) * a, exp (-e) * (1 - a)));
        assert_rel (get_double (j, "region_basic"), region, 1e-13);
        g_assert_cmpfloat (get_double (j, "beta"), >=, region);
      }
  }
  /* generic (ε₀, δ₀) at k = 1 is f_{ε,δ} */
  {
    g_autoptr(JsonObject) j = RUN_JSON ("tradeoff", "--mechanism", "generic", "--epsilon", "0.5",
                                        "--delta", "0.01", "--type1", "0.2");
    assert_rel (get_double (j, "beta"), MAX (1 - 0.01 - exp (0.5) * 0.2,
                                             exp (-0.5) * (1 - 0.01 - 0.2)), 1e-13);
  }
}

static void
test_tradeoff_compositions (void)
{
  /* randomized response ε = 0.9, k = 3: all 8 outputs */
  {
    double p = exp (0.9) / (1 + exp (0.9));
    Outcome o[8];
    for (int mask = 0; mask < 8; mask++)
      {
        int ones = __builtin_popcount ((unsigned) mask);
        o[mask].p = pow (1 - p, ones) * pow (p, 3 - ones);
        o[mask].q = pow (p, ones) * pow (1 - p, 3 - ones);
      }
    for (double a = 0.02; a < 1.0; a += 0.17)
      {
        g_autofree char *as = fmt (a);
        g_autoptr(JsonObject) j = RUN_JSON ("tradeoff", "--mechanism", "rr", "--epsilon", "0.9",
                                            "--k", "3", "--type1", as);
        g_assert_cmpstr (json_object_get_string_member (j, "method"), ==, "binomial");
        g_assert_cmpfloat (fabs (get_double (j, "beta") - np_beta (o, 8, a)), <=, 1e-13);
      }
  }
  /* generic (0.7, 0.02), k = 2: all 16 outputs of the four-output pair */
  {
    double d0 = 0.02, p = exp (0.7) / (1 + exp (0.7));
    double pp[4] = { d0, (1 - d0) * p, (1 - d0) * (1 - p), 0 };
    double qq[4] = { 0, (1 - d0) * (1 - p), (1 - d0) * p, d0 };
    Outcome o[16];
    for (int c = 0; c < 16; c++)
      {
        o[c].p = pp[c % 4] * pp[c / 4];
        o[c].q = qq[c % 4] * qq[c / 4];
      }
    g_autoptr(JsonObject) j = RUN_JSON ("tradeoff", "--mechanism", "generic", "--epsilon", "0.7",
                                        "--delta", "0.02", "--k", "2", "--type1", "0.15");
    g_assert_cmpfloat (fabs (get_double (j, "beta") - np_beta (o, 16, 0.15)), <=, 1e-13);
    /* the (kε₀, kδ₀) region of basic composition */
    assert_rel (get_double (j, "region_basic"),
                MAX (0, MAX (1 - 0.04 - exp (1.4) * 0.15, exp (-1.4) * (1 - 0.04 - 0.15))), 1e-13);
  }
  /* Laplace ε = 0.8, k = 2: points of the true curve from the convolved loss */
  for (double tau = -1.2; tau <= 1.2; tau += 0.4)
    {
      double a = loss2_cdf (0.8, tau + 1e-3), b = loss2_cdf (0.8, -tau - 1e-3 - 1e-12);
      g_autofree char *as = fmt (a);
      g_autoptr(JsonObject) j = RUN_JSON ("tradeoff", "--mechanism", "laplace", "--epsilon", "0.8",
                                          "--k", "2", "--type1", as);
      g_assert_cmpstr (json_object_get_string_member (j, "method"), ==, "pld");
      double lo = get_pair (j, "beta_bounds", 0), hi = get_pair (j, "beta_bounds", 1);
      g_assert_cmpfloat (get_double (j, "beta"), ==, lo);
      g_assert_cmpfloat (lo, <=, b + 1e-9);
      g_assert_cmpfloat (hi, >=, b - 1e-9);
      g_assert_cmpfloat (fabs (lo - b), <=, 1e-7);
    }
}

static void
test_tradeoff_errors (void)
{
  ASSERT_USAGE_ERROR ("tradeoff", "--mechanism", "laplace", "--epsilon", "1");
  ASSERT_USAGE_ERROR ("tradeoff", "--mechanism", "laplace", "--epsilon", "1", "--type1", "-0.1");
  ASSERT_USAGE_ERROR ("tradeoff", "--mechanism", "laplace", "--epsilon", "1", "--type1", "0,5");
  ASSERT_USAGE_ERROR ("tradeoff", "--mechanism", "laplace", "--epsilon", "1", "--type1", "nan");
  ASSERT_USAGE_ERROR ("tradeoff", "--mechanism", "laplace", "--epsilon", "1", "--type1", "0.5",
                      "--k", "0");
  ASSERT_USAGE_ERROR ("tradeoff", "--mechanism", "generic", "--epsilon", "1", "--delta", "1",
                      "--type1", "0.5");
  ASSERT_USAGE_ERROR ("tradeoff", "--mechanism", "gaussian", "--type1", "0.5");
  ASSERT_USAGE_ERROR ("tradeoff", "--mechanism", "laplace", "--epsilon", "1", "--type1", "0.5",
                      "extra");
}

/* ---- audit --------------------------------------------------------------------------------- */

static void
test_audit_json (void)
{
  g_autoptr(JsonObject) j = RUN_JSON ("audit", "--mechanism", "laplace", "--epsilon", "1",
                                      "--trials", "20000", "--seed", "11", "--threshold", "1");
  g_autoptr(JsonObject) again = RUN_JSON ("audit", "--mechanism", "laplace", "--epsilon", "1",
                                          "--trials", "20000", "--seed", "11", "--threshold",
                                          "1");
  double n = 20000;
  /* echo */
  g_assert_cmpint (json_object_get_int_member (j, "trials"), ==, 20000);
  g_assert_cmpint (json_object_get_int_member (j, "seed"), ==, 11);
  g_assert_cmpint (json_object_get_int_member (j, "k"), ==, 1);
  g_assert_false (json_object_get_boolean_member (j, "buggy"));
  g_assert_cmpstr (json_object_get_string_member (j, "threshold_source"), ==, "given");
  assert_rel (get_double (j, "threshold"), 1.0, 0);
  assert_rel (get_double (j, "delta"), 0.0, 0);
  /* reproducible */
  g_assert_cmpint (json_object_get_int_member (j, "false_positives"), ==,
                   json_object_get_int_member (again, "false_positives"));
  /* the rates are the counts over N */
  double fp = (double) json_object_get_int_member (j, "false_positives");
  double fn = (double) json_object_get_int_member (j, "false_negatives");
  assert_rel (get_double (j, "type1"), fp / n, 1e-15);
  assert_rel (get_double (j, "type2"), fn / n, 1e-15);
  /* exact errors at t = Δ: α = ½e^{−ε}, β = ½; the rates within 5 sd */
  assert_rel (get_double (j, "type1_exact"), 0.5 * exp (-1.0), 1e-12);
  assert_rel (get_double (j, "type2_exact"), 0.5, 1e-12);
  g_assert_cmpfloat (fabs (fp / n - 0.5 * exp (-1.0)), <=, 5 * sqrt (0.184 * 0.816 / n));
  /* the Clopper–Pearson ends: P(Bin(N, up) ≤ x) = 2.5 %, P(Bin(N, lo) ≥ x) = 2.5 % */
  double up1 = get_pair (j, "type1_ci95", 1), lo1 = get_pair (j, "type1_ci95", 0);
  double up2 = get_pair (j, "type2_ci95", 1);
  assert_rel (binom_cdf ((unsigned long) fp, (unsigned long) n, up1), 0.025, 1e-6);
  assert_rel (1.0 - binom_cdf ((unsigned long) fp - 1, (unsigned long) n, lo1), 0.025, 1e-6);
  /* the bound from those ends */
  double b1 = log ((1 - up2) / up1), b2 = log ((1 - up1) / up2);
  assert_rel (get_double (j, "bound_from_type1"), b1, 1e-12);
  assert_rel (get_double (j, "bound_from_type2"), b2, 1e-12);
  assert_rel (get_double (j, "epsilon_lower_bound"), MAX (0, MAX (b1, b2)), 1e-12);
  g_assert_cmpfloat (get_double (j, "epsilon_lower_bound"), <=, 1.0);
  assert_rel (get_double (j, "epsilon_claimed"), 1.0, 1e-15);
  g_assert_false (json_object_get_boolean_member (j, "violation"));
}

static void
test_audit_buggy (void)
{
  /* N = 10⁵: the bug (noise for Δ/2) is caught for each mechanism */
  const char *mechs[][5] = {
    { "laplace", "--epsilon", "1", NULL, NULL },
    { "rr", "--epsilon", "1", NULL, NULL },
    { "gaussian", "--epsilon", "1", "--delta", "1e-5" },
  };
  for (size_t i = 0; i < G_N_ELEMENTS (mechs); i++)
    {
      const char *args[20];
      int n = 0;
      args[n++] = "audit";
      args[n++] = "--mechanism";
      for (int a = 0; a < 5 && mechs[i][a] != NULL; a++)
        args[n++] = mechs[i][a];
      args[n++] = "--trials";
      args[n++] = "100000";
      args[n++] = "--seed";
      args[n++] = "5";
      args[n++] = "--buggy";
      args[n] = NULL;
      g_autoptr(JsonObject) j = run_json_argv (args);   /* appends --json */
      g_assert_true (json_object_get_boolean_member (j, "buggy"));
      g_assert_cmpstr (json_object_get_string_member (j, "threshold_source"), ==, "auto");
      g_assert_true (json_object_get_boolean_member (j, "violation"));
      g_assert_cmpfloat (get_double (j, "epsilon_lower_bound"), >, get_double (j, "epsilon_claimed"));
      g_assert_cmpfloat (get_double (j, "epsilon_lower_bound"), <=,
                         get_double (j, "epsilon_simulated"));
      assert_rel (get_double (j, "epsilon_claimed"), 1.0, 1e-9);
    }
  /* randomized response: the buggy coin is 2ε, so 2 is its true ε */
  g_autoptr(JsonObject) j = RUN_JSON ("audit", "--mechanism", "rr", "--epsilon", "1", "--trials",
                                      "1000", "--seed", "1", "--buggy");
  assert_rel (get_double (j, "epsilon_simulated"), 2.0, 1e-15);
}

static void
test_audit_composed (void)
{
  /* randomized response k = 5, "at least 4 of 5 answers say 1": binomial sums */
  g_autoptr(JsonObject) j = RUN_JSON ("audit", "--mechanism", "rr", "--epsilon", "0.6", "--k",
                                      "5", "--trials", "50000", "--seed", "3", "--threshold",
                                      "0.8");
  double flip = 1 / (1 + exp (0.6));
  double a = 1 - binom_cdf (3, 5, flip), b = 1 - binom_cdf (1, 5, flip);
  /* D′: ones = 5 − flips, ones < 4 ⟺ flips > 1 */
  assert_rel (get_double (j, "type1_exact"), a, 1e-12);
  assert_rel (get_double (j, "type2_exact"), b, 1e-12);
  g_assert_cmpfloat (fabs (get_double (j, "type1") - a), <=, 5 * sqrt (a * (1 - a) / 50000));
  g_assert_cmpfloat (fabs (get_double (j, "type2") - b), <=, 5 * sqrt (b * (1 - b) / 50000));
  assert_rel (get_double (j, "epsilon_claimed"), 3.0, 1e-15);
  /* Laplace at k > 1 has no closed form for the clipped mean: null */
  g_autoptr(JsonObject) l = RUN_JSON ("audit", "--mechanism", "laplace", "--epsilon", "0.5",
                                      "--k", "4", "--trials", "1000", "--seed", "3");
  g_assert_true (JSON_NODE_HOLDS_NULL (json_object_get_member (l, "type1_exact")));
  /* the Gaussian's bound uses δ = k·δ₀ */
  g_autoptr(JsonObject) g = RUN_JSON ("audit", "--mechanism", "gaussian", "--sigma", "2",
                                      "--delta", "1e-4", "--k", "3", "--trials", "1000",
                                      "--seed", "3");
  assert_rel (get_double (g, "delta"), 3e-4, 1e-12);
}

static void
test_audit_errors (void)
{
  ASSERT_USAGE_ERROR ("audit", "--mechanism", "laplace", "--epsilon", "1", "--seed", "1");
  ASSERT_USAGE_ERROR ("audit", "--mechanism", "laplace", "--epsilon", "1", "--trials", "1000");
  ASSERT_USAGE_ERROR ("audit", "--mechanism", "laplace", "--epsilon", "1", "--trials", "99",
                      "--seed", "1");
  ASSERT_USAGE_ERROR ("audit", "--mechanism", "laplace", "--epsilon", "1", "--trials", "1000",
                      "--seed", "4294967296");
  ASSERT_USAGE_ERROR ("audit", "--mechanism", "laplace", "--epsilon", "1", "--trials", "1000",
                      "--seed", "-1");
  ASSERT_USAGE_ERROR ("audit", "--mechanism", "generic", "--epsilon", "1", "--trials", "1000",
                      "--seed", "1");
  ASSERT_USAGE_ERROR ("audit", "--mechanism", "gaussian", "--sigma", "1", "--trials", "1000",
                      "--seed", "1");
  ASSERT_USAGE_ERROR ("audit", "--mechanism", "laplace", "--epsilon", "1", "--k", "10000",
                      "--trials", "1000000", "--seed", "1");
  ASSERT_USAGE_ERROR ("audit", "--mechanism", "rr", "--epsilon", "400", "--trials", "1000",
                      "--seed", "1", "--buggy");
  ASSERT_USAGE_ERROR ("audit", "--mechanism", "laplace", "--epsilon", "1", "--trials", "1000",
                      "--seed", "1", "--threshold", "inf");
}

static void
test_text_output (void)
{
  g_auto(Run) run;
  RUN (&run, "tradeoff", "--mechanism", "rr", "--epsilon", "1", "--type1", "0.2");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "0.2"));
  run_clear (&run);
  RUN (&run, "audit", "--mechanism", "rr", "--epsilon", "1", "--trials", "1000", "--seed", "2");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "1000"));
  run_clear (&run);
  RUN (&run, "audit", "--help");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "--threshold"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/tradeoff/closed-forms", test_tradeoff_closed_forms);
  g_test_add_func ("/cli/tradeoff/compositions", test_tradeoff_compositions);
  g_test_add_func ("/cli/tradeoff/errors", test_tradeoff_errors);
  g_test_add_func ("/cli/audit/json", test_audit_json);
  g_test_add_func ("/cli/audit/buggy", test_audit_buggy);
  g_test_add_func ("/cli/audit/composed", test_audit_composed);
  g_test_add_func ("/cli/audit/errors", test_audit_errors);
  g_test_add_func ("/cli/tradeoff-audit/text", test_text_output);
  return g_test_run ();
}
