/* dp-posterior.c — an attacker's posterior after a DP release
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Bayes' rule in log-odds: logit(posterior) = logit(prior) + ln(Pr[M(D) = z]/Pr[M(D′) = z]).
 * For ε-DP the log-likelihood ratio lies in [−ε, ε] (book Def. 3.2, Prop. 3.2), which bounds
 * the posterior (dp-posterior.h).
 */
#include <math.h>

#include "dp-core.h"
#include "dp-private.h"

/* 1/(1 + e^{−l}) for any l, ±∞ included, without overflow. */
static double
logistic (double l)
{
  if (l >= 0.0)
    return 1.0 / (1.0 + exp (-l));
  return exp (l) / (1.0 + exp (l));
}

/* Posterior from a prior and a log-likelihood ratio λ; the priors 0 and 1 are kept (no
 * evidence moves a certainty). */
static double
posterior_from (double prior, double lambda)
{
  if (prior == 0.0 || prior == 1.0)
    return prior;
  return logistic (log (prior) - log1p (-prior) + lambda);
}

DpStatus
dp_posterior_laplace (double prior, double scale, double f_d, double f_d_prime, double z,
                      double *out)
{
  double lambda;

  if (out == NULL || !(prior >= 0.0 && prior <= 1.0) || !(scale > 0.0) || !isfinite (scale)
      || !isfinite (f_d) || !isfinite (f_d_prime) || !isfinite (z))
    return DP_ERR_DOMAIN;
  /* ln(h(z | f(D), b)/h(z | f(D′), b)) = (|z − f(D′)| − |z − f(D)|)/b, bounded by
   * |f(D) − f(D′)|/b (book Thm 3.2's proof). Beyond both centres the difference is exactly
   * ±(f(D) − f(D′)), taken as such: for |z| far above the centres, z − f(D) and z − f(D′)
   * round to the same number. */
  if (z >= fmax (f_d, f_d_prime))
    lambda = (f_d - f_d_prime) / scale;
  else if (z <= fmin (f_d, f_d_prime))
    lambda = (f_d_prime - f_d) / scale;
  else
    lambda = (fabs (z - f_d_prime) - fabs (z - f_d)) / scale;
  if (!isfinite (lambda))
    return DP_ERR_NUMERIC;
  *out = posterior_from (prior, lambda);
  return DP_OK;
}

DpStatus
dp_posterior_bounds (double prior, double epsilon, double *lower, double *upper)
{
  if (lower == NULL || upper == NULL || !(prior >= 0.0 && prior <= 1.0) || !(epsilon >= 0.0)
      || !isfinite (epsilon))
    return DP_ERR_DOMAIN;
  *lower = posterior_from (prior, -epsilon);
  *upper = posterior_from (prior, epsilon);
  return DP_OK;
}
