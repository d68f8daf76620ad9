/* dpviz-lesson-file.h — lesson files: read strictly, saved without losing a word
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A lesson file (docs/lesson-format.md) has a [Lesson] group (Version, Title) and one
 * [Step N] group per demonstration (Mechanism, View, Epsilon, Delta, Sensitivity, K, and the
 * optional EpsilonPrime, LogY, Title and Note). Loading checks everything before anything is used:
 * a malformed or hostile file gets one clear translated line and yields nothing.
 *
 * A loaded lesson keeps the file it came from, line by line. Saving writes that text back,
 * changed only where a value of the lesson changed: translations (Title[zh_CN]), comments,
 * unknown keys and groups, the order of keys and groups, blank lines and line ends all stay.
 * Saving an unchanged lesson writes the same bytes. No GTK: the app, dpviz-cli and the fuzzer
 * (tests/fuzz) link it.
 */
#pragma once

#include <gio/gio.h>

#include "dpv-params.h"
#include "dpv-registry.h"

G_BEGIN_DECLS

typedef struct _DpvizLessonSource DpvizLessonSource;
typedef struct _DpvizLessonStepSource DpvizLessonStepSource;

typedef struct {
  DpvParams params;
  guint view;                      /* index in the registry (dpv-registry.h) */
  char *title;                     /* a short name for the step (exported figures), or NULL */
  char *note;                      /* may be NULL */
  DpvizLessonStepSource *source;   /* private: the group the step was read from, or NULL */
} DpvizLessonStep;

typedef struct {
  char *title;                     /* may be NULL */
  GPtrArray *steps;                /* of DpvizLessonStep*, at least one */
  DpvizLessonSource *source;       /* private: the text read, the file to save to */
} DpvizLesson;

/* An empty lesson (no steps yet) whose steps array owns its elements. @title may be NULL.
 * Saved, it is written in the layout of docs/lesson-format.md. */
DpvizLesson *dpviz_lesson_new (const char *title);
void dpviz_lesson_free (DpvizLesson *lesson);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DpvizLesson, dpviz_lesson_free)
void dpviz_lesson_step_free (DpvizLessonStep *step);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DpvizLessonStep, dpviz_lesson_step_free)

/* Appends a copy of @params as a new step; @note may be NULL
 * (stripped of surrounding white space; an empty note is no note). */
DpvizLessonStep *dpviz_lesson_add_step (DpvizLesson *lesson, const DpvParams *params,
                                        guint view, const char *note);
/* The same at position @index (0 … number of steps). */
DpvizLessonStep *dpviz_lesson_insert_step (DpvizLesson *lesson, guint index,
                                           const DpvParams *params, guint view,
                                           const char *note);
/* Takes step @index out of the lesson and gives it to the caller, who may put it back with
 * dpviz_lesson_restore_step () (undo): a restored step is saved in its old group, with its
 * comments and unknown keys. */
DpvizLessonStep *dpviz_lesson_remove_step (DpvizLesson *lesson, guint index);
void dpviz_lesson_restore_step (DpvizLesson *lesson, guint index, DpvizLessonStep *step);
/* Moves step @from to position @to; steps are saved in the new order (renumbered when the
 * old numbers no longer increase). */
void dpviz_lesson_move_step (DpvizLesson *lesson, guint from, guint to);
/* Sets step @index's parameters and view after checking them with the rules of loading;
 * refused values change nothing. */
gboolean dpviz_lesson_set_step (DpvizLesson *lesson, guint index, const DpvParams *params,
                                guint view, GError **error);
void dpviz_lesson_set_step_note (DpvizLesson *lesson, guint index, const char *note);
/* The step's title (stripped; empty or NULL: none), at most 200 characters when saved. */
void dpviz_lesson_set_step_title (DpvizLesson *lesson, guint index, const char *title);
void dpviz_lesson_set_title (DpvizLesson *lesson, const char *title);

/* Reads a lesson. Title and Note are taken in the first of @languages that the file has
 * (as g_get_language_names (), which dpviz_lesson_load_from_data () uses; "C" means the
 * untranslated value). */
DpvizLesson *dpviz_lesson_load_from_data_for_languages (const char *data, gsize length,
                                                        const char *const *languages,
                                                        GError **error);
DpvizLesson *dpviz_lesson_load_from_data (const char *data, gsize length, GError **error);
/* Also remembers @file (dpviz_lesson_get_file ()). */
DpvizLesson *dpviz_lesson_load (GFile *file, GError **error);

/* The file the lesson was loaded from (or set with dpviz_lesson_set_file (), after a Save
 * As); NULL for a new lesson. */
GFile *dpviz_lesson_get_file (const DpvizLesson *lesson);
void dpviz_lesson_set_file (DpvizLesson *lesson, GFile *file);

/* The text of the lesson, checked with the rules of loading (so a saved file always loads
 * again): the file it was read from, changed only where the lesson changed. */
GBytes *dpviz_lesson_to_bytes (const DpvizLesson *lesson, GError **error);
/* Writes dpviz_lesson_to_bytes () atomically to @file (dpv_atomic_write_file ()): any
 * failure leaves an existing file byte for byte as it was. */
gboolean dpviz_lesson_save (const DpvizLesson *lesson, GFile *file, GError **error);

G_END_DECLS
