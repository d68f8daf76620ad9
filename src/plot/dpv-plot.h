/* dpv-plot.h — one panel: axes, series, fills, annotations, legend
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: new → set axes and title → layout (measures labels, fixes margins and the
 * data→device maps) → draw_frame → series / fills / annotations (clipped to the data area)
 * → legend (placed where it covers the fewest drawn points) → free.
 * All coordinates passed in are user units of the cairo context; text goes through Pango.
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "dpv-style.h"

G_BEGIN_DECLS

typedef struct _DpvPlot DpvPlot;

typedef enum {
  DPV_SCALE_LINEAR = 0,
  DPV_SCALE_LOG,
} DpvScale;

typedef enum {
  DPV_DASH_SOLID = 0,
  DPV_DASH_DASHED,
  DPV_DASH_DOTTED,
  DPV_DASH_DASHDOT,
  DPV_DASH_LONG_DASH,
  DPV_DASH_DASH_DOT_DOT,
  DPV_DASH_LONG_SHORT,
  DPV_N_DASHES
} DpvDash;

/* A series as DpvStyle.plot_options.series_log records it: where it was drawn (the panel's
 * title and axis titles, Pango markup or NULL), its legend entry (NULL: none), and its data
 * as given (before any clipping or simplification). */
typedef enum {
  DPV_SERIES_LINE = 0,
  DPV_SERIES_BARS,
  DPV_SERIES_MARKERS,
  DPV_SERIES_FILL_LOWER,   /* the lower edge of a fill between two curves */
  DPV_SERIES_FILL_UPPER,
} DpvSeriesKind;

typedef struct {
  DpvSeriesKind kind;
  guint panel;              /* the panel drawn in: equal for series of one panel */
  guint ordinal;            /* that panel's number in its figure (dpv_plot_begin_figure ()) */
  gboolean y2;              /* drawn against the right axis */
  double bar_width;         /* BARS: their width in data units */
  char *panel_title;
  char *x_title;
  char *y_title;
  char *legend;
  DpvDash dash;             /* as drawn (grayscale styles choose it) */
  DpvColor color;
  GArray *x;                /* of double */
  GArray *y;                /* of double */
} DpvSeriesRecord;

void dpv_series_record_free (DpvSeriesRecord *record);

/* Pins: the series of earlier figures, each set with a label (Pango markup), drawn as faded
 * references. A pin's series are drawn in a panel whose number in the figure and axis titles
 * are those the series were recorded in, up to the numbers in the titles, and so is its title
 * where an axis has none (so a changed layout draws no pin in the wrong panel, and "total ε at
 * δ = 10⁻⁵" matches "total ε at δ = 10⁻⁶"; titles often state values in words). Pins are drawn
 * after the panel's frame and before its own series: lines as thin lines in their
 * colour blended 60 % towards the plot background, bars as outlines, markers as small rings
 * (fills are left out); clipped to the data area, the axes' ranges untouched. Pin i has
 * dash pattern dpv_pins_dash (i) and a legend entry, its label, in the first panel of the figure
 * it is drawn in.
 * A DpvPins is immutable once made: share it between threads by reference. */
DpvPins *dpv_pins_new (void);
/* A new set: @pins (may be NULL) with a pin of @series (DpvSeriesRecord*, as the series log
 * records them; referenced) and @label_markup appended; when that makes more than @max, the
 * oldest are left out. */
DpvPins *dpv_pins_append (const DpvPins *pins, const char *label_markup, GPtrArray *series,
                          guint max);
DpvPins *dpv_pins_ref (DpvPins *pins);
void dpv_pins_unref (DpvPins *pins);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DpvPins, dpv_pins_unref)
guint dpv_pins_get_n (const DpvPins *pins);   /* 0 for NULL */
const char *dpv_pins_get_label (const DpvPins *pins, guint i);
GPtrArray *dpv_pins_get_series (const DpvPins *pins, guint i);
/* The dash pattern of pin @i: dotted, dashed, dash-dot, … */
DpvDash dpv_pins_dash (guint i);
/* How pin colours are blended towards the plot background (0.6: 60 %). */
#define DPV_PIN_FADE 0.6

/* Where an annotation's text box sits relative to its data point. */
typedef enum {
  DPV_ANCHOR_CENTER = 0,
  DPV_ANCHOR_NORTH,      /* text above the point */
  DPV_ANCHOR_SOUTH,      /* text below the point */
  DPV_ANCHOR_EAST,       /* text right of the point */
  DPV_ANCHOR_WEST,       /* text left of the point */
  DPV_ANCHOR_NORTH_EAST,
  DPV_ANCHOR_NORTH_WEST,
  DPV_ANCHOR_SOUTH_EAST,
  DPV_ANCHOR_SOUTH_WEST,
} DpvAnchor;

/* A panel occupying the rectangle (x, y, width, height) of cr's user space. */
DpvPlot *dpv_plot_new (cairo_t *cr, const DpvStyle *style, double x, double y, double width,
                       double height);
void dpv_plot_free (DpvPlot *plot);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DpvPlot, dpv_plot_free)
/* Starts a figure on @cr: the panels made on it from now on are numbered from 0 (their
 * ordinal in the series log, matched by pins). */
void dpv_plot_begin_figure (cairo_t *cr);

/* Axis ranges (min < max; log needs min > 0) and titles in Pango markup (may be NULL). */
void dpv_plot_set_x_axis (DpvPlot *plot, double min, double max, DpvScale scale,
                          const char *title_markup);
void dpv_plot_set_y_axis (DpvPlot *plot, double min, double max, DpvScale scale,
                          const char *title_markup);
/* Optional second y axis on the right (same x). */
void dpv_plot_set_y2_axis (DpvPlot *plot, double min, double max, DpvScale scale,
                           const char *title_markup);
void dpv_plot_set_title (DpvPlot *plot, const char *markup);
/* A title in @n forms, longest first: the panel shows the first that fits its width, else the
 * last, ellipsized. */
void dpv_plot_set_title_choices (DpvPlot *plot, const char *const *markups, gsize n);
/* Hide tick labels on the x axis (for stacked panels sharing x). */
void dpv_plot_set_x_tick_labels (DpvPlot *plot, gboolean visible);
/* The x axis's ticks at exactly these @n values (those inside the axis range), labelled with
 * @labels (Pango markup), instead of ticks chosen for the range: for an axis of categories,
 * such as the two values 0 and 1 of a reported bit. n = 0 goes back to chosen ticks. */
void dpv_plot_set_x_ticks (DpvPlot *plot, const double *values, const char *const *labels,
                           gsize n);

/* Fixes margins from measured text. After this the maps below are valid. */
void dpv_plot_layout (DpvPlot *plot);
/* Stacked panels that share x (same x and width in user space) call this after
 * dpv_plot_layout() on each: every panel gets the widest left and right margins of the set,
 * so their x axes line up exactly. */
void dpv_plot_align_x (DpvPlot *const *plots, gsize n_plots);
/* Side-by-side panels: raise the data areas' bottoms to the highest of them (blank space goes
 * under the x titles), so the x axes lie on one line. */
void dpv_plot_align_bottom (DpvPlot *const *plots, gsize n_plots);
/* The data area in user units. */
void dpv_plot_get_data_area (DpvPlot *plot, double *x, double *y, double *width,
                             double *height);
double dpv_plot_x_to_user (DpvPlot *plot, double x);
double dpv_plot_y_to_user (DpvPlot *plot, double y);
double dpv_plot_y2_to_user (DpvPlot *plot, double y);
double dpv_plot_user_to_x (DpvPlot *plot, double ux);
double dpv_plot_user_to_y (DpvPlot *plot, double uy);

/* Background of the data area, grid, axes, ticks, tick labels, axis titles, title, then the
 * style's pins (plot_options.pins) that belong to this panel. The data
 * area is not repainted when style->plot_background equals an opaque style->background (the
 * figure background, which the caller paints first).
 * Fills and shaded ranges may come before the frame: they then lie under the grid, and the
 * first of them, drawn on the bare background, costs about half as much (it is drawn as the
 * opaque colour it blends to). Draw nothing else in the data area before the frame. */
void dpv_plot_draw_frame (DpvPlot *plot);

/* Series. Non-finite points break the line; y ≤ 0 on a log axis breaks it too.
 * legend_markup NULL = no legend entry. use_y2 draws against the right axis. */
void dpv_plot_line (DpvPlot *plot, const double *x, const double *y, gsize n,
                    const DpvColor *color, double width, DpvDash dash,
                    const char *legend_markup);
void dpv_plot_line_y2 (DpvPlot *plot, const double *x, const double *y, gsize n,
                       const DpvColor *color, double width, DpvDash dash,
                       const char *legend_markup);
/* Vertical bars centred at x[i], from 0 to h[i], of width bar_width (data units). */
void dpv_plot_bars (DpvPlot *plot, const double *x, const double *h, gsize n, double bar_width,
                    const DpvColor *color, double alpha, const char *legend_markup);
/* Markers (filled circles of radius in user units). */
void dpv_plot_markers (DpvPlot *plot, const double *x, const double *y, gsize n,
                       const DpvColor *color, double radius, const char *legend_markup);
/* Fill between two curves sampled at the same x; where they cross, only the part with
 * y_hi > y_lo is filled (crossings are found by linear interpolation). */
void dpv_plot_fill_between (DpvPlot *plot, const double *x, const double *y_lo,
                            const double *y_hi, gsize n, const DpvColor *color, double alpha,
                            const char *legend_markup);
/* The same fill, for a caller that then draws y_lo and y_hi as solid lines at least
 * line_width wide (a curve lying on the data area's edge counts as drawn: the clip cuts it).
 * On raster targets, where those lines are 1.5 device pixels wide or more, the fill is scan
 * converted without antialiasing (a pixel is in when its centre is): its edges, within half
 * a pixel of the true ones, lie under the lines. Otherwise it is dpv_plot_fill_between (). */
void dpv_plot_fill_between_lined (DpvPlot *plot, const double *x, const double *y_lo,
                                  const double *y_hi, gsize n, const DpvColor *color,
                                  double alpha, const char *legend_markup, double line_width);
/* Shade the vertical band x0 ≤ x ≤ x1 over the whole data area (x0/x1 may be ±HUGE_VAL). */
void dpv_plot_shade_x_range (DpvPlot *plot, double x0, double x1, const DpvColor *color,
                             double alpha, const char *legend_markup);
/* Shade the horizontal band y0 ≤ y ≤ y1 over the whole data area. */
void dpv_plot_shade_y_range (DpvPlot *plot, double y0, double y1, const DpvColor *color,
                             double alpha);
/* Reference lines across the data area, with an optional label at the end. */
void dpv_plot_vline (DpvPlot *plot, double x, const DpvColor *color, DpvDash dash,
                     const char *label_markup);
void dpv_plot_hline (DpvPlot *plot, double y, const DpvColor *color, DpvDash dash,
                     const char *label_markup);
/* Text anchored at a data point, kept inside the data area and, as far as possible, off
 * earlier annotations. */
void dpv_plot_annotate (DpvPlot *plot, double x, double y, const char *markup,
                        DpvAnchor anchor, const DpvColor *color);
/* The same, for a note about the vertical line at x that names the point (x, y) on it: the
 * note goes beside the line, on the anchor's side or the other, next to the point when that
 * place is clear of the curves and otherwise as near to it along the line as is clear. Where
 * nothing beside the line is clear, it goes around the point, beside either end of the line
 * or sideways from those to a clear place. */
void dpv_plot_annotate_vline (DpvPlot *plot, double x, double y, const char *markup,
                              DpvAnchor anchor, const DpvColor *color);
/* Draw the legend of all entries with a legend_markup, in the corner of the data area that
 * covers the fewest series points (then edge midpoints, then the centre), off annotations; if
 * every position covers data, the least covered one on a near-opaque background. */
void dpv_plot_legend (DpvPlot *plot);
/* Reserves a strip under the x-axis title for a legend of these entries, in as many columns as
 * fit the panel's width, and makes dpv_plot_legend () draw it there rather than over the data.
 * For panels too small to keep a legend off the data. Call before the layout (the first
 * drawing, or dpv_plot_layout ()). The strip takes at most a quarter of the panel's height at
 * the legend's full text size, or 40 % with smaller text (0.88, 0.78 of it). Where it would
 * take more, a column right of the data area, at most 45 % of the panel's width, holds the
 * legend instead; with enlarged text (text_scale > 1) the strip, then the column, are tried
 * once more with the legend's text made smaller, down to its size at text scale 1 and no
 * further. Where none holds it, the legend is drawn inside, as is one whose entries the strip
 * cannot hold. */
void dpv_plot_set_legend_below (DpvPlot *plot, const char *const *markups, gsize n);
/* Declares the panel's legend entries before the layout, so that the panel needs no size
 * rule of its own: at the layout the engine checks whether dpv_plot_legend () would place a
 * legend of these entries inside the data area (a box within it, or in columns over it,
 * taking at most 30 % of it) and, if not, reserves the strip of dpv_plot_set_legend_below () and
 * lays out again. The entries drawn should be these (pins' keys come on top). Ignored when
 * dpv_plot_set_legend_below () was called. Call before the layout, like it. */
void dpv_plot_set_legend_auto (DpvPlot *plot, const char *const *markups, gsize n);
/* A label placed, as DpvStyle.plot_options.placed_log records it: its text and its box in
 * device units. */
typedef struct {
  char *text;
  double x, y, w, h;
} DpvPlacedText;

/* How a panel drew its legend, as DpvStyle.plot_options.panel_log records it. */
typedef enum {
  DPV_LEGEND_NONE = 0,   /* none drawn: no entries, no dpv_plot_legend (), no room, or hidden
                            (DpvPlotOptions.hide_legends) */
  DPV_LEGEND_BOX,        /* in a box over the data area */
  DPV_LEGEND_BELOW,      /* in the strip under the panel (dpv_plot_set_legend_below ()) */
  DPV_LEGEND_BESIDE,     /* in a column right of the data area, where no strip holds it */
} DpvLegendForm;

/* A text box a panel drew, in device units. */
typedef struct {
  int kind;              /* a DpvTextKind */
  double x, y, w, h;
} DpvTextBox;

/* A panel as DpvStyle.plot_options.panel_log records it when it is freed: what it drew, not
 * what it was asked to draw. Boxes are in device units. */
typedef struct {
  guint panel;              /* the panel's number, as in DpvSeriesRecord */
  double x, y, w, h;        /* the panel's rectangle */
  char *full_title;         /* the title set (the first, longest of its forms), or NULL */
  char *title;              /* the title drawn (the form chosen), or NULL: none drawn */
  gboolean title_short;     /* the form drawn is a shorter one than full_title */
  gboolean title_ellipsized;
  guint n_entries;          /* legend entries its series have */
  GPtrArray *entries;       /* of char *: the markup of each of those n_entries, drawn or not */
  double data_w, data_h;    /* the data area's size (0: the panel has none), device units */
  double em;                /* the panel's text size, device units */
  DpvLegendForm legend_form;
  GPtrArray *legend;        /* of char *: the markup of each legend entry drawn */
  guint n_legend_ellipsized;   /* of those, the ones cut short to fit */
  GPtrArray *labels;        /* of char *: the text of each annotation and line label drawn */
  GArray *texts;            /* of DpvTextBox: every text box drawn (DPV_TEXT_LEGEND: the
                               legend's box) */
} DpvPanelRecord;

void dpv_panel_record_free (DpvPanelRecord *record);

/* The rectangles (user units) of the text drawn so far, for tests and for views that place
 * their own text. Returns the number of rectangles of @kind (which may exceed @max_rects;
 * only the first @max_rects are written; rects may be NULL). */
typedef enum {
  DPV_TEXT_X_TICK = 0,   /* x tick labels */
  DPV_TEXT_Y_TICK,       /* left y tick labels */
  DPV_TEXT_Y2_TICK,      /* right y tick labels */
  DPV_TEXT_AXIS_TITLE,   /* axis titles */
  DPV_TEXT_TITLE,        /* panel title */
  DPV_TEXT_ANNOTATION,   /* annotations and reference-line labels */
  DPV_TEXT_LEGEND,       /* the legend box */
  DPV_N_TEXT_KINDS
} DpvTextKind;
gsize dpv_plot_get_text_rects (DpvPlot *plot, DpvTextKind kind, cairo_rectangle_t *rects,
                               gsize max_rects);

/* Marks @band, an image surface holding some rows of a larger image of image_width ×
 * image_height device pixels (placed by its device offset), so that plots drawn on it cut
 * their geometry to the whole image rather than to the band: every band then builds the
 * same paths as a single render (dpv_render_image ()). */
void dpv_plot_mark_band (cairo_surface_t *band, double image_width, double image_height);

G_END_DECLS
