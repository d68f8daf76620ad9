/* dpv-escape.h — the backslash escapes that JSON strings and lesson files share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Appends to @out the escape of @c when it is a backslash, newline, tab or carriage return —
 * "\\\\", "\\n", "\\t", "\\r", written alike in a JSON string (RFC 8259 §7) and in a value of a
 * desktop-entry style file such as a lesson (Desktop Entry Specification, "Possible value
 * types") — and returns TRUE; returns FALSE, appending nothing, for any other byte. */
gboolean dpv_append_backslash_escape (GString *out, char c);

G_END_DECLS
