/* dpviz-export-dialog-private.h — the export dialog's parts, exposed for the tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dpviz-export-dialog.h"
#include "dpv-export.h"
#include "dpviz-lesson-export.h"

G_BEGIN_DECLS

/* Largest PNG the dialog will write: cairo's limit per side, and a pixel budget that keeps the
 * image surface (4 bytes a pixel) under 256 MiB. */
#define DPVIZ_EXPORT_MAX_PNG_SIDE 32767
#define DPVIZ_EXPORT_MAX_PNG_PIXELS (64.0 * 1024 * 1024)

typedef struct {
  DpvFormat format;
  int width;           /* user units: pixels at scale 1 (PNG) or points (SVG, PDF) */
  int height;
  double scale;        /* PNG only */
  DpvTheme theme;
  gboolean caption;
  /* A preset (dpv_export_presets ()) sizes the figure in points instead of width and height,
   * with its text size, and a PNG at dpi (scale dpi/72, the resolution written in the file);
   * NULL: width × height at scale. */
  const DpvExportPreset *preset;
  double dpi;
  gboolean transparent;
  gboolean grayscale;
  gboolean data;       /* also the figure's series as CSV, the file's name with .csv */
  DpvPins *pins;       /* the view's pins, drawn in the figure (not owned), or NULL */
} DpvizExportOptions;

/* The size in user units and the PNG scale the options give; the style for them. */
void dpviz_export_options_get_size (const DpvizExportOptions *options, double *width,
                                    double *height, double *scale);
void dpviz_export_options_get_style (const DpvizExportOptions *options, DpvStyle *style);
/* The data file beside @figure: its name with the extension .csv. */
GFile *dpviz_export_data_file (GFile *figure);

/* From GSettings (export-* keys); @settings may be NULL (schema defaults then). */
void dpviz_export_options_load (DpvizExportOptions *options, GSettings *settings);
void dpviz_export_options_save (const DpvizExportOptions *options, GSettings *settings);
/* FALSE with a translated reason when the options cannot produce a file (PNG too large). */
gboolean dpviz_export_options_check (const DpvizExportOptions *options, GError **error);

const char *dpviz_export_format_extension (DpvFormat format);  /* "png", "svg", "pdf" */
/* "densities-laplace.png" */
char *dpviz_export_suggest_name (guint view, DpMechanismKind mechanism, DpvFormat format);
/* The file to write and its format: a typed .png/.svg/.pdf extension decides the format;
 * without one, @selected's extension is appended. */
GFile *dpviz_export_resolve_file (GFile *chosen, DpvFormat selected, DpvFormat *out_format);

/* Renders @view with @params (composition ignored: computed in the worker) and writes @file
 * atomically in a worker thread, then reports the outcome as a toast in @toasts. */
void dpviz_export_write_async (AdwToastOverlay *toasts, guint view,
                               const DpvParams *params, DpvFrameCache *cache,
                               const DpvizExportOptions *options,
                               GFile *file, GCancellable *cancellable,
                               GAsyncReadyCallback callback, gpointer user_data);
gboolean dpviz_export_write_finish (GAsyncResult *result, GError **error);

/* The toast that reports an export (success when @error is NULL); added to @toasts, returned
 * with a new reference. */
AdwToast *dpviz_export_report (AdwToastOverlay *toasts, GFile *file, const GError *error);

/* The lesson export's options from the dialog's: the same size, style and resolution as a
 * single figure. */
void dpviz_export_lesson_options (const DpvizExportOptions *options,
                                  DpvizLessonExportOptions *out);
/* Writes every step of @plan (taken) into @dir in a worker thread
 * (dpviz_lesson_export_plan_run ()), with a progress toast whose button cancels, then the
 * outcome as a toast. Finish gives the files written. */
void dpviz_export_lesson_write_async (AdwToastOverlay *toasts, DpvizLessonExportPlan *plan,
                                      const DpvizExportOptions *options, GFile *dir,
                                      GCancellable *cancellable, GAsyncReadyCallback callback,
                                      gpointer user_data);
GPtrArray *dpviz_export_lesson_write_finish (GAsyncResult *result, GError **error);

#define DPVIZ_TYPE_EXPORT_DIALOG (dpviz_export_dialog_get_type ())
G_DECLARE_FINAL_TYPE (DpvizExportDialog, dpviz_export_dialog, DPVIZ, EXPORT_DIALOG, AdwWindow)

DpvizExportDialog *dpviz_export_dialog_new (GtkWindow *parent, AdwToastOverlay *toasts,
                                            DpvizModel *model, GSettings *settings);
void dpviz_export_dialog_get_options (DpvizExportDialog *self, DpvizExportOptions *out);
/* What the file chooser's accept does: writes to @file (format from its extension), saves the
 * choices to GSettings, closes the dialog. */
void dpviz_export_dialog_export_to (DpvizExportDialog *self, GFile *file, DpvFormat selected);
/* Export Lesson: NULL with @error when a step cannot be exported. */
DpvizExportDialog *dpviz_export_dialog_new_for_lesson (GtkWindow *parent,
                                                       AdwToastOverlay *toasts,
                                                       DpvizModel *model, GSettings *settings,
                                                       const DpvizLesson *lesson,
                                                       GError **error);
/* What the folder chooser's accept does: writes the lesson's figures into @folder, saves the
 * choices, closes the dialog. */
void dpviz_export_dialog_export_lesson_to (DpvizExportDialog *self, GFile *folder);

G_END_DECLS
