/* dpv-text.c — drawing and measuring text in a figure
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Text is drawn at whole device pixels on image surfaces (so that the bands of
 * dpv_render_image () draw the glyphs of one render) and exactly on vector ones.
 */
#include "config.h"

#include <math.h>

#include "dpv-text-private.h"

/* Moves to (x, y) as a text origin. With @snap, the origin is rounded to a whole device pixel
 * and put into the matrix itself (the caller saves and restores cr around the text).
 * cairo's image backend rounds every glyph origin to a pixel anyway, and pango places glyphs
 * at whole or half device units from the origin; with the origin an exact integer in the
 * matrix, each glyph's device position is computed without rounding error, so a glyph that
 * lies exactly half-way rounds the same way in every band of dpv_render_image () as in
 * one cairo_t (the band's device offset would otherwise add an error of its own, and the
 * glyph could move by a pixel). Vector output keeps the exact position. */
void
dpv_text_move_to (cairo_t *cr, gboolean snap, double x, double y)
{
  if (snap)
    {
      cairo_matrix_t m;
      double dx = x, dy = y;

      cairo_get_matrix (cr, &m);
      cairo_user_to_device (cr, &dx, &dy);
      if (isfinite (dx) && isfinite (dy) && fabs (dx) < 1e9 && fabs (dy) < 1e9)
        {
          m.x0 = floor (dx + 0.5);
          m.y0 = floor (dy + 0.5);
          cairo_set_matrix (cr, &m);
          cairo_move_to (cr, 0, 0);
          return;
        }
    }
  cairo_move_to (cr, x, y);
}

/* Whether any ink of a layout drawn with its top-left at (x, y) in user space can fall inside
 * cr's clip: its logical box grown by @margin (the halo, and glyph ink that overhangs the
 * logical box: accents, italics) against the clip's extents. A band of an image
 * (dpv-render-image.c) draws only its own rows, and the glyphs outside them would otherwise
 * still be looked up and measured, under the font's lock that the bands share. */
gboolean
dpv_text_layout_in_clip (cairo_t *cr, PangoLayout *layout, double x, double y, double margin)
{
  double w, h, cx0, cy0, cx1, cy1;

  dpv_text_layout_size (layout, &w, &h);
  cairo_clip_extents (cr, &cx0, &cy0, &cx1, &cy1);
  return x + w + margin >= cx0 && x - margin <= cx1 && y + h + margin >= cy0
         && y - margin <= cy1;
}

gboolean
dpv_target_is_vector (cairo_t *cr)
{
  switch (cairo_surface_get_type (cairo_get_target (cr)))
    {
    case CAIRO_SURFACE_TYPE_PDF:
    case CAIRO_SURFACE_TYPE_PS:
    case CAIRO_SURFACE_TYPE_SVG:
    case CAIRO_SURFACE_TYPE_SCRIPT:
      return TRUE;
    default:
      return FALSE;
    }
}

static PangoLayout *
cr_layout (cairo_t *cr, const DpvStyle *style, const char *markup, double size_factor,
           double wrap)
{
  LayoutOptions opt = { FALSE, 0, FALSE, wrap, 0 };
  DpvStyle s = *style;

  if (!isfinite (s.text_scale) || s.text_scale <= 0)
    s.text_scale = 1;
  if (!isfinite (size_factor) || size_factor <= 0)
    size_factor = 1;
  s.font_family[sizeof s.font_family - 1] = '\0';
  return dpv_text_cached_layout (cr, &s, markup, size_factor, &opt);
}

double
dpv_draw_text_block (cairo_t        *cr,
                     const DpvStyle *style,
                     double          x,
                     double          y,
                     double          width,
                     const char     *markup,
                     double          size_factor,
                     const DpvColor *color)
{
  PangoLayout *layout;
  double w, h;

  g_return_val_if_fail (cr != NULL, 0);
  g_return_val_if_fail (style != NULL, 0);
  if (markup == NULL || !*markup || cairo_status (cr) != CAIRO_STATUS_SUCCESS)
    return 0;
  if (!isfinite (x) || !isfinite (y))
    return 0;

  layout = cr_layout (cr, style, markup, size_factor, isfinite (width) && width > 0 ? width : 0);
  dpv_text_layout_size (layout, &w, &h);
  if (!dpv_text_layout_in_clip (cr, layout, x, y, 0.5 * h + 2))
    {
      g_object_unref (layout);
      return h;
    }
  cairo_save (cr);
  dpv_color_set_source (color ? color : &style->foreground, cr);
  dpv_text_move_to (cr, style->pixel_snap && !dpv_target_is_vector (cr), x, y);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
  g_object_unref (layout);
  return h;
}

void
dpv_measure_text (cairo_t        *cr,
                  const DpvStyle *style,
                  const char     *markup,
                  double          size_factor,
                  double         *width,
                  double         *height)
{
  PangoLayout *layout;
  double w = 0, h = 0;

  if (cr != NULL && style != NULL && markup != NULL)
    {
      layout = cr_layout (cr, style, markup, size_factor, 0);
      dpv_text_layout_size (layout, &w, &h);
      g_object_unref (layout);
    }
  if (width)
    *width = w;
  if (height)
    *height = h;
}
