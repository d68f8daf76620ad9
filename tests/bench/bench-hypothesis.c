/* bench-hypothesis.c — timings of the hypothesis-testing view: its curves after a change of k
 * or of the test, its drawing, and its audit (prints figures, asserts nothing about time)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Run: meson test -C build --benchmark bench-hypothesis -v
 *
 * "A change" is one call of the view's cheap stage (everything but the audit: the mechanism's
 * curve and its k-fold composition, the four region boundaries, the test, the posteriors and
 * the densities), which the app runs on the UI thread when k, α, the prior or the axes move;
 * "draw" one render of the frame at 1920 × 1080 on a single cairo context, as the app's
 * widget draws it. The audit is the view's expensive stage (a worker thread in the app); a run
 * is one execution of the mechanism, N on D and N on D′. Wall-clock medians, p95 and max, and
 * the CPU time of the process (which moves much less with the load of a shared machine).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "dpv-figure.h"
#include "dpv-hypothesis.h"
#include "bench-util.h"

typedef struct {
  double median, p95, max;
} Stats;

static Stats
stats (double *v, gsize n)
{
  Stats s;

  qsort (v, n, sizeof *v, bench_cmp_double);
  s.median = v[n / 2];
  s.p95 = v[MIN (n - 1, (gsize) ceil (0.95 * n) - 1)];
  s.max = v[n - 1];
  return s;
}

#define N_K 41

/* The cheap stage over k = 1 … 10⁴ (41 log-spaced values), and one draw of each frame. */
static void
bench_k (const DpvViewClass *view, const DpvParams *base, const char *label)
{
  double wall[N_K], cpu[N_K], draw[N_K], draw_cpu[N_K];
  DpvParams p = *base;
  DpMechanism m;
  gpointer data;
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1920, 1080);
  DpvStyle style;
  Stats w, c, d, dc;

  dpv_style_init (&style, DPV_THEME_LIGHT);
  dpv_params_mechanism (&p, &m);
  data = view->compute_data (&p, &m, NULL, NULL);
  for (int i = 0; i < N_K; i++)
    {
      g_autoptr(DpvFrameCache) cache = dpv_frame_cache_new (4);
      g_autoptr(DpvFrame) frame = NULL;
      gpointer r;
      double t0, c0;
      cairo_t *cr;

      p.k = (unsigned long) lround (pow (10.0, 4.0 * i / (N_K - 1)));
      c0 = bench_cpu_ms ();
      t0 = bench_now_ms ();
      r = view->compute (&p, &m, data, NULL, NULL);
      wall[i] = bench_now_ms () - t0;
      cpu[i] = bench_cpu_ms () - c0;
      view->free_result (r);
      /* the frame drawn (its audit from the cache's first compute, outside the timing) */
      frame = dpv_frame_compute (view, &p, cache, NULL, NULL);
      cr = cairo_create (s);
      c0 = bench_cpu_ms ();
      t0 = bench_now_ms ();
      dpv_figure_render (frame, &style, cr, 1920, 1080);
      cairo_surface_flush (s);
      draw[i] = bench_now_ms () - t0;
      draw_cpu[i] = bench_cpu_ms () - c0;
      cairo_destroy (cr);
    }
  w = stats (wall, N_K);
  c = stats (cpu, N_K);
  d = stats (draw, N_K);
  dc = stats (draw_cpu, N_K);
  printf ("  %-28s change of k  median %6.2f ms  p95 %6.2f  max %6.2f  cpu median %5.2f  max %5.2f"
          "   draw median %6.2f  max %6.2f  cpu median %5.2f  max %5.2f\n", label, w.median,
          w.p95, w.max, c.median, c.max, d.median, d.max, dc.median, dc.max);
  view->free_data (data);
  cairo_surface_destroy (s);
}

#define N_ALPHA 41

/* Dragging the test at k = 10⁴: α over 10⁻⁴ … 0.9. */
static void
bench_alpha (const DpvViewClass *view, const DpvParams *base, const char *label)
{
  double wall[N_ALPHA], cpu[N_ALPHA];
  DpvParams p = *base;
  DpMechanism m;
  gpointer data;
  Stats w, c;

  p.k = 10000;
  dpv_params_mechanism (&p, &m);
  data = view->compute_data (&p, &m, NULL, NULL);
  for (int i = 0; i < N_ALPHA; i++)
    {
      double t0, c0;
      gpointer r;

      p.type1 = 1e-4 * pow (0.9 / 1e-4, (double) i / (N_ALPHA - 1));
      c0 = bench_cpu_ms ();
      t0 = bench_now_ms ();
      r = view->compute (&p, &m, data, NULL, NULL);
      wall[i] = bench_now_ms () - t0;
      cpu[i] = bench_cpu_ms () - c0;
      view->free_result (r);
    }
  w = stats (wall, N_ALPHA);
  c = stats (cpu, N_ALPHA);
  printf ("  %-28s drag of α at k = 10⁴  median %6.2f ms  p95 %6.2f  max %6.2f  cpu median %5.2f\n",
          label, w.median, w.p95, w.max, c.median);
  view->free_data (data);
}

/* The audit stage at N runs, over three seeds; a run is one execution of the mechanism. */
static void
bench_audit (const DpvViewClass *view, const DpvParams *base, const char *label,
             unsigned long n, gboolean best)
{
  double wall[3], cpu[3];
  DpvParams p = *base;
  DpMechanism m;
  Stats w, c;
  double bound = 0;

  p.trials = n;
  p.audit_best = best;
  dpv_params_mechanism (&p, &m);
  for (int i = 0; i < 3; i++)
    {
      double t0, c0;
      DpvHypAudit *a;

      p.seed = (guint64) i + 1;
      c0 = bench_cpu_ms ();
      t0 = bench_now_ms ();
      a = view->compute_data (&p, &m, NULL, NULL);
      wall[i] = bench_now_ms () - t0;
      cpu[i] = bench_cpu_ms () - c0;
      bound = a->r.bound.epsilon_lower;
      view->free_data (a);
    }
  w = stats (wall, 3);
  c = stats (cpu, 3);
  printf ("  %-28s audit N = %-7lu %-6s  median %7.2f ms (cpu %7.2f)  %6.2f M runs/s   ε ≥ %.3f\n",
          label, n, best ? "best" : "test", w.median, c.median, 2.0 * n / w.median / 1e3, bound);
}

int
main (int argc, char **argv)
{
  const DpvViewClass *view = &dpv_hypothesis_view;
  const struct {
    const char *label;
    DpMechanismKind kind;
    double eps;
  } cases[] = {
    { "Laplace ε = 1", DP_MECHANISM_LAPLACE, 1.0 },
    { "Laplace ε = 0.1", DP_MECHANISM_LAPLACE, 0.1 },
    { "Gaussian (1, 1e-5)", DP_MECHANISM_GAUSSIAN, 1.0 },
    { "randomized response ε = 1", DP_MECHANISM_RR, 1.0 },
  };

  printf ("The view's cheap stage per change (UI thread in the app) and its drawing at 1920 × 1080:\n");
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      DpvParams p;

      dpv_params_init (&p);
      p.mechanism = cases[i].kind;
      p.epsilon = cases[i].eps;
      p.trials = 100;
      bench_k (view, &p, cases[i].label);
      bench_alpha (view, &p, cases[i].label);
    }
  printf ("\nThe audit (the expensive stage; a run is one execution, N on D and N on D′):\n");
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      DpvParams p;

      dpv_params_init (&p);
      p.mechanism = cases[i].kind;
      p.epsilon = cases[i].eps;
      bench_audit (view, &p, cases[i].label, 100000, FALSE);
      bench_audit (view, &p, cases[i].label, 100000, TRUE);
      bench_audit (view, &p, cases[i].label, 1000000, FALSE);
    }
  return 0;
}
