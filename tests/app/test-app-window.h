/* test-app-window.h — for the app tests: the application, closing a window with a leak check,
 * waiting for a paint, reading the clipboard
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

typedef struct {
  gboolean done;
  GValue value;
  GError *error;
} ReadValue;

static inline void
value_read (GObject *source, GAsyncResult *result, gpointer data)
{
  ReadValue *r = data;
  const GValue *value = gdk_clipboard_read_value_finish (GDK_CLIPBOARD (source), result,
                                                         &r->error);

  if (value != NULL)
    {
      g_value_init (&r->value, G_VALUE_TYPE (value));
      g_value_copy (value, &r->value);
    }
  r->done = TRUE;
}

static inline gboolean
clipboard_read (gpointer data)
{
  return ((ReadValue *) data)->done;
}

/* The clipboard's content as @type (10 s at most), into @value (unset after use). */
static inline void
read_clipboard (GdkClipboard *clipboard, GType type, GValue *value)
{
  ReadValue r = { FALSE, G_VALUE_INIT, NULL };

  gdk_clipboard_read_value_async (clipboard, type, G_PRIORITY_DEFAULT, NULL, value_read, &r);
  g_assert_true (wait_for (clipboard_read, &r, 10.0));
  g_assert_no_error (r.error);
  g_assert_true (G_VALUE_HOLDS (&r.value, type));
  *value = r.value;
}
