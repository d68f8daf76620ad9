/* dpv-survey-draw.c — the survey drawn: the class, the estimate's distribution, the price
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Draws the numbers of dpv-survey.c; computes nothing. Four panels: the class (one cell per
 * respondent, coloured by the reported answer; once revealed, the answers the coin flipped
 * are pale with a dot of the true answer), the exact sampling distribution of π̂ with the
 * estimate and its 95 % interval, the standard deviation of π̂ against ε and the posteriors of
 * a true "yes" against ε. A class of more than DPV_SURVEY_CELLS_MAX respondents is one image
 * with a pixel per respondent, scaled without smoothing: 10⁵ rectangles would not be drawn
 * within a frame.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dpv-survey.h"
#include "dpv-text.h"

typedef struct {
  const DpvSurvey *s;
  const DpvSurveyClass *c;
  const DpvParams *params;
  gboolean compact;
  gboolean legend_below;  /* distribution panel too narrow to keep its legend off the bars */
  gboolean keys_below;    /* the standard deviation's and the deniability's legends in
                             strips under their panels: too small for a box off the curves */
  gboolean keys_inline;   /* their keys as labels at their curves and lines instead: the
                             panels are too short for a strip of two rows */
} Survey;

/* ---- the class --------------------------------------------------------------------------- */

/* The answer respondent @i reported, and whether the coin flipped it (revealed only). */
static gboolean
reported_yes (const Survey *v, unsigned long i)
{
  if (v->s->play_along)
    return i < v->s->count;
  return v->c->reported[i] != 0;
}

static gboolean
flipped (const Survey *v, unsigned long i)
{
  return v->s->revealed && v->c->truth[i] != v->c->reported[i];
}

/* The grid of cells that fits n cells into w × h with the largest square cells. */
static void
grid_shape (unsigned long n, double w, double h, unsigned long *cols, unsigned long *rows,
            double *size)
{
  double guess = sqrt ((double) n * w / MAX (h, 1.0));

  *size = 0;
  *cols = 1;
  *rows = n;
  for (long dc = -2; dc <= 2; dc++)
    {
      long c = (long) ceil (guess) + dc;
      unsigned long r;
      double s;

      if (c < 1)
        continue;
      r = (n + (unsigned long) c - 1) / (unsigned long) c;
      s = MIN (w / c, h / r);
      if (s > *size)
        {
          *size = s;
          *cols = (unsigned long) c;
          *rows = r;
        }
    }
}

/* A colour blended over the background, as opaque pixel bytes (B, G, R, A). */
static void
pixel_bytes (const DpvColor *c, double alpha, const DpvColor *bg, guint32 *out)
{
  double r = alpha * c->r + (1 - alpha) * bg->r;
  double g = alpha * c->g + (1 - alpha) * bg->g;
  double b = alpha * c->b + (1 - alpha) * bg->b;

  *out = 0xff000000u | ((guint32) lround (r * 255) << 16) | ((guint32) lround (g * 255) << 8)
         | (guint32) lround (b * 255);
}

/* One pixel per respondent, scaled to the cells' size without smoothing. */
static void
draw_class_image (const Survey *v, const DpvStyle *style, cairo_t *cr, double x, double y,
                  unsigned long cols, unsigned long rows, double size)
{
  cairo_surface_t *img = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) cols,
                                                     (int) rows);
  int stride = cairo_image_surface_get_stride (img);
  unsigned char *data;
  guint32 colours[4];   /* no, yes, no flipped, yes flipped */
  cairo_pattern_t *pattern;

  if (cairo_surface_status (img) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (img);
      return;
    }
  pixel_bytes (&style->roles[DPV_ROLE_D], 1.0, &style->plot_background, &colours[0]);
  pixel_bytes (&style->roles[DPV_ROLE_D_PRIME], 1.0, &style->plot_background, &colours[1]);
  pixel_bytes (&style->roles[DPV_ROLE_D], 0.3, &style->plot_background, &colours[2]);
  pixel_bytes (&style->roles[DPV_ROLE_D_PRIME], 0.3, &style->plot_background, &colours[3]);
  cairo_surface_flush (img);
  data = cairo_image_surface_get_data (img);
  for (unsigned long r = 0; r < rows; r++)
    {
      guint32 *row = (guint32 *) (data + r * stride);

      for (unsigned long col = 0; col < cols; col++)
        {
          unsigned long i = r * cols + col;

          if (i >= v->s->n)
            row[col] = colours[0] & 0x00ffffffu;   /* unused: the background, below */
          else
            row[col] = colours[(reported_yes (v, i) ? 1 : 0) + (flipped (v, i) ? 2 : 0)];
        }
    }
  cairo_surface_mark_dirty (img);

  cairo_save (cr);
  /* The unused cells of the last row are not painted. */
  cairo_rectangle (cr, x, y, cols * size, (rows - 1) * size);
  cairo_rectangle (cr, x, y + (rows - 1) * size,
                   (v->s->n - (rows - 1) * cols) * size, size);
  cairo_clip (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, size, size);
  cairo_set_source_surface (cr, img, 0, 0);
  pattern = cairo_get_source (cr);
  cairo_pattern_set_filter (pattern, CAIRO_FILTER_NEAREST);
  cairo_paint (cr);
  cairo_restore (cr);
  cairo_surface_destroy (img);
}

/* Squares this wide or wider carry a dot of the true answer when flipped. */
#define DOT_MIN_CELL 9.0

static double
cell_inner (double size)
{
  return size - (size > 6 ? MAX (1.0, 0.14 * size) : 0.0);
}

/* One square per respondent; a flipped answer pale, with a dot of the true answer. */
static void
draw_class_cells (const Survey *v, const DpvStyle *style, cairo_t *cr, double x, double y,
                  unsigned long cols, double size)
{
  double cell = cell_inner (size);

  for (int pass = 0; pass < 4; pass++)
    {
      gboolean yes = pass & 1, flip = pass >> 1;

      cairo_new_path (cr);
      for (unsigned long i = 0; i < v->s->n; i++)
        if (reported_yes (v, i) == yes && flipped (v, i) == flip)
          cairo_rectangle (cr, x + (i % cols) * size, y + (i / cols) * size, cell, cell);
      cairo_set_source_rgba (cr, style->roles[yes ? DPV_ROLE_D_PRIME : DPV_ROLE_D].r,
                             style->roles[yes ? DPV_ROLE_D_PRIME : DPV_ROLE_D].g,
                             style->roles[yes ? DPV_ROLE_D_PRIME : DPV_ROLE_D].b,
                             flip ? 0.3 : 1.0);
      cairo_fill (cr);
      if (flip && cell >= DOT_MIN_CELL)
        {
          /* the true answer is the other one */
          const DpvColor *t = &style->roles[yes ? DPV_ROLE_D : DPV_ROLE_D_PRIME];

          cairo_new_path (cr);
          for (unsigned long i = 0; i < v->s->n; i++)
            if (reported_yes (v, i) == yes && flipped (v, i))
              {
                double cx = x + (i % cols) * size + cell / 2, cy = y + (i / cols) * size + cell / 2;

                cairo_new_sub_path (cr);
                cairo_arc (cr, cx, cy, cell * 0.22, 0, 2 * G_PI);
              }
          dpv_color_set_source (t, cr);
          cairo_fill (cr);
        }
    }
}

/* A key entry: a square of the colour and its text; returns the width taken. */
static double
key_entry (cairo_t *cr, const DpvStyle *style, double x, double y, double line_h,
           const DpvColor *c, double alpha, const char *text)
{
  double sq = line_h * 0.62, tw = 0, th = 0;

  cairo_rectangle (cr, x, y + (line_h - sq) / 2, sq, sq);
  cairo_set_source_rgba (cr, c->r, c->g, c->b, alpha);
  cairo_fill (cr);
  dpv_measure_text (cr, style, text, 0.9, &tw, &th);
  dpv_draw_text_block (cr, style, x + sq * 1.5, y + (line_h - th) / 2, 0, text, 0.9,
                       &style->foreground);
  return sq * 1.5 + tw + line_h * 0.9;
}

static void
draw_class (const Survey *v, const DpvStyle *style, cairo_t *cr, double x, double y, double w,
            double h)
{
  const DpvSurvey *s = v->s;
  double text = dpv_style_text_size (style), pad = text * 0.6, line_h = text * 1.5;
  double title_h, key_y, ax, ay, aw, ah, size, kx;
  unsigned long cols, rows;
  g_autofree char *title = NULL;

  if (s->play_along)
    /* Translators: the class panel's title in play-along mode */
    title = g_strdup_printf (_("<b>The room: %lu of %lu answered “yes”</b>"), s->count, s->n);
  else if (s->revealed)
    title = g_strdup_printf (_("<b>The class: %lu of %lu answered “yes”</b> (truly: %lu; "
                               "the coin flipped %lu)"), s->count, s->n, s->true_count,
                             s->flipped);
  else
    title = g_strdup_printf (_("<b>The class: %lu of %lu answered “yes”</b>"), s->count,
                             s->n);
  title_h = dpv_draw_text_block (cr, style, x + pad, y + pad, w - 2 * pad, title, 1.0,
                                 &style->foreground);

  key_y = y + h - pad - line_h;
  ax = x + pad;
  ay = y + pad + title_h + pad * 0.6;
  aw = w - 2 * pad;
  ah = key_y - pad * 0.6 - ay;
  if (aw < 4 || ah < 4)
    return;
  grid_shape (s->n, aw, ah, &cols, &rows, &size);
  /* centred in the space left */
  ax += (aw - cols * size) / 2;
  if (s->n > DPV_SURVEY_CELLS_MAX)
    draw_class_image (v, style, cr, ax, ay, cols, rows, size);
  else
    draw_class_cells (v, style, cr, ax, ay, cols, size);

  kx = x + pad;
  kx += key_entry (cr, style, kx, key_y, line_h, &style->roles[DPV_ROLE_D_PRIME], 1.0,
                   _("“yes”"));
  kx += key_entry (cr, style, kx, key_y, line_h, &style->roles[DPV_ROLE_D], 1.0, _("“no”"));
  if (s->revealed)
    key_entry (cr, style, kx, key_y, line_h, &style->muted, 0.3,
               s->n > DPV_SURVEY_CELLS_MAX || cell_inner (size) < DOT_MIN_CELL
               ? _("pale: flipped by the coin")
               : _("pale: flipped by the coin (dot: true answer)"));
}

/* ---- the sampling distribution ----------------------------------------------------------- */

static void
setup_dist (DpvPlot *plot, gconstpointer user_data)
{
  const Survey *v = user_data;
  const DpvSurvey *s = v->s;
  g_autofree char *est = dpv_fmt (s->rate_used);
  g_autofree char *t1 = NULL;
  g_autofree char *t2 = NULL;
  g_autofree char *x_title = NULL;

  if (s->revealed)
    t1 = g_strdup (_("Sampling distribution of the estimate (exact, at the true π)"));
  else
    /* Translators: the estimate, used in place of the hidden π */
    t1 = g_strdup_printf (_("Sampling distribution of the estimate if π were %s"), est);
  t2 = g_strdup (_("Distribution of the estimate"));
  x_title = g_strdup (_("estimate of π"));
  {
    /* Translators: the shortest title of the sampling distribution's panel */
    const char *titles[] = { t1, t2, _("Sampling distribution") };

    dpv_plot_set_title_choices (plot, titles, G_N_ELEMENTS (titles));
  }
  dpv_plot_set_x_axis (plot, s->x_lo, s->x_hi, DPV_SCALE_LINEAR, x_title);
  dpv_plot_set_y_axis (plot, 0.0, s->pmf_max * 1.3, DPV_SCALE_LINEAR, _("probability"));
  if (v->legend_below)
    {
      /* the entries draw_dist () gives the legend (the first only when it is drawn) */
      const char *labels[] = { _("outside [0, 1]: not a rate"),
                               _("Pr[K = k] at its estimate") };

      dpv_plot_set_legend_below (plot, labels, G_N_ELEMENTS (labels));
    }
}

static void
draw_dist (const Survey *v, const DpvStyle *style, cairo_t *cr, DpvPlot *plot)
{
  const DpvSurvey *s = v->s;
  double ytop = s->pmf_max * 1.14;
  double bx[2] = { s->ci_lo, s->ci_hi }, by[2] = { ytop, ytop };
  g_autofree char *est = dpv_fmt (s->estimate);
  /* Translators: the estimate's value */
  g_autofree char *est_label = g_strdup_printf (_("estimate %s"), est);
  g_autofree char *ci_lo = dpv_fmt (s->ci_lo);
  g_autofree char *ci_hi = dpv_fmt (s->ci_hi);
  /* Translators: the interval's label: its ends */
  g_autofree char *ci_label = g_strdup_printf (_("95 %% interval [%s, %s]"), ci_lo, ci_hi);
  const char *legend = _("Pr[K = k] at its estimate");
  double dx, dy, dw, dh, lw = 0, lh = 0;

  dpv_plot_shade_x_range (plot, -HUGE_VAL, 0.0, &style->muted, 0.10,
                          s->x_lo < 0 || s->x_hi > 1 ? _("outside [0, 1]: not a rate")
                                                     : NULL);
  dpv_plot_shade_x_range (plot, 1.0, HUGE_VAL, &style->muted, 0.10, NULL);
  dpv_plot_draw_frame (plot);
  if (s->n_pmf <= 400)
    dpv_plot_bars (plot, s->pmf_x, s->pmf, s->n_pmf, s->bar_width * 0.8,
                   &style->roles[DPV_ROLE_D], 0.55, legend);
  else
    {
      g_autofree double *zeros = g_new0 (double, s->n_pmf);

      dpv_plot_fill_between (plot, s->pmf_x, zeros, s->pmf, s->n_pmf,
                             &style->roles[DPV_ROLE_D], 0.35, NULL);
      dpv_plot_line (plot, s->pmf_x, s->pmf, s->n_pmf, &style->roles[DPV_ROLE_D],
                     style->line_width * 0.6, DPV_DASH_SOLID, legend);
    }
  if (s->revealed)
    {
      g_autofree char *pi = dpv_fmt (s->true_rate);
      g_autofree char *label = g_strdup_printf (_("true π = %s"), pi);

      dpv_plot_vline (plot, s->true_rate, &style->foreground, DPV_DASH_DASHED, NULL);
      dpv_plot_annotate_vline (plot, s->true_rate, s->pmf_max * 0.5, label,
                               DPV_ANCHOR_EAST, &style->foreground);
    }
  /* the interval as a bracket over the bars */
  dpv_plot_line (plot, bx, by, 2, &style->accent, style->line_width, DPV_DASH_SOLID, NULL);
  dpv_plot_markers (plot, bx, by, 2, &style->accent, style->line_width * 1.4, NULL);
  /* the estimate up to the bracket: over it runs the interval's label */
  {
    double ex[2] = { s->estimate, s->estimate }, ey[2] = { 0.0, ytop };

    dpv_plot_line (plot, ex, ey, 2, &style->accent, style->line_width, DPV_DASH_SOLID, NULL);
  }
  /* a label wider than the data area would stick out of the figure: the caption states the
   * interval's ends */
  dpv_plot_get_data_area (plot, &dx, &dy, &dw, &dh);
  dpv_measure_text (cr, style, ci_label, 0.9, &lw, &lh);
  if (lw > dw * 0.96)
    {
      g_free (ci_label);
      /* Translators: the interval's label when its ends do not fit; the caption gives them */
      ci_label = g_strdup_printf (_("95 %% interval"));
    }
  dpv_plot_annotate (plot, 0.5 * (s->ci_lo + s->ci_hi), ytop, ci_label, DPV_ANCHOR_NORTH,
                     &style->accent);
  /* in a compact figure (a LaTeX column) the estimate's label would run into the interval's:
   * the caption states the estimate */
  if (!v->compact)
    dpv_plot_annotate_vline (plot, s->estimate, s->pmf_max * 0.8, est_label, DPV_ANCHOR_WEST,
                             &style->accent);
  dpv_plot_legend (plot);
}

/* ---- the price: sd against ε, and the posteriors ------------------------------------------ */

#define SD_KEY "√(λ(1 − λ)/n)/(2p − 1)"
#define SD_PLAIN_KEY N_("without the coin: √(π(1 − π)/n)")

static void
setup_sd (DpvPlot *plot, gconstpointer user_data)
{
  const Survey *v = user_data;
  /* Translators: the number of respondents */
  g_autofree char *t1 = g_strdup_printf (_("Standard deviation of the estimate for n = %lu"),
                                         v->s->n);
  const char *y_title = _("sd of the estimate");

  /* Translators: the standard deviation's panel title, short */
  g_autofree char *t2 = g_strdup_printf (_("sd of the estimate, n = %lu"), v->s->n);
  const char *titles[] = { t1, t2, y_title };

  dpv_plot_set_title_choices (plot, titles, G_N_ELEMENTS (titles));
  dpv_plot_set_x_axis (plot, v->s->eps[0], v->s->eps[DPV_SURVEY_CURVE - 1], DPV_SCALE_LOG,
                       _("privacy budget ε"));
  dpv_plot_set_y_axis (plot, v->s->sd_lo, v->s->sd_hi, DPV_SCALE_LOG, y_title);
  if (v->keys_below)
    {
      /* the entries draw_sd () gives the legend */
      const char *labels[] = { SD_KEY, v->s->sd_no_noise > 0 ? _(SD_PLAIN_KEY) : NULL };

      dpv_plot_set_legend_below (plot, labels, G_N_ELEMENTS (labels));
    }
}

static void
draw_sd (const Survey *v, const DpvStyle *style, DpvPlot *plot)
{
  const DpvSurvey *s = v->s;
  double mx[1] = { v->params->epsilon }, my[1] = { s->expected.estimator_sd };
  g_autofree char *sd = dpv_fmt (my[0]);
  g_autofree char *label = g_strdup_printf (_("sd = %s"), sd);

  dpv_plot_draw_frame (plot);
  if (s->sd_no_noise > 0)
    dpv_plot_hline (plot, s->sd_no_noise, &style->muted, DPV_DASH_DASHED, NULL);
  dpv_plot_line (plot, s->eps, s->sd, DPV_SURVEY_CURVE, &style->roles[DPV_ROLE_TIGHT],
                 style->line_width, DPV_DASH_SOLID, SD_KEY);
  if (s->sd_no_noise > 0)
    dpv_plot_line (plot, NULL, NULL, 0, &style->muted, style->line_width * 0.7,
                   DPV_DASH_DASHED, _(SD_PLAIN_KEY));
  dpv_plot_vline (plot, mx[0], &style->accent, DPV_DASH_DASHED, NULL);
  dpv_plot_markers (plot, mx, my, 1, &style->accent, 4.5, NULL);
  dpv_plot_annotate_vline (plot, mx[0], my[0], label, DPV_ANCHOR_EAST, &style->foreground);
  /* inline: the curve's key right of its high left end, the dashed line's above its left
   * end, far under the curve there */
  if (v->keys_inline)
    {
      dpv_plot_annotate (plot, s->eps[0], s->sd[0], SD_KEY, DPV_ANCHOR_EAST,
                         &style->roles[DPV_ROLE_TIGHT]);
      if (s->sd_no_noise > 0)
        dpv_plot_annotate (plot, s->eps[0], s->sd_no_noise, _(SD_PLAIN_KEY),
                           DPV_ANCHOR_NORTH_EAST, &style->muted);
    }
  if (!v->keys_inline)
    dpv_plot_legend (plot);
}

/* The deniability panel's legend entry for the prior. */
static char *
prior_key (const DpvSurvey *s)
{
  g_autofree char *prior = dpv_fmt (s->rate_used);

  /* Translators: the prior of the deniability panel: the true rate π, or its estimate */
  return s->revealed ? g_strdup_printf (_("prior π = %s"), prior)
                     : g_strdup_printf (_("prior: est. %s"), prior);
}

/* Short keys under the y axis's title Pr[true “yes”]: they fit the strip under a panel at
 * twice the text size. */
#define POST_YES_KEY N_("reported “yes”")
#define POST_NO_KEY N_("reported “no”")

static void
setup_post (DpvPlot *plot, gconstpointer user_data)
{
  const Survey *v = user_data;
  /* Translators: the deniability panel's title, short */
  const char *titles[] = { _("Deniability: is a “yes” true?"), _("Deniability") };

  dpv_plot_set_title_choices (plot, titles, G_N_ELEMENTS (titles));
  dpv_plot_set_x_axis (plot, v->s->eps[0], v->s->eps[DPV_SURVEY_CURVE - 1], DPV_SCALE_LOG,
                       _("privacy budget ε"));
  dpv_plot_set_y_axis (plot, 0.0, 1.0, DPV_SCALE_LINEAR, 
                       /* Translators: the deniability panel's y axis: the posterior
                        * probability that the true answer is “yes” */
                       _("Pr[true “yes”]"));
  if (v->keys_below)
    {
      /* the entries draw_post () gives the legend */
      g_autofree char *prior = prior_key (v->s);
      const char *labels[] = { prior, _(POST_YES_KEY), _(POST_NO_KEY) };

      dpv_plot_set_legend_below (plot, labels, G_N_ELEMENTS (labels));
    }
}

static void
draw_post (const Survey *v, const DpvStyle *style, DpvPlot *plot)
{
  const DpvSurvey *s = v->s;
  double eps = v->params->epsilon;
  double mx[2] = { eps, eps };
  double my[2] = { s->expected.posterior_yes, s->expected.posterior_no };
  g_autofree char *py = dpv_fmt (my[0]);
  g_autofree char *pn = dpv_fmt (my[1]);
  g_autofree char *prior_label = prior_key (s);

  dpv_plot_draw_frame (plot);
  dpv_plot_hline (plot, s->rate_used, &style->muted, DPV_DASH_DASHED, NULL);
  dpv_plot_line (plot, NULL, NULL, 0, &style->muted, style->line_width * 0.7, DPV_DASH_DASHED,
                 prior_label);
  dpv_plot_line (plot, s->eps, s->post_yes, DPV_SURVEY_CURVE, &style->roles[DPV_ROLE_D_PRIME],
                 style->line_width, DPV_DASH_SOLID, _(POST_YES_KEY));
  dpv_plot_line (plot, s->eps, s->post_no, DPV_SURVEY_CURVE, &style->roles[DPV_ROLE_D],
                 style->line_width, DPV_DASH_SOLID, _(POST_NO_KEY));
  dpv_plot_vline (plot, eps, &style->accent, DPV_DASH_DASHED, NULL);
  dpv_plot_markers (plot, mx, my, 2, &style->accent, 4.5, NULL);
  dpv_plot_annotate (plot, mx[0], my[0], py, DPV_ANCHOR_NORTH_WEST,
                     &style->roles[DPV_ROLE_D_PRIME]);
  dpv_plot_annotate (plot, mx[1], my[1], pn, DPV_ANCHOR_SOUTH_WEST, &style->roles[DPV_ROLE_D]);
  /* inline: each curve's key at its right end, on the side towards the prior (the curve
   * rising from it ends near 1, the one falling near 0); the prior's over or under the left
   * end of its line, on the side with more room */
  if (v->keys_inline)
    {
      int last = DPV_SURVEY_CURVE - 1;

      dpv_plot_annotate (plot, s->eps[last], s->post_yes[last], _(POST_YES_KEY),
                         DPV_ANCHOR_SOUTH_WEST, &style->roles[DPV_ROLE_D_PRIME]);
      dpv_plot_annotate (plot, s->eps[last], s->post_no[last], _(POST_NO_KEY),
                         DPV_ANCHOR_NORTH_WEST, &style->roles[DPV_ROLE_D]);
      dpv_plot_annotate (plot, s->eps[0], s->rate_used, prior_label,
                         s->rate_used < 0.5 ? DPV_ANCHOR_NORTH_EAST : DPV_ANCHOR_SOUTH_EAST,
                         &style->muted);
    }
  else
    dpv_plot_legend (plot);
}

/* Whether the panel @setup makes in (x, y, w, h) keeps a strip for its legend under it
 * (dpv_plot_set_legend_below () refuses one that would take more than a quarter of the
 * panel): laid out, never drawn, on a context of its own, so that it is neither logged nor
 * numbered among the figure's panels. */
static gboolean
strip_fits (cairo_t *cr, const DpvStyle *style, double x, double y, double w, double h,
            DpvPanelSetup setup, const Survey *v)
{
  DpvStyle quiet = *style;
  Survey with = *v, without = *v;
  cairo_t *probe_cr = cairo_create (cairo_get_target (cr));
  cairo_matrix_t m;
  double dx, dy, dw, dh_with = 0, dh_without = 0;

  quiet.plot_options.panel_log = NULL;
  quiet.plot_options.pins = NULL;
  cairo_get_matrix (cr, &m);
  cairo_set_matrix (probe_cr, &m);
  with.keys_below = TRUE;
  without.keys_below = FALSE;
  {
    g_autoptr(DpvPlot) a = dpv_panel_new (probe_cr, &quiet, x, y, w, h, setup, &with);
    g_autoptr(DpvPlot) b = dpv_panel_new (probe_cr, &quiet, x, y, w, h, setup, &without);

    dpv_plot_get_data_area (a, &dx, &dy, &dw, &dh_with);
    dpv_plot_get_data_area (b, &dx, &dy, &dw, &dh_without);
  }
  cairo_destroy (probe_cr);
  return dh_with < dh_without - 0.5;
}

void
dpv_survey_draw (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr,
                 double x, double y, double w, double h)
{
  Survey v = { dpv_frame_get_result (frame), dpv_frame_get_data (frame),
               dpv_frame_get_params (frame), FALSE };
  double text = dpv_style_text_size (style);
  g_autoptr(DpvPlot) dist = NULL;
  g_autoptr(DpvPlot) sd = NULL;
  g_autoptr(DpvPlot) post = NULL;

  v.compact = w < 52 * text || h < 26 * text;
  /* the bars fill the panel's middle: a narrow panel has no free corner for the legend */
  v.legend_below = v.compact || w * 0.58 < 44 * text;
  /* compact too: the class and the distribution above, the standard deviation and the
   * deniability below (compact only shortens their labels); their legends in strips under
   * them, else (taller, for the curves' labels) as labels at the curves */
  {
    double top = h * 0.56, cw = w * 0.42;
    DpvPlot *bottom[2];

    if (v.compact)
      {
        v.keys_below = strip_fits (cr, style, x, y + top, w / 2, h - top, setup_sd, &v)
                       && strip_fits (cr, style, x + w / 2, y + top, w / 2, h - top,
                                      setup_post, &v);
        v.keys_inline = !v.keys_below;
        if (v.keys_inline)
          top = h * 0.47;
      }

    draw_class (&v, style, cr, x, y, cw, top);
    dist = dpv_panel_new (cr, style, x + cw, y, w - cw, top, setup_dist, &v);
    sd = dpv_panel_new (cr, style, x, y + top, w / 2, h - top, setup_sd, &v);
    post = dpv_panel_new (cr, style, x + w / 2, y + top, w / 2, h - top, setup_post, &v);
    bottom[0] = sd;
    bottom[1] = post;
    dpv_plot_align_bottom (bottom, 2);
    draw_dist (&v, style, cr, dist);
    draw_sd (&v, style, sd);
    draw_post (&v, style, post);
  }
}
