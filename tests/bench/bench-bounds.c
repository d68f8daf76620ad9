/* bench-bounds.c — timings of the computations behind the "where the bounds come from" views:
 * the privacy-loss random walk, sampled outputs, the exact tail and bins of the k-fold loss,
 * Rényi curves and the RDP conversion, the budget split (prints figures, asserts nothing
 * about time)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Run: meson test -C build --benchmark bench-bounds -v   (or ./build/tests/bench/bench-bounds)
 * Each figure is the median over several runs of the wall-clock time and of the process's CPU
 * time (one thread: libdpcore does not start threads), in milliseconds. The target of issue
 * #22 is 10³ paths of 10³ steps, or 10⁶ samples, in ≤ 50 ms.
 */
#include <math.h>
#include <stdlib.h>
#include <time.h>

#include <glib.h>

#include "dp-core.h"
#include "bench-util.h"

/* Median wall and CPU milliseconds of @runs calls (after one warm-up call). */
static void
measure (const char *label, BenchFn fn, gpointer data, int runs)
{
  double *wall = g_new (double, runs), *cpu = g_new (double, runs);
  fn (data);
  for (int i = 0; i < runs; i++)
    {
      gint64 t0 = g_get_monotonic_time ();
      double c0 = bench_cpu_ms ();
      fn (data);
      cpu[i] = bench_cpu_ms () - c0;
      wall[i] = (double) (g_get_monotonic_time () - t0) / 1000.0;
    }
  qsort (wall, (size_t) runs, sizeof (double), bench_cmp_double);
  qsort (cpu, (size_t) runs, sizeof (double), bench_cmp_double);
  printf ("  %-52s wall %8.2f ms   cpu %8.2f ms   (median of %d; wall min %.2f, max %.2f)\n",
          label, wall[runs / 2], cpu[runs / 2], runs, wall[0], wall[runs - 1]);
  g_free (wall);
  g_free (cpu);
}

typedef struct {
  DpMechanism m;
  unsigned long k;
  size_t n;
  double t;
  guint64 seed;
} Job;

static void
run_walk (gpointer data)
{
  Job *j = data;
  DpWalkParams p = { .k = j->k, .n_paths = j->n, .seed = j->seed++, .delta_prime = 1e-5,
                     .n_columns = 201, .n_bins = 40 };
  DpWalk *w = NULL;
  if (dp_walk_run (&j->m, &p, NULL, &w) != DP_OK)
    g_error ("walk failed");
  dp_walk_free (w);
}

static void
run_sample (gpointer data)
{
  Job *j = data;
  DpSampleParams p = { .n = j->n, .seed = j->seed++, .n_bins = 60, .confidence = 0.95,
                       .n_keep = 200 };
  DpSample *s = NULL;
  if (dp_sample_run (&j->m, &p, NULL, &s) != DP_OK)
    g_error ("sample failed");
  dp_sample_free (s);
}

static void
run_tail (gpointer data)
{
  Job *j = data;
  double tail;
  if (dp_loss_sum_tail (&j->m, j->k, j->t, NULL, &tail, NULL) != DP_OK)
    g_error ("tail failed");
}

static void
run_bins (gpointer data)
{
  Job *j = data;
  double kl, var, edges[41], prob[40];
  dp_kl (&j->m, &kl);
  dp_loss_variance (&j->m, &var);
  for (int i = 0; i <= 40; i++)
    edges[i] = j->k * kl + (i - 20) * 0.25 * sqrt (j->k * var);
  if (dp_loss_sum_bins (&j->m, j->k, edges, 41, NULL, prob) != DP_OK)
    g_error ("bins failed");
}

static void
run_renyi (gpointer data)
{
  Job *j = data;
  double am1[400], alpha[400], out[400], eps, best;
  dp_log_grid (1e-3, 1e4, 400, am1);
  for (int i = 0; i < 400; i++)
    alpha[i] = 1 + am1[i];
  if (dp_renyi_curve (&j->m, j->k, alpha, 400, out) != DP_OK
      || dp_rdp_epsilon (&j->m, j->k, 1e-5, &eps, &best) != DP_OK)
    g_error ("renyi failed");
  if (dp_rdp_conversion_curve (&j->m, j->k, 1e-5, alpha, 400, out) != DP_OK)
    g_error ("conversion failed");
}

static void
run_split (gpointer data)
{
  Job *j = data;
  DpBudgetSplit r;
  if (dp_budget_split (j->m.kind, 1.0, 1e-5, j->k, NULL, &r) != DP_OK)
    g_error ("split failed");
}

int
main (void)
{
  static const char *const names[] = { "Laplace ε = 0.5", "Gaussian σ = 3, Δ = 1", "RR ε = 0.5" };
  DpMechanism ms[3];
  dp_mechanism_laplace (0.5, 1.0, &ms[0]);
  dp_mechanism_gaussian (3.0, 1.0, &ms[1]);
  dp_mechanism_rr (0.5, &ms[2]);

  printf ("bench-bounds: libdpcore, one thread, %s\n", g_get_host_name ());
  {
    /* the exact tail that `compose` reports, up to the largest k */
    DpMechanism lap;
    dp_mechanism_laplace (0.1, 1.0, &lap);
    printf ("Laplace ε = 0.1: exact tail beyond Thm 3.20's threshold at δ′ = 1e-6\n");
    for (unsigned long k = 100; k <= 10000000; k *= 100)
      {
        char label[96];
        bool bounded;
        Job j = { .m = lap, .k = k };
        dp_walk_threshold (&lap, k, 1e-6, &j.t, &bounded);
        snprintf (label, sizeof label, "k = %lu", k);
        measure (label, run_tail, &j, k >= 1000000 ? 3 : 9);
      }
  }
  for (int i = 0; i < 3; i++)
    {
      char label[128];
      printf ("%s\n", names[i]);
      Job j = { .m = ms[i], .k = 1000, .n = 1000, .seed = 1 };
      measure ("walk: 10³ paths × 10³ steps (with exact tail, bins)", run_walk, &j, 15);
      j.k = 100;
      j.n = 10000;
      measure ("walk: 10⁴ paths × 10² steps", run_walk, &j, 9);
      j.n = 1000000;
      measure ("sample: 10⁶ outputs from each of M(D), M(D′)", run_sample, &j, 9);
      for (unsigned long k = 10; k <= 100000; k *= 100)
        {
          bool bounded;
          j.k = k;
          dp_walk_threshold (&ms[i], k, 1e-5, &j.t, &bounded);
          snprintf (label, sizeof label, "exact tail beyond the δ′ = 1e-5 threshold, k = %lu", k);
          measure (label, run_tail, &j, 9);
          snprintf (label, sizeof label, "exact bins (40) of S_k, k = %lu", k);
          measure (label, run_bins, &j, 9);
        }
      j.k = 100;
      measure ("Rényi curve (400 α) + conversion + its minimum, k = 100", run_renyi, &j, 9);
      if (ms[i].kind != DP_MECHANISM_GAUSSIAN)
        {
          j.k = 10;
          measure ("budget split (ε, δ) = (1, 1e-5) over m = 10 queries", run_split, &j, 5);
          j.k = 100;
          measure ("budget split (ε, δ) = (1, 1e-5) over m = 100 queries", run_split, &j, 5);
        }
    }
  return 0;
}
