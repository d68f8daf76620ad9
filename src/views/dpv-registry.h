/* dpv-registry.h — the one list of views
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The header's view menu, the shortcuts window, the GSettings view key, lesson files,
 * `dpviz-cli export --view`, `dpviz-cli views` and the benchmarks iterate it.
 */
#pragma once

#include "dpv-view-class.h"

G_BEGIN_DECLS

guint dpv_registry_get_n_views (void);
/* The view at @index (0 … n − 1, in the view menu's order). */
const DpvViewClass *dpv_registry_get (guint index);
/* The view named @name (ASCII case-insensitive), or NULL. */
const DpvViewClass *dpv_registry_lookup (const char *name);
/* The index of @view, or -1 when it is not registered. */
int dpv_registry_index (const DpvViewClass *view);
/* The names as a translated list for help and messages: "densities, regions, kl or
 * composition" (new string). */
char *dpv_registry_names_text (void);
/* The chapter of the course that the view at @index belongs to, untranslated (translate it
 * with _()), or NULL for a view before the first chapter's first view. Chapters are listed in
 * dpv-registry.c, each by the view that starts it. */
const char *dpv_registry_get_chapter (guint index);
/* Whether the view at @index is the first of its chapter. */
gboolean dpv_registry_starts_chapter (guint index);

G_END_DECLS
