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
  g_autofree char *alpha_text = NULL;
  gboolean json = FALSE;
  CliMechanism m;
  double kl, dmax, tv, renyi = NAN, alpha = 0;
  double b_lemma = NAN, b_tight = NAN, b_zcdp = NAN;
  DpStatus status;
  const GOptionEntry entries[] = {
    { "alpha", 0, 0, G_OPTION_ARG_STRING, &alpha_text,
      N_("Also compute the Rényi divergence of order α > 1"), N_("A") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print one JSON object"), NULL },
    G_OPTION_ENTRY_NULL
  };

  GOptionEntry mechanism_entries[6];

  cli_mechanism_entries (&o, FALSE, mechanism_entries);
  if (!cli_parse_options ("divergence",
                          _("Divergences of the neighbouring output distributions P, Q "
                            "(Dwork & Roth §3.5)\nand the KL bounds at ε₀."),
                          _("The Gaussian is given by --sigma (with --sensitivity), or by "
                            "--epsilon and --delta\n(analytic Gaussian mechanism). JSON keys: "
                            "kl, max_divergence (null = +∞), total_variation,\nkl_bound_lemma_3_18, "
                            "kl_bound_tight, kl_bound_zcdp (null without ε₀), renyi."),
                          mechanism_entries, entries, argc, argv, error)
      || !cli_mechanism_resolve (&o, FALSE, &m, error)
      || !cli_parse_double_open ("--alpha", alpha_text, 1.0, 1e9, &alpha, error))
    return CLI_EXIT_USAGE;

  if ((status = dp_kl (&m.mech, &kl)) != DP_OK)
    return cli_set_status_error (error, status, _("KL divergence"));
  if ((status = dp_max_divergence (&m.mech, &dmax)) != DP_OK)
    return cli_set_status_error (error, status, _("max divergence"));
  if ((status = dp_total_variation (&m.mech, &tv)) != DP_OK)
    return cli_set_status_error (error, status, _("total variation"));
  if (alpha_text != NULL && (status = dp_renyi (&m.mech, alpha, &renyi)) != DP_OK)
    return cli_set_status_error (error, status, "--alpha");
  if (m.has_epsilon)
    {
      /* Bounds for any ε-DP pair: Dwork & Roth Lemma 3.18, the tight ε·tanh(ε/2) of
       * Kairouz, Oh & Viswanath 2015, and ε²/2 of Bun & Steinke 2016. */
      if ((status = dp_kl_bound_lemma_3_18 (m.epsilon, &b_lemma)) != DP_OK
          || (status = dp_kl_bound_tight (m.epsilon, &b_tight)) != DP_OK
          || (status = dp_kl_bound_zcdp (m.epsilon, &b_zcdp)) != DP_OK)
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
    };

    if (json)
      {
        g_autoptr(JsonBuilder) b = json_builder_new ();

        json_builder_begin_object (b);
        cli_mechanism_to_json (&m, b);
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

        printf ("%s\n", description);
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
  g_autofree char *k_text = NULL, *at_text = NULL, *target_text = NULL;
  gboolean json = FALSE;
  CliMechanism m;
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
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print one JSON object"), NULL },
    G_OPTION_ENTRY_NULL
  };

  GOptionEntry mechanism_entries[6];

  cli_mechanism_entries (&o, FALSE, mechanism_entries);
  if (!cli_parse_options ("delta",
                          _("The privacy profile δ(ε′) = ∫ max(0, p − e^ε′ q) (hockey-stick "
                            "divergence) of one mechanism\nor of its k-fold composition, or "
                            "its inverse."),
                          _("JSON keys: delta (with --at) or epsilon (with --target-delta), "
                            "k, method (closed_form for k = 1, exact otherwise)."),
                          mechanism_entries, entries, argc, argv, error)
      || !cli_mechanism_resolve (&o, FALSE, &m, error)
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
  if (exact && !cli_gaussian_exact_check (&m, k, error))
    return CLI_EXIT_USAGE;
  if (at_text != NULL && exact && at < 0)
    {
      double mirror = 0;

      /* The exact composition takes ε′ ≥ 0. For any pair, ∫(p − γq)₊ − ∫(γq − p)₊ = 1 − γ,
       * so H_γ(P‖Q) = 1 − γ + γ·H_{1/γ}(Q‖P) (γ = e^{ε′}); the k-fold compositions of the
       * Laplace, Gaussian and RR pairs are symmetric (y ↦ Δ − y in each coordinate, or RR's
       * two outputs swapped, maps P to Q), so δ(ε′) = 1 − e^{ε′} + e^{ε′}·δ(−ε′), an upper
       * bound within the same relative tolerance when δ(−ε′) is one. */
      status = dp_compose_exact_delta (&m.mech, k, -at, 0.0, NULL, &mirror);
      result = -expm1 (at) + exp (at) * mirror;
    }
  else if (at_text != NULL)
    status = exact ? dp_compose_exact_delta (&m.mech, k, at, 0.0, NULL, &result)
                   : dp_hockey_stick (&m.mech, at, &result);
  else
    status = exact ? dp_compose_exact_epsilon (&m.mech, k, target, 0.0, NULL, &result)
                   : dp_hockey_stick_inverse (&m.mech, target, &result);
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
      json_builder_set_member_name (b, "k");
      json_builder_add_int_value (b, (gint64) k);
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

      printf ("%s\n", description);
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
  double epsilon;
  double delta;
  DpStatus status;          /* when not done: DP_OK means "does not apply" (see reason) */
  const char *reason;       /* untranslated English reason it does not apply */
} MethodResult;

typedef struct {
  DpAdvancedComposition advanced;
  gboolean has_crossover;
  unsigned long crossover;
} Extras;

static void
run_method (Method method, const CliMechanism *m, unsigned long k, double target,
            MethodResult *r, Extras *extras)
{
  memset (r, 0, sizeof *r);

  if (method <= METHOD_OPTIMAL && !m->has_epsilon)
    {
      r->reason = N_("needs ε₀ and δ₀: the Gaussian was given by --sigma alone (add --epsilon "
                     "or --delta)");
      return;
    }
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

  switch (method)
    {
    case METHOD_BASIC:
      /* Dwork & Roth Thm 3.16: (kε₀, kδ₀). */
      r->status = dp_compose_basic (m->epsilon, m->delta, k, &r->epsilon, &r->delta);
      break;
    case METHOD_ADVANCED:
      {
        /* Dwork & Roth Thm 3.20 with δ′ = target − kδ₀ so that the total δ is the target. */
        double delta_prime = target - (double) k * m->delta;

        if (!(delta_prime > 0.0))
          {
            r->reason = N_("the target δ must exceed k·δ₀");
            return;
          }
        r->status = dp_compose_advanced (m->epsilon, m->delta, k, delta_prime,
                                         &extras->advanced);
        if (r->status == DP_OK)
          {
            r->epsilon = extras->advanced.epsilon;
            r->delta = extras->advanced.delta;
            extras->has_crossover =
              dp_compose_advanced_crossover (m->epsilon, delta_prime, &extras->crossover)
              == DP_OK;
          }
        break;
      }
    case METHOD_OPTIMAL:
      /* Kairouz, Oh & Viswanath 2015, Thm 3.3. */
      r->status = dp_compose_kov_epsilon (m->epsilon, m->delta, k, target, &r->epsilon);
      r->delta = target;
      break;
    case METHOD_EXACT:
      if (!cli_gaussian_exact_check (m, k, NULL))
        {
          r->reason = N_("the exact composition of the Gaussian needs μ√k = Δ√k/σ ≤ 10⁶");
          return;
        }
      r->status = dp_compose_exact_epsilon (&m->mech, k, target, 0.0, NULL, &r->epsilon);
      r->delta = target;
      break;
    case METHOD_RDP:
      r->status = dp_compose_rdp (&m->mech, k, target, &r->epsilon);
      r->delta = target;
      break;
    case METHOD_ZCDP:
      r->status = dp_compose_gaussian_zcdp (&m->mech, k, target, &r->epsilon);
      r->delta = target;
      break;
    case N_METHODS:
    default:
      g_assert_not_reached ();
    }
  r->done = r->status == DP_OK && isfinite (r->epsilon) && isfinite (r->delta);
  if (r->status == DP_OK && !r->done)
    r->status = DP_ERR_NUMERIC;
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

  GOptionEntry mechanism_entries[6];

  cli_mechanism_entries (&o, TRUE, mechanism_entries);
  if (!cli_parse_options ("compose",
                          _("Total ε of k composed mechanisms at a total δ: basic (Thm 3.16), "
                            "advanced (Thm 3.20),\noptimal (Kairouz–Oh–Viswanath), exact "
                            "(the mechanism's own privacy-loss distribution), RDP, zCDP."),
                          _("JSON keys: epsilon_total and delta_total (objects: method → value; "
                            "methods that do not apply\nare omitted and listed in "
                            "not_applicable), advanced_terms, advanced_crossover_k.\nExample: "
                            "dpviz-cli compose --mechanism laplace --epsilon 0.1 --k 300 "
                            "--target-delta 1e-6"),
                          mechanism_entries, entries, argc, argv, error)
      || !cli_mechanism_resolve (&o, TRUE, &m, error)
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
      json_builder_set_member_name (b, "k");
      json_builder_add_int_value (b, (gint64) k);
      cli_json_add_double (b, "target_delta", target);
      json_builder_set_member_name (b, "method");
      json_builder_add_string_value (b, method == METHOD_ALL ? "all" : method_names[method]);

      json_builder_set_member_name (b, "epsilon_total");
      json_builder_begin_object (b);
      for (int i = 0; i < N_METHODS; i++)
        if (results[i].done)
          cli_json_add_double (b, method_names[i], results[i].epsilon);
      json_builder_end_object (b);

      json_builder_set_member_name (b, "delta_total");
      json_builder_begin_object (b);
      for (int i = 0; i < N_METHODS; i++)
        if (results[i].done)
          cli_json_add_double (b, method_names[i], results[i].delta);
      json_builder_end_object (b);

      if (results[METHOD_ADVANCED].done)
        {
          json_builder_set_member_name (b, "advanced_terms");
          json_builder_begin_object (b);
          cli_json_add_double (b, "azuma", extras.advanced.azuma_term);
          cli_json_add_double (b, "drift", extras.advanced.drift_term);
          json_builder_end_object (b);
          json_builder_set_member_name (b, "advanced_crossover_k");
          if (extras.has_crossover && extras.crossover > 0)
            json_builder_add_int_value (b, (gint64) extras.crossover);
          else
            json_builder_add_null_value (b);
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
              g_autofree char *e = cli_format_double (results[i].epsilon);
              g_autofree char *d = cli_format_double (results[i].delta);
              g_autofree char *value = g_strdup_printf (_("ε = %-12s δ = %s"), e, d);

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
