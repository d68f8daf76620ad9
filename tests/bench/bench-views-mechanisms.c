/* bench-views-mechanisms.c — one frame of the survey, accuracy, exponential and group views
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What a slider change costs in these views: the frame computed from scratch (no cache, so a
 * survey's class is drawn again, as after "run the survey" with a new seed) and drawn as a
 * figure of 1920 × 1080 on an ARGB32 image surface with one cairo_t. Prints the median and the
 * 95th percentile of the wall-clock time of compute and draw over the runs, and the median of
 * the process's CPU time (everything runs on this thread, so it moves much less with the load
 * of a shared machine), per view and, for the survey, per class size up to 10⁵. Prints
 * figures only; asserts nothing about time.
 */
#include "config.h"

#include <glib.h>
#include <stdio.h>
#include <math.h>
#include <time.h>

#include "dpv-figure.h"
#include "dpv-registry.h"
#include "bench-util.h"

#define RUNS 41
#define WIDTH 1920
#define HEIGHT 1080

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
quantile (double *t, int n, double q)
{
  qsort (t, n, sizeof *t, compare_doubles);
  return t[(int) floor (q * (n - 1) + 0.5)];
}

/* Runs @view RUNS times at @base, moving the seed and ε (log-spaced over 0.1 … 10) on each
 * run, and prints the times of compute and of compute + draw. */
static void
bench_view (const char *name, const DpvParams *base, const char *what)
{
  const DpvViewClass *view = dpv_registry_lookup (name);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  double compute[RUNS], total[RUNS], cpu[RUNS];
  DpvStyle style;

  g_assert_nonnull (view);
  dpv_style_init (&style, DPV_THEME_LIGHT);
  for (int i = 0; i < RUNS; i++)
    {
      DpvParams p = *base;
      g_autoptr(DpvFrame) frame = NULL;
      cairo_t *cr;
      gint64 t0, t1, t2;
      double c0;

      p.seed = base->seed + (guint64) i;
      p.epsilon = pow (10.0, -1.0 + 2.0 * i / (RUNS - 1));
      c0 = bench_cpu_ms ();
      t0 = g_get_monotonic_time ();
      frame = dpv_frame_compute (view, &p, NULL, NULL, NULL);
      t1 = g_get_monotonic_time ();
      if (frame == NULL || dpv_frame_get_result (frame) == NULL)
        g_error ("%s: no frame", name);
      cr = cairo_create (surface);
      dpv_figure_render (frame, &style, cr, WIDTH, HEIGHT);
      cairo_destroy (cr);
      cairo_surface_flush (surface);
      t2 = g_get_monotonic_time ();
      cpu[i] = bench_cpu_ms () - c0;
      compute[i] = (t1 - t0) / 1000.0;
      total[i] = (t2 - t0) / 1000.0;
    }
  /* plain ASCII: g_print () converts to the locale's charset */
  printf ("%-12s %-30s compute %6.2f ms (p95 %6.2f), compute + draw %6.2f ms (p95 %6.2f), "
          "CPU %6.2f ms\n",
          name, what, quantile (compute, RUNS, 0.5), quantile (compute, RUNS, 0.95),
          quantile (total, RUNS, 0.5), quantile (total, RUNS, 0.95), quantile (cpu, RUNS, 0.5));
  cairo_surface_destroy (surface);
}

int
main (int argc, char **argv)
{
  static const unsigned long classes[] = { 30, 1000, 100000 };
  DpvParams p;

  printf ("%d runs each, %d x %d, seed and epsilon (0.1 ... 10) moved on every run, no frame "
          "cache; medians\n", RUNS, WIDTH, HEIGHT);
  for (gsize i = 0; i < G_N_ELEMENTS (classes); i++)
    {
      g_autofree char *what = g_strdup_printf ("class of n = %lu, revealed", classes[i]);

      dpv_params_init (&p);
      p.respondents = classes[i];
      p.reveal = TRUE;
      bench_view ("survey", &p, what);
    }
  for (int mech = DP_MECHANISM_LAPLACE; mech <= DP_MECHANISM_GAUSSIAN; mech++)
    {
      dpv_params_init (&p);
      p.mechanism = mech;
      bench_view ("accuracy", &p, dp_mechanism_kind_to_name (mech));
      bench_view ("group", &p, dp_mechanism_kind_to_name (mech));
    }
  dpv_params_init (&p);
  bench_view ("exponential", &p, "5 candidates");
  return 0;
}
