/* dpviz-window-lessons.c — lessons: open, save, step through, add steps
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "dpviz-export-dialog.h"
#include "dpviz-window-private.h"

void
_dpviz_window_update_lesson_bar (DpvizWindow *self)
{
  gboolean have = self->lesson != NULL;

  gtk_revealer_set_reveal_child (self->lesson_revealer, have);
  _dpviz_window_set_action_enabled (self, "lesson-next",
                      have && self->lesson_step + 1 < self->lesson->steps->len);
  _dpviz_window_set_action_enabled (self, "lesson-previous", have && self->lesson_step > 0);
  _dpviz_window_set_action_enabled (self, "close-lesson", have);
  _dpviz_window_set_action_enabled (self, "export-lesson", have);
  if (have)
    {
      DpvizLessonStep *step = g_ptr_array_index (self->lesson->steps, self->lesson_step);
      g_autofree char *text = NULL;
      g_autofree char *title = g_markup_escape_text (self->lesson->title ? self->lesson->title
                                                                         : _("Lesson"), -1);
      g_autofree char *note = step->note ? g_markup_escape_text (step->note, -1) : NULL;

      /* Translators: lesson title, step number, number of steps, then the step's note */
      text = g_strdup_printf (_("<b>%s</b> — step %u of %u%s%s"), title,
                              self->lesson_step + 1, self->lesson->steps->len,
                              note ? ": " : "", note ? note : "");
      gtk_label_set_markup (self->lesson_label, text);
    }
  {
    g_autoptr(PangoAttrList) attrs = _dpviz_window_scale_attrs (_dpviz_window_zoom_levels[self->zoom_index]);

    gtk_label_set_attributes (self->lesson_label, attrs);
  }
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
  if (!dpviz_lesson_apply_step (self->lesson, index, self->model, &error))
    {
      _dpviz_window_toast (self, error->message);
      return;
    }
  self->lesson_step = index;
  _dpviz_window_update_lesson_bar (self);
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
  if (!dpviz_lesson_apply_step (lesson, 0, self->model, error))
    return FALSE;
  g_clear_pointer (&self->lesson, dpviz_lesson_free);
  self->lesson = g_steal_pointer (&lesson);
  self->lesson_step = 0;
  _dpviz_window_update_lesson_bar (self);
  return TRUE;
}

void
dpviz_window_open_lesson (DpvizWindow *self,
                          GFile       *file)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (DPVIZ_IS_WINDOW (self));

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
      _dpviz_window_toast (self, error->message);
      return FALSE;
    }
  if (self->lesson != NULL)
    dpviz_lesson_set_file (self->lesson, file);
  {
    g_autofree char *name = g_file_get_basename (file);
    g_autofree char *message = g_strdup_printf (_("Saved “%s”"), name);

    _dpviz_window_toast (self, message);
  }
  return TRUE;
}

static void
on_save_response (GtkNativeDialog *native,
                  int              response,
                  DpvizWindow     *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

      save_lesson_to (self, file);
    }
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
  g_autoptr(DpvizLesson) fresh = dpviz_lesson_new_from_model (self->model);
  g_autofree char *message = NULL;

  if (self->lesson == NULL)
    {
      self->lesson = g_steal_pointer (&fresh);
      self->lesson_step = 0;
    }
  else
    {
      /* Both arrays free their steps the same way: the step changes owner. */
      gpointer step = g_ptr_array_steal_index (fresh->steps, 0);

      self->lesson_step++;
      g_ptr_array_insert (self->lesson->steps, self->lesson_step, step);
    }
  _dpviz_window_update_lesson_bar (self);
  message = g_strdup_printf (_("Added step %u of %u"), self->lesson_step + 1,
                             self->lesson->steps->len);
  _dpviz_window_toast (self, message);
}

void
_dpviz_window_close_lesson_action (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  DpvizWindow *self = user_data;

  g_clear_pointer (&self->lesson, dpviz_lesson_free);
  _dpviz_window_update_lesson_bar (self);
}
