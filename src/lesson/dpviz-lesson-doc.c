/* dpviz-lesson-doc.c — a lesson file as its lines: parsed strictly, written back unchanged
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The syntax is that of GLib's key files (the desktop entry syntax), read more strictly than
 * GKeyFile does: GKeyFile merges a repeated group or key (the last value wins), accepts
 * unknown escapes, and rewrites the whole file from its own model on saving. Here every line
 * is kept with its line end, each group remembers the comments above its header, and
 * anything GKeyFile would have guessed at is refused with a message naming its line.
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <gio/gio.h>

#include "dpv-display.h"
#include "dpv-escape.h"
#include "dpviz-lesson-doc.h"

/* How much of an offending text a message quotes. */
#define QUOTE_MAX_CHARS 40

static const char EOL_LF[] = "\n";
static const char EOL_CRLF[] = "\r\n";
static const char EOL_NONE[] = "";

static const char *
static_eol (const char *eol)
{
  if (strcmp (eol, EOL_CRLF) == 0)
    return EOL_CRLF;
  if (*eol == '\0')
    return EOL_NONE;
  return EOL_LF;
}

/* @text escaped for display (no control character can reach a dialog or a terminal) and
 * shortened to QUOTE_MAX_CHARS characters. */
static char *
quote (const char *text, gssize length)
{
  g_autofree char *escaped = dpv_escape_for_display (text, length);
  const char *cut;

  if (g_utf8_strlen (escaped, -1) <= QUOTE_MAX_CHARS)
    return g_steal_pointer (&escaped);
  cut = g_utf8_offset_to_pointer (escaped, QUOTE_MAX_CHARS);
  return g_strdup_printf ("%.*s…", (int) (cut - escaped), escaped);
}

void
dpviz_doc_line_free (DpvizDocLine *line)
{
  if (line == NULL)
    return;
  g_free (line->text);
  g_free (line->key);
  g_free (line->locale);
  g_free (line->value);
  g_free (line);
}

static void
doc_group_free (DpvizDocGroup *group)
{
  if (group == NULL)
    return;
  g_free (group->name);
  dpviz_doc_line_free (group->header);
  g_ptr_array_unref (group->lead);
  g_ptr_array_unref (group->body);
  g_free (group);
}

static DpvizDocGroup *
doc_group_new (const char *name)
{
  DpvizDocGroup *group = g_new0 (DpvizDocGroup, 1);

  group->name = g_strdup (name);
  group->lead = g_ptr_array_new_with_free_func ((GDestroyNotify) dpviz_doc_line_free);
  group->body = g_ptr_array_new_with_free_func ((GDestroyNotify) dpviz_doc_line_free);
  return group;
}

static void
doc_free (DpvizLessonDoc *doc)
{
  g_ptr_array_unref (doc->groups);
}

DpvizLessonDoc *
dpviz_lesson_doc_new (void)
{
  DpvizLessonDoc *doc = g_rc_box_new0 (DpvizLessonDoc);

  doc->eol = EOL_LF;
  doc->groups = g_ptr_array_new_with_free_func ((GDestroyNotify) doc_group_free);
  g_ptr_array_add (doc->groups, doc_group_new (NULL));
  return doc;
}

DpvizLessonDoc *
dpviz_lesson_doc_ref (DpvizLessonDoc *doc)
{
  return g_rc_box_acquire (doc);
}

void
dpviz_lesson_doc_unref (DpvizLessonDoc *doc)
{
  if (doc != NULL)
    g_rc_box_release_full (doc, (GDestroyNotify) doc_free);
}

DpvizDocLine *
dpviz_doc_line_new_text (const char *text, const char *eol)
{
  DpvizDocLine *line = g_new0 (DpvizDocLine, 1);

  line->text = g_strdup (text);
  line->eol = static_eol (eol);
  return line;
}

char *
dpviz_doc_header_text (const char *name)
{
  return g_strdup_printf ("[%s]", name);
}

char *
dpviz_lesson_doc_escape (const char *value)
{
  GString *out = g_string_sized_new (strlen (value) + 8);
  gsize len = strlen (value);

  for (gsize i = 0; i < len; i++)
    {
      char c = value[i];

      if (dpv_append_backslash_escape (out, c))
        continue;
      /* Spaces around a value are not part of it unless escaped. */
      if (c == ' ' && (i == 0 || i == len - 1))
        g_string_append (out, "\\s");
      else
        g_string_append_c (out, c);
    }
  return g_string_free (out, FALSE);
}

DpvizDocLine *
dpviz_doc_line_new_entry (const char *key, const char *locale, const char *value,
                          const char *eol)
{
  DpvizDocLine *line = g_new0 (DpvizDocLine, 1);
  g_autofree char *escaped = dpviz_lesson_doc_escape (value);

  line->key = g_strdup (key);
  line->locale = g_strdup (locale);
  line->value = g_strdup (value);
  if (locale != NULL)
    line->text = g_strdup_printf ("%s[%s]=%s", key, locale, escaped);
  else
    line->text = g_strdup_printf ("%s=%s", key, escaped);
  line->eol = static_eol (eol);
  return line;
}

DpvizDocGroup *
dpviz_lesson_doc_find_group (const DpvizLessonDoc *doc, const char *name)
{
  for (guint i = 1; i < doc->groups->len; i++)
    {
      DpvizDocGroup *group = g_ptr_array_index (doc->groups, i);

      if (g_str_equal (group->name, name))
        return group;
    }
  return NULL;
}

DpvizDocGroup *
dpviz_lesson_doc_add_group (DpvizLessonDoc *doc, const char *name)
{
  DpvizDocGroup *group = doc_group_new (name);
  g_autofree char *header = dpviz_doc_header_text (name);
  gboolean empty = TRUE;

  for (guint i = 0; i < doc->groups->len && empty; i++)
    {
      DpvizDocGroup *g = g_ptr_array_index (doc->groups, i);

      empty = g->header == NULL && g->lead->len == 0 && g->body->len == 0;
    }
  if (!empty)
    g_ptr_array_add (group->lead, dpviz_doc_line_new_text ("", doc->eol));
  group->header = dpviz_doc_line_new_text (header, doc->eol);
  g_ptr_array_add (doc->groups, group);
  return group;
}

DpvizDocLine *
dpviz_doc_group_find_entry (const DpvizDocGroup *group, const char *key, const char *locale)
{
  for (guint i = 0; i < group->body->len; i++)
    {
      DpvizDocLine *line = g_ptr_array_index (group->body, i);

      if (line->key != NULL && g_str_equal (line->key, key)
          && g_strcmp0 (line->locale, locale) == 0)
        return line;
    }
  return NULL;
}

void
dpviz_doc_write_line (GString *out, const DpvizDocLine *line, const char *eol, gboolean *open)
{
  if (*open)
    g_string_append (out, eol);
  g_string_append (out, line->text);
  g_string_append (out, line->eol);
  *open = (*line->eol == '\0');
}

GString *
dpviz_lesson_doc_to_string (const DpvizLessonDoc *doc)
{
  GString *out = g_string_new (doc->bom ? "\xef\xbb\xbf" : "");
  gboolean open = FALSE;

  for (guint i = 0; i < doc->groups->len; i++)
    {
      const DpvizDocGroup *group = g_ptr_array_index (doc->groups, i);

      for (guint j = 0; j < group->lead->len; j++)
        dpviz_doc_write_line (out, g_ptr_array_index (group->lead, j), doc->eol, &open);
      if (group->header != NULL)
        dpviz_doc_write_line (out, group->header, doc->eol, &open);
      for (guint j = 0; j < group->body->len; j++)
        dpviz_doc_write_line (out, g_ptr_array_index (group->body, j), doc->eol, &open);
    }
  return out;
}

/* ---- parsing ------------------------------------------------------------------------- */

static void
set_syntax_error (GError **error, guint number, const char *text)
{
  g_autofree char *quoted = quote (text, -1);

  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
               /* Translators: a line of a lesson file that cannot be read. “[Name]” and
                * “Key=value” show the syntax and stay untranslated. */
               _("Line %u is not a group header “[Name]”, an entry “Key=value” or a comment: "
                 "“%s”."),
               number, quoted);
}

static gboolean
is_blank (char c)
{
  return c == ' ' || c == '\t';
}

static gboolean
is_key_char (char c)
{
  return g_ascii_isalnum (c) || c == '-';
}

static gboolean
is_locale_char (char c)
{
  return g_ascii_isalnum (c) || c == '_' || c == '.' || c == '@' || c == '-';
}

/* Unescapes @raw (@length bytes) into a new string; NULL with @error naming the escape. */
static char *
unescape (const char *raw, gsize length, const char *group, const char *key, guint number,
          GError **error)
{
  GString *out = g_string_sized_new (length);

  for (gsize i = 0; i < length; i++)
    {
      if (raw[i] != '\\')
        {
          g_string_append_c (out, raw[i]);
          continue;
        }
      if (i + 1 == length)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       /* Translators: “Key “Title” in group “Lesson” ends with a lone
                        * backslash (line 3).” */
                       _("Key “%s” in group “%s” ends with a lone backslash (line %u)."), key,
                       group, number);
          g_string_free (out, TRUE);
          return NULL;
        }
      i++;
      switch (raw[i])
        {
        case 's':
          g_string_append_c (out, ' ');
          break;
        case 'n':
          g_string_append_c (out, '\n');
          break;
        case 't':
          g_string_append_c (out, '\t');
          break;
        case 'r':
          g_string_append_c (out, '\r');
          break;
        case '\\':
          g_string_append_c (out, '\\');
          break;
        default:
          {
            /* The escape as written: a backslash and one character. */
            const char *next = g_utf8_next_char (raw + i);
            g_autofree char *shown = quote (raw + i - 1, next - (raw + i - 1));

            g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                         /* Translators: the escapes listed are file syntax, untranslated. */
                         _("Key “%s” in group “%s” has an invalid escape “%s” (line %u): a "
                           "backslash starts \\s, \\n, \\t, \\r or \\\\."),
                         key, group, shown, number);
            g_string_free (out, TRUE);
            return NULL;
          }
        }
    }
  return g_string_free (out, FALSE);
}

/* Parses the entry on line @number (@text, leading blanks skipped at @s) into @line. */
static gboolean
parse_entry (DpvizDocLine *line, const char *s, const char *group, guint number,
             GError **error)
{
  const char *eq = strchr (s, '=');
  const char *key_end, *p, *value, *value_end;
  g_autofree char *shown_key = NULL;

  if (eq == NULL)
    {
      set_syntax_error (error, number, line->text);
      return FALSE;
    }
  key_end = eq;
  while (key_end > s && is_blank (key_end[-1]))
    key_end--;
  shown_key = quote (s, key_end - s);

  p = s;
  while (p < key_end && is_key_char (*p))
    p++;
  if (p == s)
    goto bad_key;
  line->key = g_strndup (s, p - s);
  if (p < key_end)
    {
      const char *locale = p + 1;

      if (*p != '[' || key_end[-1] != ']' || key_end - 1 <= locale)
        goto bad_key;
      for (const char *c = locale; c < key_end - 1; c++)
        if (!is_locale_char (*c))
          goto bad_key;
      line->locale = g_strndup (locale, key_end - 1 - locale);
    }
  if (group == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("Line %u holds the key “%s” before the first group."), number,
                   shown_key);
      return FALSE;
    }

  value = eq + 1;
  while (is_blank (*value))
    value++;
  value_end = value + strlen (value);
  while (value_end > value && is_blank (value_end[-1]))
    value_end--;
  {
    g_autofree char *shown_group = quote (group, -1);

    line->value = unescape (value, value_end - value, shown_group, shown_key, number, error);
  }
  return line->value != NULL;

bad_key:
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
               /* Translators: “Note[zh_CN]” is an example of the file syntax. */
               _("Line %u has the key “%s”, which is not a key name: letters, digits and “-”, "
                 "perhaps with a language in brackets as in “Note[zh_CN]”."),
               number, shown_key);
  return FALSE;
}

static gboolean
check_control_characters (const char *text, guint number, GError **error)
{
  for (const char *c = text; *c != '\0'; c++)
    if (((guchar) *c < 0x20 && *c != '\t') || *c == 0x7f)
      {
        g_autofree char *shown = dpv_escape_for_display (c, 1);

        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                     _("Line %u contains the control character “%s”."), number, shown);
        return FALSE;
      }
  return TRUE;
}

DpvizLessonDoc *
dpviz_lesson_doc_parse (const char *data, gsize length, GError **error)
{
  g_autoptr(DpvizLessonDoc) doc = dpviz_lesson_doc_new ();
  g_autoptr(GHashTable) groups_seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) keys_seen = NULL;
  DpvizDocGroup *current = g_ptr_array_index (doc->groups, 0);
  const char *p = data, *end = data + length;
  guint number = 0;

  g_return_val_if_fail (data != NULL || length == 0, NULL);

  if (length >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    {
      doc->bom = TRUE;
      p += 3;
    }
  while (p < end)
    {
      const char *nl = memchr (p, '\n', (size_t) (end - p));
      const char *line_end = nl != NULL ? nl : end;
      const char *eol = nl != NULL ? EOL_LF : EOL_NONE;
      DpvizDocLine *line;
      const char *s;

      if (nl != NULL && line_end > p && line_end[-1] == '\r')
        {
          line_end--;
          eol = EOL_CRLF;
        }
      if (++number == 1 && *eol != '\0')
        doc->eol = eol;
      doc->no_final_eol = (*eol == '\0');
      line = g_new0 (DpvizDocLine, 1);
      line->number = number;
      line->text = g_strndup (p, (gsize) (line_end - p));
      line->eol = eol;
      p = nl != NULL ? nl + 1 : end;

      if (!check_control_characters (line->text, number, error))
        {
          dpviz_doc_line_free (line);
          return NULL;
        }
      s = line->text;
      while (is_blank (*s))
        s++;
      if (*s == '\0' || *s == '#')
        {
          g_ptr_array_add (current->body, line);
          continue;
        }
      if (*s == '[')
        {
          const char *e = s + strlen (s);
          DpvizDocGroup *group;
          gpointer seen;
          g_autofree char *name = NULL;

          while (e > s && is_blank (e[-1]))
            e--;
          if (e - s < 3 || e[-1] != ']')
            {
              set_syntax_error (error, number, line->text);
              dpviz_doc_line_free (line);
              return NULL;
            }
          name = g_strndup (s + 1, (gsize) (e - s - 2));
          if (strpbrk (name, "[]") != NULL)
            {
              set_syntax_error (error, number, line->text);
              dpviz_doc_line_free (line);
              return NULL;
            }
          seen = g_hash_table_lookup (groups_seen, name);
          if (seen != NULL)
            {
              g_autofree char *shown = quote (name, -1);

              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The group “[%s]” appears twice, on lines %u and %u."), shown,
                           GPOINTER_TO_UINT (seen), number);
              dpviz_doc_line_free (line);
              return NULL;
            }
          group = doc_group_new (name);
          group->header = line;
          /* The comments and blank lines right above a header go with its group (moved as
           * one block: a file may hold a million blank lines). */
          {
            guint first = current->body->len;

            while (first > 0
                   && ((DpvizDocLine *) g_ptr_array_index (current->body, first - 1))->key
                      == NULL)
              first--;
            for (guint j = first; j < current->body->len; j++)
              g_ptr_array_add (group->lead, g_ptr_array_index (current->body, j));
            /* The lines now belong to the new group: shrink without freeing them. */
            g_ptr_array_set_free_func (current->body, NULL);
            g_ptr_array_set_size (current->body, first);
            g_ptr_array_set_free_func (current->body, (GDestroyNotify) dpviz_doc_line_free);
          }
          g_ptr_array_add (doc->groups, group);
          g_hash_table_insert (groups_seen, group->name, GUINT_TO_POINTER (number));
          g_clear_pointer (&keys_seen, g_hash_table_unref);
          keys_seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
          current = group;
          continue;
        }
      if (!parse_entry (line, s, current->name, number, error))
        {
          dpviz_doc_line_free (line);
          return NULL;
        }
      {
        char *id = line->locale != NULL ? g_strdup_printf ("%s[%s]", line->key, line->locale)
                                        : g_strdup (line->key);
        gpointer seen = g_hash_table_lookup (keys_seen, id);

        if (seen != NULL)
          {
            g_autofree char *shown_key = quote (id, -1);
            g_autofree char *shown_group = quote (current->name, -1);

            g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                         _("Key “%s” appears twice in group “%s”, on lines %u and %u."),
                         shown_key, shown_group, GPOINTER_TO_UINT (seen), number);
            g_free (id);
            dpviz_doc_line_free (line);
            return NULL;
          }
        g_hash_table_insert (keys_seen, id, GUINT_TO_POINTER (number));
      }
      g_ptr_array_add (current->body, line);
    }
  return g_steal_pointer (&doc);
}
