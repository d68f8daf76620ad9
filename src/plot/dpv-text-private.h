/* dpv-text-private.h — text for figures: Pango layouts, cached
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The text layer knows no plot: dpv-text-layout.c makes a layout (font, markup, fitting),
 * dpv-text-cache.c keeps layouts across renders, per thread, and dpv-text.c draws them.
 */
#pragma once

#include <pango/pangocairo.h>

#include "dpv-style.h"
#include "dpv-text.h"

G_BEGIN_DECLS

typedef struct {
  gboolean single_paragraph;
  double fit;          /* dpv_text_fit_width () to this when > 0 */
  gboolean semibold;   /* semibold over the markup, then fitted again */
  double wrap;         /* wrap at this width when > 0 */
  int lines;           /* with fit: wrapped at words onto at most this many lines before the
                          last is ellipsized (0 or 1: one line) */
} LayoutOptions;

/* The logical size of a layout in user units (inline: every label is measured, often more
 * than once a frame). */
static inline void
dpv_text_layout_size (PangoLayout *layout, double *w, double *h)
{
  PangoRectangle logical;

  pango_layout_get_extents (layout, NULL, &logical);
  if (w)
    *w = (double) logical.width / PANGO_SCALE;
  if (h)
    *h = (double) logical.height / PANGO_SCALE;
}

/* dpv-text-layout.c */
double dpv_text_quantize_px (double size, gboolean down);
double dpv_text_font_px (const DpvStyle *style, double factor);
void dpv_text_configure_context (PangoContext *ctx);
PangoLayout *dpv_text_layout_new (PangoContext *ctx, const DpvStyle *style, const char *markup,
                                  double factor);
void dpv_text_fit_width (PangoLayout *layout, double width);
void dpv_text_fit_lines (PangoLayout *layout, double width, int lines);

/* dpv-text-cache.c */
PangoContext *dpv_text_shared_context (cairo_t *cr, const char **sig_out);
PangoLayout *dpv_text_cached_layout_in (PangoContext *ctx, const char *sig, const DpvStyle *style,
                                        const char *markup, double factor,
                                        const LayoutOptions *opt);
PangoLayout *dpv_text_cached_layout (cairo_t *cr, const DpvStyle *style, const char *markup,
                                     double factor, const LayoutOptions *opt);

/* dpv-text.c */
void dpv_text_move_to (cairo_t *cr, gboolean snap, double x, double y);
gboolean dpv_text_layout_in_clip (cairo_t *cr, PangoLayout *layout, double x, double y,
                                  double margin);
gboolean dpv_target_is_vector (cairo_t *cr);

G_END_DECLS
