/* dpv-exponential.h — the exponential mechanism (DP notes: 指数机制)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dpv-view-util.h"

G_BEGIN_DECLS

/* Points of the curves against ε. */
#define DPV_EXPONENTIAL_CURVE 160

/* The numbers of the figure (compute, dpv-exponential.c). */
typedef struct {
  guint n;                                   /* candidates */
  char names[DPV_PARAM_LIST_MAX][DPV_PARAM_LIST_NAME_MAX];
  double utility[DPV_PARAM_LIST_MAX];
  double prob[DPV_PARAM_LIST_MAX];           /* Pr[r] ∝ exp(ε u(r)/(2Δu)) */
  double uniform[DPV_PARAM_LIST_MAX];        /* ε → 0: 1/n */
  double argmax[DPV_PARAM_LIST_MAX];         /* ε → ∞: 1/|best| on the best, 0 elsewhere */
  gboolean best[DPV_PARAM_LIST_MAX];         /* u(r) = max u */
  guint n_best;
  double expected;                           /* Σ Pr[r] u(r) */
  double best_prob, not_best_prob;           /* Pr[a best candidate] and its complement */
  double mean_u, max_u, min_u;
  gsize drawn;                               /* the candidate drawn with the seed */
  /* against ε: E[u] and Pr[best] on a log grid wide enough to show both limits */
  double eps[DPV_EXPONENTIAL_CURVE];
  double curve_expected[DPV_EXPONENTIAL_CURVE];
  double curve_best[DPV_EXPONENTIAL_CURVE];
  double u_lo, u_hi;                         /* the utility axis */
} DpvExponential;

extern const DpvViewClass dpv_exponential_view;

void dpv_exponential_draw (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr,
                           double x, double y, double w, double h);

G_END_DECLS
