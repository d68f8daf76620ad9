/* dpv-drag.c — quantities a figure lets you set by dragging on it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The log rides on the cairo context as user data, so draw functions keep their signature and
 * a context without a log records nothing.
 */
#include "config.h"

#include <math.h>

#include "dpv-drag.h"

typedef struct {
  GPtrArray *log;
  cairo_matrix_t to_log;   /* device → user units at attach time */
} Log;

static const cairo_user_data_key_t log_key;

void
dpv_drag_area_free (DpvDragArea *area)
{
  if (area == NULL)
    return;
  g_free (area->ux);
  g_free (area->uy);
  g_free (area->values);
  g_free (area);
}

DpvDragArea *
dpv_drag_area_copy (const DpvDragArea *area)
{
  DpvDragArea *copy;

  g_return_val_if_fail (area != NULL, NULL);

  copy = g_memdup2 (area, sizeof *area);
  copy->ux = g_memdup2 (area->ux, area->n * sizeof (double));
  copy->uy = area->uy != NULL ? g_memdup2 (area->uy, area->n * sizeof (double)) : NULL;
  copy->values = g_memdup2 (area->values, area->n * sizeof (double));
  return copy;
}

void
dpv_drag_log_attach (cairo_t *cr, GPtrArray *log)
{
  Log *l;

  g_return_if_fail (cr != NULL && log != NULL);

  l = g_new0 (Log, 1);
  l->log = log;
  cairo_get_matrix (cr, &l->to_log);
  if (cairo_matrix_invert (&l->to_log) != CAIRO_STATUS_SUCCESS)
    {
      g_free (l);
      return;
    }
  cairo_set_user_data (cr, &log_key, l, g_free);
}

void
dpv_drag_log_detach (cairo_t *cr)
{
  g_return_if_fail (cr != NULL);
  cairo_set_user_data (cr, &log_key, NULL, NULL);
}

/* A point in the current user units of @cr, in the log's. */
static void
to_log (cairo_t *cr, const Log *l, double *x, double *y)
{
  cairo_user_to_device (cr, x, y);
  cairo_matrix_transform_point (&l->to_log, x, y);
}

/* A new area over @plot's data area, or NULL when nothing listens. */
static DpvDragArea *
area_new (cairo_t *cr, DpvPlot *plot, int id, DpvDragKind kind, gsize n, const Log **out)
{
  const Log *l = cairo_get_user_data (cr, &log_key);
  DpvDragArea *a;
  double x0, y0, w, h, x1, y1;

  if (l == NULL)
    return NULL;
  dpv_plot_get_data_area (plot, &x0, &y0, &w, &h);
  x1 = x0 + w;
  y1 = y0 + h;
  to_log (cr, l, &x0, &y0);
  to_log (cr, l, &x1, &y1);
  a = g_new0 (DpvDragArea, 1);
  a->id = id;
  a->kind = kind;
  a->x = MIN (x0, x1);
  a->y = MIN (y0, y1);
  a->width = fabs (x1 - x0);
  a->height = fabs (y1 - y0);
  /* a curve may need a break (NaN) between kept points: room for 2n */
  a->ux = g_new (double, 2 * n + 1);
  a->uy = kind == DPV_DRAG_ALONG ? g_new (double, 2 * n + 1) : NULL;
  a->values = g_new (double, 2 * n + 1);
  *out = l;
  return a;
}

static void
area_add (const Log *l, DpvDragArea *a)
{
  if (a->n == 0)
    {
      dpv_drag_area_free (a);
      return;
    }
  g_ptr_array_add (l->log, a);
}

void
dpv_drag_across (cairo_t *cr, DpvPlot *plot, int id, const double *x, const double *values,
                 gsize n)
{
  const Log *l = NULL;
  DpvDragArea *a;
  double dy;

  g_return_if_fail (cr != NULL && plot != NULL);
  g_return_if_fail (n == 0 || (x != NULL && values != NULL));

  if ((a = area_new (cr, plot, id, DPV_DRAG_ACROSS, n, &l)) == NULL)
    return;
  dpv_plot_get_data_area (plot, NULL, &dy, NULL, NULL);
  for (gsize i = 0; i < n; i++)
    {
      double ux = dpv_plot_x_to_user (plot, x[i]), uy = dy;

      if (!isfinite (ux) || !isfinite (values[i]))
        continue;
      to_log (cr, l, &ux, &uy);
      a->ux[a->n] = ux;
      a->values[a->n] = values[i];
      a->n++;
    }
  area_add (l, a);
}

void
dpv_drag_along (cairo_t *cr, DpvPlot *plot, int id, const double *x, const double *y,
                const double *values, gsize n)
{
  const Log *l = NULL;
  DpvDragArea *a;
  double dx, dy, dw, dh;
  gboolean gap = FALSE;

  g_return_if_fail (cr != NULL && plot != NULL);
  g_return_if_fail (n == 0 || (x != NULL && y != NULL && values != NULL));

  if ((a = area_new (cr, plot, id, DPV_DRAG_ALONG, n, &l)) == NULL)
    return;
  dpv_plot_get_data_area (plot, &dx, &dy, &dw, &dh);
  for (gsize i = 0; i < n; i++)
    {
      double ux = dpv_plot_x_to_user (plot, x[i]), uy = dpv_plot_y_to_user (plot, y[i]);

      /* half a unit of slack: a curve on the area's edge is still drawn there */
      if (!isfinite (ux) || !isfinite (uy) || !isfinite (values[i])
          || ux < dx - 0.5 || ux > dx + dw + 0.5 || uy < dy - 0.5 || uy > dy + dh + 0.5)
        {
          gap = TRUE;
          continue;
        }
      if (gap && a->n > 0)
        {
          /* a break: a NaN point joins nothing */
          a->ux[a->n] = a->uy[a->n] = a->values[a->n] = NAN;
          a->n++;
        }
      gap = FALSE;
      to_log (cr, l, &ux, &uy);
      a->ux[a->n] = ux;
      a->uy[a->n] = uy;
      a->values[a->n] = values[i];
      a->n++;
    }
  area_add (l, a);
}

static gboolean
contains (const DpvDragArea *a, double x, double y)
{
  return x >= a->x && x <= a->x + a->width && y >= a->y && y <= a->y + a->height;
}

/* The point of the curve nearest (x, y): its squared distance, and where it is (segment i,
 * fraction t from point i to i + 1; t = 0 for a lone point). */
static double
nearest (const DpvDragArea *a, double x, double y, gsize *seg, double *frac)
{
  double best = HUGE_VAL;

  *seg = 0;
  *frac = 0;
  for (gsize i = 0; i < a->n; i++)
    {
      double ax = a->ux[i], ay = a->uy[i];
      gboolean joined = i + 1 < a->n && isfinite (a->ux[i + 1]);
      double t = 0, px, py, d;

      if (!isfinite (ax))
        continue;
      if (joined)
        {
          double bx = a->ux[i + 1] - ax, by = a->uy[i + 1] - ay, len2 = bx * bx + by * by;

          if (len2 > 0)
            t = CLAMP (((x - ax) * bx + (y - ay) * by) / len2, 0.0, 1.0);
          px = ax + t * bx;
          py = ay + t * by;
        }
      else
        {
          px = ax;
          py = ay;
        }
      d = (x - px) * (x - px) + (y - py) * (y - py);
      if (d < best)
        {
          best = d;
          *seg = i;
          *frac = joined ? t : 0.0;
        }
    }
  return best;
}

double
dpv_drag_area_distance (const DpvDragArea *area, double x, double y)
{
  gsize seg;
  double frac;

  g_return_val_if_fail (area != NULL, HUGE_VAL);

  if (area->kind != DPV_DRAG_ALONG)
    return 0.0;
  return sqrt (nearest (area, x, y, &seg, &frac));
}

double
dpv_drag_area_value (const DpvDragArea *area, double x, double y)
{
  g_return_val_if_fail (area != NULL && area->n > 0, NAN);

  if (area->kind == DPV_DRAG_ALONG)
    {
      gsize seg;
      double frac;

      nearest (area, x, y, &seg, &frac);
      if (frac == 0.0)
        return area->values[seg];
      return area->values[seg] + frac * (area->values[seg + 1] - area->values[seg]);
    }
  else
    {
      const double *u = area->ux, *v = area->values;
      gsize n = area->n;
      gboolean rising = n < 2 || u[n - 1] >= u[0];
      double lo = rising ? u[0] : u[n - 1], hi = rising ? u[n - 1] : u[0];

      if (x <= lo)
        return rising ? v[0] : v[n - 1];
      if (x >= hi)
        return rising ? v[n - 1] : v[0];
      for (gsize i = 0; i + 1 < n; i++)
        {
          double a = u[i], b = u[i + 1];

          if ((x >= MIN (a, b) && x <= MAX (a, b)))
            return a == b ? v[i] : v[i] + (x - a) / (b - a) * (v[i + 1] - v[i]);
        }
      return v[n - 1];
    }
}

const DpvDragArea *
dpv_drag_log_find (GPtrArray *log, double x, double y)
{
  const DpvDragArea *top = NULL;
  double best = HUGE_VAL;

  g_return_val_if_fail (log != NULL, NULL);

  for (guint i = log->len; i-- > 0;)
    {
      const DpvDragArea *a = g_ptr_array_index (log, i);

      if (!contains (a, x, y))
        continue;
      if (top == NULL)
        {
          top = a;
          if (a->kind != DPV_DRAG_ALONG)
            return a;
          best = dpv_drag_area_distance (a, x, y);
          continue;
        }
      if (a->kind == DPV_DRAG_ALONG && a->x == top->x && a->y == top->y
          && a->width == top->width && a->height == top->height)
        {
          double d = dpv_drag_area_distance (a, x, y);

          if (d < best)
            {
              best = d;
              top = a;
            }
        }
    }
  return top;
}
