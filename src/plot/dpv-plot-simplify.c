/* dpv-plot-simplify.c — polyline simplification
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "dpv-plot-private.h"

/* Squared distance from c to the segment a–b (compared with tol², which orders the same as
 * the distance and needs no hypot ()). */
static double
seg_dist2 (const Point *a, const Point *b, const Point *c)
{
  double vx = b->x - a->x, vy = b->y - a->y;
  double wx = c->x - a->x, wy = c->y - a->y;
  double len2 = vx * vx + vy * vy;
  double t = len2 > 0 ? (wx * vx + wy * vy) / len2 : 0;

  t = CLAMP (t, 0.0, 1.0);
  wx -= t * vx;
  wy -= t * vy;
  return wx * wx + wy * wy;
}

/* Polyline simplification (Douglas & Peucker 1973) to within tol user units, in place;
 * returns the new count. Stroking cost in cairo grows with the number of vertices, and
 * smooth curves sampled for accuracy carry many that lie within a tenth of a pixel of the
 * chord. Endpoints are always kept. */
gsize
dpv_simplify (Point *pts, gsize n, double tol)
{
  guint8 *keep;
  gsize *stack, top = 0, m = 0;

  if (n < 3 || !(tol > 0))
    return n;
  keep = g_new0 (guint8, n);
  stack = g_new (gsize, 2 * n);
  keep[0] = keep[n - 1] = 1;
  stack[top++] = 0;
  stack[top++] = n - 1;
  while (top > 0)
    {
      gsize b = stack[--top], a = stack[--top], idx = 0;
      double dmax = -1;

      for (gsize i = a + 1; i < b; i++)
        {
          double d = seg_dist2 (&pts[a], &pts[b], &pts[i]);
          if (d > dmax)
            {
              dmax = d;
              idx = i;
            }
        }
      if (dmax > tol * tol)
        {
          keep[idx] = 1;
          stack[top++] = a;
          stack[top++] = idx;
          stack[top++] = idx;
          stack[top++] = b;
        }
    }
  for (gsize i = 0; i < n; i++)
    if (keep[i])
      pts[m++] = pts[i];
  g_free (keep);
  g_free (stack);
  return m;
}
