/* dpv-progress.h — how far an expensive stage has got, told through its GCancellable
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A view's compute_data runs off the UI thread with a GCancellable (dpv-view-class.h). A long
 * one (a simulation of 10⁶ runs) reports the fraction done with dpv_progress_report (); whoever
 * runs it (the app's frame provider) listens with dpv_progress_attach () on the same
 * cancellable, so the view's signatures need nothing new. Without a listener a report costs a
 * lookup and does nothing (the CLI, tests, the cache's synchronous computes).
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Called with the fraction done, 0 … 1, in the thread that computes. */
typedef void (*DpvProgressFunc) (double fraction, gpointer user_data);

/* Listens to the progress reported through @cancellable until it is finalized (then
 * @destroy frees @user_data). Call it once, before the stage is started with @cancellable:
 * the computing thread reads the listener without a lock. */
void dpv_progress_attach (GCancellable *cancellable, DpvProgressFunc func, gpointer user_data,
                          GDestroyNotify destroy);
/* Reports @fraction (clamped to 0 … 1; NaN is ignored) to the listener of @cancellable, if
 * any. @cancellable may be NULL. Thread-safe. */
void dpv_progress_report (GCancellable *cancellable, double fraction);

G_END_DECLS
