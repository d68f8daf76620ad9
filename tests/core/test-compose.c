/* test-compose.c — composition accountants against independently derived values
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected values are recomputed here from the theorems (long double where it helps), by
 * brute-force enumeration of product distributions, or by the independent Laplace references
 * of pld-truth.h — never taken from libdpcore's output.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>

#include <glib.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_sf_erf.h>

#include "dp-core.h"
#include "pld-truth.h"

/* ---- basic and advanced --------------------------------------------------------------- */

static void
test_basic (void)
{
  double e, d;
  g_assert_cmpint (dp_compose_basic (0.3, 1e-6, 50, &e, &d), ==, DP_OK);
  g_assert_cmpfloat_with_epsilon (e, 15.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (d, 5e-5, 1e-18);
  g_assert_cmpint (dp_compose_basic (0.3, 0.1, 50, &e, &d), ==, DP_OK);
  g_assert_cmpfloat (d, ==, 1.0); /* a probability: kδ₀ = 5 is capped */
  g_assert_cmpint (dp_compose_basic (NAN, 0, 5, &e, &d), ==, DP_ERR_DOMAIN);
  g_assert_cmpint (dp_compose_basic (1.0, 1.0, 5, &e, &d), ==, DP_ERR_DOMAIN);
  g_assert_cmpint (dp_compose_basic (1.0, 0, 0, &e, &d), ==, DP_ERR_DOMAIN);
  g_assert_cmpint (dp_compose_basic (1.0, 0, DP_K_MAX + 1, &e, &d), ==, DP_ERR_DOMAIN);
  g_assert_cmpint (dp_compose_basic (1.0, 0, 5, NULL, &d), ==, DP_ERR_DOMAIN);
}

/* Dwork & Roth Thm 3.20, in long double. */
static long double
advanced_ld (long double e0, unsigned long k, long double dp)
{
  return sqrtl (2.0L * k * logl (1.0L / dp)) * e0 + k * e0 * (expl (e0) - 1.0L);
}

static void
test_advanced (void)
{
  const double e0s[] = { 1e-3, 0.1, 0.5, 1.0, 3.0 };
  const unsigned long ks[] = { 1, 10, 100, 10000, 100000 };
  const double dps[] = { 1e-15, 1e-5, 0.3 };
  for (size_t a = 0; a < G_N_ELEMENTS (e0s); a++)
    for (size_t b = 0; b < G_N_ELEMENTS (ks); b++)
      for (size_t c = 0; c < G_N_ELEMENTS (dps); c++)
        {
          DpAdvancedComposition r;
          g_assert_cmpint (dp_compose_advanced (e0s[a], 1e-9, ks[b], dps[c], &r), ==, DP_OK);
          long double azuma = sqrtl (2.0L * ks[b] * logl (1.0L / dps[c])) * e0s[a];
          long double drift = ks[b] * (long double) e0s[a] * expm1l (e0s[a]);
          double expect = (double) advanced_ld (e0s[a], ks[b], dps[c]);
          g_assert_cmpfloat (fabs (r.epsilon - expect), <=, 1e-12 * expect);
          g_assert_cmpfloat (fabs (r.azuma_term - (double) azuma), <=, 1e-12 * (double) azuma);
          g_assert_cmpfloat (fabs (r.drift_term - (double) drift), <=, 1e-12 * (double) drift);
          g_assert_cmpfloat_with_epsilon (r.epsilon, r.azuma_term + r.drift_term, 1e-12 * expect);
          g_assert_cmpfloat_with_epsilon (r.delta, fmin (1.0, ks[b] * 1e-9 + dps[c]), 1e-15);
        }
  /* VIEWS.md reference: ε₀ = 0.1, k = 100, δ′ = 1e-5 → 5.8502. */
  DpAdvancedComposition r;
  dp_compose_advanced (0.1, 0, 100, 1e-5, &r);
  g_assert_cmpfloat (fabs (r.epsilon - 5.8502), <=, 6e-5);
  g_assert_cmpint (dp_compose_advanced (0.1, 0, 100, 0.0, &r), ==, DP_ERR_DOMAIN);
  g_assert_cmpint (dp_compose_advanced (0.1, 0, 100, 1.0, &r), ==, DP_ERR_DOMAIN);
}

static void
test_crossover (void)
{
  const double e0s[] = { 1e-3, 0.01, 0.1, 0.3, 0.6, 0.69 };
  const double dps[] = { 1e-12, 1e-5, 0.1 };
  for (size_t a = 0; a < G_N_ELEMENTS (e0s); a++)
    for (size_t c = 0; c < G_N_ELEMENTS (dps); c++)
      {
        unsigned long kc;
        g_assert_cmpint (dp_compose_advanced_crossover (e0s[a], dps[c], &kc), ==, DP_OK);
        g_assert_cmpuint (kc, >=, 1);
        /* ε_k < kε₀ at k_cross but not at k_cross − 1 (long double, away from ties). */
        g_assert_true (advanced_ld (e0s[a], kc, dps[c]) < (long double) kc * e0s[a]);
        if (kc > 1)
          g_assert_true (advanced_ld (e0s[a], kc - 1, dps[c]) >= (long double) (kc - 1) * e0s[a]);
        /* The closed form k > 2 ln(1/δ′)/(2 − e^{ε₀})². */
        long double x = 2.0L * logl (1.0L / dps[c]) / powl (2.0L - expl (e0s[a]), 2);
        g_assert_cmpuint (kc, ==, (unsigned long) floorl (x) + 1);
      }
  unsigned long kc = 99;
  g_assert_cmpint (dp_compose_advanced_crossover (log (2.0) + 1e-9, 1e-5, &kc), ==, DP_OK);
  g_assert_cmpuint (kc, ==, 0);
  g_assert_cmpint (dp_compose_advanced_crossover (2.0, 1e-5, &kc), ==, DP_OK);
  g_assert_cmpuint (kc, ==, 0);
}

/* ---- KOV ------------------------------------------------------------------------------ */

/* δ(ε) of the k-fold product of the (ε₀, δ₀) extremal pair of Kairouz, Oh & Viswanath
 * (2015, Thm 3.3 proof): P = (δ₀, (1−δ₀)e^{ε₀}/(1+e^{ε₀}), (1−δ₀)/(1+e^{ε₀}), 0),
 * Q = (0, (1−δ₀)/(1+e^{ε₀}), (1−δ₀)e^{ε₀}/(1+e^{ε₀}), δ₀), by enumerating all 4^k outcomes
 * (2^k when δ₀ = 0) and summing max(0, P(o) − e^{ε}Q(o)). */
static long double
brute_delta (double e0, double d0, int k, double eps)
{
  long double ee = expl (e0);
  long double p[4] = { d0, (1 - d0) * ee / (1 + ee), (1 - d0) / (1 + ee), 0 };
  long double q[4] = { 0, (1 - d0) / (1 + ee), (1 - d0) * ee / (1 + ee), d0 };
  int base = d0 > 0 ? 4 : 2, first = d0 > 0 ? 0 : 1;
  long double sum = 0, eeps = expl (eps);
  long n = 1;
  for (int i = 0; i < k; i++)
    n *= base;
  for (long o = 0; o < n; o++)
    {
      long double po = 1, qo = 1;
      long x = o;
      for (int i = 0; i < k; i++)
        {
          int s = (int) (x % base) + first;
          x /= base;
          po *= p[s];
          qo *= q[s];
        }
      long double v = po - eeps * qo;
      if (v > 0)
        sum += v;
    }
  return sum;
}

static void
test_kov_brute_force (void)
{
  const double e0s[] = { 0.1, 0.7, 2.0 };
  const double d0s[] = { 0.0, 0.01 };
  for (size_t a = 0; a < G_N_ELEMENTS (e0s); a++)
    for (size_t b = 0; b < G_N_ELEMENTS (d0s); b++)
      for (int k = 1; k <= (d0s[b] > 0 ? 7 : 14); k++)
        {
          double e0 = e0s[a], d0 = d0s[b];
          /* δ at many ε (negative ones too), including the points (k−2l)ε₀ where pieces change. */
          for (double f = -0.5; f <= 1.05; f += 0.0625)
            {
              double eps = f * k * e0, d;
              g_assert_cmpint (dp_compose_kov_delta (e0, d0, k, eps, &d), ==, DP_OK);
              double expect = (double) brute_delta (e0, d0, k, eps);
              g_assert_cmpfloat (fabs (d - expect), <=, 1e-13 + 1e-12 * expect);
            }
          /* The inverse to 1e-9 absolute: δ(ε) ≤ target, δ(ε − 1e-9) > target. */
          double floor_delta = 1.0 - pow (1.0 - d0, k);
          const double targets[] = { 1e-6, 1e-3, 0.05 };
          for (size_t c = 0; c < G_N_ELEMENTS (targets); c++)
            {
              double t = floor_delta + targets[c], eps;
              if (t >= 1.0)
                continue;
              g_assert_cmpint (dp_compose_kov_epsilon (e0, d0, k, t, &eps), ==, DP_OK);
              g_assert_true ((double) brute_delta (e0, d0, k, eps) <= t * (1 + 1e-12));
              if (eps > 1e-9)
                g_assert_true ((double) brute_delta (e0, d0, k, eps - 1e-9) > t);
            }
        }
  /* Below the floor 1 − (1 − δ₀)^k no ε works. */
  double eps;
  g_assert_cmpint (dp_compose_kov_epsilon (0.5, 0.01, 10, 0.05, &eps), ==, DP_ERR_DOMAIN);
}

/* δ(ε) of k composed ε₀-DP randomized responses (KOV with δ₀ = 0) from the definition, each
 * term P(o)·(1 − e^{ε − L(o)}) positive and evaluated with expm1l, so the sum has no
 * cancellation: l flipped answers have P-probability C(k,l)e^{(k−l)ε₀}/(1+e^{ε₀})^k and loss
 * (k − 2l)ε₀. */
static long double
binomial_delta_positive (double e0, unsigned long k, double eps)
{
  long double sum = 0, l1 = log1pl (expl (-(long double) e0));
  for (unsigned long l = 0; l <= k; l++)
    {
      long double gap = ((long double) k - 2.0L * l) * e0 - eps;
      if (gap <= 0)
        break;
      long double lc = lgammal (k + 1.0L) - lgammal (l + 1.0L) - lgammal (k - l + 1.0L);
      sum += expl (lc - (long double) l * e0 - k * l1) * -expm1l (-gap);
    }
  return sum;
}

/* Binomial form written from the definition for larger k (long double, lgammal). */
static long double
binomial_delta (double e0, int k, double eps)
{
  long double sum = 0, l1 = log1pl (expl (-(long double) e0));
  for (int l = 0; l <= k; l++)
    {
      /* l flipped answers: P = C(k,l) p^{k−l}(1−p)^l, Q = C(k,l) p^l (1−p)^{k−l}. */
      long double lc = lgammal (k + 1.0L) - lgammal (l + 1.0L) - lgammal (k - l + 1.0L);
      long double lp = lc - (long double) l * e0 - k * l1;
      long double lq = lc - (long double) (k - l) * e0 - k * l1;
      long double v = expl (lp) - expl (eps + lq);
      if (v > 0)
        sum += v;
    }
  return sum;
}

static void
test_kov_large (void)
{
  const double e0s[] = { 0.01, 0.1, 1.0, 5.0 };
  const int ks[] = { 50, 300, 2000 };
  for (size_t a = 0; a < G_N_ELEMENTS (e0s); a++)
    for (size_t b = 0; b < G_N_ELEMENTS (ks); b++)
      {
        const double ds[] = { 1e-10, 1e-5, 0.1 };
        for (size_t c = 0; c < G_N_ELEMENTS (ds); c++)
          {
            double eps;
            g_assert_cmpint (dp_compose_kov_epsilon (e0s[a], 0, ks[b], ds[c], &eps), ==, DP_OK);
            long double at = binomial_delta (e0s[a], ks[b], eps);
            g_assert_true (at <= ds[c] * (1 + 1e-9));
            if (eps > 1e-9)
              g_assert_true (binomial_delta (e0s[a], ks[b], eps - 1e-9) > ds[c] * (1 - 1e-9));
          }
      }
}

/* Randomized response composed exactly, against its own distribution: for small k the 2^k
 * output sequences enumerated (brute_delta with δ₀ = 0 is the product of the RR pair itself),
 * for large k the binomial sum over the number of flipped answers written here
 * (binomial_delta_positive). Neither goes through KOV's code. */
static void
test_rr_exact (void)
{
  const double e0s[] = { 0.05, 0.4, 2.0 };
  for (size_t a = 0; a < G_N_ELEMENTS (e0s); a++)
    {
      DpMechanism rr;
      g_assert_cmpint (dp_mechanism_rr (e0s[a], &rr), ==, DP_OK);
      for (int k = 1; k <= 14; k++)
        {
          double d, eps;
          for (double f = 0.0; f < 1.0; f += 0.15)
            {
              g_assert_cmpint (dp_compose_exact_delta (&rr, k, f * k * e0s[a], 0, NULL, &d), ==,
                               DP_OK);
              long double want = brute_delta (e0s[a], 0, k, f * k * e0s[a]);
              g_assert_cmpfloat (fabs (d - (double) want), <=, 1e-13 * (double) want + 1e-16);
            }
          const double ds[] = { 1e-6, 1e-3, 0.1 };
          for (size_t c = 0; c < G_N_ELEMENTS (ds); c++)
            {
              g_assert_cmpint (dp_compose_exact_epsilon (&rr, k, ds[c], 0, NULL, &eps), ==, DP_OK);
              g_assert_true (brute_delta (e0s[a], 0, k, eps) <= ds[c] * (1 + 1e-12));
              if (eps > 1e-9)
                g_assert_true (brute_delta (e0s[a], 0, k, eps - 1e-9) > ds[c]);
            }
        }
      const unsigned long ks[] = { 100, 3000, 100000 };
      for (size_t b = 0; b < G_N_ELEMENTS (ks); b++)
        {
          double eps;
          g_assert_cmpint (dp_compose_exact_epsilon (&rr, ks[b], 1e-6, 0, NULL, &eps), ==,
                           DP_OK);
          g_assert_true (binomial_delta_positive (e0s[a], ks[b], eps) <= 1e-6 * (1 + 1e-12L));
          double below = eps - 1e-9 * fmax (1.0, eps);
          g_assert_true (binomial_delta_positive (e0s[a], ks[b], below) > 1e-6 * (1 - 1e-12L));
        }
    }
}

/* The inverse must meet its δ: at small ε₀ and large k the closed form A_j − e^{ε}B_j = δ is a
 * difference of two sums far larger than δ, and an answer taken from it alone can fall short
 * (ε₀ = 3.119e-6, k = 56789, δ = 9.6e-14 by 1.5e-8 relative: the first case below). Checked
 * over random cases against the positive-term sum above (accurate to ~1e-13 relative: lgammal
 * of arguments up to 1e5). */
static void
test_kov_inverse_meets_delta (void)
{
  GRand *rng = g_rand_new_with_seed (20261122);
  int checked = 0;

  for (int i = 0; i < 120; i++)
    {
      double e0 = exp (g_rand_double_range (rng, log (1e-6), log (1e-2)));
      unsigned long k = (unsigned long) exp (g_rand_double_range (rng, log (1e3), log (1e5)));
      double d = exp (g_rand_double_range (rng, log (1e-14), log (0.5)));
      double eps;

      if (i == 0)
        {
          e0 = 3.1190028342543323e-06;
          k = 56789;
          d = 9.599488788251918e-14;
        }
      g_assert_cmpint (dp_compose_kov_epsilon (e0, 0, k, d, &eps), ==, DP_OK);
      long double at = binomial_delta_positive (e0, k, eps);
      if (!(at <= d * (1 + 1e-12L)))
        g_error ("KOV inverse: eps0=%.17g k=%lu delta=%.17g gave eps=%.17g with delta %.17Lg",
                 e0, k, d, eps, at);
      /* and it is the smallest such ε to 1e-9 (absolute, or relative above 1) */
      double below = eps - 1e-9 * fmax (1.0, eps);
      if (below > 0)
        g_assert_true (binomial_delta_positive (e0, k, below) > d * (1 - 1e-12L));
      checked++;
    }
  g_rand_free (rng);
  printf ("# KOV inverse checked against the positive-term sum in %d cases\n", checked);
}

/* Below −kε₀ every outcome's loss exceeds ε: δ = Σ P(o)(1 − e^{ε−L(o)}) = 1 − e^{ε}. The sum
 * then runs to its last term l = k; a binomial that steps past it would evaluate ln Γ(0), and
 * GSL's error handler (on in this binary) would abort. k + 1 = 16, 1024, 4096 are the steps at
 * which such a binomial re-evaluates its logarithm exactly. */
static void
test_kov_below_every_loss (void)
{
  const struct { double e0; unsigned long k; } cases[] = { { 0.1, 15 }, { 0.001, 1023 },
                                                           { 0.1, 16 }, { 1e-4, 4095 } };
  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      double d;
      g_assert_cmpint (dp_compose_kov_delta (cases[i].e0, 0, cases[i].k, -3.0, &d), ==, DP_OK);
      g_assert_cmpfloat (fabs (d - -expm1 (-3.0)), <=, 1e-13);
    }
}

static void
test_kov_extremes (void)
{
  /* k up to 1e5 and ε₀ up to 50: finite, monotone, and consistent with the forward map. */
  const double e0s[] = { 1e-3, 0.3, 10.0, 50.0 };
  const unsigned long ks[] = { 1, 999, 100000 };
  const double ds[] = { 1e-15, 1e-6, 0.5 };
  for (size_t a = 0; a < G_N_ELEMENTS (e0s); a++)
    for (size_t b = 0; b < G_N_ELEMENTS (ks); b++)
      {
        double prev = HUGE_VAL;
        for (size_t c = 0; c < G_N_ELEMENTS (ds); c++)
          {
            double eps, back;
            g_assert_cmpint (dp_compose_kov_epsilon (e0s[a], 0, ks[b], ds[c], &eps), ==, DP_OK);
            g_assert_true (isfinite (eps) && eps >= 0 && eps <= ks[b] * e0s[a] * (1 + 1e-12));
            g_assert_cmpfloat (eps, <=, prev);
            prev = eps;
            g_assert_cmpint (dp_compose_kov_delta (e0s[a], 0, ks[b], eps, &back), ==, DP_OK);
            g_assert_true (isfinite (back));
            g_assert_cmpfloat (back, <=, ds[c] * (1 + 1e-9));
          }
      }
  /* VIEWS.md reference: ε₀ = 0.1, k = 100, δ = 1e-5 → KOV 4.3068. */
  double eps;
  dp_compose_kov_epsilon (0.1, 0, 100, 1e-5, &eps);
  g_assert_cmpfloat (fabs (eps - 4.3068), <=, 6e-5);
}

/* ---- exact: Gaussian, Laplace ---------------------------------------------------------- */

/* Balle & Wang 2018, Thm 8, written with erfc: Φ(x) = ½ erfc(−x/√2); the second term as
 * exp(ε + ln ½ + ln erfc(·)) so that e^{ε} does not overflow for large μ. */
static double
bw_delta (double mu, double eps)
{
  double a = 0.5 * erfc (-(mu / 2 - eps / mu) / M_SQRT2);
  double b = exp (eps - M_LN2 + gsl_sf_log_erfc ((mu / 2 + eps / mu) / M_SQRT2));
  return a - b;
}

static void
test_gaussian_exact (void)
{
  const double sigmas[] = { 0.5, 2.0, 20.0 };
  const unsigned long ks[] = { 1, 16, 1000 };
  for (size_t a = 0; a < G_N_ELEMENTS (sigmas); a++)
    for (size_t b = 0; b < G_N_ELEMENTS (ks); b++)
      {
        DpMechanism g;
        g_assert_cmpint (dp_mechanism_gaussian (sigmas[a], 1.5, &g), ==, DP_OK);
        double mu = 1.5 / sigmas[a] * sqrt ((double) ks[b]);
        for (double eps = 0.0; eps < 6.0; eps += 0.75)
          {
            double d, expect = bw_delta (mu, eps);
            if (expect < 1e-12)
              continue; /* erfc differences lose relative accuracy down there */
            g_assert_cmpint (dp_compose_exact_delta (&g, ks[b], eps, 0, NULL, &d), ==, DP_OK);
            g_assert_cmpfloat (fabs (d - expect), <=, 1e-9 * expect + 1e-15);
          }
        double eps;
        g_assert_cmpint (dp_compose_exact_epsilon (&g, ks[b], 1e-6, 0, NULL, &eps), ==, DP_OK);
        if (eps > 0)
          g_assert_cmpfloat (fabs (bw_delta (mu, eps) - 1e-6), <=, 1e-9);

        /* zCDP: ρ = kΔ²/(2σ²), ε = ρ + 2√(ρ ln(1/δ)); an upper bound on the exact ε. */
        double z, rho = ks[b] * 1.5 * 1.5 / (2 * sigmas[a] * sigmas[a]);
        g_assert_cmpint (dp_compose_gaussian_zcdp (&g, ks[b], 1e-6, &z), ==, DP_OK);
        g_assert_cmpfloat_with_epsilon (z, rho + 2 * sqrt (rho * log (1e6)), 1e-12 * z);
        g_assert_cmpfloat (z, >=, eps);
      }
  DpMechanism lap;
  dp_mechanism_laplace (1.0, 1.0, &lap);
  double z;
  g_assert_cmpint (dp_compose_gaussian_zcdp (&lap, 10, 1e-6, &z), ==, DP_ERR_DOMAIN);
}

/* Smallest ε ≥ 0 with bw_delta(μ, ε) ≤ d, by bisection on the formula above. */
static double
bw_epsilon (double mu, double d)
{
  double lo = 0, hi = 1;
  if (bw_delta (mu, 0) <= d)
    return 0;
  while (bw_delta (mu, hi) > d)
    hi *= 2;
  for (int i = 0; i < 100; i++)
    {
      double mid = 0.5 * (lo + hi);
      if (bw_delta (mu, mid) > d)
        lo = mid;
      else
        hi = mid;
    }
  return hi;
}

/* The δ split of dp-compose.h, recomputed here: Gaussian basic (ε_G(D/k), D/k), advanced
 * (ε_G(D/2k), D/2k) with δ′ = D/2; a fixed pair as given. And the crossover: the smallest
 * integer k at which advanced is below basic, found here by scanning every k. */
static void
test_policy (void)
{
  DpMechanism g, lap;
  DpComposition c;
  const double d = 1e-3;
  g_assert_cmpint (dp_mechanism_gaussian_calibrated (0.3, d, 1.0, &g), ==, DP_OK);
  double mu = g.sensitivity / g.scale;

  for (unsigned long k = 1; k <= 1000; k *= 10)
    {
      double eb = bw_epsilon (mu, d / k), ea = bw_epsilon (mu, d / (2.0 * k));
      g_assert_cmpint (dp_compose_at_delta (&g, DP_COMPOSE_BASIC, k, d, 0, NULL, &c), ==, DP_OK);
      g_assert_cmpfloat (fabs (c.epsilon - k * eb), <=, 1e-9 * k * eb);
      g_assert_cmpfloat (fabs (c.delta0 - d / k), <=, 1e-15 * d);
      g_assert_cmpfloat (c.delta, <=, d);
      g_assert_cmpint (dp_compose_at_delta (&g, DP_COMPOSE_ADVANCED, k, d, 0, NULL, &c), ==,
                       DP_OK);
      double adv = (double) advanced_ld (ea, k, d / 2);
      g_assert_cmpfloat (fabs (c.epsilon - adv), <=, 1e-9 * adv);
      g_assert_cmpfloat (fabs (c.delta_prime - d / 2), <=, 1e-15);
    }

  /* crossover: scan every k with the test's own inversions */
  unsigned long expect = 0;
  for (unsigned long k = 1; k <= 2000 && expect == 0; k++)
    {
      double basic = k * bw_epsilon (mu, d / k), ea = bw_epsilon (mu, d / (2.0 * k));
      if ((double) advanced_ld (ea, k, d / 2) < basic)
        expect = k;
    }
  g_assert_cmpuint (expect, >, 1);
  unsigned long kc;
  g_assert_cmpint (dp_compose_crossover_at_delta (&g, d, DP_K_MAX, &kc), ==, DP_OK);
  g_assert_cmpuint (kc, ==, expect);
  g_assert_cmpint (dp_compose_crossover_at_delta (&g, d, expect - 1, &kc), ==, DP_OK);
  g_assert_cmpuint (kc, ==, 0);
  printf ("# Gaussian ε = 0.3, δ = 1e-3: advanced first below basic at k = %lu\n", expect);

  /* pure: the closed form with δ′ = D */
  g_assert_cmpint (dp_mechanism_laplace (0.1, 1.0, &lap), ==, DP_OK);
  g_assert_cmpint (dp_compose_crossover_at_delta (&lap, 1e-5, DP_K_MAX, &kc), ==, DP_OK);
  long double x = 2.0L * logl (1e5L) / powl (2.0L - expl (0.1L), 2);
  g_assert_cmpuint (kc, ==, (unsigned long) floorl (x) + 1);
  g_assert_cmpint (dp_compose_at_delta (&lap, DP_COMPOSE_BASIC, 300, 1e-6, 0, NULL, &c), ==,
                   DP_OK);
  g_assert_cmpfloat (c.epsilon, ==, 300 * 0.1);
  g_assert_cmpfloat (c.delta, ==, 0);

  /* a fixed pair: basic applies only while kδ₀ ≤ D; advanced takes δ′ = D − kδ₀ */
  g_assert_cmpint (dp_compose_generic_at_delta (0.5, 1e-7, DP_COMPOSE_BASIC, 50, 1e-5, &c), ==,
                   DP_OK);
  g_assert_cmpfloat (fabs (c.delta - 5e-6), <=, 1e-20);
  g_assert_cmpint (dp_compose_generic_at_delta (0.5, 1e-6, DP_COMPOSE_BASIC, 50, 1e-5, &c), ==,
                   DP_ERR_DOMAIN);
  g_assert_cmpint (dp_compose_generic_at_delta (0.5, 1e-7, DP_COMPOSE_ADVANCED, 50, 1e-5, &c),
                   ==, DP_OK);
  g_assert_cmpfloat (fabs (c.delta_prime - 5e-6), <=, 1e-18);
  g_assert_cmpint (dp_compose_generic_at_delta (0.5, 1e-7, DP_COMPOSE_EXACT, 50, 1e-5, &c), ==,
                   DP_ERR_DOMAIN);
  g_assert_cmpint (dp_compose_at_delta (&lap, DP_COMPOSE_ZCDP, 50, 1e-5, 0, NULL, &c), ==,
                   DP_ERR_DOMAIN);
}

static void
test_laplace_exact (void)
{
  /* VIEWS.md reference point (given to 5 digits): exact 4.2203. */
  DpMechanism m;
  double eps;
  g_assert_cmpint (dp_mechanism_laplace (0.1, 1.0, &m), ==, DP_OK);
  g_assert_cmpint (dp_compose_exact_epsilon (&m, 100, 1e-5, 0, NULL, &eps), ==, DP_OK);
  g_assert_cmpfloat (fabs (eps - 4.2203), <=, 5e-5 + 1e-4 * 4.2203);

  /* Against the inversion integral, with sensitivities far from 1 (only Δ/b matters). */
  const struct { double eps0, sens; unsigned long k; double delta; } cases[] = {
    { 0.05, 1e3, 400, 1e-6 }, { 1.3, 1e-3, 60, 1e-9 }, { 0.25, 7.0, 1000, 1e-4 },
  };
  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_assert_cmpint (dp_mechanism_laplace (cases[i].eps0, cases[i].sens, &m), ==, DP_OK);
      double e0 = m.sensitivity / m.scale;
      g_assert_cmpint (dp_compose_exact_epsilon (&m, cases[i].k, cases[i].delta, 0, NULL, &eps),
                       ==, DP_OK);
      double at = truth_delta_inversion (e0, (int) cases[i].k, eps);
      double below = truth_delta_inversion (e0, (int) cases[i].k, eps * (1 - 1e-4));
      g_assert_cmpfloat (at, <=, cases[i].delta * (1 + 1e-7));
      g_assert_cmpfloat (below, >, cases[i].delta);
      double d;
      g_assert_cmpint (dp_compose_exact_delta (&m, cases[i].k, eps, 0, NULL, &d), ==, DP_OK);
      g_assert_cmpfloat (d, >=, at * (1 - 1e-7));
      g_assert_cmpfloat (d, <=, at * (1 + 1e-4));
    }
}

static void
test_curve (void)
{
  DpMechanism m;
  dp_mechanism_laplace (0.7, 2.0, &m);
  unsigned long ks[40];
  double curve[40];
  for (int i = 0; i < 40; i++)
    ks[i] = (unsigned long) llround (pow (1000.0, i / 39.0));
  g_assert_cmpint (dp_compose_exact_epsilon_curve (&m, ks, 40, 1e-6, 1e-3, NULL, curve), ==,
                   DP_OK);
  /* Every point against the inversion integral of pld-truth.h at the curve's own tolerance:
   * an upper bound (δ there ≤ 1e-6) within 1e-3 (δ at 0.999·ε above 1e-6); at k = 1 against
   * the closed form ε = ε₀ + 2 ln(1 − δ). */
  for (int i = 0; i < 40; i++)
    {
      if (i > 0 && ks[i] == ks[i - 1])
        {
          g_assert_cmpfloat (curve[i], ==, curve[i - 1]);
          continue;
        }
      if (ks[i] == 1)
        {
          double want = 0.7 + 2 * log1p (-1e-6);
          g_assert_cmpfloat (curve[i], >=, want);
          g_assert_cmpfloat (curve[i], <=, want * (1 + 1e-3));
          continue;
        }
      g_assert_cmpfloat (truth_delta_inversion (0.7, (int) ks[i], curve[i]), <=, 1e-6 * (1 + 1e-7));
      g_assert_cmpfloat (truth_delta_inversion (0.7, (int) ks[i], curve[i] * (1 - 1e-3)), >, 1e-6);
    }
  /* The curve is computed on several threads: each value is the one a call for its k alone
   * gives, to the bit, whichever thread computed it. */
  for (int i = 0; i < 40; i++)
    {
      double one;

      g_assert_cmpint (dp_compose_exact_epsilon (&m, ks[i], 1e-6, 1e-3, NULL, &one), ==, DP_OK);
      g_assert_cmpfloat (curve[i], ==, one);
    }
}

/* A k outside the domain anywhere in the list (here k = 0 in the middle) refuses the whole
 * curve before any thread starts. */
static void
test_curve_failure (void)
{
  DpMechanism m;
  unsigned long ks[20];
  double out[20];

  dp_mechanism_laplace (1.0, 1.0, &m);
  for (int i = 0; i < 20; i++)
    ks[i] = (unsigned long) (i + 1);
  ks[13] = 0;
  g_assert_cmpint (dp_compose_exact_epsilon_curve (&m, ks, 20, 1e-5, 1e-3, NULL, out), ==,
                   DP_ERR_DOMAIN);
}

static void
test_cancel_and_domain (void)
{
  DpMechanism m;
  dp_mechanism_laplace (1.0, 1.0, &m);
  DpCancel cancel;
  dp_cancel_init (&cancel);
  dp_cancel_set (&cancel);
  double x;
  unsigned long ks[3] = { 1, 10, 1000 };
  double out[3];
  g_assert_cmpint (dp_compose_exact_epsilon (&m, 1000, 1e-5, 0, &cancel, &x), ==,
                   DP_ERR_CANCELLED);
  g_assert_cmpint (dp_compose_exact_delta (&m, 1000, 300, 0, &cancel, &x), ==, DP_ERR_CANCELLED);
  g_assert_cmpint (dp_compose_exact_epsilon_curve (&m, ks, 3, 1e-5, 0, &cancel, out), ==,
                   DP_ERR_CANCELLED);
  dp_cancel_init (&cancel);
  g_assert_cmpint (dp_compose_exact_epsilon_curve (&m, ks, 3, 1e-5, 0, &cancel, out), ==, DP_OK);

  g_assert_cmpint (dp_compose_exact_epsilon (NULL, 10, 1e-5, 0, NULL, &x), ==, DP_ERR_DOMAIN);
  g_assert_cmpint (dp_compose_exact_epsilon (&m, 0, 1e-5, 0, NULL, &x), ==, DP_ERR_DOMAIN);
  g_assert_cmpint (dp_compose_exact_epsilon (&m, DP_K_MAX + 1, 1e-5, 0, NULL, &x), ==,
                   DP_ERR_DOMAIN);
  g_assert_cmpint (dp_compose_exact_epsilon (&m, 10, 0.0, 0, NULL, &x), ==, DP_ERR_DOMAIN);
  g_assert_cmpint (dp_compose_exact_epsilon (&m, 10, 1.0, 0, NULL, &x), ==, DP_ERR_DOMAIN);
  g_assert_cmpint (dp_compose_exact_epsilon (&m, 10, NAN, 0, NULL, &x), ==, DP_ERR_DOMAIN);
  g_assert_cmpint (dp_compose_exact_epsilon (&m, 10, 1e-5, -1.0, NULL, &x), ==, DP_ERR_DOMAIN);
  /* A tolerance coarser than 0.1 is refused, not silently tightened to 0.1. */
  g_assert_cmpint (dp_compose_exact_epsilon (&m, 10, 1e-5, 0.1, NULL, &x), ==, DP_OK);
  g_assert_cmpint (dp_compose_exact_epsilon (&m, 10, 1e-5, 0.5, NULL, &x), ==, DP_ERR_DOMAIN);
  g_assert_cmpint (dp_compose_exact_delta (&m, 10, 3.0, 0.2, NULL, &x), ==, DP_ERR_DOMAIN);
  g_assert_cmpint (dp_compose_exact_epsilon_curve (&m, ks, 3, 1e-5, 1.0, NULL, out), ==,
                   DP_ERR_DOMAIN);
  g_assert_cmpint (dp_compose_exact_epsilon (&m, 10, 1e-5, NAN, NULL, &x), ==, DP_ERR_DOMAIN);
  g_assert_cmpint (dp_compose_exact_delta (&m, 10, -1.0, 0, NULL, &x), ==, DP_ERR_DOMAIN);
  g_assert_cmpint (dp_compose_exact_delta (&m, 10, INFINITY, 0, NULL, &x), ==, DP_ERR_DOMAIN);
  g_assert_cmpint (dp_compose_kov_delta (0.0, 0, 10, 1.0, &x), ==, DP_ERR_DOMAIN);
  g_assert_cmpint (dp_compose_kov_epsilon (1.0, 0, 10, 1e-5, NULL), ==, DP_ERR_DOMAIN);
  g_assert_cmpint (dp_compose_rdp (&m, 10, 0.0, &x), ==, DP_ERR_DOMAIN);
  DpMechanism bad = m;
  bad.kind = DP_N_MECHANISMS;
  g_assert_cmpint (dp_compose_exact_epsilon (&bad, 10, 1e-5, 0, NULL, &x), ==, DP_ERR_DOMAIN);
  /* Mechanisms outside the documented domain, which the rest of libdpcore refuses, get no
   * composition either: σ below 1e-9, a Laplace scale that is not Δ/ε. */
  DpMechanism g;
  g_assert_cmpint (dp_mechanism_gaussian (1.0, 1.0, &g), ==, DP_OK);
  g.scale = 1e-300;
  g_assert_cmpint (dp_kl (&g, &x), ==, DP_ERR_DOMAIN);
  g_assert_cmpint (dp_compose_gaussian_zcdp (&g, 10, 1e-5, &x), ==, DP_ERR_DOMAIN);
  g_assert_cmpint (dp_compose_exact_epsilon (&g, 10, 1e-5, 0, NULL, &x), ==, DP_ERR_DOMAIN);
  DpComposition c;
  g_assert_cmpint (dp_compose_at_delta (&g, DP_COMPOSE_BASIC, 10, 1e-5, 0, NULL, &c), ==,
                   DP_ERR_DOMAIN);
  bad = m;
  bad.epsilon = 5.0; /* scale 1 = Δ/ε for ε = 1, not 5 */
  g_assert_cmpint (dp_kl (&bad, &x), ==, DP_ERR_DOMAIN);
  g_assert_cmpint (dp_compose_exact_epsilon (&bad, 10, 1e-5, 0, NULL, &x), ==, DP_ERR_DOMAIN);
}

/* ---- cancellation while a computation runs ------------------------------------------------ */

typedef struct {
  const DpMechanism *m;
  unsigned long k;
  int which;           /* 0: ε from δ, 1: δ from ε, 2: a curve */
  DpCancel cancel;
  gint started;        /* set by the worker right before the call */
  gint64 t_set;        /* when the flag was raised (µs, monotonic) */
  gint64 t_end;        /* when the call returned */
  DpStatus status;
} CancelRun;

static gpointer
cancel_worker (gpointer data)
{
  CancelRun *r = data;
  double x;
  unsigned long ks[4] = { r->k / 8, r->k / 4, r->k / 2, r->k };
  double out[4];

  g_atomic_int_set (&r->started, 1);
  if (r->which == 0)
    r->status = dp_compose_exact_epsilon (r->m, r->k, 1e-6, 0, &r->cancel, &x);
  else if (r->which == 1)
    r->status = dp_compose_exact_delta (r->m, r->k, 0.2 * r->k * r->m->epsilon, 0, &r->cancel, &x);
  else
    r->status = dp_compose_exact_epsilon_curve (r->m, ks, 4, 1e-6, 0, &r->cancel, out);
  r->t_end = g_get_monotonic_time ();
  return NULL;
}

/* Another thread raises the flag while the computation runs, after a delay chosen to land
 * in its different phases (grid and tilt, FFT, power, scan). Uncancelled, each of these calls
 * takes ≥ 0.3 s on the development machine (Laplace, k = 10⁶: ε 1.6 s, δ 0.35 s), longer
 * than the longest delay used with it, so the flag is always raised during the call; the
 * call must then return DP_ERR_CANCELLED. How long it took to notice is printed, not asserted (the machine's load
 * decides it; between two polls the PLD runs one GSL FFT, which cannot be interrupted). */
static void
test_cancel_while_running (void)
{
  DpMechanism lap;
  const gint64 delays_us[] = { 1000, 5000, 20000, 60000, 150000 };
  gint64 worst = 0;

  g_assert_cmpint (dp_mechanism_laplace (0.1, 1.0, &lap), ==, DP_OK);
  for (int which = 0; which < 3; which++)
    for (size_t i = 0; i < G_N_ELEMENTS (delays_us); i++)
      {
        CancelRun r = { .m = &lap, .k = 1000000, .which = which };
        GThread *t;

        if (which == 1 && delays_us[i] > 60000)
          continue; /* the δ direction takes ≈ 0.35 s in all */
        dp_cancel_init (&r.cancel);
        t = g_thread_new ("compose", cancel_worker, &r);
        while (!g_atomic_int_get (&r.started))
          g_usleep (100);
        g_usleep (delays_us[i]);
        r.t_set = g_get_monotonic_time ();
        dp_cancel_set (&r.cancel);
        g_thread_join (t);
        g_assert_cmpint (r.status, ==, DP_ERR_CANCELLED);
        g_assert_cmpint (r.t_end, >=, r.t_set);
        worst = MAX (worst, r.t_end - r.t_set);
        printf ("# cancel %s at %5.1f ms into the call: returned %.2f ms after the flag\n",
                (const char *[]) { "epsilon", "delta  ", "curve  " }[which],
                delays_us[i] / 1000.0, (r.t_end - r.t_set) / 1000.0);
      }
  printf ("# cancel: longest time from the flag to the return %.2f ms\n", worst / 1000.0);
}

/* ---- RDP ------------------------------------------------------------------------------- */

/* D_α for the three mechanisms, from Mironov 2017 Table II, evaluated in long double. */
static long double
renyi_ld (DpMechanismKind kind, long double eps, long double mu, long double alpha)
{
  switch (kind)
    {
    case DP_MECHANISM_GAUSSIAN:
      return alpha * mu * mu / 2;
    case DP_MECHANISM_LAPLACE:
      return logl (alpha / (2 * alpha - 1) * expl ((alpha - 1) * eps)
                   + (alpha - 1) / (2 * alpha - 1) * expl (-alpha * eps))
             / (alpha - 1);
    default:
      {
        long double p = expl (eps) / (1 + expl (eps)), q = 1 - p;
        return logl (powl (p, alpha) * powl (q, 1 - alpha) + powl (q, alpha) * powl (p, 1 - alpha))
               / (alpha - 1);
      }
    }
}

/* Brute-force minimum over a fine log grid of α − 1 ∈ [1e-4, 1e6]. */
static double
rdp_brute (DpMechanismKind kind, double eps, double mu, unsigned long k, double delta)
{
  long double best = HUGE_VALL;
  for (int i = 0; i <= 40000; i++)
    {
      long double am1 = powl (10.0L, -4.0L + 10.0L * i / 40000.0L), alpha = 1 + am1;
      long double v = k * renyi_ld (kind, eps, mu, alpha) + logl (am1 / alpha)
                      - (logl (delta) + logl (alpha)) / am1;
      if (v < best)
        best = v;
    }
  if (kind != DP_MECHANISM_GAUSSIAN && k * eps < best)
    best = k * eps;
  return best > 0 ? (double) best : 0.0;
}

static void
test_rdp (void)
{
  DpMechanism m;
  double eps, exact;
  g_assert_cmpint (dp_mechanism_gaussian (3.0, 1.0, &m), ==, DP_OK);
  g_assert_cmpint (dp_compose_rdp (&m, 100, 1e-5, &eps), ==, DP_OK);
  g_assert_cmpfloat_with_epsilon (eps, rdp_brute (DP_MECHANISM_GAUSSIAN, 0, 1.0 / 3.0, 100, 1e-5),
                                  1e-6 * eps);
  dp_compose_exact_epsilon (&m, 100, 1e-5, 0, NULL, &exact);
  g_assert_cmpfloat (eps, >=, exact);

  g_assert_cmpint (dp_mechanism_laplace (0.5, 1.0, &m), ==, DP_OK);
  g_assert_cmpint (dp_compose_rdp (&m, 200, 1e-6, &eps), ==, DP_OK);
  g_assert_cmpfloat_with_epsilon (eps, rdp_brute (DP_MECHANISM_LAPLACE, 0.5, 0, 200, 1e-6),
                                  1e-6 * eps);
  dp_compose_exact_epsilon (&m, 200, 1e-6, 0, NULL, &exact);
  g_assert_cmpfloat (eps, >=, exact);

  g_assert_cmpint (dp_mechanism_rr (0.8, &m), ==, DP_OK);
  g_assert_cmpint (dp_compose_rdp (&m, 50, 1e-8, &eps), ==, DP_OK);
  g_assert_cmpfloat_with_epsilon (eps, rdp_brute (DP_MECHANISM_RR, 0.8, 0, 50, 1e-8), 1e-6 * eps);
  dp_compose_exact_epsilon (&m, 50, 1e-8, 0, NULL, &exact);
  g_assert_cmpfloat (eps, >=, exact);
  /* Few, very private steps: the α → ∞ limit kε₀ wins. */
  g_assert_cmpint (dp_mechanism_laplace (0.01, 1.0, &m), ==, DP_OK);
  g_assert_cmpint (dp_compose_rdp (&m, 1, 1e-10, &eps), ==, DP_OK);
  g_assert_cmpfloat (eps, <=, 0.01 + 1e-12);
}

/* ---- finiteness over the whole domain --------------------------------------------------- */

static void
test_sweep (void)
{
  const double epss[] = { 1e-3, 0.05, 1.0, 10.0, 50.0 };
  const double senss[] = { 1e-3, 1e3 };
  const unsigned long ks[] = { 1, 10, 1000, 100000 };
  const double ds[] = { 1e-15, 1e-6, 0.5 };
  for (size_t a = 0; a < G_N_ELEMENTS (epss); a++)
    for (size_t s = 0; s < G_N_ELEMENTS (senss); s++)
      for (size_t b = 0; b < G_N_ELEMENTS (ks); b++)
        for (size_t c = 0; c < G_N_ELEMENTS (ds); c++)
          {
            DpMechanism lap, gau, rr;
            double x, kov, d;
            g_assert_cmpint (dp_mechanism_laplace (epss[a], senss[s], &lap), ==, DP_OK);
            double e0 = lap.sensitivity / lap.scale;
            /* The curve view asks for 1e-3; the sweep checks validity, not accuracy. */
            double tol = ks[b] >= 100000 ? 1e-3 : 0;
            g_assert_cmpint (dp_compose_exact_epsilon (&lap, ks[b], ds[c], tol, NULL, &x), ==,
                             DP_OK);
            g_assert_cmpint (dp_compose_kov_epsilon (e0, 0, ks[b], ds[c], &kov), ==, DP_OK);
            g_assert_true (isfinite (x) && x >= 0 && x <= kov);
            /* δ at that ε (at k = 1e5 a 1e-2-accurate δ needs the largest FFT: once per ε₀). */
            if (ks[b] < 100000 || (s == 0 && c == 1))
              {
                g_assert_cmpint (dp_compose_exact_delta (&lap, ks[b], x, 1e-2, NULL, &d), ==,
                                 DP_OK);
                g_assert_true (isfinite (d) && d >= 0 && d <= 1);
                g_assert_cmpfloat (d, <=, ds[c] * (1 + 1e-2) + 1e-300);
              }
            g_assert_cmpint (dp_compose_rdp (&lap, ks[b], ds[c], &x), ==, DP_OK);
            g_assert_true (isfinite (x) && x >= 0);

            if (dp_mechanism_gaussian_calibrated (fmin (epss[a], 20.0), 1e-6, senss[s], &gau)
                == DP_OK)
              {
                g_assert_cmpint (dp_compose_exact_epsilon (&gau, ks[b], ds[c], 0, NULL, &x), ==,
                                 DP_OK);
                g_assert_true (isfinite (x) && x >= 0);
                g_assert_cmpint (dp_compose_gaussian_zcdp (&gau, ks[b], ds[c], &x), ==, DP_OK);
                g_assert_true (isfinite (x) && x >= 0);
                g_assert_cmpint (dp_compose_rdp (&gau, ks[b], ds[c], &x), ==, DP_OK);
                g_assert_true (isfinite (x) && x >= 0);
              }
            g_assert_cmpint (dp_mechanism_rr (epss[a], &rr), ==, DP_OK);
            g_assert_cmpint (dp_compose_exact_epsilon (&rr, ks[b], ds[c], 0, NULL, &x), ==, DP_OK);
            g_assert_true (isfinite (x) && x >= 0);

            DpAdvancedComposition adv;
            g_assert_cmpint (dp_compose_advanced (epss[a], 0, ks[b], ds[c], &adv), ==, DP_OK);
            g_assert_true (isfinite (adv.epsilon));
          }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/compose/basic", test_basic);
  g_test_add_func ("/compose/advanced", test_advanced);
  g_test_add_func ("/compose/crossover", test_crossover);
  g_test_add_func ("/compose/kov-brute-force", test_kov_brute_force);
  g_test_add_func ("/compose/kov-large", test_kov_large);
  g_test_add_func ("/compose/rr-exact", test_rr_exact);
  g_test_add_func ("/compose/kov-extremes", test_kov_extremes);
  g_test_add_func ("/compose/kov-below-every-loss", test_kov_below_every_loss);
  g_test_add_func ("/compose/kov-inverse-meets-delta", test_kov_inverse_meets_delta);
  g_test_add_func ("/compose/gaussian-exact", test_gaussian_exact);
  g_test_add_func ("/compose/laplace-exact", test_laplace_exact);
  g_test_add_func ("/compose/policy", test_policy);
  g_test_add_func ("/compose/curve-failure", test_curve_failure);
  g_test_add_func ("/compose/curve", test_curve);
  g_test_add_func ("/compose/cancel-and-domain", test_cancel_and_domain);
  g_test_add_func ("/compose/cancel-while-running", test_cancel_while_running);
  g_test_add_func ("/compose/rdp", test_rdp);
  g_test_add_func ("/compose/sweep", test_sweep);
  return g_test_run ();
}
