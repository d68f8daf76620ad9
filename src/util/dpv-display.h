/* dpv-display.h — untrusted bytes shown safely in one line of a message
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A copy of @text (@length bytes, or up to NUL when -1) that is valid UTF-8, holds no control
 * character and cannot reorder the text around it: C0 controls, DEL and C1 controls appear as
 * C escapes (\n, \t, \r, \e, \v, \f, \b, \a) or \xHH; bytes that are not UTF-8 as \xHH; the
 * bidirectional formatting characters (U+200E, U+200F, U+202A…U+202E, U+2066…U+2069) as
 * \u200e style escapes. Everything else, including any backslash, is kept as it is. */
char *dpv_escape_for_display (const char *text, gssize length);

/* An offending text as quoted in a message: dpv_escape_for_display () of @text, cut to at
 * most @max_chars characters with "…" after the cut, so that a hostile megabyte-long value
 * cannot flood a dialog or a terminal line. */
char *dpv_quote_for_message (const char *text, glong max_chars);

/* The length dpv_quote_for_message () callers use for a value typed or read from a file. */
#define DPV_QUOTE_MAX_CHARS 40

/* A file name (bytes in the file system's encoding) for a message: dpv_escape_for_display ()
 * of its bytes. */
char *dpv_display_filename (const char *filename);

G_END_DECLS
