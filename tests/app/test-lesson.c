/* test-lesson.c — lessons and the parameter model: applying steps, a lesson from the model
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Reading and saving files is tested without GTK in tests/lesson/test-lesson-file.c.
 */
#include "config.h"

#include "test-app-util.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "dpviz-lesson.h"
#include "dpviz-views.h"

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

/* Files that must be refused (the whole list is in tests/lesson/test-lesson-file.c). */
static const char *const bad_files[] = {
  "",
  "[Lesson]\nVersion=1\nthis line is not a key\n[Step 1]\n" GOOD_STEP,
  "[Lesson]\nVersion=1\n[Step 1]\nMechanism=laplace\nView=kl\nEpsilon=nan\nDelta=1e-5\n"
  "Sensitivity=1\nK=1\n",
  "[Lesson]\nVersion=1\n[Step 1]\n" GOOD_STEP "[Step 2]\n" GOOD_STEP "Note=a\\q\n",
  "[Lesson]\nVersion=1\n[Step 1]\n" GOOD_STEP "[Step 1]\n" GOOD_STEP,
  "[Lesson]\nVersion=1\n[Step 1]\nMechanism=laplace\nView=kl\nEpsilon=+1\nDelta=1e-5\n"
  "Sensitivity=1\nK=1\n",
};

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
        dpviz_lesson_load_from_data (bad_files[i], strlen (bad_files[i]), &error);

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

  g_test_add_func ("/lesson/model/apply-steps", test_apply_steps);
  g_test_add_func ("/lesson/model/bad-file-leaves-model", test_bad_file_leaves_model);
  g_test_add ("/lesson/model/from-model", Fixture, NULL, fixture_set_up, test_from_model,
              fixture_tear_down);

  return g_test_run ();
}
