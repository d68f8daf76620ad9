/* test-budget.c — sequential and parallel composition, and the per-query budget each rule
 * allows
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected values: the rules written out again (DP notes 001_…: Σε_i sequentially, max ε_i in
 * parallel; Dwork & Roth Thm 3.20 and its per-query form), the optimal composition of
 * Kairouz, Oh & Viswanath (2015, Thm 3.3) summed term by term here, and maximality: at the
 * returned ε₀ a rule's total is within the budget, a little above it is not. GSL's error
 * handler stays on.
 */
#include "test-util.h"

/* KOV 2015, Thm 3.3, δ₀ = 0: δ(ε) = Σ_l C(m,l) max(0, e^{(m−l)ε₀} − e^{ε + lε₀})/(1+e^{ε₀})^m,
 * and the smallest ε with δ(ε) ≤ δ by bisection. */
static double
kov_delta (double eps0, unsigned long m, double eps)
{
  long double h = 0;
  for (unsigned long l = 0; l <= m; l++)
    {
      long double loss = ((long double) m - 2.0L * l) * eps0;
      if (loss <= eps)
        break;
      long double lw = lgammal (m + 1.0L) - lgammal (l + 1.0L) - lgammal (m - l + 1.0L)
                       + (m - l) * (long double) eps0 - m * log1pl (expl (eps0));
      h += expl (lw) * -expm1l (eps - loss);
    }
  return (double) h;
}

static double
kov_epsilon (double eps0, unsigned long m, double delta)
{
  double lo = 0, hi = m * eps0;
  if (kov_delta (eps0, m, 0) <= delta)
    return 0;
  for (int i = 0; i < 200; i++)
    {
      double mid = 0.5 * (lo + hi);
      if (kov_delta (eps0, m, mid) > delta)
        lo = mid;
      else
        hi = mid;
    }
  return hi;
}

static double
advanced_total (double eps0, unsigned long m, double delta)
{
  /* Thm 3.20 with δ′ = δ, and never more than basic mε₀ */
  double adv = sqrt (2.0 * m * log (1 / delta)) * eps0 + m * eps0 * expm1 (eps0);
  return fmin (m * eps0, adv);
}

static void
test_sequential_parallel (void)
{
  const double e1[] = { 0.1, 0.1, 0.1, 0.1 };
  const double e2[] = { 0.5, 0.05, 1.0, 0.2, 0.01 };
  const double e3[] = { 2.0 };
  const struct {
    const double *e;
    size_t n;
  } sets[] = { { e1, 4 }, { e2, 5 }, { e3, 1 } };
  const double dps[] = { 1e-9, 1e-5, 0.3 };
  for (guint s = 0; s < G_N_ELEMENTS (sets); s++)
    for (guint d = 0; d < G_N_ELEMENTS (dps); d++)
      {
        DpSequentialParallel r;
        assert_ok (dp_compose_sequential_parallel (sets[s].e, sets[s].n, dps[d], &r));
        long double sum = 0, sq = 0, drift = 0, mx = 0;
        for (size_t i = 0; i < sets[s].n; i++)
          {
            long double e = sets[s].e[i];
            sum += e;
            sq += e * e;
            drift += e * expm1l (e);
            mx = fmaxl (mx, e);
          }
        long double adv = sqrtl (2 * logl (1 / (long double) dps[d]) * sq) + drift;
        assert_rel ("sequential Σε", r.basic, (double) sum, 1e-15);
        assert_rel ("parallel max ε", r.parallel, (double) mx, 0);
        assert_rel ("per-query Thm 3.20", r.advanced, (double) adv, 1e-14);
        assert_rel ("better of the two", r.advanced_min, (double) fminl (sum, adv), 1e-14);
        g_assert_cmpfloat (r.parallel, <=, r.basic);
      }
  /* equal budgets: exactly Thm 3.20 (advanced composition) */
  DpSequentialParallel r;
  DpAdvancedComposition adv;
  assert_ok (dp_compose_sequential_parallel (e1, 4, 1e-5, &r));
  assert_ok (dp_compose_advanced (0.1, 0.0, 4, 1e-5, &adv));
  assert_rel ("equal ε: Thm 3.20", r.advanced, adv.epsilon, 1e-14);
  const double bad[] = { 0.1, 0.0 };
  assert_domain (dp_compose_sequential_parallel (bad, 2, 1e-5, &r));
  assert_domain (dp_compose_sequential_parallel (e1, 0, 1e-5, &r));
  assert_domain (dp_compose_sequential_parallel (e1, 4, 0.0, &r));
}

static void
test_split (void)
{
  const struct {
    DpMechanismKind kind;
    double eps;
    double delta;
    unsigned long m;
  } cases[] = {
    { DP_MECHANISM_LAPLACE, 1.0, 1e-5, 1 },   { DP_MECHANISM_LAPLACE, 1.0, 1e-5, 10 },
    { DP_MECHANISM_LAPLACE, 1.0, 1e-5, 100 }, { DP_MECHANISM_RR, 2.0, 1e-6, 30 },
    { DP_MECHANISM_RR, 0.5, 0.01, 5 },        { DP_MECHANISM_LAPLACE, 3.0, 1e-3, 40 },
  };
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      double e = cases[c].eps, d = cases[c].delta;
      unsigned long m = cases[c].m;
      DpBudgetSplit r;
      assert_ok (dp_budget_split (cases[c].kind, e, d, m, NULL, &r));
      assert_rel ("basic ε/m", r.basic, e / m, 1e-15);
      assert_rel ("parallel ε", r.parallel, e, 0);
      g_assert_cmpfloat (r.basic, <=, r.advanced);
      g_assert_cmpfloat (r.advanced, <=, r.optimal);
      g_assert_cmpfloat (r.optimal, <=, r.exact);
      g_assert_cmpfloat (r.exact, <=, r.parallel);
      /* within the budget at the answer, over it a little above (unless the whole budget) */
      g_assert_cmpfloat (advanced_total (r.advanced, m, d), <=, e * (1 + 1e-12));
      if (r.advanced < e && r.advanced > r.basic)
        g_assert_cmpfloat (advanced_total (r.advanced * (1 + 1e-6), m, d), >, e);
      if (m <= 100)
        {
          g_assert_cmpfloat (kov_epsilon (r.optimal, m, d), <=, e * (1 + 1e-9));
          if (r.optimal < e)
            g_assert_cmpfloat (kov_epsilon (r.optimal * (1 + 1e-6), m, d), >, e);
        }
      if (cases[c].kind == DP_MECHANISM_RR)
        g_assert_cmpfloat (r.exact, ==, r.optimal);
      else
        {
          DpMechanism lap;
          double tot;
          assert_ok (dp_mechanism_laplace (r.exact, 1.0, &lap));
          assert_ok (dp_compose_exact_epsilon (&lap, m, d, 0, NULL, &tot));
          g_assert_cmpfloat (tot, <=, e);
        }
      /* one query: the whole budget under every rule */
      if (m == 1)
        g_assert_true (r.advanced == e && r.optimal == e && r.exact == e);
    }
  DpBudgetSplit r;
  DpCancel cancel;
  dp_cancel_init (&cancel);
  dp_cancel_set (&cancel);
  assert_domain (dp_budget_split (DP_MECHANISM_GAUSSIAN, 1.0, 1e-5, 10, NULL, &r));
  assert_domain (dp_budget_split (DP_MECHANISM_LAPLACE, 1.0, 0.0, 10, NULL, &r));
  assert_domain (dp_budget_split (DP_MECHANISM_LAPLACE, 1.0, 1e-5, 0, NULL, &r));
  assert_domain (dp_budget_split (DP_MECHANISM_LAPLACE, 1e-6, 1e-5, 10, NULL, &r));
  g_assert_cmpint (dp_budget_split (DP_MECHANISM_LAPLACE, 1.0, 1e-5, 10, &cancel, &r), ==,
                   DP_ERR_CANCELLED);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/budget/sequential-parallel", test_sequential_parallel);
  g_test_add_func ("/budget/split", test_split);
  int status = g_test_run ();
  test_print_errors ();
  return status;
}
