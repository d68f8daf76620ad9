/* gen-schema.c — the GSettings schema's parameter and view keys, from the table and the registry
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * gen-schema TEMPLATE OUTPUT APP_ID GETTEXT_PACKAGE writes TEMPLATE to OUTPUT with @app_id@,
 * @gettext_package@ and @parameter_keys@ replaced: one key per parameter that some registered
 * view uses (name, type, range, default, choices and summary from its row of the parameter
 * table; none for a parameter flagged DPV_PARAM_FLAG_SESSION) and the "view" key whose choices
 * are the registered views. A build tool: not installed.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "dpv-registry.h"

/* The shortest decimal that reads back to @v, with a decimal point or an exponent (GVariant
 * reads "10" as an integer). */
static void
add_number (GString *s, double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  for (int digits = 1; digits <= 17; digits++)
    {
      char fmt[8];

      g_snprintf (fmt, sizeof fmt, "%%.%dg", digits);
      g_ascii_formatd (buf, sizeof buf, fmt, v);
      if (g_ascii_strtod (buf, NULL) == v)
        break;
    }
  g_string_append (s, buf);
  if (strpbrk (buf, ".e") == NULL)
    g_string_append (s, ".0");
}

static void
add_key (GString *s, const DpvParamSpec *spec, const DpvParamValue *def)
{
  g_autofree char *label = g_markup_escape_text (spec->label, -1);

  switch (spec->kind)
    {
    case DPV_PARAM_KIND_DOUBLE:
      g_string_append_printf (s, "<key name=\"%s\" type=\"d\">\n      <range min=\"",
                              spec->name);
      add_number (s, spec->min);
      g_string_append (s, "\" max=\"");
      add_number (s, spec->max);
      g_string_append (s, "\"/>\n      <default>");
      add_number (s, def->d);
      g_string_append (s, "</default>\n");
      break;
    case DPV_PARAM_KIND_UINT:
      g_string_append_printf (s, "<key name=\"%s\" type=\"u\">\n      <range min=\"%.0f\" "
                              "max=\"%.0f\"/>\n      <default>%lu</default>\n", spec->name,
                              spec->min, spec->max, def->u);
      break;
    case DPV_PARAM_KIND_SEED:
      g_string_append_printf (s, "<key name=\"%s\" type=\"t\">\n      <default>%"
                              G_GUINT64_FORMAT "</default>\n", spec->name, def->seed);
      break;
    case DPV_PARAM_KIND_ENUM:
      g_string_append_printf (s, "<key name=\"%s\" type=\"s\">\n      <choices>\n", spec->name);
      for (guint i = 0; i < spec->n_choices; i++)
        g_string_append_printf (s, "        <choice value=\"%s\"/>\n", spec->choices[i].name);
      g_string_append (s, "      </choices>\n");
      for (guint i = 0; i < spec->n_choices; i++)
        if (spec->choices[i].value == def->e)
          g_string_append_printf (s, "      <default>\"%s\"</default>\n", spec->choices[i].name);
      break;
    case DPV_PARAM_KIND_BOOL:
      g_string_append_printf (s, "<key name=\"%s\" type=\"b\">\n      <default>%s</default>\n",
                              spec->name, def->b ? "true" : "false");
      break;
    case DPV_PARAM_KIND_LIST:
      {
        g_autofree char *text = dpv_param_format (spec, def);
        g_autofree char *escaped = g_markup_escape_text (text, -1);

        g_string_append_printf (s, "<key name=\"%s\" type=\"s\">\n      <default>\"%s\""
                                "</default>\n", spec->name, escaped);
      }
      break;
    case DPV_N_PARAM_KINDS:
    default:
      g_assert_not_reached ();
    }
  g_string_append_printf (s, "      <summary>%s</summary>\n    </key>\n    ", label);
}

int
main (int argc, char **argv)
{
  g_autofree char *template = NULL;
  g_autoptr(GString) keys = g_string_new (NULL);
  g_autoptr(GString) out = NULL;
  g_autoptr(GError) error = NULL;
  DpvParamSet used = 0;
  DpvParams defaults;

  if (argc != 5)
    {
      fprintf (stderr, "usage: gen-schema TEMPLATE OUTPUT APP_ID GETTEXT_PACKAGE\n");
      return 2;
    }
  if (!g_file_get_contents (argv[1], &template, NULL, &error))
    {
      fprintf (stderr, "gen-schema: %s\n", error->message);
      return 1;
    }

  dpv_params_init (&defaults);
  for (guint i = 0; i < dpv_registry_get_n_views (); i++)
    used |= dpv_view_class_get_uses (dpv_registry_get (i));
  for (int id = 0; id < DPV_N_PARAMS; id++)
    {
      const DpvParamSpec *spec = dpv_param_spec (id);
      DpvParamValue def;

      if ((used & DPV_PARAM_BIT (id)) == 0 || (spec->flags & DPV_PARAM_FLAG_SESSION) != 0)
        continue;
      dpv_params_get (&defaults, id, &def);
      add_key (keys, spec, &def);
    }
  g_string_append (keys, "<key name=\"view\" type=\"s\">\n      <choices>\n");
  for (guint i = 0; i < dpv_registry_get_n_views (); i++)
    g_string_append_printf (keys, "        <choice value=\"%s\"/>\n",
                            dpv_registry_get (i)->name);
  g_string_append_printf (keys, "      </choices>\n      <default>\"%s\"</default>\n"
                          "      <summary>Visible view</summary>\n    </key>",
                          dpv_registry_get (0)->name);

  out = g_string_new (template);
  g_string_replace (out, "@parameter_keys@", keys->str, 0);
  g_string_replace (out, "@app_id@", argv[3], 0);
  g_string_replace (out, "@gettext_package@", argv[4], 0);
  if (!g_file_set_contents (argv[2], out->str, out->len, &error))
    {
      fprintf (stderr, "gen-schema: %s\n", error->message);
      return 1;
    }
  return 0;
}
