/* dpviz-lesson-export.c — a lesson as a set of figures, one file per step
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "dpv-figure.h"
#include "dpv-figure-data.h"
#include "dpv-frame.h"
#include "dpviz-lesson-export.h"

G_DEFINE_QUARK (dpviz-lesson-export-error-quark, dpviz_lesson_export_error)

#define SLUG_MAX 40

typedef struct {
  DpvParams params;
  const DpvViewClass *view;
  char *title;      /* NULL: none */
  char *slug;
} PlanStep;

struct _DpvizLessonExportPlan {
  PlanStep *steps;
  guint n_steps;
  int digits;       /* width of the zero-padded step number */
};

const char *
dpviz_lesson_export_extension (DpvFormat format)
{
  static const char *const ext[] = { "png", "svg", "pdf" };

  g_return_val_if_fail ((guint) format < G_N_ELEMENTS (ext), "png");
  return ext[format];
}

/* Lower-case ASCII letters and digits, every other run as one "-", none at either end. */
static char *
slug_of (const char *text)
{
  g_autofree char *ascii = NULL;
  GString *s = g_string_new (NULL);
  gboolean dash = FALSE;

  if (text == NULL)
    return g_string_free (s, FALSE);
  /* "C": transliterations that need no locale (é → e, ß → ss); what has none becomes "?" */
  ascii = g_str_to_ascii (text, "C");
  for (const char *p = ascii; *p != '\0' && s->len <= SLUG_MAX; p++)
    {
      if (g_ascii_isalnum (*p))
        {
          if (dash && s->len > 0)
            g_string_append_c (s, '-');
          g_string_append_c (s, g_ascii_tolower (*p));
          dash = FALSE;
        }
      else
        dash = TRUE;
    }
  if (s->len > SLUG_MAX)
    g_string_truncate (s, SLUG_MAX);
  while (s->len > 0 && s->str[s->len - 1] == '-')
    g_string_truncate (s, s->len - 1);
  return g_string_free (s, FALSE);
}

char *
dpviz_lesson_export_slug (const char *title, const char *fallback)
{
  char *slug = slug_of (title);

  if (*slug == '\0')
    {
      g_free (slug);
      slug = slug_of (fallback);
    }
  if (*slug == '\0')
    {
      g_free (slug);
      slug = g_strdup ("figure");
    }
  return slug;
}

DpvizLessonExportPlan *
dpviz_lesson_export_plan_new (const DpvizLesson *lesson, GError **error)
{
  g_autoptr(DpvizLessonExportPlan) plan = g_new0 (DpvizLessonExportPlan, 1);
  guint n;

  g_return_val_if_fail (lesson != NULL && lesson->steps != NULL, NULL);
  n = lesson->steps->len;
  if (n == 0)
    {
      g_set_error_literal (error, DPVIZ_LESSON_EXPORT_ERROR, DPVIZ_LESSON_EXPORT_ERROR_INVALID,
                           _("The lesson has no steps."));
      return NULL;
    }
  plan->steps = g_new0 (PlanStep, n);
  plan->n_steps = n;
  /* the width of the number of steps, at least 2: 01 … 09 for a short lesson too */
  plan->digits = 2;
  for (guint m = n; m >= 100; m /= 10)
    plan->digits++;
  for (guint i = 0; i < n; i++)
    {
      const DpvizLessonStep *step = g_ptr_array_index (lesson->steps, i);
      PlanStep *p = &plan->steps[i];
      g_autoptr(GError) local_error = NULL;

      p->params = step->params;
      p->view = dpv_registry_get (step->view);
      p->title = g_strdup (step->title);
      if (p->view == NULL || !dpv_params_validate (&p->params, &local_error))
        {
          g_set_error (error, DPVIZ_LESSON_EXPORT_ERROR, DPVIZ_LESSON_EXPORT_ERROR_INVALID,
                       /* Translators: a step's number, then why it is refused */
                       _("Step %u: %s"), i + 1,
                       local_error != NULL ? local_error->message : _("unknown view"));
          return NULL;
        }
      p->slug = dpviz_lesson_export_slug (p->title, p->view->name);
    }
  return g_steal_pointer (&plan);
}

void
dpviz_lesson_export_plan_free (DpvizLessonExportPlan *plan)
{
  if (plan == NULL)
    return;
  for (guint i = 0; plan->steps != NULL && i < plan->n_steps; i++)
    {
      g_free (plan->steps[i].title);
      g_free (plan->steps[i].slug);
    }
  g_free (plan->steps);
  g_free (plan);
}

guint
dpviz_lesson_export_plan_get_n_steps (const DpvizLessonExportPlan *plan)
{
  return plan->n_steps;
}

char *
dpviz_lesson_export_plan_file_name (const DpvizLessonExportPlan *plan, guint index,
                                    const char *extension)
{
  g_return_val_if_fail (index < plan->n_steps, NULL);
  return g_strdup_printf ("%0*u-%s.%s", plan->digits, index + 1, plan->steps[index].slug,
                          extension);
}

const char *
dpviz_lesson_export_plan_get_title (const DpvizLessonExportPlan *plan, guint index)
{
  g_return_val_if_fail (index < plan->n_steps, NULL);
  return plan->steps[index].title;
}

const char *
dpviz_lesson_export_plan_get_view_name (const DpvizLessonExportPlan *plan, guint index)
{
  g_return_val_if_fail (index < plan->n_steps, NULL);
  return plan->steps[index].view->name;
}

typedef struct {
  GFile *file;
  GBytes *bytes;
  guint step;
} Output;

static void
output_clear (gpointer data)
{
  Output *o = data;

  g_clear_object (&o->file);
  g_clear_pointer (&o->bytes, g_bytes_unref);
}

/* Creates @dir unless it is a folder already; its parent is not created. */
static gboolean
ensure_dir (GFile *dir, gboolean *created, GError **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *shown = g_file_get_parse_name (dir);

  *created = FALSE;
  if (g_file_make_directory (dir, NULL, &local_error))
    {
      *created = TRUE;
      return TRUE;
    }
  if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS)
      && g_file_query_file_type (dir, G_FILE_QUERY_INFO_NONE, NULL) == G_FILE_TYPE_DIRECTORY)
    return TRUE;
  if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
    g_set_error (error, DPVIZ_LESSON_EXPORT_ERROR, DPVIZ_LESSON_EXPORT_ERROR_WRITE,
                 _("“%s” is not a folder."), shown);
  else
    g_set_error (error, DPVIZ_LESSON_EXPORT_ERROR, DPVIZ_LESSON_EXPORT_ERROR_WRITE,
                 /* Translators: a folder, then the reason */
                 _("Cannot create the folder “%s”: %s"), shown, local_error->message);
  return FALSE;
}

GPtrArray *
dpviz_lesson_export_plan_run (const DpvizLessonExportPlan *plan, GFile *dir,
                              const DpvizLessonExportOptions *o, GCancellable *cancellable,
                              DpvizLessonExportProgress progress, gpointer user_data,
                              GError **error)
{
  g_autoptr(GArray) outputs = g_array_new (FALSE, TRUE, sizeof (Output));
  g_autoptr(GPtrArray) written = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) created = g_ptr_array_new ();
  const char *ext = dpviz_lesson_export_extension (o->format);
  gboolean dir_created = FALSE;

  g_return_val_if_fail (plan != NULL && G_IS_FILE (dir) && o != NULL, NULL);
  g_array_set_clear_func (outputs, output_clear);

  /* Every figure is drawn before anything is written: a step that cannot be drawn leaves
   * the folder as it was. */
  for (guint i = 0; i < plan->n_steps; i++)
    {
      const PlanStep *p = &plan->steps[i];
      g_autoptr(GError) local_error = NULL;
      g_autoptr(DpvFrame) frame = NULL;
      g_autofree char *name = dpviz_lesson_export_plan_file_name (plan, i, ext);
      DpvParams params = p->params;
      Output out = { 0 };
      double height = o->height;

      params.show_caption = o->show_caption;
      frame = dpv_frame_compute (p->view, &params, NULL, cancellable, &local_error);
      if (frame == NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;
        }
      if (o->max_height > o->height)
        height = dpv_figure_fit_height (frame, &o->style, o->width, o->height, o->max_height,
                                        o->scale);
      out.bytes = dpv_figure_export_to_bytes_full (frame, &o->style, o->format, o->width,
                                                   height, o->scale, o->dpi, &local_error);
      if (out.bytes == NULL)
        {
          g_set_error (error, DPVIZ_LESSON_EXPORT_ERROR, DPVIZ_LESSON_EXPORT_ERROR_RENDER,
                       _("Step %u: %s"), i + 1, local_error->message);
          return NULL;
        }
      out.file = g_file_get_child (dir, name);
      out.step = i;
      g_array_append_val (outputs, out);
      if (o->with_data)
        {
          g_autoptr(GPtrArray) series = dpv_figure_series (frame, &o->style, o->width,
                                                           height, &local_error);
          g_autofree char *csv_name = dpviz_lesson_export_plan_file_name (plan, i, "csv");
          Output data = { 0 };
          char *csv;

          if (series == NULL)
            {
              g_set_error (error, DPVIZ_LESSON_EXPORT_ERROR, DPVIZ_LESSON_EXPORT_ERROR_RENDER,
                           _("Step %u: %s"), i + 1, local_error->message);
              return NULL;
            }
          csv = dpv_series_to_csv (series);
          data.bytes = g_bytes_new_take (csv, strlen (csv));
          data.file = g_file_get_child (dir, csv_name);
          data.step = i;
          g_array_append_val (outputs, data);
        }
      if (progress != NULL)
        progress (i + 1, plan->n_steps, user_data);
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;

  if (!ensure_dir (dir, &dir_created, error))
    return NULL;
  for (guint i = 0; i < outputs->len; i++)
    {
      Output *out = &g_array_index (outputs, Output, i);
      gboolean is_new = !g_file_query_exists (out->file, NULL);
      g_autoptr(GError) local_error = NULL;

      if (!dpv_export_write_bytes (out->bytes, out->file, &local_error))
        {
          /* the files this call created go again; the folder too when it made it */
          for (guint j = 0; j < created->len; j++)
            g_file_delete (g_ptr_array_index (created, j), NULL, NULL);
          if (dir_created)
            g_file_delete (dir, NULL, NULL);
          g_set_error (error, DPVIZ_LESSON_EXPORT_ERROR, DPVIZ_LESSON_EXPORT_ERROR_WRITE,
                       _("Step %u: %s"), out->step + 1, local_error->message);
          return NULL;
        }
      if (is_new)
        g_ptr_array_add (created, out->file);
      g_ptr_array_add (written, g_object_ref (out->file));
    }
  if (progress != NULL)
    progress (plan->n_steps, plan->n_steps, user_data);
  return g_steal_pointer (&written);
}
