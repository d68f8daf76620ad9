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
#include "dpv-figure-data.h"
#include "dpv-registry.h"
#include "dpviz-cli-common.h"
#include "dpviz-lesson-export.h"

static const char *const format_names[] = { "png", "svg", "pdf" };


/* The figure's size, font and resolution from the options: in physical units (points) when a
 * preset or a size in cm or in is given, else in the historical units (PNG pixels at scale 1,
 * points in SVG and PDF). */
typedef struct {
  char *preset, *width_cm, *height_cm, *width_in, *height_in, *font_pt, *dpi;
  char *width, *height, *scale;
  gboolean transparent, grayscale;
} SizeOptions;

typedef struct {
  const DpvExportPreset *preset;   /* NULL: none */
  gboolean physical;
  double width, height;            /* user units: points when physical */
  double scale;                    /* PNG pixels per unit */
  double dpi;                      /* written into a PNG; 0: none */
  double font_pt;                  /* 0: the theme's */
  gboolean fit_height;             /* a preset's fit_height, and no height given: */
  double max_height;               /* the figure is as tall as its panels need, up to this */
} Size;

static void
size_options_clear (SizeOptions *o)
{
  g_free (o->preset);
  g_free (o->width_cm);
  g_free (o->height_cm);
  g_free (o->width_in);
  g_free (o->height_in);
  g_free (o->font_pt);
  g_free (o->dpi);
  g_free (o->width);
  g_free (o->height);
  g_free (o->scale);
}

/* Aspect of a custom physical size given by one side only: the default figure's 16:10. */
#define CUSTOM_ASPECT 0.625
/* A custom physical size: text and resolution of a print figure. */
#define CUSTOM_FONT_PT 10.0
#define CUSTOM_DPI 300.0

static gboolean
side_length (const char *cm_opt, const char *cm_text, const char *in_opt, const char *in_text,
             double *pt, gboolean *given, GError **error)
{
  double v = 0;

  *given = FALSE;
  if (cm_text != NULL && in_text != NULL)
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE, _("give %s or %s, not both"), cm_opt,
                   in_opt);
      return FALSE;
    }
  if (cm_text != NULL)
    {
      /* 16 … 20000 points */
      if (!cli_parse_double (cm_opt, cm_text, 0.6, 700, &v, error))
        return FALSE;
      *pt = v * DPV_PT_PER_CM;
      *given = TRUE;
    }
  else if (in_text != NULL)
    {
      if (!cli_parse_double (in_opt, in_text, 0.25, 275, &v, error))
        return FALSE;
      *pt = v * DPV_PT_PER_IN;
      *given = TRUE;
    }
  return TRUE;
}

static gboolean
resolve_size (const SizeOptions *o, DpvFormat format, Size *size, GError **error)
{
  gboolean have_w = FALSE, have_h = FALSE;
  double w = 0, h = 0;

  memset (size, 0, sizeof *size);
  size->width = 1600;
  size->height = 1000;
  size->scale = 1;
  if (o->preset != NULL)
    {
      size->preset = dpv_export_preset_lookup (o->preset);
      if (size->preset == NULL)
        {
          g_autofree char *names = dpv_export_preset_names ();

          g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE, _("unknown preset “%s” (expected %s)"),
                       o->preset, names);
          return FALSE;
        }
    }
  if (!side_length ("--width-cm", o->width_cm, "--width-in", o->width_in, &w, &have_w, error)
      || !side_length ("--height-cm", o->height_cm, "--height-in", o->height_in, &h, &have_h,
                       error))
    return FALSE;
  size->physical = size->preset != NULL || have_w || have_h;
  if (size->physical)
    {
      if (o->width != NULL || o->height != NULL)
        {
          g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                               _("--width and --height do not go with --preset or a size in cm "
                                 "or in"));
          return FALSE;
        }
      if (o->scale != NULL)
        {
          g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                               _("--scale does not go with --preset or a size in cm or in: use "
                                 "--dpi"));
          return FALSE;
        }
      if (size->preset != NULL)
        {
          size->width = size->preset->width_cm * DPV_PT_PER_CM;
          size->height = size->preset->height_cm * DPV_PT_PER_CM;
          size->font_pt = size->preset->font_pt;
          size->dpi = size->preset->dpi;
        }
      else
        {
          size->width = have_w ? w : h / CUSTOM_ASPECT;
          size->height = have_h ? h : w * CUSTOM_ASPECT;
          size->font_pt = CUSTOM_FONT_PT;
          size->dpi = CUSTOM_DPI;
        }
      if (have_w)
        size->width = w;
      if (have_h)
        size->height = h;
      /* lecture notes: the column's width, a height from the preset's up */
      size->fit_height = size->preset != NULL && size->preset->fit_height && !have_h;
      if (size->width < 16 || size->width > 20000 || size->height < 16 || size->height > 20000)
        {
          g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                       _("the figure would be %.1f × %.1f cm: each side must be between %.2f "
                         "and %.0f cm"), size->width / DPV_PT_PER_CM,
                       size->height / DPV_PT_PER_CM, 16 / DPV_PT_PER_CM, 20000 / DPV_PT_PER_CM);
          return FALSE;
        }
    }
  else if (!cli_parse_double ("--width", o->width, 16, 20000, &size->width, error)
           || !cli_parse_double ("--height", o->height, 16, 20000, &size->height, error)
           || !cli_parse_double ("--scale", o->scale, 0.25, 8, &size->scale, error))
    return FALSE;

  if (o->dpi != NULL)
    {
      if (o->scale != NULL)
        {
          g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                               _("give --dpi or --scale, not both"));
          return FALSE;
        }
      /* scale dpi/72 within 0.25 … 8 */
      if (!cli_parse_double ("--dpi", o->dpi, 18, 576, &size->dpi, error))
        return FALSE;
    }
  if (size->dpi > 0)
    size->scale = size->dpi / DPV_PT_PER_IN;
  if (o->font_pt != NULL && !cli_parse_double ("--font-pt", o->font_pt, 4, 72, &size->font_pt,
                                               error))
    return FALSE;
  if (size->fit_height)
    size->max_height = dpv_export_fit_height_max (format, size->width, size->height,
                                                  size->scale);

  if (format == DPV_FORMAT_PNG)
    {
      double pw = ceil (size->width * size->scale - 1e-9);
      double ph = ceil (size->height * size->scale - 1e-9);

      /* the limits of dpv_export_to_bytes (), checked here to refuse before drawing */
      if (pw > DPV_EXPORT_PNG_SIDE_MAX || ph > DPV_EXPORT_PNG_SIDE_MAX
          || pw * ph > DPV_EXPORT_PNG_PIXELS_MAX)
        {
          g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                       _("a PNG of %.0f × %.0f pixels is too large (at most %.0f a side and "
                         "%.0f million pixels)"), pw, ph, DPV_EXPORT_PNG_SIDE_MAX,
                       DPV_EXPORT_PNG_PIXELS_MAX / 1e6);
          return FALSE;
        }
    }
  return TRUE;
}

static void
size_style (const Size *size, const SizeOptions *o, DpvTheme theme, DpvStyle *style)
{
  dpv_style_init (style, theme);
  if (size->physical)
    dpv_style_set_font_pt (style, size->font_pt);
  else if (size->font_pt > 0)
    style->font_size = size->font_pt;
  if (o->grayscale)
    dpv_style_set_grayscale (style);
  if (o->transparent)
    dpv_style_set_transparent (style);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (SizeOptions, size_options_clear)

static GOptionEntry *
size_entries (SizeOptions *o)
{
  GOptionEntry entries[] = {
    { "preset", 0, 0, G_OPTION_ARG_STRING, &o->preset,
      N_("A size for lecture notes or slides: slide, latex-column, latex-text or a4"),
      N_("NAME") },
    { "width-cm", 0, 0, G_OPTION_ARG_STRING, &o->width_cm,
      N_("Width in centimetres (sizes in cm or in are physical: SVG and PDF in points)"),
      N_("CM") },
    { "height-cm", 0, 0, G_OPTION_ARG_STRING, &o->height_cm, N_("Height in centimetres"),
      N_("CM") },
    { "width-in", 0, 0, G_OPTION_ARG_STRING, &o->width_in, N_("Width in inches"), N_("IN") },
    { "height-in", 0, 0, G_OPTION_ARG_STRING, &o->height_in, N_("Height in inches"), N_("IN") },
    { "font-pt", 0, 0, G_OPTION_ARG_STRING, &o->font_pt,
      N_("Size of the figure’s text in points, 4 … 72 (presets choose one)"), N_("PT") },
    { "dpi", 0, 0, G_OPTION_ARG_STRING, &o->dpi,
      N_("PNG resolution in dots per inch, 18 … 576, written into the file (print presets: "
         "300)"), N_("DPI") },
    { "transparent", 0, 0, G_OPTION_ARG_NONE, &o->transparent,
      N_("Transparent background"), NULL },
    { "grayscale", 0, 0, G_OPTION_ARG_NONE, &o->grayscale,
      N_("Gray only: dash patterns tell the curves apart"), NULL },
    { "width", 0, 0, G_OPTION_ARG_STRING, &o->width,
      N_("Width in pixels (PNG at scale 1) or points (SVG, PDF), 16 … 20000 (default 1600)"),
      N_("W") },
    { "height", 0, 0, G_OPTION_ARG_STRING, &o->height,
      N_("Height, 16 … 20000 (default 1000)"), N_("H") },
    { "scale", 0, 0, G_OPTION_ARG_STRING, &o->scale,
      N_("PNG pixels per unit, 0.25 … 8 (default 1); ignored by SVG and PDF"), N_("N") },
    G_OPTION_ENTRY_NULL
  };

  return g_memdup2 (entries, sizeof entries);
}

static void
add_size_json (JsonBuilder *b, const Size *size, const SizeOptions *o, DpvFormat format,
               DpvTheme theme, const DpvStyle *style)
{
  cli_json_add_double (b, "width", size->width);
  cli_json_add_double (b, "height", size->height);
  cli_json_add_double (b, "scale", format == DPV_FORMAT_PNG ? size->scale : 1.0);
  json_builder_set_member_name (b, "theme");
  json_builder_add_string_value (b, dpv_theme_to_name (theme));
  json_builder_set_member_name (b, "preset");
  if (size->preset != NULL)
    json_builder_add_string_value (b, size->preset->name);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "units");
  json_builder_add_string_value (b, size->physical ? "pt" : "px");
  if (size->physical)
    {
      cli_json_add_double (b, "width_cm", size->width / DPV_PT_PER_CM);
      cli_json_add_double (b, "height_cm", size->height / DPV_PT_PER_CM);
    }
  cli_json_add_double (b, "font_pt", style->font_size);
  if (format == DPV_FORMAT_PNG && size->dpi > 0)
    cli_json_add_double (b, "dpi", size->dpi);
  else
    {
      json_builder_set_member_name (b, "dpi");
      json_builder_add_null_value (b);
    }
  json_builder_set_member_name (b, "transparent");
  json_builder_add_boolean_value (b, o->transparent);
  json_builder_set_member_name (b, "grayscale");
  json_builder_add_boolean_value (b, o->grayscale);
}

static void
print_written (const char *output, DpvFormat format, const Size *size)
{
  g_autofree char *display = dpv_display_filename (output);

  if (format == DPV_FORMAT_PNG && size->dpi > 0)
    printf (_("Wrote %s (PNG, %.0f × %.0f pixels at %g dpi)\n"), display,
            ceil (size->width * size->scale - 1e-9), ceil (size->height * size->scale - 1e-9),
            size->dpi);
  else if (format == DPV_FORMAT_PNG)
    printf (_("Wrote %s (PNG, %.0f × %.0f pixels)\n"), display,
            ceil (size->width * size->scale - 1e-9), ceil (size->height * size->scale - 1e-9));
  else if (size->physical)
    printf (_("Wrote %s (%s, %.2f × %.2f cm)\n"), display,
            format == DPV_FORMAT_SVG ? "SVG" : "PDF", size->width / DPV_PT_PER_CM,
            size->height / DPV_PT_PER_CM);
  else
    printf (_("Wrote %s (%s, %g × %g points)\n"), display,
            format == DPV_FORMAT_SVG ? "SVG" : "PDF", size->width, size->height);
}

static gboolean
format_from_name (const char *name, DpvFormat *format)
{
  for (guint i = 0; i < G_N_ELEMENTS (format_names); i++)
    if (g_ascii_strcasecmp (name, format_names[i]) == 0)
      {
        *format = (DpvFormat) i;
        return TRUE;
      }
  return FALSE;
}

/* `export --lesson`: one figure per step into a folder (dpviz-lesson-export.h), every step
 * with the same size, theme and options. */
static int
export_lesson (const char *lesson_path, const char *dir_path, DpvFormat format,
               const SizeOptions *so, DpvTheme theme, gboolean no_caption, gboolean with_data,
               gboolean json, GError **error)
{
  g_autoptr(GFile) lesson_file = g_file_new_for_commandline_arg (lesson_path);
  g_autoptr(GFile) dir = g_file_new_for_commandline_arg (dir_path);
  g_autoptr(DpvizLesson) lesson = NULL;
  g_autoptr(DpvizLessonExportPlan) plan = NULL;
  g_autoptr(GPtrArray) written = NULL;
  g_autoptr(GError) local_error = NULL;
  DpvizLessonExportOptions o = { 0 };
  Size size;
  guint per_step = with_data ? 2 : 1;

  if (!resolve_size (so, format, &size, error))
    return CLI_EXIT_USAGE;
  lesson = dpviz_lesson_load (lesson_file, &local_error);
  if (lesson == NULL)
    {
      g_autofree char *display = dpv_display_filename (lesson_path);

      /* Translators: a lesson file, then why it cannot be read */
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE, _("%s: %s"), display,
                   local_error->message);
      return CLI_EXIT_USAGE;
    }
  plan = dpviz_lesson_export_plan_new (lesson, &local_error);
  if (plan == NULL)
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE, local_error->message);
      return CLI_EXIT_USAGE;
    }
  o.format = format;
  size_style (&size, so, theme, &o.style);
  o.width = size.width;
  o.height = size.height;
  o.max_height = size.max_height;
  o.scale = size.scale;
  o.dpi = size.dpi;
  o.show_caption = !no_caption;
  o.with_data = with_data;
  written = dpviz_lesson_export_plan_run (plan, dir, &o, NULL, NULL, NULL, &local_error);
  if (written == NULL)
    {
      gboolean failed = g_error_matches (local_error, DPVIZ_LESSON_EXPORT_ERROR,
                                         DPVIZ_LESSON_EXPORT_ERROR_RENDER);

      g_set_error_literal (error, CLI_ERROR, failed ? CLI_ERROR_FAILED : CLI_ERROR_USAGE,
                           local_error->message);
      return failed ? CLI_EXIT_FAILED : CLI_EXIT_USAGE;
    }

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autofree char *lesson_abs = g_file_get_path (lesson_file);
      g_autofree char *dir_abs = g_file_get_path (dir);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "lesson");
      json_builder_add_string_value (b, lesson_abs != NULL ? lesson_abs : lesson_path);
      json_builder_set_member_name (b, "output_dir");
      json_builder_add_string_value (b, dir_abs != NULL ? dir_abs : dir_path);
      json_builder_set_member_name (b, "format");
      json_builder_add_string_value (b, format_names[format]);
      add_size_json (b, &size, so, format, theme, &o.style);
      json_builder_set_member_name (b, "caption");
      json_builder_add_boolean_value (b, !no_caption);
      json_builder_set_member_name (b, "files");
      json_builder_begin_array (b);
      for (guint i = 0; i < dpviz_lesson_export_plan_get_n_steps (plan); i++)
        {
          const char *title = dpviz_lesson_export_plan_get_title (plan, i);
          g_autofree char *path = g_file_get_path (g_ptr_array_index (written, i * per_step));

          json_builder_begin_object (b);
          json_builder_set_member_name (b, "step");
          json_builder_add_int_value (b, i + 1);
          json_builder_set_member_name (b, "title");
          if (title != NULL)
            json_builder_add_string_value (b, title);
          else
            json_builder_add_null_value (b);
          json_builder_set_member_name (b, "view");
          json_builder_add_string_value (b, dpviz_lesson_export_plan_get_view_name (plan, i));
          json_builder_set_member_name (b, "output");
          json_builder_add_string_value (b, path);
          if (with_data)
            {
              g_autofree char *data = g_file_get_path (g_ptr_array_index (written,
                                                                          i * per_step + 1));

              json_builder_set_member_name (b, "data");
              json_builder_add_string_value (b, data);
            }
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
      cli_json_print (b);
    }
  else
    for (guint i = 0; i < written->len; i++)
      {
        g_autofree char *path = g_file_get_path (g_ptr_array_index (written, i));

        if (with_data && i % 2 == 1)
          {
            g_autofree char *display = dpv_display_filename (path);

            printf (_("Wrote %s (CSV)\n"), display);
          }
        else
          print_written (path, format, &size);
      }
  return CLI_EXIT_OK;
}

int
cli_cmd_export (int argc, char **argv, GError **error)
{
  g_autofree char *view_text = NULL, *output = NULL, *theme_text = NULL, *data_path = NULL;
  g_autofree char *lesson_path = NULL, *output_dir = NULL, *format_text = NULL;
  g_autofree char *view_help = NULL, *names = dpv_registry_names_text ();
  g_autoptr(CliParamOptions) param_options = cli_param_options_new ();
  g_auto(SizeOptions) so = { 0 };
  g_autofree GOptionEntry *sizes = size_entries (&so);
  g_autoptr(DpvFrame) frame = NULL;
  g_autoptr(GBytes) figure_bytes = NULL;
  g_autoptr(GBytes) data_bytes = NULL;
  gboolean no_caption = FALSE, json = FALSE, with_data = FALSE;
  const DpvViewClass *view;
  DpvParams params;
  DpvStyle style;
  DpvTheme theme = DPV_THEME_PRINT;
  DpvFormat format = DPV_FORMAT_PNG;
  Size size;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFile) data_file = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GArray) all = g_array_new (TRUE, TRUE, sizeof (GOptionEntry));
  GOptionEntry entries[] = {
    { "view", 0, 0, G_OPTION_ARG_STRING, &view_text, NULL, N_("NAME") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Output file; the format comes from its extension (.png, .svg, .pdf)"), N_("FILE") },
    { "data", 0, 0, G_OPTION_ARG_FILENAME, &data_path,
      N_("Also (or only) write the series behind the figure as CSV"), N_("FILE.csv") },
    { "theme", 0, 0, G_OPTION_ARG_STRING, &theme_text,
      N_("light, dark or print (default print)"), N_("THEME") },
    { "no-caption", 0, 0, G_OPTION_ARG_NONE, &no_caption,
      N_("Leave out the title and key numbers"), NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print what was written as one JSON object"),
      NULL },
    { "lesson", 0, 0, G_OPTION_ARG_FILENAME, &lesson_path,
      N_("Export every step of a lesson, one figure per step, into --output-dir"),
      N_("FILE.dpviz") },
    { "output-dir", 0, 0, G_OPTION_ARG_FILENAME, &output_dir,
      N_("With --lesson: the folder for the figures, NN-title.ext (created if missing; files "
         "of these names are replaced)"), N_("DIR") },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format_text,
      N_("With --lesson: png, svg or pdf (default pdf)"), N_("FORMAT") },
    { "with-data", 0, 0, G_OPTION_ARG_NONE, &with_data,
      N_("With --lesson: also write each figure’s series as NN-title.csv"), NULL },
    G_OPTION_ENTRY_NULL
  };

  /* Translators: help of --view, then the names of the views */
  entries[0].description = view_help = g_strdup_printf (_("The view: %s"), names);
  g_array_append_vals (all, entries, G_N_ELEMENTS (entries) - 1);
  for (GOptionEntry *e = sizes; e->long_name != NULL; e++)
    g_array_append_vals (all, e, 1);
  if (!cli_parse_options ("export",
                          _("Export a view as PNG, SVG or PDF, drawn by the same code as the app."),
                          _("Parameters default to the app's defaults. The file is written to a "
                            "temporary file and renamed:\non any error nothing is written.\n\n"
                            "--lesson FILE.dpviz --output-dir DIR writes one figure per step, "
                            "NN-title.ext, with the\nsame size options for all; every step is "
                            "drawn before any file is written."),
                          cli_param_options_get_entries (param_options),
                          (GOptionEntry *) all->data, argc, argv, error))
    return CLI_EXIT_USAGE;

  if (theme_text != NULL && !dpv_theme_from_name (theme_text, &theme))
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("unknown theme “%s” (expected light, dark or print)"), theme_text);
      return CLI_EXIT_USAGE;
    }
  if (lesson_path != NULL || output_dir != NULL)
    {
      const char *given = cli_param_options_first_given (param_options);
      const char *refused = output != NULL ? "--output" : view_text != NULL ? "--view"
                            : data_path != NULL ? "--data" : NULL;
      g_autofree char *param_opt = given != NULL ? g_strconcat ("--", given, NULL) : NULL;

      if (lesson_path == NULL || output_dir == NULL)
        {
          g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                               _("--lesson and --output-dir go together"));
          return CLI_EXIT_USAGE;
        }
      if (*lesson_path == '\0' || *output_dir == '\0')
        {
          /* Translators: an option, --lesson or --output-dir */
          g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE, _("%s needs a name, not an empty one"),
                       *lesson_path == '\0' ? "--lesson" : "--output-dir");
          return CLI_EXIT_USAGE;
        }
      if (refused != NULL || param_opt != NULL)
        {
          /* Translators: an option such as --view; the lesson gives the view and parameters */
          g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                       _("%s does not go with --lesson: the lesson’s steps give the views and "
                         "parameters"), refused != NULL ? refused : param_opt);
          return CLI_EXIT_USAGE;
        }
      if (format_text != NULL && !format_from_name (format_text, &format))
        {
          g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                       _("unknown format “%s” (expected png, svg or pdf)"), format_text);
          return CLI_EXIT_USAGE;
        }
      if (format_text == NULL)
        format = DPV_FORMAT_PDF;
      return export_lesson (lesson_path, output_dir, format, &so, theme, no_caption,
                            with_data, json, error);
    }
  if (format_text != NULL || with_data)
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("%s goes with --lesson (a single figure’s format comes from --output)"),
                   format_text != NULL ? "--format" : "--with-data");
      return CLI_EXIT_USAGE;
    }
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
  if ((output == NULL || *output == '\0') && (data_path == NULL || *data_path == '\0'))
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                           _("--output or --data is required"));
      return CLI_EXIT_USAGE;
    }
  if (output != NULL && !dpv_format_from_filename (output, &format))
    {
      g_autofree char *display = dpv_display_filename (output);

      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("cannot tell the format of “%s”: use a .png, .svg or .pdf file name"),
                   display);
      return CLI_EXIT_USAGE;
    }
  if (output != NULL && data_path != NULL)
    {
      g_autoptr(GFile) a = g_file_new_for_commandline_arg (output);
      g_autoptr(GFile) b = g_file_new_for_commandline_arg (data_path);

      if (g_file_equal (a, b))
        {
          g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                               _("--output and --data name the same file"));
          return CLI_EXIT_USAGE;
        }
    }
  if (!cli_param_options_apply (param_options, &params, error)
      || !resolve_size (&so, format, &size, error))
    return CLI_EXIT_USAGE;
  params.show_caption = !no_caption;
  if (!dpv_params_validate (&params, &local_error))
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE, local_error->message);
      return CLI_EXIT_USAGE;
    }

  size_style (&size, &so, theme, &style);
  frame = dpv_frame_compute (view, &params, NULL, NULL, NULL);
  if (size.max_height > size.height)
    size.height = dpv_figure_fit_height (frame, &style, size.width, size.height,
                                         size.max_height, size.scale);
  /* Both files are drawn before either is written: a figure that cannot be drawn leaves
   * no data file behind, and the other way round. */
  if (output != NULL)
    {
      figure_bytes = dpv_figure_export_to_bytes_full (frame, &style, format, size.width,
                                                      size.height, size.scale, size.dpi,
                                                      &local_error);
      if (figure_bytes == NULL)
        {
          g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE, local_error->message);
          return CLI_EXIT_USAGE;
        }
      file = g_file_new_for_commandline_arg (output);
    }
  if (data_path != NULL)
    {
      g_autoptr(GPtrArray) series = dpv_figure_series (frame, &style, size.width, size.height,
                                                       &local_error);
      char *csv;

      if (series == NULL)
        {
          g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE, local_error->message);
          return CLI_EXIT_USAGE;
        }
      csv = dpv_series_to_csv (series);
      data_bytes = g_bytes_new_take (csv, strlen (csv));
      data_file = g_file_new_for_commandline_arg (data_path);
    }
  {
    /* the data first: when the figure then cannot be written, a data file this run created
     * is removed again (one that was there before has been replaced, atomically) */
    gboolean data_new = data_file != NULL && !g_file_query_exists (data_file, NULL);

    if ((data_file != NULL && !dpv_export_write_bytes (data_bytes, data_file, &local_error))
        || (file != NULL && !dpv_export_write_bytes (figure_bytes, file, &local_error)))
      {
        if (data_new && file != NULL)
          g_file_delete (data_file, NULL, NULL);
        /* libdpplot's message names the file and the reason. */
        g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE, local_error->message);
        return CLI_EXIT_USAGE;
      }
  }

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      if (file != NULL)
        {
          g_autofree char *path = g_file_get_path (file);

          json_builder_set_member_name (b, "output");
          g_autofree char *uri = g_file_get_uri (file);

          /* A name that is not UTF-8 shows U+FFFD for its stray bytes; the URI, whose bytes
           * are percent-encoded, names the file exactly. */
          json_builder_add_string_value (b, path != NULL ? path : output);
          json_builder_set_member_name (b, "output_uri");
          json_builder_add_string_value (b, uri);
          json_builder_set_member_name (b, "format");
          json_builder_add_string_value (b, format_names[format]);
        }
      if (data_file != NULL)
        {
          g_autofree char *path = g_file_get_path (data_file);

          json_builder_set_member_name (b, "data");
          json_builder_add_string_value (b, path != NULL ? path : data_path);
        }
      json_builder_set_member_name (b, "view");
      json_builder_add_string_value (b, view->name);
      add_size_json (b, &size, &so, format, theme, &style);
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
      if (file != NULL)
        print_written (output, format, &size);
      if (data_file != NULL)
        {
          g_autofree char *display = dpv_display_filename (data_path);

          printf (_("Wrote %s (CSV)\n"), display);
        }
    }
  return CLI_EXIT_OK;
}
