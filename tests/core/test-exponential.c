/* test-exponential.c — the exponential mechanism
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected values: the definition Pr[r] = exp(εu_r/(2Δu))/Σ exp(εu_r′/(2Δu)) (McSherry &
 * Talwar 2007; Dwork & Roth Def. 3.4) evaluated directly in long double where it cannot
 * overflow, the invariance under adding a constant to every utility, and the ε-DP guarantee.
 */
#include <float.h>
#include <string.h>

#include "test-util.h"

static void
direct (const double *u, size_t n, double eps, double du, double *out)
{
  long double sum = 0.0L;
  for (size_t i = 0; i < n; i++)
    sum += expl ((long double) eps * u[i] / (2.0L * du));
  for (size_t i = 0; i < n; i++)
    out[i] = (double) (expl ((long double) eps * u[i] / (2.0L * du)) / sum);
}

static void
test_small_cases (void)
{
  const double u[] = { 0.0, 1.0, 2.0, 3.0, -4.5, 2.5 };
  const double eps[] = { 1e-3, 0.1, 1.0, 5.0, 50.0 };
  const double du[] = { 0.5, 1.0, 10.0 };
  for (guint n = 1; n <= G_N_ELEMENTS (u); n++)
    for (guint i = 0; i < G_N_ELEMENTS (eps); i++)
      for (guint j = 0; j < G_N_ELEMENTS (du); j++)
        {
          double got[6], want[6], sum = 0.0;
          assert_ok (dp_exponential_mechanism (u, n, eps[i], du[j], got));
          direct (u, n, eps[i], du[j], want);
          for (guint k = 0; k < n; k++)
            {
              assert_rel ("exponential vs direct", got[k], want[k], 1e-13);
              sum += got[k];
            }
          assert_rel ("exponential Σ = 1", sum, 1.0, 1e-14);
        }
  /* the classic example: two candidates, utility gap Δu, probabilities in ratio e^{ε/2} */
  double two[2];
  const double u2[] = { 1.0, 0.0 };
  assert_ok (dp_exponential_mechanism (u2, 2, 2.0, 1.0, two));
  assert_rel ("exponential 2 candidates", two[0], exp (1.0) / (1.0 + exp (1.0)), 1e-15);
  double one;
  assert_ok (dp_exponential_mechanism (u2, 1, 2.0, 1.0, &one));
  g_assert_cmpfloat (one, ==, 1.0);
}

/* Utilities of size 1e6 (exp(ε·1e6/2) overflows a double many times over) give the same
 * probabilities as the shifted small case; 1e300 and −1e300 neither overflow nor NaN. */
static void
test_huge_utilities (void)
{
  const double u[] = { 0.0, 1.0, 2.0, 3.0, -4.5 };
  double shifted[5], got[5], want[5];
  for (int k = 0; k < 5; k++)
    shifted[k] = u[k] + 1e6;
  assert_ok (dp_exponential_mechanism (shifted, 5, 1.0, 1.0, got));
  direct (u, 5, 1.0, 1.0, want);
  for (int k = 0; k < 5; k++)
    assert_rel ("exponential u + 1e6 vs direct", got[k], want[k], 1e-12);
  for (int k = 0; k < 5; k++)
    shifted[k] = u[k] - 1e6;
  assert_ok (dp_exponential_mechanism (shifted, 5, 1.0, 1.0, got));
  for (int k = 0; k < 5; k++)
    assert_rel ("exponential u − 1e6 vs direct", got[k], want[k], 1e-12);

  const double extreme[] = { 1e300, -1e300, 1e300 - 1e285, 0.0, -DBL_MAX, DBL_MAX };
  double p[6], sum = 0.0;
  assert_ok (dp_exponential_mechanism (extreme, 6, 700.0, 1e-3, p));
  for (int k = 0; k < 6; k++)
    {
      g_assert_true (isfinite (p[k]) && p[k] >= 0.0 && p[k] <= 1.0);
      sum += p[k];
    }
  assert_rel ("exponential extreme Σ = 1", sum, 1.0, 1e-15);
  g_assert_cmpfloat (p[5], ==, 1.0);
  /* ties share equally */
  const double ties[] = { 1e6, 1e6, 1e6 - 1e3 };
  assert_ok (dp_exponential_mechanism (ties, 3, 1.0, 1.0, p));
  g_assert_cmpfloat (p[0], ==, p[1]);
  assert_rel ("exponential ties", p[0], 0.5, 1e-15);
  g_assert_cmpfloat (p[2], >=, 0.0);
}

/* ε-DP: changing every utility by at most Δu changes each probability by at most e^ε
 * (Dwork & Roth Thm 3.10). */
static void
test_privacy (void)
{
  const double u[] = { 3.0, 1.0, -2.0, 0.5, 2.9 };
  double v[5];
  const double eps = 0.8, du = 1.5;
  for (int trial = 0; trial < 32; trial++)
    {
      for (int k = 0; k < 5; k++)
        v[k] = u[k] + du * (((trial >> k) & 1) ? 1.0 : -1.0);
      double pu[5], pv[5];
      assert_ok (dp_exponential_mechanism (u, 5, eps, du, pu));
      assert_ok (dp_exponential_mechanism (v, 5, eps, du, pv));
      for (int k = 0; k < 5; k++)
        {
          g_assert_cmpfloat (log (pu[k] / pv[k]), <=, eps * (1 + 1e-12));
          g_assert_cmpfloat (log (pv[k] / pu[k]), <=, eps * (1 + 1e-12));
        }
    }
}

static void
test_domain (void)
{
  const double u[] = { 1.0, 2.0 };
  const double bad_u[] = { 1.0, NAN };
  const double inf_u[] = { 1.0, HUGE_VAL };
  double p[2] = { -7.0, -7.0 };
  assert_domain (dp_exponential_mechanism (NULL, 2, 1.0, 1.0, p));
  assert_domain (dp_exponential_mechanism (u, 2, 1.0, 1.0, NULL));
  assert_domain (dp_exponential_mechanism (u, 0, 1.0, 1.0, p));
  assert_domain (dp_exponential_mechanism (u, 2, 0.0, 1.0, p));
  assert_domain (dp_exponential_mechanism (u, 2, -1.0, 1.0, p));
  assert_domain (dp_exponential_mechanism (u, 2, NAN, 1.0, p));
  assert_domain (dp_exponential_mechanism (u, 2, HUGE_VAL, 1.0, p));
  assert_domain (dp_exponential_mechanism (u, 2, 1.0, 0.0, p));
  assert_domain (dp_exponential_mechanism (u, 2, 1.0, NAN, p));
  assert_domain (dp_exponential_mechanism (u, 2, 1e300, 1e-300, p));
  assert_domain (dp_exponential_mechanism (bad_u, 2, 1.0, 1.0, p));
  assert_domain (dp_exponential_mechanism (inf_u, 2, 1.0, 1.0, p));
  /* refused calls leave the output untouched */
  g_assert_cmpfloat (p[0], ==, -7.0);
  g_assert_cmpfloat (p[1], ==, -7.0);
}

/* Issue #18 item 6: ε outside [DP_EPSILON_MIN, DP_EPSILON_MAX] or Δu outside the sensitivity
 * range is refused like everywhere else in libdpcore. Before the check, ε = 1e-320 with
 * Δu = 1e9 made ε/(2Δu) underflow to 0 and 0 × (u_max − u_min = +∞) gave NaN with DP_OK, and
 * with Δu = 1 it gave (1, 0) where the true answer is (½, ½) to 12 digits. */
static void
test_epsilon_range (void)
{
  const double u[] = { DBL_MAX, -DBL_MAX };
  double p[2] = { -7.0, -7.0 };
  assert_domain (dp_exponential_mechanism (u, 2, 1e-320, 1e9, p));
  assert_domain (dp_exponential_mechanism (u, 2, 1e-320, 1.0, p));
  assert_domain (dp_exponential_mechanism (u, 2, 1e-7, 1.0, p));
  assert_domain (dp_exponential_mechanism (u, 2, 700.5, 1.0, p));
  assert_domain (dp_exponential_mechanism (u, 2, 1.0, 1e10, p));
  assert_domain (dp_exponential_mechanism (u, 2, 1.0, 1e-10, p));
  g_assert_cmpfloat (p[0], ==, -7.0);
  g_assert_cmpfloat (p[1], ==, -7.0);

  /* At the corners of the domain every result is a number, and the right one: with
   * ε/(2Δu) = 5e-16 the gap 2·DBL_MAX gives the exponent −1.8e293, so Pr = (1, 0). */
  assert_ok (dp_exponential_mechanism (u, 2, DP_EPSILON_MIN, 1e9, p));
  g_assert_cmpfloat (p[0], ==, 1.0);
  g_assert_cmpfloat (p[1], ==, 0.0);
  /* and a near-uniform case there: exponent gap −1e-9 */
  const double small[] = { 1e6, -1e6 };
  assert_ok (dp_exponential_mechanism (small, 2, DP_EPSILON_MIN, 1e9, p));
  long double d = expl (-(long double) DP_EPSILON_MIN * 2e6L / 2e9L);
  assert_rel ("exponential ε = 1e-6, Δu = 1e9", p[0], (double) (1.0L / (1.0L + d)), 1e-15);
  assert_rel ("exponential ε = 1e-6, Δu = 1e9", p[1], (double) (d / (1.0L + d)), 1e-15);
}

/* Expected utility and the probability of the best candidates against the direct long-double
 * normalisation, ties included; the complement directly where it is tiny. */
static void
test_expected_and_best (void)
{
  const double u[] = { 2.0, 5.0, 5.0, 1.0, 5.0, -3.0, 4.5 };
  const double eps[] = { 1e-6, 0.01, 0.5, 1.0, 4.0, 20.0 };
  const double du[] = { 0.5, 1.0, 3.0 };
  for (guint i = 0; i < G_N_ELEMENTS (eps); i++)
    for (guint j = 0; j < G_N_ELEMENTS (du); j++)
      for (guint n = 1; n <= G_N_ELEMENTS (u); n++)
        {
          long double w[7], sum = 0.0L, eu = 0.0L, top = -HUGE_VALL, bestl = 0.0L;
          for (guint k = 0; k < n; k++)
            {
              w[k] = expl ((long double) eps[i] * u[k] / (2.0L * du[j]));
              sum += w[k];
              top = fmaxl (top, u[k]);
            }
          for (guint k = 0; k < n; k++)
            {
              eu += w[k] / sum * u[k];
              if (u[k] == top)
                bestl += w[k] / sum;
            }
          double got, best, not_best;
          assert_ok (dp_exponential_expected_utility (u, n, eps[i], du[j], &got));
          assert_rel ("expected utility vs direct", got, (double) eu, 1e-13);
          assert_ok (dp_exponential_best_probability (u, n, eps[i], du[j], &best, &not_best));
          assert_rel ("best probability vs direct", best, (double) bestl, 1e-13);
          assert_rel ("best + not best = 1", best + not_best, 1.0, 1e-15);
        }
  /* ±DBL_MAX and ε outside the range, as for dp_exponential_mechanism (test_epsilon_range) */
  const double extreme[] = { DBL_MAX, -DBL_MAX };
  double v = -7.0, best, not_best;
  assert_domain (dp_exponential_expected_utility (extreme, 2, 1e-320, 1e9, &v));
  assert_domain (dp_exponential_best_probability (extreme, 2, 1e-320, 1e9, &v, NULL));
  g_assert_cmpfloat (v, ==, -7.0);
  assert_ok (dp_exponential_expected_utility (extreme, 2, DP_EPSILON_MIN, 1e9, &v));
  g_assert_cmpfloat (v, ==, DBL_MAX);
  assert_ok (dp_exponential_best_probability (extreme, 2, DP_EPSILON_MIN, 1e9, &best, &not_best));
  g_assert_cmpfloat (best, ==, 1.0);
  g_assert_cmpfloat (not_best, ==, 0.0);
  const double spread[] = { DBL_MAX, -DBL_MAX, 0.0 };
  assert_ok (dp_exponential_expected_utility (spread, 3, DP_EPSILON_MIN, 1e9, &v));
  g_assert_cmpfloat (v, ==, DBL_MAX);

  /* ties: three candidates at the top share it equally */
  double p[7];
  assert_ok (dp_exponential_mechanism (u, 7, 3.0, 1.0, p));
  g_assert_cmpfloat (p[1], ==, p[2]);
  g_assert_cmpfloat (p[2], ==, p[4]);
  /* the complement without cancellation: Pr[not best] = e^{−εgap/(2Δu)}/(1 + …) */
  const double two[] = { 1.0, 0.0 };
  assert_ok (dp_exponential_best_probability (two, 2, 100.0, 1.0, NULL, &not_best));
  assert_rel ("Pr[not best] at ε = 100", not_best, (double) (expl (-50.0L) / (1.0L + expl (-50.0L))),
              1e-14);
}

/* The limits: ε → 0 uniform, ε → ∞ uniform over the best (ties), against values written here;
 * the probabilities at the ends of the ε range approach them. */
static void
test_limits (void)
{
  const double u[] = { 3.0, 7.0, -1.0, 7.0, 6.0 };
  double zero[5], inf[5], p[5], eu;
  assert_ok (dp_exponential_limit (u, 5, DP_EXPONENTIAL_LIMIT_ZERO, zero));
  assert_ok (dp_exponential_limit (u, 5, DP_EXPONENTIAL_LIMIT_INFINITY, inf));
  const double want_inf[] = { 0.0, 0.5, 0.0, 0.5, 0.0 };
  for (int k = 0; k < 5; k++)
    {
      g_assert_cmpfloat (zero[k], ==, 0.2);
      g_assert_cmpfloat (inf[k], ==, want_inf[k]);
    }
  /* ε = 1e-6: within ε·spread/(2Δu) of uniform */
  assert_ok (dp_exponential_mechanism (u, 5, DP_EPSILON_MIN, 1.0, p));
  for (int k = 0; k < 5; k++)
    g_assert_cmpfloat (fabs (p[k] - 0.2), <=, 0.2 * DP_EPSILON_MIN * 8.0 / 2.0);
  assert_ok (dp_exponential_expected_utility (u, 5, DP_EPSILON_MIN, 1.0, &eu));
  g_assert_cmpfloat (fabs (eu - 22.0 / 5.0), <=, 1e-5);
  /* ε = 700: the runner-up (gap 1) weighs e^{−350} (below 1e-152): the limit to double
   * precision, and exactly the limit's numbers */
  assert_ok (dp_exponential_mechanism (u, 5, 700.0, 1.0, p));
  for (int k = 0; k < 5; k++)
    g_assert_cmpfloat (fabs (p[k] - want_inf[k]), <=, 1e-150);
  assert_ok (dp_exponential_expected_utility (u, 5, 700.0, 1.0, &eu));
  g_assert_cmpfloat (eu, ==, 7.0);
  double best;
  assert_ok (dp_exponential_best_probability (u, 5, 700.0, 1.0, &best, NULL));
  g_assert_cmpfloat (best, ==, 1.0);
}

/* The curves against ε in one call, against the direct normalisation at each ε; the expected
 * utility never decreases with ε (its derivative is Var(u)/(2Δu) ≥ 0). */
static void
test_curve (void)
{
  const double u[] = { 0.0, 1.0, 2.0, 2.0, -1.5 };
  double eps[50], eu[50], best[50];
  for (int j = 0; j < 50; j++)
    eps[j] = 0.01 * pow (1000.0, j / 49.0);
  assert_ok (dp_exponential_curve (u, 5, 0.7, eps, 50, eu, best));
  for (int j = 0; j < 50; j++)
    {
      long double w[5], sum = 0.0L, e = 0.0L;
      for (int k = 0; k < 5; k++)
        sum += (w[k] = expl ((long double) eps[j] * u[k] / (2.0L * 0.7L)));
      for (int k = 0; k < 5; k++)
        e += w[k] / sum * u[k];
      assert_rel ("curve expected utility vs direct", eu[j], (double) e, 1e-13);
      assert_rel ("curve best probability vs direct", best[j], (double) ((w[2] + w[3]) / sum),
                  1e-13);
      if (j > 0)
        {
          g_assert_cmpfloat (eu[j], >=, eu[j - 1]);
          g_assert_cmpfloat (best[j], >=, best[j - 1]);
        }
    }
  assert_ok (dp_exponential_curve (u, 5, 0.7, eps, 50, NULL, best));
  double bad[2] = { 1.0, 0.0 }, out[2] = { -7, -7 };
  assert_domain (dp_exponential_curve (u, 5, 0.7, bad, 2, out, NULL));
  g_assert_cmpfloat (out[0], ==, -7);
}

/* No overflow for ε ≤ 10 and |u| ≤ 10⁶ at any Δu of the domain: every probability finite,
 * the sum 1, and the ratio of two probabilities e^{ε(u_i − u_j)/(2Δu)} where it is a double. */
static void
test_no_overflow (void)
{
  GRand *rand = g_rand_new_with_seed (21);
  const double eps[] = { DP_EPSILON_MIN, 0.01, 1.0, 10.0 };
  const double du[] = { 1e-9, 1e-3, 1.0, 1e3, 1e9 };
  double u[12], p[12], eu;
  for (int trial = 0; trial < 50; trial++)
    {
      for (int k = 0; k < 12; k++)
        u[k] = g_rand_double_range (rand, -1e6, 1e6);
      for (guint i = 0; i < G_N_ELEMENTS (eps); i++)
        for (guint j = 0; j < G_N_ELEMENTS (du); j++)
          {
            double sum = 0.0;
            assert_ok (dp_exponential_mechanism (u, 12, eps[i], du[j], p));
            for (int k = 0; k < 12; k++)
              {
                g_assert_true (isfinite (p[k]) && p[k] >= 0.0 && p[k] <= 1.0);
                sum += p[k];
              }
            assert_rel ("Σ Pr = 1 for |u| ≤ 1e6", sum, 1.0, 1e-14);
            for (int a = 0; a < 12; a++)
              for (int b = 0; b < 12; b++)
                {
                  double expo = eps[i] * (u[a] - u[b]) / (2.0 * du[j]);
                  if (p[a] > 1e-290 && p[b] > 1e-290 && fabs (expo) < 600)
                    assert_rel ("Pr ratio = e^{εΔ/(2Δu)}", p[a] / p[b], exp (expo), 1e-9);
                }
            assert_ok (dp_exponential_expected_utility (u, 12, eps[i], du[j], &eu));
            g_assert_true (isfinite (eu) && eu >= -1e6 && eu <= 1e6);
          }
    }
  g_rand_free (rand);
}

/* Seeded draws: reproducible, never a candidate of probability 0, and frequencies within 4.5
 * binomial standard deviations of the probabilities. */
static void
test_sample (void)
{
  const double u[] = { 1.0, 3.0, 3.0, 0.0, -800.0 };
  const size_t draws = 40000;
  size_t *a = g_new (size_t, draws), *b = g_new (size_t, draws);
  double p[5];
  assert_ok (dp_exponential_mechanism (u, 5, 1.2, 1.0, p));
  for (unsigned long seed = 0; seed < 3; seed++)
    {
      size_t counts[5] = { 0 };
      assert_ok (dp_exponential_sample (u, 5, 1.2, 1.0, seed, draws, a));
      assert_ok (dp_exponential_sample (u, 5, 1.2, 1.0, seed, draws, b));
      g_assert_true (memcmp (a, b, draws * sizeof (size_t)) == 0);
      for (size_t d = 0; d < draws; d++)
        {
          g_assert_cmpuint (a[d], <, 5);
          counts[a[d]]++;
        }
      g_assert_cmpuint (counts[4], ==, 0);   /* weight e^{−480.6}: never in 40 000 draws */
      for (int k = 0; k < 4; k++)
        g_assert_cmpfloat (fabs ((double) counts[k] - draws * p[k]), <=,
                           4.5 * sqrt (draws * p[k] * (1 - p[k])));
    }
  assert_ok (dp_exponential_sample (u, 5, 1.2, 1.0, 1, 64, a));
  assert_ok (dp_exponential_sample (u, 5, 1.2, 1.0, 2, 64, b));
  g_assert_true (memcmp (a, b, 64 * sizeof (size_t)) != 0);
  assert_domain (dp_exponential_sample (u, 5, 1.2, 1.0, DP_SEED_MAX + 1, 1, a));
  g_free (a);
  g_free (b);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/exponential/small-cases", test_small_cases);
  g_test_add_func ("/exponential/huge-utilities", test_huge_utilities);
  g_test_add_func ("/exponential/privacy", test_privacy);
  g_test_add_func ("/exponential/domain", test_domain);
  g_test_add_func ("/exponential/epsilon-range", test_epsilon_range);
  g_test_add_func ("/exponential/expected-and-best", test_expected_and_best);
  g_test_add_func ("/exponential/limits", test_limits);
  g_test_add_func ("/exponential/curve", test_curve);
  g_test_add_func ("/exponential/no-overflow", test_no_overflow);
  g_test_add_func ("/exponential/sample", test_sample);
  int status = g_test_run ();
  test_print_errors ();
  return status;
}
