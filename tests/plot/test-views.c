/* test-views.c — the four views: parameters, names, read-outs and renders
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Renders are checked by status and by sampling pixels for the colours that must (or must
 * not) appear; expected numbers are derived here from closed forms, not from the code under
 * test.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <pango/pango.h>

#include <gio/gio.h>

#include "dpv-plot.h"
#include "dpv-composition.h"
#include "dpv-kl.h"
#include "dpv-view-util.h"
#include "test-view-index.h"

/* ---- parameters ---------------------------------------------------------------------- */

static void
expect_invalid (const DpvParams *p, const char *needle)
{
  g_autoptr(GError) error = NULL;

  g_assert_false (dpv_params_validate (p, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, needle));
  g_assert_null (strchr (error->message, '\n'));
}

static void
expect_valid (const DpvParams *p)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (dpv_params_validate (p, &error));
  g_assert_no_error (error);
}

static void
test_params_defaults (void)
{
  DpvParams p;

  dpv_params_init (&p);
  g_assert_cmpint (p.mechanism, ==, DP_MECHANISM_LAPLACE);
  g_assert_cmpfloat (p.epsilon, ==, DPV_PARAM_DEFAULT (EPSILON));
  g_assert_cmpfloat (p.delta, ==, DPV_PARAM_DEFAULT (DELTA));
  g_assert_cmpfloat (p.sensitivity, ==, DPV_PARAM_DEFAULT (SENSITIVITY));
  g_assert_cmpuint (p.k, ==, DPV_PARAM_DEFAULT (K));
  g_assert_true (p.show_caption);
  g_assert_true (p.eps_prime < 0);
  expect_valid (&p);
}

static void
test_params_boundaries (void)
{
  DpvParams p;

  dpv_params_init (&p);
  p.epsilon = 0.01; expect_valid (&p);
  p.epsilon = 10; expect_valid (&p);
  p.epsilon = 0.0099; expect_invalid (&p, "ε");
  p.epsilon = 10.01; expect_invalid (&p, "ε");
  p.epsilon = NAN; expect_invalid (&p, "ε");
  p.epsilon = INFINITY; expect_invalid (&p, "ε");
  p.epsilon = 1;

  p.delta = 1e-12; expect_valid (&p);
  p.delta = 0.5; expect_valid (&p);
  p.delta = 0.9e-12; expect_invalid (&p, "δ");
  p.delta = 0.0; expect_invalid (&p, "δ");
  p.delta = 0.51; expect_invalid (&p, "δ");
  p.delta = 1e-5;

  p.sensitivity = 0.1; expect_valid (&p);
  p.sensitivity = 10; expect_valid (&p);
  p.sensitivity = 0.09; expect_invalid (&p, "Δ");
  p.sensitivity = 10.5; expect_invalid (&p, "Δ");
  p.sensitivity = -1; expect_invalid (&p, "Δ");
  p.sensitivity = 1;

  p.k = 1; expect_valid (&p);
  p.k = 10000; expect_valid (&p);
  p.k = 0; expect_invalid (&p, "k");
  p.k = 10001; expect_invalid (&p, "k");
  p.k = 100;

  p.eps_prime = 0; expect_valid (&p);
  p.eps_prime = -1; expect_valid (&p);
  p.eps_prime = NAN; expect_invalid (&p, "ε′");
  p.eps_prime = 1000; expect_invalid (&p, "ε′");
  p.eps_prime = -1;

  p.mechanism = DP_N_MECHANISMS;
  {
    g_autoptr(GError) error = NULL;

    g_assert_false (dpv_params_validate (&p, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  }
}

static void
test_params_mechanism (void)
{
  DpvParams p;
  DpMechanism m;

  dpv_params_init (&p);
  p.epsilon = 0.5;
  p.sensitivity = 2.0;
  g_assert_cmpint (dpv_params_mechanism (&p, &m), ==, DP_OK);
  g_assert_cmpint (m.kind, ==, DP_MECHANISM_LAPLACE);
  g_assert_cmpfloat_with_epsilon (m.scale, 4.0, 1e-12);   /* b = Δ/ε */

  p.mechanism = DP_MECHANISM_GAUSSIAN;
  g_assert_cmpint (dpv_params_mechanism (&p, &m), ==, DP_OK);
  g_assert_cmpint (m.kind, ==, DP_MECHANISM_GAUSSIAN);
  /* The analytic σ is below the classic one: Δ√(2 ln(1.25/δ))/ε (Dwork & Roth Thm A.1). */
  g_assert_cmpfloat (m.scale, >, 0);
  g_assert_cmpfloat (m.scale, <, 2.0 * sqrt (2 * log (1.25 / 1e-5)) / 0.5);

  p.mechanism = DP_MECHANISM_RR;
  g_assert_cmpint (dpv_params_mechanism (&p, &m), ==, DP_OK);
  g_assert_cmpint (m.kind, ==, DP_MECHANISM_RR);
}

/* ---- names and texts -------------------------------------------------------------------- */

static void
test_names (void)
{
  static const char *names[] = { "densities", "regions", "kl", "composition", "hypothesis",
                                 "survey",
                                 "accuracy", "exponential", "group" };

  /* the first views in the switcher's order; later ones are looked up by their own names */
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_assert_cmpstr (test_view_name (i), ==, names[i]);
  for (guint i = 0; i < TEST_N_VIEWS; i++)
    {
      const char *expl = test_view_explanation (i);
      const char *name = test_view_name (i);

      g_assert_true (dpv_registry_lookup (name) == dpv_registry_get (i));
      g_assert_cmpint (dpv_registry_index (dpv_registry_lookup (name)), ==, i);
      g_assert_nonnull (test_view_title (i));
      g_assert_cmpuint (strlen (test_view_title (i)), >, 3);
      g_assert_true (pango_parse_markup (test_view_title (i), -1, 0, NULL, NULL, NULL, NULL));
      g_assert_cmpuint (strlen (expl), >, 200);
      /* The explanation names its source (Dwork & Roth, the lecture book or the DP notes of
       * the course) and is valid markup. */
      g_assert_true (strstr (expl, "Dwork") != NULL || strstr (expl, "book") != NULL
                     || strstr (expl, "DP notes") != NULL);
      g_assert_true (pango_parse_markup (expl, -1, 0, NULL, NULL, NULL, NULL));
    }
  /* Numbers as in the source text (seeds 000/002: Def. 3.5 KL, Def. 3.6 max divergence). */
  g_assert_nonnull (strstr (test_view_explanation (TEST_VIEW_REGIONS), "Def. 3.6"));
  g_assert_nonnull (strstr (test_view_explanation (TEST_VIEW_REGIONS), "Lemma 3.17"));
  g_assert_nonnull (strstr (test_view_explanation (TEST_VIEW_KL), "Def. 3.5"));
  g_assert_nonnull (strstr (test_view_explanation (TEST_VIEW_KL), "Lemma 3.18"));
  g_assert_nonnull (strstr (test_view_explanation (TEST_VIEW_COMPOSITION), "Thm 3.20"));
  g_assert_null (dpv_registry_lookup ("histogram"));
  g_assert_null (dpv_registry_lookup (""));
}

/* ---- parameter sets used below -------------------------------------------------------- */

typedef struct {
  double eps, delta, sens;
  unsigned long k;
} Set;

static const Set sets[] = {
  { 1.0, 1e-5, 1.0, 100 },        /* defaults */
  { 0.01, 1e-12, 10.0, 1 },       /* most private, largest Δ */
  { 10.0, 0.5, 0.1, 10000 },      /* least private, most compositions */
  { 0.01, 0.5, 0.1, 10000 },
  { 10.0, 1e-12, 10.0, 1 },
};

static void
set_params (DpvParams *p, const Set *s, DpMechanismKind mech)
{
  dpv_params_init (p);
  p->mechanism = mech;
  p->epsilon = s->eps;
  p->delta = s->delta;
  p->sensitivity = s->sens;
  p->k = s->k;
}

static gboolean
has_bad_number (const char *s)
{
  g_autofree char *low = g_ascii_strdown (s, -1);

  return strstr (low, "nan") != NULL || strstr (low, "inf") != NULL;
}

static void
test_readouts (void)
{
  for (gsize si = 0; si < G_N_ELEMENTS (sets); si++)
    for (int mech = 0; mech < DP_N_MECHANISMS; mech++)
      for (guint v = 0; v < TEST_N_VIEWS; v++)
        {
          DpvParams p;
          g_autoptr(GPtrArray) r = NULL;
          g_autofree char *desc = NULL;

          set_params (&p, &sets[si], mech);
          /* The exact composition at k = 10⁴ is covered by test-composition-data. */
          if (v == TEST_VIEW_COMPOSITION && sets[si].k > 1000)
            continue;
          r = test_view_readouts (v, &p);
          g_assert_nonnull (r);
          if (!dpv_view_class_supports (dpv_registry_get (v), mech, NULL))
            {
              /* one line: why the view draws nothing for this mechanism */
              g_assert_cmpuint (r->len, ==, 1);
              continue;
            }
          g_assert_cmpuint (r->len, >=, 3);
          for (guint i = 0; i < r->len; i++)
            {
              DpvReadout *ro = g_ptr_array_index (r, i);

              g_assert_cmpuint (strlen (ro->label), >, 0);
              g_assert_cmpuint (strlen (ro->value), >, 0);
              if (has_bad_number (ro->value))
                g_error ("view %d mech %d set %zu: %s = %s", v, mech, si, ro->label, ro->value);
            }
          desc = test_view_describe (v, &p);
          g_assert_nonnull (desc);
          g_assert_false (has_bad_number (desc));
          g_assert_null (strchr (desc, '<'));
        }
}

static void
test_readouts_values (void)
{
  DpvParams p;
  g_autoptr(GPtrArray) r = NULL;
  gboolean found = FALSE;

  /* Laplace densities at ε = 0.5, Δ = 2: b = Δ/ε = 4 and the odds bound e^0.5 = 1.6487. */
  dpv_params_init (&p);
  p.epsilon = 0.5;
  p.sensitivity = 2.0;
  r = test_view_readouts (TEST_VIEW_DENSITIES, &p);
  for (guint i = 0; i < r->len; i++)
    {
      DpvReadout *ro = g_ptr_array_index (r, i);

      if (strstr (ro->label, "scale b"))
        {
          g_assert_cmpfloat_with_epsilon (g_ascii_strtod (ro->value, NULL), 4.0, 1e-9);
          found = TRUE;
        }
      if (strstr (ro->label, "Odds"))
        g_assert_cmpfloat_with_epsilon (g_ascii_strtod (ro->value, NULL), exp (0.5), 1e-3);
    }
  g_assert_true (found);

  /* Regions at ε′ = 0: the gap is the statistical distance 1 − e^{−ε/2}. */
  g_clear_pointer (&r, g_ptr_array_unref);
  p.eps_prime = 0.0;
  r = test_view_readouts (TEST_VIEW_REGIONS, &p);
  found = FALSE;
  for (guint i = 0; i < r->len; i++)
    {
      DpvReadout *ro = g_ptr_array_index (r, i);

      if (g_str_has_prefix (ro->label, "Gap"))
        {
          g_assert_cmpfloat_with_epsilon (g_ascii_strtod (ro->value, NULL),
                                          1 - exp (-0.25), 1e-3);
          found = TRUE;
        }
    }
  g_assert_true (found);

  /* Invalid parameters give one read-out with the reason, not garbage. */
  g_clear_pointer (&r, g_ptr_array_unref);
  p.epsilon = 50;
  r = test_view_readouts (TEST_VIEW_KL, &p);
  g_assert_cmpuint (r->len, ==, 1);
  g_assert_nonnull (strstr (((DpvReadout *) g_ptr_array_index (r, 0))->value, "ε"));
}

/* ---- renders -------------------------------------------------------------------------- */

/* @v drawn with the plots' @options (NULL: the defaults). */
static cairo_surface_t *
render_with (guint v, const DpvParams *p, DpvTheme theme, const DpvPlotOptions *options,
             int w, int h)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create (s);
  DpvStyle style;

  dpv_style_init (&style, theme);
  style.pixel_snap = TRUE;
  if (options != NULL)
    style.plot_options = *options;
  test_render_view (v, p, &style, cr, w, h);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  g_assert_cmpint (cairo_surface_status (s), ==, CAIRO_STATUS_SUCCESS);
  return s;
}

static cairo_surface_t *
render (guint v, const DpvParams *p, DpvTheme theme, int w, int h)
{
  return render_with (v, p, theme, NULL, w, h);
}

static void
pixel_rgb (cairo_surface_t *s, int x, int y, double rgb[3])
{
  const unsigned char *data = cairo_image_surface_get_data (s);
  guint32 px = *(const guint32 *) (data + y * cairo_image_surface_get_stride (s) + 4 * x);
  double a = ((px >> 24) & 0xff) / 255.0;

  /* Un-premultiply over black; the print theme is opaque anyway. */
  rgb[0] = a > 0 ? ((px >> 16) & 0xff) / 255.0 / a : 0;
  rgb[1] = a > 0 ? ((px >> 8) & 0xff) / 255.0 / a : 0;
  rgb[2] = a > 0 ? (px & 0xff) / 255.0 / a : 0;
}

/* Pixels whose colour is within tol of c. */
static gsize
count_colour (cairo_surface_t *s, const DpvColor *c, double tol)
{
  int w = cairo_image_surface_get_width (s), h = cairo_image_surface_get_height (s);
  gsize n = 0;

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        double rgb[3];

        pixel_rgb (s, x, y, rgb);
        if (fabs (rgb[0] - c->r) <= tol && fabs (rgb[1] - c->g) <= tol
            && fabs (rgb[2] - c->b) <= tol)
          n++;
      }
  return n;
}

/* Pixels that are a blend bg + t(c − bg) with t ∈ [tmin, tmax] (a translucent fill of c). */
static gsize
count_blend (cairo_surface_t *s, const DpvColor *bg, const DpvColor *c, double tmin,
             double tmax)
{
  int w = cairo_image_surface_get_width (s), h = cairo_image_surface_get_height (s);
  double d[3] = { c->r - bg->r, c->g - bg->g, c->b - bg->b };
  double dd = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
  gsize n = 0;

  g_assert_cmpfloat (dd, >, 0.01);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        double rgb[3], t, res = 0;

        pixel_rgb (s, x, y, rgb);
        t = ((rgb[0] - bg->r) * d[0] + (rgb[1] - bg->g) * d[1] + (rgb[2] - bg->b) * d[2]) / dd;
        for (int i = 0; i < 3; i++)
          {
            double e = rgb[i] - ((&bg->r)[i] + t * d[i]);

            res += e * e;
          }
        if (t >= tmin && t <= tmax && sqrt (res) < 0.03)
          n++;
      }
  return n;
}

/* The colours a render of view @v must show, each in at least @min pixels (within @tol):
 * the curves or bars every mechanism has there. Densities and regions: the outputs on D and
 * D′ (regions with randomized response: D′ only, since the gap δ(ε′) is drawn over D's bar
 * at y = 0, and at ε = 10 D's bar at y = 1 is 4.5·10⁻⁵ high); KL: the Lemma 3.18 bound and
 * ε²/2 (the tight bound can lie under the actual KL); composition: basic (the optimal KOV
 * curve can lie under the exact one) and, with @pending, the preview, no KOV curve at all
 * (the expensive stage computes it); Rényi: the k·D_α curve; the walk: its threshold; the
 * budget: the parallel and basic lines (samples: D and D′, the default); sensitivity: the
 * smooth bound's curve and A^(t); k-means: the first two clusters' points; linkage: the DP
 * count's densities on D and D′. The actual and exact curves are black, like the text:
 * their colour proves nothing. */
static void
assert_shows (cairo_surface_t *s, guint v, DpMechanismKind mech, unsigned long k, DpvTheme theme,
              gsize min, double tol, gboolean pending, const char *what)
{
  DpvStyle style;
  DpvRole need[2] = { DPV_ROLE_D, DPV_ROLE_D_PRIME };

  dpv_style_init (&style, theme);
  if (v == TEST_VIEW_REGIONS && mech == DP_MECHANISM_RR)
    need[0] = DPV_ROLE_D_PRIME;
  else if (v == TEST_VIEW_KL)
    {
      need[0] = DPV_ROLE_BOUND;
      need[1] = DPV_ROLE_ZCDP;
    }
  else if (v == TEST_VIEW_COMPOSITION)
    {
      need[0] = DPV_ROLE_BOUND;
      need[1] = pending ? DPV_ROLE_TIGHT : DPV_ROLE_BOUND;
    }
  else if (v == TEST_VIEW ("hypothesis"))
    {
      /* after k > 1 outputs the k-fold curve, drawn over everything (at ε = 10 along the
       * axes); for one output the audit's point with its intervals (the (ε, δ) region's
       * boundary lies under randomized response's curve: test-hypothesis samples it where it
       * shows) */
      need[0] = need[1] = k > 1 ? DPV_ROLE_TIGHT : DPV_ROLE_ZCDP;
    }
  else if (v == TEST_VIEW ("renyi") || v == TEST_VIEW ("walk"))
    need[0] = need[1] = DPV_ROLE_LOSS;   /* the k·D_α curve; the walk's threshold ε′ */
  else if (v == TEST_VIEW ("budget"))
    {
      need[0] = DPV_ROLE_D;       /* parallel composition's ε */
      need[1] = DPV_ROLE_BOUND;   /* basic ε/m */
    }
  else if (v == TEST_VIEW ("sensitivity"))
    {
      /* e^{−tβ}A^(t) and A^(t) against t (the view draws no mechanism) */
      need[0] = DPV_ROLE_D;
      need[1] = DPV_ROLE_TIGHT;
    }
  else if (v == TEST_VIEW ("accuracy"))
    {
      /* the noise density and its width against ε: orange for Laplace, blue for the
       * Gaussian (the dots of noisy answers are small at any size, the other mechanism's
       * width against ε is a thin dashed line) */
      need[0] = mech == DP_MECHANISM_GAUSSIAN ? DPV_ROLE_ZCDP : DPV_ROLE_BOUND;
      need[1] = need[0];
    }
  else if (v == TEST_VIEW ("exponential"))
    {
      /* the drawn candidate's bar (the others are translucent) and the curves against ε */
      need[0] = DPV_ROLE_BOUND;
      need[1] = DPV_ROLE_TIGHT;
    }
  else if (v == TEST_VIEW ("group"))
    /* the group pair's output on D′ (drawn over D's, which it hides when gΔ ≪ σ) and the
     * privacy loss and ε against g */
    need[0] = DPV_ROLE_LOSS;
  /* k-means: the points of the first two clusters; linkage: the count's densities on D and
   * D′, the roles' defaults */
  if (!dpv_view_class_supports (dpv_registry_get (v), mech, NULL))
    {
      /* the frame carries the reason, and nothing is plotted */
      for (int i = 0; i < 2; i++)
        if (count_colour (s, &style.roles[need[i]], tol) > min)
          g_error ("%s: a view without this mechanism plots role %d", what, need[i]);
      return;
    }
  for (int i = 0; i < 2; i++)
    {
      DpvColor c = style.roles[need[i]];
      gsize n;

      /* k-means draws its points at 55 % opacity on the panel's background */
      if (v == TEST_VIEW ("kmeans"))
        {
          const DpvColor *bg = &style.plot_background;

          c.r = bg->r + 0.55 * (c.r - bg->r);
          c.g = bg->g + 0.55 * (c.g - bg->g);
          c.b = bg->b + 0.55 * (c.b - bg->b);
        }
      n = count_colour (s, &c, tol);

      if (pending && need[i] == DPV_ROLE_TIGHT)
        {
          if (n != 0)
            g_error ("%s: %zu pixels of the KOV curve in a preview", what, n);
          continue;
        }
      /* the audit's point for one output sits in the plot's corner at ε = 10, where tick
       * labels overlap part of it (14 pixels at 640 × 400 in set 4): 10 still shows it */
      if (v == TEST_VIEW ("hypothesis") && k <= 1)
        min = MIN (min, 10);
      if (n < min)
        g_error ("%s: %zu pixels of role %d, expected at least %zu", what, n, need[i], min);
    }
}

static void
test_render_sizes (void)
{
  for (guint v = 0; v < TEST_N_VIEWS; v++)
    for (int mech = 0; mech < DP_N_MECHANISMS; mech++)
      {
        DpvParams p;
        cairo_surface_t *s;
        g_autofree char *what = g_strdup_printf ("%s %s", test_view_name (v),
                                                 dpv_mechanism_label (mech));

        set_params (&p, &sets[0], mech);
        s = render (v, &p, DPV_THEME_LIGHT, 320, 200);
        assert_shows (s, v, mech, p.k, DPV_THEME_LIGHT, 15, 0.12, FALSE, what);
        cairo_surface_destroy (s);
        if (mech == DP_MECHANISM_LAPLACE)
          {
            s = render (v, &p, DPV_THEME_DARK, 3840, 2160);
            assert_shows (s, v, mech, p.k, DPV_THEME_DARK, 1000, 0.06, FALSE, what);
            cairo_surface_destroy (s);
          }
      }
}

static void
test_render_extremes (void)
{
  for (gsize si = 1; si < G_N_ELEMENTS (sets); si++)
    for (int mech = 0; mech < DP_N_MECHANISMS; mech++)
      for (guint v = 0; v < TEST_N_VIEWS; v++)
        {
          DpvParams p;
          cairo_surface_t *s;
          int w = si == 2 ? 320 : 640, h = si == 2 ? 200 : 400;
          DpvTheme theme = si % 2 ? DPV_THEME_PRINT : DPV_THEME_DARK;
          g_autofree char *what = g_strdup_printf ("%s %s, set %zu", test_view_name (v),
                                                   dpv_mechanism_label (mech), si);

          set_params (&p, &sets[si], mech);
          if (v == TEST_VIEW_REGIONS && si % 2 == 0)
            p.eps_prime = 0.0;
          s = render (v, &p, theme, w, h);
          assert_shows (s, v, mech, p.k, theme, 15, 0.12, FALSE, what);
          cairo_surface_destroy (s);
        }
}

static void
test_render_invalid (void)
{
  DpvParams p;
  DpvStyle style;
  cairo_surface_t *s;

  /* Out-of-range parameters draw a message, not a broken figure. */
  dpv_params_init (&p);
  p.epsilon = NAN;
  s = render (TEST_VIEW_DENSITIES, &p, DPV_THEME_PRINT, 400, 300);
  dpv_style_init (&style, DPV_THEME_PRINT);
  g_assert_cmpuint (count_colour (s, &style.roles[DPV_ROLE_D], 0.02), ==, 0);
  g_assert_cmpuint (count_colour (s, &style.foreground, 0.1), >, 20);
  cairo_surface_destroy (s);
}

static void
test_render_colours (void)
{
  DpvParams p;
  DpvStyle style;
  cairo_surface_t *s;
  double rgb[3];

  dpv_style_init (&style, DPV_THEME_PRINT);
  dpv_params_init (&p);

  for (int mech = 0; mech < DP_N_MECHANISMS; mech++)
    {
      p.mechanism = mech;
      /* The densities view shows D and D′ in their role colours, never the composition
       * roles. */
      s = render (TEST_VIEW_DENSITIES, &p, DPV_THEME_PRINT, 800, 500);
      g_assert_cmpuint (count_colour (s, &style.roles[DPV_ROLE_D], 0.04), >, 100);
      g_assert_cmpuint (count_colour (s, &style.roles[DPV_ROLE_D_PRIME], 0.04), >, 100);
      g_assert_cmpuint (count_colour (s, &style.roles[DPV_ROLE_LOSS], 0.04), >, 50);
      g_assert_cmpuint (count_colour (s, &style.roles[DPV_ROLE_BOUND], 0.02), ==, 0);
      /* The background in a corner. */
      pixel_rgb (s, 1, 1, rgb);
      g_assert_cmpfloat_with_epsilon (rgb[0], style.background.r, 0.02);
      g_assert_cmpfloat_with_epsilon (rgb[1], style.background.g, 0.02);
      g_assert_cmpfloat_with_epsilon (rgb[2], style.background.b, 0.02);
      cairo_surface_destroy (s);

      /* Regions at ε′ = 0.3: the excess p − e^{ε′}q is filled in the loss colour. For
       * Laplace its mass is δ(0.3) = 1 − e^{−0.35} ≈ 0.30 of the density: a large area. */
      p.eps_prime = 0.3;
      /* 900 × 560: the legend goes under the main panel (narrower than 56 text sizes) */
      s = render (TEST_VIEW_REGIONS, &p, DPV_THEME_PRINT, 900, 560);
      g_assert_cmpuint (count_colour (s, &style.roles[DPV_ROLE_D], 0.04), >, 100);
      g_assert_cmpuint (count_colour (s, &style.roles[DPV_ROLE_D_PRIME], 0.04), >, 100);
      g_assert_cmpuint (count_blend (s, &style.plot_background, &style.roles[DPV_ROLE_LOSS],
                                     0.3, 1.0), >, 1500);
      cairo_surface_destroy (s);
      p.eps_prime = -1;
    }

  /* The KL and composition views have no D or D′, but the bound and actual curves. */
  p.mechanism = DP_MECHANISM_LAPLACE;
  p.log_y = TRUE;
  s = render (TEST_VIEW_KL, &p, DPV_THEME_PRINT, 800, 500);
  g_assert_cmpuint (count_colour (s, &style.roles[DPV_ROLE_D], 0.02), ==, 0);
  g_assert_cmpuint (count_colour (s, &style.roles[DPV_ROLE_BOUND], 0.04), >, 100);
  g_assert_cmpuint (count_colour (s, &style.roles[DPV_ROLE_ACTUAL], 0.04), >, 100);
  cairo_surface_destroy (s);
}

static gboolean
is_colour (cairo_surface_t *s, int x, int y, const DpvColor *c, double tol)
{
  double rgb[3];

  pixel_rgb (s, x, y, rgb);
  return fabs (rgb[0] - c->r) <= tol && fabs (rgb[1] - c->g) <= tol
         && fabs (rgb[2] - c->b) <= tol;
}

/* Legends stay off the curves at the sizes the app and exports use: no pixel a legend covers
 * is a curve's or bar's pixel (strong ink on the light background) in the same figure drawn
 * without its legends. The cases are those where, before the legend strip, a legend did cover
 * data (regions in the app's window at every ε; kl with the Gaussian at ε = 0.1; composition
 * below 800 × 500), and more. */
static gsize
covered_ink (guint view, const DpvParams *p, int w, int h, gsize *differ)
{
  const DpvPlotOptions no_legends = { .hide_legends = TRUE };
  cairo_surface_t *shown, *bare;
  gsize covered = 0;

  shown = render (view, p, DPV_THEME_LIGHT, w, h);
  bare = render_with (view, p, DPV_THEME_LIGHT, &no_legends, w, h);
  *differ = 0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        double a[3], b[3];

        pixel_rgb (shown, x, y, a);
        pixel_rgb (bare, x, y, b);
        if (fabs (a[0] - b[0]) + fabs (a[1] - b[1]) + fabs (a[2] - b[2]) < 1e-9)
          continue;
        (*differ)++;
        if (3.0 - b[0] - b[1] - b[2] > 300.0 / 255)
          covered++;
      }
  cairo_surface_destroy (shown);
  cairo_surface_destroy (bare);
  return covered;
}

/* @v with these parameters, drawn without its annotations; @placed receives where each was
 * placed (its text and box in device units). */
static cairo_surface_t *
render_unannotated_params (guint v, const DpvParams *p, int w, int h, GArray *placed)
{
  const DpvPlotOptions options = { .hide_annotations = TRUE, .placed_log = placed };

  return render_with (v, p, DPV_THEME_LIGHT, &options, w, h);
}

/* The same for mechanism @mech at @eps, the other parameters at their defaults. */
static cairo_surface_t *
render_unannotated (guint v, DpMechanismKind mech, double eps, int w, int h,
                    GArray *placed)
{
  DpvParams p;

  dpv_params_init (&p);
  p.mechanism = mech;
  p.epsilon = eps;
  return render_unannotated_params (v, &p, w, h, placed);
}

/* Pixels of @s inside @t's box that are within @tol of @c (in each channel) or, with @c NULL,
 * farther than @tol from @bg (summed over the channels: strong ink). *in_box: all of them. */
static gsize
count_in_box (cairo_surface_t *s, const DpvPlacedText *t, const DpvColor *c,
              const DpvColor *bg, double tol, gsize *in_box)
{
  int w = cairo_image_surface_get_width (s), h = cairo_image_surface_get_height (s);
  gsize n = 0, all = 0;

  for (int y = MAX (0, (int) t->y); y < MIN (h, (int) ceil (t->y + t->h)); y++)
    for (int x = MAX (0, (int) t->x); x < MIN (w, (int) ceil (t->x + t->w)); x++)
      {
        double rgb[3];

        all++;
        pixel_rgb (s, x, y, rgb);
        if (c != NULL ? (fabs (rgb[0] - c->r) <= tol && fabs (rgb[1] - c->g) <= tol
                         && fabs (rgb[2] - c->b) <= tol)
                      : (fabs (rgb[0] - bg->r) + fabs (rgb[1] - bg->g)
                         + fabs (rgb[2] - bg->b) > tol))
          n++;
      }
  if (in_box)
    *in_box = all;
  return n;
}

/* The δ line's label in the regions view's δ(ε′) panel is placed off the δ(ε′) curve: in the
 * figure drawn without annotations, no pixel of the box the label was placed in has the
 * curve's colour. δ(ε′) falls through δ steeply at D∞^δ, a little left of the right edge,
 * which is where the label was (at the line's right end), crossed by the curve at every ε. */
static void
test_delta_label_off_curve (void)
{
  static const int sizes[][2] = { { 795, 600 }, { 1920, 1080 } };
  static const double eps[] = { 0.1, 1.0, 3.0, 10.0 };
  DpvStyle style;

  dpv_style_init (&style, DPV_THEME_LIGHT);
  for (gsize si = 0; si < G_N_ELEMENTS (sizes); si++)
    for (int mech = 0; mech < DP_N_MECHANISMS; mech++)
      for (gsize ei = 0; ei < G_N_ELEMENTS (eps); ei++)
        {
          int w = sizes[si][0], h = sizes[si][1];
          g_autoptr (GArray) placed = g_array_new (FALSE, FALSE, sizeof (DpvPlacedText));
          cairo_surface_t *bare;
          gsize found = 0, covered = 0, in_box = 0;

          bare = render_unannotated (TEST_VIEW_REGIONS, mech, eps[ei], w, h, placed);
          for (guint i = 0; i < placed->len; i++)
            {
              DpvPlacedText *t = &g_array_index (placed, DpvPlacedText, i);

              if (g_str_has_prefix (t->text, "δ = "))
                {
                  found++;
                  covered += count_in_box (bare, t, &style.roles[DPV_ROLE_LOSS], NULL, 0.12,
                                           &in_box);
                }
              g_free (t->text);
            }
          if (covered > 0)
            g_test_message ("regions %d×%d %s ε = %g: %zu pixels of the δ(ε′) curve in the "
                            "δ label's box", w, h, dpv_mechanism_label (mech), eps[ei], covered);
          g_assert_cmpuint (found, ==, 1);
          g_assert_cmpuint (in_box, >, 100);
          g_assert_cmpuint (covered, ==, 0);
          cairo_surface_destroy (bare);
        }
}

/* Annotations are placed off the curves: at the app's 795 × 600, 1200 × 760 and 1920 × 1080,
 * in every view, mechanism and ε, the box of each annotation covers at most 40 pixels of
 * strong ink (far from the background) in the figure drawn without annotations: the edge of
 * the marker or reference line next to the point a label names. A curve running through a
 * label's box covers 100 or more; with the earlier placement weights the KL view's ratio label
 * covered up to 446, and without the sideways moves of place_box () it covered 66 at
 * 795 × 600 (Gaussian, ε = 0.3). The regions view's two-line "too thin to see" note at
 * 795 × 600, Gaussian, ε = 10 had no clear place around its point at the panel's left edge and
 * crossed e^ε′q's dashes (101 pixels), until it could go beside an end of the threshold's
 * line (dpv_plot_annotate_vline ()) and from there sideways to a clear place. */

static void
test_annotations_off_ink (void)
{
  static const int sizes[][2] = { { 795, 600 }, { 1200, 760 }, { 1920, 1080 } };
  static const double eps[] = { 0.05, 0.3, 1.0, 3.0, 10.0 };
  DpvStyle style;
  gsize worst = 0;

  dpv_style_init (&style, DPV_THEME_LIGHT);
  for (guint v = 0; v < TEST_N_VIEWS; v++)
    for (gsize si = 0; si < G_N_ELEMENTS (sizes); si++)
      for (int mech = 0; mech < DP_N_MECHANISMS; mech++)
        for (gsize ei = 0; ei < G_N_ELEMENTS (eps); ei++)
          {
            int w = sizes[si][0], h = sizes[si][1];
            g_autoptr (GArray) placed = g_array_new (FALSE, FALSE, sizeof (DpvPlacedText));
            cairo_surface_t *bare = render_unannotated (v, mech, eps[ei], w, h, placed);

            for (guint i = 0; i < placed->len; i++)
              {
                DpvPlacedText *t = &g_array_index (placed, DpvPlacedText, i);
                gsize ink = count_in_box (bare, t, NULL, &style.plot_background, 0.75, NULL);

                if (ink > 40)
                  g_test_message ("%s %d×%d %s ε = %g: \"%s\" covers %zu ink pixels",
                                  test_view_name (v), w, h, dpv_mechanism_label (mech),
                                  eps[ei], t->text, ink);
                worst = MAX (worst, ink);
                g_free (t->text);
              }
            cairo_surface_destroy (bare);
          }
  g_assert_cmpuint (worst, <=, 40);
}

/* The KL view's ratio note ("bound …, actual …, ratio ×…"; for the Gaussian, to which the
 * bounds do not apply, "KL = ρ = … (not ε-DP)") sits beside the ε line it is about
 * and off the curves, over a denser grid than the test above: three sizes, every mechanism,
 * 13 values of ε from 0.01 to 10, linear and log y. In the figure drawn without annotations,
 * a strip 12 pixels wide on one side of the note's box, as tall as the box, holds the dashes
 * of the ε line (its accent colour), and the box holds at most 40 pixels of strong ink. Placed
 * around the point by the general rule (dpv_plot_annotate ()), the one-line note of before
 * crossed a curve in 29 of 750 figures (five sizes, 25 values of ε, both axes; up to 149 ink
 * pixels) and left the line in most; taking a clear place sideways instead moved it up to 976
 * pixels from the line. */
static void
test_kl_note_beside_line (void)
{
  static const int sizes[][2] = { { 795, 600 }, { 1200, 760 }, { 1920, 1080 } };
  DpvStyle style;

  dpv_style_init (&style, DPV_THEME_LIGHT);
  for (gsize si = 0; si < G_N_ELEMENTS (sizes); si++)
    for (int mech = 0; mech < DP_N_MECHANISMS; mech++)
      for (int log_y = 0; log_y < 2; log_y++)
        for (int ei = 0; ei <= 12; ei++)
          {
            int w = sizes[si][0], h = sizes[si][1];
            double eps = DPV_PARAM_MIN (EPSILON) * pow (DPV_PARAM_MAX (EPSILON) / DPV_PARAM_MIN (EPSILON), ei / 12.0);
            g_autoptr (GArray) placed = g_array_new (FALSE, FALSE, sizeof (DpvPlacedText));
            cairo_surface_t *bare;
            DpvParams p;
            gsize found = 0;

            dpv_params_init (&p);
            p.mechanism = mech;
            p.epsilon = eps;
            p.log_y = log_y;
            bare = render_unannotated_params (TEST_VIEW_KL, &p, w, h, placed);
            for (guint i = 0; i < placed->len; i++)
              {
                DpvPlacedText *t = &g_array_index (placed, DpvPlacedText, i);
                DpvPlacedText left = { NULL, t->x - 12, t->y, 12, t->h };
                DpvPlacedText right = { NULL, t->x + t->w, t->y, 12, t->h };
                gsize line_left, line_right, ink;

                if (strstr (t->text, mech == DP_MECHANISM_GAUSSIAN ? "KL = ρ" : "ratio") == NULL)
                  {
                    g_free (t->text);
                    continue;
                  }
                found++;
                line_left = count_in_box (bare, &left, &style.accent, NULL, 0.12, NULL);
                line_right = count_in_box (bare, &right, &style.accent, NULL, 0.12, NULL);
                ink = count_in_box (bare, t, NULL, &style.plot_background, 0.75, NULL);
                if (MAX (line_left, line_right) < 8 || ink > 40)
                  g_test_message ("kl %d×%d %s%s ε = %g: note at (%.0f, %.0f), ε line pixels "
                                  "beside it %zu / %zu, ink %zu", w, h,
                                  dpv_mechanism_label (mech), log_y ? " log y" : "", eps,
                                  t->x, t->y, line_left, line_right, ink);
                g_assert_cmpuint (MAX (line_left, line_right), >=, 8);
                g_assert_cmpuint (ink, <=, 40);
                g_free (t->text);
              }
            g_assert_cmpuint (found, ==, 1);
            cairo_surface_destroy (bare);
          }
}

static void
test_legends_off_data (void)
{
  static const int sizes[][2] = { { 795, 600 }, { 800, 500 }, { 900, 600 }, { 1000, 650 },
                                  { 1200, 760 }, { 1600, 1000 } };
  static const double eps[] = { 0.1, 1.0, 3.0 };
  const struct { guint view; DpMechanismKind mech; double eps; int w, h; } more[] = {
    { TEST_VIEW_COMPOSITION, DP_MECHANISM_GAUSSIAN, 0.05, 800, 500 },
    { TEST_VIEW_COMPOSITION, DP_MECHANISM_GAUSSIAN, 0.05, 700, 450 },
    { TEST_VIEW_COMPOSITION, DP_MECHANISM_LAPLACE, 1.0, 640, 420 },
    { TEST_VIEW_COMPOSITION, DP_MECHANISM_RR, 1.0, 795, 600 },
  };

  for (guint v = TEST_VIEW_DENSITIES; v <= TEST_VIEW_KL; v++)
    for (gsize si = 0; si < G_N_ELEMENTS (sizes); si++)
      for (int mech = 0; mech < DP_N_MECHANISMS; mech++)
        for (gsize ei = 0; ei < G_N_ELEMENTS (eps); ei++)
          {
            DpvParams p;
            gsize differ, covered;

            dpv_params_init (&p);
            p.mechanism = mech;
            p.epsilon = eps[ei];
            covered = covered_ink (v, &p, sizes[si][0], sizes[si][1], &differ);
            if (covered > 0)
              g_test_message ("%s %d×%d %s ε = %g: the legend covers %zu curve pixels",
                              test_view_name (v), sizes[si][0], sizes[si][1],
                              dpv_mechanism_label (mech), eps[ei], covered);
            /* a legend was drawn (the comparison means something), over no curve */
            g_assert_cmpuint (differ, >, 500);
            g_assert_cmpuint (covered, ==, 0);
          }
  for (gsize i = 0; i < G_N_ELEMENTS (more); i++)
    {
      DpvParams p;
      gsize differ, covered;

      dpv_params_init (&p);
      p.mechanism = more[i].mech;
      p.epsilon = more[i].eps;
      covered = covered_ink (more[i].view, &p, more[i].w, more[i].h, &differ);
      g_test_message ("%s %d×%d: %zu pixels differ, %zu curve pixels covered",
                      test_view_name (more[i].view), more[i].w, more[i].h, differ, covered);
      g_assert_cmpuint (differ, >, 500);
      g_assert_cmpuint (covered, ==, 0);
    }
}

/* The KL view's actual-KL curve: Laplace exactly ε + e^{−ε} − 1 at every point; the Gaussian,
 * interpolated between 48 calibrations, within 0.1 % of Δ²/(2σ²) with σ calibrated at each of
 * the 300 points (most of them between nodes). */
static void
test_kl_actual_curve (void)
{
  enum { N = 300 };
  static const double deltas[] = { 1e-3, 1e-5, 1e-9 };
  double xs[N], xo[N], kl[N];
  DpvParams p;
  gsize n;

  dpv_params_init (&p);
  dpv_grid_log (DPV_PARAM_MIN (EPSILON), DPV_PARAM_MAX (EPSILON), N, xs);

  n = dpv_kl_actual_curve (&p, DP_MECHANISM_LAPLACE, xs, N, xo, kl);
  g_assert_cmpuint (n, ==, N);
  for (gsize i = 0; i < N; i++)
    {
      double e = xs[i], exact = e + expm1 (-e);   /* Dwork & Roth: KL of Laplace pair */

      g_assert_cmpfloat (xo[i], ==, xs[i]);
      g_assert_cmpfloat (fabs (kl[i] - exact), <=, 1e-12 * exact);
    }

  for (gsize d = 0; d < G_N_ELEMENTS (deltas); d++)
    {
      double worst = 0;

      p.delta = deltas[d];
      n = dpv_kl_actual_curve (&p, DP_MECHANISM_GAUSSIAN, xs, N, xo, kl);
      g_assert_cmpuint (n, ==, N);
      for (gsize i = 0; i < N; i++)
        {
          DpMechanism m;
          double exact;

          g_assert_cmpint (dp_mechanism_gaussian_calibrated (xs[i], p.delta, 1.0, &m), ==, DP_OK);
          exact = 1.0 / (2.0 * m.scale * m.scale);
          worst = MAX (worst, fabs (kl[i] / exact - 1));
        }
      g_test_message ("δ = %g: worst relative error %.2e", p.delta, worst);
      g_assert_cmpfloat (worst, <, 1e-3);
    }
}

static int
cmp_int (gconstpointer a, gconstpointer b)
{
  return *(const int *) a - *(const int *) b;
}

/* Median height of the columns of colour c that are taller than 20 pixels, in [x0, x1). */
static double
median_column (cairo_surface_t *s, int x0, int x1, const DpvColor *c)
{
  int h = cairo_image_surface_get_height (s);
  g_autoptr(GArray) heights = g_array_new (FALSE, FALSE, sizeof (int));

  for (int x = x0; x < x1; x++)
    {
      int n = 0;

      for (int y = 0; y < h; y++)
        n += is_colour (s, x, y, c, 0.03);
      if (n > 20)
        g_array_append_val (heights, n);
    }
  g_assert_cmpuint (heights->len, >, 10);
  g_array_sort (heights, cmp_int);
  return g_array_index (heights, int, heights->len / 2);
}

static void
test_render_geometry (void)
{
  DpvParams p;
  DpvStyle style;
  cairo_surface_t *s;
  int w = 900, h = 600, top_d = -1, top_q = -1, col_d = -1, col_q = -1;

  dpv_style_init (&style, DPV_THEME_PRINT);
  dpv_params_init (&p);
  p.show_caption = FALSE;

  /* Randomized response, ε = 1: the bars for D are p = e/(1+e) at y = 0 and 1 − p at y = 1,
   * so their pixel heights are in the ratio e^ε (book §3.3.1). */
  p.mechanism = DP_MECHANISM_RR;
  p.epsilon = 1.0;
  s = render (TEST_VIEW_DENSITIES, &p, DPV_THEME_PRINT, w, h);
  {
    double left = median_column (s, 0, w / 2, &style.roles[DPV_ROLE_D]);
    double right = median_column (s, w / 2, w, &style.roles[DPV_ROLE_D]);
    double left_q = median_column (s, 0, w / 2, &style.roles[DPV_ROLE_D_PRIME]);
    double right_q = median_column (s, w / 2, w, &style.roles[DPV_ROLE_D_PRIME]);

    g_assert_cmpfloat_with_epsilon (left / right, exp (1.0), 0.1);
    /* D′ mirrors D: the small bar at y = 0, the large one at y = 1. */
    g_assert_cmpfloat_with_epsilon (right_q / left_q, exp (1.0), 0.1);
    g_assert_cmpfloat_with_epsilon (left / right_q, 1.0, 0.03);
  }
  cairo_surface_destroy (s);

  /* Laplace: p and q have the same maximum 1/(2b), at f(D) = 0 and at f(D′) = Δ to its
   * right: the highest pixels of both colours are on one row, D's to the left of D′'s. */
  p.mechanism = DP_MECHANISM_LAPLACE;
  s = render (TEST_VIEW_DENSITIES, &p, DPV_THEME_PRINT, w, h);
  for (int y = 0; y < h && (top_d < 0 || top_q < 0); y++)
    for (int x = 0; x < w; x++)
      {
        if (top_d < 0 && is_colour (s, x, y, &style.roles[DPV_ROLE_D], 0.03)
            && is_colour (s, x, y + 1, &style.roles[DPV_ROLE_D], 0.03))
          {
            top_d = y;
            col_d = x;
          }
        if (top_q < 0 && is_colour (s, x, y, &style.roles[DPV_ROLE_D_PRIME], 0.03)
            && is_colour (s, x, y + 1, &style.roles[DPV_ROLE_D_PRIME], 0.03))
          {
            top_q = y;
            col_q = x;
          }
      }
  g_assert_cmpint (top_d, >, 0);
  g_assert_cmpint (abs (top_d - top_q), <=, 2);
  g_assert_cmpint (col_d, <, col_q);
  cairo_surface_destroy (s);
}

static gsize
count_dark (cairo_surface_t *s, int y0, int y1)
{
  int w = cairo_image_surface_get_width (s);
  gsize n = 0;

  for (int y = y0; y < y1; y++)
    for (int x = 0; x < w; x++)
      {
        double a[3];

        pixel_rgb (s, x, y, a);
        n += (a[0] + a[1] + a[2]) < 1.0;
      }
  return n;
}

static void
test_render_caption (void)
{
  DpvParams p;
  cairo_surface_t *with, *without;
  int w = 800, h = 500;
  gsize diff = 0;

  /* The caption adds a line of dark text under the plot, which shrinks to make room. */
  dpv_params_init (&p);
  with = render (TEST_VIEW_KL, &p, DPV_THEME_PRINT, w, h);
  p.show_caption = FALSE;
  without = render (TEST_VIEW_KL, &p, DPV_THEME_PRINT, w, h);
  for (int y = (int) (0.8 * h); y < h; y++)
    for (int x = 0; x < w; x++)
      {
        double a[3], b[3];

        pixel_rgb (with, x, y, a);
        pixel_rgb (without, x, y, b);
        diff += fabs (a[0] - b[0]) + fabs (a[1] - b[1]) + fabs (a[2] - b[2]) > 0.3;
      }
  g_assert_cmpuint (diff, >, 300);
  g_assert_cmpuint (count_dark (with, 0, h), >, count_dark (without, 0, h) + 300);
  cairo_surface_destroy (with);
  cairo_surface_destroy (without);
}

static void
test_composition_pending (void)
{
  DpvCompositionData *data = NULL;
  g_autoptr(GPtrArray) r = NULL;
  DpvParams p;
  cairo_surface_t *s;
  gboolean computing = FALSE;

  /* Curves computed for another ε: the preview draws the cheap curves and says the exact
   * ones are being computed; read-outs say so too instead of showing stale numbers. */
  {
    g_autoptr(DpvFrameCache) cache = dpv_frame_cache_new (8);
    g_autoptr(DpvFrame) full = NULL;
    g_autoptr(DpvFrame) preview = NULL;
    g_autoptr(DpvFrame) at_k = NULL;

    dpv_params_init (&p);
    p.mechanism = DP_MECHANISM_RR;
    p.epsilon = 0.5;
    full = dpv_frame_compute (&dpv_composition_view, &p, cache, NULL, NULL);
    data = (DpvCompositionData *) dpv_frame_get_data (full);
    g_assert_nonnull (data);
    g_assert_true (data->complete);
    p.epsilon = 0.7;
    g_assert_false (dpv_composition_data_matches (data, &p));
    g_assert_null (dpv_frame_try_compute (&dpv_composition_view, &p, cache));
    preview = dpv_frame_compute_preview (&dpv_composition_view, &p, cache);
    g_assert_true (dpv_frame_is_pending (preview));
    /* drawn: the cheap curves (basic), no exact curve; the complete frame has both */
    for (int complete = 0; complete < 2; complete++)
      {
        cairo_t *cr;
        DpvStyle st;

        s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 640, 400);
        cr = cairo_create (s);
        dpv_style_init (&st, DPV_THEME_LIGHT);
        dpv_figure_render (complete ? full : preview, &st, cr, 640, 400);
        g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
        cairo_destroy (cr);
        cairo_surface_flush (s);
        assert_shows (s, TEST_VIEW_COMPOSITION, DP_MECHANISM_RR, p.k, DPV_THEME_LIGHT, 40, 0.12,
                      !complete, complete ? "complete" : "preview");
        if (complete)
          {
            /* the KOV curve, which the preview leaves out */
            g_assert_cmpuint (count_colour (s, &st.roles[DPV_ROLE_TIGHT], 0.12), >, 40);
          }
        cairo_surface_destroy (s);
      }
    r = dpv_frame_readouts (preview);
    for (guint i = 0; i < r->len; i++)
      {
        DpvReadout *ro = g_ptr_array_index (r, i);

        computing |= strstr (ro->value, "computing") != NULL;
        if (g_str_has_prefix (ro->label, "Basic"))
          g_assert_cmpfloat_with_epsilon (g_ascii_strtod (ro->value, NULL), 70.0, 1e-9);
      }
    g_assert_true (computing);

    /* Matching curves at another k: complete at once, no "computing", basic = kε exactly. */
    g_clear_pointer (&r, g_ptr_array_unref);
    p.epsilon = 0.5;
    p.k = 37;
    at_k = dpv_frame_try_compute (&dpv_composition_view, &p, cache);
    g_assert_nonnull (at_k);
    g_assert_false (dpv_frame_is_pending (at_k));
    r = dpv_frame_readouts (at_k);
    for (guint i = 0; i < r->len; i++)
      {
        DpvReadout *ro = g_ptr_array_index (r, i);

        g_assert_null (strstr (ro->value, "computing"));
        if (g_str_has_prefix (ro->label, "Basic"))
          g_assert_cmpfloat_with_epsilon (g_ascii_strtod (ro->value, NULL), 18.5, 1e-9);
      }
  }
}

static void
test_grid_with_points (void)
{
  double extra[] = { 0.35, -1.0, 1.0, 0.0, 0.5, 0.999, 0.35, 2.0, 1e-9 };
  double x[11 + G_N_ELEMENTS (extra)];
  gsize m, inside = 0, from_grid = 0, from_extra = 0;

  for (gsize i = 0; i < G_N_ELEMENTS (extra); i++)
    inside += extra[i] > 0.0 && extra[i] < 1.0;
  m = dpv_grid_with_points (0.0, 1.0, 11, extra, G_N_ELEMENTS (extra), x);
  g_assert_cmpuint (m, ==, 11 + inside);
  for (gsize j = 1; j < m; j++)
    g_assert_cmpfloat (x[j - 1], <=, x[j]);
  g_assert_cmpfloat (x[0], ==, 0.0);
  g_assert_cmpfloat (x[m - 1], ==, 1.0);
  /* every value is a grid point i/10 or one of the extras inside, each as often as given;
   * 0.5 is both a grid point and an extra inside, so it is there twice */
  for (gsize j = 0; j < m; j++)
    {
      double g = round (x[j] * 10) / 10;

      if (fabs (x[j] - g) < 1e-15)
        from_grid++;
      else
        from_extra++;
    }
  g_assert_cmpuint (from_extra, ==, inside - 1);
  g_assert_cmpuint (from_grid, ==, 12);

  /* no extras, or extras only outside: the grid alone */
  m = dpv_grid_with_points (-2.0, 2.0, 5, NULL, 0, x);
  g_assert_cmpuint (m, ==, 5);
  g_assert_cmpfloat (x[2], ==, 0.0);
  m = dpv_grid_with_points (-2.0, 2.0, 5, extra + 7, 1, x);
  g_assert_cmpuint (m, ==, 5);
  /* one extra just above the first grid point, one just below the last */
  {
    double e2[] = { 1.999, -1.999 };

    m = dpv_grid_with_points (-2.0, 2.0, 5, e2, 2, x);
    g_assert_cmpuint (m, ==, 7);
    g_assert_cmpfloat (x[0], ==, -2.0);
    g_assert_cmpfloat (x[1], ==, -1.999);
    g_assert_cmpfloat (x[5], ==, 1.999);
    g_assert_cmpfloat (x[6], ==, 2.0);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/views/params/defaults", test_params_defaults);
  g_test_add_func ("/views/params/boundaries", test_params_boundaries);
  g_test_add_func ("/views/params/mechanism", test_params_mechanism);
  g_test_add_func ("/views/names", test_names);
  g_test_add_func ("/views/grid-with-points", test_grid_with_points);
  g_test_add_func ("/views/readouts/clean", test_readouts);
  g_test_add_func ("/views/readouts/values", test_readouts_values);
  g_test_add_func ("/views/render/sizes", test_render_sizes);
  g_test_add_func ("/views/render/extremes", test_render_extremes);
  g_test_add_func ("/views/render/legends-off-data", test_legends_off_data);
  g_test_add_func ("/views/render/delta-label-off-curve", test_delta_label_off_curve);
  g_test_add_func ("/views/render/annotations-off-ink", test_annotations_off_ink);
  g_test_add_func ("/views/render/kl-note-beside-line", test_kl_note_beside_line);
  g_test_add_func ("/views/kl-actual-curve", test_kl_actual_curve);
  g_test_add_func ("/views/render/invalid", test_render_invalid);
  g_test_add_func ("/views/render/colours", test_render_colours);
  g_test_add_func ("/views/render/caption", test_render_caption);
  g_test_add_func ("/views/render/geometry", test_render_geometry);
  g_test_add_func ("/views/composition/pending", test_composition_pending);

  return g_test_run ();
}
