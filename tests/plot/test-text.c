/* test-text.c — text: measuring and drawing markup, wrapping, the layout cache
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "canvas.h"
#include "dpv-plot.h"
#include "dpv-text.h"

/* figure helpers measure what they draw; wrapping makes text taller */
static void
test_text_helpers (void)
{
  Canvas c;
  double w1, h1, w2, h2, hb;

  canvas_init (&c, 400, 300, 1, DPV_THEME_LIGHT);
  dpv_measure_text (c.cr, &c.style, "ε = 1.00, δ = 10<sup>−5</sup>", 1, &w1, &h1);
  dpv_measure_text (c.cr, &c.style, "ε = 1.00, δ = 10<sup>−5</sup>", 2, &w2, &h2);
  g_assert_cmpfloat (w1, >, 0);
  g_assert_cmpfloat_with_epsilon (w2 / w1, 2, 0.15);
  c.style.text_scale = 2;
  dpv_measure_text (c.cr, &c.style, "ε = 1.00, δ = 10<sup>−5</sup>", 1, &w2, &h2);
  g_assert_cmpfloat_with_epsilon (w2 / w1, 2, 0.15);
  c.style.text_scale = 1;
  hb = dpv_draw_text_block (c.cr, &c.style, 10, 10, w1 * 0.6,
                            "ε = 1.00, δ = 10<sup>−5</sup>", 1, NULL);
  g_assert_cmpfloat (hb, >, h1 * 1.5);
  dpv_measure_text (c.cr, &c.style, "隐私预算 ε", 1, &w1, &h1);
  g_assert_cmpfloat (w1, >, 0);
  canvas_clear (&c);

  /* superscripts keep their size in user units whatever the device scale (Pango 1.50 blows
   * <sup> up under a scaled context unless worked around); and they are smaller than base */
  {
    double ws[3], hs[3], wbase, wsup;
    static const double scales[] = { 1, 2, 3 };
    for (int k = 0; k < 3; k++)
      {
        canvas_init (&c, 100, 100, scales[k], DPV_THEME_LIGHT);
        dpv_measure_text (c.cr, &c.style, "10<sup>−5</sup>", 1, &ws[k], &hs[k]);
        if (k == 0)
          {
            dpv_measure_text (c.cr, &c.style, "10", 1, &wbase, NULL);
            dpv_measure_text (c.cr, &c.style, "10−5", 1, &wsup, NULL);
            /* the superscript part is narrower than the same text at full size */
            g_assert_cmpfloat (ws[0] - wbase, <, 0.85 * (wsup - wbase));
            g_assert_cmpfloat (ws[0] - wbase, >, 0.4 * (wsup - wbase));
          }
        canvas_clear (&c);
      }
    g_assert_cmpfloat_with_epsilon (ws[1] / ws[0], 1, 0.05);
    g_assert_cmpfloat_with_epsilon (ws[2] / ws[0], 1, 0.05);
    g_assert_cmpfloat_with_epsilon (hs[1] / hs[0], 1, 0.05);
  }
}

/* Title and y-axis title rectangles of a fresh panel of the given size. */
static void
title_rects (double width, double height, cairo_rectangle_t *title, cairo_rectangle_t *ytitle)
{
  static const char *long_title =
    "A deliberately long panel title that cannot fit in a narrow panel: ε = 1.00, δ = 10<sup>−5</sup>";
  Canvas c;
  DpvPlot *p;

  canvas_init (&c, (int) width, (int) height, 1, DPV_THEME_LIGHT);
  p = dpv_plot_new (c.cr, &c.style, 0, 0, width, height);
  dpv_plot_set_title (p, long_title);
  dpv_plot_set_x_axis (p, 0, 1, DPV_SCALE_LINEAR, "x");
  dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR,
                       "a rather long y axis title that needs room along the axis");
  dpv_plot_layout (p);
  dpv_plot_draw_frame (p);
  g_assert_cmpuint (dpv_plot_get_text_rects (p, DPV_TEXT_TITLE, title, 1), ==, 1);
  g_assert_cmpuint (dpv_plot_get_text_rects (p, DPV_TEXT_AXIS_TITLE, NULL, 0), >=, 1);
  {
    cairo_rectangle_t r[3];
    gsize n = dpv_plot_get_text_rects (p, DPV_TEXT_AXIS_TITLE, r, G_N_ELEMENTS (r));

    /* the y title is the tall one */
    *ytitle = r[0];
    for (gsize i = 1; i < n; i++)
      if (r[i].height > ytitle->height)
        *ytitle = r[i];
  }
  dpv_plot_free (p);
  canvas_clear (&c);
}

/* Text layouts are shared across renders (a per-thread cache): what one use does to a layout
 * (wrapping, fitting to a width, rotation) must not show in another use of the same text. */
static void
test_text_cache (void)
{
  static const char *text = "ε = 1.00, δ = 10<sup>−5</sup> and a few more words to wrap";
  cairo_rectangle_t narrow_t, wide_t, again_t, short_y, tall_y, again_y;
  Canvas c;
  double w, h, h_wrapped, h_plain, h2;

  canvas_init (&c, 400, 300, 1, DPV_THEME_LIGHT);
  dpv_measure_text (c.cr, &c.style, text, 1, &w, &h);
  h_wrapped = dpv_draw_text_block (c.cr, &c.style, 0, 0, w / 3, text, 1, NULL);
  h_plain = dpv_draw_text_block (c.cr, &c.style, 0, 0, 0, text, 1, NULL);
  /* wrapped to a third of its width: at least two more lines than unwrapped */
  g_assert_cmpfloat (h_wrapped, >, 2.5 * h);
  g_assert_cmpfloat_with_epsilon (h_plain, h, 1e-9);
  dpv_measure_text (c.cr, &c.style, text, 1, NULL, &h2);
  g_assert_cmpfloat_with_epsilon (h2, h, 1e-9);
  g_assert_cmpfloat_with_epsilon (dpv_draw_text_block (c.cr, &c.style, 0, 0, w / 3, text, 1,
                                                       NULL), h_wrapped, 1e-9);
  /* a wrapping width the text fits in leaves it on one line (the unwrapped layout is used
   * for it); a little less than its width wraps it */
  g_assert_cmpfloat_with_epsilon (dpv_draw_text_block (c.cr, &c.style, 0, 0, w + 0.5, text, 1,
                                                       NULL), h, 1e-9);
  g_assert_cmpfloat_with_epsilon (dpv_draw_text_block (c.cr, &c.style, 0, 0, 3 * w, text, 1,
                                                       NULL), h, 1e-9);
  g_assert_cmpfloat (dpv_draw_text_block (c.cr, &c.style, 0, 0, 0.95 * w, text, 1, NULL), >,
                     1.5 * h);
  canvas_clear (&c);

  /* a title ellipsized in a narrow panel comes out whole in a wide one, and ellipsized again
   * in the narrow one; likewise the rotated y title on a short and a tall panel */
  title_rects (300, 200, &narrow_t, &short_y);
  title_rects (1600, 900, &wide_t, &tall_y);
  title_rects (300, 200, &again_t, &again_y);
  g_assert_cmpfloat (narrow_t.width, <=, 300);
  g_assert_cmpfloat (wide_t.width, >, 1.3 * narrow_t.width);
  g_assert_cmpfloat_with_epsilon (again_t.width, narrow_t.width, 1e-9);
  g_assert_cmpfloat (short_y.height, <=, 200);
  g_assert_cmpfloat (tall_y.height, >, 1.3 * short_y.height);
  g_assert_cmpfloat_with_epsilon (again_y.height, short_y.height, 1e-9);
  /* rotated: taller than wide */
  g_assert_cmpfloat (tall_y.height, >, 3 * tall_y.width);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plot/text-helpers", test_text_helpers);
  g_test_add_func ("/plot/text-cache", test_text_cache);
  return g_test_run ();
}
