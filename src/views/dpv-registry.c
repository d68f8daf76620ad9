/* dpv-registry.c — the one list of views
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Adding a view: its folder under src/views/, its header below and its line in the list
 * (docs/adding-a-view.md). The chapters of the course group the views in the header's view
 * menu: each chapter names the view that starts it, and holds the views from there up to the
 * next chapter's first view, in the order of the list.
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
#include "kmeans/dpv-kmeans.h"
#include "linkage/dpv-linkage.h"
#include "regions/dpv-regions.h"
#include "renyi/dpv-renyi.h"
#include "samples/dpv-samples.h"
#include "sensitivity/dpv-sensitivity.h"
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
  &dpv_sensitivity_view,
  &dpv_kmeans_view,
  &dpv_linkage_view,
};

/* The chapters of the course, in the order of views[]. A chapter whose first view is not
 * registered is left out (its views, if any, join the chapter before). */
static const struct {
  const char *title;
  const char *first_view;
} chapters[] = {
  /* Translators: a chapter of the course, heading its views in the view menu */
  { N_("Basics"), "densities" },
  /* Translators: a chapter of the course, heading its views in the view menu */
  { N_("Hypothesis testing"), "hypothesis" },
  /* Translators: a chapter of the course, heading its views in the view menu */
  { N_("Mechanisms at work"), "survey" },
  /* Translators: a chapter of the course, heading its views in the view menu */
  { N_("Where the bounds come from"), "renyi" },
  /* Translators: a chapter of the course, heading its views in the view menu */
  { N_("From data to noise"), "sensitivity" },
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

const char *
dpv_registry_get_chapter (guint index)
{
  const char *title = NULL;
  int start = -1;

  g_return_val_if_fail (index < G_N_ELEMENTS (views), NULL);

  /* The chapter whose registered first view comes last at or before @index. */
  for (gsize c = 0; c < G_N_ELEMENTS (chapters); c++)
    {
      const DpvViewClass *first = dpv_registry_lookup (chapters[c].first_view);
      int at = first != NULL ? dpv_registry_index (first) : -1;

      if (at >= 0 && at <= (int) index && at > start)
        {
          start = at;
          title = chapters[c].title;
        }
    }
  return title;
}

gboolean
dpv_registry_starts_chapter (guint index)
{
  g_return_val_if_fail (index < G_N_ELEMENTS (views), FALSE);

  return dpv_registry_get_chapter (index) != NULL
         && (index == 0
             || g_strcmp0 (dpv_registry_get_chapter (index),
                           dpv_registry_get_chapter (index - 1)) != 0);
}
