/* test-loss.c — the privacy loss as a random variable: variance, cumulant generating function,
 * the exact tail and the bins of the k-fold sum
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected values: GSL quadrature of the output densities (written out in test-util.h), the
 * law of the Laplace loss derived here from L(y) = (|y−Δ| − |y|)/b, binomial sums in long
 * double, the normal tail from libm's erfc, a second discretization that brackets the Laplace
 * sum from below and above (every continuous cell's mass moved to its lower or its upper end,
 * composed by direct convolution), importance sampling, Chernoff's and Hoeffding's bounds, and
 * Azuma's inequality (Dwork & Roth Lemma 3.19) itself. GSL's error handler stays on.
 */
#include <string.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "test-util.h"

/* ---- the law of one Laplace loss under P, derived here ----
 * Y ~ Lap(0, b), b = Δ/ε, L(y) = (|y−Δ| − |y|)/b: L = ε for y ≤ 0 (mass ½), L = −ε for y ≥ Δ
 * (mass ½e^{−ε}), and L = ε − 2y/b in between, where y = b(ε − t)/2 maps the density
 * e^{−y/b}/(2b) to ¼e^{(t−ε)/2} on (−ε, ε). */

static double
lap_cont_above (double eps, double x)
{
  /* ∫_{max(x,−ε)}^{ε} ¼e^{(s−ε)/2} ds */
  if (x >= eps)
    return 0.0;
  if (x < -eps)
    x = -eps;
  return 0.5 * -expm1 (0.5 * (x - eps));
}

/* ---- variance ---- */

typedef struct {
  TestPair pair;
  double mean;
} VarData;

/* E[L] = KL = ∫ p·(e^{−L} − 1 + L) (∫ p e^{−L} = ∫ q = 1): a non-negative integrand */
static double
loss_integrand (double y, void *data)
{
  VarData *v = data;
  long double l = test_loss (&v->pair, y);
  return exp (test_log_p (&v->pair, y, 0.0)) * (double) (expm1l (-l) + l);
}

static double
var_integrand (double y, void *data)
{
  VarData *v = data;
  double d = test_loss (&v->pair, y) - v->mean;
  return exp (test_log_p (&v->pair, y, 0.0)) * d * d;
}

static void
test_variance (void)
{
  const double eps[] = { 1e-3, 0.05, 0.5, 1.0, 3.0, 10.0, 40.0 };
  const double sens[] = { 1e-3, 1.0, 1e3 };
  for (guint i = 0; i < G_N_ELEMENTS (eps); i++)
    for (guint j = 0; j < G_N_ELEMENTS (sens); j++)
      for (int kind = 0; kind < 2; kind++)
        {
          DpMechanism m;
          if (kind == 0)
            assert_ok (dp_mechanism_laplace (eps[i], sens[j], &m));
          else if (eps[i] <= 10.0)
            assert_ok (dp_mechanism_gaussian (sens[j] / eps[i], sens[j], &m)); /* μ = ε */
          else
            continue; /* e^{−L} overflows in the integrand beyond μ ≈ 20 */
          VarData v;
          test_pair_init (&v.pair, &m);
          double cuts[10];
          int n = test_pair_cuts (&v.pair, cuts);
          /* the mean by quadrature too (KL), then Var = ∫ p (L − mean)² ≥ 0 */
          v.mean = test_integrate_split (loss_integrand, &v, -HUGE_VAL, HUGE_VAL, cuts, n, 1e-13);
          double want = test_integrate_split (var_integrand, &v, -HUGE_VAL, HUGE_VAL, cuts, n,
                                              1e-13);
          double got;
          assert_ok (dp_loss_variance (&m, &got));
          assert_rel (kind == 0 ? "Var L laplace vs quadrature" : "Var L gaussian vs quadrature",
                      got, want, 1e-9);
        }
  /* Laplace over the whole ε range against E[L²] − E[L]² in long double from the atoms and the
   * continuous part (E[L²] = ε² − 2ε + 4 − (2ε + 4)e^{−ε}, by parts); small ε against the
   * series ε² − ε³/3 − ε⁴/12. RR: Σ over the two outcomes. */
  const double all[] = { 1e-6, 1e-4, 1e-2, 0.3, 1.0, 2.0, 30.0, 700.0 };
  for (guint i = 0; i < G_N_ELEMENTS (all); i++)
    {
      long double e = all[i];
      DpMechanism m;
      double got;
      assert_ok (dp_mechanism_laplace (all[i], 1.0, &m));
      assert_ok (dp_loss_variance (&m, &got));
      if (e < 1e-3L)
        assert_rel ("Var L laplace small ε series", got,
                    (double) (e * e - e * e * e / 3 - e * e * e * e / 12), 1e-12);
      else
        {
          long double m2 = e * e - 2 * e + 4 - (2 * e + 4) * expl (-e);
          long double m1 = e + expm1l (-e);
          assert_rel ("Var L laplace vs long double", got, (double) (m2 - m1 * m1),
                      e < 0.1L ? 1e-9 : 1e-14);
        }
      assert_ok (dp_mechanism_rr (all[i], &m));
      assert_ok (dp_loss_variance (&m, &got));
      /* outcomes ±ε with probabilities p, q around the mean (p − q)ε: the deviations are
       * ε(1 − p + q) = 2qε and −ε(1 + p − q) = −2pε */
      long double p = 1.0L / (1.0L + expl (-e)), q = 1.0L / (1.0L + expl (e));
      long double want = p * (2 * q * e) * (2 * q * e) + q * (2 * p * e) * (2 * p * e);
      if (want > 0)
        assert_rel ("Var L rr vs Σ", got, (double) want, 1e-12);
      else
        g_assert_cmpfloat (got, <=, 1e-280);
    }
  DpMechanism bad = { .kind = DP_N_MECHANISMS };
  double x;
  assert_domain (dp_loss_variance (&bad, &x));
  assert_domain (dp_loss_variance (NULL, &x));
}

/* ---- cumulant generating function ---- */

typedef struct {
  TestPair pair;
  double lambda;
} MgfData;

static double
mgf_integrand (double y, void *data)
{
  MgfData *d = data;
  return exp (test_log_p (&d->pair, y, 0.0) + d->lambda * test_loss (&d->pair, y));
}

static void
test_log_mgf (void)
{
  const double eps[] = { 0.01, 0.5, 2.0 };
  const double lambdas[] = { -3.0, -1.0, -0.5, 0.0, 0.25, 1.0, 4.0 };
  for (guint i = 0; i < G_N_ELEMENTS (eps); i++)
    for (int kind = 0; kind < 3; kind++)
      {
        DpMechanism m;
        if (kind == 0)
          assert_ok (dp_mechanism_laplace (eps[i], 2.0, &m));
        else if (kind == 1)
          assert_ok (dp_mechanism_gaussian (2.0 / eps[i], 2.0, &m));
        else
          assert_ok (dp_mechanism_rr (eps[i], &m));
        double kl, k0, km1, kp, kmn;
        assert_ok (dp_kl (&m, &kl));
        /* K(0) = 0 and K(−1) = ln E_P[q/p] = 0 */
        assert_ok (dp_loss_log_mgf (&m, 0.0, &k0));
        assert_ok (dp_loss_log_mgf (&m, -1.0, &km1));
        g_assert_cmpfloat (fabs (k0), <=, 1e-15);
        g_assert_cmpfloat (fabs (km1), <=, 1e-13 * fmax (1.0, eps[i] * eps[i]));
        /* K′(0) = E[L] = KL, central difference */
        double h = 1e-5;
        assert_ok (dp_loss_log_mgf (&m, h, &kp));
        assert_ok (dp_loss_log_mgf (&m, -h, &kmn));
        assert_rel ("K′(0) = KL", (kp - kmn) / (2 * h), kl, 1e-6);
        for (guint l = 0; l < G_N_ELEMENTS (lambdas); l++)
          {
            double got, want;
            assert_ok (dp_loss_log_mgf (&m, lambdas[l], &got));
            if (kind == 2)
              {
                long double p = 1.0L / (1.0L + expl (-eps[i]));
                want = (double) logl (p * expl (lambdas[l] * eps[i])
                                      + (1 - p) * expl (-lambdas[l] * eps[i]));
              }
            else
              {
                MgfData d;
                test_pair_init (&d.pair, &m);
                d.lambda = lambdas[l];
                double cuts[10];
                int n = test_pair_cuts (&d.pair, cuts);
                want = log (test_integrate_split (mgf_integrand, &d, -HUGE_VAL, HUGE_VAL, cuts, n,
                                                  1e-13));
              }
            g_assert_cmpfloat (fabs (got - want), <=, 1e-10 * fmax (1.0, fabs (want)));
          }
      }
}

/* ---- the tail of the k-fold sum ---- */

/* Randomized response or the Laplace all-atom outcomes: Σ_{l: (k−2l)ε > t} C(k,l) p^{k−l} q^l,
 * term by term in long double. The atom's loss is compared with t as a double product, as a t
 * placed on an atom was computed: the tail excludes the atom at t. */
static long double
binom_tail (unsigned long k, long double eps, long double logp, long double logq, double t)
{
  long double sum = 0;
  for (unsigned long l = 0; l <= k; l++)
    if ((double) ((double) k - 2.0 * l) * (double) eps > t)
      sum += expl (lgammal (k + 1.0L) - lgammal (l + 1.0L) - lgammal (k - l + 1.0L)
                   + (k - l) * logp + l * logq);
  return sum;
}

static double
normal_tail (double z)
{
  return 0.5 * erfc (z / M_SQRT2);
}

/* k = 2 Laplace: atoms × atoms, 2 × atom × continuous, and ∫ g(s)·(mass of the continuous part
 * above t − s) ds by GSL quadrature. */
typedef struct {
  double eps, t;
} Lap2;

static double
lap2_integrand (double s, void *data)
{
  Lap2 *d = data;
  return 0.25 * exp (0.5 * (s - d->eps)) * lap_cont_above (d->eps, d->t - s);
}

static double
laplace2_tail (double eps, double t)
{
  const double ax[2] = { eps, -eps }, aw[2] = { 0.5, 0.5 * exp (-eps) };
  double p = 0.0;
  for (int i = 0; i < 2; i++)
    {
      for (int j = 0; j < 2; j++)
        if (ax[i] + ax[j] > t)
          p += aw[i] * aw[j];
      p += 2.0 * aw[i] * lap_cont_above (eps, t - ax[i]);
    }
  Lap2 d = { eps, t };
  double cuts[2] = { fmax (-eps, fmin (eps, t - eps)), fmax (-eps, fmin (eps, t + eps)) };
  p += test_integrate_split (lap2_integrand, &d, -eps, eps, cuts, 2, 1e-13);
  return p;
}

static void
test_tail_small_k (void)
{
  const double eps[] = { 0.01, 0.1, 0.5, 1.0, 3.0 };
  for (guint i = 0; i < G_N_ELEMENTS (eps); i++)
    {
      DpMechanism m;
      assert_ok (dp_mechanism_laplace (eps[i], 1.0, &m));
      for (int f = -12; f <= 12; f++)
        {
          double t = eps[i] * f / 5.0, got, lg;
          /* k = 1: 1 − ½e^{(t−ε)/2} on [−ε, ε) */
          double want1 = t < -eps[i] ? 1.0 : t >= eps[i] ? 0.0 : -expm1 (log (0.5) + 0.5 * (t - eps[i]));
          assert_ok (dp_loss_sum_tail (&m, 1, t, NULL, &got, &lg));
          if (want1 == 0.0)
            g_assert_cmpfloat (got, ==, 0.0);
          else
            assert_rel ("tail k = 1 laplace", got, want1, 1e-14);
          assert_ok (dp_loss_sum_tail (&m, 2, t, NULL, &got, &lg));
          double want2 = t >= 2 * eps[i] ? 0.0 : t < -2 * eps[i] ? 1.0 : laplace2_tail (eps[i], t);
          if (want2 == 0.0)
            g_assert_cmpfloat (got, ==, 0.0);
          else
            {
              assert_rel ("tail k = 2 laplace vs quadrature", got, want2, 1e-9);
              assert_rel ("log tail k = 2", lg, log (want2), 1e-9 / fabs (log (want2)) + 1e-12);
            }
        }
    }
}

/* Brackets for the Laplace k-fold sum: the continuous part's mass on each cell [ℓ_i, ℓ_{i+1}]
 * of the grid ℓ_i = −ε + ih (h = 2ε/n) moved to ℓ_{i+1} makes every step larger (every tail of
 * the sum an upper bound), moved to ℓ_i smaller (a lower bound); the atoms sit on the grid.
 * Composed by direct convolution: dist[a] is the mass at loss −kε + ah. */
static double *
laplace_bracket_dist (double eps, unsigned long k, int n, int side)
{
  double *step = g_new0 (double, n + 1);
  for (int i = 0; i < n; i++)
    {
      double a = -eps + 2.0 * eps * i / n, b = -eps + 2.0 * eps * (i + 1) / n;
      double mass = 0.5 * (exp (0.5 * (b - eps)) - exp (0.5 * (a - eps)));
      step[side == 0 ? i : i + 1] += mass;
    }
  step[0] += 0.5 * exp (-eps);
  step[n] += 0.5;
  size_t len = 1;
  double *dist = g_new0 (double, (size_t) n * k + 1);
  double *next = g_new0 (double, (size_t) n * k + 1);
  dist[0] = 1.0;
  for (unsigned long s = 0; s < k; s++)
    {
      size_t nlen = len + n;
      memset (next, 0, nlen * sizeof (double));
      for (size_t a = 0; a < len; a++)
        if (dist[a] != 0.0)
          for (int i = 0; i <= n; i++)
            next[a + i] += dist[a] * step[i];
      double *tmp = dist;
      dist = next;
      next = tmp;
      len = nlen;
    }
  g_free (step);
  g_free (next);
  return dist;
}

static double
bracket_tail (const double *dist, double eps, unsigned long k, int n, double t)
{
  double tail = 0.0;
  for (size_t a = 0; a <= (size_t) n * k; a++)
    if (-(double) k * eps + 2.0 * eps * (double) a / n > t)
      tail += dist[a];
  return tail;
}

static void
laplace_bracket (double eps, unsigned long k, int n, double t, double *lower, double *upper)
{
  double *lo = laplace_bracket_dist (eps, k, n, 0), *hi = laplace_bracket_dist (eps, k, n, 1);
  *lower = bracket_tail (lo, eps, k, n, t);
  *upper = bracket_tail (hi, eps, k, n, t);
  g_free (lo);
  g_free (hi);
}

static void
test_tail_bracket (void)
{
  const struct {
    double eps;
    unsigned long k;
    double t_sd; /* t = mean + t_sd·sd */
  } cases[] = {
    { 0.5, 5, 1.0 }, { 0.5, 10, 2.0 }, { 0.2, 30, 3.0 }, { 1.0, 20, 0.5 }, { 0.05, 40, 4.0 },
    { 2.0, 8, -1.0 },
  };
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      double eps = cases[c].eps;
      unsigned long k = cases[c].k;
      DpMechanism m;
      assert_ok (dp_mechanism_laplace (eps, 1.0, &m));
      double var = 3 - 2 * exp (-eps) - 4 * eps * exp (-eps) - exp (-2 * eps);
      double t = k * (eps + expm1 (-eps)) + cases[c].t_sd * sqrt (k * var) + 1e-3 * eps;
      double lo, hi, got;
      laplace_bracket (eps, k, 600, t, &lo, &hi);
      assert_ok (dp_loss_sum_tail (&m, k, t, NULL, &got, NULL));
      if (!(got >= lo && got <= hi))
        g_error ("tail ε = %g, k = %lu, t = %g: %.12g outside the bracket [%.12g, %.12g]", eps,
                 k, t, got, lo, hi);
      test_note_error ("bracket width (relative)", (hi - lo) / got);
    }
}

/* Importance sampling with the exponential tilt (its own tilt, by bisection on a numerical
 * derivative of the test's own cumulant generating function): P[S > t] = E_λ[M^k e^{−λS}; S > t]. */
static double
lap_log_m (double eps, double lam)
{
  double kap = lam + 0.5;
  double c = 0.25 * exp (-0.5 * eps) * (fabs (kap) < 1e-12 ? 2 * eps : 2 * sinh (kap * eps) / kap);
  return log (0.5 * exp (lam * eps) + 0.5 * exp (-(1 + lam) * eps) + c);
}

static void
laplace_importance (double eps, unsigned long k, double t, long n, guint64 seed, double *mean,
                    double *se)
{
  double lo = 0, hi = 60 / eps, tau = t / k;
  for (int i = 0; i < 200; i++)
    {
      double mid = 0.5 * (lo + hi), h = 1e-6 / eps;
      double d = (lap_log_m (eps, mid + h) - lap_log_m (eps, mid - h)) / (2 * h);
      if (d < tau)
        lo = mid;
      else
        hi = mid;
    }
  double lam = 0.5 * (lo + hi), lm = lap_log_m (eps, lam), kap = lam + 0.5;
  double wp = exp (-M_LN2 + lam * eps - lm), wm = exp (-M_LN2 - eps - lam * eps - lm);
  gsl_rng *r = gsl_rng_alloc (gsl_rng_mt19937);
  gsl_rng_set (r, (unsigned long) seed);
  double s1 = 0, s2 = 0;
  for (long i = 0; i < n; i++)
    {
      double s = 0;
      for (unsigned long j = 0; j < k; j++)
        {
          double u = gsl_rng_uniform (r);
          if (u < wp)
            s += eps;
          else if (u < wp + wm)
            s -= eps;
          else
            {
              /* density ∝ e^{κs} on (−ε, ε) by inversion */
              double v = gsl_rng_uniform_pos (r);
              s += eps + log (v + (1 - v) * exp (-2 * kap * eps)) / kap;
            }
        }
      double w = s > t ? exp (k * lm - lam * s) : 0;
      s1 += w;
      s2 += w * w;
    }
  gsl_rng_free (r);
  *mean = s1 / n;
  *se = sqrt ((s2 / n - *mean * *mean) / n);
}

static void
test_tail_importance (void)
{
  const struct {
    double eps;
    unsigned long k;
    double delta_prime;
  } cases[] = { { 0.1, 100, 1e-5 }, { 0.3, 1000, 1e-3 }, { 0.5, 20, 0.5 }, { 0.05, 2000, 1e-6 } };
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      double eps = cases[c].eps;
      unsigned long k = cases[c].k;
      /* Thm 3.20's threshold */
      double t = k * eps * expm1 (eps) + sqrt (2.0 * k * log (1 / cases[c].delta_prime)) * eps;
      DpMechanism m;
      double got, lg, mean, se;
      assert_ok (dp_mechanism_laplace (eps, 1.0, &m));
      assert_ok (dp_loss_sum_tail (&m, k, t, NULL, &got, &lg));
      laplace_importance (eps, k, t, k > 500 ? 4000 : 40000, 7 + c, &mean, &se);
      if (!(fabs (got - mean) <= 4.5 * se))
        g_error ("tail ε = %g, k = %lu: %.10g, importance sampling %.10g ± %.3g", eps, k, got,
                 mean, se);
      assert_rel ("log tail vs tail", exp (lg), got, 1e-12);
    }
}

/* Gaussian and RR: closed forms; far tails keep their logarithm. */
static void
test_tail_closed_forms (void)
{
  const double mus[] = { 0.01, 0.3, 1.0, 4.0 };
  const unsigned long ks[] = { 1, 7, 1000, 10000000 };
  for (guint i = 0; i < G_N_ELEMENTS (mus); i++)
    for (guint j = 0; j < G_N_ELEMENTS (ks); j++)
      for (int f = -4; f <= 8; f++)
        {
          DpMechanism m;
          assert_ok (dp_mechanism_gaussian (1.0 / mus[i], 1.0, &m));
          double kd = ks[j], mean = kd * mus[i] * mus[i] / 2, sd = sqrt (kd) * mus[i];
          double t = mean + f * sd, got, lg;
          assert_ok (dp_loss_sum_tail (&m, ks[j], t, NULL, &got, &lg));
          assert_rel ("gaussian tail vs erfc", got, normal_tail ((t - mean) / sd), 1e-10);
        }
  /* far out: ln Q(z) ≈ −z²/2 − ln(z√(2π)) */
  DpMechanism g;
  double got, lg;
  assert_ok (dp_mechanism_gaussian (1.0, 1.0, &g));
  assert_ok (dp_loss_sum_tail (&g, 1, 0.5 + 100.0, NULL, &got, &lg));
  g_assert_cmpfloat (got, ==, 0.0);
  assert_rel ("gaussian log tail at z = 100", lg, -5000.0 - log (100.0 * sqrt (2 * M_PI)), 1e-6);

  const double eps[] = { 1e-3, 0.1, 0.7, 3.0 };
  const unsigned long rk[] = { 1, 2, 9, 50, 400 };
  for (guint i = 0; i < G_N_ELEMENTS (eps); i++)
    for (guint j = 0; j < G_N_ELEMENTS (rk); j++)
      {
        DpMechanism m;
        assert_ok (dp_mechanism_rr (eps[i], &m));
        long double lp = -log1pl (expl (-eps[i])), lq = -eps[i] + lp;
        for (long a = -(long) rk[j] - 1; a <= (long) rk[j] + 1; a++)
          {
            /* between the atoms and on them */
            for (int off = 0; off < 2; off++)
              {
                double t = (a + 0.5 * off) * eps[i];
                long double want = binom_tail (rk[j], eps[i], lp, lq, t);
                assert_ok (dp_loss_sum_tail (&m, rk[j], t, NULL, &got, &lg));
                if (want == 0)
                  g_assert_cmpfloat (got, ==, 0.0);
                else
                  assert_rel ("rr tail vs binomial", got, (double) want, 1e-11);
              }
          }
      }
  /* Laplace: beyond the largest loss kε the tail is 0, below −kε it is 1 */
  DpMechanism l;
  assert_ok (dp_mechanism_laplace (0.3, 1.0, &l));
  assert_ok (dp_loss_sum_tail (&l, 10, 3.0, NULL, &got, &lg));
  g_assert_cmpfloat (got, ==, 0.0);
  g_assert_cmpfloat (lg, ==, -HUGE_VAL);
  assert_ok (dp_loss_sum_tail (&l, 10, -3.0 - 1e-9, NULL, &got, &lg));
  g_assert_cmpfloat (got, ==, 1.0);
  /* at −kε exactly: all but the atom (½e^{−ε})^k */
  assert_ok (dp_loss_sum_tail (&l, 10, -3.0, NULL, &got, &lg));
  assert_rel ("tail at −kε", got, 1 - pow (0.5 * exp (-0.3), 10), 1e-9);
}

/* Azuma (Lemma 3.19) holds: the exact probability that the k-fold loss exceeds Thm 3.20's
 * threshold is at most δ′, over a grid of ε, k and δ′ (Laplace and RR), and below Hoeffding's
 * bound e^{−(t − k·KL)²/(2kε²)} (the same inequality with the exact drift). */
static void
test_azuma_holds (void)
{
  const double eps[] = { 0.01, 0.05, 0.1, 0.2, 0.4, 0.6, 0.69, 1.0, 2.0 };
  const unsigned long ks[] = { 1, 2, 3, 5, 10, 30, 100, 1000, 10000 };
  const double dps[] = { 1e-12, 1e-5, 0.01, 0.5, 0.9 };
  double worst = 0.0;
  for (guint i = 0; i < G_N_ELEMENTS (eps); i++)
    for (guint j = 0; j < G_N_ELEMENTS (ks); j++)
      for (guint d = 0; d < G_N_ELEMENTS (dps); d++)
        for (int kind = 0; kind < 2; kind++)
          {
            double e = eps[i], kd = ks[j];
            double t = kd * e * expm1 (e) + sqrt (2 * kd * log (1 / dps[d])) * e;
            DpMechanism m;
            if (kind == 0)
              assert_ok (dp_mechanism_laplace (e, 1.0, &m));
            else
              assert_ok (dp_mechanism_rr (e, &m));
            double tail, lg, kl;
            assert_ok (dp_loss_sum_tail (&m, ks[j], t, NULL, &tail, &lg));
            assert_ok (dp_kl (&m, &kl));
            g_assert_true (tail >= 0.0 && tail <= 1.0 && !isnan (lg));
            g_assert_cmpfloat (tail, <=, dps[d]);
            double x = t - kd * kl;
            g_assert_cmpfloat (lg, <=, -x * x / (2 * kd * e * e) + 1e-9);
            if (tail > 0)
              worst = fmax (worst, tail / dps[d]);
          }
  printf ("# largest exact tail / δ′ over the grid: %.3g\n", worst);
}

/* Chernoff: P[S > t] ≤ e^{kK(λ) − λt} for every λ ≥ 0, with K from the test's own formula. */
static void
test_chernoff (void)
{
  const double eps[] = { 0.05, 0.3, 0.6 };
  const unsigned long ks[] = { 3, 50, 3000 };
  for (guint i = 0; i < G_N_ELEMENTS (eps); i++)
    for (guint j = 0; j < G_N_ELEMENTS (ks); j++)
      for (int f = 0; f < 5; f++)
        {
          double e = eps[i], kd = ks[j];
          double var = 3 - 2 * exp (-e) - 4 * e * exp (-e) - exp (-2 * e);
          double t = kd * (e + expm1 (-e)) + f * 2.0 * sqrt (kd * var);
          if (t >= kd * e)
            continue;
          DpMechanism m;
          double lg;
          assert_ok (dp_mechanism_laplace (e, 1.0, &m));
          assert_ok (dp_loss_sum_tail (&m, ks[j], t, NULL, NULL, &lg));
          for (double lam = 0; lam < 40 / e; lam = lam * 1.5 + 0.05 / e)
            g_assert_cmpfloat (lg, <=, kd * lap_log_m (e, lam) - lam * t + 1e-9);
        }
}

/* ---- bins ---- */

static void
test_bins (void)
{
  /* every mechanism: bins over the whole line sum to 1 */
  DpMechanism ms[3];
  assert_ok (dp_mechanism_laplace (0.4, 1.0, &ms[0]));
  assert_ok (dp_mechanism_gaussian (2.0, 1.0, &ms[1]));
  assert_ok (dp_mechanism_rr (0.4, &ms[2]));
  const unsigned long ks[] = { 1, 2, 13, 400 };
  for (int i = 0; i < 3; i++)
    for (guint j = 0; j < G_N_ELEMENTS (ks); j++)
      {
        /* Laplace, k = 13: the bracketing discretizations (above) */
        double *blo = NULL, *bhi = NULL;
        if (i == 0 && ks[j] == 13)
          {
            blo = laplace_bracket_dist (0.4, 13, 800, 0);
            bhi = laplace_bracket_dist (0.4, 13, 800, 1);
          }
        double kl, var;
        assert_ok (dp_kl (&ms[i], &kl));
        assert_ok (dp_loss_variance (&ms[i], &var));
        double mean = ks[j] * kl, sd = sqrt (ks[j] * var);
        double edges[43], prob[42], sum = 0;
        edges[0] = -HUGE_VAL;
        edges[42] = HUGE_VAL;
        for (int b = 1; b < 42; b++)
          edges[b] = mean + (b - 21) * sd / 4 + 1e-7 * sd;
        assert_ok (dp_loss_sum_bins (&ms[i], ks[j], edges, 43, NULL, prob));
        for (int b = 0; b < 42; b++)
          {
            g_assert_true (prob[b] >= 0.0 && prob[b] <= 1.0);
            sum += prob[b];
          }
        g_assert_cmpfloat (fabs (sum - 1.0), <=, 1e-9);
        /* each bin against the tails, computed another way for RR and the Gaussian and by the
         * k ≤ 2 references for Laplace */
        for (int b = 1; b < 41; b++)
          {
            double want;
            if (i == 1)
              {
                double za = (edges[b] - mean) / sd, zb = (edges[b + 1] - mean) / sd;
                want = normal_tail (za) - normal_tail (zb);
              }
            else if (i == 2)
              {
                long double lp = -log1pl (expl (-0.4L)), lq = -0.4L + lp;
                want = (double) (binom_tail (ks[j], 0.4L, lp, lq, edges[b])
                                 - binom_tail (ks[j], 0.4L, lp, lq, edges[b + 1]));
              }
            else if (ks[j] <= 2)
              {
                double ta, tb;
                if (ks[j] == 1)
                  {
                    ta = edges[b] < -0.4 ? 1 : edges[b] >= 0.4 ? 0 : 1 - 0.5 * exp ((edges[b] - 0.4) / 2);
                    tb = edges[b + 1] < -0.4 ? 1 : edges[b + 1] >= 0.4 ? 0
                                                   : 1 - 0.5 * exp ((edges[b + 1] - 0.4) / 2);
                  }
                else
                  {
                    ta = edges[b] >= 0.8 ? 0 : edges[b] < -0.8 ? 1 : laplace2_tail (0.4, edges[b]);
                    tb = edges[b + 1] >= 0.8 ? 0 : edges[b + 1] < -0.8 ? 1
                                                   : laplace2_tail (0.4, edges[b + 1]);
                  }
                want = ta - tb;
              }
            else if (blo != NULL)
              {
                /* P(a < S ≤ b) lies between lower(a) − upper(b) and upper(a) − lower(b) */
                double la = bracket_tail (blo, 0.4, 13, 800, edges[b]);
                double ua = bracket_tail (bhi, 0.4, 13, 800, edges[b]);
                double lb = bracket_tail (blo, 0.4, 13, 800, edges[b + 1]);
                double ub = bracket_tail (bhi, 0.4, 13, 800, edges[b + 1]);
                g_assert_cmpfloat (prob[b], >=, la - ub - 1e-12);
                g_assert_cmpfloat (prob[b], <=, ua - lb + 1e-12);
                continue;
              }
            else
              continue; /* k = 400: the sum above */
            g_assert_cmpfloat (fabs (prob[b] - want), <=, 1e-9);
          }
        g_free (blo);
        g_free (bhi);
      }
  double e[3] = { 0, 1, 1 }, p[2];
  assert_domain (dp_loss_sum_bins (&ms[0], 5, e, 3, NULL, p));
  assert_domain (dp_loss_sum_bins (&ms[0], 5, e, 1, NULL, p));
  assert_domain (dp_loss_sum_bins (&ms[0], 0, e, 2, NULL, p));
}

static gpointer
raise_after_20ms (gpointer data)
{
  g_usleep (20000);
  dp_cancel_set (data);
  return NULL;
}

static void
test_domain_and_cancel (void)
{
  DpMechanism m;
  double x;
  DpCancel cancel;
  assert_ok (dp_mechanism_laplace (0.3, 1.0, &m));
  assert_domain (dp_loss_sum_tail (&m, 0, 1.0, NULL, &x, NULL));
  assert_domain (dp_loss_sum_tail (&m, DP_K_MAX + 1, 1.0, NULL, &x, NULL));
  assert_domain (dp_loss_sum_tail (&m, 10, NAN, NULL, &x, NULL));
  assert_domain (dp_loss_log_mgf (&m, NAN, &x));
  assert_domain (dp_loss_log_mgf (&m, HUGE_VAL, &x));
  dp_cancel_init (&cancel);
  dp_cancel_set (&cancel);
  g_assert_cmpint (dp_loss_sum_tail (&m, 100, 10.0, &cancel, &x, NULL), ==, DP_ERR_CANCELLED);
  dp_cancel_init (&cancel);
  assert_ok (dp_loss_sum_tail (&m, 100, 10.0, &cancel, &x, NULL));
  /* the largest k works and stays finite */
  double lg, t = DP_K_MAX * (0.3 + expm1 (-0.3)) + 1000.0;
  gint64 t0 = g_get_monotonic_time ();
  assert_ok (dp_loss_sum_tail (&m, DP_K_MAX, t, NULL, &x, &lg));
  gint64 full = g_get_monotonic_time () - t0;
  g_assert_true (x >= 0 && x <= 1 && lg < 0);
  /* cancelled while it runs (the same computation, stopped after 20 ms) */
  dp_cancel_init (&cancel);
  GThread *thread = g_thread_new ("cancel", raise_after_20ms, &cancel);
  t0 = g_get_monotonic_time ();
  DpStatus st = dp_loss_sum_tail (&m, DP_K_MAX, t, &cancel, &x, &lg);
  gint64 stopped = g_get_monotonic_time () - t0;
  g_thread_join (thread);
  g_assert_cmpint (st, ==, DP_ERR_CANCELLED);
  printf ("# k = 10⁷: the tail takes %.0f ms, cancelled after %.0f ms\n", full / 1e3,
          stopped / 1e3);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/loss/variance", test_variance);
  g_test_add_func ("/loss/log-mgf", test_log_mgf);
  g_test_add_func ("/loss/tail-small-k", test_tail_small_k);
  g_test_add_func ("/loss/tail-bracket", test_tail_bracket);
  g_test_add_func ("/loss/tail-importance", test_tail_importance);
  g_test_add_func ("/loss/tail-closed-forms", test_tail_closed_forms);
  g_test_add_func ("/loss/azuma-holds", test_azuma_holds);
  g_test_add_func ("/loss/chernoff", test_chernoff);
  g_test_add_func ("/loss/bins", test_bins);
  g_test_add_func ("/loss/domain-and-cancel", test_domain_and_cancel);
  int status = g_test_run ();
  test_print_errors ();
  return status;
}
