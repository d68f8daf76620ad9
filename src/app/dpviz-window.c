/* dpviz-window.c — the main window: view switcher, controls, plot, read-outs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Actions and accelerators (the shortcuts window, ui/gtk/help-overlay.ui, lists these):
 *
 *   Section "General"
 *     app.open-lesson            <Primary>o          Open a lesson file…
 *     win.save-lesson            <Primary>s          Save the current state as a lesson…
 *     win.export                 <Primary>e          Export the figure (PNG, SVG, PDF)…
 *     win.copy-figure            <Primary><Shift>c   Copy the figure as an image
 *                                (<Primary>c also copies the figure while the plot has focus)
 *     win.copy-readouts          <Primary><Shift>n   Copy the numbers (read-outs) as text
 *     win.show-help-overlay      <Primary>question   Keyboard shortcuts
 *     app.about                  (menu only)         About DPViz
 *     win.close                  <Primary>w          Close the window
 *     app.quit                   <Primary>q          Quit
 *
 *   Section "Views"
 *     win.view::densities        <Alt>1              Mechanism densities
 *     win.view::regions          <Alt>2              Privacy-loss regions
 *     win.view::kl               <Alt>3              KL divergence
 *     win.view::composition      <Alt>4              Composition
 *     win.explain                F1                  What am I looking at? (show/hide)
 *     win.toggle-controls        F9                  Show/hide the control panel
 *     win.log-y                  <Primary>l          KL view: logarithmic y-axis (on/off)
 *     win.eps-prime-from-delta   (check box)         Regions view: threshold ε′ = D∞^δ from δ,
 *                                                    or set by hand with its own slider
 *
 *   Section "Parameters"
 *     win.mechanism::laplace     <Primary>1          Laplace mechanism
 *     win.mechanism::gaussian    <Primary>2          Gaussian mechanism
 *     win.mechanism::rr          <Primary>3          Randomized response
 *     (sliders: Left/Right or Up/Down small steps, Page Up/Down large steps, Home/End ends;
 *      typing a number in the entry and pressing Enter sets it exactly)
 *
 *   Section "Presentation"
 *     win.fullscreen             F11                 Fullscreen (presentation mode)
 *     win.zoom-in                <Primary>plus       Larger plot text
 *     win.zoom-out               <Primary>minus      Smaller plot text
 *     win.zoom-reset             <Primary>0          Normal plot text
 *     win.animate                <Primary>p          Play/pause the parameter sweep
 *     win.animate-parameter      (menu/drop-down)    Parameter to sweep: 'epsilon' 'delta'
 *                                                    'sensitivity' 'k'
 *
 *   Section "Lessons"
 *     win.lesson-next            <Primary>Page_Down  Next lesson step (also Page_Down when no
 *                                                    slider has focus, for presenter remotes)
 *     win.lesson-previous        <Primary>Page_Up    Previous lesson step (also Page_Up)
 *     win.lesson-add-step        <Primary><Shift>a   Add the current state as a step after the
 *                                                    current one (starts a lesson if none is open)
 *     win.close-lesson           (button)            Close the lesson
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "dpviz-export-dialog.h"
#include "dpviz-lesson.h"
#include "dpviz-window.h"

/* Projector text sizes for Ctrl+plus/minus. */
static const double zoom_levels[] = { 0.75, 1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0 };

/* Seconds for one sweep from the low end to the high end and back. */
#define SWEEP_PERIOD 8.0

static const char *const param_names[] = { "epsilon", "delta", "sensitivity", "k" };

struct _DpvizWindow
{
  AdwApplicationWindow parent_instance;

  /* Template children */
  AdwToastOverlay *toast_overlay;
  AdwViewSwitcherTitle *switcher_title;
  AdwFlap *flap;
  GtkBox *params_box;
  GtkWidget *log_y_button;
  GtkBox *eps_prime_box;
  DpvizParamRow *eps_prime_row;
  GtkDropDown *sweep_dropdown;
  GtkToggleButton *play_button;
  GtkGrid *readout_grid;
  GtkRevealer *explain_revealer;
  GtkLabel *explain_label;
  AdwViewStack *view_stack;
  GtkRevealer *lesson_revealer;
  GtkLabel *lesson_label;

  DpvizModel *model;
  DpvizCompositionWorker *worker;
  GSettings *settings;
  DpvizPlotView **plots;       /* one per registered view */
  DpvizParamRow *rows[G_N_ELEMENTS (param_names)];

  guint zoom_index;
  GPtrArray *readouts;         /* current DpvReadout*, for copying */
  guint n_readout_rows;
  guint readout_kind;
  guint readouts_idle;

  DpvizLesson *lesson;
  guint lesson_step;

  guint settings_apply;

  guint sweep_tick;
  guint sweep_param;
  double sweep_phase;
  gint64 sweep_last_time;
};

G_DEFINE_FINAL_TYPE (DpvizWindow, dpviz_window, ADW_TYPE_APPLICATION_WINDOW)

static void
toast (DpvizWindow *self,
       const char  *message)
{
  /* Toast titles are Pango markup; messages may quote file names with & or <. */
  g_autofree char *escaped = g_markup_escape_text (message, -1);

  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (escaped));
}

static void
set_action_state (DpvizWindow *self,
                  const char  *name,
                  GVariant    *state)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);

  g_simple_action_set_state (G_SIMPLE_ACTION (action), state);
}

static void
set_action_enabled (DpvizWindow *self,
                    const char  *name,
                    gboolean     enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);

  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

/* ---- read-outs and explanation ---------------------------------------------------------- */

static PangoAttrList *
scale_attrs (double scale)
{
  PangoAttrList *attrs = pango_attr_list_new ();

  pango_attr_list_insert (attrs, pango_attr_scale_new (scale));
  return attrs;
}

static gboolean
update_readouts_idle (gpointer user_data)
{
  DpvizWindow *self = user_data;
  guint kind = dpviz_model_get_view (self->model);
  g_autoptr(PangoAttrList) attrs = scale_attrs (zoom_levels[self->zoom_index]);
  g_autoptr(DpvFrame) frame = NULL;
  DpvParams params;
  GtkWidget *child;
  guint i;

  self->readouts_idle = 0;

  dpviz_model_get_params (self->model, &params);
  params.show_caption = FALSE;
  /* The frame the plot draws (the cache hands the same numbers; nothing is computed again);
   * for the composition view, its cheap curves while the worker computes the rest. */
  frame = dpviz_composition_worker_get_frame (self->worker, dpv_registry_get (kind), &params);
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
          gtk_label_set_attributes (label, attrs);
          gtk_label_set_attributes (value, attrs);
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
      gtk_label_set_attributes (GTK_LABEL (label), attrs);
      gtk_label_set_xalign (GTK_LABEL (value), 1);
      gtk_label_set_selectable (GTK_LABEL (value), TRUE);
      gtk_widget_set_valign (value, GTK_ALIGN_START);
      gtk_widget_add_css_class (value, "value");
      gtk_widget_add_css_class (value, "numeric");
      gtk_label_set_attributes (GTK_LABEL (value), attrs);
      gtk_accessible_update_relation (GTK_ACCESSIBLE (value),
                                      GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL,
                                      -1);
      gtk_grid_attach (self->readout_grid, label, 0, i, 1, 1);
      gtk_grid_attach (self->readout_grid, value, 1, i, 1, 1);
    }
  return G_SOURCE_REMOVE;
}

static void
queue_readouts (DpvizWindow *self)
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

static void
update_explanation (DpvizWindow *self)
{
  guint kind = dpviz_model_get_view (self->model);
  g_autoptr(PangoAttrList) attrs = scale_attrs (zoom_levels[self->zoom_index]);
  const DpvViewClass *view = dpv_registry_get (kind);
  g_autofree char *markup = g_strdup_printf ("<b>%s</b>\n%s", dpv_view_class_get_title (view),
                                             dpv_view_class_get_explanation (view));

  gtk_label_set_markup (self->explain_label, markup);
  gtk_label_set_attributes (self->explain_label, attrs);
}

/* ---- model → widgets -------------------------------------------------------------------- */

static void
on_model_changed (DpvizWindow *self)
{
  queue_readouts (self);
}

static void
on_worker_ready (DpvizWindow *self)
{
  if (dpv_registry_get (dpviz_model_get_view (self->model))->expensive)
    queue_readouts (self);
}

static void
on_model_view (DpvizWindow *self)
{
  guint kind = dpviz_model_get_view (self->model);

  const DpvViewClass *view = dpv_registry_get (kind);

  adw_view_stack_set_visible_child_name (self->view_stack, view->name);
  set_action_state (self, "view", g_variant_new_string (view->name));
  /* the controls of the parameters this view uses */
  gtk_widget_set_visible (GTK_WIDGET (self->log_y_button),
                          dpv_view_class_uses (view, DPV_PARAM_LOG_Y));
  gtk_widget_set_visible (GTK_WIDGET (self->eps_prime_box),
                          dpv_view_class_uses (view, DPV_PARAM_EPS_PRIME));
  update_explanation (self);
  queue_readouts (self);
}

static void
on_model_mechanism (DpvizWindow *self)
{
  DpMechanismKind kind = dpviz_model_get_mechanism (self->model);

  set_action_state (self, "mechanism", g_variant_new_string (dp_mechanism_kind_to_name (kind)));
}

static void
on_stack_visible_child (DpvizWindow *self)
{
  const char *name = adw_view_stack_get_visible_child_name (self->view_stack);

  if (name != NULL && dpv_registry_lookup (name) != NULL)
    dpviz_model_set_view (self->model, dpv_registry_index (dpv_registry_lookup (name)));
}

static void
on_dark_changed (DpvizWindow *self)
{
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());

  for (guint i = 0; i < dpv_registry_get_n_views (); i++)
    dpviz_plot_view_set_dark (self->plots[i], dark);
}

/* ---- settings --------------------------------------------------------------------------- */

static gboolean
mechanism_from_setting (GValue   *value,
                        GVariant *variant,
                        gpointer  user_data)
{
  DpMechanismKind kind;

  if (!dp_mechanism_kind_from_name (g_variant_get_string (variant, NULL), &kind))
    return FALSE;
  g_value_set_int (value, kind);
  return TRUE;
}

static GVariant *
mechanism_to_setting (const GValue       *value,
                      const GVariantType *expected_type,
                      gpointer            user_data)
{
  return g_variant_new_string (dp_mechanism_kind_to_name (g_value_get_int (value)));
}

static gboolean
view_from_setting (GValue   *value,
                   GVariant *variant,
                   gpointer  user_data)
{

  const DpvViewClass *view = dpv_registry_lookup (g_variant_get_string (variant, NULL));

  if (view == NULL)
    return FALSE;
  g_value_set_int (value, dpv_registry_index (view));
  return TRUE;
}

static GVariant *
view_to_setting (const GValue       *value,
                 const GVariantType *expected_type,
                 gpointer            user_data)
{
  return g_variant_new_string (dpv_registry_get (g_value_get_int (value))->name);
}

static void
bind_settings (DpvizWindow *self)
{
  /* Each window starts from the remembered values and writes its changes back; windows do not
   * follow each other (GET_NO_CHANGES). */
  GSettingsBindFlags flags = G_SETTINGS_BIND_DEFAULT | G_SETTINGS_BIND_GET_NO_CHANGES;

  for (guint i = 0; i < G_N_ELEMENTS (param_names); i++)
    g_settings_bind (self->settings, param_names[i], self->model, param_names[i], flags);
  g_settings_bind_with_mapping (self->settings, "mechanism", self->model, "mechanism", flags,
                                mechanism_from_setting, mechanism_to_setting, NULL, NULL);
  g_settings_bind_with_mapping (self->settings, "view", self->model, "view", flags,
                                view_from_setting, view_to_setting, NULL, NULL);

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
}

/* Settings are written in delay mode, at most twice a second: dragging a slider or animating a
 * parameter changes the model every frame, and dconf need not see every intermediate value. */
static gboolean
apply_settings_cb (gpointer user_data)
{
  DpvizWindow *self = user_data;

  self->settings_apply = 0;
  g_settings_apply (self->settings);
  return G_SOURCE_REMOVE;
}

static void
on_settings_unapplied (DpvizWindow *self)
{
  if (g_settings_get_has_unapplied (self->settings) && self->settings_apply == 0)
    self->settings_apply = g_timeout_add (500, apply_settings_cb, self);
}

static void
flush_settings (DpvizWindow *self)
{
  g_clear_handle_id (&self->settings_apply, g_source_remove);
  if (self->settings != NULL)
    g_settings_apply (self->settings);
}

static gboolean
dpviz_window_close_request (GtkWindow *window)
{
  DpvizWindow *self = DPVIZ_WINDOW (window);
  int width, height;

  gtk_window_get_default_size (window, &width, &height);
  if (!gtk_window_is_fullscreen (window))
    {
      g_settings_set_boolean (self->settings, "window-maximized",
                              gtk_window_is_maximized (window));
      if (!gtk_window_is_maximized (window) && width > 0 && height > 0)
        {
          g_settings_set_int (self->settings, "window-width", width);
          g_settings_set_int (self->settings, "window-height", height);
        }
    }
  flush_settings (self);
  return GTK_WINDOW_CLASS (dpviz_window_parent_class)->close_request (window);
}

/* ---- animation ------------------------------------------------------------------------- */

static gboolean
sweep_tick (GtkWidget     *widget,
            GdkFrameClock *clock,
            gpointer       user_data)
{
  DpvizWindow *self = DPVIZ_WINDOW (widget);
  DpvizParamRow *row = self->rows[self->sweep_param];
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
  dpviz_model_set_value (self->model, param_names[self->sweep_param], value, NULL);
  return G_SOURCE_CONTINUE;
}

static void
stop_sweep (DpvizWindow *self)
{
  if (self->sweep_tick == 0)
    return;
  gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->sweep_tick);
  self->sweep_tick = 0;
  gtk_button_set_icon_name (GTK_BUTTON (self->play_button), "media-playback-start-symbolic");
  set_action_state (self, "animate", g_variant_new_boolean (FALSE));
}

static void
start_sweep (DpvizWindow *self)
{
  DpvizParamRow *row = self->rows[self->sweep_param];
  GtkAdjustment *adj = gtk_range_get_adjustment (GTK_RANGE (dpviz_param_row_get_scale (row)));
  double lower = gtk_adjustment_get_lower (adj);
  double upper = gtk_adjustment_get_upper (adj);
  double position = log10 (dpviz_model_get_value (self->model, param_names[self->sweep_param]));

  if (self->sweep_tick != 0)
    return;
  /* Start where the parameter is now, going up: no jump. */
  self->sweep_phase = CLAMP ((position - lower) / (upper - lower), 0, 1) / 2;
  self->sweep_last_time = 0;
  self->sweep_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), sweep_tick, NULL, NULL);
  gtk_button_set_icon_name (GTK_BUTTON (self->play_button), "media-playback-pause-symbolic");
  set_action_state (self, "animate", g_variant_new_boolean (TRUE));
}

static void
on_sweep_selected (DpvizWindow *self)
{
  guint selected = gtk_drop_down_get_selected (self->sweep_dropdown);

  if (selected < G_N_ELEMENTS (param_names))
    g_action_group_activate_action (G_ACTION_GROUP (self), "animate-parameter",
                                    g_variant_new_string (param_names[selected]));
}

/* ---- lessons --------------------------------------------------------------------------- */

static void
update_lesson_bar (DpvizWindow *self)
{
  gboolean have = self->lesson != NULL;

  gtk_revealer_set_reveal_child (self->lesson_revealer, have);
  set_action_enabled (self, "lesson-next",
                      have && self->lesson_step + 1 < self->lesson->steps->len);
  set_action_enabled (self, "lesson-previous", have && self->lesson_step > 0);
  set_action_enabled (self, "close-lesson", have);
  if (have)
    {
      DpvizLessonStep *step = g_ptr_array_index (self->lesson->steps, self->lesson_step);
      g_autofree char *text = NULL;
      g_autofree char *title = g_markup_escape_text (self->lesson->title ? self->lesson->title
                                                                         : _("Lesson"), -1);
      g_autofree char *note = step->note ? g_markup_escape_text (step->note, -1) : NULL;

      /* Translators: lesson title, step number, number of steps, then the step's note */
      text = g_strdup_printf (_("<b>%s</b> — step %u of %u%s%s"), title,
                              self->lesson_step + 1, self->lesson->steps->len,
                              note ? ": " : "", note ? note : "");
      gtk_label_set_markup (self->lesson_label, text);
    }
  {
    g_autoptr(PangoAttrList) attrs = scale_attrs (zoom_levels[self->zoom_index]);

    gtk_label_set_attributes (self->lesson_label, attrs);
  }
}

static void
go_to_step (DpvizWindow *self,
            guint        index)
{
  g_autoptr(GError) error = NULL;

  if (self->lesson == NULL || index >= self->lesson->steps->len)
    return;
  if (!dpviz_lesson_apply_step (self->lesson, index, self->model, &error))
    {
      toast (self, error->message);
      return;
    }
  self->lesson_step = index;
  update_lesson_bar (self);
}

gboolean
dpviz_window_load_lesson (DpvizWindow  *self,
                          GFile        *file,
                          GError      **error)
{
  g_autoptr(DpvizLesson) lesson = NULL;

  g_return_val_if_fail (DPVIZ_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  lesson = dpviz_lesson_load (file, error);
  if (lesson == NULL)
    return FALSE;
  if (!dpviz_lesson_apply_step (lesson, 0, self->model, error))
    return FALSE;
  g_clear_pointer (&self->lesson, dpviz_lesson_free);
  self->lesson = g_steal_pointer (&lesson);
  self->lesson_step = 0;
  update_lesson_bar (self);
  return TRUE;
}

void
dpviz_window_open_lesson (DpvizWindow *self,
                          GFile       *file)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (DPVIZ_IS_WINDOW (self));

  if (!dpviz_window_load_lesson (self, file, &error))
    {
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *heading = g_strdup_printf (_("Could not open “%s”"), name);
      GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, error->message);

      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
      gtk_window_present (GTK_WINDOW (dialog));
    }
}

static GtkFileFilter *
lesson_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("DPViz lessons"));
  gtk_file_filter_add_mime_type (filter, "application/x-dpviz-lesson");
  gtk_file_filter_add_pattern (filter, "*.dpviz");
  gtk_file_filter_add_pattern (filter, "*.dpviz-lesson");
  return filter;
}

static void
on_open_response (GtkNativeDialog *native,
                  int              response,
                  DpvizWindow     *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

      dpviz_window_open_lesson (self, file);
    }
  gtk_native_dialog_destroy (native);
  g_object_unref (native);
  g_object_unref (self);
}

void
dpviz_window_choose_lesson (DpvizWindow *self)
{
  GtkFileChooserNative *native;
  g_autoptr(GtkFileFilter) filter = lesson_filter ();

  g_return_if_fail (DPVIZ_IS_WINDOW (self));

  native = gtk_file_chooser_native_new (_("Open Lesson"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  g_signal_connect (native, "response", G_CALLBACK (on_open_response), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
on_save_response (GtkNativeDialog *native,
                  int              response,
                  DpvizWindow     *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
      g_autoptr(GError) error = NULL;
      g_autoptr(DpvizLesson) lesson = dpviz_lesson_new_from_model (self->model);
      const DpvizLesson *to_save = lesson;

      if (self->lesson != NULL)
        {
          /* Keep the open lesson's steps; the current step takes the current values. */
          DpvizLessonStep *step = g_ptr_array_index (self->lesson->steps, self->lesson_step);

          dpviz_model_get_params (self->model, &step->params);
          step->view = dpviz_model_get_view (self->model);
          to_save = self->lesson;
        }
      if (dpviz_lesson_save (to_save, file, &error))
        {
          g_autofree char *name = g_file_get_basename (file);
          g_autofree char *message = g_strdup_printf (_("Saved “%s”"), name);

          toast (self, message);
        }
      else
        toast (self, error->message);
    }
  gtk_native_dialog_destroy (native);
  g_object_unref (native);
  g_object_unref (self);
}

/* ---- actions --------------------------------------------------------------------------- */

static void
save_lesson_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  DpvizWindow *self = user_data;
  GtkFileChooserNative *native;
  g_autoptr(GtkFileFilter) filter = lesson_filter ();

  native = gtk_file_chooser_native_new (_("Save Lesson"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), _("lesson.dpviz"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  g_signal_connect (native, "response", G_CALLBACK (on_save_response), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

/* The frame of the current view and parameters, complete (export and copies want the exact
 * curves: from the cache when the worker has them, else computed now). */
static DpvFrame *
current_frame (DpvizWindow *self)
{
  DpvParams params;

  dpviz_model_get_params (self->model, &params);
  return dpv_frame_compute (dpv_registry_get (dpviz_model_get_view (self->model)), &params,
                            dpviz_composition_worker_get_cache (self->worker), NULL, NULL);
}

static void
export_action (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  DpvizWindow *self = user_data;

  dpviz_export_dialog_present (GTK_WINDOW (self), self->toast_overlay, self->model,
                               self->settings,
                               dpviz_composition_worker_get_cache (self->worker));
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

  /* Copies go into documents: the export theme (print by default), not the screen's. */
  dpv_theme_from_name (theme_name, &theme);
  dpv_style_init (&style, theme);
  g_autoptr(DpvFrame) frame = current_frame (self);

  if (dpviz_copy_figure_to_clipboard (gtk_widget_get_clipboard (GTK_WIDGET (self)), frame,
                                      &style, width, height, &error))
    toast (self, _("Figure copied"));
  else
    toast (self, error->message);
}

static void
copy_readouts_action (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  DpvizWindow *self = user_data;
  g_autofree char *text = dpviz_window_get_readouts_text (self);

  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  toast (self, _("Numbers copied"));
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

static void
set_zoom (DpvizWindow *self,
          guint        index)
{
  self->zoom_index = MIN (index, G_N_ELEMENTS (zoom_levels) - 1);
  for (guint i = 0; i < dpv_registry_get_n_views (); i++)
    dpviz_plot_view_set_text_scale (self->plots[i], zoom_levels[self->zoom_index]);
  update_explanation (self);
  update_lesson_bar (self);
  queue_readouts (self);
  set_action_enabled (self, "zoom-in", self->zoom_index + 1 < G_N_ELEMENTS (zoom_levels));
  set_action_enabled (self, "zoom-out", self->zoom_index > 0);
}

static void
zoom_in_action (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  DpvizWindow *self = user_data;

  set_zoom (self, self->zoom_index + 1);
}

static void
zoom_out_action (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  DpvizWindow *self = user_data;

  if (self->zoom_index > 0)
    set_zoom (self, self->zoom_index - 1);
}

static void
zoom_reset_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  set_zoom (user_data, 1);
}

static void
animate_change_state (GSimpleAction *action,
                      GVariant      *state,
                      gpointer       user_data)
{
  DpvizWindow *self = user_data;

  if (g_variant_get_boolean (state))
    start_sweep (self);
  else
    stop_sweep (self);
}

static void
animate_parameter_change_state (GSimpleAction *action,
                                GVariant      *state,
                                gpointer       user_data)
{
  DpvizWindow *self = user_data;
  const char *name = g_variant_get_string (state, NULL);
  gboolean running = self->sweep_tick != 0;

  for (guint i = 0; i < G_N_ELEMENTS (param_names); i++)
    if (g_str_equal (name, param_names[i]))
      {
        if (i == self->sweep_param)
          return;
        stop_sweep (self);
        self->sweep_param = i;
        g_simple_action_set_state (action, state);
        if (gtk_drop_down_get_selected (self->sweep_dropdown) != i)
          gtk_drop_down_set_selected (self->sweep_dropdown, i);
        if (running)
          start_sweep (self);
        return;
      }
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

static void
on_model_eps_prime (DpvizWindow *self)
{
  gboolean from_delta = dpviz_model_get_value (self->model, "eps-prime") < 0;

  set_action_state (self, "eps-prime-from-delta", g_variant_new_boolean (from_delta));
  gtk_widget_set_visible (GTK_WIDGET (self->eps_prime_row), !from_delta);
}

static void
on_model_log_y (DpvizWindow *self)
{
  gboolean log_y;

  g_object_get (self->model, "log-y", &log_y, NULL);
  set_action_state (self, "log-y", g_variant_new_boolean (log_y));
}

static void
lesson_next_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  DpvizWindow *self = user_data;

  go_to_step (self, self->lesson_step + 1);
}

static void
lesson_previous_action (GSimpleAction *action,
                        GVariant      *parameter,
                        gpointer       user_data)
{
  DpvizWindow *self = user_data;

  if (self->lesson_step > 0)
    go_to_step (self, self->lesson_step - 1);
}

/* Builds lessons in the app: the current state becomes a new step after the current one (or
 * the first step of a new lesson); Ctrl+S then saves the whole lesson. */
static void
lesson_add_step_action (GSimpleAction *action,
                        GVariant      *parameter,
                        gpointer       user_data)
{
  DpvizWindow *self = user_data;
  g_autoptr(DpvizLesson) fresh = dpviz_lesson_new_from_model (self->model);
  g_autofree char *message = NULL;

  if (self->lesson == NULL)
    {
      self->lesson = g_steal_pointer (&fresh);
      self->lesson_step = 0;
    }
  else
    {
      /* Both arrays free their steps the same way: the step changes owner. */
      gpointer step = g_ptr_array_steal_index (fresh->steps, 0);

      self->lesson_step++;
      g_ptr_array_insert (self->lesson->steps, self->lesson_step, step);
    }
  update_lesson_bar (self);
  message = g_strdup_printf (_("Added step %u of %u"), self->lesson_step + 1,
                             self->lesson->steps->len);
  toast (self, message);
}

static void
close_lesson_action (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  DpvizWindow *self = user_data;

  g_clear_pointer (&self->lesson, dpviz_lesson_free);
  update_lesson_bar (self);
}

static const GActionEntry win_entries[] = {
  { "save-lesson", save_lesson_action },
  { "export", export_action },
  { "copy-figure", copy_figure_action },
  { "copy-readouts", copy_readouts_action },
  { "close", close_action },
  { "view", NULL, "s", "'densities'", view_change_state },
  { "mechanism", NULL, "s", "'laplace'", mechanism_change_state },
  { "explain", NULL, NULL, "false", explain_change_state },
  { "toggle-controls", NULL, NULL, "true", toggle_controls_change_state },
  { "fullscreen", NULL, NULL, "false", fullscreen_change_state },
  { "zoom-in", zoom_in_action },
  { "zoom-out", zoom_out_action },
  { "zoom-reset", zoom_reset_action },
  { "animate", NULL, NULL, "false", animate_change_state },
  { "animate-parameter", NULL, "s", "'epsilon'", animate_parameter_change_state },
  { "log-y", NULL, NULL, "false", log_y_change_state },
  { "eps-prime-from-delta", NULL, NULL, "true", eps_prime_from_delta_change_state },
  { "lesson-next", lesson_next_action },
  { "lesson-previous", lesson_previous_action },
  { "close-lesson", close_lesson_action },
  { "lesson-add-step", lesson_add_step_action },
};

static void
on_fullscreened (DpvizWindow *self)
{
  set_action_state (self, "fullscreen",
                    g_variant_new_boolean (gtk_window_is_fullscreen (GTK_WINDOW (self))));
}

static void
on_flap_revealed (DpvizWindow *self)
{
  set_action_state (self, "toggle-controls",
                    g_variant_new_boolean (adw_flap_get_reveal_flap (self->flap)));
}

/* ---- construction ---------------------------------------------------------------------- */

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

static void
add_param_rows (DpvizWindow *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (param_names); i++)
    {
      self->rows[i] = param_row_new (self, dpv_param_spec_lookup (param_names[i])->id);
      gtk_box_append (self->params_box, GTK_WIDGET (self->rows[i]));
    }
  self->eps_prime_row = param_row_new (self, DPV_PARAM_EPS_PRIME);
  gtk_box_append (self->eps_prime_box, GTK_WIDGET (self->eps_prime_row));
}

static void
add_views (DpvizWindow *self)
{
  guint n = dpv_registry_get_n_views ();

  self->plots = g_new0 (DpvizPlotView *, n);
  for (guint i = 0; i < n; i++)
    {
      const DpvViewClass *view = dpv_registry_get (i);
      GtkWidget *plot = dpviz_plot_view_new (i);
      AdwViewStackPage *page;

      self->plots[i] = DPVIZ_PLOT_VIEW (plot);
      dpviz_plot_view_set_model (self->plots[i], self->model);
      dpviz_plot_view_set_worker (self->plots[i], self->worker);
      /* Short titles fit the header bar's view switcher; the full title heads the
       * explanation. */
      page = adw_view_stack_add_titled (self->view_stack, plot, view->name,
                                        dpv_view_class_get_short_title (view));
      adw_view_stack_page_set_icon_name (page, view->icon_name);
    }
}

static void
dpviz_window_dispose (GObject *object)
{
  DpvizWindow *self = DPVIZ_WINDOW (object);

  stop_sweep (self);
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  /* Disposing the rows may still commit an edited entry: the window no longer listens. */
  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  if (self->worker != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->worker, self);
      dpviz_composition_worker_cancel (self->worker);
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), DPVIZ_TYPE_WINDOW);
  g_clear_handle_id (&self->readouts_idle, g_source_remove);
  flush_settings (self);
  G_OBJECT_CLASS (dpviz_window_parent_class)->dispose (object);
}

static void
dpviz_window_finalize (GObject *object)
{
  DpvizWindow *self = DPVIZ_WINDOW (object);

  g_clear_object (&self->worker);
  g_clear_object (&self->model);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->readouts, g_ptr_array_unref);
  g_clear_pointer (&self->lesson, dpviz_lesson_free);
  g_clear_pointer (&self->plots, g_free);
  G_OBJECT_CLASS (dpviz_window_parent_class)->finalize (object);
}

static void
dpviz_window_class_init (DpvizWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = dpviz_window_dispose;
  object_class->finalize = dpviz_window_finalize;
  window_class->close_request = dpviz_window_close_request;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_PREFIX "/dpviz-window.ui");
  gtk_widget_class_bind_template_child (widget_class, DpvizWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, DpvizWindow, switcher_title);
  gtk_widget_class_bind_template_child (widget_class, DpvizWindow, flap);
  gtk_widget_class_bind_template_child (widget_class, DpvizWindow, params_box);
  gtk_widget_class_bind_template_child (widget_class, DpvizWindow, log_y_button);
  gtk_widget_class_bind_template_child (widget_class, DpvizWindow, eps_prime_box);
  gtk_widget_class_bind_template_child (widget_class, DpvizWindow, sweep_dropdown);
  gtk_widget_class_bind_template_child (widget_class, DpvizWindow, play_button);
  gtk_widget_class_bind_template_child (widget_class, DpvizWindow, readout_grid);
  gtk_widget_class_bind_template_child (widget_class, DpvizWindow, explain_revealer);
  gtk_widget_class_bind_template_child (widget_class, DpvizWindow, explain_label);
  gtk_widget_class_bind_template_child (widget_class, DpvizWindow, view_stack);
  gtk_widget_class_bind_template_child (widget_class, DpvizWindow, lesson_revealer);
  gtk_widget_class_bind_template_child (widget_class, DpvizWindow, lesson_label);

  /* Presenter remotes send plain Page Up/Down; sliders keep them while they have the focus
   * (these bindings run after the focused widget had its chance). */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Down, 0,
                                       "win.lesson-next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Up, 0,
                                       "win.lesson-previous", NULL);
}

static void
dpviz_window_init (DpvizWindow *self)
{
  AdwStyleManager *style_manager = adw_style_manager_get_default ();

  g_type_ensure (ADW_TYPE_VIEW_SWITCHER_TITLE);
  gtk_widget_init_template (GTK_WIDGET (self));

  self->model = dpviz_model_new ();
  self->worker = dpviz_composition_worker_new ();
  self->settings = g_settings_new (APP_ID);
  g_settings_delay (self->settings);
  g_signal_connect_object (self->settings, "notify::has-unapplied",
                           G_CALLBACK (on_settings_unapplied), self, G_CONNECT_SWAPPED);
  self->zoom_index = 1;

  g_action_map_add_action_entries (G_ACTION_MAP (self), win_entries,
                                   G_N_ELEMENTS (win_entries), self);

  bind_settings (self);
  add_param_rows (self);
  add_views (self);

  g_signal_connect_object (self->model, "changed", G_CALLBACK (on_model_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->model, "notify::view", G_CALLBACK (on_model_view), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->model, "notify::mechanism", G_CALLBACK (on_model_mechanism),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->model, "notify::log-y", G_CALLBACK (on_model_log_y),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->model, "notify::eps-prime", G_CALLBACK (on_model_eps_prime),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->worker, "ready", G_CALLBACK (on_worker_ready), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (style_manager, "notify::dark", G_CALLBACK (on_dark_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_swapped (self->view_stack, "notify::visible-child",
                            G_CALLBACK (on_stack_visible_child), self);
  g_signal_connect_swapped (self->sweep_dropdown, "notify::selected",
                            G_CALLBACK (on_sweep_selected), self);
  g_signal_connect (self, "notify::fullscreened", G_CALLBACK (on_fullscreened), NULL);
  g_signal_connect_swapped (self->flap, "notify::reveal-flap",
                            G_CALLBACK (on_flap_revealed), self);

  on_dark_changed (self);
  on_model_eps_prime (self);
  on_model_view (self);
  on_model_mechanism (self);
  set_zoom (self, 1);
  update_lesson_bar (self);
}

DpvizWindow *
dpviz_window_new (GtkApplication *application)
{
  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);

  return g_object_new (DPVIZ_TYPE_WINDOW, "application", application, NULL);
}

DpvizModel *
dpviz_window_get_model (DpvizWindow *self)
{
  g_return_val_if_fail (DPVIZ_IS_WINDOW (self), NULL);
  return self->model;
}

DpvizCompositionWorker *
dpviz_window_get_worker (DpvizWindow *self)
{
  g_return_val_if_fail (DPVIZ_IS_WINDOW (self), NULL);
  return self->worker;
}

DpvizPlotView *
dpviz_window_get_plot_view (DpvizWindow *self,
                            guint  kind)
{
  g_return_val_if_fail (DPVIZ_IS_WINDOW (self), NULL);
  g_return_val_if_fail (kind < dpv_registry_get_n_views (), NULL);
  return self->plots[kind];
}

DpvizParamRow *
dpviz_window_get_param_row (DpvizWindow *self,
                            const char  *property)
{
  g_return_val_if_fail (DPVIZ_IS_WINDOW (self), NULL);

  for (guint i = 0; i < G_N_ELEMENTS (param_names); i++)
    if (g_strcmp0 (property, param_names[i]) == 0)
      return self->rows[i];
  if (g_strcmp0 (property, "eps-prime") == 0)
    return self->eps_prime_row;
  g_return_val_if_reached (NULL);
}

double
dpviz_window_get_text_scale (DpvizWindow *self)
{
  g_return_val_if_fail (DPVIZ_IS_WINDOW (self), 1.0);
  return zoom_levels[self->zoom_index];
}
