/* test-drag.c — quantities set by dragging on a figure (dpv-drag.h), and progress reports
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Panels are drawn on an image surface with a drag log attached; the areas they declare are
 * checked against the data area and the axis maps the plot itself reports, under a
 * transformation of the context, and the values a pointer gets against linear interpolation
 * worked out here.
 */
#include "config.h"

#include <math.h>

#include "dpv-drag.h"
#include "dpv-progress.h"

static void
setup_linear (DpvPlot *plot)
{
  dpv_plot_set_x_axis (plot, 0.0, 10.0, DPV_SCALE_LINEAR, "x");
  dpv_plot_set_y_axis (plot, 0.0, 1.0, DPV_SCALE_LINEAR, "y");
  dpv_plot_layout (plot);
}

/* Nothing is recorded without a log; with one, an area over the data area whose table maps
 * pointer x to the interpolated value, with the end values beyond the ends. */
static void
test_across (void)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 400, 300);
  cairo_t *cr = cairo_create (s);
  g_autoptr(GPtrArray) log = g_ptr_array_new_with_free_func ((GDestroyNotify) dpv_drag_area_free);
  DpvStyle style;
  DpvPlot *plot;
  const double xs[3] = { 2.0, 4.0, 8.0 }, vals[3] = { 1.0, 0.5, 0.0 };
  const DpvDragArea *a;
  double dx, dy, dw, dh;

  dpv_style_init (&style, DPV_THEME_LIGHT);
  plot = dpv_plot_new (cr, &style, 0, 0, 400, 300);
  setup_linear (plot);
  dpv_drag_across (cr, plot, 7, xs, vals, 3);
  g_assert_cmpuint (log->len, ==, 0);

  dpv_drag_log_attach (cr, log);
  dpv_drag_across (cr, plot, 7, xs, vals, 3);
  g_assert_cmpuint (log->len, ==, 1);
  a = g_ptr_array_index (log, 0);
  g_assert_cmpint (a->id, ==, 7);
  g_assert_cmpint (a->kind, ==, DPV_DRAG_ACROSS);
  dpv_plot_get_data_area (plot, &dx, &dy, &dw, &dh);
  g_assert_cmpfloat_with_epsilon (a->x, dx, 1e-9);
  g_assert_cmpfloat_with_epsilon (a->y, dy, 1e-9);
  g_assert_cmpfloat_with_epsilon (a->width, dw, 1e-9);
  g_assert_cmpfloat_with_epsilon (a->height, dh, 1e-9);
  /* data x = 3 is halfway between 2 and 4: value 0.75; x = 6 halfway to 8: 0.25 */
  g_assert_cmpfloat_with_epsilon (dpv_drag_area_value (a, dx + dw * 0.3, dy), 0.75, 1e-9);
  g_assert_cmpfloat_with_epsilon (dpv_drag_area_value (a, dx + dw * 0.6, dy + 5), 0.25, 1e-9);
  g_assert_cmpfloat (dpv_drag_area_value (a, dx, dy), ==, 1.0);
  g_assert_cmpfloat (dpv_drag_area_value (a, dx + dw * 0.95, dy), ==, 0.0);
  g_assert_true (dpv_drag_log_find (log, dx + 1, dy + 1) == a);
  g_assert_null (dpv_drag_log_find (log, dx - 1, dy + 1));

  dpv_drag_log_detach (cr);
  dpv_drag_across (cr, plot, 7, xs, vals, 3);
  g_assert_cmpuint (log->len, ==, 1);
  dpv_plot_free (plot);
  cairo_destroy (cr);
  cairo_surface_destroy (s);
}

/* A table that falls from left to right (a threshold's α) maps the same way. */
static void
test_across_decreasing (void)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 400, 300);
  cairo_t *cr = cairo_create (s);
  g_autoptr(GPtrArray) log = g_ptr_array_new_with_free_func ((GDestroyNotify) dpv_drag_area_free);
  DpvStyle style;
  DpvPlot *plot;
  const double xs[3] = { 8.0, 4.0, 2.0 }, vals[3] = { 0.0, 0.5, 1.0 };
  const DpvDragArea *a;
  double dx, dw;

  dpv_style_init (&style, DPV_THEME_LIGHT);
  plot = dpv_plot_new (cr, &style, 0, 0, 400, 300);
  setup_linear (plot);
  dpv_drag_log_attach (cr, log);
  dpv_drag_across (cr, plot, 1, xs, vals, 3);
  a = g_ptr_array_index (log, 0);
  dpv_plot_get_data_area (plot, &dx, NULL, &dw, NULL);
  g_assert_cmpfloat_with_epsilon (dpv_drag_area_value (a, dx + dw * 0.3, 0), 0.75, 1e-9);
  g_assert_cmpfloat (dpv_drag_area_value (a, dx + dw, 0), ==, 0.0);
  g_assert_cmpfloat (dpv_drag_area_value (a, dx, 0), ==, 1.0);
  dpv_plot_free (plot);
  cairo_destroy (cr);
  cairo_surface_destroy (s);
}

/* Along a curve: the value of the nearest point, interpolated along its segment; a point
 * outside the data area breaks the curve; coordinates are those at attach time although the
 * panel is drawn under a translation and a scale. */
static void
test_along (void)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 800, 600);
  cairo_t *cr = cairo_create (s);
  g_autoptr(GPtrArray) log = g_ptr_array_new_with_free_func ((GDestroyNotify) dpv_drag_area_free);
  DpvStyle style;
  DpvPlot *plot;
  /* a line y = 0.1·x from x = 0 to 5, a point beyond the y range, then on to x = 10 */
  const double xs[5] = { 0.0, 5.0, 6.0, 8.0, 10.0 };
  const double ys[5] = { 0.0, 0.5, 7.0, 0.8, 1.0 };
  const double vals[5] = { 0.0, 50.0, 60.0, 80.0, 100.0 };
  const DpvDragArea *a;
  double ux, uy, dx, dy, dw, dh;

  dpv_style_init (&style, DPV_THEME_LIGHT);
  dpv_drag_log_attach (cr, log);
  cairo_translate (cr, 100, 50);
  cairo_scale (cr, 2, 2);
  plot = dpv_plot_new (cr, &style, 0, 0, 300, 250);
  setup_linear (plot);
  dpv_drag_along (cr, plot, 3, xs, ys, vals, 5);
  g_assert_cmpuint (log->len, ==, 1);
  a = g_ptr_array_index (log, 0);
  g_assert_cmpint (a->kind, ==, DPV_DRAG_ALONG);
  dpv_plot_get_data_area (plot, &dx, &dy, &dw, &dh);
  g_assert_cmpfloat_with_epsilon (a->x, 100 + 2 * dx, 1e-9);
  g_assert_cmpfloat_with_epsilon (a->y, 50 + 2 * dy, 1e-9);
  g_assert_cmpfloat_with_epsilon (a->width, 2 * dw, 1e-9);
  g_assert_cmpfloat_with_epsilon (a->height, 2 * dh, 1e-9);

  /* on the first segment at x = 2.5 (y = 0.25): value 25 */
  ux = 100 + 2 * dpv_plot_x_to_user (plot, 2.5);
  uy = 50 + 2 * dpv_plot_y_to_user (plot, 0.25);
  g_assert_cmpfloat_with_epsilon (dpv_drag_area_value (a, ux, uy), 25.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (dpv_drag_area_distance (a, ux, uy), 0.0, 1e-6);
  /* between (5, 0.5) and (8, 0.8) the curve is broken (the point at y = 7 is outside): the
   * pointer at (6.5, 0.65) is nearest to an end, (5, 0.5) or (8, 0.8), never in between */
  ux = 100 + 2 * dpv_plot_x_to_user (plot, 6.5);
  uy = 50 + 2 * dpv_plot_y_to_user (plot, 0.65);
  {
    double v = dpv_drag_area_value (a, ux, uy);

    g_assert_true (v == 50.0 || v == 80.0);
    g_assert_cmpfloat (dpv_drag_area_distance (a, ux, uy), >, 1.0);
  }
  /* on the last segment, three quarters of the way: 95 */
  ux = 100 + 2 * dpv_plot_x_to_user (plot, 9.5);
  uy = 50 + 2 * dpv_plot_y_to_user (plot, 0.95);
  g_assert_cmpfloat_with_epsilon (dpv_drag_area_value (a, ux, uy), 95.0, 1e-6);
  dpv_plot_free (plot);
  cairo_destroy (cr);
  cairo_surface_destroy (s);
}

/* The area declared last wins, except that of curves over the same panel the nearest wins. */
static void
test_find (void)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 800, 600);
  cairo_t *cr = cairo_create (s);
  g_autoptr(GPtrArray) log = g_ptr_array_new_with_free_func ((GDestroyNotify) dpv_drag_area_free);
  DpvStyle style;
  DpvPlot *main_plot, *inset;
  const double xs[2] = { 0.0, 10.0 }, low[2] = { 0.1, 0.1 }, high[2] = { 0.9, 0.9 };
  const double v1[2] = { 1.0, 1.0 }, v2[2] = { 2.0, 2.0 };
  const DpvDragArea *a;
  double ix, iy, iw, ih;

  dpv_style_init (&style, DPV_THEME_LIGHT);
  dpv_drag_log_attach (cr, log);
  main_plot = dpv_plot_new (cr, &style, 0, 0, 800, 600);
  setup_linear (main_plot);
  dpv_drag_along (cr, main_plot, 1, xs, low, v1, 2);
  dpv_drag_along (cr, main_plot, 2, xs, high, v2, 2);
  inset = dpv_plot_new (cr, &style, 500, 20, 280, 200);
  setup_linear (inset);
  dpv_drag_across (cr, inset, 3, xs, v1, 2);

  a = dpv_drag_log_find (log, dpv_plot_x_to_user (main_plot, 2.0),
                         dpv_plot_y_to_user (main_plot, 0.2));
  g_assert_nonnull (a);
  g_assert_cmpint (a->id, ==, 1);
  a = dpv_drag_log_find (log, dpv_plot_x_to_user (main_plot, 2.0),
                         dpv_plot_y_to_user (main_plot, 0.8));
  g_assert_cmpint (a->id, ==, 2);
  dpv_plot_get_data_area (inset, &ix, &iy, &iw, &ih);
  a = dpv_drag_log_find (log, ix + iw / 2, iy + ih / 2);
  g_assert_cmpint (a->id, ==, 3);
  {
    g_autoptr(DpvDragArea) copy = dpv_drag_area_copy (a);

    g_assert_cmpuint (copy->n, ==, a->n);
    g_assert_cmpfloat (copy->ux[1], ==, a->ux[1]);
    g_assert_cmpfloat (copy->values[0], ==, a->values[0]);
  }
  dpv_plot_free (main_plot);
  dpv_plot_free (inset);
  cairo_destroy (cr);
  cairo_surface_destroy (s);
}

/* ---- progress -------------------------------------------------------------------------- */

static void
record (double fraction, gpointer data)
{
  g_array_append_val ((GArray *) data, fraction);
}

static void
test_progress (void)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  GArray *seen = g_array_new (FALSE, FALSE, sizeof (double));

  /* without a listener, or without a cancellable, a report goes nowhere */
  dpv_progress_report (NULL, 0.5);
  dpv_progress_report (cancellable, 0.5);
  dpv_progress_attach (cancellable, record, seen, (GDestroyNotify) g_array_unref);
  dpv_progress_report (cancellable, 0.25);
  dpv_progress_report (cancellable, NAN);
  dpv_progress_report (cancellable, 1.5);
  dpv_progress_report (cancellable, -2.0);
  g_assert_cmpuint (seen->len, ==, 3);
  g_assert_cmpfloat (g_array_index (seen, double, 0), ==, 0.25);
  g_assert_cmpfloat (g_array_index (seen, double, 1), ==, 1.0);
  g_assert_cmpfloat (g_array_index (seen, double, 2), ==, 0.0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/drag/across", test_across);
  g_test_add_func ("/drag/across-decreasing", test_across_decreasing);
  g_test_add_func ("/drag/along", test_along);
  g_test_add_func ("/drag/find", test_find);
  g_test_add_func ("/progress/report", test_progress);
  return g_test_run ();
}
