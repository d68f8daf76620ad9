/* dpv-text.h — text in a figure, outside its plots
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Captions and messages get the plots' fonts, markup, layout cache and pixel placement
 * (dpv-text.c), so that their text matches the plots' on screen and in every export.
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "dpv-style.h"

G_BEGIN_DECLS

/* Draws markup text wrapped to width at (x, y) and returns its height in user units. */
double dpv_draw_text_block (cairo_t *cr, const DpvStyle *style, double x, double y,
                            double width, const char *markup, double size_factor,
                            const DpvColor *color);
/* Empties the calling thread's cache of laid-out text (it refills as text is drawn). */
void dpv_text_cache_trim (void);
/* Measures markup at the style's font size × size_factor. */
void dpv_measure_text (cairo_t *cr, const DpvStyle *style, const char *markup,
                       double size_factor, double *width, double *height);

G_END_DECLS
