/* dpv-group.c — group privacy: datasets that differ in g people (book Prop. 3.6)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Book Prop. 3.6 (Dwork & Roth Thm 2.2): an ε-DP mechanism gives datasets that differ in g
 * people odds within e^{gε}. For a query of sensitivity Δ the two outputs are shifted by gΔ, so
 * the group pair of a noise mechanism is its pair of sensitivity gΔ (libdpcore dp-group.h):
 * Laplace Lap(0, b) against Lap(gΔ, b), whose D∞ is gε exactly (the proposition is tight:
 * a group of 10 under ε = 0.5 is a 5-DP pair); Gaussian N(0, σ²) against N(gΔ, σ²), whose D∞
 * is infinite and whose δ(ε′) is Balle & Wang's at μ = gΔ/σ. Randomized response reports one
 * person's bit; the g reports of a group are the g-fold composition of its pair (the number j
 * of "yes" among them is Binomial(g, 1 − p) when the g answers are all "no", Binomial(g, p)
 * when all "yes", and the loss is (g − 2j)ε), exact by libdpcore's binomial composition.
 * What (ε, δ)-DP alone promises for g people follows the chain of the proposition's proof:
 * (gε, δ(e^{gε} − 1)/(e^ε − 1)) (dp_group_bound).
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dpv-group.h"

static gboolean
core_error (DpStatus st, GError **error)
{
  if (st == DP_OK)
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
               _("The group pair could not be computed: %s"), dp_status_to_string (st));
  return FALSE;
}

/* The numbers of the group pair of g respondents under randomized response: the g-fold
 * composition of its pair. */
static DpStatus
rr_point (const DpMechanism *m, unsigned long g, double eps_prime, double delta,
          DpGroupPoint *out)
{
  DpStatus st;

  out->g = g;
  out->max_divergence = g * m->epsilon;
  out->kl = g * m->epsilon * tanh (0.5 * m->epsilon);
  if ((st = dp_compose_exact_delta (m, g, 0.0, 0.0, NULL, &out->total_variation)) != DP_OK
      || (st = dp_compose_exact_delta (m, g, g * eps_prime, 0.0, NULL,
                                       &out->delta_at_group_epsilon)) != DP_OK
      || (st = dp_compose_exact_epsilon (m, g, delta, 0.0, NULL, &out->epsilon_at_delta))
         != DP_OK)
    return st;
  return DP_OK;
}

/* δ_g(ε′) of the group pair. */
static DpStatus
group_delta (const DpMechanism *m, const DpMechanism *group, unsigned long g, double eps_prime,
             double *out)
{
  if (m->kind == DP_MECHANISM_RR)
    return dp_compose_exact_delta (m, g, eps_prime, 0.0, NULL, out);
  return dp_hockey_stick (group, eps_prime, out);
}

/* Randomized response: Pr[j "yes" among g] when the g true answers are all "no" (each reports
 * "yes" with 1 − p) and when all "yes" (with p), and the loss ln of their ratio, (g − 2j)ε. */
static void
rr_bars (const DpMechanism *m, DpvGroup *d)
{
  double eps = m->epsilon, log_p = -log1p (exp (-eps)), log_q = -log1p (exp (eps));

  for (unsigned long j = 0; j <= d->g; j++)
    {
      double lc = lgamma (d->g + 1.0) - lgamma (j + 1.0) - lgamma (d->g - j + 1.0);

      d->rr_j[j] = j;
      d->rr_p[j] = exp (lc + j * log_q + (d->g - j) * log_p);
      d->rr_q[j] = exp (lc + j * log_p + (d->g - j) * log_q);
      d->rr_loss[j] = ((double) d->g - 2.0 * j) * eps;
    }
  d->x_lo = -0.7;
  d->x_hi = d->g + 0.7;
  d->y_max = 0;
  for (unsigned long j = 0; j <= d->g; j++)
    d->y_max = MAX (d->y_max, MAX (d->rr_p[j], d->rr_q[j]));
  d->y_max *= 1.2;
  d->loss_max = 1.3 * d->group_epsilon;
}

/* Laplace, Gaussian: p, the one-person q₁ and the group's q_g on a grid holding 0, Δ and gΔ,
 * with the group pair's privacy loss ln(p/q_g). */
static void
densities (const DpMechanism *m, const DpMechanism *group, DpvGroup *d)
{
  double reach = (m->kind == DP_MECHANISM_LAPLACE ? 5.0 : 4.0) * m->scale;
  double extra[3] = { 0.0, m->sensitivity, d->group_shift }, lmax = 0;

  d->x_lo = -reach;
  d->x_hi = d->group_shift + reach;
  d->n = dpv_grid_with_points (d->x_lo, d->x_hi, DPV_CURVE_SAMPLES, extra, 3, d->xs);
  for (gsize i = 0; i < d->n; i++)
    {
      double l = NAN;

      d->p[i] = dpv_density (m, DP_NEIGHBOUR_D, d->xs[i]);
      d->q1[i] = dpv_density (m, DP_NEIGHBOUR_D_PRIME, d->xs[i]);
      d->qg[i] = dpv_density (group, DP_NEIGHBOUR_D_PRIME, d->xs[i]);
      if (dp_mechanism_privacy_loss (group, d->xs[i], &l) != DP_OK || !isfinite (l))
        l = NAN;
      d->loss[i] = l;
      if (isfinite (l))
        lmax = MAX (lmax, fabs (l));
    }
  d->y_max = 1.15 * dpv_density (m, DP_NEIGHBOUR_D, 0.0);
  d->loss_max = 1.3 * MAX (d->group_epsilon, MIN (lmax, 3.0 * d->group_epsilon));
  if (m->kind == DP_MECHANISM_GAUSSIAN)
    /* L_g(y) = (g²Δ² − 2ygΔ)/(2σ²) leaves ±gε outside gΔ/2 ± gεσ²/(gΔ) */
    d->yb = d->group_epsilon * m->scale * m->scale / d->group_shift;
}

static gpointer
group_compute (const DpvParams *params, const DpMechanism *m, gconstpointer data,
               GCancellable *cancellable, GError **error)
{
  g_autofree DpvGroup *d = g_new0 (DpvGroup, 1);
  unsigned long gs[50];
  DpGroupPoint points[50], now;
  DpMechanism group = *m;
  double eps = params->epsilon, top, lo = HUGE_VAL, hi = 0;

  d->g = params->group;
  d->group_shift = d->g * m->sensitivity;
  d->group_epsilon = d->g * eps;
  d->odds_bound = exp (d->group_epsilon);
  if (!core_error (dp_group_bound (eps, m->delta, d->g, &top, &d->chain_delta), error))
    return NULL;

  for (unsigned long i = 0; i < 50; i++)
    {
      gs[i] = i + 1;
      d->gs[i] = i + 1;
    }
  if (m->kind == DP_MECHANISM_RR)
    {
      for (unsigned long i = 0; i < 50; i++)
        if (!core_error (rr_point (m, gs[i], eps, params->delta, &points[i]), error))
          return NULL;
      if (!core_error (rr_point (m, d->g, eps, params->delta, &now), error))
        return NULL;
      rr_bars (m, d);
    }
  else
    {
      if (!core_error (dp_group_mechanism (m, d->g, &group), error)
          || !core_error (dp_group_curve (m, gs, 50, eps, params->delta, points), error)
          || !core_error (dp_group_curve (m, &d->g, 1, eps, params->delta, &now), error))
        return NULL;
      densities (m, &group, d);
    }
  d->max_divergence = now.max_divergence;
  d->kl = now.kl;
  d->tv = now.total_variation;
  d->delta_at_group_epsilon = now.delta_at_group_epsilon;
  d->epsilon_at_delta = now.epsilon_at_delta;

  /* δ_g(ε′) from 0 to a little beyond gε and D∞^δ */
  top = 1.15 * MAX (d->group_epsilon, d->epsilon_at_delta);
  for (gsize i = 0; i < DPV_GROUP_DELTA_CURVE; i++)
    {
      d->eps_prime[i] = top * i / (DPV_GROUP_DELTA_CURVE - 1.0);
      if (!core_error (group_delta (m, &group, d->g, d->eps_prime[i], &d->delta_curve[i]),
                       error))
        return NULL;
    }

  {
    double floor = MIN (params->delta, d->chain_delta > 0 ? d->chain_delta : 1.0);

    if (d->delta_at_group_epsilon > 0)
      floor = MIN (floor, d->delta_at_group_epsilon);
    d->dcurve_lo = MAX (floor / 20, 1e-16);
  }

  /* against g */
  d->eps_hi = 0;
  for (gsize i = 0; i < 50; i++)
    {
      double chain_eps;

      d->curve_bound[i] = gs[i] * eps;
      d->curve_max_div[i] = isfinite (points[i].max_divergence) ? points[i].max_divergence
                                                                 : NAN;
      d->curve_eps_at_delta[i] = points[i].epsilon_at_delta;
      d->curve_tv[i] = points[i].total_variation;
      d->curve_delta[i] = points[i].delta_at_group_epsilon;
      if (!core_error (dp_group_bound (eps, m->delta, gs[i], &chain_eps, &d->curve_chain[i]),
                       error))
        return NULL;
      d->eps_hi = MAX (d->eps_hi, MAX (d->curve_bound[i], d->curve_eps_at_delta[i]));
      if (d->curve_delta[i] > 0)
        lo = MIN (lo, d->curve_delta[i]);
      if (d->curve_chain[i] > 0)
        {
          lo = MIN (lo, d->curve_chain[i]);
          hi = MAX (hi, d->curve_chain[i]);
        }
      hi = MAX (hi, d->curve_delta[i]);
    }
  d->eps_hi *= 1.1;
  d->delta_lo = isfinite (lo) ? lo / 3 : 1e-12;
  d->delta_hi = hi > 0 ? MIN (hi * 3, 3.0) : 1.0;
  return g_steal_pointer (&d);
}

static char *
group_caption (const DpvFrame *frame)
{
  const DpMechanism *m = dpv_frame_get_mechanism (frame);
  const DpvGroup *d = dpv_frame_get_result (frame);
  g_autofree char *ge = dpv_fmt (d->group_epsilon);
  g_autofree char *odds = dpv_fmt (d->odds_bound);

  if (m->kind == DP_MECHANISM_GAUSSIAN)
    {
      g_autofree char *ed = dpv_fmt (d->epsilon_at_delta);
      g_autofree char *dg = dpv_fmt (d->delta_at_group_epsilon);
      g_autofree char *dc = dpv_fmt (d->chain_delta);

      /* the exact δ lies below the chain's, sometimes within 4 digits: both get the digits
       * that tell them apart */
      for (int digits = 5; g_str_equal (dg, dc) && d->delta_at_group_epsilon != d->chain_delta
           && digits <= 17; digits++)
        {
          g_free (dg);
          g_free (dc);
          dg = dpv_format_number (d->delta_at_group_epsilon, digits);
          dc = dpv_format_number (d->chain_delta, digits);
        }

      /* Translators: g, gε, then the exact ε at δ of the group pair, its δ at gε and the
       * chain bound on it */
      return g_strdup_printf (_("g = %lu · gε = %s · the group pair: D<sub>∞</sub> = ∞, "
                                "(%s, δ)-DP; at gε its δ is %s (the chain of Prop. 3.6 "
                                "allows %s)"), d->g, ge, ed, dg, dc);
    }
  /* Translators: g, gε, e^{gε} */
  return g_strdup_printf (_("g = %lu · the group pair is exactly gε = %s-DP: odds within "
                            "×%s (Prop. 3.6 is tight)"), d->g, ge, odds);
}

static void
group_readouts (const DpvFrame *frame, GPtrArray *out)
{
  const DpMechanism *m = dpv_frame_get_mechanism (frame);
  const DpvGroup *d = dpv_frame_get_result (frame);

  dpv_readout_add (out, _("Group size g"), g_strdup_printf ("%lu", d->g));
  if (m->kind != DP_MECHANISM_RR)
    dpv_readout_add (out, _("Shift of the group pair gΔ"), dpv_fmt (d->group_shift));
  dpv_readout_add (out, _("Prop. 3.6: gε"), dpv_fmt (d->group_epsilon));
  dpv_readout_add (out, _("Prop. 3.6: odds within ×e^gε"), dpv_fmt (d->odds_bound));
  dpv_readout_add (out, _("Max divergence D∞ of the group pair"),
                   dpv_fmt (d->max_divergence));
  dpv_readout_add (out, _("ε of the group pair at δ (D∞^δ)"), dpv_fmt (d->epsilon_at_delta));
  dpv_readout_add (out, _("δ of the group pair at gε"), dpv_fmt (d->delta_at_group_epsilon));
  dpv_readout_add (out, _("δ at gε by the chain of Prop. 3.6"), dpv_fmt (d->chain_delta));
  dpv_readout_add (out, _("KL divergence of the group pair"), dpv_fmt (d->kl));
  dpv_readout_add (out, _("Statistical distance of the group pair"), dpv_fmt (d->tv));
}

static const DpvParamId uses[] = {
  DPV_PARAM_MECHANISM, DPV_PARAM_EPSILON, DPV_PARAM_DELTA, DPV_PARAM_SENSITIVITY,
  DPV_PARAM_GROUP, DPV_PARAM_NONE
};

const DpvViewClass dpv_group_view = {
  .name = "group",
  .title = N_("Group privacy"),
  .short_title = N_("Group"),
  .icon_name = "system-users-symbolic",
  .explanation =
    N_("Two datasets that differ in g people are g steps of one person apart, so an ε-DP "
       "mechanism keeps their odds within e<sup>gε</sup> (the lecture book, Prop. 3.6; Dwork "
       "&amp; Roth Thm 2.2). For a query of sensitivity Δ their answers differ by up to gΔ: the "
       "group pair is the mechanism’s pair shifted by gΔ. For the Laplace mechanism its max "
       "divergence is exactly gε — the proposition is tight, and a group of 10 under ε = 0.5 is "
       "a 5-DP pair. The Gaussian pair has no finite max divergence; its δ(ε′) is that of "
       "μ = gΔ/σ, drawn against ε′: for g &gt; 1, at the same δ it needs an ε larger than gε "
       "(its KL g²Δ²/(2σ²) grows like g²), while at gε its δ stays below what the chain of the "
       "proof allows. What (ε, δ)-DP "
       "alone promises for g people follows the chain of the proof: "
       "(gε, δ·(e<sup>gε</sup> − 1)/(e<sup>ε</sup> − 1)). Randomized response reports one "
       "person’s bit: the reports of a group of g respondents are the g-fold composition of its "
       "pair, whose loss (g − 2j)ε depends on the number j of “yes” among them, and whose max "
       "divergence is gε again. Below: the group’s guarantee against g."),
  .more_private = N_("Smaller ε is more private; every guarantee weakens as the group grows."),
  .uses = uses,
  .compute = group_compute,
  .free_result = g_free,
  .readouts = group_readouts,
  .caption = group_caption,
  .draw = dpv_group_draw,
};
