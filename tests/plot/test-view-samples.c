/* test-view-samples.c — the sampled-outputs view: its numbers against closed forms and the
 * binomial law, and what it draws where
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Independent of the code under test: the expected counts n·P(B) from the Laplace
 * distribution function ½e^{(y−c)/b} / 1 − ½e^{−(y−c)/b} and the Gaussian's from Φ; the
 * exact loss from ln p − ln q written out (Laplace (|y − Δ| − |y|)/b, Gaussian
 * ((y − Δ)² − y²)/(2σ²)); randomized response's counts against Bin(n, e^ε/(1 + e^ε)) within
 * 5 standard deviations over seeds; the intervals' coverage over seeds.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "dpv-samples.h"
#include "test-pixels.h"

#define TEST_VIEW_SAMPLES TEST_VIEW ("samples")

static DpvFrame *
samples_frame (DpMechanismKind kind, double eps, double sens, unsigned long n,
               unsigned long bins, guint64 seed)
{
  DpvParams p;

  dpv_params_init (&p);
  p.mechanism = kind;
  p.epsilon = eps;
  p.sensitivity = sens;
  p.samples = n;
  p.bins = bins;
  p.seed = seed;
  return test_frame (TEST_VIEW_SAMPLES, &p);
}

static double
laplace_cdf (double y, double c, double b)
{
  return y < c ? 0.5 * exp ((y - c) / b) : 1.0 - 0.5 * exp (-(y - c) / b);
}

/* Expected counts, the loss line, the counts adding up to n, the y axis holding ±ε. */
static void
test_values (void)
{
  static const double epss[] = { 0.1, 0.5, 2.0 };

  for (gsize e = 0; e < G_N_ELEMENTS (epss); e++)
    for (int kind = 0; kind < DP_N_MECHANISMS; kind++)
      {
        double sens = kind == DP_MECHANISM_RR ? 1.0 : 2.0;
        g_autoptr(DpvFrame) f = samples_frame (kind, epss[e], sens, 5000, 25, 4);
        const DpvSamplesView *r = dpv_frame_get_result (f);
        const DpMechanism *m = dpv_frame_get_mechanism (f);
        const DpSample *s = r->sample;
        double total_p = (double) r->outside_p, total_q = (double) r->outside_q;

        g_assert_cmpuint (r->n, ==, 5000);
        g_assert_true (r->bounded == (kind != DP_MECHANISM_GAUSSIAN));
        g_assert_true (r->categorical == (kind == DP_MECHANISM_RR));
        g_assert_cmpuint (r->n_bins, ==, kind == DP_MECHANISM_RR ? 2 : 25);
        for (gsize b = 0; b < r->n_bins; b++)
          {
            double want_p, want_q, got_p, got_q;

            total_p += r->count_p[b];
            total_q += r->count_q[b];
            if (kind == DP_MECHANISM_RR)
              {
                /* D reports 0 with e^ε/(1 + e^ε) (its loss at 0 is +ε), D′ reports 1 so */
                double keep = 1.0 / (1.0 + exp (-epss[e]));

                want_p = 5000 * (b == 0 ? keep : 1 - keep);
                want_q = 5000 * (b == 0 ? 1 - keep : keep);
                got_p = r->step_p[3 * b];
                got_q = r->step_q[3 * b];
              }
            else
              {
                double lo = s->edges[b], hi = s->edges[b + 1], sc = m->scale;

                if (kind == DP_MECHANISM_LAPLACE)
                  {
                    want_p = 5000 * (laplace_cdf (hi, 0, sc) - laplace_cdf (lo, 0, sc));
                    want_q = 5000 * (laplace_cdf (hi, sens, sc) - laplace_cdf (lo, sens, sc));
                  }
                else
                  {
                    want_p = 5000 * (gsl_cdf_gaussian_P (hi, sc) - gsl_cdf_gaussian_P (lo, sc));
                    want_q = 5000 * (gsl_cdf_gaussian_P (hi - sens, sc)
                                     - gsl_cdf_gaussian_P (lo - sens, sc));
                  }
                got_p = r->step_p[2 * b];
                got_q = r->step_q[2 * b];
                g_assert_cmpfloat (r->step_x[2 * b], ==, lo);
                g_assert_cmpfloat (r->step_x[2 * b + 1], ==, hi);
              }
            g_assert_cmpfloat (fabs (got_p - want_p), <=, 1e-9 * MAX (want_p, 1e-3));
            g_assert_cmpfloat (fabs (got_q - want_q), <=, 1e-9 * MAX (want_q, 1e-3));
            g_assert_cmpfloat (r->count_hi, >=, MAX (r->count_p[b], want_p));
          }
        g_assert_cmpfloat (total_p, ==, 5000);
        g_assert_cmpfloat (total_q, ==, 5000);

        for (gsize i = 0; i < r->n_loss; i++)
          {
            double y = r->loss_x[i], want;

            if (isnan (y))
              continue;
            if (kind == DP_MECHANISM_LAPLACE)
              want = (fabs (y - sens) - fabs (y)) / m->scale;
            else if (kind == DP_MECHANISM_GAUSSIAN)
              want = ((y - sens) * (y - sens) - y * y) / (2 * m->scale * m->scale);
            else
              want = y < 0.5 ? epss[e] : -epss[e];
            g_assert_cmpfloat (fabs (r->loss_y[i] - want), <=, 1e-12 * (1 + fabs (want)));
          }
        if (r->bounded)
          {
            g_assert_cmpfloat (r->loss_lo, <, -epss[e]);
            g_assert_cmpfloat (r->loss_hi, >, epss[e]);
            /* Def. 2.4 with S = B: every bin's exact value in [−ε, ε] */
            if (!isnan (r->max_abs_exact))
              g_assert_cmpfloat (r->max_abs_exact, <=, epss[e] * (1 + 1e-12));
          }
      }
}

/* Randomized response's counts are binomial: within 5 standard deviations for every seed. */
static void
test_rr_counts (void)
{
  double eps = 0.7, keep = exp (eps) / (1 + exp (eps));

  for (guint64 seed = 1; seed <= 6; seed++)
    {
      g_autoptr(DpvFrame) f = samples_frame (DP_MECHANISM_RR, eps, 1, 20000, 40, seed);
      const DpvSamplesView *r = dpv_frame_get_result (f);
      double sd = sqrt (20000 * keep * (1 - keep));

      g_assert_cmpfloat (fabs (r->count_p[0] - 20000 * keep), <=, 5 * sd);
      g_assert_cmpfloat (fabs (r->count_q[1] - 20000 * keep), <=, 5 * sd);
      g_assert_cmpfloat (r->count_p[0] + r->count_p[1], ==, 20000);
    }
}

/* At n = 10⁶ the intervals hold the bins' exact values: each does with probability about 95 %,
 * so over 40 bins and 4 seeds at least 85 % of them (a binomial with p = 0.95 falls below
 * 85 % of 160 with probability < 10⁻⁵); and each estimate of a bin with ≥ 100 outputs of
 * each is near the bin's exact value. */
static void
test_coverage (void)
{
  for (int kind = 0; kind < DP_N_MECHANISMS; kind++)
    {
      gsize covered = 0, estimates = 0;

      for (guint64 seed = 1; seed <= 4; seed++)
        {
          g_autoptr(DpvFrame) f = samples_frame (kind, 0.5, 1, 1000000, 40, seed);
          const DpvSamplesView *r = dpv_frame_get_result (f);

          covered += r->n_covered;
          estimates += r->n_estimates;
          /* every estimate within 5 of its delta-method standard deviations
           * √(1/n_P + 1/n_Q) of the bin's exact value */
          for (gsize b = 0; b < r->n_bins; b++)
            if (r->sample->has_estimate[b] && r->count_p[b] >= 100 && r->count_q[b] >= 100)
              {
                double sd = sqrt (1 / r->count_p[b] + 1 / r->count_q[b]);

                g_assert_cmpfloat (fabs (r->sample->loss_estimate[b]
                                         - r->sample->loss_binned[b]), <=, 5 * sd);
              }
        }
      g_assert_cmpfloat ((double) covered, >=, 0.85 * estimates);
    }
}

/* The same seed gives the same counts; another seed others. */
static void
test_seeded (void)
{
  g_autoptr(DpvFrame) a = samples_frame (DP_MECHANISM_LAPLACE, 0.3, 1, 3000, 30, 5);
  g_autoptr(DpvFrame) c = samples_frame (DP_MECHANISM_LAPLACE, 0.3, 1, 3000, 30, 6);
  g_autoptr(DpvFrameCache) cache = dpv_frame_cache_new (2);
  DpvParams p = *dpv_frame_get_params (a);
  g_autoptr(DpvFrame) b = dpv_frame_compute (dpv_registry_get (TEST_VIEW_SAMPLES), &p, cache,
                                             NULL, NULL);
  const DpvSamplesView *ra = dpv_frame_get_result (a);
  const DpvSamplesView *rb = dpv_frame_get_result (b);
  const DpvSamplesView *rc = dpv_frame_get_result (c);

  g_assert_true (ra->sample != rb->sample);
  g_assert_cmpmem (ra->count_p, 30 * sizeof (double), rb->count_p, 30 * sizeof (double));
  g_assert_true (memcmp (ra->count_p, rc->count_p, 30 * sizeof (double)) != 0);
}

/* The figure: the loss line (its colour) lies at +ε left of 0 and at −ε right of Δ, in the
 * lower panel; the histograms' expected-count lines (the roles of D and D′) in the upper one;
 * the band [−ε, ε] only for ε-DP mechanisms. */
static void
test_pixels (void)
{
  const int W = 1200, H = 800;
  DpvStyle st;
  DpvParams p;
  cairo_surface_t *s;
  int left, right;

  dpv_style_init (&st, DPV_THEME_LIGHT);
  dpv_params_init (&p);
  p.show_caption = FALSE;
  p.mechanism = DP_MECHANISM_LAPLACE;
  p.epsilon = 1.0;
  p.sensitivity = 1.0;
  s = test_pixels_render (TEST_VIEW_SAMPLES, &p, DPV_THEME_LIGHT, W, H, TRUE);
  /* Laplace's range is [−b ln 200, Δ + b ln 200] = [−5.3, 6.3]: x < 0 is the left 45 %, x > Δ
   * the right 50 % */
  left = test_pixels_densest_row (s, W / 10, W * 3 / 10, H / 2, H, &st.roles[DPV_ROLE_LOSS],
                                  0.1);
  right = test_pixels_densest_row (s, W * 7 / 10, W * 9 / 10, H / 2, H,
                                   &st.roles[DPV_ROLE_LOSS], 0.1);
  g_assert_cmpint (left, >, H / 2);
  g_assert_cmpint (right, >, left + H / 5);
  g_assert_cmpuint (test_pixels_count (s, 0, 0, W, H / 2, &st.roles[DPV_ROLE_D], 0.05), >, 200);
  g_assert_cmpuint (test_pixels_count (s, 0, 0, W, H / 2, &st.roles[DPV_ROLE_D_PRIME], 0.05),
                    >, 200);
  g_assert_cmpuint (test_pixels_count (s, 0, H / 2, W, H, &st.roles[DPV_ROLE_LOSS], 0.05), >, 200);
  g_assert_cmpuint (test_pixels_count (s, 0, H / 2, W, H, &st.roles[DPV_ROLE_BOUND], 0.05), >, 200);
  cairo_surface_destroy (s);

  p.mechanism = DP_MECHANISM_GAUSSIAN;
  s = test_pixels_render (TEST_VIEW_SAMPLES, &p, DPV_THEME_LIGHT, W, H, TRUE);
  g_assert_cmpuint (test_pixels_count (s, 0, 0, W, H, &st.roles[DPV_ROLE_BOUND], 0.05), ==, 0);
  /* the Gaussian's line falls from left to right */
  left = test_pixels_densest_row (s, W / 10, W / 10 + 4, H / 2, H, &st.roles[DPV_ROLE_LOSS],
                                  0.1);
  right = test_pixels_densest_row (s, W * 9 / 10, W * 9 / 10 + 4, H / 2, H,
                                   &st.roles[DPV_ROLE_LOSS], 0.1);
  g_assert_cmpint (left, >, H / 2);
  g_assert_cmpint (right, >, left + H / 5);
  cairo_surface_destroy (s);
}

/* What the caption says: ε for the ε-DP mechanisms, "unbounded" for the Gaussian. */
static void
test_caption (void)
{
  for (int kind = 0; kind < DP_N_MECHANISMS; kind++)
    {
      g_autoptr(DpvFrame) f = samples_frame (kind, 0.5, 1, 1000, 20, 1);
      g_autofree char *c = dpv_registry_get (TEST_VIEW_SAMPLES)->caption (f);

      g_assert_true ((strstr (c, "unbounded") != NULL) == (kind == DP_MECHANISM_GAUSSIAN));
      g_assert_true ((strstr (c, "ε = 0.5") != NULL) == (kind != DP_MECHANISM_GAUSSIAN));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/samples/values", test_values);
  g_test_add_func ("/samples/rr-counts", test_rr_counts);
  g_test_add_func ("/samples/coverage", test_coverage);
  g_test_add_func ("/samples/seeded", test_seeded);
  g_test_add_func ("/samples/pixels", test_pixels);
  g_test_add_func ("/samples/caption", test_caption);
  return g_test_run ();
}
