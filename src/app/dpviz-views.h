/* dpviz-views.h — the registered views as the app numbers them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The app's model, its settings and its view stack refer to a view by its index in the
 * registry (dpv-registry.h), 0 … dpv_registry_get_n_views () − 1.
 */
#pragma once

#include "dpv-registry.h"

G_BEGIN_DECLS

/* The index of the view named @name (which must be registered). */
#define DPVIZ_VIEW(name) ((guint) dpv_registry_index (dpv_registry_lookup (name)))

G_END_DECLS
