/* dpv-kmeans.h — the "DP k-means" view: Lloyd and the book's DP Lloyd side by side
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dpv-view-util.h"

G_BEGIN_DECLS

/* The ε of the cost-against-ε panel: three per decade from 0.01 to 100. */
#define DPV_KMEANS_SWEEP_N 13

/* The expensive stage: the final private cost against ε over seeds (compute_data). */
typedef struct {
  gboolean complete;                       /* FALSE: the preview, no points yet */
  guint n;                                 /* points of the sweep (0 in the preview) */
  guint runs;
  DpKmeansSweepPoint points[DPV_KMEANS_SWEEP_N];
  DpKmeansSweepBaseline baseline;          /* Lloyd's final cost over the same runs */
} DpvKmeansSweep;

/* The numbers of the figure (compute, dpv-kmeans.c). */
typedef struct {
  const DpvKmeansSweep *sweep;             /* the frame's data, never NULL */
  guint k, iterations, step;               /* step: the iteration shown, min(t, T) */
  gsize n;
  DpPoint *points;                         /* the data set, n */
  guint8 *labels_nonprivate;               /* the nearest centre of c^(step), n */
  guint8 *labels_private;
  DpPoint *centres_nonprivate;             /* (T + 1)·k, c^(t)_j at [t·k + j] */
  DpPoint *centres_private;
  double *t;                               /* 0 … T, for the cost panel */
  double *cost_nonprivate;                 /* T + 1 */
  double *cost_private;
  /* the release of step @step (that made c^(step) from c^(step−1)); none at step 0 */
  double counts[DP_KMEANS_K_MAX], noisy_counts[DP_KMEANS_K_MAX];
  DpPoint sums[DP_KMEANS_K_MAX], noisy_sums[DP_KMEANS_K_MAX];
  gboolean redrawn[DP_KMEANS_K_MAX];
  guint n_redrawn_step;                    /* re-drawn at this step */
  guint n_redrawn;                         /* in the whole run */
  double epsilon, epsilon_step, noise_scale;
  double extent;                           /* the scatter panels show [−extent, extent]² */
  double cost_lo, cost_hi;                 /* the cost panel's log axis */
  double sweep_lo, sweep_hi;               /* the sweep panel's log axis */
  gboolean sweep_pending;                  /* the sweep is still being computed */
} DpvKmeans;

extern const DpvViewClass dpv_kmeans_view;

/* The ε of the sweep, DPV_KMEANS_SWEEP_N values. */
const double *dpv_kmeans_sweep_epsilons (void);

void dpv_kmeans_draw (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr, double x,
                      double y, double w, double h);

G_END_DECLS
