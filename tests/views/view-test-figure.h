/* view-test-figure.h — a frame drawn as a figure, and its pixels, for the tests of tests/views
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Static helpers; each test program includes it once.
 */
#pragma once

#include <math.h>

#include "dpv-figure.h"

/* @frame drawn in @theme as a pixel-snapped figure of w × h (caption included) on an image
 * surface; the labels placed are appended to @placed (an array of DpvPlacedText, or NULL).
 * Free with cairo_surface_destroy (). */
static inline cairo_surface_t *
view_test_render (const DpvFrame *frame, DpvTheme theme, int w, int h, GArray *placed)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create (surface);
  DpvStyle style;

  dpv_style_init (&style, theme);
  style.pixel_snap = TRUE;
  style.plot_options.placed_log = placed;
  dpv_figure_render (frame, &style, cr, w, h);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* TRUE when pixel (x, y) of the opaque surface @s is @c painted with opacity @alpha over
 * white (the print theme's background), each channel closer than @tol: source-over gives
 * 1 + alpha (c − 1) per channel. */
static inline gboolean
view_test_is_blend (cairo_surface_t *s, int x, int y, const DpvColor *c, double alpha,
                    double tol)
{
  const unsigned char *data = cairo_image_surface_get_data (s);
  guint32 px = *(const guint32 *) (data + y * cairo_image_surface_get_stride (s) + 4 * x);
  double want[3] = { 1 + alpha * (c->r - 1), 1 + alpha * (c->g - 1), 1 + alpha * (c->b - 1) };

  return fabs (((px >> 16) & 0xff) / 255.0 - want[0]) < tol
         && fabs (((px >> 8) & 0xff) / 255.0 - want[1]) < tol
         && fabs ((px & 0xff) / 255.0 - want[2]) < tol;
}

/* TRUE when a label placed into @placed (DpvPlacedText) starts with @prefix. */
static inline gboolean
view_test_placed_has (GArray *placed, const char *prefix)
{
  for (guint i = 0; i < placed->len; i++)
    if (g_str_has_prefix (g_array_index (placed, DpvPlacedText, i).text, prefix))
      return TRUE;
  return FALSE;
}

/* Empties @placed, freeing its texts, for the next render. */
static inline void
view_test_placed_clear (GArray *placed)
{
  for (guint i = 0; i < placed->len; i++)
    g_free (g_array_index (placed, DpvPlacedText, i).text);
  g_array_set_size (placed, 0);
}
