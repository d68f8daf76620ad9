/* dpviz-param-row.h — one parameter: a (log-scaled) slider plus an exact numeric entry
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dpviz-model.h"

G_BEGIN_DECLS

#define DPVIZ_TYPE_PARAM_ROW (dpviz_param_row_get_type ())
G_DECLARE_FINAL_TYPE (DpvizParamRow, dpviz_param_row, DPVIZ, PARAM_ROW, GtkWidget)

/* @property: "epsilon", "delta", "sensitivity" or "k"; @title: e.g. "Privacy budget ε";
 * @hint_low / @hint_high: what the low and high ends mean (e.g. "more private"), may be NULL. */
GtkWidget *dpviz_param_row_new (DpvizModel *model, const char *property, const char *title,
                                double min, double max, gboolean integer,
                                const char *hint_low, const char *hint_high);
const char *dpviz_param_row_get_property_name (DpvizParamRow *self);
GtkScale *dpviz_param_row_get_scale (DpvizParamRow *self);
GtkEntry *dpviz_param_row_get_entry (DpvizParamRow *self);
/* The message shown for the last refused entry, or NULL when the entry is valid. */
const char *dpviz_param_row_get_error (DpvizParamRow *self);
/* Parses and applies the entry's text as if Enter had been pressed; FALSE if refused. */
gboolean dpviz_param_row_commit (DpvizParamRow *self);
/* Slider position (log10 of the value) → value, rounded to 3 significant digits (k: whole). */
double dpviz_param_row_value_from_position (DpvizParamRow *self, double position);

G_END_DECLS
