/* dpviz-application.h — the application: windows, app actions, accelerators
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define DPVIZ_TYPE_APPLICATION (dpviz_application_get_type ())
G_DECLARE_FINAL_TYPE (DpvizApplication, dpviz_application, DPVIZ, APPLICATION, AdwApplication)

DpvizApplication *dpviz_application_new (void);

G_END_DECLS
