/* test-plot-strokes.c — lines: clipping, simplification, dashes in pieces, stamped dots, exact vector output
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <cairo-svg.h>

#include "canvas.h"
#include "dpv-plot.h"

/* background where nothing is drawn, the line's colour on a thick line */
static void
test_render_line (void)
{
  Canvas c;
  DpvPlot *p;
  double x[] = { 0, 1 }, y[] = { 0.5, 0.5 }, rgb[3], dx, dy, dw, dh;
  const DpvColor *blue;

  canvas_init (&c, 400, 300, 1, DPV_THEME_LIGHT);
  blue = &c.style.roles[DPV_ROLE_D];
  p = dpv_plot_new (c.cr, &c.style, 0, 0, 400, 300);
  dpv_plot_set_x_axis (p, 0, 1, DPV_SCALE_LINEAR, NULL);
  dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, NULL);
  dpv_plot_layout (p);
  dpv_plot_draw_frame (p);
  dpv_plot_line (p, x, y, 2, blue, 8, DPV_DASH_SOLID, NULL);
  dpv_plot_get_data_area (p, &dx, &dy, &dw, &dh);

  /* on the line */
  pixel (&c, dpv_plot_x_to_user (p, 0.37), dpv_plot_y_to_user (p, 0.5), rgb);
  g_assert_true (near_color (rgb, blue, 0.02));
  /* clear of the line and of grid lines (ticks are at multiples of 0.1 or 0.2) */
  pixel (&c, dpv_plot_x_to_user (p, 0.33), dpv_plot_y_to_user (p, 0.75), rgb);
  g_assert_true (near_color (rgb, &c.style.plot_background, 0.02));
  /* outside the data area, in the margin's top-right corner */
  pixel (&c, 398, 1, rgb);
  g_assert_true (near_color (rgb, &c.style.background, 0.02));
  dpv_plot_free (p);
  canvas_clear (&c);
}

/* a densely sampled curve is still drawn where it is (the engine thins samples) */
static void
test_render_dense (void)
{
  enum { N = 20001 };
  Canvas c;
  DpvPlot *p;
  double *x = g_new (double, N), *y = g_new (double, N), rgb[3];
  const DpvColor *col;

  canvas_init (&c, 800, 500, 1.25, DPV_THEME_LIGHT);
  col = &c.style.roles[DPV_ROLE_TIGHT];
  for (int i = 0; i < N; i++)
    {
      x[i] = 10.0 * i / (N - 1);
      y[i] = sin (x[i]) + 0.002 * sin (400 * x[i]);   /* sub-pixel ripple */
    }
  p = dpv_plot_new (c.cr, &c.style, 0, 0, 800, 500);
  dpv_plot_set_x_axis (p, 0, 10, DPV_SCALE_LINEAR, NULL);
  dpv_plot_set_y_axis (p, -1.2, 1.2, DPV_SCALE_LINEAR, NULL);
  dpv_plot_draw_frame (p);
  dpv_plot_line (p, x, y, N, col, 5, DPV_DASH_SOLID, NULL);
  for (int k = 1; k < 40; k++)
    {
      double xv = k * 0.25 + 0.01;
      pixel (&c, dpv_plot_x_to_user (p, xv), dpv_plot_y_to_user (p, sin (xv)), rgb);
      g_assert_true (near_color (rgb, col, 0.03));
      /* and not a line's width away (the curve's slope is at most 1 here) */
      pixel (&c, dpv_plot_x_to_user (p, xv), dpv_plot_y_to_user (p, sin (xv)) + 9, rgb);
      g_assert_false (near_color (rgb, col, 0.1));
    }
  dpv_plot_free (p);
  canvas_clear (&c);
  g_free (x);
  g_free (y);
}

/* a line with a NaN in the middle is broken there; clipped at the data area */
static void
test_render_breaks_and_clip (void)
{
  Canvas c;
  DpvPlot *p;
  double x[] = { 0, 0.3, 0.5, 0.7, 1 }, y[] = { 0.5, 0.5, NAN, 0.5, 0.5 }, rgb[3];
  double lx[] = { 0, 1 }, ly[] = { 5, 5 }, dx, dy, dw, dh;
  const DpvColor *col;

  canvas_init (&c, 400, 300, 1, DPV_THEME_DARK);
  col = &c.style.roles[DPV_ROLE_D_PRIME];
  p = dpv_plot_new (c.cr, &c.style, 0, 0, 400, 300);
  dpv_plot_set_x_axis (p, 0, 1, DPV_SCALE_LINEAR, NULL);
  dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, NULL);
  dpv_plot_draw_frame (p);
  dpv_plot_line (p, x, y, 5, col, 8, DPV_DASH_SOLID, NULL);
  /* a line far above the axis range must not paint the margin */
  dpv_plot_line (p, lx, ly, 2, col, 30, DPV_DASH_SOLID, NULL);
  dpv_plot_get_data_area (p, &dx, &dy, &dw, &dh);

  pixel (&c, dpv_plot_x_to_user (p, 0.15), dpv_plot_y_to_user (p, 0.5), rgb);
  g_assert_true (near_color (rgb, col, 0.02));
  pixel (&c, dpv_plot_x_to_user (p, 0.5), dpv_plot_y_to_user (p, 0.5), rgb);
  g_assert_true (near_color (rgb, &c.style.plot_background, 0.02));
  pixel (&c, dpv_plot_x_to_user (p, 0.85), dpv_plot_y_to_user (p, 0.5), rgb);
  g_assert_true (near_color (rgb, col, 0.02));
  pixel (&c, dx + dw / 2, dy - 2, rgb);
  g_assert_true (near_color (rgb, &c.style.background, 0.02));
  dpv_plot_free (p);
  canvas_clear (&c);

  /* segments that start and end far outside still cross the area where they should */
  {
    double fx[] = { -1e6, 1e6 }, fy[] = { -1e6, 1e6 };
    double sx[2001], sy[2001];

    canvas_init (&c, 400, 300, 1, DPV_THEME_LIGHT);
    col = &c.style.roles[DPV_ROLE_D];
    p = dpv_plot_new (c.cr, &c.style, 0, 0, 400, 300);
    dpv_plot_set_x_axis (p, 0, 1, DPV_SCALE_LINEAR, NULL);
    dpv_plot_set_y_axis (p, -1, 1, DPV_SCALE_LINEAR, NULL);
    dpv_plot_draw_frame (p);
    dpv_plot_line (p, fx, fy, 2, col, 6, DPV_DASH_SOLID, NULL);
    pixel (&c, dpv_plot_x_to_user (p, 0.37), dpv_plot_y_to_user (p, 0.37), rgb);
    g_assert_true (near_color (rgb, col, 0.02));
    /* 30 sin(2πx): leaves through the top and bottom and comes back each half period */
    for (int i = 0; i <= 2000; i++)
      {
        sx[i] = i / 2000.0;
        sy[i] = 30 * sin (2 * G_PI * sx[i]);
      }
    dpv_plot_line (p, sx, sy, 2001, &c.style.roles[DPV_ROLE_D_PRIME], 4, DPV_DASH_SOLID, NULL);
    for (int k = 0; k <= 2; k++)
      {
        /* zero crossings at x = 0, 0.5, 1: y = 0.5 is reached at x = k/2 ± asin(1/60)/2π */
        double xc = k / 2.0 + (k % 2 ? -1 : 1) * asin (0.5 / 30) / (2 * G_PI);
        if (xc < 0 || xc > 1)
          continue;
        pixel (&c, dpv_plot_x_to_user (p, xc), dpv_plot_y_to_user (p, 0.5), rgb);
        g_assert_true (near_color (rgb, &c.style.roles[DPV_ROLE_D_PRIME], 0.05));
      }
    dpv_plot_free (p);
    canvas_clear (&c);
  }
}

/* A long dashed curve is stroked in pieces on image targets; its dash pattern must run on
 * across them. Reference: the same curve stroked by cairo as one path, here. A pattern that
 * restarted at each piece would shift every later dash (about half their pixels change). */
static void
test_dashed_pieces (void)
{
  enum { N = 2000 };
  static double x[N], y[N];
  Canvas c, ref;
  DpvPlot *p;
  double dx, dy, dw, dh, lw = 2.0;
  gsize on = 0, off = 0;

  for (int i = 0; i < N; i++)
    {
      x[i] = i / (N - 1.0);
      y[i] = 0.5 + 0.4 * sin (6 * G_PI * x[i]);
    }
  canvas_init (&c, 900, 500, 1, DPV_THEME_LIGHT);
  canvas_init (&ref, 900, 500, 1, DPV_THEME_LIGHT);
  p = dpv_plot_new (c.cr, &c.style, 0, 0, 900, 500);
  dpv_plot_set_x_axis (p, 0, 1, DPV_SCALE_LINEAR, NULL);
  dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, NULL);
  dpv_plot_layout (p);
  dpv_plot_line (p, x, y, N, &c.style.roles[DPV_ROLE_D], lw, DPV_DASH_DASHED, NULL);
  dpv_plot_get_data_area (p, &dx, &dy, &dw, &dh);

  {
    double d[] = { 4.0 * lw, 3.0 * lw };

    cairo_rectangle (ref.cr, dx, dy, dw, dh);
    cairo_clip (ref.cr);
    dpv_color_set_source (&c.style.roles[DPV_ROLE_D], ref.cr);
    cairo_set_line_width (ref.cr, lw);
    cairo_set_line_join (ref.cr, CAIRO_LINE_JOIN_ROUND);
    cairo_set_line_cap (ref.cr, CAIRO_LINE_CAP_BUTT);
    cairo_set_dash (ref.cr, d, 2, 0);
    cairo_set_tolerance (ref.cr, 0.5);
    for (int i = 0; i < N; i++)
      cairo_line_to (ref.cr, dpv_plot_x_to_user (p, x[i]), dpv_plot_y_to_user (p, y[i]));
    cairo_stroke (ref.cr);
  }
  cairo_surface_flush (ref.surface);
  for (int py = (int) dy + 1; py < (int) (dy + dh) - 1; py++)
    for (int px = (int) dx + 1; px < (int) (dx + dw) - 1; px++)
      {
        double a[3], b[3], da, db;

        pixel (&c, px + 0.5, py + 0.5, a);
        pixel (&ref, px + 0.5, py + 0.5, b);
        /* ink: distance from the white background */
        da = 3 - a[0] - a[1] - a[2];
        db = 3 - b[0] - b[1] - b[2];
        if (db > 0.75)
          {
            on++;
            if (da < 0.375)
              off++;   /* solid ink in the reference, (almost) none drawn */
          }
      }
  g_test_message ("%zu inked reference pixels, %zu missing", on, off);
  g_assert_cmpuint (on, >, 2000);
  g_assert_cmpuint (off, <=, on / 100);
  dpv_plot_free (p);
  canvas_clear (&c);
  canvas_clear (&ref);
}

/* Draws a sine curve, dotted or dash-dotted at width lw, into a new 600 × 300 (user units)
 * image surface: through dpv_plot_line () or, for reference, as one path stroked by cairo with
 * the dash pattern itself. @ctm_scale goes into the matrix, @dev_scale into the surface's
 * device scale (as a HiDPI GTK surface has it). */
static cairo_surface_t *
draw_dotted (DpvDash dash, double lw, double ctm_scale, double dev_scale, gboolean reference)
{
  enum { N = 1500, W = 600, H = 300 };
  double s = ctm_scale * dev_scale, x[N], y[N], dx, dy, dw, dh;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) (W * s),
                                                         (int) (H * s));
  cairo_t *cr;
  DpvStyle style;
  DpvPlot *p;

  cairo_surface_set_device_scale (surface, dev_scale, dev_scale);
  cr = cairo_create (surface);
  cairo_scale (cr, ctm_scale, ctm_scale);
  dpv_style_init (&style, DPV_THEME_LIGHT);
  style.pixel_snap = FALSE;
  dpv_color_set_source (&style.background, cr);
  cairo_paint (cr);
  for (int i = 0; i < N; i++)
    {
      x[i] = i / (N - 1.0);
      y[i] = 0.5 + 0.4 * sin (3 * G_PI * x[i]);
    }
  p = dpv_plot_new (cr, &style, 0, 0, W, H);
  dpv_plot_set_x_axis (p, 0, 1, DPV_SCALE_LINEAR, NULL);
  dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, NULL);
  dpv_plot_layout (p);
  if (!reference)
    dpv_plot_line (p, x, y, N, &style.roles[DPV_ROLE_D], lw, dash, NULL);
  else
    {
      /* the patterns of dpv_set_dash () (dpv-plot-lines.c), in units of the line width */
      double dotted[] = { 0.01, 2.2 * lw };
      double dashdot[] = { 3.5 * lw, 2.6 * lw, 0.01, 2.6 * lw };

      dpv_plot_get_data_area (p, &dx, &dy, &dw, &dh);
      cairo_rectangle (cr, dx, dy, dw, dh);
      cairo_clip (cr);
      dpv_color_set_source (&style.roles[DPV_ROLE_D], cr);
      cairo_set_line_width (cr, lw);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      cairo_set_tolerance (cr, 0.01);   /* round caps close to true discs */
      if (dash == DPV_DASH_DOTTED)
        cairo_set_dash (cr, dotted, 2, 0);
      else
        cairo_set_dash (cr, dashdot, 4, 0);
      for (int i = 0; i < N; i++)
        cairo_line_to (cr, dpv_plot_x_to_user (p, x[i]), dpv_plot_y_to_user (p, y[i]));
      cairo_stroke (cr);
    }
  dpv_plot_free (p);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* Dots on raster targets are stamped from a cached glyph (dpv-plot-dots.c), placed
 * to a quarter pixel. Reference: the same curve stroked by cairo with the dash pattern. Per
 * device pixel, ink is the distance from the white background as a fraction of the colour's:
 * the totals agree to 5 % (the dash-dot's dashes keep their caps at half a pixel's tolerance,
 * 3.5 % of its ink; the dots alone agree to 1.5 %), and no more than 1 % of the pixels solidly
 * inked on one side are (nearly) blank on the other. Dots a period out of step, half a pixel
 * off, or a different size fail it. */
static void
test_dotted_stamps (void)
{
  static const struct { DpvDash dash; double lw, ctm, dev; } cases[] = {
    { DPV_DASH_DOTTED, 1.4, 1, 1 },
    { DPV_DASH_DOTTED, 2.0, 1, 1 },
    { DPV_DASH_DOTTED, 2.0, 1.5, 1 },
    { DPV_DASH_DOTTED, 1.4, 1, 2 },
    { DPV_DASH_DASHDOT, 2.0, 1, 1 },
    { DPV_DASH_DASHDOT, 2.0, 1, 2 },
  };
  DpvStyle style;
  double full;

  dpv_style_init (&style, DPV_THEME_LIGHT);
  full = 3 - style.roles[DPV_ROLE_D].r - style.roles[DPV_ROLE_D].g - style.roles[DPV_ROLE_D].b;
  for (gsize k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      cairo_surface_t *a = draw_dotted (cases[k].dash, cases[k].lw, cases[k].ctm, cases[k].dev,
                                        FALSE);
      cairo_surface_t *b = draw_dotted (cases[k].dash, cases[k].lw, cases[k].ctm, cases[k].dev,
                                        TRUE);
      int w = cairo_image_surface_get_width (a), h = cairo_image_surface_get_height (a);
      int sa = cairo_image_surface_get_stride (a), sb = cairo_image_surface_get_stride (b);
      unsigned char *da = cairo_image_surface_get_data (a), *db = cairo_image_surface_get_data (b);
      double sum_a = 0, sum_b = 0;
      gsize solid = 0, missing = 0, extra = 0;

      for (int py = 0; py < h; py++)
        for (int px = 0; px < w; px++)
          {
            guint32 va = *(guint32 *) (da + py * sa + px * 4);
            guint32 vb = *(guint32 *) (db + py * sb + px * 4);
            double ia = (3 * 255 - ((va >> 16) & 0xff) - ((va >> 8) & 0xff) - (va & 0xff))
                        / (255.0 * full);
            double ib = (3 * 255 - ((vb >> 16) & 0xff) - ((vb >> 8) & 0xff) - (vb & 0xff))
                        / (255.0 * full);

            sum_a += ia;
            sum_b += ib;
            solid += (ia > 0.75) + (ib > 0.75);
            missing += ib > 0.75 && ia < 0.25;
            extra += ia > 0.75 && ib < 0.25;
          }
      g_test_message ("case %zu: ink %.1f vs %.1f (reference), %zu solid, %zu missing, "
                      "%zu extra", k, sum_a, sum_b, solid, missing, extra);
      g_assert_cmpfloat (sum_b, >, 200);
      g_assert_cmpfloat (fabs (sum_a - sum_b), <=, 0.05 * sum_b);
      g_assert_cmpuint (missing + extra, <=, solid / 100);
      cairo_surface_destroy (a);
      cairo_surface_destroy (b);
    }
}

static cairo_status_t
append_bytes (void *closure, const unsigned char *data, unsigned int length)
{
  g_string_append_len (closure, (const char *) data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* image surfaces get a pixel-aligned data area; vector surfaces keep exact geometry even with
 * a screen style (pixel_snap TRUE) */
static void
test_vector_exact (void)
{
  GString *svg = g_string_new (NULL);
  cairo_surface_t *surf;
  cairo_t *cr;
  DpvStyle st;
  DpvPlot *p;
  double x[] = { 0, 1 }, y[] = { 0, 1 }, ix, iy, vx, vy;

  dpv_style_init (&st, DPV_THEME_LIGHT);
  g_assert_true (st.pixel_snap);

  surf = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 400, 300);
  cr = cairo_create (surf);
  p = dpv_plot_new (cr, &st, 0.37, 0.21, 399, 299);
  dpv_plot_set_x_axis (p, 0, 1, DPV_SCALE_LINEAR, "x");
  dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, "y");
  dpv_plot_get_data_area (p, &ix, &iy, NULL, NULL);
  g_assert_cmpfloat (ix, ==, round (ix));
  g_assert_cmpfloat (iy, ==, round (iy));
  dpv_plot_free (p);
  cairo_destroy (cr);
  cairo_surface_destroy (surf);

  surf = cairo_svg_surface_create_for_stream (append_bytes, svg, 400, 300);
  cr = cairo_create (surf);
  p = dpv_plot_new (cr, &st, 0.37, 0.21, 399, 299);
  dpv_plot_set_x_axis (p, 0, 1, DPV_SCALE_LINEAR, "x");
  dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, "y");
  dpv_plot_get_data_area (p, &vx, &vy, NULL, NULL);
  /* same layout, not rounded */
  g_assert_cmpfloat (fabs (vx - ix), <=, 0.5);
  g_assert_cmpfloat (fabs (vy - iy), <=, 0.5);
  g_assert_cmpfloat (vx, !=, round (vx));
  dpv_plot_draw_frame (p);
  dpv_plot_line (p, x, y, 2, NULL, 2, DPV_DASH_DASHED, "line");
  dpv_plot_vline (p, 0.5, NULL, DPV_DASH_SOLID, "ref");
  dpv_plot_legend (p);
  dpv_plot_free (p);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_finish (surf);
  g_assert_cmpint (cairo_surface_status (surf), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surf);
  g_assert_nonnull (strstr (svg->str, "<svg"));
  g_string_free (svg, TRUE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plot/render/line", test_render_line);
  g_test_add_func ("/plot/render/dense", test_render_dense);
  g_test_add_func ("/plot/render/breaks-and-clip", test_render_breaks_and_clip);
  g_test_add_func ("/plot/dashed-pieces", test_dashed_pieces);
  g_test_add_func ("/plot/dotted-stamps", test_dotted_stamps);
  g_test_add_func ("/plot/vector-exact", test_vector_exact);
  return g_test_run ();
}
