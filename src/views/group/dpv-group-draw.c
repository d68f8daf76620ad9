/* dpv-group-draw.c — group privacy drawn: the group pair and its guarantee against g
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Draws the numbers of dpv-group.c; computes nothing. Top left: the output on D, on a
 * neighbour D′ (one person, faint) and on the dataset that differs in g people (shifted by gΔ),
 * and beneath, the group pair's privacy loss with the band ±gε; for randomized response the
 * number of "yes" among the g reports. Top right: δ_g(ε′) of the group pair. Beneath: the ε of
 * the group pair against g (Prop. 3.6's gε, the exact D∞ and the exact ε at δ), and for the
 * Gaussian its δ at gε against the chain bound; for the pure mechanisms, whose δ at gε is 0,
 * the statistical distance of the group pair.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dpv-group.h"

typedef struct {
  const DpvGroup *d;
  const DpvParams *params;
  const DpMechanism *m;
  gboolean compact;
  gboolean legend_below;  /* the pair's panel too narrow to keep its legend off the peaks */
  gboolean keys_below;    /* the panels against g: their legends in strips under them */
} Group;

/* ---- the pair ---------------------------------------------------------------------------- */

static void
setup_pair (DpvPlot *plot, gconstpointer user_data)
{
  const Group *v = user_data;
  const DpvGroup *d = v->d;
  g_autofree char *shift = dpv_fmt (d->group_shift);
  g_autofree char *t1 = v->m->kind == DP_MECHANISM_RR
    /* Translators: the group of g respondents */
    ? g_strdup_printf (_("The reports of a group of %lu respondents"), d->g)
    /* Translators: g, then gΔ */
    : g_strdup_printf (_("Datasets that differ in g = %lu people: shifted by gΔ = %s"), d->g,
                       shift);
  const char *titles[] = { t1, _("The group pair") };

  dpv_plot_set_title_choices (plot, titles, 2);
  dpv_plot_set_x_axis (plot, d->x_lo, d->x_hi, DPV_SCALE_LINEAR, NULL);
  dpv_plot_set_x_tick_labels (plot, FALSE);
  dpv_plot_set_y_axis (plot, 0.0, d->y_max, DPV_SCALE_LINEAR,
                       v->m->kind == DP_MECHANISM_RR ? _("probability") : _("density"));
  if (v->legend_below)
    {
      /* the entries draw_pair () gives the legend (one person's only for g > 1) */
      const char *continuous[] = { _("one person changed (D′)"), _("output on D"),
                                   _("g people changed") };
      const char *rr[] = { _("the g true answers all “no”"),
                           _("the g true answers all “yes”") };

      if (v->m->kind == DP_MECHANISM_RR)
        dpv_plot_set_legend_below (plot, rr, G_N_ELEMENTS (rr));
      else
        dpv_plot_set_legend_below (plot, continuous, G_N_ELEMENTS (continuous));
    }
}

static void
setup_loss (DpvPlot *plot, gconstpointer user_data)
{
  const Group *v = user_data;
  const DpvGroup *d = v->d;

  dpv_plot_set_x_axis (plot, d->x_lo, d->x_hi, DPV_SCALE_LINEAR,
                       v->m->kind == DP_MECHANISM_RR ? _("“yes” among the g reports j")
                                                     : _("output y"));
  dpv_plot_set_y_axis (plot, -d->loss_max, d->loss_max, DPV_SCALE_LINEAR, _("loss L<sub>g</sub>"));
}

static void
draw_band (const Group *v, const DpvStyle *style, DpvPlot *plot)
{
  g_autofree char *ge = dpv_fmt (v->d->group_epsilon);
  g_autofree char *label = g_strdup_printf ("±gε = ±%s", ge);
  double dx, dw;

  dpv_plot_hline (plot, v->d->group_epsilon, &style->roles[DPV_ROLE_LOSS], DPV_DASH_DASHED,
                  NULL);
  dpv_plot_hline (plot, -v->d->group_epsilon, &style->roles[DPV_ROLE_LOSS], DPV_DASH_DASHED,
                  NULL);
  dpv_plot_get_data_area (plot, &dx, NULL, &dw, NULL);
  dpv_plot_annotate (plot, dpv_plot_user_to_x (plot, dx + dw), v->d->group_epsilon, label,
                     DPV_ANCHOR_NORTH_WEST, &style->roles[DPV_ROLE_LOSS]);
}

static void
draw_pair_rr (const Group *v, const DpvStyle *style, DpvPlot *top, DpvPlot *bottom)
{
  const DpvGroup *d = v->d;
  double xd[DPV_GROUP_RR_MAX], xq[DPV_GROUP_RR_MAX];
  gsize n = d->g + 1;
  double w = 0.35;

  for (gsize j = 0; j < n; j++)
    {
      xd[j] = d->rr_j[j] - w / 2;
      xq[j] = d->rr_j[j] + w / 2;
    }
  dpv_plot_draw_frame (top);
  dpv_plot_bars (top, xd, d->rr_p, n, w, &style->roles[DPV_ROLE_D], 0.9,
                 _("the g true answers all “no”"));
  dpv_plot_bars (top, xq, d->rr_q, n, w, &style->roles[DPV_ROLE_D_PRIME], 0.9,
                 _("the g true answers all “yes”"));
  dpv_plot_legend (top);

  dpv_plot_shade_y_range (bottom, -d->group_epsilon, d->group_epsilon,
                          &style->roles[DPV_ROLE_LOSS], 0.10);
  dpv_plot_draw_frame (bottom);
  dpv_plot_bars (bottom, d->rr_j, d->rr_loss, n, 2 * w, &style->roles[DPV_ROLE_LOSS], 0.85,
                 NULL);
  draw_band (v, style, bottom);
}

static void
draw_pair (const Group *v, const DpvStyle *style, DpvPlot *top, DpvPlot *bottom)
{
  const DpvGroup *d = v->d;
  double zeros[DPV_GROUP_N] = { 0 };
  double centre = d->group_shift / 2;

  if (v->m->kind == DP_MECHANISM_RR)
    {
      draw_pair_rr (v, style, top, bottom);
      return;
    }
  dpv_plot_fill_between_lined (top, d->xs, zeros, d->p, d->n, &style->roles[DPV_ROLE_D], 0.16,
                               NULL, style->line_width);
  dpv_plot_fill_between_lined (top, d->xs, zeros, d->qg, d->n, &style->roles[DPV_ROLE_D_PRIME],
                               0.16, NULL, style->line_width);
  dpv_plot_draw_frame (top);
  if (d->g > 1)
    dpv_plot_line (top, d->xs, d->q1, d->n, &style->roles[DPV_ROLE_D_PRIME],
                   style->line_width * 0.6, DPV_DASH_DASHED, _("one person changed (D′)"));
  dpv_plot_line (top, d->xs, d->p, d->n, &style->roles[DPV_ROLE_D], style->line_width,
                 DPV_DASH_SOLID, _("output on D"));
  dpv_plot_line (top, d->xs, d->qg, d->n, &style->roles[DPV_ROLE_D_PRIME], style->line_width,
                 DPV_DASH_SOLID, _("g people changed"));
  dpv_plot_legend (top);

  dpv_plot_shade_y_range (bottom, -d->group_epsilon, d->group_epsilon,
                          &style->roles[DPV_ROLE_LOSS], 0.10);
  if (v->m->kind == DP_MECHANISM_GAUSSIAN)
    {
      dpv_plot_shade_x_range (bottom, -HUGE_VAL, centre - d->yb, &style->roles[DPV_ROLE_LOSS],
                              0.30, NULL);
      dpv_plot_shade_x_range (bottom, centre + d->yb, HUGE_VAL, &style->roles[DPV_ROLE_LOSS],
                              0.30, NULL);
    }
  dpv_plot_draw_frame (bottom);
  dpv_plot_line (bottom, d->xs, d->loss, d->n, &style->roles[DPV_ROLE_LOSS], style->line_width,
                 DPV_DASH_SOLID, NULL);
  draw_band (v, style, bottom);
}

/* ---- δ_g(ε′) ----------------------------------------------------------------------------- */

static void
setup_delta (DpvPlot *plot, gconstpointer user_data)
{
  const Group *v = user_data;
  const DpvGroup *d = v->d;

  /* Translators: the short form of “δ<sub>g</sub>(ε′) of the group pair” */
  const char *titles[] = { _("δ<sub>g</sub>(ε′) of the group pair"), _("δ<sub>g</sub>(ε′)") };

  dpv_plot_set_title_choices (plot, titles, G_N_ELEMENTS (titles));
  dpv_plot_set_x_axis (plot, 0.0, d->eps_prime[DPV_GROUP_DELTA_CURVE - 1], DPV_SCALE_LINEAR,
                       _("threshold ε′"));
  dpv_plot_set_y_axis (plot, d->dcurve_lo, 1.5, DPV_SCALE_LOG, _("δ<sub>g</sub>(ε′)"));
}

static void
draw_delta (const Group *v, const DpvStyle *style, DpvPlot *plot)
{
  const DpvGroup *d = v->d;
  g_autofree char *ge = dpv_fmt (d->group_epsilon);
  g_autofree char *gl = g_strdup_printf ("gε = %s", ge);
  g_autofree char *ds = dpv_fmt (v->params->delta);
  g_autofree char *dl = g_strdup_printf ("δ = %s", ds);
  g_autofree char *es = dpv_fmt (d->epsilon_at_delta);
  g_autofree char *el = g_strdup_printf ("D<sub>∞</sub><sup>δ</sup> = %s", es);
  double mx[1] = { d->epsilon_at_delta }, my[1] = { v->params->delta };

  dpv_plot_draw_frame (plot);
  dpv_plot_vline (plot, d->group_epsilon, &style->roles[DPV_ROLE_BOUND], DPV_DASH_DASHED, NULL);
  dpv_plot_hline (plot, v->params->delta, &style->muted, DPV_DASH_DASHED, NULL);
  dpv_plot_line (plot, d->eps_prime, d->delta_curve, DPV_GROUP_DELTA_CURVE,
                 &style->roles[DPV_ROLE_LOSS], style->line_width, DPV_DASH_SOLID, NULL);
  if (v->m->kind == DP_MECHANISM_GAUSSIAN)
    {
      g_autofree char *cs = dpv_fmt (d->chain_delta);
      /* Translators: the chain bound on δ at gε, from the proof of Prop. 3.6 */
      g_autofree char *cl = g_strdup_printf (_("chain bound %s"), cs);
      double cx[1] = { d->group_epsilon }, cy[1] = { d->chain_delta };

      dpv_plot_markers (plot, cx, cy, 1, &style->roles[DPV_ROLE_BOUND], 4.5, NULL);
      dpv_plot_annotate (plot, cx[0], cy[0], cl, DPV_ANCHOR_NORTH_EAST,
                         &style->roles[DPV_ROLE_BOUND]);
    }
  dpv_plot_annotate_vline (plot, d->group_epsilon, 1.0, gl, DPV_ANCHOR_EAST,
                           &style->roles[DPV_ROLE_BOUND]);
  dpv_plot_annotate (plot, 0.0, v->params->delta, dl, DPV_ANCHOR_SOUTH_EAST, &style->muted);
  if (d->epsilon_at_delta > 0)
    {
      dpv_plot_markers (plot, mx, my, 1, &style->accent, 4.5, NULL);
      dpv_plot_annotate (plot, mx[0], my[0], el, DPV_ANCHOR_SOUTH_WEST, &style->foreground);
    }
}

/* ---- against g --------------------------------------------------------------------------- */

#define MAX_DIV_KEY N_("exact D<sub>∞</sub>")
#define BOUND_KEY N_("Prop. 3.6: gε")
#define CHAIN_KEY N_("chain of Prop. 3.6: δ(e<sup>gε</sup> − 1)/(e<sup>ε</sup> − 1)")
#define DELTA_KEY N_("exact δ<sub>g</sub>(gε)")
#define TV_KEY N_("δ<sub>g</sub>(0); δ<sub>g</sub>(gε) = 0 for every g")

/* the δ is the δ<sub>g</sub>(ε′) panel's, labelled there */
#define EPS_AT_DELTA_KEY N_("exact ε at δ (D<sub>∞</sub><sup>δ</sup>)")

static void
setup_eps_g (DpvPlot *plot, gconstpointer user_data)
{
  const Group *v = user_data;

  /* Translators: the short form of “ε of the group pair against g” */
  const char *titles[] = { _("ε of the group pair against g"), _("ε against g") };

  dpv_plot_set_title_choices (plot, titles, G_N_ELEMENTS (titles));
  dpv_plot_set_x_axis (plot, 1.0, 50.0, DPV_SCALE_LINEAR, _("group size g"));
  dpv_plot_set_y_axis (plot, 0.0, v->d->eps_hi, DPV_SCALE_LINEAR, "ε");
  if (v->keys_below)
    {
      /* the entries draw_eps_g () gives the legend */
      const char *labels[] = { v->m->kind == DP_MECHANISM_GAUSSIAN ? NULL : _(MAX_DIV_KEY),
                               _(EPS_AT_DELTA_KEY), _(BOUND_KEY) };

      dpv_plot_set_legend_below (plot, labels, G_N_ELEMENTS (labels));
    }
}

/* The current g: a dashed line and the point on a curve. */
static void
mark_g (const Group *v, const DpvStyle *style, DpvPlot *plot, double y, const char *label)
{
  double mx[1] = { (double) v->d->g }, my[1] = { y };

  dpv_plot_vline (plot, mx[0], &style->accent, DPV_DASH_DASHED, NULL);
  dpv_plot_markers (plot, mx, my, 1, &style->accent, 4.5, NULL);
  dpv_plot_annotate_vline (plot, mx[0], my[0], label, DPV_ANCHOR_EAST, &style->foreground);
}

static void
draw_eps_g (const Group *v, const DpvStyle *style, DpvPlot *plot)
{
  const DpvGroup *d = v->d;
  gboolean gaussian = v->m->kind == DP_MECHANISM_GAUSSIAN;
  g_autofree char *now = dpv_fmt (gaussian ? d->epsilon_at_delta : d->max_divergence);
  g_autofree char *label = gaussian ? g_strdup_printf ("ε = %s", now)
                                    : g_strdup_printf ("D<sub>∞</sub> = %s", now);

  dpv_plot_draw_frame (plot);
  if (!gaussian)
    dpv_plot_line (plot, d->gs, d->curve_max_div, 50, &style->roles[DPV_ROLE_ACTUAL],
                   style->line_width * 2.2, DPV_DASH_SOLID, _(MAX_DIV_KEY));
  dpv_plot_line (plot, d->gs, d->curve_eps_at_delta, 50, &style->roles[DPV_ROLE_LOSS],
                 style->line_width, DPV_DASH_SOLID, _(EPS_AT_DELTA_KEY));
  /* the bound last: for the pure mechanisms it lies on the exact curves */
  dpv_plot_line (plot, d->gs, d->curve_bound, 50, &style->roles[DPV_ROLE_BOUND],
                 style->line_width, DPV_DASH_DASHED, _(BOUND_KEY));
  mark_g (v, style, plot, gaussian ? d->epsilon_at_delta : d->max_divergence, label);
  dpv_plot_legend (plot);
}

static void
setup_delta_g (DpvPlot *plot, gconstpointer user_data)
{
  const Group *v = user_data;

  dpv_plot_set_x_axis (plot, 1.0, 50.0, DPV_SCALE_LINEAR, _("group size g"));
  if (v->m->kind == DP_MECHANISM_GAUSSIAN)
    {
      /* Translators: the short form of “δ of the group pair at gε against g” */
      const char *titles[] = { _("δ of the group pair at gε against g"),
                               _("δ at gε against g") };
      const char *labels[] = { _(CHAIN_KEY), _(DELTA_KEY) };

      dpv_plot_set_title_choices (plot, titles, G_N_ELEMENTS (titles));
      dpv_plot_set_y_axis (plot, v->d->delta_lo, v->d->delta_hi, DPV_SCALE_LOG, "δ");
      if (v->keys_below)
        dpv_plot_set_legend_below (plot, labels, G_N_ELEMENTS (labels));
    }
  else
    {
      /* Translators: the short form of “Statistical distance of the group pair” */
      const char *titles[] = { _("Statistical distance of the group pair"),
                               _("Statistical distance") };
      const char *labels[] = { _(TV_KEY) };

      dpv_plot_set_title_choices (plot, titles, G_N_ELEMENTS (titles));
      dpv_plot_set_y_axis (plot, 0.0, 1.05, DPV_SCALE_LINEAR, _("statistical distance"));
      if (v->keys_below)
        dpv_plot_set_legend_below (plot, labels, G_N_ELEMENTS (labels));
    }
}

static void
draw_delta_g (const Group *v, const DpvStyle *style, DpvPlot *plot)
{
  const DpvGroup *d = v->d;

  dpv_plot_draw_frame (plot);
  if (v->m->kind == DP_MECHANISM_GAUSSIAN)
    {
      g_autofree char *now = dpv_fmt (d->delta_at_group_epsilon);
      g_autofree char *label = g_strdup_printf ("δ = %s", now);

      dpv_plot_line (plot, d->gs, d->curve_chain, 50, &style->roles[DPV_ROLE_BOUND],
                     style->line_width, DPV_DASH_DASHED, _(CHAIN_KEY));
      dpv_plot_line (plot, d->gs, d->curve_delta, 50, &style->roles[DPV_ROLE_LOSS],
                     style->line_width, DPV_DASH_SOLID, _(DELTA_KEY));
      mark_g (v, style, plot, d->delta_at_group_epsilon, label);
    }
  else
    {
      g_autofree char *now = dpv_fmt (d->tv);
      g_autofree char *label = g_strdup_printf ("TV = %s", now);

      dpv_plot_line (plot, d->gs, d->curve_tv, 50, &style->roles[DPV_ROLE_LOSS],
                     style->line_width, DPV_DASH_SOLID, _(TV_KEY));
      mark_g (v, style, plot, d->tv, label);
    }
  dpv_plot_legend (plot);
}

void
dpv_group_draw (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr,
                double x, double y, double w, double h)
{
  Group v = { dpv_frame_get_result (frame), dpv_frame_get_params (frame),
              dpv_frame_get_mechanism (frame), FALSE };
  double text = dpv_style_text_size (style);
  g_autoptr(DpvPlot) top = NULL;
  g_autoptr(DpvPlot) loss = NULL;
  g_autoptr(DpvPlot) delta = NULL;
  g_autoptr(DpvPlot) eps_g = NULL;
  g_autoptr(DpvPlot) delta_g = NULL;

  v.compact = w < 52 * text || h < 26 * text;
  /* the densities' tips reach the top of the panel: a narrow one has no free corner */
  v.legend_below = v.compact || w / 2 < 44 * text;
  v.keys_below = v.compact;
  if (w < 36 * text)
    {
      /* narrow: the pair and its loss on the left; δ(ε′), ε and δ against g stacked on the
       * right (wider compact figures keep the rows below, with the legends in strips) */
      double pw = w * 0.55, rh = h / 3;

      dpv_panels_stacked (cr, style, x, y, pw, h, 0.6, setup_pair, setup_loss, &v, &top,
                          &loss);
      delta = dpv_panel_new (cr, style, x + pw, y, w - pw, rh, setup_delta, &v);
      eps_g = dpv_panel_new (cr, style, x + pw, y + rh, w - pw, rh, setup_eps_g, &v);
      delta_g = dpv_panel_new (cr, style, x + pw, y + 2 * rh, w - pw, h - 2 * rh,
                               setup_delta_g, &v);
      draw_pair (&v, style, top, loss);
      draw_delta (&v, style, delta);
      draw_eps_g (&v, style, eps_g);
      draw_delta_g (&v, style, delta_g);
      return;
    }
  {
    double th = h * 0.56;
    DpvPlot *row[2];

    dpv_panels_stacked (cr, style, x, y, w / 2, th, 0.6, setup_pair, setup_loss, &v, &top,
                        &loss);
    delta = dpv_panel_new (cr, style, x + w / 2, y, w / 2, th, setup_delta, &v);
    eps_g = dpv_panel_new (cr, style, x, y + th, w / 2, h - th, setup_eps_g, &v);
    delta_g = dpv_panel_new (cr, style, x + w / 2, y + th, w / 2, h - th, setup_delta_g, &v);
    row[0] = loss;
    row[1] = delta;
    dpv_plot_align_bottom (row, 2);
    row[0] = eps_g;
    row[1] = delta_g;
    dpv_plot_align_bottom (row, 2);
    draw_pair (&v, style, top, loss);
    draw_delta (&v, style, delta);
    draw_eps_g (&v, style, eps_g);
    draw_delta_g (&v, style, delta_g);
  }
}
