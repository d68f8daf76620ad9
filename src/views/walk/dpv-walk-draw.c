/* dpv-walk-draw.c — the walk view drawn: sample paths of S_j with the lines of Lemmas 3.18,
 * 3.19 and Thm 3.20, the histogram of S_k beside them on the same axis, and the three
 * numbers beneath
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Draws the numbers of dpv-walk.c; computes nothing.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dpv-text.h"
#include "dpv-walk.h"

typedef struct {
  const DpvWalkView *r;
  gboolean compact;
  gboolean paths_legend_below;   /* the walks too small to keep their legend off the data */
  gboolean hist_legend_below;    /* the histogram too narrow for its legend in the data area */
} Setup;

static void
setup_paths (DpvPlot *plot, gconstpointer user_data)
{
  const Setup *s = user_data;
  const DpvWalkView *r = s->r;

  dpv_plot_set_x_axis (plot, 0.0, MAX ((double) r->k, 1.0), DPV_SCALE_LINEAR, _("runs j"));
  dpv_plot_set_y_axis (plot, r->y_lo, r->y_hi, DPV_SCALE_LINEAR,
                       _("privacy loss S<sub>j</sub> = L<sub>1</sub> + … + L<sub>j</sub>"));
    {
      g_autofree char *t1 = g_strdup_printf (_("%zu simulated walks of the privacy loss under "
                                               "M(D)"), r->n_paths);
      const char *choices[2] = { t1, _("Privacy-loss walks") };

      dpv_plot_set_title_choices (plot, choices, 2);
    }
  if (s->paths_legend_below)
    {
      /* every entry draw_paths () draws */
      const char *labels[6];
      gsize n = 0;

      labels[n++] = _("sample paths (all shaded, some drawn)");
      labels[n++] = _("paths ending above the threshold");
      if (r->bounded)
        {
          labels[n++] = _("jε: the largest loss possible");
          labels[n++] = _("drift jβ, β = ε(e<sup>ε</sup> − 1) (Lemma 3.18)");
          labels[n++] = _("jβ + z√j·ε (Lemma 3.19, Azuma)");
        }
      else
        labels[n++] = _("exact (1 − δ′)-quantile of S<sub>j</sub>");
      labels[n++] = _("mean j·KL");
      dpv_plot_set_legend_below (plot, labels, n);
    }
}

static void
setup_hist (DpvPlot *plot, gconstpointer user_data)
{
  const Setup *s = user_data;
  const DpvWalkView *r = s->r;

  dpv_plot_set_x_axis (plot, 0.0, MAX (r->hist_max * 1.15, 1e-12), DPV_SCALE_LINEAR,
                       _("fraction of paths"));
  dpv_plot_set_y_axis (plot, r->y_lo, r->y_hi, DPV_SCALE_LINEAR, NULL);
    {
      const char *choices[2] = { _("S<sub>k</sub> at j = k"), _("S<sub>k</sub>") };

      dpv_plot_set_title_choices (plot, choices, 2);
    }
  if (s->hist_legend_below)
    {
      const char *labels[2] = { _("paths"), _("exact") };

      dpv_plot_set_legend_below (plot, labels, 2);
    }
}

static DpvColor
with_alpha (const DpvColor *c, double a)
{
  DpvColor out = *c;

  out.a = a;
  return out;
}

/* The opacity of each density cell (column c, row b at c·ROWS + b): the square root of its
 * count relative to the column's largest, times @max_alpha, so that single paths still show
 * and the spread at every j shows, not only at the start where all paths are together. */
static float *
cell_alpha (const DpvWalkView *r, const guint *counts, double max_alpha)
{
  gsize nc = r->n_columns, ny = DPV_WALK_DENSITY_ROWS;
  float *a = g_new (float, nc * ny);

  for (gsize c = 0; c < nc; c++)
    {
      guint top = 0;

      for (gsize b = 0; b < ny; b++)
        top = MAX (top, counts[c * ny + b]);
      for (gsize b = 0; b < ny; b++)
        {
          guint n = counts[c * ny + b];

          a[c * ny + b] = n == 0 ? 0.0f : (float) (max_alpha * sqrt ((double) n / top));
        }
    }
  return a;
}

/* Where all the paths are, as an image over the data area: the density of all paths in
 * @grey, that of the paths ending above the threshold in @hot over it, interpolated between
 * the cells. On an image surface the image has one pixel per device pixel, placed on whole
 * device pixels and copied without resampling, so that a figure drawn in bands
 * (dpv-render-image.c) is the same as one drawn at once; on a recording surface (the app's
 * snapshot) one pixel per user unit, and on vector surfaces two. */
static void
draw_density (DpvPlot *plot, cairo_t *cr, const DpvWalkView *r, const DpvColor *grey,
              const DpvColor *hot)
{
  gsize nc = r->n_columns;
  g_autofree float *a_all = NULL;
  g_autofree float *a_hot = NULL;
  g_autofree int *c0s = NULL;
  g_autofree float *fus = NULL;
  g_autofree float *gv = NULL;
  g_autofree float *hv = NULL;
  float gr = (float) grey->r, gg = (float) grey->g, gb = (float) grey->b;
  float hr = (float) hot->r, hg = (float) hot->g, hb = (float) hot->b;
  cairo_surface_t *img;
  gboolean raster = cairo_surface_get_type (cairo_get_target (cr)) == CAIRO_SURFACE_TYPE_IMAGE;
  double dx, dy, dw, dh, x0, y0, x1, y1, per_unit;
  int ix0, iy0, iw, ih, stride;
  unsigned char *data;

  if (nc < 2)
    return;
  dpv_plot_get_data_area (plot, &dx, &dy, &dw, &dh);
  if (raster)
    {
      x0 = dx;
      y0 = dy;
      x1 = dx + dw;
      y1 = dy + dh;
      cairo_user_to_device (cr, &x0, &y0);
      cairo_user_to_device (cr, &x1, &y1);
      ix0 = (int) floor (MIN (x0, x1));
      iy0 = (int) floor (MIN (y0, y1));
      iw = (int) ceil (MAX (x0, x1)) - ix0;
      ih = (int) ceil (MAX (y0, y1)) - iy0;
      per_unit = 1.0;
    }
  else
    {
      /* a recording surface is the screen's (the app's snapshot): one pixel per unit is what
       * it shows; a vector file gets two, for print */
      per_unit = cairo_surface_get_type (cairo_get_target (cr)) == CAIRO_SURFACE_TYPE_RECORDING
                 ? 1.0 : 2.0;
      ix0 = iy0 = 0;
      iw = (int) ceil (dw * per_unit);
      ih = (int) ceil (dh * per_unit);
    }
  if (iw < 1 || ih < 1 || iw > 16384 || ih > 16384)
    return;
  img = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, iw, ih);
  if (cairo_surface_status (img) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (img);
      return;
    }

  a_all = cell_alpha (r, r->density, 0.5);
  a_hot = cell_alpha (r, r->density_above, 0.7);
  /* Bilinear between the cells: u along the columns (u = c at stored point c, columns evenly
   * spaced in j from 0 to k), v along the rows (v = b + ½ at the middle of row b), clamped at
   * the edges. Each image column's cell and weight once; each row interpolates the cells
   * along v once, then each pixel along u. */
  c0s = g_new (int, iw);
  fus = g_new (float, iw);
  gv = g_new (float, nc);
  hv = g_new (float, nc);
  for (int px = 0; px < iw; px++)
    {
      double ux = ix0 + px + 0.5, uy = iy0 + 0.5, u;

      if (raster)
        cairo_device_to_user (cr, &ux, &uy);
      else
        ux = dx + (px + 0.5) / per_unit;
      u = dpv_plot_user_to_x (plot, ux) / r->xs[nc - 1] * (double) (nc - 1);
      u = CLAMP (u, 0.0, (double) (nc - 1));
      c0s[px] = (int) MIN ((gsize) u, nc - 2);
      fus[px] = (float) (u - c0s[px]);
    }
  cairo_surface_flush (img);
  data = cairo_image_surface_get_data (img);
  stride = cairo_image_surface_get_stride (img);
  for (int py = 0; py < ih; py++)
    {
      double ux = ix0 + 0.5, uy = iy0 + py + 0.5, v;
      guint32 *row = (guint32 *) (void *) (data + (gsize) py * stride);
      gsize b0;
      float fv;

      if (raster)
        cairo_device_to_user (cr, &ux, &uy);
      else
        uy = dy + (py + 0.5) / per_unit;
      v = (dpv_plot_user_to_y (plot, uy) - r->y_lo) / (r->y_hi - r->y_lo)
          * DPV_WALK_DENSITY_ROWS - 0.5;
      v = CLAMP (v, 0.0, (double) (DPV_WALK_DENSITY_ROWS - 1));
      b0 = MIN ((gsize) v, (gsize) DPV_WALK_DENSITY_ROWS - 2);
      fv = (float) (v - b0);
      for (gsize c = 0; c < nc; c++)
        {
          const float *ca = a_all + c * DPV_WALK_DENSITY_ROWS + b0;
          const float *ch = a_hot + c * DPV_WALK_DENSITY_ROWS + b0;

          gv[c] = ca[0] + (ca[1] - ca[0]) * fv;
          hv[c] = ch[0] + (ch[1] - ch[0]) * fv;
        }
      for (int px = 0; px < iw; px++)
        {
          int c = c0s[px];
          float g = gv[c] + (gv[c + 1] - gv[c]) * fus[px];
          float h = hv[c] + (hv[c + 1] - hv[c]) * fus[px];
          /* premultiplied: the hot layer over the grey one */
          float rest = g * (1 - h);

          row[px] = ((guint32) ((h + rest) * 255 + 0.5f) << 24)
                    | ((guint32) ((hr * h + gr * rest) * 255 + 0.5f) << 16)
                    | ((guint32) ((hg * h + gg * rest) * 255 + 0.5f) << 8)
                    | (guint32) ((hb * h + gb * rest) * 255 + 0.5f);
        }
    }
  cairo_surface_mark_dirty (img);

  cairo_save (cr);
  cairo_rectangle (cr, dx, dy, dw, dh);
  cairo_clip (cr);
  if (raster)
    {
      /* whole device pixels, no resampling */
      cairo_identity_matrix (cr);
      cairo_set_source_surface (cr, img, ix0, iy0);
      cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_NEAREST);
    }
  else
    {
      cairo_translate (cr, dx, dy);
      cairo_scale (cr, 1.0 / per_unit, 1.0 / per_unit);
      cairo_set_source_surface (cr, img, 0, 0);
    }
  cairo_paint (cr);
  cairo_restore (cr);
  cairo_surface_destroy (img);
}

static void
draw_paths (DpvPlot *plot, cairo_t *cr, const DpvStyle *style, const DpvWalkView *r,
            gboolean roomy)
{
  const DpWalk *w = r->walk;
  gsize nc = r->n_columns;
  DpvColor thin = with_alpha (&style->foreground, 0.45);
  DpvColor hot = with_alpha (&style->roles[DPV_ROLE_LOSS], 0.9);
  const DpvColor *bound = &style->roles[DPV_ROLE_BOUND];

  /* Lemma 3.19's slack above the drift: the band's room, shaded under the grid */
  if (r->bounded)
    dpv_plot_fill_between (plot, r->xs, w->drift_bound, w->band, nc, bound, 0.10, NULL);
  dpv_plot_draw_frame (plot);

  /* all the paths, then some of them as lines */
  draw_density (plot, cr, r, &style->foreground, &style->roles[DPV_ROLE_LOSS]);
  /* The lines are hundreds of short segments each: their round joins are drawn at half a
   * pixel's tolerance, not cairo's default tenth, which changes no pixel visibly and takes
   * a third of the time off (the tolerance is the context's, which the panel shares). */
  cairo_save (cr);
  cairo_set_tolerance (cr, 0.5);
  for (gsize t = 0; t < r->n_below_drawn; t++)
    dpv_plot_line (plot, r->xs, w->paths + r->below_drawn[t] * nc, nc, &thin,
                   style->line_width * 0.4, DPV_DASH_SOLID,
                   t == 0 ? _("sample paths (all shaded, some drawn)") : NULL);
  for (gsize t = 0; t < r->n_above_drawn; t++)
    dpv_plot_line (plot, r->xs, w->paths + r->above_drawn[t] * nc, nc, &hot,
                   style->line_width * 0.5, DPV_DASH_SOLID,
                   t == 0 ? _("paths ending above the threshold") : NULL);
  cairo_restore (cr);

  if (r->bounded)
    {
      dpv_plot_line (plot, r->xs, r->max_line, nc, &style->roles[DPV_ROLE_EXTRA],
                     style->line_width * 0.8, DPV_DASH_DOTTED,
                     _("jε: the largest loss possible"));
      dpv_plot_line (plot, r->xs, w->drift_bound, nc, bound, style->line_width,
                     DPV_DASH_DASHED, _("drift jβ, β = ε(e<sup>ε</sup> − 1) (Lemma 3.18)"));
      dpv_plot_line (plot, r->xs, w->band, nc, bound, style->line_width, DPV_DASH_SOLID,
                     _("jβ + z√j·ε (Lemma 3.19, Azuma)"));
    }
  else
    dpv_plot_line (plot, r->xs, w->band, nc, &style->roles[DPV_ROLE_TIGHT], style->line_width,
                   DPV_DASH_SOLID, _("exact (1 − δ′)-quantile of S<sub>j</sub>"));
  dpv_plot_line (plot, r->xs, w->mean_line, nc, &style->roles[DPV_ROLE_ACTUAL],
                 style->line_width, DPV_DASH_SOLID, _("mean j·KL"));

  {
    g_autofree char *v = dpv_fmt (w->threshold);
    g_autofree char *label = r->bounded
                             ? g_strdup_printf (_("Thm 3.20: ε′ = %s"), v)
                             : g_strdup_printf (_("quantile at k: %s"), v);
    double kx = (double) r->k, ty = w->threshold;

    dpv_plot_hline (plot, ty, &style->roles[DPV_ROLE_LOSS], DPV_DASH_DASHED,
                    roomy ? label : NULL);
    dpv_plot_markers (plot, &kx, &ty, 1, &style->roles[DPV_ROLE_LOSS], style->line_width * 2.2,
                      NULL);
  }
}

static void
draw_hist (DpvPlot *plot, const DpvStyle *style, const DpvWalkView *r)
{
  const DpWalk *w = r->walk;
  DpvColor bar = with_alpha (&style->foreground, 0.35);
  DpvColor hot = with_alpha (&style->roles[DPV_ROLE_LOSS], 0.8);
  g_autofree double *sx = g_new (double, 2 * r->n_bins);
  g_autofree double *sy = g_new (double, 2 * r->n_bins);
  gboolean labelled = FALSE;

  dpv_plot_shade_y_range (plot, w->threshold, r->y_hi, &style->roles[DPV_ROLE_LOSS], 0.10);
  dpv_plot_draw_frame (plot);
  for (gsize b = 0; b < r->n_bins; b++)
    {
      double x[2] = { 0.0, r->hist[b] };
      double lo[2] = { w->bin_edges[b], w->bin_edges[b] };
      double hi[2] = { w->bin_edges[b + 1], w->bin_edges[b + 1] };

      if (r->hist[b] > 0)
        {
          dpv_plot_fill_between (plot, x, lo, hi, 2,
                                 w->bin_edges[b] >= w->threshold ? &hot : &bar, 1.0,
                                 labelled ? NULL : _("paths"));
          labelled = TRUE;
        }
      sx[2 * b] = sx[2 * b + 1] = w->bin_exact[b];
      sy[2 * b] = w->bin_edges[b];
      sy[2 * b + 1] = w->bin_edges[b + 1];
    }
  dpv_plot_line (plot, sx, sy, 2 * r->n_bins, &style->roles[DPV_ROLE_ACTUAL],
                 style->line_width * 0.8, DPV_DASH_SOLID, _("exact"));
  dpv_plot_hline (plot, w->threshold, &style->roles[DPV_ROLE_LOSS], DPV_DASH_DASHED, NULL);
}

char *
dpv_walk_numbers_markup (const DpvWalkView *r)
{
  const DpWalk *w = r->walk;
  g_autofree char *fr = dpv_fmt (r->fraction_above);
  g_autofree char *flo = dpv_fmt (r->fraction_lo);
  g_autofree char *fhi = dpv_fmt (r->fraction_hi);
  g_autofree char *ex = dpv_walk_fmt_tail (r->exact_tail, r->log10_exact_tail);
  g_autofree char *dp = dpv_fmt (r->delta_prime);
  g_autofree char *m = dpv_fmt (w->mean_final);
  g_autofree char *me = dpv_fmt (w->exact_mean_final);
  g_autofree char *v = dpv_fmt (w->var_final);
  g_autofree char *ve = dpv_fmt (w->exact_var_final);
  g_autofree char *big = NULL;
  g_autofree char *small = NULL;
  g_autofree char *crossing = NULL;
  g_autofree char *note = NULL;

  /* Translators: the three numbers at j = k: the fraction of simulated paths above the
   * threshold (with its 95 % interval), the exact probability, and δ′. */
  big = g_strdup_printf (_("<span size=\"larger\">Above the threshold at j = k:  <b>%s</b> of "
                           "the paths (%s … %s)  ·  exactly <b>%s</b>  ·  δ′ = <b>%s</b></span>"),
                         fr, flo, fhi, ex, dp);
  small = g_strdup_printf (_("Mean of S<sub>k</sub> %s (exact k·KL = %s) · variance %s (exact "
                             "k·Var[L] = %s)"), m, me, v, ve);
  if (r->bounded)
    crossing = g_strdup_printf (_("%zu of %zu paths are above the band at some j ≤ k: Lemma "
                                  "3.19 bounds each j on its own, not all j at once."),
                                w->n_crossing, r->n_paths);
  else
    crossing = g_strdup_printf (_("%zu of %zu paths are above the quantile line at some "
                                  "j ≤ k: it holds at each j on its own."),
                                w->n_crossing, r->n_paths);
  if (!r->bounded)
    note = g_strdup (_("The Gaussian mechanism is not ε-DP: each loss L<sub>i</sub> is "
                       "N(μ²/2, μ²), unbounded, so Lemma 3.19 (which needs |L<sub>i</sub>| ≤ "
                       "α) does not apply. The walk is exactly normal, S<sub>j</sub> ~ "
                       "N(jμ²/2, jμ²); the line is its exact (1 − δ′)-quantile, exceeded with "
                       "probability exactly δ′."));
  else if (r->threshold_unreachable)
    {
      g_autofree char *mx = dpv_fmt (r->max_loss);

      note = g_strdup_printf (_("Here ε′ is above kε = %s, the largest loss k runs can have: "
                                "no path can cross it (the drift term kε(e<sup>ε</sup> − 1) "
                                "alone reaches kε when ε ≥ ln 2)."), mx);
    }
  return note != NULL ? g_strdup_printf ("%s\n%s · %s\n%s", big, small, crossing, note)
                      : g_strdup_printf ("%s\n%s · %s", big, small, crossing);
}

/* Height of @markup wrapped to @width, measured by drawing it into a group that is dropped. */
static double
text_height (cairo_t *cr, const DpvStyle *style, double width, const char *markup)
{
  double h;

  cairo_save (cr);
  cairo_push_group (cr);
  h = dpv_draw_text_block (cr, style, 0, 0, width, markup, 1.0, &style->foreground);
  cairo_pattern_destroy (cairo_pop_group (cr));
  cairo_restore (cr);
  return h;
}

void
dpv_walk_draw (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr, double x, double y,
               double w, double h)
{
  const DpvWalkView *r = dpv_frame_get_result (frame);
  double text = dpv_style_text_size (style);
  gboolean roomy = dpv_view_roomy (style, w, h);
  Setup s = { r, w < 40 * text || h < 18 * text, FALSE, FALSE };
  g_autoptr(DpvPlot) paths = NULL;
  g_autoptr(DpvPlot) hist = NULL;
  g_autofree char *numbers = NULL;
  double text_h = 0, w_main, gap = text * 0.8;

  if (roomy)
    {
      numbers = dpv_walk_numbers_markup (r);
      text_h = text_height (cr, style, w, numbers) + text * 0.6;
      if (text_h > h * 0.4)
        {
          g_clear_pointer (&numbers, g_free);
          text_h = 0;
        }
    }
  /* the histogram beside the walks at every size: narrow, it keeps its short title */
  w_main = w * 0.74;
  /* Narrower than this (in lines of text), the histogram's legend is cut short or finds no
   * room in its data area (measured over the app's figure sizes at text scales 1 to 2,
   * tests/plot/test-compact-layouts.c); the walks' legend likewise when the figure is
   * compact: each goes under its panel. */
  s.hist_legend_below = w - w_main - gap < 13 * text;
  s.paths_legend_below = s.compact;
  paths = dpv_panel_new (cr, style, x, y, w_main, h - text_h, setup_paths, &s);
    {
      DpvPlot *both[2];

      hist = dpv_panel_new (cr, style, x + w_main + gap, y, w - w_main - gap, h - text_h,
                            setup_hist, &s);
      both[0] = paths;
      both[1] = hist;
      dpv_plot_align_bottom (both, 2);
    }
  draw_paths (paths, cr, style, r, roomy);
  dpv_plot_legend (paths);
  if (hist != NULL)
    {
      draw_hist (hist, style, r);
      dpv_plot_legend (hist);
    }
  if (numbers != NULL)
    dpv_draw_text_block (cr, style, x, y + h - text_h + text * 0.6, w, numbers, 1.0,
                         &style->foreground);
}
