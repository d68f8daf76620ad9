/* dpv-escape.c — the backslash escapes that JSON strings and lesson files share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dpv-escape.h"

gboolean
dpv_append_backslash_escape (GString *out, char c)
{
  switch (c)
    {
    case '\\':
      g_string_append (out, "\\\\");
      return TRUE;
    case '\n':
      g_string_append (out, "\\n");
      return TRUE;
    case '\t':
      g_string_append (out, "\\t");
      return TRUE;
    case '\r':
      g_string_append (out, "\\r");
      return TRUE;
    default:
      return FALSE;
    }
}
