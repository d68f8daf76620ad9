/* dp-exponential.h — the exponential mechanism
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dp-common.h"

/* Pr[r] ∝ exp(ε u(D, r)/(2Δu)) over n candidates (McSherry & Talwar 2007; Dwork & Roth
 * Def. 3.4), normalised with log-sum-exp so no term overflows. Writes n probabilities that
 * sum to 1. n ≥ 1, ε > 0, Δu > 0, all utilities finite. */
DpStatus dp_exponential_mechanism (const double *utility, size_t n, double epsilon,
                                   double utility_sensitivity, double *probabilities);
