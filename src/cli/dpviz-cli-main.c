/* dpviz-cli-main.c — dpviz-cli's main (): the locale, the text domain, then cli_main ()
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>

#include <glib/gi18n.h>

#include "dpviz-cli-common.h"

int
main (int argc, char **argv)
{
  const char *localedir = g_getenv ("DPVIZ_LOCALEDIR");

  setlocale (LC_ALL, "");
  /* DPVIZ_LOCALEDIR: the build tree's catalogues when uninstalled (po/meson.build; `meson
   * devenv` sets it), as for the app. */
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL && *localedir ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  return cli_main (argc, argv);
}
