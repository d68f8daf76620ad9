/* dp-gaussian.c — the Gaussian mechanism's privacy profile and its calibration
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Sources: Balle & Wang 2018, "Improving the Gaussian mechanism for differential privacy:
 * analytical calibration and optimal denoising", Thm 8 (exact δ(ε)) and Alg. 1 (analytic
 * calibration); Dwork & Roth 2014, Thm A.1 (classic calibration).
 *
 * Numerics. With μ = Δ/σ, A = μ/2 − ε/μ and B = −μ/2 − ε/μ,
 *   δ(ε) = Φ(A) − e^ε Φ(B).
 * Write x = −A = ε/μ − μ/2, so −B = x + μ. Since e^ε φ(B) = φ(A) exactly, both terms share
 * the factor φ(x) and with the Mills ratio R(s) = Φ(−s)/φ(s):
 *   δ(ε) = φ(x)·[R(x) − R(x + μ)] = φ(x)·∫_x^{x+μ} J(s) ds,   J(s) = −R′(s) = 1 − s·R(s) > 0.
 * Three regimes, each free of cancellation:
 *  - μ small against the scale on which R varies (μ ≤ ½·max(1, x)): the difference of R at two
 *    close points is replaced by the integral of the positive, smooth J over [x, x + μ]
 *    (16-point Gauss–Legendre; J is entire and varies on a scale ≥ max(1, x), so the rule is
 *    exact to rounding). This is where Φ(A) − e^εΦ(B), and even the log-space difference
 *    e^a(1 − e^{b−a}), lose up to all digits (tiny μ, or small ε with tiny δ).
 *  - x ≥ 0 otherwise: δ = Φ(−x)·(1 − R(x+μ)/R(x)), where the ratio is ≤ 0.79.
 *  - x < 0 otherwise (then μ > ½ and δ ≥ 0.3·Φ(A)): δ = Φ(A) − φ(x)R(x + μ).
 * For ε < 0 the pair's symmetry gives δ(ε) = 1 − e^ε + e^ε δ(−ε) (both terms ≥ 0).
 */
#include <float.h>
#include <math.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_roots.h>
#include <gsl/gsl_sf_erf.h>

#include "dp-core.h"
#include "dp-private.h"

#define GL_POINTS 16

/* J(s) = −R′(s) = 1 − s·R(s) = ∫_0^∞ t e^{−st − t²/2} dt > 0. For s ≥ 3 it is R(s)/T(s)
 * with T the tail of Laplace's continued fraction, 1/R = s + 1/T (no cancellation). */
static double
mills_ratio_derivative_neg (double s)
{
  if (s < 3.0)
    return 1.0 - s * dp_mills_ratio (s);
  double t = s;
  for (int k = dp_mills_ratio_depth (s); k >= 2; k--)
    t = s + k / t;
  double r = 1.0 / (s + 1.0 / t);
  return r / t;
}

/* J(x + t) for t ∈ [0, μ]: integrating over the offset keeps the interval length exactly μ
 * (x + μ − x would carry the rounding error of x + μ, up to 1e-16/μ relative). */
static double
mills_ratio_derivative_neg_at_offset (double t, void *params)
{
  return mills_ratio_derivative_neg (*(const double *) params + t);
}

static DpStatus
gaussian_delta_nonneg (double mu, double eps, double *out)
{
  double x = eps / mu - 0.5 * mu;

  /* δ ≤ Φ(A) = Φ(−x) < 1e-349 beyond x = 40: the answer underflows (this also catches an
   * infinite x). */
  if (!(x <= 40.0))
    {
      *out = 0.0;
      return DP_OK;
    }

  double phi_x = DP_INV_SQRT_2PI * exp (-0.5 * x * x);
  double delta;

  if (mu <= 0.5 * fmax (1.0, x))
    {
      gsl_integration_glfixed_table *table = gsl_integration_glfixed_table_alloc (GL_POINTS);
      if (table == NULL)
        return DP_ERR_NOMEM;
      gsl_function fn = { mills_ratio_derivative_neg_at_offset, &x };
      double integral = gsl_integration_glfixed (&fn, 0.0, mu, table);
      gsl_integration_glfixed_table_free (table);
      delta = phi_x * integral;
    }
  else if (x >= 0.0)
    {
      double ratio = dp_mills_ratio (x + mu) / dp_mills_ratio (x);
      delta = gsl_cdf_ugaussian_Q (x) * (1.0 - ratio);
    }
  else
    {
      delta = gsl_cdf_ugaussian_P (-x) - phi_x * dp_mills_ratio (x + mu);
    }

  if (!isfinite (delta))
    return DP_ERR_NUMERIC;
  *out = fmin (fmax (delta, 0.0), 1.0);
  return DP_OK;
}

DpStatus
dp_gaussian_delta_unchecked (double mu, double epsilon, double *out)
{
  if (!(mu > 0.0) || isnan (epsilon) || out == NULL)
    return DP_ERR_DOMAIN;
  if (isinf (mu))
    {
      *out = 1.0; /* no noise: P and Q are disjoint */
      return DP_OK;
    }
  if (epsilon >= 0.0)
    return gaussian_delta_nonneg (mu, epsilon, out);

  /* δ_{P‖Q}(ε) = 1 − e^ε + e^ε δ_{Q‖P}(−ε), and δ_{Q‖P} = δ_{P‖Q} for the mirrored pair. */
  double mirrored;
  DpStatus status = gaussian_delta_nonneg (mu, -epsilon, &mirrored);
  if (status != DP_OK)
    return status;
  *out = fmin (-expm1 (epsilon) + exp (epsilon) * mirrored, 1.0);
  return DP_OK;
}

DpStatus
dp_gaussian_delta (double mu, double epsilon, double *out)
{
  if (out == NULL || !(mu > 0.0 && mu <= 1e6) || !(epsilon >= 0.0 && epsilon <= 1e6))
    return DP_ERR_DOMAIN;
  return gaussian_delta_nonneg (mu, epsilon, out);
}

/* Root finding: Brent's method (GSL) on a function that is finite everywhere on a bracket
 * that is verified before the solver starts, so GSL's error handler is never reached. */
typedef struct {
  double mu;
  double epsilon;
  double target;
  DpStatus status;
} GaussRootParams;

/* δ(ε) of the root search's μ; a failure is kept in p->status for after the search. */
static double
root_delta (GaussRootParams *p, double eps)
{
  double delta = 0.0;
  DpStatus status = gaussian_delta_nonneg (p->mu, eps, &delta);

  if (status != DP_OK)
    p->status = status;
  return delta;
}

/* δ/target − 1, finite for every target in (0, 1): with a subnormal target (1e-320) the
 * quotient overflows, and Brent's method (GSL) calls the error handler, which aborts, on a
 * value that is not finite. */
static double
excess (double delta, double target)
{
  double v = delta / target - 1.0;
  return isfinite (v) ? v : DBL_MAX;
}

/* δ(ε)/target − 1 as a function of ε (decreasing). */
static double
delta_excess_in_epsilon (double eps, void *data)
{
  GaussRootParams *p = data;

  return excess (root_delta (p, eps), p->target);
}

/* ln(δ(ε)/target) as a function of ε: the same sign and root as delta_excess_in_epsilon, but
 * nearly linear in ε (the Gaussian tail), so Brent's method needs a third of the evaluations.
 * δ = 0 (underflow far beyond the root) maps to a large finite negative value. */
static double
log_delta_excess_in_epsilon (double eps, void *data)
{
  GaussRootParams *p = data;
  double delta = root_delta (p, eps);

  if (!(delta > 0.0))
    return -1e4;
  return log (delta) - log (p->target); /* δ/target may overflow */
}

/* δ_μ(ε)/target − 1 as a function of μ (increasing). */
static double
delta_excess_in_mu (double mu, void *data)
{
  GaussRootParams *p = data;
  double delta = 0.0;
  DpStatus status = gaussian_delta_nonneg (mu, p->epsilon, &delta);
  if (status != DP_OK)
    p->status = status;
  return excess (delta, p->target);
}

/* Shrinks [lo, hi] (f(lo) and f(hi) of opposite signs, both finite) to relative width 1e-15
 * with Brent's method and returns the final bracket. */
static DpStatus
brent_bracket (gsl_function *fn, double *lo, double *hi)
{
  gsl_root_fsolver *solver = gsl_root_fsolver_alloc (gsl_root_fsolver_brent);
  if (solver == NULL)
    return DP_ERR_NOMEM;
  gsl_root_fsolver_set (solver, fn, *lo, *hi);
  for (int iter = 0; iter < 300; iter++)
    {
      if (gsl_root_fsolver_iterate (solver) != GSL_SUCCESS)
        break;
      double a = gsl_root_fsolver_x_lower (solver);
      double b = gsl_root_fsolver_x_upper (solver);
      *lo = a;
      *hi = b;
      if (gsl_root_test_interval (a, b, 1e-300, 1e-15) == GSL_SUCCESS)
        break;
    }
  gsl_root_fsolver_free (solver);
  return DP_OK;
}

/* Newton's method on g(ε) = ln δ(ε) − ln target, from a point hi with g(hi) ≤ 0 (private
 * enough). The derivative is closed-form: δ′(ε) = −e^ε Φ(B) (the φ terms cancel since
 * e^ε φ(B) = φ(A)), and e^ε Φ(B) = φ(x)·R(x + μ), so g′(ε) = −φ(x)R(x + μ)/δ(ε). ln δ is
 * concave in ε (ln φ(x) is, and δ/φ(x) = ∫_x^{x+μ} J is log-concave by Prékopa's theorem, J
 * being log-concave), so every tangent lies above g: from the right of the root each Newton
 * step lands at or right of the root, and the iterates fall monotonically to it, quadratically
 * near it. A third to a quarter of the δ evaluations of Brent's method on a wide bracket.
 *
 * On return, δ(*hi) ≤ target and *lo ≤ root. *converged is set when the root is known to within
 * 1e-15 relative, and *hi is then the answer; otherwise (rounding made a step overshoot, or
 * no convergence in the allowed steps) the caller finishes with Brent's method. */
static DpStatus
newton_from_above (double mu, double target, double delta_hi, double *lo, double *hi,
                   int *converged)
{
  double eps = *hi, log_target = log (target);

  for (int iter = 0; iter < 60; iter++)
    {
      double delta = delta_hi;   /* δ(*hi) when known, on the first step */
      DpStatus status = DP_OK;

      if (iter > 0 || isnan (delta))
        status = gaussian_delta_nonneg (mu, eps, &delta);
      if (status != DP_OK)
        return status;
      if (!(delta > 0.0))
        return DP_OK;   /* underflow: leave it to Brent */
      double g = log (delta) - log_target;
      double x = eps / mu - 0.5 * mu;
      double slope_factor = DP_INV_SQRT_2PI * exp (-0.5 * x * x) * dp_mills_ratio (x + mu);
      if (!(slope_factor > 0.0) || !isfinite (slope_factor))
        return DP_OK;
      double step = g * delta / slope_factor;   /* −g/g′: ≤ 0 right of the root */
      if (delta > target)
        {
          /* The last step landed left of the root, by rounding: the root is in [eps, *hi].
           * One Newton step back to the right (a little more, and at least 2 ulps) usually
           * gives a point that is private enough and within 1e-15 of eps; else Brent
           * finishes on the bracket. */
          *lo = fmax (*lo, eps);
          double right = eps + fmax (1.01 * step, 4.0 * DBL_EPSILON * eps);
          double d_right = 0.0;
          if (right < *hi && gaussian_delta_nonneg (mu, right, &d_right) == DP_OK
              && d_right <= target)
            *hi = right;
          *converged = !(*hi - *lo > 1e-15 * *hi);
          return DP_OK;
        }
      *hi = eps;
      double next = eps + step;
      if (!(next >= *lo))
        next = *lo;
      if (!(fabs (step) > 1e-15 * eps) || next == eps)
        {
          /* the root is within |step| (quadratic convergence) */
          *converged = 1;
          return DP_OK;
        }
      eps = next;
    }
  return DP_OK;
}

/* Moves *eps up, if needed, until δ(*eps) ≤ target as evaluated here. The step is the one
 * that lowers δ by its excess plus a few ulps of the target, from the closed-form slope
 * δ′(ε) = −φ(x)R(x + μ) (see newton_from_above): an ulp of ε can move δ by far less than an
 * ulp of δ (ε = 3e-5, δ = 1e-3: 1/130 of one). DP_ERR_NUMERIC when that does not work. */
static DpStatus
settle_epsilon (double mu, double target, double *eps)
{
  double e = *eps;

  for (int i = 0; i < 16; i++)
    {
      double delta;
      DpStatus status = gaussian_delta_nonneg (mu, e, &delta);
      if (status != DP_OK)
        return status;
      if (delta <= target)
        {
          *eps = e;
          return DP_OK;
        }
      double x = e / mu - 0.5 * mu;
      double slope = DP_INV_SQRT_2PI * exp (-0.5 * x * x) * dp_mills_ratio (x + mu);
      double want = (delta - target) + 4.0 * (nextafter (target, 1.0) - target) * (1 << i);
      double step = slope > 0.0 && isfinite (slope) ? want / slope : 0.0;
      double next = e + step;
      if (!(next > e))
        next = nextafter (e, HUGE_VAL);
      if (!isfinite (next))
        break;
      e = next;
    }
  return DP_ERR_NUMERIC;
}

DpStatus
dp_gaussian_epsilon_unchecked (double mu, double delta, double *out)
{
  if (out == NULL || !(mu > 0.0) || !dp_is_valid_delta (delta))
    return DP_ERR_DOMAIN;
  if (isinf (mu))
    return DP_ERR_DOMAIN;

  GaussRootParams params = { mu, 0.0, delta, DP_OK };
  gsl_function fn = { delta_excess_in_epsilon, &params };

  double f_lo = fn.function (0.0, &params);
  if (params.status != DP_OK)
    return params.status;
  if (f_lo <= 0.0) /* δ ≥ TV = δ(0) */
    {
      *out = 0.0;
      return DP_OK;
    }

  /* δ(ε) < Φ(A) = Φ(μ/2 − ε/μ), so ε = μ(μ/2 − Φ⁻¹(δ)) is already private enough. */
  double z = gsl_cdf_ugaussian_Pinv (delta);
  double hi = fmax (mu * (0.5 * mu - z), 1e-300);
  int guard = 0;
  while (fn.function (hi, &params) > 0.0)
    {
      if (params.status != DP_OK || ++guard > 2000 || !isfinite (hi))
        return DP_ERR_NUMERIC;
      hi *= 2.0;
    }
  double lo = 0.0, hi_verified = hi;
  int converged = 0;
  DpStatus status = newton_from_above (mu, delta, NAN, &lo, &hi, &converged);
  if (status != DP_OK)
    return status;
  if (converged)
    {
      /* converged: δ(hi) ≤ target, and hi is within 1e-15 of the root */
      *out = hi;
      return DP_OK;
    }
  gsl_function log_fn = { log_delta_excess_in_epsilon, &params };
  /* Brent needs a change of sign; rounding in the logarithm can hide a narrow one, and then
   * the verified wide bracket serves */
  if (!(log_fn.function (lo, &params) >= 0.0 && log_fn.function (hi, &params) <= 0.0))
    {
      lo = 0.0;
      hi = hi_verified;
    }
  status = brent_bracket (&log_fn, &lo, &hi);
  if (status == DP_OK)
    status = params.status;
  if (status != DP_OK)
    return status;
  /* δ is decreasing in ε: take the lower end when it satisfies δ(ε) ≤ target (decided on δ
   * itself, not on its logarithm), else the upper end, stepped up when the rounding of the
   * logarithm let it pass; an ε that does not satisfy it is never returned. */
  double eps = fn.function (lo, &params) <= 0.0 ? lo : hi;
  status = settle_epsilon (mu, delta, &eps);
  if (status != DP_OK)
    return status;
  *out = eps;
  return DP_OK;
}

DpStatus
dp_gaussian_epsilon (double mu, double delta, double *out)
{
  if (!(mu > 0.0 && mu <= 1e6))
    return DP_ERR_DOMAIN;
  return dp_gaussian_epsilon_unchecked (mu, delta, out);
}

DpStatus
dp_gaussian_epsilon_hint (double mu, double delta, double hint, double *out)
{
  if (!(mu > 0.0 && mu <= 1e6) || out == NULL || !dp_is_valid_delta (delta))
    return DP_ERR_DOMAIN;
  if (isfinite (hint) && hint > 0.0)
    {
      double d_hint = 0.0, lo = 0.0, hi = hint;
      int converged = 0;

      /* from the hint when it is private enough (Newton must start right of the root) */
      if (gaussian_delta_nonneg (mu, hint, &d_hint) == DP_OK && d_hint > 0.0
          && d_hint <= delta
          && newton_from_above (mu, delta, d_hint, &lo, &hi, &converged) == DP_OK && converged)
        {
          *out = hi;
          return DP_OK;
        }
    }
  return dp_gaussian_epsilon_unchecked (mu, delta, out);
}

/* Balle & Wang 2018, Alg. 1 (analytic Gaussian mechanism): δ_μ(ε) is increasing in μ = Δ/σ,
 * so the smallest σ is Δ/μ* with μ* the largest μ such that δ_μ(ε) ≤ δ. Bisection is replaced
 * by Brent's method on a verified bracket in μ; the result keeps the side that satisfies the
 * constraint, so δ(ε) at the returned σ never exceeds δ. */
DpStatus
dp_gaussian_sigma_analytic (double epsilon, double delta, double sensitivity, double *out)
{
  if (out == NULL || !dp_is_valid_epsilon (epsilon) || !dp_is_valid_delta (delta)
      || !dp_is_valid_sensitivity (sensitivity))
    return DP_ERR_DOMAIN;

  GaussRootParams params = { 0.0, epsilon, delta, DP_OK };
  gsl_function fn = { delta_excess_in_mu, &params };

  /* Two lower points with δ_μ(ε) ≤ δ: TV ≤ μ φ(0), and δ < Φ(μ/2 − ε/μ) = δ when
   * μ = z + √(z² + 2ε), z = Φ⁻¹(δ) (written without cancellation for z < 0). */
  double z = gsl_cdf_ugaussian_Pinv (delta);
  double root = sqrt (z * z + 2.0 * epsilon);
  double mu_z = z < 0.0 ? 2.0 * epsilon / (root - z) : z + root;
  double lo = fmax (delta / DP_INV_SQRT_2PI, mu_z);
  int guard = 0;
  while (fn.function (lo, &params) > 0.0)
    {
      if (params.status != DP_OK || ++guard > 2000)
        return DP_ERR_NUMERIC;
      lo *= 0.5;
    }
  double hi = 2.0 * lo;
  guard = 0;
  while (fn.function (hi, &params) <= 0.0)
    {
      if (params.status != DP_OK || ++guard > 2000 || hi > 1e150)
        return DP_ERR_NUMERIC;
      lo = hi;
      hi *= 2.0;
    }
  DpStatus status = brent_bracket (&fn, &lo, &hi);
  if (status == DP_OK)
    status = params.status;
  if (status != DP_OK)
    return status;

  double mu = fn.function (hi, &params) <= 0.0 ? hi : lo;
  double sigma = sensitivity / mu;
  /* Division rounding may land a hair below the threshold: step σ up (by 1, 2, 4, … units
   * of 1e-16 relative) to the first σ whose own μ = Δ/σ meets the constraint; a σ that does
   * not meet it is never returned. */
  for (int i = 0; i < 40 && fn.function (sensitivity / sigma, &params) > 0.0; i++)
    sigma = fmax (nextafter (sigma, HUGE_VAL), sigma * (1.0 + ldexp (DBL_EPSILON, i)));
  if (params.status != DP_OK)
    return params.status;
  if (fn.function (sensitivity / sigma, &params) > 0.0)
    return DP_ERR_NUMERIC;
  *out = sigma;
  return DP_OK;
}

/* Dwork & Roth 2014, Thm A.1: σ = Δ·√(2 ln(1.25/δ))/ε (valid for ε < 1; computed for all ε). */
DpStatus
dp_gaussian_sigma_classic (double epsilon, double delta, double sensitivity, double *out)
{
  if (out == NULL || !dp_is_valid_epsilon (epsilon) || !dp_is_valid_delta (delta)
      || !dp_is_valid_sensitivity (sensitivity))
    return DP_ERR_DOMAIN;
  *out = sensitivity * sqrt (2.0 * log (1.25 / delta)) / epsilon;
  return DP_OK;
}
