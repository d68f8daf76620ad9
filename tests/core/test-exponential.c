/* test-exponential.c — the exponential mechanism
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected values: the definition Pr[r] = exp(εu_r/(2Δu))/Σ exp(εu_r′/(2Δu)) (McSherry &
 * Talwar 2007; Dwork & Roth Def. 3.4) evaluated directly in long double where it cannot
 * overflow, the invariance under adding a constant to every utility, and the ε-DP guarantee.
 */
#include <float.h>

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

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/exponential/small-cases", test_small_cases);
  g_test_add_func ("/exponential/huge-utilities", test_huge_utilities);
  g_test_add_func ("/exponential/privacy", test_privacy);
  g_test_add_func ("/exponential/domain", test_domain);
  int status = g_test_run ();
  test_print_errors ();
  return status;
}
