/* dpviz-lesson.h — lessons in the app: a lesson from the model's state, a step applied to it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Reading and saving lesson files is libdpvlesson's job (src/lesson/dpviz-lesson-file.h,
 * no GTK); this adds what needs the parameter model.
 */
#pragma once

#include <gio/gio.h>

#include "dpviz-lesson-file.h"
#include "dpviz-model.h"

G_BEGIN_DECLS

/* A one-step lesson from the model's current state. */
DpvizLesson *dpviz_lesson_new_from_model (DpvizModel *model);
/* Applies step @index to the model (all or nothing). */
gboolean dpviz_lesson_apply_step (const DpvizLesson *lesson, guint index, DpvizModel *model,
                                  GError **error);

G_END_DECLS
