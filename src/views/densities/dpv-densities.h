/* dpv-densities.h — View 1: the output densities on D and D′ and the privacy loss
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dpv-view-util.h"

G_BEGIN_DECLS

#define DPV_DENSITIES_N (DPV_CURVE_SAMPLES + 2)

/* The numbers of the figure (compute, dpv-densities.c). */
typedef struct {
  double x_lo, x_hi;            /* output range shown */
  double y_max;                 /* top of the density axis */
  double loss_max;              /* half height of the loss axis */
  double sigma_classic;         /* Gaussian: classic σ of Thm A.1 (0: none) */
  gboolean classic_drawn;       /* its densities are drawn (ε < 1) */
  double yb;                    /* Gaussian: |L| ≤ ε on [Δ/2 − yb, Δ/2 + yb] */
  double loss_above;            /* Gaussian: P[L > ε] for y drawn on D */
  double loss_outside;          /* Gaussian: P[|L| > ε] (the same on D and on D′) */
  double hockey;                /* δ(ε) = E[(1 − e^{ε−L})₊], the δ the pair meets at ε */
  gsize n;
  double xs[DPV_DENSITIES_N], ps[DPV_DENSITIES_N], qs[DPV_DENSITIES_N], ls[DPV_DENSITIES_N];
  double cp[DPV_DENSITIES_N], cq[DPV_DENSITIES_N];   /* classic σ's densities */
  double p_at_0, q_at_delta;    /* the peaks, where f(D) and f(D′) are marked */
  double rr_p[2], rr_q[2], rr_l[2];   /* randomized response: Pr[y], Pr′[y], L(y), y = 0, 1 */
  double rr_bias;               /* p = e^ε/(1 + e^ε) */
  double tv;                    /* statistical distance (NaN: unknown) */
} DpvDensities;

extern const DpvViewClass dpv_densities_view;

void dpv_densities_draw (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr,
                         double x, double y, double w, double h);

G_END_DECLS
