/* dpviz-window-readouts.c — the read-out panel and the explanation
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "dpviz-window-private.h"

static gboolean
update_readouts_idle (gpointer user_data)
{
  DpvizWindow *self = user_data;
  guint kind = dpviz_model_get_view (self->model);
  DpvFrame *frame;
  GtkWidget *child;
  guint i;

  self->readouts_idle = 0;

  /* The frame the plot draws: nothing is computed again (for the composition view, its cheap
   * curves while the provider computes the rest). */
  frame = dpviz_frame_provider_get_frame (self->provider, kind);
  if (frame == NULL)
    {
      while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->readout_grid))))
        gtk_grid_remove (self->readout_grid, child);
      g_clear_pointer (&self->readouts, g_ptr_array_unref);
      self->n_readout_rows = 0;
      child = gtk_label_new (_("Computing…"));
      gtk_widget_add_css_class (child, "dim-label");
      gtk_grid_attach (self->readout_grid, child, 0, 0, 2, 1);
      return G_SOURCE_REMOVE;
    }

  g_clear_pointer (&self->readouts, g_ptr_array_unref);
  self->readouts = dpv_frame_readouts (frame);
  self->readout_kind = kind;

  /* Reuse the labels when the number of rows stays the same (the common case while dragging). */
  if (self->n_readout_rows == self->readouts->len && self->readouts->len > 0)
    {
      for (i = 0; i < self->readouts->len; i++)
        {
          DpvReadout *r = g_ptr_array_index (self->readouts, i);
          GtkLabel *label = GTK_LABEL (gtk_grid_get_child_at (self->readout_grid, 0, i));
          GtkLabel *value = GTK_LABEL (gtk_grid_get_child_at (self->readout_grid, 1, i));

          if (g_strcmp0 (gtk_label_get_text (label), r->label) != 0)
            gtk_label_set_text (label, r->label);
          if (g_strcmp0 (gtk_label_get_text (value), r->value) != 0)
            gtk_label_set_text (value, r->value);
        }
      return G_SOURCE_REMOVE;
    }

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->readout_grid))))
    gtk_grid_remove (self->readout_grid, child);
  self->n_readout_rows = self->readouts->len;
  for (i = 0; i < self->readouts->len; i++)
    {
      DpvReadout *r = g_ptr_array_index (self->readouts, i);
      GtkWidget *label = gtk_label_new (r->label);
      GtkWidget *value = gtk_label_new (r->value);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 22);
      gtk_widget_set_hexpand (label, TRUE);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_label_set_xalign (GTK_LABEL (value), 1);
      gtk_label_set_selectable (GTK_LABEL (value), TRUE);
      gtk_widget_set_valign (value, GTK_ALIGN_START);
      gtk_widget_add_css_class (value, "value");
      gtk_widget_add_css_class (value, "numeric");
      gtk_accessible_update_relation (GTK_ACCESSIBLE (value),
                                      GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL,
                                      -1);
      gtk_grid_attach (self->readout_grid, label, 0, i, 1, 1);
      gtk_grid_attach (self->readout_grid, value, 1, i, 1, 1);
    }
  return G_SOURCE_REMOVE;
}

void
_dpviz_window_queue_readouts (DpvizWindow *self)
{
  /* Once per frame at most: read-outs are text, they need not follow every intermediate value. */
  if (self->readouts_idle == 0)
    self->readouts_idle = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE + 10, update_readouts_idle,
                                           self, NULL);
}

char *
dpviz_window_get_readouts_text (DpvizWindow *self)
{
  GString *s;

  g_return_val_if_fail (DPVIZ_IS_WINDOW (self), NULL);

  /* the numbers of the current parameters, even before the next frame */
  if (self->update_tick != 0)
    _dpviz_window_update_frame (self);
  if (self->readouts_idle != 0)
    {
      g_clear_handle_id (&self->readouts_idle, g_source_remove);
      update_readouts_idle (self);
    }
  s = g_string_new (NULL);
  for (guint i = 0; self->readouts != NULL && i < self->readouts->len; i++)
    {
      DpvReadout *r = g_ptr_array_index (self->readouts, i);

      g_string_append_printf (s, "%s: %s\n", r->label, r->value);
    }
  return g_string_free (s, FALSE);
}

void
_dpviz_window_update_explanation (DpvizWindow *self)
{
  guint kind = dpviz_model_get_view (self->model);
  const DpvViewClass *view = dpv_registry_get (kind);
  g_autofree char *markup = g_strdup_printf ("<b>%s</b>\n%s", dpv_view_class_get_title (view),
                                             dpv_view_class_get_explanation (view));

  gtk_label_set_markup (self->explain_label, markup);
}
