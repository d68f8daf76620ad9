/* dpviz-lesson-editor.h — the lesson editor: a window beside the main one listing the steps
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * It edits the main window's open lesson through the window's actions (win.lesson-*), so the
 * figure stays adjustable while the editor is open: tune the figure, then add it as a step or
 * update the selected step from it. Selecting a row goes to that step.
 */
#pragma once

#include <adwaita.h>

#include "dpviz-lesson-file.h"
#include "dpviz-window.h"

G_BEGIN_DECLS

#define DPVIZ_TYPE_LESSON_EDITOR (dpviz_lesson_editor_get_type ())
G_DECLARE_FINAL_TYPE (DpvizLessonEditor, dpviz_lesson_editor, DPVIZ, LESSON_EDITOR, AdwWindow)

GtkWidget *dpviz_lesson_editor_new (DpvizWindow *window);
/* Shows the window's lesson again; @refill also puts the current step's title and note into
 * their fields (after a change of step or structure, not while they are being typed in). */
void dpviz_lesson_editor_refresh (DpvizLessonEditor *self, gboolean refill);
/* Shows @toast in the editor (a deleted step's Undo). */
void dpviz_lesson_editor_add_toast (DpvizLessonEditor *self, AdwToast *toast);

/* The parts, for tests and keyboard use. */
GtkListBox *dpviz_lesson_editor_get_list (DpvizLessonEditor *self);
GtkEditable *dpviz_lesson_editor_get_lesson_title (DpvizLessonEditor *self);
GtkEditable *dpviz_lesson_editor_get_step_title (DpvizLessonEditor *self);
GtkTextBuffer *dpviz_lesson_editor_get_note (DpvizLessonEditor *self);

/* The window's editor, opened (and presented) if needed. */
DpvizLessonEditor *dpviz_window_show_lesson_editor (DpvizWindow *window);
/* The open lesson (NULL if none), its current step, and whether it has unsaved edits. */
const DpvizLesson *dpviz_window_get_lesson (DpvizWindow *window);
guint dpviz_window_get_lesson_step (DpvizWindow *window);
gboolean dpviz_window_get_lesson_modified (DpvizWindow *window);
/* Saves the lesson (or the current state as a one-step lesson) to @file, as Save As does
 * once a file is chosen; the open lesson is saved to @file by Ctrl+S from then on. */
gboolean dpviz_window_save_lesson_as (DpvizWindow *window, GFile *file);
/* The unsaved-changes question while it is asked (an AdwMessageDialog), or NULL. */
GtkWindow *dpviz_window_get_lesson_prompt (DpvizWindow *window);

G_END_DECLS
