/* dpv-view-private.h — what the view files share inside libdpplot
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dpv-view.h"
#include "dpv-plot.h"

G_BEGIN_DECLS

/* Samples per continuous curve: enough for a smooth line at 4K, cheap enough for < 2 ms. */
#define DPV_CURVE_SAMPLES 400

/* Each view draws its panels into the rectangle (x, y, w, h) of cr's user space.
 * The parameters are valid (dpv_params_validate) and m is their mechanism. */
void dpv_view_render_densities (const DpvParams *params, const DpMechanism *m,
                                const DpvStyle *style, cairo_t *cr,
                                double x, double y, double w, double h);
void dpv_view_render_regions (const DpvParams *params, const DpMechanism *m,
                              const DpvStyle *style, cairo_t *cr,
                              double x, double y, double w, double h);
void dpv_view_render_kl (const DpvParams *params, const DpMechanism *m,
                         const DpvStyle *style, cairo_t *cr,
                         double x, double y, double w, double h);
void dpv_view_render_composition (const DpvParams *params, const DpMechanism *m,
                                  const DpvStyle *style, cairo_t *cr,
                                  double x, double y, double w, double h);

/* Read-outs of each view (translated label/value pairs appended to @out). */
void dpv_view_readouts_densities (const DpvParams *params, const DpMechanism *m,
                                  GPtrArray *out);
void dpv_view_readouts_regions (const DpvParams *params, const DpMechanism *m,
                                GPtrArray *out);
void dpv_view_readouts_kl (const DpvParams *params, const DpMechanism *m, GPtrArray *out);
void dpv_view_readouts_composition (const DpvParams *params, const DpMechanism *m,
                                    GPtrArray *out);

/* Key numbers for the caption, Pango markup (new string). */
char *dpv_view_caption_densities (const DpvParams *params, const DpMechanism *m);
char *dpv_view_caption_regions (const DpvParams *params, const DpMechanism *m);
char *dpv_view_caption_kl (const DpvParams *params, const DpMechanism *m);
/* The KL view's actual-KL curve at the n points xs of its ε grid: the points drawn (x_out,
 * out, at least 48 long) and their number. */
gsize dpv_kl_actual_curve (const DpvParams *params, DpMechanismKind kind, const double *xs,
                           gsize n, double *x_out, double *out);
char *dpv_view_caption_composition (const DpvParams *params, const DpMechanism *m);

/* Helpers (dpv-view.c). */
void dpv_readout_add (GPtrArray *out, const char *label, char *value /* owned */);
/* dpv_format_number with a fixed number of significant digits. */
char *dpv_fmt (double value);
/* Translated mechanism name ("Laplace", "Gaussian", "randomized response"). */
const char *dpv_mechanism_label (DpMechanismKind kind);
/* The regions view's threshold: params->eps_prime, or D∞^δ solved from δ when negative. */
double dpv_regions_eps_prime (const DpvParams *params, const DpMechanism *m);

/* Composition numbers at one k (dpv-composition-data.c). NaN = not available. */
typedef struct {
  unsigned long k;
  double basic;        /* Thm 3.16 */
  double advanced;     /* Thm 3.20 raw formula */
  double azuma;        /* its Azuma term */
  double drift;        /* its KL-drift term */
  double optimal;      /* KOV 2015 */
  double exact;        /* PLD / μ√k / binomial */
  double zcdp;         /* Gaussian only */
  double rdp;          /* Gaussian only */
  gboolean approximate;/* interpolated from the curve grid */
} DpvCompositionPoint;

struct _DpvCompositionData {
  DpMechanismKind mechanism;
  double epsilon, delta, sensitivity;
  gboolean complete;     /* optimal and exact computed (FALSE: the cheap curves only) */
  gsize n;
  unsigned long *k;      /* grid, increasing */
  double *basic;
  double *advanced;      /* raw Thm 3.20 formula */
  double *optimal;
  double *exact;
  double *zcdp;          /* Gaussian: zCDP route; otherwise NaN */
  double *rdp;           /* Gaussian: RDP route; otherwise NaN */
  unsigned long k_cross; /* first k where advanced < basic; 0 = never on [1, k_max] */
  DpvCompositionPoint at;/* values at the k it was computed for */
};

/* The cheap curves only (basic, advanced, zCDP): fast enough for one frame. */
DpvCompositionData *dpv_composition_data_compute_cheap (const DpvParams *params);
/* Values at params->k: exact from @data when it was computed for that k, else closed forms
 * for the cheap routes and log-log interpolation on the grid for the others. */
void dpv_composition_data_point (const DpvCompositionData *data, const DpvParams *params,
                                 DpvCompositionPoint *out);

G_END_DECLS

G_BEGIN_DECLS
/* Panels (dpv-view.c). A setup function sets axes and titles of a fresh panel. */
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

G_BEGIN_DECLS
/* All values at params->k, computed now (exact to 1e-4); FALSE on invalid parameters. */
gboolean dpv_composition_point_compute (const DpvParams *params, DpvCompositionPoint *out);
/* dpv_view_render_image () with the bands given: rows [boundaries[i], boundaries[i + 1]),
 * boundaries[0] = 0 and boundaries[n_bands] = the image's height (for tests; the public
 * call chooses them from the measured cost). */
cairo_status_t dpv_view_render_image_split (DpvViewKind view, const DpvParams *params,
                                            const DpvStyle *style, cairo_surface_t *image,
                                            double scale, double width, double height,
                                            const int *boundaries, int n_bands);

G_END_DECLS
