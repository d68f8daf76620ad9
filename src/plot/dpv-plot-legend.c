/* dpv-plot-legend.c — the legend: inside the data area where it covers least, or in its strip
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "dpv-plot-private.h"

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
      dpv_set_dash (cr, e->dash, MIN (e->width, h * 0.6));
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

/* The legend box: a rectangle with rounded corners. */
static void
legend_frame_path (DpvPlot *p, double x, double y, double w, double h)
{
  cairo_t *cr = p->cr;
  double rad = p->em * 0.25;

  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - rad, y + rad, rad, -G_PI / 2, 0);
  cairo_arc (cr, x + w - rad, y + h - rad, rad, 0, G_PI / 2);
  cairo_arc (cr, x + rad, y + h - rad, rad, G_PI / 2, G_PI);
  cairo_arc (cr, x + rad, y + rad, rad, G_PI, 1.5 * G_PI);
  cairo_close_path (cr);
}

static void
stroke_legend_frame (DpvPlot *p)
{
  DpvColor border = p->style.muted;

  border.a *= 0.35;
  dpv_color_set_source (&border, p->cr);
  cairo_set_line_width (p->cr, 1.0);
  cairo_stroke (p->cr);
}

/* A legend entry: the swatch in a box sw wide against the text's first line, the text
 * after it, both in the row (x, y, row_h). */
static void
draw_entry (DpvPlot *p, const LegendEntry *e, PangoLayout *layout, double x, double y,
            double sw, double gap, double row_h)
{
  double w, h, ty;

  dpv_text_layout_size (layout, &w, &h);
  ty = y + (row_h - h) / 2;
  if (pango_layout_get_line_count (layout) > 1)
    draw_swatch (p, e, x, ty, sw, dpv_plot_first_line_height (layout));
  else
    draw_swatch (p, e, x, y, sw, row_h);
  dpv_plot_show_layout (p, layout, x + sw + gap, ty, &p->style.foreground, FALSE);
}

/* The entries laid out in grid @g, in the box at (bx, by); on a near-opaque background when
 * @background (a box over the data). Records the legend drawn as @form. */
static void
draw_grid (DpvPlot *p, const LegendGrid *g, double bx, double by, gboolean background,
           DpvLegendForm form)
{
  guint n = p->entries->len;
  PangoLayout **layouts = g_new0 (PangoLayout *, MAX (n, 1));

  cairo_save (p->cr);
  legend_frame_path (p, bx, by, g->w, g->h);
  if (background)
    {
      DpvColor bg;

      if (dpv_plot_halo_color (&p->style, &bg))
        {
          bg.a = 0.92;
          dpv_color_set_source (&bg, p->cr);
          cairo_fill_preserve (p->cr);
        }
    }
  stroke_legend_frame (p);
  for (guint i = 0; i < n; i++)
    {
      LegendEntry *e = &g_array_index (p->entries, LegendEntry, i);
      int row = (int) i / g->cols, col = (int) i % g->cols;
      double x = bx + g->pad, y = by + g->pad;

      layouts[i] = dpv_plot_legend_layout (p, e->markup, g->f, g->fit, 2);
      for (int j = 0; j < col; j++)
        x += g->col_w[j] + g->colgap;
      for (int r = 0; r < row; r++)
        y += g->row_h[r] + g->rowgap;
      draw_entry (p, e, layouts[i], x, y, g->sw, g->gap, g->row_h[row]);
    }
  cairo_restore (p->cr);
  dpv_plot_record_legend (p, form, layouts);
  for (guint i = 0; i < n; i++)
    g_object_unref (layouts[i]);
  g_free (layouts);
}

static const char **
entry_markups (DpvPlot *p)
{
  const char **markups = g_new (const char *, MAX (p->entries->len, 1));

  for (guint i = 0; i < p->entries->len; i++)
    markups[i] = g_array_index (p->entries, LegendEntry, i).markup;
  return markups;
}

/* dpv_plot_legend_grid () at the usual sizes, else at the smaller ones enlarged text may
 * take: the strip and the column were reserved at one of them. */
static gboolean
legend_grid_any_size (DpvPlot *p, const char *const *markups, double max_w, double max_h,
                      LegendGrid *g)
{
  return dpv_plot_legend_grid (p, markups, p->entries->len, max_w, max_h, LEGEND_SIZES_USUAL, g)
         || dpv_plot_legend_grid (p, markups, p->entries->len, max_w, max_h,
                                  LEGEND_SIZES_SMALL, g);
}

/* The legend in the strip reserved by dpv_plot_set_legend_below (), centred under the data
 * area. FALSE when the entries drawn are more than the strip holds. */
static gboolean
legend_below (DpvPlot *p)
{
  g_autofree const char **markups = entry_markups (p);
  LegendGrid g;
  double bx, by;

  if (!legend_grid_any_size (p, markups, 0, p->below_h - p->pad + 0.01, &g))
    return FALSE;
  bx = p->dx + (p->dw - g.w) / 2;
  bx = CLAMP (bx, p->x + p->pad, p->x + p->w - p->pad - g.w);
  by = p->y + p->h - p->below_h + p->pad * 0.5;
  dpv_plot_record_text (p, DPV_TEXT_LEGEND, bx, by, g.w, g.h);
  if (p->style.plot_options.hide_legends)
    return TRUE;
  draw_grid (p, &g, bx, by, FALSE, DPV_LEGEND_BELOW);
  return TRUE;
}

/* The legend in the column reserved right of the data area (when no strip holds it), against
 * the panel's right edge, under the panel's title and centred on the data area's height.
 * FALSE when the entries drawn are more than it holds. */
static gboolean
legend_beside (DpvPlot *p)
{
  g_autofree const char **markups = entry_markups (p);
  double top = p->beside_top;
  double max_w = p->beside_w - p->pad + 0.01, max_h = p->y + p->h - p->pad - top;
  LegendGrid g;
  double bx, by;

  if (!legend_grid_any_size (p, markups, max_w, max_h, &g))
    return FALSE;
  bx = p->x + p->w - p->pad * 0.5 - g.w;
  by = p->dy + (p->dh - g.h) / 2;
  by = CLAMP (by, top, p->y + p->h - p->pad - g.h);
  dpv_plot_record_text (p, DPV_TEXT_LEGEND, bx, by, g.w, g.h);
  if (p->style.plot_options.hide_legends)
    return TRUE;
  draw_grid (p, &g, bx, by, FALSE, DPV_LEGEND_BESIDE);
  return TRUE;
}

/* A legend too tall for one column in the data area: in as many columns as fit its width, in
 * the top or bottom band of the data area that covers fewer points, on a near-opaque
 * background. FALSE when even that does not fit. */
static gboolean
legend_in_columns (DpvPlot *p, double inset, LegendSizes sizes)
{
  g_autofree const char **markups = entry_markups (p);
  LegendGrid g;
  double bx, by, top, bottom;

  if (!dpv_plot_legend_grid (p, markups, p->entries->len, p->dw - 2 * inset,
                             p->dh - 2 * inset, sizes, &g))
    return FALSE;
  bx = p->dx + (p->dw - g.w) / 2;
  top = p->dy + inset;
  bottom = p->dy + p->dh - inset - g.h;
  by = dpv_plot_count_points (p, bx, bottom, g.w, g.h)
       < dpv_plot_count_points (p, bx, top, g.w, g.h) ? bottom : top;
  dpv_plot_record_text (p, DPV_TEXT_LEGEND, bx, by, g.w, g.h);
  if (p->style.plot_options.hide_legends)
    return TRUE;
  draw_grid (p, &g, bx, by, TRUE, DPV_LEGEND_BOX);
  return TRUE;
}

void
dpv_plot_legend (DpvPlot *plot)
{
  DpvPlot *p = plot;
  cairo_t *cr;
  double bw, bh, bx, by, inset;
  double *row_h;
  PangoLayout **layouts;
  g_autofree const char **markups = NULL;
  LegendBox box;
  guint n;
  double best = INFINITY;

  g_return_if_fail (plot != NULL);
  dpv_plot_ensure_layout (p);
  dpv_plot_take_pin_entries (p);
  n = p->entries->len;
  if (n == 0 || !dpv_plot_cr_ok (p))
    return;
  cr = p->cr;
  if (p->below_h > 0 && legend_below (p))
    return;
  if (p->beside_w > 0 && legend_beside (p))
    return;

  /* Full size if the box takes at most 30 % of the data area; else smaller text
   * (dpv_plot_legend_box ()); where one column does not fit, in columns (legend_in_columns
   * ()); where even that does not fit, a box of entries on one line each, ellipsized. With
   * enlarged text, the same again at the smaller sizes down to the legend's size at text
   * scale 1. On a thumbnail where even that would not fit, no legend at all. */
  markups = entry_markups (p);
  row_h = g_new0 (double, n);
  {
    static const LegendSizes tries[] = { LEGEND_SIZES_USUAL, LEGEND_SIZES_SMALL };
    gboolean boxed = FALSE;

    for (guint t = 0; t < G_N_ELEMENTS (tries) && !boxed; t++)
      {
        if (dpv_plot_legend_box (p, markups, n, 2, tries[t], &box, row_h) != LEGEND_NO_BOX)
          boxed = TRUE;
        else if (legend_in_columns (p, p->em * 0.5 * 0.78, tries[t]))
          {
            g_free (row_h);
            return;
          }
        else if (dpv_plot_legend_box (p, markups, n, 1, tries[t], &box, row_h) != LEGEND_NO_BOX)
          boxed = TRUE;
      }
    if (!boxed)
      {
        g_free (row_h);
        return;
      }
  }
  bw = box.w;
  bh = box.h;
  inset = box.inset;
  layouts = g_new0 (PangoLayout *, n);
  for (guint i = 0; i < n; i++)
    layouts[i] = dpv_plot_legend_layout (p, markups[i], box.f, box.fit, box.lines);

  /* candidates: corners first, then edge midpoints, then the centre */
  {
    double l = p->dx + inset, r = p->dx + p->dw - inset - bw;
    double t = p->dy + inset, b = p->dy + p->dh - inset - bh;
    double cx = p->dx + p->dw / 2 - bw / 2, cy = p->dy + p->dh / 2 - bh / 2;
    Point cand[4 + 2 * 7 + 2 * 3 + 1] = {
      { r, t }, { l, t }, { r, b }, { l, b },
    };
    guint nc = 4;

    /* then along the top and bottom edges, down the sides, and the centre */
    for (int k = 1; k <= 7; k++)
      {
        double xx = l + (r - l) * k / 8.0;
        cand[nc++] = (Point) { xx, t };
        cand[nc++] = (Point) { xx, b };
      }
    for (int k = 1; k <= 3; k++)
      {
        double yy = t + (b - t) * k / 4.0;
        cand[nc++] = (Point) { r, yy };
        cand[nc++] = (Point) { l, yy };
      }
    cand[nc++] = (Point) { cx, cy };

    bx = cand[0].x;
    by = cand[0].y;
    for (guint c = 0; c < nc; c++)
      {
        double score = dpv_plot_count_points (p, cand[c].x - 2, cand[c].y - 2, bw + 4, bh + 4)
                       + dpv_plot_text_overlap (p, cand[c].x, cand[c].y, bw, bh) * 10.0
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

  if (p->style.plot_options.hide_legends)
    goto out;
  cairo_save (cr);
  {
    DpvColor bg;

    legend_frame_path (p, bx, by, bw, bh);
    if (dpv_plot_halo_color (&p->style, &bg))
      {
        /* opaque when it must sit on data, translucent otherwise */
        bg.a = best > 0 ? 0.92 : 0.8;
        dpv_color_set_source (&bg, cr);
        cairo_fill_preserve (cr);
      }
    stroke_legend_frame (p);
  }
  {
    double yy = by + box.pad;
    for (guint i = 0; i < n; i++)
      {
        draw_entry (p, &g_array_index (p->entries, LegendEntry, i), layouts[i], bx + box.pad,
                    yy, box.sw, box.gap, row_h[i]);
        yy += row_h[i] + box.rowgap;
      }
  }
  cairo_restore (cr);
  dpv_plot_record_legend (p, DPV_LEGEND_BOX, layouts);
out:
  dpv_plot_record_text (p, DPV_TEXT_LEGEND, bx, by, bw, bh);

  for (guint i = 0; i < n; i++)
    g_object_unref (layouts[i]);
  g_free (layouts);
  g_free (row_h);
}
