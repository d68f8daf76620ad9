/* dpv-plot-lines.c — series drawn as lines, and dash patterns
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "dpv-plot-private.h"

void
dpv_set_dash (cairo_t *cr, DpvDash dash, double width)
{
  double u = MAX (width, 0.5);

  switch (dash)
    {
    case DPV_DASH_DASHED:
      {
        double d[] = { 4.0 * u, 3.0 * u };
        cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
        cairo_set_dash (cr, d, 2, 0);
      }
      break;
    case DPV_DASH_DOTTED:
      {
        double d[] = { 0.01, 2.2 * u };   /* 0 would draw nothing in cairo 1.16 */
        cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
        cairo_set_dash (cr, d, 2, 0);
      }
      break;
    case DPV_DASH_DASHDOT:
      {
        double d[] = { 3.5 * u, 2.6 * u, 0.01, 2.6 * u };
        cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
        cairo_set_dash (cr, d, 4, 0);
      }
      break;
    case DPV_DASH_LONG_DASH:
      {
        double d[] = { 8.0 * u, 3.0 * u };
        cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
        cairo_set_dash (cr, d, 2, 0);
      }
      break;
    case DPV_DASH_DASH_DOT_DOT:
      {
        double d[] = { 3.5 * u, 2.4 * u, 0.01, 2.0 * u, 0.01, 2.4 * u };
        cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
        cairo_set_dash (cr, d, 6, 0);
      }
      break;
    case DPV_DASH_LONG_SHORT:
      {
        double d[] = { 7.0 * u, 2.4 * u, 2.0 * u, 2.4 * u };
        cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
        cairo_set_dash (cr, d, 4, 0);
      }
      break;
    case DPV_DASH_SOLID:
    case DPV_N_DASHES:
    default:
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_set_dash (cr, NULL, 0, 0);
      break;
    }
}

/* The patterns a grayscale figure gives its lines with a legend entry, in the order they are
 * drawn: solid first, then the patterns that differ most from it and from each other. */
static const DpvDash gray_dashes[] = {
  DPV_DASH_SOLID, DPV_DASH_DASHED, DPV_DASH_DOTTED, DPV_DASH_DASHDOT, DPV_DASH_LONG_DASH,
  DPV_DASH_DASH_DOT_DOT, DPV_DASH_LONG_SHORT,
};

DpvDash
dpv_plot_line_dash (DpvPlot *p, const DpvColor *color, DpvDash dash, const char *legend)
{
  g_autofree char *key = NULL;
  guint i;

  /* a line without a legend entry (the edge of a fill, a guide) keeps the view's pattern and
   * leaves the others to the lines a reader must tell apart by the key */
  if (!p->style.grayscale || legend == NULL || *legend == '\0')
    return dash;
  /* lines with the same colour, pattern and legend entry are one series drawn in pieces */
  key = g_strdup_printf ("%.4f %.4f %.4f %.4f %d %s", color->r, color->g, color->b, color->a,
                         (int) dash, legend != NULL ? legend : "");
  if (p->gray_keys == NULL)
    p->gray_keys = g_ptr_array_new_with_free_func (g_free);
  for (i = 0; i < p->gray_keys->len; i++)
    if (g_str_equal (g_ptr_array_index (p->gray_keys, i), key))
      break;
  if (i == p->gray_keys->len)
    g_ptr_array_add (p->gray_keys, g_steal_pointer (&key));
  return gray_dashes[i % G_N_ELEMENTS (gray_dashes)];
}

/* Points per stroke when a run is stroked in pieces (see flush_run ()). */
#define LINE_PIECE 40

/* Adds a run of points (a subpath) to the line being drawn, simplified. On image targets
 * the run is stroked at once, in pieces of LINE_PIECE points that share their end points:
 * cairo 1.16 scan-converts a long polyline more slowly than the same polyline in short
 * pieces. A dash pattern runs on across the pieces: each starts at the offset of the length
 * stroked so far, as the whole run would. Vector output keeps one path. */
static void
flush_run (DpvPlot *p, GArray *run, double tol)
{
  cairo_t *cr = p->cr;
  Point *pts = (Point *) (void *) run->data;
  gsize m;
  gboolean pieces = !p->vector;
  double along = 0, pattern[8], offset0 = 0;
  int n_dash = cairo_get_dash_count (cr);

  if (run->len == 0)
    return;
  m = dpv_simplify (pts, run->len, tol);
  dpv_plot_record_point (p, pts[0].x, pts[0].y);
  for (gsize i = 1; i < m; i++)
    dpv_plot_record_segment (p, pts[i - 1].x, pts[i - 1].y, pts[i].x, pts[i].y);
  if (p->dots != NULL)
    {
      dpv_plot_dots_stamp_run (p, p->dots, pts, m);
      if (!p->dots->dashes)
        {
          g_array_set_size (run, 0);
          return;
        }
    }
  if (n_dash > 0 && n_dash <= (int) G_N_ELEMENTS (pattern))
    cairo_get_dash (cr, pattern, &offset0);
  else
    n_dash = 0;
  cairo_move_to (cr, pts[0].x, pts[0].y);
  for (gsize i = 1; i < m; i++)
    {
      cairo_line_to (cr, pts[i].x, pts[i].y);
      if (!pieces)
        continue;
      along += hypot (pts[i].x - pts[i - 1].x, pts[i].y - pts[i - 1].y);
      if (i % (LINE_PIECE - 1) == 0 && i + 1 < m)
        {
          cairo_stroke (cr);
          if (n_dash > 0)
            cairo_set_dash (cr, pattern, n_dash, offset0 + along);
          cairo_move_to (cr, pts[i].x, pts[i].y);
        }
    }
  if (pieces)
    {
      cairo_stroke (cr);
      if (n_dash > 0)
        cairo_set_dash (cr, pattern, n_dash, offset0);
    }
  g_array_set_size (run, 0);
}

/* Liang & Barsky (1984) clipping of segment a→b to the rectangle [x0, x1] × [y0, y1].
 * Returns FALSE when nothing is inside; otherwise moves the ends to the visible part. */
static gboolean
clip_segment (double x0, double y0, double x1, double y1, Point *a, Point *b,
              gboolean *cut_end)
{
  double dx = b->x - a->x, dy = b->y - a->y;
  double pk[4] = { -dx, dx, -dy, dy };
  double qk[4] = { a->x - x0, x1 - a->x, a->y - y0, y1 - a->y };
  double t0 = 0, t1 = 1;

  for (int k = 0; k < 4; k++)
    {
      if (pk[k] == 0)
        {
          if (qk[k] < 0)
            return FALSE;
          continue;
        }
      {
        double t = qk[k] / pk[k];
        if (pk[k] < 0)
          t0 = MAX (t0, t);
        else
          t1 = MIN (t1, t);
      }
      if (t0 > t1)
        return FALSE;
    }
  if (t0 > 0)
    {
      Point na = { a->x + t0 * dx, a->y + t0 * dy };
      *a = na;
    }
  *cut_end = t1 < 1;
  if (t1 < 1)
    {
      Point nb = { a->x + (t1 - t0) / (1 - t0) * (b->x - a->x),
                   a->y + (t1 - t0) / (1 - t0) * (b->y - a->y) };
      *b = nb;
    }
  return TRUE;
}

static void
draw_line (DpvPlot *p, int yaxis, const double *x, const double *y, gsize n,
           const DpvColor *color, double width, DpvDash dash, const char *legend)
{
  cairo_t *cr = p->cr;
  GArray *run;
  double min_step, tol, rx0, ry0, rx1, ry1;
  Point prev = { 0, 0 };
  gboolean have_prev = FALSE;
  DotStamps dots;

  dpv_plot_ensure_layout (p);
  if (!isfinite (width) || width <= 0)
    width = p->style.line_width;
  if (color == NULL)
    color = &p->style.foreground;
  dash = dpv_plot_line_dash (p, color, dash, legend);
  dpv_plot_add_entry (p, ENTRY_LINE, legend, color, width, 1.0, dash);
  if (x == NULL || y == NULL || n == 0)
    return;
  dpv_plot_log_series (p, DPV_SERIES_LINE, yaxis == AX_Y2, x, y, n, color, dash, legend);
  if (!dpv_plot_cr_ok (p))
    return;

  min_step = 0.25 * dpv_plot_device_px (p);
  tol = 0.1 * dpv_plot_device_px (p);
  run = g_array_sized_new (FALSE, FALSE, sizeof (Point), MIN (n, 4096));

  /* segments are cut to the data area grown by the line width: what lies outside would be
   * clipped anyway, but cairo would still stroke it */
  dpv_plot_visible_rect (p, 2 * width + 2, &rx0, &ry0, &rx1, &ry1);

  cairo_save (cr);
  dpv_plot_clip_data_area (p);
  dpv_color_set_source (color, cr);
  cairo_set_line_width (cr, width);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  dpv_set_dash (cr, dash, width);
  if (dash != DPV_DASH_SOLID && !p->vector)
    {
      /* Dash ends are round caps of a pixel or two: at cairo's default tolerance (0.1 px)
       * each is a many-sided polygon, and a dashed curve across a 1920-pixel panel has
       * hundreds. Half a pixel changes no pixel by more than ~4 % and takes a quarter off the
       * cost of such a line. (Dots are stamped, below.) Vector output keeps true arcs. */
      cairo_set_tolerance (cr, 0.5 * dpv_plot_device_px (p));
    }
  cairo_new_path (cr);
  /* dots from the dot font (dpv-plot-dots.c), at the places dpv_set_dash ()'s pattern gives
   * them */
  if (dpv_plot_dots_begin (p, &dots, dash, width))
    p->dots = &dots;
  for (gsize i = 0; i < n; i++)
    {
      Point pt;

      pt.x = isfinite (x[i]) ? dpv_plot_map_x (p, x[i]) : NAN;
      pt.y = isfinite (y[i]) ? dpv_plot_map_y (p, yaxis, y[i]) : NAN;
      if (!isfinite (pt.x) || !isfinite (pt.y))
        {
          /* non-finite points (and y ≤ 0 on a log axis) break the line */
          flush_run (p, run, tol);
          have_prev = FALSE;
          continue;
        }
      pt.x = dpv_clamp_far (pt.x);
      pt.y = dpv_clamp_far (pt.y);
      {
        Point a = prev, b = pt;
        gboolean first = !have_prev, cut_end = FALSE;

        prev = pt;
        have_prev = TRUE;
        if (first)
          {
            if (pt.x >= rx0 && pt.x <= rx1 && pt.y >= ry0 && pt.y <= ry1)
              g_array_append_val (run, pt);
            continue;
          }
        if (!clip_segment (rx0, ry0, rx1, ry1, &a, &b, &cut_end))
          {
            flush_run (p, run, tol);
            continue;
          }
        if (run->len == 0)
          g_array_append_val (run, a);
        pt = b;
        if (cut_end)
          {
            /* the segment leaves the area: end the run at the exit point */
            g_array_append_val (run, pt);
            flush_run (p, run, tol);
            continue;
          }
      }
      if (run->len > 1)
        {
          /* samples closer than a quarter pixel to the previous one: replace it, so the
           * run still ends on its true last point */
          Point *last = &g_array_index (run, Point, run->len - 1);
          Point *last2 = &g_array_index (run, Point, run->len - 2);
          if (fabs (last->x - last2->x) < min_step && fabs (last->y - last2->y) < min_step)
            {
              *last = pt;
              continue;
            }
        }
      g_array_append_val (run, pt);
    }
  flush_run (p, run, tol);
  g_array_unref (run);

  if (p->dots != NULL)
    {
      dpv_plot_dots_flush (p, p->dots);
      p->dots = NULL;
    }
  /* the last run (pieces already stroked leave nothing) */
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
dpv_plot_line (DpvPlot        *plot,
               const double   *x,
               const double   *y,
               gsize           n,
               const DpvColor *color,
               double          width,
               DpvDash         dash,
               const char     *legend_markup)
{
  g_return_if_fail (plot != NULL);
  draw_line (plot, AX_Y, x, y, n, color, width, dash, legend_markup);
}

void
dpv_plot_line_y2 (DpvPlot        *plot,
                  const double   *x,
                  const double   *y,
                  gsize           n,
                  const DpvColor *color,
                  double          width,
                  DpvDash         dash,
                  const char     *legend_markup)
{
  g_return_if_fail (plot != NULL);
  draw_line (plot, plot->axes[AX_Y2].set ? AX_Y2 : AX_Y, x, y, n, color, width, dash,
             legend_markup);
}
