/* dpv-plot-frame.c — the frame: data background, grid, ticks, labels, titles
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "dpv-plot-private.h"

/* Grid lines and tick marks of one axis, each kind batched into a single stroke. */
static void
draw_grid_and_ticks (DpvPlot *p, int which)
{
  cairo_t *cr = p->cr;
  Axis *ax = &p->axes[which];
  DpvColor minor_grid = p->style.grid;
  double lw = dpv_plot_snap_width (p, 1.0);
  double xl = dpv_plot_snap (p, p->dx, TRUE, lw), xr = dpv_plot_snap (p, p->dx + p->dw, TRUE, lw);
  double yb = dpv_plot_snap (p, p->dy + p->dh, FALSE, lw);

  minor_grid.a *= 0.45;

  cairo_save (cr);
  cairo_set_line_width (cr, lw);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  /* pass 0: minor grid, 1: major grid, 2: tick marks (the right axis has no grid: it would
   * double the left one) */
  for (int pass = which == AX_Y2 ? 2 : 0; pass < 3; pass++)
    {
      gboolean any = FALSE;

      cairo_new_path (cr);
      for (gsize i = 0; i < ax->n_ticks; i++)
        {
          const DpvTick *t = &ax->ticks[i];
          double u = which == AX_X ? dpv_plot_map_x (p, t->value)
                                   : dpv_plot_map_y (p, which, t->value);
          double lo = which == AX_X ? p->dx : p->dy;
          double len = which == AX_X ? p->dw : p->dh;

          if (!isfinite (u) || u < lo - 0.5 || u > lo + len + 0.5)
            continue;
          if (pass < 2 && t->major != (pass == 1))
            continue;
          u = dpv_plot_snap (p, u, which == AX_X, lw);
          any = TRUE;
          if (pass < 2)
            {
              if (which == AX_X)
                {
                  cairo_move_to (cr, u, p->dy);
                  cairo_line_to (cr, u, p->dy + p->dh);
                }
              else
                {
                  cairo_move_to (cr, p->dx, u);
                  cairo_line_to (cr, p->dx + p->dw, u);
                }
            }
          else
            {
              double l = t->major ? p->ticklen : p->ticklen * 0.55;

              if (which == AX_X)
                {
                  cairo_move_to (cr, u, yb);
                  cairo_line_to (cr, u, yb + l);
                }
              else if (which == AX_Y)
                {
                  cairo_move_to (cr, xl, u);
                  cairo_line_to (cr, xl - l, u);
                }
              else
                {
                  cairo_move_to (cr, xr, u);
                  cairo_line_to (cr, xr + l, u);
                }
            }
        }
      if (!any)
        continue;
      dpv_color_set_source (pass == 0 ? &minor_grid : pass == 1 ? &p->style.grid
                                                                : &p->style.muted, cr);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

static void
draw_tick_labels (DpvPlot *p, int which)
{
  Axis *ax = &p->axes[which];

  if (which == AX_X && !p->x_tick_labels)
    return;
  for (gsize i = 0; i < ax->n_ticks; i++)
    {
      PangoLayout *layout;
      double w, h, x, y;

      if (!ax->show_label[i])
        continue;
      layout = dpv_plot_tick_label_rect (p, which, i, &x, &y, &w, &h);
      dpv_plot_show_layout (p, layout, x, y, &p->style.muted, FALSE);
      dpv_plot_record_text (p, which == AX_X ? DPV_TEXT_X_TICK
                      : which == AX_Y ? DPV_TEXT_Y_TICK : DPV_TEXT_Y2_TICK,
                            x, y, w, h);
    }
}

/* A fresh layout limited to width, for titles. */
static PangoLayout *
limited_layout (DpvPlot *p, const char *markup, double factor, double width)
{
  LayoutOptions opt = { TRUE, width, FALSE, 0, 0 };

  return dpv_plot_text_layout_with (p, markup, factor, &opt);
}

static void
draw_titles (DpvPlot *p)
{
  cairo_t *cr = p->cr;
  double w, h;

  if (p->show_x_title)
    {
      PangoLayout *layout = limited_layout (p, p->axes[AX_X].title, AXIS_TITLE_FACTOR,
                                            p->w - 2 * p->pad);
      double x, y;

      dpv_text_layout_size (layout, &w, &h);
      x = CLAMP (p->dx + p->dw / 2 - w / 2, p->x + p->pad, p->x + p->w - p->pad - w);
      y = p->y + p->h - p->below_h - p->extra_below - p->pad - h;
      dpv_plot_show_layout (p, layout, x, y, &p->style.foreground, FALSE);
      dpv_plot_record_text (p, DPV_TEXT_AXIS_TITLE, x, y, w, h);
      g_object_unref (layout);
    }

  if (p->x_title_inline)
    {
      PangoLayout *layout = dpv_plot_text_layout (p, p->axes[AX_X].title, TICK_FACTOR);
      double y = dpv_plot_x_tick_row_y (p);

      dpv_text_layout_size (layout, &w, &h);
      dpv_plot_show_layout (p, layout, p->x_title_x, y, &p->style.foreground, FALSE);
      dpv_plot_record_text (p, DPV_TEXT_AXIS_TITLE, p->x_title_x, y, w, h);
    }

  for (int which = AX_Y; which <= AX_Y2; which++)
    {
      gboolean show = which == AX_Y ? p->show_y_title : p->show_y2_title;
      PangoLayout *layout;
      double cx, cy, avail;

      if (!show)
        continue;
      /* along the data area only: longer, it would run into the title or the x title */
      avail = p->dh;
      layout = limited_layout (p, p->axes[which].title, AXIS_TITLE_FACTOR, avail);
      dpv_text_layout_size (layout, &w, &h);
      cy = p->dy + p->dh / 2;
      cx = which == AX_Y ? p->x + p->pad : p->x + p->w - p->pad - h;
      cairo_save (cr);
      cairo_translate (cr, cx, cy);
      {
        /* a quarter turn, exactly: cairo_rotate () leaves cos(π/2) ≈ 6e-17 in the matrix */
        const cairo_matrix_t quarter = { 0, -1, 1, 0, 0, 0 };

        cairo_transform (cr, &quarter);
      }
      {
        /* laid out for the rotated matrix (a context of its own in the cache) */
        LayoutOptions opt = { TRUE, avail, FALSE, 0, 0 };

        g_object_unref (layout);
        layout = dpv_text_cached_layout (cr, &p->style, p->axes[which].title,
                                         AXIS_TITLE_FACTOR, &opt);
      }
      dpv_text_move_to (cr, p->style.pixel_snap && !p->vector, -w / 2, 0);
      dpv_color_set_source (&p->style.foreground, cr);
      pango_cairo_show_layout (cr, layout);
      cairo_restore (cr);
      dpv_plot_record_text (p, DPV_TEXT_AXIS_TITLE, cx, cy - w / 2, h, w);
      g_object_unref (layout);
    }

  if (p->title)
    {
      /* semibold over whatever the markup says; on two lines when one is not enough */
      LayoutOptions opt = { TRUE, p->title_w, TRUE, 0, 2 };
      PangoLayout *layout = dpv_plot_text_layout_with (p, p->title, TITLE_FACTOR, &opt);
      double x, y;

      dpv_text_layout_size (layout, &w, &h);
      x = CLAMP (p->dx + p->dw / 2 - w / 2, p->x + p->pad, p->x + p->pad + p->title_w - w);
      y = p->y + p->pad;
      dpv_plot_show_layout (p, layout, x, y, &p->style.foreground, FALSE);
      dpv_plot_record_text (p, DPV_TEXT_TITLE, x, y, w, h);
      dpv_plot_record_title (p, layout);
      g_object_unref (layout);
    }
}

/* The data area's background, once, unless it is the (opaque) figure background the caller
 * has painted already. */
static void
paint_data_background (DpvPlot *p)
{
  const DpvColor *bg = &p->style.plot_background, *fig = &p->style.background;

  if (p->data_bg_done)
    return;
  p->data_bg_done = TRUE;
  if (bg->a > 0
      && !(fig->a >= 1.0 && bg->a >= 1.0 && bg->r == fig->r && bg->g == fig->g
           && bg->b == fig->b))
    {
      cairo_save (p->cr);
      dpv_color_set_source (bg, p->cr);
      cairo_rectangle (p->cr, p->dx, p->dy, p->dw, p->dh);
      cairo_fill (p->cr);
      cairo_restore (p->cr);
    }
}

/* A translucent fill of @fill that is the first thing drawn in the data area (before the
 * frame) lies on one opaque colour, the data area's background: it is then drawn as the
 * opaque colour the two blend to. The pixels are the same, and cairo writes opaque spans
 * instead of reading, blending and writing back each one (at 1920 × 1080 a shaded region or
 * a density's fill is a sizeable part of a frame). Later fills overlap it and stay
 * translucent. */
void
dpv_plot_blend_onto_clean_data (DpvPlot *p, DpvColor *fill)
{
  const DpvColor *bg = &p->style.plot_background;

  if (p->data_drawn || fill->a >= 1.0)
    return;
  if (bg->a < 1.0)
    {
      if (bg->a > 0 || p->style.background.a < 1.0)
        return;
      bg = &p->style.background;
    }
  paint_data_background (p);
  fill->r = bg->r + fill->a * (fill->r - bg->r);
  fill->g = bg->g + fill->a * (fill->g - bg->g);
  fill->b = bg->b + fill->a * (fill->b - bg->b);
  fill->a = 1.0;
}

void
dpv_plot_draw_frame (DpvPlot *plot)
{
  DpvPlot *p = plot;
  cairo_t *cr;
  DpvColor border;

  g_return_if_fail (plot != NULL);
  dpv_plot_ensure_layout (p);
  if (!dpv_plot_cr_ok (p))
    return;
  cr = p->cr;

  cairo_save (cr);
  paint_data_background (p);
  p->data_drawn = TRUE;

  draw_grid_and_ticks (p, AX_X);
  draw_grid_and_ticks (p, AX_Y);
  if (p->axes[AX_Y2].set)
    draw_grid_and_ticks (p, AX_Y2);

  /* data area border */
  border = p->style.muted;
  border.a *= 0.7;
  dpv_color_set_source (&border, cr);
  {
    double lw = dpv_plot_snap_width (p, 1.0);
    double x0 = dpv_plot_snap (p, p->dx, TRUE, lw);
    double x1 = dpv_plot_snap (p, p->dx + p->dw, TRUE, lw);
    double y0 = dpv_plot_snap (p, p->dy, FALSE, lw);
    double y1 = dpv_plot_snap (p, p->dy + p->dh, FALSE, lw);
    cairo_set_line_width (cr, lw);
    cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
  }
  cairo_stroke (cr);

  draw_tick_labels (p, AX_X);
  draw_tick_labels (p, AX_Y);
  if (p->axes[AX_Y2].set)
    draw_tick_labels (p, AX_Y2);
  draw_titles (p);
  cairo_restore (cr);
  dpv_plot_draw_pins (p);
}
