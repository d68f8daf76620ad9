/* compact-sizes.h — the figure areas of the app's window on the screens of a lecture hall
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The plot view's size and the plot text size (dpviz_plot_view_font_size ()) of a window that
 * fills the screen, with the control panel shown, hidden (F9) and in presentation mode.
 * tests/app/test-window.c (/window/figure-sizes) measures them in a real window and fails
 * when they change; tests/plot/test-compact-layouts.c renders every view at them.
 */
#pragma once

typedef enum {
  COMPACT_CONTROLS = 0,    /* the control panel shown */
  COMPACT_NO_CONTROLS,     /* the control panel hidden (F9) */
  COMPACT_PRESENTATION,    /* presentation mode: no header bar, the strip of parameters */
  COMPACT_N_MODES
} CompactMode;

typedef struct {
  int screen_w, screen_h;
  CompactMode mode;
  int figure_w, figure_h;  /* the plot view, in pixels */
  double font_size;        /* its style's font_size at text scale 1 */
} CompactSize;

static const CompactSize compact_sizes[] = {
  { 1024, 768, COMPACT_CONTROLS, 627, 721, 13 },
  { 1024, 768, COMPACT_NO_CONTROLS, 1024, 721, 16 },
  { 1024, 768, COMPACT_PRESENTATION, 1024, 716, 16 },
  { 1280, 720, COMPACT_CONTROLS, 883, 673, 13.796875 },
  { 1280, 720, COMPACT_NO_CONTROLS, 1280, 673, 16.825 },
  { 1280, 720, COMPACT_PRESENTATION, 1280, 668, 16.7 },
  { 1920, 1080, COMPACT_CONTROLS, 1523, 1033, 23.796875 },
  { 1920, 1080, COMPACT_NO_CONTROLS, 1920, 1033, 25.825 },
  { 1920, 1080, COMPACT_PRESENTATION, 1920, 1028, 25.7 },
};
