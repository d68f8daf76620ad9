/* test-view-exponential.c — the exponential-mechanism view against direct normalisation
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Pr[r] = exp(ε u(r)/(2Δu)) / Σ_s exp(ε u(s)/(2Δu)) summed here in long double (DP notes 001,
 * 指数机制), the expected utility and the probability of the best set from those, the limits
 * from their definitions, the curves point by point, the seeded draw against the probabilities
 * over 3000 seeds, and the figure by which bar is drawn in the draw's colour.
 */
#include "config.h"

#include "dpv-exponential.h"
#include "view-test-util.h"

static void
exp_params (DpvParams *p, const char *candidates, double eps, double du)
{
  g_autoptr(GError) error = NULL;
  DpvParamValue v;

  dpv_params_init (p);
  g_assert_true (dpv_param_parse (dpv_param_spec (DPV_PARAM_CANDIDATES), candidates, &v,
                                  &error));
  g_assert_no_error (error);
  p->candidates = v.list;
  p->epsilon = eps;
  p->utility_sensitivity = du;
  p->show_caption = FALSE;
}

/* The probabilities by direct normalisation in long double (shifted by the largest utility,
 * which long double's range needs for |u| up to 10⁶ at ε/(2Δu) up to 5000). */
static void
direct (const double *u, guint n, long double eps, long double du, long double *p)
{
  long double top = -HUGE_VALL, sum = 0;

  for (guint i = 0; i < n; i++)
    top = MAX (top, u[i]);
  for (guint i = 0; i < n; i++)
    sum += p[i] = expl (eps * (u[i] - top) / (2 * du));
  for (guint i = 0; i < n; i++)
    p[i] /= sum;
}

static void
check_numbers (const char *candidates, double eps, double du)
{
  DpvParams p;
  g_autoptr(DpvFrame) frame = NULL;
  const DpvExponential *e;
  long double pr[DPV_PARAM_LIST_MAX], expected = 0, best = 0, mean = 0, top = -HUGE_VALL;
  guint n_best = 0;

  exp_params (&p, candidates, eps, du);
  frame = vt_frame (&dpv_exponential_view, &p);
  e = vt_result (frame);
  g_assert_cmpuint (e->n, ==, p.candidates.n);
  direct (e->utility, e->n, eps, du, pr);
  for (guint i = 0; i < e->n; i++)
    top = MAX (top, e->utility[i]);
  for (guint i = 0; i < e->n; i++)
    {
      g_assert_cmpfloat (e->utility[i], ==, p.candidates.values[i]);
      g_assert_cmpstr (e->names[i], ==, p.candidates.names[i]);
      vt_assert_close ("Pr[r]", e->prob[i], pr[i], 1e-12, 1e-300);
      expected += pr[i] * e->utility[i];
      mean += (long double) e->utility[i] / e->n;
      if (e->utility[i] == top)
        {
          best += pr[i];
          n_best++;
        }
    }
  vt_assert_close ("E[u]", e->expected, expected, 1e-12, 1.0);
  vt_assert_close ("Pr[best]", e->best_prob, best, 1e-12, 0);
  vt_assert_close ("1 − Pr[best]", e->not_best_prob, 1 - best, 1e-9, 1e-300);
  vt_assert_close ("mean u", e->mean_u, mean, 1e-12, 1.0);
  g_assert_cmpfloat (e->max_u, ==, top);
  g_assert_cmpuint (e->n_best, ==, n_best);
  for (guint i = 0; i < e->n; i++)
    {
      vt_assert_close ("ε → 0", e->uniform[i], 1.0 / e->n, 1e-15, 0);
      vt_assert_close ("ε → ∞", e->argmax[i], e->utility[i] == top ? 1.0 / n_best : 0.0,
                       1e-15, 0);
      g_assert_cmpint (e->best[i], ==, e->utility[i] == top);
    }
  g_assert_cmpuint (e->drawn, <, e->n);

  /* the curves, point by point */
  for (gsize j = 0; j < DPV_EXPONENTIAL_CURVE; j += 7)
    {
      long double q[DPV_PARAM_LIST_MAX], eu = 0, eb = 0;

      direct (e->utility, e->n, e->eps[j], du, q);
      for (guint i = 0; i < e->n; i++)
        {
          eu += q[i] * e->utility[i];
          eb += e->utility[i] == top ? q[i] : 0;
        }
      vt_assert_close ("E[u] curve", e->curve_expected[j], eu, 1e-11, 1.0);
      vt_assert_close ("Pr[best] curve", e->curve_best[j], eb, 1e-11, 0);
    }
  /* both limits in view: near uniform at the left end (unless libdpcore's smallest ε stops
   * it), Pr[best] within n·e⁻¹² of 1 at the right (unless the largest ε does) */
  if (e->eps[0] > DP_EPSILON_MIN)
    for (guint i = 0; i < e->n; i++)
      {
        long double q[DPV_PARAM_LIST_MAX];

        direct (e->utility, e->n, e->eps[0], du, q);
        g_assert_cmpfloat (fabsl (q[i] * e->n - 1), <=, expm1 (0.05) + 1e-12);
      }
  if (e->eps[DPV_EXPONENTIAL_CURVE - 1] < DP_EPSILON_MAX && n_best < e->n)
    g_assert_cmpfloat (e->curve_best[DPV_EXPONENTIAL_CURVE - 1], >=,
                       1 - e->n * exp (-12.0) * (1 + 1e-9));
  g_assert_cmpfloat (e->eps[0], <=, DPV_PARAM_MIN (EPSILON));
  g_assert_cmpfloat (e->eps[DPV_EXPONENTIAL_CURVE - 1], >=, DPV_PARAM_MAX (EPSILON));
}

static void
test_numbers (void)
{
  const char *vote = "Beijing=12, Shanghai=9, Hangzhou=9, Chengdu=4, Harbin=1";

  check_numbers (vote, 1.0, 1.0);
  check_numbers (vote, 0.01, 1.0);
  check_numbers (vote, 10.0, 1.0);
  check_numbers (vote, 3.0, 1e3);
  check_numbers ("A=5, B=5", 0.5, 1.0);                        /* all tied: uniform always */
  check_numbers ("A=3, B=7, C=7, D=-2", 2.0, 0.5);             /* a tie for best */
  check_numbers ("A=1e6, B=-1e6, C=999999", 10.0, 1e-3);      /* no overflow at the ends */
  check_numbers ("a=0,b=1,c=2,d=3,e=4,f=5,g=6,h=7,i=8,j=9,k=10,l=11", 0.2, 1.0);
}

/* The readouts name every candidate with its utility, and one person's factor e^ε. */
static void
test_readouts (void)
{
  DpvParams p;
  g_autoptr(DpvFrame) frame = NULL;
  g_autoptr(GPtrArray) r = NULL;
  const DpvExponential *e;

  exp_params (&p, "Beijing=12, Shanghai=9, Hangzhou=9, Chengdu=4, Harbin=1", 1.0, 1.0);
  frame = vt_frame (&dpv_exponential_view, &p);
  e = vt_result (frame);
  r = dpv_frame_readouts (frame);
  g_assert_nonnull (vt_readout (r, "Pr[Beijing] (u = 12.00)"));
  g_assert_nonnull (vt_readout (r, "Pr[Harbin] (u = 1.000)"));
  g_assert_cmpstr (vt_readout (r, "One person changes a probability at most ×"), ==, "2.718");
  g_assert_cmpstr (vt_readout (r, "Drawn with the seed"), ==, e->names[e->drawn]);
}

/* Over 3000 seeds the draws follow the probabilities: each count within 4.5 binomial standard
 * deviations of 3000·Pr[r]; the same seed draws the same candidate. */
static void
test_draws (void)
{
  const guint seeds = 3000;
  DpvParams p;
  guint counts[DPV_PARAM_LIST_MAX] = { 0 };
  double prob[DPV_PARAM_LIST_MAX];
  guint n = 0;

  exp_params (&p, "A=3, B=2, C=2, D=0, E=-1", 1.5, 1.0);
  for (guint s = 0; s < seeds; s++)
    {
      g_autoptr(DpvFrame) frame = NULL;
      g_autoptr(DpvFrame) again = NULL;
      const DpvExponential *e;

      p.seed = s;
      frame = vt_frame (&dpv_exponential_view, &p);
      again = dpv_frame_compute (&dpv_exponential_view, &p, NULL, NULL, NULL);
      e = vt_result (frame);
      g_assert_cmpuint (e->drawn, ==, ((const DpvExponential *) vt_result (again))->drawn);
      counts[e->drawn]++;
      n = e->n;
      memcpy (prob, e->prob, sizeof prob);
    }
  for (guint i = 0; i < n; i++)
    {
      double want = seeds * prob[i], sd = sqrt (seeds * prob[i] * (1 - prob[i]));

      g_test_message ("candidate %u: %u draws, expected %.1f", i, counts[i], want);
      g_assert_cmpfloat (fabs (counts[i] - want), <=, 4.5 * sd);
    }
}

/* At ε = 0.05 every bar stands about 1/5 high: on a row just above the bar panel's axis the
 * bars are five runs, and the run in the draw's colour is the drawn candidate's. */
static void
test_drawn_bar (void)
{
  DpvStyle style;
  DpvParams p;

  dpv_style_init (&style, DPV_THEME_LIGHT);
  exp_params (&p, "Beijing=12, Shanghai=9, Hangzhou=9, Chengdu=4, Harbin=1", 0.05, 1.0);
  for (guint64 seed = 1; seed <= 12; seed++)
    {
      g_autoptr(DpvFrame) frame = NULL;
      const DpvExponential *e;
      cairo_surface_t *img;
      int y, runs = 0, orange_run = -1;
      gboolean in_run = FALSE;

      p.seed = seed;
      frame = vt_frame (&dpv_exponential_view, &p);
      e = vt_result (frame);
      img = vt_render (frame, DPV_THEME_LIGHT, 1000, 600, NULL);
      /* the lowest row of the left half with orange on it */
      for (y = 599; y > 0; y--)
        if (vt_count_colour (img, 0, y, 560, y + 1, &style.roles[DPV_ROLE_BOUND], 0.03) > 10)
          break;
      y -= 2;
      for (int x = 0; x < 560; x++)
        {
          gboolean orange = vt_count_colour (img, x, y, x + 1, y + 1,
                                             &style.roles[DPV_ROLE_BOUND], 0.03) == 1;
          DpvColor bar = vt_blend (&style.roles[DPV_ROLE_D], 0.75, &style.plot_background);
          gboolean blue = vt_count_colour (img, x, y, x + 1, y + 1, &bar, 0.03) == 1;

          if ((orange || blue) && !in_run)
            {
              if (orange)
                orange_run = runs;
              runs++;
            }
          in_run = orange || blue;
        }
      cairo_surface_destroy (img);
      g_test_message ("seed %" G_GUINT64_FORMAT ": drawn %zu, orange bar %d of %d", seed,
                      e->drawn, orange_run, runs);
      g_assert_cmpint (runs, ==, 5);
      g_assert_cmpint (orange_run, ==, (int) e->drawn);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/view-exponential/numbers", test_numbers);
  g_test_add_func ("/view-exponential/readouts", test_readouts);
  g_test_add_func ("/view-exponential/draws", test_draws);
  g_test_add_func ("/view-exponential/drawn-bar", test_drawn_bar);
  return g_test_run ();
}
