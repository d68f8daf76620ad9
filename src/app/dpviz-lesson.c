/* dpviz-lesson.c — lessons in the app: a lesson from the model's state, a step applied to it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dpviz-lesson.h"

#include <glib/gi18n.h>

DpvizLesson *
dpviz_lesson_new_from_model (DpvizModel *model)
{
  DpvizLesson *lesson;
  DpvParams params;

  g_return_val_if_fail (DPVIZ_IS_MODEL (model), NULL);

  dpviz_model_get_params (model, &params);
  lesson = dpviz_lesson_new (NULL);
  dpviz_lesson_add_step (lesson, &params, dpviz_model_get_view (model), NULL);
  return lesson;
}

gboolean
dpviz_lesson_apply_step (const DpvizLesson *lesson, guint index, DpvizModel *model,
                         GError **error)
{
  const DpvizLessonStep *step;
  DpvParams current;
  DpvParams params;

  g_return_val_if_fail (lesson != NULL && lesson->steps != NULL, FALSE);
  g_return_val_if_fail (DPVIZ_IS_MODEL (model), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (index >= lesson->steps->len)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The lesson has no step %u (it has %u)."), index + 1, lesson->steps->len);
      return FALSE;
    }
  step = g_ptr_array_index (lesson->steps, index);
  /* Whether the caption shows is the viewer's choice, not part of the lesson. */
  dpviz_model_get_params (model, &current);
  params = step->params;
  params.show_caption = current.show_caption;
  return dpviz_model_apply (model, &params, step->view, error);
}
