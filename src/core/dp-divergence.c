/* dp-divergence.c — divergences of the neighbouring pair (P, Q) and the KL bounds
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Sources: Dwork & Roth 2014, §3.5 (Def. 3.5 and 3.6, Lemmas 3.17–3.19; numbered as in the course text, seeds 000/002); Mironov 2017, "Rényi
 * differential privacy", Table II; Balle & Wang 2018, Thm 8; Kairouz, Oh & Viswanath 2015;
 * Bun & Steinke 2016; ../shared/design/VIEWS.md, Views 2 and 3.
 */
#include <math.h>

#include <gsl/gsl_math.h>
#include <gsl/gsl_sf_erf.h>

#include "dp-core.h"
#include "dp-private.h"

/* Beyond this v the Rényi forms below switch to the direct expression (no cancellation
 * left there, and u·E(v) could overflow). */
#define RENYI_DIRECT_V 1e6

/* log1p(z) − z for z > −1, without cancellation near 0 (series −z²/2 + z³/3 − …). */
static double
log1p_minus (double z)
{
  if (fabs (z) < 0.1)
    {
      double power = z * z;
      double sum = 0.0;
      for (int n = 2; n < 30; n++)
        {
          double term = power / n;
          sum += (n % 2 == 0) ? -term : term;
          if (fabs (term) <= 1e-18 * fabs (sum))
            break;
          power *= z;
        }
      return sum;
    }
  return log1p (z) - z;
}

/* F(u, v) = u·E(v) + (log1p(z) − z) with E(v) = e^{−v} − 1 + v and z = u·expm1(−v), which
 * equals u·v + log1p(u·expm1(−v)) for 0 < u ≤ ½, v ≥ 0. The two parts have opposite signs but
 * |log1p(z) − z| ≤ u·(u·v²/2)(1 + o(1)) ≤ ½·u·E(v) for small v, so at most one bit is lost. */
static double
renyi_core (double u, double v)
{
  double z = u * expm1 (-v);
  return u * dp_expm1_neg_plus (v) + log1p_minus (z);
}

DpStatus
dp_kl (const DpMechanism *m, double *out)
{
  if (out == NULL || !dp_mechanism_is_valid (m))
    return DP_ERR_DOMAIN;
  switch (m->kind)
    {
    case DP_MECHANISM_LAPLACE:
      /* D_KL(Lap(0,b) ‖ Lap(Δ,b)) = ε + e^{−ε} − 1 (VIEWS.md, View 3). */
      *out = dp_expm1_neg_plus (m->epsilon);
      return DP_OK;
    case DP_MECHANISM_GAUSSIAN:
      {
        /* D_KL(N(0,σ²) ‖ N(Δ,σ²)) = Δ²/(2σ²) = μ²/2. */
        double mu = dp_mechanism_gaussian_mu (m);
        *out = 0.5 * mu * mu;
        return DP_OK;
      }
    case DP_MECHANISM_RR:
      /* p ln(p/q) + q ln(q/p) = (p − q)ε = ε·tanh(ε/2) (Kairouz, Oh & Viswanath 2015). */
      *out = m->epsilon * tanh (0.5 * m->epsilon);
      return DP_OK;
    case DP_N_MECHANISMS:
    default:
      return DP_ERR_DOMAIN;
    }
}

DpStatus
dp_max_divergence (const DpMechanism *m, double *out)
{
  if (out == NULL || !dp_mechanism_is_valid (m))
    return DP_ERR_DOMAIN;
  /* Dwork & Roth Def. 3.6; Laplace and RR are ε-DP with equality (Thm 3.6), the Gaussian
   * likelihood ratio is unbounded. */
  *out = m->kind == DP_MECHANISM_GAUSSIAN ? HUGE_VAL : m->epsilon;
  return DP_OK;
}

DpStatus
dp_total_variation (const DpMechanism *m, double *out)
{
  if (out == NULL || !dp_mechanism_is_valid (m))
    return DP_ERR_DOMAIN;
  switch (m->kind)
    {
    case DP_MECHANISM_LAPLACE:
      /* δ(0) = 1 − e^{−ε/2} (VIEWS.md, View 2). */
      *out = -expm1 (-0.5 * m->epsilon);
      return DP_OK;
    case DP_MECHANISM_GAUSSIAN:
      {
        /* 2Φ(μ/2) − 1 = erf(μ/(2√2)), with no cancellation for small μ. */
        double mu = dp_mechanism_gaussian_mu (m);
        *out = gsl_sf_erf (0.5 * mu * M_SQRT1_2);
        return DP_OK;
      }
    case DP_MECHANISM_RR:
      *out = tanh (0.5 * m->epsilon);
      return DP_OK;
    case DP_N_MECHANISMS:
    default:
      return DP_ERR_DOMAIN;
    }
}

DpStatus
dp_renyi (const DpMechanism *m, double alpha, double *out)
{
  if (out == NULL || !dp_mechanism_is_valid (m) || !(alpha > 1.0))
    return DP_ERR_DOMAIN;
  if (alpha == HUGE_VAL)
    return dp_max_divergence (m, out);

  double a = alpha - 1.0;
  double eps = m->epsilon;
  switch (m->kind)
    {
    case DP_MECHANISM_LAPLACE:
      {
        /* Mironov 2017, Table II:
         *   D_α = ln[α/(2α−1)·e^{(α−1)ε} + (α−1)/(2α−1)·e^{−αε}]/(α−1)
         *       = ε + log1p(u·expm1(−v))/(α−1),   u = (α−1)/(2α−1), v = (2α−1)ε
         *       = F(u, v)/(α−1)                    (F above: no cancellation as ε → 0, α → 1). */
        double u = 1.0 / (2.0 + 1.0 / a);
        double v = eps * (2.0 * a + 1.0);
        if (v <= RENYI_DIRECT_V)
          *out = renyi_core (u, v) / a;
        else
          *out = eps + log1p (u * expm1 (-v)) / a;
        return DP_OK;
      }
    case DP_MECHANISM_GAUSSIAN:
      {
        /* Mironov 2017, Table II: αΔ²/(2σ²); saturates at +HUGE_VAL (= D∞) on overflow. */
        double mu = dp_mechanism_gaussian_mu (m);
        double value = alpha * (0.5 * mu * mu);
        *out = isfinite (value) ? value : HUGE_VAL;
        return DP_OK;
      }
    case DP_MECHANISM_RR:
      {
        /* Mironov 2017, Table II: ln(p^α q^{1−α} + q^α p^{1−α})/(α−1)
         *   = ε + log1p(q·expm1(−2(α−1)ε))/(α−1),  q = 1/(1+e^ε)
         *   = [v·tanh(ε/2)/2 + F(q, v)]/(α−1),      v = 2(α−1)ε. */
        double q = exp (-eps - log1p (exp (-eps)));
        double v = 2.0 * a * eps;
        if (v <= RENYI_DIRECT_V)
          *out = (0.5 * v * tanh (0.5 * eps) + renyi_core (q, v)) / a;
        else
          *out = eps + log1p (q * expm1 (-v)) / a;
        return DP_OK;
      }
    case DP_N_MECHANISMS:
    default:
      return DP_ERR_DOMAIN;
    }
}

DpStatus
dp_hockey_stick (const DpMechanism *m, double eps_prime, double *out)
{
  if (out == NULL || !dp_mechanism_is_valid (m) || isnan (eps_prime))
    return DP_ERR_DOMAIN;
  double eps = m->epsilon;
  switch (m->kind)
    {
    case DP_MECHANISM_LAPLACE:
      /* VIEWS.md, View 2: δ(ε′) = 1 − e^{(ε′−ε)/2} on [−ε, ε] (P(S) − e^{ε′}Q(S) with the
       * masses of dp_mechanism_region), 0 above ε; below −ε, S = ℝ and δ = 1 − e^{ε′}. */
      if (eps_prime >= eps)
        *out = 0.0;
      else if (eps_prime >= -eps)
        *out = -expm1 (0.5 * (eps_prime - eps));
      else
        *out = -expm1 (eps_prime);
      return DP_OK;
    case DP_MECHANISM_GAUSSIAN:
      /* Balle & Wang 2018, Thm 8 (see dp-gaussian.c for the evaluation). */
      return dp_gaussian_delta_unchecked (dp_mechanism_gaussian_mu (m), eps_prime, out);
    case DP_MECHANISM_RR:
      /* VIEWS.md, View 2: (e^ε − e^{ε′})/(1 + e^ε) = p·(1 − e^{ε′−ε}) for −ε ≤ ε′ ≤ ε. */
      if (eps_prime >= eps)
        *out = 0.0;
      else if (eps_prime >= -eps)
        *out = -expm1 (eps_prime - eps) / (1.0 + exp (-eps));
      else
        *out = -expm1 (eps_prime);
      return DP_OK;
    case DP_N_MECHANISMS:
    default:
      return DP_ERR_DOMAIN;
    }
}

static DpStatus
hockey_stick_inverse_raw (const DpMechanism *m, double delta, double *out)
{
  double eps = m->epsilon;
  switch (m->kind)
    {
    case DP_MECHANISM_LAPLACE:
      /* Solve 1 − e^{(ε′−ε)/2} = δ: ε′ = ε + 2 ln(1 − δ); 0 when δ ≥ TV = 1 − e^{−ε/2}. */
      *out = fmax (eps + 2.0 * log1p (-delta), 0.0);
      return DP_OK;
    case DP_MECHANISM_GAUSSIAN:
      return dp_gaussian_epsilon_unchecked (dp_mechanism_gaussian_mu (m), delta, out);
    case DP_MECHANISM_RR:
      {
        /* Solve p(1 − e^{ε′−ε}) = δ: ε′ = ε + ln(1 − δ/p), 1/p = 1 + e^{−ε}. */
        double ratio = delta * (1.0 + exp (-eps));
        *out = ratio >= 1.0 ? 0.0 : fmax (eps + log1p (-ratio), 0.0);
        return DP_OK;
      }
    case DP_N_MECHANISMS:
    default:
      return DP_ERR_DOMAIN;
    }
}

/* Dwork & Roth Def. 3.6 (second part): D∞^δ(P‖Q) = max over S with P(S) ≥ δ of
 * ln((P(S) − δ)/Q(S)), which for δ < TV is the smallest ε′ ≥ 0 with δ(ε′) ≤ δ. The closed forms
 * above are exact up to the rounding of ε′ itself; a final step of a few ulps upwards makes
 * the returned ε′ satisfy δ(ε′) ≤ δ as evaluated here, so it is never optimistic. */
DpStatus
dp_hockey_stick_inverse (const DpMechanism *m, double delta, double *out)
{
  if (out == NULL || !dp_mechanism_is_valid (m) || !dp_is_valid_delta (delta))
    return DP_ERR_DOMAIN;
  double eps_prime, at;
  DpStatus status = hockey_stick_inverse_raw (m, delta, &eps_prime);
  if (status != DP_OK)
    return status;
  for (int i = 0;; i++)
    {
      status = dp_hockey_stick (m, eps_prime, &at);
      if (status != DP_OK)
        return status;
      if (at <= delta)
        break;
      if (i == 64)
        return DP_ERR_NUMERIC; /* never an ε′ that fails its δ */
      eps_prime = nextafter (eps_prime, HUGE_VAL);
    }
  *out = eps_prime;
  return DP_OK;
}

static bool
is_valid_bound_epsilon (double epsilon)
{
  /* Any finite ε ≥ 0: the bounds are also asked for at the ε₀ a Gaussian mechanism reaches at
   * a given δ₀, which can far exceed DP_EPSILON_MAX (σ = 1e-3, δ₀ = 1e-6: ε₀ ≈ 5·10⁵). */
  return epsilon >= 0.0 && epsilon < HUGE_VAL;
}

/* Dwork & Roth Lemma 3.18: D_KL ≤ ε(e^ε − 1). Above ε ≈ 703.2 (ε + ln ε > ln DBL_MAX)
 * the bound exceeds the double range and is +∞ (HUGE_VAL). */
DpStatus
dp_kl_bound_lemma_3_18 (double epsilon, double *out)
{
  if (out == NULL || !is_valid_bound_epsilon (epsilon))
    return DP_ERR_DOMAIN;
  *out = epsilon * expm1 (epsilon);
  return DP_OK;
}

/* Kairouz, Oh & Viswanath 2015: the KL of binary RR, ε·tanh(ε/2), dominates every ε-DP pair. */
DpStatus
dp_kl_bound_tight (double epsilon, double *out)
{
  if (out == NULL || !is_valid_bound_epsilon (epsilon))
    return DP_ERR_DOMAIN;
  *out = epsilon * tanh (0.5 * epsilon);
  return DP_OK;
}

/* Bun & Steinke 2016, Prop. 3.3: ε-DP implies (ε²/2)-zCDP, hence D_KL ≤ ε²/2. */
DpStatus
dp_kl_bound_zcdp (double epsilon, double *out)
{
  if (out == NULL || !is_valid_bound_epsilon (epsilon))
    return DP_ERR_DOMAIN;
  *out = 0.5 * epsilon * epsilon;
  return DP_OK;
}
