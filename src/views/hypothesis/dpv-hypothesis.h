/* dpv-hypothesis.h — the adversary's view: tests, trade-off curves, posterior odds, an audit
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dpv-view-util.h"

G_BEGIN_DECLS

/* Points per half of a drawn trade-off curve (the other half is its mirror image). */
#define DPV_HYP_HALF 320
#define DPV_HYP_POINTS (2 * DPV_HYP_HALF)
/* The log–log axes start here. */
#define DPV_HYP_LOG_MIN 1e-6

/* A trade-off curve sampled for drawing: β = f(α) at n points, α increasing. */
typedef struct {
  gsize n;
  double alpha[DPV_HYP_POINTS];
  double beta[DPV_HYP_POINTS];
} DpvHypCurve;

/* The audit: the view's expensive stage (dpv-hypothesis-audit.c). */
typedef struct {
  gboolean ran;              /* FALSE: a preview, the runs are still to come */
  DpMechanismKind mechanism;
  unsigned long trials;
  guint32 seed;
  gboolean buggy;
  gboolean best;             /* the threshold chosen for the audit, not the current test */
  double delta;              /* δ in the bound: the mechanism's δ (0 for Laplace and RR) */
  double eps_claimed;        /* ε the mechanism is calibrated for */
  double eps_simulated;      /* ε of the mechanism simulated (2ε, or the Gaussian's at 2μ) */
  DpAuditResult r;
} DpvHypAudit;

/* The numbers of the figure. NaN = not available. */
typedef struct {
  const DpvHypAudit *audit;  /* the frame's data (a preview while pending) */
  DpMechanismKind kind;
  unsigned long k;
  gboolean log_axes;
  double axis_min;           /* 0, or DPV_HYP_LOG_MIN on log–log axes */

  /* the guarantee: (ε, δ) of one mechanism (δ = 0 for Laplace and RR) and its compositions */
  double eps, delta;
  double basic_eps, basic_delta;    /* Dwork & Roth Thm 3.16 */
  double adv_eps, adv_delta;        /* Thm 3.20 at δ′ = δ; NaN when it does not apply */
  DpTradeoffMethod method_k;        /* how the k-fold curve was computed */
  gsize cells;                      /* its lattice (Laplace, k > 1) */

  DpvHypCurve region;        /* f_{ε,δ}: shaded below */
  DpvHypCurve pure;          /* f_{ε,0}: the ε-DP boundary (drawn when δ > 0) */
  DpvHypCurve one;           /* the mechanism's trade-off curve */
  DpvHypCurve kfold;         /* its k-fold composition (k > 1) */
  DpvHypCurve basic;         /* f_{kε,kδ} (k > 1) */
  DpvHypCurve advanced;      /* f of advanced composition (k > 1, where it applies) */
  DpvHypCurve certified;     /* f_{ε̂,δ} of the audit's certified ε̂ (when ε̂ > 0) */
  DpvHypCurve diagonal;      /* β = 1 − α: guessing */

  /* the current test on one output: says D′ when y > threshold (with probability gamma when
   * y = threshold: randomized response) */
  double threshold, gamma;
  double alpha, beta;        /* its errors (on the curve) */
  double beta_k;             /* the k-fold curve at the same α */
  double min_sum_1, eer_1;   /* min α + β = 1 − TV, and the equal-error α, of one output */
  double min_sum_k, eer_k;   /* the same after k */

  /* posterior that the person is in the data (D′), from the prior */
  double prior;
  double post_allowed_1;     /* the guarantee's bound after one output (see the .c) */
  double post_test_1;        /* this mechanism: its test at α says "in" */
  double post_max_1;         /* its most revealing output (1: no limit, Gaussian) */
  double post_allowed_k, post_test_k, post_max_k;

  /* densities of one output, with the test's threshold: continuous mechanisms */
  gsize n;
  double xs[DPV_CURVE_SAMPLES + 4];
  double ps[DPV_CURVE_SAMPLES + 4];
  double qs[DPV_CURVE_SAMPLES + 4];
  double type1_at[DPV_CURVE_SAMPLES + 4];  /* α of the test with threshold xs[i] */
  double fill_alpha[DPV_CURVE_SAMPLES + 4]; /* p right of the threshold (area α), else 0 */
  double fill_beta[DPV_CURVE_SAMPLES + 4];  /* q left of it (area β), else 0 */
  double x_lo, x_hi, y_max;
  double rr_p[2], rr_q[2];   /* randomized response: P(y | D), P(y | D′) */
  double test_pos;           /* where the threshold is drawn (RR: t + ½ − γ, see the .c) */
} DpvHypothesis;

extern const DpvViewClass dpv_hypothesis_view;

/* The audit stage (dpv-hypothesis-audit.c). */
gpointer dpv_hypothesis_audit_compute (const DpvParams *params, const DpMechanism *m,
                                       GCancellable *cancellable, GError **error);
gpointer dpv_hypothesis_audit_preview (const DpvParams *params, const DpMechanism *m);
void dpv_hypothesis_audit_free (gpointer data);
/* The claim and the simulated mechanism's ε at δ, without running anything. */
gboolean dpv_hypothesis_audit_setup (const DpvParams *params, const DpMechanism *m,
                                     DpvHypAudit *out);

/* The threshold test with type I error @alpha on one output of @m: its threshold, γ and the
 * position where the densities panel draws it. */
DpStatus dpv_hypothesis_test (const DpMechanism *m, double alpha, DpTest *test,
                              double *position);

/* A probability as a percentage, with the digits that tell it from 100 %, new string. */
char *dpv_hypothesis_percent (double p);

/* The current test in words ("y > 0.52 says D′"), new string. */
char *dpv_hypothesis_test_text (const DpvHypothesis *h);

void dpv_hypothesis_draw (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr,
                          double x, double y, double w, double h);

G_END_DECLS
