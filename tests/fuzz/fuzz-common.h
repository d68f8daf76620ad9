/* fuzz-common.h — what every fuzz target sets up: fatal warnings, the text domain, languages
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdint.h>
#include <stddef.h>

/* Makes GLib warnings and criticals fatal (as G_DEBUG=fatal-warnings,fatal-criticals does in
 * the test suite), sets the C.UTF-8 locale and binds the text domain to the build tree's
 * catalogues (DPVIZ_LOCALEDIR when set). */
void fuzz_common_init (void);

/* Switches the language of translated messages ("C" or "zh_CN") for the next run. */
void fuzz_set_language (const char *language);
