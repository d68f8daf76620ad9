/* test-view-accuracy.c — the accuracy view against independent derivations
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The sensitivity of each query from the book (Example 3.1: the mean has Δ = 1/n), the Laplace
 * interval from its closed CDF 1 − e^{−x/b}, the Gaussian σ checked against the defining
 * equation of the analytic calibration δ_G(ε; Δ/σ) = δ (Balle & Wang 2018, Thm 8, written
 * here with long-double erfc) and its interval against erf, the inverse question by putting
 * its answer back into those equations, and the seeded answers against C over many seeds.
 */
#include "config.h"

#include "dpv-accuracy.h"
#include "view-test-util.h"

/* Φ(t) in long double. */
static long double
phi (long double t)
{
  return 0.5L * erfcl (-t / sqrtl (2.0L));
}

/* δ of the Gaussian pair with μ = Δ/σ at ε (Balle & Wang 2018, Thm 8). */
static long double
gaussian_delta (long double eps, long double mu)
{
  return phi (mu / 2 - eps / mu) - expl (eps) * phi (-mu / 2 - eps / mu);
}

static void
accuracy_params (DpvParams *p, DpMechanismKind mech, DpvQuery query, double eps, double delta,
                 double conf)
{
  dpv_params_init (p);
  p->mechanism = mech;
  p->query = query;
  p->epsilon = eps;
  p->delta = delta;
  p->confidence = conf;
  p->show_caption = FALSE;
}

static void
check_numbers (DpMechanismKind mech, DpvQuery query, double eps, double delta, double conf,
               unsigned long n, double sens, double target)
{
  DpvParams p;
  g_autoptr(DpvFrame) frame = NULL;
  const DpvAccuracy *a;
  double want_sens = query == DPV_QUERY_COUNT ? 1.0 : query == DPV_QUERY_MEAN ? 1.0 / n : sens;
  long double c, z;
  guint inside = 0;

  accuracy_params (&p, mech, query, eps, delta, conf);
  p.records = n;
  p.sensitivity = sens;
  p.target = target;
  frame = vt_frame (&dpv_accuracy_view, &p);
  a = vt_result (frame);

  vt_assert_close ("Δ", a->sensitivity, want_sens, 1e-15, 0);
  vt_assert_close ("ln(1/(1 − C))", a->lap_factor, -log1pl (-(long double) conf), 1e-14, 0);
  /* z: erf(z/√2) = C */
  vt_assert_close ("erf(z/√2)", erfl (a->z / sqrtl (2.0L)), conf, 1e-13, 0);
  z = a->z;
  if (mech == DP_MECHANISM_LAPLACE)
    {
      vt_assert_close ("b = Δ/ε", a->mech.scale, want_sens / eps, 1e-14, 0);
      vt_assert_close ("1 − e^{−x/b} = C", -expm1l (-a->half_width / (long double) a->mech.scale),
                       conf, 1e-13, 0);
    }
  else
    {
      vt_assert_close ("δ_G(ε; Δ/σ) = δ", gaussian_delta (eps, want_sens / a->mech.scale),
                       delta, 1e-6, 0);
      vt_assert_close ("erf(x/(σ√2)) = C", erfl (a->half_width / (a->mech.scale * sqrtl (2.0L))),
                       conf, 1e-13, 0);
    }

  /* the density drawn, from its closed form */
  for (gsize i = 0; i < a->n_density; i += 37)
    {
      long double y = a->xs[i], s = a->mech.scale;
      long double want = mech == DP_MECHANISM_LAPLACE
                         ? expl (-fabsl (y) / s) / (2 * s)
                         : expl (-y * y / (2 * s * s)) / (s * sqrtl (2 * M_PI));

      vt_assert_close ("density", a->density[i], want, 1e-12, 0);
    }

  /* the curves: the Laplace closed form; the Gaussian from the calibration's equation */
  for (gsize i = 0; i < DPV_ACCURACY_CURVE; i++)
    {
      vt_assert_close ("Laplace width", a->lap_width[i],
                       want_sens * -log1pl (-(long double) conf) / a->eps[i], 1e-13, 0);
      vt_assert_close ("Gaussian width", gaussian_delta (a->eps[i],
                                                         want_sens * z / a->gau_width[i]),
                       delta, 1e-5, 0);
    }
  for (gsize i = 0; i < DPV_ACCURACY_CURVE; i++)
    vt_assert_close ("mean width", a->mean_width[i] * a->ns[i], a->count_width, 1e-14, 0);
  vt_assert_close ("count width", a->count_width, a->half_width / want_sens, 1e-12, 0);

  for (gsize i = 0; i < DPV_ACCURACY_DOTS; i++)
    inside += fabs (a->dots[i]) <= a->half_width;
  g_assert_cmpuint (a->dots_inside, ==, inside);

  g_assert_cmpint (a->has_target, ==, target > 0);
  if (target > 0)
    {
      /* the inverse answers put back into the equations they solve */
      c = mech == DP_MECHANISM_LAPLACE ? -expm1l (-target / (long double) a->mech.scale)
                                       : erfl (target / (a->mech.scale * sqrtl (2.0L)));
      vt_assert_close ("Pr[|Z| ≤ target]", a->target_confidence, c, 1e-12, 0);
      vt_assert_close ("Laplace ε for ±x",
                       -expm1l (-target * (long double) a->laplace_epsilon / want_sens), conf,
                       1e-12, 0);
      vt_assert_close ("Gaussian σ for ±x", erfl (target / (a->gaussian_sigma * sqrtl (2.0L))),
                       conf, 1e-12, 0);
      g_assert_true (a->gaussian_ok);
      if (a->gaussian_epsilon > 0)
        vt_assert_close ("Gaussian ε at δ", gaussian_delta (a->gaussian_epsilon,
                                                            want_sens / a->gaussian_sigma),
                         delta, 1e-6, 0);
      else
        /* δ alone covers it: the pair's statistical distance 2Φ(μ/2) − 1 is at most δ */
        g_assert_cmpfloat ((double) (2 * phi (want_sens / a->gaussian_sigma / 2) - 1), <=,
                           delta * (1 + 1e-9));
    }
}

static void
test_numbers (void)
{
  /* book Example 3.1 style: the mean of 100 values at ε = 1, 95 % */
  check_numbers (DP_MECHANISM_LAPLACE, DPV_QUERY_MEAN, 1.0, 1e-5, 0.95, 100, 1.0, 0.05);
  check_numbers (DP_MECHANISM_LAPLACE, DPV_QUERY_COUNT, 0.1, 1e-5, 0.95, 100, 1.0, 10.0);
  check_numbers (DP_MECHANISM_LAPLACE, DPV_QUERY_CUSTOM, 0.01, 1e-5, 0.999, 100, 10.0, 5.0);
  check_numbers (DP_MECHANISM_LAPLACE, DPV_QUERY_COUNT, 10.0, 1e-5, 0.5, 1, 1.0, -1);
  check_numbers (DP_MECHANISM_GAUSSIAN, DPV_QUERY_MEAN, 1.0, 1e-5, 0.95, 1000, 1.0, 0.005);
  check_numbers (DP_MECHANISM_GAUSSIAN, DPV_QUERY_COUNT, 0.5, 1e-9, 0.99, 10, 1.0, 3.0);
  check_numbers (DP_MECHANISM_GAUSSIAN, DPV_QUERY_CUSTOM, 5.0, 0.1, 0.9, 10, 0.3, 0.1);
  check_numbers (DP_MECHANISM_GAUSSIAN, DPV_QUERY_MEAN, 0.01, 1e-12, 0.95, 1000000, 1.0, -1);
}

/* The book's Example 3.1 numbers: the mean of n values at ε has b = 1/(nε), and a 95 %
 * interval ±ln(20)/(nε); the inverse question for ±0.01 over n = 100 gives ε = ln 20. */
static void
test_example_3_1 (void)
{
  DpvParams p;
  g_autoptr(DpvFrame) frame = NULL;
  const DpvAccuracy *a;

  accuracy_params (&p, DP_MECHANISM_LAPLACE, DPV_QUERY_MEAN, 0.5, 1e-5, 0.95);
  p.records = 100;
  p.target = 0.01;
  frame = vt_frame (&dpv_accuracy_view, &p);
  a = vt_result (frame);
  vt_assert_close ("b", a->mech.scale, 1.0 / 50, 1e-15, 0);
  vt_assert_close ("x", a->half_width, log (20.0) / 50, 1e-14, 0);
  vt_assert_close ("ε for ±0.01", a->laplace_epsilon, log (20.0), 1e-14, 0);
}

/* The seeded answers: the same seed the same dots, another seed others; over 500 seeds the
 * share inside ±x is C within 4 binomial standard deviations. */
static void
test_dots (void)
{
  const guint seeds = 500;
  DpvParams p;
  guint inside = 0;

  for (int mech = 0; mech < 2; mech++)
    {
      accuracy_params (&p, mech, DPV_QUERY_COUNT, 0.7, 1e-6, 0.8);
      inside = 0;
      for (guint s = 0; s < seeds; s++)
        {
          g_autoptr(DpvFrame) frame = NULL;
          g_autoptr(DpvFrame) again = NULL;
          const DpvAccuracy *a;

          p.seed = s;
          frame = vt_frame (&dpv_accuracy_view, &p);
          /* computed again, not from the cache */
          again = dpv_frame_compute (&dpv_accuracy_view, &p, NULL, NULL, NULL);
          a = vt_result (frame);
          g_assert_true (memcmp (a->dots, ((const DpvAccuracy *) vt_result (again))->dots,
                                 sizeof a->dots) == 0);
          inside += a->dots_inside;
        }
      {
        double n = seeds * DPV_ACCURACY_DOTS, share = inside / n;

        g_test_message ("%s: %.4f inside ±x at C = 0.8", mech ? "Gaussian" : "Laplace", share);
        g_assert_cmpfloat (fabs (share - 0.8), <=, 4 * sqrt (0.8 * 0.2 / n));
      }
    }
}

/* Randomized response: no figure, and the reason names the survey. */
static void
test_rr (void)
{
  DpvParams p;
  g_autoptr(DpvFrame) frame = NULL;
  g_autoptr(GPtrArray) readouts = NULL;
  cairo_surface_t *img;

  accuracy_params (&p, DP_MECHANISM_RR, DPV_QUERY_COUNT, 1.0, 1e-5, 0.95);
  frame = vt_frame (&dpv_accuracy_view, &p);
  g_assert_null (dpv_frame_get_result (frame));
  g_assert_nonnull (strstr (dpv_frame_get_error (frame), "Survey"));
  readouts = dpv_frame_readouts (frame);
  g_assert_cmpuint (readouts->len, ==, 1);
  img = vt_render (frame, DPV_THEME_LIGHT, 640, 400, NULL);
  cairo_surface_destroy (img);
}

/* The width of the filled interval in pixels, on rows of the noise panel near its axis. */
static int
fill_width (const DpvParams *p)
{
  g_autoptr(DpvFrame) frame = vt_frame (&dpv_accuracy_view, p);
  const DpvAccuracy *a = vt_result (frame);
  cairo_surface_t *img = vt_render (frame, DPV_THEME_LIGHT, 1200, 800, NULL);
  DpvStyle style;
  DpvColor fill;
  int best;

  dpv_style_init (&style, DPV_THEME_LIGHT);
  fill = vt_blend (&style.roles[a->mech.kind == DP_MECHANISM_GAUSSIAN ? DPV_ROLE_ZCDP
                                                                      : DPV_ROLE_BOUND],
                   0.25, &style.plot_background);
  /* the fill's lowest rows, just above the axis: the pixels of fill on them (counted rather
   * than measured end to end: where the curve runs low beside the interval, a few of its
   * antialiased pixels take the fill's colour), the median over six rows */
  int bottom = -1, counts[6];

  for (int y = 415; y > 0 && bottom < 0; y--)
    if (vt_count_colour (img, 0, y, 1200, y + 1, &fill, 0.03) > 100)
      bottom = y;
  g_assert_cmpint (bottom, >, 200);
  for (int i = 0; i < 6; i++)
    {
      int y = bottom - i;

      counts[i] = 0;
      for (int x = 0; x < 1200; x++)
        if (vt_count_colour (img, x, y, x + 1, y + 1, &fill, 0.03) == 1)
          counts[i]++;
    }
  for (int i = 0; i < 6; i++)
    for (int j = i + 1; j < 6; j++)
      if (counts[j] < counts[i])
        {
          int t = counts[i];

          counts[i] = counts[j];
          counts[j] = t;
        }
  best = counts[3];
  cairo_surface_destroy (img);
  return best;
}

/* The fill is ±x of a range 1.3·max(x, target ≤ 3x): with a target of 2x it is half as wide
 * as without. */
static void
test_fill (void)
{
  DpvParams p;
  int w0, w1;

  accuracy_params (&p, DP_MECHANISM_LAPLACE, DPV_QUERY_COUNT, 1.0, 1e-5, 0.9);
  w0 = fill_width (&p);
  p.target = 2 * log (10.0);   /* 2x */
  w1 = fill_width (&p);
  g_test_message ("fill %d px, with the target %d px", w0, w1);
  g_assert_cmpint (w0, >, 500);
  g_assert_cmpfloat (fabs (w0 / (double) w1 - 2.0), <=, 0.03);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/view-accuracy/numbers", test_numbers);
  g_test_add_func ("/view-accuracy/example-3-1", test_example_3_1);
  g_test_add_func ("/view-accuracy/dots", test_dots);
  g_test_add_func ("/view-accuracy/rr", test_rr);
  g_test_add_func ("/view-accuracy/fill", test_fill);
  return g_test_run ();
}
