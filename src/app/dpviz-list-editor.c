/* dpviz-list-editor.c — the editable table of a LIST parameter (a data set, named candidates)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One row per item: its number, a name entry (named lists: vwork's candidates "name=utility"),
 * a value entry, a remove button; under the rows an add button, the number of items allowed,
 * the row's examples (presets) in a menu, and the whole list as text (to paste a data set).
 * Every edit is the whole list set on the model through the parameter table's check
 * (dpviz_model_set_param): a value out of the row's range, an unreadable number, a name that
 * would not read back, too few or too many items are refused; the model does not change, the
 * entry keeps the text with the "error" style and the reason is shown under the table (and as
 * the entry's tooltip and accessible description). An entry commits on Enter and when it
 * loses the focus; Escape puts the model's value back.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "dpviz-list-editor.h"

struct _DpvizListEditor
{
  GtkWidget parent_instance;

  DpvizModel *model;
  const DpvParamSpec *spec;
  DpvParamList list;          /* what the rows show: the model's list */

  GtkWidget *box;             /* the one child */
  GtkWidget *list_box;
  GtkWidget *add_button;
  GtkWidget *count_label;
  GtkWidget *text_entry;
  GtkWidget *error_label;
  GPtrArray *value_entries;   /* per item, not owned */
  GPtrArray *name_entries;
  GPtrArray *remove_buttons;

  GtkWidget *error_widget;    /* the entry marked with the error, or NULL */
  char *error;
};

G_DEFINE_FINAL_TYPE (DpvizListEditor, dpviz_list_editor, GTK_TYPE_WIDGET)

static void rebuild_rows (DpvizListEditor *self);

/* The shortest decimal that reads back to @value: "19", "0.5", "1e-5". */
static char *
format_number (double value)
{
  static const char *formats[] = { "%.6g", "%.10g", "%.15g", "%.17g" };
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_ascii_formatd (buf, sizeof buf, formats[i], value);
      if (g_ascii_strtod (buf, NULL) == value)
        break;
    }
  return g_strdup (buf);
}

/* "19", "0.5", "1e-5", "1,5" (decimal comma), "−3" (Unicode minus), spaces around. */
static gboolean
parse_number (const char *text,
              double     *out)
{
  g_autoptr(GString) s = g_string_new (text);
  char *end = NULL;

  g_strstrip (s->str);
  s->len = strlen (s->str);
  g_string_replace (s, "−", "-", 0);
  if (strchr (s->str, '.') == NULL)
    g_string_replace (s, ",", ".", 1);
  if (s->len == 0)
    return FALSE;
  *out = g_ascii_strtod (s->str, &end);
  return end != s->str && *end == '\0' && isfinite (*out);
}

static void
mark (GtkWidget  *widget,
      const char *message)
{
  if (message != NULL)
    {
      gtk_widget_add_css_class (widget, "error");
      gtk_widget_set_tooltip_text (widget, message);
      gtk_accessible_update_state (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_STATE_INVALID,
                                   GTK_ACCESSIBLE_INVALID_TRUE, -1);
      gtk_accessible_update_property (GTK_ACCESSIBLE (widget),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, message, -1);
    }
  else
    {
      gtk_widget_remove_css_class (widget, "error");
      gtk_widget_set_tooltip_text (widget, NULL);
      gtk_accessible_reset_state (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_STATE_INVALID);
      gtk_accessible_reset_property (GTK_ACCESSIBLE (widget),
                                     GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    }
}

/* Shows @message for @widget (NULL: clears the error shown). */
static void
set_error (DpvizListEditor *self,
           GtkWidget       *widget,
           const char      *message)
{
  if (self->error_widget != NULL)
    {
      mark (self->error_widget, NULL);
      g_clear_weak_pointer (&self->error_widget);
    }
  g_free (self->error);
  self->error = g_strdup (message);
  gtk_label_set_text (GTK_LABEL (self->error_label), message != NULL ? message : "");
  gtk_widget_set_visible (self->error_label, message != NULL);
  if (message != NULL && widget != NULL)
    {
      mark (widget, message);
      g_set_weak_pointer (&self->error_widget, widget);
    }
}

/* Sets @candidate as the model's list; on refusal shows the reason at @widget (naming item
 * @item, when it is one item's edit: item ≥ 0) and changes nothing. */
static gboolean
try_set (DpvizListEditor    *self,
         const DpvParamList *candidate,
         GtkWidget          *widget,
         int                 item)
{
  g_autoptr(GError) error = NULL;
  DpvParamValue v;
  DpvParamList old = self->list;
  gboolean same_length = candidate->n == old.n;

  memset (&v, 0, sizeof v);
  v.list = *candidate;
  /* an item's edit keeps the rows (and the focus in them): the model's notification then
   * finds the rows up to date */
  if (same_length)
    self->list = *candidate;
  if (!dpviz_model_set_param (self->model, self->spec->id, &v, &error))
    {
      g_autofree char *message =
        item >= 0
        /* Translators: an item's number, then why its value or name was refused */
        ? g_strdup_printf (_("Item %d: %s"), item + 1, error->message)
        : g_strdup (error->message);

      self->list = old;
      set_error (self, widget, message);
      return FALSE;
    }
  set_error (self, NULL, NULL);
  return TRUE;
}

static void
update_text_entry (DpvizListEditor *self)
{
  DpvParamValue v;
  g_autofree char *text = NULL;

  memset (&v, 0, sizeof v);
  v.list = self->list;
  text = dpv_param_format (self->spec, &v);
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->text_entry)), text) != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->text_entry), text);
}

static void
update_buttons (DpvizListEditor *self)
{
  gboolean can_add = self->list.n < self->spec->list_max;
  gboolean can_remove = self->list.n > self->spec->list_min;
  g_autofree char *count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                         "%u item (%u … %u)",
                                                         "%u items (%u … %u)", self->list.n),
                                            self->list.n, self->spec->list_min,
                                            self->spec->list_max);

  gtk_label_set_text (GTK_LABEL (self->count_label), count);
  gtk_widget_set_sensitive (self->add_button, can_add);
  for (guint i = 0; i < self->remove_buttons->len; i++)
    gtk_widget_set_sensitive (g_ptr_array_index (self->remove_buttons, i), can_remove);
}

static void
sync_from_model (DpvizListEditor *self)
{
  DpvParamValue v;

  dpviz_model_get_param (self->model, self->spec->id, &v);
  if (memcmp (&v.list, &self->list, sizeof self->list) != 0
      || self->value_entries->len != v.list.n)
    {
      self->list = v.list;
      rebuild_rows (self);
      set_error (self, NULL, NULL);
    }
  update_text_entry (self);
  update_buttons (self);
}

static guint
item_index (GtkWidget *widget)
{
  return GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (widget), "dpviz-item"));
}

gboolean
dpviz_list_editor_commit_item (DpvizListEditor *self,
                               guint            i)
{
  DpvParamList candidate;
  GtkWidget *value_entry, *name_entry = NULL;
  const char *text;
  double value;

  g_return_val_if_fail (DPVIZ_IS_LIST_EDITOR (self), FALSE);
  g_return_val_if_fail (i < self->value_entries->len, FALSE);

  value_entry = g_ptr_array_index (self->value_entries, i);
  text = gtk_editable_get_text (GTK_EDITABLE (value_entry));
  if (!parse_number (text, &value))
    {
      g_autofree char *range = dpv_param_range_text (self->spec);
      g_autofree char *message =
        /* Translators: the item's number, the text typed, the allowed range ("0 … 100") */
        g_strdup_printf (_("Item %u: “%s” is not a number between %s"), i + 1, text, range);

      set_error (self, value_entry, message);
      return FALSE;
    }
  candidate = self->list;
  candidate.values[i] = value;
  if (self->spec->list_named)
    {
      g_autofree char *name = NULL;

      name_entry = g_ptr_array_index (self->name_entries, i);
      name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (name_entry))));
      memset (candidate.names[i], 0, DPV_PARAM_LIST_NAME_MAX);
      /* a name too long keeps no terminator, which the table's check refuses */
      memcpy (candidate.names[i], name, MIN (strlen (name), DPV_PARAM_LIST_NAME_MAX));
    }
  if (memcmp (&candidate, &self->list, sizeof candidate) == 0)
    {
      set_error (self, NULL, NULL);
      return TRUE;
    }
  /* a refused name marks the name entry, anything else the value entry */
  if (name_entry != NULL && memcmp (candidate.names[i], self->list.names[i],
                                    DPV_PARAM_LIST_NAME_MAX) != 0)
    {
      DpvParamValue v;

      memset (&v, 0, sizeof v);
      v.list = self->list;
      memcpy (v.list.names[i], candidate.names[i], DPV_PARAM_LIST_NAME_MAX);
      if (!dpv_param_check (self->spec, &v, NULL))
        /* the table's message names the item */
        return try_set (self, &candidate, name_entry, -1);
    }
  return try_set (self, &candidate, value_entry, (int) i);
}

gboolean
dpviz_list_editor_commit_text (DpvizListEditor *self)
{
  g_autoptr(GError) error = NULL;
  DpvParamValue v;

  g_return_val_if_fail (DPVIZ_IS_LIST_EDITOR (self), FALSE);

  if (!dpv_param_parse (self->spec, gtk_editable_get_text (GTK_EDITABLE (self->text_entry)), &v,
                        &error))
    {
      set_error (self, self->text_entry, error->message);
      return FALSE;
    }
  return try_set (self, &v.list, self->text_entry, -1);
}

gboolean
dpviz_list_editor_apply_preset (DpvizListEditor *self,
                                const char      *name)
{
  DpvParamValue v;

  g_return_val_if_fail (DPVIZ_IS_LIST_EDITOR (self), FALSE);

  for (guint i = 0; i < self->spec->n_presets; i++)
    if (g_strcmp0 (self->spec->presets[i].name, name) == 0
        && dpv_param_parse (self->spec, self->spec->presets[i].text, &v, NULL))
      return try_set (self, &v.list, NULL, -1);
  return FALSE;
}

static void
on_item_activate (GtkWidget       *entry,
                  DpvizListEditor *self)
{
  dpviz_list_editor_commit_item (self, item_index (entry));
}

static void
on_text_activate (DpvizListEditor *self)
{
  dpviz_list_editor_commit_text (self);
}

/* Focus leaving an entry commits what it shows, when that differs from the model. */
static void
on_item_focus_leave (GtkEventController *controller,
                     DpvizListEditor    *self)
{
  GtkWidget *entry = gtk_event_controller_get_widget (controller);
  guint i = item_index (entry);

  if (i < self->value_entries->len && gtk_widget_get_mapped (entry))
    dpviz_list_editor_commit_item (self, i);
}

static void
on_text_focus_leave (GtkEventController *controller,
                     DpvizListEditor    *self)
{
  DpvParamValue v;
  g_autofree char *text = NULL;

  memset (&v, 0, sizeof v);
  v.list = self->list;
  text = dpv_param_format (self->spec, &v);
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->text_entry)), text) != 0)
    dpviz_list_editor_commit_text (self);
}

/* Escape in an entry: the model's value back, the error gone. */
static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                DpvizListEditor       *self)
{
  if (keyval != GDK_KEY_Escape)
    return FALSE;
  rebuild_rows (self);
  update_text_entry (self);
  update_buttons (self);
  set_error (self, NULL, NULL);
  return TRUE;
}

static void
watch_entry (DpvizListEditor *self,
             GtkWidget       *entry,
             GCallback        on_leave)
{
  GtkEventController *focus = gtk_event_controller_focus_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();

  g_signal_connect (focus, "leave", on_leave, self);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (entry, focus);
  gtk_widget_add_controller (entry, keys);
}

static void
on_remove_clicked (GtkButton       *button,
                   DpvizListEditor *self)
{
  DpvParamList candidate = self->list;
  guint i = item_index (GTK_WIDGET (button));

  if (i >= candidate.n)
    return;
  memmove (&candidate.values[i], &candidate.values[i + 1],
           (candidate.n - i - 1) * sizeof candidate.values[0]);
  memmove (candidate.names[i], candidate.names[i + 1],
           (candidate.n - i - 1) * sizeof candidate.names[0]);
  candidate.n--;
  /* the items past the end are zero: equal lists are equal byte for byte */
  candidate.values[candidate.n] = 0;
  memset (candidate.names[candidate.n], 0, sizeof candidate.names[0]);
  try_set (self, &candidate, NULL, -1);
}

static void
on_add_clicked (DpvizListEditor *self)
{
  DpvParamList candidate = self->list;
  guint n = candidate.n;

  if (n >= DPV_PARAM_LIST_MAX)
    return;
  /* a copy of the last item (the low end of the range for an empty list) */
  candidate.values[n] = n > 0 ? candidate.values[n - 1] : self->spec->min;
  if (self->spec->list_named)
    {
      /* Translators: the name of an item added to a named list (at most 31 bytes) */
      g_autofree char *name = g_strdup_printf (_("item %u"), n + 1);

      g_strlcpy (candidate.names[n], name, DPV_PARAM_LIST_NAME_MAX);
    }
  candidate.n = n + 1;
  if (try_set (self, &candidate, NULL, -1))
    {
      GtkWidget *entry = g_ptr_array_index (self->value_entries, n);

      gtk_widget_grab_focus (entry);
    }
}

static void
preset_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  dpviz_list_editor_apply_preset (DPVIZ_LIST_EDITOR (widget),
                                  g_variant_get_string (parameter, NULL));
}

static GtkWidget *
item_row_new (DpvizListEditor *self,
              guint            i)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  g_autofree char *number = g_strdup_printf ("%u", i + 1);
  g_autofree char *value_text = format_number (self->list.values[i]);
  g_autofree char *value_label = g_strdup_printf (_("Value of item %u"), i + 1);
  g_autofree char *remove_label = g_strdup_printf (_("Remove item %u"), i + 1);
  GtkWidget *index = gtk_label_new (number);
  GtkWidget *value = gtk_entry_new ();
  GtkWidget *remove = gtk_button_new_from_icon_name ("list-remove-symbolic");

  gtk_widget_set_margin_start (row, 6);
  gtk_widget_set_margin_end (row, 6);
  gtk_widget_set_margin_top (row, 3);
  gtk_widget_set_margin_bottom (row, 3);
  gtk_widget_add_css_class (index, "dim-label");
  gtk_widget_add_css_class (index, "numeric");
  gtk_label_set_width_chars (GTK_LABEL (index), 2);
  gtk_label_set_xalign (GTK_LABEL (index), 1.0);
  gtk_box_append (GTK_BOX (row), index);

  if (self->spec->list_named)
    {
      GtkWidget *name = gtk_entry_new ();
      g_autofree char *name_label = g_strdup_printf (_("Name of item %u"), i + 1);

      gtk_editable_set_text (GTK_EDITABLE (name), self->list.names[i]);
      gtk_editable_set_width_chars (GTK_EDITABLE (name), 8);
      gtk_widget_set_hexpand (name, TRUE);
      gtk_accessible_update_property (GTK_ACCESSIBLE (name), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      name_label, -1);
      g_object_set_data (G_OBJECT (name), "dpviz-item", GUINT_TO_POINTER (i));
      g_signal_connect (name, "activate", G_CALLBACK (on_item_activate), self);
      watch_entry (self, name, G_CALLBACK (on_item_focus_leave));
      gtk_box_append (GTK_BOX (row), name);
      g_ptr_array_add (self->name_entries, name);
    }

  gtk_editable_set_text (GTK_EDITABLE (value), value_text);
  gtk_editable_set_width_chars (GTK_EDITABLE (value), 6);
  gtk_entry_set_input_purpose (GTK_ENTRY (value), GTK_INPUT_PURPOSE_NUMBER);
  gtk_widget_set_hexpand (value, !self->spec->list_named);
  gtk_accessible_update_property (GTK_ACCESSIBLE (value), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  value_label, -1);
  g_object_set_data (G_OBJECT (value), "dpviz-item", GUINT_TO_POINTER (i));
  g_signal_connect (value, "activate", G_CALLBACK (on_item_activate), self);
  watch_entry (self, value, G_CALLBACK (on_item_focus_leave));
  gtk_box_append (GTK_BOX (row), value);
  g_ptr_array_add (self->value_entries, value);

  gtk_widget_add_css_class (remove, "flat");
  gtk_widget_set_tooltip_text (remove, remove_label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  remove_label, -1);
  g_object_set_data (G_OBJECT (remove), "dpviz-item", GUINT_TO_POINTER (i));
  g_signal_connect (remove, "clicked", G_CALLBACK (on_remove_clicked), self);
  gtk_box_append (GTK_BOX (row), remove);
  g_ptr_array_add (self->remove_buttons, remove);
  return row;
}

static void
rebuild_rows (DpvizListEditor *self)
{
  GtkWidget *child;

  if (self->error_widget != NULL)
    g_clear_weak_pointer (&self->error_widget);
  g_ptr_array_set_size (self->value_entries, 0);
  g_ptr_array_set_size (self->name_entries, 0);
  g_ptr_array_set_size (self->remove_buttons, 0);
  while ((child = gtk_widget_get_first_child (self->list_box)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (self->list_box), child);
  for (guint i = 0; i < self->list.n; i++)
    gtk_list_box_append (GTK_LIST_BOX (self->list_box), item_row_new (self, i));
}

static GtkWidget *
presets_button_new (DpvizListEditor *self)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  GtkWidget *button = gtk_menu_button_new ();

  for (guint i = 0; i < self->spec->n_presets; i++)
    {
      g_autoptr(GMenuItem) item = g_menu_item_new (_(self->spec->presets[i].label), NULL);

      g_menu_item_set_action_and_target (item, "list-editor.preset", "s",
                                         self->spec->presets[i].name);
      g_menu_append_item (menu, item);
    }
  gtk_menu_button_set_label (GTK_MENU_BUTTON (button), _("Examples"));
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (button), G_MENU_MODEL (menu));
  gtk_widget_set_tooltip_text (button, _("Replace the list with a built-in example"));
  return button;
}

static void
build (DpvizListEditor *self)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *text_label = gtk_label_new (_("As text"));

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  self->list_box = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->list_box), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (self->list_box, "boxed-list");
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  /* about four rows at least (the sidebar scrolls too: natural height alone gave one) */
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled), 180);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), 260);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), self->list_box);
  gtk_box_append (GTK_BOX (self->box), scrolled);

  self->add_button = gtk_button_new_from_icon_name ("list-add-symbolic");
  gtk_widget_set_tooltip_text (self->add_button, _("Add an item"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->add_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Add an item"), -1);
  g_signal_connect_swapped (self->add_button, "clicked", G_CALLBACK (on_add_clicked), self);
  gtk_box_append (GTK_BOX (bar), self->add_button);
  self->count_label = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->count_label, "dim-label");
  gtk_widget_set_hexpand (self->count_label, TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->count_label), 0);
  gtk_box_append (GTK_BOX (bar), self->count_label);
  if (self->spec->n_presets > 0)
    gtk_box_append (GTK_BOX (bar), presets_button_new (self));
  gtk_box_append (GTK_BOX (self->box), bar);

  gtk_label_set_xalign (GTK_LABEL (text_label), 0);
  gtk_widget_add_css_class (text_label, "dim-label");
  gtk_box_append (GTK_BOX (self->box), text_label);
  self->text_entry = gtk_entry_new ();
  gtk_widget_set_tooltip_text (self->text_entry,
                               self->spec->list_named
                               ? _("The whole list as name=value items, comma-separated; Enter "
                                   "applies it")
                               : _("The whole list, comma-separated (paste a data set here); "
                                   "Enter applies it"));
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self->text_entry),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, text_label, NULL, -1);
  g_signal_connect_swapped (self->text_entry, "activate", G_CALLBACK (on_text_activate), self);
  watch_entry (self, self->text_entry, G_CALLBACK (on_text_focus_leave));
  gtk_box_append (GTK_BOX (self->box), self->text_entry);

  self->error_label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->error_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->error_label), 0);
  gtk_widget_add_css_class (self->error_label, "error");
  gtk_widget_set_visible (self->error_label, FALSE);
  gtk_box_append (GTK_BOX (self->box), self->error_label);
}

GtkWidget *
dpviz_list_editor_new (DpvizModel *model,
                       DpvParamId  id)
{
  DpvizListEditor *self;
  g_autofree char *signal = NULL;

  g_return_val_if_fail (DPVIZ_IS_MODEL (model), NULL);
  g_return_val_if_fail (dpv_param_spec (id)->kind == DPV_PARAM_KIND_LIST, NULL);

  self = g_object_new (DPVIZ_TYPE_LIST_EDITOR, NULL);
  self->model = g_object_ref (model);
  self->spec = dpv_param_spec (id);
  build (self);
  signal = g_strdup_printf ("notify::%s", self->spec->name);
  g_signal_connect_object (model, signal, G_CALLBACK (sync_from_model), self,
                           G_CONNECT_SWAPPED);
  memset (&self->list, 0, sizeof self->list);
  sync_from_model (self);
  return GTK_WIDGET (self);
}

guint
dpviz_list_editor_get_n_items (DpvizListEditor *self)
{
  g_return_val_if_fail (DPVIZ_IS_LIST_EDITOR (self), 0);
  return self->value_entries->len;
}

GtkEditable *
dpviz_list_editor_get_value_entry (DpvizListEditor *self,
                                   guint            i)
{
  g_return_val_if_fail (DPVIZ_IS_LIST_EDITOR (self), NULL);
  g_return_val_if_fail (i < self->value_entries->len, NULL);
  return g_ptr_array_index (self->value_entries, i);
}

GtkEditable *
dpviz_list_editor_get_name_entry (DpvizListEditor *self,
                                  guint            i)
{
  g_return_val_if_fail (DPVIZ_IS_LIST_EDITOR (self), NULL);
  if (i >= self->name_entries->len)
    return NULL;
  return g_ptr_array_index (self->name_entries, i);
}

GtkButton *
dpviz_list_editor_get_remove_button (DpvizListEditor *self,
                                     guint            i)
{
  g_return_val_if_fail (DPVIZ_IS_LIST_EDITOR (self), NULL);
  g_return_val_if_fail (i < self->remove_buttons->len, NULL);
  return g_ptr_array_index (self->remove_buttons, i);
}

GtkButton *
dpviz_list_editor_get_add_button (DpvizListEditor *self)
{
  g_return_val_if_fail (DPVIZ_IS_LIST_EDITOR (self), NULL);
  return GTK_BUTTON (self->add_button);
}

GtkEditable *
dpviz_list_editor_get_text_entry (DpvizListEditor *self)
{
  g_return_val_if_fail (DPVIZ_IS_LIST_EDITOR (self), NULL);
  return GTK_EDITABLE (self->text_entry);
}

const char *
dpviz_list_editor_get_error (DpvizListEditor *self)
{
  g_return_val_if_fail (DPVIZ_IS_LIST_EDITOR (self), NULL);
  return self->error;
}

static void
dpviz_list_editor_dispose (GObject *object)
{
  DpvizListEditor *self = DPVIZ_LIST_EDITOR (object);

  g_clear_weak_pointer (&self->error_widget);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_object (&self->model);
  G_OBJECT_CLASS (dpviz_list_editor_parent_class)->dispose (object);
}

static void
dpviz_list_editor_finalize (GObject *object)
{
  DpvizListEditor *self = DPVIZ_LIST_EDITOR (object);

  g_ptr_array_unref (self->value_entries);
  g_ptr_array_unref (self->name_entries);
  g_ptr_array_unref (self->remove_buttons);
  g_free (self->error);
  G_OBJECT_CLASS (dpviz_list_editor_parent_class)->finalize (object);
}

static void
dpviz_list_editor_class_init (DpvizListEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dpviz_list_editor_dispose;
  object_class->finalize = dpviz_list_editor_finalize;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_install_action (widget_class, "list-editor.preset", "s", preset_activated);
}

static void
dpviz_list_editor_init (DpvizListEditor *self)
{
  self->value_entries = g_ptr_array_new ();
  self->name_entries = g_ptr_array_new ();
  self->remove_buttons = g_ptr_array_new ();
}
