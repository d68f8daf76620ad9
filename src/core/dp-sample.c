/* dp-sample.c — sampled outputs and the empirical privacy loss (see dp-sample.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Sources: Dwork & Roth 2014, Def. 2.4 (privacy loss) and Thm 3.6 (Laplace); the book's §3.3.1
 * (randomized response); Wilson 1927 (score interval); Balle & Wang 2018 (Gaussian).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_sf_erf.h>

#include "dp-core.h"
#include "dp-private.h"
#include "dp-sample.h"

void
dp_sample_free (DpSample *s)
{
  if (s == NULL)
    return;
  free (s->edges);
  free (s->count_p);
  free (s->count_q);
  free (s->prob_p);
  free (s->prob_q);
  free (s->has_estimate);
  free (s->loss_estimate);
  free (s->loss_lo);
  free (s->loss_hi);
  free (s->loss_binned);
  free (s->loss_min);
  free (s->loss_max);
  free (s->loss_centre);
  free (s->kept_p);
  free (s->kept_q);
  free (s);
}

/* ln(e^a − e^b) for a ≥ b. */
static double
log_sub (double a, double b)
{
  if (b == -HUGE_VAL)
    return a;
  if (!(a > b))
    return -HUGE_VAL;
  return a + log1p (-exp (b - a));
}

/* ln of the mass of (a, b] under the output distribution centred at @c, using the smaller tail
 * on each side so that far bins keep their digits. */
static double
log_bin_mass (const DpMechanism *m, double c, double a, double b)
{
  if (m->kind == DP_MECHANISM_LAPLACE)
    {
      double s = m->scale;
      /* Pr[Y > y] = ½e^{−(y−c)/s} above c; Pr[Y ≤ y] = ½e^{(y−c)/s} below c */
      if (a >= c)
        return log_sub (-M_LN2 - (a - c) / s, b == HUGE_VAL ? -HUGE_VAL : -M_LN2 - (b - c) / s);
      if (b <= c)
        return log_sub (-M_LN2 + (b - c) / s, a == -HUGE_VAL ? -HUGE_VAL : -M_LN2 + (a - c) / s);
      double lower = a == -HUGE_VAL ? 0.0 : 0.5 * exp ((a - c) / s);
      double upper = b == HUGE_VAL ? 0.0 : 0.5 * exp (-(b - c) / s);
      return log1p (-(lower + upper));
    }
  /* Gaussian */
  double s = m->scale;
  double za = (a - c) / s, zb = (b - c) / s;
  if (za >= 0.0)
    return log_sub (dp_log_normal_tail (za), dp_log_normal_tail (zb));
  if (zb <= 0.0)
    return log_sub (dp_log_normal_tail (-zb), dp_log_normal_tail (-za));
  return log1p (-(exp (dp_log_normal_tail (-za)) + exp (dp_log_normal_tail (zb))));
}

/* Wilson score interval for θ = x/s mapped through ln(θ/(1−θ)), written without cancellation:
 * with c = x + z²/2, h = z√(x(s−x)/s + z²/4), the ends are (c ± h)/(s + z²) and
 * (c − h)(c + h) = x²(1 + z²/s) (likewise for s − x). */
static void
wilson_logit (double x, double s, double z, double *lo, double *hi)
{
  double z2 = z * z;
  double h = z * sqrt (x * (s - x) / s + 0.25 * z2);
  double cx = x + 0.5 * z2, cy = (s - x) + 0.5 * z2;
  double f = 1.0 + z2 / s;
  /* θ_lo ∝ x²f/(cx + h), 1 − θ_lo ∝ cy + h; θ_hi ∝ cx + h, 1 − θ_hi ∝ (s−x)²f/(cy + h) */
  *lo = x > 0.0 ? log (x * x * f / (cx + h)) - log (cy + h) : -HUGE_VAL;
  *hi = s - x > 0.0 ? log (cx + h) - log ((s - x) * (s - x) * f / (cy + h)) : HUGE_VAL;
}

/* One output of the mechanism, centred at c (0 for D, Δ for D′; the true bit for RR). */
static inline double
draw (const DpMechanism *m, double c, double keep, gsl_rng *rng)
{
  switch (m->kind)
    {
    case DP_MECHANISM_LAPLACE:
      {
        /* inverse CDF of Lap(0, 1) from one uniform in (0, 1) */
        double u = gsl_rng_uniform_pos (rng);
        double x = u < 0.5 ? log (2.0 * u) : -log (2.0 * (1.0 - u));
        return c + m->scale * x;
      }
    case DP_MECHANISM_GAUSSIAN:
      return c + gsl_ran_gaussian_ziggurat (rng, m->scale);
    case DP_MECHANISM_RR:
    default:
      return gsl_rng_uniform (rng) < keep ? c : 1.0 - c;
    }
}

DpStatus
dp_sample_run (const DpMechanism *m, const DpSampleParams *params, const DpCancel *cancel,
               DpSample **out)
{
  if (out == NULL || params == NULL || !dp_mechanism_is_valid (m))
    return DP_ERR_DOMAIN;
  const DpSampleParams *p = params;
  bool rr = m->kind == DP_MECHANISM_RR;
  if (p->n < 1 || p->n > DP_SAMPLE_MAX || !(p->confidence > 0.0 && p->confidence < 1.0)
      || p->n_keep > DP_SAMPLE_KEEP_MAX || isnan (p->lo) || isnan (p->hi)
      || (!rr && (p->n_bins < 1 || p->n_bins > DP_SAMPLE_BINS_MAX))
      || (p->lo < p->hi && !(isfinite (p->lo) && isfinite (p->hi))))
    return DP_ERR_DOMAIN;
  if (dp_cancel_is_set (cancel))
    return DP_ERR_CANCELLED;

  DpSample *s = calloc (1, sizeof *s);
  if (s == NULL)
    return DP_ERR_NOMEM;
  s->params = *p;
  s->kind = m->kind;
  size_t nb = rr ? 2 : p->n_bins;
  s->n_bins = nb;
  s->n_kept = p->n_keep < p->n ? p->n_keep : p->n;
  DpStatus st = DP_OK;
  gsl_rng *rng = NULL;

  s->edges = malloc ((nb + 1) * sizeof (double));
  s->count_p = calloc (nb, sizeof (unsigned long));
  s->count_q = calloc (nb, sizeof (unsigned long));
  s->prob_p = malloc (nb * sizeof (double));
  s->prob_q = malloc (nb * sizeof (double));
  s->has_estimate = calloc (nb, sizeof (bool));
  s->loss_estimate = calloc (nb, sizeof (double));
  s->loss_lo = malloc (nb * sizeof (double));
  s->loss_hi = malloc (nb * sizeof (double));
  s->loss_binned = malloc (nb * sizeof (double));
  s->loss_min = malloc (nb * sizeof (double));
  s->loss_max = malloc (nb * sizeof (double));
  s->loss_centre = malloc (nb * sizeof (double));
  s->kept_p = malloc ((s->n_kept > 0 ? s->n_kept : 1) * sizeof (double));
  s->kept_q = malloc ((s->n_kept > 0 ? s->n_kept : 1) * sizeof (double));
  rng = dp_rng_new_taus (p->seed);
  if (s->edges == NULL || s->count_p == NULL || s->count_q == NULL || s->prob_p == NULL
      || s->prob_q == NULL || s->has_estimate == NULL || s->loss_estimate == NULL
      || s->loss_lo == NULL || s->loss_hi == NULL || s->loss_binned == NULL
      || s->loss_min == NULL || s->loss_max == NULL || s->loss_centre == NULL
      || s->kept_p == NULL || s->kept_q == NULL || rng == NULL)
    {
      st = DP_ERR_NOMEM;
      goto out;
    }

  /* The range and the bins. */
  double delta = m->sensitivity;
  double lo, hi;
  if (rr)
    {
      lo = -0.5;
      hi = 1.5;
    }
  else if (p->lo < p->hi)
    {
      lo = p->lo;
      hi = p->hi;
    }
  else if (m->kind == DP_MECHANISM_LAPLACE)
    {
      lo = -m->scale * log (200.0);
      hi = delta + m->scale * log (200.0);
    }
  else
    {
      lo = -3.0 * m->scale;
      hi = delta + 3.0 * m->scale;
    }
  double width = (hi - lo) / (double) nb;
  for (size_t b = 0; b <= nb; b++)
    s->edges[b] = lo + width * (double) b;
  s->edges[nb] = hi;

  /* Draw and count: P first, then Q, each in its own stream order. */
  double keep = 1.0 / (1.0 + exp (-m->epsilon));
  double inv_w = 1.0 / width;
  for (int which = 0; which < 2; which++)
    {
      double c = which == 0 ? 0.0 : (rr ? 1.0 : delta);
      unsigned long *count = which == 0 ? s->count_p : s->count_q;
      double *kept = which == 0 ? s->kept_p : s->kept_q;
      unsigned long below = 0, beyond = 0;
      for (size_t i = 0; i < p->n; i++)
        {
          if ((i & 65535) == 65535 && dp_cancel_is_set (cancel))
            {
              st = DP_ERR_CANCELLED;
              goto out;
            }
          double y = draw (m, c, keep, rng);
          if (i < s->n_kept)
            kept[i] = y;
          double g = (y - lo) * inv_w;
          if (!(g >= 0.0))
            below++;
          else if (!(g < (double) nb))
            beyond++;
          else
            count[(size_t) g]++;
        }
      if (which == 0)
        {
          s->below_p = below;
          s->beyond_p = beyond;
        }
      else
        {
          s->below_q = below;
          s->beyond_q = beyond;
        }
    }

  /* Exact masses, the loss over each bin, estimates and intervals. */
  double z = gsl_cdf_ugaussian_Qinv (0.5 * (1.0 - p->confidence));
  for (size_t b = 0; b < nb; b++)
    {
      double a = s->edges[b], e = s->edges[b + 1];
      double lp, lq;
      if (rr)
        {
          /* P(0) = p, P(1) = 1 − p; Q the other way round (book §3.3.1) */
          double lk = -log1p (exp (-m->epsilon)), lf = -m->epsilon + lk;
          lp = b == 0 ? lk : lf;
          lq = b == 0 ? lf : lk;
          s->loss_min[b] = s->loss_max[b] = s->loss_centre[b] = b == 0 ? m->epsilon : -m->epsilon;
        }
      else
        {
          lp = log_bin_mass (m, 0.0, a, e);
          lq = log_bin_mass (m, delta, a, e);
          /* L is non-increasing in y for both (dp-mechanism.h) */
          if ((st = dp_mechanism_privacy_loss (m, a, &s->loss_max[b])) != DP_OK
              || (st = dp_mechanism_privacy_loss (m, e, &s->loss_min[b])) != DP_OK
              || (st = dp_mechanism_privacy_loss (m, 0.5 * (a + e), &s->loss_centre[b])) != DP_OK)
            goto out;
        }
      s->prob_p[b] = exp (lp);
      s->prob_q[b] = exp (lq);
      if (lp == -HUGE_VAL && lq == -HUGE_VAL)
        s->loss_binned[b] = s->loss_centre[b];
      else
        s->loss_binned[b] = lp - lq;

      double x = (double) s->count_p[b], y = (double) s->count_q[b];
      if (x > 0.0 && y > 0.0)
        {
          s->has_estimate[b] = true;
          s->loss_estimate[b] = log (x) - log (y);
          s->n_estimates++;
        }
      if (x + y > 0.0)
        wilson_logit (x, x + y, z, &s->loss_lo[b], &s->loss_hi[b]);
      else
        {
          s->loss_lo[b] = -HUGE_VAL;
          s->loss_hi[b] = HUGE_VAL;
        }
      if (s->has_estimate[b] && s->loss_lo[b] <= s->loss_max[b] && s->loss_hi[b] >= s->loss_min[b])
        s->n_covered++;
    }

out:
  if (rng != NULL)
    gsl_rng_free (rng);
  if (st != DP_OK)
    {
      dp_sample_free (s);
      return st;
    }
  *out = s;
  return DP_OK;
}
