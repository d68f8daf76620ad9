/* dpviz-cli-mechanisms.c — `survey`, `utility` and `exponential`: mechanisms at work
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The randomized-response survey of a class (book §3.3.1; dp-survey.h), the accuracy of a
 * noisy numeric answer and its inverse (book §3.3.2, Example 3.1; dp-accuracy.h) and the
 * exponential mechanism (DP notes 001_…, 指数机制; dp-exponential.h).
 */
#include "config.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "dpviz-cli-common.h"

/* Sets a usage error (exit status 2) and returns that status. */
static int
usage_error (GError **error, const char *message)
{
  g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE, message);
  return CLI_EXIT_USAGE;
}

/* "member": [lo, hi] */
static void
add_pair (JsonBuilder *b, const char *member, double lo, double hi)
{
  json_builder_set_member_name (b, member);
  json_builder_begin_array (b);
  json_builder_add_double_value (b, lo);
  json_builder_add_double_value (b, hi);
  json_builder_end_array (b);
}

static void
print_number_row (const char *label, double value)
{
  g_autofree char *text = cli_format_double (value);

  cli_print_row (label, 44, text);
}

static void
print_interval_row (const char *label, double lo, double hi)
{
  g_autofree char *a = cli_format_double (lo);
  g_autofree char *b = cli_format_double (hi);
  g_autofree char *text = g_strdup_printf ("[%s, %s]", a, b);

  cli_print_row (label, 44, text);
}

/* ---------------------------------------------------------------------------------------- */
/* survey                                                                                    */

int
cli_cmd_survey (int argc, char **argv, GError **error)
{
  g_autofree char *eps_text = NULL, *n_text = NULL, *rate_text = NULL;
  g_autofree char *observed_text = NULL, *count_text = NULL, *seed_text = NULL;
  gboolean simulate = FALSE, json = FALSE;
  double epsilon = 0, true_rate = 0, observed_rate = 0;
  unsigned long n = 0, count = 0, seed = 0;
  gboolean have_count = FALSE, have_interval = FALSE;
  double estimate = 0, ci_lo = 0, ci_hi = 0;
  DpSurveyExpected expected = { 0 };
  DpSurveyClass drawn = { 0 };
  DpStatus status;
  const GOptionEntry entries[] = {
    { "epsilon", 0, 0, G_OPTION_ARG_STRING, &eps_text,
      N_("Privacy budget ε of each answer: kept with p = e^ε/(1 + e^ε)"), N_("E") },
    { "n", 0, 0, G_OPTION_ARG_STRING, &n_text, N_("Number of respondents"), N_("N") },
    { "true-rate", 0, 0, G_OPTION_ARG_STRING, &rate_text,
      N_("True rate π of “yes” answers (the design before a class is drawn)"), N_("PI") },
    { "observed-rate", 0, 0, G_OPTION_ARG_STRING, &observed_text,
      N_("Observed rate of reported “yes” answers: estimate π from it"), N_("R") },
    { "observed-count", 0, 0, G_OPTION_ARG_STRING, &count_text,
      N_("Observed number of reported “yes” answers (with --n): estimate π from it"), N_("K") },
    { "simulate", 0, 0, G_OPTION_ARG_NONE, &simulate,
      N_("Draw one class (with --true-rate and --seed)"), NULL },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_text,
      N_("Seed of the drawn class, 0 … 2147483647"), N_("S") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print one JSON object"), NULL },
    G_OPTION_ENTRY_NULL
  };

  if (!cli_parse_options ("survey",
                          _("A randomized-response survey of a class (book §3.3.1): each "
                            "answer is kept with\nprobability p = e^ε/(1 + e^ε) and flipped "
                            "otherwise; π̂ = (λ̂ − (1 − p))/(2p − 1)."),
                          _("Give --true-rate (with --n) for the design, --observed-rate or "
                            "--observed-count for the estimate\nfrom a class, and --simulate "
                            "--seed S to draw one class. JSON keys: rr_p, observed_rate,\n"
                            "estimator_sd, posterior_yes_if_reported_yes, "
                            "posterior_yes_if_reported_no, estimate, ci95,\nobserved_count, "
                            "true_count."),
                          NULL, entries, argc, argv, error)
      || !cli_parse_double ("--epsilon", eps_text, DP_EPSILON_MIN, DP_EPSILON_MAX, &epsilon,
                            error)
      || !cli_parse_ulong ("--n", n_text, 1, DP_SURVEY_N_MAX, &n, error)
      || !cli_parse_double ("--true-rate", rate_text, 0.0, 1.0, &true_rate, error)
      || !cli_parse_double ("--observed-rate", observed_text, 0.0, 1.0, &observed_rate, error)
      || !cli_parse_ulong ("--observed-count", count_text, 0, DP_SURVEY_N_MAX, &count, error)
      || !cli_parse_ulong ("--seed", seed_text, 0, DP_SEED_MAX, &seed, error))
    return CLI_EXIT_USAGE;

  if (eps_text == NULL)
    return usage_error (error, _("--epsilon is required"));
  if ((rate_text != NULL) + (observed_text != NULL) + (count_text != NULL) != 1)
    return usage_error (error, _("give exactly one of --true-rate, --observed-rate and "
                                 "--observed-count"));
  if (rate_text != NULL && n_text == NULL)
    return usage_error (error, _("--true-rate needs --n"));
  if (count_text != NULL && n_text == NULL)
    return usage_error (error, _("--observed-count needs --n"));
  if (count_text != NULL && count > n)
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("--observed-count must be between 0 and --n = %lu (got %s)"), n,
                   count_text);
      return CLI_EXIT_USAGE;
    }
  if (simulate && (rate_text == NULL || seed_text == NULL))
    return usage_error (error, _("--simulate needs --true-rate, --n and --seed (the same seed "
                                 "draws the same class)"));
  if (seed_text != NULL && !simulate)
    return usage_error (error, _("--seed applies only with --simulate"));

  if (observed_text != NULL && n_text != NULL)
    {
      /* The interval needs a whole number of "yes" answers: K = R·n. */
      double k = observed_rate * (double) n;

      if (fabs (k - round (k)) > 1e-9 * fmax (1.0, k))
        {
          g_autofree char *kk = cli_format_double (k);

          g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                       _("--observed-rate × --n must be a whole number of “yes” answers "
                         "(got %s × %lu = %s); or give --observed-count"),
                       observed_text, n, kk);
          return CLI_EXIT_USAGE;
        }
      count = (unsigned long) round (k);
    }
  if (count_text != NULL)
    observed_rate = (double) count / (double) n;
  have_count = count_text != NULL || (observed_text != NULL && n_text != NULL);

  if (rate_text != NULL)
    {
      if ((status = dp_survey_expected (epsilon, true_rate, n, &expected)) != DP_OK)
        return cli_set_status_error (error, status, "--true-rate");
    }
  else
    {
      /* p = e^ε/(1 + e^ε) for the echo (the design's other numbers need π). */
      if ((status = dp_survey_expected (epsilon, 0.5, 1, &expected)) != DP_OK
          || (status = dp_survey_estimate (epsilon, observed_rate, &estimate)) != DP_OK)
        return cli_set_status_error (error, status, "--observed-rate");
    }
  if (simulate)
    {
      if ((status = dp_survey_simulate (epsilon, true_rate, n, seed, &drawn, NULL, NULL))
          != DP_OK)
        return cli_set_status_error (error, status, "--simulate");
      count = drawn.observed_count;
      estimate = drawn.estimate;
      have_count = TRUE;
    }
  if (have_count)
    {
      /* 95 %: the Clopper–Pearson interval for λ mapped through the estimator (dp-survey.h). */
      if ((status = dp_survey_interval (epsilon, n, count, 0.95, &ci_lo, &ci_hi)) != DP_OK)
        /* xgettext:no-c-format */
        return cli_set_status_error (error, status, _("the 95 % interval"));
      have_interval = TRUE;
    }

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      cli_json_add_double (b, "epsilon", epsilon);
      cli_json_add_double (b, "rr_p", expected.keep);
      if (n_text != NULL)
        cli_json_add_int (b, "n", n);
      if (rate_text != NULL)
        {
          cli_json_add_double (b, "true_rate", true_rate);
          cli_json_add_double (b, "observed_rate", expected.observed_rate);
          cli_json_add_double (b, "estimator_sd", expected.estimator_sd);
          cli_json_add_double (b, "posterior_yes_if_reported_yes", expected.posterior_yes);
          cli_json_add_double (b, "posterior_yes_if_reported_no", expected.posterior_no);
        }
      else
        cli_json_add_double (b, "observed_rate", observed_rate);
      if (simulate)
        {
          cli_json_add_int (b, "seed", seed);
          cli_json_add_int (b, "true_count", drawn.true_count);
        }
      if (have_count)
        cli_json_add_int (b, "observed_count", count);
      if (rate_text == NULL || simulate)
        cli_json_add_double (b, "estimate", estimate);
      if (have_interval)
        add_pair (b, "ci95", ci_lo, ci_hi);
      json_builder_end_object (b);
      cli_json_print (b);
      return CLI_EXIT_OK;
    }

  {
    g_autofree char *eps = cli_format_double (epsilon);
    g_autofree char *p = cli_format_double (expected.keep);

    printf (_("randomized-response survey: ε = %s, each answer kept with p = %s\n"), eps, p);
  }
  if (rate_text != NULL)
    {
      g_autofree char *pi = cli_format_double (true_rate);

      printf (_("%lu respondents, true rate π = %s\n"), n, pi);
      print_number_row (_("expected observed rate λ"), expected.observed_rate);
      print_number_row (_("standard deviation of the estimate"), expected.estimator_sd);
      print_number_row (_("Pr[true yes | reported yes]"), expected.posterior_yes);
      print_number_row (_("Pr[true yes | reported no]"), expected.posterior_no);
    }
  else
    print_number_row (_("observed rate"), observed_rate);
  if (simulate)
    {
      g_autofree char *s = g_strdup_printf ("%lu", seed);
      g_autofree char *t = g_strdup_printf ("%lu", drawn.true_count);

      cli_print_row (_("seed"), 44, s);
      cli_print_row (_("true “yes” answers in the drawn class"), 44, t);
    }
  if (have_count)
    {
      g_autofree char *k = g_strdup_printf ("%lu / %lu", count, n);

      cli_print_row (_("reported “yes” answers"), 44, k);
    }
  if (rate_text == NULL || simulate)
    print_number_row (_("estimate π̂"), estimate);
  if (have_interval)
    /* xgettext:no-c-format */
    print_interval_row (_("95 % interval (Clopper–Pearson)"), ci_lo, ci_hi);
  return CLI_EXIT_OK;
}

/* ---------------------------------------------------------------------------------------- */
/* utility                                                                                   */

int
cli_cmd_utility (int argc, char **argv, GError **error)
{
  g_auto(CliMechanismOptions) o = { 0 };
  g_autofree char *query_text = NULL, *n_text = NULL, *confidence_text = NULL;
  g_autofree char *width_text = NULL;
  gboolean json = FALSE;
  CliMechanism m = { 0 };
  DpMechanismKind kind = DP_MECHANISM_LAPLACE;
  unsigned long n = 0;
  double confidence = 0, width = 0, sensitivity = 1, delta = 0;
  double half_width = 0, epsilon = 0, sigma = 0;
  gboolean inverse, inverse_epsilon = FALSE;
  const char *query = "custom";
  DpStatus status;
  const GOptionEntry entries[] = {
    { "query", 0, 0, G_OPTION_ARG_STRING, &query_text,
      N_("count (Δ = 1) or mean (of --n values in [0, 1]: Δ = 1/n) instead of --sensitivity"),
      N_("QUERY") },
    { "n", 0, 0, G_OPTION_ARG_STRING, &n_text, N_("Number of values of a mean query"),
      N_("N") },
    { "confidence", 0, 0, G_OPTION_ARG_STRING, &confidence_text,
      N_("Probability C that the noisy answer lies within ± the half-width"), N_("C") },
    { "half-width", 0, 0, G_OPTION_ARG_STRING, &width_text,
      N_("The accuracy needed, ±W at confidence C: solve for ε (Laplace) or σ (Gaussian)"),
      N_("W") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print one JSON object"), NULL },
    G_OPTION_ENTRY_NULL
  };
  GOptionEntry mechanism_entries[6];

  cli_mechanism_entries (&o, FALSE, mechanism_entries);
  if (!cli_parse_options ("utility",
                          _("What ε costs in accuracy (book §3.3.2): the half-width x of the "
                            "interval that holds\nthe noisy answer with probability C — "
                            "Laplace x = b·ln(1/(1 − C)), Gaussian x = σ·Φ⁻¹((1 + C)/2) —\n"
                            "or, with --half-width, the ε or σ that achieves ±x."),
                          _("JSON keys: half_width; with --half-width: epsilon (Laplace), "
                            "sigma and, with --delta, epsilon\n(Gaussian). Example: dpviz-cli "
                            "utility --mechanism laplace --epsilon 1 --query mean --n 100\n"
                            "--confidence 0.95"),
                          mechanism_entries, entries, argc, argv, error)
      || !cli_parse_double_open ("--confidence", confidence_text, 0.0, 1.0, &confidence,
                                 error)
      || !cli_parse_double ("--half-width", width_text, 1e-300, DBL_MAX, &width, error)
      || !cli_parse_ulong ("--n", n_text, 1, 1000000000UL, &n, error))
    return CLI_EXIT_USAGE;

  if (confidence_text == NULL)
    return usage_error (error, _("--confidence is required"));
  if (o.mechanism == NULL)
    return usage_error (error, _("--mechanism is required (laplace or gaussian)"));
  if (!dp_mechanism_kind_from_name (o.mechanism, &kind) || kind == DP_MECHANISM_RR)
    {
      if (kind == DP_MECHANISM_RR && strcmp (o.mechanism, "rr") == 0)
        return usage_error (error, _("randomized response answers a yes/no question: its "
                                     "accuracy is the survey’s (dpviz-cli survey)"));
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("unknown mechanism “%s” (expected laplace or gaussian)"), o.mechanism);
      return CLI_EXIT_USAGE;
    }

  /* The query fixes Δ (book Example 3.1), or --sensitivity gives it. */
  if (query_text != NULL)
    {
      if (o.sensitivity != NULL)
        return usage_error (error, _("give --query or --sensitivity, not both"));
      if (strcmp (query_text, "count") == 0)
        {
          if (n_text != NULL)
            return usage_error (error, _("--n applies only to --query mean"));
          sensitivity = 1.0;
        }
      else if (strcmp (query_text, "mean") == 0)
        {
          if (n_text == NULL)
            return usage_error (error, _("--query mean needs --n"));
          if ((status = dp_accuracy_mean_sensitivity (n, &sensitivity)) != DP_OK)
            return cli_set_status_error (error, status, "--n");
        }
      else
        {
          g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                       _("unknown query “%s” (expected count or mean)"), query_text);
          return CLI_EXIT_USAGE;
        }
      query = query_text;
      /* The mechanism options read Δ as text: the shortest round-trip form of 1/n. */
      {
        char buf[G_ASCII_DTOSTR_BUF_SIZE];

        o.sensitivity = g_strdup (g_ascii_dtostr (buf, sizeof buf, sensitivity));
      }
    }
  else if (n_text != NULL)
    return usage_error (error, _("--n applies only to --query mean"));

  inverse = width_text != NULL;
  if (!inverse)
    {
      if (!cli_mechanism_resolve (&o, FALSE, &m, error))
        return CLI_EXIT_USAGE;
      if ((status = dp_accuracy_half_width (&m.mech, confidence, &half_width)) != DP_OK)
        return cli_set_status_error (error, status, "--confidence");
      sensitivity = m.mech.sensitivity;
    }
  else
    {
      if (!cli_parse_double ("--sensitivity", o.sensitivity, 1e-9, 1e9, &sensitivity, error)
          || !cli_parse_double_open ("--delta", o.delta, 0.0, 1.0, &delta, error))
        return CLI_EXIT_USAGE;
      if (o.epsilon != NULL || o.sigma != NULL)
        return usage_error (error, _("--half-width solves for the noise: leave out --epsilon "
                                     "and --sigma"));
      if (kind == DP_MECHANISM_LAPLACE)
        {
          if (o.delta != NULL)
            return usage_error (error, _("--delta (δ₀ of one mechanism) applies only to "
                                         "gaussian: Laplace is pure ε-DP"));
          status = dp_accuracy_laplace_epsilon (sensitivity, width, confidence, &epsilon);
          inverse_epsilon = TRUE;
        }
      else if (o.delta != NULL)
        {
          status = dp_accuracy_gaussian_epsilon (sensitivity, width, confidence, delta, &sigma,
                                                 &epsilon);
          inverse_epsilon = TRUE;
        }
      else
        status = dp_accuracy_gaussian_sigma (width, confidence, &sigma);
      if (status != DP_OK)
        return cli_set_status_error (error, status, "--half-width");
    }

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      if (!inverse)
        cli_mechanism_to_json (&m, b);
      else
        {
          json_builder_set_member_name (b, "mechanism");
          json_builder_add_string_value (b, dp_mechanism_kind_to_name (kind));
          cli_json_add_double (b, "sensitivity", sensitivity);
          if (o.delta != NULL)
            cli_json_add_double (b, "delta", delta);
        }
      json_builder_set_member_name (b, "query");
      json_builder_add_string_value (b, query);
      if (n_text != NULL)
        cli_json_add_int (b, "n", n);
      cli_json_add_double (b, "confidence", confidence);
      if (!inverse)
        cli_json_add_double (b, "half_width", half_width);
      else
        {
          cli_json_add_double (b, "half_width", width);
          if (kind == DP_MECHANISM_GAUSSIAN)
            cli_json_add_double (b, "sigma", sigma);
          if (inverse_epsilon)
            cli_json_add_double (b, "epsilon", epsilon);
        }
      json_builder_end_object (b);
      cli_json_print (b);
      return CLI_EXIT_OK;
    }

  if (!inverse)
    {
      g_autofree char *description = cli_mechanism_describe (&m);
      g_autofree char *c = cli_format_double (confidence);
      g_autofree char *x = cli_format_double (half_width);

      printf ("%s\n", description);
      printf (_("  the noisy answer lies within ±%s of the true answer with probability %s\n"),
              x, c);
    }
  else
    {
      g_autofree char *c = cli_format_double (confidence);
      g_autofree char *x = cli_format_double (width);
      g_autofree char *d = cli_format_double (sensitivity);

      printf (_("±%s with probability %s, sensitivity Δ = %s:\n"), x, c, d);
      if (kind == DP_MECHANISM_LAPLACE)
        print_number_row (_("Laplace ε"), epsilon);
      else
        {
          print_number_row (_("Gaussian σ"), sigma);
          if (inverse_epsilon)
            {
              g_autofree char *dd = cli_format_double (delta);
              g_autofree char *label = g_strdup_printf (_("ε of that σ at δ = %s"), dd);

              print_number_row (label, epsilon);
            }
        }
    }
  return CLI_EXIT_OK;
}

/* ---------------------------------------------------------------------------------------- */
/* exponential                                                                               */

/* Comma-separated finite numbers, each strictly parsed ("1,2.5,-3"). */
static GArray *
parse_utilities (const char *text, GError **error)
{
  g_auto(GStrv) parts = NULL;
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));

  if (text == NULL || *text == '\0')
    {
      usage_error (error, _("--utilities is required (u1,u2,…)"));
      return NULL;
    }
  parts = g_strsplit (text, ",", -1);
  for (size_t i = 0; parts[i] != NULL; i++)
    {
      double u = 0;

      if (!cli_parse_double ("--utilities", parts[i], -DBL_MAX, DBL_MAX, &u, error))
        return NULL;
      g_array_append_val (values, u);
    }
  if (values->len > DP_EXPONENTIAL_N_MAX)
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("--utilities: at most %lu candidates"), DP_EXPONENTIAL_N_MAX);
      return NULL;
    }
  return g_steal_pointer (&values);
}

int
cli_cmd_exponential (int argc, char **argv, GError **error)
{
  g_autofree char *eps_text = NULL, *du_text = NULL, *utilities_text = NULL;
  g_autofree char *seed_text = NULL;
  g_autoptr(GArray) u = NULL;
  g_autofree double *p = NULL;
  gboolean json = FALSE;
  double epsilon = 0, du = 1, expected = 0, best = 0, top;
  unsigned long seed = 0;
  size_t draw = 0;
  DpStatus status;
  const GOptionEntry entries[] = {
    { "epsilon", 0, 0, G_OPTION_ARG_STRING, &eps_text, N_("Privacy budget ε"), N_("E") },
    { "utility-sensitivity", 0, 0, G_OPTION_ARG_STRING, &du_text,
      N_("Sensitivity Δu of the utility (default 1)"), N_("D") },
    { "utilities", 0, 0, G_OPTION_ARG_STRING, &utilities_text,
      N_("The candidates’ utilities, comma-separated"), N_("U1,U2,…") },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_text,
      N_("Also draw one output with this seed, 0 … 2147483647"), N_("S") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print one JSON object"), NULL },
    G_OPTION_ENTRY_NULL
  };

  if (!cli_parse_options ("exponential",
                          _("The exponential mechanism (DP notes: 指数机制): output r with "
                            "probability\nproportional to exp(ε u(r)/(2Δu))."),
                          _("JSON keys: probabilities (one per candidate, in order), "
                            "expected_utility, best (indices\nof the highest utility), "
                            "best_probability, draw (with --seed: the index drawn).\n"
                            "Example: dpviz-cli exponential --epsilon 1 --utilities 3,2,2,0"),
                          NULL, entries, argc, argv, error)
      || !cli_parse_double ("--epsilon", eps_text, DP_EPSILON_MIN, DP_EPSILON_MAX, &epsilon,
                            error)
      || !cli_parse_double ("--utility-sensitivity", du_text, 1e-9, 1e9, &du, error)
      || !cli_parse_ulong ("--seed", seed_text, 0, DP_SEED_MAX, &seed, error))
    return CLI_EXIT_USAGE;
  if (eps_text == NULL)
    return usage_error (error, _("--epsilon is required"));
  if ((u = parse_utilities (utilities_text, error)) == NULL)
    return CLI_EXIT_USAGE;

  p = g_new (double, u->len);
  if ((status = dp_exponential_mechanism ((double *) u->data, u->len, epsilon, du, p)) != DP_OK
      || (status = dp_exponential_expected_utility ((double *) u->data, u->len, epsilon, du,
                                                    &expected)) != DP_OK
      || (status = dp_exponential_best_probability ((double *) u->data, u->len, epsilon, du,
                                                    &best, NULL)) != DP_OK
      || (seed_text != NULL
          && (status = dp_exponential_sample ((double *) u->data, u->len, epsilon, du, seed, 1,
                                              &draw)) != DP_OK))
    return cli_set_status_error (error, status, _("exponential mechanism"));
  top = g_array_index (u, double, 0);
  for (guint i = 1; i < u->len; i++)
    top = fmax (top, g_array_index (u, double, i));

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      cli_json_add_double (b, "epsilon", epsilon);
      cli_json_add_double (b, "utility_sensitivity", du);
      json_builder_set_member_name (b, "utilities");
      json_builder_begin_array (b);
      for (guint i = 0; i < u->len; i++)
        json_builder_add_double_value (b, g_array_index (u, double, i));
      json_builder_end_array (b);
      json_builder_set_member_name (b, "probabilities");
      json_builder_begin_array (b);
      for (guint i = 0; i < u->len; i++)
        json_builder_add_double_value (b, p[i]);
      json_builder_end_array (b);
      cli_json_add_double (b, "expected_utility", expected);
      json_builder_set_member_name (b, "best");
      json_builder_begin_array (b);
      for (guint i = 0; i < u->len; i++)
        if (g_array_index (u, double, i) == top)
          json_builder_add_int_value (b, i);
      json_builder_end_array (b);
      cli_json_add_double (b, "best_probability", best);
      if (seed_text != NULL)
        {
          cli_json_add_int (b, "seed", seed);
          cli_json_add_int (b, "draw", draw);
        }
      json_builder_end_object (b);
      cli_json_print (b);
      return CLI_EXIT_OK;
    }

  {
    g_autofree char *e = cli_format_double (epsilon);
    g_autofree char *d = cli_format_double (du);

    printf (_("exponential mechanism: ε = %s, Δu = %s, Pr[r] ∝ exp(ε u(r)/(2Δu))\n"), e, d);
  }
  for (guint i = 0; i < u->len; i++)
    {
      g_autofree char *uu = cli_format_double (g_array_index (u, double, i));
      g_autofree char *pp = cli_format_double (p[i]);
      g_autofree char *label = g_strdup_printf (_("candidate %u (u = %s)"), i, uu);

      cli_print_row (label, 44, pp);
    }
  print_number_row (_("expected utility"), expected);
  print_number_row (_("probability of a best candidate"), best);
  if (seed_text != NULL)
    {
      g_autofree char *s = g_strdup_printf ("%zu", draw);
      g_autofree char *label = g_strdup_printf (_("drawn with seed %lu"), seed);

      cli_print_row (label, 44, s);
    }
  return CLI_EXIT_OK;
}
