/* test-hypothesis.c — the hypothesis-testing view: its numbers, its audit and its figure
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected values are derived here: the Laplace and randomized-response trade-off curves in
 * closed form, the Gaussian's from GSL's normal quantiles, the k-fold randomized response by
 * enumerating all 2^k outputs, the posteriors by Bayes' rule, the densities' shaded areas
 * against the Laplace tail. The audit is checked against the exact errors of its test over
 * several seeds, within stated statistical allowances. The figure is checked by sampling
 * pixels where the test's point, the curve and the forbidden region must be, and by the drag
 * areas it declares.
 */
#include "config.h"

#include <gsl/gsl_cdf.h>
#include <math.h>
#include <string.h>

#include "dpv-drag.h"
#include "dpv-figure.h"
#include "dpv-hypothesis.h"
#include "dpv-progress.h"

static const DpvViewClass *
view (void)
{
  return &dpv_hypothesis_view;
}

static void
params_for (DpvParams *p, DpMechanismKind kind, double eps, unsigned long k, double alpha)
{
  dpv_params_init (p);
  p->mechanism = kind;
  p->epsilon = eps;
  p->k = k;
  p->type1 = alpha;
  p->show_caption = FALSE;
}

static DpvFrame *
frame_at (const DpvParams *p)
{
  DpvFrame *frame = dpv_frame_compute (view (), p, NULL, NULL, NULL);

  g_assert_nonnull (frame);
  g_assert_nonnull (dpv_frame_get_result (frame));
  return frame;
}

/* The ε-DP region's boundary f_{ε,δ}(α), written out (KOV 2015, Thm 2.1). */
static double
region (double eps, double delta, double a)
{
  return fmax (0.0, fmax (1.0 - delta - exp (eps) * a, exp (-eps) * (1.0 - delta - a)));
}

/* Laplace with ε = Δ/b: the test y > t has α = P(Lap(0, b) > t), β = P(Lap(Δ, b) ≤ t). */
static double
laplace_tail (double t, double b)
{
  return t >= 0 ? 0.5 * exp (-t / b) : 1.0 - 0.5 * exp (t / b);
}

static double
laplace_curve (double eps, double a)
{
  if (a <= 0.5 * exp (-eps))
    return 1.0 - exp (eps) * a;
  if (a <= 0.5)
    return exp (-eps) / (4.0 * a);
  return exp (-eps) * (1.0 - a);
}

static double
bayes (double prior, double alpha, double beta)
{
  return prior * (1.0 - beta) / (prior * (1.0 - beta) + (1.0 - prior) * alpha);
}

static const char *
readout (GPtrArray *r, const char *label)
{
  for (guint i = 0; i < r->len; i++)
    {
      const DpvReadout *o = g_ptr_array_index (r, i);

      if (g_str_equal (o->label, label))
        return o->value;
    }
  g_error ("no read-out “%s”", label);
  return NULL;
}

static void
assert_readout (GPtrArray *r, const char *label, double expected)
{
  g_autofree char *want = dpv_fmt (expected);

  g_assert_cmpstr (readout (r, label), ==, want);
}

/* ---- numbers ------------------------------------------------------------------------------ */

static void
test_laplace (void)
{
  DpvParams p;
  g_autoptr(DpvFrame) frame = NULL;
  g_autoptr(GPtrArray) r = NULL;
  const DpvHypothesis *h;
  double eps = 1.0, a = 0.05, b, t, beta;

  params_for (&p, DP_MECHANISM_LAPLACE, eps, 1, a);
  p.sensitivity = 2.0;
  p.prior = 0.3;
  frame = frame_at (&p);
  h = dpv_frame_get_result (frame);
  b = 2.0 / eps;
  /* the test with α = 0.05: ½e^{−t/b} = α */
  t = -b * log (2 * a);
  beta = 1.0 - laplace_tail (t - 2.0, b);
  g_assert_cmpfloat_with_epsilon (h->threshold, t, 1e-9);
  g_assert_cmpfloat_with_epsilon (h->beta, beta, 1e-9);
  g_assert_cmpfloat_with_epsilon (h->beta, laplace_curve (eps, a), 1e-9);
  /* 1 − TV = e^{−ε/2}; the equal-error point of e^{−ε}/(4α) = α is e^{−ε/2}/2 */
  g_assert_cmpfloat_with_epsilon (h->min_sum_1, exp (-eps / 2), 1e-9);
  g_assert_cmpfloat_with_epsilon (h->eer_1, exp (-eps / 2) / 2, 1e-9);
  /* pure ε: posterior odds ≤ prior odds × e^ε; reached by the outputs y ≥ Δ */
  g_assert_cmpfloat_with_epsilon (h->post_allowed_1, 0.3 * exp (eps) / (0.3 * exp (eps) + 0.7),
                                  1e-12);
  g_assert_cmpfloat_with_epsilon (h->post_max_1, h->post_allowed_1, 1e-12);
  g_assert_cmpfloat_with_epsilon (h->post_test_1, bayes (0.3, a, beta), 1e-9);

  r = dpv_frame_readouts (frame);
  assert_readout (r, "Type II error β", beta);
  assert_readout (r, "Power 1 − β", 1.0 - beta);
  assert_readout (r, "Smallest α + β = 1 − TV", exp (-eps / 2));
  {
    g_autofree char *tt = dpv_fmt (t);
    g_autofree char *want = g_strdup_printf ("y > %s says D′", tt);

    g_assert_cmpstr (readout (r, "Test on one output"), ==, want);
  }

  /* the drawn curve: α increasing, each point on the closed form, symmetric about β = α */
  g_assert_cmpuint (h->one.n, ==, DPV_HYP_POINTS);
  for (gsize i = 0; i < h->one.n; i++)
    {
      g_assert_cmpfloat_with_epsilon (h->one.beta[i], laplace_curve (eps, h->one.alpha[i]),
                                      1e-9);
      if (i > 0)
        g_assert_cmpfloat (h->one.alpha[i], >=, h->one.alpha[i - 1]);
      /* inside the ε-DP region */
      g_assert_cmpfloat (h->one.beta[i], >=, region (eps, 0, h->one.alpha[i]) - 1e-12);
    }
  for (gsize i = 0; i < h->region.n; i++)
    g_assert_cmpfloat_with_epsilon (h->region.beta[i], region (eps, 0, h->region.alpha[i]),
                                    1e-12);
  g_assert_cmpuint (h->pure.n, ==, 0);   /* δ = 0: the region is the ε-DP boundary */

  /* the shaded areas of the densities: the part of α and β inside the panel's range */
  {
    double sa = 0, sb = 0, lo = h->x_lo, hi = h->x_hi;

    for (gsize i = 1; i < h->n; i++)
      {
        double dx = h->xs[i] - h->xs[i - 1];

        sa += 0.5 * dx * (h->fill_alpha[i] + h->fill_alpha[i - 1]);
        sb += 0.5 * dx * (h->fill_beta[i] + h->fill_beta[i - 1]);
      }
    g_assert_cmpfloat_with_epsilon (sa, laplace_tail (t, b) - laplace_tail (hi, b), 2e-3);
    g_assert_cmpfloat_with_epsilon (sb, (1.0 - laplace_tail (t - 2.0, b))
                                        - (1.0 - laplace_tail (lo - 2.0, b)), 2e-3);
    /* the drag table: α of the threshold at each x, falling */
    for (gsize i = 0; i < h->n; i++)
      {
        g_assert_cmpfloat_with_epsilon (h->type1_at[i], laplace_tail (h->xs[i], b), 1e-12);
        if (i > 0)
          g_assert_cmpfloat (h->type1_at[i], <=, h->type1_at[i - 1]);
      }
  }
}

static void
test_gaussian (void)
{
  DpvParams p;
  g_autoptr(DpvFrame) frame = NULL;
  const DpvHypothesis *h;
  const DpMechanism *m;
  double a = 0.02, mu, z, beta, beta_k, fr;
  unsigned long k = 9;

  params_for (&p, DP_MECHANISM_GAUSSIAN, 0.8, k, a);
  p.delta = 1e-4;
  frame = frame_at (&p);
  h = dpv_frame_get_result (frame);
  m = dpv_frame_get_mechanism (frame);
  mu = m->sensitivity / m->scale;
  z = gsl_cdf_ugaussian_Qinv (a);
  beta = gsl_cdf_ugaussian_P (z - mu);
  beta_k = gsl_cdf_ugaussian_P (z - mu * 3.0);
  g_assert_cmpfloat_with_epsilon (h->threshold, z * m->scale, 1e-9 * m->scale);
  g_assert_cmpfloat_with_epsilon (h->beta, beta, 1e-9);
  g_assert_cmpfloat_with_epsilon (h->beta_k, beta_k, 1e-9);
  g_assert_cmpfloat_with_epsilon (h->min_sum_1, 2 * gsl_cdf_ugaussian_P (-mu / 2), 1e-9);
  g_assert_cmpfloat_with_epsilon (h->eer_k, gsl_cdf_ugaussian_P (-3.0 * mu / 2), 1e-9);
  /* the guarantee is (ε, δ): the region and, dashed, the ε-DP boundary */
  g_assert_cmpfloat (h->delta, ==, 1e-4);
  g_assert_cmpuint (h->pure.n, ==, DPV_HYP_POINTS);
  /* after a test at α says "in": power ≤ 1 − f_{ε,δ}(α), and the Gaussian's best test stays
   * under it */
  fr = region (0.8, 1e-4, a);
  g_assert_cmpfloat_with_epsilon (h->post_allowed_1, bayes (0.5, a, fr), 1e-9);
  g_assert_cmpfloat (h->post_test_1, <=, h->post_allowed_1);
  g_assert_cmpfloat_with_epsilon (h->post_test_k, bayes (0.5, a, beta_k), 1e-9);
  fr = region (9 * 0.8, 9e-4, a);
  g_assert_cmpfloat_with_epsilon (h->post_allowed_k, bayes (0.5, a, fr), 1e-9);
  /* the likelihood ratio is unbounded: no output-wise limit */
  g_assert_cmpfloat (h->post_max_1, ==, 1.0);
  /* basic (kε, kδ) and advanced √(2k ln(1/δ′))ε + kε(e^ε − 1), total δ kδ + δ′ */
  g_assert_cmpfloat_with_epsilon (h->basic_eps, 9 * 0.8, 1e-12);
  g_assert_cmpfloat_with_epsilon (h->basic_delta, 9e-4, 1e-15);
  g_assert_cmpfloat_with_epsilon (h->adv_eps, sqrt (18 * log (1e4)) * 0.8 + 9 * 0.8 * expm1 (0.8),
                                  1e-9);
  g_assert_cmpfloat_with_epsilon (h->adv_delta, 1e-3, 1e-15);
  /* the k-fold curve G_{3μ}, sampled */
  for (gsize i = 0; i < h->kfold.n; i += 7)
    {
      double al = h->kfold.alpha[i];
      double want = al <= 0 ? 1.0 : al >= 1 ? 0.0
                    : gsl_cdf_ugaussian_P (gsl_cdf_ugaussian_Qinv (al) - 3.0 * mu);

      g_assert_cmpfloat_with_epsilon (h->kfold.beta[i], want, 1e-7);
    }
}

/* k answers of randomized response: all 2^k outputs, sorted by likelihood ratio, give the
 * Neyman–Pearson polygon; β at α by linear interpolation (a randomised test). */
static double
rr_enumerated (double eps, int k, double alpha)
{
  double p = exp (eps) / (1 + exp (eps)), q = 1 - p;
  /* outputs with j ones, in the order that says D′ first: j = k down to 0 */
  double a = 0, power = 0;

  for (int j = k; j >= 0; j--)
    {
      double n = 0, pa, pq;

      for (unsigned y = 0; y < (1u << k); y++)
        n += __builtin_popcount (y) == j;
      pa = n * pow (q, j) * pow (p, k - j);   /* under D every answer is 0 w.p. p */
      pq = n * pow (p, j) * pow (q, k - j);
      if (a + pa >= alpha)
        return 1.0 - (power + pq * (alpha - a) / pa);
      a += pa;
      power += pq;
    }
  return 0.0;
}

static void
test_rr (void)
{
  DpvParams p;
  g_autoptr(DpvFrame) frame = NULL;
  const DpvHypothesis *h;
  double eps = 0.7, a = 0.45, q = 1 / (1 + exp (eps));

  params_for (&p, DP_MECHANISM_RR, eps, 6, a);
  frame = frame_at (&p);
  h = dpv_frame_get_result (frame);
  /* randomized response's curve is the ε-DP boundary itself */
  g_assert_cmpfloat_with_epsilon (h->beta, region (eps, 0, a), 1e-12);
  g_assert_cmpfloat_with_epsilon (h->beta_k, rr_enumerated (eps, 6, a), 1e-9);
  g_assert_cmpfloat_with_epsilon (h->min_sum_1, 2 * q, 1e-12);
  g_assert_cmpfloat_with_epsilon (h->eer_1, q, 1e-12);
  /* α = 0.45 > q = 0.332: the test says D′ on y = 1 and on y = 0 with probability (α − q)/p */
  g_assert_cmpfloat (h->threshold, ==, 0.0);
  g_assert_cmpfloat_with_epsilon (h->gamma, (a - q) / (1 - q), 1e-12);
  g_assert_cmpfloat_with_epsilon (h->test_pos, 0.5 - h->gamma, 1e-12);
  for (gsize i = 0; i < h->kfold.n; i += 11)
    g_assert_cmpfloat_with_epsilon (h->kfold.beta[i], rr_enumerated (eps, 6, h->kfold.alpha[i]),
                                    1e-9);
  /* the drag table of the line of tests: α = 1, q, 0 at −½, ½, 3/2 */
  g_assert_cmpuint (h->n, ==, 3);
  g_assert_cmpfloat (h->type1_at[1], ==, h->rr_p[1]);
  g_assert_cmpfloat_with_epsilon (h->rr_p[1], q, 1e-12);
  /* after k = 6 outputs the most revealing posterior: prior odds × e^{6ε} */
  g_assert_cmpfloat_with_epsilon (h->post_max_k, exp (6 * eps) / (exp (6 * eps) + 1), 1e-12);
}

/* Posteriors as percentages: a value near 1 keeps the digits that tell it from 100 % (the
 * expected strings are printed here from Bayes' rule with printf). */
static void
test_percent (void)
{
  DpvParams p;
  g_autoptr(DpvFrame) rr = NULL;
  g_autoptr(DpvFrame) lap = NULL;
  g_autoptr(GPtrArray) r1 = NULL;
  g_autoptr(GPtrArray) r2 = NULL;
  char want[64];

  /* randomized response, ε = 1, k = 10, prior ½: the most revealing answers give odds e^{10},
   * 1 − p = 4.5e-5 needs 7 significant digits */
  params_for (&p, DP_MECHANISM_RR, 1.0, 10, 0.05);
  rr = frame_at (&p);
  r1 = dpv_frame_readouts (rr);
  g_snprintf (want, sizeof want, "%.7g %%", 100.0 / (1.0 + exp (-10.0)));
  g_assert_cmpstr (readout (r1, "After k outputs, the most revealing ones"), ==, want);
  g_snprintf (want, sizeof want, "%.3g %%", 100.0 / (1.0 + exp (-1.0)));
  g_assert_cmpstr (readout (r1, "This mechanism, most revealing output"), ==, want);
  /* Laplace, ε = 1, k = 100: odds e^{100}, 1 in double precision, is not 100 % */
  params_for (&p, DP_MECHANISM_LAPLACE, 1.0, 100, 0.05);
  lap = frame_at (&p);
  r2 = dpv_frame_readouts (lap);
  g_assert_cmpfloat (1.0 / (1.0 + exp (-100.0)), ==, 1.0);
  g_assert_cmpstr (readout (r2, "Allowed by kε-DP, any k outputs"), ==, "> 99.9999 %");
}

/* Log–log axes: the curves are sampled down to below 10⁻⁶ on both axes. */
static void
test_log_axes (void)
{
  DpvParams p;
  g_autoptr(DpvFrame) frame = NULL;
  const DpvHypothesis *h;

  params_for (&p, DP_MECHANISM_LAPLACE, 3.0, 1, 0.05);
  p.log_axes = TRUE;
  frame = frame_at (&p);
  h = dpv_frame_get_result (frame);
  g_assert_cmpfloat (h->axis_min, ==, DPV_HYP_LOG_MIN);
  g_assert_cmpfloat (h->one.alpha[0], <, DPV_HYP_LOG_MIN);
  g_assert_cmpfloat (h->one.beta[h->one.n - 1], <, DPV_HYP_LOG_MIN);
  for (gsize i = 0; i < h->one.n; i++)
    g_assert_cmpfloat_with_epsilon (h->one.beta[i], laplace_curve (3.0, h->one.alpha[i]),
                                    1e-12 + 1e-9 * h->one.beta[i]);
}

/* ---- the audit ---------------------------------------------------------------------------- */

static const DpvHypAudit *
audit_of (const DpvFrame *frame)
{
  return ((const DpvHypothesis *) dpv_frame_get_result (frame))->audit;
}

/* Over 20 seeds the audit's counts follow the exact errors of its test: each estimate within
 * 5 standard deviations, each 95 % interval covering the truth at least 16 times in 20
 * (P(Bin(20, 0.95) < 16) < 0.003), and the certified bound above the claim at most 4 times
 * (each at most 5 %: P(Bin(20, 0.05) > 4) < 0.003). */
static void
test_audit_law (void)
{
  const DpMechanismKind kinds[] = { DP_MECHANISM_LAPLACE, DP_MECHANISM_GAUSSIAN,
                                    DP_MECHANISM_RR };

  for (gsize m = 0; m < G_N_ELEMENTS (kinds); m++)
    {
      int cover_a = 0, cover_b = 0, over = 0;

      for (guint64 seed = 1; seed <= 20; seed++)
        {
          DpvParams p;
          g_autoptr(DpvFrame) frame = NULL;
          const DpvHypAudit *a;
          const DpvHypothesis *h;
          double ea, eb, n;

          params_for (&p, kinds[m], 1.0, 1, 0.05);
          p.trials = 10000;
          p.seed = seed;
          frame = frame_at (&p);
          a = audit_of (frame);
          h = dpv_frame_get_result (frame);
          g_assert_true (a->ran);
          g_assert_true (a->r.has_exact);
          n = (double) a->trials;
          if (kinds[m] == DP_MECHANISM_RR)
            {
              /* the audit's test is "y = 1 says D′": α = β = 1/(1 + e^ε) */
              ea = eb = 1 / (1 + exp (1.0));
            }
          else
            {
              /* the current test: α = 0.05 and β on the curve */
              ea = 0.05;
              eb = h->beta;
              g_assert_cmpfloat_with_epsilon (a->r.threshold, h->threshold, 1e-9);
            }
          g_assert_cmpfloat_with_epsilon (a->r.type1_exact, ea, 1e-9);
          g_assert_cmpfloat_with_epsilon (a->r.type2_exact, eb, 1e-9);
          g_assert_cmpfloat (fabs (a->r.type1 - ea), <=, 5 * sqrt (ea * (1 - ea) / n));
          g_assert_cmpfloat (fabs (a->r.type2 - eb), <=, 5 * sqrt (eb * (1 - eb) / n));
          cover_a += a->r.type1_ci.lower <= ea && ea <= a->r.type1_ci.upper;
          cover_b += a->r.type2_ci.lower <= eb && eb <= a->r.type2_ci.upper;
          over += a->r.bound.epsilon_lower > a->eps_claimed;
          /* the bound from the interval ends, written out */
          {
            double d = a->delta;
            double want = fmax (0.0, fmax (log ((1 - d - a->r.type2_ci.upper)
                                                / a->r.type1_ci.upper),
                                           log ((1 - d - a->r.type1_ci.upper)
                                                / a->r.type2_ci.upper)));

            g_assert_cmpfloat_with_epsilon (a->r.bound.epsilon_lower, want, 1e-12);
          }
        }
      g_test_message ("%s: coverage %d, %d of 20; bound above the claim %d of 20",
                      dp_mechanism_kind_to_name (kinds[m]), cover_a, cover_b, over);
      g_assert_cmpint (cover_a, >=, 16);
      g_assert_cmpint (cover_b, >=, 16);
      g_assert_cmpint (over, <=, 4);
    }
}

/* The buggy mechanism (noise for Δ/2; randomized response: the coin of 2ε) is caught at
 * N = 10⁵ on each of three seeds, for every mechanism; its true ε is 2ε (the Gaussian's at δ
 * from μ doubled). */
static void
test_audit_buggy (void)
{
  const DpMechanismKind kinds[] = { DP_MECHANISM_LAPLACE, DP_MECHANISM_GAUSSIAN,
                                    DP_MECHANISM_RR };

  for (gsize m = 0; m < G_N_ELEMENTS (kinds); m++)
    for (guint64 seed = 1; seed <= 3; seed++)
      {
        DpvParams p;
        g_autoptr(DpvFrame) frame = NULL;
        const DpvHypAudit *a;

        params_for (&p, kinds[m], 1.0, 1, 0.05);
        p.trials = 100000;
        p.seed = seed;
        p.buggy = TRUE;
        /* the Gaussian's tails are thin: the threshold chosen for the audit */
        p.audit_best = kinds[m] == DP_MECHANISM_GAUSSIAN;
        frame = frame_at (&p);
        a = audit_of (frame);
        g_test_message ("%s seed %" G_GUINT64_FORMAT ": certified ε ≥ %g",
                        dp_mechanism_kind_to_name (kinds[m]), seed,
                        a->r.bound.epsilon_lower);
        g_assert_cmpfloat (a->r.bound.epsilon_lower, >, a->eps_claimed);
        g_assert_cmpfloat (a->r.bound.epsilon_lower, <=, a->eps_simulated * 1.001);
        if (kinds[m] != DP_MECHANISM_GAUSSIAN)
          g_assert_cmpfloat_with_epsilon (a->eps_simulated, 2.0, 1e-12);
      }
}

/* Same parameters, same runs; another seed, other runs; k, the prior and the axes do not
 * run the audit again (they are not in its key). */
static void
test_audit_reproducible (void)
{
  g_autoptr(DpvFrameCache) cache = dpv_frame_cache_new (16);
  DpvParams p;
  g_autoptr(DpvFrame) f1 = NULL;
  g_autoptr(DpvFrame) f2 = NULL;
  g_autoptr(DpvFrame) f3 = NULL;
  g_autoptr(DpvFrame) f4 = NULL;
  guint n_data = 0;

  params_for (&p, DP_MECHANISM_LAPLACE, 1.0, 1, 0.1);
  f1 = dpv_frame_compute (view (), &p, NULL, NULL, NULL);
  f2 = dpv_frame_compute (view (), &p, cache, NULL, NULL);
  g_assert_cmpuint (audit_of (f1)->r.false_positives, ==, audit_of (f2)->r.false_positives);
  g_assert_cmpuint (audit_of (f1)->r.false_negatives, ==, audit_of (f2)->r.false_negatives);
  p.k = 50;
  p.prior = 0.9;
  p.log_axes = TRUE;
  f3 = dpv_frame_compute (view (), &p, cache, NULL, NULL);
  g_assert_true (audit_of (f3) == audit_of (f2));
  dpv_frame_cache_get_stats (cache, view (), NULL, &n_data, NULL);
  g_assert_cmpuint (n_data, ==, 1);
  p.seed = 2;
  f4 = dpv_frame_compute (view (), &p, cache, NULL, NULL);
  g_assert_true (audit_of (f4)->r.false_positives != audit_of (f2)->r.false_positives
                 || audit_of (f4)->r.false_negatives != audit_of (f2)->r.false_negatives);
}

typedef struct {
  GCancellable *cancellable;
  double last;
  guint n;
  gboolean monotone;
  double cancel_at;
} Progress;

static void
on_progress (double fraction, gpointer data)
{
  Progress *pr = data;

  pr->monotone = pr->monotone && fraction >= pr->last;
  pr->last = fraction;
  pr->n++;
  if (fraction >= pr->cancel_at)
    g_cancellable_cancel (pr->cancellable);
}

/* The audit tells its progress through the cancellable (dpv-progress.h): several reports,
 * rising to 1; cancelled from a report it stops and the frame is not made. */
static void
test_audit_progress (void)
{
  DpvParams p;
  DpMechanism m;

  params_for (&p, DP_MECHANISM_LAPLACE, 1.0, 1, 0.05);
  p.trials = 1000000;
  g_assert_cmpint (dpv_params_mechanism (&p, &m), ==, DP_OK);
  {
    g_autoptr(GCancellable) c = g_cancellable_new ();
    Progress pr = { c, 0, 0, TRUE, 2.0 };
    gpointer data;

    dpv_progress_attach (c, on_progress, &pr, NULL);
    data = view ()->compute_data (&p, &m, c, NULL);
    g_assert_nonnull (data);
    g_assert_true (pr.monotone);
    g_assert_cmpuint (pr.n, >=, 10);
    g_assert_cmpfloat (pr.last, ==, 1.0);
    view ()->free_data (data);
  }
  {
    g_autoptr(GCancellable) c = g_cancellable_new ();
    Progress pr = { c, 0, 0, TRUE, 0.3 };
    g_autoptr(GError) error = NULL;
    g_autoptr(DpvFrame) frame = NULL;

    dpv_progress_attach (c, on_progress, &pr, NULL);
    frame = dpv_frame_compute (view (), &p, NULL, c, &error);
    g_assert_null (frame);
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    g_assert_cmpfloat (pr.last, <, 0.6);
  }
}

/* While the audit runs the app draws the preview: the curves, and "running" for the audit. */
static void
test_preview (void)
{
  g_autoptr(DpvFrameCache) cache = dpv_frame_cache_new (8);
  DpvParams p;
  g_autoptr(DpvFrame) frame = NULL;
  g_autoptr(GPtrArray) r = NULL;
  g_autofree char *caption = NULL;
  const DpvHypothesis *h;

  params_for (&p, DP_MECHANISM_GAUSSIAN, 1.0, 4, 0.05);
  frame = dpv_frame_compute_preview (view (), &p, cache);
  g_assert_nonnull (frame);
  g_assert_true (dpv_frame_is_pending (frame));
  h = dpv_frame_get_result (frame);
  g_assert_false (h->audit->ran);
  g_assert_cmpuint (h->certified.n, ==, 0);
  g_assert_cmpuint (h->kfold.n, ==, DPV_HYP_POINTS);
  r = dpv_frame_readouts (frame);
  g_assert_cmpstr (readout (r, "Audit"), ==, "running…");
  caption = dpv_frame_caption (frame);
  g_assert_nonnull (strstr (caption, "audit running"));
}

/* ---- the figure --------------------------------------------------------------------------- */

typedef struct {
  cairo_surface_t *surface;
  GPtrArray *log;
} Drawn;

static void
drawn_clear (Drawn *d)
{
  cairo_surface_destroy (d->surface);
  g_ptr_array_unref (d->log);
}

static void
draw_logged (const DpvFrame *frame, const DpvStyle *style, int w, int h, Drawn *out)
{
  cairo_t *cr;

  out->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  out->log = g_ptr_array_new_with_free_func ((GDestroyNotify) dpv_drag_area_free);
  cr = cairo_create (out->surface);
  dpv_drag_log_attach (cr, out->log);
  dpv_figure_render (frame, style, cr, w, h);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (out->surface);
}

static void
pixel (cairo_surface_t *s, double x, double y, double rgb[3])
{
  const unsigned char *data = cairo_image_surface_get_data (s);
  int stride = cairo_image_surface_get_stride (s);
  const unsigned char *px = data + (int) y * stride + 4 * (int) x;

  rgb[0] = px[2] / 255.0;
  rgb[1] = px[1] / 255.0;
  rgb[2] = px[0] / 255.0;
}

/* The pixel nearest in colour to @c within @r pixels of (x, y): its distance (sum of the three
 * channel differences). */
static double
nearest_colour (cairo_surface_t *s, double x, double y, int r, const DpvColor *c)
{
  double best = 3;

  for (int dy = -r; dy <= r; dy++)
    for (int dx = -r; dx <= r; dx++)
      {
        double rgb[3];

        pixel (s, x + dx, y + dy, rgb);
        best = MIN (best, fabs (rgb[0] - c->r) + fabs (rgb[1] - c->g) + fabs (rgb[2] - c->b));
      }
  return best;
}

static const DpvDragArea *
area_of (GPtrArray *log, DpvDragKind kind, guint nth)
{
  for (guint i = 0; i < log->len; i++)
    {
      const DpvDragArea *a = g_ptr_array_index (log, i);

      if (a->kind == kind && a->id == DPV_PARAM_TYPE1 && nth-- == 0)
        return a;
    }
  return NULL;
}

static guint
count_areas (GPtrArray *log, DpvDragKind kind)
{
  guint n = 0;

  for (guint i = 0; i < log->len; i++)
    n += ((const DpvDragArea *) g_ptr_array_index (log, i))->kind == kind;
  return n;
}

/* Laplace ε = 1, one output, linear axes: the test's point, the curve and the forbidden
 * region where the data area says they are; dragging along the curve or across the
 * densities gives back the α of the place. */
static void
test_figure_linear (void)
{
  DpvParams p;
  g_autoptr(DpvFrame) frame = NULL;
  const DpvHypothesis *h;
  DpvStyle style;
  Drawn d;
  const DpvDragArea *main_area, *dens;
  double rgb[3], px, py;

  params_for (&p, DP_MECHANISM_LAPLACE, 1.0, 1, 0.05);
  frame = frame_at (&p);
  h = dpv_frame_get_result (frame);
  dpv_style_init (&style, DPV_THEME_LIGHT);
  draw_logged (frame, &style, 1200, 750, &d);

  g_assert_cmpuint (count_areas (d.log, DPV_DRAG_ALONG), ==, 1);
  g_assert_cmpuint (count_areas (d.log, DPV_DRAG_ACROSS), ==, 1);
  main_area = area_of (d.log, DPV_DRAG_ALONG, 0);
  dens = area_of (d.log, DPV_DRAG_ACROSS, 0);
  g_assert_nonnull (main_area);
  g_assert_nonnull (dens);

#define PX(a) (main_area->x + (a) * main_area->width)
#define PY(b) (main_area->y + (1.0 - (b)) * main_area->height)
  /* the test's marker, in the accent colour */
  g_assert_cmpfloat (nearest_colour (d.surface, PX (0.05), PY (h->beta), 1, &style.accent), <,
                     0.1);
  /* the curve at α = 0.6: e^{−1}·0.4 */
  g_assert_cmpfloat (nearest_colour (d.surface, PX (0.6), PY (exp (-1) * 0.4), 2,
                                     &style.roles[DPV_ROLE_ACTUAL]), <, 0.15);
  /* inside the forbidden region (α = 0.13, β = 0.23 < 1 − e·0.13): tinted pink, not white */
  pixel (d.surface, PX (0.13), PY (0.23), rgb);
  g_assert_cmpfloat (rgb[0] - rgb[1], >, 0.02);
  /* dragging: the place on the curve at α = 0.3 gives α = 0.3; off the curve, the nearest */
  px = PX (0.3);
  py = PY (laplace_curve (1.0, 0.3));
  g_assert_cmpfloat_with_epsilon (dpv_drag_area_value (main_area, px, py), 0.3, 2e-3);
  g_assert_true (dpv_drag_log_find (d.log, px, py) == main_area);
#undef PX
#undef PY

  /* across the densities: x of the threshold t gives α = 0.05, and the line is drawn there */
  px = dens->x + (h->threshold - h->x_lo) / (h->x_hi - h->x_lo) * dens->width;
  g_assert_cmpfloat_with_epsilon (dpv_drag_area_value (dens, px, dens->y), 0.05, 1e-3);
  g_assert_cmpfloat (nearest_colour (d.surface, px, dens->y + dens->height * 0.5, 1,
                                     &style.accent), <, 0.1);
  g_assert_true (dpv_drag_log_find (d.log, px, dens->y + 3) == dens);
  drawn_clear (&d);
}

/* k > 1 draws a second curve to drag along; on log–log axes the place of α = 0.01 on the
 * curve gives α = 0.01 back. */
static void
test_figure_log (void)
{
  DpvParams p;
  g_autoptr(DpvFrame) frame = NULL;
  DpvStyle style;
  Drawn d;
  const DpvDragArea *main_area;
  double px, py, a = 0.01, eps = 0.5;

  params_for (&p, DP_MECHANISM_LAPLACE, eps, 5, 0.05);
  p.log_axes = TRUE;
  frame = frame_at (&p);
  dpv_style_init (&style, DPV_THEME_DARK);
  draw_logged (frame, &style, 1000, 700, &d);
  g_assert_cmpuint (count_areas (d.log, DPV_DRAG_ALONG), ==, 2);
  main_area = area_of (d.log, DPV_DRAG_ALONG, 0);
  px = main_area->x + (log10 (a) + 6.0) / 6.0 * main_area->width;
  py = main_area->y + (-log10 (laplace_curve (eps, a))) / 6.0 * main_area->height;
  g_assert_cmpfloat_with_epsilon (dpv_drag_area_value (main_area, px, py), a, a * 0.03);
  g_assert_cmpfloat (nearest_colour (d.surface, px, py, 2, &style.roles[DPV_ROLE_ACTUAL]), <,
                     0.2);
  drawn_clear (&d);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/hypothesis/laplace", test_laplace);
  g_test_add_func ("/hypothesis/gaussian", test_gaussian);
  g_test_add_func ("/hypothesis/rr", test_rr);
  g_test_add_func ("/hypothesis/percent", test_percent);
  g_test_add_func ("/hypothesis/log-axes", test_log_axes);
  g_test_add_func ("/hypothesis/audit/law", test_audit_law);
  g_test_add_func ("/hypothesis/audit/buggy", test_audit_buggy);
  g_test_add_func ("/hypothesis/audit/reproducible", test_audit_reproducible);
  g_test_add_func ("/hypothesis/audit/progress", test_audit_progress);
  g_test_add_func ("/hypothesis/preview", test_preview);
  g_test_add_func ("/hypothesis/figure/linear", test_figure_linear);
  g_test_add_func ("/hypothesis/figure/log", test_figure_log);
  return g_test_run ();
}
