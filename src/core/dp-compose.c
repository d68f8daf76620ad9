/* dp-compose.c — composition of k mechanisms: basic, advanced, optimal (KOV), exact, zCDP, RDP
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <float.h>
#include <math.h>
#include <stdint.h>

#include <gsl/gsl_sf_gamma.h>

#include "dp-core.h"
#include "dp-pld.h"

/* Default relative accuracy of the exact composition (dp-compose.h). */
#define COMPOSE_DEFAULT_REL_TOL 1e-4

static bool
valid_eps0 (double eps0)
{
  return isfinite (eps0) && eps0 >= DP_EPSILON_MIN && eps0 <= DP_EPSILON_MAX;
}

static bool
valid_delta0 (double delta0)
{
  return delta0 >= 0.0 && delta0 < 1.0;
}

static bool
valid_delta (double delta)
{
  return delta > 0.0 && delta < 1.0;
}

static bool
valid_k (unsigned long k)
{
  return k >= 1 && k <= DP_K_MAX;
}

/* ---- basic and advanced composition -------------------------------------------------- */

/* Dwork & Roth Thm 3.16: k mechanisms that are (ε₀, δ₀)-DP compose to (kε₀, kδ₀)-DP.
 * The total δ is reported as min(1, kδ₀) since a probability never exceeds 1. */
DpStatus
dp_compose_basic (double eps0, double delta0, unsigned long k, double *eps_total,
                  double *delta_total)
{
  if (!valid_eps0 (eps0) || !valid_delta0 (delta0) || !valid_k (k) || eps_total == NULL
      || delta_total == NULL)
    return DP_ERR_DOMAIN;
  *eps_total = (double) k * eps0;
  *delta_total = fmin (1.0, (double) k * delta0);
  return DP_OK;
}

/* Dwork & Roth Thm 3.20 (Dwork, Rothblum & Vadhan 2010): for δ′ > 0 the k-fold adaptive
 * composition of (ε₀, δ₀)-DP mechanisms is (ε_k, kδ₀ + δ′)-DP with
 * ε_k = √(2k ln(1/δ′))·ε₀ + kε₀(e^{ε₀} − 1). The second term is the KL drift (Lemma 3.18 bounds
 * each step's expected loss by ε₀(e^{ε₀} − 1)); the first is the Azuma deviation. */
DpStatus
dp_compose_advanced (double eps0, double delta0, unsigned long k, double delta_prime,
                     DpAdvancedComposition *out)
{
  if (!valid_eps0 (eps0) || !valid_delta0 (delta0) || !valid_k (k) || !valid_delta (delta_prime)
      || out == NULL)
    return DP_ERR_DOMAIN;
  double kd = (double) k;
  double azuma = sqrt (2.0 * kd * -log (delta_prime)) * eps0;
  double drift = kd * eps0 * expm1 (eps0);
  double eps = azuma + drift;
  if (!isfinite (eps))
    return DP_ERR_NUMERIC; /* e^{ε₀}·k overflows only for ε₀ near 700 */
  out->epsilon = eps;
  out->azuma_term = azuma;
  out->drift_term = drift;
  out->delta = fmin (1.0, kd * delta0 + delta_prime);
  return DP_OK;
}

/* ε_k < kε₀ ⇔ √(2kL)ε₀ + kε₀(e^{ε₀} − 1) < kε₀ ⇔ √(2kL) < k(2 − e^{ε₀}), L = ln(1/δ′). */
static bool
advanced_beats_basic (double eps0, double log_inv_delta, unsigned long k)
{
  double kd = (double) k;
  return sqrt (2.0 * kd * log_inv_delta) * eps0 + kd * eps0 * expm1 (eps0) < kd * eps0;
}

DpStatus
dp_compose_advanced_crossover (double eps0, double delta_prime, unsigned long *k_cross)
{
  if (!valid_eps0 (eps0) || !valid_delta (delta_prime) || k_cross == NULL)
    return DP_ERR_DOMAIN;
  double gap = 1.0 - expm1 (eps0); /* 2 − e^{ε₀} */
  if (!(gap > 0.0))
    {
      *k_cross = 0; /* e^{ε₀} ≥ 2: the drift alone is ≥ kε₀ */
      return DP_OK;
    }
  double linv = -log (delta_prime);
  /* Closed form: k > 2 ln(1/δ′)/(2 − e^{ε₀})². */
  double x = 2.0 * linv / (gap * gap);
  if (!(x < 1e18))
    return DP_ERR_NUMERIC; /* e^{ε₀} is within ~1e-9 of 2: no representable crossover */
  unsigned long k = (unsigned long) floor (x) + 1UL;
  /* Settle the integer against the formula as evaluated in floating point. */
  while (k > 1 && advanced_beats_basic (eps0, linv, k - 1))
    k--;
  for (int i = 0; i < 64 && !advanced_beats_basic (eps0, linv, k); i++)
    k++;
  *k_cross = k;
  return DP_OK;
}

/* ---- optimal composition (Kairouz, Oh & Viswanath 2015, Thm 3.3) --------------------- */

static inline double
log_add (double a, double b)
{
  if (a < b)
    {
      double t = a;
      a = b;
      b = t;
    }
  if (b == -HUGE_VAL)
    return a;
  return a + log1p (exp (b - a));
}

/* ln C(k, l) by recurrence, resynchronised every 1024 steps (gsl_sf_lngamma: unlike lgamma it
 * writes no global signgam, so worker threads do not race). */
typedef struct {
  double kd;
  double lc;
  unsigned long l;
} LogBinom;

static void
log_binom_init (LogBinom *b, unsigned long k)
{
  b->kd = (double) k;
  b->lc = 0.0;
  b->l = 0;
}

static void
log_binom_next (LogBinom *b)
{
  double l = (double) b->l;
  b->l++;
  if ((b->l & 1023UL) == 0)
    b->lc = gsl_sf_lngamma (b->kd + 1.0) - gsl_sf_lngamma ((double) b->l + 1.0)
            - gsl_sf_lngamma (b->kd - (double) b->l + 1.0);
  else
    b->lc += log ((b->kd - l) / (l + 1.0));
}

/* With q = 1/(1 + e^{ε₀}) the KOV sum reads
 * H(ε) = Σ_{l : (k−2l)ε₀ > ε} C(k,l) [e^{(k−l)ε₀} − e^{ε+lε₀}]/(1+e^{ε₀})^k, and
 * e^{(k−l)ε₀}/(1+e^{ε₀})^k = e^{−lε₀}/(1+e^{−ε₀})^k, which never overflows. */
/* How often the long loops over l poll the cancel flag (a few milliseconds of work). */
#define KOV_CANCEL_STRIDE 65535UL

/* ln H(ε), or NAN when @cancel was raised during the sum. */
static double
kov_log_h (double eps0, unsigned long k, double eps, const DpCancel *cancel)
{
  double kd = (double) k;
  double l1 = log1p (exp (-eps0));
  double mode = kd / (1.0 + exp (eps0));
  double log_h = -HUGE_VAL;
  LogBinom b;
  log_binom_init (&b, k);
  for (unsigned long l = 0; l <= k; l++)
    {
      double gap = (kd - 2.0 * (double) l) * eps0 - eps; /* > 0 for the terms that count */
      if (!(gap > 0.0))
        break;
      if ((l & KOV_CANCEL_STRIDE) == KOV_CANCEL_STRIDE && dp_cancel_is_set (cancel))
        return NAN;
      double t = b.lc - (double) l * eps0 - kd * l1 + log (-expm1 (-gap));
      log_h = log_add (log_h, t);
      /* Past the mode the terms decrease; stop once they cannot matter any more. */
      if ((double) l > mode + 1.0 && t < log_h - 745.0)
        break;
      log_binom_next (&b);
    }
  return log_h;
}

static DpStatus
kov_delta (double eps0, double delta0, unsigned long k, double eps_total,
           const DpCancel *cancel, double *delta_total)
{
  if (!valid_eps0 (eps0) || !valid_delta0 (delta0) || !valid_k (k) || !isfinite (eps_total)
      || delta_total == NULL)
    return DP_ERR_DOMAIN;
  double log_h = kov_log_h (eps0, k, eps_total, cancel);
  if (isnan (log_h))
    return DP_ERR_CANCELLED;
  /* δ = 1 − (1−δ₀)^k (1 − H) = [1 − (1−δ₀)^k] + (1−δ₀)^k H. */
  double log_keep = (double) k * log1p (-delta0);
  double d = -expm1 (log_keep) + exp (log_keep + log_h);
  *delta_total = fmin (1.0, fmax (0.0, d));
  return DP_OK;
}

DpStatus
dp_compose_kov_delta (double eps0, double delta0, unsigned long k, double eps_total,
                      double *delta_total)
{
  return kov_delta (eps0, delta0, k, eps_total, NULL, delta_total);
}

/* Core of the inverse (NAN when @cancel was raised during the sum): H(ε) = max_j [A_j − e^{ε} B_j] with A_j = Σ_{l≤j} a_l, B_j = Σ_{l≤j} b_l,
 * a_l = C(k,l)e^{(k−l)ε₀}/(1+e^{ε₀})^k, b_l = C(k,l)e^{lε₀}/(1+e^{ε₀})^k (each term of H is
 * max(0, a_l − e^{ε}b_l) ≥ a_l − e^{ε}b_l, with equality for the terms that are positive).
 * Hence H(ε) ≤ H_t ⇔ ε ≥ ln((A_j − H_t)/B_j) for every j, and the smallest such ε is the
 * maximum over j: exact on each piece, no root finding. Only j < k/2 matters for ε ≥ 0. */
static double
kov_epsilon_from_h (double eps0, unsigned long k, double log_ht, const DpCancel *cancel)
{
  double kd = (double) k;
  double l1 = log1p (exp (-eps0));
  double mode = kd / (1.0 + exp (eps0));
  double log_a = -HUGE_VAL, log_b = -HUGE_VAL;
  double best = -HUGE_VAL;
  LogBinom b;
  log_binom_init (&b, k);
  for (unsigned long j = 0; 2 * j < k; j++)
    {
      if ((j & KOV_CANCEL_STRIDE) == KOV_CANCEL_STRIDE && dp_cancel_is_set (cancel))
        return NAN;
      double la = b.lc - (double) j * eps0 - kd * l1;
      double lb = b.lc + (double) j * eps0 - kd * eps0 - kd * l1;
      log_a = log_add (log_a, la);
      log_b = log_add (log_b, lb);
      if (log_a > log_ht)
        {
          double lamh = log_a + log1p (-exp (log_ht - log_a)); /* ln(A_j − H_t) */
          /* Nudged up by the rounding of the two logarithms, so the answer stays on the
           * safe side (δ(ε) ≤ target) to the last bit. */
          double e = lamh - log_b + 8.0 * DBL_EPSILON * (fabs (lamh) + fabs (log_b));
          if (e > best)
            best = e;
          /* Past the mode a_l falls geometrically (ratio < ½ here), so the remaining A-mass is
           * below 2a_j; once that is negligible against A_j − H_t, ε_j only decreases. */
          double ratio = (kd - (double) j) / ((double) j + 1.0) * exp (-eps0);
          if ((double) j > mode + 1.0 && ratio < 0.5 && la < lamh - 40.0)
            break;
        }
      log_binom_next (&b);
    }
  return best;
}

static DpStatus
kov_epsilon (double eps0, double delta0, unsigned long k, double delta_total,
             const DpCancel *cancel, double *eps_total)
{
  if (!valid_eps0 (eps0) || !valid_delta0 (delta0) || !valid_k (k) || !valid_delta (delta_total)
      || eps_total == NULL)
    return DP_ERR_DOMAIN;
  /* δ(ε) ≤ δ ⇔ H(ε) ≤ H_t = 1 − (1−δ)/(1−δ₀)^k. */
  double x = log1p (-delta_total) - (double) k * log1p (-delta0);
  if (!(x < 0.0))
    return DP_ERR_DOMAIN; /* δ ≤ 1 − (1−δ₀)^k: no ε reaches it */
  double ht = -expm1 (x);
  double e = kov_epsilon_from_h (eps0, k, log (ht), cancel);
  if (isnan (e))
    return DP_ERR_CANCELLED;
  *eps_total = e > 0.0 ? e : 0.0;
  return DP_OK;
}

DpStatus
dp_compose_kov_epsilon (double eps0, double delta0, unsigned long k, double delta_total,
                        double *eps_total)
{
  return kov_epsilon (eps0, delta0, k, delta_total, NULL, eps_total);
}

/* ---- exact composition of the mechanism itself ---------------------------------------- */

static DpStatus
check_mechanism (const DpMechanism *m)
{
  if (m == NULL || (unsigned) m->kind >= DP_N_MECHANISMS)
    return DP_ERR_DOMAIN;
  switch (m->kind)
    {
    case DP_MECHANISM_LAPLACE:
      if (!(m->scale > 0.0) || !(m->sensitivity > 0.0) || !isfinite (m->scale)
          || !isfinite (m->sensitivity))
        return DP_ERR_DOMAIN;
      break;
    case DP_MECHANISM_GAUSSIAN:
      if (!(m->scale > 0.0) || !(m->sensitivity > 0.0) || !isfinite (m->scale)
          || !isfinite (m->sensitivity))
        return DP_ERR_DOMAIN;
      break;
    case DP_MECHANISM_RR:
      if (!valid_eps0 (m->epsilon))
        return DP_ERR_DOMAIN;
      break;
    default:
      return DP_ERR_DOMAIN;
    }
  return DP_OK;
}

/* ε₀ = Δ/b of a Laplace mechanism. */
static double
laplace_eps0 (const DpMechanism *m)
{
  return m->sensitivity / m->scale;
}

static double
effective_rel_tol (double rel_tol)
{
  if (rel_tol == 0.0)
    return COMPOSE_DEFAULT_REL_TOL;
  return fmin (rel_tol, 0.1);
}

static bool
valid_rel_tol (double rel_tol)
{
  return isfinite (rel_tol) && rel_tol >= 0.0;
}

/* The exact k-fold composition, one direction at a time: ε from a total δ, or δ from a total ε.
 * The three accountants come in such pairs with the same arguments. */
typedef struct {
  /* KOV 2015 (Thm 3.3) for an (ε₀, δ₀)-DP mechanism */
  DpStatus (*kov) (double eps0, double delta0, unsigned long k, double given,
                   const DpCancel *cancel, double *out);
  /* the Laplace mechanism's privacy-loss distribution (dp-pld.c) */
  DpStatus (*pld_laplace) (double eps0, unsigned long k, double given, double rel_tol,
                           const DpCancel *cancel, double *out);
  /* Balle & Wang 2018 (Thm 8) for a Gaussian of privacy parameter μ */
  DpStatus (*gaussian) (double mu, double given, double *out);
} ExactDirection;

static const ExactDirection exact_epsilon = {
  kov_epsilon, dp_pld_laplace_epsilon, dp_gaussian_epsilon,
};
static const ExactDirection exact_delta = {
  kov_delta, dp_pld_laplace_delta, dp_gaussian_delta,
};

/* m checked, given and out validated by the caller. */
static DpStatus
compose_exact (const ExactDirection *dir, const DpMechanism *m, unsigned long k, double given,
               double rel_tol, const DpCancel *cancel, double *out)
{
  DpStatus st;

  if (dp_cancel_is_set (cancel))
    return DP_ERR_CANCELLED;
  switch (m->kind)
    {
    case DP_MECHANISM_LAPLACE:
      {
        double eps0 = laplace_eps0 (m);
        if (!valid_eps0 (eps0))
          return DP_ERR_DOMAIN;
        /* KOV is optimal over all ε₀-DP mechanisms, hence also an upper bound for Laplace;
         * the PLD bound is tighter except where its grid had to be coarsened. */
        double kov;
        st = dir->kov (eps0, 0.0, k, given, cancel, &kov);
        if (st != DP_OK)
          return st;
        double pld;
        st = dir->pld_laplace (eps0, k, given, effective_rel_tol (rel_tol), cancel, &pld);
        if (st == DP_ERR_CANCELLED)
          return st;
        *out = (st == DP_OK && pld < kov) ? pld : kov;
        return DP_OK;
      }
    case DP_MECHANISM_GAUSSIAN:
      {
        /* Balle & Wang 2018 (Thm 8) with k Gaussians composing to one with μ√k
         * (Dong, Roth & Su 2019, Cor. 3.3: GDP composes as μ√k). */
        double mu = dp_mechanism_gaussian_mu (m) * sqrt ((double) k);
        return dir->gaussian (mu, given, out);
      }
    case DP_MECHANISM_RR:
      /* Binary RR is the extremal ε₀-DP pair (KOV 2015), so its exact k-fold composition is
       * KOV with δ₀ = 0: a binomial sum. */
      return dir->kov (m->epsilon, 0.0, k, given, cancel, out);
    default:
      return DP_ERR_DOMAIN;
    }
}

DpStatus
dp_compose_exact_epsilon (const DpMechanism *m, unsigned long k, double delta_total,
                          double rel_tol, const DpCancel *cancel, double *eps_total)
{
  DpStatus st = check_mechanism (m);
  if (st != DP_OK)
    return st;
  if (!valid_k (k) || !valid_delta (delta_total) || !valid_rel_tol (rel_tol) || eps_total == NULL)
    return DP_ERR_DOMAIN;
  return compose_exact (&exact_epsilon, m, k, delta_total, rel_tol, cancel, eps_total);
}

DpStatus
dp_compose_exact_delta (const DpMechanism *m, unsigned long k, double eps_total,
                        double rel_tol, const DpCancel *cancel, double *delta_total)
{
  DpStatus st = check_mechanism (m);
  if (st != DP_OK)
    return st;
  if (!valid_k (k) || !isfinite (eps_total) || eps_total < 0.0 || !valid_rel_tol (rel_tol)
      || delta_total == NULL)
    return DP_ERR_DOMAIN;
  return compose_exact (&exact_delta, m, k, eps_total, rel_tol, cancel, delta_total);
}

DpStatus
dp_compose_exact_epsilon_curve (const DpMechanism *m, const unsigned long *k, size_t n,
                                double delta_total, double rel_tol, const DpCancel *cancel,
                                double *eps_total)
{
  DpStatus st = check_mechanism (m);
  if (st != DP_OK)
    return st;
  if ((n > 0 && (k == NULL || eps_total == NULL)) || !valid_delta (delta_total)
      || !valid_rel_tol (rel_tol))
    return DP_ERR_DOMAIN;
  for (size_t i = 0; i < n; i++)
    if (!valid_k (k[i]))
      return DP_ERR_DOMAIN;
  for (size_t i = 0; i < n; i++)
    {
      if (dp_cancel_is_set (cancel))
        return DP_ERR_CANCELLED;
      /* Repeated k (common when log-spaced values are rounded) are computed once. */
      if (i > 0 && k[i] == k[i - 1])
        {
          eps_total[i] = eps_total[i - 1];
          continue;
        }
      st = dp_compose_exact_epsilon (m, k[i], delta_total, rel_tol, cancel, &eps_total[i]);
      if (st != DP_OK)
        return st;
    }
  return DP_OK;
}

/* ---- zCDP and RDP ---------------------------------------------------------------------- */

DpStatus
dp_compose_gaussian_zcdp (const DpMechanism *m, unsigned long k, double delta_total,
                          double *eps_total)
{
  DpStatus st = check_mechanism (m);
  if (st != DP_OK)
    return st;
  if (m->kind != DP_MECHANISM_GAUSSIAN || !valid_k (k) || !valid_delta (delta_total)
      || eps_total == NULL)
    return DP_ERR_DOMAIN;
  /* Bun & Steinke 2016: the Gaussian mechanism is Δ²/(2σ²)-zCDP (Prop. 1.6), zCDP composes
   * additively (Lemma 2.3), and ρ-zCDP implies (ρ + 2√(ρ ln(1/δ)), δ)-DP (Prop. 1.3). */
  double mu = dp_mechanism_gaussian_mu (m);
  double rho = (double) k * mu * mu / 2.0;
  double eps = rho + 2.0 * sqrt (rho * -log (delta_total));
  if (!isfinite (eps))
    return DP_ERR_NUMERIC;
  *eps_total = eps;
  return DP_OK;
}

typedef struct {
  const DpMechanism *m;
  double kd;
  double log_delta;
  DpStatus status;
} RdpObjective;

/* f(u) with α = 1 + e^u: k·D_α + ln((α−1)/α) − (ln δ + ln α)/(α−1) (Canonne, Kamath & Steinke
 * 2020, Prop. 12; Balle et al. 2020, Thm 21), for which ln((α−1)/α) = u − ln(1 + e^u). */
static double
rdp_objective (RdpObjective *o, double u)
{
  double am1 = exp (u);
  double alpha = 1.0 + am1;
  double d;
  DpStatus st = dp_renyi (o->m, alpha, &d);
  if (st != DP_OK || !isfinite (d))
    {
      if (o->status == DP_OK && st != DP_OK)
        o->status = st;
      return HUGE_VAL;
    }
  double log_alpha = log1p (am1);
  double v = o->kd * d + (u - log_alpha) - (o->log_delta + log_alpha) / am1;
  return isfinite (v) ? v : HUGE_VAL;
}

DpStatus
dp_compose_rdp (const DpMechanism *m, unsigned long k, double delta_total, double *eps_total)
{
  DpStatus st = check_mechanism (m);
  if (st != DP_OK)
    return st;
  if (!valid_k (k) || !valid_delta (delta_total) || eps_total == NULL)
    return DP_ERR_DOMAIN;

  RdpObjective o = { m, (double) k, log (delta_total), DP_OK };
  /* Mironov 2017 Prop. 1: RDP of order α composes additively, so the k-fold composition has
   * D_α = k·D_α(one step). Scan α − 1 over [1e-8, 1e9] log-uniformly, then golden-section
   * search on ln(α − 1) around the best grid point (the objective is unimodal in practice;
   * the scan guards against a poor bracket). */
  const double u_lo = log (1e-8), u_hi = log (1e9);
  const int n_scan = 96;
  double best_u = u_lo, best_f = HUGE_VAL;
  double step = (u_hi - u_lo) / (n_scan - 1);
  for (int i = 0; i < n_scan; i++)
    {
      double u = u_lo + step * i;
      double f = rdp_objective (&o, u);
      if (f < best_f)
        {
          best_f = f;
          best_u = u;
        }
    }
  if (!isfinite (best_f))
    return o.status != DP_OK ? o.status : DP_ERR_NUMERIC;

  const double g = (sqrt (5.0) - 1.0) / 2.0;
  double a = best_u - step, b = best_u + step;
  double x1 = b - g * (b - a), x2 = a + g * (b - a);
  double f1 = rdp_objective (&o, x1), f2 = rdp_objective (&o, x2);
  for (int it = 0; it < 200 && b - a > 1e-12 * fmax (1.0, fabs (a)); it++)
    {
      if (f1 < f2)
        {
          b = x2;
          x2 = x1;
          f2 = f1;
          x1 = b - g * (b - a);
          f1 = rdp_objective (&o, x1);
        }
      else
        {
          a = x1;
          x1 = x2;
          f1 = f2;
          x2 = a + g * (b - a);
          f2 = rdp_objective (&o, x2);
        }
    }
  best_f = fmin (best_f, fmin (f1, f2));

  /* As α → ∞ the bound tends to k·D∞ (finite for Laplace and RR): include that limit. */
  if (m->kind != DP_MECHANISM_GAUSSIAN)
    {
      double dinf;
      if (dp_max_divergence (m, &dinf) == DP_OK && isfinite (dinf))
        best_f = fmin (best_f, o.kd * dinf);
    }
  if (!isfinite (best_f))
    return DP_ERR_NUMERIC;
  *eps_total = best_f > 0.0 ? best_f : 0.0;
  return DP_OK;
}
