/* dpv-view-util.h — what the views share: panels, grids, densities, number formats
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dpv-frame.h"
#include "dpv-plot.h"
#include "dpv-ticks.h"

G_BEGIN_DECLS

/* Samples per continuous curve: enough for a smooth line at 4K, cheap enough for < 2 ms. */
#define DPV_CURVE_SAMPLES 400

/* A number for read-outs, captions and labels: dpv_format_number with 4 significant digits. */
char *dpv_fmt (double value);
/* A probability with enough significant digits that a value below 1 never reads as 1
 * ("0.9999546", not "1.000"); otherwise as dpv_fmt (). */
char *dpv_fmt_prob (double p);
/* The significant digits dpv_fmt_prob () uses for @p (4 … 17). */
int dpv_prob_digits (double p);
/* The fewest significant digits (4 … DPV_DISTINCT_MAX_DIGITS) at which any two of the @n
 * values that differ by more than their accuracy print differently, so that a read-out never
 * shows two different values as one ("5.000×10⁻⁵" for both ε·tanh(ε/2) and ε²/2 at
 * ε = 0.01). @rel_tol[i] is the relative accuracy of values[i]: two values closer than the
 * larger of their two accuracies may be the same number and are not told apart. NaN and
 * infinite values are ignored. */
#define DPV_DISTINCT_MAX_DIGITS 12
int dpv_distinct_digits (const double *values, const double *rel_tol, gsize n);

/* A setup function sets the axes and titles of a fresh panel. */
typedef void (*DpvPanelSetup) (DpvPlot *plot, gconstpointer user_data);
/* New panel in (x, y, w, h), set up and laid out. */
DpvPlot *dpv_panel_new (cairo_t *cr, const DpvStyle *style, double x, double y, double w,
                        double h, DpvPanelSetup setup, gconstpointer user_data);
/* Two panels stacked in (x, y, w, h), the top one taking @top_fraction of the height, whose
 * data areas share their left and right edges (so they share the x axis). */
void dpv_panels_stacked (cairo_t *cr, const DpvStyle *style, double x, double y, double w,
                         double h, double top_fraction, DpvPanelSetup setup_top,
                         DpvPanelSetup setup_bottom, gconstpointer user_data,
                         DpvPlot **top, DpvPlot **bottom);
/* n points evenly over [lo, hi] merged with the extra points inside (lo, hi), sorted;
 * returns the number written into x (capacity n + n_extra). */
gsize dpv_grid_with_points (double lo, double hi, gsize n, const double *extra, gsize n_extra,
                            double *x);
/* Log-spaced grid of n points over [lo, hi] (0 < lo < hi). */
void dpv_grid_log (double lo, double hi, gsize n, double *x);
/* The mechanism's output density on D or D′ at y; NaN where it has none (a break in a drawn
 * line). */
double dpv_density (const DpMechanism *m, DpNeighbour which, double y);
/* Room for legends: the figure is at least ~34 × 16 lines of text. */
gboolean dpv_view_roomy (const DpvStyle *style, double w, double h);
/* Font size of body text in user units. */
double dpv_style_text_size (const DpvStyle *style);

G_END_DECLS
