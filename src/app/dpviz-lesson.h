/* dpviz-lesson.h — "lesson" files: parameters, mechanism and view in a GKeyFile
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A lesson file is a GKeyFile with a [Lesson] group (Version, Title) and one [Step N] group per
 * demonstration (Mechanism, View, Epsilon, Delta, Sensitivity, K, optional Note).
 * Loading validates everything before anything is applied; a malformed or hostile file gets a
 * clear translated error and changes nothing; unknown keys and groups are ignored.
 */
#pragma once

#include <gio/gio.h>

#include "dpviz-model.h"

G_BEGIN_DECLS

typedef struct {
  DpvParams params;
  DpvViewKind view;
  char *note;          /* may be NULL */
} DpvizLessonStep;

typedef struct {
  char *title;         /* may be NULL */
  GPtrArray *steps;    /* of DpvizLessonStep*, at least one */
} DpvizLesson;

/* An empty lesson (no steps yet) whose steps array owns its elements. @title may be NULL. */
DpvizLesson *dpviz_lesson_new (const char *title);
/* Appends a copy of @params (composition pointer dropped) as a new step; @note may be NULL. */
DpvizLessonStep *dpviz_lesson_add_step (DpvizLesson *lesson, const DpvParams *params,
                                        DpvViewKind view, const char *note);
void dpviz_lesson_free (DpvizLesson *lesson);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DpvizLesson, dpviz_lesson_free)

DpvizLesson *dpviz_lesson_load_from_data (const char *data, gsize length, GError **error);
DpvizLesson *dpviz_lesson_load (GFile *file, GError **error);
/* Writes atomically (dpv_atomic_write_file ()). */
gboolean dpviz_lesson_save (const DpvizLesson *lesson, GFile *file, GError **error);
/* A one-step lesson from the model's current state. */
DpvizLesson *dpviz_lesson_new_from_model (DpvizModel *model);
/* Applies step @index to the model (all or nothing). */
gboolean dpviz_lesson_apply_step (const DpvizLesson *lesson, guint index, DpvizModel *model,
                                  GError **error);

G_END_DECLS
