/* dp-private.h — helpers shared inside libdpcore (not installed, not API)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdint.h>

#include <gsl/gsl_rng.h>

#include "dp-common.h"

/* 1/√(2π) */
#define DP_INV_SQRT_2PI 0.398942280401432677939946059934381868

/* Range checks used by every public entry point. */
bool dp_is_valid_epsilon (double epsilon);
bool dp_is_valid_delta (double delta);
bool dp_is_valid_sensitivity (double sensitivity);
bool dp_is_valid_sigma (double sigma);

/* True when @m points to a mechanism the constructors could have built (kind known, every
 * field finite and inside its documented domain). */
bool dp_mechanism_is_valid (const DpMechanism *m);

/* e^{−x} − 1 + x ≥ 0 for x ≥ 0 without cancellation (Taylor series below 1). */
double dp_expm1_neg_plus (double x);

/* Mills ratio R(s) = Φ(−s)/φ(s) for s ≥ −1 (erfc below 3, Laplace's continued fraction
 * R = 1/(s + 1/(s + 2/(s + 3/…))) above; Abramowitz & Stegun 26.2.14). */
double dp_mills_ratio (double s);
/* The depth of that continued fraction which has converged to double precision at s ≥ 3. */
int dp_mills_ratio_depth (double s);

/* δ(ε) of the Gaussian pair with μ = Δ/σ > 0 (Balle & Wang 2018, Thm 8) for any finite ε
 * (ε < 0 through the symmetry of the pair) and any μ > 0; never NaN. */
DpStatus dp_gaussian_delta_unchecked (double mu, double epsilon, double *out);
/* Inverse in ε (smallest ε ≥ 0 with δ(ε) ≤ delta) for any μ > 0, delta ∈ (0, 1). */
DpStatus dp_gaussian_epsilon_unchecked (double mu, double delta, double *out);

/* A generator for seed ∈ [0, DP_SEED_MAX] (MT19937 seeded with seed + 1: GSL's MT19937 maps
 * the seed 0 to its default 4357, so seed + 1 keeps every seed's stream distinct). NULL when
 * allocation fails. Free with gsl_rng_free. */
gsl_rng *dp_rng_new (unsigned long seed);

/* k ∈ [1, DP_K_MAX]. */
static inline bool
dp_is_valid_k (unsigned long k)
{
  return k >= 1 && k <= DP_K_MAX;
}

/* ln(e^a + e^b) without overflow; −HUGE_VAL stands for ln 0. */
double dp_log_add (double a, double b);

/* ln Pr[N(0, 1) > z] for any z, ±HUGE_VAL included, through ln erfc (no underflow). */
double dp_log_normal_tail (double z);

/* A seeded random number generator for the simulations (dp-walk.c, dp-sample.c): GSL's taus2
 * (L'Ecuyer's maximally equidistributed Tausworthe generator, period 2⁸⁸; 2.4× as fast as
 * MT19937 here) seeded with splitmix64(seed), so that nearby seeds give unrelated streams.
 * NULL when out of memory. Free with gsl_rng_free. */
gsl_rng *dp_rng_new_taus (uint64_t seed);
