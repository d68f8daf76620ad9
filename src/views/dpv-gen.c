/* dpv-gen.c — files generated from the parameter table and the registry of views
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A build tool (not installed):
 *
 *   dpv-gen schema TEMPLATE OUTPUT APP_ID GETTEXT_PACKAGE
 *     TEMPLATE with @app_id@, @gettext_package@ and @parameter_keys@ replaced: one GSettings key
 *     per parameter that some registered view uses (name, type, range, default, choices and
 *     summary from its row of the table; none for a parameter flagged DPV_PARAM_FLAG_SESSION)
 *     and the "view" key whose choices are the registered views.
 *   dpv-gen shortcuts TEMPLATE OUTPUT
 *     the shortcuts window with @view_shortcuts@ replaced: Alt+N for the N-th view, titled by
 *     its short title (the view switcher's).
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
  g_autofree char *text = dpv_format_shortest (v);

  g_string_append (s, text);
  if (strpbrk (text, ".e") == NULL)
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
      g_string_append_printf (s, "<key name=\"%s\" type=\"t\">\n      <range min=\"%.0f\" "
                              "max=\"%.0f\"/>\n      <default>%" G_GUINT64_FORMAT
                              "</default>\n", spec->name, spec->min, spec->max, def->seed);
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

static GString *
view_shortcuts (void)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < dpv_registry_get_n_views () && i < 9; i++)
    {
      const DpvViewClass *view = dpv_registry_get (i);
      g_autofree char *title = g_markup_escape_text (view->short_title, -1);

      g_string_append_printf (s, "%s<child>\n"
                              "              <object class=\"GtkShortcutsShortcut\">\n"
                              "                <property name=\"title\" translatable=\"yes\">%s"
                              "</property>\n"
                              "                <property name=\"accelerator\">&lt;Alt&gt;%u"
                              "</property>\n"
                              "                <property name=\"action-name\">win.view::%s"
                              "</property>\n"
                              "              </object>\n"
                              "            </child>", i > 0 ? "\n            " : "", title, i + 1,
                              view->name);
    }
  return s;
}

static GString *
schema_keys (void)
{
  GString *keys = g_string_new (NULL);
  DpvParamSet used = 0;
  DpvParams defaults;

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
  return keys;
}

int
main (int argc, char **argv)
{
  g_autofree char *template = NULL;
  g_autoptr(GString) out = NULL;
  g_autoptr(GError) error = NULL;
  gboolean schema = argc == 6 && g_str_equal (argv[1], "schema");
  gboolean shortcuts = argc == 4 && g_str_equal (argv[1], "shortcuts");

  if (!schema && !shortcuts)
    {
      fprintf (stderr, "usage: dpv-gen schema TEMPLATE OUTPUT APP_ID GETTEXT_PACKAGE\n"
                       "       dpv-gen shortcuts TEMPLATE OUTPUT\n");
      return 2;
    }
  if (!g_file_get_contents (argv[2], &template, NULL, &error))
    {
      fprintf (stderr, "dpv-gen: %s\n", error->message);
      return 1;
    }
  out = g_string_new (template);
  if (schema)
    {
      g_autoptr(GString) keys = schema_keys ();

      g_string_replace (out, "@parameter_keys@", keys->str, 0);
      g_string_replace (out, "@app_id@", argv[4], 0);
      g_string_replace (out, "@gettext_package@", argv[5], 0);
    }
  else
    {
      g_autoptr(GString) views = view_shortcuts ();

      g_string_replace (out, "@view_shortcuts@", views->str, 0);
    }
  if (!g_file_set_contents (argv[3], out->str, out->len, &error))
    {
      fprintf (stderr, "dpv-gen: %s\n", error->message);
      return 1;
    }
  return 0;
}
