/* bench-core.c — timings of libdpcore's composition accountants (prints figures, asserts nothing
 * about time)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Run: meson test -C build --benchmark bench-core -v   (or ./build/tests/bench/bench-core)
 * Each figure is the median wall-clock time of several runs.
 */
#include <math.h>
#include <stdlib.h>

#include <glib.h>

#include "dp-core.h"
#include "bench-util.h"

typedef struct {
  DpMechanism m;
  unsigned long k;
  double delta;
  double rel_tol;
  double eps0;
  unsigned long ks[64];
  size_t n;
  double out[64];
  double result;
} Job;

static void
run_exact (gpointer data)
{
  Job *j = data;
  if (dp_compose_exact_epsilon (&j->m, j->k, j->delta, j->rel_tol, NULL, &j->result) != DP_OK)
    g_error ("exact composition failed");
}

static void
run_curve (gpointer data)
{
  Job *j = data;
  if (dp_compose_exact_epsilon_curve (&j->m, j->ks, j->n, j->delta, j->rel_tol, NULL, j->out)
      != DP_OK)
    g_error ("curve failed");
}

static void
run_kov (gpointer data)
{
  Job *j = data;
  if (dp_compose_kov_epsilon (j->eps0, 0.0, j->k, j->delta, &j->result) != DP_OK)
    g_error ("KOV failed");
}

static void
fill_log_k (Job *j, size_t n, double kmax)
{
  j->n = n;
  for (size_t i = 0; i < n; i++)
    j->ks[i] = (unsigned long) llround (pow (kmax, (double) i / (double) (n - 1)));
}

int
main (int argc, char *argv[])
{
  Job j = { 0 };
  double t;

  g_print ("# libdpcore composition benchmarks (median wall-clock time)\n");

  /* (a) One exact Laplace point. */
  dp_mechanism_laplace (1.0, 1.0, &j.m);
  j.k = 1000;
  j.delta = 1e-5;
  j.rel_tol = 0.0; /* default: 1e-4 relative */
  t = bench_median_ms (run_exact, &j, 9);
  g_print ("(a) exact Laplace eps0=1 k=1000 delta=1e-5 (rel_tol 1e-4): %.2f ms  eps=%.6f\n", t,
           j.result);

  /* (b) A whole curve: 32 log-spaced k from 1 to 1000, each to 1e-3 relative. */
  fill_log_k (&j, 32, 1000.0);
  j.rel_tol = 1e-3;
  t = bench_median_ms (run_curve, &j, 7);
  g_print ("(b) exact Laplace curve eps0=1, 32 k in [1, 1000], delta=1e-5, rel_tol 1e-3: %.2f ms"
           "  eps(k=1000)=%.5f\n", t, j.out[31]);

  /* (c) KOV for k = 10⁴. */
  j.k = 10000;
  j.delta = 1e-5;
  for (int e = 0; e < 2; e++)
    {
      j.eps0 = e == 0 ? 0.1 : 1.0;
      t = bench_median_ms (run_kov, &j, 51);
      g_print ("(c) KOV eps0=%g k=10000 delta=1e-5: %.3f ms  eps=%.6f\n", j.eps0, t, j.result);
    }

  /* The composition view's request: 50 log-spaced k from 1 to 10⁴ at 1e-3. */
  const double view_eps[] = { 0.01, 0.1, 1.0, 10.0 };
  fill_log_k (&j, 50, 10000.0);
  j.delta = 1e-5;
  j.rel_tol = 1e-3;
  for (size_t e = 0; e < G_N_ELEMENTS (view_eps); e++)
    {
      dp_mechanism_laplace (view_eps[e], 1.0, &j.m);
      t = bench_median_ms (run_curve, &j, 3);
      g_print ("    view curve eps0=%g, 50 k in [1, 10000], rel_tol 1e-3: %.1f ms\n", view_eps[e],
               t);
    }

  /* A few more single points at the default accuracy. */
  const struct { double eps0; unsigned long k; double delta; } pts[] = {
    { 0.1, 100, 1e-5 }, { 0.1, 1000, 1e-10 }, { 2.0, 1000, 1e-10 }, { 1.0, 100000, 1e-6 },
  };
  for (size_t i = 0; i < G_N_ELEMENTS (pts); i++)
    {
      dp_mechanism_laplace (pts[i].eps0, 1.0, &j.m);
      j.k = pts[i].k;
      j.delta = pts[i].delta;
      j.rel_tol = 0.0;
      t = bench_median_ms (run_exact, &j, 5);
      g_print ("    exact Laplace eps0=%g k=%lu delta=%g: %.2f ms  eps=%.6f\n", pts[i].eps0,
               pts[i].k, pts[i].delta, t, j.result);
    }
  return 0;
}
