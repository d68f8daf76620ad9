/* dpv-view-class.h — what a view is: its texts, its parameters, compute and draw
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A view is one static const DpvViewClass in its folder src/views/<name>/ and one line in the
 * registry (src/views/dpv-registry.c). docs/adding-a-view.md says how to write one.
 *
 * The numbers of a figure are computed once per parameter change into a result (compute: no
 * cairo, no GTK, callable from any thread), held by a DpvFrame; the plot, the read-outs, the
 * caption, the accessible description, export and the clipboard all read that frame. draw ()
 * only draws: it never computes what the read-outs also show.
 *
 * A view whose numbers take long to compute may split them in two stages: an expensive one
 * (compute_data, keyed by the fewer parameters @data_uses it depends on, run off the UI
 * thread) and a cheap one (compute, from the data and the rest of the parameters). With
 * preview_data it also offers a quick approximation of the expensive stage, drawn (marked
 * pending) until the real one arrives: dragging a slider then moves the cheap curves at once.
 */
#pragma once

#include <gio/gio.h>

#include "dpv-params.h"

G_BEGIN_DECLS

/* cairo's context and libdpplot's style, by name only: the model does not draw. */
struct _cairo;
struct _DpvStyle;

typedef struct _DpvFrame DpvFrame;
typedef struct _DpvViewClass DpvViewClass;

/* A read-out: one number behind a view, as a translated label and its value. */
typedef struct {
  char *label;   /* e.g. "Laplace scale b" */
  char *value;   /* e.g. "1.000" (plain text, copyable) */
} DpvReadout;

struct _DpvViewClass
{
  const char *name;         /* "densities": CLI --view, settings, lesson files; [a-z0-9-] */
  const char *title;        /* N_(…), Pango markup: caption, explanation heading, exports */
  const char *short_title;  /* N_(…): the view switcher */
  const char *icon_name;    /* symbolic icon of the view switcher */
  const char *explanation;  /* N_(…), Pango markup: "what am I looking at", with the source */
  const char *more_private; /* N_(…): which way is more private (accessible description) */

  const DpvParamId *uses;   /* every parameter the result depends on, DPV_PARAM_NONE last */
  /* Optional, N_(…): the label of the seed's control in this view, saying what the seed
   * draws ("Seed of the sampled outputs"); NULL: the table's "Random seed". */
  const char *seed_label;

  /* The mechanisms the view draws, bit (1 << DpMechanismKind) each; 0: all three. For the
   * others its frames have no result, and @mechanisms_reason (N_(…)) says why instead of a
   * figure (the accuracy of a numeric query has no randomized response). */
  guint mechanisms;
  const char *mechanisms_reason;

  /* Optional expensive stage: computed off the UI thread when @expensive, cached by
   * @data_uses (a subset of @uses). NULL when the view has one stage. */
  const DpvParamId *data_uses;
  gpointer (*compute_data) (const DpvParams *params, const DpMechanism *m,
                            GCancellable *cancellable, GError **error);
  /* Optional quick approximation of compute_data (may be NULL). */
  gpointer (*preview_data) (const DpvParams *params, const DpMechanism *m);
  void (*free_data) (gpointer data);
  gboolean expensive;       /* compute_data (or, without one, compute) may exceed a frame */

  /* The result from the parameters, their mechanism (built once) and the data of the
   * expensive stage (NULL without one). Numbers only. NULL with @error set on failure;
   * NULL without error when cancelled. */
  gpointer (*compute) (const DpvParams *params, const DpMechanism *m, gconstpointer data,
                       GCancellable *cancellable, GError **error);
  void (*free_result) (gpointer result);

  /* From the frame's result: read-outs (appended to @out, of DpvReadout*), the caption's key
   * numbers (Pango markup) and, optionally, the accessible description (plain text; NULL:
   * "title (mechanism). caption. more_private."). */
  void (*readouts) (const DpvFrame *frame, GPtrArray *out);
  char *(*caption) (const DpvFrame *frame);
  char *(*describe) (const DpvFrame *frame);

  /* Draws the frame into the rectangle (x, y, w, h) of @cr (cairo_t). Only draws. */
  void (*draw) (const DpvFrame *frame, const struct _DpvStyle *style, struct _cairo *cr,
                double x, double y, double w, double h);

  /* Optional: the parameters the figure lets you set by dragging on it, DPV_PARAM_NONE last
   * (each also in @uses). draw () declares where, panel by panel (dpv-drag.h, with the
   * parameter's id); the app turns a drag there into a value of the parameter. */
  const DpvParamId *drag_params;
};

/* The view's parameters as a set (its @uses), and those of its expensive stage. */
DpvParamSet dpv_view_class_get_uses (const DpvViewClass *view);
DpvParamSet dpv_view_class_get_data_uses (const DpvViewClass *view);
/* TRUE when the view draws @mechanism; otherwise, with @reason not NULL, *reason is the
 * translated reason. */
gboolean dpv_view_class_supports (const DpvViewClass *view, DpMechanismKind mechanism,
                                  const char **reason);
/* TRUE when the view uses parameter @id. */
gboolean dpv_view_class_uses (const DpvViewClass *view, DpvParamId id);
/* Translated title (Pango markup), short title, explanation. */
const char *dpv_view_class_get_title (const DpvViewClass *view);
const char *dpv_view_class_get_short_title (const DpvViewClass *view);
const char *dpv_view_class_get_explanation (const DpvViewClass *view);
/* The translated label of parameter @id's control in @view: for a seed, the view's seed_label
 * when it has one; otherwise the table's label. */
const char *dpv_view_class_get_param_label (const DpvViewClass *view, DpvParamId id);
/* The title as plain text (e<sup>ε</sup> → e^ε), new string. */
char *dpv_view_class_get_plain_title (const DpvViewClass *view);

void dpv_readout_free (DpvReadout *readout);
/* Appends a read-out; takes @value. */
void dpv_readout_add (GPtrArray *out, const char *label, char *value);

/* Pango markup as plain text: <sup>x</sup> → ^x, <sub>x</sub> → _x, entities decoded. */
char *dpv_markup_to_plain (const char *markup);

G_END_DECLS
