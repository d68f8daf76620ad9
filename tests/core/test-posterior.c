/* test-posterior.c — an attacker's posterior after a Laplace release
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected values: Bayes' rule with the two Laplace densities written out here and evaluated in
 * long double, p·h(z | a) / (p·h(z | a) + (1 − p)·h(z | a′)); the e^{±ε} bounds as the
 * posteriors at the two ends of the output line, where the likelihood ratio is exactly e^{±ε}.
 */
#include "test-util.h"

static long double
lap_density (long double z, long double centre, long double b)
{
  return expl (-fabsl (z - centre) / b) / (2.0L * b);
}

static void
test_bayes (void)
{
  const double priors[] = { 1e-6, 0.01, 0.2, 0.5, 0.9, 0.999 };
  const double epsilons[] = { 0.05, 0.5, 1.0, 3.0 };

  for (guint i = 0; i < G_N_ELEMENTS (priors); i++)
    for (guint j = 0; j < G_N_ELEMENTS (epsilons); j++)
      for (double z = -5.0; z <= 6.0; z += 0.25)
        {
          long double p = priors[i], b = 1.0L / epsilons[j];
          long double num = p * lap_density (z, 1.0L, b);
          long double want = num / (num + (1.0L - p) * lap_density (z, 0.0L, b));
          double got, lo, hi;

          /* a count of 1 (D: the record says HIV) against 0 (D′), sensitivity 1, b = 1/ε */
          assert_ok (dp_posterior_laplace (priors[i], (double) b, 1.0, 0.0, z, &got));
          assert_rel ("posterior vs Bayes", got, (double) want, 1e-13);
          assert_ok (dp_posterior_bounds (priors[i], epsilons[j], &lo, &hi));
          g_assert_cmpfloat (got, >=, lo * (1.0 - 1e-14));
          g_assert_cmpfloat (got, <=, hi * (1.0 + 1e-14));
          /* within e^ε of the prior, both ways */
          g_assert_cmpfloat (got, <=, exp (epsilons[j]) * priors[i] * (1.0 + 1e-14));
          g_assert_cmpfloat (got, >=, exp (-epsilons[j]) * priors[i] * (1.0 - 1e-14));
        }
}

static void
test_bounds_attained (void)
{
  for (double eps = 0.1; eps <= 5.0; eps += 0.7)
    for (double p = 0.05; p < 1.0; p += 0.15)
      {
        double lo, hi, at_right, at_left;
        long double odds = (long double) p / (1.0L - p);

        assert_ok (dp_posterior_bounds (p, eps, &lo, &hi));
        /* the bounds in closed form: odds · e^{±ε} turned back into probabilities */
        assert_rel ("upper bound", hi, (double) (odds * expl (eps) / (1.0L + odds * expl (eps))),
                    1e-14);
        assert_rel ("lower bound", lo,
                    (double) (odds * expl (-eps) / (1.0L + odds * expl (-eps))), 1e-14);
        /* outputs beyond both centres carry the whole likelihood ratio e^{±ε} */
        assert_ok (dp_posterior_laplace (p, 1.0 / eps, 1.0, 0.0, 7.0, &at_right));
        assert_ok (dp_posterior_laplace (p, 1.0 / eps, 1.0, 0.0, -7.0, &at_left));
        assert_rel ("posterior right of both centres", at_right, hi, 1e-13);
        assert_rel ("posterior left of both centres", at_left, lo, 1e-13);
        /* far out, where z − 1 and z round to the same double */
        assert_ok (dp_posterior_laplace (p, 1.0 / eps, 1.0, 0.0, 1e300, &at_right));
        assert_ok (dp_posterior_laplace (p, 1.0 / eps, 1.0, 0.0, -1e300, &at_left));
        assert_rel ("posterior at z = 1e300", at_right, hi, 1e-13);
        assert_rel ("posterior at z = −1e300", at_left, lo, 1e-13);
      }
}

static void
test_extremes (void)
{
  double v;

  assert_ok (dp_posterior_laplace (0.5, 1e-300, 1.0, 0.0, 0.75, &v));
  g_assert_cmpfloat (v, ==, 1.0);
  assert_ok (dp_posterior_laplace (0.5, 1e-3, 1.0, 0.0, 0.25, &v));
  g_assert_true (v >= 0.0 && v < 1e-100);
  assert_ok (dp_posterior_laplace (0.0, 1.0, 1.0, 0.0, 0.75, &v));
  g_assert_cmpfloat (v, ==, 0.0);
  assert_ok (dp_posterior_laplace (1.0, 1.0, 1.0, 0.0, -3.0, &v));
  g_assert_cmpfloat (v, ==, 1.0);
  assert_ok (dp_posterior_laplace (0.3, 1.0, 1.0, 1.0, 1e300, &v));
  assert_rel ("equal centres: no evidence", v, 0.3, 1e-15);
  v = 42.0;
  assert_domain (dp_posterior_laplace (1.5, 1.0, 1.0, 0.0, 0.0, &v));
  assert_domain (dp_posterior_laplace (0.5, 0.0, 1.0, 0.0, 0.0, &v));
  assert_domain (dp_posterior_laplace (0.5, 1.0, NAN, 0.0, 0.0, &v));
  assert_domain (dp_posterior_laplace (0.5, 1.0, 1.0, 0.0, INFINITY, &v));
  g_assert_cmpfloat (v, ==, 42.0);
  assert_domain (dp_posterior_bounds (0.5, -1.0, &v, &v));
  assert_domain (dp_posterior_bounds (-0.1, 1.0, &v, &v));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/posterior/bayes", test_bayes);
  g_test_add_func ("/posterior/bounds-attained", test_bounds_attained);
  g_test_add_func ("/posterior/extremes", test_extremes);
  int status = g_test_run ();
  test_print_errors ();
  return status;
}
