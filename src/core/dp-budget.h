/* dp-budget.h — sequential and parallel composition: several queries on the same data or on
 * disjoint parts of it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The DP notes (../shared/seeds/001_…): 序列组合性 (sequential composition) — M_1 … M_n with
 * budgets ε_1 … ε_n run on the same dataset D give (Σ ε_i)-DP; 并行组合性 (parallel
 * composition) — run on disjoint parts D_1 … D_n of the data they give (max ε_i)-DP, since a
 * record is in one part only and only that part's mechanism sees it. The sequential sum is
 * Dwork & Roth Thm 3.16; advanced (Thm 3.20) and exact composition give less.
 */
#pragma once

#include "dp-common.h"

typedef struct {
  double basic;     /* Σ ε_i (sequential, Dwork & Roth Thm 3.16) */
  /* Thm 3.20 with per-query bounds: √(2 ln(1/δ′)·Σ ε_i²) + Σ ε_i(e^{ε_i} − 1), at total δ′.
   * Lemma 3.19 with |C_i| ≤ α_i in place of one α (the same proof: Hoeffding's lemma per
   * step) gives the deviation z√(Σ α_i²); with equal ε_i it is Thm 3.20 itself. */
  double advanced;
  double advanced_min;  /* min(basic, advanced): the better of the two */
  double parallel;  /* max ε_i (parallel, on disjoint parts) */
} DpSequentialParallel;

/* For n ≥ 1 queries with budgets eps[i] ∈ [DP_EPSILON_MIN, DP_EPSILON_MAX], δ′ ∈ (0, 1). */
DpStatus dp_compose_sequential_parallel (const double *eps, size_t n, double delta_prime,
                                         DpSequentialParallel *out);

/* The other direction: a total budget (ε, δ) and m queries of one ε-DP mechanism (Laplace or
 * randomized response). The largest per-query ε₀ each rule allows:
 * basic ε/m; advanced the largest ε₀ with min(mε₀, Thm 3.20's ε_m) ≤ ε at δ′ = δ; optimal
 * the largest with the KOV 2015 composition of m generic ε₀-DP mechanisms ≤ ε at δ; exact the
 * largest with the mechanism's own m-fold composition (dp_compose_exact_epsilon) ≤ ε at δ;
 * parallel ε (disjoint parts). basic ≤ advanced ≤ optimal ≤ exact ≤ parallel. Found by
 * bisection in ln ε₀ to 1e-9 relative, rounded down (never more than allowed). The exact rule
 * for Laplace runs its accountant about 40 times (tens of ms to seconds for large m):
 * cancellable. m ∈ [1, 10⁵]. */
typedef struct {
  double basic;
  double advanced;
  double optimal;
  double exact;
  double parallel;
} DpBudgetSplit;

DpStatus dp_budget_split (DpMechanismKind kind, double eps_total, double delta, unsigned long m,
                          const DpCancel *cancel, DpBudgetSplit *out);
