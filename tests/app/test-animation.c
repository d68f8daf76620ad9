/* test-animation.c — the animated value as a function of time (dpviz-animation.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected values are closed forms: linear interpolation t/T of the way on a linear slider,
 * 10^(log10 From + t/T (log10 To − log10 From)) on a log slider (the midpoint of 0.01 … 10 is
 * the geometric mean √(0.01 · 10) = 10^−0.5), the sawtooth and triangle waves by hand.
 */
#include "config.h"

#include <math.h>

#include "dpviz-animation.h"

static void
test_once (void)
{
  DpvizAnimation a = { .from = 2, .to = 6, .duration = 4, .mode = DPVIZ_ANIMATION_ONCE };

  g_assert_cmpfloat (dpviz_animation_value (&a, 0), ==, 2);
  g_assert_cmpfloat_with_epsilon (dpviz_animation_value (&a, 1), 3, 1e-12);
  g_assert_cmpfloat_with_epsilon (dpviz_animation_value (&a, 3), 5, 1e-12);
  g_assert_false (dpviz_animation_finished (&a, 3.999));
  /* ends exactly at To and stays there */
  g_assert_cmpfloat (dpviz_animation_value (&a, 4), ==, 6);
  g_assert_true (dpviz_animation_finished (&a, 4));
  g_assert_cmpfloat (dpviz_animation_value (&a, 100), ==, 6);
  g_assert_true (dpviz_animation_finished (&a, 100));
}

static void
test_loop (void)
{
  DpvizAnimation a = { .from = 0, .to = 10, .duration = 2, .mode = DPVIZ_ANIMATION_LOOP };

  g_assert_cmpfloat_with_epsilon (dpviz_animation_value (&a, 0.5), 2.5, 1e-12);
  /* wraps: after T it starts again at From, 2.5 s is 0.5 s into the second round */
  g_assert_cmpfloat (dpviz_animation_value (&a, 2.0), ==, 0);
  g_assert_cmpfloat_with_epsilon (dpviz_animation_value (&a, 2.5), 2.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (dpviz_animation_value (&a, 7.5), 7.5, 1e-12);
  g_assert_false (dpviz_animation_finished (&a, 1000));
}

static void
test_back_and_forth (void)
{
  DpvizAnimation a = { .from = 1, .to = 5, .duration = 8,
                       .mode = DPVIZ_ANIMATION_BACK_AND_FORTH };

  g_assert_cmpfloat_with_epsilon (dpviz_animation_value (&a, 2), 2, 1e-12);
  g_assert_cmpfloat (dpviz_animation_value (&a, 8), ==, 5);
  /* on the way back, 2 s after To: a quarter of the way down */
  g_assert_cmpfloat_with_epsilon (dpviz_animation_value (&a, 10), 4, 1e-12);
  /* back at From at 2T, and again after every 2T */
  g_assert_cmpfloat_with_epsilon (dpviz_animation_value (&a, 16), 1, 1e-12);
  g_assert_cmpfloat_with_epsilon (dpviz_animation_value (&a, 32 + 2), 2, 1e-12);
  g_assert_false (dpviz_animation_finished (&a, 1000));
}

static void
test_downward (void)
{
  DpvizAnimation a = { .from = 10, .to = 0.1, .duration = 3, .mode = DPVIZ_ANIMATION_ONCE,
                       .logarithmic = TRUE };

  /* log10: 1 → −1, one third of the way is 10^(1/3) */
  g_assert_cmpfloat_with_epsilon (dpviz_animation_value (&a, 1), pow (10, 1.0 / 3), 1e-12);
  g_assert_cmpfloat (dpviz_animation_value (&a, 3), ==, 0.1);
}

static void
test_log_midpoint (void)
{
  DpvizAnimation a = { .from = 0.01, .to = 10, .duration = 8,
                       .mode = DPVIZ_ANIMATION_ONCE, .logarithmic = TRUE };

  g_assert_cmpfloat_with_epsilon (dpviz_animation_value (&a, 4), sqrt (0.01 * 10), 1e-12);
  g_assert_cmpfloat_with_epsilon (dpviz_animation_value (&a, 4), 0.316227766016838, 1e-12);
  /* a quarter of the way: three decades / 4 above 10^-2 */
  g_assert_cmpfloat_with_epsilon (dpviz_animation_value (&a, 2), pow (10, -2 + 0.75), 1e-12);
}

/* Counts stay whole: every value of a sweep 1 … 10000 (log) and 2 … 6 (linear) is a whole
 * number in the range, and the linear one takes each of 2, 3, 4, 5, 6. */
static void
test_whole (void)
{
  DpvizAnimation log_k = { .from = 1, .to = 10000, .duration = 5,
                           .mode = DPVIZ_ANIMATION_BACK_AND_FORTH, .logarithmic = TRUE,
                           .whole = TRUE };
  DpvizAnimation lin = { .from = 2, .to = 6, .duration = 1, .mode = DPVIZ_ANIMATION_ONCE,
                         .whole = TRUE };
  gboolean seen[7] = { FALSE };

  for (int i = 0; i <= 1000; i++)
    {
      double v = dpviz_animation_value (&log_k, i * 0.0123);
      double w = dpviz_animation_value (&lin, i / 1000.0);

      g_assert_cmpfloat (v, ==, round (v));
      g_assert_cmpfloat (v, >=, 1);
      g_assert_cmpfloat (v, <=, 10000);
      g_assert_cmpfloat (w, ==, round (w));
      g_assert_cmpfloat (w, >=, 2);
      g_assert_cmpfloat (w, <=, 6);
      seen[(int) w] = TRUE;
    }
  for (int k = 2; k <= 6; k++)
    g_assert_true (seen[k]);
  /* 10^(4 · 0.3) = 15.85 rounds to 16 */
  g_assert_cmpfloat (dpviz_animation_value (&log_k, 1.5), ==, 16);
}

/* Playing from a value continues from where the way From → To passes it. */
static void
test_elapsed_at (void)
{
  DpvizAnimation a = { .from = 0.01, .to = 10, .duration = 8, .logarithmic = TRUE };
  DpvizAnimation down = { .from = 6, .to = 2, .duration = 4 };

  g_assert_cmpfloat_with_epsilon (dpviz_animation_elapsed_at (&a, 0.1), 8.0 / 3, 1e-12);
  g_assert_cmpfloat_with_epsilon (dpviz_animation_elapsed_at (&a, 10), 8, 1e-12);
  g_assert_cmpfloat (dpviz_animation_elapsed_at (&a, 0.001), ==, -1);
  g_assert_cmpfloat (dpviz_animation_elapsed_at (&a, 11), ==, -1);
  g_assert_cmpfloat (dpviz_animation_elapsed_at (&a, NAN), ==, -1);
  g_assert_cmpfloat_with_epsilon (dpviz_animation_elapsed_at (&down, 5), 1, 1e-12);
  g_assert_cmpfloat (dpviz_animation_elapsed_at (&down, 7), ==, -1);
  /* the value at that time is the value itself */
  for (double v = 0.02; v < 10; v *= 1.7)
    g_assert_cmpfloat_with_epsilon (dpviz_animation_value (&a, dpviz_animation_elapsed_at (&a, v)),
                                    v, 1e-12 * v);
}

static void
test_mode_names (void)
{
  g_assert_cmpint (dpviz_animation_mode_from_name ("once"), ==, DPVIZ_ANIMATION_ONCE);
  g_assert_cmpint (dpviz_animation_mode_from_name ("loop"), ==, DPVIZ_ANIMATION_LOOP);
  g_assert_cmpint (dpviz_animation_mode_from_name ("back-and-forth"), ==,
                   DPVIZ_ANIMATION_BACK_AND_FORTH);
  g_assert_cmpint (dpviz_animation_mode_from_name ("sideways"), ==, -1);
  g_assert_cmpint (dpviz_animation_mode_from_name (NULL), ==, -1);
  for (int m = 0; m < DPVIZ_N_ANIMATION_MODES; m++)
    g_assert_cmpint (dpviz_animation_mode_from_name (dpviz_animation_mode_to_name (m)), ==, m);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/animation/once", test_once);
  g_test_add_func ("/animation/loop", test_loop);
  g_test_add_func ("/animation/back-and-forth", test_back_and_forth);
  g_test_add_func ("/animation/downward", test_downward);
  g_test_add_func ("/animation/log-midpoint", test_log_midpoint);
  g_test_add_func ("/animation/whole", test_whole);
  g_test_add_func ("/animation/elapsed-at", test_elapsed_at);
  g_test_add_func ("/animation/mode-names", test_mode_names);
  return g_test_run ();
}
