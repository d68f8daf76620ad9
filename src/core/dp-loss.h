/* dp-loss.h — the privacy loss as a random variable: its moments and the distribution of the
 * k-fold sum
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * L = ln(p(Y)/q(Y)) with Y ~ P = M(D) (dp-common.h). Composing k independent runs of the same
 * mechanism adds their losses: S_k = L_1 + … + L_k with L_i i.i.d. (Dwork & Roth §3.5.1, the
 * proof of Thm 3.20). Under P, per step (dp_mechanism_loss_cdf):
 * - Laplace: atom ½ at +ε, atom ½e^{−ε} at −ε, density ¼e^{(t−ε)/2} on (−ε, ε);
 * - Gaussian: N(μ²/2, μ²), μ = Δ/σ;
 * - randomized response: +ε with probability p = e^ε/(1+e^ε), −ε otherwise.
 */
#pragma once

#include "dp-common.h"

/* Var_P(L). Laplace 3 − 2e^{−ε} − 4εe^{−ε} − e^{−2ε} (from the atoms and the continuous
 * part; ≈ ε² − ε³/3 for small ε, evaluated without cancellation); Gaussian μ²;
 * RR ε²/cosh²(ε/2) = 4pqε². */
DpStatus dp_loss_variance (const DpMechanism *m, double *out);

/* The cumulant generating function K(λ) = ln E_P[e^{λL}] for any finite λ (K(0) = 0,
 * K(−1) = 0, K′(0) = KL). Laplace ln[½e^{λε} + ½e^{−(1+λ)ε} + ¼e^{−ε/2}·2sinh((λ+½)ε)/(λ+½)];
 * Gaussian λμ²/2 + λ²μ²/2; RR ln(p e^{λε} + q e^{−λε}). DP_ERR_NUMERIC if it overflows. */
DpStatus dp_loss_log_mgf (const DpMechanism *m, double lambda, double *out);

/* The exact tail of the k-fold loss, P[S_k > t], for k ∈ [1, DP_K_MAX] and any t (±HUGE_VAL
 * too). *log_tail receives its natural logarithm (−HUGE_VAL when the tail is 0, e.g. for
 * t ≥ kε), so that tails below the double range are still reported; either pointer may be
 * NULL.
 * - Gaussian: S_k ~ N(kμ²/2, kμ²), through log Φ (closed form).
 * - RR: S_k = (k − 2l)ε with l ~ Bin(k, 1 − p), a binomial sum in log space (exact).
 * - Laplace: the all-atom outcomes exactly (a binomial sum); the rest from a discretization of
 *   the exponentially tilted per-step distribution (saddle point at t, mass and mean of every
 *   cell kept), composed by FFT and read with the tilt undone in closed form. Relative
 *   accuracy about 2e-9, 1e-7 for tails far below 1e-300 (dp-loss.c says how it was
 *   measured). Up to about 20 ms for k ≤ 10⁵, 1 s at k = 10⁷. Cancellable (@cancel may be
 *   NULL): polled between the FFT passes and within the loops, so one FFT (at most 2²¹ points)
 *   is the longest it runs on. */
DpStatus dp_loss_sum_tail (const DpMechanism *m, unsigned long k, double t,
                           const DpCancel *cancel, double *tail, double *log_tail);

/* The probabilities P[e_i < S_k ≤ e_{i+1}] of the n_edges − 1 bins between increasing edges
 * (±HUGE_VAL allowed at the ends), written to prob[0 … n_edges − 2]. Same methods as the
 * tail; Laplace bins are accurate to about 1e-9 absolute. Cancellable. */
DpStatus dp_loss_sum_bins (const DpMechanism *m, unsigned long k, const double *edges,
                           size_t n_edges, const DpCancel *cancel, double *prob);
