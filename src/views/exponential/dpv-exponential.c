/* dpv-exponential.c — the exponential mechanism (DP notes: 指数机制)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Candidates r with utilities u(r) of sensitivity Δu (one person changes any utility by at
 * most Δu); the mechanism outputs r with probability Pr[r] ∝ exp(ε u(r)/(2Δu)) (DP notes 001,
 * 指数机制; McSherry & Talwar 2007; Dwork & Roth Def. 3.4), which is ε-DP (Dwork & Roth
 * Thm 3.10): no probability changes by more than a factor e^ε when one person's data change.
 * As ε → 0 it is uniform, as ε → ∞ it picks a best candidate (ties share). Everything is
 * libdpcore's dp-exponential.h (normalised with log-sum-exp: no overflow for |u| ≤ 10⁶).
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dpv-exponential.h"

static gboolean
core_error (DpStatus st, GError **error)
{
  if (st == DP_OK)
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
               _("The exponential mechanism could not be computed: %s"),
               dp_status_to_string (st));
  return FALSE;
}

/* The ε axis: down to where every exponent ε(u − u_min)/(2Δu) is below 0.05 (the
 * distribution within ~5 % of uniform) and up to where the best lead the others by an
 * exponent of 12 (Pr[best] within n·e⁻¹² of 1), at least the slider's 0.01 … 10 and within
 * libdpcore's ε range. */
static void
epsilon_range (const DpvExponential *e, double du, double *lo, double *hi)
{
  double spread = e->max_u - e->min_u, second = -HUGE_VAL;

  *lo = DPV_PARAM_MIN (EPSILON);
  *hi = DPV_PARAM_MAX (EPSILON);
  if (!(spread > 0))
    return;
  for (guint i = 0; i < e->n; i++)
    if (!e->best[i])
      second = MAX (second, e->utility[i]);
  *lo = CLAMP (0.05 * 2 * du / spread, DP_EPSILON_MIN, *lo);
  *hi = CLAMP (12.0 * 2 * du / (e->max_u - second), *hi, DP_EPSILON_MAX);
}

static gpointer
exponential_compute (const DpvParams *params, const DpMechanism *m, gconstpointer data,
                     GCancellable *cancellable, GError **error)
{
  const DpvParamList *list = &params->candidates;
  double du = params->utility_sensitivity, eps = params->epsilon, lo, hi;
  g_autofree DpvExponential *e = g_new0 (DpvExponential, 1);
  size_t drawn = 0;

  e->n = list->n;
  memcpy (e->names, list->names, sizeof e->names);
  memcpy (e->utility, list->values, e->n * sizeof (double));
  if (!core_error (dp_exponential_mechanism (e->utility, e->n, eps, du, e->prob), error)
      || !core_error (dp_exponential_expected_utility (e->utility, e->n, eps, du, &e->expected),
                      error)
      || !core_error (dp_exponential_best_probability (e->utility, e->n, eps, du, &e->best_prob,
                                                       &e->not_best_prob), error)
      || !core_error (dp_exponential_limit (e->utility, e->n, DP_EXPONENTIAL_LIMIT_ZERO,
                                            e->uniform), error)
      || !core_error (dp_exponential_limit (e->utility, e->n, DP_EXPONENTIAL_LIMIT_INFINITY,
                                            e->argmax), error)
      || !core_error (dp_exponential_sample (e->utility, e->n, eps, du,
                                             (unsigned long) params->seed, 1, &drawn), error))
    return NULL;
  e->drawn = drawn;

  e->max_u = -HUGE_VAL;
  e->min_u = HUGE_VAL;
  for (guint i = 0; i < e->n; i++)
    {
      e->max_u = MAX (e->max_u, e->utility[i]);
      e->min_u = MIN (e->min_u, e->utility[i]);
      e->mean_u += e->utility[i] / e->n;
    }
  for (guint i = 0; i < e->n; i++)
    {
      e->best[i] = e->utility[i] == e->max_u;
      e->n_best += e->best[i];
    }

  epsilon_range (e, du, &lo, &hi);
  dpv_grid_log (lo, hi, DPV_EXPONENTIAL_CURVE, e->eps);
  if (!core_error (dp_exponential_curve (e->utility, e->n, du, e->eps, DPV_EXPONENTIAL_CURVE,
                                         e->curve_expected, e->curve_best), error))
    return NULL;
  /* the utility axis from the mean to the largest, with a margin; equal utilities (nothing to
   * choose) get a range of their own size */
  {
    double pad = e->max_u > e->mean_u ? 0.08 * (e->max_u - e->mean_u)
                                      : MAX (1.0, 0.1 * fabs (e->max_u));

    e->u_lo = e->mean_u - pad;
    e->u_hi = e->max_u + pad;
  }
  return g_steal_pointer (&e);
}

static char *
exponential_caption (const DpvFrame *frame)
{
  const DpvExponential *e = dpv_frame_get_result (frame);
  g_autofree char *eu = dpv_fmt (e->expected);
  g_autofree char *pb = dpv_fmt (e->best_prob);
  g_autofree char *pd = dpv_fmt (e->prob[e->drawn]);
  g_autofree char *name = g_markup_escape_text (e->names[e->drawn], -1);

  /* Translators: the caption: expected utility, Pr[a best candidate], the candidate drawn
   * and its probability */
  return g_strdup_printf (_("E[u] = %s · Pr[a best candidate] = %s · drawn: %s "
                            "(probability %s)"), eu, pb, name, pd);
}

static void
exponential_readouts (const DpvFrame *frame, GPtrArray *out)
{
  const DpvParams *params = dpv_frame_get_params (frame);
  const DpvExponential *e = dpv_frame_get_result (frame);

  for (guint i = 0; i < e->n; i++)
    {
      g_autofree char *u = dpv_fmt (e->utility[i]);
      /* Translators: a candidate's read-out label: Pr[name] (u = its utility) */
      g_autofree char *label = g_strdup_printf (_("Pr[%s] (u = %s)"), e->names[i], u);

      dpv_readout_add (out, label, dpv_fmt (e->prob[i]));
    }
  dpv_readout_add (out, _("Expected utility E[u]"), dpv_fmt (e->expected));
  dpv_readout_add (out, _("Mean utility (the limit ε → 0)"), dpv_fmt (e->mean_u));
  dpv_readout_add (out, _("Largest utility (the limit ε → ∞)"), dpv_fmt (e->max_u));
  dpv_readout_add (out, _("Probability of a best candidate"), dpv_fmt (e->best_prob));
  dpv_readout_add (out, _("Drawn with the seed"), g_strdup (e->names[e->drawn]));
  dpv_readout_add (out, _("One person changes a probability at most ×"),
                   dpv_fmt (exp (params->epsilon)));
}

static const DpvParamId uses[] = {
  DPV_PARAM_EPSILON, DPV_PARAM_CANDIDATES, DPV_PARAM_UTILITY_SENSITIVITY, DPV_PARAM_SEED,
  DPV_PARAM_NONE
};

const DpvViewClass dpv_exponential_view = {
  .name = "exponential",
  .title = N_("The exponential mechanism"),
  .short_title = N_("Exponential"),
  .icon_name = "view-list-bullet-symbolic",
  .explanation =
    N_("To choose one of several candidates — the winner of a class vote — without revealing "
       "any one vote, the exponential mechanism (the DP notes, 指数机制; McSherry &amp; Talwar "
       "2007; Dwork &amp; Roth Def. 3.4) scores each candidate r with a utility u(r) that one "
       "person can change by at most Δu and outputs r with probability proportional to "
       "exp(ε·u(r)/(2Δu)). It is ε-differentially private (Dwork &amp; Roth Thm 3.10): when one "
       "person’s data change, no candidate’s probability changes by more than a factor "
       "e<sup>ε</sup>. The bars are the probabilities at the current ε; the dashed line is the "
       "limit ε → 0, where every candidate is equally likely, and the dots the limit ε → ∞, "
       "where a best candidate always wins (ties share). On the right, the expected utility "
       "rises from the mean utility to the largest, and the probability of choosing a best "
       "candidate from their share to 1, as ε grows; the axis reaches far enough to show both "
       "limits."),
  .seed_label = N_("Seed of the draw"),
  .more_private = N_("Smaller ε is more private and makes the choice closer to uniform."),
  .uses = uses,
  .compute = exponential_compute,
  .free_result = g_free,
  .readouts = exponential_readouts,
  .caption = exponential_caption,
  .draw = dpv_exponential_draw,
};
