/* dpviz-lesson.c — "lesson" files: a sequence of demonstrations in a GKeyFile
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The format is documented in docs/lesson-format.md. Everything in a file is parsed and checked
 * into a fresh DpvizLesson before anything is applied, so a bad file changes nothing. Limits on
 * size, step count and text lengths keep a hostile file from costing memory or time.
 */
#include "config.h"

#include "dpviz-lesson.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#define LESSON_GROUP "Lesson"
#define LESSON_VERSION 1
#define LESSON_MAX_BYTES (1024 * 1024)
#define LESSON_MAX_STEPS 1000
#define LESSON_MAX_TITLE_CHARS 200
#define LESSON_MAX_NOTE_CHARS 4000
#define STEP_PREFIX "Step "
/* How much of an offending value an error message quotes. */
#define QUOTE_MAX_CHARS 40

static void
dpviz_lesson_step_free (DpvizLessonStep *step)
{
  if (step == NULL)
    return;
  g_free (step->note);
  g_free (step);
}

DpvizLesson *
dpviz_lesson_new (const char *title)
{
  DpvizLesson *lesson = g_new0 (DpvizLesson, 1);

  lesson->title = g_strdup (title);
  lesson->steps = g_ptr_array_new_with_free_func ((GDestroyNotify) dpviz_lesson_step_free);
  return lesson;
}

void
dpviz_lesson_free (DpvizLesson *lesson)
{
  if (lesson == NULL)
    return;
  g_free (lesson->title);
  g_clear_pointer (&lesson->steps, g_ptr_array_unref);
  g_free (lesson);
}

DpvizLessonStep *
dpviz_lesson_add_step (DpvizLesson *lesson, const DpvParams *params, guint view,
                       const char *note)
{
  DpvizLessonStep *step;

  g_return_val_if_fail (lesson != NULL, NULL);
  g_return_val_if_fail (params != NULL, NULL);

  step = g_new0 (DpvizLessonStep, 1);
  step->params = *params;
  step->view = view;
  step->note = (note != NULL && *note != '\0') ? g_strdup (note) : NULL;
  g_ptr_array_add (lesson->steps, step);
  return step;
}

/* An offending value as quoted in an error message: at most QUOTE_MAX_CHARS characters, so a
 * hostile megabyte-long value cannot flood a dialog. @str is valid UTF-8 here. */
static char *
shorten (const char *str, glong max_chars)
{
  const char *end;

  if (g_utf8_strlen (str, -1) <= max_chars)
    return g_strdup (str);
  end = g_utf8_offset_to_pointer (str, max_chars);
  return g_strdup_printf ("%.*s…", (int) (end - str), str);
}

static char *
quote_value (const char *str)
{
  return shorten (str, QUOTE_MAX_CHARS);
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

static void
set_missing_key_error (GError **error, const char *group, const char *key)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
               /* Translators: a lesson file lacks a required entry. The first %s is a group
                * name such as “Step 2”, the second a key name such as “Epsilon”. */
               _("Group “%s” lacks the required key “%s”."), group, key);
}

/* Fetches @key from @group as a stripped string; NULL with error set when it is missing or
 * cannot be read. */
static char *
get_required_string (GKeyFile *kf, const char *group, const char *key, GError **error)
{
  g_autoptr (GError) local_error = NULL;
  char *value;

  if (!g_key_file_has_key (kf, group, key, NULL))
    {
      set_missing_key_error (error, group, key);
      return NULL;
    }
  value = g_key_file_get_string (kf, group, key, &local_error);
  if (value == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("Key “%s” in group “%s” cannot be read: %s"), key, group,
                   local_error->message);
      return NULL;
    }
  return g_strstrip (value);
}

/* A finite number within [min, max]. */
static gboolean
get_double_in_range (GKeyFile *kf, const char *group, const char *key, double min, double max,
                     double *out, GError **error)
{
  g_autofree char *str = NULL;
  g_autofree char *quoted = NULL;
  g_autofree char *min_str = NULL;
  g_autofree char *max_str = NULL;
  g_autofree char *value_str = NULL;
  char *end = NULL;
  double value;

  str = get_required_string (kf, group, key, error);
  if (str == NULL)
    return FALSE;
  quoted = quote_value (str);
  value = g_ascii_strtod (str, &end);
  if (*str == '\0' || end == str || *end != '\0')
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("Key “%s” in group “%s” must be a number, not “%s”."), key, group, quoted);
      return FALSE;
    }
  if (!isfinite (value))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("Key “%s” in group “%s” must be a finite number, not “%s”."), key, group,
                   quoted);
      return FALSE;
    }
  if (value < min || value > max)
    {
      min_str = format_number (min);
      max_str = format_number (max);
      value_str = format_number (value);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   /* Translators: “Key “Epsilon” in group “Step 2” is 42, outside the allowed
                    * range 0.01 to 10.” */
                   _("Key “%s” in group “%s” is %s, outside the allowed range %s to %s."), key,
                   group, value_str, min_str, max_str);
      return FALSE;
    }
  *out = value;
  return TRUE;
}

static gboolean
get_uint_in_range (GKeyFile *kf, const char *group, const char *key, guint64 min, guint64 max,
                   guint64 *out, GError **error)
{
  g_autofree char *str = NULL;
  g_autofree char *quoted = NULL;
  guint64 value;

  str = get_required_string (kf, group, key, error);
  if (str == NULL)
    return FALSE;
  if (!g_ascii_string_to_unsigned (str, 10, min, max, &value, NULL))
    {
      /* The bounds are formatted first: a G_GUINT64_FORMAT inside _() would cut the msgid
       * at the "%" for xgettext, and the message could never be translated. */
      g_autofree char *min_text = g_strdup_printf ("%" G_GUINT64_FORMAT, min);
      g_autofree char *max_text = g_strdup_printf ("%" G_GUINT64_FORMAT, max);

      quoted = quote_value (str);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("Key “%s” in group “%s” must be a whole number from %s to %s, not “%s”."),
                   key, group, min_text, max_text, quoted);
      return FALSE;
    }
  *out = value;
  return TRUE;
}

/* An optional boolean: @fallback when absent. */
static gboolean
get_optional_boolean (GKeyFile *kf, const char *group, const char *key, gboolean fallback,
                      gboolean *out, GError **error)
{
  g_autofree char *str = NULL;
  g_autofree char *quoted = NULL;

  if (!g_key_file_has_key (kf, group, key, NULL))
    {
      *out = fallback;
      return TRUE;
    }
  str = get_required_string (kf, group, key, error);
  if (str == NULL)
    return FALSE;
  if (g_str_equal (str, "true"))
    *out = TRUE;
  else if (g_str_equal (str, "false"))
    *out = FALSE;
  else
    {
      quoted = quote_value (str);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("Key “%s” in group “%s” must be “true” or “false”, not “%s”."), key, group,
                   quoted);
      return FALSE;
    }
  return TRUE;
}

/* An optional, possibly localized (Key[zh_CN]=…) text of at most @max_chars characters. */
static gboolean
get_optional_text (GKeyFile *kf, const char *group, const char *key, glong max_chars,
                   char **out, GError **error)
{
  g_autoptr (GError) local_error = NULL;
  g_autofree char *value = NULL;

  *out = NULL;
  if (!g_key_file_has_key (kf, group, key, NULL))
    return TRUE;
  value = g_key_file_get_locale_string (kf, group, key, NULL, &local_error);
  if (value == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("Key “%s” in group “%s” cannot be read: %s"), key, group,
                   local_error->message);
      return FALSE;
    }
  if (g_utf8_strlen (value, -1) > max_chars)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("Key “%s” in group “%s” is too long: at most %ld characters are allowed."),
                   key, group, max_chars);
      return FALSE;
    }
  g_strstrip (value);
  if (*value != '\0')
    *out = g_steal_pointer (&value);
  return TRUE;
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

/* The parameters a step names by their own keys above; every other parameter of the table is
 * optional, read by its row (read_table_params ()). */
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

/* Every other parameter of the table, when the step has its key: read and checked by the
 * table's parser (the CLI's), its default otherwise. */
static gboolean
read_table_params (GKeyFile *kf, const char *group, DpvParams *params, GError **error)
{
  for (int id = 0; id < DPV_N_PARAMS; id++)
    {
      const DpvParamSpec *spec = dpv_param_spec (id);
      g_autofree char *text = NULL;
      g_autoptr (GError) local_error = NULL;
      DpvParamValue v;

      if (has_own_key (id) || spec->key == NULL
          || !g_key_file_has_key (kf, group, spec->key, NULL))
        continue;
      text = get_required_string (kf, group, spec->key, error);
      if (text == NULL)
        return FALSE;
      if (!dpv_param_parse (spec, text, &v, &local_error))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("Key “%s” in group “%s” cannot be read: %s"), spec->key, group,
                       local_error->message);
          return FALSE;
        }
      dpv_params_set (params, id, &v);
    }
  return TRUE;
}

static DpvizLessonStep *
parse_step (GKeyFile *kf, const char *group, GError **error)
{
  g_autofree char *mechanism = NULL;
  g_autofree char *view = NULL;
  g_autofree char *quoted = NULL;
  g_autofree char *names = NULL;
  DpvizLessonStep *step;
  DpvParams params;
  guint view_kind;
  DpMechanismKind mechanism_kind;
  guint64 k;
  gboolean log_y;
  char *note = NULL;

  dpv_params_init (&params);

  mechanism = get_required_string (kf, group, "Mechanism", error);
  if (mechanism == NULL)
    return NULL;
  if (!dp_mechanism_kind_from_name (mechanism, &mechanism_kind))
    {
      quoted = quote_value (mechanism);
      names = list_mechanism_names ();
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   /* Translators: the last %s lists the known names, e.g. “laplace, gaussian,
                    * rr”; they are file keywords and stay untranslated. */
                   _("Key “%s” in group “%s” names an unknown mechanism “%s” (known: %s)."),
                   "Mechanism", group, quoted, names);
      return NULL;
    }
  params.mechanism = mechanism_kind;

  view = get_required_string (kf, group, "View", error);
  if (view == NULL)
    return NULL;
  if (dpv_registry_lookup (view) != NULL)
    view_kind = (guint) dpv_registry_index (dpv_registry_lookup (view));
  else
    {
      quoted = quote_value (view);
      names = list_view_names ();
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("Key “%s” in group “%s” names an unknown view “%s” (known: %s)."), "View",
                   group, quoted, names);
      return NULL;
    }

  if (!get_double_in_range (kf, group, "Epsilon", DPV_PARAM_MIN (EPSILON), DPV_PARAM_MAX (EPSILON),
                            &params.epsilon, error)
      || !get_double_in_range (kf, group, "Delta", DPV_PARAM_MIN (DELTA), DPV_PARAM_MAX (DELTA), &params.delta,
                               error)
      || !get_double_in_range (kf, group, "Sensitivity", DPV_PARAM_MIN (SENSITIVITY),
                               DPV_PARAM_MAX (SENSITIVITY), &params.sensitivity, error)
      || !get_uint_in_range (kf, group, "K", DPV_PARAM_MIN (K), DPV_PARAM_MAX (K), &k, error))
    return NULL;
  params.k = (unsigned long) k;

  /* Optional: the regions view's threshold ε′ (absent = solved from δ) and the KL view's
   * log axis. */
  if (g_key_file_has_key (kf, group, "EpsilonPrime", NULL))
    {
      if (!get_double_in_range (kf, group, "EpsilonPrime", DPV_PARAM_MIN (EPS_PRIME),
                               DPV_PARAM_MAX (EPS_PRIME),
                                &params.eps_prime, error))
        return NULL;
    }
  else
    params.eps_prime = -1.0;
  if (!get_optional_boolean (kf, group, "LogY", FALSE, &log_y, error))
    return NULL;
  params.log_y = log_y;
  params.show_caption = TRUE;
  if (!read_table_params (kf, group, &params, error))
    return NULL;

  if (!get_optional_text (kf, group, "Note", LESSON_MAX_NOTE_CHARS, &note, error))
    return NULL;

  step = g_new0 (DpvizLessonStep, 1);
  step->params = params;
  step->view = view_kind;
  step->note = note;
  return step;
}

typedef struct {
  guint64 number;
  const char *group;
} StepGroup;

static int
compare_step_groups (gconstpointer a, gconstpointer b)
{
  const StepGroup *sa = a, *sb = b;

  return (sa->number > sb->number) - (sa->number < sb->number);
}

/* “Step N”, N written canonically (no sign, no leading zero) from 1 to LESSON_MAX_STEPS. */
static gboolean
parse_step_number (const char *group, guint64 *out)
{
  const char *digits = group + strlen (STEP_PREFIX);

  if (*digits == '0')
    return FALSE;
  return g_ascii_string_to_unsigned (digits, 10, 1, LESSON_MAX_STEPS, out, NULL);
}

DpvizLesson *
dpviz_lesson_load_from_data (const char *data, gsize length, GError **error)
{
  g_autoptr (GKeyFile) kf = NULL;
  g_autoptr (GError) local_error = NULL;
  g_autoptr (DpvizLesson) lesson = NULL;
  g_autoptr (GArray) step_groups = NULL;
  g_auto (GStrv) groups = NULL;
  g_autofree char *size_str = NULL;
  g_autofree char *title = NULL;
  guint64 version;
  gsize n_groups = 0;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length > LESSON_MAX_BYTES)
    {
      size_str = g_format_size_full (LESSON_MAX_BYTES, G_FORMAT_SIZE_IEC_UNITS);
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

  kf = g_key_file_new ();
  if (!g_key_file_load_from_data (kf, length > 0 ? data : "", length, G_KEY_FILE_NONE,
                                  &local_error))
    {
      /* GLib quotes the offending line, which a hostile file can make huge. */
      g_autofree char *reason = shorten (local_error->message, 200);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   /* Translators: %s is GLib's description of the syntax error. */
                   _("The lesson file has a syntax error: %s"), reason);
      return NULL;
    }

  if (!g_key_file_has_group (kf, LESSON_GROUP))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The file is not a lesson: it has no “[%s]” group."), LESSON_GROUP);
      return NULL;
    }
  if (!get_uint_in_range (kf, LESSON_GROUP, "Version", 1, G_MAXUINT32, &version, error))
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
  if (!get_optional_text (kf, LESSON_GROUP, "Title", LESSON_MAX_TITLE_CHARS, &title, error))
    return NULL;

  /* Collect and order the [Step N] groups; other groups are ignored. */
  groups = g_key_file_get_groups (kf, &n_groups);
  step_groups = g_array_new (FALSE, FALSE, sizeof (StepGroup));
  for (gsize i = 0; i < n_groups; i++)
    {
      StepGroup sg;

      if (!g_str_has_prefix (groups[i], STEP_PREFIX))
        continue;
      if (step_groups->len >= LESSON_MAX_STEPS)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("The lesson has more than %d steps."), LESSON_MAX_STEPS);
          return NULL;
        }
      if (!parse_step_number (groups[i], &sg.number))
        {
          g_autofree char *quoted = quote_value (groups[i]);

          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       /* Translators: “Step” is a file keyword and stays untranslated. */
                       _("Group “%s” is not a valid step: expected “Step” and a number from 1 "
                         "to %d."),
                       quoted, LESSON_MAX_STEPS);
          return NULL;
        }
      sg.group = groups[i];
      g_array_append_val (step_groups, sg);
    }
  if (step_groups->len == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The lesson has no steps (groups “[Step 1]”, “[Step 2]”, …)."));
      return NULL;
    }
  g_array_sort (step_groups, compare_step_groups);

  lesson = dpviz_lesson_new (NULL);
  lesson->title = g_steal_pointer (&title);
  for (guint i = 0; i < step_groups->len; i++)
    {
      const StepGroup *sg = &g_array_index (step_groups, StepGroup, i);
      DpvizLessonStep *step = parse_step (kf, sg->group, error);

      if (step == NULL)
        return NULL;
      g_ptr_array_add (lesson->steps, step);
    }
  return g_steal_pointer (&lesson);
}

DpvizLesson *
dpviz_lesson_load (GFile *file, GError **error)
{
  g_autoptr (GFileInputStream) stream = NULL;
  g_autofree char *buffer = NULL;
  g_autofree char *size_str = NULL;
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
      size_str = g_format_size_full (LESSON_MAX_BYTES, G_FORMAT_SIZE_IEC_UNITS);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The file is too large for a lesson (more than %s)."), size_str);
      return NULL;
    }
  return dpviz_lesson_load_from_data (buffer, n_read, error);
}

/* Checks a step with the same rules as loading, so that a saved file always loads again. */
static gboolean
check_step (const DpvizLessonStep *step, guint number, GError **error)
{
  if (step->view >= dpv_registry_get_n_views ()
      || !dpv_params_validate (&step->params, NULL)
      || (step->note != NULL && (!g_utf8_validate (step->note, -1, NULL)
                                 || g_utf8_strlen (step->note, -1) > LESSON_MAX_NOTE_CHARS)))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Step %u has a value outside the allowed ranges; the lesson was not "
                     "saved."),
                   number);
      return FALSE;
    }
  return TRUE;
}

static void
set_exact_double (GKeyFile *kf, const char *group, const char *key, double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  format_exact (value, buf);
  g_key_file_set_value (kf, group, key, buf);
}

gboolean
dpviz_lesson_save (const DpvizLesson *lesson, GFile *file, GError **error)
{
  g_autoptr (GKeyFile) kf = NULL;
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (lesson != NULL, FALSE);
  g_return_val_if_fail (lesson->steps != NULL, FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (lesson->steps->len == 0 || lesson->steps->len > LESSON_MAX_STEPS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("A lesson needs from 1 to %d steps; the lesson was not saved."),
                   LESSON_MAX_STEPS);
      return FALSE;
    }
  if (lesson->title != NULL && (!g_utf8_validate (lesson->title, -1, NULL)
                                || g_utf8_strlen (lesson->title, -1) > LESSON_MAX_TITLE_CHARS))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The lesson title is too long: at most %d characters are allowed."),
                   LESSON_MAX_TITLE_CHARS);
      return FALSE;
    }
  for (guint i = 0; i < lesson->steps->len; i++)
    if (!check_step (g_ptr_array_index (lesson->steps, i), i + 1, error))
      return FALSE;

  kf = g_key_file_new ();
  g_key_file_set_integer (kf, LESSON_GROUP, "Version", LESSON_VERSION);
  /* A comment before the first group (untranslated: the file is data, not UI). */
  g_key_file_set_comment (kf, LESSON_GROUP, NULL,
                          " DPViz lesson: one [Step N] group per demonstration.\n"
                          " Format: docs/lesson-format.md in the DPViz sources.", NULL);
  if (lesson->title != NULL && *lesson->title != '\0')
    g_key_file_set_string (kf, LESSON_GROUP, "Title", lesson->title);

  for (guint i = 0; i < lesson->steps->len; i++)
    {
      const DpvizLessonStep *step = g_ptr_array_index (lesson->steps, i);
      const DpvParams *p = &step->params;
      g_autofree char *group = g_strdup_printf (STEP_PREFIX "%u", i + 1);

      g_key_file_set_string (kf, group, "Mechanism", dp_mechanism_kind_to_name (p->mechanism));
      g_key_file_set_string (kf, group, "View", dpv_registry_get (step->view)->name);
      set_exact_double (kf, group, "Epsilon", p->epsilon);
      set_exact_double (kf, group, "Delta", p->delta);
      set_exact_double (kf, group, "Sensitivity", p->sensitivity);
      g_key_file_set_uint64 (kf, group, "K", p->k);
      if (p->eps_prime >= 0)
        set_exact_double (kf, group, "EpsilonPrime", p->eps_prime);
      if (p->log_y)
        g_key_file_set_boolean (kf, group, "LogY", TRUE);
      /* the other parameters the step's view uses, as the table formats them */
      for (int id = 0; id < DPV_N_PARAMS; id++)
        {
          const DpvParamSpec *spec = dpv_param_spec (id);
          g_autofree char *text = NULL;
          DpvParamValue v;

          if (has_own_key (id) || spec->key == NULL
              || !dpv_view_class_uses (dpv_registry_get (step->view), id))
            continue;
          dpv_params_get (p, id, &v);
          text = dpv_param_format (spec, &v);
          g_key_file_set_string (kf, group, spec->key, text);
        }
      if (step->note != NULL && *step->note != '\0')
        g_key_file_set_string (kf, group, "Note", step->note);
    }

  data = g_key_file_to_data (kf, &length, NULL);
  /* g_file_replace_contents writes a temporary file and renames it over the destination: a
   * failure leaves the old file as it was. */
  return g_file_replace_contents (file, data, length, NULL, FALSE, G_FILE_CREATE_NONE, NULL,
                                  NULL, error);
}

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
