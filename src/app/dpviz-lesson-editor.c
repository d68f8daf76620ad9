/* dpviz-lesson-editor.c — the lesson editor: the steps listed, their titles and notes edited
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A window of its own rather than a dialog or a pane: the lecturer keeps adjusting the figure
 * in the main window (which stays full size on the projector) while the editor is open, then
 * adds the figure as a step or updates the selected step from it. The editor holds no lesson
 * state: every edit goes through the main window (its win.lesson-* actions, inserted here as
 * "win", and _dpviz_window_lesson_set_*), which calls dpviz_lesson_editor_refresh ().
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "dpviz-lesson-editor.h"
#include "dpviz-window-private.h"

struct _DpvizLessonEditor
{
  AdwWindow parent_instance;

  DpvizWindow *window;          /* weak: the editor is destroyed with it */
  AdwWindowTitle *heading;
  AdwToastOverlay *toasts;
  GtkLabel *empty_label;
  GtkWidget *lesson_group;
  AdwEntryRow *lesson_title;
  GtkListBox *list;
  GtkWidget *step_group;
  AdwEntryRow *step_title;
  GtkTextView *note_view;
  GtkTextBuffer *note;
  guint filled_step;            /* the step whose title and note the fields show */
  gboolean updating;            /* the editor is changing its widgets, not the user */
};

G_DEFINE_FINAL_TYPE (DpvizLessonEditor, dpviz_lesson_editor, ADW_TYPE_WINDOW)

/* The first line of @text (new string), or NULL for none. */
static char *
first_line (const char *text)
{
  const char *end;

  if (text == NULL || *text == '\0')
    return NULL;
  end = strchr (text, '\n');
  return end != NULL ? g_strndup (text, end - text) : g_strdup (text);
}

/* Shows @step (number @index) in @row: its number, its title or "Step N · view", the first
 * line of its note. The row itself stays, so it keeps the keyboard focus. */
static void
fill_row (GtkListBoxRow         *row,
          const DpvizLessonStep *step,
          guint                  index)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  g_autofree char *number = g_strdup_printf ("%u", index + 1);
  GtkWidget *number_label = gtk_label_new (number);
  g_autofree char *view_title = dpv_view_class_get_plain_title (dpv_registry_get (step->view));
  g_autofree char *title = NULL;
  g_autofree char *note = first_line (step->note);
  g_autofree char *accessible = NULL;
  GtkWidget *title_label;

  if (step->title != NULL)
    title = g_strdup (step->title);
  else
    /* Translators: a lesson step without a title in the lesson editor: its number, its view */
    title = g_strdup_printf (_("Step %u · %s"), index + 1, view_title);

  gtk_widget_add_css_class (number_label, "dim-label");
  gtk_widget_add_css_class (number_label, "numeric");
  gtk_widget_set_size_request (number_label, 24, -1);
  gtk_box_append (GTK_BOX (box), number_label);

  title_label = gtk_label_new (title);
  gtk_label_set_xalign (GTK_LABEL (title_label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (title_label), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (title_label, "heading");
  gtk_box_append (GTK_BOX (text), title_label);
  if (note != NULL)
    {
      GtkWidget *note_label = gtk_label_new (note);

      gtk_label_set_xalign (GTK_LABEL (note_label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (note_label), PANGO_ELLIPSIZE_END);
      gtk_widget_add_css_class (note_label, "dim-label");
      gtk_box_append (GTK_BOX (text), note_label);
    }
  gtk_widget_set_hexpand (text, TRUE);
  gtk_box_append (GTK_BOX (box), text);
  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 8);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_list_box_row_set_child (row, box);

  /* Translators: the screen reader's name of a step's row: number, title, first line of note */
  accessible = g_strdup_printf (_("Step %u: %s. %s"), index + 1, title, note ? note : "");
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  accessible, -1);
}

static void
on_row_selected (GtkListBox        *list,
                 GtkListBoxRow     *row,
                 DpvizLessonEditor *self)
{
  if (self->updating || row == NULL || self->window == NULL)
    return;
  _dpviz_window_lesson_go_to (self->window, gtk_list_box_row_get_index (row));
}

static void
on_lesson_title_changed (GtkEditable       *editable,
                         DpvizLessonEditor *self)
{
  if (!self->updating && self->window != NULL)
    _dpviz_window_lesson_set_title (self->window, gtk_editable_get_text (editable));
}

static void
on_step_title_changed (GtkEditable       *editable,
                       DpvizLessonEditor *self)
{
  if (!self->updating && self->window != NULL)
    _dpviz_window_lesson_set_step_title (self->window, self->filled_step,
                                         gtk_editable_get_text (editable));
}

static void
on_note_changed (GtkTextBuffer     *buffer,
                 DpvizLessonEditor *self)
{
  GtkTextIter start, end;
  g_autofree char *text = NULL;

  if (self->updating || self->window == NULL)
    return;
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  _dpviz_window_lesson_set_step_note (self->window, self->filled_step, text);
}

void
dpviz_lesson_editor_refresh (DpvizLessonEditor *self,
                             gboolean           refill)
{
  const DpvizLesson *lesson;
  GtkListBoxRow *row;
  GtkWidget *focus;
  gboolean list_focused;
  guint current;
  guint n;

  g_return_if_fail (DPVIZ_IS_LESSON_EDITOR (self));

  if (self->window == NULL)
    return;
  lesson = dpviz_window_get_lesson (self->window);
  current = dpviz_window_get_lesson_step (self->window);
  self->updating = TRUE;

  gtk_widget_set_visible (GTK_WIDGET (self->empty_label), lesson == NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->list), lesson != NULL);
  gtk_widget_set_sensitive (self->lesson_group, lesson != NULL);
  gtk_widget_set_sensitive (self->step_group, lesson != NULL);

  if (lesson == NULL)
    {
      adw_window_title_set_subtitle (self->heading, _("No lesson open"));
      gtk_editable_set_text (GTK_EDITABLE (self->lesson_title), "");
      gtk_editable_set_text (GTK_EDITABLE (self->step_title), "");
      gtk_text_buffer_set_text (self->note, "", -1);
      while ((row = gtk_list_box_get_row_at_index (self->list, 0)) != NULL)
        gtk_list_box_remove (self->list, GTK_WIDGET (row));
      self->filled_step = G_MAXUINT;
      self->updating = FALSE;
      return;
    }

  {
    GFile *file = dpviz_lesson_get_file (lesson);
    g_autofree char *name = file != NULL ? g_file_get_basename (file) : NULL;
    g_autofree char *subtitle = NULL;

    if (name == NULL)
      name = g_strdup (_("Not saved yet"));
    /* Translators: the lesson editor's subtitle: the file name and "•" when edited */
    subtitle = dpviz_window_get_lesson_modified (self->window)
               ? g_strdup_printf (_("%s • edited"), name) : g_strdup (name);
    adw_window_title_set_subtitle (self->heading, subtitle);
  }

  focus = gtk_root_get_focus (GTK_ROOT (self));
  list_focused = focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->list));
  n = lesson->steps->len;
  for (guint i = 0; i < n; i++)
    {
      row = gtk_list_box_get_row_at_index (self->list, i);
      if (row == NULL)
        {
          row = GTK_LIST_BOX_ROW (gtk_list_box_row_new ());
          gtk_list_box_append (self->list, GTK_WIDGET (row));
        }
      fill_row (row, g_ptr_array_index (lesson->steps, i), i);
    }
  while ((row = gtk_list_box_get_row_at_index (self->list, n)) != NULL)
    gtk_list_box_remove (self->list, GTK_WIDGET (row));
  row = gtk_list_box_get_row_at_index (self->list, current);
  gtk_list_box_select_row (self->list, row);
  if (list_focused && row != NULL)
    gtk_widget_grab_focus (GTK_WIDGET (row));

  if (refill || self->filled_step != current)
    {
      const DpvizLessonStep *step = g_ptr_array_index (lesson->steps, current);
      g_autofree char *heading = g_strdup_printf (_("Step %u"), current + 1);

      gtk_editable_set_text (GTK_EDITABLE (self->lesson_title),
                             lesson->title != NULL ? lesson->title : "");
      gtk_editable_set_text (GTK_EDITABLE (self->step_title),
                             step->title != NULL ? step->title : "");
      gtk_text_buffer_set_text (self->note, step->note != NULL ? step->note : "", -1);
      adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (self->step_group), heading);
      self->filled_step = current;
    }
  self->updating = FALSE;
}

void
dpviz_lesson_editor_add_toast (DpvizLessonEditor *self,
                               AdwToast          *toast)
{
  g_return_if_fail (DPVIZ_IS_LESSON_EDITOR (self));

  adw_toast_overlay_add_toast (self->toasts, toast);
}

GtkListBox *
dpviz_lesson_editor_get_list (DpvizLessonEditor *self)
{
  return self->list;
}

GtkEditable *
dpviz_lesson_editor_get_lesson_title (DpvizLessonEditor *self)
{
  return GTK_EDITABLE (self->lesson_title);
}

GtkEditable *
dpviz_lesson_editor_get_step_title (DpvizLessonEditor *self)
{
  return GTK_EDITABLE (self->step_title);
}

GtkTextBuffer *
dpviz_lesson_editor_get_note (DpvizLessonEditor *self)
{
  return self->note;
}

/* A button for action @action: an icon (or a label when @label is set), its tooltip and the
 * screen reader's name. */
static GtkWidget *
action_button (const char *action,
               const char *icon,
               const char *label,
               const char *tooltip)
{
  GtkWidget *button = label != NULL ? gtk_button_new_with_mnemonic (label)
                                    : gtk_button_new_from_icon_name (icon);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_widget_set_tooltip_text (button, tooltip);
  if (label == NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    tooltip, -1);
  return button;
}

static void
add_shortcut (GtkShortcutController *controller,
              const char            *accel,
              const char            *action)
{
  gtk_shortcut_controller_add_shortcut (controller,
    gtk_shortcut_new (gtk_shortcut_trigger_parse_string (accel),
                      gtk_named_action_new (action)));
}

static void
dpviz_lesson_editor_init (DpvizLessonEditor *self)
{
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *save = gtk_button_new_with_mnemonic (_("_Save"));
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *clamp = adw_clamp_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  GtkWidget *steps_group = adw_preferences_group_new ();
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *note_label = gtk_label_new_with_mnemonic (_("_Note"));
  GtkWidget *note_frame = gtk_frame_new (NULL);
  GtkShortcutController *shortcuts;
  GtkShortcutController *list_keys;

  gtk_window_set_title (GTK_WINDOW (self), _("Edit Lesson"));
  gtk_window_set_default_size (GTK_WINDOW (self), 440, 640);

  self->heading = ADW_WINDOW_TITLE (adw_window_title_new (_("Edit Lesson"), NULL));
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), GTK_WIDGET (self->heading));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (save), "win.save-lesson");
  gtk_widget_set_tooltip_text (save, _("Save the Lesson to Its File (Ctrl+S)"));
  gtk_widget_add_css_class (save, "suggested-action");
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), save);
  gtk_box_append (GTK_BOX (content), header);

  /* the lesson's title */
  self->lesson_group = adw_preferences_group_new ();
  self->lesson_title = ADW_ENTRY_ROW (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->lesson_title), _("Lesson _Title"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->lesson_title), TRUE);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->lesson_group),
                             GTK_WIDGET (self->lesson_title));
  gtk_box_append (GTK_BOX (box), self->lesson_group);

  /* the steps */
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (steps_group), _("Steps"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (steps_group),
    _("Selecting a step shows it. Alt+Up and Alt+Down move it, Delete deletes it."));
  self->empty_label = GTK_LABEL (gtk_label_new (
    _("No lesson is open. “Add Current Figure” starts one from the figure as it is now.")));
  gtk_label_set_wrap (self->empty_label, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->empty_label), "dim-label");
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (steps_group),
                             GTK_WIDGET (self->empty_label));
  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_BROWSE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Lesson steps"), -1);
  g_signal_connect (self->list, "row-selected", G_CALLBACK (on_row_selected), self);
  list_keys = GTK_SHORTCUT_CONTROLLER (gtk_shortcut_controller_new ());
  add_shortcut (list_keys, "Delete", "win.lesson-delete-step");
  gtk_widget_add_controller (GTK_WIDGET (self->list), GTK_EVENT_CONTROLLER (list_keys));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (steps_group), GTK_WIDGET (self->list));

  gtk_box_append (GTK_BOX (buttons),
                  action_button ("win.lesson-add-step", NULL, _("_Add Current Figure"),
                                 _("Add the current figure as a step after the selected one "
                                   "(Ctrl+Shift+A)")));
  gtk_box_append (GTK_BOX (buttons),
                  action_button ("win.lesson-update-step", NULL, _("_Update Step"),
                                 _("Update the selected step from the current figure")));
  {
    GtkWidget *spacer = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

    gtk_widget_set_hexpand (spacer, TRUE);
    gtk_box_append (GTK_BOX (buttons), spacer);
  }
  gtk_box_append (GTK_BOX (buttons),
                  action_button ("win.lesson-move-step-up", "go-up-symbolic", NULL,
                                 _("Move the step up (Alt+Up)")));
  gtk_box_append (GTK_BOX (buttons),
                  action_button ("win.lesson-move-step-down", "go-down-symbolic", NULL,
                                 _("Move the step down (Alt+Down)")));
  {
    GtkWidget *remove = action_button ("win.lesson-delete-step", "user-trash-symbolic", NULL,
                                       _("Delete the step (Delete)"));

    gtk_widget_add_css_class (remove, "destructive-action");
    gtk_box_append (GTK_BOX (buttons), remove);
  }
  gtk_widget_set_margin_top (buttons, 6);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (steps_group), buttons);
  gtk_box_append (GTK_BOX (box), steps_group);

  /* the selected step's title and note */
  self->step_group = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (self->step_group), _("Step"));
  self->step_title = ADW_ENTRY_ROW (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->step_title), _("Step T_itle"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->step_title), TRUE);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->step_group),
                             GTK_WIDGET (self->step_title));
  gtk_label_set_xalign (GTK_LABEL (note_label), 0);
  gtk_widget_set_margin_top (note_label, 12);
  gtk_widget_add_css_class (note_label, "heading");
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->step_group), note_label);
  self->note_view = GTK_TEXT_VIEW (gtk_text_view_new ());
  self->note = gtk_text_view_get_buffer (self->note_view);
  gtk_text_view_set_wrap_mode (self->note_view, GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_top_margin (self->note_view, 8);
  gtk_text_view_set_bottom_margin (self->note_view, 8);
  gtk_text_view_set_left_margin (self->note_view, 8);
  gtk_text_view_set_right_margin (self->note_view, 8);
  gtk_widget_set_size_request (GTK_WIDGET (self->note_view), -1, 120);
  gtk_label_set_mnemonic_widget (GTK_LABEL (note_label), GTK_WIDGET (self->note_view));
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self->note_view),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, note_label, NULL, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->note_view),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _("The step's note, shown in the lesson bar"), -1);
  gtk_frame_set_child (GTK_FRAME (note_frame), GTK_WIDGET (self->note_view));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->step_group), note_frame);
  gtk_box_append (GTK_BOX (box), self->step_group);

  g_signal_connect (self->lesson_title, "changed", G_CALLBACK (on_lesson_title_changed), self);
  g_signal_connect (self->step_title, "changed", G_CALLBACK (on_step_title_changed), self);
  g_signal_connect (self->note, "changed", G_CALLBACK (on_note_changed), self);

  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  adw_clamp_set_child (ADW_CLAMP (clamp), box);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), clamp);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scrolled, TRUE);
  self->toasts = ADW_TOAST_OVERLAY (adw_toast_overlay_new ());
  adw_toast_overlay_set_child (self->toasts, scrolled);
  gtk_box_append (GTK_BOX (content), GTK_WIDGET (self->toasts));
  adw_window_set_content (ADW_WINDOW (self), content);

  /* The editor is not one of the application's windows (its shortcuts would reach the main
   * window's win.close); these are its own. */
  shortcuts = GTK_SHORTCUT_CONTROLLER (gtk_shortcut_controller_new ());
  gtk_shortcut_controller_set_scope (shortcuts, GTK_SHORTCUT_SCOPE_MANAGED);
  add_shortcut (shortcuts, "<Alt>Up", "win.lesson-move-step-up");
  add_shortcut (shortcuts, "<Alt>Down", "win.lesson-move-step-down");
  add_shortcut (shortcuts, "<Primary>s", "win.save-lesson");
  add_shortcut (shortcuts, "<Primary><Shift>s", "win.save-lesson-as");
  add_shortcut (shortcuts, "<Primary><Shift>a", "win.lesson-add-step");
  add_shortcut (shortcuts, "<Primary>Page_Down", "win.lesson-next");
  add_shortcut (shortcuts, "<Primary>Page_Up", "win.lesson-previous");
  add_shortcut (shortcuts, "Escape", "window.close");
  add_shortcut (shortcuts, "<Primary>w", "window.close");
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (shortcuts));
}

static void
dpviz_lesson_editor_dispose (GObject *object)
{
  DpvizLessonEditor *self = DPVIZ_LESSON_EDITOR (object);

  if (self->window != NULL)
    {
      if (self->window->lesson_editor == GTK_WIDGET (self))
        self->window->lesson_editor = NULL;
      g_object_remove_weak_pointer (G_OBJECT (self->window), (gpointer *) &self->window);
      self->window = NULL;
    }
  G_OBJECT_CLASS (dpviz_lesson_editor_parent_class)->dispose (object);
}

static void
dpviz_lesson_editor_class_init (DpvizLessonEditorClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = dpviz_lesson_editor_dispose;
}

GtkWidget *
dpviz_lesson_editor_new (DpvizWindow *window)
{
  DpvizLessonEditor *self;

  g_return_val_if_fail (DPVIZ_IS_WINDOW (window), NULL);

  self = g_object_new (DPVIZ_TYPE_LESSON_EDITOR,
                       "transient-for", window,
                       "destroy-with-parent", TRUE,
                       NULL);
  self->window = window;
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &self->window);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "win", G_ACTION_GROUP (window));
  self->filled_step = G_MAXUINT;
  dpviz_lesson_editor_refresh (self, TRUE);
  return GTK_WIDGET (self);
}
