/* dpv-group.h — group privacy: datasets that differ in g people (book Prop. 3.6)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dpv-view-util.h"

G_BEGIN_DECLS

#define DPV_GROUP_N (DPV_CURVE_SAMPLES + 3)
#define DPV_GROUP_DELTA_CURVE 160
#define DPV_GROUP_RR_MAX 51            /* counts 0 … g of "yes" among g ≤ 50 respondents */

/* The numbers of the figure (compute, dpv-group.c). */
typedef struct {
  unsigned long g;
  double group_shift;             /* gΔ */
  double group_epsilon;           /* gε, Prop. 3.6 */
  double odds_bound;              /* e^{gε} */
  /* the group pair, exactly */
  double max_divergence;          /* D∞: gε (Laplace, randomized response), ∞ (Gaussian) */
  double kl, tv;
  double delta_at_group_epsilon;  /* δ_g(gε) */
  double epsilon_at_delta;        /* D∞^δ of the group pair: the smallest ε′ with δ_g(ε′) ≤ δ */
  double chain_delta;             /* δ·(e^{gε} − 1)/(e^ε − 1): what (ε, δ)-DP alone promises */
  /* densities of one person's pair and the group's, the group pair's loss (Laplace,
   * Gaussian) */
  double x_lo, x_hi, y_max, loss_max;
  gsize n;
  double xs[DPV_GROUP_N], p[DPV_GROUP_N], q1[DPV_GROUP_N], qg[DPV_GROUP_N], loss[DPV_GROUP_N];
  double yb;                      /* Gaussian: |L_g| ≤ gε on [gΔ/2 − yb, gΔ/2 + yb] */
  /* randomized response: the number j of "yes" among the g reports, the g true answers all
   * "no" (D) or all "yes" (D′), and the loss (g − 2j)ε */
  double rr_j[DPV_GROUP_RR_MAX], rr_p[DPV_GROUP_RR_MAX], rr_q[DPV_GROUP_RR_MAX];
  double rr_loss[DPV_GROUP_RR_MAX];
  /* δ_g(ε′) of the group pair against ε′ */
  double eps_prime[DPV_GROUP_DELTA_CURVE], delta_curve[DPV_GROUP_DELTA_CURVE];
  double dcurve_lo;               /* bottom of its log axis */
  /* against g = 1 … 50 */
  double gs[50];
  double curve_bound[50];         /* gε */
  double curve_max_div[50];       /* exact D∞ (∞ for the Gaussian) */
  double curve_eps_at_delta[50];  /* exact D∞^δ */
  double curve_tv[50];
  double curve_delta[50];         /* exact δ_g(gε) */
  double curve_chain[50];         /* the chain bound */
  double eps_hi;                  /* top of the ε axis against g */
  double delta_lo, delta_hi;      /* the δ axis against g (Gaussian) */
} DpvGroup;

extern const DpvViewClass dpv_group_view;

void dpv_group_draw (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr,
                     double x, double y, double w, double h);

G_END_DECLS
