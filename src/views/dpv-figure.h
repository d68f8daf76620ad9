/* dpv-figure.h — a frame as a figure: on a cairo context, in an image on every core, in a file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The same frame serves the screen, PNG/SVG/PDF export, the clipboard and the CLI
 * (ARCHITECTURE.md); none of these computes the view's numbers again.
 */
#pragma once

#include <cairo.h>

#include "dpv-export.h"
#include "dpv-frame.h"
#include "dpv-plot.h"
#include "dpv-style.h"

G_BEGIN_DECLS

/* Draws @frame into (0, 0, width, height) of cr's user space: the background, the view and,
 * when its parameters ask for it (show_caption), the title and key numbers under it. Never
 * leaves cr in an error state; an invalid frame is drawn as a readable message. */
void dpv_figure_render (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr,
                        double width, double height);
/* The caption dpv_figure_render () draws under a @width × @height figure (Pango markup, new
 * string), and its height; NULL (height 0) when none fits. The title and key numbers where
 * they take at most a quarter of the height, else the title and the parameters the view uses,
 * else those parameters alone. */
char *dpv_figure_caption_markup (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr,
                                 double width, double height, double *height_out);
/* TRUE when every panel of @panels (DpvPanelRecord *, as DpvStyle.plot_options.panel_log
 * records a figure of @width × @height device units) kept what it was given: its title,
 * whole; each of its legend entries, whole, in the legend or as a label in the panel; a data
 * area at least DPV_FIGURE_DATA_EM text sizes tall and twice that wide, of which a legend
 * box covers at most DPV_FIGURE_BOX_SHARE; no two of its labels overlapping; all its text
 * inside the figure. */
#define DPV_FIGURE_DATA_EM 3.0
#define DPV_FIGURE_BOX_SHARE 0.35
gboolean dpv_figure_panels_complete (GPtrArray *panels, double width, double height);
/* The crowding of the panel @r records, as dpv_figure_panels_complete () judges it: a data
 * area under DPV_FIGURE_DATA_EM text sizes tall or twice that wide, a legend box over more
 * than DPV_FIGURE_BOX_SHARE of it, two of its labels overlapping. Returns how many it
 * found; appends a line for each to @report (NULL: none), prefixed with @where. */
guint dpv_figure_panel_crowding (const DpvPanelRecord *r, const char *where, GString *report);
/* The least height, from @min_height up in steps of two text sizes, at which @frame drawn
 * @width wide (user units, @scale device pixels a unit) keeps every panel complete
 * (dpv_figure_panels_complete ()); @min_height when none up to @max_height does. The height
 * of a figure for lecture notes, whose width is the column's (DpvExportPreset.fit_height). */
double dpv_figure_fit_height (const DpvFrame *frame, const DpvStyle *style, double width,
                              double min_height, double max_height, double scale);
/* The frame as a libdpplot drawing (export, the banded image renderer); @frame must outlive
 * it. */
void dpv_figure_drawing (const DpvFrame *frame, DpvDrawing *out);
/* dpv_render_image () of the frame: into an image surface, in bands on every core. */
cairo_status_t dpv_figure_render_image (const DpvFrame *frame, const DpvStyle *style,
                                        cairo_surface_t *image, double scale, double width,
                                        double height);
/* The frame as PNG, SVG or PDF (dpv_export_to_bytes ()); refuses a frame with invalid
 * parameters. */
GBytes *dpv_figure_export_to_bytes (const DpvFrame *frame, const DpvStyle *style,
                                    DpvFormat format, double width, double height, double scale,
                                    GError **error);
/* Writes it atomically (dpv_export_to_file ()). */
gboolean dpv_figure_export_to_file (const DpvFrame *frame, const DpvStyle *style,
                                    DpvFormat format, GFile *file, double width, double height,
                                    double scale, GError **error);

/* The same with @dpi > 0 written into a PNG as its resolution (dpv_export_to_bytes_full ()). */
GBytes *dpv_figure_export_to_bytes_full (const DpvFrame *frame, const DpvStyle *style,
                                         DpvFormat format, double width, double height,
                                         double scale, double dpi, GError **error);
gboolean dpv_figure_export_to_file_full (const DpvFrame *frame, const DpvStyle *style,
                                         DpvFormat format, GFile *file, double width,
                                         double height, double scale, double dpi,
                                         GError **error);

/* The parameters that name a pin of @frame (dpv-plot.h) in its key, Pango markup (new string):
 * the mechanism, ε, δ (in a view of the mechanism's curves, for the Gaussian only), Δ and k
 * where the view uses them and they apply to the mechanism; with fewer than two of these, the
 * view's other numbers, up to three in all: "Laplace, ε = 0.5, Δ = 1". */
char *dpv_figure_pin_label (const DpvFrame *frame);

/* For one-off uses (the CLI, tests): computes the frame, then renders it. */
void dpv_view_render (const DpvViewClass *view, const DpvParams *params, const DpvStyle *style,
                      cairo_t *cr, double width, double height);

G_END_DECLS
