/* dpv-kl-draw.c — View 3 drawn: the bounds, the actual KL and the current ε
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Draws the numbers of dpv-kl.c; computes nothing.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dpv-kl.h"

typedef struct {
  const DpvParams *params;
  DpMechanismKind kind;
  double y_lo, y_hi;
  gboolean legend_below;
} Kl;

static const char *actual_label (DpMechanismKind kind);

enum { LABEL_REF, LABEL_LEMMA, LABEL_ZCDP, LABEL_TIGHT, N_FIXED_LABELS };

/* The fixed curves' legend labels, named once for the strip under the plot and for the
 * series. */
static const char *const label_text[N_FIXED_LABELS] = {
  [LABEL_REF] = N_("max divergence D<sub>∞</sub> = ε"),
  [LABEL_LEMMA] = N_("Lemma 3.18: ε(e<sup>ε</sup> − 1)"),
  [LABEL_ZCDP] = N_("zCDP: ε²/2"),
  [LABEL_TIGHT] = N_("tight: ε·tanh(ε/2)"),
};

/* The reference line y = ε is the max divergence of the pure mechanisms; the Gaussian's is
 * infinite. */
static const char *
label (DpMechanismKind kind, int which)
{
  if (which == LABEL_REF && kind == DP_MECHANISM_GAUSSIAN)
    return _("ε (the Gaussian's D<sub>∞</sub> is ∞)");
  return _(label_text[which]);
}

static void
setup_kl (DpvPlot *plot, gconstpointer user_data)
{
  const Kl *k = user_data;

  dpv_plot_set_x_axis (plot, dpv_param_spec (DPV_PARAM_EPSILON)->min,
                       dpv_param_spec (DPV_PARAM_EPSILON)->max, DPV_SCALE_LOG,
                       _("privacy budget ε"));
  dpv_plot_set_y_axis (plot, k->y_lo, k->y_hi,
                       k->params->log_y ? DPV_SCALE_LOG : DPV_SCALE_LINEAR,
                       _("divergence (nats)"));
  if (k->legend_below)
    {
      const char *labels[N_FIXED_LABELS + 1];

      for (int i = 0; i < N_FIXED_LABELS; i++)
        labels[i] = label (k->kind, i);
      labels[N_FIXED_LABELS] = actual_label (k->kind);
      dpv_plot_set_legend_below (plot, labels, G_N_ELEMENTS (labels));
    }
}

static const char *
actual_label (DpMechanismKind kind)
{
  switch (kind)
    {
    case DP_MECHANISM_LAPLACE:
      return _("Laplace KL = ε + e<sup>−ε</sup> − 1");
    case DP_MECHANISM_GAUSSIAN:
      return _("Gaussian KL = Δ²/(2σ²) = ρ (not ε-DP)");
    case DP_MECHANISM_RR:
    case DP_N_MECHANISMS:
    default:
      return _("randomized response KL = ε·tanh(ε/2)");
    }
}

void
dpv_kl_draw (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr, double x, double y,
             double w, double h)
{
  const DpvParams *params = dpv_frame_get_params (frame);
  const DpMechanism *m = dpv_frame_get_mechanism (frame);
  const DpvKl *d = dpv_frame_get_result (frame);
  const DpvParamSpec *eps_spec = dpv_param_spec (DPV_PARAM_EPSILON);
  Kl k = { params, m->kind, d->y_lo, d->y_hi, FALSE };
  g_autoptr(DpvPlot) plot = NULL;
  double ref[60];
  double eps = params->epsilon;
  double cur_x[5], cur_y[5];
  double cur_lemma = d->cur_lemma, cur_act = d->cur_act;

  /* Narrower than this (the app's window, small exports, large text), some ε put a curve
   * under the legend wherever it goes inside: it goes under the plot instead (or, where the
   * strip would take too much of the height, inside, in columns if need be). */
  k.legend_below = w < 64 * dpv_style_text_size (style);
  plot = dpv_panel_new (cr, style, x, y, w, h, setup_kl, &k);
  dpv_plot_draw_frame (plot);
  dpv_plot_vline (plot, eps, &style->accent, DPV_DASH_DASHED, NULL);
  /* y = ε: a straight line on log–log axes, a gentle curve otherwise; 60 points either way,
   * thin and dashed rather than dotted (dots are costly to stroke). */
  dpv_grid_log (eps_spec->min, eps_spec->max, 60, ref);
  dpv_plot_line (plot, ref, ref, 60, &style->roles[DPV_ROLE_EXTRA],
                 style->line_width * 0.7, DPV_DASH_DASHED,
                 label (m->kind, LABEL_REF));
  dpv_plot_line (plot, d->xs, d->lemma, DPV_KL_SAMPLES, &style->roles[DPV_ROLE_BOUND], style->line_width,
                 DPV_DASH_SOLID, label (m->kind, LABEL_LEMMA));
  dpv_plot_line (plot, d->xs, d->zcdp, DPV_KL_SAMPLES, &style->roles[DPV_ROLE_ZCDP], style->line_width,
                 DPV_DASH_DASHDOT, label (m->kind, LABEL_ZCDP));
  dpv_plot_line (plot, d->xs, d->tight, DPV_KL_SAMPLES, &style->roles[DPV_ROLE_TIGHT],
                 style->line_width * (m->kind == DP_MECHANISM_RR ? 2.2 : 1.0),
                 DPV_DASH_SOLID, label (m->kind, LABEL_TIGHT));
  dpv_plot_line (plot, d->actual->xs, d->actual->kl, d->actual->n, &style->roles[DPV_ROLE_ACTUAL], style->line_width * 1.2,
                 m->kind == DP_MECHANISM_RR ? DPV_DASH_DASHED : DPV_DASH_SOLID,
                 actual_label (m->kind));

  cur_x[0] = cur_x[1] = cur_x[2] = cur_x[3] = eps;
  cur_y[0] = cur_lemma;
  cur_y[1] = d->cur_tight;
  cur_y[2] = d->cur_zcdp;
  cur_y[3] = cur_act;
  dpv_plot_markers (plot, cur_x, cur_y, 1, &style->roles[DPV_ROLE_BOUND], 4.0, NULL);
  dpv_plot_markers (plot, cur_x + 1, cur_y + 1, 1, &style->roles[DPV_ROLE_TIGHT], 4.0, NULL);
  dpv_plot_markers (plot, cur_x + 2, cur_y + 2, 1, &style->roles[DPV_ROLE_ZCDP], 4.0, NULL);
  dpv_plot_markers (plot, cur_x + 3, cur_y + 3, 1, &style->roles[DPV_ROLE_ACTUAL], 4.5, NULL);
  if (m->kind == DP_MECHANISM_GAUSSIAN && isfinite (cur_act) && cur_act > 0)
    {
      g_autofree char *av = dpv_fmt (cur_act);
      /* no ratio: the lemma does not bound the Gaussian's KL */
      g_autofree char *label = g_strdup_printf (_("KL = ρ\n= %s\n(not ε-DP)"), av);
      double ay = cur_act;

      if (!params->log_y)
        ay = MIN (MAX (cur_act, 0.0), k.y_hi * 0.9);
      dpv_plot_annotate_vline (plot, eps, ay, label,
                               eps > 3.0 ? DPV_ANCHOR_SOUTH_WEST : DPV_ANCHOR_SOUTH_EAST,
                               &style->foreground);
    }
  else if (isfinite (cur_act) && cur_act > 0 && isfinite (cur_lemma))
    {
      g_autofree char *ratio = dpv_fmt (cur_lemma / cur_act);
      g_autofree char *lv = dpv_fmt (cur_lemma);
      g_autofree char *av = dpv_fmt (cur_act);
      /* three short lines rather than one long one: a narrow note finds a clear place beside
       * the ε line between curves that fan out from it */
      g_autofree char *label = g_strdup_printf (_("bound %s\nactual %s\nratio ×%s"), lv, av,
                                                ratio);
      double ay = cur_act;

      if (!params->log_y)
        ay = MIN (MAX (cur_act, 0.0), k.y_hi * 0.9);
      dpv_plot_annotate_vline (plot, eps, ay, label,
                               eps > 3.0 ? DPV_ANCHOR_SOUTH_WEST : DPV_ANCHOR_SOUTH_EAST,
                               &style->foreground);
    }
  dpv_plot_legend (plot);
}

