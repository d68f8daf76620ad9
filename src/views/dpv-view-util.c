/* dpv-view-util.c — what the views share: panels, grids, densities, number formats
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dpv-view-util.h"

char *
dpv_fmt (double value)
{
  return dpv_format_number (value, 4);
}

/* 1 − p has its first significant digit at 10^{−⌈−log₁₀(1 − p)⌉}: two more digits than that
 * show it (p = 0.99995460 at ε = 10: 7 digits, "0.9999546"), and never fewer than four. */
int
dpv_prob_digits (double p)
{
  int digits = 4;

  if (isfinite (p) && p > 0.999 && p < 1.0)
    digits = MAX (4, (int) ceil (-log10 (1.0 - p)) + 2);
  return MIN (digits, 17);
}

char *
dpv_fmt_prob (double p)
{
  return dpv_format_number (p, dpv_prob_digits (p));
}

/* Two values a student should see as different: both finite and apart by more than
 * @rel_tol of their size. */
static gboolean
differ (double a, double b, double rel_tol)
{
  return isfinite (a) && isfinite (b) && fabs (a - b) > rel_tol * MAX (fabs (a), fabs (b));
}

int
dpv_distinct_digits (const double *values, const double *rel_tol, gsize n)
{
  int digits;

  for (digits = 4; digits < DPV_DISTINCT_MAX_DIGITS; digits++)
    {
      gboolean clash = FALSE;

      for (gsize i = 0; i < n && !clash; i++)
        for (gsize j = i + 1; j < n && !clash; j++)
          if (differ (values[i], values[j], MAX (rel_tol[i], rel_tol[j])))
            {
              g_autofree char *a = dpv_format_number (values[i], digits);
              g_autofree char *b = dpv_format_number (values[j], digits);

              clash = strcmp (a, b) == 0;
            }
      if (!clash)
        break;
    }
  return digits;
}

DpvPlot *
dpv_panel_new (cairo_t *cr, const DpvStyle *style, double x, double y, double w, double h,
               DpvPanelSetup setup, gconstpointer user_data)
{
  DpvPlot *plot = dpv_plot_new (cr, style, x, y, MAX (w, 1.0), MAX (h, 1.0));

  setup (plot, user_data);
  dpv_plot_layout (plot);
  return plot;
}

void
dpv_panels_stacked (cairo_t *cr, const DpvStyle *style, double x, double y, double w, double h,
                    double top_fraction, DpvPanelSetup setup_top, DpvPanelSetup setup_bottom,
                    gconstpointer user_data, DpvPlot **top, DpvPlot **bottom)
{
  double h_top = h * top_fraction;
  DpvPlot *both[2];

  both[0] = *top = dpv_panel_new (cr, style, x, y, w, h_top, setup_top, user_data);
  both[1] = *bottom = dpv_panel_new (cr, style, x, y + h_top, w, h - h_top, setup_bottom,
                                     user_data);
  /* Same left and right margins: the two x axes line up exactly. */
  dpv_plot_align_x (both, 2);
}

gsize
dpv_grid_with_points (double lo, double hi, gsize n, const double *extra, gsize n_extra,
                      double *x)
{
  gsize m = 0;

  for (gsize i = 0; i < n; i++)
    x[m++] = lo + (hi - lo) * i / (double) (n - 1);
  /* the grid is sorted (each term grows with i, and rounding keeps the order): insert the
   * few extra points where they belong, rather than sort it all again */
  for (gsize i = 0; i < n_extra; i++)
    if (extra[i] > lo && extra[i] < hi)
      {
        gsize a = 0, b = m;   /* the first x[j] > extra[i] */

        while (a < b)
          {
            gsize mid = a + (b - a) / 2;

            if (x[mid] > extra[i])
              b = mid;
            else
              a = mid + 1;
          }
        memmove (x + a + 1, x + a, (m - a) * sizeof (double));
        x[a] = extra[i];
        m++;
      }
  return m;
}

void
dpv_grid_log (double lo, double hi, gsize n, double *x)
{
  double a = log (lo), b = log (hi);

  for (gsize i = 0; i < n; i++)
    x[i] = exp (a + (b - a) * i / (double) (n - 1));
  x[0] = lo;
  x[n - 1] = hi;
}

double
dpv_density (const DpMechanism *m, DpNeighbour which, double y)
{
  double v = NAN;

  if (dp_mechanism_density (m, which, y, &v) != DP_OK || !isfinite (v))
    return NAN;
  return v;
}

double
dpv_style_text_size (const DpvStyle *style)
{
  return style->font_size * (style->text_scale > 0 ? style->text_scale : 1.0);
}

gboolean
dpv_view_roomy (const DpvStyle *style, double w, double h)
{
  double text = dpv_style_text_size (style);

  return w >= 34 * text && h >= 16 * text;
}
