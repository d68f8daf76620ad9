/* dpv-plot-margins.c — margins from measured text: where the data area goes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dpv_plot_layout () measures the titles, the tick labels and the legend strip, and fixes the
 * data area, and with it the data-to-user maps; panels side by side or stacked align theirs.
 */
#include "config.h"

#include <math.h>

#include "dpv-plot-private.h"

/* Rounds the data area to whole device pixels: crisp borders, and a pixel-aligned clip,
 * which cairo applies without a mask (several times faster on image surfaces). Moves each
 * edge by at most half a device pixel, so the measured margins still hold. */
static void
align_data_area (DpvPlot *p)
{
  cairo_matrix_t m;
  double x0 = p->dx, y0 = p->dy, x1 = p->dx + p->dw, y1 = p->dy + p->dh;

  if (p->vector)
    return;
  cairo_get_matrix (p->cr, &m);
  if (m.xy != 0 || m.yx != 0 || cairo_status (p->cr) != CAIRO_STATUS_SUCCESS)
    return;
  cairo_user_to_device (p->cr, &x0, &y0);
  cairo_user_to_device (p->cr, &x1, &y1);
  x0 = round (x0);
  y0 = round (y0);
  x1 = round (x1);
  y1 = round (y1);
  if (x1 == x0 || y1 == y0)
    return;
  cairo_device_to_user (p->cr, &x0, &y0);
  cairo_device_to_user (p->cr, &x1, &y1);
  if (!isfinite (x0) || !isfinite (x1) || !isfinite (y0) || !isfinite (y1))
    return;
  p->dx = MIN (x0, x1);
  p->dw = fabs (x1 - x0);
  p->dy = MIN (y0, y1);
  p->dh = fabs (y1 - y0);
}

/* @markup's height as a title set in @width, on at most two lines; FALSE when it would be cut
 * short. */
static gboolean
title_height (DpvPlot *p, const char *markup, double width, double *h)
{
  LayoutOptions opt = { TRUE, width, TRUE, 0, 2 };
  PangoLayout *layout = dpv_plot_text_layout_with (p, markup, TITLE_FACTOR, &opt);
  gboolean whole = !pango_layout_is_ellipsized (layout);

  dpv_text_layout_size (layout, NULL, h);
  g_object_unref (layout);
  return whole;
}

/* Whether a legend of @markups fits in a column right of the data area (a wide, short panel,
 * where a strip under it would leave the data too little height): at most 45 % of the
 * panel's width, as high as the panel under its title less its padding; or, failing that, as
 * high as the whole panel, the title then set in the width left of the column, whole, on no
 * more lines than before: the title chosen, or one of its shorter forms
 * (dpv_plot_set_title_choices ()); *title_h gets its height. The column never covers the
 * title. */
static gboolean
legend_beside_fits (DpvPlot *p, const char *const *markups, guint n, LegendSizes sizes,
                    LegendGrid *g, double *title_h)
{
  const char *const *forms;
  const char *only[2] = { p->title, NULL };
  double narrow_w, narrow_h;
  gboolean past = FALSE;

  if (dpv_plot_legend_grid (p, markups, n, p->w * 0.45, p->h - 2 * p->pad - p->title_block_h,
                            sizes, g))
    {
      p->beside_top = p->y + p->pad + p->title_block_h;
      return TRUE;
    }
  if (p->title_block_h == 0
      || !dpv_plot_legend_grid (p, markups, n, p->w * 0.45, p->h - 2 * p->pad, sizes, g))
    return FALSE;
  narrow_w = p->w - 3 * p->pad - g->w;
  forms = p->title_choices != NULL ? (const char *const *) p->title_choices : only;
  for (guint i = 0; forms[i] != NULL; i++)
    {
      /* the form chosen and the shorter ones after it */
      past = past || g_strcmp0 (forms[i], p->title) == 0;
      if (!past || *forms[i] == '\0' || !title_height (p, forms[i], narrow_w, &narrow_h)
          || narrow_h > *title_h + 0.5)
        continue;
      if (forms[i] != p->title)
        {
          g_free (p->title);
          p->title = g_strdup (forms[i]);
        }
      p->beside_top = p->y + p->pad;
      p->title_w = narrow_w;
      *title_h = narrow_h;
      return TRUE;
    }
  return FALSE;
}

/* The layout, with a strip under the panel (or, when none holds it, a column right of the
 * data area) for a legend of @strip (NULL: none). */
static void
layout_pass (DpvPlot *p, GPtrArray *strip)
{
  double tick_h, title_h = 0, xt_h = 0, yt_w = 0, y2t_w = 0;
  double top, bottom, left = 0, right = 0;
  double need_left = 0, need_right = 0, xlab_h;

  p->em = dpv_text_font_px (&p->style, 1.0);
  p->pad = p->em * 0.45;
  p->ticklen = p->em * 0.35;
  p->show_x_title = p->axes[AX_X].title != NULL;
  p->x_title_inline = FALSE;
  p->show_y_title = p->axes[AX_Y].title != NULL;
  p->show_y2_title = p->axes[AX_Y2].set && p->axes[AX_Y2].title != NULL;

  dpv_text_layout_size (dpv_plot_text_layout (p, "0123456789", TICK_FACTOR), NULL, &tick_h);
  if (p->title_choices != NULL)
    {
      /* the first title that fits on one line of the width the frame gives it, else the
       * last (which is then wrapped onto two lines, and ellipsized only if those are not
       * enough) */
      LayoutOptions natural = { TRUE, 0, TRUE, 0, 0 };
      guint n = g_strv_length (p->title_choices);

      for (guint i = 0; i < n; i++)
        {
          PangoLayout *layout = dpv_plot_text_layout_with (p, p->title_choices[i],
                                                           TITLE_FACTOR, &natural);
          double tw;

          dpv_text_layout_size (layout, &tw, NULL);
          g_object_unref (layout);
          if (tw <= p->w - 2 * p->pad || i + 1 == n)
            {
              g_free (p->title);
              p->title = *p->title_choices[i] ? g_strdup (p->title_choices[i]) : NULL;
              break;
            }
        }
    }
  if (p->title)
    {
      /* measured as drawn (dpv-plot-frame.c), on the lines it takes */
      LayoutOptions opt = { TRUE, p->w - 2 * p->pad, TRUE, 0, 2 };
      PangoLayout *layout = dpv_plot_text_layout_with (p, p->title, TITLE_FACTOR, &opt);

      dpv_text_layout_size (layout, NULL, &title_h);
      g_object_unref (layout);
    }
  if (p->show_x_title)
    dpv_text_layout_size (dpv_plot_text_layout (p, p->axes[AX_X].title, AXIS_TITLE_FACTOR),
                          NULL, &xt_h);
  if (p->show_y_title)
    dpv_text_layout_size (dpv_plot_text_layout (p, p->axes[AX_Y].title, AXIS_TITLE_FACTOR),
                          NULL, &yt_w);
  if (p->show_y2_title)
    dpv_text_layout_size (dpv_plot_text_layout (p, p->axes[AX_Y2].title, AXIS_TITLE_FACTOR),
                          NULL, &y2t_w);

  /* On tiny panels drop axis titles before the data area collapses. */
  if (yt_w + y2t_w > p->w * 0.2)
    {
      p->show_y_title = p->show_y2_title = FALSE;
      yt_w = y2t_w = 0;
    }
  if (xt_h + title_h > p->h * 0.3)
    {
      p->show_x_title = FALSE;
      p->x_title_inline = TRUE;
      xt_h = 0;
    }

  p->below_h = 0;
  p->beside_w = 0;
  p->title_block_h = title_h > 0 ? title_h + p->pad * 0.5 : 0;
  p->title_w = p->w - 2 * p->pad;
  if (strip != NULL && strip->len > 0)
    {
      const char *const *markups = (const char *const *) strip->pdata;
      LegendGrid g;

      /* the strip takes a quarter of the panel at most, or with smaller text 40 %, no more
       * (enlarged text may come down to its size at text scale 1 for it): else the legend
       * goes inside. A panel at least three times as wide as it is tall, which the strip
       * would leave under eight lines (a title, the tick labels, the x title and three
       * lines of data), keeps its height: the column first. */
      gboolean wide = p->w >= 3 * p->h;
      LegendGrid quarter;
      gboolean strip_fits = dpv_plot_legend_grid (p, markups, strip->len, 0,
                                                  p->h * 0.25 - p->pad, LEGEND_SIZES_USUAL,
                                                  &quarter);

      if (strip_fits && (!wide || p->h - quarter.h - p->pad >= 8 * p->em))
        p->below_h = quarter.h + p->pad;
      else if (wide
               && legend_beside_fits (p, markups, strip->len, LEGEND_SIZES_USUAL, &g, &title_h))
        p->beside_w = g.w + p->pad;
      else if (strip_fits)
        p->below_h = quarter.h + p->pad;
      else if (dpv_plot_legend_grid (p, markups, strip->len, 0, p->h * 0.4 - p->pad,
                                     LEGEND_SIZES_USUAL, &g))
        p->below_h = g.h + p->pad;
      else if (legend_beside_fits (p, markups, strip->len, LEGEND_SIZES_USUAL, &g, &title_h))
        p->beside_w = g.w + p->pad;
      else if (dpv_plot_legend_grid (p, markups, strip->len, 0, p->h * 0.4 - p->pad,
                                     LEGEND_SIZES_SMALL, &g))
        p->below_h = g.h + p->pad;
      else if (legend_beside_fits (p, markups, strip->len, LEGEND_SIZES_SMALL, &g, &title_h))
        p->beside_w = g.w + p->pad;
    }

  top = p->pad + (title_h > 0 ? title_h + MAX (p->pad * 0.5, tick_h * 0.5 + 1) : tick_h * 0.5);
  bottom = p->ticklen + (p->x_tick_labels ? p->pad * 0.4 + tick_h : 0)
           + (xt_h > 0 ? p->pad * 0.6 + xt_h : 0) + p->pad + p->below_h + p->extra_below;
  /* short panels: the data keeps at least 40 % of the height */
  if (xt_h > 0 && p->h - top - bottom < p->h * 0.4)
    {
      p->show_x_title = FALSE;
      p->x_title_inline = TRUE;
      bottom -= p->pad * 0.6 + xt_h;
      xt_h = 0;
    }

  p->dy = p->y + top;
  p->dh = MAX (1.0, p->h - top - bottom);
  xlab_h = tick_h;

  for (int iter = 0; iter < 4; iter++)
    {
      double yw, y2w = 0, lft, rgt;

      p->dx = p->x + left;        /* provisional, refined below */
      p->dw = MAX (1.0, p->w - left - right);
      yw = dpv_plot_pick_y_ticks (p, AX_Y);
      if (p->axes[AX_Y2].set)
        y2w = dpv_plot_pick_y_ticks (p, AX_Y2);
      {
        /* the top y label reaches half its height above the data area */
        double yh = MAX (dpv_plot_y_label_height (p, AX_Y), dpv_plot_y_label_height (p, AX_Y2));
        double need_top = p->pad + (title_h > 0 ? title_h + MAX (p->pad * 0.5, yh / 2 + 1)
                                                : yh / 2 + 1);
        if (need_top > top + 0.01)
          {
            top = need_top;
            p->dy = p->y + top;
            p->dh = MAX (1.0, p->h - top - bottom);
            yw = dpv_plot_pick_y_ticks (p, AX_Y);
            if (p->axes[AX_Y2].set)
              y2w = dpv_plot_pick_y_ticks (p, AX_Y2);
          }
      }

      lft = p->pad + (yt_w > 0 ? yt_w + p->pad * 0.6 : 0) + yw + p->pad * 0.4 + p->ticklen;
      rgt = p->axes[AX_Y2].set
              ? p->ticklen + p->pad * 0.4 + y2w + (y2t_w > 0 ? p->pad * 0.6 + y2t_w : 0)
                  + p->pad
              : p->pad;
      lft = MAX (lft, need_left + p->pad * 0.5);
      rgt = MAX (rgt, need_right + p->pad * 0.5) + p->beside_w;
      lft = MAX (lft, p->min_left);
      rgt = MAX (rgt, p->min_right);
      /* keep at least a third of the width for data */
      if (lft + rgt > p->w * 0.67)
        {
          double s = p->w * 0.67 / (lft + rgt);
          lft *= s;
          rgt *= s;
        }
      left = lft;
      right = rgt;
      p->dx = p->x + left;
      p->dw = MAX (1.0, p->w - left - right);

      dpv_plot_pick_x_ticks (p, FALSE, &lft, &rgt);
      {
        /* labels with superscripts are taller than plain digits */
        double xh = dpv_plot_x_label_height (p);
        if (xh > xlab_h + 0.01)
          {
            bottom += xh - xlab_h;
            xlab_h = xh;
            p->dh = MAX (1.0, p->h - top - bottom);
            need_left = MAX (need_left, lft);
            need_right = MAX (need_right, rgt);
            continue;
          }
      }
      if (lft <= left - p->pad * 0.5 + 0.01 && rgt <= right - p->pad * 0.5 + 0.01)
        break;
      /* first/last x label sticks out of the panel: widen the margin and redo */
      need_left = MAX (need_left, lft);
      need_right = MAX (need_right, rgt);
    }
  /* final tick pass for the final geometry */
  dpv_plot_pick_y_ticks (p, AX_Y);
  if (p->axes[AX_Y2].set)
    dpv_plot_pick_y_ticks (p, AX_Y2);
  {
    double l, r;
    dpv_plot_pick_x_ticks (p, TRUE, &l, &r);
  }
  align_data_area (p);
  dpv_plot_place_inline_x_title (p);
  dpv_plot_resolve_corner_labels (p);
  p->laid_out = TRUE;
}

void
dpv_plot_layout (DpvPlot *plot)
{
  DpvPlot *p = plot;

  g_return_if_fail (plot != NULL);
  if (p->below != NULL && p->below->len > 0)
    {
      layout_pass (p, p->below);
      return;
    }
  layout_pass (p, NULL);
  if (p->auto_legend != NULL && p->auto_legend->len > 0
      && !dpv_plot_legend_fits_inside (p, (const char *const *) p->auto_legend->pdata,
                                       p->auto_legend->len))
    layout_pass (p, p->auto_legend);
}

void
dpv_plot_ensure_layout (DpvPlot *p)
{
  if (!p->laid_out)
    dpv_plot_layout (p);
}

void
dpv_plot_align_x (DpvPlot *const *plots,
                  gsize           n_plots)
{
  double left = 0, right = 0;

  g_return_if_fail (plots != NULL || n_plots == 0);

  for (gsize i = 0; i < n_plots; i++)
    if (plots[i] != NULL)
      {
        dpv_plot_ensure_layout (plots[i]);
        left = MAX (left, plots[i]->dx - plots[i]->x);
        right = MAX (right, plots[i]->x + plots[i]->w - plots[i]->dx - plots[i]->dw);
      }
  for (gsize i = 0; i < n_plots; i++)
    if (plots[i] != NULL)
      {
        DpvPlot *p = plots[i];
        /* a hair less, so the device-pixel rounding cannot push it one pixel further */
        if (fabs ((p->dx - p->x) - left) < 1e-9
            && fabs ((p->x + p->w - p->dx - p->dw) - right) < 1e-9)
          continue;
        p->min_left = left - 1e-6;
        p->min_right = right - 1e-6;
        dpv_plot_layout (p);
      }
}

void
dpv_plot_align_bottom (DpvPlot *const *plots,
                       gsize           n_plots)
{
  double bottom = HUGE_VAL;

  g_return_if_fail (plots != NULL || n_plots == 0);

  for (gsize i = 0; i < n_plots; i++)
    if (plots[i] != NULL)
      {
        dpv_plot_ensure_layout (plots[i]);
        bottom = MIN (bottom, plots[i]->dy + plots[i]->dh);
      }
  for (gsize i = 0; i < n_plots; i++)
    if (plots[i] != NULL)
      {
        DpvPlot *p = plots[i];
        double lift = p->dy + p->dh - bottom;

        if (lift < 1e-9)
          continue;
        p->extra_below += lift;
        dpv_plot_layout (p);
      }
}

void
dpv_plot_get_data_area (DpvPlot *plot,
                        double  *x,
                        double  *y,
                        double  *width,
                        double  *height)
{
  g_return_if_fail (plot != NULL);
  dpv_plot_ensure_layout (plot);
  if (x)
    *x = plot->dx;
  if (y)
    *y = plot->dy;
  if (width)
    *width = plot->dw;
  if (height)
    *height = plot->dh;
}

double
dpv_plot_x_to_user (DpvPlot *plot,
                    double   x)
{
  g_return_val_if_fail (plot != NULL, NAN);
  dpv_plot_ensure_layout (plot);
  return dpv_plot_map_x (plot, x);
}

double
dpv_plot_y_to_user (DpvPlot *plot,
                    double   y)
{
  g_return_val_if_fail (plot != NULL, NAN);
  dpv_plot_ensure_layout (plot);
  return dpv_plot_map_y (plot, AX_Y, y);
}

double
dpv_plot_y2_to_user (DpvPlot *plot,
                     double   y)
{
  g_return_val_if_fail (plot != NULL, NAN);
  dpv_plot_ensure_layout (plot);
  return dpv_plot_map_y (plot, plot->axes[AX_Y2].set ? AX_Y2 : AX_Y, y);
}

double
dpv_plot_user_to_x (DpvPlot *plot,
                    double   ux)
{
  g_return_val_if_fail (plot != NULL, NAN);
  dpv_plot_ensure_layout (plot);
  return dpv_axis_unfrac (&plot->axes[AX_X], (ux - plot->dx) / plot->dw);
}

double
dpv_plot_user_to_y (DpvPlot *plot,
                    double   uy)
{
  g_return_val_if_fail (plot != NULL, NAN);
  dpv_plot_ensure_layout (plot);
  return dpv_axis_unfrac (&plot->axes[AX_Y], (plot->dy + plot->dh - uy) / plot->dh);
}
