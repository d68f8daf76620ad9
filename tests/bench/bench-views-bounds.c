/* bench-views-bounds.c — compute and draw times of the views of issue #22 (renyi, walk,
 * samples, budget) at the sizes the issue names (prints figures, asserts nothing about time)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Run: meson test -C build --benchmark bench-views-bounds -v
 *      (or ./build/tests/bench/bench-views-bounds [VIEW])
 * For each case: the median over several runs of the wall-clock and CPU time (the thread's)
 * of the frame's computation (no cache: both stages every time) and of drawing it on a
 * 1920 × 1080 image surface, in milliseconds. The target of issue #22 is 10³ paths of 10³
 * steps, or 10⁶ samples, computed and drawn in ≤ 50 ms.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dpv-figure.h"
#include "dpv-registry.h"
#include "bench-util.h"

static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static double
median (double *v, int n)
{
  qsort (v, (size_t) n, sizeof (double), bench_cmp_double);
  return v[n / 2];
}

static void
bench_case (const char *label, const char *view_name, const DpvParams *params, int runs)
{
  const DpvViewClass *view = dpv_registry_lookup (view_name);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1920, 1080);
  double *cw = g_new (double, runs), *cc = g_new (double, runs);
  double *dw = g_new (double, runs), *dc = g_new (double, runs);
  DpvStyle style;

  dpv_style_init (&style, DPV_THEME_LIGHT);
  style.pixel_snap = TRUE;
  for (int i = -1; i < runs; i++)   /* one warm-up run */
    {
      gint64 t0 = g_get_monotonic_time ();
      double c0 = cpu_ms ();
      g_autoptr(DpvFrame) frame = dpv_frame_compute (view, params, NULL, NULL, NULL);
      double c1 = cpu_ms ();
      gint64 t1 = g_get_monotonic_time ();
      cairo_t *cr = cairo_create (surface);

      dpv_figure_render (frame, &style, cr, 1920, 1080);
      cairo_destroy (cr);
      cairo_surface_flush (surface);
      if (i >= 0)
        {
          cw[i] = (t1 - t0) / 1000.0;
          cc[i] = c1 - c0;
          dw[i] = (g_get_monotonic_time () - t1) / 1000.0;
          dc[i] = cpu_ms () - c1;
        }
    }
  printf ("  %-46s compute wall %7.2f cpu %7.2f · draw wall %7.2f cpu %7.2f · "
          "total cpu %7.2f ms\n", label, median (cw, runs), median (cc, runs),
          median (dw, runs), median (dc, runs), median (cc, runs) + median (dc, runs));
  cairo_surface_destroy (surface);
  g_free (cw);
  g_free (cc);
  g_free (dw);
  g_free (dc);
}

int
main (int argc, char **argv)
{
  const char *only = argc > 1 ? argv[1] : NULL;
  static const struct {
    DpMechanismKind kind;
    const char *name;
  } mechs[] = {
    { DP_MECHANISM_LAPLACE, "Laplace" },
    { DP_MECHANISM_GAUSSIAN, "Gaussian" },
    { DP_MECHANISM_RR, "RR" },
  };

  printf ("Views of issue #22, 1920 × 1080, median of runs (ms; CPU of this thread)\n");
  for (gsize m = 0; m < G_N_ELEMENTS (mechs); m++)
    {
      DpvParams p;
      char label[128];

      dpv_params_init (&p);
      p.show_caption = TRUE;
      p.mechanism = mechs[m].kind;
      p.epsilon = 0.5;
      p.delta = 0.1;

      if (only == NULL || strcmp (only, "renyi") == 0)
        {
          p.k = 100;
          g_snprintf (label, sizeof label, "renyi %s, k = 100", mechs[m].name);
          bench_case (label, "renyi", &p, 9);
        }
      if (only == NULL || strcmp (only, "walk") == 0)
        {
          p.k = 1000;
          p.paths = 1000;
          g_snprintf (label, sizeof label, "walk %s, 10³ paths × 10³ steps", mechs[m].name);
          bench_case (label, "walk", &p, 9);
          p.k = 100;
          p.paths = 10000;
          g_snprintf (label, sizeof label, "walk %s, 10⁴ paths × 10² steps", mechs[m].name);
          bench_case (label, "walk", &p, 5);
        }
    }
  return 0;
}
