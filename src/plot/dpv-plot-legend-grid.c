/* dpv-plot-legend-grid.c — a legend laid out in a grid, for the strip under a panel
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The sizes only: the margins reserve the strip (dpv-plot-margins.c), the legend draws into it
 * (dpv-plot-legend.c).
 */
#include "config.h"

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

/* Lays @markups out in as many columns as fit @max_w (the panel's width when 0), at the
 * largest text size whose grid is at most @max_h high. FALSE when none fits. */
gboolean
dpv_plot_legend_grid (DpvPlot *p, const char *const *markups, guint n, double max_w, double max_h,
                      LegendGrid *g)
{
  static const double shrink[] = { 1.0, 0.88, 0.78 };
  double avail = max_w > 0 ? max_w : p->w - 2 * p->pad;

  if (n == 0 || n > GRID_MAX || !(avail > 0))
    return FALSE;
  for (guint a = 0; a < G_N_ELEMENTS (shrink); a++)
    {
      double f = shrink[a], cell_w[GRID_MAX], cell_h[GRID_MAX];

      memset (g, 0, sizeof *g);
      g->f = f;
      dpv_plot_legend_metrics (p, f, &g->pad, &g->sw, &g->gap, &g->rowgap);
      g->colgap = p->em * 1.2 * f;
      for (guint i = 0; i < n; i++)
        {
          PangoLayout *layout = dpv_plot_text_layout_with (p, markups[i], LEGEND_FACTOR * f,
                                                           NULL);
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
          if (w > avail)
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

void
dpv_plot_set_legend_below (DpvPlot            *plot,
                           const char *const  *markups,
                           gsize               n)
{
  g_return_if_fail (plot != NULL);
  g_return_if_fail (markups != NULL || n == 0);

  if (plot->below != NULL)
    g_ptr_array_unref (plot->below);
  plot->below = g_ptr_array_new_with_free_func (g_free);
  for (gsize i = 0; i < n; i++)
    if (markups[i] != NULL && *markups[i])
      g_ptr_array_add (plot->below, g_strdup (markups[i]));
  plot->laid_out = FALSE;
}
