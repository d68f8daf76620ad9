/* dpviz-lesson-export.h — a lesson as a set of figures, one file per step
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `dpviz-cli export --lesson` and the app's Export Lesson share this: the file names, the
 * checks before anything is written, and the writing. A plan is a copy of what the lesson
 * says (parameters, views, titles), so that it can be exported on another thread while the
 * lesson is edited. No GTK.
 *
 * File names are NN-slug.ext: NN the step's number (1-based) zero-padded to the width of the
 * number of steps, slug from the step's title (g_str_to_ascii (), lower case, runs of anything
 * but [a-z0-9] as one "-", at most 40 characters), or from the view's name when the title is
 * missing or has no ASCII letter or digit (a Chinese title). The number makes the names of a
 * lesson distinct; none holds a path separator or "..".
 */
#pragma once

#include <gio/gio.h>

#include "dpv-export.h"
#include "dpv-style.h"
#include "dpviz-lesson-file.h"

G_BEGIN_DECLS

#define DPVIZ_LESSON_EXPORT_ERROR (dpviz_lesson_export_error_quark ())
typedef enum {
  DPVIZ_LESSON_EXPORT_ERROR_INVALID,   /* a step's parameters are refused: nothing written */
  DPVIZ_LESSON_EXPORT_ERROR_RENDER,    /* a figure could not be drawn: nothing written */
  DPVIZ_LESSON_EXPORT_ERROR_WRITE,     /* the folder or a file could not be written */
} DpvizLessonExportError;
GQuark dpviz_lesson_export_error_quark (void);

typedef struct {
  DpvFormat format;
  DpvStyle style;                /* theme, font, transparent, grayscale */
  double width, height;          /* of every figure, in user units (points when physical) */
  double max_height;             /* > height: each figure as tall as its panels need, up to
                                    this (dpv_figure_fit_height ()); otherwise height */
  double scale;                  /* PNG pixels per unit */
  double dpi;                    /* written into a PNG; 0: none */
  gboolean show_caption;         /* overrides the steps' own choice */
  gboolean with_data;            /* also NN-slug.csv, the series behind each figure */
} DpvizLessonExportOptions;

typedef struct _DpvizLessonExportPlan DpvizLessonExportPlan;

/* The slug of @title as described above, or @fallback's when @title gives none. */
char *dpviz_lesson_export_slug (const char *title, const char *fallback);
/* The file extension of @format without the dot: "png", "svg", "pdf". */
const char *dpviz_lesson_export_extension (DpvFormat format);

/* Checks every step's parameters (dpv_params_validate ()); on a refusal names the step and
 * returns NULL (DPVIZ_LESSON_EXPORT_ERROR_INVALID). */
DpvizLessonExportPlan *dpviz_lesson_export_plan_new (const DpvizLesson *lesson, GError **error);
void dpviz_lesson_export_plan_free (DpvizLessonExportPlan *plan);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DpvizLessonExportPlan, dpviz_lesson_export_plan_free)
guint dpviz_lesson_export_plan_get_n_steps (const DpvizLessonExportPlan *plan);
/* Step @index's file name (no folder) for @format: "03-composition.pdf". */
char *dpviz_lesson_export_plan_file_name (const DpvizLessonExportPlan *plan, guint index,
                                          const char *extension);
const char *dpviz_lesson_export_plan_get_title (const DpvizLessonExportPlan *plan,
                                                guint index);
const char *dpviz_lesson_export_plan_get_view_name (const DpvizLessonExportPlan *plan,
                                                    guint index);

/* Called after each figure is drawn (@done of @total) and once more when all are written;
 * on the thread that runs the export. */
typedef void (*DpvizLessonExportProgress) (guint done, guint total, gpointer user_data);

/* Draws every figure into memory, then writes them into @dir, each atomically
 * (dpv_export_write_bytes ()). @dir is created when missing (its parent must exist).
 * Files of these names are replaced; no other file in @dir is touched. Any failure
 * before the writing starts writes nothing; a failure while writing names the step and file,
 * and removes the files this call created (a replaced file keeps its new content). Returns
 * the files written (GFile *, in step order; with_data: figure, then CSV), or NULL with
 * @error set (G_IO_ERROR_CANCELLED when @cancellable was cancelled). */
GPtrArray *dpviz_lesson_export_plan_run (const DpvizLessonExportPlan *plan, GFile *dir,
                                         const DpvizLessonExportOptions *options,
                                         GCancellable *cancellable,
                                         DpvizLessonExportProgress progress,
                                         gpointer user_data, GError **error);

G_END_DECLS
