/* canvas.c — an image surface to draw plots on in the tests, and its pixels
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "canvas.h"

void
canvas_init (Canvas *c, int w, int h, double scale, DpvTheme theme)
{
  c->w = w;
  c->h = h;
  c->scale = scale;
  c->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (w * scale),
                                           (int) ceil (h * scale));
  c->cr = cairo_create (c->surface);
  cairo_scale (c->cr, scale, scale);
  dpv_style_init (&c->style, theme);
  c->style.pixel_snap = FALSE;
  dpv_color_set_source (&c->style.background, c->cr);
  cairo_paint (c->cr);
}

void
canvas_clear (Canvas *c)
{
  g_assert_cmpint (cairo_status (c->cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (c->cr);
  cairo_surface_destroy (c->surface);
}

void
pixel (Canvas *c, double ux, double uy, double rgb[3])
{
  unsigned char *data;
  int stride, px, py;
  guint32 v;

  cairo_surface_flush (c->surface);
  data = cairo_image_surface_get_data (c->surface);
  stride = cairo_image_surface_get_stride (c->surface);
  px = (int) floor (ux * c->scale);
  py = (int) floor (uy * c->scale);
  g_assert_cmpint (px, >=, 0);
  g_assert_cmpint (py, >=, 0);
  g_assert_cmpint (px, <, cairo_image_surface_get_width (c->surface));
  g_assert_cmpint (py, <, cairo_image_surface_get_height (c->surface));
  v = *(guint32 *) (data + py * stride + px * 4);
  rgb[0] = ((v >> 16) & 0xff) / 255.0;
  rgb[1] = ((v >> 8) & 0xff) / 255.0;
  rgb[2] = (v & 0xff) / 255.0;
}

gboolean
near_color (const double rgb[3], const DpvColor *col, double tol)
{
  return fabs (rgb[0] - col->r) <= tol && fabs (rgb[1] - col->g) <= tol
         && fabs (rgb[2] - col->b) <= tol;
}

DpvColor
over (const DpvColor *col, double alpha, const DpvColor *bg)
{
  DpvColor r = {
    col->r * alpha + bg->r * (1 - alpha),
    col->g * alpha + bg->g * (1 - alpha),
    col->b * alpha + bg->b * (1 - alpha),
    1.0,
  };
  return r;
}

gboolean
rects_overlap (const cairo_rectangle_t *a, const cairo_rectangle_t *b)
{
  return a->x < b->x + b->width && b->x < a->x + a->width && a->y < b->y + b->height
         && b->y < a->y + a->height;
}
