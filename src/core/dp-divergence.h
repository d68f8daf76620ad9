/* dp-divergence.h — divergences of the neighbouring pair (P, Q) and the KL bounds
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Sources: Dwork & Roth §3.5 (Def. 3.5 and 3.6, Lemmas 3.17–3.19; numbered as in the course text); Mironov 2017 (Rényi DP);
 * Balle & Wang 2018 (Gaussian hockey stick); Kairouz, Oh & Viswanath 2015 (tight KL).
 */
#pragma once

#include "dp-common.h"

/* D_KL(P‖Q). Laplace ε + e^{−ε} − 1 (computed as ε + expm1(−ε)); Gaussian Δ²/(2σ²);
 * RR ε·tanh(ε/2). */
DpStatus dp_kl (const DpMechanism *m, double *out);
/* D∞(P‖Q) = sup_S ln(P(S)/Q(S)): ε for Laplace and RR, +HUGE_VAL for Gaussian. */
DpStatus dp_max_divergence (const DpMechanism *m, double *out);
/* Total variation (statistical distance) = δ(0). Laplace 1 − e^{−ε/2} (−expm1(−ε/2));
 * Gaussian 2Φ(μ/2) − 1; RR tanh(ε/2). */
DpStatus dp_total_variation (const DpMechanism *m, double *out);
/* Rényi divergence D_α(P‖Q) for α > 1 (α = HUGE_VAL gives D∞). Stable near α = 1 (tends
 * to KL) and for large α (tends to D∞). Laplace: VIEWS.md's stable form
 * ε + log1p((α−1)·expm1(−(2α−1)ε)/(2α−1))/(α−1) (Mironov 2017, Table II);
 * Gaussian αΔ²/(2σ²); RR ln(p^α q^{1−α} + q^α p^{1−α})/(α−1) in log-sum-exp form.
 * A Gaussian αΔ²/(2σ²) beyond the double range saturates at +HUGE_VAL (= D∞). */
DpStatus dp_renyi (const DpMechanism *m, double alpha, double *out);
/* Hockey-stick divergence δ(ε′) = ∫ max(0, p − e^{ε′} q) dy = P(S) − e^{ε′}Q(S) for any finite
 * ε′ (for ε′ < 0 too). Laplace 1 − e^{(ε′−ε)/2} on [0, ε] (−expm1((ε′−ε)/2)), 0 beyond;
 * Gaussian Φ(μ/2 − ε′/μ) − e^{ε′} Φ(−μ/2 − ε′/μ) (Balle & Wang 2018, Thm 8) in log Φ;
 * RR (e^ε − e^{ε′})/(1+e^ε) for ε′ ≤ ε. Accurate to 1e-12 relative.
 * For ε′ below −D∞ (Laplace, RR: −ε) S = ℝ and δ = 1 − e^{ε′}; for the Gaussian ε′ < 0 uses
 * the pair's symmetry δ(ε′) = 1 − e^{ε′} + e^{ε′}δ(−ε′). ε′ = ±HUGE_VAL gives the limits 0, 1. */
DpStatus dp_hockey_stick (const DpMechanism *m, double eps_prime, double *out);
/* The inverse: the smallest ε′ ≥ 0 with δ(ε′) ≤ δ. For δ < TV this ε′ is D∞^δ(P‖Q) (Dwork &
 * Roth Def. 3.6, second part); for δ ≥ TV it returns 0, while D∞^δ itself is ≤ 0 there.
 * δ ∈ (0, 1). The result is rounded up (never optimistic): dp_hockey_stick at the returned ε′
 * is ≤ δ (DP_ERR_NUMERIC when no ε′ within 64 ulps of the closed form achieves it). */
DpStatus dp_hockey_stick_inverse (const DpMechanism *m, double delta, double *out);

/* KL bounds for any ε-DP pair, for any finite ε ≥ 0 (NaN-free; a negative, NaN or infinite
 * ε → DP_ERR_DOMAIN). Lemma 3.18's bound is +∞ (HUGE_VAL) above ε ≈ 703.2, where
 * ε(e^ε − 1) exceeds the double range; the other two stay finite up to ε ≈ 1.9·10¹⁵⁴. */
/* Dwork & Roth Lemma 3.18: D_KL ≤ ε(e^ε − 1) (computed as ε·expm1(ε)). */
DpStatus dp_kl_bound_lemma_3_18 (double epsilon, double *out);
/* Tight worst case ε·tanh(ε/2) = ε(e^ε−1)/(e^ε+1): the KL of binary RR, which dominates
 * every ε-DP pair (Kairouz, Oh & Viswanath 2015). */
DpStatus dp_kl_bound_tight (double epsilon, double *out);
/* zCDP bound ε²/2 (Bun & Steinke 2016, Prop. 3.3). */
DpStatus dp_kl_bound_zcdp (double epsilon, double *out);
