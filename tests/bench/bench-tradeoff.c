/* bench-tradeoff.c — timings of the adversary's view: its curves for k ≤ 10⁴ and the audit
 * (prints figures, asserts nothing about time)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Run: meson test -C build --benchmark bench-tradeoff -v   (or ./build/tests/bench/bench-tradeoff)
 *
 * "The curves of the view" are everything a hypothesis-testing view computes for one set of
 * parameters: the mechanism's own curve (k = 1) and its k-fold composition, each evaluated
 * on 640 values of α (320 linear, 320 log-spaced down to 1e-8, for the log–log axes), the
 * (ε, δ) boundary, the ε-DP boundary, the (kε, kδ) and advanced-composition regions on the
 * same grid, min α + β, the equal-error points, the test at a threshold and the posteriors.
 * It is timed over k = 1 … 10⁴ (41 log-spaced values) and reported as median, p95 and max of
 * the wall-clock time, and the median of the process's CPU time (one thread: the work itself,
 * which moves much less with the load of a shared machine).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <glib.h>

#include "dp-core.h"
#include "bench-util.h"

#define GRID 640

typedef struct {
  const char *label;
  DpMechanism m;
  double eps0, delta0; /* the (ε₀, δ₀) the regions are drawn for */
} Case;

static double alpha_grid[GRID];
static double beta_out[GRID], beta_up[GRID], region_out[GRID];

static void
fill_grid (void)
{
  for (int i = 0; i < GRID / 2; i++)
    {
      alpha_grid[i] = (double) i / (GRID / 2 - 1);
      alpha_grid[GRID / 2 + i] = pow (10.0, -8.0 + 8.0 * i / (GRID / 2 - 1));
    }
}

static void
check (DpStatus st, const char *what)
{
  if (st != DP_OK)
    g_error ("%s: %s", what, dp_status_to_string (st));
}

/* Everything the view computes for one (mechanism, k); returns milliseconds. */
static double
view_frame (const Case *c, unsigned long k, bool bounds, double delta_prime, double *cpu)
{
  double t0 = bench_now_ms (), c0 = bench_cpu_ms ();
  DpTradeoffOptions options = { 0, bounds };
  DpTradeoff *one = NULL, *many = NULL;
  double v;

  check (dp_tradeoff_new (&c->m, 1, &options, NULL, &one), "curve k = 1");
  check (dp_tradeoff_new (&c->m, k, &options, NULL, &many), "curve k");
  check (dp_tradeoff_curve (one, alpha_grid, GRID, beta_out, beta_up), "eval 1");
  check (dp_tradeoff_curve (many, alpha_grid, GRID, beta_out, beta_up), "eval k");
  check (dp_tradeoff_min_error_sum (one, &v), "min sum");
  check (dp_tradeoff_min_error_sum (many, &v), "min sum k");
  check (dp_tradeoff_equal_error (one, &v), "eer");
  check (dp_tradeoff_equal_error (many, &v), "eer k");
  if (bounds)
    check (dp_tradeoff_gap (many, &v), "gap");

  DpAdvancedComposition adv;
  check (dp_compose_advanced (c->eps0, c->delta0, k, delta_prime, &adv), "advanced");
  double basic_eps = (double) k * c->eps0, basic_delta = fmin (1.0, (double) k * c->delta0);
  check (dp_tradeoff_region_curve (c->eps0, c->delta0, alpha_grid, GRID, region_out), "region");
  check (dp_tradeoff_region_curve (c->eps0, 0.0, alpha_grid, GRID, region_out), "pure");
  check (dp_tradeoff_region_curve (basic_eps, basic_delta, alpha_grid, GRID, region_out), "basic");
  check (dp_tradeoff_region_curve (adv.epsilon, adv.delta, alpha_grid, GRID, region_out), "adv");

  DpTest test;
  double a, b;
  check (dp_test_for_alpha (&c->m, 1, 0.05, &test), "test");
  check (dp_test_errors (&c->m, 1, &test, &a, &b), "test errors");
  check (dp_posterior_bound_pure (0.5, c->eps0, &v), "posterior");
  check (dp_posterior_bound_test (0.5, c->eps0, c->delta0, a, &v), "posterior δ");
  check (dp_posterior_of_test (0.5, a, b, &v), "posterior test");
  check (dp_tradeoff_beta (many, a, &b), "beta k");
  check (dp_posterior_max (&c->m, k, 0.5, &v), "posterior max");

  dp_tradeoff_free (one);
  dp_tradeoff_free (many);
  *cpu = bench_cpu_ms () - c0;
  return bench_now_ms () - t0;
}

static void
bench_view (const Case *c, bool bounds)
{
  const int nk = 41;
  double t[41], cpu[41], dummy;
  double worst_gap = 0.0;
  unsigned long worst_k = 0;

  for (int w = 0; w < 3; w++)
    view_frame (c, 100, bounds, 1e-6, &dummy); /* warm-up */
  for (int i = 0; i < nk; i++)
    {
      unsigned long k = (unsigned long) floor (pow (10.0, 4.0 * i / (nk - 1)) + 0.5);
      t[i] = view_frame (c, k, bounds, 1e-6, &cpu[i]);
      if (bounds && c->m.kind == DP_MECHANISM_LAPLACE && k > 1)
        {
          DpTradeoffOptions options = { 0, true };
          DpTradeoff *curve = NULL;
          double gap;
          check (dp_tradeoff_new (&c->m, k, &options, NULL, &curve), "curve");
          check (dp_tradeoff_gap (curve, &gap), "gap");
          if (gap > worst_gap)
            {
              worst_gap = gap;
              worst_k = k;
            }
          dp_tradeoff_free (curve);
        }
    }
  qsort (t, nk, sizeof (double), bench_cmp_double);
  qsort (cpu, nk, sizeof (double), bench_cmp_double);
  printf ("  %-26s %-12s median %6.2f ms  p95 %6.2f  max %6.2f  cpu median %6.2f  max %6.2f",
          c->label, bounds ? "two curves" : "lower curve", t[nk / 2],
          t[(int) (0.95 * (nk - 1))], t[nk - 1], cpu[nk / 2], cpu[nk - 1]);
  if (worst_k > 0)
    printf ("   (largest gap %.2g at k = %lu)", worst_gap, worst_k);
  printf ("\n");
}

static void
bench_audit (const char *label, const DpMechanism *m, unsigned long k, unsigned long n,
             bool auto_threshold, double threshold, double delta)
{
  const int reps = 5;
  double t[5], cpu[5];
  DpAuditResult r = { 0 };
  for (int i = 0; i < reps; i++)
    {
      DpAuditSpec s = { k, n, (uint32_t) (i + 1), false, auto_threshold, threshold, delta, 0.95 };
      double t0 = bench_now_ms (), c0 = bench_cpu_ms ();
      check (dp_audit_run (m, &s, NULL, NULL, NULL, &r), "audit");
      t[i] = bench_now_ms () - t0;
      cpu[i] = bench_cpu_ms () - c0;
    }
  qsort (t, reps, sizeof (double), bench_cmp_double);
  qsort (cpu, reps, sizeof (double), bench_cmp_double);
  double med = t[reps / 2];
  printf ("  %-26s k = %-4lu N = %-8lu %-6s %7.2f ms (cpu %7.2f)  %6.2f M runs/s  ε ≥ %.3f\n",
          label, k, n, auto_threshold ? "auto" : "given", med, cpu[reps / 2],
          2.0 * (double) n / med / 1000.0, r.bound.epsilon_lower);
}

int
main (void)
{
  Case cases[4];
  cases[0] = (Case) { "Laplace ε = 0.1", { 0 }, 0.1, 0.0 };
  check (dp_mechanism_laplace (0.1, 1.0, &cases[0].m), "laplace");
  cases[1] = (Case) { "Laplace ε = 1", { 0 }, 1.0, 0.0 };
  check (dp_mechanism_laplace (1.0, 1.0, &cases[1].m), "laplace");
  cases[2] = (Case) { "Gaussian (1, 1e-5)", { 0 }, 1.0, 1e-5 };
  check (dp_mechanism_gaussian_calibrated (1.0, 1e-5, 1.0, &cases[2].m), "gaussian");
  cases[3] = (Case) { "randomized response ε = 1", { 0 }, 1.0, 0.0 };
  check (dp_mechanism_rr (1.0, &cases[3].m), "rr");

  fill_grid ();
  printf ("The curves of the view, k = 1 … 10⁴ (41 values), %d values of α each, one core:\n",
          GRID);
  for (int i = 0; i < 4; i++)
    {
      bench_view (&cases[i], false);
      if (cases[i].m.kind == DP_MECHANISM_LAPLACE)
        bench_view (&cases[i], true);
    }

  printf ("\nThe audit (a run is one execution of the mechanism, N on D and N on D′; runs/s from the\n"
          "wall-clock median; the threshold given, or chosen automatically before the runs):\n");
  for (int i = 1; i < 4; i++)
    {
      double t = cases[i].m.kind == DP_MECHANISM_RR ? 1.0 : cases[i].m.sensitivity;
      bench_audit (cases[i].label, &cases[i].m, 1, 100000, false, t, cases[i].delta0);
      bench_audit (cases[i].label, &cases[i].m, 1, 100000, true, 0, cases[i].delta0);
    }
  bench_audit (cases[1].label, &cases[1].m, 1, 1000000, false, 1.0, 0.0);
  bench_audit (cases[1].label, &cases[1].m, 10, 100000, true, 0, 0.0);
  bench_audit (cases[2].label, &cases[2].m, 100, 100000, true, 0, 1e-3);
  bench_audit (cases[3].label, &cases[3].m, 100, 100000, true, 0, 0.0);
  return 0;
}
