/* fuzz-cli.c — libFuzzer target: dpviz-cli's argument handling, in process through cli_main ()
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An input is one byte that chooses the language (even: untranslated, odd: zh_CN), then the
 * arguments after "dpviz-cli", separated by NUL bytes. Each run calls cli_main (), the
 * function main () calls, with standard output and standard error captured, and checks the
 * conventions of README.md (section dpviz-cli):
 *   - the exit status is 0, 1 or 2;
 *   - a failure prints exactly one line on standard error, valid UTF-8, with no control
 *     character (arguments are quoted escaped);
 *   - a success prints nothing on standard error, and with --json one valid JSON value in
 *     UTF-8 whose numbers are all finite (infinity and NaN are null);
 *   - no GLib warning or critical (they abort).
 * The runs happen in a private temporary folder that is emptied after each: an argument
 * containing '/' is skipped, so that no run writes outside it, and so is `bench`, which is
 * slow by design.
 */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "dpviz-cli-common.h"
#include "fuzz-common.h"

#define MAX_ARGS 32
#define MAX_INPUT_BYTES 4096

static char *sandbox;
static int home_fd = -1;
static int real_stderr = -1;
static int out_fd = -1, err_fd = -1;

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  g_autoptr(GError) error = NULL;

  fuzz_common_init ();
  sandbox = g_dir_make_tmp ("dpviz-fuzz-cli-XXXXXX", &error);
  g_assert_no_error (error);
  /* Runs happen in the sandbox; libFuzzer's own files (inputs given as relative paths, the
   * corpus, artifacts) stay relative to the folder it was started in. */
  home_fd = open (".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  g_assert (home_fd >= 0);
  real_stderr = dup (STDERR_FILENO);
  out_fd = memfd_create ("dpviz-fuzz-stdout", MFD_CLOEXEC);
  err_fd = memfd_create ("dpviz-fuzz-stderr", MFD_CLOEXEC);
  g_assert (real_stderr >= 0 && out_fd >= 0 && err_fd >= 0);
  return 0;
}

static void
empty_sandbox (void)
{
  g_autoptr(GDir) dir = g_dir_open (".", 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_unlink (name) != 0)
      g_rmdir (name);
}

static char *
read_fd (int fd, gsize *length)
{
  off_t size = lseek (fd, 0, SEEK_END);
  char *text = g_malloc ((gsize) size + 1);

  if (pread (fd, text, (size_t) size, 0) != size)
    g_error ("cannot read back the captured output");
  text[size] = '\0';
  *length = (gsize) size;
  return text;
}

/* Aborts with the offending run shown on the real standard error. */
G_GNUC_NORETURN static void
fail (const char *what, int status, const char *out, const char *err)
{
  g_autofree char *shown_out = g_strescape (out, NULL);
  g_autofree char *shown_err = g_strescape (err, NULL);
  g_autofree char *text = g_strdup_printf ("fuzz-cli: %s (exit status %d)\nstdout: %.2000s\n"
                                           "stderr: %.2000s\n",
                                           what, status, shown_out, shown_err);

  if (write (real_stderr, text, strlen (text)) < 0)
    abort ();
  abort ();
}

static gboolean
all_numbers_finite (JsonNode *node)
{
  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      {
        g_autoptr(GList) members = json_object_get_values (json_node_get_object (node));

        for (GList *l = members; l != NULL; l = l->next)
          if (!all_numbers_finite (l->data))
            return FALSE;
        return TRUE;
      }
    case JSON_NODE_ARRAY:
      {
        g_autoptr(GList) elements = json_array_get_elements (json_node_get_array (node));

        for (GList *l = elements; l != NULL; l = l->next)
          if (!all_numbers_finite (l->data))
            return FALSE;
        return TRUE;
      }
    case JSON_NODE_VALUE:
      if (json_node_get_value_type (node) == G_TYPE_DOUBLE)
        return isfinite (json_node_get_double (node));
      return TRUE;
    default:
      return TRUE;
    }
}

static void
check_run (int status, const char *out, gsize out_len, const char *err, gsize err_len,
           gboolean json, gboolean help)
{
  if (status != 0 && status != 1 && status != 2)
    fail ("exit status not 0, 1 or 2", status, out, err);
  if (strlen (out) != out_len || strlen (err) != err_len)
    fail ("a NUL byte in the output", status, out, err);
  if (status != 0)
    {
      if (err_len == 0 || err[err_len - 1] != '\n')
        fail ("a failure without a message line", status, out, err);
      if (!g_utf8_validate (err, -1, NULL))
        fail ("a message that is not UTF-8", status, out, err);
      for (gsize i = 0; i + 1 < err_len; i++)
        if ((guchar) err[i] < 0x20 || err[i] == 0x7f)
          fail ("a control character in the message", status, out, err);
      return;
    }
  if (err_len != 0)
    fail ("a success that wrote to standard error", status, out, err);
  if (!g_utf8_validate (out, -1, NULL))
    fail ("output that is not UTF-8", status, out, err);
  if (json && !help)
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autoptr(GError) error = NULL;

      if (!json_parser_load_from_data (parser, out, -1, &error))
        fail ("--json output that does not parse", status, out, err);
      if (!all_numbers_finite (json_parser_get_root (parser)))
        fail ("a JSON number that is not finite", status, out, err);
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr(GPtrArray) args = NULL;
  g_autofree char *out = NULL, *err = NULL;
  gsize out_len = 0, err_len = 0;
  gboolean json = FALSE, help = FALSE;
  const char *p, *end;
  int status;

  if (size < 1 || size > MAX_INPUT_BYTES)
    return -1;
  fuzz_set_language ((data[0] & 1) ? "zh_CN" : "C");

  args = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (args, g_strdup ("dpviz-cli"));
  p = (const char *) data + 1;
  end = (const char *) data + size;
  while (p < end && args->len <= MAX_ARGS)
    {
      const char *nul = memchr (p, '\0', (size_t) (end - p));
      const char *stop = nul != NULL ? nul : end;
      char *arg = g_strndup (p, (gsize) (stop - p));

      if (strchr (arg, '/') != NULL)
        {
          g_free (arg);
          return -1;
        }
      json = json || g_str_equal (arg, "--json");
      help = help || g_str_equal (arg, "--help") || g_str_equal (arg, "-h")
             || g_str_has_prefix (arg, "--help=");
      g_ptr_array_add (args, arg);
      p = stop + 1;
    }
  if (args->len > MAX_ARGS)
    return -1;
  if (args->len > 1 && g_str_equal (g_ptr_array_index (args, 1), "bench"))
    return -1;
  g_ptr_array_add (args, NULL);

  if (chdir (sandbox) != 0)
    g_error ("cannot enter %s: %s", sandbox, g_strerror (errno));
  /* Standard output and standard error into the two memory files, emptied. */
  fflush (stdout);
  fflush (stderr);
  if (ftruncate (out_fd, 0) != 0 || ftruncate (err_fd, 0) != 0
      || lseek (out_fd, 0, SEEK_SET) != 0 || lseek (err_fd, 0, SEEK_SET) != 0)
    abort ();
  {
    int saved_out = dup (STDOUT_FILENO);

    dup2 (out_fd, STDOUT_FILENO);
    dup2 (err_fd, STDERR_FILENO);
    /* cli_main () may reorder argv (GOption does): it gets a copy. */
    {
      g_autofree char **argv = g_memdup2 (args->pdata, args->len * sizeof (char *));

      status = cli_main ((int) args->len - 1, argv);
    }
    fflush (stdout);
    fflush (stderr);
    dup2 (saved_out, STDOUT_FILENO);
    dup2 (real_stderr, STDERR_FILENO);
    close (saved_out);
  }
  clearerr (stdout);
  out = read_fd (out_fd, &out_len);
  err = read_fd (err_fd, &err_len);
  empty_sandbox ();
  if (fchdir (home_fd) != 0)
    abort ();
  check_run (status, out, out_len, err, err_len, json, help);
  return 0;
}
