/* cli-run.h — running dpviz-cli from a test: spawn, parse the JSON, check the error contract
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Header-only (static inline) so that each test binary takes what it uses. The contract
 * checked here is README's: success prints one JSON object and nothing on standard error; bad
 * input exits 2 with exactly one line on standard error and nothing on standard output; no
 * output ever spells out NaN or infinity.
 */
#pragma once

#include <math.h>
#include <stdarg.h>
#include <string.h>
#include <sys/wait.h>

#include <glib.h>
#include <json-glib/json-glib.h>

static inline const char *
cli_run_path (void)
{
  const char *path = g_getenv ("DPVIZ_CLI");

  return path != NULL ? path : DPVIZ_CLI_PATH;
}

typedef struct {
  char *out;
  char *err;
  int status;
} CliRun;

static inline void
cli_run_clear (CliRun *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CliRun, cli_run_clear)

/* Output never spells out NaN or infinity (JSON null and "∞" are the documented forms); a
 * quoted “inf” is the name of an argument (`--alpha inf`), not a number. */
static inline void
cli_run_assert_no_nan_inf (const char *text)
{
  g_autoptr(GRegex) regex = g_regex_new ("(?<!“)\\b-?(nan|inf|infinity)\\b(?!”)",
                                         G_REGEX_CASELESS, 0, NULL);

  if (g_regex_match (regex, text, 0, NULL))
    g_error ("output contains NaN or Inf:\n%s", text);
}

static inline void
cli_run_argv (CliRun *run, const char *const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int wait_status = 0;

  g_ptr_array_add (argv, (char *) cli_run_path ());
  for (size_t i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);

  memset (run, 0, sizeof *run);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &run->out,
                &run->err, &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));   /* never a crash */
  run->status = WEXITSTATUS (wait_status);
  cli_run_assert_no_nan_inf (run->out);
  cli_run_assert_no_nan_inf (run->err);
}

#define CLI_RUN(run, ...) cli_run_argv ((run), (const char *const[]) { __VA_ARGS__, NULL })

/* Runs with --json appended; expects exit 0, nothing on stderr and one JSON object. */
static inline JsonObject *
cli_run_json_argv (const char *const *args)
{
  g_autoptr(GPtrArray) all = g_ptr_array_new ();
  g_auto(CliRun) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonNode *root;

  for (size_t i = 0; args[i] != NULL; i++)
    g_ptr_array_add (all, (char *) args[i]);
  g_ptr_array_add (all, (char *) "--json");
  g_ptr_array_add (all, NULL);
  cli_run_argv (&run, (const char *const *) all->pdata);
  if (run.status != 0)
    g_error ("dpviz-cli exited with %d: %s", run.status, run.err);
  g_assert_cmpstr (run.err, ==, "");
  json_parser_load_from_data (parser, run.out, -1, &error);
  g_assert_no_error (error);
  root = json_parser_get_root (parser);
  g_assert_nonnull (root);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (root));
  return json_object_ref (json_node_get_object (root));
}

#define CLI_RUN_JSON(...) cli_run_json_argv ((const char *const[]) { __VA_ARGS__, NULL })

/* Expects exit status 2, exactly one line on stderr, nothing on stdout. */
static inline void
cli_run_assert_usage_error_argv (const char *const *args)
{
  g_auto(CliRun) run = { 0 };
  size_t len;

  cli_run_argv (&run, args);
  if (run.status != 2)
    {
      GString *line = g_string_new (NULL);

      for (size_t i = 0; args[i] != NULL; i++)
        g_string_append_printf (line, " %s", args[i]);
      g_error ("expected exit status 2 for%s, got %d (stdout “%s”, stderr “%s”)", line->str,
               run.status, run.out, run.err);
    }
  len = strlen (run.err);
  g_assert_cmpuint (len, >, 1);
  g_assert_cmpint (run.err[len - 1], ==, '\n');
  g_assert_null (memchr (run.err, '\n', len - 1));   /* one line */
  g_assert_cmpstr (run.out, ==, "");
}

#define CLI_ASSERT_USAGE_ERROR(...) \
  cli_run_assert_usage_error_argv ((const char *const[]) { __VA_ARGS__, NULL })

static inline double
cli_get_double (JsonObject *obj, const char *member)
{
  JsonNode *node;

  if (!json_object_has_member (obj, member))
    g_error ("missing JSON member “%s”", member);
  node = json_object_get_member (obj, member);
  g_assert_true (JSON_NODE_HOLDS_VALUE (node));
  return json_node_get_double (node);
}

static inline gint64
cli_get_int (JsonObject *obj, const char *member)
{
  JsonNode *node;

  if (!json_object_has_member (obj, member))
    g_error ("missing JSON member “%s”", member);
  node = json_object_get_member (obj, member);
  g_assert_true (JSON_NODE_HOLDS_VALUE (node));
  g_assert_true (json_node_get_value_type (node) == G_TYPE_INT64);
  return json_node_get_int (node);
}

static inline JsonArray *
cli_get_array (JsonObject *obj, const char *member)
{
  if (!json_object_has_member (obj, member))
    g_error ("missing JSON member “%s”", member);
  return json_object_get_array_member (obj, member);
}

/* The object's members are exactly the NULL-terminated list (in any order): every key the
 * command prints is documented, and every documented key is printed. */
static inline void
cli_assert_keys (JsonObject *obj, ...)
{
  va_list ap;
  guint n = 0;
  const char *key;

  va_start (ap, obj);
  while ((key = va_arg (ap, const char *)) != NULL)
    {
      if (!json_object_has_member (obj, key))
        g_error ("missing JSON member “%s”", key);
      n++;
    }
  va_end (ap);
  if (json_object_get_size (obj) != n)
    {
      g_autoptr(GList) members = json_object_get_members (obj);
      GString *all = g_string_new (NULL);

      for (GList *l = members; l != NULL; l = l->next)
        g_string_append_printf (all, " %s", (const char *) l->data);
      g_error ("expected %u JSON members, got %u:%s", n, json_object_get_size (obj), all->str);
    }
}

#define cli_assert_rel(a, b, tol) \
  G_STMT_START { \
    double a_ = (a), b_ = (b); \
    if (!(fabs (a_ - b_) <= (tol) * fabs (b_))) \
      g_error ("%s = %.17g, expected %.17g (rel. tol. %g) at line %d", #a, a_, b_, \
               (double) (tol), __LINE__); \
  } G_STMT_END

/* g_ascii_dtostr into a new string (the shortest round-trip form). */
static inline char *
cli_fmt (double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_dtostr (buf, sizeof buf, value));
}

/* The short names of test-cli.c, test-cli-bounds.c and test-cli-tradeoff.c for the helpers
 * above. */
typedef CliRun Run;
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, cli_run_clear)
#define RUN CLI_RUN
#define RUN_JSON CLI_RUN_JSON
#define ASSERT_USAGE_ERROR CLI_ASSERT_USAGE_ERROR
#define run_argv cli_run_argv
#define run_json_argv cli_run_json_argv
#define run_clear cli_run_clear
#define assert_usage_error_argv cli_run_assert_usage_error_argv
#define get_double cli_get_double
#define assert_rel cli_assert_rel
#define fmt cli_fmt
