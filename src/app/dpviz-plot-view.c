/* dpviz-plot-view.c — a widget that draws one view of the model with libdpplot
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The widget is thin (ARCHITECTURE.md): its snapshot draws the frame the provider holds for its
 * view with dpv_figure_render(), the call that serves export and the CLI, and it redraws when
 * the provider says the frame changed. Drawing never starts work: the window asks the provider
 * for the frame of new parameters once per frame-clock tick. While an expensive stage is
 * computed the frame is the view's preview, or the previous figure with a "computing" mark,
 * and a progress bar over the plot follows the stage when it reports progress
 * (dpv-progress.h).
 *
 * Dragging on the figure sets a parameter: while drawing, the widget records the drag areas the
 * view declares (dpv-drag.h) in its own coordinates; a press inside one starts a drag whose
 * value, rounded and clamped by the parameter's row (dpv_param_snap), goes to the model.
 */
#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "dpv-drag.h"
#include "dpv-figure.h"
#include "dpviz-plot-view.h"

/* A stage that reports progress gets the bar only when it runs longer than this (µs): short
 * ones would only flicker. */
#define PROGRESS_DELAY_US (150 * G_TIME_SPAN_MILLISECOND)
/* How often the bar follows the stage's progress (ms). */
#define PROGRESS_POLL_MS 50

struct _DpvizPlotView
{
  GtkWidget parent_instance;

  guint kind;
  DpvizModel *model;
  DpvizFrameProvider *provider;
  double text_scale;
  gboolean dark;

  guint describe_timeout;

  GPtrArray *drag_log;      /* DpvDragArea * of the last drawing, widget coordinates */
  DpvDragArea *drag;        /* the area of the drag in progress (a copy), or NULL */
  GtkWidget *progress;      /* GtkProgressBar over the plot */
  guint progress_poll;      /* timeout while the frame is pending */
  gint64 pending_since;

  guint n_draws;
  gint64 last_draw_time;
  gint64 last_draw_duration;
};

G_DEFINE_FINAL_TYPE (DpvizPlotView, dpviz_plot_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_KIND,
  PROP_MODEL,
  PROP_TEXT_SCALE,
  PROP_DARK,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The frame the provider holds for the view (not a new reference), or NULL. */
static DpvFrame *
current_frame (DpvizPlotView *self)
{
  if (self->provider == NULL)
    return NULL;
  return dpviz_frame_provider_get_frame (self->provider, self->kind);
}

/* The view's pins (not a new reference), or NULL. */
static DpvPins *
current_pins (DpvizPlotView *self)
{
  if (self->model == NULL)
    return NULL;
  return dpviz_model_get_pins (self->model, self->kind);
}

char *
dpviz_plot_view_describe_pins (const DpvPins *pins)
{
  guint n = dpv_pins_get_n (pins);
  GString *s;

  if (n == 0)
    return NULL;
  s = g_string_new (NULL);
  g_string_append_printf (s, ngettext ("%u pinned reference: ", "%u pinned references: ", n),
                          n);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *plain = dpv_markup_to_plain (dpv_pins_get_label (pins, i));

      g_string_append_printf (s, "%s%s", i > 0 ? "; " : "", plain);
    }
  g_string_append_c (s, '.');
  return g_string_free (s, FALSE);
}

static void
update_description (DpvizPlotView *self)
{
  g_autofree char *description = NULL;
  g_autofree char *pins = NULL;
  DpvFrame *frame;

  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;
  frame = current_frame (self);
  if (frame == NULL)
    return;
  description = dpv_frame_describe (frame);
  pins = dpviz_plot_view_describe_pins (current_pins (self));
  if (pins != NULL)
    {
      char *both = g_strconcat (description, " ", pins, NULL);

      g_free (description);
      description = both;
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                  -1);
}

static gboolean
describe_cb (gpointer user_data)
{
  DpvizPlotView *self = user_data;

  self->describe_timeout = 0;
  update_description (self);
  return G_SOURCE_REMOVE;
}

/* While the frame is pending: the progress the expensive stage reports, as a bar over the
 * plot, polled every PROGRESS_POLL_MS. A timeout, not a tick callback: a tick callback keeps
 * the frame clock painting at the display's rate for as long as the stage runs, so a change
 * made meanwhile waits for the next of those frames, and the frames take CPU from the stage. */
static gboolean
progress_poll_cb (gpointer user_data)
{
  DpvizPlotView *self = DPVIZ_PLOT_VIEW (user_data);
  double fraction = -1.0;
  gboolean pending = self->provider != NULL
                     && dpviz_frame_provider_get_pending (self->provider, self->kind);

  if (pending)
    fraction = dpviz_frame_provider_get_progress (self->provider, self->kind);
  if (fraction >= 0 && g_get_monotonic_time () - self->pending_since >= PROGRESS_DELAY_US)
    {
      gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (self->progress), fraction);
      gtk_widget_set_visible (self->progress, TRUE);
    }
  else if (!pending)
    gtk_widget_set_visible (self->progress, FALSE);
  if (pending)
    return G_SOURCE_CONTINUE;
  self->progress_poll = 0;
  return G_SOURCE_REMOVE;
}

static void
watch_progress (DpvizPlotView *self)
{
  gboolean pending = self->provider != NULL
                     && dpviz_frame_provider_get_pending (self->provider, self->kind);

  if (self->progress == NULL)
    return;   /* disposed */
  if (pending && self->progress_poll == 0)
    {
      self->pending_since = g_get_monotonic_time ();
      self->progress_poll = g_timeout_add (PROGRESS_POLL_MS, progress_poll_cb, self);
    }
  else if (!pending)
    gtk_widget_set_visible (self->progress, FALSE);
}

static void
on_frame_changed (DpvizPlotView *self,
                  guint          view)
{
  if (view != self->kind)
    return;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  watch_progress (self);
  /* The description is for screen readers: update it when the values settle, not on every
   * frame of a drag or an animation. */
  if (self->describe_timeout == 0)
    self->describe_timeout = g_timeout_add (250, describe_cb, self);
}

static gboolean
lookup_color (GtkWidget  *widget,
              const char *name,
              DpvColor   *out)
{
  GtkStyleContext *context;
  GdkRGBA rgba;

G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  context = gtk_widget_get_style_context (widget);
  if (!gtk_style_context_lookup_color (context, name, &rgba))
    return FALSE;
G_GNUC_END_IGNORE_DEPRECATIONS
  out->r = rgba.red;
  out->g = rgba.green;
  out->b = rgba.blue;
  out->a = rgba.alpha;
  return TRUE;
}

void
dpviz_plot_view_get_style (DpvizPlotView *self,
                           DpvStyle      *out)
{
  g_return_if_fail (DPVIZ_IS_PLOT_VIEW (self));
  g_return_if_fail (out != NULL);

  dpv_style_init (out, self->dark ? DPV_THEME_DARK : DPV_THEME_LIGHT);
  /* Match the window: libadwaita's named colours (light or dark) for background, text and
   * accent; the series keep the colour-blind-safe palette of the theme. */
  lookup_color (GTK_WIDGET (self), "view_bg_color", &out->background);
  lookup_color (GTK_WIDGET (self), "view_bg_color", &out->plot_background);
  lookup_color (GTK_WIDGET (self), "view_fg_color", &out->foreground);
  lookup_color (GTK_WIDGET (self), "accent_color", &out->accent);
  out->text_scale = self->text_scale;
  out->pixel_snap = TRUE;
  out->plot_options.pins = current_pins (self);
  {
    int w = gtk_widget_get_width (GTK_WIDGET (self));
    int h = gtk_widget_get_height (GTK_WIDGET (self));

    out->font_size = dpviz_plot_view_font_size (out->font_size, w, h);
  }
}

/* Plot text grows with the figure so that a large figure is readable from the back of a
 * room: body text is at least 1/64 of the figure's width and 1/40 of its height (the
 * smaller of the two), never below the theme's size. A projected 1920 × 1080 window
 * (figure about 1500 × 950) gets ~23 px text, where a fixed size gave 13 px; a figure of
 * 832 × 520 or less keeps 13 px. The text scale (Ctrl+plus) multiplies the result. */
double
dpviz_plot_view_font_size (double base, int width, int height)
{
  double grown = MIN (width / 64.0, height / 40.0);

  return MAX (base, grown);
}

/* "Computing…" in the middle of the plot (@centred), or dimmed in its top left corner. */
static void
append_computing (DpvizPlotView *self,
                  GtkSnapshot   *snapshot,
                  gboolean       centred,
                  int            width,
                  int            height)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), _("Computing…"));
  graphene_point_t at = GRAPHENE_POINT_INIT (12.f, 8.f);
  GdkRGBA color;

G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (self)), &color);
G_GNUC_END_IGNORE_DEPRECATIONS
  if (centred)
    {
      int lw, lh;

      pango_layout_get_pixel_size (layout, &lw, &lh);
      at = GRAPHENE_POINT_INIT ((width - lw) / 2.f, (height - lh) / 2.f);
    }
  else
    color.alpha *= 0.6f;
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &at);
  gtk_snapshot_append_layout (snapshot, layout, &color);
  gtk_snapshot_restore (snapshot);
  g_object_unref (layout);
}

static void
dpviz_plot_view_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  DpvizPlotView *self = DPVIZ_PLOT_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  DpvFrame *frame;
  DpvStyle style;
  cairo_t *cr;
  gint64 start = g_get_monotonic_time ();

  if (width <= 0 || height <= 0)
    return;

  frame = current_frame (self);
  if (frame == NULL)
    {
      /* Nothing computed yet: say so (drawing computes nothing). */
      append_computing (self, snapshot, TRUE, width, height);
      goto done;
    }

  dpviz_plot_view_get_style (self, &style);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  /* the drag areas of this drawing, in the widget's coordinates */
  g_ptr_array_set_size (self->drag_log, 0);
  dpv_drag_log_attach (cr, self->drag_log);
  dpv_figure_render (frame, &style, cr, width, height);
  dpv_drag_log_detach (cr);
  cairo_destroy (cr);
  if (dpviz_frame_provider_get_pending (self->provider, self->kind)
      && !dpv_frame_is_pending (frame))
    /* the previous figure while the new one is computed: say so in a corner */
    append_computing (self, snapshot, FALSE, width, height);

done:
  gtk_widget_snapshot_child (widget, self->progress, snapshot);
  self->n_draws++;
  self->last_draw_time = g_get_monotonic_time ();
  self->last_draw_duration = self->last_draw_time - start;
}

static void
dpviz_plot_view_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (dpviz_plot_view_parent_class)->map (widget);
  update_description (DPVIZ_PLOT_VIEW (widget));
}

static void
dpviz_plot_view_css_changed (GtkWidget         *widget,
                             GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (dpviz_plot_view_parent_class)->css_changed (widget, change);
  gtk_widget_queue_draw (widget);
}

static void
dpviz_plot_view_dispose (GObject *object)
{
  DpvizPlotView *self = DPVIZ_PLOT_VIEW (object);

  g_clear_handle_id (&self->describe_timeout, g_source_remove);
  g_clear_handle_id (&self->progress_poll, g_source_remove);
  g_clear_pointer (&self->progress, gtk_widget_unparent);
  g_clear_pointer (&self->drag, dpv_drag_area_free);
  g_clear_pointer (&self->drag_log, g_ptr_array_unref);
  dpviz_plot_view_set_model (self, NULL);
  dpviz_plot_view_set_provider (self, NULL);
  g_clear_handle_id (&self->describe_timeout, g_source_remove);
  G_OBJECT_CLASS (dpviz_plot_view_parent_class)->dispose (object);
}

static void
dpviz_plot_view_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  DpvizPlotView *self = DPVIZ_PLOT_VIEW (object);

  switch (prop_id)
    {
    case PROP_KIND:
      g_value_set_int (value, self->kind);
      break;
    case PROP_MODEL:
      g_value_set_object (value, self->model);
      break;
    case PROP_TEXT_SCALE:
      g_value_set_double (value, self->text_scale);
      break;
    case PROP_DARK:
      g_value_set_boolean (value, self->dark);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dpviz_plot_view_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  DpvizPlotView *self = DPVIZ_PLOT_VIEW (object);

  switch (prop_id)
    {
    case PROP_KIND:
      self->kind = g_value_get_int (value);
      break;
    case PROP_MODEL:
      dpviz_plot_view_set_model (self, g_value_get_object (value));
      break;
    case PROP_TEXT_SCALE:
      dpviz_plot_view_set_text_scale (self, g_value_get_double (value));
      break;
    case PROP_DARK:
      dpviz_plot_view_set_dark (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* ---- dragging on the figure --------------------------------------------------------------- */

/* The value of the drag at the pointer (x, y), as a value of the parameter's row, into the
 * model. */
static void
drag_set (DpvizPlotView *self,
          double         x,
          double         y)
{
  const DpvParamSpec *spec = dpv_param_spec (self->drag->id);
  double value = dpv_param_snap (spec, dpv_drag_area_value (self->drag, x, y));
  DpvParamValue v = { 0 };

  if (spec->kind == DPV_PARAM_KIND_UINT)
    v.u = (unsigned long) value;
  else
    v.d = value;
  /* snapped into its range: the model takes it (or it is already the value) */
  dpviz_model_set_param (self->model, spec->id, &v, NULL);
}

gboolean
dpviz_plot_view_drag_begin (DpvizPlotView *self,
                            double         x,
                            double         y)
{
  const DpvDragArea *area;
  const DpvParamSpec *spec;

  g_return_val_if_fail (DPVIZ_IS_PLOT_VIEW (self), FALSE);

  g_clear_pointer (&self->drag, dpv_drag_area_free);
  if (self->model == NULL)
    return FALSE;
  area = dpv_drag_log_find (self->drag_log, x, y);
  if (area == NULL || area->id < 0 || area->id >= DPV_N_PARAMS)
    return FALSE;
  spec = dpv_param_spec (area->id);
  if (spec->kind != DPV_PARAM_KIND_DOUBLE && spec->kind != DPV_PARAM_KIND_UINT)
    return FALSE;
  /* the log is redrawn while the value changes: the drag keeps the area it started in */
  self->drag = dpv_drag_area_copy (area);
  drag_set (self, x, y);
  return TRUE;
}

void
dpviz_plot_view_drag_update (DpvizPlotView *self,
                             double         x,
                             double         y)
{
  g_return_if_fail (DPVIZ_IS_PLOT_VIEW (self));

  if (self->drag != NULL && self->model != NULL)
    drag_set (self, x, y);
}

void
dpviz_plot_view_drag_end (DpvizPlotView *self)
{
  g_return_if_fail (DPVIZ_IS_PLOT_VIEW (self));

  g_clear_pointer (&self->drag, dpv_drag_area_free);
}

GPtrArray *
dpviz_plot_view_get_drag_log (DpvizPlotView *self)
{
  g_return_val_if_fail (DPVIZ_IS_PLOT_VIEW (self), NULL);
  return self->drag_log;
}

static void
on_drag_begin (GtkGestureDrag *gesture,
               double          x,
               double          y,
               DpvizPlotView  *self)
{
  if (!dpviz_plot_view_drag_begin (self, x, y))
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
}

static void
on_drag_update (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                DpvizPlotView  *self)
{
  double x, y;

  if (gtk_gesture_drag_get_start_point (gesture, &x, &y))
    dpviz_plot_view_drag_update (self, x + dx, y + dy);
}

static void
on_drag_end (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             DpvizPlotView  *self)
{
  on_drag_update (gesture, dx, dy, self);
  dpviz_plot_view_drag_end (self);
  gtk_widget_set_cursor (GTK_WIDGET (self), NULL);
}

/* The pointer over a drag area says it can be dragged. */
static void
on_motion (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           DpvizPlotView            *self)
{
  const DpvDragArea *area;

  if (self->drag != NULL)
    return;
  area = dpv_drag_log_find (self->drag_log, x, y);
  if (area == NULL)
    gtk_widget_set_cursor (GTK_WIDGET (self), NULL);
  else
    gtk_widget_set_cursor_from_name (GTK_WIDGET (self),
                                     area->kind == DPV_DRAG_ACROSS ? "col-resize" : "grab");
}

static void
dpviz_plot_view_class_init (DpvizPlotViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = dpviz_plot_view_dispose;
  object_class->get_property = dpviz_plot_view_get_property;
  object_class->set_property = dpviz_plot_view_set_property;
  widget_class->snapshot = dpviz_plot_view_snapshot;
  widget_class->map = dpviz_plot_view_map;
  widget_class->css_changed = dpviz_plot_view_css_changed;

  properties[PROP_KIND] =
    g_param_spec_int ("kind", NULL, NULL, 0, (int) dpv_registry_get_n_views () - 1, 0,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODEL] =
    g_param_spec_object ("model", NULL, NULL, DPVIZ_TYPE_MODEL, flags);
  properties[PROP_TEXT_SCALE] =
    g_param_spec_double ("text-scale", NULL, NULL, 0.25, 8.0, 1.0, flags);
  properties[PROP_DARK] =
    g_param_spec_boolean ("dark", NULL, NULL, FALSE, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "dpvizplot");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
  /* Ctrl+C copies the figure while the plot has the focus. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK,
                                       "win.copy-figure", NULL);
}

/* The figure's smallest size: 320 × 240, and wider with larger text, which needs a wider
 * figure to keep every panel, so that the window's side panel folds away first (in Chinese
 * the controls are narrower, and at 2× they left the figure 370 px at 1024 × 768, where
 * sensitivity showed one of its three panels). At most 640 px, so that the window still fits
 * a 1024 × 768 screen. */
static void
request_size (DpvizPlotView *self)
{
  gtk_widget_set_size_request (GTK_WIDGET (self),
                               (int) ceil (320 * CLAMP (self->text_scale, 1.0, 2.0)), 240);
}

static void
dpviz_plot_view_init (DpvizPlotView *self)
{
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();

  self->text_scale = 1.0;
  self->drag_log = g_ptr_array_new_with_free_func ((GDestroyNotify) dpv_drag_area_free);

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  /* the expensive stage's progress, over the top of the plot (hidden until it reports) */
  self->progress = gtk_progress_bar_new ();
  gtk_progress_bar_set_show_text (GTK_PROGRESS_BAR (self->progress), TRUE);
  gtk_widget_add_css_class (self->progress, "osd");
  gtk_widget_set_halign (self->progress, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (self->progress, GTK_ALIGN_START);
  gtk_widget_set_size_request (self->progress, 240, -1);
  gtk_widget_set_margin_top (self->progress, 36);
  gtk_widget_set_visible (self->progress, FALSE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->progress),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Progress of the computation"),
                                  -1);
  gtk_widget_set_parent (self->progress, GTK_WIDGET (self));

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  request_size (self);
}

GtkWidget *
dpviz_plot_view_new (guint kind)
{
  GtkWidget *widget = g_object_new (DPVIZ_TYPE_PLOT_VIEW, "kind", kind, NULL);
  g_autofree char *title = NULL;

  /* The title may carry Pango markup (e.g. a superscript); screen readers get plain text. */
  title = dpv_view_class_get_plain_title (dpv_registry_get (kind));
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, title,
                                  -1);
  return widget;
}

guint
dpviz_plot_view_get_kind (DpvizPlotView *self)
{
  g_return_val_if_fail (DPVIZ_IS_PLOT_VIEW (self), DPVIZ_VIEW ("densities"));
  return self->kind;
}

static void
on_pins_changed (DpvizPlotView *self,
                 guint          view)
{
  if (view != self->kind)
    return;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  update_description (self);
}

void
dpviz_plot_view_set_model (DpvizPlotView *self,
                           DpvizModel    *model)
{
  g_return_if_fail (DPVIZ_IS_PLOT_VIEW (self));
  g_return_if_fail (model == NULL || DPVIZ_IS_MODEL (model));

  if (self->model == model)
    return;
  if (self->model != NULL)
    g_signal_handlers_disconnect_by_func (self->model, on_pins_changed, self);
  g_set_object (&self->model, model);
  if (model != NULL)
    g_signal_connect_object (model, "pins-changed", G_CALLBACK (on_pins_changed), self,
                             G_CONNECT_SWAPPED);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODEL]);
}

void
dpviz_plot_view_set_provider (DpvizPlotView      *self,
                              DpvizFrameProvider *provider)
{
  g_return_if_fail (DPVIZ_IS_PLOT_VIEW (self));

  if (self->provider == provider)
    return;
  if (self->provider != NULL)
    g_signal_handlers_disconnect_by_func (self->provider, on_frame_changed, self);
  g_set_object (&self->provider, provider);
  if (provider != NULL)
    g_signal_connect_object (provider, "frame-changed", G_CALLBACK (on_frame_changed), self,
                             G_CONNECT_SWAPPED);
  watch_progress (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

double
dpviz_plot_view_get_text_scale (DpvizPlotView *self)
{
  g_return_val_if_fail (DPVIZ_IS_PLOT_VIEW (self), 1.0);
  return self->text_scale;
}

void
dpviz_plot_view_set_text_scale (DpvizPlotView *self,
                                double         text_scale)
{
  g_return_if_fail (DPVIZ_IS_PLOT_VIEW (self));

  if (self->text_scale == text_scale)
    return;
  self->text_scale = text_scale;
  request_size (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TEXT_SCALE]);
}

gboolean
dpviz_plot_view_get_dark (DpvizPlotView *self)
{
  g_return_val_if_fail (DPVIZ_IS_PLOT_VIEW (self), FALSE);
  return self->dark;
}

void
dpviz_plot_view_set_dark (DpvizPlotView *self,
                          gboolean       dark)
{
  g_return_if_fail (DPVIZ_IS_PLOT_VIEW (self));

  dark = !!dark;
  if (self->dark == dark)
    return;
  self->dark = dark;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DARK]);
}

guint
dpviz_plot_view_get_n_draws (DpvizPlotView *self)
{
  g_return_val_if_fail (DPVIZ_IS_PLOT_VIEW (self), 0);
  return self->n_draws;
}

gint64
dpviz_plot_view_get_last_draw_time (DpvizPlotView *self)
{
  g_return_val_if_fail (DPVIZ_IS_PLOT_VIEW (self), 0);
  return self->last_draw_time;
}

gint64
dpviz_plot_view_get_last_draw_duration (DpvizPlotView *self)
{
  g_return_val_if_fail (DPVIZ_IS_PLOT_VIEW (self), 0);
  return self->last_draw_duration;
}
