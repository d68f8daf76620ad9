/* test-lesson.c — lesson files: round trip, hostile input, unknown keys, applying steps
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected values are written into the test (literal file texts and literal numbers), never
 * taken from the code under test.
 */
#include "config.h"

#include "test-app-util.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "dpviz-lesson.h"

#define GOOD_STEP \
  "Mechanism=laplace\nView=densities\nEpsilon=1\nDelta=1e-5\nSensitivity=1\nK=100\n"

typedef struct {
  char *dir;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  f->dir = g_dir_make_tmp ("dpviz-lesson-XXXXXX", &error);
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  test_remove_tree (f->dir);
  g_free (f->dir);
}

static DpvizLessonStep *
step_at (const DpvizLesson *lesson, guint i)
{
  g_assert_cmpuint (i, <, lesson->steps->len);
  return g_ptr_array_index (lesson->steps, i);
}

/* Values chosen to be awkward: not representable in few decimal digits, at the range ends. */
static DpvizLesson *
make_lesson (void)
{
  DpvizLesson *lesson = dpviz_lesson_new ("Composition — 第三章 ε");
  DpvParams p;

  dpv_params_init (&p);
  p.mechanism = DP_MECHANISM_LAPLACE;
  p.epsilon = 0.1;
  p.delta = 1e-6;
  p.sensitivity = 1.0;
  p.k = 300;
  dpviz_lesson_add_step (lesson, &p, DPVIZ_VIEW ("composition"),
                         "300 queries at ε = 0.1:\nwhat do they cost?");

  p.mechanism = DP_MECHANISM_GAUSSIAN;
  p.epsilon = 1.0 / 3.0;
  p.delta = DPV_PARAM_MIN (DELTA);
  p.sensitivity = DPV_PARAM_MAX (SENSITIVITY);
  p.k = DPV_PARAM_MAX (K);
  p.eps_prime = 0.7;
  dpviz_lesson_add_step (lesson, &p, DPVIZ_VIEW ("regions"), NULL);

  p.mechanism = DP_MECHANISM_RR;
  p.epsilon = DPV_PARAM_MAX (EPSILON);
  p.delta = DPV_PARAM_MAX (DELTA);
  p.sensitivity = DPV_PARAM_MIN (SENSITIVITY);
  p.k = DPV_PARAM_MIN (K);
  p.eps_prime = -1.0;
  p.log_y = TRUE;
  dpviz_lesson_add_step (lesson, &p, DPVIZ_VIEW ("kl"), "Key=value; [not a group] \\ # not a comment");
  return lesson;
}

static void
assert_steps_equal (const DpvizLessonStep *a, const DpvizLessonStep *b)
{
  g_assert_cmpint (a->view, ==, b->view);
  g_assert_cmpint (a->params.mechanism, ==, b->params.mechanism);
  /* Exact equality on purpose: the file must round-trip every bit. */
  g_assert_true (a->params.epsilon == b->params.epsilon);
  g_assert_true (a->params.delta == b->params.delta);
  g_assert_true (a->params.sensitivity == b->params.sensitivity);
  g_assert_cmpuint (a->params.k, ==, b->params.k);
  g_assert_cmpint (a->params.eps_prime < 0, ==, b->params.eps_prime < 0);
  if (a->params.eps_prime >= 0)
    g_assert_true (a->params.eps_prime == b->params.eps_prime);
  g_assert_cmpint (!!a->params.log_y, ==, !!b->params.log_y);
  g_assert_cmpstr (a->note, ==, b->note);
}

static void
test_round_trip (Fixture *f, gconstpointer data)
{
  g_autoptr (DpvizLesson) lesson = make_lesson ();
  g_autoptr (DpvizLesson) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_build_filename (f->dir, "lesson.dpviz-lesson", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autofree char *text = NULL;

  g_assert_true (dpviz_lesson_save (lesson, file, &error));
  g_assert_no_error (error);

  loaded = dpviz_lesson_load (file, &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  g_assert_cmpstr (loaded->title, ==, lesson->title);
  g_assert_cmpuint (loaded->steps->len, ==, 3);
  for (guint i = 0; i < 3; i++)
    assert_steps_equal (step_at (lesson, i), step_at (loaded, i));

  /* The file is readable by a human: short decimal forms, names not numbers. */
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "[Step 1]"));
  g_assert_nonnull (strstr (text, "Epsilon=0.1\n"));
  g_assert_nonnull (strstr (text, "Delta=1e-06\n"));
  g_assert_nonnull (strstr (text, "Mechanism=gaussian\n"));
  g_assert_nonnull (strstr (text, "View=composition\n"));
}

static void
test_save_atomic (Fixture *f, gconstpointer data)
{
  g_autoptr (DpvizLesson) lesson = make_lesson ();
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_build_filename (f->dir, "keep.dpviz-lesson", NULL);
  g_autofree char *missing = g_build_filename (f->dir, "no-such-dir", "x.dpviz-lesson", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GFile) missing_file = g_file_new_for_path (missing);
  g_autofree char *after = NULL;
  g_autoptr (GDir) dir = NULL;
  const char *old_text = "old contents\n";
  guint n_entries = 0;

  g_assert_true (g_file_set_contents (path, old_text, -1, NULL));

  /* An invalid step: refused, the existing file untouched. */
  step_at (lesson, 1)->params.epsilon = NAN;
  g_assert_false (dpviz_lesson_save (lesson, file, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "Step 2"));
  g_clear_error (&error);
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, old_text);

  /* A directory that does not exist: an error, nothing created. */
  step_at (lesson, 1)->params.epsilon = 2.0;
  g_assert_false (dpviz_lesson_save (lesson, missing_file, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* A read-only location: an error, the old file intact, no temporary file left. Root
   * ignores directory permissions, so it gets /proc, where nobody can create files. */
  if (getuid () != 0)
    {
      g_assert_cmpint (g_chmod (f->dir, 0500), ==, 0);
      g_assert_false (dpviz_lesson_save (lesson, file, &error));
      g_assert_nonnull (error);
      g_clear_error (&error);
      g_assert_cmpint (g_chmod (f->dir, 0700), ==, 0);
      g_clear_pointer (&after, g_free);
      g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
      g_assert_cmpstr (after, ==, old_text);
    }
  else
    {
      g_autoptr (GFile) proc_file = g_file_new_for_path ("/proc/dpviz-test.dpviz-lesson");

      g_assert_false (dpviz_lesson_save (lesson, proc_file, &error));
      g_assert_nonnull (error);
      g_clear_error (&error);
      g_assert_false (g_file_query_exists (proc_file, NULL));
    }

  dir = g_dir_open (f->dir, 0, NULL);
  while (g_dir_read_name (dir) != NULL)
    n_entries++;
  g_assert_cmpuint (n_entries, ==, 1);

  /* And a valid save replaces the old content completely. */
  g_assert_true (dpviz_lesson_save (lesson, file, &error));
  g_assert_no_error (error);
  g_clear_pointer (&after, g_free);
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_null (strstr (after, "old contents"));
  g_assert_nonnull (strstr (after, "Epsilon=2\n"));
}

typedef struct {
  const char *name;
  const char *text;
  /* Substrings the message must contain (the group and key it blames), NULL-terminated. */
  const char *expect[3];
} BadFile;

static const BadFile bad_files[] = {
  { "empty", "", { "[Lesson]" } },
  { "syntax", "[Lesson]\nVersion=1\nthis line is not a key\n[Step 1]\n" GOOD_STEP,
    { "syntax" } },
  { "unterminated-group", "[Lesson\nVersion=1\n", { "syntax" } },
  { "no-lesson-group", "[Step 1]\n" GOOD_STEP, { "[Lesson]" } },
  { "no-version", "[Lesson]\nTitle=x\n[Step 1]\n" GOOD_STEP, { "Lesson", "Version" } },
  { "bad-version", "[Lesson]\nVersion=one\n[Step 1]\n" GOOD_STEP, { "Lesson", "Version" } },
  { "zero-version", "[Lesson]\nVersion=0\n[Step 1]\n" GOOD_STEP, { "Version" } },
  { "newer-version", "[Lesson]\nVersion=2\n[Step 1]\n" GOOD_STEP, { "version 2" } },
  { "no-steps", "[Lesson]\nVersion=1\n[Other]\nA=b\n", { "no steps" } },
  { "missing-epsilon",
    "[Lesson]\nVersion=1\n[Step 1]\nMechanism=laplace\nView=kl\nDelta=1e-5\nSensitivity=1\n"
    "K=1\n",
    { "Step 1", "Epsilon" } },
  { "missing-mechanism",
    "[Lesson]\nVersion=1\n[Step 1]\nView=kl\nEpsilon=1\nDelta=1e-5\nSensitivity=1\nK=1\n",
    { "Step 1", "Mechanism" } },
  { "epsilon-text", "[Lesson]\nVersion=1\n[Step 1]\n" GOOD_STEP "Epsilon=abc\n",
    { "Step 1", "Epsilon", "abc" } },
  { "epsilon-comma", "[Lesson]\nVersion=1\n[Step 1]\n" GOOD_STEP "Epsilon=1,5\n",
    { "Epsilon", "number" } },
  { "epsilon-empty", "[Lesson]\nVersion=1\n[Step 1]\n" GOOD_STEP "Epsilon=\n",
    { "Epsilon", "number" } },
  { "epsilon-nan", "[Lesson]\nVersion=1\n[Step 1]\n" GOOD_STEP "Epsilon=nan\n",
    { "Epsilon", "finite" } },
  { "epsilon-NaN-payload", "[Lesson]\nVersion=1\n[Step 1]\n" GOOD_STEP "Epsilon=-NAN\n",
    { "Epsilon", "finite" } },
  { "epsilon-inf", "[Lesson]\nVersion=1\n[Step 1]\n" GOOD_STEP "Epsilon=inf\n",
    { "Epsilon", "finite" } },
  { "epsilon-overflow", "[Lesson]\nVersion=1\n[Step 1]\n" GOOD_STEP "Epsilon=1e999\n",
    { "Epsilon", "finite" } },
  { "epsilon-high", "[Lesson]\nVersion=1\n[Step 1]\n" GOOD_STEP "Epsilon=10.5\n",
    { "Epsilon", "10.5", "0.01 to 10" } },
  { "epsilon-zero", "[Lesson]\nVersion=1\n[Step 1]\n" GOOD_STEP "Epsilon=0\n",
    { "Epsilon", "range" } },
  { "epsilon-negative", "[Lesson]\nVersion=1\n[Step 1]\n" GOOD_STEP "Epsilon=-1\n",
    { "Epsilon", "range" } },
  { "delta-high", "[Lesson]\nVersion=1\n[Step 1]\n" GOOD_STEP "Delta=0.6\n",
    { "Delta", "range" } },
  { "delta-underflow", "[Lesson]\nVersion=1\n[Step 1]\n" GOOD_STEP "Delta=1e-400\n",
    { "Delta", "range" } },
  { "sensitivity-low", "[Lesson]\nVersion=1\n[Step 1]\n" GOOD_STEP "Sensitivity=0.05\n",
    { "Sensitivity", "range" } },
  { "k-zero", "[Lesson]\nVersion=1\n[Step 1]\n" GOOD_STEP "K=0\n", { "K", "1 to 10000" } },
  { "k-high", "[Lesson]\nVersion=1\n[Step 1]\n" GOOD_STEP "K=10001\n", { "K", "10001" } },
  { "k-negative", "[Lesson]\nVersion=1\n[Step 1]\n" GOOD_STEP "K=-1\n", { "K" } },
  { "k-fraction", "[Lesson]\nVersion=1\n[Step 1]\n" GOOD_STEP "K=1.5\n", { "K", "1.5" } },
  { "k-huge", "[Lesson]\nVersion=1\n[Step 1]\n" GOOD_STEP "K=99999999999999999999999\n",
    { "K", "whole number" } },
  { "eps-prime-nan", "[Lesson]\nVersion=1\n[Step 1]\n" GOOD_STEP "EpsilonPrime=nan\n",
    { "EpsilonPrime", "finite" } },
  { "log-y-maybe", "[Lesson]\nVersion=1\n[Step 1]\n" GOOD_STEP "LogY=maybe\n",
    { "LogY", "maybe" } },
  { "unknown-mechanism", "[Lesson]\nVersion=1\n[Step 1]\n" GOOD_STEP "Mechanism=exponential\n",
    { "Mechanism", "exponential", "laplace" } },
  { "unknown-view", "[Lesson]\nVersion=1\n[Step 1]\n" GOOD_STEP "View=histogram\n",
    { "View", "histogram", "composition" } },
  { "mechanism-case", "[Lesson]\nVersion=1\n[Step 1]\n" GOOD_STEP "Mechanism=Laplace\n",
    { "Mechanism", "Laplace" } },
  { "step-zero", "[Lesson]\nVersion=1\n[Step 0]\n" GOOD_STEP, { "Step 0" } },
  { "step-leading-zero", "[Lesson]\nVersion=1\n[Step 01]\n" GOOD_STEP, { "Step 01" } },
  { "step-name", "[Lesson]\nVersion=1\n[Step one]\n" GOOD_STEP, { "Step one" } },
  { "step-number-huge", "[Lesson]\nVersion=1\n[Step 1001]\n" GOOD_STEP, { "Step 1001" } },
  { "bad-second-step",
    "[Lesson]\nVersion=1\n[Step 1]\n" GOOD_STEP "[Step 2]\n" GOOD_STEP "Delta=2\n",
    { "Step 2", "Delta" } },
};

static void
assert_refused (const char *data, gsize length, const char *const *expect)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DpvizLesson) lesson = NULL;

  lesson = dpviz_lesson_load_from_data (data, length, &error);
  g_assert_null (lesson);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_test_message ("refused: %s", error->message);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  g_assert_cmpuint (strlen (error->message), <, 400);
  for (guint i = 0; i < 3 && expect[i] != NULL; i++)
    if (strstr (error->message, expect[i]) == NULL)
      g_error ("message “%s” does not mention “%s”", error->message, expect[i]);
}

static void
test_bad_file (gconstpointer data)
{
  const BadFile *bad = data;

  assert_refused (bad->text, strlen (bad->text), bad->expect);
}

static GString *
good_file (void)
{
  return g_string_new ("[Lesson]\nVersion=1\n[Step 1]\n" GOOD_STEP);
}

static void
test_bad_encoding (void)
{
  static const char latin1[] = "[Lesson]\nVersion=1\nTitle=Le\xe7on\n[Step 1]\n" GOOD_STEP;
  static const char nul[] = "[Lesson]\nVersion=1\n[Step 1]\n" GOOD_STEP "Note=a\0b\n";
  const char *expect[] = { "UTF-8", NULL };

  assert_refused (latin1, sizeof latin1 - 1, expect);
  assert_refused (nul, sizeof nul - 1, expect);
}

static void
test_too_many_steps (void)
{
  g_autoptr (GString) text = good_file ();
  const char *expect[] = { "1000 steps", NULL };

  for (guint i = 2; i <= 1001; i++)
    g_string_append_printf (text, "[Step %u]\n" GOOD_STEP, i);
  assert_refused (text->str, text->len, expect);
}

static void
test_too_long_texts (void)
{
  g_autoptr (GString) title = g_string_new ("[Lesson]\nVersion=1\nTitle=");
  g_autoptr (GString) note = good_file ();
  const char *expect_title[] = { "Title", "too long", NULL };
  const char *expect_note[] = { "Note", "Step 1", NULL };

  for (guint i = 0; i < 201; i++)
    g_string_append (title, "é");
  g_string_append (title, "\n[Step 1]\n" GOOD_STEP);
  assert_refused (title->str, title->len, expect_title);

  g_string_append (note, "Note=");
  for (guint i = 0; i < 4001; i++)
    g_string_append_c (note, 'x');
  g_string_append_c (note, '\n');
  assert_refused (note->str, note->len, expect_note);
}

static void
test_huge_file (Fixture *f, gconstpointer data)
{
  g_autoptr (GString) text = good_file ();
  g_autofree char *path = g_build_filename (f->dir, "huge.dpviz-lesson", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (DpvizLesson) lesson = NULL;
  const char *expect[] = { "too large", "MiB", NULL };

  /* Valid syntax throughout (comments), only the size is wrong. */
  while (text->len <= 1024 * 1024)
    g_string_append (text, "# padding padding padding padding padding padding padding\n");
  assert_refused (text->str, text->len, expect);

  g_assert_true (g_file_set_contents (path, text->str, text->len, NULL));
  lesson = dpviz_lesson_load (file, &error);
  g_assert_null (lesson);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_assert_nonnull (strstr (error->message, "too large"));
  g_clear_error (&error);

  /* Just under the limit is fine. */
  g_string_truncate (text, 1024 * 1024 - 1);
  g_string_truncate (text, strrchr (text->str, '\n') - text->str + 1);
  g_assert_true (g_file_set_contents (path, text->str, text->len, NULL));
  lesson = dpviz_lesson_load (file, &error);
  g_assert_no_error (error);
  g_assert_nonnull (lesson);
}

static void
test_missing_file (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "absent.dpviz-lesson", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (DpvizLesson) lesson = NULL;

  lesson = dpviz_lesson_load (file, &error);
  g_assert_null (lesson);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
}

static void
test_unknown_keys_ignored (void)
{
  static const char text[] =
    "# written by hand\n"
    "[Lesson]\n"
    "Version=1\n"
    "Author=Someone\n"
    "Title=  Privacy loss  \n"
    "[Step 1]\n"
    "Mechanism=gaussian\n"
    "View=regions\n"
    "Epsilon = 0.5\n"
    "Delta=1e-6\n"
    "Sensitivity=2\n"
    "K=7\n"
    "Colour=red\n"
    "Note=Slide 12\\nsecond line\n"
    "Note[xx_YY]=localized\n"
    "[Appendix]\n"
    "Epsilon=not a number\n"
    "[Stepper]\n"
    "K=-5\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (DpvizLesson) lesson = NULL;
  DpvizLessonStep *step;

  lesson = dpviz_lesson_load_from_data (text, sizeof text - 1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (lesson);
  g_assert_cmpstr (lesson->title, ==, "Privacy loss");
  g_assert_cmpuint (lesson->steps->len, ==, 1);
  step = step_at (lesson, 0);
  g_assert_cmpint (step->params.mechanism, ==, DP_MECHANISM_GAUSSIAN);
  g_assert_cmpint (step->view, ==, DPVIZ_VIEW ("regions"));
  g_assert_cmpfloat (step->params.epsilon, ==, 0.5);
  g_assert_cmpfloat (step->params.delta, ==, 1e-6);
  g_assert_cmpfloat (step->params.sensitivity, ==, 2.0);
  g_assert_cmpuint (step->params.k, ==, 7);
  g_assert_true (step->params.eps_prime < 0);
  g_assert_false (step->params.log_y);
  g_assert_cmpstr (step->note, ==, "Slide 12\nsecond line");
}

/* Every parameter of the table has its key: one no view of the step uses is read, checked by
 * the table, and absent it keeps its default; a saved step writes the parameters of its view
 * only. */
static void
test_table_keys (void)
{
  static const char text[] =
    "[Lesson]\nVersion=1\n"
    "[Step 1]\nMechanism=laplace\nView=densities\nEpsilon=1\nDelta=1e-5\nSensitivity=1\n"
    "K=10\nSeed=2147483647\n"
    "[Step 2]\nMechanism=laplace\nView=densities\nEpsilon=1\nDelta=1e-5\nSensitivity=1\n"
    "K=10\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (DpvizLesson) lesson = NULL;
  g_autoptr (DpvizLesson) bad = NULL;
  g_autoptr (GString) refused = g_string_new (text);
  g_autofree char *dir = g_dir_make_tmp ("dpviz-lesson-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "seed.dpviz", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autofree char *saved = NULL;

  lesson = dpviz_lesson_load_from_data (text, sizeof text - 1, &error);
  g_assert_no_error (error);
  g_assert_true (step_at (lesson, 0)->params.seed == 2147483647u);
  g_assert_true (step_at (lesson, 1)->params.seed
                 == (guint64) dpv_param_spec (DPV_PARAM_SEED)->def);

  /* beyond libdpcore's seeds: refused, with the key named */
  g_string_replace (refused, "Seed=2147483647", "Seed=2147483648", 1);
  bad = dpviz_lesson_load_from_data (refused->str, refused->len, &error);
  g_assert_null (bad);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_assert_nonnull (strstr (error->message, "Seed"));
  g_assert_nonnull (strstr (error->message, "2147483647"));
  g_clear_error (&error);

  /* the densities view has no seed: not written */
  g_assert_true (dpviz_lesson_save (lesson, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &saved, NULL, NULL));
  g_assert_null (strstr (saved, "Seed="));
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_multi_step_order (void)
{
  /* Steps are ordered by number, not by position in the file; gaps are allowed. */
  static const char text[] =
    "[Step 10]\nMechanism=rr\nView=kl\nEpsilon=3\nDelta=0.01\nSensitivity=1\nK=3\nLogY=true\n"
    "[Lesson]\nVersion=1\n"
    "[Step 2]\nMechanism=gaussian\nView=composition\nEpsilon=2\nDelta=1e-3\nSensitivity=1\n"
    "K=2\n"
    "[Step 1]\nMechanism=laplace\nView=regions\nEpsilon=1\nDelta=1e-5\nSensitivity=1\nK=1\n"
    "EpsilonPrime=0.25\nNote=first\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (DpvizLesson) lesson = NULL;

  lesson = dpviz_lesson_load_from_data (text, sizeof text - 1, &error);
  g_assert_no_error (error);
  g_assert_null (lesson->title);
  g_assert_cmpuint (lesson->steps->len, ==, 3);
  g_assert_cmpuint (step_at (lesson, 0)->params.k, ==, 1);
  g_assert_cmpfloat (step_at (lesson, 0)->params.eps_prime, ==, 0.25);
  g_assert_cmpstr (step_at (lesson, 0)->note, ==, "first");
  g_assert_cmpint (step_at (lesson, 1)->params.mechanism, ==, DP_MECHANISM_GAUSSIAN);
  g_assert_cmpint (step_at (lesson, 1)->view, ==, DPVIZ_VIEW ("composition"));
  g_assert_null (step_at (lesson, 1)->note);
  g_assert_cmpint (step_at (lesson, 2)->params.mechanism, ==, DP_MECHANISM_RR);
  g_assert_cmpfloat (step_at (lesson, 2)->params.epsilon, ==, 3.0);
  g_assert_true (step_at (lesson, 2)->params.log_y);
}

static void
test_many_steps_fast (void)
{
  /* The maximum number of steps loads (and quickly: a test timeout would catch a quadratic
   * blow-up on hostile input). */
  g_autoptr (GString) text = good_file ();
  g_autoptr (GError) error = NULL;
  g_autoptr (DpvizLesson) lesson = NULL;

  for (guint i = 2; i <= 1000; i++)
    g_string_append_printf (text, "[Step %u]\n" GOOD_STEP "K=%u\n", i, i);
  lesson = dpviz_lesson_load_from_data (text->str, text->len, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (lesson->steps->len, ==, 1000);
  g_assert_cmpuint (step_at (lesson, 999)->params.k, ==, 1000);
  g_assert_cmpuint (step_at (lesson, 0)->params.k, ==, 100);
}

/* ---- with the parameter model ---- */

static void
assert_model_is (DpvizModel *model, DpMechanismKind mechanism, guint view, double epsilon,
                 double delta, double sensitivity, guint k)
{
  g_assert_cmpint (dpviz_model_get_mechanism (model), ==, mechanism);
  g_assert_cmpint (dpviz_model_get_view (model), ==, view);
  g_assert_cmpfloat (dpviz_model_get_epsilon (model), ==, epsilon);
  g_assert_cmpfloat (dpviz_model_get_delta (model), ==, delta);
  g_assert_cmpfloat (dpviz_model_get_sensitivity (model), ==, sensitivity);
  g_assert_cmpuint (dpviz_model_get_k (model), ==, k);
}

static void
count_changed (DpvizModel *model, guint *count)
{
  (*count)++;
}

static void
test_apply_steps (void)
{
  static const char text[] =
    "[Lesson]\nVersion=1\n"
    "[Step 1]\nMechanism=gaussian\nView=composition\nEpsilon=0.25\nDelta=1e-7\n"
    "Sensitivity=3\nK=42\n"
    "[Step 2]\nMechanism=rr\nView=kl\nEpsilon=5\nDelta=0.125\nSensitivity=0.5\nK=9\n";
  g_autoptr (DpvizModel) model = dpviz_model_new ();
  g_autoptr (DpvizLesson) lesson = NULL;
  g_autoptr (GError) error = NULL;
  guint changed = 0;

  g_signal_connect (model, "changed", G_CALLBACK (count_changed), &changed);
  lesson = dpviz_lesson_load_from_data (text, sizeof text - 1, &error);
  g_assert_no_error (error);

  g_assert_true (dpviz_lesson_apply_step (lesson, 0, model, &error));
  g_assert_no_error (error);
  assert_model_is (model, DP_MECHANISM_GAUSSIAN, DPVIZ_VIEW ("composition"), 0.25, 1e-7, 3.0, 42);
  g_assert_cmpuint (changed, ==, 1);

  g_assert_true (dpviz_lesson_apply_step (lesson, 1, model, &error));
  g_assert_no_error (error);
  assert_model_is (model, DP_MECHANISM_RR, DPVIZ_VIEW ("kl"), 5.0, 0.125, 0.5, 9);
  g_assert_cmpuint (changed, ==, 2);

  /* No step 3: refused, nothing changes. */
  g_assert_false (dpviz_lesson_apply_step (lesson, 2, model, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  assert_model_is (model, DP_MECHANISM_RR, DPVIZ_VIEW ("kl"), 5.0, 0.125, 0.5, 9);
  g_assert_cmpuint (changed, ==, 2);
}

static void
test_bad_file_leaves_model (void)
{
  g_autoptr (DpvizModel) model = dpviz_model_new ();
  g_autoptr (GError) error = NULL;
  guint changed = 0;

  g_assert_true (dpviz_model_set_epsilon (model, 0.5, NULL));
  g_assert_true (dpviz_model_set_k (model, 17, NULL));
  dpviz_model_set_mechanism (model, DP_MECHANISM_GAUSSIAN);
  dpviz_model_set_view (model, DPVIZ_VIEW ("regions"));
  g_signal_connect (model, "changed", G_CALLBACK (count_changed), &changed);

  /* How the app opens a lesson: load, then apply the first step. Every bad file stops at
   * load, so the model never sees any of its values. */
  for (guint i = 0; i < G_N_ELEMENTS (bad_files); i++)
    {
      g_autoptr (DpvizLesson) lesson =
        dpviz_lesson_load_from_data (bad_files[i].text, strlen (bad_files[i].text), &error);

      g_assert_null (lesson);
      g_assert_nonnull (error);
      g_clear_error (&error);
    }
  assert_model_is (model, DP_MECHANISM_GAUSSIAN, DPVIZ_VIEW ("regions"), 0.5, DPV_PARAM_DEFAULT (DELTA),
                   DPV_PARAM_DEFAULT (SENSITIVITY), 17);
  g_assert_cmpuint (changed, ==, 0);
}

static void
test_from_model (Fixture *f, gconstpointer data)
{
  g_autoptr (DpvizModel) model = dpviz_model_new ();
  g_autoptr (DpvizModel) other = dpviz_model_new ();
  g_autoptr (DpvizLesson) lesson = NULL;
  g_autoptr (DpvizLesson) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_build_filename (f->dir, "model.dpviz-lesson", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);

  g_assert_true (dpviz_model_set_epsilon (model, 0.3, NULL));
  g_assert_true (dpviz_model_set_delta (model, 2e-9, NULL));
  g_assert_true (dpviz_model_set_sensitivity (model, 0.7, NULL));
  g_assert_true (dpviz_model_set_k (model, 1234, NULL));
  dpviz_model_set_mechanism (model, DP_MECHANISM_RR);
  dpviz_model_set_view (model, DPVIZ_VIEW ("kl"));

  lesson = dpviz_lesson_new_from_model (model);
  g_assert_cmpuint (lesson->steps->len, ==, 1);
  g_assert_true (dpviz_lesson_save (lesson, file, &error));
  g_assert_no_error (error);
  loaded = dpviz_lesson_load (file, &error);
  g_assert_no_error (error);
  g_assert_true (dpviz_lesson_apply_step (loaded, 0, other, &error));
  g_assert_no_error (error);
  assert_model_is (other, DP_MECHANISM_RR, DPVIZ_VIEW ("kl"), 0.3, 2e-9, 0.7, 1234);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/lesson/round-trip", Fixture, NULL, fixture_set_up, test_round_trip,
              fixture_tear_down);
  g_test_add ("/lesson/save-atomic", Fixture, NULL, fixture_set_up, test_save_atomic,
              fixture_tear_down);
  for (guint i = 0; i < G_N_ELEMENTS (bad_files); i++)
    {
      g_autofree char *path = g_strdup_printf ("/lesson/refused/%s", bad_files[i].name);

      g_test_add_data_func (path, &bad_files[i], test_bad_file);
    }
  g_test_add_func ("/lesson/refused/encoding", test_bad_encoding);
  g_test_add_func ("/lesson/refused/too-many-steps", test_too_many_steps);
  g_test_add_func ("/lesson/refused/too-long-texts", test_too_long_texts);
  g_test_add ("/lesson/refused/huge-file", Fixture, NULL, fixture_set_up, test_huge_file,
              fixture_tear_down);
  g_test_add ("/lesson/refused/missing-file", Fixture, NULL, fixture_set_up, test_missing_file,
              fixture_tear_down);
  g_test_add_func ("/lesson/unknown-keys-ignored", test_unknown_keys_ignored);
  g_test_add_func ("/lesson/table-keys", test_table_keys);
  g_test_add_func ("/lesson/multi-step-order", test_multi_step_order);
  g_test_add_func ("/lesson/many-steps", test_many_steps_fast);
  g_test_add_func ("/lesson/model/apply-steps", test_apply_steps);
  g_test_add_func ("/lesson/model/bad-file-leaves-model", test_bad_file_leaves_model);
  g_test_add ("/lesson/model/from-model", Fixture, NULL, fixture_set_up, test_from_model,
              fixture_tear_down);

  return g_test_run ();
}
