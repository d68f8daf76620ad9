/* dpv-sensitivity-draw.c — the "Sensitivity" view drawn
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Draws the numbers of dpv-sensitivity.c; computes nothing. Top: the data set as a dot plot
 * over the domain, f(x), the neighbour that moves f by LS and the neighbour x′ whose LS
 * differs, with the warning why LS alone is not private under it. Below: A^(t)(x) against t
 * with GS and e^{−tβ}A^(t)(x), its maximum S* marked; and the noise each choice would add to
 * f(x). A thumbnail shows the A^(t) panel alone.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dpv-sensitivity.h"
#include "dpv-text.h"

typedef struct {
  const DpvSensitivity *s;
  const DpvParams *params;
  double y_lo, y_hi;        /* the A^(t) panel's log axis */
  gboolean compact;
  gboolean legends_below;   /* the A^(t) and noise panels' legends in strips under them */
  char *noise_labels[4];    /* the noise panel's legend entries, in the order drawn */
  guint n_noise_labels;
} Sens;

/* The distance panel's legend entries, in the order draw_distance () draws them. */
static const char *
distance_label (guint i)
{
  return i == 0 ? _("A<sup>(t)</sup>(x): largest LS within distance t")
                : _("e<sup>−tβ</sup>A<sup>(t)</sup>(x)");
}

/* The noise panel's legend entries into c->noise_labels, in the order draw_noise () draws
 * them (free them with clear_noise_labels ()). */
static void
noise_labels (Sens *c)
{
  const DpvSensitivity *s = c->s;
  const DpvSensNoiseInfo *g = &s->noise[DPV_SENS_NOISE_GLOBAL];
  const DpvSensNoiseInfo *sm = &s->noise[DPV_SENS_NOISE_SMOOTH];
  const DpvSensNoiseInfo *lo = &s->noise[DPV_SENS_NOISE_LOCAL];
  const DpvSensNoiseInfo *nb = &s->noise[DPV_SENS_NOISE_NEIGHBOUR];
  g_autofree char *bg = dpv_sensitivity_fmt (g->scale);
  g_autofree char *bs = dpv_sensitivity_fmt (sm->scale);
  g_autofree char *bl = dpv_sensitivity_fmt (lo->scale);
  g_autofree char *bn = dpv_sensitivity_fmt (nb->scale);
  g_autofree char *qg = dpv_sensitivity_fmt (g->q95);
  g_autofree char *qs = dpv_sensitivity_fmt (sm->q95);
  g_autofree char *ql = dpv_sensitivity_fmt (lo->q95);
  guint n = 0;

  c->noise_labels[n++] = g_strdup_printf (_("Laplace, GS/ε = %s: ε-DP; 95 %% within ±%s"), bg,
                                          qg);
  c->noise_labels[n++] = sm->kind == DP_NOISE_CAUCHY
    ? g_strdup_printf (_("Cauchy, 6S*/ε = %s: ε-DP; 95 %% within ±%s"), bs, qs)
    : g_strdup_printf (_("Laplace, 2S*/ε = %s: (ε, δ)-DP; 95 %% within ±%s"), bs, qs);
  if (lo->scale > 0)
    c->noise_labels[n++] = g_strdup_printf (_("Laplace, LS(x)/ε = %s: not private; 95 %% "
                                              "within ±%s"), bl, ql);
  if (s->neighbour.differs && nb->scale > 0)
    c->noise_labels[n++] = g_strdup_printf (_("the same at x′: LS(x′)/ε = %s"), bn);
  c->n_noise_labels = n;
}

static void
clear_noise_labels (Sens *c)
{
  for (guint i = 0; i < c->n_noise_labels; i++)
    g_free (c->noise_labels[i]);
  c->n_noise_labels = 0;
}

/* f's value is an age for these queries (drawn on the data's axis). */
static gboolean
value_is_in_domain (const DpvSensitivity *s)
{
  return s->query == DP_QUERY_MEAN || s->query == DP_QUERY_MEDIAN || s->query == DP_QUERY_MAX;
}

static void
setup_data (DpvPlot *plot, gconstpointer user_data)
{
  const Sens *c = user_data;
  const DpvSensitivity *s = c->s;
  g_autofree char *fx = dpv_sensitivity_fmt (s->value);
  g_autofree char *title = g_strdup_printf (_("data set x: %u ages · f(x) = %s of x = %s"),
                                            (guint) s->n,
                                            dpv_sensitivity_query_label (s->query), fx);
  /* Translators: the short form of “data set x: %u ages · f(x) = %s of x = %s” */
  g_autofree char *short_title = g_strdup_printf (_("x: %u ages · %s = %s"), (guint) s->n,
                                                  dpv_sensitivity_query_label (s->query), fx);
  const char *titles[2] = { title, short_title };
  double pad = (s->upper - s->lower) * 0.02;

  dpv_plot_set_x_axis (plot, s->lower - pad, s->upper + pad, DPV_SCALE_LINEAR, _("age"));
  /* room above the dots for x′ and its label; at least 0 … 5, so the ticks are whole */
  dpv_plot_set_y_axis (plot, 0.0, MAX (s->stack_max + 2.2, 5.0), DPV_SCALE_LINEAR,
                       _("records"));
  dpv_plot_set_title_choices (plot, titles, 2);
}

static void
setup_distance (DpvPlot *plot, gconstpointer user_data)
{
  const Sens *c = user_data;
  const DpvSensitivity *s = c->s;
  g_autofree char *beta = dpv_sensitivity_fmt (s->cal.beta);
  g_autofree char *ls = dpv_sensitivity_fmt (s->local);
  g_autofree char *title = g_strdup_printf (_("local sensitivity at distance t: "
                                              "LS(x) = A<sup>(0)</sup>(x) = %s, β = %s"),
                                            ls, beta);
  g_autofree char *short_title = g_strdup_printf (_("A<sup>(t)</sup>(x): LS = %s, β = %s"), ls,
                                                  beta);
  const char *titles[2] = { title, short_title };

  dpv_plot_set_x_axis (plot, 0.0, MAX ((double) s->n, 1.0), DPV_SCALE_LINEAR,
                       s->neighbours == DP_NEIGHBOURS_REPLACE
                       ? _("distance t (records replaced)")
                       : _("distance t (records added or removed)"));
  dpv_plot_set_y_axis (plot, c->y_lo, c->y_hi, DPV_SCALE_LOG, _("sensitivity"));
  dpv_plot_set_title_choices (plot, titles, 2);
  if (c->legends_below)
    {
      const char *labels[2] = { distance_label (0), distance_label (1) };

      dpv_plot_set_legend_below (plot, labels, 2);
    }
}

static void
setup_noise (DpvPlot *plot, gconstpointer user_data)
{
  const Sens *c = user_data;
  const DpvSensitivity *s = c->s;
  g_autofree char *eps = dpv_sensitivity_fmt (c->params->epsilon);
  g_autofree char *title = g_strdup_printf (_("the released value f(x) + noise, ε = %s"), eps);
  g_autofree char *short_title = g_strdup_printf (_("f(x) + noise, ε = %s"), eps);
  const char *titles[2] = { title, short_title };

  dpv_plot_set_x_axis (plot, s->z_lo, s->z_hi, DPV_SCALE_LINEAR, _("released value"));
  dpv_plot_set_y_axis (plot, 0.0, s->density_max, DPV_SCALE_LINEAR, _("density"));
  dpv_plot_set_title_choices (plot, titles, 2);
  if (c->legends_below)
    dpv_plot_set_legend_below (plot, (const char *const *) c->noise_labels, c->n_noise_labels);
}

/* A line with an arrowhead at its end, in user units. */
static void
arrow (cairo_t *cr, const DpvStyle *style, const DpvColor *color, double x0, double y0,
       double x1, double y1, gboolean dashed)
{
  double len = hypot (x1 - x0, y1 - y0), head = dpv_style_text_size (style) * 0.6;
  double ux, uy;

  if (!(len > head))
    return;
  ux = (x1 - x0) / len;
  uy = (y1 - y0) / len;
  cairo_save (cr);
  dpv_color_set_source (color, cr);
  cairo_set_line_width (cr, style->line_width);
  if (dashed)
    {
      double d[2] = { 4 * style->line_width, 3 * style->line_width };

      cairo_set_dash (cr, d, 2, 0);
    }
  cairo_move_to (cr, x0, y0);
  cairo_line_to (cr, x1 - ux * head * 0.8, y1 - uy * head * 0.8);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  cairo_move_to (cr, x1, y1);
  cairo_line_to (cr, x1 - ux * head - uy * head * 0.45, y1 - uy * head + ux * head * 0.45);
  cairo_line_to (cr, x1 - ux * head + uy * head * 0.45, y1 - uy * head - ux * head * 0.45);
  cairo_close_path (cr);
  cairo_fill (cr);
  cairo_restore (cr);
}

/* A hollow circle at a data point. */
static void
ring (cairo_t *cr, DpvPlot *plot, const DpvStyle *style, const DpvColor *color, double x,
      double y, double r)
{
  cairo_save (cr);
  dpv_color_set_source (color, cr);
  cairo_set_line_width (cr, style->line_width);
  cairo_new_sub_path (cr);
  cairo_arc (cr, dpv_plot_x_to_user (plot, x), dpv_plot_y_to_user (plot, y), r, 0, 2 * G_PI);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
draw_data (const Sens *c, const DpvStyle *style, cairo_t *cr, DpvPlot *plot)
{
  const DpvSensitivity *s = c->s;
  const DpvColor *cx = &style->roles[DPV_ROLE_D];
  const DpvColor *cxp = &style->roles[DPV_ROLE_D_PRIME];
  double r = MAX (2.5, dpv_style_text_size (style) * 0.32);

  dpv_plot_draw_frame (plot);
  if (value_is_in_domain (s))
    {
      g_autofree char *fx = dpv_sensitivity_fmt (s->value);
      g_autofree char *label = g_strdup_printf ("f(x) = %s", fx);

      dpv_plot_vline (plot, s->value, &style->accent, DPV_DASH_DASHED, label);
    }
  dpv_plot_markers (plot, s->x, s->stack, s->n, cx, r, NULL);

  /* The neighbour that moves f by LS: record i replaced by L or U. */
  if (s->ls_witness)
    {
      double from = s->x[s->ls_index], h = s->stack[s->ls_index];
      g_autofree char *ls = dpv_sensitivity_fmt (s->local);
      g_autofree char *label = g_strdup_printf (_("moving this record to %s changes f by "
                                                  "LS = %s"),
                                                s->ls_to == s->upper ? "U" : "L", ls);

      arrow (cr, style, &style->muted, dpv_plot_x_to_user (plot, from),
             dpv_plot_y_to_user (plot, h), dpv_plot_x_to_user (plot, s->ls_to),
             dpv_plot_y_to_user (plot, h), TRUE);
      if (!c->compact)
        dpv_plot_annotate (plot, (from + s->ls_to) / 2, h, label,
                           DPV_ANCHOR_SOUTH, &style->muted);
    }

  /* The neighbour x′ whose local sensitivity differs. */
  if (s->neighbour.differs)
    {
      double from = s->neighbour_from, h = s->stack[s->neighbour.index];
      double top = s->stack_max + 0.9;
      double xt = s->neighbour.value;

      ring (cr, plot, style, cxp, from, h, r + 2.0);
      arrow (cr, style, cxp, dpv_plot_x_to_user (plot, from), dpv_plot_y_to_user (plot, h),
             dpv_plot_x_to_user (plot, xt), dpv_plot_y_to_user (plot, top), FALSE);
      dpv_plot_markers (plot, &xt, &top, 1, cxp, r, NULL);
      /* its record, values and LS are in the warning under the panel */
      dpv_plot_annotate (plot, xt, top, "x′", DPV_ANCHOR_NORTH, cxp);
    }
}

static void
draw_distance (const Sens *c, const DpvStyle *style, DpvPlot *plot)
{
  const DpvSensitivity *s = c->s;
  gsize n = s->n;
  double sx[2 * (DPV_PARAM_LIST_MAX + 1)], sy[2 * (DPV_PARAM_LIST_MAX + 1)];
  double ad[DPV_PARAM_LIST_MAX + 1], dd[DPV_PARAM_LIST_MAX + 1];
  gsize m = 0;
  g_autofree char *gs = dpv_sensitivity_fmt (s->global);
  g_autofree char *gs_label = g_strdup_printf ("GS = %s", gs);
  g_autofree char *ss = dpv_sensitivity_fmt (s->smooth);
  g_autofree char *s_label = g_strdup_printf (_("S* = %s at t = %u"), ss, (guint) s->t_star);
  double tx, ty;

  /* zeros sit on the bottom edge of the log axis */
  for (gsize t = 0; t <= n; t++)
    {
      ad[t] = MAX (s->at_distance[t], c->y_lo);
      dd[t] = MAX (s->damped[t], c->y_lo);
    }
  /* A^(t) is a step function of the whole number t */
  for (gsize t = 0; t <= n; t++)
    {
      sx[m] = (double) t;
      sy[m++] = ad[t];
      sx[m] = MIN ((double) t + 1, (double) n);
      sy[m++] = ad[t];
    }

  dpv_plot_draw_frame (plot);
  dpv_plot_hline (plot, s->global, &style->roles[DPV_ROLE_BOUND], DPV_DASH_DASHED, gs_label);
  dpv_plot_line (plot, sx, sy, m, &style->roles[DPV_ROLE_D], style->line_width * 1.4,
                 DPV_DASH_SOLID, distance_label (0));
  dpv_plot_line (plot, s->t, dd, n + 1, &style->roles[DPV_ROLE_TIGHT], style->line_width,
                 DPV_DASH_SOLID, distance_label (1));
  dpv_plot_markers (plot, s->t, dd, n + 1, &style->roles[DPV_ROLE_TIGHT],
                    n > 30 ? 1.5 : 2.5, NULL);
  tx = (double) s->t_star;
  ty = MAX (s->smooth, c->y_lo);
  dpv_plot_markers (plot, &tx, &ty, 1, &style->roles[DPV_ROLE_TIGHT], 5.0, NULL);
  dpv_plot_vline (plot, tx, &style->roles[DPV_ROLE_TIGHT], DPV_DASH_DOTTED, NULL);
  dpv_plot_annotate_vline (plot, tx, ty, s_label,
                           tx > 0.6 * n ? DPV_ANCHOR_NORTH_WEST : DPV_ANCHOR_NORTH_EAST,
                           &style->roles[DPV_ROLE_TIGHT]);
  dpv_plot_legend (plot);
}

static void
draw_noise (const Sens *c, const DpvStyle *style, DpvPlot *plot)
{
  const DpvSensitivity *s = c->s;
  const DpvSensNoiseInfo *lo = &s->noise[DPV_SENS_NOISE_LOCAL];
  const DpvSensNoiseInfo *nb = &s->noise[DPV_SENS_NOISE_NEIGHBOUR];
  guint next = 2;

  dpv_plot_draw_frame (plot);
  dpv_plot_line (plot, s->z, s->density[DPV_SENS_NOISE_GLOBAL], s->nz,
                 &style->roles[DPV_ROLE_BOUND], style->line_width * 1.4, DPV_DASH_SOLID,
                 c->noise_labels[0]);
  dpv_plot_line (plot, s->z, s->density[DPV_SENS_NOISE_SMOOTH], s->nz,
                 &style->roles[DPV_ROLE_TIGHT], style->line_width * 1.4, DPV_DASH_SOLID,
                 c->noise_labels[1]);
  if (lo->scale > 0)
    dpv_plot_line (plot, s->z, s->density[DPV_SENS_NOISE_LOCAL], s->nz,
                   &style->roles[DPV_ROLE_D], style->line_width, DPV_DASH_DASHED,
                   c->noise_labels[next++]);
  else
    dpv_plot_vline (plot, s->value, &style->roles[DPV_ROLE_D], DPV_DASH_DASHED,
                    _("LS(x) = 0: f(x) released exactly"));
  if (s->neighbour.differs)
    {
      if (nb->scale > 0)
        dpv_plot_line (plot, s->z, s->density[DPV_SENS_NOISE_NEIGHBOUR], s->nz,
                       &style->roles[DPV_ROLE_D_PRIME], style->line_width, DPV_DASH_DASHED,
                       c->noise_labels[next++]);
      else
        dpv_plot_vline (plot, nb->centre, &style->roles[DPV_ROLE_D_PRIME], DPV_DASH_DASHED,
                        _("LS(x′) = 0: f(x′) released exactly"));
    }
  dpv_plot_legend (plot);
}

/* The warning under the data: why noise scaled to LS alone is not private, for this x; in
 * one sentence when @brief (a compact figure: the caption and the read-outs say the rest). */
static char *
warning_text (const DpvSensitivity *s, gboolean brief)
{
  if (brief)
    {
      if (s->neighbour.differs)
        {
          g_autofree char *lsx = dpv_sensitivity_fmt (s->local);
          g_autofree char *lsp = dpv_sensitivity_fmt (s->neighbour.local);

          return g_strdup_printf (_("⚠ Noise LS/ε alone is not private: x′ has LS = %s, x has "
                                    "LS = %s."), lsp, lsx);
        }
      if (s->query == DP_QUERY_COUNT)
        return g_strdup (_("For the count LS = GS = 1 on every data set."));
      return g_strdup (_("No neighbour tried has another LS; in general noise LS/ε is not "
                         "private."));
    }
  if (s->neighbour.differs)
    {
      g_autofree char *from = dpv_sensitivity_fmt (s->neighbour_from);
      g_autofree char *to = dpv_sensitivity_fmt (s->neighbour.value);
      g_autofree char *lsx = dpv_sensitivity_fmt (s->local);
      g_autofree char *lsp = dpv_sensitivity_fmt (s->neighbour.local);

      return g_strdup_printf (_("⚠ Noise of scale LS/ε alone is not private: the neighbour x′ "
                                "(record %u: %s → %s) has LS = %s where x has LS = %s. The two "
                                "noises differ in size, so some releases are far likelier "
                                "under one than under the other: the privacy loss is "
                                "unbounded%s."),
                              (guint) s->neighbour.index + 1, from, to, lsp, lsx,
                              s->local == 0 ? _(", and f(x) itself would be released") : "");
    }
  if (s->query == DP_QUERY_COUNT)
    return g_strdup (_("For the count every data set has LS = GS = 1: noise of scale LS/ε is "
                       "the Laplace mechanism itself."));
  return g_strdup (_("No neighbour tried (one record replaced by L, U or a value of x) has "
                     "another LS; in general LS depends on the data set, and noise scaled to it "
                     "is not private."));
}

void
dpv_sensitivity_draw (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr, double x,
                      double y, double w, double h)
{
  const DpvSensitivity *s = dpv_frame_get_result (frame);
  Sens c = { s, dpv_frame_get_params (frame) };
  double text = dpv_style_text_size (style);
  gboolean compact = w < 40 * text || h < 22 * text;
  /* the data and the warning short, so that the panels stacked under them keep room for
   * their legends */
  gboolean brief = compact || (w < 56 * text && h < 32 * text);
  g_autofree char *warning = warning_text (s, brief);
  g_autoptr(DpvPlot) data = NULL;
  g_autoptr(DpvPlot) dist = NULL;
  g_autoptr(DpvPlot) noise = NULL;
  double tw = 0, th = 0, warn_h, data_h, gap = text * 0.5;
  gboolean wide = w >= 56 * text;
  const DpvColor *warn_color = s->neighbour.differs ? &style->roles[DPV_ROLE_D_PRIME]
                                                    : &style->muted;

  c.compact = compact;
  c.legends_below = brief;
  c.y_lo = s->dist_lo;
  c.y_hi = s->dist_hi;

  /* A thumbnail: A^(t) and the smooth bound alone (the caption gives f(x), GS, LS and S*),
   * in a figure under 18 × 12 lines of text or under 30 × 16 (a 320 × 200 export has
   * about 25 × 15). The figures of the app's window at twice the text keep every panel:
   * 627 × 721 has about 24 × 22 lines under its caption, 1280 × 668 about 38 × 16. */
  if (w < 18 * text || h < 12 * text || (w < 30 * text && h < 16 * text))
    {
      dist = dpv_panel_new (cr, style, x, y, w, h, setup_distance, &c);
      draw_distance (&c, style, dist);
      return;
    }

  noise_labels (&c);
  /* the warning's height: wrapped to the figure's width */
  dpv_measure_text (cr, style, warning, 0.95, &tw, &th);
  warn_h = th * ceil (tw / MAX (w - 2 * gap, 1.0) * 1.08 + 0.01) + gap;
  data_h = brief ? MAX (h * 0.22, 7 * text) : MAX (h * (wide ? 0.30 : 0.24), 9 * text);

  data = dpv_panel_new (cr, style, x, y, w, data_h, setup_data, &c);
  draw_data (&c, style, cr, data);
  dpv_draw_text_block (cr, style, x + gap, y + data_h + gap * 0.5, w - 2 * gap, warning, 0.95,
                       warn_color);
  y += data_h + warn_h;
  h -= data_h + warn_h;
  /* side by side when wide, and in a short landscape figure (1024 × 721 at 2× text), where
   * stacked they would have no data area left */
  if (wide || (brief && w >= 1.3 * (h + data_h + warn_h)))
    {
      DpvPlot *both[2];

      dist = dpv_panel_new (cr, style, x, y, w * 0.46, h, setup_distance, &c);
      noise = dpv_panel_new (cr, style, x + w * 0.46, y, w * 0.54, h, setup_noise, &c);
      both[0] = dist;
      both[1] = noise;
      dpv_plot_align_bottom (both, 2);
    }
  else
    {
      /* the noise panel’s legend has more entries than the other’s */
      double hd = brief ? h * 0.42 : h * 0.5;

      dist = dpv_panel_new (cr, style, x, y, w, hd, setup_distance, &c);
      noise = dpv_panel_new (cr, style, x, y + hd, w, h - hd, setup_noise, &c);
    }
  draw_distance (&c, style, dist);
  draw_noise (&c, style, noise);
  clear_noise_labels (&c);
}
