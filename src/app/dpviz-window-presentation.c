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

/* "Laplace · ε = 1 · δ = 1e-05 · Δ = 1 · k = 100": the parameters of the table the visible
 * view uses and that apply to the mechanism, in the table's order. */
char *
_dpviz_window_presentation_text (DpvizWindow *self)
{
  const DpvViewClass *view = dpv_registry_get (dpviz_model_get_view (self->model));
  GString *s = g_string_new (NULL);
  DpvParams params;

  dpviz_model_get_params (self->model, &params);
  for (int id = 0; id < DPV_N_PARAMS; id++)
    {
      const DpvParamSpec *spec = dpv_param_spec ((DpvParamId) id);
      DpvParamValue value;
      g_autofree char *text = NULL;

      if (!dpv_view_class_uses (view, (DpvParamId) id)
          || !dpv_param_applies (spec, params.mechanism, NULL))
        continue;
      dpv_params_get (&params, (DpvParamId) id, &value);
      switch (spec->kind)
        {
        case DPV_PARAM_KIND_ENUM:
          for (guint c = 0; c < spec->n_choices; c++)
            if (spec->choices[c].value == value.e)
              text = g_strdup (_(spec->choices[c].label));
          break;
        case DPV_PARAM_KIND_DOUBLE:
          /* a negative value means "automatic": nothing to state */
          if (spec->symbol != NULL && value.d >= 0)
            {
              g_autofree char *number = dpv_format_shortest (value.d);

              text = g_strdup_printf ("%s = %s", spec->symbol, number);
            }
          break;
        case DPV_PARAM_KIND_UINT:
          if (spec->symbol != NULL)
            text = g_strdup_printf ("%s = %lu", spec->symbol, (unsigned long) value.u);
          break;
        default:
          break;
        }
      if (text == NULL)
        continue;
      if (s->len > 0)
        g_string_append (s, " · ");
      g_string_append (s, text);
    }
  return g_string_free (s, FALSE);
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
