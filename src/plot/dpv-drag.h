/* dpv-drag.h — quantities a figure lets you set by dragging on it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A view's draw function declares, panel by panel, what a drag over the panel sets: the
 * threshold of a test dragged across a densities panel, a point dragged along a curve. The
 * declarations are recorded only while a drag log is attached to the cairo context (the app's
 * plot widget attaches one when it draws); export, the CLI and the tests draw without one
 * and the declarations cost nothing there.
 *
 * libdpplot knows no parameters: @id is the caller's number for the quantity (a view passes a
 * DpvParamId). Coordinates in the log are user units of the context when the log was
 * attached (for the widget: its own coordinates), whatever transformation is in force when a
 * panel declares its area.
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "dpv-plot.h"

G_BEGIN_DECLS

typedef enum {
  DPV_DRAG_ACROSS = 0,  /* the value follows the pointer's x through a monotone table */
  DPV_DRAG_ALONG,       /* the value of the point of a curve nearest the pointer */
} DpvDragKind;

typedef struct {
  int id;                      /* the quantity the drag sets */
  DpvDragKind kind;
  double x, y, width, height;  /* a press here starts the drag: the panel's data area */
  gsize n;                     /* points of the table or the curve (≥ 1) */
  double *ux;                  /* their x in log coordinates */
  double *uy;                  /* DPV_DRAG_ALONG: their y; NULL otherwise */
  double *values;              /* the quantity at each point */
} DpvDragArea;

void dpv_drag_area_free (DpvDragArea *area);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DpvDragArea, dpv_drag_area_free)
DpvDragArea *dpv_drag_area_copy (const DpvDragArea *area);

/* Records the drag areas of the panels drawn on @cr from now on into @log (a GPtrArray of
 * DpvDragArea*, which the caller creates with dpv_drag_area_free as free function), in the
 * user units in force now. Until dpv_drag_log_detach (); @log must outlive the attachment. */
void dpv_drag_log_attach (cairo_t *cr, GPtrArray *log);
void dpv_drag_log_detach (cairo_t *cr);

/* Dragging across the data area of @plot sets @id to the value at the pointer's x: the table
 * (x[i] in data units, values[i]) interpolated linearly in user space, the end values beyond
 * its ends. x must be monotone; non-finite entries are left out. */
void dpv_drag_across (cairo_t *cr, DpvPlot *plot, int id, const double *x, const double *values,
                      gsize n);
/* Dragging in the data area of @plot sets @id to the value at the point of the curve (x[i],
 * y[i]) nearest to the pointer, interpolated along the nearest segment. Points outside the
 * data area or not finite are left out (they break the curve). */
void dpv_drag_along (cairo_t *cr, DpvPlot *plot, int id, const double *x, const double *y,
                     const double *values, gsize n);

/* The area a press at (x, y) starts: of the areas containing the point, the one declared
 * last; when that is a curve (DPV_DRAG_ALONG), the nearest of the curves declared over the
 * same rectangle. NULL when none contains it. */
const DpvDragArea *dpv_drag_log_find (GPtrArray *log, double x, double y);
/* The value @area gives for a pointer at (x, y) (anywhere: a drag may leave the area). */
double dpv_drag_area_value (const DpvDragArea *area, double x, double y);
/* The distance from (x, y) to the curve of a DPV_DRAG_ALONG area (0 for the other kind). */
double dpv_drag_area_distance (const DpvDragArea *area, double x, double y);

G_END_DECLS
