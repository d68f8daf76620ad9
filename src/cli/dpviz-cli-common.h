/* dpviz-cli-common.h — shared helpers of dpviz-cli: argument parsing, errors, JSON, text
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "dp-core.h"
#include "dpv-params.h"

G_BEGIN_DECLS

/* Exit statuses (documented in README.md, section dpviz-cli). */
#define CLI_EXIT_OK 0
#define CLI_EXIT_FAILED 1   /* a computation failed (never for bad input) */
#define CLI_EXIT_USAGE 2    /* bad arguments, or an export that could not be written */

#define CLI_ERROR (cli_error_quark ())
typedef enum {
  CLI_ERROR_USAGE,       /* exit status 2 */
  CLI_ERROR_FAILED,      /* exit status 1 */
  CLI_ERROR_HELP_SHOWN,  /* --help printed the help: exit status 0, no message */
} CliError;

GQuark cli_error_quark (void);

/* Everything `dpviz-cli ARG…` does after setting up the locale and the text domain (main ()
 * in dpviz-cli-main.c): dispatches the command, prints its output and at most one line on
 * standard error, and returns the exit status. It never calls exit (), so the fuzzer
 * (tests/fuzz) runs it in process, on the same path as main (). */
int cli_main (int argc, char **argv);

/* A subcommand: parses its own argv (argv[0] is the subcommand name) and returns the exit
 * status, or sets @error (then main prints one line and exits with the matching status). */
typedef int (*CliCommandFunc) (int argc, char **argv, GError **error);

int cli_cmd_divergence (int argc, char **argv, GError **error);
int cli_cmd_delta (int argc, char **argv, GError **error);
int cli_cmd_compose (int argc, char **argv, GError **error);
int cli_cmd_tradeoff (int argc, char **argv, GError **error);
int cli_cmd_audit (int argc, char **argv, GError **error);
int cli_cmd_sensitivity (int argc, char **argv, GError **error);
int cli_cmd_kmeans (int argc, char **argv, GError **error);
int cli_cmd_export (int argc, char **argv, GError **error);
int cli_cmd_bench (int argc, char **argv, GError **error);
int cli_cmd_views (int argc, char **argv, GError **error);

/* The options of the figure's parameters (dpviz-cli-params.c): one per parameter that a
 * registered view uses, named, ranged and defaulted by the parameter table. */
typedef struct _CliParamOptions CliParamOptions;
CliParamOptions *cli_param_options_new (void);
const GOptionEntry *cli_param_options_get_entries (CliParamOptions *options);
/* Parses and checks the given options into @params (the others are left as they are). */
gboolean cli_param_options_apply (CliParamOptions *options, DpvParams *params, GError **error);
/* The name of the first parameter option given (without "--"), or NULL. */
const char *cli_param_options_first_given (const CliParamOptions *options);
void cli_param_options_free (CliParamOptions *options);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CliParamOptions, cli_param_options_free)
int cli_cmd_survey (int argc, char **argv, GError **error);
int cli_cmd_utility (int argc, char **argv, GError **error);
int cli_cmd_exponential (int argc, char **argv, GError **error);
int cli_cmd_renyi (int argc, char **argv, GError **error);
int cli_cmd_walk (int argc, char **argv, GError **error);

/* A Rényi order: a number > 1, or "inf" (also "infinity", "∞") for HUGE_VAL, the max
 * divergence. NULL @text leaves @out untouched (dpviz-cli-bounds.c). */
gboolean cli_parse_alpha (const char *option, const char *text, double *out, GError **error);
/* Adds "advanced_tail_exact" and "advanced_tail_exact_log": the exact probability (and its
 * natural log) that the k-fold loss of the ε-DP mechanism @m exceeds @threshold, Thm 3.20's
 * ε′; nothing for the Gaussian, whose loss is unbounded. */
void cli_json_add_advanced_tail (JsonBuilder *b, const DpMechanism *m, unsigned long k,
                                 double threshold);

/* Parses @argv with @shared_entries (may be NULL) and @entries (option values are strings,
 * parsed afterwards so that numbers are locale-independent and checked whole). Rejects
 * leftover arguments. --help prints the help on standard output and returns FALSE with
 * CLI_ERROR_HELP_SHOWN, which cli_main () turns into exit status 0. */
gboolean cli_parse_options (const char *command, const char *parameter_summary,
                            const char *description, const GOptionEntry *shared_entries,
                            const GOptionEntry *entries, int argc, char **argv,
                            GError **error);

/* Called by cli_parse_options () with a command's option tables just before it parses them
 * (@shared_entries may be NULL; @help_entries holds --help), so that tests/cli/test-cli-options.c
 * can check every command's options against the parameter table. No observer is set in
 * normal use. */
typedef void (*CliOptionsObserver) (const char *command, const GOptionEntry *shared_entries,
                                    const GOptionEntry *entries,
                                    const GOptionEntry *help_entries, gpointer user_data);
void cli_set_options_observer (CliOptionsObserver observer, gpointer user_data);
/* The name of the @i-th command of cli_main () (as `dpviz-cli --help` lists them), or NULL
 * past the last. */
const char *cli_command_name (guint i);

/* Strict, locale-independent number parsing (g_ascii_strtod; the whole string must parse,
 * the value must be finite and within [min, max]). NULL @text leaves @out untouched and
 * returns TRUE. @option is the option name for the message, e.g. "--epsilon". */
gboolean cli_parse_double (const char *option, const char *text, double min, double max,
                           double *out, GError **error);
/* The same with an open interval (min, max). */
gboolean cli_parse_double_open (const char *option, const char *text, double min, double max,
                                double *out, GError **error);
gboolean cli_parse_ulong (const char *option, const char *text, unsigned long min,
                          unsigned long max, unsigned long *out, GError **error);

/* Translated description of a libdpcore status. */
const char *cli_status_message (DpStatus status);
/* Sets an error for a libdpcore status (domain → usage, anything else → failed) and returns
 * the matching exit status. */
int cli_set_status_error (GError **error, DpStatus status, const char *what);

/* Mechanism options shared by divergence, delta and compose. */
typedef struct {
  char *mechanism;
  char *epsilon;
  char *sigma;
  char *sensitivity;
  char *delta;
  char *calibration;   /* Gaussian from --epsilon and --delta: "analytic" (default) or "classic" */
} CliMechanismOptions;

void cli_mechanism_options_clear (CliMechanismOptions *options);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CliMechanismOptions, cli_mechanism_options_clear)

/* Fills @entries (6 rows, the last the terminator) with the mechanism options, writing into @o
 * (all long options; values are parsed later by cli_mechanism_resolve()). */
void cli_mechanism_entries (CliMechanismOptions *o, gboolean allow_generic,
                            GOptionEntry *entries);

/* The resolved mechanism. For the Gaussian, any two of σ, ε₀, δ₀ determine the third (a point
 * on its privacy profile, Balle & Wang 2018 Thm 8); σ alone leaves ε₀ and δ₀ undefined. */
typedef struct {
  gboolean generic;      /* a generic (ε₀, δ₀)-DP mechanism (compose only) */
  DpMechanism mech;      /* valid unless generic */
  gboolean has_epsilon;
  double epsilon;        /* ε₀ */
  gboolean has_delta;
  double delta;          /* δ₀ (0 for pure mechanisms) */
  const char *sigma_source;  /* Gaussian: "given", "analytic" or "classic" */
} CliMechanism;

gboolean cli_mechanism_resolve (const CliMechanismOptions *options, gboolean allow_generic,
                                CliMechanism *out, GError **error);
/* cli_parse_options () with the mechanism options (cli_mechanism_entries ()) before @entries,
 * then cli_mechanism_resolve () into @out: the start of every command about one mechanism. */
gboolean cli_parse_mechanism (const char *command, const char *parameter_summary,
                              const char *description, CliMechanismOptions *o,
                              gboolean allow_generic, const GOptionEntry *entries,
                              CliMechanism *out, int argc, char **argv, GError **error);
const char *cli_mechanism_name (const CliMechanism *m);
/* The exact k-fold composition of a Gaussian is the Gaussian pair with μ√k (μ = Δ/σ), which
 * libdpcore evaluates for μ√k ≤ 10⁶ (dp_gaussian_delta (), dp-gaussian.h). FALSE, with a
 * usage error naming the values, for a Gaussian beyond it; TRUE for any other mechanism. */
gboolean cli_gaussian_exact_check (const DpMechanism *mech, unsigned long k, GError **error);

/* `--calibration analytic|classic` for the commands that offer it (into o->calibration). */
#define CLI_CALIBRATION_ENTRY(o) \
  { "calibration", 0, 0, G_OPTION_ARG_STRING, &(o)->calibration, \
    N_("Gaussian σ from --epsilon and --delta: analytic (default) or classic (Thm A.1, ε < 1)"), \
    N_("METHOD") }

/* `--group G` of divergence and delta (dpviz-cli-group.c): the pair of datasets that differ in
 * G people, i.e. the neighbouring pair shifted by GΔ (book Prop. 3.6). */
typedef struct {
  gboolean active;        /* --group was given */
  unsigned long g;        /* 1 without --group */
  DpMechanism pair;       /* the mechanism whose neighbouring pair is the group pair */
  gboolean has_bound;     /* ε₀ known: the bound of Prop. 3.6's chain below */
  double epsilon_bound;   /* Gε₀ */
  double delta_bound;     /* δ₀(e^{Gε₀} − 1)/(e^{ε₀} − 1), capped at 1 (0 for pure ε-DP) */
} CliGroup;

#define CLI_GROUP_ENTRY(text) \
  { "group", 0, 0, G_OPTION_ARG_STRING, &(text), \
    N_("Datasets that differ in G people: the pair shifted by GΔ (book Prop. 3.6)"), N_("G") }

/* Parses --group (NULL: G = 1, the neighbouring pair itself) for the resolved mechanism @m. */
gboolean cli_group_resolve (const char *group_text, const CliMechanism *m, CliGroup *out,
                            GError **error);
/* With --group: adds "group", "group_sensitivity" and, when ε₀ is known,
 * "group_epsilon_bound" and "group_delta_bound" to the open object of @b. */
void cli_group_to_json (const CliGroup *group, JsonBuilder *b);
/* With --group: one translated line for the human-readable output (NULL without). */
char *cli_group_describe (const CliGroup *group);
/* Adds members "mechanism" (name) and "parameters" (object) to the open object of @b. */
void cli_mechanism_to_json (const CliMechanism *m, JsonBuilder *b);
/* A translated one-line description for the human-readable output. */
char *cli_mechanism_describe (const CliMechanism *m);

/* JSON output. Non-finite doubles become null (documented: +∞ or "not defined"). */
void cli_json_add_double (JsonBuilder *b, const char *member, double value);
/* Adds the member @member with the whole number @value. */
void cli_json_add_int (JsonBuilder *b, const char *member, gint64 value);
/* Serialises @root (objects, arrays, strings, numbers, booleans, null) as pretty JSON.
 * json-glib 1.6's JsonGenerator prints doubles with an exponent as e.g. "1e-300.0" (invalid
 * JSON) and non-finite ones as "inf.0", so numbers are written here with the shortest
 * round-trip representation from g_ascii_formatd. */
char *cli_json_to_string (JsonNode *root);
/* Prints the builder's root to stdout followed by a newline. */
void cli_json_print (JsonBuilder *b);

/* Human-readable number: shortest of %.6g, locale-independent; "∞" for +∞, "−∞", "—" for NaN. */
char *cli_format_double (double value);
/* @s padded with spaces to @width terminal columns (wide characters count two). */
char *cli_pad (const char *s, int width, gboolean right_align);
/* Prints "  label  value" rows with labels padded to @width terminal columns. */
void cli_print_row (const char *label, int width, const char *value);

G_END_DECLS
