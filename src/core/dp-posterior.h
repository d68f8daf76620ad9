/* dp-posterior.h — what an attacker learns from a DP release: posterior against prior
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two neighbouring worlds, D (the attacker's hypothesis, e.g. "Rebecca's record says HIV") with
 * prior probability p and D′ with 1 − p. After seeing an output z of a mechanism M, Bayes gives
 * posterior odds = prior odds · Pr[M(D) = z] / Pr[M(D′) = z]. For an ε-DP mechanism the ratio
 * lies in [e^{−ε}, e^{ε}] (book Def. 3.2 with Prop. 3.1/3.2), so the posterior odds stay within
 * a factor e^{±ε} of the prior odds whatever z is; in particular posterior ≤ e^ε · prior.
 */
#pragma once

#include "dp-common.h"

/* The posterior Pr[D | z] after the output z of the Laplace mechanism f(·) + Lap(b), where
 * f(D) = @f_d and f(D′) = @f_d_prime. prior in [0, 1], b > 0, all finite. Computed in log-odds
 * (never NaN, no overflow for any finite z). */
DpStatus dp_posterior_laplace (double prior, double scale, double f_d, double f_d_prime,
                               double z, double *out);

/* The range of the posterior that ε-DP allows: the logit of the prior moved by ∓ε,
 * p e^{−ε}/(p e^{−ε} + 1 − p) and p e^{ε}/(p e^{ε} + 1 − p). prior in [0, 1], ε ≥ 0 finite. */
DpStatus dp_posterior_bounds (double prior, double epsilon, double *lower, double *upper);
