/* test-app-window.h — closing a main window in the app tests, with a leak check
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

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
