/* bench-data.c — timings of the sensitivity analysis and DP k-means (prints figures, asserts
 * nothing about time)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Run: meson test -C build --benchmark bench-data -v   (or ./build/tests/bench/bench-data)
 * The k-means view's target: with n = 10⁴ and T = 10, a change recomputes (data set from the
 * seed, both Lloyd paths with every iteration kept) within 50 ms.
 */
#include <math.h>
#include <stdlib.h>
#include <time.h>

#include <glib.h>

#include "dp-core.h"
#include "bench-util.h"

/* Median and 95th percentile of the wall-clock time, and the median CPU time of the process,
 * in milliseconds, of @runs calls after two warm-up calls. The CPU time moves much less than
 * the wall-clock time with the load of a shared machine. */
static void
time_ms (BenchFn fn, gpointer data, int runs, double *median, double *p95, double *cpu)
{
  double *t = g_new (double, 2 * runs), *c = t + runs;

  fn (data);
  fn (data);
  for (int i = 0; i < runs; i++)
    {
      gint64 t0 = g_get_monotonic_time ();
      double c0 = bench_cpu_ms ();

      fn (data);
      c[i] = bench_cpu_ms () - c0;
      t[i] = (double) (g_get_monotonic_time () - t0) / 1000.0;
    }
  qsort (t, (size_t) runs, sizeof (double), bench_cmp_double);
  qsort (c, (size_t) runs, sizeof (double), bench_cmp_double);
  *median = t[runs / 2];
  *p95 = t[(int) ceil (0.95 * runs) - 1];
  *cpu = c[runs / 2];
  g_free (t);
}

typedef struct {
  unsigned k;
  size_t n;
  unsigned iterations;
  double epsilon;
  unsigned long seed;
  DpPoint *points;
  gboolean with_data;
} KmeansJob;

static void
run_kmeans (gpointer data)
{
  KmeansJob *j = data;
  DpKmeansRun run;

  if (j->with_data && dp_kmeans_mixture (j->k, j->n, j->seed, j->points, NULL) != DP_OK)
    g_error ("mixture failed");
  if (dp_kmeans_run (j->points, j->n, j->k, j->iterations, j->epsilon, j->seed, NULL, &run)
      != DP_OK)
    g_error ("k-means failed");
  dp_kmeans_run_clear (&run);
}

typedef struct {
  KmeansJob job;
  double eps[12];
  unsigned runs;
} SweepJob;

static void
run_sweep (gpointer data)
{
  SweepJob *s = data;
  DpKmeansSweepPoint out[12];

  if (dp_kmeans_cost_sweep (s->job.points, s->job.n, s->job.k, s->job.iterations, s->eps, 12,
                            s->runs, 1, NULL, out, NULL) != DP_OK)
    g_error ("sweep failed");
}

typedef struct {
  DpQuery query;
  double *x;
  size_t n;
} SensJob;

static void
run_sensitivity (gpointer data)
{
  SensJob *s = data;
  DpSensitivityAnalysis a;
  double smooth;

  if (dp_sensitivity_analyse (s->query, s->x, s->n, 0, 100, &a) != DP_OK
      || dp_sensitivity_smooth (a.local_at_distance, a.n + 1, 1.0 / 6.0, &smooth, NULL) != DP_OK)
    g_error ("sensitivity failed");
  dp_sensitivity_analysis_clear (&a);
}

int
main (void)
{
  const size_t n = 10000;
  DpPoint *points = g_new (DpPoint, n);
  g_autoptr(GRand) r = g_rand_new_with_seed (1);
  double med, p95, cpu;

  printf ("DP k-means, n = %zu, ε = 1: wall-clock median / p95 and CPU median of 40 runs, "
          "ms\n", n);
  printf ("  %-3s %-4s %-30s %-30s\n", "k", "T", "data set + both paths", "both paths only");
  for (unsigned k = 2; k <= 6; k++)
    for (unsigned T = 10; T <= 50; T += 40)
      {
        KmeansJob j = { k, n, T, 1.0, 7, points, TRUE };
        double med2, p952, cpu2;

        time_ms (run_kmeans, &j, 40, &med, &p95, &cpu);
        j.with_data = FALSE;
        time_ms (run_kmeans, &j, 40, &med2, &p952, &cpu2);
        printf ("  %-3u %-4u %7.2f / %7.2f, cpu %7.2f   %7.2f / %7.2f, cpu %7.2f\n", k, T, med,
                p95, cpu, med2, p952, cpu2);
      }

  {
    SweepJob s = { { 4, n, 10, 1.0, 7, points, FALSE }, { 0 }, 16 };

    dp_kmeans_mixture (4, n, 7, points, NULL);
    for (int e = 0; e < 12; e++)
      s.eps[e] = 0.05 * pow (1000.0, e / 11.0);
    time_ms (run_sweep, &s, 5, &med, &p95, &cpu);
    printf ("cost against ε, 12 values of ε × 16 seeds, k = 4, T = 10, n = %zu: "
            "%.0f ms median, %.0f ms p95, cpu %.0f ms (5 runs)\n", n, med, p95, cpu);
  }

  printf ("sensitivity analysis (GS, LS, A^(t) for every t, the neighbour) and S*: "
          "wall-clock median / p95 and CPU median, ms\n");
  for (size_t m = 50; m <= 1000; m *= 20)
    {
      double *x = g_new (double, m);

      for (size_t i = 0; i < m; i++)
        x[i] = g_rand_double_range (r, 0, 100);
      for (unsigned q = 0; q < DP_N_QUERIES; q++)
        {
          SensJob s = { (DpQuery) q, x, m };

          time_ms (run_sensitivity, &s, m > 100 ? 20 : 200, &med, &p95, &cpu);
          printf ("  n = %-5zu %-7s %8.3f / %8.3f, cpu %8.3f\n", m, dp_query_to_name ((DpQuery) q),
                  med, p95, cpu);
        }
      g_free (x);
    }
  g_free (points);
  return 0;
}
