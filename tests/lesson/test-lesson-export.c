/* test-lesson-export.c — a lesson's figure file names, and an export that writes nothing
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The expected names are spelled out by hand from the rule in dpviz-lesson-export.h; the
 * CLI's end-to-end checks (pages, bytes, failures) are tests/cli/check-export-lesson.py.
 */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "dpviz-lesson-export.h"

static void
test_slug (void)
{
  static const struct {
    const char *title, *fallback, *slug;
  } cases[] = {
    { "Neighbouring Datasets!", "densities", "neighbouring-datasets" },
    { "  Écoute — ε-Test  ", "kl", "ecoute-test" },
    { "../../etc/passwd", "kl", "etc-passwd" },
    { "a/b\\c", "kl", "a-b-c" },
    { "拉普拉斯与高斯", "regions", "regions" },
    { "Laplace 机制", "regions", "laplace" },
    { NULL, "composition", "composition" },
    { "", "kl", "kl" },
    { "   ", "kl", "kl" },
    { "...", "", "figure" },
    { "Step 2: k = 300", "kl", "step-2-k-300" },
    /* 40 characters at most, never ending in "-" */
    { "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa bbbb", "kl",
      "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" },
    { "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "kl",
      "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *slug = dpviz_lesson_export_slug (cases[i].title, cases[i].fallback);

      g_test_message ("“%s” → “%s”", cases[i].title ? cases[i].title : "(null)", slug);
      g_assert_cmpstr (slug, ==, cases[i].slug);
      g_assert_cmpuint (strlen (slug), <=, 40);
    }
}

static DpvizLesson *
lesson_of (guint n, const char *title)
{
  DpvizLesson *lesson = dpviz_lesson_new ("test");
  DpvParams params;

  dpv_params_init (&params);
  for (guint i = 0; i < n; i++)
    {
      dpviz_lesson_add_step (lesson, &params, (guint) dpv_registry_index (
                               dpv_registry_lookup ("kl")), NULL);
      dpviz_lesson_set_step_title (lesson, i, title);
    }
  return lesson;
}

/* NN: the width of the number of steps, at least 2. */
static void
test_numbers (void)
{
  static const struct {
    guint n;
    const char *first, *last;
  } cases[] = {
    { 1, "01-same.pdf", "01-same.pdf" },
    { 9, "01-same.pdf", "09-same.pdf" },
    { 12, "01-same.pdf", "12-same.pdf" },
    { 100, "001-same.pdf", "100-same.pdf" },
    { 1000, "0001-same.pdf", "1000-same.pdf" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (DpvizLesson) lesson = lesson_of (cases[i].n, "Same");
      g_autoptr (GError) error = NULL;
      g_autoptr (DpvizLessonExportPlan) plan = dpviz_lesson_export_plan_new (lesson, &error);
      g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                           NULL);
      g_autofree char *first = NULL, *last = NULL;

      g_assert_no_error (error);
      g_assert_cmpuint (dpviz_lesson_export_plan_get_n_steps (plan), ==, cases[i].n);
      first = dpviz_lesson_export_plan_file_name (plan, 0, "pdf");
      last = dpviz_lesson_export_plan_file_name (plan, cases[i].n - 1, "pdf");
      g_assert_cmpstr (first, ==, cases[i].first);
      g_assert_cmpstr (last, ==, cases[i].last);
      /* every step the same title: still no two names alike */
      for (guint s = 0; s < cases[i].n; s++)
        g_assert_true (g_hash_table_add (seen,
                                         dpviz_lesson_export_plan_file_name (plan, s, "pdf")));
    }
}

/* An export cancelled before it writes leaves no folder and no file. */
static void
test_cancelled_writes_nothing (void)
{
  g_autoptr (DpvizLesson) lesson = lesson_of (3, NULL);
  g_autoptr (DpvizLessonExportPlan) plan = dpviz_lesson_export_plan_new (lesson, NULL);
  g_autofree char *tmp = g_dir_make_tmp ("dpviz-lesson-export-XXXXXX", NULL);
  g_autofree char *out = g_build_filename (tmp, "figures", NULL);
  g_autoptr (GFile) dir = g_file_new_for_path (out);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) written = NULL;
  DpvizLessonExportOptions o = { 0 };

  o.format = DPV_FORMAT_SVG;
  dpv_style_init (&o.style, DPV_THEME_PRINT);
  o.width = 400;
  o.height = 250;
  o.scale = 1;
  g_cancellable_cancel (cancellable);
  written = dpviz_lesson_export_plan_run (plan, dir, &o, cancellable, NULL, NULL, &error);
  g_assert_null (written);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  g_assert_cmpint (g_rmdir (tmp), ==, 0);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lesson-export/slug", test_slug);
  g_test_add_func ("/lesson-export/numbers", test_numbers);
  g_test_add_func ("/lesson-export/cancelled-writes-nothing", test_cancelled_writes_nothing);
  return g_test_run ();
}
