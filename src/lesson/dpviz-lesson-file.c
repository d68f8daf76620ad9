/* dpviz-lesson-file.c — lesson files: read strictly, saved without losing a word
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The format and every rule checked here are documented in docs/lesson-format.md. The
 * syntax (lines, groups, entries, escapes, repeated groups and keys) is checked by
 * dpviz-lesson-doc.c; this file checks the meaning (groups, keys, numbers, names, lengths)
 * and writes a lesson back into the document it was read from. Limits on size, step count
 * and text lengths keep a hostile file from costing memory or time.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "dpv-atomic-file.h"
#include "dpv-display.h"
#include "dpviz-lesson-doc.h"
#include "dpviz-lesson-file.h"

#define LESSON_GROUP "Lesson"
#define LESSON_VERSION 1
#define LESSON_MAX_BYTES (1024 * 1024)
#define LESSON_MAX_STEPS 1000
#define LESSON_MAX_TITLE_CHARS 200
#define LESSON_MAX_NOTE_CHARS 4000
#define STEP_PREFIX "Step "
/* How much of an offending value an error message quotes. */

struct _DpvizLessonSource {
  DpvizLessonDoc *doc;
  GFile *file;                 /* NULL until loaded from or saved to a file */
  char *title;                 /* the title as read */
  DpvizDocLine *title_line;    /* the entry it was read from, or NULL */
};

struct _DpvizLessonStepSource {
  DpvizLessonDoc *doc;         /* a reference: a removed step keeps its group alive */
  DpvizDocGroup *group;
  guint64 number;              /* N of its [Step N] */
  DpvParams params;            /* as read */
  guint view;
  char *title;
  DpvizDocLine *title_line;    /* the entry the title was read from, or NULL */
  char *note;
  DpvizDocLine *note_line;     /* the entry the note was read from, or NULL */
};

/* The keys a group of the format knows; other keys are kept and ignored. */
typedef struct {
  const char *key;
  gboolean localizable;
} KnownKey;

static const KnownKey lesson_keys[] = {
  { "Version", FALSE },
  { "Title", TRUE },
};

static const KnownKey step_keys[] = {
  { "Mechanism", FALSE }, { "View", FALSE }, { "Epsilon", FALSE }, { "Delta", FALSE },
  { "Sensitivity", FALSE }, { "K", FALSE }, { "EpsilonPrime", FALSE }, { "LogY", FALSE },
  { "Title", TRUE }, { "Note", TRUE },
};

/* The parameters a step names by the keys of step_keys; every other row of the parameter
 * table is an optional key of a step, its lesson key (“Seed”), read and checked by the
 * table. */
static gboolean
has_own_key (DpvParamId id)
{
  switch (id)
    {
    case DPV_PARAM_MECHANISM:
    case DPV_PARAM_EPSILON:
    case DPV_PARAM_DELTA:
    case DPV_PARAM_SENSITIVITY:
    case DPV_PARAM_K:
    case DPV_PARAM_EPS_PRIME:
    case DPV_PARAM_LOG_Y:
      return TRUE;
    default:
      return FALSE;
    }
}

/* The table's other keys as known keys of a step (none of them translatable); returns how
 * many. */
static gsize
table_keys (KnownKey *out)
{
  gsize n = 0;

  for (int id = 0; id < DPV_N_PARAMS; id++)
    if (!has_own_key (id) && dpv_param_spec (id)->key != NULL)
      {
        out[n].key = dpv_param_spec (id)->key;
        out[n].localizable = FALSE;
        n++;
      }
  return n;
}

/* ---- small helpers ---------------------------------------------------------------------- */

static char *
quote_value (const char *str)
{
  return dpv_quote_for_message (str, DPV_QUOTE_MAX_CHARS);
}

static char *
format_number (double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (buf, sizeof buf, "%.6g", value));
}

/* The shortest of %.15g, %.16g, %.17g that reads back as exactly @value: readable for the
 * lecturer who edits the file by hand, exact for the round trip. */
static void
format_exact (double value, char buf[G_ASCII_DTOSTR_BUF_SIZE])
{
  static const char *const formats[] = { "%.15g", "%.16g", "%.17g" };

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_ascii_formatd (buf, G_ASCII_DTOSTR_BUF_SIZE, formats[i], value);
      if (g_ascii_strtod (buf, NULL) == value)
        return;
    }
}

/* A title or note as kept: without surrounding white space, NULL when empty. */
static char *
normalize_text (const char *text)
{
  char *copy;

  if (text == NULL)
    return NULL;
  copy = g_strstrip (g_strdup (text));
  if (*copy == '\0')
    g_clear_pointer (&copy, g_free);
  return copy;
}

/* The plain decimal numbers of the format, the JSON number grammar:
 * -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? — no sign "+", no hexadecimal, no leading
 * zero, no "inf" or "nan", no white space. */
static gboolean
is_plain_decimal (const char *s)
{
  if (*s == '-')
    s++;
  if (*s == '0')
    s++;
  else if (*s >= '1' && *s <= '9')
    while (g_ascii_isdigit (*s))
      s++;
  else
    return FALSE;
  if (*s == '.')
    {
      s++;
      if (!g_ascii_isdigit (*s))
        return FALSE;
      while (g_ascii_isdigit (*s))
        s++;
    }
  if (*s == 'e' || *s == 'E')
    {
      s++;
      if (*s == '+' || *s == '-')
        s++;
      if (!g_ascii_isdigit (*s))
        return FALSE;
      while (g_ascii_isdigit (*s))
        s++;
    }
  return *s == '\0';
}

/* A whole number written 0 or [1-9][0-9]*: no sign, no leading zero. */
static gboolean
is_plain_whole (const char *s)
{
  if (s[0] == '0' && s[1] == '\0')
    return TRUE;   /* zero itself (a seed); the ranges decide */
  if (*s < '1' || *s > '9')
    return FALSE;
  while (g_ascii_isdigit (*s))
    s++;
  return *s == '\0';
}

static char *
list_mechanism_names (void)
{
  GString *names = g_string_new (NULL);

  for (int m = 0; m < DP_N_MECHANISMS; m++)
    {
      if (m > 0)
        g_string_append (names, ", ");
      g_string_append (names, dp_mechanism_kind_to_name ((DpMechanismKind) m));
    }
  return g_string_free (names, FALSE);
}

static char *
list_view_names (void)
{
  GString *names = g_string_new (NULL);

  for (guint v = 0; v < dpv_registry_get_n_views (); v++)
    {
      if (v > 0)
        g_string_append (names, ", ");
      g_string_append (names, dpv_registry_get (v)->name);
    }
  return g_string_free (names, FALSE);
}

/* ---- lessons and steps ------------------------------------------------------------------ */

static void
step_source_free (DpvizLessonStepSource *source)
{
  if (source == NULL)
    return;
  dpviz_lesson_doc_unref (source->doc);
  g_free (source->title);
  g_free (source->note);
  g_free (source);
}

void
dpviz_lesson_step_free (DpvizLessonStep *step)
{
  if (step == NULL)
    return;
  g_free (step->title);
  g_free (step->note);
  step_source_free (step->source);
  g_free (step);
}

static void
lesson_source_free (DpvizLessonSource *source)
{
  if (source == NULL)
    return;
  dpviz_lesson_doc_unref (source->doc);
  g_clear_object (&source->file);
  g_free (source->title);
  g_free (source);
}

static DpvizLesson *
lesson_new_for_doc (DpvizLessonDoc *doc)
{
  DpvizLesson *lesson = g_new0 (DpvizLesson, 1);

  lesson->steps = g_ptr_array_new_with_free_func ((GDestroyNotify) dpviz_lesson_step_free);
  lesson->source = g_new0 (DpvizLessonSource, 1);
  lesson->source->doc = doc;
  return lesson;
}

DpvizLesson *
dpviz_lesson_new (const char *title)
{
  DpvizLessonDoc *doc = dpviz_lesson_doc_new ();
  DpvizDocGroup *preamble = g_ptr_array_index (doc->groups, 0);
  DpvizDocGroup *group;
  DpvizLesson *lesson;

  /* A comment before the first group (untranslated: the file is data, not UI). */
  g_ptr_array_add (preamble->body,
                   dpviz_doc_line_new_text ("# DPViz lesson: one [Step N] group per "
                                            "demonstration.", doc->eol));
  g_ptr_array_add (preamble->body,
                   dpviz_doc_line_new_text ("# Format: docs/lesson-format.md in the DPViz "
                                            "sources.", doc->eol));
  group = dpviz_lesson_doc_add_group (doc, LESSON_GROUP);
  /* No blank line between the comment and the first group. */
  g_ptr_array_set_size (group->lead, 0);
  g_ptr_array_add (group->body, dpviz_doc_line_new_entry ("Version", NULL, "1", doc->eol));

  lesson = lesson_new_for_doc (doc);
  lesson->title = normalize_text (title);
  return lesson;
}

void
dpviz_lesson_free (DpvizLesson *lesson)
{
  if (lesson == NULL)
    return;
  g_free (lesson->title);
  g_clear_pointer (&lesson->steps, g_ptr_array_unref);
  lesson_source_free (lesson->source);
  g_free (lesson);
}

static DpvizLessonStep *
step_new (const DpvParams *params, guint view, const char *note)
{
  DpvizLessonStep *step = g_new0 (DpvizLessonStep, 1);

  step->params = *params;
  step->view = view;
  step->note = normalize_text (note);
  return step;
}

DpvizLessonStep *
dpviz_lesson_add_step (DpvizLesson *lesson, const DpvParams *params, guint view,
                       const char *note)
{
  g_return_val_if_fail (lesson != NULL, NULL);
  g_return_val_if_fail (params != NULL, NULL);

  return dpviz_lesson_insert_step (lesson, lesson->steps->len, params, view, note);
}

DpvizLessonStep *
dpviz_lesson_insert_step (DpvizLesson *lesson, guint index, const DpvParams *params,
                          guint view, const char *note)
{
  DpvizLessonStep *step;

  g_return_val_if_fail (lesson != NULL, NULL);
  g_return_val_if_fail (params != NULL, NULL);
  g_return_val_if_fail (index <= lesson->steps->len, NULL);

  step = step_new (params, view, note);
  g_ptr_array_insert (lesson->steps, (gint) index, step);
  return step;
}

DpvizLessonStep *
dpviz_lesson_remove_step (DpvizLesson *lesson, guint index)
{
  g_return_val_if_fail (lesson != NULL, NULL);
  g_return_val_if_fail (index < lesson->steps->len, NULL);

  return g_ptr_array_steal_index (lesson->steps, index);
}

void
dpviz_lesson_restore_step (DpvizLesson *lesson, guint index, DpvizLessonStep *step)
{
  g_return_if_fail (lesson != NULL);
  g_return_if_fail (step != NULL);
  g_return_if_fail (index <= lesson->steps->len);

  g_ptr_array_insert (lesson->steps, (gint) index, step);
}

void
dpviz_lesson_move_step (DpvizLesson *lesson, guint from, guint to)
{
  gpointer step;

  g_return_if_fail (lesson != NULL);
  g_return_if_fail (from < lesson->steps->len && to < lesson->steps->len);

  step = g_ptr_array_steal_index (lesson->steps, from);
  g_ptr_array_insert (lesson->steps, (gint) to, step);
}

void
dpviz_lesson_set_step_note (DpvizLesson *lesson, guint index, const char *note)
{
  DpvizLessonStep *step;

  g_return_if_fail (lesson != NULL);
  g_return_if_fail (index < lesson->steps->len);

  step = g_ptr_array_index (lesson->steps, index);
  g_free (step->note);
  step->note = normalize_text (note);
}

void
dpviz_lesson_set_step_title (DpvizLesson *lesson, guint index, const char *title)
{
  DpvizLessonStep *step;

  g_return_if_fail (lesson != NULL);
  g_return_if_fail (index < lesson->steps->len);

  step = g_ptr_array_index (lesson->steps, index);
  g_free (step->title);
  step->title = normalize_text (title);
}

void
dpviz_lesson_set_title (DpvizLesson *lesson, const char *title)
{
  g_return_if_fail (lesson != NULL);

  g_free (lesson->title);
  lesson->title = normalize_text (title);
}

GFile *
dpviz_lesson_get_file (const DpvizLesson *lesson)
{
  g_return_val_if_fail (lesson != NULL, NULL);

  return lesson->source->file;
}

void
dpviz_lesson_set_file (DpvizLesson *lesson, GFile *file)
{
  g_return_if_fail (lesson != NULL);
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  g_set_object (&lesson->source->file, file);
}

/* ---- reading ---------------------------------------------------------------------------- */

static void
set_missing_key_error (GError **error, const char *group, const char *key)
{
  g_autofree char *shown = quote_value (group);

  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
               /* Translators: a lesson file lacks a required entry. The first %s is a group
                * name such as “Step 2”, the second a key name such as “Epsilon”. */
               _("Group “%s” lacks the required key “%s”."), shown, key);
}

/* The untranslated value of @key, or NULL with @error set. */
static const char *
get_required (const DpvizDocGroup *group, const char *key, GError **error)
{
  DpvizDocLine *line = dpviz_doc_group_find_entry (group, key, NULL);

  if (line == NULL)
    {
      set_missing_key_error (error, group->name, key);
      return NULL;
    }
  return line->value;
}

/* A plain decimal number within [min, max]. */
static gboolean
parse_number (const DpvizDocGroup *group, const char *key, const char *str, double min,
              double max, double *out, GError **error)
{
  g_autofree char *quoted = quote_value (str);
  g_autofree char *shown_group = quote_value (group->name);
  double value;

  if (!is_plain_decimal (str))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   /* Translators: “0.5” and “1e-05” are examples of the file syntax. */
                   _("Key “%s” in group “%s” must be a plain decimal number such as 0.5 or "
                     "1e-05, not “%s”."),
                   key, shown_group, quoted);
      return FALSE;
    }
  value = g_ascii_strtod (str, NULL);
  if (!isfinite (value))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("Key “%s” in group “%s” must be a finite number, not “%s”."), key,
                   shown_group, quoted);
      return FALSE;
    }
  if (value < min || value > max)
    {
      g_autofree char *min_str = format_number (min);
      g_autofree char *max_str = format_number (max);
      g_autofree char *value_str = format_number (value);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   /* Translators: “Key “Epsilon” in group “Step 2” is 42, outside the allowed
                    * range 0.01 to 10.” */
                   _("Key “%s” in group “%s” is %s, outside the allowed range %s to %s."), key,
                   shown_group, value_str, min_str, max_str);
      return FALSE;
    }
  *out = value;
  return TRUE;
}

static gboolean
get_number (const DpvizDocGroup *group, const char *key, double min, double max, double *out,
            GError **error)
{
  const char *str = get_required (group, key, error);

  return str != NULL && parse_number (group, key, str, min, max, out, error);
}

static gboolean
get_whole (const DpvizDocGroup *group, const char *key, guint64 min, guint64 max,
           guint64 *out, GError **error)
{
  const char *str = get_required (group, key, error);
  guint64 value = 0;

  if (str == NULL)
    return FALSE;
  if (!is_plain_whole (str)
      || !g_ascii_string_to_unsigned (str, 10, min, max, &value, NULL))
    {
      /* The bounds are formatted first: a G_GUINT64_FORMAT inside _() would cut the msgid
       * at the "%" for xgettext, and the message could never be translated. */
      g_autofree char *min_text = g_strdup_printf ("%" G_GUINT64_FORMAT, min);
      g_autofree char *max_text = g_strdup_printf ("%" G_GUINT64_FORMAT, max);
      g_autofree char *quoted = quote_value (str);
      g_autofree char *shown_group = quote_value (group->name);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("Key “%s” in group “%s” must be a whole number from %s to %s, not “%s”."),
                   key, shown_group, min_text, max_text, quoted);
      return FALSE;
    }
  *out = value;
  return TRUE;
}

/* The value of a localizable key in the first of @languages the group has ("C": the
 * untranslated one), and the entry it came from; after checking that every translation
 * obeys @max_chars, whatever the language. */
static gboolean
get_text (const DpvizDocGroup *group, const char *key, glong max_chars,
          const char *const *languages, char **out, DpvizDocLine **line_out, GError **error)
{
  DpvizDocLine *chosen = NULL;

  for (guint i = 0; i < group->body->len; i++)
    {
      DpvizDocLine *line = g_ptr_array_index (group->body, i);

      if (line->key == NULL || !g_str_equal (line->key, key))
        continue;
      if (g_utf8_strlen (line->value, -1) > max_chars)
        {
          g_autofree char *shown_group = quote_value (group->name);
          g_autofree char *shown_key = line->locale != NULL
                                       ? g_strdup_printf ("%s[%s]", key, line->locale)
                                       : g_strdup (key);

          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("Key “%s” in group “%s” is too long: at most %ld characters are "
                         "allowed."),
                       shown_key, shown_group, max_chars);
          return FALSE;
        }
    }
  for (guint i = 0; languages[i] != NULL && chosen == NULL; i++)
    chosen = dpviz_doc_group_find_entry (group, key,
                                         g_str_equal (languages[i], "C") ? NULL : languages[i]);
  if (chosen == NULL)
    chosen = dpviz_doc_group_find_entry (group, key, NULL);
  *line_out = chosen;
  *out = chosen != NULL ? normalize_text (chosen->value) : NULL;
  return TRUE;
}

/* Refuses a key of a known group that differs from a known key only in letter case
 * (“epsilon”), and a translation of a key that cannot be translated (“Epsilon[zh_CN]”): both
 * would silently be ignored. */
static gboolean
check_known_keys (const DpvizDocGroup *group, const KnownKey *known, gsize n_known,
                  GError **error)
{
  for (guint i = 0; i < group->body->len; i++)
    {
      DpvizDocLine *line = g_ptr_array_index (group->body, i);

      if (line->key == NULL)
        continue;
      for (gsize k = 0; k < n_known; k++)
        {
          g_autofree char *shown_group = NULL;

          if (g_ascii_strcasecmp (line->key, known[k].key) != 0)
            continue;
          shown_group = quote_value (group->name);
          if (!g_str_equal (line->key, known[k].key))
            {
              g_autofree char *shown_key = quote_value (line->key);

              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           /* Translators: keys are case-sensitive: “Key “epsilon” in group
                            * “Step 1” must be written “Epsilon”.” */
                           _("Key “%s” in group “%s” must be written “%s”."), shown_key,
                           shown_group, known[k].key);
              return FALSE;
            }
          if (line->locale != NULL && !known[k].localizable)
            {
              g_autofree char *shown_locale = quote_value (line->locale);

              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           /* Translators: “Key “Epsilon[zh_CN]” in group “Step 1” cannot be
                            * translated: only Title and Note can.” */
                           _("Key “%s[%s]” in group “%s” cannot be translated: only Title "
                             "and Note can."),
                           known[k].key, shown_locale, shown_group);
              return FALSE;
            }
        }
    }
  return TRUE;
}

/* “Step N”, N written canonically (no sign, no leading zero) from 1 to LESSON_MAX_STEPS. */
static gboolean
parse_step_number (const char *group, guint64 *out)
{
  const char *digits;

  if (!g_str_has_prefix (group, STEP_PREFIX))
    return FALSE;
  digits = group + strlen (STEP_PREFIX);
  return is_plain_whole (digits)
         && g_ascii_string_to_unsigned (digits, 10, 1, LESSON_MAX_STEPS, out, NULL);
}

/* A group meant as a step: “Step ” and anything, or “step” in any letter case followed by
 * spaces, “_” or “-” and a digit (“[step 2]”, “[Step2]”, “[ STEP_3 ]”). */
static gboolean
looks_like_step (const char *name)
{
  const char *s = name;

  if (g_str_has_prefix (name, STEP_PREFIX))
    return TRUE;
  while (*s == ' ' || *s == '\t')
    s++;
  if (g_ascii_strncasecmp (s, "step", 4) != 0)
    return FALSE;
  s += 4;
  while (*s == ' ' || *s == '\t' || *s == '_' || *s == '-')
    s++;
  return g_ascii_isdigit (*s);
}

/* Every other parameter of the table whose key the step has: a number in the format's
 * grammar (plain decimal; a whole number for a count or a seed), then parsed and checked by
 * the table (the CLI's parser); absent, its default. */
static gboolean
read_table_params (const DpvizDocGroup *group, DpvParams *params, GError **error)
{
  for (int id = 0; id < DPV_N_PARAMS; id++)
    {
      const DpvParamSpec *spec = dpv_param_spec (id);
      g_autoptr(GError) local_error = NULL;
      const char *text;
      DpvParamValue v;

      if (has_own_key (id) || spec->key == NULL
          || dpviz_doc_group_find_entry (group, spec->key, NULL) == NULL)
        continue;
      text = get_required (group, spec->key, error);
      if (text == NULL)
        return FALSE;
      if (spec->kind == DPV_PARAM_KIND_DOUBLE && !is_plain_decimal (text))
        {
          double ignored;

          return parse_number (group, spec->key, text, spec->min, spec->max, &ignored, error);
        }
      if (spec->kind == DPV_PARAM_KIND_UINT || spec->kind == DPV_PARAM_KIND_SEED)
        {
          guint64 whole;

          if (!get_whole (group, spec->key, (guint64) spec->min, (guint64) spec->max, &whole,
                          error))
            return FALSE;
        }
      if (!dpv_param_parse (spec, text, &v, &local_error))
        {
          g_autofree char *shown_group = quote_value (group->name);

          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("Key “%s” in group “%s” cannot be read: %s"), spec->key, shown_group,
                       local_error->message);
          return FALSE;
        }
      dpv_params_set (params, id, &v);
    }
  return TRUE;
}

static DpvizLessonStep *
parse_step (const DpvizDocGroup *group, guint64 number, const char *const *languages,
            DpvizLessonDoc *doc, GError **error)
{
  g_autofree char *names = NULL;
  g_autofree char *quoted = NULL;
  g_autofree char *shown_group = quote_value (group->name);
  g_autoptr(DpvizLessonStep) step = g_new0 (DpvizLessonStep, 1);
  DpvizLessonStepSource *source;
  DpvParams params;
  const char *mechanism, *view;
  const DpvViewClass *view_class;
  DpvizDocLine *note_line = NULL;
  DpvizDocLine *title_line = NULL;
  guint64 k;

  dpv_params_init (&params);
  {
    KnownKey table[DPV_N_PARAMS];
    gsize n_table = table_keys (table);

    if (!check_known_keys (group, step_keys, G_N_ELEMENTS (step_keys), error)
        || !check_known_keys (group, table, n_table, error))
      return NULL;
  }

  mechanism = get_required (group, "Mechanism", error);
  if (mechanism == NULL)
    return NULL;
  if (!dp_mechanism_kind_from_name (mechanism, &params.mechanism))
    {
      quoted = quote_value (mechanism);
      names = list_mechanism_names ();
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   /* Translators: the last %s lists the known names, e.g. “laplace, gaussian,
                    * rr”; they are file keywords and stay untranslated. */
                   _("Key “%s” in group “%s” names an unknown mechanism “%s” (known: %s)."),
                   "Mechanism", shown_group, quoted, names);
      return NULL;
    }

  view = get_required (group, "View", error);
  if (view == NULL)
    return NULL;
  /* The registry's lookup ignores letter case; the format does not (“View=KL” is refused). */
  view_class = dpv_registry_lookup (view);
  if (view_class != NULL && g_str_equal (view_class->name, view))
    step->view = (guint) dpv_registry_index (view_class);
  else
    {
      quoted = quote_value (view);
      names = list_view_names ();
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("Key “%s” in group “%s” names an unknown view “%s” (known: %s)."), "View",
                   shown_group, quoted, names);
      return NULL;
    }

  if (!get_number (group, "Epsilon", DPV_PARAM_MIN (EPSILON), DPV_PARAM_MAX (EPSILON),
                   &params.epsilon, error)
      || !get_number (group, "Delta", DPV_PARAM_MIN (DELTA), DPV_PARAM_MAX (DELTA),
                      &params.delta, error)
      || !get_number (group, "Sensitivity", DPV_PARAM_MIN (SENSITIVITY),
                      DPV_PARAM_MAX (SENSITIVITY), &params.sensitivity, error)
      || !get_whole (group, "K", (guint64) DPV_PARAM_MIN (K), (guint64) DPV_PARAM_MAX (K), &k,
                     error))
    return NULL;
  params.k = (unsigned long) k;

  /* Optional: the regions view's threshold ε′ (absent = solved from δ) and the KL view's
   * log axis. */
  params.eps_prime = -1.0;
  if (dpviz_doc_group_find_entry (group, "EpsilonPrime", NULL) != NULL
      && !get_number (group, "EpsilonPrime", DPV_PARAM_MIN (EPS_PRIME),
                      DPV_PARAM_MAX (EPS_PRIME), &params.eps_prime, error))
    return NULL;
  params.log_y = FALSE;
  {
    DpvizDocLine *line = dpviz_doc_group_find_entry (group, "LogY", NULL);

    if (line != NULL && g_str_equal (line->value, "true"))
      params.log_y = TRUE;
    else if (line != NULL && !g_str_equal (line->value, "false"))
      {
        quoted = quote_value (line->value);
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                     _("Key “%s” in group “%s” must be “true” or “false”, not “%s”."), "LogY",
                     shown_group, quoted);
        return NULL;
      }
  }
  params.show_caption = TRUE;
  if (!read_table_params (group, &params, error))
    return NULL;

  if (!get_text (group, "Title", LESSON_MAX_TITLE_CHARS, languages, &step->title,
                 &title_line, error)
      || !get_text (group, "Note", LESSON_MAX_NOTE_CHARS, languages, &step->note, &note_line,
                    error))
    return NULL;
  step->params = params;

  source = g_new0 (DpvizLessonStepSource, 1);
  source->doc = dpviz_lesson_doc_ref (doc);
  source->group = (DpvizDocGroup *) group;
  source->number = number;
  source->params = params;
  source->view = step->view;
  source->title = g_strdup (step->title);
  source->title_line = title_line;
  source->note = g_strdup (step->note);
  source->note_line = note_line;
  step->source = source;
  return g_steal_pointer (&step);
}

typedef struct {
  guint64 number;
  const DpvizDocGroup *group;
} StepGroup;

static int
compare_step_groups (gconstpointer a, gconstpointer b)
{
  const StepGroup *sa = a, *sb = b;

  return (sa->number > sb->number) - (sa->number < sb->number);
}

DpvizLesson *
dpviz_lesson_load_from_data_for_languages (const char *data, gsize length,
                                           const char *const *languages, GError **error)
{
  g_autoptr(DpvizLessonDoc) doc = NULL;
  g_autoptr(DpvizLesson) lesson = NULL;
  g_autoptr(GArray) step_groups = NULL;
  const DpvizDocGroup *lesson_group = NULL;
  DpvizDocLine *title_line = NULL;
  g_autofree char *title = NULL;
  guint64 version;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (languages != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length > LESSON_MAX_BYTES)
    {
      g_autofree char *size_str = g_format_size_full (LESSON_MAX_BYTES,
                                                      G_FORMAT_SIZE_IEC_UNITS);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The file is too large for a lesson (more than %s)."), size_str);
      return NULL;
    }
  /* Also refuses embedded NUL bytes. */
  if (length > 0 && !g_utf8_validate (data, (gssize) length, NULL))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The file is not a lesson: it is not UTF-8 text."));
      return NULL;
    }
  doc = dpviz_lesson_doc_parse (length > 0 ? data : "", length, error);
  if (doc == NULL)
    return NULL;

  /* The groups: [Lesson], the [Step N] in order of N, others kept and ignored. */
  step_groups = g_array_new (FALSE, FALSE, sizeof (StepGroup));
  for (guint i = 1; i < doc->groups->len; i++)
    {
      const DpvizDocGroup *group = g_ptr_array_index (doc->groups, i);
      StepGroup sg;

      if (g_str_equal (group->name, LESSON_GROUP))
        {
          lesson_group = group;
          continue;
        }
      if (g_ascii_strcasecmp (group->name, LESSON_GROUP) == 0)
        {
          g_autofree char *quoted = quote_value (group->name);

          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("The group “[%s]” must be written “[%s]”."), quoted, LESSON_GROUP);
          return NULL;
        }
      if (!looks_like_step (group->name))
        continue;
      if (!parse_step_number (group->name, &sg.number))
        {
          g_autofree char *quoted = quote_value (group->name);

          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       /* Translators: “Step” is a file keyword and stays untranslated. */
                       _("Group “%s” is not a valid step: expected “Step” and a number from 1 "
                         "to %d."),
                       quoted, LESSON_MAX_STEPS);
          return NULL;
        }
      /* Distinct names are distinct numbers: the syntax refuses a repeated group, and
       * numbers are written one way only. */
      sg.group = group;
      g_array_append_val (step_groups, sg);
    }
  if (lesson_group == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The file is not a lesson: it has no “[%s]” group."), LESSON_GROUP);
      return NULL;
    }
  if (!check_known_keys (lesson_group, lesson_keys, G_N_ELEMENTS (lesson_keys), error)
      || !get_whole (lesson_group, "Version", 1, G_MAXUINT32, &version, error))
    return NULL;
  if (version > LESSON_VERSION)
    {
      g_autofree char *version_text = g_strdup_printf ("%" G_GUINT64_FORMAT, version);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The lesson was written in format version %s by a newer DPViz; this "
                     "version reads format version %d."),
                   version_text, LESSON_VERSION);
      return NULL;
    }
  if (!get_text (lesson_group, "Title", LESSON_MAX_TITLE_CHARS, languages, &title, &title_line,
                 error))
    return NULL;
  if (step_groups->len == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The lesson has no steps (groups “[Step 1]”, “[Step 2]”, …)."));
      return NULL;
    }
  /* Unreachable with numbers from 1 to LESSON_MAX_STEPS, each once; kept as the rule. */
  if (step_groups->len > LESSON_MAX_STEPS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The lesson has more than %d steps."), LESSON_MAX_STEPS);
      return NULL;
    }
  g_array_sort (step_groups, compare_step_groups);

  lesson = lesson_new_for_doc (dpviz_lesson_doc_ref (doc));
  lesson->title = g_steal_pointer (&title);
  lesson->source->title = g_strdup (lesson->title);
  lesson->source->title_line = title_line;
  for (guint i = 0; i < step_groups->len; i++)
    {
      const StepGroup *sg = &g_array_index (step_groups, StepGroup, i);
      DpvizLessonStep *step = parse_step (sg->group, sg->number, languages, doc, error);

      if (step == NULL)
        return NULL;
      g_ptr_array_add (lesson->steps, step);
    }
  return g_steal_pointer (&lesson);
}

DpvizLesson *
dpviz_lesson_load_from_data (const char *data, gsize length, GError **error)
{
  return dpviz_lesson_load_from_data_for_languages (data, length, g_get_language_names (),
                                                    error);
}

DpvizLesson *
dpviz_lesson_load (GFile *file, GError **error)
{
  g_autoptr(GFileInputStream) stream = NULL;
  g_autofree char *buffer = NULL;
  DpvizLesson *lesson;
  gsize n_read = 0;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  stream = g_file_read (file, NULL, error);
  if (stream == NULL)
    return NULL;
  /* Read at most one byte more than allowed: a huge file (or an endless device) is refused
   * without being read in full. */
  buffer = g_malloc (LESSON_MAX_BYTES + 1);
  if (!g_input_stream_read_all (G_INPUT_STREAM (stream), buffer, LESSON_MAX_BYTES + 1, &n_read,
                                NULL, error))
    return NULL;
  if (n_read > LESSON_MAX_BYTES)
    {
      g_autofree char *size_str = g_format_size_full (LESSON_MAX_BYTES,
                                                      G_FORMAT_SIZE_IEC_UNITS);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The file is too large for a lesson (more than %s)."), size_str);
      return NULL;
    }
  lesson = dpviz_lesson_load_from_data (buffer, n_read, error);
  if (lesson != NULL)
    dpviz_lesson_set_file (lesson, file);
  return lesson;
}

/* ---- checking before saving ------------------------------------------------------------- */

/* Text the file can hold: UTF-8 whose only control characters are newline, tab and carriage
 * return (written as escapes), within @max_chars. */
static gboolean
is_valid_text (const char *text, glong max_chars)
{
  if (text == NULL)
    return TRUE;
  if (!g_utf8_validate (text, -1, NULL) || g_utf8_strlen (text, -1) > max_chars)
    return FALSE;
  for (const char *c = text; *c != '\0'; c++)
    if (((guchar) *c < 0x20 && *c != '\n' && *c != '\t' && *c != '\r') || *c == 0x7f)
      return FALSE;
  return TRUE;
}

static gboolean
is_valid_step (const DpvParams *p, guint view)
{
  return (int) p->mechanism >= 0 && p->mechanism < DP_N_MECHANISMS
         && view < dpv_registry_get_n_views ()
         && p->epsilon >= DPV_PARAM_MIN (EPSILON) && p->epsilon <= DPV_PARAM_MAX (EPSILON)
         && p->delta >= DPV_PARAM_MIN (DELTA) && p->delta <= DPV_PARAM_MAX (DELTA)
         && p->sensitivity >= DPV_PARAM_MIN (SENSITIVITY)
         && p->sensitivity <= DPV_PARAM_MAX (SENSITIVITY)
         && p->k >= DPV_PARAM_MIN (K) && p->k <= DPV_PARAM_MAX (K)
         && !isnan (p->eps_prime) && p->eps_prime <= DPV_PARAM_MAX (EPS_PRIME);
}

gboolean
dpviz_lesson_set_step (DpvizLesson *lesson, guint index, const DpvParams *params,
                       guint view, GError **error)
{
  DpvizLessonStep *step;

  g_return_val_if_fail (lesson != NULL, FALSE);
  g_return_val_if_fail (params != NULL, FALSE);
  g_return_val_if_fail (index < lesson->steps->len, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!is_valid_step (params, view))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Step %u would have a value outside the allowed ranges; it was not "
                     "changed."),
                   index + 1);
      return FALSE;
    }
  step = g_ptr_array_index (lesson->steps, index);
  step->params = *params;
  step->view = view;
  return TRUE;
}

/* Checks a step with the same rules as loading, so that a saved file always loads again. */
static gboolean
check_step (const DpvizLessonStep *step, guint number, GError **error)
{
  if (!is_valid_step (&step->params, step->view)
      || !is_valid_text (step->title, LESSON_MAX_TITLE_CHARS)
      || !is_valid_text (step->note, LESSON_MAX_NOTE_CHARS))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Step %u has a value outside the allowed ranges; the lesson was not "
                     "saved."),
                   number);
      return FALSE;
    }
  return TRUE;
}

/* ---- writing ---------------------------------------------------------------------------- */

static char *
format_value (const char *key, const DpvizLessonStep *step)
{
  const DpvParams *p = &step->params;
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (g_str_equal (key, "Mechanism"))
    return g_strdup (dp_mechanism_kind_to_name (p->mechanism));
  if (g_str_equal (key, "View"))
    return g_strdup (dpv_registry_get (step->view)->name);
  if (g_str_equal (key, "K"))
    return g_strdup_printf ("%lu", p->k);
  if (g_str_equal (key, "LogY"))
    return g_strdup (p->log_y ? "true" : "false");
  if (g_str_equal (key, "Epsilon"))
    format_exact (p->epsilon, buf);
  else if (g_str_equal (key, "Delta"))
    format_exact (p->delta, buf);
  else if (g_str_equal (key, "Sensitivity"))
    format_exact (p->sensitivity, buf);
  else
    format_exact (p->eps_prime, buf);
  return g_strdup (buf);
}

/* The lines of a group being written: the document's lines, with some replaced, removed or
 * added. Lines made here are owned by @made. */
typedef struct {
  GPtrArray *lines;   /* const DpvizDocLine*, not owned */
  GPtrArray *made;    /* DpvizDocLine*, owned */
  const char *eol;
} Body;

static void
body_init (Body *body, const DpvizDocGroup *group, const char *eol)
{
  body->lines = g_ptr_array_new ();
  body->made = g_ptr_array_new_with_free_func ((GDestroyNotify) dpviz_doc_line_free);
  body->eol = eol;
  if (group != NULL)
    for (guint i = 0; i < group->body->len; i++)
      g_ptr_array_add (body->lines, g_ptr_array_index (group->body, i));
}

static void
body_clear (Body *body)
{
  g_clear_pointer (&body->lines, g_ptr_array_unref);
  g_clear_pointer (&body->made, g_ptr_array_unref);
}

static int
body_index (const Body *body, const DpvizDocLine *line)
{
  for (guint i = 0; i < body->lines->len; i++)
    if (g_ptr_array_index (body->lines, i) == line)
      return (int) i;
  return -1;
}

/* Sets @key (in @locale) to @value: replaces the entry @old (keeping its line end), or adds
 * an entry after the group's last one; @value NULL removes @old. */
static void
body_set (Body *body, DpvizDocLine *old, const char *key, const char *locale,
          const char *value)
{
  int at = old != NULL ? body_index (body, old) : -1;
  DpvizDocLine *line;

  if (value == NULL)
    {
      if (at >= 0)
        g_ptr_array_remove_index (body->lines, (guint) at);
      return;
    }
  line = dpviz_doc_line_new_entry (key, locale, value, at >= 0 ? old->eol : body->eol);
  g_ptr_array_add (body->made, line);
  if (at >= 0)
    {
      body->lines->pdata[at] = line;
      return;
    }
  at = 0;
  for (guint i = 0; i < body->lines->len; i++)
    if (((DpvizDocLine *) g_ptr_array_index (body->lines, i))->key != NULL)
      at = (int) i + 1;
  g_ptr_array_insert (body->lines, at, line);
}

static void
body_write (const Body *body, GString *out, const char *eol, gboolean *open)
{
  for (guint i = 0; i < body->lines->len; i++)
    dpviz_doc_write_line (out, g_ptr_array_index (body->lines, i), eol, open);
}

static void
write_lines (GPtrArray *lines, GString *out, const char *eol, gboolean *open)
{
  for (guint i = 0; i < lines->len; i++)
    dpviz_doc_write_line (out, g_ptr_array_index (lines, i), eol, open);
}

/* The value to write into @line for a title or note set to @text: a translation cleared
 * stays as an empty translation, so that the reader of that language sees no text rather than
 * the untranslated one; an untranslated entry cleared goes (NULL). */
static const char *
text_or_empty (const DpvizDocLine *line, const char *text)
{
  if (text == NULL && line != NULL && line->locale != NULL)
    return "";
  return text;
}

/* A step's entries, changed where the step differs from what was read (@source NULL: a new
 * step, every entry added). */
static void
step_body (Body *body, const DpvizLessonStep *step, const DpvizLessonStepSource *source)
{
  static const char *const required[] = { "Mechanism", "View", "Epsilon", "Delta",
                                           "Sensitivity", "K" };
  const DpvParams *p = &step->params;
  const DpvParams *o = source != NULL ? &source->params : NULL;
  const DpvizDocGroup *group = source != NULL ? source->group : NULL;

  for (guint i = 0; i < G_N_ELEMENTS (required); i++)
    {
      const char *key = required[i];
      gboolean changed;
      g_autofree char *value = NULL;

      if (o == NULL)
        changed = TRUE;
      else if (g_str_equal (key, "Mechanism"))
        changed = p->mechanism != o->mechanism;
      else if (g_str_equal (key, "View"))
        changed = step->view != source->view;
      else if (g_str_equal (key, "Epsilon"))
        changed = p->epsilon != o->epsilon;
      else if (g_str_equal (key, "Delta"))
        changed = p->delta != o->delta;
      else if (g_str_equal (key, "Sensitivity"))
        changed = p->sensitivity != o->sensitivity;
      else
        changed = p->k != o->k;
      if (!changed)
        continue;
      value = format_value (key, step);
      body_set (body, group != NULL ? dpviz_doc_group_find_entry (group, key, NULL) : NULL,
                key, NULL, value);
    }

  /* EpsilonPrime: absent means “solved from δ”. */
  {
    gboolean has = p->eps_prime >= 0;
    gboolean had = o != NULL && o->eps_prime >= 0;
    DpvizDocLine *line = group != NULL
                         ? dpviz_doc_group_find_entry (group, "EpsilonPrime", NULL) : NULL;

    if (has && (!had || p->eps_prime != o->eps_prime))
      {
        g_autofree char *value = format_value ("EpsilonPrime", step);

        body_set (body, line, "EpsilonPrime", NULL, value);
      }
    else if (!has && had)
      body_set (body, line, "EpsilonPrime", NULL, NULL);
  }
  /* LogY: absent means false. */
  {
    gboolean had = o != NULL && o->log_y;
    DpvizDocLine *line = group != NULL ? dpviz_doc_group_find_entry (group, "LogY", NULL)
                                       : NULL;

    if (!!p->log_y != had && (p->log_y || line != NULL))
      body_set (body, line, "LogY", NULL, p->log_y ? "true" : "false");
  }
  /* The table's other parameters that the step's view uses, as the table formats them,
   * in a new step and where they differ from what was read (a key the view does not use is
   * kept as it is). */
  for (int id = 0; id < DPV_N_PARAMS; id++)
    {
      const DpvParamSpec *spec = dpv_param_spec (id);
      DpvizDocLine *line;
      g_autofree char *value = NULL;
      DpvParamValue v;

      if (has_own_key (id) || spec->key == NULL
          || !dpv_view_class_uses (dpv_registry_get (step->view), id))
        continue;
      line = group != NULL ? dpviz_doc_group_find_entry (group, spec->key, NULL) : NULL;
      if (o != NULL && dpv_params_equal (p, o, DPV_PARAM_BIT (id)))
        continue;
      dpv_params_get (p, id, &v);
      /* an automatic value (negative in an AUTO row) is no number the parser takes back:
       * leaving the key out means the row's default, which is automatic */
      if ((spec->flags & DPV_PARAM_FLAG_AUTO) && spec->kind == DPV_PARAM_KIND_DOUBLE
          && v.d < 0 && line == NULL)
        continue;
      value = dpv_param_format (spec, &v);
      body_set (body, line, spec->key, NULL, value);
    }
  /* The title and the note, each in the entry it was read from (a translation stays a
   * translation). */
  if (source == NULL || g_strcmp0 (step->title, source->title) != 0)
    {
      DpvizDocLine *line = source != NULL ? source->title_line : NULL;

      if (line != NULL)
        body_set (body, line, "Title", line->locale, text_or_empty (line, step->title));
      else if (step->title != NULL)
        body_set (body, NULL, "Title", NULL, step->title);
    }
  if (source == NULL || g_strcmp0 (step->note, source->note) != 0)
    {
      DpvizDocLine *line = source != NULL ? source->note_line : NULL;

      if (line != NULL)
        body_set (body, line, "Note", line->locale, text_or_empty (line, step->note));
      else if (step->note != NULL)
        body_set (body, NULL, "Note", NULL, step->note);
    }
}

static gboolean
step_is_from (const DpvizLessonStep *step, const DpvizLessonDoc *doc)
{
  return step->source != NULL && step->source->doc == doc;
}

/* The number of each step's group: the numbers read, while they still increase in the order
 * of the steps and leave room for the new steps between them; otherwise 1, 2, 3, … */
static guint64 *
plan_numbers (const DpvizLesson *lesson, const DpvizLessonDoc *doc)
{
  guint n = lesson->steps->len;
  guint64 *numbers = g_new0 (guint64, MAX (n, 1));
  guint64 previous = 0;
  gboolean kept = TRUE;

  for (guint i = 0; i < n && kept; i++)
    {
      const DpvizLessonStep *step = g_ptr_array_index (lesson->steps, i);

      numbers[i] = step_is_from (step, doc) ? step->source->number : previous + 1;
      kept = numbers[i] > previous && numbers[i] <= LESSON_MAX_STEPS;
      previous = numbers[i];
    }
  if (!kept)
    for (guint i = 0; i < n; i++)
      numbers[i] = i + 1;
  return numbers;
}

static void
write_new_step (GString *out, const DpvizLessonStep *step, guint64 number, const char *eol,
                gboolean *open)
{
  g_autofree char *name = g_strdup_printf (STEP_PREFIX "%" G_GUINT64_FORMAT, number);
  g_autofree char *header = dpviz_doc_header_text (name);
  g_autoptr(DpvizDocLine) blank = NULL;
  g_autoptr(DpvizDocLine) header_line = NULL;
  Body body;

  blank = dpviz_doc_line_new_text ("", eol);
  header_line = dpviz_doc_line_new_text (header, eol);
  if (out->len > 0)
    dpviz_doc_write_line (out, blank, eol, open);
  dpviz_doc_write_line (out, header_line, eol, open);
  body_init (&body, NULL, eol);
  step_body (&body, step, NULL);
  body_write (&body, out, eol, open);
  body_clear (&body);
}

/* Writes the steps that have no group in the document and follow step @after (-1: that come
 * before the first step that has one), up to the next step that has one. */
static void
write_new_steps_after (GString *out, const DpvizLesson *lesson, const DpvizLessonDoc *doc,
                       const guint64 *numbers, int after, gboolean *open)
{
  for (guint i = (guint) (after + 1); i < lesson->steps->len; i++)
    {
      const DpvizLessonStep *step = g_ptr_array_index (lesson->steps, i);

      if (step_is_from (step, doc))
        break;
      write_new_step (out, step, numbers[i], doc->eol, open);
    }
}

GBytes *
dpviz_lesson_to_bytes (const DpvizLesson *lesson, GError **error)
{
  const DpvizLessonSource *source;
  const DpvizLessonDoc *doc;
  g_autoptr(GHashTable) step_of_group = NULL;
  g_autofree guint64 *numbers = NULL;
  GString *out;
  gboolean open = FALSE;
  int first_kept = -1;

  g_return_val_if_fail (lesson != NULL, NULL);
  g_return_val_if_fail (lesson->steps != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (lesson->steps->len == 0 || lesson->steps->len > LESSON_MAX_STEPS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("A lesson needs from 1 to %d steps; the lesson was not saved."),
                   LESSON_MAX_STEPS);
      return NULL;
    }
  if (!is_valid_text (lesson->title, LESSON_MAX_TITLE_CHARS))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The lesson title is too long: at most %d characters are allowed."),
                   LESSON_MAX_TITLE_CHARS);
      return NULL;
    }
  for (guint i = 0; i < lesson->steps->len; i++)
    if (!check_step (g_ptr_array_index (lesson->steps, i), i + 1, error))
      return NULL;

  source = lesson->source;
  doc = source->doc;
  numbers = plan_numbers (lesson, doc);
  step_of_group = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < lesson->steps->len; i++)
    {
      const DpvizLessonStep *step = g_ptr_array_index (lesson->steps, i);

      if (!step_is_from (step, doc))
        continue;
      if (first_kept < 0)
        first_kept = (int) i;
      g_hash_table_insert (step_of_group, step->source->group, GUINT_TO_POINTER (i + 1));
    }

  out = g_string_new (doc->bom ? "\xef\xbb\xbf" : "");
  for (guint g = 0; g < doc->groups->len; g++)
    {
      const DpvizDocGroup *group = g_ptr_array_index (doc->groups, g);
      guint64 number;
      gpointer found;

      if (group->name != NULL && parse_step_number (group->name, &number))
        {
          const DpvizLessonStep *step;
          guint i;
          Body body;

          found = g_hash_table_lookup (step_of_group, group);
          /* A step removed from the lesson: its group goes, with the comments above it. */
          if (found == NULL)
            continue;
          i = GPOINTER_TO_UINT (found) - 1;
          step = g_ptr_array_index (lesson->steps, i);
          if ((int) i == first_kept)
            write_new_steps_after (out, lesson, doc, numbers, -1, &open);
          write_lines (group->lead, out, doc->eol, &open);
          if (numbers[i] != step->source->number)
            {
              g_autofree char *name = g_strdup_printf (STEP_PREFIX "%" G_GUINT64_FORMAT,
                                                       numbers[i]);
              g_autofree char *header = dpviz_doc_header_text (name);
              g_autoptr(DpvizDocLine) line = dpviz_doc_line_new_text (header,
                                                                     group->header->eol);

              dpviz_doc_write_line (out, line, doc->eol, &open);
            }
          else
            dpviz_doc_write_line (out, group->header, doc->eol, &open);
          body_init (&body, group, doc->eol);
          step_body (&body, step, step->source);
          body_write (&body, out, doc->eol, &open);
          body_clear (&body);
          write_new_steps_after (out, lesson, doc, numbers, (int) i, &open);
          continue;
        }

      write_lines (group->lead, out, doc->eol, &open);
      if (group->header != NULL)
        dpviz_doc_write_line (out, group->header, doc->eol, &open);
      if (group->name != NULL && g_str_equal (group->name, LESSON_GROUP)
          && g_strcmp0 (lesson->title, source->title) != 0)
        {
          Body body;
          DpvizDocLine *line = source->title_line;

          body_init (&body, group, doc->eol);
          body_set (&body, line, "Title", line != NULL ? line->locale : NULL,
                    text_or_empty (line, lesson->title));
          body_write (&body, out, doc->eol, &open);
          body_clear (&body);
        }
      else
        write_lines (group->body, out, doc->eol, &open);
    }
  if (first_kept < 0)
    write_new_steps_after (out, lesson, doc, numbers, -1, &open);
  /* A file that did not end with a line end still does not, whichever line is now last. */
  if (doc->no_final_eol && !open)
    {
      if (g_str_has_suffix (out->str, "\r\n"))
        g_string_truncate (out, out->len - 2);
      else if (g_str_has_suffix (out->str, "\n"))
        g_string_truncate (out, out->len - 1);
    }
  return g_string_free_to_bytes (out);
}

gboolean
dpviz_lesson_save (const DpvizLesson *lesson, GFile *file, GError **error)
{
  g_autoptr(GBytes) bytes = NULL;
  gconstpointer data;
  gsize size = 0;

  g_return_val_if_fail (lesson != NULL, FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  bytes = dpviz_lesson_to_bytes (lesson, error);
  if (bytes == NULL)
    return FALSE;
  data = g_bytes_get_data (bytes, &size);
  /* A temporary file renamed over the destination once complete: a failure leaves the old
   * file as it was. */
  return dpv_atomic_write_file (file, data, size, error);
}
