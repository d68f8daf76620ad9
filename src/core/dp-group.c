/* dp-group.c — group privacy: datasets that differ in g people (book Prop. 3.6)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The group pair is the neighbouring pair of a mechanism with sensitivity gΔ (dp-group.h), so
 * its divergences come from dp-divergence.c with no formula of their own.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dp-group.h"
#include "dp-divergence.h"
#include "dp-mechanism.h"
#include "dp-private.h"

DpStatus
dp_group_mechanism (const DpMechanism *m, unsigned long g, DpMechanism *out)
{
  DpStatus status;
  DpMechanism group;

  if (out == NULL || !dp_mechanism_is_valid (m) || g < 1 || g > DP_GROUP_MAX)
    return DP_ERR_DOMAIN;
  if (g == 1)
    {
      *out = *m;
      return DP_OK;
    }

  switch (m->kind)
    {
    case DP_MECHANISM_LAPLACE:
      /* Lap(0, b) against Lap(gΔ, b): the Laplace pair with sensitivity gΔ and ε = gΔ/b = gε. */
      status = dp_mechanism_laplace ((double) g * m->epsilon, (double) g * m->sensitivity,
                                     &group);
      if (status != DP_OK)
        return status;
      group.scale = m->scale;   /* the same noise, not gΔ/(gε) rounded again */
      break;
    case DP_MECHANISM_GAUSSIAN:
      /* N(0, σ²) against N(gΔ, σ²): μ = gΔ/σ. */
      status = dp_mechanism_gaussian (m->scale, (double) g * m->sensitivity, &group);
      if (status != DP_OK)
        return status;
      break;
    case DP_MECHANISM_RR:
      /* One respondent's bit: no two datasets of the binary model differ in g > 1 people. */
    case DP_N_MECHANISMS:
    default:
      return DP_ERR_DOMAIN;
    }
  *out = group;
  return DP_OK;
}

DpStatus
dp_group_bound (double epsilon, double delta, unsigned long g, double *epsilon_g,
                double *delta_g)
{
  if (epsilon_g == NULL || delta_g == NULL || !dp_is_valid_epsilon (epsilon)
      || !(delta >= 0.0 && delta < 1.0) || g < 1 || g > DP_GROUP_MAX
      || !((double) g * epsilon <= DP_EPSILON_MAX))
    return DP_ERR_DOMAIN;
  /* Prop. 3.6's chain x = x_0, x_1, …, x_g = x′ with (ε, δ) at each link:
   * P_0 ≤ e^ε P_1 + δ ≤ e^{2ε} P_2 + δ(1 + e^ε) ≤ … ≤ e^{gε} P_g + δ Σ_{i<g} e^{iε}, and
   * Σ_{i<g} e^{iε} = (e^{gε} − 1)/(e^ε − 1) (both expm1: no cancellation for small ε, where
   * the ratio tends to g). */
  *epsilon_g = (double) g * epsilon;
  *delta_g = delta == 0.0 ? 0.0 : fmin (1.0, delta * (expm1 ((double) g * epsilon)
                                                      / expm1 (epsilon)));
  return DP_OK;
}

DpStatus
dp_group_curve (const DpMechanism *m, const unsigned long *g, size_t n, double eps_prime,
                double delta, DpGroupPoint *out)
{
  if (g == NULL || out == NULL || !dp_mechanism_is_valid (m) || !(eps_prime >= 0.0)
      || !isfinite (eps_prime) || !dp_is_valid_delta (delta))
    return DP_ERR_DOMAIN;

  /* Into a scratch array first: @out is written only when every point succeeded. */
  DpGroupPoint *points = malloc ((n > 0 ? n : 1) * sizeof *points);
  if (points == NULL)
    return DP_ERR_NOMEM;
  for (size_t i = 0; i < n; i++)
    {
      DpMechanism group;
      DpStatus status;

      points[i] = (DpGroupPoint) { .g = g[i] };
      if ((status = dp_group_mechanism (m, g[i], &group)) != DP_OK
          || (status = dp_max_divergence (&group, &points[i].max_divergence)) != DP_OK
          || (status = dp_kl (&group, &points[i].kl)) != DP_OK
          || (status = dp_total_variation (&group, &points[i].total_variation)) != DP_OK
          || (status = dp_hockey_stick (&group, (double) g[i] * eps_prime,
                                        &points[i].delta_at_group_epsilon)) != DP_OK
          || (status = dp_hockey_stick_inverse (&group, delta, &points[i].epsilon_at_delta))
             != DP_OK)
        {
          free (points);
          return status;
        }
    }
  memcpy (out, points, n * sizeof *points);
  free (points);
  return DP_OK;
}
