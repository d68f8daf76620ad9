/* dpv-regions.c — View 2: max-divergence regions and the hockey-stick divergence
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * D∞(P‖Q) = sup_S ln(P(S)/Q(S)) and D∞^δ = sup over S with P(S) ≥ δ of ln((P(S) − δ)/Q(S))
 * (Dwork & Roth Def. 3.6, which holds both in the source text). The extremal set for a
 * threshold ε′ is S(ε′) = {y : p(y) > e^{ε′}q(y)}, and its excess mass is the hockey-stick
 * divergence δ(ε′) = P(S) − e^{ε′}Q(S) = ∫ max(0, p − e^{ε′}q) dy (VIEWS.md, View 2; Gaussian
 * closed form: Balle & Wang 2018, Thm 8). The smallest ε′ with δ(ε′) ≤ δ is D∞^δ; at ε′ = 0
 * the excess mass is the statistical distance (Lemma 3.17 moves exactly this mass).
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dpv-regions.h"

static double
hockey (const DpMechanism *m, double eps_prime)
{
  double v = NAN;

  if (dp_hockey_stick (m, eps_prime, &v) != DP_OK || !isfinite (v))
    return NAN;
  return MAX (v, 0.0);
}

/* The threshold: params->eps_prime, or, when it is negative, the smallest ε′ ≥ 0 with
 * δ(ε′) ≤ δ. For every real ε′, D∞^δ ≤ ε′ ⇔ P(S) − e^{ε′}Q(S) ≤ δ for every S ⇔ δ(ε′) ≤ δ
 * (Dwork & Roth Def. 3.6, second part), so that ε′ is D∞^δ when δ is below the statistical
 * distance δ(0); otherwise D∞^δ ≤ 0 and the smallest ε′ ≥ 0 is 0. A failed inverse is
 * reported as such, never replaced by another number. */
static DpvRegionsThreshold
threshold (const DpvParams *params, const DpMechanism *m, double *eps_prime, DpStatus *status)
{
  double tv = NAN;

  *status = DP_OK;
  *eps_prime = NAN;
  if (params->eps_prime >= 0.0)
    {
      *eps_prime = params->eps_prime;
      return DPV_REGIONS_GIVEN;
    }
  if (dp_total_variation (m, &tv) == DP_OK && params->delta >= tv)
    {
      *eps_prime = 0.0;
      return DPV_REGIONS_AT_ZERO;
    }
  *status = dp_hockey_stick_inverse (m, params->delta, eps_prime);
  if (*status != DP_OK || !isfinite (*eps_prime))
    {
      if (*status == DP_OK)
        *status = DP_ERR_NUMERIC;
      *eps_prime = NAN;
      return DPV_REGIONS_FAILED;
    }
  return DPV_REGIONS_SOLVED;
}

static void
compute_main_continuous (DpvRegions *r, const DpMechanism *m)
{
  double extra[3] = { 0.0, m->sensitivity, r->region.threshold };

  r->n = dpv_grid_with_points (r->x_lo, r->x_hi, DPV_CURVE_SAMPLES, extra,
                               r->region.empty ? 2 : 3, r->xs);
  for (gsize i = 0; i < r->n; i++)
    {
      r->ps[i] = dpv_density (m, DP_NEIGHBOUR_D, r->xs[i]);
      r->qs[i] = dpv_density (m, DP_NEIGHBOUR_D_PRIME, r->xs[i]);
      r->sq[i] = r->factor * r->qs[i];
      /* The excess p − e^{ε′}q over S: its area is δ(ε′). Clamp e^{ε′}q to the axis so the
       * fill stays finite. */
      r->lo[i] = MIN (r->sq[i], 2.0 * r->y_max);
      r->hi[i] = (!r->region.empty && r->xs[i] <= r->region.threshold) ? r->ps[i] : r->lo[i];
    }
  if (!r->region.empty)
    r->p_at_threshold = dpv_density (m, DP_NEIGHBOUR_D, r->region.threshold);
}

/* δ(ε′) from 0 past ε (pure mechanisms) or to where it is tiny (Gaussian). */
static void
compute_delta_curve (DpvRegions *r, const DpvParams *params, const DpMechanism *m)
{
  double extra[DPV_REGIONS_DELTA_REFINE];
  double d_small = MIN (params->delta, r->hs > 0 ? r->hs : params->delta);
  double eps_prime = isfinite (r->eps_prime) ? r->eps_prime : 0.0;
  gsize n_extra = 0;

  if (m->kind == DP_MECHANISM_GAUSSIAN)
    {
      double e_tail = 0;

      if (dp_hockey_stick_inverse (m, MAX (1e-14, d_small * 1e-2), &e_tail) != DP_OK
          || !isfinite (e_tail))
        e_tail = 2.0 * MAX (params->epsilon, eps_prime);
      r->e_max = MAX (1.05 * e_tail, 1.1 * eps_prime);
    }
  else
    r->e_max = MAX (1.1 * m->epsilon, 1.08 * eps_prime);
  r->e_max = MAX (r->e_max, 1e-3);
  r->d_lo = MAX (1e-15, d_small / 30.0);
  r->d_lo = MIN (r->d_lo, 1e-2);

  if (m->kind != DP_MECHANISM_GAUSSIAN)
    /* δ(ε′) falls to 0 at ε′ = ε like (ε − ε′)/2: refine there so the log plot reaches the
     * small δ values. */
    for (int j = 0; j < DPV_REGIONS_DELTA_REFINE; j++)
      extra[n_extra++] = m->epsilon * (1.0 - pow (10.0, -j / 4.0));
  /* The Gaussian δ(ε′) goes through log Φ: half the points, it is smooth. */
  r->nd = dpv_grid_with_points (0.0, r->e_max,
                                m->kind == DP_MECHANISM_GAUSSIAN ? DPV_REGIONS_DELTA_LINEAR / 2
                                                                 : DPV_REGIONS_DELTA_LINEAR,
                                extra, n_extra, r->dxs);
  for (gsize i = 0; i < r->nd; i++)
    r->dds[i] = hockey (m, r->dxs[i]);
}

DpvRegions *
dpv_regions_compute_at (const DpvParams *params, const DpMechanism *m, double eps_prime,
                        DpvRegionsThreshold source, DpStatus status)
{
  DpvRegions *r = g_new0 (DpvRegions, 1);
  gboolean failed = source == DPV_REGIONS_FAILED;

  r->source = source;
  r->solve_status = failed ? status : DP_OK;
  r->eps_prime = failed ? NAN : eps_prime;
  if (failed || dp_mechanism_region (m, r->eps_prime, &r->region) != DP_OK)
    {
      r->region.empty = TRUE;
      r->region.threshold = -HUGE_VAL;
      r->region.p_mass = r->region.q_mass = failed ? NAN : 0.0;
    }
  r->hs = failed ? NAN : hockey (m, r->eps_prime);
  if (dp_total_variation (m, &r->tv) != DP_OK)
    r->tv = NAN;
  if (dp_max_divergence (m, &r->dinf) != DP_OK)
    r->dinf = NAN;
  /* without a threshold, e^{ε′}q is not drawn (NaN breaks the line) */
  r->factor = failed ? NAN : exp (MIN (r->eps_prime, 700.0));

  if (m->kind == DP_MECHANISM_RR)
    {
      double q_max = 1.0 / (1.0 + exp (-m->epsilon));

      r->x_lo = -0.5;
      r->x_hi = 1.5;
      /* Room for the scaled bars e^{ε′}q, within reason. */
      r->y_max = failed ? 1.18
                        : CLAMP (1.08 * exp (MIN (r->eps_prime, 5.0)) * q_max, 1.18, 2.5);
      for (int i = 0; i < 2; i++)
        {
          r->rr_p[i] = dpv_density (m, DP_NEIGHBOUR_D, i);
          r->rr_q[i] = dpv_density (m, DP_NEIGHBOUR_D_PRIME, i);
          r->rr_scaled[i] = failed ? 0.0 : MIN (r->factor * r->rr_q[i], 2.0 * r->y_max);
        }
    }
  else
    {
      double s = m->scale, centre = m->sensitivity / 2;
      double half = centre + (m->kind == DP_MECHANISM_LAPLACE ? 5.0 : 4.0) * s;

      r->x_lo = centre - half;
      r->x_hi = centre + half;
      r->y_max = 1.15 * (m->kind == DP_MECHANISM_LAPLACE ? 1.0 / (2.0 * s)
                                                        : 1.0 / (s * sqrt (2.0 * G_PI)));
      compute_main_continuous (r, m);
    }
  compute_delta_curve (r, params, m);
  return r;
}

static gpointer
regions_compute (const DpvParams *params, const DpMechanism *m, gconstpointer data,
                 GCancellable *cancellable, GError **error)
{
  double eps_prime;
  DpStatus status;
  DpvRegionsThreshold source = threshold (params, m, &eps_prime, &status);

  return dpv_regions_compute_at (params, m, eps_prime, source, status);
}

int
dpv_regions_digits (const DpvRegions *r)
{
  return r->hs < 1e-3 ? 6 : 4;
}

/* P(S) and e^{ε′}Q(S) with @digits, or more where a probability near 1 needs them. */
static char *
fmt_mass (double v, int digits)
{
  return dpv_format_number (v, MAX (digits, dpv_prob_digits (v)));
}

static char *
regions_caption (const DpvFrame *frame)
{
  const DpvParams *params = dpv_frame_get_params (frame);
  const DpvRegions *r = dpv_frame_get_result (frame);
  int digits = dpv_regions_digits (r);
  g_autofree char *tv = dpv_fmt (r->tv);
  g_autofree char *dl = dpv_fmt (params->delta);
  g_autofree char *ep = NULL;
  g_autofree char *ps = NULL;
  g_autofree char *qs = NULL;
  g_autofree char *ds = NULL;
  g_autofree char *nums = NULL;

  if (r->source == DPV_REGIONS_FAILED)
    return g_strdup_printf (_("D<sub>∞</sub><sup>δ</sup> could not be computed for δ = %s: "
                              "no threshold ε′ is shown · statistical distance %s"), dl, tv);

  ep = dpv_format_number (r->eps_prime, digits);
  ps = fmt_mass (r->region.p_mass, digits);
  qs = fmt_mass (exp (r->eps_prime) * r->region.q_mass, digits);
  ds = dpv_fmt (r->hs);
  nums = g_strdup_printf (_("ε′ = %s%sP(S) = %s%sexp(ε′)·Q(S) = %s%sδ(ε′) = %s"),
                          ep, " · ", ps, " · ", qs, " · ", ds);
  switch (r->source)
    {
    case DPV_REGIONS_SOLVED:
      return g_strdup_printf (_("%s (solved from δ = %s: D<sub>∞</sub><sup>δ</sup>) · "
                                "statistical distance %s"), nums, dl, tv);
    case DPV_REGIONS_AT_ZERO:
      /* Translators: D∞^δ is at most 0 here; the view shows the threshold ε′ = 0. */
      return g_strdup_printf (_("%s · δ = %s is at least the statistical distance %s, so "
                                "D<sub>∞</sub><sup>δ</sup> ≤ 0 and ε′ = 0 is shown"),
                              nums, dl, tv);
    case DPV_REGIONS_GIVEN:
    case DPV_REGIONS_FAILED:
    default:
      return g_strdup_printf (_("%s · statistical distance %s"), nums, tv);
    }
}

static void
regions_readouts (const DpvFrame *frame, GPtrArray *out)
{
  const DpMechanism *m = dpv_frame_get_mechanism (frame);
  const DpvRegions *r = dpv_frame_get_result (frame);
  int digits = dpv_regions_digits (r);

  switch (r->source)
    {
    case DPV_REGIONS_FAILED:
      dpv_readout_add (out, _("Threshold ε′ = D∞^δ (solved from δ)"),
                       g_strdup (_("could not be computed")));
      dpv_readout_add (out, _("Statistical distance (δ at ε′ = 0)"), dpv_fmt (r->tv));
      if (!isnan (r->dinf))
        dpv_readout_add (out, _("Max divergence D∞(P‖Q)"), dpv_fmt (r->dinf));
      return;
    case DPV_REGIONS_SOLVED:
      dpv_readout_add (out, _("Threshold ε′ = D∞^δ (solved from δ)"),
                       dpv_format_number (r->eps_prime, digits));
      break;
    case DPV_REGIONS_AT_ZERO:
      dpv_readout_add (out, _("Threshold ε′ (δ ≥ statistical distance, so D∞^δ ≤ 0)"),
                       dpv_format_number (r->eps_prime, digits));
      break;
    case DPV_REGIONS_GIVEN:
    default:
      dpv_readout_add (out, _("Threshold ε′"), dpv_format_number (r->eps_prime, digits));
      break;
    }
  if (r->region.empty)
    dpv_readout_add (out, _("Region S(ε′)"), g_strdup (_("empty")));
  else if (m->kind == DP_MECHANISM_RR)
    dpv_readout_add (out, _("Region S(ε′)"), g_strdup ("{0}"));
  else
    {
      g_autofree char *t = dpv_fmt (r->region.threshold);

      dpv_readout_add (out, _("Region S(ε′)"), g_strdup_printf ("y < %s", t));
    }
  dpv_readout_add (out, _("P(S)"), fmt_mass (r->region.p_mass, digits));
  dpv_readout_add (out, _("Q(S)"), fmt_mass (r->region.q_mass, digits));
  dpv_readout_add (out, _("e^ε′ · Q(S)"), fmt_mass (exp (r->eps_prime) * r->region.q_mass, digits));
  dpv_readout_add (out, _("Gap δ(ε′) = P(S) − e^ε′ Q(S)"), dpv_fmt (r->hs));
  dpv_readout_add (out, _("Statistical distance (δ at ε′ = 0)"), dpv_fmt (r->tv));
  if (!isnan (r->dinf))
    dpv_readout_add (out, _("Max divergence D∞(P‖Q)"), dpv_fmt (r->dinf));
}

static const DpvParamId uses[] = {
  DPV_PARAM_MECHANISM, DPV_PARAM_EPSILON, DPV_PARAM_DELTA, DPV_PARAM_SENSITIVITY,
  DPV_PARAM_EPS_PRIME, DPV_PARAM_NONE
};

const DpvViewClass dpv_regions_view = {
  .name = "regions",
  .title = N_("Max-divergence regions"),
  .short_title = N_("Regions"),
  .icon_name = "view-dual-symbolic",
  .explanation =
    N_("The max divergence D<sub>∞</sub>(P‖Q) is the largest log-ratio ln(P(S)/Q(S)) over all "
       "output sets S (Dwork &amp; Roth, Def. 3.6). The shaded set S(ε′) = {y : p(y) &gt; "
       "e<sup>ε′</sup>q(y)} is the worst set for the threshold ε′; the mass by which P(S) "
       "exceeds e<sup>ε′</sup>Q(S) is δ(ε′). At ε′ = 0 the shaded mass is the statistical "
       "distance. When δ is below it, the smallest ε′ with δ(ε′) ≤ δ is the δ-approximate max "
       "divergence D<sub>∞</sub><sup>δ</sup> (also Def. 3.6), and by Lemma 3.17 P is δ-close "
       "to a distribution P′ with D<sub>∞</sub>(P′‖Q) ≤ ε′. When δ is at least the statistical "
       "distance, D<sub>∞</sub><sup>δ</sup> ≤ 0 and the view shows ε′ = 0."),
  .more_private = N_("Smaller ε is more private."),
  .uses = uses,
  .compute = regions_compute,
  .free_result = g_free,
  .readouts = regions_readouts,
  .caption = regions_caption,
  .draw = dpv_regions_draw,
};
