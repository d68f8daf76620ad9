/* dpv-registry.c — the one list of views
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Adding a view: its folder under src/views/, its header below and its line in the list
 * (docs/adding-a-view.md).
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dpv-registry.h"

#include "accuracy/dpv-accuracy.h"
#include "budget/dpv-budget.h"
#include "composition/dpv-composition.h"
#include "densities/dpv-densities.h"
#include "hypothesis/dpv-hypothesis.h"
#include "exponential/dpv-exponential.h"
#include "group/dpv-group.h"
#include "kl/dpv-kl.h"
#include "regions/dpv-regions.h"
#include "renyi/dpv-renyi.h"
#include "samples/dpv-samples.h"
#include "survey/dpv-survey.h"
#include "walk/dpv-walk.h"

static const DpvViewClass *const views[] = {
  &dpv_densities_view,
  &dpv_regions_view,
  &dpv_kl_view,
  &dpv_composition_view,
  &dpv_hypothesis_view,
  &dpv_survey_view,
  &dpv_accuracy_view,
  &dpv_exponential_view,
  &dpv_group_view,
  &dpv_renyi_view,
  &dpv_walk_view,
  &dpv_samples_view,
  &dpv_budget_view,
};

guint
dpv_registry_get_n_views (void)
{
  return G_N_ELEMENTS (views);
}

const DpvViewClass *
dpv_registry_get (guint index)
{
  g_return_val_if_fail (index < G_N_ELEMENTS (views), NULL);
  return views[index];
}

const DpvViewClass *
dpv_registry_lookup (const char *name)
{
  g_return_val_if_fail (name != NULL, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (views); i++)
    if (g_ascii_strcasecmp (name, views[i]->name) == 0)
      return views[i];
  return NULL;
}

int
dpv_registry_index (const DpvViewClass *view)
{
  for (gsize i = 0; i < G_N_ELEMENTS (views); i++)
    if (views[i] == view)
      return (int) i;
  return -1;
}

char *
dpv_registry_names_text (void)
{
  g_autoptr(GString) s = g_string_new (NULL);

  for (gsize i = 0; i + 1 < G_N_ELEMENTS (views); i++)
    g_string_append_printf (s, "%s%s", i > 0 ? ", " : "", views[i]->name);
  if (G_N_ELEMENTS (views) == 1)
    return g_strdup (views[0]->name);
  /* Translators: the end of a list of names, e.g. "densities, regions, kl or composition" */
  return g_strdup_printf (_("%s or %s"), s->str, views[G_N_ELEMENTS (views) - 1]->name);
}
