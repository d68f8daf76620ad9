/* test-pins.c — win.pin and win.clear-pins in a real window (run under Xvfb)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Pins are added, the fourth replaces the oldest, they belong to their view and survive
 * parameter and mechanism changes, clear-pins removes the view's own; exports and copies
 * carry them; every view draws them; a figure drawn with the
 * pins differs from the one without inside the data areas only, and nowhere when the pin is
 * the figure itself (its thinner curves then lie under the live ones).
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "dpv-figure.h"
#include "dpv-figure-data.h"
#include "dpviz-application.h"
#include "dpviz-export-dialog-private.h"
#include "dpviz-window.h"
#include "dpv-registry.h"
#include "dpviz-window-private.h"
#include "test-app-window.h"

static GtkApplication *app;

/* Sets ε and waits until the window's frame has it. */
static void
set_epsilon (DpvizWindow *window, double eps)
{
  DpvizModel *model = dpviz_window_get_model (window);
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  g_assert_true (dpviz_model_set_epsilon (model, eps, NULL));
  for (;;)
    {
      g_autoptr(DpvFrame) frame = _dpviz_window_current_frame (window);

      if (frame != NULL && dpv_frame_get_params (frame)->epsilon == eps
          && dpv_frame_get_result (frame) != NULL)
        break;
      g_assert_cmpint (g_get_monotonic_time (), <, end);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

static void
pin (DpvizWindow *window)
{
  g_action_group_activate_action (G_ACTION_GROUP (window), "pin", NULL);
}

static guint
n_pins (DpvizWindow *window, const char *view)
{
  return dpv_pins_get_n (dpviz_model_get_pins (dpviz_window_get_model (window),
                                               DPVIZ_VIEW (view)));
}

static void
test_pin_actions (void)
{
  DpvizWindow *window = dpviz_window_new (app);
  DpvizModel *model = dpviz_window_get_model (window);
  DpvizPlotView *plot = dpviz_window_get_plot_view (window, DPVIZ_VIEW ("densities"));
  guint draws;
  DpvPins *pins;
  g_autofree char *second = NULL;
  g_autofree char *said = NULL;

  gtk_window_present (GTK_WINDOW (window));
  dpviz_model_set_view (model, DPVIZ_VIEW ("densities"));
  g_assert_true (plot_drawn (plot, 0));
  g_assert_cmpuint (n_pins (window, "densities"), ==, 0);

  set_epsilon (window, 0.5);
  draws = dpviz_plot_view_get_n_draws (plot);
  pin (window);
  g_assert_cmpuint (n_pins (window, "densities"), ==, 1);
  pins = dpviz_model_get_pins (model, DPVIZ_VIEW ("densities"));
  /* labelled with the mechanism and ε of the pinned frame */
  g_assert_nonnull (strstr (dpv_pins_get_label (pins, 0), "ε = 0.5"));
  g_assert_nonnull (strstr (dpv_pins_get_label (pins, 0), "Laplace"));
  g_assert_cmpuint (dpv_pins_get_series (pins, 0)->len, >, 0);
  g_assert_true (plot_drawn (plot, draws));
  said = dpviz_plot_view_describe_pins (pins);
  g_assert_nonnull (strstr (said, "1 pinned reference: "));
  g_assert_nonnull (strstr (said, "ε = 0.5"));

  /* the pins survive parameter and mechanism changes */
  set_epsilon (window, 1.5);
  pin (window);
  second = g_strdup (dpv_pins_get_label (dpviz_model_get_pins (model, DPVIZ_VIEW ("densities")),
                                         1));
  g_assert_nonnull (strstr (second, "ε = 1.5"));
  dpviz_model_set_mechanism (model, DP_MECHANISM_GAUSSIAN);
  g_assert_cmpuint (n_pins (window, "densities"), ==, 2);
  set_epsilon (window, 2);
  pin (window);
  g_assert_cmpuint (n_pins (window, "densities"), ==, 3);
  g_assert_nonnull (strstr (dpv_pins_get_label (dpviz_model_get_pins (model,
                                                                      DPVIZ_VIEW ("densities")),
                                                2), "Gaussian"));
  /* the fourth replaces the oldest: the second is now the first */
  set_epsilon (window, 3);
  pin (window);
  pins = dpviz_model_get_pins (model, DPVIZ_VIEW ("densities"));
  g_assert_cmpuint (dpv_pins_get_n (pins), ==, 3);
  g_assert_cmpstr (dpv_pins_get_label (pins, 0), ==, second);
  g_assert_nonnull (strstr (dpv_pins_get_label (pins, 2), "ε = 3"));

  /* pins belong to their view */
  dpviz_model_set_view (model, DPVIZ_VIEW ("regions"));
  spin (0.05);
  g_assert_cmpuint (n_pins (window, "regions"), ==, 0);
  set_epsilon (window, 1);
  pin (window);
  g_assert_cmpuint (n_pins (window, "regions"), ==, 1);
  g_assert_cmpuint (n_pins (window, "densities"), ==, 3);

  /* clear-pins clears the current view's only */
  g_action_group_activate_action (G_ACTION_GROUP (window), "clear-pins", NULL);
  g_assert_cmpuint (n_pins (window, "regions"), ==, 0);
  g_assert_cmpuint (n_pins (window, "densities"), ==, 3);
  dpviz_model_set_view (model, DPVIZ_VIEW ("densities"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "clear-pins", NULL);
  g_assert_cmpuint (n_pins (window, "densities"), ==, 0);
  g_assert_null (dpviz_plot_view_describe_pins (NULL));

  gtk_window_close (GTK_WINDOW (window));
  spin (0.05);
}

/* The figure as PNG bytes' pixels: export with @pins, legends hidden (the key is a legend
 * entry, which moves the legend). */
static cairo_surface_t *
export_image (const DpvFrame *frame, const DpvPins *pins)
{
  g_autoptr(GError) error = NULL;
  cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 800, 500);
  DpvStyle style;

  dpv_style_init (&style, DPV_THEME_PRINT);
  style.plot_options.hide_legends = TRUE;
  style.plot_options.pins = pins;
  g_assert_cmpint (dpv_figure_render_image (frame, &style, image, 1.0, 800, 500), ==,
                   CAIRO_STATUS_SUCCESS);
  cairo_surface_flush (image);
  return image;
}

static guint
n_differing (cairo_surface_t *a, cairo_surface_t *b)
{
  const guint8 *da = cairo_image_surface_get_data (a), *db = cairo_image_surface_get_data (b);
  int stride = cairo_image_surface_get_stride (a);
  guint n = 0;

  for (int y = 0; y < 500; y++)
    for (int x = 0; x < 800; x++)
      n += memcmp (da + y * stride + 4 * x, db + y * stride + 4 * x, 4) != 0;
  return n;
}

/* Pixels that differ between @a and @b and have no strongly coloured pixel of @a (a curve
 * on the print theme's white: a channel below 0.65) within 2 pixels. */
static guint
away_from_curves (cairo_surface_t *a, cairo_surface_t *b)
{
  const guint8 *da = cairo_image_surface_get_data (a), *db = cairo_image_surface_get_data (b);
  int stride = cairo_image_surface_get_stride (a);
  guint n = 0;

  for (int y = 0; y < 500; y++)
    for (int x = 0; x < 800; x++)
      if (memcmp (da + y * stride + 4 * x, db + y * stride + 4 * x, 4) != 0)
        {
          gboolean near = FALSE;

          for (int yy = MAX (0, y - 2); yy <= MIN (499, y + 2) && !near; yy++)
            for (int xx = MAX (0, x - 2); xx <= MIN (799, x + 2) && !near; xx++)
              for (int c = 0; c < 3; c++)
                near |= da[yy * stride + 4 * xx + c] < 0.65 * 255;
          n += !near;
        }
  return n;
}

/* Pixels that differ in the left 40 columns or the bottom 30 rows. */
static guint
margin_differences (cairo_surface_t *a, cairo_surface_t *b)
{
  const guint8 *da = cairo_image_surface_get_data (a), *db = cairo_image_surface_get_data (b);
  int stride = cairo_image_surface_get_stride (a);
  guint n = 0;

  for (int y = 0; y < 500; y++)
    for (int x = 0; x < 800; x++)
      if ((x < 40 || y >= 470) && memcmp (da + y * stride + 4 * x, db + y * stride + 4 * x, 4))
        n++;
  return n;
}

static void
export_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (dpviz_export_write_finish (result, &error));
  g_assert_no_error (error);
  *(gboolean *) user_data = TRUE;
}

static void
test_export_includes_pins (void)
{
  DpvizWindow *window = dpviz_window_new (app);
  DpvizModel *model = dpviz_window_get_model (window);
  g_autoptr(DpvFrame) pinned = NULL;
  g_autoptr(DpvFrame) live = NULL;
  DpvPins *pins;
  cairo_surface_t *bare, *with, *self_pinned, *shifted_bare;
  guint n;

  gtk_window_present (GTK_WINDOW (window));
  dpviz_model_set_view (model, DPVIZ_VIEW ("densities"));
  set_epsilon (window, 1);
  pinned = _dpviz_window_current_frame (window);
  pin (window);
  pins = dpviz_model_get_pins (model, DPVIZ_VIEW ("densities"));
  g_assert_nonnull (pins);

  /* the pin of the figure itself lies under its own (wider) curves: only their antialiased
   * edges change */
  bare = export_image (pinned, NULL);
  self_pinned = export_image (pinned, pins);
  n = n_differing (bare, self_pinned);
  g_test_message ("self-pinned: %u pixels differ", n);

  g_assert_cmpuint (n, >, 0);
  g_assert_cmpuint (away_from_curves (bare, self_pinned), ==, 0);

  /* Δ = 1 → 2 at the same ε: the densities widen and the x range with them, so the pinned
   * curves run elsewhere and show; only inside the data areas (the pins change no tick,
   * title or margin: nothing in the left 40 and bottom 30 pixels, where the y and x tick
   * labels are) */
  g_assert_true (dpviz_model_set_sensitivity (model, 2, NULL));
  {
    gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

    while ((live = _dpviz_window_current_frame (window)) == NULL
           || dpv_frame_get_params (live)->sensitivity != 2)
      {
        g_clear_pointer (&live, dpv_frame_unref);
        g_assert_cmpint (g_get_monotonic_time (), <, end);
        g_main_context_iteration (NULL, FALSE);
      }
  }
  with = export_image (live, pins);
  shifted_bare = export_image (live, NULL);
  n = n_differing (shifted_bare, with);
  g_test_message ("Δ = 2 with the pin of Δ = 1: %u pixels differ", n);
  g_assert_cmpuint (n, >, 300);
  g_assert_cmpuint (margin_differences (shifted_bare, with), ==, 0);
  /* and away from the live curves, where the pinned ones run */
  n = away_from_curves (shifted_bare, with);
  g_test_message ("of those, %u away from the live curves", n);
  g_assert_cmpuint (n, >, 300);

  /* what three pins cost a 1920 × 1080 frame on screen (reported, not asserted) */
  {
    g_autoptr(DpvPins) three = dpv_pins_append (pins, "b", dpv_pins_get_series (pins, 0), 3);
    g_autoptr(DpvPins) full = dpv_pins_append (three, "c", dpv_pins_get_series (pins, 0), 3);
    cairo_surface_t *screen = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1920, 1080);
    double ms[2];

    for (int k = 0; k < 2; k++)
      {
        DpvStyle style;
        gint64 t0;

        dpv_style_init (&style, DPV_THEME_LIGHT);
        style.plot_options.pins = k == 1 ? full : NULL;
        t0 = g_get_monotonic_time ();
        for (int rep = 0; rep < 20; rep++)
          {
            cairo_t *cr = cairo_create (screen);

            dpv_figure_render (live, &style, cr, 1920, 1080);
            cairo_destroy (cr);
          }
        ms[k] = (g_get_monotonic_time () - t0) / 20.0 / 1000.0;
      }
    g_test_message ("densities at 1920 × 1080: %.2f ms a frame, %.2f ms with 3 pins", ms[0],
                    ms[1]);
    cairo_surface_destroy (screen);
  }

  /* the export dialog's writer draws the pins it is given */
  {
    g_autofree char *dir = g_dir_make_tmp ("dpviz-pins-XXXXXX", NULL);
    AdwToastOverlay *toasts = ADW_TOAST_OVERLAY (g_object_ref_sink (adw_toast_overlay_new ()));
    cairo_surface_t *files[2];

    for (int k = 0; k < 2; k++)
      {
        DpvizExportOptions options = { DPV_FORMAT_PNG, 800, 500, 1.0, DPV_THEME_PRINT, FALSE };
        g_autofree char *path = g_build_filename (dir, k == 0 ? "bare.png" : "pinned.png", NULL);
        g_autoptr(GFile) file = g_file_new_for_path (path);
        DpvParams params;
        gboolean done = FALSE;

        options.pins = k == 1 ? pins : NULL;
        dpviz_model_get_params (model, &params);
        dpviz_export_write_async (toasts, DPVIZ_VIEW ("densities"), &params, NULL, &options,
                                  file, NULL, export_done, &done);
        while (!done)
          g_main_context_iteration (NULL, TRUE);
        files[k] = cairo_image_surface_create_from_png (path);
        g_assert_cmpint (cairo_surface_status (files[k]), ==, CAIRO_STATUS_SUCCESS);
        g_assert_cmpint (cairo_image_surface_get_width (files[k]), ==, 800);
        g_unlink (path);
      }
    n = n_differing (files[0], files[1]);
    g_test_message ("exported PNG: %u pixels differ", n);
    g_assert_cmpuint (n, >, 300);
    cairo_surface_destroy (files[0]);
    cairo_surface_destroy (files[1]);
    g_rmdir (dir);
    g_object_unref (toasts);
  }

  cairo_surface_destroy (bare);
  cairo_surface_destroy (self_pinned);
  cairo_surface_destroy (with);
  cairo_surface_destroy (shifted_bare);
  gtk_window_close (GTK_WINDOW (window));
  spin (0.05);
}

/* win.copy-figure's image, as pixels (new, 4 bytes a pixel); its size in @width, @height. */
static guint8 *
copied_pixels (DpvizWindow *window, int *width, int *height)
{
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (window));
  GValue value = G_VALUE_INIT;
  GdkTexture *texture;
  guint8 *data;

  g_action_group_activate_action (G_ACTION_GROUP (window), "copy-figure", NULL);
  read_clipboard (clipboard, GDK_TYPE_TEXTURE, &value);
  texture = g_value_get_object (&value);
  *width = gdk_texture_get_width (texture);
  *height = gdk_texture_get_height (texture);
  data = g_malloc (4 * *width * *height);
  gdk_texture_download (texture, data, 4 * *width);
  g_value_unset (&value);
  return data;
}

/* The copied figure carries the pins shown. */
static void
test_copy_includes_pins (void)
{
  DpvizWindow *window = dpviz_window_new (app);
  DpvizModel *model = dpviz_window_get_model (window);
  g_autofree guint8 *with = NULL;
  g_autofree guint8 *without = NULL;
  int w1, h1, w2, h2;
  guint n = 0;

  gtk_window_present (GTK_WINDOW (window));
  dpviz_model_set_view (model, DPVIZ_VIEW ("densities"));
  set_epsilon (window, 1);
  pin (window);
  set_epsilon (window, 0.5);
  with = copied_pixels (window, &w1, &h1);
  g_action_group_activate_action (G_ACTION_GROUP (window), "clear-pins", NULL);
  without = copied_pixels (window, &w2, &h2);
  g_assert_cmpint (w1, ==, w2);
  g_assert_cmpint (h1, ==, h2);
  for (int i = 0; i < w1 * h1; i++)
    n += memcmp (with + 4 * i, without + 4 * i, 4) != 0;
  g_test_message ("copied figure: %u pixels differ with the pin", n);
  g_assert_cmpuint (n, >, 300);
  gtk_window_close (GTK_WINDOW (window));
  spin (0.05);
}

/* Every view draws its pins: a pin of the figure at ε = 1 (other parameters at their defaults)
 * changes the figure at ε = 0.5, legends hidden (so not by its key). */
static void
test_every_view (void)
{
  for (guint v = 0; v < dpv_registry_get_n_views (); v++)
    {
      const DpvViewClass *view = dpv_registry_get (v);
      g_autoptr(DpvFrame) at_one = NULL;
      g_autoptr(DpvFrame) at_half = NULL;
      g_autoptr(GPtrArray) series = NULL;
      g_autoptr(DpvPins) pins = NULL;
      g_autofree char *label = NULL;
      cairo_surface_t *bare, *with;
      DpvParams params;
      DpvStyle style;
      guint n;

      dpv_params_init (&params);
      at_one = dpv_frame_compute (view, &params, NULL, NULL, NULL);
      params.epsilon = 0.5;
      at_half = dpv_frame_compute (view, &params, NULL, NULL, NULL);
      g_assert_nonnull (dpv_frame_get_result (at_one));
      dpv_style_init (&style, DPV_THEME_PRINT);
      series = dpv_figure_series (at_one, &style, 800, 500, NULL);
      g_assert_nonnull (series);
      label = dpv_figure_pin_label (at_one);
      /* every label names at least one parameter, and ε with the value pinned (1, not the
       * 0.5 drawn over it) in every view that uses it */
      g_assert_nonnull (strchr (label, '='));
      if (dpv_view_class_uses (view, DPV_PARAM_EPSILON))
        g_assert_true (strstr (label, "ε = 1,") != NULL || g_str_has_suffix (label, "ε = 1"));
      pins = dpv_pins_append (NULL, label, series, 3);
      bare = export_image (at_half, NULL);
      with = export_image (at_half, pins);
      n = n_differing (bare, with);
      g_test_message ("%s (%s): %u series pinned, %u pixels differ", view->name, label,
                      series->len, n);
      if (dpv_view_class_uses (view, DPV_PARAM_EPSILON))
        g_assert_cmpuint (n, >, 0);
      cairo_surface_destroy (bare);
      cairo_surface_destroy (with);
    }
}

int
main (int argc, char **argv)
{
  int status;

  gtk_test_init (&argc, &argv, NULL);
  app = test_app_new ();

  g_test_add_func ("/pins/actions", test_pin_actions);
  g_test_add_func ("/pins/export-includes-pins", test_export_includes_pins);
  g_test_add_func ("/pins/copy-includes-pins", test_copy_includes_pins);
  g_test_add_func ("/pins/every-view", test_every_view);
  status = g_test_run ();
  g_object_unref (app);
  return status;
}
