/* dpv-densities.c — View 1: the output densities on D and D′ and the privacy loss
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Laplace p = Lap(0, b), q = Lap(Δ, b), b = Δ/ε (Dwork & Roth Def. 3.3, Thm 3.6); Gaussian
 * N(0, σ²), N(Δ, σ²) with σ from the analytic calibration (Balle & Wang 2018, Alg. 1) and the
 * classic σ = Δ√(2 ln(1.25/δ))/ε (Dwork & Roth Thm A.1, valid for ε < 1) dashed; randomized
 * response as bar pairs (p, 1 − p), p = e^ε/(1+e^ε) (book §3.3.1). Beneath: the privacy
 * loss L(y) = ln(p(y)/q(y)) with the band ±ε (VIEWS.md, View 1).
 *
 * The Laplace mechanism's loss stays in the band (Thm 3.6) and randomized response's is ±ε.
 * The Gaussian's is unbounded: for y drawn on D, L ~ N(μ²/2, μ²), μ = Δ/σ (Balle & Wang 2018,
 * Lemma 3), so it leaves the band with probability P[|L| > ε], which is larger than the δ of
 * (ε, δ)-DP: δ bounds the hockey-stick mass δ(ε) = E[(1 − e^{ε−L})₊] = sup_S P(S) − e^ε Q(S)
 * (Dwork & Roth Def. 2.4; Balle & Wang Thm 8), whose integrand is below 1 and 0 where L ≤ ε.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dpv-densities.h"

static double
loss (const DpMechanism *m, double y)
{
  double v = NAN;

  if (dp_mechanism_privacy_loss (m, y, &v) != DP_OK || !isfinite (v))
    return NAN;
  return v;
}

/* P[L > ε] and P[L < −ε] for the Gaussian pair, y drawn on D: L ~ N(μ²/2, μ²) (Balle & Wang
 * 2018, Lemma 3), so P[L > ε] = Φ((μ²/2 − ε)/μ) and P[L < −ε] = Φ((−ε − μ²/2)/μ), each by
 * erfc without cancellation. By symmetry, on D′ the two are swapped and P[|L| > ε] is the
 * same. */
static void
gaussian_loss_tails (double mu, double eps, double *above, double *below)
{
  *above = 0.5 * erfc ((eps - mu * mu / 2) / (mu * G_SQRT2));
  *below = 0.5 * erfc ((eps + mu * mu / 2) / (mu * G_SQRT2));
}

static double
classic_sigma (const DpvParams *params)
{
  double s = 0;

  if (dp_gaussian_sigma_classic (params->epsilon, params->delta, params->sensitivity, &s)
      != DP_OK || !isfinite (s))
    return 0.0;
  return s;
}

static gpointer
densities_compute (const DpvParams *params, const DpMechanism *m, gconstpointer data,
                   GCancellable *cancellable, GError **error)
{
  DpvDensities *d = g_new0 (DpvDensities, 1);
  double delta_s = m->sensitivity, s = m->scale, centre = delta_s / 2, half, peak;
  double extra[2] = { 0.0, delta_s };
  double lmax = 0.0;

  d->rr_bias = 1.0 / (1.0 + exp (-params->epsilon));
  if (dp_total_variation (m, &d->tv) != DP_OK)
    d->tv = NAN;
  if (dp_hockey_stick (m, params->epsilon, &d->hockey) != DP_OK || !isfinite (d->hockey))
    d->hockey = NAN;
  d->loss_above = d->loss_outside = NAN;
  if (m->kind == DP_MECHANISM_GAUSSIAN)
    d->sigma_classic = classic_sigma (params);

  if (m->kind == DP_MECHANISM_RR)
    {
      for (int i = 0; i < 2; i++)
        {
          d->rr_p[i] = dpv_density (m, DP_NEIGHBOUR_D, i);
          d->rr_q[i] = dpv_density (m, DP_NEIGHBOUR_D_PRIME, i);
          d->rr_l[i] = loss (m, i);
        }
      d->x_lo = -0.5;
      d->x_hi = 1.5;
      d->y_max = 1.18;
      d->loss_max = 1.4 * params->epsilon;
      return d;
    }

  /* Laplace: ±5b beyond the two centres hold all but e^{-5}/2 of each density;
   * Gaussian: ±4σ. */
  half = centre + (m->kind == DP_MECHANISM_LAPLACE ? 5.0 : 4.0) * s;
  d->x_lo = centre - half;
  d->x_hi = centre + half;
  peak = m->kind == DP_MECHANISM_LAPLACE ? 1.0 / (2.0 * s) : 1.0 / (s * sqrt (2.0 * G_PI));
  d->y_max = 1.15 * peak;

  d->n = dpv_grid_with_points (d->x_lo, d->x_hi, DPV_CURVE_SAMPLES, extra, 2, d->xs);
  for (gsize i = 0; i < d->n; i++)
    {
      d->ps[i] = dpv_density (m, DP_NEIGHBOUR_D, d->xs[i]);
      d->qs[i] = dpv_density (m, DP_NEIGHBOUR_D_PRIME, d->xs[i]);
      d->ls[i] = loss (m, d->xs[i]);
      if (isfinite (d->ls[i]))
        lmax = MAX (lmax, fabs (d->ls[i]));
    }
  d->loss_max = 1.35 * MAX (params->epsilon, MIN (lmax, 3.0 * params->epsilon));
  d->p_at_0 = dpv_density (m, DP_NEIGHBOUR_D, 0.0);
  d->q_at_delta = dpv_density (m, DP_NEIGHBOUR_D_PRIME, delta_s);

  if (m->kind == DP_MECHANISM_GAUSSIAN)
    {
      DpMechanism classic;

      double below = NAN;

      /* L(y) = (Δ² − 2yΔ)/(2σ²) leaves the band outside [Δ/2 − εσ²/Δ, Δ/2 + εσ²/Δ]. */
      d->yb = params->epsilon * s * s / delta_s;
      gaussian_loss_tails (dp_mechanism_gaussian_mu (m), params->epsilon, &d->loss_above,
                           &below);
      d->loss_outside = d->loss_above + below;
      if (params->epsilon < 1.0 && d->sigma_classic > 0
          && dp_mechanism_gaussian (d->sigma_classic, m->sensitivity, &classic) == DP_OK)
        {
          d->classic_drawn = TRUE;
          for (gsize i = 0; i < d->n; i++)
            {
              d->cp[i] = dpv_density (&classic, DP_NEIGHBOUR_D, d->xs[i]);
              d->cq[i] = dpv_density (&classic, DP_NEIGHBOUR_D_PRIME, d->xs[i]);
            }
        }
    }
  return d;
}

static char *
densities_caption (const DpvFrame *frame)
{
  const DpvParams *params = dpv_frame_get_params (frame);
  const DpMechanism *m = dpv_frame_get_mechanism (frame);
  const DpvDensities *d = dpv_frame_get_result (frame);
  g_autofree char *odds = dpv_fmt (exp (params->epsilon));
  g_autofree char *scale = dpv_fmt (m->scale);

  switch (m->kind)
    {
    case DP_MECHANISM_LAPLACE:
      return g_strdup_printf (_("b = Δ/ε = %s · odds change at most ×%s (e<sup>ε</sup>)"),
                              scale, odds);
    case DP_MECHANISM_GAUSSIAN:
      {
        g_autofree char *dl = dpv_fmt (params->delta);
        g_autofree char *out = dpv_fmt (d->loss_outside);

        /* Translators: S is any set of outputs; P and Q are the output distributions on D
         * and D′. */
        return g_strdup_printf (_("σ = %s (analytic) · P(S) ≤ e<sup>ε</sup>·Q(S) + δ for "
                                  "every S, δ = %s · P[|L| &gt; ε] = %s"), scale, dl, out);
      }
    case DP_MECHANISM_RR:
    case DP_N_MECHANISMS:
    default:
      {
        g_autofree char *ps = dpv_fmt_prob (d->rr_bias);

        return g_strdup_printf (_("p = e<sup>ε</sup>/(1+e<sup>ε</sup>) = %s · odds change at "
                                  "most ×%s"), ps, odds);
      }
    }
}

static void
densities_readouts (const DpvFrame *frame, GPtrArray *out)
{
  const DpvParams *params = dpv_frame_get_params (frame);
  const DpMechanism *m = dpv_frame_get_mechanism (frame);
  const DpvDensities *d = dpv_frame_get_result (frame);

  dpv_readout_add (out, _("Mechanism"), g_strdup (dpv_mechanism_label (m->kind)));
  switch (m->kind)
    {
    case DP_MECHANISM_LAPLACE:
      dpv_readout_add (out, _("Laplace scale b = Δ/ε"), dpv_fmt (m->scale));
      break;
    case DP_MECHANISM_GAUSSIAN:
      dpv_readout_add (out, _("Gaussian σ (analytic calibration)"), dpv_fmt (m->scale));
      dpv_readout_add (out, params->epsilon < 1.0 ? _("Gaussian σ (classic, Thm A.1)")
                                                  : _("Gaussian σ (classic, Thm A.1; "
                                                      "not valid for ε ≥ 1)"),
                       d->sigma_classic > 0 ? dpv_fmt (d->sigma_classic) : g_strdup ("—"));
      break;
    case DP_MECHANISM_RR:
    case DP_N_MECHANISMS:
    default:
      dpv_readout_add (out, _("Probability of reporting the true bit"),
                       dpv_fmt_prob (d->rr_bias));
      break;
    }
  dpv_readout_add (out, _("Privacy-loss band ±ε"), dpv_fmt (params->epsilon));
  if (m->kind == DP_MECHANISM_GAUSSIAN)
    {
      /* The loss is unbounded: no bound on the odds, but the probabilities of leaving the
       * band and the δ that (ε, δ)-DP bounds. */
      dpv_readout_add (out, _("P[L > ε], output drawn on D"), dpv_fmt (d->loss_above));
      dpv_readout_add (out, _("P[|L| > ε]: the loss leaves the band"),
                       dpv_fmt (d->loss_outside));
      dpv_readout_add (out, _("δ(ε) = E[(1 − e^(ε−L))₊], the δ of (ε, δ)-DP"),
                       dpv_fmt (d->hockey));
    }
  else
    dpv_readout_add (out, _("Odds change at most ×"), dpv_fmt (exp (params->epsilon)));
  if (!isnan (d->tv))
    dpv_readout_add (out, _("Statistical distance of p and q"), dpv_fmt (d->tv));
}

static const DpvParamId uses[] = {
  DPV_PARAM_MECHANISM, DPV_PARAM_EPSILON, DPV_PARAM_DELTA, DPV_PARAM_SENSITIVITY,
  DPV_PARAM_NONE
};

const DpvViewClass dpv_densities_view = {
  .name = "densities",
  .title = N_("Mechanism densities"),
  .short_title = N_("Densities"),
  .icon_name = "view-continuous-symbolic",
  .explanation =
    N_("The mechanism answers on D and on its neighbour D′, which differ in one record, so the "
       "true answers differ by the sensitivity Δ. Pure ε-differential privacy (Dwork &amp; "
       "Roth, Def. 2.4 with δ = 0) asks that no output is much more likely under one than "
       "under the other: the privacy loss L(y) = ln(p(y)/q(y)) in the lower panel stays "
       "inside the band ±ε. For the "
       "Laplace mechanism it always does (Thm 3.6), and for randomized response it is exactly "
       "+ε or −ε. The Gaussian mechanism's loss is unbounded: it leaves the band with the "
       "probability P[|L| &gt; ε] shown in the read-outs, which is larger than δ. What "
       "(ε, δ)-DP bounds is different: P(S) ≤ e<sup>ε</sup>·Q(S) + δ for every set S of "
       "outputs, where δ is the expected excess E[(1 − e<sup>ε−L</sup>)<sub>+</sub>], not the "
       "probability of leaving the band. Smaller ε means more overlapping output "
       "distributions: more privacy."),
  .more_private = N_("Smaller ε is more private."),
  .uses = uses,
  .compute = densities_compute,
  .free_result = g_free,
  .readouts = densities_readouts,
  .caption = densities_caption,
  .draw = dpv_densities_draw,
};
