/* canvas.h — an image surface to draw plots on in the tests, and its pixels
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "dpv-style.h"

G_BEGIN_DECLS

/* An image surface of w × h user units at @scale device pixels a unit, cleared to the
 * theme's background; its style does not snap to pixels. */
typedef struct {
  cairo_surface_t *surface;
  cairo_t *cr;
  DpvStyle style;
  int w, h;
  double scale;
} Canvas;

void canvas_init (Canvas *c, int w, int h, double scale, DpvTheme theme);
/* Checks that nothing drew a cairo error, and frees the canvas. */
void canvas_clear (Canvas *c);
/* Colour at user point (ux, uy), as opaque rgb in [0, 1]. */
void pixel (Canvas *c, double ux, double uy, double rgb[3]);
gboolean near_color (const double rgb[3], const DpvColor *col, double tol);
/* alpha-composite col over bg */
DpvColor over (const DpvColor *col, double alpha, const DpvColor *bg);
gboolean rects_overlap (const cairo_rectangle_t *a, const cairo_rectangle_t *b);

G_END_DECLS
