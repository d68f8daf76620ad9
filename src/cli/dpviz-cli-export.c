/* dpviz-cli-export.c — `export`: a view as PNG, SVG or PDF, the same figure the app draws
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "dpv-display.h"
#include "dpv-export.h"
#include "dpv-figure.h"
#include "dpv-registry.h"
#include "dpviz-cli-common.h"

static const char *const format_names[] = { "png", "svg", "pdf" };

int
cli_cmd_export (int argc, char **argv, GError **error)
{
  g_autofree char *view_text = NULL, *output = NULL, *width_text = NULL;
  g_autofree char *height_text = NULL, *scale_text = NULL, *theme_text = NULL;
  g_autofree char *view_help = NULL, *names = dpv_registry_names_text ();
  g_autoptr(CliParamOptions) param_options = cli_param_options_new ();
  g_autoptr(DpvFrame) frame = NULL;
  gboolean no_caption = FALSE, json = FALSE;
  const DpvViewClass *view;
  DpvParams params;
  DpvStyle style;
  DpvTheme theme = DPV_THEME_PRINT;
  DpvFormat format;
  double width = 1600, height = 1000, scale = 1;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) local_error = NULL;
  GOptionEntry entries[] = {
    { "view", 0, 0, G_OPTION_ARG_STRING, &view_text, NULL, N_("NAME") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Output file; the format comes from its extension (.png, .svg, .pdf)"), N_("FILE") },
    { "width", 0, 0, G_OPTION_ARG_STRING, &width_text,
      N_("Width in pixels (PNG at scale 1) or points (SVG, PDF), 16 … 20000 (default 1600)"),
      N_("W") },
    { "height", 0, 0, G_OPTION_ARG_STRING, &height_text,
      N_("Height, 16 … 20000 (default 1000)"), N_("H") },
    { "scale", 0, 0, G_OPTION_ARG_STRING, &scale_text,
      N_("PNG pixels per unit, 0.25 … 8 (default 1); ignored by SVG and PDF"), N_("N") },
    { "theme", 0, 0, G_OPTION_ARG_STRING, &theme_text,
      N_("light, dark or print (default print)"), N_("THEME") },
    { "no-caption", 0, 0, G_OPTION_ARG_NONE, &no_caption,
      N_("Leave out the title and key numbers"), NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print what was written as one JSON object"),
      NULL },
    G_OPTION_ENTRY_NULL
  };

  /* Translators: help of --view, then the names of the views */
  entries[0].description = view_help = g_strdup_printf (_("The view: %s"), names);
  if (!cli_parse_options ("export",
                          _("Export a view as PNG, SVG or PDF, drawn by the same code as the app."),
                          _("Parameters default to the app's defaults. The file is written to a "
                            "temporary file and renamed:\non any error nothing is written."),
                          cli_param_options_get_entries (param_options), entries, argc, argv,
                          error))
    return CLI_EXIT_USAGE;

  dpv_params_init (&params);
  if (view_text == NULL)
    {
      /* Translators: the names of the views follow */
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE, _("--view is required (%s)"), names);
      return CLI_EXIT_USAGE;
    }
  view = dpv_registry_lookup (view_text);
  if (view == NULL)
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE, _("unknown view “%s” (expected %s)"),
                   view_text, names);
      return CLI_EXIT_USAGE;
    }
  if (output == NULL || *output == '\0')
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE, _("--output is required"));
      return CLI_EXIT_USAGE;
    }
  if (!dpv_format_from_filename (output, &format))
    {
      g_autofree char *display = dpv_display_filename (output);

      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("cannot tell the format of “%s”: use a .png, .svg or .pdf file name"),
                   display);
      return CLI_EXIT_USAGE;
    }
  if (theme_text != NULL && !dpv_theme_from_name (theme_text, &theme))
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("unknown theme “%s” (expected light, dark or print)"), theme_text);
      return CLI_EXIT_USAGE;
    }
  if (!cli_param_options_apply (param_options, &params, error)
      || !cli_parse_double ("--width", width_text, 16, 20000, &width, error)
      || !cli_parse_double ("--height", height_text, 16, 20000, &height, error)
      || !cli_parse_double ("--scale", scale_text, 0.25, 8, &scale, error))
    return CLI_EXIT_USAGE;
  params.show_caption = !no_caption;
  if (!dpv_params_validate (&params, &local_error))
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE, local_error->message);
      return CLI_EXIT_USAGE;
    }
  if (format == DPV_FORMAT_PNG)
    {
      double w = ceil (width * scale), h = ceil (height * scale);

      /* The limits of dpv_export_to_bytes (), checked here to refuse before drawing. */
      if (w > DPV_EXPORT_PNG_SIDE_MAX || h > DPV_EXPORT_PNG_SIDE_MAX
          || w * h > DPV_EXPORT_PNG_PIXELS_MAX)
        {
          g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                       _("a PNG of %.0f × %.0f pixels is too large (at most %.0f a side and "
                         "%.0f million pixels)"), w, h, DPV_EXPORT_PNG_SIDE_MAX,
                       DPV_EXPORT_PNG_PIXELS_MAX / 1e6);
          return CLI_EXIT_USAGE;
        }
    }

  dpv_style_init (&style, theme);
  file = g_file_new_for_commandline_arg (output);
  frame = dpv_frame_compute (view, &params, NULL, NULL, NULL);
  if (!dpv_figure_export_to_file (frame, &style, format, file, width, height, scale,
                                  &local_error))
    {
      /* libdpplot's message names the file and the reason. */
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE, local_error->message);
      return CLI_EXIT_USAGE;
    }

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autofree char *path = g_file_get_path (file);
      g_autofree char *uri = g_file_get_uri (file);

      json_builder_begin_object (b);
      /* A name that is not UTF-8 shows U+FFFD for its stray bytes; the URI, whose bytes are
       * percent-encoded, names the file exactly. */
      json_builder_set_member_name (b, "output");
      json_builder_add_string_value (b, path != NULL ? path : output);
      json_builder_set_member_name (b, "output_uri");
      json_builder_add_string_value (b, uri);
      json_builder_set_member_name (b, "view");
      json_builder_add_string_value (b, view->name);
      json_builder_set_member_name (b, "format");
      json_builder_add_string_value (b, format_names[format]);
      cli_json_add_double (b, "width", width);
      cli_json_add_double (b, "height", height);
      cli_json_add_double (b, "scale", format == DPV_FORMAT_PNG ? scale : 1.0);
      json_builder_set_member_name (b, "theme");
      json_builder_add_string_value (b, dpv_theme_to_name (theme));
      json_builder_set_member_name (b, "mechanism");
      json_builder_add_string_value (b, dp_mechanism_kind_to_name (params.mechanism));
      cli_json_add_double (b, "epsilon", params.epsilon);
      cli_json_add_double (b, "delta", params.delta);
      cli_json_add_double (b, "sensitivity", params.sensitivity);
      json_builder_set_member_name (b, "k");
      json_builder_add_int_value (b, (gint64) params.k);
      json_builder_set_member_name (b, "caption");
      json_builder_add_boolean_value (b, params.show_caption);
      json_builder_end_object (b);
      cli_json_print (b);
    }
  else
    {
      g_autofree char *display = dpv_display_filename (output);

      if (format == DPV_FORMAT_PNG)
        printf (_("Wrote %s (PNG, %.0f × %.0f pixels)\n"), display, ceil (width * scale),
                ceil (height * scale));
      else
        printf (_("Wrote %s (%s, %g × %g points)\n"), display,
                format == DPV_FORMAT_SVG ? "SVG" : "PDF", width, height);
    }
  return CLI_EXIT_OK;
}
