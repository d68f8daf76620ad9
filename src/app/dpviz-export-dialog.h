/* dpviz-export-dialog.h — export the current view (PNG/SVG/PDF) and copy it as an image
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dpviz-model.h"

G_BEGIN_DECLS

/* Presents the export options (format, size, scale, theme, caption; defaults and last choices from
 * GSettings) and then a GtkFileChooserNative; writes atomically; reports success or the reason for
 * failure through a toast in @toasts. @composition may be NULL. */
void dpviz_export_dialog_present (GtkWindow *parent, AdwToastOverlay *toasts,
                                  DpvizModel *model, GSettings *settings,
                                  const DpvCompositionData *composition);
/* Renders the current view at the given size as PNG and puts it on the clipboard as an image
 * (GdkTexture); returns FALSE with error set on failure. */
gboolean dpviz_copy_figure_to_clipboard (GdkClipboard *clipboard, DpvizModel *model,
                                         const DpvStyle *style,
                                         const DpvCompositionData *composition, int width,
                                         int height, GError **error);

G_END_DECLS
