/* dpv-view.h — the views: one render entry point each, their parameters and read-outs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The same dpv_view_render() call serves the screen, PNG/SVG/PDF export, the clipboard and
 * the CLI (ARCHITECTURE.md).
 */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

#include "dp-core.h"
#include "dpv-style.h"

G_BEGIN_DECLS

typedef enum {
  DPV_VIEW_DENSITIES = 0,   /* View 1: mechanism densities + privacy loss L(y) */
  DPV_VIEW_REGIONS,         /* View 2: max-divergence regions, hockey stick */
  DPV_VIEW_KL,              /* View 3: KL against ε(e^ε − 1) */
  DPV_VIEW_COMPOSITION,     /* View 4: composition curves */
  DPV_N_VIEWS
} DpvViewKind;

/* Slider ranges and defaults (VIEWS.md; issue #4). The app, the CLI and export share them. */
#define DPV_EPSILON_MIN 0.01
#define DPV_EPSILON_MAX 10.0
#define DPV_EPSILON_DEFAULT 1.0
#define DPV_DELTA_MIN 1e-12
#define DPV_DELTA_MAX 0.5
#define DPV_DELTA_DEFAULT 1e-5
#define DPV_SENSITIVITY_MIN 0.1
#define DPV_SENSITIVITY_MAX 10.0
#define DPV_SENSITIVITY_DEFAULT 1.0
#define DPV_K_MIN 1
#define DPV_K_MAX 10000
#define DPV_K_DEFAULT 100

typedef struct _DpvCompositionData DpvCompositionData;

typedef struct {
  DpMechanismKind mechanism;
  double epsilon;        /* ε of one mechanism (Gaussian: σ calibrated from ε, δ, Δ) */
  double delta;          /* δ: Gaussian calibration, D∞^δ in the regions view, target δ of
                            composition */
  double sensitivity;    /* Δ */
  unsigned long k;       /* number of compositions */
  double eps_prime;      /* regions view: threshold ε′; negative = solve from δ (D∞^δ) */
  gboolean show_caption; /* title + key numbers under the figure */
  gboolean log_y;        /* KL view: log y-axis */
  /* Composition view: precomputed curves (from a worker thread); NULL = compute now
   * (synchronously, as the CLI does). When non-NULL but computed for other parameters it
   * is ignored for the exact curve, which is then drawn as "computing…". */
  const DpvCompositionData *composition;
} DpvParams;

void dpv_params_init (DpvParams *params);  /* the defaults above, Laplace, caption on */
/* Checks every field against the ranges above; on failure sets error (G_IO_ERROR_INVALID_ARGUMENT,
 * translated one-line message naming the parameter and its range) and returns FALSE. */
gboolean dpv_params_validate (const DpvParams *params, GError **error);
/* The mechanism the parameters describe (Gaussian: analytic calibration from ε, δ, Δ). */
DpStatus dpv_params_mechanism (const DpvParams *params, DpMechanism *out);

/* "densities", "regions", "kl", "composition" and back. */
const char *dpv_view_to_name (DpvViewKind view);
gboolean dpv_view_from_name (const char *name, DpvViewKind *out);
/* Translated short title, e.g. "Mechanism densities". */
const char *dpv_view_title (DpvViewKind view);
/* Translated one-paragraph "what am I looking at" (the definition or theorem, with its
 * number in Dwork & Roth), Pango markup. */
const char *dpv_view_explanation (DpvViewKind view);
/* Translated accessible description of what the plot currently shows (new string). */
char *dpv_view_describe (DpvViewKind view, const DpvParams *params);

/* Renders the view into (0, 0, width, height) of cr's user space. Never leaves cr in an
 * error state; draws a readable message in the figure if the parameters are out of range. */
void dpv_view_render (DpvViewKind view, const DpvParams *params, const DpvStyle *style,
                      cairo_t *cr, double width, double height);

/* Renders the view, (0, 0, width, height) in user units scaled by @scale, into @image, an
 * image surface, on every core: each thread draws a horizontal band of the same buffer with
 * dpv_view_render(), and the pixels are those of a single dpv_view_render() on a cairo_t
 * scaled by @scale, but for a few anti-aliased pixels next to band boundaries (see
 * dpv-render-image.c; at a fractional scale, one thread draws all). Returns the first cairo
 * error, or CAIRO_STATUS_SUCCESS. Thread-safe. */
cairo_status_t dpv_view_render_image (DpvViewKind view, const DpvParams *params,
                                      const DpvStyle *style, cairo_surface_t *image,
                                      double scale, double width, double height);

/* Read-outs: the numbers behind a view, as translated label/value pairs. */
typedef struct {
  char *label;   /* e.g. "Laplace scale b" */
  char *value;   /* e.g. "1.000" (plain text, copyable) */
} DpvReadout;

void dpv_readout_free (DpvReadout *readout);
/* A GPtrArray of DpvReadout* (free function set). */
GPtrArray *dpv_view_readouts (DpvViewKind view, const DpvParams *params);

/* Composition curves for the composition view: basic, advanced (raw Thm 3.20 value),
 * optimal (KOV) and exact on a log-spaced grid of k from 1 to max(k, DPV_K_MAX), plus the
 * values at params->k. Exact is the expensive part (PLD for Laplace). @cancel may be NULL;
 * returns NULL when cancelled. Thread-safe: call from a GTask worker. */
DpvCompositionData *dpv_composition_data_compute (const DpvParams *params,
                                                  const DpCancel *cancel);
void dpv_composition_data_free (DpvCompositionData *data);
/* TRUE when data was computed for the same mechanism, ε and δ (k and Δ do not matter: the
 * composition curves are independent of the sensitivity Δ). */
gboolean dpv_composition_data_matches (const DpvCompositionData *data,
                                       const DpvParams *params);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DpvCompositionData, dpv_composition_data_free)

G_END_DECLS
