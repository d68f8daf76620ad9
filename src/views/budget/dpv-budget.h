/* dpv-budget.h — sequential and parallel composition: a total budget split over m queries
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dpv-view-util.h"

G_BEGIN_DECLS

/* Records and at most this many query columns in the drawn data tables. */
#define DPV_BUDGET_ROWS 12
#define DPV_BUDGET_COLUMNS_MAX 6
/* Points of the curves over m: 1, 1.5, 2, 3, 5, 7 × 10ⁿ up to the axis' end, and m = k. */
#define DPV_BUDGET_POINTS_MAX 32

/* The expensive stage: the per-query budget ε₀ of each rule at each m (dp_budget_split). */
typedef struct {
  gsize n;
  double m[DPV_BUDGET_POINTS_MAX];
  double basic[DPV_BUDGET_POINTS_MAX], advanced[DPV_BUDGET_POINTS_MAX];
  double optimal[DPV_BUDGET_POINTS_MAX], exact[DPV_BUDGET_POINTS_MAX];
  double parallel[DPV_BUDGET_POINTS_MAX];
  gsize at_k;          /* the index of m = k */
  gboolean complete;   /* FALSE in the preview: the mechanism's exact rule is not computed */
} DpvBudgetData;

typedef struct {
  const DpvBudgetData *d;
  DpMechanismKind kind;
  gboolean eps_dp;     /* Laplace or randomized response; the Gaussian is not ε-DP */
  gboolean pending;    /* the exact rule is being computed */
  double epsilon, delta, sensitivity;
  unsigned long k;
  double m_hi;         /* the x axis ends at 1 … m_hi */
  double y_lo, y_hi;
  gsize columns;       /* query columns drawn in the tables: min(k, DPV_BUDGET_COLUMNS_MAX) */
} DpvBudget;

extern const DpvViewClass dpv_budget_view;

void dpv_budget_draw (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr,
                      double x, double y, double w, double h);

G_END_DECLS
