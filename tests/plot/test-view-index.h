/* test-view-index.h — the registered views by index, for tests that loop over them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each helper computes the frame of the view at its parameters (as the CLI does) and hands
 * it to the function under test.
 */
#pragma once

#include "dpv-figure.h"
#include "dpv-registry.h"
#include "dpv-render-image.h"

#define TEST_VIEW(name) ((guint) dpv_registry_index (dpv_registry_lookup (name)))
#define TEST_VIEW_DENSITIES TEST_VIEW ("densities")
#define TEST_VIEW_REGIONS TEST_VIEW ("regions")
#define TEST_VIEW_KL TEST_VIEW ("kl")
#define TEST_VIEW_COMPOSITION TEST_VIEW ("composition")
#define TEST_N_VIEWS ((guint) dpv_registry_get_n_views ())

/* One cache for the test program: expensive stages (the composition curves) are computed once
 * per parameter set, as in the app. */
static inline DpvFrameCache *
test_cache (void)
{
  static DpvFrameCache *cache;

  if (cache == NULL)
    cache = dpv_frame_cache_new (64);
  return cache;
}

/* When set, an expensive view is drawn from its preview (the composition view's cheap curves,
 * as the app draws it until the exact curves arrive). */
static gboolean test_use_preview;

static inline DpvFrame *
test_frame (guint view, const DpvParams *params)
{
  const DpvViewClass *klass = dpv_registry_get (view);

  if (test_use_preview && klass->expensive && klass->preview_data != NULL)
    return dpv_frame_compute_preview (klass, params, test_cache ());
  return dpv_frame_compute (klass, params, test_cache (), NULL, NULL);
}

static inline const char *
test_view_name (guint view)
{
  return dpv_registry_get (view)->name;
}

static inline const char *
test_view_title (guint view)
{
  return dpv_view_class_get_title (dpv_registry_get (view));
}

static inline const char *
test_view_explanation (guint view)
{
  return dpv_view_class_get_explanation (dpv_registry_get (view));
}

static inline void
test_render_view (guint view, const DpvParams *params, const DpvStyle *style, cairo_t *cr,
                  double width, double height)
{
  DpvFrame *frame = test_frame (view, params);

  dpv_figure_render (frame, style, cr, width, height);
  dpv_frame_unref (frame);
}

static inline cairo_status_t
test_render_view_image (guint view, const DpvParams *params, const DpvStyle *style,
                        cairo_surface_t *image, double scale, double width, double height)
{
  DpvFrame *frame = test_frame (view, params);
  cairo_status_t status = dpv_figure_render_image (frame, style, image, scale, width, height);

  dpv_frame_unref (frame);
  return status;
}

static inline cairo_status_t
test_render_view_image_split (guint view, const DpvParams *params, const DpvStyle *style,
                              cairo_surface_t *image, double scale, double width,
                              double height, const int *boundaries, int n_bands)
{
  DpvFrame *frame = test_frame (view, params);
  DpvDrawing drawing;
  cairo_status_t status;

  dpv_figure_drawing (frame, &drawing);
  status = dpv_render_image_split (&drawing, style, image, scale, width, height, boundaries,
                                   n_bands);
  dpv_frame_unref (frame);
  return status;
}

static inline GPtrArray *
test_view_readouts (guint view, const DpvParams *params)
{
  DpvFrame *frame = test_frame (view, params);
  GPtrArray *r = dpv_frame_readouts (frame);

  dpv_frame_unref (frame);
  return r;
}

static inline char *
test_view_describe (guint view, const DpvParams *params)
{
  DpvFrame *frame = test_frame (view, params);
  char *d = dpv_frame_describe (frame);

  dpv_frame_unref (frame);
  return d;
}

/* Exports the frame of @view as bytes (@file NULL) or into @file. */
static inline gboolean
test_export (guint view, const DpvParams *params, const DpvStyle *style, DpvFormat format,
             GFile *file, double width, double height, double scale, GBytes **bytes,
             GError **error)
{
  DpvFrame *frame = test_frame (view, params);
  gboolean ok;

  if (file == NULL)
    ok = (*bytes = dpv_figure_export_to_bytes (frame, style, format, width, height, scale,
                                               error)) != NULL;
  else
    ok = dpv_figure_export_to_file (frame, style, format, file, width, height, scale, error);
  dpv_frame_unref (frame);
  return ok;
}

static inline GBytes *
test_export_bytes (guint view, const DpvParams *params, const DpvStyle *style,
                   DpvFormat format, double width, double height, double scale, GError **error)
{
  GBytes *bytes = NULL;

  test_export (view, params, style, format, NULL, width, height, scale, &bytes, error);
  return bytes;
}

static inline gboolean
test_export_file (guint view, const DpvParams *params, const DpvStyle *style, DpvFormat format,
                  GFile *file, double width, double height, double scale, GError **error)
{
  return test_export (view, params, style, format, file, width, height, scale, NULL, error);
}
