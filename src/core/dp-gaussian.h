/* dp-gaussian.h — the Gaussian mechanism's privacy profile and calibration
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dp-common.h"

/* δ(ε) of the Gaussian pair with μ = Δ/σ (Balle & Wang 2018, Thm 8):
 * δ = Φ(μ/2 − ε/μ) − e^ε Φ(−μ/2 − ε/μ), evaluated through log Φ (gsl_sf_log_erfc) so that
 * it neither overflows nor cancels. μ ∈ (0, 1e6], ε ∈ [0, 1e6]. */
DpStatus dp_gaussian_delta (double mu, double epsilon, double *out);
/* Inverse in ε: the smallest ε ≥ 0 with δ(ε) ≤ delta. */
DpStatus dp_gaussian_epsilon (double mu, double delta, double *out);
/* Analytic Gaussian mechanism (Balle & Wang 2018, Alg. 1): the smallest σ with δ(ε) ≤ δ
 * for sensitivity Δ; relative accuracy 1e-12. */
DpStatus dp_gaussian_sigma_analytic (double epsilon, double delta, double sensitivity,
                                     double *out);
/* Classic calibration σ = Δ·√(2 ln(1.25/δ))/ε (Dwork & Roth Thm A.1, valid for ε < 1;
 * computed for any ε so the views can show how conservative it is). */
DpStatus dp_gaussian_sigma_classic (double epsilon, double delta, double sensitivity,
                                    double *out);
