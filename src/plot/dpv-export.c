/* dpv-export.c — PNG, SVG and PDF export of a drawing
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A drawing is a draw function and its data (a view's frame, computed once before): every band
 * of a PNG and every format draw the same numbers. Everything is rendered into memory first
 * (cairo_*_surface_create_for_stream), then written by dpv_atomic_write_file () (a temporary
 * file, fsync, rename), so a failed export never leaves a partial file and never touches an
 * existing destination.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>

#include <pango/pango.h>

#include "dpv-atomic-file.h"
#include "dpv-export.h"
#include "dpv-render-image.h"

#define DPV_EXPORT_SIZE_MIN 16.0
#define DPV_EXPORT_SIZE_MAX 20000.0
#define DPV_EXPORT_SCALE_MIN 0.25
#define DPV_EXPORT_SCALE_MAX 8.0

/* Sizes for the places figures go. LaTeX: the article class's two-column \columnwidth is
 * about 8.5 cm and a one-column \textwidth on A4 about 15 cm; captions and small text there
 * are 8–9 pt. A 16:9 slide is 10 × 5.625 in (Impress and PowerPoint's wide format), read
 * from afar at 16 pt. A4 landscape is a handout page. */
static const DpvExportPreset presets[] = {
  { "slide", N_("Slide 16:9"), 25.4, 14.2875, 16.0, 150.0, FALSE },
  { "latex-column", N_("LaTeX column (8.5 cm)"), 8.5, 6.0, 8.0, 300.0, TRUE },
  { "latex-text", N_("LaTeX text width (15 cm)"), 15.0, 9.5, 9.0, 300.0, TRUE },
  { "a4", N_("A4 page, landscape"), 29.7, 21.0, 12.0, 300.0, FALSE },
};

const DpvExportPreset *
dpv_export_presets (gsize *n_out)
{
  if (n_out != NULL)
    *n_out = G_N_ELEMENTS (presets);
  return presets;
}

double
dpv_export_fit_height_max (DpvFormat format, double width, double height, double scale)
{
  double max = MIN (2 * width, DPV_EXPORT_SIZE_MAX);

  if (format == DPV_FORMAT_PNG && scale > 0)
    {
      double pw = MAX (1.0, ceil (width * scale - 1e-9));

      max = MIN (max, floor (MIN (DPV_EXPORT_PNG_SIDE_MAX, DPV_EXPORT_PNG_PIXELS_MAX / pw))
                      / scale);
    }
  return MAX (height, max);
}

const DpvExportPreset *
dpv_export_preset_lookup (const char *name)
{
  if (name == NULL)
    return NULL;
  for (gsize i = 0; i < G_N_ELEMENTS (presets); i++)
    if (g_ascii_strcasecmp (name, presets[i].name) == 0)
      return &presets[i];
  return NULL;
}

char *
dpv_export_preset_names (void)
{
  GString *s = g_string_new (NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (presets); i++)
    g_string_append_printf (s, "%s%s", i > 0 ? ", " : "", presets[i].name);
  return g_string_free (s, FALSE);
}

gboolean
dpv_format_from_filename (const char *filename, DpvFormat *out)
{
  static const struct {
    const char *ext;
    DpvFormat format;
  } table[] = {
    { ".png", DPV_FORMAT_PNG },
    { ".svg", DPV_FORMAT_SVG },
    { ".pdf", DPV_FORMAT_PDF },
  };
  gsize len;

  g_return_val_if_fail (filename != NULL, FALSE);

  len = strlen (filename);
  for (gsize i = 0; i < G_N_ELEMENTS (table); i++)
    {
      gsize el = strlen (table[i].ext);

      if (len > el && g_ascii_strcasecmp (filename + len - el, table[i].ext) == 0)
        {
          if (out != NULL)
            *out = table[i].format;
          return TRUE;
        }
    }
  return FALSE;
}

static cairo_status_t
write_to_array (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* cairo's SVG has glyph outlines, no text: add the title and a description of the figure
 * (for search, screen readers and the file manager) right after the <svg …> tag. */
static void
svg_add_title (GByteArray *bytes, const DpvDrawing *drawing)
{
  g_autofree char *plain = NULL;
  const char *desc = drawing->description;
  g_autofree char *title_esc = NULL;
  g_autofree char *desc_esc = NULL;
  g_autofree char *insert = NULL;
  const char *data = (const char *) bytes->data;
  const char *svg, *end;

  if (!pango_parse_markup (drawing->title, -1, 0, NULL, &plain, NULL, NULL))
    plain = g_strdup (drawing->title);
  svg = g_strstr_len (data, bytes->len, "<svg");
  if (svg == NULL)
    return;
  end = memchr (svg, '>', bytes->len - (svg - data));
  if (end == NULL)
    return;
  title_esc = g_markup_escape_text (plain, -1);
  desc_esc = g_markup_escape_text (desc != NULL ? desc : "", -1);
  insert = g_strdup_printf ("\n<title>%s</title>\n<desc>%s</desc>", title_esc, desc_esc);
  /* GByteArray is a GArray of guint8. */
  g_array_insert_vals ((GArray *) bytes, (end + 1) - data, insert, strlen (insert));
}

static gboolean
check_cairo (cairo_status_t status, GError **error)
{
  if (status == CAIRO_STATUS_SUCCESS)
    return TRUE;
  g_set_error (error, G_IO_ERROR,
               status == CAIRO_STATUS_NO_MEMORY ? G_IO_ERROR_NO_SPACE : G_IO_ERROR_FAILED,
               _("Could not draw the figure: %s"), cairo_status_to_string (status));
  return FALSE;
}

/* PNG chunk CRC (ISO 3309 / ITU-T V.42, as the PNG specification §5.5 gives it): CRC-32 of
 * the chunk type and data, polynomial 0xedb88320 (reflected), initial and final XOR
 * 0xffffffff. */
static guint32
png_crc (const guint8 *data, gsize len)
{
  guint32 c = 0xffffffffu;

  for (gsize i = 0; i < len; i++)
    {
      c ^= data[i];
      for (int k = 0; k < 8; k++)
        c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
    }
  return c ^ 0xffffffffu;
}

static void
put_be32 (guint8 *p, guint32 v)
{
  p[0] = v >> 24;
  p[1] = v >> 16;
  p[2] = v >> 8;
  p[3] = v;
}

static guint32
get_be32 (const guint8 *p)
{
  return ((guint32) p[0] << 24) | ((guint32) p[1] << 16) | ((guint32) p[2] << 8) | p[3];
}

GBytes *
dpv_png_set_dpi (GBytes *png, double dpi, GError **error)
{
  static const guint8 signature[8] = { 137, 'P', 'N', 'G', '\r', '\n', 26, '\n' };
  g_autoptr(GByteArray) out = NULL;
  const guint8 *data;
  gsize len, pos;
  guint8 chunk[4 + 4 + 9 + 4];
  guint32 ppm;

  g_return_val_if_fail (png != NULL, NULL);

  data = g_bytes_get_data (png, &len);
  /* the signature, then IHDR: length 13, "IHDR", 13 bytes, CRC */
  if (len < 8 + 25 || memcmp (data, signature, 8) != 0 || get_be32 (data + 8) != 13
      || memcmp (data + 12, "IHDR", 4) != 0 || !isfinite (dpi) || dpi <= 0 || dpi > 1e6)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("Could not set the image’s resolution"));
      return NULL;
    }
  /* pHYs: pixels per unit on x and y, unit 1 = the metre (PNG §11.3.5.3) */
  ppm = (guint32) floor (dpi / 0.0254 + 0.5);
  put_be32 (chunk, 9);
  memcpy (chunk + 4, "pHYs", 4);
  put_be32 (chunk + 8, ppm);
  put_be32 (chunk + 12, ppm);
  chunk[16] = 1;
  put_be32 (chunk + 17, png_crc (chunk + 4, 4 + 9));

  out = g_byte_array_sized_new (len + sizeof chunk);
  g_byte_array_append (out, data, 8 + 25);
  g_byte_array_append (out, chunk, sizeof chunk);
  /* the other chunks, without any pHYs already there */
  pos = 8 + 25;
  while (pos + 12 <= len)
    {
      guint32 clen = get_be32 (data + pos);
      gsize total;

      if (clen > len - pos - 12)
        break;
      total = 12 + (gsize) clen;
      if (memcmp (data + pos + 4, "pHYs", 4) != 0)
        g_byte_array_append (out, data + pos, total);
      pos += total;
    }
  if (pos != len)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("Could not set the image’s resolution"));
      return NULL;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}

GBytes *
dpv_export_to_bytes (const DpvDrawing *drawing, const DpvStyle *style, DpvFormat format,
                     double width, double height, double scale, GError **error)
{
  return dpv_export_to_bytes_full (drawing, style, format, width, height, scale, 0.0, error);
}

GBytes *
dpv_export_to_bytes_full (const DpvDrawing *drawing, const DpvStyle *style, DpvFormat format,
                          double width, double height, double scale, double dpi,
                          GError **error)
{
  g_autoptr(GByteArray) bytes = NULL;
  cairo_surface_t *surface = NULL;
  cairo_status_t status;
  DpvStyle st;
  cairo_t *cr;

  g_return_val_if_fail (drawing != NULL && drawing->draw != NULL, NULL);
  g_return_val_if_fail (drawing->title != NULL, NULL);
  g_return_val_if_fail (style != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!isfinite (width) || !isfinite (height)
      || width < DPV_EXPORT_SIZE_MIN || width > DPV_EXPORT_SIZE_MAX
      || height < DPV_EXPORT_SIZE_MIN || height > DPV_EXPORT_SIZE_MAX)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The figure size must be between %g and %g (got %g × %g)"),
                   DPV_EXPORT_SIZE_MIN, DPV_EXPORT_SIZE_MAX, width, height);
      return NULL;
    }
  if (format != DPV_FORMAT_PNG)
    scale = 1.0;
  if (!isfinite (scale) || scale < DPV_EXPORT_SCALE_MIN || scale > DPV_EXPORT_SCALE_MAX)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The scale must be between %g and %g (got %g)"),
                   DPV_EXPORT_SCALE_MIN, DPV_EXPORT_SCALE_MAX, scale);
      return NULL;
    }
  st = *style;
  /* Snap lines to pixels only on image surfaces; vector output stays exact (STYLE.md). */
  st.pixel_snap = (format == DPV_FORMAT_PNG);
  bytes = g_byte_array_new ();

  switch (format)
    {
    case DPV_FORMAT_PNG:
      {
        double pw = ceil (width * scale - 1e-9), ph = ceil (height * scale - 1e-9);

        if (pw > DPV_EXPORT_PNG_SIDE_MAX || ph > DPV_EXPORT_PNG_SIDE_MAX
            || pw * ph > DPV_EXPORT_PNG_PIXELS_MAX)
          {
            g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                         _("The image would be too large (%.0f × %.0f pixels)"), pw, ph);
            return NULL;
          }
        surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) pw, (int) ph);
        break;
      }
    case DPV_FORMAT_SVG:
      surface = cairo_svg_surface_create_for_stream (write_to_array, bytes, width, height);
      if (cairo_surface_status (surface) == CAIRO_STATUS_SUCCESS)
        {
          cairo_svg_surface_restrict_to_version (surface, CAIRO_SVG_VERSION_1_1);
#if CAIRO_VERSION >= CAIRO_VERSION_ENCODE (1, 16, 0)
          cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PT);
#endif
        }
      break;
    case DPV_FORMAT_PDF:
      surface = cairo_pdf_surface_create_for_stream (write_to_array, bytes, width, height);
      if (cairo_surface_status (surface) == CAIRO_STATUS_SUCCESS)
        {
          cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE,
                                          drawing->title);
          cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "DPViz");
        }
      break;
    default:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("Unsupported figure format (expected PNG, SVG or PDF)"));
      return NULL;
    }

  if (!check_cairo (cairo_surface_status (surface), error))
    {
      cairo_surface_destroy (surface);
      return NULL;
    }

  if (format == DPV_FORMAT_PNG)
    {
      /* in bands on all cores (dpv-render-image.c) */
      status = dpv_render_image (drawing, &st, surface, scale, width, height);
    }
  else
    {
      cr = cairo_create (surface);
      drawing->draw (drawing->data, &st, cr, width, height);
      status = cairo_status (cr);
      cairo_destroy (cr);
    }
  if (status == CAIRO_STATUS_SUCCESS)
    {
      if (format == DPV_FORMAT_PNG)
        {
          cairo_surface_flush (surface);
          status = cairo_surface_write_to_png_stream (surface, write_to_array, bytes);
        }
      else
        {
          cairo_surface_finish (surface);
          status = cairo_surface_status (surface);
          if (status == CAIRO_STATUS_SUCCESS && format == DPV_FORMAT_SVG)
            svg_add_title (bytes, drawing);
        }
    }
  cairo_surface_destroy (surface);
  if (!check_cairo (status, error))
    return NULL;

  if (format == DPV_FORMAT_PNG && dpi > 0)
    {
      g_autoptr(GBytes) plain = g_byte_array_free_to_bytes (g_steal_pointer (&bytes));

      return dpv_png_set_dpi (plain, dpi, error);
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&bytes));
}

gboolean
dpv_export_to_file (const DpvDrawing *drawing, const DpvStyle *style, DpvFormat format,
                    GFile *file, double width, double height, double scale, GError **error)
{
  return dpv_export_to_file_full (drawing, style, format, file, width, height, scale, 0.0,
                                  error);
}

gboolean
dpv_export_to_file_full (const DpvDrawing *drawing, const DpvStyle *style, DpvFormat format,
                         GFile *file, double width, double height, double scale, double dpi,
                         GError **error)
{
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  bytes = dpv_export_to_bytes_full (drawing, style, format, width, height, scale, dpi, error);
  if (bytes == NULL)
    return FALSE;
  return dpv_export_write_bytes (bytes, file, error);
}

gboolean
dpv_export_write_bytes (GBytes *bytes, GFile *file, GError **error)
{
  gconstpointer data;
  gsize size = 0;

  g_return_val_if_fail (bytes != NULL, FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  data = g_bytes_get_data (bytes, &size);
  return dpv_atomic_write_file (file, data, size, error);
}
