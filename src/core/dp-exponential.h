/* dp-exponential.h — the exponential mechanism
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Pr[r] ∝ exp(ε u(D, r)/(2Δu)) over n candidates r (DP notes 001_…, 指数机制; McSherry &
 * Talwar 2007; Dwork & Roth Def. 3.4), normalised with log-sum-exp so that no term overflows.
 *
 * Domains (every function checks them; outside → DP_ERR_DOMAIN, the outputs untouched):
 * ε ∈ [DP_EPSILON_MIN, DP_EPSILON_MAX] (the range of every other ε in libdpcore), Δu ∈ [1e-9,
 * 1e9] (the sensitivity range), 1 ≤ n ≤ DP_EXPONENTIAL_N_MAX, every utility finite (any size:
 * ±DBL_MAX included). Within them no result is NaN: an exponent ε(u_r − u_max)/(2Δu) that
 * overflows is −∞ and its weight 0, which is also its true value to double precision
 * (ε/(2Δu) ≥ 5e-16, so a gap beyond DBL_MAX means an exponent below −1e292).
 *
 * "The best candidates" are all r with u(r) = max u, exactly: ties share the probability.
 */
#pragma once

#include "dp-common.h"

#define DP_EXPONENTIAL_N_MAX 1000000UL

/* Writes the n probabilities (they sum to 1). */
DpStatus dp_exponential_mechanism (const double *utility, size_t n, double epsilon,
                                   double utility_sensitivity, double *probabilities);

/* Expected utility Σ_r Pr[r] u(r); between the mean of the utilities (ε → 0) and their
 * maximum (ε → ∞). */
DpStatus dp_exponential_expected_utility (const double *utility, size_t n, double epsilon,
                                          double utility_sensitivity, double *out);

/* Pr[the output is one of the best candidates] = A/(A + Σ_{r not best} w_r) with A the number
 * of best candidates and w_r = exp(−ε(u_max − u_r)/(2Δu)); and its complement, computed
 * directly (no 1 − x cancellation when it is tiny). Either pointer may be NULL. */
DpStatus dp_exponential_best_probability (const double *utility, size_t n, double epsilon,
                                          double utility_sensitivity, double *best,
                                          double *not_best);

/* The curves against ε in one call: for each ε of the grid (m values) the expected utility and
 * the probability of the best candidates. Either output may be NULL. */
DpStatus dp_exponential_curve (const double *utility, size_t n, double utility_sensitivity,
                               const double *epsilon, size_t m, double *expected_utility,
                               double *best_probability);

/* The limits of the probabilities: ε → 0 gives the uniform distribution 1/n; ε → ∞ the
 * uniform distribution over the best candidates (1/A on each, 0 elsewhere). */
typedef enum {
  DP_EXPONENTIAL_LIMIT_ZERO = 0,
  DP_EXPONENTIAL_LIMIT_INFINITY,
} DpExponentialLimit;

DpStatus dp_exponential_limit (const double *utility, size_t n, DpExponentialLimit limit,
                               double *probabilities);

/* @draws outputs of the mechanism drawn with @seed (inversion of the cumulative
 * probabilities with MT19937 uniforms; the same seed gives the same draws): candidate
 * indices 0 … n − 1 into @index. */
DpStatus dp_exponential_sample (const double *utility, size_t n, double epsilon,
                                double utility_sensitivity, unsigned long seed, size_t draws,
                                size_t *index);
