/* dpv-text-layout.c — one Pango layout: font, markup, width
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Layouts take their font from the style (family, size × text scale × a factor), their text
 * from Pango markup (with <sup> and <sub> made independent of the device scale, and plain text
 * when the markup does not parse), and are fitted to a width by ellipsizing or, for text with
 * scripts, by setting it smaller.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dpv-text-private.h"

/* Font sizes on a grid of 64 steps per octave (each step at most 1/64 of the size, 1.6 %),
 * rounded down when @down. Pango's font map and cairo keep a font, its fontconfig pattern
 * and its glyphs for every size ever asked for, so sizes that follow a panel's height or a
 * label's width would grow memory without bound over a lecture; on the grid at most about
 * 700 sizes exist between 1 and 2000 px. Every whole size up to 64 px is on the grid. */
double
dpv_text_quantize_px (double size, gboolean down)
{
  int exponent;
  double step;

  if (!isfinite (size) || size <= 1.0)
    return 1.0;
  frexp (size, &exponent);              /* size in [2^(exponent−1), 2^exponent) */
  step = ldexp (1.0, exponent - 1 - 6); /* 1/64 of the octave's lower end */
  size = (down ? floor (size / step) : nearbyint (size / step)) * step;
  return CLAMP (size, 1.0, 2000.0);
}

double
dpv_text_font_px (const DpvStyle *style, double factor)
{
  double size = style->font_size * style->text_scale * factor;

  if (!isfinite (size) || size <= 0)
    size = 13.0 * factor;
  return dpv_text_quantize_px (CLAMP (size, 1.0, 2000.0), FALSE);
}

static PangoFontDescription *
make_font (const DpvStyle *style, double factor)
{
  PangoFontDescription *desc = pango_font_description_new ();

  pango_font_description_set_family (desc, style->font_family[0] ? style->font_family : "sans");
  pango_font_description_set_absolute_size (desc, dpv_text_font_px (style, factor) * PANGO_SCALE);
  return desc;
}

void
dpv_text_configure_context (PangoContext *ctx)
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

PangoLayout *
dpv_text_layout_new (PangoContext *ctx, const DpvStyle *style, const char *markup, double factor)
{
  PangoLayout *layout = pango_layout_new (ctx);
  PangoFontDescription *desc = make_font (style, factor);

  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  set_markup_safe (layout, markup);
  return layout;
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
void
dpv_text_fit_width (PangoLayout *layout, double width)
{
  double w;

  width = CLAMP (width, 1.0, 1e6);   /* also keeps width × PANGO_SCALE within int */
  dpv_text_layout_size (layout, &w, NULL);
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

    pango_font_description_set_absolute_size (
        desc, dpv_text_quantize_px (size / PANGO_SCALE * MAX (width / w, 0.7), TRUE) * PANGO_SCALE);
    pango_layout_set_font_description (layout, desc);
    pango_font_description_free (desc);
    dpv_text_layout_size (layout, &w, NULL);
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

/* Makes layout at most width wide on at most @lines lines: wrapped at word boundaries, the
 * last line ellipsized when even that is not enough (Pango ellipsizes the last of a
 * negative height's lines); text with superscripts or subscripts, which Pango cannot
 * ellipsize, is wrapped when it then fits, else fitted by dpv_text_fit_width (). One line:
 * dpv_text_fit_width (). */
void
dpv_text_fit_lines (PangoLayout *layout, double width, int lines)
{
  double w;

  if (lines <= 1)
    {
      dpv_text_fit_width (layout, width);
      return;
    }
  width = CLAMP (width, 1.0, 1e6);
  /* measured as it is, unwrapped (a second call, after the weight changed, starts over) */
  pango_layout_set_width (layout, -1);
  pango_layout_set_height (layout, -1);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_NONE);
  dpv_text_layout_size (layout, &w, NULL);
  if (w <= width)
    return;
  pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
  if (!has_scaled_text (layout))
    {
      pango_layout_set_height (layout, -lines);
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
      return;
    }
  dpv_text_layout_size (layout, &w, NULL);
  if (pango_layout_get_line_count (layout) <= lines && w <= width + 0.01)
    return;
  pango_layout_set_width (layout, -1);
  dpv_text_fit_width (layout, width);
}
