/* dp-budget.c — sequential and parallel composition (see dp-budget.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Sources: the DP notes (../shared/seeds/001_…, 序列组合性 and 并行组合性); Dwork & Roth 2014,
 * Thm 3.16, Lemmas 3.18–3.19 and Thm 3.20; Kairouz, Oh & Viswanath 2015, Thm 3.3.
 */
#include <math.h>

#include "dp-budget.h"
#include "dp-core.h"
#include "dp-private.h"

DpStatus
dp_compose_sequential_parallel (const double *eps, size_t n, double delta_prime,
                                DpSequentialParallel *out)
{
  if (eps == NULL || n == 0 || out == NULL || !(delta_prime > 0.0 && delta_prime < 1.0))
    return DP_ERR_DOMAIN;
  double sum = 0.0, sum_sq = 0.0, drift = 0.0, mx = 0.0;
  for (size_t i = 0; i < n; i++)
    {
      double e = eps[i];
      if (!(e >= DP_EPSILON_MIN && e <= DP_EPSILON_MAX))
        return DP_ERR_DOMAIN;
      sum += e;
      sum_sq += e * e;
      drift += e * expm1 (e); /* Lemma 3.18 per query */
      mx = fmax (mx, e);
    }
  double adv = sqrt (2.0 * -log (delta_prime) * sum_sq) + drift;
  if (!isfinite (adv) || !isfinite (sum))
    return DP_ERR_NUMERIC;
  out->basic = sum;
  out->advanced = adv;
  out->advanced_min = fmin (sum, adv);
  out->parallel = mx;
  return DP_OK;
}

typedef enum {
  RULE_ADVANCED,
  RULE_OPTIMAL,
  RULE_EXACT,
} Rule;

/* Total ε of m queries at ε₀ each under a rule, at total δ. */
static DpStatus
rule_total (Rule rule, DpMechanismKind kind, double eps0, double delta, unsigned long m,
            const DpCancel *cancel, double *out)
{
  switch (rule)
    {
    case RULE_ADVANCED:
      {
        DpAdvancedComposition adv;
        DpStatus st = dp_compose_advanced (eps0, 0.0, m, delta, &adv);
        if (st != DP_OK)
          return st;
        *out = fmin ((double) m * eps0, adv.epsilon);
        return DP_OK;
      }
    case RULE_OPTIMAL:
      return dp_compose_kov_epsilon (eps0, 0.0, m, delta, out);
    case RULE_EXACT:
    default:
      {
        DpMechanism mech;
        DpStatus st = kind == DP_MECHANISM_LAPLACE ? dp_mechanism_laplace (eps0, 1.0, &mech)
                                                   : dp_mechanism_rr (eps0, &mech);
        if (st != DP_OK)
          return st;
        return dp_compose_exact_epsilon (&mech, m, delta, 0.0, cancel, out);
      }
    }
}

/* The largest ε₀ in [ε/m, ε] whose total is ≤ ε, by bisection in ln ε₀ (every total is
 * increasing in ε₀ and ≤ mε₀, so ε/m always qualifies). */
static DpStatus
rule_split (Rule rule, DpMechanismKind kind, double eps, double delta, unsigned long m,
            const DpCancel *cancel, double *out)
{
  double lo = eps / (double) m, hi = eps, total;
  DpStatus st = rule_total (rule, kind, hi, delta, m, cancel, &total);
  if (st != DP_OK)
    return st;
  if (total <= eps)
    {
      *out = hi;
      return DP_OK;
    }
  for (int it = 0; it < 200 && hi > lo * (1.0 + 1e-9); it++)
    {
      if (dp_cancel_is_set (cancel))
        return DP_ERR_CANCELLED;
      double mid = sqrt (lo * hi);
      st = rule_total (rule, kind, mid, delta, m, cancel, &total);
      if (st != DP_OK)
        return st;
      if (total <= eps)
        lo = mid;
      else
        hi = mid;
    }
  *out = lo;
  return DP_OK;
}

DpStatus
dp_budget_split (DpMechanismKind kind, double eps_total, double delta, unsigned long m,
                 const DpCancel *cancel, DpBudgetSplit *out)
{
  if (out == NULL || (kind != DP_MECHANISM_LAPLACE && kind != DP_MECHANISM_RR) || m < 1
      || m > 100000 || !(eps_total <= DP_EPSILON_MAX) || !(delta > 0.0 && delta < 1.0)
      || !(eps_total / (double) m >= DP_EPSILON_MIN))
    return DP_ERR_DOMAIN;
  DpBudgetSplit r;
  r.basic = eps_total / (double) m; /* Thm 3.16: the ε's add up */
  r.parallel = eps_total;           /* disjoint parts: the maximum */
  DpStatus st;
  if ((st = rule_split (RULE_ADVANCED, kind, eps_total, delta, m, cancel, &r.advanced)) != DP_OK
      || (st = rule_split (RULE_OPTIMAL, kind, eps_total, delta, m, cancel, &r.optimal)) != DP_OK)
    return st;
  if (kind == DP_MECHANISM_RR)
    r.exact = r.optimal; /* RR is the extremal ε₀-DP pair: its exact composition is KOV's */
  else if ((st = rule_split (RULE_EXACT, kind, eps_total, delta, m, cancel, &r.exact)) != DP_OK)
    return st;
  /* Each rule's answer is valid for the ones after it (KOV is optimal over all ε₀-DP
   * mechanisms, the exact accountants never undercut it), so the larger of two is kept where
   * rounding in the bisections would break the order. */
  r.advanced = fmax (r.advanced, r.basic);
  r.optimal = fmax (r.optimal, r.advanced);
  r.exact = fmax (r.exact, r.optimal);
  *out = r;
  return DP_OK;
}
