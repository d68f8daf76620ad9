/* dpviz-animation.c — the animated parameter's value as a function of time
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Linear interpolation of the slider position p (p = log10 v on a log-scaled slider, p = v
 * otherwise): p(t) = p(From) + f(t) (p(To) − p(From)), with f the sawtooth (loop) or the
 * triangle wave (back and forth) of period T resp. 2T, or f clamped to [0, 1] (once).
 */
#include "config.h"

#include <math.h>

#include "dpviz-animation.h"

static const char *const mode_names[DPVIZ_N_ANIMATION_MODES] = {
  "once", "loop", "back-and-forth"
};

const char *
dpviz_animation_mode_to_name (DpvizAnimationMode mode)
{
  g_return_val_if_fail (mode < DPVIZ_N_ANIMATION_MODES, NULL);
  return mode_names[mode];
}

int
dpviz_animation_mode_from_name (const char *name)
{
  for (int i = 0; i < DPVIZ_N_ANIMATION_MODES; i++)
    if (g_strcmp0 (name, mode_names[i]) == 0)
      return i;
  return -1;
}

static double
position (const DpvizAnimation *a, double value)
{
  return a->logarithmic ? log10 (value) : value;
}

double
dpviz_animation_fraction (const DpvizAnimation *a, double elapsed)
{
  double t = MAX (elapsed, 0) / a->duration;

  switch (a->mode)
    {
    case DPVIZ_ANIMATION_LOOP:
      return t - floor (t);
    case DPVIZ_ANIMATION_BACK_AND_FORTH:
      {
        double s = fmod (t, 2.0);

        return s <= 1.0 ? s : 2.0 - s;
      }
    case DPVIZ_ANIMATION_ONCE:
    case DPVIZ_N_ANIMATION_MODES:
    default:
      return MIN (t, 1.0);
    }
}

double
dpviz_animation_value (const DpvizAnimation *a, double elapsed)
{
  double f = dpviz_animation_fraction (a, elapsed);
  double p0 = position (a, a->from), p1 = position (a, a->to);
  double p = f >= 1.0 ? p1 : p0 + f * (p1 - p0);
  double value = f >= 1.0 ? a->to : f <= 0.0 ? a->from : a->logarithmic ? pow (10.0, p) : p;

  return a->whole ? round (value) : value;
}

gboolean
dpviz_animation_finished (const DpvizAnimation *a, double elapsed)
{
  return a->mode == DPVIZ_ANIMATION_ONCE && elapsed >= a->duration;
}

double
dpviz_animation_elapsed_at (const DpvizAnimation *a, double value)
{
  double p0 = position (a, a->from), p1 = position (a, a->to);
  double f;

  if (!isfinite (value) || (a->logarithmic && value <= 0) || p0 == p1)
    return -1;
  f = (position (a, value) - p0) / (p1 - p0);
  if (!(f >= 0 && f <= 1))
    return -1;
  return f * a->duration;
}
