/* test-plot-axis.c — axes: the data-to-user maps, tick labels, margins, panel alignment, titles
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "canvas.h"
#include "dpv-plot.h"

/* ------------------------------------------------------------------------- */

static void
test_maps (void)
{
  Canvas c;
  DpvPlot *p;
  double x, y, w, h;

  canvas_init (&c, 640, 400, 1, DPV_THEME_LIGHT);
  p = dpv_plot_new (c.cr, &c.style, 10, 20, 600, 360);
  dpv_plot_set_x_axis (p, -3, 7, DPV_SCALE_LINEAR, "<i>y</i>");
  dpv_plot_set_y_axis (p, 1e-4, 1e2, DPV_SCALE_LOG, "δ");
  dpv_plot_layout (p);
  dpv_plot_get_data_area (p, &x, &y, &w, &h);

  /* the data area lies inside the panel and keeps most of it */
  g_assert_cmpfloat (x, >, 10);
  g_assert_cmpfloat (y, >, 20);
  g_assert_cmpfloat (x + w, <=, 610);
  g_assert_cmpfloat (y + h, <=, 380);
  g_assert_cmpfloat (w, >, 400);
  g_assert_cmpfloat (h, >, 250);

  /* ends map to the edges; y grows downwards */
  g_assert_cmpfloat_with_epsilon (dpv_plot_x_to_user (p, -3), x, 1e-9);
  g_assert_cmpfloat_with_epsilon (dpv_plot_x_to_user (p, 7), x + w, 1e-9);
  g_assert_cmpfloat_with_epsilon (dpv_plot_x_to_user (p, 2), x + w / 2, 1e-9);
  g_assert_cmpfloat_with_epsilon (dpv_plot_y_to_user (p, 1e-4), y + h, 1e-9);
  g_assert_cmpfloat_with_epsilon (dpv_plot_y_to_user (p, 1e2), y, 1e-9);
  /* log: 10⁻¹ is the geometric midpoint of 10⁻⁴ and 10² */
  g_assert_cmpfloat_with_epsilon (dpv_plot_y_to_user (p, 1e-1), y + h / 2, 1e-9);

  /* round trips and monotonicity */
  for (int i = 0; i <= 100; i++)
    {
      double v = -3 + 10.0 * i / 100, lv = pow (10, -4 + 6.0 * i / 100);
      g_assert_cmpfloat_with_epsilon (dpv_plot_user_to_x (p, dpv_plot_x_to_user (p, v)), v,
                                      1e-12);
      g_assert_cmpfloat_with_epsilon (dpv_plot_user_to_y (p, dpv_plot_y_to_user (p, lv)) / lv,
                                      1, 1e-12);
      if (i > 0)
        {
          double pv = -3 + 10.0 * (i - 1) / 100, plv = pow (10, -4 + 6.0 * (i - 1) / 100);
          g_assert_cmpfloat (dpv_plot_x_to_user (p, v), >, dpv_plot_x_to_user (p, pv));
          g_assert_cmpfloat (dpv_plot_y_to_user (p, lv), <, dpv_plot_y_to_user (p, plv));
        }
    }
  /* non-positive values have no place on a log axis */
  g_assert_false (isfinite (dpv_plot_y_to_user (p, -1)));
  dpv_plot_free (p);
  canvas_clear (&c);
}

/* Renders a frame and checks that no two drawn labels overlap and none leaves the panel. */
static const char *y_title = "δ(ε′) with e<sup>ε</sup>";

static void
check_labels (int width, int height, double scale, DpvScale xs, double x0, double x1,
              DpvScale ys, double y0, double y1, gboolean y2, double text_scale)
{
  Canvas c;
  DpvPlot *p;
  cairo_rectangle_t r[256];
  gsize n = 0;

  canvas_init (&c, width, height, scale, DPV_THEME_LIGHT);
  c.style.text_scale = text_scale;
  p = dpv_plot_new (c.cr, &c.style, 0, 0, width, height);
  dpv_plot_set_title (p, "Privacy loss 隐私损失 <i>L</i>(<i>y</i>)");
  dpv_plot_set_x_axis (p, x0, x1, xs, "privacy budget ε / 隐私预算 ε");
  dpv_plot_set_y_axis (p, y0, y1, ys, y_title);
  if (y2)
    dpv_plot_set_y2_axis (p, -123456, 987654, DPV_SCALE_LINEAR, "ratio");
  dpv_plot_layout (p);
  dpv_plot_draw_frame (p);

  for (int k = 0; k < DPV_N_TEXT_KINDS; k++)
    {
      gsize m = dpv_plot_get_text_rects (p, (DpvTextKind) k, r + n, G_N_ELEMENTS (r) - n);
      n += MIN (m, G_N_ELEMENTS (r) - n);
    }
  g_assert_cmpuint (dpv_plot_get_text_rects (p, DPV_TEXT_X_TICK, NULL, 0), >=, 2);
  g_assert_cmpuint (dpv_plot_get_text_rects (p, DPV_TEXT_Y_TICK, NULL, 0), >=, 2);
  for (gsize i = 0; i < n; i++)
    {
      g_assert_cmpfloat (r[i].width, >, 0);
      g_assert_cmpfloat (r[i].x, >=, -0.01);
      g_assert_cmpfloat (r[i].y, >=, -0.01);
      g_assert_cmpfloat (r[i].x + r[i].width, <=, width + 0.01);
      g_assert_cmpfloat (r[i].y + r[i].height, <=, height + 0.01);
      for (gsize j = 0; j < i; j++)
        if (rects_overlap (&r[i], &r[j]))
          g_error ("labels overlap at %dx%d: (%g,%g %gx%g) and (%g,%g %gx%g)", width, height,
                   r[i].x, r[i].y, r[i].width, r[i].height, r[j].x, r[j].y, r[j].width,
                   r[j].height);
    }
  dpv_plot_free (p);
  canvas_clear (&c);
}

/* panels far too small for their labels: whatever is drawn stays inside the panel */
static void
test_labels_tiny (void)
{
  static const int sizes[][2] = { { 60, 80 }, { 100, 150 }, { 150, 60 }, { 30, 30 } };

  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      Canvas c;
      DpvPlot *p;
      cairo_rectangle_t r[128];
      int w = sizes[k][0], h = sizes[k][1];

      canvas_init (&c, w + 40, h + 40, 1, DPV_THEME_LIGHT);
      p = dpv_plot_new (c.cr, &c.style, 20, 20, w, h);
      dpv_plot_set_title (p, "a title longer than the panel");
      dpv_plot_set_x_axis (p, -123456789, 987654321, DPV_SCALE_LINEAR, "x title");
      dpv_plot_set_y_axis (p, -0.000123, 0.000987, DPV_SCALE_LINEAR, "y title");
      dpv_plot_set_y2_axis (p, 1e-9, 1e9, DPV_SCALE_LOG, "y2");
      dpv_plot_draw_frame (p);
      for (int kind = 0; kind < DPV_N_TEXT_KINDS; kind++)
        {
          gsize n = dpv_plot_get_text_rects (p, (DpvTextKind) kind, r, G_N_ELEMENTS (r));
          for (gsize i = 0; i < MIN (n, G_N_ELEMENTS (r)); i++)
            {
              g_assert_cmpfloat (r[i].x, >=, 20 - 0.01);
              g_assert_cmpfloat (r[i].x + r[i].width, <=, 20 + w + 0.01);
              if (kind != DPV_TEXT_X_TICK && kind != DPV_TEXT_Y_TICK && kind != DPV_TEXT_Y2_TICK)
                continue;
              for (gsize j = 0; j < i; j++)
                g_assert_false (rects_overlap (&r[i], &r[j]));
            }
        }
      dpv_plot_free (p);
      canvas_clear (&c);
    }
}

static void
test_label_collisions (void)
{
  static const int sizes[][2] = { { 320, 200 }, { 480, 320 }, { 800, 500 }, { 1920, 1080 } };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      int w = sizes[s][0], h = sizes[s][1];
      check_labels (w, h, 1, DPV_SCALE_LINEAR, -4, 5, DPV_SCALE_LINEAR, 0, 0.5, FALSE, 1);
      check_labels (w, h, 1, DPV_SCALE_LINEAR, 0.999, 1.001, DPV_SCALE_LINEAR, -1e-9, 3e-9,
                    TRUE, 1);
      check_labels (w, h, 1, DPV_SCALE_LOG, 1, 1e4, DPV_SCALE_LOG, 1e-12, 1, FALSE, 1);
      check_labels (w, h, 2, DPV_SCALE_LINEAR, -123456789, 987654321, DPV_SCALE_LOG, 3, 40,
                    TRUE, 1);
      check_labels (w, h, 1, DPV_SCALE_LINEAR, 0.01, 10, DPV_SCALE_LINEAR, -1e6, 1e6, FALSE,
                    1.6);
      /* axis titles far longer than the axis */
      y_title = "a very long y axis title that cannot possibly fit along the axis 很长的标题";
      check_labels (w, h, 1, DPV_SCALE_LINEAR, -4, 5, DPV_SCALE_LOG, 1e-6, 1, TRUE, 1);
      y_title = "a very long title with a superscript e<sup>ε</sup> that cannot fit either";
      check_labels (w, h, 1.5, DPV_SCALE_LINEAR, -4, 5, DPV_SCALE_LINEAR, 0, 1, FALSE, 1.3);
      y_title = "δ(ε′) with e<sup>ε</sup>";
    }
}

/* A short panel (the x title has no room of its own under the tick labels) sets its x title
 * in the row of the tick labels: beside them, not over them, inside the data area's width,
 * with two labels at least, at the right end of the row; a title wider than the data area
 * is not drawn. */
static gsize
draw_short_panel (const char *x_title, double w, cairo_rectangle_t *ticks, gsize max_ticks,
                  cairo_rectangle_t *title, double *data_x, double *data_bottom, double *data_w)
{
  Canvas c;
  DpvPlot *p;
  double dx, dy, dw, dh;
  gsize n, n_titles;

  canvas_init (&c, (int) w, 150, 1, DPV_THEME_LIGHT);
  c.style.text_scale = 2.0;
  p = dpv_plot_new (c.cr, &c.style, 0, 0, w, 150);
  dpv_plot_set_title (p, "A panel title");
  dpv_plot_set_x_axis (p, 0, 100, DPV_SCALE_LINEAR, x_title);
  dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, NULL);
  dpv_plot_draw_frame (p);
  dpv_plot_get_data_area (p, &dx, &dy, &dw, &dh);
  *data_x = dx;
  *data_bottom = dy + dh;
  *data_w = dw;
  n = dpv_plot_get_text_rects (p, DPV_TEXT_X_TICK, ticks, max_ticks);
  n_titles = dpv_plot_get_text_rects (p, DPV_TEXT_AXIS_TITLE, title, 1);
  g_assert_cmpuint (n_titles, <=, 1);
  if (n_titles == 0)
    title->width = 0;
  dpv_plot_free (p);
  canvas_clear (&c);
  return n;
}

static void
test_inline_x_title (void)
{
  static const char *titles[] = { "k", "output y", "a long axis title", NULL };
  cairo_rectangle_t bare[32], ticks[32], title, none;
  double dx, bottom, dw;
  gsize n_bare = draw_short_panel (NULL, 640, bare, G_N_ELEMENTS (bare), &none, &dx, &bottom,
                                   &dw);

  g_assert_cmpuint (n_bare, >=, 3);
  g_assert_cmpfloat (none.width, ==, 0);
  for (const char *const *t = titles; *t; t++)
    {
      gsize n = draw_short_panel (*t, 640, ticks, G_N_ELEMENTS (ticks), &title, &dx, &bottom,
                                  &dw);

      g_assert_cmpfloat (title.width, >, 0);
      g_assert_cmpuint (n, >=, 2);
      /* in the tick labels' row, under the data area */
      g_assert_cmpfloat (title.y, >=, bottom);
      g_assert_cmpfloat (title.y, <, ticks[0].y + ticks[0].height);
      g_assert_cmpfloat (title.x, >=, dx - 0.01);
      g_assert_cmpfloat (title.x + title.width, <=, dx + dw + 0.01);
      for (gsize i = 0; i < n; i++)
        g_assert_false (rects_overlap (&title, &ticks[i]));
      /* at the right end, where an axis title is read as one, hiding only the labels it
       * meets */
      g_assert_cmpfloat (fabs (title.x + title.width - (dx + dw)), <, 0.5);
      for (gsize i = 0; i < n; i++)
        g_assert_cmpfloat (ticks[i].x + ticks[i].width, <, title.x);
      g_assert_cmpuint (n, <, n_bare);
    }
  draw_short_panel ("an axis title far wider than the data area of this panel", 300, ticks,
                    G_N_ELEMENTS (ticks), &title, &dx, &bottom, &dw);
  g_assert_cmpfloat (title.width, ==, 0);
}

/* Side-by-side panels, one with its legend under it: aligned, their data areas end on the same
 * line, and the other panel's x title stays under its tick labels (the blank goes below it). */
static void
test_align_bottom (void)
{
  static const char *labels[] = { "first series", "second series", "a third, longer series" };
  Canvas c;
  DpvPlot *a, *b, *both[2];
  double ax, ay, aw, ah, bx, by, bw, bh, b_before;
  cairo_rectangle_t t[2], title;

  canvas_init (&c, 700, 360, 1, DPV_THEME_LIGHT);
  a = dpv_plot_new (c.cr, &c.style, 0, 0, 460, 360);
  b = dpv_plot_new (c.cr, &c.style, 460, 0, 240, 360);
  for (int i = 0; i < 2; i++)
    {
      DpvPlot *p = i == 0 ? a : b;
      dpv_plot_set_x_axis (p, 0, 1, DPV_SCALE_LINEAR, "x");
      dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, "y");
    }
  dpv_plot_set_legend_below (a, labels, 3);
  dpv_plot_get_data_area (a, &ax, &ay, &aw, &ah);
  dpv_plot_get_data_area (b, &bx, &by, &bw, &bh);
  b_before = by + bh;
  g_assert_cmpfloat (ay + ah, <, b_before - 10);   /* the strip lifted a's axis */

  both[0] = a;
  both[1] = b;
  dpv_plot_align_bottom (both, 2);
  dpv_plot_get_data_area (a, &ax, &ay, &aw, &ah);
  dpv_plot_get_data_area (b, &bx, &by, &bw, &bh);
  g_assert_cmpfloat (fabs ((ay + ah) - (by + bh)), <, 0.51);
  g_assert_cmpfloat (by, ==, ay);   /* the tops did not move */

  dpv_plot_draw_frame (b);
  g_assert_cmpuint (dpv_plot_get_text_rects (b, DPV_TEXT_AXIS_TITLE, t, 2), ==, 2);
  title = t[0].y > t[1].y ? t[0] : t[1];
  /* right under the tick labels, with the blank below */
  g_assert_cmpfloat (title.y, <, by + bh + 3.5 * c.style.font_size);
  g_assert_cmpfloat (title.y + title.height, <, 360 - (b_before - (by + bh)) + 1);
  dpv_plot_free (a);
  dpv_plot_free (b);
  canvas_clear (&c);
}

/* Width of the title a panel @width wide shows, given @n choices (one: dpv_plot_set_title ()). */
static double
chosen_title_width (double width, const char *const *choices, gsize n)
{
  Canvas c;
  DpvPlot *p;
  cairo_rectangle_t r;

  canvas_init (&c, (int) width, 300, 1, DPV_THEME_LIGHT);
  p = dpv_plot_new (c.cr, &c.style, 0, 0, width, 300);
  if (n == 1)
    dpv_plot_set_title (p, choices[0]);
  else
    dpv_plot_set_title_choices (p, choices, n);
  dpv_plot_set_x_axis (p, 0, 1, DPV_SCALE_LINEAR, "x");
  dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, "y");
  dpv_plot_layout (p);
  dpv_plot_draw_frame (p);
  g_assert_cmpuint (dpv_plot_get_text_rects (p, DPV_TEXT_TITLE, &r, 1), ==, 1);
  dpv_plot_free (p);
  canvas_clear (&c);
  return r.width;
}

/* A title given in a long and a short form shows the long one where it fits, the short one
 * where only that fits, and the short one cut to the panel where neither does. The widths of
 * each form alone come from panels wide enough for it, through dpv_plot_set_title (). */
static void
test_title_choices (void)
{
  const char *choices[] = { "ε′ = 1.00000 · P(S) = 0.5000 · exp(ε′)·Q(S) = 0.4999 · δ(ε′) = 10<sup>−5</sup>",
                            "ε′ = 1.00000 · δ(ε′) = 10<sup>−5</sup>" };
  double long_w = chosen_title_width (2000, choices, 1);
  double short_w = chosen_title_width (2000, choices + 1, 1);
  double between = (long_w + short_w) / 2 + 40;

  g_assert_cmpfloat (short_w, <, long_w - 100);
  g_assert_cmpfloat_with_epsilon (chosen_title_width (2000, choices, 2), long_w, 0.5);
  g_assert_cmpfloat_with_epsilon (chosen_title_width (between, choices, 2), short_w, 0.5);
  g_assert_cmpfloat (chosen_title_width (short_w * 0.6, choices, 2), <=, short_w * 0.6);
  g_assert_cmpfloat (chosen_title_width (short_w * 0.6, choices, 2), >, 0);
}

/* with pixel_snap, a reference line covers whole device pixels (crisp); without, it may not */
static gboolean
vline_is_crisp (gboolean snap_on, double scale)
{
  Canvas c;
  DpvPlot *p;
  DpvColor black = { 0, 0, 0, 1 };
  double ux, uy, rgb[3];
  int partial = 0, full = 0;

  canvas_init (&c, 300, 200, scale, DPV_THEME_LIGHT);
  c.style.pixel_snap = snap_on;
  c.style.line_width = 1.7;
  p = dpv_plot_new (c.cr, &c.style, 0.3, 0.3, 299, 199);
  dpv_plot_set_x_axis (p, 0, 1, DPV_SCALE_LINEAR, NULL);
  dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, NULL);
  dpv_plot_draw_frame (p);
  dpv_plot_vline (p, 0.537, &black, DPV_DASH_SOLID, NULL);
  ux = dpv_plot_x_to_user (p, 0.537);
  uy = dpv_plot_y_to_user (p, 0.55);
  for (int dpx = -4; dpx <= 4; dpx++)
    {
      double v;
      pixel (&c, ux + dpx / scale, uy, rgb);
      v = (rgb[0] + rgb[1] + rgb[2]) / 3;
      if (v < 0.05)
        full++;
      else if (v < 0.95)
        partial++;
    }
  dpv_plot_free (p);
  canvas_clear (&c);
  g_assert_cmpint (full + partial, >, 0);
  return partial == 0;
}

static void
test_pixel_snap (void)
{
  g_assert_true (vline_is_crisp (TRUE, 1.0));
  g_assert_true (vline_is_crisp (TRUE, 1.5));
  g_assert_true (vline_is_crisp (TRUE, 2.0));
  /* the control: the same line unsnapped is antialiased across pixel boundaries */
  g_assert_false (vline_is_crisp (FALSE, 1.0));
}

/* at the bottom-left corner the lowest y label moves up instead of vanishing */
static void
test_corner_labels (void)
{
  Canvas c;
  DpvPlot *p;
  cairo_rectangle_t ry[32], rx[32];
  gsize ny, nx, low = 0;
  double ubottom;

  canvas_init (&c, 900, 560, 1, DPV_THEME_LIGHT);
  p = dpv_plot_new (c.cr, &c.style, 0, 0, 900, 560);
  dpv_plot_set_x_axis (p, 0.01, 10, DPV_SCALE_LOG, "ε");
  dpv_plot_set_y_axis (p, 1e-6, 100, DPV_SCALE_LOG, "KL");
  dpv_plot_draw_frame (p);
  ny = dpv_plot_get_text_rects (p, DPV_TEXT_Y_TICK, ry, G_N_ELEMENTS (ry));
  nx = dpv_plot_get_text_rects (p, DPV_TEXT_X_TICK, rx, G_N_ELEMENTS (rx));
  g_assert_cmpuint (ny, >=, 2);
  g_assert_cmpuint (nx, >=, 2);
  for (gsize i = 1; i < ny; i++)
    if (ry[i].y > ry[low].y)
      low = i;
  ubottom = dpv_plot_y_to_user (p, 1e-6);
  /* the 10⁻⁶ label is there: its box reaches the bottom tick, at most half a box above */
  g_assert_cmpfloat (ry[low].y + ry[low].height, >=, ubottom - 0.01);
  g_assert_cmpfloat (ry[low].y + ry[low].height / 2, <=, ubottom + 0.01);
  for (gsize i = 0; i < nx; i++)
    g_assert_false (rects_overlap (&ry[low], &rx[i]));
  dpv_plot_free (p);
  canvas_clear (&c);
}

/* stacked panels sharing x line up after dpv_plot_align_x() */
static void
test_align_x (void)
{
  Canvas c;
  DpvPlot *p[2];
  double x0, w0, x1, w1, before0, before1;

  canvas_init (&c, 640, 480, 1.5, DPV_THEME_LIGHT);
  p[0] = dpv_plot_new (c.cr, &c.style, 0, 0, 640, 300);
  p[1] = dpv_plot_new (c.cr, &c.style, 0, 300, 640, 180);
  dpv_plot_set_x_axis (p[0], -4, 5, DPV_SCALE_LINEAR, NULL);
  dpv_plot_set_y_axis (p[0], 0, 0.5, DPV_SCALE_LINEAR, "<i>p</i>(<i>y</i>)");
  dpv_plot_set_x_tick_labels (p[0], FALSE);
  dpv_plot_set_x_axis (p[1], -4, 5, DPV_SCALE_LINEAR, "<i>y</i>");
  dpv_plot_set_y_axis (p[1], -123456, 123456, DPV_SCALE_LINEAR, "<i>L</i>(<i>y</i>)");
  dpv_plot_layout (p[0]);
  dpv_plot_layout (p[1]);
  dpv_plot_get_data_area (p[0], &before0, NULL, NULL, NULL);
  dpv_plot_get_data_area (p[1], &before1, NULL, NULL, NULL);
  /* the wide labels of the lower panel need a wider margin */
  g_assert_cmpfloat (before1, >, before0 + 5);
  dpv_plot_align_x (p, 2);
  dpv_plot_get_data_area (p[0], &x0, NULL, &w0, NULL);
  dpv_plot_get_data_area (p[1], &x1, NULL, &w1, NULL);
  g_assert_cmpfloat_with_epsilon (x0, x1, 1e-9);
  g_assert_cmpfloat_with_epsilon (w0, w1, 1e-9);
  g_assert_cmpfloat_with_epsilon (dpv_plot_x_to_user (p[0], 1.5), dpv_plot_x_to_user (p[1], 1.5),
                                  1e-9);
  dpv_plot_draw_frame (p[0]);
  dpv_plot_draw_frame (p[1]);
  dpv_plot_free (p[0]);
  dpv_plot_free (p[1]);
  canvas_clear (&c);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plot/maps", test_maps);
  g_test_add_func ("/plot/label-collisions", test_label_collisions);
  g_test_add_func ("/plot/labels-tiny", test_labels_tiny);
  g_test_add_func ("/plot/title-choices", test_title_choices);
  g_test_add_func ("/plot/align-bottom", test_align_bottom);
  g_test_add_func ("/plot/align-x", test_align_x);
  g_test_add_func ("/plot/pixel-snap", test_pixel_snap);
  g_test_add_func ("/plot/corner-labels", test_corner_labels);
  g_test_add_func ("/plot/inline-x-title", test_inline_x_title);
  return g_test_run ();
}
