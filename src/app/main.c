/* main.c — DPViz: make differential privacy visible
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>
#include <glib/gi18n.h>

#include "dpviz-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(DpvizApplication) app = NULL;
  const char *localedir = g_getenv ("DPVIZ_LOCALEDIR");

  /* DPVIZ_LOCALEDIR: the build tree's catalogues for the uninstalled app (po/meson.build). */
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL && *localedir ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = dpviz_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
