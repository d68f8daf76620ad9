/* test-pixels.h — rendering a view into an image and finding colours in it, for the view tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <math.h>

#include "dpv-plot.h"
#include "test-view-index.h"

/* The view drawn at w × h in @theme; legends and annotations left out when @bare (their text
 * would add pixels of the curves' colours); the labels placed appended to @placed (an array
 * of DpvPlacedText, or NULL). Free with cairo_surface_destroy (). */
static inline cairo_surface_t *
test_pixels_render_placed (guint view, const DpvParams *p, DpvTheme theme, int w, int h,
                           gboolean bare, GArray *placed)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create (s);
  DpvStyle style;

  dpv_style_init (&style, theme);
  style.pixel_snap = TRUE;
  style.plot_options.hide_annotations = bare;
  style.plot_options.hide_legends = bare;
  style.plot_options.placed_log = placed;
  test_render_view (view, p, &style, cr, w, h);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  g_assert_cmpint (cairo_surface_status (s), ==, CAIRO_STATUS_SUCCESS);
  return s;
}

static inline cairo_surface_t *
test_pixels_render (guint view, const DpvParams *p, DpvTheme theme, int w, int h, gboolean bare)
{
  return test_pixels_render_placed (view, p, theme, w, h, bare, NULL);
}

/* TRUE when pixel (x, y) is colour @c within @tol per channel (un-premultiplied). */
static inline gboolean
test_pixels_is (cairo_surface_t *s, int x, int y, const DpvColor *c, double tol)
{
  const unsigned char *data = cairo_image_surface_get_data (s);
  guint32 px;
  double a, r, g, b;

  if (x < 0 || y < 0 || x >= cairo_image_surface_get_width (s)
      || y >= cairo_image_surface_get_height (s))
    return FALSE;
  px = *(const guint32 *) (data + y * cairo_image_surface_get_stride (s) + 4 * x);
  a = ((px >> 24) & 0xff) / 255.0;
  if (a <= 0)
    return FALSE;
  r = ((px >> 16) & 0xff) / 255.0 / a;
  g = ((px >> 8) & 0xff) / 255.0 / a;
  b = (px & 0xff) / 255.0 / a;
  return fabs (r - c->r) <= tol && fabs (g - c->g) <= tol && fabs (b - c->b) <= tol;
}

/* Pixels of colour @c in the rectangle [x0, x1) × [y0, y1). */
static inline gsize
test_pixels_count (cairo_surface_t *s, int x0, int y0, int x1, int y1, const DpvColor *c,
                   double tol)
{
  gsize n = 0;

  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      n += test_pixels_is (s, x, y, c, tol);
  return n;
}

/* The row in [y0, y1) holding the most pixels of @c between x0 and x1 (−1 if none). */
static inline int
test_pixels_densest_row (cairo_surface_t *s, int x0, int x1, int y0, int y1, const DpvColor *c,
                         double tol)
{
  int best = -1;
  gsize most = 0;

  for (int y = y0; y < y1; y++)
    {
      gsize n = test_pixels_count (s, x0, y, x1, y + 1, c, tol);

      if (n > most)
        {
          most = n;
          best = y;
        }
    }
  return best;
}

/* The column in [x0, x1) holding the most pixels of @c between y0 and y1 (−1 if none). */
static inline int
test_pixels_densest_column (cairo_surface_t *s, int x0, int x1, int y0, int y1,
                            const DpvColor *c, double tol)
{
  int best = -1;
  gsize most = 0;

  for (int x = x0; x < x1; x++)
    {
      gsize n = test_pixels_count (s, x, y0, x + 1, y1, c, tol);

      if (n > most)
        {
          most = n;
          best = x;
        }
    }
  return best;
}

/* The mean row of the pixels of @c in column x between y0 and y1 (NaN if none). */
static inline double
test_pixels_mean_row (cairo_surface_t *s, int x, int y0, int y1, const DpvColor *c, double tol)
{
  double sum = 0;
  int n = 0;

  for (int y = y0; y < y1; y++)
    if (test_pixels_is (s, x, y, c, tol))
      {
        sum += y;
        n++;
      }
  return n > 0 ? sum / n : NAN;
}

/* First and last rows of @c in column x between y0 and y1 (−1 if none). */
static inline void
test_pixels_column_extent (cairo_surface_t *s, int x, int y0, int y1, const DpvColor *c,
                           double tol, int *first, int *last)
{
  *first = *last = -1;
  for (int y = y0; y < y1; y++)
    if (test_pixels_is (s, x, y, c, tol))
      {
        if (*first < 0)
          *first = y;
        *last = y;
      }
}
