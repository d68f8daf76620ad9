/* dpv-plot-private.h — what the pieces of a plot share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A plot (DpvPlot) is drawn by pieces that each do one job, and depend one way:
 *   text: dpv-text-layout.c → dpv-text-cache.c → dpv-text.c (no plot; dpv-text-private.h)
 *   → a plot's text: dpv-plot-text.c
 *   → axes: dpv-plot-axis.c → dpv-plot-tick-labels.c
 *   → margins: dpv-plot-legend-grid.c → dpv-plot-margins.c → dpv-plot-frame.c
 *   → strokes and fills: dpv-plot-record.c → dpv-plot-clip.c → dpv-plot-simplify.c
 *     → dpv-plot-dots.c → dpv-plot-lines.c → dpv-plot-marks.c → dpv-plot-fills.c
 *   → placement: dpv-plot-placement.c → dpv-plot-annotate.c
 *   → legend: dpv-plot-legend.c
 * and dpv-plot.c makes and frees a plot. Each piece calls only pieces before it; the shared
 * structs and the few maps every piece needs (inline) are here.
 */
#pragma once

#include <math.h>
#include <pango/pangocairo.h>

#include "dpv-plot.h"
#include "dpv-text-private.h"
#include "dpv-ticks.h"

G_BEGIN_DECLS

/* Font size factors relative to style->font_size × style->text_scale. */
#define TICK_FACTOR 0.9
#define AXIS_TITLE_FACTOR 1.0
#define TITLE_FACTOR 1.08
#define LEGEND_FACTOR 0.9
#define ANNOT_FACTOR 0.9
/* Two text boxes that share less than this area (device units²) do not overlap. */
#define NOTE_OVERLAP_AREA 0.25

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
  DpvTick fixed[DPV_MAX_TICKS];        /* ticks the caller chose (dpv_plot_set_x_ticks) */
  gsize n_fixed;
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
  guint serial;                 /* this panel's number among all panels made (series log) */
  guint ordinal;                /* its number in the figure drawn on cr (dpv_plot_begin_figure) */
  gboolean pins_drawn;          /* the pins of style.plot_options.pins are drawn */
  GArray *pin_entries;          /* LegendEntry of the pins drawn, put after the panel's own
                                   entries by dpv_plot_legend (), or NULL */
  cairo_t *cr;
  DpvStyle style;
  double x, y, w, h;            /* panel */
  Axis axes[N_AXES];
  char *title;
  GStrv title_choices;          /* dpv_plot_set_title_choices (), or NULL */
  gboolean x_tick_labels;
  gboolean laid_out;
  gboolean show_y_title, show_y2_title, show_x_title;
  gboolean x_title_inline;      /* the x title, with no room under the tick labels, is set at
                                   their size in their row (dpv_plot_place_inline_x_title) */
  double x_title_x;             /* where it starts (user units), when x_title_inline */
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
  struct _DotStamps *dots;      /* while a line's dots are stamped (dpv-plot-lines.c), or NULL */
  GPtrArray *below;             /* markup of the legend in a strip under the plot, or NULL */
  double below_h;               /* height reserved for that strip (with its gap), or 0 */
  double beside_w;              /* width reserved right of the data area for that legend
                                   when no strip holds it (with its gap), or 0 */
  double title_block_h;         /* the panel title's lines and the gap under them, or 0 */
  double beside_top;            /* where that column starts: under the title, or at the
                                   panel's top when the title is narrowed to its left */
  double title_w;               /* the width the title is set in (p->w less the padding, or
                                   less the column too) */
  GPtrArray *auto_legend;       /* markup of the entries of dpv_plot_set_legend_auto (), or
                                   NULL: in the strip when they do not fit inside */
  double extra_below;           /* blank under the x title (dpv_plot_align_bottom ()) */
  DpvPanelRecord *record;       /* what it drew, for style.plot_options.panel_log, or NULL */
  GPtrArray *gray_keys;         /* grayscale styles: one key per line drawn with its own dash
                                   pattern, in order (dpv-plot-lines.c), or NULL */
};

/* A legend laid out in a grid (dpv-plot-legend-grid.c), of at most GRID_MAX entries. */
#define GRID_MAX 24

/* A legend laid out in a grid, row by row: entry i in row i / cols, column i % cols. */
typedef struct {
  double f;                     /* text size factor (1, or smaller to fit) */
  double fit;                   /* the entries' text wraps to this width when > 0 */
  double pad, sw, gap, rowgap, colgap;
  int cols, rows;
  double col_w[GRID_MAX], row_h[GRID_MAX];
  double w, h;
} LegendGrid;

/* The legend as a box in the data area (dpv_plot_legend_box ()). */
typedef struct {
  double f;                     /* text size factor (1, or smaller to fit) */
  double pad, sw, gap, rowgap;
  double inset;                 /* from the data area's edges */
  double fit;                   /* the entries' text fits this width when > 0 */
  int lines;                    /* on at most this many lines */
  double w, h;
} LegendBox;

typedef enum {
  LEGEND_NO_BOX,
  LEGEND_BOX,                   /* within the data area, at most 30 % of it */
  LEGEND_BOX_LOOSE,             /* within, at most half of it, at the smallest text */
} LegendBoxFit;

/* Dots per cairo_show_glyphs (): a batch whose dots overlap is composited through a mask of
 * its bounding box, so the boxes are kept small. */
#define DOT_BATCH 16

/* A dotted line's dots, while they are stamped (dpv-plot-dots.c). */
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

/* Fraction along the axis, NaN where undefined (log of a non-positive value). */
static inline double
dpv_axis_frac (const Axis *ax, double v)
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

/* For lines and polygons, which are clipped (dpv-plot-lines.c, dpv-plot-fills.c) before
 * they reach cairo: a bound so far out that clamping both ends of a segment is needed
 * only for points 10¹⁰ axis ranges away, yet near enough that double arithmetic keeps the
 * visible part accurate to a thousandth of a unit. */
static inline double
dpv_clamp_far (double u)
{
  return isnan (u) ? u : CLAMP (u, -1e13, 1e13);
}

static inline double
dpv_plot_map_x (DpvPlot *p, double v)
{
  return p->dx + dpv_axis_frac (&p->axes[AX_X], v) * p->dw;
}

static inline double
dpv_plot_map_y (DpvPlot *p, int which, double v)
{
  return p->dy + p->dh - dpv_axis_frac (&p->axes[which], v) * p->dh;
}

/* Drawing stops at the first cairo error. */
static inline gboolean
dpv_plot_cr_ok (DpvPlot *p)
{
  return cairo_status (p->cr) == CAIRO_STATUS_SUCCESS;
}

/* dpv-plot-text.c */
GHashTable *dpv_plot_layout_table_new (void);
PangoLayout *dpv_plot_text_layout_with (DpvPlot *p, const char *markup, double factor,
                                        const LayoutOptions *opt);
PangoLayout *dpv_plot_text_layout (DpvPlot *p, const char *markup, double factor);
gboolean dpv_plot_halo_color (const DpvStyle *style, DpvColor *out);
void dpv_plot_show_layout (DpvPlot *p, PangoLayout *layout, double x, double y,
                           const DpvColor *color, gboolean halo);
void dpv_plot_record_text (DpvPlot *p, DpvTextKind kind, double x, double y, double w, double h);
/* For style.plot_options.panel_log: the title drawn, the legend drawn (its layouts, NULL for
 * the strip's, which are never cut), a label drawn; then, when the panel is freed, the
 * record appended to the log. */
void dpv_plot_record_text_box (DpvPlot *p, DpvTextKind kind, double x, double y, double w,
                               double h);
void dpv_plot_record_title (DpvPlot *p, PangoLayout *layout);
void dpv_plot_record_legend (DpvPlot *p, DpvLegendForm form, PangoLayout *const *layouts);
void dpv_plot_record_label (DpvPlot *p, PangoLayout *layout);
void dpv_plot_log_panel (DpvPlot *p);

/* dpv-plot-axis.c */
void dpv_plot_axis_set (DpvPlot *p, int which, double min, double max, DpvScale scale,
                        const char *title);
double dpv_axis_unfrac (const Axis *ax, double f);
double dpv_plot_clamp_user (DpvPlot *p, double u, gboolean is_x);
double dpv_plot_snap (DpvPlot *p, double u, gboolean is_x, double line_width);
double dpv_plot_snap_width (DpvPlot *p, double line_width);
double dpv_plot_device_px (DpvPlot *p);

/* dpv-plot-tick-labels.c */
double dpv_plot_pick_y_ticks (DpvPlot *p, int which);
void dpv_plot_pick_x_ticks (DpvPlot *p, gboolean bounded, double *out_left, double *out_right);
PangoLayout *dpv_plot_tick_label_rect (DpvPlot *p, int which, gsize i, double *x, double *y,
                                       double *w, double *h);
void dpv_plot_resolve_corner_labels (DpvPlot *p);
double dpv_plot_y_label_height (DpvPlot *p, int which);
void dpv_plot_place_inline_x_title (DpvPlot *p);
double dpv_plot_x_tick_row_y (DpvPlot *p);
double dpv_plot_x_label_height (DpvPlot *p);

/* dpv-plot-legend-grid.c */
void dpv_plot_legend_metrics (DpvPlot *p, double f, double *pad, double *sw, double *gap,
                              double *rowgap);
/* The text factors a legend is tried at, largest first: the usual ones (LEGEND_SIZES_USUAL:
 * 1, 0.88, 0.78), or those below them that a panel with enlarged text (text_scale > 1) may
 * use when the usual ones find no room (LEGEND_SIZES_SMALL), down to the size the legend has
 * at text scale 1 and no further. */
typedef enum {
  LEGEND_SIZES_USUAL,
  LEGEND_SIZES_SMALL,
} LegendSizes;
#define LEGEND_MAX_SIZES 8
guint dpv_plot_legend_factors (DpvPlot *p, LegendSizes sizes, double *f);
gboolean dpv_plot_legend_grid (DpvPlot *p, const char *const *markups, guint n, double max_w,
                               double max_h, LegendSizes sizes, LegendGrid *g);
PangoLayout *dpv_plot_legend_layout (DpvPlot *p, const char *markup, double f, double fit,
                                     int lines);
double dpv_plot_first_line_height (PangoLayout *layout);
gboolean dpv_plot_legend_fits_inside (DpvPlot *p, const char *const *markups, guint n);
LegendBoxFit dpv_plot_legend_box (DpvPlot *p, const char *const *markups, guint n, int lines,
                                  LegendSizes sizes, LegendBox *b, double *row_h);

/* dpv-plot-margins.c */
void dpv_plot_ensure_layout (DpvPlot *p);

/* dpv-plot-frame.c */
void dpv_plot_blend_onto_clean_data (DpvPlot *p, DpvColor *fill);

/* dpv-plot-record.c */
void dpv_plot_add_entry (DpvPlot *p, EntryKind kind, const char *markup, const DpvColor *color,
                         double width, double alpha, DpvDash dash);
DpvColor dpv_plot_add_fill_entry (DpvPlot *p, EntryKind kind, const char *markup,
                                  const DpvColor *color, const DpvColor *fallback, double alpha,
                                  double default_alpha);
void dpv_plot_record_point (DpvPlot *p, double x, double y);
void dpv_plot_record_segment_to (DpvPlot *p, GArray *into, double ax, double ay, double bx,
                                 double by);
void dpv_plot_record_segment (DpvPlot *p, double ax, double ay, double bx, double by);

/* dpv-plot-clip.c */
void dpv_plot_clip_data_area (DpvPlot *p);
void dpv_plot_visible_rect (DpvPlot *p, double margin, double *x0, double *y0, double *x1,
                            double *y1);

/* dpv-plot-simplify.c */
gsize dpv_simplify (Point *pts, gsize n, double tol);

/* dpv-plot-dots.c */
gboolean dpv_plot_dots_begin (DpvPlot *p, DotStamps *ds, DpvDash dash, double width);
void dpv_plot_dots_flush (DpvPlot *p, DotStamps *ds);
void dpv_plot_dots_stamp_run (DpvPlot *p, DotStamps *ds, const Point *pts, gsize m);

/* dpv-plot-lines.c */
void dpv_set_dash (cairo_t *cr, DpvDash dash, double width);
/* Grayscale styles: the dash pattern of a line of this colour, requested dash and legend (the
 * next free pattern for a new line); otherwise @dash. */
DpvDash dpv_plot_line_dash (DpvPlot *p, const DpvColor *color, DpvDash dash,
                            const char *legend);
/* Appends a series to style.plot_options.series_log when there is one (and returns it, else
 * NULL); y2 draws on the right axis. */
DpvSeriesRecord *dpv_plot_log_series (DpvPlot *p, DpvSeriesKind kind, gboolean y2,
                                      const double *x, const double *y, gsize n,
                                      const DpvColor *color, DpvDash dash, const char *legend);

/* dpv-plot-pins.c: draws style.plot_options.pins (once; the frame calls it) */
void dpv_plot_draw_pins (DpvPlot *p);
void dpv_plot_take_pin_entries (DpvPlot *p);
/* dpv-plot.c: TRUE the first time in the figure on p's cr that pin @pin is drawn (its key
 * goes into that panel's legend only) */
gboolean dpv_plot_claim_pin_key (DpvPlot *p, guint pin);

/* dpv-plot-placement.c */
double dpv_plot_text_overlap (DpvPlot *p, double x, double y, double w, double h);
double dpv_plot_count_points (DpvPlot *p, double x, double y, double w, double h);
void dpv_plot_place_box (DpvPlot *p, const Point *cand, int n_cand, double w, double h,
                         gboolean clear_first, double *ox, double *oy);
gboolean dpv_plot_place_beside_vline (DpvPlot *p, double px, double py, double w, double h,
                                      double gap, gboolean west, gboolean north, double *ox,
                                      double *oy);
int dpv_anchor_candidates (DpvAnchor anchor, double px, double py, double w, double h, double gap,
                           Point *cand);
int dpv_plot_vline_end_candidates (DpvPlot *p, double ux, double w, double h, Point *cand);

G_END_DECLS
