/* dpv-plot-text.c — a plot's text: its layouts, drawn and recorded
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A plot keeps the layouts it uses in a table of its own (over the per-thread cache), draws
 * them (with a halo in the background colour for text over data) and records the boxes of what
 * it drew, for placement and for dpv_plot_get_text_rects ().
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dpv-plot-private.h"

/* The key of a plot's own layout table: the markup at a size factor. A lookup builds it on
 * the stack; only an insertion copies the markup (tick labels are looked up hundreds of
 * times a frame, and a key string built and freed for each was a tenth of what a band of
 * dpv_render_image () repeats). */
typedef struct {
  double factor;
  char *markup;
} PlotLayoutKey;

static guint
plot_layout_key_hash (gconstpointer key)
{
  const PlotLayoutKey *k = key;
  guint64 bits;

  memcpy (&bits, &k->factor, sizeof bits);
  return g_str_hash (k->markup) ^ (guint) (bits ^ (bits >> 32));
}

static gboolean
plot_layout_key_equal (gconstpointer a, gconstpointer b)
{
  const PlotLayoutKey *ka = a, *kb = b;

  return memcmp (&ka->factor, &kb->factor, sizeof ka->factor) == 0
         && strcmp (ka->markup, kb->markup) == 0;
}

static void
plot_layout_key_free (gpointer key)
{
  PlotLayoutKey *k = key;

  g_free (k->markup);
  g_free (k);
}

/* A plot's own table of layouts, for dpv_plot_text_layout (). */
GHashTable *
dpv_plot_layout_table_new (void)
{
  return g_hash_table_new_full (plot_layout_key_hash, plot_layout_key_equal,
                                plot_layout_key_free, g_object_unref);
}

/* A new reference to the cached layout of @markup at @factor with @opt (NULL: none), for the
 * plot's context. Never change it. */
PangoLayout *
dpv_plot_text_layout_with (DpvPlot             *p,
                           const char          *markup,
                           double               factor,
                           const LayoutOptions *opt)
{
  return dpv_text_cached_layout_in (p->pctx, p->pctx_sig, &p->style, markup, factor, opt);
}

/* A cached layout owned by the plot (kept in its table: borrowed). */
PangoLayout *
dpv_plot_text_layout (DpvPlot *p, const char *markup, double factor)
{
  PlotLayoutKey probe = { factor, (char *) (markup ? markup : "") };
  PangoLayout *layout = g_hash_table_lookup (p->layouts, &probe);

  if (layout == NULL)
    {
      PlotLayoutKey *key = g_new (PlotLayoutKey, 1);

      key->factor = factor;
      key->markup = g_strdup (probe.markup);
      layout = dpv_plot_text_layout_with (p, markup, factor, NULL);
      g_hash_table_insert (p->layouts, key, layout);
    }
  return layout;
}

gboolean
dpv_plot_halo_color (const DpvStyle *style, DpvColor *out)
{
  if (style->plot_background.a > 0.01)
    *out = style->plot_background;
  else if (style->background.a > 0.01)
    *out = style->background;
  else
    return FALSE;
  out->a = 1.0;
  return TRUE;
}

/* Draws layout with its top-left at (x, y); with halo, outlines it in the background colour
 * first so that it stays readable over lines. The colour is made readable as text
 * (dpv_style_text_color (): 4.5:1 against the background). */
void
dpv_plot_show_layout (DpvPlot *p, PangoLayout *layout, double x, double y, const DpvColor *color,
                      gboolean halo)
{
  cairo_t *cr = p->cr;
  DpvColor hc, tc;

  gboolean snap = p->style.pixel_snap && !p->vector;

  if (!dpv_text_layout_in_clip (cr, layout, x, y, 0.5 * p->em + 2))
    return;
  cairo_save (cr);
  if (halo && dpv_plot_halo_color (&p->style, &hc))
    {
      /* the text shown 8 times around its place in the background colour: glyphs come from
       * cairo's glyph cache, ~20× cheaper than stroking the outline path */
      double r = MAX (0.8, p->em * 0.11);

      dpv_color_set_source (&hc, cr);
      for (int k = 0; k < 8; k++)
        {
          cairo_save (cr);
          dpv_text_move_to (cr, snap, x + r * cos (k * G_PI / 4), y + r * sin (k * G_PI / 4));
          pango_cairo_show_layout (cr, layout);
          cairo_restore (cr);
        }
    }
  dpv_text_move_to (cr, snap, x, y);
  dpv_style_text_color (&p->style, color, &tc);
  dpv_color_set_source (&tc, cr);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
}

void
dpv_plot_record_text (DpvPlot *p, DpvTextKind kind, double x, double y, double w, double h)
{
  TextRect r = { kind, x, y, w, h };
  g_array_append_val (p->texts, r);
  if (p->style.plot_options.panel_log != NULL)
    dpv_plot_record_text_box (p, kind, x, y, w, h);
}

gsize
dpv_plot_get_text_rects (DpvPlot           *plot,
                         DpvTextKind        kind,
                         cairo_rectangle_t *rects,
                         gsize              max_rects)
{
  gsize n = 0;

  g_return_val_if_fail (plot != NULL, 0);
  for (guint i = 0; i < plot->texts->len; i++)
    {
      TextRect *r = &g_array_index (plot->texts, TextRect, i);
      if (r->kind != kind)
        continue;
      if (rects != NULL && n < max_rects)
        {
          rects[n].x = r->x;
          rects[n].y = r->y;
          rects[n].width = r->w;
          rects[n].height = r->h;
        }
      n++;
    }
  return n;
}
