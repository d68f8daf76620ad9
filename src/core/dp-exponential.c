/* dp-exponential.c — the exponential mechanism
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * McSherry & Talwar 2007; Dwork & Roth 2014, Def. 3.4:
 *   Pr[r] = exp(ε u(D,r)/(2Δu)) / Σ_r′ exp(ε u(D,r′)/(2Δu)).
 * Normalised by log-sum-exp: every exponent is shifted by the largest, so each term lies in
 * [0, 1] and the sum in [1, n]; nothing overflows whatever the utilities' size.
 */
#include <math.h>

#include "dp-core.h"
#include "dp-private.h"

DpStatus
dp_exponential_mechanism (const double *utility, size_t n, double epsilon,
                          double utility_sensitivity, double *probabilities)
{
  if (utility == NULL || probabilities == NULL || n == 0 || !(epsilon > 0.0)
      || !isfinite (epsilon) || !(utility_sensitivity > 0.0) || !isfinite (utility_sensitivity))
    return DP_ERR_DOMAIN;

  double scale = epsilon / (2.0 * utility_sensitivity);
  if (!isfinite (scale))
    return DP_ERR_DOMAIN;

  double best = -HUGE_VAL;
  for (size_t i = 0; i < n; i++)
    {
      if (!isfinite (utility[i]))
        return DP_ERR_DOMAIN;
      best = fmax (best, utility[i]);
    }

  /* Exponent ε(u_i − u_max)/(2Δu) ≤ 0; a difference that overflows is −∞ and weighs 0. */
  double sum = 0.0;
  for (size_t i = 0; i < n; i++)
    {
      double weight = exp (scale * (utility[i] - best));
      probabilities[i] = weight;
      sum += weight;
    }
  for (size_t i = 0; i < n; i++)
    probabilities[i] /= sum;
  return DP_OK;
}
