/* dpv-plot-fills.c — fills between curves and shaded ranges
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "dpv-plot-private.h"

typedef struct {
  GArray *lo;   /* Point, forward */
  GArray *hi;   /* Point, forward */
} Run;

/* Sutherland & Hodgman (1974): clips the closed polygon in `in` to one half-plane
 * (edge 0: x ≥ v, 1: x ≤ v, 2: y ≥ v, 3: y ≤ v), appending the result to `out`. */
static void
clip_polygon_edge (GArray *in, GArray *out, int edge, double v)
{
  g_array_set_size (out, 0);
  for (guint i = 0; i < in->len; i++)
    {
      Point a = g_array_index (in, Point, i);
      Point b = g_array_index (in, Point, (i + 1) % in->len);
      double ca = edge < 2 ? a.x : a.y, cb = edge < 2 ? b.x : b.y;
      gboolean ina = (edge % 2 == 0) ? ca >= v : ca <= v;
      gboolean inb = (edge % 2 == 0) ? cb >= v : cb <= v;

      if (ina)
        g_array_append_val (out, a);
      if (ina != inb)
        {
          double t = (v - ca) / (cb - ca);
          Point c = { a.x + t * (b.x - a.x), a.y + t * (b.y - a.y) };
          if (edge < 2)
            c.x = v;
          else
            c.y = v;
          g_array_append_val (out, c);
        }
    }
}

static void
run_flush (DpvPlot *p, Run *run, double tol)
{
  cairo_t *cr = p->cr;

  if (run->lo->len >= 2)
    {
      gsize nlo = dpv_simplify ((Point *) (void *) run->lo->data, run->lo->len, tol);
      gsize nhi = dpv_simplify ((Point *) (void *) run->hi->data, run->hi->len, tol);
      GArray *poly = g_array_sized_new (FALSE, FALSE, sizeof (Point), nlo + nhi + 8);
      GArray *tmp = g_array_sized_new (FALSE, FALSE, sizeof (Point), nlo + nhi + 8);
      double x0, y0, x1, y1;

      /* a little outside the visible area (the data-area clip hides the edge) */
      dpv_plot_visible_rect (p, 4, &x0, &y0, &x1, &y1);
      g_array_append_vals (poly, run->lo->data, nlo);
      for (gsize i = nhi; i-- > 0;)
        g_array_append_val (poly, g_array_index (run->hi, Point, i));
      clip_polygon_edge (poly, tmp, 0, x0);
      clip_polygon_edge (tmp, poly, 1, x1);
      clip_polygon_edge (poly, tmp, 2, y0);
      clip_polygon_edge (tmp, poly, 3, y1);
      for (guint i = 0; i < poly->len; i++)
        {
          Point *pt = &g_array_index (poly, Point, i);
          if (i == 0)
            cairo_move_to (cr, pt->x, pt->y);
          else
            cairo_line_to (cr, pt->x, pt->y);
        }
      if (poly->len > 0)
        cairo_close_path (cr);
      g_array_unref (poly);
      g_array_unref (tmp);
    }
  g_array_set_size (run->lo, 0);
  g_array_set_size (run->hi, 0);
}

static void
run_add (Run *run, double x, double ylo, double yhi)
{
  Point a = { x, ylo }, b = { x, yhi };
  g_array_append_val (run->lo, a);
  g_array_append_val (run->hi, b);
}

/* Fills between y_lo and y_hi; with @aliased, without antialiasing (see
 * dpv_plot_fill_between_lined ()). */
static void
fill_between (DpvPlot        *p,
              const double   *x,
              const double   *y_lo,
              const double   *y_hi,
              gsize           n,
              const DpvColor *color,
              double          alpha,
              const char     *legend_markup,
              gboolean        aliased)
{
  cairo_t *cr;
  DpvColor fill;
  Run run;
  gboolean have_prev = FALSE;
  double pux = 0, plo = 0, phi = 0, tol;

  dpv_plot_ensure_layout (p);
  fill = dpv_plot_add_fill_entry (p, ENTRY_FILL, legend_markup, color, &p->style.foreground,
                                  alpha, 1.0);
  /* a fill without a legend entry shades under a curve that is logged itself */
  if (x != NULL && y_lo != NULL && y_hi != NULL && n > 0 && legend_markup != NULL)
    {
      dpv_plot_log_series (p, DPV_SERIES_FILL_LOWER, FALSE, x, y_lo, n, color, DPV_DASH_SOLID,
                           legend_markup);
      dpv_plot_log_series (p, DPV_SERIES_FILL_UPPER, FALSE, x, y_hi, n, color, DPV_DASH_SOLID,
                           legend_markup);
    }
  if (x == NULL || y_lo == NULL || y_hi == NULL || n == 0 || !dpv_plot_cr_ok (p))
    return;
  cr = p->cr;
  dpv_plot_blend_onto_clean_data (p, &fill);

  run.lo = g_array_new (FALSE, FALSE, sizeof (Point));
  run.hi = g_array_new (FALSE, FALSE, sizeof (Point));
  tol = 0.1 * dpv_plot_device_px (p);

  cairo_save (cr);
  dpv_plot_clip_data_area (p);
  cairo_new_path (cr);
  /* Work in user space: y grows downwards, so "y_hi above y_lo" is ulo − uhi > 0. Crossings
   * are interpolated on the drawn (straight, user-space) segments. */
  for (gsize i = 0; i < n; i++)
    {
      double ux = isfinite (x[i]) ? dpv_plot_map_x (p, x[i]) : NAN;
      double ulo = isfinite (y_lo[i]) ? dpv_plot_map_y (p, AX_Y, y_lo[i]) : NAN;
      double uhi = isfinite (y_hi[i]) ? dpv_plot_map_y (p, AX_Y, y_hi[i]) : NAN;
      double d;

      if (!isfinite (ux) || !isfinite (ulo) || !isfinite (uhi))
        {
          run_flush (p, &run, tol);
          have_prev = FALSE;
          continue;
        }
      ux = dpv_clamp_far (ux);
      ulo = dpv_clamp_far (ulo);
      uhi = dpv_clamp_far (uhi);
      d = ulo - uhi;

      if (have_prev)
        {
          double pd = plo - phi;

          if ((pd > 0) != (d > 0) && pd != d)
            {
              /* crossing between i−1 and i */
              double t = pd / (pd - d);
              double cx = pux + t * (ux - pux);
              double cy = plo + t * (ulo - plo);

              if (pd > 0)
                {
                  run_add (&run, cx, cy, cy);
                  run_flush (p, &run, tol);
                }
              else
                run_add (&run, cx, cy, cy);
            }
        }
      if (d > 0)
        run_add (&run, ux, ulo, uhi);
      else if (run.lo->len > 0)
        {
          /* touching (d == 0) closes the run at this point */
          run_add (&run, ux, ulo, ulo);
          run_flush (p, &run, tol);
        }
      have_prev = TRUE;
      pux = ux;
      plo = ulo;
      phi = uhi;
    }
  run_flush (p, &run, tol);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
  dpv_color_set_source (&fill, cr);
  if (aliased)
    cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  cairo_fill (cr);
  cairo_restore (cr);

  g_array_unref (run.lo);
  g_array_unref (run.hi);
}

void
dpv_plot_fill_between (DpvPlot        *plot,
                       const double   *x,
                       const double   *y_lo,
                       const double   *y_hi,
                       gsize           n,
                       const DpvColor *color,
                       double          alpha,
                       const char     *legend_markup)
{
  g_return_if_fail (plot != NULL);
  fill_between (plot, x, y_lo, y_hi, n, color, alpha, legend_markup, FALSE);
}

/* Lines at least this wide, in device pixels, hide a fill's aliased edge: the edge of cairo's
 * one-sample-per-pixel scan conversion is within half a pixel (a pixel's centre) of the true
 * one, and a line of 1.5 px covers 0.75 px on each side of it. */
#define LINED_FILL_MIN_PX 1.5

/* A fill whose edges are drawn over by lines need not be antialiased: cairo 1.16 scan
 * converts an antialiased fill at 15 sub-rows per pixel row, and without antialiasing at one
 * sample per pixel. The densities view's two fills under their curves were a quarter of its
 * render at 1920 × 1080 (4.7 M of 17.5 M instructions); without antialiasing, 2.3 M, and the
 * frame differs from the antialiased one by at most 1/255 in any channel. */
void
dpv_plot_fill_between_lined (DpvPlot        *plot,
                             const double   *x,
                             const double   *y_lo,
                             const double   *y_hi,
                             gsize           n,
                             const DpvColor *color,
                             double          alpha,
                             const char     *legend_markup,
                             double          line_width)
{
  DpvPlot *p = plot;
  gboolean aliased;

  g_return_if_fail (plot != NULL);
  aliased = !p->vector && dpv_plot_cr_ok (p) && isfinite (line_width)
            && line_width >= LINED_FILL_MIN_PX * dpv_plot_device_px (p);
  fill_between (p, x, y_lo, y_hi, n, color, alpha, legend_markup, aliased);
}

static double
map_or_edge (DpvPlot *p, int which, double v)
{
  double lo = which == AX_X ? p->dx : p->dy;
  double len = which == AX_X ? p->dw : p->dh;
  double u;

  if (isnan (v))
    return NAN;
  if (isinf (v))
    {
      if (which == AX_X)
        return v < 0 ? lo - 1 : lo + len + 1;
      return v < 0 ? lo + len + 1 : lo - 1;
    }
  u = which == AX_X ? dpv_plot_map_x (p, v) : dpv_plot_map_y (p, which, v);
  if (isinf (u) || (p->axes[which].scale == DPV_SCALE_LOG && !(v > 0)))
    return which == AX_X ? lo - 1 : lo + len + 1;
  return dpv_plot_clamp_user (p, u, which == AX_X);
}

/* Shades the band v0 ≤ v ≤ v1 of axis @which (AX_X: a vertical band) across the data area. */
static void
shade_range (DpvPlot        *p,
             int             which,
             double          v0,
             double          v1,
             const DpvColor *color,
             double          alpha,
             const char     *legend_markup)
{
  DpvColor fill;
  double u0, u1;

  dpv_plot_ensure_layout (p);
  fill = dpv_plot_add_fill_entry (p, ENTRY_FILL, legend_markup, color, &p->style.accent, alpha,
                                  0.2);
  u0 = map_or_edge (p, which, v0);
  u1 = map_or_edge (p, which, v1);
  if (!isfinite (u0) || !isfinite (u1) || !dpv_plot_cr_ok (p))
    return;
  dpv_plot_blend_onto_clean_data (p, &fill);
  cairo_save (p->cr);
  dpv_plot_clip_data_area (p);
  if (which == AX_X)
    cairo_rectangle (p->cr, MIN (u0, u1), p->dy, fabs (u1 - u0), p->dh);
  else
    cairo_rectangle (p->cr, p->dx, MIN (u0, u1), p->dw, fabs (u1 - u0));
  dpv_color_set_source (&fill, p->cr);
  cairo_fill (p->cr);
  cairo_restore (p->cr);
}

void
dpv_plot_shade_x_range (DpvPlot        *plot,
                        double          x0,
                        double          x1,
                        const DpvColor *color,
                        double          alpha,
                        const char     *legend_markup)
{
  g_return_if_fail (plot != NULL);
  shade_range (plot, AX_X, x0, x1, color, alpha, legend_markup);
}

void
dpv_plot_shade_y_range (DpvPlot        *plot,
                        double          y0,
                        double          y1,
                        const DpvColor *color,
                        double          alpha)
{
  g_return_if_fail (plot != NULL);
  shade_range (plot, AX_Y, y0, y1, color, alpha, NULL);
}
