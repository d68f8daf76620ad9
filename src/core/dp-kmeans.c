/* dp-kmeans.c — Lloyd's k-means and the DP Lloyd algorithm of the lecture book (§3.3.3)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The algorithm, its privacy argument and the cases the book leaves open are in dp-kmeans.h.
 * One pass over the points per iteration finds every point's nearest centre, the clusters'
 * counts n_j and sums a_j, and the cost of the centres that pass used.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "dp-core.h"
#include "dp-private.h"

DpPoint
dp_kmeans_uniform_in_domain (double u1, double u2)
{
  double a = 2.0 * u1 - 1.0, b = 2.0 * u2 - 1.0;

  /* |x| + |y| = max(|a|, |b|) ≤ 1 */
  return (DpPoint) { 0.5 * (a + b), 0.5 * (a - b) };
}

static DpPoint
uniform_in_domain (gsl_rng *rng)
{
  double u1 = gsl_rng_uniform (rng);
  double u2 = gsl_rng_uniform (rng);

  return dp_kmeans_uniform_in_domain (u1, u2);
}

static bool
in_domain (DpPoint p)
{
  return fabs (p.x) + fabs (p.y) <= 1.0;   /* false for NaN */
}

/* The seed of a run's generator: SplitMix64's output function of @seed, so that a run and a
 * data set with the same seed draw from different MT19937 streams. */
static unsigned long
run_stream_seed (unsigned long seed)
{
  uint64_t z = (uint64_t) seed + UINT64_C (0x9E3779B97F4A7C15);

  z = (z ^ (z >> 30)) * UINT64_C (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * UINT64_C (0x94D049BB133111EB);
  z ^= z >> 31;
  return (unsigned long) (z & UINT64_C (0xFFFFFFFF));
}

static double
dist2 (DpPoint a, DpPoint b)
{
  double dx = a.x - b.x, dy = a.y - b.y;

  return dx * dx + dy * dy;
}

/* ---------------------------------------------------------------------------------------- */
/* The data set                                                                              */

DpStatus
dp_kmeans_mixture (unsigned clusters, size_t n, unsigned long seed, DpPoint *points,
                   uint8_t *components)
{
  DpPoint mu[DP_KMEANS_K_MAX];
  double sigma[DP_KMEANS_K_MAX], cumulative[DP_KMEANS_K_MAX], total = 0.0;
  gsl_rng *rng;

  if (points == NULL || clusters < 1 || clusters > DP_KMEANS_K_MAX || n < 1
      || n > DP_KMEANS_N_MAX)
    return DP_ERR_DOMAIN;
  rng = gsl_rng_alloc (gsl_rng_mt19937);
  if (rng == NULL)
    return DP_ERR_NOMEM;
  gsl_rng_set (rng, seed);

  /* Centres in 0.6·X, at least 0.3 apart when 1000 tries find such a place (else the try
   * farthest from the others), so that a cluster of σ ≤ 0.1 rarely reaches the boundary. */
  for (unsigned c = 0; c < clusters; c++)
    {
      DpPoint best = { 0.0, 0.0 };
      double best_gap = -1.0;

      for (int attempt = 0; attempt < 1000; attempt++)
        {
          DpPoint p = uniform_in_domain (rng);
          double gap = HUGE_VAL;

          p.x *= 0.6;
          p.y *= 0.6;
          for (unsigned d = 0; d < c; d++)
            gap = fmin (gap, sqrt (dist2 (p, mu[d])));
          if (gap > best_gap)
            {
              best = p;
              best_gap = gap;
            }
          if (gap >= 0.3)
            break;
        }
      mu[c] = best;
      sigma[c] = 0.05 + 0.05 * gsl_rng_uniform (rng);
      total += 0.5 + gsl_rng_uniform (rng);
      cumulative[c] = total;
    }

  for (size_t i = 0; i < n; i++)
    {
      double u = gsl_rng_uniform (rng) * total;
      unsigned c = 0;
      DpPoint p = mu[0];

      while (c + 1 < clusters && u >= cumulative[c])
        c++;
      /* A Gaussian conditioned on X: redrawn until inside (a centre lies at ℓ1 distance
       * ≥ 0.4 from the boundary, 4σ at most, so a few per cent are redrawn at most). */
      for (int attempt = 0; attempt < 1000; attempt++)
        {
          p.x = mu[c].x + gsl_ran_gaussian_ziggurat (rng, sigma[c]);
          p.y = mu[c].y + gsl_ran_gaussian_ziggurat (rng, sigma[c]);
          if (in_domain (p))
            break;
          p = mu[c];
        }
      points[i] = p;
      if (components != NULL)
        components[i] = (uint8_t) c;
    }
  gsl_rng_free (rng);
  return DP_OK;
}

/* ---------------------------------------------------------------------------------------- */
/* Lloyd iterations                                                                          */

/* Assigns each point to its nearest centre (ties to the lowest index): writes @labels (may be
 * NULL), the clusters' counts and coordinate sums (k each; may be NULL), and returns the cost
 * Σ_i min_j ‖x_i − c_j‖². */
static double
assign (const DpPoint *points, size_t n, const DpPoint *centres, unsigned k, uint8_t *labels,
        double *counts, DpPoint *sums)
{
  double cost = 0.0;

  if (counts != NULL)
    for (unsigned j = 0; j < k; j++)
      {
        counts[j] = 0.0;
        sums[j] = (DpPoint) { 0.0, 0.0 };
      }
  for (size_t i = 0; i < n; i++)
    {
      unsigned best_j = 0;
      double best = dist2 (points[i], centres[0]);

      for (unsigned j = 1; j < k; j++)
        {
          double d = dist2 (points[i], centres[j]);

          if (d < best)
            {
              best = d;
              best_j = j;
            }
        }
      cost += best;
      if (labels != NULL)
        labels[i] = (uint8_t) best_j;
      if (counts != NULL)
        {
          counts[best_j] += 1.0;
          sums[best_j].x += points[i].x;
          sums[best_j].y += points[i].y;
        }
    }
  return cost;
}

/* Textbook Lloyd from centres[0 … k−1]: writes rows 1 … T of @centres ((T + 1)·k), and when
 * given, the cost (T + 1) and the labels ((T + 1)·n) of every row. Returns the final cost. */
static double
lloyd_nonprivate (const DpPoint *points, size_t n, unsigned k, unsigned iterations,
                  DpPoint *centres, double *cost, uint8_t *labels)
{
  double counts[DP_KMEANS_K_MAX];
  DpPoint sums[DP_KMEANS_K_MAX];
  double c = 0.0;

  for (unsigned t = 0; t <= iterations; t++)
    {
      const DpPoint *prev = centres + (size_t) t * k;

      c = assign (points, n, prev, k, labels != NULL ? labels + (size_t) t * n : NULL,
                  counts, sums);
      if (cost != NULL)
        cost[t] = c;
      if (t == iterations)
        break;
      for (unsigned j = 0; j < k; j++)
        {
          DpPoint *next = centres + (size_t) (t + 1) * k + j;

          /* c_j = a_j/|S_j|; an empty S_j keeps c_j (the book leaves 1/0 undefined). */
          if (counts[j] > 0.0)
            *next = (DpPoint) { sums[j].x / counts[j], sums[j].y / counts[j] };
          else
            *next = prev[j];
        }
    }
  return c;
}

/* The DP Lloyd path from centres[0 … k−1], drawing its noise from @rng in the book's order
 * (for each j: Y, Z_1, Z_2, then the uniform point if n̂_j < 1). @run's arrays other than
 * @centres may be NULL (the sweep keeps nothing but the final cost). Returns the final cost,
 * or a negative value when cancelled. */
static double
lloyd_private (const DpPoint *points, size_t n, unsigned k, unsigned iterations, double scale,
               gsl_rng *rng, const DpCancel *cancel, DpPoint *centres, double *cost,
               uint8_t *labels, DpKmeansRun *run)
{
  double counts[DP_KMEANS_K_MAX];
  DpPoint sums[DP_KMEANS_K_MAX];
  double c = 0.0;

  for (unsigned t = 0; t <= iterations; t++)
    {
      const DpPoint *prev = centres + (size_t) t * k;

      if (dp_cancel_is_set (cancel))
        return -1.0;
      c = assign (points, n, prev, k, labels != NULL ? labels + (size_t) t * n : NULL,
                  counts, sums);
      if (cost != NULL)
        cost[t] = c;
      if (t == iterations)
        break;
      for (unsigned j = 0; j < k; j++)
        {
          DpPoint *next = centres + (size_t) (t + 1) * k + j;
          double y = gsl_ran_laplace (rng, scale);
          double z1 = gsl_ran_laplace (rng, scale);
          double z2 = gsl_ran_laplace (rng, scale);
          double n_hat = counts[j] + y;
          DpPoint a_hat = { sums[j].x + z1, sums[j].y + z2 };
          bool redraw = !(n_hat >= 1.0);

          if (redraw)
            *next = uniform_in_domain (rng);
          else
            *next = (DpPoint) { a_hat.x / n_hat, a_hat.y / n_hat };
          if (run != NULL)
            {
              size_t at = (size_t) t * k + j;

              run->counts[at] = counts[j];
              run->noisy_counts[at] = n_hat;
              run->sums[at] = sums[j];
              run->noisy_sums[at] = a_hat;
              run->redrawn[at] = redraw ? 1 : 0;
              run->n_redrawn += redraw ? 1 : 0;
            }
        }
    }
  return c;
}

static bool
points_in_domain (const DpPoint *points, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (!in_domain (points[i]))
      return false;
  return true;
}

static bool
valid_problem (const DpPoint *points, size_t n, unsigned k, unsigned iterations)
{
  return points != NULL && n >= 1 && n <= DP_KMEANS_N_MAX && k >= 1 && k <= DP_KMEANS_K_MAX
         && iterations >= 1 && iterations <= DP_KMEANS_T_MAX && points_in_domain (points, n);
}

DpStatus
dp_kmeans_cost (const DpPoint *points, size_t n, const DpPoint *centres, unsigned k,
                double *out)
{
  if (points == NULL || centres == NULL || out == NULL || n < 1 || n > DP_KMEANS_N_MAX
      || k < 1 || k > DP_KMEANS_K_MAX)
    return DP_ERR_DOMAIN;
  for (size_t i = 0; i < n; i++)
    if (!isfinite (points[i].x) || !isfinite (points[i].y))
      return DP_ERR_DOMAIN;
  for (unsigned j = 0; j < k; j++)
    if (!isfinite (centres[j].x) || !isfinite (centres[j].y))
      return DP_ERR_DOMAIN;
  *out = assign (points, n, centres, k, NULL, NULL, NULL);
  return isfinite (*out) ? DP_OK : DP_ERR_NUMERIC;
}

DpStatus
dp_kmeans_lloyd (const DpPoint *points, size_t n, unsigned k, unsigned iterations,
                 const DpPoint *initial, DpPoint *centres)
{
  if (!valid_problem (points, n, k, iterations) || initial == NULL || centres == NULL)
    return DP_ERR_DOMAIN;
  for (unsigned j = 0; j < k; j++)
    if (!isfinite (initial[j].x) || !isfinite (initial[j].y))
      return DP_ERR_DOMAIN;
  memcpy (centres, initial, k * sizeof (DpPoint));
  lloyd_nonprivate (points, n, k, iterations, centres, NULL, NULL);
  return DP_OK;
}

void
dp_kmeans_run_clear (DpKmeansRun *run)
{
  if (run == NULL)
    return;
  free (run->centres_nonprivate);
  free (run->centres_private);
  free (run->cost_nonprivate);
  free (run->cost_private);
  free (run->labels_nonprivate);
  free (run->labels_private);
  free (run->counts);
  free (run->noisy_counts);
  free (run->sums);
  free (run->noisy_sums);
  free (run->redrawn);
  *run = (DpKmeansRun) { 0 };
}

/* c^(0): k points drawn uniformly from X, the first draws of the run's generator. */
static void
draw_initial (gsl_rng *rng, unsigned k, DpPoint *centres)
{
  for (unsigned j = 0; j < k; j++)
    centres[j] = uniform_in_domain (rng);
}

DpStatus
dp_kmeans_run (const DpPoint *points, size_t n, unsigned k, unsigned iterations,
               double epsilon, unsigned long seed, const DpCancel *cancel,
               DpKmeansRun *out)
{
  DpKmeansRun run = { 0 };
  size_t rows = (size_t) iterations + 1, steps = (size_t) iterations * k;
  gsl_rng *rng;
  double final_cost;

  if (out == NULL)
    return DP_ERR_DOMAIN;
  *out = (DpKmeansRun) { 0 };
  if (!valid_problem (points, n, k, iterations) || !dp_is_valid_epsilon (epsilon))
    return DP_ERR_DOMAIN;

  run.n = n;
  run.k = k;
  run.iterations = iterations;
  run.epsilon = epsilon;
  run.epsilon_step = epsilon / (2.0 * iterations);
  run.noise_scale = 2.0 / run.epsilon_step;
  run.seed = seed;
  run.centres_nonprivate = malloc (rows * k * sizeof (DpPoint));
  run.centres_private = malloc (rows * k * sizeof (DpPoint));
  run.cost_nonprivate = malloc (rows * sizeof (double));
  run.cost_private = malloc (rows * sizeof (double));
  run.labels_nonprivate = malloc (rows * n);
  run.labels_private = malloc (rows * n);
  run.counts = malloc (steps * sizeof (double));
  run.noisy_counts = malloc (steps * sizeof (double));
  run.sums = malloc (steps * sizeof (DpPoint));
  run.noisy_sums = malloc (steps * sizeof (DpPoint));
  run.redrawn = malloc (steps);
  rng = gsl_rng_alloc (gsl_rng_mt19937);
  if (run.centres_nonprivate == NULL || run.centres_private == NULL
      || run.cost_nonprivate == NULL || run.cost_private == NULL
      || run.labels_nonprivate == NULL || run.labels_private == NULL || run.counts == NULL
      || run.noisy_counts == NULL || run.sums == NULL || run.noisy_sums == NULL
      || run.redrawn == NULL || rng == NULL)
    {
      if (rng != NULL)
        gsl_rng_free (rng);
      dp_kmeans_run_clear (&run);
      return DP_ERR_NOMEM;
    }

  gsl_rng_set (rng, run_stream_seed (seed));
  draw_initial (rng, k, run.centres_private);
  memcpy (run.centres_nonprivate, run.centres_private, k * sizeof (DpPoint));
  lloyd_nonprivate (points, n, k, iterations, run.centres_nonprivate, run.cost_nonprivate,
                    run.labels_nonprivate);
  final_cost = lloyd_private (points, n, k, iterations, run.noise_scale, rng, cancel,
                              run.centres_private, run.cost_private, run.labels_private, &run);
  gsl_rng_free (rng);
  if (final_cost < 0.0)
    {
      dp_kmeans_run_clear (&run);
      return DP_ERR_CANCELLED;
    }
  if (!isfinite (final_cost))
    {
      dp_kmeans_run_clear (&run);
      return DP_ERR_NUMERIC;
    }
  *out = run;
  return DP_OK;
}

DpStatus
dp_kmeans_cost_sweep (const DpPoint *points, size_t n, unsigned k, unsigned iterations,
                      const double *epsilons, size_t n_eps, unsigned runs, unsigned long seed,
                      const DpCancel *cancel, DpKmeansSweepPoint *out,
                      DpKmeansSweepBaseline *baseline)
{
  DpPoint *centres;
  double *costs;     /* runs × n_eps private final costs, then runs non-private ones */
  gsl_rng *rng;
  DpStatus status = DP_OK;

  if (!valid_problem (points, n, k, iterations) || epsilons == NULL || out == NULL
      || n_eps < 1 || runs < 1 || runs > 10000)
    return DP_ERR_DOMAIN;
  for (size_t e = 0; e < n_eps; e++)
    if (!dp_is_valid_epsilon (epsilons[e]))
      return DP_ERR_DOMAIN;

  centres = malloc (((size_t) iterations + 1) * k * sizeof (DpPoint));
  costs = malloc ((size_t) runs * (n_eps + 1) * sizeof (double));
  rng = gsl_rng_alloc (gsl_rng_mt19937);
  if (centres == NULL || costs == NULL || rng == NULL)
    {
      status = DP_ERR_NOMEM;
      goto out;
    }

  for (unsigned r = 0; r < runs && status == DP_OK; r++)
    {
      unsigned long run_seed = seed + r;

      gsl_rng_set (rng, run_stream_seed (run_seed));
      draw_initial (rng, k, centres);
      costs[(size_t) runs * n_eps + r] = lloyd_nonprivate (points, n, k, iterations, centres,
                                                           NULL, NULL);
      for (size_t e = 0; e < n_eps; e++)
        {
          double scale = 4.0 * iterations / epsilons[e];   /* 2/ε′, ε′ = ε/(2T) */
          double c;

          /* Restart the stream: the same c^(0) and draws as dp_kmeans_run (run_seed). */
          gsl_rng_set (rng, run_stream_seed (run_seed));
          draw_initial (rng, k, centres);
          c = lloyd_private (points, n, k, iterations, scale, rng, cancel, centres, NULL, NULL,
                             NULL);
          if (c < 0.0)
            {
              status = DP_ERR_CANCELLED;
              break;
            }
          if (!isfinite (c))
            {
              status = DP_ERR_NUMERIC;
              break;
            }
          costs[(size_t) r * n_eps + e] = c;
        }
    }
  if (status != DP_OK)
    goto out;

  for (size_t e = 0; e <= n_eps; e++)
    {
      double mean = 0.0, m2 = 0.0, lo = HUGE_VAL, hi = -HUGE_VAL;

      /* Welford's running mean and sum of squared deviations. */
      for (unsigned r = 0; r < runs; r++)
        {
          double v = e < n_eps ? costs[(size_t) r * n_eps + e] : costs[(size_t) runs * n_eps + r];
          double d = v - mean;

          mean += d / (r + 1);
          m2 += d * (v - mean);
          lo = fmin (lo, v);
          hi = fmax (hi, v);
        }
      double sd = runs > 1 ? sqrt (m2 / (runs - 1)) : 0.0;

      if (e < n_eps)
        out[e] = (DpKmeansSweepPoint) { epsilons[e], mean, sd, lo, hi };
      else if (baseline != NULL)
        *baseline = (DpKmeansSweepBaseline) { mean, sd, lo, hi };
    }

out:
  if (rng != NULL)
    gsl_rng_free (rng);
  free (centres);
  free (costs);
  return status;
}
