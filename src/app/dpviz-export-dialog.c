/* dpviz-export-dialog.c — export the current view (PNG/SVG/PDF) and copy it as an image
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The dialog collects format, size, scale, theme and caption (defaults and last choices from
 * GSettings), then asks for a file with GtkFileChooserNative. The figure is rendered and written
 * by dpv_export_to_file (temporary file + rename: never a partial file) in a worker thread, and
 * a toast reports the outcome: the file name on success, the reason on failure.
 */
#include "config.h"

#include "dpviz-export-dialog-private.h"
#include "dpv-figure.h"
#include "dpv-figure-data.h"
#include "dpviz-lesson-export.h"
#include "dpviz-resources.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#define EXPORT_DIALOG_RESOURCE RESOURCE_PREFIX "/dpviz-export-dialog.ui"
/* A progress toast appears only for exports slower than this (a 3200 × 2000 PNG takes about
 * 0.3–0.4 s here: no flicker for the usual sizes). */
#define PROGRESS_DELAY_MS 600

/* ---- options ---- */

const char *
dpviz_export_format_extension (DpvFormat format)
{
  switch (format)
    {
    case DPV_FORMAT_PNG:
      return "png";
    case DPV_FORMAT_SVG:
      return "svg";
    case DPV_FORMAT_PDF:
      return "pdf";
    default:
      g_return_val_if_reached ("png");
    }
}

static gboolean
format_from_name (const char *name, DpvFormat *out)
{
  for (int f = DPV_FORMAT_PNG; f <= DPV_FORMAT_PDF; f++)
    if (g_strcmp0 (name, dpviz_export_format_extension ((DpvFormat) f)) == 0)
      {
        *out = (DpvFormat) f;
        return TRUE;
      }
  return FALSE;
}

void
dpviz_export_options_load (DpvizExportOptions *options, GSettings *settings)
{
  g_autofree char *format = NULL;
  g_autofree char *theme = NULL;

  g_return_if_fail (options != NULL);
  g_return_if_fail (settings == NULL || G_IS_SETTINGS (settings));

  /* The schema's defaults (data/dpviz.gschema.xml.in). */
  options->pins = NULL;
  options->format = DPV_FORMAT_PNG;
  options->width = 1600;
  options->height = 1000;
  options->scale = 2.0;
  options->theme = DPV_THEME_PRINT;
  options->caption = TRUE;
  options->preset = NULL;
  options->dpi = 300.0;
  options->transparent = FALSE;
  options->grayscale = FALSE;
  options->data = FALSE;
  if (settings == NULL)
    return;

  format = g_settings_get_string (settings, "export-format");
  theme = g_settings_get_string (settings, "export-theme");
  if (!format_from_name (format, &options->format))
    options->format = DPV_FORMAT_PNG;
  if (!dpv_theme_from_name (theme, &options->theme))
    options->theme = DPV_THEME_PRINT;
  options->width = g_settings_get_int (settings, "export-width");
  options->height = g_settings_get_int (settings, "export-height");
  options->scale = g_settings_get_double (settings, "export-scale");
  options->caption = g_settings_get_boolean (settings, "export-caption");
  {
    g_autofree char *preset = g_settings_get_string (settings, "export-preset");

    options->preset = dpv_export_preset_lookup (preset);
  }
  options->dpi = g_settings_get_double (settings, "export-dpi");
  options->transparent = g_settings_get_boolean (settings, "export-transparent");
  options->grayscale = g_settings_get_boolean (settings, "export-grayscale");
  options->data = g_settings_get_boolean (settings, "export-data");
}

void
dpviz_export_options_save (const DpvizExportOptions *options, GSettings *settings)
{
  g_return_if_fail (options != NULL);

  if (settings == NULL)
    return;
  g_settings_delay (settings);
  g_settings_set_string (settings, "export-format",
                         dpviz_export_format_extension (options->format));
  g_settings_set_int (settings, "export-width", options->width);
  g_settings_set_int (settings, "export-height", options->height);
  g_settings_set_double (settings, "export-scale", options->scale);
  g_settings_set_string (settings, "export-theme", dpv_theme_to_name (options->theme));
  g_settings_set_boolean (settings, "export-caption", options->caption);
  g_settings_set_string (settings, "export-preset",
                         options->preset != NULL ? options->preset->name : "");
  if (options->dpi >= 72 && options->dpi <= 576)
    g_settings_set_double (settings, "export-dpi", options->dpi);
  g_settings_set_boolean (settings, "export-transparent", options->transparent);
  g_settings_set_boolean (settings, "export-grayscale", options->grayscale);
  g_settings_set_boolean (settings, "export-data", options->data);
  g_settings_apply (settings);
}

void
dpviz_export_options_get_size (const DpvizExportOptions *options, double *width,
                               double *height, double *scale)
{
  g_return_if_fail (options != NULL);

  if (options->preset != NULL)
    {
      *width = options->preset->width_cm * DPV_PT_PER_CM;
      *height = options->preset->height_cm * DPV_PT_PER_CM;
      *scale = (options->dpi > 0 ? options->dpi : options->preset->dpi) / DPV_PT_PER_IN;
    }
  else
    {
      *width = options->width;
      *height = options->height;
      *scale = options->scale;
    }
}

void
dpviz_export_options_get_style (const DpvizExportOptions *options, DpvStyle *style)
{
  g_return_if_fail (options != NULL && style != NULL);

  dpv_style_init (style, options->theme);
  if (options->preset != NULL)
    dpv_style_set_font_pt (style, options->preset->font_pt);
  if (options->grayscale)
    dpv_style_set_grayscale (style);
  if (options->transparent)
    dpv_style_set_transparent (style);
}

GFile *
dpviz_export_data_file (GFile *figure)
{
  g_autofree char *basename = g_file_get_basename (figure);
  g_autoptr (GFile) parent = g_file_get_parent (figure);
  g_autofree char *name = NULL;
  char *dot;

  g_return_val_if_fail (basename != NULL && parent != NULL, NULL);

  dot = strrchr (basename, '.');
  if (dot != NULL && dot != basename)
    *dot = '\0';
  name = g_strconcat (basename, ".csv", NULL);
  return g_file_get_child (parent, name);
}

static void
png_pixels (const DpvizExportOptions *options, double *width, double *height)
{
  double w, h, scale;

  dpviz_export_options_get_size (options, &w, &h, &scale);
  *width = ceil (w * scale - 1e-9);
  *height = ceil (h * scale - 1e-9);
}

gboolean
dpviz_export_options_check (const DpvizExportOptions *options, GError **error)
{
  double w, h;

  g_return_val_if_fail (options != NULL, FALSE);

  if (options->format != DPV_FORMAT_PNG)
    return TRUE;
  png_pixels (options, &w, &h);
  if (w > DPVIZ_EXPORT_MAX_PNG_SIDE || h > DPVIZ_EXPORT_MAX_PNG_SIDE)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The image would be %.0f × %.0f pixels; a PNG can have at most %d pixels "
                     "per side. Lower the size or the scale."),
                   w, h, DPVIZ_EXPORT_MAX_PNG_SIDE);
      return FALSE;
    }
  if (w * h > DPVIZ_EXPORT_MAX_PNG_PIXELS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The image would be %.0f × %.0f pixels, more than %.0f million. Lower the "
                     "size or the scale, or export SVG or PDF."),
                   w, h, floor (DPVIZ_EXPORT_MAX_PNG_PIXELS / 1e6));
      return FALSE;
    }
  return TRUE;
}

char *
dpviz_export_suggest_name (guint view, DpMechanismKind mechanism, DpvFormat format)
{
  return g_strdup_printf ("%s-%s.%s", dpv_registry_get (view)->name,
                          dp_mechanism_kind_to_name (mechanism),
                          dpviz_export_format_extension (format));
}

GFile *
dpviz_export_resolve_file (GFile *chosen, DpvFormat selected, DpvFormat *out_format)
{
  g_autofree char *basename = NULL;
  g_autofree char *with_extension = NULL;
  g_autoptr (GFile) parent = NULL;

  g_return_val_if_fail (G_IS_FILE (chosen), NULL);
  g_return_val_if_fail (out_format != NULL, NULL);

  basename = g_file_get_basename (chosen);
  if (basename != NULL && dpv_format_from_filename (basename, out_format))
    return g_object_ref (chosen);

  *out_format = selected;
  parent = g_file_get_parent (chosen);
  if (basename == NULL || parent == NULL)
    return g_object_ref (chosen);
  with_extension = g_strconcat (basename, ".", dpviz_export_format_extension (selected), NULL);
  return g_file_get_child (parent, with_extension);
}

/* ---- reporting ---- */

static char *
display_name (GFile *file)
{
  g_autofree char *basename = g_file_get_basename (file);

  if (basename == NULL)
    return g_file_get_parse_name (file);
  return g_filename_display_name (basename);
}

static void
open_exported_file (AdwToast *toast, const char *uri)
{
  g_app_info_launch_default_for_uri_async (uri, NULL, NULL, NULL, NULL);
}

AdwToast *
dpviz_export_report (AdwToastOverlay *toasts, GFile *file, const GError *error)
{
  g_autofree char *name = NULL;
  AdwToast *previous;
  AdwToast *toast;

  g_return_val_if_fail (ADW_IS_TOAST_OVERLAY (toasts), NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);

  name = display_name (file);
  if (error == NULL)
    {
      g_autofree char *title = NULL;

      /* Toast titles are Pango markup: escape the file name. */
      title = g_markup_printf_escaped (_("Exported “%s”"), name);
      toast = adw_toast_new (title);
      adw_toast_set_button_label (toast, _("_Open"));
      g_signal_connect_data (toast, "button-clicked", G_CALLBACK (open_exported_file),
                             g_file_get_uri (file), (GClosureNotify) (void (*) (void)) g_free,
                             0);
    }
  else
    {
      g_autofree char *message = NULL;
      g_autofree char *escaped = NULL;
      GtkWidget *label;

      message = g_strdup_printf (_("Could not export “%s”: %s"), name, error->message);
      escaped = g_markup_escape_text (message, -1);
      toast = adw_toast_new (escaped);
      /* A failure stays until dismissed, its reason wrapped in full rather than ellipsized. */
      label = gtk_label_new (message);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 60);
      gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
      gtk_widget_add_css_class (label, "heading");
      adw_toast_set_custom_title (toast, label);
      adw_toast_set_timeout (toast, 0);
      adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
    }
  /* The newest outcome shows at once: an earlier failure (which stays until dismissed) would
   * otherwise hold it in the queue. */
  previous = g_object_get_data (G_OBJECT (toasts), "dpviz-export-toast");
  if (previous != NULL)
    adw_toast_dismiss (previous);
  g_object_set_data_full (G_OBJECT (toasts), "dpviz-export-toast", g_object_ref (toast),
                          g_object_unref);
  adw_toast_overlay_add_toast (toasts, g_object_ref (toast));
  return toast;
}

/* ---- writing ---- */

/* What an export job holds of the window: the toasts, the progress toast and its timer, and
 * the application (kept running until the job ends). */
typedef struct {
  AdwToastOverlay *toasts;
  AdwToast *progress;
  guint progress_id;
  GApplication *app;
} JobUi;

/* Let go on the main thread: the worker's GTask may be finalized on the worker thread (GLib
 * drops the thread's reference after the completion callback may already have run), after
 * the window is gone. */
static void
job_ui_init (JobUi *ui, AdwToastOverlay *toasts, GSourceFunc show_progress, gpointer job)
{
  ui->toasts = g_object_ref (toasts);
  /* the application keeps running until the files are complete */
  ui->app = g_application_get_default ();
  if (ui->app != NULL)
    {
      g_object_ref (ui->app);
      g_application_hold (ui->app);
    }
  /* the progress shows only when the export takes a while */
  ui->progress_id = g_timeout_add (PROGRESS_DELAY_MS, show_progress, job);
}

/* The progress toast goes (or is never shown). */
static void
job_ui_end_progress (JobUi *ui)
{
  g_clear_handle_id (&ui->progress_id, g_source_remove);
  if (ui->progress != NULL)
    adw_toast_dismiss (ui->progress);
  g_clear_object (&ui->progress);
}

static void
job_ui_release (JobUi *ui)
{
  job_ui_end_progress (ui);
  g_clear_object (&ui->toasts);
  if (ui->app != NULL)
    g_application_release (ui->app);
  g_clear_object (&ui->app);
}

typedef struct {
  guint view;
  DpvParams params;
  DpvFrameCache *cache;  /* the window's, or NULL */
  DpvStyle style;
  DpvizExportOptions options;
  GFile *file;
  JobUi ui;
} ExportJob;

static void
export_job_free (ExportJob *job)
{
  job_ui_release (&job->ui);
  g_clear_object (&job->file);
  g_clear_pointer (&job->cache, dpv_frame_cache_unref);
  g_clear_pointer (&job->options.pins, dpv_pins_unref);
  g_free (job);
}

static void
export_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  ExportJob *job = task_data;
  GError *error = NULL;
  g_autoptr(DpvFrame) frame = NULL;
  g_autoptr(GBytes) figure = NULL;
  g_autoptr(GBytes) data = NULL;
  g_autoptr(GFile) data_file = NULL;
  double width, height, scale;

  /* Through the window's cache: what is on screen is not computed again. */
  frame = dpv_frame_compute (dpv_registry_get (job->view), &job->params, job->cache, NULL, NULL);
  dpviz_export_options_get_size (&job->options, &width, &height, &scale);
  /* lecture notes: the column's width, and as tall as the figure's panels need */
  if (job->options.preset != NULL && job->options.preset->fit_height)
    height = dpv_figure_fit_height (frame, &job->style, width, height,
                                    dpv_export_fit_height_max (job->options.format, width,
                                                               height, scale),
                                    scale);
  figure = dpv_figure_export_to_bytes_full (frame, &job->style, job->options.format, width,
                                            height, scale,
                                            job->options.preset != NULL ? scale * DPV_PT_PER_IN
                                                                        : 0.0,
                                            &error);
  if (figure != NULL && job->options.data)
    {
      g_autoptr(GPtrArray) series = dpv_figure_series (frame, &job->style, width, height,
                                                       &error);

      if (series != NULL)
        {
          char *csv = dpv_series_to_csv (series);

          data = g_bytes_new_take (csv, strlen (csv));
          data_file = dpviz_export_data_file (job->file);
        }
    }
  /* both drawn before either is written; the figure last, so that a data file is never left
   * without the figure it belongs to when this run created it */
  if (figure != NULL && (!job->options.data || data != NULL))
    {
      gboolean data_new = data_file != NULL && !g_file_query_exists (data_file, NULL);

      if ((data_file == NULL || dpv_export_write_bytes (data, data_file, &error))
          && dpv_export_write_bytes (figure, job->file, &error))
        {
          g_task_return_boolean (task, TRUE);
          return;
        }
      if (data_new)
        g_file_delete (data_file, NULL, NULL);
    }
  g_task_return_error (task, error);
}

static gboolean
show_progress (gpointer data)
{
  ExportJob *job = data;
  g_autofree char *name = display_name (job->file);
  g_autofree char *title = g_markup_printf_escaped (_("Exporting “%s”…"), name);

  job->ui.progress_id = 0;
  job->ui.progress = adw_toast_new (title);
  adw_toast_set_timeout (job->ui.progress, 0);
  adw_toast_overlay_add_toast (job->ui.toasts, g_object_ref (job->ui.progress));
  return G_SOURCE_REMOVE;
}

static void
export_thread_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (GTask) outer = data;
  ExportJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;
  g_autoptr (AdwToast) toast = NULL;

  job_ui_end_progress (&job->ui);
  if (g_task_propagate_boolean (G_TASK (result), &error))
    {
      toast = dpviz_export_report (job->ui.toasts, job->file, NULL);
      g_task_return_boolean (outer, TRUE);
    }
  else
    {
      toast = dpviz_export_report (job->ui.toasts, job->file, error);
      g_task_return_error (outer, g_steal_pointer (&error));
    }
  job_ui_release (&job->ui);
}

void
dpviz_export_write_async (AdwToastOverlay *toasts, guint view, const DpvParams *params,
                          DpvFrameCache *cache, const DpvizExportOptions *options, GFile *file,
                          GCancellable *cancellable, GAsyncReadyCallback callback,
                          gpointer user_data)
{
  g_autoptr (GTask) worker = NULL;
  GTask *outer;
  ExportJob *job;

  g_return_if_fail (ADW_IS_TOAST_OVERLAY (toasts));
  g_return_if_fail (params != NULL && options != NULL);
  g_return_if_fail (G_IS_FILE (file));

  outer = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (outer, dpviz_export_write_async);

  job = g_new0 (ExportJob, 1);
  job->view = view;
  job->params = *params;
  job->cache = cache != NULL ? dpv_frame_cache_ref (cache) : NULL;
  dpviz_export_options_get_style (options, &job->style);
  job->options = *options;
  /* the job's own reference: the window may drop the pins while the worker draws */
  job->options.pins = options->pins != NULL ? dpv_pins_ref (options->pins) : NULL;
  job->style.plot_options.pins = job->options.pins;
  job->file = g_object_ref (file);
  job_ui_init (&job->ui, toasts, show_progress, job);

  worker = g_task_new (NULL, cancellable, export_thread_done, outer);
  g_task_set_task_data (worker, job, (GDestroyNotify) export_job_free);
  g_task_run_in_thread (worker, export_thread);
}

gboolean
dpviz_export_write_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == dpviz_export_write_async,
                        FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* ---- a lesson, one figure per step ---- */

typedef struct {
  DpvizLessonExportPlan *plan;
  DpvizLessonExportOptions options;
  GFile *dir;
  JobUi ui;
  GCancellable *cancellable;
  int done;              /* figures drawn, written by the worker (atomic) */
  guint n_figures;
} LessonJob;


static void
lesson_job_free (LessonJob *job)
{
  job_ui_release (&job->ui);
  g_clear_pointer (&job->plan, dpviz_lesson_export_plan_free);
  g_clear_object (&job->dir);
  g_clear_object (&job->cancellable);
  g_free (job);
}

void
dpviz_export_lesson_options (const DpvizExportOptions *options,
                             DpvizLessonExportOptions *out)
{
  memset (out, 0, sizeof *out);
  out->format = options->format;
  dpviz_export_options_get_style (options, &out->style);
  dpviz_export_options_get_size (options, &out->width, &out->height, &out->scale);
  /* as a single figure: a preset writes its resolution into a PNG */
  out->dpi = options->preset != NULL ? out->scale * DPV_PT_PER_IN : 0.0;
  out->show_caption = options->caption;
  out->with_data = options->data;
  if (options->preset != NULL && options->preset->fit_height)
    out->max_height = dpv_export_fit_height_max (out->format, out->width, out->height,
                                                 out->scale);
}

static void
lesson_progress (guint done, guint total, gpointer data)
{
  LessonJob *job = data;

  g_atomic_int_set (&job->done, (int) done);
}

static void
lesson_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  LessonJob *job = task_data;
  GError *error = NULL;
  GPtrArray *written;

  written = dpviz_lesson_export_plan_run (job->plan, job->dir, &job->options, cancellable,
                                          lesson_progress, job, &error);
  if (written != NULL)
    g_task_return_pointer (task, written, (GDestroyNotify) g_ptr_array_unref);
  else
    g_task_return_error (task, error);
}

static char *
lesson_progress_title (LessonJob *job)
{
  /* Translators: figures of a lesson drawn so far, of all */
  return g_strdup_printf (_("Exporting the lesson: %d of %u figures…"),
                          g_atomic_int_get (&job->done), job->n_figures);
}

static gboolean
update_lesson_progress (gpointer data)
{
  LessonJob *job = data;
  g_autofree char *title = lesson_progress_title (job);

  adw_toast_set_title (job->ui.progress, title);
  return G_SOURCE_CONTINUE;
}

static void
cancel_lesson_export (AdwToast *toast, GCancellable *cancellable)
{
  g_cancellable_cancel (cancellable);
}

/* The progress toast, with a way out; then its count follows the worker. */
static gboolean
show_lesson_progress (gpointer data)
{
  LessonJob *job = data;
  g_autofree char *title = lesson_progress_title (job);

  job->ui.progress = adw_toast_new (title);
  adw_toast_set_timeout (job->ui.progress, 0);
  adw_toast_set_button_label (job->ui.progress, _("_Cancel"));
  g_signal_connect_object (job->ui.progress, "button-clicked", G_CALLBACK (cancel_lesson_export),
                           job->cancellable, 0);
  adw_toast_overlay_add_toast (job->ui.toasts, g_object_ref (job->ui.progress));
  job->ui.progress_id = g_timeout_add (100, update_lesson_progress, job);
  return G_SOURCE_REMOVE;
}

static void
open_folder (AdwToast *toast, const char *uri)
{
  g_app_info_launch_default_for_uri_async (uri, NULL, NULL, NULL, NULL);
}

static void
lesson_thread_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (GTask) outer = data;
  LessonJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) written = NULL;
  g_autoptr (AdwToast) toast = NULL;

  job_ui_end_progress (&job->ui);
  written = g_task_propagate_pointer (G_TASK (result), &error);
  if (written != NULL)
    {
      g_autofree char *folder = display_name (job->dir);
      g_autofree char *title = NULL;

      /* Translators: the number of figures, then the folder's name */
      title = g_markup_printf_escaped (ngettext ("%u figure written to “%s”",
                                                 "%u figures written to “%s”",
                                                 job->n_figures),
                                       job->n_figures, folder);
      toast = adw_toast_new (title);
      adw_toast_set_button_label (toast, _("Open _Folder"));
      g_signal_connect_data (toast, "button-clicked", G_CALLBACK (open_folder),
                             g_file_get_uri (job->dir),
                             (GClosureNotify) (void (*) (void)) g_free, 0);
      adw_toast_overlay_add_toast (job->ui.toasts, g_object_ref (toast));
      g_task_return_pointer (outer, g_steal_pointer (&written),
                             (GDestroyNotify) g_ptr_array_unref);
    }
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      toast = adw_toast_new (_("Lesson export cancelled: nothing was written"));
      adw_toast_overlay_add_toast (job->ui.toasts, g_object_ref (toast));
      g_task_return_error (outer, g_steal_pointer (&error));
    }
  else
    {
      toast = dpviz_export_report (job->ui.toasts, job->dir, error);
      g_task_return_error (outer, g_steal_pointer (&error));
    }
  job_ui_release (&job->ui);
}

void
dpviz_export_lesson_write_async (AdwToastOverlay *toasts, DpvizLessonExportPlan *plan,
                                 const DpvizExportOptions *options, GFile *dir,
                                 GCancellable *cancellable, GAsyncReadyCallback callback,
                                 gpointer user_data)
{
  g_autoptr (GTask) worker = NULL;
  GTask *outer;
  LessonJob *job;

  g_return_if_fail (ADW_IS_TOAST_OVERLAY (toasts));
  g_return_if_fail (plan != NULL && options != NULL);
  g_return_if_fail (G_IS_FILE (dir));

  outer = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (outer, dpviz_export_lesson_write_async);

  job = g_new0 (LessonJob, 1);
  job->plan = plan;
  job->n_figures = dpviz_lesson_export_plan_get_n_steps (plan);
  dpviz_export_lesson_options (options, &job->options);
  job->dir = g_object_ref (dir);
  job->cancellable = cancellable != NULL ? g_object_ref (cancellable) : g_cancellable_new ();
  job_ui_init (&job->ui, toasts, show_lesson_progress, job);

  worker = g_task_new (NULL, job->cancellable, lesson_thread_done, outer);
  g_task_set_task_data (worker, job, (GDestroyNotify) lesson_job_free);
  g_task_run_in_thread (worker, lesson_thread);
}

GPtrArray *
dpviz_export_lesson_write_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result))
                        == dpviz_export_lesson_write_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* ---- clipboard ---- */

/* "Title · mechanism · key numbers", plain text: the caption the figure draws. */
static char *
figure_caption_text (const DpvFrame *frame)
{
  g_autofree char *numbers = dpv_frame_caption (frame);
  g_autofree char *markup = g_strdup_printf ("%s · %s · %s",
                                             dpv_view_class_get_title (dpv_frame_get_view (frame)),
                                             dpv_mechanism_label (dpv_frame_get_mechanism (frame)->kind),
                                             numbers != NULL ? numbers : "");

  return dpv_markup_to_plain (markup);
}

gboolean
dpviz_copy_figure_to_clipboard (GdkClipboard *clipboard, const DpvFrame *frame,
                                const DpvStyle *style, int width, int height, GError **error)
{
  g_autoptr (GBytes) png = NULL;
  g_autoptr (GdkTexture) texture = NULL;

  g_return_val_if_fail (GDK_IS_CLIPBOARD (clipboard), FALSE);
  g_return_val_if_fail (frame != NULL, FALSE);
  g_return_val_if_fail (style != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  png = dpv_figure_export_to_bytes (frame, style, DPV_FORMAT_PNG, width, height, 1.0, error);
  if (png == NULL)
    return FALSE;
  texture = gdk_texture_new_from_bytes (png, error);
  if (texture == NULL)
    return FALSE;
  if (dpv_frame_get_params (frame)->show_caption)
    {
      /* the image, and its caption as text for a document's caption line */
      g_autofree char *caption = figure_caption_text (frame);
      GdkContentProvider *providers[2];
      g_autoptr (GdkContentProvider) both = NULL;

      providers[0] = gdk_content_provider_new_typed (GDK_TYPE_TEXTURE, texture);
      providers[1] = gdk_content_provider_new_typed (G_TYPE_STRING, caption);
      both = gdk_content_provider_new_union (providers, 2);
      return gdk_clipboard_set_content (clipboard, both);
    }
  gdk_clipboard_set_texture (clipboard, texture);
  return TRUE;
}

/* ---- the dialog ---- */

struct _DpvizExportDialog {
  AdwWindow parent_instance;

  AdwWindowTitle *window_title;
  AdwComboRow *format_row;
  AdwComboRow *theme_row;
  AdwComboRow *preset_row;
  AdwActionRow *dpi_row;
  GtkSpinButton *dpi_spin;
  GtkSwitch *transparent_switch;
  GtkSwitch *grayscale_switch;
  GtkSwitch *data_switch;
  AdwActionRow *width_row;
  AdwActionRow *height_row;
  AdwActionRow *scale_row;
  GtkSpinButton *width_spin;
  GtkSpinButton *height_spin;
  GtkSpinButton *scale_spin;
  GtkSwitch *caption_switch;
  GtkLabel *problem_label;
  GtkButton *export_button;

  AdwToastOverlay *toasts;
  DpvizModel *model;
  GSettings *settings;
  DpvFrameCache *cache;
  GtkFileChooserNative *chooser;
  DpvizLessonExportPlan *plan;   /* Export Lesson: the steps; NULL: the current figure */
};

G_DEFINE_FINAL_TYPE (DpvizExportDialog, dpviz_export_dialog, ADW_TYPE_WINDOW)

/* The theme list in the .ui is ordered print, light, dark. */
static const DpvTheme theme_for_position[] = { DPV_THEME_PRINT, DPV_THEME_LIGHT, DPV_THEME_DARK };

/* Where the last export went, for the next file chooser (this session only). */
static GFile *last_folder;

static guint
position_for_theme (DpvTheme theme)
{
  for (guint i = 0; i < G_N_ELEMENTS (theme_for_position); i++)
    if (theme_for_position[i] == theme)
      return i;
  return 0;
}

void
dpviz_export_dialog_get_options (DpvizExportDialog *self, DpvizExportOptions *out)
{
  guint theme;

  g_return_if_fail (DPVIZ_IS_EXPORT_DIALOG (self));

  out->pins = NULL;   /* the model's, added when the export starts */
  out->format = (DpvFormat) MIN (adw_combo_row_get_selected (self->format_row),
                                 (guint) DPV_FORMAT_PDF);
  out->width = gtk_spin_button_get_value_as_int (self->width_spin);
  out->height = gtk_spin_button_get_value_as_int (self->height_spin);
  out->scale = gtk_spin_button_get_value (self->scale_spin);
  theme = adw_combo_row_get_selected (self->theme_row);
  out->theme = theme_for_position[MIN (theme, G_N_ELEMENTS (theme_for_position) - 1)];
  out->caption = gtk_switch_get_active (self->caption_switch);
  {
    gsize n_presets;
    const DpvExportPreset *presets = dpv_export_presets (&n_presets);
    guint preset = adw_combo_row_get_selected (self->preset_row);

    /* position 0 is the custom size */
    out->preset = preset >= 1 && preset <= n_presets ? &presets[preset - 1] : NULL;
  }
  out->dpi = gtk_spin_button_get_value (self->dpi_spin);
  out->transparent = gtk_switch_get_active (self->transparent_switch);
  out->grayscale = gtk_switch_get_active (self->grayscale_switch);
  out->data = gtk_switch_get_active (self->data_switch);
}

static guint
position_for_preset (const DpvExportPreset *preset)
{
  const DpvExportPreset *presets = dpv_export_presets (NULL);

  return preset != NULL ? (guint) (preset - presets) + 1 : 0;
}

static void
set_options (DpvizExportDialog *self, const DpvizExportOptions *options)
{
  adw_combo_row_set_selected (self->format_row, options->format);
  gtk_spin_button_set_value (self->width_spin, options->width);
  gtk_spin_button_set_value (self->height_spin, options->height);
  gtk_spin_button_set_value (self->scale_spin, options->scale);
  adw_combo_row_set_selected (self->theme_row, position_for_theme (options->theme));
  gtk_switch_set_active (self->caption_switch, options->caption);
  adw_combo_row_set_selected (self->preset_row, position_for_preset (options->preset));
  gtk_spin_button_set_value (self->dpi_spin, options->dpi);
  gtk_switch_set_active (self->transparent_switch, options->transparent);
  gtk_switch_set_active (self->grayscale_switch, options->grayscale);
  gtk_switch_set_active (self->data_switch, options->data);
}

static void
on_options_changed (DpvizExportDialog *self)
{
  g_autoptr (GError) error = NULL;
  DpvizExportOptions options;
  gboolean png;

  dpviz_export_dialog_get_options (self, &options);
  png = options.format == DPV_FORMAT_PNG;

  switch (options.format)
    {
    case DPV_FORMAT_PNG:
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->format_row),
                                   _("Pixels, for slides and web pages"));
      break;
    case DPV_FORMAT_SVG:
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->format_row),
                                   _("Vector, for web pages and further editing"));
      break;
    case DPV_FORMAT_PDF:
    default:
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->format_row),
                                   _("Vector, for LaTeX and print"));
      break;
    }
  adw_action_row_set_subtitle (self->width_row, png ? _("pixels at scale 1")
                                                    : _("points (1/72 inch)"));
  adw_action_row_set_subtitle (self->height_row, png ? _("pixels at scale 1")
                                                     : _("points (1/72 inch)"));
  /* a preset fixes the size in cm and the text in points; a PNG then takes a resolution */
  gtk_widget_set_visible (GTK_WIDGET (self->width_row), options.preset == NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->height_row), options.preset == NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->scale_row), options.preset == NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->dpi_row), options.preset != NULL);
  gtk_widget_set_sensitive (GTK_WIDGET (self->dpi_row), png);
  gtk_widget_set_sensitive (GTK_WIDGET (self->scale_row), png);
  if (options.preset != NULL)
    {
      g_autofree char *size = NULL;

      if (options.preset->fit_height)
        /* Translators: a figure size, e.g. "8.5 cm wide, 6 cm tall or more as the figure
         * needs, text 8 pt" */
        size = g_strdup_printf (_("%g cm wide, %g cm tall or more as the figure needs, text "
                                  "%g pt"), options.preset->width_cm,
                                options.preset->height_cm, options.preset->font_pt);
      else
        /* Translators: a figure size, e.g. "8.5 × 6 cm, text 8 pt" */
        size = g_strdup_printf (_("%g × %g cm, text %g pt"), options.preset->width_cm,
                                options.preset->height_cm, options.preset->font_pt);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->preset_row), size);
    }
  else
    adw_action_row_set_subtitle (ADW_ACTION_ROW (self->preset_row),
                                 _("Width and height in pixels or points"));
  if (png && options.preset != NULL)
    {
      g_autofree char *result = NULL;
      double w, h;

      png_pixels (&options, &w, &h);
      if (options.preset->fit_height)
        result = g_strdup_printf (_("dpi; image %.0f pixels wide, %.0f or more tall"), w, h);
      else
        result = g_strdup_printf (_("dpi; image of %.0f × %.0f pixels"), w, h);
      adw_action_row_set_subtitle (self->dpi_row, result);
    }
  else if (options.preset != NULL)
    adw_action_row_set_subtitle (self->dpi_row, _("PNG only: vector formats scale freely"));
  if (png)
    {
      g_autofree char *result = NULL;
      double w, h;

      png_pixels (&options, &w, &h);
      result = g_strdup_printf (_("Image of %.0f × %.0f pixels"), w, h);
      adw_action_row_set_subtitle (self->scale_row, result);
    }
  else
    adw_action_row_set_subtitle (self->scale_row, _("PNG only: vector formats scale freely"));

  if (dpviz_export_options_check (&options, &error))
    {
      gtk_widget_set_visible (GTK_WIDGET (self->problem_label), FALSE);
      gtk_widget_set_sensitive (GTK_WIDGET (self->export_button), TRUE);
    }
  else
    {
      gtk_label_set_text (self->problem_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->problem_label), TRUE);
      gtk_widget_set_sensitive (GTK_WIDGET (self->export_button), FALSE);
    }
}

static void
start_export (DpvizExportDialog *self, GFile *file, const DpvizExportOptions *chosen)
{
  DpvizExportOptions with_pins = *chosen;
  const DpvizExportOptions *options = &with_pins;
  DpvParams params;

  with_pins.pins = dpviz_model_get_pins (self->model, dpviz_model_get_view (self->model));
  dpviz_model_get_params (self->model, &params);
  params.show_caption = options->caption;
  dpviz_export_options_save (options, self->settings);
  g_clear_object (&last_folder);
  last_folder = g_file_get_parent (file);
  dpviz_export_write_async (self->toasts, dpviz_model_get_view (self->model), &params,
                            self->cache, options,
                            file, NULL, NULL, NULL);
  gtk_window_close (GTK_WINDOW (self));
}

typedef struct {
  DpvizExportDialog *self;
  GFile *file;
  DpvizExportOptions options;
} ReplaceConfirmation;

static void
on_replace_response (AdwMessageDialog *dialog, const char *response, gpointer data)
{
  ReplaceConfirmation *confirm = data;

  if (g_strcmp0 (response, "replace") == 0)
    start_export (confirm->self, confirm->file, &confirm->options);
  g_object_unref (confirm->self);
  g_object_unref (confirm->file);
  g_free (confirm);
}

/* The file chooser confirmed overwriting the name that was typed; when an extension was added
 * to it, a file with the new name has not been confirmed yet. */
static void
confirm_replace (DpvizExportDialog *self, GFile *file, const DpvizExportOptions *options)
{
  g_autofree char *name = display_name (file);
  ReplaceConfirmation *confirm;
  GtkWidget *dialog;

  dialog = adw_message_dialog_new (GTK_WINDOW (self), NULL, NULL);
  adw_message_dialog_format_heading (ADW_MESSAGE_DIALOG (dialog), _("Replace “%s”?"), name);
  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (dialog),
                               _("A file with this name already exists. Replacing it "
                                 "overwrites its contents."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "replace", _("_Replace"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "replace",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");

  confirm = g_new0 (ReplaceConfirmation, 1);
  confirm->self = g_object_ref (self);
  confirm->file = g_object_ref (file);
  confirm->options = *options;
  g_signal_connect (dialog, "response", G_CALLBACK (on_replace_response), confirm);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
dpviz_export_dialog_export_to (DpvizExportDialog *self, GFile *chosen, DpvFormat selected)
{
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;
  DpvizExportOptions options;

  g_return_if_fail (DPVIZ_IS_EXPORT_DIALOG (self));
  g_return_if_fail (G_IS_FILE (chosen));

  dpviz_export_dialog_get_options (self, &options);
  file = dpviz_export_resolve_file (chosen, selected, &options.format);
  /* The typed extension may have switched PNG on or off: check the size again. */
  if (!dpviz_export_options_check (&options, &error))
    {
      g_autoptr (AdwToast) toast = dpviz_export_report (self->toasts, file, error);

      set_options (self, &options);
      return;
    }
  if (!g_file_equal (file, chosen) && g_file_query_exists (file, NULL))
    confirm_replace (self, file, &options);
  else
    start_export (self, file, &options);
}

void
dpviz_export_dialog_export_lesson_to (DpvizExportDialog *self, GFile *folder)
{
  g_autoptr (GError) error = NULL;
  DpvizExportOptions options;

  g_return_if_fail (DPVIZ_IS_EXPORT_DIALOG (self));
  g_return_if_fail (self->plan != NULL);
  g_return_if_fail (G_IS_FILE (folder));

  dpviz_export_dialog_get_options (self, &options);
  if (!dpviz_export_options_check (&options, &error))
    {
      g_autoptr (AdwToast) toast = dpviz_export_report (self->toasts, folder, error);

      return;
    }
  dpviz_export_options_save (&options, self->settings);
  g_clear_object (&last_folder);
  last_folder = g_object_ref (folder);
  dpviz_export_lesson_write_async (self->toasts, g_steal_pointer (&self->plan), &options,
                                   folder, NULL, NULL, NULL);
  gtk_window_close (GTK_WINDOW (self));
}

static void
on_folder_chooser_response (GtkNativeDialog *native, int response, DpvizExportDialog *self)
{
  g_autoptr (GtkFileChooserNative) chooser = g_steal_pointer (&self->chooser);
  g_autoptr (GFile) folder = NULL;

  if (response != GTK_RESPONSE_ACCEPT)
    return;
  folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  if (folder != NULL)
    dpviz_export_dialog_export_lesson_to (self, folder);
}

/* GtkFileDialog needs GTK 4.10: the folder is chosen with GtkFileChooserNative as the
 * figure's file is. */
static void
choose_lesson_folder (DpvizExportDialog *self)
{
  GtkFileChooser *chooser;

  self->chooser = gtk_file_chooser_native_new (_("Export Lesson"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                               _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  chooser = GTK_FILE_CHOOSER (self->chooser);
  if (last_folder != NULL
      && g_file_query_file_type (last_folder, G_FILE_QUERY_INFO_NONE, NULL)
         == G_FILE_TYPE_DIRECTORY)
    gtk_file_chooser_set_current_folder (chooser, last_folder, NULL);
  g_signal_connect (self->chooser, "response", G_CALLBACK (on_folder_chooser_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
on_chooser_response (GtkNativeDialog *native, int response, DpvizExportDialog *self)
{
  g_autoptr (GtkFileChooserNative) chooser = g_steal_pointer (&self->chooser);
  g_autoptr (GFile) file = NULL;
  GtkFileFilter *filter;
  DpvizExportOptions options;
  DpvFormat selected;

  g_assert (chooser == GTK_FILE_CHOOSER_NATIVE (native));
  if (response != GTK_RESPONSE_ACCEPT)
    return;
  file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  if (file == NULL)
    return;
  dpviz_export_dialog_get_options (self, &options);
  selected = options.format;
  filter = gtk_file_chooser_get_filter (GTK_FILE_CHOOSER (native));
  if (filter != NULL && g_object_get_data (G_OBJECT (filter), "dpviz-format") != NULL)
    selected = (DpvFormat) (GPOINTER_TO_INT (g_object_get_data (G_OBJECT (filter),
                                                                "dpviz-format")) - 1);
  dpviz_export_dialog_export_to (self, file, selected);
}

static GtkFileFilter *
filter_for_format (DpvFormat format)
{
  static const char *const mime_types[] = { "image/png", "image/svg+xml", "application/pdf" };
  GtkFileFilter *filter = gtk_file_filter_new ();

  switch (format)
    {
    case DPV_FORMAT_PNG:
      gtk_file_filter_set_name (filter, _("PNG image"));
      break;
    case DPV_FORMAT_SVG:
      gtk_file_filter_set_name (filter, _("SVG drawing"));
      break;
    case DPV_FORMAT_PDF:
    default:
      gtk_file_filter_set_name (filter, _("PDF document"));
      break;
    }
  gtk_file_filter_add_mime_type (filter, mime_types[format]);
  gtk_file_filter_add_suffix (filter, dpviz_export_format_extension (format));
  g_object_set_data (G_OBJECT (filter), "dpviz-format", GINT_TO_POINTER (format + 1));
  return filter;
}

static void
on_export_clicked (DpvizExportDialog *self)
{
  g_autofree char *name = NULL;
  DpvizExportOptions options;
  GtkFileChooser *chooser;

  /* Commit numbers typed but not yet activated. */
  gtk_spin_button_update (self->width_spin);
  gtk_spin_button_update (self->height_spin);
  gtk_spin_button_update (self->scale_spin);
  gtk_spin_button_update (self->dpi_spin);
  dpviz_export_dialog_get_options (self, &options);
  if (!dpviz_export_options_check (&options, NULL) || self->chooser != NULL)
    return;
  if (self->plan != NULL)
    {
      choose_lesson_folder (self);
      return;
    }

  self->chooser = gtk_file_chooser_native_new (_("Export Figure"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"),
                                               _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  chooser = GTK_FILE_CHOOSER (self->chooser);
  for (int f = DPV_FORMAT_PNG; f <= DPV_FORMAT_PDF; f++)
    {
      g_autoptr (GtkFileFilter) filter = filter_for_format ((DpvFormat) f);

      gtk_file_chooser_add_filter (chooser, filter);
      if ((DpvFormat) f == options.format)
        gtk_file_chooser_set_filter (chooser, filter);
    }
  /* The last folder may have been removed since (the chooser would show an error). */
  if (last_folder != NULL
      && g_file_query_file_type (last_folder, G_FILE_QUERY_INFO_NONE, NULL)
         == G_FILE_TYPE_DIRECTORY)
    gtk_file_chooser_set_current_folder (chooser, last_folder, NULL);
  else
    {
      const char *pictures = g_get_user_special_dir (G_USER_DIRECTORY_PICTURES);

      if (pictures != NULL && g_file_test (pictures, G_FILE_TEST_IS_DIR))
        {
          g_autoptr (GFile) folder = g_file_new_for_path (pictures);

          gtk_file_chooser_set_current_folder (chooser, folder, NULL);
        }
    }
  name = dpviz_export_suggest_name (dpviz_model_get_view (self->model),
                                    dpviz_model_get_mechanism (self->model), options.format);
  gtk_file_chooser_set_current_name (chooser, name);
  g_signal_connect (self->chooser, "response", G_CALLBACK (on_chooser_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
dpviz_export_dialog_dispose (GObject *object)
{
  DpvizExportDialog *self = DPVIZ_EXPORT_DIALOG (object);

  if (self->chooser != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->chooser, self);
      gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
      g_clear_object (&self->chooser);
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), DPVIZ_TYPE_EXPORT_DIALOG);
  g_clear_object (&self->toasts);
  g_clear_object (&self->model);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->plan, dpviz_lesson_export_plan_free);

  G_OBJECT_CLASS (dpviz_export_dialog_parent_class)->dispose (object);
}

static void
dpviz_export_dialog_class_init (DpvizExportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dpviz_export_dialog_dispose;

  /* Referencing the resource bundle links its object file out of the static library, and
   * with it the constructor that registers the bundle (tests link the library directly). */
  (void) dpviz_get_resource ();
  gtk_widget_class_set_template_from_resource (widget_class, EXPORT_DIALOG_RESOURCE);
  gtk_widget_class_bind_template_child (widget_class, DpvizExportDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, DpvizExportDialog, format_row);
  gtk_widget_class_bind_template_child (widget_class, DpvizExportDialog, theme_row);
  gtk_widget_class_bind_template_child (widget_class, DpvizExportDialog, width_row);
  gtk_widget_class_bind_template_child (widget_class, DpvizExportDialog, height_row);
  gtk_widget_class_bind_template_child (widget_class, DpvizExportDialog, scale_row);
  gtk_widget_class_bind_template_child (widget_class, DpvizExportDialog, width_spin);
  gtk_widget_class_bind_template_child (widget_class, DpvizExportDialog, height_spin);
  gtk_widget_class_bind_template_child (widget_class, DpvizExportDialog, scale_spin);
  gtk_widget_class_bind_template_child (widget_class, DpvizExportDialog, caption_switch);
  gtk_widget_class_bind_template_child (widget_class, DpvizExportDialog, preset_row);
  gtk_widget_class_bind_template_child (widget_class, DpvizExportDialog, dpi_row);
  gtk_widget_class_bind_template_child (widget_class, DpvizExportDialog, dpi_spin);
  gtk_widget_class_bind_template_child (widget_class, DpvizExportDialog, transparent_switch);
  gtk_widget_class_bind_template_child (widget_class, DpvizExportDialog, grayscale_switch);
  gtk_widget_class_bind_template_child (widget_class, DpvizExportDialog, data_switch);
  gtk_widget_class_bind_template_child (widget_class, DpvizExportDialog, problem_label);
  gtk_widget_class_bind_template_child (widget_class, DpvizExportDialog, export_button);
  gtk_widget_class_bind_template_callback (widget_class, on_export_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_options_changed);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

/* Enter in a number field exports (GtkSpinButton gains activates-default only in GTK 4.14;
 * its text delegate has it). */
static void
spin_activates_default (GtkSpinButton *spin)
{
  GtkEditable *text = gtk_editable_get_delegate (GTK_EDITABLE (spin));

  if (GTK_IS_TEXT (text))
    gtk_text_set_activates_default (GTK_TEXT (text), TRUE);
}

static void
dpviz_export_dialog_init (DpvizExportDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  spin_activates_default (self->width_spin);
  spin_activates_default (self->height_spin);
  spin_activates_default (self->scale_spin);
  spin_activates_default (self->dpi_spin);
}

DpvizExportDialog *
dpviz_export_dialog_new (GtkWindow *parent, AdwToastOverlay *toasts, DpvizModel *model,
                         GSettings *settings)
{
  DpvizExportDialog *self;
  DpvizExportOptions options;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (ADW_IS_TOAST_OVERLAY (toasts), NULL);
  g_return_val_if_fail (DPVIZ_IS_MODEL (model), NULL);
  g_return_val_if_fail (settings == NULL || G_IS_SETTINGS (settings), NULL);

  self = g_object_new (DPVIZ_TYPE_EXPORT_DIALOG, "transient-for", parent, NULL);
  self->toasts = g_object_ref (toasts);
  self->model = g_object_ref (model);
  self->settings = settings != NULL ? g_object_ref (settings) : NULL;

  adw_window_title_set_subtitle (self->window_title,
                                 dpv_view_class_get_title (dpv_registry_get (
                                   dpviz_model_get_view (model))));
  dpviz_export_options_load (&options, settings);
  set_options (self, &options);
  on_options_changed (self);
  return self;
}

void
dpviz_export_dialog_present (GtkWindow *parent, AdwToastOverlay *toasts, DpvizModel *model,
                             GSettings *settings, DpvFrameCache *cache)
{
  DpvizExportDialog *self;

  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));
  g_return_if_fail (ADW_IS_TOAST_OVERLAY (toasts));
  g_return_if_fail (DPVIZ_IS_MODEL (model));

  self = dpviz_export_dialog_new (parent, toasts, model, settings);
  /* the export computes its frame through the window's cache, in its worker thread */
  self->cache = cache != NULL ? dpv_frame_cache_ref (cache) : NULL;
  gtk_window_present (GTK_WINDOW (self));
}

DpvizExportDialog *
dpviz_export_dialog_new_for_lesson (GtkWindow *parent, AdwToastOverlay *toasts,
                                    DpvizModel *model, GSettings *settings,
                                    const DpvizLesson *lesson, GError **error)
{
  g_autoptr (DpvizLessonExportPlan) plan = NULL;
  g_autofree char *steps = NULL;
  DpvizExportDialog *self;
  guint n;

  g_return_val_if_fail (lesson != NULL, NULL);

  plan = dpviz_lesson_export_plan_new (lesson, error);
  if (plan == NULL)
    return NULL;
  n = dpviz_lesson_export_plan_get_n_steps (plan);
  self = dpviz_export_dialog_new (parent, toasts, model, settings);
  self->plan = g_steal_pointer (&plan);
  gtk_window_set_title (GTK_WINDOW (self), _("Export Lesson"));
  adw_window_title_set_title (self->window_title, _("Export Lesson"));
  /* Translators: the subtitle of Export Lesson: the lesson's title, the number of figures */
  steps = g_strdup_printf (ngettext ("%s — %u figure, one per step",
                                     "%s — %u figures, one per step", n),
                           lesson->title != NULL ? lesson->title : _("Lesson"), n);
  adw_window_title_set_subtitle (self->window_title, steps);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->export_button),
                               _("Choose the folder for the figures"));
  return self;
}

void
dpviz_export_lesson_dialog_present (GtkWindow *parent, AdwToastOverlay *toasts,
                                    DpvizModel *model, GSettings *settings,
                                    const DpvizLesson *lesson)
{
  g_autoptr (GError) error = NULL;
  DpvizExportDialog *self;

  g_return_if_fail (ADW_IS_TOAST_OVERLAY (toasts));

  self = dpviz_export_dialog_new_for_lesson (parent, toasts, model, settings, lesson, &error);
  if (self == NULL)
    {
      g_autofree char *escaped = g_markup_escape_text (error->message, -1);

      adw_toast_overlay_add_toast (toasts, adw_toast_new (escaped));
      return;
    }
  gtk_window_present (GTK_WINDOW (self));
}
