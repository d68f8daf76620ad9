/* dpv-plot-annotate.c — annotations and reference lines with their labels
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "dpv-plot-private.h"

/* For DpvPlotOptions.placed_log: the text and its box in device units. */
static void
log_placed (DpvPlot *p, PangoLayout *layout, double x, double y, double w, double h)
{
  static GMutex lock;
  DpvPlacedText t;
  double x0 = x, y0 = y, x1 = x + w, y1 = y + h;

  cairo_user_to_device (p->cr, &x0, &y0);
  cairo_user_to_device (p->cr, &x1, &y1);
  t.text = g_strdup (pango_layout_get_text (layout));
  t.x = MIN (x0, x1);
  t.y = MIN (y0, y1);
  t.w = fabs (x1 - x0);
  t.h = fabs (y1 - y0);
  g_mutex_lock (&lock);
  g_array_append_val (p->style.plot_options.placed_log, t);
  g_mutex_unlock (&lock);
}

/* Draws the note at its chosen place (x, y) and keeps its box for the places chosen after. */
static void
draw_text_at (DpvPlot *p, PangoLayout *layout, double x, double y, double w, double h,
              const DpvColor *color)
{
  if (!p->style.plot_options.hide_annotations)
    {
      cairo_save (p->cr);
      dpv_plot_show_layout (p, layout, x, y, color, TRUE);
      cairo_restore (p->cr);
    }
  if (p->style.plot_options.placed_log != NULL)
    log_placed (p, layout, x, y, w, h);
  dpv_plot_record_text (p, DPV_TEXT_ANNOTATION, x, y, w, h);
  dpv_plot_record_label (p, layout);
}

static void
draw_placed_text (DpvPlot *p, PangoLayout *layout, const Point *cand, int n_cand,
                  gboolean clear_first, const DpvColor *color)
{
  double w, h, x, y;

  dpv_text_layout_size (layout, &w, &h);
  dpv_plot_place_box (p, cand, n_cand, w, h, clear_first, &x, &y);
  draw_text_at (p, layout, x, y, w, h, color);
}

/* The data point (x, y) in device units, inside the data area. */
static void
annotation_point (DpvPlot *p, double x, double y, double *opx, double *opy)
{
  double px = isfinite (x) ? dpv_plot_map_x (p, x) : NAN;
  double py = isfinite (y) ? dpv_plot_map_y (p, AX_Y, y) : NAN;

  if (!isfinite (px))
    px = isnan (x) || isnan (px) ? p->dx + p->dw / 2 : (px < 0 ? p->dx : p->dx + p->dw);
  if (!isfinite (py))
    py = isnan (y) || isnan (py) ? p->dy + p->dh / 2 : (py < 0 ? p->dy : p->dy + p->dh);
  *opx = CLAMP (px, p->dx, p->dx + p->dw);
  *opy = CLAMP (py, p->dy, p->dy + p->dh);
}

static void
annotate (DpvPlot *p, double x, double y, const char *markup, DpvAnchor anchor,
          const DpvColor *color, gboolean on_vline)
{
  PangoLayout *layout;
  Point cand[9 + 4];
  double px, py, w, h, gap;
  int n;

  dpv_plot_ensure_layout (p);
  if (markup == NULL || !*markup || !dpv_plot_cr_ok (p))
    return;
  if (color == NULL)
    color = &p->style.foreground;

  annotation_point (p, x, y, &px, &py);
  layout = dpv_plot_text_layout (p, markup, ANNOT_FACTOR);
  dpv_text_layout_size (layout, &w, &h);
  gap = p->em * 0.35;

  if (on_vline)
    {
      gboolean west = anchor == DPV_ANCHOR_WEST || anchor == DPV_ANCHOR_NORTH_WEST
                      || anchor == DPV_ANCHOR_SOUTH_WEST;
      gboolean north = anchor == DPV_ANCHOR_NORTH || anchor == DPV_ANCHOR_NORTH_WEST
                       || anchor == DPV_ANCHOR_NORTH_EAST;
      double bx, by;

      if (dpv_plot_place_beside_vline (p, px, py, w, h, gap, west, north, &bx, &by))
        {
          draw_text_at (p, layout, bx, by, w, h, color);
          return;
        }
    }
  /* around the point; for a note about a line with no clear place beside it, also beside
   * the line's ends and, clear of the curves, sideways from there */
  n = dpv_anchor_candidates (anchor, px, py, w, h, gap, cand);
  if (on_vline)
    n += dpv_plot_vline_end_candidates (p, px, w, h, cand + n);
  draw_placed_text (p, layout, cand, n, on_vline, color);
}

void
dpv_plot_annotate (DpvPlot        *plot,
                   double          x,
                   double          y,
                   const char     *markup,
                   DpvAnchor       anchor,
                   const DpvColor *color)
{
  g_return_if_fail (plot != NULL);
  annotate (plot, x, y, markup, anchor, color, FALSE);
}

void
dpv_plot_annotate_vline (DpvPlot        *plot,
                         double          x,
                         double          y,
                         const char     *markup,
                         DpvAnchor       anchor,
                         const DpvColor *color)
{
  g_return_if_fail (plot != NULL);
  annotate (plot, x, y, markup, anchor, color, TRUE);
}

/* A reference line across the data area at @v on axis @which (AX_X: a vertical line), with
 * its label (may be NULL) beside one of its ends. */
static void
reference_line (DpvPlot        *p,
                int             which,
                double          v,
                const DpvColor *color,
                DpvDash         dash,
                const char     *label_markup)
{
  gboolean vertical = which == AX_X;
  double lo = vertical ? p->dx : p->dy, len = vertical ? p->dw : p->dh;
  cairo_t *cr;
  double u, lw;

  dpv_plot_ensure_layout (p);
  if (!dpv_plot_cr_ok (p) || !isfinite (v))
    return;
  u = vertical ? dpv_plot_map_x (p, v) : dpv_plot_map_y (p, which, v);
  if (!isfinite (u) || u < lo - 0.5 || u > lo + len + 0.5)
    return;
  if (color == NULL)
    color = &p->style.accent;
  cr = p->cr;
  lw = dpv_plot_snap_width (p, MAX (1.0, p->style.line_width * 0.75));
  u = dpv_plot_snap (p, u, vertical, lw);

  cairo_save (cr);
  dpv_plot_clip_data_area (p);
  dpv_color_set_source (color, cr);
  cairo_set_line_width (cr, lw);
  dpv_set_dash (cr, dash, lw);
  {
    double x0, y0, x1, y1;
    dpv_plot_visible_rect (p, 2 * lw + 2, &x0, &y0, &x1, &y1);
    if (vertical)
      {
        cairo_move_to (cr, u, MAX (p->dy, y0));
        cairo_line_to (cr, u, MIN (p->dy + p->dh, y1));
      }
    else
      {
        cairo_move_to (cr, MAX (p->dx, x0), u);
        cairo_line_to (cr, MIN (p->dx + p->dw, x1), u);
      }
  }
  cairo_stroke (cr);
  cairo_restore (cr);
  if (vertical)
    dpv_plot_record_segment_to (p, p->ref_points, u, p->dy, u, p->dy + p->dh);
  else
    dpv_plot_record_segment_to (p, p->ref_points, p->dx, u, p->dx + p->dw, u);

  if (label_markup && *label_markup)
    {
      PangoLayout *layout = dpv_plot_text_layout (p, label_markup, ANNOT_FACTOR);
      double w, h, g = p->em * 0.25;
      Point cand[4];
      int n = 4;

      dpv_text_layout_size (layout, &w, &h);
      if (vertical)
        n = dpv_plot_vline_end_candidates (p, u, w, h, cand);
      else
        {
          cand[0] = (Point) { p->dx + p->dw - g - w, u - g * 0.5 - h };
          cand[1] = (Point) { p->dx + p->dw - g - w, u + g * 0.5 };
          cand[2] = (Point) { p->dx + g, u - g * 0.5 - h };
          cand[3] = (Point) { p->dx + g, u + g * 0.5 };
        }
      draw_placed_text (p, layout, cand, n, FALSE, color);
    }
}

void
dpv_plot_vline (DpvPlot        *plot,
                double          x,
                const DpvColor *color,
                DpvDash         dash,
                const char     *label_markup)
{
  g_return_if_fail (plot != NULL);
  reference_line (plot, AX_X, x, color, dash, label_markup);
}

void
dpv_plot_hline (DpvPlot        *plot,
                double          y,
                const DpvColor *color,
                DpvDash         dash,
                const char     *label_markup)
{
  g_return_if_fail (plot != NULL);
  reference_line (plot, AX_Y, y, color, dash, label_markup);
}
