/* dpv-plot.c — one panel: axes, series, fills, annotations, legend
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Everything is in the user units of the caller's cairo context, so the same code draws a
 * 320×200 thumbnail, a HiDPI widget (the caller scales cr) and a 600 dpi PDF. Text goes
 * through one PangoContext created from cr with metric hinting off, so that label sizes, and
 * therefore margins, do not depend on the device scale.
 */
#include "config.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include <pango/pangocairo.h>

#include "dpv-plot.h"
#include "dpv-ticks.h"

/* Font size factors relative to style->font_size × style->text_scale. */
#define TICK_FACTOR 0.9
#define AXIS_TITLE_FACTOR 1.0
#define TITLE_FACTOR 1.08
#define LEGEND_FACTOR 0.9
#define ANNOT_FACTOR 0.9

enum { AX_X = 0, AX_Y, AX_Y2, N_AXES };

typedef struct {
  gboolean set;
  double min, max;      /* sanitized data range */
  double tmin, tmax;    /* transformed (log10 on log axes) */
  DpvScale scale;
  char *title;
  DpvTick ticks[DPV_MAX_TICKS];
  gboolean show_label[DPV_MAX_TICKS];
  gsize n_ticks;
} Axis;

typedef enum {
  ENTRY_LINE,
  ENTRY_FILL,
  ENTRY_BAR,
  ENTRY_MARKER,
} EntryKind;

typedef struct {
  EntryKind kind;
  char *markup;
  DpvColor color;
  double width;
  double alpha;
  DpvDash dash;
} LegendEntry;

typedef struct {
  DpvTextKind kind;
  double x, y, w, h;
} TextRect;

typedef struct {
  double x, y;
} Point;

struct _DpvPlot {
  cairo_t *cr;
  DpvStyle style;
  double x, y, w, h;            /* panel */
  Axis axes[N_AXES];
  char *title;
  gboolean x_tick_labels;
  gboolean laid_out;
  gboolean show_y_title, show_y2_title, show_x_title;
  double dx, dy, dw, dh;        /* data area */
  double em;                    /* font size in user units */
  double ticklen, pad;
  PangoContext *pctx;
  GHashTable *layouts;          /* "factor|markup" → PangoLayout (measured once) */
  GArray *points;               /* Point: drawn series samples, for legend placement */
  GArray *entries;              /* LegendEntry */
  GArray *texts;                /* TextRect */
};

/* ---------------------------------------------------------------- text ---- */

static double
font_px (const DpvStyle *style, double factor)
{
  double size = style->font_size * style->text_scale * factor;

  if (!isfinite (size) || size <= 0)
    size = 13.0 * factor;
  return CLAMP (size, 1.0, 2000.0);
}

static PangoFontDescription *
make_font (const DpvStyle *style, double factor)
{
  PangoFontDescription *desc = pango_font_description_new ();

  pango_font_description_set_family (desc, style->font_family[0] ? style->font_family : "sans");
  pango_font_description_set_absolute_size (desc, font_px (style, factor) * PANGO_SCALE);
  return desc;
}

static void
configure_context (PangoContext *ctx)
{
  cairo_font_options_t *fo = cairo_font_options_create ();

  /* metric hinting would make label widths depend on the device scale */
  cairo_font_options_set_hint_metrics (fo, CAIRO_HINT_METRICS_OFF);
  pango_cairo_context_set_font_options (ctx, fo);
  cairo_font_options_destroy (fo);
}

/* Sets markup, falling back to plain text (no warning) when it does not parse. */
static void
set_markup_safe (PangoLayout *layout, const char *markup)
{
  PangoAttrList *attrs = NULL;
  char *text = NULL;

  if (markup == NULL)
    markup = "";
  if (pango_parse_markup (markup, -1, 0, &attrs, &text, NULL, NULL))
    {
      pango_layout_set_text (layout, text, -1);
      pango_layout_set_attributes (layout, attrs);
      pango_attr_list_unref (attrs);
      g_free (text);
    }
  else if (g_utf8_validate (markup, -1, NULL))
    pango_layout_set_text (layout, markup, -1);
  else
    {
      char *valid = g_utf8_make_valid (markup, -1);
      pango_layout_set_text (layout, valid, -1);
      g_free (valid);
    }
}

static PangoLayout *
new_layout (PangoContext *ctx, const DpvStyle *style, const char *markup, double factor)
{
  PangoLayout *layout = pango_layout_new (ctx);
  PangoFontDescription *desc = make_font (style, factor);

  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  set_markup_safe (layout, markup);
  return layout;
}

static void
layout_size (PangoLayout *layout, double *w, double *h)
{
  PangoRectangle logical;

  pango_layout_get_extents (layout, NULL, &logical);
  if (w)
    *w = (double) logical.width / PANGO_SCALE;
  if (h)
    *h = (double) logical.height / PANGO_SCALE;
}

/* A cached layout owned by the plot. */
static PangoLayout *
plot_layout (DpvPlot *p, const char *markup, double factor)
{
  char *key = g_strdup_printf ("%g|%s", factor, markup ? markup : "");
  PangoLayout *layout = g_hash_table_lookup (p->layouts, key);

  if (layout == NULL)
    {
      layout = new_layout (p->pctx, &p->style, markup, factor);
      g_hash_table_insert (p->layouts, key, layout);
    }
  else
    g_free (key);
  return layout;
}

static gboolean
halo_color (const DpvStyle *style, DpvColor *out)
{
  if (style->plot_background.a > 0.01)
    *out = style->plot_background;
  else if (style->background.a > 0.01)
    *out = style->background;
  else
    return FALSE;
  out->a = 1.0;
  return TRUE;
}

/* Draws layout with its top-left at (x, y); with halo, outlines it in the background colour
 * first so that it stays readable over lines. */
static void
show_layout (DpvPlot *p, PangoLayout *layout, double x, double y, const DpvColor *color,
             gboolean halo)
{
  cairo_t *cr = p->cr;
  DpvColor hc;

  cairo_save (cr);
  cairo_move_to (cr, x, y);
  if (halo && halo_color (&p->style, &hc))
    {
      cairo_save (cr);
      pango_cairo_layout_path (cr, layout);
      dpv_color_set_source (&hc, cr);
      cairo_set_line_width (cr, MAX (1.0, p->em * 0.22));
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      cairo_stroke (cr);
      cairo_restore (cr);
      cairo_move_to (cr, x, y);
    }
  dpv_color_set_source (color, cr);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
}

static void
record_text (DpvPlot *p, DpvTextKind kind, double x, double y, double w, double h)
{
  TextRect r = { kind, x, y, w, h };
  g_array_append_val (p->texts, r);
}

/* ---------------------------------------------------------------- axes ---- */

static void
sanitize_range (double *min, double *max, DpvScale scale)
{
  double a = *min, b = *max;

  if (scale == DPV_SCALE_LOG)
    {
      if (!(b > 0) || !isfinite (b))
        b = (isfinite (a) && a > 0) ? a * 10 : 1.0;
      if (!(a > 0) || !isfinite (a))
        a = b / 1000.0;
      if (a > b)
        {
          double t = a;
          a = b;
          b = t;
        }
      if (!(b > a * (1 + 1e-12)))
        {
          a /= 1.1;
          b *= 1.1;
        }
      if (!(a > 0))
        a = DBL_MIN;
      if (!isfinite (b))
        b = DBL_MAX;
    }
  else
    {
      if (!isfinite (a) && !isfinite (b))
        {
          a = 0;
          b = 1;
        }
      else if (!isfinite (a))
        a = b - (b != 0 ? fabs (b) : 1.0);
      else if (!isfinite (b))
        b = a + (a != 0 ? fabs (a) : 1.0);
      if (a > b)
        {
          double t = a;
          a = b;
          b = t;
        }
      if (!(b - a > fabs (a / 2 + b / 2) * 2e-13))
        {
          double c = a / 2 + b / 2;
          double hw = c != 0 ? fabs (c) * 0.1 : 1.0;
          a = c - hw;
          b = c + hw;
        }
      /* keep max − min finite */
      if (!isfinite (b - a))
        {
          a /= 2;
          b /= 2;
        }
    }
  *min = a;
  *max = b;
}

static void
axis_set (DpvPlot *p, int which, double min, double max, DpvScale scale, const char *title)
{
  Axis *ax = &p->axes[which];

  if (scale != DPV_SCALE_LOG)
    scale = DPV_SCALE_LINEAR;
  sanitize_range (&min, &max, scale);
  ax->set = TRUE;
  ax->min = min;
  ax->max = max;
  ax->scale = scale;
  if (scale == DPV_SCALE_LOG)
    {
      ax->tmin = log10 (min);
      ax->tmax = log10 (max);
    }
  else
    {
      ax->tmin = min;
      ax->tmax = max;
    }
  g_free (ax->title);
  ax->title = title ? g_strdup (title) : NULL;
  p->laid_out = FALSE;
}

/* Fraction along the axis, NaN where undefined (log of a non-positive value). */
static double
axis_frac (const Axis *ax, double v)
{
  double t;

  if (ax->scale == DPV_SCALE_LOG)
    {
      if (!(v > 0))
        return v == 0 ? -INFINITY : NAN;
      t = log10 (v);
    }
  else
    t = v;
  return t / (ax->tmax - ax->tmin) - ax->tmin / (ax->tmax - ax->tmin);
}

static double
axis_unfrac (const Axis *ax, double f)
{
  double t = ax->tmin + f * (ax->tmax - ax->tmin);

  return ax->scale == DPV_SCALE_LOG ? pow (10.0, t) : t;
}

/* Clamps a user coordinate far outside the data area to a finite value cairo can take;
 * lines to such points keep their visible slope to within a negligible error. */
static double
clamp_user (DpvPlot *p, double u, gboolean is_x)
{
  double lo = is_x ? p->dx : p->dy;
  double len = is_x ? p->dw : p->dh;
  double m = 50.0 * (p->dw + p->dh) + 1000.0;

  if (isnan (u))
    return u;
  return CLAMP (u, lo - m, lo + len + m);
}

static double
map_x (DpvPlot *p, double v)
{
  return p->dx + axis_frac (&p->axes[AX_X], v) * p->dw;
}

static double
map_y_axis (DpvPlot *p, int which, double v)
{
  return p->dy + p->dh - axis_frac (&p->axes[which], v) * p->dh;
}

/* Snaps a horizontal (is_x FALSE) or vertical line position to the device pixel grid. */
static double
snap (DpvPlot *p, double u, gboolean is_x, double line_width)
{
  cairo_matrix_t m;
  double ux, uy, wx, wy, d, dw;
  int iw;

  if (!p->style.pixel_snap || !isfinite (u))
    return u;
  cairo_get_matrix (p->cr, &m);
  if (m.xy != 0 || m.yx != 0)
    return u;
  ux = is_x ? u : 0;
  uy = is_x ? 0 : u;
  cairo_user_to_device (p->cr, &ux, &uy);
  wx = is_x ? line_width : 0;
  wy = is_x ? 0 : line_width;
  cairo_user_to_device_distance (p->cr, &wx, &wy);
  dw = fabs (is_x ? wx : wy);
  iw = MAX (1, (int) lround (dw));
  d = is_x ? ux : uy;
  d = (iw % 2) ? floor (d) + 0.5 : round (d);
  if (is_x)
    ux = d;
  else
    uy = d;
  cairo_device_to_user (p->cr, &ux, &uy);
  return is_x ? ux : uy;
}

/* ------------------------------------------------------------- new/free ---- */

DpvPlot *
dpv_plot_new (cairo_t        *cr,
              const DpvStyle *style,
              double          x,
              double          y,
              double          width,
              double          height)
{
  DpvPlot *p;

  g_return_val_if_fail (cr != NULL, NULL);
  g_return_val_if_fail (style != NULL, NULL);

  p = g_new0 (DpvPlot, 1);
  p->cr = cairo_reference (cr);
  p->style = *style;
  p->style.font_family[sizeof p->style.font_family - 1] = '\0';
  if (!isfinite (p->style.line_width) || p->style.line_width <= 0)
    p->style.line_width = 2.0;
  if (!isfinite (p->style.text_scale) || p->style.text_scale <= 0)
    p->style.text_scale = 1.0;
  if (!isfinite (p->style.font_size) || p->style.font_size <= 0)
    p->style.font_size = 13.0;

  p->x = isfinite (x) ? x : 0;
  p->y = isfinite (y) ? y : 0;
  p->w = (isfinite (width) && width > 1) ? width : 1;
  p->h = (isfinite (height) && height > 1) ? height : 1;
  p->x_tick_labels = TRUE;

  p->pctx = pango_cairo_create_context (cr);
  configure_context (p->pctx);
  p->layouts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  p->points = g_array_new (FALSE, FALSE, sizeof (Point));
  p->entries = g_array_new (FALSE, FALSE, sizeof (LegendEntry));
  p->texts = g_array_new (FALSE, FALSE, sizeof (TextRect));

  axis_set (p, AX_X, 0, 1, DPV_SCALE_LINEAR, NULL);
  axis_set (p, AX_Y, 0, 1, DPV_SCALE_LINEAR, NULL);
  p->axes[AX_X].set = FALSE;
  p->axes[AX_Y].set = FALSE;
  return p;
}

void
dpv_plot_free (DpvPlot *plot)
{
  if (plot == NULL)
    return;
  for (int i = 0; i < N_AXES; i++)
    g_free (plot->axes[i].title);
  for (guint i = 0; i < plot->entries->len; i++)
    g_free (g_array_index (plot->entries, LegendEntry, i).markup);
  g_array_unref (plot->entries);
  g_array_unref (plot->points);
  g_array_unref (plot->texts);
  g_hash_table_unref (plot->layouts);
  g_object_unref (plot->pctx);
  g_free (plot->title);
  cairo_destroy (plot->cr);
  g_free (plot);
}

void
dpv_plot_set_x_axis (DpvPlot    *plot,
                     double      min,
                     double      max,
                     DpvScale    scale,
                     const char *title_markup)
{
  g_return_if_fail (plot != NULL);
  axis_set (plot, AX_X, min, max, scale, title_markup);
}

void
dpv_plot_set_y_axis (DpvPlot    *plot,
                     double      min,
                     double      max,
                     DpvScale    scale,
                     const char *title_markup)
{
  g_return_if_fail (plot != NULL);
  axis_set (plot, AX_Y, min, max, scale, title_markup);
}

void
dpv_plot_set_y2_axis (DpvPlot    *plot,
                      double      min,
                      double      max,
                      DpvScale    scale,
                      const char *title_markup)
{
  g_return_if_fail (plot != NULL);
  axis_set (plot, AX_Y2, min, max, scale, title_markup);
}

void
dpv_plot_set_title (DpvPlot    *plot,
                    const char *markup)
{
  g_return_if_fail (plot != NULL);
  g_free (plot->title);
  plot->title = (markup && *markup) ? g_strdup (markup) : NULL;
  plot->laid_out = FALSE;
}

void
dpv_plot_set_x_tick_labels (DpvPlot  *plot,
                            gboolean  visible)
{
  g_return_if_fail (plot != NULL);
  plot->x_tick_labels = visible;
  plot->laid_out = FALSE;
}

/* -------------------------------------------------------------- layout ---- */

static gsize
compute_ticks (const Axis *ax, guint max_ticks, DpvTick *ticks)
{
  if (ax->scale == DPV_SCALE_LOG)
    return dpv_ticks_log (ax->min, ax->max, max_ticks, ticks);
  return dpv_ticks_linear (ax->min, ax->max, max_ticks, ticks);
}

/* Keeps a label only if its extent [c − s/2, c + s/2] along the axis stays inside [lo, hi]
 * and clears the previously kept label by gap. Returns the number hidden. */
static guint
thin_labels (Axis *ax, const double *centre, const double *size, double lo, double hi,
             double gap)
{
  double last_end = -INFINITY;
  guint hidden = 0;
  gsize order[DPV_MAX_TICKS];
  gsize n = 0;

  /* walk in increasing coordinate */
  for (gsize i = 0; i < ax->n_ticks; i++)
    if (ax->ticks[i].major && ax->ticks[i].label[0] && isfinite (centre[i]))
      order[n++] = i;
  if (n > 1 && centre[order[0]] > centre[order[n - 1]])
    for (gsize i = 0; i < n / 2; i++)
      {
        gsize t = order[i];
        order[i] = order[n - 1 - i];
        order[n - 1 - i] = t;
      }

  for (gsize i = 0; i < ax->n_ticks; i++)
    ax->show_label[i] = FALSE;
  for (gsize k = 0; k < n; k++)
    {
      gsize i = order[k];
      double a = centre[i] - size[i] / 2, b = centre[i] + size[i] / 2;

      if (a < lo - 0.01 || b > hi + 0.01 || a < last_end + gap)
        {
          hidden++;
          continue;
        }
      ax->show_label[i] = TRUE;
      last_end = b;
    }
  return hidden;
}

static double
label_extent (DpvPlot *p, const DpvTick *t, gboolean width)
{
  double w, h;

  if (!t->major || !t->label[0])
    return 0;
  layout_size (plot_layout (p, t->label, TICK_FACTOR), &w, &h);
  return width ? w : h;
}

/* Picks y ticks for a data height and returns the widest visible label. */
static double
layout_y_axis (DpvPlot *p, int which)
{
  Axis *ax = &p->axes[which];
  double lh = font_px (&p->style, TICK_FACTOR) * 1.25;
  double centre[DPV_MAX_TICKS], size[DPV_MAX_TICKS];
  guint max_ticks = (guint) CLAMP (floor (p->dh / (lh * 1.9)) + 1, 2, 11);
  double widest = 0;

  for (;;)
    {
      guint hidden;

      ax->n_ticks = compute_ticks (ax, max_ticks, ax->ticks);
      for (gsize i = 0; i < ax->n_ticks; i++)
        {
          centre[i] = map_y_axis (p, which, ax->ticks[i].value);
          size[i] = label_extent (p, &ax->ticks[i], FALSE);
        }
      hidden = thin_labels (ax, centre, size, p->y, p->y + p->h, lh * 0.25);
      if (hidden == 0 || max_ticks <= 2)
        break;
      max_ticks--;
    }
  for (gsize i = 0; i < ax->n_ticks; i++)
    if (ax->show_label[i])
      widest = MAX (widest, label_extent (p, &ax->ticks[i], TRUE));
  return widest;
}

/* Picks x ticks so that labels do not collide; returns how far the first and last visible
 * labels stick out of the data area (left, right). */
static void
layout_x_axis (DpvPlot *p, gboolean bounded, double *out_left, double *out_right)
{
  Axis *ax = &p->axes[AX_X];
  double centre[DPV_MAX_TICKS], size[DPV_MAX_TICKS];
  double gap = p->em * 0.8;
  guint max_ticks = (guint) CLAMP (floor (p->dw / (p->em * 3.2)) + 1, 2, 12);
  double left = 0, right = 0;

  for (;;)
    {
      guint hidden;

      ax->n_ticks = compute_ticks (ax, max_ticks, ax->ticks);
      for (gsize i = 0; i < ax->n_ticks; i++)
        {
          centre[i] = map_x (p, ax->ticks[i].value);
          size[i] = p->x_tick_labels ? label_extent (p, &ax->ticks[i], TRUE) : 0;
        }
      if (!p->x_tick_labels)
        break;
      /* unbounded: only collisions count (the margins grow for the end labels) */
      hidden = thin_labels (ax, centre, size, bounded ? p->x + p->pad * 0.5 : -INFINITY,
                            bounded ? p->x + p->w - p->pad * 0.5 : INFINITY, gap);
      if (hidden == 0 || max_ticks <= 2)
        break;
      max_ticks--;
    }
  if (p->x_tick_labels)
    for (gsize i = 0; i < ax->n_ticks; i++)
      if (ax->ticks[i].major && ax->ticks[i].label[0])
        {
          left = MAX (left, p->dx - (centre[i] - size[i] / 2));
          right = MAX (right, (centre[i] + size[i] / 2) - (p->dx + p->dw));
        }
  *out_left = left;
  *out_right = right;
}

/* Where tick label i of an axis goes (top-left, size); returns its layout. */
static PangoLayout *
tick_label_rect (DpvPlot *p, int which, gsize i, double *x, double *y, double *w, double *h)
{
  const DpvTick *t = &p->axes[which].ticks[i];
  PangoLayout *layout = plot_layout (p, t->label, TICK_FACTOR);

  layout_size (layout, w, h);
  if (which == AX_X)
    {
      *x = map_x (p, t->value) - *w / 2;
      *y = p->dy + p->dh + p->ticklen + p->pad * 0.4;
    }
  else
    {
      *y = map_y_axis (p, which, t->value) - *h / 2;
      if (which == AX_Y)
        *x = p->dx - p->ticklen - p->pad * 0.4 - *w;
      else
        *x = p->dx + p->dw + p->ticklen + p->pad * 0.4;
    }
  return layout;
}

/* In the corners a y label can meet the first or last x label: drop the y label. */
static void
resolve_corner_collisions (DpvPlot *p)
{
  Axis *xa = &p->axes[AX_X];

  if (!p->x_tick_labels)
    return;
  for (int which = AX_Y; which <= AX_Y2; which++)
    {
      Axis *ya = &p->axes[which];

      if (which == AX_Y2 && !ya->set)
        continue;
      for (gsize i = 0; i < ya->n_ticks; i++)
        {
          double yx, yy, yw, yh;

          if (!ya->show_label[i])
            continue;
          tick_label_rect (p, which, i, &yx, &yy, &yw, &yh);
          for (gsize j = 0; j < xa->n_ticks; j++)
            {
              double xx, xy, xw, xh;

              if (!xa->show_label[j])
                continue;
              tick_label_rect (p, AX_X, j, &xx, &xy, &xw, &xh);
              if (yx < xx + xw && xx < yx + yw && yy < xy + xh && xy < yy + yh)
                {
                  ya->show_label[i] = FALSE;
                  break;
                }
            }
        }
    }
}

static void
ensure_layout (DpvPlot *p);

static double
y_label_height (DpvPlot *p, int which)
{
  Axis *ax = &p->axes[which];
  double hmax = 0;

  if (which == AX_Y2 && !ax->set)
    return 0;
  for (gsize i = 0; i < ax->n_ticks; i++)
    if (ax->show_label[i])
      hmax = MAX (hmax, label_extent (p, &ax->ticks[i], FALSE));
  return hmax;
}

static double
x_label_height (DpvPlot *p)
{
  Axis *ax = &p->axes[AX_X];
  double hmax = 0;

  if (!p->x_tick_labels)
    return 0;
  for (gsize i = 0; i < ax->n_ticks; i++)
    if (ax->ticks[i].major && ax->ticks[i].label[0])
      hmax = MAX (hmax, label_extent (p, &ax->ticks[i], FALSE));
  return hmax;
}

void
dpv_plot_layout (DpvPlot *plot)
{
  DpvPlot *p = plot;
  double tick_h, title_h = 0, xt_h = 0, yt_w = 0, y2t_w = 0;
  double top, bottom, left = 0, right = 0;
  double need_left = 0, need_right = 0, xlab_h;

  g_return_if_fail (plot != NULL);

  p->em = font_px (&p->style, 1.0);
  p->pad = p->em * 0.45;
  p->ticklen = p->em * 0.35;
  p->show_x_title = p->axes[AX_X].title != NULL;
  p->show_y_title = p->axes[AX_Y].title != NULL;
  p->show_y2_title = p->axes[AX_Y2].set && p->axes[AX_Y2].title != NULL;

  layout_size (plot_layout (p, "0123456789", TICK_FACTOR), NULL, &tick_h);
  if (p->title)
    layout_size (plot_layout (p, p->title, TITLE_FACTOR), NULL, &title_h);
  if (p->show_x_title)
    layout_size (plot_layout (p, p->axes[AX_X].title, AXIS_TITLE_FACTOR), NULL, &xt_h);
  if (p->show_y_title)
    layout_size (plot_layout (p, p->axes[AX_Y].title, AXIS_TITLE_FACTOR), NULL, &yt_w);
  if (p->show_y2_title)
    layout_size (plot_layout (p, p->axes[AX_Y2].title, AXIS_TITLE_FACTOR), NULL, &y2t_w);

  /* On tiny panels drop axis titles before the data area collapses. */
  if (yt_w + y2t_w > p->w * 0.2)
    {
      p->show_y_title = p->show_y2_title = FALSE;
      yt_w = y2t_w = 0;
    }
  if (xt_h + title_h > p->h * 0.3)
    {
      p->show_x_title = FALSE;
      xt_h = 0;
    }

  top = p->pad + (title_h > 0 ? title_h + MAX (p->pad * 0.5, tick_h * 0.5 + 1) : tick_h * 0.5);
  bottom = p->ticklen + (p->x_tick_labels ? p->pad * 0.4 + tick_h : 0)
           + (xt_h > 0 ? p->pad * 0.6 + xt_h : 0) + p->pad;
  /* short panels: the data keeps at least 40 % of the height */
  if (xt_h > 0 && p->h - top - bottom < p->h * 0.4)
    {
      p->show_x_title = FALSE;
      bottom -= p->pad * 0.6 + xt_h;
      xt_h = 0;
    }

  p->dy = p->y + top;
  p->dh = MAX (1.0, p->h - top - bottom);
  xlab_h = tick_h;

  for (int iter = 0; iter < 4; iter++)
    {
      double yw, y2w = 0, lft, rgt;

      p->dx = p->x + left;        /* provisional, refined below */
      p->dw = MAX (1.0, p->w - left - right);
      yw = layout_y_axis (p, AX_Y);
      if (p->axes[AX_Y2].set)
        y2w = layout_y_axis (p, AX_Y2);
      {
        /* the top y label reaches half its height above the data area */
        double yh = MAX (y_label_height (p, AX_Y), y_label_height (p, AX_Y2));
        double need_top = p->pad + (title_h > 0 ? title_h + MAX (p->pad * 0.5, yh / 2 + 1)
                                                : yh / 2 + 1);
        if (need_top > top + 0.01)
          {
            top = need_top;
            p->dy = p->y + top;
            p->dh = MAX (1.0, p->h - top - bottom);
            yw = layout_y_axis (p, AX_Y);
            if (p->axes[AX_Y2].set)
              y2w = layout_y_axis (p, AX_Y2);
          }
      }

      lft = p->pad + (yt_w > 0 ? yt_w + p->pad * 0.6 : 0) + yw + p->pad * 0.4 + p->ticklen;
      rgt = p->axes[AX_Y2].set
              ? p->ticklen + p->pad * 0.4 + y2w + (y2t_w > 0 ? p->pad * 0.6 + y2t_w : 0)
                  + p->pad
              : p->pad;
      lft = MAX (lft, need_left + p->pad * 0.5);
      rgt = MAX (rgt, need_right + p->pad * 0.5);
      /* keep at least a third of the width for data */
      if (lft + rgt > p->w * 0.67)
        {
          double s = p->w * 0.67 / (lft + rgt);
          lft *= s;
          rgt *= s;
        }
      left = lft;
      right = rgt;
      p->dx = p->x + left;
      p->dw = MAX (1.0, p->w - left - right);

      layout_x_axis (p, FALSE, &lft, &rgt);
      {
        /* labels with superscripts are taller than plain digits */
        double xh = x_label_height (p);
        if (xh > xlab_h + 0.01)
          {
            bottom += xh - xlab_h;
            xlab_h = xh;
            p->dh = MAX (1.0, p->h - top - bottom);
            need_left = MAX (need_left, lft);
            need_right = MAX (need_right, rgt);
            continue;
          }
      }
      if (lft <= left - p->pad * 0.5 + 0.01 && rgt <= right - p->pad * 0.5 + 0.01)
        break;
      /* first/last x label sticks out of the panel: widen the margin and redo */
      need_left = MAX (need_left, lft);
      need_right = MAX (need_right, rgt);
    }
  /* final tick pass for the final geometry */
  layout_y_axis (p, AX_Y);
  if (p->axes[AX_Y2].set)
    layout_y_axis (p, AX_Y2);
  {
    double l, r;
    layout_x_axis (p, TRUE, &l, &r);
  }
  resolve_corner_collisions (p);
  p->laid_out = TRUE;
}

static void
ensure_layout (DpvPlot *p)
{
  if (!p->laid_out)
    dpv_plot_layout (p);
}

void
dpv_plot_get_data_area (DpvPlot *plot,
                        double  *x,
                        double  *y,
                        double  *width,
                        double  *height)
{
  g_return_if_fail (plot != NULL);
  ensure_layout (plot);
  if (x)
    *x = plot->dx;
  if (y)
    *y = plot->dy;
  if (width)
    *width = plot->dw;
  if (height)
    *height = plot->dh;
}

double
dpv_plot_x_to_user (DpvPlot *plot,
                    double   x)
{
  g_return_val_if_fail (plot != NULL, NAN);
  ensure_layout (plot);
  return map_x (plot, x);
}

double
dpv_plot_y_to_user (DpvPlot *plot,
                    double   y)
{
  g_return_val_if_fail (plot != NULL, NAN);
  ensure_layout (plot);
  return map_y_axis (plot, AX_Y, y);
}

double
dpv_plot_y2_to_user (DpvPlot *plot,
                     double   y)
{
  g_return_val_if_fail (plot != NULL, NAN);
  ensure_layout (plot);
  return map_y_axis (plot, plot->axes[AX_Y2].set ? AX_Y2 : AX_Y, y);
}

double
dpv_plot_user_to_x (DpvPlot *plot,
                    double   ux)
{
  g_return_val_if_fail (plot != NULL, NAN);
  ensure_layout (plot);
  return axis_unfrac (&plot->axes[AX_X], (ux - plot->dx) / plot->dw);
}

double
dpv_plot_user_to_y (DpvPlot *plot,
                    double   uy)
{
  g_return_val_if_fail (plot != NULL, NAN);
  ensure_layout (plot);
  return axis_unfrac (&plot->axes[AX_Y], (plot->dy + plot->dh - uy) / plot->dh);
}

/* --------------------------------------------------------------- frame ---- */

static gboolean
cr_ok (DpvPlot *p)
{
  return cairo_status (p->cr) == CAIRO_STATUS_SUCCESS;
}

static void
draw_grid_and_ticks (DpvPlot *p, int which)
{
  cairo_t *cr = p->cr;
  Axis *ax = &p->axes[which];
  DpvColor minor_grid = p->style.grid;
  DpvColor tick_col = p->style.muted;

  minor_grid.a *= 0.45;

  cairo_save (cr);
  cairo_set_line_width (cr, 1.0);
  for (gsize i = 0; i < ax->n_ticks; i++)
    {
      const DpvTick *t = &ax->ticks[i];
      double u = which == AX_X ? map_x (p, t->value) : map_y_axis (p, which, t->value);
      double lo = which == AX_X ? p->dx : p->dy;
      double len = which == AX_X ? p->dw : p->dh;

      if (!isfinite (u) || u < lo - 0.5 || u > lo + len + 0.5)
        continue;
      u = snap (p, u, which == AX_X, 1.0);

      /* grid (the right axis has none: it would double the left one) */
      if (which != AX_Y2)
        {
          dpv_color_set_source (t->major ? &p->style.grid : &minor_grid, cr);
          if (which == AX_X)
            {
              cairo_move_to (cr, u, p->dy);
              cairo_line_to (cr, u, p->dy + p->dh);
            }
          else
            {
              cairo_move_to (cr, p->dx, u);
              cairo_line_to (cr, p->dx + p->dw, u);
            }
          cairo_stroke (cr);
        }

      /* tick mark, outwards */
      {
        double l = t->major ? p->ticklen : p->ticklen * 0.55;
        dpv_color_set_source (&tick_col, cr);
        if (which == AX_X)
          {
            double yb = snap (p, p->dy + p->dh, FALSE, 1.0);
            cairo_move_to (cr, u, yb);
            cairo_line_to (cr, u, yb + l);
          }
        else if (which == AX_Y)
          {
            double xl = snap (p, p->dx, TRUE, 1.0);
            cairo_move_to (cr, xl, u);
            cairo_line_to (cr, xl - l, u);
          }
        else
          {
            double xr = snap (p, p->dx + p->dw, TRUE, 1.0);
            cairo_move_to (cr, xr, u);
            cairo_line_to (cr, xr + l, u);
          }
        cairo_stroke (cr);
      }
    }
  cairo_restore (cr);
}

static void
draw_tick_labels (DpvPlot *p, int which)
{
  Axis *ax = &p->axes[which];

  if (which == AX_X && !p->x_tick_labels)
    return;
  for (gsize i = 0; i < ax->n_ticks; i++)
    {
      PangoLayout *layout;
      double w, h, x, y;

      if (!ax->show_label[i])
        continue;
      layout = tick_label_rect (p, which, i, &x, &y, &w, &h);
      show_layout (p, layout, x, y, &p->style.muted, FALSE);
      record_text (p, which == AX_X ? DPV_TEXT_X_TICK
                      : which == AX_Y ? DPV_TEXT_Y_TICK : DPV_TEXT_Y2_TICK,
                   x, y, w, h);
    }
}

/* A fresh layout limited to width (ellipsized), for titles. */
static PangoLayout *
limited_layout (DpvPlot *p, const char *markup, double factor, double width)
{
  PangoLayout *layout = new_layout (p->pctx, &p->style, markup, factor);

  pango_layout_set_width (layout, (int) (MAX (1.0, width) * PANGO_SCALE));
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_set_single_paragraph_mode (layout, TRUE);
  return layout;
}

static void
draw_titles (DpvPlot *p)
{
  cairo_t *cr = p->cr;
  double w, h;

  if (p->show_x_title)
    {
      PangoLayout *layout = limited_layout (p, p->axes[AX_X].title, AXIS_TITLE_FACTOR,
                                            p->w - 2 * p->pad);
      double x, y;

      layout_size (layout, &w, &h);
      x = CLAMP (p->dx + p->dw / 2 - w / 2, p->x + p->pad, p->x + p->w - p->pad - w);
      y = p->y + p->h - p->pad - h;
      show_layout (p, layout, x, y, &p->style.foreground, FALSE);
      record_text (p, DPV_TEXT_AXIS_TITLE, x, y, w, h);
      g_object_unref (layout);
    }

  for (int which = AX_Y; which <= AX_Y2; which++)
    {
      gboolean show = which == AX_Y ? p->show_y_title : p->show_y2_title;
      PangoLayout *layout;
      double cx, cy, avail;

      if (!show)
        continue;
      avail = p->h - 2 * p->pad;
      layout = limited_layout (p, p->axes[which].title, AXIS_TITLE_FACTOR, avail);
      layout_size (layout, &w, &h);
      cy = CLAMP (p->dy + p->dh / 2, p->y + p->pad + w / 2, p->y + p->h - p->pad - w / 2);
      cx = which == AX_Y ? p->x + p->pad : p->x + p->w - p->pad - h;
      cairo_save (cr);
      cairo_translate (cr, cx, cy);
      cairo_rotate (cr, -G_PI / 2);
      pango_cairo_update_layout (cr, layout);
      cairo_move_to (cr, -w / 2, 0);
      dpv_color_set_source (&p->style.foreground, cr);
      pango_cairo_show_layout (cr, layout);
      cairo_restore (cr);
      record_text (p, DPV_TEXT_AXIS_TITLE, cx, cy - w / 2, h, w);
      g_object_unref (layout);
    }

  if (p->title)
    {
      PangoLayout *layout = limited_layout (p, p->title, TITLE_FACTOR, p->w - 2 * p->pad);
      PangoAttrList *attrs;
      double x, y;

      /* semibold over whatever the markup says */
      attrs = pango_layout_get_attributes (layout);
      attrs = attrs ? pango_attr_list_copy (attrs) : pango_attr_list_new ();
      pango_attr_list_insert_before (attrs, pango_attr_weight_new (PANGO_WEIGHT_SEMIBOLD));
      pango_layout_set_attributes (layout, attrs);
      pango_attr_list_unref (attrs);
      layout_size (layout, &w, &h);
      x = CLAMP (p->dx + p->dw / 2 - w / 2, p->x + p->pad, p->x + p->w - p->pad - w);
      y = p->y + p->pad;
      show_layout (p, layout, x, y, &p->style.foreground, FALSE);
      record_text (p, DPV_TEXT_TITLE, x, y, w, h);
      g_object_unref (layout);
    }
}

void
dpv_plot_draw_frame (DpvPlot *plot)
{
  DpvPlot *p = plot;
  cairo_t *cr;
  DpvColor border;

  g_return_if_fail (plot != NULL);
  ensure_layout (p);
  if (!cr_ok (p))
    return;
  cr = p->cr;

  cairo_save (cr);
  if (p->style.plot_background.a > 0)
    {
      dpv_color_set_source (&p->style.plot_background, cr);
      cairo_rectangle (cr, p->dx, p->dy, p->dw, p->dh);
      cairo_fill (cr);
    }

  draw_grid_and_ticks (p, AX_X);
  draw_grid_and_ticks (p, AX_Y);
  if (p->axes[AX_Y2].set)
    draw_grid_and_ticks (p, AX_Y2);

  /* data area border */
  border = p->style.muted;
  border.a *= 0.7;
  dpv_color_set_source (&border, cr);
  cairo_set_line_width (cr, 1.0);
  {
    double x0 = snap (p, p->dx, TRUE, 1.0), x1 = snap (p, p->dx + p->dw, TRUE, 1.0);
    double y0 = snap (p, p->dy, FALSE, 1.0), y1 = snap (p, p->dy + p->dh, FALSE, 1.0);
    cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
  }
  cairo_stroke (cr);

  draw_tick_labels (p, AX_X);
  draw_tick_labels (p, AX_Y);
  if (p->axes[AX_Y2].set)
    draw_tick_labels (p, AX_Y2);
  draw_titles (p);
  cairo_restore (cr);
}

/* -------------------------------------------------------------- series ---- */

static void
add_entry (DpvPlot *p, EntryKind kind, const char *markup, const DpvColor *color,
           double width, double alpha, DpvDash dash)
{
  LegendEntry e;

  if (markup == NULL || !*markup)
    return;
  e.kind = kind;
  e.markup = g_strdup (markup);
  e.color = color ? *color : p->style.foreground;
  e.width = width;
  e.alpha = alpha;
  e.dash = dash;
  g_array_append_val (p->entries, e);
}

static void
record_point (DpvPlot *p, double x, double y)
{
  Point pt = { x, y };

  if (x < p->dx - 1 || x > p->dx + p->dw + 1 || y < p->dy - 1 || y > p->dy + p->dh + 1)
    return;
  g_array_append_val (p->points, pt);
}

/* Samples the part of segment a→b inside the data area every few user units. */
static void
record_segment (DpvPlot *p, double ax, double ay, double bx, double by)
{
  double step = MAX (1.0, p->em * 0.4);
  double len = hypot (bx - ax, by - ay);
  int n = (int) CLAMP (ceil (len / step), 1, 400);

  for (int i = 0; i <= n; i++)
    {
      double t = (double) i / n;
      record_point (p, ax + t * (bx - ax), ay + t * (by - ay));
    }
}

static void
clip_data_area (DpvPlot *p)
{
  cairo_rectangle (p->cr, p->dx, p->dy, p->dw, p->dh);
  cairo_clip (p->cr);
}

static void
set_dash (cairo_t *cr, DpvDash dash, double width)
{
  double u = MAX (width, 0.5);

  switch (dash)
    {
    case DPV_DASH_DASHED:
      {
        double d[] = { 4.0 * u, 3.0 * u };
        cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
        cairo_set_dash (cr, d, 2, 0);
      }
      break;
    case DPV_DASH_DOTTED:
      {
        double d[] = { 0.0, 2.2 * u };
        cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
        cairo_set_dash (cr, d, 2, 0);
      }
      break;
    case DPV_DASH_DASHDOT:
      {
        double d[] = { 3.5 * u, 2.6 * u, 0.0, 2.6 * u };
        cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
        cairo_set_dash (cr, d, 4, 0);
      }
      break;
    case DPV_DASH_SOLID:
    default:
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_set_dash (cr, NULL, 0, 0);
      break;
    }
}

static void
draw_line (DpvPlot *p, int yaxis, const double *x, const double *y, gsize n,
           const DpvColor *color, double width, DpvDash dash, const char *legend)
{
  cairo_t *cr = p->cr;
  gboolean pen = FALSE;
  double px = 0, py = 0;

  ensure_layout (p);
  if (!isfinite (width) || width <= 0)
    width = p->style.line_width;
  if (color == NULL)
    color = &p->style.foreground;
  add_entry (p, ENTRY_LINE, legend, color, width, 1.0, dash);
  if (x == NULL || y == NULL || n == 0 || !cr_ok (p))
    return;

  cairo_save (cr);
  clip_data_area (p);
  cairo_new_path (cr);
  for (gsize i = 0; i < n; i++)
    {
      double ux = isfinite (x[i]) ? map_x (p, x[i]) : NAN;
      double uy = isfinite (y[i]) ? map_y_axis (p, yaxis, y[i]) : NAN;

      if (!isfinite (ux) || !isfinite (uy))
        {
          pen = FALSE;
          continue;
        }
      ux = clamp_user (p, ux, TRUE);
      uy = clamp_user (p, uy, FALSE);
      if (pen)
        {
          cairo_line_to (cr, ux, uy);
          record_segment (p, px, py, ux, uy);
        }
      else
        {
          cairo_move_to (cr, ux, uy);
          record_point (p, ux, uy);
        }
      pen = TRUE;
      px = ux;
      py = uy;
    }
  dpv_color_set_source (color, cr);
  cairo_set_line_width (cr, width);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  set_dash (cr, dash, width);
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
dpv_plot_line (DpvPlot        *plot,
               const double   *x,
               const double   *y,
               gsize           n,
               const DpvColor *color,
               double          width,
               DpvDash         dash,
               const char     *legend_markup)
{
  g_return_if_fail (plot != NULL);
  draw_line (plot, AX_Y, x, y, n, color, width, dash, legend_markup);
}

void
dpv_plot_line_y2 (DpvPlot        *plot,
                  const double   *x,
                  const double   *y,
                  gsize           n,
                  const DpvColor *color,
                  double          width,
                  DpvDash         dash,
                  const char     *legend_markup)
{
  g_return_if_fail (plot != NULL);
  draw_line (plot, plot->axes[AX_Y2].set ? AX_Y2 : AX_Y, x, y, n, color, width, dash,
             legend_markup);
}

void
dpv_plot_bars (DpvPlot        *plot,
               const double   *x,
               const double   *h,
               gsize           n,
               double          bar_width,
               const DpvColor *color,
               double          alpha,
               const char     *legend_markup)
{
  DpvPlot *p = plot;
  cairo_t *cr;
  DpvColor fill;
  double base;

  g_return_if_fail (plot != NULL);
  ensure_layout (p);
  if (color == NULL)
    color = &p->style.foreground;
  if (!isfinite (alpha))
    alpha = 1.0;
  alpha = CLAMP (alpha, 0.0, 1.0);
  add_entry (p, ENTRY_BAR, legend_markup, color, 1.0, alpha, DPV_DASH_SOLID);
  if (x == NULL || h == NULL || n == 0 || !cr_ok (p) || !isfinite (bar_width))
    return;
  cr = p->cr;
  fill = *color;
  fill.a *= alpha;

  base = p->axes[AX_Y].scale == DPV_SCALE_LOG
           ? p->dy + p->dh
           : clamp_user (p, map_y_axis (p, AX_Y, 0.0), FALSE);

  cairo_save (cr);
  clip_data_area (p);
  cairo_set_line_width (cr, 1.0);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  for (gsize i = 0; i < n; i++)
    {
      double x0, x1, top;

      if (!isfinite (x[i]) || !isfinite (h[i]))
        continue;
      x0 = map_x (p, x[i] - fabs (bar_width) / 2);
      x1 = map_x (p, x[i] + fabs (bar_width) / 2);
      top = map_y_axis (p, AX_Y, h[i]);
      if (!isfinite (x0) || !isfinite (x1) || !isfinite (top))
        continue;
      x0 = clamp_user (p, x0, TRUE);
      x1 = clamp_user (p, x1, TRUE);
      top = clamp_user (p, top, FALSE);
      cairo_rectangle (cr, MIN (x0, x1), MIN (top, base), fabs (x1 - x0), fabs (base - top));
      dpv_color_set_source (&fill, cr);
      cairo_fill_preserve (cr);
      dpv_color_set_source (color, cr);
      cairo_stroke (cr);

      /* the bar's area counts as drawn data for the legend */
      {
        double step = MAX (2.0, p->em * 0.8);
        double xa = MAX (MIN (x0, x1), p->dx), xb = MIN (MAX (x0, x1), p->dx + p->dw);
        double ya = MAX (MIN (top, base), p->dy), yb = MIN (MAX (top, base), p->dy + p->dh);
        for (double yy = ya; yy <= yb; yy += step)
          for (double xx = xa; xx <= xb; xx += step)
            record_point (p, xx, yy);
        record_segment (p, xa, ya, xb, ya);
      }
    }
  cairo_restore (cr);
}

void
dpv_plot_markers (DpvPlot        *plot,
                  const double   *x,
                  const double   *y,
                  gsize           n,
                  const DpvColor *color,
                  double          radius,
                  const char     *legend_markup)
{
  DpvPlot *p = plot;
  cairo_t *cr;

  g_return_if_fail (plot != NULL);
  ensure_layout (p);
  if (color == NULL)
    color = &p->style.foreground;
  if (!isfinite (radius) || radius <= 0)
    radius = p->style.line_width * 2;
  add_entry (p, ENTRY_MARKER, legend_markup, color, radius, 1.0, DPV_DASH_SOLID);
  if (x == NULL || y == NULL || n == 0 || !cr_ok (p))
    return;
  cr = p->cr;

  cairo_save (cr);
  clip_data_area (p);
  dpv_color_set_source (color, cr);
  for (gsize i = 0; i < n; i++)
    {
      double ux = isfinite (x[i]) ? map_x (p, x[i]) : NAN;
      double uy = isfinite (y[i]) ? map_y_axis (p, AX_Y, y[i]) : NAN;

      if (!isfinite (ux) || !isfinite (uy))
        continue;
      if (ux < p->dx - radius || ux > p->dx + p->dw + radius
          || uy < p->dy - radius || uy > p->dy + p->dh + radius)
        continue;
      cairo_new_sub_path (cr);
      cairo_arc (cr, ux, uy, radius, 0, 2 * G_PI);
      record_point (p, ux, uy);
    }
  cairo_fill (cr);
  cairo_restore (cr);
}

/* ---------------------------------------------------------------- fills ---- */

typedef struct {
  GArray *lo;   /* Point, forward */
  GArray *hi;   /* Point, forward */
} Run;

static void
run_flush (cairo_t *cr, Run *run)
{
  if (run->lo->len >= 2)
    {
      for (guint i = 0; i < run->lo->len; i++)
        {
          Point *pt = &g_array_index (run->lo, Point, i);
          if (i == 0)
            cairo_move_to (cr, pt->x, pt->y);
          else
            cairo_line_to (cr, pt->x, pt->y);
        }
      for (guint i = run->hi->len; i-- > 0;)
        {
          Point *pt = &g_array_index (run->hi, Point, i);
          cairo_line_to (cr, pt->x, pt->y);
        }
      cairo_close_path (cr);
    }
  g_array_set_size (run->lo, 0);
  g_array_set_size (run->hi, 0);
}

static void
run_add (Run *run, double x, double ylo, double yhi)
{
  Point a = { x, ylo }, b = { x, yhi };
  g_array_append_val (run->lo, a);
  g_array_append_val (run->hi, b);
}

void
dpv_plot_fill_between (DpvPlot        *plot,
                       const double   *x,
                       const double   *y_lo,
                       const double   *y_hi,
                       gsize           n,
                       const DpvColor *color,
                       double          alpha,
                       const char     *legend_markup)
{
  DpvPlot *p = plot;
  cairo_t *cr;
  DpvColor fill;
  Run run;
  gboolean have_prev = FALSE;
  double pux = 0, plo = 0, phi = 0;

  g_return_if_fail (plot != NULL);
  ensure_layout (p);
  if (color == NULL)
    color = &p->style.foreground;
  if (!isfinite (alpha))
    alpha = 1.0;
  alpha = CLAMP (alpha, 0.0, 1.0);
  add_entry (p, ENTRY_FILL, legend_markup, color, 1.0, alpha, DPV_DASH_SOLID);
  if (x == NULL || y_lo == NULL || y_hi == NULL || n == 0 || !cr_ok (p))
    return;
  cr = p->cr;
  fill = *color;
  fill.a *= alpha;

  run.lo = g_array_new (FALSE, FALSE, sizeof (Point));
  run.hi = g_array_new (FALSE, FALSE, sizeof (Point));

  cairo_save (cr);
  clip_data_area (p);
  cairo_new_path (cr);
  /* Work in user space: y grows downwards, so "y_hi above y_lo" is ulo − uhi > 0. Crossings
   * are interpolated on the drawn (straight, user-space) segments. */
  for (gsize i = 0; i < n; i++)
    {
      double ux = isfinite (x[i]) ? map_x (p, x[i]) : NAN;
      double ulo = isfinite (y_lo[i]) ? map_y_axis (p, AX_Y, y_lo[i]) : NAN;
      double uhi = isfinite (y_hi[i]) ? map_y_axis (p, AX_Y, y_hi[i]) : NAN;
      double d;

      if (!isfinite (ux) || !isfinite (ulo) || !isfinite (uhi))
        {
          run_flush (cr, &run);
          have_prev = FALSE;
          continue;
        }
      ux = clamp_user (p, ux, TRUE);
      ulo = clamp_user (p, ulo, FALSE);
      uhi = clamp_user (p, uhi, FALSE);
      d = ulo - uhi;

      if (have_prev)
        {
          double pd = plo - phi;

          if ((pd > 0) != (d > 0) && pd != d)
            {
              /* crossing between i−1 and i */
              double t = pd / (pd - d);
              double cx = pux + t * (ux - pux);
              double cy = plo + t * (ulo - plo);

              if (pd > 0)
                {
                  run_add (&run, cx, cy, cy);
                  run_flush (cr, &run);
                }
              else
                run_add (&run, cx, cy, cy);
            }
        }
      if (d > 0)
        run_add (&run, ux, ulo, uhi);
      else if (run.lo->len > 0)
        {
          /* touching (d == 0) closes the run at this point */
          run_add (&run, ux, ulo, ulo);
          run_flush (cr, &run);
        }
      have_prev = TRUE;
      pux = ux;
      plo = ulo;
      phi = uhi;
    }
  run_flush (cr, &run);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
  dpv_color_set_source (&fill, cr);
  cairo_fill (cr);
  cairo_restore (cr);

  g_array_unref (run.lo);
  g_array_unref (run.hi);
}

static double
map_or_edge (DpvPlot *p, int which, double v)
{
  double lo = which == AX_X ? p->dx : p->dy;
  double len = which == AX_X ? p->dw : p->dh;
  double u;

  if (isnan (v))
    return NAN;
  if (isinf (v))
    {
      if (which == AX_X)
        return v < 0 ? lo - 1 : lo + len + 1;
      return v < 0 ? lo + len + 1 : lo - 1;
    }
  u = which == AX_X ? map_x (p, v) : map_y_axis (p, which, v);
  if (isinf (u) || (p->axes[which].scale == DPV_SCALE_LOG && !(v > 0)))
    return which == AX_X ? lo - 1 : lo + len + 1;
  return clamp_user (p, u, which == AX_X);
}

void
dpv_plot_shade_x_range (DpvPlot        *plot,
                        double          x0,
                        double          x1,
                        const DpvColor *color,
                        double          alpha,
                        const char     *legend_markup)
{
  DpvPlot *p = plot;
  DpvColor fill;
  double u0, u1;

  g_return_if_fail (plot != NULL);
  ensure_layout (p);
  if (color == NULL)
    color = &p->style.accent;
  if (!isfinite (alpha))
    alpha = 0.2;
  alpha = CLAMP (alpha, 0.0, 1.0);
  add_entry (p, ENTRY_FILL, legend_markup, color, 1.0, alpha, DPV_DASH_SOLID);
  u0 = map_or_edge (p, AX_X, x0);
  u1 = map_or_edge (p, AX_X, x1);
  if (!isfinite (u0) || !isfinite (u1) || !cr_ok (p))
    return;
  fill = *color;
  fill.a *= alpha;
  cairo_save (p->cr);
  clip_data_area (p);
  cairo_rectangle (p->cr, MIN (u0, u1), p->dy, fabs (u1 - u0), p->dh);
  dpv_color_set_source (&fill, p->cr);
  cairo_fill (p->cr);
  cairo_restore (p->cr);
}

void
dpv_plot_shade_y_range (DpvPlot        *plot,
                        double          y0,
                        double          y1,
                        const DpvColor *color,
                        double          alpha)
{
  DpvPlot *p = plot;
  DpvColor fill;
  double u0, u1;

  g_return_if_fail (plot != NULL);
  ensure_layout (p);
  if (color == NULL)
    color = &p->style.accent;
  if (!isfinite (alpha))
    alpha = 0.2;
  alpha = CLAMP (alpha, 0.0, 1.0);
  u0 = map_or_edge (p, AX_Y, y0);
  u1 = map_or_edge (p, AX_Y, y1);
  if (!isfinite (u0) || !isfinite (u1) || !cr_ok (p))
    return;
  fill = *color;
  fill.a *= alpha;
  cairo_save (p->cr);
  clip_data_area (p);
  cairo_rectangle (p->cr, p->dx, MIN (u0, u1), p->dw, fabs (u1 - u0));
  dpv_color_set_source (&fill, p->cr);
  cairo_fill (p->cr);
  cairo_restore (p->cr);
}

/* ----------------------------------------------------------- placement ---- */

static double
overlap_area (double ax, double ay, double aw, double ah, double bx, double by, double bw,
              double bh)
{
  double w = MIN (ax + aw, bx + bw) - MAX (ax, bx);
  double h = MIN (ay + ah, by + bh) - MAX (ay, by);

  return (w > 0 && h > 0) ? w * h : 0;
}

/* Area of (x, y, w, h) covered by annotations and the legend placed so far. */
static double
text_overlap (DpvPlot *p, double x, double y, double w, double h)
{
  double sum = 0;

  for (guint i = 0; i < p->texts->len; i++)
    {
      TextRect *r = &g_array_index (p->texts, TextRect, i);
      if (r->kind == DPV_TEXT_ANNOTATION || r->kind == DPV_TEXT_LEGEND)
        sum += overlap_area (x, y, w, h, r->x, r->y, r->w, r->h);
    }
  return sum;
}

static guint
count_points (DpvPlot *p, double x, double y, double w, double h)
{
  guint n = 0;

  for (guint i = 0; i < p->points->len; i++)
    {
      Point *pt = &g_array_index (p->points, Point, i);
      if (pt->x >= x && pt->x <= x + w && pt->y >= y && pt->y <= y + h)
        n++;
    }
  return n;
}

/* Chooses among candidate top-left corners of a w×h box: each is pulled inside the data area,
 * then slid vertically off earlier text if needed. Earlier candidates are preferred. */
static void
place_box (DpvPlot *p, const Point *cand, int n_cand, double w, double h, double *ox,
           double *oy)
{
  double inset = 2.0;
  double xmin = p->dx + inset, xmax = p->dx + p->dw - inset - w;
  double ymin = p->dy + inset, ymax = p->dy + p->dh - inset - h;
  double best = INFINITY;
  double step = h + 2.0;

  if (xmax < xmin)
    xmin = xmax = p->dx + p->dw / 2 - w / 2;
  if (ymax < ymin)
    ymin = ymax = p->dy + p->dh / 2 - h / 2;
  *ox = CLAMP (cand[0].x, xmin, xmax);
  *oy = CLAMP (cand[0].y, ymin, ymax);

  for (int c = 0; c < n_cand; c++)
    {
      double bx = CLAMP (cand[c].x, xmin, xmax);
      double by0 = CLAMP (cand[c].y, ymin, ymax);

      for (int k = 0; k < 13; k++)
        {
          /* 0, +1, −1, +2, −2, … steps */
          int s = (k + 1) / 2 * ((k % 2) ? 1 : -1);
          double by = by0 + s * step;
          double score;

          if (by < ymin - 0.01 || by > ymax + 0.01)
            continue;
          score = text_overlap (p, bx, by, w, h) * 100.0
                  + (fabs (bx - cand[c].x) + fabs (by - cand[c].y)) + c * 0.5
                  + count_points (p, bx, by, w, h) * 0.05;
          if (score < best)
            {
              best = score;
              *ox = bx;
              *oy = by;
            }
        }
    }
}

static void
anchor_box (DpvAnchor anchor, double px, double py, double w, double h, double gap,
            double *x, double *y)
{
  switch (anchor)
    {
    case DPV_ANCHOR_NORTH:
      *x = px - w / 2, *y = py - gap - h;
      break;
    case DPV_ANCHOR_SOUTH:
      *x = px - w / 2, *y = py + gap;
      break;
    case DPV_ANCHOR_EAST:
      *x = px + gap, *y = py - h / 2;
      break;
    case DPV_ANCHOR_WEST:
      *x = px - gap - w, *y = py - h / 2;
      break;
    case DPV_ANCHOR_NORTH_EAST:
      *x = px + gap, *y = py - gap - h;
      break;
    case DPV_ANCHOR_NORTH_WEST:
      *x = px - gap - w, *y = py - gap - h;
      break;
    case DPV_ANCHOR_SOUTH_EAST:
      *x = px + gap, *y = py + gap;
      break;
    case DPV_ANCHOR_SOUTH_WEST:
      *x = px - gap - w, *y = py + gap;
      break;
    case DPV_ANCHOR_CENTER:
    default:
      *x = px - w / 2, *y = py - h / 2;
      break;
    }
}

static void
draw_placed_text (DpvPlot *p, PangoLayout *layout, const Point *cand, int n_cand,
                  const DpvColor *color)
{
  double w, h, x, y;

  layout_size (layout, &w, &h);
  place_box (p, cand, n_cand, w, h, &x, &y);
  cairo_save (p->cr);
  show_layout (p, layout, x, y, color, TRUE);
  cairo_restore (p->cr);
  record_text (p, DPV_TEXT_ANNOTATION, x, y, w, h);
}

void
dpv_plot_annotate (DpvPlot        *plot,
                   double          x,
                   double          y,
                   const char     *markup,
                   DpvAnchor       anchor,
                   const DpvColor *color)
{
  static const DpvAnchor order[] = {
    DPV_ANCHOR_NORTH_EAST, DPV_ANCHOR_NORTH_WEST, DPV_ANCHOR_SOUTH_EAST, DPV_ANCHOR_SOUTH_WEST,
    DPV_ANCHOR_NORTH, DPV_ANCHOR_SOUTH, DPV_ANCHOR_EAST, DPV_ANCHOR_WEST,
  };
  DpvPlot *p = plot;
  PangoLayout *layout;
  Point cand[9];
  double px, py, w, h, gap;
  int n = 0;

  g_return_if_fail (plot != NULL);
  ensure_layout (p);
  if (markup == NULL || !*markup || !cr_ok (p))
    return;
  if (color == NULL)
    color = &p->style.foreground;

  px = isfinite (x) ? map_x (p, x) : NAN;
  py = isfinite (y) ? map_y_axis (p, AX_Y, y) : NAN;
  if (!isfinite (px))
    px = isnan (x) || isnan (px) ? p->dx + p->dw / 2 : (px < 0 ? p->dx : p->dx + p->dw);
  if (!isfinite (py))
    py = isnan (y) || isnan (py) ? p->dy + p->dh / 2 : (py < 0 ? p->dy : p->dy + p->dh);
  px = CLAMP (px, p->dx, p->dx + p->dw);
  py = CLAMP (py, p->dy, p->dy + p->dh);

  layout = plot_layout (p, markup, ANNOT_FACTOR);
  layout_size (layout, &w, &h);
  gap = p->em * 0.35;

  anchor_box (anchor, px, py, w, h, gap, &cand[n].x, &cand[n].y);
  n++;
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    if (order[i] != anchor)
      {
        anchor_box (order[i], px, py, w, h, gap, &cand[n].x, &cand[n].y);
        n++;
      }
  draw_placed_text (p, layout, cand, n, color);
}

void
dpv_plot_vline (DpvPlot        *plot,
                double          x,
                const DpvColor *color,
                DpvDash         dash,
                const char     *label_markup)
{
  DpvPlot *p = plot;
  cairo_t *cr;
  double ux, lw;

  g_return_if_fail (plot != NULL);
  ensure_layout (p);
  if (!cr_ok (p) || !isfinite (x))
    return;
  ux = map_x (p, x);
  if (!isfinite (ux) || ux < p->dx - 0.5 || ux > p->dx + p->dw + 0.5)
    return;
  if (color == NULL)
    color = &p->style.accent;
  cr = p->cr;
  lw = MAX (1.0, p->style.line_width * 0.75);
  ux = snap (p, ux, TRUE, lw);

  cairo_save (cr);
  clip_data_area (p);
  dpv_color_set_source (color, cr);
  cairo_set_line_width (cr, lw);
  set_dash (cr, dash, lw);
  cairo_move_to (cr, ux, p->dy);
  cairo_line_to (cr, ux, p->dy + p->dh);
  cairo_stroke (cr);
  cairo_restore (cr);
  record_segment (p, ux, p->dy, ux, p->dy + p->dh);

  if (label_markup && *label_markup)
    {
      PangoLayout *layout = plot_layout (p, label_markup, ANNOT_FACTOR);
      double w, h, g = p->em * 0.3;
      Point cand[4];

      layout_size (layout, &w, &h);
      cand[0] = (Point) { ux + g, p->dy + g };
      cand[1] = (Point) { ux - g - w, p->dy + g };
      cand[2] = (Point) { ux + g, p->dy + p->dh - g - h };
      cand[3] = (Point) { ux - g - w, p->dy + p->dh - g - h };
      draw_placed_text (p, layout, cand, 4, color);
    }
}

void
dpv_plot_hline (DpvPlot        *plot,
                double          y,
                const DpvColor *color,
                DpvDash         dash,
                const char     *label_markup)
{
  DpvPlot *p = plot;
  cairo_t *cr;
  double uy, lw;

  g_return_if_fail (plot != NULL);
  ensure_layout (p);
  if (!cr_ok (p) || !isfinite (y))
    return;
  uy = map_y_axis (p, AX_Y, y);
  if (!isfinite (uy) || uy < p->dy - 0.5 || uy > p->dy + p->dh + 0.5)
    return;
  if (color == NULL)
    color = &p->style.accent;
  cr = p->cr;
  lw = MAX (1.0, p->style.line_width * 0.75);
  uy = snap (p, uy, FALSE, lw);

  cairo_save (cr);
  clip_data_area (p);
  dpv_color_set_source (color, cr);
  cairo_set_line_width (cr, lw);
  set_dash (cr, dash, lw);
  cairo_move_to (cr, p->dx, uy);
  cairo_line_to (cr, p->dx + p->dw, uy);
  cairo_stroke (cr);
  cairo_restore (cr);
  record_segment (p, p->dx, uy, p->dx + p->dw, uy);

  if (label_markup && *label_markup)
    {
      PangoLayout *layout = plot_layout (p, label_markup, ANNOT_FACTOR);
      double w, h, g = p->em * 0.25;
      Point cand[4];

      layout_size (layout, &w, &h);
      cand[0] = (Point) { p->dx + p->dw - g - w, uy - g * 0.5 - h };
      cand[1] = (Point) { p->dx + p->dw - g - w, uy + g * 0.5 };
      cand[2] = (Point) { p->dx + g, uy - g * 0.5 - h };
      cand[3] = (Point) { p->dx + g, uy + g * 0.5 };
      draw_placed_text (p, layout, cand, 4, color);
    }
}

/* --------------------------------------------------------------- legend ---- */

static void
draw_swatch (DpvPlot *p, const LegendEntry *e, double x, double y, double w, double h)
{
  cairo_t *cr = p->cr;
  double cy = y + h / 2;

  cairo_save (cr);
  switch (e->kind)
    {
    case ENTRY_LINE:
      dpv_color_set_source (&e->color, cr);
      cairo_set_line_width (cr, MIN (e->width, h * 0.6));
      set_dash (cr, e->dash, MIN (e->width, h * 0.6));
      cairo_move_to (cr, x, cy);
      cairo_line_to (cr, x + w, cy);
      cairo_stroke (cr);
      break;
    case ENTRY_MARKER:
      dpv_color_set_source (&e->color, cr);
      cairo_arc (cr, x + w / 2, cy, MIN (e->width, h * 0.4), 0, 2 * G_PI);
      cairo_fill (cr);
      break;
    case ENTRY_FILL:
    case ENTRY_BAR:
    default:
      {
        DpvColor fill = e->color;
        double sh = h * 0.7;

        fill.a *= e->alpha;
        cairo_rectangle (cr, x + 0.5, cy - sh / 2, w - 1, sh);
        dpv_color_set_source (&fill, cr);
        cairo_fill_preserve (cr);
        fill = e->color;
        fill.a *= e->kind == ENTRY_BAR ? 1.0 : 0.6;
        dpv_color_set_source (&fill, cr);
        cairo_set_line_width (cr, 1.0);
        cairo_stroke (cr);
      }
      break;
    }
  cairo_restore (cr);
}

void
dpv_plot_legend (DpvPlot *plot)
{
  DpvPlot *p = plot;
  cairo_t *cr;
  double pad, sw, gap, rowgap, maxw = 0, total_h = 0, bw, bh, bx, by, inset;
  double *row_h;
  PangoLayout **layouts;
  guint n;
  double best = INFINITY;

  g_return_if_fail (plot != NULL);
  ensure_layout (p);
  n = p->entries->len;
  if (n == 0 || !cr_ok (p))
    return;
  cr = p->cr;

  pad = p->em * 0.45;
  sw = p->em * 2.0;
  gap = p->em * 0.45;
  rowgap = p->em * 0.15;
  inset = p->em * 0.5;

  layouts = g_new0 (PangoLayout *, n);
  row_h = g_new0 (double, n);
  for (guint i = 0; i < n; i++)
    {
      LegendEntry *e = &g_array_index (p->entries, LegendEntry, i);
      double w, h, avail = p->dw - 2 * inset - 2 * pad - sw - gap;

      layouts[i] = new_layout (p->pctx, &p->style, e->markup, LEGEND_FACTOR);
      layout_size (layouts[i], &w, &h);
      if (w > avail && avail > p->em)
        {
          pango_layout_set_width (layouts[i], (int) (avail * PANGO_SCALE));
          pango_layout_set_ellipsize (layouts[i], PANGO_ELLIPSIZE_END);
          layout_size (layouts[i], &w, &h);
        }
      maxw = MAX (maxw, w);
      row_h[i] = MAX (h, p->em * 0.9);
      total_h += row_h[i] + (i > 0 ? rowgap : 0);
    }
  bw = pad + sw + gap + maxw + pad;
  bh = pad + total_h + pad;

  /* candidates: corners first, then edge midpoints, then the centre */
  {
    double l = p->dx + inset, r = p->dx + p->dw - inset - bw;
    double t = p->dy + inset, b = p->dy + p->dh - inset - bh;
    double cx = p->dx + p->dw / 2 - bw / 2, cy = p->dy + p->dh / 2 - bh / 2;
    Point cand[] = {
      { r, t }, { l, t }, { r, b }, { l, b },
      { cx, t }, { cx, b }, { r, cy }, { l, cy }, { cx, cy },
    };

    bx = cand[0].x;
    by = cand[0].y;
    for (guint c = 0; c < G_N_ELEMENTS (cand); c++)
      {
        double score = count_points (p, cand[c].x - 2, cand[c].y - 2, bw + 4, bh + 4)
                       + text_overlap (p, cand[c].x, cand[c].y, bw, bh) * 10.0
                       + (c < 4 ? 0.0 : 0.5);   /* corners win ties */
        if (score < best)
          {
            best = score;
            bx = cand[c].x;
            by = cand[c].y;
          }
      }
    bx = MAX (bx, p->x);
    by = MAX (by, p->y);
  }

  cairo_save (cr);
  {
    DpvColor bg, border = p->style.muted;
    double rad = p->em * 0.25;

    border.a *= 0.35;
    cairo_new_sub_path (cr);
    cairo_arc (cr, bx + bw - rad, by + rad, rad, -G_PI / 2, 0);
    cairo_arc (cr, bx + bw - rad, by + bh - rad, rad, 0, G_PI / 2);
    cairo_arc (cr, bx + rad, by + bh - rad, rad, G_PI / 2, G_PI);
    cairo_arc (cr, bx + rad, by + rad, rad, G_PI, 1.5 * G_PI);
    cairo_close_path (cr);
    if (halo_color (&p->style, &bg))
      {
        /* opaque when it must sit on data, translucent otherwise */
        bg.a = best > 0 ? 0.92 : 0.8;
        dpv_color_set_source (&bg, cr);
        cairo_fill_preserve (cr);
      }
    dpv_color_set_source (&border, cr);
    cairo_set_line_width (cr, 1.0);
    cairo_stroke (cr);
  }
  {
    double yy = by + pad;
    for (guint i = 0; i < n; i++)
      {
        LegendEntry *e = &g_array_index (p->entries, LegendEntry, i);
        double w, h;

        layout_size (layouts[i], &w, &h);
        draw_swatch (p, e, bx + pad, yy, sw, row_h[i]);
        show_layout (p, layouts[i], bx + pad + sw + gap, yy + (row_h[i] - h) / 2,
                     &p->style.foreground, FALSE);
        yy += row_h[i] + rowgap;
      }
  }
  cairo_restore (cr);
  record_text (p, DPV_TEXT_LEGEND, bx, by, bw, bh);

  for (guint i = 0; i < n; i++)
    g_object_unref (layouts[i]);
  g_free (layouts);
  g_free (row_h);
}

gsize
dpv_plot_get_text_rects (DpvPlot           *plot,
                         DpvTextKind        kind,
                         cairo_rectangle_t *rects,
                         gsize              max_rects)
{
  gsize n = 0;

  g_return_val_if_fail (plot != NULL, 0);
  for (guint i = 0; i < plot->texts->len; i++)
    {
      TextRect *r = &g_array_index (plot->texts, TextRect, i);
      if (r->kind != kind)
        continue;
      if (rects != NULL && n < max_rects)
        {
          rects[n].x = r->x;
          rects[n].y = r->y;
          rects[n].width = r->w;
          rects[n].height = r->h;
        }
      n++;
    }
  return n;
}

/* ------------------------------------------------------- figure helpers ---- */

static PangoLayout *
cr_layout (cairo_t *cr, const DpvStyle *style, const char *markup, double size_factor)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *desc;
  cairo_font_options_t *fo = cairo_font_options_create ();
  DpvStyle s = *style;

  cairo_font_options_set_hint_metrics (fo, CAIRO_HINT_METRICS_OFF);
  pango_cairo_context_set_font_options (pango_layout_get_context (layout), fo);
  pango_layout_context_changed (layout);
  cairo_font_options_destroy (fo);

  if (!isfinite (s.text_scale) || s.text_scale <= 0)
    s.text_scale = 1;
  if (!isfinite (size_factor) || size_factor <= 0)
    size_factor = 1;
  s.font_family[sizeof s.font_family - 1] = '\0';
  desc = make_font (&s, size_factor);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  set_markup_safe (layout, markup);
  return layout;
}

double
dpv_draw_text_block (cairo_t        *cr,
                     const DpvStyle *style,
                     double          x,
                     double          y,
                     double          width,
                     const char     *markup,
                     double          size_factor,
                     const DpvColor *color)
{
  PangoLayout *layout;
  double w, h;

  g_return_val_if_fail (cr != NULL, 0);
  g_return_val_if_fail (style != NULL, 0);
  if (markup == NULL || !*markup || cairo_status (cr) != CAIRO_STATUS_SUCCESS)
    return 0;
  if (!isfinite (x) || !isfinite (y))
    return 0;

  layout = cr_layout (cr, style, markup, size_factor);
  if (isfinite (width) && width > 0)
    {
      pango_layout_set_width (layout, (int) (MIN (width, 1e6) * PANGO_SCALE));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
    }
  layout_size (layout, &w, &h);
  cairo_save (cr);
  dpv_color_set_source (color ? color : &style->foreground, cr);
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
  g_object_unref (layout);
  return h;
}

void
dpv_measure_text (cairo_t        *cr,
                  const DpvStyle *style,
                  const char     *markup,
                  double          size_factor,
                  double         *width,
                  double         *height)
{
  PangoLayout *layout;
  double w = 0, h = 0;

  if (cr != NULL && style != NULL && markup != NULL)
    {
      layout = cr_layout (cr, style, markup, size_factor);
      layout_size (layout, &w, &h);
      g_object_unref (layout);
    }
  if (width)
    *width = w;
  if (height)
    *height = h;
}
