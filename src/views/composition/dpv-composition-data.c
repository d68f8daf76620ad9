/* dpv-composition-data.c — the curves of the composition view, computed once per
 * (mechanism, ε, δ) and cached by the frame cache (the view's expensive stage)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Per-mechanism budgets of the generic routes (basic, advanced, optimal):
 * - Laplace and randomized response are pure ε-DP: (ε₀, δ₀) = (ε, 0), and the whole target δ
 *   goes to advanced composition's δ′ and to the KOV accountant.
 * - The Gaussian mechanism is (ε₀(δ₀), δ₀)-DP for every δ₀ along its privacy profile
 *   (Balle & Wang 2018, Thm 8). Basic composition (Dwork & Roth Thm 3.16) uses δ₀ = δ/k so
 *   the k-fold total is δ; advanced composition (Thm 3.20) and KOV split δ = kδ₀ + δ′ with
 *   δ₀ = δ/(2k), δ′ = δ/2. The KOV value is never above basic: basic is itself a valid
 *   (kε₀, kδ₀) guarantee and KOV is optimal for it (Kairouz, Oh & Viswanath 2015, Thm 3.3).
 * The exact curve is dp_compose_exact_epsilon_curve (PLD for Laplace, μ√k for Gaussian,
 * binomial for randomized response).
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dpv-composition.h"

#define GRID_POINTS 121        /* log-spaced k from 1 to 10⁴ (~30 per decade) */
#define GRID_POINTS_CHEAP 41
#define CURVE_REL_TOL 1e-3
#define POINT_REL_TOL 1e-4

/* ε₀ of one Gaussian mechanism at per-mechanism failure probability δ₀. With @hint (may be
 * NULL), Newton's method starts from *hint when it is private enough for δ₀
 * (dp_gaussian_epsilon_hint), and *hint becomes the answer: a curve computed from the largest
 * k down passes each ε₀ on to the next, larger δ₀. */
static double
gaussian_eps0 (const DpMechanism *m, double delta0, double *hint)
{
  double e = NAN;

  if (dp_gaussian_epsilon_hint (dp_mechanism_gaussian_mu (m), delta0, hint ? *hint : NAN, &e)
      != DP_OK)
    return NAN;
  if (hint != NULL)
    *hint = e;
  return e;
}

/* Basic composition (Dwork & Roth Thm 3.16) of k mechanisms; for the Gaussian each is
 * ε₀-DP at δ₀ = δ/k. @hint as for gaussian_eps0 (). */
static double
basic_at (const DpMechanism *m, double delta, unsigned long k, double *hint)
{
  double eps0 = m->kind == DP_MECHANISM_GAUSSIAN ? gaussian_eps0 (m, delta / k, hint)
                                                 : m->epsilon;
  double e = NAN, d = NAN;

  if (!isfinite (eps0) || dp_compose_basic (eps0, 0.0, k, &e, &d) != DP_OK)
    return NAN;
  return e;
}

/* Advanced composition (Dwork & Roth Thm 3.20) of k mechanisms. For the Gaussian the total δ
 * is split evenly: δ/2 to the k mechanisms (δ₀ = δ/(2k)) and δ′ = δ/2 to the theorem. @hint
 * as for gaussian_eps0 (). */
static void
advanced_at (const DpMechanism *m, double delta, unsigned long k, double *hint,
             DpvCompositionPoint *pt)
{
  DpAdvancedComposition adv;
  double eps0 = m->epsilon, delta0 = 0.0, delta_prime = delta;

  pt->advanced = pt->azuma = pt->drift = NAN;
  if (m->kind == DP_MECHANISM_GAUSSIAN)
    {
      delta0 = delta / (2.0 * k);
      delta_prime = delta / 2.0;
      eps0 = gaussian_eps0 (m, delta0, hint);
    }
  if (!isfinite (eps0) || dp_compose_advanced (eps0, delta0, k, delta_prime, &adv) != DP_OK)
    return;
  pt->advanced = adv.epsilon;
  pt->azuma = adv.azuma_term;
  pt->drift = adv.drift_term;
}

static double
optimal_at (const DpMechanism *m, double delta, unsigned long k, double basic)
{
  double e = NAN;

  if (m->kind == DP_MECHANISM_GAUSSIAN)
    {
      double delta0 = delta / (2.0 * k), eps0 = gaussian_eps0 (m, delta0, NULL);

      if (!isfinite (eps0) || dp_compose_kov_epsilon (eps0, delta0, k, delta, &e) != DP_OK)
        e = NAN;
      if (isfinite (basic) && (!isfinite (e) || basic < e))
        e = basic;
      return e;
    }
  if (dp_compose_kov_epsilon (m->epsilon, 0.0, k, delta, &e) != DP_OK)
    return NAN;
  return e;
}

static double
zcdp_at (const DpMechanism *m, double delta, unsigned long k)
{
  double e = NAN;

  if (m->kind != DP_MECHANISM_GAUSSIAN || dp_compose_gaussian_zcdp (m, k, delta, &e) != DP_OK)
    return NAN;
  return e;
}

static double
rdp_at (const DpMechanism *m, double delta, unsigned long k)
{
  double e = NAN;

  if (m->kind != DP_MECHANISM_GAUSSIAN || dp_compose_rdp (m, k, delta, &e) != DP_OK)
    return NAN;
  return e;
}

static void point_cheap (const DpMechanism *m, const DpvParams *params,
                         DpvCompositionPoint *pt);

static DpvCompositionData *
data_new (const DpvParams *params, gsize max_points)
{
  DpvCompositionData *data = g_new0 (DpvCompositionData, 1);
  unsigned long k_max = MAX (params->k, (unsigned long) dpv_param_spec (DPV_PARAM_K)->max);
  double log_max = log ((double) k_max);
  gsize n = 0;

  data->mechanism = params->mechanism;
  data->epsilon = params->epsilon;
  data->delta = params->delta;
  data->sensitivity = params->sensitivity;
  data->k = g_new0 (unsigned long, max_points);
  for (gsize i = 0; i < max_points; i++)
    {
      unsigned long k = (unsigned long) llround (exp (log_max * i / (max_points - 1)));

      k = CLAMP (k, 1UL, k_max);
      if (n == 0 || k > data->k[n - 1])
        data->k[n++] = k;
    }
  data->n = n;
  data->basic = g_new (double, n);
  data->advanced = g_new (double, n);
  data->optimal = g_new (double, n);
  data->exact = g_new (double, n);
  data->zcdp = g_new (double, n);
  data->rdp = g_new (double, n);
  for (gsize i = 0; i < n; i++)
    data->optimal[i] = data->exact[i] = data->zcdp[i] = data->rdp[i] = NAN;
  return data;
}

/* The first k at which advanced composition beats basic composition (0: none up to the
 * grid's end). Pure ε-DP: the closed form of dp_compose_advanced_crossover. Gaussian (both
 * sides move with k): the first grid point where advanced beats basic brackets it, and
 * bisection on k finishes between that point and the one before; the ε₀ at the upper end are
 * private enough for every smaller k (δ/k grows), so they start Newton's method. */
static unsigned long
crossover (const DpMechanism *m, double delta, const DpvCompositionData *data)
{
  gsize j = 0;
  unsigned long lo, hi;
  double hint_b = NAN, hint_a = NAN;
  DpvCompositionPoint pt;

  if (m->kind != DP_MECHANISM_GAUSSIAN)
    {
      unsigned long kc = 0;

      if (dp_compose_advanced_crossover (m->epsilon, delta, &kc) != DP_OK)
        return 0;
      return kc;
    }
  while (j < data->n && !(data->advanced[j] < data->basic[j]))
    j++;
  if (j == data->n)
    return 0;
  if (j == 0)
    return data->k[0];   /* the grid starts at k = 1 (data_new) */
  lo = data->k[j - 1];   /* advanced ≥ basic */
  hi = data->k[j];       /* advanced < basic */
  basic_at (m, delta, hi, &hint_b);
  advanced_at (m, delta, hi, &hint_a, &pt);
  while (hi - lo > 1)
    {
      unsigned long mid = lo + (hi - lo) / 2;
      double hb = hint_b, ha = hint_a;

      advanced_at (m, delta, mid, &ha, &pt);
      if (pt.advanced < basic_at (m, delta, mid, &hb))
        {
          hi = mid;
          hint_b = hb;
          hint_a = ha;
        }
      else
        lo = mid;
    }
  return hi;
}

static void
fill_cheap (DpvCompositionData *data, const DpMechanism *m, const DpvParams *params)
{
  /* From the largest k down: for the Gaussian each ε₀ is then private enough for the next,
   * larger δ₀ and starts its Newton iteration (the curves are ~100 inversions of δ(ε)). */
  double hint_b = NAN, hint_a = NAN;

  for (gsize i = data->n; i-- > 0;)
    {
      DpvCompositionPoint pt;

      data->basic[i] = basic_at (m, params->delta, data->k[i], &hint_b);
      advanced_at (m, params->delta, data->k[i], &hint_a, &pt);
      data->advanced[i] = pt.advanced;
      data->zcdp[i] = zcdp_at (m, params->delta, data->k[i]);
    }
  data->k_cross = crossover (m, params->delta, data);

  point_cheap (m, params, &data->at);
}

/* The expensive values at params->k (optimal, exact, RDP); FALSE when cancelled. */
static gboolean
point_expensive (const DpMechanism *m, const DpvParams *params, const DpCancel *cancel,
                 DpvCompositionPoint *pt)
{
  DpStatus status;
  double e = NAN;

  pt->optimal = optimal_at (m, params->delta, params->k, pt->basic);
  pt->rdp = rdp_at (m, params->delta, params->k);
  if (dp_cancel_is_set (cancel))
    return FALSE;
  status = dp_compose_exact_epsilon (m, params->k, params->delta, POINT_REL_TOL, cancel, &e);
  if (status == DP_ERR_CANCELLED || dp_cancel_is_set (cancel))
    return FALSE;
  pt->exact = (status == DP_OK && isfinite (e)) ? e : NAN;
  pt->approximate = FALSE;
  return TRUE;
}

static void
point_cheap (const DpMechanism *m, const DpvParams *params, DpvCompositionPoint *pt)
{
  memset (pt, 0, sizeof *pt);
  pt->k = params->k;
  pt->basic = basic_at (m, params->delta, params->k, NULL);
  advanced_at (m, params->delta, params->k, NULL, pt);
  pt->zcdp = zcdp_at (m, params->delta, params->k);
  pt->optimal = pt->exact = pt->rdp = NAN;
}

gboolean
dpv_composition_point_compute (const DpvParams *params, DpvCompositionPoint *out)
{
  DpMechanism m;

  g_return_val_if_fail (params != NULL && out != NULL, FALSE);
  if (!dpv_params_validate (params, NULL) || dpv_params_mechanism (params, &m) != DP_OK)
    return FALSE;
  point_cheap (&m, params, out);
  return point_expensive (&m, params, NULL, out);
}

/* The cheap curves: what the view draws while the others are computed (its preview). */
DpvCompositionData *
dpv_composition_data_compute_cheap (const DpvParams *params)
{
  DpvCompositionData *data = NULL;
  DpMechanism m;

  g_return_val_if_fail (params != NULL, NULL);
  if (!dpv_params_validate (params, NULL) || dpv_params_mechanism (params, &m) != DP_OK)
    return NULL;

  data = data_new (params, m.kind == DP_MECHANISM_GAUSSIAN ? GRID_POINTS_CHEAP : GRID_POINTS);
  fill_cheap (data, &m, params);
  data->complete = FALSE;
  return data;
}

DpvCompositionData *
dpv_composition_data_compute (const DpvParams *params, const DpCancel *cancel)
{
  g_autoptr(DpvCompositionData) data = NULL;
  DpMechanism m;
  DpStatus status;
  double e = NAN;

  g_return_val_if_fail (params != NULL, NULL);
  if (!dpv_params_validate (params, NULL) || dpv_params_mechanism (params, &m) != DP_OK)
    return NULL;
  if (dp_cancel_is_set (cancel))
    return NULL;

  data = data_new (params, GRID_POINTS);
  fill_cheap (data, &m, params);

  for (gsize i = 0; i < data->n; i++)
    {
      if (dp_cancel_is_set (cancel))
        return NULL;
      data->optimal[i] = optimal_at (&m, params->delta, data->k[i], data->basic[i]);
      data->rdp[i] = rdp_at (&m, params->delta, data->k[i]);
    }
  if (dp_cancel_is_set (cancel))
    return NULL;

  status = dp_compose_exact_epsilon_curve (&m, data->k, data->n, params->delta, CURVE_REL_TOL,
                                           cancel, data->exact);
  if (status == DP_ERR_CANCELLED || dp_cancel_is_set (cancel))
    return NULL;
  if (status != DP_OK)
    {
      /* The curve failed as a whole (e.g. out of the accountant's range): fall back to one
       * value at a time so that the valid part still shows. */
      for (gsize i = 0; i < data->n; i++)
        {
          if (dp_cancel_is_set (cancel))
            return NULL;
          if (dp_compose_exact_epsilon (&m, data->k[i], params->delta, CURVE_REL_TOL, cancel,
                                        &e) != DP_OK)
            e = NAN;
          data->exact[i] = e;
        }
    }
  for (gsize i = 0; i < data->n; i++)
    if (!isfinite (data->exact[i]))
      data->exact[i] = NAN;

  if (!point_expensive (&m, params, cancel, &data->at))
    return NULL;
  data->complete = TRUE;

  return g_steal_pointer (&data);
}

void
dpv_composition_data_free (DpvCompositionData *data)
{
  if (data == NULL)
    return;
  g_free (data->k);
  g_free (data->basic);
  g_free (data->advanced);
  g_free (data->optimal);
  g_free (data->exact);
  g_free (data->zcdp);
  g_free (data->rdp);
  g_free (data);
}

/* Δ is not compared: the curves do not depend on it. Laplace at scale Δ/ε is ε-DP whatever Δ
 * (Dwork & Roth 2014, Thm 3.6), so every composition of it is a function of ε, δ and k; the
 * Gaussian mechanism is calibrated to σ proportional to Δ, so μ = Δ/σ (Dong, Roth & Su 2022,
 * Thm 2.7: GDP of the Gaussian mechanism) and with it every curve is independent of Δ;
 * randomized response has no Δ. Dragging Δ therefore keeps the cached curves. */
gboolean
dpv_composition_data_matches (const DpvCompositionData *data, const DpvParams *params)
{
  g_return_val_if_fail (params != NULL, FALSE);

  if (data == NULL)
    return FALSE;
  return data->mechanism == params->mechanism
         && data->epsilon == params->epsilon
         && data->delta == params->delta
         && params->k <= data->k[data->n - 1];
}

/* Log-log interpolation of a curve on the grid at k (NaN when a neighbour is missing). */
static double
interpolate (const DpvCompositionData *data, const double *curve, unsigned long k)
{
  gsize i = 0;
  double t;

  if (k <= data->k[0])
    return curve[0];
  if (k >= data->k[data->n - 1])
    return curve[data->n - 1];
  while (i + 1 < data->n && data->k[i + 1] < k)
    i++;
  if (data->k[i + 1] == k)
    return curve[i + 1];
  if (!(curve[i] > 0) || !(curve[i + 1] > 0))
    return NAN;
  t = (log ((double) k) - log ((double) data->k[i]))
      / (log ((double) data->k[i + 1]) - log ((double) data->k[i]));
  return exp ((1 - t) * log (curve[i]) + t * log (curve[i + 1]));
}

void
dpv_composition_data_point (const DpvCompositionData *data, const DpvParams *params,
                            DpvCompositionPoint *out)
{
  DpMechanism m;

  g_return_if_fail (data != NULL && params != NULL && out != NULL);

  if (data->at.k == params->k)
    {
      *out = data->at;
      return;
    }
  out->basic = out->advanced = out->azuma = out->drift = out->optimal = out->exact = NAN;
  out->zcdp = out->rdp = NAN;
  out->k = params->k;
  out->approximate = FALSE;
  if (dpv_params_mechanism (params, &m) != DP_OK)
    return;
  /* The closed forms are cheap at any k; the rest is read off the curves, except the
   * Gaussian's exact value (closed form μ√k, Balle & Wang 2018). */
  point_cheap (&m, params, out);
  if (data->complete)
    {
      out->optimal = interpolate (data, data->optimal, params->k);
      out->exact = interpolate (data, data->exact, params->k);
      out->rdp = interpolate (data, data->rdp, params->k);
      out->approximate = TRUE;
      if (m.kind == DP_MECHANISM_GAUSSIAN)
        {
          double e = NAN;

          if (dp_compose_exact_epsilon (&m, params->k, params->delta, POINT_REL_TOL, NULL, &e)
              == DP_OK && isfinite (e))
            out->exact = e;
        }
    }
}
