/* test-tradeoff.c — trade-off curves, threshold tests and posterior odds against independent
 * references
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected values come from the densities written out again here and integrated with GSL
 * (Neyman–Pearson tests at a threshold and other tests), enumeration of all 2^k (or 4^k)
 * outputs of small compositions, numerical convolution of the Laplace privacy loss, the
 * privacy profiles of tests/core/pld-truth.h through the duality f(α) = sup_ε 1 − δ(ε) − e^ε α,
 * and identities (symmetry, convexity, f ≤ 1 − α, the (ε, δ) regions). Never from libdpcore's
 * trade-off code itself.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>

#include <glib.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_sf_gamma.h>

#include "pld-truth.h"
#include "test-util.h"

/* ---- references ------------------------------------------------------------------------- */

static double
ref_Phi (double x)
{
  return 0.5 * erfc (-x / M_SQRT2);
}

/* f_{ε,δ}(α) written out, one line per piece. */
static double
ref_region (double eps, double delta, double alpha)
{
  double a = 1.0 - delta - exp (eps) * alpha;
  double b = exp (-eps) * (1.0 - delta - alpha);
  return MAX (0.0, MAX (a, b));
}

/* Densities of one output: p (centre 0) or q (centre Δ). */
typedef struct {
  int kind;      /* DP_MECHANISM_LAPLACE or DP_MECHANISM_GAUSSIAN */
  double scale;  /* b or σ */
  double centre;
  double lo, hi; /* a window [lo, hi) where the test says D′ (used by the two-sided tests) */
} Density;

static double
density (double y, void *data)
{
  const Density *d = data;
  double z = (y - d->centre) / d->scale;
  if (d->kind == DP_MECHANISM_LAPLACE)
    return exp (-fabs (z)) / (2.0 * d->scale);
  return TEST_INV_SQRT_2PI * exp (-0.5 * z * z) / d->scale;
}

/* ∫_a^b density, split at the kinks and the bulk (test-util.h). */
static double
mass (int kind, double scale, double centre, double delta_sens, double a, double b)
{
  Density d = { kind, scale, centre, 0, 0 };
  TestPair tp = { .kind = kind, .delta_sens = delta_sens, .scale = scale };
  double cuts[10];
  int n = test_pair_cuts (&tp, cuts);
  return test_integrate_split (density, &d, a, b, cuts, n, 1e-13);
}

/* The threshold test "say D′ when y > t" by quadrature: α = ∫_t^∞ p, β = ∫_{−∞}^t q. */
static void
np_by_quadrature (int kind, double scale, double delta_sens, double t, double *alpha,
                  double *beta)
{
  *alpha = mass (kind, scale, 0.0, delta_sens, t, HUGE_VAL);
  *beta = mass (kind, scale, delta_sens, delta_sens, -HUGE_VAL, t);
}

/* A polygon through vertices sorted by α (references build their own). */
typedef struct {
  int n;
  double *a, *b;
} RefPoly;

static double
ref_poly_eval (const RefPoly *p, double alpha)
{
  /* the last vertex at or left of α: where several share an α, the last has the least β */
  int i = 0;
  while (i + 1 < p->n && p->a[i + 1] <= alpha)
    i++;
  if (p->a[i] == alpha || i + 1 == p->n)
    return p->b[i];
  double t = (alpha - p->a[i]) / (p->a[i + 1] - p->a[i]);
  return p->b[i] + t * (p->b[i + 1] - p->b[i]);
}

typedef struct {
  double lr; /* likelihood ratio q/p of the outcome */
  double p, q;
} Outcome;

static int
outcome_cmp (const void *x, const void *y)
{
  double a = ((const Outcome *) x)->lr, b = ((const Outcome *) y)->lr;
  return (a < b) - (a > b); /* descending q/p: the most "D′-like" first */
}

/* Neyman–Pearson polygon of a finite pair given by its outcomes: the test says D′ on the
 * outcomes in order of decreasing q/p. */
static RefPoly
ref_np_polygon (Outcome *o, int n)
{
  qsort (o, (size_t) n, sizeof *o, outcome_cmp);
  RefPoly poly = { 0, g_new (double, n + 2), g_new (double, n + 2) };
  double a = 0.0, qa = 0.0;
  poly.a[poly.n] = 0.0;
  poly.b[poly.n++] = 1.0;
  for (int i = 0; i < n; i++)
    {
      a += o[i].p;
      qa += o[i].q;
      poly.a[poly.n] = a;
      poly.b[poly.n++] = 1.0 - qa;
    }
  return poly;
}

static void
ref_poly_free (RefPoly *p)
{
  g_free (p->a);
  g_free (p->b);
}

/* ---- helpers on the code under test ----------------------------------------------------- */

static double
curve_at (const DpTradeoff *t, double alpha)
{
  double b;
  assert_ok (dp_tradeoff_beta (t, alpha, &b));
  return b;
}

/* Symmetry f(f(α)) = α, convexity, monotonicity, f ≤ 1 − α and f ≥ 0 on a grid. The tolerances
 * are absolute. */
typedef double (*CurveFn) (double alpha, const void *data);

static void
check_shape (const char *label, CurveFn f, const void *data, double sym_tol, double convex_tol)
{
  const int n = 400;
  double prev = HUGE_VAL;
  double vals[401];
  for (int i = 0; i <= n; i++)
    {
      double a = (double) i / n;
      double b = f (a, data);
      vals[i] = b;
      g_assert_cmpfloat (b, >=, 0.0);
      g_assert_cmpfloat (b, <=, 1.0 - a + 1e-12);
      g_assert_cmpfloat (b, <=, prev + 1e-15);
      prev = b;
      /* symmetric: f(f(α)) = α wherever f(α) > 0 is resolved */
      if (b > 1e-9 && a > 1e-9)
        {
          double back = f (b, data);
          test_note_error (label, fabs (back - a));
          if (!(fabs (back - a) <= sym_tol))
            g_error ("%s: f(f(%g)) = %.17g (f = %.17g)", label, a, back, b);
        }
    }
  for (int i = 1; i < n; i++)
    {
      double second = vals[i - 1] - 2.0 * vals[i] + vals[i + 1];
      if (!(second >= -convex_tol))
        g_error ("%s: not convex at α = %g (second difference %g)", label, (double) i / n,
                 second);
    }
  /* log-spaced near 0, where the curves are steepest */
  for (int e = -12; e < 0; e++)
    {
      double a0 = pow (10.0, e), a1 = 2.0 * a0, a2 = 3.0 * a0;
      double second = f (a0, data) - 2.0 * f (a1, data) + f (a2, data);
      if (!(second >= -convex_tol))
        g_error ("%s: not convex near α = %g (%g)", label, a0, second);
    }
}

typedef struct {
  int which; /* 0 Gaussian, 1 Laplace, 2 RR, 3 region, 4 curve object */
  double param, delta;
  const DpTradeoff *curve;
  bool upper;
} ShapeData;

static double
shape_eval (double alpha, const void *data)
{
  const ShapeData *s = data;
  double b = NAN;
  switch (s->which)
    {
    case 0:
      assert_ok (dp_tradeoff_gaussian (s->param, alpha, &b));
      break;
    case 1:
      assert_ok (dp_tradeoff_laplace (s->param, alpha, &b));
      break;
    case 2:
      assert_ok (dp_tradeoff_rr (s->param, alpha, &b));
      break;
    case 3:
      assert_ok (dp_tradeoff_region (s->param, s->delta, alpha, &b));
      break;
    default:
      {
        double lo, hi;
        assert_ok (dp_tradeoff_curve (s->curve, &alpha, 1, &lo, &hi));
        b = s->upper ? hi : lo;
      }
    }
  return b;
}

/* ---- the (ε, δ) region -------------------------------------------------------------------- */

static void
test_region (void)
{
  const double eps[] = { 0.0, 0.01, 0.5, 1.0, 3.0, 20.0 };
  const double deltas[] = { 0.0, 1e-6, 0.05, 0.4 };
  for (size_t i = 0; i < G_N_ELEMENTS (eps); i++)
    for (size_t j = 0; j < G_N_ELEMENTS (deltas); j++)
      {
        for (int s = 0; s <= 50; s++)
          {
            double a = s / 50.0, b;
            assert_ok (dp_tradeoff_region (eps[i], deltas[j], a, &b));
            double want = ref_region (eps[i], deltas[j], a);
            g_assert_cmpfloat (fabs (b - want), <=, 1e-14);
          }
        /* the grid version agrees */
        double grid[51], out[51];
        for (int g = 0; g <= 50; g++)
          grid[g] = g / 50.0;
        assert_ok (dp_tradeoff_region_curve (eps[i], deltas[j], grid, 51, out));
        for (int g = 0; g <= 50; g++)
          g_assert_cmpfloat (fabs (out[g] - ref_region (eps[i], deltas[j], grid[g])), <=, 1e-14);
        /* The equal-error point of the boundary: α = β = (1 − δ)/(1 + e^ε). */
        double star = (1.0 - deltas[j]) / (1.0 + exp (eps[i])), b;
        assert_ok (dp_tradeoff_region (eps[i], deltas[j], star, &b));
        /* 1 − δ − e^ε α at its zero is only absolutely accurate (α carries 1e-16) */
        g_assert_cmpfloat (fabs (b - star), <=, 1e-14);
        ShapeData sd = { 3, eps[i], deltas[j], NULL, false };
        check_shape ("region symmetry", shape_eval, &sd, 1e-12, 1e-13);
      }
  /* Huge ε (kε₀ of a long composition) neither overflows nor loses the α = 0 value. */
  double b;
  assert_ok (dp_tradeoff_region (1e6, 0.25, 0.0, &b));
  g_assert_cmpfloat (b, ==, 0.75);
  assert_ok (dp_tradeoff_region (1e6, 0.25, 1e-300, &b));
  g_assert_cmpfloat (b, ==, 0.0);
  assert_ok (dp_tradeoff_region (800.0, 0.0, 1e-320, &b));
  g_assert_cmpfloat (b, >=, 0.0);
  g_assert_false (isnan (b));
  assert_domain (dp_tradeoff_region (-1.0, 0.0, 0.5, &b));
  assert_domain (dp_tradeoff_region (1.0, 1.5, 0.5, &b));
  assert_domain (dp_tradeoff_region (1.0, 0.0, NAN, &b));
  assert_domain (dp_tradeoff_region (HUGE_VAL, 0.0, 0.5, &b));
}

/* ---- one mechanism: closed forms against Neyman–Pearson tests by quadrature -------------- */

static void
test_gaussian_quadrature (void)
{
  const double sigmas[] = { 0.3, 1.0, 4.0 };
  for (size_t i = 0; i < G_N_ELEMENTS (sigmas); i++)
    {
      double sigma = sigmas[i], mu = 1.0 / sigma;
      for (double z = -6.0; z <= 8.0; z += 0.5)
        {
          double t = z * sigma, a, b, got;
          np_by_quadrature (DP_MECHANISM_GAUSSIAN, sigma, 1.0, t, &a, &b);
          assert_ok (dp_tradeoff_gaussian (mu, a, &got));
          /* relative where α is not near 1 (1 − α carries the rounding of α: β is only
           * absolutely accurate there) and β not tiny */
          if (b > 1e-10 && a < 0.99)
            assert_rel ("gaussian vs quadrature", got, b, 1e-8);
          else
            g_assert_cmpfloat (fabs (got - b), <=, 1e-13);
        }
      ShapeData sd = { 0, mu, 0, NULL, false };
      check_shape ("gaussian symmetry", shape_eval, &sd, 1e-9, 1e-12);
    }
  double b;
  assert_ok (dp_tradeoff_gaussian (0.0, 0.3, &b));
  assert_rel ("gaussian mu 0", b, 0.7, 1e-15);
  assert_ok (dp_tradeoff_gaussian (1e6, 1e-300, &b));
  g_assert_cmpfloat (b, ==, 0.0);
  assert_domain (dp_tradeoff_gaussian (-1.0, 0.3, &b));
}

static void
test_laplace_quadrature (void)
{
  const double eps[] = { 0.05, 1.0, 4.0 };
  for (size_t i = 0; i < G_N_ELEMENTS (eps); i++)
    {
      double b_scale = 1.0 / eps[i];
      /* thresholds on all three pieces: below 0, inside [0, Δ], beyond Δ */
      for (double u = -4.0; u <= 5.0; u += 0.25)
        {
          double t = u * MAX (b_scale, 1.0), a, b, got;
          np_by_quadrature (DP_MECHANISM_LAPLACE, b_scale, 1.0, t, &a, &b);
          assert_ok (dp_tradeoff_laplace (eps[i], a, &got));
          if (b > 1e-10 && a < 0.99)
            assert_rel ("laplace vs quadrature", got, b, 1e-9);
          else
            g_assert_cmpfloat (fabs (got - b), <=, 1e-13);
        }
      ShapeData sd = { 1, eps[i], 0, NULL, false };
      check_shape ("laplace symmetry", shape_eval, &sd, 1e-12, 1e-12);
    }
}

/* Tests that are not likelihood-ratio tests ("say D′ when y is in a window") never beat the
 * curve: by quadrature, β ≥ f(α). */
static void
test_other_tests_do_worse (void)
{
  for (int kind = 0; kind < 2; kind++)
    {
      int mk = kind == 0 ? DP_MECHANISM_LAPLACE : DP_MECHANISM_GAUSSIAN;
      double scale = 0.8;
      for (double lo = -2.0; lo <= 2.0; lo += 0.5)
        for (double w = 0.25; w <= 3.0; w += 0.75)
          {
            double a = mass (mk, scale, 0.0, 1.0, lo, lo + w);
            double b = 1.0 - mass (mk, scale, 1.0, 1.0, lo, lo + w);
            double f;
            if (mk == DP_MECHANISM_LAPLACE)
              assert_ok (dp_tradeoff_laplace (1.0 / scale, a, &f));
            else
              assert_ok (dp_tradeoff_gaussian (1.0 / scale, a, &f));
            g_assert_cmpfloat (b, >=, f - 1e-12);
          }
    }
}

/* Randomized response: the best test at each α over all tests φ = (φ(0), φ(1)) on a fine grid
 * is the polygon (0,1)–(1−p,1−p)–(1,0); the curve equals f_{ε,0}. */
static void
test_rr_all_tests (void)
{
  const double eps[] = { 0.1, log (2.0), 2.5 };
  for (size_t i = 0; i < G_N_ELEMENTS (eps); i++)
    {
      double p = exp (eps[i]) / (1.0 + exp (eps[i]));
      const int g = 400;
      for (int ia = 0; ia <= 20; ia++)
        {
          double target = ia / 20.0, best = 1.0;
          for (int u = 0; u <= g; u++)
            for (int v = 0; v <= g; v++)
              {
                double phi0 = (double) u / g, phi1 = (double) v / g;
                double a = p * phi0 + (1.0 - p) * phi1;          /* P says 0 w.p. p */
                double b = 1.0 - ((1.0 - p) * phi0 + p * phi1);  /* Q says 1 w.p. p */
                if (a <= target + 1e-15 && b < best)
                  best = b;
              }
          double got;
          assert_ok (dp_tradeoff_rr (eps[i], target, &got));
          g_assert_cmpfloat (got, <=, best + 1e-12);          /* reached (within the grid) */
          g_assert_cmpfloat (best - got, <=, 2.0 / g);       /* and nothing is better */
          assert_rel ("rr = f_eps,0", got, ref_region (eps[i], 0.0, target), 1e-12);
        }
      ShapeData sd = { 2, eps[i], 0, NULL, false };
      check_shape ("rr symmetry", shape_eval, &sd, 1e-12, 1e-13);
    }
}

/* Each curve lies inside its (ε, δ) regions: Laplace and RR inside the ε-DP region; the
 * Gaussian inside f_{ε,δ(ε)} for every ε, and (Props. 2.12–2.13) their supremum over ε is the
 * curve itself. */
static void
test_inside_regions (void)
{
  for (double eps = 0.1; eps <= 4.0; eps *= 2.0)
    for (int s = 0; s <= 200; s++)
      {
        double a = s / 200.0, f, r = ref_region (eps, 0.0, a);
        assert_ok (dp_tradeoff_laplace (eps, a, &f));
        g_assert_cmpfloat (f, >=, r - 1e-14);
        assert_ok (dp_tradeoff_rr (eps, a, &f));
        g_assert_cmpfloat (f, >=, r - 1e-14);
      }
  const double mus[] = { 0.3, 1.0, 2.5 };
  for (size_t i = 0; i < G_N_ELEMENTS (mus); i++)
    {
      double mu = mus[i];
      for (int s = 1; s < 50; s++)
        {
          double a = s / 50.0, f, sup = 0.0;
          assert_ok (dp_tradeoff_gaussian (mu, a, &f));
          for (double eps = 0.0; eps <= 12.0; eps += 0.002)
            {
              /* δ(ε) of the Gaussian pair (Balle & Wang 2018, Thm 8) */
              double d = ref_Phi (mu / 2 - eps / mu) - exp (eps) * ref_Phi (-mu / 2 - eps / mu);
              double r = ref_region (eps, MAX (d, 0.0), a);
              g_assert_cmpfloat (f, >=, r - 1e-12);
              sup = MAX (sup, r);
            }
          /* the grid of ε touches the curve to second order in its step */
          g_assert_cmpfloat (f - sup, <=, 1e-4);
        }
    }
}

/* ---- threshold tests ---------------------------------------------------------------------- */

static void
test_threshold_tests (void)
{
  DpMechanism lap, gau, rr;
  assert_ok (dp_mechanism_laplace (0.7, 2.0, &lap));
  assert_ok (dp_mechanism_gaussian (1.5, 2.0, &gau));
  assert_ok (dp_mechanism_rr (1.2, &rr));

  /* Laplace and Gaussian at k = 1 against quadrature, and the inverse. */
  for (double t = -3.0; t <= 5.0; t += 0.5)
    {
      const DpMechanism *ms[2] = { &lap, &gau };
      for (int i = 0; i < 2; i++)
        {
          DpTest test = { t, 0.0 }, back;
          double a, b, qa, qb;
          assert_ok (dp_test_errors (ms[i], 1, &test, &a, &b));
          np_by_quadrature (ms[i]->kind, ms[i]->scale, ms[i]->sensitivity, t, &qa, &qb);
          assert_rel ("test alpha", a, qa, 1e-9);
          assert_rel ("test beta", b, qb, 1e-9);
          assert_ok (dp_test_for_alpha (ms[i], 1, a, &back));
          assert_rel ("test inverse", back.threshold, t, 1e-9);
          /* on the curve */
          double f;
          if (i == 0)
            assert_ok (dp_tradeoff_laplace (0.7, a, &f));
          else
            assert_ok (dp_tradeoff_gaussian (2.0 / 1.5, a, &f));
          assert_rel ("test on the curve", f, b, 1e-9);
        }
    }

  /* Gaussian, k = 9: the mean of 9 outputs is N(c, σ²/9); quadrature of that density. */
  for (double t = -1.0; t <= 3.0; t += 0.5)
    {
      DpTest test = { t, 0.0 };
      double a, b, qa, qb;
      assert_ok (dp_test_errors (&gau, 9, &test, &a, &b));
      np_by_quadrature (DP_MECHANISM_GAUSSIAN, 0.5, 2.0, t, &qa, &qb);
      assert_rel ("gaussian k=9 alpha", a, qa, 1e-9);
      assert_rel ("gaussian k=9 beta", b, qb, 1e-9);
    }

  /* Randomized response, k = 1: the deterministic tests and the randomised ones between. */
  {
    double p = 1.0 / (1.0 + exp (-1.2)), a, b;
    DpTest on_one = { 0.5, 0.0 }, at_one = { 1.0, 1.0 }, half = { 1.0, 0.5 };
    assert_ok (dp_test_errors (&rr, 1, &on_one, &a, &b));
    assert_rel ("rr test a", a, 1.0 - p, 1e-14);
    assert_rel ("rr test b", b, 1.0 - p, 1e-14);
    assert_ok (dp_test_errors (&rr, 1, &at_one, &a, &b)); /* "y ≥ 1" is the same test */
    assert_rel ("rr test a", a, 1.0 - p, 1e-14);
    assert_ok (dp_test_errors (&rr, 1, &half, &a, &b));   /* on y = 1 with probability ½ */
    assert_rel ("rr test a", a, 0.5 * (1.0 - p), 1e-14);
    assert_rel ("rr test b", b, 1.0 - 0.5 * p, 1e-14);
    for (int s = 0; s <= 20; s++)
      {
        DpTest test;
        double target = s / 20.0, f;
        assert_ok (dp_test_for_alpha (&rr, 1, target, &test));
        assert_ok (dp_test_errors (&rr, 1, &test, &a, &b));
        g_assert_cmpfloat (fabs (a - target), <=, 1e-12);
        assert_ok (dp_tradeoff_rr (1.2, a, &f));
        g_assert_cmpfloat (fabs (b - f), <=, 1e-12); /* randomised tests reach the segments */
      }
  }

  /* Randomized response, k = 7: counts enumerated over all 2^7 outputs. */
  {
    const unsigned long k = 7;
    double p = 1.0 / (1.0 + exp (-1.2));
    for (unsigned long j = 0; j <= k + 1; j++)
      {
        double a_ref = 0, qa_ref = 0;
        for (unsigned mask = 0; mask < (1u << k); mask++)
          {
            int ones = __builtin_popcount (mask);
            double pp = pow (1.0 - p, ones) * pow (p, (double) k - ones); /* D: truth 0 */
            double qq = pow (p, ones) * pow (1.0 - p, (double) k - ones);
            if ((unsigned long) ones >= j)
              {
                a_ref += pp;
                qa_ref += qq;
              }
          }
        DpTest test = { (double) j / k, 1.0 };
        double a, b;
        assert_ok (dp_test_errors (&rr, k, &test, &a, &b));
        g_assert_cmpfloat (fabs (a - a_ref), <=, 1e-13);
        g_assert_cmpfloat (fabs (b - (1.0 - qa_ref)), <=, 1e-13);
      }
  }
  DpTest test = { 0.5, 0.0 };
  double a, b;
  assert_domain (dp_test_errors (&lap, 2, &test, &a, &b)); /* no closed form */
  test.gamma = 2.0;
  assert_domain (dp_test_errors (&gau, 1, &test, &a, &b));
}

/* ---- compositions ------------------------------------------------------------------------- */

static DpTradeoff *
new_curve (const DpMechanism *m, unsigned long k, bool bounds, size_t points)
{
  DpTradeoffOptions o = { points, bounds };
  DpTradeoff *t = NULL;
  assert_ok (dp_tradeoff_new (m, k, &o, NULL, &t));
  return t;
}

/* Gaussian: the sum of two outputs by numerical convolution (nested quadrature), then the
 * Neyman–Pearson test on the sum: the curve is G_{μ√2}. */
typedef struct {
  double sigma, centre, s;
} ConvData;

static double
conv_inner (double y, void *data)
{
  const ConvData *c = data;
  double z1 = (y - c->centre) / c->sigma, z2 = (c->s - y - c->centre) / c->sigma;
  return TEST_INV_SQRT_2PI * TEST_INV_SQRT_2PI * exp (-0.5 * (z1 * z1 + z2 * z2))
         / (c->sigma * c->sigma);
}

static double
conv_density (double s, void *data)
{
  ConvData c = *(const ConvData *) data;
  c.s = s;
  double mid = s / 2.0;
  return test_integrate (conv_inner, &c, mid - 12.0 * c.sigma, mid + 12.0 * c.sigma, 1e-12);
}

static void
test_gaussian_composition (void)
{
  double sigma = 1.3, delta_sens = 1.0;
  DpMechanism m;
  assert_ok (dp_mechanism_gaussian (sigma, delta_sens, &m));
  DpTradeoff *t2 = new_curve (&m, 2, false, 0);
  g_assert_cmpint (dp_tradeoff_get_method (t2), ==, DP_TRADEOFF_CLOSED_FORM);
  for (double t = -2.0; t <= 5.0; t += 0.5)
    {
      ConvData p = { sigma, 0.0, 0 }, q = { sigma, delta_sens, 0 };
      double a = test_integrate (conv_density, &p, t, t + 40.0 * sigma, 1e-10);
      double b = test_integrate (conv_density, &q, t - 40.0 * sigma, t, 1e-10);
      assert_rel ("gaussian k=2 vs convolution", curve_at (t2, a), b, 1e-7);
    }
  dp_tradeoff_free (t2);
  /* k = 25 is G_{5μ}: against the closed form written out here */
  DpTradeoff *t25 = new_curve (&m, 25, false, 0);
  for (int s = 1; s < 100; s++)
    {
      double a = s / 100.0;
      double want = ref_Phi (-gsl_cdf_ugaussian_Pinv (a) - 5.0 / sigma);
      assert_rel ("gaussian k=25", curve_at (t25, a), want, 1e-10);
    }
  double v;
  assert_ok (dp_tradeoff_min_error_sum (t25, &v));
  assert_rel ("gaussian min sum", v, 2.0 * ref_Phi (-2.5 / sigma), 1e-12);
  assert_ok (dp_tradeoff_equal_error (t25, &v));
  assert_rel ("gaussian eer", curve_at (t25, v), v, 1e-10);
  dp_tradeoff_free (t25);
}

/* Randomized response composed k times, against all 2^k outputs sorted by likelihood ratio. */
static void
test_rr_composition (void)
{
  const double eps[] = { 0.3, 1.0, 2.2 };
  const unsigned long ks[] = { 1, 2, 5, 10 };
  for (size_t i = 0; i < G_N_ELEMENTS (eps); i++)
    for (size_t j = 0; j < G_N_ELEMENTS (ks); j++)
      {
        unsigned long k = ks[j];
        double p = exp (eps[i]) / (1.0 + exp (eps[i]));
        int n = 1 << k;
        Outcome *o = g_new (Outcome, n);
        for (int mask = 0; mask < n; mask++)
          {
            int ones = __builtin_popcount ((unsigned) mask);
            o[mask].p = pow (1.0 - p, ones) * pow (p, (double) k - ones);
            o[mask].q = pow (p, ones) * pow (1.0 - p, (double) k - ones);
            o[mask].lr = o[mask].q / o[mask].p;
          }
        RefPoly ref = ref_np_polygon (o, n);
        DpMechanism m;
        assert_ok (dp_mechanism_rr (eps[i], &m));
        DpTradeoff *t = new_curve (&m, k, false, 0);
        g_assert_cmpint (dp_tradeoff_get_method (t), ==, DP_TRADEOFF_BINOMIAL);
        for (int s = 0; s <= 200; s++)
          {
            double a = s / 200.0;
            g_assert_cmpfloat (fabs (curve_at (t, a) - ref_poly_eval (&ref, a)), <=, 1e-13);
          }
        /* min α + β = 1 − TV, with TV = Σ max(0, q − p) over the outputs */
        double tv = 0, v;
        for (int mask = 0; mask < n; mask++)
          tv += MAX (0.0, o[mask].q - o[mask].p);
        assert_ok (dp_tradeoff_min_error_sum (t, &v));
        g_assert_cmpfloat (fabs (v - (1.0 - tv)), <=, 1e-13);
        ShapeData sd = { 4, 0, 0, t, false };
        check_shape ("rr-k symmetry", shape_eval, &sd, 1e-12, 1e-13);
        /* inside the (kε, 0) region */
        for (int s = 0; s <= 100; s++)
          g_assert_cmpfloat (curve_at (t, s / 100.0), >=,
                             ref_region (k * eps[i], 0.0, s / 100.0) - 1e-14);
        dp_tradeoff_free (t);
        ref_poly_free (&ref);
        g_free (o);
      }
  /* Large k: the curve is a valid trade-off function and lies inside the advanced
   * composition region (Dwork & Roth Thm 3.20) at δ′ = 1e-6. */
  DpMechanism m;
  assert_ok (dp_mechanism_rr (0.05, &m));
  DpTradeoff *t = new_curve (&m, 10000, false, 0);
  ShapeData sd = { 4, 0, 0, t, false };
  check_shape ("rr-10000 symmetry", shape_eval, &sd, 1e-11, 1e-12);
  double e_adv = sqrt (2 * 10000 * log (1e6)) * 0.05 + 10000 * 0.05 * expm1 (0.05);
  for (int s = 0; s <= 100; s++)
    g_assert_cmpfloat (curve_at (t, s / 100.0), >=, ref_region (e_adv, 1e-6, s / 100.0) - 1e-13);
  dp_tradeoff_free (t);
}

/* The optimal composition of generic (ε₀, δ₀)-DP mechanisms: the k-fold product of the
 * four-output pair of f_{ε₀,δ₀} (outputs "P only" δ₀, the two RR answers, "Q only" δ₀),
 * enumerated over all 4^k outputs. */
static void
test_generic_composition (void)
{
  const double eps0 = 0.7, delta0 = 0.02;
  for (unsigned long k = 1; k <= 5; k++)
    {
      double p = exp (eps0) / (1.0 + exp (eps0));
      double pp[4] = { delta0, (1 - delta0) * p, (1 - delta0) * (1 - p), 0.0 };
      double qq[4] = { 0.0, (1 - delta0) * (1 - p), (1 - delta0) * p, delta0 };
      int n = 1;
      for (unsigned long i = 0; i < k; i++)
        n *= 4;
      Outcome *o = g_new (Outcome, n);
      int m = 0;
      for (int code = 0; code < n; code++)
        {
          double a = 1.0, b = 1.0;
          for (int c = code, i = 0; i < (int) k; i++, c /= 4)
            {
              a *= pp[c % 4];
              b *= qq[c % 4];
            }
          if (a == 0.0 && b == 0.0)
            continue;
          o[m].p = a;
          o[m].q = b;
          o[m].lr = a > 0.0 ? b / a : HUGE_VAL;
          m++;
        }
      RefPoly ref = ref_np_polygon (o, m);
      DpTradeoff *t = NULL;
      assert_ok (dp_tradeoff_new_generic (eps0, delta0, k, NULL, &t));
      for (int s = 0; s <= 200; s++)
        {
          double a = s / 200.0;
          g_assert_cmpfloat (fabs (curve_at (t, a) - ref_poly_eval (&ref, a)), <=, 1e-13);
          if (k == 1)
            g_assert_cmpfloat (fabs (curve_at (t, a) - ref_region (eps0, delta0, a)), <=, 1e-13);
          /* inside the (kε₀, kδ₀) region of basic composition (Thm 3.16) */
          g_assert_cmpfloat (curve_at (t, a), >=,
                             ref_region (k * eps0, MIN (1.0, k * delta0), a) - 1e-13);
        }
      dp_tradeoff_free (t);
      ref_poly_free (&ref);
      g_free (o);
    }
}

/* Laplace, k = 2 and 3: the distribution of the summed privacy loss by numerical convolution.
 * Under P one loss has atoms ½ at ε, ½e^{−ε} at −ε and density ¼e^{(u−ε)/2} on (−ε, ε). */
typedef struct {
  double eps, tau;
  int k;
} LossCdf;

static double loss_cdf (double eps, int k, double tau);

static double
loss_cdf_integrand (double u, void *data)
{
  const LossCdf *c = data;
  return 0.25 * exp ((u - c->eps) / 2.0) * loss_cdf (c->eps, c->k, c->tau - u);
}

/* P(L_1 + … + L_k ≤ τ) */
static double
loss_cdf (double eps, int k, double tau)
{
  if (k == 0)
    return tau >= 0.0 ? 1.0 : 0.0;
  if (k == 1)
    return tau < -eps ? 0.0 : tau >= eps ? 1.0 : 0.5 * exp ((tau - eps) / 2.0);
  LossCdf c = { eps, tau, k - 1 };
  double atoms = 0.5 * loss_cdf (eps, k - 1, tau - eps)
                 + 0.5 * exp (-eps) * loss_cdf (eps, k - 1, tau + eps);
  /* the inner CDF jumps where τ − u is a sum of atoms: split there */
  double cuts[12];
  int n = 0;
  cuts[n++] = -eps;
  for (int j = -(k - 1); j <= k - 1; j += 2)
    {
      double u = tau - j * eps;
      if (u > -eps && u < eps)
        cuts[n++] = u;
    }
  cuts[n++] = eps;
  qsort (cuts, (size_t) n, sizeof (double), test_cmp_double);
  double sum = 0.0;
  for (int i = 0; i + 1 < n; i++)
    if (cuts[i + 1] > cuts[i])
      sum += test_integrate (loss_cdf_integrand, &c, cuts[i], cuts[i + 1], 1e-11);
  return atoms + sum;
}

static void
test_laplace_composition_small (void)
{
  const double eps[] = { 0.4, 1.5 };
  for (size_t i = 0; i < G_N_ELEMENTS (eps); i++)
    for (int k = 2; k <= 3; k++)
      {
        DpMechanism m;
        assert_ok (dp_mechanism_laplace (eps[i], 1.0, &m));
        DpTradeoff *t = new_curve (&m, (unsigned long) k, true, (size_t) 1 << 15);
        g_assert_cmpint (dp_tradeoff_get_method (t), ==, DP_TRADEOFF_PLD);
        double gap;
        assert_ok (dp_tradeoff_gap (t, &gap));
        g_assert_cmpfloat (gap, <, 1e-6);
        /* thresholds τ between the atoms of the sum: (α, β) = (P(L ≤ τ), P(L < −τ)) is a
         * Neyman–Pearson test, a point of the true curve, which lies between the two curves */
        for (double r = -0.95; r <= 0.95; r += 0.1)
          {
            double tau = r * k * eps[i] + 1e-3;
            double a = loss_cdf (eps[i], k, tau);
            double b = loss_cdf (eps[i], k, -tau - 1e-12);
            if (a < 1e-9 || b < 1e-9)
              continue;
            double lo, hi;
            assert_ok (dp_tradeoff_curve (t, &a, 1, &lo, &hi));
            g_assert_cmpfloat (lo, <=, b + 1e-9);
            g_assert_cmpfloat (hi, >=, b - 1e-9);
            test_note_error ("laplace k<=3 vs convolution", fabs (lo - b));
            g_assert_cmpfloat (fabs (lo - b), <=, 1e-6);
          }
        ShapeData sd = { 4, 0, 0, t, false };
        check_shape ("laplace-k lower symmetry", shape_eval, &sd, 1e-9, 1e-12);
        sd.upper = true;
        check_shape ("laplace-k upper symmetry", shape_eval, &sd, 1e-9, 1e-12);
        dp_tradeoff_free (t);
      }
}

/* Laplace at larger k against the privacy profile of pld-truth.h (an inversion integral,
 * independent of the FFT). The duality of Dong, Roth & Su 2022 (Prop. 2.12) gives a curve's
 * own profile, δ(ε) = 1 + f*(−e^ε) = 1 − min_α (f(α) + e^ε α): the lower curve's profile must
 * lie on or above the true δ(ε) and the upper curve's on or below it. */
static double
profile_of_curve (const DpTradeoff *t, bool upper, double eps)
{
  /* min over α of f(α) + e^ε α, on a log-spaced grid and then around its best point */
  const int n = 4000;
  double best = HUGE_VAL, best_a = 0.0, ee = exp (eps);
  for (int i = 0; i <= n; i++)
    {
      double a = i == 0 ? 0.0 : pow (10.0, -14.0 + 14.0 * i / n), lo, hi;
      assert_ok (dp_tradeoff_curve (t, &a, 1, &lo, &hi));
      double v = (upper ? hi : lo) + ee * a;
      if (v < best)
        {
          best = v;
          best_a = a;
        }
    }
  double from = best_a * pow (10.0, -14.0 / n), to = MIN (1.0, best_a * pow (10.0, 14.0 / n));
  for (int i = 0; i <= 2000; i++)
    {
      double a = from + (to - from) * i / 2000.0, lo, hi;
      assert_ok (dp_tradeoff_curve (t, &a, 1, &lo, &hi));
      best = MIN (best, (upper ? hi : lo) + ee * a);
    }
  return 1.0 - best;
}

static void
test_laplace_composition_profile (void)
{
  struct {
    double eps;
    int k;
  } cases[] = { { 0.5, 10 }, { 0.1, 100 }, { 0.02, 2000 } };
  for (size_t c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      double e0 = cases[c].eps;
      int k = cases[c].k;
      DpMechanism m;
      assert_ok (dp_mechanism_laplace (e0, 1.0, &m));
      DpTradeoff *t = new_curve (&m, (unsigned long) k, true, 0);
      double gap;
      assert_ok (dp_tradeoff_gap (t, &gap));
      g_assert_cmpfloat (gap, <, 1e-4);
      double sd = sqrt ((double) k) * e0;
      for (int i = 0; i < 6; i++)
        {
          double eps = 0.6 * sd * i;
          double truth = truth_delta_inversion (e0, k, eps);
          double d_lo = profile_of_curve (t, false, eps);
          double d_hi = profile_of_curve (t, true, eps);
          printf ("# k = %d, ε₀ = %g, ε = %.3f: δ %.6e, lower curve %.6e, upper curve %.6e\n",
                  k, e0, eps, truth, d_lo, d_hi);
          g_assert_cmpfloat (d_lo, >=, truth * (1.0 - 1e-7) - 1e-12);
          g_assert_cmpfloat (d_hi, <=, truth * (1.0 + 1e-7) + 1e-12);
          test_note_error ("laplace-k profile vs truth", fabs (d_lo - truth) / truth);
          g_assert_cmpfloat (fabs (d_lo - truth), <=, 1e-3 * truth + 1e-12);
        }
      /* inside the ε-DP region of kε₀ and the advanced composition region (δ′ = 1e-6) */
      double e_adv = sqrt (2.0 * k * log (1e6)) * e0 + k * e0 * expm1 (e0);
      for (int s = 0; s <= 100; s++)
        {
          double a = s / 100.0, f = curve_at (t, a);
          g_assert_cmpfloat (f, >=, ref_region (k * e0, 0.0, a) - 1e-12);
          g_assert_cmpfloat (f, >=, ref_region (e_adv, 1e-6, a) - 1e-12);
        }
      ShapeData sd_shape = { 4, 0, 0, t, false };
      check_shape ("laplace-k profile symmetry", shape_eval, &sd_shape, 1e-6, 1e-10);
      dp_tradeoff_free (t);
    }
}

/* The lattice resolution: a larger budget never widens the gap between the two curves, and
 * the gap shrinks like 1/n². Also cancellation. */
static void
test_laplace_resolution (void)
{
  DpMechanism m;
  assert_ok (dp_mechanism_laplace (0.05, 1.0, &m));
  double prev = HUGE_VAL;
  size_t prev_cells = 0;
  for (size_t points = (size_t) 1 << 12; points <= ((size_t) 1 << 16); points <<= 2)
    {
      DpTradeoff *t = new_curve (&m, 400, true, points);
      double gap;
      assert_ok (dp_tradeoff_gap (t, &gap));
      size_t cells = dp_tradeoff_get_cells (t);
      g_assert_cmpuint (cells, >, prev_cells);
      g_assert_cmpfloat (gap, <, prev);
      if (prev_cells > 0)
        {
          /* 1/n²: cells grow about 4×, the gap should fall by well over 4× */
          double ratio = prev / gap;
          g_assert_cmpfloat (ratio, >, 4.0);
        }
      printf ("# k = 400, ε = 0.05: %zu cells, gap %.3g\n", cells, gap);
      prev = gap;
      prev_cells = cells;
      dp_tradeoff_free (t);
    }
  DpCancel cancel;
  dp_cancel_init (&cancel);
  dp_cancel_set (&cancel);
  DpTradeoff *t = NULL;
  g_assert_cmpint (dp_tradeoff_new (&m, 400, NULL, &cancel, &t), ==, DP_ERR_CANCELLED);
  g_assert_null (t);
}

/* min α + β = 1 − TV and the equal-error point, against the divergence module's TV. */
static void
test_min_sum_and_eer (void)
{
  DpMechanism m;
  assert_ok (dp_mechanism_laplace (1.3, 1.0, &m));
  DpTradeoff *t = new_curve (&m, 1, false, 0);
  double v, tv;
  assert_ok (dp_tradeoff_min_error_sum (t, &v));
  assert_rel ("laplace min sum", v, exp (-1.3 / 2.0), 1e-14); /* 1 − (1 − e^{−ε/2}) */
  assert_ok (dp_total_variation (&m, &tv));
  assert_rel ("laplace min sum = 1 - TV", v, 1.0 - tv, 1e-12);
  assert_ok (dp_tradeoff_equal_error (t, &v));
  assert_rel ("laplace eer", curve_at (t, v), v, 1e-14);
  /* α + f(α) is never below the minimum */
  double mn = HUGE_VAL;
  for (int s = 0; s <= 10000; s++)
    mn = MIN (mn, s / 10000.0 + curve_at (t, s / 10000.0));
  g_assert_cmpfloat (mn, >=, exp (-0.65) - 1e-14);
  g_assert_cmpfloat (mn - exp (-0.65), <=, 1e-7);
  dp_tradeoff_free (t);

  /* composed Laplace: min α + β = 1 − δ(0) with δ from pld-truth.h */
  assert_ok (dp_mechanism_laplace (0.3, 1.0, &m));
  t = new_curve (&m, 20, false, 0);
  assert_ok (dp_tradeoff_min_error_sum (t, &v));
  assert_rel ("laplace-20 min sum", v, 1.0 - truth_delta_inversion (0.3, 20, 0.0), 1e-6);
  assert_ok (dp_tradeoff_equal_error (t, &v));
  g_assert_cmpfloat (fabs (curve_at (t, v) - v), <=, 1e-12);
  dp_tradeoff_free (t);
}

/* ---- posterior odds ----------------------------------------------------------------------- */

static void
test_posterior (void)
{
  const double priors[] = { 0.01, 0.3, 0.5, 0.99 };
  for (size_t i = 0; i < G_N_ELEMENTS (priors); i++)
    {
      double pi = priors[i], odds = pi / (1.0 - pi), post;
      /* pure: odds × e^ε */
      assert_ok (dp_posterior_bound_pure (pi, 1.0, &post));
      assert_rel ("posterior pure", post / (1.0 - post), odds * exp (1.0), 1e-12);
      /* randomized response reaches it: the test "say in on answer 1" */
      DpMechanism rr;
      assert_ok (dp_mechanism_rr (1.0, &rr));
      double p = 1.0 / (1.0 + exp (-1.0)), reached;
      assert_ok (dp_posterior_of_test (pi, 1.0 - p, 1.0 - p, &reached));
      assert_rel ("rr reaches the pure bound", reached, post, 1e-12);
      /* Bayes' rule written out for a test */
      assert_ok (dp_posterior_of_test (pi, 0.1, 0.3, &reached));
      assert_rel ("posterior of a test", reached, pi * 0.7 / (pi * 0.7 + (1 - pi) * 0.1), 1e-14);
      /* with δ: odds × (e^ε + δ/α), and any (ε, δ)-DP test stays below it */
      double bound;
      assert_ok (dp_posterior_bound_test (pi, 1.0, 1e-3, 0.01, &bound));
      assert_rel ("posterior with delta", bound / (1.0 - bound), odds * (exp (1.0) + 0.1), 1e-12);
      DpMechanism g;
      assert_ok (dp_mechanism_gaussian_calibrated (1.0, 1e-3, 1.0, &g));
      for (double a = 1e-6; a < 0.5; a *= 3.0)
        {
          double f, pg;
          assert_ok (dp_tradeoff_gaussian (dp_mechanism_gaussian_mu (&g), a, &f));
          assert_ok (dp_posterior_of_test (pi, a, f, &pg));
          assert_ok (dp_posterior_bound_test (pi, 1.0, 1e-3, a, &bound));
          g_assert_cmpfloat (pg, <=, bound * (1 + 1e-12));
        }
      /* the most revealing outputs: Laplace k = 3 → odds × e^{3ε}; Gaussian → 1 */
      DpMechanism lap;
      assert_ok (dp_mechanism_laplace (0.5, 1.0, &lap));
      assert_ok (dp_posterior_max (&lap, 3, pi, &post));
      assert_rel ("posterior max laplace", post / (1.0 - post), odds * exp (1.5), 1e-12);
      assert_ok (dp_posterior_max (&g, 3, pi, &post));
      g_assert_cmpfloat (post, ==, 1.0);
    }
  double post;
  /* no overflow: ε = 700, k = 10⁷ */
  DpMechanism big;
  assert_ok (dp_mechanism_laplace (700.0, 1.0, &big));
  assert_ok (dp_posterior_max (&big, 10000000, 0.5, &post));
  g_assert_cmpfloat (post, ==, 1.0);
  assert_ok (dp_posterior_bound_pure (0.001, 0.0, &post));
  assert_rel ("posterior eps 0", post, 0.001, 1e-14);
  assert_domain (dp_posterior_bound_pure (0.0, 1.0, &post));
  assert_domain (dp_posterior_bound_pure (1.0, 1.0, &post));
  assert_domain (dp_posterior_of_test (0.5, 0.0, 1.0, &post));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tradeoff/region", test_region);
  g_test_add_func ("/tradeoff/gaussian-quadrature", test_gaussian_quadrature);
  g_test_add_func ("/tradeoff/laplace-quadrature", test_laplace_quadrature);
  g_test_add_func ("/tradeoff/other-tests-do-worse", test_other_tests_do_worse);
  g_test_add_func ("/tradeoff/rr-all-tests", test_rr_all_tests);
  g_test_add_func ("/tradeoff/inside-regions", test_inside_regions);
  g_test_add_func ("/tradeoff/threshold-tests", test_threshold_tests);
  g_test_add_func ("/tradeoff/gaussian-composition", test_gaussian_composition);
  g_test_add_func ("/tradeoff/rr-composition", test_rr_composition);
  g_test_add_func ("/tradeoff/generic-composition", test_generic_composition);
  g_test_add_func ("/tradeoff/laplace-composition-small", test_laplace_composition_small);
  g_test_add_func ("/tradeoff/laplace-composition-profile", test_laplace_composition_profile);
  g_test_add_func ("/tradeoff/laplace-resolution", test_laplace_resolution);
  g_test_add_func ("/tradeoff/min-sum-eer", test_min_sum_and_eer);
  g_test_add_func ("/tradeoff/posterior", test_posterior);
  int r = g_test_run ();
  test_print_errors ();
  return r;
}
