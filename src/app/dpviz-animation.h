/* dpviz-animation.h — the animated parameter's value as a function of time
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The animation moves one parameter from From to To in @duration seconds, evenly on the
 * slider's scale (its logarithm for a log-scaled slider), and then stops (once), starts again
 * at From (loop) or comes back to From in as long again (back and forth). Pure functions:
 * the window's tick callback only accumulates the elapsed time.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  DPVIZ_ANIMATION_ONCE = 0,
  DPVIZ_ANIMATION_LOOP,
  DPVIZ_ANIMATION_BACK_AND_FORTH,
  DPVIZ_N_ANIMATION_MODES
} DpvizAnimationMode;

typedef struct {
  double from, to;            /* From > To sweeps downward */
  double duration;            /* seconds from From to To, > 0 */
  DpvizAnimationMode mode;
  gboolean logarithmic;       /* interpolate log10 of the value (from, to > 0) */
  gboolean whole;             /* round to whole numbers (counts) */
} DpvizAnimation;

/* "once", "loop", "back-and-forth" (settings) ↔ the mode; -1 for an unknown name. */
const char *dpviz_animation_mode_to_name (DpvizAnimationMode mode);
int dpviz_animation_mode_from_name (const char *name);

/* How far along From → To the animation is after @elapsed seconds, in [0, 1]. */
double dpviz_animation_fraction (const DpvizAnimation *a, double elapsed);
/* The value after @elapsed seconds (From at 0). */
double dpviz_animation_value (const DpvizAnimation *a, double elapsed);
/* TRUE when a "once" animation has reached To (the others never end). */
gboolean dpviz_animation_finished (const DpvizAnimation *a, double elapsed);
/* The time in [0, duration] at which the way From → To passes @value, or -1 when @value is
 * not between From and To: playing from a paused or dragged value continues from there. */
double dpviz_animation_elapsed_at (const DpvizAnimation *a, double value);

G_END_DECLS
