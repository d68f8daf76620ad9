/* bench-mechanisms.c — timings of the survey, accuracy, exponential and group computations
 * (prints figures, asserts nothing about time)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Run: meson test -C build --benchmark bench-mechanisms -v   (or ./build/tests/bench/bench-mechanisms)
 * Each figure is the median wall-clock time of several runs: what a view's compute pays for a
 * class of 10⁵ respondents drawn, its sampling distribution and interval, and the curves
 * against ε or g on a grid.
 */
#include <math.h>
#include <stdlib.h>

#include <glib.h>

#include "dp-core.h"
#include "bench-util.h"

typedef struct {
  unsigned long n;
  unsigned long seed;
  unsigned char *truth, *reported;
  DpSurveyClass cls;
  double lo, hi;
  double *pmf;
  size_t m;
  double eps[200], out[200], out2[200];
  double utility[12];
  DpMechanism mech;
  unsigned long g[50];
  DpGroupPoint points[50];
} Job;

static void
run_class (gpointer data)
{
  Job *j = data;
  if (dp_survey_simulate (1.0, 0.3, j->n, j->seed++, &j->cls, j->truth, j->reported) != DP_OK)
    g_error ("survey simulation failed");
}

static void
run_interval (gpointer data)
{
  Job *j = data;
  if (dp_survey_interval (1.0, j->n, j->cls.observed_count, 0.95, &j->lo, &j->hi) != DP_OK)
    g_error ("interval failed");
}

static void
run_pmf (gpointer data)
{
  Job *j = data;
  unsigned long lo, hi;
  if (dp_survey_count_range (1.0, 0.3, j->n, 1e-9, &lo, &hi) != DP_OK)
    g_error ("count range failed");
  j->m = hi - lo + 1;
  j->pmf = g_renew (double, j->pmf, j->m);
  if (dp_survey_count_pmf (1.0, 0.3, j->n, lo, j->m, j->pmf) != DP_OK)
    g_error ("pmf failed");
}

static void
run_sd_curve (gpointer data)
{
  Job *j = data;
  if (dp_survey_sd_curve (j->eps, 200, 0.3, j->n, j->out) != DP_OK)
    g_error ("sd curve failed");
}

static void
run_width_gaussian (gpointer data)
{
  Job *j = data;
  if (dp_accuracy_half_width_curve (DP_MECHANISM_GAUSSIAN, 1.0, 1e-5, 0.95, j->eps, 200, j->out)
      != DP_OK)
    g_error ("width curve failed");
}

static void
run_exponential_curve (gpointer data)
{
  Job *j = data;
  if (dp_exponential_curve (j->utility, 12, 1.0, j->eps, 200, j->out, j->out2) != DP_OK)
    g_error ("exponential curve failed");
}

static void
run_group_curve (gpointer data)
{
  Job *j = data;
  if (dp_group_curve (&j->mech, j->g, 50, j->mech.epsilon, 1e-5, j->points) != DP_OK)
    g_error ("group curve failed");
}

int
main (int argc, char *argv[])
{
  Job j = { 0 };
  double t;

  g_print ("# libdpcore mechanisms-at-work benchmarks (median wall-clock time)\n");
  for (int i = 0; i < 200; i++)
    j.eps[i] = 0.01 * pow (1000.0, i / 199.0);
  for (int i = 0; i < 12; i++)
    j.utility[i] = (double) ((i * 7) % 12) - 3.0;
  for (int i = 0; i < 50; i++)
    j.g[i] = (unsigned long) i + 1;

  const unsigned long sizes[] = { 100, 100000, 10000000 };
  for (size_t s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      j.n = sizes[s];
      int runs = j.n >= 10000000 ? 5 : 31;
      j.truth = g_new (unsigned char, j.n);
      j.reported = g_new (unsigned char, j.n);
      t = bench_median_ms (run_class, &j, runs);
      g_print ("survey: one class of n=%lu drawn, with both per-respondent arrays: %.3f ms\n",
               j.n, t);
      g_free (j.truth);
      g_free (j.reported);
      j.truth = j.reported = NULL;
      t = bench_median_ms (run_class, &j, runs);
      g_print ("survey: one class of n=%lu drawn, counts only: %.3f ms\n", j.n, t);
      t = bench_median_ms (run_interval, &j, runs);
      g_print ("survey: 95 %% Clopper-Pearson interval at n=%lu: %.3f ms\n", j.n, t);
      t = bench_median_ms (run_pmf, &j, runs);
      g_print ("survey: sampling distribution at n=%lu (%zu counts, tails 1e-9): %.3f ms\n", j.n,
               j.m, t);
      t = bench_median_ms (run_sd_curve, &j, runs);
      g_print ("survey: sd against 200 values of eps at n=%lu: %.4f ms\n", j.n, t);
    }
  g_free (j.pmf);

  t = bench_median_ms (run_width_gaussian, &j, 11);
  g_print ("accuracy: Gaussian half-width against 200 eps (analytic calibration each): %.3f ms\n",
           t);
  t = bench_median_ms (run_exponential_curve, &j, 51);
  g_print ("exponential: expected utility and best probability, 12 candidates x 200 eps: %.3f ms\n",
           t);
  dp_mechanism_laplace (0.5, 1.0, &j.mech);
  t = bench_median_ms (run_group_curve, &j, 21);
  g_print ("group: Laplace eps=0.5, g = 1..50 (D_inf, KL, TV, delta(g eps), D_inf^delta): %.3f ms\n",
           t);
  dp_mechanism_gaussian_calibrated (0.5, 1e-5, 1.0, &j.mech);
  t = bench_median_ms (run_group_curve, &j, 21);
  g_print ("group: Gaussian (0.5, 1e-5), g = 1..50: %.3f ms\n", t);
  return 0;
}
