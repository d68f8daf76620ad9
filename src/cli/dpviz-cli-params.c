/* dpviz-cli-params.c — the figure options of dpviz-cli, from the parameter table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every parameter that a registered view uses becomes an option (--epsilon, --log-y, …) with
 * the table's name, help, range and default; its value is read by dpv_param_parse (), so the
 * CLI refuses exactly what the app and lesson files refuse.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dpv-registry.h"
#include "dpviz-cli-common.h"

struct _CliParamOptions
{
  GOptionEntry entries[DPV_N_PARAMS + 1];
  char *texts[DPV_N_PARAMS];
  gboolean flags[DPV_N_PARAMS];
  GPtrArray *strings;            /* help texts the entries point to */
};

/* The parameters some registered view uses. */
static DpvParamSet
used_params (void)
{
  DpvParamSet set = 0;

  for (guint i = 0; i < dpv_registry_get_n_views (); i++)
    set |= dpv_view_class_get_uses (dpv_registry_get (i));
  return set;
}

static char *
default_text (const DpvParamSpec *spec)
{
  DpvParams defaults;
  DpvParamValue v;

  dpv_params_init (&defaults);
  dpv_params_get (&defaults, spec->id, &v);
  if ((spec->flags & DPV_PARAM_FLAG_AUTO) != 0 && v.d < 0)
    return g_strdup (_(spec->auto_label));
  return dpv_param_format (spec, &v);
}

CliParamOptions *
cli_param_options_new (void)
{
  CliParamOptions *o = g_new0 (CliParamOptions, 1);
  DpvParamSet used = used_params ();
  guint n = 0;

  o->strings = g_ptr_array_new_with_free_func (g_free);
  for (int i = 0; i < DPV_N_PARAMS; i++)
    {
      const DpvParamSpec *spec = dpv_param_spec (i);
      GOptionEntry *e;
      char *help;

      if ((used & DPV_PARAM_BIT (i)) == 0)
        continue;
      e = &o->entries[n++];
      e->long_name = spec->name;
      if (spec->kind == DPV_PARAM_KIND_BOOL)
        {
          e->arg = G_OPTION_ARG_NONE;
          e->arg_data = &o->flags[i];
          help = g_strdup (_(spec->help));
        }
      else
        {
          g_autofree char *range = dpv_param_range_text (spec);
          g_autofree char *def = default_text (spec);

          e->arg = G_OPTION_ARG_STRING;
          e->arg_data = &o->texts[i];
          e->arg_description = spec->kind == DPV_PARAM_KIND_ENUM ? "NAME" : "VALUE";
          if (spec->kind == DPV_PARAM_KIND_ENUM)
            /* Translators: an option's help: what it is, its default */
            help = g_strdup_printf (_("%s (default %s)"), _(spec->help), def);
          else
            /* Translators: an option's help: what it is, its range, its default */
            help = g_strdup_printf (_("%s; %s (default %s)"), _(spec->help), range, def);
        }
      g_ptr_array_add (o->strings, help);
      e->description = help;
    }
  return o;
}

const GOptionEntry *
cli_param_options_get_entries (CliParamOptions *o)
{
  return o->entries;
}

gboolean
cli_param_options_apply (CliParamOptions *o, DpvParams *params, GError **error)
{
  for (int i = 0; i < DPV_N_PARAMS; i++)
    {
      const DpvParamSpec *spec = dpv_param_spec (i);
      g_autoptr(GError) local = NULL;
      DpvParamValue v;

      if (spec->kind == DPV_PARAM_KIND_BOOL)
        {
          if (o->flags[i])
            {
              v.b = TRUE;
              dpv_params_set (params, i, &v);
            }
          continue;
        }
      if (o->texts[i] == NULL)
        continue;
      if (!dpv_param_parse (spec, o->texts[i], &v, &local))
        {
          g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE, "--%s: %s", spec->name,
                       local->message);
          return FALSE;
        }
      dpv_params_set (params, i, &v);
    }
  return TRUE;
}

const char *
cli_param_options_first_given (const CliParamOptions *o)
{
  for (int i = 0; i < DPV_N_PARAMS; i++)
    if (o->flags[i] || o->texts[i] != NULL)
      return dpv_param_spec (i)->name;
  return NULL;
}

void
cli_param_options_free (CliParamOptions *o)
{
  if (o == NULL)
    return;
  for (int i = 0; i < DPV_N_PARAMS; i++)
    g_free (o->texts[i]);
  g_ptr_array_unref (o->strings);
  g_free (o);
}
