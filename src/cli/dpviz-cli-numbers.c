/* dpviz-cli-numbers.c — `divergence`, `delta` and `compose`: libdpcore's numbers for scripts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "dpviz-cli-common.h"

/* ---------------------------------------------------------------------------------------- */
/* divergence                                                                                */

typedef struct {
  const char *key;    /* JSON member */
  const char *label;  /* translated label for the text output */
  double value;
} Row;

int
cli_cmd_divergence (int argc, char **argv, GError **error)
{
  g_auto(CliMechanismOptions) o = { 0 };
  g_autofree char *alpha_text = NULL, *group_text = NULL;
  gboolean json = FALSE;
  CliMechanism m;
  CliGroup group;
  double kl, dmax, tv, var, renyi = NAN, alpha = 0;
  double b_lemma = NAN, b_tight = NAN, b_zcdp = NAN;
  DpStatus status;
  const GOptionEntry entries[] = {
    { "alpha", 0, 0, G_OPTION_ARG_STRING, &alpha_text,
      N_("Also compute the Rényi divergence of order α > 1 (“inf”: D∞)"), N_("A") },
    CLI_GROUP_ENTRY (group_text),
    CLI_CALIBRATION_ENTRY (&o),
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print one JSON object"), NULL },
    G_OPTION_ENTRY_NULL
  };

  if (!cli_parse_mechanism ("divergence",
                            _("Divergences of the neighbouring output distributions P, Q "
                              "(Dwork & Roth §3.5)\nand the KL bounds at ε₀."),
                            _("The Gaussian is given by --sigma (with --sensitivity), or by "
                              "--epsilon and --delta\n(analytic Gaussian mechanism). JSON keys: "
                              "kl, max_divergence (null = +∞), total_variation,\n"
                              "kl_bound_lemma_3_18, "
                              "kl_bound_tight, kl_bound_zcdp (null without ε₀), loss_variance, "
                              "renyi."),
                            &o, FALSE, entries, &m, argc, argv, error)
      || !cli_group_resolve (group_text, &m, &group, error)
      || !cli_parse_alpha ("--alpha", alpha_text, &alpha, error))
    return CLI_EXIT_USAGE;

  /* With --group every divergence is the group pair's (dpviz-cli-group.c). */
  if ((status = dp_kl (&group.pair, &kl)) != DP_OK)
    return cli_set_status_error (error, status, _("KL divergence"));
  if ((status = dp_max_divergence (&group.pair, &dmax)) != DP_OK)
    return cli_set_status_error (error, status, _("max divergence"));
  if ((status = dp_total_variation (&group.pair, &tv)) != DP_OK)
    return cli_set_status_error (error, status, _("total variation"));
  if ((status = dp_loss_variance (&group.pair, &var)) != DP_OK)
    return cli_set_status_error (error, status, _("variance of the privacy loss"));
  if (alpha_text != NULL && (status = dp_renyi (&group.pair, alpha, &renyi)) != DP_OK)
    return cli_set_status_error (error, status, "--alpha");
  if (m.has_epsilon && (!group.active || group.has_bound))
    {
      /* Bounds for any ε-DP pair: Dwork & Roth Lemma 3.18, the tight ε·tanh(ε/2) of
       * Kairouz, Oh & Viswanath 2015, and ε²/2 of Bun & Steinke 2016; at Gε₀ for a group
       * (Prop. 3.6). */
      double e = group.active ? group.epsilon_bound : m.epsilon;

      if ((status = dp_kl_bound_lemma_3_18 (e, &b_lemma)) != DP_OK
          || (status = dp_kl_bound_tight (e, &b_tight)) != DP_OK
          || (status = dp_kl_bound_zcdp (e, &b_zcdp)) != DP_OK)
        return cli_set_status_error (error, status, _("KL bounds"));
    }

  {
    const Row rows[] = {
      { "kl", _("KL divergence D_KL(P‖Q)"), kl },
      { "max_divergence", _("max divergence D∞(P‖Q)"), dmax },
      { "total_variation", _("total variation (statistical distance)"), tv },
      { "kl_bound_lemma_3_18", _("KL bound ε(e^ε − 1), Lemma 3.18"), b_lemma },
      { "kl_bound_tight", _("tight KL bound ε·tanh(ε/2)"), b_tight },
      { "kl_bound_zcdp", _("zCDP KL bound ε²/2"), b_zcdp },
      { "loss_variance", _("variance of the privacy loss under P"), var },
    };

    if (json)
      {
        g_autoptr(JsonBuilder) b = json_builder_new ();

        json_builder_begin_object (b);
        cli_mechanism_to_json (&m, b);
        cli_group_to_json (&group, b);
        if (alpha_text != NULL)
          cli_json_add_double (b, "alpha", alpha);
        for (size_t i = 0; i < G_N_ELEMENTS (rows); i++)
          cli_json_add_double (b, rows[i].key, rows[i].value);
        if (alpha_text != NULL)
          cli_json_add_double (b, "renyi", renyi);
        json_builder_end_object (b);
        cli_json_print (b);
      }
    else
      {
        g_autofree char *description = cli_mechanism_describe (&m);
        g_autofree char *group_line = cli_group_describe (&group);

        printf ("%s\n", description);
        if (group_line != NULL)
          printf ("%s\n", group_line);
        for (size_t i = 0; i < G_N_ELEMENTS (rows); i++)
          {
            g_autofree char *value = NULL;

            if (isnan (rows[i].value))
              continue;   /* a bound without ε₀ */
            value = cli_format_double (rows[i].value);
            cli_print_row (rows[i].label, 40, value);
          }
        if (alpha_text != NULL)
          {
            g_autofree char *a = cli_format_double (alpha);
            g_autofree char *label = g_strdup_printf (_("Rényi divergence D_α, α = %s"), a);
            g_autofree char *value = cli_format_double (renyi);

            cli_print_row (label, 40, value);
          }
      }
  }
  return CLI_EXIT_OK;
}

/* ---------------------------------------------------------------------------------------- */
/* delta                                                                                     */

int
cli_cmd_delta (int argc, char **argv, GError **error)
{
  g_auto(CliMechanismOptions) o = { 0 };
  g_autofree char *k_text = NULL, *at_text = NULL, *target_text = NULL, *group_text = NULL;
  gboolean json = FALSE;
  CliMechanism m;
  CliGroup group;
  unsigned long k = 1;
  double at = 0, target = 0, result = 0;
  gboolean exact;
  DpStatus status;
  const GOptionEntry entries[] = {
    { "k", 0, 0, G_OPTION_ARG_STRING, &k_text,
      N_("Number of composed mechanisms (default 1); exact composition when above 1"),
      N_("K") },
    { "at", 0, 0, G_OPTION_ARG_STRING, &at_text,
      N_("Compute the hockey-stick divergence δ(ε′) at ε′ = EPS_PRIME"), N_("EPS_PRIME") },
    { "target-delta", 0, 0, G_OPTION_ARG_STRING, &target_text,
      N_("Compute the smallest ε′ with δ(ε′) ≤ D instead"), N_("D") },
    CLI_GROUP_ENTRY (group_text),
    CLI_CALIBRATION_ENTRY (&o),
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print one JSON object"), NULL },
    G_OPTION_ENTRY_NULL
  };

  if (!cli_parse_mechanism ("delta",
                            _("The privacy profile δ(ε′) = ∫ max(0, p − e^ε′ q) (hockey-stick "
                              "divergence) of one mechanism\nor of its k-fold composition, or "
                              "its inverse."),
                            _("JSON keys: delta (with --at) or epsilon (with --target-delta), "
                              "k, method (closed_form for k = 1, exact otherwise)."),
                            &o, FALSE, entries, &m, argc, argv, error)
      || !cli_group_resolve (group_text, &m, &group, error)
      || !cli_parse_ulong ("--k", k_text, 1, DP_K_MAX, &k, error)
      || !cli_parse_double ("--at", at_text, -1e6, 1e6, &at, error)
      || !cli_parse_double_open ("--target-delta", target_text, 0.0, 1.0, &target, error))
    return CLI_EXIT_USAGE;
  if ((at_text == NULL) == (target_text == NULL))
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                           _("give exactly one of --at and --target-delta"));
      return CLI_EXIT_USAGE;
    }

  exact = k > 1;
  /* With --group: the group pair (k times). */
  if (exact && !cli_gaussian_exact_check (&group.pair, k, error))
    return CLI_EXIT_USAGE;
  if (at_text != NULL && exact && at < 0)
    {
      double mirror = 0;

      /* The exact composition takes ε′ ≥ 0. For any pair, ∫(p − γq)₊ − ∫(γq − p)₊ = 1 − γ,
       * so H_γ(P‖Q) = 1 − γ + γ·H_{1/γ}(Q‖P) (γ = e^{ε′}); the k-fold compositions of the
       * Laplace, Gaussian and RR pairs (group pairs too) are symmetric (y ↦ Δ − y in each
       * coordinate, or RR's two outputs swapped, maps P to Q), so
       * δ(ε′) = 1 − e^{ε′} + e^{ε′}·δ(−ε′), an upper bound within the same relative tolerance
       * when δ(−ε′) is one. */
      status = dp_compose_exact_delta (&group.pair, k, -at, 0.0, NULL, &mirror);
      result = -expm1 (at) + exp (at) * mirror;
    }
  else if (at_text != NULL)
    status = exact ? dp_compose_exact_delta (&group.pair, k, at, 0.0, NULL, &result)
                   : dp_hockey_stick (&group.pair, at, &result);
  else
    status = exact ? dp_compose_exact_epsilon (&group.pair, k, target, 0.0, NULL, &result)
                   : dp_hockey_stick_inverse (&group.pair, target, &result);
  if (status != DP_OK)
    {
      return cli_set_status_error (error, status,
                                   at_text != NULL ? "--at" : "--target-delta");
    }

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      cli_mechanism_to_json (&m, b);
      cli_group_to_json (&group, b);
      cli_json_add_int (b, "k", k);
      json_builder_set_member_name (b, "method");
      json_builder_add_string_value (b, exact ? "exact" : "closed_form");
      if (at_text != NULL)
        {
          cli_json_add_double (b, "at", at);
          cli_json_add_double (b, "delta", result);
        }
      else
        {
          cli_json_add_double (b, "target_delta", target);
          cli_json_add_double (b, "epsilon", result);
        }
      json_builder_end_object (b);
      cli_json_print (b);
    }
  else
    {
      g_autofree char *description = cli_mechanism_describe (&m);
      g_autofree char *value = cli_format_double (result);
      g_autofree char *arg = cli_format_double (at_text != NULL ? at : target);
      g_autofree char *group_line = cli_group_describe (&group);

      printf ("%s\n", description);
      if (group_line != NULL)
        printf ("%s\n", group_line);
      if (k > 1)
        printf (_("%lu-fold composition (exact)\n"), k);
      if (at_text != NULL)
        printf (_("  δ(ε′ = %s) = %s\n"), arg, value);
      else
        printf (_("  smallest ε′ with δ(ε′) ≤ %s: %s\n"), arg, value);
    }
  return CLI_EXIT_OK;
}

/* ---------------------------------------------------------------------------------------- */
/* compose                                                                                   */

typedef enum {
  METHOD_BASIC,
  METHOD_ADVANCED,
  METHOD_OPTIMAL,
  METHOD_EXACT,
  METHOD_RDP,
  METHOD_ZCDP,
  N_METHODS,
  METHOD_ALL = N_METHODS
} Method;

static const char *const method_names[N_METHODS] = {
  "basic", "advanced", "optimal", "exact", "rdp", "zcdp",
};

typedef struct {
  gboolean done;
  DpComposition c;          /* the answer and the per-step budget it used */
  DpStatus status;          /* when not done: DP_OK means "does not apply" (see reason) */
  const char *reason;       /* untranslated English reason it does not apply */
} MethodResult;

typedef struct {
  gboolean has_crossover;
  unsigned long crossover;
} Extras;

/* Every method answers at a total δ of @target with the δ split of dp-compose.h (the one
 * the composition view uses too). */
static void
run_method (Method method, const CliMechanism *m, unsigned long k, double target,
            MethodResult *r, Extras *extras)
{
  DpComposeMethod cm = (DpComposeMethod) method;

  memset (r, 0, sizeof *r);
  if ((method == METHOD_EXACT || method == METHOD_RDP) && m->generic)
    {
      r->reason = N_("needs the mechanism itself, not only its (ε₀, δ₀)");
      return;
    }
  if (method == METHOD_ZCDP && (m->generic || m->mech.kind != DP_MECHANISM_GAUSSIAN))
    {
      r->reason = N_("applies to the Gaussian mechanism only");
      return;
    }
  if (method <= METHOD_OPTIMAL && (m->generic || m->mech.kind != DP_MECHANISM_GAUSSIAN))
    {
      /* a fixed (ε₀, δ₀): some targets are out of reach */
      if (method == METHOD_BASIC && (double) k * m->delta > target)
        {
          r->reason = N_("k·δ₀ exceeds the target δ");
          return;
        }
      if (method == METHOD_ADVANCED && !(target - (double) k * m->delta > 0.0))
        {
          r->reason = N_("the target δ must exceed k·δ₀");
          return;
        }
      if (method == METHOD_OPTIMAL
          && !(log1p (-target) - (double) k * log1p (-m->delta) < 0.0))
        {
          r->reason = N_("the target δ must exceed 1 − (1 − δ₀)^k");
          return;
        }
    }
  if (method == METHOD_EXACT && !m->generic && !cli_gaussian_exact_check (&m->mech, k, NULL))
    {
      r->reason = N_("the exact composition of the Gaussian needs μ√k = Δ√k/σ ≤ 10⁶");
      return;
    }

  if (m->generic)
    r->status = dp_compose_generic_at_delta (m->epsilon, m->delta, cm, k, target, &r->c);
  else
    r->status = dp_compose_at_delta (&m->mech, cm, k, target, 0.0, NULL, &r->c);
  r->done = r->status == DP_OK && isfinite (r->c.epsilon) && isfinite (r->c.delta);
  if (r->status == DP_OK && !r->done)
    r->status = DP_ERR_NUMERIC;
  if (r->done && method == METHOD_ADVANCED)
    extras->has_crossover =
      (m->generic ? dp_compose_generic_crossover_at_delta (m->epsilon, m->delta, target,
                                                           DP_K_MAX, &extras->crossover)
                  : dp_compose_crossover_at_delta (&m->mech, target, DP_K_MAX,
                                                   &extras->crossover))
      == DP_OK;
}

static const char *
result_reason (const MethodResult *r)
{
  return r->reason != NULL ? r->reason : dp_status_to_string (r->status);
}

int
cli_cmd_compose (int argc, char **argv, GError **error)
{
  g_auto(CliMechanismOptions) o = { 0 };
  g_autofree char *k_text = NULL, *target_text = NULL, *method_text = NULL;
  gboolean json = FALSE;
  CliMechanism m;
  unsigned long k = 0;
  double target = 0;
  Method method = METHOD_ALL;
  MethodResult results[N_METHODS];
  Extras extras = { 0 };
  const GOptionEntry entries[] = {
    { "k", 0, 0, G_OPTION_ARG_STRING, &k_text, N_("Number of composed mechanisms"), N_("K") },
    { "target-delta", 0, 0, G_OPTION_ARG_STRING, &target_text,
      N_("Total failure probability δ of the whole composition"), N_("D") },
    { "method", 0, 0, G_OPTION_ARG_STRING, &method_text,
      N_("basic, advanced, optimal, exact, rdp, zcdp or all (default all)"), N_("METHOD") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print one JSON object"), NULL },
    G_OPTION_ENTRY_NULL
  };

  if (!cli_parse_mechanism ("compose",
                            _("Total ε of k composed mechanisms at a total δ: basic (Thm 3.16), "
                              "advanced (Thm 3.20),\noptimal (Kairouz–Oh–Viswanath), exact "
                              "(the mechanism's own privacy-loss distribution), RDP, zCDP."),
                            _("JSON keys: epsilon_total and delta_total (objects: method → value; "
                              "methods that do not apply\nare omitted and listed in "
                              "not_applicable), per_step (the (ε₀, δ₀) each of basic, advanced\n"
                              "and optimal composed), advanced_terms, advanced_crossover_k.\n"
                              "Example: dpviz-cli compose --mechanism laplace --epsilon 0.1 "
                              "--k 300 --target-delta 1e-6"),
                            &o, TRUE, entries, &m, argc, argv, error)
      || !cli_parse_ulong ("--k", k_text, 1, DP_K_MAX, &k, error)
      || !cli_parse_double_open ("--target-delta", target_text, 0.0, 1.0, &target, error))
    return CLI_EXIT_USAGE;
  if (k_text == NULL || target_text == NULL)
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                           k_text == NULL ? _("--k is required")
                                          : _("--target-delta is required"));
      return CLI_EXIT_USAGE;
    }
  if (method_text != NULL && strcmp (method_text, "all") != 0)
    {
      method = N_METHODS;
      for (int i = 0; i < N_METHODS; i++)
        if (strcmp (method_text, method_names[i]) == 0)
          method = (Method) i;
      if (method == N_METHODS)
        {
          g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                       _("unknown method “%s” (expected basic, advanced, optimal, exact, rdp, "
                         "zcdp or all)"), method_text);
          return CLI_EXIT_USAGE;
        }
    }

  for (int i = 0; i < N_METHODS; i++)
    {
      memset (&results[i], 0, sizeof results[i]);
      if (method == METHOD_ALL || method == (Method) i)
        run_method ((Method) i, &m, k, target, &results[i], &extras);
    }
  if (method != METHOD_ALL && !results[method].done)
    {
      const MethodResult *r = &results[method];

      g_set_error (error, CLI_ERROR,
                   r->reason != NULL || r->status == DP_ERR_DOMAIN ? CLI_ERROR_USAGE
                                                                   : CLI_ERROR_FAILED,
                   _("--method %s: %s"), method_names[method],
                   r->reason != NULL ? _(r->reason) : cli_status_message (r->status));
      return r->reason != NULL || r->status == DP_ERR_DOMAIN ? CLI_EXIT_USAGE
                                                             : CLI_EXIT_FAILED;
    }

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      gboolean any_na = FALSE;

      json_builder_begin_object (b);
      cli_mechanism_to_json (&m, b);
      cli_json_add_int (b, "k", k);
      cli_json_add_double (b, "target_delta", target);
      json_builder_set_member_name (b, "method");
      json_builder_add_string_value (b, method == METHOD_ALL ? "all" : method_names[method]);

      json_builder_set_member_name (b, "epsilon_total");
      json_builder_begin_object (b);
      for (int i = 0; i < N_METHODS; i++)
        if (results[i].done)
          cli_json_add_double (b, method_names[i], results[i].c.epsilon);
      json_builder_end_object (b);

      json_builder_set_member_name (b, "delta_total");
      json_builder_begin_object (b);
      for (int i = 0; i < N_METHODS; i++)
        if (results[i].done)
          cli_json_add_double (b, method_names[i], results[i].c.delta);
      json_builder_end_object (b);

      /* the per-step (ε₀, δ₀) each of basic, advanced and optimal composed */
      if (results[METHOD_BASIC].done || results[METHOD_ADVANCED].done
          || results[METHOD_OPTIMAL].done)
        {
          json_builder_set_member_name (b, "per_step");
          json_builder_begin_object (b);
          for (int i = 0; i <= METHOD_OPTIMAL; i++)
            if (results[i].done)
              {
                json_builder_set_member_name (b, method_names[i]);
                json_builder_begin_object (b);
                cli_json_add_double (b, "epsilon", results[i].c.eps0);
                cli_json_add_double (b, "delta", results[i].c.delta0);
                json_builder_end_object (b);
              }
          json_builder_end_object (b);
        }

      if (results[METHOD_ADVANCED].done)
        {
          json_builder_set_member_name (b, "advanced_terms");
          json_builder_begin_object (b);
          cli_json_add_double (b, "azuma", results[METHOD_ADVANCED].c.azuma);
          cli_json_add_double (b, "drift", results[METHOD_ADVANCED].c.drift);
          cli_json_add_double (b, "delta_prime", results[METHOD_ADVANCED].c.delta_prime);
          json_builder_end_object (b);
          json_builder_set_member_name (b, "advanced_crossover_k");
          if (extras.has_crossover && extras.crossover > 0)
            json_builder_add_int_value (b, (gint64) extras.crossover);
          else
            json_builder_add_null_value (b);
          if (!m.generic)
            cli_json_add_advanced_tail (b, &m.mech, k, results[METHOD_ADVANCED].c.epsilon);
        }

      for (int i = 0; i < N_METHODS; i++)
        if ((method == METHOD_ALL || method == (Method) i) && !results[i].done)
          any_na = TRUE;
      if (any_na)
        {
          json_builder_set_member_name (b, "not_applicable");
          json_builder_begin_object (b);
          for (int i = 0; i < N_METHODS; i++)
            if ((method == METHOD_ALL || method == (Method) i) && !results[i].done)
              {
                json_builder_set_member_name (b, method_names[i]);
                json_builder_add_string_value (b, result_reason (&results[i]));
              }
          json_builder_end_object (b);
        }
      json_builder_end_object (b);
      cli_json_print (b);
    }
  else
    {
      g_autofree char *description = cli_mechanism_describe (&m);
      g_autofree char *t = cli_format_double (target);

      printf ("%s\n", description);
      printf (_("k = %lu compositions, target total δ = %s\n"), k, t);
      for (int i = 0; i < N_METHODS; i++)
        {
          if (method != METHOD_ALL && method != (Method) i)
            continue;
          if (results[i].done)
            {
              g_autofree char *e = cli_format_double (results[i].c.epsilon);
              g_autofree char *d = cli_format_double (results[i].c.delta);
              g_autofree char *value = NULL;

              if (i <= METHOD_OPTIMAL)
                {
                  g_autofree char *e0 = cli_format_double (results[i].c.eps0);
                  g_autofree char *d0 = cli_format_double (results[i].c.delta0);

                  value = g_strdup_printf (_("ε = %-12s δ = %-12s per step ε₀ = %s, δ₀ = %s"),
                                           e, d, e0, d0);
                }
              else
                value = g_strdup_printf (_("ε = %-12s δ = %s"), e, d);
              cli_print_row (method_names[i], 10, value);
            }
          else
            {
              g_autofree char *value =
                g_strdup_printf (_("(does not apply: %s)"),
                                 results[i].reason != NULL ? _(results[i].reason)
                                                           : cli_status_message (results[i].status));

              cli_print_row (method_names[i], 10, value);
            }
        }
    }
  return CLI_EXIT_OK;
}
