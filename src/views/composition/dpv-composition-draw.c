/* dpv-composition-draw.c — View 4 drawn: the curves against k and the current k
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Draws the numbers of dpv-composition.c; computes nothing.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dpv-composition.h"

typedef struct {
  const DpvParams *params;
  const DpvComposition *c;
  const DpvCompositionData *data;
  gboolean compact;
  gboolean legend_below;
} Composition;

enum { LABEL_BASIC, LABEL_RAW, LABEL_ADVANCED, LABEL_ZCDP, LABEL_RDP, N_LABELS };

/* The series' legend labels, named once for the strip under the plot and for the series.
 * Pure mechanisms compose (ε, 0) at every step; the Gaussian's labels say which δ₀ each
 * method takes from the total δ (dp-compose.h). */
static const char *const label_text[N_LABELS] = {
  [LABEL_BASIC] = N_("basic kε (Thm 3.16)"),
  [LABEL_RAW] = N_("raw Thm 3.20 formula where worse than basic"),
  [LABEL_ADVANCED] = N_("advanced, min(kε, ε<sub>k</sub>) (Thm 3.20)"),
  [LABEL_ZCDP] = N_("zCDP (Bun &amp; Steinke 2016)"),
  [LABEL_RDP] = N_("RDP (Mironov 2017)"),
};

static const char *const gaussian_label_text[N_LABELS] = {
  [LABEL_BASIC] = N_("basic kε<sub>0</sub>, δ<sub>0</sub> = δ/k (Thm 3.16)"),
  [LABEL_RAW] = N_("raw Thm 3.20 formula where worse than basic"),
  [LABEL_ADVANCED] = N_("advanced, min(basic, ε<sub>k</sub>), δ<sub>0</sub> = δ/(2k), "
                        "δ′ = δ/2 (Thm 3.20)"),
  [LABEL_ZCDP] = N_("zCDP (Bun &amp; Steinke 2016)"),
  [LABEL_RDP] = N_("RDP (Mironov 2017)"),
};

static const char *
label (DpMechanismKind kind, int which)
{
  return _(kind == DP_MECHANISM_GAUSSIAN ? gaussian_label_text[which] : label_text[which]);
}

static const char *
optimal_label (DpMechanismKind kind)
{
  if (kind == DP_MECHANISM_GAUSSIAN)
    return _("optimal for (ε<sub>0</sub>, δ<sub>0</sub>)-DP, δ<sub>0</sub> = δ/(2k) "
             "(KOV 2015)");
  return _("optimal for ε-DP (KOV 2015)");
}

static const char *
exact_label (DpMechanismKind kind)
{
  switch (kind)
    {
    case DP_MECHANISM_LAPLACE:
      return _("exact (privacy-loss distribution)");
    case DP_MECHANISM_GAUSSIAN:
      return _("exact (Gaussian with μ√k)");
    case DP_MECHANISM_RR:
    case DP_N_MECHANISMS:
    default:
      return _("exact (binomial)");
    }
}

static void
setup_comp (DpvPlot *plot, gconstpointer user_data)
{
  const Composition *c = user_data;
  g_autofree char *dl = dpv_fmt (c->params->delta);
  g_autofree char *ytitle = g_strdup_printf (_("total ε at total δ = %s"), dl);

  dpv_plot_set_x_axis (plot, 1.0, c->c->k_max, DPV_SCALE_LOG, _("number of mechanisms k"));
  dpv_plot_set_y_axis (plot, c->c->y_lo, c->c->y_hi, DPV_SCALE_LOG, ytitle);
  {
    /* the values with the notes, without them, or only what the panel shows */
    g_autofree char *title = dpv_composition_values_markup (c->c, TRUE);
    g_autofree char *plain = dpv_composition_values_markup (c->c, FALSE);
    const char *titles[3] = { title, plain, _("Total ε against k") };

    dpv_plot_set_title_choices (plot, titles, 3);
  }
  if (c->legend_below)
    {
      /* every entry the view may draw (the strip takes fewer) */
      DpMechanismKind kind = c->data->mechanism;
      const char *labels[N_LABELS + 2];
      gsize n = 0;

      for (int i = 0; i < N_LABELS; i++)
        if (kind == DP_MECHANISM_GAUSSIAN || (i != LABEL_ZCDP && i != LABEL_RDP))
          labels[n++] = label (kind, i);
      labels[n++] = optimal_label (kind);
      labels[n++] = exact_label (kind);
      dpv_plot_set_legend_below (plot, labels, n);
    }
}

void
dpv_composition_draw (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr,
                      double x, double y, double w, double h)
{
  const DpvParams *params = dpv_frame_get_params (frame);
  const DpvComposition *r = dpv_frame_get_result (frame);
  const DpvCompositionData *data = r->data;
  g_autoptr(DpvPlot) plot = NULL;
  Composition c = { params, r, data };
  double text = dpv_style_text_size (style);
  gsize n = data->n;
  gboolean pending = r->pending;

  c.compact = w < 40 * text || h < 18 * text;
  /* Narrower than this, some ε put a curve under the legend wherever it goes inside: it goes
   * under the plot instead. */
  c.legend_below = !dpv_view_roomy (style, w, h) || w < 64 * text;

  plot = dpv_panel_new (cr, style, x, y, w, h, setup_comp, &c);
  dpv_plot_draw_frame (plot);

  if (data->k_cross >= 1 && data->k_cross <= r->k_max)
    {
      g_autofree char *label = g_strdup_printf (_("crossover k = %lu"), data->k_cross);

      dpv_plot_vline (plot, (double) data->k_cross, &style->roles[DPV_ROLE_EXTRA],
                      DPV_DASH_DASHED, label);
    }
  dpv_plot_vline (plot, (double) params->k, &style->accent, DPV_DASH_DASHED, NULL);

  /* Basic wide and solid, advanced dashed on top: where advanced is no better the two
   * coincide and both stay visible. */
  dpv_plot_line (plot, r->xk, data->basic, n, &style->roles[DPV_ROLE_BOUND],
                 style->line_width * 1.8, DPV_DASH_SOLID, label (data->mechanism, LABEL_BASIC));
  dpv_plot_line (plot, r->xk, r->raw, n, &style->roles[DPV_ROLE_EXTRA], style->line_width * 0.7,
                 DPV_DASH_DOTTED, label (data->mechanism, LABEL_RAW));
  dpv_plot_line (plot, r->xk, r->adv, n, &style->roles[DPV_ROLE_EXTRA], style->line_width,
                 DPV_DASH_DASHED, label (data->mechanism, LABEL_ADVANCED));
  if (data->mechanism == DP_MECHANISM_GAUSSIAN)
    {
      dpv_plot_line (plot, r->xk, data->zcdp, n, &style->roles[DPV_ROLE_ZCDP], style->line_width,
                     DPV_DASH_DASHDOT, label (data->mechanism, LABEL_ZCDP));
      if (!pending)
        dpv_plot_line (plot, r->xk, data->rdp, n, &style->roles[DPV_ROLE_ZCDP],
                       style->line_width, DPV_DASH_DOTTED, label (data->mechanism, LABEL_RDP));
    }
  if (!pending)
    {
      dpv_plot_line (plot, r->xk, data->optimal, n, &style->roles[DPV_ROLE_TIGHT],
                     style->line_width, DPV_DASH_SOLID, optimal_label (data->mechanism));
      dpv_plot_line (plot, r->xk, data->exact, n, &style->roles[DPV_ROLE_ACTUAL],
                     style->line_width * (data->mechanism == DP_MECHANISM_RR ? 1.0 : 1.4),
                     data->mechanism == DP_MECHANISM_RR ? DPV_DASH_DASHED : DPV_DASH_SOLID,
                     exact_label (data->mechanism));
    }

  /* The current k with its values. */
  {
    double kx = (double) params->k;
    const double vals[4] = { r->pt.basic, dpv_composition_adv_min (&r->pt), r->pt.optimal, r->pt.exact };
    const DpvRole roles[4] = { DPV_ROLE_BOUND, DPV_ROLE_EXTRA, DPV_ROLE_TIGHT,
                               DPV_ROLE_ACTUAL };

    for (int i = 0; i < 4; i++)
      if (isfinite (vals[i]) && vals[i] > 0)
        dpv_plot_markers (plot, &kx, &vals[i], 1, &style->roles[roles[i]], 4.0, NULL);
    if (!pending && isfinite (r->pt.exact) && r->pt.exact > 0)
      {
        g_autofree char *v = dpv_composition_fmt_approx (r->pt.exact,
                                         r->pt.approximate
                                         && data->mechanism != DP_MECHANISM_GAUSSIAN,
                                         dpv_composition_digits (&r->pt));
        g_autofree char *label = g_strdup_printf ("ε = %s", v);

        dpv_plot_annotate (plot, kx, r->pt.exact, label,
                           params->k > 1000 ? DPV_ANCHOR_SOUTH_WEST : DPV_ANCHOR_SOUTH_EAST,
                           &style->roles[DPV_ROLE_ACTUAL]);
      }
  }
  if (pending)
    dpv_plot_annotate (plot, 1.0, r->y_hi, _("computing the exact curve…"),
                       DPV_ANCHOR_SOUTH_EAST, &style->muted);
  dpv_plot_legend (plot);
}

