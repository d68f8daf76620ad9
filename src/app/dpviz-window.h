/* dpviz-window.h — the main window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dpviz-frame-provider.h"
#include "dpviz-model.h"
#include "dpviz-param-row.h"
#include "dpviz-seed-row.h"
#include "dpviz-plot-view.h"

G_BEGIN_DECLS

#define DPVIZ_TYPE_WINDOW (dpviz_window_get_type ())
G_DECLARE_FINAL_TYPE (DpvizWindow, dpviz_window, DPVIZ, WINDOW, AdwApplicationWindow)

DpvizWindow *dpviz_window_new (GtkApplication *application);
DpvizModel *dpviz_window_get_model (DpvizWindow *self);
DpvizFrameProvider *dpviz_window_get_provider (DpvizWindow *self);
DpvizPlotView *dpviz_window_get_plot_view (DpvizWindow *self, guint kind);
/* The slider + entry of a number of the table ("epsilon", "k", "eps-prime", …), or NULL when no
 * registered view uses it. */
DpvizParamRow *dpviz_window_get_param_row (DpvizWindow *self, const char *property);
/* The control of any parameter of the table (under its heading: a list's DpvizListEditor is
 * the last child), or NULL when no registered view uses it or the template holds it. */
GtkWidget *dpviz_window_get_control (DpvizWindow *self, const char *property);
double dpviz_window_get_text_scale (DpvizWindow *self);
/* The read-outs as "label: value" lines (what "Copy Numbers" copies). */
char *dpviz_window_get_readouts_text (DpvizWindow *self);
/* Loads a lesson and applies its first step; on failure nothing changes and error is set. */
gboolean dpviz_window_load_lesson (DpvizWindow *self, GFile *file, GError **error);
/* Like load_lesson but reports a failure in a dialog. */
void dpviz_window_open_lesson (DpvizWindow *self, GFile *file);
/* Lets the user pick a lesson file. */
void dpviz_window_choose_lesson (DpvizWindow *self);

G_END_DECLS
