/* dp-accuracy.c — what ε costs in accuracy: the noise of a numeric query (book §3.3.2)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The formulas are stated in dp-accuracy.h. Laplace: Pr[|Z| ≤ x] = 1 − e^{−x/b} for
 * Z ~ Lap(0, b) (integrate book Def. 3.4's density h(z | 0, b) = e^{−|z|/b}/(2b) over [−x, x]),
 * so x = −b·log1p(−C). Gaussian: Pr[|Z| ≤ x] = 2Φ(x/σ) − 1 = erf(x/(σ√2)).
 */
#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_sf_erf.h>

#include "dp-accuracy.h"
#include "dp-gaussian.h"
#include "dp-mechanism.h"
#include "dp-private.h"

static bool
is_valid_confidence (double confidence)
{
  return confidence > 0.0 && confidence < 1.0;   /* false for NaN */
}

static bool
is_valid_half_width (double half_width)
{
  return half_width > 0.0 && isfinite (half_width);
}

static bool
is_noise_mechanism (const DpMechanism *m)
{
  return dp_mechanism_is_valid (m)
         && (m->kind == DP_MECHANISM_LAPLACE || m->kind == DP_MECHANISM_GAUSSIAN);
}

DpStatus
dp_accuracy_mean_sensitivity (unsigned long n, double *out)
{
  if (out == NULL || n < 1 || !dp_is_valid_sensitivity (1.0 / (double) n))
    return DP_ERR_DOMAIN;
  /* Book Example 3.1: one of n values in [0, 1] moves the mean by at most 1/n. */
  *out = 1.0 / (double) n;
  return DP_OK;
}

DpStatus
dp_accuracy_gaussian_quantile (double confidence, double *out)
{
  if (out == NULL || !is_valid_confidence (confidence))
    return DP_ERR_DOMAIN;
  if (confidence >= 0.5)
    {
      /* 1 − C is exact here (Sterbenz), so the upper tail (1 − C)/2 carries every digit. */
      *out = gsl_cdf_ugaussian_Qinv (0.5 * (1.0 - confidence));
      return DP_OK;
    }
  /* Below 0.5, (1 + C)/2 would lose C's low digits: Newton's method on erf(z/√2) = C, whose
   * derivative √(2/π)·e^{−z²/2} stays within [0.36, 0.8] on the relevant z ∈ [0, 0.68]. */
  double z = gsl_cdf_ugaussian_Pinv (0.5 + 0.5 * confidence);
  for (int i = 0; i < 8; i++)
    {
      double step = (gsl_sf_erf (z * M_SQRT1_2) - confidence)
                    / (M_SQRT2 / sqrt (M_PI) * exp (-0.5 * z * z));
      z -= step;
      if (fabs (step) <= 1e-17 * z)
        break;
    }
  *out = z;
  return DP_OK;
}

DpStatus
dp_accuracy_half_width (const DpMechanism *m, double confidence, double *out)
{
  double z;

  if (out == NULL || !is_noise_mechanism (m) || !is_valid_confidence (confidence))
    return DP_ERR_DOMAIN;
  if (m->kind == DP_MECHANISM_LAPLACE)
    {
      /* x = b·ln(1/(1 − C)) */
      *out = -m->scale * log1p (-confidence);
      return DP_OK;
    }
  dp_accuracy_gaussian_quantile (confidence, &z);
  /* x = σ·Φ⁻¹((1 + C)/2) */
  *out = m->scale * z;
  return DP_OK;
}

DpStatus
dp_accuracy_confidence (const DpMechanism *m, double half_width, double *out)
{
  if (out == NULL || !is_noise_mechanism (m) || !(half_width >= 0.0) || isnan (half_width))
    return DP_ERR_DOMAIN;
  if (m->kind == DP_MECHANISM_LAPLACE)
    *out = -expm1 (-half_width / m->scale);          /* 1 − e^{−x/b} */
  else
    *out = gsl_sf_erf (half_width / m->scale * M_SQRT1_2);   /* erf(x/(σ√2)) */
  return DP_OK;
}

DpStatus
dp_accuracy_laplace_epsilon (double sensitivity, double half_width, double confidence,
                             double *epsilon)
{
  if (epsilon == NULL || !dp_is_valid_sensitivity (sensitivity)
      || !is_valid_half_width (half_width) || !is_valid_confidence (confidence))
    return DP_ERR_DOMAIN;
  /* b = x/ln(1/(1 − C)) and ε = Δ/b. */
  double e = sensitivity * -log1p (-confidence) / half_width;
  if (!(e > 0.0) || !isfinite (e))
    return DP_ERR_NUMERIC;
  *epsilon = e;
  return DP_OK;
}

DpStatus
dp_accuracy_gaussian_sigma (double half_width, double confidence, double *sigma)
{
  double z;

  if (sigma == NULL || !is_valid_half_width (half_width) || !is_valid_confidence (confidence))
    return DP_ERR_DOMAIN;
  dp_accuracy_gaussian_quantile (confidence, &z);
  double s = half_width / z;
  if (!(s > 0.0) || !isfinite (s))
    return DP_ERR_NUMERIC;
  *sigma = s;
  return DP_OK;
}

DpStatus
dp_accuracy_gaussian_epsilon (double sensitivity, double half_width, double confidence,
                              double delta, double *sigma, double *epsilon)
{
  double s, e;
  DpStatus status;

  if (sigma == NULL || epsilon == NULL || !dp_is_valid_sensitivity (sensitivity)
      || !dp_is_valid_delta (delta))
    return DP_ERR_DOMAIN;
  if ((status = dp_accuracy_gaussian_sigma (half_width, confidence, &s)) != DP_OK)
    return status;
  /* The pair N(0, σ²), N(Δ, σ²) has μ = Δ/σ; its ε at δ (Balle & Wang 2018, Thm 8). */
  if ((status = dp_gaussian_epsilon (sensitivity / s, delta, &e)) != DP_OK)
    return status;
  *sigma = s;
  *epsilon = e;
  return DP_OK;
}

DpStatus
dp_accuracy_half_width_curve (DpMechanismKind kind, double sensitivity, double delta,
                              double confidence, const double *epsilon, size_t m,
                              double *half_width)
{
  double z;

  if (epsilon == NULL || half_width == NULL || !dp_is_valid_sensitivity (sensitivity)
      || !is_valid_confidence (confidence)
      || (kind != DP_MECHANISM_LAPLACE && kind != DP_MECHANISM_GAUSSIAN)
      || (kind == DP_MECHANISM_GAUSSIAN && !dp_is_valid_delta (delta)))
    return DP_ERR_DOMAIN;
  for (size_t i = 0; i < m; i++)
    if (!dp_is_valid_epsilon (epsilon[i]))
      return DP_ERR_DOMAIN;

  if (kind == DP_MECHANISM_LAPLACE)
    {
      double log_term = -log1p (-confidence);

      for (size_t i = 0; i < m; i++)
        half_width[i] = sensitivity / epsilon[i] * log_term;
      return DP_OK;
    }

  /* Into a scratch array first: @half_width is written only when every σ was found. */
  double *sigma = malloc ((m > 0 ? m : 1) * sizeof *sigma);
  if (sigma == NULL)
    return DP_ERR_NOMEM;
  for (size_t i = 0; i < m; i++)
    {
      DpStatus status = dp_gaussian_sigma_analytic (epsilon[i], delta, sensitivity, &sigma[i]);

      if (status != DP_OK)
        {
          free (sigma);
          return status;
        }
    }
  dp_accuracy_gaussian_quantile (confidence, &z);
  for (size_t i = 0; i < m; i++)
    half_width[i] = sigma[i] * z;
  free (sigma);
  return DP_OK;
}

DpStatus
dp_accuracy_noisy_answers (const DpMechanism *m, double true_answer, unsigned long seed,
                           size_t count, double *out)
{
  gsl_rng *rng;

  if (out == NULL || !is_noise_mechanism (m) || !(fabs (true_answer) <= 1e15)
      || seed > DP_SEED_MAX)
    return DP_ERR_DOMAIN;
  rng = dp_rng_new (seed);
  if (rng == NULL)
    return DP_ERR_NOMEM;
  for (size_t i = 0; i < count; i++)
    {
      double y;

      /* The output on D (centred at 0) is the noise itself. */
      dp_mechanism_sample (m, DP_NEIGHBOUR_D, rng, &y);
      out[i] = true_answer + y;
    }
  gsl_rng_free (rng);
  return DP_OK;
}
