/* test-plot.c — a whole plot: annotations, any size and scale, degenerate input, themes, random scenes, options
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "canvas.h"
#include "dpv-plot.h"
#include "dpv-text.h"

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

/* Five notes about one point in a short panel at @text_scale; their boxes in @r (up to 8),
 * and the count. */
static gsize
crowded_notes (double text_scale, double panel_h, cairo_rectangle_t *r)
{
  static const char *const notes[] = { "first note", "second note", "third note",
                                       "fourth note", "fifth note" };
  Canvas c;
  DpvPlot *p;
  gsize n;

  canvas_init (&c, 420, panel_h, 1, DPV_THEME_LIGHT);
  c.style.text_scale = text_scale;
  p = dpv_plot_new (c.cr, &c.style, 0, 0, 420, panel_h);
  dpv_plot_set_x_axis (p, 0, 1, DPV_SCALE_LINEAR, NULL);
  dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, NULL);
  dpv_plot_draw_frame (p);
  for (guint i = 0; i < G_N_ELEMENTS (notes); i++)
    dpv_plot_annotate (p, 0.5, 0.5, notes[i], DPV_ANCHOR_CENTER, NULL);
  n = dpv_plot_get_text_rects (p, DPV_TEXT_ANNOTATION, r, 8);
  dpv_plot_free (p);
  canvas_clear (&c);
  return n;
}

/* With enlarged text, a note that finds no place clear of the earlier ones at its size comes
 * down towards its size at text scale 1, and no further: the five notes that overlap at
 * their size in a short panel stand apart, each at least as tall as at text scale 1. At text
 * scale 1 a note keeps its size. */
static void
test_annotations_shrink (void)
{
  cairo_rectangle_t big[8], one[8], plain[8];
  gsize n;
  gboolean shrunk = FALSE;

  /* the sizes, from a panel with room for all five */
  g_assert_cmpuint (crowded_notes (2.0, 1000, big), ==, 5);
  g_assert_cmpuint (crowded_notes (1.0, 1000, one), ==, 5);
  for (gsize i = 0; i < 5; i++)
    g_assert_cmpfloat (big[i].height, >, 1.8 * one[i].height);

  n = crowded_notes (2.0, 220, plain);
  g_assert_cmpuint (n, ==, 5);
  for (gsize i = 0; i < n; i++)
    {
      g_test_message ("note %" G_GSIZE_FORMAT ": %.1f × %.1f at %.1f, %.1f (alone %.1f high)",
                      i, plain[i].width, plain[i].height, plain[i].x, plain[i].y,
                      big[i].height);
      g_assert_cmpfloat (plain[i].height, <=, big[i].height + 0.01);
      g_assert_cmpfloat (plain[i].height, >=, one[i].height - 0.01);
      shrunk |= plain[i].height < big[i].height - 0.5;
      for (gsize j = 0; j < i; j++)
        g_assert_false (rects_overlap (&plain[i], &plain[j]));
    }
  /* the case in question: some note had to come down */
  g_assert_true (shrunk);

  n = crowded_notes (1.0, 85, plain);
  g_assert_cmpuint (n, ==, 5);
  for (gsize i = 0; i < n; i++)
    g_assert_cmpfloat_with_epsilon (plain[i].height, one[i].height, 0.01);
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

/* a note or a line's label wider than the data area stays inside the panel: centred on the
 * data area, then moved in, on both sides (a panel at the figure's left and right edge) */
static void
test_annotation_wider_than_data (void)
{
  const char *wide = "a note far wider than the data area, yes";

  for (int side = 0; side < 2; side++)
    {
      Canvas c;
      DpvPlot *p;
      cairo_rectangle_t r[2];
      double px = side == 0 ? 0 : 60, pw = 240, dx, dy, dw, dh;

      canvas_init (&c, 300, 200, 1, DPV_THEME_LIGHT);
      p = dpv_plot_new (c.cr, &c.style, px, 0, pw, 200);
      dpv_plot_set_x_axis (p, 0, 1, DPV_SCALE_LINEAR, "x");
      /* a long y title: the data area sits well off centre in the panel */
      dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, "a long title of the y axis");
      dpv_plot_draw_frame (p);
      dpv_plot_annotate (p, 0.9, 0.5, wide, DPV_ANCHOR_EAST, NULL);
      dpv_plot_vline (p, 0.95, NULL, DPV_DASH_DASHED, wide);
      g_assert_cmpuint (dpv_plot_get_text_rects (p, DPV_TEXT_ANNOTATION, r, 2), ==, 2);
      dpv_plot_get_data_area (p, &dx, &dy, &dw, &dh);
      g_test_message ("panel %.0f … %.0f, data area %.0f … %.0f, notes at %.0f, %.0f, %.0f wide",
                      px, px + pw, dx, dx + dw, r[0].x, r[1].x, r[0].width);
      for (int i = 0; i < 2; i++)
        {
          /* the case in question: wider than the data area, not than the panel */
          g_assert_cmpfloat (r[i].width, >, dw);
          g_assert_cmpfloat (r[i].width, <, pw);
          g_assert_cmpfloat (r[i].x, >=, px - 0.01);
          g_assert_cmpfloat (r[i].x + r[i].width, <=, px + pw + 0.01);
        }
      dpv_plot_free (p);
      canvas_clear (&c);
    }
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

/* A scene with a legend, two annotations and a labelled reference line, drawn at scale 2 with
 * @options; with @texts FALSE the legend and the labels are left out (the lines stay). The
 * rectangles of the legend and of the annotations go to @rects (legend first), when given. */
static cairo_surface_t *
options_scene (const DpvPlotOptions *options, gboolean texts, cairo_rectangle_t rects[4])
{
  double x[] = { 0, 0.3, 0.6, 1 }, y[] = { 0.1, 0.7, 0.4, 0.9 };
  cairo_surface_t *s;
  Canvas c;
  DpvPlot *p;

  canvas_init (&c, 400, 300, 2, DPV_THEME_LIGHT);
  if (options != NULL)
    c.style.plot_options = *options;
  p = dpv_plot_new (c.cr, &c.style, 0, 0, 400, 300);
  dpv_plot_set_x_axis (p, 0, 1, DPV_SCALE_LINEAR, "x");
  dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, "y");
  dpv_plot_draw_frame (p);
  dpv_plot_line (p, x, y, 4, &c.style.roles[DPV_ROLE_D], 2, DPV_DASH_SOLID,
                 texts ? "<i>D</i>" : NULL);
  dpv_plot_vline (p, 0.5, NULL, DPV_DASH_DASHED, texts ? "ε = 1" : NULL);
  if (texts)
    {
      dpv_plot_annotate (p, 0.3, 0.7, "peak", DPV_ANCHOR_NORTH, NULL);
      dpv_plot_annotate (p, 0.6, 0.4, "dip", DPV_ANCHOR_SOUTH, NULL);
      dpv_plot_legend (p);
    }
  if (rects != NULL)
    {
      g_assert_cmpuint (dpv_plot_get_text_rects (p, DPV_TEXT_LEGEND, rects, 1), ==, 1);
      g_assert_cmpuint (dpv_plot_get_text_rects (p, DPV_TEXT_ANNOTATION, rects + 1, 3), ==, 3);
    }
  dpv_plot_free (p);
  g_assert_cmpint (cairo_status (c.cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (c.cr);
  cairo_surface_flush (c.surface);
  s = c.surface;
  return s;
}

static gboolean
same_pixels (cairo_surface_t *a, cairo_surface_t *b)
{
  int h = cairo_image_surface_get_height (a), stride = cairo_image_surface_get_stride (a);

  return h == cairo_image_surface_get_height (b) && stride == cairo_image_surface_get_stride (b)
         && memcmp (cairo_image_surface_get_data (a), cairo_image_surface_get_data (b),
                    (gsize) h * stride) == 0;
}

/* Hidden legends and annotations are placed and recorded as if drawn, and nothing of them
 * is drawn: the pixels are those of the scene without them. The log receives each label
 * placed (the vline's label first, then the annotations) with its box in device units. */
static void
test_options (void)
{
  g_autoptr(GArray) log = g_array_new (FALSE, FALSE, sizeof (DpvPlacedText));
  DpvPlotOptions hidden = { .hide_legends = TRUE, .hide_annotations = TRUE, .placed_log = log };
  static const char *const texts[] = { "ε = 1", "peak", "dip" };
  cairo_rectangle_t shown_r[4], hidden_r[4];
  cairo_surface_t *shown, *bare, *none;

  shown = options_scene (NULL, TRUE, shown_r);
  bare = options_scene (&hidden, TRUE, hidden_r);
  none = options_scene (NULL, FALSE, NULL);
  g_assert_true (same_pixels (bare, none));
  g_assert_false (same_pixels (shown, none));
  for (int i = 0; i < 4; i++)
    {
      g_assert_cmpfloat (shown_r[i].x, ==, hidden_r[i].x);
      g_assert_cmpfloat (shown_r[i].y, ==, hidden_r[i].y);
      g_assert_cmpfloat (shown_r[i].width, ==, hidden_r[i].width);
      g_assert_cmpfloat (shown_r[i].height, ==, hidden_r[i].height);
    }
  g_assert_cmpuint (log->len, ==, 3);
  for (guint i = 0; i < log->len; i++)
    {
      DpvPlacedText *t = &g_array_index (log, DpvPlacedText, i);

      g_assert_cmpstr (t->text, ==, texts[i]);
      g_assert_cmpfloat_with_epsilon (t->x, 2 * hidden_r[i + 1].x, 1e-9);
      g_assert_cmpfloat_with_epsilon (t->y, 2 * hidden_r[i + 1].y, 1e-9);
      g_assert_cmpfloat_with_epsilon (t->w, 2 * hidden_r[i + 1].width, 1e-9);
      g_assert_cmpfloat_with_epsilon (t->h, 2 * hidden_r[i + 1].height, 1e-9);
      g_free (t->text);
    }
  cairo_surface_destroy (shown);
  cairo_surface_destroy (bare);
  cairo_surface_destroy (none);
}

typedef struct {
  const DpvPlotOptions *options;
  cairo_surface_t *expected;
  int mismatches;
} OptionsThread;

static gpointer
options_thread (gpointer data)
{
  OptionsThread *t = data;

  for (int i = 0; i < 30; i++)
    {
      cairo_surface_t *s = options_scene (t->options, TRUE, NULL);

      t->mismatches += !same_pixels (s, t->expected);
      cairo_surface_destroy (s);
    }
  return NULL;
}

/* Options belong to the render they are given to: two threads, one drawing with legends and
 * labels hidden and one without, each draw what they draw alone. */
static void
test_options_threads (void)
{
  g_autoptr(GArray) log = g_array_new (FALSE, FALSE, sizeof (DpvPlacedText));
  DpvPlotOptions hidden = { .hide_legends = TRUE, .hide_annotations = TRUE, .placed_log = log };
  OptionsThread t[2] = {
    { &hidden, options_scene (&hidden, TRUE, NULL), 0 },
    { NULL, options_scene (NULL, TRUE, NULL), 0 },
  };
  GThread *threads[2];

  for (int i = 0; i < 2; i++)
    threads[i] = g_thread_new ("options", options_thread, &t[i]);
  for (int i = 0; i < 2; i++)
    g_thread_join (threads[i]);
  for (int i = 0; i < 2; i++)
    {
      g_assert_cmpint (t[i].mismatches, ==, 0);
      cairo_surface_destroy (t[i].expected);
    }
  /* three labels a render: the reference and 30 renders of the hidden thread */
  g_assert_cmpuint (log->len, ==, 3 * 31);
  for (guint i = 0; i < log->len; i++)
    g_free (g_array_index (log, DpvPlacedText, i).text);
}

/* Ticks chosen by the caller (an axis of categories, the reported bit 0 or 1): exactly those
 * inside the range are labelled, centred on their values; n = 0 goes back to nice ticks
 * (−0.5 … 1.5 gets at least four). */
static void
test_fixed_x_ticks (void)
{
  static const double values[] = { 0.0, 1.0, 7.0 };   /* 7 lies outside the range */
  static const char *const labels[] = { "0", "1", "7" };
  Canvas c;
  DpvPlot *p;
  cairo_rectangle_t r[16];
  gsize n;

  canvas_init (&c, 800, 500, 1.0, DPV_THEME_LIGHT);
  p = dpv_plot_new (c.cr, &c.style, 0, 0, 800, 500);
  dpv_plot_set_x_axis (p, -0.5, 1.5, DPV_SCALE_LINEAR, "reported bit");
  dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, NULL);
  dpv_plot_set_x_ticks (p, values, labels, G_N_ELEMENTS (values));
  dpv_plot_layout (p);
  dpv_plot_draw_frame (p);
  n = dpv_plot_get_text_rects (p, DPV_TEXT_X_TICK, r, G_N_ELEMENTS (r));
  g_assert_cmpuint (n, ==, 2);
  for (gsize i = 0; i < n; i++)
    g_assert_cmpfloat_with_epsilon (r[i].x + r[i].width / 2, dpv_plot_x_to_user (p, values[i]),
                                    0.6);
  dpv_plot_free (p);

  p = dpv_plot_new (c.cr, &c.style, 0, 0, 800, 500);
  dpv_plot_set_x_axis (p, -0.5, 1.5, DPV_SCALE_LINEAR, "reported bit");
  dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, NULL);
  dpv_plot_set_x_ticks (p, values, labels, G_N_ELEMENTS (values));
  dpv_plot_set_x_ticks (p, NULL, NULL, 0);
  dpv_plot_layout (p);
  dpv_plot_draw_frame (p);
  g_assert_cmpuint (dpv_plot_get_text_rects (p, DPV_TEXT_X_TICK, NULL, 0), >=, 4);
  dpv_plot_free (p);
  canvas_clear (&c);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plot/annotations", test_annotations);
  g_test_add_func ("/plot/annotation-wider-than-data", test_annotation_wider_than_data);
  g_test_add_func ("/plot/annotations-shrink", test_annotations_shrink);
  g_test_add_func ("/plot/sizes-and-scales", test_sizes_and_scales);
  g_test_add_func ("/plot/degenerate", test_degenerate);
  g_test_add_func ("/plot/themes-differ", test_themes_differ);
  g_test_add_func ("/plot/random", test_random);
  g_test_add_func ("/plot/options", test_options);
  g_test_add_func ("/plot/options-threads", test_options_threads);
  g_test_add_func ("/plot/fixed-x-ticks", test_fixed_x_ticks);
  return g_test_run ();
}
