/* test-group.c — group privacy (book Prop. 3.6)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected values: GSL integrals of the shifted pair written out here — p = Lap(0, b) or
 * N(0, σ²) against q shifted by gΔ (test-util.h's densities with the shift gΔ, not libdpcore's
 * group mechanism) — for KL, total variation and the hockey stick δ(ε′); the supremum of the
 * privacy loss written out here for D∞; the chain bound of the proposition's proof summed term
 * by term.
 */
#include "test-util.h"

/* The shifted pair of g people, built here: the same noise, q centred at gΔ. */
static TestPair
shifted_pair (int kind, double scale, double sensitivity, unsigned long g)
{
  TestPair t = { .kind = kind, .delta_sens = (double) g * sensitivity, .scale = scale };
  return t;
}

/* The curve's numbers against quadrature of the shifted pair, Laplace and Gaussian. */
static void
test_against_quadrature (void)
{
  DpMechanism mechs[4];
  assert_ok (dp_mechanism_laplace (0.5, 1.0, &mechs[0]));
  assert_ok (dp_mechanism_laplace (0.03, 2.5, &mechs[1]));
  assert_ok (dp_mechanism_gaussian_calibrated (0.5, 1e-5, 1.0, &mechs[2]));
  assert_ok (dp_mechanism_gaussian (4.0, 0.3, &mechs[3]));
  const unsigned long gs[] = { 1, 2, 3, 5, 10, 17, 30, 50 };
  const size_t ng = G_N_ELEMENTS (gs);
  for (int m = 0; m < 4; m++)
    {
      DpGroupPoint pts[8];
      const double eps_prime = 0.2, delta = 1e-4;
      assert_ok (dp_group_curve (&mechs[m], gs, ng, eps_prime, delta, pts));
      for (size_t i = 0; i < ng; i++)
        {
          TestPair t = shifted_pair (mechs[m].kind, mechs[m].scale, mechs[m].sensitivity, gs[i]);
          g_assert_cmpuint (pts[i].g, ==, gs[i]);
          /* D∞ = sup_y L(y): the loss at y → −∞ (finite for Laplace, unbounded for Gaussian) */
          if (mechs[m].kind == DP_MECHANISM_LAPLACE)
            assert_rel ("group D∞ = sup L", pts[i].max_divergence, test_loss (&t, -1e300),
                        1e-14);
          else
            g_assert_cmpfloat (pts[i].max_divergence, ==, HUGE_VAL);
          assert_rel ("group KL vs quadrature", pts[i].kl, test_pair_integral (test_kl_integrand, &t, 0),
                      1e-10);
          assert_rel ("group TV vs quadrature", pts[i].total_variation,
                      test_pair_integral (test_tv_integrand, &t, 0.0), 1e-10);
          double want = test_pair_integral (test_hockey_integrand, &t, gs[i] * eps_prime);
          if (want > 1e-300)
            assert_rel ("group δ(gε′) vs quadrature", pts[i].delta_at_group_epsilon, want, 1e-9);
          else
            g_assert_cmpfloat (pts[i].delta_at_group_epsilon, <=, 1e-300);
          /* the inverse: δ of the shifted pair at the ε returned is δ (or ε = 0 below TV) */
          if (pts[i].epsilon_at_delta == 0.0)
            g_assert_cmpfloat (pts[i].total_variation, <=, delta);
          else
            assert_rel ("group D∞^δ: δ(ε) = δ by quadrature",
                        test_pair_integral (test_hockey_integrand, &t, pts[i].epsilon_at_delta), delta, 1e-8);
        }
    }
}

/* Book Prop. 3.6 is tight for Laplace: a group of 10 under ε = 0.5 is a 5-DP pair — D∞ = 5,
 * δ(5) = 0 and δ(4.9) > 0 by quadrature. */
static void
test_laplace_tight (void)
{
  DpMechanism lap, group;
  DpGroupPoint pt;
  const unsigned long g = 10;
  assert_ok (dp_mechanism_laplace (0.5, 1.0, &lap));
  assert_ok (dp_group_mechanism (&lap, g, &group));
  g_assert_cmpint (group.kind, ==, DP_MECHANISM_LAPLACE);
  g_assert_cmpfloat (group.scale, ==, lap.scale);
  assert_rel ("group sensitivity", group.sensitivity, 10.0, 0);
  assert_ok (dp_group_curve (&lap, &g, 1, 0.5, 0.01, &pt));
  assert_rel ("10 × ε = 0.5 is 5-DP", pt.max_divergence, 5.0, 1e-15);
  g_assert_cmpfloat (pt.delta_at_group_epsilon, ==, 0.0);
  TestPair t = shifted_pair (DP_MECHANISM_LAPLACE, lap.scale, 1.0, g);
  g_assert_cmpfloat (test_pair_integral (test_hockey_integrand, &t, 4.9), >, 1e-3);
  double eps_g, delta_g;
  assert_ok (dp_group_bound (0.5, 0.0, g, &eps_g, &delta_g));
  assert_rel ("Prop. 3.6 bound gε", eps_g, 5.0, 1e-15);
  g_assert_cmpfloat (delta_g, ==, 0.0);
}

/* The chain bound δ_g = δ Σ_{i<g} e^{iε}, summed here, and the Gaussian group pair lies inside
 * it: its exact δ at gε (quadrature) is at most the bound. */
static void
test_chain_bound (void)
{
  const double eps[] = { 1e-6, 0.01, 0.5, 1.0, 3.0 };
  const double deltas[] = { 0.0, 1e-9, 1e-5, 1e-2 };
  const unsigned long gs[] = { 1, 2, 7, 50 };
  for (guint a = 0; a < G_N_ELEMENTS (eps); a++)
    for (guint b = 0; b < G_N_ELEMENTS (deltas); b++)
      for (guint c = 0; c < G_N_ELEMENTS (gs); c++)
        {
          double eps_g, delta_g;
          long double sum = 0.0L;
          for (unsigned long i = 0; i < gs[c]; i++)
            sum += expl ((long double) i * eps[a]);
          assert_ok (dp_group_bound (eps[a], deltas[b], gs[c], &eps_g, &delta_g));
          assert_rel ("chain bound gε", eps_g, gs[c] * eps[a], 1e-15);
          assert_rel ("chain bound δ Σ e^{iε}", delta_g,
                      (double) fminl (1.0L, deltas[b] * sum), 1e-12);
        }

  DpMechanism gau;
  assert_ok (dp_mechanism_gaussian_calibrated (0.5, 1e-5, 1.0, &gau));
  for (unsigned long g = 1; g <= 50; g += 7)
    {
      double eps_g, delta_g;
      TestPair t = shifted_pair (DP_MECHANISM_GAUSSIAN, gau.scale, 1.0, g);
      double exact = test_pair_integral (test_hockey_integrand, &t, g * 0.5);
      assert_ok (dp_group_bound (0.5, 1e-5, g, &eps_g, &delta_g));
      g_assert_cmpfloat (exact, <=, delta_g * (1 + 1e-9));
      /* and the Gaussian KL grows like g² (μ scales by g) */
      DpGroupPoint pt;
      assert_ok (dp_group_curve (&gau, &g, 1, 0.5, 1e-5, &pt));
      double mu = 1.0 / gau.scale;
      assert_rel ("Gaussian group KL = (gμ)²/2", pt.kl, 0.5 * (g * mu) * (g * mu), 1e-14);
    }
}

static void
test_domain (void)
{
  DpMechanism lap, rr, gau, out = { .scale = -7 };
  DpGroupPoint pt = { .g = 77 };
  double a = -7, b = -7;
  unsigned long g2 = 2, g0 = 0;
  assert_ok (dp_mechanism_laplace (100.0, 1.0, &lap));
  assert_ok (dp_mechanism_rr (1.0, &rr));
  assert_ok (dp_mechanism_gaussian (1e-9, 1e9, &gau));
  /* randomized response: one respondent's bit has no pair of 2 people */
  assert_domain (dp_group_mechanism (&rr, 2, &out));
  assert_domain (dp_group_curve (&rr, &g2, 1, 0.0, 0.01, &pt));
  DpMechanism same;
  assert_ok (dp_group_mechanism (&rr, 1, &same));
  g_assert_cmpfloat (same.epsilon, ==, rr.epsilon);
  /* gε = 800 > 700, gΔ = 2e9 > 1e9, g = 0, g beyond the maximum */
  assert_domain (dp_group_mechanism (&lap, 8, &out));
  assert_domain (dp_group_mechanism (&gau, 2, &out));
  assert_domain (dp_group_mechanism (&lap, 0, &out));
  assert_domain (dp_group_mechanism (&lap, DP_GROUP_MAX + 1, &out));
  assert_domain (dp_group_curve (&lap, &g0, 1, 0.0, 0.01, &pt));
  assert_domain (dp_group_curve (&lap, &g2, 1, -1.0, 0.01, &pt));
  assert_domain (dp_group_curve (&lap, &g2, 1, 0.0, 0.0, &pt));
  assert_domain (dp_group_bound (0.0, 0.0, 2, &a, &b));
  assert_domain (dp_group_bound (1.0, 1.0, 2, &a, &b));
  assert_domain (dp_group_bound (1.0, 0.0, 701, &a, &b));
  assert_domain (dp_group_bound (1.0, NAN, 2, &a, &b));
  g_assert_cmpfloat (out.scale, ==, -7);
  g_assert_cmpuint (pt.g, ==, 77);
  g_assert_cmpfloat (a, ==, -7);
  g_assert_cmpfloat (b, ==, -7);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/group/against-quadrature", test_against_quadrature);
  g_test_add_func ("/group/laplace-tight", test_laplace_tight);
  g_test_add_func ("/group/chain-bound", test_chain_bound);
  g_test_add_func ("/group/domain", test_domain);
  int status = g_test_run ();
  test_print_errors ();
  return status;
}
