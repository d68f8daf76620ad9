/* dp-mechanism.h — Laplace, Gaussian and randomized-response mechanisms
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gsl/gsl_rng.h>

#include "dp-common.h"

/* Laplace mechanism with b = Δ/ε (Dwork & Roth Def. 3.3, Thm 3.6). */
DpStatus dp_mechanism_laplace (double epsilon, double sensitivity, DpMechanism *out);
/* Gaussian mechanism with a given σ. */
DpStatus dp_mechanism_gaussian (double sigma, double sensitivity, DpMechanism *out);
/* Gaussian mechanism with the smallest σ whose δ(ε) ≤ δ (analytic Gaussian mechanism,
 * Balle & Wang 2018, Thm 8 and Alg. 1); see dp-gaussian.h. */
DpStatus dp_mechanism_gaussian_calibrated (double epsilon, double delta, double sensitivity,
                                           DpMechanism *out);
/* Binary randomized response with p = e^ε/(1+e^ε) (book §3.3.1; Dwork & Roth §3.2). */
DpStatus dp_mechanism_rr (double epsilon, DpMechanism *out);

/* μ = Δ/σ of a Gaussian mechanism: the pair (N(0,σ²), N(Δ,σ²)) depends on Δ and σ only through
 * μ (it is μ-GDP, Dong, Roth & Su 2022, Thm 2.7), and every Gaussian formula here is in μ.
 * Only meaningful for a valid Gaussian mechanism. */
double dp_mechanism_gaussian_mu (const DpMechanism *m);

/* Density p(y) (which = D) or q(y) (which = D′); for RR the probability of output y ∈ {0,1}
 * (any other y has probability 0). */
DpStatus dp_mechanism_density (const DpMechanism *m, DpNeighbour which, double y, double *out);
/* log of the density (finite for Laplace and Gaussian for every finite y not so far out that
 * (y/scale)² overflows; −HUGE_VAL there, at y = ±∞, and for RR outputs other than 0, 1). */
DpStatus dp_mechanism_log_density (const DpMechanism *m, DpNeighbour which, double y,
                                   double *out);
/* CDF Pr[Y ≤ y]. */
DpStatus dp_mechanism_cdf (const DpMechanism *m, DpNeighbour which, double y, double *out);
/* One sample from the output distribution, using @rng (caller seeds it). */
DpStatus dp_mechanism_sample (const DpMechanism *m, DpNeighbour which, gsl_rng *rng,
                              double *out);
/* Privacy loss L(y) = ln(p(y)/q(y)). For Laplace L ∈ [−ε, ε]; Gaussian
 * L(y) = (Δ² − 2yΔ)/(2σ²); RR L(0) = ε, L(1) = −ε.
 * y = ±∞ gives the limit (∓∞ for Gaussian); a finite y whose Gaussian loss exceeds the double
 * range gives DP_ERR_NUMERIC; RR outputs other than 0 and 1 give DP_ERR_DOMAIN. */
DpStatus dp_mechanism_privacy_loss (const DpMechanism *m, double y, double *out);

/* The extremal set of the hockey-stick divergence at threshold ε′
 * S(ε′) = {y : p(y) > e^{ε′} q(y)} = {y : L(y) > ε′}. Since L is non-increasing in y for all
 * three mechanisms, S is a half line (−∞, threshold) (for RR: threshold 0.5 means S = {0}).
 * An empty S has empty = true, threshold = −HUGE_VAL and both masses 0.
 * p_mass = P(S), q_mass = Q(S); δ(ε′) = p_mass − e^{ε′} q_mass (VIEWS.md, View 2). */
typedef struct {
  bool empty;
  double threshold;
  double p_mass;
  double q_mass;
} DpRegion;

/* ε′ = ±HUGE_VAL is accepted (S = ∅ or S = ℝ with threshold +HUGE_VAL, masses 1). */
DpStatus dp_mechanism_region (const DpMechanism *m, double eps_prime, DpRegion *out);

/* The distribution of L under P, in the form the views and the PLD need:
 * atoms (value, P-probability) plus, for Laplace, an absolutely continuous part on
 * (−ε, ε) with density ¼e^{(t−ε)/2} (VIEWS.md, View 2); for Gaussian L ~ N(μ²/2, μ²) with
 * μ = Δ/σ and no atoms. */
DpStatus dp_mechanism_loss_cdf (const DpMechanism *m, double t, double *out);
/* (dp_mechanism_loss_cdf returns Pr_P[L ≤ t], right-continuous: at t = ε for Laplace and RR it
 * is 1, just below it 1 − ½ (Laplace) or 1 − p (RR).) */
