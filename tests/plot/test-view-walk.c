/* test-view-walk.c — the walk view: its numbers against closed forms and the exact law, and
 * where it draws the paths
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Independent of the code under test: Thm 3.20's threshold kε(e^ε − 1) + √(2k ln(1/δ′))·ε
 * and the Gaussian's quantile kμ²/2 + Φ⁻¹(1 − δ′)√k·μ from their formulas; the
 * Clopper–Pearson interval against the binomial distribution function it inverts; the
 * simulated fraction above the threshold against the exact tail within a binomial tolerance
 * over several seeds.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "dpv-walk.h"
#include "test-pixels.h"

#define TEST_VIEW_WALK TEST_VIEW ("walk")

static DpvFrame *
walk_frame (DpMechanismKind kind, double eps, double delta, unsigned long k, unsigned long n,
            guint64 seed)
{
  DpvParams p;

  dpv_params_init (&p);
  p.mechanism = kind;
  p.epsilon = eps;
  p.delta = delta;
  p.k = k;
  p.paths = n;
  p.seed = seed;
  return test_frame (TEST_VIEW_WALK, &p);
}

/* The interval inverts the binomial distribution: at its ends the tail probabilities are
 * (1 − confidence)/2; ends at 0 and 1 in closed form. */
static void
test_interval (void)
{
  double lo, hi;

  dpv_walk_binomial_interval (0, 10, 0.95, &lo, &hi);
  g_assert_cmpfloat (lo, ==, 0.0);
  g_assert_cmpfloat_with_epsilon (hi, 1 - pow (0.025, 0.1), 1e-12);
  dpv_walk_binomial_interval (10, 10, 0.95, &lo, &hi);
  g_assert_cmpfloat_with_epsilon (lo, pow (0.025, 0.1), 1e-12);
  g_assert_cmpfloat (hi, ==, 1.0);
  for (gsize x = 1; x < 40; x += 7)
    {
      dpv_walk_binomial_interval (x, 40, 0.95, &lo, &hi);
      /* P[X ≥ x | lo] = 0.025 and P[X ≤ x | hi] = 0.025 */
      g_assert_cmpfloat_with_epsilon (gsl_cdf_binomial_Q (x - 1, lo, 40), 0.025, 1e-9);
      g_assert_cmpfloat_with_epsilon (gsl_cdf_binomial_P (x, hi, 40), 0.025, 1e-9);
    }
}

static void
test_fmt_tail (void)
{
  g_autofree char *a = dpv_walk_fmt_tail (0.0, -632.5);
  g_autofree char *b = dpv_walk_fmt_tail (0.0, -HUGE_VAL);
  g_autofree char *c = dpv_walk_fmt_tail (0.25, log10 (0.25));

  /* 10^−632.5 = 3.16…×10⁻⁶³³ */
  g_assert_cmpstr (a, ==, "3.2×10⁻⁶³³");
  g_assert_cmpstr (b, ==, "0.000");
  g_assert_cmpstr (c, ==, "0.2500");
}

/* The threshold, the drawn paths (those above end above it, the others below), the y range
 * (holds every drawn point and the threshold) and the histogram (fractions summing to 1). */
static void
test_values (void)
{
  static const double epss[] = { 0.05, 0.3, 1.0 };
  static const double deltas[] = { 1e-6, 0.1, 0.5 };

  for (int kind = 0; kind < DP_N_MECHANISMS; kind++)
    for (gsize e = 0; e < G_N_ELEMENTS (epss); e++)
      for (gsize d = 0; d < G_N_ELEMENTS (deltas); d++)
        {
          g_autoptr(DpvFrame) f = walk_frame (kind, epss[e], deltas[d], 64, 300, 7);
          const DpvWalkView *r = dpv_frame_get_result (f);
          const DpMechanism *m = dpv_frame_get_mechanism (f);
          const DpWalk *w = r->walk;
          double want, sum = 0;
          gsize above = 0;

          if (kind == DP_MECHANISM_GAUSSIAN)
            {
              double mu = m->sensitivity / m->scale;

              want = 64 * mu * mu / 2 + gsl_cdf_ugaussian_Qinv (deltas[d]) * 8 * mu;
              g_assert_false (r->bounded);
              g_assert_null (r->max_line);
              /* the exact tail beyond the exact quantile is δ′ itself */
              g_assert_cmpfloat_with_epsilon (r->exact_tail / deltas[d], 1.0, 1e-9);
            }
          else
            {
              want = 64 * epss[e] * expm1 (epss[e]) + sqrt (2 * 64 * log (1 / deltas[d]))
                                                    * epss[e];
              g_assert_true (r->bounded);
              g_assert_cmpfloat_with_epsilon (r->max_loss, 64 * epss[e], 1e-12);
              g_assert_true (r->threshold_unreachable == (want >= 64 * epss[e]));
              /* Azuma holds: the exact tail is at most δ′ */
              g_assert_cmpfloat (r->exact_tail, <=, deltas[d]);
            }
          g_assert_cmpfloat_with_epsilon (w->threshold / want, 1.0, 1e-12);
          g_assert_cmpfloat (w->threshold, <=, r->y_hi);

          for (gsize i = 0; i < r->n_paths; i++)
            above += w->final_sums[i] > w->threshold;
          g_assert_cmpuint (r->n_above_drawn, ==, MIN (above, DPV_WALK_DRAWN_ABOVE));
          g_assert_cmpuint (r->n_below_drawn, ==,
                            MIN (r->n_paths - above, DPV_WALK_DRAWN_BELOW));
          g_assert_cmpfloat (r->fraction_above, ==, (double) above / r->n_paths);
          for (gsize t = 0; t < r->n_above_drawn; t++)
            g_assert_cmpfloat (w->final_sums[r->above_drawn[t]], >, w->threshold);
          for (gsize t = 0; t < r->n_below_drawn; t++)
            g_assert_cmpfloat (w->final_sums[r->below_drawn[t]], <=, w->threshold);
          for (gsize t = 0; t < r->n_below_drawn; t++)
            for (gsize c = 0; c < r->n_columns; c++)
              {
                double v = w->paths[r->below_drawn[t] * r->n_columns + c];

                g_assert_true (v >= r->y_lo && v <= r->y_hi);
              }
          /* the density holds every path at every column (the y range holds them all) */
          for (gsize c = 0; c < r->n_columns; c++)
            {
              gsize all = 0, hot = 0;

              for (gsize b = 0; b < DPV_WALK_DENSITY_ROWS; b++)
                {
                  all += r->density[c * DPV_WALK_DENSITY_ROWS + b];
                  hot += r->density_above[c * DPV_WALK_DENSITY_ROWS + b];
                }
              g_assert_cmpuint (all, ==, r->n_paths);
              g_assert_cmpuint (hot, ==, above);
            }
          g_assert_cmpfloat (r->xs[0], ==, 0.0);
          g_assert_cmpfloat (r->xs[r->n_columns - 1], ==, 64.0);
          for (gsize b = 0; b < r->n_bins; b++)
            sum += r->hist[b];
          g_assert_cmpfloat_with_epsilon (sum, 1.0, 1e-12);
          g_assert_true (r->fraction_lo <= r->fraction_above
                         && r->fraction_above <= r->fraction_hi);
        }
}

/* The simulated fraction above the threshold against the exact tail: within 4 binomial
 * standard deviations for every seed, and the Clopper–Pearson interval holds the exact tail
 * for most seeds (each does with probability ≥ 95 %). */
static void
test_fraction_vs_exact (void)
{
  static const struct {
    DpMechanismKind kind;
    double eps, delta;
    unsigned long k;
  } cases[] = {
    { DP_MECHANISM_LAPLACE, 0.1, 0.5, 100 },
    { DP_MECHANISM_RR, 0.1, 0.5, 100 },
    { DP_MECHANISM_GAUSSIAN, 0.5, 0.1, 50 },
    { DP_MECHANISM_LAPLACE, 0.05, 0.3, 400 },
  };

  for (gsize c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      int covered = 0;

      for (guint64 seed = 1; seed <= 8; seed++)
        {
          g_autoptr(DpvFrame) f = walk_frame (cases[c].kind, cases[c].eps, cases[c].delta,
                                              cases[c].k, 2000, seed);
          const DpvWalkView *r = dpv_frame_get_result (f);
          double pt = r->exact_tail, sd = sqrt (pt * (1 - pt) / 2000);

          g_assert_cmpfloat (pt, >, 0.005);
          g_assert_cmpfloat (fabs (r->fraction_above - pt), <=, 4 * sd);
          covered += r->fraction_lo <= pt && pt <= r->fraction_hi;
        }
      /* P[Bin(8, 0.95) ≤ 5] < 0.006 */
      g_assert_cmpint (covered, >=, 6);
    }
}

/* The same seed gives the same paths; another seed others. */
static void
test_seeded (void)
{
  g_autoptr(DpvFrame) a = walk_frame (DP_MECHANISM_LAPLACE, 0.2, 0.1, 50, 100, 11);
  g_autoptr(DpvFrameCache) cache = dpv_frame_cache_new (2);
  g_autoptr(DpvFrame) b = NULL;
  g_autoptr(DpvFrame) c = walk_frame (DP_MECHANISM_LAPLACE, 0.2, 0.1, 50, 100, 12);
  const DpWalk *wa = ((const DpvWalkView *) dpv_frame_get_result (a))->walk;
  const DpWalk *wc = ((const DpvWalkView *) dpv_frame_get_result (c))->walk;
  const DpWalk *wb;
  DpvParams p = *dpv_frame_get_params (a);

  /* computed again in a cache of its own */
  b = dpv_frame_compute (dpv_registry_get (TEST_VIEW_WALK), &p, cache, NULL, NULL);
  wb = ((const DpvWalkView *) dpv_frame_get_result (b))->walk;
  g_assert_true (wa != wb);
  g_assert_cmpmem (wa->final_sums, 100 * sizeof (double), wb->final_sums, 100 * sizeof (double));
  g_assert_true (memcmp (wa->final_sums, wc->final_sums, 100 * sizeof (double)) != 0);
}

/* The figure: at the right end of the paths panel, the highlighted paths (the loss colour)
 * are above the threshold line and the others (the foreground, translucent) below it; the
 * Gaussian has no drift or band lines (orange). */
static void
test_pixels (void)
{
  const int W = 1200, H = 800;
  DpvStyle st;
  DpvParams p;
  cairo_surface_t *s;
  g_autoptr(DpvFrame) f = NULL;
  const DpvWalkView *r;
  int thr_row = -1, col, right_edge = -1, n_hot = 0, n_cold = 0;

  dpv_style_init (&st, DPV_THEME_LIGHT);
  dpv_params_init (&p);
  p.show_caption = FALSE;
  p.mechanism = DP_MECHANISM_RR;
  p.epsilon = 0.1;
  p.delta = 0.5;
  p.k = 100;
  p.paths = 1000;
  f = test_frame (TEST_VIEW_WALK, &p);
  r = dpv_frame_get_result (f);
  g_assert_cmpuint (r->n_above_drawn, >, 10);
  s = test_pixels_render (TEST_VIEW_WALK, &p, DPV_THEME_LIGHT, W, H, TRUE);

  /* the threshold: the row with the most loss-coloured pixels (the dashed line) */
  thr_row = test_pixels_densest_row (s, 0, (int) (W * 0.74), 0, H, &st.roles[DPV_ROLE_LOSS],
                                     0.2);
  g_assert_cmpint (thr_row, >, 0);
  /* the right end of the paths panel: the last column the mean line (black) reaches */
  for (int x = (int) (W * 0.74); x > 0 && right_edge < 0; x--)
    if (test_pixels_count (s, x, 0, x + 1, H, &st.roles[DPV_ROLE_ACTUAL], 0.05) > 0
        && test_pixels_count (s, x - 1, 0, x, H, &st.roles[DPV_ROLE_ACTUAL], 0.05) > 0)
      right_edge = x;
  g_assert_cmpint (right_edge, >, W / 2);
  col = right_edge - 1;
  for (int y = 0; y < H; y++)
    {
      double rgb[3];
      const unsigned char *d = cairo_image_surface_get_data (s);
      guint32 px = *(const guint32 *) (d + y * cairo_image_surface_get_stride (s) + 4 * col);

      rgb[0] = ((px >> 16) & 0xff) / 255.0;
      rgb[1] = ((px >> 8) & 0xff) / 255.0;
      rgb[2] = (px & 0xff) / 255.0;
      /* the density's cells blend over a row (4–5 pixels): that far from the line, either */
      if (abs (y - thr_row) <= 6)
        continue;
      if (test_pixels_is (s, col, y, &st.roles[DPV_ROLE_LOSS], 0.12))
        {
          g_assert_cmpint (y, <, thr_row);
          n_hot++;
        }
      else if (fabs (rgb[0] - rgb[1]) < 0.02 && fabs (rgb[1] - rgb[2]) < 0.02 && rgb[0] < 0.8)
        {
          /* grey: a path below the threshold, or the density of all paths */
          g_assert_cmpint (y, >, thr_row);
          n_cold++;
        }
    }
  g_assert_cmpint (n_hot, >, 3);
  g_assert_cmpint (n_cold, >, 3);
  g_assert_cmpuint (test_pixels_count (s, 0, 0, W, H, &st.roles[DPV_ROLE_BOUND], 0.03), >, 100);
  cairo_surface_destroy (s);

  p.mechanism = DP_MECHANISM_GAUSSIAN;
  p.delta = 0.1;   /* at δ′ = ½ the quantile line is the mean line, drawn over it */
  s = test_pixels_render (TEST_VIEW_WALK, &p, DPV_THEME_LIGHT, W, H, TRUE);
  g_assert_cmpuint (test_pixels_count (s, 0, 0, W, H, &st.roles[DPV_ROLE_BOUND], 0.03), ==, 0);
  g_assert_cmpuint (test_pixels_count (s, 0, 0, W, H, &st.roles[DPV_ROLE_TIGHT], 0.03), >, 100);
  cairo_surface_destroy (s);
}

/* What the figure says under the plots: the Gaussian's reason, and for ε ≥ ln 2 that no path
 * can reach ε′. */
static void
test_notes (void)
{
  static const struct {
    DpMechanismKind kind;
    double eps;
    const char *needle;
    gboolean present;
  } cases[] = {
    { DP_MECHANISM_GAUSSIAN, 0.5, "Lemma 3.19 (which needs", TRUE },
    { DP_MECHANISM_LAPLACE, 1.0, "no path can cross it", TRUE },
    { DP_MECHANISM_RR, 1.0, "no path can cross it", TRUE },
    { DP_MECHANISM_LAPLACE, 0.1, "no path can cross it", FALSE },
    { DP_MECHANISM_LAPLACE, 0.1, "Lemma 3.19 (which needs", FALSE },
  };

  for (gsize c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(DpvFrame) f = walk_frame (cases[c].kind, cases[c].eps, 0.01, 100, 100, 1);
      g_autofree char *m = dpv_walk_numbers_markup (dpv_frame_get_result (f));

      g_assert_true ((strstr (m, cases[c].needle) != NULL) == cases[c].present);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/walk/interval", test_interval);
  g_test_add_func ("/walk/fmt-tail", test_fmt_tail);
  g_test_add_func ("/walk/values", test_values);
  g_test_add_func ("/walk/fraction-vs-exact", test_fraction_vs_exact);
  g_test_add_func ("/walk/seeded", test_seeded);
  g_test_add_func ("/walk/pixels", test_pixels);
  g_test_add_func ("/walk/notes", test_notes);
  return g_test_run ();
}
