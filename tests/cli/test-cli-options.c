/* test-cli-options.c — the parameter table's CLI options cannot clash with a command's own
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A command that takes the figure's parameters (`export`) adds one option per row of the
 * parameter table (src/model/dpv-params.c) to the same GOptionContext as its fixed options.
 * GOption accepts two entries of one name without a word, and the first one silently takes the
 * value, so a row named like a fixed option would make one of them unreachable. The test runs
 * every command of cli_main () in process with an observer on cli_parse_options (), copies the
 * option tables each command really hands to GOption, and checks:
 *   - the table's rows have distinct, non-empty CLI names;
 *   - every command reaches cli_parse_options () once (none escapes the check);
 *   - in a command that takes the table (its options are those of cli_param_options_new ()),
 *     no row's name, used by a view today or not, is a fixed long option, a row of one letter
 *     is no fixed short option, and the table adds no short option;
 *   - within any command, no two fixed options share a long name, and no two options a short
 *     letter.
 */
#include "config.h"

#include <fcntl.h>
#include <locale.h>
#include <string.h>
#include <unistd.h>

#include <glib.h>

#include "dpv-params.h"
#include "dpviz-cli-common.h"

/* The options one command handed to GOption: each table's long names, and their short letters. */
typedef struct {
  char *command;
  guint n_calls;
  GPtrArray *tables;   /* of GPtrArray of char * ("name"), in the order given */
  GString *shorts;     /* short letters of all tables */
} Observed;

static void
observed_free (gpointer data)
{
  Observed *o = data;

  g_free (o->command);
  g_ptr_array_unref (o->tables);
  g_string_free (o->shorts, TRUE);
  g_free (o);
}

static GPtrArray *
copy_names (const GOptionEntry *entries, GString *shorts)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);

  for (const GOptionEntry *e = entries; e != NULL && e->long_name != NULL; e++)
    {
      g_ptr_array_add (names, g_strdup (e->long_name));
      if (e->short_name != 0 && shorts != NULL)
        g_string_append_c (shorts, e->short_name);
    }
  return names;
}

static void
observe (const char *command, const GOptionEntry *shared_entries, const GOptionEntry *entries,
         const GOptionEntry *help_entries, gpointer user_data)
{
  GHashTable *seen = user_data;
  Observed *o = g_hash_table_lookup (seen, command);

  if (o == NULL)
    {
      o = g_new0 (Observed, 1);
      o->command = g_strdup (command);
      o->tables = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
      o->shorts = g_string_new (NULL);
      g_hash_table_insert (seen, o->command, o);
    }
  o->n_calls++;
  if (shared_entries != NULL)
    g_ptr_array_add (o->tables, copy_names (shared_entries, o->shorts));
  g_ptr_array_add (o->tables, copy_names (entries, o->shorts));
  g_ptr_array_add (o->tables, copy_names (help_entries, o->shorts));
}

/* Runs every command with an option that none has, so that each stops at parsing (its one
 * line on standard error is discarded), and returns what the observer saw by command. */
static GHashTable *
observe_all_commands (void)
{
  GHashTable *seen = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, observed_free);
  int saved_stderr = dup (STDERR_FILENO);
  int null_fd = open ("/dev/null", O_WRONLY);

  g_assert_cmpint (saved_stderr, >=, 0);
  g_assert_cmpint (null_fd, >=, 0);
  cli_set_options_observer (observe, seen);
  for (guint i = 0; cli_command_name (i) != NULL; i++)
    {
      char *argv[] = { "dpviz-cli", (char *) cli_command_name (i),
                       "--no-such-option-of-any-command", NULL };
      int status;

      fflush (stderr);
      dup2 (null_fd, STDERR_FILENO);
      status = cli_main (3, argv);
      fflush (stderr);
      dup2 (saved_stderr, STDERR_FILENO);
      g_assert_cmpint (status, ==, CLI_EXIT_USAGE);
    }
  cli_set_options_observer (NULL, NULL);
  close (null_fd);
  close (saved_stderr);
  return seen;
}

/* The long names of the parameter options, as cli_param_options_new () builds them. */
static GPtrArray *
param_option_names (void)
{
  g_autoptr(CliParamOptions) options = cli_param_options_new ();
  g_autoptr(GString) shorts = g_string_new (NULL);
  GPtrArray *names = copy_names (cli_param_options_get_entries (options), shorts);

  g_assert_cmpuint (shorts->len, ==, 0);   /* the table adds no short option */
  return names;
}

static gboolean
same_names (GPtrArray *a, GPtrArray *b)
{
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    if (!g_str_equal (g_ptr_array_index (a, i), g_ptr_array_index (b, i)))
      return FALSE;
  return TRUE;
}

static void
test_table_names_unique (void)
{
  g_autoptr(GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);

  for (int i = 0; i < DPV_N_PARAMS; i++)
    {
      const DpvParamSpec *spec = dpv_param_spec (i);

      g_assert_nonnull (spec->name);
      g_assert_cmpuint (strlen (spec->name), >, 0);
      if (g_hash_table_contains (names, spec->name))
        g_error ("two rows of the parameter table are named --%s", spec->name);
      g_hash_table_add (names, (gpointer) spec->name);
    }
  g_assert_cmpuint (g_hash_table_size (names), ==, DPV_N_PARAMS);
}

static void
test_every_command_observed (void)
{
  g_autoptr(GHashTable) seen = observe_all_commands ();
  guint n_commands = 0;

  for (guint i = 0; cli_command_name (i) != NULL; i++, n_commands++)
    {
      Observed *o = g_hash_table_lookup (seen, cli_command_name (i));

      if (o == NULL)
        g_error ("dpviz-cli %s does not parse its options with cli_parse_options ()",
                 cli_command_name (i));
      g_assert_cmpuint (o->n_calls, ==, 1);
    }
  /* No command parses under a name other than its own. */
  g_assert_cmpuint (g_hash_table_size (seen), ==, n_commands);
}

static void
test_no_clash (void)
{
  g_autoptr(GHashTable) seen = observe_all_commands ();
  g_autoptr(GPtrArray) params = param_option_names ();
  guint n_taking_table = 0;
  gboolean export_takes_table = FALSE;
  GHashTableIter iter;
  Observed *o;

  /* The table must offer options at all, or the check below has nothing to compare. */
  g_assert_cmpuint (params->len, >, 0);
  g_hash_table_iter_init (&iter, seen);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &o))
    {
      g_autoptr(GHashTable) fixed = g_hash_table_new (g_str_hash, g_str_equal);
      gboolean takes_table = FALSE;

      for (guint t = 0; t < o->tables->len; t++)
        {
          GPtrArray *names = g_ptr_array_index (o->tables, t);

          if (same_names (names, params))
            {
              takes_table = TRUE;
              continue;
            }
          for (guint i = 0; i < names->len; i++)
            {
              const char *name = g_ptr_array_index (names, i);

              if (g_hash_table_contains (fixed, name))
                g_error ("dpviz-cli %s has two options named --%s", o->command, name);
              g_hash_table_add (fixed, (gpointer) name);
            }
        }
      for (gsize i = 0; i < o->shorts->len; i++)
        if (strchr (o->shorts->str + i + 1, o->shorts->str[i]) != NULL)
          g_error ("dpviz-cli %s has two options -%c", o->command, o->shorts->str[i]);
      if (!takes_table)
        continue;

      n_taking_table++;
      export_takes_table |= g_str_equal (o->command, "export");
      /* Every row, also those no view uses yet: a view may start using it. */
      for (int i = 0; i < DPV_N_PARAMS; i++)
        {
          const char *name = dpv_param_spec (i)->name;

          if (g_hash_table_contains (fixed, name))
            g_error ("the parameter --%s clashes with a fixed option of dpviz-cli %s", name,
                     o->command);
          if (strlen (name) == 1 && strchr (o->shorts->str, name[0]) != NULL)
            g_error ("the parameter --%s is also the short option -%s of dpviz-cli %s", name,
                     name, o->command);
        }
      g_test_message ("dpviz-cli %s: %u fixed options, %u parameter options", o->command,
                      g_hash_table_size (fixed), params->len);
    }
  g_assert_true (export_takes_table);
  g_assert_cmpuint (n_taking_table, >=, 1);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli-options/table-names-unique", test_table_names_unique);
  g_test_add_func ("/cli-options/every-command-observed", test_every_command_observed);
  g_test_add_func ("/cli-options/no-clash", test_no_clash);
  return g_test_run ();
}
