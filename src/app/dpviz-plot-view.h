/* dpviz-plot-view.h — a widget that draws one view of the model with libdpplot
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dpv-style.h"
#include "dpviz-frame-provider.h"
#include "dpviz-model.h"

G_BEGIN_DECLS

#define DPVIZ_TYPE_PLOT_VIEW (dpviz_plot_view_get_type ())
G_DECLARE_FINAL_TYPE (DpvizPlotView, dpviz_plot_view, DPVIZ, PLOT_VIEW, GtkWidget)

GtkWidget *dpviz_plot_view_new (guint kind);
guint dpviz_plot_view_get_kind (DpvizPlotView *self);
void dpviz_plot_view_set_model (DpvizPlotView *self, DpvizModel *model);
/* The view draws the frame @provider holds for it, and redraws when that changes; it never
 * computes (the window asks the provider for new frames). */
void dpviz_plot_view_set_provider (DpvizPlotView *self, DpvizFrameProvider *provider);
double dpviz_plot_view_get_text_scale (DpvizPlotView *self);
void dpviz_plot_view_set_text_scale (DpvizPlotView *self, double text_scale);
gboolean dpviz_plot_view_get_dark (DpvizPlotView *self);
void dpviz_plot_view_set_dark (DpvizPlotView *self, gboolean dark);
/* The style the view draws with (theme, colours from the widget, text scale, the view's pins
 * in the model). */
void dpviz_plot_view_get_style (DpvizPlotView *self, DpvStyle *out);
/* The plot's body text size in pixels for a figure of width × height pixels: @base, or
 * more in a large figure (min (width/64, height/40)). */
double dpviz_plot_view_font_size (double base, int width, int height);
/* "2 pinned references: Laplace, ε = 0.5; Gaussian, ε = 1." for the accessible description
 * (new string), NULL without pins. */
char *dpviz_plot_view_describe_pins (const DpvPins *pins);
/* For tests and the benchmark: number of frames drawn and the monotonic time (µs) at the end of
 * the last snapshot. */
guint dpviz_plot_view_get_n_draws (DpvizPlotView *self);
gint64 dpviz_plot_view_get_last_draw_time (DpvizPlotView *self);
/* µs spent in the last snapshot (building the cairo drawing). */
gint64 dpviz_plot_view_get_last_draw_duration (DpvizPlotView *self);

/* Dragging on the figure, in widget coordinates (what the widget's GtkGestureDrag calls; tests
 * call it too): a press at (x, y) inside a drag area of the last drawing (dpv-drag.h) sets its
 * parameter in the model, rounded and clamped by its row (dpv_param_snap), and returns TRUE;
 * FALSE (nothing changes) elsewhere. Updates move the pointer; the end forgets the area. */
gboolean dpviz_plot_view_drag_begin (DpvizPlotView *self, double x, double y);
void dpviz_plot_view_drag_update (DpvizPlotView *self, double x, double y);
void dpviz_plot_view_drag_end (DpvizPlotView *self);
/* The drag areas of the last drawing (DpvDragArea *; owned by the view). */
GPtrArray *dpviz_plot_view_get_drag_log (DpvizPlotView *self);

G_END_DECLS
