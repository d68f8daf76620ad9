/* dp-gaussian.h — the Gaussian mechanism's privacy profile and calibration
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dp-common.h"

/* δ(ε) of the Gaussian pair with μ = Δ/σ (Balle & Wang 2018, Thm 8):
 * δ = Φ(μ/2 − ε/μ) − e^ε Φ(−μ/2 − ε/μ), evaluated through the Mills ratio (dp-gaussian.c)
 * so that it neither overflows nor cancels. μ ∈ (0, 1e6], ε ∈ [0, 1e6]. */
DpStatus dp_gaussian_delta (double mu, double epsilon, double *out);
/* Inverse in ε: the smallest ε ≥ 0 with δ(ε) ≤ delta (to 1e-15 relative; Newton's method on
 * ln δ from a private-enough bound, Brent's method where rounding stops it). dp_gaussian_delta
 * at the returned ε is ≤ delta; DP_ERR_NUMERIC when rounding leaves no such ε near the root. */
DpStatus dp_gaussian_epsilon (double mu, double delta, double *out);
/* The same answer as dp_gaussian_epsilon, sooner when @hint is an ε with δ(hint) ≤ δ close
 * to the answer: Newton's method then starts there instead of from a bound. A hint that is
 * not private enough, or not finite, is ignored. For a curve of ε over growing δ (fewer
 * compositions), each answer is the next hint. */
DpStatus dp_gaussian_epsilon_hint (double mu, double delta, double hint, double *out);
/* Analytic Gaussian mechanism (Balle & Wang 2018, Alg. 1): the smallest σ with δ(ε) ≤ δ
 * for sensitivity Δ; relative accuracy 1e-12. δ(ε) at the returned σ is ≤ δ as evaluated
 * here; DP_ERR_NUMERIC when rounding leaves no such σ near the root. */
DpStatus dp_gaussian_sigma_analytic (double epsilon, double delta, double sensitivity,
                                     double *out);
/* Classic calibration σ = Δ·√(2 ln(1.25/δ))/ε (Dwork & Roth Thm A.1, valid for ε < 1;
 * computed for any ε so the views can show how conservative it is). */
DpStatus dp_gaussian_sigma_classic (double epsilon, double delta, double sensitivity,
                                    double *out);
