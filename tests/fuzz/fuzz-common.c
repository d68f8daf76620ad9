/* fuzz-common.c — what every fuzz target sets up: fatal warnings, the text domain, languages
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>
#include <string.h>

#include <glib.h>
#include <glib/gi18n.h>

#include "fuzz-common.h"

void
fuzz_common_init (void)
{
  const char *localedir = g_getenv ("DPVIZ_LOCALEDIR");

  g_log_set_always_fatal (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  setlocale (LC_ALL, "C.UTF-8");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL && *localedir ? localedir
                                                                   : FUZZ_BUILD_LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}

void
fuzz_set_language (const char *language)
{
  static char current[16] = "";

  if (strcmp (current, language) == 0)
    return;
  g_strlcpy (current, language, sizeof current);
  g_setenv ("LANGUAGE", language, TRUE);
  /* gettext caches translations per language: setting the domain again flushes the cache. */
  textdomain (GETTEXT_PACKAGE);
}
