/* dpv-plot-legend-grid.c — a legend laid out in a grid, for the strip under a panel
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The sizes only: the margins reserve the strip (dpv-plot-margins.c), the legend draws into it
 * (dpv-plot-legend.c).
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dpv-plot-private.h"

/* The legend entries' sizes, as dpv_plot_legend () draws them, at text factor f. */
void
dpv_plot_legend_metrics (DpvPlot *p, double f, double *pad, double *sw, double *gap, double *rowgap)
{
  *pad = p->em * 0.45 * f;
  *sw = p->em * 2.0 * f;
  *gap = p->em * 0.45 * f;
  *rowgap = p->em * 0.15 * f;
}

/* A legend entry's text at text factor @f: at most @fit wide (when > 0) on at most @lines
 * lines, the last ellipsized only when they are not enough (dpv_text_fit_lines ()). */
PangoLayout *
dpv_plot_legend_layout (DpvPlot *p, const char *markup, double f, double fit, int lines)
{
  LayoutOptions opt = { FALSE, fit, FALSE, 0, lines };

  return dpv_plot_text_layout_with (p, markup, LEGEND_FACTOR * f, &opt);
}

/* The height of a layout's first line: a legend swatch sits against it. */
double
dpv_plot_first_line_height (PangoLayout *layout)
{
  PangoLayoutIter *it = pango_layout_get_iter (layout);
  PangoRectangle line;

  pango_layout_iter_get_line_extents (it, NULL, &line);
  pango_layout_iter_free (it);
  return (double) line.height / PANGO_SCALE;
}

guint
dpv_plot_legend_factors (DpvPlot *p, LegendSizes sizes, double *f)
{
  static const double usual[] = { 1.0, 0.88, 0.78 };
  double scale = p->style.text_scale, floor_f, step;
  guint n = 0;

  if (sizes == LEGEND_SIZES_USUAL)
    {
      memcpy (f, usual, sizeof usual);
      return G_N_ELEMENTS (usual);
    }
  /* enlarged text (a projector): the legend may come down to its size at text scale 1, in
   * steps of about an eighth, rather than not be drawn */
  floor_f = 1.0 / MAX (scale, 1.0);
  if (!(floor_f < usual[2] - 0.01))
    return 0;
  step = pow (floor_f / usual[2], 1.0 / ceil (log (floor_f / usual[2]) / log (0.88)));
  for (double x = usual[2] * step; n < LEGEND_MAX_SIZES && x >= floor_f - 1e-9; x *= step)
    f[n++] = x;
  return n;
}

/* The box dpv_plot_legend () draws in the data area for @markups, in @b (row_h: n heights,
 * or NULL): at the largest text factor of 1, 0.88, 0.78 at which it lies within the data
 * area, inset, and takes at most 30 % of it (LEGEND_BOX); else at 0.78 when it lies within
 * and takes at most half (LEGEND_BOX_LOOSE); else LEGEND_NO_BOX. Entries too wide for the
 * data area wrap onto @lines lines, the last ellipsized when they are not enough
 * (dpv_plot_legend_layout ()). */
LegendBoxFit
dpv_plot_legend_box (DpvPlot *p, const char *const *markups, guint n, int lines,
                     LegendSizes sizes, LegendBox *b, double *row_h)
{
  double shrink[LEGEND_MAX_SIZES];
  guint n_shrink = dpv_plot_legend_factors (p, sizes, shrink);

  for (guint a = 0; a < n_shrink; a++)
    {
      double f = shrink[a], maxw = 0, total_h = 0, area;
      gboolean last = a + 1 == n_shrink;

      b->f = f;
      b->lines = lines;
      dpv_plot_legend_metrics (p, f, &b->pad, &b->sw, &b->gap, &b->rowgap);
      b->inset = p->em * 0.5 * f;
      b->fit = p->dw - 2 * b->inset - 2 * b->pad - b->sw - b->gap;
      if (!(b->fit > p->em))
        b->fit = 0;
      for (guint i = 0; i < n; i++)
        {
          PangoLayout *layout = dpv_plot_legend_layout (p, markups[i], f, b->fit, b->lines);
          double w, h, rh;

          dpv_text_layout_size (layout, &w, &h);
          g_object_unref (layout);
          maxw = MAX (maxw, w);
          rh = MAX (h, p->em * 0.9 * f);
          if (row_h != NULL)
            row_h[i] = rh;
          total_h += rh + (i > 0 ? b->rowgap : 0);
        }
      b->w = b->pad + b->sw + b->gap + maxw + b->pad;
      b->h = b->pad + total_h + b->pad;
      area = b->w * b->h / MAX (p->dw * p->dh, 1e-9);
      if (b->w <= p->dw - 2 * b->inset && b->h <= p->dh - 2 * b->inset)
        {
          if (area <= 0.3)
            return LEGEND_BOX;
          if (last && area <= 0.5)
            return LEGEND_BOX_LOOSE;
        }
    }
  return LEGEND_NO_BOX;
}

/* Lays @markups out in as many columns as fit @max_w (the panel's width when 0), at the
 * largest text size whose grid is at most @max_h high; in one column, entries wider than
 * @max_w wrap onto a second line. FALSE when none fits. */
gboolean
dpv_plot_legend_grid (DpvPlot *p, const char *const *markups, guint n, double max_w, double max_h,
                      LegendSizes sizes, LegendGrid *g)
{
  double shrink[LEGEND_MAX_SIZES];
  guint n_shrink = dpv_plot_legend_factors (p, sizes, shrink);
  double avail = max_w > 0 ? max_w : p->w - 2 * p->pad;

  if (n == 0 || n > GRID_MAX || !(avail > 0))
    return FALSE;
  for (guint a = 0; a < n_shrink; a++)
    {
      double f = shrink[a], cell_w[GRID_MAX], cell_h[GRID_MAX];

      memset (g, 0, sizeof *g);
      g->f = f;
      dpv_plot_legend_metrics (p, f, &g->pad, &g->sw, &g->gap, &g->rowgap);
      g->colgap = p->em * 1.2 * f;
      for (guint i = 0; i < n; i++)
        {
          PangoLayout *layout = dpv_plot_legend_layout (p, markups[i], f, 0, 2);
          double w, h;

          dpv_text_layout_size (layout, &w, &h);
          g_object_unref (layout);
          cell_w[i] = g->sw + g->gap + w;
          cell_h[i] = MAX (h, p->em * 0.9 * f);
        }
      for (int cols = (int) n; cols >= 1; cols--)
        {
          double w = 2 * g->pad + (cols - 1) * g->colgap, h;

          for (int j = 0; j < cols; j++)
            {
              g->col_w[j] = 0;
              for (guint i = j; i < n; i += cols)
                g->col_w[j] = MAX (g->col_w[j], cell_w[i]);
              w += g->col_w[j];
            }
          if (w > avail && cols == 1 && avail - 2 * g->pad - g->sw - g->gap > p->em)
            {
              /* one column, still too wide: the entries wrap to the width left (not cut:
               * an entry that two lines do not hold wants smaller text) */
              gboolean cut = FALSE;

              g->fit = avail - 2 * g->pad - g->sw - g->gap;
              g->col_w[0] = 0;
              for (guint i = 0; i < n && !cut; i++)
                {
                  PangoLayout *layout = dpv_plot_legend_layout (p, markups[i], f, g->fit, 2);
                  double tw, th;

                  dpv_text_layout_size (layout, &tw, &th);
                  cut = pango_layout_is_ellipsized (layout);
                  g_object_unref (layout);
                  cell_w[i] = g->sw + g->gap + tw;
                  cell_h[i] = MAX (th, p->em * 0.9 * f);
                  g->col_w[0] = MAX (g->col_w[0], cell_w[i]);
                }
              w = cut ? INFINITY : 2 * g->pad + g->col_w[0];
            }
          if (w > avail + 0.01)
            continue;
          g->cols = cols;
          g->rows = ((int) n + cols - 1) / cols;
          h = 2 * g->pad + (g->rows - 1) * g->rowgap;
          for (int r = 0; r < g->rows; r++)
            {
              g->row_h[r] = 0;
              for (int j = 0; j < cols && r * cols + j < (int) n; j++)
                g->row_h[r] = MAX (g->row_h[r], cell_h[r * cols + j]);
              h += g->row_h[r];
            }
          g->w = w;
          g->h = h;
          if (h <= max_h)
            return TRUE;
          break;   /* fewer columns only make it taller */
        }
    }
  return FALSE;
}

/* The non-empty markups of @markups, copied. */
static GPtrArray *
copy_markups (const char *const *markups, gsize n)
{
  GPtrArray *a = g_ptr_array_new_with_free_func (g_free);

  for (gsize i = 0; i < n; i++)
    if (markups[i] != NULL && *markups[i])
      g_ptr_array_add (a, g_strdup (markups[i]));
  return a;
}

void
dpv_plot_set_legend_below (DpvPlot            *plot,
                           const char *const  *markups,
                           gsize               n)
{
  g_return_if_fail (plot != NULL);
  g_return_if_fail (markups != NULL || n == 0);

  if (plot->below != NULL)
    g_ptr_array_unref (plot->below);
  plot->below = copy_markups (markups, n);
  plot->laid_out = FALSE;
}

void
dpv_plot_set_legend_auto (DpvPlot            *plot,
                          const char *const  *markups,
                          gsize               n)
{
  g_return_if_fail (plot != NULL);
  g_return_if_fail (markups != NULL || n == 0);

  if (plot->auto_legend != NULL)
    g_ptr_array_unref (plot->auto_legend);
  plot->auto_legend = copy_markups (markups, n);
  plot->laid_out = FALSE;
}

/* Whether dpv_plot_legend () would place a legend of @markups inside the data area as it
 * is laid out: as a box within it taking at most 30 % of it, or in columns over it taking
 * no more (a legend over more of the data hides what it explains). */
gboolean
dpv_plot_legend_fits_inside (DpvPlot *p, const char *const *markups, guint n)
{
  LegendBox box;
  LegendGrid g;
  double inset = p->em * 0.5 * 0.78;   /* legend_in_columns ()'s */

  if (n == 0)
    return TRUE;
  if (dpv_plot_legend_box (p, markups, n, 2, LEGEND_SIZES_USUAL, &box, NULL) == LEGEND_BOX)
    return TRUE;
  return dpv_plot_legend_grid (p, markups, n, p->dw - 2 * inset, p->dh - 2 * inset,
                               LEGEND_SIZES_USUAL, &g)
         && g.w * g.h <= 0.3 * p->dw * p->dh;
}
