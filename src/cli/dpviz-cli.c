/* dpviz-cli.c — headless numbers and figure export: the command dispatch
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "dpv-display.h"
#include "dpviz-cli-common.h"

typedef struct {
  const char *name;
  CliCommandFunc func;
  const char *summary;
} Command;

static const Command commands[] = {
  { "divergence", cli_cmd_divergence,
    N_("KL, max divergence, total variation, Rényi and the KL bounds of one mechanism") },
  { "delta", cli_cmd_delta,
    N_("hockey-stick δ(ε′) of a mechanism or its k-fold composition, and its inverse") },
  { "compose", cli_cmd_compose,
    N_("total ε of k composed mechanisms: basic, advanced, optimal, exact, RDP") },
  { "tradeoff", cli_cmd_tradeoff,
    N_("the trade-off β = f(α) of the best test of D against D′, one mechanism or k") },
  { "audit", cli_cmd_audit,
    N_("a lower bound on ε measured from simulated runs (Clopper–Pearson)") },
  { "survey", cli_cmd_survey,
    N_("randomized-response survey of a class: estimate, its spread, a drawn class") },
  { "utility", cli_cmd_utility,
    N_("accuracy of a noisy answer at confidence C, and the ε or σ for ±x") },
  { "exponential", cli_cmd_exponential,
    N_("probabilities and expected utility of the exponential mechanism") },
  { "renyi", cli_cmd_renyi,
    N_("Rényi divergence k·D_α from KL to D∞, and the RDP conversion to (ε, δ)") },
  { "walk", cli_cmd_walk,
    N_("the privacy-loss random walk of Thm 3.20 against its exact tail") },
  { "sensitivity", cli_cmd_sensitivity,
    N_("global, local and smooth sensitivity of a query on a small data set") },
  { "kmeans", cli_cmd_kmeans, N_("Lloyd's k-means and its DP version on a seeded data set") },
  { "export", cli_cmd_export, N_("a view as PNG, SVG or PDF") },
  { "views", cli_cmd_views, N_("the views that export draws, with their parameters") },
  { "bench", cli_cmd_bench, N_("compute and draw time of every view") },
};

const char *
cli_command_name (guint i)
{
  return i < G_N_ELEMENTS (commands) ? commands[i].name : NULL;
}

static void
print_usage (FILE *out)
{
  fputs (_("Usage:\n  dpviz-cli COMMAND [OPTION…]\n\n"), out);
  fputs (_("Differential privacy numbers and figures, without a display.\n\n"), out);
  fputs (_("Commands:\n"), out);
  for (size_t i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (out, "  %-12s %s\n", commands[i].name, _(commands[i].summary));
  fputs (_("\n“dpviz-cli COMMAND --help” describes a command’s options. Exit status: 0 "
           "success, 1 a computation failed,\n2 bad arguments or a file that could not "
           "be written (one line on standard error).\n"), out);
}

static void
print_error (const char *command, const char *message)
{
  /* One line, always: arguments quoted in a message may hold newlines, escape sequences or
   * bytes that are not UTF-8; they are shown escaped (dpv_escape_for_display ()). */
  g_autofree char *line = dpv_escape_for_display (message, -1);

  if (command != NULL)
    fprintf (stderr, "dpviz-cli %s: %s\n", command, line);
  else
    fprintf (stderr, "dpviz-cli: %s\n", line);
}

static const Command *
find_command (const char *name)
{
  for (size_t i = 0; i < G_N_ELEMENTS (commands); i++)
    if (strcmp (name, commands[i].name) == 0)
      return &commands[i];
  return NULL;
}

/* argv[0] is the command's name. */
static int
run_command (const Command *command, int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  int status = command->func (argc, argv, &error);

  if (g_error_matches (error, CLI_ERROR, CLI_ERROR_HELP_SHOWN))
    status = CLI_EXIT_OK;
  else if (error != NULL)
    {
      print_error (command->name, error->message);
      return error->code == CLI_ERROR_USAGE ? CLI_EXIT_USAGE : CLI_EXIT_FAILED;
    }
  if (fflush (stdout) != 0 || ferror (stdout))
    {
      print_error (command->name, _("could not write to standard output"));
      return CLI_EXIT_FAILED;
    }
  return status;
}

int
cli_main (int argc, char **argv)
{
  const char *name;

  g_set_prgname ("dpviz-cli");

  if (argc < 2)
    {
      print_error (NULL, _("a command is required; see “dpviz-cli --help”"));
      return CLI_EXIT_USAGE;
    }
  name = argv[1];
  if (strcmp (name, "--help") == 0 || strcmp (name, "-h") == 0 || strcmp (name, "help") == 0)
    {
      /* “dpviz-cli help COMMAND” is “dpviz-cli COMMAND --help”; anything else after it is
       * refused rather than ignored, so that no option (--json among them) is dropped. */
      if (argc == 2)
        {
          print_usage (stdout);
          return CLI_EXIT_OK;
        }
      if (argc == 3 && find_command (argv[2]) != NULL)
        {
          char *help_argv[] = { argv[2], (char *) "--help", NULL };

          return run_command (find_command (argv[2]), 2, help_argv);
        }
      {
        g_autofree char *message = g_strdup_printf (_("unknown command “%s”; see “dpviz-cli --help”"),
                                                    argv[2]);

        print_error (NULL, message);
      }
      return CLI_EXIT_USAGE;
    }
  if (strcmp (name, "--version") == 0)
    {
      /* --json is the one option it takes: then the version is one JSON object, as every
       * --json output is. */
      if (argc == 2)
        printf ("dpviz-cli %s\n", PACKAGE_VERSION);
      else if (argc == 3 && strcmp (argv[2], "--json") == 0)
        printf ("{\"name\": \"dpviz-cli\", \"version\": \"%s\"}\n", PACKAGE_VERSION);
      else
        {
          print_error (NULL, _("“--version” takes no argument except “--json”"));
          return CLI_EXIT_USAGE;
        }
      return CLI_EXIT_OK;
    }

  if (find_command (name) != NULL)
    return run_command (find_command (name), argc - 1, argv + 1);

  {
    g_autofree char *message = g_strdup_printf (_("unknown command “%s”; see “dpviz-cli --help”"),
                                                name);

    print_error (NULL, message);
  }
  return CLI_EXIT_USAGE;
}
