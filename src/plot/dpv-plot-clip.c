/* dpv-plot-clip.c — the data area's clip, and the part of it that can show
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Geometry is cut to what can show (the data area within cr's clip, or within the whole image
 * for a band of one) before cairo strokes or fills it: lines segment by segment
 * (dpv-plot-lines.c), fills polygon by polygon (dpv-plot-fills.c), each in the loop that
 * builds it.
 */
#include "config.h"

#include <math.h>

#include "dpv-plot-private.h"

/* Every drawing in the data area starts here. */
void
dpv_plot_clip_data_area (DpvPlot *p)
{
  p->data_drawn = TRUE;
  cairo_rectangle (p->cr, p->dx, p->dy, p->dw, p->dh);
  cairo_clip (p->cr);
}

/* A band of a larger image (dpv_render_image ()): the whole image's size in device
 * pixels, kept on the band's surface. */
typedef struct {
  double width;
  double height;
} BandImage;

static const cairo_user_data_key_t band_image_key;

void
dpv_plot_mark_band (cairo_surface_t *band,
                    double           image_width,
                    double           image_height)
{
  BandImage *b = g_new (BandImage, 1);

  g_return_if_fail (band != NULL);
  b->width = image_width;
  b->height = image_height;
  if (cairo_surface_set_user_data (band, &band_image_key, b, g_free) != CAIRO_STATUS_SUCCESS)
    g_free (b);
}

/* For a band: the whole image in cr's user space (the band's device offset puts the image's
 * rows where a single cairo_t would have them), so that every band cuts its geometry exactly
 * as the whole image would. */
static gboolean
band_image_extents (cairo_t *cr, double *x0, double *y0, double *x1, double *y1)
{
  const BandImage *b = cairo_surface_get_user_data (cairo_get_target (cr), &band_image_key);
  double xs[4], ys[4];

  if (b == NULL)
    return FALSE;
  xs[0] = 0, ys[0] = 0;
  xs[1] = b->width, ys[1] = 0;
  xs[2] = 0, ys[2] = b->height;
  xs[3] = b->width, ys[3] = b->height;
  *x0 = *y0 = HUGE_VAL;
  *x1 = *y1 = -HUGE_VAL;
  for (int i = 0; i < 4; i++)
    {
      cairo_device_to_user (cr, &xs[i], &ys[i]);
      *x0 = MIN (*x0, xs[i]);
      *x1 = MAX (*x1, xs[i]);
      *y0 = MIN (*y0, ys[i]);
      *y1 = MAX (*y1, ys[i]);
    }
  return TRUE;
}

/* The part of the data area that can show anything: the data area intersected with cr's
 * clip (the surface, for an image; the whole image, for a band), grown by margin. Geometry is
 * cut to this before cairo strokes it, so that a dashed line on a huge panel costs what its
 * visible part costs. */
void
dpv_plot_visible_rect (DpvPlot *p, double margin, double *x0, double *y0, double *x1, double *y1)
{
  double cx0, cy0, cx1, cy1;

  *x0 = p->dx;
  *y0 = p->dy;
  *x1 = p->dx + p->dw;
  *y1 = p->dy + p->dh;
  if (!band_image_extents (p->cr, &cx0, &cy0, &cx1, &cy1))
    cairo_clip_extents (p->cr, &cx0, &cy0, &cx1, &cy1);
  if (isfinite (cx0) && isfinite (cy0) && isfinite (cx1) && isfinite (cy1) && cx1 > cx0
      && cy1 > cy0)
    {
      *x0 = MAX (*x0, cx0);
      *y0 = MAX (*y0, cy0);
      *x1 = MIN (*x1, cx1);
      *y1 = MIN (*y1, cy1);
    }
  *x0 -= margin;
  *y0 -= margin;
  *x1 += margin;
  *y1 += margin;
}

