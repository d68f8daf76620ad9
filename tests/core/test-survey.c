/* test-survey.c — the randomized-response survey (book §3.3.1)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected values never come from dp-survey.c: the book's numbers at p = 2/3 (λ = (1 + π)/3,
 * π̂ = 3λ̂ − 1), Bayes' rule over the four joint outcomes, the binomial distribution written
 * out here in long double (lgammal) and summed term by term, GSL's beta quantiles (a
 * different algorithm for the Clopper–Pearson ends), closed forms at k = 0 and k = n, and
 * simulations checked against the exact binomial distribution within stated tolerances.
 */
#include <float.h>

#include <gsl/gsl_cdf.h>

#include "test-util.h"

/* p = e^ε/(1 + e^ε) in long double, from its definition. */
static long double
keep_of (double eps)
{
  return expl ((long double) eps) / (1.0L + expl ((long double) eps));
}

/* λ = pπ + (1 − p)(1 − π) (book §3.3.1), in long double. */
static long double
lambda_of (double eps, double pi)
{
  long double p = keep_of (eps);
  return p * pi + (1.0L - p) * (1.0L - pi);
}

/* Pr[K = k], K ~ Binomial(n, λ), by its definition in long double. */
static long double
binom_pmf (unsigned long n, unsigned long k, long double lam)
{
  long double lc = lgammal (n + 1.0L) - lgammal (k + 1.0L) - lgammal (n - k + 1.0L);
  return expl (lc + k * logl (lam) + (n - k) * log1pl (-lam));
}

/* Pr[K ≤ k] and Pr[K ≥ k] by summing the pmf (n ≤ a few thousand). */
static long double
binom_le (unsigned long n, unsigned long k, long double lam)
{
  long double s = 0.0L;
  for (unsigned long j = 0; j <= k; j++)
    s += binom_pmf (n, j, lam);
  return s;
}

static long double
binom_ge (unsigned long n, unsigned long k, long double lam)
{
  long double s = 0.0L;
  for (unsigned long j = k; j <= n; j++)
    s += binom_pmf (n, j, lam);
  return s;
}

/* ---------------------------------------------------------------------------------------- */

/* The book's coin: p = 2/3 at ε = ln 2, λ = (1 + π)/3, π̂ = 3λ̂ − 1, sd = 3√(λ(1 − λ)/n). */
static void
test_book_numbers (void)
{
  const double pis[] = { 0.0, 0.1, 0.3, 0.5, 0.9, 1.0 };
  for (guint i = 0; i < G_N_ELEMENTS (pis); i++)
    {
      DpSurveyExpected e;
      double lam = (1.0 + pis[i]) / 3.0;
      assert_ok (dp_survey_expected (log (2.0), pis[i], 50, &e));
      assert_rel ("survey p = 2/3", e.keep, 2.0 / 3.0, 1e-15);
      assert_rel ("survey 1 − p = 1/3", e.flip, 1.0 / 3.0, 1e-15);
      assert_rel ("survey 2p − 1 = 1/3", e.gain, 1.0 / 3.0, 1e-15);
      assert_rel ("survey λ = (1 + π)/3", e.observed_rate, lam, 1e-15);
      assert_rel ("survey sd = 3√(λ(1−λ)/n)", e.estimator_sd, 3.0 * sqrt (lam * (1 - lam) / 50),
                  1e-14);
    }
  /* π̂ = 3λ̂ − 1 for every observed rate, unclamped: 0 → −1, 1 → 2. */
  for (int k = 0; k <= 20; k++)
    {
      double est, r = k / 20.0;
      assert_ok (dp_survey_estimate (log (2.0), r, &est));
      g_assert_cmpfloat (fabs (est - (3.0 * r - 1.0)), <=, 1e-14);
    }
}

/* Bayes' rule over the joint outcomes (X, Y): Pr[X = 1, Y = 1] = πp, Pr[X = 0, Y = 1] =
 * (1 − π)(1 − p), …; and the odds identity posterior odds = e^{±ε} × prior odds. */
static void
test_posterior (void)
{
  const double eps[] = { 1e-6, 0.1, log (2.0), 1.0, 5.0, 40.0, 700.0 };
  const double pis[] = { 0.0, 1e-9, 0.01, 0.3, 0.5, 0.99, 1.0 };
  for (guint i = 0; i < G_N_ELEMENTS (eps); i++)
    for (guint j = 0; j < G_N_ELEMENTS (pis); j++)
      {
        DpSurveyExpected e;
        long double p = 1.0L / (1.0L + expl (-(long double) eps[i]));
        long double q = 1.0L / (1.0L + expl ((long double) eps[i]));
        long double yes_yes = pis[j] * p, no_yes = (1.0L - pis[j]) * q;
        long double yes_no = pis[j] * q, no_no = (1.0L - pis[j]) * p;
        assert_ok (dp_survey_expected (eps[i], pis[j], 10, &e));
        assert_rel ("posterior yes | yes", e.posterior_yes,
                    (double) (yes_yes / (yes_yes + no_yes)), 1e-14);
        assert_rel ("posterior yes | no", e.posterior_no, (double) (yes_no / (yes_no + no_no)),
                    1e-14);
        assert_rel ("1 − p direct", e.flip, (double) q, 1e-15);
        g_assert_true (e.flip > 0.0);
        if (pis[j] > 0.0 && pis[j] < 1.0 && eps[i] < 30)
          {
            /* odds ratio e^ε exactly (Thm 3.1's likelihood ratio) */
            double prior = pis[j] / (1 - pis[j]);
            assert_rel ("posterior odds = e^ε prior odds",
                        e.posterior_yes / (1 - e.posterior_yes) / prior, exp (eps[i]), 1e-12);
          }
      }
}

/* E[π̂] = π exactly: the expectation of the estimator over the binomial distribution of the
 * count, summed here term by term, and its standard deviation from the same sum. */
static void
test_unbiased_exact (void)
{
  const double eps[] = { 0.05, log (2.0), 1.0, 3.0, 12.0 };
  const double pis[] = { 0.0, 0.2, 0.5, 0.77, 1.0 };
  const unsigned long ns[] = { 1, 10, 137, 1000 };
  for (guint a = 0; a < G_N_ELEMENTS (eps); a++)
    for (guint b = 0; b < G_N_ELEMENTS (pis); b++)
      for (guint c = 0; c < G_N_ELEMENTS (ns); c++)
        {
          unsigned long n = ns[c];
          long double lam = lambda_of (eps[a], pis[b]);
          long double mean = 0.0L, second = 0.0L, total = 0.0L;
          for (unsigned long k = 0; k <= n; k++)
            {
              double est;
              long double w = binom_pmf (n, k, lam);
              assert_ok (dp_survey_estimate (eps[a], (double) k / (double) n, &est));
              total += w;
              mean += w * est;
              second += w * ((long double) est - pis[b]) * ((long double) est - pis[b]);
            }
          DpSurveyExpected e;
          assert_ok (dp_survey_expected (eps[a], pis[b], n, &e));
          /* |E π̂ − π| relative to the estimator's own scale 1/(2p − 1) */
          g_assert_cmpfloat (fabs ((double) (mean - pis[b])), <=, 1e-12 / e.gain);
          assert_rel ("estimator sd vs binomial sum", e.estimator_sd, (double) sqrtl (second),
                      1e-10);
          g_assert_cmpfloat (fabs ((double) total - 1.0), <=, 1e-13);
          assert_rel ("λ vs definition", e.observed_rate, (double) lam, 1e-15);
        }
}

/* The pmf against the long-double definition (small n), and its mass, mean nλ and variance
 * nλ(1 − λ) (identities of the binomial) up to n = 10⁷. */
static void
test_pmf (void)
{
  const unsigned long ns[] = { 1, 7, 100, 3000 };
  for (guint c = 0; c < G_N_ELEMENTS (ns); c++)
    {
      unsigned long n = ns[c];
      double *pmf = g_new (double, n + 1);
      assert_ok (dp_survey_count_pmf (1.3, 0.42, n, 0, n + 1, pmf));
      long double lam = lambda_of (1.3, 0.42);
      for (unsigned long k = 0; k <= n; k++)
        {
          long double want = binom_pmf (n, k, lam);
          if (want > 1e-290L)
            assert_rel ("pmf vs long-double definition", pmf[k], (double) want, 2e-12);
        }
      g_free (pmf);
    }

  const unsigned long big[] = { 100000, 10000000 };
  for (guint c = 0; c < G_N_ELEMENTS (big); c++)
    {
      unsigned long n = big[c], lo, hi;
      const double pi = 0.35, eps = 0.8;
      assert_ok (dp_survey_count_range (eps, pi, n, 1e-15, &lo, &hi));
      size_t m = hi - lo + 1;
      double *pmf = g_new (double, m);
      assert_ok (dp_survey_count_pmf (eps, pi, n, lo, m, pmf));
      long double s0 = 0, s1 = 0, s2 = 0, lam = lambda_of (eps, pi);
      for (size_t i = 0; i < m; i++)
        {
          long double k = (long double) (lo + i);
          s0 += pmf[i];
          s1 += pmf[i] * k;
          s2 += pmf[i] * k * k;
        }
      long double mean = s1 / s0, var = s2 / s0 - mean * mean;
      g_assert_cmpfloat (fabs ((double) s0 - 1.0), <=, 1e-11);
      assert_rel ("pmf mean = nλ", (double) mean, (double) (n * lam), 1e-12);
      assert_rel ("pmf variance = nλ(1 − λ)", (double) var, (double) (n * lam * (1 - lam)), 1e-7);
      g_free (pmf);
    }
}

/* The range's tails against sums of the long-double pmf. */
static void
test_count_range (void)
{
  const double tails[] = { 0.025, 1e-6, 1e-12 };
  for (guint t = 0; t < G_N_ELEMENTS (tails); t++)
    {
      unsigned long n = 2000, lo, hi;
      long double lam = lambda_of (0.7, 0.6);
      assert_ok (dp_survey_count_range (0.7, 0.6, n, tails[t], &lo, &hi));
      long double below = lo == 0 ? 0.0L : binom_le (n, lo - 1, lam);
      long double below_next = binom_le (n, lo, lam);
      long double above = hi == n ? 0.0L : binom_ge (n, hi + 1, lam);
      long double above_prev = binom_ge (n, hi, lam);
      g_assert_cmpfloat ((double) below, <=, tails[t] * (1 + 1e-9));
      g_assert_cmpfloat ((double) below_next, >, tails[t] * (1 - 1e-9));
      g_assert_cmpfloat ((double) above, <=, tails[t] * (1 + 1e-9));
      g_assert_cmpfloat ((double) above_prev, >, tails[t] * (1 - 1e-9));
    }
}

/* Clopper–Pearson ends: their defining equations with the binomial summed here, GSL's beta
 * quantiles, and the closed forms at k = 0 and k = n. */
static void
test_interval_ends (void)
{
  const double eps[] = { log (2.0), log (3.0), 2.5 };
  const unsigned long ns[] = { 1, 5, 40, 300 };
  for (guint a = 0; a < G_N_ELEMENTS (eps); a++)
    for (guint c = 0; c < G_N_ELEMENTS (ns); c++)
      {
        unsigned long n = ns[c];
        long double p = keep_of (eps[a]), q = 1.0L - p, gain = p - q;
        for (unsigned long k = 0; k <= n; k++)
          {
            double lo, hi;
            assert_ok (dp_survey_interval (eps[a], n, k, 0.95, &lo, &hi));
            g_assert_cmpfloat (lo, <, hi);
            /* back to λ through the book's relation λ = (1 − p) + (2p − 1)π */
            long double lam_lo = q + gain * lo, lam_hi = q + gain * hi;
            if (k == 0)
              {
                g_assert_cmpfloat (fabs ((double) lam_lo), <=, 1e-15);
                assert_rel ("CP upper at k = 0: 1 − 0.025^{1/n}", (double) lam_hi,
                            1.0 - pow (0.025, 1.0 / n), 1e-13);
              }
            else
              {
                assert_rel ("CP lower: Pr[K ≥ k] = 0.025", (double) binom_ge (n, k, lam_lo),
                            0.025, 1e-9);
                assert_rel ("CP lower vs GSL beta quantile", (double) lam_lo,
                            gsl_cdf_beta_Pinv (0.025, k, n - k + 1), 1e-9);
              }
            if (k == n)
              {
                g_assert_cmpfloat (fabs ((double) lam_hi - 1.0), <=, 1e-15);
                assert_rel ("CP lower at k = n: 0.025^{1/n}", (double) lam_lo,
                            pow (0.025, 1.0 / n), 1e-13);
              }
            else
              {
                assert_rel ("CP upper: Pr[K ≤ k] = 0.025", (double) binom_le (n, k, lam_hi),
                            0.025, 1e-9);
                assert_rel ("CP upper vs GSL beta quantile", (double) lam_hi,
                            gsl_cdf_beta_Qinv (0.025, k + 1, n - k), 1e-9);
              }
          }
      }

  /* Large classes: the ends satisfy their equations to the pmf's accuracy, checked through
   * the normal approximation's neighbourhood (the interval contains the estimate and has
   * width ≈ 2·1.96·sd within 2 %). */
  const unsigned long big[] = { 100000, 10000000 };
  for (guint c = 0; c < G_N_ELEMENTS (big); c++)
    {
      unsigned long n = big[c], k = (unsigned long) (0.4 * n);
      double lo, hi, est;
      assert_ok (dp_survey_interval (1.0, n, k, 0.95, &lo, &hi));
      assert_ok (dp_survey_estimate (1.0, 0.4, &est));
      g_assert_cmpfloat (lo, <, est);
      g_assert_cmpfloat (est, <, hi);
      double gain = tanh (0.5), sd = sqrt (0.4 * 0.6 / n) / gain;
      assert_rel ("CP width ≈ normal width for large n", hi - lo, 2 * 1.959964 * sd, 0.02);
    }
}

/* Coverage, exactly: Σ_k Pr[K = k]·[π ∈ CI(k)] ≥ 0.95 for every π (the Clopper–Pearson
 * guarantee, which a normal-approximation interval fails near the ends); then simulated
 * classes cover π as often as that exact sum says, within 4 binomial standard deviations. */
static void
test_interval_coverage (void)
{
  const unsigned long ns[] = { 10, 30, 100 };
  const double eps = log (3.0);
  for (guint c = 0; c < G_N_ELEMENTS (ns); c++)
    {
      unsigned long n = ns[c];
      double *lo = g_new (double, n + 1), *hi = g_new (double, n + 1);
      for (unsigned long k = 0; k <= n; k++)
        assert_ok (dp_survey_interval (eps, n, k, 0.95, &lo[k], &hi[k]));
      for (int i = 0; i <= 50; i++)
        {
          double pi = i / 50.0;
          long double lam = lambda_of (eps, pi), cover = 0.0L;
          for (unsigned long k = 0; k <= n; k++)
            if (lo[k] <= pi && pi <= hi[k])
              cover += binom_pmf (n, k, lam);
          g_assert_cmpfloat ((double) cover, >=, 0.95 - 1e-12);
        }
      g_free (lo);
      g_free (hi);
    }

  /* simulated classes, several settings, 3000 seeds each */
  const struct { double eps, pi; unsigned long n; } cases[] = {
    { log (3.0), 0.3, 60 }, { 1.0, 0.05, 400 }, { 0.3, 0.8, 1000 },
  };
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      const unsigned long seeds = 3000, n = cases[c].n;
      double *lo = g_new (double, n + 1), *hi = g_new (double, n + 1);
      for (unsigned long k = 0; k <= n; k++)
        assert_ok (dp_survey_interval (cases[c].eps, n, k, 0.95, &lo[k], &hi[k]));
      long double lam = lambda_of (cases[c].eps, cases[c].pi), exact = 0.0L;
      for (unsigned long k = 0; k <= n; k++)
        if (lo[k] <= cases[c].pi && cases[c].pi <= hi[k])
          exact += binom_pmf (n, k, lam);
      unsigned long covered = 0;
      for (unsigned long s = 0; s < seeds; s++)
        {
          DpSurveyClass cls;
          double a, b;
          assert_ok (dp_survey_simulate (cases[c].eps, cases[c].pi, n, s, &cls, NULL, NULL));
          assert_ok (dp_survey_interval (cases[c].eps, n, cls.observed_count, 0.95, &a, &b));
          covered += a <= cases[c].pi && cases[c].pi <= b;
        }
      double rate = (double) covered / seeds, c_ex = (double) exact;
      double tol = 4.0 * sqrt (c_ex * (1 - c_ex) / seeds);
      printf ("# coverage ε=%g π=%g n=%lu: simulated %.4f, exact %.4f (tolerance %.4f)\n",
              cases[c].eps, cases[c].pi, n, rate, c_ex, tol);
      g_assert_cmpfloat (fabs (rate - c_ex), <=, tol);
      g_assert_cmpfloat (c_ex, >=, 0.95);
      g_free (lo);
      g_free (hi);
    }
}

/* Drawn classes follow the model: over many seeds the observed count has the exact binomial
 * distribution (chi-square against Binomial(n, λ), bins of expected count ≥ 20, below its
 * 0.999 quantile), the true count has mean nπ, flips happen with probability 1 − p, the
 * arrays agree with the counts, and a seed always draws the same class. */
static void
test_simulate (void)
{
  const struct { double eps, pi; unsigned long n; } cases[] = {
    { log (2.0), 0.3, 50 }, { 2.0, 0.9, 300 }, { 0.5, 0.0, 40 }, { 0.5, 1.0, 40 },
  };
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      const unsigned long seeds = 4000, n = cases[c].n;
      unsigned long *hist = g_new0 (unsigned long, n + 1);
      unsigned char *x = g_new (unsigned char, n), *y = g_new (unsigned char, n);
      unsigned long flips = 0, truths = 0;
      for (unsigned long s = 0; s < seeds; s++)
        {
          DpSurveyClass cls, again;
          assert_ok (dp_survey_simulate (cases[c].eps, cases[c].pi, n, s + 1000 * c, &cls, x, y));
          assert_ok (dp_survey_simulate (cases[c].eps, cases[c].pi, n, s + 1000 * c, &again,
                                         NULL, NULL));
          g_assert_cmpuint (cls.observed_count, ==, again.observed_count);
          g_assert_cmpuint (cls.true_count, ==, again.true_count);
          unsigned long sx = 0, sy = 0;
          for (unsigned long i = 0; i < n; i++)
            {
              sx += x[i];
              sy += y[i];
              flips += x[i] != y[i];
            }
          g_assert_cmpuint (sx, ==, cls.true_count);
          g_assert_cmpuint (sy, ==, cls.observed_count);
          g_assert_cmpuint (cls.n, ==, n);
          assert_rel ("drawn observed rate", cls.observed_rate, (double) sy / n, 1e-15);
          double est;
          assert_ok (dp_survey_estimate (cases[c].eps, cls.observed_rate, &est));
          g_assert_cmpfloat (cls.estimate, ==, est);
          truths += cls.true_count;
          hist[cls.observed_count]++;
        }
      double pi = cases[c].pi;
      if (pi == 0.0)
        g_assert_cmpuint (truths, ==, 0);
      else if (pi == 1.0)
        g_assert_cmpuint (truths, ==, n * seeds);
      else
        {
          double mean = (double) truths / seeds, sd = sqrt (n * pi * (1 - pi) / seeds);
          g_assert_cmpfloat (fabs (mean - n * pi), <=, 4.5 * sd);
        }
      double q = (double) (1.0L - keep_of (cases[c].eps)), total = (double) n * seeds;
      g_assert_cmpfloat (fabs (flips - total * q), <=, 4.5 * sqrt (total * q * (1 - q)));

      /* chi-square over bins of expected count ≥ 20 */
      long double lam = lambda_of (cases[c].eps, pi);
      double chi2 = 0.0, expected_bin = 0.0, observed_bin = 0.0;
      int bins = 0;
      for (unsigned long k = 0; k <= n; k++)
        {
          expected_bin += (double) (seeds * binom_pmf (n, k, lam));
          observed_bin += hist[k];
          if (expected_bin >= 20.0 || k == n)
            {
              chi2 += (observed_bin - expected_bin) * (observed_bin - expected_bin) / expected_bin;
              bins++;
              expected_bin = observed_bin = 0.0;
            }
        }
      double limit = gsl_cdf_chisq_Pinv (0.999, bins - 1);
      printf ("# simulate ε=%g π=%g n=%lu: χ² = %.1f on %d bins (0.999 quantile %.1f)\n",
              cases[c].eps, pi, n, chi2, bins, limit);
      g_assert_cmpfloat (chi2, <, limit);
      g_free (hist);
      g_free (x);
      g_free (y);
    }

  /* different seeds draw different classes */
  DpSurveyClass a, b;
  unsigned char ya[1000], yb[1000];
  assert_ok (dp_survey_simulate (1.0, 0.5, 1000, 0, &a, NULL, ya));
  assert_ok (dp_survey_simulate (1.0, 0.5, 1000, 1, &b, NULL, yb));
  g_assert_true (memcmp (ya, yb, sizeof ya) != 0);
  assert_ok (dp_survey_simulate (1.0, 0.5, 1000, DP_SEED_MAX, &b, NULL, yb));
  g_assert_true (memcmp (ya, yb, sizeof ya) != 0);
}

/* The sd curve against the closed form written here. */
static void
test_sd_curve (void)
{
  double eps[64], sd[64];
  for (int i = 0; i < 64; i++)
    eps[i] = DP_EPSILON_MIN * pow (DP_EPSILON_MAX / DP_EPSILON_MIN, i / 63.0);
  assert_ok (dp_survey_sd_curve (eps, 64, 0.25, 500, sd));
  for (int i = 0; i < 64; i++)
    {
      long double p = keep_of (eps[i]), lam = lambda_of (eps[i], 0.25);
      long double want = sqrtl (lam * (1 - lam) / 500) / (2 * p - 1);
      if (eps[i] < 1e-3)
        want = sqrtl (lam * (1 - lam) / 500) / tanhl (eps[i] / 2.0L);
      assert_rel ("sd curve vs closed form", sd[i], (double) want, 1e-9);
      g_assert_true (isfinite (sd[i]) && sd[i] > 0);
    }
  /* the limit ε → ∞: λ → π, sd → √(π(1 − π)/n), the sd of a plain survey */
  assert_rel ("sd at ε = 700", sd[63], sqrt (0.25 * 0.75 / 500), 1e-14);
}

static void
test_domain (void)
{
  DpSurveyExpected e = { .keep = -7 };
  DpSurveyClass cls = { .n = 77 };
  double v = -7, w = -7, pmf[3] = { -7, -7, -7 };
  unsigned long lo = 77, hi = 77;
  const double bad_eps[] = { 0.0, 1e-7, 700.5, NAN, HUGE_VAL, -1.0 };
  for (guint i = 0; i < G_N_ELEMENTS (bad_eps); i++)
    {
      assert_domain (dp_survey_expected (bad_eps[i], 0.5, 10, &e));
      assert_domain (dp_survey_estimate (bad_eps[i], 0.5, &v));
      assert_domain (dp_survey_interval (bad_eps[i], 10, 3, 0.95, &v, &w));
      assert_domain (dp_survey_simulate (bad_eps[i], 0.5, 10, 1, &cls, NULL, NULL));
      assert_domain (dp_survey_count_pmf (bad_eps[i], 0.5, 10, 0, 3, pmf));
      assert_domain (dp_survey_sd_curve (&bad_eps[i], 1, 0.5, 10, &v));
    }
  const double bad_rate[] = { -1e-12, 1.0000001, NAN };
  for (guint i = 0; i < G_N_ELEMENTS (bad_rate); i++)
    {
      assert_domain (dp_survey_expected (1.0, bad_rate[i], 10, &e));
      assert_domain (dp_survey_estimate (1.0, bad_rate[i], &v));
      assert_domain (dp_survey_simulate (1.0, bad_rate[i], 10, 1, &cls, NULL, NULL));
      assert_domain (dp_survey_count_range (1.0, bad_rate[i], 10, 0.01, &lo, &hi));
    }
  assert_domain (dp_survey_expected (1.0, 0.5, 0, &e));
  assert_domain (dp_survey_expected (1.0, 0.5, DP_SURVEY_N_MAX + 1, &e));
  assert_domain (dp_survey_expected (1.0, 0.5, 10, NULL));
  assert_domain (dp_survey_interval (1.0, 10, 11, 0.95, &v, &w));
  assert_domain (dp_survey_interval (1.0, 10, 3, 0.0, &v, &w));
  assert_domain (dp_survey_interval (1.0, 10, 3, 1.0, &v, &w));
  assert_domain (dp_survey_interval (1.0, 10, 3, NAN, &v, &w));
  assert_domain (dp_survey_simulate (1.0, 0.5, 10, DP_SEED_MAX + 1, &cls, NULL, NULL));
  assert_domain (dp_survey_simulate (1.0, 0.5, 0, 1, &cls, NULL, NULL));
  assert_domain (dp_survey_count_pmf (1.0, 0.5, 10, 9, 3, pmf));
  assert_domain (dp_survey_count_pmf (1.0, 0.5, 10, 11, 0, pmf));
  assert_domain (dp_survey_count_range (1.0, 0.5, 10, 0.5, &lo, &hi));
  assert_domain (dp_survey_count_range (1.0, 0.5, 10, 0.0, &lo, &hi));
  /* refused calls change nothing */
  g_assert_cmpfloat (e.keep, ==, -7);
  g_assert_cmpuint (cls.n, ==, 77);
  g_assert_cmpfloat (v, ==, -7);
  g_assert_cmpfloat (w, ==, -7);
  g_assert_cmpfloat (pmf[0], ==, -7);
  g_assert_cmpuint (lo, ==, 77);
  g_assert_cmpuint (hi, ==, 77);
}

/* Every result finite over the whole domain's corners. */
static void
test_extremes (void)
{
  const double eps[] = { DP_EPSILON_MIN, 1e-3, 1.0, 36.0, 40.0, 700.0 };
  const unsigned long ns[] = { 1, 2, 1000, DP_SURVEY_N_MAX };
  for (guint a = 0; a < G_N_ELEMENTS (eps); a++)
    for (guint c = 0; c < G_N_ELEMENTS (ns); c++)
      {
        DpSurveyExpected e;
        unsigned long n = ns[c];
        assert_ok (dp_survey_expected (eps[a], 0.3, n, &e));
        g_assert_true (isfinite (e.estimator_sd) && e.estimator_sd > 0);
        g_assert_true (e.flip > 0 && e.keep <= 1 && e.gain > 0);
        const unsigned long ks[] = { 0, 1, n / 2, n - 1, n };
        for (guint j = 0; j < G_N_ELEMENTS (ks); j++)
          {
            double lo, hi, pmf;
            assert_ok (dp_survey_interval (eps[a], n, ks[j], 0.95, &lo, &hi));
            g_assert_true (isfinite (lo) && isfinite (hi) && lo < hi);
            assert_ok (dp_survey_count_pmf (eps[a], 0.3, n, ks[j], 1, &pmf));
            g_assert_true (isfinite (pmf) && pmf >= 0 && pmf <= 1);
          }
      }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/survey/book-numbers", test_book_numbers);
  g_test_add_func ("/survey/posterior", test_posterior);
  g_test_add_func ("/survey/unbiased-exact", test_unbiased_exact);
  g_test_add_func ("/survey/pmf", test_pmf);
  g_test_add_func ("/survey/count-range", test_count_range);
  g_test_add_func ("/survey/interval-ends", test_interval_ends);
  g_test_add_func ("/survey/interval-coverage", test_interval_coverage);
  g_test_add_func ("/survey/simulate", test_simulate);
  g_test_add_func ("/survey/sd-curve", test_sd_curve);
  g_test_add_func ("/survey/domain", test_domain);
  g_test_add_func ("/survey/extremes", test_extremes);
  int status = g_test_run ();
  test_print_errors ();
  return status;
}
