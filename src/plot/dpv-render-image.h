/* dpv-render-image.h — a drawing into an image surface, in horizontal bands on all cores
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dpv-export.h"

G_BEGIN_DECLS

/* Draws @drawing, (0, 0, width, height) in user units scaled by @scale, into @image, an image
 * surface, on every core: each thread draws a horizontal band of the same buffer with the
 * drawing's draw function, and the pixels are those of a single draw on a cairo_t scaled by
 * @scale, but for a few anti-aliased pixels next to band boundaries (see dpv-render-image.c;
 * at a fractional scale, one thread draws all). Returns the first cairo error, or
 * CAIRO_STATUS_SUCCESS. Thread-safe. */
cairo_status_t dpv_render_image (const DpvDrawing *drawing, const DpvStyle *style,
                                 cairo_surface_t *image, double scale, double width,
                                 double height);
/* The same with the bands given: rows [boundaries[i], boundaries[i + 1]), boundaries[0] = 0
 * and boundaries[n_bands] = the image's height (for tests). */
cairo_status_t dpv_render_image_split (const DpvDrawing *drawing, const DpvStyle *style,
                                       cairo_surface_t *image, double scale, double width,
                                       double height, const int *boundaries, int n_bands);

G_END_DECLS
