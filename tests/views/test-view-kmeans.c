/* test-view-kmeans.c — the "DP k-means" view's numbers and what its figure shows
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected values computed here: textbook Lloyd written out (nearest centre, lowest index on
 * ties, a centre without points stays) from the run's common start; the private path's counts
 * and sums recomputed from the points and the previous private centres, each centre â/n̂ or a
 * re-draw inside ‖x‖₁ ≤ 1 when n̂ < 1 (book §3.3.3); the noise n̂ − n and â − a has the Laplace
 * variance 2b², b = 2/ε′ = 4T/ε, over many seeds; the costs are Σ min ‖x − c‖². The figure:
 * the budget strip fills one pair of boxes per iteration up to the one shown.
 */
#include "config.h"

#include <locale.h>
#include <math.h>
#include <string.h>

#include "dpv-figure.h"
#include "dpv-kmeans.h"
#include "dpv-registry.h"
#include "view-test-figure.h"

static DpvParams
params_for (guint k, gsize n, guint T, double eps, guint64 seed, guint step)
{
  DpvParams p;

  dpv_params_init (&p);
  p.clusters = k;
  p.points = n;
  p.iterations = T;
  p.epsilon = eps;
  p.seed = seed;
  p.step = step;
  p.runs = 4;
  return p;
}

/* The cheap stage alone, on the preview of the sweep (as the app draws while it computes). */
static DpvKmeans *
compute_run (const DpvParams *p, gpointer *sweep)
{
  g_autoptr(GError) error = NULL;
  DpvKmeans *r;

  *sweep = dpv_kmeans_view.preview_data (p, NULL);
  r = dpv_kmeans_view.compute (p, NULL, *sweep, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (r);
  return r;
}

static void
free_run (DpvKmeans *r, gpointer sweep)
{
  dpv_kmeans_view.free_result (r);
  dpv_kmeans_view.free_data (sweep);
}

static guint
nearest (DpPoint x, const DpPoint *c, guint k)
{
  guint best = 0;
  double bd = HUGE_VAL;

  for (guint j = 0; j < k; j++)
    {
      double d = (x.x - c[j].x) * (x.x - c[j].x) + (x.y - c[j].y) * (x.y - c[j].y);

      if (d < bd)
        {
          bd = d;
          best = j;
        }
    }
  return best;
}

static double
cost (const DpPoint *x, gsize n, const DpPoint *c, guint k)
{
  double s = 0;

  for (gsize i = 0; i < n; i++)
    {
      guint j = nearest (x[i], c, k);

      s += (x[i].x - c[j].x) * (x[i].x - c[j].x) + (x[i].y - c[j].y) * (x[i].y - c[j].y);
    }
  return s;
}

static void
assert_close (double got, double want, double tol)
{
  if (!(fabs (got - want) <= tol * MAX (1.0, fabs (want))))
    g_error ("got %.17g, expected %.17g", got, want);
}

/* Both paths of the view, step by step, against the book's algorithms written out here. */
static void
test_paths (void)
{
  static const struct { guint k; gsize n; guint T; double eps; guint64 seed; } cases[] = {
    { 2, 100, 1, 1.0, 1 }, { 4, 2000, 10, 1.0, 1 }, { 6, 500, 8, 0.1, 7 },
    { 3, 10000, 5, 10.0, 3 }, { 5, 300, 50, 3.0, 11 },
  };

  for (gsize ci = 0; ci < G_N_ELEMENTS (cases); ci++)
    {
      guint k = cases[ci].k, T = cases[ci].T;
      gsize n = cases[ci].n;
      DpPoint lloyd[DP_KMEANS_K_MAX];

      for (guint step = 0; step <= T + 2; step += (T > 10 ? 7 : 1))
        {
          DpvParams p = params_for (k, n, T, cases[ci].eps, cases[ci].seed, step);
          gpointer sweep;
          DpvKmeans *r = compute_run (&p, &sweep);
          guint shown = MIN (step, T);

          g_assert_cmpuint (r->step, ==, shown);
          g_assert_cmpuint (r->n, ==, n);
          assert_close (r->epsilon_step, cases[ci].eps / (2.0 * T), 1e-14);
          assert_close (r->noise_scale, 4.0 * T / cases[ci].eps, 1e-12);
          /* the data lie in the book's domain */
          for (gsize i = 0; i < n; i++)
            g_assert_cmpfloat (fabs (r->points[i].x) + fabs (r->points[i].y), <=, 1.0 + 1e-12);
          /* both paths start together */
          for (guint j = 0; j < k; j++)
            {
              g_assert_cmpfloat (r->centres_nonprivate[j].x, ==, r->centres_private[j].x);
              g_assert_cmpfloat (r->centres_nonprivate[j].y, ==, r->centres_private[j].y);
              lloyd[j] = r->centres_nonprivate[j];
            }
          /* textbook Lloyd */
          for (guint t = 1; t <= T; t++)
            {
              double sx[DP_KMEANS_K_MAX] = { 0 }, sy[DP_KMEANS_K_MAX] = { 0 };
              double cnt[DP_KMEANS_K_MAX] = { 0 };

              for (gsize i = 0; i < n; i++)
                {
                  guint j = nearest (r->points[i], lloyd, k);

                  sx[j] += r->points[i].x;
                  sy[j] += r->points[i].y;
                  cnt[j] += 1;
                }
              for (guint j = 0; j < k; j++)
                if (cnt[j] > 0)
                  {
                    lloyd[j].x = sx[j] / cnt[j];
                    lloyd[j].y = sy[j] / cnt[j];
                  }
              for (guint j = 0; j < k; j++)
                {
                  assert_close (r->centres_nonprivate[t * k + j].x, lloyd[j].x, 1e-12);
                  assert_close (r->centres_nonprivate[t * k + j].y, lloyd[j].y, 1e-12);
                }
            }
          for (guint t = 0; t <= T; t++)
            {
              assert_close (r->cost_nonprivate[t],
                            cost (r->points, n, r->centres_nonprivate + t * k, k), 1e-10);
              assert_close (r->cost_private[t],
                            cost (r->points, n, r->centres_private + t * k, k), 1e-10);
            }
          /* the labels drawn are the nearest centres of the iteration shown */
          for (gsize i = 0; i < n; i += 7)
            {
              g_assert_cmpuint (r->labels_nonprivate[i], ==,
                                nearest (r->points[i], r->centres_nonprivate + shown * k, k));
              g_assert_cmpuint (r->labels_private[i], ==,
                                nearest (r->points[i], r->centres_private + shown * k, k));
            }
          /* the release that made the private c^(shown) */
          if (shown > 0)
            {
              const DpPoint *prev = r->centres_private + (shown - 1) * k;
              const DpPoint *next = r->centres_private + shown * k;
              double sx[DP_KMEANS_K_MAX] = { 0 }, sy[DP_KMEANS_K_MAX] = { 0 };
              double cnt[DP_KMEANS_K_MAX] = { 0 };
              guint redrawn = 0;

              for (gsize i = 0; i < n; i++)
                {
                  guint j = nearest (r->points[i], prev, k);

                  sx[j] += r->points[i].x;
                  sy[j] += r->points[i].y;
                  cnt[j] += 1;
                }
              for (guint j = 0; j < k; j++)
                {
                  g_assert_cmpfloat (r->counts[j], ==, cnt[j]);
                  assert_close (r->sums[j].x, sx[j], 1e-12);
                  assert_close (r->sums[j].y, sy[j], 1e-12);
                  g_assert_cmpint (r->redrawn[j], ==, r->noisy_counts[j] < 1);
                  if (r->redrawn[j])
                    {
                      g_assert_cmpfloat (fabs (next[j].x) + fabs (next[j].y), <=, 1.0 + 1e-12);
                      redrawn++;
                    }
                  else
                    {
                      assert_close (next[j].x, r->noisy_sums[j].x / r->noisy_counts[j], 1e-12);
                      assert_close (next[j].y, r->noisy_sums[j].y / r->noisy_counts[j], 1e-12);
                    }
                }
              g_assert_cmpuint (r->n_redrawn_step, ==, redrawn);
            }
          free_run (r, sweep);
        }
    }
}

/* The noise on counts and sums is Lap(2/ε′): over 120 seeds × T = 5 steps × k = 4 clusters,
 * 2400 draws of n̂ − n and 4800 of â − a, the sample variance is 2b² within 20 % (the
 * relative standard deviation of a Laplace sample variance is √(5/N): 4.6 % and 3.2 %). */
static void
test_noise_scale (void)
{
  const guint k = 4, T = 5;
  const double eps = 2.0, b = 4.0 * T / eps;
  double sc = 0, ss = 0;
  gsize nc = 0, ns = 0;

  for (guint64 seed = 1; seed <= 120; seed++)
    {
      DpvParams p = params_for (k, 200, T, eps, seed, 0);

      for (guint step = 1; step <= T; step++)
        {
          gpointer sweep;
          DpvKmeans *r;

          p.step = step;
          r = compute_run (&p, &sweep);
          for (guint j = 0; j < k; j++)
            {
              double dc = r->noisy_counts[j] - r->counts[j];
              double dx = r->noisy_sums[j].x - r->sums[j].x, dy = r->noisy_sums[j].y - r->sums[j].y;

              sc += dc * dc;
              ss += dx * dx + dy * dy;
              nc += 1;
              ns += 2;
            }
          free_run (r, sweep);
        }
    }
  g_test_message ("var(n̂ − n)/2b² = %.4f over %zu, var(â − a)/2b² = %.4f over %zu",
                  sc / nc / (2 * b * b), nc, ss / ns / (2 * b * b), ns);
  g_assert_cmpfloat (fabs (sc / nc / (2 * b * b) - 1), <, 0.2);
  g_assert_cmpfloat (fabs (ss / ns / (2 * b * b) - 1), <, 0.2);
}

/* The expensive stage: the mean, spread and range of the final private cost over R runs at
 * each ε, run r at seed + r on the view's data set; "this run" is run 0 at ε = 1. */
static void
test_sweep (void)
{
  DpvParams p = params_for (3, 400, 6, 1.0, 5, 6);
  g_autoptr(DpvFrame) frame = dpv_frame_compute (&dpv_kmeans_view, &p, NULL, NULL, NULL);
  const DpvKmeans *r = dpv_frame_get_result (frame);
  const DpvKmeansSweep *s = r->sweep;
  const double *eps = dpv_kmeans_sweep_epsilons ();

  g_assert_nonnull (r);
  g_assert_true (s->complete);
  g_assert_false (r->sweep_pending);
  g_assert_cmpuint (s->n, ==, DPV_KMEANS_SWEEP_N);
  g_assert_cmpuint (s->runs, ==, 4);
  for (guint i = 0; i < s->n; i++)
    {
      double c[4], mean = 0, var = 0;

      g_assert_cmpfloat (s->points[i].epsilon, ==, eps[i]);
      if (i > 0)
        assert_close (eps[i] / eps[i - 1], pow (10.0, 1.0 / 3.0), 1e-12);
      for (guint run = 0; run < 4; run++)
        {
          DpKmeansRun kr = { 0 };

          g_assert_cmpint (dp_kmeans_run (r->points, r->n, 3, 6, eps[i], 5 + run, NULL, &kr), ==,
                           DP_OK);
          c[run] = kr.cost_private[6];
          mean += c[run] / 4;
          dp_kmeans_run_clear (&kr);
        }
      for (guint run = 0; run < 4; run++)
        var += (c[run] - mean) * (c[run] - mean) / 3;
      assert_close (s->points[i].mean, mean, 1e-10);
      assert_close (s->points[i].sd, sqrt (var), 1e-8);
      if (eps[i] == 1.0)
        assert_close (c[0], r->cost_private[6], 1e-12);
    }
  assert_close (eps[6], 1.0, 0);
}

/* ---- the figure ------------------------------------------------------------------------- */

/* The print theme: the colours over white that is_blend () expects. */
static cairo_surface_t *
render (const DpvFrame *frame, int w, int h, GArray *placed)
{
  return view_test_render (frame, DPV_THEME_PRINT, w, h, placed);
}

/* A pixel equal to @c painted with @alpha over white (the print theme's background). */
static gboolean
is_blend (cairo_surface_t *s, int x, int y, const DpvColor *c, double alpha)
{
  return view_test_is_blend (s, x, y, c, alpha, 0.03);
}

/* The row through the budget strip: the most pixels of its boxes, filled or not. */
static int
strip_row (cairo_surface_t *s, const DpvStyle *style)
{
  int w = cairo_image_surface_get_width (s), h = cairo_image_surface_get_height (s);
  const DpvColor *c[2] = { &style->roles[DPV_ROLE_ZCDP], &style->roles[DPV_ROLE_TIGHT] };
  int best_row = -1, best = 0;

  for (int y = 0; y < h; y++)
    {
      int count = 0;

      for (int x = 0; x < w; x++)
        for (int i = 0; i < 2; i++)
          count += is_blend (s, x, y, c[i], 0.85) || is_blend (s, x, y, c[i], 0.18);
      if (count > best)
        {
          best = count;
          best_row = y;
        }
    }
  g_assert_cmpint (best_row, >=, 0);
  return best_row;
}

/* Runs of pixels of the blend along row @y. */
static guint
boxes_in_strip (cairo_surface_t *s, int y, const DpvColor *c, double alpha)
{
  int w = cairo_image_surface_get_width (s);
  guint runs = 0;
  gboolean in = FALSE;

  for (int x = 0; x < w; x++)
    {
      gboolean on = is_blend (s, x, y, c, alpha);

      if (on && !in)
        runs++;
      in = on;
    }
  return runs;
}

/* The budget strip: T pairs of boxes (counts, sums), the first t of them filled. */
static void
test_figure_budget (void)
{
  static const guint steps[] = { 0, 3, 10 };
  g_autoptr(GArray) placed = g_array_new (FALSE, FALSE, sizeof (DpvPlacedText));
  DpvStyle style;

  dpv_style_init (&style, DPV_THEME_PRINT);
  for (gsize i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      DpvParams p = params_for (4, 500, 10, 1.0, 1, steps[i]);
      g_autoptr(DpvFrame) frame = dpv_frame_compute (&dpv_kmeans_view, &p, NULL, NULL, NULL);
      cairo_surface_t *s = render (frame, 1600, 1000, placed);
      int row = strip_row (s, &style);

      g_assert_cmpuint (boxes_in_strip (s, row, &style.roles[DPV_ROLE_ZCDP], 0.85), ==,
                        steps[i]);
      g_assert_cmpuint (boxes_in_strip (s, row, &style.roles[DPV_ROLE_TIGHT], 0.85), ==,
                        steps[i]);
      g_assert_cmpuint (boxes_in_strip (s, row, &style.roles[DPV_ROLE_ZCDP], 0.18), ==,
                        10 - steps[i]);
      g_assert_cmpuint (boxes_in_strip (s, row, &style.roles[DPV_ROLE_TIGHT], 0.18), ==,
                        10 - steps[i]);
      g_assert_false (view_test_placed_has (placed, "computing"));
      view_test_placed_clear (placed);
      cairo_surface_destroy (s);
    }
}

/* While the sweep is computed, its panel says so and the runs are drawn. */
static void
test_figure_pending (void)
{
  DpvParams p = params_for (4, 500, 10, 1.0, 1, 4);
  g_autoptr(DpvFrame) frame = dpv_frame_compute_preview (&dpv_kmeans_view, &p, NULL);
  g_autoptr(GArray) placed = g_array_new (FALSE, FALSE, sizeof (DpvPlacedText));
  cairo_surface_t *s;
  DpvStyle style;

  dpv_style_init (&style, DPV_THEME_PRINT);
  g_assert_nonnull (frame);
  g_assert_true (dpv_frame_is_pending (frame));
  s = render (frame, 1600, 1000, placed);
  g_assert_true (view_test_placed_has (placed, "computing the cost against ε"));
  g_assert_cmpuint (boxes_in_strip (s, strip_row (s, &style), &style.roles[DPV_ROLE_ZCDP], 0.85),
                    ==, 4);
  view_test_placed_clear (placed);
  cairo_surface_destroy (s);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/kmeans/paths", test_paths);
  g_test_add_func ("/kmeans/noise-scale", test_noise_scale);
  g_test_add_func ("/kmeans/sweep", test_sweep);
  g_test_add_func ("/kmeans/figure/budget", test_figure_budget);
  g_test_add_func ("/kmeans/figure/pending", test_figure_pending);
  return g_test_run ();
}
