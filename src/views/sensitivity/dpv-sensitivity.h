/* dpv-sensitivity.h — the "Sensitivity" view: global, local, local at distance t and smooth
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dpv-view-util.h"

G_BEGIN_DECLS

/* Samples of each noise density. */
#define DPV_SENSITIVITY_NZ (DPV_CURVE_SAMPLES + 2)

/* The noises the view compares, in the order they are drawn and read out. */
typedef enum {
  DPV_SENS_NOISE_GLOBAL = 0,   /* Laplace, scale GS/ε: ε-DP */
  DPV_SENS_NOISE_SMOOTH,       /* Cauchy 6S/ε or Laplace 2S/ε: ε- or (ε, δ)-DP */
  DPV_SENS_NOISE_LOCAL,        /* Laplace, scale LS(x)/ε: not private */
  DPV_SENS_NOISE_NEIGHBOUR,    /* Laplace, scale LS(x′)/ε around f(x′): what x′ would give */
  DPV_SENS_N_NOISES
} DpvSensNoise;

typedef struct {
  DpNoiseKind kind;
  double centre;        /* f(x), or f(x′) for the neighbour's */
  double scale;         /* 0: no noise at all (the release is the centre, exactly) */
  double median_abs;    /* typical error: the median of |noise| */
  double q95;           /* the error stays below this 95 % of the time */
  double peak;          /* the density's height at its centre (0 for scale 0) */
} DpvSensNoiseInfo;

/* The numbers of the figure (compute, dpv-sensitivity.c). */
typedef struct {
  DpQuery query;
  DpNeighbours neighbours;
  gsize n;
  double lower, upper;                       /* the domain [L, U] */
  double x[DPV_PARAM_LIST_MAX];              /* the data set, in the table's order */
  double stack[DPV_PARAM_LIST_MAX];          /* x_i's height in the dot plot: 1, 2, … per value */
  double stack_max;
  double value;                              /* f(x) */
  double global;                             /* GS_f */
  double local;                              /* LS_f(x) = A^(0) */
  /* A neighbour that moves f by LS (the local sensitivity's witness): record @ls_index
   * replaced by @ls_to (replace), or a record added (count). */
  gboolean ls_witness;
  gsize ls_index;
  double ls_to;
  double ls_value;                           /* f of that neighbour */
  /* A^(t), e^{−tβ}A^(t), t = 0 … n */
  double t[DPV_PARAM_LIST_MAX + 1];
  double at_distance[DPV_PARAM_LIST_MAX + 1];
  double damped[DPV_PARAM_LIST_MAX + 1];
  DpSmoothCalibration cal;                   /* β and the noise of the smooth bound */
  double smooth;                             /* S*_{f,β}(x) */
  double dist_lo, dist_hi;                   /* the log axis of A^(t): zeros sit at dist_lo */
  gsize t_star;                              /* where the maximum is reached */
  DpSensitivityNeighbour neighbour;          /* whose LS differs: why LS alone is not private */
  double neighbour_from;                     /* the replaced record's value in x */
  DpvSensNoiseInfo noise[DPV_SENS_N_NOISES];
  /* the noise densities of the released value f(x) + noise, on one grid */
  gsize nz;
  double z[DPV_SENSITIVITY_NZ];
  double density[DPV_SENS_N_NOISES][DPV_SENSITIVITY_NZ];
  double z_lo, z_hi, density_max;
} DpvSensitivity;

extern const DpvViewClass dpv_sensitivity_view;

/* A number of this view: whole numbers (ages, counts, sensitivities of whole data) as they are,
 * "21" rather than "21.00"; others as dpv_fmt (). */
char *dpv_sensitivity_fmt (double value);

/* Translated name of a query ("median"). */
const char *dpv_sensitivity_query_label (DpQuery query);

void dpv_sensitivity_draw (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr,
                           double x, double y, double w, double h);

G_END_DECLS
