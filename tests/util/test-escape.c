/* test-escape.c — dpv_append_backslash_escape () over every byte
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The four escapes are the ones RFC 8259 §7 and the Desktop Entry Specification ("Possible
 * value types") write the same way; every other byte must be left to the caller.
 */
#include "config.h"

#include <glib.h>

#include "dpv-escape.h"

static void
test_every_byte (void)
{
  /* From the two specifications' tables, independently of the code. */
  const struct { char byte; const char *escape; } table[] = {
    { '\\', "\\\\" }, { '\n', "\\n" }, { '\t', "\\t" }, { '\r', "\\r" },
  };
  guint n_escaped = 0;

  for (int b = 0; b < 256; b++)
    {
      g_autoptr(GString) out = g_string_new ("x");
      const char *want = NULL;
      gboolean escaped;

      for (guint i = 0; i < G_N_ELEMENTS (table); i++)
        if ((unsigned char) table[i].byte == b)
          want = table[i].escape;
      escaped = dpv_append_backslash_escape (out, (char) b);
      g_assert_cmpint (escaped, ==, want != NULL);
      if (want != NULL)
        {
          g_autofree char *expected = g_strconcat ("x", want, NULL);

          g_assert_cmpstr (out->str, ==, expected);
          n_escaped++;
        }
      else
        g_assert_cmpstr (out->str, ==, "x");   /* nothing appended */
    }
  g_assert_cmpuint (n_escaped, ==, 4);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/escape/every-byte", test_every_byte);
  return g_test_run ();
}
