/* dpviz-window-animation.c — the parameter sweep (Animate)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "dpviz-window-private.h"

/* Seconds for one sweep from the low end to the high end and back. */
#define SWEEP_PERIOD 8.0


/* The slider of the parameter the sweep moves. */
static DpvizParamRow *
sweep_row (DpvizWindow *self)
{
  return self->rows[dpv_param_spec_lookup (_dpviz_window_param_names[self->sweep_param])->id];
}

static gboolean
sweep_tick (GtkWidget     *widget,
            GdkFrameClock *clock,
            gpointer       user_data)
{
  DpvizWindow *self = DPVIZ_WINDOW (widget);
  DpvizParamRow *row = sweep_row (self);
  GtkAdjustment *adj = gtk_range_get_adjustment (GTK_RANGE (dpviz_param_row_get_scale (row)));
  double lower = gtk_adjustment_get_lower (adj);
  double upper = gtk_adjustment_get_upper (adj);
  gint64 now = gdk_frame_clock_get_frame_time (clock);
  double tri, value;

  if (self->sweep_last_time != 0)
    self->sweep_phase += (now - self->sweep_last_time) / (SWEEP_PERIOD * G_USEC_PER_SEC);
  self->sweep_last_time = now;
  self->sweep_phase = fmod (self->sweep_phase, 1.0);

  /* Triangle wave: low → high → low. */
  tri = self->sweep_phase < 0.5 ? 2 * self->sweep_phase : 2 - 2 * self->sweep_phase;
  value = dpviz_param_row_value_from_position (row, lower + tri * (upper - lower));
  dpviz_model_set_value (self->model, _dpviz_window_param_names[self->sweep_param], value,
                         NULL);
  return G_SOURCE_CONTINUE;
}

void
_dpviz_window_stop_sweep (DpvizWindow *self)
{
  if (self->sweep_tick == 0)
    return;
  gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->sweep_tick);
  self->sweep_tick = 0;
  gtk_button_set_icon_name (GTK_BUTTON (self->play_button), "media-playback-start-symbolic");
  _dpviz_window_set_action_state (self, "animate", g_variant_new_boolean (FALSE));
}

void
_dpviz_window_start_sweep (DpvizWindow *self)
{
  DpvizParamRow *row = sweep_row (self);
  GtkAdjustment *adj = gtk_range_get_adjustment (GTK_RANGE (dpviz_param_row_get_scale (row)));
  double lower = gtk_adjustment_get_lower (adj);
  double upper = gtk_adjustment_get_upper (adj);
  double position = log10 (dpviz_model_get_value (self->model,
                                                  _dpviz_window_param_names[self->sweep_param]));

  if (self->sweep_tick != 0)
    return;
  /* Start where the parameter is now, going up: no jump. */
  self->sweep_phase = CLAMP ((position - lower) / (upper - lower), 0, 1) / 2;
  self->sweep_last_time = 0;
  self->sweep_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), sweep_tick, NULL, NULL);
  gtk_button_set_icon_name (GTK_BUTTON (self->play_button), "media-playback-pause-symbolic");
  _dpviz_window_set_action_state (self, "animate", g_variant_new_boolean (TRUE));
}

void
_dpviz_window_on_sweep_selected (DpvizWindow *self)
{
  guint selected = gtk_drop_down_get_selected (self->sweep_dropdown);

  if (selected < G_N_ELEMENTS (_dpviz_window_param_names))
    g_action_group_activate_action (G_ACTION_GROUP (self), "animate-parameter",
                                    g_variant_new_string (_dpviz_window_param_names[selected]));
}
