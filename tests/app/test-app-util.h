/* test-app-util.h — helpers shared by the app tests (test_remove_tree () also by tests/lesson)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <glib/gstdio.h>

/* Deletes a temporary test directory with everything in it, including files and folders a
 * test made read-only. */
static inline void
test_remove_tree (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir != NULL)
    while ((name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *child = g_build_filename (path, name, NULL);

        g_chmod (child, 0700);
        if (g_file_test (child, G_FILE_TEST_IS_DIR))
          test_remove_tree (child);
        else
          g_unlink (child);
      }
  g_chmod (path, 0700);
  g_rmdir (path);
}

/* Runs the main loop until @cond (@data) holds or @seconds pass, sleeping 1 ms after each
 * iteration; returns whether it held. */
typedef gboolean (*Condition) (gpointer data);

static inline gboolean
wait_for (Condition cond,
          gpointer  data,
          double    seconds)
{
  gint64 end = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);

  while (!cond (data))
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return TRUE;
}

/* Runs the main loop for @seconds. */
static inline void
spin (double seconds)
{
  gint64 end = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);

  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}
