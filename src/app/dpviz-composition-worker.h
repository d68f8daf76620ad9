/* dpviz-composition-worker.h — the exact composition curves, computed off the UI thread
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dpv-composition.h"
#include "dpv-frame.h"

G_BEGIN_DECLS

#define DPVIZ_TYPE_COMPOSITION_WORKER (dpviz_composition_worker_get_type ())
G_DECLARE_FINAL_TYPE (DpvizCompositionWorker, dpviz_composition_worker, DPVIZ,
                      COMPOSITION_WORKER, GObject)

/* A worker with its own frame cache, or computing through @cache (shared with the window). */
DpvizCompositionWorker *dpviz_composition_worker_new (void);
DpvizCompositionWorker *dpviz_composition_worker_new_with_cache (DpvFrameCache *cache);
/* Schedules the computation for @params unless the current result, the running job or the
 * queued one already matches (k does not matter). A running job for other parameters is
 * cancelled; the new one starts when it has returned (one computation at a time). Returns TRUE
 * when new work was scheduled. */
gboolean dpviz_composition_worker_request (DpvizCompositionWorker *self, const DpvParams *params);
/* The newest completed result (may be for older parameters, or NULL before the first one). */
const DpvCompositionData *dpviz_composition_worker_get_data (DpvizCompositionWorker *self);
gboolean dpviz_composition_worker_get_pending (DpvizCompositionWorker *self);
/* The frame cache the worker computes through. */
DpvFrameCache *dpviz_composition_worker_get_cache (DpvizCompositionWorker *self);
/* The frame of @view at @params without waiting: from the cache or computed now when cheap;
 * for the composition view's curves, a pending frame from their preview while the worker
 * computes them. NULL when there is nothing to show yet. */
DpvFrame *dpviz_composition_worker_get_frame (DpvizCompositionWorker *self,
                                              const DpvViewClass *view,
                                              const DpvParams *params);
/* Cancels the running job, if any. */
void dpviz_composition_worker_cancel (DpvizCompositionWorker *self);
/* Counters for tests and the benchmark: jobs started, results delivered, stale jobs dropped. */
void dpviz_composition_worker_get_stats (DpvizCompositionWorker *self, guint *n_started,
                                         guint *n_delivered, guint *n_dropped);

G_END_DECLS
