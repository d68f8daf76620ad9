/* dp-audit.c — Clopper–Pearson intervals, certified lower bounds on ε, simulated audits
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Sources: Clopper & Pearson 1934 (exact binomial intervals; the interval ends are beta
 * quantiles, P(Bin(n, p) ≤ x) = 1 − I_p(x + 1, n − x)); Kairouz, Oh & Viswanath 2015, Thm 2.1
 * ((ε, δ)-DP bounds every test: 1 − β ≤ e^ε α + δ, 1 − α ≤ e^ε β + δ); Jagielski, Ullman &
 * Oprea 2020 and Nasr et al. 2021 (auditing by turning such tests into lower bounds on ε).
 *
 * Why not gsl_cdf_beta_Pinv. In GSL 2.7.1 it stops after 64 Newton steps and raises "inverse
 * failed to converge" (which aborts under GSL's default error handler) for about 10 % of the
 * (x, n) pairs with n ≥ 1000, e.g. x = 31, n = 1000 at 0.975 (measured over n ∈ {10², …, 10⁶}).
 * gsl_cdf_beta_P and _Q themselves returned finite values everywhere we evaluate them, so the
 * interval ends are found here by a bracketed Newton iteration on them.
 *
 * What the audit simulates, and why it is honest. Every run is an independent draw of what the
 * test reads from the mechanism: the output (k = 1) or the sufficient statistic of the k
 * outputs (k > 1), drawn from the mechanism's own noise, never from the test's error rates:
 *  - k = 1: the output f(·) + noise (Laplace, Gaussian) or the randomised bit, one draw per run;
 *  - Gaussian, k > 1: the mean of k outputs, which is exactly one N(f(·), σ²/k) draw;
 *  - randomized response, k > 1: the number of flipped answers, exactly Binomial(k, 1 − p);
 *  - Laplace, k > 1: each clipped output is 0, Δ or inside (0, Δ); how many fall at 0 and at Δ
 *    is multinomial (two binomial draws), and each one inside is drawn from its truncated
 *    exponential density by inversion — the distribution of the k clipped outputs, only the
 *    outputs beyond the clip points are not given a value the test never reads.
 * Only then is the test applied to each run and the runs counted. Drawing the count of runs
 * past the threshold as Binomial(N, α) directly would be as fast and statistically identical,
 * but it would take α from the formula the audit is meant to check, so it is not done.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_sf_gamma.h>

#include "dp-core.h"
#include "dp-private.h"

#define AUDIT_TRIALS_MIN 100UL
#define AUDIT_TRIALS_MAX 1000000UL
#define AUDIT_DRAWS_MAX 1e9
/* Runs per chunk between progress reports and cancellation checks (fewer for Laplace at
 * k > 1, see dp_audit_run). */
#define AUDIT_CHUNK 8192UL
/* Candidate thresholds for the automatic choice. */
#define AUDIT_CANDIDATES 64

static inline bool
is_cancelled (const DpCancel *cancel)
{
  return dp_cancel_is_set (cancel);
}

/* ---- Clopper–Pearson ------------------------------------------------------------------ */

typedef struct {
  double a, b;     /* beta parameters */
  bool upper_tail; /* g(p) = Q_beta(p) (decreasing) instead of P_beta(p) (increasing) */
  double target;
  double log_norm; /* −ln B(a, b) */
} BetaEq;

static void
beta_eq_init (BetaEq *e, double a, double b, bool upper_tail, double target)
{
  e->a = a;
  e->b = b;
  e->upper_tail = upper_tail;
  e->target = target;
  e->log_norm = gsl_sf_lngamma (a + b) - gsl_sf_lngamma (a) - gsl_sf_lngamma (b);
}

static double
beta_eq_value (const BetaEq *e, double p)
{
  return e->upper_tail ? gsl_cdf_beta_Q (p, e->a, e->b) : gsl_cdf_beta_P (p, e->a, e->b);
}

/* The p ∈ (lo, hi) with g(p) = target, g monotone with g(lo) and g(hi) on either side,
 * starting from @p: Newton's method on the beta CDF (its derivative is ± the beta density),
 * falling back to bisection whenever a step leaves the bracket, which shrinks every
 * iteration. */
static double
beta_eq_solve (const BetaEq *e, double lo, double hi, double p)
{
  double sign = e->upper_tail ? -1.0 : 1.0; /* g increasing when sign > 0 */
  if (!(p > lo && p < hi))
    p = 0.5 * (lo + hi);
  for (int it = 0; it < 300; it++)
    {
      double g = beta_eq_value (e, p);
      double diff = g - e->target;
      if (diff == 0.0)
        return p;
      /* keep the root inside [lo, hi] */
      if (sign * diff > 0.0)
        hi = p;
      else
        lo = p;
      if (hi - lo <= 1e-13 * hi)
        break;
      double d = exp (e->log_norm + (e->a - 1.0) * log (p) + (e->b - 1.0) * log1p (-p));
      double next = (d > 0.0 && isfinite (d)) ? p - sign * diff / d : -1.0;
      if (!(next > lo && next < hi))
        next = 0.5 * (lo + hi);
      /* converged: the step is below the rounding of p */
      if (fabs (next - p) <= 4.0 * DBL_EPSILON * p)
        return next;
      p = next;
    }
  return 0.5 * (lo + hi);
}

/* A starting point: the Wilson score interval's end (Wilson 1927), close to the
 * Clopper–Pearson one except for tiny counts. */
static double
wilson_end (double x, double n, double tail, double side)
{
  double z = gsl_cdf_ugaussian_Qinv (tail);
  double ph = x / n, z2n = z * z / n;
  double centre = (ph + 0.5 * z2n) / (1.0 + z2n);
  double half = z / (1.0 + z2n) * sqrt (ph * (1.0 - ph) / n + 0.25 * z2n / n);
  return centre + side * half;
}

/* The two ends for a real-valued count x ∈ [0, n]. Each is solved where it is the smaller
 * number (x ≤ n/2 for the upper end's complement, …) and reflected otherwise,
 * upper(x) = 1 − lower(n − x), so that an end near 1 is exact in its distance from 1.
 * Upper: P(Bin(n, p) ≤ x) = tail, i.e. Q_beta(p; x + 1, n − x) = tail.
 * Lower: P(Bin(n, p) ≥ x) = tail, i.e. P_beta(p; x, n − x + 1) = tail. */
static double cp_lower (double x, double n, double tail);

static double
cp_upper (double x, double n, double tail)
{
  if (x >= n)
    return 1.0;
  if (x <= 0.0)
    return -expm1 (log (tail) / n); /* 1 − tail^{1/n} */
  if (x > 0.5 * n)
    return 1.0 - cp_lower (n - x, n, tail);
  BetaEq e;
  beta_eq_init (&e, x + 1.0, n - x, true, tail);
  return beta_eq_solve (&e, x / n, 1.0, wilson_end (x, n, tail, 1.0));
}

static double
cp_lower (double x, double n, double tail)
{
  if (x <= 0.0)
    return 0.0;
  if (x >= n)
    return exp (log (tail) / n); /* tail^{1/n} */
  if (x > 0.5 * n)
    return 1.0 - cp_upper (n - x, n, tail);
  BetaEq e;
  beta_eq_init (&e, x, n - x + 1.0, false, tail);
  return beta_eq_solve (&e, 0.0, x / n, wilson_end (x, n, tail, -1.0));
}

DpStatus
dp_clopper_pearson (unsigned long x, unsigned long n, double confidence, DpInterval *out)
{
  if (out == NULL || n == 0 || x > n || !(confidence > 0.0 && confidence < 1.0))
    return DP_ERR_DOMAIN;
  double tail = 0.5 * (1.0 - confidence);
  out->lower = cp_lower ((double) x, (double) n, tail);
  out->upper = cp_upper ((double) x, (double) n, tail);
  return DP_OK;
}

DpStatus
dp_audit_bound (double alpha_upper, double beta_upper, double delta, DpAuditBound *out)
{
  if (out == NULL || !(alpha_upper >= 0.0 && alpha_upper <= 1.0)
      || !(beta_upper >= 0.0 && beta_upper <= 1.0) || !(delta >= 0.0 && delta <= 1.0))
    return DP_ERR_DOMAIN;
  double keep = 1.0 - delta;
  /* ln((1 − δ − β_up)/α_up); an α_up of 0 cannot come from an interval (it is ≥ the
   * x = 0 end, which is positive), so it only meets a positive numerator as +∞. */
  double n1 = keep - beta_upper, n2 = keep - alpha_upper;
  out->from_type1 = n1 > 0.0 ? (alpha_upper > 0.0 ? log (n1) - log (alpha_upper) : HUGE_VAL)
                             : -HUGE_VAL;
  out->from_type2 = n2 > 0.0 ? (beta_upper > 0.0 ? log (n2) - log (beta_upper) : HUGE_VAL)
                             : -HUGE_VAL;
  out->epsilon_lower = fmax (0.0, fmax (out->from_type1, out->from_type2));
  return DP_OK;
}

/* ---- the mechanism with the bug --------------------------------------------------------- */

DpStatus
dp_audit_buggy_mechanism (const DpMechanism *m, DpMechanism *out)
{
  if (out == NULL || !dp_mechanism_is_valid (m))
    return DP_ERR_DOMAIN;
  switch (m->kind)
    {
    case DP_MECHANISM_LAPLACE:
      /* b = (Δ/2)/ε = Δ/(2ε) */
      return dp_mechanism_laplace (2.0 * m->epsilon, m->sensitivity, out);
    case DP_MECHANISM_GAUSSIAN:
      /* σ is proportional to Δ (for any calibration), so σ for Δ/2 is σ/2. */
      return dp_mechanism_gaussian (0.5 * m->scale, m->sensitivity, out);
    case DP_MECHANISM_RR:
      return dp_mechanism_rr (2.0 * m->epsilon, out);
    case DP_N_MECHANISMS:
    default:
      return DP_ERR_DOMAIN;
    }
}

/* ---- the statistic of one run ---------------------------------------------------------- */

/* What one run of the simulated mechanism needs, built once. */
typedef struct {
  DpMechanismKind kind;
  unsigned long k;
  double sensitivity;
  double scale;         /* Laplace b; Gaussian σ/√k (the mean's sd) */
  double keep;          /* RR: p */
  double flip;          /* RR: 1 − p */
  /* Laplace, k > 1, with X = clip(y, 0, Δ)/Δ: under D, P(X = 0) = ½ and P(X = 1) = ½e^{−ε};
   * under D′ the other way round; inside, X has density ∝ e^{−εx} (D) or e^{−ε(1−x)} (D′). */
  double eps;
  double p_near;        /* ½: the atom on the side of the true value */
  double p_far;         /* ½e^{−ε} */
  double inside_scale;  /* 1 − e^{−ε} */
  /* The test: says D′ when the statistic ≥ threshold. Counts compare integers: RR says D′
   * when the count of ones is ≥ rr_min; Laplace k > 1 when the clipped sum ≥ sum_min. */
  double threshold;
  long rr_min;
  double sum_min;
} RunModel;

/* True when the run says D′. @which: the data the run is on. */
static bool
run_once (const RunModel *r, DpNeighbour which, gsl_rng *rng)
{
  double centre = which == DP_NEIGHBOUR_D ? 0.0 : r->sensitivity;
  switch (r->kind)
    {
    case DP_MECHANISM_LAPLACE:
      if (r->k == 1)
        return centre + gsl_ran_laplace (rng, r->scale) >= r->threshold;
      else
        {
          /* Counts at the two atoms (multinomial), then each value inside by inversion of
           * F(x) = (1 − e^{−εx})/(1 − e^{−ε}). */
          bool on_d = which == DP_NEIGHBOUR_D;
          unsigned int k = (unsigned int) r->k;
          unsigned int at0 = gsl_ran_binomial (rng, on_d ? r->p_near : r->p_far, k);
          double rest = 1.0 - (on_d ? r->p_near : r->p_far);
          double p1 = (on_d ? r->p_far : r->p_near) / rest;
          unsigned int at1 = k - at0 > 0 ? gsl_ran_binomial (rng, fmin (p1, 1.0), k - at0) : 0;
          unsigned int inside = k - at0 - at1;
          double sum = (double) at1;
          for (unsigned int i = 0; i < inside; i++)
            {
              double u = gsl_rng_uniform (rng);
              double x = -log1p (-u * r->inside_scale) / r->eps;
              sum += on_d ? x : 1.0 - x;
            }
          return sum >= r->sum_min;
        }
    case DP_MECHANISM_GAUSSIAN:
      return centre + gsl_ran_gaussian_ziggurat (rng, r->scale) >= r->threshold;
    case DP_MECHANISM_RR:
      {
        if (r->k == 1)
          {
            double truth = which == DP_NEIGHBOUR_D ? 0.0 : 1.0;
            double y = gsl_rng_uniform (rng) < r->keep ? truth : 1.0 - truth;
            return y >= r->threshold;
          }
        unsigned int flips = gsl_ran_binomial (rng, r->flip, (unsigned int) r->k);
        long ones = which == DP_NEIGHBOUR_D ? (long) flips : (long) r->k - (long) flips;
        return ones >= r->rr_min;
      }
    case DP_N_MECHANISMS:
    default:
      return false;
    }
}

/* ∫_0^1 x^r·ε e^{−εx} dx / (1 − e^{−ε}) for r = 1, 2: moments of the inside part (D). */
static void
inside_moments (double eps, double *m1, double *m2)
{
  gsl_integration_glfixed_table *table = gsl_integration_glfixed_table_alloc (32);
  double s0 = 0.0, s1 = 0.0, s2 = 0.0;
  for (size_t i = 0; table != NULL && i < 32; i++)
    {
      double x, w;
      gsl_integration_glfixed_point (0.0, 1.0, i, &x, &w, table);
      double d = w * exp (-eps * x);
      s0 += d;
      s1 += d * x;
      s2 += d * x * x;
    }
  if (table != NULL)
    gsl_integration_glfixed_table_free (table);
  *m1 = s0 > 0.0 ? s1 / s0 : 0.5;
  *m2 = s0 > 0.0 ? s2 / s0 : 1.0 / 3.0;
}

/* ---- the automatic threshold ----------------------------------------------------------- */

/* The certified bound expected at exact errors (α, β) after n runs: both upper ends at the
 * expected counts nα, nβ. */
static double
expected_bound (double alpha, double beta, double n, double delta, double tail)
{
  DpAuditBound b;
  double au = cp_upper (n * alpha, n, tail);
  double bu = cp_upper (n * beta, n, tail);
  if (dp_audit_bound (au, bu, delta, &b) != DP_OK)
    return 0.0;
  return b.epsilon_lower;
}

/* Errors of "statistic ≥ t" on the simulated mechanism for the automatic choice: exact where
 * dp_test_errors is, a normal approximation for the Laplace clipped mean at k > 1 (good enough
 * to choose with: any fixed threshold keeps the audit valid) and the exact corner t = Δ
 * (every output ≥ Δ). */
static void
candidate_errors (const DpMechanism *sim, unsigned long k, double t, double *alpha,
                  double *beta)
{
  if (sim->kind == DP_MECHANISM_LAPLACE && k > 1)
    {
      double eps = sim->sensitivity / sim->scale;
      double kd = (double) k;
      if (t >= sim->sensitivity)
        {
          /* all k outputs at or beyond Δ: (½e^{−ε})^k under D, (½)^k under D′ */
          *alpha = exp (kd * (-M_LN2 - eps));
          *beta = -expm1 (-kd * M_LN2);
          return;
        }
      double m1, m2;
      inside_moments (eps, &m1, &m2);
      double pin = 0.5 * -expm1 (-eps), pfar = 0.5 * exp (-eps);
      double mean = pfar + pin * m1;           /* E[X] under D */
      double second = pfar + pin * m2;         /* E[X²] under D */
      double var = fmax (second - mean * mean, 1e-300);
      double x = t / sim->sensitivity * kd;
      double sd = sqrt (kd * var);
      *alpha = gsl_cdf_ugaussian_Q ((x - kd * mean) / sd);
      *beta = gsl_cdf_ugaussian_P ((x - kd * (1.0 - mean)) / sd);
      return;
    }
  DpTest test = { t, 1.0 };
  if (dp_test_errors (sim, k, &test, alpha, beta) != DP_OK)
    {
      *alpha = 1.0;
      *beta = 1.0;
    }
}

/* The pairs are symmetric, so the bound from type I errors at t equals the one from type II
 * errors at Δ − t: the search covers t ≥ Δ/2, where α ≤ β. */
static double
auto_threshold (const DpMechanism *sim, unsigned long k, double n, double delta, double tail)
{
  double best_t = sim->kind == DP_MECHANISM_RR ? 1.0 : sim->sensitivity;
  double best = -1.0;
  double cand[AUDIT_CANDIDATES + 2];
  int nc = 0;

  if (sim->kind == DP_MECHANISM_RR)
    {
      /* thresholds j/k for counts j from ⌈k/2⌉ to the largest j with P(C ≥ j) ≥ 10⁻³/n */
      double q = 1.0 / (1.0 + exp (sim->epsilon));
      long j_lo = (long) ((k + 1) / 2), j_hi = (long) k;
      long lo = j_lo, hi = j_hi;
      if (gsl_cdf_binomial_Q ((unsigned int) (j_lo - 1 < 0 ? 0 : j_lo - 1), q, (unsigned int) k)
          >= 1e-3 / n)
        {
          while (hi > lo)
            {
              long mid = lo + (hi - lo + 1) / 2;
              double a = mid == 0 ? 1.0
                                  : gsl_cdf_binomial_Q ((unsigned int) (mid - 1), q,
                                                        (unsigned int) k);
              if (a >= 1e-3 / n)
                lo = mid;
              else
                hi = mid - 1;
            }
          j_hi = lo;
        }
      long span = j_hi - j_lo;
      for (int i = 0; i <= AUDIT_CANDIDATES && nc < AUDIT_CANDIDATES + 1; i++)
        {
          long j = j_lo + (long) floor ((double) span * i / AUDIT_CANDIDATES + 0.5);
          if (nc == 0 || cand[nc - 1] != (double) j / (double) k)
            cand[nc++] = (double) j / (double) k;
        }
    }
  else
    {
      /* type I errors from that at Δ/2 down to 10⁻³/n, log-spaced, plus the corner Δ */
      double a_hi, b_unused;
      candidate_errors (sim, k, 0.5 * sim->sensitivity, &a_hi, &b_unused);
      double a_lo = fmin (1e-3 / n, a_hi);
      for (int i = 0; i < AUDIT_CANDIDATES; i++)
        {
          double a = exp (log (a_hi) + (log (a_lo) - log (a_hi)) * i / (AUDIT_CANDIDATES - 1));
          double t;
          if (sim->kind == DP_MECHANISM_GAUSSIAN)
            t = gsl_cdf_gaussian_Qinv (a, sim->scale / sqrt ((double) k));
          else if (k == 1)
            t = gsl_cdf_laplace_Qinv (a, sim->scale);
          else
            {
              /* invert the normal approximation by bisection on t ∈ [Δ/2, Δ) */
              double lo = 0.5 * sim->sensitivity, hi = sim->sensitivity;
              for (int it = 0; it < 60; it++)
                {
                  double mid = 0.5 * (lo + hi), am, bm;
                  candidate_errors (sim, k, mid, &am, &bm);
                  if (am > a)
                    lo = mid;
                  else
                    hi = mid;
                }
              t = lo;
            }
          if (isfinite (t))
            cand[nc++] = t;
        }
      cand[nc++] = sim->sensitivity;
    }

  for (int i = 0; i < nc; i++)
    {
      double a, b;
      candidate_errors (sim, k, cand[i], &a, &b);
      double v = expected_bound (a, b, n, delta, tail);
      if (v > best)
        {
          best = v;
          best_t = cand[i];
        }
    }
  return best_t;
}

/* ---- the audit ------------------------------------------------------------------------- */

static bool
spec_is_valid (const DpAuditSpec *s)
{
  return s != NULL && s->k >= 1 && s->k <= DP_K_MAX && s->trials >= AUDIT_TRIALS_MIN
         && s->trials <= AUDIT_TRIALS_MAX && (s->auto_threshold || isfinite (s->threshold))
         && s->delta >= 0.0 && s->delta <= 1.0 && s->confidence > 0.0 && s->confidence < 1.0;
}

DpStatus
dp_audit_run (const DpMechanism *m, const DpAuditSpec *spec, DpAuditProgressFunc progress,
              void *progress_data, const DpCancel *cancel, DpAuditResult *out)
{
  if (out == NULL || !dp_mechanism_is_valid (m) || !spec_is_valid (spec))
    return DP_ERR_DOMAIN;
  if (m->kind == DP_MECHANISM_LAPLACE && spec->k > 1
      && (double) spec->trials * (double) spec->k > AUDIT_DRAWS_MAX)
    return DP_ERR_DOMAIN;

  DpMechanism sim = *m;
  if (spec->buggy)
    {
      DpStatus st = dp_audit_buggy_mechanism (m, &sim);
      if (st != DP_OK)
        return st;
    }

  unsigned long k = spec->k, n = spec->trials;
  double tail = 0.5 * (1.0 - spec->confidence);
  double t = spec->auto_threshold ? auto_threshold (&sim, k, (double) n, spec->delta, tail)
                                  : spec->threshold;
  if (is_cancelled (cancel))
    return DP_ERR_CANCELLED;

  RunModel r = { 0 };
  r.kind = sim.kind;
  r.k = k;
  r.sensitivity = sim.sensitivity;
  r.threshold = t;
  switch (sim.kind)
    {
    case DP_MECHANISM_LAPLACE:
      r.scale = sim.scale;
      r.eps = sim.sensitivity / sim.scale;
      r.p_near = 0.5;
      r.p_far = 0.5 * exp (-r.eps);
      r.inside_scale = -expm1 (-r.eps);
      /* mean of clipped outputs ≥ t ⟺ Σ X ≥ k·t/Δ */
      r.sum_min = (double) k * t / sim.sensitivity;
      break;
    case DP_MECHANISM_GAUSSIAN:
      r.scale = sim.scale / sqrt ((double) k);
      break;
    case DP_MECHANISM_RR:
    default:
      r.keep = 1.0 / (1.0 + exp (-sim.epsilon));
      r.flip = 1.0 / (1.0 + exp (sim.epsilon));
      /* ones/k ≥ t ⟺ ones ≥ ⌈kt⌉ (kt within rounding of a whole number counts as it) */
      {
        double x = (double) k * t;
        double rx = nearbyint (x);
        double c = fabs (x - rx) <= 1e-9 * fmax (1.0, fabs (x)) ? rx : ceil (x);
        r.rr_min = (long) fmin (fmax (c, -1.0), (double) k + 1.0);
      }
      break;
    }

  gsl_rng *rng = gsl_rng_alloc (gsl_rng_mt19937);
  if (rng == NULL)
    return DP_ERR_NOMEM;
  gsl_rng_set (rng, spec->seed);

  /* N runs on D, then N on D′, from one stream; Laplace at k > 1 draws up to k values per
   * run, so its chunks are shorter. */
  unsigned long chunk = AUDIT_CHUNK;
  if (sim.kind == DP_MECHANISM_LAPLACE && k > 1)
    chunk = AUDIT_CHUNK / k > 16 ? AUDIT_CHUNK / k : 16;
  unsigned long said_prime_on_d = 0, said_d_on_prime = 0;
  double total = 2.0 * (double) n;
  for (int side = 0; side < 2; side++)
    {
      DpNeighbour which = side == 0 ? DP_NEIGHBOUR_D : DP_NEIGHBOUR_D_PRIME;
      for (unsigned long done = 0; done < n;)
        {
          unsigned long end = done + chunk < n ? done + chunk : n;
          unsigned long count = 0;
          for (unsigned long i = done; i < end; i++)
            count += run_once (&r, which, rng);
          if (side == 0)
            said_prime_on_d += count;
          else
            said_d_on_prime += (end - done) - count;
          done = end;
          if (is_cancelled (cancel))
            {
              gsl_rng_free (rng);
              return DP_ERR_CANCELLED;
            }
          if (progress != NULL)
            progress (((double) side * (double) n + (double) done) / total, progress_data);
        }
    }
  gsl_rng_free (rng);

  DpAuditResult res = { 0 };
  res.threshold = t;
  res.false_positives = said_prime_on_d;
  res.false_negatives = said_d_on_prime;
  res.type1 = (double) said_prime_on_d / (double) n;
  res.type2 = (double) said_d_on_prime / (double) n;
  DpStatus st = dp_clopper_pearson (said_prime_on_d, n, spec->confidence, &res.type1_ci);
  if (st == DP_OK)
    st = dp_clopper_pearson (said_d_on_prime, n, spec->confidence, &res.type2_ci);
  if (st == DP_OK)
    st = dp_audit_bound (res.type1_ci.upper, res.type2_ci.upper, spec->delta, &res.bound);
  if (st != DP_OK)
    return st;
  DpTest test = { t, 1.0 };
  res.has_exact = dp_test_errors (&sim, k, &test, &res.type1_exact, &res.type2_exact) == DP_OK;
  if (!res.has_exact)
    res.type1_exact = res.type2_exact = 0.0;
  *out = res;
  return DP_OK;
}
