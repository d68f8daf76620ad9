/* test-util.h — shared helpers of the libdpcore tests (header-only)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected values in these tests never come from libdpcore itself: they are closed forms
 * written out again here, GSL numerical integrals of densities written out here, exact small
 * cases, identities and limits.
 */
#pragma once

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>

#include "dp-core.h"

#define TEST_INV_SQRT_2PI 0.398942280401432677939946059934381868

/* The largest relative error each test file has seen, per label; printed as TAP comments. */
typedef struct {
  const char *label;
  double worst;
} TestErrorRecord;

static inline TestErrorRecord *
test_error_records (void)
{
  static TestErrorRecord records[64];
  return records;
}

static inline void
test_note_error (const char *label, double err)
{
  TestErrorRecord *r = test_error_records ();
  for (int i = 0; i < 64; i++)
    {
      if (r[i].label == NULL)
        {
          r[i].label = label;
          r[i].worst = err;
          return;
        }
      if (g_str_equal (r[i].label, label))
        {
          r[i].worst = MAX (r[i].worst, err);
          return;
        }
    }
}

static inline void
test_print_errors (void)
{
  TestErrorRecord *r = test_error_records ();
  for (int i = 0; i < 64 && r[i].label != NULL; i++)
    printf ("# max relative error %-40s %.3g\n", r[i].label, r[i].worst);
}

/* |got − want| ≤ tol·|want| (or ≤ tol when want = 0); records the error under @label. */
#define assert_rel(label, got, want, tol)                                                       \
  G_STMT_START                                                                                  \
  {                                                                                             \
    double got_ = (got), want_ = (want);                                                        \
    double err_ = want_ == 0.0 ? fabs (got_) : fabs (got_ - want_) / fabs (want_);              \
    test_note_error ((label), err_);                                                            \
    if (!(err_ <= (tol)))                                                                       \
      g_error ("%s: got %.17g, expected %.17g (relative error %.3g > %.3g) at %s:%d",          \
               (label), got_, want_, err_, (double) (tol), __FILE__, __LINE__);                 \
  }                                                                                             \
  G_STMT_END

#define assert_ok(expr) g_assert_cmpint ((expr), ==, DP_OK)
#define assert_domain(expr) g_assert_cmpint ((expr), ==, DP_ERR_DOMAIN)

/* ---- numerical integration of plain C functions (GSL QUADPACK) ---- */

typedef double (*TestFn) (double y, void *data);

/* GSL's error handler while QUADPACK runs: QUADPACK reports "roundoff error prevents
 * tolerance from being achieved" (GSL_EROUND, from its own files) together with a usable
 * estimate, and only that report is let through; any other GSL error, from QUADPACK or from
 * libdpcore called by an integrand, fails the test. */
static inline void
test_quadpack_handler (const char *reason, const char *file, int line, int gsl_errno)
{
  if (gsl_errno == GSL_EROUND && file != NULL && strstr (file, "integration") != NULL)
    return;
  if (gsl_errno == GSL_EROUND && file != NULL && strncmp (file, "qag", 3) == 0)
    return;
  g_error ("GSL error %d (%s) at %s:%d", gsl_errno, reason, file, line);
}

/* One QUADPACK call; *abserr gets the error estimate (+inf when GSL refused the problem). */
static inline double
test_integrate_raw (TestFn f, void *data, double a, double b, double epsrel, double *abserr)
{
  gsl_error_handler_t *previous = gsl_set_error_handler (test_quadpack_handler);
  gsl_integration_workspace *ws = gsl_integration_workspace_alloc (2000);
  gsl_function fn = { f, data };
  double result = NAN;
  int status;
  *abserr = HUGE_VAL;
  if (isinf (a) && isinf (b))
    status = gsl_integration_qagi (&fn, 0.0, epsrel, 2000, ws, &result, abserr);
  else if (isinf (a))
    status = gsl_integration_qagil (&fn, b, 0.0, epsrel, 2000, ws, &result, abserr);
  else if (isinf (b))
    status = gsl_integration_qagiu (&fn, a, 0.0, epsrel, 2000, ws, &result, abserr);
  else
    status = gsl_integration_qag (&fn, a, b, 0.0, epsrel, 2000, GSL_INTEG_GAUSS61, ws, &result,
                                  abserr);
  gsl_integration_workspace_free (ws);
  gsl_set_error_handler (previous);
  /* "roundoff error" still comes with a usable estimate; anything else is a failure */
  if (status != GSL_SUCCESS && status != GSL_EROUND)
    *abserr = HUGE_VAL;
  return result;
}

/* Fails the test unless the total error estimate is within 100·epsrel of the total. */
static inline void
test_check_integral (double result, double abserr, double a, double b, double epsrel)
{
  if (!(abserr <= 100.0 * epsrel * fabs (result)) && !(abserr == 0.0 && result == 0.0))
    g_error ("integration over [%g, %g] failed: estimate %g ± %g", a, b, result, abserr);
}

static inline double
test_integrate (TestFn f, void *data, double a, double b, double epsrel)
{
  double abserr;
  double result = test_integrate_raw (f, data, a, b, epsrel, &abserr);
  test_check_integral (result, abserr, a, b, epsrel);
  return result;
}

/* ∫ over (a, b) split at the given points (kinks of Laplace densities, the bulk). cuts[0] and
 * cuts[n_cuts − 1] bound the numerical support: an infinite a or b is replaced by them (QAGI's
 * extrapolation misjudges tails of 1e-30), the mass beyond is below 1e-300. */
static inline double
test_integrate_split (TestFn f, void *data, double a, double b, const double *cuts, int n_cuts,
                      double epsrel)
{
  if (a == -HUGE_VAL)
    a = cuts[0];
  if (b == HUGE_VAL)
    b = cuts[n_cuts - 1];
  if (b <= a)
    return 0.0;
  double sum = 0.0, err = 0.0, lo = a, e;
  for (int i = 0; i < n_cuts; i++)
    {
      if (cuts[i] <= lo || cuts[i] >= b)
        continue;
      sum += test_integrate_raw (f, data, lo, cuts[i], epsrel, &e);
      err += e;
      lo = cuts[i];
    }
  sum += test_integrate_raw (f, data, lo, b, epsrel, &e);
  err += e;
  test_check_integral (sum, err, a, b, epsrel);
  return sum;
}

/* ---- the pairs' densities, written out again (not taken from libdpcore) ---- */

typedef struct {
  int kind;           /* DpMechanismKind */
  double eps;         /* Laplace ε */
  double delta_sens;  /* Δ */
  double scale;       /* b or σ */
  /* integrand parameters */
  double eps_prime;
  double alpha;
  double centre;
} TestPair;

static inline double
test_log_p (const TestPair *t, double y, double centre)
{
  if (t->kind == DP_MECHANISM_LAPLACE)
    return -fabs (y - centre) / t->scale - log (2.0 * t->scale);
  double z = (y - centre) / t->scale;
  return -0.5 * z * z - log (t->scale * sqrt (2.0 * M_PI));
}

/* L(y) = ln p(y) − ln q(y) by its definition, with the shared normalisers cancelled exactly. */
static inline double
test_loss (const TestPair *t, double y)
{
  if (t->kind == DP_MECHANISM_LAPLACE)
    {
      /* (|y−Δ| − |y|)/b, with the absolute values resolved so no rounding of y enters */
      double d = t->delta_sens;
      return (y <= 0.0 ? d : y >= d ? -d : d - 2.0 * y) / t->scale;
    }
  /* ((y−Δ)² − y²)/(2σ²) = (b − a)(b + a)/2 with b − a = −Δ/σ taken exactly */
  double a = y / t->scale, b = (y - t->delta_sens) / t->scale;
  return -0.5 * (t->delta_sens / t->scale) * (b + a);
}

static inline void
test_pair_init (TestPair *t, const DpMechanism *m)
{
  *t = (TestPair) { .kind = m->kind, .eps = m->epsilon, .delta_sens = m->sensitivity,
                    .scale = m->scale };
}

static inline int
test_cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* Needs room for 10 points: around each centre c ∈ {0, Δ}, c ± 8s (the bulk, where QAG must
 * not step over a narrow peak), c itself (the Laplace kink) and c ± Ks (the numerical support:
 * K = 800 for Laplace, 40 for Gaussian). Sorted. */
static inline int
test_pair_cuts (const TestPair *t, double *cuts)
{
  double s = t->scale, far = t->kind == DP_MECHANISM_LAPLACE ? 800.0 : 40.0;
  int n = 0;
  for (int k = 0; k < 2; k++)
    {
      double c = k == 0 ? 0.0 : t->delta_sens;
      cuts[n++] = c - far * s;
      cuts[n++] = c - 8.0 * s;
      cuts[n++] = c;
      cuts[n++] = c + 8.0 * s;
      cuts[n++] = c + far * s;
    }
  qsort (cuts, n, sizeof (double), test_cmp_double);
  return n;
}

/* ---- integrands of a pair's divergences (all ≥ 0), and their integral over ℝ ---- */

/* KL = ∫ p·(e^{−L} − 1 + L): ∫ p e^{−L} = ∫ q = 1 makes the added terms vanish. */
static inline double
test_kl_integrand (double y, void *data)
{
  TestPair *t = data;
  long double l = test_loss (t, y);
  return exp (test_log_p (t, y, 0.0)) * (double) (expm1l (-l) + l);
}

/* TV = ∫ max(0, p − q) = ∫_{L>0} p·(1 − e^{−L}). */
static inline double
test_tv_integrand (double y, void *data)
{
  TestPair *t = data;
  double l = test_loss (t, y);
  return l > 0 ? exp (test_log_p (t, y, 0.0)) * -expm1 (-l) : 0.0;
}

/* δ(ε′) = ∫ max(0, p − e^{ε′}q) = ∫_{L>ε′} p·(1 − e^{ε′−L}), at ε′ = t->eps_prime. */
static inline double
test_hockey_integrand (double y, void *data)
{
  TestPair *t = data;
  double l = test_loss (t, y);
  return l > t->eps_prime ? exp (test_log_p (t, y, 0.0)) * -expm1 (t->eps_prime - l) : 0.0;
}

/* ∫ f over ℝ with t->eps_prime set to @eps_prime, cut at the kinks, the bulk and the point
 * where L = ε′ (found by bisection on the loss written out above). */
static inline double
test_pair_integral (TestFn f, TestPair *t, double eps_prime)
{
  double cuts[11];
  int n = test_pair_cuts (t, cuts);
  double lo = cuts[0], hi = cuts[n - 1];
  t->eps_prime = eps_prime;
  if (test_loss (t, lo) > eps_prime && test_loss (t, hi) <= eps_prime)
    {
      for (int it = 0; it < 200; it++)
        {
          double mid = 0.5 * (lo + hi);
          if (test_loss (t, mid) > eps_prime)
            lo = mid;
          else
            hi = mid;
        }
      cuts[n++] = hi;
      qsort (cuts, n, sizeof (double), test_cmp_double);
    }
  return test_integrate_split (f, t, -HUGE_VAL, HUGE_VAL, cuts, n, 2e-14);
}
