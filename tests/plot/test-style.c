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

static DpvColor
blend (const DpvColor *under, const DpvColor *over, double alpha)
{
  DpvColor c = {
    under->r * (1 - alpha) + over->r * alpha,
    under->g * (1 - alpha) + over->g * alpha,
    under->b * (1 - alpha) + over->b * alpha,
    1.0,
  };
  return c;
}

/* Issue #19: text ≥ 4.5:1 and curves ≥ 3:1 against their background (WCAG 2.1, SC 1.4.3 and
 * 1.4.11) in the light, dark and print themes, and in their grayscale forms. Text drawn in a
 * series colour (a label beside its curve, ±ε over the band of L) is the colour the plot
 * draws it in, dpv_style_text_color (); a label may lie on a band of its own colour at up to
 * 25 % opacity (the views shade at 10 %). */
static void
test_wcag_contrast (void)
{
  for (int g = 0; g < 2; g++)
    for (int t = 0; t < DPV_N_THEMES; t++)
      {
        DpvStyle s;
        const DpvColor *bgs[2];

        dpv_style_init (&s, (DpvTheme) t);
        if (g)
          dpv_style_set_grayscale (&s);
        bgs[0] = &s.background;
        bgs[1] = &s.plot_background;
        for (int b = 0; b < 2; b++)
          {
            const DpvColor *bg = bgs[b];

            g_test_message ("theme %s%s", dpv_theme_to_name ((DpvTheme) t), g ? ", gray" : "");
            g_assert_cmpfloat (contrast (&s.foreground, bg), >=, 4.5);
            g_assert_cmpfloat (contrast (&s.muted, bg), >=, 4.5);
            g_assert_cmpfloat (contrast (&s.accent, bg), >=, 3.0);
            for (int r = 0; r <= DPV_N_ROLES; r++)
              {
                const DpvColor *c = r < DPV_N_ROLES ? &s.roles[r] : &s.accent;
                DpvColor text, band;

                g_assert_cmpfloat (contrast (c, bg), >=, 3.0);
                dpv_style_text_color (&s, c, &text);
                band = blend (bg, c, 0.25);
                g_assert_cmpfloat (contrast (&text, bg), >=, 4.5);
                g_assert_cmpfloat (contrast (&text, &band), >=, 4.5);
                /* a colour already readable is kept */
                if (contrast (c, bg) >= 4.6 && contrast (c, &band) >= 4.6)
                  g_assert_true (same_color (&text, c));
                if (g)
                  g_assert_true (c->r == c->g && c->g == c->b);
              }
          }
      }
}

/* The two cases of issue #19: the dark theme's blue f(D) label and the ±ε labels in the loss
 * colour over its band, before and after. */
static void
test_issue_cases (void)
{
  DpvStyle dark, print;
  DpvColor text, band;

  dpv_style_init (&dark, DPV_THEME_DARK);
  dpv_style_init (&print, DPV_THEME_PRINT);
  /* #0072b2 on #1e1e1e: 3.2:1, too little for text */
  g_assert_cmpfloat (contrast (&dark.roles[DPV_ROLE_D], &dark.background), <, 4.5);
  dpv_style_text_color (&dark, &dark.roles[DPV_ROLE_D], &text);
  g_assert_cmpfloat (contrast (&text, &dark.background), >=, 4.5);
  /* still a blue: blue the largest component */
  g_assert_cmpfloat (text.b, >, text.r);
  g_assert_cmpfloat (text.b, >, text.g);
  /* #cc79a7 on white over its 10 % band: under 3:1 */
  band = blend (&print.background, &print.roles[DPV_ROLE_LOSS], 0.10);
  g_assert_cmpfloat (contrast (&print.roles[DPV_ROLE_LOSS], &band), <, 3.0);
  dpv_style_text_color (&print, &print.roles[DPV_ROLE_LOSS], &text);
  g_assert_cmpfloat (contrast (&text, &band), >=, 4.5);
}

static void
test_grayscale_transparent (void)
{
  DpvStyle s, g;

  dpv_style_init (&s, DPV_THEME_PRINT);
  g = s;
  dpv_style_set_grayscale (&g);
  g_assert_true (g.grayscale);
  for (int r = 0; r < DPV_N_ROLES; r++)
    {
      /* the gray of the same luminance: what a black-and-white printer makes of it */
      g_assert_cmpfloat (fabs (luminance (&g.roles[r]) - luminance (&s.roles[r])), <, 1e-9);
      g_assert_cmpfloat (g.roles[r].r, ==, g.roles[r].b);
    }
  dpv_style_set_transparent (&s);
  g_assert_cmpfloat (s.background.a, ==, 0.0);
  g_assert_cmpfloat (s.plot_background.a, ==, 0.0);
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
  g_test_add_func ("/style/wcag-contrast", test_wcag_contrast);
  g_test_add_func ("/style/issue-19-cases", test_issue_cases);
  g_test_add_func ("/style/grayscale-transparent", test_grayscale_transparent);
  g_test_add_func ("/style/fonts", test_fonts);
  g_test_add_func ("/style/set-source", test_set_source);
  return g_test_run ();
}
