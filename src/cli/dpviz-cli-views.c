/* dpviz-cli-views.c — `views`: the registered views, their titles and parameters
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>

#include <glib/gi18n.h>

#include "dpv-registry.h"
#include "dpviz-cli-common.h"

/* The names of the parameters @view uses, in the table's order. */
static GPtrArray *
parameter_names (const DpvViewClass *view)
{
  GPtrArray *names = g_ptr_array_new ();

  for (int i = 0; i < DPV_N_PARAMS; i++)
    if (dpv_view_class_uses (view, i))
      g_ptr_array_add (names, (gpointer) dpv_param_spec (i)->name);
  return names;
}

int
cli_cmd_views (int argc, char **argv, GError **error)
{
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print the views as one JSON object"), NULL },
    G_OPTION_ENTRY_NULL
  };

  if (!cli_parse_options ("views", _("List the views that export --view draws."),
                          _("JSON: {\"views\": [{\"name\", \"title\", \"parameters\": [names]}]}; "
                            "the parameters are the options of export\nthat change the view."),
                          NULL, entries, argc, argv, error))
    return CLI_EXIT_USAGE;

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "views");
      json_builder_begin_array (b);
      for (guint i = 0; i < dpv_registry_get_n_views (); i++)
        {
          const DpvViewClass *view = dpv_registry_get (i);
          g_autofree char *title = dpv_view_class_get_plain_title (view);
          g_autoptr(GPtrArray) names = parameter_names (view);

          json_builder_begin_object (b);
          json_builder_set_member_name (b, "name");
          json_builder_add_string_value (b, view->name);
          json_builder_set_member_name (b, "title");
          json_builder_add_string_value (b, title);
          json_builder_set_member_name (b, "parameters");
          json_builder_begin_array (b);
          for (guint j = 0; j < names->len; j++)
            json_builder_add_string_value (b, g_ptr_array_index (names, j));
          json_builder_end_array (b);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
      cli_json_print (b);
      return CLI_EXIT_OK;
    }

  for (guint i = 0; i < dpv_registry_get_n_views (); i++)
    {
      const DpvViewClass *view = dpv_registry_get (i);
      g_autofree char *title = dpv_view_class_get_plain_title (view);
      g_autoptr(GPtrArray) names = parameter_names (view);
      g_autofree char *padded = cli_pad (view->name, 13, FALSE);
      g_autofree char *list = NULL;

      g_ptr_array_add (names, NULL);
      list = g_strjoinv (", ", (char **) names->pdata);
      printf ("%s %s\n%13s %s: %s\n", padded, title, "", _("parameters"), list);
    }
  return CLI_EXIT_OK;
}
