/* test-render-image.c — banded rendering on all cores against one cairo_t
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The reference is the plain path: one cairo_t on the whole image surface, scaled, and
 * dpv_view_render(). dpv_view_render_image() draws each band with its own cairo_t, and cairo
 * clips each band's polygons to the band, so a stroke that crosses a band boundary is
 * re-intersected there: a few anti-aliased pixels in the rows next to a boundary may differ
 * in their last bits, and a dash end one or two rows inside a clip edge, or the top pixel of an
 * accent four rows inside it, can be culled (seen at 6 of 12,576 split positions of
 * 1920 × 1080 figures, never more than 10 pixels). Everything
 * else must be byte for byte the same: a seam, a dash pattern restarted in a band, a glyph
 * moved or cut, geometry cut to the band instead of the image, all show up as differing rows
 * away from the boundaries, which fail.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dpv-composition.h"
#include "dpv-kl.h"
#include "dpv-view-util.h"
#include "test-view-index.h"

static cairo_surface_t *
render_plain (guint view, const DpvParams *p, const DpvStyle *st, int pw, int ph,
              double scale, double w, double h)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pw, ph);
  cairo_t *cr = cairo_create (s);

  cairo_scale (cr, scale, scale);
  test_render_view (view, p, st, cr, w, h);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  return s;
}

/* Rows within this distance of a band boundary may differ (see the top of the file). An
 * accent that rises above its glyph's extents (the é of "Rényi" in a caption) has lost its
 * top pixel four rows inside the clip edge. */
#define BOUNDARY_ROWS 4
/* and in at most this many pixels per boundary */
#define BOUNDARY_PIXELS 24

/* Counts the pixels that differ; *rows_far gets the number of differing rows farther than
 * BOUNDARY_ROWS from every boundary (boundaries == NULL: every differing row counts as far),
 * *first_far the first of them (or -1). */
static int
compare (cairo_surface_t *a, cairo_surface_t *b, const int *boundaries, int n_boundaries,
         int *rows_far, int *first_far)
{
  int h = cairo_image_surface_get_height (a);
  int w = cairo_image_surface_get_width (a);
  int sa = cairo_image_surface_get_stride (a), sb = cairo_image_surface_get_stride (b);
  const guint32 *da = (const guint32 *) (const void *) cairo_image_surface_get_data (a);
  const guint32 *db = (const guint32 *) (const void *) cairo_image_surface_get_data (b);
  int pixels = 0;

  g_assert_cmpint (h, ==, cairo_image_surface_get_height (b));
  g_assert_cmpint (w, ==, cairo_image_surface_get_width (b));
  *rows_far = 0;
  *first_far = -1;
  for (int y = 0; y < h; y++)
    {
      int row = 0;
      gboolean near = FALSE;

      for (int x = 0; x < w; x++)
        row += da[(gsize) y * (sa / 4) + x] != db[(gsize) y * (sb / 4) + x];
      if (row == 0)
        continue;
      pixels += row;
      for (int i = 0; i < n_boundaries; i++)
        near = near || abs (y - boundaries[i]) <= BOUNDARY_ROWS;
      if (!near)
        {
          (*rows_far)++;
          if (*first_far < 0)
            *first_far = y;
        }
    }
  return pixels;
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

/* The public call, whose split moves after each render (from the measured cost), so several
 * rounds check different boundaries; they are not known here, so the number of differing
 * pixels is what is bounded. */
static void
check_same (guint view, const DpvParams *p, const DpvStyle *st, double w, double h,
            double scale)
{
  int pw = (int) ceil (w * scale - 1e-9), ph = (int) ceil (h * scale - 1e-9);
  cairo_surface_t *plain = render_plain (view, p, st, pw, ph, scale, w, h);

  g_assert_true (has_drawing (plain));
  for (int round = 0; round < 3; round++)
    {
      cairo_surface_t *banded = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pw, ph);
      int far, first_far, pixels;

      g_assert_cmpint (test_render_view_image (view, p, st, banded, scale, w, h), ==,
                       CAIRO_STATUS_SUCCESS);
      pixels = compare (plain, banded, NULL, 0, &far, &first_far);
      if (pixels > BOUNDARY_PIXELS * (int) g_get_num_processors ())
        {
          if (g_getenv ("DPV_TEST_DUMP"))
            {
              cairo_surface_write_to_png (plain, "/tmp/plain.png");
              cairo_surface_write_to_png (banded, "/tmp/banded.png");
            }
          g_error ("%s %s %g×%g@%g round %d: %d pixels differ, first in row %d",
                   test_view_name (view), dp_mechanism_kind_to_name (p->mechanism), w, h,
                   scale, round, pixels, first_far);
        }
      cairo_surface_destroy (banded);
    }
  cairo_surface_destroy (plain);
}

/* Given splits: only rows next to a boundary may differ, and only in a few pixels. */
static void
check_split (guint view, const DpvParams *p, const DpvStyle *st, cairo_surface_t *plain,
             double w, double h, const int *boundaries, int n_bands)
{
  int pw = cairo_image_surface_get_width (plain), ph = cairo_image_surface_get_height (plain);
  cairo_surface_t *banded = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pw, ph);
  int far, first_far, pixels;

  g_assert_cmpint (test_render_view_image_split (view, p, st, banded, 1.0, w, h, boundaries,
                                                n_bands), ==, CAIRO_STATUS_SUCCESS);
  pixels = compare (plain, banded, boundaries + 1, n_bands - 1, &far, &first_far);
  if (far > 0 || pixels > BOUNDARY_PIXELS * (n_bands - 1))
    g_error ("%s %s, %d bands (first boundary %d): %d pixels differ, %d rows away from the "
             "boundaries, the first %d", test_view_name (view),
             dp_mechanism_kind_to_name (p->mechanism), n_bands, boundaries[1], pixels, far,
             first_far);
  cairo_surface_destroy (banded);
}

/* Two bands split at every 23rd row (and at rows where a difference was once seen), three
 * and five bands at a few places: at 1920 × 1080, every view and mechanism. */
static void
test_splits (void)
{
  const double w = 1920, h = 1080;
  DpvStyle st;

  dpv_style_init (&st, DPV_THEME_LIGHT);
  for (int m = 0; m < 3; m++)
    {
      DpvParams p;

      dpv_params_init (&p);
      p.mechanism = (DpMechanismKind) m;
      p.epsilon = 0.7;
      p.k = 37;
      for (guint v = 0; v < TEST_N_VIEWS; v++)
        {
          cairo_surface_t *plain = render_plain (v, &p, &st, (int) w, (int) h, 1.0, w, h);
          const int seen[] = { 15, 16, 206, 701, 785 };

          for (int split = 1; split < (int) h; split += 23)
            {
              int b[3] = { 0, split, (int) h };
              check_split (v, &p, &st, plain, w, h, b, 2);
            }
          for (gsize i = 0; i < G_N_ELEMENTS (seen); i++)
            {
              int b[3] = { 0, seen[i], (int) h };
              check_split (v, &p, &st, plain, w, h, b, 2);
            }
          {
            int b3[4] = { 0, 333, 334, (int) h };
            int b5[6] = { 0, 1, 200, 540, 1079, (int) h };
            check_split (v, &p, &st, plain, w, h, b3, 3);
            check_split (v, &p, &st, plain, w, h, b5, 5);
          }
          cairo_surface_destroy (plain);
        }
    }
}

static void
test_identical (void)
{
  static const struct { double w, h, scale; } sizes[] = {
    { 1920, 1080, 1 }, { 800, 500, 2 }, { 1001, 777, 1 }, { 640, 400, 1.5 },
  };
  for (int theme = 0; theme < 2; theme++)
    for (guint v = 0; v < TEST_N_VIEWS; v++)
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
            dpv_style_init (&st, theme == 0 ? DPV_THEME_LIGHT : DPV_THEME_DARK);
            check_same ((guint) v, &p, &st, sizes[s].w, sizes[s].h, sizes[s].scale);
          }
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
  check_same (TEST_VIEW_DENSITIES, &p, &st, 1200, 700, 1);
}

/* Surfaces too small to split, and a size whose height is not a multiple of anything. */
static void
test_small (void)
{
  DpvParams p;
  DpvStyle st;

  dpv_params_init (&p);
  dpv_style_init (&st, DPV_THEME_LIGHT);
  check_same (TEST_VIEW_KL, &p, &st, 320, 200, 1);
  check_same (TEST_VIEW_REGIONS, &p, &st, 300, 1999, 1);
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
  g_assert_cmpint (test_render_view_image (TEST_VIEW_KL, &p, &st, rec, 1, 100, 100), ==,
                   CAIRO_STATUS_SURFACE_TYPE_MISMATCH);
  g_assert_cmpint (test_render_view_image (TEST_VIEW_KL, &p, &st, img, NAN, 100, 100), ==,
                   CAIRO_STATUS_INVALID_MATRIX);
  g_assert_cmpint (test_render_view_image (TEST_VIEW_KL, &p, &st, img, 0, 100, 100), ==,
                   CAIRO_STATUS_INVALID_MATRIX);
  cairo_surface_destroy (rec);
  cairo_surface_destroy (img);
}

/* Renders from several threads at once (the app's export runs in a worker while the window
 * draws): each must still equal the plain render. */
typedef struct {
  guint view;
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

      int far, first_far;

      if (test_render_view_image (c->view, &p, &st, s, 1, 900, 600) != CAIRO_STATUS_SUCCESS
          || compare (c->plain, s, NULL, 0, &far, &first_far)
             > BOUNDARY_PIXELS * (int) g_get_num_processors ())
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
      c[i].view = (guint) i;
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
  /* the composition view as the app draws it before its exact curves arrive: its frame is
   * cheap, and the bands still draw every kind of line */
  test_use_preview = TRUE;
  g_test_add_func ("/render-image/matches-one-cairo-t", test_identical);
  g_test_add_func ("/render-image/matches-invalid", test_identical_invalid);
  g_test_add_func ("/render-image/small", test_small);
  g_test_add_func ("/render-image/splits", test_splits);
  g_test_add_func ("/render-image/refuses", test_refuses);
  g_test_add_func ("/render-image/concurrent", test_concurrent);
  return g_test_run ();
}
