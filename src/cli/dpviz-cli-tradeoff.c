/* dpviz-cli-tradeoff.c — `tradeoff` and `audit`: the adversary's view for scripts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "dpviz-cli-common.h"

/* The Laplace lattice of the CLI: finer than the app's default (one answer, not a frame). */
#define CLI_TRADEOFF_POINTS ((size_t) 1 << 16)
#define AUDIT_CONFIDENCE 0.95

static const char *
method_name (DpTradeoffMethod method)
{
  switch (method)
    {
    case DP_TRADEOFF_BINOMIAL:
      return "binomial";
    case DP_TRADEOFF_PLD:
      return "pld";
    case DP_TRADEOFF_CLOSED_FORM:
    default:
      return "closed_form";
    }
}

static void
json_add_pair (JsonBuilder *b, const char *member, double first, double second)
{
  json_builder_set_member_name (b, member);
  json_builder_begin_array (b);
  json_builder_add_double_value (b, first);
  json_builder_add_double_value (b, second);
  json_builder_end_array (b);
}

/* ---------------------------------------------------------------------------------------- */
/* tradeoff                                                                                  */

int
cli_cmd_tradeoff (int argc, char **argv, GError **error)
{
  g_auto(CliMechanismOptions) o = { 0 };
  g_autofree char *k_text = NULL, *type1_text = NULL;
  gboolean json = FALSE;
  CliMechanism m;
  unsigned long k = 1;
  double alpha = 0, beta, beta_upper, min_sum, eer, region = NAN;
  DpTradeoff *curve = NULL;
  DpStatus status;
  const GOptionEntry entries[] = {
    { "k", 0, 0, G_OPTION_ARG_STRING, &k_text,
      N_("Number of composed mechanisms (default 1)"), N_("K") },
    { "type1", 0, 0, G_OPTION_ARG_STRING, &type1_text,
      N_("Type I error α of the test, 0 … 1 (required)"), N_("A") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print one JSON object"), NULL },
    G_OPTION_ENTRY_NULL
  };
  if (!cli_parse_mechanism ("tradeoff",
                            _("The trade-off curve β = f(α): the smallest type II error of any "
                              "test of D against D′\nat type I error α, for one mechanism or its "
                              "k-fold composition."),
                            _("generic is the boundary f_{ε,δ}(α) = max(0, 1 − δ − e^ε·α, "
                              "e^(−ε)·(1 − δ − α)) of --epsilon and --delta,\nand for k > 1 the "
                              "optimal composition of k such mechanisms. JSON keys: beta, "
                              "beta_bounds,\npower, method, min_error_sum, equal_error, "
                              "region_basic.\nExample: dpviz-cli tradeoff --mechanism laplace "
                              "--epsilon 1 --k 10 --type1 0.05"),
                            &o, TRUE, entries, &m, argc, argv, error)
      || !cli_parse_ulong ("--k", k_text, 1, DP_K_MAX, &k, error)
      || !cli_parse_double ("--type1", type1_text, 0.0, 1.0, &alpha, error))
    return CLI_EXIT_USAGE;
  if (type1_text == NULL)
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE, _("--type1 is required"));
      return CLI_EXIT_USAGE;
    }

  if (m.generic)
    status = dp_tradeoff_new_generic (m.epsilon, m.delta, k, NULL, &curve);
  else
    {
      DpTradeoffOptions options = { CLI_TRADEOFF_POINTS, true };

      status = dp_tradeoff_new (&m.mech, k, &options, NULL, &curve);
    }
  if (status != DP_OK)
    return cli_set_status_error (error, status, _("trade-off curve"));

  status = dp_tradeoff_curve (curve, &alpha, 1, &beta, &beta_upper);
  if (status == DP_OK)
    status = dp_tradeoff_min_error_sum (curve, &min_sum);
  if (status == DP_OK)
    status = dp_tradeoff_equal_error (curve, &eer);
  /* Basic composition (Dwork & Roth Thm 3.16): the (kε₀, kδ₀) region. */
  if (status == DP_OK && m.has_epsilon)
    status = dp_tradeoff_region ((double) k * m.epsilon, fmin (1.0, (double) k * m.delta), alpha,
                                 &region);
  if (status != DP_OK)
    {
      dp_tradeoff_free (curve);
      return cli_set_status_error (error, status, _("trade-off curve"));
    }

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      cli_mechanism_to_json (&m, b);
      cli_json_add_int (b, "k", k);
      cli_json_add_double (b, "type1", alpha);
      json_builder_set_member_name (b, "method");
      json_builder_add_string_value (b, method_name (dp_tradeoff_get_method (curve)));
      cli_json_add_double (b, "beta", beta);
      json_add_pair (b, "beta_bounds", beta, beta_upper);
      cli_json_add_double (b, "power", 1.0 - beta);
      cli_json_add_double (b, "min_error_sum", min_sum);
      cli_json_add_double (b, "equal_error", eer);
      cli_json_add_double (b, "region_basic", region);
      json_builder_end_object (b);
      cli_json_print (b);
    }
  else
    {
      g_autofree char *description = cli_mechanism_describe (&m);
      g_autofree char *a = cli_format_double (alpha);
      g_autofree char *bt = cli_format_double (beta);
      g_autofree char *pw = cli_format_double (1.0 - beta);
      g_autofree char *ms = cli_format_double (min_sum);
      g_autofree char *ee = cli_format_double (eer);

      printf ("%s\n", description);
      if (k > 1)
        printf (_("%lu-fold composition (%s)\n"), k,
                method_name (dp_tradeoff_get_method (curve)));
      printf (_("  type I error α = %s: the best test has type II error β = %s (power %s)\n"),
              a, bt, pw);
      {
        g_autofree char *bu = cli_format_double (beta_upper);

        /* Laplace at k > 1: said only when the two curves differ in the digits shown */
        if (strcmp (bu, bt) != 0)
          printf (_("  the exact β lies between %s and %s\n"), bt, bu);
      }
      printf (_("  smallest α + β (1 − total variation): %s\n"), ms);
      printf (_("  equal-error point: α = β = %s\n"), ee);
      if (!isnan (region))
        {
          g_autofree char *r = cli_format_double (region);

          printf (_("  boundary of the (kε₀, kδ₀) region at α: %s\n"), r);
        }
    }
  dp_tradeoff_free (curve);
  return CLI_EXIT_OK;
}

/* ---------------------------------------------------------------------------------------- */
/* audit                                                                                     */

/* ε at δ of the k-fold composition of @m: kε for Laplace and randomized response (δ = 0),
 * Balle & Wang's δ(ε) inverted at μ√k for the Gaussian (0 when δ ≥ 1). */
static DpStatus
composed_epsilon (const DpMechanism *m, unsigned long k, double delta, double *out)
{
  if (m->kind != DP_MECHANISM_GAUSSIAN)
    {
      double eps = m->kind == DP_MECHANISM_LAPLACE ? m->sensitivity / m->scale : m->epsilon;

      *out = (double) k * eps;
      return DP_OK;
    }
  if (delta >= 1.0)
    {
      *out = 0.0;
      return DP_OK;
    }
  return dp_gaussian_epsilon (dp_mechanism_gaussian_mu (m) * sqrt ((double) k), delta, out);
}

int
cli_cmd_audit (int argc, char **argv, GError **error)
{
  g_auto(CliMechanismOptions) o = { 0 };
  g_autofree char *k_text = NULL, *trials_text = NULL, *seed_text = NULL;
  g_autofree char *threshold_text = NULL;
  gboolean json = FALSE, buggy = FALSE;
  CliMechanism m;
  unsigned long k = 1, trials = 0, seed = 0;
  double threshold = 0, eps_claimed, eps_simulated;
  DpAuditSpec spec = { 0 };
  DpAuditResult r;
  DpMechanism simulated;
  DpStatus status;
  const GOptionEntry entries[] = {
    { "k", 0, 0, G_OPTION_ARG_STRING, &k_text,
      N_("Number of composed mechanisms per run (default 1)"), N_("K") },
    { "trials", 0, 0, G_OPTION_ARG_STRING, &trials_text,
      N_("Runs on D and as many on D′, 100 … 1000000 (required)"), N_("N") },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_text,
      N_("Seed of the random number generator, 0 … 4294967295 (required)"), N_("S") },
    { "threshold", 0, 0, G_OPTION_ARG_STRING, &threshold_text,
      N_("The test says D′ when the statistic is ≥ T (default: where the bound is expected to "
         "be largest)"), N_("T") },
    { "buggy", 0, 0, G_OPTION_ARG_NONE, &buggy,
      N_("Simulate the mechanism with noise scaled for half the sensitivity"), NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print one JSON object"), NULL },
    G_OPTION_ENTRY_NULL
  };
  if (!cli_parse_mechanism ("audit",
                            _("Run the mechanism N times on D and on D′, apply a threshold test "
                              "and turn the\nClopper–Pearson 95 % intervals of its errors into a "
                              "lower bound on ε."),
                            _("The statistic is the output (k = 1) or the mean of the k outputs, "
                              "each clipped to [0, Δ]\nfor Laplace. The bound uses δ = k·δ₀ (0 for "
                              "Laplace and randomized response). JSON keys: type1,\ntype2, "
                              "type1_ci95, type2_ci95, epsilon_lower_bound, threshold, "
                              "epsilon_claimed, epsilon_simulated.\nExample: dpviz-cli audit "
                              "--mechanism laplace --epsilon 1 --trials 100000 --seed 1 --buggy"),
                            &o, FALSE, entries, &m, argc, argv, error)
      || !cli_parse_ulong ("--k", k_text, 1, DP_K_MAX, &k, error)
      || !cli_parse_ulong ("--trials", trials_text, 100, 1000000, &trials, error)
      || !cli_parse_ulong ("--seed", seed_text, 0, G_MAXUINT32, &seed, error)
      || !cli_parse_double ("--threshold", threshold_text, -1e12, 1e12, &threshold, error))
    return CLI_EXIT_USAGE;
  if (trials_text == NULL || seed_text == NULL)
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                           trials_text == NULL ? _("--trials is required")
                                               : _("--seed is required"));
      return CLI_EXIT_USAGE;
    }
  if (m.mech.kind == DP_MECHANISM_GAUSSIAN && !m.has_delta)
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                           _("the audit of a Gaussian mechanism needs its δ₀: add --delta (or "
                             "give --epsilon with --delta)"));
      return CLI_EXIT_USAGE;
    }
  if (m.mech.kind == DP_MECHANISM_LAPLACE && k > 1 && (double) k * (double) trials > 1e9)
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                           _("a Laplace audit draws about k·N outputs: at most 10⁹ (lower --k "
                             "or --trials)"));
      return CLI_EXIT_USAGE;
    }
  simulated = m.mech;
  if (buggy && (status = dp_audit_buggy_mechanism (&m.mech, &simulated)) != DP_OK)
    return cli_set_status_error (error, status, "--buggy");

  spec.k = k;
  spec.trials = trials;
  spec.seed = (uint32_t) seed;
  spec.buggy = buggy;
  spec.auto_threshold = threshold_text == NULL;
  spec.threshold = threshold;
  spec.delta = fmin (1.0, (double) k * m.delta);
  spec.confidence = AUDIT_CONFIDENCE;

  if ((status = composed_epsilon (&m.mech, k, spec.delta, &eps_claimed)) != DP_OK
      || (status = composed_epsilon (&simulated, k, spec.delta, &eps_simulated)) != DP_OK)
    return cli_set_status_error (error, status, _("ε of the composed mechanism"));
  if ((status = dp_audit_run (&m.mech, &spec, NULL, NULL, NULL, &r)) != DP_OK)
    return cli_set_status_error (error, status, _("audit"));

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      cli_mechanism_to_json (&m, b);
      cli_json_add_int (b, "k", k);
      cli_json_add_int (b, "trials", trials);
      cli_json_add_int (b, "seed", seed);
      json_builder_set_member_name (b, "buggy");
      json_builder_add_boolean_value (b, buggy);
      cli_json_add_double (b, "threshold", r.threshold);
      json_builder_set_member_name (b, "threshold_source");
      json_builder_add_string_value (b, spec.auto_threshold ? "auto" : "given");
      cli_json_add_double (b, "delta", spec.delta);
      cli_json_add_int (b, "false_positives", r.false_positives);
      cli_json_add_int (b, "false_negatives", r.false_negatives);
      cli_json_add_double (b, "type1", r.type1);
      cli_json_add_double (b, "type2", r.type2);
      json_add_pair (b, "type1_ci95", r.type1_ci.lower, r.type1_ci.upper);
      json_add_pair (b, "type2_ci95", r.type2_ci.lower, r.type2_ci.upper);
      cli_json_add_double (b, "type1_exact", r.has_exact ? r.type1_exact : NAN);
      cli_json_add_double (b, "type2_exact", r.has_exact ? r.type2_exact : NAN);
      cli_json_add_double (b, "bound_from_type1", r.bound.from_type1);
      cli_json_add_double (b, "bound_from_type2", r.bound.from_type2);
      cli_json_add_double (b, "epsilon_lower_bound", r.bound.epsilon_lower);
      cli_json_add_double (b, "epsilon_claimed", eps_claimed);
      cli_json_add_double (b, "epsilon_simulated", eps_simulated);
      json_builder_set_member_name (b, "violation");
      json_builder_add_boolean_value (b, r.bound.epsilon_lower > eps_claimed);
      json_builder_end_object (b);
      cli_json_print (b);
    }
  else
    {
      g_autofree char *description = cli_mechanism_describe (&m);
      g_autofree char *t = cli_format_double (r.threshold);
      g_autofree char *a = cli_format_double (r.type1);
      g_autofree char *al = cli_format_double (r.type1_ci.lower);
      g_autofree char *ah = cli_format_double (r.type1_ci.upper);
      g_autofree char *bt = cli_format_double (r.type2);
      g_autofree char *bl = cli_format_double (r.type2_ci.lower);
      g_autofree char *bh = cli_format_double (r.type2_ci.upper);
      g_autofree char *lb = cli_format_double (r.bound.epsilon_lower);
      g_autofree char *ec = cli_format_double (eps_claimed);
      g_autofree char *d = cli_format_double (spec.delta);

      printf ("%s\n", description);
      if (buggy)
        printf (_("simulated with the bug: noise for half the sensitivity\n"));
      printf (_("%lu runs on D and %lu on D′ (k = %lu, seed %lu); the test says D′ when the "
                "statistic ≥ %s\n"), trials, trials, k, seed, t);
      printf (_("  type I error α̂ = %s, 95 %% interval [%s, %s]\n"), a, al, ah);
      printf (_("  type II error β̂ = %s, 95 %% interval [%s, %s]\n"), bt, bl, bh);
      printf (_("  certified with 95 %% confidence: ε ≥ %s at δ = %s (the mechanism claims "
                "ε = %s)\n"), lb, d, ec);
      if (r.bound.epsilon_lower > eps_claimed)
        printf (_("  the certified ε exceeds the claim: the mechanism is less private than it "
                  "says\n"));
    }
  return CLI_EXIT_OK;
}
