/* dpv-export.h — PNG, SVG and PDF export of a drawing
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include <cairo.h>

#include "dpv-style.h"

G_BEGIN_DECLS

typedef enum {
  DPV_FORMAT_PNG = 0,
  DPV_FORMAT_SVG,
  DPV_FORMAT_PDF,
} DpvFormat;

/* What to export: a function that draws the figure into (0, 0, width, height) of cr's user
 * space from @data, which it only reads (it is called once per band of a PNG, on several
 * threads at once). */
typedef void (*DpvDrawFunc) (gconstpointer data, const DpvStyle *style, cairo_t *cr,
                             double width, double height);

typedef struct {
  DpvDrawFunc draw;
  gconstpointer data;
  const char *title;          /* Pango markup: PDF title, SVG <title> (as plain text) */
  const char *description;    /* plain text: SVG <desc>; may be NULL */
  gconstpointer band_key;     /* what the banded renderer remembers its split by (e.g. the
                               * view); NULL: nothing is remembered */
} DpvDrawing;

/* From the file name's extension (case-insensitive .png/.svg/.pdf). */
gboolean dpv_format_from_filename (const char *filename, DpvFormat *out);

/* Renders into memory. width/height in user units (PNG: pixels at scale 1; SVG/PDF: points),
 * scale multiplies PNG pixels (HiDPI/print) and is ignored by vector formats.
 * width, height ∈ [16, 20000]; scale ∈ [0.25, 8]. */
GBytes *dpv_export_to_bytes (const DpvDrawing *drawing, const DpvStyle *style,
                             DpvFormat format, double width, double height, double scale,
                             GError **error);
/* Renders and writes atomically (temporary file + rename via g_file_replace_contents): on any
 * error the destination is untouched and no partial file remains. */
gboolean dpv_export_to_file (const DpvDrawing *drawing, const DpvStyle *style,
                             DpvFormat format, GFile *file, double width, double height,
                             double scale, GError **error);

G_END_DECLS
