/* test-render-image.c — banded rendering on all cores gives the pixels of one cairo_t
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The reference is the plain path: one cairo_t on the whole image surface, scaled, and
 * dpv_view_render(). dpv_view_render_image() must give the same bytes, whatever the band
 * boundaries (they move between renders as the split rebalances), the size, the scale, the
 * theme and the mechanism. A seam at a band edge, a dash pattern restarted in a band, or a
 * glyph cut at a band edge shows up as a differing byte.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dpv-view.h"

static cairo_surface_t *
render_plain (DpvViewKind view, const DpvParams *p, const DpvStyle *st, int pw, int ph,
              double scale, double w, double h)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pw, ph);
  cairo_t *cr = cairo_create (s);

  cairo_scale (cr, scale, scale);
  dpv_view_render (view, p, st, cr, w, h);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  return s;
}

/* Index of the first differing row, or -1. */
static int
first_differing_row (cairo_surface_t *a, cairo_surface_t *b)
{
  int h = cairo_image_surface_get_height (a);
  int w = cairo_image_surface_get_width (a);
  int sa = cairo_image_surface_get_stride (a), sb = cairo_image_surface_get_stride (b);
  const unsigned char *da = cairo_image_surface_get_data (a);
  const unsigned char *db = cairo_image_surface_get_data (b);

  g_assert_cmpint (h, ==, cairo_image_surface_get_height (b));
  g_assert_cmpint (w, ==, cairo_image_surface_get_width (b));
  for (int y = 0; y < h; y++)
    if (memcmp (da + (gsize) y * sa, db + (gsize) y * sb, (gsize) w * 4) != 0)
      return y;
  return -1;
}

/* Number of distinct pixel values: a blank image would make the comparison vacuous. */
static gboolean
has_drawing (cairo_surface_t *s)
{
  const guint32 *d = (const guint32 *) (const void *) cairo_image_surface_get_data (s);
  int n = cairo_image_surface_get_stride (s) / 4 * cairo_image_surface_get_height (s);

  for (int i = 1; i < n; i++)
    if (d[i] != d[0])
      return TRUE;
  return FALSE;
}

static void
check_same (DpvViewKind view, const DpvParams *p, const DpvStyle *st, double w, double h,
            double scale)
{
  int pw = (int) ceil (w * scale - 1e-9), ph = (int) ceil (h * scale - 1e-9);
  cairo_surface_t *plain = render_plain (view, p, st, pw, ph, scale, w, h);

  g_assert_true (has_drawing (plain));
  /* several renders: the split moves after each, so different band edges are checked */
  for (int round = 0; round < 3; round++)
    {
      cairo_surface_t *banded = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pw, ph);
      int row;

      g_assert_cmpint (dpv_view_render_image (view, p, st, banded, scale, w, h), ==,
                       CAIRO_STATUS_SUCCESS);
      row = first_differing_row (plain, banded);
      if (row >= 0 && g_getenv ("DPV_TEST_DUMP"))
        {
          cairo_surface_write_to_png (plain, "/tmp/plain.png");
          cairo_surface_write_to_png (banded, "/tmp/banded.png");
        }
      if (row >= 0)
        g_error ("%s %s %g×%g@%g round %d: first differing row %d",
                 dpv_view_to_name (view), dp_mechanism_kind_to_name (p->mechanism), w, h, scale,
                 round, row);
      cairo_surface_destroy (banded);
    }
  cairo_surface_destroy (plain);
}

static void
test_identical (void)
{
  static const struct { double w, h, scale; } sizes[] = {
    { 1920, 1080, 1 }, { 800, 500, 2 }, { 1001, 777, 1 }, { 640, 400, 1.5 },
  };
  DpvCompositionData *comp[3] = { NULL, NULL, NULL };

  for (int m = 0; m < 3; m++)
    {
      DpvParams p;

      dpv_params_init (&p);
      p.mechanism = (DpMechanismKind) m;
      comp[m] = dpv_composition_data_compute (&p, NULL);
      g_assert_nonnull (comp[m]);
    }
  for (int theme = 0; theme < 2; theme++)
    for (int v = 0; v < DPV_N_VIEWS; v++)
      for (int m = 0; m < 3; m++)
        for (gsize s = 0; s < G_N_ELEMENTS (sizes); s++)
          {
            DpvParams p;
            DpvStyle st;

            /* the full matrix at 1920 × 1080, the other sizes on the light theme */
            if (theme == 1 && s > 0)
              continue;
            dpv_params_init (&p);
            p.mechanism = (DpMechanismKind) m;
            p.epsilon = 0.7;
            p.k = 37;
            p.composition = comp[m];
            dpv_style_init (&st, theme == 0 ? DPV_THEME_LIGHT : DPV_THEME_DARK);
            check_same ((DpvViewKind) v, &p, &st, sizes[s].w, sizes[s].h, sizes[s].scale);
          }
  for (int m = 0; m < 3; m++)
    dpv_composition_data_free (comp[m]);
}

/* The message drawn for parameters out of range goes through the same bands. */
static void
test_identical_invalid (void)
{
  DpvParams p;
  DpvStyle st;

  dpv_params_init (&p);
  p.epsilon = -1;
  dpv_style_init (&st, DPV_THEME_LIGHT);
  check_same (DPV_VIEW_DENSITIES, &p, &st, 1200, 700, 1);
}

/* Surfaces too small to split, and a size whose height is not a multiple of anything. */
static void
test_small (void)
{
  DpvParams p;
  DpvStyle st;

  dpv_params_init (&p);
  dpv_style_init (&st, DPV_THEME_LIGHT);
  check_same (DPV_VIEW_KL, &p, &st, 320, 200, 1);
  check_same (DPV_VIEW_REGIONS, &p, &st, 300, 1999, 1);
}

static void
test_refuses (void)
{
  DpvParams p;
  DpvStyle st;
  cairo_surface_t *rec = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
  cairo_surface_t *img = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 100, 100);

  dpv_params_init (&p);
  dpv_style_init (&st, DPV_THEME_LIGHT);
  g_assert_cmpint (dpv_view_render_image (DPV_VIEW_KL, &p, &st, rec, 1, 100, 100), ==,
                   CAIRO_STATUS_SURFACE_TYPE_MISMATCH);
  g_assert_cmpint (dpv_view_render_image (DPV_VIEW_KL, &p, &st, img, NAN, 100, 100), ==,
                   CAIRO_STATUS_INVALID_MATRIX);
  g_assert_cmpint (dpv_view_render_image (DPV_VIEW_KL, &p, &st, img, 0, 100, 100), ==,
                   CAIRO_STATUS_INVALID_MATRIX);
  cairo_surface_destroy (rec);
  cairo_surface_destroy (img);
}

/* Renders from several threads at once (the app's export runs in a worker while the window
 * draws): each must still equal the plain render. */
typedef struct {
  DpvViewKind view;
  cairo_surface_t *plain;
  gboolean ok;
} Concurrent;

static gpointer
concurrent_thread (gpointer data)
{
  Concurrent *c = data;
  DpvParams p;
  DpvStyle st;

  dpv_params_init (&p);
  dpv_style_init (&st, DPV_THEME_LIGHT);
  c->ok = TRUE;
  for (int i = 0; i < 5; i++)
    {
      cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 900, 600);

      if (dpv_view_render_image (c->view, &p, &st, s, 1, 900, 600) != CAIRO_STATUS_SUCCESS
          || first_differing_row (c->plain, s) >= 0)
        c->ok = FALSE;
      cairo_surface_destroy (s);
    }
  return NULL;
}

static void
test_concurrent (void)
{
  Concurrent c[3];
  GThread *t[3];
  DpvParams p;
  DpvStyle st;

  dpv_params_init (&p);
  dpv_style_init (&st, DPV_THEME_LIGHT);
  for (int i = 0; i < 3; i++)
    {
      c[i].view = (DpvViewKind) i;
      c[i].plain = render_plain (c[i].view, &p, &st, 900, 600, 1, 900, 600);
      t[i] = g_thread_new ("render", concurrent_thread, &c[i]);
    }
  for (int i = 0; i < 3; i++)
    {
      g_thread_join (t[i]);
      g_assert_true (c[i].ok);
      cairo_surface_destroy (c[i].plain);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render-image/identical", test_identical);
  g_test_add_func ("/render-image/identical-invalid", test_identical_invalid);
  g_test_add_func ("/render-image/small", test_small);
  g_test_add_func ("/render-image/refuses", test_refuses);
  g_test_add_func ("/render-image/concurrent", test_concurrent);
  return g_test_run ();
}
