/* test-plot.c — coordinate maps, label layout, and renders sampled pixel by pixel
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <cairo-svg.h>

#include "dpv-plot.h"

typedef struct {
  cairo_surface_t *surface;
  cairo_t *cr;
  DpvStyle style;
  int w, h;
  double scale;
} Canvas;

static void
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

static void
canvas_clear (Canvas *c)
{
  g_assert_cmpint (cairo_status (c->cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (c->cr);
  cairo_surface_destroy (c->surface);
}

/* Colour at user point (ux, uy), as opaque rgb in [0, 1]. */
static void
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

static gboolean
near_color (const double rgb[3], const DpvColor *col, double tol)
{
  return fabs (rgb[0] - col->r) <= tol && fabs (rgb[1] - col->g) <= tol
         && fabs (rgb[2] - col->b) <= tol;
}

/* alpha-composite col over bg */
static DpvColor
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

static gboolean
rects_overlap (const cairo_rectangle_t *a, const cairo_rectangle_t *b)
{
  return a->x < b->x + b->width && b->x < a->x + a->width && a->y < b->y + b->height
         && b->y < a->y + a->height;
}

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

/* the legend goes to a free corner, and never covers a plotted point there */
static void
test_legend_placement (void)
{
  Canvas c;
  DpvPlot *p;
  double x[201], top[201], br[201];
  cairo_rectangle_t leg;
  double dx, dy, dw, dh;

  canvas_init (&c, 640, 400, 1, DPV_THEME_LIGHT);
  for (int i = 0; i <= 200; i++)
    {
      x[i] = i / 200.0;
      top[i] = 0.92;                              /* across the top: both top corners busy */
      br[i] = x[i] > 0.5 ? 0.05 + 0.1 * (x[i] - 0.5) : NAN;   /* bottom right busy */
    }
  p = dpv_plot_new (c.cr, &c.style, 0, 0, 640, 400);
  dpv_plot_set_x_axis (p, 0, 1, DPV_SCALE_LINEAR, "x");
  dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, "y");
  dpv_plot_draw_frame (p);
  dpv_plot_line (p, x, top, 201, &c.style.roles[DPV_ROLE_D], 2, DPV_DASH_SOLID, "<i>D</i>");
  dpv_plot_line (p, x, br, 201, &c.style.roles[DPV_ROLE_D_PRIME], 2, DPV_DASH_DASHED,
                 "<i>D</i>′");
  dpv_plot_legend (p);
  dpv_plot_get_data_area (p, &dx, &dy, &dw, &dh);
  g_assert_cmpuint (dpv_plot_get_text_rects (p, DPV_TEXT_LEGEND, &leg, 1), ==, 1);

  /* inside the data area, in its lower-left quarter */
  g_assert_cmpfloat (leg.x, >=, dx);
  g_assert_cmpfloat (leg.y + leg.height, <=, dy + dh);
  g_assert_cmpfloat (leg.x + leg.width / 2, <, dx + dw / 2);
  g_assert_cmpfloat (leg.y + leg.height / 2, >, dy + dh / 2);
  /* no plotted point under it (evaluated densely, independently of the plot's records) */
  for (int i = 0; i <= 2000; i++)
    {
      double xv = i / 2000.0;
      double ux = dpv_plot_x_to_user (p, xv);
      double uy1 = dpv_plot_y_to_user (p, 0.92);
      double uy2 = dpv_plot_y_to_user (p, 0.05 + 0.1 * (xv - 0.5));
      g_assert_false (ux >= leg.x && ux <= leg.x + leg.width && uy1 >= leg.y
                      && uy1 <= leg.y + leg.height);
      if (xv > 0.5)
        g_assert_false (ux >= leg.x && ux <= leg.x + leg.width && uy2 >= leg.y
                        && uy2 <= leg.y + leg.height);
    }
  /* the swatches carry the series colours: scan the left part of the legend box */
  {
    gboolean found_d = FALSE, found_dp = FALSE;
    for (double yy = leg.y + 1; yy < leg.y + leg.height - 1; yy += 0.5)
      for (double xx = leg.x + 1; xx < leg.x + leg.width / 3; xx += 0.5)
        {
          double rgb[3];
          pixel (&c, xx, yy, rgb);
          found_d |= near_color (rgb, &c.style.roles[DPV_ROLE_D], 0.03);
          found_dp |= near_color (rgb, &c.style.roles[DPV_ROLE_D_PRIME], 0.03);
        }
    g_assert_true (found_d);
    g_assert_true (found_dp);
  }
  dpv_plot_free (p);
  canvas_clear (&c);
}

/* a legend with no free place inside goes to the strip reserved under the plot: below the
 * x-axis title, inside the panel, in columns, the data area shorter by the strip */
static void
test_legend_below (void)
{
  static const char *labels[] = { "first series", "second series", "a third, longer series" };
  const DpvColor *cols[3];
  double x[401], y[3][401];
  double dh_plain = 0;

  for (int i = 0; i <= 400; i++)
    {
      x[i] = i / 400.0;
      /* zigzags over the whole data area: every place a legend box could go has data */
      y[0][i] = fabs (fmod (x[i] * 23.0, 2.0) - 1.0);
      y[1][i] = fabs (fmod (x[i] * 17.0 + 0.5, 2.0) - 1.0);
      y[2][i] = fabs (fmod (x[i] * 29.0 + 0.3, 2.0) - 1.0);
    }
  for (int reserve = 0; reserve <= 1; reserve++)
    {
      Canvas c;
      DpvPlot *p;
      cairo_rectangle_t leg, title;
      double dx, dy, dw, dh;

      canvas_init (&c, 520, 380, 1, DPV_THEME_LIGHT);
      cols[0] = &c.style.roles[DPV_ROLE_D];
      cols[1] = &c.style.roles[DPV_ROLE_D_PRIME];
      cols[2] = &c.style.roles[DPV_ROLE_LOSS];
      p = dpv_plot_new (c.cr, &c.style, 0, 0, 520, 380);
      dpv_plot_set_x_axis (p, 0, 1, DPV_SCALE_LINEAR, "output y");
      dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, "density");
      if (reserve)
        dpv_plot_set_legend_below (p, labels, 3);
      dpv_plot_draw_frame (p);
      for (int k = 0; k < 3; k++)
        dpv_plot_line (p, x, y[k], 401, cols[k], 2, DPV_DASH_SOLID, labels[k]);
      dpv_plot_legend (p);
      dpv_plot_get_data_area (p, &dx, &dy, &dw, &dh);
      g_assert_cmpuint (dpv_plot_get_text_rects (p, DPV_TEXT_LEGEND, &leg, 1), ==, 1);
      if (!reserve)
        {
          /* without the strip the legend has to sit on data, inside */
          dh_plain = dh;
          g_assert_cmpfloat (leg.y + leg.height, <=, dy + dh + 0.01);
          dpv_plot_free (p);
          canvas_clear (&c);
          continue;
        }
      {
        cairo_rectangle_t t[2];

        g_assert_cmpuint (dpv_plot_get_text_rects (p, DPV_TEXT_AXIS_TITLE, t, 2), ==, 2);
        title = t[0].y > t[1].y ? t[0] : t[1];   /* the x title: the lower of the two */
      }
      /* the legend is under the x title, inside the panel */
      g_assert_cmpfloat (leg.y, >=, title.y + title.height - 0.01);
      g_assert_cmpfloat (leg.y, >, dy + dh);
      g_assert_cmpfloat (leg.y + leg.height, <=, 380);
      g_assert_cmpfloat (leg.x, >=, 0);
      g_assert_cmpfloat (leg.x + leg.width, <=, 520);
      /* in columns: wider than tall, at most two rows of text */
      g_assert_cmpfloat (leg.width, >, leg.height);
      g_assert_cmpfloat (leg.height, <, 2.6 * 2 * c.style.font_size);
      /* the data area gave up at least the strip */
      g_assert_cmpfloat (dh, <=, dh_plain - leg.height);
      /* each swatch is there, in its colour, inside the strip */
      for (int k = 0; k < 3; k++)
        {
          gboolean found = FALSE;
          for (double yy = leg.y + 1; yy < leg.y + leg.height - 1 && !found; yy += 0.5)
            for (double xx = leg.x + 1; xx < leg.x + leg.width - 1 && !found; xx += 0.5)
              {
                double rgb[3];
                pixel (&c, xx, yy, rgb);
                found = near_color (rgb, cols[k], 0.03);
              }
          g_assert_true (found);
        }
      dpv_plot_free (p);
      canvas_clear (&c);
    }
}

/* no strip when it would take more than a quarter of the panel; a legend with more entries
 * than the strip was reserved for goes inside */
static void
test_legend_below_limits (void)
{
  static const char *many[] = { "one", "two", "three", "four", "five", "six", "seven", "eight",
                                "nine", "ten", "eleven", "twelve" };
  double x[2] = { 0, 1 }, y[2] = { 0.2, 0.2 };
  double dh_plain = 0, dh;

  for (int k = 0; k < 3; k++)
    {
      Canvas c;
      DpvPlot *p;
      double dx, dy, dw;

      canvas_init (&c, 300, 140, 1, DPV_THEME_LIGHT);
      p = dpv_plot_new (c.cr, &c.style, 0, 0, 300, 140);
      dpv_plot_set_x_axis (p, 0, 1, DPV_SCALE_LINEAR, "x");
      dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, "y");
      if (k == 1)
        dpv_plot_set_legend_below (p, many, G_N_ELEMENTS (many));   /* too tall for 140 */
      if (k == 2)
        dpv_plot_set_legend_below (p, many, 1);                      /* room for "one" only */
      dpv_plot_draw_frame (p);
      dpv_plot_get_data_area (p, &dx, &dy, &dw, &dh);
      if (k == 0)
        dh_plain = dh;
      else if (k == 1)
        g_assert_cmpfloat_with_epsilon (dh, dh_plain, 1e-9);
      else
        g_assert_cmpfloat (dh, <, dh_plain);
      dpv_plot_free (p);
      canvas_clear (&c);
    }

  /* A strip reserved for one entry, then four entries too long to share its one row: the
   * legend goes inside the data area, as without a strip. */
  {
    static const char *longer[] = { "a first, rather long legend entry",
                                     "a second, rather long legend entry",
                                     "a third, rather long legend entry",
                                     "a fourth, rather long legend entry" };
    Canvas c;
    DpvPlot *p;
    double dx, dy, dw;
    cairo_rectangle_t leg;

    canvas_init (&c, 600, 400, 1, DPV_THEME_LIGHT);
    p = dpv_plot_new (c.cr, &c.style, 0, 0, 600, 400);
    dpv_plot_set_x_axis (p, 0, 1, DPV_SCALE_LINEAR, "x");
    dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, "y");
    dpv_plot_set_legend_below (p, longer, 1);
    dpv_plot_draw_frame (p);
    for (int i = 0; i < 4; i++)
      dpv_plot_line (p, x, y, 2, NULL, 1, DPV_DASH_SOLID, longer[i]);
    dpv_plot_legend (p);
    dpv_plot_get_data_area (p, &dx, &dy, &dw, &dh);
    g_assert_cmpuint (dpv_plot_get_text_rects (p, DPV_TEXT_LEGEND, &leg, 1), ==, 1);
    g_assert_cmpfloat (leg.y, >=, dy - 0.01);
    g_assert_cmpfloat (leg.y + leg.height, <=, dy + dh + 0.01);
    dpv_plot_free (p);
    canvas_clear (&c);
  }
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
      /* the patterns of dpv-plot.c's set_dash (), in units of the line width */
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

/* Dots on raster targets are stamped from a cached glyph (dpv-plot.c, dot_stamp ()), placed
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

/* annotations stay inside the data area and off each other */
static void
test_annotations (void)
{
  Canvas c;
  DpvPlot *p;
  cairo_rectangle_t r[8];
  double dx, dy, dw, dh;
  gsize n;

  canvas_init (&c, 480, 320, 1, DPV_THEME_LIGHT);
  p = dpv_plot_new (c.cr, &c.style, 0, 0, 480, 320);
  dpv_plot_set_x_axis (p, 0, 1, DPV_SCALE_LINEAR, NULL);
  dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, NULL);
  dpv_plot_draw_frame (p);
  dpv_plot_annotate (p, 0.99, 0.99, "δ(ε′) = 0.0123", DPV_ANCHOR_NORTH_EAST, NULL);
  dpv_plot_annotate (p, 0.99, 0.99, "P(S) = 0.456", DPV_ANCHOR_NORTH_EAST, NULL);
  dpv_plot_annotate (p, 0.98, 0.97, "e<sup>ε′</sup>Q(S) = 0.444", DPV_ANCHOR_NORTH, NULL);
  dpv_plot_vline (p, 0.97, NULL, DPV_DASH_DASHED, "ε = 1");
  dpv_plot_hline (p, 0.98, NULL, DPV_DASH_DOTTED, "bound");
  dpv_plot_annotate (p, NAN, INFINITY, "odd point", DPV_ANCHOR_CENTER, NULL);
  dpv_plot_get_data_area (p, &dx, &dy, &dw, &dh);
  n = dpv_plot_get_text_rects (p, DPV_TEXT_ANNOTATION, r, G_N_ELEMENTS (r));
  g_assert_cmpuint (n, ==, 6);
  for (gsize i = 0; i < n; i++)
    {
      g_assert_cmpfloat (r[i].x, >=, dx);
      g_assert_cmpfloat (r[i].y, >=, dy);
      g_assert_cmpfloat (r[i].x + r[i].width, <=, dx + dw);
      g_assert_cmpfloat (r[i].y + r[i].height, <=, dy + dh);
      for (gsize j = 0; j < i; j++)
        g_assert_false (rects_overlap (&r[i], &r[j]));
    }
  dpv_plot_free (p);
  canvas_clear (&c);
}

static void
draw_everything (Canvas *c, double w, double h)
{
  double x[64], a[64], b[64];
  DpvPlot *p;

  for (int i = 0; i < 64; i++)
    {
      x[i] = 1 + i;
      a[i] = exp (-i / 10.0);
      b[i] = i == 20 ? NAN : 0.5 * exp (-i / 20.0);
    }
  p = dpv_plot_new (c->cr, &c->style, 0, 0, w, h);
  dpv_plot_set_title (p, "组合 composition");
  dpv_plot_set_x_axis (p, 1, 64, DPV_SCALE_LOG, "<i>k</i>");
  dpv_plot_set_y_axis (p, 1e-3, 1, DPV_SCALE_LOG, "ε<sub>total</sub>");
  dpv_plot_set_y2_axis (p, 0, 2, DPV_SCALE_LINEAR, "ratio");
  dpv_plot_draw_frame (p);
  dpv_plot_fill_between (p, x, a, b, 64, &c->style.roles[DPV_ROLE_LOSS], 0.3, "gap");
  dpv_plot_line (p, x, a, 64, &c->style.roles[DPV_ROLE_D], 2, DPV_DASH_SOLID, "a");
  dpv_plot_line_y2 (p, x, b, 64, &c->style.roles[DPV_ROLE_D_PRIME], 2, DPV_DASH_DASHDOT, "b");
  dpv_plot_bars (p, x, a, 10, 0.5, &c->style.roles[DPV_ROLE_TIGHT], 0.5, "bars");
  dpv_plot_markers (p, x, b, 64, &c->style.accent, 3, "m");
  dpv_plot_shade_x_range (p, -HUGE_VAL, 3, NULL, 0.2, "shade");
  dpv_plot_shade_y_range (p, 0.1, HUGE_VAL, NULL, 0.1);
  dpv_plot_vline (p, 10, NULL, DPV_DASH_DOTTED, "<i>k</i> = 10");
  dpv_plot_hline (p, 0.01, NULL, DPV_DASH_DASHED, "δ");
  dpv_plot_annotate (p, 10, 0.3, "note", DPV_ANCHOR_EAST, NULL);
  dpv_plot_legend (p);
  dpv_plot_free (p);
}

/* any size and scale, no cairo error */
static void
test_sizes_and_scales (void)
{
  static const struct { int w, h; double scale; } cases[] = {
    { 320, 200, 1 }, { 320, 200, 3 }, { 3840, 2160, 1 }, { 1920, 1080, 2 }, { 40, 30, 1 },
    { 1, 1, 1 },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (int t = 0; t < DPV_N_THEMES; t++)
      {
        Canvas c;
        canvas_init (&c, cases[i].w, cases[i].h, cases[i].scale, (DpvTheme) t);
        c.style.pixel_snap = TRUE;
        draw_everything (&c, cases[i].w, cases[i].h);
        g_assert_cmpint (cairo_status (c.cr), ==, CAIRO_STATUS_SUCCESS);
        canvas_clear (&c);
        if (cases[i].w > 2000 && t > 0)
          break;  /* keep the test quick under ASan */
      }
}

/* degenerate ranges and data: no warnings (fatal in g_test), no cairo errors */
static void
test_degenerate (void)
{
  Canvas c;
  DpvPlot *p;
  double x[] = { NAN, INFINITY, -INFINITY, 1e308, -1e308, 0 };
  double y[] = { 1e308, NAN, 0, -INFINITY, 1e-308, 1 };

  canvas_init (&c, 320, 200, 1, DPV_THEME_LIGHT);
  p = dpv_plot_new (c.cr, &c.style, 0, 0, 320, 200);
  dpv_plot_set_x_axis (p, 1, 1, DPV_SCALE_LINEAR, "<b>unclosed");
  dpv_plot_set_y_axis (p, NAN, NAN, DPV_SCALE_LOG, NULL);
  dpv_plot_set_title (p, "a & b < c");
  dpv_plot_draw_frame (p);
  dpv_plot_line (p, x, y, 6, NULL, -1, DPV_DASH_DASHED, "bad <markup");
  dpv_plot_fill_between (p, x, y, x, 6, NULL, NAN, NULL);
  dpv_plot_bars (p, x, y, 6, NAN, NULL, 2, NULL);
  dpv_plot_markers (p, x, y, 6, NULL, NAN, NULL);
  dpv_plot_shade_x_range (p, NAN, 1, NULL, 0.3, NULL);
  dpv_plot_vline (p, INFINITY, NULL, DPV_DASH_SOLID, "x");
  dpv_plot_hline (p, NAN, NULL, DPV_DASH_SOLID, "y");
  dpv_plot_line (p, NULL, NULL, 0, NULL, 1, DPV_DASH_SOLID, NULL);
  dpv_plot_legend (p);
  g_assert_true (isfinite (dpv_plot_x_to_user (p, 1)));
  dpv_plot_free (p);

  p = dpv_plot_new (c.cr, &c.style, NAN, 0, -5, 0);
  dpv_plot_set_x_axis (p, -1e308, 1e308, DPV_SCALE_LINEAR, NULL);
  dpv_plot_set_y_axis (p, -5, -1, DPV_SCALE_LOG, NULL);
  dpv_plot_draw_frame (p);
  dpv_plot_legend (p);
  dpv_plot_free (p);
  g_assert_cmpint (cairo_status (c.cr), ==, CAIRO_STATUS_SUCCESS);
  canvas_clear (&c);

  /* a panel 10⁸ units wide on a small surface: only the visible part costs anything (dashes,
   * bar samples); this used to take seconds */
  {
    double hx[100], hy[100];

    canvas_init (&c, 200, 200, 1, DPV_THEME_LIGHT);
    p = dpv_plot_new (c.cr, &c.style, 0, 0, 1e8, 1e8);
    dpv_plot_set_x_axis (p, 0, 1, DPV_SCALE_LINEAR, "x");
    dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, "y");
    dpv_plot_draw_frame (p);
    for (int i = 0; i < 100; i++)
      {
        hx[i] = i / 99.0;
        hy[i] = 0.5 + 0.4 * sin (i);
      }
    dpv_plot_line (p, hx, hy, 100, NULL, 2, DPV_DASH_DOTTED, "l");
    dpv_plot_bars (p, hx, hy, 100, 0.01, NULL, 0.5, "b");
    dpv_plot_fill_between (p, hx, hx, hy, 100, NULL, 0.3, "f");
    dpv_plot_vline (p, 0.5, NULL, DPV_DASH_DASHED, "v");
    dpv_plot_hline (p, 0.5, NULL, DPV_DASH_DASHDOT, "h");
    dpv_plot_legend (p);
    dpv_plot_free (p);
    canvas_clear (&c);
  }

  /* a context already in an error state: everything is a quiet no-op */
  {
    cairo_surface_t *surf = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 50, 50);
    cairo_t *bad = cairo_create (surf);
    DpvStyle st;

    cairo_restore (bad);   /* CAIRO_STATUS_INVALID_RESTORE */
    g_assert_cmpint (cairo_status (bad), !=, CAIRO_STATUS_SUCCESS);
    dpv_style_init (&st, DPV_THEME_DARK);
    p = dpv_plot_new (bad, &st, 0, 0, 50, 50);
    dpv_plot_set_title (p, "t");
    dpv_plot_draw_frame (p);
    dpv_plot_line (p, x, y, 6, NULL, 1, DPV_DASH_SOLID, "l");
    dpv_plot_annotate (p, 0.5, 0.5, "a", DPV_ANCHOR_CENTER, NULL);
    dpv_plot_legend (p);
    dpv_plot_free (p);
    g_assert_cmpfloat (dpv_draw_text_block (bad, &st, 0, 0, 10, "x", 1, NULL), ==, 0);
    cairo_destroy (bad);
    cairo_surface_destroy (surf);
  }
}

/* dark and light themes really differ where the background shows */
static void
test_themes_differ (void)
{
  Canvas l, d;
  double a[3], b[3];

  canvas_init (&l, 320, 200, 1, DPV_THEME_LIGHT);
  canvas_init (&d, 320, 200, 1, DPV_THEME_DARK);
  draw_everything (&l, 320, 200);
  draw_everything (&d, 320, 200);
  pixel (&l, 1, 199, a);
  pixel (&d, 1, 199, b);
  g_assert_true (near_color (a, &l.style.background, 0.02));
  g_assert_true (near_color (b, &d.style.background, 0.02));
  g_assert_cmpfloat (fabs (a[0] - b[0]) + fabs (a[1] - b[1]) + fabs (a[2] - b[2]), >, 1.5);
  canvas_clear (&l);
  canvas_clear (&d);
}

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

/* a legend never buries a small plot: smaller text, or none at all */
static void
test_legend_small (void)
{
  static const int sizes[][2] = { { 1200, 800 }, { 480, 300 }, { 320, 200 }, { 160, 100 } };

  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      Canvas c;
      DpvPlot *p;
      double x[] = { 0, 1 }, y[] = { 0.2, 0.8 }, dx, dy, dw, dh;
      cairo_rectangle_t leg;
      gsize n;

      canvas_init (&c, sizes[k][0], sizes[k][1], 1, DPV_THEME_DARK);
      p = dpv_plot_new (c.cr, &c.style, 0, 0, sizes[k][0], sizes[k][1]);
      dpv_plot_set_x_axis (p, 0, 1, DPV_SCALE_LINEAR, "x");
      dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, "y");
      dpv_plot_draw_frame (p);
      for (int r = 0; r < 5; r++)
        dpv_plot_line (p, x, y, 2, &c.style.roles[r], 2, (DpvDash) (r % 4),
                       "a rather long legend entry: ε(e<sup>ε</sup> − 1)");
      dpv_plot_legend (p);
      dpv_plot_get_data_area (p, &dx, &dy, &dw, &dh);
      n = dpv_plot_get_text_rects (p, DPV_TEXT_LEGEND, &leg, 1);
      if (k == 0)
        g_assert_cmpuint (n, ==, 1);   /* room enough: drawn */
      if (n == 1)
        {
          g_assert_cmpfloat (leg.width * leg.height, <=, 0.5 * dw * dh);
          g_assert_cmpfloat (leg.x, >=, dx);
          g_assert_cmpfloat (leg.y, >=, dy);
          g_assert_cmpfloat (leg.x + leg.width, <=, dx + dw);
          g_assert_cmpfloat (leg.y + leg.height, <=, dy + dh);
        }
      dpv_plot_free (p);
      canvas_clear (&c);
    }
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

/* Caller-chosen x ticks: each label centred on its value (here α − 1 on a log axis, labelled
 * with α), none overlapping; on a narrow panel some are thinned out, never moved. */
static void
test_custom_ticks (void)
{
  static const double values[] = { 1e-3, 1e-2, 0.1, 1.0, 9.0, 99.0 };
  static const char *const labels[] = { "1.001", "1.01", "1.1", "2", "10", "100" };
  DpvTick ticks[G_N_ELEMENTS (values) + 1];
  gsize n = 0;

  for (gsize i = 0; i < G_N_ELEMENTS (values); i++)
    {
      ticks[n].value = values[i];
      ticks[n].major = TRUE;
      g_strlcpy (ticks[n].label, labels[i], sizeof ticks[n].label);
      n++;
    }
  ticks[n].value = 0.5;   /* a minor tick carries no label */
  ticks[n].major = FALSE;
  ticks[n].label[0] = '\0';
  n++;
  for (int width = 900; width >= 150; width -= 750)
    {
      Canvas c;
      DpvPlot *p;
      cairo_rectangle_t rx[16];
      gsize nx;

      canvas_init (&c, width, 400, 1, DPV_THEME_LIGHT);
      p = dpv_plot_new (c.cr, &c.style, 0, 0, width, 400);
      dpv_plot_set_x_axis (p, 1e-3, 99.0, DPV_SCALE_LOG, "α");
      dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, "D");
      dpv_plot_set_x_ticks (p, ticks, n);
      dpv_plot_draw_frame (p);
      nx = dpv_plot_get_text_rects (p, DPV_TEXT_X_TICK, rx, G_N_ELEMENTS (rx));
      if (width == 900)
        g_assert_cmpuint (nx, ==, G_N_ELEMENTS (values));
      else
        g_assert_cmpuint (nx, <, G_N_ELEMENTS (values));
      g_assert_cmpuint (nx, >=, 2);
      for (gsize i = 0; i < nx; i++)
        {
          double centre = rx[i].x + rx[i].width / 2;
          gboolean on_tick = FALSE;

          for (gsize j = 0; j < G_N_ELEMENTS (values); j++)
            on_tick |= fabs (centre - dpv_plot_x_to_user (p, values[j])) < 1.0;
          g_assert_true (on_tick);
          for (gsize j = 0; j < i; j++)
            g_assert_false (rects_overlap (&rx[i], &rx[j]));
        }
      dpv_plot_free (p);
      canvas_clear (&c);
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

/* random panels, ranges, scales and data (seeded by g_test, reproducible with --seed):
 * no cairo error, no warning, tick labels inside the panel and never overlapping */
static double
random_value (void)
{
  switch (g_test_rand_int_range (0, 10))
    {
    case 0:
      return NAN;
    case 1:
      return g_test_rand_bit () ? INFINITY : -INFINITY;
    case 2:
      return 0;
    case 3:
      return g_test_rand_double_range (-1e300, 1e300);
    default:
      return g_test_rand_double_range (-1, 1) * pow (10, g_test_rand_int_range (-15, 16));
    }
}

static void
test_random (void)
{
  for (int iter = 0; iter < 120; iter++)
    {
      Canvas c;
      DpvPlot *p;
      int w = g_test_rand_int_range (20, 1400), h = g_test_rand_int_range (20, 900);
      double scale = (double[]) { 1, 1.25, 2 }[g_test_rand_int_range (0, 3)];
      double x[50], y[50], y2[50];
      DpvScale xs = g_test_rand_bit () ? DPV_SCALE_LOG : DPV_SCALE_LINEAR;
      DpvScale ys = g_test_rand_bit () ? DPV_SCALE_LOG : DPV_SCALE_LINEAR;
      cairo_rectangle_t r[128];
      gsize n;

      canvas_init (&c, w, h, scale, (DpvTheme) g_test_rand_int_range (0, DPV_N_THEMES));
      c.style.text_scale = g_test_rand_double_range (0.5, 2.5);
      c.style.pixel_snap = g_test_rand_bit ();
      p = dpv_plot_new (c.cr, &c.style, 0, 0, w, h);
      if (g_test_rand_bit ())
        dpv_plot_set_title (p, "随机 random <i>ε</i> = 10<sup>−3</sup>");
      dpv_plot_set_x_axis (p, random_value (), random_value (), xs,
                           g_test_rand_bit () ? "x 轴 ε" : NULL);
      dpv_plot_set_y_axis (p, random_value (), random_value (), ys,
                           g_test_rand_bit () ? "δ(ε′)" : NULL);
      if (g_test_rand_bit ())
        dpv_plot_set_y2_axis (p, random_value (), random_value (),
                              g_test_rand_bit () ? DPV_SCALE_LOG : DPV_SCALE_LINEAR, "y2");
      dpv_plot_set_x_tick_labels (p, g_test_rand_int_range (0, 4) != 0);
      dpv_plot_draw_frame (p);
      for (int i = 0; i < 50; i++)
        {
          x[i] = random_value ();
          y[i] = random_value ();
          y2[i] = random_value ();
        }
      dpv_plot_line (p, x, y, 50, &c.style.roles[0], 2, (DpvDash) g_test_rand_int_range (0, 4),
                     "a");
      dpv_plot_fill_between (p, x, y, y2, 50, &c.style.roles[1], 0.3, "b");
      dpv_plot_bars (p, x, y, 50, random_value (), &c.style.roles[2], 0.5, "c");
      dpv_plot_markers (p, x, y2, 50, &c.style.roles[3], 3, "d");
      dpv_plot_line_y2 (p, x, y2, 50, &c.style.roles[4], 1, DPV_DASH_DOTTED, NULL);
      dpv_plot_shade_x_range (p, random_value (), random_value (), NULL, 0.2, "e");
      dpv_plot_shade_y_range (p, random_value (), random_value (), NULL, 0.2);
      dpv_plot_vline (p, random_value (), NULL, DPV_DASH_DASHED, "v");
      dpv_plot_hline (p, random_value (), NULL, DPV_DASH_DASHED, "h");
      dpv_plot_annotate (p, random_value (), random_value (), "note",
                         (DpvAnchor) g_test_rand_int_range (0, 9), NULL);
      dpv_plot_legend (p);
      g_assert_cmpint (cairo_status (c.cr), ==, CAIRO_STATUS_SUCCESS);

      for (int kind = DPV_TEXT_X_TICK; kind <= DPV_TEXT_Y2_TICK; kind++)
        {
          n = dpv_plot_get_text_rects (p, (DpvTextKind) kind, r, G_N_ELEMENTS (r));
          for (gsize i = 0; i < MIN (n, G_N_ELEMENTS (r)); i++)
            {
              g_assert_true (isfinite (r[i].x) && isfinite (r[i].y));
              g_assert_cmpfloat (r[i].x, >=, -0.01);
              g_assert_cmpfloat (r[i].x + r[i].width, <=, w + 0.01);
              for (gsize j = 0; j < i; j++)
                g_assert_false (rects_overlap (&r[i], &r[j]));
            }
        }
      {
        double dx, dy, dw, dh;
        dpv_plot_get_data_area (p, &dx, &dy, &dw, &dh);
        g_assert_true (isfinite (dx) && isfinite (dy) && dw > 0 && dh > 0);
        g_assert_true (isfinite (dpv_plot_x_to_user (p, 1)));
      }
      dpv_plot_free (p);
      canvas_clear (&c);
    }
}

/* a series drawn in pieces has one legend entry; a different series has its own */
static double
legend_height (int n_pieces, gboolean other)
{
  Canvas c;
  DpvPlot *p;
  double x[] = { 0, 0.5 }, y[] = { 0.2, 0.3 };
  cairo_rectangle_t leg;

  canvas_init (&c, 600, 400, 1, DPV_THEME_LIGHT);
  p = dpv_plot_new (c.cr, &c.style, 0, 0, 600, 400);
  dpv_plot_set_x_axis (p, 0, 1, DPV_SCALE_LINEAR, NULL);
  dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, NULL);
  dpv_plot_draw_frame (p);
  for (int i = 0; i < n_pieces; i++)
    dpv_plot_line (p, x, y, 2, &c.style.roles[DPV_ROLE_D], 2, DPV_DASH_SOLID, "<i>D</i>");
  if (other)
    dpv_plot_line (p, x, y, 2, &c.style.roles[DPV_ROLE_D_PRIME], 2, DPV_DASH_SOLID, "<i>D</i>");
  dpv_plot_legend (p);
  g_assert_cmpuint (dpv_plot_get_text_rects (p, DPV_TEXT_LEGEND, &leg, 1), ==, 1);
  dpv_plot_free (p);
  canvas_clear (&c);
  return leg.height;
}

static void
test_legend_dedup (void)
{
  double one = legend_height (1, FALSE);

  g_assert_cmpfloat_with_epsilon (legend_height (3, FALSE), one, 1e-9);
  g_assert_cmpfloat (legend_height (1, TRUE), >, one * 1.5);
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
  g_test_add_func ("/plot/render/line", test_render_line);
  g_test_add_func ("/plot/render/dense", test_render_dense);
  g_test_add_func ("/plot/render/breaks-and-clip", test_render_breaks_and_clip);
  g_test_add_func ("/plot/render/fill-between", test_render_fill_between);
  g_test_add_func ("/plot/render/fill-between-lined", test_render_fill_between_lined);
  g_test_add_func ("/plot/legend", test_legend_placement);
  g_test_add_func ("/plot/legend-below", test_legend_below);
  g_test_add_func ("/plot/fill-under-grid", test_fill_under_grid);
  g_test_add_func ("/plot/dashed-pieces", test_dashed_pieces);
  g_test_add_func ("/plot/dotted-stamps", test_dotted_stamps);
  g_test_add_func ("/plot/title-choices", test_title_choices);
  g_test_add_func ("/plot/align-bottom", test_align_bottom);
  g_test_add_func ("/plot/legend-below-limits", test_legend_below_limits);
  g_test_add_func ("/plot/annotations", test_annotations);
  g_test_add_func ("/plot/sizes-and-scales", test_sizes_and_scales);
  g_test_add_func ("/plot/degenerate", test_degenerate);
  g_test_add_func ("/plot/themes-differ", test_themes_differ);
  g_test_add_func ("/plot/text-helpers", test_text_helpers);
  g_test_add_func ("/plot/text-cache", test_text_cache);
  g_test_add_func ("/plot/align-x", test_align_x);
  g_test_add_func ("/plot/legend-small", test_legend_small);
  g_test_add_func ("/plot/pixel-snap", test_pixel_snap);
  g_test_add_func ("/plot/corner-labels", test_corner_labels);
  g_test_add_func ("/plot/custom-ticks", test_custom_ticks);
  g_test_add_func ("/plot/vector-exact", test_vector_exact);
  g_test_add_func ("/plot/random", test_random);
  g_test_add_func ("/plot/legend-dedup", test_legend_dedup);
  return g_test_run ();
}
