/* dpv-accuracy.h — what ε costs for a numeric query (book §3.3.2, Example 3.1)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dpv-view-util.h"

G_BEGIN_DECLS

/* Points of the curves against ε and against n, and noisy answers drawn as dots. */
#define DPV_ACCURACY_CURVE 80
#define DPV_ACCURACY_DOTS 20

/* The Gaussian's σ for Δ = 1 on the ε grid at the current δ (analytic calibration, Balle &
 * Wang 2018, Alg. 1): σ(ε, δ, Δ) = Δ·σ(ε, δ, 1), so every Δ and confidence rescales it. Its
 * own stage, keyed by δ alone: 80 calibrations take a few milliseconds. */
typedef struct {
  double eps[DPV_ACCURACY_CURVE];
  double sigma1[DPV_ACCURACY_CURVE];
} DpvAccuracyCurve;

/* The numbers of the figure (compute, dpv-accuracy.c). */
typedef struct {
  DpMechanism mech;           /* the mechanism for the query's Δ */
  double sensitivity;         /* Δ of the query */
  double confidence;          /* C */
  double half_width;          /* x: Pr[|Z| ≤ x] = C */
  double z;                   /* Φ⁻¹((1 + C)/2) */
  double lap_factor;          /* ln(1/(1 − C)): the Laplace x is b·lap_factor */
  /* the noise around f(D): density on a grid, the dots */
  double x_lo, x_hi, y_max;
  gsize n_density;
  double xs[DPV_CURVE_SAMPLES + 4], density[DPV_CURVE_SAMPLES + 4];
  double dots[DPV_ACCURACY_DOTS];
  guint dots_inside;
  /* the inverse question for the target ±x (has_target) */
  gboolean has_target;
  double target;
  double target_confidence;   /* Pr[|Z| ≤ target] of the current mechanism */
  double laplace_epsilon;     /* the ε of the Laplace mechanism with half-width target */
  double gaussian_sigma;      /* the σ with half-width target */
  double gaussian_epsilon;    /* its ε at the current δ (0 when δ alone covers it) */
  gboolean gaussian_ok;       /* gaussian_epsilon could be solved */
  /* half-width against ε for this Δ and C */
  double eps[DPV_ACCURACY_CURVE];
  double lap_width[DPV_ACCURACY_CURVE];
  double gau_width[DPV_ACCURACY_CURVE];
  double eps_w_lo, eps_w_hi;  /* its y axis */
  /* half-width against n at the current ε: the count (Δ = 1) and the mean (Δ = 1/n) */
  double ns[DPV_ACCURACY_CURVE];
  double count_width, mean_width[DPV_ACCURACY_CURVE];
  double n_w_lo, n_w_hi;
} DpvAccuracy;

extern const DpvViewClass dpv_accuracy_view;

/* Δ of the query of @params: 1, 1/n or the sensitivity parameter. */
double dpv_accuracy_query_sensitivity (const DpvParams *params);

/* A confidence as a percentage with the digits it has: "95", "99.9". */
char *dpv_accuracy_percent (double confidence);

void dpv_accuracy_draw (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr,
                        double x, double y, double w, double h);

G_END_DECLS
