/* fuzz-standalone.c — runs a fuzz target over files, without libFuzzer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `fuzz-TARGET-run PATH…` feeds every file (every file of every folder, in name order) to the
 * target's LLVMFuzzerTestOneInput () once: the committed seed corpus and every input that
 * ever failed run in the normal test suite, with the same checks as under the fuzzer.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <glib.h>

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static guint
run_path (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  gsize length = 0;

  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_autoptr(GDir) dir = g_dir_open (path, 0, &error);
      g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      const char *name;
      guint count = 0;

      if (dir == NULL)
        g_error ("%s", error->message);
      while ((name = g_dir_read_name (dir)) != NULL)
        if (name[0] != '.')
          g_ptr_array_add (names, g_build_filename (path, name, NULL));
      g_ptr_array_sort (names, compare_strings);
      for (guint i = 0; i < names->len; i++)
        count += run_path (g_ptr_array_index (names, i));
      return count;
    }
  if (!g_file_get_contents (path, &data, &length, &error))
    g_error ("%s", error->message);
  /* The name goes first: a crash shows which input caused it. */
  fprintf (stderr, "input %s\n", path);
  LLVMFuzzerTestOneInput ((const uint8_t *) data, length);
  return 1;
}

int
main (int argc, char **argv)
{
  guint count = 0;

  LLVMFuzzerInitialize (&argc, &argv);
  for (int i = 1; i < argc; i++)
    count += run_path (argv[i]);
  if (count == 0)
    g_error ("no inputs");
  printf ("%u inputs passed\n", count);
  return 0;
}
