/* dpv-samples.h — sampled outputs of M(D) and M(D′) and the privacy loss estimated from them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dpv-view-util.h"

G_BEGIN_DECLS

/* Confidence of each bin's interval for the loss. */
#define DPV_SAMPLES_CONFIDENCE 0.95
/* Points of the exact loss line L(y) (Laplace, Gaussian). */
#define DPV_SAMPLES_LOSS_POINTS 401
/* Outputs of each neighbour a bin needs for the "largest estimate" read-out. */
#define DPV_SAMPLES_BIG_BIN 100
/* Categories of randomized response: the bars of D and D′ sit this far left and right of the
 * reported bit, this wide. */
#define DPV_SAMPLES_RR_OFFSET 0.17
#define DPV_SAMPLES_RR_WIDTH 0.3

/* The numbers of the figure; the counts themselves are the frame's data (a DpSample). */
typedef struct {
  const DpSample *sample;
  DpMechanismKind kind;
  gboolean bounded;          /* ε-DP (Laplace, randomized response): every bin in [−ε, ε] */
  gboolean categorical;      /* randomized response: outputs 0 and 1 */
  gsize n;                   /* outputs from each neighbour */
  guint64 seed;
  double epsilon;
  gsize n_bins;
  double x_lo, x_hi;         /* the x axis of both panels */
  double *centre;            /* n_bins: where each bin's estimate is drawn */
  double *bar_p, *bar_q;     /* n_bins: where the bars of D and D′ are centred */
  double bar_width;

  /* top panel: counts; the expected counts n·P(B), n·Q(B) as steps (2 points a bin) */
  double *count_p, *count_q; /* n_bins, as doubles */
  double *step_x, *step_p, *step_q;  /* 2·n_bins; randomized response: 3·n_bins, a segment
                                        over each bar of D, broken by a NaN between bins */
  double *step_xq;           /* the x of D′'s steps (randomized response: over D′'s bars) */
  gsize n_step;
  double count_hi;

  /* bottom panel: the exact loss and the estimates */
  gsize n_loss;
  double *loss_x, *loss_y;   /* L(y) on a grid; randomized response: −ε over 0, ε over 1 */
  double loss_lo, loss_hi;   /* the y axis */
  double *est_lo, *est_hi;   /* n_bins: each interval clipped to the axis (NaN: none) */
  gboolean *open;            /* n_bins: one count is 0 (the interval is open on one side) */

  gsize n_estimates, n_covered;
  gsize n_big;               /* bins with ≥ DPV_SAMPLES_BIG_BIN outputs of each */
  double max_abs_big;        /* the largest |ln(n_P/n_Q)| among them (NaN when none) */
  double max_abs_exact;      /* … and the largest |ln(P(B)/Q(B))| among the same bins */
  unsigned long outside_p, outside_q;
} DpvSamplesView;

extern const DpvViewClass dpv_samples_view;

void dpv_samples_draw (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr,
                       double x, double y, double w, double h);

G_END_DECLS
