/* dpv-plot-record.c — what a plot has drawn in its data area
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Legend entries, and samples of the curves and lines drawn (in user units), which label and
 * legend placement count (dpv-plot-placement.c).
 */
#include "config.h"

#include <math.h>

#include "dpv-plot-private.h"

void
dpv_series_record_free (DpvSeriesRecord *record)
{
  if (record == NULL)
    return;
  g_free (record->panel_title);
  g_free (record->x_title);
  g_free (record->y_title);
  g_free (record->legend);
  if (record->x != NULL)
    g_array_unref (record->x);
  if (record->y != NULL)
    g_array_unref (record->y);
  g_free (record);
}

DpvSeriesRecord *
dpv_plot_log_series (DpvPlot *p, DpvSeriesKind kind, gboolean y2, const double *x,
                     const double *y, gsize n, const DpvColor *color, DpvDash dash,
                     const char *legend)
{
  static GMutex lock;
  DpvSeriesRecord *r;
  const char *panel;

  if (p->style.plot_options.series_log == NULL)
    return NULL;
  panel = p->title;
  if (p->title_choices != NULL && p->title_choices[0] != NULL)
    panel = p->title_choices[0];
  r = g_new0 (DpvSeriesRecord, 1);
  r->kind = kind;
  r->panel = p->serial;
  r->ordinal = p->ordinal;
  r->y2 = y2;
  r->panel_title = g_strdup (panel);
  r->x_title = g_strdup (p->axes[AX_X].title);
  r->y_title = g_strdup (p->axes[y2 ? AX_Y2 : AX_Y].title);
  r->legend = g_strdup (legend);
  r->dash = dash;
  r->color = color != NULL ? *color : p->style.foreground;
  r->x = g_array_sized_new (FALSE, FALSE, sizeof (double), n);
  r->y = g_array_sized_new (FALSE, FALSE, sizeof (double), n);
  g_array_append_vals (r->x, x, n);
  g_array_append_vals (r->y, y, n);
  g_mutex_lock (&lock);
  g_ptr_array_add (p->style.plot_options.series_log, r);
  g_mutex_unlock (&lock);
  return r;
}

void
dpv_plot_add_entry (DpvPlot *p, EntryKind kind, const char *markup, const DpvColor *color,
                    double width, double alpha, DpvDash dash)
{
  LegendEntry e;

  if (markup == NULL || !*markup)
    return;
  /* a series drawn in several calls (say, one per segment) gets one entry */
  for (guint i = 0; i < p->entries->len; i++)
    {
      LegendEntry *o = &g_array_index (p->entries, LegendEntry, i);
      const DpvColor *c = color ? color : &p->style.foreground;
      if (o->kind == kind && o->dash == dash && o->color.r == c->r && o->color.g == c->g
          && o->color.b == c->b && o->color.a == c->a && g_str_equal (o->markup, markup))
        return;
    }
  e.kind = kind;
  e.markup = g_strdup (markup);
  e.color = color ? *color : p->style.foreground;
  e.width = width;
  e.alpha = alpha;
  e.dash = dash;
  g_array_append_val (p->entries, e);
}

/* What a translucent series (a fill, bars, a shaded range) does first: its opacity settled
 * (@default_alpha when @alpha is not finite, then within [0, 1]), its legend entry added.
 * Returns its colour (@color, or @fallback when NULL) at that opacity, as it fills. */
DpvColor
dpv_plot_add_fill_entry (DpvPlot        *p,
                         EntryKind       kind,
                         const char     *markup,
                         const DpvColor *color,
                         const DpvColor *fallback,
                         double          alpha,
                         double          default_alpha)
{
  DpvColor fill;

  if (color == NULL)
    color = fallback;
  if (!isfinite (alpha))
    alpha = default_alpha;
  alpha = CLAMP (alpha, 0.0, 1.0);
  dpv_plot_add_entry (p, kind, markup, color, 1.0, alpha, DPV_DASH_SOLID);
  fill = *color;
  fill.a *= alpha;
  return fill;
}

void
dpv_plot_record_point (DpvPlot *p, double x, double y)
{
  Point pt = { x, y };

  if (x < p->dx - 1 || x > p->dx + p->dw + 1 || y < p->dy - 1 || y > p->dy + p->dh + 1)
    return;
  g_array_append_val (p->points, pt);
}

/* Samples the part of segment a→b inside the data area every few user units. */
void
dpv_plot_record_segment_to (DpvPlot *p, GArray *into, double ax, double ay, double bx, double by)
{
  double step = MAX (1.0, p->em * 0.4);
  double len = hypot (bx - ax, by - ay);
  int n = isfinite (len) ? (int) CLAMP (ceil (len / step), 1, 400) : 1;

  for (int i = 0; i <= n; i++)
    {
      double t = (double) i / n;
      Point pt = { ax + t * (bx - ax), ay + t * (by - ay) };

      if (pt.x < p->dx - 1 || pt.x > p->dx + p->dw + 1 || pt.y < p->dy - 1
          || pt.y > p->dy + p->dh + 1)
        continue;
      g_array_append_val (into, pt);
    }
}

void
dpv_plot_record_segment (DpvPlot *p, double ax, double ay, double bx, double by)
{
  dpv_plot_record_segment_to (p, p->points, ax, ay, bx, by);
}
