/* test-sensitivity.c — global, local and smooth sensitivity against brute force
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected values come from the definitions, evaluated here by enumeration with query functions
 * written again in this file: LS_f(x) as the largest |f(x) − f(x′)| over every neighbour x′ whose
 * new value lies on a grid of the domain (a fine one, with the endpoints); A^(t)(x) and
 * S*_{f,β}(x) as maxima over every data set y of a small domain, with d(x, y) the Hamming
 * distance (replace) or the size of the symmetric difference (add/remove, the count); GS_f in
 * closed form (count 1, sum U − L, mean (U − L)/n, median U − L for odd n and (U − L)/2
 * for even n, max U − L) and as the largest LS
 * over a small domain. The smooth bound's defining inequalities (seed 001, 平滑上界) are checked
 * over random neighbours.
 */
#include <string.h>

#include "test-util.h"

#define N_GRID_MAX 8

/* ---- the queries, written again ---- */

static void
insertion_sort (double *v, size_t n)
{
  for (size_t i = 1; i < n; i++)
    {
      double key = v[i];
      size_t j = i;

      while (j > 0 && v[j - 1] > key)
        {
          v[j] = v[j - 1];
          j--;
        }
      v[j] = key;
    }
}

static double
ref_value (DpQuery q, const double *x, size_t n)
{
  double v[DP_SENSITIVITY_N_MAX + 1], s = 0.0;

  switch (q)
    {
    case DP_QUERY_COUNT:
      return (double) n;
    case DP_QUERY_SUM:
    case DP_QUERY_MEAN:
      for (size_t i = 0; i < n; i++)
        s += x[i];
      return q == DP_QUERY_SUM ? s : s / (double) n;
    case DP_QUERY_MEDIAN:
      memcpy (v, x, n * sizeof (double));
      insertion_sort (v, n);
      return n % 2 ? v[(n - 1) / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
    case DP_QUERY_MAX:
      s = x[0];
      for (size_t i = 1; i < n; i++)
        if (x[i] > s)
          s = x[i];
      return s;
    default:
      g_assert_not_reached ();
    }
}

/* LS by definition over the neighbours whose new value is one of @grid (replace), or, for the
 * count, every record removed and every grid value added. */
static double
ref_local (DpQuery q, const double *x, size_t n, const double *grid, size_t g)
{
  double y[DP_SENSITIVITY_N_MAX + 1], fx = ref_value (q, x, n), best = 0.0;

  if (q == DP_QUERY_COUNT)
    {
      for (size_t i = 0; i < n; i++)
        {
          size_t m = 0;

          for (size_t j = 0; j < n; j++)
            if (j != i)
              y[m++] = x[j];
          best = fmax (best, fabs (ref_value (q, y, m) - fx));
        }
      for (size_t v = 0; v < g; v++)
        {
          memcpy (y, x, n * sizeof (double));
          y[n] = grid[v];
          best = fmax (best, fabs (ref_value (q, y, n + 1) - fx));
        }
      return best;
    }
  for (size_t i = 0; i < n; i++)
    for (size_t v = 0; v < g; v++)
      {
        memcpy (y, x, n * sizeof (double));
        y[i] = grid[v];
        best = fmax (best, fabs (ref_value (q, y, n) - fx));
      }
  return best;
}

static double
ref_global (DpQuery q, size_t n, double lo, double hi)
{
  switch (q)
    {
    case DP_QUERY_COUNT:
      return 1.0;
    case DP_QUERY_MEAN:
      return (hi - lo) / (double) n;
    case DP_QUERY_MEDIAN:
      /* one replacement moves each middle order statistic by one place at most: for even n
       * the average of the two middle values changes by at most (U − L)/2 */
      return n % 2 ? hi - lo : (hi - lo) / 2.0;
    default:
      return hi - lo;
    }
}

static const DpQuery replace_queries[] = {
  DP_QUERY_SUM, DP_QUERY_MEAN, DP_QUERY_MEDIAN, DP_QUERY_MAX,
};

/* ---- names and relations ---- */

static void
test_names (void)
{
  for (unsigned q = 0; q < DP_N_QUERIES; q++)
    {
      DpQuery back;

      g_assert_true (dp_query_from_name (dp_query_to_name ((DpQuery) q), &back));
      g_assert_cmpint (back, ==, q);
    }
  g_assert_false (dp_query_from_name ("variance", NULL));
  g_assert_null (dp_query_to_name (DP_N_QUERIES));
  g_assert_cmpint (dp_query_neighbours (DP_QUERY_COUNT), ==, DP_NEIGHBOURS_ADD_REMOVE);
  for (guint i = 0; i < G_N_ELEMENTS (replace_queries); i++)
    g_assert_cmpint (dp_query_neighbours (replace_queries[i]), ==, DP_NEIGHBOURS_REPLACE);
  g_assert_cmpstr (dp_neighbours_to_name (DP_NEIGHBOURS_REPLACE), ==, "replace");
  g_assert_cmpstr (dp_neighbours_to_name (DP_NEIGHBOURS_ADD_REMOVE), ==, "add_remove");
}

static void
test_values (void)
{
  const double x[] = { 4, 1, 3, 9, 2, 7 };
  double v;

  assert_ok (dp_query_value (DP_QUERY_COUNT, x, 6, &v));
  g_assert_cmpfloat (v, ==, 6);
  assert_ok (dp_query_value (DP_QUERY_SUM, x, 6, &v));
  g_assert_cmpfloat (v, ==, 26);
  assert_ok (dp_query_value (DP_QUERY_MEAN, x, 6, &v));
  assert_rel ("mean", v, 26.0 / 6.0, 1e-15);
  assert_ok (dp_query_value (DP_QUERY_MEDIAN, x, 6, &v));
  g_assert_cmpfloat (v, ==, 3.5);
  assert_ok (dp_query_value (DP_QUERY_MEDIAN, x, 5, &v));
  g_assert_cmpfloat (v, ==, 3);
  assert_ok (dp_query_value (DP_QUERY_MAX, x, 6, &v));
  g_assert_cmpfloat (v, ==, 9);
}

/* ---- LS against a fine grid, GS ≥ LS, GS in closed form ---- */

static void
random_data (GRand *r, double *x, size_t n, double lo, double hi, gboolean integers)
{
  for (size_t i = 0; i < n; i++)
    x[i] = integers ? (double) g_rand_int_range (r, (gint32) lo, (gint32) hi + 1)
                    : g_rand_double_range (r, lo, hi);
  /* sometimes records at the ends of the domain, and repeated values */
  if (n > 2 && g_rand_boolean (r))
    x[0] = lo;
  if (n > 3 && g_rand_boolean (r))
    x[1] = hi;
  if (n > 4 && g_rand_boolean (r))
    x[3] = x[2];
}

static void
test_local_fine_grid (void)
{
  g_autoptr(GRand) r = g_rand_new_with_seed (20231);
  const double domains[][2] = { { 0, 100 }, { -3.5, 7.25 }, { 1e6, 1e6 + 10 } };
  double grid[400];

  for (guint d = 0; d < G_N_ELEMENTS (domains); d++)
    {
      double lo = domains[d][0], hi = domains[d][1];

      for (int rep = 0; rep < 40; rep++)
        {
          size_t n = (size_t) g_rand_int_range (r, 1, 51);
          double x[64];
          size_t g = 0;

          random_data (r, x, n, lo, hi, d == 0 && rep % 2 == 0);
          /* 301 evenly spaced values with both ends, and every value of x */
          for (int k = 0; k <= 300; k++)
            grid[g++] = k == 300 ? hi : lo + (hi - lo) * k / 300.0;
          for (size_t i = 0; i < n; i++)
            grid[g++] = x[i];

          for (unsigned q = 0; q < DP_N_QUERIES; q++)
            {
              double ls, gs, want = ref_local ((DpQuery) q, x, n, grid, g);

              assert_ok (dp_sensitivity_local ((DpQuery) q, x, n, lo, hi, &ls));
              assert_ok (dp_sensitivity_global ((DpQuery) q, n, lo, hi, &gs));
              /* the reference evaluates f on the raw values, so near an offset of 10⁶ its
               * differences carry rounding of about n·ulp(10⁶); the library's do not */
              double tol = 1e-12 + 1e-14 * (double) n * fmax (fabs (lo), fabs (hi)) / fmax (want, 1e-300);

              assert_rel ("LS vs fine-grid enumeration", ls, want, tol);
              assert_rel ("GS closed form", gs, ref_global ((DpQuery) q, n, lo, hi), 1e-12);
              g_assert_cmpfloat (gs, >=, ls * (1.0 - 1e-12));
            }
        }
    }
}

/* ---- all data sets of a small domain ---- */

typedef struct {
  size_t n;
  size_t g;
  const double *grid;
  size_t count;       /* g^n data sets, indexed in base g */
  double *ls;         /* brute-force LS of each */
} Universe;

static void
decode (const Universe *u, size_t index, double *y, size_t *digits)
{
  for (size_t i = 0; i < u->n; i++)
    {
      digits[i] = index % u->g;
      y[i] = u->grid[digits[i]];
      index /= u->g;
    }
}

static void
universe_init (Universe *u, DpQuery q, size_t n, const double *grid, size_t g)
{
  double y[16];
  size_t digits[16];

  u->n = n;
  u->g = g;
  u->grid = grid;
  u->count = 1;
  for (size_t i = 0; i < n; i++)
    u->count *= g;
  u->ls = g_new (double, u->count);
  for (size_t k = 0; k < u->count; k++)
    {
      decode (u, k, y, digits);
      u->ls[k] = ref_local (q, y, n, grid, g);
    }
}

static size_t
hamming (const Universe *u, size_t a, size_t b)
{
  size_t d = 0;

  for (size_t i = 0; i < u->n; i++)
    {
      d += (a % u->g) != (b % u->g);
      a /= u->g;
      b /= u->g;
    }
  return d;
}

/* Every x of the universe (or @samples random ones): A^(t)(x) for t = 0 … n against the
 * maximum of LS over the y with d(x, y) ≤ t, S*_{f,β}(x) against max_y e^{−β d(x,y)} LS(y)
 * (the seed's definition, not through A^(t)), and GS against the largest LS of all. */
static void
check_universe (DpQuery q, size_t n, const double *grid, size_t g, GRand *r, size_t samples)
{
  const double betas[] = { 0.05, 0.3, 1.0, 2.5 };
  Universe u;
  double gs_brute = 0.0, gs;
  size_t digits[16];

  universe_init (&u, q, n, grid, g);
  for (size_t k = 0; k < u.count; k++)
    gs_brute = fmax (gs_brute, u.ls[k]);
  assert_ok (dp_sensitivity_global (q, n, grid[0], grid[g - 1], &gs));
  assert_rel ("GS vs max LS over the universe", gs, gs_brute, 1e-12);

  for (size_t s = 0; s < (samples ? samples : u.count); s++)
    {
      size_t xi = samples ? (size_t) g_rand_int_range (r, 0, (gint32) u.count) : s;
      double x[16], a[17], want[17], ls;

      decode (&u, xi, x, digits);
      for (size_t t = 0; t <= n; t++)
        want[t] = 0.0;
      for (size_t k = 0; k < u.count; k++)
        {
          size_t d = hamming (&u, xi, k);

          for (size_t t = d; t <= n; t++)
            want[t] = fmax (want[t], u.ls[k]);
        }
      assert_ok (dp_sensitivity_local_at_distance (q, x, n, grid[0], grid[g - 1], a));
      assert_ok (dp_sensitivity_local (q, x, n, grid[0], grid[g - 1], &ls));
      assert_rel ("LS vs universe", ls, u.ls[xi], 1e-12);
      for (size_t t = 0; t <= n; t++)
        assert_rel ("A^(t) vs max over the ball", a[t], want[t], 1e-12);

      for (guint b = 0; b < G_N_ELEMENTS (betas); b++)
        {
          double smooth, brute = 0.0;
          size_t at;

          for (size_t k = 0; k < u.count; k++)
            brute = fmax (brute, exp (-betas[b] * (double) hamming (&u, xi, k)) * u.ls[k]);
          assert_ok (dp_sensitivity_smooth (a, n + 1, betas[b], &smooth, &at));
          assert_rel ("S* vs max_y e^{-βd} LS(y)", smooth, brute, 1e-12);
          g_assert_cmpuint (at, <=, n);
          assert_rel ("S* at its argmax", exp (-betas[b] * (double) at) * a[at], smooth, 1e-15);
        }
    }
  g_free (u.ls);
}

static void
test_universe_small (void)
{
  g_autoptr(GRand) r = g_rand_new_with_seed (77);
  const double grid5[] = { 0, 1, 2, 3, 4 };
  const double uneven[] = { -2.0, -0.5, 0.25, 1.0, 3.0, 10.0 };

  for (guint i = 0; i < G_N_ELEMENTS (replace_queries); i++)
    {
      for (size_t n = 1; n <= 4; n++)
        check_universe (replace_queries[i], n, grid5, 5, r, 0);
      check_universe (replace_queries[i], 5, grid5, 5, r, 150);
      check_universe (replace_queries[i], 3, uneven, 6, r, 0);
      check_universe (replace_queries[i], 6, grid5, 4, r, 100);
    }
}

/* The count: data sets are multisets of any size; d = |x Δ y|. Every multiset over {0, 1, 2}
 * of size at most n + t is enumerated (as counts per value). */
static size_t
multiset_distance (const int *a, const int *b)
{
  size_t d = 0;

  for (int v = 0; v < 3; v++)
    d += (size_t) abs (a[v] - b[v]);
  return d;
}

static void
test_count_universe (void)
{
  const double grid[] = { 0, 1, 2 };

  for (int n = 1; n <= 4; n++)
    {
      int cx[3] = { n, 0, 0 };
      double x[8], a[8];
      size_t m = 0;

      /* x = n − 1 zeros and one 2 when n > 1 */
      if (n > 1)
        {
          cx[0] = n - 1;
          cx[2] = 1;
        }
      for (int v = 0; v < 3; v++)
        for (int c = 0; c < cx[v]; c++)
          x[m++] = grid[v];
      assert_ok (dp_sensitivity_local_at_distance (DP_QUERY_COUNT, x, (size_t) n, 0, 2, a));
      for (int t = 0; t <= n; t++)
        {
          double want = 0.0;

          for (int c0 = 0; c0 <= n + t; c0++)
            for (int c1 = 0; c0 + c1 <= n + t; c1++)
              for (int c2 = 0; c0 + c1 + c2 <= n + t; c2++)
                {
                  int cy[3] = { c0, c1, c2 };
                  double y[32];
                  size_t k = 0;

                  if (multiset_distance (cx, cy) > (size_t) t)
                    continue;
                  for (int v = 0; v < 3; v++)
                    for (int c = 0; c < cy[v]; c++)
                      y[k++] = grid[v];
                  want = fmax (want, ref_local (DP_QUERY_COUNT, y, k, grid, 3));
                }
          assert_rel ("count A^(t) vs multisets", a[t], want, 0);
        }
    }
}

/* ---- the smooth bound's inequalities over random neighbours ---- */

static void
test_smooth_bound_inequalities (void)
{
  g_autoptr(GRand) r = g_rand_new_with_seed (4242);
  const double betas[] = { 0.01, 0.1, 0.5, 1.0, 3.0 };
  double worst_ratio = 0.0;

  for (int rep = 0; rep < 400; rep++)
    {
      DpQuery q = (DpQuery) g_rand_int_range (r, 0, DP_N_QUERIES);
      size_t n = (size_t) g_rand_int_range (r, 1, 40), n2 = n;
      double lo = g_rand_double_range (r, -50, 50), hi = lo + g_rand_double_range (r, 0.5, 100);
      double x[48], x2[48], a[49], a2[49], ls;

      random_data (r, x, n, lo, hi, FALSE);
      memcpy (x2, x, n * sizeof (double));
      if (q == DP_QUERY_COUNT)
        {
          /* add/remove */
          if (n > 1 && g_rand_boolean (r))
            x2[g_rand_int_range (r, 0, (gint32) n)] = x2[--n2];
          else
            x2[n2++] = g_rand_double_range (r, lo, hi);
        }
      else
        {
          size_t i = (size_t) g_rand_int_range (r, 0, (gint32) n);
          int kind = g_rand_int_range (r, 0, 3);

          x2[i] = kind == 0 ? lo : kind == 1 ? hi : g_rand_double_range (r, lo, hi);
        }
      assert_ok (dp_sensitivity_local_at_distance (q, x, n, lo, hi, a));
      assert_ok (dp_sensitivity_local_at_distance (q, x2, n2, lo, hi, a2));
      assert_ok (dp_sensitivity_local (q, x, n, lo, hi, &ls));
      for (guint b = 0; b < G_N_ELEMENTS (betas); b++)
        {
          double s, s2;

          assert_ok (dp_sensitivity_smooth (a, n + 1, betas[b], &s, NULL));
          assert_ok (dp_sensitivity_smooth (a2, n2 + 1, betas[b], &s2, NULL));
          /* LS ≤ S (an upper bound) and S(x) ≤ e^β S(x′) both ways (smooth) */
          g_assert_cmpfloat (ls, <=, s * (1.0 + 1e-12));
          g_assert_cmpfloat (s, <=, exp (betas[b]) * s2 * (1.0 + 1e-12));
          g_assert_cmpfloat (s2, <=, exp (betas[b]) * s * (1.0 + 1e-12));
          if (s2 > 0)
            worst_ratio = fmax (worst_ratio, log (s / s2) / betas[b]);
        }
    }
  /* the bound is attained somewhere: some neighbour pair uses most of the factor e^β */
  g_assert_cmpfloat (worst_ratio, >, 0.5);
  printf ("# largest ln(S(x)/S(x′))/β over the neighbours tried: %.3f (must be ≤ 1)\n",
          worst_ratio);
}

/* ---- NRS's median formula, written out, on random real data ---- */

static void
test_median_nrs (void)
{
  g_autoptr(GRand) r = g_rand_new_with_seed (9);

  for (int rep = 0; rep < 200; rep++)
    {
      size_t n = 2 * (size_t) g_rand_int_range (r, 0, 25) + 1, m = (n + 1) / 2;
      double x[64], xs[64], a[64];

      random_data (r, x, n, 0, 100, rep % 3 == 0);
      memcpy (xs, x, n * sizeof (double));
      insertion_sort (xs, n);
      assert_ok (dp_sensitivity_local_at_distance (DP_QUERY_MEDIAN, x, n, 0, 100, a));
      for (size_t k = 0; k <= n; k++)
        {
          double want = 0.0;

          /* NRS Prop. 3.4: max_{0 ≤ t ≤ k+1} (x_(m+t) − x_(m+t−k−1)), x_(i) = 0 for i ≤ 0 and
           * 100 for i > n */
          for (long t = 0; t <= (long) k + 1; t++)
            {
              long hi_i = (long) m + t, lo_i = (long) m + t - (long) k - 1;
              double hv = hi_i > (long) n ? 100.0 : xs[hi_i - 1];
              double lv = lo_i <= 0 ? 0.0 : xs[lo_i - 1];

              want = fmax (want, hv - lv);
            }
          assert_rel ("median A^(k) vs NRS", a[k], want, 0);
        }
    }
}

/* ---- calibration of the noise (NRS Cor. 2.4) and its quantiles ---- */

/* The library's density of scale 2.5, integrated here (kind in *data). */
static double
noise_density_fn (double z, void *data)
{
  double v;

  assert_ok (dp_noise_density ((DpNoiseKind) * (int *) data, 2.5, z, &v));
  return v;
}

static void
test_calibration (void)
{
  DpSmoothCalibration c;
  double q;

  assert_ok (dp_smooth_calibration (1.2, 0.0, &c));
  g_assert_cmpint (c.kind, ==, DP_NOISE_CAUCHY);
  assert_rel ("Cauchy β = ε/6", c.beta, 0.2, 1e-15);
  assert_rel ("Cauchy scale 6/ε", c.scale_factor, 5.0, 1e-15);
  assert_ok (dp_smooth_calibration (1.0, 1e-6, &c));
  g_assert_cmpint (c.kind, ==, DP_NOISE_LAPLACE);
  assert_rel ("Laplace β = ε/(2 ln(2/δ))", c.beta, 1.0 / (2.0 * log (2e6)), 1e-15);
  assert_rel ("Laplace scale 2/ε", c.scale_factor, 2.0, 1e-15);
  assert_domain (dp_smooth_calibration (0.0, 0.0, &c));
  assert_domain (dp_smooth_calibration (1.0, 1.0, &c));
  assert_domain (dp_smooth_calibration (1.0, -1e-9, &c));
  assert_domain (dp_smooth_calibration (NAN, 0.0, &c));

  /* quantiles of |noise| against the distributions' CDFs integrated here */
  for (int k = 1; k < 20; k++)
    {
      double p = k / 20.0;

      assert_ok (dp_noise_abs_quantile (DP_NOISE_LAPLACE, 3.0, p, &q));
      /* Pr[|Z| ≤ q] for Lap(3): 1 − e^{−q/3} */
      assert_rel ("Laplace |Z| quantile", 1.0 - exp (-q / 3.0), p, 1e-13);
      assert_ok (dp_noise_abs_quantile (DP_NOISE_CAUCHY, 3.0, p, &q));
      /* Pr[|Z| ≤ q] for Cauchy of scale 3: 2/π · atan(q/3) */
      assert_rel ("Cauchy |Z| quantile", 2.0 / G_PI * atan (q / 3.0), p, 1e-13);
    }
  /* the densities integrate to 1 and to the quantiles' probabilities (GSL quadrature) */
  for (int kind = 0; kind < 2; kind++)
    {
      double total = test_integrate (noise_density_fn, &kind, -HUGE_VAL, HUGE_VAL, 1e-10);
      double inner, p90;

      assert_rel ("noise density integrates to 1", total, 1.0, 1e-8);
      assert_ok (dp_noise_abs_quantile ((DpNoiseKind) kind, 2.5, 0.9, &p90));
      inner = test_integrate (noise_density_fn, &kind, -p90, p90, 1e-12);
      assert_rel ("density mass inside the 90 % quantile", inner, 0.9, 1e-10);
    }
  assert_ok (dp_noise_density (DP_NOISE_CAUCHY, 2.0, 1e300, &q));
  g_assert_cmpfloat (q, ==, 0.0);
  assert_ok (dp_noise_density (DP_NOISE_LAPLACE, 2.0, -INFINITY, &q));
  g_assert_cmpfloat (q, ==, 0.0);
  assert_domain (dp_noise_density (DP_NOISE_LAPLACE, 0.0, 1.0, &q));
  assert_domain (dp_noise_density (DP_NOISE_LAPLACE, 1.0, NAN, &q));
  assert_ok (dp_noise_abs_quantile (DP_NOISE_CAUCHY, 1.0, 0.5, &q));
  assert_rel ("Cauchy median |Z| = scale", q, 1.0, 1e-15);
  assert_domain (dp_noise_abs_quantile (DP_NOISE_LAPLACE, 1.0, 1.0, &q));
  assert_domain (dp_noise_abs_quantile (DP_NOISE_LAPLACE, -1.0, 0.5, &q));
}

/* ---- the neighbour whose LS differs ---- */

static void
test_neighbour (void)
{
  g_autoptr(GRand) r = g_rand_new_with_seed (515);

  for (int rep = 0; rep < 120; rep++)
    {
      DpQuery q = replace_queries[rep % G_N_ELEMENTS (replace_queries)];
      size_t n = (size_t) g_rand_int_range (r, 1, 20);
      double x[32], y[32], grid[64], cand[40], ls_x, best = 0.0;
      size_t g = 0, nc = 0;
      DpSensitivityNeighbour nb;

      random_data (r, x, n, 0, 100, rep % 2 == 0);
      for (int k = 0; k <= 20; k++)
        grid[g++] = 5.0 * k;
      for (size_t i = 0; i < n; i++)
        grid[g++] = x[i];
      ls_x = ref_local (q, x, n, grid, g);

      /* the candidates the search promises to cover: L, U, the data's values */
      cand[nc++] = 0;
      cand[nc++] = 100;
      for (size_t i = 0; i < n; i++)
        cand[nc++] = x[i];
      for (size_t i = 0; i < n; i++)
        for (size_t c = 0; c < nc; c++)
          {
            memcpy (y, x, n * sizeof (double));
            y[i] = cand[c];
            best = fmax (best, fabs (ref_local (q, y, n, grid, g) - ls_x));
          }

      assert_ok (dp_sensitivity_neighbour (q, x, n, 0, 100, &nb));
      /* differences under 10⁻⁹·GS are rounding, not another LS */
      g_assert_cmpint (nb.differs, ==, best > 1e-9 * ref_global (q, n, 0, 100));
      if (!nb.differs)
        continue;
      g_assert_cmpuint (nb.index, <, n);
      memcpy (y, x, n * sizeof (double));
      y[nb.index] = nb.value;
      assert_rel ("neighbour f(x′)", nb.query_value, ref_value (q, y, n), 1e-12);
      assert_rel ("neighbour LS(x′)", nb.local, ref_local (q, y, n, grid, g), 1e-9);
      assert_rel ("neighbour |LS(x′) − LS(x)| is the largest", fabs (nb.local - ls_x), best,
                  1e-9);
    }

  /* the count: every neighbour has LS 1 */
  {
    const double x[] = { 3, 5, 8 };
    DpSensitivityNeighbour nb;

    assert_ok (dp_sensitivity_neighbour (DP_QUERY_COUNT, x, 3, 0, 10, &nb));
    g_assert_false (nb.differs);
    g_assert_cmpfloat (nb.local, ==, 1.0);
  }
}

/* ---- the built-in examples say what they promise ---- */

static void
test_examples (void)
{
  size_t count;
  const DpSensitivityExample *ex = dp_sensitivity_examples (&count);
  gboolean tiny = FALSE, huge = FALSE;

  g_assert_cmpuint (count, >=, 2);
  for (size_t e = 0; e < count; e++)
    {
      double grid[110], ls, gs;
      size_t g = 0;

      g_assert_cmpuint (ex[e].n, >=, 5);
      g_assert_cmpuint (ex[e].n, <=, 50);
      for (int k = 0; k <= 100; k++)
        grid[g++] = ex[e].lower + (ex[e].upper - ex[e].lower) * k / 100.0;
      ls = ref_local (DP_QUERY_MEDIAN, ex[e].values, ex[e].n, grid, g);
      gs = ex[e].upper - ex[e].lower;
      if (g_str_equal (ex[e].id, "seminar"))
        {
          g_assert_cmpfloat (ls, <=, 0.01 * gs);
          tiny = TRUE;
        }
      if (g_str_equal (ex[e].id, "family"))
        {
          g_assert_cmpfloat (ls, >=, 0.4 * gs);
          huge = TRUE;
        }
    }
  g_assert_true (tiny && huge);
}

/* ---- the analysis bundles the same numbers ---- */

static void
test_analysis (void)
{
  const double x[] = { 2, 4, 5, 7, 9, 61, 63, 66, 68, 71, 74 };
  DpSensitivityAnalysis a;
  double a_t[12], ls, gs;

  assert_ok (dp_sensitivity_analyse (DP_QUERY_MEDIAN, x, 11, 0, 100, &a));
  assert_ok (dp_sensitivity_local_at_distance (DP_QUERY_MEDIAN, x, 11, 0, 100, a_t));
  assert_ok (dp_sensitivity_local (DP_QUERY_MEDIAN, x, 11, 0, 100, &ls));
  assert_ok (dp_sensitivity_global (DP_QUERY_MEDIAN, 11, 0, 100, &gs));
  g_assert_cmpfloat (a.value, ==, 61);
  g_assert_cmpfloat (a.local, ==, ls);
  g_assert_cmpfloat (a.local, ==, 52);   /* 61 − 9 */
  g_assert_cmpfloat (a.global, ==, gs);
  g_assert_cmpuint (a.n, ==, 11);
  g_assert_cmpint (a.neighbours, ==, DP_NEIGHBOURS_REPLACE);
  for (int t = 0; t <= 11; t++)
    g_assert_cmpfloat (a.local_at_distance[t], ==, a_t[t]);
  g_assert_true (a.neighbour.differs);
  dp_sensitivity_analysis_clear (&a);
  g_assert_null (a.local_at_distance);
  dp_sensitivity_analysis_clear (&a);   /* twice is fine */
}

/* ---- bad input changes nothing ---- */

static void
test_domain_errors (void)
{
  const double x[] = { 1, 2, 3 };
  const double bad[] = { 1, NAN, 3 };
  const double out_of_range[] = { 1, 12, 3 };
  double v = 42.0, a[4] = { 0 };
  DpSensitivityAnalysis an;

  assert_domain (dp_sensitivity_local (DP_QUERY_SUM, x, 0, 0, 10, &v));
  assert_domain (dp_sensitivity_local (DP_QUERY_SUM, x, 3, 10, 0, &v));
  assert_domain (dp_sensitivity_local (DP_QUERY_SUM, x, 3, 5, 5, &v));
  assert_domain (dp_sensitivity_local (DP_QUERY_SUM, bad, 3, 0, 10, &v));
  assert_domain (dp_sensitivity_local (DP_QUERY_SUM, out_of_range, 3, 0, 10, &v));
  assert_domain (dp_sensitivity_local (DP_QUERY_SUM, x, 3, -INFINITY, 10, &v));
  assert_domain (dp_sensitivity_local (DP_QUERY_SUM, x, 3, 0, 2e9, &v));
  assert_domain (dp_sensitivity_local ((DpQuery) 99, x, 3, 0, 10, &v));
  assert_domain (dp_sensitivity_local (DP_QUERY_SUM, x, DP_SENSITIVITY_N_MAX + 1, 0, 10, &v));
  assert_domain (dp_sensitivity_global (DP_QUERY_SUM, 0, 0, 10, &v));
  assert_domain (dp_query_value (DP_QUERY_SUM, bad, 3, &v));
  g_assert_cmpfloat (v, ==, 42.0);
  assert_domain (dp_sensitivity_local_at_distance (DP_QUERY_MEDIAN, out_of_range, 3, 0, 10, a));
  g_assert_cmpfloat (a[0], ==, 0.0);
  assert_domain (dp_sensitivity_smooth (a, 4, 0.0, &v, NULL));
  assert_domain (dp_sensitivity_smooth (a, 4, NAN, &v, NULL));
  assert_domain (dp_sensitivity_smooth (a, 0, 1.0, &v, NULL));
  a[2] = -1.0;
  assert_domain (dp_sensitivity_smooth (a, 4, 1.0, &v, NULL));
  g_assert_cmpfloat (v, ==, 42.0);
  assert_domain (dp_sensitivity_analyse (DP_QUERY_MAX, out_of_range, 3, 0, 10, &an));
  g_assert_null (an.local_at_distance);
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sensitivity/names", test_names);
  g_test_add_func ("/sensitivity/values", test_values);
  g_test_add_func ("/sensitivity/local-fine-grid", test_local_fine_grid);
  g_test_add_func ("/sensitivity/universe", test_universe_small);
  g_test_add_func ("/sensitivity/count-universe", test_count_universe);
  g_test_add_func ("/sensitivity/smooth-bound", test_smooth_bound_inequalities);
  g_test_add_func ("/sensitivity/median-nrs", test_median_nrs);
  g_test_add_func ("/sensitivity/calibration", test_calibration);
  g_test_add_func ("/sensitivity/neighbour", test_neighbour);
  g_test_add_func ("/sensitivity/examples", test_examples);
  g_test_add_func ("/sensitivity/analysis", test_analysis);
  g_test_add_func ("/sensitivity/domain-errors", test_domain_errors);
  status = g_test_run ();
  test_print_errors ();
  return status;
}
