/* dpv-accuracy.c — what ε costs for a numeric query (book §3.3.2, Example 3.1)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A query f of global sensitivity Δ (book Def. 3.3: a count has Δ = 1, the mean of n values in
 * [0, 1] has Δ = 1/n, Example 3.1) answered as f(D) + Z. The central interval f(D) ± x holds
 * the answer with probability C (libdpcore dp-accuracy.h):
 *   Laplace Z ~ Lap(Δ/ε) (book Thm 3.2):  x = (Δ/ε)·ln(1/(1 − C))  (Dwork & Roth Thm 3.8, k = 1);
 *   Gaussian Z ~ N(0, σ²), σ calibrated analytically at (ε, δ) (Balle & Wang 2018, Alg. 1):
 *                                          x = σ·Φ⁻¹((1 + C)/2).
 * The inverse question, "I need ±x at C": the Laplace ε = Δ·ln(1/(1 − C))/x; the Gaussian
 * σ = x/Φ⁻¹((1 + C)/2) and the ε that the analytic calibration gives that σ at δ (Balle & Wang
 * 2018, Thm 8). Randomized response answers a yes/no question: its accuracy is the survey's.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dpv-accuracy.h"

static gboolean
core_error (DpStatus st, GError **error)
{
  if (st == DP_OK)
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
               _("The accuracy could not be computed: %s"), dp_status_to_string (st));
  return FALSE;
}

/* Book Def. 3.3 and Example 3.1. */
double
dpv_accuracy_query_sensitivity (const DpvParams *params)
{
  double delta = params->sensitivity;

  switch (params->query)
    {
    case DPV_QUERY_COUNT:
      return 1.0;
    case DPV_QUERY_MEAN:
      if (dp_accuracy_mean_sensitivity (params->records, &delta) != DP_OK)
        return 1.0 / params->records;
      return delta;
    case DPV_QUERY_CUSTOM:
    default:
      return params->sensitivity;
    }
}

/* σ for Δ = 1 on the ε grid at δ: the analytic calibration, one per ε. */
static gpointer
accuracy_compute_data (const DpvParams *params, const DpMechanism *m, GCancellable *cancellable,
                       GError **error)
{
  const DpvParamSpec *eps_spec = dpv_param_spec (DPV_PARAM_EPSILON);
  g_autofree DpvAccuracyCurve *c = g_new0 (DpvAccuracyCurve, 1);

  dpv_grid_log (eps_spec->min, eps_spec->max, DPV_ACCURACY_CURVE, c->eps);
  for (gsize i = 0; i < DPV_ACCURACY_CURVE; i++)
    {
      DpMechanism g;

      if (!core_error (dp_mechanism_gaussian_calibrated (c->eps[i], params->delta, 1.0, &g),
                       error))
        return NULL;
      c->sigma1[i] = g.scale;
    }
  return g_steal_pointer (&c);
}

/* The noise density around f(D) over ±1.3 max(x, target) (a target beyond 3x is left out of
 * the range: the density would be a spike), with ±x and 0 on the grid. */
static void
density (DpvAccuracy *a)
{
  double reach = a->half_width, extra[3] = { -a->half_width, 0.0, a->half_width }, peak;

  if (a->has_target)
    reach = MAX (reach, MIN (a->target, 3.0 * a->half_width));
  a->x_hi = 1.3 * reach;
  a->x_lo = -a->x_hi;
  a->n_density = dpv_grid_with_points (a->x_lo, a->x_hi, DPV_CURVE_SAMPLES, extra, 3, a->xs);
  for (gsize i = 0; i < a->n_density; i++)
    a->density[i] = dpv_density (&a->mech, DP_NEIGHBOUR_D, a->xs[i]);
  peak = dpv_density (&a->mech, DP_NEIGHBOUR_D, 0.0);
  a->y_max = 1.22 * peak;
}

/* The y range of a log axis holding @v (positive values) with a margin. */
static void
grow (double *lo, double *hi, double v)
{
  if (isfinite (v) && v > 0)
    {
      *lo = MIN (*lo, v);
      *hi = MAX (*hi, v);
    }
}

static gpointer
accuracy_compute (const DpvParams *params, const DpMechanism *m, gconstpointer data,
                  GCancellable *cancellable, GError **error)
{
  const DpvAccuracyCurve *c = data;
  g_autofree DpvAccuracy *a = g_new0 (DpvAccuracy, 1);
  double eps = params->epsilon, sigma1_now, lo, hi;
  DpStatus st;

  a->sensitivity = dpv_accuracy_query_sensitivity (params);
  a->confidence = params->confidence;
  st = m->kind == DP_MECHANISM_GAUSSIAN
       ? dp_mechanism_gaussian_calibrated (eps, params->delta, a->sensitivity, &a->mech)
       : dp_mechanism_laplace (eps, a->sensitivity, &a->mech);
  if (!core_error (st, error)
      || !core_error (dp_accuracy_half_width (&a->mech, a->confidence, &a->half_width), error)
      || !core_error (dp_accuracy_gaussian_quantile (a->confidence, &a->z), error)
      || !core_error (dp_accuracy_noisy_answers (&a->mech, 0.0, (unsigned long) params->seed,
                                                 DPV_ACCURACY_DOTS, a->dots), error))
    return NULL;
  a->lap_factor = -log1p (-a->confidence);
  for (gsize i = 0; i < DPV_ACCURACY_DOTS; i++)
    a->dots_inside += fabs (a->dots[i]) <= a->half_width;

  a->has_target = params->target > 0;
  if (a->has_target)
    {
      a->target = params->target;
      if (!core_error (dp_accuracy_confidence (&a->mech, a->target, &a->target_confidence),
                       error)
          || !core_error (dp_accuracy_laplace_epsilon (a->sensitivity, a->target,
                                                       a->confidence, &a->laplace_epsilon),
                          error))
        return NULL;
      a->gaussian_ok = dp_accuracy_gaussian_epsilon (a->sensitivity, a->target, a->confidence,
                                                     params->delta, &a->gaussian_sigma,
                                                     &a->gaussian_epsilon) == DP_OK;
      if (!a->gaussian_ok
          && !core_error (dp_accuracy_gaussian_sigma (a->target, a->confidence,
                                                      &a->gaussian_sigma), error))
        return NULL;
    }
  density (a);

  /* against ε: x = Δ ln(1/(1 − C))/ε and x = Δ σ₁(ε) z */
  lo = HUGE_VAL;
  hi = 0;
  for (gsize i = 0; i < DPV_ACCURACY_CURVE; i++)
    {
      a->eps[i] = c->eps[i];
      a->lap_width[i] = a->sensitivity * a->lap_factor / c->eps[i];
      a->gau_width[i] = a->sensitivity * c->sigma1[i] * a->z;
      grow (&lo, &hi, a->lap_width[i]);
      grow (&lo, &hi, a->gau_width[i]);
    }
  if (a->has_target)
    grow (&lo, &hi, a->target);
  a->eps_w_lo = lo / 1.8;
  a->eps_w_hi = hi * 1.8;

  /* against n at this ε: the count's half-width, and the mean's, 1/n of it */
  sigma1_now = m->kind == DP_MECHANISM_GAUSSIAN ? a->mech.scale / a->sensitivity : 0;
  a->count_width = m->kind == DP_MECHANISM_GAUSSIAN ? sigma1_now * a->z : a->lap_factor / eps;
  dpv_grid_log (1.0, DPV_PARAM_MAX (RECORDS), DPV_ACCURACY_CURVE, a->ns);
  lo = HUGE_VAL;
  hi = 0;
  for (gsize i = 0; i < DPV_ACCURACY_CURVE; i++)
    {
      a->mean_width[i] = a->count_width / a->ns[i];
      grow (&lo, &hi, a->mean_width[i]);
    }
  grow (&lo, &hi, a->count_width);
  if (a->has_target && params->query != DPV_QUERY_CUSTOM)
    grow (&lo, &hi, a->target);
  a->n_w_lo = lo / 2.5;
  a->n_w_hi = hi * 2.5;
  return g_steal_pointer (&a);
}

static const char *
query_label (DpvQuery query)
{
  const DpvParamSpec *spec = dpv_param_spec (DPV_PARAM_QUERY);

  for (guint i = 0; i < spec->n_choices; i++)
    if (spec->choices[i].value == (int) query)
      return _(spec->choices[i].label);
  return "?";
}

char *
dpv_accuracy_percent (double c)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (buf, sizeof buf, "%.4g", 100 * c));
}

static char *
accuracy_caption (const DpvFrame *frame)
{
  const DpvAccuracy *a = dpv_frame_get_result (frame);
  g_autofree char *ds = dpv_fmt (a->sensitivity);
  g_autofree char *xs = dpv_fmt (a->half_width);
  g_autofree char *cs = dpv_accuracy_percent (a->confidence);
  /* Translators: the caption's key numbers: Δ, the half-width ±x and the confidence C in % */
  g_autofree char *head = g_strdup_printf (_("Δ = %s · the answer is within ±%s of the truth "
                                             "with probability %s %%"), ds, xs, cs);

  if (a->has_target)
    {
      g_autofree char *ts = dpv_fmt (a->target);
      g_autofree char *le = dpv_fmt (a->laplace_epsilon);

      if (a->mech.kind == DP_MECHANISM_GAUSSIAN)
        {
          g_autofree char *gs = dpv_fmt (a->gaussian_sigma);
          g_autofree char *ge = a->gaussian_ok ? dpv_fmt (a->gaussian_epsilon)
                                               : g_strdup ("—");

          /* Translators: the target ±x, then the σ that gives it and that σ's ε at δ */
          return g_strdup_printf (_("%s · ±%s needs σ = %s (ε = %s at this δ)"), head, ts, gs,
                                  ge);
        }
      /* Translators: the target ±x, then the Laplace ε that gives it */
      return g_strdup_printf (_("%s · ±%s needs ε = %s"), head, ts, le);
    }
  return g_steal_pointer (&head);
}

static void
accuracy_readouts (const DpvFrame *frame, GPtrArray *out)
{
  const DpvParams *params = dpv_frame_get_params (frame);
  const DpvAccuracy *a = dpv_frame_get_result (frame);

  dpv_readout_add (out, _("Query"), g_strdup (query_label (params->query)));
  dpv_readout_add (out, _("Global sensitivity Δ"), dpv_fmt (a->sensitivity));
  if (a->mech.kind == DP_MECHANISM_GAUSSIAN)
    dpv_readout_add (out, _("Gaussian σ (analytic calibration)"), dpv_fmt (a->mech.scale));
  else
    dpv_readout_add (out, _("Laplace scale b = Δ/ε"), dpv_fmt (a->mech.scale));
  dpv_readout_add (out, _("Half-width x at confidence C"), dpv_fmt (a->half_width));
  dpv_readout_add (out, _("Noisy answers within ±x (of 20 drawn)"),
                   g_strdup_printf ("%u", a->dots_inside));
  if (!a->has_target)
    return;
  dpv_readout_add (out, _("Needed accuracy ±x"), dpv_fmt (a->target));
  dpv_readout_add (out, _("Probability within ±x now"), dpv_fmt (a->target_confidence));
  dpv_readout_add (out, _("ε that gives ±x (Laplace)"), dpv_fmt (a->laplace_epsilon));
  dpv_readout_add (out, _("σ that gives ±x (Gaussian)"), dpv_fmt (a->gaussian_sigma));
  dpv_readout_add (out, _("ε of that σ at δ (Gaussian)"),
                   a->gaussian_ok ? dpv_fmt (a->gaussian_epsilon) : g_strdup ("—"));
}

static const DpvParamId uses[] = {
  DPV_PARAM_MECHANISM, DPV_PARAM_EPSILON, DPV_PARAM_DELTA, DPV_PARAM_SENSITIVITY,
  DPV_PARAM_QUERY, DPV_PARAM_RECORDS, DPV_PARAM_CONFIDENCE, DPV_PARAM_TARGET, DPV_PARAM_SEED,
  DPV_PARAM_NONE
};

static const DpvParamId data_uses[] = { DPV_PARAM_DELTA, DPV_PARAM_NONE };

const DpvViewClass dpv_accuracy_view = {
  .name = "accuracy",
  .title = N_("What ε costs in accuracy"),
  .short_title = N_("Accuracy"),
  .icon_name = "find-location-symbolic",
  .explanation =
    N_("A query f with global sensitivity Δ (the lecture book, Def. 3.3: a count has Δ = 1, "
       "the mean of n values in [0, 1] has Δ = 1/n, Example 3.1) is answered as f(D) + Z. "
       "With Laplace noise Z ~ Lap(Δ/ε) (Thm 3.2; Dwork &amp; Roth Def. 3.3) the answer lies "
       "within ±x of the truth with probability C for x = (Δ/ε)·ln(1/(1 − C)) (Dwork &amp; "
       "Roth Thm 3.8); with Gaussian noise of the σ calibrated at (ε, δ) (Balle &amp; Wang "
       "2018), x = σ·Φ<sup>−1</sup>((1 + C)/2). The first panel shows the noise around the "
       "true answer with that interval and 20 noisy answers drawn with the seed; the second "
       "the half-width against ε (Laplace’s falls exactly like 1/ε) and the third against n: "
       "a count’s "
       "noise does not grow with the data, so a mean’s shrinks like 1/n. Enter the accuracy "
       "you need (±x at confidence C) and the view answers the inverse question: the ε of the "
       "Laplace mechanism, or the σ of the Gaussian and its ε at δ, that deliver it."),
  .seed_label = N_("Seed of the noisy answers"),
  .more_private = N_("Smaller ε is more private and widens the interval."),
  .uses = uses,
  .mechanisms = (1u << DP_MECHANISM_LAPLACE) | (1u << DP_MECHANISM_GAUSSIAN),
  .mechanisms_reason =
    N_("Randomized response answers a yes/no question, not a number: the Survey view shows "
       "what ε costs for it. Choose the Laplace or the Gaussian mechanism here."),
  .data_uses = data_uses,
  .compute_data = accuracy_compute_data,
  .free_data = g_free,
  .compute = accuracy_compute,
  .free_result = g_free,
  .readouts = accuracy_readouts,
  .caption = accuracy_caption,
  .draw = dpv_accuracy_draw,
};
