/* test-plot-fills.c — fills: between crossing curves, without antialiasing under lines, under the grid
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "canvas.h"
#include "dpv-plot.h"

/* fill between crossing curves: filled only where y_hi > y_lo */
static void
test_render_fill_between (void)
{
  Canvas c;
  DpvPlot *p;
  double x[101], lo[101], hi[101], rgb[3];
  DpvColor fill;
  const DpvColor *col;

  canvas_init (&c, 500, 400, 1, DPV_THEME_LIGHT);
  col = &c.style.roles[DPV_ROLE_LOSS];
  for (int i = 0; i <= 100; i++)
    {
      x[i] = i / 100.0;
      lo[i] = x[i];
      hi[i] = 1 - x[i];
    }
  p = dpv_plot_new (c.cr, &c.style, 0, 0, 500, 400);
  dpv_plot_set_x_axis (p, 0, 1, DPV_SCALE_LINEAR, NULL);
  dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, NULL);
  dpv_plot_draw_frame (p);
  dpv_plot_fill_between (p, x, lo, hi, 101, col, 0.5, NULL);
  fill = over (col, 0.5, &c.style.plot_background);

  /* x = 0.25: lo = 0.25 < y = 0.43 < hi = 0.75 → filled */
  pixel (&c, dpv_plot_x_to_user (p, 0.25), dpv_plot_y_to_user (p, 0.43), rgb);
  g_assert_true (near_color (rgb, &fill, 0.03));
  /* x = 0.75: hi = 0.25 < y = 0.43 < lo = 0.75 → curves crossed, not filled */
  pixel (&c, dpv_plot_x_to_user (p, 0.75), dpv_plot_y_to_user (p, 0.43), rgb);
  g_assert_true (near_color (rgb, &c.style.plot_background, 0.02));
  /* above both curves at x = 0.25 → not filled */
  pixel (&c, dpv_plot_x_to_user (p, 0.25), dpv_plot_y_to_user (p, 0.87), rgb);
  g_assert_true (near_color (rgb, &c.style.plot_background, 0.02));
  /* just left of the crossing, inside the thin wedge (lo = 0.44 < y = 0.47 < hi = 0.56), off
   * the grid lines of any tick step the axis can choose (y = 0.5 is one of them) */
  pixel (&c, dpv_plot_x_to_user (p, 0.44), dpv_plot_y_to_user (p, 0.47), rgb);
  g_assert_true (near_color (rgb, &fill, 0.05));
  dpv_plot_free (p);
  canvas_clear (&c);

  /* corners far outside the axes (x and y both 10⁷ ranges away): the visible part of the
   * band between y = x − 0.2 and y = x + 0.2 is still where it belongs */
  {
    double fx[] = { -1e7, 1e7 }, flo[] = { -1e7 - 0.2, 1e7 - 0.2 }, fhi[] = { -1e7 + 0.2, 1e7 + 0.2 };

    canvas_init (&c, 500, 400, 1, DPV_THEME_DARK);
    p = dpv_plot_new (c.cr, &c.style, 0, 0, 500, 400);
    dpv_plot_set_x_axis (p, 0, 1, DPV_SCALE_LINEAR, NULL);
    dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, NULL);
    dpv_plot_draw_frame (p);
    dpv_plot_fill_between (p, fx, flo, fhi, 2, col, 1.0, NULL);
    /* x = 0.53: the band spans 0.33 … 0.73 (away from grid lines at multiples of 0.1) */
    pixel (&c, dpv_plot_x_to_user (p, 0.53), dpv_plot_y_to_user (p, 0.55), rgb);
    g_assert_true (near_color (rgb, col, 0.02));
    pixel (&c, dpv_plot_x_to_user (p, 0.53), dpv_plot_y_to_user (p, 0.77), rgb);
    g_assert_true (near_color (rgb, &c.style.plot_background, 0.02));
    pixel (&c, dpv_plot_x_to_user (p, 0.53), dpv_plot_y_to_user (p, 0.27), rgb);
    g_assert_true (near_color (rgb, &c.style.plot_background, 0.02));
    dpv_plot_free (p);
    canvas_clear (&c);
  }
}

/* A fill between two curves, drawn by dpv_plot_fill_between () (lined = FALSE) or by
 * dpv_plot_fill_between_lined () at fill_line user units, with the two curves then stroked
 * at stroke_width (none when 0), at @scale. The curves are steep in places and cross. */
static void
render_lined_scene (Canvas *c, double scale, gboolean lined, double fill_line,
                    double stroke_width, double alpha)
{
  enum { N = 241 };
  double x[N], lo[N], hi[N];
  const DpvColor *col;
  DpvPlot *p;

  canvas_init (c, 400, 300, scale, DPV_THEME_LIGHT);
  col = &c->style.roles[DPV_ROLE_D];
  for (int i = 0; i < N; i++)
    {
      x[i] = i / (N - 1.0);
      lo[i] = 0.25 + 0.15 * sin (9 * x[i]);
      hi[i] = 0.45 + 0.4 * sin (5 * x[i] + 1) * exp (-x[i]);
    }
  p = dpv_plot_new (c->cr, &c->style, 0, 0, 400, 300);
  dpv_plot_set_x_axis (p, 0, 1, DPV_SCALE_LINEAR, NULL);
  dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, NULL);
  if (lined)
    dpv_plot_fill_between_lined (p, x, lo, hi, N, col, alpha, NULL, fill_line);
  else
    dpv_plot_fill_between (p, x, lo, hi, N, col, alpha, NULL);
  if (stroke_width > 0)
    {
      dpv_plot_line (p, x, lo, N, col, stroke_width, DPV_DASH_SOLID, NULL);
      dpv_plot_line (p, x, hi, N, col, stroke_width, DPV_DASH_SOLID, NULL);
    }
  dpv_plot_free (p);
  cairo_surface_flush (c->surface);
}

/* Largest difference in any colour channel between two canvases of one size (0–255). */
static int
max_channel_diff (Canvas *a, Canvas *b)
{
  int w = cairo_image_surface_get_width (a->surface), h = cairo_image_surface_get_height (a->surface);
  int sa = cairo_image_surface_get_stride (a->surface), sb = cairo_image_surface_get_stride (b->surface);
  const unsigned char *da = cairo_image_surface_get_data (a->surface);
  const unsigned char *db = cairo_image_surface_get_data (b->surface);
  int worst = 0;

  g_assert_cmpint (w, ==, cairo_image_surface_get_width (b->surface));
  for (int y = 0; y < h; y++)
    for (int i = 0; i < 4 * w; i++)
      worst = MAX (worst, abs ((int) da[y * sa + i] - (int) db[y * sb + i]));
  return worst;
}

/* Pixels of the canvas that are neither the background nor the fill (col over the
 * background at alpha, each channel within 1/255): the fill's antialiased edge. */
static int
count_blended (Canvas *c, const DpvColor *col, double alpha)
{
  DpvColor fill = over (col, alpha, &c->style.plot_background);
  int w = cairo_image_surface_get_width (c->surface), h = cairo_image_surface_get_height (c->surface);
  int n = 0;

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        double rgb[3];

        pixel (c, (x + 0.5) / c->scale, (y + 0.5) / c->scale, rgb);
        if (!near_color (rgb, &c->style.plot_background, 1.0 / 255)
            && !near_color (rgb, &fill, 1.0 / 255))
          n++;
      }
  return n;
}

/* dpv_plot_fill_between_lined (): under its lines the figure is the antialiased one; on its
 * own, a fill drawn for lines of 1.5 device pixels or more has no blended edge pixels, and
 * one for thinner lines is dpv_plot_fill_between () exactly */
static void
test_render_fill_between_lined (void)
{
  Canvas a, b;
  int diff, blended;

  /* with the lines drawn over it, the aliased fill is invisible: opaque (the worst case)
   * and at the densities view's 0.16, at scale 1 and 2 */
  for (int s = 1; s <= 2; s++)
    for (int k = 0; k < 2; k++)
      {
        double alpha = k == 0 ? 1.0 : 0.16;

        render_lined_scene (&a, s, FALSE, 0, 2.0, alpha);
        render_lined_scene (&b, s, TRUE, 2.0, 2.0, alpha);
        diff = max_channel_diff (&a, &b);
        g_test_message ("scale %d, alpha %g: the fill under 2-unit lines differs by %d/255", s,
                        alpha, diff);
        g_assert_cmpint (diff, <=, 3);
        canvas_clear (&a);
        canvas_clear (&b);
      }

  /* without the lines: 2 device px → no blended pixel; the antialiased fill has many */
  render_lined_scene (&a, 1, FALSE, 0, 0, 1.0);
  render_lined_scene (&b, 1, TRUE, 2.0, 0, 1.0);
  blended = count_blended (&a, &a.style.roles[DPV_ROLE_D], 1.0);
  g_test_message ("antialiased fill: %d edge pixels", blended);
  g_assert_cmpint (blended, >, 300);
  g_assert_cmpint (count_blended (&b, &b.style.roles[DPV_ROLE_D], 1.0), ==, 0);
  canvas_clear (&a);
  canvas_clear (&b);

  /* lines of 1 user unit: 1 device px at scale 1 is too thin, so the fill is the
   * antialiased one, byte for byte; at scale 2 they are 2 px, and the edge is aliased */
  render_lined_scene (&a, 1, FALSE, 0, 0, 1.0);
  render_lined_scene (&b, 1, TRUE, 1.0, 0, 1.0);
  g_assert_cmpint (max_channel_diff (&a, &b), ==, 0);
  canvas_clear (&a);
  canvas_clear (&b);
  render_lined_scene (&b, 2, TRUE, 1.0, 0, 1.0);
  g_assert_cmpint (count_blended (&b, &b.style.roles[DPV_ROLE_D], 1.0), ==, 0);
  canvas_clear (&b);
}

/* Shades and fills drawn before the frame lie under the grid. The first is drawn as the
 * opaque colour it blends to on the data area's background, so its pixels must equal the
 * translucent blend computed here; a second, overlapping one blends on top of it; a data
 * area with its own background gets that background first. */
static void
test_fill_under_grid (void)
{
  for (int own_bg = 0; own_bg <= 1; own_bg++)
    {
      Canvas c;
      DpvPlot *p;
      DpvColor bg, one, two, grid_on_one, fill_only;
      const DpvColor *c1, *c2;
      double rgb[3], on_grid[3];
      double fx[2] = { 0.0, 1.0 }, flo[2] = { 0.0, 0.0 }, fhi[2] = { 0.6, 0.6 };

      canvas_init (&c, 500, 400, 1, DPV_THEME_LIGHT);
      if (own_bg)
        c.style.plot_background = (DpvColor) { 0.9, 0.92, 0.95, 1.0 };
      bg = c.style.plot_background;
      c1 = &c.style.roles[DPV_ROLE_LOSS];
      c2 = &c.style.roles[DPV_ROLE_D];
      one = over (c1, 0.3, &bg);
      two = over (c2, 0.2, &one);
      grid_on_one = over (&c.style.grid, c.style.grid.a, &one);
      fill_only = over (c2, 0.2, &bg);

      p = dpv_plot_new (c.cr, &c.style, 0, 0, 500, 400);
      dpv_plot_set_x_axis (p, 0, 1, DPV_SCALE_LINEAR, NULL);
      dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, NULL);
      dpv_plot_shade_x_range (p, 0.2, 0.8, c1, 0.3, NULL);
      dpv_plot_fill_between (p, fx, flo, fhi, 2, c2, 0.2, NULL);
      dpv_plot_draw_frame (p);

      /* off the grid lines (multiples of 0.1 or 0.2): band alone, band and fill, neither */
      pixel (&c, dpv_plot_x_to_user (p, 0.33), dpv_plot_y_to_user (p, 0.83), rgb);
      g_assert_true (near_color (rgb, &one, 1.5 / 255));
      pixel (&c, dpv_plot_x_to_user (p, 0.33), dpv_plot_y_to_user (p, 0.33), rgb);
      g_assert_true (near_color (rgb, &two, 1.5 / 255));
      pixel (&c, dpv_plot_x_to_user (p, 0.93), dpv_plot_y_to_user (p, 0.83), rgb);
      g_assert_true (near_color (rgb, &bg, 1.5 / 255));
      pixel (&c, dpv_plot_x_to_user (p, 0.07), dpv_plot_y_to_user (p, 0.33), rgb);
      g_assert_true (near_color (rgb, &fill_only, 1.5 / 255));
      /* the grid line x = 0.4 is drawn over the band: darker than the band, at most by its
       * own alpha (it is one device pixel wide, centred on the line) */
      pixel (&c, dpv_plot_x_to_user (p, 0.4), dpv_plot_y_to_user (p, 0.83), on_grid);
      g_assert_cmpfloat (on_grid[0] + on_grid[1] + on_grid[2], <,
                         one.r + one.g + one.b - 0.5 * c.style.grid.a);
      g_assert_cmpfloat (on_grid[0] + on_grid[1] + on_grid[2], >=,
                         grid_on_one.r + grid_on_one.g + grid_on_one.b - 3 * 2.0 / 255);
      dpv_plot_free (p);
      canvas_clear (&c);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plot/render/fill-between", test_render_fill_between);
  g_test_add_func ("/plot/render/fill-between-lined", test_render_fill_between_lined);
  g_test_add_func ("/plot/fill-under-grid", test_fill_under_grid);
  return g_test_run ();
}
