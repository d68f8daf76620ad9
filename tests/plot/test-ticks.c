/* test-ticks.c — nice ticks and number formatting
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected labels are written out by hand; structural properties (1-2-5 steps, coverage,
 * bounds) are checked against their definitions, not against the generator's own output.
 */
#include "config.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include "dpv-ticks.h"

#define MINUS "\xe2\x88\x92"

static gsize
majors (const DpvTick *t, gsize n, DpvTick *out)
{
  gsize m = 0;
  for (gsize i = 0; i < n; i++)
    if (t[i].major)
      out[m++] = t[i];
  return m;
}

/* step = m × 10^k with m ∈ {1, 2, 5}? */
static gboolean
is_125 (double step)
{
  double k = floor (log10 (step) + 1e-9);
  double m = step / pow (10, k);
  return fabs (m - 1) < 1e-6 || fabs (m - 2) < 1e-6 || fabs (m - 5) < 1e-6;
}

static void
check_linear (double min, double max, guint max_ticks)
{
  DpvTick t[DPV_MAX_TICKS];
  gsize n = dpv_ticks_linear (min, max, max_ticks, t);
  double step;

  g_assert_cmpuint (n, >=, 2);
  g_assert_cmpuint (n, <=, max_ticks);
  step = t[1].value - t[0].value;
  g_assert_true (step > 0);
  g_assert_true (is_125 (step));
  for (gsize i = 0; i < n; i++)
    {
      g_assert_true (t[i].major);
      g_assert_true (t[i].value >= min - step * 1e-6);
      g_assert_true (t[i].value <= max + step * 1e-6);
      if (i > 0)
        g_assert_cmpfloat_with_epsilon (t[i].value - t[i - 1].value, step, step * 1e-6);
      /* labels: no ASCII minus, no "e", no float noise, never "−0" */
      g_assert_null (strchr (t[i].label, '-'));
      g_assert_null (strchr (t[i].label, 'e'));
      g_assert_null (strstr (t[i].label, "0000000"));
      g_assert_null (strstr (t[i].label, "9999999"));
      g_assert_false (g_str_has_prefix (t[i].label, MINUS "0") && t[i].value == 0);
      for (gsize j = 0; j < i; j++)
        g_assert_cmpstr (t[i].label, !=, t[j].label);
    }
  /* coverage: the ticks reach within one step of both ends */
  g_assert_true (t[0].value - min < step * (1 + 1e-9));
  g_assert_true (max - t[n - 1].value < step * (1 + 1e-9));
  /* the smallest 1-2-5 step allowed: the next smaller one would exceed max_ticks */
  {
    double k = floor (log10 (step) + 1e-9), m = step / pow (10, k);
    double smaller = fabs (m - 1) < 1e-6 ? 5 * pow (10, k - 1)
                     : fabs (m - 2) < 1e-6 ? pow (10, k) : 2 * pow (10, k);
    double count = floor (max / smaller + 1e-9) - ceil (min / smaller - 1e-9) + 1;
    g_assert_cmpfloat (count, >, max_ticks);
  }
}

static void
test_linear_structure (void)
{
  static const double ranges[][2] = {
    { 0, 1 }, { 0, 10 }, { -1, 1 }, { -3.7, 12.2 }, { 0.001, 0.0042 }, { 1e-12, 1 },
    { 0.999, 1.001 }, { -5e-7, -1e-7 }, { 123456, 123789 }, { -250, -3 }, { 0, 0.3 },
    { 1, 10 }, { 17, 23.5 }, { -1e9, 3e9 }, { 2.5e-15, 9e-15 },
  };
  for (guint r = 0; r < G_N_ELEMENTS (ranges); r++)
    for (guint m = 3; m <= 12; m++)
      check_linear (ranges[r][0], ranges[r][1], m);
}

static void
expect_labels (double min, double max, guint max_ticks, const char *const *labels)
{
  DpvTick t[DPV_MAX_TICKS], mj[DPV_MAX_TICKS];
  gsize n = majors (t, dpv_ticks_linear (min, max, max_ticks, t), mj);
  gsize k = g_strv_length ((char **) labels);

  g_assert_cmpuint (n, ==, k);
  for (gsize i = 0; i < n; i++)
    g_assert_cmpstr (mj[i].label, ==, labels[i]);
}

static void
test_linear_labels (void)
{
  const char *const a[] = { "0.0", "0.2", "0.4", "0.6", "0.8", "1.0", NULL };
  const char *const b[] = { "0.0", "0.1", "0.2", "0.3", NULL };
  const char *const c[] = { MINUS "2", MINUS "1", "0", "1", "2", NULL };
  const char *const d[] = { MINUS "1.0", MINUS "0.5", "0.0", "0.5", "1.0", NULL };
  const char *const e[] = { "0.9990", "0.9995", "1.0000", "1.0005", "1.0010", NULL };
  const char *const f[] = { "0", "10<sup>" MINUS "10</sup>", "2×10<sup>" MINUS "10</sup>",
                            "3×10<sup>" MINUS "10</sup>", NULL };
  const char *const g[] = { "0", "2×10<sup>20</sup>", "4×10<sup>20</sup>", NULL };
  const char *const h[] = { MINUS "0.3", MINUS "0.2", MINUS "0.1", NULL };
  const char *const k[] = { "1000000.0", "1000000.5", "1000001.0", NULL };
  const char *const m[] = { "0", "2×10<sup>6</sup>", "4×10<sup>6</sup>", NULL };

  expect_labels (0, 1, 6, a);
  expect_labels (0, 0.3, 4, b);
  expect_labels (-2, 2, 5, c);
  expect_labels (-1, 1, 5, d);
  expect_labels (0.999, 1.001, 6, e);
  expect_labels (0, 3e-10, 4, f);
  expect_labels (0, 5e20, 3, g);
  expect_labels (-0.3, -0.1, 3, h);
  expect_labels (1e6, 1e6 + 1, 3, k);   /* narrow range at a big offset stays fixed */
  expect_labels (0, 5e6, 3, m);         /* big round numbers go scientific */

  /* 0.1 steps: 0.3 and 0.7 must not carry the float noise of 3 × 0.1 */
  {
    DpvTick t[DPV_MAX_TICKS];
    gsize n = dpv_ticks_linear (0, 1, 11, t);
    g_assert_cmpuint (n, ==, 11);
    g_assert_cmpstr (t[3].label, ==, "0.3");
    g_assert_cmpfloat (t[3].value, ==, 0.3);
    g_assert_cmpstr (t[7].label, ==, "0.7");
    g_assert_cmpfloat (t[7].value, ==, 0.7);
  }
}

static void
check_log (double min, double max, guint max_ticks)
{
  DpvTick t[DPV_MAX_TICKS], mj[DPV_MAX_TICKS];
  gsize n = dpv_ticks_log (min, max, max_ticks, t);
  gsize m = majors (t, n, mj);

  g_assert_cmpuint (n, <=, DPV_MAX_TICKS);
  g_assert_cmpuint (m, >=, 1);
  g_assert_cmpuint (m, <=, max_ticks);
  /* the labels cover the range: on a range of several decades, the first and last labelled
   * ticks span at least half of it (in log) */
  if (log10 (max / min) >= 3 && max_ticks >= 3)
    {
      g_assert_cmpuint (m, >=, 2);
      g_assert_cmpfloat (log10 (mj[m - 1].value / mj[0].value), >=, 0.5 * log10 (max / min));
    }
  for (gsize i = 0; i < n; i++)
    {
      g_assert_true (t[i].value > 0);
      g_assert_true (t[i].value >= min * (1 - 1e-9) && t[i].value <= max * (1 + 1e-9));
      if (i > 0)
        g_assert_cmpfloat (t[i].value, >, t[i - 1].value);
      if (t[i].major)
        {
          g_assert_cmpstr (t[i].label, !=, "");
          g_assert_null (strchr (t[i].label, '-'));
          g_assert_null (strchr (t[i].label, 'e'));
        }
    }
}

static void
test_log_structure (void)
{
  static const double ranges[][2] = {
    { 1e-12, 1 }, { 1, 10 }, { 1, 10000 }, { 1e-5, 1e-4 }, { 0.3, 0.4 }, { 3, 40 },
    { 1e-300, 1e300 }, { 0.999, 1.001 }, { 2, 2000 }, { 1e-6, 0.5 }, { 1e-320, 1e300 },
    { 1e-100, 1 },
  };
  for (guint r = 0; r < G_N_ELEMENTS (ranges); r++)
    for (guint m = 2; m <= 12; m++)
      check_log (ranges[r][0], ranges[r][1], m);
}

static void
test_log_labels (void)
{
  DpvTick t[DPV_MAX_TICKS], mj[DPV_MAX_TICKS];
  gsize n, m;

  /* 13 decades, all labelled with superscript exponents */
  n = dpv_ticks_log (1e-12, 1, 13, t);
  m = majors (t, n, mj);
  g_assert_cmpuint (m, ==, 13);
  g_assert_cmpstr (mj[0].label, ==, "10<sup>" MINUS "12</sup>");
  g_assert_cmpstr (mj[7].label, ==, "10<sup>" MINUS "5</sup>");
  g_assert_cmpstr (mj[12].label, ==, "10<sup>0</sup>");
  g_assert_cmpfloat_with_epsilon (mj[7].value, 1e-5, 1e-20);

  /* at most 5 labels: every third decade, equally spaced in log */
  n = dpv_ticks_log (1e-12, 1, 5, t);
  m = majors (t, n, mj);
  g_assert_cmpuint (m, <=, 5);
  g_assert_cmpuint (m, >=, 3);
  for (gsize i = 2; i < m; i++)
    g_assert_cmpfloat_with_epsilon (log10 (mj[i].value) - log10 (mj[i - 1].value),
                                    log10 (mj[1].value) - log10 (mj[0].value), 1e-9);

  /* one decade: 1-2-5 labelled, 3, 4, 6, 7, 8, 9 minor */
  n = dpv_ticks_log (1, 10, 8, t);
  g_assert_cmpuint (n, ==, 10);
  m = majors (t, n, mj);
  g_assert_cmpuint (m, ==, 4);
  g_assert_cmpstr (mj[0].label, ==, "1");
  g_assert_cmpstr (mj[1].label, ==, "2");
  g_assert_cmpstr (mj[2].label, ==, "5");
  g_assert_cmpstr (mj[3].label, ==, "10");

  n = dpv_ticks_log (1e-5, 1e-4, 8, t);
  m = majors (t, n, mj);
  g_assert_cmpuint (m, ==, 4);
  g_assert_cmpstr (mj[0].label, ==, "10<sup>" MINUS "5</sup>");
  g_assert_cmpstr (mj[1].label, ==, "2×10<sup>" MINUS "5</sup>");
  g_assert_cmpstr (mj[3].label, ==, "10<sup>" MINUS "4</sup>");

  /* 1…10⁴ gives decades, minor ticks at 2..9 × 10ⁿ */
  n = dpv_ticks_log (1, 1e4, 8, t);
  m = majors (t, n, mj);
  g_assert_cmpuint (m, ==, 5);
  g_assert_cmpuint (n, ==, 4 * 9 + 1);
}

static void
test_degenerate (void)
{
  DpvTick t[DPV_MAX_TICKS];
  gsize n;

  n = dpv_ticks_linear (1, 1, 5, t);
  g_assert_cmpuint (n, >=, 1);
  for (gsize i = 0; i < n; i++)
    g_assert_true (isfinite (t[i].value));
  n = dpv_ticks_linear (0, 0, 5, t);
  g_assert_cmpuint (n, >=, 2);
  n = dpv_ticks_linear (NAN, NAN, 5, t);
  g_assert_cmpuint (n, >=, 2);
  n = dpv_ticks_linear (5, -5, 5, t);
  g_assert_cmpuint (n, >=, 2);
  n = dpv_ticks_linear (-DBL_MAX, DBL_MAX, 5, t);
  g_assert_cmpuint (n, >=, 1);
  for (gsize i = 0; i < n; i++)
    g_assert_true (isfinite (t[i].value));
  n = dpv_ticks_log (-1, 0, 5, t);
  g_assert_cmpuint (n, >=, 1);
  for (gsize i = 0; i < n; i++)
    g_assert_true (t[i].value > 0 && isfinite (t[i].value));
  n = dpv_ticks_log (3, 3, 5, t);
  g_assert_cmpuint (n, >=, 1);
  n = dpv_ticks_linear (0, 1, 0, t);
  g_assert_cmpuint (n, >=, 1);
}

/* Ranges the ticks and the plot's axes fall back to: usable, and left alone when usable. */
static void
test_range_sanitize (void)
{
  static const struct { double min, max; gboolean log; } bad[] = {
    { 1, 1, FALSE }, { 0, 0, FALSE }, { NAN, NAN, FALSE }, { NAN, 3, FALSE },
    { -INFINITY, INFINITY, FALSE }, { -DBL_MAX, DBL_MAX, FALSE }, { 5, -5, FALSE },
    { -1, 0, TRUE }, { 3, 3, TRUE }, { 0, INFINITY, TRUE }, { NAN, 1e-300, TRUE },
  };
  static const struct { double min, max; gboolean log; } good[] = {
    { -3, 7, FALSE }, { 1e308, 1.5e308, FALSE }, { -1.7e308, -1e308, FALSE },
    { 1e-300, 1e300, TRUE }, { 0.5, 0.52, TRUE },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      double a = bad[i].min, b = bad[i].max;

      dpv_range_sanitize (&a, &b, bad[i].log);
      g_assert_true (isfinite (a) && isfinite (b) && isfinite (b - a));
      g_assert_cmpfloat (a, <, b);
      if (bad[i].log)
        g_assert_cmpfloat (a, >, 0);
    }
  for (gsize i = 0; i < G_N_ELEMENTS (good); i++)
    {
      double a = good[i].min, b = good[i].max;

      dpv_range_sanitize (&a, &b, good[i].log);
      g_assert_cmpfloat (a, ==, good[i].min);
      g_assert_cmpfloat (b, ==, good[i].max);
    }
  /* a range near the largest doubles (where a + b overflows) keeps its width: its ticks
   * reach both ends */
  {
    DpvTick t[DPV_MAX_TICKS];
    gsize n = dpv_ticks_linear (1e308, 1.5e308, 6, t);
    double lo = INFINITY, hi = -INFINITY;

    for (gsize i = 0; i < n; i++)
      if (t[i].major)
        {
          lo = MIN (lo, t[i].value);
          hi = MAX (hi, t[i].value);
        }
    g_assert_cmpfloat (lo, <=, 1.05e308);
    g_assert_cmpfloat (hi, >=, 1.45e308);
  }
}

static void
expect_number (double v, int sig, const char *expected)
{
  g_autofree char *s = dpv_format_number (v, sig);
  g_assert_cmpstr (s, ==, expected);
}

static void
test_format_number (void)
{
  expect_number (1e-5, 2, "1.0×10⁻⁵");
  expect_number (-2.5e-7, 2, MINUS "2.5×10⁻⁷");
  expect_number (123456, 3, "1.23×10⁵");
  expect_number (0.1 + 0.2, 3, "0.300");
  expect_number (-2.5, 2, MINUS "2.5");
  expect_number (-0.0, 1, "0");
  expect_number (-1e-30 * 0, 3, "0.00");
  expect_number (0.0012345, 3, "0.00123");
  expect_number (99999.9, 3, "1.00×10⁵");
  expect_number (1.0, 3, "1.00");
  expect_number (42, 2, "42");
  expect_number (-0.0004, 1, MINUS "4×10⁻⁴");
  expect_number (NAN, 3, "—");
  expect_number (INFINITY, 3, "∞");
  expect_number (-INFINITY, 3, MINUS "∞");
  expect_number (1e300, 2, "1.0×10³⁰⁰");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ticks/linear/structure", test_linear_structure);
  g_test_add_func ("/ticks/linear/labels", test_linear_labels);
  g_test_add_func ("/ticks/log/structure", test_log_structure);
  g_test_add_func ("/ticks/log/labels", test_log_labels);
  g_test_add_func ("/ticks/degenerate", test_degenerate);
  g_test_add_func ("/ticks/range-sanitize", test_range_sanitize);
  g_test_add_func ("/ticks/format-number", test_format_number);
  return g_test_run ();
}
