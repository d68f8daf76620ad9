/* dpviz-seed-row.h — a random seed: a spin button and a "New seed" button
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dpviz-model.h"

G_BEGIN_DECLS

#define DPVIZ_TYPE_SEED_ROW (dpviz_seed_row_get_type ())
G_DECLARE_FINAL_TYPE (DpvizSeedRow, dpviz_seed_row, DPVIZ, SEED_ROW, GtkWidget)

/* The control of the seed parameter @id (a DPV_PARAM_KIND_SEED row of the table), bound to
 * @model's property of that name; titled with the table's label until set_title (). */
GtkWidget *dpviz_seed_row_new (DpvizModel *model, DpvParamId id);
void dpviz_seed_row_set_title (DpvizSeedRow *self, const char *title);
const char *dpviz_seed_row_get_title (DpvizSeedRow *self);
GtkSpinButton *dpviz_seed_row_get_spin_button (DpvizSeedRow *self);
GtkButton *dpviz_seed_row_get_new_button (DpvizSeedRow *self);
/* Why the last text typed was refused (the seed stayed), or NULL. */
const char *dpviz_seed_row_get_error (DpvizSeedRow *self);
/* What "New seed" does: sets the model's seed to one drawn uniformly from the table's range,
 * other than the current one. */
void dpviz_seed_row_new_seed (DpvizSeedRow *self);

G_END_DECLS
