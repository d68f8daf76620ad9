/* dpviz-window-actions.c — the window's actions (win.*) and zoom
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "dpv-figure.h"
#include "dpv-figure-data.h"
#include "dpviz-export-dialog.h"
#include "dpviz-window-private.h"

static void
export_action (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  DpvizWindow *self = user_data;

  dpviz_export_dialog_present (GTK_WINDOW (self), self->toast_overlay, self->model,
                               self->settings,
                               dpviz_frame_provider_get_cache (self->provider));
}

static void
copy_figure_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  DpvizWindow *self = user_data;
  DpvizPlotView *plot = self->plots[dpviz_model_get_view (self->model)];
  g_autoptr(GError) error = NULL;
  g_autofree char *theme_name = g_settings_get_string (self->settings, "export-theme");
  DpvTheme theme = DPV_THEME_PRINT;
  DpvStyle style;
  int width = MAX (gtk_widget_get_width (GTK_WIDGET (plot)), 800);
  int height = MAX (gtk_widget_get_height (GTK_WIDGET (plot)), 500);

  /* Copies go into documents: the export theme (print by default), not the screen's, with the
   * pins shown. */
  dpv_theme_from_name (theme_name, &theme);
  dpv_style_init (&style, theme);
  style.plot_options.pins = dpviz_model_get_pins (self->model,
                                                  dpviz_model_get_view (self->model));
  g_autoptr(DpvFrame) shown = _dpviz_window_current_frame (self);
  g_autoptr(DpvFrame) frame = NULL;
  DpvParams params = *dpv_frame_get_params (shown);

  /* A copy goes into notes or slides on its own: it carries its caption (title, mechanism,
   * parameters), whether or not the window shows it. The caption is not one of a view's
   * parameters, so the result comes from the cache. */
  params.show_caption = TRUE;
  frame = dpv_frame_compute (dpv_frame_get_view (shown), &params,
                             dpviz_frame_provider_get_cache (self->provider), NULL, NULL);
  if (frame == NULL)
    frame = dpv_frame_ref (shown);

  if (dpviz_copy_figure_to_clipboard (gtk_widget_get_clipboard (GTK_WIDGET (self)), frame,
                                      &style, width, height, &error))
    _dpviz_window_toast (self, _("Figure copied"));
  else
    _dpviz_window_toast (self, error->message);
}

/* Pins the figure on screen: its series, recorded by drawing the frame once at the plot's size
 * (no computing), become a faded reference of the view, labelled with its parameters. A fourth
 * pin takes the place of the oldest: a lecturer sweeping a slider keeps the last three
 * without stopping to clear. */
static void
pin_action (GSimpleAction *action,
            GVariant      *parameter,
            gpointer       user_data)
{
  DpvizWindow *self = user_data;
  guint view = dpviz_model_get_view (self->model);
  DpvizPlotView *plot = self->plots[view];
  g_autoptr(DpvFrame) frame = _dpviz_window_current_frame (self);
  g_autoptr(GPtrArray) series = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DpvPins) pins = NULL;
  g_autofree char *label = NULL;
  g_autofree char *key = NULL;
  g_autofree char *plain = NULL;
  g_autofree char *message = NULL;
  DpvPins *old;
  DpvStyle style;
  int width = MAX (gtk_widget_get_width (GTK_WIDGET (plot)), 320);
  int height = MAX (gtk_widget_get_height (GTK_WIDGET (plot)), 200);

  if (frame == NULL)
    {
      _dpviz_window_toast (self, _("Nothing to pin yet: the figure is being computed"));
      return;
    }
  dpviz_plot_view_get_style (plot, &style);
  style.plot_options.pins = NULL;
  series = dpv_figure_series (frame, &style, width, height, &error);
  if (series == NULL)
    {
      _dpviz_window_toast (self, error->message);
      return;
    }
  label = dpv_figure_pin_label (frame);
  /* TRANSLATORS: the key of a pinned reference curve in the plot; %s is its parameters */
  key = g_strdup_printf (_("Pinned: %s"), label);
  old = dpviz_model_get_pins (self->model, view);
  pins = dpv_pins_append (old, key, series, DPVIZ_MODEL_MAX_PINS);
  plain = dpv_markup_to_plain (label);
  if (dpv_pins_get_n (old) >= DPVIZ_MODEL_MAX_PINS)
    /* TRANSLATORS: %s is the pin's parameters */
    message = g_strdup_printf (_("Pinned: %s (the oldest pin was removed)"), plain);
  else
    message = g_strdup_printf (_("Pinned: %s"), plain);
  dpviz_model_set_pins (self->model, view, pins);
  _dpviz_window_toast (self, message);
}

static void
clear_pins_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  DpvizWindow *self = user_data;
  guint view = dpviz_model_get_view (self->model);

  if (dpviz_model_get_pins (self->model, view) == NULL)
    {
      _dpviz_window_toast (self, _("This view has no pins"));
      return;
    }
  dpviz_model_set_pins (self->model, view, NULL);
  _dpviz_window_toast (self, _("Pins cleared"));
}

/* Every parameter of the table back to its default; the view, the mechanism and whether the
 * caption shows stay (a lecturer resets the numbers of the demonstration on screen). */
static void
reset_parameters_action (GSimpleAction *action,
                         GVariant      *parameter,
                         gpointer       user_data)
{
  DpvizWindow *self = user_data;
  g_autoptr(GError) error = NULL;
  DpvParams current, defaults;

  dpviz_model_get_params (self->model, &current);
  dpv_params_init (&defaults);
  defaults.mechanism = current.mechanism;
  defaults.show_caption = current.show_caption;
  if (dpviz_model_apply (self->model, &defaults, dpviz_model_get_view (self->model), &error))
    _dpviz_window_toast (self, _("Parameters reset to their defaults"));
  else
    _dpviz_window_toast (self, error->message);
}

static void
copy_readouts_action (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  DpvizWindow *self = user_data;
  g_autofree char *text = dpviz_window_get_readouts_text (self);

  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  _dpviz_window_toast (self, _("Numbers copied"));
}

static void
close_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  gtk_window_close (GTK_WINDOW (user_data));
}

static void
view_change_state (GSimpleAction *action,
                   GVariant      *state,
                   gpointer       user_data)
{
  DpvizWindow *self = user_data;

  const DpvViewClass *view = dpv_registry_lookup (g_variant_get_string (state, NULL));

  if (view != NULL)
    dpviz_model_set_view (self->model, dpv_registry_index (view));
}

/* Alt+Page Down/Up: through the registry's order, round from the last view to the first. */
static void
step_view (DpvizWindow *self,
           gboolean     forward)
{
  guint n = dpv_registry_get_n_views ();
  guint current = dpviz_model_get_view (self->model);

  dpviz_model_set_view (self->model, forward ? (current + 1) % n : (current + n - 1) % n);
}

static void
view_next_action (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  step_view (user_data, TRUE);
}

static void
view_previous_action (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  step_view (user_data, FALSE);
}

static void
mechanism_change_state (GSimpleAction *action,
                        GVariant      *state,
                        gpointer       user_data)
{
  DpvizWindow *self = user_data;
  DpMechanismKind kind;

  if (dp_mechanism_kind_from_name (g_variant_get_string (state, NULL), &kind))
    dpviz_model_set_mechanism (self->model, kind);
}

static void
explain_change_state (GSimpleAction *action,
                      GVariant      *state,
                      gpointer       user_data)
{
  DpvizWindow *self = user_data;

  g_simple_action_set_state (action, state);
  gtk_revealer_set_reveal_child (self->explain_revealer, g_variant_get_boolean (state));
}

static void
toggle_controls_change_state (GSimpleAction *action,
                              GVariant      *state,
                              gpointer       user_data)
{
  DpvizWindow *self = user_data;

  g_simple_action_set_state (action, state);
  adw_flap_set_reveal_flap (self->flap, g_variant_get_boolean (state));
}

static void
fullscreen_change_state (GSimpleAction *action,
                         GVariant      *state,
                         gpointer       user_data)
{
  DpvizWindow *self = user_data;

  if (g_variant_get_boolean (state))
    gtk_window_fullscreen (GTK_WINDOW (self));
  else
    gtk_window_unfullscreen (GTK_WINDOW (self));
}

void
_dpviz_window_set_zoom (DpvizWindow *self,
          guint        index)
{
  self->zoom_index = MIN (index, G_N_ELEMENTS (_dpviz_window_zoom_levels) - 1);
  /* Every control follows the text scale: a class per level on the window, whose font size
   * (style.css) every label, entry, button and slider mark inside inherits. */
  for (guint i = 0; i < G_N_ELEMENTS (_dpviz_window_zoom_levels); i++)
    {
      char name[16];

      g_snprintf (name, sizeof name, "zoom-%u", i);
      if (i == self->zoom_index)
        gtk_widget_add_css_class (GTK_WIDGET (self), name);
      else
        gtk_widget_remove_css_class (GTK_WIDGET (self), name);
    }
  for (guint i = 0; i < dpv_registry_get_n_views (); i++)
    dpviz_plot_view_set_text_scale (self->plots[i], _dpviz_window_zoom_levels[self->zoom_index]);
  _dpviz_window_update_explanation (self);
  _dpviz_window_update_lesson_bar (self);
  _dpviz_window_queue_readouts (self);
  _dpviz_window_set_action_enabled (self, "zoom-in", self->zoom_index + 1 < G_N_ELEMENTS (_dpviz_window_zoom_levels));
  _dpviz_window_set_action_enabled (self, "zoom-out", self->zoom_index > 0);
}

static void
zoom_in_action (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  DpvizWindow *self = user_data;

  _dpviz_window_set_zoom (self, self->zoom_index + 1);
}

static void
zoom_out_action (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  DpvizWindow *self = user_data;

  if (self->zoom_index > 0)
    _dpviz_window_set_zoom (self, self->zoom_index - 1);
}

static void
zoom_reset_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  _dpviz_window_set_zoom (user_data, 1);
}

static void
animate_change_state (GSimpleAction *action,
                      GVariant      *state,
                      gpointer       user_data)
{
  DpvizWindow *self = user_data;

  if (g_variant_get_boolean (state))
    _dpviz_window_start_sweep (self);
  else
    _dpviz_window_pause_sweep (self);
}

static void
animate_parameter_change_state (GSimpleAction *action,
                                GVariant      *state,
                                gpointer       user_data)
{
  _dpviz_window_set_animation_parameter (user_data, g_variant_get_string (state, NULL));
}

static void
animate_mode_change_state (GSimpleAction *action,
                           GVariant      *state,
                           gpointer       user_data)
{
  _dpviz_window_set_animation_mode (user_data, g_variant_get_string (state, NULL));
}

static void
log_y_change_state (GSimpleAction *action,
                    GVariant      *state,
                    gpointer       user_data)
{
  DpvizWindow *self = user_data;

  g_object_set (self->model, "log-y", g_variant_get_boolean (state), NULL);
}

/* Regions view: the threshold ε′ is D∞^δ solved from δ, or chosen by hand (starting at ε,
 * where a pure ε-DP mechanism has δ(ε) = 0). */
static void
eps_prime_from_delta_change_state (GSimpleAction *action,
                                   GVariant      *state,
                                   gpointer       user_data)
{
  DpvizWindow *self = user_data;

  if (g_variant_get_boolean (state))
    g_object_set (self->model, "eps-prime", -1.0, NULL);
  else
    dpviz_model_set_value (self->model, "eps-prime", dpviz_model_get_epsilon (self->model), NULL);
}

void
_dpviz_window_on_model_eps_prime (DpvizWindow *self)
{
  gboolean from_delta = dpviz_model_get_value (self->model, "eps-prime") < 0;

  _dpviz_window_set_action_state (self, "eps-prime-from-delta", g_variant_new_boolean (from_delta));
  gtk_widget_set_visible (GTK_WIDGET (self->rows[DPV_PARAM_EPS_PRIME]), !from_delta);
}

void
_dpviz_window_on_model_log_y (DpvizWindow *self)
{
  gboolean log_y;

  g_object_get (self->model, "log-y", &log_y, NULL);
  _dpviz_window_set_action_state (self, "log-y", g_variant_new_boolean (log_y));
}

void
_dpviz_window_on_fullscreened (DpvizWindow *self)
{
  _dpviz_window_set_action_state (self, "fullscreen",
                    g_variant_new_boolean (gtk_window_is_fullscreen (GTK_WINDOW (self))));
  _dpviz_window_set_presentation (self, gtk_window_is_fullscreen (GTK_WINDOW (self)));
}

void
_dpviz_window_on_flap_revealed (DpvizWindow *self)
{
  _dpviz_window_set_action_state (self, "toggle-controls",
                    g_variant_new_boolean (adw_flap_get_reveal_flap (self->flap)));
}

static const GActionEntry win_entries[] = {
  { "save-lesson", _dpviz_window_save_lesson_action },
  { "save-lesson-as", _dpviz_window_save_lesson_as_action },
  { "export", export_action },
  { "copy-figure", copy_figure_action },
  { "copy-readouts", copy_readouts_action },
  { "reset-parameters", reset_parameters_action },
  { "pin", pin_action },
  { "clear-pins", clear_pins_action },
  { "close", close_action },
  { "view", NULL, "s", "'densities'", view_change_state },
  { "view-next", view_next_action },
  { "view-previous", view_previous_action },
  { "mechanism", NULL, "s", "'laplace'", mechanism_change_state },
  { "explain", NULL, NULL, "false", explain_change_state },
  { "toggle-controls", NULL, NULL, "true", toggle_controls_change_state },
  { "fullscreen", NULL, NULL, "false", fullscreen_change_state },
  { "zoom-in", zoom_in_action },
  { "zoom-out", zoom_out_action },
  { "zoom-reset", zoom_reset_action },
  { "animate", NULL, NULL, "false", animate_change_state },
  { "animate-parameter", NULL, "s", "'epsilon'", animate_parameter_change_state },
  { "animate-mode", NULL, "s", "'back-and-forth'", animate_mode_change_state },
  { "log-y", NULL, NULL, "false", log_y_change_state },
  { "eps-prime-from-delta", NULL, NULL, "true", eps_prime_from_delta_change_state },
  { "lesson-next", _dpviz_window_lesson_next_action },
  { "lesson-previous", _dpviz_window_lesson_previous_action },
  { "close-lesson", _dpviz_window_close_lesson_action },
  { "export-lesson", _dpviz_window_export_lesson_action },
  { "lesson-add-step", _dpviz_window_lesson_add_step_action },
  { "lesson-edit", _dpviz_window_lesson_edit_action },
  { "lesson-update-step", _dpviz_window_lesson_update_step_action },
  { "lesson-move-step-up", _dpviz_window_lesson_move_up_action },
  { "lesson-move-step-down", _dpviz_window_lesson_move_down_action },
  { "lesson-delete-step", _dpviz_window_lesson_delete_step_action },
  { "lesson-undo-delete", _dpviz_window_lesson_undo_delete_action },
};


void
_dpviz_window_add_actions (DpvizWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), win_entries,
                                   G_N_ELEMENTS (win_entries), self);
}
