/* dpv-display.c — untrusted bytes shown safely in one line of a message
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * File names and command-line arguments are bytes: a name may hold a newline, an escape
 * sequence that would drive the terminal, or bytes that are not UTF-8. Messages quote them
 * through here, so that a message is always one line of valid UTF-8 text that shows what the
 * bytes were.
 */
#include "config.h"

#include <string.h>

#include "dpv-display.h"

static gboolean
is_bidi_control (gunichar c)
{
  return c == 0x200e || c == 0x200f || (c >= 0x202a && c <= 0x202e)
         || (c >= 0x2066 && c <= 0x2069);
}

static void
append_control (GString *out, guchar c)
{
  switch (c)
    {
    case '\n': g_string_append (out, "\\n"); break;
    case '\t': g_string_append (out, "\\t"); break;
    case '\r': g_string_append (out, "\\r"); break;
    case '\v': g_string_append (out, "\\v"); break;
    case '\f': g_string_append (out, "\\f"); break;
    case '\b': g_string_append (out, "\\b"); break;
    case '\a': g_string_append (out, "\\a"); break;
    case 0x1b: g_string_append (out, "\\e"); break;
    default: g_string_append_printf (out, "\\x%02x", c); break;
    }
}

char *
dpv_escape_for_display (const char *text, gssize length)
{
  GString *out;
  const char *p, *end;

  if (text == NULL)
    return g_strdup ("");
  if (length < 0)
    length = (gssize) strlen (text);
  out = g_string_sized_new ((gsize) length + 8);
  p = text;
  end = text + length;
  while (p < end)
    {
      guchar c = (guchar) *p;
      gunichar u;

      if (c < 0x80)
        {
          if (c < 0x20 || c == 0x7f)
            append_control (out, c);
          else
            g_string_append_c (out, (char) c);
          p++;
          continue;
        }
      u = g_utf8_get_char_validated (p, end - p);
      if (u == (gunichar) -1 || u == (gunichar) -2)
        {
          g_string_append_printf (out, "\\x%02x", c);
          p++;
          continue;
        }
      if (u >= 0x80 && u <= 0x9f)
        g_string_append_printf (out, "\\x%02x", (guint) u);
      else if (is_bidi_control (u))
        g_string_append_printf (out, "\\u%04x", (guint) u);
      else
        g_string_append_len (out, p, g_utf8_skip[c]);
      p += g_utf8_skip[c];
    }
  return g_string_free (out, FALSE);
}

char *
dpv_display_filename (const char *filename)
{
  return dpv_escape_for_display (filename, -1);
}

char *
dpv_quote_for_message (const char *text, glong max_chars)
{
  g_autofree char *escaped = dpv_escape_for_display (text, -1);
  const char *end;

  g_return_val_if_fail (max_chars > 0, g_strdup (""));
  if (g_utf8_strlen (escaped, -1) <= max_chars)
    return g_steal_pointer (&escaped);
  end = g_utf8_offset_to_pointer (escaped, max_chars);
  return g_strdup_printf ("%.*s…", (int) (end - escaped), escaped);
}
