/* test-sample.c — sampled outputs of M(D), M(D′) and the privacy loss estimated from them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected values: the output densities and the privacy loss written out in test-util.h
 * (bin masses by GSL quadrature), binomial counts for randomized response, χ² tests of the
 * counts against the exact masses, and the coverage of the loss intervals: with 10⁶ outputs
 * from each neighbour every bin's interval (at a Bonferroni level, 1e-3 over all bins) must
 * meet the range of L(y) over the bin, on several seeds. GSL's error handler stays on.
 */
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "test-util.h"

typedef struct {
  TestPair pair;
  double centre;
} MassData;

static double
density (double y, void *data)
{
  MassData *d = data;
  return exp (test_log_p (&d->pair, y, d->centre));
}

static DpSample *
run (const DpMechanism *m, size_t n, guint64 seed, size_t bins, double confidence)
{
  DpSampleParams p = { .n = n, .seed = seed, .n_bins = bins, .lo = 0, .hi = 0,
                       .confidence = confidence, .n_keep = 100 };
  DpSample *s = NULL;
  assert_ok (dp_sample_run (m, &p, NULL, &s));
  return s;
}

/* χ² of counts against n·probabilities, bins pooled to an expected count ≥ 5 (the counts
 * outside the range in one extra cell); fails above the 1 − 1e-4 quantile. */
static void
chi2_check (const unsigned long *count, const double *prob, size_t nb, unsigned long outside,
            size_t n, const char *what)
{
  double chi2 = 0, po = 0, pe = 0, in_mass = 0;
  int dof = -1;
  for (size_t b = 0; b < nb; b++)
    {
      po += count[b];
      pe += n * prob[b];
      in_mass += prob[b];
      if (pe >= 5 || b + 1 == nb)
        {
          if (pe > 0)
            {
              chi2 += (po - pe) * (po - pe) / pe;
              dof++;
            }
          po = pe = 0;
        }
    }
  double out_e = n * (1 - in_mass);
  if (out_e >= 5)
    {
      chi2 += (outside - out_e) * (outside - out_e) / out_e;
      dof++;
    }
  double crit = gsl_cdf_chisq_Qinv (1e-4, dof);
  if (!(chi2 <= crit))
    g_error ("%s: χ² %g > %g (%d dof)", what, chi2, crit, dof);
}

static void
test_coverage (void)
{
  DpMechanism ms[4];
  assert_ok (dp_mechanism_laplace (1.0, 1.0, &ms[0]));
  assert_ok (dp_mechanism_laplace (0.2, 5.0, &ms[1]));
  assert_ok (dp_mechanism_gaussian (2.0, 1.0, &ms[2]));
  assert_ok (dp_mechanism_gaussian_calibrated (1.0, 1e-5, 1.0, &ms[3]));
  const size_t nb = 40;
  for (int i = 0; i < 4; i++)
    for (guint64 seed = 1; seed <= 3; seed++)
      {
        size_t n = 1000000;
        DpSample *s = run (&ms[i], n, seed, nb, 1 - 1e-3 / nb);
        TestPair t;
        test_pair_init (&t, &ms[i]);
        size_t covered = 0, estimates = 0;
        for (size_t b = 0; b < nb; b++)
          {
            double a = s->edges[b], e = s->edges[b + 1];
            /* L over the bin, from the loss written out here (non-increasing in y) */
            double lmax = test_loss (&t, a), lmin = test_loss (&t, e);
            assert_rel ("loss max over the bin", s->loss_max[b], lmax, 1e-12);
            assert_rel ("loss min over the bin", s->loss_min[b], lmin, 1e-12);
            /* the binned loss lies in that range (a ratio of integrals of e^L q) */
            g_assert_cmpfloat (s->loss_binned[b], <=, lmax + 1e-9 * fabs (lmax) + 1e-12);
            g_assert_cmpfloat (s->loss_binned[b], >=, lmin - 1e-9 * fabs (lmin) - 1e-12);
            /* bin masses by quadrature */
            MassData d = { t, 0.0 };
            double cut = ms[i].kind == DP_MECHANISM_LAPLACE ? 0.0 : 0.5 * (a + e);
            double cuts[1] = { cut };
            double pp = test_integrate_split (density, &d, a, e, cuts, 1, 1e-12);
            d.centre = ms[i].sensitivity;
            cuts[0] = ms[i].kind == DP_MECHANISM_LAPLACE ? ms[i].sensitivity : cut;
            double qq = test_integrate_split (density, &d, a, e, cuts, 1, 1e-12);
            assert_rel ("P(B) vs quadrature", s->prob_p[b], pp, 1e-9);
            assert_rel ("Q(B) vs quadrature", s->prob_q[b], qq, 1e-9);
            assert_rel ("binned loss ln(P(B)/Q(B))", exp (s->loss_binned[b] - log (pp / qq)), 1.0, 1e-8);
            /* the estimate from the counts, and its interval meeting [lmin, lmax] */
            double x = s->count_p[b], y = s->count_q[b];
            g_assert_true (s->has_estimate[b] == (x > 0 && y > 0));
            if (s->has_estimate[b])
              {
                estimates++;
                assert_rel ("estimate ln(n_P/n_Q)", s->loss_estimate[b], log (x / y), 1e-13);
                g_assert_cmpfloat (s->loss_lo[b], <=, s->loss_estimate[b]);
                g_assert_cmpfloat (s->loss_hi[b], >=, s->loss_estimate[b]);
                if (s->loss_lo[b] <= lmax && s->loss_hi[b] >= lmin)
                  covered++;
                else
                  g_error ("mechanism %d seed %" G_GUINT64_FORMAT " bin %zu: [%g, %g] misses L ∈ "
                           "[%g, %g] (counts %g, %g)", i, seed, b, s->loss_lo[b], s->loss_hi[b],
                           lmin, lmax, x, y);
                /* the interval is not needlessly wide: within 1.3× the normal approximation's
                 * half width z√(1/x + 1/y) once both counts are large */
                if (x >= 1000 && y >= 1000)
                  {
                    double z = gsl_cdf_ugaussian_Qinv (0.5e-3 / nb);
                    g_assert_cmpfloat (s->loss_hi[b] - s->loss_lo[b], <=,
                                       1.3 * 2 * z * sqrt (1 / x + 1 / y));
                  }
              }
          }
        g_assert_cmpuint (s->n_estimates, ==, estimates);
        g_assert_cmpuint (s->n_covered, ==, covered);
        g_assert_cmpuint (estimates, >=, nb - 2);
        chi2_check (s->count_p, s->prob_p, nb, s->below_p + s->beyond_p, n, "counts of M(D)");
        chi2_check (s->count_q, s->prob_q, nb, s->below_q + s->beyond_q, n, "counts of M(D′)");
        /* ±ε emerges for Laplace: where L is constant (y ≤ 0 or y ≥ Δ) the binned loss is ±ε */
        if (ms[i].kind == DP_MECHANISM_LAPLACE)
          for (size_t b = 0; b < nb; b++)
            {
              if (s->edges[b + 1] <= 0)
                assert_rel ("binned loss = ε left of f(D)", s->loss_binned[b], ms[i].epsilon, 1e-9);
              if (s->edges[b] >= ms[i].sensitivity)
                assert_rel ("binned loss = −ε right of f(D′)", s->loss_binned[b], -ms[i].epsilon,
                            1e-9);
            }
        dp_sample_free (s);
      }
}

/* Randomized response as counts: n_P(0) ~ Bin(n, p), n_Q(0) ~ Bin(n, 1 − p); the estimate for
 * output 0 within its interval of ε, for 1 − 0 of −ε. */
static void
test_rr (void)
{
  const double eps[] = { 0.1, 1.0, 4.0 };
  for (guint i = 0; i < G_N_ELEMENTS (eps); i++)
    for (guint64 seed = 5; seed < 9; seed++)
      {
        DpMechanism m;
        assert_ok (dp_mechanism_rr (eps[i], &m));
        size_t n = 1000000;
        DpSample *s = run (&m, n, seed, 7, 0.999);
        g_assert_cmpuint (s->n_bins, ==, 2);
        double p = 1 / (1 + exp (-eps[i]));
        assert_rel ("P(0) = p", s->prob_p[0], p, 1e-15);
        assert_rel ("Q(0) = 1 − p", s->prob_q[0], 1 - p, 1e-13);
        g_assert_cmpuint (s->count_p[0] + s->count_p[1], ==, n);
        g_assert_cmpuint (s->count_q[0] + s->count_q[1], ==, n);
        double sd = sqrt (n * p * (1 - p));
        g_assert_cmpfloat (fabs (s->count_p[0] - n * p), <=, 5 * sd);
        g_assert_cmpfloat (fabs (s->count_q[1] - n * p), <=, 5 * sd);
        for (int b = 0; b < 2; b++)
          {
            double l = b == 0 ? eps[i] : -eps[i];
            assert_rel ("rr binned loss ±ε", s->loss_binned[b], l, 1e-13);
            g_assert_cmpfloat (s->loss_min[b], ==, l);
            g_assert_true (s->has_estimate[b]);
            g_assert_cmpfloat (s->loss_lo[b], <=, l);
            g_assert_cmpfloat (s->loss_hi[b], >=, l);
          }
        /* kept outputs are bits */
        for (size_t k = 0; k < s->n_kept; k++)
          g_assert_true ((s->kept_p[k] == 0.0 || s->kept_p[k] == 1.0)
                         && (s->kept_q[k] == 0.0 || s->kept_q[k] == 1.0));
        dp_sample_free (s);
      }
}

/* One-sided intervals where a count is 0, and a given range. */
static void
test_zero_counts_and_range (void)
{
  DpMechanism m;
  assert_ok (dp_mechanism_laplace (3.0, 1.0, &m));
  /* far right of f(D′), few outputs: bins with n_Q > 0 and n_P = 0 */
  DpSampleParams p = { .n = 2000, .seed = 3, .n_bins = 10, .lo = 2.0, .hi = 6.0,
                       .confidence = 0.95, .n_keep = 0 };
  DpSample *s = NULL;
  assert_ok (dp_sample_run (&m, &p, NULL, &s));
  g_assert_cmpfloat (s->edges[0], ==, 2.0);
  g_assert_cmpfloat (s->edges[10], ==, 6.0);
  g_assert_cmpuint (s->n_kept, ==, 0);
  bool seen_one_sided = false;
  for (size_t b = 0; b < 10; b++)
    {
      g_assert_false (isnan (s->loss_lo[b]) || isnan (s->loss_hi[b]));
      if (s->count_p[b] == 0 && s->count_q[b] > 0)
        {
          seen_one_sided = true;
          g_assert_false (s->has_estimate[b]);
          g_assert_cmpfloat (s->loss_lo[b], ==, -HUGE_VAL);
          g_assert_true (isfinite (s->loss_hi[b]));
        }
      if (s->count_p[b] == 0 && s->count_q[b] == 0)
        g_assert_true (s->loss_lo[b] == -HUGE_VAL && s->loss_hi[b] == HUGE_VAL);
    }
  g_assert_true (seen_one_sided);
  dp_sample_free (s);
}

static void
test_reproducible (void)
{
  DpMechanism m;
  assert_ok (dp_mechanism_gaussian (1.5, 1.0, &m));
  DpSample *a = run (&m, 5000, 9, 30, 0.95), *b = run (&m, 5000, 9, 30, 0.95);
  DpSample *c = run (&m, 5000, 10, 30, 0.95);
  g_assert_cmpmem (a->kept_p, 100 * sizeof (double), b->kept_p, 100 * sizeof (double));
  g_assert_cmpmem (a->count_q, 30 * sizeof (unsigned long), b->count_q, 30 * sizeof (unsigned long));
  g_assert_true (memcmp (a->kept_p, c->kept_p, 100 * sizeof (double)) != 0);
  dp_sample_free (a);
  dp_sample_free (b);
  dp_sample_free (c);
}

static gpointer
raise_flag (gpointer data)
{
  g_usleep (20000);
  dp_cancel_set (data);
  return NULL;
}

static void
test_domain_and_cancel (void)
{
  DpMechanism m;
  DpSample *s = NULL;
  assert_ok (dp_mechanism_laplace (0.5, 1.0, &m));
  DpSampleParams ok = { .n = 100, .seed = 1, .n_bins = 10, .confidence = 0.95 };
  DpSampleParams p = ok;
  p.n = 0;
  assert_domain (dp_sample_run (&m, &p, NULL, &s));
  p = ok;
  p.n = DP_SAMPLE_MAX + 1;
  assert_domain (dp_sample_run (&m, &p, NULL, &s));
  p = ok;
  p.confidence = 1.0;
  assert_domain (dp_sample_run (&m, &p, NULL, &s));
  p = ok;
  p.n_bins = 0;
  assert_domain (dp_sample_run (&m, &p, NULL, &s));
  p = ok;
  p.lo = -HUGE_VAL;
  p.hi = 1.0;
  assert_domain (dp_sample_run (&m, &p, NULL, &s));
  p = ok;
  p.lo = NAN;
  assert_domain (dp_sample_run (&m, &p, NULL, &s));
  g_assert_null (s);
  DpCancel before, cancel;
  dp_cancel_init (&before);
  dp_cancel_set (&before);
  g_assert_cmpint (dp_sample_run (&m, &ok, &before, &s), ==, DP_ERR_CANCELLED);
  /* while it runs: 2·10⁷ outputs take far longer than 20 ms */
  dp_cancel_init (&cancel);
  p = ok;
  p.n = DP_SAMPLE_MAX;
  GThread *thread = g_thread_new ("cancel", raise_flag, &cancel);
  g_assert_cmpint (dp_sample_run (&m, &p, &cancel, &s), ==, DP_ERR_CANCELLED);
  g_thread_join (thread);
  g_assert_null (s);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sample/coverage", test_coverage);
  g_test_add_func ("/sample/rr", test_rr);
  g_test_add_func ("/sample/zero-counts-and-range", test_zero_counts_and_range);
  g_test_add_func ("/sample/reproducible", test_reproducible);
  g_test_add_func ("/sample/domain-and-cancel", test_domain_and_cancel);
  int status = g_test_run ();
  test_print_errors ();
  return status;
}
