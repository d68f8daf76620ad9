/* test-audit.c — Clopper–Pearson intervals, certified bounds and simulated audits
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected values: binomial tails summed here term by term (lgamma), the exact errors of the
 * threshold tests written out here (normal and Laplace CDFs, binomial sums, a quadrature for
 * the clipped Laplace sum), and for the simulations the binomial law of the counts: rates
 * within a stated number of standard deviations over several seeds, violations of the bound
 * counted over many seeds against the binomial allowance of the stated confidence.
 */
#include <math.h>
#include <stdlib.h>

#include <glib.h>
#include <gsl/gsl_cdf.h>

#include "test-util.h"

/* ---- references ------------------------------------------------------------------------- */

/* P(Bin(n, p) ≤ x), summing the shorter tail term by term in log space. */
static double
ref_binom_cdf (unsigned long x, unsigned long n, double p)
{
  if (x >= n)
    return 1.0;
  double lp = log (p), lq = log1p (-p), lgn = lgamma ((double) n + 1.0);
  double sum = 0.0;
  bool lower = x < n / 2;
  unsigned long from = lower ? 0 : x + 1, to = lower ? x : n;
  for (unsigned long j = from; j <= to; j++)
    sum += exp (lgn - lgamma ((double) j + 1.0) - lgamma ((double) (n - j) + 1.0) + j * lp
                + (double) (n - j) * lq);
  return lower ? sum : 1.0 - sum;
}

static double
ref_Phi (double x)
{
  return 0.5 * erfc (-x / M_SQRT2);
}

/* ---- Clopper–Pearson --------------------------------------------------------------------- */

static void
test_clopper_pearson (void)
{
  /* includes pairs where gsl_cdf_beta_Pinv fails to converge in GSL 2.7.1 (31/1000, 3/997,
   * 5000/10000) */
  const unsigned long cases[][2] = {
    { 0, 100 }, { 1, 100 }, { 50, 100 }, { 99, 100 }, { 100, 100 }, { 3, 997 },
    { 31, 1000 }, { 894, 997 }, { 5000, 10000 }, { 17, 100000 }, { 0, 1000000 },
    { 1, 1000000 }, { 123456, 1000000 }, { 999999, 1000000 },
  };
  const double confidences[] = { 0.95, 0.99 };
  for (size_t c = 0; c < G_N_ELEMENTS (confidences); c++)
    for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
      {
        unsigned long x = cases[i][0], n = cases[i][1];
        double tail = 0.5 * (1.0 - confidences[c]);
        DpInterval ci;
        assert_ok (dp_clopper_pearson (x, n, confidences[c], &ci));
        g_assert_cmpfloat (ci.lower, <=, (double) x / n);
        g_assert_cmpfloat (ci.upper, >=, (double) x / n);
        if (x < n)
          assert_rel ("cp upper: P(Bin <= x) = tail", ref_binom_cdf (x, n, ci.upper), tail, 1e-7);
        else
          g_assert_cmpfloat (ci.upper, ==, 1.0);
        if (x > 0)
          assert_rel ("cp lower: P(Bin >= x) = tail", 1.0 - ref_binom_cdf (x - 1, n, ci.lower),
                      tail, 1e-7);
        else
          g_assert_cmpfloat (ci.lower, ==, 0.0);
      }
  DpInterval ci;
  assert_domain (dp_clopper_pearson (5, 4, 0.95, &ci));
  assert_domain (dp_clopper_pearson (1, 0, 0.95, &ci));
  assert_domain (dp_clopper_pearson (1, 10, 1.0, &ci));
}

static void
test_bound (void)
{
  DpAuditBound b;
  assert_ok (dp_audit_bound (0.01, 0.2, 1e-5, &b));
  assert_rel ("bound type 1", b.from_type1, log ((1 - 1e-5 - 0.2) / 0.01), 1e-14);
  assert_rel ("bound type 2", b.from_type2, log ((1 - 1e-5 - 0.01) / 0.2), 1e-14);
  assert_rel ("bound", b.epsilon_lower, b.from_type1, 0);
  /* no evidence: negative logarithms, and a numerator ≤ 0, leave ε ≥ 0 */
  assert_ok (dp_audit_bound (0.7, 0.6, 0.0, &b));
  assert_rel ("bound negative", b.from_type1, log (0.4 / 0.7), 1e-14);
  g_assert_cmpfloat (b.epsilon_lower, ==, 0.0);
  assert_ok (dp_audit_bound (0.7, 1.0, 0.0, &b));
  g_assert_cmpfloat (b.from_type1, ==, -HUGE_VAL);
  g_assert_cmpfloat (b.epsilon_lower, ==, 0.0);
  assert_domain (dp_audit_bound (1.5, 0.1, 0.0, &b));
}

/* ---- simulations ------------------------------------------------------------------------- */

static DpAuditSpec
spec_for (unsigned long k, unsigned long n, uint32_t seed, double threshold, double delta)
{
  DpAuditSpec s = { 0 };
  s.k = k;
  s.trials = n;
  s.seed = seed;
  s.auto_threshold = isnan (threshold);
  s.threshold = isnan (threshold) ? 0.0 : threshold;
  s.delta = delta;
  s.confidence = 0.95;
  return s;
}

static void
test_reproducible (void)
{
  DpMechanism m;
  assert_ok (dp_mechanism_laplace (1.0, 1.0, &m));
  DpAuditSpec s = spec_for (1, 10000, 42, NAN, 0.0);
  DpAuditResult a, b, c;
  assert_ok (dp_audit_run (&m, &s, NULL, NULL, NULL, &a));
  assert_ok (dp_audit_run (&m, &s, NULL, NULL, NULL, &b));
  g_assert_cmpuint (a.false_positives, ==, b.false_positives);
  g_assert_cmpuint (a.false_negatives, ==, b.false_negatives);
  g_assert_cmpfloat (a.threshold, ==, b.threshold);
  g_assert_cmpfloat (a.bound.epsilon_lower, ==, b.bound.epsilon_lower);
  s.seed = 43;
  assert_ok (dp_audit_run (&m, &s, NULL, NULL, NULL, &c));
  g_assert_true (c.false_positives != a.false_positives
                 || c.false_negatives != a.false_negatives);
}

/* Laplace, k = 2, clipped mean ≥ t under D: X = clip(y, 0, Δ)/Δ has atoms ½ at 0, ½e^{−ε}
 * at 1 and density (ε/2)e^{−εx} inside; P(X₁ + X₂ ≥ s) summed over the atoms and integrated. */
typedef struct {
  double eps, s;
} ClipSum;

static double
clip_tail_inside (double eps, double u) /* P(X inside and X ≥ u) */
{
  if (u <= 0.0)
    return 0.5 * -expm1 (-eps);
  if (u >= 1.0)
    return 0.0;
  return 0.5 * (exp (-eps * u) - exp (-eps));
}

static double
clip_integrand (double x, void *data)
{
  const ClipSum *c = data;
  return 0.5 * c->eps * exp (-c->eps * x) * clip_tail_inside (c->eps, c->s - x);
}

static double
clip_sum_tail (double eps, double s)
{
  double a0 = 0.5, a1 = 0.5 * exp (-eps);
  double atoms[2] = { 0.0, 1.0 }, w[2] = { a0, a1 };
  double p = 0.0;
  for (int i = 0; i < 2; i++)
    {
      for (int j = 0; j < 2; j++)
        p += w[i] * w[j] * (atoms[i] + atoms[j] >= s);
      p += 2.0 * w[i] * clip_tail_inside (eps, s - atoms[i]); /* one atom, one inside */
    }
  /* both inside: the integrand has a kink at x = s */
  ClipSum c = { eps, s };
  double lo = MAX (0.0, s - 1.0);
  if (s > lo && s < 1.0)
    p += test_integrate (clip_integrand, &c, lo, s, 1e-12)
         + test_integrate (clip_integrand, &c, s, 1.0, 1e-12);
  else if (lo < 1.0)
    p += test_integrate (clip_integrand, &c, lo, 1.0, 1e-12);
  return p;
}

typedef struct {
  const char *label;
  int kind;
  double param;
  unsigned long k;
  double threshold;
} RateCase;

/* The empirical rates agree with the exact errors of the test: |α̂ − α| ≤ 5 sd per seed, over
 * five seeds (each a fixed, reproducible draw; a wrong distribution moves them by far more). */
static void
test_rates (void)
{
  const unsigned long n = 40000;
  RateCase cases[] = {
    { "laplace k=1", DP_MECHANISM_LAPLACE, 1.0, 1, 0.8 },
    { "gaussian k=1", DP_MECHANISM_GAUSSIAN, 2.0, 1, 1.5 },
    { "gaussian k=16", DP_MECHANISM_GAUSSIAN, 2.0, 16, 0.9 },
    { "rr k=1", DP_MECHANISM_RR, 0.8, 1, 1.0 },
    { "rr k=25", DP_MECHANISM_RR, 0.3, 25, 0.6 },
    { "laplace k=2", DP_MECHANISM_LAPLACE, 1.0, 2, 0.7 },
  };
  for (size_t c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      RateCase *rc = &cases[c];
      DpMechanism m;
      double a, b; /* exact, written out here */
      double t = rc->threshold;
      if (rc->kind == DP_MECHANISM_LAPLACE)
        {
          assert_ok (dp_mechanism_laplace (rc->param, 1.0, &m));
          if (rc->k == 1)
            {
              a = t >= 0 ? 0.5 * exp (-t * rc->param) : 1 - 0.5 * exp (t * rc->param);
              b = t <= 1 ? 0.5 * exp ((t - 1) * rc->param) : 1 - 0.5 * exp (-(t - 1) * rc->param);
            }
          else
            {
              /* the test says D′ when the clipped sum S ≥ 2t; under D′ the sum is 2 − S_D, so
               * β = P_D(2 − S < 2t) = P_D(S > 2 − 2t) (no atom at 2 − 2t = 0.6) */
              a = clip_sum_tail (rc->param, 2.0 * t);
              b = clip_sum_tail (rc->param, 2.0 * (1.0 - t));
            }
        }
      else if (rc->kind == DP_MECHANISM_GAUSSIAN)
        {
          assert_ok (dp_mechanism_gaussian (rc->param, 1.0, &m));
          double sd = rc->param / sqrt ((double) rc->k);
          a = 1.0 - ref_Phi (t / sd);
          b = ref_Phi ((t - 1.0) / sd);
        }
      else
        {
          assert_ok (dp_mechanism_rr (rc->param, &m));
          double flip = 1.0 / (1.0 + exp (rc->param));
          unsigned long jmin = (unsigned long) ceil (t * rc->k - 1e-9);
          /* ones ≥ jmin: under D the ones are the flips */
          a = jmin == 0 ? 1.0 : 1.0 - ref_binom_cdf (jmin - 1, rc->k, flip);
          /* under D′ the ones are k − flips: ones < jmin ⟺ flips > k − jmin */
          b = 1.0 - ref_binom_cdf (rc->k - jmin, rc->k, flip);
        }
      for (uint32_t seed = 1; seed <= 5; seed++)
        {
          DpAuditSpec s = spec_for (rc->k, n, seed, t, 0.0);
          DpAuditResult r;
          assert_ok (dp_audit_run (&m, &s, NULL, NULL, NULL, &r));
          double sa = sqrt (a * (1 - a) / n), sb = sqrt (b * (1 - b) / n);
          if (!(fabs (r.type1 - a) <= 5 * sa + 1.0 / n && fabs (r.type2 - b) <= 5 * sb + 1.0 / n))
            g_error ("%s seed %u: rates (%g, %g), exact (%g, %g)", rc->label, seed, r.type1,
                     r.type2, a, b);
          if (r.has_exact)
            {
              assert_rel ("audit exact alpha", r.type1_exact, a, 1e-9);
              assert_rel ("audit exact beta", r.type2_exact, b, 1e-9);
            }
          g_assert_cmpfloat (r.type1_ci.lower, <=, r.type1);
          g_assert_cmpfloat (r.type1_ci.upper, >=, r.type1);
        }
    }
}

/* Smallest m with P(Bin(trials, rate) > m) ≤ 10⁻³: the violations a correct 95 % bound may
 * show in @trials independent audits (rate ≤ 0.05). */
static unsigned long
allowance (unsigned long trials, double rate)
{
  unsigned long m = 0;
  while (m < trials && gsl_cdf_binomial_Q ((unsigned) m, rate, (unsigned) trials) > 1e-3)
    m++;
  return m;
}

typedef struct {
  const char *label;
  DpMechanism m;
  unsigned long k;
  double delta;
  double eps_true; /* of the (composed) mechanism at δ, derived here */
} BoundCase;

/* Over 200 seeds the certified bound exceeds the true ε in at most the binomial allowance of
 * a 5 % failure rate (each bound fails with probability ≤ 5 %). */
static void
test_bound_validity (void)
{
  BoundCase cases[5];
  int nc = 0;
  cases[nc] = (BoundCase) { "laplace eps=1", { 0 }, 1, 0.0, 1.0 };
  assert_ok (dp_mechanism_laplace (1.0, 1.0, &cases[nc++].m));
  cases[nc] = (BoundCase) { "rr eps=1", { 0 }, 1, 0.0, 1.0 };
  assert_ok (dp_mechanism_rr (1.0, &cases[nc++].m));
  /* the analytic Gaussian mechanism for (1, 1e-5): its ε at δ = 1e-5 is 1 */
  cases[nc] = (BoundCase) { "gaussian (1, 1e-5)", { 0 }, 1, 1e-5, 1.0 };
  assert_ok (dp_mechanism_gaussian_calibrated (1.0, 1e-5, 1.0, &cases[nc++].m));
  cases[nc] = (BoundCase) { "rr eps=0.5 k=10", { 0 }, 10, 0.0, 5.0 };
  assert_ok (dp_mechanism_rr (0.5, &cases[nc++].m));
  cases[nc] = (BoundCase) { "laplace eps=0.7 k=3", { 0 }, 3, 0.0, 2.1 };
  assert_ok (dp_mechanism_laplace (0.7, 1.0, &cases[nc++].m));

  const unsigned long seeds = 200, n = 2000;
  unsigned long allowed = allowance (seeds, 0.05);
  for (int c = 0; c < nc; c++)
    {
      /* the automatic threshold depends on no sample: computed once, reused */
      DpAuditSpec s = spec_for (cases[c].k, n, 0, NAN, cases[c].delta);
      DpAuditResult r;
      assert_ok (dp_audit_run (&cases[c].m, &s, NULL, NULL, NULL, &r));
      s.auto_threshold = false;
      s.threshold = r.threshold;
      unsigned long violations = 0;
      double largest = 0.0;
      for (uint32_t seed = 1; seed <= seeds; seed++)
        {
          s.seed = seed;
          assert_ok (dp_audit_run (&cases[c].m, &s, NULL, NULL, NULL, &r));
          violations += r.bound.epsilon_lower > cases[c].eps_true * (1.0 + 1e-12);
          largest = MAX (largest, r.bound.epsilon_lower);
        }
      printf ("# %s: %lu of %lu bounds above ε = %g (allowed %lu), largest %.4f, threshold %g\n",
              cases[c].label, violations, seeds, cases[c].eps_true, allowed, largest,
              s.threshold);
      g_assert_cmpuint (violations, <=, allowed);
      g_assert_cmpfloat (largest, >, 0.0); /* the audits found something */
    }
}

/* The buggy mechanism (noise for half the sensitivity) is caught at N = 10⁵: its certified
 * bound exceeds the ε the correct mechanism has, on every seed tried; the correct mechanism,
 * same seeds, stays below it. */
static void
test_buggy_caught (void)
{
  struct {
    const char *label;
    DpMechanism m;
    unsigned long k;
    double delta, eps_claimed;
  } cases[4];
  int nc = 0;
  cases[nc].label = "laplace";
  cases[nc].k = 1, cases[nc].delta = 0.0, cases[nc].eps_claimed = 1.0;
  assert_ok (dp_mechanism_laplace (1.0, 1.0, &cases[nc++].m));
  cases[nc].label = "gaussian";
  cases[nc].k = 1, cases[nc].delta = 1e-5, cases[nc].eps_claimed = 1.0;
  assert_ok (dp_mechanism_gaussian_calibrated (1.0, 1e-5, 1.0, &cases[nc++].m));
  cases[nc].label = "rr";
  cases[nc].k = 1, cases[nc].delta = 0.0, cases[nc].eps_claimed = 1.0;
  assert_ok (dp_mechanism_rr (1.0, &cases[nc++].m));
  cases[nc].label = "rr k=4";
  cases[nc].k = 4, cases[nc].delta = 0.0, cases[nc].eps_claimed = 4.0;
  assert_ok (dp_mechanism_rr (1.0, &cases[nc++].m));

  for (int c = 0; c < nc; c++)
    for (uint32_t seed = 1; seed <= 3; seed++)
      {
        DpAuditSpec s = spec_for (cases[c].k, 100000, seed, NAN, cases[c].delta);
        DpAuditResult good, bad;
        assert_ok (dp_audit_run (&cases[c].m, &s, NULL, NULL, NULL, &good));
        s.buggy = true;
        assert_ok (dp_audit_run (&cases[c].m, &s, NULL, NULL, NULL, &bad));
        printf ("# %s seed %u: correct %.4f, buggy %.4f (claimed ε %g)\n", cases[c].label, seed,
                good.bound.epsilon_lower, bad.bound.epsilon_lower, cases[c].eps_claimed);
        g_assert_cmpfloat (bad.bound.epsilon_lower, >, cases[c].eps_claimed);
        g_assert_cmpfloat (good.bound.epsilon_lower, <=, cases[c].eps_claimed);
      }
  /* the buggy mechanisms themselves */
  DpMechanism m, b;
  assert_ok (dp_mechanism_laplace (0.5, 2.0, &m));
  assert_ok (dp_audit_buggy_mechanism (&m, &b));
  assert_rel ("buggy laplace scale", b.scale, m.scale / 2, 1e-15);
  assert_ok (dp_mechanism_gaussian (3.0, 2.0, &m));
  assert_ok (dp_audit_buggy_mechanism (&m, &b));
  assert_rel ("buggy gaussian sigma", b.scale, 1.5, 1e-15);
  assert_ok (dp_mechanism_rr (400.0, &m));
  assert_domain (dp_audit_buggy_mechanism (&m, &b)); /* 2ε beyond 700 */
}

static void
progress_cb (double fraction, void *data)
{
  double *last = data;
  g_assert_cmpfloat (fraction, >=, *last);
  g_assert_cmpfloat (fraction, <=, 1.0);
  *last = fraction;
}

static void
cancel_cb (double fraction, void *data)
{
  (void) fraction;
  dp_cancel_set (data);
}

static void
test_progress_cancel_domain (void)
{
  DpMechanism m;
  assert_ok (dp_mechanism_gaussian (1.0, 1.0, &m));
  DpAuditSpec s = spec_for (1, 100000, 7, 0.5, 0.0);
  DpAuditResult r;
  double last = 0.0;
  assert_ok (dp_audit_run (&m, &s, progress_cb, &last, NULL, &r));
  g_assert_cmpfloat (last, ==, 1.0);
  DpCancel cancel;
  dp_cancel_init (&cancel);
  g_assert_cmpint (dp_audit_run (&m, &s, cancel_cb, &cancel, &cancel, &r), ==,
                   DP_ERR_CANCELLED);

  s.trials = 99;
  assert_domain (dp_audit_run (&m, &s, NULL, NULL, NULL, &r));
  s.trials = 1000001;
  assert_domain (dp_audit_run (&m, &s, NULL, NULL, NULL, &r));
  s.trials = 1000;
  s.delta = 1.5;
  assert_domain (dp_audit_run (&m, &s, NULL, NULL, NULL, &r));
  s.delta = 0.0;
  s.threshold = NAN;
  assert_domain (dp_audit_run (&m, &s, NULL, NULL, NULL, &r));
  /* Laplace at k > 1 draws N·k values: at most 10⁹ */
  DpMechanism lap;
  assert_ok (dp_mechanism_laplace (1.0, 1.0, &lap));
  s = spec_for (10000, 1000000, 1, 0.5, 0.0);
  assert_domain (dp_audit_run (&lap, &s, NULL, NULL, NULL, &r));
}

/* Cancelled from another thread while it runs: a Laplace audit of 10⁸ draws (seconds) must
 * return DP_ERR_CANCELLED soon after the flag is raised 20 ms in. */
typedef struct {
  DpCancel cancel;
  DpStatus status;
  gint64 returned;
} CancelJob;

static gpointer
cancel_worker (gpointer data)
{
  CancelJob *job = data;
  DpMechanism m;
  DpAuditResult r;
  DpAuditSpec s = spec_for (100, 1000000, 9, 0.6, 0.0);
  assert_ok (dp_mechanism_laplace (0.5, 1.0, &m));
  job->status = dp_audit_run (&m, &s, NULL, NULL, &job->cancel, &r);
  job->returned = g_get_monotonic_time ();
  return NULL;
}

static void
test_cancel_from_thread (void)
{
  CancelJob job;
  dp_cancel_init (&job.cancel);
  GThread *t = g_thread_new ("audit", cancel_worker, &job);
  g_usleep (20000);
  gint64 raised = g_get_monotonic_time ();
  dp_cancel_set (&job.cancel);
  g_thread_join (t);
  g_assert_cmpint (job.status, ==, DP_ERR_CANCELLED);
  printf ("# returned %.1f ms after the flag\n", (double) (job.returned - raised) / 1000.0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/audit/clopper-pearson", test_clopper_pearson);
  g_test_add_func ("/audit/bound", test_bound);
  g_test_add_func ("/audit/reproducible", test_reproducible);
  g_test_add_func ("/audit/rates", test_rates);
  g_test_add_func ("/audit/bound-validity", test_bound_validity);
  g_test_add_func ("/audit/buggy-caught", test_buggy_caught);
  g_test_add_func ("/audit/progress-cancel-domain", test_progress_cancel_domain);
  g_test_add_func ("/audit/cancel-from-thread", test_cancel_from_thread);
  int r = g_test_run ();
  test_print_errors ();
  return r;
}
