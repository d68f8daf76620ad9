/* dpviz-frame-provider.h — the frames of the views, computed once per change, off the UI thread
 * when expensive
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dpv-frame.h"
#include "dpv-registry.h"

G_BEGIN_DECLS

#define DPVIZ_TYPE_FRAME_PROVIDER (dpviz_frame_provider_get_type ())
G_DECLARE_FINAL_TYPE (DpvizFrameProvider, dpviz_frame_provider, DPVIZ, FRAME_PROVIDER, GObject)

/* A provider with its own frame cache. */
DpvizFrameProvider *dpviz_frame_provider_new (void);
DpvFrameCache *dpviz_frame_provider_get_cache (DpvizFrameProvider *self);
/* Gives back what can be recomputed: empties the frame cache (the frames on screen stay) and
 * this thread's text cache, and returns the allocator's free memory to the system. Called on GMemoryMonitor's
 * low-memory warning. */
void dpviz_frame_provider_trim (DpvizFrameProvider *self);

/* Brings the frame of view @view (registry index) up to @params. A cheap view, or an expensive
 * one whose expensive stage is cached, gets its frame now. Otherwise the expensive stage is
 * computed in a GTask (one at a time: a newer request cancels the running one through its
 * GCancellable and starts when it has returned), and meanwhile the frame is the view's preview
 * (pending), or, without one, the previous frame, still shown and marked pending. Emits
 * "frame-changed" with @view when the frame changed. */
void dpviz_frame_provider_update (DpvizFrameProvider *self, guint view,
                                  const DpvParams *params);
/* The current frame of @view (NULL before the first one); never computes. */
DpvFrame *dpviz_frame_provider_get_frame (DpvizFrameProvider *self, guint view);
/* TRUE while the frame of @view is not yet the one of the last parameters asked for. */
gboolean dpviz_frame_provider_get_pending (DpvizFrameProvider *self, guint view);
/* How far the expensive stage computed for @view has got, 0 … 1, as the stage reports it
 * (dpv_progress_report); −1 when none is running for @view or it has reported nothing yet.
 * The app polls it while the frame is pending. */
double dpviz_frame_provider_get_progress (DpvizFrameProvider *self, guint view);
/* TRUE while an expensive stage is computed for any view. */
gboolean dpviz_frame_provider_get_busy (DpvizFrameProvider *self);
/* Cancels the running computation and forgets the queued one. */
void dpviz_frame_provider_cancel (DpvizFrameProvider *self);
/* µs the last update took on the UI thread (the cheap stage, or the preview; 0 when nothing
 * changed). For the benchmark. */
gint64 dpviz_frame_provider_get_last_update_duration (DpvizFrameProvider *self);
/* Counters for tests and the benchmark: expensive jobs started, delivered, dropped (stale). */
void dpviz_frame_provider_get_stats (DpvizFrameProvider *self, guint *n_started,
                                     guint *n_delivered, guint *n_dropped);

G_END_DECLS
