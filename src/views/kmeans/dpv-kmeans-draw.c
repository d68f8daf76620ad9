/* dpv-kmeans-draw.c — the "DP k-means" view drawn
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Draws the numbers of dpv-kmeans.c; computes nothing. Left: the data set in the domain
 * ‖x‖₁ ≤ 1 twice, coloured by the nearest centre at the iteration shown, Lloyd's centres and
 * the DP centres with their paths from the common start; under them the budget as
 * composition, T iterations × 2 releases × ε′ = ε. Right: the cost of both paths against the
 * iteration, and the final private cost against ε over R seeds (mean, ± one standard
 * deviation within the runs' range, min–max) with Lloyd's. A thumbnail shows the two data
 * panels alone.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dpv-kmeans.h"
#include "dpv-text.h"

/* Cluster colours, in the order of the centres (k ≤ 6). */
static const DpvRole cluster_roles[] = {
  DPV_ROLE_D, DPV_ROLE_D_PRIME, DPV_ROLE_TIGHT, DPV_ROLE_BOUND, DPV_ROLE_ZCDP, DPV_ROLE_LOSS,
};

static const DpvColor *
cluster_colour (const DpvStyle *style, guint j)
{
  return &style->roles[cluster_roles[j % G_N_ELEMENTS (cluster_roles)]];
}

typedef struct {
  const DpvKmeans *r;
  const DpvParams *params;
  gboolean private_path;
  gboolean compact;
  gboolean brief;           /* the budget's short heading */
  gboolean cost_legend_below, sweep_legend_below; /* panels too small to keep it off the data */
  double ex, ey;            /* half-widths of the scatter axes: one unit is as long in x as in y */
} Km;

/* A number without trailing zeros ("0.05", "1", "12.5"), 4 significant digits. */
static char *
fmt_short (double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (buf, sizeof buf, "%.4g", v));
}

static void
setup_scatter (DpvPlot *plot, gconstpointer user_data)
{
  const Km *c = user_data;
  const DpvKmeans *r = c->r;
  g_autofree char *cost = dpv_fmt (c->private_path ? r->cost_private[r->step]
                                                   : r->cost_nonprivate[r->step]);
  g_autofree char *eps = dpv_fmt (r->epsilon);
  g_autofree char *title = NULL;

  if (!c->private_path)
    title = g_strdup_printf (_("Lloyd (not private) · iteration %u · cost %s"), r->step, cost);
  else if (r->n_redrawn_step > 0)
    title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "DP Lloyd, ε = %s · iteration %u · cost %s · %u "
                                          "centre re-drawn (ringed)",
                                          "DP Lloyd, ε = %s · iteration %u · cost %s · %u "
                                          "centres re-drawn (ringed)", r->n_redrawn_step),
                             eps, r->step, cost, r->n_redrawn_step);
  else
    title = g_strdup_printf (_("DP Lloyd, ε = %s · iteration %u · cost %s"), eps, r->step, cost);
  g_autofree char *short_title = c->private_path
    ? g_strdup_printf (_("DP Lloyd, ε = %s"), eps)
    : g_strdup (_("Lloyd (not private)"));
  const char *titles[2] = { title, short_title };

  dpv_plot_set_x_axis (plot, -c->ex, c->ex, DPV_SCALE_LINEAR, "x<sub>1</sub>");
  dpv_plot_set_y_axis (plot, -c->ey, c->ey, DPV_SCALE_LINEAR, "x<sub>2</sub>");
  dpv_plot_set_title_choices (plot, titles, 2);
}

static void
setup_cost (DpvPlot *plot, gconstpointer user_data)
{
  const Km *c = user_data;
  const DpvKmeans *r = c->r;

  dpv_plot_set_x_axis (plot, 0.0, MAX (r->iterations, 1u), DPV_SCALE_LINEAR,
                       _("iteration t"));
  /* a short panel (its legend below) has no room for the longer axis title */
  dpv_plot_set_y_axis (plot, r->cost_lo, r->cost_hi, DPV_SCALE_LOG,
                       c->cost_legend_below ? _("cost") : _("k-means cost"));
  dpv_plot_set_title (plot, _("cost against the iteration"));
  if (c->cost_legend_below)
    {
      /* the entries of draw_cost () */
      const char *labels[2] = { _("DP Lloyd"), _("Lloyd (not private)") };

      dpv_plot_set_legend_below (plot, labels, 2);
    }
}

/* The legend entries of the sweep panel, in the order draw_sweep () draws them; @runs_label
 * receives the baseline's (free it). */
static void
sweep_labels (const DpvKmeans *r, const char *labels[5], char **runs_label)
{
  *runs_label = g_strdup_printf (_("Lloyd, mean of %u runs"), r->sweep->runs);
  labels[0] = _("± one sd (within min … max)");
  labels[1] = *runs_label;
  labels[2] = _("min … max over the runs");
  labels[3] = _("DP Lloyd, mean");
  labels[4] = _("this run");
}

static void
setup_sweep (DpvPlot *plot, gconstpointer user_data)
{
  const Km *c = user_data;
  const DpvKmeans *r = c->r;
  g_autofree char *title = g_strdup_printf (_("final cost against ε, %u seeds"),
                                            r->sweep->runs);
  const double *eps = dpv_kmeans_sweep_epsilons ();

  dpv_plot_set_x_axis (plot, eps[0] / 1.3, eps[DPV_KMEANS_SWEEP_N - 1] * 1.3, DPV_SCALE_LOG,
                       _("privacy budget ε of the run"));
  dpv_plot_set_y_axis (plot, r->sweep_lo, r->sweep_hi, DPV_SCALE_LOG, _("final k-means cost"));
  dpv_plot_set_title (plot, title);
  if (c->sweep_legend_below)
    {
      const char *labels[5];
      g_autofree char *runs = NULL;

      sweep_labels (r, labels, &runs);
      dpv_plot_set_legend_below (plot, labels, 5);
    }
}

/* The data set: one square per point, in its centre's colour, one path per colour. */
static void
draw_points (cairo_t *cr, DpvPlot *plot, const DpvStyle *style, const DpvKmeans *r,
             const guint8 *labels)
{
  double dx, dy, dw, dh, side;

  dpv_plot_get_data_area (plot, &dx, &dy, &dw, &dh);
  side = MAX (1.2, MIN (dw, dh) / (r->n > 3000 ? 260.0 : 160.0));
  cairo_save (cr);
  cairo_rectangle (cr, dx, dy, dw, dh);
  cairo_clip (cr);
  for (guint j = 0; j < r->k; j++)
    {
      const DpvColor *c = cluster_colour (style, j);

      for (gsize i = 0; i < r->n; i++)
        if (labels[i] == j)
          cairo_rectangle (cr, dpv_plot_x_to_user (plot, r->points[i].x) - side / 2,
                           dpv_plot_y_to_user (plot, r->points[i].y) - side / 2, side, side);
      cairo_set_source_rgba (cr, c->r, c->g, c->b, 0.55);
      cairo_fill (cr);
    }
  cairo_restore (cr);
}

/* Iterations of a centre's path drawn behind it. */
#define TRAIL 6

/* A ring around a data point: a re-drawn centre. */
static void
ring (cairo_t *cr, DpvPlot *plot, const DpvStyle *style, const DpvColor *color, double x,
      double y, double radius)
{
  double dx, dy, dw, dh;

  dpv_plot_get_data_area (plot, &dx, &dy, &dw, &dh);
  cairo_save (cr);
  cairo_rectangle (cr, dx, dy, dw, dh);
  cairo_clip (cr);
  dpv_color_set_source (color, cr);
  cairo_set_line_width (cr, style->line_width * 1.5);
  cairo_new_sub_path (cr);
  cairo_arc (cr, dpv_plot_x_to_user (plot, x), dpv_plot_y_to_user (plot, y), radius, 0,
             2 * G_PI);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
draw_scatter (const Km *c, const DpvStyle *style, cairo_t *cr, DpvPlot *plot)
{
  const DpvKmeans *r = c->r;
  const DpPoint *centres = c->private_path ? r->centres_private : r->centres_nonprivate;
  const double dx[5] = { 1, 0, -1, 0, 1 }, dy[5] = { 0, 1, 0, -1, 0 };
  double text = dpv_style_text_size (style);

  dpv_plot_draw_frame (plot);
  draw_points (cr, plot, style, r, c->private_path ? r->labels_private : r->labels_nonprivate);
  /* the domain ‖x‖₁ ≤ 1 */
  dpv_plot_line (plot, dx, dy, 5, &style->muted, style->line_width, DPV_DASH_DASHED, NULL);
  for (guint j = 0; j < r->k; j++)
    {
      double px[DP_KMEANS_T_MAX + 1], py[DP_KMEANS_T_MAX + 1];
      const DpvColor *col = cluster_colour (style, j);
      DpvColor faint = *col;
      /* the path of the last few iterations (the private one can jump across the panel at
       * every re-draw) */
      guint first = r->step > TRAIL ? r->step - TRAIL : 0, m = r->step - first + 1;

      for (guint t = first; t <= r->step; t++)
        {
          px[t - first] = centres[t * r->k + j].x;
          py[t - first] = centres[t * r->k + j].y;
        }
      faint.a = 0.75;
      dpv_plot_line (plot, px, py, m, &faint, style->line_width * 1.2, DPV_DASH_SOLID, NULL);
      dpv_plot_markers (plot, &px[m - 1], &py[m - 1], 1, &style->foreground, text * 0.55, NULL);
      dpv_plot_markers (plot, &px[m - 1], &py[m - 1], 1, col, text * 0.4, NULL);
      if (c->private_path && r->step > 0 && r->redrawn[j])
        ring (cr, plot, style, &style->accent, px[m - 1], py[m - 1], text * 0.95);
    }
}

static void
draw_cost (const Km *c, const DpvStyle *style, DpvPlot *plot)
{
  const DpvKmeans *r = c->r;
  guint n = r->iterations + 1;

  dpv_plot_draw_frame (plot);
  dpv_plot_vline (plot, r->step, &style->accent, DPV_DASH_DASHED, NULL);
  /* DP wide under Lloyd: where they agree both stay visible */
  dpv_plot_line (plot, r->t, r->cost_private, n, &style->roles[DPV_ROLE_EXTRA],
                 style->line_width * 2.4, DPV_DASH_SOLID, _("DP Lloyd"));
  dpv_plot_line (plot, r->t, r->cost_nonprivate, n, &style->roles[DPV_ROLE_ACTUAL],
                 style->line_width * 1.1, DPV_DASH_SOLID, _("Lloyd (not private)"));
  if (n <= 26)
    {
      dpv_plot_markers (plot, r->t, r->cost_nonprivate, n, &style->roles[DPV_ROLE_ACTUAL], 3.0,
                        NULL);
      dpv_plot_markers (plot, r->t, r->cost_private, n, &style->roles[DPV_ROLE_EXTRA], 3.0,
                        NULL);
    }
  dpv_plot_legend (plot);
}

static void
draw_sweep (const Km *c, const DpvStyle *style, DpvPlot *plot)
{
  const DpvKmeans *r = c->r;
  const DpvKmeansSweep *s = r->sweep;
  const double *eps = dpv_kmeans_sweep_epsilons ();
  double lo[DPV_KMEANS_SWEEP_N], hi[DPV_KMEANS_SWEEP_N], mean[DPV_KMEANS_SWEEP_N];
  const DpvColor *col = &style->roles[DPV_ROLE_EXTRA];
  double e = r->epsilon, cost = r->cost_private[r->iterations];
  const char *labels[5];
  g_autofree char *runs = NULL;

  sweep_labels (r, labels, &runs);

  for (guint i = 0; i < s->n; i++)
    {
      mean[i] = s->points[i].mean;
      /* the costs are skewed (a few runs far above the rest): mean − sd can lie below the
       * cheapest run, or below 0; the band stays within the runs' range */
      lo[i] = MAX (MAX (s->points[i].mean - s->points[i].sd, s->points[i].min), r->sweep_lo);
      hi[i] = MIN (s->points[i].mean + s->points[i].sd, s->points[i].max);
    }
  if (s->n > 0)
    dpv_plot_fill_between (plot, eps, lo, hi, s->n, col, 0.22, labels[0]);
  dpv_plot_draw_frame (plot);
  dpv_plot_vline (plot, e, &style->accent, DPV_DASH_DASHED, NULL);
  if (s->complete)
    {
      double bx[2] = { eps[0] / 1.3, eps[DPV_KMEANS_SWEEP_N - 1] * 1.3 };
      double by[2] = { s->baseline.mean, s->baseline.mean };

      dpv_plot_line (plot, bx, by, 2, &style->roles[DPV_ROLE_ACTUAL], style->line_width,
                     DPV_DASH_DASHED, labels[1]);
      for (guint i = 0; i < s->n; i++)
        {
          double wx[2] = { eps[i], eps[i] }, wy[2] = { s->points[i].min, s->points[i].max };

          dpv_plot_line (plot, wx, wy, 2, col, style->line_width * 0.8, DPV_DASH_SOLID,
                         i == 0 ? labels[2] : NULL);
        }
      dpv_plot_line (plot, eps, mean, s->n, col, style->line_width * 1.4, DPV_DASH_SOLID,
                     labels[3]);
      dpv_plot_markers (plot, eps, mean, s->n, col, 3.0, NULL);
    }
  else
    dpv_plot_annotate (plot, sqrt (eps[0] * eps[DPV_KMEANS_SWEEP_N - 1]),
                       sqrt (r->sweep_lo * r->sweep_hi), _("computing the cost against ε…"),
                       DPV_ANCHOR_CENTER, &style->muted);
  /* this run: seed s at the current ε (run 0 of the sweep at its ε) */
  dpv_plot_markers (plot, &e, &cost, 1, &style->accent, 4.5, labels[4]);
  dpv_plot_legend (plot);
}

/* The budget as composition: T iterations, each releasing the counts and the sums with ε′;
 * the iterations up to the one shown are spent. */
static void
draw_budget (const Km *c, const DpvStyle *style, cairo_t *cr, double x, double y, double w,
             double h)
{
  const DpvKmeans *r = c->r;
  guint T = r->iterations;
  double text = dpv_style_text_size (style), pad = text * 0.6;
  g_autofree char *eps = fmt_short (r->epsilon);
  g_autofree char *epp = fmt_short (r->epsilon_step);
  g_autofree char *spent = fmt_short (2.0 * r->step * r->epsilon_step);
  g_autofree char *head = c->brief
    ? g_strdup_printf (_("<b>Budget</b>: T × 2 × ε′ = %u × 2 × %s = ε = %s · spent: %s"), T,
                       epp, eps, spent)
    : g_strdup_printf (_("<b>Budget by composition</b> (book Prop. 3.4): T × 2 releases × ε′ "
                         "= %u × 2 × %s = ε = %s (counts n̂ and sums â of every iteration) · "
                         "spent by iteration %u: %s"), T, epp, eps, r->step, spent);
  double th = dpv_draw_text_block (cr, style, x + pad, y, w - 2 * pad, head, 0.95, NULL);
  double bx = x + pad, bw = w - 2 * pad, by = y + th + text * 0.35;
  double bh = MAX (text * 1.1, MIN (h - th - text * 1.8, text * 2.0));
  double cell = bw / (2.0 * T), gap = MIN (cell * 0.18, text * 0.3);

  double label_w = 0, label_h = 0;

  if (T == 0 || !(cell > 0))
    return;
  dpv_measure_text (cr, style, "n̂", 0.85, &label_w, &label_h);
  cairo_save (cr);
  cairo_set_line_width (cr, MAX (1.0, style->line_width * 0.6));
  for (guint t = 0; t < T; t++)
    for (int half = 0; half < 2; half++)
      {
        double cx = bx + (2 * t + half) * cell + (half == 0 ? gap : 0);
        double cw = cell - gap;
        const DpvColor *fill = half == 0 ? &style->roles[DPV_ROLE_ZCDP]
                                         : &style->roles[DPV_ROLE_TIGHT];

        cairo_rectangle (cr, cx, by, cw, bh);
        cairo_set_source_rgba (cr, fill->r, fill->g, fill->b, t < r->step ? 0.85 : 0.18);
        cairo_fill_preserve (cr);
        dpv_color_set_source (&style->muted, cr);
        cairo_stroke (cr);
        if (label_w > 0 && cw > label_w * 2.5)
          dpv_draw_text_block (cr, style, cx + (cw - label_w) / 2, by + (bh - label_h) / 2, 0,
                               half == 0 ? "n̂" : "â", 0.85, &style->foreground);
      }
  cairo_restore (cr);
  /* the iterations' numbers where they fit */
  {
    guint every = 1;
    double lw = 0, lh = 0;

    dpv_measure_text (cr, style, "50", 0.8, &lw, &lh);
    while (every < T && 2 * cell * every < lw * 1.8)
      every++;
    for (guint t = 0; t < T; t++)
      if ((t + 1) % every == 0 || t == 0)
        {
          g_autofree char *num = g_strdup_printf ("%u", t + 1);
          double nw = 0;

          dpv_measure_text (cr, style, num, 0.8, &nw, NULL);
          dpv_draw_text_block (cr, style, bx + (2 * t + 1) * cell - nw / 2, by + bh + 2, 0, num,
                               0.8, &style->muted);
        }
  }
}

void
dpv_kmeans_draw (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr, double x, double y,
                 double w, double h)
{
  const DpvKmeans *r = dpv_frame_get_result (frame);
  Km lloyd = { r, dpv_frame_get_params (frame), FALSE };
  Km dp = { r, dpv_frame_get_params (frame), TRUE };
  double text = dpv_style_text_size (style);
  gboolean wide = w >= 1.45 * h && w >= 50 * text;
  gboolean compact = w < 40 * text || h < 22 * text;
  /* a figure under 30 lines of text: the data panels and the budget short, so that the
   * cost panels under them keep room for their legends */
  gboolean brief = compact || h < 30 * text;
  /* the budget's heading on up to three lines, its bar and the iterations' numbers; when
   * brief, the short heading on one line */
  double strip_h = text * (brief ? 3.6 : 5.2);
  /* a compact figure narrower than 36 lines, not landscape, stacks the two cost panels
   * under the data (landscape, stacked they would have no data area left) */
  gboolean stack_costs = compact && !wide && w < 36 * text && w < 1.3 * h;
  g_autoptr(DpvPlot) a = NULL;
  g_autoptr(DpvPlot) b = NULL;
  g_autoptr(DpvPlot) cost = NULL;
  g_autoptr(DpvPlot) sweep = NULL;
  DpvPlot *pair[2];

  lloyd.compact = dp.compact = compact;
  lloyd.brief = dp.brief = brief;
  /* Wide: the two data panels square at the top left, the budget and the cost against the
   * iteration under them, the cost against ε on the right. Otherwise the data panels on top,
   * the budget, the two cost panels side by side. */
  double wl = wide ? w * 0.64 : w;
  /* wide, the cost against the iteration keeps 9 lines of text under the budget while the
   * data panels keep 40 % */
  double hs = wide ? MAX (MIN (MIN (h * 0.62, wl / 2 + 3.5 * text), h - strip_h - 9 * text),
                          h * 0.4)
                   : h * (brief ? 0.36 : 0.48);
  /* A thumbnail: the two data panels alone (the caption gives both costs), in a figure
   * under 18 × 12 lines of text or under 30 × 16 (a 320 × 200 export has about 25 × 15).
   * The figures of the app's window at twice the text keep every panel: 627 × 721 has
   * about 24 × 22 lines under its caption, 1280 × 668 about 38 × 16. */
  gboolean thumb = w < 18 * text || h < 12 * text || (w < 30 * text && h < 16 * text);

  if (thumb)
    {
      wl = w;
      hs = h;
    }
  {
    /* equal units on both axes: measure a panel's data area first */
    double dx, dy, dw = 1, dh = 1;
    g_autoptr(DpvPlot) probe = NULL;
    /* the probe is laid out, never drawn: it stays out of the panel log */
    DpvStyle quiet = *style;

    quiet.plot_options.panel_log = NULL;
    lloyd.ex = lloyd.ey = r->extent;
    probe = dpv_panel_new (cr, &quiet, x, y, wl / 2, hs, setup_scatter, &lloyd);
    dpv_plot_get_data_area (probe, &dx, &dy, &dw, &dh);
    if (dw > 0 && dh > 0)
      {
        lloyd.ex = r->extent * MAX (1.0, dw / dh);
        lloyd.ey = r->extent * MAX (1.0, dh / dw);
      }
    dp.ex = lloyd.ex;
    dp.ey = lloyd.ey;
  }
  a = dpv_panel_new (cr, style, x, y, wl / 2, hs, setup_scatter, &lloyd);
  b = dpv_panel_new (cr, style, x + wl / 2, y, wl / 2, hs, setup_scatter, &dp);
  {
    double sweep_w = wide ? w - wl : stack_costs ? w : w / 2;
    double sweep_h = wide ? h : (h - hs - strip_h) * (stack_costs ? 0.56 : 1.0);

    /* Measured on exports from 800 × 560 to 4K: in smaller panels the legends covered the
     * private curves (the cost's peaks at small ε). */
    lloyd.sweep_legend_below = sweep_w < 48 * text || sweep_h < 20 * text;
    lloyd.cost_legend_below = (h - hs - strip_h) * (stack_costs ? 0.44 : 1.0) < 16 * text;
  }
  if (thumb)
    ;
  else if (wide)
    {
      cost = dpv_panel_new (cr, style, x, y + hs + strip_h, wl, h - hs - strip_h, setup_cost,
                            &lloyd);
      sweep = dpv_panel_new (cr, style, x + wl, y, w - wl, h, setup_sweep, &lloyd);
    }
  else if (stack_costs)
    {
      /* the sweep's legend has the more entries */
      double top = y + hs + strip_h, hc = (h - hs - strip_h) * 0.44;

      cost = dpv_panel_new (cr, style, x, top, w, hc, setup_cost, &lloyd);
      sweep = dpv_panel_new (cr, style, x, top + hc, w, h - hs - strip_h - hc, setup_sweep,
                             &lloyd);
    }
  else
    {
      cost = dpv_panel_new (cr, style, x, y + hs + strip_h, w / 2, h - hs - strip_h, setup_cost,
                            &lloyd);
      sweep = dpv_panel_new (cr, style, x + w / 2, y + hs + strip_h, w / 2, h - hs - strip_h,
                             setup_sweep, &lloyd);
    }
  if (!thumb)
    draw_budget (&lloyd, style, cr, x, y + hs, wl, strip_h);
  pair[0] = a;
  pair[1] = b;
  dpv_plot_align_bottom (pair, 2);
  draw_scatter (&lloyd, style, cr, a);
  draw_scatter (&dp, style, cr, b);
  if (thumb)
    return;
  draw_cost (&lloyd, style, cost);
  draw_sweep (&lloyd, style, sweep);
}
