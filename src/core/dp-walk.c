/* dp-walk.c — the privacy-loss random walk (Dwork & Roth §3.5.1, Lemmas 3.18–3.19, Thm 3.20)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each step draws L = L(Y) for Y ~ P = M(D) directly from its law (dp-loss.h):
 * - Laplace: Y/b = X ~ Lap(0, 1) and L = ε − 2·min(max(X, 0), ε) (VIEWS.md, View 2), so half
 *   of the steps are the atom +ε and need no logarithm;
 * - Gaussian: L = μ²/2 + μZ, Z ~ N(0, 1) (GSL's ziggurat);
 * - randomized response: +ε with probability p = e^ε/(1+e^ε), else −ε.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "dp-core.h"
#include "dp-private.h"
#include "dp-walk.h"

/* splitmix64 (Steele, Lea & Flood 2014): a bijective mix of the seed. */
static uint64_t
splitmix64 (uint64_t x)
{
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

gsl_rng *
dp_rng_new_taus (uint64_t seed)
{
  gsl_rng *r = gsl_rng_alloc (gsl_rng_taus2);
  if (r == NULL)
    return NULL;
  uint64_t s = splitmix64 (seed);
  /* taus2 takes 32 bits of seed */
  gsl_rng_set (r, (unsigned long) ((s ^ (s >> 32)) & 0xffffffffULL));
  return r;
}

DpStatus
dp_walk_threshold (const DpMechanism *m, unsigned long k, double delta_prime, double *threshold,
                   bool *bounded)
{
  if (threshold == NULL || !dp_mechanism_is_valid (m) || k < 1 || k > DP_K_MAX
      || !dp_is_valid_delta (delta_prime))
    return DP_ERR_DOMAIN;
  double kd = (double) k;
  if (m->kind == DP_MECHANISM_GAUSSIAN)
    {
      /* S_k ~ N(kμ²/2, kμ²): its (1 − δ′)-quantile. */
      double mu = dp_mechanism_gaussian_mu (m);
      double z = gsl_cdf_ugaussian_Qinv (delta_prime);
      double v = kd * 0.5 * mu * mu + z * sqrt (kd) * mu;
      if (!isfinite (v))
        return DP_ERR_NUMERIC;
      *threshold = v;
      if (bounded != NULL)
        *bounded = false;
      return DP_OK;
    }
  /* Thm 3.20: kε(e^ε − 1) + √(2k ln(1/δ′))·ε */
  double eps = m->epsilon;
  double v = kd * eps * expm1 (eps) + sqrt (2.0 * kd * -log (delta_prime)) * eps;
  if (!isfinite (v))
    return DP_ERR_NUMERIC;
  *threshold = v;
  if (bounded != NULL)
    *bounded = true;
  return DP_OK;
}

void
dp_walk_free (DpWalk *w)
{
  if (w == NULL)
    return;
  free (w->column_j);
  free (w->mean_line);
  free (w->drift_bound);
  free (w->band);
  free (w->paths);
  free (w->final_sums);
  free (w->above);
  free (w->first_crossing);
  free (w->bin_edges);
  free (w->bin_counts);
  free (w->bin_exact);
  free (w);
}

/* Bins of S_k. RR: whole atoms per bin, edges halfway between atoms. Otherwise n_bins equal
 * bins over the sample's range and the exact mean ± 4 sd, inside the support [−kε, kε] of an
 * ε-DP loss; an edge that falls on a Laplace all-atom value (2a − k)ε is moved off it, so that
 * rounding in a sum of ±ε steps cannot put the atom on the wrong side. */
static void
walk_bin_edges (DpWalk *w, double eps, double lo_sample, double hi_sample)
{
  unsigned long k = w->params.k;
  double kd = (double) k;
  size_t nb = w->params.n_bins;
  if (w->kind == DP_MECHANISM_RR)
    {
      /* atom a (number of +ε steps) has loss (2a − k)ε */
      double a_lo = floor ((lo_sample / eps + kd) / 2.0 + 0.5);
      double a_hi = floor ((hi_sample / eps + kd) / 2.0 + 0.5);
      double sd_atoms = sqrt (w->exact_var_final) / (2.0 * eps);
      double a_mean = (w->exact_mean_final / eps + kd) / 2.0;
      a_lo = fmax (0.0, fmin (a_lo, floor (a_mean - 4.0 * sd_atoms)));
      a_hi = fmin (kd, fmax (a_hi, ceil (a_mean + 4.0 * sd_atoms)));
      double count = a_hi - a_lo + 1.0;
      double g = ceil (count / (double) nb);
      size_t bins = (size_t) ceil (count / g);
      w->n_bins = bins;
      for (size_t b = 0; b <= bins; b++)
        w->bin_edges[b] = (2.0 * (a_lo + (double) b * g) - kd) * eps - eps;
      return;
    }
  double mean = w->exact_mean_final, sd = sqrt (w->exact_var_final);
  double lo = fmin (lo_sample, mean - 4.0 * sd);
  double hi = fmax (hi_sample, mean + 4.0 * sd);
  if (w->bounded)
    {
      lo = fmax (lo, -kd * eps);
      hi = fmin (hi, kd * eps);
    }
  double pad = 1e-6 * (hi - lo) + 1e-300;
  lo -= pad;
  hi += pad;
  w->n_bins = nb;
  double width = (hi - lo) / (double) nb;
  double shift = 0.0;
  if (w->kind == DP_MECHANISM_LAPLACE)
    for (size_t b = 1; b < nb; b++)
      {
        double e = lo + (double) b * width;
        double a = (e / eps + kd) / 2.0;
        if (fabs (a - floor (a + 0.5)) * 2.0 * eps < 1e-7 * width)
          {
            shift = 1e-3 * width;
            break;
          }
      }
  for (size_t b = 0; b <= nb; b++)
    w->bin_edges[b] = lo + (double) b * width + (b > 0 && b < nb ? shift : 0.0);
}

DpStatus
dp_walk_run (const DpMechanism *m, const DpWalkParams *params, const DpCancel *cancel,
             DpWalk **out)
{
  if (out == NULL || params == NULL || !dp_mechanism_is_valid (m))
    return DP_ERR_DOMAIN;
  const DpWalkParams *p = params;
  if (p->k < 1 || p->k > DP_WALK_K_MAX || p->n_paths < 1 || p->n_paths > DP_WALK_PATHS_MAX
      || !dp_is_valid_delta (p->delta_prime) || p->n_columns < 2 || p->n_columns > 4096
      || p->n_bins < 1 || p->n_bins > 1000)
    return DP_ERR_DOMAIN;
  size_t n_cols = p->n_columns;
  if ((double) n_cols > (double) p->k + 1.0)
    n_cols = (size_t) p->k + 1;
  if ((double) p->n_paths * (double) n_cols > (double) DP_WALK_STORE_MAX)
    return DP_ERR_DOMAIN;
  if (dp_cancel_is_set (cancel))
    return DP_ERR_CANCELLED;

  DpWalk *w = calloc (1, sizeof *w);
  if (w == NULL)
    return DP_ERR_NOMEM;
  w->params = *p;
  w->kind = m->kind;
  unsigned long k = p->k;
  double kd = (double) k;
  DpStatus st;
  double *band_all = NULL;
  gsl_rng *rng = NULL;

  if ((st = dp_kl (m, &w->kl)) != DP_OK || (st = dp_loss_variance (m, &w->variance)) != DP_OK
      || (st = dp_walk_threshold (m, k, p->delta_prime, &w->threshold, &w->bounded)) != DP_OK)
    goto fail;
  double eps = m->epsilon, mu = 0.0;
  if (w->bounded)
    {
      w->alpha = eps;
      w->beta = eps * expm1 (eps); /* Lemma 3.18 */
      w->z = sqrt (2.0 * -log (p->delta_prime));
    }
  else
    {
      mu = dp_mechanism_gaussian_mu (m);
      w->z = gsl_cdf_ugaussian_Qinv (p->delta_prime);
    }
  w->exact_mean_final = kd * w->kl;
  w->exact_var_final = kd * w->variance;

  w->n_columns = n_cols;
  w->column_j = malloc (n_cols * sizeof (unsigned long));
  w->mean_line = malloc (n_cols * sizeof (double));
  w->drift_bound = malloc (n_cols * sizeof (double));
  w->band = malloc (n_cols * sizeof (double));
  w->paths = malloc (p->n_paths * n_cols * sizeof (double));
  w->final_sums = malloc (p->n_paths * sizeof (double));
  w->above = malloc (p->n_paths * sizeof (bool));
  w->first_crossing = malloc (p->n_paths * sizeof (unsigned long));
  w->bin_edges = malloc ((p->n_bins + 1) * sizeof (double));
  w->bin_counts = calloc (p->n_bins, sizeof (unsigned long));
  w->bin_exact = malloc (p->n_bins * sizeof (double));
  band_all = malloc ((k + 1) * sizeof (double));
  rng = dp_rng_new_taus (p->seed);
  if (w->column_j == NULL || w->mean_line == NULL || w->drift_bound == NULL || w->band == NULL
      || w->paths == NULL || w->final_sums == NULL || w->above == NULL
      || w->first_crossing == NULL || w->bin_edges == NULL || w->bin_counts == NULL
      || w->bin_exact == NULL || band_all == NULL || rng == NULL)
    {
      st = DP_ERR_NOMEM;
      goto fail;
    }

  /* The band at every j (for the first crossing) and the curves at the columns. */
  for (unsigned long j = 0; j <= k; j++)
    {
      double jd = (double) j;
      band_all[j] = w->bounded ? jd * w->beta + w->z * sqrt (jd) * w->alpha
                               : jd * 0.5 * mu * mu + w->z * sqrt (jd) * mu;
    }
  for (size_t c = 0; c < n_cols; c++)
    {
      unsigned long j = (unsigned long) floor ((double) c * kd / (double) (n_cols - 1) + 0.5);
      if (c == n_cols - 1)
        j = k;
      w->column_j[c] = j;
      w->mean_line[c] = (double) j * w->kl;
      w->drift_bound[c] = w->bounded ? (double) j * w->beta : (double) j * w->kl;
      w->band[c] = band_all[j];
    }

  /* The paths. */
  double keep = 1.0 / (1.0 + exp (-eps)); /* RR: report the true bit */
  double half_mu2 = 0.5 * mu * mu;
  double lo_sample = HUGE_VAL, hi_sample = -HUGE_VAL;
  double mean_acc = 0.0, m2_acc = 0.0; /* Welford */
  for (size_t i = 0; i < p->n_paths; i++)
    {
      if ((i & 15) == 0 && dp_cancel_is_set (cancel))
        {
          st = DP_ERR_CANCELLED;
          goto fail;
        }
      double *row = w->paths + i * n_cols;
      double s = 0.0;
      unsigned long crossing = 0;
      size_t c = 1;
      row[0] = 0.0;
      for (unsigned long j = 1; j <= k; j++)
        {
          double l;
          switch (m->kind)
            {
            case DP_MECHANISM_LAPLACE:
              {
                double u = gsl_rng_uniform (rng);
                if (u < 0.5)
                  l = eps;
                else
                  {
                    /* X = −ln(2(1 − u)) ≥ 0 is the upper half of Lap(0, 1) */
                    double x = -log (2.0 * (1.0 - u));
                    l = x >= eps ? -eps : eps - 2.0 * x;
                  }
                break;
              }
            case DP_MECHANISM_GAUSSIAN:
              l = half_mu2 + mu * gsl_ran_gaussian_ziggurat (rng, 1.0);
              break;
            case DP_MECHANISM_RR:
            default:
              l = gsl_rng_uniform (rng) < keep ? eps : -eps;
              break;
            }
          s += l;
          if (crossing == 0 && s > band_all[j])
            crossing = j;
          if (c < n_cols && w->column_j[c] == j)
            row[c++] = s;
        }
      w->final_sums[i] = s;
      w->above[i] = s > w->threshold;
      w->first_crossing[i] = crossing;
      if (w->above[i])
        w->n_above++;
      if (crossing != 0)
        w->n_crossing++;
      lo_sample = fmin (lo_sample, s);
      hi_sample = fmax (hi_sample, s);
      double d = s - mean_acc;
      mean_acc += d / (double) (i + 1);
      m2_acc += d * (s - mean_acc);
    }
  w->fraction_above = (double) w->n_above / (double) p->n_paths;
  w->mean_final = mean_acc;
  w->var_final = p->n_paths > 1 ? m2_acc / (double) (p->n_paths - 1) : 0.0;

  /* Exact tail and histogram. */
  if ((st = dp_loss_sum_tail (m, k, w->threshold, cancel, &w->exact_tail, &w->log_exact_tail))
      != DP_OK)
    goto fail;
  walk_bin_edges (w, eps, lo_sample, hi_sample);
  if ((st = dp_loss_sum_bins (m, k, w->bin_edges, w->n_bins + 1, cancel, w->bin_exact)) != DP_OK)
    goto fail;
  for (size_t i = 0; i < p->n_paths; i++)
    {
      double s = w->final_sums[i];
      double width = (w->bin_edges[w->n_bins] - w->bin_edges[0]) / (double) w->n_bins;
      if (!(s > w->bin_edges[0]))
        {
          w->n_below++;
          continue;
        }
      if (s > w->bin_edges[w->n_bins])
        {
          w->n_beyond++;
          continue;
        }
      /* first guess from the equal widths, then settle against the edges: (e_b, e_{b+1}] */
      double g = floor ((s - w->bin_edges[0]) / width);
      size_t b = g < 0.0 ? 0 : g >= (double) w->n_bins ? w->n_bins - 1 : (size_t) g;
      while (b > 0 && !(s > w->bin_edges[b]))
        b--;
      while (b + 1 < w->n_bins && s > w->bin_edges[b + 1])
        b++;
      w->bin_counts[b]++;
    }

  free (band_all);
  gsl_rng_free (rng);
  *out = w;
  return DP_OK;

fail:
  free (band_all);
  if (rng != NULL)
    gsl_rng_free (rng);
  dp_walk_free (w);
  return st;
}
