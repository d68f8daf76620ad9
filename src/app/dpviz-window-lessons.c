/* dpviz-window-lessons.c — lessons: open, save, step through, edit
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Edits (steps added, updated, moved, deleted; titles and notes) mark the lesson modified;
 * closing it, opening another or closing the window then asks first (Save / Discard /
 * Cancel), and the file is written only by Save. Moving the sliders while a lesson is open is
 * not an edit (a lecturer would be asked at every close), although Save does write the
 * current figure into the current step.
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "dpviz-lesson-editor.h"
#include "dpviz-export-dialog.h"
#include "dpviz-window-private.h"

/* What the unsaved-changes question continues with. */
enum {
  PENDING_NONE,
  PENDING_CLOSE_LESSON,
  PENDING_OPEN,
  PENDING_CLOSE_WINDOW,
};

void
_dpviz_window_update_lesson_bar (DpvizWindow *self)
{
  gboolean have = self->lesson != NULL;

  gtk_revealer_set_reveal_child (self->lesson_revealer, have);
  _dpviz_window_set_action_enabled (self, "lesson-next",
                      have && self->lesson_step + 1 < self->lesson->steps->len);
  _dpviz_window_set_action_enabled (self, "lesson-previous", have && self->lesson_step > 0);
  _dpviz_window_set_action_enabled (self, "close-lesson", have);
  _dpviz_window_set_action_enabled (self, "lesson-update-step", have);
  _dpviz_window_set_action_enabled (self, "lesson-move-step-up", have && self->lesson_step > 0);
  _dpviz_window_set_action_enabled (self, "lesson-move-step-down",
                      have && self->lesson_step + 1 < self->lesson->steps->len);
  /* A lesson keeps at least one step; closing it is the way to have none. */
  _dpviz_window_set_action_enabled (self, "lesson-delete-step",
                      have && self->lesson->steps->len > 1);
  _dpviz_window_set_action_enabled (self, "lesson-undo-delete",
                      have && self->lesson_deleted != NULL);
  _dpviz_window_set_action_enabled (self, "export-lesson", have);
  if (have)
    {
      DpvizLessonStep *step = g_ptr_array_index (self->lesson->steps, self->lesson_step);
      g_autofree char *text = NULL;
      g_autofree char *title = g_markup_escape_text (self->lesson->title ? self->lesson->title
                                                                         : _("Lesson"), -1);
      g_autofree char *note = step->note ? g_markup_escape_text (step->note, -1) : NULL;
      g_autofree char *detail = NULL;

      if (step->title != NULL)
        {
          g_autofree char *step_title = g_markup_escape_text (step->title, -1);

          detail = note != NULL ? g_strdup_printf ("<b>%s</b> — %s", step_title, note)
                                : g_strdup_printf ("<b>%s</b>", step_title);
        }
      else
        detail = g_steal_pointer (&note);
      /* Translators: lesson title, " •" when it has unsaved edits, step number, number of
       * steps, then the step's title and note */
      text = g_strdup_printf (_("<b>%s</b>%s — step %u of %u%s%s"), title,
                              self->lesson_modified ? " •" : "",
                              self->lesson_step + 1, self->lesson->steps->len,
                              detail ? ": " : "", detail ? detail : "");
      gtk_label_set_markup (self->lesson_label, text);
    }
}

/* The lesson bar and the editor show the lesson again. */
static void
lesson_shown (DpvizWindow *self,
              gboolean     refill)
{
  _dpviz_window_update_lesson_bar (self);
  if (self->lesson_editor != NULL)
    dpviz_lesson_editor_refresh (DPVIZ_LESSON_EDITOR (self->lesson_editor), refill);
}

/* A toast about the lesson: in the editor while it is open (where the lecturer is looking),
 * else in the main window. */
static void
lesson_toast (DpvizWindow *self,
              const char  *message)
{
  if (self->lesson_editor != NULL && gtk_widget_get_visible (self->lesson_editor))
    {
      g_autofree char *escaped = g_markup_escape_text (message, -1);

      dpviz_lesson_editor_add_toast (DPVIZ_LESSON_EDITOR (self->lesson_editor),
                                     adw_toast_new (escaped));
    }
  else
    _dpviz_window_toast (self, message);
}

static void drop_deleted (DpvizWindow *self);

static void
lesson_edited (DpvizWindow *self,
               gboolean     refill)
{
  self->lesson_modified = TRUE;
  lesson_shown (self, refill);
}

/* The open lesson becomes @lesson (may be NULL), unmodified, at step 0. */
static void
replace_lesson (DpvizWindow *self,
                DpvizLesson *lesson)
{
  g_clear_pointer (&self->lesson, dpviz_lesson_free);
  self->lesson = lesson;
  self->lesson_step = 0;
  self->lesson_modified = FALSE;
  drop_deleted (self);
  lesson_shown (self, TRUE);
}

void
_dpviz_window_export_lesson_action (GSimpleAction *action,
                                    GVariant      *parameter,
                                    gpointer       user_data)
{
  DpvizWindow *self = user_data;

  if (self->lesson == NULL)
    return;
  dpviz_export_lesson_dialog_present (GTK_WINDOW (self), self->toast_overlay, self->model,
                                      self->settings, self->lesson);
}

static void
go_to_step (DpvizWindow *self,
            guint        index)
{
  g_autoptr(GError) error = NULL;

  if (self->lesson == NULL || index >= self->lesson->steps->len)
    return;
  /* a step sets the scene: an animation ends */
  _dpviz_window_stop_sweep (self);
  if (!dpviz_lesson_apply_step (self->lesson, index, self->model, &error))
    {
      lesson_toast (self, error->message);
      return;
    }
  self->lesson_step = index;
  lesson_shown (self, FALSE);
}

void
_dpviz_window_lesson_go_to (DpvizWindow *self,
                            guint        index)
{
  if (self->lesson != NULL && index != self->lesson_step)
    go_to_step (self, index);
}

gboolean
dpviz_window_load_lesson (DpvizWindow  *self,
                          GFile        *file,
                          GError      **error)
{
  g_autoptr(DpvizLesson) lesson = NULL;

  g_return_val_if_fail (DPVIZ_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  lesson = dpviz_lesson_load (file, error);
  if (lesson == NULL)
    return FALSE;
  _dpviz_window_stop_sweep (self);
  if (!dpviz_lesson_apply_step (lesson, 0, self->model, error))
    return FALSE;
  replace_lesson (self, g_steal_pointer (&lesson));
  return TRUE;
}

static gboolean save_lesson_to (DpvizWindow *self, GFile *file);

/* Carries out what the unsaved-changes question was asked for. */
static void
continue_pending (DpvizWindow *self)
{
  guint pending = self->lesson_pending;
  g_autoptr(GFile) file = g_steal_pointer (&self->lesson_pending_file);

  self->lesson_pending = PENDING_NONE;
  switch (pending)
    {
    case PENDING_CLOSE_LESSON:
      replace_lesson (self, NULL);
      break;
    case PENDING_OPEN:
      dpviz_window_open_lesson (self, file);
      break;
    case PENDING_CLOSE_WINDOW:
      gtk_window_close (GTK_WINDOW (self));
      break;
    default:
      break;
    }
}

static void
drop_pending (DpvizWindow *self)
{
  self->lesson_pending = PENDING_NONE;
  g_clear_object (&self->lesson_pending_file);
}

static void
on_prompt_response (AdwMessageDialog *dialog,
                    const char       *response,
                    DpvizWindow      *self)
{
  self->lesson_prompt = NULL;
  if (g_strcmp0 (response, "discard") == 0)
    {
      self->lesson_modified = FALSE;
      continue_pending (self);
    }
  else if (g_strcmp0 (response, "save") == 0 && self->lesson != NULL)
    {
      GFile *file = dpviz_lesson_get_file (self->lesson);

      if (file == NULL)
        /* continues once saved (on_save_response) */
        _dpviz_window_save_lesson_as_action (NULL, NULL, self);
      else if (save_lesson_to (self, file))
        continue_pending (self);
      else
        drop_pending (self);
    }
  else
    drop_pending (self);
}

/* TRUE when nothing would be lost by @pending; otherwise asks whether to save the edits
 * first (Save / Discard / Cancel), continues with @pending after Save or Discard, and returns
 * FALSE. */
static gboolean
ask_before_losing_edits (DpvizWindow *self,
                         guint        pending,
                         GFile       *file)
{
  GFile *lesson_file;
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  if (self->lesson == NULL || !self->lesson_modified)
    return TRUE;
  if (self->lesson_prompt != NULL)
    {
      gtk_window_present (GTK_WINDOW (self->lesson_prompt));
      return FALSE;
    }
  self->lesson_pending = pending;
  g_set_object (&self->lesson_pending_file, file);
  lesson_file = dpviz_lesson_get_file (self->lesson);
  if (lesson_file != NULL)
    {
      g_autofree char *name = g_file_get_basename (lesson_file);

      body = g_strdup_printf (_("The lesson “%s” has edits that are not saved. "
                                "Discarded edits are lost."), name);
    }
  else
    body = g_strdup (_("The lesson has never been saved. Discarded, it is lost."));
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Save Changes to the Lesson?"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    "save", _("_Save"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_prompt_response), self, 0);
  self->lesson_prompt = dialog;
  gtk_window_present (GTK_WINDOW (dialog));
  return FALSE;
}

gboolean
_dpviz_window_lesson_may_close (DpvizWindow *self)
{
  return ask_before_losing_edits (self, PENDING_CLOSE_WINDOW, NULL);
}

void
dpviz_window_open_lesson (DpvizWindow *self,
                          GFile       *file)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (DPVIZ_IS_WINDOW (self));

  if (!ask_before_losing_edits (self, PENDING_OPEN, file))
    return;
  if (!dpviz_window_load_lesson (self, file, &error))
    {
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *heading = g_strdup_printf (_("Could not open “%s”"), name);
      GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, error->message);

      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
      gtk_window_present (GTK_WINDOW (dialog));
    }
}

static GtkFileFilter *
lesson_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("DPViz lessons"));
  gtk_file_filter_add_mime_type (filter, "application/x-dpviz-lesson");
  gtk_file_filter_add_pattern (filter, "*.dpviz");
  gtk_file_filter_add_pattern (filter, "*.dpviz-lesson");
  return filter;
}

static void
on_open_response (GtkNativeDialog *native,
                  int              response,
                  DpvizWindow     *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

      dpviz_window_open_lesson (self, file);
    }
  gtk_native_dialog_destroy (native);
  g_object_unref (native);
  g_object_unref (self);
}

void
dpviz_window_choose_lesson (DpvizWindow *self)
{
  GtkFileChooserNative *native;
  g_autoptr(GtkFileFilter) filter = lesson_filter ();

  g_return_if_fail (DPVIZ_IS_WINDOW (self));

  native = gtk_file_chooser_native_new (_("Open Lesson"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  g_signal_connect (native, "response", G_CALLBACK (on_open_response), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

/* Saves the open lesson (its current step taking the current values), or the current state
 * as a one-step lesson, to @file, atomically; says how it went in a toast. The file becomes
 * the one Ctrl+S saves to. */
static gboolean
save_lesson_to (DpvizWindow *self, GFile *file)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DpvizLesson) lesson = dpviz_lesson_new_from_model (self->model);
  DpvizLesson *to_save = lesson;

  if (self->lesson != NULL)
    {
      /* Keep the open lesson's steps; the current step takes the current values. */
      DpvizLessonStep *step = g_ptr_array_index (self->lesson->steps, self->lesson_step);

      dpviz_model_get_params (self->model, &step->params);
      step->view = dpviz_model_get_view (self->model);
      to_save = self->lesson;
    }
  if (!dpviz_lesson_save (to_save, file, &error))
    {
      lesson_toast (self, error->message);
      return FALSE;
    }
  if (self->lesson != NULL)
    {
      /* A new lesson is adopted by its first Save As: Ctrl+S saves there from now on. */
      dpviz_lesson_set_file (self->lesson, file);
      self->lesson_modified = FALSE;
      lesson_shown (self, FALSE);
    }
  {
    g_autofree char *name = g_file_get_basename (file);
    g_autofree char *message = g_strdup_printf (_("Saved “%s”"), name);

    lesson_toast (self, message);
  }
  return TRUE;
}

gboolean
dpviz_window_save_lesson_as (DpvizWindow *window,
                             GFile       *file)
{
  g_return_val_if_fail (DPVIZ_IS_WINDOW (window), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  return save_lesson_to (window, file);
}

static void
on_save_response (GtkNativeDialog *native,
                  int              response,
                  DpvizWindow     *self)
{
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  /* what the unsaved-changes question was asked for follows a successful save */
  if (file != NULL && save_lesson_to (self, file))
    continue_pending (self);
  else
    drop_pending (self);
  gtk_native_dialog_destroy (native);
  g_object_unref (native);
  g_object_unref (self);
}

/* Save As: always asks where, starting from the open lesson's file when there is one. */
void
_dpviz_window_save_lesson_as_action (GSimpleAction *action,
                                     GVariant      *parameter,
                                     gpointer       user_data)
{
  DpvizWindow *self = user_data;
  GtkFileChooserNative *native;
  g_autoptr(GtkFileFilter) filter = lesson_filter ();
  GFile *current = self->lesson != NULL ? dpviz_lesson_get_file (self->lesson) : NULL;

  native = gtk_file_chooser_native_new (_("Save Lesson"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
  if (current != NULL)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (native), current, NULL);
  else
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), _("lesson.dpviz"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  g_signal_connect (native, "response", G_CALLBACK (on_save_response), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

/* Save (Ctrl+S): to the file the open lesson came from or was last saved to, without asking;
 * otherwise as Save As. */
void
_dpviz_window_save_lesson_action (GSimpleAction *action,
                                  GVariant      *parameter,
                                  gpointer       user_data)
{
  DpvizWindow *self = user_data;

  if (self->lesson != NULL && dpviz_lesson_get_file (self->lesson) != NULL)
    save_lesson_to (self, dpviz_lesson_get_file (self->lesson));
  else
    _dpviz_window_save_lesson_as_action (action, parameter, user_data);
}

void
_dpviz_window_lesson_next_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  DpvizWindow *self = user_data;

  go_to_step (self, self->lesson_step + 1);
}

void
_dpviz_window_lesson_previous_action (GSimpleAction *action,
                        GVariant      *parameter,
                        gpointer       user_data)
{
  DpvizWindow *self = user_data;

  if (self->lesson_step > 0)
    go_to_step (self, self->lesson_step - 1);
}

/* Builds lessons in the app: the current state becomes a new step after the current one (or
 * the first step of a new lesson); Ctrl+S then saves the whole lesson. */
void
_dpviz_window_lesson_add_step_action (GSimpleAction *action,
                        GVariant      *parameter,
                        gpointer       user_data)
{
  DpvizWindow *self = user_data;
  g_autofree char *message = NULL;

  if (self->lesson == NULL)
    replace_lesson (self, dpviz_lesson_new_from_model (self->model));
  else
    {
      DpvParams params;

      dpviz_model_get_params (self->model, &params);
      self->lesson_step++;
      dpviz_lesson_insert_step (self->lesson, self->lesson_step, &params,
                                dpviz_model_get_view (self->model), NULL);
    }
  lesson_edited (self, TRUE);
  message = g_strdup_printf (_("Added step %u of %u"), self->lesson_step + 1,
                             self->lesson->steps->len);
  lesson_toast (self, message);
}

/* "Update Step": the current step takes the current figure's parameters and view. */
void
_dpviz_window_lesson_update_step_action (GSimpleAction *action,
                                         GVariant      *parameter,
                                         gpointer       user_data)
{
  DpvizWindow *self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  DpvParams params;

  if (self->lesson == NULL)
    return;
  dpviz_model_get_params (self->model, &params);
  if (!dpviz_lesson_set_step (self->lesson, self->lesson_step, &params,
                              dpviz_model_get_view (self->model), &error))
    {
      lesson_toast (self, error->message);
      return;
    }
  lesson_edited (self, TRUE);
  message = g_strdup_printf (_("Step %u now shows the current figure"), self->lesson_step + 1);
  lesson_toast (self, message);
}

static void
move_step (DpvizWindow *self,
           int          by)
{
  guint to;

  if (self->lesson == NULL || (by < 0 && self->lesson_step == 0)
      || (by > 0 && self->lesson_step + 1 >= self->lesson->steps->len))
    return;
  to = self->lesson_step + by;
  dpviz_lesson_move_step (self->lesson, self->lesson_step, to);
  self->lesson_step = to;
  lesson_edited (self, TRUE);
}

void
_dpviz_window_lesson_move_up_action (GSimpleAction *action,
                                     GVariant      *parameter,
                                     gpointer       user_data)
{
  move_step (user_data, -1);
}

void
_dpviz_window_lesson_move_down_action (GSimpleAction *action,
                                       GVariant      *parameter,
                                       gpointer       user_data)
{
  move_step (user_data, 1);
}

/* Forgets the deleted step kept for Undo, and takes its toast away. */
static void
drop_deleted (DpvizWindow *self)
{
  g_autoptr(AdwToast) toast = g_steal_pointer (&self->lesson_deleted_toast);

  g_clear_pointer (&self->lesson_deleted, dpviz_lesson_step_free);
  if (toast != NULL)
    adw_toast_dismiss (toast);
  _dpviz_window_set_action_enabled (self, "lesson-undo-delete", FALSE);
}

static void
on_deleted_toast_dismissed (AdwToast    *toast,
                            DpvizWindow *self)
{
  if (self->lesson_deleted_toast == toast)
    drop_deleted (self);
}

void
_dpviz_window_lesson_undo_delete_action (GSimpleAction *action,
                                         GVariant      *parameter,
                                         gpointer       user_data)
{
  DpvizWindow *self = user_data;
  guint index;

  if (self->lesson == NULL || self->lesson_deleted == NULL)
    return;
  /* Through restore_step, so the file keeps the step's group, comments and unknown keys. */
  index = MIN (self->lesson_deleted_index, self->lesson->steps->len);
  dpviz_lesson_restore_step (self->lesson, index, g_steal_pointer (&self->lesson_deleted));
  drop_deleted (self);
  self->lesson_step = index;
  go_to_step (self, index);
  lesson_edited (self, TRUE);
}

void
_dpviz_window_lesson_delete_step_action (GSimpleAction *action,
                                         GVariant      *parameter,
                                         gpointer       user_data)
{
  DpvizWindow *self = user_data;
  AdwToast *toast;
  g_autofree char *message = NULL;
  guint index;

  if (self->lesson == NULL || self->lesson->steps->len < 2)
    return;
  /* Only the last deletion can be undone. */
  drop_deleted (self);
  index = self->lesson_step;
  self->lesson_deleted = dpviz_lesson_remove_step (self->lesson, index);
  self->lesson_deleted_index = index;
  self->lesson_step = MIN (index, self->lesson->steps->len - 1);
  go_to_step (self, self->lesson_step);
  lesson_edited (self, TRUE);

  /* Translators: a toast after a lesson step was deleted, with an Undo button */
  message = g_strdup_printf (_("Step %u deleted"), index + 1);
  toast = adw_toast_new (message);
  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_action_name (toast, "win.lesson-undo-delete");
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  adw_toast_set_timeout (toast, 10);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (on_deleted_toast_dismissed), self,
                           0);
  self->lesson_deleted_toast = g_object_ref (toast);
  _dpviz_window_set_action_enabled (self, "lesson-undo-delete", TRUE);
  if (self->lesson_editor != NULL && gtk_widget_get_visible (self->lesson_editor))
    dpviz_lesson_editor_add_toast (DPVIZ_LESSON_EDITOR (self->lesson_editor), toast);
  else
    adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/* Changes the lesson's text when it differs; @now is the value after the change. */
static void
text_edited (DpvizWindow *self,
             char        *before,
             const char  *now)
{
  if (g_strcmp0 (before, now) != 0)
    lesson_edited (self, FALSE);
  g_free (before);
}

void
_dpviz_window_lesson_set_title (DpvizWindow *self,
                                const char  *title)
{
  char *before;

  if (self->lesson == NULL)
    return;
  before = g_strdup (self->lesson->title);
  dpviz_lesson_set_title (self->lesson, title);
  text_edited (self, before, self->lesson->title);
}

void
_dpviz_window_lesson_set_step_title (DpvizWindow *self,
                                     guint        index,
                                     const char  *title)
{
  DpvizLessonStep *step;
  char *before;

  if (self->lesson == NULL || index >= self->lesson->steps->len)
    return;
  step = g_ptr_array_index (self->lesson->steps, index);
  before = g_strdup (step->title);
  dpviz_lesson_set_step_title (self->lesson, index, title);
  text_edited (self, before, step->title);
}

void
_dpviz_window_lesson_set_step_note (DpvizWindow *self,
                                    guint        index,
                                    const char  *note)
{
  DpvizLessonStep *step;
  char *before;

  if (self->lesson == NULL || index >= self->lesson->steps->len)
    return;
  step = g_ptr_array_index (self->lesson->steps, index);
  before = g_strdup (step->note);
  dpviz_lesson_set_step_note (self->lesson, index, note);
  text_edited (self, before, step->note);
}

void
_dpviz_window_close_lesson_action (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  DpvizWindow *self = user_data;

  if (ask_before_losing_edits (self, PENDING_CLOSE_LESSON, NULL))
    replace_lesson (self, NULL);
}

/* The window's lesson state goes with it (finalize). */
void
_dpviz_window_lesson_clear (DpvizWindow *self)
{
  g_clear_pointer (&self->lesson_deleted, dpviz_lesson_step_free);
  g_clear_object (&self->lesson_deleted_toast);
  g_clear_object (&self->lesson_pending_file);
  g_clear_pointer (&self->lesson, dpviz_lesson_free);
}

void
_dpviz_window_lesson_edit_action (GSimpleAction *action,
                                  GVariant      *parameter,
                                  gpointer       user_data)
{
  dpviz_window_show_lesson_editor (user_data);
}

DpvizLessonEditor *
dpviz_window_show_lesson_editor (DpvizWindow *window)
{
  g_return_val_if_fail (DPVIZ_IS_WINDOW (window), NULL);

  if (window->lesson_editor == NULL)
    window->lesson_editor = dpviz_lesson_editor_new (window);
  gtk_window_present (GTK_WINDOW (window->lesson_editor));
  return DPVIZ_LESSON_EDITOR (window->lesson_editor);
}

const DpvizLesson *
dpviz_window_get_lesson (DpvizWindow *window)
{
  g_return_val_if_fail (DPVIZ_IS_WINDOW (window), NULL);

  return window->lesson;
}

guint
dpviz_window_get_lesson_step (DpvizWindow *window)
{
  g_return_val_if_fail (DPVIZ_IS_WINDOW (window), 0);

  return window->lesson_step;
}

gboolean
dpviz_window_get_lesson_modified (DpvizWindow *window)
{
  g_return_val_if_fail (DPVIZ_IS_WINDOW (window), FALSE);

  return window->lesson != NULL && window->lesson_modified;
}

GtkWindow *
dpviz_window_get_lesson_prompt (DpvizWindow *window)
{
  g_return_val_if_fail (DPVIZ_IS_WINDOW (window), NULL);

  return window->lesson_prompt != NULL ? GTK_WINDOW (window->lesson_prompt) : NULL;
}
