/* dpv-plot-tick-labels.c — which ticks an axis has and which of their labels show
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Ticks come from dpv-ticks.c; here they are thinned until their labels do not collide and
 * stay inside the panel, and a y label that meets an x label in a corner is nudged or
 * dropped.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dpv-plot-private.h"

static gsize
compute_ticks (const Axis *ax, guint max_ticks, DpvTick *ticks)
{
  if (ax->n_fixed > 0)
    {
      gsize n = 0;

      for (gsize i = 0; i < ax->n_fixed; i++)
        if (ax->fixed[i].value >= ax->min && ax->fixed[i].value <= ax->max)
          ticks[n++] = ax->fixed[i];
      return n;
    }
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
  dpv_text_layout_size (dpv_plot_text_layout (p, t->label, TICK_FACTOR), &w, &h);
  return width ? w : h;
}

/* Picks y ticks for a data height and returns the widest visible label. */
double
dpv_plot_pick_y_ticks (DpvPlot *p, int which)
{
  Axis *ax = &p->axes[which];
  double lh = dpv_text_font_px (&p->style, TICK_FACTOR) * 1.25;
  double centre[DPV_MAX_TICKS], size[DPV_MAX_TICKS];
  guint max_ticks = (guint) CLAMP (floor (p->dh / (lh * 1.9)) + 1, 2, 11);
  double widest = 0;

  for (;;)
    {
      guint hidden;

      ax->n_ticks = compute_ticks (ax, max_ticks, ax->ticks);
      for (gsize i = 0; i < ax->n_ticks; i++)
        {
          centre[i] = dpv_plot_map_y (p, which, ax->ticks[i].value);
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
void
dpv_plot_pick_x_ticks (DpvPlot *p, gboolean bounded, double *out_left, double *out_right)
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
          centre[i] = dpv_plot_map_x (p, ax->ticks[i].value);
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

/* The top of the x tick labels' row (and of an x title set in it). */
double
dpv_plot_x_tick_row_y (DpvPlot *p)
{
  return p->dy + p->dh + p->ticklen + p->pad * 0.4;
}

/* Where tick label i of an axis goes (top-left, size); returns its layout. */
PangoLayout *
dpv_plot_tick_label_rect (DpvPlot *p,
                          int      which,
                          gsize    i,
                          double  *x,
                          double  *y,
                          double  *w,
                          double  *h)
{
  const DpvTick *t = &p->axes[which].ticks[i];
  PangoLayout *layout = dpv_plot_text_layout (p, t->label, TICK_FACTOR);

  dpv_text_layout_size (layout, w, h);
  if (which == AX_X)
    {
      *x = dpv_plot_map_x (p, t->value) - *w / 2;
      *y = dpv_plot_x_tick_row_y (p);
    }
  else
    {
      *y = dpv_plot_map_y (p, which, t->value) - *h / 2 - p->axes[which].label_shift[i];
      if (which == AX_Y)
        *x = p->dx - p->ticklen - p->pad * 0.4 - *w;
      else
        *x = p->dx + p->dw + p->ticklen + p->pad * 0.4;
    }
  return layout;
}

/* In the corners a y label can meet the first or last x label: drop the y label. */
void
dpv_plot_resolve_corner_labels (DpvPlot *p)
{
  Axis *xa = &p->axes[AX_X];

  memset (p->axes[AX_Y].label_shift, 0, sizeof p->axes[AX_Y].label_shift);
  memset (p->axes[AX_Y2].label_shift, 0, sizeof p->axes[AX_Y2].label_shift);

  /* on a panel too narrow for its margins, a y label that would stick out of the panel
   * (into a neighbouring one) is dropped rather than clipped */
  for (int which = AX_Y; which <= AX_Y2; which++)
    {
      Axis *ya = &p->axes[which];

      if (which == AX_Y2 && !ya->set)
        continue;
      for (gsize i = 0; i < ya->n_ticks; i++)
        {
          double lx, ly, lw, lh;

          if (!ya->show_label[i])
            continue;
          dpv_plot_tick_label_rect (p, which, i, &lx, &ly, &lw, &lh);
          if (lx < p->x - 0.01 || lx + lw > p->x + p->w + 0.01)
            ya->show_label[i] = FALSE;
        }
    }

  if (!p->x_tick_labels)
    return;
  for (int which = AX_Y; which <= AX_Y2; which++)
    {
      Axis *ya = &p->axes[which];

      if (which == AX_Y2 && !ya->set)
        continue;
      for (gsize i = 0; i < G_N_ELEMENTS (ya->label_shift); i++)
        ya->label_shift[i] = 0;
      for (gsize i = 0; i < ya->n_ticks; i++)
        {
          double yx, yy, yw, yh;

          if (!ya->show_label[i])
            continue;
          dpv_plot_tick_label_rect (p, which, i, &yx, &yy, &yw, &yh);
          for (gsize j = 0; j < xa->n_ticks; j++)
            {
              double xx, xy, xw, xh, shift;

              if (!xa->show_label[j])
                continue;
              dpv_plot_tick_label_rect (p, AX_X, j, &xx, &xy, &xw, &xh);
              if (!(yx < xx + xw && xx < yx + yw && yy < xy + xh && xy < yy + yh))
                continue;
              /* nudge the y label up (by at most half its height, so it still reads as
               * belonging to its tick) unless that runs into the next label up */
              shift = yy + yh - xy + 0.5;
              if (shift <= yh / 2)
                {
                  gboolean clear = TRUE;
                  for (gsize k = 0; k < ya->n_ticks; k++)
                    {
                      double kx, ky, kw, kh;
                      if (k == i || !ya->show_label[k])
                        continue;
                      dpv_plot_tick_label_rect (p, which, k, &kx, &ky, &kw, &kh);
                      if (ky < yy - shift + yh && yy - shift < ky + kh)
                        clear = FALSE;
                    }
                  if (clear)
                    {
                      ya->label_shift[i] = shift;
                      break;
                    }
                }
              ya->show_label[i] = FALSE;
              break;
            }
        }
    }
}

/* An x title with no room of its own under the tick labels (dpv-plot-margins.c drops it
 * there) is set at the tick labels' size in their row, so that a compact panel keeps the
 * name of its axis: at the right end of the row, ending where the data area ends, with the
 * labels it meets hidden; or else centred in the widest gap between two labels that holds
 * it; or else between the first and the last label, the others hidden. When none of
 * these leaves two labels, the axis has no title. */
void
dpv_plot_place_inline_x_title (DpvPlot *p)
{
  Axis *ax = &p->axes[AX_X];
  double w, gap = p->em * 0.8, x0 = 0, best = -1, lo[DPV_MAX_TICKS], hi[DPV_MAX_TICKS];
  gboolean keep[DPV_MAX_TICKS];
  gsize order[DPV_MAX_TICKS], n = 0;
  guint left = 0;

  if (!p->x_title_inline)
    return;
  p->x_title_inline = FALSE;
  if (ax->title == NULL || !p->x_tick_labels)
    return;
  dpv_text_layout_size (dpv_plot_text_layout (p, ax->title, TICK_FACTOR), &w, NULL);
  if (!(w <= p->dw))
    return;
  for (gsize i = 0; i < ax->n_ticks; i++)
    if (ax->show_label[i])
      {
        double ly, lw, lh;

        dpv_plot_tick_label_rect (p, AX_X, i, &lo[i], &ly, &lw, &lh);
        hi[i] = lo[i] + lw;
        order[n++] = i;
      }
  /* the labels left to right (insertion sort: a dozen at most) */
  for (gsize k = 1; k < n; k++)
    for (gsize j = k; j > 0 && lo[order[j]] < lo[order[j - 1]]; j--)
      {
        gsize t = order[j];

        order[j] = order[j - 1];
        order[j - 1] = t;
      }
  /* the right end, where an axis title is read as one */
  x0 = p->dx + p->dw - w;
  for (gsize i = 0; i < ax->n_ticks; i++)
    {
      keep[i] = ax->show_label[i] && hi[i] <= x0 - gap;
      left += keep[i];
    }
  for (gsize k = 0; left < 2 && k + 1 < n; k++)
    {
      double a = hi[order[k]] + gap, b = lo[order[k + 1]] - gap;

      if (b - a >= w && b - a > best)
        {
          best = b - a;
          x0 = (a + b) / 2 - w / 2;
        }
    }
  if (best >= 0)
    {
      p->x_title_x = x0;
      p->x_title_inline = TRUE;
      return;
    }
  if (left < 2 && n >= 2 && lo[order[n - 1]] - hi[order[0]] - 2 * gap >= w)
    {
      /* the first and the last label alone, the title between them */
      for (gsize i = 0; i < ax->n_ticks; i++)
        keep[i] = i == order[0] || i == order[n - 1];
      x0 = (hi[order[0]] + lo[order[n - 1]]) / 2 - w / 2;
      left = 2;
    }
  if (left < 2)
    return;
  memcpy (ax->show_label, keep, ax->n_ticks * sizeof keep[0]);
  p->x_title_x = x0;
  p->x_title_inline = TRUE;
}

double
dpv_plot_y_label_height (DpvPlot *p, int which)
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

double
dpv_plot_x_label_height (DpvPlot *p)
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
