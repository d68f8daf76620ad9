/* dpv-plot-dots.c — the dots of dotted lines, stamped as glyphs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "dpv-plot-private.h"

/* Dotted lines on raster targets: every dot is a glyph of a cairo user font.
 *
 * A dot of a dotted line is a zero-length dash with round caps: a disc whose diameter is the
 * line width. Stroked, each one goes through cairo's scan converter, 15 sub-rows for every
 * pixel row it touches, about 7 000 instructions a dot; a dotted curve across a 1920-pixel
 * panel has 600 of them, a quarter of the composition view's render. Here the disc is
 * rasterised once, by cairo, into the font's glyph cache, and each dot is a copy of it,
 * composited by pixman: measured 7× cheaper for 640 dots (the same geometry and colour).
 *
 * Glyphs are placed on whole device pixels, so the font has DOT_PHASES² glyphs, the disc
 * drawn at each quarter-pixel offset: a dot centre is quantised to the nearest quarter pixel,
 * no more than 1/8 pixel from where the stroke puts it. Font units are the dot's diameter in
 * device pixels (the scaled font's scale). Vector output keeps the stroked dash. */
#define DOT_PHASES 4

static double
dot_font_diameter (cairo_scaled_font_t *scaled_font)
{
  cairo_matrix_t m;

  cairo_scaled_font_get_scale_matrix (scaled_font, &m);
  return MAX (hypot (m.xx, m.yx), 1e-6);
}

static cairo_status_t
dot_font_init (cairo_scaled_font_t  *scaled_font,
               cairo_t              *cr,
               cairo_font_extents_t *extents)
{
  double off = 1.0 / dot_font_diameter (scaled_font);

  /* the ink of every glyph lies in [−½, ½ + 1 px] on both axes: cairo pads a run of glyphs
   * by these when it bounds them */
  extents->ascent = 0.5 + off;
  extents->descent = 0.5 + off;
  extents->height = 1.0 + 2 * off;
  extents->max_x_advance = 1.0 + 2 * off;
  extents->max_y_advance = 0;
  return CAIRO_STATUS_SUCCESS;
}

static cairo_status_t
dot_font_render (cairo_scaled_font_t  *scaled_font,
                 unsigned long         glyph,
                 cairo_t              *cr,
                 cairo_text_extents_t *extents)
{
  double unit = 1.0 / (DOT_PHASES * dot_font_diameter (scaled_font));
  unsigned long px = glyph % DOT_PHASES, py = glyph / DOT_PHASES % DOT_PHASES;

  /* a disc of diameter 1 (the line width) centred at the middle of its phase cell, its
   * polygon within 1/100 of a diameter: drawn once per glyph */
  cairo_set_tolerance (cr, 0.01);
  cairo_arc (cr, (px + 0.5) * unit, (py + 0.5) * unit, 0.5, 0, 2 * G_PI);
  cairo_fill (cr);
  extents->x_advance = 0;
  extents->y_advance = 0;
  return CAIRO_STATUS_SUCCESS;
}

static cairo_font_face_t *
dot_font_face (void)
{
  static cairo_font_face_t *face;

  if (g_once_init_enter (&face))
    {
      cairo_font_face_t *f = cairo_user_font_face_create ();

      cairo_user_font_face_set_init_func (f, dot_font_init);
      cairo_user_font_face_set_render_glyph_func (f, dot_font_render);
      g_once_init_leave (&face, f);
    }
  return face;
}

/* For a dotted or dash-dot line on a raster target, whose pattern dpv_set_dash () has set on cr:
 * the places of its dots (the pattern's, which restarts at each subpath), cr's font set to
 * the dot font for dots @width user units across, and for dash-dot the pattern reduced to the
 * dashes. FALSE when the line has no dots to stamp, or cr's matrix cannot be inverted. */
gboolean
dpv_plot_dots_begin (DpvPlot *p, DotStamps *ds, DpvDash dash, double width)
{
  cairo_t *cr = p->cr;
  cairo_font_options_t *fo;
  double d[4], offset;

  if (p->vector || (dash != DPV_DASH_DOTTED && dash != DPV_DASH_DASHDOT)
      || cairo_get_dash_count (cr) != (dash == DPV_DASH_DOTTED ? 2 : 4))
    return FALSE;
  cairo_get_matrix (cr, &ds->to_device);
  ds->to_user = ds->to_device;
  if (cairo_matrix_invert (&ds->to_user) != CAIRO_STATUS_SUCCESS)
    return FALSE;
  cairo_get_dash (cr, d, &offset);
  ds->dashes = dash == DPV_DASH_DASHDOT;
  if (ds->dashes)
    {
      /* the dashes stroked, their gap now spanning the dot and its two gaps */
      double dashes[2] = { d[0], d[1] + d[2] + d[3] };

      ds->offset = d[0] + d[1];
      ds->period = d[0] + d[1] + d[2] + d[3];
      cairo_set_dash (cr, dashes, 2, offset);
    }
  else
    {
      ds->offset = 0;
      ds->period = d[0] + d[1];
    }
  cairo_surface_get_device_scale (cairo_get_target (cr), &ds->sx, &ds->sy);
  ds->n = 0;
  cairo_set_font_face (cr, dot_font_face ());
  cairo_set_font_size (cr, width);
  fo = cairo_font_options_create ();
  cairo_font_options_set_hint_style (fo, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics (fo, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_antialias (fo, CAIRO_ANTIALIAS_GRAY);
  cairo_set_font_options (cr, fo);
  cairo_font_options_destroy (fo);
  return TRUE;
}

void
dpv_plot_dots_flush (DpvPlot *p, DotStamps *ds)
{
  if (ds->n > 0)
    cairo_show_glyphs (p->cr, ds->glyphs, ds->n);
  ds->n = 0;
}

/* One dot centred at (x, y) in user space. */
static void
dot_stamp (DpvPlot *p, DotStamps *ds, double x, double y)
{
  double fx, fy, phx, phy, gx, gy;
  cairo_glyph_t *g;

  cairo_matrix_transform_point (&ds->to_device, &x, &y);
  /* quarter pixels of the target; the glyph sits on the whole pixel below its phase */
  fx = floor (x * ds->sx * DOT_PHASES);
  fy = floor (y * ds->sy * DOT_PHASES);
  if (!(fabs (fx) < 1e9 && fabs (fy) < 1e9))
    return;
  phx = fx - DOT_PHASES * floor (fx / DOT_PHASES);
  phy = fy - DOT_PHASES * floor (fy / DOT_PHASES);
  gx = (fx - phx) / DOT_PHASES / ds->sx;
  gy = (fy - phy) / DOT_PHASES / ds->sy;
  cairo_matrix_transform_point (&ds->to_user, &gx, &gy);
  g = &ds->glyphs[ds->n++];
  g->index = (unsigned long) (phy * DOT_PHASES + phx);
  g->x = gx;
  g->y = gy;
  if (ds->n == DOT_BATCH)
    dpv_plot_dots_flush (p, ds);
}

/* The dots of a run, as the dash pattern would put them (it restarts at each subpath): at
 * arc length O, O + P, O + 2P, … along the polyline, P the pattern's period. */
void
dpv_plot_dots_stamp_run (DpvPlot *p, DotStamps *ds, const Point *pts, gsize m)
{
  double next = ds->offset, along = 0;

  for (gsize i = 0; i + 1 < m; i++)
    {
      double x0 = pts[i].x, y0 = pts[i].y, x1 = pts[i + 1].x, y1 = pts[i + 1].y;
      double len = hypot (x1 - x0, y1 - y0);

      if (!(len > 0))
        continue;
      for (; next <= along + len; next += ds->period)
        {
          double t = (next - along) / len;

          dot_stamp (p, ds, x0 + t * (x1 - x0), y0 + t * (y1 - y0));
        }
      along += len;
    }
}
