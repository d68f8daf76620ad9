/* test-style.c — themes and palette
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Contrast ratios are computed here from the WCAG 2.1 definition (relative luminance of
 * linearised sRGB), independently of the style code.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dpv-style.h"

static double
lin (double c)
{
  return c <= 0.04045 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
}

static double
luminance (const DpvColor *c)
{
  return 0.2126 * lin (c->r) + 0.7152 * lin (c->g) + 0.0722 * lin (c->b);
}

static double
contrast (const DpvColor *a, const DpvColor *b)
{
  double la = luminance (a), lb = luminance (b);
  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

static gboolean
same_color (const DpvColor *a, const DpvColor *b)
{
  return a->r == b->r && a->g == b->g && a->b == b->b && a->a == b->a;
}

static void
test_names (void)
{
  for (int t = 0; t < DPV_N_THEMES; t++)
    {
      DpvTheme back = DPV_N_THEMES;
      g_assert_true (dpv_theme_from_name (dpv_theme_to_name ((DpvTheme) t), &back));
      g_assert_cmpint (back, ==, t);
    }
  g_assert_cmpstr (dpv_theme_to_name (DPV_THEME_PRINT), ==, "print");
  g_assert_false (dpv_theme_from_name ("sepia", NULL));
  g_assert_false (dpv_theme_from_name (NULL, NULL));
}

static void
test_palette (void)
{
  DpvStyle s[DPV_N_THEMES];

  for (int t = 0; t < DPV_N_THEMES; t++)
    dpv_style_init (&s[t], (DpvTheme) t);

  for (int t = 0; t < DPV_N_THEMES; t++)
    {
      /* D and D′ keep the same colours in every theme */
      g_assert_true (same_color (&s[t].roles[DPV_ROLE_D], &s[0].roles[DPV_ROLE_D]));
      g_assert_true (same_color (&s[t].roles[DPV_ROLE_D_PRIME], &s[0].roles[DPV_ROLE_D_PRIME]));
      /* every series colour readable on its plot background (WCAG non-text: 3:1) */
      for (int r = 0; r < DPV_N_ROLES; r++)
        {
          g_assert_cmpfloat (s[t].roles[r].a, ==, 1.0);
          g_assert_cmpfloat (contrast (&s[t].roles[r], &s[t].plot_background), >=, 3.0);
          for (int q = 0; q < r; q++)
            g_assert_false (same_color (&s[t].roles[r], &s[t].roles[q]));
        }
      /* basic (BOUND) and advanced (EXTRA) composition share a view: they must differ in
       * lightness, not only in hue (orange vs yellow), to stay apart for colour-blind
       * readers; 1.5:1 between them is a clearly visible step */
      g_assert_cmpfloat (contrast (&s[t].roles[DPV_ROLE_BOUND], &s[t].roles[DPV_ROLE_EXTRA]), >=,
                         1.5);
      /* text readable (4.5:1) */
      g_assert_cmpfloat (contrast (&s[t].foreground, &s[t].plot_background), >=, 7.0);
      g_assert_cmpfloat (contrast (&s[t].muted, &s[t].plot_background), >=, 4.5);
      g_assert_cmpfloat (contrast (&s[t].foreground, &s[t].background), >=, 7.0);
    }
  /* D and D′ readable on both light and dark backgrounds */
  g_assert_cmpfloat (contrast (&s[0].roles[DPV_ROLE_D], &s[DPV_THEME_DARK].plot_background), >=,
                     3.0);
  g_assert_cmpfloat (contrast (&s[0].roles[DPV_ROLE_D_PRIME],
                               &s[DPV_THEME_DARK].plot_background), >=, 3.0);
  /* D is Okabe–Ito blue, D′ vermillion */
  g_assert_cmpfloat_with_epsilon (s[0].roles[DPV_ROLE_D].b, 0xb2 / 255.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (s[0].roles[DPV_ROLE_D_PRIME].r, 0xd5 / 255.0, 1e-9);

  /* dark is dark, light is light, print is white on black text */
  g_assert_cmpfloat (luminance (&s[DPV_THEME_DARK].background), <, 0.05);
  g_assert_cmpfloat (luminance (&s[DPV_THEME_LIGHT].background), >, 0.8);
  g_assert_cmpfloat (luminance (&s[DPV_THEME_PRINT].background), ==, 1.0);
  g_assert_cmpfloat (luminance (&s[DPV_THEME_PRINT].foreground), ==, 0.0);
  /* snapping is on by default (PNG export too); vector targets are detected by the plot */
  g_assert_true (s[DPV_THEME_PRINT].pixel_snap);
}

static void
test_fonts (void)
{
  DpvStyle s;

  dpv_style_init (&s, DPV_THEME_LIGHT);
  g_assert_nonnull (strstr (s.font_family, "CJK"));
  g_assert_nonnull (strstr (s.font_family, "WenQuanYi"));
  g_assert_cmpuint (strlen (s.font_family), <, sizeof s.font_family);
  g_assert_cmpfloat (s.font_size, >, 6);
  g_assert_cmpfloat (s.text_scale, ==, 1.0);
  g_assert_cmpfloat (s.line_width, >, 0);
}

static void
test_set_source (void)
{
  cairo_surface_t *surf = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 4, 4);
  cairo_t *cr = cairo_create (surf);
  DpvColor c = { 0.25, 0.5, 0.75, 0.5 }, wild = { 2, -1, NAN, 1 };
  double r, g, b, a;

  dpv_color_set_source (&c, cr);
  g_assert_cmpint (cairo_pattern_get_rgba (cairo_get_source (cr), &r, &g, &b, &a), ==,
                   CAIRO_STATUS_SUCCESS);
  g_assert_cmpfloat (r, ==, 0.25);
  g_assert_cmpfloat (g, ==, 0.5);
  g_assert_cmpfloat (b, ==, 0.75);
  g_assert_cmpfloat (a, ==, 0.5);
  dpv_color_set_source (&wild, cr);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_destroy (surf);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/style/names", test_names);
  g_test_add_func ("/style/palette", test_palette);
  g_test_add_func ("/style/fonts", test_fonts);
  g_test_add_func ("/style/set-source", test_set_source);
  return g_test_run ();
}
