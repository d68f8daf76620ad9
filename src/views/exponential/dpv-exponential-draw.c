/* dpv-exponential-draw.c — the exponential mechanism drawn: the choice and its price
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Draws the numbers of dpv-exponential.c; computes nothing. Left: a bar per candidate (its
 * name under the axis, its probability over the bar), the candidate drawn with the seed in
 * orange, the limit ε → 0 as a dashed level 1/n between the bars and the limit ε → ∞ as dots at
 * 1/|best| on the best. Right, sharing a log axis of ε: the expected utility between its
 * limits (the mean and the largest utility), and the probability of a best candidate between
 * |best|/n and 1.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dpv-exponential.h"

typedef struct {
  const DpvExponential *e;
  const DpvParams *params;
  gboolean compact;
  gboolean curves_in_row;   /* the two curves side by side (else stacked, one x axis) */
  gboolean short_figure;    /* too short for the bars' legend over them: in a strip below,
                             * and the curves' labels in their short forms */
  char *legend[4];          /* the bars' legend entries, in the order drawn */
} Exponential;

enum { LEGEND_UNIFORM, LEGEND_PROB, LEGEND_DRAWN, LEGEND_ARGMAX };

static void
legend_init (Exponential *v)
{
  const DpvExponential *e = v->e;

  v->legend[LEGEND_UNIFORM] = g_strdup_printf (_("ε → 0: every candidate 1/%u"), e->n);
  v->legend[LEGEND_PROB] = g_strdup (_("Pr[r] at this ε"));
  /* Translators: the seed (at most 2³¹ − 1) */
  v->legend[LEGEND_DRAWN] = g_strdup_printf (_("drawn with seed %lu"),
                                             (unsigned long) v->params->seed);
  v->legend[LEGEND_ARGMAX] = e->n_best == 1
    ? g_strdup (_("ε → ∞: the best candidate, probability 1"))
    /* Translators: the number of candidates tied for the largest utility, twice */
    : g_strdup_printf (_("ε → ∞: each of the %u best candidates 1/%u"), e->n_best, e->n_best);
}

static void
legend_clear (Exponential *v)
{
  for (guint i = 0; i < G_N_ELEMENTS (v->legend); i++)
    g_clear_pointer (&v->legend[i], g_free);
}

/* ---- the bars ---------------------------------------------------------------------------- */

static double
bars_top (const DpvExponential *e)
{
  double top = 0;

  for (guint i = 0; i < e->n; i++)
    top = MAX (top, MAX (e->prob[i], e->argmax[i]));
  return 1.22 * top;
}

static void
setup_bars (DpvPlot *plot, gconstpointer user_data)
{
  const Exponential *v = user_data;
  const DpvExponential *e = v->e;
  double values[DPV_PARAM_LIST_MAX];
  char *names[DPV_PARAM_LIST_MAX] = { NULL };
  const char *labels[DPV_PARAM_LIST_MAX];
  g_autofree char *es = dpv_fmt (v->params->epsilon);
  g_autofree char *ds = dpv_fmt (v->params->utility_sensitivity);
  /* Translators: the bar panel's title: ε and Δu */
  g_autofree char *t1 = g_strdup_printf (_("Pr[r] ∝ exp(ε·u(r)/(2Δu)) at ε = %s, Δu = %s"), es,
                                         ds);
  const char *titles[] = { t1, _("Pr[r] ∝ exp(ε·u(r)/(2Δu))") };

  for (guint i = 0; i < e->n; i++)
    {
      names[i] = g_markup_escape_text (e->names[i], -1);
      values[i] = i;
      labels[i] = names[i];
    }
  dpv_plot_set_title_choices (plot, titles, 2);
  dpv_plot_set_x_axis (plot, -0.6, e->n - 0.4, DPV_SCALE_LINEAR, _("candidate r"));
  dpv_plot_set_x_ticks (plot, values, labels, e->n);
  dpv_plot_set_y_axis (plot, 0.0, bars_top (e), DPV_SCALE_LINEAR,
                       v->short_figure ? _("Pr[r]") : _("probability"));
  if (v->short_figure)
    dpv_plot_set_legend_below (plot, (const char *const *) v->legend, G_N_ELEMENTS (v->legend));
  for (guint i = 0; i < e->n; i++)
    g_free (names[i]);
}

static void
draw_bars (const Exponential *v, const DpvStyle *style, DpvPlot *plot)
{
  const DpvExponential *e = v->e;
  double xs[DPV_PARAM_LIST_MAX], bx[DPV_PARAM_LIST_MAX], by[DPV_PARAM_LIST_MAX];
  double dx[1] = { (double) e->drawn }, dh[1] = { e->prob[e->drawn] };
  gsize n_best = 0;

  for (guint i = 0; i < e->n; i++)
    {
      xs[i] = i;
      if (e->best[i])
        {
          bx[n_best] = i;
          by[n_best++] = e->argmax[i];
        }
    }
  dpv_plot_draw_frame (plot);
  /* the level 1/n across the panel, under the bars (translucent, so it shows through) */
  {
    double lx[2] = { -0.6, e->n - 0.4 }, ly[2] = { 1.0 / e->n, 1.0 / e->n };

    dpv_plot_line (plot, lx, ly, 2, &style->foreground, style->line_width * 0.7,
                   DPV_DASH_DASHED, v->legend[LEGEND_UNIFORM]);
  }
  dpv_plot_bars (plot, xs, e->prob, e->n, 0.62, &style->roles[DPV_ROLE_D], 0.75,
                 v->legend[LEGEND_PROB]);
  dpv_plot_bars (plot, dx, dh, 1, 0.62, &style->roles[DPV_ROLE_BOUND], 1.0,
                 v->legend[LEGEND_DRAWN]);
  dpv_plot_markers (plot, bx, by, n_best, &style->foreground, 5.0, v->legend[LEGEND_ARGMAX]);
  /* the probabilities over the bars: all of them for a few candidates, otherwise those of the
   * bars tall enough to see (the read-outs list every one) */
  for (guint i = 0; i < e->n; i++)
    if (e->n <= 6 || e->prob[i] >= 0.01)
      {
        g_autofree char *p = dpv_fmt (e->prob[i]);

        dpv_plot_annotate (plot, i, e->prob[i], p, DPV_ANCHOR_NORTH,
                           i == e->drawn ? &style->roles[DPV_ROLE_BOUND] : &style->foreground);
      }
  dpv_plot_legend (plot);
}

/* ---- against ε --------------------------------------------------------------------------- */

static void
setup_expected (DpvPlot *plot, gconstpointer user_data)
{
  const Exponential *v = user_data;
  const DpvExponential *e = v->e;
  const char *titles[] = { _("Expected utility against ε"), _("E[u] against ε") };

  dpv_plot_set_title_choices (plot, titles, 2);
  dpv_plot_set_x_axis (plot, e->eps[0], e->eps[DPV_EXPONENTIAL_CURVE - 1], DPV_SCALE_LOG,
                       v->curves_in_row ? _("privacy budget ε") : NULL);
  dpv_plot_set_x_tick_labels (plot, v->curves_in_row);
  dpv_plot_set_y_axis (plot, e->u_lo, e->u_hi, DPV_SCALE_LINEAR, _("E[u]"));
}

static void
setup_best (DpvPlot *plot, gconstpointer user_data)
{
  const Exponential *v = user_data;
  const DpvExponential *e = v->e;
  const char *titles[] = { _("Probability of a best candidate"), _("Pr[best]") };

  dpv_plot_set_title_choices (plot, titles, 2);
  dpv_plot_set_x_axis (plot, e->eps[0], e->eps[DPV_EXPONENTIAL_CURVE - 1], DPV_SCALE_LOG,
                       _("privacy budget ε"));
  /* short, the title says it: the axis title would be cut */
  dpv_plot_set_y_axis (plot, 0.0, 1.08, DPV_SCALE_LINEAR, v->short_figure ? NULL : _("Pr[best]"));
}

/* The current ε: a dashed line, the point on the curve and its value. */
static void
mark_current (DpvPlot *plot, const DpvStyle *style, double eps, double y, const char *label)
{
  double mx[1] = { eps }, my[1] = { y };

  dpv_plot_vline (plot, eps, &style->accent, DPV_DASH_DASHED, NULL);
  dpv_plot_markers (plot, mx, my, 1, &style->accent, 4.5, NULL);
  dpv_plot_annotate_vline (plot, eps, y, label, DPV_ANCHOR_EAST, &style->foreground);
}

static void
draw_expected (const Exponential *v, const DpvStyle *style, DpvPlot *plot)
{
  const DpvExponential *e = v->e;
  g_autofree char *mean = dpv_fmt (e->mean_u);
  g_autofree char *max = dpv_fmt (e->max_u);
  g_autofree char *lo = g_strdup_printf (v->short_figure ? _("ε → 0: %s")
                                                          : _("ε → 0: mean utility %s"), mean);
  g_autofree char *hi = g_strdup_printf (v->short_figure ? _("ε → ∞: %s")
                                                          : _("ε → ∞: largest utility %s"), max);
  g_autofree char *now = dpv_fmt (e->expected);
  g_autofree char *label = v->short_figure ? g_strdup (now)
                                           : g_strdup_printf ("E[u] = %s", now);

  dpv_plot_draw_frame (plot);
  dpv_plot_hline (plot, e->mean_u, &style->muted, DPV_DASH_DASHED, NULL);
  dpv_plot_hline (plot, e->max_u, &style->roles[DPV_ROLE_D_PRIME], DPV_DASH_DOTTED, NULL);
  dpv_plot_line (plot, e->eps, e->curve_expected, DPV_EXPONENTIAL_CURVE,
                 &style->roles[DPV_ROLE_TIGHT], style->line_width, DPV_DASH_SOLID, NULL);
  /* each limit's label at the end where the curve is far from it */
  dpv_plot_annotate (plot, e->eps[DPV_EXPONENTIAL_CURVE - 1], e->mean_u, lo,
                     DPV_ANCHOR_NORTH_WEST, &style->muted);
  dpv_plot_annotate (plot, e->eps[0], e->max_u, hi, DPV_ANCHOR_SOUTH_EAST,
                     &style->roles[DPV_ROLE_D_PRIME]);
  mark_current (plot, style, v->params->epsilon, e->expected, label);
}

static void
draw_best (const Exponential *v, const DpvStyle *style, DpvPlot *plot)
{
  const DpvExponential *e = v->e;
  double share = (double) e->n_best / e->n;
  g_autofree char *ss = dpv_fmt (share);
  g_autofree char *lo = v->short_figure
    ? g_strdup_printf (_("ε → 0: %s"), ss)
    : g_strdup_printf (_("ε → 0: %u of %u = %s"), e->n_best, e->n, ss);
  g_autofree char *now = dpv_fmt (e->best_prob);
  g_autofree char *label = v->short_figure ? g_strdup (now)
                                           : g_strdup_printf ("Pr = %s", now);

  dpv_plot_draw_frame (plot);
  dpv_plot_hline (plot, share, &style->muted, DPV_DASH_DASHED, NULL);
  dpv_plot_hline (plot, 1.0, &style->roles[DPV_ROLE_D_PRIME], DPV_DASH_DOTTED, NULL);
  dpv_plot_line (plot, e->eps, e->curve_best, DPV_EXPONENTIAL_CURVE,
                 &style->roles[DPV_ROLE_TIGHT], style->line_width, DPV_DASH_SOLID, NULL);
  dpv_plot_annotate (plot, e->eps[DPV_EXPONENTIAL_CURVE - 1], share, lo,
                     DPV_ANCHOR_NORTH_WEST, &style->muted);
  dpv_plot_annotate (plot, e->eps[0], 1.0, _("ε → ∞: 1"), DPV_ANCHOR_SOUTH_EAST,
                     &style->roles[DPV_ROLE_D_PRIME]);
  mark_current (plot, style, v->params->epsilon, e->best_prob, label);
}

void
dpv_exponential_draw (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr,
                      double x, double y, double w, double h)
{
  Exponential v = { dpv_frame_get_result (frame), dpv_frame_get_params (frame), FALSE };
  double text = dpv_style_text_size (style), bw;
  g_autoptr(DpvPlot) bars = NULL;
  g_autoptr(DpvPlot) expected = NULL;
  g_autoptr(DpvPlot) best = NULL;
  DpvPlot *row[2];

  v.compact = w < 52 * text || h < 26 * text;
  v.curves_in_row = w < 44 * text;
  /* a LaTeX column is about 17 lines of text high under its caption */
  v.short_figure = v.curves_in_row && h < 24 * text;
  legend_init (&v);
  if (v.curves_in_row)
    {
      /* narrow: the bars at full width on top, the two curves side by side under them */
      bw = h * (v.short_figure ? 0.6 : 0.5);
      bars = dpv_panel_new (cr, style, x, y, w, bw, setup_bars, &v);
      expected = dpv_panel_new (cr, style, x, y + bw, w / 2, h - bw, setup_expected, &v);
      best = dpv_panel_new (cr, style, x + w / 2, y + bw, w / 2, h - bw, setup_best, &v);
      row[0] = expected;
      row[1] = best;
    }
  else
    {
      bw = w * 0.56;
      bars = dpv_panel_new (cr, style, x, y, bw, h, setup_bars, &v);
      dpv_panels_stacked (cr, style, x + bw, y, w - bw, h, 0.5, setup_expected, setup_best,
                          &v, &expected, &best);
      row[0] = bars;
      row[1] = best;
    }
  dpv_plot_align_bottom (row, 2);
  draw_bars (&v, style, bars);
  draw_expected (&v, style, expected);
  draw_best (&v, style, best);
  legend_clear (&v);
}
