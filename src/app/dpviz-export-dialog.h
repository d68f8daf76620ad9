/* dpviz-export-dialog.h — export the current view (PNG/SVG/PDF) and copy it as an image
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dpv-frame.h"
#include "dpv-style.h"
#include "dpviz-lesson-file.h"
#include "dpviz-model.h"

G_BEGIN_DECLS

/* Presents the export options (format, size, scale, theme, caption; defaults and last choices from
 * GSettings) and then a GtkFileChooserNative; writes atomically; reports success or the reason for
 * failure through a toast in @toasts. The export computes its frame through @cache (the
 * window's; may be NULL), so that what is on screen is not computed again. */
void dpviz_export_dialog_present (GtkWindow *parent, AdwToastOverlay *toasts,
                                  DpvizModel *model, GSettings *settings,
                                  DpvFrameCache *cache);
/* The same options for every step of @lesson, then a folder chooser: one figure per step
 * (dpviz-lesson-export.h), written in a worker thread, with progress, a way to cancel and the
 * outcome as toasts in @toasts. A step that cannot be exported is reported at once. */
void dpviz_export_lesson_dialog_present (GtkWindow *parent, AdwToastOverlay *toasts,
                                         DpvizModel *model, GSettings *settings,
                                         const DpvizLesson *lesson);
/* Renders @frame at the given size as PNG in @style and puts it on the clipboard as an image
 * (GdkTexture); returns FALSE with error set on failure. */
gboolean dpviz_copy_figure_to_clipboard (GdkClipboard *clipboard, const DpvFrame *frame,
                                         const DpvStyle *style, int width, int height,
                                         GError **error);

G_END_DECLS
