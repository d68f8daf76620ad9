/* dpv-frame.h — one figure's numbers, computed once: frames and the frame cache
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A frame holds the parameters, the mechanism built from them once, and the view's result.
 * It is immutable and reference-counted, safe to share between threads: the plot draws it,
 * the read-out panel, the accessible description, export and the clipboard read it, and
 * nothing downstream computes again.
 *
 * A DpvFrameCache keeps recent results keyed by the parameters each view uses (and the data of
 * expensive stages keyed by theirs), so that a parameter a view does not use never makes it
 * compute again, and going back to earlier values costs nothing.
 */
#pragma once

#include "dpv-view-class.h"

G_BEGIN_DECLS

typedef struct _DpvFrameCache DpvFrameCache;

DpvFrame *dpv_frame_ref (DpvFrame *frame);
void dpv_frame_unref (DpvFrame *frame);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DpvFrame, dpv_frame_unref)

/* The frame for @view at @params, computed now (both stages, on this thread), through @cache
 * when not NULL. Invalid parameters give a frame without a result whose error says why
 * (dpv_frame_get_error ()). Returns NULL only when @cancellable was cancelled (then @error is
 * G_IO_ERROR_CANCELLED). */
DpvFrame *dpv_frame_compute (const DpvViewClass *view, const DpvParams *params,
                             DpvFrameCache *cache, GCancellable *cancellable, GError **error);
/* The frame if it can be had without running an expensive stage (from the cache, or cheap
 * to compute), else NULL. */
DpvFrame *dpv_frame_try_compute (const DpvViewClass *view, const DpvParams *params,
                                 DpvFrameCache *cache);
/* A pending frame from the view's preview of its expensive stage; NULL when the view has no
 * preview. When the expensive stage is already cached, the complete frame. */
DpvFrame *dpv_frame_compute_preview (const DpvViewClass *view, const DpvParams *params,
                                     DpvFrameCache *cache);

const DpvViewClass *dpv_frame_get_view (const DpvFrame *frame);
/* The parameters it was asked for (all of them, not only those the view uses). */
const DpvParams *dpv_frame_get_params (const DpvFrame *frame);
/* NULL when the parameters are invalid. */
const DpMechanism *dpv_frame_get_mechanism (const DpvFrame *frame);
gconstpointer dpv_frame_get_result (const DpvFrame *frame);
/* The expensive stage's data (or its preview), NULL without one. */
gconstpointer dpv_frame_get_data (const DpvFrame *frame);
/* TRUE when computed from a preview: the expensive part is still to come. */
gboolean dpv_frame_is_pending (const DpvFrame *frame);
/* Translated reason when the parameters are invalid (no result), else NULL. */
const char *dpv_frame_get_error (const DpvFrame *frame);
/* TRUE when @frame is for @view and agrees with @params on every parameter the view uses. */
gboolean dpv_frame_matches (const DpvFrame *frame, const DpvViewClass *view,
                            const DpvParams *params);

/* The read-outs (a GPtrArray of DpvReadout*, with a free function). */
GPtrArray *dpv_frame_readouts (const DpvFrame *frame);
/* The caption's key numbers, Pango markup (new string); NULL when invalid. */
char *dpv_frame_caption (const DpvFrame *frame);
/* What the figure shows, as plain text for screen readers and file metadata. */
char *dpv_frame_describe (const DpvFrame *frame);
/* The parameters @view uses that apply to @params' mechanism, in the table's order, as plain
 * text (new string): "Laplace · ε = 1 · δ = 1e-05 · Δ = 1 · k = 100". */
char *dpv_view_params_summary (const DpvViewClass *view, const DpvParams *params);

/* For one-off uses (tests, scripts): a frame computed now, then its read-outs or description. */
GPtrArray *dpv_view_readouts (const DpvViewClass *view, const DpvParams *params);
char *dpv_view_describe (const DpvViewClass *view, const DpvParams *params);

/* A cache of up to @capacity results and data; thread-safe. */
DpvFrameCache *dpv_frame_cache_new (guint capacity);
/* Drops every entry; frames that hold a value keep it. */
void dpv_frame_cache_clear (DpvFrameCache *cache);
DpvFrameCache *dpv_frame_cache_ref (DpvFrameCache *cache);
void dpv_frame_cache_unref (DpvFrameCache *cache);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DpvFrameCache, dpv_frame_cache_unref)
/* How many results, expensive stages and previews were computed through the cache, for
 * @view (NULL: for every view). */
void dpv_frame_cache_get_stats (DpvFrameCache *cache, const DpvViewClass *view,
                                guint *n_results, guint *n_data, guint *n_previews);

G_END_DECLS
