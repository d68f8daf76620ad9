/* dpv-regions.h — View 2: max-divergence regions and the hockey-stick divergence
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dpv-view-util.h"

G_BEGIN_DECLS

#define DPV_REGIONS_N (DPV_CURVE_SAMPLES + 3)
#define DPV_REGIONS_DELTA_LINEAR 240
#define DPV_REGIONS_DELTA_REFINE 60
#define DPV_REGIONS_DELTA_N (DPV_REGIONS_DELTA_LINEAR + DPV_REGIONS_DELTA_REFINE)

/* Where the threshold ε′ came from. */
typedef enum {
  DPV_REGIONS_GIVEN = 0,  /* the ε′ parameter */
  DPV_REGIONS_SOLVED,     /* D∞^δ, solved from δ (δ below the statistical distance) */
  DPV_REGIONS_AT_ZERO,    /* δ ≥ the statistical distance: D∞^δ ≤ 0, ε′ = 0 is shown */
  DPV_REGIONS_FAILED,     /* D∞^δ could not be computed: no ε′, no S(ε′), no δ(ε′) */
} DpvRegionsThreshold;

/* The numbers of the figure (compute, dpv-regions.c). */
typedef struct {
  DpvRegionsThreshold source;
  DpStatus solve_status;  /* of the inverse, when solved from δ */
  double eps_prime;       /* the threshold: given, or D∞^δ solved from δ (NaN: failed) */
  DpRegion region;        /* S(ε′) and its masses */
  double hs;              /* δ(ε′) */
  double tv;              /* statistical distance (NaN: unknown) */
  double dinf;            /* D∞ (NaN: unknown) */
  double x_lo, x_hi, y_max;
  double factor;          /* e^{ε′} (ε′ capped at 700) */
  /* continuous mechanisms: the main panel's curves */
  gsize n;
  double xs[DPV_REGIONS_N], ps[DPV_REGIONS_N], qs[DPV_REGIONS_N], sq[DPV_REGIONS_N];
  double lo[DPV_REGIONS_N], hi[DPV_REGIONS_N];  /* the excess p − e^{ε′}q over S, filled */
  double p_at_threshold;  /* p at the threshold, where a thin excess is labelled */
  /* randomized response: Pr[y], Pr′[y], e^{ε′}Pr′[y] (clamped), y = 0, 1 */
  double rr_p[2], rr_q[2], rr_scaled[2];
  /* the δ(ε′) panel */
  double e_max, d_lo;
  gsize nd;
  double dxs[DPV_REGIONS_DELTA_N], dds[DPV_REGIONS_DELTA_N];
} DpvRegions;

extern const DpvViewClass dpv_regions_view;

/* The figure's numbers for a threshold found by the caller: @eps_prime with @source, and
 * @status the inverse's status when @source is DPV_REGIONS_FAILED (@eps_prime is then
 * ignored). The view's compute solves ε′ and calls this; a test can hand it a failure. */
DpvRegions *dpv_regions_compute_at (const DpvParams *params, const DpMechanism *m,
                                    double eps_prime, DpvRegionsThreshold source,
                                    DpStatus status);

/* Significant digits of ε′, P(S) and e^{ε′}Q(S): more when the gap is small. */
int dpv_regions_digits (const DpvRegions *r);

void dpv_regions_draw (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr,
                       double x, double y, double w, double h);

G_END_DECLS
