/* dpv-composition-data.c — the curves of the composition view, computed once per
 * (mechanism, ε, δ) and cached by the frame cache (the view's expensive stage)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every number is libdpcore's answer to "total ε of k mechanisms at a total failure
 * probability δ" (dp-compose.h, "one composition question, one answer"), so the view, its
 * caption and dpviz-cli compose print the same number for the same question:
 * - Laplace and randomized response are pure ε-DP: each step is (ε, 0), and the whole δ goes
 *   to advanced composition's δ′ and to the KOV accountant.
 * - The Gaussian mechanism is (ε₀(δ₀), δ₀)-DP for every δ₀ along its privacy profile
 *   (Balle & Wang 2018, Thm 8). Basic composition (Dwork & Roth Thm 3.16) takes δ₀ = δ/k;
 *   advanced composition (Thm 3.20) and KOV (Kairouz, Oh & Viswanath 2015, Thm 3.3) take
 *   δ₀ = δ/(2k), advanced with δ′ = δ/2 (dp_compose_split ()). The per-step pairs are kept
 *   with the values at k, for the read-outs and the caption. KOV of (ε₀, δ/(2k)) pairs can be
 *   above basic of (ε₀, δ/k) pairs (k = 1 … 16 at ε = 1, δ = 1e-5): it is drawn as it is.
 * - The crossover is dp_compose_crossover_at_delta () up to DP_K_MAX, as dpviz-cli reports it.
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

/* Basic composition (Dwork & Roth Thm 3.16) of k mechanisms at total δ: k·ε₀ with the
 * per-step (ε₀, δ₀) of dp_compose_split (), written to @pt (may be NULL). With @hint (may be
 * NULL) the Gaussian's ε₀ starts from *hint (dp_gaussian_epsilon_hint), and *hint becomes the
 * answer: a curve computed from the largest k down passes each ε₀ on to the next, larger δ₀. */
static double
basic_at (const DpMechanism *m, double delta, unsigned long k, double *hint,
          DpvCompositionPoint *pt)
{
  DpComposition c;

  if (pt != NULL)
    pt->basic_eps0 = pt->basic_delta0 = NAN;
  if (dp_compose_split (m, DP_COMPOSE_BASIC, k, delta, hint ? *hint : NAN, &c) != DP_OK
      || !isfinite (c.eps0))
    return NAN;
  if (hint != NULL)
    *hint = c.eps0;
  if (pt != NULL)
    {
      pt->basic_eps0 = c.eps0;
      pt->basic_delta0 = c.delta0;
    }
  return (double) k * c.eps0;
}

/* Advanced composition (Dwork & Roth Thm 3.20) of k mechanisms at total δ = kδ₀ + δ′, with
 * the split of dp_compose_split (). @hint as for basic_at (). */
static void
advanced_at (const DpMechanism *m, double delta, unsigned long k, double *hint,
             DpvCompositionPoint *pt)
{
  DpAdvancedComposition adv;
  DpComposition c;

  pt->advanced = pt->azuma = pt->drift = NAN;
  pt->adv_eps0 = pt->adv_delta0 = pt->delta_prime = NAN;
  if (dp_compose_split (m, DP_COMPOSE_ADVANCED, k, delta, hint ? *hint : NAN, &c) != DP_OK
      || !isfinite (c.eps0))
    return;
  if (hint != NULL)
    *hint = c.eps0;
  pt->adv_eps0 = c.eps0;
  pt->adv_delta0 = c.delta0;
  pt->delta_prime = c.delta_prime;
  if (dp_compose_advanced (c.eps0, c.delta0, k, c.delta_prime, &adv) != DP_OK)
    return;
  pt->advanced = adv.epsilon;
  pt->azuma = adv.azuma_term;
  pt->drift = adv.drift_term;
}

/* The optimal composition of k (ε₀, δ₀)-DP mechanisms (Kairouz, Oh & Viswanath 2015,
 * Thm 3.3) at total δ, with the per-step pair of dp_compose_split (); nothing else (it is
 * what dpviz-cli compose reports as "optimal"). */
static double
optimal_at (const DpMechanism *m, double delta, unsigned long k, const DpCancel *cancel)
{
  DpComposition c;

  if (dp_compose_at_delta (m, DP_COMPOSE_OPTIMAL, k, delta, 0.0, cancel, &c) != DP_OK
      || !isfinite (c.epsilon))
    return NAN;
  return c.epsilon;
}

/* The per-step pair the optimal bound composes (a split: cheap). */
static void
optimal_split (const DpMechanism *m, double delta, unsigned long k, DpvCompositionPoint *pt)
{
  DpComposition c;

  pt->opt_eps0 = pt->opt_delta0 = NAN;
  if (dp_compose_split (m, DP_COMPOSE_OPTIMAL, k, delta, NAN, &c) != DP_OK)
    return;
  pt->opt_eps0 = c.eps0;
  pt->opt_delta0 = c.delta0;
}

/* The Gaussian's own routes: zCDP (Bun & Steinke 2016) and RDP (Mironov 2017). */
static double
route_at (const DpMechanism *m, DpComposeMethod method, double delta, unsigned long k)
{
  DpComposition c;

  if (m->kind != DP_MECHANISM_GAUSSIAN
      || dp_compose_at_delta (m, method, k, delta, 0.0, NULL, &c) != DP_OK
      || !isfinite (c.epsilon))
    return NAN;
  return c.epsilon;
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

static void
fill_cheap (DpvCompositionData *data, const DpMechanism *m, const DpvParams *params)
{
  /* From the largest k down: for the Gaussian each ε₀ is then private enough for the next,
   * larger δ₀ and starts its Newton iteration (the curves are ~100 inversions of δ(ε)). */
  double hint_b = NAN, hint_a = NAN;
  unsigned long kc = 0;

  for (gsize i = data->n; i-- > 0;)
    {
      DpvCompositionPoint pt;

      data->basic[i] = basic_at (m, params->delta, data->k[i], &hint_b, NULL);
      advanced_at (m, params->delta, data->k[i], &hint_a, &pt);
      data->advanced[i] = pt.advanced;
      data->zcdp[i] = route_at (m, DP_COMPOSE_ZCDP, params->delta, data->k[i]);
    }
  /* The first k where advanced is below basic, found as dpviz-cli compose finds it. */
  if (dp_compose_crossover_at_delta (m, params->delta, DP_K_MAX, &kc) != DP_OK)
    kc = 0;
  data->k_cross = kc;

  point_cheap (m, params, &data->at);
}

/* The expensive values at params->k (optimal, exact, RDP); FALSE when cancelled. */
static gboolean
point_expensive (const DpMechanism *m, const DpvParams *params, const DpCancel *cancel,
                 DpvCompositionPoint *pt)
{
  DpStatus status;
  double e = NAN;

  pt->optimal = optimal_at (m, params->delta, params->k, cancel);
  pt->rdp = route_at (m, DP_COMPOSE_RDP, params->delta, params->k);
  if (dp_cancel_is_set (cancel))
    return FALSE;
  status = dp_compose_exact_epsilon (m, params->k, params->delta, POINT_REL_TOL, cancel, &e);
  if (status == DP_ERR_CANCELLED || dp_cancel_is_set (cancel))
    return FALSE;
  pt->exact = (status == DP_OK && isfinite (e)) ? e : NAN;
  pt->approximate = FALSE;
  return TRUE;
}

/* The closed forms at params->k with their per-step pairs; the rest NaN. */
static void
point_cheap (const DpMechanism *m, const DpvParams *params, DpvCompositionPoint *pt)
{
  memset (pt, 0, sizeof *pt);
  pt->k = params->k;
  pt->basic = basic_at (m, params->delta, params->k, NULL, pt);
  advanced_at (m, params->delta, params->k, NULL, pt);
  optimal_split (m, params->delta, params->k, pt);
  pt->zcdp = route_at (m, DP_COMPOSE_ZCDP, params->delta, params->k);
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
      data->optimal[i] = optimal_at (&m, params->delta, data->k[i], cancel);
      data->rdp[i] = route_at (&m, DP_COMPOSE_RDP, params->delta, data->k[i]);
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
  memset (out, 0, sizeof *out);
  out->basic = out->advanced = out->azuma = out->drift = out->optimal = out->exact = NAN;
  out->zcdp = out->rdp = NAN;
  out->basic_eps0 = out->basic_delta0 = out->adv_eps0 = out->adv_delta0 = NAN;
  out->delta_prime = out->opt_eps0 = out->opt_delta0 = NAN;
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
