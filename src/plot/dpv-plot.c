/* dpv-plot.c — one panel: axes, series, fills, annotations, legend
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Everything is in the user units of the caller's cairo context, so the same code draws a
 * 320×200 thumbnail, a HiDPI widget (the caller scales cr) and a 600 dpi PDF. Text goes
 * through one PangoContext created from cr with metric hinting off, so that label sizes, and
 * therefore margins, do not depend on the device scale.
 */
#include "config.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include <pango/pangocairo.h>

#include "dpv-plot.h"
#include "dpv-ticks.h"

/* Font size factors relative to style->font_size × style->text_scale. */
#define TICK_FACTOR 0.9
#define AXIS_TITLE_FACTOR 1.0
#define TITLE_FACTOR 1.08
#define LEGEND_FACTOR 0.9
#define ANNOT_FACTOR 0.9

enum { AX_X = 0, AX_Y, AX_Y2, N_AXES };

typedef struct {
  gboolean set;
  double min, max;      /* sanitized data range */
  double tmin, tmax;    /* transformed (log10 on log axes) */
  DpvScale scale;
  char *title;
  DpvTick ticks[DPV_MAX_TICKS];
  gboolean show_label[DPV_MAX_TICKS];
  double label_shift[DPV_MAX_TICKS];   /* y labels nudged up off a corner collision */
  gsize n_ticks;
  DpvTick *custom;      /* caller-chosen ticks (dpv_plot_set_x_ticks ()), or NULL */
  gsize n_custom;
} Axis;

typedef enum {
  ENTRY_LINE,
  ENTRY_FILL,
  ENTRY_BAR,
  ENTRY_MARKER,
} EntryKind;

typedef struct {
  EntryKind kind;
  char *markup;
  DpvColor color;
  double width;
  double alpha;
  DpvDash dash;
} LegendEntry;

typedef struct {
  DpvTextKind kind;
  double x, y, w, h;
} TextRect;

typedef struct {
  double x, y;
} Point;

/* Recorded points bucketed by x into columns of the data area, so that counting the points in
 * a box looks only at the columns it spans (legend and label placement count dozens of
 * candidate boxes against thousands of points). Built when first needed, again when points
 * were added since. */
typedef struct {
  guint len;        /* points indexed (the array's length when built) */
  guint n_cols;
  double x0, col_w;
  guint *start;     /* n_cols + 1 offsets into sorted */
  Point *sorted;    /* the points, column by column */
} PointIndex;

struct _DpvPlot {
  cairo_t *cr;
  DpvStyle style;
  double x, y, w, h;            /* panel */
  Axis axes[N_AXES];
  char *title;
  GStrv title_choices;          /* dpv_plot_set_title_choices (), or NULL */
  gboolean x_tick_labels;
  gboolean laid_out;
  gboolean show_y_title, show_y2_title, show_x_title;
  double dx, dy, dw, dh;        /* data area */
  double min_left, min_right;   /* forced by dpv_plot_align_x() */
  gboolean vector;              /* PDF, PS or SVG target: no pixel alignment */
  double em;                    /* font size in user units */
  double ticklen, pad;
  PangoContext *pctx;           /* shared (layout cache), for cr's matrix at creation */
  char *pctx_sig;
  GHashTable *layouts;          /* factor bits + markup → PangoLayout (from the cache) */
  GArray *points;               /* Point: drawn series samples, for legend placement */
  GArray *ref_points;           /* Point: reference-line samples (count less) */
  PointIndex points_index, ref_points_index;
  GArray *entries;              /* LegendEntry */
  GArray *texts;                /* TextRect */
  gboolean data_bg_done;        /* the data area's own background is painted */
  gboolean data_drawn;          /* something (the grid included) is drawn in the data area */
  struct _DotStamps *dots;      /* while a line's dots are stamped (flush_run ()), or NULL */
  GPtrArray *below;             /* markup of the legend in a strip under the plot, or NULL */
  double below_h;               /* height reserved for that strip (with its gap), or 0 */
  double extra_below;           /* blank under the x title (dpv_plot_align_bottom ()) */
};

/* ---------------------------------------------------------------- text ---- */

static double
font_px (const DpvStyle *style, double factor)
{
  double size = style->font_size * style->text_scale * factor;

  if (!isfinite (size) || size <= 0)
    size = 13.0 * factor;
  return CLAMP (size, 1.0, 2000.0);
}

static PangoFontDescription *
make_font (const DpvStyle *style, double factor)
{
  PangoFontDescription *desc = pango_font_description_new ();

  pango_font_description_set_family (desc, style->font_family[0] ? style->font_family : "sans");
  pango_font_description_set_absolute_size (desc, font_px (style, factor) * PANGO_SCALE);
  return desc;
}

static void
configure_context (PangoContext *ctx)
{
  cairo_font_options_t *fo = cairo_font_options_create ();

  /* metric hinting would make label widths depend on the device scale */
  cairo_font_options_set_hint_metrics (fo, CAIRO_HINT_METRICS_OFF);
  pango_cairo_context_set_font_options (ctx, fo);
  cairo_font_options_destroy (fo);
}

/* Pango 1.50 sizes <sup>/<sub> (font_scale attributes) in device units: under a scaled cairo
 * context (HiDPI, print resolution) superscripts come out larger than the base text. A relative
 * size with an explicit rise does not have that problem, so the two tags are rewritten before
 * parsing. rise is in Pango units of the layout, i.e. user units × PANGO_SCALE. */
static char *
rewrite_scripts (const char *markup, double font_size)
{
  GString *out;
  char sup[64], sub[64];
  const char *p = markup;

  if (strstr (markup, "<sup>") == NULL && strstr (markup, "<sub>") == NULL)
    return NULL;
  g_snprintf (sup, sizeof sup, "<span size=\"70%%\" rise=\"%d\">",
              (int) lround (font_size * 0.36 * PANGO_SCALE));
  g_snprintf (sub, sizeof sub, "<span size=\"70%%\" rise=\"%d\">",
              (int) -lround (font_size * 0.14 * PANGO_SCALE));
  out = g_string_sized_new (strlen (markup) + 64);
  while (*p)
    {
      if (g_str_has_prefix (p, "<sup>") || g_str_has_prefix (p, "<sub>"))
        {
          g_string_append (out, p[3] == 'p' ? sup : sub);
          p += 5;
        }
      else if (g_str_has_prefix (p, "</sup>") || g_str_has_prefix (p, "</sub>"))
        {
          g_string_append (out, "</span>");
          p += 6;
        }
      else
        g_string_append_c (out, *p++);
    }
  return g_string_free (out, FALSE);
}

/* Sets markup, falling back to plain text (no warning) when it does not parse. */
static void
set_markup_safe (PangoLayout *layout, const char *markup)
{
  PangoAttrList *attrs = NULL;
  char *text = NULL;
  g_autofree char *rewritten = NULL;
  const PangoFontDescription *desc = pango_layout_get_font_description (layout);
  double size = desc ? (double) pango_font_description_get_size (desc) / PANGO_SCALE : 13.0;

  if (markup == NULL)
    markup = "";
  rewritten = rewrite_scripts (markup, size > 0 ? size : 13.0);
  if (rewritten != NULL && pango_parse_markup (rewritten, -1, 0, NULL, NULL, NULL, NULL))
    markup = rewritten;
  if (pango_parse_markup (markup, -1, 0, &attrs, &text, NULL, NULL))
    {
      pango_layout_set_text (layout, text, -1);
      pango_layout_set_attributes (layout, attrs);
      pango_attr_list_unref (attrs);
      g_free (text);
    }
  else if (g_utf8_validate (markup, -1, NULL))
    pango_layout_set_text (layout, markup, -1);
  else
    {
      char *valid = g_utf8_make_valid (markup, -1);
      pango_layout_set_text (layout, valid, -1);
      g_free (valid);
    }
}

static PangoLayout *
new_layout (PangoContext *ctx, const DpvStyle *style, const char *markup, double factor)
{
  PangoLayout *layout = pango_layout_new (ctx);
  PangoFontDescription *desc = make_font (style, factor);

  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  set_markup_safe (layout, markup);
  return layout;
}

/* --------------------------------------------------------- layout cache ---- */

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
static PangoContext *
shared_context (cairo_t *cr, const char **sig_out)
{
  TextCache *tc = text_cache ();
  char *sig = context_signature (cr);
  gpointer key = NULL, value = NULL;

  if (!g_hash_table_lookup_extended (tc->contexts, sig, &key, &value))
    {
      PangoContext *ctx = pango_cairo_create_context (cr);

      configure_context (ctx);
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

typedef struct {
  gboolean single_paragraph;
  double fit;          /* fit_width () to this when > 0 */
  gboolean semibold;   /* semibold over the markup, then fitted again */
  double wrap;         /* wrap at this width when > 0 */
} LayoutOptions;

static void fit_width (PangoLayout *layout, double width);
static void layout_size (PangoLayout *layout, double *w, double *h);

/* A new reference to the cached layout of markup at factor for cr's current matrix. The
 * layout is measured before it is stored, so its lines are laid out once. Never change it. */
static PangoLayout *
cached_layout_in (PangoContext *ctx, const char *sig, const DpvStyle *style, const char *markup,
                  double factor, const LayoutOptions *opt)
{
  static const LayoutOptions none = { FALSE, 0, FALSE, 0 };
  TextCache *tc = text_cache ();
  PangoLayout *layout;
  char *key;

  if (opt == NULL)
    opt = &none;
  if (markup == NULL)
    markup = "";
  if (opt->fit > 0)
    {
      /* text that fits is left as it is by fit_width (): share the unfitted layout, so that a
       * width that moves with the margins does not make a new one every frame */
      LayoutOptions natural = *opt;
      double w;

      natural.fit = 0;
      layout = cached_layout_in (ctx, sig, style, markup, factor, &natural);
      layout_size (layout, &w, NULL);
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
      layout = cached_layout_in (ctx, sig, style, markup, factor, &natural);
      layout_size (layout, &w, NULL);
      if (w <= MIN (opt->wrap, 1e6))
        return layout;
      g_object_unref (layout);
    }
  {
    GString *k = g_string_sized_new (128 + strlen (markup));

    g_string_append (k, sig);
    g_string_append_c (k, '|');
    g_string_append (k, style->font_family);
    append_bits (k, font_px (style, factor));
    append_bits (k, opt->single_paragraph);
    append_bits (k, opt->fit);
    append_bits (k, opt->semibold);
    append_bits (k, opt->wrap);
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

  layout = new_layout (ctx, style, markup, factor);
  if (opt->single_paragraph)
    pango_layout_set_single_paragraph_mode (layout, TRUE);
  if (opt->fit > 0)
    fit_width (layout, opt->fit);
  if (opt->semibold)
    {
      PangoAttrList *attrs = pango_layout_get_attributes (layout);

      attrs = attrs ? pango_attr_list_copy (attrs) : pango_attr_list_new ();
      pango_attr_list_insert_before (attrs, pango_attr_weight_new (PANGO_WEIGHT_SEMIBOLD));
      pango_layout_set_attributes (layout, attrs);
      pango_attr_list_unref (attrs);
      if (opt->fit > 0)
        fit_width (layout, opt->fit);
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

static PangoLayout *
cached_layout (cairo_t *cr, const DpvStyle *style, const char *markup, double factor,
               const LayoutOptions *opt)
{
  const char *sig = NULL;
  PangoContext *ctx = shared_context (cr, &sig);

  return cached_layout_in (ctx, sig, style, markup, factor, opt);
}

static void
layout_size (PangoLayout *layout, double *w, double *h)
{
  PangoRectangle logical;

  pango_layout_get_extents (layout, NULL, &logical);
  if (w)
    *w = (double) logical.width / PANGO_SCALE;
  if (h)
    *h = (double) logical.height / PANGO_SCALE;
}

static gboolean
is_scale_attr (PangoAttribute *attr, gpointer data)
{
  PangoAttrType type = attr->klass->type;

  return type == PANGO_ATTR_FONT_SCALE || type == PANGO_ATTR_SCALE || type == PANGO_ATTR_SIZE
         || type == PANGO_ATTR_ABSOLUTE_SIZE || type == PANGO_ATTR_RISE
         || type == PANGO_ATTR_BASELINE_SHIFT;
}

static gboolean
has_scaled_text (PangoLayout *layout)
{
  PangoAttrList *attrs = pango_layout_get_attributes (layout);
  GSList *list;
  gboolean scaled = FALSE;

  if (attrs == NULL)
    return FALSE;
  list = pango_attr_list_get_attributes (attrs);
  for (GSList *l = list; l; l = l->next)
    if (is_scale_attr (l->data, NULL))
      scaled = TRUE;
  g_slist_free_full (list, (GDestroyNotify) pango_attribute_destroy);
  return scaled;
}

/* Makes layout at most width wide: ellipsized, or, for text with superscripts or subscripts
 * (which Pango 1.50 cannot ellipsize without warning "Leftover font scales"), set smaller and
 * wrapped if it must. */
static void
fit_width (PangoLayout *layout, double width)
{
  double w;

  width = CLAMP (width, 1.0, 1e6);   /* also keeps width × PANGO_SCALE within int */
  layout_size (layout, &w, NULL);
  if (w <= width)
    return;
  if (!has_scaled_text (layout))
    {
      pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
      return;
    }
  {
    PangoFontDescription *desc =
      pango_font_description_copy (pango_layout_get_font_description (layout));
    double size = pango_font_description_get_size (desc);

    pango_font_description_set_absolute_size (desc, MAX (1.0, size * MAX (width / w, 0.7)));
    pango_layout_set_font_description (layout, desc);
    pango_font_description_free (desc);
    layout_size (layout, &w, NULL);
    if (w > width)
      {
        /* still too long: it will be cut anyway, so drop the sizes and rises (e^ε reads
         * "eε" in the cut text) and ellipsize on one line */
        PangoAttrList *attrs = pango_layout_get_attributes (layout);

        if (attrs != NULL)
          {
            PangoAttrList *copy = pango_attr_list_copy (attrs);
            PangoAttrList *removed = pango_attr_list_filter (copy, is_scale_attr, NULL);

            if (removed != NULL)
              pango_attr_list_unref (removed);
            pango_layout_set_attributes (layout, copy);
            pango_attr_list_unref (copy);
          }
        pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
        pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
      }
  }
}

/* The key of a plot's own layout table: the markup at a size factor. A lookup builds it on
 * the stack; only an insertion copies the markup (tick labels are looked up hundreds of
 * times a frame, and a key string built and freed for each was a tenth of what a band of
 * dpv_view_render_image () repeats). */
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

/* A cached layout owned by the plot. */
static PangoLayout *
plot_layout (DpvPlot *p, const char *markup, double factor)
{
  PlotLayoutKey probe = { factor, (char *) (markup ? markup : "") };
  PangoLayout *layout = g_hash_table_lookup (p->layouts, &probe);

  if (layout == NULL)
    {
      PlotLayoutKey *key = g_new (PlotLayoutKey, 1);

      key->factor = factor;
      key->markup = g_strdup (probe.markup);
      layout = cached_layout_in (p->pctx, p->pctx_sig, &p->style, markup, factor, NULL);
      g_hash_table_insert (p->layouts, key, layout);
    }
  return layout;
}

static gboolean
halo_color (const DpvStyle *style, DpvColor *out)
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

/* Moves to (x, y) as a text origin. With @snap, the origin is rounded to a whole device pixel
 * and put into the matrix itself (the caller saves and restores cr around the text).
 * cairo's image backend rounds every glyph origin to a pixel anyway, and pango places glyphs
 * at whole or half device units from the origin; with the origin an exact integer in the
 * matrix, each glyph's device position is computed without rounding error, so a glyph that
 * lies exactly half-way rounds the same way in every band of dpv_view_render_image () as in
 * one cairo_t (the band's device offset would otherwise add an error of its own, and the
 * glyph could move by a pixel). Vector output keeps the exact position. */
static void
move_to_text (cairo_t *cr, gboolean snap, double x, double y)
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
static gboolean
layout_in_clip (cairo_t *cr, PangoLayout *layout, double x, double y, double margin)
{
  double w, h, cx0, cy0, cx1, cy1;

  layout_size (layout, &w, &h);
  cairo_clip_extents (cr, &cx0, &cy0, &cx1, &cy1);
  return x + w + margin >= cx0 && x - margin <= cx1 && y + h + margin >= cy0
         && y - margin <= cy1;
}

/* Draws layout with its top-left at (x, y); with halo, outlines it in the background colour
 * first so that it stays readable over lines. */
static void
show_layout (DpvPlot *p, PangoLayout *layout, double x, double y, const DpvColor *color,
             gboolean halo)
{
  cairo_t *cr = p->cr;
  DpvColor hc;

  gboolean snap = p->style.pixel_snap && !p->vector;

  if (!layout_in_clip (cr, layout, x, y, 0.5 * p->em + 2))
    return;
  cairo_save (cr);
  if (halo && halo_color (&p->style, &hc))
    {
      /* the text shown 8 times around its place in the background colour: glyphs come from
       * cairo's glyph cache, ~20× cheaper than stroking the outline path */
      double r = MAX (0.8, p->em * 0.11);

      dpv_color_set_source (&hc, cr);
      for (int k = 0; k < 8; k++)
        {
          cairo_save (cr);
          move_to_text (cr, snap, x + r * cos (k * G_PI / 4), y + r * sin (k * G_PI / 4));
          pango_cairo_show_layout (cr, layout);
          cairo_restore (cr);
        }
    }
  move_to_text (cr, snap, x, y);
  dpv_color_set_source (color, cr);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
}

static void
record_text (DpvPlot *p, DpvTextKind kind, double x, double y, double w, double h)
{
  TextRect r = { kind, x, y, w, h };
  g_array_append_val (p->texts, r);
}

/* ---------------------------------------------------------------- axes ---- */

static void
sanitize_range (double *min, double *max, DpvScale scale)
{
  double a = *min, b = *max;

  if (scale == DPV_SCALE_LOG)
    {
      if (!(b > 0) || !isfinite (b))
        b = (isfinite (a) && a > 0) ? a * 10 : 1.0;
      if (!(a > 0) || !isfinite (a))
        a = b / 1000.0;
      if (a > b)
        {
          double t = a;
          a = b;
          b = t;
        }
      if (!(b > a * (1 + 1e-12)))
        {
          a /= 1.1;
          b *= 1.1;
        }
      if (!(a > 0))
        a = DBL_MIN;
      if (!isfinite (b))
        b = DBL_MAX;
    }
  else
    {
      if (!isfinite (a) && !isfinite (b))
        {
          a = 0;
          b = 1;
        }
      else if (!isfinite (a))
        a = b - (b != 0 ? fabs (b) : 1.0);
      else if (!isfinite (b))
        b = a + (a != 0 ? fabs (a) : 1.0);
      if (a > b)
        {
          double t = a;
          a = b;
          b = t;
        }
      if (!(b - a > fabs (a / 2 + b / 2) * 2e-13))
        {
          double c = a / 2 + b / 2;
          double hw = c != 0 ? fabs (c) * 0.1 : 1.0;
          a = c - hw;
          b = c + hw;
        }
      /* keep max − min finite */
      if (!isfinite (b - a))
        {
          a /= 2;
          b /= 2;
        }
    }
  *min = a;
  *max = b;
}

static void
axis_set (DpvPlot *p, int which, double min, double max, DpvScale scale, const char *title)
{
  Axis *ax = &p->axes[which];

  if (scale != DPV_SCALE_LOG)
    scale = DPV_SCALE_LINEAR;
  sanitize_range (&min, &max, scale);
  ax->set = TRUE;
  ax->min = min;
  ax->max = max;
  ax->scale = scale;
  if (scale == DPV_SCALE_LOG)
    {
      ax->tmin = log10 (min);
      ax->tmax = log10 (max);
    }
  else
    {
      ax->tmin = min;
      ax->tmax = max;
    }
  g_free (ax->title);
  ax->title = title ? g_strdup (title) : NULL;
  p->laid_out = FALSE;
}

/* Fraction along the axis, NaN where undefined (log of a non-positive value). */
static double
axis_frac (const Axis *ax, double v)
{
  double t;

  if (ax->scale == DPV_SCALE_LOG)
    {
      if (!(v > 0))
        return v == 0 ? -INFINITY : NAN;
      t = log10 (v);
    }
  else
    t = v;
  return t / (ax->tmax - ax->tmin) - ax->tmin / (ax->tmax - ax->tmin);
}

static double
axis_unfrac (const Axis *ax, double f)
{
  double t = ax->tmin + f * (ax->tmax - ax->tmin);

  return ax->scale == DPV_SCALE_LOG ? pow (10.0, t) : t;
}

/* Clamps a user coordinate far outside the data area to a finite value cairo can take;
 * lines to such points keep their visible slope to within a negligible error. */
static double
clamp_user (DpvPlot *p, double u, gboolean is_x)
{
  double lo = is_x ? p->dx : p->dy;
  double len = is_x ? p->dw : p->dh;
  double m = 50.0 * (p->dw + p->dh) + 1000.0;

  if (isnan (u))
    return u;
  return CLAMP (u, lo - m, lo + len + m);
}

/* For lines and polygons, which are clipped (clip_segment, clip_polygon) before they reach
 * cairo: a bound so far out that clamping both ends of a segment is needed only for points
 * 10¹⁰ axis ranges away, yet near enough that double arithmetic keeps the visible part
 * accurate to a thousandth of a unit. */
static double
clamp_far (double u)
{
  return isnan (u) ? u : CLAMP (u, -1e13, 1e13);
}

static double
map_x (DpvPlot *p, double v)
{
  return p->dx + axis_frac (&p->axes[AX_X], v) * p->dw;
}

static double
map_y_axis (DpvPlot *p, int which, double v)
{
  return p->dy + p->dh - axis_frac (&p->axes[which], v) * p->dh;
}

/* Snaps a horizontal (is_x FALSE) or vertical line position to the device pixel grid. */
static double
snap (DpvPlot *p, double u, gboolean is_x, double line_width)
{
  cairo_matrix_t m;
  double ux, uy, wx, wy, d, dw;
  int iw;

  if (!p->style.pixel_snap || !isfinite (u))
    return u;
  cairo_get_matrix (p->cr, &m);
  if (m.xy != 0 || m.yx != 0)
    return u;
  ux = is_x ? u : 0;
  uy = is_x ? 0 : u;
  cairo_user_to_device (p->cr, &ux, &uy);
  wx = is_x ? line_width : 0;
  wy = is_x ? 0 : line_width;
  cairo_user_to_device_distance (p->cr, &wx, &wy);
  dw = fabs (is_x ? wx : wy);
  iw = (int) CLAMP (lround (MIN (dw, 1e6)), 1, 1000000);
  d = is_x ? ux : uy;
  d = (iw % 2) ? floor (d) + 0.5 : round (d);
  if (is_x)
    ux = d;
  else
    uy = d;
  cairo_device_to_user (p->cr, &ux, &uy);
  return is_x ? ux : uy;
}

/* Rounds a line width to whole device pixels when snapping, so snapped lines are crisp. */
static double
snap_width (DpvPlot *p, double line_width)
{
  cairo_matrix_t m;
  double wx = line_width, wy = 0, dw;

  if (!p->style.pixel_snap || !isfinite (line_width) || line_width <= 0)
    return line_width;
  cairo_get_matrix (p->cr, &m);
  if (m.xy != 0 || m.yx != 0)
    return line_width;
  cairo_user_to_device_distance (p->cr, &wx, &wy);
  dw = fabs (wx);
  if (!(dw > 0))
    return line_width;
  return line_width * MAX (1.0, round (dw)) / dw;
}

static gboolean
is_vector_target (cairo_t *cr)
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

/* ------------------------------------------------------------- new/free ---- */

DpvPlot *
dpv_plot_new (cairo_t        *cr,
              const DpvStyle *style,
              double          x,
              double          y,
              double          width,
              double          height)
{
  DpvPlot *p;

  g_return_val_if_fail (cr != NULL, NULL);
  g_return_val_if_fail (style != NULL, NULL);

  p = g_new0 (DpvPlot, 1);
  p->cr = cairo_reference (cr);
  p->style = *style;
  p->style.font_family[sizeof p->style.font_family - 1] = '\0';
  if (!isfinite (p->style.line_width) || p->style.line_width <= 0)
    p->style.line_width = 2.0;
  if (!isfinite (p->style.text_scale) || p->style.text_scale <= 0)
    p->style.text_scale = 1.0;
  if (!isfinite (p->style.font_size) || p->style.font_size <= 0)
    p->style.font_size = 13.0;

  /* STYLE.md: snapped on image surfaces only; vector exports stay exact even when the caller
   * passes a screen style */
  p->vector = is_vector_target (cr);
  if (p->vector)
    p->style.pixel_snap = FALSE;

  p->x = isfinite (x) ? x : 0;
  p->y = isfinite (y) ? y : 0;
  p->w = (isfinite (width) && width > 1) ? width : 1;
  p->h = (isfinite (height) && height > 1) ? height : 1;
  p->x_tick_labels = TRUE;

  {
    const char *sig = NULL;

    p->pctx = g_object_ref (shared_context (cr, &sig));
    p->pctx_sig = g_strdup (sig);
  }
  p->layouts = g_hash_table_new_full (plot_layout_key_hash, plot_layout_key_equal,
                                      plot_layout_key_free, g_object_unref);
  p->points = g_array_new (FALSE, FALSE, sizeof (Point));
  p->ref_points = g_array_new (FALSE, FALSE, sizeof (Point));
  p->entries = g_array_new (FALSE, FALSE, sizeof (LegendEntry));
  p->texts = g_array_new (FALSE, FALSE, sizeof (TextRect));

  axis_set (p, AX_X, 0, 1, DPV_SCALE_LINEAR, NULL);
  axis_set (p, AX_Y, 0, 1, DPV_SCALE_LINEAR, NULL);
  p->axes[AX_X].set = FALSE;
  p->axes[AX_Y].set = FALSE;
  return p;
}

void
dpv_plot_free (DpvPlot *plot)
{
  if (plot == NULL)
    return;
  for (int i = 0; i < N_AXES; i++)
    {
      g_free (plot->axes[i].title);
      g_free (plot->axes[i].custom);
    }
  for (guint i = 0; i < plot->entries->len; i++)
    g_free (g_array_index (plot->entries, LegendEntry, i).markup);
  g_array_unref (plot->entries);
  g_array_unref (plot->points);
  g_array_unref (plot->ref_points);
  g_free (plot->points_index.start);
  g_free (plot->points_index.sorted);
  g_free (plot->ref_points_index.start);
  g_free (plot->ref_points_index.sorted);
  g_array_unref (plot->texts);
  if (plot->below != NULL)
    g_ptr_array_unref (plot->below);
  g_hash_table_unref (plot->layouts);
  g_object_unref (plot->pctx);
  g_free (plot->pctx_sig);
  g_free (plot->title);
  g_strfreev (plot->title_choices);
  cairo_destroy (plot->cr);
  g_free (plot);
}

void
dpv_plot_set_x_axis (DpvPlot    *plot,
                     double      min,
                     double      max,
                     DpvScale    scale,
                     const char *title_markup)
{
  g_return_if_fail (plot != NULL);
  axis_set (plot, AX_X, min, max, scale, title_markup);
}

void
dpv_plot_set_y_axis (DpvPlot    *plot,
                     double      min,
                     double      max,
                     DpvScale    scale,
                     const char *title_markup)
{
  g_return_if_fail (plot != NULL);
  axis_set (plot, AX_Y, min, max, scale, title_markup);
}

void
dpv_plot_set_y2_axis (DpvPlot    *plot,
                      double      min,
                      double      max,
                      DpvScale    scale,
                      const char *title_markup)
{
  g_return_if_fail (plot != NULL);
  axis_set (plot, AX_Y2, min, max, scale, title_markup);
}

void
dpv_plot_set_title (DpvPlot    *plot,
                    const char *markup)
{
  g_return_if_fail (plot != NULL);
  g_free (plot->title);
  plot->title = (markup && *markup) ? g_strdup (markup) : NULL;
  g_clear_pointer (&plot->title_choices, g_strfreev);
  plot->laid_out = FALSE;
}

void
dpv_plot_set_title_choices (DpvPlot           *plot,
                            const char *const *markups,
                            gsize              n)
{
  GStrvBuilder *b;

  g_return_if_fail (plot != NULL);
  g_return_if_fail (markups != NULL || n == 0);
  dpv_plot_set_title (plot, n > 0 ? markups[n - 1] : NULL);
  if (n < 2)
    return;
  b = g_strv_builder_new ();
  for (gsize i = 0; i < n; i++)
    g_strv_builder_add (b, markups[i] ? markups[i] : "");
  plot->title_choices = g_strv_builder_end (b);
  g_strv_builder_unref (b);
}

void
dpv_plot_set_x_tick_labels (DpvPlot  *plot,
                            gboolean  visible)
{
  g_return_if_fail (plot != NULL);
  plot->x_tick_labels = visible;
  plot->laid_out = FALSE;
}

void
dpv_plot_set_x_ticks (DpvPlot       *plot,
                      const DpvTick *ticks,
                      gsize          n)
{
  Axis *ax;

  g_return_if_fail (plot != NULL);
  g_return_if_fail (ticks != NULL || n == 0);
  ax = &plot->axes[AX_X];
  g_clear_pointer (&ax->custom, g_free);
  ax->n_custom = MIN (n, DPV_MAX_TICKS);
  if (n > 0)
    ax->custom = g_memdup2 (ticks, ax->n_custom * sizeof (DpvTick));
  plot->laid_out = FALSE;
}

/* -------------------------------------------------------------- layout ---- */

static gsize
compute_ticks (const Axis *ax, guint max_ticks, DpvTick *ticks)
{
  if (ax->custom != NULL)
    {
      memcpy (ticks, ax->custom, ax->n_custom * sizeof (DpvTick));
      return ax->n_custom;
    }
  if (ax->scale == DPV_SCALE_LOG)
    return dpv_ticks_log (ax->min, ax->max, max_ticks, ticks);
  return dpv_ticks_linear (ax->min, ax->max, max_ticks, ticks);
}

/* Keeps a label only if its extent [c − s/2, c + s/2] along the axis stays inside [lo, hi]
 * and clears the previously kept label by gap. Returns the number hidden. */
static guint
thin_labels (Axis *ax, const double *centre, const double *size, double lo, double hi,
             double gap)
{
  double last_end = -INFINITY;
  guint hidden = 0;
  gsize order[DPV_MAX_TICKS];
  gsize n = 0;

  /* walk in increasing coordinate */
  for (gsize i = 0; i < ax->n_ticks; i++)
    if (ax->ticks[i].major && ax->ticks[i].label[0] && isfinite (centre[i]))
      order[n++] = i;
  if (n > 1 && centre[order[0]] > centre[order[n - 1]])
    for (gsize i = 0; i < n / 2; i++)
      {
        gsize t = order[i];
        order[i] = order[n - 1 - i];
        order[n - 1 - i] = t;
      }

  for (gsize i = 0; i < ax->n_ticks; i++)
    ax->show_label[i] = FALSE;
  for (gsize k = 0; k < n; k++)
    {
      gsize i = order[k];
      double a = centre[i] - size[i] / 2, b = centre[i] + size[i] / 2;

      if (a < lo - 0.01 || b > hi + 0.01 || a < last_end + gap)
        {
          hidden++;
          continue;
        }
      ax->show_label[i] = TRUE;
      last_end = b;
    }
  return hidden;
}

static double
label_extent (DpvPlot *p, const DpvTick *t, gboolean width)
{
  double w, h;

  if (!t->major || !t->label[0])
    return 0;
  layout_size (plot_layout (p, t->label, TICK_FACTOR), &w, &h);
  return width ? w : h;
}

/* Picks y ticks for a data height and returns the widest visible label. */
static double
layout_y_axis (DpvPlot *p, int which)
{
  Axis *ax = &p->axes[which];
  double lh = font_px (&p->style, TICK_FACTOR) * 1.25;
  double centre[DPV_MAX_TICKS], size[DPV_MAX_TICKS];
  guint max_ticks = (guint) CLAMP (floor (p->dh / (lh * 1.9)) + 1, 2, 11);
  double widest = 0;

  for (;;)
    {
      guint hidden;

      ax->n_ticks = compute_ticks (ax, max_ticks, ax->ticks);
      for (gsize i = 0; i < ax->n_ticks; i++)
        {
          centre[i] = map_y_axis (p, which, ax->ticks[i].value);
          size[i] = label_extent (p, &ax->ticks[i], FALSE);
        }
      hidden = thin_labels (ax, centre, size, p->y, p->y + p->h, lh * 0.25);
      if (hidden == 0 || max_ticks <= 2)
        break;
      max_ticks--;
    }
  for (gsize i = 0; i < ax->n_ticks; i++)
    if (ax->show_label[i])
      widest = MAX (widest, label_extent (p, &ax->ticks[i], TRUE));
  return widest;
}

/* Picks x ticks so that labels do not collide; returns how far the first and last visible
 * labels stick out of the data area (left, right). */
static void
layout_x_axis (DpvPlot *p, gboolean bounded, double *out_left, double *out_right)
{
  Axis *ax = &p->axes[AX_X];
  double centre[DPV_MAX_TICKS], size[DPV_MAX_TICKS];
  double gap = p->em * 0.8;
  guint max_ticks = (guint) CLAMP (floor (p->dw / (p->em * 3.2)) + 1, 2, 12);
  double left = 0, right = 0;

  for (;;)
    {
      guint hidden;

      ax->n_ticks = compute_ticks (ax, max_ticks, ax->ticks);
      for (gsize i = 0; i < ax->n_ticks; i++)
        {
          centre[i] = map_x (p, ax->ticks[i].value);
          size[i] = p->x_tick_labels ? label_extent (p, &ax->ticks[i], TRUE) : 0;
        }
      if (!p->x_tick_labels)
        break;
      /* unbounded: only collisions count (the margins grow for the end labels) */
      hidden = thin_labels (ax, centre, size, bounded ? p->x + p->pad * 0.5 : -INFINITY,
                            bounded ? p->x + p->w - p->pad * 0.5 : INFINITY, gap);
      if (hidden == 0 || max_ticks <= 2)
        break;
      max_ticks--;
    }
  if (p->x_tick_labels)
    for (gsize i = 0; i < ax->n_ticks; i++)
      if (ax->ticks[i].major && ax->ticks[i].label[0])
        {
          left = MAX (left, p->dx - (centre[i] - size[i] / 2));
          right = MAX (right, (centre[i] + size[i] / 2) - (p->dx + p->dw));
        }
  *out_left = left;
  *out_right = right;
}

/* Where tick label i of an axis goes (top-left, size); returns its layout. */
static PangoLayout *
tick_label_rect (DpvPlot *p, int which, gsize i, double *x, double *y, double *w, double *h)
{
  const DpvTick *t = &p->axes[which].ticks[i];
  PangoLayout *layout = plot_layout (p, t->label, TICK_FACTOR);

  layout_size (layout, w, h);
  if (which == AX_X)
    {
      *x = map_x (p, t->value) - *w / 2;
      *y = p->dy + p->dh + p->ticklen + p->pad * 0.4;
    }
  else
    {
      *y = map_y_axis (p, which, t->value) - *h / 2 - p->axes[which].label_shift[i];
      if (which == AX_Y)
        *x = p->dx - p->ticklen - p->pad * 0.4 - *w;
      else
        *x = p->dx + p->dw + p->ticklen + p->pad * 0.4;
    }
  return layout;
}

/* In the corners a y label can meet the first or last x label: drop the y label. */
static void
resolve_corner_collisions (DpvPlot *p)
{
  Axis *xa = &p->axes[AX_X];

  memset (p->axes[AX_Y].label_shift, 0, sizeof p->axes[AX_Y].label_shift);
  memset (p->axes[AX_Y2].label_shift, 0, sizeof p->axes[AX_Y2].label_shift);

  /* on a panel too narrow for its margins, a y label that would stick out of the panel
   * (into a neighbouring one) is dropped rather than clipped */
  for (int which = AX_Y; which <= AX_Y2; which++)
    {
      Axis *ya = &p->axes[which];

      if (which == AX_Y2 && !ya->set)
        continue;
      for (gsize i = 0; i < ya->n_ticks; i++)
        {
          double lx, ly, lw, lh;

          if (!ya->show_label[i])
            continue;
          tick_label_rect (p, which, i, &lx, &ly, &lw, &lh);
          if (lx < p->x - 0.01 || lx + lw > p->x + p->w + 0.01)
            ya->show_label[i] = FALSE;
        }
    }

  if (!p->x_tick_labels)
    return;
  for (int which = AX_Y; which <= AX_Y2; which++)
    {
      Axis *ya = &p->axes[which];

      if (which == AX_Y2 && !ya->set)
        continue;
      for (gsize i = 0; i < G_N_ELEMENTS (ya->label_shift); i++)
        ya->label_shift[i] = 0;
      for (gsize i = 0; i < ya->n_ticks; i++)
        {
          double yx, yy, yw, yh;

          if (!ya->show_label[i])
            continue;
          tick_label_rect (p, which, i, &yx, &yy, &yw, &yh);
          for (gsize j = 0; j < xa->n_ticks; j++)
            {
              double xx, xy, xw, xh, shift;

              if (!xa->show_label[j])
                continue;
              tick_label_rect (p, AX_X, j, &xx, &xy, &xw, &xh);
              if (!(yx < xx + xw && xx < yx + yw && yy < xy + xh && xy < yy + yh))
                continue;
              /* nudge the y label up (by at most half its height, so it still reads as
               * belonging to its tick) unless that runs into the next label up */
              shift = yy + yh - xy + 0.5;
              if (shift <= yh / 2)
                {
                  gboolean clear = TRUE;
                  for (gsize k = 0; k < ya->n_ticks; k++)
                    {
                      double kx, ky, kw, kh;
                      if (k == i || !ya->show_label[k])
                        continue;
                      tick_label_rect (p, which, k, &kx, &ky, &kw, &kh);
                      if (ky < yy - shift + yh && yy - shift < ky + kh)
                        clear = FALSE;
                    }
                  if (clear)
                    {
                      ya->label_shift[i] = shift;
                      break;
                    }
                }
              ya->show_label[i] = FALSE;
              break;
            }
        }
    }
}

static double
y_label_height (DpvPlot *p, int which)
{
  Axis *ax = &p->axes[which];
  double hmax = 0;

  if (which == AX_Y2 && !ax->set)
    return 0;
  for (gsize i = 0; i < ax->n_ticks; i++)
    if (ax->show_label[i])
      hmax = MAX (hmax, label_extent (p, &ax->ticks[i], FALSE));
  return hmax;
}

static double
x_label_height (DpvPlot *p)
{
  Axis *ax = &p->axes[AX_X];
  double hmax = 0;

  if (!p->x_tick_labels)
    return 0;
  for (gsize i = 0; i < ax->n_ticks; i++)
    if (ax->ticks[i].major && ax->ticks[i].label[0])
      hmax = MAX (hmax, label_extent (p, &ax->ticks[i], FALSE));
  return hmax;
}

/* Rounds the data area to whole device pixels: crisp borders, and a pixel-aligned clip,
 * which cairo applies without a mask (several times faster on image surfaces). Moves each
 * edge by at most half a device pixel, so the measured margins still hold. */
static void
align_data_area (DpvPlot *p)
{
  cairo_matrix_t m;
  double x0 = p->dx, y0 = p->dy, x1 = p->dx + p->dw, y1 = p->dy + p->dh;

  if (p->vector)
    return;
  cairo_get_matrix (p->cr, &m);
  if (m.xy != 0 || m.yx != 0 || cairo_status (p->cr) != CAIRO_STATUS_SUCCESS)
    return;
  cairo_user_to_device (p->cr, &x0, &y0);
  cairo_user_to_device (p->cr, &x1, &y1);
  x0 = round (x0);
  y0 = round (y0);
  x1 = round (x1);
  y1 = round (y1);
  if (x1 == x0 || y1 == y0)
    return;
  cairo_device_to_user (p->cr, &x0, &y0);
  cairo_device_to_user (p->cr, &x1, &y1);
  if (!isfinite (x0) || !isfinite (x1) || !isfinite (y0) || !isfinite (y1))
    return;
  p->dx = MIN (x0, x1);
  p->dw = fabs (x1 - x0);
  p->dy = MIN (y0, y1);
  p->dh = fabs (y1 - y0);
}

/* ------------------------------------------------------ legend below ---- */

#define GRID_MAX 24

/* A legend laid out in a grid, row by row: entry i in row i / cols, column i % cols. */
typedef struct {
  double f;                     /* text size factor (1, or smaller to fit) */
  double pad, sw, gap, rowgap, colgap;
  int cols, rows;
  double col_w[GRID_MAX], row_h[GRID_MAX];
  double w, h;
} LegendGrid;

/* The legend entries' sizes, as dpv_plot_legend () draws them, at text factor f. */
static void
legend_metrics (DpvPlot *p, double f, double *pad, double *sw, double *gap, double *rowgap)
{
  *pad = p->em * 0.45 * f;
  *sw = p->em * 2.0 * f;
  *gap = p->em * 0.45 * f;
  *rowgap = p->em * 0.15 * f;
}

/* Lays @markups out in as many columns as fit the panel's width, at the largest text size
 * whose grid is at most @max_h high. FALSE when none fits. */
static gboolean
legend_grid (DpvPlot *p, const char *const *markups, guint n, double max_h, LegendGrid *g)
{
  static const double shrink[] = { 1.0, 0.88, 0.78 };
  double avail = p->w - 2 * p->pad;

  if (n == 0 || n > GRID_MAX || !(avail > 0))
    return FALSE;
  for (guint a = 0; a < G_N_ELEMENTS (shrink); a++)
    {
      double f = shrink[a], cell_w[GRID_MAX], cell_h[GRID_MAX];
      LayoutOptions opt = { FALSE, 0, FALSE, 0 };

      memset (g, 0, sizeof *g);
      g->f = f;
      legend_metrics (p, f, &g->pad, &g->sw, &g->gap, &g->rowgap);
      g->colgap = p->em * 1.2 * f;
      for (guint i = 0; i < n; i++)
        {
          PangoLayout *layout = cached_layout_in (p->pctx, p->pctx_sig, &p->style, markups[i],
                                                  LEGEND_FACTOR * f, &opt);
          double w, h;

          layout_size (layout, &w, &h);
          g_object_unref (layout);
          cell_w[i] = g->sw + g->gap + w;
          cell_h[i] = MAX (h, p->em * 0.9 * f);
        }
      for (int cols = (int) n; cols >= 1; cols--)
        {
          double w = 2 * g->pad + (cols - 1) * g->colgap, h;

          for (int j = 0; j < cols; j++)
            {
              g->col_w[j] = 0;
              for (guint i = j; i < n; i += cols)
                g->col_w[j] = MAX (g->col_w[j], cell_w[i]);
              w += g->col_w[j];
            }
          if (w > avail)
            continue;
          g->cols = cols;
          g->rows = ((int) n + cols - 1) / cols;
          h = 2 * g->pad + (g->rows - 1) * g->rowgap;
          for (int r = 0; r < g->rows; r++)
            {
              g->row_h[r] = 0;
              for (int j = 0; j < cols && r * cols + j < (int) n; j++)
                g->row_h[r] = MAX (g->row_h[r], cell_h[r * cols + j]);
              h += g->row_h[r];
            }
          g->w = w;
          g->h = h;
          if (h <= max_h)
            return TRUE;
          break;   /* fewer columns only make it taller */
        }
    }
  return FALSE;
}

void
dpv_plot_set_legend_below (DpvPlot            *plot,
                           const char *const  *markups,
                           gsize               n)
{
  g_return_if_fail (plot != NULL);
  g_return_if_fail (markups != NULL || n == 0);

  if (plot->below != NULL)
    g_ptr_array_unref (plot->below);
  plot->below = g_ptr_array_new_with_free_func (g_free);
  for (gsize i = 0; i < n; i++)
    if (markups[i] != NULL && *markups[i])
      g_ptr_array_add (plot->below, g_strdup (markups[i]));
  plot->laid_out = FALSE;
}

void
dpv_plot_layout (DpvPlot *plot)
{
  DpvPlot *p = plot;
  double tick_h, title_h = 0, xt_h = 0, yt_w = 0, y2t_w = 0;
  double top, bottom, left = 0, right = 0;
  double need_left = 0, need_right = 0, xlab_h;

  g_return_if_fail (plot != NULL);

  p->em = font_px (&p->style, 1.0);
  p->pad = p->em * 0.45;
  p->ticklen = p->em * 0.35;
  p->show_x_title = p->axes[AX_X].title != NULL;
  p->show_y_title = p->axes[AX_Y].title != NULL;
  p->show_y2_title = p->axes[AX_Y2].set && p->axes[AX_Y2].title != NULL;

  layout_size (plot_layout (p, "0123456789", TICK_FACTOR), NULL, &tick_h);
  if (p->title_choices != NULL)
    {
      /* the first title that fits the width draw_titles () gives it, else the last (which is
       * then ellipsized) */
      LayoutOptions natural = { TRUE, 0, TRUE, 0 };
      guint n = g_strv_length (p->title_choices);

      for (guint i = 0; i < n; i++)
        {
          PangoLayout *layout = cached_layout_in (p->pctx, p->pctx_sig, &p->style,
                                                  p->title_choices[i], TITLE_FACTOR, &natural);
          double tw;

          layout_size (layout, &tw, NULL);
          g_object_unref (layout);
          if (tw <= p->w - 2 * p->pad || i + 1 == n)
            {
              g_free (p->title);
              p->title = *p->title_choices[i] ? g_strdup (p->title_choices[i]) : NULL;
              break;
            }
        }
    }
  if (p->title)
    {
      /* measured as drawn (draw_titles ()): the same layout, not one more per new title */
      LayoutOptions opt = { TRUE, 0, TRUE, 0 };
      PangoLayout *layout = cached_layout_in (p->pctx, p->pctx_sig, &p->style, p->title,
                                              TITLE_FACTOR, &opt);

      layout_size (layout, NULL, &title_h);
      g_object_unref (layout);
    }
  if (p->show_x_title)
    layout_size (plot_layout (p, p->axes[AX_X].title, AXIS_TITLE_FACTOR), NULL, &xt_h);
  if (p->show_y_title)
    layout_size (plot_layout (p, p->axes[AX_Y].title, AXIS_TITLE_FACTOR), NULL, &yt_w);
  if (p->show_y2_title)
    layout_size (plot_layout (p, p->axes[AX_Y2].title, AXIS_TITLE_FACTOR), NULL, &y2t_w);

  /* On tiny panels drop axis titles before the data area collapses. */
  if (yt_w + y2t_w > p->w * 0.2)
    {
      p->show_y_title = p->show_y2_title = FALSE;
      yt_w = y2t_w = 0;
    }
  if (xt_h + title_h > p->h * 0.3)
    {
      p->show_x_title = FALSE;
      xt_h = 0;
    }

  p->below_h = 0;
  if (p->below != NULL && p->below->len > 0)
    {
      LegendGrid g;

      /* the strip may take a quarter of the panel, no more: else the legend goes inside */
      if (legend_grid (p, (const char *const *) p->below->pdata, p->below->len,
                       p->h * 0.25 - p->pad, &g))
        p->below_h = g.h + p->pad;
    }

  top = p->pad + (title_h > 0 ? title_h + MAX (p->pad * 0.5, tick_h * 0.5 + 1) : tick_h * 0.5);
  bottom = p->ticklen + (p->x_tick_labels ? p->pad * 0.4 + tick_h : 0)
           + (xt_h > 0 ? p->pad * 0.6 + xt_h : 0) + p->pad + p->below_h + p->extra_below;
  /* short panels: the data keeps at least 40 % of the height */
  if (xt_h > 0 && p->h - top - bottom < p->h * 0.4)
    {
      p->show_x_title = FALSE;
      bottom -= p->pad * 0.6 + xt_h;
      xt_h = 0;
    }

  p->dy = p->y + top;
  p->dh = MAX (1.0, p->h - top - bottom);
  xlab_h = tick_h;

  for (int iter = 0; iter < 4; iter++)
    {
      double yw, y2w = 0, lft, rgt;

      p->dx = p->x + left;        /* provisional, refined below */
      p->dw = MAX (1.0, p->w - left - right);
      yw = layout_y_axis (p, AX_Y);
      if (p->axes[AX_Y2].set)
        y2w = layout_y_axis (p, AX_Y2);
      {
        /* the top y label reaches half its height above the data area */
        double yh = MAX (y_label_height (p, AX_Y), y_label_height (p, AX_Y2));
        double need_top = p->pad + (title_h > 0 ? title_h + MAX (p->pad * 0.5, yh / 2 + 1)
                                                : yh / 2 + 1);
        if (need_top > top + 0.01)
          {
            top = need_top;
            p->dy = p->y + top;
            p->dh = MAX (1.0, p->h - top - bottom);
            yw = layout_y_axis (p, AX_Y);
            if (p->axes[AX_Y2].set)
              y2w = layout_y_axis (p, AX_Y2);
          }
      }

      lft = p->pad + (yt_w > 0 ? yt_w + p->pad * 0.6 : 0) + yw + p->pad * 0.4 + p->ticklen;
      rgt = p->axes[AX_Y2].set
              ? p->ticklen + p->pad * 0.4 + y2w + (y2t_w > 0 ? p->pad * 0.6 + y2t_w : 0)
                  + p->pad
              : p->pad;
      lft = MAX (lft, need_left + p->pad * 0.5);
      rgt = MAX (rgt, need_right + p->pad * 0.5);
      lft = MAX (lft, p->min_left);
      rgt = MAX (rgt, p->min_right);
      /* keep at least a third of the width for data */
      if (lft + rgt > p->w * 0.67)
        {
          double s = p->w * 0.67 / (lft + rgt);
          lft *= s;
          rgt *= s;
        }
      left = lft;
      right = rgt;
      p->dx = p->x + left;
      p->dw = MAX (1.0, p->w - left - right);

      layout_x_axis (p, FALSE, &lft, &rgt);
      {
        /* labels with superscripts are taller than plain digits */
        double xh = x_label_height (p);
        if (xh > xlab_h + 0.01)
          {
            bottom += xh - xlab_h;
            xlab_h = xh;
            p->dh = MAX (1.0, p->h - top - bottom);
            need_left = MAX (need_left, lft);
            need_right = MAX (need_right, rgt);
            continue;
          }
      }
      if (lft <= left - p->pad * 0.5 + 0.01 && rgt <= right - p->pad * 0.5 + 0.01)
        break;
      /* first/last x label sticks out of the panel: widen the margin and redo */
      need_left = MAX (need_left, lft);
      need_right = MAX (need_right, rgt);
    }
  /* final tick pass for the final geometry */
  layout_y_axis (p, AX_Y);
  if (p->axes[AX_Y2].set)
    layout_y_axis (p, AX_Y2);
  {
    double l, r;
    layout_x_axis (p, TRUE, &l, &r);
  }
  align_data_area (p);
  resolve_corner_collisions (p);
  p->laid_out = TRUE;
}

static void
ensure_layout (DpvPlot *p)
{
  if (!p->laid_out)
    dpv_plot_layout (p);
}

void
dpv_plot_align_x (DpvPlot *const *plots,
                  gsize           n_plots)
{
  double left = 0, right = 0;

  g_return_if_fail (plots != NULL || n_plots == 0);

  for (gsize i = 0; i < n_plots; i++)
    if (plots[i] != NULL)
      {
        ensure_layout (plots[i]);
        left = MAX (left, plots[i]->dx - plots[i]->x);
        right = MAX (right, plots[i]->x + plots[i]->w - plots[i]->dx - plots[i]->dw);
      }
  for (gsize i = 0; i < n_plots; i++)
    if (plots[i] != NULL)
      {
        DpvPlot *p = plots[i];
        /* a hair less, so the device-pixel rounding cannot push it one pixel further */
        if (fabs ((p->dx - p->x) - left) < 1e-9
            && fabs ((p->x + p->w - p->dx - p->dw) - right) < 1e-9)
          continue;
        p->min_left = left - 1e-6;
        p->min_right = right - 1e-6;
        dpv_plot_layout (p);
      }
}

void
dpv_plot_align_bottom (DpvPlot *const *plots,
                       gsize           n_plots)
{
  double bottom = HUGE_VAL;

  g_return_if_fail (plots != NULL || n_plots == 0);

  for (gsize i = 0; i < n_plots; i++)
    if (plots[i] != NULL)
      {
        ensure_layout (plots[i]);
        bottom = MIN (bottom, plots[i]->dy + plots[i]->dh);
      }
  for (gsize i = 0; i < n_plots; i++)
    if (plots[i] != NULL)
      {
        DpvPlot *p = plots[i];
        double lift = p->dy + p->dh - bottom;

        if (lift < 1e-9)
          continue;
        p->extra_below += lift;
        dpv_plot_layout (p);
      }
}

void
dpv_plot_get_data_area (DpvPlot *plot,
                        double  *x,
                        double  *y,
                        double  *width,
                        double  *height)
{
  g_return_if_fail (plot != NULL);
  ensure_layout (plot);
  if (x)
    *x = plot->dx;
  if (y)
    *y = plot->dy;
  if (width)
    *width = plot->dw;
  if (height)
    *height = plot->dh;
}

double
dpv_plot_x_to_user (DpvPlot *plot,
                    double   x)
{
  g_return_val_if_fail (plot != NULL, NAN);
  ensure_layout (plot);
  return map_x (plot, x);
}

double
dpv_plot_y_to_user (DpvPlot *plot,
                    double   y)
{
  g_return_val_if_fail (plot != NULL, NAN);
  ensure_layout (plot);
  return map_y_axis (plot, AX_Y, y);
}

double
dpv_plot_y2_to_user (DpvPlot *plot,
                     double   y)
{
  g_return_val_if_fail (plot != NULL, NAN);
  ensure_layout (plot);
  return map_y_axis (plot, plot->axes[AX_Y2].set ? AX_Y2 : AX_Y, y);
}

double
dpv_plot_user_to_x (DpvPlot *plot,
                    double   ux)
{
  g_return_val_if_fail (plot != NULL, NAN);
  ensure_layout (plot);
  return axis_unfrac (&plot->axes[AX_X], (ux - plot->dx) / plot->dw);
}

double
dpv_plot_user_to_y (DpvPlot *plot,
                    double   uy)
{
  g_return_val_if_fail (plot != NULL, NAN);
  ensure_layout (plot);
  return axis_unfrac (&plot->axes[AX_Y], (plot->dy + plot->dh - uy) / plot->dh);
}

/* --------------------------------------------------------------- frame ---- */

static gboolean
cr_ok (DpvPlot *p)
{
  return cairo_status (p->cr) == CAIRO_STATUS_SUCCESS;
}

/* Grid lines and tick marks of one axis, each kind batched into a single stroke. */
static void
draw_grid_and_ticks (DpvPlot *p, int which)
{
  cairo_t *cr = p->cr;
  Axis *ax = &p->axes[which];
  DpvColor minor_grid = p->style.grid;
  double lw = snap_width (p, 1.0);
  double xl = snap (p, p->dx, TRUE, lw), xr = snap (p, p->dx + p->dw, TRUE, lw);
  double yb = snap (p, p->dy + p->dh, FALSE, lw);

  minor_grid.a *= 0.45;

  cairo_save (cr);
  cairo_set_line_width (cr, lw);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  /* pass 0: minor grid, 1: major grid, 2: tick marks (the right axis has no grid: it would
   * double the left one) */
  for (int pass = which == AX_Y2 ? 2 : 0; pass < 3; pass++)
    {
      gboolean any = FALSE;

      cairo_new_path (cr);
      for (gsize i = 0; i < ax->n_ticks; i++)
        {
          const DpvTick *t = &ax->ticks[i];
          double u = which == AX_X ? map_x (p, t->value) : map_y_axis (p, which, t->value);
          double lo = which == AX_X ? p->dx : p->dy;
          double len = which == AX_X ? p->dw : p->dh;

          if (!isfinite (u) || u < lo - 0.5 || u > lo + len + 0.5)
            continue;
          if (pass < 2 && t->major != (pass == 1))
            continue;
          u = snap (p, u, which == AX_X, lw);
          any = TRUE;
          if (pass < 2)
            {
              if (which == AX_X)
                {
                  cairo_move_to (cr, u, p->dy);
                  cairo_line_to (cr, u, p->dy + p->dh);
                }
              else
                {
                  cairo_move_to (cr, p->dx, u);
                  cairo_line_to (cr, p->dx + p->dw, u);
                }
            }
          else
            {
              double l = t->major ? p->ticklen : p->ticklen * 0.55;

              if (which == AX_X)
                {
                  cairo_move_to (cr, u, yb);
                  cairo_line_to (cr, u, yb + l);
                }
              else if (which == AX_Y)
                {
                  cairo_move_to (cr, xl, u);
                  cairo_line_to (cr, xl - l, u);
                }
              else
                {
                  cairo_move_to (cr, xr, u);
                  cairo_line_to (cr, xr + l, u);
                }
            }
        }
      if (!any)
        continue;
      dpv_color_set_source (pass == 0 ? &minor_grid : pass == 1 ? &p->style.grid
                                                                : &p->style.muted, cr);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

static void
draw_tick_labels (DpvPlot *p, int which)
{
  Axis *ax = &p->axes[which];

  if (which == AX_X && !p->x_tick_labels)
    return;
  for (gsize i = 0; i < ax->n_ticks; i++)
    {
      PangoLayout *layout;
      double w, h, x, y;

      if (!ax->show_label[i])
        continue;
      layout = tick_label_rect (p, which, i, &x, &y, &w, &h);
      show_layout (p, layout, x, y, &p->style.muted, FALSE);
      record_text (p, which == AX_X ? DPV_TEXT_X_TICK
                      : which == AX_Y ? DPV_TEXT_Y_TICK : DPV_TEXT_Y2_TICK,
                   x, y, w, h);
    }
}

/* A fresh layout limited to width, for titles. */
static PangoLayout *
limited_layout (DpvPlot *p, const char *markup, double factor, double width)
{
  LayoutOptions opt = { TRUE, width, FALSE, 0 };

  return cached_layout_in (p->pctx, p->pctx_sig, &p->style, markup, factor, &opt);
}

static void
draw_titles (DpvPlot *p)
{
  cairo_t *cr = p->cr;
  double w, h;

  if (p->show_x_title)
    {
      PangoLayout *layout = limited_layout (p, p->axes[AX_X].title, AXIS_TITLE_FACTOR,
                                            p->w - 2 * p->pad);
      double x, y;

      layout_size (layout, &w, &h);
      x = CLAMP (p->dx + p->dw / 2 - w / 2, p->x + p->pad, p->x + p->w - p->pad - w);
      y = p->y + p->h - p->below_h - p->extra_below - p->pad - h;
      show_layout (p, layout, x, y, &p->style.foreground, FALSE);
      record_text (p, DPV_TEXT_AXIS_TITLE, x, y, w, h);
      g_object_unref (layout);
    }

  for (int which = AX_Y; which <= AX_Y2; which++)
    {
      gboolean show = which == AX_Y ? p->show_y_title : p->show_y2_title;
      PangoLayout *layout;
      double cx, cy, avail;

      if (!show)
        continue;
      /* along the data area only: longer, it would run into the title or the x title */
      avail = p->dh;
      layout = limited_layout (p, p->axes[which].title, AXIS_TITLE_FACTOR, avail);
      layout_size (layout, &w, &h);
      cy = p->dy + p->dh / 2;
      cx = which == AX_Y ? p->x + p->pad : p->x + p->w - p->pad - h;
      cairo_save (cr);
      cairo_translate (cr, cx, cy);
      {
        /* a quarter turn, exactly: cairo_rotate () leaves cos(π/2) ≈ 6e-17 in the matrix */
        const cairo_matrix_t quarter = { 0, -1, 1, 0, 0, 0 };

        cairo_transform (cr, &quarter);
      }
      {
        /* laid out for the rotated matrix (a context of its own in the cache) */
        LayoutOptions opt = { TRUE, avail, FALSE, 0 };

        g_object_unref (layout);
        layout = cached_layout (cr, &p->style, p->axes[which].title, AXIS_TITLE_FACTOR, &opt);
      }
      move_to_text (cr, p->style.pixel_snap && !p->vector, -w / 2, 0);
      dpv_color_set_source (&p->style.foreground, cr);
      pango_cairo_show_layout (cr, layout);
      cairo_restore (cr);
      record_text (p, DPV_TEXT_AXIS_TITLE, cx, cy - w / 2, h, w);
      g_object_unref (layout);
    }

  if (p->title)
    {
      /* semibold over whatever the markup says */
      LayoutOptions opt = { TRUE, p->w - 2 * p->pad, TRUE, 0 };
      PangoLayout *layout = cached_layout_in (p->pctx, p->pctx_sig, &p->style, p->title,
                                              TITLE_FACTOR, &opt);
      double x, y;

      layout_size (layout, &w, &h);
      x = CLAMP (p->dx + p->dw / 2 - w / 2, p->x + p->pad, p->x + p->w - p->pad - w);
      y = p->y + p->pad;
      show_layout (p, layout, x, y, &p->style.foreground, FALSE);
      record_text (p, DPV_TEXT_TITLE, x, y, w, h);
      g_object_unref (layout);
    }
}

/* The data area's background, once, unless it is the (opaque) figure background the caller
 * has painted already. */
static void
paint_data_background (DpvPlot *p)
{
  const DpvColor *bg = &p->style.plot_background, *fig = &p->style.background;

  if (p->data_bg_done)
    return;
  p->data_bg_done = TRUE;
  if (bg->a > 0
      && !(fig->a >= 1.0 && bg->a >= 1.0 && bg->r == fig->r && bg->g == fig->g
           && bg->b == fig->b))
    {
      cairo_save (p->cr);
      dpv_color_set_source (bg, p->cr);
      cairo_rectangle (p->cr, p->dx, p->dy, p->dw, p->dh);
      cairo_fill (p->cr);
      cairo_restore (p->cr);
    }
}

/* A translucent fill of @fill that is the first thing drawn in the data area (before the
 * frame) lies on one opaque colour, the data area's background: it is then drawn as the
 * opaque colour the two blend to. The pixels are the same, and cairo writes opaque spans
 * instead of reading, blending and writing back each one (at 1920 × 1080 a shaded region or
 * a density's fill is a sizeable part of a frame). Later fills overlap it and stay
 * translucent. */
static void
blend_onto_clean_data (DpvPlot *p, DpvColor *fill)
{
  const DpvColor *bg = &p->style.plot_background;

  if (p->data_drawn || fill->a >= 1.0)
    return;
  if (bg->a < 1.0)
    {
      if (bg->a > 0 || p->style.background.a < 1.0)
        return;
      bg = &p->style.background;
    }
  paint_data_background (p);
  fill->r = bg->r + fill->a * (fill->r - bg->r);
  fill->g = bg->g + fill->a * (fill->g - bg->g);
  fill->b = bg->b + fill->a * (fill->b - bg->b);
  fill->a = 1.0;
}

void
dpv_plot_draw_frame (DpvPlot *plot)
{
  DpvPlot *p = plot;
  cairo_t *cr;
  DpvColor border;

  g_return_if_fail (plot != NULL);
  ensure_layout (p);
  if (!cr_ok (p))
    return;
  cr = p->cr;

  cairo_save (cr);
  paint_data_background (p);
  p->data_drawn = TRUE;

  draw_grid_and_ticks (p, AX_X);
  draw_grid_and_ticks (p, AX_Y);
  if (p->axes[AX_Y2].set)
    draw_grid_and_ticks (p, AX_Y2);

  /* data area border */
  border = p->style.muted;
  border.a *= 0.7;
  dpv_color_set_source (&border, cr);
  {
    double lw = snap_width (p, 1.0);
    double x0 = snap (p, p->dx, TRUE, lw), x1 = snap (p, p->dx + p->dw, TRUE, lw);
    double y0 = snap (p, p->dy, FALSE, lw), y1 = snap (p, p->dy + p->dh, FALSE, lw);
    cairo_set_line_width (cr, lw);
    cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
  }
  cairo_stroke (cr);

  draw_tick_labels (p, AX_X);
  draw_tick_labels (p, AX_Y);
  if (p->axes[AX_Y2].set)
    draw_tick_labels (p, AX_Y2);
  draw_titles (p);
  cairo_restore (cr);
}

/* -------------------------------------------------------------- series ---- */

static void
add_entry (DpvPlot *p, EntryKind kind, const char *markup, const DpvColor *color,
           double width, double alpha, DpvDash dash)
{
  LegendEntry e;

  if (markup == NULL || !*markup)
    return;
  /* a series drawn in several calls (say, one per segment) gets one entry */
  for (guint i = 0; i < p->entries->len; i++)
    {
      LegendEntry *o = &g_array_index (p->entries, LegendEntry, i);
      const DpvColor *c = color ? color : &p->style.foreground;
      if (o->kind == kind && o->dash == dash && o->color.r == c->r && o->color.g == c->g
          && o->color.b == c->b && o->color.a == c->a && g_str_equal (o->markup, markup))
        return;
    }
  e.kind = kind;
  e.markup = g_strdup (markup);
  e.color = color ? *color : p->style.foreground;
  e.width = width;
  e.alpha = alpha;
  e.dash = dash;
  g_array_append_val (p->entries, e);
}

static void
record_point (DpvPlot *p, double x, double y)
{
  Point pt = { x, y };

  if (x < p->dx - 1 || x > p->dx + p->dw + 1 || y < p->dy - 1 || y > p->dy + p->dh + 1)
    return;
  g_array_append_val (p->points, pt);
}

/* Samples the part of segment a→b inside the data area every few user units. */
static void
record_segment_to (DpvPlot *p, GArray *into, double ax, double ay, double bx, double by)
{
  double step = MAX (1.0, p->em * 0.4);
  double len = hypot (bx - ax, by - ay);
  int n = isfinite (len) ? (int) CLAMP (ceil (len / step), 1, 400) : 1;

  for (int i = 0; i <= n; i++)
    {
      double t = (double) i / n;
      Point pt = { ax + t * (bx - ax), ay + t * (by - ay) };

      if (pt.x < p->dx - 1 || pt.x > p->dx + p->dw + 1 || pt.y < p->dy - 1
          || pt.y > p->dy + p->dh + 1)
        continue;
      g_array_append_val (into, pt);
    }
}

static void
record_segment (DpvPlot *p, double ax, double ay, double bx, double by)
{
  record_segment_to (p, p->points, ax, ay, bx, by);
}

/* Every drawing in the data area starts here. */
static void
clip_data_area (DpvPlot *p)
{
  p->data_drawn = TRUE;
  cairo_rectangle (p->cr, p->dx, p->dy, p->dw, p->dh);
  cairo_clip (p->cr);
}

static void
set_dash (cairo_t *cr, DpvDash dash, double width)
{
  double u = MAX (width, 0.5);

  switch (dash)
    {
    case DPV_DASH_DASHED:
      {
        double d[] = { 4.0 * u, 3.0 * u };
        cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
        cairo_set_dash (cr, d, 2, 0);
      }
      break;
    case DPV_DASH_DOTTED:
      {
        double d[] = { 0.01, 2.2 * u };   /* 0 would draw nothing in cairo 1.16 */
        cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
        cairo_set_dash (cr, d, 2, 0);
      }
      break;
    case DPV_DASH_DASHDOT:
      {
        double d[] = { 3.5 * u, 2.6 * u, 0.01, 2.6 * u };
        cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
        cairo_set_dash (cr, d, 4, 0);
      }
      break;
    case DPV_DASH_SOLID:
    default:
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_set_dash (cr, NULL, 0, 0);
      break;
    }
}

/* A band of a larger image (dpv_view_render_image ()): the whole image's size in device
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
static void
visible_rect (DpvPlot *p, double margin, double *x0, double *y0, double *x1, double *y1)
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

/* Squared distance from c to the segment a–b (compared with tol², which orders the same as
 * the distance and needs no hypot ()). */
static double
seg_dist2 (const Point *a, const Point *b, const Point *c)
{
  double vx = b->x - a->x, vy = b->y - a->y;
  double wx = c->x - a->x, wy = c->y - a->y;
  double len2 = vx * vx + vy * vy;
  double t = len2 > 0 ? (wx * vx + wy * vy) / len2 : 0;

  t = CLAMP (t, 0.0, 1.0);
  wx -= t * vx;
  wy -= t * vy;
  return wx * wx + wy * wy;
}

/* Polyline simplification (Douglas & Peucker 1973) to within tol user units, in place;
 * returns the new count. Stroking cost in cairo grows with the number of vertices, and
 * smooth curves sampled for accuracy carry many that lie within a tenth of a pixel of the
 * chord. Endpoints are always kept. */
static gsize
simplify (Point *pts, gsize n, double tol)
{
  guint8 *keep;
  gsize *stack, top = 0, m = 0;

  if (n < 3 || !(tol > 0))
    return n;
  keep = g_new0 (guint8, n);
  stack = g_new (gsize, 2 * n);
  keep[0] = keep[n - 1] = 1;
  stack[top++] = 0;
  stack[top++] = n - 1;
  while (top > 0)
    {
      gsize b = stack[--top], a = stack[--top], idx = 0;
      double dmax = -1;

      for (gsize i = a + 1; i < b; i++)
        {
          double d = seg_dist2 (&pts[a], &pts[b], &pts[i]);
          if (d > dmax)
            {
              dmax = d;
              idx = i;
            }
        }
      if (dmax > tol * tol)
        {
          keep[idx] = 1;
          stack[top++] = a;
          stack[top++] = idx;
          stack[top++] = idx;
          stack[top++] = b;
        }
    }
  for (gsize i = 0; i < n; i++)
    if (keep[i])
      pts[m++] = pts[i];
  g_free (keep);
  g_free (stack);
  return m;
}

/* Tolerances in user units: a fraction of a device pixel. */
static double
device_px (DpvPlot *p)
{
  double dxu = 1, dyu = 0;

  cairo_user_to_device_distance (p->cr, &dxu, &dyu);
  return 1.0 / MAX (hypot (dxu, dyu), 1e-6);
}

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
/* Dots per cairo_show_glyphs (): a batch whose dots overlap is composited through a mask of
 * its bounding box, so the boxes are kept small. */
#define DOT_BATCH 16

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

typedef struct _DotStamps {
  gboolean dashes;              /* the line also has dashes, stroked (dash-dot) */
  double offset;                /* arc length of a subpath's first dot, user units */
  double period;                /* of the dash pattern, user units */
  cairo_matrix_t to_device;     /* the cairo_t's matrix */
  cairo_matrix_t to_user;       /* its inverse */
  double sx, sy;                /* the target's device scale: device units → pixels */
  cairo_glyph_t glyphs[DOT_BATCH];
  int n;
} DotStamps;

/* For a dotted or dash-dot line on a raster target, whose pattern set_dash () has set on cr:
 * the places of its dots (the pattern's, which restarts at each subpath), cr's font set to
 * the dot font for dots @width user units across, and for dash-dot the pattern reduced to the
 * dashes. FALSE when the line has no dots to stamp, or cr's matrix cannot be inverted. */
static gboolean
dot_stamps_begin (DpvPlot *p, DotStamps *ds, DpvDash dash, double width)
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

static void
dot_stamps_flush (DpvPlot *p, DotStamps *ds)
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
    dot_stamps_flush (p, ds);
}

/* The dots of a run, as the dash pattern would put them (it restarts at each subpath): at
 * arc length O, O + P, O + 2P, … along the polyline, P the pattern's period. */
static void
stamp_run (DpvPlot *p, DotStamps *ds, const Point *pts, gsize m)
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

/* Points per stroke when a run is stroked in pieces (see flush_run ()). */
#define LINE_PIECE 40

/* Adds a run of points (a subpath) to the line being drawn, simplified. On image targets
 * the run is stroked at once, in pieces of LINE_PIECE points that share their end points:
 * cairo 1.16 scan-converts a long polyline more slowly than the same polyline in short
 * pieces. A dash pattern runs on across the pieces: each starts at the offset of the length
 * stroked so far, as the whole run would. Vector output keeps one path. */
static void
flush_run (DpvPlot *p, GArray *run, double tol)
{
  cairo_t *cr = p->cr;
  Point *pts = (Point *) (void *) run->data;
  gsize m;
  gboolean pieces = !p->vector;
  double along = 0, pattern[8], offset0 = 0;
  int n_dash = cairo_get_dash_count (cr);

  if (run->len == 0)
    return;
  m = simplify (pts, run->len, tol);
  record_point (p, pts[0].x, pts[0].y);
  for (gsize i = 1; i < m; i++)
    record_segment (p, pts[i - 1].x, pts[i - 1].y, pts[i].x, pts[i].y);
  if (p->dots != NULL)
    {
      stamp_run (p, p->dots, pts, m);
      if (!p->dots->dashes)
        {
          g_array_set_size (run, 0);
          return;
        }
    }
  if (n_dash > 0 && n_dash <= (int) G_N_ELEMENTS (pattern))
    cairo_get_dash (cr, pattern, &offset0);
  else
    n_dash = 0;
  cairo_move_to (cr, pts[0].x, pts[0].y);
  for (gsize i = 1; i < m; i++)
    {
      cairo_line_to (cr, pts[i].x, pts[i].y);
      if (!pieces)
        continue;
      along += hypot (pts[i].x - pts[i - 1].x, pts[i].y - pts[i - 1].y);
      if (i % (LINE_PIECE - 1) == 0 && i + 1 < m)
        {
          cairo_stroke (cr);
          if (n_dash > 0)
            cairo_set_dash (cr, pattern, n_dash, offset0 + along);
          cairo_move_to (cr, pts[i].x, pts[i].y);
        }
    }
  if (pieces)
    {
      cairo_stroke (cr);
      if (n_dash > 0)
        cairo_set_dash (cr, pattern, n_dash, offset0);
    }
  g_array_set_size (run, 0);
}

/* Liang & Barsky (1984) clipping of segment a→b to the rectangle [x0, x1] × [y0, y1].
 * Returns FALSE when nothing is inside; otherwise moves the ends to the visible part. */
static gboolean
clip_segment (double x0, double y0, double x1, double y1, Point *a, Point *b,
              gboolean *cut_end)
{
  double dx = b->x - a->x, dy = b->y - a->y;
  double pk[4] = { -dx, dx, -dy, dy };
  double qk[4] = { a->x - x0, x1 - a->x, a->y - y0, y1 - a->y };
  double t0 = 0, t1 = 1;

  for (int k = 0; k < 4; k++)
    {
      if (pk[k] == 0)
        {
          if (qk[k] < 0)
            return FALSE;
          continue;
        }
      {
        double t = qk[k] / pk[k];
        if (pk[k] < 0)
          t0 = MAX (t0, t);
        else
          t1 = MIN (t1, t);
      }
      if (t0 > t1)
        return FALSE;
    }
  if (t0 > 0)
    {
      Point na = { a->x + t0 * dx, a->y + t0 * dy };
      *a = na;
    }
  *cut_end = t1 < 1;
  if (t1 < 1)
    {
      Point nb = { a->x + (t1 - t0) / (1 - t0) * (b->x - a->x),
                   a->y + (t1 - t0) / (1 - t0) * (b->y - a->y) };
      *b = nb;
    }
  return TRUE;
}

static void
draw_line (DpvPlot *p, int yaxis, const double *x, const double *y, gsize n,
           const DpvColor *color, double width, DpvDash dash, const char *legend)
{
  cairo_t *cr = p->cr;
  GArray *run;
  double min_step, tol, rx0, ry0, rx1, ry1;
  Point prev = { 0, 0 };
  gboolean have_prev = FALSE;
  DotStamps dots;

  ensure_layout (p);
  if (!isfinite (width) || width <= 0)
    width = p->style.line_width;
  if (color == NULL)
    color = &p->style.foreground;
  add_entry (p, ENTRY_LINE, legend, color, width, 1.0, dash);
  if (x == NULL || y == NULL || n == 0 || !cr_ok (p))
    return;

  min_step = 0.25 * device_px (p);
  tol = 0.1 * device_px (p);
  run = g_array_sized_new (FALSE, FALSE, sizeof (Point), MIN (n, 4096));

  /* segments are cut to the data area grown by the line width: what lies outside would be
   * clipped anyway, but cairo would still stroke it */
  visible_rect (p, 2 * width + 2, &rx0, &ry0, &rx1, &ry1);

  cairo_save (cr);
  clip_data_area (p);
  dpv_color_set_source (color, cr);
  cairo_set_line_width (cr, width);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  set_dash (cr, dash, width);
  if (dash != DPV_DASH_SOLID && !p->vector)
    {
      /* Dash ends are round caps of a pixel or two: at cairo's default tolerance (0.1 px)
       * each is a many-sided polygon, and a dashed curve across a 1920-pixel panel has
       * hundreds. Half a pixel changes no pixel by more than ~4 % and takes a quarter off the
       * cost of such a line. (Dots are stamped, below.) Vector output keeps true arcs. */
      cairo_set_tolerance (cr, 0.5 * device_px (p));
    }
  cairo_new_path (cr);
  /* dots from the dot font (dot_stamp ()), at the places set_dash ()'s pattern gives them */
  if (dot_stamps_begin (p, &dots, dash, width))
    p->dots = &dots;
  for (gsize i = 0; i < n; i++)
    {
      Point pt;

      pt.x = isfinite (x[i]) ? map_x (p, x[i]) : NAN;
      pt.y = isfinite (y[i]) ? map_y_axis (p, yaxis, y[i]) : NAN;
      if (!isfinite (pt.x) || !isfinite (pt.y))
        {
          /* non-finite points (and y ≤ 0 on a log axis) break the line */
          flush_run (p, run, tol);
          have_prev = FALSE;
          continue;
        }
      pt.x = clamp_far (pt.x);
      pt.y = clamp_far (pt.y);
      {
        Point a = prev, b = pt;
        gboolean first = !have_prev, cut_end = FALSE;

        prev = pt;
        have_prev = TRUE;
        if (first)
          {
            if (pt.x >= rx0 && pt.x <= rx1 && pt.y >= ry0 && pt.y <= ry1)
              g_array_append_val (run, pt);
            continue;
          }
        if (!clip_segment (rx0, ry0, rx1, ry1, &a, &b, &cut_end))
          {
            flush_run (p, run, tol);
            continue;
          }
        if (run->len == 0)
          g_array_append_val (run, a);
        pt = b;
        if (cut_end)
          {
            /* the segment leaves the area: end the run at the exit point */
            g_array_append_val (run, pt);
            flush_run (p, run, tol);
            continue;
          }
      }
      if (run->len > 1)
        {
          /* samples closer than a quarter pixel to the previous one: replace it, so the
           * run still ends on its true last point */
          Point *last = &g_array_index (run, Point, run->len - 1);
          Point *last2 = &g_array_index (run, Point, run->len - 2);
          if (fabs (last->x - last2->x) < min_step && fabs (last->y - last2->y) < min_step)
            {
              *last = pt;
              continue;
            }
        }
      g_array_append_val (run, pt);
    }
  flush_run (p, run, tol);
  g_array_unref (run);

  if (p->dots != NULL)
    {
      dot_stamps_flush (p, p->dots);
      p->dots = NULL;
    }
  /* the last run (pieces already stroked leave nothing) */
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
dpv_plot_line (DpvPlot        *plot,
               const double   *x,
               const double   *y,
               gsize           n,
               const DpvColor *color,
               double          width,
               DpvDash         dash,
               const char     *legend_markup)
{
  g_return_if_fail (plot != NULL);
  draw_line (plot, AX_Y, x, y, n, color, width, dash, legend_markup);
}

void
dpv_plot_line_y2 (DpvPlot        *plot,
                  const double   *x,
                  const double   *y,
                  gsize           n,
                  const DpvColor *color,
                  double          width,
                  DpvDash         dash,
                  const char     *legend_markup)
{
  g_return_if_fail (plot != NULL);
  draw_line (plot, plot->axes[AX_Y2].set ? AX_Y2 : AX_Y, x, y, n, color, width, dash,
             legend_markup);
}

void
dpv_plot_bars (DpvPlot        *plot,
               const double   *x,
               const double   *h,
               gsize           n,
               double          bar_width,
               const DpvColor *color,
               double          alpha,
               const char     *legend_markup)
{
  DpvPlot *p = plot;
  cairo_t *cr;
  DpvColor fill;
  double base;

  g_return_if_fail (plot != NULL);
  ensure_layout (p);
  if (color == NULL)
    color = &p->style.foreground;
  if (!isfinite (alpha))
    alpha = 1.0;
  alpha = CLAMP (alpha, 0.0, 1.0);
  add_entry (p, ENTRY_BAR, legend_markup, color, 1.0, alpha, DPV_DASH_SOLID);
  if (x == NULL || h == NULL || n == 0 || !cr_ok (p) || !isfinite (bar_width))
    return;
  cr = p->cr;
  fill = *color;
  fill.a *= alpha;

  base = p->axes[AX_Y].scale == DPV_SCALE_LOG
           ? p->dy + p->dh
           : clamp_user (p, map_y_axis (p, AX_Y, 0.0), FALSE);

  cairo_save (cr);
  clip_data_area (p);
  cairo_set_line_width (cr, 1.0);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  for (gsize i = 0; i < n; i++)
    {
      double x0, x1, top;

      if (!isfinite (x[i]) || !isfinite (h[i]))
        continue;
      x0 = map_x (p, x[i] - fabs (bar_width) / 2);
      x1 = map_x (p, x[i] + fabs (bar_width) / 2);
      top = map_y_axis (p, AX_Y, h[i]);
      if (!isfinite (x0) || !isfinite (x1) || !isfinite (top))
        continue;
      x0 = clamp_user (p, x0, TRUE);
      x1 = clamp_user (p, x1, TRUE);
      top = clamp_user (p, top, FALSE);
      cairo_rectangle (cr, MIN (x0, x1), MIN (top, base), fabs (x1 - x0), fabs (base - top));
      dpv_color_set_source (&fill, cr);
      cairo_fill_preserve (cr);
      dpv_color_set_source (color, cr);
      cairo_stroke (cr);

      /* the bar's area counts as drawn data for the legend */
      {
        double xa = MAX (MIN (x0, x1), p->dx), xb = MIN (MAX (x0, x1), p->dx + p->dw);
        double ya = MAX (MIN (top, base), p->dy), yb = MIN (MAX (top, base), p->dy + p->dh);
        /* at most ~2500 samples per bar, whatever the panel size */
        double step = MAX (MAX (2.0, p->em * 0.8), sqrt (MAX (0, (xb - xa) * (yb - ya)) / 2500));
        for (double yy = ya; yy <= yb; yy += step)
          for (double xx = xa; xx <= xb; xx += step)
            record_point (p, xx, yy);
        record_segment (p, xa, ya, xb, ya);
      }
    }
  cairo_restore (cr);
}

void
dpv_plot_markers (DpvPlot        *plot,
                  const double   *x,
                  const double   *y,
                  gsize           n,
                  const DpvColor *color,
                  double          radius,
                  const char     *legend_markup)
{
  DpvPlot *p = plot;
  cairo_t *cr;

  g_return_if_fail (plot != NULL);
  ensure_layout (p);
  if (color == NULL)
    color = &p->style.foreground;
  if (!isfinite (radius) || radius <= 0)
    radius = p->style.line_width * 2;
  add_entry (p, ENTRY_MARKER, legend_markup, color, radius, 1.0, DPV_DASH_SOLID);
  if (x == NULL || y == NULL || n == 0 || !cr_ok (p))
    return;
  cr = p->cr;

  cairo_save (cr);
  clip_data_area (p);
  dpv_color_set_source (color, cr);
  for (gsize i = 0; i < n; i++)
    {
      double ux = isfinite (x[i]) ? map_x (p, x[i]) : NAN;
      double uy = isfinite (y[i]) ? map_y_axis (p, AX_Y, y[i]) : NAN;

      if (!isfinite (ux) || !isfinite (uy))
        continue;
      if (ux < p->dx - radius || ux > p->dx + p->dw + radius
          || uy < p->dy - radius || uy > p->dy + p->dh + radius)
        continue;
      cairo_new_sub_path (cr);
      cairo_arc (cr, ux, uy, radius, 0, 2 * G_PI);
      record_point (p, ux, uy);
    }
  cairo_fill_preserve (cr);
  {
    /* a thin ring in the background colour sets a marker off the line it sits on */
    DpvColor ring;
    if (halo_color (&p->style, &ring))
      {
        dpv_color_set_source (&ring, cr);
        cairo_set_line_width (cr, MAX (0.75, radius * 0.3));
        cairo_stroke (cr);
      }
  }
  cairo_new_path (cr);
  cairo_restore (cr);
}

/* ---------------------------------------------------------------- fills ---- */

typedef struct {
  GArray *lo;   /* Point, forward */
  GArray *hi;   /* Point, forward */
} Run;

/* Sutherland & Hodgman (1974): clips the closed polygon in `in` to one half-plane
 * (edge 0: x ≥ v, 1: x ≤ v, 2: y ≥ v, 3: y ≤ v), appending the result to `out`. */
static void
clip_polygon_edge (GArray *in, GArray *out, int edge, double v)
{
  g_array_set_size (out, 0);
  for (guint i = 0; i < in->len; i++)
    {
      Point a = g_array_index (in, Point, i);
      Point b = g_array_index (in, Point, (i + 1) % in->len);
      double ca = edge < 2 ? a.x : a.y, cb = edge < 2 ? b.x : b.y;
      gboolean ina = (edge % 2 == 0) ? ca >= v : ca <= v;
      gboolean inb = (edge % 2 == 0) ? cb >= v : cb <= v;

      if (ina)
        g_array_append_val (out, a);
      if (ina != inb)
        {
          double t = (v - ca) / (cb - ca);
          Point c = { a.x + t * (b.x - a.x), a.y + t * (b.y - a.y) };
          if (edge < 2)
            c.x = v;
          else
            c.y = v;
          g_array_append_val (out, c);
        }
    }
}

static void
run_flush (DpvPlot *p, Run *run, double tol)
{
  cairo_t *cr = p->cr;

  if (run->lo->len >= 2)
    {
      gsize nlo = simplify ((Point *) (void *) run->lo->data, run->lo->len, tol);
      gsize nhi = simplify ((Point *) (void *) run->hi->data, run->hi->len, tol);
      GArray *poly = g_array_sized_new (FALSE, FALSE, sizeof (Point), nlo + nhi + 8);
      GArray *tmp = g_array_sized_new (FALSE, FALSE, sizeof (Point), nlo + nhi + 8);
      double x0, y0, x1, y1;

      /* a little outside the visible area (the data-area clip hides the edge) */
      visible_rect (p, 4, &x0, &y0, &x1, &y1);
      g_array_append_vals (poly, run->lo->data, nlo);
      for (gsize i = nhi; i-- > 0;)
        g_array_append_val (poly, g_array_index (run->hi, Point, i));
      clip_polygon_edge (poly, tmp, 0, x0);
      clip_polygon_edge (tmp, poly, 1, x1);
      clip_polygon_edge (poly, tmp, 2, y0);
      clip_polygon_edge (tmp, poly, 3, y1);
      for (guint i = 0; i < poly->len; i++)
        {
          Point *pt = &g_array_index (poly, Point, i);
          if (i == 0)
            cairo_move_to (cr, pt->x, pt->y);
          else
            cairo_line_to (cr, pt->x, pt->y);
        }
      if (poly->len > 0)
        cairo_close_path (cr);
      g_array_unref (poly);
      g_array_unref (tmp);
    }
  g_array_set_size (run->lo, 0);
  g_array_set_size (run->hi, 0);
}

static void
run_add (Run *run, double x, double ylo, double yhi)
{
  Point a = { x, ylo }, b = { x, yhi };
  g_array_append_val (run->lo, a);
  g_array_append_val (run->hi, b);
}

/* Fills between y_lo and y_hi; with @aliased, without antialiasing (see
 * dpv_plot_fill_between_lined ()). */
static void
fill_between (DpvPlot        *p,
              const double   *x,
              const double   *y_lo,
              const double   *y_hi,
              gsize           n,
              const DpvColor *color,
              double          alpha,
              const char     *legend_markup,
              gboolean        aliased)
{
  cairo_t *cr;
  DpvColor fill;
  Run run;
  gboolean have_prev = FALSE;
  double pux = 0, plo = 0, phi = 0, tol;

  ensure_layout (p);
  if (color == NULL)
    color = &p->style.foreground;
  if (!isfinite (alpha))
    alpha = 1.0;
  alpha = CLAMP (alpha, 0.0, 1.0);
  add_entry (p, ENTRY_FILL, legend_markup, color, 1.0, alpha, DPV_DASH_SOLID);
  if (x == NULL || y_lo == NULL || y_hi == NULL || n == 0 || !cr_ok (p))
    return;
  cr = p->cr;
  fill = *color;
  fill.a *= alpha;
  blend_onto_clean_data (p, &fill);

  run.lo = g_array_new (FALSE, FALSE, sizeof (Point));
  run.hi = g_array_new (FALSE, FALSE, sizeof (Point));
  tol = 0.1 * device_px (p);

  cairo_save (cr);
  clip_data_area (p);
  cairo_new_path (cr);
  /* Work in user space: y grows downwards, so "y_hi above y_lo" is ulo − uhi > 0. Crossings
   * are interpolated on the drawn (straight, user-space) segments. */
  for (gsize i = 0; i < n; i++)
    {
      double ux = isfinite (x[i]) ? map_x (p, x[i]) : NAN;
      double ulo = isfinite (y_lo[i]) ? map_y_axis (p, AX_Y, y_lo[i]) : NAN;
      double uhi = isfinite (y_hi[i]) ? map_y_axis (p, AX_Y, y_hi[i]) : NAN;
      double d;

      if (!isfinite (ux) || !isfinite (ulo) || !isfinite (uhi))
        {
          run_flush (p, &run, tol);
          have_prev = FALSE;
          continue;
        }
      ux = clamp_far (ux);
      ulo = clamp_far (ulo);
      uhi = clamp_far (uhi);
      d = ulo - uhi;

      if (have_prev)
        {
          double pd = plo - phi;

          if ((pd > 0) != (d > 0) && pd != d)
            {
              /* crossing between i−1 and i */
              double t = pd / (pd - d);
              double cx = pux + t * (ux - pux);
              double cy = plo + t * (ulo - plo);

              if (pd > 0)
                {
                  run_add (&run, cx, cy, cy);
                  run_flush (p, &run, tol);
                }
              else
                run_add (&run, cx, cy, cy);
            }
        }
      if (d > 0)
        run_add (&run, ux, ulo, uhi);
      else if (run.lo->len > 0)
        {
          /* touching (d == 0) closes the run at this point */
          run_add (&run, ux, ulo, ulo);
          run_flush (p, &run, tol);
        }
      have_prev = TRUE;
      pux = ux;
      plo = ulo;
      phi = uhi;
    }
  run_flush (p, &run, tol);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
  dpv_color_set_source (&fill, cr);
  if (aliased)
    cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  cairo_fill (cr);
  cairo_restore (cr);

  g_array_unref (run.lo);
  g_array_unref (run.hi);
}

void
dpv_plot_fill_between (DpvPlot        *plot,
                       const double   *x,
                       const double   *y_lo,
                       const double   *y_hi,
                       gsize           n,
                       const DpvColor *color,
                       double          alpha,
                       const char     *legend_markup)
{
  g_return_if_fail (plot != NULL);
  fill_between (plot, x, y_lo, y_hi, n, color, alpha, legend_markup, FALSE);
}

/* Lines at least this wide, in device pixels, hide a fill's aliased edge: the edge of cairo's
 * one-sample-per-pixel scan conversion is within half a pixel (a pixel's centre) of the true
 * one, and a line of 1.5 px covers 0.75 px on each side of it. */
#define LINED_FILL_MIN_PX 1.5

/* A fill whose edges are drawn over by lines need not be antialiased: cairo 1.16 scan
 * converts an antialiased fill at 15 sub-rows per pixel row, and without antialiasing at one
 * sample per pixel. The densities view's two fills under their curves were a quarter of its
 * render at 1920 × 1080 (4.7 M of 17.5 M instructions); without antialiasing, 2.3 M, and the
 * frame differs from the antialiased one by at most 1/255 in any channel. */
void
dpv_plot_fill_between_lined (DpvPlot        *plot,
                             const double   *x,
                             const double   *y_lo,
                             const double   *y_hi,
                             gsize           n,
                             const DpvColor *color,
                             double          alpha,
                             const char     *legend_markup,
                             double          line_width)
{
  DpvPlot *p = plot;
  gboolean aliased;

  g_return_if_fail (plot != NULL);
  aliased = !p->vector && cr_ok (p) && isfinite (line_width)
            && line_width >= LINED_FILL_MIN_PX * device_px (p);
  fill_between (p, x, y_lo, y_hi, n, color, alpha, legend_markup, aliased);
}

static double
map_or_edge (DpvPlot *p, int which, double v)
{
  double lo = which == AX_X ? p->dx : p->dy;
  double len = which == AX_X ? p->dw : p->dh;
  double u;

  if (isnan (v))
    return NAN;
  if (isinf (v))
    {
      if (which == AX_X)
        return v < 0 ? lo - 1 : lo + len + 1;
      return v < 0 ? lo + len + 1 : lo - 1;
    }
  u = which == AX_X ? map_x (p, v) : map_y_axis (p, which, v);
  if (isinf (u) || (p->axes[which].scale == DPV_SCALE_LOG && !(v > 0)))
    return which == AX_X ? lo - 1 : lo + len + 1;
  return clamp_user (p, u, which == AX_X);
}

void
dpv_plot_shade_x_range (DpvPlot        *plot,
                        double          x0,
                        double          x1,
                        const DpvColor *color,
                        double          alpha,
                        const char     *legend_markup)
{
  DpvPlot *p = plot;
  DpvColor fill;
  double u0, u1;

  g_return_if_fail (plot != NULL);
  ensure_layout (p);
  if (color == NULL)
    color = &p->style.accent;
  if (!isfinite (alpha))
    alpha = 0.2;
  alpha = CLAMP (alpha, 0.0, 1.0);
  add_entry (p, ENTRY_FILL, legend_markup, color, 1.0, alpha, DPV_DASH_SOLID);
  u0 = map_or_edge (p, AX_X, x0);
  u1 = map_or_edge (p, AX_X, x1);
  if (!isfinite (u0) || !isfinite (u1) || !cr_ok (p))
    return;
  fill = *color;
  fill.a *= alpha;
  blend_onto_clean_data (p, &fill);
  cairo_save (p->cr);
  clip_data_area (p);
  cairo_rectangle (p->cr, MIN (u0, u1), p->dy, fabs (u1 - u0), p->dh);
  dpv_color_set_source (&fill, p->cr);
  cairo_fill (p->cr);
  cairo_restore (p->cr);
}

void
dpv_plot_shade_y_range (DpvPlot        *plot,
                        double          y0,
                        double          y1,
                        const DpvColor *color,
                        double          alpha)
{
  DpvPlot *p = plot;
  DpvColor fill;
  double u0, u1;

  g_return_if_fail (plot != NULL);
  ensure_layout (p);
  if (color == NULL)
    color = &p->style.accent;
  if (!isfinite (alpha))
    alpha = 0.2;
  alpha = CLAMP (alpha, 0.0, 1.0);
  u0 = map_or_edge (p, AX_Y, y0);
  u1 = map_or_edge (p, AX_Y, y1);
  if (!isfinite (u0) || !isfinite (u1) || !cr_ok (p))
    return;
  fill = *color;
  fill.a *= alpha;
  blend_onto_clean_data (p, &fill);
  cairo_save (p->cr);
  clip_data_area (p);
  cairo_rectangle (p->cr, p->dx, MIN (u0, u1), p->dw, fabs (u1 - u0));
  dpv_color_set_source (&fill, p->cr);
  cairo_fill (p->cr);
  cairo_restore (p->cr);
}

/* ----------------------------------------------------------- placement ---- */

static double
overlap_area (double ax, double ay, double aw, double ah, double bx, double by, double bw,
              double bh)
{
  double w = MIN (ax + aw, bx + bw) - MAX (ax, bx);
  double h = MIN (ay + ah, by + bh) - MAX (ay, by);

  return (w > 0 && h > 0) ? w * h : 0;
}

/* Area of (x, y, w, h) covered by annotations and the legend placed so far. */
static double
text_overlap (DpvPlot *p, double x, double y, double w, double h)
{
  double sum = 0;

  for (guint i = 0; i < p->texts->len; i++)
    {
      TextRect *r = &g_array_index (p->texts, TextRect, i);
      if (r->kind == DPV_TEXT_ANNOTATION || r->kind == DPV_TEXT_LEGEND)
        sum += overlap_area (x, y, w, h, r->x, r->y, r->w, r->h);
    }
  return sum;
}

static guint
index_column (const PointIndex *ix, double x)
{
  double c = floor ((x - ix->x0) / ix->col_w);

  return (guint) CLAMP (c, 0.0, (double) (ix->n_cols - 1));
}

static void
update_index (DpvPlot *p, GArray *points, PointIndex *ix)
{
  const Point *pts = (const Point *) (void *) points->data;
  guint *fill;

  if (ix->start != NULL && ix->len == points->len)
    return;
  g_free (ix->start);
  g_free (ix->sorted);
  ix->len = points->len;
  ix->n_cols = CLAMP (points->len / 16, 1, 256);
  /* points are recorded within a unit of the data area (record_point ()) */
  ix->x0 = p->dx - 1;
  ix->col_w = MAX (p->dw + 2, 1.0) / ix->n_cols;
  ix->start = g_new0 (guint, ix->n_cols + 1);
  ix->sorted = g_new (Point, MAX (points->len, 1));
  for (guint i = 0; i < points->len; i++)
    ix->start[index_column (ix, pts[i].x) + 1]++;
  for (guint c = 0; c < ix->n_cols; c++)
    ix->start[c + 1] += ix->start[c];
  fill = g_memdup2 (ix->start, ix->n_cols * sizeof (guint));
  for (guint i = 0; i < points->len; i++)
    ix->sorted[fill[index_column (ix, pts[i].x)]++] = pts[i];
  g_free (fill);
}

static guint
count_in (DpvPlot *p, GArray *points, PointIndex *ix, double x, double y, double w, double h)
{
  guint n = 0, from, to;

  if (points->len == 0)
    return 0;
  update_index (p, points, ix);
  from = isfinite (x) ? ix->start[index_column (ix, x)] : 0;
  to = isfinite (x + w) ? ix->start[index_column (ix, x + w) + 1] : points->len;
  for (guint i = from; i < to; i++)
    {
      const Point *pt = &ix->sorted[i];

      if (pt->x >= x && pt->x <= x + w && pt->y >= y && pt->y <= y + h)
        n++;
    }
  return n;
}

/* Drawn samples inside the box; a reference line counts a quarter of a data curve. */
static double
count_points (DpvPlot *p, double x, double y, double w, double h)
{
  return count_in (p, p->points, &p->points_index, x, y, w, h)
         + 0.25 * count_in (p, p->ref_points, &p->ref_points_index, x, y, w, h);
}

/* Where the top-left corner of a w×h box may go to keep the box inside the data area, 2 units
 * in from its edges; centred on an axis along which it does not fit. */
typedef struct {
  double xmin, xmax, ymin, ymax;
} BoxLimits;

static BoxLimits
box_limits (DpvPlot *p, double w, double h)
{
  double inset = 2.0;
  BoxLimits l = { p->dx + inset, p->dx + p->dw - inset - w,
                  p->dy + inset, p->dy + p->dh - inset - h };

  if (l.xmax < l.xmin)
    l.xmin = l.xmax = p->dx + p->dw / 2 - w / 2;
  if (l.ymax < l.ymin)
    l.ymin = l.ymax = p->dy + p->dh / 2 - h / 2;
  return l;
}

/* Chooses among candidate top-left corners of a w×h box: each is pulled inside the data area,
 * then slid vertically by whole box heights (up to six) off earlier text and off the curves;
 * when every such place still holds curve samples, also sideways by half and by a whole box
 * width, to a place clear of them (a label beside a steep bundle of curves finds the gap next
 * to it). With clear_first, such a clear place sideways is taken whenever there is one, even
 * where a steep curve through the box would hold only a few samples. Score: overlap
 * with earlier text (area × 100), then each curve sample inside the box (1; a curve through a
 * label box holds 10–20, reference lines a quarter each), then the distance moved (0.1 per
 * unit: sliding a box height costs about 2, so a label leaves a curve for a free place a few
 * heights away, but not for one across the panel), then the candidate's rank (0.5 each). */
static void
place_box (DpvPlot *p, const Point *cand, int n_cand, double w, double h, gboolean clear_first,
           double *ox, double *oy)
{
  static const double sideways[] = { 0, 0.5, -0.5, 1, -1 };
  BoxLimits l = box_limits (p, w, h);
  double xmin = l.xmin, xmax = l.xmax, ymin = l.ymin, ymax = l.ymax;
  double best = INFINITY, best_points = INFINITY, best_clear = INFINITY;
  double step = h + 2.0;
  Point clear = { 0, 0 };

  *ox = CLAMP (cand[0].x, xmin, xmax);
  *oy = CLAMP (cand[0].y, ymin, ymax);

  /* sideways passes until one finds a clear place (that beats the best, or any with
   * clear_first) */
  for (gsize d = 0;
       d < G_N_ELEMENTS (sideways) && (d == 0 || (best_points > 0 && !isfinite (best_clear)));
       d++)
    for (int c = 0; c < n_cand; c++)
      {
        double bx = CLAMP (cand[c].x + sideways[d] * w, xmin, xmax);
        double by0 = CLAMP (cand[c].y, ymin, ymax);

        for (int k = 0; k < 13; k++)
          {
            /* 0, +1, −1, +2, −2, … steps */
            int s = (k + 1) / 2 * ((k % 2) ? 1 : -1);
            double by = by0 + s * step;
            double score, points;

            if (by < ymin - 0.01 || by > ymax + 0.01)
              continue;
            score = text_overlap (p, bx, by, w, h) * 100.0
                    + (fabs (bx - cand[c].x) + fabs (by - cand[c].y)) * 0.1 + c * 0.5;
            if (score >= (d > 0 && clear_first ? best_clear : best))
              continue;
            points = count_points (p, bx, by, w, h);
            if (d > 0 && points > 0)
              continue;   /* sideways only to a place clear of the curves */
            if (d > 0 && clear_first)
              {
                best_clear = score;
                clear = (Point) { bx, by };
                continue;
              }
            score += points * 1.0;
            if (score < best)
              {
                best = score;
                best_points = points;
                *ox = bx;
                *oy = by;
              }
          }
      }
  if (clear_first && best_points > 0 && isfinite (best_clear))
    {
      *ox = clear.x;
      *oy = clear.y;
    }
}

/* Chooses the top-left corner of a w×h note about the vertical line at device x px, which
 * names the point (px, py) on it: beside the line, on either side at @gap from it, at any
 * height in the data area, so that the note always reads as being about the line even when
 * the curves leave no room around the point. Score: overlap with earlier text (area × 100),
 * then 5 for each curve sample within a fifth of an em of the box (the samples lie on the
 * curves' centre lines; the margin keeps the stroke's half-width and the point's marker out
 * of the box), then 0.1 per unit of vertical distance from the preferred place (the box on
 * the preferred side, above or below the point), then 0.5 for the other side. A curve
 * through the box costs 50–100, so the note slides up to several hundred units along the
 * line to a clear place, and stays next to the point when that is clear. */
static gboolean
place_beside_vline (DpvPlot *p, double px, double py, double w, double h, double gap,
                    gboolean west, gboolean north, double *ox, double *oy)
{
  BoxLimits l = box_limits (p, w, h);
  double xmin = l.xmin, xmax = l.xmax, ymin = l.ymin, ymax = l.ymax;
  double margin = p->em * 0.2, best = INFINITY, best_points = INFINITY, by0;

  by0 = CLAMP (north ? py - gap - h : py + gap, ymin, ymax);
  *ox = CLAMP (west ? px - gap - w : px + gap, xmin, xmax);
  *oy = by0;
  for (int side = 0; side < 2; side++)
    {
      gboolean left = side == 0 ? west : !west;
      double bx = left ? px - gap - w : px + gap;

      /* a side with no room for the note inside the data area is not taken */
      if (bx < xmin - 0.01 || bx > xmax + 0.01)
        continue;
      /* outwards from the preferred height, 2 units a step, both ways, until the distance
       * alone costs more than the best place found */
      for (double d = 0; d * 0.1 + side * 0.5 < best && d <= ymax - ymin + 2.0; d += 2.0)
        for (int dir = 0; dir < (d > 0 ? 2 : 1); dir++)
          {
            double by = by0 + (dir ? -d : d);
            double score, points;

            if (by < ymin - 0.01 || by > ymax + 0.01)
              continue;
            score = text_overlap (p, bx, by, w, h) * 100.0 + d * 0.1 + side * 0.5;
            if (score >= best)
              continue;
            points = count_points (p, bx - margin, by - margin, w + 2 * margin,
                                   h + 2 * margin);
            score += 5.0 * points;
            if (score < best)
              {
                best = score;
                best_points = points;
                *ox = bx;
                *oy = by;
              }
          }
    }
  return best_points == 0;
}

static void
anchor_box (DpvAnchor anchor, double px, double py, double w, double h, double gap,
            double *x, double *y)
{
  switch (anchor)
    {
    case DPV_ANCHOR_NORTH:
      *x = px - w / 2, *y = py - gap - h;
      break;
    case DPV_ANCHOR_SOUTH:
      *x = px - w / 2, *y = py + gap;
      break;
    case DPV_ANCHOR_EAST:
      *x = px + gap, *y = py - h / 2;
      break;
    case DPV_ANCHOR_WEST:
      *x = px - gap - w, *y = py - h / 2;
      break;
    case DPV_ANCHOR_NORTH_EAST:
      *x = px + gap, *y = py - gap - h;
      break;
    case DPV_ANCHOR_NORTH_WEST:
      *x = px - gap - w, *y = py - gap - h;
      break;
    case DPV_ANCHOR_SOUTH_EAST:
      *x = px + gap, *y = py + gap;
      break;
    case DPV_ANCHOR_SOUTH_WEST:
      *x = px - gap - w, *y = py + gap;
      break;
    case DPV_ANCHOR_CENTER:
    default:
      *x = px - w / 2, *y = py - h / 2;
      break;
    }
}

static gboolean annotations_hidden;
static GArray *placed_log;

void
dpv_plot_set_annotations_hidden (gboolean hidden)
{
  annotations_hidden = hidden;
}

void
dpv_plot_set_placed_log (GArray *log)
{
  placed_log = log;
}

/* For dpv_plot_set_placed_log (): the text and its box in device units. */
static void
log_placed (DpvPlot *p, PangoLayout *layout, double x, double y, double w, double h)
{
  DpvPlacedText t;
  double x0 = x, y0 = y, x1 = x + w, y1 = y + h;

  cairo_user_to_device (p->cr, &x0, &y0);
  cairo_user_to_device (p->cr, &x1, &y1);
  t.text = g_strdup (pango_layout_get_text (layout));
  t.x = MIN (x0, x1);
  t.y = MIN (y0, y1);
  t.w = fabs (x1 - x0);
  t.h = fabs (y1 - y0);
  g_array_append_val (placed_log, t);
}

/* Draws the note at its chosen place (x, y) and keeps its box for the places chosen after. */
static void
draw_text_at (DpvPlot *p, PangoLayout *layout, double x, double y, double w, double h,
              const DpvColor *color)
{
  if (!annotations_hidden)
    {
      cairo_save (p->cr);
      show_layout (p, layout, x, y, color, TRUE);
      cairo_restore (p->cr);
    }
  if (placed_log != NULL)
    log_placed (p, layout, x, y, w, h);
  record_text (p, DPV_TEXT_ANNOTATION, x, y, w, h);
}

static void
draw_placed_text (DpvPlot *p, PangoLayout *layout, const Point *cand, int n_cand,
                  gboolean clear_first, const DpvColor *color)
{
  double w, h, x, y;

  layout_size (layout, &w, &h);
  place_box (p, cand, n_cand, w, h, clear_first, &x, &y);
  draw_text_at (p, layout, x, y, w, h, color);
}

/* The candidate boxes of a note of size w × h at device point (px, py): the anchor's box
 * first, then the other eight around the point. */
static int
annotation_candidates (DpvAnchor anchor, double px, double py, double w, double h, double gap,
                       Point *cand)
{
  static const DpvAnchor order[] = {
    DPV_ANCHOR_NORTH_EAST, DPV_ANCHOR_NORTH_WEST, DPV_ANCHOR_SOUTH_EAST, DPV_ANCHOR_SOUTH_WEST,
    DPV_ANCHOR_NORTH, DPV_ANCHOR_SOUTH, DPV_ANCHOR_EAST, DPV_ANCHOR_WEST,
  };
  int n = 0;

  anchor_box (anchor, px, py, w, h, gap, &cand[n].x, &cand[n].y);
  n++;
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    if (order[i] != anchor)
      {
        anchor_box (order[i], px, py, w, h, gap, &cand[n].x, &cand[n].y);
        n++;
      }
  return n;
}

/* The boxes of a w × h label beside both ends of the vertical line at device x ux, on either
 * side: where dpv_plot_vline () puts its label. */
static int
vline_end_candidates (DpvPlot *p, double ux, double w, double h, Point *cand)
{
  double gap = p->em * 0.3;

  cand[0] = (Point) { ux + gap, p->dy + gap };
  cand[1] = (Point) { ux - gap - w, p->dy + gap };
  cand[2] = (Point) { ux + gap, p->dy + p->dh - gap - h };
  cand[3] = (Point) { ux - gap - w, p->dy + p->dh - gap - h };
  return 4;
}

/* The data point (x, y) in device units, inside the data area. */
static void
annotation_point (DpvPlot *p, double x, double y, double *opx, double *opy)
{
  double px = isfinite (x) ? map_x (p, x) : NAN;
  double py = isfinite (y) ? map_y_axis (p, AX_Y, y) : NAN;

  if (!isfinite (px))
    px = isnan (x) || isnan (px) ? p->dx + p->dw / 2 : (px < 0 ? p->dx : p->dx + p->dw);
  if (!isfinite (py))
    py = isnan (y) || isnan (py) ? p->dy + p->dh / 2 : (py < 0 ? p->dy : p->dy + p->dh);
  *opx = CLAMP (px, p->dx, p->dx + p->dw);
  *opy = CLAMP (py, p->dy, p->dy + p->dh);
}

static void
annotate (DpvPlot *p, double x, double y, const char *markup, DpvAnchor anchor,
          const DpvColor *color, gboolean on_vline)
{
  PangoLayout *layout;
  Point cand[9 + 4];
  double px, py, w, h, gap;
  int n;

  ensure_layout (p);
  if (markup == NULL || !*markup || !cr_ok (p))
    return;
  if (color == NULL)
    color = &p->style.foreground;

  annotation_point (p, x, y, &px, &py);
  layout = plot_layout (p, markup, ANNOT_FACTOR);
  layout_size (layout, &w, &h);
  gap = p->em * 0.35;

  if (on_vline)
    {
      gboolean west = anchor == DPV_ANCHOR_WEST || anchor == DPV_ANCHOR_NORTH_WEST
                      || anchor == DPV_ANCHOR_SOUTH_WEST;
      gboolean north = anchor == DPV_ANCHOR_NORTH || anchor == DPV_ANCHOR_NORTH_WEST
                       || anchor == DPV_ANCHOR_NORTH_EAST;
      double bx, by;

      if (place_beside_vline (p, px, py, w, h, gap, west, north, &bx, &by))
        {
          draw_text_at (p, layout, bx, by, w, h, color);
          return;
        }
    }
  /* around the point; for a note about a line with no clear place beside it, also beside
   * the line's ends and, clear of the curves, sideways from there */
  n = annotation_candidates (anchor, px, py, w, h, gap, cand);
  if (on_vline)
    n += vline_end_candidates (p, px, w, h, cand + n);
  draw_placed_text (p, layout, cand, n, on_vline, color);
}

void
dpv_plot_annotate (DpvPlot        *plot,
                   double          x,
                   double          y,
                   const char     *markup,
                   DpvAnchor       anchor,
                   const DpvColor *color)
{
  g_return_if_fail (plot != NULL);
  annotate (plot, x, y, markup, anchor, color, FALSE);
}

void
dpv_plot_annotate_vline (DpvPlot        *plot,
                         double          x,
                         double          y,
                         const char     *markup,
                         DpvAnchor       anchor,
                         const DpvColor *color)
{
  g_return_if_fail (plot != NULL);
  annotate (plot, x, y, markup, anchor, color, TRUE);
}

void
dpv_plot_vline (DpvPlot        *plot,
                double          x,
                const DpvColor *color,
                DpvDash         dash,
                const char     *label_markup)
{
  DpvPlot *p = plot;
  cairo_t *cr;
  double ux, lw;

  g_return_if_fail (plot != NULL);
  ensure_layout (p);
  if (!cr_ok (p) || !isfinite (x))
    return;
  ux = map_x (p, x);
  if (!isfinite (ux) || ux < p->dx - 0.5 || ux > p->dx + p->dw + 0.5)
    return;
  if (color == NULL)
    color = &p->style.accent;
  cr = p->cr;
  lw = snap_width (p, MAX (1.0, p->style.line_width * 0.75));
  ux = snap (p, ux, TRUE, lw);

  cairo_save (cr);
  clip_data_area (p);
  dpv_color_set_source (color, cr);
  cairo_set_line_width (cr, lw);
  set_dash (cr, dash, lw);
  {
    double x0, y0, x1, y1;
    visible_rect (p, 2 * lw + 2, &x0, &y0, &x1, &y1);
    cairo_move_to (cr, ux, MAX (p->dy, y0));
    cairo_line_to (cr, ux, MIN (p->dy + p->dh, y1));
  }
  cairo_stroke (cr);
  cairo_restore (cr);
  record_segment_to (p, p->ref_points, ux, p->dy, ux, p->dy + p->dh);

  if (label_markup && *label_markup)
    {
      PangoLayout *layout = plot_layout (p, label_markup, ANNOT_FACTOR);
      double w, h;
      Point cand[4];

      layout_size (layout, &w, &h);
      draw_placed_text (p, layout, cand, vline_end_candidates (p, ux, w, h, cand), FALSE,
                        color);
    }
}

void
dpv_plot_hline (DpvPlot        *plot,
                double          y,
                const DpvColor *color,
                DpvDash         dash,
                const char     *label_markup)
{
  DpvPlot *p = plot;
  cairo_t *cr;
  double uy, lw;

  g_return_if_fail (plot != NULL);
  ensure_layout (p);
  if (!cr_ok (p) || !isfinite (y))
    return;
  uy = map_y_axis (p, AX_Y, y);
  if (!isfinite (uy) || uy < p->dy - 0.5 || uy > p->dy + p->dh + 0.5)
    return;
  if (color == NULL)
    color = &p->style.accent;
  cr = p->cr;
  lw = snap_width (p, MAX (1.0, p->style.line_width * 0.75));
  uy = snap (p, uy, FALSE, lw);

  cairo_save (cr);
  clip_data_area (p);
  dpv_color_set_source (color, cr);
  cairo_set_line_width (cr, lw);
  set_dash (cr, dash, lw);
  {
    double x0, y0, x1, y1;
    visible_rect (p, 2 * lw + 2, &x0, &y0, &x1, &y1);
    cairo_move_to (cr, MAX (p->dx, x0), uy);
    cairo_line_to (cr, MIN (p->dx + p->dw, x1), uy);
  }
  cairo_stroke (cr);
  cairo_restore (cr);
  record_segment_to (p, p->ref_points, p->dx, uy, p->dx + p->dw, uy);

  if (label_markup && *label_markup)
    {
      PangoLayout *layout = plot_layout (p, label_markup, ANNOT_FACTOR);
      double w, h, g = p->em * 0.25;
      Point cand[4];

      layout_size (layout, &w, &h);
      cand[0] = (Point) { p->dx + p->dw - g - w, uy - g * 0.5 - h };
      cand[1] = (Point) { p->dx + p->dw - g - w, uy + g * 0.5 };
      cand[2] = (Point) { p->dx + g, uy - g * 0.5 - h };
      cand[3] = (Point) { p->dx + g, uy + g * 0.5 };
      draw_placed_text (p, layout, cand, 4, FALSE, color);
    }
}

/* --------------------------------------------------------------- legend ---- */

static void
draw_swatch (DpvPlot *p, const LegendEntry *e, double x, double y, double w, double h)
{
  cairo_t *cr = p->cr;
  double cy = y + h / 2;

  cairo_save (cr);
  switch (e->kind)
    {
    case ENTRY_LINE:
      dpv_color_set_source (&e->color, cr);
      cairo_set_line_width (cr, MIN (e->width, h * 0.6));
      set_dash (cr, e->dash, MIN (e->width, h * 0.6));
      cairo_move_to (cr, x, cy);
      cairo_line_to (cr, x + w, cy);
      cairo_stroke (cr);
      break;
    case ENTRY_MARKER:
      dpv_color_set_source (&e->color, cr);
      cairo_arc (cr, x + w / 2, cy, MIN (e->width, h * 0.4), 0, 2 * G_PI);
      cairo_fill (cr);
      break;
    case ENTRY_FILL:
    case ENTRY_BAR:
    default:
      {
        DpvColor fill = e->color;
        double sh = h * 0.7;

        fill.a *= e->alpha;
        cairo_rectangle (cr, x + 0.5, cy - sh / 2, w - 1, sh);
        dpv_color_set_source (&fill, cr);
        cairo_fill_preserve (cr);
        fill = e->color;
        fill.a *= e->kind == ENTRY_BAR ? 1.0 : 0.6;
        dpv_color_set_source (&fill, cr);
        cairo_set_line_width (cr, 1.0);
        cairo_stroke (cr);
      }
      break;
    }
  cairo_restore (cr);
}

static gboolean legends_hidden;

void
dpv_plot_set_legends_hidden (gboolean hidden)
{
  legends_hidden = hidden;
}

/* The legend box: a rectangle with rounded corners. */
static void
legend_frame_path (DpvPlot *p, double x, double y, double w, double h)
{
  cairo_t *cr = p->cr;
  double rad = p->em * 0.25;

  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - rad, y + rad, rad, -G_PI / 2, 0);
  cairo_arc (cr, x + w - rad, y + h - rad, rad, 0, G_PI / 2);
  cairo_arc (cr, x + rad, y + h - rad, rad, G_PI / 2, G_PI);
  cairo_arc (cr, x + rad, y + rad, rad, G_PI, 1.5 * G_PI);
  cairo_close_path (cr);
}

static void
stroke_legend_frame (DpvPlot *p)
{
  DpvColor border = p->style.muted;

  border.a *= 0.35;
  dpv_color_set_source (&border, p->cr);
  cairo_set_line_width (p->cr, 1.0);
  cairo_stroke (p->cr);
}

/* The legend in the strip reserved by dpv_plot_set_legend_below (), centred under the data
 * area. FALSE when the entries drawn are more than the strip holds. */
static gboolean
legend_below (DpvPlot *p)
{
  guint n = p->entries->len;
  const char **markups = g_newa (const char *, MAX (n, 1));
  LegendGrid g;
  double bx, by;

  for (guint i = 0; i < n; i++)
    markups[i] = g_array_index (p->entries, LegendEntry, i).markup;
  if (!legend_grid (p, markups, n, p->below_h - p->pad + 0.01, &g))
    return FALSE;
  bx = p->dx + (p->dw - g.w) / 2;
  bx = CLAMP (bx, p->x + p->pad, p->x + p->w - p->pad - g.w);
  by = p->y + p->h - p->below_h + p->pad * 0.5;
  record_text (p, DPV_TEXT_LEGEND, bx, by, g.w, g.h);
  if (legends_hidden)
    return TRUE;

  cairo_save (p->cr);
  legend_frame_path (p, bx, by, g.w, g.h);
  stroke_legend_frame (p);
  for (guint i = 0; i < n; i++)
    {
      LegendEntry *e = &g_array_index (p->entries, LegendEntry, i);
      LayoutOptions opt = { FALSE, 0, FALSE, 0 };
      PangoLayout *layout = cached_layout_in (p->pctx, p->pctx_sig, &p->style, e->markup,
                                              LEGEND_FACTOR * g.f, &opt);
      int row = (int) i / g.cols, col = (int) i % g.cols;
      double x = bx + g.pad, y = by + g.pad, w, h;

      for (int j = 0; j < col; j++)
        x += g.col_w[j] + g.colgap;
      for (int r = 0; r < row; r++)
        y += g.row_h[r] + g.rowgap;
      layout_size (layout, &w, &h);
      draw_swatch (p, e, x, y, g.sw, g.row_h[row]);
      show_layout (p, layout, x + g.sw + g.gap, y + (g.row_h[row] - h) / 2,
                   &p->style.foreground, FALSE);
      g_object_unref (layout);
    }
  cairo_restore (p->cr);
  return TRUE;
}

void
dpv_plot_legend (DpvPlot *plot)
{
  DpvPlot *p = plot;
  cairo_t *cr;
  double pad, sw, gap, rowgap, maxw = 0, total_h = 0, bw, bh, bx, by, inset;
  double *row_h;
  PangoLayout **layouts;
  guint n;
  double best = INFINITY;

  g_return_if_fail (plot != NULL);
  ensure_layout (p);
  n = p->entries->len;
  if (n == 0 || !cr_ok (p))
    return;
  cr = p->cr;
  if (p->below_h > 0 && legend_below (p))
    return;

  /* Full size if the box takes at most 30 % of the data area; else smaller text; on a
   * thumbnail where even that would bury the data, no legend at all. */
  layouts = g_new0 (PangoLayout *, n);
  row_h = g_new0 (double, n);
  for (int attempt = 0;; attempt++)
    {
      static const double shrink[] = { 1.0, 0.88, 0.78 };
      double f = shrink[attempt], area;
      gboolean last = attempt + 1 == G_N_ELEMENTS (shrink);

      legend_metrics (p, f, &pad, &sw, &gap, &rowgap);
      inset = p->em * 0.5 * f;
      maxw = 0;
      total_h = 0;
      for (guint i = 0; i < n; i++)
        {
          LegendEntry *e = &g_array_index (p->entries, LegendEntry, i);
          double w, h, avail = p->dw - 2 * inset - 2 * pad - sw - gap;

          LayoutOptions opt = { FALSE, avail > p->em ? avail : 0, FALSE, 0 };

          g_clear_object (&layouts[i]);
          /* fit_width () leaves a layout that fits as it is */
          layouts[i] = cached_layout_in (p->pctx, p->pctx_sig, &p->style, e->markup,
                                         LEGEND_FACTOR * f, &opt);
          layout_size (layouts[i], &w, &h);
          maxw = MAX (maxw, w);
          row_h[i] = MAX (h, p->em * 0.9 * f);
          total_h += row_h[i] + (i > 0 ? rowgap : 0);
        }
      bw = pad + sw + gap + maxw + pad;
      bh = pad + total_h + pad;
      area = bw * bh / MAX (p->dw * p->dh, 1e-9);
      if (bw <= p->dw - 2 * inset && bh <= p->dh - 2 * inset && area <= 0.3)
        break;
      if (last)
        {
          if (bw > p->dw - 2 * inset || bh > p->dh - 2 * inset || area > 0.5)
            {
              for (guint i = 0; i < n; i++)
                g_clear_object (&layouts[i]);
              g_free (layouts);
              g_free (row_h);
              return;
            }
          break;
        }
    }

  /* candidates: corners first, then edge midpoints, then the centre */
  {
    double l = p->dx + inset, r = p->dx + p->dw - inset - bw;
    double t = p->dy + inset, b = p->dy + p->dh - inset - bh;
    double cx = p->dx + p->dw / 2 - bw / 2, cy = p->dy + p->dh / 2 - bh / 2;
    Point cand[4 + 2 * 7 + 2 * 3 + 1] = {
      { r, t }, { l, t }, { r, b }, { l, b },
    };
    guint nc = 4;

    /* then along the top and bottom edges, down the sides, and the centre */
    for (int k = 1; k <= 7; k++)
      {
        double xx = l + (r - l) * k / 8.0;
        cand[nc++] = (Point) { xx, t };
        cand[nc++] = (Point) { xx, b };
      }
    for (int k = 1; k <= 3; k++)
      {
        double yy = t + (b - t) * k / 4.0;
        cand[nc++] = (Point) { r, yy };
        cand[nc++] = (Point) { l, yy };
      }
    cand[nc++] = (Point) { cx, cy };

    bx = cand[0].x;
    by = cand[0].y;
    for (guint c = 0; c < nc; c++)
      {
        double score = count_points (p, cand[c].x - 2, cand[c].y - 2, bw + 4, bh + 4)
                       + text_overlap (p, cand[c].x, cand[c].y, bw, bh) * 10.0
                       + (c < 4 ? 0.0 : 0.5);   /* corners win ties */
        if (score < best)
          {
            best = score;
            bx = cand[c].x;
            by = cand[c].y;
          }
      }
    bx = MAX (bx, p->x);
    by = MAX (by, p->y);
  }

  if (legends_hidden)
    goto out;
  cairo_save (cr);
  {
    DpvColor bg;

    legend_frame_path (p, bx, by, bw, bh);
    if (halo_color (&p->style, &bg))
      {
        /* opaque when it must sit on data, translucent otherwise */
        bg.a = best > 0 ? 0.92 : 0.8;
        dpv_color_set_source (&bg, cr);
        cairo_fill_preserve (cr);
      }
    stroke_legend_frame (p);
  }
  {
    double yy = by + pad;
    for (guint i = 0; i < n; i++)
      {
        LegendEntry *e = &g_array_index (p->entries, LegendEntry, i);
        double w, h;

        layout_size (layouts[i], &w, &h);
        draw_swatch (p, e, bx + pad, yy, sw, row_h[i]);
        show_layout (p, layouts[i], bx + pad + sw + gap, yy + (row_h[i] - h) / 2,
                     &p->style.foreground, FALSE);
        yy += row_h[i] + rowgap;
      }
  }
  cairo_restore (cr);
out:
  record_text (p, DPV_TEXT_LEGEND, bx, by, bw, bh);

  for (guint i = 0; i < n; i++)
    g_object_unref (layouts[i]);
  g_free (layouts);
  g_free (row_h);
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

/* ------------------------------------------------------- figure helpers ---- */

static PangoLayout *
cr_layout (cairo_t *cr, const DpvStyle *style, const char *markup, double size_factor,
           double wrap)
{
  LayoutOptions opt = { FALSE, 0, FALSE, wrap };
  DpvStyle s = *style;

  if (!isfinite (s.text_scale) || s.text_scale <= 0)
    s.text_scale = 1;
  if (!isfinite (size_factor) || size_factor <= 0)
    size_factor = 1;
  s.font_family[sizeof s.font_family - 1] = '\0';
  return cached_layout (cr, &s, markup, size_factor, &opt);
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
  layout_size (layout, &w, &h);
  if (!layout_in_clip (cr, layout, x, y, 0.5 * h + 2))
    {
      g_object_unref (layout);
      return h;
    }
  cairo_save (cr);
  dpv_color_set_source (color ? color : &style->foreground, cr);
  move_to_text (cr, style->pixel_snap && !is_vector_target (cr), x, y);
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
      layout_size (layout, &w, &h);
      g_object_unref (layout);
    }
  if (width)
    *width = w;
  if (height)
    *height = h;
}
