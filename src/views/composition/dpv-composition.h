/* dpv-composition.h — View 4: total ε of k composed mechanisms at a target δ
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dpv-view-util.h"

G_BEGIN_DECLS

/* Composition numbers at one k. NaN = not available. */
typedef struct {
  unsigned long k;
  double basic;        /* Thm 3.16 */
  double basic_eps0, basic_delta0;  /* the per-step (ε₀, δ₀) it composes */
  double advanced;     /* Thm 3.20 raw formula */
  double adv_eps0, adv_delta0, delta_prime;  /* its per-step pair and δ′ */
  double azuma;        /* its Azuma term */
  double drift;        /* its KL-drift term */
  double optimal;      /* KOV 2015 */
  double opt_eps0, opt_delta0;      /* the per-step pair it composes */
  double exact;        /* PLD / μ√k / binomial */
  double zcdp;         /* Gaussian only */
  double rdp;          /* Gaussian only */
  gboolean approximate;/* interpolated from the curve grid */
} DpvCompositionPoint;

/* The curves: the view's expensive stage, cached by (mechanism, ε, δ). */
typedef struct {
  DpMechanismKind mechanism;
  double epsilon, delta, sensitivity;
  gboolean complete;     /* optimal and exact computed (FALSE: the cheap curves only) */
  gsize n;
  unsigned long *k;      /* grid, increasing */
  double *basic;
  double *advanced;      /* raw Thm 3.20 formula */
  double *optimal;
  double *exact;
  double *zcdp;          /* Gaussian: zCDP route; otherwise NaN */
  double *rdp;           /* Gaussian: RDP route; otherwise NaN */
  unsigned long k_cross; /* first k where advanced < basic; 0 = none up to DP_K_MAX */
  DpvCompositionPoint at;/* values at the k it was computed for */
} DpvCompositionData;

/* The numbers of the figure: the curves (the frame's data) and the values at k. */
typedef struct {
  const DpvCompositionData *data;
  gboolean pending;      /* the data are the cheap curves: optimal and exact to come */
  DpvCompositionPoint pt;
  double *xk;            /* the grid as doubles */
  double *adv;           /* min(kε, ε_k) */
  double *raw;           /* the raw Thm 3.20 formula where it is worse than basic, else NaN */
  double k_max, y_lo, y_hi;
} DpvComposition;

extern const DpvViewClass dpv_composition_view;

/* Composition curves: basic, advanced (raw Thm 3.20 value), optimal (KOV) and exact on a
 * log-spaced grid of k from 1 to the largest k, plus the values at params->k. Exact is the
 * expensive part (PLD for Laplace). @cancel may be NULL; returns NULL when cancelled or on
 * invalid parameters. Thread-safe. */
DpvCompositionData *dpv_composition_data_compute (const DpvParams *params,
                                                  const DpCancel *cancel);
/* The cheap curves only (basic, advanced, zCDP): fast enough for one frame. */
DpvCompositionData *dpv_composition_data_compute_cheap (const DpvParams *params);
void dpv_composition_data_free (DpvCompositionData *data);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DpvCompositionData, dpv_composition_data_free)
/* TRUE when data was computed for the same mechanism, ε and δ (k and Δ do not matter: the
 * composition curves are independent of the sensitivity Δ). */
gboolean dpv_composition_data_matches (const DpvCompositionData *data,
                                       const DpvParams *params);
/* Values at params->k: exact from @data when it was computed for that k, else closed forms
 * for the cheap routes and log-log interpolation on the grid for the others. */
void dpv_composition_data_point (const DpvCompositionData *data, const DpvParams *params,
                                 DpvCompositionPoint *out);
/* All values at params->k, computed now (exact to 1e-4); FALSE on invalid parameters. */
gboolean dpv_composition_point_compute (const DpvParams *params, DpvCompositionPoint *out);

/* Texts shared by the caption and the figure. */
char *dpv_composition_fmt_approx (double v, gboolean approximate, int digits);
/* The significant digits of the totals at one k: enough to tell the methods apart
 * (dpv_distinct_digits ()), 4 when they are read off the curves. */
int dpv_composition_digits (const DpvCompositionPoint *pt);
double dpv_composition_adv_min (const DpvCompositionPoint *pt);
/* "k = …: basic … · advanced … · optimal … · exact …" (plain text); with @notes also the
 * remark that advanced never beats basic. */
char *dpv_composition_values_markup (const DpvComposition *c, gboolean notes);

void dpv_composition_draw (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr,
                           double x, double y, double w, double h);

G_END_DECLS
