/* dp-compose.h — composition of k mechanisms
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * "Total δ" is always the failure probability of the whole k-fold composition.
 */
#pragma once

#include "dp-common.h"

/* Basic composition (Dwork & Roth Thm 3.16): (kε₀, kδ₀). */
DpStatus dp_compose_basic (double eps0, double delta0, unsigned long k,
                           double *eps_total, double *delta_total);

/* Advanced composition (Dwork, Rothblum & Vadhan 2010; Dwork & Roth Thm 3.20):
 * ε_k = √(2k ln(1/δ′))·ε₀ + kε₀(e^{ε₀} − 1), total δ = kδ₀ + δ′.
 * azuma_term = √(2k ln(1/δ′))·ε₀ (the deviation), drift_term = kε₀·expm1(ε₀) (the KL drift of
 * Lemma 3.18); epsilon is their sum (the formula itself, not its minimum with kε₀). */
typedef struct {
  double epsilon;
  double azuma_term;
  double drift_term;
  double delta;
} DpAdvancedComposition;

DpStatus dp_compose_advanced (double eps0, double delta0, unsigned long k, double delta_prime,
                              DpAdvancedComposition *out);
/* The smallest integer k at which advanced composition's ε_k is strictly below kε₀;
 * *k_cross = 0 when it never is (e^{ε₀} ≥ 2). Closed form k > 2 ln(1/δ′)/(2 − e^{ε₀})². */
DpStatus dp_compose_advanced_crossover (double eps0, double delta_prime,
                                        unsigned long *k_cross);

/* Optimal composition of k generic (ε₀, δ₀)-DP mechanisms (Kairouz, Oh & Viswanath 2015,
 * Thm 3.3), exact and in log space:
 * δ(ε) = 1 − (1−δ₀)^k (1 − H), H = Σ_l C(k,l) max(0, e^{(k−l)ε₀} − e^{ε + lε₀})/(1+e^{ε₀})^k. */
DpStatus dp_compose_kov_delta (double eps0, double delta0, unsigned long k, double eps_total,
                               double *delta_total);
/* Its inverse: the smallest ε_total ≥ 0 with δ(ε_total) ≤ delta_total (1e-9 absolute). */
DpStatus dp_compose_kov_epsilon (double eps0, double delta0, unsigned long k,
                                 double delta_total, double *eps_total);

/* Exact composition of the mechanism itself.
 * Laplace: privacy-loss distribution (PLD) discretized pessimistically, self-composed by FFT;
 * the result is an upper bound on the true ε (or δ) within rel_tol (1e-4 or better when the
 * caller passes 0, meaning "default").
 * Gaussian: k-fold composition is the Gaussian pair with μ√k (closed form, Balle & Wang).
 * RR: exact binomial composition (equal to KOV with ε₀, δ₀ = 0).
 * @cancel may be NULL; when another thread raises it (dp_cancel_set) during the computation,
 * the function returns DP_ERR_CANCELLED promptly. */
DpStatus dp_compose_exact_epsilon (const DpMechanism *m, unsigned long k, double delta_total,
                                   double rel_tol, const DpCancel *cancel,
                                   double *eps_total);
DpStatus dp_compose_exact_delta (const DpMechanism *m, unsigned long k, double eps_total,
                                 double rel_tol, const DpCancel *cancel,
                                 double *delta_total);
/* The same for n values of k at once (for curves); shares work between them. Writes n
 * results; each is an upper bound within rel_tol of the truth. */
DpStatus dp_compose_exact_epsilon_curve (const DpMechanism *m, const unsigned long *k,
                                         size_t n, double delta_total, double rel_tol,
                                         const DpCancel *cancel, double *eps_total);

/* zCDP route for the Gaussian mechanism (Bun & Steinke 2016, Prop. 1.3 and Lemma 2.3):
 * ρ = kΔ²/(2σ²), ε = ρ + 2√(ρ ln(1/δ)). */
DpStatus dp_compose_gaussian_zcdp (const DpMechanism *m, unsigned long k, double delta_total,
                                   double *eps_total);
/* RDP route for any of the three mechanisms (Mironov 2017, Prop. 1 and 3; conversion of
 * Canonne, Kamath & Steinke 2020 / Balle et al. 2020):
 * ε = min_α [k·D_α + ln((α−1)/α) − (ln δ + ln α)/(α−1)], minimised over α > 1. */
DpStatus dp_compose_rdp (const DpMechanism *m, unsigned long k, double delta_total,
                         double *eps_total);

/* Notes on domains and edge cases (added with the implementation; no signature changes):
 * - ε₀ ∈ [DP_EPSILON_MIN, DP_EPSILON_MAX], δ₀ ∈ [0, 1), target δ and δ′ ∈ (0, 1),
 *   k ∈ [1, DP_K_MAX]; anything else (NaN included) is DP_ERR_DOMAIN.
 * - dp_compose_basic and dp_compose_advanced report the total δ capped at 1.
 * - dp_compose_advanced returns DP_ERR_NUMERIC if kε₀(e^{ε₀} − 1) overflows (ε₀ near 700).
 * - dp_compose_advanced_crossover returns DP_ERR_NUMERIC when e^{ε₀} is so close to 2 that the
 *   crossover exceeds 1e18.
 * - dp_compose_kov_epsilon returns DP_ERR_DOMAIN when delta_total ≤ 1 − (1−δ₀)^k (no ε reaches
 *   it). Its answer is rounded up, never down.
 * - dp_compose_exact_delta needs eps_total ≥ 0. For Laplace both exact functions return the
 *   smaller of the PLD bound and KOV (both are upper bounds); the PLD is accurate to rel_tol
 *   in ε (for δ: rel_tol relative in δ, which at large k needs the finest grid, up to ~0.2 s).
 * - rel_tol = 0 means 1e-4; values above 0.1 are treated as 0.1. */
