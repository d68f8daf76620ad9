/* test-view-renyi.c — the Rényi view: its numbers against closed forms, and where it draws them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected values are derived here, independently of libdpcore's Rényi code:
 * - Laplace D_α = ln[α/(2α−1)·e^{(α−1)ε} + (α−1)/(2α−1)·e^{−αε}]/(α − 1) (Mironov 2017,
 *   Table II, the form with both exponentials; the library uses a log1p form), in long double;
 * - randomized response D_α = ln(p^α q^{1−α} + q^α p^{1−α})/(α − 1) from its definition;
 * - Gaussian D_α = αΔ²/(2σ²) with the σ of the frame's mechanism;
 * - KL: ε + e^{−ε} − 1, ε·(2p − 1), Δ²/(2σ²); the conversion from its formula; its minimum by
 *   a brute-force scan; the exact ε of randomized response from its binomial privacy-loss
 *   distribution and of the Gaussian from Balle & Wang's δ(ε) by bisection;
 * - Rényi entropy of (p, 1 − p) from its definition.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_sf_gamma.h>

#include "dpv-renyi.h"
#include "test-pixels.h"

#define TEST_VIEW_RENYI TEST_VIEW ("renyi")

static double
laplace_renyi (double eps, double a)
{
  long double al = a, e = eps;

  /* e^{(α−1)ε} factored out of the sum, so that large α does not overflow */
  return (double) (e + logl (al / (2 * al - 1) + (al - 1) / (2 * al - 1)
                                                 * expl (-(2 * al - 1) * e)) / (al - 1));
}

static double
rr_renyi (double eps, double a)
{
  long double p = 1.0L / (1.0L + expl (-(long double) eps)), q = 1 - p, al = a;
  /* the two terms p^α q^{1−α} and q^α p^{1−α} as logarithms, added by log-sum-exp */
  long double x = al * logl (p) + (1 - al) * logl (q), y = al * logl (q) + (1 - al) * logl (p);
  long double hi = fmaxl (x, y), lo = fminl (x, y);

  return (double) ((hi + log1pl (expl (lo - hi))) / (al - 1));
}

static double
expected_renyi (const DpMechanism *m, double a)
{
  switch (m->kind)
    {
    case DP_MECHANISM_LAPLACE:
      return laplace_renyi (m->epsilon, a);
    case DP_MECHANISM_RR:
      return rr_renyi (m->epsilon, a);
    case DP_MECHANISM_GAUSSIAN:
    case DP_N_MECHANISMS:
    default:
      return a * m->sensitivity * m->sensitivity / (2 * m->scale * m->scale);
    }
}

static double
expected_kl (const DpMechanism *m)
{
  double p = 1 / (1 + exp (-m->epsilon));

  switch (m->kind)
    {
    case DP_MECHANISM_LAPLACE:
      return m->epsilon + exp (-m->epsilon) - 1;
    case DP_MECHANISM_RR:
      return m->epsilon * (2 * p - 1);
    case DP_MECHANISM_GAUSSIAN:
    case DP_N_MECHANISMS:
    default:
      return m->sensitivity * m->sensitivity / (2 * m->scale * m->scale);
    }
}

static double
conversion (double kd, double delta, double a)
{
  return kd + log ((a - 1) / a) - (log (delta) + log (a)) / (a - 1);
}

static void
assert_close (double got, double want, double rel, const char *what)
{
  if (!(fabs (got - want) <= rel * fabs (want) + 1e-300))
    g_error ("%s: got %.17g, want %.17g (rel %.3g)", what, got, want,
             fabs (got - want) / fabs (want));
}

static DpvFrame *
renyi_frame (DpMechanismKind kind, double eps, double delta, unsigned long k, double alpha)
{
  DpvParams p;

  dpv_params_init (&p);
  p.mechanism = kind;
  p.epsilon = eps;
  p.delta = delta;
  p.k = k;
  p.alpha = alpha;
  return test_frame (TEST_VIEW_RENYI, &p);
}

static void
test_values (void)
{
  static const double epss[] = { 0.05, 0.5, 1.0, 3.0 };
  static const unsigned long ks[] = { 1, 7, 1000 };
  static const double alphas[] = { 1.001, 1.5, 2.0, 37.0, 1e4 };

  for (int kind = 0; kind < DP_N_MECHANISMS; kind++)
    for (gsize e = 0; e < G_N_ELEMENTS (epss); e++)
      for (gsize ki = 0; ki < G_N_ELEMENTS (ks); ki++)
        for (gsize ai = 0; ai < G_N_ELEMENTS (alphas); ai++)
          {
            g_autoptr(DpvFrame) f = renyi_frame (kind, epss[e], 1e-6, ks[ki], alphas[ai]);
            const DpvRenyi *r = dpv_frame_get_result (f);
            const DpMechanism *m = dpv_frame_get_mechanism (f);
            double kd = (double) ks[ki], a = alphas[ai];
            double d = expected_renyi (m, a);
            double p = 1 / (1 + exp (-epss[e])), q = 1 - p;

            assert_close (r->d_alpha, d, 1e-9, "D_α");
            assert_close (r->kd_alpha, kd * d, 1e-9, "k·D_α");
            assert_close (r->kl, expected_kl (m), 1e-9, "KL");
            if (kind == DP_MECHANISM_GAUSSIAN)
              g_assert_true (isinf (r->dinf) && r->dinf > 0);
            else
              assert_close (r->dinf, epss[e], 1e-12, "D∞");
            assert_close (r->conv_alpha, conversion (kd * d, 1e-6, a), 1e-9, "ε(α)");
            /* Rényi entropy of (p, q): the definition and its three limits */
            assert_close (r->h0, G_LN2, 1e-12, "Hartley");
            assert_close (r->h1, -p * log (p) - q * log (q), 1e-9, "Shannon");
            assert_close (r->h_inf, -log (p), 1e-9, "min-entropy");
            assert_close (r->h_alpha, log (pow (p, a) + pow (q, a)) / (1 - a), 1e-9, "H_α");
            g_assert_true (r->h_inf <= r->h_alpha && r->h_alpha <= r->h1
                           && r->h1 <= r->h0 + 1e-15);
          }
}

/* The curve against α: non-decreasing, from k·KL at the left end (D_α − KL ≤ (α − 1)·Var/2,
 * Var(L) ≤ ε² for an ε-DP mechanism, μ² for the Gaussian) to k·D∞ at the right
 * (ε − D_α ≤ ln 2/(α − 1) for Laplace and RR: D_α ≥ ε + ln p/(α − 1) with p ≥ ½); the
 * Gaussian's leaves the top of the panel. */
static void
test_curve (void)
{
  static const double epss[] = { 0.01, 0.3, 2.0, 10.0 };

  for (int kind = 0; kind < DP_N_MECHANISMS; kind++)
    for (gsize e = 0; e < G_N_ELEMENTS (epss); e++)
      {
        g_autoptr(DpvFrame) f = renyi_frame (kind, epss[e], 1e-5, 10, 2.0);
        const DpvRenyi *r = dpv_frame_get_result (f);
        const DpMechanism *m = dpv_frame_get_mechanism (f);
        double var = kind == DP_MECHANISM_GAUSSIAN ? 2 * expected_kl (m) : epss[e] * epss[e];
        double am1_0 = r->am1[0], am1_n = r->am1[r->n - 1];

        g_assert_cmpfloat_with_epsilon (am1_0, 1e-3, 1e-15);
        g_assert_cmpfloat_with_epsilon (am1_n, 9999.0, 1e-9);
        for (gsize i = 1; i < r->n; i++)
          {
            g_assert_true (r->am1[i] > r->am1[i - 1]);
            g_assert_true (r->kd[i] >= r->kd[i - 1] * (1 - 1e-12));
          }
        g_assert_cmpfloat (r->kd[0] / 10, >=, expected_kl (m) * (1 - 1e-12));
        g_assert_cmpfloat (r->kd[0] / 10 - expected_kl (m), <=, am1_0 * var / 2 * 1.0001);
        if (kind == DP_MECHANISM_GAUSSIAN)
          {
            g_assert_cmpfloat (r->kd[r->n - 1], >, r->y_hi);
            g_assert_cmpfloat (r->kd[0], <, r->y_hi);
          }
        else
          {
            g_assert_cmpfloat (r->kd[r->n - 1] / 10, <=, epss[e] * (1 + 1e-12));
            g_assert_cmpfloat (epss[e] - r->kd[r->n - 1] / 10, <=, G_LN2 / am1_n);
            g_assert_cmpfloat (r->kd[r->n - 1], <, r->y_hi);
          }
      }
}

/* Randomized response: δ(ε′) of k runs from the binomial law of the loss (k − 2l)ε. */
static double
rr_delta (double eps, unsigned long k, double eps_prime)
{
  double p = 1 / (1 + exp (-eps)), sum = 0;

  for (unsigned long l = 0; l <= k; l++)
    {
      double loss = ((double) k - 2.0 * l) * eps;

      if (loss > eps_prime)
        sum += exp (gsl_sf_lnchoose (k, l) + (k - l) * log (p) + l * log1p (-p))
               * -expm1 (eps_prime - loss);
    }
  return sum;
}

/* Gaussian with μ: δ(ε′) = Φ(μ/2 − ε′/μ) − e^{ε′}Φ(−μ/2 − ε′/μ) (Balle & Wang 2018, Thm 8). */
static double
gauss_delta (double mu, double eps_prime)
{
  return gsl_cdf_ugaussian_P (mu / 2 - eps_prime / mu)
         - exp (eps_prime) * gsl_cdf_ugaussian_P (-mu / 2 - eps_prime / mu);
}

/* The smallest ε′ ≥ 0 with δ(ε′) ≤ δ, by bisection (δ(ε′) decreases). */
static double
solve_eps (double (*delta_of) (const double *, double), const double *args, double delta,
           double hi)
{
  double lo = 0;

  if (delta_of (args, 0) <= delta)
    return 0;
  for (int i = 0; i < 200; i++)
    {
      double mid = 0.5 * (lo + hi);

      if (delta_of (args, mid) > delta)
        lo = mid;
      else
        hi = mid;
    }
  return hi;
}

static double
rr_delta_args (const double *a, double e)
{
  return rr_delta (a[0], (unsigned long) a[1], e);
}

static double
gauss_delta_args (const double *a, double e)
{
  return gauss_delta (a[0], e);
}

/* The conversion: its minimum is the minimum of the formula over α (brute force over
 * α − 1 ∈ [10⁻⁸, 10⁹] and the limit k·D∞), it is what ε(α*) gives, it lies under every
 * point of the drawn curve, and it is never below the exact ε (a guarantee). The exact ε
 * against an independent computation for RR and the Gaussian. */
static void
test_conversion (void)
{
  static const double epss[] = { 0.05, 0.5, 2.0 };
  static const unsigned long ks[] = { 1, 10, 300 };
  static const double deltas[] = { 1e-10, 1e-5, 0.1 };

  for (int kind = 0; kind < DP_N_MECHANISMS; kind++)
    for (gsize e = 0; e < G_N_ELEMENTS (epss); e++)
      for (gsize ki = 0; ki < G_N_ELEMENTS (ks); ki++)
        for (gsize di = 0; di < G_N_ELEMENTS (deltas); di++)
          {
            g_autoptr(DpvFrame) f = renyi_frame (kind, epss[e], deltas[di], ks[ki], 2.0);
            const DpvRenyi *r = dpv_frame_get_result (f);
            const DpMechanism *m = dpv_frame_get_mechanism (f);
            double kd = (double) ks[ki], brute = HUGE_VAL, at_best;

            for (int i = 0; i <= 17 * 400; i++)
              {
                double a = 1 + pow (10, -8 + i / 400.0);

                brute = fmin (brute, conversion (kd * expected_renyi (m, a), deltas[di], a));
              }
            if (kind != DP_MECHANISM_GAUSSIAN)
              brute = fmin (brute, kd * epss[e]);
            brute = fmax (brute, 0.0);   /* ε is never negative (δ ≥ 1 − e^{−ε} at ε = 0) */
            g_assert_cmpfloat (r->eps_rdp, <=, brute * (1 + 1e-9));
            if (!(r->eps_rdp >= brute * (1 - 1e-4)))
              g_error ("kind %d ε %g k %lu δ %g: RDP %.10g, brute %.10g at α* %g", kind, epss[e],
                       ks[ki], deltas[di], r->eps_rdp, brute, r->best_alpha);
            for (gsize i = 0; i < r->n; i++)
              g_assert_cmpfloat (r->eps_rdp, <=, fmax (r->conv[i], 0.0) * (1 + 1e-9));
            at_best = isinf (r->best_alpha) ? kd * epss[e]
                      : conversion (kd * expected_renyi (m, r->best_alpha), deltas[di],
                                    r->best_alpha);
            assert_close (r->eps_rdp, fmax (at_best, 0.0), 1e-9, "ε(α*)");

            g_assert_false (r->pending);
            g_assert_cmpfloat (r->eps_rdp, >=, r->eps_exact * (1 - 2e-4));
            if (kind == DP_MECHANISM_RR)
              {
                double args[2] = { epss[e], kd };

                assert_close (r->eps_exact, solve_eps (rr_delta_args, args, deltas[di],
                                                       kd * epss[e]), 1e-6, "exact RR");
              }
            else if (kind == DP_MECHANISM_GAUSSIAN)
              {
                double args[1] = { sqrt (kd) * m->sensitivity / m->scale };

                assert_close (r->eps_exact, solve_eps (gauss_delta_args, args, deltas[di],
                                                       1e4), 1e-6, "exact Gaussian");
              }
          }
}

/* The preview says the exact value is being computed, in the read-outs and the caption. */
static void
test_pending (void)
{
  g_autoptr(DpvFrameCache) cache = dpv_frame_cache_new (4);
  g_autoptr(DpvFrame) preview = NULL;
  g_autoptr(GPtrArray) ro = NULL;
  g_autofree char *caption = NULL;
  DpvParams p;
  int computing = 0;

  dpv_params_init (&p);
  p.mechanism = DP_MECHANISM_LAPLACE;
  preview = dpv_frame_compute_preview (dpv_registry_get (TEST_VIEW_RENYI), &p, cache);
  g_assert_true (dpv_frame_is_pending (preview));
  g_assert_true (((const DpvRenyi *) dpv_frame_get_result (preview))->pending);
  ro = dpv_frame_readouts (preview);
  for (guint i = 0; i < ro->len; i++)
    {
      DpvReadout *r = g_ptr_array_index (ro, i);

      g_assert_null (strstr (r->value, "nan"));
      computing += strstr (r->value, "computing") != NULL;
    }
  g_assert_cmpint (computing, ==, 2);   /* the exact ε and the ratio */
  caption = dpv_frame_caption (preview);
  g_assert_nonnull (strstr (caption, "computing"));
}

/* Where the figure draws: the current α's line moves along a log axis of α − 1; the curve
 * starts on the k·KL line and ends on the k·D∞ line, both where a linear axis from 0 puts
 * them; the conversion's minimum lies at α* on or above the exact ε; the Gaussian's curve
 * leaves the top and has no D∞ line. */
static void
test_pixels (void)
{
  const int W = 1200, H = 800;
  DpvStyle st;
  DpvParams p;
  int col[3];
  static const double alphas[3] = { 1.01, 2.0, 100.0 };
  int top0, top1, bot0, bot1, main_right = (int) (W * 0.66);
  double px_per_decade, want;

  dpv_style_init (&st, DPV_THEME_LIGHT);
  dpv_params_init (&p);
  p.show_caption = FALSE;
  p.mechanism = DP_MECHANISM_LAPLACE;
  p.epsilon = 1.0;
  p.k = 100;
  p.delta = 1e-5;

  for (int i = 0; i < 3; i++)
    {
      cairo_surface_t *s;

      p.alpha = alphas[i];
      s = test_pixels_render (TEST_VIEW_RENYI, &p, DPV_THEME_LIGHT, W, H, TRUE);
      col[i] = test_pixels_densest_column (s, 0, main_right, 0, H, &st.accent, 0.03);
      g_assert_cmpint (col[i], >, 0);
      cairo_surface_destroy (s);
    }
  /* log10(α − 1): −2, 0, log10 99 */
  g_assert_cmpfloat_with_epsilon ((double) (col[1] - col[0]) / (col[2] - col[0]),
                                  2.0 / (log10 (99.0) + 2.0), 0.006);
  px_per_decade = (col[2] - col[0]) / (log10 (99.0) + 2.0);

  /* at α = 2: the panels' data areas from the extent of the α line */
  {
    cairo_surface_t *s;
    g_autoptr(DpvFrame) f = NULL;
    const DpvRenyi *r;
    int kl_row, inf_row, left, right, exact_row;
    double row_left, row_right, best_col, best_row;

    p.alpha = 2.0;
    f = test_frame (TEST_VIEW_RENYI, &p);
    r = dpv_frame_get_result (f);
    s = test_pixels_render (TEST_VIEW_RENYI, &p, DPV_THEME_LIGHT, W, H, TRUE);
    test_pixels_column_extent (s, col[1], 0, (int) (H * 0.55), &st.accent, 0.03, &top0, &bot0);
    test_pixels_column_extent (s, col[1], (int) (H * 0.55), H, &st.accent, 0.03, &top1, &bot1);
    g_assert_cmpint (bot0 - top0, >, H / 4);
    g_assert_cmpint (bot1 - top1, >, H / 5);

    kl_row = test_pixels_densest_row (s, 0, main_right, top0, bot0,
                                      &st.roles[DPV_ROLE_TIGHT], 0.03);
    inf_row = test_pixels_densest_row (s, 0, main_right, top0, bot0,
                                       &st.roles[DPV_ROLE_BOUND], 0.03);
    want = bot0 - 100 * r->kl / r->y_hi * (bot0 - top0);
    g_assert_cmpfloat (fabs (kl_row - want), <=, 2.0);
    want = bot0 - 100 * r->dinf / r->y_hi * (bot0 - top0);
    g_assert_cmpfloat (fabs (inf_row - want), <=, 2.0);

    /* the curve's two ends (3 pixels inside the data area) on the two lines */
    left = (int) floor (col[1] - 3 * px_per_decade + 3);
    right = (int) ceil (col[1] + (log10 (9999.0)) * px_per_decade - 3);
    row_left = test_pixels_mean_row (s, left, top0, bot0, &st.roles[DPV_ROLE_LOSS], 0.05);
    row_right = test_pixels_mean_row (s, right, top0, bot0, &st.roles[DPV_ROLE_LOSS], 0.05);
    g_assert_cmpfloat (fabs (row_left - kl_row), <=, 2.0);
    g_assert_cmpfloat (fabs (row_right - inf_row), <=, 2.0);

    /* the exact ε line (black, the only black in the light theme's data area) and the
     * marked minimum at α* */
    exact_row = test_pixels_densest_row (s, 0, main_right, top1, bot1,
                                         &st.roles[DPV_ROLE_ACTUAL], 0.03);
    want = bot1 - r->eps_exact / r->conv_hi * (bot1 - top1);
    g_assert_cmpfloat (fabs (exact_row - want), <=, 2.0);
    g_assert_true (isfinite (r->best_alpha) && r->best_alpha - 1 < 9999);
    best_col = col[1] + log10 (r->best_alpha - 1.0) * px_per_decade;
    best_row = test_pixels_mean_row (s, (int) round (best_col), top1, bot1,
                                     &st.roles[DPV_ROLE_LOSS], 0.05);
    want = bot1 - r->eps_rdp / r->conv_hi * (bot1 - top1);
    g_assert_cmpfloat (fabs (best_row - want), <=, 2.0);
    g_assert_cmpfloat (best_row, <=, exact_row + 1.0);
    cairo_surface_destroy (s);
  }

  /* the Gaussian: the curve reaches the top of the panel; no D∞ line */
  {
    cairo_surface_t *s;
    int first, last, reach = H;

    p.mechanism = DP_MECHANISM_GAUSSIAN;
    s = test_pixels_render (TEST_VIEW_RENYI, &p, DPV_THEME_LIGHT, W, H, TRUE);
    /* its y labels differ in width: the α line (and the data area) is found again */
    col[1] = test_pixels_densest_column (s, 0, main_right, 0, H, &st.accent, 0.03);
    test_pixels_column_extent (s, col[1], 0, (int) (H * 0.55), &st.accent, 0.03, &top0, &bot0);
    for (int x = col[1]; x < main_right; x++)
      {
        test_pixels_column_extent (s, x, top0, bot0, &st.roles[DPV_ROLE_LOSS], 0.05, &first,
                                   &last);
        if (first >= 0)
          reach = MIN (reach, first);
      }
    g_assert_cmpint (reach, <=, top0 + 1);
    g_assert_cmpuint (test_pixels_count (s, 0, top0, main_right, bot0,
                                         &st.roles[DPV_ROLE_BOUND], 0.03), ==, 0);
    cairo_surface_destroy (s);
  }
}

/* The Gaussian's curve is labelled where it leaves; a figure with annotations shows the
 * label. */
static void
test_gaussian_label (void)
{
  g_autoptr(GArray) placed = g_array_new (FALSE, FALSE, sizeof (DpvPlacedText));
  DpvParams p;
  cairo_surface_t *s;
  gboolean found = FALSE;

  dpv_params_init (&p);
  p.mechanism = DP_MECHANISM_GAUSSIAN;
  s = test_pixels_render_placed (TEST_VIEW_RENYI, &p, DPV_THEME_LIGHT, 1200, 800, FALSE, placed);
  for (guint i = 0; i < placed->len; i++)
    {
      DpvPlacedText *t = &g_array_index (placed, DpvPlacedText, i);

      found |= strstr (t->text, "→ +∞") != NULL && strstr (t->text, "not ε-DP") != NULL;
      g_free (t->text);
    }
  g_assert_true (found);
  cairo_surface_destroy (s);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/renyi/values", test_values);
  g_test_add_func ("/renyi/curve", test_curve);
  g_test_add_func ("/renyi/conversion", test_conversion);
  g_test_add_func ("/renyi/pending", test_pending);
  g_test_add_func ("/renyi/pixels", test_pixels);
  g_test_add_func ("/renyi/gaussian-label", test_gaussian_label);
  return g_test_run ();
}
