/* dpv-kl.h — View 3: the KL divergence of ε-DP pairs against the Lemma 3.18 bound
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dpv-view-util.h"

G_BEGIN_DECLS

#define DPV_KL_SAMPLES 300
/* The Gaussian's actual KL is calibrated at this many nodes and interpolated between them. */
#define DPV_KL_SAMPLES_GAUSSIAN 48
#define DPV_KL_N MAX (DPV_KL_SAMPLES, DPV_KL_SAMPLES_GAUSSIAN)

/* The mechanism's actual KL over the ε axis: the data stage, cached by (mechanism, δ). */
typedef struct {
  gsize n;
  double xs[DPV_KL_N], kl[DPV_KL_N];
} DpvKlCurve;

/* The numbers of the figure (compute, dpv-kl.c). */
typedef struct {
  const DpvKlCurve *actual;     /* the frame's data */
  double xs[DPV_KL_SAMPLES], lemma[DPV_KL_SAMPLES], tight[DPV_KL_SAMPLES], zcdp[DPV_KL_SAMPLES];
  double y_lo, y_hi;            /* the y axis */
  double cur_lemma, cur_tight, cur_zcdp, cur_act;  /* at the current ε */
  double dinf;                  /* D∞ (NaN: unknown) */
} DpvKl;

extern const DpvViewClass dpv_kl_view;

/* The mechanism's actual KL at the n points xs of the log grid over the ε range: the points
 * drawn (x_out, out, at least DPV_KL_N long) and their number. Laplace and randomized
 * response are evaluated at every point; the Gaussian is calibrated at DPV_KL_SAMPLES_GAUSSIAN
 * nodes and interpolated. */
gsize dpv_kl_actual_curve (const DpvParams *params, DpMechanismKind kind, const double *xs,
                           gsize n, double *x_out, double *out);

void dpv_kl_draw (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr,
                  double x, double y, double w, double h);

G_END_DECLS
