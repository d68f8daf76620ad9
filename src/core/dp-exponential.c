/* dp-exponential.c — the exponential mechanism
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * DP notes (001_…, 指数机制): output r with probability proportional to exp(ε q(D, r)/(2Δq));
 * McSherry & Talwar 2007; Dwork & Roth 2014, Def. 3.4:
 *   Pr[r] = exp(ε u(D,r)/(2Δu)) / Σ_r′ exp(ε u(D,r′)/(2Δu)).
 * Normalised by log-sum-exp: every exponent is shifted by the largest, so each weight
 * w_r = exp(−ε(u_max − u_r)/(2Δu)) lies in [0, 1], the best candidates weigh exactly 1, and the
 * sum lies in [1, n]; nothing overflows whatever the utilities' size. The ε range check makes
 * ε/(2Δu) ≥ 5e-16 > 0, so a gap u_max − u_r that overflows to +∞ gives the exponent −∞ (never
 * 0 × ∞ = NaN) and the weight 0, its true value in double precision.
 */
#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_rng.h>

#include "dp-exponential.h"
#include "dp-private.h"

static bool
is_valid_input (const double *utility, size_t n, double epsilon, double utility_sensitivity)
{
  if (utility == NULL || n == 0 || n > DP_EXPONENTIAL_N_MAX || !dp_is_valid_epsilon (epsilon)
      || !dp_is_valid_sensitivity (utility_sensitivity))
    return false;
  for (size_t i = 0; i < n; i++)
    if (!isfinite (utility[i]))
      return false;
  return true;
}

static double
max_utility (const double *utility, size_t n)
{
  double best = utility[0];

  for (size_t i = 1; i < n; i++)
    best = fmax (best, utility[i]);
  return best;
}

/* w_r = exp(−scale·(u_max − u_r)) ∈ [0, 1] with scale = ε/(2Δu) > 0; exactly 1 at the best. */
static double
weight (double scale, double best, double u)
{
  return exp (-scale * (best - u));
}

/* Σ_r w_r over the candidates that are not best, and the number A of best ones. */
static double
rest_weight (const double *utility, size_t n, double scale, double best, size_t *n_best)
{
  double rest = 0.0;

  *n_best = 0;
  for (size_t i = 0; i < n; i++)
    {
      if (utility[i] == best)
        (*n_best)++;
      else
        rest += weight (scale, best, utility[i]);
    }
  return rest;
}

/* Σ_r Pr[r] u_r = u_max − Σ_r Pr[r](u_max − u_r), the gaps taken only where Pr[r] > 0 (there
 * they are finite: scale·gap ≤ 746). Clamped to [min u, max u], where a convex combination
 * lies, against rounding. */
static double
expected_utility (const double *utility, size_t n, double scale, double best)
{
  double sum = 0.0, gap = 0.0, lowest = best;

  for (size_t i = 0; i < n; i++)
    {
      double w = weight (scale, best, utility[i]);

      lowest = fmin (lowest, utility[i]);
      sum += w;
      if (w > 0.0)
        gap += w * (best - utility[i]);
    }
  return fmax (fmin (best - gap / sum, best), lowest);
}

DpStatus
dp_exponential_mechanism (const double *utility, size_t n, double epsilon,
                          double utility_sensitivity, double *probabilities)
{
  if (probabilities == NULL || !is_valid_input (utility, n, epsilon, utility_sensitivity))
    return DP_ERR_DOMAIN;

  double scale = epsilon / (2.0 * utility_sensitivity);
  double best = max_utility (utility, n);
  double sum = 0.0;

  for (size_t i = 0; i < n; i++)
    {
      probabilities[i] = weight (scale, best, utility[i]);
      sum += probabilities[i];
    }
  for (size_t i = 0; i < n; i++)
    probabilities[i] /= sum;
  return DP_OK;
}

DpStatus
dp_exponential_expected_utility (const double *utility, size_t n, double epsilon,
                                 double utility_sensitivity, double *out)
{
  if (out == NULL || !is_valid_input (utility, n, epsilon, utility_sensitivity))
    return DP_ERR_DOMAIN;
  *out = expected_utility (utility, n, epsilon / (2.0 * utility_sensitivity),
                           max_utility (utility, n));
  return DP_OK;
}

DpStatus
dp_exponential_best_probability (const double *utility, size_t n, double epsilon,
                                 double utility_sensitivity, double *best, double *not_best)
{
  size_t n_best;

  if (!is_valid_input (utility, n, epsilon, utility_sensitivity))
    return DP_ERR_DOMAIN;
  double rest = rest_weight (utility, n, epsilon / (2.0 * utility_sensitivity),
                             max_utility (utility, n), &n_best);
  double total = (double) n_best + rest;

  if (best != NULL)
    *best = (double) n_best / total;
  if (not_best != NULL)
    *not_best = rest / total;
  return DP_OK;
}

DpStatus
dp_exponential_curve (const double *utility, size_t n, double utility_sensitivity,
                      const double *epsilon, size_t m, double *expected, double *best_probability)
{
  if (epsilon == NULL || !is_valid_input (utility, n, DP_EPSILON_MIN, utility_sensitivity))
    return DP_ERR_DOMAIN;
  for (size_t j = 0; j < m; j++)
    if (!dp_is_valid_epsilon (epsilon[j]))
      return DP_ERR_DOMAIN;

  double top = max_utility (utility, n);
  for (size_t j = 0; j < m; j++)
    {
      double scale = epsilon[j] / (2.0 * utility_sensitivity);

      if (expected != NULL)
        expected[j] = expected_utility (utility, n, scale, top);
      if (best_probability != NULL)
        {
          size_t n_best;
          double rest = rest_weight (utility, n, scale, top, &n_best);

          best_probability[j] = (double) n_best / ((double) n_best + rest);
        }
    }
  return DP_OK;
}

DpStatus
dp_exponential_limit (const double *utility, size_t n, DpExponentialLimit limit,
                      double *probabilities)
{
  if (probabilities == NULL || !is_valid_input (utility, n, 1.0, 1.0)
      || (limit != DP_EXPONENTIAL_LIMIT_ZERO && limit != DP_EXPONENTIAL_LIMIT_INFINITY))
    return DP_ERR_DOMAIN;

  if (limit == DP_EXPONENTIAL_LIMIT_ZERO)
    {
      /* ε → 0: every weight → e⁰ = 1. */
      for (size_t i = 0; i < n; i++)
        probabilities[i] = 1.0 / (double) n;
      return DP_OK;
    }

  /* ε → ∞: every weight below the best → 0, the best ones stay 1. */
  double top = max_utility (utility, n);
  size_t n_best = 0;

  for (size_t i = 0; i < n; i++)
    n_best += utility[i] == top;
  for (size_t i = 0; i < n; i++)
    probabilities[i] = utility[i] == top ? 1.0 / (double) n_best : 0.0;
  return DP_OK;
}

DpStatus
dp_exponential_sample (const double *utility, size_t n, double epsilon,
                       double utility_sensitivity, unsigned long seed, size_t draws,
                       size_t *index)
{
  double *p;
  gsl_rng *rng;
  size_t last = 0;

  if (index == NULL || seed > DP_SEED_MAX
      || !is_valid_input (utility, n, epsilon, utility_sensitivity))
    return DP_ERR_DOMAIN;
  p = malloc (n * sizeof *p);
  if (p == NULL)
    return DP_ERR_NOMEM;
  rng = dp_rng_new (seed);
  if (rng == NULL)
    {
      free (p);
      return DP_ERR_NOMEM;
    }
  dp_exponential_mechanism (utility, n, epsilon, utility_sensitivity, p);
  for (size_t i = 0; i < n; i++)
    if (p[i] > 0.0)
      last = i;

  for (size_t d = 0; d < draws; d++)
    {
      /* The first r with U < Pr[0] + … + Pr[r]; rounding that leaves U above the total
       * picks the last candidate of positive probability. */
      double target = gsl_rng_uniform (rng), acc = 0.0;
      size_t pick = last;

      for (size_t i = 0; i < n; i++)
        {
          acc += p[i];
          if (target < acc && p[i] > 0.0)
            {
              pick = i;
              break;
            }
        }
      index[d] = pick;
    }
  gsl_rng_free (rng);
  free (p);
  return DP_OK;
}
