/* test-lesson-file.c — lesson files: every rule of the format, and saving without losing a word
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected values are written into the test (literal file texts, literal numbers and the
 * exact bytes a save must produce), never taken from the code under test. No GTK: the loader
 * is the one the app, dpviz-cli and the fuzzer share.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dpviz-lesson-file.h"
#include "../app/test-app-util.h"

#define GOOD_STEP \
  "Mechanism=laplace\nView=densities\nEpsilon=1\nDelta=1e-5\nSensitivity=1\nK=100\n"
#define HEAD "[Lesson]\nVersion=1\n"

/* The registry index of the view named @name. */
#define VIEW(name) ((guint) dpv_registry_index (dpv_registry_lookup (name)))

static const char *const C_ONLY[] = { "C", NULL };
static const char *const ZH[] = { "zh_CN.UTF-8", "zh_CN", "zh", "C", NULL };

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

static DpvizLesson *
load_ok (const char *text, const char *const *languages)
{
  g_autoptr (GError) error = NULL;
  DpvizLesson *lesson;

  lesson = dpviz_lesson_load_from_data_for_languages (text, strlen (text), languages, &error);
  g_assert_no_error (error);
  g_assert_nonnull (lesson);
  return lesson;
}

/* The saved bytes, as a string (lesson files hold no NUL). */
static char *
save_text (const DpvizLesson *lesson)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = dpviz_lesson_to_bytes (lesson, &error);
  gsize size = 0;
  const char *data;

  g_assert_no_error (error);
  g_assert_nonnull (bytes);
  data = g_bytes_get_data (bytes, &size);
  g_assert_null (memchr (data, '\0', size));
  return g_strndup (data, size);
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
  dpviz_lesson_add_step (lesson, &p, VIEW ("composition"),
                         "300 queries at ε = 0.1:\nwhat do they cost?");

  p.mechanism = DP_MECHANISM_GAUSSIAN;
  p.epsilon = 1.0 / 3.0;
  p.delta = DPV_PARAM_MIN (DELTA);
  p.sensitivity = DPV_PARAM_MAX (SENSITIVITY);
  p.k = DPV_PARAM_MAX (K);
  p.eps_prime = 0.7;
  dpviz_lesson_add_step (lesson, &p, VIEW ("regions"), NULL);

  p.mechanism = DP_MECHANISM_RR;
  p.epsilon = DPV_PARAM_MAX (EPSILON);
  p.delta = DPV_PARAM_MAX (DELTA);
  p.sensitivity = DPV_PARAM_MIN (SENSITIVITY);
  p.k = DPV_PARAM_MIN (K);
  p.eps_prime = -1.0;
  p.log_y = TRUE;
  dpviz_lesson_add_step (lesson, &p, VIEW ("kl"),
                         "Key=value; [not a group] \\ # not a comment\ttab");
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

/* ---- a new lesson ------------------------------------------------------------------------ */

static void
test_new_lesson_text (void)
{
  g_autoptr (DpvizLesson) lesson = make_lesson ();
  g_autofree char *text = save_text (lesson);
  /* The layout of docs/lesson-format.md, every number the shortest that reads back exactly. */
  static const char expected[] =
    "# DPViz lesson: one [Step N] group per demonstration.\n"
    "# Format: docs/lesson-format.md in the DPViz sources.\n"
    "[Lesson]\n"
    "Version=1\n"
    "Title=Composition — 第三章 ε\n"
    "\n"
    "[Step 1]\n"
    "Mechanism=laplace\n"
    "View=composition\n"
    "Epsilon=0.1\n"
    "Delta=1e-06\n"
    "Sensitivity=1\n"
    "K=300\n"
    "Note=300 queries at ε = 0.1:\\nwhat do they cost?\n"
    "\n"
    "[Step 2]\n"
    "Mechanism=gaussian\n"
    "View=regions\n"
    "Epsilon=0.3333333333333333\n"
    "Delta=1e-12\n"
    "Sensitivity=10\n"
    "K=10000\n"
    "EpsilonPrime=0.7\n"
    "\n"
    "[Step 3]\n"
    "Mechanism=rr\n"
    "View=kl\n"
    "Epsilon=10\n"
    "Delta=0.5\n"
    "Sensitivity=0.1\n"
    "K=1\n"
    "LogY=true\n"
    "Note=Key=value; [not a group] \\\\ # not a comment\\ttab\n";

  g_assert_cmpstr (text, ==, expected);
}

static void
test_round_trip (Fixture *f, gconstpointer data)
{
  g_autoptr (DpvizLesson) lesson = make_lesson ();
  g_autoptr (DpvizLesson) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_build_filename (f->dir, "lesson.dpviz", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autofree char *first = NULL;
  g_autofree char *again = NULL;

  g_assert_null (dpviz_lesson_get_file (lesson));
  g_assert_true (dpviz_lesson_save (lesson, file, &error));
  g_assert_no_error (error);

  loaded = dpviz_lesson_load (file, &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  g_assert_true (g_file_equal (dpviz_lesson_get_file (loaded), file));
  g_assert_cmpstr (loaded->title, ==, lesson->title);
  g_assert_cmpuint (loaded->steps->len, ==, 3);
  for (guint i = 0; i < 3; i++)
    assert_steps_equal (step_at (lesson, i), step_at (loaded, i));

  /* Saved again to the file it came from: the same bytes. */
  g_assert_true (g_file_get_contents (path, &first, NULL, NULL));
  g_assert_true (dpviz_lesson_save (loaded, dpviz_lesson_get_file (loaded), &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &again, NULL, NULL));
  g_assert_cmpstr (again, ==, first);
}

/* ---- lessons that never lose a word (#19) --------------------------------------------- */

/* A hand-written file with everything a lecturer may put in one: a byte-order mark, comments
 * everywhere, translations, unknown keys and groups, keys in an unusual order, spaces around
 * “=”, blank lines, steps out of order with a gap, and no line end after the last line. */
static const char rich[] =
  "\xef\xbb\xbf# Lecture 3: composition\n"
  "#   prepared for room 101\n"
  "\n"
  "[Lesson]\n"
  "Version=1\n"
  "Title=Composition in practice\n"
  "Title[zh_CN]=组合定理实践\n"
  "Author=A. Lecturer\n"
  "\n"
  "# the slides that go with it\n"
  "[Slides]\n"
  "File=lecture3.pdf\n"
  "Pages=12-18\n"
  "\n"
  "# the second demonstration\n"
  "[Step 20]\n"
  "K = 300\n"
  "Mechanism=laplace\n"
  "View=composition\n"
  "# small ε, many queries\n"
  "Epsilon=0.1\n"
  "Delta=1e-06\n"
  "Sensitivity=1\n"
  "Note=300 queries at ε = 0.1:\\nwhat do they cost?\n"
  "Note[zh_CN]=在 ε = 0.1 下进行 300 次查询：\\n代价是多少？\n"
  "Colour=red\n"
  "\n"
  "# the first demonstration\n"
  "[Step 10]\n"
  "Mechanism=gaussian\n"
  "View=regions\n"
  "Epsilon=1.0\n"
  "Delta=1e-5\n"
  "Sensitivity=1\n"
  "K=1\n"
  "EpsilonPrime=0.3\n"
  "Note=Where does δ come from?\n"
  "# end of file";

static void
test_preserve_unchanged (void)
{
  g_autoptr (DpvizLesson) c = load_ok (rich, C_ONLY);
  g_autoptr (DpvizLesson) zh = load_ok (rich, ZH);
  g_autofree char *saved_c = NULL;
  g_autofree char *saved_zh = NULL;

  g_assert_cmpstr (c->title, ==, "Composition in practice");
  g_assert_cmpstr (zh->title, ==, "组合定理实践");
  g_assert_cmpuint (c->steps->len, ==, 2);
  g_assert_cmpint (step_at (c, 0)->params.mechanism, ==, DP_MECHANISM_GAUSSIAN);
  g_assert_cmpfloat (step_at (c, 0)->params.epsilon, ==, 1.0);
  g_assert_cmpstr (step_at (c, 1)->note, ==, "300 queries at ε = 0.1:\nwhat do they cost?");
  g_assert_cmpstr (step_at (zh, 1)->note, ==, "在 ε = 0.1 下进行 300 次查询：\n代价是多少？");
  g_assert_cmpuint (step_at (c, 1)->params.k, ==, 300);

  /* Open → save, in either language: every byte as it was. */
  saved_c = save_text (c);
  saved_zh = save_text (zh);
  g_assert_cmpstr (saved_c, ==, rich);
  g_assert_cmpstr (saved_zh, ==, rich);
}

static void
test_preserve_changed (void)
{
  g_autoptr (DpvizLesson) lesson = load_ok (rich, C_ONLY);
  g_autofree char *text = NULL;
  DpvParams p;
  /* Only the lines of the values that changed differ; a new key goes after the last entry. */
  static const char expected[] =
    "\xef\xbb\xbf# Lecture 3: composition\n"
    "#   prepared for room 101\n"
    "\n"
    "[Lesson]\n"
    "Version=1\n"
    "Title=Composition, revised\n"
    "Title[zh_CN]=组合定理实践\n"
    "Author=A. Lecturer\n"
    "\n"
    "# the slides that go with it\n"
    "[Slides]\n"
    "File=lecture3.pdf\n"
    "Pages=12-18\n"
    "\n"
    "# the second demonstration\n"
    "[Step 20]\n"
    "K=500\n"
    "Mechanism=laplace\n"
    "View=composition\n"
    "# small ε, many queries\n"
    "Epsilon=0.1\n"
    "Delta=1e-06\n"
    "Sensitivity=1\n"
    "Note=500 queries\n"
    "Note[zh_CN]=在 ε = 0.1 下进行 300 次查询：\\n代价是多少？\n"
    "Colour=red\n"
    "LogY=true\n"
    "\n"
    "# the first demonstration\n"
    "[Step 10]\n"
    "Mechanism=gaussian\n"
    "View=regions\n"
    "Epsilon=0.25\n"
    "Delta=1e-5\n"
    "Sensitivity=1\n"
    "K=1\n"
    "Note=Where does δ come from?\n"
    "# end of file";

  p = step_at (lesson, 0)->params;
  p.epsilon = 0.25;
  p.eps_prime = -1;        /* solved from δ again: the key goes */
  g_assert_true (dpviz_lesson_set_step (lesson, 0, &p, VIEW ("regions"), NULL));
  p = step_at (lesson, 1)->params;
  p.k = 500;
  p.log_y = TRUE;
  g_assert_true (dpviz_lesson_set_step (lesson, 1, &p, VIEW ("composition"), NULL));
  dpviz_lesson_set_step_note (lesson, 1, "  500 queries \n");
  dpviz_lesson_set_title (lesson, "Composition, revised");

  text = save_text (lesson);
  g_assert_cmpstr (text, ==, expected);
}

static void
test_preserve_translation_edited (void)
{
  g_autoptr (DpvizLesson) lesson = load_ok (rich, ZH);
  g_autofree char *text = NULL;
  g_autofree char *expected = NULL;
  g_autoptr (DpvizLesson) again = NULL;

  /* Edited in Chinese: the Chinese entries change, the English ones stay. */
  dpviz_lesson_set_title (lesson, "组合");
  dpviz_lesson_set_step_note (lesson, 1, "新的注释");
  text = save_text (lesson);
  {
    g_autoptr (GString) s = g_string_new (rich);

    g_string_replace (s, "Title[zh_CN]=组合定理实践\n", "Title[zh_CN]=组合\n", 1);
    g_string_replace (s, "Note[zh_CN]=在 ε = 0.1 下进行 300 次查询：\\n代价是多少？\n",
                      "Note[zh_CN]=新的注释\n", 1);
    expected = g_string_free (g_steal_pointer (&s), FALSE);
  }
  g_assert_cmpstr (text, ==, expected);
  again = load_ok (text, C_ONLY);
  g_assert_cmpstr (again->title, ==, "Composition in practice");

  /* A translated note cleared: the translation stays, empty, so that a Chinese reader sees
   * no note rather than the English one; the English note stays. */
  dpviz_lesson_set_step_note (lesson, 1, NULL);
  g_clear_pointer (&text, g_free);
  text = save_text (lesson);
  g_assert_nonnull (strstr (text, "\nNote[zh_CN]=\n"));
  g_assert_nonnull (strstr (text, "Note=300 queries at ε = 0.1:\\nwhat do they cost?\n"));
  g_clear_pointer (&again, dpviz_lesson_free);
  again = load_ok (text, ZH);
  g_assert_null (step_at (again, 1)->note);
  g_clear_pointer (&again, dpviz_lesson_free);
  again = load_ok (text, C_ONLY);
  g_assert_cmpstr (step_at (again, 1)->note, ==, "300 queries at ε = 0.1:\nwhat do they cost?");

  /* An untranslated note cleared: its entry goes. */
  {
    g_autoptr (DpvizLesson) c = load_ok (rich, C_ONLY);
    g_autofree char *c_text = NULL;

    dpviz_lesson_set_step_note (c, 0, NULL);
    c_text = save_text (c);
    g_assert_null (strstr (c_text, "Where does δ come from?"));
  }
}

static void
test_preserve_steps_edited (void)
{
  g_autoptr (DpvizLesson) lesson = load_ok (rich, C_ONLY);
  g_autoptr (DpvizLessonStep) removed = NULL;
  g_autoptr (DpvizLesson) reloaded = NULL;
  g_autofree char *text = NULL;
  DpvParams p;

  /* Remove the first step: its group goes with the comments above it and in it (the last
   * group of the file holds the file's last comment), nothing else; the file still ends
   * without a line end. */
  removed = dpviz_lesson_remove_step (lesson, 0);
  text = save_text (lesson);
  g_assert_null (strstr (text, "[Step 10]"));
  g_assert_null (strstr (text, "# the first demonstration"));
  g_assert_null (strstr (text, "Where does δ come from?"));
  g_assert_null (strstr (text, "# end of file"));
  g_assert_true (g_str_has_suffix (text, "Note[zh_CN]=在 ε = 0.1 下进行 300 次查询：\\n代价是多少？\n"
                                         "Colour=red"));
  g_assert_nonnull (strstr (text, "[Slides]\nFile=lecture3.pdf\n"));
  g_assert_nonnull (strstr (text, "[Step 20]\n"));

  /* Undo: the file is whole again, byte for byte. */
  dpviz_lesson_restore_step (lesson, 0, g_steal_pointer (&removed));
  g_clear_pointer (&text, g_free);
  text = save_text (lesson);
  g_assert_cmpstr (text, ==, rich);

  /* A new step between the two: the numbers leave room (10 < 11 < 20); its group follows
   * that of the step before it. */
  dpv_params_init (&p);
  p.k = 7;
  dpviz_lesson_insert_step (lesson, 1, &p, VIEW ("kl"), "inserted");
  g_clear_pointer (&text, g_free);
  text = save_text (lesson);
  g_assert_true (g_str_has_suffix (text, "Note=Where does δ come from?\n"
                                         "# end of file\n"
                                         "\n"
                                         "[Step 11]\n"
                                         "Mechanism=laplace\n"
                                         "View=kl\n"
                                         "Epsilon=1\n"
                                         "Delta=1e-05\n"
                                         "Sensitivity=1\n"
                                         "K=7\n"
                                         "Note=inserted"));
  reloaded = load_ok (text, C_ONLY);
  g_assert_cmpuint (reloaded->steps->len, ==, 3);
  g_assert_cmpuint (step_at (reloaded, 1)->params.k, ==, 7);
  g_assert_cmpuint (step_at (reloaded, 2)->params.k, ==, 300);

  /* Moving the last step first: the numbers no longer increase, so they are renumbered 1,
   * 2, 3; each group keeps its place in the file and its contents. */
  dpviz_lesson_move_step (lesson, 2, 0);
  g_clear_pointer (&text, g_free);
  text = save_text (lesson);
  g_assert_nonnull (strstr (text, "# the second demonstration\n[Step 1]\nK = 300\n"));
  g_assert_nonnull (strstr (text, "# the first demonstration\n[Step 2]\nMechanism=gaussian\n"));
  g_assert_nonnull (strstr (text, "[Step 3]\nMechanism=laplace\nView=kl\n"));
  g_clear_pointer (&reloaded, dpviz_lesson_free);
  reloaded = load_ok (text, C_ONLY);
  g_assert_cmpuint (step_at (reloaded, 0)->params.k, ==, 300);
  g_assert_cmpint (step_at (reloaded, 1)->params.mechanism, ==, DP_MECHANISM_GAUSSIAN);
  g_assert_cmpuint (step_at (reloaded, 2)->params.k, ==, 7);
  g_assert_cmpstr (reloaded->title, ==, "Composition in practice");
}

static void
test_preserve_line_ends (void)
{
  static const char crlf[] = "[Lesson]\r\nVersion=1\r\n# comment\r\n[Step 1]\r\n"
                             "Mechanism=laplace\r\nView=densities\r\nEpsilon=1\r\n"
                             "Delta=1e-5\r\nSensitivity=1\r\nK=100\r\n";
  static const char expected[] = "[Lesson]\r\nVersion=1\r\n# comment\r\n[Step 1]\r\n"
                                 "Mechanism=laplace\r\nView=densities\r\nEpsilon=2\r\n"
                                 "Delta=1e-5\r\nSensitivity=1\r\nK=100\r\nNote=a\\nb\r\n";
  g_autoptr (DpvizLesson) lesson = load_ok (crlf, C_ONLY);
  g_autofree char *same = save_text (lesson);
  g_autofree char *changed = NULL;
  DpvParams p = step_at (lesson, 0)->params;

  g_assert_cmpstr (same, ==, crlf);
  p.epsilon = 2;
  g_assert_true (dpviz_lesson_set_step (lesson, 0, &p, VIEW ("densities"), NULL));
  dpviz_lesson_set_step_note (lesson, 0, "a\nb");
  changed = save_text (lesson);
  g_assert_cmpstr (changed, ==, expected);
}

static void
test_new_step_after_last_line (void)
{
  /* The last line had no line end: a step added after it gets one between, and the file
   * still ends without one. */
  static const char text[] = HEAD "[Step 1]\n" GOOD_STEP "Note=last";
  g_autoptr (DpvizLesson) lesson = load_ok (text, C_ONLY);
  g_autofree char *saved = NULL;
  DpvParams p;

  dpv_params_init (&p);
  dpviz_lesson_add_step (lesson, &p, VIEW ("kl"), NULL);
  saved = save_text (lesson);
  g_assert_cmpstr (saved, ==, HEAD "[Step 1]\n" GOOD_STEP "Note=last\n"
                              "\n[Step 2]\nMechanism=laplace\nView=kl\nEpsilon=1\n"
                              "Delta=1e-05\nSensitivity=1\nK=100");
}

static void
test_set_step_refuses (void)
{
  g_autoptr (DpvizLesson) lesson = load_ok (HEAD "[Step 1]\n" GOOD_STEP, C_ONLY);
  g_autoptr (GError) error = NULL;
  DpvParams p = step_at (lesson, 0)->params;

  p.epsilon = 11;
  g_assert_false (dpviz_lesson_set_step (lesson, 0, &p, VIEW ("kl"), &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_cmpfloat (step_at (lesson, 0)->params.epsilon, ==, 1.0);
  g_assert_cmpint (step_at (lesson, 0)->view, ==, VIEW ("densities"));
}

static void
test_save_atomic (Fixture *f, gconstpointer data)
{
  g_autoptr (DpvizLesson) lesson = make_lesson ();
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_build_filename (f->dir, "keep.dpviz", NULL);
  g_autofree char *missing = g_build_filename (f->dir, "no-such-dir", "x.dpviz", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GFile) missing_file = g_file_new_for_path (missing);
  g_autofree char *after = NULL;
  g_autoptr (GDir) dir = NULL;
  const char *old_text = "old contents\n";
  guint n_entries = 0;
  struct stat st;

  g_assert_true (g_file_set_contents (path, old_text, -1, NULL));
  g_assert_cmpint (g_chmod (path, 0640), ==, 0);

  /* An invalid step: refused, the existing file untouched. */
  step_at (lesson, 1)->params.epsilon = NAN;
  g_assert_false (dpviz_lesson_save (lesson, file, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "Step 2"));
  g_clear_error (&error);
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, old_text);

  /* A control character in a note cannot be written: refused. */
  step_at (lesson, 1)->params.epsilon = 2.0;
  g_free (step_at (lesson, 1)->note);
  step_at (lesson, 1)->note = g_strdup ("bell\a");
  g_assert_false (dpviz_lesson_save (lesson, file, &error));
  g_assert_nonnull (strstr (error->message, "Step 2"));
  g_clear_error (&error);
  dpviz_lesson_set_step_note (lesson, 1, NULL);

  /* A folder that does not exist: an error, nothing created. */
  g_assert_false (dpviz_lesson_save (lesson, missing_file, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);

  dir = g_dir_open (f->dir, 0, NULL);
  while (g_dir_read_name (dir) != NULL)
    n_entries++;
  g_assert_cmpuint (n_entries, ==, 1);

  /* A valid save replaces the old content completely and keeps the file's mode. */
  g_assert_true (dpviz_lesson_save (lesson, file, &error));
  g_assert_no_error (error);
  g_clear_pointer (&after, g_free);
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_null (strstr (after, "old contents"));
  g_assert_nonnull (strstr (after, "Epsilon=2\n"));
  g_assert_cmpint (stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0640);
}

/* ---- files that are refused ------------------------------------------------------------- */

typedef struct {
  const char *name;
  /* Either the whole file … */
  const char *text;
  /* … or the one step of a good file with @key set to @value (added when not there). */
  const char *key;
  const char *value;
  /* Substrings the message must contain (the group and key it blames), NULL-terminated. */
  const char *expect[4];
} BadFile;

static const BadFile bad_files[] = {
  { "empty", "", NULL, NULL, { "[Lesson]" } },
  { "not-a-line", HEAD "this line is not a key\n[Step 1]\n" GOOD_STEP, NULL, NULL,
    { "Line 3", "“this line is not a key”" } },
  { "unterminated-group", "[Lesson\nVersion=1\n", NULL, NULL, { "Line 1", "“[Lesson”" } },
  { "key-before-group", "Version=1\n" HEAD "[Step 1]\n" GOOD_STEP, NULL, NULL,
    { "Line 1", "Version", "before the first group" } },
  { "bad-key-name", HEAD "[Step 1]\n" GOOD_STEP "Ep silon=1\n", NULL, NULL,
    { "Line 10", "Ep silon" } },
  { "bad-locale", HEAD "Title[zh CN]=x\n[Step 1]\n" GOOD_STEP, NULL, NULL,
    { "Line 3", "Title[zh CN]" } },
  { "no-lesson-group", "[Step 1]\n" GOOD_STEP, NULL, NULL, { "[Lesson]" } },
  { "lesson-case", "[lesson]\nVersion=1\n[Step 1]\n" GOOD_STEP, NULL, NULL,
    { "[lesson]", "[Lesson]" } },
  { "no-version", "[Lesson]\nTitle=x\n[Step 1]\n" GOOD_STEP, NULL, NULL,
    { "Lesson", "Version" } },
  { "bad-version", "[Lesson]\nVersion=one\n[Step 1]\n" GOOD_STEP, NULL, NULL,
    { "Lesson", "Version", "one" } },
  { "zero-version", "[Lesson]\nVersion=0\n[Step 1]\n" GOOD_STEP, NULL, NULL, { "Version" } },
  { "version-leading-zero", "[Lesson]\nVersion=01\n[Step 1]\n" GOOD_STEP, NULL, NULL,
    { "Version", "“01”" } },
  { "newer-version", "[Lesson]\nVersion=2\n[Step 1]\n" GOOD_STEP, NULL, NULL, { "version 2" } },
  { "no-steps", HEAD "[Other]\nA=b\n", NULL, NULL, { "no steps" } },
  { "missing-epsilon",
    HEAD "[Step 1]\nMechanism=laplace\nView=kl\nDelta=1e-5\nSensitivity=1\nK=1\n", NULL, NULL,
    { "Step 1", "Epsilon" } },
  { "missing-mechanism",
    HEAD "[Step 1]\nView=kl\nEpsilon=1\nDelta=1e-5\nSensitivity=1\nK=1\n", NULL, NULL,
    { "Step 1", "Mechanism" } },
  { "epsilon-text", NULL, "Epsilon", "abc", { "Step 1", "Epsilon", "“abc”" } },
  { "epsilon-comma", NULL, "Epsilon", "1,5", { "Epsilon", "plain decimal number", "1,5" } },
  { "epsilon-empty", NULL, "Epsilon", "", { "Epsilon", "number" } },
  { "epsilon-nan", NULL, "Epsilon", "nan", { "Epsilon", "number", "nan" } },
  { "epsilon-NaN-payload", NULL, "Epsilon", "-NAN", { "Epsilon", "number" } },
  { "epsilon-inf", NULL, "Epsilon", "inf", { "Epsilon", "number" } },
  { "epsilon-overflow", NULL, "Epsilon", "1e999", { "Epsilon", "finite" } },
  { "epsilon-high", NULL, "Epsilon", "10.5", { "Epsilon", "10.5", "0.01 to 10" } },
  { "epsilon-zero", NULL, "Epsilon", "0", { "Epsilon", "range" } },
  { "epsilon-negative", NULL, "Epsilon", "-1", { "Epsilon", "range" } },
  /* Loose numbers: the format has plain decimals only (the fuzzer kept these). */
  { "epsilon-hex-float", NULL, "Epsilon", "0x1p-3", { "Step 1", "Epsilon", "0x1p-3" } },
  { "epsilon-plus", NULL, "Epsilon", "+1", { "Epsilon", "“+1”" } },
  { "epsilon-leading-dot", NULL, "Epsilon", ".5", { "Epsilon", "“.5”" } },
  { "epsilon-trailing-dot", NULL, "Epsilon", "5.", { "Epsilon", "“5.”" } },
  { "epsilon-leading-zero", NULL, "Epsilon", "01", { "Epsilon", "“01”" } },
  { "epsilon-escaped-space", NULL, "Epsilon", "\\s1", { "Epsilon", "“ 1”" } },
  { "epsilon-arabic-digit", NULL, "Epsilon", "\xd9\xa1", { "Epsilon", "١" } },
  { "epsilon-exponent-only", NULL, "Epsilon", "1e", { "Epsilon", "“1e”" } },
  { "k-leading-zero", NULL, "K", "0100", { "Step 1", "K", "“0100”" } },
  { "k-plus", NULL, "K", "+5", { "K", "“+5”" } },
  { "delta-high", NULL, "Delta", "0.6", { "Delta", "range" } },
  { "delta-underflow", NULL, "Delta", "1e-400", { "Delta", "range" } },
  { "sensitivity-low", NULL, "Sensitivity", "0.05", { "Sensitivity", "range" } },
  { "k-zero", NULL, "K", "0", { "K", "1 to 10000" } },
  { "k-high", NULL, "K", "10001", { "K", "10001" } },
  { "k-negative", NULL, "K", "-1", { "K" } },
  { "k-fraction", NULL, "K", "1.5", { "K", "1.5" } },
  { "k-huge", NULL, "K", "99999999999999999999999", { "K", "whole number" } },
  { "eps-prime-nan", NULL, "EpsilonPrime", "nan", { "EpsilonPrime", "number" } },
  { "log-y-maybe", NULL, "LogY", "maybe", { "LogY", "maybe" } },
  { "log-y-case", NULL, "LogY", "True", { "LogY", "True" } },
  { "unknown-mechanism", NULL, "Mechanism", "exponential",
    { "Mechanism", "exponential", "laplace" } },
  { "unknown-view", NULL, "View", "histogram", { "View", "histogram", "composition" } },
  { "mechanism-case", NULL, "Mechanism", "Laplace", { "Mechanism", "Laplace" } },
  { "view-case", NULL, "View", "KL", { "View", "“KL”" } },
  /* Invalid escapes (the fuzzer kept these). */
  { "escape-lone-mechanism", NULL, "Mechanism", "laplace\\",
    { "Step 1", "Mechanism", "lone backslash" } },
  { "escape-lone-k", NULL, "K", "1\\", { "Step 1", "K", "lone backslash" } },
  { "escape-unknown-title", "[Lesson]\nVersion=1\nTitle=bad\\q\n[Step 1]\n" GOOD_STEP, NULL,
    NULL, { "Lesson", "Title", "“\\q”" } },
  { "escape-semicolon-note", NULL, "Note", "a\\;b", { "Note", "“\\;”" } },
  { "escape-in-unknown-key", NULL, "Colour", "re\\d", { "Colour", "“\\d”" } },
  /* Repeated groups and keys (the last one used to win silently). */
  { "duplicate-version", "[Lesson]\nVersion=9\nVersion=1\n[Step 1]\n" GOOD_STEP, NULL, NULL,
    { "Version", "Lesson", "lines 2 and 3" } },
  { "duplicate-epsilon", NULL, "Epsilon=nan\nEpsilon", "1",
    { "Epsilon", "Step 1", "appears twice" } },
  { "duplicate-translation", NULL, "Note[zh_CN]=a\nNote[zh_CN]", "b",
    { "Note[zh_CN]", "Step 1", "appears twice" } },
  { "duplicate-step", HEAD "[Step 1]\n" GOOD_STEP "[Step 1]\n" GOOD_STEP, NULL, NULL,
    { "[Step 1]", "twice", "lines 3 and 10" } },
  { "duplicate-lesson", HEAD "[Step 1]\n" GOOD_STEP HEAD, NULL, NULL,
    { "[Lesson]", "twice" } },
  { "duplicate-unknown-group", HEAD "[X]\n[Step 1]\n" GOOD_STEP "[X]\n", NULL, NULL,
    { "[X]", "twice" } },
  /* Steps with a typo in the group name (they used to be dropped silently). */
  { "step-lower-case", HEAD "[Step 1]\n" GOOD_STEP "[step 2]\n" GOOD_STEP, NULL, NULL,
    { "“step 2”", "not a valid step" } },
  { "step-no-space", HEAD "[Step 1]\n" GOOD_STEP "[Step2]\n" GOOD_STEP, NULL, NULL,
    { "“Step2”" } },
  { "step-upper-case", HEAD "[STEP 3]\n" GOOD_STEP, NULL, NULL, { "“STEP 3”" } },
  { "step-underscore", HEAD "[Step_4]\n" GOOD_STEP, NULL, NULL, { "“Step_4”" } },
  { "step-spaces", HEAD "[ Step 1 ]\n" GOOD_STEP, NULL, NULL, { "“ Step 1 ”" } },
  { "step-zero", HEAD "[Step 0]\n" GOOD_STEP, NULL, NULL, { "Step 0" } },
  { "step-leading-zero", HEAD "[Step 01]\n" GOOD_STEP, NULL, NULL, { "Step 01" } },
  { "step-name", HEAD "[Step one]\n" GOOD_STEP, NULL, NULL, { "Step one" } },
  { "step-number-huge", HEAD "[Step 1001]\n" GOOD_STEP, NULL, NULL, { "Step 1001" } },
  { "step-plus", HEAD "[Step +1]\n" GOOD_STEP, NULL, NULL, { "Step +1" } },
  /* Keys that would be ignored: a known key in the wrong letter case, or translated. */
  { "key-case", NULL, "epsilon", "2", { "“epsilon”", "Step 1", "“Epsilon”" } },
  { "key-case-lesson", "[Lesson]\nversion=1\nVersion=1\n[Step 1]\n" GOOD_STEP, NULL, NULL,
    { "“version”", "“Version”" } },
  { "key-translated", NULL, "Epsilon[zh_CN]", "2",
    { "Epsilon[zh_CN]", "Step 1", "cannot be translated" } },
  /* Control characters, which a terminal or a label would act on. */
  { "control-escape", "[Lesson]\nVersion=1\nTitle=a\x1b[31mred\n[Step 1]\n" GOOD_STEP, NULL,
    NULL, { "Line 3", "“\\e”" } },
  { "control-lone-cr", HEAD "[Step 1]\n" GOOD_STEP "Note=a\rb\n", NULL, NULL,
    { "Line 10", "“\\r”" } },
  { "control-in-comment", "# \x07 bell\n" HEAD "[Step 1]\n" GOOD_STEP, NULL, NULL,
    { "Line 1", "“\\a”" } },
  { "bad-second-step", HEAD "[Step 1]\n" GOOD_STEP "[Step 2]\n"
    "Mechanism=laplace\nView=densities\nEpsilon=1\nDelta=2\nSensitivity=1\nK=100\n", NULL,
    NULL, { "Step 2", "Delta" } },
};

static char *
bad_file_text (const BadFile *bad)
{
  static const char *const keys[] = { "Mechanism", "View", "Epsilon", "Delta", "Sensitivity",
                                       "K" };
  static const char *const values[] = { "laplace", "densities", "1", "1e-5", "1", "100" };
  GString *text;
  gboolean replaced = FALSE;

  if (bad->text != NULL)
    return g_strdup (bad->text);
  text = g_string_new (HEAD "[Step 1]\n");
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      if (g_str_equal (keys[i], bad->key))
        {
          g_string_append_printf (text, "%s=%s\n", bad->key, bad->value);
          replaced = TRUE;
        }
      else
        g_string_append_printf (text, "%s=%s\n", keys[i], values[i]);
    }
  if (!replaced)
    g_string_append_printf (text, "%s=%s\n", bad->key, bad->value);
  return g_string_free (text, FALSE);
}

static void
assert_refused_in (const char *data, gsize length, const char *const *languages,
                   const char *const *expect)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DpvizLesson) lesson = NULL;

  lesson = dpviz_lesson_load_from_data_for_languages (data, length, languages, &error);
  g_assert_null (lesson);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_test_message ("refused: %s", error->message);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  g_assert_null (strchr (error->message, '\n'));
  g_assert_cmpuint (strlen (error->message), <, 400);
  for (guint i = 0; i < 4 && expect[i] != NULL; i++)
    if (strstr (error->message, expect[i]) == NULL)
      g_error ("message “%s” does not mention “%s”", error->message, expect[i]);
}

static void
assert_refused (const char *data, gsize length, const char *const *expect)
{
  assert_refused_in (data, length, C_ONLY, expect);
  assert_refused_in (data, length, ZH, expect);
}

static void
test_bad_file (gconstpointer data)
{
  const BadFile *bad = data;
  g_autofree char *text = bad_file_text (bad);

  assert_refused (text, strlen (text), bad->expect);
}

static GString *
good_file (void)
{
  return g_string_new (HEAD "[Step 1]\n" GOOD_STEP);
}

static void
test_bad_encoding (void)
{
  static const char latin1[] = HEAD "Title=Le\xe7on\n[Step 1]\n" GOOD_STEP;
  static const char nul[] = HEAD "[Step 1]\n" GOOD_STEP "Note=a\0b\n";
  const char *expect[] = { "UTF-8", NULL };

  assert_refused (latin1, sizeof latin1 - 1, expect);
  assert_refused (nul, sizeof nul - 1, expect);
}

static void
test_byte_order_mark (void)
{
  static const char text[] = "\xef\xbb\xbf" HEAD "[Step 1]\n" GOOD_STEP;
  static const char late[] = HEAD "[Step 1]\n" GOOD_STEP "\xef\xbb\xbf" "Note=x\n";
  const char *expect[] = { "Line 10", NULL };
  g_autoptr (DpvizLesson) lesson = load_ok (text, C_ONLY);
  g_autofree char *saved = save_text (lesson);

  /* At the start of the file it is accepted, and kept; anywhere else it is text that does
   * not belong in a key name. */
  g_assert_cmpuint (lesson->steps->len, ==, 1);
  g_assert_cmpstr (saved, ==, text);
  assert_refused (late, sizeof late - 1, expect);
}

static void
test_too_many_steps (void)
{
  g_autoptr (GString) text = good_file ();
  const char *expect[] = { "Step 1001", NULL };

  /* 1001 groups can only be written with a number above 1000. */
  for (guint i = 2; i <= 1001; i++)
    g_string_append_printf (text, "[Step %u]\n" GOOD_STEP, i);
  assert_refused (text->str, text->len, expect);
}

static void
test_too_long_texts (void)
{
  const char *expect_title[] = { "Title", "too long", NULL };
  const char *expect_title_zh[] = { "Title[zh_CN]", "too long", NULL };
  const char *expect_note[] = { "Note", "Step 1", "too long", NULL };
  const char *expect_note_de[] = { "Note[de]", "Step 1", "too long", NULL };
  g_autoptr (GString) title = g_string_new (HEAD "Title=");
  g_autoptr (GString) title_zh = g_string_new (HEAD "Title=short\nTitle[zh_CN]=");
  g_autoptr (GString) note = good_file ();
  g_autoptr (GString) note_de = good_file ();
  g_autoptr (GString) limit = g_string_new (HEAD "Title[zh_CN]=");

  for (guint i = 0; i < 201; i++)
    g_string_append (title, "é");
  g_string_append (title, "\n[Step 1]\n" GOOD_STEP);
  assert_refused (title->str, title->len, expect_title);

  /* A translation obeys the limit in every locale, not only when it is the one shown. */
  for (guint i = 0; i < 5000; i++)
    g_string_append (title_zh, "长");
  g_string_append (title_zh, "\n[Step 1]\n" GOOD_STEP);
  assert_refused (title_zh->str, title_zh->len, expect_title_zh);

  g_string_append (note, "Note=");
  for (guint i = 0; i < 4001; i++)
    g_string_append_c (note, 'x');
  g_string_append_c (note, '\n');
  assert_refused (note->str, note->len, expect_note);

  g_string_append (note_de, "Note[de]=");
  for (guint i = 0; i < 4001; i++)
    g_string_append (note_de, "ü");
  g_string_append_c (note_de, '\n');
  assert_refused (note_de->str, note_de->len, expect_note_de);

  /* At the limit exactly, in characters (not bytes): accepted. */
  for (guint i = 0; i < 200; i++)
    g_string_append (limit, "长");
  g_string_append (limit, "\n[Step 1]\n" GOOD_STEP);
  {
    g_autoptr (DpvizLesson) lesson = load_ok (limit->str, ZH);

    g_assert_cmpuint (g_utf8_strlen (lesson->title, -1), ==, 200);
  }
}

static void
test_huge_file (Fixture *f, gconstpointer data)
{
  g_autoptr (GString) text = good_file ();
  g_autofree char *path = g_build_filename (f->dir, "huge.dpviz", NULL);
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
  g_autofree char *path = g_build_filename (f->dir, "absent.dpviz", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (DpvizLesson) lesson = NULL;

  lesson = dpviz_lesson_load (file, &error);
  g_assert_null (lesson);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
}

/* A hostile value is quoted shortened and escaped, never whole. */
static void
test_long_value_quoted_short (void)
{
  g_autoptr (GString) text = g_string_new (HEAD "[Step 1]\nMechanism=");
  g_autoptr (GError) error = NULL;
  g_autoptr (DpvizLesson) lesson = NULL;

  for (guint i = 0; i < 100000; i++)
    g_string_append_c (text, 'a');
  g_string_append (text, "\nView=kl\nEpsilon=1\nDelta=1e-5\nSensitivity=1\nK=1\n");
  lesson = dpviz_lesson_load_from_data_for_languages (text->str, text->len, C_ONLY, &error);
  g_assert_null (lesson);
  g_assert_cmpuint (strlen (error->message), <, 400);
  g_assert_nonnull (strstr (error->message, "aaaa…"));
}

/* A list value the model refuses (a data set) is quoted short too: the model's message is
 * part of the lesson's. */
static void
test_long_list_quoted_short (void)
{
  g_autoptr (GString) text = g_string_new (HEAD "[Step 1]\nMechanism=laplace\nView=composition\n"
                                           "Epsilon=1\nDelta=1e-6\nSensitivity=1\nK=300\nAges=");
  g_autoptr (GError) error = NULL;
  g_autoptr (DpvizLesson) lesson = NULL;

  for (guint i = 0; i < 2000; i++)
    g_string_append (text, i % 10 == 0 ? "\\r" : "30-");   /* an escape the file unescapes */
  g_string_append_c (text, '\n');
  lesson = dpviz_lesson_load_from_data_for_languages (text->str, text->len, C_ONLY, &error);
  g_assert_null (lesson);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_test_message ("%s", error->message);
  g_assert_cmpuint (strlen (error->message), <, 400);
  g_assert_null (strchr (error->message, '\r'));
  g_assert_nonnull (strstr (error->message, "30-…"));
}

/* ---- files that load --------------------------------------------------------------------- */

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
    "K=-5\n"
    "[Steps overview]\n"
    "A=b\n";
  g_autoptr (DpvizLesson) lesson = load_ok (text, C_ONLY);
  DpvizLessonStep *step;

  g_assert_cmpstr (lesson->title, ==, "Privacy loss");
  g_assert_cmpuint (lesson->steps->len, ==, 1);
  step = step_at (lesson, 0);
  g_assert_cmpint (step->params.mechanism, ==, DP_MECHANISM_GAUSSIAN);
  g_assert_cmpint (step->view, ==, VIEW ("regions"));
  g_assert_cmpfloat (step->params.epsilon, ==, 0.5);
  g_assert_cmpfloat (step->params.delta, ==, 1e-6);
  g_assert_cmpfloat (step->params.sensitivity, ==, 2.0);
  g_assert_cmpuint (step->params.k, ==, 7);
  g_assert_true (step->params.eps_prime < 0);
  g_assert_false (step->params.log_y);
  g_assert_cmpstr (step->note, ==, "Slide 12\nsecond line");
}

static void
test_numbers_accepted (void)
{
  /* The plain decimal forms, as a lecturer or another program may write them. */
  const struct {
    const char *key;
    const char *text;
    double value;
  } cases[] = {
    { "Delta", "0.5", 0.5 }, { "Delta", "0.250", 0.25 }, { "Delta", "1e-05", 1e-5 },
    { "Delta", "1E-5", 1e-5 }, { "Delta", "1e-12", 1e-12 }, { "Delta", "2.5e-1", 0.25 },
    { "EpsilonPrime", "0", 0.0 }, { "EpsilonPrime", "1e+00", 1.0 },
    { "EpsilonPrime", "-0", 0.0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      BadFile spec = { "number", NULL, cases[i].key, cases[i].text, { NULL } };
      g_autofree char *text = bad_file_text (&spec);
      g_autoptr (DpvizLesson) lesson = load_ok (text, C_ONLY);
      const DpvParams *p = &step_at (lesson, 0)->params;

      g_assert_cmpfloat (g_str_equal (cases[i].key, "Delta") ? p->delta : p->eps_prime, ==,
                         cases[i].value);
    }
}

static void
test_escapes (void)
{
  static const char text[] =
    HEAD "Title=\\sspaced\\s\n[Step 1]\n" GOOD_STEP
    "Note=tab\\there\\nnew line, back\\\\slash, cr\\r.\n";
  g_autoptr (DpvizLesson) lesson = load_ok (text, C_ONLY);

  /* Surrounding white space of a title or note is not kept, escaped or not. */
  g_assert_cmpstr (lesson->title, ==, "spaced");
  g_assert_cmpstr (step_at (lesson, 0)->note, ==, "tab\there\nnew line, back\\slash, cr\r.");
}

static void
test_language_choice (void)
{
  static const char text[] =
    HEAD "Title=English\nTitle[zh]=中文\nTitle[zh_TW]=繁體\n[Step 1]\n" GOOD_STEP
    "Note[zh_CN]=只有中文\n";
  const char *const zh_cn[] = { "zh_CN", "zh", "C", NULL };
  const char *const zh_tw[] = { "zh_TW", "zh", "C", NULL };
  const char *const fr[] = { "fr_FR", "fr", "C", NULL };
  g_autoptr (DpvizLesson) a = load_ok (text, zh_cn);
  g_autoptr (DpvizLesson) b = load_ok (text, zh_tw);
  g_autoptr (DpvizLesson) c = load_ok (text, fr);

  g_assert_cmpstr (a->title, ==, "中文");
  g_assert_cmpstr (step_at (a, 0)->note, ==, "只有中文");
  g_assert_cmpstr (b->title, ==, "繁體");
  g_assert_null (step_at (b, 0)->note);
  g_assert_cmpstr (c->title, ==, "English");
}

static void
test_multi_step_order (void)
{
  /* Steps are ordered by number, not by position in the file; gaps are allowed. */
  static const char text[] =
    "[Step 10]\nMechanism=rr\nView=kl\nEpsilon=3\nDelta=0.01\nSensitivity=1\nK=3\nLogY=true\n"
    HEAD
    "[Step 2]\nMechanism=gaussian\nView=composition\nEpsilon=2\nDelta=1e-3\nSensitivity=1\n"
    "K=2\n"
    "[Step 1]\nMechanism=laplace\nView=regions\nEpsilon=1\nDelta=1e-5\nSensitivity=1\nK=1\n"
    "EpsilonPrime=0.25\nNote=first\n";
  g_autoptr (DpvizLesson) lesson = load_ok (text, C_ONLY);
  g_autofree char *saved = save_text (lesson);

  g_assert_null (lesson->title);
  g_assert_cmpuint (lesson->steps->len, ==, 3);
  g_assert_cmpuint (step_at (lesson, 0)->params.k, ==, 1);
  g_assert_cmpfloat (step_at (lesson, 0)->params.eps_prime, ==, 0.25);
  g_assert_cmpstr (step_at (lesson, 0)->note, ==, "first");
  g_assert_cmpint (step_at (lesson, 1)->params.mechanism, ==, DP_MECHANISM_GAUSSIAN);
  g_assert_cmpint (step_at (lesson, 1)->view, ==, VIEW ("composition"));
  g_assert_null (step_at (lesson, 1)->note);
  g_assert_cmpint (step_at (lesson, 2)->params.mechanism, ==, DP_MECHANISM_RR);
  g_assert_cmpfloat (step_at (lesson, 2)->params.epsilon, ==, 3.0);
  g_assert_true (step_at (lesson, 2)->params.log_y);
  g_assert_cmpstr (saved, ==, text);
}

static void
test_many_steps_fast (void)
{
  /* The maximum number of steps loads (and quickly: a test timeout would catch a quadratic
   * blow-up on hostile input), and saves. */
  g_autoptr (GString) text = g_string_new (HEAD);
  g_autoptr (DpvizLesson) lesson = NULL;
  g_autofree char *saved = NULL;

  for (guint i = 1; i <= 1000; i++)
    g_string_append_printf (text, "[Step %u]\nMechanism=laplace\nView=densities\nEpsilon=1\n"
                            "Delta=1e-5\nSensitivity=1\nK=%u\n", i, i);
  lesson = load_ok (text->str, C_ONLY);
  g_assert_cmpuint (lesson->steps->len, ==, 1000);
  g_assert_cmpuint (step_at (lesson, 999)->params.k, ==, 1000);
  g_assert_cmpuint (step_at (lesson, 0)->params.k, ==, 1);
  saved = save_text (lesson);
  g_assert_cmpstr (saved, ==, text->str);
}

static void
test_many_lines_fast (void)
{
  /* A megabyte of blank lines and comments above a group (they move to that group): linear
   * work, or the test's timeout catches it. */
  g_autoptr (GString) text = g_string_new (HEAD "[Step 1]\n" GOOD_STEP);
  g_autoptr (DpvizLesson) lesson = NULL;
  g_autofree char *saved = NULL;

  for (guint i = 0; i < 400000; i++)
    g_string_append (text, i % 2 ? "\n" : "#\n");
  g_string_append (text, "[Other]\n");
  lesson = load_ok (text->str, C_ONLY);
  saved = save_text (lesson);
  g_assert_cmpstr (saved, ==, text->str);
}

/* Every file the fuzzer (tests/fuzz) ever found wrong, with what must happen to it. */
static void
test_fuzz_findings (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "..", "fuzz", "regressions",
                                                "lesson", NULL);
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint count = 0;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *data = NULL;
      g_autoptr (GError) error = NULL;
      g_autoptr (DpvizLesson) lesson = NULL;
      gsize length = 0;

      if (name[0] == '.')
        continue;
      g_assert_true (g_file_get_contents (path, &data, &length, NULL));
      lesson = dpviz_lesson_load_from_data_for_languages (data, length, ZH, &error);
      if (lesson == NULL)
        {
          g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
          g_assert_true (g_utf8_validate (error->message, -1, NULL));
          g_assert_null (strchr (error->message, '\n'));
        }
      else
        {
          g_autoptr (GBytes) bytes = dpviz_lesson_to_bytes (lesson, &error);

          g_assert_no_error (error);
          g_assert_cmpmem (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), data,
                           length);
        }
      count++;
    }
  g_test_message ("%u files", count);
}

/* Every other parameter of the table has its key (“Seed”): read in the format's grammar and
 * checked by the table, its default when absent; refused beyond the table's range, in another
 * grammar or letter case; a new step writes the parameters its view uses only; an unchanged
 * file saves byte for byte. */
static void
test_table_keys (void)
{
  static const char text[] =
    "[Lesson]\nVersion=1\n"
    "[Step 1]\nMechanism=laplace\nView=densities\nEpsilon=1\nDelta=1e-5\nSensitivity=1\n"
    "K=10\nSeed=2147483647\n"
    "[Step 2]\nMechanism=laplace\nView=densities\nEpsilon=1\nDelta=1e-5\nSensitivity=1\n"
    "K=10\n";
  static const struct { const char *from, *to, *quoted; } refused[] = {
    { "Seed=2147483647", "Seed=2147483648", "2147483647" },   /* the range in the message */
    { "Seed=2147483647", "Seed=+5", "+5" },
    { "Seed=2147483647", "Seed=05", "05" },
    { "Seed=2147483647", "Seed=1e3", "1e3" },
    { "Seed=2147483647", "Seed=-1", "-1" },
    { "Seed=2147483647", "seed=5", "Seed" },
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(DpvizLesson) lesson = NULL;
  g_autoptr(DpvizLesson) fresh = dpviz_lesson_new (NULL);
  g_autoptr(GBytes) same = NULL;
  g_autoptr(GBytes) saved = NULL;
  DpvParams p;

  lesson = dpviz_lesson_load_from_data (text, sizeof text - 1, &error);
  g_assert_no_error (error);
  g_assert_true (step_at (lesson, 0)->params.seed == 2147483647u);
  g_assert_true (step_at (lesson, 1)->params.seed
                 == (guint64) dpv_param_spec (DPV_PARAM_SEED)->def);
  same = dpviz_lesson_to_bytes (lesson, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (g_bytes_get_data (same, NULL), g_bytes_get_size (same), text,
                   sizeof text - 1);

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr(GString) bad_text = g_string_new (text);
      g_autoptr(DpvizLesson) bad = NULL;

      g_string_replace (bad_text, refused[i].from, refused[i].to, 1);
      bad = dpviz_lesson_load_from_data (bad_text->str, bad_text->len, &error);
      g_assert_null (bad);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
      if (strstr (error->message, refused[i].quoted) == NULL)
        g_error ("“%s”: the message “%s” does not quote “%s”", refused[i].to, error->message,
                 refused[i].quoted);
      g_assert_nonnull (strstr (error->message, "Step 1"));
      g_clear_error (&error);
    }

  /* the lower end, 0, is a whole number too */
  {
    g_autoptr(GString) zero = g_string_new (text);
    g_autoptr(DpvizLesson) loaded = NULL;

    g_string_replace (zero, "Seed=2147483647", "Seed=0", 1);
    loaded = dpviz_lesson_load_from_data (zero->str, zero->len, &error);
    g_assert_no_error (error);
    g_assert_true (step_at (loaded, 0)->params.seed == 0);
  }

  /* the densities view has no seed: a new step does not write one */
  dpv_params_init (&p);
  p.seed = 77;
  dpviz_lesson_add_step (fresh, &p, (guint) dpv_registry_index (dpv_registry_lookup ("densities")),
                         NULL);
  saved = dpviz_lesson_to_bytes (fresh, &error);
  g_assert_no_error (error);
  g_assert_null (g_strstr_len (g_bytes_get_data (saved, NULL), (gssize) g_bytes_get_size (saved),
                               "Seed="));
}

/* A step's Title, translated or not, is read in the reader's language and written back into
 * the entry it came from; a new title is added to an untitled step; the file is otherwise
 * unchanged. */
static void
test_step_titles (void)
{
  static const char file[] =
    "[Lesson]\n"
    "Version=1\n"
    "\n"
    "[Step 1]\n"
    "Mechanism=laplace\n"
    "View=densities\n"
    "Epsilon=1\n"
    "Delta=1e-05\n"
    "Sensitivity=1\n"
    "K=1\n"
    "Title=Neighbours\n"
    "Title[zh_CN]=相邻数据集\n"
    "Note=n\n"
    "\n"
    "[Step 2]\n"
    "Mechanism=laplace\n"
    "View=kl\n"
    "Epsilon=1\n"
    "Delta=1e-05\n"
    "Sensitivity=1\n"
    "K=1\n";
  g_autoptr (DpvizLesson) c = load_ok (file, C_ONLY);
  g_autoptr (DpvizLesson) zh = load_ok (file, ZH);
  g_autoptr (DpvizLesson) again = NULL;
  g_autofree char *text = NULL;
  g_autofree char *long_title = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_cmpstr (step_at (c, 0)->title, ==, "Neighbours");
  g_assert_cmpstr (step_at (zh, 0)->title, ==, "相邻数据集");
  g_assert_null (step_at (c, 1)->title);

  /* Edited in Chinese: only the Chinese entry changes. */
  dpviz_lesson_set_step_title (zh, 0, "  邻居 ");
  text = save_text (zh);
  {
    g_autoptr (GString) s = g_string_new (file);

    g_string_replace (s, "Title[zh_CN]=相邻数据集\n", "Title[zh_CN]=邻居\n", 1);
    g_assert_cmpstr (text, ==, s->str);
  }
  g_clear_pointer (&text, g_free);

  /* A title for the untitled step is added at the end of its group. */
  dpviz_lesson_set_step_title (c, 1, "KL against ε");
  text = save_text (c);
  g_assert_true (g_str_has_suffix (text, "K=1\nTitle=KL against ε\n"));
  again = load_ok (text, C_ONLY);
  g_assert_cmpstr (step_at (again, 1)->title, ==, "KL against ε");
  g_clear_pointer (&text, g_free);

  /* Too long: refused on saving, as when loading. */
  long_title = g_strnfill (201, 'x');
  dpviz_lesson_set_step_title (c, 1, long_title);
  g_assert_null (dpviz_lesson_to_bytes (c, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  /* Cleared: the untranslated entry goes. */
  dpviz_lesson_set_step_title (c, 0, "");
  dpviz_lesson_set_step_title (c, 1, NULL);
  text = save_text (c);
  g_assert_null (strstr (text, "Title=Neighbours"));
  g_assert_nonnull (strstr (text, "Title[zh_CN]=相邻数据集\n"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lesson-file/new-lesson-text", test_new_lesson_text);
  g_test_add ("/lesson-file/round-trip", Fixture, NULL, fixture_set_up, test_round_trip,
              fixture_tear_down);
  g_test_add_func ("/lesson-file/preserve/unchanged", test_preserve_unchanged);
  g_test_add_func ("/lesson-file/preserve/changed", test_preserve_changed);
  g_test_add_func ("/lesson-file/preserve/translation-edited",
                   test_preserve_translation_edited);
  g_test_add_func ("/lesson-file/preserve/steps-edited", test_preserve_steps_edited);
  g_test_add_func ("/lesson-file/preserve/line-ends", test_preserve_line_ends);
  g_test_add_func ("/lesson-file/preserve/new-step-after-last-line",
                   test_new_step_after_last_line);
  g_test_add_func ("/lesson-file/set-step-refuses", test_set_step_refuses);
  g_test_add_func ("/lesson-file/step-titles", test_step_titles);
  g_test_add ("/lesson-file/save-atomic", Fixture, NULL, fixture_set_up, test_save_atomic,
              fixture_tear_down);
  for (guint i = 0; i < G_N_ELEMENTS (bad_files); i++)
    {
      g_autofree char *path = g_strdup_printf ("/lesson-file/refused/%s", bad_files[i].name);

      g_test_add_data_func (path, &bad_files[i], test_bad_file);
    }
  g_test_add_func ("/lesson-file/refused/encoding", test_bad_encoding);
  g_test_add_func ("/lesson-file/refused/too-many-steps", test_too_many_steps);
  g_test_add_func ("/lesson-file/refused/too-long-texts", test_too_long_texts);
  g_test_add ("/lesson-file/refused/huge-file", Fixture, NULL, fixture_set_up, test_huge_file,
              fixture_tear_down);
  g_test_add ("/lesson-file/refused/missing-file", Fixture, NULL, fixture_set_up,
              test_missing_file, fixture_tear_down);
  g_test_add_func ("/lesson-file/refused/long-value", test_long_value_quoted_short);
  g_test_add_func ("/lesson-file/refused/long-list", test_long_list_quoted_short);
  g_test_add_func ("/lesson-file/byte-order-mark", test_byte_order_mark);
  g_test_add_func ("/lesson-file/unknown-keys-ignored", test_unknown_keys_ignored);
  g_test_add_func ("/lesson-file/numbers-accepted", test_numbers_accepted);
  g_test_add_func ("/lesson-file/escapes", test_escapes);
  g_test_add_func ("/lesson-file/language-choice", test_language_choice);
  g_test_add_func ("/lesson-file/multi-step-order", test_multi_step_order);
  g_test_add_func ("/lesson-file/many-steps", test_many_steps_fast);
  g_test_add_func ("/lesson-file/table-keys", test_table_keys);
  g_test_add_func ("/lesson-file/many-lines", test_many_lines_fast);
  g_test_add_func ("/lesson-file/fuzz-findings", test_fuzz_findings);

  return g_test_run ();
}
