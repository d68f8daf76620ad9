/* view-test-util.h — what the tests of one view share: frames, renders, pixels, placed text
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Static helpers for tests/plot/test-view-*.c; each test program includes it once.
 */
#pragma once

#include <math.h>
#include <string.h>

#include "dpv-figure.h"
#include "dpv-view-util.h"

/* The frame of @view at @p, through one cache for the test program (as the app computes
 * them: an expensive stage the parameters share is computed once). */
static inline DpvFrame *
vt_frame (const DpvViewClass *view, const DpvParams *p)
{
  static DpvFrameCache *cache;
  DpvFrame *frame;

  if (cache == NULL)
    cache = dpv_frame_cache_new (32);
  frame = dpv_frame_compute (view, p, cache, NULL, NULL);

  g_assert_nonnull (frame);
  return frame;
}

/* The result of @frame, failing the test with the frame's error when it has none. */
static inline gconstpointer
vt_result (const DpvFrame *frame)
{
  gconstpointer r = dpv_frame_get_result (frame);

  if (r == NULL)
    g_error ("no result: %s", dpv_frame_get_error (frame));
  return r;
}

/* @frame drawn with @style as a figure of w × h (caption included) on an opaque image
 * surface. */
static inline cairo_surface_t *
vt_render_style (const DpvFrame *frame, const DpvStyle *style, int w, int h)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create (s);

  dpv_figure_render (frame, style, cr, w, h);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  return s;
}

/* @frame drawn in @theme as a figure of w × h. When @placed is not NULL it receives the
 * annotations placed (DpvPlacedText, texts to free). */
static inline cairo_surface_t *
vt_render (const DpvFrame *frame, DpvTheme theme, int w, int h, GArray *placed)
{
  DpvStyle style;

  dpv_style_init (&style, theme);
  style.plot_options.placed_log = placed;
  return vt_render_style (frame, &style, w, h);
}

static inline void
vt_placed_free (GArray *placed)
{
  for (guint i = 0; i < placed->len; i++)
    g_free (g_array_index (placed, DpvPlacedText, i).text);
  g_array_unref (placed);
}

/* TRUE when some placed annotation contains @needle. */
static inline gboolean
vt_placed_has (GArray *placed, const char *needle)
{
  for (guint i = 0; i < placed->len; i++)
    if (strstr (g_array_index (placed, DpvPlacedText, i).text, needle) != NULL)
      return TRUE;
  return FALSE;
}

static inline void
vt_pixel (cairo_surface_t *s, int x, int y, double rgb[3])
{
  const unsigned char *data = cairo_image_surface_get_data (s);
  guint32 px = *(const guint32 *) (data + y * cairo_image_surface_get_stride (s) + 4 * x);

  rgb[0] = ((px >> 16) & 0xff) / 255.0;
  rgb[1] = ((px >> 8) & 0xff) / 255.0;
  rgb[2] = (px & 0xff) / 255.0;
}

/* The colour @c at opacity @alpha over @bg. */
static inline DpvColor
vt_blend (const DpvColor *c, double alpha, const DpvColor *bg)
{
  DpvColor out = { alpha * c->r + (1 - alpha) * bg->r, alpha * c->g + (1 - alpha) * bg->g,
                   alpha * c->b + (1 - alpha) * bg->b, 1.0 };
  return out;
}

/* Pixels of the rectangle (x0, y0)–(x1, y1) within @tol of @c in every channel. */
static inline gsize
vt_count_colour (cairo_surface_t *s, int x0, int y0, int x1, int y1, const DpvColor *c,
                 double tol)
{
  gsize n = 0;

  x1 = MIN (x1, cairo_image_surface_get_width (s));
  y1 = MIN (y1, cairo_image_surface_get_height (s));
  for (int y = MAX (0, y0); y < y1; y++)
    for (int x = MAX (0, x0); x < x1; x++)
      {
        double rgb[3];

        vt_pixel (s, x, y, rgb);
        if (fabs (rgb[0] - c->r) <= tol && fabs (rgb[1] - c->g) <= tol
            && fabs (rgb[2] - c->b) <= tol)
          n++;
      }
  return n;
}

/* The readout labelled @label (translated text as shown), or NULL. */
static inline const char *
vt_readout (GPtrArray *readouts, const char *label)
{
  for (guint i = 0; i < readouts->len; i++)
    {
      DpvReadout *r = g_ptr_array_index (readouts, i);

      if (g_str_equal (r->label, label))
        return r->value;
    }
  return NULL;
}

/* |a − b| ≤ tol·max(|b|, floor), with a message naming @what. */
static inline void
vt_assert_close (const char *what, double a, double b, double tol, double floor)
{
  if (!(fabs (a - b) <= tol * MAX (fabs (b), floor)))
    g_error ("%s: got %.17g, expected %.17g (tolerance %g)", what, a, b, tol);
}

/* ---- the binomial in long double, from its definition --------------------------------- */

static inline long double
vt_binom_pmf (unsigned long n, unsigned long k, long double p)
{
  long double lc = lgammal (n + 1.0L) - lgammal (k + 1.0L) - lgammal (n - k + 1.0L);

  if (p <= 0)
    return k == 0 ? 1.0L : 0.0L;
  if (p >= 1)
    return k == n ? 1.0L : 0.0L;
  return expl (lc + k * logl (p) + (n - k) * log1pl (-p));
}

/* Pr[K ≥ k] */
static inline long double
vt_binom_ge (unsigned long n, unsigned long k, long double p)
{
  long double s = 0;

  for (unsigned long j = k; j <= n; j++)
    s += vt_binom_pmf (n, j, p);
  return s;
}

/* Pr[K ≤ k] */
static inline long double
vt_binom_le (unsigned long n, unsigned long k, long double p)
{
  long double s = 0;

  for (unsigned long j = 0; j <= k; j++)
    s += vt_binom_pmf (n, j, p);
  return s;
}
