/* dpv-plot-axis.c — axis ranges, the data-to-user maps, pixel snapping
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "dpv-plot-private.h"

void
dpv_plot_axis_set (DpvPlot *p, int which, double min, double max, DpvScale scale, const char *title)
{
  Axis *ax = &p->axes[which];

  if (scale != DPV_SCALE_LOG)
    scale = DPV_SCALE_LINEAR;
  dpv_range_sanitize (&min, &max, scale == DPV_SCALE_LOG);
  ax->set = TRUE;
  ax->min = min;
  ax->max = max;
  ax->scale = scale;
  if (scale == DPV_SCALE_LOG)
    {
      ax->tmin = log10 (min);
      ax->tmax = log10 (max);
    }
  else
    {
      ax->tmin = min;
      ax->tmax = max;
    }
  g_free (ax->title);
  ax->title = title ? g_strdup (title) : NULL;
  p->laid_out = FALSE;
}

double
dpv_axis_unfrac (const Axis *ax, double f)
{
  double t = ax->tmin + f * (ax->tmax - ax->tmin);

  return ax->scale == DPV_SCALE_LOG ? pow (10.0, t) : t;
}

/* Clamps a user coordinate far outside the data area to a finite value cairo can take;
 * lines to such points keep their visible slope to within a negligible error. */
double
dpv_plot_clamp_user (DpvPlot *p, double u, gboolean is_x)
{
  double lo = is_x ? p->dx : p->dy;
  double len = is_x ? p->dw : p->dh;
  double m = 50.0 * (p->dw + p->dh) + 1000.0;

  if (isnan (u))
    return u;
  return CLAMP (u, lo - m, lo + len + m);
}

/* Snaps a horizontal (is_x FALSE) or vertical line position to the device pixel grid. */
double
dpv_plot_snap (DpvPlot *p, double u, gboolean is_x, double line_width)
{
  cairo_matrix_t m;
  double ux, uy, wx, wy, d, dw;
  int iw;

  if (!p->style.pixel_snap || !isfinite (u))
    return u;
  cairo_get_matrix (p->cr, &m);
  if (m.xy != 0 || m.yx != 0)
    return u;
  ux = is_x ? u : 0;
  uy = is_x ? 0 : u;
  cairo_user_to_device (p->cr, &ux, &uy);
  wx = is_x ? line_width : 0;
  wy = is_x ? 0 : line_width;
  cairo_user_to_device_distance (p->cr, &wx, &wy);
  dw = fabs (is_x ? wx : wy);
  iw = (int) CLAMP (lround (MIN (dw, 1e6)), 1, 1000000);
  d = is_x ? ux : uy;
  d = (iw % 2) ? floor (d) + 0.5 : round (d);
  if (is_x)
    ux = d;
  else
    uy = d;
  cairo_device_to_user (p->cr, &ux, &uy);
  return is_x ? ux : uy;
}

/* Rounds a line width to whole device pixels when snapping, so snapped lines are crisp. */
double
dpv_plot_snap_width (DpvPlot *p, double line_width)
{
  cairo_matrix_t m;
  double wx = line_width, wy = 0, dw;

  if (!p->style.pixel_snap || !isfinite (line_width) || line_width <= 0)
    return line_width;
  cairo_get_matrix (p->cr, &m);
  if (m.xy != 0 || m.yx != 0)
    return line_width;
  cairo_user_to_device_distance (p->cr, &wx, &wy);
  dw = fabs (wx);
  if (!(dw > 0))
    return line_width;
  return line_width * MAX (1.0, round (dw)) / dw;
}

void
dpv_plot_set_x_axis (DpvPlot    *plot,
                     double      min,
                     double      max,
                     DpvScale    scale,
                     const char *title_markup)
{
  g_return_if_fail (plot != NULL);
  dpv_plot_axis_set (plot, AX_X, min, max, scale, title_markup);
}

void
dpv_plot_set_y_axis (DpvPlot    *plot,
                     double      min,
                     double      max,
                     DpvScale    scale,
                     const char *title_markup)
{
  g_return_if_fail (plot != NULL);
  dpv_plot_axis_set (plot, AX_Y, min, max, scale, title_markup);
}

void
dpv_plot_set_y2_axis (DpvPlot    *plot,
                      double      min,
                      double      max,
                      DpvScale    scale,
                      const char *title_markup)
{
  g_return_if_fail (plot != NULL);
  dpv_plot_axis_set (plot, AX_Y2, min, max, scale, title_markup);
}

/* Tolerances in user units: a fraction of a device pixel. */
double
dpv_plot_device_px (DpvPlot *p)
{
  double dxu = 1, dyu = 0;

  cairo_user_to_device_distance (p->cr, &dxu, &dyu);
  return 1.0 / MAX (hypot (dxu, dyu), 1e-6);
}
