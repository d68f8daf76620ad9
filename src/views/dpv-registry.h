/* dpv-registry.h — the one list of views
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The view switcher, the shortcuts window, the GSettings view key, lesson files,
 * `dpviz-cli export --view`, `dpviz-cli views` and the benchmarks iterate it.
 */
#pragma once

#include "dpv-view-class.h"

G_BEGIN_DECLS

guint dpv_registry_get_n_views (void);
/* The view at @index (0 … n − 1, in the switcher's order). */
const DpvViewClass *dpv_registry_get (guint index);
/* The view named @name (ASCII case-insensitive), or NULL. */
const DpvViewClass *dpv_registry_lookup (const char *name);
/* The index of @view, or -1 when it is not registered. */
int dpv_registry_index (const DpvViewClass *view);
/* The names as a translated list for help and messages: "densities, regions, kl or
 * composition" (new string). */
char *dpv_registry_names_text (void);

G_END_DECLS
