/* test-lesson-editor.c — editing a lesson in the app (real windows, run under Xvfb)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A lesson file with a comment, a translation and an unknown key is opened, edited through
 * the lesson editor and the window's actions, and saved with Ctrl+S (win.save-lesson). The
 * saved text is compared with the original changed by string replacement, and read again
 * with the lesson loader. Unsaved edits make closing ask first.
 */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "dpviz-application.h"
#include "dpviz-lesson.h"
#include "dpviz-lesson-editor.h"
#include "dpviz-window.h"
#include "dpv-registry.h"
#include "dpviz-window-private.h"
#include "test-app-util.h"
#include "test-app-window.h"

static GtkApplication *app;

#define STEP1 "[Step 1]\nMechanism=laplace\nView=densities\nEpsilon=1\nDelta=1e-05\n" \
              "Sensitivity=1\nK=10\nNote=first\n"
#define STEP2 "[Step 2]\nMechanism=laplace\nView=kl\nEpsilon=2\nDelta=1e-05\n" \
              "Sensitivity=1\nK=10\n"
static const char original[] = "# prepared for Tuesday\n[Lesson]\nVersion=1\nTitle=Saving\n"
                               "Title[zh_CN]=保存\nX-Room=B12\n" STEP1 STEP2;

typedef struct {
  DpvizWindow *window;
  DpvizModel *model;
  char *dir;
  char *path;
  GFile *file;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;

  f->window = dpviz_window_new (app);
  gtk_window_present (GTK_WINDOW (f->window));
  f->model = dpviz_window_get_model (f->window);
  f->dir = g_dir_make_tmp ("dpviz-test-XXXXXX", NULL);
  f->path = g_build_filename (f->dir, "lesson.dpviz", NULL);
  f->file = g_file_new_for_path (f->path);
  g_assert_true (g_file_set_contents (f->path, original, -1, NULL));
  g_assert_true (dpviz_window_load_lesson (f->window, f->file, &error));
  g_assert_no_error (error);
  g_assert_false (dpviz_window_get_lesson_modified (f->window));
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  GtkWidget *widget = GTK_WIDGET (f->window);

  /* nothing is left unsaved: the window closes at once, and nothing keeps it alive */
  g_assert_false (dpviz_window_get_lesson_modified (f->window));
  g_object_add_weak_pointer (G_OBJECT (f->window), (gpointer *) &widget);
  dpviz_model_set_view (f->model, DPVIZ_VIEW ("densities"));
  gtk_window_close (GTK_WINDOW (f->window));
  spin (0.05);
  g_assert_null (widget);
  g_object_unref (f->file);
  test_remove_tree (f->dir);
  g_free (f->path);
  g_free (f->dir);
}

static void
activate (Fixture *f, const char *action)
{
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), action));
  g_action_group_activate_action (G_ACTION_GROUP (f->window), action, NULL);
}

/* Ctrl+S, then the file's text (the save happens before the action returns). */
static char *
save_and_read (Fixture *f)
{
  char *text = NULL;

  activate (f, "save-lesson");
  g_assert_true (g_file_get_contents (f->path, &text, NULL, NULL));
  g_assert_false (dpviz_window_get_lesson_modified (f->window));
  return text;
}

static DpvizLesson *
reload (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  DpvizLesson *lesson = dpviz_lesson_load (f->file, &error);

  g_assert_no_error (error);
  return lesson;
}

static const DpvizLessonStep *
step_at (const DpvizLesson *lesson, guint i)
{
  return g_ptr_array_index (lesson->steps, i);
}

static char *
replaced (const char *text, const char *from, const char *to)
{
  GString *s = g_string_new (text);

  g_assert_cmpuint (g_string_replace (s, from, to, 1), ==, 1);
  return g_string_free (s, FALSE);
}

static guint
n_rows (GtkListBox *list)
{
  guint n = 0;

  while (gtk_list_box_get_row_at_index (list, n) != NULL)
    n++;
  return n;
}

/* Activates the editor's own shortcut for @accel on @widget, as pressing the keys does. */
static void
press (GtkWidget *widget, const char *accel)
{
  g_autoptr(GtkShortcutTrigger) wanted = gtk_shortcut_trigger_parse_string (accel);
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  gboolean found = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !found; i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)) && !found; j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);

          if (gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (shortcut), wanted))
            {
              g_assert_true (gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0,
                                                           widget, NULL));
              found = TRUE;
            }
        }
    }
  if (!found)
    g_error ("no shortcut %s", accel);
}

/* The current figure becomes a step after the current one; saved in its own group between
 * the two others, which keep their text. */
static void
test_add_step (Fixture *f, gconstpointer data)
{
  DpvizLessonEditor *editor = dpviz_window_show_lesson_editor (f->window);
  GtkListBox *list = dpviz_lesson_editor_get_list (editor);
  g_autofree char *text = NULL;
  g_autoptr(DpvizLesson) again = NULL;
  const char *lines;
  const char *new_group;
  const char *label;

  g_assert_cmpuint (n_rows (list), ==, 2);
  g_assert_true (dpviz_model_set_epsilon (f->model, 0.3, NULL));
  g_assert_true (dpviz_model_set_k (f->model, 25, NULL));
  dpviz_model_set_view (f->model, DPVIZ_VIEW ("regions"));
  activate (f, "lesson-add-step");
  g_assert_cmpuint (n_rows (list), ==, 3);
  g_assert_cmpuint (dpviz_window_get_lesson_step (f->window), ==, 1);
  g_assert_true (gtk_list_box_get_selected_row (list) == gtk_list_box_get_row_at_index (list, 1));
  g_assert_true (dpviz_window_get_lesson_modified (f->window));
  /* the lesson bar says so, and the file is not written until Save */
  label = gtk_label_get_text (f->window->lesson_label);
  g_assert_nonnull (strstr (label, "Saving •"));
  g_assert_nonnull (strstr (label, "step 2 of 3"));
  {
    g_autofree char *unchanged = NULL;

    g_assert_true (g_file_get_contents (f->path, &unchanged, NULL, NULL));
    g_assert_cmpstr (unchanged, ==, original);
  }

  text = save_and_read (f);
  again = reload (f);
  g_assert_cmpuint (again->steps->len, ==, 3);
  g_assert_cmpfloat (step_at (again, 0)->params.epsilon, ==, 1.0);
  g_assert_cmpfloat (step_at (again, 1)->params.epsilon, ==, 0.3);
  g_assert_cmpuint (step_at (again, 1)->params.k, ==, 25);
  g_assert_cmpuint (step_at (again, 1)->view, ==, DPVIZ_VIEW ("regions"));
  g_assert_null (step_at (again, 1)->note);
  g_assert_cmpfloat (step_at (again, 2)->params.epsilon, ==, 2.0);
  g_assert_cmpuint (step_at (again, 2)->view, ==, DPVIZ_VIEW ("kl"));

  /* The text: the head and step 1 as they were, a new group, the old step 2's lines. */
  g_assert_true (g_str_has_prefix (text, "# prepared for Tuesday\n[Lesson]\nVersion=1\n"
                                   "Title=Saving\nTitle[zh_CN]=保存\nX-Room=B12\n" STEP1));
  new_group = text + strlen ("# prepared for Tuesday\n[Lesson]\nVersion=1\nTitle=Saving\n"
                             "Title[zh_CN]=保存\nX-Room=B12\n" STEP1);
  /* a new group is written in the layout of docs/lesson-format.md: a blank line first */
  if (*new_group == '\n')
    new_group++;
  g_assert_true (g_str_has_prefix (new_group, "[Step "));
  lines = strstr (new_group, "\nMechanism=laplace\nView=kl\nEpsilon=2\n");
  g_assert_nonnull (lines);
  {
    g_autofree char *group = g_strndup (new_group, lines - new_group);

    g_assert_nonnull (strstr (group, "\nView=regions\n"));
    g_assert_nonnull (strstr (group, "\nEpsilon=0.3\n"));
    g_assert_nonnull (strstr (group, "\nK=25\n"));
    g_assert_null (strstr (group, "Note="));
  }
  g_assert_true (g_str_has_suffix (text, "\nMechanism=laplace\nView=kl\nEpsilon=2\n"
                                   "Delta=1e-05\nSensitivity=1\nK=10\n"));
}

/* Titles and the (multi-line) note typed in the editor change their entries in place; every
 * other byte stays. */
static void
test_edit_title_and_note (Fixture *f, gconstpointer data)
{
  DpvizLessonEditor *editor = dpviz_window_show_lesson_editor (f->window);
  GtkListBox *list = dpviz_lesson_editor_get_list (editor);
  g_autofree char *text = NULL;
  g_autofree char *a = NULL, *b = NULL, *expected = NULL;
  g_autoptr(DpvizLesson) again = NULL;

  /* Selecting a row goes to its step; the fields show that step. */
  gtk_list_box_select_row (list, gtk_list_box_get_row_at_index (list, 1));
  g_assert_cmpuint (dpviz_window_get_lesson_step (f->window), ==, 1);
  g_assert_cmpfloat (dpviz_model_get_epsilon (f->model), ==, 2.0);
  g_assert_cmpuint (dpviz_model_get_view (f->model), ==, DPVIZ_VIEW ("kl"));
  g_assert_cmpstr (gtk_editable_get_text (dpviz_lesson_editor_get_step_title (editor)), ==, "");
  gtk_list_box_select_row (list, gtk_list_box_get_row_at_index (list, 0));
  g_assert_cmpfloat (dpviz_model_get_epsilon (f->model), ==, 1.0);
  g_assert_cmpstr (gtk_editable_get_text (dpviz_lesson_editor_get_lesson_title (editor)), ==,
                   "Saving");
  g_assert_false (dpviz_window_get_lesson_modified (f->window));

  gtk_editable_set_text (dpviz_lesson_editor_get_lesson_title (editor), "Saving, revised");
  gtk_editable_set_text (dpviz_lesson_editor_get_step_title (editor), "Opening");
  gtk_text_buffer_set_text (dpviz_lesson_editor_get_note (editor), "Two lines\nof note", -1);
  g_assert_true (dpviz_window_get_lesson_modified (f->window));
  /* the lesson bar shows the step's title and note */
  g_assert_nonnull (strstr (gtk_label_get_text (f->window->lesson_label),
                            "step 1 of 2: Opening — Two lines\nof note"));

  text = save_and_read (f);
  a = replaced (original, "Title=Saving\n", "Title=Saving, revised\n");
  b = replaced (a, "Note=first\n", "Note=Two lines\\nof note\n");
  /* a new key goes at the end of its group */
  expected = replaced (b, "\\nof note\n", "\\nof note\nTitle=Opening\n");
  g_assert_cmpstr (text, ==, expected);
  again = reload (f);
  g_assert_cmpstr (again->title, ==, "Saving, revised");
  g_assert_cmpstr (step_at (again, 0)->title, ==, "Opening");
  g_assert_cmpstr (step_at (again, 0)->note, ==, "Two lines\nof note");
}

/* Moving a step down saves the steps in the new order, each group with its lines. */
static void
test_move_step (Fixture *f, gconstpointer data)
{
  DpvizLessonEditor *editor = dpviz_window_show_lesson_editor (f->window);
  GtkListBox *list = dpviz_lesson_editor_get_list (editor);
  g_autofree char *text = NULL;
  g_autoptr(DpvizLesson) again = NULL;

  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window),
                                                     "lesson-move-step-up"));
  /* Alt+Down in the editor */
  press (GTK_WIDGET (editor), "<Alt>Down");
  g_assert_cmpuint (dpviz_window_get_lesson_step (f->window), ==, 1);
  g_assert_true (gtk_list_box_get_selected_row (list) == gtk_list_box_get_row_at_index (list, 1));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window),
                                                     "lesson-move-step-down"));
  /* the figure did not change: it is still the moved step */
  g_assert_cmpfloat (dpviz_model_get_epsilon (f->model), ==, 1.0);

  text = save_and_read (f);
  again = reload (f);
  g_assert_cmpuint (again->steps->len, ==, 2);
  g_assert_cmpfloat (step_at (again, 0)->params.epsilon, ==, 2.0);
  g_assert_cmpfloat (step_at (again, 1)->params.epsilon, ==, 1.0);
  g_assert_cmpstr (step_at (again, 1)->note, ==, "first");
  /* docs/lesson-format.md: renumbered 1, 2 in the new order, each group keeping its place */
  {
    g_autofree char *a = replaced (original, "[Step 1]\nMechanism=laplace\nView=densities\n",
                                   "[Step 2]\nMechanism=laplace\nView=densities\n");
    g_autofree char *expected = replaced (a, "[Step 2]\nMechanism=laplace\nView=kl\n",
                                          "[Step 1]\nMechanism=laplace\nView=kl\n");

    g_assert_cmpstr (text, ==, expected);
  }

  /* and back up (Alt+Up): the original order, the original text */
  press (GTK_WIDGET (editor), "<Alt>Up");
  g_assert_cmpuint (dpviz_window_get_lesson_step (f->window), ==, 0);
  g_clear_pointer (&text, g_free);
  text = save_and_read (f);
  g_assert_cmpstr (text, ==, original);
}

/* Delete and Undo: the file is byte for byte the original. */
static void
test_delete_undo (Fixture *f, gconstpointer data)
{
  DpvizLessonEditor *editor = dpviz_window_show_lesson_editor (f->window);
  GtkListBox *list = dpviz_lesson_editor_get_list (editor);
  g_autofree char *text = NULL;

  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window),
                                                     "lesson-undo-delete"));
  /* Delete in the list */
  press (GTK_WIDGET (list), "Delete");
  g_assert_cmpuint (n_rows (list), ==, 1);
  g_assert_cmpuint (f->window->lesson->steps->len, ==, 1);
  /* the remaining step is shown */
  g_assert_cmpfloat (dpviz_model_get_epsilon (f->model), ==, 2.0);
  /* a lesson keeps one step */
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window),
                                                     "lesson-delete-step"));
  activate (f, "lesson-undo-delete");
  g_assert_cmpuint (n_rows (list), ==, 2);
  g_assert_cmpuint (dpviz_window_get_lesson_step (f->window), ==, 0);
  g_assert_cmpfloat (dpviz_model_get_epsilon (f->model), ==, 1.0);
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window),
                                                     "lesson-undo-delete"));
  g_assert_true (dpviz_window_get_lesson_modified (f->window));

  text = save_and_read (f);
  g_assert_cmpstr (text, ==, original);
}

/* Delete without Undo: the group is gone, everything else stays. */
static void
test_delete (Fixture *f, gconstpointer data)
{
  g_autofree char *text = NULL;
  g_autoptr(DpvizLesson) again = NULL;

  activate (f, "lesson-delete-step");
  text = save_and_read (f);
  g_assert_null (strstr (text, "Note=first"));
  g_assert_null (strstr (text, "View=densities"));
  g_assert_true (g_str_has_prefix (text, "# prepared for Tuesday\n[Lesson]\nVersion=1\n"
                                   "Title=Saving\nTitle[zh_CN]=保存\nX-Room=B12\n[Step "));
  g_assert_true (g_str_has_suffix (text, "]\nMechanism=laplace\nView=kl\nEpsilon=2\n"
                                   "Delta=1e-05\nSensitivity=1\nK=10\n"));
  /* one group header for the lesson, one for the step */
  {
    guint groups = 0;

    for (const char *c = text; (c = strchr (c, '[')) != NULL; c++)
      if (c == text || c[-1] == '\n')
        groups++;
    g_assert_cmpuint (groups, ==, 2);
  }
  again = reload (f);
  g_assert_cmpuint (again->steps->len, ==, 1);
  g_assert_cmpfloat (step_at (again, 0)->params.epsilon, ==, 2.0);
}

/* "Update Step": the current step takes the current figure. */
static void
test_update_step (Fixture *f, gconstpointer data)
{
  g_autofree char *text = NULL;
  g_autofree char *expected = NULL;

  g_assert_true (dpviz_model_set_epsilon (f->model, 0.5, NULL));
  activate (f, "lesson-update-step");
  g_assert_true (dpviz_window_get_lesson_modified (f->window));
  text = save_and_read (f);
  expected = replaced (original, "View=densities\nEpsilon=1\n", "View=densities\nEpsilon=0.5\n");
  g_assert_cmpstr (text, ==, expected);
}

/* Edits not saved: closing the lesson asks; Cancel keeps it and its edits, Save writes them
 * and closes it. Closing the window asks too. */
static void
test_unsaved_prompt (Fixture *f, gconstpointer data)
{
  DpvizLessonEditor *editor = dpviz_window_show_lesson_editor (f->window);
  GtkWindow *prompt;
  g_autofree char *text = NULL;
  g_autofree char *expected = NULL;

  gtk_text_buffer_set_text (dpviz_lesson_editor_get_note (editor), "changed", -1);
  g_assert_true (dpviz_window_get_lesson_modified (f->window));
  g_assert_null (dpviz_window_get_lesson_prompt (f->window));

  activate (f, "close-lesson");
  prompt = dpviz_window_get_lesson_prompt (f->window);
  g_assert_nonnull (prompt);
  g_assert_true (ADW_IS_MESSAGE_DIALOG (prompt));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (prompt)));
  g_assert_true (gtk_window_get_transient_for (prompt) == GTK_WINDOW (f->window));
  g_assert_true (adw_message_dialog_has_response (ADW_MESSAGE_DIALOG (prompt), "save"));
  g_assert_true (adw_message_dialog_has_response (ADW_MESSAGE_DIALOG (prompt), "discard"));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (prompt), "cancel");
  g_assert_null (dpviz_window_get_lesson_prompt (f->window));
  g_assert_nonnull (dpviz_window_get_lesson (f->window));
  g_assert_true (dpviz_window_get_lesson_modified (f->window));
  g_assert_cmpstr (step_at (dpviz_window_get_lesson (f->window), 0)->note, ==, "changed");
  g_assert_true (g_file_get_contents (f->path, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, original);
  g_clear_pointer (&text, g_free);

  /* closing the window asks the same */
  gtk_window_close (GTK_WINDOW (f->window));
  spin (0.05);
  prompt = dpviz_window_get_lesson_prompt (f->window);
  g_assert_nonnull (prompt);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->window)));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (prompt), "cancel");

  activate (f, "close-lesson");
  prompt = dpviz_window_get_lesson_prompt (f->window);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (prompt), "save");
  g_assert_null (dpviz_window_get_lesson (f->window));
  g_assert_true (g_file_get_contents (f->path, &text, NULL, NULL));
  expected = replaced (original, "Note=first\n", "Note=changed\n");
  g_assert_cmpstr (text, ==, expected);
  spin (0.05);
}

/* Opening another lesson over unsaved edits asks too; Discard opens it. */
static void
test_open_other_asks (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "other.dpviz", NULL);
  g_autoptr(GFile) other = g_file_new_for_path (path);
  GtkWindow *prompt;

  g_assert_true (g_file_set_contents (path, "[Lesson]\nVersion=1\nTitle=Other\n" STEP2, -1,
                                      NULL));
  activate (f, "lesson-delete-step");
  dpviz_window_open_lesson (f->window, other);
  prompt = dpviz_window_get_lesson_prompt (f->window);
  g_assert_nonnull (prompt);
  g_assert_cmpstr (dpviz_window_get_lesson (f->window)->title, ==, "Saving");
  g_assert_cmpuint (dpviz_window_get_lesson (f->window)->steps->len, ==, 1);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (prompt), "discard");
  g_assert_cmpstr (dpviz_window_get_lesson (f->window)->title, ==, "Other");
  g_assert_false (dpviz_window_get_lesson_modified (f->window));
  spin (0.05);
}

/* Discard throws the edits away and leaves the file alone. */
static void
test_discard (Fixture *f, gconstpointer data)
{
  g_autofree char *text = NULL;

  activate (f, "lesson-delete-step");
  activate (f, "close-lesson");
  g_assert_nonnull (dpviz_window_get_lesson_prompt (f->window));
  g_assert_nonnull (dpviz_window_get_lesson (f->window));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dpviz_window_get_lesson_prompt (f->window)),
                               "discard");
  g_assert_null (dpviz_window_get_lesson (f->window));
  g_assert_true (g_file_get_contents (f->path, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, original);
  spin (0.05);
}

/* A lesson started with "Add Step" is adopted by its first Save As: Ctrl+S then writes that
 * file without asking. The editor works without a lesson, and starts one. */
static void
test_new_lesson_adopted (Fixture *f, gconstpointer data)
{
  DpvizLessonEditor *editor;
  GtkListBox *list;
  g_autofree char *path = g_build_filename (f->dir, "new.dpviz", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(DpvizLesson) again = NULL;

  activate (f, "close-lesson");
  g_assert_null (dpviz_window_get_lesson (f->window));
  editor = dpviz_window_show_lesson_editor (f->window);
  list = dpviz_lesson_editor_get_list (editor);
  g_assert_cmpuint (n_rows (list), ==, 0);
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window),
                                                     "lesson-update-step"));

  g_assert_true (dpviz_model_set_epsilon (f->model, 0.75, NULL));
  activate (f, "lesson-add-step");
  g_assert_cmpuint (n_rows (list), ==, 1);
  g_assert_true (dpviz_window_get_lesson_modified (f->window));
  gtk_editable_set_text (dpviz_lesson_editor_get_step_title (editor), "New");

  g_assert_true (dpviz_window_save_lesson_as (f->window, file));
  g_assert_false (dpviz_window_get_lesson_modified (f->window));
  g_assert_true (g_file_equal (dpviz_lesson_get_file (dpviz_window_get_lesson (f->window)),
                               file));

  g_assert_true (dpviz_model_set_epsilon (f->model, 1.5, NULL));
  activate (f, "lesson-add-step");
  /* no dialog: written before the action returns */
  activate (f, "save-lesson");
  again = dpviz_lesson_load (file, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (again->steps->len, ==, 2);
  g_assert_cmpfloat (step_at (again, 0)->params.epsilon, ==, 0.75);
  g_assert_cmpstr (step_at (again, 0)->title, ==, "New");
  g_assert_cmpfloat (step_at (again, 1)->params.epsilon, ==, 1.5);
  g_assert_false (dpviz_window_get_lesson_modified (f->window));
  activate (f, "close-lesson");
  g_assert_true (dpviz_model_set_epsilon (f->model, 1.0, NULL));
}

int
main (int argc, char *argv[])
{
  int status;

  gtk_test_init (&argc, &argv, NULL);
  app = test_app_new ();

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/lesson-editor/add-step", test_add_step);
  ADD ("/lesson-editor/edit-title-and-note", test_edit_title_and_note);
  ADD ("/lesson-editor/move-step", test_move_step);
  ADD ("/lesson-editor/delete-undo", test_delete_undo);
  ADD ("/lesson-editor/delete", test_delete);
  ADD ("/lesson-editor/update-step", test_update_step);
  ADD ("/lesson-editor/unsaved-prompt", test_unsaved_prompt);
  ADD ("/lesson-editor/discard", test_discard);
  ADD ("/lesson-editor/open-other-asks", test_open_other_asks);
  ADD ("/lesson-editor/new-lesson-adopted", test_new_lesson_adopted);
#undef ADD

  status = g_test_run ();
  g_object_unref (app);
  return status;
}
