/* dpv-plot-placement.c — where a box of text goes: off the curves and off other text
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Candidate places are scored by the text they would cover and the curve samples inside them
 * (dpv-plot-record.c), counted through an index of the samples by column.
 */
#include "config.h"

#include <math.h>

#include "dpv-plot-private.h"

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

/* The same, for the legend (dpv-plot-legend.c). The placers here call text_overlap (), which
 * the compiler inlines into their loops. */
double
dpv_plot_text_overlap (DpvPlot *p, double x, double y, double w, double h)
{
  return text_overlap (p, x, y, w, h);
}

static guint
index_column (const PointIndex *ix, double x)
{
  double c = floor ((x - ix->x0) / ix->col_w);

  return (guint) CLAMP (c, 0.0, (double) (ix->n_cols - 1));
}

static void
update_index (DpvPlot *p, GArray *points, PointIndex *ix)
{
  const Point *pts = (const Point *) (void *) points->data;
  guint *fill;

  if (ix->start != NULL && ix->len == points->len)
    return;
  g_free (ix->start);
  g_free (ix->sorted);
  ix->len = points->len;
  ix->n_cols = CLAMP (points->len / 16, 1, 256);
  /* points are recorded within a unit of the data area (dpv_plot_record_point ()) */
  ix->x0 = p->dx - 1;
  ix->col_w = MAX (p->dw + 2, 1.0) / ix->n_cols;
  ix->start = g_new0 (guint, ix->n_cols + 1);
  ix->sorted = g_new (Point, MAX (points->len, 1));
  for (guint i = 0; i < points->len; i++)
    ix->start[index_column (ix, pts[i].x) + 1]++;
  for (guint c = 0; c < ix->n_cols; c++)
    ix->start[c + 1] += ix->start[c];
  fill = g_memdup2 (ix->start, ix->n_cols * sizeof (guint));
  for (guint i = 0; i < points->len; i++)
    ix->sorted[fill[index_column (ix, pts[i].x)]++] = pts[i];
  g_free (fill);
}

static guint
count_in (DpvPlot *p, GArray *points, PointIndex *ix, double x, double y, double w, double h)
{
  guint n = 0, from, to;

  if (points->len == 0)
    return 0;
  update_index (p, points, ix);
  from = isfinite (x) ? ix->start[index_column (ix, x)] : 0;
  to = isfinite (x + w) ? ix->start[index_column (ix, x + w) + 1] : points->len;
  for (guint i = from; i < to; i++)
    {
      const Point *pt = &ix->sorted[i];

      if (pt->x >= x && pt->x <= x + w && pt->y >= y && pt->y <= y + h)
        n++;
    }
  return n;
}

/* Drawn samples inside the box; a reference line counts a quarter of a data curve. */
double
dpv_plot_count_points (DpvPlot *p, double x, double y, double w, double h)
{
  return count_in (p, p->points, &p->points_index, x, y, w, h)
         + 0.25 * count_in (p, p->ref_points, &p->ref_points_index, x, y, w, h);
}

/* Where the top-left corner of a w×h box may go to keep the box inside the data area, 2 units
 * in from its edges; centred on an axis along which it does not fit. */
typedef struct {
  double xmin, xmax, ymin, ymax;
} BoxLimits;

static BoxLimits
box_limits (DpvPlot *p, double w, double h)
{
  double inset = 2.0;
  BoxLimits l = { p->dx + inset, p->dx + p->dw - inset - w,
                  p->dy + inset, p->dy + p->dh - inset - h };

  /* a box larger than the data area: centred on it, but kept inside the panel, which the
   * figure holds */
  if (l.xmax < l.xmin)
    l.xmin = l.xmax = CLAMP (p->dx + p->dw / 2 - w / 2, p->x, MAX (p->x, p->x + p->w - w));
  if (l.ymax < l.ymin)
    l.ymin = l.ymax = CLAMP (p->dy + p->dh / 2 - h / 2, p->y, MAX (p->y, p->y + p->h - h));
  return l;
}

/* Chooses among candidate top-left corners of a w×h box: each is pulled inside the data area,
 * then slid vertically by whole box heights (up to six) off earlier text and off the curves;
 * when every such place still holds curve samples, also sideways by half and by a whole box
 * width, to a place clear of them (a label beside a steep bundle of curves finds the gap next
 * to it). With clear_first, such a clear place sideways is taken whenever there is one, even
 * where a steep curve through the box would hold only a few samples. Score: overlap
 * with earlier text (area × 100), then each curve sample inside the box (1; a curve through a
 * label box holds 10–20, reference lines a quarter each), then the distance moved (0.1 per
 * unit: sliding a box height costs about 2, so a label leaves a curve for a free place a few
 * heights away, but not for one across the panel), then the candidate's rank (0.5 each). */
void
dpv_plot_place_box (DpvPlot     *p,
                    const Point *cand,
                    int          n_cand,
                    double       w,
                    double       h,
                    gboolean     clear_first,
                    double      *ox,
                    double      *oy)
{
  static const double sideways[] = { 0, 0.5, -0.5, 1, -1 };
  BoxLimits l = box_limits (p, w, h);
  double xmin = l.xmin, xmax = l.xmax, ymin = l.ymin, ymax = l.ymax;
  double best = INFINITY, best_points = INFINITY, best_clear = INFINITY;
  double step = h + 2.0;
  Point clear = { 0, 0 };

  *ox = CLAMP (cand[0].x, xmin, xmax);
  *oy = CLAMP (cand[0].y, ymin, ymax);

  /* sideways passes until one finds a clear place (that beats the best, or any with
   * clear_first) */
  for (gsize d = 0;
       d < G_N_ELEMENTS (sideways) && (d == 0 || (best_points > 0 && !isfinite (best_clear)));
       d++)
    for (int c = 0; c < n_cand; c++)
      {
        double bx = CLAMP (cand[c].x + sideways[d] * w, xmin, xmax);
        double by0 = CLAMP (cand[c].y, ymin, ymax);

        for (int k = 0; k < 13; k++)
          {
            /* 0, +1, −1, +2, −2, … steps */
            int s = (k + 1) / 2 * ((k % 2) ? 1 : -1);
            double by = by0 + s * step;
            double score, points;

            if (by < ymin - 0.01 || by > ymax + 0.01)
              continue;
            score = text_overlap (p, bx, by, w, h) * 100.0
                    + (fabs (bx - cand[c].x) + fabs (by - cand[c].y)) * 0.1 + c * 0.5;
            if (score >= (d > 0 && clear_first ? best_clear : best))
              continue;
            points = dpv_plot_count_points (p, bx, by, w, h);
            if (d > 0 && points > 0)
              continue;   /* sideways only to a place clear of the curves */
            if (d > 0 && clear_first)
              {
                best_clear = score;
                clear = (Point) { bx, by };
                continue;
              }
            score += points * 1.0;
            if (score < best)
              {
                best = score;
                best_points = points;
                *ox = bx;
                *oy = by;
              }
          }
      }
  if (clear_first && best_points > 0 && isfinite (best_clear))
    {
      *ox = clear.x;
      *oy = clear.y;
    }
}

/* Chooses the top-left corner of a w×h note about the vertical line at device x px, which
 * names the point (px, py) on it: beside the line, on either side at @gap from it, at any
 * height in the data area, so that the note always reads as being about the line even when
 * the curves leave no room around the point. Score: overlap with earlier text (area × 100),
 * then 5 for each curve sample within a fifth of an em of the box (the samples lie on the
 * curves' centre lines; the margin keeps the stroke's half-width and the point's marker out
 * of the box), then 0.1 per unit of vertical distance from the preferred place (the box on
 * the preferred side, above or below the point), then 0.5 for the other side. A curve
 * through the box costs 50–100, so the note slides up to several hundred units along the
 * line to a clear place, and stays next to the point when that is clear. */
gboolean
dpv_plot_place_beside_vline (DpvPlot *p, double px, double py, double w, double h, double gap,
                             gboolean west, gboolean north, double *ox, double *oy)
{
  BoxLimits l = box_limits (p, w, h);
  double xmin = l.xmin, xmax = l.xmax, ymin = l.ymin, ymax = l.ymax;
  double margin = p->em * 0.2, best = INFINITY, best_points = INFINITY, by0;

  by0 = CLAMP (north ? py - gap - h : py + gap, ymin, ymax);
  *ox = CLAMP (west ? px - gap - w : px + gap, xmin, xmax);
  *oy = by0;
  for (int side = 0; side < 2; side++)
    {
      gboolean left = side == 0 ? west : !west;
      double bx = left ? px - gap - w : px + gap;

      /* a side with no room for the note inside the data area is not taken */
      if (bx < xmin - 0.01 || bx > xmax + 0.01)
        continue;
      /* outwards from the preferred height, 2 units a step, both ways, until the distance
       * alone costs more than the best place found */
      for (double d = 0; d * 0.1 + side * 0.5 < best && d <= ymax - ymin + 2.0; d += 2.0)
        for (int dir = 0; dir < (d > 0 ? 2 : 1); dir++)
          {
            double by = by0 + (dir ? -d : d);
            double score, points;

            if (by < ymin - 0.01 || by > ymax + 0.01)
              continue;
            score = text_overlap (p, bx, by, w, h) * 100.0 + d * 0.1 + side * 0.5;
            if (score >= best)
              continue;
            points = dpv_plot_count_points (p, bx - margin, by - margin, w + 2 * margin,
                                            h + 2 * margin);
            score += 5.0 * points;
            if (score < best)
              {
                best = score;
                best_points = points;
                *ox = bx;
                *oy = by;
              }
          }
    }
  return best_points == 0;
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

/* The candidate boxes of a note of size w × h at device point (px, py): the anchor's box
 * first, then the other eight around the point. */
int
dpv_anchor_candidates (DpvAnchor anchor, double px, double py, double w, double h, double gap,
                       Point *cand)
{
  static const DpvAnchor order[] = {
    DPV_ANCHOR_NORTH_EAST, DPV_ANCHOR_NORTH_WEST, DPV_ANCHOR_SOUTH_EAST, DPV_ANCHOR_SOUTH_WEST,
    DPV_ANCHOR_NORTH, DPV_ANCHOR_SOUTH, DPV_ANCHOR_EAST, DPV_ANCHOR_WEST,
  };
  int n = 0;

  anchor_box (anchor, px, py, w, h, gap, &cand[n].x, &cand[n].y);
  n++;
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    if (order[i] != anchor)
      {
        anchor_box (order[i], px, py, w, h, gap, &cand[n].x, &cand[n].y);
        n++;
      }
  return n;
}

/* The boxes of a w × h label beside both ends of the vertical line at device x ux, on either
 * side: where dpv_plot_vline () puts its label. */
int
dpv_plot_vline_end_candidates (DpvPlot *p, double ux, double w, double h, Point *cand)
{
  double gap = p->em * 0.3;

  cand[0] = (Point) { ux + gap, p->dy + gap };
  cand[1] = (Point) { ux - gap - w, p->dy + gap };
  cand[2] = (Point) { ux + gap, p->dy + p->dh - gap - h };
  cand[3] = (Point) { ux - gap - w, p->dy + p->dh - gap - h };
  return 4;
}
