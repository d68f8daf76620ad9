/* dpv-style.h — colours, fonts and sizes for every figure
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libdpplot is cairo + pango(cairo) + GLib; it knows no GTK. The app fills a DpvStyle from the
 * widget (light/dark, accent, text scale); export uses the fixed print theme.
 */
#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  double r, g, b, a;
} DpvColor;

typedef enum {
  DPV_THEME_LIGHT = 0,
  DPV_THEME_DARK,
  DPV_THEME_PRINT,
  DPV_N_THEMES
} DpvTheme;

/* Series roles: the same role has the same colour in every view (Okabe–Ito palette,
 * colour-blind safe). D is always DPV_ROLE_D, D′ always DPV_ROLE_D_PRIME. */
typedef enum {
  DPV_ROLE_D = 0,        /* output distribution on D */
  DPV_ROLE_D_PRIME,      /* output distribution on D′ */
  DPV_ROLE_LOSS,         /* privacy-loss function / region / δ(ε′) gap */
  DPV_ROLE_BOUND,        /* Lemma 3.18 bound, basic composition */
  DPV_ROLE_TIGHT,        /* tight KL bound, KOV optimal composition */
  DPV_ROLE_ZCDP,         /* ε²/2, RDP/zCDP */
  DPV_ROLE_ACTUAL,       /* the mechanism's actual value, exact composition */
  DPV_ROLE_EXTRA,        /* advanced composition, classic σ, references */
  DPV_N_ROLES
} DpvRole;

typedef struct _DpvPins DpvPins;   /* dpv-plot.h */

/* What the plots drawn with a style lay out and record (dpv_plot_get_text_rects ()) but do
 * not draw, and where they report the labels they place: for tests that compare a figure
 * with and without its legends or labels. All off after dpv_style_init (). */
typedef struct {
  gboolean hide_legends;       /* legends */
  gboolean hide_annotations;   /* annotations and reference-line labels */
  GArray *placed_log;          /* of DpvPlacedText (dpv-plot.h), or NULL: each annotation and
                                  reference-line label placed is appended, its text (free it)
                                  and its box in device units. Appended under a lock: renders
                                  on several threads may share it (a render in bands,
                                  dpv_render_image (), appends a label once a band). */
  GPtrArray *series_log;       /* of DpvSeriesRecord (dpv-plot.h), or NULL: each series drawn
                                  (lines, bars, markers and fills with a legend entry) is
                                  appended with its data, under a lock. For the figure's data
                                  (CSV); draw once, on one cairo_t, to get each series once. */
  GPtrArray *panel_log;        /* of DpvPanelRecord (dpv-plot.h), or NULL: each panel, when it
                                  is freed, is appended with what it drew (its title as drawn,
                                  its legend entries drawn, its text boxes), under a lock. For
                                  tests of compact layouts; draw on one cairo_t. */
  const DpvPins *pins;         /* faded reference curves drawn under each panel's own series
                                  (dpv-plot.h), or NULL; the style does not own them */
} DpvPlotOptions;

typedef struct _DpvStyle {
  DpvTheme theme;
  DpvColor background;    /* figure background (alpha 0 allowed on screen) */
  DpvColor plot_background;
  DpvColor foreground;    /* text, axes */
  DpvColor muted;         /* secondary text, tick labels */
  DpvColor grid;
  DpvColor accent;        /* current-value markers */
  DpvColor roles[DPV_N_ROLES];
  char font_family[64];   /* Pango family list, e.g. "Cantarell, Noto Sans CJK SC, sans" */
  double font_size;       /* in points at scale 1 (1 pt = 1 user unit) */
  double line_width;      /* series line width in user units */
  double text_scale;      /* extra factor for projectors (1 = normal) */
  gboolean pixel_snap;    /* snap axis lines to device pixels (image surfaces only: ignored
                             on PDF, PS and SVG targets) */
  gboolean grayscale;     /* colours are grays (dpv_style_set_grayscale ()) and each line of a
                             panel gets its own dash pattern, in the order drawn */
  DpvPlotOptions plot_options;
} DpvStyle;

void dpv_style_init (DpvStyle *style, DpvTheme theme);
/* "light", "dark", "print" and back. */
const char *dpv_theme_to_name (DpvTheme theme);
gboolean dpv_theme_from_name (const char *name, DpvTheme *out);

/* Turns every colour of @style into the gray a black-and-white print gives it (the gray of the
 * same relative luminance, so contrasts are kept) and sets style->grayscale: lines are then
 * told apart by their dash patterns. */
void dpv_style_set_grayscale (DpvStyle *style);
/* A transparent figure background (alpha 0), for figures laid over slides or pages. */
void dpv_style_set_transparent (DpvStyle *style);

/* Text at @font_pt points (1 pt = 1 user unit of a figure sized in points) and lines in
 * proportion to it (2 units at the themes' 13): for figures sized for the page. */
void dpv_style_set_font_pt (DpvStyle *style, double font_pt);

/* WCAG 2.1 relative luminance of the colour's sRGB values (alpha ignored). */
double dpv_color_relative_luminance (const DpvColor *color);
/* WCAG 2.1 contrast ratio (L1 + 0.05)/(L2 + 0.05) of two opaque colours, 1 … 21. */
double dpv_color_contrast (const DpvColor *a, const DpvColor *b);
/* The colour text drawn in @color gets: @color itself when it has a contrast of at least
 * 4.5:1 (WCAG 2.1 AA) against the figure background and against the background tinted a
 * quarter with @color (a label over its own band), else @color moved towards the foreground
 * just far enough. */
void dpv_style_text_color (const DpvStyle *style, const DpvColor *color, DpvColor *out);

/* Sets cr's source colour. */
void dpv_color_set_source (const DpvColor *color, cairo_t *cr);

G_END_DECLS
