/* dpv-plot-pins.c — earlier figures' series, drawn faded under a panel's own
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A pin is the list of series a figure drew (DpvStyle.plot_options.series_log) with a label.
 * A panel draws the series of each pin that were recorded in a panel with its number in the
 * figure and its axis titles (matches ()), with the panel's own axes: in data coordinates, so
 * the size the pin was recorded at does not matter. Pins draw nothing the series log records
 * and add no points for label placement beyond reference-line samples (which count less).
 */
#include "config.h"

#include <math.h>

#include "dpv-plot-private.h"

struct _DpvPins {
  gint ref_count;
  GPtrArray *labels;   /* char* */
  GPtrArray *series;   /* GPtrArray* of DpvSeriesRecord* */
};

DpvPins *
dpv_pins_new (void)
{
  DpvPins *pins = g_new0 (DpvPins, 1);

  pins->ref_count = 1;
  pins->labels = g_ptr_array_new_with_free_func (g_free);
  pins->series = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  return pins;
}

DpvPins *
dpv_pins_append (const DpvPins *pins, const char *label_markup, GPtrArray *series, guint max)
{
  DpvPins *out;
  guint n = dpv_pins_get_n (pins), first;

  g_return_val_if_fail (series != NULL, NULL);

  out = dpv_pins_new ();
  max = MAX (max, 1);
  first = n + 1 > max ? n + 1 - max : 0;
  for (guint i = first; i < n; i++)
    {
      g_ptr_array_add (out->labels, g_strdup (g_ptr_array_index (pins->labels, i)));
      g_ptr_array_add (out->series, g_ptr_array_ref (g_ptr_array_index (pins->series, i)));
    }
  g_ptr_array_add (out->labels, g_strdup (label_markup != NULL ? label_markup : ""));
  g_ptr_array_add (out->series, g_ptr_array_ref (series));
  return out;
}

DpvPins *
dpv_pins_ref (DpvPins *pins)
{
  g_return_val_if_fail (pins != NULL, NULL);
  g_atomic_int_inc (&pins->ref_count);
  return pins;
}

void
dpv_pins_unref (DpvPins *pins)
{
  if (pins == NULL || !g_atomic_int_dec_and_test (&pins->ref_count))
    return;
  g_ptr_array_unref (pins->labels);
  g_ptr_array_unref (pins->series);
  g_free (pins);
}

guint
dpv_pins_get_n (const DpvPins *pins)
{
  return pins != NULL ? pins->labels->len : 0;
}

const char *
dpv_pins_get_label (const DpvPins *pins, guint i)
{
  g_return_val_if_fail (i < dpv_pins_get_n (pins), NULL);
  return g_ptr_array_index (pins->labels, i);
}

GPtrArray *
dpv_pins_get_series (const DpvPins *pins, guint i)
{
  g_return_val_if_fail (i < dpv_pins_get_n (pins), NULL);
  return g_ptr_array_index (pins->series, i);
}

DpvDash
dpv_pins_dash (guint i)
{
  static const DpvDash dashes[] = { DPV_DASH_DOTTED, DPV_DASH_DASHED, DPV_DASH_DASHDOT,
                                    DPV_DASH_DASH_DOT_DOT };

  return dashes[i % G_N_ELEMENTS (dashes)];
}

/* The panel's title as the series log records it. */
static const char *
panel_title (DpvPlot *p)
{
  if (p->title_choices != NULL && p->title_choices[0] != NULL)
    return p->title_choices[0];
  return p->title;
}

static gboolean
is_digit (gunichar c)
{
  return (c >= '0' && c <= '9') || c == 0x00B9 || c == 0x00B2 || c == 0x00B3 || c == 0x2070
         || (c >= 0x2074 && c <= 0x2079);
}

/* Characters of a number as the views write them: digits, the decimal point, a minus sign,
 * ×10 and superscript exponents. */
static gboolean
is_number_char (gunichar c)
{
  return is_digit (c) || c == '.' || c == 0x00D7 || c == 0x207B || c == 0x2212 || c == '-';
}

/* @title with each number (a run of number characters holding a digit) replaced by "#": the
 * titles of a panel at other parameters ("k = 100: basic 30.00", "total ε at δ = 10⁻⁵")
 * compare equal. */
static char *
without_numbers (const char *title)
{
  GString *s;
  const char *c;

  if (title == NULL)
    return NULL;
  s = g_string_new (NULL);
  for (c = title; *c;)
    {
      const char *run = c;
      gboolean digit = FALSE;

      while (*c && is_number_char (g_utf8_get_char (c)))
        {
          digit |= is_digit (g_utf8_get_char (c));
          c = g_utf8_next_char (c);
        }
      if (c > run)
        {
          if (digit)
            g_string_append_c (s, '#');
          else
            g_string_append_len (s, run, c - run);
          continue;
        }
      run = c;
      c = g_utf8_next_char (c);
      g_string_append_len (s, run, c - run);
    }
  return g_string_free (s, FALSE);
}

static gboolean
same_title (const char *a, const char *b)
{
  g_autofree char *na = without_numbers (a);
  g_autofree char *nb = without_numbers (b);

  return g_strcmp0 (na, nb) == 0;
}

/* The record was drawn in a panel of this number in its figure, with these axis titles (up to
 * the numbers in them, which follow the parameters). The panel's title counts only where the
 * axes have no titles: titles often state the figure's values in words ("k = 100: basic 50 ·
 * … · advanced is never below basic here"), and the axes say what the panel plots. */
static gboolean
matches (DpvPlot *p, const DpvSeriesRecord *r)
{
  const char *y_title = p->axes[r->y2 ? AX_Y2 : AX_Y].title;

  if (r->ordinal != p->ordinal)
    return FALSE;
  if (r->y2 && !p->axes[AX_Y2].set)
    return FALSE;
  if (!same_title (r->x_title, p->axes[AX_X].title) || !same_title (r->y_title, y_title))
    return FALSE;
  return (r->x_title != NULL && r->y_title != NULL)
         || same_title (r->panel_title, panel_title (p));
}

/* @color blended DPV_PIN_FADE of the way towards the plot background (the figure background
 * when the plot's is transparent); over a transparent figure, @color at 1 − DPV_PIN_FADE
 * opacity instead. */
static DpvColor
faded (DpvPlot *p, const DpvColor *color)
{
  const DpvColor *bg = &p->style.plot_background;
  DpvColor out = *color;

  if (bg->a <= 0)
    bg = &p->style.background;
  if (bg->a <= 0)
    {
      out.a *= 1.0 - DPV_PIN_FADE;
      return out;
    }
  out.r = color->r + DPV_PIN_FADE * (bg->r - color->r);
  out.g = color->g + DPV_PIN_FADE * (bg->g - color->g);
  out.b = color->b + DPV_PIN_FADE * (bg->b - color->b);
  return out;
}

/* A polyline of the record's points (non-finite ones break it), its samples recorded as
 * reference points. */
static void
path_line (DpvPlot *p, int yaxis, const DpvSeriesRecord *r)
{
  const double *x = (const double *) r->x->data, *y = (const double *) r->y->data;
  gsize n = MIN (r->x->len, r->y->len);
  gboolean have_prev = FALSE;
  double px = 0, py = 0;

  for (gsize i = 0; i < n; i++)
    {
      double ux = isfinite (x[i]) ? dpv_plot_map_x (p, x[i]) : NAN;
      double uy = isfinite (y[i]) ? dpv_plot_map_y (p, yaxis, y[i]) : NAN;

      if (!isfinite (ux) || !isfinite (uy))
        {
          have_prev = FALSE;
          continue;
        }
      ux = dpv_clamp_far (ux);
      uy = dpv_clamp_far (uy);
      if (have_prev)
        {
          cairo_line_to (p->cr, ux, uy);
          dpv_plot_record_segment_to (p, p->ref_points, px, py, ux, uy);
        }
      else
        cairo_move_to (p->cr, ux, uy);
      px = ux;
      py = uy;
      have_prev = TRUE;
    }
}

/* Bars as outlines: from 0 (the bottom of a log axis) to their height. */
static void
path_bars (DpvPlot *p, const DpvSeriesRecord *r)
{
  const double *x = (const double *) r->x->data, *h = (const double *) r->y->data;
  gsize n = MIN (r->x->len, r->y->len);
  double half = isfinite (r->bar_width) ? r->bar_width / 2 : 0;
  double base = p->axes[AX_Y].scale == DPV_SCALE_LOG
                  ? p->dy + p->dh
                  : dpv_plot_clamp_user (p, dpv_plot_map_y (p, AX_Y, 0.0), FALSE);

  for (gsize i = 0; i < n; i++)
    {
      double x0 = dpv_plot_map_x (p, x[i] - half), x1 = dpv_plot_map_x (p, x[i] + half);
      double top = dpv_plot_map_y (p, AX_Y, h[i]);

      if (!isfinite (x0) || !isfinite (x1) || !isfinite (top))
        continue;
      top = dpv_plot_clamp_user (p, top, FALSE);
      x0 = dpv_plot_clamp_user (p, x0, TRUE);
      x1 = dpv_plot_clamp_user (p, x1, TRUE);
      cairo_move_to (p->cr, x0, base);
      cairo_line_to (p->cr, x0, top);
      cairo_line_to (p->cr, x1, top);
      cairo_line_to (p->cr, x1, base);
    }
}

/* Markers as rings of a third of the text size. */
static void
path_markers (DpvPlot *p, const DpvSeriesRecord *r)
{
  const double *x = (const double *) r->x->data, *y = (const double *) r->y->data;
  gsize n = MIN (r->x->len, r->y->len);
  double radius = p->em / 3;

  for (gsize i = 0; i < n; i++)
    {
      double ux = dpv_plot_map_x (p, x[i]), uy = dpv_plot_map_y (p, AX_Y, y[i]);

      if (!isfinite (ux) || !isfinite (uy) || ux < p->dx - radius
          || ux > p->dx + p->dw + radius || uy < p->dy - radius || uy > p->dy + p->dh + radius)
        continue;
      cairo_new_sub_path (p->cr);
      cairo_arc (p->cr, ux, uy, radius, 0, 2 * G_PI);
    }
}

void
dpv_plot_draw_pins (DpvPlot *p)
{
  const DpvPins *pins = p->style.plot_options.pins;
  cairo_t *cr = p->cr;
  double width;

  if (p->pins_drawn || dpv_pins_get_n (pins) == 0 || !dpv_plot_cr_ok (p))
    return;
  p->pins_drawn = TRUE;
  /* thinner than the panel's own lines, and never under one device pixel */
  width = MAX (0.75 * p->style.line_width, dpv_plot_device_px (p));

  cairo_save (cr);
  dpv_plot_clip_data_area (p);
  cairo_set_line_width (cr, width);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  /* Dash ends are round caps: at cairo's default tolerance (0.1 px) each is a many-sided
   * polygon. Half a pixel changes no pixel by more than a few per cent and keeps three pins
   * within a frame's budget (as for dashed lines, dpv-plot-lines.c). */
  if (!p->vector)
    cairo_set_tolerance (cr, 0.5 * dpv_plot_device_px (p));
  for (guint i = 0; i < dpv_pins_get_n (pins); i++)
    {
      GPtrArray *series = dpv_pins_get_series (pins, i);
      DpvDash dash = dpv_pins_dash (i);
      gboolean drawn = FALSE;

      for (guint j = 0; j < series->len; j++)
        {
          const DpvSeriesRecord *r = g_ptr_array_index (series, j);
          DpvColor color;

          /* fills are left out: their upper edge is mostly a line drawn too, and their lower
           * one often the axis */
          if (r->x == NULL || r->y == NULL || r->kind == DPV_SERIES_FILL_LOWER
              || r->kind == DPV_SERIES_FILL_UPPER || !matches (p, r))
            continue;
          color = faded (p, &r->color);
          dpv_color_set_source (&color, cr);
          cairo_new_path (cr);
          switch (r->kind)
            {
            case DPV_SERIES_BARS:
              path_bars (p, r);
              dpv_set_dash (cr, DPV_DASH_SOLID, width);
              break;
            case DPV_SERIES_MARKERS:
              path_markers (p, r);
              dpv_set_dash (cr, DPV_DASH_SOLID, width);
              break;
            case DPV_SERIES_LINE:
            default:
              path_line (p, r->y2 ? AX_Y2 : AX_Y, r);
              dpv_set_dash (cr, dash, width);
              break;
            }
          cairo_stroke (cr);
          drawn = TRUE;
        }
      if (drawn && dpv_plot_claim_pin_key (p, i))
        {
          /* the key, in the first panel of the figure that draws the pin: its label, faded,
           * with a swatch of its dash pattern */
          g_autofree char *key = g_strdup_printf ("<span fgalpha=\"70%%\">%s</span>",
                                                  dpv_pins_get_label (pins, i));
          LegendEntry e = { ENTRY_LINE, g_steal_pointer (&key), faded (p, &p->style.foreground),
                            width, 1.0, dash };

          if (p->pin_entries == NULL)
            p->pin_entries = g_array_new (FALSE, FALSE, sizeof (LegendEntry));
          g_array_append_val (p->pin_entries, e);
        }
    }
  cairo_restore (cr);
}

/* The pins' legend entries after the panel's own (which the series drawn after the frame
 * added). */
void
dpv_plot_take_pin_entries (DpvPlot *p)
{
  if (p->pin_entries == NULL)
    return;
  g_array_append_vals (p->entries, p->pin_entries->data, p->pin_entries->len);
  g_array_unref (p->pin_entries);
  p->pin_entries = NULL;
}
