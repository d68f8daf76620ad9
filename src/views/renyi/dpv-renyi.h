/* dpv-renyi.h — Rényi divergence from KL to D∞, Rényi DP of k runs and its (ε, δ), Rényi
 * entropy of randomized response
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dpv-view-util.h"

G_BEGIN_DECLS

#define DPV_RENYI_N DPV_CURVE_SAMPLES
#define DPV_RENYI_ENTROPY_N 240

/* The α axis: α − 1 from 10⁻³ (α = 1.001) to 9999 (α = 10⁴), log-spaced. */
#define DPV_RENYI_AM1_MIN 1e-3
#define DPV_RENYI_AM1_MAX 9999.0
/* The entropy panel's α axis: 10⁻³ (near Hartley, α = 0) to 10⁴. */
#define DPV_RENYI_ENT_MIN 1e-3
#define DPV_RENYI_ENT_MAX 1e4

/* The expensive stage: the exact ε of the k-fold composition at δ (the privacy-loss
 * distribution for Laplace). */
typedef struct {
  double eps_exact;     /* NaN while pending (the preview) or when it failed */
  gboolean complete;
} DpvRenyiData;

/* The numbers of the figure. Infinite divergences are +HUGE_VAL (drawn as leaving the plot,
 * shown as "∞"). */
typedef struct {
  DpMechanismKind kind;
  gboolean bounded;     /* ε-DP (Laplace, randomized response): D∞ = ε */
  unsigned long k;
  double delta;         /* target δ of the conversion */
  double alpha;         /* the current order */

  /* curves against α (α − 1 log-spaced) */
  gsize n;
  double am1[DPV_RENYI_N];     /* α − 1 */
  double alphas[DPV_RENYI_N];  /* α */
  double kd[DPV_RENYI_N];      /* k·D_α */
  double conv[DPV_RENYI_N];    /* ε(α) of the conversion at δ */

  double kl;            /* D_KL(P‖Q) = lim α → 1 */
  double dinf;          /* D∞(P‖Q): ε, or +HUGE_VAL for the Gaussian */
  double rho;           /* Gaussian: D_α = αρ, ρ = μ²/2; else 0 */
  double d_alpha;       /* D_α at the current α */
  double kd_alpha;      /* k·D_α there */
  double conv_alpha;    /* ε(α) there */
  double eps_rdp;       /* min over α of ε(α) */
  double best_alpha;    /* its α*, +HUGE_VAL when the limit k·D∞ is the smallest */
  double eps_exact;     /* exact ε of k runs at δ; NaN while pending */
  gboolean pending;
  double basic;         /* kε (ε-DP: k·D∞); NaN for the Gaussian */

  /* axes */
  double y_hi;          /* top of the divergence panel */
  double conv_hi;       /* top of the conversion panel */
  double exit_am1;      /* Gaussian: α − 1 where k·D_α leaves the top */

  /* Rényi entropy of the bit randomized response reports (true bit fixed), same ε */
  double rr_p;          /* e^ε/(1 + e^ε) */
  gsize n_ent;
  double ent_alpha[DPV_RENYI_ENTROPY_N];
  double ent[DPV_RENYI_ENTROPY_N];
  double h0, h1, h_alpha, h_inf;  /* Hartley, Shannon, at α, min-entropy (nats) */
} DpvRenyi;

extern const DpvViewClass dpv_renyi_view;

/* The ticks of the α axis: @values in data units (α − 1), @labels the values of α (markup,
 * static); returns how many were written (at most @max). */
gsize dpv_renyi_alpha_ticks (double *values, const char **labels, gsize max);

void dpv_renyi_draw (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr,
                     double x, double y, double w, double h);

G_END_DECLS
