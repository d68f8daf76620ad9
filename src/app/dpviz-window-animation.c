/* dpviz-window-animation.c — the animation of a parameter, its options and the value shown
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Play (Ctrl+P, Space, the play button) moves one number of the visible view from From to To
 * in the chosen duration, once, in a loop or back and forth (dpviz-animation.c computes the
 * value from the elapsed time), on its slider's scale. Pause keeps the position; while playing
 * or paused the value is shown large over the figure (not in exports). The options popover
 * next to the play button chooses the parameter (the numbers with a slider the view uses, in
 * the table's order), From, To (checked with the table, From > To sweeps downward), the
 * duration and the mode; they are remembered in GSettings.
 *
 * What ends the animation: moving the animated parameter by any other means (its slider, its
 * entry, a drag on the figure, a lesson step, Reset), a lesson step, a view that does not use
 * the parameter, choosing another parameter (playing goes on with the new one), and the end of
 * a "once" animation (the value stays at To).
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "dpviz-animation.h"
#include "dpviz-window-private.h"

/* The labels of the modes, in DpvizAnimationMode order. */
static const char *const mode_labels[DPVIZ_N_ANIMATION_MODES] = {
  N_("Once"), N_("Loop"), N_("Back and forth")
};

/* The slider's range of @spec: its low end is slider_min for a log slider that starts at 0. */
static void
slider_range (const DpvParamSpec *spec,
              double             *lo,
              double             *hi)
{
  *lo = spec->slider_min > 0 ? spec->slider_min : spec->min;
  *hi = spec->max;
}

/* The rows the animation can move: a number with a slider (DpvizParamRow). */
static gboolean
animatable (DpvizWindow *self,
            DpvParamId   id)
{
  const DpvParamSpec *spec = dpv_param_spec (id);

  return self->rows[id] != NULL
         && (spec->kind == DPV_PARAM_KIND_DOUBLE || spec->kind == DPV_PARAM_KIND_UINT);
}

/* From and To of @id: remembered, or the slider's whole range. */
static void
get_range (DpvizWindow *self,
           DpvParamId   id,
           double      *from,
           double      *to)
{
  const DpvParamSpec *spec = dpv_param_spec (id);
  g_autoptr(GVariant) ranges = g_settings_get_value (self->settings, "animation-ranges");
  double lo, hi, f, t;

  slider_range (spec, &lo, &hi);
  *from = lo;
  *to = hi;
  if (g_variant_lookup (ranges, spec->name, "(dd)", &f, &t)
      && f >= lo && f <= hi && t >= lo && t <= hi && f != t
      && (spec->kind != DPV_PARAM_KIND_UINT || (f == round (f) && t == round (t))))
    {
      *from = f;
      *to = t;
    }
}

static DpvizAnimation
current_animation (DpvizWindow *self)
{
  const DpvParamSpec *spec = dpv_param_spec (self->sweep_id);
  g_autofree char *mode = g_settings_get_string (self->settings, "animation-mode");
  DpvizAnimation a = { 0 };
  double lo, hi;

  get_range (self, self->sweep_id, &a.from, &a.to);
  slider_range (spec, &lo, &hi);
  a.duration = CLAMP (g_settings_get_double (self->settings, "animation-duration"), 1, 120);
  a.mode = MAX (dpviz_animation_mode_from_name (mode), 0);
  a.logarithmic = lo > 0 && spec->scale == DPV_PARAM_SCALE_LOG;
  a.whole = spec->kind == DPV_PARAM_KIND_UINT;
  return a;
}

static const char *
sweep_name (DpvizWindow *self)
{
  return dpv_param_spec (self->sweep_id)->name;
}

static char *
format_number (const DpvParamSpec *spec,
               double              value)
{
  if (spec->kind == DPV_PARAM_KIND_UINT)
    return g_strdup_printf ("%.0f", value);
  return dpv_format_shortest (value);
}

/* ---- the value over the figure ---------------------------------------------------------- */

/* Three times the plot's text size: the plot's text grows with the figure and the zoom. */
static double
overlay_font_px (DpvizWindow *self)
{
  DpvizPlotView *plot = self->plots[dpviz_model_get_view (self->model)];
  DpvStyle style;

  dpviz_plot_view_get_style (plot, &style);
  return 3.0 * style.font_size * style.text_scale;
}

static void
update_overlay (DpvizWindow *self)
{
  const DpvParamSpec *spec;
  g_autofree char *number = NULL;
  g_autofree char *text = NULL;
  g_autoptr(PangoAttrList) attrs = NULL;

  if (self->animation_value == NULL)   /* the window is being disposed */
    return;
  gtk_widget_set_visible (GTK_WIDGET (self->animation_value), self->sweep_active);
  if (!self->sweep_active)
    return;
  spec = dpv_param_spec (self->sweep_id);
  number = format_number (spec, dpviz_model_get_value (self->model, spec->name));
  /* Translators: the animated value over the figure, e.g. "ε = 0.53" */
  text = g_strdup_printf (_("%s = %s"), spec->symbol != NULL ? spec->symbol : _(spec->label),
                          number);
  gtk_label_set_text (self->animation_value, text);
  attrs = pango_attr_list_new ();
  pango_attr_list_insert (attrs, pango_attr_size_new_absolute (
                                   (int) (overlay_font_px (self) * PANGO_SCALE)));
  gtk_label_set_attributes (self->animation_value, attrs);
  /* top left inside the axes, clear of a panel's title and of the y axis's labels and title
   * (legends are placed where they cover the fewest points: often on the right) */
  gtk_widget_set_margin_top (GTK_WIDGET (self->animation_value),
                             (int) (overlay_font_px (self) * 2.5 / 3));
  gtk_widget_set_margin_start (GTK_WIDGET (self->animation_value),
                               (int) (overlay_font_px (self) * 6 / 3));
}

/* The overlay is placed on every allocation: a figure that grew (fullscreen) gets larger
 * text in the next idle. */
static gboolean
resize_overlay_idle (gpointer user_data)
{
  DpvizWindow *self = user_data;

  update_overlay (self);
  return G_SOURCE_REMOVE;
}

static gboolean
on_overlay_position (GtkOverlay    *overlay,
                     GtkWidget     *widget,
                     GdkRectangle  *allocation,
                     DpvizWindow   *self)
{
  PangoAttrList *attrs = gtk_label_get_attributes (self->animation_value);
  int want = (int) (overlay_font_px (self) * PANGO_SCALE);
  PangoAttrIterator *it;
  PangoAttribute *size = NULL;

  if (widget != GTK_WIDGET (self->animation_value) || attrs == NULL)
    return FALSE;
  it = pango_attr_list_get_iterator (attrs);
  size = pango_attr_iterator_get (it, PANGO_ATTR_ABSOLUTE_SIZE);
  if (size != NULL && ((PangoAttrInt *) size)->value != want)
    g_idle_add_full (G_PRIORITY_DEFAULT, resize_overlay_idle, g_object_ref (self),
                     g_object_unref);
  pango_attr_iterator_destroy (it);
  return FALSE;  /* the label's own halign/valign place it */
}

/* The play button says what it does next. */
static void
update_play_button (DpvizWindow *self)
{
  gboolean playing = self->sweep_tick != 0;

  gtk_button_set_icon_name (GTK_BUTTON (self->play_button),
                            playing ? "media-playback-pause-symbolic"
                                    : "media-playback-start-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->play_button),
                               playing ? _("Pause Animation (Ctrl+P or Space)")
                                       : _("Play Animation (Ctrl+P or Space)"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->play_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  playing ? _("Pause animation") : _("Play animation"), -1);
  _dpviz_window_set_action_state (self, "animate", g_variant_new_boolean (playing));
}

/* ---- playing ----------------------------------------------------------------------------- */

static void
set_value (DpvizWindow *self,
           double       value)
{
  self->sweep_setting = TRUE;
  dpviz_model_set_value (self->model, sweep_name (self),
                         dpv_param_snap (dpv_param_spec (self->sweep_id), value), NULL);
  self->sweep_setting = FALSE;
  update_overlay (self);
}

static void
on_swept_param_changed (DpvizWindow *self)
{
  if (!self->sweep_setting)
    _dpviz_window_stop_sweep (self);
}

static gboolean
sweep_tick (GtkWidget     *widget,
            GdkFrameClock *clock,
            gpointer       user_data)
{
  DpvizWindow *self = DPVIZ_WINDOW (widget);
  DpvizAnimation a = current_animation (self);
  gint64 now = gdk_frame_clock_get_frame_time (clock);

  /* a new duration: the same value, at the new speed */
  if (self->sweep_duration > 0 && a.duration != self->sweep_duration)
    self->sweep_elapsed *= a.duration / self->sweep_duration;
  self->sweep_duration = a.duration;
  if (self->sweep_last_time != 0)
    self->sweep_elapsed += (double) (now - self->sweep_last_time) / G_USEC_PER_SEC;
  self->sweep_last_time = now;
  set_value (self, dpviz_animation_value (&a, self->sweep_elapsed));
  if (dpviz_animation_finished (&a, self->sweep_elapsed))
    {
      /* at To: the callback ends here */
      self->sweep_tick = 0;
      _dpviz_window_stop_sweep (self);
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

/* Where the animation is along its way for the current value, going the way it went: after a
 * change of From, To, duration or mode the value goes on from where it is (or from From when
 * it is no longer between From and To). */
static void
rebase (DpvizWindow *self,
        gboolean     keep_direction)
{
  DpvizAnimation a;
  double at;
  gboolean returning;

  if (!self->sweep_active)
    return;
  a = current_animation (self);
  at = dpviz_animation_elapsed_at (&a, dpviz_model_get_value (self->model, sweep_name (self)));
  returning = keep_direction && a.mode == DPVIZ_ANIMATION_BACK_AND_FORTH
              && self->sweep_duration > 0
              && fmod (self->sweep_elapsed / self->sweep_duration, 2.0) > 1.0;
  self->sweep_duration = a.duration;
  if (at < 0)
    {
      self->sweep_elapsed = 0;
      set_value (self, a.from);
    }
  else
    self->sweep_elapsed = returning ? 2 * a.duration - at : at;
  if (a.mode == DPVIZ_ANIMATION_ONCE && self->sweep_elapsed >= a.duration && self->sweep_tick == 0)
    _dpviz_window_stop_sweep (self);
}

void
_dpviz_window_start_sweep (DpvizWindow *self)
{
  if (self->sweep_tick != 0 || self->n_animation_ids == 0)
    return;
  if (!self->sweep_active)
    {
      DpvizAnimation a = current_animation (self);
      double at = dpviz_animation_elapsed_at (&a, dpviz_model_get_value (self->model,
                                                                         sweep_name (self)));
      g_autofree char *signal = g_strdup_printf ("notify::%s", sweep_name (self));

      /* from the current value when it is on the way (no jump), else from From; a "once"
       * animation that ended at To starts again */
      if (at < 0 || (a.mode == DPVIZ_ANIMATION_ONCE && at >= a.duration))
        at = 0;
      self->sweep_elapsed = at;
      self->sweep_duration = a.duration;
      self->sweep_active = TRUE;
      set_value (self, dpviz_animation_value (&a, at));
      self->sweep_notify = g_signal_connect_object (self->model, signal,
                                                    G_CALLBACK (on_swept_param_changed), self,
                                                    G_CONNECT_SWAPPED);
    }
  self->sweep_last_time = 0;
  self->sweep_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), sweep_tick, NULL, NULL);
  update_play_button (self);
  update_overlay (self);
}

void
_dpviz_window_pause_sweep (DpvizWindow *self)
{
  if (self->sweep_tick != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->sweep_tick);
      self->sweep_tick = 0;
    }
  update_play_button (self);
}

void
_dpviz_window_stop_sweep (DpvizWindow *self)
{
  if (!self->sweep_active && self->sweep_tick == 0)
    return;
  _dpviz_window_pause_sweep (self);
  if (self->sweep_notify != 0 && self->model != NULL)
    g_signal_handler_disconnect (self->model, self->sweep_notify);
  self->sweep_notify = 0;
  self->sweep_active = FALSE;
  self->sweep_elapsed = 0;
  update_overlay (self);
}

/* ---- the options ------------------------------------------------------------------------- */

static void
show_range_error (DpvizWindow *self,
                  const char  *message)
{
  gtk_label_set_text (self->animation_error, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->animation_error), message != NULL);
  for (int i = 0; i < 2; i++)
    {
      GtkWidget *entry = GTK_WIDGET (i == 0 ? self->animation_from : self->animation_to);

      if (message != NULL)
        gtk_widget_add_css_class (entry, "error");
      else
        gtk_widget_remove_css_class (entry, "error");
    }
}

/* The popover shows the animated parameter, its From and To, the duration and the mode. */
static void
fill_popover (DpvizWindow *self)
{
  double from, to;
  g_autofree char *from_text = NULL;
  g_autofree char *to_text = NULL;
  g_autofree char *mode = g_settings_get_string (self->settings, "animation-mode");

  self->animation_updating = TRUE;
  for (guint i = 0; i < self->n_animation_ids; i++)
    if (self->animation_ids[i] == self->sweep_id)
      gtk_drop_down_set_selected (self->animation_param, i);
  if (self->n_animation_ids > 0)
    {
      get_range (self, self->sweep_id, &from, &to);
      from_text = format_number (dpv_param_spec (self->sweep_id), from);
      to_text = format_number (dpv_param_spec (self->sweep_id), to);
      gtk_editable_set_text (GTK_EDITABLE (self->animation_from), from_text);
      gtk_editable_set_text (GTK_EDITABLE (self->animation_to), to_text);
    }
  gtk_drop_down_set_selected (self->animation_mode, MAX (dpviz_animation_mode_from_name (mode), 0));
  show_range_error (self, NULL);
  self->animation_updating = FALSE;
}

gboolean
_dpviz_window_set_animation_parameter (DpvizWindow *self,
                                       const char  *name)
{
  const DpvParamSpec *spec = dpv_param_spec_lookup (name);
  gboolean playing = self->sweep_tick != 0;
  gboolean found = FALSE;

  for (guint i = 0; spec != NULL && i < self->n_animation_ids; i++)
    found |= self->animation_ids[i] == spec->id;
  if (!found)
    return FALSE;
  g_settings_set_string (self->settings, "animation-parameter", spec->name);
  if (spec->id != self->sweep_id)
    {
      _dpviz_window_stop_sweep (self);
      self->sweep_id = spec->id;
    }
  _dpviz_window_set_action_state (self, "animate-parameter", g_variant_new_string (spec->name));
  fill_popover (self);
  if (playing)
    _dpviz_window_start_sweep (self);
  return TRUE;
}

void
_dpviz_window_set_animation_mode (DpvizWindow *self,
                                  const char  *name)
{
  int mode = dpviz_animation_mode_from_name (name);
  g_autofree char *old = g_settings_get_string (self->settings, "animation-mode");

  if (mode < 0)
    return;
  g_settings_set_string (self->settings, "animation-mode", name);
  _dpviz_window_set_action_state (self, "animate-mode", g_variant_new_string (name));
  if (gtk_drop_down_get_selected (self->animation_mode) != (guint) mode)
    gtk_drop_down_set_selected (self->animation_mode, mode);
  if (g_strcmp0 (old, name) != 0)
    rebase (self, FALSE);
}

/* @text as a From or To of @spec, within its slider's range. */
static gboolean
parse_end (const DpvParamSpec *spec,
           const char         *what,
           const char         *text,
           double             *out,
           GError            **error)
{
  DpvParamValue v;
  double lo, hi;
  g_autofree char *lo_text = NULL;
  g_autofree char *hi_text = NULL;
  g_autofree char *stripped = g_strstrip (g_strdup (text != NULL ? text : ""));

  if (!dpv_param_parse (spec, stripped, &v, error))
    {
      /* Translators: "From: ε must be …" — %s is "From" or "To" */
      g_prefix_error (error, _("%s: "), what);
      return FALSE;
    }
  *out = spec->kind == DPV_PARAM_KIND_UINT ? (double) v.u : v.d;
  slider_range (spec, &lo, &hi);
  if (*out < lo || *out > hi)
    {
      lo_text = format_number (spec, lo);
      hi_text = format_number (spec, hi);
      /* Translators: "From: ε′ must be between 0.01 and 10 to be animated" */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("%s: %s must be between %s and %s to be animated"), what,
                   spec->symbol != NULL ? spec->symbol : _(spec->label), lo_text, hi_text);
      return FALSE;
    }
  return TRUE;
}

gboolean
_dpviz_window_set_animation_range (DpvizWindow *self,
                                   const char  *from_text,
                                   const char  *to_text,
                                   GError     **error)
{
  const DpvParamSpec *spec;
  g_autoptr(GVariant) ranges = NULL;
  g_auto(GVariantBuilder) builder = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE ("a{s(dd)}"));
  GVariantIter iter;
  const char *key;
  double from, to, f, t;

  g_return_val_if_fail (self->n_animation_ids > 0, FALSE);
  spec = dpv_param_spec (self->sweep_id);
  if (!parse_end (spec, _("From"), from_text, &from, error)
      || !parse_end (spec, _("To"), to_text, &to, error))
    return FALSE;
  if (from == to)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("From and To must differ"));
      return FALSE;
    }
  ranges = g_settings_get_value (self->settings, "animation-ranges");
  g_variant_iter_init (&iter, ranges);
  while (g_variant_iter_next (&iter, "{&s(dd)}", &key, &f, &t))
    if (!g_str_equal (key, spec->name))
      g_variant_builder_add (&builder, "{s(dd)}", key, f, t);
  g_variant_builder_add (&builder, "{s(dd)}", spec->name, from, to);
  g_settings_set_value (self->settings, "animation-ranges", g_variant_builder_end (&builder));
  rebase (self, TRUE);
  fill_popover (self);
  return TRUE;
}

/* Enter in From or To, or the focus leaving them: the pair is checked and applied. */
static void
commit_range (DpvizWindow *self)
{
  g_autoptr(GError) error = NULL;

  if (self->animation_updating || self->n_animation_ids == 0)
    return;
  if (!_dpviz_window_set_animation_range (self,
                                          gtk_editable_get_text (GTK_EDITABLE (self->animation_from)),
                                          gtk_editable_get_text (GTK_EDITABLE (self->animation_to)),
                                          &error))
    show_range_error (self, error->message);
}

static void
on_range_focus_leave (GtkEventControllerFocus *controller,
                      DpvizWindow             *self)
{
  commit_range (self);
}

/* A closed popover forgets refused text: it shows the From and To in use when opened again. */
static void
on_popover_closed (DpvizWindow *self)
{
  fill_popover (self);
}

static void
on_param_selected (DpvizWindow *self)
{
  guint i = gtk_drop_down_get_selected (self->animation_param);

  if (self->animation_updating || i >= self->n_animation_ids)
    return;
  g_action_group_activate_action (G_ACTION_GROUP (self), "animate-parameter",
                                  g_variant_new_string (dpv_param_spec (self->animation_ids[i])->name));
}

static void
on_mode_selected (DpvizWindow *self)
{
  guint i = gtk_drop_down_get_selected (self->animation_mode);

  if (self->animation_updating || i >= DPVIZ_N_ANIMATION_MODES)
    return;
  g_action_group_activate_action (G_ACTION_GROUP (self), "animate-mode",
                                  g_variant_new_string (dpviz_animation_mode_to_name (i)));
}

void
_dpviz_window_update_animation (DpvizWindow *self)
{
  const DpvViewClass *view = dpv_registry_get (dpviz_model_get_view (self->model));
  g_autofree char *wanted = g_settings_get_string (self->settings, "animation-parameter");
  const DpvParamSpec *spec = dpv_param_spec_lookup (wanted);
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
  DpvParamId chosen = DPV_PARAM_NONE;

  self->n_animation_ids = 0;
  for (int id = 0; id < DPV_N_PARAMS; id++)
    if (dpv_view_class_uses (view, id) && animatable (self, id))
      {
        self->animation_ids[self->n_animation_ids++] = id;
        gtk_string_list_append (labels, _(dpv_param_spec (id)->label));
        if (spec != NULL && spec->id == (DpvParamId) id)
          chosen = id;
      }
  if (chosen == DPV_PARAM_NONE && self->n_animation_ids > 0)
    chosen = self->animation_ids[0];
  if (self->sweep_active && chosen != self->sweep_id)
    _dpviz_window_stop_sweep (self);
  if (chosen != DPV_PARAM_NONE)
    self->sweep_id = chosen;

  self->animation_updating = TRUE;
  gtk_drop_down_set_model (self->animation_param, G_LIST_MODEL (labels));
  self->animation_updating = FALSE;
  _dpviz_window_set_action_enabled (self, "animate", self->n_animation_ids > 0);
  _dpviz_window_set_action_enabled (self, "animate-parameter", self->n_animation_ids > 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->animation_button), self->n_animation_ids > 0);
  if (self->n_animation_ids > 0)
    _dpviz_window_set_action_state (self, "animate-parameter",
                                    g_variant_new_string (dpv_param_spec (self->sweep_id)->name));
  fill_popover (self);
  update_overlay (self);
}

/* A heading label for @widget in the popover's grid, naming it for screen readers. */
static void
attach_row (GtkGrid    *grid,
            int         row,
            const char *title,
            GtkWidget  *widget)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (title);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), widget);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                  label, NULL, -1);
  gtk_grid_attach (grid, label, 0, row, 1, 1);
  gtk_widget_set_hexpand (widget, TRUE);
  gtk_grid_attach (grid, widget, 1, row, 1, 1);
}

static GtkEntry *
range_entry (DpvizWindow *self)
{
  GtkWidget *entry = gtk_entry_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();

  gtk_editable_set_width_chars (GTK_EDITABLE (entry), 10);
  gtk_entry_set_input_purpose (GTK_ENTRY (entry), GTK_INPUT_PURPOSE_NUMBER);
  gtk_widget_add_css_class (entry, "numeric");
  g_signal_connect_swapped (entry, "activate", G_CALLBACK (commit_range), self);
  g_signal_connect (focus, "leave", G_CALLBACK (on_range_focus_leave), self);
  gtk_widget_add_controller (entry, focus);
  return GTK_ENTRY (entry);
}

void
_dpviz_window_add_animation (DpvizWindow *self)
{
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *heading = gtk_label_new (_("Animation"));
  GtkGrid *grid = GTK_GRID (gtk_grid_new ());
  g_autoptr(GtkStringList) modes = gtk_string_list_new (NULL);
  g_autofree char *mode = g_settings_get_string (self->settings, "animation-mode");
  int row = 0;

  gtk_widget_add_css_class (heading, "heading");
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_box_append (GTK_BOX (box), heading);
  gtk_grid_set_row_spacing (grid, 8);
  gtk_grid_set_column_spacing (grid, 12);

  self->animation_param = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));
  attach_row (grid, row++, _("_Parameter"), GTK_WIDGET (self->animation_param));
  self->animation_from = range_entry (self);
  attach_row (grid, row++, _("_From"), GTK_WIDGET (self->animation_from));
  self->animation_to = range_entry (self);
  attach_row (grid, row++, _("_To"), GTK_WIDGET (self->animation_to));
  self->animation_duration = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (1, 120, 1));
  gtk_spin_button_set_digits (self->animation_duration, 1);
  attach_row (grid, row++, _("_Duration (s)"), GTK_WIDGET (self->animation_duration));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->animation_duration),
                               _("Seconds from From to To (back and forth takes twice as long)"));
  for (int i = 0; i < DPVIZ_N_ANIMATION_MODES; i++)
    gtk_string_list_append (modes, _(mode_labels[i]));
  self->animation_mode = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&modes)),
                                                           NULL));
  attach_row (grid, row++, _("_Mode"), GTK_WIDGET (self->animation_mode));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (grid));

  self->animation_error = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->animation_error, TRUE);
  gtk_label_set_max_width_chars (self->animation_error, 36);
  gtk_label_set_xalign (self->animation_error, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->animation_error), "error");
  gtk_widget_set_visible (GTK_WIDGET (self->animation_error), FALSE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->animation_error));
  {
    GtkWidget *hint = gtk_label_new (_("From may be above To: the value then sweeps downward. "
                                       "Moving the slider by hand ends the animation."));

    gtk_label_set_wrap (GTK_LABEL (hint), TRUE);
    gtk_label_set_max_width_chars (GTK_LABEL (hint), 36);
    gtk_label_set_xalign (GTK_LABEL (hint), 0);
    gtk_widget_add_css_class (hint, "dim-label");
    gtk_widget_add_css_class (hint, "caption");
    gtk_box_append (GTK_BOX (box), hint);
  }
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_popover_set_child (GTK_POPOVER (popover), box);
  gtk_menu_button_set_popover (self->animation_button, popover);

  g_settings_bind (self->settings, "animation-duration", self->animation_duration, "value",
                   G_SETTINGS_BIND_DEFAULT | G_SETTINGS_BIND_GET_NO_CHANGES);
  gtk_drop_down_set_selected (self->animation_mode, MAX (dpviz_animation_mode_from_name (mode), 0));
  _dpviz_window_set_action_state (self, "animate-mode", g_variant_new_string (mode));

  g_signal_connect_swapped (self->animation_param, "notify::selected",
                            G_CALLBACK (on_param_selected), self);
  g_signal_connect_swapped (self->animation_mode, "notify::selected",
                            G_CALLBACK (on_mode_selected), self);
  g_signal_connect_swapped (popover, "closed", G_CALLBACK (on_popover_closed), self);
  g_signal_connect (gtk_widget_get_parent (GTK_WIDGET (self->animation_value)),
                    "get-child-position", G_CALLBACK (on_overlay_position), self);
  update_play_button (self);
}
