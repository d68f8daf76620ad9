/* dp-mechanism.c — Laplace, Gaussian and randomized-response mechanisms
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Sources: Dwork & Roth 2014, Def. 3.3 and Thm 3.6 (Laplace mechanism), §3.2 and the book's
 * §3.3.1 (randomized response), Thm A.1 / Balle & Wang 2018 (Gaussian mechanism);
 * ../shared/design/VIEWS.md, View 2 (regions S(ε′) and the distribution of the privacy loss).
 *
 * Laplace: p(y) = e^{−|y|/b}/(2b), q(y) = e^{−|y−Δ|/b}/(2b), b = Δ/ε;
 *   L(y) = (|y−Δ| − |y|)/b = ε·(1 − 2y/Δ) clamped to [−ε, ε].
 * Gaussian: p = N(0, σ²), q = N(Δ, σ²); L(y) = (Δ² − 2yΔ)/(2σ²) = μ(μ/2 − y/σ), μ = Δ/σ.
 * RR: P(0) = p, P(1) = 1 − p, Q(1) = p, Q(0) = 1 − p, p = e^ε/(1 + e^ε); L(0) = ε, L(1) = −ε.
 */
#include <math.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_randist.h>

#include "dp-core.h"
#include "dp-private.h"

DpStatus
dp_mechanism_laplace (double epsilon, double sensitivity, DpMechanism *out)
{
  if (out == NULL || !dp_is_valid_epsilon (epsilon) || !dp_is_valid_sensitivity (sensitivity))
    return DP_ERR_DOMAIN;
  *out = (DpMechanism) {
    .kind = DP_MECHANISM_LAPLACE,
    .epsilon = epsilon,
    .delta = 0.0,
    .sensitivity = sensitivity,
    .scale = sensitivity / epsilon,
  };
  return DP_OK;
}

DpStatus
dp_mechanism_gaussian (double sigma, double sensitivity, DpMechanism *out)
{
  if (out == NULL || !dp_is_valid_sigma (sigma) || !dp_is_valid_sensitivity (sensitivity))
    return DP_ERR_DOMAIN;
  *out = (DpMechanism) {
    .kind = DP_MECHANISM_GAUSSIAN,
    .epsilon = 0.0,
    .delta = 0.0,
    .sensitivity = sensitivity,
    .scale = sigma,
  };
  return DP_OK;
}

DpStatus
dp_mechanism_gaussian_calibrated (double epsilon, double delta, double sensitivity,
                                  DpMechanism *out)
{
  if (out == NULL)
    return DP_ERR_DOMAIN;
  double sigma;
  DpStatus status = dp_gaussian_sigma_analytic (epsilon, delta, sensitivity, &sigma);
  if (status != DP_OK)
    return status;
  if (!dp_is_valid_sigma (sigma))
    return DP_ERR_DOMAIN;
  *out = (DpMechanism) {
    .kind = DP_MECHANISM_GAUSSIAN,
    .epsilon = epsilon,
    .delta = delta,
    .sensitivity = sensitivity,
    .scale = sigma,
  };
  return DP_OK;
}

DpStatus
dp_mechanism_rr (double epsilon, DpMechanism *out)
{
  if (out == NULL || !dp_is_valid_epsilon (epsilon))
    return DP_ERR_DOMAIN;
  *out = (DpMechanism) {
    .kind = DP_MECHANISM_RR,
    .epsilon = epsilon,
    .delta = 0.0,
    .sensitivity = 1.0,
    .scale = 0.0,
  };
  return DP_OK;
}

static double
centre_of (const DpMechanism *m, DpNeighbour which)
{
  return which == DP_NEIGHBOUR_D ? 0.0 : m->sensitivity;
}

static bool
is_valid_neighbour (DpNeighbour which)
{
  return which == DP_NEIGHBOUR_D || which == DP_NEIGHBOUR_D_PRIME;
}

/* log p and log(1 − p) of randomized response, p = e^ε/(1+e^ε) = 1/(1 + e^{−ε}). */
static double
rr_log_keep (double epsilon)
{
  return -log1p (exp (-epsilon));
}

static double
rr_log_flip (double epsilon)
{
  return -epsilon - log1p (exp (-epsilon));
}

/* RR probability of output y: y equal to the true bit has probability p. */
static double
rr_log_probability (const DpMechanism *m, DpNeighbour which, double y)
{
  double truth = which == DP_NEIGHBOUR_D ? 0.0 : 1.0;
  if (y != 0.0 && y != 1.0)
    return -HUGE_VAL;
  return y == truth ? rr_log_keep (m->epsilon) : rr_log_flip (m->epsilon);
}

DpStatus
dp_mechanism_log_density (const DpMechanism *m, DpNeighbour which, double y, double *out)
{
  if (out == NULL || !dp_mechanism_is_valid (m) || !is_valid_neighbour (which) || isnan (y))
    return DP_ERR_DOMAIN;
  double c = centre_of (m, which);
  switch (m->kind)
    {
    case DP_MECHANISM_LAPLACE:
      *out = -fabs (y - c) / m->scale - log (2.0 * m->scale);
      return DP_OK;
    case DP_MECHANISM_GAUSSIAN:
      {
        double z = (y - c) / m->scale;
        *out = -0.5 * z * z - log (m->scale) - 0.5 * log (2.0 * M_PI);
        return DP_OK;
      }
    case DP_MECHANISM_RR:
      *out = rr_log_probability (m, which, y);
      return DP_OK;
    case DP_N_MECHANISMS:
    default:
      return DP_ERR_DOMAIN;
    }
}

double
dp_mechanism_gaussian_mu (const DpMechanism *m)
{
  return m->sensitivity / m->scale;
}

DpStatus
dp_mechanism_density (const DpMechanism *m, DpNeighbour which, double y, double *out)
{
  if (out == NULL)
    return DP_ERR_DOMAIN;
  double log_density;
  DpStatus status = dp_mechanism_log_density (m, which, y, &log_density);
  if (status != DP_OK)
    return status;
  *out = exp (log_density);
  return DP_OK;
}

DpStatus
dp_mechanism_cdf (const DpMechanism *m, DpNeighbour which, double y, double *out)
{
  if (out == NULL || !dp_mechanism_is_valid (m) || !is_valid_neighbour (which) || isnan (y))
    return DP_ERR_DOMAIN;
  double c = centre_of (m, which);
  switch (m->kind)
    {
    case DP_MECHANISM_LAPLACE:
      /* F(y) = ½e^{(y−c)/b} below the centre, 1 − ½e^{−(y−c)/b} above (gsl_cdf_laplace_P). */
      *out = gsl_cdf_laplace_P (y - c, m->scale);
      return DP_OK;
    case DP_MECHANISM_GAUSSIAN:
      *out = gsl_cdf_gaussian_P (y - c, m->scale);
      return DP_OK;
    case DP_MECHANISM_RR:
      if (y < 0.0)
        *out = 0.0;
      else if (y < 1.0)
        *out = exp (rr_log_probability (m, which, 0.0));
      else
        *out = 1.0;
      return DP_OK;
    case DP_N_MECHANISMS:
    default:
      return DP_ERR_DOMAIN;
    }
}

DpStatus
dp_mechanism_sample (const DpMechanism *m, DpNeighbour which, gsl_rng *rng, double *out)
{
  if (out == NULL || rng == NULL || !dp_mechanism_is_valid (m) || !is_valid_neighbour (which))
    return DP_ERR_DOMAIN;
  double c = centre_of (m, which);
  switch (m->kind)
    {
    case DP_MECHANISM_LAPLACE:
      *out = c + gsl_ran_laplace (rng, m->scale);
      return DP_OK;
    case DP_MECHANISM_GAUSSIAN:
      *out = c + gsl_ran_gaussian (rng, m->scale);
      return DP_OK;
    case DP_MECHANISM_RR:
      {
        /* Keep the true bit with probability p = 1/(1 + e^{−ε}). */
        double keep = 1.0 / (1.0 + exp (-m->epsilon));
        double truth = which == DP_NEIGHBOUR_D ? 0.0 : 1.0;
        *out = gsl_rng_uniform (rng) < keep ? truth : 1.0 - truth;
        return DP_OK;
      }
    case DP_N_MECHANISMS:
    default:
      return DP_ERR_DOMAIN;
    }
}

DpStatus
dp_mechanism_privacy_loss (const DpMechanism *m, double y, double *out)
{
  if (out == NULL || !dp_mechanism_is_valid (m) || isnan (y))
    return DP_ERR_DOMAIN;
  switch (m->kind)
    {
    case DP_MECHANISM_LAPLACE:
      {
        /* Dwork & Roth Thm 3.6 proof: |L| ≤ |f(D) − f(D′)|/b = ε. */
        double eps = m->epsilon;
        double loss = eps * (1.0 - 2.0 * y / m->sensitivity);
        *out = y <= 0.0 ? eps : y >= m->sensitivity ? -eps : fmin (fmax (loss, -eps), eps);
        return DP_OK;
      }
    case DP_MECHANISM_GAUSSIAN:
      {
        double mu = dp_mechanism_gaussian_mu (m);
        double loss = mu * (0.5 * mu - y / m->scale);
        if (isnan (loss) || (isinf (loss) && isfinite (y)))
          return DP_ERR_NUMERIC;
        *out = loss;
        return DP_OK;
      }
    case DP_MECHANISM_RR:
      if (y == 0.0)
        *out = m->epsilon;
      else if (y == 1.0)
        *out = -m->epsilon;
      else
        return DP_ERR_DOMAIN;
      return DP_OK;
    case DP_N_MECHANISMS:
    default:
      return DP_ERR_DOMAIN;
    }
}

/* S(ε′) = {y : L(y) > ε′} (VIEWS.md, View 2). L is non-increasing, so S = (−∞, t).
 * Laplace, −ε ≤ ε′ < ε: t = b(ε − ε′)/2 ∈ (0, Δ], P(S) = 1 − ½e^{−(ε−ε′)/2},
 *   Q(S) = ½e^{−(ε+ε′)/2}; ε′ < −ε: S = ℝ; ε′ ≥ ε: S = ∅.
 * Gaussian: t = σ(μ/2 − ε′/μ), P(S) = Φ(μ/2 − ε′/μ), Q(S) = Φ(−μ/2 − ε′/μ) (Balle & Wang
 *   2018, proof of Thm 8).
 * RR: S = {0} for −ε ≤ ε′ < ε (t = ½), ℝ below, ∅ above. */
DpStatus
dp_mechanism_region (const DpMechanism *m, double eps_prime, DpRegion *out)
{
  if (out == NULL || !dp_mechanism_is_valid (m) || isnan (eps_prime))
    return DP_ERR_DOMAIN;

  static const DpRegion empty = { true, -HUGE_VAL, 0.0, 0.0 };
  static const DpRegion whole = { false, HUGE_VAL, 1.0, 1.0 };

  switch (m->kind)
    {
    case DP_MECHANISM_LAPLACE:
    case DP_MECHANISM_RR:
      {
        double eps = m->epsilon;
        if (eps_prime >= eps)
          *out = empty;
        else if (eps_prime < -eps)
          *out = whole;
        else if (m->kind == DP_MECHANISM_LAPLACE)
          *out = (DpRegion) {
            .empty = false,
            .threshold = 0.5 * m->scale * (eps - eps_prime),
            .p_mass = 1.0 - 0.5 * exp (-0.5 * (eps - eps_prime)),
            .q_mass = 0.5 * exp (-0.5 * (eps + eps_prime)),
          };
        else
          *out = (DpRegion) {
            .empty = false,
            .threshold = 0.5,
            .p_mass = exp (rr_log_keep (eps)),
            .q_mass = exp (rr_log_flip (eps)),
          };
        return DP_OK;
      }
    case DP_MECHANISM_GAUSSIAN:
      {
        if (eps_prime == HUGE_VAL)
          *out = empty;
        else if (eps_prime == -HUGE_VAL)
          *out = whole;
        else
          {
            double mu = dp_mechanism_gaussian_mu (m);
            double a = 0.5 * mu - eps_prime / mu;
            double b = -0.5 * mu - eps_prime / mu;
            *out = (DpRegion) {
              .empty = false,
              .threshold = m->scale * a,
              .p_mass = gsl_cdf_ugaussian_P (a),
              .q_mass = gsl_cdf_ugaussian_P (b),
            };
          }
        return DP_OK;
      }
    case DP_N_MECHANISMS:
    default:
      return DP_ERR_DOMAIN;
    }
}

/* Pr_P[L ≤ t] (VIEWS.md, View 2).
 * Laplace: atom ½e^{−ε} at −ε, density ¼e^{(s−ε)/2} on (−ε, ε), atom ½ at ε, so
 *   F(t) = ½e^{(t−ε)/2} on [−ε, ε).
 * Gaussian: L = μ(μ/2 − Y/σ) with Y ~ N(0, σ²), so L ~ N(μ²/2, μ²).
 * RR: atoms 1 − p at −ε and p at ε. */
DpStatus
dp_mechanism_loss_cdf (const DpMechanism *m, double t, double *out)
{
  if (out == NULL || !dp_mechanism_is_valid (m) || isnan (t))
    return DP_ERR_DOMAIN;
  switch (m->kind)
    {
    case DP_MECHANISM_LAPLACE:
    case DP_MECHANISM_RR:
      {
        double eps = m->epsilon;
        if (t < -eps)
          *out = 0.0;
        else if (t >= eps)
          *out = 1.0;
        else if (m->kind == DP_MECHANISM_LAPLACE)
          *out = 0.5 * exp (0.5 * (t - eps));
        else
          *out = exp (rr_log_flip (eps));
        return DP_OK;
      }
    case DP_MECHANISM_GAUSSIAN:
      {
        double mu = dp_mechanism_gaussian_mu (m);
        /* (t − μ²/2)/μ = t/μ − μ/2, written so that μ² never overflows. */
        *out = gsl_cdf_ugaussian_P (t / mu - 0.5 * mu);
        return DP_OK;
      }
    case DP_N_MECHANISMS:
    default:
      return DP_ERR_DOMAIN;
    }
}
