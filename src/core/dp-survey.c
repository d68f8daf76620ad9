/* dp-survey.c — the randomized-response survey of a class (book §3.3.1)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The model and its formulas are stated in dp-survey.h. Binomial probabilities follow
 * Loader, "Fast and accurate computation of binomial probabilities" (2000): the saddle-point
 * form ln Pr[K = k] = stirlerr(n) − stirlerr(k) − stirlerr(n − k) − bd0(k, nλ)
 * − bd0(n − k, n(1 − λ)) − ½ ln(2πk(n − k)/n), which has no cancellation between large
 * log-factorials. Tails are sums of the probabilities from the requested end outwards, by the
 * ratio of neighbouring terms, on the side of the mean where the terms decrease.
 */
#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_math.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_sf_gamma.h>

#include "dp-survey.h"
#include "dp-private.h"

static bool
is_valid_rate (double rate)
{
  return rate >= 0.0 && rate <= 1.0;   /* false for NaN */
}

static bool
is_valid_n (unsigned long n)
{
  return n >= 1 && n <= DP_SURVEY_N_MAX;
}

/* p, 1 − p and 2p − 1 of the coin with odds e^ε (book §3.3.1; dp-survey.h). */
static void
coin (double epsilon, double *keep, double *flip, double *gain)
{
  *keep = 1.0 / (1.0 + exp (-epsilon));
  *flip = 1.0 / (1.0 + exp (epsilon));
  *gain = tanh (0.5 * epsilon);
}

/* λ = (1 − p) + (2p − 1)π and 1 − λ = (1 − p) + (2p − 1)(1 − π), each without cancellation. */
static void
observed_rates (double flip, double gain, double true_rate, double *lambda, double *mu)
{
  *lambda = flip + gain * true_rate;
  *mu = flip + gain * (1.0 - true_rate);
}

/* ---------------------------------------------------------------------------------------- */
/* Binomial probabilities (Loader 2000)                                                      */

/* stirlerr(x) = ln x! − ln(√(2πx)(x/e)^x) for x ≥ 1: the series 1/(12x) − 1/(360x³) +
 * 1/(1260x⁵) − 1/(1680x⁷) + 1/(1188x⁹) above 15 (its next term is below 1e-15 there),
 * gsl_sf_lngamma below (an absolute error of a few 1e-14, which is what the pmf inherits). */
static double
stirlerr (double x)
{
  if (x <= 15.0)
    return gsl_sf_lngamma (x + 1.0) - (x + 0.5) * log (x) + x - 0.5 * log (2.0 * M_PI);
  double xx = x * x;
  return (1.0 / 12.0
          - (1.0 / 360.0 - (1.0 / 1260.0 - (1.0 / 1680.0 - 1.0 / (1188.0 * xx)) / xx) / xx) / xx)
         / x;
}

/* bd0(x, m) = x ln(x/m) + m − x ≥ 0 for x, m > 0; near x = m by the series
 * (x − m)v + 2x Σ_{j≥1} v^{2j+1}/(2j + 1), v = (x − m)/(x + m), which does not cancel. */
static double
bd0 (double x, double m)
{
  if (fabs (x - m) < 0.1 * (x + m))
    {
      double v = (x - m) / (x + m);
      double s = (x - m) * v;
      double ej = 2.0 * x * v;
      double v2 = v * v;

      for (int j = 1; j < 1000; j++)
        {
          ej *= v2;
          double s1 = s + ej / (2 * j + 1);
          if (s1 == s)
            break;
          s = s1;
        }
      return s;
    }
  return x * log (x / m) + m - x;
}

/* ln Pr[K = k] for K ~ Binomial(n, λ), 0 ≤ k ≤ n, with μ = 1 − λ given separately (0 < λ, μ). */
static double
binom_log_pmf (unsigned long n, unsigned long k, double lambda, double mu)
{
  double dn = (double) n, dk = (double) k;
  double log_lambda = lambda < 0.5 ? log (lambda) : log1p (-mu);
  double log_mu = mu < 0.5 ? log (mu) : log1p (-lambda);

  if (k == 0)
    return dn * log_mu;
  if (k == n)
    return dn * log_lambda;
  double lc = stirlerr (dn) - stirlerr (dk) - stirlerr (dn - dk) - bd0 (dk, dn * lambda)
              - bd0 (dn - dk, dn * mu);
  return lc - 0.5 * log (2.0 * M_PI * dk * ((dn - dk) / dn));
}

/* Pr[K ≤ k] (*le) and Pr[K > k] (*gt) for K ~ Binomial(n, λ). The one on the far side of the
 * mean is summed (relative accuracy about 1e-12), the other is 1 minus it. On the side
 * k ≤ nλ the terms shrink going down from k (ratio jμ/((n − j + 1)λ) < 1); beyond the mean
 * they shrink going up from k + 1. The sum stops when a term is below 1e-17 of it. */
static void
binom_cdf (unsigned long n, unsigned long k, double lambda, double mu, double *le, double *gt)
{
  double dn = (double) n;

  if (k >= n)
    {
      *le = 1.0;
      *gt = 0.0;
      return;
    }
  if ((double) k <= dn * lambda)
    {
      double rel = 1.0, sum = 1.0, odds = mu / lambda;

      for (unsigned long j = k; j >= 1; j--)
        {
          rel *= (double) j / (dn - (double) j + 1.0) * odds;
          sum += rel;
          if (rel <= 1e-17 * sum)
            break;
        }
      *le = exp (binom_log_pmf (n, k, lambda, mu) + log (sum));
      *le = fmin (*le, 1.0);
      *gt = 1.0 - *le;
    }
  else
    {
      double rel = 1.0, sum = 1.0, odds = lambda / mu;

      for (unsigned long j = k + 1; j < n; j++)
        {
          rel *= (dn - (double) j) / ((double) j + 1.0) * odds;
          sum += rel;
          if (rel <= 1e-17 * sum)
            break;
        }
      *gt = exp (binom_log_pmf (n, k + 1, lambda, mu) + log (sum));
      *gt = fmin (*gt, 1.0);
      *le = 1.0 - *gt;
    }
}

/* Clopper–Pearson endpoints by bisection on λ ∈ (0, 1), carrying 1 − λ beside λ so that
 * neither loses digits near 0 or 1. Lower: Pr[K ≥ k | λ] = a (increasing in λ); upper:
 * Pr[K ≤ k | λ] = a (decreasing). The bracket end on the outer side is returned, so the
 * interval is never narrower than the exact one. The bracket shrinks to 1e-15 of the smaller
 * of λ and 1 − λ, so both are exact to that relative accuracy. */
static void
clopper_pearson (unsigned long n, unsigned long k, double a, double *lam_lo, double *mu_lo,
                 double *lam_hi, double *mu_hi)
{
  double dn = (double) n;

  /* k = 0 and k = n in closed form: Pr[K ≤ 0 | λ] = (1 − λ)ⁿ = a, Pr[K ≥ n | λ] = λⁿ = a. */
  if (k == 0)
    {
      *lam_lo = 0.0;
      *mu_lo = 1.0;
    }
  else if (k == n)
    {
      *lam_lo = exp (log (a) / dn);
      *mu_lo = -expm1 (log (a) / dn);
    }
  else
    {
      double l0 = 0.0, m0 = 1.0, l1 = 1.0, m1 = 0.0;

      for (int it = 0; it < 400 && l1 - l0 > 1e-15 * fmin (l1, m0); it++)
        {
          double lm = 0.5 * (l0 + l1), mm = 0.5 * (m0 + m1), le, gt;

          binom_cdf (n, k - 1, lm, mm, &le, &gt);   /* gt = Pr[K ≥ k] */
          if (gt < a)
            {
              l0 = lm;
              m0 = mm;
            }
          else
            {
              l1 = lm;
              m1 = mm;
            }
        }
      *lam_lo = l0;
      *mu_lo = m0;
    }

  if (k == n)
    {
      *lam_hi = 1.0;
      *mu_hi = 0.0;
    }
  else if (k == 0)
    {
      *lam_hi = -expm1 (log (a) / dn);
      *mu_hi = exp (log (a) / dn);
    }
  else
    {
      double l0 = 0.0, m0 = 1.0, l1 = 1.0, m1 = 0.0;

      for (int it = 0; it < 400 && l1 - l0 > 1e-15 * fmin (l1, m0); it++)
        {
          double lm = 0.5 * (l0 + l1), mm = 0.5 * (m0 + m1), le, gt;

          binom_cdf (n, k, lm, mm, &le, &gt);
          if (le > a)
            {
              l0 = lm;
              m0 = mm;
            }
          else
            {
              l1 = lm;
              m1 = mm;
            }
        }
      *lam_hi = l1;
      *mu_hi = m1;
    }
}

/* ---------------------------------------------------------------------------------------- */
/* Public API                                                                                */

DpStatus
dp_survey_expected (double epsilon, double true_rate, unsigned long n, DpSurveyExpected *out)
{
  double keep, flip, gain, lambda, mu;

  if (out == NULL || !dp_is_valid_epsilon (epsilon) || !is_valid_rate (true_rate)
      || !is_valid_n (n))
    return DP_ERR_DOMAIN;
  coin (epsilon, &keep, &flip, &gain);
  observed_rates (flip, gain, true_rate, &lambda, &mu);

  out->keep = keep;
  out->flip = flip;
  out->gain = gain;
  out->observed_rate = lambda;
  /* sd(π̂) = sd(K/n)/(2p − 1), K ~ Binomial(n, λ). */
  out->estimator_sd = sqrt (lambda * mu / (double) n) / gain;
  /* Bayes' rule with prior π (dp-survey.h). Neither denominator is 0: p, 1 − p > 0. */
  out->posterior_yes = keep * true_rate / (keep * true_rate + flip * (1.0 - true_rate));
  out->posterior_no = flip * true_rate / (flip * true_rate + keep * (1.0 - true_rate));
  return DP_OK;
}

DpStatus
dp_survey_estimate (double epsilon, double observed_rate, double *estimate)
{
  double keep, flip, gain;

  if (estimate == NULL || !dp_is_valid_epsilon (epsilon) || !is_valid_rate (observed_rate))
    return DP_ERR_DOMAIN;
  coin (epsilon, &keep, &flip, &gain);
  /* π̂ = (λ̂ − (1 − p))/(2p − 1): book §3.3.1, p = 2/3 gives 3λ̂ − 1. */
  *estimate = (observed_rate - flip) / gain;
  return DP_OK;
}

DpStatus
dp_survey_sd_curve (const double *epsilon, size_t m, double true_rate, unsigned long n,
                    double *sd)
{
  if (epsilon == NULL || sd == NULL || !is_valid_rate (true_rate) || !is_valid_n (n))
    return DP_ERR_DOMAIN;
  for (size_t i = 0; i < m; i++)
    if (!dp_is_valid_epsilon (epsilon[i]))
      return DP_ERR_DOMAIN;
  for (size_t i = 0; i < m; i++)
    {
      DpSurveyExpected e;

      dp_survey_expected (epsilon[i], true_rate, n, &e);
      sd[i] = e.estimator_sd;
    }
  return DP_OK;
}

DpStatus
dp_survey_count_pmf (double epsilon, double true_rate, unsigned long n, unsigned long k_first,
                     size_t m, double *pmf)
{
  double keep, flip, gain, lambda, mu;

  if (pmf == NULL || !dp_is_valid_epsilon (epsilon) || !is_valid_rate (true_rate)
      || !is_valid_n (n) || k_first > n || m > n - k_first + 1)
    return DP_ERR_DOMAIN;
  coin (epsilon, &keep, &flip, &gain);
  observed_rates (flip, gain, true_rate, &lambda, &mu);
  for (size_t i = 0; i < m; i++)
    pmf[i] = exp (binom_log_pmf (n, k_first + i, lambda, mu));
  return DP_OK;
}

DpStatus
dp_survey_count_range (double epsilon, double true_rate, unsigned long n, double tail,
                       unsigned long *k_lo, unsigned long *k_hi)
{
  double keep, flip, gain, lambda, mu, le, gt;
  unsigned long lo, hi;

  if (k_lo == NULL || k_hi == NULL || !dp_is_valid_epsilon (epsilon)
      || !is_valid_rate (true_rate) || !is_valid_n (n) || !(tail > 0.0 && tail < 0.5))
    return DP_ERR_DOMAIN;
  coin (epsilon, &keep, &flip, &gain);
  observed_rates (flip, gain, true_rate, &lambda, &mu);

  /* k_lo: the largest k with Pr[K < k] = Pr[K ≤ k − 1] ≤ tail (Pr[K < 0] = 0). */
  lo = 0;
  hi = n;
  while (lo < hi)
    {
      unsigned long mid = lo + (hi - lo + 1) / 2;

      binom_cdf (n, mid - 1, lambda, mu, &le, &gt);
      if (le <= tail)
        lo = mid;
      else
        hi = mid - 1;
    }
  *k_lo = lo;

  /* k_hi: the smallest k with Pr[K > k] ≤ tail (Pr[K > n] = 0). */
  lo = 0;
  hi = n;
  while (lo < hi)
    {
      unsigned long mid = lo + (hi - lo) / 2;

      binom_cdf (n, mid, lambda, mu, &le, &gt);
      if (gt <= tail)
        hi = mid;
      else
        lo = mid + 1;
    }
  *k_hi = lo;
  return DP_OK;
}

DpStatus
dp_survey_interval (double epsilon, unsigned long n, unsigned long count, double confidence,
                    double *lo, double *hi)
{
  double keep, flip, gain, lam_lo, mu_lo, lam_hi, mu_hi;

  if (lo == NULL || hi == NULL || !dp_is_valid_epsilon (epsilon) || !is_valid_n (n)
      || count > n || !(confidence > 0.0 && confidence < 1.0))
    return DP_ERR_DOMAIN;
  coin (epsilon, &keep, &flip, &gain);
  clopper_pearson (n, count, 0.5 * (1.0 - confidence), &lam_lo, &mu_lo, &lam_hi, &mu_hi);
  /* π = (λ − (1 − p))/(2p − 1); the upper end through 1 − λ: (p − (1 − λ))/(2p − 1). */
  *lo = (lam_lo - flip) / gain;
  *hi = (keep - mu_hi) / gain;
  return DP_OK;
}

DpStatus
dp_survey_simulate (double epsilon, double true_rate, unsigned long n, unsigned long seed,
                    DpSurveyClass *out, unsigned char *truth, unsigned char *reported)
{
  double keep, flip, gain;
  unsigned long true_count = 0, observed_count = 0;
  gsl_rng *rng;

  if (out == NULL || !dp_is_valid_epsilon (epsilon) || !is_valid_rate (true_rate)
      || !is_valid_n (n) || seed > DP_SEED_MAX)
    return DP_ERR_DOMAIN;
  coin (epsilon, &keep, &flip, &gain);
  rng = dp_rng_new (seed);
  if (rng == NULL)
    return DP_ERR_NOMEM;

  for (unsigned long i = 0; i < n; i++)
    {
      /* gsl_rng_uniform ∈ [0, 1): U < 1 always, U < 0 never, so π = 1 and π = 0 are exact. */
      unsigned char x = gsl_rng_uniform (rng) < true_rate;
      unsigned char y = x ^ (unsigned char) (gsl_rng_uniform (rng) < flip);

      true_count += x;
      observed_count += y;
      if (truth != NULL)
        truth[i] = x;
      if (reported != NULL)
        reported[i] = y;
    }
  gsl_rng_free (rng);

  out->n = n;
  out->true_count = true_count;
  out->observed_count = observed_count;
  out->observed_rate = (double) observed_count / (double) n;
  out->estimate = (out->observed_rate - flip) / gain;
  return DP_OK;
}
