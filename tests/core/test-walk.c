/* test-walk.c — the privacy-loss random walk (Dwork & Roth §3.5.1, Lemmas 3.18–3.19, Thm 3.20)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The simulation against its exact distribution, within stated statistical tolerances, over
 * several seeds: the sample mean and variance of S_k within 4 standard errors of k·KL and
 * k·Var(L) (KL and Var(L) written out again here), the fraction above the threshold within a
 * binomial interval of the exact tail, the histogram by a χ² test at level 1e-4. Thm 3.20's
 * threshold from its formula; the Gaussian's exact quantile from GSL's normal quantile.
 * GSL's error handler stays on.
 */
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "test-util.h"

/* E[L] and Var(L) per step, derived again: Laplace KL = ε + e^{−ε} − 1,
 * E[L²] = ε²(½ + ½e^{−ε}) + ∫ t²·¼e^{(t−ε)/2} dt = ε² − 2ε + 4 − (2ε + 4)e^{−ε};
 * RR (p − q)ε and 4pqε²; Gaussian μ²/2 and μ². */
static void
loss_moments (const DpMechanism *m, double *mean, double *var)
{
  long double e = m->epsilon;
  if (m->kind == DP_MECHANISM_LAPLACE)
    {
      long double m1 = e + expm1l (-e);
      long double m2 = e * e - 2 * e + 4 - (2 * e + 4) * expl (-e);
      *mean = (double) m1;
      *var = (double) (m2 - m1 * m1);
    }
  else if (m->kind == DP_MECHANISM_RR)
    {
      long double p = 1 / (1 + expl (-e)), q = 1 / (1 + expl (e));
      *mean = (double) ((p - q) * e);
      *var = (double) (4 * p * q * e * e);
    }
  else
    {
      double mu = m->sensitivity / m->scale;
      *mean = mu * mu / 2;
      *var = mu * mu;
    }
}

static DpWalk *
run (const DpMechanism *m, unsigned long k, size_t n, guint64 seed, double delta_prime)
{
  DpWalkParams p = { .k = k, .n_paths = n, .seed = seed, .delta_prime = delta_prime,
                     .n_columns = 101, .n_bins = 40 };
  DpWalk *w = NULL;
  assert_ok (dp_walk_run (m, &p, NULL, &w));
  g_assert_nonnull (w);
  return w;
}

static void
mechanisms (DpMechanism *ms)
{
  assert_ok (dp_mechanism_laplace (0.1, 1.0, &ms[0]));
  assert_ok (dp_mechanism_laplace (1.0, 3.0, &ms[1]));
  assert_ok (dp_mechanism_rr (0.3, &ms[2]));
  assert_ok (dp_mechanism_rr (1.5, &ms[3]));
  assert_ok (dp_mechanism_gaussian (5.0, 1.0, &ms[4]));
  assert_ok (dp_mechanism_gaussian_calibrated (1.0, 1e-5, 1.0, &ms[5]));
}

/* Sample mean and variance of S_k (and of S_j half way) within 4 standard errors of j·KL and
 * j·Var(L); the variance's standard error from the sample's fourth central moment. */
static void
test_moments (void)
{
  DpMechanism ms[6];
  mechanisms (ms);
  const unsigned long ks[] = { 1, 40, 1000 };
  for (int i = 0; i < 6; i++)
    for (guint j = 0; j < G_N_ELEMENTS (ks); j++)
      for (guint64 seed = 1; seed <= 4; seed++)
        {
          size_t n = 3000;
          DpWalk *w = run (&ms[i], ks[j], n, seed, 1e-3);
          double mean, var;
          loss_moments (&ms[i], &mean, &var);
          double kd = ks[j];
          assert_rel ("exact mean k·KL", w->exact_mean_final, kd * mean, 1e-12);
          assert_rel ("exact variance k·Var", w->exact_var_final, kd * var, 1e-9);
          /* recompute the sample moments from the final sums */
          double s1 = 0, s2 = 0, s4 = 0;
          for (size_t r = 0; r < n; r++)
            s1 += w->final_sums[r];
          double sm = s1 / n;
          for (size_t r = 0; r < n; r++)
            {
              double d = w->final_sums[r] - sm;
              s2 += d * d;
              s4 += d * d * d * d;
            }
          double sv = s2 / (n - 1), m4 = s4 / n;
          assert_rel ("sample mean", w->mean_final, sm, 1e-9);
          assert_rel ("sample variance", w->var_final, sv, 1e-9);
          double se_mean = sqrt (kd * var / n);
          double se_var = sqrt (fmax (m4 - sv * sv, 0.0) / n);
          if (!(fabs (sm - kd * mean) <= 4 * se_mean))
            g_error ("mechanism %d, k = %lu, seed %" G_GUINT64_FORMAT ": mean %g, k·KL %g ± %g",
                     i, ks[j], seed, sm, kd * mean, se_mean);
          if (!(fabs (sv - kd * var) <= 4 * se_var))
            g_error ("mechanism %d, k = %lu, seed %" G_GUINT64_FORMAT ": variance %g, k·Var %g ± %g",
                     i, ks[j], seed, sv, kd * var, se_var);
          /* half way: the stored column nearest k/2 */
          size_t c = w->n_columns / 2;
          double jd = (double) w->column_j[c], cm = 0;
          for (size_t r = 0; r < n; r++)
            cm += w->paths[r * w->n_columns + c];
          cm /= n;
          if (jd > 0)
            g_assert_cmpfloat (fabs (cm - jd * mean), <=, 4 * sqrt (jd * var / n));
          dp_walk_free (w);
        }
}

/* Thm 3.20's threshold, Lemma 3.18's β and Lemma 3.19's α and z, the curves at the columns. */
static void
test_threshold_and_curves (void)
{
  DpMechanism ms[6];
  mechanisms (ms);
  for (int i = 0; i < 6; i++)
    {
      DpWalk *w = run (&ms[i], 250, 10, 3, 1e-6);
      double mean, var;
      loss_moments (&ms[i], &mean, &var);
      if (ms[i].kind == DP_MECHANISM_GAUSSIAN)
        {
          double mu = ms[i].sensitivity / ms[i].scale;
          double z = gsl_cdf_ugaussian_Qinv (1e-6);
          g_assert_false (w->bounded);
          assert_rel ("gaussian z", w->z, z, 1e-14);
          assert_rel ("gaussian threshold = quantile", w->threshold,
                      250 * mu * mu / 2 + z * sqrt (250.0) * mu, 1e-13);
          assert_rel ("gaussian exact tail = δ′", w->exact_tail, 1e-6, 1e-8);
        }
      else
        {
          double e = ms[i].epsilon;
          g_assert_true (w->bounded);
          assert_rel ("α = ε", w->alpha, e, 0);
          assert_rel ("β = ε(e^ε − 1)", w->beta, e * (exp (e) - 1), 1e-14);
          assert_rel ("z = √(2 ln(1/δ′))", w->z, sqrt (2 * log (1e6)), 1e-14);
          assert_rel ("threshold Thm 3.20", w->threshold,
                      250 * e * (exp (e) - 1) + sqrt (2 * 250 * log (1e6)) * e, 1e-13);
          /* Azuma holds */
          g_assert_cmpfloat (w->exact_tail, <=, 1e-6);
        }
      g_assert_cmpuint (w->n_columns, ==, 101);
      g_assert_cmpuint (w->column_j[0], ==, 0);
      g_assert_cmpuint (w->column_j[100], ==, 250);
      for (size_t c = 0; c < w->n_columns; c++)
        {
          double jd = w->column_j[c];
          if (c > 0)
            g_assert_cmpuint (w->column_j[c], >, w->column_j[c - 1]);
          assert_rel ("mean line j·KL", w->mean_line[c], jd * mean, 1e-9);
          double band = w->bounded ? jd * w->beta + w->z * sqrt (jd) * w->alpha
                                   : jd * mean + w->z * sqrt (jd * var);
          assert_rel ("band", w->band[c], band, 1e-12);
          if (w->bounded)
            assert_rel ("drift bound jβ", w->drift_bound[c], jd * w->beta, 1e-14);
        }
      /* stored paths start at 0 and end at the final sums; crossings agree with the columns */
      for (size_t r = 0; r < 10; r++)
        {
          const double *row = w->paths + r * w->n_columns;
          g_assert_cmpfloat (row[0], ==, 0.0);
          g_assert_cmpfloat (row[100], ==, w->final_sums[r]);
          g_assert_true (w->above[r] == (w->final_sums[r] > w->threshold));
          if (w->above[r])
            g_assert_cmpuint (w->first_crossing[r], !=, 0);
          for (size_t c = 0; c < w->n_columns; c++)
            if (row[c] > w->band[c])
              g_assert_true (w->first_crossing[r] != 0 && w->first_crossing[r] <= w->column_j[c]);
        }
      dp_walk_free (w);
    }
  /* the threshold equals advanced composition's ε with δ₀ = 0 */
  double t;
  bool bounded;
  DpAdvancedComposition adv;
  assert_ok (dp_walk_threshold (&ms[0], 300, 1e-6, &t, &bounded));
  assert_ok (dp_compose_advanced (0.1, 0.0, 300, 1e-6, &adv));
  assert_rel ("threshold = advanced ε", t, adv.epsilon, 1e-15);
}

/* The fraction above the threshold against the exact tail: |n_above − Np| ≤ 4√(Np(1 − p)) + 1,
 * over seeds, where the tail is large enough to be seen. */
static void
test_tail (void)
{
  const struct {
    int kind; /* 0 Laplace, 1 RR, 2 Gaussian */
    double e;
    unsigned long k;
    double delta_prime;
  } cases[] = {
    { 0, 0.3, 50, 0.9 }, { 0, 0.05, 400, 0.5 }, { 1, 0.5, 20, 0.95 }, { 1, 0.2, 100, 0.9 },
    { 2, 1.0, 30, 0.05 },
  };
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    for (guint64 seed = 10; seed < 14; seed++)
      {
        DpMechanism m;
        if (cases[c].kind == 0)
          assert_ok (dp_mechanism_laplace (cases[c].e, 1.0, &m));
        else if (cases[c].kind == 1)
          assert_ok (dp_mechanism_rr (cases[c].e, &m));
        else
          assert_ok (dp_mechanism_gaussian (1.0 / cases[c].e, 1.0, &m));
        size_t n = 10000;
        DpWalk *w = run (&m, cases[c].k, n, seed, cases[c].delta_prime);
        double p = w->exact_tail;
        g_assert_cmpfloat (p, >, 1e-3);
        if (cases[c].kind == 1)
          {
            /* the exact tail of RR once more: Σ_{a: (2a−k)ε > t} C(k, a) p^a q^{k−a} */
            long double e = cases[c].e, pp = 1 / (1 + expl (-e)), sum = 0;
            for (unsigned long a = 0; a <= cases[c].k; a++)
              if ((2.0 * a - cases[c].k) * cases[c].e > w->threshold)
                sum += expl (lgammal (cases[c].k + 1.0L) - lgammal (a + 1.0L)
                             - lgammal (cases[c].k - a + 1.0L) + a * logl (pp)
                             + (cases[c].k - a) * log1pl (-pp));
            assert_rel ("rr exact tail", p, (double) sum, 1e-10);
          }
        double expect = n * p, sd = sqrt (n * p * (1 - p));
        if (!(fabs ((double) w->n_above - expect) <= 4 * sd + 1))
          g_error ("case %u seed %" G_GUINT64_FORMAT ": %zu paths above, exact %g ± %g", c, seed,
                   w->n_above, expect, sd);
        assert_rel ("fraction", w->fraction_above, (double) w->n_above / n, 1e-15);
        g_assert_cmpfloat (p, <=, cases[c].delta_prime * (1 + 1e-12));
        dp_walk_free (w);
      }
}

/* The histogram of S_k against the exact bins: χ² with bins pooled to an expected count ≥ 5,
 * below the 1 − 1e-4 quantile, on several seeds; RR bins hold whole atoms. */
static void
test_histogram (void)
{
  DpMechanism ms[6];
  mechanisms (ms);
  const unsigned long ks[] = { 1, 3, 60 };
  for (int i = 0; i < 6; i++)
    for (guint j = 0; j < G_N_ELEMENTS (ks); j++)
      for (guint64 seed = 20; seed < 23; seed++)
        {
          size_t n = 5000;
          DpWalk *w = run (&ms[i], ks[j], n, seed, 0.1);
          g_assert_cmpuint (w->n_below + w->n_beyond, ==, 0);
          unsigned long total = 0;
          double chi2 = 0, pool_o = 0, pool_e = 0, mass = 0;
          int dof = -1;
          for (size_t b = 0; b < w->n_bins; b++)
            {
              total += w->bin_counts[b];
              mass += w->bin_exact[b];
              g_assert_cmpfloat (w->bin_edges[b + 1], >, w->bin_edges[b]);
              pool_o += w->bin_counts[b];
              pool_e += n * w->bin_exact[b];
              if (pool_e >= 5 || b + 1 == w->n_bins)
                {
                  if (pool_e > 0)
                    {
                      chi2 += (pool_o - pool_e) * (pool_o - pool_e) / pool_e;
                      dof++;
                    }
                  pool_o = pool_e = 0;
                }
            }
          g_assert_cmpuint (total, ==, n);
          g_assert_cmpfloat (mass, <=, 1 + 1e-9);
          g_assert_cmpfloat (mass, >=, 0.999);
          if (dof >= 1)
            {
              double crit = gsl_cdf_chisq_Qinv (1e-4, dof);
              if (!(chi2 <= crit))
                g_error ("mechanism %d k = %lu seed %" G_GUINT64_FORMAT ": χ² %g > %g (%d dof)", i,
                         ks[j], seed, chi2, crit, dof);
            }
          if (ms[i].kind == DP_MECHANISM_RR)
            for (size_t b = 0; b <= w->n_bins; b++)
              {
                /* edges halfway between atoms (2a − k)ε */
                double a = (w->bin_edges[b] / ms[i].epsilon + ks[j] + 1) / 2;
                g_assert_cmpfloat (fabs (a - round (a)), <, 1e-9);
              }
          dp_walk_free (w);
        }
}

static void
test_reproducible (void)
{
  DpMechanism ms[6];
  mechanisms (ms);
  for (int i = 0; i < 6; i++)
    {
      DpWalk *a = run (&ms[i], 100, 50, 42, 0.01), *b = run (&ms[i], 100, 50, 42, 0.01);
      DpWalk *c = run (&ms[i], 100, 50, 43, 0.01);
      g_assert_cmpmem (a->paths, 50 * 101 * sizeof (double), b->paths, 50 * 101 * sizeof (double));
      g_assert_cmpmem (a->final_sums, 50 * sizeof (double), b->final_sums, 50 * sizeof (double));
      g_assert_true (memcmp (a->final_sums, c->final_sums, 50 * sizeof (double)) != 0);
      dp_walk_free (a);
      dp_walk_free (b);
      dp_walk_free (c);
    }
}

static gpointer
raise_flag (gpointer data)
{
  g_usleep (50000);
  dp_cancel_set (data);
  return NULL;
}

static void
test_domain_and_cancel (void)
{
  DpMechanism m;
  DpWalk *w = NULL;
  assert_ok (dp_mechanism_laplace (0.5, 1.0, &m));
  DpWalkParams ok = { .k = 10, .n_paths = 10, .seed = 1, .delta_prime = 0.1, .n_columns = 11,
                      .n_bins = 10 };
  DpWalkParams p = ok;
  p.k = 0;
  assert_domain (dp_walk_run (&m, &p, NULL, &w));
  p = ok;
  p.k = DP_WALK_K_MAX + 1;
  assert_domain (dp_walk_run (&m, &p, NULL, &w));
  p = ok;
  p.n_paths = 0;
  assert_domain (dp_walk_run (&m, &p, NULL, &w));
  p = ok;
  p.delta_prime = 1.0;
  assert_domain (dp_walk_run (&m, &p, NULL, &w));
  p = ok;
  p.n_columns = 1;
  assert_domain (dp_walk_run (&m, &p, NULL, &w));
  p = ok;
  p.n_bins = 0;
  assert_domain (dp_walk_run (&m, &p, NULL, &w));
  p = ok;
  p.n_paths = DP_WALK_PATHS_MAX;
  p.k = DP_WALK_K_MAX;
  p.n_columns = 4096;
  assert_domain (dp_walk_run (&m, &p, NULL, &w)); /* more than DP_WALK_STORE_MAX points */
  g_assert_null (w);
  /* columns beyond k + 1 are cut to k + 1 */
  p = ok;
  p.n_columns = 100;
  assert_ok (dp_walk_run (&m, &p, NULL, &w));
  g_assert_cmpuint (w->n_columns, ==, 11);
  dp_walk_free (w);
  w = NULL;

  /* cancelled before it starts, and while it runs (10⁹ steps would take seconds) */
  DpCancel before, cancel;
  dp_cancel_init (&before);
  dp_cancel_set (&before);
  g_assert_cmpint (dp_walk_run (&m, &ok, &before, &w), ==, DP_ERR_CANCELLED);
  dp_cancel_init (&cancel);
  p = ok;
  p.k = 10000;
  p.n_paths = 100000;
  p.n_columns = 2;
  GThread *thread = g_thread_new ("cancel", raise_flag, &cancel);
  gint64 t0 = g_get_monotonic_time ();
  g_assert_cmpint (dp_walk_run (&m, &p, &cancel, &w), ==, DP_ERR_CANCELLED);
  gint64 elapsed = g_get_monotonic_time () - t0;
  g_thread_join (thread);
  g_assert_null (w);
  g_assert_true (dp_cancel_is_set (&cancel));
  printf ("# cancelled after %.1f ms\n", elapsed / 1000.0);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/walk/moments", test_moments);
  g_test_add_func ("/walk/threshold-and-curves", test_threshold_and_curves);
  g_test_add_func ("/walk/tail", test_tail);
  g_test_add_func ("/walk/histogram", test_histogram);
  g_test_add_func ("/walk/reproducible", test_reproducible);
  g_test_add_func ("/walk/domain-and-cancel", test_domain_and_cancel);
  int status = g_test_run ();
  test_print_errors ();
  return status;
}
