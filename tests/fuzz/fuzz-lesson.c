/* fuzz-lesson.c — libFuzzer target: the lesson loader, and saving what it loaded
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An input is a lesson file. Each run loads it (untranslated, or in Chinese for inputs of odd
 * length) and checks:
 *   - a refused file gets one line of UTF-8 (G_IO_ERROR_INVALID_DATA), at most 600 bytes;
 *   - a loaded lesson saves, and saved unchanged it is the same bytes as the input;
 *   - a step removed and restored (undo) saves as the same bytes again;
 *   - after edits chosen from the input's hash (values, notes, the title, steps added,
 *     removed and moved), it saves, the saved text loads again, and the lesson loaded is
 *     the lesson edited (load → validate → save → load gives the same lesson); saving that
 *     gives the same bytes once more;
 *   - no GLib warning or critical (they abort).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <gio/gio.h>

#include "dpviz-lesson-file.h"
#include "fuzz-common.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static const char *const C_ONLY[] = { "C", NULL };
static const char *const ZH[] = { "zh_CN.UTF-8", "zh_CN", "zh", "C", NULL };

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  fuzz_common_init ();
  return 0;
}

G_GNUC_NORETURN static void
fail (const char *what, const char *detail)
{
  g_printerr ("fuzz-lesson: %s%s%s\n", what, detail != NULL ? ": " : "",
              detail != NULL ? detail : "");
  abort ();
}

/* A small generator seeded by the input, so that a run is reproducible from its input. */
static guint32
next (guint64 *state)
{
  *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (guint32) (*state >> 33);
}

static void
assert_same_lesson (const DpvizLesson *a, const DpvizLesson *b)
{
  if (g_strcmp0 (a->title, b->title) != 0)
    fail ("the title changed on the way through the file", b->title);
  if (a->steps->len != b->steps->len)
    fail ("the number of steps changed on the way through the file", NULL);
  for (guint i = 0; i < a->steps->len; i++)
    {
      const DpvizLessonStep *x = g_ptr_array_index (a->steps, i);
      const DpvizLessonStep *y = g_ptr_array_index (b->steps, i);
      const DpvParams *p = &x->params, *q = &y->params;

      if (x->view != y->view || p->mechanism != q->mechanism || p->epsilon != q->epsilon
          || p->delta != q->delta || p->sensitivity != q->sensitivity || p->k != q->k
          || (p->eps_prime < 0) != (q->eps_prime < 0)
          || (p->eps_prime >= 0 && p->eps_prime != q->eps_prime)
          || !!p->log_y != !!q->log_y)
        fail ("a step's values changed on the way through the file", NULL);
      if (g_strcmp0 (x->note, y->note) != 0)
        fail ("a step's note changed on the way through the file", y->note);
    }
}

static GBytes *
save_or_fail (const DpvizLesson *lesson, const char *when)
{
  g_autoptr(GError) error = NULL;
  GBytes *bytes = dpviz_lesson_to_bytes (lesson, &error);

  if (bytes == NULL)
    fail (when, error->message);
  return bytes;
}

static void
edit (DpvizLesson *lesson, guint64 *state)
{
  static const double epsilons[] = { 0.01, 0.1, 1.0 / 3.0, 1, 2.5, 10 };
  static const double deltas[] = { 1e-12, 1e-6, 1e-5, 0.01, 0.5 };
  static const char *const notes[] = { NULL, "note", "  spaced  ", "two\nlines",
                                       "back\\slash [x] #y =z", "中文注释", "tab\there" };
  guint edits = 1 + next (state) % 6;

  for (guint e = 0; e < edits; e++)
    {
      guint n = lesson->steps->len;
      guint i = next (state) % n;
      DpvizLessonStep *step = g_ptr_array_index (lesson->steps, i);
      DpvParams p = step->params;

      switch (next (state) % 9)
        {
        case 0:
          p.epsilon = epsilons[next (state) % G_N_ELEMENTS (epsilons)];
          p.delta = deltas[next (state) % G_N_ELEMENTS (deltas)];
          if (!dpviz_lesson_set_step (lesson, i, &p, step->view, NULL))
            fail ("a valid step was refused", NULL);
          break;
        case 1:
          p.k = 1 + next (state) % 10000;
          p.mechanism = (DpMechanismKind) (next (state) % DP_N_MECHANISMS);
          if (!dpviz_lesson_set_step (lesson, i, &p, next (state) % dpv_registry_get_n_views (),
                                      NULL))
            fail ("a valid step was refused", NULL);
          break;
        case 2:
          p.eps_prime = p.eps_prime >= 0 ? -1.0 : (next (state) % 1001) / 100.0;
          p.log_y = !p.log_y;
          if (!dpviz_lesson_set_step (lesson, i, &p, step->view, NULL))
            fail ("a valid step was refused", NULL);
          break;
        case 3:
          dpviz_lesson_set_step_note (lesson, i, notes[next (state) % G_N_ELEMENTS (notes)]);
          break;
        case 4:
          dpviz_lesson_set_title (lesson, notes[next (state) % G_N_ELEMENTS (notes)]);
          break;
        case 5:
          if (n > 1)
            dpviz_lesson_step_free (dpviz_lesson_remove_step (lesson, i));
          break;
        case 6:
          if (n < 1000)
            {
              dpv_params_init (&p);
              p.k = 1 + next (state) % 50;
              dpviz_lesson_insert_step (lesson, next (state) % (n + 1), &p,
                                        next (state) % dpv_registry_get_n_views (),
                                        notes[next (state) % G_N_ELEMENTS (notes)]);
            }
          break;
        case 7:
          dpviz_lesson_move_step (lesson, i, next (state) % n);
          break;
        default:
          {
            /* Removed and put back somewhere else (undo after a move). */
            DpvizLessonStep *taken = dpviz_lesson_remove_step (lesson, i);

            dpviz_lesson_restore_step (lesson, next (state) % n, taken);
          }
          break;
        }
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  const char *const *languages = (size % 2) ? ZH : C_ONLY;
  g_autoptr(GError) error = NULL;
  g_autoptr(DpvizLesson) lesson = NULL;
  g_autoptr(DpvizLesson) again = NULL;
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(GBytes) edited = NULL;
  g_autoptr(GBytes) edited_again = NULL;
  guint64 state = 1469598103934665603ULL;
  gsize length = 0;
  const char *text;

  if (size > 2 * 1024 * 1024)
    return -1;
  lesson = dpviz_lesson_load_from_data_for_languages ((const char *) data, size, languages,
                                                      &error);
  if (lesson == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA))
        fail ("a refusal that is not G_IO_ERROR_INVALID_DATA", error->message);
      if (!g_utf8_validate (error->message, -1, NULL) || strchr (error->message, '\n') != NULL
          || strlen (error->message) > 600)
        fail ("a refusal that is not one short line of UTF-8", error->message);
      return 0;
    }
  if (lesson->steps->len == 0 || lesson->steps->len > 1000)
    fail ("a lesson loaded with no steps or too many", NULL);

  /* Unchanged: the same bytes. */
  saved = save_or_fail (lesson, "a loaded lesson could not be saved");
  if (g_bytes_get_size (saved) != size
      || memcmp (g_bytes_get_data (saved, NULL), data, size) != 0)
    fail ("an unchanged lesson saved as other bytes", NULL);

  for (gsize i = 0; i < size; i++)
    state = (state ^ data[i]) * 1099511628211ULL;

  /* Undo of a removal: the same bytes. */
  {
    guint i = next (&state) % lesson->steps->len;
    DpvizLessonStep *taken = dpviz_lesson_remove_step (lesson, i);
    g_autoptr(GBytes) restored = NULL;

    dpviz_lesson_restore_step (lesson, i, taken);
    restored = save_or_fail (lesson, "a restored lesson could not be saved");
    if (!g_bytes_equal (restored, saved))
      fail ("a step removed and restored saved as other bytes", NULL);
  }

  edit (lesson, &state);
  edited = save_or_fail (lesson, "an edited lesson could not be saved");
  text = g_bytes_get_data (edited, &length);
  again = dpviz_lesson_load_from_data_for_languages (text, length, languages, &error);
  if (again == NULL)
    {
      g_autofree char *shown = g_strndup (text, MIN (length, 4000));

      g_printerr ("fuzz-lesson: saved text:\n%s\n", shown);
      fail ("a saved lesson did not load again", error->message);
    }
  assert_same_lesson (lesson, again);
  edited_again = save_or_fail (again, "a reloaded lesson could not be saved");
  if (!g_bytes_equal (edited_again, edited))
    fail ("a reloaded lesson saved as other bytes", NULL);
  return 0;
}
