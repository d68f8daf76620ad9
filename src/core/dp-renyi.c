/* dp-renyi.c — Rényi divergence curves, the RDP → (ε, δ) conversion and Rényi entropy
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Sources: see dp-renyi.h. Logarithms are natural; entropies are in nats (ln 2 nats = 1 bit).
 */
#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_math.h>

#include "dp-core.h"
#include "dp-private.h"
#include "dp-renyi.h"

DpStatus
dp_log_grid (double lo, double hi, size_t n, double *out)
{
  if (out == NULL || n < 2 || !(lo > 0.0) || !(hi > lo) || !isfinite (hi))
    return DP_ERR_DOMAIN;
  double a = log (lo), b = log (hi);
  for (size_t i = 0; i < n; i++)
    out[i] = exp (a + (b - a) * (double) i / (double) (n - 1));
  out[0] = lo;
  out[n - 1] = hi;
  return DP_OK;
}

DpStatus
dp_renyi_curve (const DpMechanism *m, unsigned long k, const double *alpha, size_t n,
                double *out)
{
  if (!dp_mechanism_is_valid (m) || !dp_is_valid_k (k) || (n > 0 && (alpha == NULL || out == NULL)))
    return DP_ERR_DOMAIN;
  for (size_t i = 0; i < n; i++)
    if (!(alpha[i] > 1.0))
      return DP_ERR_DOMAIN;
  for (size_t i = 0; i < n; i++)
    {
      /* Mironov 2017, Prop. 1: the k-fold composition is (α, k·D_α)-RDP. */
      double d;
      DpStatus st = dp_renyi (m, alpha[i], &d);
      if (st != DP_OK)
        return st;
      double v = (double) k * d;
      out[i] = isfinite (v) ? v : HUGE_VAL;
    }
  return DP_OK;
}

/* ε(α) with α = 1 + e^u: k·D_α + ln((α−1)/α) − (ln δ + ln α)/(α−1), where
 * ln((α−1)/α) = u − ln(1 + e^u) (Canonne, Kamath & Steinke 2020, Prop. 12; Balle et al. 2020,
 * Thm 21). +HUGE_VAL where it is not finite; a failing dp_renyi is recorded in *status. */
static double
conversion_at_u (const DpMechanism *m, double kd, double log_delta, double u, DpStatus *status)
{
  double am1 = exp (u);
  double alpha = 1.0 + am1;
  double d;
  DpStatus st = dp_renyi (m, alpha, &d);
  if (st != DP_OK || !isfinite (d))
    {
      if (st != DP_OK && *status == DP_OK)
        *status = st;
      return HUGE_VAL;
    }
  double log_alpha = log1p (am1);
  double v = kd * d + (u - log_alpha) - (log_delta + log_alpha) / am1;
  return isfinite (v) ? v : HUGE_VAL;
}

DpStatus
dp_rdp_conversion (const DpMechanism *m, unsigned long k, double delta, double alpha,
                   double *epsilon)
{
  if (epsilon == NULL || !dp_mechanism_is_valid (m) || !dp_is_valid_k (k) || !dp_is_valid_delta (delta)
      || !(alpha > 1.0))
    return DP_ERR_DOMAIN;
  if (alpha == HUGE_VAL)
    {
      double dinf;
      DpStatus st = dp_max_divergence (m, &dinf);
      if (st != DP_OK)
        return st;
      double v = (double) k * dinf;
      *epsilon = isfinite (v) ? v : HUGE_VAL;
      return DP_OK;
    }
  DpStatus st = DP_OK;
  /* α − 1 > 0 in double; u = ln(α − 1) */
  double v = conversion_at_u (m, (double) k, log (delta), log (alpha - 1.0), &st);
  if (st != DP_OK)
    return st;
  *epsilon = v;
  return DP_OK;
}

DpStatus
dp_rdp_conversion_curve (const DpMechanism *m, unsigned long k, double delta,
                         const double *alpha, size_t n, double *epsilon)
{
  if (n > 0 && (alpha == NULL || epsilon == NULL))
    return DP_ERR_DOMAIN;
  for (size_t i = 0; i < n; i++)
    {
      DpStatus st = dp_rdp_conversion (m, k, delta, alpha[i], &epsilon[i]);
      if (st != DP_OK)
        return st;
    }
  return DP_OK;
}

DpStatus
dp_rdp_epsilon (const DpMechanism *m, unsigned long k, double delta, double *epsilon,
                double *best_alpha)
{
  if (epsilon == NULL || !dp_mechanism_is_valid (m) || !dp_is_valid_k (k) || !dp_is_valid_delta (delta))
    return DP_ERR_DOMAIN;

  double kd = (double) k, log_delta = log (delta);
  DpStatus status = DP_OK;
  /* Scan α − 1 over [1e-8, 1e9] log-uniformly, then golden-section search on ln(α − 1) around
   * the best grid point (the objective is unimodal in practice; the scan guards against a poor
   * bracket). */
  const double u_lo = log (1e-8), u_hi = log (1e9);
  const int n_scan = 96;
  double best_u = u_lo, best_f = HUGE_VAL;
  double step = (u_hi - u_lo) / (n_scan - 1);
  for (int i = 0; i < n_scan; i++)
    {
      double u = u_lo + step * i;
      double f = conversion_at_u (m, kd, log_delta, u, &status);
      if (f < best_f)
        {
          best_f = f;
          best_u = u;
        }
    }
  if (!isfinite (best_f))
    return status != DP_OK ? status : DP_ERR_NUMERIC;

  const double g = (sqrt (5.0) - 1.0) / 2.0;
  double a = best_u - step, b = best_u + step;
  double x1 = b - g * (b - a), x2 = a + g * (b - a);
  double f1 = conversion_at_u (m, kd, log_delta, x1, &status);
  double f2 = conversion_at_u (m, kd, log_delta, x2, &status);
  for (int it = 0; it < 200 && b - a > 1e-12 * fmax (1.0, fabs (a)); it++)
    {
      if (f1 < f2)
        {
          b = x2;
          x2 = x1;
          f2 = f1;
          x1 = b - g * (b - a);
          f1 = conversion_at_u (m, kd, log_delta, x1, &status);
        }
      else
        {
          a = x1;
          x1 = x2;
          f1 = f2;
          x2 = a + g * (b - a);
          f2 = conversion_at_u (m, kd, log_delta, x2, &status);
        }
    }
  if (f1 < best_f)
    {
      best_f = f1;
      best_u = x1;
    }
  if (f2 < best_f)
    {
      best_f = f2;
      best_u = x2;
    }
  double alpha = 1.0 + exp (best_u);

  /* As α → ∞ the bound tends to k·D∞ (finite for Laplace and RR): include that limit. */
  double dinf;
  if (dp_max_divergence (m, &dinf) == DP_OK && isfinite (dinf) && kd * dinf <= best_f)
    {
      best_f = kd * dinf;
      alpha = HUGE_VAL;
    }
  if (!isfinite (best_f))
    return DP_ERR_NUMERIC;
  *epsilon = best_f > 0.0 ? best_f : 0.0;
  if (best_alpha != NULL)
    *best_alpha = alpha;
  return DP_OK;
}

/* ---- Rényi entropy ---------------------------------------------------------------------- */

/* H_α from the logarithms of the probabilities (−HUGE_VAL for a zero probability). */
static DpStatus
entropy_from_logs (const double *lp, size_t n, double alpha, double *out)
{
  size_t support = 0;
  double lmax = -HUGE_VAL, lmin = HUGE_VAL;
  for (size_t i = 0; i < n; i++)
    if (lp[i] > -HUGE_VAL)
      {
        support++;
        lmax = fmax (lmax, lp[i]);
        lmin = fmin (lmin, lp[i]);
      }
  if (support == 0)
    return DP_ERR_DOMAIN;
  double h;
  if (alpha == 0.0)
    h = log ((double) support); /* Hartley */
  else if (alpha == HUGE_VAL)
    h = -lmax; /* min-entropy */
  else if (alpha == 1.0)
    {
      /* Shannon */
      h = 0.0;
      for (size_t i = 0; i < n; i++)
        if (lp[i] > -HUGE_VAL)
          h -= exp (lp[i]) * lp[i];
    }
  else
    {
      double a = alpha - 1.0;
      double s;
      if (fabs (a * lmin) <= 1.0)
        {
          /* ln Σ p_i e^{a ln p_i} = log1p(Σ p_i expm1(a ln p_i)): every term has the sign of
           * −a, so nothing cancels, and it is exact to first order as α → 1. */
          double acc = 0.0;
          for (size_t i = 0; i < n; i++)
            if (lp[i] > -HUGE_VAL)
              acc += exp (lp[i]) * expm1 (a * lp[i]);
          s = log1p (acc);
        }
      else
        {
          /* ln Σ e^{α ln p_i}, log-sum-exp around the largest (taken once, the others
           * through log1p so that small ones keep their digits) */
          double acc = 0.0;
          bool seen_max = false;
          for (size_t i = 0; i < n; i++)
            if (lp[i] > -HUGE_VAL)
              {
                if (!seen_max && lp[i] == lmax)
                  {
                    seen_max = true;
                    continue;
                  }
                acc += exp (alpha * (lp[i] - lmax));
              }
          s = alpha * lmax + log1p (acc);
        }
      h = -s / a;
    }
  /* 0 ≤ H_α ≤ ln|supp| holds exactly; keep rounding inside. */
  *out = fmin (fmax (h, 0.0), log ((double) support));
  return DP_OK;
}

DpStatus
dp_renyi_entropy (const double *p, size_t n, double alpha, double *out)
{
  if (p == NULL || out == NULL || n == 0 || !(alpha >= 0.0))
    return DP_ERR_DOMAIN;
  double sum = 0.0;
  for (size_t i = 0; i < n; i++)
    {
      if (!(p[i] >= 0.0) || !isfinite (p[i]))
        return DP_ERR_DOMAIN;
      sum += p[i];
    }
  if (!(fabs (sum - 1.0) <= 1e-9))
    return DP_ERR_DOMAIN;
  double lp_small[16];
  double *lp = n <= 16 ? lp_small : malloc (n * sizeof (double));
  if (lp == NULL)
    return DP_ERR_NOMEM;
  for (size_t i = 0; i < n; i++)
    lp[i] = p[i] > 0.0 ? log (p[i] / sum) : -HUGE_VAL;
  DpStatus st = entropy_from_logs (lp, n, alpha, out);
  if (lp != lp_small)
    free (lp);
  return st;
}

DpStatus
dp_rr_renyi_entropy (double epsilon, double prior_one, double alpha, double *out)
{
  if (out == NULL || !dp_is_valid_epsilon (epsilon) || !(prior_one >= 0.0 && prior_one <= 1.0)
      || !(alpha >= 0.0))
    return DP_ERR_DOMAIN;
  /* ln p = −ln(1 + e^{−ε}), ln(1 − p) = −ε − ln(1 + e^{−ε}) (book §3.3.1). */
  double lk = -log1p (exp (-epsilon));
  double lf = -epsilon + lk;
  double lp[2];
  if (prior_one == 0.0)
    {
      lp[0] = lk; /* report 0 = the true bit */
      lp[1] = lf;
    }
  else if (prior_one == 1.0)
    {
      lp[0] = lf;
      lp[1] = lk;
    }
  else
    {
      /* P(report 1) = π·p + (1 − π)(1 − p), P(report 0) = π(1 − p) + (1 − π)p */
      double lpi = log (prior_one), l1pi = log1p (-prior_one);
      double x = lpi + lk, y = l1pi + lf;
      lp[1] = fmax (x, y) + log1p (exp (-fabs (x - y)));
      x = lpi + lf;
      y = l1pi + lk;
      lp[0] = fmax (x, y) + log1p (exp (-fabs (x - y)));
    }
  return entropy_from_logs (lp, 2, alpha, out);
}
