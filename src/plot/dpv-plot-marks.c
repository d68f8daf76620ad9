/* dpv-plot-marks.c — bars and markers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "dpv-plot-private.h"

void
dpv_plot_bars (DpvPlot        *plot,
               const double   *x,
               const double   *h,
               gsize           n,
               double          bar_width,
               const DpvColor *color,
               double          alpha,
               const char     *legend_markup)
{
  DpvPlot *p = plot;
  cairo_t *cr;
  DpvColor fill;
  double base;

  g_return_if_fail (plot != NULL);
  dpv_plot_ensure_layout (p);
  if (color == NULL)
    color = &p->style.foreground;
  fill = dpv_plot_add_fill_entry (p, ENTRY_BAR, legend_markup, color, color, alpha, 1.0);
  if (x != NULL && h != NULL && n > 0)
    {
      DpvSeriesRecord *r = dpv_plot_log_series (p, DPV_SERIES_BARS, FALSE, x, h, n, color,
                                                DPV_DASH_SOLID, legend_markup);
      if (r != NULL)
        r->bar_width = bar_width;
    }
  if (x == NULL || h == NULL || n == 0 || !dpv_plot_cr_ok (p) || !isfinite (bar_width))
    return;
  cr = p->cr;

  base = p->axes[AX_Y].scale == DPV_SCALE_LOG
           ? p->dy + p->dh
           : dpv_plot_clamp_user (p, dpv_plot_map_y (p, AX_Y, 0.0), FALSE);

  cairo_save (cr);
  dpv_plot_clip_data_area (p);
  cairo_set_line_width (cr, 1.0);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  for (gsize i = 0; i < n; i++)
    {
      double x0, x1, top;

      if (!isfinite (x[i]) || !isfinite (h[i]))
        continue;
      x0 = dpv_plot_map_x (p, x[i] - fabs (bar_width) / 2);
      x1 = dpv_plot_map_x (p, x[i] + fabs (bar_width) / 2);
      top = dpv_plot_map_y (p, AX_Y, h[i]);
      if (!isfinite (x0) || !isfinite (x1) || !isfinite (top))
        continue;
      x0 = dpv_plot_clamp_user (p, x0, TRUE);
      x1 = dpv_plot_clamp_user (p, x1, TRUE);
      top = dpv_plot_clamp_user (p, top, FALSE);
      cairo_rectangle (cr, MIN (x0, x1), MIN (top, base), fabs (x1 - x0), fabs (base - top));
      dpv_color_set_source (&fill, cr);
      cairo_fill_preserve (cr);
      dpv_color_set_source (color, cr);
      cairo_stroke (cr);

      /* the bar's area counts as drawn data for the legend */
      {
        double xa = MAX (MIN (x0, x1), p->dx), xb = MIN (MAX (x0, x1), p->dx + p->dw);
        double ya = MAX (MIN (top, base), p->dy), yb = MIN (MAX (top, base), p->dy + p->dh);
        /* at most ~2500 samples per bar, whatever the panel size */
        double step = MAX (MAX (2.0, p->em * 0.8), sqrt (MAX (0, (xb - xa) * (yb - ya)) / 2500));
        for (double yy = ya; yy <= yb; yy += step)
          for (double xx = xa; xx <= xb; xx += step)
            dpv_plot_record_point (p, xx, yy);
        dpv_plot_record_segment (p, xa, ya, xb, ya);
      }
    }
  cairo_restore (cr);
}

void
dpv_plot_markers (DpvPlot        *plot,
                  const double   *x,
                  const double   *y,
                  gsize           n,
                  const DpvColor *color,
                  double          radius,
                  const char     *legend_markup)
{
  DpvPlot *p = plot;
  cairo_t *cr;

  g_return_if_fail (plot != NULL);
  dpv_plot_ensure_layout (p);
  if (color == NULL)
    color = &p->style.foreground;
  if (!isfinite (radius) || radius <= 0)
    radius = p->style.line_width * 2;
  dpv_plot_add_entry (p, ENTRY_MARKER, legend_markup, color, radius, 1.0, DPV_DASH_SOLID);
  /* markers without a legend entry mark a point of a curve already logged */
  if (x != NULL && y != NULL && n > 0 && legend_markup != NULL)
    dpv_plot_log_series (p, DPV_SERIES_MARKERS, FALSE, x, y, n, color, DPV_DASH_SOLID,
                         legend_markup);
  if (x == NULL || y == NULL || n == 0 || !dpv_plot_cr_ok (p))
    return;
  cr = p->cr;

  cairo_save (cr);
  dpv_plot_clip_data_area (p);
  dpv_color_set_source (color, cr);
  for (gsize i = 0; i < n; i++)
    {
      double ux = isfinite (x[i]) ? dpv_plot_map_x (p, x[i]) : NAN;
      double uy = isfinite (y[i]) ? dpv_plot_map_y (p, AX_Y, y[i]) : NAN;

      if (!isfinite (ux) || !isfinite (uy))
        continue;
      if (ux < p->dx - radius || ux > p->dx + p->dw + radius
          || uy < p->dy - radius || uy > p->dy + p->dh + radius)
        continue;
      cairo_new_sub_path (cr);
      cairo_arc (cr, ux, uy, radius, 0, 2 * G_PI);
      dpv_plot_record_point (p, ux, uy);
    }
  cairo_fill_preserve (cr);
  {
    /* a thin ring in the background colour sets a marker off the line it sits on */
    DpvColor ring;
    if (dpv_plot_halo_color (&p->style, &ring))
      {
        dpv_color_set_source (&ring, cr);
        cairo_set_line_width (cr, MAX (0.75, radius * 0.3));
        cairo_stroke (cr);
      }
  }
  cairo_new_path (cr);
  cairo_restore (cr);
}
