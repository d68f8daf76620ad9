/* dpviz-model.h — the one parameter model every widget and view binds to
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Properties (all G_PARAM_EXPLICIT_NOTIFY, notified only on real change):
 *   "epsilon", "delta", "sensitivity" (double), "k" (uint), "mechanism" (int, DpMechanismKind),
 *   "eps-prime" (double, < 0 = solve from δ), "log-y" (boolean): named, ranged and defaulted
 *   by the parameter table (dpv-params.h); "view" (int, the registry index of the view),
 *   "show-caption" (boolean).
 * Signal "changed" (no arguments): emitted once after any property (or a batch set by
 * dpviz_model_apply) changed; views redraw on it.
 */
#pragma once

#include <glib-object.h>

#include "dpv-params.h"
#include "dpv-plot.h"
#include "dpviz-views.h"

G_BEGIN_DECLS

#define DPVIZ_TYPE_MODEL (dpviz_model_get_type ())
G_DECLARE_FINAL_TYPE (DpvizModel, dpviz_model, DPVIZ, MODEL, GObject)

DpvizModel *dpviz_model_new (void);

double dpviz_model_get_epsilon (DpvizModel *self);
double dpviz_model_get_delta (DpvizModel *self);
double dpviz_model_get_sensitivity (DpvizModel *self);
guint dpviz_model_get_k (DpvizModel *self);
DpMechanismKind dpviz_model_get_mechanism (DpvizModel *self);
guint dpviz_model_get_view (DpvizModel *self);

/* Setters refuse (return FALSE, set G_IO_ERROR_INVALID_ARGUMENT with a translated message that
 * names the allowed range) and change nothing when the value is out of range. */
gboolean dpviz_model_set_epsilon (DpvizModel *self, double value, GError **error);
gboolean dpviz_model_set_delta (DpvizModel *self, double value, GError **error);
gboolean dpviz_model_set_sensitivity (DpvizModel *self, double value, GError **error);
gboolean dpviz_model_set_k (DpvizModel *self, guint value, GError **error);
void dpviz_model_set_mechanism (DpvizModel *self, DpMechanismKind mechanism);
void dpviz_model_set_view (DpvizModel *self, guint view);

/* Current values as render parameters. */
void dpviz_model_get_params (DpvizModel *self, DpvParams *out);
/* Validates every value of params and view first; on success sets them all with a single
 * "changed" emission; on failure changes nothing. */
gboolean dpviz_model_apply (DpvizModel *self, const DpvParams *params, guint view,
                            GError **error);

/* Any parameter of the table, by id: checked with the table (all or nothing). */
gboolean dpviz_model_set_param (DpvizModel *self, DpvParamId id, const DpvParamValue *value,
                                GError **error);
void dpviz_model_get_param (DpvizModel *self, DpvParamId id, DpvParamValue *out);
/* A number-valued parameter by name ("epsilon", "k", "eps-prime", …) as a double, for the
 * generated controls. set_value refuses what the table refuses (and, for a parameter whose
 * negative value means "automatic", a negative value: that is set through the property), with a
 * message naming the range, and changes nothing then. */
double dpviz_model_get_value (DpvizModel *self, const char *property);
gboolean dpviz_model_set_value (DpvizModel *self, const char *property, double value,
                                GError **error);

/* The pins (faded reference curves, dpv-plot.h) of each view, kept while parameters change:
 * NULL when the view has none. Setting them (a new set, or NULL) emits "pins-changed" with the
 * view's index. */
#define DPVIZ_MODEL_MAX_PINS 3
DpvPins *dpviz_model_get_pins (DpvizModel *self, guint view);
void dpviz_model_set_pins (DpvizModel *self, guint view, DpvPins *pins);

G_END_DECLS
