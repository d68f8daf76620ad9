/* dp-walk.h — the privacy-loss random walk behind Dwork & Roth Thm 3.20
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Run the mechanism k times on D; after j runs the privacy loss is S_j = L_1 + … + L_j with
 * L_i = ln(p(Y_i)/q(Y_i)), Y_i ~ P = M(D), independent (Dwork & Roth §3.5.1). For an ε-DP
 * mechanism (Laplace, randomized response) each |L_i| ≤ ε = α and E[L_i] = KL ≤ ε(e^ε − 1) = β
 * (Lemma 3.18), so Azuma's inequality (Lemma 3.19) gives
 *   P[S_j > jβ + z√j·α] ≤ e^{−z²/2},
 * and with z = √(2 ln(1/δ′)) at j = k this is Thm 3.20's threshold
 *   ε′ = kε(e^ε − 1) + √(2k ln(1/δ′))·ε,   exceeded with probability at most δ′.
 * The Gaussian mechanism is not ε-DP: L_i ~ N(μ²/2, μ²) is unbounded, Lemma 3.19 does not
 * apply, and the walk is the exact normal walk S_j ~ N(jμ²/2, jμ²); its band is the exact
 * (1 − δ′)-quantile jμ²/2 + z√j·μ with z = Φ⁻¹(1 − δ′).
 */
#pragma once

#include <stdint.h>

#include "dp-common.h"

#define DP_WALK_K_MAX 100000UL
#define DP_WALK_PATHS_MAX 100000UL
/* Largest n_paths × n_columns stored (128 MiB of doubles). */
#define DP_WALK_STORE_MAX ((size_t) 1 << 24)

typedef struct {
  unsigned long k;     /* steps, 1 … DP_WALK_K_MAX */
  size_t n_paths;      /* 1 … DP_WALK_PATHS_MAX */
  uint64_t seed;       /* the same seed gives the same paths */
  double delta_prime;  /* δ′ ∈ (0, 1) */
  size_t n_columns;    /* points stored per path, 2 … 4096 (at most k + 1 are used) */
  size_t n_bins;       /* bins of the histogram of S_k, 1 … 1000 */
} DpWalkParams;

typedef struct {
  DpWalkParams params;
  DpMechanismKind kind;
  /* true for ε-DP mechanisms (Laplace, RR): Lemmas 3.18 and 3.19 and Thm 3.20 apply */
  bool bounded;
  double kl;           /* E[L] per step */
  double variance;     /* Var[L] per step (dp_loss_variance) */
  double alpha;        /* Lemma 3.19's α = ε (bounded only; else 0) */
  double beta;         /* Lemma 3.18's β = ε(e^ε − 1) (bounded only; else 0) */
  double z;            /* √(2 ln(1/δ′)) (bounded) or Φ⁻¹(1 − δ′) (Gaussian) */
  double threshold;    /* band at j = k: Thm 3.20's ε′ (bounded), the normal quantile (Gaussian) */

  /* The stored points: column c is the walk after column_j[c] steps (0 = the start, the last
   * = k, evenly spaced in between), with the curves of the figure at the same j. */
  size_t n_columns;
  unsigned long *column_j;
  double *mean_line;   /* j·KL */
  double *drift_bound; /* j·β (bounded; j·KL for the Gaussian, whose drift is its mean) */
  double *band;        /* jβ + z√j·α (bounded), jμ²/2 + z√j·μ (Gaussian) */
  double *paths;       /* n_paths × n_columns, row-major: paths[i·n_columns + c] */

  double *final_sums;  /* S_k of each path */
  bool *above;         /* S_k > threshold */
  unsigned long *first_crossing; /* first j with S_j > band(j), 0 if none */
  size_t n_above;
  size_t n_crossing;   /* paths that are above the band at some j ≤ k */
  double fraction_above;
  double mean_final;   /* sample mean of S_k */
  double var_final;    /* sample variance of S_k (divisor n − 1; 0 for one path) */
  double exact_mean_final; /* k·KL */
  double exact_var_final;  /* k·Var[L] */
  double exact_tail;       /* P[S_k > threshold] (dp_loss_sum_tail) */
  double log_exact_tail;   /* its natural log (−HUGE_VAL when 0) */

  /* Histogram of S_k: bins (edges[b], edges[b+1]], counts and exact probabilities
   * (dp_loss_sum_bins). For RR each bin holds whole atoms (k − 2l)ε. */
  size_t n_bins;
  double *bin_edges;       /* n_bins + 1 */
  unsigned long *bin_counts;
  double *bin_exact;
  size_t n_below, n_beyond; /* final sums outside the edges (none by construction) */
} DpWalk;

/* Simulates the walk for @m under P and fills a new DpWalk (free it with dp_walk_free).
 * Cancellable between paths (@cancel may be NULL). DP_ERR_DOMAIN for parameters outside the
 * ranges above or n_paths × n_columns > DP_WALK_STORE_MAX. */
DpStatus dp_walk_run (const DpMechanism *m, const DpWalkParams *params,
                      const DpCancel *cancel, DpWalk **out);
void dp_walk_free (DpWalk *walk);

/* The Thm 3.20 threshold kε(e^ε − 1) + √(2k ln(1/δ′))·ε for an ε-DP mechanism (the same value
 * as dp_compose_advanced's epsilon with δ₀ = 0), or the Gaussian's exact (1 − δ′)-quantile of
 * S_k; *bounded tells which. */
DpStatus dp_walk_threshold (const DpMechanism *m, unsigned long k, double delta_prime,
                            double *threshold, bool *bounded);
