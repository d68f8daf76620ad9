/* dpviz-cli-bounds.c — `renyi` and `walk`: where the composition bounds come from, for scripts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `renyi`: k·D_α of a mechanism (Mironov 2017, Prop. 1) and the RDP → (ε, δ) conversion of the
 * `rdp` accountant with its minimising α. `walk`: the privacy-loss random walk of Dwork & Roth
 * §3.5.1 (Lemmas 3.18–3.19, Thm 3.20) against the exact law of the k-fold loss. Also the
 * helpers that `divergence` (an α of ∞) and `compose` (the exact tail beyond Thm 3.20's
 * threshold) take from here.
 */
#include "config.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "dpviz-cli-common.h"

gboolean
cli_parse_alpha (const char *option, const char *text, double *out, GError **error)
{
  double value = 0;

  if (text == NULL)
    return TRUE;
  if (g_ascii_strcasecmp (text, "inf") == 0 || g_ascii_strcasecmp (text, "infinity") == 0
      || strcmp (text, "∞") == 0)
    {
      *out = HUGE_VAL;
      return TRUE;
    }
  if (!cli_parse_double (option, text, -DBL_MAX, DBL_MAX, &value, error))
    return FALSE;
  if (!(value > 1.0))
    {
      /* The text is repeated only once it is known to be a finite number. */
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("%s must be greater than 1, or “inf” for the max divergence (got %s)"),
                   option, text);
      return FALSE;
    }
  *out = value;
  return TRUE;
}

void
cli_json_add_advanced_tail (JsonBuilder *b, const DpMechanism *m, unsigned long k,
                            double threshold)
{
  double tail, log_tail;

  /* Only for the ε-DP mechanisms: Thm 3.20's argument (Lemma 3.19) needs a bounded loss. */
  if (m->kind == DP_MECHANISM_GAUSSIAN
      || dp_loss_sum_tail (m, k, threshold, NULL, &tail, &log_tail) != DP_OK)
    return;
  cli_json_add_double (b, "advanced_tail_exact", tail);
  cli_json_add_double (b, "advanced_tail_exact_log", log_tail);
}

/* ---------------------------------------------------------------------------------------- */
/* renyi                                                                                     */

/* Parses "a1,a2,…" (each a number > 1 or inf) into a new array. */
static gboolean
parse_alpha_list (const char *text, GArray **out, GError **error)
{
  g_auto(GStrv) parts = g_strsplit (text, ",", -1);
  g_autoptr(GArray) alphas = g_array_new (FALSE, FALSE, sizeof (double));

  for (size_t i = 0; parts[i] != NULL; i++)
    {
      double a = 0;
      g_autofree char *item = g_strstrip (g_strdup (parts[i]));

      if (!cli_parse_alpha ("--alphas", item, &a, error))
        return FALSE;
      g_array_append_val (alphas, a);
    }
  if (alphas->len == 0 || alphas->len > 10000)
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                           _("--alphas takes 1 to 10000 orders separated by commas"));
      return FALSE;
    }
  *out = g_steal_pointer (&alphas);
  return TRUE;
}

static void
json_add_double_array (JsonBuilder *b, const char *member, const double *v, size_t n)
{
  json_builder_set_member_name (b, member);
  json_builder_begin_array (b);
  for (size_t i = 0; i < n; i++)
    {
      if (isfinite (v[i]))
        json_builder_add_double_value (b, v[i]);
      else
        json_builder_add_null_value (b);
    }
  json_builder_end_array (b);
}

int
cli_cmd_renyi (int argc, char **argv, GError **error)
{
  g_auto(CliMechanismOptions) o = { 0 };
  g_autofree char *alphas_text = NULL, *k_text = NULL, *target_text = NULL;
  gboolean json = FALSE;
  CliMechanism m;
  unsigned long k = 1;
  double target = 0, eps = 0, best_alpha = 0, exact = 0, kl, dinf;
  g_autoptr(GArray) alphas = NULL;
  g_autofree double *values = NULL, *conversion = NULL;
  gboolean has_exact = FALSE;
  DpStatus status;
  const GOptionEntry entries[] = {
    { "alphas", 0, 0, G_OPTION_ARG_STRING, &alphas_text,
      N_("Rényi orders α > 1 separated by commas; “inf” for the max divergence"),
      N_("A1,A2,…") },
    { "k", 0, 0, G_OPTION_ARG_STRING, &k_text,
      N_("Number of composed mechanisms (default 1): the curve is k·D_α"), N_("K") },
    { "target-delta", 0, 0, G_OPTION_ARG_STRING, &target_text,
      N_("Also convert to (ε, δ) at this total δ, minimising over α (the rdp accountant)"),
      N_("D") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print one JSON object"), NULL },
    G_OPTION_ENTRY_NULL
  };
  if (!cli_parse_mechanism ("renyi",
                            _("Rényi divergence k·D_α(P‖Q) of k composed mechanisms, from KL "
                              "(α → 1) to the max divergence (α = ∞),\nand its conversion to "
                              "(ε, δ) (Mironov 2017; Canonne, Kamath & Steinke 2020)."),
                            _("JSON keys: k, alphas, renyi (lists; null = +∞), kl and "
                              "max_divergence (the limits, times k);\nwith --target-delta: "
                              "target_delta, conversion (ε at each α), epsilon, best_alpha (null = "
                              "∞), exact_epsilon."),
                            &o, FALSE, entries, &m, argc, argv, error)
      || !cli_parse_ulong ("--k", k_text, 1, DP_K_MAX, &k, error)
      || !cli_parse_double_open ("--target-delta", target_text, 0.0, 1.0, &target, error)
      || (alphas_text != NULL && !parse_alpha_list (alphas_text, &alphas, error)))
    return CLI_EXIT_USAGE;
  if (alphas_text == NULL && target_text == NULL)
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                           _("give --alphas, --target-delta or both"));
      return CLI_EXIT_USAGE;
    }

  if ((status = dp_kl (&m.mech, &kl)) != DP_OK
      || (status = dp_max_divergence (&m.mech, &dinf)) != DP_OK)
    return cli_set_status_error (error, status, _("divergences"));
  if (alphas != NULL)
    {
      values = g_new (double, alphas->len);
      status = dp_renyi_curve (&m.mech, k, (const double *) alphas->data, alphas->len, values);
      if (status != DP_OK)
        return cli_set_status_error (error, status, "--alphas");
    }
  if (target_text != NULL)
    {
      if ((status = dp_rdp_epsilon (&m.mech, k, target, &eps, &best_alpha)) != DP_OK)
        return cli_set_status_error (error, status, "--target-delta");
      if (alphas != NULL)
        {
          conversion = g_new (double, alphas->len);
          status = dp_rdp_conversion_curve (&m.mech, k, target, (const double *) alphas->data,
                                            alphas->len, conversion);
          if (status != DP_OK)
            return cli_set_status_error (error, status, "--alphas");
        }
      has_exact = dp_compose_exact_epsilon (&m.mech, k, target, 0.0, NULL, &exact) == DP_OK;
    }

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      cli_mechanism_to_json (&m, b);
      cli_json_add_int (b, "k", k);
      if (alphas != NULL)
        {
          json_add_double_array (b, "alphas", (const double *) alphas->data, alphas->len);
          json_add_double_array (b, "renyi", values, alphas->len);
        }
      cli_json_add_double (b, "kl", (double) k * kl);
      cli_json_add_double (b, "max_divergence", (double) k * dinf);
      if (target_text != NULL)
        {
          cli_json_add_double (b, "target_delta", target);
          if (alphas != NULL)
            json_add_double_array (b, "conversion", conversion, alphas->len);
          cli_json_add_double (b, "epsilon", eps);
          cli_json_add_double (b, "best_alpha", best_alpha);
          if (has_exact)
            cli_json_add_double (b, "exact_epsilon", exact);
        }
      json_builder_end_object (b);
      cli_json_print (b);
    }
  else
    {
      g_autofree char *description = cli_mechanism_describe (&m);

      printf ("%s\n", description);
      if (k > 1)
        printf (_("%lu-fold composition: Rényi DP adds up, k·D_α\n"), k);
      if (alphas != NULL)
        for (guint i = 0; i < alphas->len; i++)
          {
            g_autofree char *a = cli_format_double (g_array_index (alphas, double, i));
            g_autofree char *label = g_strdup_printf (_("D_α at α = %s"), a);
            g_autofree char *value = cli_format_double (values[i]);

            cli_print_row (label, 28, value);
          }
      if (target_text != NULL)
        {
          g_autofree char *t = cli_format_double (target);
          g_autofree char *e = cli_format_double (eps);
          g_autofree char *a = cli_format_double (best_alpha);

          printf (_("  ε at δ = %s: %s, at α = %s (RDP conversion)\n"), t, e, a);
          if (has_exact)
            {
              g_autofree char *x = cli_format_double (exact);

              printf (_("  exact composition at the same δ: ε = %s\n"), x);
            }
        }
    }
  return CLI_EXIT_OK;
}

/* ---------------------------------------------------------------------------------------- */
/* walk                                                                                      */

/* The CLI's cap on paths × steps (about a minute on one core). */
#define WALK_STEPS_MAX 1e9

int
cli_cmd_walk (int argc, char **argv, GError **error)
{
  g_auto(CliMechanismOptions) o = { 0 };
  g_autofree char *k_text = NULL, *paths_text = NULL, *seed_text = NULL, *target_text = NULL;
  g_autofree char *bins_text = NULL;
  gboolean json = FALSE;
  CliMechanism m;
  unsigned long k = 0, paths = 1000, seed = 1, bins = 40;
  double target = 0;
  DpWalk *w = NULL;
  DpStatus status;
  const GOptionEntry entries[] = {
    { "k", 0, 0, G_OPTION_ARG_STRING, &k_text, N_("Number of steps (composed mechanisms)"),
      N_("K") },
    { "paths", 0, 0, G_OPTION_ARG_STRING, &paths_text,
      N_("Number of simulated paths (default 1000)"), N_("N") },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_text,
      N_("Seed of the random numbers (default 1); the same seed gives the same paths"),
      N_("S") },
    { "target-delta", 0, 0, G_OPTION_ARG_STRING, &target_text,
      N_("δ′ of Thm 3.20: the threshold is exceeded with probability at most δ′"), N_("D") },
    { "bins", 0, 0, G_OPTION_ARG_STRING, &bins_text,
      N_("Bins of the histogram of the final sums (default 40)"), N_("B") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print one JSON object"), NULL },
    G_OPTION_ENTRY_NULL
  };
  if (!cli_parse_mechanism ("walk",
                            _("The privacy-loss random walk behind Dwork & Roth Thm 3.20: paths "
                              "of L_1 + … + L_j under M(D),\nthe threshold at δ′, and the exact "
                              "probability of exceeding it."),
                            _("JSON keys: k, paths, seed, target_delta, bounded, threshold_rule, "
                              "threshold, mean_final, var_final,\nexact_mean_final, "
                              "exact_var_final, paths_above_threshold, fraction_above_threshold, "
                              "exact_tail,\nlog_exact_tail, paths_crossing_band, histogram."),
                            &o, FALSE, entries, &m, argc, argv, error)
      || !cli_parse_ulong ("--k", k_text, 1, DP_WALK_K_MAX, &k, error)
      || !cli_parse_ulong ("--paths", paths_text, 1, DP_WALK_PATHS_MAX, &paths, error)
      || !cli_parse_ulong ("--seed", seed_text, 0, G_MAXINT64, &seed, error)
      || !cli_parse_ulong ("--bins", bins_text, 1, 1000, &bins, error)
      || !cli_parse_double_open ("--target-delta", target_text, 0.0, 1.0, &target, error))
    return CLI_EXIT_USAGE;
  if (k_text == NULL || target_text == NULL)
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                           k_text == NULL ? _("--k is required")
                                          : _("--target-delta is required"));
      return CLI_EXIT_USAGE;
    }
  if ((double) k * (double) paths > WALK_STEPS_MAX)
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                           _("--paths × --k must be at most 10⁹ steps"));
      return CLI_EXIT_USAGE;
    }

  {
    DpWalkParams p = { .k = k, .n_paths = paths, .seed = seed, .delta_prime = target,
                       .n_columns = 2, .n_bins = bins };

    if ((status = dp_walk_run (&m.mech, &p, NULL, &w)) != DP_OK)
      return cli_set_status_error (error, status, _("random walk"));
  }

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      cli_mechanism_to_json (&m, b);
      cli_json_add_int (b, "k", k);
      cli_json_add_int (b, "paths", paths);
      cli_json_add_int (b, "seed", seed);
      cli_json_add_double (b, "target_delta", target);
      json_builder_set_member_name (b, "bounded");
      json_builder_add_boolean_value (b, w->bounded);
      json_builder_set_member_name (b, "threshold_rule");
      json_builder_add_string_value (b, w->bounded ? "theorem_3_20" : "normal_quantile");
      cli_json_add_double (b, "threshold", w->threshold);
      cli_json_add_double (b, "mean_final", w->mean_final);
      cli_json_add_double (b, "var_final", w->var_final);
      cli_json_add_double (b, "exact_mean_final", w->exact_mean_final);
      cli_json_add_double (b, "exact_var_final", w->exact_var_final);
      cli_json_add_int (b, "paths_above_threshold", w->n_above);
      cli_json_add_double (b, "fraction_above_threshold", w->fraction_above);
      cli_json_add_double (b, "exact_tail", w->exact_tail);
      cli_json_add_double (b, "log_exact_tail", w->log_exact_tail);
      cli_json_add_int (b, "paths_crossing_band", w->n_crossing);
      json_builder_set_member_name (b, "histogram");
      json_builder_begin_object (b);
      json_add_double_array (b, "edges", w->bin_edges, w->n_bins + 1);
      json_builder_set_member_name (b, "counts");
      json_builder_begin_array (b);
      for (size_t i = 0; i < w->n_bins; i++)
        json_builder_add_int_value (b, (gint64) w->bin_counts[i]);
      json_builder_end_array (b);
      json_add_double_array (b, "exact", w->bin_exact, w->n_bins);
      json_builder_end_object (b);
      json_builder_end_object (b);
      cli_json_print (b);
    }
  else
    {
      g_autofree char *description = cli_mechanism_describe (&m);
      g_autofree char *thr = cli_format_double (w->threshold);
      g_autofree char *mean = cli_format_double (w->mean_final);
      g_autofree char *emean = cli_format_double (w->exact_mean_final);
      g_autofree char *var = cli_format_double (w->var_final);
      g_autofree char *evar = cli_format_double (w->exact_var_final);
      g_autofree char *frac = cli_format_double (w->fraction_above);
      g_autofree char *tail = cli_format_double (w->exact_tail);
      g_autofree char *dp = cli_format_double (target);
      g_autofree char *mean_value = g_strdup_printf (_("%s (exact k·KL = %s)"), mean, emean);
      g_autofree char *var_value = g_strdup_printf (_("%s (exact k·Var L = %s)"), var, evar);

      printf ("%s\n", description);
      printf (_("%lu paths of %lu steps\n"), paths, k);
      if (w->bounded)
        cli_print_row (_("threshold of Thm 3.20"), 30, thr);
      else
        cli_print_row (_("(1 − δ′)-quantile of the loss"), 30, thr);
      cli_print_row (_("mean of the final loss"), 30, mean_value);
      cli_print_row (_("variance of the final loss"), 30, var_value);
      cli_print_row (_("fraction above the threshold"), 30, frac);
      cli_print_row (_("exact probability"), 30, tail);
      cli_print_row ("δ′", 30, dp);
      if (!w->bounded)
        printf (_("The Gaussian mechanism is not ε-DP: its loss is unbounded, so Lemma 3.19 "
                  "(Azuma) does not apply; the walk is normal and the threshold is its exact "
                  "quantile.\n"));
    }
  dp_walk_free (w);
  return CLI_EXIT_OK;
}
