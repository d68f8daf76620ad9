/* dpviz-list-editor.h — the editable table of a LIST parameter (a data set, named candidates)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dpviz-model.h"

G_BEGIN_DECLS

#define DPVIZ_TYPE_LIST_EDITOR (dpviz_list_editor_get_type ())
G_DECLARE_FINAL_TYPE (DpvizListEditor, dpviz_list_editor, DPVIZ, LIST_EDITOR, GtkWidget)

/* The editor of the model's LIST parameter @id (a row of kind DPV_PARAM_KIND_LIST). */
GtkWidget *dpviz_list_editor_new (DpvizModel *model, DpvParamId id);

/* The number of item rows shown (the model's list length). */
guint dpviz_list_editor_get_n_items (DpvizListEditor *self);
/* Item @i's value entry, and its name entry (NULL for an unnamed list). */
GtkEditable *dpviz_list_editor_get_value_entry (DpvizListEditor *self, guint i);
GtkEditable *dpviz_list_editor_get_name_entry (DpvizListEditor *self, guint i);
/* Item @i's remove button, the add button, the whole list's text entry. */
GtkButton *dpviz_list_editor_get_remove_button (DpvizListEditor *self, guint i);
GtkButton *dpviz_list_editor_get_add_button (DpvizListEditor *self);
GtkEditable *dpviz_list_editor_get_text_entry (DpvizListEditor *self);
/* Commits item @i's entries (value and name) or the text entry as Enter does; FALSE when
 * refused (the model is unchanged, the reason shown). */
gboolean dpviz_list_editor_commit_item (DpvizListEditor *self, guint i);
gboolean dpviz_list_editor_commit_text (DpvizListEditor *self);
/* Sets the list to the row's preset @name (what the examples menu does); FALSE if unknown. */
gboolean dpviz_list_editor_apply_preset (DpvizListEditor *self, const char *name);
/* The message shown for the last refused edit, or NULL. */
const char *dpviz_list_editor_get_error (DpvizListEditor *self);

G_END_DECLS
