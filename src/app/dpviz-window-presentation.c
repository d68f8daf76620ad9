/* dpviz-window-presentation.c — presentation mode: the figure and a large parameter strip
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Fullscreen (F11) is presentation mode: the header bar and the controls go, the figure fills
 * the screen and a strip under it states the parameters the view uses (mechanism, ε, δ, Δ, k)
 * in projector-sized type. F9 brings the controls back over the figure, Page Up/Down step a
 * lesson, Esc leaves. Leaving puts back the controls as they were.
 */
#include "config.h"

#include "dpviz-window-private.h"

#include <glib/gi18n.h>

#include "dpv-registry.h"

/* The parameters the visible view uses (dpv_view_params_summary ()). */
char *
_dpviz_window_presentation_text (DpvizWindow *self)
{
  DpvParams params;

  dpviz_model_get_params (self->model, &params);
  return dpv_view_params_summary (dpv_registry_get (dpviz_model_get_view (self->model)),
                                  &params);
}

void
_dpviz_window_update_presentation (DpvizWindow *self)
{
  g_autofree char *text = NULL;

  if (!self->presenting)
    return;
  text = _dpviz_window_presentation_text (self);
  gtk_label_set_text (self->presentation_strip, text);
}

void
_dpviz_window_set_presentation (DpvizWindow *self, gboolean on)
{
  if (self->presenting == on)
    return;
  self->presenting = on;
  gtk_widget_set_visible (GTK_WIDGET (self->header_bar), !on);
  gtk_widget_set_visible (GTK_WIDGET (self->presentation_strip), on);
  if (on)
    {
      self->flap_before_presentation = adw_flap_get_reveal_flap (self->flap);
      adw_flap_set_reveal_flap (self->flap, FALSE);
      _dpviz_window_update_presentation (self);
    }
  else
    adw_flap_set_reveal_flap (self->flap, self->flap_before_presentation);
}

/* Esc: leave presentation mode (the key is left to others otherwise). */
gboolean
_dpviz_window_leave_presentation (GtkWidget *widget, GVariant *args, gpointer data)
{
  if (!gtk_window_is_fullscreen (GTK_WINDOW (widget)))
    return FALSE;
  gtk_window_unfullscreen (GTK_WINDOW (widget));
  return TRUE;
}
