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

/* Where a note goes: about the data point (px, py), on the side @anchor names, or (@on_vline)
 * about the vertical line through it; or (@ref_line) beside an end of the reference line at
 * device coordinate u (@vertical: x). */
typedef struct {
  double px, py;
  DpvAnchor anchor;
  gboolean on_vline;
  gboolean ref_line, vertical;
  double u;
} NoteSpot;

/* The top-left corner of a w × h note at @spot. */
static void
place_note (DpvPlot *p, const NoteSpot *spot, double w, double h, double *x, double *y)
{
  Point cand[9 + 4];
  double gap = p->em * 0.35;
  int n;

  if (spot->ref_line)
    {
      double g = p->em * 0.25;

      if (spot->vertical)
        n = dpv_plot_vline_end_candidates (p, spot->u, w, h, cand);
      else
        {
          n = 4;
          cand[0] = (Point) { p->dx + p->dw - g - w, spot->u - g * 0.5 - h };
          cand[1] = (Point) { p->dx + p->dw - g - w, spot->u + g * 0.5 };
          cand[2] = (Point) { p->dx + g, spot->u - g * 0.5 - h };
          cand[3] = (Point) { p->dx + g, spot->u + g * 0.5 };
        }
      dpv_plot_place_box (p, cand, n, w, h, FALSE, x, y);
      return;
    }
  if (spot->on_vline)
    {
      DpvAnchor a = spot->anchor;
      gboolean west = a == DPV_ANCHOR_WEST || a == DPV_ANCHOR_NORTH_WEST
                      || a == DPV_ANCHOR_SOUTH_WEST;
      gboolean north = a == DPV_ANCHOR_NORTH || a == DPV_ANCHOR_NORTH_WEST
                       || a == DPV_ANCHOR_NORTH_EAST;

      if (dpv_plot_place_beside_vline (p, spot->px, spot->py, w, h, gap, west, north, x, y))
        return;
    }
  /* around the point; for a note about a line with no clear place beside it, also beside
   * the line's ends and, clear of the curves, sideways from there */
  n = dpv_anchor_candidates (spot->anchor, spot->px, spot->py, w, h, gap, cand);
  if (spot->on_vline)
    n += dpv_plot_vline_end_candidates (p, spot->px, w, h, cand + n);
  dpv_plot_place_box (p, cand, n, w, h, spot->on_vline, x, y);
}

/* The text factors below 1 a note of a panel with enlarged text (text_scale > 1) may come
 * down to when at its usual size it finds no place clear of earlier text: steps of 0.88,
 * down to its size at text scale 1 and no further (the rule the legend follows,
 * dpv_plot_legend_factors ()). Returns how many, at most @max. */
static guint
note_factors (DpvPlot *p, double *f, guint max)
{
  double floor_f = 1.0 / MAX (p->style.text_scale, 1.0);
  guint n = 0;

  for (double x = 0.88; n < max && x > floor_f * 1.01; x *= 0.88)
    f[n++] = x;
  if (n < max && floor_f < 0.99)
    f[n++] = floor_f;
  return n;
}

/* Draws the note @markup at @spot: at the annotation size, or, where that overlaps earlier
 * text and a smaller size allowed by note_factors () does not, at the largest such size. */
static void
draw_note (DpvPlot *p, const char *markup, const NoteSpot *spot, const DpvColor *color)
{
  PangoLayout *layout = dpv_plot_text_layout (p, markup, ANNOT_FACTOR);
  double w, h, x, y, f[8];
  guint n_f;

  dpv_text_layout_size (layout, &w, &h);
  place_note (p, spot, w, h, &x, &y);
  if (dpv_plot_text_overlap (p, x, y, w, h) > NOTE_OVERLAP_AREA)
    {
      n_f = note_factors (p, f, G_N_ELEMENTS (f));
      for (guint i = 0; i < n_f; i++)
        {
          PangoLayout *small = dpv_plot_text_layout (p, markup, ANNOT_FACTOR * f[i]);
          double sw, sh, sx, sy;

          dpv_text_layout_size (small, &sw, &sh);
          place_note (p, spot, sw, sh, &sx, &sy);
          if (dpv_plot_text_overlap (p, sx, sy, sw, sh) <= NOTE_OVERLAP_AREA)
            {
              layout = small;
              x = sx, y = sy, w = sw, h = sh;
              break;
            }
        }
    }
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
  NoteSpot spot = { 0, 0, anchor, on_vline, FALSE, FALSE, 0 };

  dpv_plot_ensure_layout (p);
  if (markup == NULL || !*markup || !dpv_plot_cr_ok (p))
    return;
  if (color == NULL)
    color = &p->style.foreground;

  annotation_point (p, x, y, &spot.px, &spot.py);
  draw_note (p, markup, &spot, color);
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
      NoteSpot spot = { 0, 0, DPV_ANCHOR_CENTER, FALSE, TRUE, vertical, u };

      draw_note (p, label_markup, &spot, color);
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
