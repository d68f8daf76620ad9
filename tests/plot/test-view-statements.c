/* test-view-statements.c — what the four views say, against their sources
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each test reads what a student reads (read-outs, captions, explanations, the figure's
 * pixels) and checks it against numbers derived here, without the code under test:
 * - the Gaussian pair's privacy profile δ(ε) = Φ(μ/2 − ε/μ) − e^ε Φ(−μ/2 − ε/μ) (Balle & Wang
 *   2018, Thm 8), inverted by plain bisection for the calibration μ and for ε_G(δ₀);
 * - the Gaussian's outputs: y ~ N(0, σ²) on D, and |L(y)| > ε ⇔ |y − Δ/2| > εσ²/Δ;
 * - closed forms of the Laplace pair (δ(ε′) = 1 − e^{(ε′−ε)/2}, TV = 1 − e^{−ε/2}) and of
 *   randomized response (p = 1/(1 + e^{−ε}));
 * - the KL of the pairs (Laplace ε + e^{−ε} − 1, Gaussian μ²/2, randomized response
 *   ε·tanh(ε/2)) and the KOV composition at k = 1 in closed form;
 * - and, for the composition view, dpviz-cli compose run on the same question: the view,
 *   its caption and the CLI must print the same numbers (issue #18, item 3).
 * The sources of the statements are listed in docs/statements.md.
 */
#include "config.h"

#include <locale.h>
#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "dpv-composition.h"
#include "dpv-regions.h"
#include "dpv-view-util.h"
#include "test-view-index.h"

/* ---- independent formulas ------------------------------------------------------------- */

static double
phi (double x)
{
  return 0.5 * erfc (-x / G_SQRT2);
}

/* Balle & Wang 2018, Thm 8: δ(ε) of the Gaussian pair with μ = Δ/σ. */
static double
gauss_delta (double mu, double e)
{
  return phi (mu / 2 - e / mu) - exp (e) * phi (-mu / 2 - e / mu);
}

/* The μ whose δ(ε) is δ: δ(ε) grows with μ; bisection in log μ. */
static double
gauss_mu (double eps, double delta)
{
  double lo = 1e-8, hi = 100;

  for (int i = 0; i < 300; i++)
    {
      double mid = sqrt (lo * hi);

      if (gauss_delta (mid, eps) > delta)
        hi = mid;
      else
        lo = mid;
    }
  return sqrt (lo * hi);
}

/* The smallest ε with δ(ε) ≤ δ₀ for the pair μ (ε_G of the privacy profile). */
static double
gauss_eps (double mu, double delta0)
{
  double lo = 0, hi = 1;

  while (gauss_delta (mu, hi) > delta0)
    hi *= 2;
  for (int i = 0; i < 200; i++)
    {
      double mid = 0.5 * (lo + hi);

      if (gauss_delta (mu, mid) > delta0)
        lo = mid;
      else
        hi = mid;
    }
  return hi;
}

/* ---- reading what the view shows ------------------------------------------------------ */

/* A number as dpv_format_number () prints it: "0.9999546", "−2.5", "1.000×10⁻⁷", "∞". */
static double
parse_number (const char *s)
{
  GString *plain = g_string_new (NULL);
  const char *p = s;
  double mant, v;
  int exp10 = 0, sign = 1;
  gboolean in_exp = FALSE;
  char *end = NULL;

  if (g_str_has_prefix (p, "≈"))
    p += strlen ("≈");
  if (g_str_has_prefix (p, "∞"))
    {
      g_string_free (plain, TRUE);
      return INFINITY;
    }
  while (*p != '\0')
    {
      gunichar c = g_utf8_get_char (p);
      static const gunichar sup[] = { 0x2070, 0xb9, 0xb2, 0xb3, 0x2074, 0x2075, 0x2076,
                                      0x2077, 0x2078, 0x2079 };

      if (c == 0x2212)                     /* − */
        g_string_append_c (plain, '-');
      else if (c == 0xd7)                  /* ×10 */
        {
          in_exp = TRUE;
          p = g_utf8_next_char (p);
          g_assert_true (g_str_has_prefix (p, "10"));
          p += 2;
          continue;
        }
      else if (in_exp && c == 0x207b)      /* ⁻ */
        sign = -1;
      else if (in_exp)
        {
          int d = -1;

          for (int i = 0; i < 10; i++)
            if (sup[i] == c)
              d = i;
          if (d < 0)
            break;
          exp10 = 10 * exp10 + d;
        }
      else if ((c >= '0' && c <= '9') || c == '.' || c == '-')
        g_string_append_c (plain, (char) c);
      else
        break;
      p = g_utf8_next_char (p);
    }
  mant = g_ascii_strtod (plain->str, &end);
  g_assert_true (end != plain->str);
  v = mant * pow (10.0, sign * exp10);
  g_string_free (plain, TRUE);
  return v;
}

/* The value of the first read-out whose label starts with @prefix (NULL: none). */
static const char *
readout (GPtrArray *r, const char *prefix)
{
  for (guint i = 0; i < r->len; i++)
    {
      DpvReadout *ro = g_ptr_array_index (r, i);

      if (g_str_has_prefix (ro->label, prefix))
        return ro->value;
    }
  return NULL;
}

/* The value of the read-out right after the one whose label starts with @prefix. */
static const char *
readout_after (GPtrArray *r, const char *prefix)
{
  for (guint i = 0; i + 1 < r->len; i++)
    {
      DpvReadout *ro = g_ptr_array_index (r, i);

      if (g_str_has_prefix (ro->label, prefix))
        return ((DpvReadout *) g_ptr_array_index (r, i + 1))->value;
    }
  return NULL;
}

static double
readout_number (GPtrArray *r, const char *prefix)
{
  const char *v = readout (r, prefix);

  if (v == NULL)
    g_error ("no read-out \"%s…\"", prefix);
  return parse_number (v);
}

/* The number printed right after @key in @text ("basic 127.3" → 127.3). */
static double
number_after (const char *text, const char *key)
{
  const char *p = strstr (text, key);

  if (p == NULL)
    g_error ("\"%s\" not in \"%s\"", key, text);
  return parse_number (p + strlen (key));
}

/* |a − b| within half a unit of the fourth significant digit of b (dpv_fmt's rounding). */
static void
assert_shown (double shown, double truth)
{
  double tol = 0.5e-3 * fabs (truth) * 1.0001 + 1e-300;

  if (!(fabs (shown - truth) <= tol))
    g_error ("shown %.10g, expected %.10g", shown, truth);
}

/* Half a unit of the last digit of a plain decimal as printed ("0.99998" → 5·10⁻⁶). */
static double
half_unit (const char *shown)
{
  const char *dot = strchr (shown, '.');
  int decimals = 0;

  g_assert_null (strstr (shown, "×"));
  if (dot != NULL)
    for (const char *p = dot + 1; *p >= '0' && *p <= '9'; p++)
      decimals++;
  return 0.5 * pow (10.0, -decimals) * 1.0001;
}

static void
params_for (DpvParams *p, DpMechanismKind mech, double eps, double delta)
{
  dpv_params_init (p);
  p->mechanism = mech;
  p->epsilon = eps;
  p->delta = delta;
}

static DpvFrame *
frame_for (const char *view, const DpvParams *p)
{
  return dpv_frame_compute (dpv_registry_lookup (view), p, test_cache (), NULL, NULL);
}

/* Statements that are false for the Gaussian mechanism (issue #18, item 1), and their
 * Chinese. */
static const char *const false_for_gaussian[] = {
  "paid for by δ", "about δ", "except with probability δ", "odds change at most",
  "由 δ 承担", "约以概率 δ", "除概率 δ",
};

static void
assert_no_false_gaussian_claim (const char *text)
{
  g_autofree char *low = g_utf8_strdown (text, -1);

  for (gsize i = 0; i < G_N_ELEMENTS (false_for_gaussian); i++)
    if (strstr (low, false_for_gaussian[i]) != NULL)
      g_error ("\"%s\" says \"%s\"", text, false_for_gaussian[i]);
}

/* ---- item 1: the Gaussian's loss leaves the band with probability P[|L| > ε] ≠ δ -------- */

static void
test_densities_gaussian (void)
{
  static const double eps[] = { 1.0, 0.1, 5.0 };
  static const double deltas[] = { 1e-5, 1e-9, 0.3 };

  for (gsize i = 0; i < G_N_ELEMENTS (eps); i++)
    {
      DpvParams p;
      g_autoptr(DpvFrame) f = NULL;
      g_autoptr(GPtrArray) r = NULL;
      g_autofree char *caption = NULL;
      double mu = gauss_mu (eps[i], deltas[i]);
      double sigma = 1.0 / mu;    /* Δ = 1 */
      double half = eps[i] * sigma * sigma;   /* |L| > ε ⇔ |y − 1/2| > εσ² */
      double above = phi ((0.5 - half) / sigma);             /* y < 1/2 − εσ²: L > ε */
      double outside = above + phi (-(0.5 + half) / sigma);  /* or y > 1/2 + εσ² */

      params_for (&p, DP_MECHANISM_GAUSSIAN, eps[i], deltas[i]);
      f = frame_for ("densities", &p);
      r = dpv_frame_readouts (f);
      caption = dpv_frame_caption (f);
      g_test_message ("ε = %g, δ = %g: P[L > ε] = %.5g, P[|L| > ε] = %.5g (%.1f δ)", eps[i],
                      deltas[i], above, outside, outside / deltas[i]);
      assert_shown (readout_number (r, "P[L > ε]"), above);
      assert_shown (readout_number (r, "P[|L| > ε]"), outside);
      /* δ(ε) is the δ the calibrated pair meets: δ itself, and below P[L > ε] */
      assert_shown (readout_number (r, "δ(ε) = E["), deltas[i]);
      g_assert_cmpfloat (deltas[i], <, above);
      /* the caption shows both, and no bound on the odds */
      assert_shown (number_after (caption, "P[|L| &gt; ε] = "), outside);
      assert_shown (number_after (caption, "δ = "), deltas[i]);
      g_assert_null (readout (r, "Odds change"));
      assert_no_false_gaussian_claim (caption);
      for (guint j = 0; j < r->len; j++)
        assert_no_false_gaussian_claim (((DpvReadout *) g_ptr_array_index (r, j))->label);
    }
  assert_no_false_gaussian_claim (test_view_explanation (TEST_VIEW_DENSITIES));
}

/* "The privacy loss stays inside the band ±ε" is what pure ε-DP (Def. 2.4 with δ = 0) asks,
 * not (ε, δ)-DP: the Gaussian calibrated at (1, 10⁻⁵) is (ε, δ)-DP and its loss leaves the
 * band with probability Φ((μ²/2 − ε)/μ) + Φ((−ε − μ²/2)/μ) > 0 (μ from the test's
 * bisection). The explanation says whose condition the band is. */
static void
test_densities_pure_band (void)
{
  const char *expl = test_view_explanation (TEST_VIEW_DENSITIES);
  double mu = gauss_mu (1.0, 1e-5);
  double outside = phi ((mu * mu / 2 - 1.0) / mu) + phi ((-1.0 - mu * mu / 2) / mu);
  DpvParams p;
  g_autoptr(GPtrArray) r = NULL;

  params_for (&p, DP_MECHANISM_GAUSSIAN, 1.0, 1e-5);
  r = test_view_readouts (TEST_VIEW_DENSITIES, &p);
  assert_shown (readout_number (r, "P[|L| > ε]"), outside);
  g_assert_cmpfloat (outside, >, 0);
  g_assert_nonnull (strstr (expl, "Pure ε-differential privacy (Dwork &amp; Roth, Def. 2.4 "
                                  "with δ = 0) asks"));
  g_assert_null (strstr (expl, "Differential privacy (Dwork &amp; Roth, Def. 2.4) asks"));
}

/* The defaults of the issue: ε = 1, δ = 10⁻⁵ give P[L > ε] = 1.6120·10⁻⁴ and
 * P[|L| > ε] = 2.1682·10⁻⁴ (computed with SciPy by engineer truth), 16 and 22 times δ. */
static void
test_densities_gaussian_defaults (void)
{
  DpvParams p;
  g_autoptr(GPtrArray) r = NULL;

  params_for (&p, DP_MECHANISM_GAUSSIAN, 1.0, 1e-5);
  r = test_view_readouts (TEST_VIEW_DENSITIES, &p);
  assert_shown (readout_number (r, "P[L > ε]"), 1.6120e-4);
  assert_shown (readout_number (r, "P[|L| > ε]"), 2.1682e-4);
}

/* ---- item 10: p shown with the digits that tell it from 1 ------------------------------- */

static void
test_densities_rr_probability (void)
{
  static const double eps[] = { 10.0, 7.0, 1.0, 0.01 };

  for (gsize i = 0; i < G_N_ELEMENTS (eps); i++)
    {
      DpvParams p;
      g_autoptr(DpvFrame) f = NULL;
      g_autoptr(GPtrArray) r = NULL;
      g_autofree char *caption = NULL;
      double truth = 1.0 / (1.0 + exp (-eps[i]));
      const char *shown;

      params_for (&p, DP_MECHANISM_RR, eps[i], 1e-5);
      f = frame_for ("densities", &p);
      r = dpv_frame_readouts (f);
      caption = dpv_frame_caption (f);
      shown = readout (r, "Probability of reporting the true bit");
      g_assert_nonnull (shown);
      g_test_message ("ε = %g: p = %.9f shown as %s", eps[i], truth, shown);
      /* within a tenth of 1 − p, so "1.000" (ε = 10: 1 − p = 4.5·10⁻⁵) fails */
      g_assert_cmpfloat (fabs (parse_number (shown) - truth), <=, (1 - truth) / 10);
      g_assert_cmpfloat (parse_number (shown), <, 1.0);
      g_assert_cmpfloat (fabs (number_after (caption, "(1+e<sup>ε</sup>) = ") - truth), <=,
                         (1 - truth) / 10);
      /* the loss of randomized response is ±ε: the odds bound is shown, and exact */
      assert_shown (readout_number (r, "Odds change at most"), exp (eps[i]));
    }
}

/* ---- item 10: the reported bit's axis has the ticks 0 and 1 only ------------------------ */

static gboolean
dark (cairo_surface_t *s, int x, int y)
{
  const unsigned char *d = cairo_image_surface_get_data (s);
  guint32 px = *(const guint32 *) (d + y * cairo_image_surface_get_stride (s) + 4 * x);

  return ((px >> 16) & 0xff) + ((px >> 8) & 0xff) + (px & 0xff) < 3 * 160;
}

/* The x tick labels under the lowest panel that spans columns [x0, x1) of a figure drawn
 * in the print theme without caption: from the bottom, the axis title, a blank gap, the tick
 * labels, a blank gap, then the axis with its tick marks. Returns the number of labels (runs
 * of dark columns at least 6 pixels apart) and their centres as fractions of the axis line's
 * length. */
static guint
x_tick_labels (cairo_surface_t *s, int x0, int x1, double *centres, guint max)
{
  int h = cairo_image_surface_get_height (s);
  int band[3][2], nb = 0, y = h - 1, axis_l = x1, axis_r = x0, run_start = -1, last = -100;
  guint n = 0;

  /* bands of rows with ink, from the bottom */
  while (nb < 3 && y >= 0)
    {
      gboolean ink = FALSE;

      for (int x = x0; x < x1 && !ink; x++)
        ink = dark (s, x, y);
      if (ink)
        {
          band[nb][1] = y;
          while (y >= 0 && ink)
            {
              ink = FALSE;
              for (int x = x0; x < x1 && !ink; x++)
                ink = dark (s, x, y);
              if (ink)
                y--;
            }
          band[nb][0] = y + 1;
          nb++;
        }
      else
        y--;
    }
  g_assert_cmpint (nb, ==, 3);
  /* the axis line: the longest unbroken dark run in a row of band 2 (the panel above the
   * labels; a y tick label beside the axis is not part of it) */
  for (int yy = band[2][0]; yy <= band[2][1]; yy++)
    {
      int start = -1;

      for (int x = x0; x <= x1; x++)
        {
          gboolean ink = x < x1 && dark (s, x, yy);

          if (ink && start < 0)
            start = x;
          if (!ink && start >= 0)
            {
              if (x - 1 - start > axis_r - axis_l)
                {
                  axis_l = start;
                  axis_r = x - 1;
                }
              start = -1;
            }
        }
    }
  for (int x = x0; x <= x1; x++)
    {
      gboolean ink = FALSE;

      for (int yy = band[1][0]; x < x1 && yy <= band[1][1] && !ink; yy++)
        ink = dark (s, x, yy);
      if (ink)
        {
          if (x - last > 6)
            {
              if (run_start >= 0 && n < max)
                centres[n] = ((run_start + last) / 2.0 - axis_l) / (axis_r - axis_l);
              if (run_start >= 0)
                n++;
              run_start = x;
            }
          last = x;
        }
    }
  if (run_start >= 0)
    {
      if (n < max)
        centres[n] = ((run_start + last) / 2.0 - axis_l) / (axis_r - axis_l);
      n++;
    }
  return n;
}

static cairo_surface_t *
render_print (guint view, const DpvParams *p, int w, int h)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create (s);
  DpvStyle style;

  dpv_style_init (&style, DPV_THEME_PRINT);
  style.pixel_snap = TRUE;
  test_render_view (view, p, &style, cr, w, h);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  return s;
}

static void
test_rr_bit_ticks (void)
{
  static const double eps[] = { 1.0, 10.0 };

  for (gsize i = 0; i < G_N_ELEMENTS (eps); i++)
    {
      DpvParams p;
      cairo_surface_t *s;
      double c[8];
      guint n;

      params_for (&p, DP_MECHANISM_RR, eps[i], 1e-5);
      p.show_caption = FALSE;
      /* densities: the loss panel's axis, x from −0.5 to 1.5: 0 and 1 at 1/4 and 3/4 */
      s = render_print (TEST_VIEW_DENSITIES, &p, 900, 600);
      n = x_tick_labels (s, 0, 900, c, G_N_ELEMENTS (c));
      g_test_message ("densities ε = %g: %u tick labels", eps[i], n);
      g_assert_cmpuint (n, ==, 2);
      g_assert_cmpfloat_with_epsilon (c[0], 0.25, 0.02);
      g_assert_cmpfloat_with_epsilon (c[1], 0.75, 0.02);
      cairo_surface_destroy (s);

      /* regions: the main panel (the left 64 % of the width; the δ(ε′) panel has its own) */
      p.eps_prime = 0.3;
      s = render_print (TEST_VIEW_REGIONS, &p, 1600, 900);
      n = x_tick_labels (s, 0, 1024, c, G_N_ELEMENTS (c));
      g_test_message ("regions ε = %g: %u tick labels", eps[i], n);
      g_assert_cmpuint (n, ==, 2);
      g_assert_cmpfloat_with_epsilon (c[0], 0.25, 0.02);
      g_assert_cmpfloat_with_epsilon (c[1], 0.75, 0.02);
      cairo_surface_destroy (s);
    }
}

/* ---- item 5: D∞^δ that could not be computed is shown as such --------------------------- */

static gpointer
regions_failing_compute (const DpvParams *params, const DpMechanism *m, gconstpointer data,
                         GCancellable *cancellable, GError **error)
{
  return dpv_regions_compute_at (params, m, NAN, DPV_REGIONS_FAILED, DP_ERR_NUMERIC);
}

/* Accent-coloured pixels (the ε′ line and marker) in columns [x0, x1). */
static gsize
count_accent (cairo_surface_t *s, int x0, int x1)
{
  DpvStyle style;
  int h = cairo_image_surface_get_height (s);
  const unsigned char *d = cairo_image_surface_get_data (s);
  gsize n = 0;

  dpv_style_init (&style, DPV_THEME_PRINT);
  for (int y = 0; y < h; y++)
    for (int x = x0; x < x1; x++)
      {
        guint32 px = *(const guint32 *) (d + y * cairo_image_surface_get_stride (s) + 4 * x);

        n += fabs (((px >> 16) & 0xff) / 255.0 - style.accent.r) < 0.04
             && fabs (((px >> 8) & 0xff) / 255.0 - style.accent.g) < 0.04
             && fabs ((px & 0xff) / 255.0 - style.accent.b) < 0.04;
      }
  return n;
}

static void
test_regions_failed_inverse (void)
{
  DpvViewClass failing = *dpv_registry_lookup ("regions");

  failing.compute = regions_failing_compute;
  for (int mech = 0; mech < DP_N_MECHANISMS; mech++)
    {
      DpvParams p;
      g_autoptr(DpvFrame) f = NULL;
      g_autoptr(DpvFrame) ok = NULL;
      g_autoptr(GPtrArray) r = NULL;
      g_autofree char *caption = NULL;
      g_autofree char *desc = NULL;
      cairo_surface_t *s, *s_ok;
      DpvStyle style;
      cairo_t *cr;

      params_for (&p, mech, 1.0, 1e-5);
      f = dpv_frame_compute (&failing, &p, NULL, NULL, NULL);
      g_assert_nonnull (dpv_frame_get_result (f));
      r = dpv_frame_readouts (f);
      caption = dpv_frame_caption (f);
      desc = dpv_frame_describe (f);
      /* the failure in words, and no number under the D∞^δ label */
      g_assert_cmpstr (readout (r, "Threshold ε′ = D∞^δ"), ==, "could not be computed");
      g_assert_null (readout (r, "P(S)"));
      g_assert_null (readout (r, "Gap δ(ε′)"));
      g_assert_nonnull (strstr (caption, "could not be computed"));
      g_assert_null (strstr (caption, "ε′ = "));
      g_assert_nonnull (strstr (desc, "could not be computed"));
      /* the statistical distance is still right: Laplace 1 − e^{−ε/2} */
      if (mech == DP_MECHANISM_LAPLACE)
        assert_shown (readout_number (r, "Statistical distance"), 1 - exp (-0.5));

      /* drawn: no ε′ line or marker in the δ(ε′) panel, where the solved frame has them */
      dpv_style_init (&style, DPV_THEME_PRINT);
      p.show_caption = FALSE;
      s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1600, 900);
      cr = cairo_create (s);
      dpv_figure_render (f, &style, cr, 1600, 900);
      cairo_destroy (cr);
      ok = frame_for ("regions", &p);
      s_ok = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1600, 900);
      cr = cairo_create (s_ok);
      dpv_figure_render (ok, &style, cr, 1600, 900);
      cairo_destroy (cr);
      cairo_surface_flush (s);
      cairo_surface_flush (s_ok);
      g_assert_cmpuint (count_accent (s_ok, 1100, 1600), >, 100);
      g_assert_cmpuint (count_accent (s, 1100, 1600), ==, 0);
      cairo_surface_destroy (s);
      cairo_surface_destroy (s_ok);
    }
}

/* δ at least the statistical distance: D∞^δ ≤ 0, and the view says why it shows ε′ = 0. */
static void
test_regions_delta_above_tv (void)
{
  DpvParams p;
  g_autoptr(DpvFrame) f = NULL;
  g_autoptr(GPtrArray) r = NULL;
  g_autofree char *caption = NULL;
  double tv = -expm1 (-0.01 / 2);   /* Laplace, ε = 0.01: 4.988·10⁻³ < δ = 0.01 */

  params_for (&p, DP_MECHANISM_LAPLACE, 0.01, 0.01);
  f = frame_for ("regions", &p);
  r = dpv_frame_readouts (f);
  caption = dpv_frame_caption (f);
  g_assert_nonnull (strstr (caption, "at least the statistical distance"));
  assert_shown (number_after (caption, "statistical distance "), tv);
  g_assert_null (strstr (caption, "solved from δ"));
  g_assert_null (readout (r, "Threshold ε′ = D∞^δ"));
  g_assert_cmpfloat (readout_number (r, "Threshold ε′ (δ ≥ statistical distance"), ==, 0.0);
  assert_shown (readout_number (r, "Gap δ(ε′)"), tv);
}

/* Solved from δ below the statistical distance: Laplace's D∞^δ = ε + 2 ln(1 − δ) (δ(ε′) =
 * 1 − e^{(ε′−ε)/2} for ε′ ≤ ε), shown with six digits because δ(ε′) is small. */
static void
test_regions_solved (void)
{
  DpvParams p;
  g_autoptr(GPtrArray) r = NULL;
  double truth = 1.0 + 2 * log1p (-1e-5);

  params_for (&p, DP_MECHANISM_LAPLACE, 1.0, 1e-5);
  r = test_view_readouts (TEST_VIEW_REGIONS, &p);
  g_assert_cmpfloat (fabs (readout_number (r, "Threshold ε′ = D∞^δ") - truth), <=,
                     0.5e-5 * truth);
  assert_shown (readout_number (r, "Gap δ(ε′)"), 1e-5);
}

/* ---- item 2: the Gaussian's KL is ρ, and the ε-DP bounds do not apply to it ------------- */

static void
test_kl_gaussian (void)
{
  static const double cases[][2] = { { 0.01, 0.01 }, { 0.01, 0.5 }, { 1.0, 1e-5 } };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      DpvParams p;
      g_autoptr(DpvFrame) f = NULL;
      g_autoptr(GPtrArray) r = NULL;
      g_autofree char *caption = NULL;
      double mu = gauss_mu (cases[i][0], cases[i][1]);

      params_for (&p, DP_MECHANISM_GAUSSIAN, cases[i][0], cases[i][1]);
      f = frame_for ("kl", &p);
      r = dpv_frame_readouts (f);
      caption = dpv_frame_caption (f);
      g_test_message ("ε = %g, δ = %g: KL = %.5g = %.4g × ε·tanh(ε/2)", cases[i][0],
                      cases[i][1], mu * mu / 2,
                      mu * mu / 2 / (cases[i][0] * tanh (cases[i][0] / 2)));
      assert_shown (readout_number (r, "Gaussian KL"), mu * mu / 2);
      assert_shown (readout_number (r, "Gaussian σ"), 1 / mu);
      g_assert_null (readout (r, "Lemma 3.18 bound /"));
      g_assert_nonnull (strstr (readout (r, "Lemma 3.18 and the ε-DP bounds"), "not ε-DP"));
      assert_shown (number_after (caption, "ρ = "), mu * mu / 2);
      g_assert_nonnull (strstr (caption, "do not apply"));
      g_assert_null (strstr (caption, "ratio"));
      g_assert_cmpstr (readout (r, "Max divergence"), ==, "∞");
    }
  /* the pure pairs: KL below the lemma, with the ratio */
  {
    DpvParams p;
    g_autoptr(GPtrArray) r = NULL;
    double e = 0.5;

    params_for (&p, DP_MECHANISM_LAPLACE, e, 1e-5);
    r = test_view_readouts (TEST_VIEW_KL, &p);
    assert_shown (readout_number (r, "Actual KL"), e + expm1 (-e));
    assert_shown (readout_number (r, "Lemma 3.18 bound /"), e * expm1 (e) / (e + expm1 (-e)));
    g_clear_pointer (&r, g_ptr_array_unref);
    p.mechanism = DP_MECHANISM_RR;
    r = test_view_readouts (TEST_VIEW_KL, &p);
    assert_shown (readout_number (r, "Actual KL"), e * tanh (e / 2));
    assert_shown (readout_number (r, "Tight bound"), e * tanh (e / 2));
  }
}

/* Values that differ print differently. At ε = 0.01 the tight bound ε·tanh(ε/2) =
 * 4.99996·10⁻⁵ and ε²/2 = 5·10⁻⁵ differ by ε²/12 of their size (tanh x = x − x³/3 + …):
 * four digits printed both as 5.000×10⁻⁵. Each read-out must parse to within 10⁻⁵ of its
 * closed form, and randomized response's KL, which is the tight bound, prints as it. */
static void
test_kl_digits (void)
{
  static const double eps[] = { 0.01, 0.03 };

  for (gsize i = 0; i < G_N_ELEMENTS (eps); i++)
    {
      double e = eps[i];
      const char *labels[] = { "Lemma 3.18 bound ε", "Tight bound", "zCDP bound", "Actual KL" };
      const double truth[] = { e * expm1 (e), e * tanh (e / 2), e * e / 2, e + expm1 (-e) };
      DpvParams p;
      g_autoptr(GPtrArray) r = NULL;
      g_autoptr(DpvFrame) f = NULL;
      g_autofree char *caption = NULL;

      params_for (&p, DP_MECHANISM_LAPLACE, e, 1e-5);
      f = frame_for ("kl", &p);
      r = dpv_frame_readouts (f);
      caption = dpv_frame_caption (f);
      for (gsize a = 0; a < G_N_ELEMENTS (labels); a++)
        {
          const char *sa = readout (r, labels[a]);

          g_assert_nonnull (sa);
          g_test_message ("ε = %g: %s %s (%.9g)", e, labels[a], sa, truth[a]);
          g_assert_cmpfloat (fabs (parse_number (sa) - truth[a]), <=, 1e-5 * truth[a]);
          for (gsize b = a + 1; b < G_N_ELEMENTS (labels); b++)
            g_assert_cmpstr (sa, !=, readout (r, labels[b]));
        }
      /* the caption shows the lemma and the KL only, at least a factor 2 apart */
      assert_shown (number_after (caption, "actual KL "), truth[3]);
      assert_shown (number_after (caption, "Lemma 3.18 bound "), truth[0]);

      g_clear_pointer (&r, g_ptr_array_unref);
      p.mechanism = DP_MECHANISM_RR;
      r = test_view_readouts (TEST_VIEW_KL, &p);
      g_assert_cmpstr (readout (r, "Actual KL"), ==, readout (r, "Tight bound"));
      g_assert_cmpstr (readout (r, "Tight bound"), !=, readout (r, "zCDP bound"));
    }
}

/* "For small ε … about ε²/2" holds for the pure mechanisms only: at ε = 0.01 the KL of
 * Laplace and of randomized response are within 1 % of ε²/2 (the lemma's bound within 1 % of
 * ε², twice that), the Gaussian's is 0.17 of it at δ = 10⁻⁵ and 13 times it at δ = 0.01
 * (μ²/2 with μ from the test's bisection). The explanation names the mechanisms it holds
 * for. */
static void
test_kl_small_epsilon (void)
{
  const double e = 0.01, half = e * e / 2;
  const char *expl = test_view_explanation (TEST_VIEW_KL);
  DpvParams p;
  g_autoptr(GPtrArray) r = NULL;

  params_for (&p, DP_MECHANISM_LAPLACE, e, 1e-5);
  r = test_view_readouts (TEST_VIEW_KL, &p);
  g_assert_cmpfloat (fabs (readout_number (r, "Actual KL") / half - 1), <, 0.01);
  g_assert_cmpfloat (fabs (readout_number (r, "Lemma 3.18 bound ε") / (2 * half) - 1), <,
                     0.01);
  g_clear_pointer (&r, g_ptr_array_unref);
  p.mechanism = DP_MECHANISM_RR;
  r = test_view_readouts (TEST_VIEW_KL, &p);
  g_assert_cmpfloat (fabs (readout_number (r, "Actual KL") / half - 1), <, 0.01);
  g_clear_pointer (&r, g_ptr_array_unref);

  params_for (&p, DP_MECHANISM_GAUSSIAN, e, 1e-5);
  r = test_view_readouts (TEST_VIEW_KL, &p);
  assert_shown (readout_number (r, "Gaussian KL"), pow (gauss_mu (e, 1e-5), 2) / 2);
  g_assert_cmpfloat (readout_number (r, "Gaussian KL"), <, half / 2);
  g_clear_pointer (&r, g_ptr_array_unref);
  params_for (&p, DP_MECHANISM_GAUSSIAN, e, 1e-2);
  r = test_view_readouts (TEST_VIEW_KL, &p);
  g_assert_cmpfloat (readout_number (r, "Gaussian KL"), >, 10 * half);

  g_assert_null (strstr (expl, "For small ε the actual KL"));
  g_assert_nonnull (strstr (expl, "For small ε the KL of Laplace and of randomized response"));
}

/* Where a curve of @c crosses column x: the mean row of its pixels (−1: none). */
static double
curve_row (cairo_surface_t *s, int x, const DpvColor *c)
{
  int h = cairo_image_surface_get_height (s), n = 0;
  const unsigned char *d = cairo_image_surface_get_data (s);
  double sum = 0;

  for (int y = 0; y < h; y++)
    {
      guint32 px = *(const guint32 *) (d + y * cairo_image_surface_get_stride (s) + 4 * x);

      if (fabs (((px >> 16) & 0xff) / 255.0 - c->r) < 0.03
          && fabs (((px >> 8) & 0xff) / 255.0 - c->g) < 0.03
          && fabs ((px & 0xff) / 255.0 - c->b) < 0.03)
        {
          sum += y;
          n++;
        }
    }
  return n > 0 ? sum / n : -1;
}

/* Drawn: at ε = δ = 0.01 the Gaussian's KL curve is above the tight ε-DP bound, by
 * log₁₀ 13 of a decade on the log axis: a pixel of each, in one column near the left. */
static void
test_kl_gaussian_above_bounds (void)
{
  DpvParams p;
  DpvStyle style;
  cairo_surface_t *s;
  int found = 0;

  params_for (&p, DP_MECHANISM_GAUSSIAN, 0.01, 0.01);
  p.log_y = TRUE;
  p.show_caption = FALSE;
  dpv_style_init (&style, DPV_THEME_PRINT);
  s = render_print (TEST_VIEW_KL, &p, 1200, 800);
  /* columns of the first fifth of the width (ε from 0.01 to ~0.04), away from the legend */
  for (int x = 100; x < 240; x += 10)
    {
      double ya = curve_row (s, x, &style.roles[DPV_ROLE_ACTUAL]);
      double yt = curve_row (s, x, &style.roles[DPV_ROLE_TIGHT]);

      if (ya < 0 || yt < 0)
        continue;
      found++;
      /* above on screen: a smaller row, by more than a few pixels */
      g_assert_cmpfloat (ya, <, yt - 20);
    }
  g_assert_cmpint (found, >=, 5);
  cairo_surface_destroy (s);
}

/* ---- items 3 and 4: the composition view gives the CLI's numbers ----------------------- */

static JsonObject *
cli_compose (const DpvParams *p, JsonParser *parser)
{
  static const char *const names[] = { "laplace", "gaussian", "rr" };
  g_autofree char *eps = g_strdup_printf ("%.17g", p->epsilon);
  g_autofree char *delta = g_strdup_printf ("%.17g", p->delta);
  g_autofree char *k = g_strdup_printf ("%lu", p->k);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  const char *cli = g_getenv ("DPVIZ_CLI") ? g_getenv ("DPVIZ_CLI") : DPVIZ_CLI_PATH;
  const char *argv[16];
  int n = 0, status = 0;

  argv[n++] = cli;
  argv[n++] = "compose";
  argv[n++] = "--json";
  argv[n++] = "--mechanism";
  argv[n++] = names[p->mechanism];
  argv[n++] = "--epsilon";
  argv[n++] = eps;
  if (p->mechanism == DP_MECHANISM_GAUSSIAN)
    {
      argv[n++] = "--delta";   /* the calibration, as the app calibrates */
      argv[n++] = delta;
    }
  argv[n++] = "--k";
  argv[n++] = k;
  argv[n++] = "--target-delta";
  argv[n++] = delta;
  argv[n] = NULL;
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out,
                               &err, &status, &error));
  g_assert_no_error (error);
  if (status != 0)
    g_error ("%s: %s", cli, err);
  g_assert_true (json_parser_load_from_data (parser, out, -1, &error));
  g_assert_no_error (error);
  return json_node_get_object (json_parser_get_root (parser));
}

static void
assert_same (double view, JsonObject *o, const char *member)
{
  double cli;

  g_assert_true (json_object_has_member (o, member));
  cli = json_object_get_double_member (o, member);
  if (!(fabs (view - cli) <= 1e-12 * fabs (cli)))
    g_error ("%s: view %.17g, dpviz-cli %.17g", member, view, cli);
}

static void
test_composition_cli_agrees (void)
{
  const struct { DpMechanismKind mech; double eps, delta; unsigned long k; } cases[] = {
    { DP_MECHANISM_GAUSSIAN, 1.0, 1e-5, 100 },   /* the issue's: basic 127.3, not 100 */
    { DP_MECHANISM_GAUSSIAN, 0.3, 1e-3, 1000 },  /* advanced below basic for k = 397 … */
    { DP_MECHANISM_GAUSSIAN, 2.0, 1e-8, 1 },
    { DP_MECHANISM_LAPLACE, 0.1, 1e-6, 300 },    /* the README's worked example */
    { DP_MECHANISM_LAPLACE, 1.0, 1e-5, 100 },    /* e^ε ≥ 2: advanced never below */
    { DP_MECHANISM_RR, 0.5, 1e-6, 30 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autoptr(DpvFrame) f = NULL;
      g_autoptr(GPtrArray) r = NULL;
      g_autofree char *caption = NULL;
      const DpvComposition *c;
      const DpvCompositionPoint *pt;
      JsonObject *o, *eps, *per, *terms;
      DpvParams p;

      params_for (&p, cases[i].mech, cases[i].eps, cases[i].delta);
      p.k = cases[i].k;
      o = cli_compose (&p, parser);
      f = frame_for ("composition", &p);
      c = dpv_frame_get_result (f);
      pt = &c->pt;
      g_assert_false (c->pending);
      g_assert_false (pt->approximate);
      eps = json_object_get_object_member (o, "epsilon_total");
      per = json_object_get_object_member (o, "per_step");
      terms = json_object_get_object_member (o, "advanced_terms");
      g_test_message ("%s ε = %g, δ = %g, k = %lu: basic %.9g, advanced %.9g, optimal %.9g, "
                      "exact %.9g", dpv_mechanism_label (p.mechanism), p.epsilon, p.delta,
                      p.k, pt->basic, pt->advanced, pt->optimal, pt->exact);
      assert_same (pt->basic, eps, "basic");
      assert_same (pt->advanced, eps, "advanced");
      assert_same (pt->optimal, eps, "optimal");
      assert_same (pt->exact, eps, "exact");
      assert_same (pt->basic_eps0, json_object_get_object_member (per, "basic"), "epsilon");
      assert_same (pt->basic_delta0, json_object_get_object_member (per, "basic"), "delta");
      assert_same (pt->adv_eps0, json_object_get_object_member (per, "advanced"), "epsilon");
      assert_same (pt->opt_eps0, json_object_get_object_member (per, "optimal"), "epsilon");
      assert_same (pt->delta_prime, terms, "delta_prime");
      if (p.mechanism == DP_MECHANISM_GAUSSIAN)
        {
          assert_same (pt->zcdp, eps, "zcdp");
          assert_same (pt->rdp, eps, "rdp");
        }
      if (json_object_get_null_member (o, "advanced_crossover_k"))
        g_assert_cmpuint (c->data->k_cross, ==, 0);
      else
        g_assert_cmpuint (c->data->k_cross, ==,
                          json_object_get_int_member (o, "advanced_crossover_k"));

      /* the caption and the read-outs print the same numbers, to their four digits */
      caption = dpv_frame_caption (f);
      r = dpv_frame_readouts (f);
      assert_shown (number_after (caption, "basic "),
                    json_object_get_double_member (eps, "basic"));
      assert_shown (number_after (caption, "advanced "),
                    json_object_get_double_member (eps, "advanced"));
      assert_shown (number_after (caption, "optimal "),
                    json_object_get_double_member (eps, "optimal"));
      assert_shown (number_after (caption, "exact "),
                    json_object_get_double_member (eps, "exact"));
      assert_shown (readout_number (r, "Basic composition"),
                    json_object_get_double_member (eps, "basic"));
      assert_shown (readout_number (r, "Advanced composition"),
                    json_object_get_double_member (eps, "advanced"));
      assert_shown (parse_number (readout_after (r, "Basic composition")),
                    json_object_get_double_member (json_object_get_object_member (per, "basic"),
                                                   "epsilon"));
      assert_shown (parse_number (readout_after (r, "Optimal composition")),
                    json_object_get_double_member (json_object_get_object_member (per,
                                                                                  "optimal"),
                                                   "epsilon"));
    }
}

/* The Gaussian at the defaults, derived here: basic composes (ε_G(10⁻⁷), 10⁻⁷) 100 times
 * (127.3061), advanced (ε_G(5·10⁻⁸), 5·10⁻⁸) with δ′ = 5·10⁻⁶ (Thm 3.20: Azuma
 * √(2k ln(1/δ′))·ε₀ + drift kε₀(e^ε₀ − 1)), and the caption names those pairs. */
static void
test_composition_gaussian_split (void)
{
  DpvParams p;
  g_autoptr(DpvFrame) f = NULL;
  g_autoptr(GPtrArray) r = NULL;
  g_autofree char *caption = NULL;
  const DpvCompositionPoint *pt;
  double mu = gauss_mu (1.0, 1e-5), k = 100;
  double eb = gauss_eps (mu, 1e-5 / k), ea = gauss_eps (mu, 1e-5 / (2 * k));
  double azuma = sqrt (2 * k * log (1 / 5e-6)) * ea, drift = k * ea * expm1 (ea);

  params_for (&p, DP_MECHANISM_GAUSSIAN, 1.0, 1e-5);
  f = frame_for ("composition", &p);
  pt = &((const DpvComposition *) dpv_frame_get_result (f))->pt;
  g_test_message ("ε_G(1e-7) = %.9g, ε_G(5e-8) = %.9g: basic %.9g, advanced %.9g", eb, ea,
                  k * eb, azuma + drift);
  g_assert_cmpfloat (fabs (pt->basic - k * eb), <=, 1e-9 * k * eb);
  g_assert_cmpfloat (fabs (pt->basic_eps0 - eb), <=, 1e-9 * eb);
  g_assert_cmpfloat_with_epsilon (pt->basic_delta0, 1e-7, 1e-21);
  g_assert_cmpfloat (fabs (pt->adv_eps0 - ea), <=, 1e-9 * ea);
  g_assert_cmpfloat_with_epsilon (pt->adv_delta0, 5e-8, 1e-21);
  g_assert_cmpfloat_with_epsilon (pt->delta_prime, 5e-6, 1e-20);
  g_assert_cmpfloat (fabs (pt->azuma - azuma), <=, 1e-9 * azuma);
  g_assert_cmpfloat (fabs (pt->advanced - (azuma + drift)), <=, 1e-9 * (azuma + drift));
  g_assert_cmpfloat (fabs (pt->opt_eps0 - ea), <=, 1e-9 * ea);

  r = dpv_frame_readouts (f);
  caption = dpv_frame_caption (f);
  assert_shown (readout_number (r, "Basic composition"), k * eb);
  assert_shown (parse_number (readout_after (r, "Basic composition")), eb);
  assert_shown (parse_number (readout_after (r, "Advanced composition")), ea);
  assert_shown (number_after (caption, "basic ("), eb);
  assert_shown (number_after (caption, "advanced ("), ea);
  assert_shown (number_after (caption, "with δ′ = "), 5e-6);
  assert_shown (number_after (caption, "optimal ("), ea);
  /* kε would be 100: the caption does not claim ε = 1 per mechanism */
  g_assert_null (strstr (caption, "per mechanism"));
}

/* Item 4: the curve labelled KOV is KOV. At k = 1, KOV of one (ε₀, δ₀) pair at total δ is
 * ε = ln(e^ε₀ − (δ − δ₀)(1 + e^ε₀)/(1 − δ₀)) (Kairouz, Oh & Viswanath 2015, Thm 3.3 with
 * k = 1); for the Gaussian at the defaults ε₀ = ε_G(δ/2), δ₀ = δ/2 give 1.0450, above
 * basic's 1.0000, which the curve showed as its minimum with basic. */
static void
test_composition_optimal_is_kov (void)
{
  static const double eps[] = { 1.0, 0.1, 4.0 };

  for (gsize i = 0; i < G_N_ELEMENTS (eps); i++)
    {
      DpvParams p;
      g_autoptr(DpvFrame) f = NULL;
      const DpvCompositionData *d;
      double mu = gauss_mu (eps[i], 1e-5), d0 = 0.5e-5, e0 = gauss_eps (mu, d0);
      double kov1 = log (exp (e0) - (1e-5 - d0) * (1 + exp (e0)) / (1 - d0));

      params_for (&p, DP_MECHANISM_GAUSSIAN, eps[i], 1e-5);
      p.k = 1;
      f = frame_for ("composition", &p);
      d = ((const DpvComposition *) dpv_frame_get_result (f))->data;
      g_test_message ("ε = %g: KOV at k = 1 %.9g, basic %.9g", eps[i], kov1, d->basic[0]);
      g_assert_cmpuint (d->k[0], ==, 1);
      g_assert_cmpfloat (fabs (d->optimal[0] - kov1), <=, 1e-8 * kov1);
      g_assert_cmpfloat (d->optimal[0], >, d->basic[0]);
      /* KOV is optimal for the pairs advanced composes: never above it, at every k */
      for (gsize j = 0; j < d->n; j++)
        if (!(d->optimal[j] <= d->advanced[j]))
          g_error ("k = %lu: optimal %.9g above advanced %.9g", d->k[j], d->optimal[j],
                   d->advanced[j]);
    }
}

/* At k = 1 the pure mechanisms' totals differ in the fifth digit: basic ε, optimal
 * ln(e^ε − δ(1 + e^ε)) (KOV at k = 1 with δ₀ = 0), exact D∞^δ: for Laplace ε + 2 ln(1 − δ)
 * (δ(ε′) = 1 − e^{(ε′−ε)/2}; the view's value is an upper bound within 10⁻⁴), for
 * randomized response the same KOV value (it is the extremal pair). Four digits printed
 * 1.000 for all three at the defaults. Each read-out must be within half a unit of its last
 * printed digit of the closed form (the Laplace exact one within 10⁻⁴ above it), and the
 * values that differ must print differently. Beyond k = 1 randomized response's exact total
 * is its optimal one and prints the same. */
static void
test_composition_digits (void)
{
  const double e = 1.0, d = 1e-5;
  const double kov = log (exp (e) - d * (1 + exp (e)));
  const double truth_exact[] = { e + 2 * log1p (-d), kov };
  const DpMechanismKind mech[] = { DP_MECHANISM_LAPLACE, DP_MECHANISM_RR };

  for (gsize i = 0; i < G_N_ELEMENTS (mech); i++)
    {
      DpvParams p;
      g_autoptr(DpvFrame) f = NULL;
      g_autoptr(GPtrArray) r = NULL;
      g_autofree char *caption = NULL;
      const char *basic, *optimal, *exact;

      params_for (&p, mech[i], e, d);
      p.k = 1;
      /* no cache: curves computed for another k would give the values read off them, which
       * keep four digits and say so with "≈" */
      f = dpv_frame_compute (dpv_registry_lookup ("composition"), &p, NULL, NULL, NULL);
      g_assert_false (((const DpvComposition *) dpv_frame_get_result (f))->pt.approximate);
      r = dpv_frame_readouts (f);
      caption = dpv_frame_caption (f);
      basic = readout (r, "Basic composition");
      optimal = readout (r, "Optimal composition");
      exact = readout (r, "Exact composition");
      g_test_message ("%s k = 1: basic %s, optimal %s (%.9g), exact %s (%.9g)",
                      dpv_mechanism_label (mech[i]), basic, optimal, kov, exact,
                      truth_exact[i]);
      g_assert_cmpfloat (parse_number (basic), ==, e);
      g_assert_cmpfloat (fabs (parse_number (optimal) - kov), <=, half_unit (optimal));
      g_assert_cmpfloat (parse_number (exact) - truth_exact[i], >=, -half_unit (exact));
      g_assert_cmpfloat (parse_number (exact) - truth_exact[i] * (1 + 1e-4), <=,
                         half_unit (exact));
      g_assert_cmpstr (basic, !=, optimal);
      if (mech[i] == DP_MECHANISM_LAPLACE)
        g_assert_cmpstr (optimal, !=, exact);
      else
        g_assert_cmpstr (optimal, ==, exact);
      g_assert_cmpfloat (fabs (number_after (caption, "optimal ") - kov), <=,
                         half_unit (optimal));
    }
  {
    DpvParams p;
    g_autoptr(GPtrArray) r = NULL;

    params_for (&p, DP_MECHANISM_RR, 0.5, 1e-6);
    p.k = 30;
    r = test_view_readouts (TEST_VIEW_COMPOSITION, &p);
    g_assert_cmpstr (readout (r, "Optimal composition"), ==, readout (r, "Exact composition"));
  }
}

/* The qualifiers stay in Chinese: the Gaussian part of the composition explanation stays
 * the Gaussian's (the rise of advanced above basic again is false for the pure mechanisms:
 * for them the condition √(2 ln(1/δ)/k) < 2 − e^ε only gets easier as k grows), the KL's
 * small-ε sentence names Laplace and randomized response, and the band ±ε is pure DP's. */
static void
test_translated_qualifiers (void)
{
  const char *localedir = g_getenv ("DPVIZ_LOCALEDIR");
  const char *expl;

  if (localedir == NULL)
    {
      g_test_skip ("DPVIZ_LOCALEDIR not set");
      return;
    }
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  g_setenv ("LANGUAGE", "zh_CN", TRUE);
  setlocale (LC_ALL, "C.UTF-8");
  expl = test_view_explanation (TEST_VIEW_COMPOSITION);
  g_assert_null (strstr (expl, "。高级组合即使低于基本组合"));
  g_assert_nonnull (strstr (expl, "对高斯机制，高级组合即使低于基本组合"));
  expl = test_view_explanation (TEST_VIEW_KL);
  g_assert_nonnull (strstr (expl, "Laplace 机制和随机反应的 KL、紧上界和 ε²/2 都约为 ε²/2"));
  expl = test_view_explanation (TEST_VIEW_DENSITIES);
  g_assert_nonnull (strstr (expl, "纯 ε-差分隐私（Dwork &amp; Roth，定义 2.4 中取 δ = 0）要求"));
  g_setenv ("LANGUAGE", "C", TRUE);
}

/* ---- the explanations in Chinese say nothing false for the Gaussian ---------------------- */

static void
test_translated (void)
{
  const char *localedir = g_getenv ("DPVIZ_LOCALEDIR");
  DpvParams p;

  if (localedir == NULL)
    {
      g_test_skip ("DPVIZ_LOCALEDIR not set");
      return;
    }
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  g_setenv ("LANGUAGE", "zh_CN", TRUE);
  setlocale (LC_ALL, "C.UTF-8");
  params_for (&p, DP_MECHANISM_GAUSSIAN, 1.0, 1e-5);
  p.sensitivity = 1.25;   /* a frame of its own, computed in Chinese */
  for (guint v = 0; v < TEST_N_VIEWS; v++)
    {
      const char *expl = test_view_explanation (v);
      g_autoptr(DpvFrame) f = dpv_frame_compute (dpv_registry_get (v), &p, NULL, NULL, NULL);
      g_autoptr(GPtrArray) r = dpv_frame_readouts (f);
      g_autofree char *caption = dpv_frame_caption (f);

      /* translated: no English sentence left */
      g_assert_null (strstr (expl, " the "));
      assert_no_false_gaussian_claim (expl);
      assert_no_false_gaussian_claim (caption);
      for (guint j = 0; j < r->len; j++)
        assert_no_false_gaussian_claim (((DpvReadout *) g_ptr_array_index (r, j))->label);
    }
  g_setenv ("LANGUAGE", "C", TRUE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/statements/densities/gaussian", test_densities_gaussian);
  g_test_add_func ("/statements/densities/gaussian-defaults", test_densities_gaussian_defaults);
  g_test_add_func ("/statements/densities/pure-band", test_densities_pure_band);
  g_test_add_func ("/statements/densities/rr-probability", test_densities_rr_probability);
  g_test_add_func ("/statements/densities/rr-bit-ticks", test_rr_bit_ticks);
  g_test_add_func ("/statements/regions/failed-inverse", test_regions_failed_inverse);
  g_test_add_func ("/statements/regions/delta-above-tv", test_regions_delta_above_tv);
  g_test_add_func ("/statements/regions/solved", test_regions_solved);
  g_test_add_func ("/statements/kl/gaussian", test_kl_gaussian);
  g_test_add_func ("/statements/kl/gaussian-above-bounds", test_kl_gaussian_above_bounds);
  g_test_add_func ("/statements/kl/digits", test_kl_digits);
  g_test_add_func ("/statements/kl/small-epsilon", test_kl_small_epsilon);
  g_test_add_func ("/statements/composition/cli-agrees", test_composition_cli_agrees);
  g_test_add_func ("/statements/composition/gaussian-split", test_composition_gaussian_split);
  g_test_add_func ("/statements/composition/optimal-is-kov", test_composition_optimal_is_kov);
  g_test_add_func ("/statements/composition/digits", test_composition_digits);
  /* last: they switch the language of the process to Chinese */
  g_test_add_func ("/statements/zh_CN/translated", test_translated);
  g_test_add_func ("/statements/zh_CN/qualifiers", test_translated_qualifiers);

  return g_test_run ();
}
