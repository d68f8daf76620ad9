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

/* cairo image surfaces are limited to 32767 pixels a side. The pixel count is capped where a
 * raster figure stops being useful: 2²⁶ pixels (8192 × 8192) hold a 16:10 figure 84 cm wide
 * (an A1 or A0 poster's width) at 300 dpi, 9921 × 6201, while 16000 × 16000 took 25 s and
 * 1 GB for text too small to read. The cap keeps an export under about 300 MB and 8 s;
 * figures larger than that belong in SVG or PDF, which cost little at any size. */
#define DPV_EXPORT_PNG_SIDE_MAX 32767.0
#define DPV_EXPORT_PNG_PIXELS_MAX 67108864.0

/* Lengths: 1 in = 2.54 cm = 72 pt (PostScript point, the unit of PDF and of cairo's vector
 * surfaces). */
#define DPV_PT_PER_CM (72.0 / 2.54)
#define DPV_PT_PER_IN 72.0

/* A figure size in physical units for lecture notes and slides: width × height, the font size
 * of body text in points, and the resolution of a PNG. */
typedef struct {
  const char *name;        /* "slide", "latex-column", …: CLI --preset, settings */
  const char *label;       /* N_(…): the export dialog */
  double width_cm, height_cm;
  double font_pt;
  double dpi;              /* PNG resolution (300 for print) */
  /* Lecture notes fix a figure's width (the column's) and leave its height free: height_cm
   * is then the least height, and a figure whose panels need more is drawn taller
   * (dpv_figure_fit_height ()). A slide or a page has both sides fixed. */
  gboolean fit_height;
} DpvExportPreset;

/* The presets, in the order the export dialog lists them; @n_out gets their number. */
const DpvExportPreset *dpv_export_presets (gsize *n_out);
/* By name; NULL if there is none. */
const DpvExportPreset *dpv_export_preset_lookup (const char *name);
/* "slide, latex-column, …" (new string). */
char *dpv_export_preset_names (void);

/* The tallest a figure @width wide (user units) whose height may grow from @height (a
 * preset's fit_height) is drawn: twice its width, within the size limits of
 * dpv_export_to_bytes () for @format at @scale; never less than @height. */
double dpv_export_fit_height_max (DpvFormat format, double width, double height, double scale);

/* From the file name's extension (case-insensitive .png/.svg/.pdf). */
gboolean dpv_format_from_filename (const char *filename, DpvFormat *out);

/* Renders into memory. width/height in user units (PNG: pixels at scale 1; SVG/PDF: points),
 * scale multiplies PNG pixels (HiDPI/print) and is ignored by vector formats.
 * width, height ∈ [16, 20000]; scale ∈ [0.25, 8]; a PNG of at most DPV_EXPORT_PNG_SIDE_MAX
 * pixels a side and DPV_EXPORT_PNG_PIXELS_MAX pixels. */
GBytes *dpv_export_to_bytes (const DpvDrawing *drawing, const DpvStyle *style,
                             DpvFormat format, double width, double height, double scale,
                             GError **error);
/* The same with @dpi > 0 written into the PNG as its resolution (a pHYs chunk, pixels per
 * metre); ignored by SVG and PDF. A figure in points at @dpi is drawn at scale = dpi/72. */
GBytes *dpv_export_to_bytes_full (const DpvDrawing *drawing, const DpvStyle *style,
                                  DpvFormat format, double width, double height, double scale,
                                  double dpi, GError **error);
/* A PNG with its resolution set to @dpi (pHYs after IHDR, replacing one already there); NULL
 * with @error when @png is not a PNG. */
GBytes *dpv_png_set_dpi (GBytes *png, double dpi, GError **error);
/* Writes @bytes atomically with dpv_atomic_write_file () (whose rules for links and
 * permissions apply): on failure the destination is untouched and @error says why. */
gboolean dpv_export_write_bytes (GBytes *bytes, GFile *file, GError **error);
gboolean dpv_export_to_file_full (const DpvDrawing *drawing, const DpvStyle *style,
                                  DpvFormat format, GFile *file, double width, double height,
                                  double scale, double dpi, GError **error);
/* Renders and writes atomically with dpv_atomic_write_file () (whose rules for links and
 * permissions apply): on any error the destination is untouched and no partial file remains. */

gboolean dpv_export_to_file (const DpvDrawing *drawing, const DpvStyle *style,
                             DpvFormat format, GFile *file, double width, double height,
                             double scale, GError **error);

G_END_DECLS
