/* dpviz-window-controls.c — the controls, generated from the parameter table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "dpviz-window-private.h"

/* A slider + entry for parameter @id, from its row in the parameter table. */
static DpvizParamRow *
param_row_new (DpvizWindow *self,
               DpvParamId   id)
{
  const DpvParamSpec *spec = dpv_param_spec (id);
  double min = spec->slider_min > 0 ? spec->slider_min : spec->min;

  return DPVIZ_PARAM_ROW (dpviz_param_row_new (self->model, spec->name, _(spec->label), min,
                                               spec->max, spec->kind == DPV_PARAM_KIND_UINT,
                                               _(spec->low_hint), _(spec->high_hint)));
}

void
_dpviz_window_add_controls (DpvizWindow *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (_dpviz_window_param_names); i++)
    {
      self->rows[i] = param_row_new (self, dpv_param_spec_lookup (_dpviz_window_param_names[i])->id);
      gtk_box_append (self->params_box, GTK_WIDGET (self->rows[i]));
    }
  self->eps_prime_row = param_row_new (self, DPV_PARAM_EPS_PRIME);
  gtk_box_append (self->eps_prime_box, GTK_WIDGET (self->eps_prime_row));
}
