/* test-kmeans.c — Lloyd's k-means and the book's DP Lloyd algorithm (§3.3.3)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected values: textbook Lloyd written again here (nearest centre, mean of each cluster) on
 * fixed data and on the generated data from the same initial centres; a hand-computed
 * iteration; the noise's distribution against Lap(0, 2/ε′) with ε′ = ε/(2T) (mean |Y|, variance
 * 2b² and the Kolmogorov–Smirnov distance to the Laplace CDF over many seeds); the rate of
 * uniform re-draws against Pr[n_j + Y < 1] from the Laplace CDF; uniformity on ‖x‖₁ ≤ 1 through
 * moments computed here (E‖x‖₁ = 2/3, E x² = 1/6); and the private cost against the non-private
 * one as ε grows.
 */
#include <string.h>

#include "test-util.h"

/* ---- textbook Lloyd, written again ---- */

static void
ref_lloyd_step (const DpPoint *x, size_t n, const DpPoint *c, unsigned k, DpPoint *next,
                int *labels, double *cost)
{
  double sx[DP_KMEANS_K_MAX] = { 0 }, sy[DP_KMEANS_K_MAX] = { 0 };
  size_t cnt[DP_KMEANS_K_MAX] = { 0 };

  *cost = 0.0;
  for (size_t i = 0; i < n; i++)
    {
      int best = 0;
      double bd = HUGE_VAL;

      for (unsigned j = 0; j < k; j++)
        {
          double d = (x[i].x - c[j].x) * (x[i].x - c[j].x) + (x[i].y - c[j].y) * (x[i].y - c[j].y);

          if (d < bd)
            {
              bd = d;
              best = (int) j;
            }
        }
      labels[i] = best;
      *cost += bd;
      sx[best] += x[i].x;
      sy[best] += x[i].y;
      cnt[best]++;
    }
  for (unsigned j = 0; j < k; j++)
    next[j] = cnt[j] ? (DpPoint) { sx[j] / (double) cnt[j], sy[j] / (double) cnt[j] } : c[j];
}

static void
test_uniform_domain (void)
{
  double mean_l1 = 0.0, mean_x2 = 0.0, mean_x = 0.0;
  const int m = 400;

  /* midpoint rule on the unit square: the image moments are the uniform law's on X */
  for (int a = 0; a < m; a++)
    for (int b = 0; b < m; b++)
      {
        DpPoint p = dp_kmeans_uniform_in_domain ((a + 0.5) / m, (b + 0.5) / m);

        g_assert_cmpfloat (fabs (p.x) + fabs (p.y), <=, 1.0);
        mean_l1 += fabs (p.x) + fabs (p.y);
        mean_x2 += p.x * p.x;
        mean_x += p.x;
      }
  mean_l1 /= m * m;
  mean_x2 /= m * m;
  mean_x /= m * m;
  /* ‖x‖₁ has density 2r on [0, 1]: mean 2/3; E x² = (1/2)·4∫₀¹ x²(1 − x) dx = 1/6 */
  assert_rel ("E‖x‖₁ uniform on X", mean_l1, 2.0 / 3.0, 1e-4);
  assert_rel ("E x² uniform on X", mean_x2, 1.0 / 6.0, 1e-4);
  g_assert_cmpfloat (fabs (mean_x), <, 1e-12);
}

static void
test_mixture (void)
{
  const size_t n = 5000;
  DpPoint *a = g_new (DpPoint, n), *b = g_new (DpPoint, n), *c = g_new (DpPoint, n);
  uint8_t *comp = g_new (uint8_t, n);

  for (unsigned k = 1; k <= 6; k++)
    {
      size_t per[DP_KMEANS_K_MAX] = { 0 };

      assert_ok (dp_kmeans_mixture (k, n, 11, a, comp));
      assert_ok (dp_kmeans_mixture (k, n, 11, b, NULL));
      assert_ok (dp_kmeans_mixture (k, n, 12, c, NULL));
      g_assert_cmpmem (a, n * sizeof (DpPoint), b, n * sizeof (DpPoint));
      g_assert_true (memcmp (a, c, n * sizeof (DpPoint)) != 0);
      for (size_t i = 0; i < n; i++)
        {
          g_assert_cmpfloat (fabs (a[i].x) + fabs (a[i].y), <=, 1.0);
          g_assert_cmpuint (comp[i], <, k);
          per[comp[i]]++;
        }
      /* weights in [0.5, 1.5]: each component at least a third of its fair share */
      for (unsigned j = 0; j < k; j++)
        g_assert_cmpuint (per[j], >, n / (3 * k));
    }
  assert_domain (dp_kmeans_mixture (0, n, 1, a, NULL));
  assert_domain (dp_kmeans_mixture (17, n, 1, a, NULL));
  assert_domain (dp_kmeans_mixture (3, 0, 1, a, NULL));
  g_free (a);
  g_free (b);
  g_free (c);
  g_free (comp);
}

/* One iteration by hand, and a centre no point is near (it stays). */
static void
test_lloyd_by_hand (void)
{
  const DpPoint x[] = { { 0, 0 }, { 0.1, 0 }, { 0.4, 0.5 }, { 0.5, 0.5 } };
  const DpPoint init[] = { { 0, 0 }, { 0.5, 0.5 }, { -0.9, 0 } };
  DpPoint c[3 * 3];
  double cost;

  assert_ok (dp_kmeans_lloyd (x, 4, 3, 2, init, c));
  assert_rel ("c1.x", c[3].x, 0.05, 1e-15);
  g_assert_cmpfloat (c[3].y, ==, 0.0);
  assert_rel ("c2.x", c[4].x, 0.45, 1e-15);
  assert_rel ("c2.y", c[4].y, 0.5, 1e-15);
  g_assert_cmpfloat (c[5].x, ==, -0.9);   /* empty cluster keeps its centre */
  g_assert_cmpfloat (c[6].x, ==, c[3].x);  /* converged */
  assert_ok (dp_kmeans_cost (x, 4, c + 6, 3, &cost));
  assert_rel ("cost", cost, 4 * 0.05 * 0.05, 1e-14);
}

/* The non-private path of a run is textbook Lloyd from the run's c^(0): every row of centres,
 * labels and costs. */
static void
test_nonprivate_is_textbook (void)
{
  const size_t n = 3000;
  DpPoint *x = g_new (DpPoint, n);
  int *labels = g_new (int, n);

  for (unsigned long seed = 1; seed <= 4; seed++)
    {
      unsigned k = 2 + (unsigned) seed;
      DpKmeansRun run;
      DpPoint c[DP_KMEANS_K_MAX], next[DP_KMEANS_K_MAX], direct[11 * DP_KMEANS_K_MAX];

      assert_ok (dp_kmeans_mixture (k, n, seed, x, NULL));
      assert_ok (dp_kmeans_run (x, n, k, 10, 1.0, seed, NULL, &run));
      memcpy (c, run.centres_nonprivate, k * sizeof (DpPoint));
      /* the private path starts from the same c^(0) */
      g_assert_cmpmem (run.centres_private, k * sizeof (DpPoint), c, k * sizeof (DpPoint));
      for (unsigned j = 0; j < k; j++)
        g_assert_cmpfloat (fabs (c[j].x) + fabs (c[j].y), <=, 1.0);
      for (unsigned t = 0; t <= 10; t++)
        {
          double cost;

          for (unsigned j = 0; j < k; j++)
            {
              assert_rel ("Lloyd centre x", run.centres_nonprivate[t * k + j].x, c[j].x, 1e-12);
              assert_rel ("Lloyd centre y", run.centres_nonprivate[t * k + j].y, c[j].y, 1e-12);
            }
          ref_lloyd_step (x, n, c, k, next, labels, &cost);
          assert_rel ("Lloyd cost", run.cost_nonprivate[t], cost, 1e-12);
          for (size_t i = 0; i < n; i++)
            g_assert_cmpint (run.labels_nonprivate[t * n + i], ==, labels[i]);
          memcpy (c, next, k * sizeof (DpPoint));
        }
      /* dp_kmeans_lloyd from the same start gives the same rows */
      assert_ok (dp_kmeans_lloyd (x, n, k, 10, run.centres_nonprivate, direct));
      g_assert_cmpmem (direct, 11 * k * sizeof (DpPoint), run.centres_nonprivate,
                       11 * k * sizeof (DpPoint));
      /* the private path's costs belong to its centres */
      for (unsigned t = 0; t <= 10; t++)
        {
          double cost;

          assert_ok (dp_kmeans_cost (x, n, run.centres_private + t * k, k, &cost));
          assert_rel ("private cost of its centres", run.cost_private[t], cost, 1e-12);
        }
      dp_kmeans_run_clear (&run);
    }
  g_free (x);
  g_free (labels);
}

/* The private path's releases: n̂ = n + Y, â = a + (Z₁, Z₂), Y, Z i.i.d. Lap(2/ε′); the centre
 * is â/n̂ or, when n̂ < 1, a point of X; the counts and sums are the clusters of c^(t−1). */
static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static double
laplace_cdf (double z, double b)
{
  return z < 0 ? 0.5 * exp (z / b) : 1.0 - 0.5 * exp (-z / b);
}

static void
check_noise (double epsilon, unsigned iterations)
{
  const size_t n = 60, seeds = 1500;
  const unsigned k = 3;
  DpPoint x[60];
  GArray *noise = g_array_new (FALSE, FALSE, sizeof (double));
  double b = 4.0 * iterations / epsilon, mean = 0.0, mean_abs = 0.0, var = 0.0, ks = 0.0;
  double redraw_expected = 0.0, redraw_var = 0.0, redrawn_l1 = 0.0;
  size_t redraws = 0, m;

  assert_ok (dp_kmeans_mixture (k, n, 5, x, NULL));
  for (unsigned long s = 0; s < seeds; s++)
    {
      DpKmeansRun run;

      assert_ok (dp_kmeans_run (x, n, k, iterations, epsilon, 1000 + s, NULL, &run));
      assert_rel ("ε′ = ε/(2T)", run.epsilon_step, epsilon / (2.0 * iterations), 1e-15);
      assert_rel ("scale 2/ε′", run.noise_scale, b, 1e-15);
      for (unsigned t = 0; t < iterations; t++)
        {
          double counts[DP_KMEANS_K_MAX] = { 0 }, sx[DP_KMEANS_K_MAX] = { 0 },
                 sy[DP_KMEANS_K_MAX] = { 0 };

          /* the true counts and sums are those of the clusters of c^(t) */
          for (size_t i = 0; i < n; i++)
            {
              unsigned j = run.labels_private[t * n + i];

              counts[j] += 1.0;
              sx[j] += x[i].x;
              sy[j] += x[i].y;
            }
          for (unsigned j = 0; j < k; j++)
            {
              size_t at = t * k + j;
              double y = run.noisy_counts[at] - run.counts[at];
              double z1 = run.noisy_sums[at].x - run.sums[at].x;
              double z2 = run.noisy_sums[at].y - run.sums[at].y;
              DpPoint c = run.centres_private[(t + 1) * k + j];
              double p;

              g_assert_cmpfloat (run.counts[at], ==, counts[j]);
              assert_rel ("a_j.x", run.sums[at].x, sx[j], 1e-12);
              assert_rel ("a_j.y", run.sums[at].y, sy[j], 1e-12);
              g_array_append_val (noise, y);
              g_array_append_val (noise, z1);
              g_array_append_val (noise, z2);
              g_assert_cmpint (run.redrawn[at], ==, run.noisy_counts[at] < 1.0);
              if (run.redrawn[at])
                {
                  g_assert_cmpfloat (fabs (c.x) + fabs (c.y), <=, 1.0);
                  redrawn_l1 += fabs (c.x) + fabs (c.y);
                  redraws++;
                }
              else
                {
                  assert_rel ("c = â/n̂ (x)", c.x, run.noisy_sums[at].x / run.noisy_counts[at],
                              1e-15);
                  assert_rel ("c = â/n̂ (y)", c.y, run.noisy_sums[at].y / run.noisy_counts[at],
                              1e-15);
                }
              /* Pr[n_j + Y < 1] = F_Lap(1 − n_j) */
              p = laplace_cdf (1.0 - counts[j], b);
              redraw_expected += p;
              redraw_var += p * (1.0 - p);
            }
        }
      dp_kmeans_run_clear (&run);
    }

  m = noise->len;
  for (size_t i = 0; i < m; i++)
    {
      double v = g_array_index (noise, double, i);

      mean += v;
      mean_abs += fabs (v);
    }
  mean /= m;
  mean_abs /= m;
  for (size_t i = 0; i < m; i++)
    var += (g_array_index (noise, double, i) - mean) * (g_array_index (noise, double, i) - mean);
  var /= m - 1;
  qsort (noise->data, m, sizeof (double), cmp_double);
  for (size_t i = 0; i < m; i++)
    {
      double f = laplace_cdf (g_array_index (noise, double, i), b);

      ks = fmax (ks, fmax (fabs (f - (double) i / m), fabs ((double) (i + 1) / m - f)));
    }
  /* Tolerances, m ≈ 13 500 draws: the mean has sd b·√2/√m (≈ 1.2 % of b); mean |Y| has sd
   * b/√m; the sample variance has relative sd √((μ₄ − σ⁴)/m)/σ² = √(5/m) ≈ 1.9 %; the KS
   * distance exceeds 1.95/√m with probability 0.001. Each bound is five sd or that quantile. */
  printf ("# ε = %g, T = %u, b = %g: %zu draws, mean %.4g, mean|Y| %.5g, var/(2b²) %.4f, "
          "KS %.4f (limit %.4f)\n", epsilon, iterations, b, m, mean, mean_abs,
          var / (2 * b * b), ks, 1.95 / sqrt ((double) m));
  g_assert_cmpfloat (fabs (mean), <, 5.0 * b * M_SQRT2 / sqrt ((double) m));
  assert_rel ("E|Y| = b", mean_abs, b, 5.0 / sqrt ((double) m));
  assert_rel ("Var Y = 2b²", var, 2.0 * b * b, 5.0 * sqrt (5.0 / m));
  g_assert_cmpfloat (ks, <, 1.95 / sqrt ((double) m));
  /* re-draws: their number against the sum of the Bernoulli probabilities (five sd), and the
   * re-drawn centres' mean ‖c‖₁ against 2/3 (sd of ‖c‖₁ is √(1/18)) */
  printf ("# re-draws %zu, expected %.1f ± %.1f\n", redraws, redraw_expected, sqrt (redraw_var));
  g_assert_cmpfloat (fabs (redraws - redraw_expected), <, 5.0 * sqrt (redraw_var) + 1.0);
  if (redraws > 200)
    assert_rel ("re-drawn centres uniform on X", redrawn_l1 / redraws, 2.0 / 3.0,
                5.0 * sqrt (1.0 / 18.0) / sqrt ((double) redraws) / (2.0 / 3.0));
  g_array_unref (noise);
}

static void
test_noise_scale (void)
{
  check_noise (1.0, 2);     /* b = 8 */
  check_noise (4.0, 5);     /* b = 5 */
  check_noise (0.5, 1);     /* b = 8, clusters of 20 often re-drawn */
}

/* As ε grows the private path follows the non-private one: whenever every non-private cluster
 * holds at least two points at every iteration (a cluster of 0 or 1 point is re-drawn by the
 * private path with probability ≥ 1/2 however large ε is, and kept by Lloyd), the final costs
 * agree at ε = 700; and the mean relative gap shrinks as ε grows. T = 20 lets Lloyd converge:
 * with T = 8 a run still drifting slowly (two centres sharing a cluster) can turn a perturbation
 * of 10⁻⁴ into a cost gap of a few per cent. */
static void
test_cost_approaches_nonprivate (void)
{
  const size_t n = 2000;
  const unsigned k = 4, T = 20;
  const double eps[] = { 0.3, 3.0, 30.0, 700.0 };
  DpPoint *x = g_new (DpPoint, n);
  double gap[G_N_ELEMENTS (eps)] = { 0 };
  int eligible = 0;

  assert_ok (dp_kmeans_mixture (k, n, 3, x, NULL));
  for (unsigned long s = 0; s < 30; s++)
    {
      DpKmeansRun run;
      gboolean ok = TRUE;

      for (guint e = 0; e < G_N_ELEMENTS (eps); e++)
        {
          assert_ok (dp_kmeans_run (x, n, k, T, eps[e], s, NULL, &run));
          if (e == 0)
            for (unsigned t = 0; t < T && ok; t++)
              {
                size_t cnt[DP_KMEANS_K_MAX] = { 0 };

                for (size_t i = 0; i < n; i++)
                  cnt[run.labels_nonprivate[t * n + i]]++;
                for (unsigned j = 0; j < k; j++)
                  ok = ok && cnt[j] >= 2;
              }
          if (ok)
            gap[e] += fabs (run.cost_private[T] - run.cost_nonprivate[T])
                      / run.cost_nonprivate[T];
          if (ok && e == G_N_ELEMENTS (eps) - 1)
            g_assert_cmpfloat (fabs (run.cost_private[T] - run.cost_nonprivate[T]), <,
                               1e-3 * run.cost_nonprivate[T]);
          dp_kmeans_run_clear (&run);
        }
      eligible += ok;
    }
  g_assert_cmpint (eligible, >=, 10);
  for (guint e = 0; e < G_N_ELEMENTS (eps); e++)
    printf ("# ε = %g: mean relative cost gap %.4g over %d runs\n", eps[e], gap[e] / eligible,
            eligible);
  for (guint e = 1; e < G_N_ELEMENTS (eps); e++)
    g_assert_cmpfloat (gap[e], <, gap[e - 1]);
  g_free (x);
}

/* The sweep's run r at ε is dp_kmeans_run (seed + r) at ε; its statistics are those of the
 * runs. */
static void
test_sweep (void)
{
  const size_t n = 800;
  const unsigned k = 3, T = 4, runs = 5;
  const double eps[] = { 0.5, 2.0, 50.0 };
  DpPoint *x = g_new (DpPoint, n);
  DpKmeansSweepPoint pts[3];
  DpKmeansSweepBaseline base;
  DpCancel cancel;

  dp_cancel_init (&cancel);
  dp_cancel_set (&cancel);
  assert_ok (dp_kmeans_mixture (k, n, 8, x, NULL));
  assert_ok (dp_kmeans_cost_sweep (x, n, k, T, eps, 3, runs, 100, NULL, pts, &base));
  for (guint e = 0; e < 3; e++)
    {
      double v[5], mean = 0.0, ss = 0.0, lo = HUGE_VAL, hi = -HUGE_VAL, np_mean = 0.0;

      for (unsigned r = 0; r < runs; r++)
        {
          DpKmeansRun run;

          assert_ok (dp_kmeans_run (x, n, k, T, eps[e], 100 + r, NULL, &run));
          v[r] = run.cost_private[T];
          np_mean += run.cost_nonprivate[T] / runs;
          mean += v[r] / runs;
          lo = fmin (lo, v[r]);
          hi = fmax (hi, v[r]);
          dp_kmeans_run_clear (&run);
        }
      for (unsigned r = 0; r < runs; r++)
        ss += (v[r] - mean) * (v[r] - mean);
      g_assert_cmpfloat (pts[e].epsilon, ==, eps[e]);
      assert_rel ("sweep mean", pts[e].mean, mean, 1e-12);
      assert_rel ("sweep sd", pts[e].sd, sqrt (ss / (runs - 1)), 1e-9);
      g_assert_cmpfloat (pts[e].min, ==, lo);
      g_assert_cmpfloat (pts[e].max, ==, hi);
      assert_rel ("sweep baseline", base.mean, np_mean, 1e-12);
    }
  g_assert_cmpint (dp_kmeans_cost_sweep (x, n, k, T, eps, 3, runs, 100, &cancel, pts, &base),
                   ==, DP_ERR_CANCELLED);
  g_free (x);
}

static gpointer
raise_later (gpointer data)
{
  g_usleep (5000);
  dp_cancel_set (data);
  return NULL;
}

/* A sweep of 40 values of ε × 50 seeds on 10⁴ points (seconds of work) stops soon after
 * another thread raises the flag 5 ms in. */
static void
test_sweep_cancelled_while_running (void)
{
  const size_t n = 10000;
  DpPoint *x = g_new (DpPoint, n);
  double eps[40];
  DpKmeansSweepPoint pts[40];
  DpCancel cancel;
  GThread *thread;
  gint64 t0;

  for (int e = 0; e < 40; e++)
    eps[e] = 0.1 * (e + 1);
  assert_ok (dp_kmeans_mixture (4, n, 2, x, NULL));
  dp_cancel_init (&cancel);
  thread = g_thread_new ("cancel", raise_later, &cancel);
  t0 = g_get_monotonic_time ();
  g_assert_cmpint (dp_kmeans_cost_sweep (x, n, 4, 10, eps, 40, 50, 1, &cancel, pts, NULL), ==,
                   DP_ERR_CANCELLED);
  printf ("# sweep returned %.1f ms after it started (flag raised at 5 ms)\n",
          (g_get_monotonic_time () - t0) / 1000.0);
  g_thread_join (thread);
  g_free (x);
}

static void
test_run_errors (void)
{
  DpPoint x[] = { { 0.2, 0.3 }, { -0.1, 0.4 }, { 0.6, 0.5 } };
  DpKmeansRun run;
  DpCancel cancel;

  dp_cancel_init (&cancel);
  dp_cancel_set (&cancel);
  assert_domain (dp_kmeans_run (x, 3, 2, 5, 1.0, 1, NULL, &run));
  g_assert_null (run.centres_private);
  x[2].x = 0.5;
  assert_ok (dp_kmeans_run (x, 3, 2, 5, 1.0, 1, NULL, &run));
  dp_kmeans_run_clear (&run);
  assert_domain (dp_kmeans_run (x, 3, 0, 5, 1.0, 1, NULL, &run));
  assert_domain (dp_kmeans_run (x, 3, 17, 5, 1.0, 1, NULL, &run));
  assert_domain (dp_kmeans_run (x, 3, 2, 0, 1.0, 1, NULL, &run));
  assert_domain (dp_kmeans_run (x, 3, 2, 101, 1.0, 1, NULL, &run));
  assert_domain (dp_kmeans_run (x, 3, 2, 5, 0.0, 1, NULL, &run));
  assert_domain (dp_kmeans_run (x, 3, 2, 5, NAN, 1, NULL, &run));
  x[0].y = NAN;
  assert_domain (dp_kmeans_run (x, 3, 2, 5, 1.0, 1, NULL, &run));
  x[0].y = 0.3;
  g_assert_cmpint (dp_kmeans_run (x, 3, 2, 5, 1.0, 1, &cancel, &run), ==, DP_ERR_CANCELLED);
  g_assert_null (run.centres_private);
  dp_kmeans_run_clear (&run);
}

/* Same seed, same run; another seed, other noise. */
static void
test_determinism (void)
{
  const size_t n = 500;
  DpPoint *x = g_new (DpPoint, n);
  DpKmeansRun a, b, c;

  assert_ok (dp_kmeans_mixture (3, n, 1, x, NULL));
  assert_ok (dp_kmeans_run (x, n, 3, 6, 1.0, 9, NULL, &a));
  assert_ok (dp_kmeans_run (x, n, 3, 6, 1.0, 9, NULL, &b));
  assert_ok (dp_kmeans_run (x, n, 3, 6, 1.0, 10, NULL, &c));
  g_assert_cmpmem (a.centres_private, 7 * 3 * sizeof (DpPoint), b.centres_private,
                   7 * 3 * sizeof (DpPoint));
  g_assert_cmpmem (a.labels_private, 7 * n, b.labels_private, 7 * n);
  g_assert_true (memcmp (a.centres_private, c.centres_private, 7 * 3 * sizeof (DpPoint)) != 0);
  dp_kmeans_run_clear (&a);
  dp_kmeans_run_clear (&b);
  dp_kmeans_run_clear (&c);
  g_free (x);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/kmeans/uniform-domain", test_uniform_domain);
  g_test_add_func ("/kmeans/mixture", test_mixture);
  g_test_add_func ("/kmeans/lloyd-by-hand", test_lloyd_by_hand);
  g_test_add_func ("/kmeans/nonprivate-is-textbook", test_nonprivate_is_textbook);
  g_test_add_func ("/kmeans/noise-scale", test_noise_scale);
  g_test_add_func ("/kmeans/cost-approaches-nonprivate", test_cost_approaches_nonprivate);
  g_test_add_func ("/kmeans/sweep", test_sweep);
  g_test_add_func ("/kmeans/sweep-cancelled", test_sweep_cancelled_while_running);
  g_test_add_func ("/kmeans/errors", test_run_errors);
  g_test_add_func ("/kmeans/determinism", test_determinism);
  int status = g_test_run ();
  test_print_errors ();
  return status;
}
