/* dpv-sensitivity.c — the "Sensitivity" view: global, local, local at distance t and smooth
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For a small data set x of ages in the domain [L, U] = [0, 100] and a query f (count, sum,
 * mean with n fixed, median, max), from libdpcore (dp-sensitivity.h):
 * - the global sensitivity GS_f (book Def. 3.3; DP notes, seed 001, 全局敏感度);
 * - the local sensitivity LS_f(x), by enumerating the neighbours (seed 001, 局部敏感度);
 * - the local sensitivity at distance t, A^(t)(x) = max LS_f(y) over d(x, y) ≤ t, and the
 *   β-smooth sensitivity S*_{f,β}(x) = max_t e^{−tβ} A^(t)(x) (Nissim, Raskhodnikova & Smith,
 *   STOC 2007, "NRS"; seed 001, 平滑上界 and 平滑敏感度);
 * - the noise each choice would add: Laplace GS/ε (Laplace mechanism, book Thm 3.2), the noise
 *   NRS calibrate to a smooth bound (Cauchy 6S/ε with β = ε/6 for ε-DP; Laplace 2S/ε with
 *   β = ε/(2 ln(2/δ)) for (ε, δ)-DP), and Laplace LS/ε, which is not private: a neighbour x′
 *   whose local sensitivity differs gets noise of another scale.
 * Neighbours: the count adds or removes one record (seed 001, |D Δ D′| = 1); the others replace
 * one record, n fixed (book Def. 3.1), as dp-sensitivity.h explains.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dpv-sensitivity.h"

char *
dpv_sensitivity_fmt (double value)
{
  if (isfinite (value) && value == floor (value) && fabs (value) < 1e6)
    return g_strdup_printf ("%.0f", value);
  return dpv_fmt (value);
}

const char *
dpv_sensitivity_query_label (DpQuery query)
{
  const DpvParamSpec *spec = dpv_param_spec (DPV_PARAM_STATISTIC);

  for (guint i = 0; i < spec->n_choices; i++)
    if (spec->choices[i].value == (int) query)
      return _(spec->choices[i].label);
  return "?";
}

static void
noise_info (DpNoiseKind kind, double centre, double scale, DpvSensNoiseInfo *out)
{
  out->kind = kind;
  out->centre = centre;
  out->scale = scale;
  out->median_abs = out->q95 = out->peak = 0.0;
  if (!(scale > 0))
    return;
  if (dp_noise_abs_quantile (kind, scale, 0.5, &out->median_abs) != DP_OK
      || dp_noise_abs_quantile (kind, scale, 0.95, &out->q95) != DP_OK
      || dp_noise_density (kind, scale, 0.0, &out->peak) != DP_OK)
    out->median_abs = out->q95 = out->peak = NAN;
}

/* A neighbour that changes f by LS_f(x): the local sensitivity's witness, by trying every
 * record replaced by L and by U (the extremes, dp-sensitivity.h). Replace relation only. */
static void
find_witness (DpvSensitivity *s)
{
  double y[DPV_PARAM_LIST_MAX];
  double best = 0.0;

  if (s->neighbours != DP_NEIGHBOURS_REPLACE || !(s->local > 0))
    return;
  memcpy (y, s->x, s->n * sizeof (double));
  for (gsize i = 0; i < s->n; i++)
    {
      const double ends[2] = { s->lower, s->upper };

      for (int e = 0; e < 2; e++)
        {
          double v;

          y[i] = ends[e];
          if (dp_query_value (s->query, y, s->n, &v) == DP_OK && fabs (v - s->value) > best)
            {
              best = fabs (v - s->value);
              s->ls_witness = TRUE;
              s->ls_index = i;
              s->ls_to = ends[e];
              s->ls_value = v;
            }
        }
      y[i] = s->x[i];
    }
}

static gpointer
sensitivity_compute (const DpvParams *params, const DpMechanism *m, gconstpointer data,
                     GCancellable *cancellable, GError **error)
{
  g_autofree DpvSensitivity *s = g_new0 (DpvSensitivity, 1);
  DpSensitivityAnalysis a = { 0 };
  const DpvParamList *list = &params->data;
  double eps = params->epsilon;
  double extra[2], reach = 0.0, peak = 0.0;
  gsize n_extra = 0;

  s->query = params->statistic;
  s->neighbours = dp_query_neighbours (s->query);
  s->n = list->n;
  /* the domain is the data row's range: every value the table accepts lies in it */
  s->lower = DPV_PARAM_MIN (DATA);
  s->upper = DPV_PARAM_MAX (DATA);
  memcpy (s->x, list->values, s->n * sizeof (double));

  if (dp_sensitivity_analyse (s->query, s->x, s->n, s->lower, s->upper, &a) != DP_OK
      || dp_smooth_calibration (eps, params->smooth_noise == DP_NOISE_CAUCHY ? 0.0
                                                                             : params->delta,
                                &s->cal) != DP_OK
      || dp_sensitivity_smooth (a.local_at_distance, s->n + 1, s->cal.beta, &s->smooth,
                                &s->t_star) != DP_OK)
    {
      dp_sensitivity_analysis_clear (&a);
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("The sensitivities of this data set cannot be computed"));
      return NULL;
    }
  s->value = a.value;
  s->global = a.global;
  s->local = a.local;
  s->neighbour = a.neighbour;
  if (s->neighbour.differs)
    s->neighbour_from = s->x[s->neighbour.index];
  for (gsize t = 0; t <= s->n; t++)
    {
      s->t[t] = (double) t;
      s->at_distance[t] = a.local_at_distance[t];
      s->damped[t] = exp (-(double) t * s->cal.beta) * a.local_at_distance[t];
    }
  dp_sensitivity_analysis_clear (&a);
  /* A^(t)'s log axis: down to the smallest positive value of either curve */
  {
    double lo = HUGE_VAL, hi = s->global;

    for (gsize t = 0; t <= s->n; t++)
      {
        if (s->damped[t] > 0)
          lo = MIN (lo, s->damped[t]);
        else if (s->at_distance[t] > 0)
          lo = MIN (lo, s->at_distance[t]);
        hi = MAX (hi, s->at_distance[t]);
      }
    if (!isfinite (lo))
      lo = hi;
    s->dist_hi = hi * 2.0;
    s->dist_lo = MAX (lo / 2.0, hi * 1e-4);
  }

  /* dots of equal values stack up */
  for (gsize i = 0; i < s->n; i++)
    {
      s->stack[i] = 1;
      for (gsize j = 0; j < i; j++)
        if (s->x[j] == s->x[i])
          s->stack[i]++;
      s->stack_max = MAX (s->stack_max, s->stack[i]);
    }
  find_witness (s);

  /* The noises: Laplace GS/ε (book Thm 3.2); the smooth bound's (NRS); Laplace LS/ε at x and
   * at the neighbour x′, centred on f(x) and f(x′). */
  noise_info (DP_NOISE_LAPLACE, s->value, s->global / eps, &s->noise[DPV_SENS_NOISE_GLOBAL]);
  noise_info (s->cal.kind, s->value, s->cal.scale_factor * s->smooth,
              &s->noise[DPV_SENS_NOISE_SMOOTH]);
  noise_info (DP_NOISE_LAPLACE, s->value, s->local / eps, &s->noise[DPV_SENS_NOISE_LOCAL]);
  if (s->neighbour.differs)
    noise_info (DP_NOISE_LAPLACE, s->neighbour.query_value, s->neighbour.local / eps,
                &s->noise[DPV_SENS_NOISE_NEIGHBOUR]);
  else
    noise_info (DP_NOISE_LAPLACE, s->value, 0.0, &s->noise[DPV_SENS_NOISE_NEIGHBOUR]);

  /* The released value's range: where the private noises keep 90 % of their mass (a Cauchy's
   * 95 % reaches 12.7 scales, flat and low), and the neighbour's release. */
  for (int k = 0; k < DPV_SENS_N_NOISES; k++)
    {
      const DpvSensNoiseInfo *ni = &s->noise[k];
      double q90 = 0.0;

      if (!(ni->scale > 0) || (k == DPV_SENS_NOISE_NEIGHBOUR && !s->neighbour.differs))
        continue;
      if (dp_noise_abs_quantile (ni->kind, ni->scale, 0.9, &q90) != DP_OK)
        continue;
      if (k == DPV_SENS_NOISE_GLOBAL || k == DPV_SENS_NOISE_SMOOTH)
        peak = MAX (peak, ni->peak);
      reach = MAX (reach, fabs (ni->centre - s->value) + (k <= DPV_SENS_NOISE_SMOOTH ? 1.2 * q90
                                                                                   : q90));
    }
  if (!(reach > 0))
    reach = s->upper - s->lower;
  s->z_lo = s->value - reach;
  s->z_hi = s->value + reach;
  /* the LS-scaled densities count for the height unless they are a spike far above */
  for (int k = DPV_SENS_NOISE_LOCAL; k < DPV_SENS_N_NOISES; k++)
    if (s->noise[k].peak > 0 && s->noise[k].peak <= 4.0 * peak)
      peak = MAX (peak, s->noise[k].peak);
  s->density_max = 1.15 * peak;
  extra[n_extra++] = s->value;
  if (s->neighbour.differs)
    extra[n_extra++] = s->neighbour.query_value;
  s->nz = dpv_grid_with_points (s->z_lo, s->z_hi, DPV_CURVE_SAMPLES, extra, n_extra, s->z);
  for (int k = 0; k < DPV_SENS_N_NOISES; k++)
    {
      const DpvSensNoiseInfo *ni = &s->noise[k];

      for (gsize i = 0; i < s->nz; i++)
        {
          double d = NAN;

          if (ni->scale > 0 && (k != DPV_SENS_NOISE_NEIGHBOUR || s->neighbour.differs)
              && dp_noise_density (ni->kind, ni->scale, s->z[i] - ni->centre, &d) != DP_OK)
            d = NAN;
          s->density[k][i] = d;
        }
    }
  return g_steal_pointer (&s);
}

static const char *
noise_kind_label (DpNoiseKind kind)
{
  return kind == DP_NOISE_CAUCHY ? _("Cauchy") : _("Laplace");
}

static char *
sensitivity_caption (const DpvFrame *frame)
{
  const DpvSensitivity *s = dpv_frame_get_result (frame);
  g_autofree char *fx = dpv_sensitivity_fmt (s->value);
  g_autofree char *gs = dpv_sensitivity_fmt (s->global);
  g_autofree char *ls = dpv_sensitivity_fmt (s->local);
  g_autofree char *ss = dpv_sensitivity_fmt (s->smooth);
  g_autofree char *beta = dpv_sensitivity_fmt (s->cal.beta);
  g_autofree char *bg = dpv_sensitivity_fmt (s->noise[DPV_SENS_NOISE_GLOBAL].scale);
  g_autofree char *bs = dpv_sensitivity_fmt (s->noise[DPV_SENS_NOISE_SMOOTH].scale);

  return g_strdup_printf (_("%s of %u ages: f(x) = %s · GS = %s · LS = %s · "
                            "S* = %s (β = %s) · noise scale: GS/ε = %s, smooth %s (%s)"),
                          dpv_sensitivity_query_label (s->query), (guint) s->n, fx, gs, ls,
                          ss, beta, bg, bs, noise_kind_label (s->cal.kind));
}

static void
add_noise_readouts (GPtrArray *out, const DpvSensNoiseInfo *ni, const char *scale_label,
                    const char *typical_label, const char *bound_label)
{
  dpv_readout_add (out, scale_label, dpv_sensitivity_fmt (ni->scale));
  dpv_readout_add (out, typical_label, dpv_sensitivity_fmt (ni->median_abs));
  dpv_readout_add (out, bound_label, dpv_sensitivity_fmt (ni->q95));
}

static void
sensitivity_readouts (const DpvFrame *frame, GPtrArray *out)
{
  const DpvParams *params = dpv_frame_get_params (frame);
  const DpvSensitivity *s = dpv_frame_get_result (frame);
  g_autofree char *lo = dpv_sensitivity_fmt (s->lower);
  g_autofree char *hi = dpv_sensitivity_fmt (s->upper);

  dpv_readout_add (out, _("Query f"), g_strdup (dpv_sensitivity_query_label (s->query)));
  dpv_readout_add (out, _("Records n"), g_strdup_printf ("%u", (guint) s->n));
  dpv_readout_add (out, _("Domain [L, U]"), g_strdup_printf ("[%s, %s]", lo, hi));
  dpv_readout_add (out, _("Neighbours"),
                   g_strdup (s->neighbours == DP_NEIGHBOURS_REPLACE
                             ? _("replace one record, n fixed (book Def. 3.1)")
                             : _("add or remove one record (DP notes)")));
  dpv_readout_add (out, _("f(x)"), dpv_sensitivity_fmt (s->value));
  dpv_readout_add (out, _("Global sensitivity GS_f (Def. 3.3)"), dpv_sensitivity_fmt (s->global));
  dpv_readout_add (out, _("Local sensitivity LS_f(x)"), dpv_sensitivity_fmt (s->local));
  if (s->n >= 1)
    dpv_readout_add (out, _("Local sensitivity at distance 1, A^(1)(x)"),
                     dpv_sensitivity_fmt (s->at_distance[1]));
  dpv_readout_add (out, _("Smoothness β"), dpv_sensitivity_fmt (s->cal.beta));
  dpv_readout_add (out, _("Smooth sensitivity S*_f,β(x)"), dpv_sensitivity_fmt (s->smooth));
  dpv_readout_add (out, _("Its maximum at distance t*"), g_strdup_printf ("%u", (guint) s->t_star));
  add_noise_readouts (out, &s->noise[DPV_SENS_NOISE_GLOBAL], _("Laplace scale GS/ε"),
                      _("  typical error (median |noise|)"), _("  95th percentile of |noise|"));
  add_noise_readouts (out, &s->noise[DPV_SENS_NOISE_SMOOTH],
                      s->cal.kind == DP_NOISE_CAUCHY ? _("Cauchy scale 6S*/ε (ε-DP)")
                                                     : _("Laplace scale 2S*/ε ((ε, δ)-DP)"),
                      _("  typical error (median |noise|)"), _("  95th percentile of |noise|"));
  if (s->cal.kind == DP_NOISE_LAPLACE)
    dpv_readout_add (out, _("  δ"), dpv_sensitivity_fmt (params->delta));
  add_noise_readouts (out, &s->noise[DPV_SENS_NOISE_LOCAL], _("Laplace scale LS/ε (not private)"),
                      _("  typical error (median |noise|)"), _("  95th percentile of |noise|"));
  if (s->neighbour.differs)
    {
      g_autofree char *from = dpv_sensitivity_fmt (s->neighbour_from);
      g_autofree char *to = dpv_sensitivity_fmt (s->neighbour.value);

      dpv_readout_add (out, _("Neighbour x′ with another LS"),
                       /* Translators: record number, its old and its new value */
                       g_strdup_printf (_("record %u: %s → %s"), (guint) s->neighbour.index + 1,
                                        from, to));
      dpv_readout_add (out, _("  f(x′)"), dpv_sensitivity_fmt (s->neighbour.query_value));
      dpv_readout_add (out, _("  LS_f(x′)"), dpv_sensitivity_fmt (s->neighbour.local));
    }
  else
    dpv_readout_add (out, _("Neighbour x′ with another LS"), g_strdup (_("none found")));
}

static const DpvParamId uses[] = {
  DPV_PARAM_STATISTIC, DPV_PARAM_DATA, DPV_PARAM_EPSILON, DPV_PARAM_SMOOTH_NOISE,
  DPV_PARAM_DELTA, DPV_PARAM_NONE
};

const DpvViewClass dpv_sensitivity_view = {
  .name = "sensitivity",
  .title = N_("Sensitivity: global, local and smooth"),
  .short_title = N_("Sensitivity"),
  .icon_name = "view-list-bullet-symbolic",
  .explanation =
    N_("A query f on a small data set x of ages in the domain [0, 100]. Its global sensitivity "
       "GS<sub>f</sub> (book Def. 3.3) is the largest change of f between any two neighbouring "
       "data sets; the local sensitivity LS<sub>f</sub>(x) (DP notes, 局部敏感度) looks only at "
       "the neighbours of this x, found by trying them all; A<sup>(t)</sup>(x) is the largest "
       "local sensitivity among the data sets at most t records away. Noise scaled to "
       "LS<sub>f</sub>(x) is not private: the local sensitivity depends on the data, so a "
       "neighbour x′ with another LS gets noise of another size, and the size of the noise "
       "tells x from x′. The β-smooth sensitivity S*<sub>f,β</sub>(x) = "
       "max<sub>t</sub> e<sup>−tβ</sup>A<sup>(t)</sup>(x) (Nissim, Raskhodnikova &amp; Smith "
       "2007; DP notes, 平滑敏感度) bounds LS and changes by at most a factor e<sup>β</sup> "
       "between neighbours: Cauchy noise of scale 6S*/ε with β = ε/6 is ε-DP, Laplace noise "
       "of scale 2S*/ε with β = ε/(2 ln(2/δ)) is (ε, δ)-DP. It can need less noise than "
       "GS<sub>f</sub>/ε (the seminar example) or more (the family example). The count adds "
       "or removes a record (DP notes); the other queries replace one, n fixed (book "
       "Def. 3.1)."),
  .more_private = N_("Smaller ε is more private and needs more noise."),
  .uses = uses,
  .compute = sensitivity_compute,
  .free_result = g_free,
  .readouts = sensitivity_readouts,
  .caption = sensitivity_caption,
  .draw = dpv_sensitivity_draw,
};
