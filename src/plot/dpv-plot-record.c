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

/* ---- what a panel drew, for DpvStyle.plot_options.panel_log ------------------------------ */

void
dpv_panel_record_free (DpvPanelRecord *record)
{
  if (record == NULL)
    return;
  g_free (record->full_title);
  g_free (record->title);
  g_ptr_array_unref (record->legend);
  g_clear_pointer (&record->entries, g_ptr_array_unref);
  g_ptr_array_unref (record->labels);
  g_array_unref (record->texts);
  g_free (record);
}

/* The box (x, y, w, h) of cr's user space in device units. */
static DpvTextBox
device_box (cairo_t *cr, int kind, double x, double y, double w, double h)
{
  double x0 = x, y0 = y, x1 = x + w, y1 = y + h;
  DpvTextBox b;

  cairo_user_to_device (cr, &x0, &y0);
  cairo_user_to_device (cr, &x1, &y1);
  b.kind = kind;
  b.x = MIN (x0, x1);
  b.y = MIN (y0, y1);
  b.w = fabs (x1 - x0);
  b.h = fabs (y1 - y0);
  return b;
}

static DpvPanelRecord *
panel_record (DpvPlot *p)
{
  DpvTextBox box;

  if (p->style.plot_options.panel_log == NULL)
    return NULL;
  if (p->record != NULL)
    return p->record;
  p->record = g_new0 (DpvPanelRecord, 1);
  p->record->panel = p->serial;
  box = device_box (p->cr, 0, p->x, p->y, p->w, p->h);
  p->record->x = box.x;
  p->record->y = box.y;
  p->record->w = box.w;
  p->record->h = box.h;
  p->record->legend = g_ptr_array_new_with_free_func (g_free);
  p->record->labels = g_ptr_array_new_with_free_func (g_free);
  p->record->texts = g_array_new (FALSE, FALSE, sizeof (DpvTextBox));
  return p->record;
}

void
dpv_plot_record_text_box (DpvPlot *p, DpvTextKind kind, double x, double y, double w, double h)
{
  DpvPanelRecord *r = panel_record (p);
  DpvTextBox box;

  if (r == NULL)
    return;
  box = device_box (p->cr, kind, x, y, w, h);
  g_array_append_val (r->texts, box);
}

void
dpv_plot_record_title (DpvPlot *p, PangoLayout *layout)
{
  DpvPanelRecord *r = panel_record (p);

  if (r == NULL)
    return;
  g_free (r->title);
  r->title = g_strdup (p->title);
  r->title_ellipsized = pango_layout_is_ellipsized (layout);
}

void
dpv_plot_record_legend (DpvPlot *p, DpvLegendForm form, PangoLayout *const *layouts)
{
  DpvPanelRecord *r = panel_record (p);

  if (r == NULL || p->style.plot_options.hide_legends)
    return;
  r->legend_form = form;
  g_ptr_array_set_size (r->legend, 0);
  r->n_legend_ellipsized = 0;
  for (guint i = 0; i < p->entries->len; i++)
    {
      g_ptr_array_add (r->legend, g_strdup (g_array_index (p->entries, LegendEntry, i).markup));
      if (layouts != NULL && pango_layout_is_ellipsized (layouts[i]))
        r->n_legend_ellipsized++;
    }
}

void
dpv_plot_record_label (DpvPlot *p, PangoLayout *layout)
{
  DpvPanelRecord *r = panel_record (p);

  if (r == NULL || p->style.plot_options.hide_annotations)
    return;
  g_ptr_array_add (r->labels, g_strdup (pango_layout_get_text (layout)));
}

void
dpv_plot_log_panel (DpvPlot *p)
{
  static GMutex lock;
  DpvPanelRecord *r = panel_record (p);
  const char *full = p->title;

  if (r == NULL)
    return;
  p->record = NULL;
  if (p->title_choices != NULL && p->title_choices[0] != NULL && *p->title_choices[0])
    full = p->title_choices[0];
  r->full_title = g_strdup (full);
  r->title_short = r->title != NULL && g_strcmp0 (r->title, full) != 0;
  r->n_entries = p->entries->len;
  r->entries = g_ptr_array_new_full (p->entries->len, g_free);
  for (guint i = 0; i < p->entries->len; i++)
    g_ptr_array_add (r->entries, g_strdup (g_array_index (p->entries, LegendEntry, i).markup));
  if (p->dw > 0 && p->dh > 0)
    {
      DpvTextBox data = device_box (p->cr, 0, p->dx, p->dy, p->dw, p->dh);

      r->data_w = data.w;
      r->data_h = data.h;
    }
  r->em = device_box (p->cr, 0, 0, 0, p->em, p->em).h;
  g_mutex_lock (&lock);
  g_ptr_array_add (p->style.plot_options.panel_log, r);
  g_mutex_unlock (&lock);
}
