/* test-view-budget.c — the sequential/parallel composition view: the per-query budgets against
 * the composition theorems written out here, their order, and what the figure draws
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Independent of the code under test: basic ε/m (Dwork & Roth Thm 3.16) and parallel ε (the
 * DP notes' 并行组合性); advanced composition's threshold √(2m ln(1/δ))·ε₀ + mε₀(e^{ε₀} − 1)
 * (Thm 3.20) evaluated at the view's ε₀ and just above it; randomized response's exact
 * composition equal to the optimal (KOV) one, since it is the worst case of every ε₀-DP
 * mechanism (Kairouz, Oh & Viswanath 2015).
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dpv-budget.h"
#include "test-pixels.h"

#define TEST_VIEW_BUDGET TEST_VIEW ("budget")

static DpvFrame *
budget_frame (DpMechanismKind kind, double eps, double delta, unsigned long k)
{
  DpvParams p;

  dpv_params_init (&p);
  p.mechanism = kind;
  p.epsilon = eps;
  p.delta = delta;
  p.k = k;
  return test_frame (TEST_VIEW_BUDGET, &p);
}

static double
thm_3_20 (double eps0, double m, double delta)
{
  return sqrt (2 * m * log (1 / delta)) * eps0 + m * eps0 * expm1 (eps0);
}

static void
test_values (void)
{
  static const double epss[] = { 0.1, 1.0, 4.0 };
  static const unsigned long ks[] = { 1, 7, 100, 300 };

  for (int kind = 0; kind < DP_N_MECHANISMS; kind++)
    for (gsize e = 0; e < G_N_ELEMENTS (epss); e++)
      for (gsize ki = 0; ki < G_N_ELEMENTS (ks); ki++)
        {
          g_autoptr(DpvFrame) f = budget_frame (kind, epss[e], 1e-5, ks[ki]);
          const DpvBudget *r = dpv_frame_get_result (f);
          const DpvBudgetData *d = r->d;
          double eps = epss[e];

          g_assert_true (d->complete);
          g_assert_false (r->pending);
          g_assert_true (r->eps_dp == (kind != DP_MECHANISM_GAUSSIAN));
          g_assert_cmpfloat (d->m[d->at_k], ==, (double) ks[ki]);
          g_assert_cmpfloat (d->m[0], ==, 1.0);
          g_assert_cmpfloat (d->m[d->n - 1], <=, r->m_hi);
          g_assert_cmpfloat (r->m_hi, >, (double) ks[ki]);
          for (gsize i = 0; i < d->n; i++)
            {
              double m = d->m[i], a = d->advanced[i];

              g_assert_cmpfloat (m, ==, floor (m));
              if (i > 0)
                g_assert_cmpfloat (m, >, d->m[i - 1]);
              g_assert_cmpfloat_with_epsilon (d->basic[i] / (eps / m), 1.0, 1e-12);
              g_assert_cmpfloat (d->parallel[i], ==, eps);
              /* advanced: within the budget by Thm 3.20 (or by ε/m), and the largest such */
              g_assert_cmpfloat (MIN (m * a, thm_3_20 (a, m, 1e-5)), <=, eps * (1 + 1e-9));
              if (a < eps)
                g_assert_cmpfloat (MIN (m * a * 1.00001, thm_3_20 (a * 1.00001, m, 1e-5)), >, eps);
              /* basic ≤ advanced ≤ optimal ≤ exact ≤ parallel */
              g_assert_cmpfloat (d->basic[i], <=, a * (1 + 1e-9));
              g_assert_cmpfloat (a, <=, d->optimal[i] * (1 + 1e-9));
              g_assert_cmpfloat (d->optimal[i], <=, d->exact[i] * (1 + 1e-9));
              g_assert_cmpfloat (d->exact[i], <=, d->parallel[i]);
              if (kind != DP_MECHANISM_LAPLACE)
                g_assert_cmpfloat_with_epsilon (d->exact[i] / d->optimal[i], 1.0, 1e-6);
            }
          g_assert_cmpfloat (r->y_lo, <, d->basic[d->n - 1]);
          g_assert_cmpfloat (r->y_hi, >, eps);
        }
}

/* The preview leaves out only Laplace's exact rule (the slow one). */
static void
test_preview (void)
{
  const DpvViewClass *klass = dpv_registry_get (TEST_VIEW_BUDGET);

  for (int kind = 0; kind < DP_N_MECHANISMS; kind++)
    {
      g_autoptr(DpvFrame) f = budget_frame (kind, 1.0, 1e-5, 100);
      const DpvBudget *r = dpv_frame_get_result (f);
      DpvBudgetData *pv = klass->preview_data (dpv_frame_get_params (f),
                                                dpv_frame_get_mechanism (f));

      g_assert_true (pv->complete == (kind != DP_MECHANISM_LAPLACE));
      g_assert_cmpuint (pv->n, ==, r->d->n);
      for (gsize i = 0; i < pv->n; i++)
        {
          g_assert_cmpfloat (pv->basic[i], ==, r->d->basic[i]);
          g_assert_cmpfloat (pv->advanced[i], ==, r->d->advanced[i]);
          g_assert_cmpfloat (pv->optimal[i], ==, r->d->optimal[i]);
        }
      g_free (pv);
    }
}

/* The figure: the parallel line (D's colour) lies above the basic line (orange, dotted) at the
 * right of the plot; the tables are on the left. */
static void
test_pixels (void)
{
  const int W = 1400, H = 900;
  DpvStyle st;
  DpvParams p;
  cairo_surface_t *s;
  int par, basic;

  dpv_style_init (&st, DPV_THEME_LIGHT);
  dpv_params_init (&p);
  p.show_caption = FALSE;
  p.mechanism = DP_MECHANISM_LAPLACE;
  p.epsilon = 1.0;
  p.k = 100;
  s = test_pixels_render (TEST_VIEW_BUDGET, &p, DPV_THEME_LIGHT, W, H, TRUE);
  par = test_pixels_densest_row (s, W * 8 / 10, W * 95 / 100, 0, H, &st.roles[DPV_ROLE_D], 0.1);
  basic = test_pixels_densest_row (s, W * 8 / 10, W * 95 / 100, 0, H,
                                   &st.roles[DPV_ROLE_BOUND], 0.1);
  g_assert_cmpint (par, >=, 0);
  g_assert_cmpint (basic, >, par + H / 4);
  /* the tables: grey cells in the left third, none of the curves' colours there */
  g_assert_cmpuint (test_pixels_count (s, 0, 0, W / 4, H, &st.roles[DPV_ROLE_BOUND], 0.1), ==,
                    0);
  cairo_surface_destroy (s);
}

static void
test_caption (void)
{
  for (int kind = 0; kind < DP_N_MECHANISMS; kind++)
    {
      g_autoptr(DpvFrame) f = budget_frame (kind, 1.0, 1e-5, 10);
      g_autofree char *c = dpv_registry_get (TEST_VIEW_BUDGET)->caption (f);

      g_assert_true ((strstr (c, "not ε-DP") != NULL) == (kind == DP_MECHANISM_GAUSSIAN));
      g_assert_nonnull (strstr (c, "0.1000 (ε/m)"));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/budget/values", test_values);
  g_test_add_func ("/budget/preview", test_preview);
  g_test_add_func ("/budget/pixels", test_pixels);
  g_test_add_func ("/budget/caption", test_caption);
  return g_test_run ();
}
