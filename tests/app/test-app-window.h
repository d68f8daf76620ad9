/* test-app-window.h — closing a main window in the app tests, with a leak check
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dpviz-application.h"
#include "dpviz-plot-view.h"
#include "dpviz-window.h"
#include "test-app-util.h"

/* Closes @window and fails unless it is finalized within 50 ms of main loop: a leak check,
 * nothing else may keep the window (or its model) alive. */
static inline void
close_window (DpvizWindow *window)
{
  GtkWidget *widget = GTK_WIDGET (window);

  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &widget);
  gtk_window_close (GTK_WINDOW (window));
  spin (0.05);
  g_assert_null (widget);
}

/* The application the app tests open their windows in: registered, and not unique (tests run
 * side by side). */
static inline GtkApplication *
test_app_new (void)
{
  GtkApplication *app = GTK_APPLICATION (dpviz_application_new ());
  GError *error = NULL;

  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  return app;
}

typedef struct {
  DpvizPlotView *plot;
  guint after;
} DrawWait;

static inline gboolean
drawn_after (gpointer data)
{
  DrawWait *w = data;

  return dpviz_plot_view_get_n_draws (w->plot) > w->after;
}

/* Runs the main loop until @plot has painted more than @after frames (5 s at most); returns
 * whether it did. */
static inline gboolean
plot_drawn (DpvizPlotView *plot, guint after)
{
  DrawWait w = { plot, after };

  return wait_for (drawn_after, &w, 5.0);
}
