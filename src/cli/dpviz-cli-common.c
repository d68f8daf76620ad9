/* dpviz-cli-common.c — shared helpers of dpviz-cli
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>

#include "dpv-escape.h"
#include "dpviz-cli-common.h"

G_DEFINE_QUARK (dpviz-cli-error-quark, cli_error)

/* The largest μ of dp_gaussian_delta () and dp_gaussian_epsilon () (dp-gaussian.h). */
#define GAUSSIAN_EXACT_MU_MAX 1e6

/* GOption takes "--flag=VALUE" for an option without a value and ignores VALUE, so that
 * "--log-y=false" would turn the flag on: refuse a value given to such an option. */
static gboolean
check_flags_without_value (const GOptionEntry *entries, int argc, char **argv,
                           GError **error)
{
  for (int i = 1; i < argc && entries != NULL; i++)
    {
      if (g_str_equal (argv[i], "--"))
        break;
      if (!g_str_has_prefix (argv[i], "--"))
        continue;
      for (const GOptionEntry *e = entries; e->long_name != NULL; e++)
        {
          gsize len = strlen (e->long_name);

          if (e->arg == G_OPTION_ARG_NONE && strncmp (argv[i] + 2, e->long_name, len) == 0
              && argv[i][2 + len] == '=')
            {
              g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                           /* Translators: an option that is a switch, given a value */
                           _("--%s takes no value (got “%s”)"), e->long_name, argv[i]);
              return FALSE;
            }
        }
    }
  return TRUE;
}

static CliOptionsObserver options_observer;
static gpointer options_observer_data;

void
cli_set_options_observer (CliOptionsObserver observer, gpointer user_data)
{
  options_observer = observer;
  options_observer_data = user_data;
}

gboolean
cli_parse_options (const char *command, const char *parameter_summary,
                   const char *description, const GOptionEntry *shared_entries,
                   const GOptionEntry *entries, int argc, char **argv, GError **error)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autofree char *prgname = g_strdup_printf ("dpviz-cli %s", command);
  g_autoptr(GError) local_error = NULL;
  gboolean help = FALSE;
  const GOptionEntry help_entries[] = {
    { "help", 'h', 0, G_OPTION_ARG_NONE, &help, N_("Show the options of this command"), NULL },
    G_OPTION_ENTRY_NULL
  };

  /* The usage line reads "dpviz-cli COMMAND [OPTION…]". */
  g_set_prgname (prgname);
  context = g_option_context_new (NULL);
  /* GOption's own --help calls exit (): cli_main () must return to its caller (the fuzzer
   * calls it in process), so --help is an option like any other. */
  g_option_context_set_help_enabled (context, FALSE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, parameter_summary);
  if (description != NULL)
    g_option_context_set_description (context, description);
  if (shared_entries != NULL)
    g_option_context_add_main_entries (context, shared_entries, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, help_entries, GETTEXT_PACKAGE);
  if (options_observer != NULL)
    options_observer (command, shared_entries, entries, help_entries, options_observer_data);

  if (!check_flags_without_value (shared_entries, argc, argv, error)
      || !check_flags_without_value (entries, argc, argv, error)
      || !check_flags_without_value (help_entries, argc, argv, error))
    return FALSE;
  if (!g_option_context_parse (context, &argc, &argv, &local_error))
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE, local_error->message);
      return FALSE;
    }
  if (help)
    {
      g_autofree char *text = g_option_context_get_help (context, TRUE, NULL);

      fputs (text, stdout);
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_HELP_SHOWN, "");
      return FALSE;
    }
  if (argc > 1)
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE, _("unexpected argument “%s”"), argv[1]);
      return FALSE;
    }
  return TRUE;
}

static char *
format_plain (double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (buf, sizeof buf, "%g", value));
}

static gboolean
parse_double_text (const char *option, const char *text, double *out, GError **error)
{
  char *end = NULL;
  double value;

  errno = 0;
  value = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0' || g_ascii_isspace (*text))
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE, _("%s: “%s” is not a number"), option,
                   text);
      return FALSE;
    }
  /* Overflow, "inf" and "nan" are refused; underflow to a tiny number is fine (the range
   * check decides). */
  if (!isfinite (value) || (errno == ERANGE && fabs (value) > 1.0))
    {
      /* The text itself is not repeated: output never spells out NaN or infinity. */
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE, _("%s must be a finite number"), option);
      return FALSE;
    }
  *out = value;
  return TRUE;
}

gboolean
cli_parse_double (const char *option, const char *text, double min, double max, double *out,
                  GError **error)
{
  double value;

  if (text == NULL)
    return TRUE;
  if (!parse_double_text (option, text, &value, error))
    return FALSE;
  if (!(value >= min && value <= max))
    {
      g_autofree char *lo = format_plain (min);
      g_autofree char *hi = format_plain (max);

      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("%s must be between %s and %s (got %s)"), option, lo, hi, text);
      return FALSE;
    }
  *out = value;
  return TRUE;
}

gboolean
cli_parse_double_open (const char *option, const char *text, double min, double max,
                       double *out, GError **error)
{
  double value;

  if (text == NULL)
    return TRUE;
  if (!parse_double_text (option, text, &value, error))
    return FALSE;
  if (!(value > min && value < max))
    {
      g_autofree char *lo = format_plain (min);
      g_autofree char *hi = format_plain (max);

      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("%s must be greater than %s and less than %s (got %s)"), option, lo, hi,
                   text);
      return FALSE;
    }
  *out = value;
  return TRUE;
}

gboolean
cli_parse_ulong (const char *option, const char *text, unsigned long min, unsigned long max,
                 unsigned long *out, GError **error)
{
  guint64 value = 0;
  g_autoptr(GError) local_error = NULL;

  if (text == NULL)
    return TRUE;
  if (!g_ascii_string_to_unsigned (text, 10, min, max, &value, &local_error))
    {
      if (g_error_matches (local_error, G_NUMBER_PARSER_ERROR,
                           G_NUMBER_PARSER_ERROR_OUT_OF_BOUNDS))
        g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                     _("%s must be an integer between %lu and %lu (got %s)"), option, min, max,
                     text);
      else
        g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE, _("%s: “%s” is not a whole number"),
                     option, text);
      return FALSE;
    }
  *out = (unsigned long) value;
  return TRUE;
}

const char *
cli_status_message (DpStatus status)
{
  switch (status)
    {
    case DP_OK:
      return _("success");
    case DP_ERR_DOMAIN:
      return _("a value is outside the supported range");
    case DP_ERR_NOMEM:
      return _("out of memory");
    case DP_ERR_NUMERIC:
      return _("the computation did not converge or its result is too large to represent");
    case DP_ERR_CANCELLED:
      return _("cancelled");
    default:
      return _("unknown error");
    }
}

int
cli_set_status_error (GError **error, DpStatus status, const char *what)
{
  gboolean usage = status == DP_ERR_DOMAIN;

  g_set_error (error, CLI_ERROR, usage ? CLI_ERROR_USAGE : CLI_ERROR_FAILED, "%s: %s", what,
               cli_status_message (status));
  return usage ? CLI_EXIT_USAGE : CLI_EXIT_FAILED;
}

void
cli_mechanism_options_clear (CliMechanismOptions *options)
{
  g_clear_pointer (&options->mechanism, g_free);
  g_clear_pointer (&options->epsilon, g_free);
  g_clear_pointer (&options->sigma, g_free);
  g_clear_pointer (&options->sensitivity, g_free);
  g_clear_pointer (&options->delta, g_free);
  g_clear_pointer (&options->calibration, g_free);
}

void
cli_mechanism_entries (CliMechanismOptions *o, gboolean allow_generic, GOptionEntry *entries)
{
  const GOptionEntry rows[] = {
    { "mechanism", 0, 0, G_OPTION_ARG_STRING, &o->mechanism,
      allow_generic ? N_("Mechanism: laplace, gaussian, rr or generic")
                    : N_("Mechanism: laplace, gaussian or rr"), N_("NAME") },
    { "epsilon", 0, 0, G_OPTION_ARG_STRING, &o->epsilon,
      N_("Privacy budget ε₀ of one mechanism"), N_("E") },
    { "sigma", 0, 0, G_OPTION_ARG_STRING, &o->sigma,
      N_("Gaussian noise σ (instead of calibrating it from --epsilon and --delta)"), N_("S") },
    { "sensitivity", 0, 0, G_OPTION_ARG_STRING, &o->sensitivity,
      N_("Sensitivity Δ of the query (default 1)"), N_("D") },
    { "delta", 0, 0, G_OPTION_ARG_STRING, &o->delta,
      N_("δ₀ of one mechanism (Gaussian calibration; generic mechanisms)"), N_("D0") },
    G_OPTION_ENTRY_NULL
  };

  memcpy (entries, rows, sizeof rows);
}

/* Domains of libdpcore (dp-common.h). */
#define SIGMA_MIN 1e-9
#define SIGMA_MAX 1e12
#define SENSITIVITY_MIN 1e-9
#define SENSITIVITY_MAX 1e9

static gboolean
resolve_gaussian (const CliMechanismOptions *o, double epsilon, double sigma,
                  double sensitivity, double delta, CliMechanism *out, GError **error)
{
  int given = (o->sigma != NULL) + (o->epsilon != NULL) + (o->delta != NULL);
  DpStatus status;

  if (given == 3)
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                           _("--sigma, --epsilon and --delta over-determine the Gaussian "
                             "mechanism: give two of them, or --sigma alone"));
      return FALSE;
    }
  if (o->sigma == NULL && (o->epsilon == NULL || o->delta == NULL))
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                           _("the Gaussian mechanism needs --sigma, or --epsilon with --delta"));
      return FALSE;
    }

  if (o->calibration != NULL && o->sigma != NULL)
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                           _("--calibration calibrates σ from --epsilon and --delta: leave out "
                             "--sigma"));
      return FALSE;
    }
  if (o->calibration != NULL && strcmp (o->calibration, "classic") == 0)
    {
      if (!(epsilon < 1.0))
        {
          g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                       _("--calibration classic: Dwork & Roth Thm A.1 holds for ε < 1 "
                         "(got %s); use the analytic calibration"), o->epsilon);
          return FALSE;
        }
      /* σ = Δ√(2 ln(1.25/δ))/ε, Dwork & Roth Thm A.1: (ε, δ)-DP for ε < 1. */
      status = dp_gaussian_sigma_classic (epsilon, delta, sensitivity, &sigma);
      if (status == DP_OK)
        status = dp_mechanism_gaussian (sigma, sensitivity, &out->mech);
      if (status != DP_OK)
        {
          cli_set_status_error (error, status, _("calibrating σ from --epsilon and --delta"));
          return FALSE;
        }
      out->has_epsilon = out->has_delta = TRUE;
      out->epsilon = epsilon;
      out->delta = delta;
      out->sigma_source = "classic";
      return TRUE;
    }

  if (o->sigma == NULL)
    {
      /* Analytic Gaussian mechanism (Balle & Wang 2018, Alg. 1). */
      status = dp_mechanism_gaussian_calibrated (epsilon, delta, sensitivity, &out->mech);
      if (status != DP_OK)
        {
          cli_set_status_error (error, status, _("calibrating σ from --epsilon and --delta"));
          return FALSE;
        }
      out->has_epsilon = out->has_delta = TRUE;
      out->epsilon = epsilon;
      out->delta = delta;
      out->sigma_source = "analytic";
      return TRUE;
    }

  status = dp_mechanism_gaussian (sigma, sensitivity, &out->mech);
  if (status != DP_OK)
    {
      cli_set_status_error (error, status, "--sigma");
      return FALSE;
    }
  out->sigma_source = "given";
  if (o->epsilon != NULL)
    {
      /* δ₀ = δ_G(ε₀) of the pair with μ = Δ/σ (Balle & Wang 2018, Thm 8), for any μ the
       * options allow (dp_gaussian_delta () stops at μ = 10⁶). */
      status = dp_hockey_stick (&out->mech, epsilon, &out->delta);
      if (status != DP_OK)
        {
          cli_set_status_error (error, status, _("δ of the Gaussian at --epsilon"));
          return FALSE;
        }
      out->has_epsilon = out->has_delta = TRUE;
      out->epsilon = epsilon;
    }
  else if (o->delta != NULL)
    {
      /* ε₀: the smallest ε with δ_G(ε) ≤ δ₀, i.e. D∞^δ₀ (Dwork & Roth Def. 3.7), for any μ
       * the options allow (σ = 10⁻⁹ with Δ = 1 is μ = 10⁹; dp_gaussian_epsilon () stops at
       * μ = 10⁶). */
      status = dp_hockey_stick_inverse (&out->mech, delta, &out->epsilon);
      if (status != DP_OK)
        {
          cli_set_status_error (error, status, _("ε of the Gaussian at --delta"));
          return FALSE;
        }
      out->has_epsilon = out->has_delta = TRUE;
      out->delta = delta;
    }
  return TRUE;
}

gboolean
cli_gaussian_exact_check (const DpMechanism *mech, unsigned long k, GError **error)
{
  double mu_k;

  if (mech->kind != DP_MECHANISM_GAUSSIAN)
    return TRUE;
  mu_k = dp_mechanism_gaussian_mu (mech) * sqrt ((double) k);
  if (mu_k <= GAUSSIAN_EXACT_MU_MAX)
    return TRUE;
  {
    g_autofree char *shown = cli_format_double (mu_k);

    g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                 /* Translators: %lu is --k, %s the value of μ√k. */
                 _("--k %lu: the exact composition of the Gaussian needs μ√k = Δ√k/σ ≤ 10⁶; "
                   "here it is %s"),
                 k, shown);
  }
  return FALSE;
}

gboolean
cli_mechanism_resolve (const CliMechanismOptions *o, gboolean allow_generic, CliMechanism *out,
                       GError **error)
{
  DpMechanismKind kind = DP_MECHANISM_LAPLACE;
  double epsilon = 0, sigma = 0, sensitivity = 1, delta = 0;
  DpStatus status;

  memset (out, 0, sizeof *out);

  if (o->mechanism == NULL)
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                           allow_generic
                           ? _("--mechanism is required (laplace, gaussian, rr or generic)")
                           : _("--mechanism is required (laplace, gaussian or rr)"));
      return FALSE;
    }
  if (allow_generic && strcmp (o->mechanism, "generic") == 0)
    out->generic = TRUE;
  else if (!dp_mechanism_kind_from_name (o->mechanism, &kind))
    {
      if (allow_generic)
        g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                     _("unknown mechanism “%s” (expected laplace, gaussian, rr or generic)"),
                     o->mechanism);
      else
        g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                     _("unknown mechanism “%s” (expected laplace, gaussian or rr)"),
                     o->mechanism);
      return FALSE;
    }

  if (!cli_parse_double ("--epsilon", o->epsilon, DP_EPSILON_MIN, DP_EPSILON_MAX, &epsilon,
                         error)
      || !cli_parse_double ("--sigma", o->sigma, SIGMA_MIN, SIGMA_MAX, &sigma, error)
      || !cli_parse_double ("--sensitivity", o->sensitivity, SENSITIVITY_MIN, SENSITIVITY_MAX,
                            &sensitivity, error))
    return FALSE;
  if (out->generic)
    {
      /* A generic mechanism may be pure: δ₀ ∈ [0, 1). */
      if (!cli_parse_double ("--delta", o->delta, 0.0, 1.0, &delta, error))
        return FALSE;
      if (delta >= 1.0)
        {
          g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE, _("--delta must be below 1 (got %s)"),
                       o->delta);
          return FALSE;
        }
    }
  else if (!cli_parse_double_open ("--delta", o->delta, 0.0, 1.0, &delta, error))
    return FALSE;

  if (o->sigma != NULL && (out->generic || kind != DP_MECHANISM_GAUSSIAN))
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                           _("--sigma applies only to the Gaussian mechanism"));
      return FALSE;
    }
  if (o->delta != NULL && !out->generic && kind != DP_MECHANISM_GAUSSIAN)
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                           _("--delta (δ₀ of one mechanism) applies only to gaussian and "
                             "generic: Laplace and randomized response are pure ε-DP"));
      return FALSE;
    }
  if (o->epsilon == NULL && (out->generic || kind != DP_MECHANISM_GAUSSIAN))
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE, _("--epsilon is required"));
      return FALSE;
    }
  if (o->calibration != NULL && strcmp (o->calibration, "analytic") != 0
      && strcmp (o->calibration, "classic") != 0)
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("unknown calibration “%s” (expected analytic or classic)"),
                   o->calibration);
      return FALSE;
    }
  if (o->calibration != NULL && (out->generic || kind != DP_MECHANISM_GAUSSIAN))
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                           _("--calibration applies only to the Gaussian mechanism"));
      return FALSE;
    }
  if (o->sensitivity != NULL && out->generic)
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                           _("--sensitivity does not apply to a generic mechanism"));
      return FALSE;
    }

  if (out->generic)
    {
      out->has_epsilon = out->has_delta = TRUE;
      out->epsilon = epsilon;
      out->delta = delta;
      return TRUE;
    }

  switch (kind)
    {
    case DP_MECHANISM_LAPLACE:
      status = dp_mechanism_laplace (epsilon, sensitivity, &out->mech);
      break;
    case DP_MECHANISM_RR:
      if (o->sensitivity != NULL && sensitivity != 1.0)
        {
          g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                               _("randomized response has sensitivity 1"));
          return FALSE;
        }
      status = dp_mechanism_rr (epsilon, &out->mech);
      break;
    case DP_MECHANISM_GAUSSIAN:
    default:
      return resolve_gaussian (o, epsilon, sigma, sensitivity, delta, out, error);
    }
  if (status != DP_OK)
    {
      cli_set_status_error (error, status, "--epsilon");
      return FALSE;
    }
  out->has_epsilon = out->has_delta = TRUE;
  out->epsilon = epsilon;
  out->delta = 0.0;
  return TRUE;
}

gboolean
cli_parse_mechanism (const char *command, const char *parameter_summary,
                     const char *description, CliMechanismOptions *o, gboolean allow_generic,
                     const GOptionEntry *entries, CliMechanism *out, int argc, char **argv,
                     GError **error)
{
  GOptionEntry mechanism_entries[6];

  cli_mechanism_entries (o, allow_generic, mechanism_entries);
  return cli_parse_options (command, parameter_summary, description, mechanism_entries, entries,
                            argc, argv, error)
         && cli_mechanism_resolve (o, allow_generic, out, error);
}

const char *
cli_mechanism_name (const CliMechanism *m)
{
  return m->generic ? "generic" : dp_mechanism_kind_to_name (m->mech.kind);
}

void
cli_mechanism_to_json (const CliMechanism *m, JsonBuilder *b)
{
  json_builder_set_member_name (b, "mechanism");
  json_builder_add_string_value (b, cli_mechanism_name (m));
  json_builder_set_member_name (b, "parameters");
  json_builder_begin_object (b);
  if (m->has_epsilon)
    cli_json_add_double (b, "epsilon", m->epsilon);
  if (m->has_delta)
    cli_json_add_double (b, "delta", m->delta);
  if (!m->generic)
    {
      cli_json_add_double (b, "sensitivity", m->mech.sensitivity);
      switch (m->mech.kind)
        {
        case DP_MECHANISM_LAPLACE:
          cli_json_add_double (b, "laplace_scale", m->mech.scale);
          break;
        case DP_MECHANISM_GAUSSIAN:
          cli_json_add_double (b, "sigma", m->mech.scale);
          json_builder_set_member_name (b, "sigma_source");
          json_builder_add_string_value (b, m->sigma_source);
          break;
        case DP_MECHANISM_RR:
        default:
          /* p = e^ε/(1+e^ε) = 1/(1+e^{−ε}) (book §3.3.1). */
          cli_json_add_double (b, "rr_p", 1.0 / (1.0 + exp (-m->epsilon)));
          break;
        }
    }
  json_builder_end_object (b);
}

char *
cli_mechanism_describe (const CliMechanism *m)
{
  g_autofree char *eps = cli_format_double (m->epsilon);
  g_autofree char *delta = cli_format_double (m->delta);

  if (m->generic)
    return g_strdup_printf (_("generic (ε₀, δ₀)-DP mechanism: ε₀ = %s, δ₀ = %s"), eps, delta);

  {
    g_autofree char *sens = cli_format_double (m->mech.sensitivity);
    g_autofree char *scale = cli_format_double (m->mech.scale);

    switch (m->mech.kind)
      {
      case DP_MECHANISM_LAPLACE:
        return g_strdup_printf (_("Laplace mechanism: ε = %s, Δ = %s, scale b = Δ/ε = %s"), eps,
                                sens, scale);
      case DP_MECHANISM_GAUSSIAN:
        if (m->has_epsilon)
          return g_strdup_printf (_("Gaussian mechanism: σ = %s, Δ = %s, (ε₀, δ₀) = (%s, %s)"),
                                  scale, sens, eps, delta);
        return g_strdup_printf (_("Gaussian mechanism: σ = %s, Δ = %s"), scale, sens);
      case DP_MECHANISM_RR:
      default:
        {
          g_autofree char *p = cli_format_double (1.0 / (1.0 + exp (-m->epsilon)));

          return g_strdup_printf (_("randomized response: ε = %s, truthful with p = %s"), eps,
                                  p);
        }
      }
  }
}

void
cli_json_add_double (JsonBuilder *b, const char *member, double value)
{
  json_builder_set_member_name (b, member);
  if (isfinite (value))
    json_builder_add_double_value (b, value);
  else
    json_builder_add_null_value (b);
}

void
cli_json_add_int (JsonBuilder *b, const char *member, gint64 value)
{
  json_builder_set_member_name (b, member);
  json_builder_add_int_value (b, value);
}

/* The shortest decimal that reads back to the same double (exact and readable), written like
 * Python's repr (): plain notation for 1e-4 ≤ |x| < 1e16, an exponent otherwise. */
static void
append_number (GString *out, double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE], format[16];
  int digits, exponent;

  if (!isfinite (value))
    {
      g_string_append (out, "null");
      return;
    }
  if (value == 0)
    {
      g_string_append (out, "0");
      return;
    }
  for (digits = 1; digits < 17; digits++)
    {
      g_snprintf (format, sizeof format, "%%.%de", digits - 1);
      g_ascii_formatd (buf, sizeof buf, format, value);
      if (g_ascii_strtod (buf, NULL) == value)
        break;
    }
  g_snprintf (format, sizeof format, "%%.%de", digits - 1);
  g_ascii_formatd (buf, sizeof buf, format, value);
  exponent = atoi (strchr (buf, 'e') + 1);
  if (exponent >= -4 && exponent < 16)
    {
      g_snprintf (format, sizeof format, "%%.%df", MAX (digits - 1 - exponent, 0));
      g_ascii_formatd (buf, sizeof buf, format, value);
    }
  g_string_append (out, buf);
}

/* RFC 8259 §7: escape the quotation mark, the reverse solidus and control characters.
 * JSON text is Unicode: a byte that is not part of valid UTF-8 (a file name is bytes) is
 * written as U+FFFD, so that the output is always valid UTF-8 that every parser reads. (Lone
 * surrogate escapes, \udcXX, would keep the bytes for Python but json-glib refuses them.)
 * Where the exact bytes matter, the caller adds them in another form (export's
 * "output_uri"). */
static void
append_string (GString *out, const char *s)
{
  const char *end = s + strlen (s);

  g_string_append_c (out, '"');
  for (const unsigned char *p = (const unsigned char *) s; *p != '\0'; p++)
    {
      if (*p >= 0x80)
        {
          gunichar c = g_utf8_get_char_validated ((const char *) p, end - (const char *) p);

          if (c == (gunichar) -1 || c == (gunichar) -2)
            g_string_append (out, "\xef\xbf\xbd");
          else
            {
              g_string_append_len (out, (const char *) p, g_utf8_skip[*p]);
              p += g_utf8_skip[*p] - 1;
            }
          continue;
        }
      if (dpv_append_backslash_escape (out, (char) *p))
        continue;
      if (*p == '"')
        g_string_append (out, "\\\"");
      else if (*p < 0x20)
        g_string_append_printf (out, "\\u%04x", *p);
      else
        g_string_append_c (out, (char) *p);
    }
  g_string_append_c (out, '"');
}

static void
append_indent (GString *out, int depth)
{
  g_string_append_c (out, '\n');
  for (int i = 0; i < depth; i++)
    g_string_append (out, "  ");
}

static void
append_node (GString *out, JsonNode *node, int depth)
{
  switch (json_node_get_node_type (node))
    {
    case JSON_NODE_OBJECT:
      {
        JsonObjectIter iter;
        const char *name;
        JsonNode *member;
        gboolean first = TRUE;

        g_string_append_c (out, '{');
        json_object_iter_init_ordered (&iter, json_node_get_object (node));
        while (json_object_iter_next_ordered (&iter, &name, &member))
          {
            if (!first)
              g_string_append_c (out, ',');
            first = FALSE;
            append_indent (out, depth + 1);
            append_string (out, name);
            g_string_append (out, ": ");
            append_node (out, member, depth + 1);
          }
        if (!first)
          append_indent (out, depth);
        g_string_append_c (out, '}');
        break;
      }
    case JSON_NODE_ARRAY:
      {
        JsonArray *array = json_node_get_array (node);
        guint n = json_array_get_length (array);

        g_string_append_c (out, '[');
        for (guint i = 0; i < n; i++)
          {
            if (i > 0)
              g_string_append_c (out, ',');
            append_indent (out, depth + 1);
            append_node (out, json_array_get_element (array, i), depth + 1);
          }
        if (n > 0)
          append_indent (out, depth);
        g_string_append_c (out, ']');
        break;
      }
    case JSON_NODE_NULL:
      g_string_append (out, "null");
      break;
    case JSON_NODE_VALUE:
    default:
      {
        GType type = json_node_get_value_type (node);

        if (type == G_TYPE_INT64)
          g_string_append_printf (out, "%" G_GINT64_FORMAT, json_node_get_int (node));
        else if (type == G_TYPE_DOUBLE)
          append_number (out, json_node_get_double (node));
        else if (type == G_TYPE_BOOLEAN)
          g_string_append (out, json_node_get_boolean (node) ? "true" : "false");
        else if (type == G_TYPE_STRING)
          append_string (out, json_node_get_string (node));
        else
          g_string_append (out, "null");
        break;
      }
    }
}

char *
cli_json_to_string (JsonNode *root)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (root != NULL, NULL);
  append_node (out, root, 0);
  return g_string_free (out, FALSE);
}

void
cli_json_print (JsonBuilder *b)
{
  g_autoptr(JsonNode) root = json_builder_get_root (b);
  g_autofree char *text = cli_json_to_string (root);

  fputs (text, stdout);
  fputc ('\n', stdout);
}

char *
cli_format_double (double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (isnan (value))
    return g_strdup ("—");
  if (isinf (value))
    return g_strdup (value > 0 ? "∞" : "−∞");
  return g_strdup (g_ascii_formatd (buf, sizeof buf, "%.6g", value));
}

/* Terminal columns of @s: East Asian wide characters take two (so Chinese labels line up). */
static long
display_width (const char *s)
{
  long width = 0;

  for (const char *p = s; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_iszerowidth (c))
        continue;
      width += g_unichar_iswide (c) ? 2 : 1;
    }
  return width;
}

char *
cli_pad (const char *s, int width, gboolean right_align)
{
  long pad = MAX (width - display_width (s), 0);
  g_autofree char *spaces = g_strnfill (pad, ' ');

  return right_align ? g_strconcat (spaces, s, NULL) : g_strconcat (s, spaces, NULL);
}

void
cli_print_row (const char *label, int width, const char *value)
{
  g_autofree char *padded = cli_pad (label, width, FALSE);

  printf ("  %s  %s\n", padded, value);
}
