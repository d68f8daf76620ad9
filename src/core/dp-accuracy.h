/* dp-accuracy.h — what ε costs in accuracy: the noise of a numeric query (book §3.3.2)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A query f with global sensitivity Δ (book Def. 3.3) answered as f(D) + Z, Z ~ Lap(Δ/ε)
 * (book Thm 3.2) or Z ~ N(0, σ²). The central interval f(D) ± x holds the noisy answer with
 * probability C = Pr[|Z| ≤ x]:
 *   Laplace  C = 1 − e^{−x/b},      x = b·ln(1/(1 − C)),       b = Δ/ε;
 *   Gaussian C = erf(x/(σ√2)),      x = σ·Φ⁻¹((1 + C)/2).
 * Inverting for the noise: the Laplace ε = Δ·ln(1/(1 − C))/x, the Gaussian σ = x/Φ⁻¹((1 + C)/2),
 * and, for a given δ, the ε that the analytic calibration (Balle & Wang 2018, Thm 8) assigns
 * to that σ.
 *
 * Domains: confidence C ∈ (0, 1), half-width x > 0 finite, Δ ∈ [1e-9, 1e9], mechanisms valid
 * Laplace or Gaussian ones (randomized response answers a yes/no question: dp-survey.h);
 * outside → DP_ERR_DOMAIN.
 */
#pragma once

#include "dp-common.h"

/* Global sensitivity of the mean of n values in [0, 1] (book Example 3.1): 1/n, n ≥ 1 with
 * 1/n ≥ 1e-9. A counting query has Δ = 1. */
DpStatus dp_accuracy_mean_sensitivity (unsigned long n, double *out);

/* The half-width x of the central interval that holds the noisy answer with probability C. */
DpStatus dp_accuracy_half_width (const DpMechanism *m, double confidence, double *out);
/* Its inverse in C: Pr[|Z| ≤ x]. */
DpStatus dp_accuracy_confidence (const DpMechanism *m, double half_width, double *out);

/* Φ⁻¹((1 + C)/2) = √2·erf⁻¹(C), accurate to a few ulp for every C ∈ (0, 1) (also for tiny C,
 * where (1 + C)/2 would round C away, and for C near 1). */
DpStatus dp_accuracy_gaussian_quantile (double confidence, double *out);

/* The inverse question, "I need ±x at confidence C":
 * Laplace: the ε with half-width x, ε = Δ·ln(1/(1 − C))/x. The answer may lie outside
 * [DP_EPSILON_MIN, DP_EPSILON_MAX] (then no mechanism in the library's domain has it);
 * DP_ERR_NUMERIC if it is not a finite positive double. */
DpStatus dp_accuracy_laplace_epsilon (double sensitivity, double half_width, double confidence,
                                      double *epsilon);
/* Gaussian: the σ with half-width x, σ = x/Φ⁻¹((1 + C)/2); DP_ERR_NUMERIC if not finite. */
DpStatus dp_accuracy_gaussian_sigma (double half_width, double confidence, double *sigma);
/* Gaussian at a given δ ∈ (0, 1): that σ, and the smallest ε with δ_G(ε) ≤ δ for the pair with
 * μ = Δ/σ (Balle & Wang 2018, Thm 8): calibrating analytically at (ε, δ) gives back σ. ε is 0
 * when δ is at least the pair's total variation. */
DpStatus dp_accuracy_gaussian_epsilon (double sensitivity, double half_width, double confidence,
                                       double delta, double *sigma, double *epsilon);

/* The half-width at confidence C for each ε of a grid, in one call (the curve "width
 * against ε"): Laplace b = Δ/ε; Gaussian σ calibrated analytically at (ε, δ) for each ε
 * (δ ignored for Laplace). ε ∈ [DP_EPSILON_MIN, DP_EPSILON_MAX]. Writes m values. */
DpStatus dp_accuracy_half_width_curve (DpMechanismKind kind, double sensitivity, double delta,
                                       double confidence, const double *epsilon, size_t m,
                                       double *half_width);

/* @count noisy answers true_answer + Z_i of a Laplace or Gaussian mechanism, drawn with @seed
 * (MT19937; the same seed gives the same answers). |true_answer| ≤ 1e15. */
DpStatus dp_accuracy_noisy_answers (const DpMechanism *m, double true_answer,
                                    unsigned long seed, size_t count, double *out);
