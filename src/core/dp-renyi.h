/* dp-renyi.h — Rényi divergence curves, Rényi differential privacy and Rényi entropy
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Sources: the DP notes (../shared/seeds/001_…, 瑞丽熵 and 瑞丽散度: H_α = ln(Σ p_i^α)/(1 − α),
 * Hartley at α = 0, Shannon as α → 1, min-entropy as α → ∞; D_α from KL (α → 1) to the max
 * divergence (α → ∞)); Mironov 2017, "Rényi differential privacy" (Def. 3, Prop. 1 and 3,
 * Table II); Canonne, Kamath & Steinke 2020, Prop. 12, and Balle et al. 2020, Thm 21 (the
 * conversion to (ε, δ)). The single values D_α are dp_renyi() in dp-divergence.h.
 */
#pragma once

#include "dp-common.h"

/* n values log-spaced from lo to hi inclusive (0 < lo < hi finite, n ≥ 2). */
DpStatus dp_log_grid (double lo, double hi, size_t n, double *out);

/* k·D_α(P‖Q) for each α in @alpha (α > 1; HUGE_VAL gives k·D∞): the Rényi DP curve of the
 * k-fold composition (Mironov 2017, Prop. 1: RDP of each order adds up). Infinite values
 * (the Gaussian at α = ∞, or beyond the double range) are +HUGE_VAL. k ∈ [1, DP_K_MAX]. */
DpStatus dp_renyi_curve (const DpMechanism *m, unsigned long k, const double *alpha, size_t n,
                         double *out);

/* The (ε, δ) conversion of an RDP curve at order α, as the `rdp` accountant uses it
 * (Canonne, Kamath & Steinke 2020, Prop. 12; Balle et al. 2020, Thm 21):
 * ε(α) = k·D_α + ln((α − 1)/α) − (ln δ + ln α)/(α − 1); at α = HUGE_VAL the limit k·D∞.
 * +HUGE_VAL where k·D_α is infinite. δ ∈ (0, 1). */
DpStatus dp_rdp_conversion (const DpMechanism *m, unsigned long k, double delta, double alpha,
                            double *epsilon);

/* dp_rdp_conversion at each of n orders (for the curve the view draws beside k·D_α). */
DpStatus dp_rdp_conversion_curve (const DpMechanism *m, unsigned long k, double delta,
                                  const double *alpha, size_t n, double *epsilon);

/* min over α > 1 of dp_rdp_conversion (the accountant of dp_compose_rdp), with the minimising
 * order in *best_alpha (HUGE_VAL when the α → ∞ limit k·D∞ is the smallest: Laplace and RR
 * with few steps). The minimum is searched over α − 1 ∈ [1e-8, 1e9] (a scan, then golden
 * section on ln(α − 1)) and against the limit. ε is clamped at 0 from below. */
DpStatus dp_rdp_epsilon (const DpMechanism *m, unsigned long k, double delta, double *epsilon,
                         double *best_alpha);

/* Rényi entropy H_α of a finite distribution (probabilities ≥ 0 summing to 1 within 1e-9; the
 * result is for the normalised vector), α ∈ [0, ∞]: α = 0 Hartley ln|supp|, α = 1 Shannon
 * −Σ p ln p, α = HUGE_VAL min-entropy −ln max p, in nats. Stable near α = 1
 * (−log1p(Σ p_i expm1((α−1) ln p_i))/(α − 1)) and for large α (log-sum-exp). */
DpStatus dp_renyi_entropy (const double *p, size_t n, double alpha, double *out);

/* H_α of the bit reported by randomized response with budget ε when the true bit is 1 with
 * probability @prior_one ∈ [0, 1]: the report is 1 with probability π·p + (1 − π)(1 − p),
 * p = e^ε/(1+e^ε). prior_one = 0 (or 1) is the output distribution M(D) given the true bit:
 * (p, 1 − p), whose entropy runs from ln 2 (ε → 0) to 0 (ε → ∞); prior_one = ½ makes the
 * report uniform (ln 2 for every α and ε). Computed from ln p and ln(1 − p) directly. */
DpStatus dp_rr_renyi_entropy (double epsilon, double prior_one, double alpha, double *out);
