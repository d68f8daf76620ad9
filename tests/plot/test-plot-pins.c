/* test-plot-pins.c — pins: earlier series drawn faded in the matching panel only
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The pins' series are made by hand (not recorded by the code under test); the colour a pin
 * must have is its colour moved 60 % of the way to the plot background, computed here.
 */
#include "config.h"

#include <math.h>

#include "canvas.h"
#include "dpv-plot.h"

#define W 400
#define H 300
#define SCALE 4.0   /* device pixels a unit: a thin pin line covers whole pixels */

static const DpvColor RED = { 0.9, 0.1, 0.1, 1.0 };

/* A horizontal line at y = @level over x ∈ [0, 1], as if drawn in panel @ordinal titled
 * @title with axis titles "x" and @y_title. */
static DpvSeriesRecord *
flat_record_y (guint ordinal, const char *title, const char *y_title, double level)
{
  DpvSeriesRecord *r = g_new0 (DpvSeriesRecord, 1);
  double xs[] = { 0.0, 0.5, 1.0 };
  double ys[] = { level, level, level };

  r->kind = DPV_SERIES_LINE;
  r->ordinal = ordinal;
  r->panel_title = g_strdup (title);
  r->x_title = g_strdup ("x");
  r->y_title = g_strdup (y_title);
  r->color = RED;
  r->x = g_array_new (FALSE, FALSE, sizeof (double));
  r->y = g_array_new (FALSE, FALSE, sizeof (double));
  g_array_append_vals (r->x, xs, 3);
  g_array_append_vals (r->y, ys, 3);
  return r;
}

static DpvSeriesRecord *
flat_record (guint ordinal, const char *title, double level)
{
  return flat_record_y (ordinal, title, "y", level);
}

static DpvPins *
pins_of (DpvSeriesRecord *r)
{
  g_autoptr(GPtrArray) series =
    g_ptr_array_new_with_free_func ((GDestroyNotify) dpv_series_record_free);

  g_ptr_array_add (series, r);
  return dpv_pins_append (NULL, "Pinned: ε = 1", series, 3);
}

static DpvPlot *
panel_y (Canvas *c, const DpvStyle *style, const char *title, const char *y_title, double y,
         double h)
{
  DpvPlot *p = dpv_plot_new (c->cr, style, 0, y, W, h);

  dpv_plot_set_title (p, title);
  dpv_plot_set_x_axis (p, 0, 1, DPV_SCALE_LINEAR, "x");
  dpv_plot_set_y_axis (p, 0, 1, DPV_SCALE_LINEAR, y_title);
  dpv_plot_draw_frame (p);
  return p;
}

static DpvPlot *
panel (Canvas *c, const DpvStyle *style, const char *title, double y, double h)
{
  return panel_y (c, style, title, "y", y, h);
}

/* The expected pin colour: RED 60 % of the way to the plot background. */
static DpvColor
faded_red (const DpvStyle *style)
{
  return over (&RED, 1.0 - DPV_PIN_FADE, &style->plot_background);
}

/* Pixels within ±3 units of the row at user y @uy, x from @x0 to @x1, of colour @col. */
static guint
count_near_row (Canvas *c, double x0, double x1, double uy, const DpvColor *col, double tol)
{
  guint n = 0;

  for (double ux = x0; ux < x1; ux += 1.0 / SCALE)
    for (double dy = -3; dy <= 3; dy += 1.0 / SCALE)
      {
        double rgb[3];

        pixel (c, ux, uy + dy, rgb);
        n += near_color (rgb, col, tol);
      }
  return n;
}

static void
test_drawn_faded (void)
{
  Canvas c;
  g_autoptr(DpvPins) pins = pins_of (flat_record (0, "A", 0.75));
  DpvStyle style;
  DpvColor want;
  double ux0, ux1, uy, rgb[3];
  guint hits, full;

  canvas_init (&c, W, H, SCALE, DPV_THEME_LIGHT);
  style = c.style;
  style.plot_options.pins = pins;
  want = faded_red (&style);
  /* the faded colour lies between the background and the series colour */
  g_assert_false (near_color ((double[]) { RED.r, RED.g, RED.b }, &want, 0.2));
  dpv_plot_begin_figure (c.cr);
  {
    g_autoptr(DpvPlot) p = panel (&c, &style, "A", 0, H);

    ux0 = dpv_plot_x_to_user (p, 0.2);
    ux1 = dpv_plot_x_to_user (p, 0.8);
    uy = dpv_plot_y_to_user (p, 0.75);
    hits = count_near_row (&c, ux0, ux1, uy, &want, 0.03);
    full = count_near_row (&c, ux0, ux1, uy, &RED, 0.15);
    /* nothing at y = 0.25, where no curve runs */
    pixel (&c, (ux0 + ux1) / 2, dpv_plot_y_to_user (p, 0.25), rgb);
    g_assert_true (near_color (rgb, &style.plot_background, 0.02));
    /* the key joins the legend */
    dpv_plot_legend (p);
    g_assert_cmpuint (dpv_plot_get_text_rects (p, DPV_TEXT_LEGEND, NULL, 0), ==, 1);
  }
  g_assert_cmpuint (hits, >, 20);
  g_assert_cmpuint (full, ==, 0);
  canvas_clear (&c);
}

/* Pin 1 is dotted: along its row there are gaps of background between the dots. */
static void
test_dotted_in_grayscale (void)
{
  Canvas c;
  g_autoptr(DpvPins) pins = pins_of (flat_record (0, "A", 0.5));
  DpvStyle style;
  guint gaps = 0, dots = 0;

  canvas_init (&c, W, H, SCALE, DPV_THEME_PRINT);
  dpv_style_set_grayscale (&c.style);
  style = c.style;
  style.plot_options.pins = pins;
  g_assert_cmpint (dpv_pins_dash (0), ==, DPV_DASH_DOTTED);
  dpv_plot_begin_figure (c.cr);
  {
    g_autoptr(DpvPlot) p = panel (&c, &style, "A", 0, H);
    double uy = dpv_plot_y_to_user (p, 0.5);

    for (double ux = dpv_plot_x_to_user (p, 0.3); ux < dpv_plot_x_to_user (p, 0.7);
         ux += 1.0 / SCALE)
      {
        double rgb[3];

        pixel (&c, ux, uy, rgb);
        if (near_color (rgb, &style.plot_background, 0.02))
          gaps++;
        else
          dots++;
      }
  }
  g_assert_cmpuint (gaps, >, 10);
  g_assert_cmpuint (dots, >, 10);
  canvas_clear (&c);
}

/* A pin recorded in a panel of another number in the figure, or with other axis titles (or,
 * where the axes have none, another title) is not drawn there; the second panel of the figure
 * draws a pin of panel 1. */
static void
test_matching (void)
{
  struct { guint ordinal; const char *title; gboolean top, bottom; } cases[] = {
    { 0, "A", TRUE, FALSE },
    { 0, "B", TRUE, FALSE },     /* titled axes: the panel's title is not compared */
    { 1, "A", FALSE, TRUE },
    { 2, "A", FALSE, FALSE },
  };
  /* y titles (and panel titles, over untitled axes) that differ in their numbers only match:
   * they follow the parameters */
  struct { const char *recorded, *drawn; const char *y_title; gboolean match; } titles[] = {
    { "total ε at δ = 1.000×10⁻⁵", "total ε at δ = 2.5×10⁻⁶", "y", TRUE },
    { "ε = 1", "ε = −0.5", "y", TRUE },
    { "density", "loss", "y", FALSE },
    { "k = 100: basic 30.00", "k = 100: basic 24.89", NULL, TRUE },
    { "k = 100: basic 30.00", "k = 100: advanced 30.00", NULL, FALSE },
  };

  for (gsize k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      Canvas c;
      g_autoptr(DpvPins) pins = pins_of (flat_record (cases[k].ordinal, cases[k].title, 0.5));
      DpvStyle style;
      DpvColor want;
      guint top, bottom;

      canvas_init (&c, W, H, SCALE, DPV_THEME_DARK);
      style = c.style;
      style.plot_options.pins = pins;
      want = faded_red (&style);
      dpv_plot_begin_figure (c.cr);
      {
        g_autoptr(DpvPlot) a = panel (&c, &style, "A", 0, H / 2.0);
        g_autoptr(DpvPlot) b = panel (&c, &style, "A", H / 2.0, H / 2.0);

        top = count_near_row (&c, dpv_plot_x_to_user (a, 0.2), dpv_plot_x_to_user (a, 0.8),
                              dpv_plot_y_to_user (a, 0.5), &want, 0.03);
        bottom = count_near_row (&c, dpv_plot_x_to_user (b, 0.2), dpv_plot_x_to_user (b, 0.8),
                                 dpv_plot_y_to_user (b, 0.5), &want, 0.03);
      }
      g_assert_cmpint (top > 0, ==, cases[k].top);
      g_assert_cmpint (bottom > 0, ==, cases[k].bottom);
      canvas_clear (&c);
    }
  for (gsize k = 0; k < G_N_ELEMENTS (titles); k++)
    {
      Canvas c;
      /* a y title as given (a panel title then "A"), or an untitled y axis and this title */
      gboolean by_axis = titles[k].y_title != NULL;
      g_autoptr(DpvPins) pins =
        pins_of (flat_record_y (0, by_axis ? "A" : titles[k].recorded,
                                by_axis ? titles[k].recorded : NULL, 0.5));
      DpvStyle style;
      DpvColor want;
      guint hits;

      canvas_init (&c, W, H, SCALE, DPV_THEME_LIGHT);
      style = c.style;
      style.plot_options.pins = pins;
      want = faded_red (&style);
      dpv_plot_begin_figure (c.cr);
      {
        g_autoptr(DpvPlot) a = panel_y (&c, &style, by_axis ? "A" : titles[k].drawn,
                                        by_axis ? titles[k].drawn : NULL, 0, H);

        hits = count_near_row (&c, dpv_plot_x_to_user (a, 0.2), dpv_plot_x_to_user (a, 0.8),
                               dpv_plot_y_to_user (a, 0.5), &want, 0.03);
      }
      g_assert_cmpint (hits > 0, ==, titles[k].match);
      canvas_clear (&c);
    }
}

/* Pins change neither the axes nor the data area, even when their values lie far outside the
 * range; outside the range nothing is drawn (clipped). */
static void
test_axes_unchanged (void)
{
  double with[6], without[6];

  for (int pass = 0; pass < 2; pass++)
    {
      Canvas c;
      g_autoptr(DpvPins) pins = pins_of (flat_record (0, "A", 5.0));
      DpvStyle style;
      double *out = pass == 0 ? with : without;

      canvas_init (&c, W, H, SCALE, DPV_THEME_LIGHT);
      style = c.style;
      style.plot_options.pins = pass == 0 ? pins : NULL;
      dpv_plot_begin_figure (c.cr);
      {
        g_autoptr(DpvPlot) p = panel (&c, &style, "A", 0, H);
        double rgb[3];

        dpv_plot_get_data_area (p, &out[0], &out[1], &out[2], &out[3]);
        out[4] = dpv_plot_y_to_user (p, 0.5);
        out[5] = dpv_plot_x_to_user (p, 0.5);
        /* the top of the data area, where a pin at 5 would land if it were not clipped */
        pixel (&c, out[5], out[1] + 2, rgb);
        g_assert_true (near_color (rgb, &style.plot_background, 0.02)
                       || pass == 1);
      }
      canvas_clear (&c);
    }
  for (int i = 0; i < 6; i++)
    g_assert_cmpfloat (with[i], ==, without[i]);
}

/* More than max pins: the oldest are left out, in order. */
static void
test_append_max (void)
{
  g_autoptr(GPtrArray) series =
    g_ptr_array_new_with_free_func ((GDestroyNotify) dpv_series_record_free);
  DpvPins *pins = NULL;

  for (int i = 1; i <= 5; i++)
    {
      g_autofree char *label = g_strdup_printf ("pin %d", i);
      DpvPins *next = dpv_pins_append (pins, label, series, 3);

      dpv_pins_unref (pins);
      pins = next;
    }
  g_assert_cmpuint (dpv_pins_get_n (pins), ==, 3);
  g_assert_cmpstr (dpv_pins_get_label (pins, 0), ==, "pin 3");
  g_assert_cmpstr (dpv_pins_get_label (pins, 2), ==, "pin 5");
  g_assert_cmpuint (dpv_pins_get_n (NULL), ==, 0);
  dpv_pins_unref (pins);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plot/pins/drawn-faded", test_drawn_faded);
  g_test_add_func ("/plot/pins/dotted-in-grayscale", test_dotted_in_grayscale);
  g_test_add_func ("/plot/pins/matching", test_matching);
  g_test_add_func ("/plot/pins/axes-unchanged", test_axes_unchanged);
  g_test_add_func ("/plot/pins/append-max", test_append_max);
  return g_test_run ();
}
