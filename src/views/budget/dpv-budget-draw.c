/* dpv-budget-draw.c — the budget view drawn: which records each query reads (same data or
 * disjoint parts) and the per-query budget each rule allows against m
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Draws the numbers of dpv-budget.c; computes nothing.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dpv-budget.h"
#include "dpv-text.h"

typedef struct {
  const DpvBudget *r;
  gboolean compact;
} Setup;

static void
setup_split (DpvPlot *plot, gconstpointer user_data)
{
  const Setup *s = user_data;
  const DpvBudget *r = s->r;

  dpv_plot_set_x_axis (plot, 1.0, r->m_hi, DPV_SCALE_LOG, _("queries m"));
  dpv_plot_set_y_axis (plot, r->y_lo, r->y_hi, DPV_SCALE_LOG, _("budget ε₀ of each query"));
    {
      g_autofree char *e = dpv_fmt (r->epsilon);
      g_autofree char *t1 = g_strdup_printf (_("How much of a total ε = %s each of m queries may "
                                               "spend"), e);
      const char *choices[2] = { t1, _("Budget per query") };

      dpv_plot_set_title_choices (plot, choices, 2);
    }
}

/* One table: DPV_BUDGET_ROWS records × r->columns queries, a cell filled where the query reads the record (@parallel: record i is in part i mod columns). Returns the
 * height used. */
static double
draw_table (cairo_t *cr, const DpvStyle *style, const DpvBudget *r, double x, double y,
            double w, double h_max, gboolean parallel, const char *head, const char *foot)
{
  double text = dpv_style_text_size (style);
  double top = y, cell_h, cell_w, label_w = text * 2.2;
  gsize cols = r->columns;

  y += dpv_draw_text_block (cr, style, x, y, w, head, 1.0, &style->foreground) + text * 0.3;
  cell_h = MIN ((h_max - (y - top) - text * 4.0) / (DPV_BUDGET_ROWS + 1), text * 1.3);
  cell_w = MIN ((w - label_w) / cols, text * 4.0);
  if (cell_h < 2 || cell_w < 2)
    return y - top;
  /* column heads q1 … */
  for (gsize c = 0; c < cols; c++)
    {
      g_autofree char *q = g_strdup_printf ("q<sub>%zu</sub>", c + 1);
      double tw, th;

      dpv_measure_text (cr, style, q, 0.85, &tw, &th);
      dpv_draw_text_block (cr, style, x + label_w + (c + 0.5) * cell_w - tw / 2, y, tw + 2, q,
                           0.85, &style->muted);
    }
  y += cell_h;
  for (gsize i = 0; i < DPV_BUDGET_ROWS; i++)
    {
      g_autofree char *rec = g_strdup_printf ("%zu", i + 1);

      dpv_draw_text_block (cr, style, x, y + (cell_h - text) / 2, label_w, rec, 0.8,
                           &style->muted);
      for (gsize c = 0; c < cols; c++)
        {
          double cx = x + label_w + c * cell_w, cy = y;

          if (!parallel || i % cols == c)
            {
              DpvColor fill = style->foreground;

              fill.a = 0.45;
              dpv_color_set_source (&fill, cr);
              cairo_rectangle (cr, cx + 1, cy + 1, cell_w - 2, cell_h - 2);
              cairo_fill (cr);
            }
          dpv_color_set_source (&style->grid, cr);
          cairo_set_line_width (cr, 1.0);
          cairo_rectangle (cr, cx + 0.5, cy + 0.5, cell_w - 1, cell_h - 1);
          cairo_stroke (cr);
        }
      y += cell_h;
    }
  y += text * 0.3;
  y += dpv_draw_text_block (cr, style, x, y, w, foot, 0.9, &style->foreground);
  return y - top;
}

static void
draw_tables (cairo_t *cr, const DpvStyle *style, const DpvBudget *r, double x, double y,
             double w, double h)
{
  double text = dpv_style_text_size (style);
  g_autofree char *e = dpv_fmt (r->epsilon);
  g_autofree char *em = dpv_fmt (r->d->basic[r->d->at_k]);
  g_autofree char *head1 = g_strdup (_("<b>Same data</b> (序列组合性, sequential): every "
                                              "query reads every record"));
  g_autofree char *foot1 = g_strdup_printf (_("ε’s add up: each of m = %lu queries gets "
                                              "ε/m = %s"), r->k, em);
  g_autofree char *head2 = g_strdup (_("<b>Disjoint parts</b> (并行组合性, parallel): "
                                              "each record in one part, read by one query"));
  g_autofree char *foot2 = g_strdup_printf (_("the maximum counts: each query gets ε = %s"), e);
  double used;

  cairo_save (cr);
  used = draw_table (cr, style, r, x, y, w, h / 2, FALSE, head1, foot1);
  draw_table (cr, style, r, x, y + MAX (used, h / 2) + text * 0.5, w, h / 2 - text * 0.5,
              TRUE, head2, foot2);
  if (r->k > DPV_BUDGET_COLUMNS_MAX)
    {
      g_autofree char *more = g_strdup_printf (_("(the first %d of %lu queries shown)"),
                                               DPV_BUDGET_COLUMNS_MAX, r->k);
      double tw, th;

      dpv_measure_text (cr, style, more, 0.8, &tw, &th);
      dpv_draw_text_block (cr, style, x, y + h - th, w, more, 0.8, &style->muted);
    }
  cairo_restore (cr);
}

static void
draw_split (DpvPlot *plot, const DpvStyle *style, const DpvBudget *r, gboolean roomy)
{
  const DpvBudgetData *d = r->d;
  double kx = (double) r->k;
  gsize i = d->at_k;

  dpv_plot_draw_frame (plot);
  dpv_plot_line (plot, d->m, d->parallel, d->n, &style->roles[DPV_ROLE_D], style->line_width,
                 DPV_DASH_SOLID, _("disjoint parts: ε (parallel)"));
  if (r->eps_dp && d->complete)
    dpv_plot_line (plot, d->m, d->exact, d->n, &style->roles[DPV_ROLE_ACTUAL],
                   style->line_width * 1.3, DPV_DASH_SOLID, _("same data: exact"));
  dpv_plot_line (plot, d->m, d->optimal, d->n, &style->roles[DPV_ROLE_TIGHT], style->line_width,
                 DPV_DASH_DOTTED, _("same data: optimal (KOV)"));
  dpv_plot_line (plot, d->m, d->advanced, d->n, &style->roles[DPV_ROLE_EXTRA],
                 style->line_width, DPV_DASH_DASHDOT, _("same data: advanced (Thm 3.20)"));
  dpv_plot_line (plot, d->m, d->basic, d->n, &style->roles[DPV_ROLE_BOUND], style->line_width,
                 DPV_DASH_DASHED, _("same data: basic ε/m (Thm 3.16)"));
  {
    g_autofree char *label = g_strdup_printf (_("m = %lu"), r->k);
    double ys[4] = { d->basic[i], d->advanced[i], d->optimal[i], d->parallel[i] };
    double xs[4] = { kx, kx, kx, kx };

    dpv_plot_vline (plot, kx, &style->accent, DPV_DASH_DOTTED, roomy ? label : NULL);
    dpv_plot_markers (plot, xs, ys, 4, &style->accent, style->line_width * 1.8, NULL);
    if (r->eps_dp && d->complete)
      dpv_plot_markers (plot, &kx, &d->exact[i], 1, &style->accent, style->line_width * 1.8,
                        NULL);
  }
}

void
dpv_budget_draw (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr, double x, double y,
                 double w, double h)
{
  const DpvBudget *r = dpv_frame_get_result (frame);
  double text = dpv_style_text_size (style);
  gboolean roomy = dpv_view_roomy (style, w, h);
  Setup s = { r, w < 40 * text || h < 18 * text };
  g_autoptr(DpvPlot) plot = NULL;
  double w_tab = roomy ? MIN (w * 0.34, text * 26) : 0, gap = roomy ? text * 1.2 : 0;

  if (roomy)
    draw_tables (cr, style, r, x, y, w_tab, h);
  plot = dpv_panel_new (cr, style, x + w_tab + gap, y, w - w_tab - gap, h, setup_split, &s);
  draw_split (plot, style, r, roomy);
  dpv_plot_legend (plot);
}
