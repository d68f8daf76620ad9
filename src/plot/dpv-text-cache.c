/* dpv-text-cache.c — layouts kept across renders, per thread
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dpv-text-private.h"

/* Laying text out (markup parsing, itemising, font lookup, shaping) was about a quarter of a
 * frame, and nearly all of it repeats from frame to frame: the same tick labels, titles and
 * legends. Layouts are therefore kept across renders, per thread (PangoLayout is not
 * thread-safe; pangocairo's font map is per thread too), keyed by everything that decides them:
 *   - the PangoContext's inputs, i.e. what pango_cairo_update_context () reads from cr: the
 *     linear part of the user-to-device matrix and the target surface's font options (our own
 *     options, metric hinting off, are explicit and the same for all);
 *   - the font (family, size in user units), the markup, and the changes made after creation
 *     (single paragraph, width fitting, semibold, wrapping width).
 * A cached layout is shared, so it is never changed after it is stored. */

#define LAYOUT_CACHE_MAX 1024   /* entries; the table is emptied when full */
#define CONTEXT_CACHE_MAX 16

typedef struct {
  GHashTable *contexts;   /* signature → PangoContext */
  GHashTable *layouts;    /* signature + font + markup + options → PangoLayout */
} TextCache;

static void
text_cache_free (gpointer data)
{
  TextCache *tc = data;

  g_hash_table_unref (tc->layouts);
  g_hash_table_unref (tc->contexts);
  g_free (tc);
}

static GPrivate text_cache_key = G_PRIVATE_INIT (text_cache_free);

static TextCache *
text_cache (void)
{
  TextCache *tc = g_private_get (&text_cache_key);

  if (tc == NULL)
    {
      tc = g_new0 (TextCache, 1);
      tc->contexts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
      tc->layouts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
      g_private_set (&text_cache_key, tc);
    }
  return tc;
}

/* What pango_cairo_update_context () would read from cr, as a string. */
void
dpv_text_cache_trim (void)
{
  TextCache *tc = g_private_get (&text_cache_key);

  if (tc != NULL)
    g_hash_table_remove_all (tc->layouts);
}

static char *
context_signature (cairo_t *cr)
{
  cairo_matrix_t m;
  cairo_font_options_t *fo = cairo_font_options_create ();
  char *sig;

  cairo_get_matrix (cr, &m);
  cairo_surface_get_font_options (cairo_get_target (cr), fo);
  sig = g_strdup_printf ("%a %a %a %a %d %d %d %d %lx", m.xx, m.yx, m.xy, m.yy,
                         (int) cairo_font_options_get_antialias (fo),
                         (int) cairo_font_options_get_subpixel_order (fo),
                         (int) cairo_font_options_get_hint_style (fo),
                         (int) cairo_font_options_get_hint_metrics (fo),
                         cairo_font_options_hash (fo));
  cairo_font_options_destroy (fo);
  return sig;
}

/* The shared, configured PangoContext for cr's current matrix and target; *sig_out (owned by
 * the cache) names it. Borrowed. */
PangoContext *
dpv_text_shared_context (cairo_t *cr, const char **sig_out)
{
  TextCache *tc = text_cache ();
  char *sig = context_signature (cr);
  gpointer key = NULL, value = NULL;

  if (!g_hash_table_lookup_extended (tc->contexts, sig, &key, &value))
    {
      PangoContext *ctx = pango_cairo_create_context (cr);

      dpv_text_configure_context (ctx);
      /* layouts keep their context alive, so emptying the table is safe */
      if (g_hash_table_size (tc->contexts) >= CONTEXT_CACHE_MAX)
        {
          g_hash_table_remove_all (tc->layouts);
          g_hash_table_remove_all (tc->contexts);
        }
      key = sig;
      value = ctx;
      g_hash_table_insert (tc->contexts, sig, ctx);
    }
  else
    g_free (sig);
  *sig_out = key;
  return value;
}

/* Appends '|' and the 16 hex digits of v's bits: exact, and far cheaper than printf's %a for
 * a key built on every lookup. */
static void
append_bits (GString *s, double v)
{
  static const char hex[] = "0123456789abcdef";
  guint64 bits;
  char buf[17];

  memcpy (&bits, &v, sizeof bits);
  buf[0] = '|';
  for (int i = 16; i > 0; i--, bits >>= 4)
    buf[i] = hex[bits & 0xf];
  g_string_append_len (s, buf, sizeof buf);
}

/* A new reference to the cached layout of markup at factor for cr's current matrix. The
 * layout is measured before it is stored, so its lines are laid out once. Never change it. */
PangoLayout *
dpv_text_cached_layout_in (PangoContext        *ctx,
                           const char          *sig,
                           const DpvStyle      *style,
                           const char          *markup,
                           double               factor,
                           const LayoutOptions *opt)
{
  static const LayoutOptions none = { FALSE, 0, FALSE, 0, 0 };
  TextCache *tc = text_cache ();
  PangoLayout *layout;
  char *key;

  if (opt == NULL)
    opt = &none;
  if (markup == NULL)
    markup = "";
  if (opt->fit > 0)
    {
      /* text that fits is left as it is by dpv_text_fit_width (): share the unfitted
       * layout, so that a width that moves with the margins does not make a new one every
       * frame */
      LayoutOptions natural = *opt;
      double w;

      natural.fit = 0;
      layout = dpv_text_cached_layout_in (ctx, sig, style, markup, factor, &natural);
      dpv_text_layout_size (layout, &w, NULL);
      if (w <= CLAMP (opt->fit, 1.0, 1e6))
        return layout;
      g_object_unref (layout);
    }
  else if (opt->wrap > 0)
    {
      /* Likewise text that fits the wrapping width is laid out as it would be unwrapped (a
       * caption is measured unwrapped first): one layout of it, not two, when it changes. */
      LayoutOptions natural = *opt;
      double w;

      natural.wrap = 0;
      layout = dpv_text_cached_layout_in (ctx, sig, style, markup, factor, &natural);
      dpv_text_layout_size (layout, &w, NULL);
      if (w <= MIN (opt->wrap, 1e6))
        return layout;
      g_object_unref (layout);
    }
  {
    GString *k = g_string_sized_new (128 + strlen (markup));

    g_string_append (k, sig);
    g_string_append_c (k, '|');
    g_string_append (k, style->font_family);
    append_bits (k, dpv_text_font_px (style, factor));
    append_bits (k, opt->single_paragraph);
    append_bits (k, opt->fit);
    append_bits (k, opt->semibold);
    append_bits (k, opt->wrap);
    append_bits (k, opt->fit > 0 ? MAX (opt->lines, 1) : 0);
    g_string_append_c (k, '|');
    g_string_append (k, markup);
    key = g_string_free (k, FALSE);
  }
  layout = g_hash_table_lookup (tc->layouts, key);
  if (layout != NULL)
    {
      g_free (key);
      return g_object_ref (layout);
    }

  layout = dpv_text_layout_new (ctx, style, markup, factor);
  if (opt->single_paragraph)
    pango_layout_set_single_paragraph_mode (layout, TRUE);
  if (opt->fit > 0)
    dpv_text_fit_lines (layout, opt->fit, opt->lines);
  if (opt->semibold)
    {
      PangoAttrList *attrs = pango_layout_get_attributes (layout);

      attrs = attrs ? pango_attr_list_copy (attrs) : pango_attr_list_new ();
      pango_attr_list_insert_before (attrs, pango_attr_weight_new (PANGO_WEIGHT_SEMIBOLD));
      pango_layout_set_attributes (layout, attrs);
      pango_attr_list_unref (attrs);
      if (opt->fit > 0)
        dpv_text_fit_lines (layout, opt->fit, opt->lines);
    }
  if (opt->wrap > 0)
    {
      pango_layout_set_width (layout, (int) (MIN (opt->wrap, 1e6) * PANGO_SCALE));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
    }
  pango_layout_get_extents (layout, NULL, NULL);   /* lay it out now, once */
  if (g_hash_table_size (tc->layouts) >= LAYOUT_CACHE_MAX)
    g_hash_table_remove_all (tc->layouts);
  g_hash_table_insert (tc->layouts, key, g_object_ref (layout));
  return layout;
}

PangoLayout *
dpv_text_cached_layout (cairo_t *cr, const DpvStyle *style, const char *markup, double factor,
                        const LayoutOptions *opt)
{
  const char *sig = NULL;
  PangoContext *ctx = dpv_text_shared_context (cr, &sig);

  return dpv_text_cached_layout_in (ctx, sig, style, markup, factor, opt);
}
