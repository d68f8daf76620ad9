/* dpviz-window.c — the main window: construction, the model → widgets links, the frame
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Actions and accelerators (the shortcuts window, ui/gtk/help-overlay-template.ui, lists
 * these):
 *
 *   Section "General"
 *     app.open-lesson            <Primary>o          Open a lesson file…
 *     win.save-lesson            <Primary>s          Save the lesson (to its file, else as below)
 *     win.save-lesson-as         <Primary><Shift>s   Save the lesson or the current state as…
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
 *     win.view::NAME             <Alt>N              The N-th view of the registry (densities,
 *                                                    regions, kl, composition, …; N = 1 … 9);
 *                                                    the shortcuts window lists them from the
 *                                                    registry; every view is in the header's
 *                                                    view menu, by chapter
 *     win.view-next              <Alt>Page_Down      The next view of the registry (after the
 *                                                    last, the first)
 *     win.view-previous          <Alt>Page_Up        The previous view (before the first, the
 *                                                    last)
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
 *     win.reset-parameters       (menu)              Every parameter to its default (view and
 *                                                    mechanism kept)
 *     win.animate                <Primary>p, space   Play/pause the animation (Space when the
 *                                                    focused widget does not take it)
 *     win.animate-parameter      (popover)           Parameter to animate, by name: a number
 *                                                    with a slider the view uses ('epsilon')
 *     win.animate-mode           (popover)           'once' 'loop' 'back-and-forth'
 *     win.pin                    <Primary>d          Pin the curves shown as faded references
 *                                                    of the view (up to three; a fourth
 *                                                    replaces the oldest)
 *     win.clear-pins             <Primary><Shift>d   Remove the view's pins
 *
 *   Section "Lessons"
 *     win.lesson-next            <Primary>Page_Down  Next lesson step (also Page_Down when no
 *                                                    slider has focus, for presenter remotes)
 *     win.lesson-previous        <Primary>Page_Up    Previous lesson step (also Page_Up)
 *     win.lesson-add-step        <Primary><Shift>a   Add the current state as a step after the
 *                                                    current one (starts a lesson if none is open)
 *     win.close-lesson           (button)            Close the lesson (asks first when edited)
 *     win.lesson-edit            <Primary><Shift>l   The lesson editor: steps, titles, notes
 *     win.lesson-update-step     (editor)            The current step takes the current figure
 *     win.lesson-move-step-up    <Alt>Up (editor)    Move the current step up / down
 *     win.lesson-move-step-down  <Alt>Down (editor)
 *     win.lesson-delete-step     Delete (editor)     Delete the current step (toast with Undo)
 *     win.lesson-undo-delete     (toast)             Put the last deleted step back
 *     win.export-lesson          (menu)              Export every step as a figure, into a folder
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "dpviz-window-private.h"

const double _dpviz_window_zoom_levels[DPVIZ_WINDOW_N_ZOOM_LEVELS] = {
  0.75, 1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0
};

G_DEFINE_FINAL_TYPE (DpvizWindow, dpviz_window, ADW_TYPE_APPLICATION_WINDOW)

void
_dpviz_window_toast (DpvizWindow *self,
       const char  *message)
{
  /* Toast titles are Pango markup; messages may quote file names with & or <. */
  g_autofree char *escaped = g_markup_escape_text (message, -1);

  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (escaped));
}

void
_dpviz_window_set_action_state (DpvizWindow *self,
                  const char  *name,
                  GVariant    *state)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);

  g_simple_action_set_state (G_SIMPLE_ACTION (action), state);
}

void
_dpviz_window_set_action_enabled (DpvizWindow *self,
                    const char  *name,
                    gboolean     enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);

  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

/* ---- model → widgets -------------------------------------------------------------------- */

/* The frame of the visible view at the model's parameters, from the provider. */
void
_dpviz_window_update_frame (DpvizWindow *self)
{
  DpvParams params;

  if (self->update_tick != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->update_tick);
      self->update_tick = 0;
    }
  dpviz_model_get_params (self->model, &params);
  params.show_caption = FALSE;  /* the read-out panel shows the numbers on screen */
  dpviz_frame_provider_update (self->provider, dpviz_model_get_view (self->model), &params);
}

static gboolean
update_tick_cb (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  DpvizWindow *self = DPVIZ_WINDOW (widget);

  self->update_tick = 0;
  _dpviz_window_update_frame (self);
  return G_SOURCE_REMOVE;
}

/* Many changes in one frame (a drag, a lesson step) ask for one frame, in the frame clock's
 * update phase, before it is painted. */
static void
on_model_changed (DpvizWindow *self)
{
  _dpviz_window_update_presentation (self);
  if (self->update_tick == 0)
    self->update_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), update_tick_cb, NULL,
                                                      NULL);
}

static void
on_frame_changed (DpvizWindow *self,
                  guint        view)
{
  if (view == dpviz_model_get_view (self->model))
    _dpviz_window_queue_readouts (self);
}

/* The header's centre: the current view's icon and title; the screen reader hears "View: …". */
static void
update_view_button (DpvizWindow       *self,
                    const DpvViewClass *view)
{
  g_autofree char *title = dpv_view_class_get_plain_title (view);
  /* Translators: the screen reader's name of the header's view menu button */
  g_autofree char *name = g_strdup_printf (_("View: %s"), title);

  gtk_label_set_text (self->view_label, title);
  gtk_image_set_from_icon_name (self->view_icon, view->icon_name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->view_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
}

GMenuModel *
_dpviz_window_build_view_menu (void)
{
  GMenu *menu = g_menu_new ();
  g_autoptr(GMenu) section = NULL;
  const char *chapter = NULL;

  for (guint i = 0; i < dpv_registry_get_n_views (); i++)
    {
      const DpvViewClass *view = dpv_registry_get (i);
      g_autofree char *title = dpv_view_class_get_plain_title (view);
      g_autoptr(GMenuItem) item = g_menu_item_new (title, NULL);

      if (section == NULL || dpv_registry_starts_chapter (i))
        {
          if (section != NULL)
            g_menu_append_section (menu, chapter != NULL ? _(chapter) : NULL,
                                   G_MENU_MODEL (section));
          g_clear_object (&section);
          section = g_menu_new ();
          chapter = dpv_registry_get_chapter (i);
        }
      /* win.view is stateful: the items are radio items, the current view checked. */
      g_menu_item_set_action_and_target_value (item, "win.view", g_variant_new_string (view->name));
      g_menu_append_item (section, item);
    }
  if (section != NULL)
    g_menu_append_section (menu, chapter != NULL ? _(chapter) : NULL, G_MENU_MODEL (section));
  return G_MENU_MODEL (menu);
}

static void
on_model_view (DpvizWindow *self)
{
  guint kind = dpviz_model_get_view (self->model);

  const DpvViewClass *view = dpv_registry_get (kind);

  adw_view_stack_set_visible_child_name (self->view_stack, view->name);
  _dpviz_window_set_action_state (self, "view", g_variant_new_string (view->name));
  update_view_button (self, view);
  _dpviz_window_update_controls (self);
  _dpviz_window_update_animation (self);
  _dpviz_window_update_explanation (self);
  _dpviz_window_update_presentation (self);
  /* the new view's frame before it is first drawn */
  if (self->provider != NULL)
    _dpviz_window_update_frame (self);
  _dpviz_window_queue_readouts (self);
}

static void
on_model_mechanism (DpvizWindow *self)
{
  DpMechanismKind kind = dpviz_model_get_mechanism (self->model);

  _dpviz_window_set_action_state (self, "mechanism",
                                  g_variant_new_string (dp_mechanism_kind_to_name (kind)));
  _dpviz_window_update_controls (self);
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

/* The frame of the current view and parameters, complete: the one on screen, else (export
 * and copies want the exact curves) computed now through the provider's cache. */
DpvFrame *
_dpviz_window_current_frame (DpvizWindow *self)
{
  guint view = dpviz_model_get_view (self->model);
  DpvFrame *shown;
  DpvParams params;

  if (self->update_tick != 0)
    _dpviz_window_update_frame (self);
  dpviz_model_get_params (self->model, &params);
  shown = dpviz_frame_provider_get_frame (self->provider, view);
  if (shown != NULL && !dpviz_frame_provider_get_pending (self->provider, view)
      && !dpv_frame_is_pending (shown))
    return dpv_frame_ref (shown);
  return dpv_frame_compute (dpv_registry_get (view), &params,
                            dpviz_frame_provider_get_cache (self->provider), NULL, NULL);
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
      dpviz_plot_view_set_provider (self->plots[i], self->provider);
      page = adw_view_stack_add_titled (self->view_stack, plot, view->name,
                                        dpv_view_class_get_short_title (view));
      adw_view_stack_page_set_icon_name (page, view->icon_name);
    }
}

static gboolean
dpviz_window_close_request (GtkWindow *window)
{
  /* An edited lesson is never lost silently: the window stays until the lecturer answers. */
  if (!_dpviz_window_lesson_may_close (DPVIZ_WINDOW (window)))
    return TRUE;
  if (DPVIZ_WINDOW (window)->lesson_editor != NULL)
    gtk_window_destroy (GTK_WINDOW (DPVIZ_WINDOW (window)->lesson_editor));
  _dpviz_window_save_state (DPVIZ_WINDOW (window));
  return GTK_WINDOW_CLASS (dpviz_window_parent_class)->close_request (window);
}

static void
dpviz_window_dispose (GObject *object)
{
  DpvizWindow *self = DPVIZ_WINDOW (object);

  _dpviz_window_stop_sweep (self);
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  /* Disposing the rows may still commit an edited entry: the window no longer listens. */
  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  if (self->provider != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->provider, self);
      dpviz_frame_provider_cancel (self->provider);
    }
  if (self->update_tick != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->update_tick);
      self->update_tick = 0;
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), DPVIZ_TYPE_WINDOW);
  g_clear_handle_id (&self->readouts_idle, g_source_remove);
  _dpviz_window_flush_settings (self);
  G_OBJECT_CLASS (dpviz_window_parent_class)->dispose (object);
}

static void
dpviz_window_finalize (GObject *object)
{
  DpvizWindow *self = DPVIZ_WINDOW (object);

  g_clear_object (&self->provider);
  g_clear_object (&self->model);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->readouts, g_ptr_array_unref);
  _dpviz_window_lesson_clear (self);
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
  gtk_widget_class_bind_template_child (widget_class, DpvizWindow, view_button);
  gtk_widget_class_bind_template_child (widget_class, DpvizWindow, view_icon);
  gtk_widget_class_bind_template_child (widget_class, DpvizWindow, view_label);
  gtk_widget_class_bind_template_child (widget_class, DpvizWindow, flap);
  gtk_widget_class_bind_template_child (widget_class, DpvizWindow, params_box);
  gtk_widget_class_bind_template_child (widget_class, DpvizWindow, log_y_button);
  gtk_widget_class_bind_template_child (widget_class, DpvizWindow, mechanism_group);
  gtk_widget_class_bind_template_child (widget_class, DpvizWindow, eps_prime_box);
  gtk_widget_class_bind_template_child (widget_class, DpvizWindow, play_button);
  gtk_widget_class_bind_template_child (widget_class, DpvizWindow, animation_button);
  gtk_widget_class_bind_template_child (widget_class, DpvizWindow, animation_value);
  gtk_widget_class_bind_template_child (widget_class, DpvizWindow, readout_grid);
  gtk_widget_class_bind_template_child (widget_class, DpvizWindow, explain_revealer);
  gtk_widget_class_bind_template_child (widget_class, DpvizWindow, explain_label);
  gtk_widget_class_bind_template_child (widget_class, DpvizWindow, view_stack);
  gtk_widget_class_bind_template_child (widget_class, DpvizWindow, lesson_revealer);
  gtk_widget_class_bind_template_child (widget_class, DpvizWindow, lesson_label);
  gtk_widget_class_bind_template_child (widget_class, DpvizWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, DpvizWindow, presentation_strip);

  /* Presenter remotes send plain Page Up/Down; sliders keep them while they have the focus
   * (these bindings run after the focused widget had its chance). */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Down, 0,
                                       "win.lesson-next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Up, 0,
                                       "win.lesson-previous", NULL);
  /* Space plays and pauses when the focused widget (a button, an entry) does not take it */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_space, 0, "win.animate", NULL);
  /* Esc leaves presentation mode */
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0,
                                _dpviz_window_leave_presentation, NULL);
}

static void
dpviz_window_init (DpvizWindow *self)
{
  AdwStyleManager *style_manager = adw_style_manager_get_default ();
  g_autoptr(GMenuModel) view_menu = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->model = dpviz_model_new ();
  self->provider = dpviz_frame_provider_new ();
  self->settings = g_settings_new (APP_ID);
  g_settings_delay (self->settings);
  g_signal_connect_object (self->settings, "notify::has-unapplied",
                           G_CALLBACK (_dpviz_window_on_settings_unapplied), self, G_CONNECT_SWAPPED);
  self->zoom_index = 1;

  _dpviz_window_add_actions (self);
  view_menu = _dpviz_window_build_view_menu ();
  gtk_menu_button_set_menu_model (self->view_button, view_menu);

  _dpviz_window_bind_settings (self);
  _dpviz_window_add_controls (self);
  add_views (self);
  _dpviz_window_add_animation (self);

  g_signal_connect_object (self->model, "changed", G_CALLBACK (on_model_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->model, "notify::view", G_CALLBACK (on_model_view), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->model, "notify::mechanism", G_CALLBACK (on_model_mechanism),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->model, "notify::log-y", G_CALLBACK (_dpviz_window_on_model_log_y),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->model, "notify::eps-prime", G_CALLBACK (_dpviz_window_on_model_eps_prime),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->provider, "frame-changed", G_CALLBACK (on_frame_changed),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (style_manager, "notify::dark", G_CALLBACK (on_dark_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_swapped (self->view_stack, "notify::visible-child",
                            G_CALLBACK (on_stack_visible_child), self);
  g_signal_connect (self, "notify::fullscreened", G_CALLBACK (_dpviz_window_on_fullscreened), NULL);
  g_signal_connect_swapped (self->flap, "notify::reveal-flap",
                            G_CALLBACK (_dpviz_window_on_flap_revealed), self);

  on_dark_changed (self);
  _dpviz_window_on_model_eps_prime (self);
  on_model_view (self);
  on_model_mechanism (self);
  gtk_widget_add_css_class (GTK_WIDGET (self), "dpviz-window");
  _dpviz_window_set_zoom (self, 1);
  _dpviz_window_update_lesson_bar (self);
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

DpvizFrameProvider *
dpviz_window_get_provider (DpvizWindow *self)
{
  g_return_val_if_fail (DPVIZ_IS_WINDOW (self), NULL);
  return self->provider;
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
  const DpvParamSpec *spec = dpv_param_spec_lookup (property);

  g_return_val_if_fail (DPVIZ_IS_WINDOW (self), NULL);
  g_return_val_if_fail (spec != NULL, NULL);
  return self->rows[spec->id];
}

GtkWidget *
dpviz_window_get_control (DpvizWindow *self,
                          const char  *property)
{
  const DpvParamSpec *spec = dpv_param_spec_lookup (property);

  g_return_val_if_fail (DPVIZ_IS_WINDOW (self), NULL);
  g_return_val_if_fail (spec != NULL, NULL);
  return self->controls[spec->id];
}

double
dpviz_window_get_text_scale (DpvizWindow *self)
{
  g_return_val_if_fail (DPVIZ_IS_WINDOW (self), 1.0);
  return _dpviz_window_zoom_levels[self->zoom_index];
}
