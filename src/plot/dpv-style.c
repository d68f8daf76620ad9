/* dpv-style.c — themes, palette and fonts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The series palette is Okabe & Ito, "Color Universal Design" (2008): eight colours that stay
 * distinguishable under protanopia, deuteranopia and tritanopia. D and D′ use blue and
 * vermillion in every theme; their contrast against both the light and the dark plot
 * backgrounds is at least 3:1 (WCAG 2.1 non-text contrast). Palette entries that are too pale on
 * white (orange, sky blue, yellow) are darkened in the light and print themes only.
 *
 * Figure and data area share the GNOME view colour (#ffffff / #1e1e1e): the data area is set
 * off by its frame and grid, and dpv_plot_draw_frame() need not repaint it (a full-size fill
 * is a large part of a frame's cost at 1920×1080).
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dpv-style.h"

/* Fits DpvStyle.font_family (64 bytes); CJK families before the generic fallback so that
 * Chinese axis titles get a matching sans face. */
#define DPV_FONT_FAMILY "Cantarell,Noto Sans,Noto Sans CJK SC,WenQuanYi Micro Hei,sans"
G_STATIC_ASSERT (sizeof DPV_FONT_FAMILY <= sizeof (((DpvStyle *) 0)->font_family));

static DpvColor
rgb (guint32 hex, double alpha)
{
  DpvColor c = {
    ((hex >> 16) & 0xff) / 255.0,
    ((hex >> 8) & 0xff) / 255.0,
    (hex & 0xff) / 255.0,
    alpha,
  };
  return c;
}

void
dpv_style_init (DpvStyle *style,
                DpvTheme  theme)
{
  gboolean dark;

  g_return_if_fail (style != NULL);

  if ((int) theme < 0 || theme >= DPV_N_THEMES)
    theme = DPV_THEME_LIGHT;
  dark = theme == DPV_THEME_DARK;

  memset (style, 0, sizeof *style);
  style->theme = theme;

  switch (theme)
    {
    case DPV_THEME_DARK:
      style->background = rgb (0x1e1e1e, 1.0);
      style->plot_background = rgb (0x1e1e1e, 1.0);
      style->foreground = rgb (0xededed, 1.0);
      style->muted = rgb (0xb8b8bd, 1.0);
      style->grid = rgb (0xffffff, 0.12);
      style->accent = rgb (0x78aeed, 1.0);
      break;
    case DPV_THEME_PRINT:
      style->background = rgb (0xffffff, 1.0);
      style->plot_background = rgb (0xffffff, 1.0);
      style->foreground = rgb (0x000000, 1.0);
      style->muted = rgb (0x000000, 1.0);
      style->grid = rgb (0x000000, 0.13);
      style->accent = rgb (0x1c71d8, 1.0);
      break;
    case DPV_THEME_LIGHT:
    case DPV_N_THEMES:
    default:
      style->background = rgb (0xffffff, 1.0);
      style->plot_background = rgb (0xffffff, 1.0);
      style->foreground = rgb (0x1e1e1e, 1.0);
      style->muted = rgb (0x5e5c64, 1.0);
      style->grid = rgb (0x000000, 0.10);
      style->accent = rgb (0x1c71d8, 1.0);
      break;
    }

  /* Okabe–Ito. D and D′ identical in every theme. As curves they need 3:1 (the blue has
   * 3.2:1 on the dark background); text in their colours is made readable (4.5:1) by
   * dpv_style_text_color (). */
  style->roles[DPV_ROLE_D] = rgb (0x0072b2, 1.0);        /* blue */
  style->roles[DPV_ROLE_D_PRIME] = rgb (0xd55e00, 1.0);  /* vermillion */
  style->roles[DPV_ROLE_LOSS] = rgb (0xcc79a7, 1.0);     /* reddish purple */
  /* Orange and yellow reach 3:1 on white only when darkened, and two darkened golds look
   * alike (to deuteranopes and protanopes nearly identical): on white the orange is kept as
   * light as 3:1 allows and the yellow taken to a dark olive, so basic and advanced
   * composition differ in lightness, which every kind of colour vision sees. */
  style->roles[DPV_ROLE_BOUND] = rgb (dark ? 0xe69f00 : 0xc27a00, 1.0);  /* orange */
  style->roles[DPV_ROLE_TIGHT] = rgb (0x009e73, 1.0);    /* bluish green */
  style->roles[DPV_ROLE_ZCDP] = rgb (dark ? 0x56b4e9 : 0x3d8fc4, 1.0);   /* sky blue */
  style->roles[DPV_ROLE_ACTUAL] = rgb (dark ? 0xe8e8e8 : 0x000000, 1.0); /* black */
  style->roles[DPV_ROLE_EXTRA] = rgb (dark ? 0xf0e442 : 0x5f5a00, 1.0);  /* yellow */

  g_strlcpy (style->font_family, DPV_FONT_FAMILY, sizeof style->font_family);
  style->font_size = 13.0;
  style->line_width = 2.0;
  style->text_scale = 1.0;
  /* Crisp axes on image surfaces (screen, PNG); dpv_plot ignores it on PDF, PS and SVG. */
  style->pixel_snap = TRUE;
}

static const char *const theme_names[DPV_N_THEMES] = { "light", "dark", "print" };

const char *
dpv_theme_to_name (DpvTheme theme)
{
  if ((int) theme < 0 || theme >= DPV_N_THEMES)
    return NULL;
  return theme_names[theme];
}

gboolean
dpv_theme_from_name (const char *name,
                     DpvTheme   *out)
{
  if (name == NULL)
    return FALSE;
  for (int i = 0; i < DPV_N_THEMES; i++)
    if (g_ascii_strcasecmp (name, theme_names[i]) == 0)
      {
        if (out != NULL)
          *out = (DpvTheme) i;
        return TRUE;
      }
  return FALSE;
}

/* WCAG 2.1, "relative luminance": the sRGB components linearised
 * (c ≤ 0.04045: c/12.92, else ((c + 0.055)/1.055)^2.4), weighted 0.2126, 0.7152, 0.0722. */
static double
srgb_to_linear (double c)
{
  c = CLAMP (c, 0.0, 1.0);
  return c <= 0.04045 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
}

static double
linear_to_srgb (double l)
{
  l = CLAMP (l, 0.0, 1.0);
  return l <= 0.0031308 ? 12.92 * l : 1.055 * pow (l, 1.0 / 2.4) - 0.055;
}

double
dpv_color_relative_luminance (const DpvColor *color)
{
  g_return_val_if_fail (color != NULL, 0.0);

  return 0.2126 * srgb_to_linear (color->r) + 0.7152 * srgb_to_linear (color->g)
         + 0.0722 * srgb_to_linear (color->b);
}

double
dpv_color_contrast (const DpvColor *a, const DpvColor *b)
{
  double la = dpv_color_relative_luminance (a), lb = dpv_color_relative_luminance (b);

  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

static DpvColor
mix (const DpvColor *a, const DpvColor *b, double t)
{
  DpvColor c = {
    a->r + (b->r - a->r) * t,
    a->g + (b->g - a->g) * t,
    a->b + (b->b - a->b) * t,
    a->a + (b->a - a->a) * t,
  };
  return c;
}

#define TEXT_CONTRAST_MIN 4.5
/* A label may lie on a band of its own colour at up to this opacity. */
#define TEXT_BAND_ALPHA 0.25

static gboolean
text_readable (const DpvColor *bg, const DpvColor *color)
{
  DpvColor band = mix (bg, color, TEXT_BAND_ALPHA);

  /* a hair above 4.5 so that colours rounded to 8 bits still pass */
  return dpv_color_contrast (color, bg) >= TEXT_CONTRAST_MIN + 0.02
         && dpv_color_contrast (color, &band) >= TEXT_CONTRAST_MIN + 0.02;
}

void
dpv_style_text_color (const DpvStyle *style, const DpvColor *color, DpvColor *out)
{
  DpvColor bg, fg, c;

  g_return_if_fail (style != NULL && color != NULL && out != NULL);

  bg = style->background;
  bg.a = 1.0;
  fg = style->foreground;
  c = *color;
  if (text_readable (&bg, &c))
    {
      *out = c;
      return;
    }
  /* towards the foreground (black or near-white), which has the most contrast, in steps of
   * 1/32 until readable */
  for (int i = 1; i <= 32; i++)
    {
      DpvColor t = mix (color, &fg, i / 32.0);

      t.a = color->a;
      if (text_readable (&bg, &t))
        {
          *out = t;
          return;
        }
    }
  *out = fg;
  out->a = color->a;
}

static void
to_gray (DpvColor *c)
{
  double v = linear_to_srgb (dpv_color_relative_luminance (c));

  c->r = c->g = c->b = v;
}

void
dpv_style_set_grayscale (DpvStyle *style)
{
  g_return_if_fail (style != NULL);

  to_gray (&style->background);
  to_gray (&style->plot_background);
  to_gray (&style->foreground);
  to_gray (&style->muted);
  to_gray (&style->grid);
  to_gray (&style->accent);
  for (int i = 0; i < DPV_N_ROLES; i++)
    to_gray (&style->roles[i]);
  style->grayscale = TRUE;
}

void
dpv_style_set_font_pt (DpvStyle *style, double font_pt)
{
  g_return_if_fail (style != NULL);
  g_return_if_fail (isfinite (font_pt) && font_pt > 0);

  style->font_size = font_pt;
  style->line_width = MAX (0.6, font_pt * 2.0 / 13.0);
}

void
dpv_style_set_transparent (DpvStyle *style)
{
  g_return_if_fail (style != NULL);

  style->background.a = 0.0;
  style->plot_background.a = 0.0;
}

static double
clamp01 (double v)
{
  return v > 0 ? (v < 1 ? v : 1) : 0;   /* NaN → 0 */
}

void
dpv_color_set_source (const DpvColor *color,
                      cairo_t        *cr)
{
  g_return_if_fail (color != NULL);
  g_return_if_fail (cr != NULL);

  cairo_set_source_rgba (cr, clamp01 (color->r), clamp01 (color->g), clamp01 (color->b),
                         clamp01 (color->a));
}
