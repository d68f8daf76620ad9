/* test-view-sensitivity.c — the "Sensitivity" view's numbers and what its figure shows
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected values are computed here, independently of libdpcore: each query written out, the
 * local sensitivity by replacing each record with every value of a fine grid of the domain
 * (and each value of the data), the global sensitivity in closed form, A^(t) of the median by
 * the formula of Nissim, Raskhodnikova & Smith (2007) written out here, the noise quantiles in
 * closed form (Laplace: b ln 2, b ln 20; standard Cauchy: s, s tan(0.475π)). The figure: the
 * dot columns of the data lie where the ages are, f(x)'s line on the median's column, and the
 * neighbour x′ is drawn (in D′'s colour) exactly when its local sensitivity differs.
 */
#include "config.h"

#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dpv-figure.h"
#include "dpv-registry.h"
#include "dpv-sensitivity.h"
#include "view-test-figure.h"

#define L 0.0
#define U 100.0

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static void
sorted (const double *x, gsize n, double *out)
{
  memcpy (out, x, n * sizeof (double));
  qsort (out, n, sizeof (double), cmp_double);
}

/* f(x), written out. */
static double
query (DpQuery q, const double *x, gsize n)
{
  double y[DPV_PARAM_LIST_MAX + 1], s = 0;

  switch (q)
    {
    case DP_QUERY_COUNT:
      return (double) n;
    case DP_QUERY_SUM:
    case DP_QUERY_MEAN:
      for (gsize i = 0; i < n; i++)
        s += x[i];
      return q == DP_QUERY_SUM ? s : s / n;
    case DP_QUERY_MEDIAN:
      sorted (x, n, y);
      return n % 2 ? y[n / 2] : (y[n / 2 - 1] + y[n / 2]) / 2;
    case DP_QUERY_MAX:
    case DP_N_QUERIES:
    default:
      sorted (x, n, y);
      return y[n - 1];
    }
}

/* LS by brute force: each record replaced by every value of a grid of step 0.5 and by each
 * value of x (replace); for the count, ±1 by definition of add/remove. */
static double
local_brute (DpQuery q, const double *x, gsize n)
{
  double y[DPV_PARAM_LIST_MAX], f = query (q, x, n), best = 0;

  if (q == DP_QUERY_COUNT)
    return 1.0;
  memcpy (y, x, n * sizeof (double));
  for (gsize i = 0; i < n; i++)
    {
      for (int g = 0; g <= 200 + (int) n; g++)
        {
          y[i] = g <= 200 ? L + (U - L) * g / 200.0 : x[g - 201];
          best = MAX (best, fabs (query (q, y, n) - f));
        }
      y[i] = x[i];
    }
  return best;
}

static double
global_closed_form (DpQuery q, gsize n)
{
  switch (q)
    {
    case DP_QUERY_COUNT:
      return 1.0;
    case DP_QUERY_MEAN:
      return (U - L) / n;
    case DP_QUERY_MEDIAN:
      return n % 2 ? U - L : (U - L) / 2;
    case DP_QUERY_SUM:
    case DP_QUERY_MAX:
    case DP_N_QUERIES:
    default:
      return U - L;
    }
}

/* NRS 2007: for odd n, m = (n + 1)/2, A^(t)(x) = max_{0≤s≤t+1} (x_(m+s) − x_(m+s−t−1)) with
 * x_(i) = L for i < 1 and U for i > n. */
static double
median_at_distance (const double *x, gsize n, gsize t)
{
  double y[DPV_PARAM_LIST_MAX];
  long m = ((long) n + 1) / 2;
  double best = 0;

  sorted (x, n, y);
  for (long s = 0; s <= (long) t + 1; s++)
    {
      long hi = m + s, lo = m + s - (long) t - 1;
      double a = hi > (long) n ? U : y[hi - 1];
      double b = lo < 1 ? L : y[lo - 1];

      best = MAX (best, a - b);
    }
  return best;
}

static DpvFrame *
frame_for (DpQuery q, const double *x, gsize n, double eps, DpNoiseKind noise, double delta)
{
  DpvParams p;
  DpvFrame *frame;

  dpv_params_init (&p);
  p.statistic = q;
  p.epsilon = eps;
  p.smooth_noise = noise;
  p.delta = delta;
  memset (&p.data, 0, sizeof p.data);
  p.data.n = n;
  memcpy (p.data.values, x, n * sizeof (double));
  frame = dpv_frame_compute (&dpv_sensitivity_view, &p, NULL, NULL, NULL);
  g_assert_nonnull (frame);
  if (dpv_frame_get_result (frame) == NULL)
    g_error ("no result: %s", dpv_frame_get_error (frame));
  return frame;
}

static void
assert_close (double got, double want, double rel)
{
  if (!(fabs (got - want) <= rel * MAX (1.0, fabs (want))))
    g_error ("got %.17g, expected %.17g", got, want);
}

/* The examples offered by the data row are libdpcore's, in the row's domain. */
static void
test_presets (void)
{
  const DpvParamSpec *spec = dpv_param_spec (DPV_PARAM_DATA);
  size_t n_examples = 0;
  const DpSensitivityExample *ex = dp_sensitivity_examples (&n_examples);
  DpvParams defaults;

  g_assert_cmpuint (spec->n_presets, ==, n_examples);
  for (guint i = 0; i < spec->n_presets; i++)
    {
      DpvParamValue v;

      g_assert_cmpstr (spec->presets[i].name, ==, ex[i].id);
      g_assert_true (dpv_param_parse (spec, spec->presets[i].name, &v, NULL));
      g_assert_cmpuint (v.list.n, ==, ex[i].n);
      for (guint j = 0; j < v.list.n; j++)
        g_assert_cmpfloat (v.list.values[j], ==, ex[i].values[j]);
      g_assert_cmpfloat (ex[i].lower, ==, spec->min);
      g_assert_cmpfloat (ex[i].upper, ==, spec->max);
    }
  /* the default is the seminar */
  dpv_params_init (&defaults);
  g_assert_cmpuint (defaults.data.n, ==, ex[0].n);
  g_assert_cmpint (memcmp (defaults.data.values, ex[0].values, ex[0].n * sizeof (double)), ==,
                   0);
  /* an age outside the domain and a list too short are refused with the row's message */
  {
    g_autoptr(GError) error = NULL;
    DpvParamValue v;

    g_assert_false (dpv_param_parse (spec, "20, 30, 40, 50, 120", &v, &error));
    g_assert_nonnull (strstr (error->message, "100"));
    g_clear_error (&error);
    g_assert_false (dpv_param_parse (spec, "20, 30, 40", &v, &error));
    g_assert_nonnull (error);
  }
}

static void
check_data_set (const double *x, gsize n)
{
  static const double epsilons[] = { 0.3, 1.0, 3.0 };

  for (int q = 0; q < DP_N_QUERIES; q++)
    {
    double ls = local_brute (q, x, n), gs = global_closed_form (q, n);

    for (gsize e = 0; e < G_N_ELEMENTS (epsilons); e++)
      for (int noise = 0; noise < 2; noise++)
        {
          double eps = epsilons[e], delta = 1e-6;
          g_autoptr(DpvFrame) frame = frame_for (q, x, n, eps, noise, delta);
          const DpvSensitivity *s = dpv_frame_get_result (frame);
          double beta = noise == DP_NOISE_CAUCHY ? eps / 6 : eps / (2 * log (2 / delta));
          double smooth = 0;

          assert_close (s->value, query (q, x, n), 1e-12);
          assert_close (s->global, gs, 1e-12);
          assert_close (s->local, ls, 1e-9);
          g_assert_cmpfloat (s->global, >=, s->local * (1 - 1e-12));
          assert_close (s->cal.beta, beta, 1e-12);
          /* A^(0) = LS, non-decreasing, A^(n) = GS (every data set is n records away) */
          assert_close (s->at_distance[0], ls, 1e-9);
          for (gsize t = 1; t <= n; t++)
            g_assert_cmpfloat (s->at_distance[t], >=, s->at_distance[t - 1]);
          if (q != DP_QUERY_COUNT)
            assert_close (s->at_distance[n], gs, 1e-9);
          if (q == DP_QUERY_MEDIAN && n % 2 == 1)
            for (gsize t = 0; t <= n; t++)
              assert_close (s->at_distance[t], median_at_distance (x, n, t), 1e-9);
          if (q == DP_QUERY_SUM || q == DP_QUERY_MEAN)
            for (gsize t = 1; t <= n; t++)
              assert_close (s->at_distance[t], gs, 1e-9);
          /* S* = max_t e^{−tβ} A^(t), at t* */
          for (gsize t = 0; t <= n; t++)
            smooth = MAX (smooth, exp (-beta * t) * s->at_distance[t]);
          assert_close (s->smooth, smooth, 1e-12);
          assert_close (exp (-beta * s->t_star) * s->at_distance[s->t_star], smooth, 1e-12);
          g_assert_cmpfloat (s->smooth, >=, s->local * (1 - 1e-12));
          /* the noises */
          {
            const DpvSensNoiseInfo *g = &s->noise[DPV_SENS_NOISE_GLOBAL];
            const DpvSensNoiseInfo *sm = &s->noise[DPV_SENS_NOISE_SMOOTH];
            const DpvSensNoiseInfo *lo = &s->noise[DPV_SENS_NOISE_LOCAL];
            double want_s = (noise == DP_NOISE_CAUCHY ? 6.0 : 2.0) * smooth / eps;

            assert_close (g->scale, gs / eps, 1e-12);
            assert_close (g->median_abs, gs / eps * log (2.0), 1e-12);
            assert_close (g->q95, gs / eps * log (20.0), 1e-12);
            assert_close (sm->scale, want_s, 1e-12);
            g_assert_cmpint (sm->kind, ==, noise);
            if (noise == DP_NOISE_CAUCHY)
              {
                assert_close (sm->median_abs, want_s, 1e-12);
                assert_close (sm->q95, want_s * tan (0.475 * G_PI), 1e-9);
              }
            else
              assert_close (sm->q95, want_s * log (20.0), 1e-12);
            assert_close (lo->scale, ls / eps, 1e-9);
          }
          /* the witness: that neighbour moves f by LS */
          if (s->ls_witness)
            {
              double y[DPV_PARAM_LIST_MAX];

              memcpy (y, x, n * sizeof (double));
              y[s->ls_index] = s->ls_to;
              assert_close (fabs (query (q, y, n) - query (q, x, n)), ls, 1e-9);
              assert_close (s->ls_value, query (q, y, n), 1e-12);
            }
          else
            g_assert_true (q == DP_QUERY_COUNT || ls == 0);
          /* the neighbour whose LS differs: really a neighbour, with the LS it says (it does
           * not depend on ε: checked once) */
          if (s->neighbour.differs && e == 0 && noise == 0)
            {
              double y[DPV_PARAM_LIST_MAX];

              g_assert_cmpuint (s->neighbour.index, <, n);
              g_assert_cmpfloat (s->neighbour_from, ==, x[s->neighbour.index]);
              memcpy (y, x, n * sizeof (double));
              y[s->neighbour.index] = s->neighbour.value;
              assert_close (s->neighbour.local, local_brute (q, y, n), 1e-9);
              assert_close (s->neighbour.query_value, query (q, y, n), 1e-12);
              g_assert_cmpfloat (fabs (s->neighbour.local - ls), >, 1e-9 * gs);
            }
          else if (q == DP_QUERY_COUNT)
            g_assert_false (s->neighbour.differs);
        }
    }
}

static void
test_values (void)
{
  size_t n_examples = 0;
  const DpSensitivityExample *ex = dp_sensitivity_examples (&n_examples);
  GRand *rand = g_rand_new_with_seed (23);

  for (size_t i = 0; i < n_examples; i++)
    check_data_set (ex[i].values, ex[i].n);
  /* random data sets of every parity and size, some with ties (whole ages) */
  for (int r = 0; r < 12; r++)
    {
      double x[DPV_PARAM_LIST_MAX];
      gsize n = (gsize) g_rand_int_range (rand, 5, 51);

      for (gsize i = 0; i < n; i++)
        x[i] = r % 2 ? floor (g_rand_double_range (rand, 0, 101))
                     : g_rand_double_range (rand, 0, 100);
      check_data_set (x, n);
    }
  g_rand_free (rand);
}

/* What the two examples are for: the median's LS is 0 for the seminar and 52 for the family;
 * smooth-sensitivity noise is far below GS/ε for the first and above it for the second. */
static void
test_examples_tell (void)
{
  size_t n_examples = 0;
  const DpSensitivityExample *ex = dp_sensitivity_examples (&n_examples);
  g_autoptr(DpvFrame) seminar = frame_for (DP_QUERY_MEDIAN, ex[0].values, ex[0].n, 1.0,
                                           DP_NOISE_CAUCHY, 1e-6);
  g_autoptr(DpvFrame) family = frame_for (DP_QUERY_MEDIAN, ex[1].values, ex[1].n, 1.0,
                                          DP_NOISE_CAUCHY, 1e-6);
  const DpvSensitivity *a = dpv_frame_get_result (seminar), *b = dpv_frame_get_result (family);

  g_assert_cmpfloat (a->local, ==, 0.0);
  g_assert_true (a->neighbour.differs);
  g_assert_cmpfloat (a->noise[DPV_SENS_NOISE_SMOOTH].scale, <,
                     0.5 * a->noise[DPV_SENS_NOISE_GLOBAL].scale);
  g_assert_cmpfloat (b->local, ==, 52.0);
  g_assert_cmpfloat (b->noise[DPV_SENS_NOISE_SMOOTH].scale, >,
                     b->noise[DPV_SENS_NOISE_GLOBAL].scale);
}

/* ---- the figure ------------------------------------------------------------------------- */

static cairo_surface_t *
render (const DpvFrame *frame, int w, int h, GArray *placed)
{
  return view_test_render (frame, DPV_THEME_LIGHT, w, h, placed);
}

static gboolean
is_colour (cairo_surface_t *s, int x, int y, const DpvColor *c, double tol)
{
  const unsigned char *data = cairo_image_surface_get_data (s);
  guint32 px = *(const guint32 *) (data + y * cairo_image_surface_get_stride (s) + 4 * x);

  return fabs (((px >> 16) & 0xff) / 255.0 - c->r) <= tol
         && fabs (((px >> 8) & 0xff) / 255.0 - c->g) <= tol
         && fabs ((px & 0xff) / 255.0 - c->b) <= tol;
}

/* Pixels of colour @c in the rows [y0, y1), per column. */
static void
column_counts (cairo_surface_t *s, int y0, int y1, const DpvColor *c, guint *counts)
{
  int w = cairo_image_surface_get_width (s);

  for (int x = 0; x < w; x++)
    {
      counts[x] = 0;
      for (int y = y0; y < y1; y++)
        counts[x] += is_colour (s, x, y, c, 0.06);
    }
}

/* The data set drawn where its values are: 19 … 25 in the seminar make seven dot columns,
 * equally spaced, and f(x)'s dashed line (accent) runs through the column of 21, the median. */
static void
test_figure_data (void)
{
  size_t n_examples = 0;
  const DpSensitivityExample *ex = dp_sensitivity_examples (&n_examples);
  g_autoptr(DpvFrame) frame = frame_for (DP_QUERY_MEDIAN, ex[0].values, ex[0].n, 1.0,
                                         DP_NOISE_CAUCHY, 1e-6);
  g_autoptr(GArray) placed = g_array_new (FALSE, FALSE, sizeof (DpvPlacedText));
  const int w = 1600, h = 1000;
  cairo_surface_t *s = render (frame, w, h, placed);
  DpvStyle style;
  guint blue[1600], accent[1600];
  double centres[16];
  int n_cols = 0, in_col = -1, line_x = -1;
  guint line_max = 0;

  dpv_style_init (&style, DPV_THEME_LIGHT);
  /* the data panel is the top quarter or so */
  column_counts (s, 0, h / 4, &style.roles[DPV_ROLE_D], blue);
  column_counts (s, 0, h / 4, &style.accent, accent);
  for (int x = 0; x <= w; x++)
    {
      gboolean on = x < w && blue[x] >= 3;

      if (on && in_col < 0)
        in_col = x;
      else if (!on && in_col >= 0)
        {
          g_assert_cmpint (n_cols, <, 16);
          centres[n_cols++] = (in_col + x - 1) / 2.0;
          in_col = -1;
        }
      if (x < w && accent[x] > line_max)
        {
          line_max = accent[x];
          line_x = x;
        }
    }
  g_assert_cmpint (n_cols, ==, 7);
  for (int i = 1; i < 6; i++)
    g_assert_cmpfloat (fabs ((centres[i + 1] - centres[i]) - (centres[i] - centres[i - 1])), <=,
                       2.0);
  g_assert_cmpfloat (fabs (line_x - centres[2]), <=, 2.0);
  /* the stack of 21 (twelve students) is the tallest */
  g_assert_cmpuint (blue[(int) centres[2]], >, blue[(int) centres[0]] * 3);
  g_assert_true (view_test_placed_has (placed, "f(x) = 21"));
  g_assert_true (view_test_placed_has (placed, "x′"));
  g_assert_true (view_test_placed_has (placed, "LS(x) = 0"));
  view_test_placed_clear (placed);
  cairo_surface_destroy (s);
}

/* The neighbour x′ (D′'s colour) is drawn exactly when its LS differs: never for the count. */
static void
test_figure_neighbour (void)
{
  size_t n_examples = 0;
  const DpSensitivityExample *ex = dp_sensitivity_examples (&n_examples);
  g_autoptr(GArray) placed = g_array_new (FALSE, FALSE, sizeof (DpvPlacedText));
  DpvStyle style;

  dpv_style_init (&style, DPV_THEME_LIGHT);
  for (int q = 0; q < DP_N_QUERIES; q++)
    {
      g_autoptr(DpvFrame) frame = frame_for (q, ex[1].values, ex[1].n, 1.0, DP_NOISE_CAUCHY,
                                             1e-6);
      const DpvSensitivity *r = dpv_frame_get_result (frame);
      cairo_surface_t *s = render (frame, 1200, 760, placed);
      guint cols[1200], total = 0;

      column_counts (s, 0, 760, &style.roles[DPV_ROLE_D_PRIME], cols);
      for (int x = 0; x < 1200; x++)
        total += cols[x];
      g_assert_cmpint (r->neighbour.differs, ==, q != DP_QUERY_COUNT);
      if (r->neighbour.differs)
        {
          g_assert_cmpuint (total, >, 500);
          g_assert_true (view_test_placed_has (placed, "x′"));
        }
      else
        {
          g_assert_cmpuint (total, <, 20);
          g_assert_false (view_test_placed_has (placed, "x′"));
        }
      view_test_placed_clear (placed);
      cairo_surface_destroy (s);
    }
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/sensitivity/presets", test_presets);
  g_test_add_func ("/sensitivity/values", test_values);
  g_test_add_func ("/sensitivity/examples", test_examples_tell);
  g_test_add_func ("/sensitivity/figure/data", test_figure_data);
  g_test_add_func ("/sensitivity/figure/neighbour", test_figure_neighbour);
  return g_test_run ();
}
